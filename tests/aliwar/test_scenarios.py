"""Aliwar scenario tests (AW-T*, docs/games/aliwar.rst) and the edge-case rulings AW-B1 … AW-B9.

Layouts are written per seat as ``"P | S1 | S2 | S3 | S4 | S5"``, each stack top first.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardwars import Card, IllegalMoveError, RulesError, Suit
from cardwars.aliwar import (
    PROTECTION,
    TERMINATIONS,
    Aliwar,
    CardKept,
    CardsDiscarded,
    ConflictResolved,
    Decline,
    GameOver,
    Keep,
    Phase,
    Rules,
    StackEmptied,
    State,
    Switch,
    TopsFlipped,
    resolve_conflict,
)
from tests import builds
from tests.builds import pure

try:
    from tests.builds import compiled as _core
except ImportError:  # pragma: no cover - the pure-Python install
    _core = None

C = Card.parse


def layout(p0: str, p1: str, /, **options: Any) -> State:
    """A position from two ``"P | S1 | … | S5"`` rows."""
    rows = [[part.split() for part in row.split("|")] for row in (p0, p1)]
    return State.from_layout(
        [row[1:] for row in rows],
        [row[0][0] for row in rows],
        rules=Rules(**options),
    )


def show(state: State, seat: int) -> list[str]:
    """``seat``'s stacks as text, top first."""
    return [" ".join(map(str, stack)) for stack in state.stacks[seat]]


def switch_both(state: State, move_0: Switch, move_1: Switch) -> tuple[object, ...]:
    return state.apply({0: move_0, 1: move_1})


# --- AW-T1: the text's worked example ----------------------------------------------------------

T1 = (
    "4H | 9D 2S | TD 3S | QS 4S | 5H 5S | KC 6S",
    "TC | 9S 2D | JD 3D | 7D 4D | 8C 5D | 3C 6D",
)
T1_SWITCHES = (Switch(1, 3), Switch(3, PROTECTION))  # P0 {2, 4}; P1 {4, P}


def t1_after_conflict(**options: Any) -> State:
    state = layout(*T1, **options)
    switch_both(state, *T1_SWITCHES)
    return state


def test_aw_t1_switch_and_conflict() -> None:
    state = layout(*T1)
    events = switch_both(state, *T1_SWITCHES)
    conflicts = [e for e in events if isinstance(e, ConflictResolved)]
    assert [(str(e.cards[0]), str(e.cards[1])) for e in conflicts] == [
        ("9D", "9S"),
        ("5H", "JD"),
        ("QS", "7D"),
        ("TD", "TC"),
        ("KC", "3C"),
    ]
    assert [e.winner for e in conflicts] == [None, None, 0, 1, None]
    assert [e.protected for e in conflicts] == [
        (False, False),
        (True, False),
        (False, False),
        (False, True),
        (False, True),  # both clubs: only the owner's protection suit counts
    ]
    assert state.protection == (C("4H"), C("8C"))
    assert state.won == ((C("7D"),), (C("TD"),))
    assert state.phase is Phase.KEEP
    assert state.to_act == frozenset({0, 1})


def test_aw_t1_keep_legal_moves_in_canonical_order() -> None:
    state = t1_after_conflict()
    assert state.legal_moves(0) == (Decline(), *(Keep(C("7D"), s) for s in range(5)))
    assert state.legal_moves(1) == (Decline(), *(Keep(C("TD"), s) for s in range(5)))


def test_aw_t1_worked_example() -> None:
    state = t1_after_conflict()
    events = state.apply({0: Keep(C("7D"), 2), 1: Keep(C("TD"), 3)})
    assert show(state, 0) == ["2S 9D", "3S 5H", "4S 7D QS", "5S", "6S KC"]
    assert show(state, 1) == ["2D 9S", "3D JD", "4D", "5D TD TC", "6D 3C"]
    assert state.discard == ()
    assert state.protection == (C("4H"), C("8C"))
    assert state.phase is Phase.SWITCH
    flipped = [e for e in events if isinstance(e, TopsFlipped)]
    assert [[str(c) for c in tops] for tops in flipped[0].tops] == [
        ["2S", "3S", "4S", "5S", "6S"],
        ["2D", "3D", "4D", "5D", "6D"],
    ]
    assert CardKept(0, C("7D"), 2) in events
    assert CardKept(1, C("TD"), 3) in events


def test_aw_t1_below_returning() -> None:
    state = t1_after_conflict(kept_card_position="below_returning")
    state.apply({0: Keep(C("7D"), 2), 1: Keep(C("TD"), 3)})
    assert show(state, 0)[2] == "4S QS 7D"
    assert show(state, 1)[3] == "5D TC TD"


def test_aw_t1_decline() -> None:
    state = t1_after_conflict()
    events = state.apply({0: Decline(), 1: Keep(C("TD"), 3)})
    assert show(state, 0)[2] == "4S QS"
    assert state.discard == (C("7D"),)
    assert CardsDiscarded((C("7D"),)) in events


# --- AW-T2: the comparator ---------------------------------------------------------------------

# Seat 0 protects hearts, seat 1 protects clubs; "y" cards are of the owner's suit.
_OWN = {(0, True): "H", (0, False): "S", (1, True): "C", (1, False): "D"}


@pytest.mark.parametrize(
    ("left", "right", "expected"),
    [
        (("9", False), ("9", False), None),
        (("9", True), ("9", True), None),
        (("5", True), ("J", False), None),
        (("T", True), ("T", False), "protected"),
        (("A", True), ("K", False), "protected"),
        (("2", True), ("A", False), None),
        (("Q", False), ("7", False), "left"),
        (("3", True), ("8", True), "right"),
        (("A", False), ("A", False), None),
        (("K", False), ("3", True), None),
    ],
)
def test_aw_t2_truth_table(
    left: tuple[str, bool], right: tuple[str, bool], expected: str | None
) -> None:
    # Each case both ways round, so the comparator is checked for either seat.
    for first in (0, 1):
        a_spec, b_spec = (left, right) if first == 0 else (right, left)
        a = C(a_spec[0] + _OWN[0, a_spec[1]])
        b = C(b_spec[0] + _OWN[1, b_spec[1]])
        outcome = resolve_conflict(a, b, Suit.HEARTS, Suit.CLUBS)
        if expected is None:
            want = None
        elif expected == "protected":
            want = 0 if a_spec[1] else 1
        else:
            want = first if expected == "left" else 1 - first
        assert outcome == want, (a, b)


def test_aw_t2_protection_through_ownership() -> None:
    # P0 protects hearts, P1 clubs: K♣ of P0 is unprotected, 3♣ of P1 is protected.
    assert resolve_conflict(C("KC"), C("3C"), Suit.HEARTS, Suit.CLUBS) is None
    # With P0 protecting clubs instead, both are protected and the king wins.
    assert resolve_conflict(C("KC"), C("3C"), Suit.CLUBS, Suit.CLUBS) == 0
    state = layout("2H | KC | 4D | 5D | 6D | 7D", "2C | 3C | 4S | 5S | 6S | 7S")
    events = switch_both(state, Switch(3, 4), Switch(3, 4))
    first = next(e for e in events if isinstance(e, ConflictResolved))
    assert (first.protected, first.winner) == ((False, True), None)


def test_aw_t2_resolve_conflict_rejects_bad_types() -> None:
    with pytest.raises(TypeError, match="must be a Card"):
        resolve_conflict("KC", C("3C"), Suit.HEARTS, Suit.CLUBS)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be a Suit"):
        resolve_conflict(C("KC"), C("3C"), 2, Suit.CLUBS)  # type: ignore[arg-type]


def test_aw_5_resolve_columns_rejects_bad_input() -> None:
    current = builds.current
    with pytest.raises(ValueError, match="five top cards"):
        current.aliwar_resolve_columns([1, 2], [3, 4], 0, 0)
    with pytest.raises(ValueError, match=r"tops_1\[2\] must be a card id"):
        current.aliwar_resolve_columns([0, 1, 2, 3, 4], [5, 6, 52, 8, 9], 0, 0)
    with pytest.raises(ValueError, match="suit_a must be a suit"):
        current.aliwar_conflict(0, 1, 4, 0)


@pytest.mark.compiled_pass
def test_aw_5_conflict_exhaustive_builds(backend: str) -> None:
    for a in range(52):
        for b in range(0, 52, 3):
            for suit_a in range(4):
                for suit_b in range(4):
                    assert _core.aliwar_conflict(a, b, suit_a, suit_b) == (
                        pure.aliwar_conflict(a, b, suit_a, suit_b)
                    )


# --- AW-T4 … AW-T6: emptied stacks ---------------------------------------------------------------

T4 = (
    "2H | 3C | KC 4H | 5C 6H | 7C 8H | 9C TH",
    "2S | AC 3D | QD 4D | 5D 6S | 7D 8S | 9D TS",
)


def test_aw_t4_forced_refill() -> None:
    state = layout(*T4)
    events = switch_both(state, Switch(3, 4), Switch(3, 4))
    assert [e.winner for e in events if isinstance(e, ConflictResolved)] == [1, 0, None, None, None]
    assert StackEmptied(0, 0) in events
    assert state.stacks[0][0] == ()
    assert state.legal_moves(0) == (Keep(C("QD"), 0),)
    assert state.legal_moves(1) == (Decline(), *(Keep(C("3C"), s) for s in range(5)))
    state.apply({0: Keep(C("QD"), 0), 1: Keep(C("3C"), 0)})
    assert show(state, 0) == ["QD", "4H KC", "6H 5C", "8H 9C", "TH 7C"]
    assert show(state, 1) == ["3D 3C AC", "4D", "6S 5D", "8S 9D", "TS 7D"]
    assert not state.is_over
    assert state.phase is Phase.SWITCH


def test_aw_t4_forced_refill_rejects_decline_and_other_stacks() -> None:
    state = layout(*T4)
    switch_both(state, Switch(3, 4), Switch(3, 4))
    before = state.copy()
    for bad in (Decline(), Keep(C("QD"), 1)):
        with pytest.raises(IllegalMoveError, match="seat 0 cannot play"):
            state.apply({0: bad, 1: Decline()})
        assert state == before


def test_aw_t5_emptied_stack_and_no_win_loses() -> None:
    state = layout("2H | 3C | JC 4H | 5C 6H | 7C 8H | 9C TH", T4[1])
    events = switch_both(state, Switch(3, 4), Switch(3, 4))
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.to_act == frozenset()
    result = state.result
    assert result is not None
    assert (result.winners, result.termination, result.length) == (
        frozenset({1}),
        "empty_stack",
        1,
    )
    assert result.placings == (2, 1)
    assert isinstance(events[-1], GameOver)
    assert not any(isinstance(e, CardKept) for e in events)
    assert show(state, 0)[1] == "4H"


def test_aw_t6_two_emptied_stacks_one_win_loses() -> None:
    state = layout(
        "2H | 3C | 4C | QC 5H | 7C 6H | 9C 8H",
        "2S | AC 3D | KD 4D | 5C 6D | 7D 8D | 9D TD",
    )
    events = switch_both(state, Switch(3, 4), Switch(3, 4))
    assert [e.winner for e in events if isinstance(e, ConflictResolved)] == [1, 1, 0, None, None]
    result = state.result
    assert result is not None
    assert (result.winners, result.termination) == (frozenset({1}), "empty_stack")


# --- AW-T8: switch legality ----------------------------------------------------------------------


@pytest.mark.parametrize("same", [Switch(0, 0), Switch(PROTECTION, PROTECTION)])
def test_aw_t8_same_card_twice_is_illegal_by_default(same: Switch) -> None:
    state = layout(*T1)
    before = state.copy()
    with pytest.raises(IllegalMoveError, match="cannot play none in phase SWITCH"):
        state.apply({0: same, 1: Switch(0, 1)})
    assert state == before
    assert len(state.legal_moves(0)) == 15


@pytest.mark.parametrize("same", [Switch(0, 0), Switch(PROTECTION, PROTECTION)])
def test_aw_t8_null_switch_with_option(same: Switch) -> None:
    state = layout(*T1, allow_null_switch=True)
    assert state.legal_moves(0)[-1] == Switch(PROTECTION, PROTECTION)
    assert len(state.legal_moves(0)) == 16
    events = state.apply({0: same, 1: same})
    conflicts = [e for e in events if isinstance(e, ConflictResolved)]
    assert [(str(e.cards[0]), str(e.cards[1])) for e in conflicts] == [
        ("9D", "9S"),
        ("TD", "JD"),
        ("QS", "7D"),
        ("5H", "8C"),
        ("KC", "3C"),
    ]
    assert state.protection == (C("4H"), C("TC"))


def test_aw_t8_unordered_pair() -> None:
    assert Switch(2, 1) == Switch(1, 2)
    assert hash(Switch(2, 1)) == hash(Switch(1, 2))
    one, other = layout(*T1), layout(*T1)
    one.apply({0: Switch(1, 3), 1: Switch(0, 2)})
    other.apply({0: Switch(3, 1), 1: Switch(2, 0)})
    assert one == other


# --- AW-T9: kept-card order, refill in the same round -------------------------------------------


@pytest.mark.parametrize(
    ("position", "p0_s3", "p1_s1"),
    [("above_returning", "4S 7D QS", "3D 3C AC"), ("below_returning", "4S QS 7D", "3D AC 3C")],
)
def test_aw_t9_kept_card_order_and_refill(position: str, p0_s3: str, p1_s1: str) -> None:
    state = t1_after_conflict(kept_card_position=position)
    state.apply({0: Keep(C("7D"), 2), 1: Keep(C("TD"), 3)})
    assert show(state, 0)[2] == p0_s3
    refill = layout(*T4, kept_card_position=position)
    switch_both(refill, Switch(3, 4), Switch(3, 4))
    refill.apply({0: Keep(C("QD"), 0), 1: Keep(C("3C"), 0)})
    assert show(refill, 0)[0] == "QD"
    assert show(refill, 1)[0] == p1_s1


# --- AW-T10: the seeded deal ---------------------------------------------------------------------


def test_aw_t10_golden_deal_seed_42() -> None:
    state = Aliwar().new_game(seed=42)
    assert show(state, 0) == [
        "AH JC 4D 8D 7C",
        "8S 5D 6S JD JH",
        "7D 7H 8H 9H 2S",
        "TC 5C TH TD 4S",
        "KS QD 3D 3S 2H",
    ]
    assert show(state, 1) == [
        "AC 6C 9S 9D 7S",
        "TS JS 5H 6H KD",
        "8C KH QC KC QH",
        "3H 5S AD QS 9C",
        "2D 4C 6D 4H AS",
    ]
    assert state.protection == (C("2C"), C("3C"))
    assert state.seed == 42
    assert state.phase is Phase.SWITCH


# --- AW-T11: no-progress draw --------------------------------------------------------------------

T11 = ("2H | 3H | 4H | 5H | 6H | 7H", "2S | 8D | 9D | TD | JD | QD")


def play_t11(state: State) -> list[object]:
    events: list[object] = []
    while not state.is_over:
        events.extend(switch_both(state, Switch(0, 1), Switch(0, 1)))
    return events


def test_aw_t11_no_progress_draw() -> None:
    state = layout(*T11, no_progress_limit=3)
    events = play_t11(state)
    assert all(e.winner is None for e in events if isinstance(e, ConflictResolved))
    result = state.result
    assert result is not None
    assert (result.winners, result.termination, result.length) == (frozenset(), "no_progress", 3)
    assert result.placings == (1, 1)
    assert state.discard == ()


# --- AW-B rulings --------------------------------------------------------------------------------


def test_aw_b1_game_ends_before_keep_and_cards_are_conserved() -> None:
    state = layout("2H | 3C | JC 4H | 5C 6H | 7C 8H | 9C TH", T4[1])
    total = state.card_count()
    switch_both(state, Switch(3, 4), Switch(3, 4))
    assert state.is_over
    # P1 won 3C (col 1) and JC (col 2); both are discarded, in column order (AW-B8).
    assert state.discard == (C("3C"), C("JC"))
    assert state.won == ((), ())
    assert show(state, 0) == ["", "4H", "6H 5C", "8H 9C", "TH 7C"]
    assert show(state, 1) == ["3D AC", "4D QD", "6S 5D", "8S 9D", "TS 7D"]
    assert state.card_count() + len(state.discard) == total


# Both seats lose two single-card stacks in the same round (a null switch keeps the tops).
B2_P0 = "2H | 3C | 4C | KC 5C 6C | KD 7C | 8C 9C TC"
B2_P1 = "2S | AC 3D 4D | AD 5D | 2D | 6D | 8D 9D"


@pytest.mark.parametrize(
    ("p0", "double_loss_result", "winners"),
    [
        (B2_P0, "draw", frozenset()),
        (B2_P0, "most_cards", frozenset({0})),  # 8 stack cards against 7
        (B2_P0.replace(" TC", ""), "most_cards", frozenset()),  # 7 and 7
    ],
)
def test_aw_b2_double_loss(p0: str, double_loss_result: str, winners: frozenset[int]) -> None:
    state = layout(p0, B2_P1, allow_null_switch=True, double_loss_result=double_loss_result)
    null = Switch(PROTECTION, PROTECTION)
    events = switch_both(state, null, null)
    assert [e.winner for e in events if isinstance(e, ConflictResolved)] == [1, 1, 0, 0, None]
    result = state.result
    assert result is not None
    assert (result.winners, result.termination) == (winners, "double_loss")
    # Won cards are not counted: they are discarded, P0's winnings first (AW-B8).
    assert state.discard == (C("2D"), C("6D"), C("3C"), C("4C"))


@pytest.mark.parametrize(
    ("options", "termination", "length"),
    [
        ({"no_progress_limit": 3, "max_rounds": 3}, "no_progress", 3),
        ({"no_progress_limit": 3, "max_rounds": 2}, "max_rounds", 2),
        ({"no_progress_limit": 1, "max_rounds": 1}, "no_progress", 1),
    ],
)
def test_aw_b3_caps(options: dict[str, int], termination: str, length: int) -> None:
    state = layout(*T11, **options)
    play_t11(state)
    result = state.result
    assert result is not None
    assert (result.winners, result.termination, result.length) == (
        frozenset(),
        termination,
        length,
    )


def test_aw_b3_cap_result_most_cards() -> None:
    state = layout(T11[0], "2S | 8D KC | 9D | TD | JD | QD", no_progress_limit=3)
    play_t11(state)
    assert state.result is not None
    assert state.result.winners == frozenset()
    state = layout(
        T11[0], "2S | 8D KC | 9D | TD | JD | QD", no_progress_limit=3, cap_result="most_cards"
    )
    play_t11(state)
    assert state.result is not None
    assert (state.result.winners, state.result.termination) == (frozenset({1}), "no_progress")


def test_aw_b3_death_beats_the_caps() -> None:
    state = layout(
        "2H | 3C | JC 4H | 5C 6H | 7C 8H | 9C TH", T4[1], no_progress_limit=1, max_rounds=1
    )
    switch_both(state, Switch(3, 4), Switch(3, 4))
    assert state.result is not None
    assert state.result.termination == "empty_stack"


@pytest.mark.parametrize(("p1_keeps", "over"), [(True, True), (False, False)])
def test_aw_b3_round_with_every_won_card_kept_has_no_discard(p1_keeps: bool, over: bool) -> None:
    state = layout(*T4, no_progress_limit=1)
    switch_both(state, Switch(3, 4), Switch(3, 4))
    state.apply({0: Keep(C("QD"), 0), 1: Keep(C("3C"), 2) if p1_keeps else Decline()})
    assert state.is_over is over
    if over:
        assert state.result is not None
        assert state.result.termination == "no_progress"
    else:
        assert state.discard == (C("3C"),)
        assert state.no_progress == 0


def test_aw_b4_terminations() -> None:
    assert TERMINATIONS == ("empty_stack", "double_loss", "no_progress", "max_rounds")


@pytest.mark.parametrize("seat", [0, 1])
def test_aw_b5_empty_stack_in_layout_is_rejected(seat: int) -> None:
    rows = [list(T4[0].split("|")), list(T4[1].split("|"))]
    rows[seat][3] = " "
    with pytest.raises(RulesError, match=rf"seat {seat} stack 2 is empty.*AW-B5"):
        layout("|".join(rows[0]), "|".join(rows[1]))


def test_aw_b6_null_switch_is_canonical_and_conflict_runs() -> None:
    assert Switch(2, 2) == Switch(PROTECTION, PROTECTION)
    assert Switch(0, 0).is_null
    state = layout(*T4, allow_null_switch=True)
    events = state.apply({0: Switch(1, 1), 1: Switch(PROTECTION, PROTECTION)})
    assert sum(isinstance(e, ConflictResolved) for e in events) == 5
    assert state.protection == (C("2H"), C("2S"))
    assert state.phase is Phase.KEEP


def test_aw_b7_owner_protection_decides() -> None:
    # The same two cards, only the owners' protection suits differ.
    ace, king = C("AC"), C("KD")
    assert resolve_conflict(ace, king, Suit.HEARTS, Suit.SPADES) == 0
    assert resolve_conflict(ace, king, Suit.HEARTS, Suit.DIAMONDS) is None
    # Mirrored seats give mirrored outcomes.
    assert resolve_conflict(king, ace, Suit.SPADES, Suit.HEARTS) == 1
    assert resolve_conflict(king, ace, Suit.DIAMONDS, Suit.HEARTS) is None


def test_aw_b8_discard_order() -> None:
    # After the switch P0 wins columns 2 and 4, P1 wins columns 1 and 3; both decline.
    state = layout(
        "2H | KC 4D | 3C 5D | 4C 6D | KD 7D | 9C 8D",
        "2S | 3D 2D | AC 6S | AD 7S | 5C 8S | 9D TS",
    )
    switch_both(state, Switch(0, 1), Switch(0, 1))
    assert state.won == ((C("3D"), C("5C")), (C("3C"), C("4C")))
    events = state.apply({0: Decline(), 1: Decline()})
    assert state.discard == (C("3D"), C("5C"), C("3C"), C("4C"))
    assert CardsDiscarded((C("3D"), C("5C"), C("3C"), C("4C"))) in events


def test_aw_b9_numbering() -> None:
    assert PROTECTION == 5
    state = layout(*T4)
    switch_both(state, Switch(0, PROTECTION), Switch(0, 1))
    # P0's 3C became the protection card and 2H fought in column 1.
    assert state.protection[0] == C("3C")
    with pytest.raises(IllegalMoveError, match=r"0\.\.5"):
        Switch(0, 6)
    with pytest.raises(IllegalMoveError, match=r"0\.\.4"):
        Keep(C("3C"), PROTECTION)
