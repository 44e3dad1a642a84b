"""The RL adapters against a fourth round of attacks: each test but the first is a reproducer
that failed (the first holds what the RL guide promises of a Parallel-env row).

A pickled Parallel-env row holds only its agent's data; OpenSpiel took
any action from a seat that may only wait, showed another seat's recall for player -1, and
let pyspiel's own errors out for options it cannot hold; a str subclass's ``__eq__`` ran in
the mode checks; the reference encoder and ``encode_seats_into`` let other errors out.
"""

from __future__ import annotations

import importlib.util
from typing import Any

import pytest

import cardwars
from cardwars.errors import ArgumentTypeError, IllegalMoveError, UsageError

_MISSING = [
    name for name in ("numpy", "pettingzoo", "gymnasium") if importlib.util.find_spec(name) is None
]
needs_envs = pytest.mark.skipif(
    bool(_MISSING),
    reason=f"{', '.join(_MISSING)} not installed: pip install 'cardwars[pettingzoo,gymnasium]'",
)
needs_spiel = pytest.mark.skipif(
    importlib.util.find_spec("pyspiel") is None,
    reason="open-spiel is not installed: pip install 'cardwars[openspiel]'",
)


@needs_envs
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_pickled_parallel_row_holds_only_its_agents_data(players: int) -> None:
    import pickle

    from cardwars.envs.pettingzoo import parallel_env

    env = parallel_env("guerrilla", players=players)
    observations, _ = env.reset(seed=42)
    for name, fields in observations.items():
        for array in fields.values():
            data = pickle.dumps(array)  # what another process receives
            assert (pickle.loads(data) == array).all(), name
            assert len(data) < array.nbytes + 400  # that row's data, no other rows


@needs_spiel
def test_openspiel_a_waiting_seat_must_send_the_wait_action() -> None:
    from cardwars.envs import openspiel

    game = openspiel.load_game("guerrilla", players=3)
    state = game.new_initial_state()
    state.apply_action(0)
    state.apply_actions([64, 70, 92])
    legal = [state.legal_actions(p) for p in range(3)]
    waiting = [p for p in range(3) if legal[p] == [game.wait_action()]]
    assert waiting
    before = state.serialize()
    joint = [legal[p][0] for p in range(3)]
    joint[waiting[0]] = 57  # a card's action, not the wait
    with pytest.raises(IllegalMoveError, match="not polled at this node"):
        state.apply_actions(joint)
    assert state.serialize() == before
    joint[waiting[0]] = game.wait_action()
    state.apply_actions(joint)
    assert game.deserialize_state(state.serialize()).serialize() == state.serialize()


@needs_spiel
@pytest.mark.parametrize("player", [-1, True, 3, 1.0])
def test_openspiel_information_state_observer_checks_the_player(player: Any) -> None:
    import pyspiel

    from cardwars.envs import openspiel

    game = openspiel.load_game("guerrilla", players=3)
    state = game.new_initial_state()
    state.apply_action(0)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert observer is not None
    with pytest.raises(UsageError, match="player must be a seat"):
        observer.string_from(state, player)


@needs_spiel
@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"deal_seed": 2**31}, UsageError, "32-bit int"),
        ({"num_deals": 2**70}, UsageError, "32-bit int"),
        ({"players": True}, ArgumentTypeError, "players must be an int"),
        ({"kicker": "yes"}, UsageError, "OpenSpiel refused"),
        ({"kicker": object()}, ArgumentTypeError, "a bool, an int, a float or a str"),
    ],
)
def test_openspiel_options_it_cannot_hold_are_cardwars_errors(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    from cardwars.envs import openspiel

    with pytest.raises(error, match=message):
        openspiel.load_game("guerrilla", **options)


@needs_spiel
def test_openspiel_takes_the_largest_skirmish_cap_and_seed() -> None:
    from cardwars.envs import openspiel

    game = openspiel.load_game("guerrilla", max_skirmishes=10**9, deal_seed=2**31 - 1)
    assert game.max_game_length() == 2**31 - 1
    assert game.deal_seed == 2**31 - 1


class _Mode(str):
    def __eq__(self, other: object) -> bool:
        raise AssertionError("the caller's __eq__ ran")

    __hash__ = str.__hash__


@needs_envs
@pytest.mark.parametrize("option", ["render_mode", "illegal_action"])
def test_a_str_subclass_mode_is_refused_without_its_eq(option: str) -> None:
    from cardwars.envs.gymnasium import CardwarsEnv

    options: dict[str, Any] = {option: _Mode("ansi")}
    with pytest.raises(UsageError, match=option):
        CardwarsEnv("aliwar", **options)


@needs_envs
@pytest.mark.parametrize("value", [None, 42, "observation"])
def test_the_reference_encoder_refuses_what_is_no_observation(value: object) -> None:
    from cardwars.envs.encoding import encoder

    with pytest.raises(UsageError, match="takes an observation"):
        encoder(cardwars.load_game("aliwar")).observation(value)  # type: ignore[arg-type]


@needs_envs
@pytest.mark.parametrize(("name", "width"), [("aliwar", 609), ("guerrilla", 243)])
@pytest.mark.parametrize("wait", ["no", 2, None])
def test_encode_seats_into_takes_a_bool_wait(name: str, width: int, wait: object) -> None:
    import numpy as np

    state: Any = cardwars.load_game(name).new_game(seed=1)
    obs = np.zeros((2, width), np.float32)
    masks = np.zeros((2, cardwars.load_game(name).num_actions + 1), np.int8)
    with pytest.raises(UsageError, match="wait must be True or False"):
        state.encode_seats_into(obs, masks, wait)
    assert not obs.any()
