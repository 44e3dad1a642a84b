"""The scenario tests GT-T* (docs/games/guerrilla.rst) and the edge-case rulings GT-B1…B7.

Positions are built with ``State.from_position``. Where a scenario states the
piles "between skirmishes", the players' "played a Guerrilla" flags are set so
that the next skirmish opens a promotion window: the state then rests before
the next Draw, exactly where the scenario's expectations apply.
"""

from __future__ import annotations

import pytest

from cardwars.cards import Card
from cardwars.errors import IllegalMoveError
from cardwars.guerrilla import (
    TERMINATIONS,
    Allow,
    Cancel,
    CardPlayed,
    CardsDrawn,
    CardsRecruited,
    DiscardReshuffled,
    FaceDownRevealed,
    ForcesLost,
    Guerrilla,
    Pass,
    Phase,
    Play,
    PlayerEliminated,
    ProposalCancelled,
    ProposalMade,
    Propose,
    Rules,
    SpoilsTaken,
    State,
    Support,
    TieCards,
)
from tests import builds
from tests.guerrilla.helpers import c, cards, phase_of


def sample(seed: int, items: list[Card], k: int) -> list[Card]:
    """The first ``k`` cards that ``sample_prefix`` picks with a fresh RNG seeded ``seed``."""
    pool = list(items)
    builds.current.Rng(seed).sample_prefix(pool, k)
    return pool[:k]


# --- GT-T1 -------------------------------------------------------------------------------


def test_gt_t1_basic_skirmish_support_not_allowed() -> None:
    s = State.from_position(
        [[], []],
        draw_piles=[cards("K♣ 5♣ 9♣"), cards("9♦ 4♦ 8♦")],
        played_guerrilla=[True, True],
        start="draw",
    )
    assert s.hands == (tuple(cards("K♣ 5♣")), tuple(cards("9♦ 4♦")))
    assert phase_of(s) is Phase.PLAY
    assert s.to_act == {0, 1}
    s.apply({0: Play(c("K♣")), 1: Play(c("9♦"))})
    # Only the loser is polled, and {9, 4} is still a loss: pass only.
    assert phase_of(s) is Phase.SUPPORT
    assert s.to_act == {1}
    assert s.legal_moves(1) == (Pass(),)
    events = s.apply({1: Pass()})
    assert SpoilsTaken(0, tuple(cards("K♣ 9♦"))) in events
    assert not any(isinstance(e, ForcesLost) for e in events)
    assert phase_of(s) is Phase.PROPOSE  # rests before the next Draw (flags preset)
    assert s.discard_piles == (tuple(cards("K♣ 9♦")), ())
    assert s.hands == ((c("5♣"),), (c("4♦"),))
    assert s.removed == ()
    assert s.spy_first == (False, False)
    assert s.support_penalty == (False, False)
    s.apply({0: Pass(), 1: Pass()})
    assert s.hands == (tuple(cards("5♣ 9♣")), tuple(cards("4♦ 8♦")))


# --- GT-T2 -------------------------------------------------------------------------------


def test_gt_t2_support_with_natural_pair() -> None:
    s = State.from_position(
        [cards("8♥ 8♦"), cards("Q♣ 3♠")],
        draw_piles=[cards("4♥ 5♥"), cards("5♠ 6♠")],
        played_guerrilla=[True, True],
        rules=Rules(two_suit_variant=True),
        start="play",
    )
    s.apply({0: Play(c("8♥")), 1: Play(c("Q♣"))})
    assert s.to_act == {0}  # the winner before support is not polled (GT-A17)
    assert s.legal_moves(0) == (Pass(), Support(c("8♦")))
    s.apply({0: Support(c("8♦"))})
    assert s.discard_piles == (tuple(cards("8♥ Q♣ 8♦")), ())
    assert s.removed == ()
    assert s.support_penalty == (True, False)
    events = s.apply({0: Pass(), 1: Pass()})
    assert CardsDrawn(0, 1) in events
    assert CardsDrawn(1, 1) in events
    assert s.hands == ((c("4♥"),), tuple(cards("3♠ 5♠")))
    assert s.support_penalty == (False, False)


# --- GT-T3 -------------------------------------------------------------------------------


def _t3(rank: int) -> State:
    return State.from_position(
        [cards("3♣ 2♣"), cards("A♦ 5♦")],
        draw_piles=[cards("9♣ T♣"), cards("9♦ T♦")],
        guerrilla_rank=rank,
        played_guerrilla=[False, True],
        rng_seed=1,
        start="play",
    )


def test_gt_t3_guerrilla_pair_and_loss_of_forces() -> None:
    s = _t3(3)
    s.apply({0: Play(c("3♣")), 1: Play(c("A♦"))})
    assert s.legal_moves(0) == (Pass(), Support(c("2♣")))
    events = s.apply({0: Support(c("2♣"))})
    assert sample(1, cards("3♣ A♦ 2♣"), 1) == [c("A♦")]
    assert ForcesLost((c("A♦"),)) in events
    assert s.removed == (c("A♦"),)
    assert s.discard_piles == (tuple(cards("3♣ 2♣")), ())
    # P0's flag is now set, so the window opens and the state rests before the Draw.
    assert phase_of(s) is Phase.PROPOSE
    assert s.played_guerrilla == (True, True)
    assert s.support_penalty == (True, False)


def test_gt_t3b_no_guerrilla_at_rank_two() -> None:
    s = _t3(2)
    s.apply({0: Play(c("3♣")), 1: Play(c("A♦"))})
    assert s.legal_moves(0) == (Pass(),)
    events = s.apply({0: Pass()})
    assert not any(isinstance(e, ForcesLost) for e in events)
    assert s.removed == ()
    assert s.discard_piles == ((), tuple(cards("3♣ A♦")))


# --- GT-T4 -------------------------------------------------------------------------------


def _t4(p1_draw: str, flags: list[bool]) -> State:
    s = State.from_position(
        [cards("J♣ 4♣"), cards("J♦ 5♦")],
        draw_piles=[cards("K♣ 9♣ 6♣"), cards(p1_draw)],
        played_guerrilla=flags,
        rng_seed=5,
        start="play",
    )
    s.apply({0: Play(c("J♣")), 1: Play(c("J♦"))})
    assert s.to_act == {0, 1}
    assert s.legal_moves(0) == (Pass(),)
    assert s.legal_moves(1) == (Pass(),)
    s.apply({0: Pass(), 1: Pass()})
    assert phase_of(s) is Phase.TIE
    return s


def test_gt_t4_tie_resolution() -> None:
    s = _t4("6♦ 3♦ 8♦", [True, True])
    assert s.hands == (tuple(cards("4♣ K♣ 9♣")), tuple(cards("5♦ 6♦ 3♦")))
    # The face-down cards stay hidden from the other player until the skirmish ends.
    events = s.apply({0: TieCards(c("K♣"), c("9♣")), 1: TieCards(c("6♦"), c("3♦"))})
    assert FaceDownRevealed(0, c("9♣")) in events
    assert FaceDownRevealed(1, c("3♦")) in events
    assert not any(isinstance(e, ForcesLost) for e in events)
    assert s.discard_piles == (tuple(cards("J♣ J♦ 9♣ K♣ 3♦ 6♦")), ())
    assert s.hands == ((c("4♣"),), (c("5♦"),))
    assert s.draw_piles == ((c("6♣"),), (c("8♦"),))


def test_gt_t4b_face_down_guerrilla_triggers_loss_of_forces() -> None:
    s = _t4("6♦ 2♦ 8♦", [False, False])
    events = s.apply({0: TieCards(c("K♣"), c("9♣")), 1: TieCards(c("6♦"), c("2♦"))})
    table = cards("J♣ J♦ 9♣ K♣ 2♦ 6♦")
    lost = sample(5, table, 3)
    assert ForcesLost(tuple(lost)) in events
    assert s.removed == tuple(lost)
    assert s.discard_piles[0] == tuple(x for x in table if x not in lost)
    assert s.played_guerrilla == (False, True)


def test_gt_10_4_tie_cards_order_and_one_card_hand() -> None:
    s = _t4("6♦", [True, True])
    # P1 holds 5♦ and drew 6♦ only: two cards, so down/up pairs by (down, up).
    assert s.legal_moves(1) == (TieCards(c("6♦"), c("5♦")), TieCards(c("5♦"), c("6♦")))
    s.apply({0: TieCards(c("9♣"), c("K♣")), 1: TieCards(c("6♦"), c("5♦"))})
    # 9 beats 6: P0 wins; the face-down card does not count (GT-A19).
    assert s.discard_piles[0] == tuple(cards("J♣ J♦ K♣ 9♣ 5♦ 6♦"))


def test_gt_a20_one_card_hand_plays_face_up_alone() -> None:
    s = State.from_position(
        [cards("J♣"), cards("J♦")],
        draw_piles=[cards("K♣"), cards("6♦")],
        start="play",
    )
    s.apply({0: Play(c("J♣")), 1: Play(c("J♦"))})
    assert phase_of(s) is Phase.TIE  # empty hands: nobody may support, so no support poll
    assert s.legal_moves(0) == (TieCards(c("K♣"), None),)
    events = s.apply({0: TieCards(c("K♣"), None), 1: TieCards(c("6♦"), None)})
    assert SpoilsTaken(0, tuple(cards("J♣ J♦ K♣ 6♦"))) in events


# --- GT-T6 -------------------------------------------------------------------------------


def _t6(**overrides: object) -> State:
    options: dict[str, object] = {
        "draw_piles": [cards("T♣ J♣"), cards("T♦ J♦"), cards("T♥ J♥")],
        "played_guerrilla": [True, True, True],
        "skirmish": 6,
    }
    options.update(overrides)
    hands = options.pop("hands", [cards("9♣"), cards("K♦"), cards("4♥")])
    return State.from_position(hands, **options)  # type: ignore[arg-type]


def test_gt_t6_promotion_accepted() -> None:
    s = _t6()
    assert phase_of(s) is Phase.PROPOSE
    assert s.to_act == {0, 1, 2}
    assert s.legal_moves(0) == (Pass(), Propose())
    events = s.apply({0: Propose(), 1: Pass(), 2: Propose()})
    assert ProposalMade(0, (0, 2)) in events
    assert phase_of(s) is Phase.RESPOND
    assert s.to_act == {1, 2}
    assert s.legal_moves(1) == (Allow(),)
    assert s.legal_moves(2) == (Allow(),)
    s.apply({1: Allow(), 2: Allow()})
    assert s.guerrilla_rank == 3
    assert phase_of(s) is Phase.PLAY


def test_gt_t6_no_window_without_every_flag() -> None:
    s = _t6(played_guerrilla=[True, True, False])
    assert phase_of(s) is Phase.PLAY
    assert s.guerrilla_rank == 2


def test_gt_t6_guerrilla_holder_may_only_pass() -> None:
    s = _t6(hands=[cards("2♣"), cards("K♦"), cards("4♥")])
    assert s.legal_moves(0) == (Pass(),)


def test_gt_t6_no_window_at_rank_six() -> None:
    s = _t6(guerrilla_rank=6)
    assert phase_of(s) is Phase.PLAY
    assert s.guerrilla_rank == 6


# --- GT-T7 -------------------------------------------------------------------------------


def test_gt_t7_cancellation_and_recruitment() -> None:
    s = State.from_position(
        [cards("9♣"), cards("2♦")],
        draw_piles=[cards("A♣ K♣ Q♣"), cards("5♦")],
        played_guerrilla=[True, True],
    )
    assert s.legal_moves(0) == (Pass(), Propose())
    assert s.legal_moves(1) == (Pass(),)
    s.apply({0: Propose(), 1: Pass()})
    assert s.to_act == {1}
    assert s.legal_moves(1) == (Allow(), Cancel(c("2♦")))
    events = s.apply({1: Cancel(c("2♦"))})
    assert ProposalCancelled(((1, c("2♦")),)) in events
    assert CardsRecruited(1, 0, 2) in events
    assert s.guerrilla_rank == 2
    assert s.discard_piles == ((), tuple(cards("A♣ K♣")))
    assert s.hands == (tuple(cards("9♣ Q♣")), tuple(cards("2♦ 5♦")))
    assert s.draw_piles == ((), ())


def test_gt_t7b_recruit_shortfall_takes_what_is_there() -> None:
    s = State.from_position(
        [cards("9♣"), cards("2♦")],
        draw_piles=[cards("A♣"), cards("5♦")],
        discard_piles=[cards("J♣ T♣"), []],
        played_guerrilla=[True, True],
        rng_seed=3,
    )
    s.apply({0: Propose(), 1: Pass()})
    events = s.apply({1: Cancel(c("2♦"))})
    assert CardsRecruited(1, 0, 1) in events
    assert DiscardReshuffled(0, 2) in events
    shuffled = cards("J♣ T♣")
    builds.current.Rng(3).shuffle(shuffled)
    assert s.hands[0] == (c("9♣"), shuffled[0])
    assert s.draw_piles[0] == (shuffled[1],)
    assert s.discard_piles == ((), (c("A♣"),))


def test_gt_a33_recruit_shortfall_reshuffle_option() -> None:
    s = State.from_position(
        [cards("9♣"), cards("2♦")],
        draw_piles=[cards("A♣"), cards("5♦")],
        discard_piles=[cards("J♣ T♣"), []],
        played_guerrilla=[True, True],
        rules=Rules(recruit_shortfall="reshuffle"),
    )
    s.apply({0: Propose(), 1: Pass()})
    events = s.apply({1: Cancel(c("2♦"))})
    assert CardsRecruited(1, 0, 2) in events
    assert len(s.discard_piles[1]) == 2
    assert s.discard_piles[1][0] == c("A♣")


# --- GT-T8 -------------------------------------------------------------------------------


def _t8(rules: Rules | None = None) -> State:
    return State.from_position(
        [cards("9♣"), cards("5♦")], draw_piles=[cards("8♣"), []], rules=rules, start="draw"
    )


def test_gt_t8_eliminated_at_draw_while_holding_a_card() -> None:
    s = _t8()
    assert s.is_over
    assert s.result is not None
    assert s.result.winners == {0}
    assert s.result.termination == "last_player"
    assert s.result.length == 0  # GT-B1: a game ending at Draw does not count that skirmish
    assert s.removed == (c("5♦"),)
    assert s.hands == (tuple(cards("9♣ 8♣")), ())
    assert PlayerEliminated(1, (c("5♦"),)) in s.log


def test_gt_t8_cannot_play() -> None:
    s = _t8(Rules(elimination_rule="cannot_play"))
    assert phase_of(s) is Phase.PLAY
    assert s.in_game == (True, True)
    s.apply({0: Play(c("8♣")), 1: Play(c("5♦"))})
    assert s.is_over
    assert s.result is not None
    assert s.result.winners == {0}
    assert s.result.length == 1
    assert s.discard_piles[0] == ()
    assert len(s.hands[0]) == 2


# --- GT-T9 -------------------------------------------------------------------------------


def test_gt_t9_elimination_during_tie_resolution() -> None:
    s = State.from_position(
        [cards("J♣ 4♣"), cards("J♦ 5♦")], draw_piles=[cards("K♣ 9♣"), []], start="play"
    )
    s.apply({0: Play(c("J♣")), 1: Play(c("J♦"))})
    s.apply({0: Pass(), 1: Pass()})
    assert s.is_over
    assert s.result is not None
    assert s.result.winners == {0}
    assert s.result.termination == "last_player"
    assert s.removed == (c("5♦"),)
    assert s.discard_piles[0] == tuple(cards("J♣ J♦"))
    assert s.draw_piles[0] == tuple(cards("K♣ 9♣"))  # won without drawing


def test_gt_t9b_simultaneous_elimination_is_a_draw() -> None:
    s = State.from_position([cards("J♣ 4♣"), cards("J♦ 5♦")], start="play")
    s.apply({0: Play(c("J♣")), 1: Play(c("J♦"))})
    s.apply({0: Pass(), 1: Pass()})
    assert s.result is not None
    assert s.result.winners == frozenset()
    assert s.result.termination == "all_eliminated"
    assert s.result.placings == (1, 1)
    assert s.removed == tuple(cards("4♣ 5♦ J♣ J♦"))


# --- GT-T11 ------------------------------------------------------------------------------


def test_gt_t11_seeded_setup_golden_vector() -> None:
    s = Guerrilla(2).new_game(42)
    assert s.hands[0] + s.draw_piles[0] == tuple(cards("J♣ 4♣ 7♣ 8♣ 6♣ K♣ 9♣ 3♣ 2♣ 5♣ Q♣ T♣ A♣"))
    assert s.hands[1] + s.draw_piles[1] == tuple(cards("8♦ 9♦ J♦ 7♦ 6♦ T♦ 2♦ K♦ A♦ 4♦ 3♦ 5♦ Q♦"))
    assert phase_of(s) is Phase.PLAY
    assert len(s.hands[0]) == 2


def test_gt_t11_seeded_setup_two_suit_variant() -> None:
    s = Guerrilla(2, Rules(two_suit_variant=True)).new_game(42)
    assert (s.hands[0] + s.draw_piles[0])[:6] == tuple(cards("8♥ 6♦ T♦ Q♦ 3♦ Q♥"))
    assert (s.hands[1] + s.draw_piles[1])[:6] == tuple(cards("9♣ 8♠ 9♠ K♠ 3♣ T♠"))
    assert len(s.hands[0] + s.draw_piles[0]) == 26


# --- GT-B rulings ------------------------------------------------------------------------


def test_gt_b1_cap_counts_completed_skirmishes() -> None:
    s = State.from_position(
        [cards("K♣ 5♣"), cards("9♦ 4♦")],
        draw_piles=[cards("8♣"), cards("8♦")],
        rules=Rules(max_skirmishes=1),
        start="play",
    )
    s.apply({0: Play(c("K♣")), 1: Play(c("9♦"))})
    s.apply({1: Pass()})
    assert s.result is not None
    assert s.result.termination == "max_skirmishes"
    assert s.result.length == 1
    assert s.result.winners == frozenset()


def test_gt_b1_last_player_beats_the_cap() -> None:
    s = State.from_position(
        [cards("J♣ 4♣"), cards("J♦ 5♦")],
        draw_piles=[cards("K♣"), []],
        rules=Rules(max_skirmishes=1),
        start="play",
    )
    s.apply({0: Play(c("J♣")), 1: Play(c("J♦"))})
    s.apply({0: Pass(), 1: Pass()})
    assert s.result is not None
    assert s.result.termination == "last_player"


def test_gt_b2_draw_step_reshuffles_before_the_end_check() -> None:
    s = State.from_position(
        [[], cards("5♦")], draw_piles=[[], []], discard_piles=[[], cards("6♦ 7♦")], start="draw"
    )
    assert s.result is not None
    assert s.result.winners == {1}
    assert DiscardReshuffled(1, 2) in s.log
    assert s.rng != builds.current.Rng(0)


def test_gt_b2_b3_loss_of_forces_without_winner_and_removed_order() -> None:
    s = State.from_position([cards("2♣ 4♣"), cards("2♦ 5♦")], rng_seed=9, start="play")
    s.apply({0: Play(c("2♣")), 1: Play(c("2♦"))})
    s.apply({0: Pass(), 1: Pass()})
    lost = sample(9, cards("2♣ 2♦"), 1)
    rest = [x for x in cards("2♣ 2♦") if x not in lost]
    # Eliminated hands first, then the sampled cards, then the no-winner spoils.
    assert s.removed == (c("4♣"), c("5♦"), *lost, *rest)
    assert s.result is not None
    assert s.result.termination == "all_eliminated"


def test_gt_b4_lead_seat_counts_eliminated_seats() -> None:
    s = State.from_position(
        [cards("9♣"), [], cards("9♥")],
        draw_piles=[cards("T♣"), [], cards("T♥")],
        played_guerrilla=[True, False, True],
        in_game=[True, False, True],
        skirmish=1,
    )
    events = s.apply({0: Propose(), 2: Propose()})
    assert ProposalMade(2, (0, 2)) in events  # lead seat 1 mod 3; first clockwise is seat 2


def test_gt_b5_cannot_play_keeps_a_tied_player_with_a_card() -> None:
    s = State.from_position(
        [cards("J♣ 4♣"), cards("J♦ 5♦")],
        draw_piles=[cards("K♣ 9♣"), []],
        rules=Rules(elimination_rule="cannot_play"),
        start="play",
    )
    s.apply({0: Play(c("J♣")), 1: Play(c("J♦"))})
    s.apply({0: Pass(), 1: Pass()})
    assert phase_of(s) is Phase.TIE
    assert s.in_game == (True, True)
    assert s.legal_moves(1) == (TieCards(c("5♦"), None),)


def test_gt_b6_all_eliminated_outside_tie_resolution() -> None:
    s = State.from_position(
        [cards("J♣ 4♣"), cards("J♦ 5♦"), cards("3♥"), cards("4♠")], start="play"
    )
    s.apply({0: Play(c("J♣")), 1: Play(c("J♦")), 2: Play(c("3♥")), 3: Play(c("4♠"))})
    assert s.to_act == {0, 1}  # P2 and P3 lose with empty hands: not polled
    s.apply({0: Pass(), 1: Pass()})
    assert s.result is not None
    assert s.result.termination == "all_eliminated"
    assert s.result.winners == frozenset()
    assert s.result.placings == (3, 3, 1, 1)
    assert s.result.length == 1


def test_gt_b7_terminations() -> None:
    assert TERMINATIONS == ("last_player", "all_eliminated", "max_skirmishes")


# --- further clauses -----------------------------------------------------------------------


def test_gt_8_2_lose_to_tie_is_an_improvement() -> None:
    s = State.from_position(
        [cards("9♣ K♣"), cards("K♦ 3♦")],
        draw_piles=[cards("5♣"), cards("5♦")],
        start="play",
    )
    s.apply({0: Play(c("9♣")), 1: Play(c("K♦"))})
    # {9, K} is worth K: a tie with K, which improves on losing.
    assert s.legal_moves(0) == (Pass(), Support(c("K♣")))


def test_gt_13_spy_first_after_capturing_a_spy() -> None:
    s = State.from_position(
        [cards("K♣ 9♣"), cards("7♦ 3♦")],
        draw_piles=[cards("T♣ J♣"), cards("T♦ J♦")],
        start="play",
    )
    s.apply({0: Play(c("K♣")), 1: Play(c("7♦"))})
    s.apply({1: Pass()})
    assert s.spy_first == (True, False)
    assert phase_of(s) is Phase.PLAY_FIRST
    assert s.to_act == {0}
    events = s.apply({0: Play(c("9♣"))})
    assert CardPlayed(0, c("9♣"), True) in events
    assert phase_of(s) is Phase.PLAY
    assert s.to_act == {1}
    assert s.observation(1).played[0] == c("9♣")


def test_gt_13_own_spy_does_not_count() -> None:
    s = State.from_position(
        [cards("7♣ 9♣"), cards("5♦ 3♦")],
        draw_piles=[cards("T♣ J♣"), cards("T♦ J♦")],
        start="play",
    )
    s.apply({0: Play(c("7♣")), 1: Play(c("5♦"))})
    s.apply({1: Pass()})
    assert s.spy_first == (False, False)


def test_gt_12_spoils_in_table_order_with_face_down_seven_not_a_spy() -> None:
    s = State.from_position(
        [cards("J♣ 4♣"), cards("J♦ 5♦")],
        draw_piles=[cards("K♣ 9♣"), cards("7♦ 6♦")],
        start="play",
    )
    s.apply({0: Play(c("J♣")), 1: Play(c("J♦"))})
    s.apply({0: Pass(), 1: Pass()})
    s.apply({0: TieCards(c("K♣"), c("9♣")), 1: TieCards(c("6♦"), c("7♦"))})
    assert s.spy_first == (False, False)  # the 7 was face down


def test_gt_a29_unanimous_vote_reject() -> None:
    s = State.from_position(
        [cards("9♣"), cards("2♦")],
        draw_piles=[cards("A♣ K♣"), cards("5♦")],
        played_guerrilla=[True, True],
        rules=Rules(promotion_acceptance="unanimous_vote"),
    )
    s.apply({0: Propose(), 1: Pass()})
    from cardwars.guerrilla import Reject

    assert s.legal_moves(1) == (Allow(), Reject(), Cancel(c("2♦")))
    s.apply({1: Reject()})
    assert s.guerrilla_rank == 2
    assert s.discard_piles == ((), ())


def test_gt_a22_winner_chooses_removal() -> None:
    from cardwars.guerrilla import Remove

    s = State.from_position(
        [cards("3♣ 2♣"), cards("A♦ 5♦")],
        draw_piles=[cards("9♣"), cards("9♦")],
        guerrilla_rank=3,
        rules=Rules(removal_choice="winner_chooses"),
        start="play",
    )
    s.apply({0: Play(c("3♣")), 1: Play(c("A♦"))})
    s.apply({0: Support(c("2♣"))})
    assert phase_of(s) is Phase.REMOVE
    assert s.to_act == {0}
    assert s.legal_moves(0) == tuple(Remove(x) for x in cards("3♣ A♦ 2♣"))
    s.apply({0: Remove(c("2♣"))})
    assert s.removed == (c("2♣"),)
    assert s.discard_piles[0] == tuple(cards("3♣ A♦"))


def test_gt_illegal_move_leaves_state_unchanged() -> None:
    s = Guerrilla(2).new_game(7)
    before = s.copy()
    with pytest.raises(IllegalMoveError):
        s.apply({0: Play(c("A♠")), 1: s.legal_moves(1)[0]})
    with pytest.raises(IllegalMoveError):
        s.apply({0: s.legal_moves(0)[0]})
    with pytest.raises(IllegalMoveError):
        s.apply({0: Pass(), 1: s.legal_moves(1)[0]})
    assert s == before
    assert s.history == ()
