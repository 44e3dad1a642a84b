"""Aliwar options, hand-built positions, moves and the rejection of illegal steps."""

from __future__ import annotations

from typing import Any

import pytest

import cardwars
from cardwars import Card, CardParseError, IllegalMoveError, RulesError, UsageError
from cardwars.aliwar import (
    PROTECTION,
    Aliwar,
    Decline,
    Keep,
    Phase,
    Rules,
    State,
    Switch,
)

C = Card.parse

T1_STACKS = [
    [["9D", "2S"], ["TD", "3S"], ["QS", "4S"], ["5H", "5S"], ["KC", "6S"]],
    [["9S", "2D"], ["JD", "3D"], ["7D", "4D"], ["8C", "5D"], ["3C", "6D"]],
]
T1_PROTECTION = ["4H", "TC"]


def t1(**options: Any) -> State:
    return State.from_layout(T1_STACKS, T1_PROTECTION, rules=Rules(**options))


# --- Rules ------------------------------------------------------------------------------------


def test_aw_rules_defaults_are_the_rulings() -> None:
    assert Rules() == Rules(
        allow_null_switch=False,
        kept_card_position="above_returning",
        double_loss_result="draw",
        no_progress_limit=100,
        max_rounds=1000,
        cap_result="draw",
        view_recall="perfect",
    )


@pytest.mark.parametrize(
    ("field", "value", "allowed"),
    [
        ("allow_null_switch", 1, "True or False"),
        ("allow_null_switch", "yes", "True or False"),
        ("kept_card_position", "above", "'above_returning', 'below_returning'"),
        ("double_loss_result", "lose", "'draw', 'most_cards'"),
        ("cap_result", None, "'draw', 'most_cards'"),
        ("view_recall", "none", "'perfect', 'face_up_only'"),
        ("no_progress_limit", 0, "an int from 1 to"),
        ("no_progress_limit", 2.5, "an int from 1 to"),
        ("max_rounds", -1, "an int from 1 to"),
        ("max_rounds", True, "an int from 1 to"),
    ],
)
def test_aw_rules_bad_values_raise(field: str, value: object, allowed: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules(**{field: value})  # type: ignore[arg-type]
    message = str(info.value)
    assert message.startswith(field)
    assert allowed in message
    assert repr(value) in message


def test_aw_rules_machine_options() -> None:
    assert Rules().machine_options() == {
        "allow_null_switch": 0,
        "kept_card_position": 0,
        "double_loss_result": 0,
        "no_progress_limit": 100,
        "max_rounds": 1000,
        "cap_result": 0,
    }
    args = Rules(
        allow_null_switch=True,
        kept_card_position="below_returning",
        double_loss_result="most_cards",
        no_progress_limit=7,
        max_rounds=9,
        cap_result="most_cards",
        view_recall="face_up_only",
    ).machine_options()
    assert args == {
        "allow_null_switch": 1,
        "kept_card_position": 1,
        "double_loss_result": 1,
        "no_progress_limit": 7,
        "max_rounds": 9,
        "cap_result": 1,
    }


# --- the game ------------------------------------------------------------------------------------


def test_aw_1_1_exactly_two_players() -> None:
    game = cardwars.load_game("aliwar", kept_card_position="below_returning")
    assert isinstance(game, Aliwar)
    assert game.players == 2
    assert game.name == "aliwar"
    assert game.rules.kept_card_position == "below_returning"
    assert cardwars.load_game("aliwar", players=2) == Aliwar()
    with pytest.raises(RulesError, match="exactly 2 players"):
        cardwars.load_game("aliwar", players=3)
    with pytest.raises(RulesError, match="unknown option"):
        cardwars.load_game("aliwar", protection_source="either")
    with pytest.raises(RulesError, match=r"aliwar\.Rules"):
        Aliwar("draw")  # type: ignore[arg-type]


def test_aw_2_deal_uses_all_52_cards() -> None:
    state = Aliwar().new_game(seed=123)
    cards = [c for own in state.stacks for stack in own for c in stack] + list(state.protection)
    assert sorted(cards) == list(cardwars.Deck.standard())
    assert all(len(stack) == 5 for own in state.stacks for stack in own)
    assert state.rounds == 0
    assert state.to_act == frozenset({0, 1})


def test_aw_new_game_same_seed_same_state() -> None:
    assert Aliwar().new_game(seed=5) == Aliwar().new_game(seed=5)
    assert Aliwar().new_game(seed=5) != Aliwar().new_game(seed=6)


def test_aw_copy_is_independent() -> None:
    state = t1()
    interpreted = state.copy()
    interpreted.apply({0: Switch(0, 1), 1: Switch(0, 1)})
    assert state != interpreted
    assert state == t1()
    assert interpreted.history == ({0: Switch(0, 1), 1: Switch(0, 1)},)
    assert state.history == ()


def test_aw_seat_out_of_range() -> None:
    state = t1()
    with pytest.raises(UsageError, match=r"seat must be 0\.\.1"):
        state.legal_moves(2)
    with pytest.raises(UsageError):
        state.observation(-1)


# --- from_layout ---------------------------------------------------------------------------------


def test_aw_from_layout_accepts_cards_and_text() -> None:
    as_cards = [[[C(t) for t in stack] for stack in own] for own in T1_STACKS]
    built = State.from_layout(as_cards, [C(t) for t in T1_PROTECTION], rng_seed=9)
    assert built.stacks == t1().stacks
    assert built.seed == 9
    assert built.rng.state == 9


@pytest.mark.parametrize(
    ("stacks", "protection", "match"),
    [
        (T1_STACKS[:1], T1_PROTECTION, "2 seats"),
        ([T1_STACKS[0][:4], T1_STACKS[1]], T1_PROTECTION, "seat 0 must have 5 stacks"),
        (T1_STACKS, ["4H"], "protection must hold 2 cards"),
        (T1_STACKS, ["4H", "9D"], "more than once: 9D"),
        ([T1_STACKS[0], [*T1_STACKS[1][:4], ["KS1"]]], T1_PROTECTION, "one standard deck"),
        ([T1_STACKS[0], [*T1_STACKS[1][:4], [3]]], T1_PROTECTION, "must be a Card"),
        ([T1_STACKS[0], [*T1_STACKS[1][:4], "KS"]], T1_PROTECTION, "sequence of cards"),
    ],
)
def test_aw_from_layout_rejects_bad_positions(stacks: Any, protection: Any, match: str) -> None:
    with pytest.raises(RulesError, match=match):
        State.from_layout(stacks, protection)


def test_aw_from_layout_rejects_bad_text_and_seed() -> None:
    with pytest.raises(CardParseError):
        State.from_layout([T1_STACKS[0], [*T1_STACKS[1][:4], ["ZZ"]]], T1_PROTECTION)
    with pytest.raises(RulesError, match="rng_seed"):
        State.from_layout(T1_STACKS, T1_PROTECTION, rng_seed=-1)
    with pytest.raises(RulesError, match=r"aliwar\.Rules"):
        State.from_layout(T1_STACKS, T1_PROTECTION, rules="draw")  # type: ignore[arg-type]


# --- moves and illegal steps ---------------------------------------------------------------------


def test_aw_4_switch_moves_in_canonical_order() -> None:
    moves = t1().legal_moves(0)
    assert moves == tuple(Switch(a, b) for a in range(6) for b in range(a + 1, 6))
    assert moves[0] == Switch(0, 1)
    assert moves[4] == Switch(0, PROTECTION)
    assert moves[-1] == Switch(4, PROTECTION)


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ((6, 0), r"position a must be an int 0\.\.5"),
        ((0, -1), "position b"),
        ((True, 1), r"0\.\.5"),
    ],
)
def test_aw_4_bad_switch_positions(args: tuple[Any, Any], match: str) -> None:
    with pytest.raises(IllegalMoveError, match=match):
        Switch(*args)


def test_aw_6_2_bad_keep_values() -> None:
    with pytest.raises(IllegalMoveError, match="needs a Card"):
        Keep("7D", 1)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match=r"0\.\.4"):
        Keep(C("7D"), 5)


def _assert_rejected(state: State, moves: Any, match: str) -> None:
    before = state.copy()
    with pytest.raises(IllegalMoveError, match=match):
        state.apply(moves)
    assert state == before
    assert state.history == before.history


def test_aw_illegal_switch_steps_leave_the_state_unchanged() -> None:
    state = t1()
    _assert_rejected(state, {0: Switch(0, 1)}, r"no move for polled seat\(s\) \[1\]")
    _assert_rejected(state, {0: Switch(0, 1), 1: Decline()}, "seat 1 cannot play decline")
    _assert_rejected(state, {0: Keep(C("7D"), 2), 1: Switch(0, 1)}, "seat 0 cannot play keep 7D 2")
    _assert_rejected(state, {0: Switch(0, 1), 1: Switch(0, 1), 2: Decline()}, "not polled")
    _assert_rejected(state, [Switch(0, 1), Switch(0, 1)], "mapping")


def test_aw_illegal_keep_steps_leave_the_state_unchanged() -> None:
    state = t1()
    state.apply({0: Switch(1, 3), 1: Switch(3, PROTECTION)})
    assert state.phase is Phase.KEEP
    _assert_rejected(state, {0: Keep(C("TD"), 0), 1: Decline()}, "seat 0 cannot play keep TD 0")
    _assert_rejected(state, {0: Decline(), 1: Keep(C("7D"), 0)}, "seat 1 cannot play keep 7D 0")
    _assert_rejected(state, {0: Switch(0, 1), 1: Decline()}, "seat 0 cannot play 0 1 in phase KEEP")
    _assert_rejected(state, {0: Decline()}, "no move for polled")


def test_aw_6_2_only_winners_are_polled() -> None:
    # P0 wins column 3 only; P1 wins nothing and is not polled.
    state = State.from_layout(
        [
            [["9D", "2S"], ["TD", "3S"], ["QS", "4S"], ["5H", "5S"], ["KC", "6S"]],
            [["9S", "2D"], ["TS", "3D"], ["7D", "4D"], ["5C", "5D"], ["KD", "6D"]],
        ],
        ["4H", "2C"],
    )
    state.apply({0: Switch(0, 1), 1: Switch(0, 1)})
    assert state.phase is Phase.KEEP
    assert state.to_act == frozenset({0})
    assert state.legal_moves(1) == ()
    _assert_rejected(state, {0: Decline(), 1: Decline()}, "not polled")
    state.apply({0: Decline()})
    assert state.discard == (C("7D"),)


def test_aw_no_move_after_the_end() -> None:
    state = State.from_layout(
        [
            [["3C"], ["JC", "4H"], ["5C", "6H"], ["7C", "8H"], ["9C", "TH"]],
            [["AC", "3D"], ["QD", "4D"], ["5D", "6S"], ["7D", "8S"], ["9D", "TS"]],
        ],
        ["2H", "2S"],
    )
    state.apply({0: Switch(3, 4), 1: Switch(3, 4)})
    assert state.is_over
    _assert_rejected(state, {0: Switch(0, 1), 1: Switch(0, 1)}, "the game is over")
    assert state.legal_moves(0) == ()


def test_aw_records_round_trip() -> None:
    game = Aliwar(Rules(kept_card_position="below_returning", allow_null_switch=True))
    final = cardwars.play(game, ["random", "random"], seed=5)
    back = cardwars.records.loads(cardwars.records.dumps(final))
    assert back == final
    assert back.result == final.result
    assert not final.hand_built
    built = t1()
    assert cardwars.records.loads(cardwars.records.dumps(built)) == built  # stored as a position
