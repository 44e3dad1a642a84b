"""The published long-game records, replayed under BMN-8's counting, and the cycle of 2024."""

from __future__ import annotations

import pytest

from beggar_my_neighbour import BeggarMyNeighbour, Outcome, State
from tests.records_list import NON_TERMINATING, RECORDS
from tests.reference import play_notation

# What this engine counts (BMN-8), game by game: winner, tricks, cards.
EXPECTED = {
    "Paulhus 1999": (0, 669, 4791),
    "Kleber 1999": (0, 804, 5790),
    "Collins 2006": (0, 959, 6913),
    "Mann and Wu 2007": (1, 1007, 7158),
    "Nessler 2012": (1, 1015, 7208),
    "Anderson 2013": (0, 1016, 7226),
    "Rucklidge 2014": (1, 1121, 7959),
    "Nessler 2021": (0, 1105, 7972),
    "Nessler 2022": (1, 1164, 8345),
}


@pytest.mark.parametrize(("name", "hand0", "hand1", "cards", "tricks"), RECORDS)
def test_record_deals_within_one_trick_and_one_card(
    name: str, hand0: str, hand1: str, cards: int, tricks: int
) -> None:
    outcome = BeggarMyNeighbour().play_hands(hand0, hand1)
    assert (outcome.winner, outcome.tricks, outcome.cards) == EXPECTED[name]
    assert outcome.cycle is None
    assert abs(outcome.tricks - tricks) <= 1 and abs(outcome.cards - cards) <= 1
    assert play_notation(hand0, hand1)[:3] == EXPECTED[name]  # the independent reference


def test_the_record_stepped_trick_by_trick_is_the_same_game() -> None:
    name, hand0, hand1, _, _ = RECORDS[-1]
    state = BeggarMyNeighbour().from_hands(hand0, hand1)
    steps = 0
    while not state.is_over:
        state.apply({})
        steps += 1
    assert state.result is not None
    assert (state.result.winner, state.tricks, state.cards) == EXPECTED[name]
    assert steps == state.tricks + 1  # the last step took the last pile, no trick


def test_the_non_terminating_deal_is_a_cycle_of_62_tricks() -> None:
    game = BeggarMyNeighbour()
    assert game.play_hands(*NON_TERMINATING) == Outcome(None, 66, 474, 62)
    assert play_notation(*NON_TERMINATING)[:4] == (None, 66, 474, 62)
    state = State.from_hands(list(NON_TERMINATING))
    while not state.is_over:
        state.apply({})
    assert state.result is not None and state.result.termination == "cycle"
    assert state.cycle == 62 and state.result.length == 66
