"""Aliwar's terminal text (issue 7): the notation round trip, what a seat is shown, exact output."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardwars._kernels import pure
from cardwars.aliwar import (
    Aliwar,
    CardKept,
    Decline,
    GameOver,
    Keep,
    Phase,
    Rules,
    State,
    Switch,
)
from cardwars.aliwar.text import (
    NOTATION,
    describe_event,
    format_move,
    parse_move,
    render_observation,
    render_state,
)
from cardwars.cards import Card
from cardwars.engine import Event, Result
from cardwars.errors import IllegalMoveError
from tests.aliwar.helpers import keep_position

CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA])[CDHS](?![A-Za-z])")


def random_position(seed: int, steps: int, rules: Rules) -> State:
    """A dealt game after ``steps`` steps of random play (or its end, if sooner)."""
    state = Aliwar(rules).new_game(seed)
    rng = pure.Rng(seed ^ 0x5EED)
    for _ in range(steps):
        if state.is_over:
            break
        legal = {seat: state.legal_moves(seat) for seat in state.to_act}
        state.apply({seat: moves[rng.below(len(moves))] for seat, moves in legal.items()})
    return state


positions = st.builds(
    random_position,
    seed=st.integers(0, 2**64 - 1),
    steps=st.integers(0, 30),
    rules=st.builds(
        Rules,
        allow_null_switch=st.booleans(),
        view_recall=st.sampled_from(["perfect", "face_up_only"]),
    ),
)


@settings(max_examples=40)
@given(state=positions)
def test_aw_text_every_legal_move_round_trips(state: State) -> None:
    for seat in state.to_act:
        legal = state.legal_moves(seat)
        for move in legal:
            text = format_move(move)
            assert parse_move(text, legal) == move
            assert parse_move(f"  {text.upper()} ", legal) == move
            assert parse_move(text.replace(" ", ""), legal) == move


@settings(max_examples=40)
@given(state=positions)
def test_aw_8_render_observation_shows_no_unseen_card(state: State) -> None:
    for seat in (0, 1):
        obs = state.observation(seat)
        hidden = {
            card
            for own, seen in zip(state.stacks, obs.stacks, strict=True)
            for stack, view in zip(own, seen, strict=True)
            for card, shown in zip(stack, view, strict=True)
            if shown is None
        }
        text = render_observation(obs)
        shown_cards = {Card.parse(token) for token in CARD_TOKEN.findall(text)}
        assert not shown_cards & hidden
        assert set(obs.protection) <= shown_cards
        if state.rules.view_recall == "face_up_only":
            assert "[" not in text and "@" not in text


def test_aw_text_parse_error_lists_the_legal_moves() -> None:
    legal = Aliwar().new_game(seed=3).legal_moves(0)
    for typo in ("6 P", "3 3", "keep QD 3", "swap", "", "1 2 3"):
        with pytest.raises(IllegalMoveError) as caught:
            parse_move(typo, legal)
        message = str(caught.value)
        assert repr(typo) in message
        assert message.endswith(", ".join(format_move(move) for move in legal))
    assert "1 2, 1 3, 1 4, 1 5, 1 P, 2 3" in message


def test_aw_text_parse_is_forgiving() -> None:
    switches = Aliwar(Rules(allow_null_switch=True)).new_game(seed=3).legal_moves(0)
    assert parse_move("p2", switches) == Switch(1, 5)
    assert parse_move("Swap 4 and 1", switches) == Switch(0, 3)
    assert parse_move("switch 5,3", switches) == Switch(2, 4)
    assert parse_move("None", switches) == Switch(5, 5)
    assert parse_move("4 4", switches) == Switch(5, 5)  # a position twice: the null switch
    keeps = keep_position().legal_moves(1)  # P1 won 5C, 8C and 6C
    assert parse_move("Keep 8♣ in stack 2", keeps) == Keep(Card.parse("8C"), 1)
    assert parse_move("k 6c 5", keeps) == Keep(Card.parse("6C"), 4)
    assert parse_move("DECLINE", keeps) == Decline()
    with pytest.raises(IllegalMoveError, match="keep 5C 1"):
        parse_move("keep 8C", keeps)  # the stack is needed unless the refill is forced
    forced = keep_position().legal_moves(0)  # P0 must refill stack 3
    assert parse_move("keep 6D", forced) == Keep(Card.parse("6D"), 2)
    assert parse_move("keep 4s 3", forced) == Keep(Card.parse("4S"), 2)
    with pytest.raises(IllegalMoveError, match="keep 6D 3, keep 4S 3"):
        parse_move("decline", forced)


def test_aw_text_ten_is_t_or_10() -> None:
    state = State.from_layout(
        [[["KC"], ["2C"], ["3C"], ["4C"], ["5C"]], [["TD", "9D"], ["2D"], ["3D"], ["4D"], ["5D"]]],
        ["7H", "8H"],
    )
    state.apply({0: Switch(1, 2), 1: Switch(1, 2)})
    legal = state.legal_moves(0)
    assert parse_move("keep 10d 1", legal) == parse_move("keep TD 1", legal)
    assert format_move(Keep(Card.parse("10D"), 0)) == "keep TD 1"


def test_aw_text_notation_names_every_kind_of_move() -> None:
    for example in ('"2 P"', '"keep QD 3"', '"decline"', '"none"'):
        assert example in NOTATION


def test_aw_text_exact_output_of_a_small_game() -> None:
    state = keep_position()
    assert state.phase is Phase.KEEP
    assert render_observation(state.observation(1)) == "\n".join(
        [
            "Aliwar, round 1: keep (P0 and P1 to choose)",
            "          1         2         3         4         5         P",
            "P0        AC  (3)   KC  (2)   --  (0)   ??  (1)   ??  (2)   2H",
            "P1 (you)  ??  (1)   ??  (1)   JD  (2)   KD  (2)   QD  (2)   3H",
            "middle    P0 won 6D 4S   P1 won 5C 8C 6C",
            "discard   -",
        ]
    )
    assert render_state(state) == "\n".join(
        [
            "Aliwar, round 1: keep (P0 and P1 to choose)",
            "P1  protection 3H",
            "  1:    | 2D",
            "  2:    | 3D",
            "  3: JD | 4D",
            "  4: KD | 5D",
            "  5: QD | 7D",
            "P0  protection 2H",
            "  1: AC | 2C 3C",
            "  2: KC | 4C",
            "  3: (empty)",
            "  4:    | 7C",
            "  5:    | 9C TC",
            "middle    P0 won 6D 4S   P1 won 5C 8C 6C",
            "discard   -",
        ]
    )
    events = state.apply({0: Keep(Card.parse("6D"), 2), 1: Keep(Card.parse("8C"), 0)})
    assert [describe_event(event) for event in events] == [
        "P0 keeps 6D face down under stack 3",
        "P1 keeps 8C face down under stack 1",
        "discarded: 4S 5C 6C",
        "P0's winners and ties go back under their stacks: AC to 1, KC to 2",
        "P1's winners and ties go back under their stacks: JD to 3, KD to 4, QD to 5",
        "new tops face up: P0 2C 4C 6D 7C 9C; P1 2D 3D 4D 5D 7D",
    ]
    assert render_observation(state.observation(0)).splitlines()[2:] == [
        "P1        2D  (2)   3D  (1)   4D  (2)   5D  (2)   7D  (2)   3H",
        "P0 (you)  2C  (3)   4C  (2)   6D  (1)   7C  (1)   9C  (2)   2H",
        "discard   4S 5C 6C",
        "          P1 known below the tops: 1: 8C@2; 3: JD@2; 4: KD@2; 5: QD@2",
        "          P0 known below the tops: 1: AC@3; 2: KC@2",
    ]


def test_aw_text_describes_switches_conflicts_and_the_end() -> None:
    state = State.from_layout(
        [[["2C"], ["3C"], ["4C"], ["5C"], ["6C"]], [["AD"], ["KD"], ["QD"], ["JD"], ["TD"]]],
        ["AH", "2D"],
        rules=Rules(allow_null_switch=True),
    )
    lines = [describe_event(event) for event in state.apply({0: Switch(0, 5), 1: Switch(5, 5)})]
    assert lines[:4] == [
        "P0 switches 1 and P; P1 does not switch",
        "column 1: P0 AH against P1 AD*: P1 wins",  # protected wins on equal rank (AW-5.4)
        "P0's stack 1 is empty",
        "column 2: P0 3C* against P1 KD*: P1 wins",
    ]
    assert lines[-1] == "game over after 1 rounds: P1 wins (empty_stack)"
    draw = GameOver(Result(frozenset(), "max_rounds", 1000, (1, 1)))
    assert describe_event(draw) == "game over after 1000 rounds: a draw (max_rounds)"
    assert describe_event(Event()) is None
    assert describe_event(CardKept(1, Card.parse("AS"), 4)) == "P1 keeps AS face down under stack 5"
    with pytest.raises(TypeError):
        format_move(Event())  # type: ignore[arg-type]
