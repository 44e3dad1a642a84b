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
        actions = {
            agent: int(rng.choice(np.flatnonzero(obs["action_mask"])))
            for agent, obs in observations.items()
            if obs["action_mask"].any()
        }
        trace.append(actions)
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
        reference = par._table.encoder.reference_observations(state)
        for seat, agent in enumerate(par.possible_agents):
            obs = observations[agent]
            assert obs["observation"].dtype == np.float32
            assert obs["action_mask"].dtype == np.int8
            assert obs["observation"].tobytes() == reference[seat].tobytes()
            assert obs["action_mask"].tobytes() == state.action_mask(seat)
        kept.append(
            (
                observations,
                {a: {k: v.copy() for k, v in o.items()} for a, o in observations.items()},
            )
        )
        actions: dict[str, Any] = {
            agent: rng.choice(np.flatnonzero(obs["action_mask"]))
            for agent, obs in observations.items()
            if obs["action_mask"].any()
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
