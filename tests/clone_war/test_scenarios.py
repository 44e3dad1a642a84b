"""Clone War by seeds/001_clone_war.md: scenarios CW-T* and the edge cases CW-B1 … B8, exactly."""

from __future__ import annotations

import pytest

import cardwars
from cardwars import Card, IllegalMoveError, RulesError
from cardwars.clone_war import (
    CardsFlipped,
    CloneWar,
    Forfeited,
    GameOver,
    LastCardShown,
    Phase,
    PlayersEliminated,
    PotCollected,
    PotSplit,
    State,
    WarCardsPlaced,
    WarStarted,
)
from cardwars.engine import Result
from tests import builds
from tests.clone_war.helpers import cards, piles, play_out, position

# --- §2.5 scenarios ------------------------------------------------------------------


def test_cw_t1_simple_battles_winner_first() -> None:
    state = position("KC JC", "QD QH")
    events = state.apply({})
    assert events == (
        CardsFlipped(1, ((0, Card.parse("KC")), (1, Card.parse("QD")))),
        PotCollected(0, 2, False),
    )
    assert piles(state) == ["JC KC QD", "QH"]
    state.apply({})
    assert piles(state) == ["KC QD", "QH JC"]  # collect [QH, JC]: the winner's card first
    assert state.battles == 2
    assert state.wars == 0


def test_cw_t2_lower_tie_starts_no_war() -> None:
    state = position("QC KC", "JD JH", "JS QD")
    events = state.apply({})
    assert not any(isinstance(e, WarStarted) for e in events)
    assert piles(state) == ["KC QC JD JS", "JH", "QD"]


def test_cw_t3_single_war() -> None:
    state = position("KC JC QC QD", "KD KH JD JH")
    events = state.apply({})
    assert events[1:] == (
        WarStarted(1, (0, 1)),
        WarCardsPlaced(0, Card.parse("QC")),
        WarCardsPlaced(1, Card.parse("JD")),
        PotCollected(0, 6, False),
    )
    assert piles(state) == ["QD KC KD JC QC KH JD", "JH"]
    assert state.wars == 1


def test_cw_t5_double_war() -> None:
    state = position("KC JC QC JD KD QD", "KH QH QS KS JH JS")
    events = state.apply({})
    assert [e for e in events if isinstance(e, WarStarted)] == [
        WarStarted(1, (0, 1)),
        WarStarted(2, (0, 1)),
    ]
    assert piles(state) == ["QD KC KH JC QC QH QS JD KD KS JH", "JS"]
    assert state.wars == 2  # CW-B2: a double war counts 2


def test_cw_t6_forfeit_sole_survivor_wins_at_once() -> None:
    state = position("KC JC QC QD", "KD QH", "JD JH")
    events = state.apply({})
    assert events[1:] == (
        WarStarted(1, (0, 1)),
        Forfeited(1, 1, False),
        PotCollected(0, 4, False),  # no war cards placed (CW-A13)
        PlayersEliminated((1,), 3),
    )
    assert piles(state) == ["JC QC QD KC KD JD QH", "", "JH"]
    assert state.eliminated == frozenset({1})
    assert state.wars == 1  # CW-B2: a stage settled by a forfeit counts
    assert not state.is_over


def test_cw_t6_two_player_form_wins_game() -> None:
    state = position("KC JC QC", "KD QH")
    events = state.apply({})
    assert piles(state) == ["JC QC KC KD QH", ""]
    assert state.result == Result(frozenset({0}), "last_player", 1, (1, 2))
    assert events[-1] == GameOver(state.result)
    assert state.phase is Phase.OVER


def test_cw_t8_all_short_split_with_remainder_seeded() -> None:
    state = position("KC", "KD", "QH JC JD", rng_seed=1)
    events = state.apply({})
    assert events[1:] == (
        WarStarted(1, (0, 1)),
        LastCardShown(0, Card.parse("KC"), False),
        LastCardShown(1, Card.parse("KD"), False),
        PotSplit((0, 1), 1, 1),
    )
    assert piles(state) == ["KD", "QH", "JC JD"]
    assert state.dead == (Card.parse("KC"),)
    assert state.eliminated == frozenset()
    assert state.wars == 1


def test_cw_t9_cycle_is_a_draw_after_3_battles() -> None:
    state = position("QC", "JD JH QD JS")
    events = play_out(state)
    assert state.result == Result(frozenset(), "cycle", 3, (1, 1))
    assert events[-1] == GameOver(state.result)
    assert piles(state) == ["QC JH", "JS QD JD"]  # at the start of battle 4


def test_cw_t9_without_cycle_detection_runs_to_max_battles() -> None:
    state = position("QC", "JD JH QD JS", cycle_detection=False, max_battles=101)
    play_out(state)
    assert state.result == Result(frozenset(), "cap", 101, (1, 1))


def test_cw_t9b_split_every_battle_so_cap() -> None:
    state = position("KC", "KD", max_battles=50)
    events = play_out(state)
    assert state.result == Result(frozenset(), "cap", 50, (1, 1))
    assert sum(isinstance(e, PotSplit) for e in events) == 50
    assert sorted(map(str, state.piles[0] + state.piles[1])) == ["KC", "KD"]


def test_cw_t10_golden_deal_3_players() -> None:
    state = CloneWar(players=3).new_game(seed=42)
    assert [len(pile) for pile in state.piles] == [16, 16, 16]
    assert state.dead == ()
    assert [list(pile[:4]) for pile in state.piles] == [
        cards("KS2 JH1 JD1 JS2"),
        cards("KH KD JD3 KD1"),
        cards("KC1 JH3 JS1 KD2"),
    ]


def test_cw_t10_golden_deal_2_players() -> None:
    state = CloneWar(players=2).new_game(seed=42)
    assert [list(pile[:4]) for pile in state.piles] == [
        cards("KS2 KC1 KD JD1"),
        cards("KH JH1 JH3 JD3"),
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cw_2_2_deal_is_the_whole_deck_round_robin(players: int) -> None:
    state = CloneWar(players=players).new_game(seed=9)
    shuffled = list(cardwars.Deck.clone_war())
    builds.current.Rng(9).shuffle(shuffled)
    assert [list(pile) for pile in state.piles] == [shuffled[s::players] for s in range(players)]


# --- edge cases CW-B1 … B8 -------------------------------------------------------------


def test_cw_b1_forfeit_record_sits_in_its_stage_by_seat() -> None:
    state = position("KC JC JD", "KD QC", "KH QD QH")
    state.apply({})
    # Stage 0 clockwise from the winner; stage 1: seat 2's war cards, seat 0's, seat 1's forfeit.
    assert piles(state) == ["", "", "KH KC KD QD QH JC JD QC"]
    assert state.result == Result(frozenset({2}), "last_player", 1, (2, 2, 1))


def test_cw_b2_all_short_comparison_counts_as_a_war_stage() -> None:
    state = position("KC JC QC KH", "KD JD QD")
    events = state.apply({})
    assert state.wars == 2
    assert [e for e in events if isinstance(e, LastCardShown)] == [
        LastCardShown(0, Card.parse("KH"), True),
        LastCardShown(1, Card.parse("QD"), False),  # CW-B6: the face-up card of stage 1
    ]
    assert piles(state) == ["KC KD JC QC JD QD KH", ""]
    assert state.result is not None
    assert state.result.winners == frozenset({0})


def test_cw_b3_win_in_the_last_allowed_battle_is_a_win() -> None:
    state = position("KC JC QC", "KD QH", max_battles=1)
    play_out(state)
    assert state.result is not None
    assert state.result.termination == "last_player"


def test_cw_b3_repeat_at_battle_max_plus_1_is_a_cap() -> None:
    state = position("QC", "JD JH QD JS", max_battles=3)
    play_out(state)
    assert state.result == Result(frozenset(), "cap", 3, (1, 1))
    state = position("QC", "JD JH QD JS", max_battles=4)
    play_out(state)
    assert state.result == Result(frozenset(), "cycle", 3, (1, 1))


def test_cw_b4_the_starting_state_counts() -> None:
    state = position("QC JD", "JH QD JS")  # CW-T9 from battle 2: it repeats after 2 battles
    play_out(state)
    assert state.result == Result(frozenset(), "cycle", 2, (1, 1))


def test_cw_b4_an_rng_draw_forgets_earlier_states() -> None:
    # CW-T9b: the rank-state is the same before every battle, but every battle draws.
    state = position("KC", "KD", max_battles=7)
    play_out(state)
    assert state.result is not None
    assert state.result.termination == "cap"


def test_cw_b5_split_remainder_is_the_last_cards_of_the_shuffled_pot() -> None:
    state = position("KC", "KD", "QH JC JD", rng_seed=1)
    pot = cards("KC KD QH")  # canonical: stage, seat, placement
    builds.current.Rng(1).shuffle(pot)
    state.apply({})
    assert list(state.dead) == pot[2:]
    assert [list(p) for p in state.piles[:2]] == [pot[0:1], pot[1:2]]


def test_cw_b6_split_uses_the_latest_face_up_cards() -> None:
    state = position("KC JC QC", "KD JD QD", rng_seed=5)
    events = state.apply({})
    assert [e for e in events if isinstance(e, LastCardShown)] == [
        LastCardShown(0, Card.parse("QC"), False),
        LastCardShown(1, Card.parse("QD"), False),
    ]
    pot = cards("KC KD JC QC JD QD")
    builds.current.Rng(5).shuffle(pot)
    assert [list(p) for p in state.piles] == [pot[0::2], pot[1::2]]
    assert state.wars == 2


def test_cw_b7_empty_pile_is_out_from_the_start() -> None:
    state = State.from_piles([["KC", "JC"], [], ["QD"]])
    assert state.eliminated == frozenset({1})
    play_out(state)
    assert state.result == Result(frozenset({0}), "last_player", 1, (1, 3, 2))


def test_cw_b7_one_seat_with_cards_has_won_after_0_battles() -> None:
    state = State.from_piles([[], ["KC"]])
    assert state.result == Result(frozenset({1}), "last_player", 0, (2, 1))
    assert state.phase is Phase.OVER
    with pytest.raises(IllegalMoveError, match="over"):
        state.apply({})


def test_cw_b7_nobody_with_cards_is_rejected() -> None:
    with pytest.raises(RulesError, match="at least one card"):
        State.from_piles([[], []])


def test_cw_b8_clockwise_skips_eliminated_seats() -> None:
    state = State.from_piles([["QC", "JS"], [], ["JC", "QS"], ["KC", "JH"]])
    state.apply({})
    assert piles(state)[3] == "JH KC QC JC"  # seats 3, 0, 2
