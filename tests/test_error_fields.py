"""IllegalMoveError's fields, its labelled message and its wire form (issue 24, item 3)."""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest

import cardwars
from cardwars import aliwar, guerrilla, wire
from cardwars.cards import Card
from cardwars.errors import LISTED_MOVES, IllegalMoveError, RecordError, UsageError


class Hostile:
    """A move whose every method fails: no message or field may run one."""

    def __repr__(self) -> str:
        raise RuntimeError("repr ran")

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq ran")

    __hash__ = None  # type: ignore[assignment]


def _caught(call: Any, *args: Any) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as info:
        call(*args)
    return info.value


def test_apply_names_seat_move_and_legal_moves_by_label_and_wire() -> None:
    state = cardwars.load_game("aliwar").new_game(seed=42)
    error = _caught(state.apply, {0: aliwar.Switch(0, 1), 1: aliwar.Decline()})
    legal = state.legal_moves(1)
    assert error.seat == 1
    assert error.move == "decline"
    assert error.move_wire == {"type": "Decline"}
    assert error.action is None
    assert error.legal == tuple(str(move) for move in legal)
    assert error.legal_wire == tuple(wire.encode(move) for move in legal)
    assert wire.decode(aliwar.Aliwar(), list(error.legal_wire)) == legal
    assert str(error).startswith("seat 1 cannot play decline in phase SWITCH; legal: 0 1, 0 2, ")
    assert "Switch(" not in str(error) and "Decline()" not in str(error)


def test_the_message_lists_at_most_a_bounded_number_of_moves() -> None:
    state = cardwars.load_game("aliwar").new_game(seed=42)
    error = _caught(state.apply, {0: aliwar.Decline(), 1: state.legal_moves(1)[0]})
    assert len(error.legal) == 15 > LISTED_MOVES
    assert str(error).endswith(f", ... ({15 - LISTED_MOVES} more)")
    assert str(error).count(",") == LISTED_MOVES


def test_a_huge_legal_list_keeps_the_message_short() -> None:
    hand = ["4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"]
    other = ["4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD"]
    state = guerrilla.State.from_position(
        [["AC", *hand], ["AD", *other]], draw_piles=[["2C", "3C"], ["2D", "3D"]], start="play"
    )
    state.apply({0: guerrilla.Play(Card.parse("AC")), 1: guerrilla.Play(Card.parse("AD"))})
    while state.phase is not guerrilla.Phase.TIE:  # both pass the Support poll
        state.apply({seat: guerrilla.Pass() for seat in state.to_act})
    error = _caught(state.apply, {0: guerrilla.Pass(), 1: state.legal_moves(1)[0]})
    assert len(error.legal) > 100
    assert len(str(error)) < 400
    assert error.legal[0] in str(error) and error.legal[-1] not in str(error)


def test_an_unknown_value_is_described_and_never_run() -> None:
    state = cardwars.load_game("aliwar").new_game(seed=42)
    error = _caught(state.apply, {0: Hostile(), 1: state.legal_moves(1)[0]})
    assert error.seat == 0
    assert error.move == "<object of type Hostile>"
    assert error.move_wire is None
    assert wire.encode_error(error)["fields"]["move"] == "<object of type Hostile>"


def test_apply_actions_fills_the_action_fields() -> None:
    state = cardwars.load_game("aliwar").new_game(seed=42)
    error = _caught(state.apply_actions, {0: 0, 1: 276})
    assert (error.seat, error.action, error.move) == (1, 276, "decline")
    assert error.legal_actions == state.legal_actions(1)
    assert len(error.legal) == len(error.legal_actions) == len(error.legal_wire)
    assert "seat 1 cannot play action 276 (decline) in phase SWITCH; legal actions: 0 (0 1)" in (
        str(error)
    )
    huge = _caught(state.apply_actions, {0: 0, 1: 10**5000})
    assert huge.action is None and huge.move is not None and len(str(huge)) < 400
    odd = _caught(state.apply_actions, {0: 0, 1: 1.0})
    assert (odd.action, odd.move, odd.move_wire) == (None, "1.0", None)


def test_a_missing_seat_is_named_with_its_legal_moves() -> None:
    state = cardwars.load_game("aliwar").new_game(seed=42)
    error = _caught(state.apply, {0: state.legal_moves(0)[0]})
    assert error.seat == 1 and error.move is None
    assert error.legal == tuple(str(move) for move in state.legal_moves(1))


@pytest.mark.parametrize("name", ["aliwar", "guerrilla"])
def test_text_parse_fills_the_fields(name: str) -> None:
    game = cardwars.load_game(name)
    state = game.new_game(seed=42)
    seat = min(state.to_act)
    error = _caught(game.text.parse, "  nonsense  ", state, seat)
    assert error.seat == seat and error.move == "nonsense"
    assert error.legal == tuple(game.text.label(m) for m in state.legal_moves(seat))
    assert str(error).startswith(f"seat {seat}: 'nonsense' is not a legal move")


def test_clone_war_parse_names_the_text() -> None:
    game = cardwars.load_game("clone-war")
    error = _caught(game.text.parse, "flip", game.new_game(seed=1), 1)
    assert (error.seat, error.move, error.legal) == (1, "flip", ())


def test_the_error_pickles_with_its_fields_and_the_old_construction_works() -> None:
    state = cardwars.load_game("guerrilla").new_game(seed=42)
    error = _caught(state.apply, {0: guerrilla.Pass(), 1: guerrilla.Pass()})
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is IllegalMoveError and str(again) == str(error)
    assert again.__dict__ == error.__dict__ and again.legal == error.legal
    plain = IllegalMoveError("no")
    assert (str(plain), plain.seat, plain.move, plain.legal, plain.legal_wire) == (
        "no",
        None,
        None,
        (),
        (),
    )
    assert pickle.loads(pickle.dumps(plain)).args == ("no",)


def test_encode_error_is_json_ready_and_its_legal_moves_decode() -> None:
    game = cardwars.load_game("guerrilla")
    state = game.new_game(seed=42)
    error = _caught(state.apply, {0: guerrilla.Pass(), 1: guerrilla.Pass()})
    doc = wire.encode_error(error)
    assert json.loads(json.dumps(doc)) == doc
    assert doc["kind"] == "IllegalMoveError" and doc["message"] == str(error)
    fields = doc["fields"]
    assert set(fields) == {
        "seat",
        "move",
        "move_wire",
        "action",
        "legal",
        "legal_wire",
        "legal_actions",
    }
    assert fields["seat"] == 0 and fields["move"] == "pass"
    assert fields["move_wire"] == {"type": "Pass"}
    assert wire.decode(game, fields["legal_wire"]) == state.legal_moves(0)
    assert fields["legal"] == [str(move) for move in state.legal_moves(0)]


def test_encode_error_of_other_errors_and_refusals() -> None:
    assert wire.encode_error(RecordError("bad")) == {
        "kind": "RecordError",
        "message": "bad",
        "fields": {},
    }
    assert wire.encode_error(UsageError("no such game"))["kind"] == "UsageError"
    with pytest.raises(TypeError, match="takes a cardwars error"):
        wire.encode_error(ValueError("x"))  # type: ignore[arg-type]


def test_the_envs_raise_with_the_fields() -> None:
    pytest.importorskip("gymnasium")
    from cardwars.envs.gymnasium import CardwarsEnv
    from cardwars.envs.pettingzoo import parallel_env

    env = CardwarsEnv("aliwar", illegal_action="raise")
    env.reset(seed=1)
    error = _caught(env.step, 276)
    assert (error.seat, error.action, error.move) == (0, 276, "decline")
    assert error.legal_actions and len(error.legal) == len(error.legal_actions)
    par = parallel_env("aliwar", illegal_action="raise")
    par.reset(seed=1)
    error = _caught(par.step, {"player_0": 276, "player_1": 0})
    assert error.seat == 0 and str(error).startswith("player_0 cannot play action 276 (decline)")
