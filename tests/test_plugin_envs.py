"""The RL envs drive a plugin's game with choices and no change inside cardwars (issue 36).

Duel (``tests/fake_plugin/cw_duel``) gives its encodings through :mod:`cardwars.authoring`
(``Encodable``, ``Encoding``, ``layout``: :mod:`cw_duel.encoding`), its states are no
``EncodedState`` (the envs use its Python reference encoders). Installed as a distribution
of its own (``tests/plugin_site.py``), it plays to the end in the PettingZoo AEC and
Parallel envs, the Gymnasium env (by class, by its registered id, and by the module named
in the id), and OpenSpiel; the native vector env, whose tables step inside the core,
refuses it with a message naming Gymnasium's vector envs.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardwars
from cardwars.errors import UsageError
from tests.plugin_site import installed

MISSING = [
    name for name in ("numpy", "pettingzoo", "gymnasium") if importlib.util.find_spec(name) is None
]
pytestmark = pytest.mark.skipif(bool(MISSING), reason=f"needs {', '.join(MISSING)}")

SRC = Path(cardwars.__file__).resolve().parents[1]
OLD_API = "ignore:The old environment creation API:DeprecationWarning"
"""pettingzoo.test imports the classic envs when their extra is installed; they warn."""


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Path]:
    """A ``sys.path`` entry holding Duel, installed as the distribution ``cw-duel``."""
    yield from installed(tmp_path)


def _reference(game: Any, state: Any, seat: int) -> Any:
    """Seat ``seat``'s observation vector by Duel's own encoder, read field by field."""
    from cardwars.envs.encoding import encoder

    enc = encoder(game)
    vector = enc.observation(state.observation(seat))
    fields = {f.name: vector[f.offset : f.offset + f.length] for f in enc.fields}
    observation = state.observation(seat)
    assert list(fields["seat"]) == [seat == 0, seat == 1]
    assert {i for i, flag in enumerate(fields["hand"]) if flag} == {c.id for c in observation.hand}
    assert list(fields["points"]) == list(observation.points)
    assert fields["opponent_cards"][0] == observation.opponent_cards
    return vector


# --- Gymnasium -------------------------------------------------------------------------------


def _play_gymnasium(env: Any, seed: int) -> tuple[list[Any], float, Any]:
    import numpy as np

    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    reward, over = 0.0, False
    while not over:
        state = env.unwrapped.game_state
        assert env.observation_space.contains(observation)
        assert np.array_equal(
            observation, _reference(env.unwrapped.game, state, env.unwrapped.seat)
        )
        legal = np.flatnonzero(info["action_mask"])
        assert sorted(legal) == sorted(state.legal_actions(env.unwrapped.seat))
        action = int(rng.choice(legal))
        trace.append((observation.tolist(), action))
        observation, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        over = terminated
    return trace, float(reward), env.unwrapped.game_state.result


def test_gymnasium_env_plays_duel_to_the_end(site: Path) -> None:
    from cardwars.envs.gymnasium import CardwarsEnv

    env = CardwarsEnv(game="duel", opponent="random", seat=1, hand_size=6)
    assert env.observation_space.shape == (59,)
    trace, reward, result = _play_gymnasium(env, seed=3)
    assert len(trace) == result.length <= 6
    assert reward == (0.0 if not result.winners else (1.0 if 1 in result.winners else -1.0))
    again = CardwarsEnv(game="duel", opponent="random", seat=1, hand_size=6)
    assert _play_gymnasium(again, seed=3) == (trace, reward, result)
    assert _play_gymnasium(again, seed=4)[0] != trace  # another seed, another deal
    shown = CardwarsEnv(game="duel", render_mode="ansi")
    shown.reset(seed=1)
    assert str(shown.render()).startswith("seat 0: hand ")


def test_the_gymnasium_ids_of_plugin_games(site: Path) -> None:
    import gymnasium

    from cardwars.envs import gymnasium as envs

    gymnasium.registry.pop("cardwars/Duel-v0", None)  # an import with Duel installed made it
    assert envs.register_envs() == ("cardwars/Duel-v0",)  # read from the metadata
    try:
        assert "cw_duel" not in sys.modules  # the plugin is imported by make, not before
        env = gymnasium.make("cardwars/Duel-v0", opponent="random", hand_size=4)
        trace, _, result = _play_gymnasium(env, seed=8)
        assert result is not None and len(trace) == result.length
        direct = envs.CardwarsEnv(game="duel", opponent="random", hand_size=4)
        assert _play_gymnasium(direct, seed=8)[0] == trace
        vec = gymnasium.make_vec("cardwars/Duel-v0", num_envs=2, opponent="random")
        assert type(vec).__name__ == "SyncVectorEnv"  # no native tables: Gymnasium's own
        observations, info = vec.reset(seed=1)
        assert observations.shape == (2, 59) and info["action_mask"].shape == (2, 52)
        vec.close()
        assert envs.register_envs() == ()
    finally:
        gymnasium.registry.pop("cardwars/Duel-v0", None)


def test_the_module_in_the_id_finds_a_plugins_game(site: Path) -> None:
    code = (
        "import sys, gymnasium\n"
        "env = gymnasium.make('cardwars.envs.gymnasium:cardwars/Duel-v0', hand_size=3)\n"
        "observation, info = env.reset(seed=2)\n"
        "print(env.spec.id, observation.shape, int(info['action_mask'].sum()))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(SRC)])}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["cardwars/Duel-v0", "(59,)", "3"]


# --- the native vector env -------------------------------------------------------------------


def test_the_native_vector_env_refuses_a_plugins_game(site: Path) -> None:
    from cardwars.envs.vector import CardwarsVectorEnv
    from cardwars.vectors import Encodable, has_vector_tables

    game = cardwars.load_game("duel")
    assert not has_vector_tables(game)
    assert has_vector_tables(cardwars.load_game("guerrilla"))
    for target in ("duel", game):
        with pytest.raises(UsageError, match="no tables of the game 'duel'") as caught:
            CardwarsVectorEnv(num_envs=2, game=target)
        assert "SyncVectorEnv" in str(caught.value)
    assert isinstance(game, Encodable)
    with pytest.raises(UsageError, match="no tables of the game 'duel'"):
        game.vector_tables(2, 0, "random")  # the default of cardwars.vectors.Encodable


# --- PettingZoo ------------------------------------------------------------------------------


def _play_aec(seed: int) -> tuple[list[Any], dict[str, float], Any]:
    import numpy as np

    from cardwars.envs.pettingzoo import env

    aec = env("duel", hand_size=5)
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    rewards = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        rewards[agent] += reward
        seat = aec.possible_agents.index(agent)
        state = aec.game_state
        assert np.array_equal(observation["observation"], _reference(aec.game, state, seat))
        if terminated or truncated:
            aec.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        trace.append((agent, action))
        aec.step(action)
    return trace, rewards, aec.game_state.result


def test_pettingzoo_aec_plays_duel_to_the_end(site: Path) -> None:
    trace, rewards, result = _play_aec(seed=6)
    assert result is not None and len(trace) == 2 * result.length  # both seats, each step
    expected = {
        f"player_{s}": 0.0 if not result.winners else (1.0 if s in result.winners else -1.0)
        for s in range(2)
    }
    assert rewards == expected
    assert _play_aec(seed=6) == (trace, rewards, result)


def _play_parallel(seed: int) -> tuple[list[Any], Any, Any]:
    import numpy as np

    from cardwars.envs.pettingzoo import parallel_env

    par = parallel_env("duel", hand_size=5)
    observations, _ = par.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    rewards: dict[str, float] = {}
    while par.agents:
        state = par.game_state
        for seat, agent in enumerate(par.possible_agents):
            assert np.array_equal(
                observations[agent]["observation"], _reference(par.game, state, seat)
            )
        actions = {
            agent: int(rng.choice(np.flatnonzero(obs["action_mask"])))
            for agent, obs in observations.items()
        }
        trace.append(actions)
        observations, rewards, terminations, truncations, _ = par.step(actions)
    assert all(terminations.values()) and not any(truncations.values())
    assert np.array_equal(par.state(), _state_reference(par.game, par.game_state))
    return trace, rewards, par.game_state.result


def _state_reference(game: Any, state: Any) -> Any:
    from cardwars.envs.encoding import encoder

    vector = encoder(game).reference_state(state)
    assert vector[:2].tolist() == [state.phase.value == "play", state.phase.value == "over"]
    return vector


def test_pettingzoo_parallel_plays_duel_to_the_end(site: Path) -> None:
    trace, rewards, result = _play_parallel(seed=9)
    assert result is not None and len(trace) == result.length
    winners = result.winners
    assert rewards == {
        f"player_{s}": 0 if not winners else (1 if s in winners else -1) for s in range(2)
    }
    assert _play_parallel(seed=9) == (trace, rewards, result)


@pytest.mark.filterwarnings(OLD_API)
@pytest.mark.filterwarnings(
    "ignore:Observation (is not a NumPy array|space for each agent):UserWarning"
)
def test_pettingzoo_api_tests_pass_for_duel(site: Path) -> None:
    from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

    from cardwars.envs.pettingzoo import env, parallel_env

    api_test(env("duel"), num_cycles=100)
    parallel_api_test(parallel_env("duel"), num_cycles=100)
    seed_test(functools.partial(env, "duel"), num_cycles=100)
    parallel_seed_test(functools.partial(parallel_env, "duel"), num_cycles=100)


# --- OpenSpiel -------------------------------------------------------------------------------


def _play_openspiel(game: Any, deal: int) -> tuple[list[Any], list[float]]:
    import numpy as np

    state = game.new_initial_state()
    state.apply_action(deal)
    rng = np.random.default_rng(deal)
    trace = []
    while not state.is_terminal():
        for seat in range(2):
            tensor = np.asarray(state.observation_tensor(seat))
            hand = {c.id for c in state.cardwars_state.observation(seat).hand}
            assert set(np.flatnonzero(tensor[:52])) == hand  # the "hand" piece comes first
        assert state.current_player() == -2  # simultaneous: both show a card
        actions = [int(rng.choice(state.legal_actions(seat))) for seat in range(2)]
        trace.append(actions)
        state.apply_actions(actions)
    again = game.deserialize_state(state.serialize())
    assert again.serialize() == state.serialize() and again.returns() == state.returns()
    return trace, state.returns()


def test_openspiel_plays_duel_to_the_end(site: Path) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from cardwars.envs import openspiel

    game = openspiel.load_game("duel", hand_size=4, num_deals=20)
    assert openspiel.GAME_NAMES["duel"] == "cardwars_duel"
    same = pyspiel.load_game("cardwars_duel", {"hand_size": 4, "num_deals": 20})
    assert same.observation_tensor_size() == 52 + 1 + 2 + 2
    trace, returns = _play_openspiel(game, deal=7)
    assert 1 <= len(trace) <= 4 and sum(returns) == 0
    assert _play_openspiel(same, deal=7) == (trace, returns)
    pyspiel.random_sim_test(same, num_sims=3, serialize=True, verbose=False)


def test_gymnasium_env_refuses_an_opponent_that_steps_a_plain_game_state(site: Path) -> None:
    """Duel's state has no machine: the env notices a step by its history instead."""
    from cardwars.envs.gymnasium import CardwarsEnv

    env: Any = None
    armed: list[bool] = []

    class Meddler:
        def choose(self, observation: Any, legal_moves: Any, rng: Any) -> Any:
            if armed:
                state = env.game_state
                state.apply_actions({s: state.legal_actions(s)[0] for s in state.to_act})
            return legal_moves[0]

    env = CardwarsEnv(game="duel", opponent=Meddler(), seat=1, hand_size=6)
    _, info = env.reset(seed=3)
    state = env.game_state
    assert not hasattr(state, "machine")
    before = (len(state.history), state.observation(1))
    armed.append(True)
    with pytest.raises(UsageError, match="changed the env's game state from its choose"):
        env.step(int(info["action_mask"].argmax()))
    assert (len(env.game_state.history), env.game_state.observation(1)) == before
    armed.clear()
    env.step(int(info["action_mask"].argmax()))  # and it plays on
