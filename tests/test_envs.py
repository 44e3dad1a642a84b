"""The RL adapters (issue 15): encodings, PettingZoo's and Gymnasium's own checkers.

The tests skip, saying why, when numpy, pettingzoo or gymnasium is missing (CI
installs the ``dev`` extra, which holds them).
"""

from __future__ import annotations

import functools
import importlib.util
import warnings
from typing import Any

import pytest

import cardwars
from cardwars.errors import IllegalMoveError, UsageError
from tests.sizes import sized

_MISSING = [
    name for name in ("numpy", "pettingzoo", "gymnasium") if importlib.util.find_spec(name) is None
]
pytestmark = pytest.mark.skipif(
    bool(_MISSING),
    reason=f"{', '.join(_MISSING)} not installed: pip install 'cardwars[pettingzoo,gymnasium]'",
)

# Aliwar, and Guerrilla with 2, 3 and 4 players and the two-suit variant.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("aliwar", {}),
    ("guerrilla", {"players": 2}),
    ("guerrilla", {"players": 3}),
    ("guerrilla", {"players": 4}),
    ("guerrilla", {"two_suit_variant": True}),
]
IDS = ["aliwar", "guerrilla-2", "guerrilla-3", "guerrilla-4", "guerrilla-two-suit"]

# PettingZoo's checkers warn about any env not in their own lists (Dict observations).
ADVISORY = "ignore:Observation (is not a NumPy array|space for each agent):UserWarning"


# pettingzoo.test imports the classic envs when their extra is installed; they warn on import.
OLD_API = "ignore:The old environment creation API:DeprecationWarning"


def _random_play(game: cardwars.Game[Any, Any], seed: int) -> list[cardwars.GameState[Any]]:
    state = game.new_game(seed=seed)
    rng = cardwars.Rng(seed)
    states = [state.copy()]
    while not state.is_over:
        step = {}
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            step[seat] = legal[rng.below(len(legal))]
        state.apply_actions(step)
        states.append(state.copy())
    return states


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_encodings_fit_their_layout_and_bounds(name: str, options: dict[str, Any]) -> None:
    import numpy as np

    from cardwars.envs.encoding import encoder

    game = cardwars.load_game(name, **options)
    enc = encoder(game)
    assert sum(f.length for f in enc.fields) == enc.size == len(enc.high)
    assert sum(f.length for f in enc.state_fields) == enc.state_size == len(enc.state_high)
    offsets = [f.offset for f in enc.fields]
    assert offsets == sorted(offsets)
    for seed in range(4):
        for state in _random_play(game, seed):
            for seat in range(game.players):
                vector = enc.observation(state.observation(seat))
                assert vector.shape == (enc.size,)
                assert vector.dtype == np.float32
                assert (vector >= 0).all()
                assert (vector <= enc.high).all()
            god = enc.state(state)
            assert god.shape == (enc.state_size,)
            assert (god >= 0).all()
            assert (god <= enc.state_high).all()


def test_aliwar_encoding_field_by_field() -> None:
    from cardwars.aliwar.encoding import UNKNOWN
    from cardwars.envs.encoding import encoder

    game = cardwars.load_game("aliwar")
    enc = encoder(game)
    state = game.new_game(seed=42)
    obs = state.observation(1)
    vector = enc.observation(obs)
    field = {f.name: vector[f.offset : f.offset + f.length] for f in enc.fields}
    assert list(field["seat"]) == [0, 1]
    assert list(field["phase"]) == [1, 0, 0]
    assert list(field["to_act"]) == [1, 1]
    stacks = field["stacks"].reshape(2, 5, 52)
    top = obs.stacks[0][0][0]
    assert top is not None
    assert stacks[0, 0, 0] == top.id + 1
    assert stacks[0, 0, 1] == UNKNOWN  # face down, never seen
    assert stacks[0, 0, 5] == 0  # past the stack's five cards
    assert list(field["protection"]) == [card.id + 1 for card in obs.protection]
    # The god's-eye state knows every card.
    god = enc.state(state)
    sfield = {f.name: god[f.offset : f.offset + f.length] for f in enc.state_fields}
    full = sfield["stacks"].reshape(2, 5, 52)
    assert [int(code) for code in full[0, 0, :5]] == [card.id + 1 for card in state.stacks[0][0]]


def test_guerrilla_hand_is_its_own() -> None:
    from cardwars.envs.encoding import encoder

    game = cardwars.load_game("guerrilla", players=3)
    enc = encoder(game)
    state = game.new_game(seed=7)
    for seat in range(3):
        vector = enc.observation(state.observation(seat))
        hand = next(f for f in enc.fields if f.name == "hand")
        codes = [int(c) for c in vector[hand.offset : hand.offset + hand.length] if c]
        assert codes == [card.id + 1 for card in state.observation(seat).hand]


def test_clone_war_is_refused_with_the_reason() -> None:
    from cardwars.envs.gymnasium import CardwarsEnv
    from cardwars.envs.pettingzoo import env, parallel_env

    for make in (env, parallel_env, CardwarsEnv):
        with pytest.raises(UsageError, match="no decisions"):
            make("clone-war")


@pytest.mark.filterwarnings(ADVISORY)
@pytest.mark.filterwarnings(OLD_API)
@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_api_tests(name: str, options: dict[str, Any]) -> None:
    from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

    from cardwars.envs.pettingzoo import env, parallel_env

    api_test(env(name, **options), num_cycles=300)
    parallel_api_test(parallel_env(name, **options), num_cycles=300)
    seed_test(functools.partial(env, name, **options), num_cycles=300)
    parallel_seed_test(functools.partial(parallel_env, name, **options), num_cycles=300)


def _play_parallel(name: str, options: dict[str, Any], seed: int) -> tuple[list[Any], Any]:
    import numpy as np

    from cardwars.envs.pettingzoo import parallel_env

    par = parallel_env(name, **options)
    observations, _ = par.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    rewards: dict[str, float] = {}
    while par.agents:
        actions = {  # every agent: a waiting one has the one action par.wait_action
            agent: int(rng.choice(np.flatnonzero(obs["action_mask"])))
            for agent, obs in observations.items()
        }
        trace.append({a: action for a, action in actions.items() if action != par.wait_action})
        observations, rewards, terminations, truncations, _ = par.step(actions)
    return trace, (rewards, terminations, truncations, par.game_state.result)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_parallel_games_end_with_the_result_and_replay(name: str, options: dict[str, Any]) -> None:
    first = _play_parallel(name, options, seed=5)
    assert first == _play_parallel(name, options, seed=5)
    rewards, terminations, truncations, result = first[1]
    assert result is not None
    if result.winners:
        assert {agent for agent, r in rewards.items() if r == 1} == {
            f"player_{seat}" for seat in result.winners
        }
        assert all(r == -1 for agent, r in rewards.items() if int(agent[-1]) not in result.winners)
    else:
        assert set(rewards.values()) == {0}
    assert all(terminations.values()) != all(truncations.values())


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_parallel_steps_return_fresh_observations_and_dicts(
    name: str, options: dict[str, Any]
) -> None:
    import numpy as np

    from cardwars.envs.pettingzoo import parallel_env

    par = parallel_env(name, **options)
    observations, _ = par.reset(seed=11)
    rng = np.random.default_rng(11)
    kept: list[tuple[dict[str, Any], dict[str, Any]]] = []
    steps = 0
    while par.agents:
        state = par.game_state
        reference = par._match.encoder.reference_observations(state)
        for seat, agent in enumerate(par.possible_agents):
            obs = observations[agent]
            assert obs["observation"].dtype == np.float32
            assert obs["action_mask"].dtype == np.int8
            assert obs["observation"].tobytes() == reference[seat].tobytes()
            idle = bytes([seat not in state.to_act])  # the wait action's entry, last
            assert obs["action_mask"].tobytes() == state.action_mask(seat) + idle
        kept.append(
            (
                observations,
                {a: {k: v.copy() for k, v in o.items()} for a, o in observations.items()},
            )
        )
        actions: dict[str, Any] = {
            agent: rng.choice(np.flatnonzero(obs["action_mask"]))
            for agent, obs in observations.items()
        }
        if steps % 2:  # plain ints (the machine's fast path) or NumPy ints (checked by the env)
            actions = {agent: int(action) for agent, action in actions.items()}
        observations, rewards, terminations, truncations, infos = par.step(actions)
        for returned in (rewards, terminations, truncations, infos):
            assert list(returned) == par.possible_agents
        assert rewards["player_0"] in (-1.0, 0.0, 1.0)  # not what the caller wrote before
        assert infos["player_0"] == {}
        assert terminations["player_0"] is (not par.agents and not truncations["player_0"])
        infos["player_0"]["mine"] = True  # the caller may change what it got
        rewards["player_0"] = 5.0
        terminations["player_0"] = True
        steps += 1
    assert steps > 3
    assert par.game_state.is_over
    for given, copied in kept:  # no later step wrote into an earlier observation
        for agent, obs in given.items():
            for key, value in obs.items():
                assert np.array_equal(value, copied[agent][key])
    with pytest.raises(UsageError, match="reset"):
        par.step({})
    observations, infos = par.reset(seed=11)
    assert infos == {agent: {} for agent in par.possible_agents}
    assert np.array_equal(
        observations["player_0"]["observation"], kept[0][1]["player_0"]["observation"]
    )
    _, rewards, terminations, truncations, infos = par.step({})  # every polled agent missing
    assert sorted(rewards.values())[0] == -1.0
    assert all(terminations.values())
    assert not any(truncations.values())


def test_aec_and_parallel_play_the_same_game() -> None:
    from cardwars.envs.pettingzoo import env

    trace, (_, _, _, result) = _play_parallel("guerrilla", {"players": 4}, seed=9)
    aec = env("guerrilla", players=4)
    aec.reset(seed=9)
    for actions in trace:
        polled = sorted(actions)
        for agent in polled:
            assert aec.agent_selection == agent
            aec.step(actions[agent])
    assert aec.game_state.result == result
    assert all(aec.terminations.values()) or all(aec.truncations.values())


def test_caps_are_truncations() -> None:
    from cardwars.envs.pettingzoo import env

    aec = env("aliwar", max_rounds=1)
    aec.reset(seed=3)
    while aec.agents:
        agent = aec.agent_selection
        observation, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            assert truncated
            assert not terminated
            aec.step(None)
        else:
            aec.step(int(observation["action_mask"].argmax()))
    assert aec.game_state.result is not None
    assert aec.game_state.result.termination == "max_rounds"
    del agent


def test_illegal_actions_terminate_or_raise() -> None:
    from cardwars.envs.pettingzoo import parallel_env

    par = parallel_env("aliwar")
    par.reset(seed=1)
    _, rewards, terminations, _, infos = par.step({"player_0": 276, "player_1": 0})
    assert rewards == {"player_0": -1.0, "player_1": 0.0}
    assert all(terminations.values())
    assert infos["player_0"] == {"illegal_action": True}
    assert par.agents == []
    strict = parallel_env("aliwar", illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalMoveError, match="player_0"):
        strict.step({"player_0": 276, "player_1": 0})
    with pytest.raises(IllegalMoveError):
        strict.step({"player_1": 0})  # a polled agent without an action


def _keep_step(par: Any) -> tuple[dict[str, Any], str, str]:
    """Play Aliwar with the first legal actions to a Keep step that polls one seat; return
    the observations there, the polled agent and the waiting one."""
    import numpy as np

    for seed in range(50):
        observations, _ = par.reset(seed=seed)
        while par.agents:
            state = par.game_state
            if len(state.to_act) == 1:
                polled = f"player_{next(iter(state.to_act))}"
                waiting = next(agent for agent in par.possible_agents if agent != polled)
                return observations, polled, waiting
            actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
            observations, *_ = par.step(actions)
    raise AssertionError("no step polled one seat")  # pragma: no cover


def test_the_wait_action_is_a_waiting_agents_one_action() -> None:
    import numpy as np

    from cardwars.envs.pettingzoo import CardwarsParallelEnv, env, parallel_env

    par = parallel_env("aliwar", illegal_action="raise")
    n = par.game.num_actions
    assert par.wait_action == n == 277
    assert par.action_space("player_0").n == n + 1  # type: ignore[attr-defined]
    space = par.observation_space("player_1")["action_mask"]  # type: ignore[index]
    assert space.shape == (n + 1,)
    aec = env("aliwar")  # the AEC env has no wait action
    assert aec.action_space("player_0").n == n  # type: ignore[attr-defined]
    assert aec.observation_space("player_0")["action_mask"].shape == (n,)  # type: ignore[index]
    observations, polled, waiting = _keep_step(par)
    assert list(np.flatnonzero(observations[waiting]["action_mask"])) == [n]
    assert observations[polled]["action_mask"][n] == 0
    legal = int(np.flatnonzero(observations[polled]["action_mask"])[0])
    history = par.game_state.history
    # Raised, nothing changed: the waiting agent's other actions, the polled one's wait.
    for wrong, match in (
        ({polled: legal, waiting: legal}, f"{waiting} is not polled in phase KEEP: its one"),
        ({polled: legal, waiting: np.int64(0)}, f"{waiting} is not polled.*got action 0$"),
        ({polled: legal, waiting: None}, f"{waiting} is not polled.*got None"),
        ({polled: legal, waiting: n + 1}, "wait action 277 .or no entry., got action 278"),
        ({polled: n, waiting: n}, f"{polled} cannot play the wait action 277 in phase KEEP"),
        ({polled: np.int16(n)}, f"{polled} cannot play the wait action"),
    ):
        with pytest.raises(IllegalMoveError, match=match) as caught:
            par.step(wrong)
        seat = int(caught.value.seat or 0)
        assert f"player_{seat}" in wrong and caught.value.action in (None, 0, legal, n, n + 1)
        assert par.game_state.history == history and par.agents == par.possible_agents
    assert caught.value.legal_actions and caught.value.move == "wait"
    # The waiting agent may send the wait action (a NumPy integer too) or nothing.
    seat = int(polled[-1])
    for fine in (
        {polled: legal, waiting: n},
        {polled: legal},
        {polled: legal, waiting: np.uint16(n)},
    ):
        interpreted = CardwarsParallelEnv("aliwar")
        _, polled_, waiting_ = _keep_step(interpreted)
        assert (polled_, waiting_) == (polled, waiting)
        _, rewards, terminations, _, infos = interpreted.step(fine)
        assert interpreted.game_state.history[:-1] == history  # one step: the polled seat's move
        assert interpreted.game_state.history[-1] == {seat: par.game.action_space.move(legal)}
        assert all(info == {} for info in infos.values())
    # Terminate: the waiting agent that acts is the one that loses.
    loose = CardwarsParallelEnv("aliwar")
    _keep_step(loose)
    _, rewards, terminations, _, infos = loose.step({polled: legal, waiting: 0})
    assert rewards == {polled: 0.0, waiting: -1.0}
    assert infos[waiting] == {"illegal_action": True} and all(terminations.values())
    loose = CardwarsParallelEnv("aliwar")
    _keep_step(loose)
    _, rewards, _, _, infos = loose.step({polled: n, waiting: n})
    assert rewards == {polled: -1.0, waiting: 0.0} and infos[waiting] == {}


SAMPLED: list[tuple[str, dict[str, Any], int]] = [
    ("aliwar", {}, 1000),
    ("aliwar", {"allow_null_switch": True, "kept_card_position": "below_returning"}, 1000),
    ("guerrilla", {"players": 2}, 150),
    ("guerrilla", {"players": 3}, 100),
    ("guerrilla", {"players": 4}, 100),
    ("guerrilla", {"two_suit_variant": True}, 100),
    ("guerrilla", {"players": 3, "removal_choice": "winner_chooses", "kicker": True}, 100),
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "options", "games"),
    SAMPLED,
    ids=[
        "aliwar",
        "aliwar-options",
        "guerrilla-2",
        "guerrilla-3",
        "guerrilla-4",
        "two-suit",
        "guerrilla-3-options",
    ],
)
def test_a_mask_sampling_policy_plays_every_game_to_its_end(
    name: str, options: dict[str, Any], games: int, backend: str
) -> None:
    """Every live agent's mask has a legal action every step (the wait action alone for
    one not polled), so sampling uniformly from it never fails and every game ends."""
    import numpy as np

    from cardwars.envs.pettingzoo import parallel_env

    games = sized(4 * games, games if backend == "compiled" else max(games // 4, 25))
    par = parallel_env(name, **options)
    wait = par.wait_action
    rng = np.random.default_rng(games)
    flatnonzero, integers = np.flatnonzero, rng.integers
    waited = polled_steps = 0
    for game in range(games):
        observations, _ = par.reset(seed=game)
        for _ in range(20_000):
            state = par.game_state
            polled = state.to_act
            actions: dict[str, Any] = {}
            for seat, agent in enumerate(par.possible_agents):
                mask = observations[agent]["action_mask"]
                legal = flatnonzero(mask)
                assert legal.size, (game, agent)
                if seat in polled:
                    assert mask[wait] == 0 and legal.size == len(state.legal_actions(seat))
                    polled_steps += 1
                else:
                    assert legal.tolist() == [wait], (game, agent)
                    waited += 1
                action = legal[integers(legal.size)]
                actions[agent] = int(action) if game % 3 else action  # NumPy ints too
            if game % 5 == 4:  # a waiting agent may send nothing as well
                actions = {a: v for a, v in actions.items() if v != wait}
            observations, _, terminations, truncations, infos = par.step(actions)
            assert all("illegal_action" not in info for info in infos.values())
            if not par.agents:
                break
        assert par.agents == [] and par.game_state.is_over, (game, "did not end")
        assert all(terminations.values()) != all(truncations.values())
        for obs in observations.values():  # over: nobody is polled, every mask is the wait
            assert flatnonzero(obs["action_mask"]).tolist() == [wait]
    assert polled_steps > games and (waited > 0) == (name == "guerrilla" or games > 10)


def test_ansi_render_uses_the_text_interface() -> None:
    from cardwars.envs.pettingzoo import env, parallel_env

    par = parallel_env("aliwar", render_mode="ansi")
    par.reset(seed=42)
    game = par.game
    assert par.render() == game.text.render_state(par.game_state)
    aec = env("aliwar", render_mode="ansi", render_seat=1)
    aec.reset(seed=42)
    assert aec.render() == game.text.render(aec.game_state.observation(1))
    assert parallel_env("aliwar").render() is None


@pytest.mark.parametrize(
    ("env_id", "options"),
    [
        ("cardwars/Aliwar-v0", {}),
        ("cardwars/Guerrilla-v0", {}),
        ("cardwars/Guerrilla-v0", {"players": 3, "opponent": "random"}),
        ("cardwars/Guerrilla-v0", {"two_suit_variant": True}),
    ],
)
def test_gymnasium_check_env(env_id: str, options: dict[str, Any]) -> None:
    import gymnasium
    import numpy as np
    from gymnasium.utils.env_checker import check_env

    import cardwars.envs.gymnasium  # noqa: F401  (registers the ids)

    env = gymnasium.make(env_id, render_mode="ansi", **options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    observation, info = env.reset(seed=11)
    rng = np.random.default_rng(0)
    while True:
        assert env.observation_space.contains(observation)
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break
        assert reward == 0
    assert reward in (-1.0, 0.0, 1.0)
    assert isinstance(env.render(), str)


def test_gymnasium_accepts_any_agent_and_replays() -> None:
    import numpy as np

    from cardwars.envs.gymnasium import CardwarsEnv

    class First:
        def choose(self, observation: Any, legal_moves: Any, rng: Any) -> Any:
            return legal_moves[0]

    def run() -> list[float]:
        env = CardwarsEnv("guerrilla", opponent=First(), seat=1, players=3)
        _, info = env.reset(seed=4)
        out = []
        done = False
        while not done:
            action = int(np.flatnonzero(info["action_mask"])[-1])
            observation, reward, terminated, truncated, info = env.step(action)
            out.append(float(observation.sum()) + reward)
            done = terminated or truncated
        return out

    assert run() == run()
    with pytest.raises(UsageError, match="seat"):
        CardwarsEnv("aliwar", seat=2)
