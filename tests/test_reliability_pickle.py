"""A copied or pickled state keeps its last step's events (issue 21, item 3).

Every mid-game state of every game, pickled with every protocol, shallow- and
deep-copied, has the same :attr:`last_events`, observations, legal moves and
actions as the original. Aliwar's machine key carries the last step's event ints,
and a restored key is checked: tampered events are a ``ValueError``, never a
machine whose events read past its tables.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest

import cardwars
from cardwars.aliwar.bridge import AliwarKey
from cardwars.engine import GameState
from tests import builds

PROTOCOLS = range(2, pickle.HIGHEST_PROTOCOL + 1)
GAMES = [("aliwar", 2), ("clone-war", 2), ("clone-war", 4), ("guerrilla", 2), ("guerrilla", 4)]
SEEDS = range(25)


def _mid_game(name: str, players: int, seed: int) -> GameState[Any]:
    """A state dealt from ``seed`` after 1 to 12 steps of moves drawn from ``seed``."""
    state: GameState[Any] = cardwars.load_game(name, players=players).new_game(seed=seed)
    rng = builds.current.Rng(seed + 1000)
    for _ in range(1 + seed % 12):
        if state.is_over:
            break
        moves = {}
        for seat in sorted(state.to_act):
            legal = state.legal_moves(seat)
            moves[seat] = legal[rng.below(len(legal))]
        _ = state.apply(moves)
    return state


def _facts(state: GameState[Any]) -> tuple[object, ...]:
    seats = range(state.players)
    return (
        state.last_events,
        state.history,
        tuple(state.observation(seat) for seat in seats),
        tuple(state.legal_moves(seat) for seat in seats),
        tuple(state.legal_actions(seat) for seat in seats),
    )


COPIES: list[tuple[str, Callable[[Any], Any]]] = [
    *((f"pickle-{p}", lambda s, p=p: pickle.loads(pickle.dumps(s, p))) for p in PROTOCOLS),
    ("copy", lambda s: s.copy()),
    ("copy.copy", copy.copy),
    ("deepcopy", copy.deepcopy),
]


@pytest.mark.parametrize(("name", "players"), GAMES, ids=[f"{n}-{p}p" for n, p in GAMES])
def test_copies_and_pickles_keep_the_last_events(name: str, players: int) -> None:
    stepped = 0
    for seed in SEEDS:
        state = _mid_game(name, players, seed)
        stepped += bool(state.last_events)
        expected = _facts(state)
        for how, make in COPIES:
            other = make(state)
            assert other == state, (how, seed)
            assert _facts(other) == expected, (how, seed)
            # The restored state plays on with the same events.
            if not state.is_over:
                moves = {seat: state.legal_moves(seat)[0] for seat in sorted(state.to_act)}
                assert other.copy().apply(moves) == state.copy().apply(moves), (how, seed)
    assert stepped >= len(SEEDS) // 2  # most states have events to lose


def _aliwar_key() -> tuple[Any, Any, AliwarKey]:
    """The backend's restore function, the card labels and a mid-game Aliwar key."""
    state = _mid_game("aliwar", 2, 5)
    assert state.last_events
    restore, (labels, key) = state._m.__reduce__()  # type: ignore[attr-defined]
    return restore, labels, key


def test_an_aliwar_key_carries_its_events() -> None:
    restore, labels, key = _aliwar_key()
    assert len(key) == 16 and key.events
    assert restore(labels, key).key() == key


BAD_EVENTS: list[tuple[object, str]] = [
    ((9,), "event code"),
    ((-1,), "event code"),
    ((1, 0, 60, 1, 0, 0, 0), "event code 1"),  # a card past the deck
    ((1, 0, 1, 2, 0, 0, 2), "event code 1"),  # a winner that is no seat
    ((0, 1), "end inside an event"),
    ((3, 2, 7), "end inside an event"),
    ((3, 0), "event code 3"),  # a discard of no card
    ((4, 0, 6, *([0, 1] * 6)), "event code 4"),  # more returned cards than columns
    ((2, 2, 0), "event code 2"),  # a seat past the last
    ((7, *range(9)), "end inside an event"),
    ((6, True), "plain ints"),
    ((6, 2.0), "plain ints"),
    ([6, 0], "tuple"),
    (None, "tuple"),
    ((6, 0) * 300, "at most 512"),
]


@pytest.mark.parametrize(("events", "message"), BAD_EVENTS)
def test_tampered_aliwar_events_are_refused(events: Any, message: str) -> None:
    restore, labels, key = _aliwar_key()
    tampered = key._replace(events=events)
    for form in (tampered, tuple(tampered)):  # named, or a plain tuple as earlier pickles
        with pytest.raises(ValueError, match=message):
            restore(labels, form)


class _Tampered:
    """Pickles as an Aliwar machine with the given key."""

    def __init__(self, restore: Any, labels: Any, key: tuple[Any, ...]) -> None:
        self.parts = (restore, (labels, key))

    def __reduce__(self) -> tuple[Any, ...]:
        return self.parts


def test_a_tampered_aliwar_pickle_is_a_value_error() -> None:
    restore, labels, key = _aliwar_key()
    parts = tuple(key)  # a plain tuple of its parts, as earlier versions pickled
    for bad in (key._replace(events=(1, 0, 99, 1, 0, 0, 0)), parts[:-1], (*parts, ())):
        data = pickle.dumps(_Tampered(restore, labels, bad))
        with pytest.raises(ValueError, match=r"event|16 parts"):
            pickle.loads(data)
