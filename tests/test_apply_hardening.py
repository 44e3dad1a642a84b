"""GameState.apply() trusts nothing the caller hands it.

It reads the mapping once, accepts only int seat keys, matches every move by
exact type and field values without calling the caller's ``__eq__``,
``__hash__`` or ``__repr__``, and performs the engine's own legal move object.
A rejected step raises IllegalMoveError and leaves the state exactly as it was.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any
from unittest import mock

import pytest

import cardwars
from cardwars import IllegalMoveError, RulesError
from cardwars.aliwar import Aliwar, Decline, Switch
from cardwars.cards import Card
from cardwars.engine import GameState, Move
from cardwars.guerrilla import Play
from cardwars.guerrilla import State as GuerrillaState
from tests.aliwar.helpers import keep_position


def aliwar_state() -> GameState[Any]:
    return cardwars.load_game("aliwar").new_game(seed=42)


def guerrilla_state() -> GuerrillaState:
    state = cardwars.load_game("guerrilla").new_game(seed=1)
    assert isinstance(state, GuerrillaState)
    return state


def clone_war_state() -> GameState[Any]:
    return cardwars.load_game("clone-war").new_game(seed=1)


def assert_rejected(state: GameState[Any], moves: Any, match: str) -> str:
    """apply(moves) raises IllegalMoveError, and nothing about the state changed."""
    before = state.copy()
    views = [state.observation(seat) for seat in range(state.players)]
    legal = [state.legal_moves(seat) for seat in range(state.players)]
    history = state.history
    with pytest.raises(IllegalMoveError, match=match) as info:
        state.apply(moves)
    assert state == before
    assert [state.observation(seat) for seat in range(state.players)] == views
    assert [state.legal_moves(seat) for seat in range(state.players)] == legal
    assert state.history == history
    assert state.to_act == before.to_act and state.phase == before.phase
    return str(info.value)


class AlwaysEqualSwitch(Switch):
    """A Switch that claims to equal anything."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class AlwaysEqualPlay(Play):
    """A Play that claims to equal anything."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class RaisingEqSwitch(Switch):
    """A Switch whose comparison blows up."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("__eq__ of the caller's move")

    def __hash__(self) -> int:
        return 0


class RaisingEq:
    """Not a move at all, and its comparison blows up."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("__eq__ of the caller's object")

    def __hash__(self) -> int:
        return 0


class RaisingRepr:
    """Not a move at all, and it cannot be shown."""

    def __repr__(self) -> str:
        raise RuntimeError("__repr__ of the caller's object")


class TwoFaced(Mapping[int, object]):
    """Gives ``first[seat]`` on the first read of a seat and ``later[seat]`` afterwards."""

    def __init__(self, first: dict[int, object], later: dict[int, object]) -> None:
        self.first = first
        self.later = later
        self.reads = dict.fromkeys(first, 0)

    def __getitem__(self, seat: int) -> object:
        self.reads[seat] += 1
        return self.first[seat] if self.reads[seat] == 1 else self.later[seat]

    def __iter__(self) -> Iterator[int]:
        return iter(self.first)

    def __len__(self) -> int:
        return len(self.first)


class BrokenMapping(Mapping[int, object]):
    """A mapping whose iteration or item access raises."""

    def __init__(self, keys: tuple[int, ...], *, iteration_fails: bool) -> None:
        self.keys_ = keys
        self.iteration_fails = iteration_fails

    def __getitem__(self, seat: int) -> object:
        raise RuntimeError("__getitem__ of the caller's mapping")

    def __iter__(self) -> Iterator[int]:
        if self.iteration_fails:
            raise RuntimeError("__iter__ of the caller's mapping")
        return iter(self.keys_)

    def __len__(self) -> int:
        return len(self.keys_)


class RepeatedKeys(Mapping[int, object]):
    """Yields seat 0 twice from its keys; every read gives a legal move."""

    def __init__(self, moves: dict[int, Move]) -> None:
        self.moves = moves

    def __getitem__(self, seat: int) -> object:
        return self.moves[seat]

    def __iter__(self) -> Iterator[int]:
        return iter([0, 0, 1])

    def __len__(self) -> int:
        return 3


def rogue_switch(a: int, b: int) -> AlwaysEqualSwitch:
    """An always-equal Switch holding any positions, built past Switch's own checks."""
    rogue = object.__new__(AlwaysEqualSwitch)
    object.__setattr__(rogue, "a", a)
    object.__setattr__(rogue, "b", b)
    return rogue


# --- mock.ANY and always-equal objects -------------------------------------------------------


def test_guerrilla_rejects_mock_any_and_keeps_seat_0s_card_in_hand() -> None:
    state = guerrilla_state()
    hand = state.observation(0).hand
    message = assert_rejected(state, {0: state.legal_moves(0)[0], 1: mock.ANY}, "seat 1")
    assert "<object of type _ANY>" in message and str(state.legal_moves(1)[0]) in message
    assert state.observation(0).hand == hand


def test_aliwar_keep_phase_rejects_mock_any_instead_of_decline() -> None:
    state = keep_position()
    assert Decline() in state.legal_moves(1)
    assert_rejected(
        state,
        {0: state.legal_moves(0)[0], 1: mock.ANY},
        "seat 1 cannot play <object of type _ANY>",
    )


def test_aliwar_rejects_an_always_equal_switch_subclass() -> None:
    state = aliwar_state()
    assert_rejected(state, {0: AlwaysEqualSwitch(0, 1), 1: state.legal_moves(1)[0]}, "seat 0")


def test_aliwar_rejects_an_always_equal_switch_with_position_9_before_any_switch() -> None:
    state = aliwar_state()
    moves = {0: state.legal_moves(0)[0], 1: rogue_switch(0, 9)}
    assert_rejected(state, moves, r"seat 1 cannot play AlwaysEqualSwitch\(a=0, b=9\)")


def test_guerrilla_rejects_an_always_equal_play_of_a_card_not_in_hand() -> None:
    state = guerrilla_state()
    ace = Card.parse("AS")
    assert ace not in state.observation(1).hand
    assert_rejected(state, {0: state.legal_moves(0)[0], 1: AlwaysEqualPlay(ace)}, "seat 1")


# --- the mapping is read once ----------------------------------------------------------------


def test_a_two_faced_mapping_cannot_slip_in_a_move_that_was_not_checked() -> None:
    state = guerrilla_state()
    first: dict[int, object] = {0: state.legal_moves(0)[0], 1: state.legal_moves(1)[0]}
    later: dict[int, object] = {0: mock.ANY, 1: mock.ANY}
    reference = state.copy()
    reference.apply({0: state.legal_moves(0)[0], 1: state.legal_moves(1)[0]})
    two_faced = TwoFaced(first, later)
    moves: Any = two_faced  # not a Mapping[int, Move]: what apply() must cope with
    state.apply(moves)
    assert two_faced.reads == {0: 1, 1: 1}
    assert state == reference
    assert state.history == reference.history


def test_a_two_faced_mapping_whose_first_read_is_junk_is_rejected() -> None:
    state = aliwar_state()
    first: dict[int, object] = {0: mock.ANY, 1: state.legal_moves(1)[0]}
    later: dict[int, object] = {0: state.legal_moves(0)[0], 1: state.legal_moves(1)[0]}
    assert_rejected(state, TwoFaced(first, later), "seat 0 cannot play <object of type _ANY>")


@pytest.mark.parametrize("iteration_fails", [True, False], ids=["iter", "getitem"])
@pytest.mark.parametrize("make", [aliwar_state, guerrilla_state, clone_war_state])
def test_a_mapping_that_raises_gives_an_illegal_move_error(
    make: Any, iteration_fails: bool
) -> None:
    state: GameState[Any] = make()
    keys = tuple(sorted(state.to_act)) or (0,)  # Clone War polls nobody: offer seat 0
    broken = BrokenMapping(keys, iteration_fails=iteration_fails)
    assert_rejected(state, broken, "could not read the mapping")


def test_a_mapping_that_yields_a_seat_twice_is_rejected() -> None:
    state = aliwar_state()
    moves = {0: state.legal_moves(0)[0], 1: state.legal_moves(1)[0]}
    assert_rejected(state, RepeatedKeys(moves), "same seat twice")


# --- seat keys -------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["str", "bool", "float"])
def test_seat_keys_that_are_not_ints_give_an_illegal_move_error(kind: str) -> None:
    state = aliwar_state()
    m0, m1 = state.legal_moves(0)[0], state.legal_moves(1)[0]
    cases: dict[str, dict[Any, Move]] = {
        "str": {0: m0, 1: m1, "2": m0, 3: m1},  # sorting str with int used to raise TypeError
        "bool": {0: m0, True: m1},  # True == 1 used to reach legal_moves(True): UsageError
        "float": {0.0: m0, 1: m1},  # 0.0 == 0 used to reach legal_moves(0.0): UsageError
    }
    moves = cases[kind]
    message = assert_rejected(state, moves, r"apply\(\) takes int seats 0\.\.1 as keys")
    assert f"({kind})" in message


# --- __eq__ and __repr__ that raise ----------------------------------------------------------


@pytest.mark.parametrize("move", [RaisingEqSwitch(0, 1), RaisingEq()], ids=["switch", "object"])
def test_a_move_whose_eq_raises_gives_an_illegal_move_error(move: object) -> None:
    state = aliwar_state()
    assert_rejected(state, {0: state.legal_moves(0)[0], 1: move}, "seat 1")


def test_a_move_whose_repr_raises_is_named_by_its_type() -> None:
    state = aliwar_state()
    message = assert_rejected(state, {0: RaisingRepr(), 1: state.legal_moves(1)[0]}, "seat 0")
    assert "<object of type RaisingRepr>" in message  # errors.describe: never its repr
    assert "legal: " + str(state.legal_moves(0)[0]) in message


def test_a_seat_key_whose_repr_raises_is_named_by_its_type() -> None:
    state = aliwar_state()
    m0, m1 = state.legal_moves(0)[0], state.legal_moves(1)[0]
    message = assert_rejected(state, {0: m0, 1: m1, RaisingRepr(): m0}, "as keys")
    assert "<object of type RaisingRepr> (RaisingRepr)" in message


# --- the engine performs and records its own move objects ------------------------------------


def test_apply_performs_and_records_the_engines_own_move_objects() -> None:
    state = aliwar_state()
    reference = state.copy()
    legal_0, legal_1 = state.legal_moves(0), state.legal_moves(1)
    reference.apply({0: legal_0[8], 1: legal_1[0]})
    given_0 = Switch(legal_0[8].b, legal_0[8].a)  # type: ignore[attr-defined]  # equal, not it
    given_1 = Switch(legal_1[0].a, legal_1[0].b)  # type: ignore[attr-defined]
    assert given_0 == legal_0[8] and given_0 is not legal_0[8]
    state.apply({0: given_0, 1: given_1})
    assert state == reference
    assert state.history[-1][0] is legal_0[8]
    assert state.history[-1][1] is legal_1[0]


# --- a fixed player count takes an int only --------------------------------------------------


def test_aliwar_rejects_players_2_0_like_the_other_games() -> None:
    with pytest.raises(RulesError, match=r"aliwar is for exactly 2 players, got 2\.0"):
        cardwars.load_game("aliwar", players=2.0)
    with pytest.raises(RulesError, match=r"aliwar is for exactly 2 players, got 2\.0"):
        Aliwar.from_options(players=2.0)
    for name in ("clone-war", "guerrilla"):
        with pytest.raises(RulesError, match=r"2 to 4 players, got players=2\.0"):
            cardwars.load_game(name, players=2.0)
    assert cardwars.load_game("aliwar", players=2).players == 2
