"""The step API against a fourth round of attacks: each test is a reproducer that failed.

Re-entry through a mapping's ``items()`` or a key's ``__eq__``, keys that cannot be hashed, a
``wait`` that is not a bool, a released buffer, int and str subclasses whose own methods
lie, and a class that names itself as one of cardwars' to have its ``repr`` shown.
"""

from __future__ import annotations

import dataclasses
from array import array
from collections.abc import ItemsView
from typing import Any

import pytest

import cardwars
from cardwars import aliwar, guerrilla
from cardwars.cards import Card, Deck
from cardwars.errors import CardParseError, CardwarsError, IllegalMoveError, RulesError, UsageError

GAMES = ["aliwar", "guerrilla", "clone-war"]


def _first(state: Any) -> dict[int, int]:
    return {s: state.legal_actions(s)[0] for s in state.to_act}


@pytest.mark.parametrize("name", ["aliwar", "guerrilla"])
def test_a_mapping_that_steps_from_items_is_refused(name: str) -> None:
    state = cardwars.load_game(name).new_game(seed=1)
    refused: list[str] = []

    class Stepping(dict[int, object]):
        def items(self) -> ItemsView[int, object]:  # type: ignore[override]
            for inner in (
                lambda: state.apply({s: state.legal_moves(s)[0] for s in state.to_act}),
                lambda: state.apply_actions(_first(state)),
                state.undo,
            ):
                try:
                    inner()
                except UsageError:
                    refused.append("busy")
            return {s: state.legal_moves(s)[0] for s in state.to_act}.items()

    state.apply(Stepping())
    assert len(state.history) == 1  # one call, one step
    assert refused == ["busy", "busy", "busy"]


def test_an_undo_from_a_key_is_refused_and_the_step_not_lost() -> None:
    state = cardwars.load_game("aliwar").new_game(seed=1)
    state.apply_actions(_first(state))
    before = state.copy()

    class Key:
        def __hash__(self) -> int:
            return hash("p0")

        def __eq__(self, other: object) -> bool:
            state.undo()
            return other == "p0"

    actions = {"p0": state.legal_actions(0)[0], "p1": state.legal_actions(1)[0]}
    with pytest.raises(UsageError):
        state.apply_keyed(actions, (Key(), "p1"))  # type: ignore[arg-type]
    assert state == before


class _Unhashable:
    __hash__ = None  # type: ignore[assignment]


class _RaisingHash:
    def __hash__(self) -> int:
        raise RuntimeError("the caller's __hash__")


@pytest.mark.parametrize("key", [_Unhashable(), _RaisingHash(), [0]])
def test_a_key_that_cannot_be_looked_up_is_a_usage_error(key: object) -> None:
    state = cardwars.load_game("aliwar").new_game(seed=1)
    before = state.copy()
    with pytest.raises(UsageError, match="could not look up an action by its key"):
        state.apply_keyed({"a": 0, "b": 0}, (key, "b"))  # type: ignore[arg-type]
    assert state == before


@pytest.mark.parametrize("wait", [1, 0, None, "yes", [True]])
def test_wait_must_be_a_bool(wait: object) -> None:
    state = cardwars.load_game("guerrilla").new_game(seed=1)
    before = state.copy()
    with pytest.raises(UsageError, match="wait must be True or False"):
        state.apply_keyed({"a": 0, "b": 0}, ("a", "b"), wait=wait)  # type: ignore[arg-type]
    assert state == before


@pytest.mark.parametrize("name", ["aliwar", "guerrilla"])
def test_a_released_buffer_is_a_usage_error(name: str) -> None:
    state = cardwars.load_game(name).new_game(seed=5)
    out = memoryview(array("f", bytes(4 * 2048)))
    out.release()
    with pytest.raises(UsageError, match="float32 buffer"):
        state.encode_into(0, out)
    with pytest.raises(UsageError, match="float32 buffer"):
        state.encode_state_into(out)


class _Yes(int):
    """An int whose comparisons all say yes."""

    def __le__(self, other: object) -> bool:
        return True

    def __ge__(self, other: object) -> bool:
        return True

    def __lt__(self, other: object) -> bool:
        return True

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("aliwar", {"max_rounds": _Yes(2**70)}),
        ("guerrilla", {"players": _Yes(9)}),
        ("guerrilla", {"players": _Yes(1)}),
        ("clone-war", {"max_battles": _Yes(0)}),
    ],
)
def test_an_int_subclass_option_is_read_by_its_value(name: str, options: dict[str, int]) -> None:
    with pytest.raises(RulesError):
        cardwars.load_game(name, **options)


def test_an_int_subclass_option_in_range_is_stored_plain() -> None:
    game = cardwars.load_game("guerrilla", players=_Yes(3), max_skirmishes=_Yes(40))
    assert type(game.players) is int
    assert type(game.rules.max_skirmishes) is int
    assert game.players == 3
    assert game.new_game(seed=2).players == 3


def test_an_int_subclass_in_an_observation_is_read_by_its_value() -> None:
    state = cardwars.load_game("aliwar").new_game(seed=3)
    for _ in range(3):
        state.apply_actions({s: state.legal_actions(s)[-1] for s in state.to_act})
    observation = dataclasses.replace(state.observation(0), rounds=_Yes(2))
    guess = aliwar.State.from_observation(observation, state.rules, cardwars.Rng(5))
    assert type(guess.rounds) is int
    while not guess.is_over:
        guess.apply_actions(_first(guess))
    result = guess.result
    assert result is not None
    assert result.termination != "max_rounds"  # the caller's __ge__ ended it at once

    dealt = cardwars.load_game("guerrilla").new_game(seed=42).observation(0)
    rank = _Yes(dealt.guerrilla_rank)
    drawn = guerrilla.State.from_observation(
        dataclasses.replace(dealt, guerrilla_rank=rank), cardwars.Rng(1)
    )
    plain = guerrilla.State.from_observation(dealt, cardwars.Rng(1))
    assert drawn == plain


def test_rebuild_messages_run_no_repr_and_blame_the_rng() -> None:
    class Rules(guerrilla.Rules):
        __slots__ = ()

        def __repr__(self) -> str:
            raise AssertionError("the caller's __repr__ ran")

    observation = cardwars.load_game("guerrilla").new_game(seed=42).observation(0)
    odd = dataclasses.replace(observation, rules=Rules(), to_act=frozenset({0}))
    with pytest.raises(UsageError, match="could not rebuild"):
        guerrilla.State.from_observation(odd, cardwars.Rng(1))
    with pytest.raises(UsageError, match=r"rng must be a cardwars\.Rng"):
        guerrilla.State.determinizer(observation)(None)  # type: ignore[arg-type]


class _Text(str):
    def strip(self, chars: str | None = None) -> str:
        raise RuntimeError("the caller's strip")

    def split(self, sep: str | None = None, maxsplit: int = -1) -> list[str]:  # type: ignore[override]
        raise RuntimeError("the caller's split")


@pytest.mark.parametrize("name", ["aliwar", "guerrilla"])
def test_a_str_subclass_is_parsed_by_its_value(name: str) -> None:
    game = cardwars.load_game(name)
    state = game.new_game(seed=42)
    move = state.legal_moves(0)[0]
    assert game.text.parse(_Text(str(move)), state, 0) == move
    with pytest.raises(IllegalMoveError):
        game.text.parse(_Text("no such move"), state, 0)


def test_cards_are_parsed_from_a_str_subclass_by_value() -> None:
    assert Card.parse(_Text("QS")) == Card.parse("QS")
    assert list(Deck.parse(_Text("AS 2C"))) == [Card.parse("AS"), Card.parse("2C")]
    with pytest.raises(CardParseError, match="expected a str"):
        Deck.parse(5)  # type: ignore[arg-type]


def test_a_class_named_as_cardwars_own_has_no_repr_shown() -> None:
    ran: list[str] = []

    class Fake(aliwar.Decline):
        __slots__ = ()
        __module__ = "cardwars.aliwar.moves"
        __qualname__ = "Decline"

        def __repr__(self) -> str:
            ran.append("repr")
            return "INJECTED"

    state = cardwars.load_game("aliwar").new_game(seed=1)
    with pytest.raises(IllegalMoveError) as info:
        state.apply({0: Fake(), 1: state.legal_moves(1)[0]})
    assert "INJECTED" not in str(info.value)
    assert ran == []
    assert isinstance(info.value, CardwarsError)
