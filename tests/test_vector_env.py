"""The native vector env (cardwars.envs.vector): every table is the single-table env.

Each test runs on both backends (the autouse fixture): on the compiled core the tables
are ``_vector.pxi``'s, on the interpreted build ``vector.py``'s, and both are checked against the
single-table :class:`~cardwars.envs.gymnasium.CardwarsEnv`, whose opponents are the
library's agent objects choosing from observations.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("gymnasium") is None or importlib.util.find_spec("numpy") is None,
    reason="gymnasium or numpy not installed: pip install 'cardwars[gymnasium]'",
)

if not pytestmark.args[0]:
    import gymnasium
    import numpy as np

    import cardwars.envs.gymnasium  # noqa: F401  (registers the ids)
    from cardwars import backend as backend_module
    from cardwars.core_rng import derive_seed
    from cardwars.envs.gymnasium import CardwarsEnv
    from cardwars.envs.vector import CardwarsVectorEnv
    from cardwars.errors import IllegalMoveError, UsageError

SETTINGS: list[tuple[str, str, int, dict[str, Any]]] = [
    ("aliwar", "random", 0, {}),
    ("aliwar", "greedy", 1, {}),
    (
        "aliwar",
        "random",
        1,
        {"view_recall": "face_up_only", "allow_null_switch": True, "max_rounds": 40},
    ),
    ("aliwar", "greedy", 0, {"cap_result": "most_cards", "no_progress_limit": 8}),
    ("guerrilla", "random", 0, {"players": 2}),
    ("guerrilla", "greedy", 1, {"players": 2, "max_skirmishes": 30}),
    ("guerrilla", "greedy", 2, {"players": 3}),
    ("guerrilla", "random", 3, {"players": 4}),
    (
        "guerrilla",
        "random",
        1,
        {"players": 3, "kicker": True, "support_rule": "unrestricted", "tie_cards": "blind"},
    ),
]


def _masked_choice(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """One uniformly drawn legal action per row."""
    keys = np.where(masks > 0, rng.random(masks.shape), -1.0)
    chosen: np.ndarray = keys.argmax(axis=1)
    return chosen


def _run_vector(
    game: str, opponent: str, seat: int, options: dict[str, Any], n: int, seed: int, steps: int
) -> tuple[list[Any], list[np.ndarray]]:
    envs = CardwarsVectorEnv(n, game, opponent, seat, **options)
    obs, info = envs.reset(seed=seed)
    frames: list[Any] = [(obs, info["action_mask"], None, None, None)]
    rng = np.random.default_rng(seed)
    actions: list[np.ndarray] = []
    for _ in range(steps):
        chosen = _masked_choice(rng, info["action_mask"])
        actions.append(chosen)
        obs, reward, terminated, truncated, info = envs.step(chosen)
        frames.append((obs, info["action_mask"], reward, terminated, truncated))
    return frames, actions


@pytest.mark.parametrize(("game", "opponent", "seat", "options"), SETTINGS)
def test_each_table_is_the_single_env(
    game: str, opponent: str, seat: int, options: dict[str, Any]
) -> None:
    """Table k stepped alone (the single-table env, reset at every autoreset from the
    documented seed) with the same actions gives the same trajectory."""
    n, seed, steps = 3, 20261202, 260
    frames, actions = _run_vector(game, opponent, seat, options, n, seed, steps)
    for k in range(n):
        table_seed = derive_seed(seed, k)
        single = CardwarsEnv(game, opponent=opponent, seat=seat, **options)
        episode = 0
        obs, info = single.reset(seed=derive_seed(table_seed, episode))
        assert np.array_equal(obs, frames[0][0][k])
        assert np.array_equal(info["action_mask"], frames[0][1][k])
        done = False
        games = 0
        for t, chosen in enumerate(actions, start=1):
            v_obs, v_mask, v_reward, v_term, v_trunc = frames[t]
            if done:  # the autoreset step: the next game, the action ignored
                episode += 1
                obs, info = single.reset(seed=derive_seed(table_seed, episode))
                reward, terminated, truncated = 0.0, False, False
                done = False
                assert np.all(frames[t - 1][1][k] == 1)  # a finished table's mask: any action
            else:
                obs, reward, terminated, truncated, info = single.step(int(chosen[k]))
                done = terminated or truncated
                games += done
            assert np.array_equal(obs, v_obs[k]), (k, t)
            assert reward == v_reward[k] and terminated == v_term[k] and truncated == v_trunc[k]
            if not done:
                assert np.array_equal(info["action_mask"], v_mask[k]), (k, t)
        assert games >= 1 or game == "guerrilla"  # the run spans whole games


@pytest.mark.compiled_pass
def test_backends_write_the_same_blocks(backend: str) -> None:
    """The compiled tables and the interpreted ones (both built from the same source,
    ``aliwar/vector.py`` and ``guerrilla/vector.py``), stepped with the same actions, write
    the same bytes into every block."""
    from cardwars.backend import RuleSource
    from tests.builds import ALIWAR

    guerrilla = RuleSource("cardwars.guerrilla.vector")
    sources: tuple[Any, ...] = (ALIWAR, ALIWAR, guerrilla, guerrilla)

    makers: list[Callable[[Any], Any]] = [
        lambda rules: rules.AliwarTables(5, 1, 1, True),
        lambda rules: rules.AliwarTables(5, 0, 0, False, allow_null_switch=1, max_rounds=30),
        lambda rules: rules.GuerrillaTables(5, 3, 2, 1),
        lambda rules: rules.GuerrillaTables(5, 4, 0, 0, tie_cards=2, max_skirmishes=40),
    ]
    for source_of, make in zip(sources, makers, strict=True):
        runs = []
        for name in ("compiled", "python"):
            tables = make(source_of.of(name))
            n, size, width = tables.count, tables.observation_size, tables.num_actions
            obs = np.zeros((n, size), np.float32)
            masks = np.zeros((n, width), np.int8)
            flags = [np.zeros(n, np.int8) for _ in range(3)]
            rewards = np.zeros(n, np.float32)
            tables.reset(tuple(range(100, 100 + n)), obs, masks)
            rng = np.random.default_rng(5)
            trace = [obs.tobytes(), masks.tobytes()]
            for step in range(150):
                chosen = _masked_choice(rng, masks).astype(np.int32)
                if step % 2:  # the core's own bulk draw, the same on both backends
                    tables.sample(step * 7919, chosen)
                    trace.append(chosen.tobytes())
                trace += [tables.legal_actions(k) for k in range(n)]
                if step % 37 == 5:
                    chosen[step % n] = width - 1 - chosen[step % n]  # now and then illegal
                assert tables.step(chosen, obs, masks, rewards, *flags, False) == -1
                trace += [obs.tobytes(), masks.tobytes(), rewards.tobytes()]
                trace += [flag.tobytes() for flag in flags]
            runs.append((trace, tables.game_seeds(), tables.episodes()))
        assert runs[0] == runs[1]


def test_make_vec_gives_the_native_env() -> None:
    envs = gymnasium.make_vec("cardwars/Guerrilla-v0", num_envs=6, players=3, opponent="random")
    assert isinstance(envs, CardwarsVectorEnv)
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    obs, info = envs.reset(seed=3)
    assert obs.shape == (6, 64 * 3 + 115) and obs.dtype == np.float32
    assert info["action_mask"].shape == (6, envs.game.num_actions)
    assert info["action_mask"].dtype == np.int8
    assert envs.observation_space.shape == obs.shape
    assert envs.single_action_space == gymnasium.spaces.Discrete(envs.game.num_actions)
    assert envs.observation_space.contains(obs)
    sync = gymnasium.make_vec(
        "cardwars/Guerrilla-v0", num_envs=2, players=3, vectorization_mode="sync"
    )
    assert not isinstance(sync, CardwarsVectorEnv)  # the Python loop stays available


@pytest.mark.slow
def test_masks_are_never_empty_and_games_end() -> None:
    """A mask-sampling policy plays thousands of games; every mask has a legal action."""
    settings: list[tuple[str, dict[str, Any], int]] = [
        ("aliwar", {}, 120),
        ("guerrilla", {"players": 4}, 120),
    ]
    for game, options, steps in settings:
        envs = CardwarsVectorEnv(64, game, "random", 0, copy=False, **options)
        _, info = envs.reset(seed=11)
        rng = np.random.default_rng(11)
        ended = 0
        for _ in range(steps):
            masks = info["action_mask"]
            assert masks.sum(axis=1).min() >= 1
            _, reward, terminated, truncated, info = envs.step(_masked_choice(rng, masks))
            done = terminated | truncated
            ended += int(done.sum())
            assert np.all(reward[~done] == 0) and set(np.unique(reward)) <= {-1.0, 0.0, 1.0}
            assert "illegal_action" not in info
        assert ended > 64


def test_reset_seeds_reproduce() -> None:
    envs = CardwarsVectorEnv(4, "aliwar", "random")
    first, _ = envs.reset(seed=99)
    seeds = envs.game_seeds()
    assert seeds == tuple(derive_seed(derive_seed(99, k), 0) for k in range(4))
    again, _ = envs.reset(seed=[derive_seed(99, k) for k in range(4)])
    assert np.array_equal(first, again)
    other, _ = envs.reset(seed=100)
    assert not np.array_equal(first, other)
    envs.reset()  # from the env's own generator
    assert len(set(envs.game_seeds())) == 4


def test_copy_false_hands_out_the_blocks() -> None:
    envs = CardwarsVectorEnv(2, "aliwar", "random", copy=False)
    obs, info = envs.reset(seed=1)
    obs2, _, _, _, info2 = envs.step(info["action_mask"].argmax(axis=1))
    assert obs2 is obs and info2["action_mask"] is info["action_mask"]
    copied = CardwarsVectorEnv(2, "aliwar", "random")
    obs, info = copied.reset(seed=1)
    obs3, *_ = copied.step(info["action_mask"].argmax(axis=1))
    assert obs3 is not obs and np.array_equal(obs3, obs2)


def test_illegal_action_terminates_that_table_only() -> None:
    envs = CardwarsVectorEnv(3, "aliwar", "random")
    _, info = envs.reset(seed=4)
    actions = info["action_mask"].argmax(axis=1)
    actions[1] = 276  # Decline: not legal in the Switch phase
    _, reward, terminated, _, info = envs.step(actions)
    assert list(reward) == [0.0, -1.0, 0.0] and list(terminated) == [False, True, False]
    assert list(info["illegal_action"]) == [False, True, False]
    assert np.all(info["action_mask"][1] == 1)
    before = envs.game_seeds()
    envs.step(info["action_mask"].argmax(axis=1) * 0 + 999)  # out of range: illegal
    assert envs.game_seeds()[1] == derive_seed(derive_seed(4, 1), 1)  # table 1 dealt anew
    assert envs.game_seeds()[0] == before[0]


def test_illegal_action_raises_and_changes_nothing() -> None:
    envs = CardwarsVectorEnv(3, "aliwar", "greedy", illegal_action="raise")
    interpreted = CardwarsVectorEnv(3, "aliwar", "greedy")
    _, info = envs.reset(seed=8)
    interpreted.reset(seed=8)
    bad = info["action_mask"].argmax(axis=1)
    bad[2] = 200
    with pytest.raises(IllegalMoveError, match="table 2") as caught:
        envs.step(bad)
    assert caught.value.legal_actions == tuple(range(15)) and caught.value.action == 200
    good = info["action_mask"].argmax(axis=1)
    after = envs.step(good)
    expected = interpreted.step(good)
    for mine, theirs in zip(after[:4], expected[:4], strict=True):
        assert np.array_equal(mine, theirs)


@pytest.mark.parametrize(
    "actions",
    [
        "abc",
        None,
        3,
        [0, 1],
        [0.0, 1.0, 2.0],
        [True, False, True],
        [[0], [1], [2]],
        [object(), object(), object()],
    ],
)
def test_bad_actions_are_usage_errors(actions: Any) -> None:
    envs = CardwarsVectorEnv(3, "aliwar", "random")
    envs.reset(seed=2)
    seeds = envs.game_seeds()
    with pytest.raises(UsageError, match="step\\(\\)"):
        envs.step(actions)
    assert envs.game_seeds() == seeds


def test_a_caller_value_calling_back_cannot_step_in() -> None:
    """Reading the actions may run the caller's code; a step from inside it is refused."""
    envs = CardwarsVectorEnv(2, "aliwar", "random")
    envs.reset(seed=2)
    refused: list[str] = []

    class Sneaky:
        def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
            try:
                envs.step([0, 0])
            except UsageError as exc:
                refused.append(str(exc))
            return np.array([0])

    with pytest.raises(UsageError, match="shape"):  # each element reads as an array
        envs.step([Sneaky(), Sneaky()])
    assert len(refused) == 2 and all("middle of another call" in text for text in refused)
    fresh = CardwarsVectorEnv(2, "aliwar", "random")
    fresh.reset(seed=2)
    assert np.array_equal(envs.step([0, 0])[0], fresh.step([0, 0])[0])  # nothing had changed


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"num_envs": 0}, "num_envs"),
        ({"num_envs": True}, "num_envs"),
        ({"num_envs": 2**21}, "num_envs"),
        ({"seat": 2}, "seat"),
        ({"opponent": "ismcts"}, "opponent"),
        ({"illegal_action": "ignore"}, "illegal_action"),
        ({"copy": 1}, "copy"),
        ({"threads": 0}, "threads"),
        ({"render_mode": "ansi"}, "render"),
        ({"threads": 2.0}, "threads"),
        ({"game": "clone-war"}, "no decisions"),
        ({"game": "guerrilla", "kicker": True}, "greedy"),
    ],
)
def test_bad_arguments_are_usage_errors(kwargs: dict[str, Any], match: str) -> None:
    arguments: dict[str, Any] = {"num_envs": 2, "game": "aliwar", **kwargs}
    with pytest.raises(UsageError, match=match):
        CardwarsVectorEnv(**arguments)


@pytest.mark.parametrize(
    "seed", [-1, 2**64, 1.5, "7", [1, 2], [1, 2, -3], [1, 2, 2**64], (1, 2, "3")]
)
def test_bad_seeds_are_usage_errors(seed: Any) -> None:
    envs = CardwarsVectorEnv(3, "aliwar", "random")
    with pytest.raises(UsageError, match="seed"):
        envs.reset(seed=seed)
    with pytest.raises(UsageError, match="reset"):
        envs.step([0, 0, 0])  # still never reset
    with pytest.raises(UsageError, match="options"):
        envs.reset(seed=1, options={"x": 1})


def test_the_env_stays_on_its_backend(backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    envs = CardwarsVectorEnv(2, "aliwar", "random")
    envs.reset(seed=1)
    other = "python" if backend == "compiled" else "compiled"
    module = importlib.import_module("cardwars._core" if other == "compiled" else "cardwars.core")
    monkeypatch.setattr(backend_module, "core", module)
    monkeypatch.setattr(backend_module, "BACKEND", other)
    with pytest.raises(UsageError, match="backend"):
        envs.step([0, 0])


def test_sample_actions_draws_legal_actions_in_the_core() -> None:
    settings: list[tuple[str, dict[str, Any]]] = [("aliwar", {}), ("guerrilla", {"players": 3})]
    for game, options in settings:
        envs = CardwarsVectorEnv(32, game, "random", 1, **options)
        _, info = envs.reset(seed=5)
        rng = np.random.default_rng(5)
        seen: set[int] = set()
        for _ in range(60):
            actions = envs.sample_actions(rng)
            assert actions.dtype == np.int32 and actions.shape == (32,)
            assert np.all(info["action_mask"][np.arange(32), actions] == 1)
            seen.update(int(a) for a in actions)
            _, _, _, _, info = envs.step(actions)
        assert len(seen) > 20  # not one fixed choice
    replay = CardwarsVectorEnv(4, "aliwar", "random")
    replay.reset(seed=1)
    first = replay.sample_actions(np.random.default_rng(9))
    assert np.array_equal(first, replay.sample_actions(np.random.default_rng(9)))
    with pytest.raises(UsageError, match="Generator"):
        replay.sample_actions(9)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="reset"):
        CardwarsVectorEnv(2, "aliwar").sample_actions()


@pytest.mark.slow
def test_threads_change_nothing_but_speed() -> None:
    runs = []
    for threads in (1, 2, 3, 16):
        envs = CardwarsVectorEnv(37, "guerrilla", "greedy", 1, threads=threads, players=3)
        assert envs.threads == threads
        obs, info = envs.reset(seed=12)
        trace = [obs.tobytes(), info["action_mask"].tobytes()]
        rng = np.random.default_rng(12)
        for _ in range(80):
            result = envs.step(_masked_choice(rng, info["action_mask"]))
            info = result[4]
            trace += [block.tobytes() for block in result[:4]]
            trace.append(info["action_mask"].tobytes())
        runs.append(trace)
    assert all(run == runs[0] for run in runs[1:])
    with pytest.raises(UsageError, match="threads"):
        CardwarsVectorEnv(2, "aliwar", threads=17)
    assert CardwarsVectorEnv(2, "aliwar").threads == 1  # few tables: no threads
