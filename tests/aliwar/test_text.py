"""Aliwar's text interface (issues 7, 14): label/parse round trip, what a seat is shown, output."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
from cardwars.aliwar.text import NOTATION, TEXT, AliwarText
from cardwars.cards import Card
from cardwars.engine import Event, Result
from cardwars.engine.interfaces import GameText
from cardwars.errors import IllegalMoveError, listed
from tests.aliwar.helpers import keep_position
from tests.builds import pure

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
        for move in state.legal_moves(seat):
            text = TEXT.label(move)
            assert str(move) == text
            assert TEXT.parse(text, state, seat) == move
            assert TEXT.parse(f"  {text.upper()} ", state, seat) == move
            assert TEXT.parse(text.replace(" ", ""), state, seat) == move


def test_aw_text_is_the_games_interface() -> None:
    assert Aliwar.text is TEXT
    assert isinstance(TEXT, AliwarText)
    assert isinstance(TEXT, GameText)
    assert TEXT.NOTATION == NOTATION
    assert repr(TEXT) == "AliwarText()"
    assert repr(Switch(0, 1)) == "Switch(a=0, b=1)"  # repr unchanged, str is the label
    assert (str(Switch(0, 1)), str(Switch(2, 5)), str(Switch(5, 5))) == ("0 1", "2 P", "none")
    assert str(Keep(Card.parse("QD"), 0)) == "keep QD 0"
    assert f"{Decline()}" == "decline"


def test_aw_text_labels_number_stacks_as_the_json_does() -> None:
    from cardwars import wire

    for move in (Switch(0, 1), Switch(3, 5), Keep(Card.parse("QD"), 4)):
        encoded = wire.encode(move)
        numbers = [value for key, value in encoded.items() if key in ("a", "b", "stack")]
        shown = [int(token) for token in str(move).split() if token.isdigit()]
        assert shown == [n for n in numbers if n != 5]


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
        text = TEXT.render(obs)
        shown_cards = {Card.parse(token) for token in CARD_TOKEN.findall(text)}
        assert not shown_cards & hidden
        assert set(obs.protection) <= shown_cards
        if state.rules.view_recall == "face_up_only":
            assert "[" not in text and "@" not in text


def test_aw_text_parse_error_lists_the_legal_moves() -> None:
    state = Aliwar().new_game(seed=3)
    legal = state.legal_moves(0)
    for typo in ("5 P", "6 P", "3 3", "keep QD 3", "swap", "", "1 2 3", "0 1 2"):
        with pytest.raises(IllegalMoveError) as caught:
            TEXT.parse(typo, state, 0)
        message = str(caught.value)
        assert repr(typo) in message
        assert message.endswith(listed(tuple(TEXT.label(move) for move in legal)))
        assert caught.value.legal == tuple(TEXT.label(move) for move in legal)
        assert caught.value.seat == 0 and caught.value.move == typo.strip()
    assert "0 1, 0 2, 0 3, 0 4, 0 P, 1 2" in message
    with pytest.raises(IllegalMoveError, match="typed as text"):
        TEXT.parse(3, state, 0)  # type: ignore[arg-type]
    state.apply({0: legal[0], 1: state.legal_moves(1)[0]})
    if not state.is_over and 0 not in state.to_act:
        with pytest.raises(IllegalMoveError, match="not to act"):
            TEXT.parse("0 1", state, 0)


def test_aw_text_parse_is_forgiving() -> None:
    switching = Aliwar(Rules(allow_null_switch=True)).new_game(seed=3)
    assert TEXT.parse("p1", switching, 0) == Switch(1, 5)
    assert TEXT.parse("Swap 3 and 0", switching, 0) == Switch(0, 3)
    assert TEXT.parse("switch 4,2", switching, 1) == Switch(2, 4)
    assert TEXT.parse("None", switching, 0) == Switch(5, 5)
    assert TEXT.parse("3 3", switching, 0) == Switch(5, 5)  # a position twice: the null switch
    keeping = keep_position()  # P1 won 5C, 8C and 6C
    assert TEXT.parse("Keep 8♣ in stack 1", keeping, 1) == Keep(Card.parse("8C"), 1)
    assert TEXT.parse("k 6c 4", keeping, 1) == Keep(Card.parse("6C"), 4)
    assert TEXT.parse("DECLINE", keeping, 1) == Decline()
    with pytest.raises(IllegalMoveError, match="keep 5C 0"):
        TEXT.parse("keep 8C", keeping, 1)  # the stack is needed unless the refill is forced
    with pytest.raises(IllegalMoveError, match="keep 5C 0"):
        TEXT.parse("keep 8C 5", keeping, 1)  # stacks are 0-4
    # P0 must refill stack 2
    assert TEXT.parse("keep 6D", keeping, 0) == Keep(Card.parse("6D"), 2)
    assert TEXT.parse("keep 4s 2", keeping, 0) == Keep(Card.parse("4S"), 2)
    with pytest.raises(IllegalMoveError, match="keep 6D 2, keep 4S 2"):
        TEXT.parse("decline", keeping, 0)


def test_aw_text_ten_is_t_or_10() -> None:
    state = State.from_layout(
        [[["KC"], ["2C"], ["3C"], ["4C"], ["5C"]], [["TD", "9D"], ["2D"], ["3D"], ["4D"], ["5D"]]],
        ["7H", "8H"],
    )
    state.apply({0: Switch(1, 2), 1: Switch(1, 2)})
    assert TEXT.parse("keep 10d 0", state, 0) == TEXT.parse("keep TD 0", state, 0)
    assert TEXT.label(Keep(Card.parse("10D"), 0)) == "keep TD 0"


def test_aw_text_notation_names_every_kind_of_move() -> None:
    for example in ('"1 P"', '"0 3"', '"keep QD 2"', '"decline"', '"none"', "0-4"):
        assert example in NOTATION


def test_aw_text_exact_output_of_a_small_game() -> None:
    state = keep_position()
    assert state.phase is Phase.KEEP
    assert TEXT.render(state.observation(1)) == "\n".join(
        [
            "Aliwar, round 1: keep (P0 and P1 to choose)",
            "          0         1         2         3         4         P",
            "P0        AC  (3)   KC  (2)   --  (0)   ??  (1)   ??  (2)   2H",
            "P1 (you)  ??  (1)   ??  (1)   JD  (2)   KD  (2)   QD  (2)   3H",
            "middle    P0 won 6D 4S   P1 won 5C 8C 6C",
            "discard   -",
        ]
    )
    assert TEXT.render_state(state) == "\n".join(
        [
            "Aliwar, round 1: keep (P0 and P1 to choose)",
            "P1  protection 3H",
            "  0:    | 2D",
            "  1:    | 3D",
            "  2: JD | 4D",
            "  3: KD | 5D",
            "  4: QD | 7D",
            "P0  protection 2H",
            "  0: AC | 2C 3C",
            "  1: KC | 4C",
            "  2: (empty)",
            "  3:    | 7C",
            "  4:    | 9C TC",
            "middle    P0 won 6D 4S   P1 won 5C 8C 6C",
            "discard   -",
        ]
    )
    events = state.apply({0: Keep(Card.parse("6D"), 2), 1: Keep(Card.parse("8C"), 0)})
    assert [TEXT.describe(event) for event in events] == [
        "P0 keeps 6D face down under stack 2",
        "P1 keeps 8C face down under stack 0",
        "discarded: 4S 5C 6C",
        "P0's winners and ties go back under their stacks: AC to 0, KC to 1",
        "P1's winners and ties go back under their stacks: JD to 2, KD to 3, QD to 4",
        "new tops face up: P0 2C 4C 6D 7C 9C; P1 2D 3D 4D 5D 7D",
    ]
    assert TEXT.render(state.observation(0)).splitlines()[2:] == [
        "P1        2D  (2)   3D  (1)   4D  (2)   5D  (2)   7D  (2)   3H",
        "P0 (you)  2C  (3)   4C  (2)   6D  (1)   7C  (1)   9C  (2)   2H",
        "discard   4S 5C 6C",
        "          P1 known below the tops: 0: 8C@2; 2: JD@2; 3: KD@2; 4: QD@2",
        "          P0 known below the tops: 0: AC@3; 1: KC@2",
    ]


def test_aw_text_describes_switches_conflicts_and_the_end() -> None:
    state = State.from_layout(
        [[["2C"], ["3C"], ["4C"], ["5C"], ["6C"]], [["AD"], ["KD"], ["QD"], ["JD"], ["TD"]]],
        ["AH", "2D"],
        rules=Rules(allow_null_switch=True),
    )
    lines = [TEXT.describe(event) for event in state.apply({0: Switch(0, 5), 1: Switch(5, 5)})]
    assert lines[:4] == [
        "P0 switches 0 and P; P1 does not switch",
        "column 0: P0 AH against P1 AD*: P1 wins",  # protected wins on equal rank (AW-5.4)
        "P0's stack 0 is empty",
        "column 1: P0 3C* against P1 KD*: P1 wins",
    ]
    assert lines[-1] == "game over after 1 rounds: P1 wins (empty_stack)"
    draw = GameOver(Result(frozenset(), "max_rounds", 1000, (1, 1)))
    assert TEXT.describe(draw) == "game over after 1000 rounds: a draw (max_rounds)"
    assert TEXT.describe(Event()) is None
    assert TEXT.describe(CardKept(1, Card.parse("AS"), 4)) == "P1 keeps AS face down under stack 4"
    with pytest.raises(TypeError):
        TEXT.label(Event())  # type: ignore[arg-type]


def test_the_deal_reads_as_one_line() -> None:
    from cardwars.aliwar import CardsDealt, State

    dealt = State.from_layout(
        [[["2C", "7C"], ["3C"], ["4C"], ["5C"], ["6C"]], [["2D"], ["3D"], ["4D"], ["5D"], ["6D"]]],
        ["AH", "AD"],
    ).events_for(1)[0]
    assert isinstance(dealt, CardsDealt)
    assert TEXT.describe(dealt) == (
        "dealt: P0 tops 2C 3C 4C 5C 6C (stacks of 2 1 1 1 1 cards), protection AH; "
        "P1 tops 2D 3D 4D 5D 6D (1 card per stack), protection AD"
    )
