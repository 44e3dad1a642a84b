"""Guerrilla's text interface: label/parse round trip, hidden information, exact boards."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardwars.cards import Card
from cardwars.engine import Move
from cardwars.engine.interfaces import GameText
from cardwars.errors import IllegalMoveError
from cardwars.guerrilla import (
    Allow,
    Cancel,
    CardPlayed,
    Guerrilla,
    Pass,
    Phase,
    Play,
    Propose,
    Reject,
    Remove,
    Rules,
    SkirmishEvaluated,
    State,
    Support,
    TieCards,
)
from cardwars.guerrilla.text import NOTATION, TEXT, GuerrillaText
from tests import builds
from tests.guerrilla.helpers import guerrilla_games

C = Card.parse
_CARD_TOKEN = re.compile(r"\b[2-9TJQKA][CDHS]\b")


class _Offering:
    """A stand-in state offering ``moves`` to every seat (``parse`` asks it nothing else)."""

    def __init__(self, moves: Sequence[Move]) -> None:
        self.moves = tuple(moves)

    def legal_moves(self, seat: int) -> tuple[Move, ...]:
        return self.moves


def parse_among(text: str, legal: Sequence[Move]) -> Move:
    """``TEXT.parse`` where ``legal`` are the legal moves."""
    return TEXT.parse(text, cast(State, _Offering(legal)), 0)


def games() -> st.SearchStrategy[Guerrilla]:
    return guerrilla_games(max_cap=40)


def hidden_from(state: State, seat: int) -> set[str]:
    """Cards ``seat`` may not see now: other hands, every pile, face-down tie cards."""
    hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
    hidden |= {c for pile in (*state.draw_piles, *state.discard_piles) for c in pile}
    hidden |= {down for rnd in state.tie_rounds for _, _, down in rnd if down is not None}
    return {str(c) for c in hidden}


def check_position(state: State) -> None:
    for seat in range(state.players):
        text = TEXT.render(state.observation(seat))
        shown = set(_CARD_TOKEN.findall(text))
        assert not shown & hidden_from(state, seat), text
        assert {str(c) for c in state.hands[seat]} <= shown
    assert TEXT.render_state(state)
    for seat in sorted(state.to_act):
        for move in state.legal_moves(seat):
            text = TEXT.label(move)
            assert str(move) == text
            assert TEXT.parse(text, state, seat) == move
            assert TEXT.parse(f"  {text.upper().replace(' ', '   ')} ", state, seat) == move


@given(game=games(), seed=st.integers(0, 2**64 - 1))
def test_gt_text_round_trip_and_no_hidden_card_in_random_games(game: Guerrilla, seed: int) -> None:
    state = game.new_game(seed)
    rng = builds.current.Rng(seed)
    while not state.is_over:
        check_position(state)
        moves = {}
        for seat in sorted(state.to_act):
            legal = state.legal_moves(seat)
            moves[seat] = legal[rng.below(len(legal))]
        for event in state.apply(moves):
            line = TEXT.describe(event)
            assert line and "\n" not in line
    check_position(state)


def test_gt_text_is_the_games_interface() -> None:
    assert Guerrilla.text is TEXT
    assert isinstance(TEXT, GuerrillaText)
    assert isinstance(TEXT, GameText)
    assert TEXT.NOTATION == NOTATION
    assert repr(TEXT) == "GuerrillaText()"
    assert repr(Play(C("9C"))).startswith("Play(card=Card(")  # repr unchanged
    with pytest.raises(TypeError, match="not a Guerrilla Tactics move"):
        TEXT.label(Move())
    with pytest.raises(IllegalMoveError, match="typed as text"):
        parse_among(None, [Pass()])  # type: ignore[arg-type]


def test_gt_text_parse_asks_the_states_legal_moves() -> None:
    state = Guerrilla(2).new_game(seed=42)
    assert TEXT.parse("play 8d", state, 1) == Play(C("8D"))
    with pytest.raises(
        IllegalMoveError, match="seat 0: 'play 8D' is not a legal move; legal: play 4C, play JC"
    ):
        TEXT.parse("play 8D", state, 0)  # seat 1's card, not seat 0's


def test_gt_text_covers_every_move_kind() -> None:
    kinds = {
        Play(C("9C")): "play 9C",
        Support(C("TD")): "support TD",
        Pass(): "pass",
        Propose(): "propose",
        Allow(): "allow",
        Reject(): "reject",
        Cancel(C("2H")): "cancel 2H",
        TieCards(C("KC"), C("4C")): "up KC down 4C",
        TieCards(C("KC"), None): "up KC",
        Remove(C("AS")): "remove AS",
    }
    for move, text in kinds.items():
        assert TEXT.label(move) == str(move) == text
        assert parse_among(text, list(kinds)) == move
        assert text.split()[0] in NOTATION


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("tie kc 4c", TieCards(C("KC"), C("4C"))),
        ("down 4c up kc", TieCards(C("KC"), C("4C"))),
        ("up KC, down 4C", TieCards(C("KC"), C("4C"))),
        ("KC/4C", TieCards(C("KC"), C("4C"))),
        ("up 10c down kc", TieCards(C("TC"), C("KC"))),
        ("up kc 4c", TieCards(C("KC"), C("4C"))),
    ],
)
def test_gt_text_tie_notation_is_forgiving(text: str, expected: TieCards) -> None:
    cards = [C("4C"), C("TC"), C("KC")]
    legal = [TieCards(up, down) for down in cards for up in cards if up != down]
    assert parse_among(text, legal) == expected
    with pytest.raises(IllegalMoveError):
        parse_among("up kc", legal)  # one card alone only with a one-card hand


def test_gt_text_bare_card_names_the_move_of_the_phase() -> None:
    assert parse_among(" 9c ", [Play(C("4C")), Play(C("9C"))]) == Play(C("9C"))
    assert parse_among("9C", [Pass(), Support(C("9C"))]) == Support(C("9C"))
    assert parse_among("2h", [Allow(), Cancel(C("2H"))]) == Cancel(C("2H"))
    assert parse_among("sup 9c", [Pass(), Support(C("9C"))]) == Support(C("9C"))


@pytest.mark.parametrize("text", ["play 5D", "5D", "pass", "play", "hello", "play 9C pass", ""])
def test_gt_text_parse_error_lists_the_legal_moves(text: str) -> None:
    legal = [Play(C("8D")), Play(C("9D"))]
    with pytest.raises(IllegalMoveError) as info:
        parse_among(text, legal)
    assert str(info.value).endswith("; legal: play 8D, play 9D")
    assert info.value.legal == ("play 8D", "play 9D")
    assert info.value.move == text.strip()


def tie_position() -> State:
    """Two suits: 9 pairs tie, the first tie round ties on queens; the second round is polled."""
    state = State.from_position(
        [["9D", "9H", "3D"], ["9C", "KC", "9S"]],
        draw_piles=[["QD", "5H", "AD", "6H"], ["QS", "4C", "JS", "8C"]],
        removed=["2D"],
        played_guerrilla=[True, False],
        rules=Rules(two_suit_variant=True),
        skirmish=3,
        start="play",
    )
    state.apply({0: Play(C("9D")), 1: Play(C("9C"))})
    state.apply({0: Support(C("9H")), 1: Support(C("9S"))})
    state.apply({0: TieCards(C("QD"), C("3D")), 1: TieCards(C("QS"), C("4C"))})
    assert state.phase is Phase.TIE
    return state


def test_gt_text_exact_observation_and_state() -> None:
    state = tie_position()
    board = [
        "skirmish 3 · lead seat 1 · G = 2 (Guerrillas 2) · tie · to act: 0 1",
        "         hand  draw  discard  flags  table",
        "seat 0      3     0        0  GP     9D + 9H · tie 1: QD (?? down)",
        "you (1)     3     0        0  P      9C + 9S · tie 1: QS (?? down)",
        "removed (1): 2D",
        "flags: G played a Guerrilla · P supported (draws 1) · S reveals first · out",
    ]
    assert TEXT.render(state.observation(1)) == "\n".join([*board, "your hand: KC JS 8C"])
    assert TEXT.render_state(state) == "\n".join(
        [
            board[0],
            "        hand  draw  discard  flags  table",
            "seat 0     3     0        0  GP     9D + 9H · tie 1: QD (3D down)",
            "seat 1     3     0        0  P      9C + 9S · tie 1: QS (4C down)",
            *board[4:],
            "seat 0  hand: 5H AD 6H  discard: -",
            "        draw: -",
            "seat 1  hand: KC JS 8C  discard: -",
            "        draw: -",
        ]
    )


def test_gt_text_exact_events_of_a_skirmish() -> None:
    state = State.from_position(
        [["KC"], ["QD"]], draw_piles=[["2C", "5C"], ["3D", "6D"]], start="play"
    )
    events = state.apply({0: Play(C("KC")), 1: Play(C("QD"))})
    assert [TEXT.describe(e) for e in events] == [
        "seat 0 plays KC",
        "seat 1 plays QD",
        "standing: seat 0 winning, seat 1 losing",
        "standing after support: seat 0 winning, seat 1 losing",
        "spoils to seat 0: KC QD",
        "seat 0 won skirmish 0",
        "skirmish 1 begins; seat 1 leads",
        "seat 0 draws 2",
        "seat 1 draws 2",
    ]
    assert TEXT.describe(CardPlayed(1, C("7D"), first=True)) == "seat 1 plays 7D first (spy)"
    assert TEXT.describe(SkirmishEvaluated((1, -1, 1))) == "standing: seat 0 tied, seat 2 tied"
    again = SkirmishEvaluated((1, -1, 1), reevaluated=True)
    assert TEXT.describe(again) == "standing after support: seat 0 tied, seat 2 tied"
