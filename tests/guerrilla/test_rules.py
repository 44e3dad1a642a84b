"""Guerrilla's ``Rules`` (docs/games/guerrilla.rst): validation, and the behaviour of every option.

Bad values, player counts and the two-suit variant are rejected with a RulesError naming
the option; each non-default option changes exactly what it names.
"""

from __future__ import annotations

import pytest

import cardwars
from cardwars.errors import RulesError
from cardwars.guerrilla import (
    Allow,
    Cancel,
    CardsDrawn,
    CardsRecruited,
    Guerrilla,
    Pass,
    Phase,
    Play,
    Propose,
    Rules,
    SpoilsTaken,
    State,
    Support,
    TieCards,
)
from tests import builds
from tests.guerrilla.helpers import BOOL_OPTIONS, STRING_OPTIONS, c, cards, phase_of

# --- validation ------------------------------------------------------------------------


@pytest.mark.parametrize("name", STRING_OPTIONS)
def test_gt_rules_bad_string_option(name: str) -> None:
    with pytest.raises(RulesError, match=name):
        Rules(**{name: "nonsense"})  # type: ignore[arg-type]


@pytest.mark.parametrize("name", [*BOOL_OPTIONS, "two_suit_variant"])
def test_gt_rules_bad_flag(name: str) -> None:
    with pytest.raises(RulesError, match=name):
        Rules(**{name: 1})  # type: ignore[arg-type]


@pytest.mark.parametrize("cap", [0, -1, True, 2.5])
def test_gt_rules_bad_cap(cap: object) -> None:
    with pytest.raises(RulesError, match="max_skirmishes"):
        Rules(max_skirmishes=cap)  # type: ignore[arg-type]


def test_gt_a2_two_suit_variant_only_with_two_players() -> None:
    with pytest.raises(RulesError, match="two_suit_variant"):
        Guerrilla(3, Rules(two_suit_variant=True))
    with pytest.raises(RulesError, match="two_suit_variant"):
        cardwars.load_game("guerrilla", players=4, two_suit_variant=True)


@pytest.mark.parametrize("players", [1, 5, "2"])
def test_gt_a1_player_count(players: object) -> None:
    with pytest.raises(RulesError, match="2 to 4"):
        Guerrilla(players)  # type: ignore[arg-type]


def test_gt_load_game_and_copy_equality() -> None:
    game = cardwars.load_game("guerrilla", players=3, kicker=True)
    assert isinstance(game, Guerrilla)
    assert game.rules.kicker
    state = game.new_game(11)
    interpreted = state.copy()
    assert interpreted == state
    move = {s: state.legal_moves(s)[0] for s in state.to_act}
    state.apply(move)
    assert interpreted != state
    interpreted.apply(move)
    assert interpreted == state


def test_gt_each_machine_steps_its_own_event_buffer() -> None:
    # A machine's event buffer is its own (compiled: allocated beside the object, not in it):
    # a copy's step leaves the original's last events as they were, and the reverse.
    state = cardwars.load_game("guerrilla", players=3).new_game(7)
    state.apply({s: state.legal_moves(s)[0] for s in state.to_act})
    machine = state._m
    before = machine.events()
    other = machine.copy()
    assert other.events() == before
    assert other.apply_actions({s: other.legal_actions(s)[-1] for s in other.to_act})
    after = other.events()
    assert after != before
    assert machine.events() == before
    assert machine.apply_actions({s: machine.legal_actions(s)[0] for s in machine.to_act})
    assert other.events() == after
    if builds.backend_name() == "compiled":  # interpreted, __new__ alone runs no __cinit__
        assert type(machine).__new__(type(machine)).events() == ()  # never set up: none


# --- each option ------------------------------------------------------------------------


def test_gt_a5_draw_two() -> None:
    s = State.from_position(
        [cards("9♣"), cards("9♦")],
        draw_piles=[cards("2♣ 3♣"), cards("2♦ 3♦")],
        rules=Rules(draw_mode="draw_two"),
        start="draw",
    )
    assert s.hands == (tuple(cards("9♣ 2♣ 3♣")), tuple(cards("9♦ 2♦ 3♦")))


def _kings(rules: Rules) -> State:
    s = State.from_position(
        [cards("K♣ 5♣"), cards("K♦ 3♦")],
        draw_piles=[cards("8♣"), cards("8♦")],
        rules=rules,
        start="play",
    )
    s.apply({0: Play(c("K♣")), 1: Play(c("K♦"))})
    return s


def test_gt_a16_kicker() -> None:
    assert _kings(Rules()).legal_moves(0) == (Pass(),)
    assert _kings(Rules(kicker=True)).legal_moves(0) == (Pass(), Support(c("5♣")))


def test_gt_a3_ace_low() -> None:
    for ace_low, winner in ((False, 0), (True, 1)):
        s = State.from_position(
            [cards("A♣"), cards("3♦")],
            draw_piles=[cards("8♣"), cards("8♦")],
            rules=Rules(ace_low=ace_low),
            start="play",
        )
        events = s.apply({0: Play(c("A♣")), 1: Play(c("3♦"))})
        assert SpoilsTaken(winner, tuple(cards("A♣ 3♦"))) in events


def _losing_nine(rule: str) -> State:
    s = State.from_position(
        [cards("K♣ 5♣"), cards("9♦ 4♦")],
        draw_piles=[cards("8♣"), cards("8♦")],
        rules=Rules(support_rule=rule),
        start="play",
    )
    s.apply({0: Play(c("K♣")), 1: Play(c("9♦"))})
    return s


def test_gt_a14_support_rules() -> None:
    assert _losing_nine("improve_vs_current").legal_moves(1) == (Pass(),)
    assert _losing_nine("stronger_combo").legal_moves(1) == (Pass(),)
    assert _losing_nine("unrestricted").legal_moves(1) == (Pass(), Support(c("4♦")))
    kicked = State.from_position(
        [cards("K♣ 5♣"), cards("9♦ 4♦")],
        draw_piles=[cards("8♣"), cards("8♦")],
        rules=Rules(support_rule="stronger_combo", kicker=True),
        start="play",
    )
    kicked.apply({0: Play(c("K♣")), 1: Play(c("9♦"))})
    assert kicked.legal_moves(1) == (Pass(), Support(c("4♦")))  # stronger, still a loss


def test_gt_a14_support_cascade() -> None:
    for cascade in (False, True):
        s = State.from_position(
            [cards("9♣ A♣"), cards("3♦ 2♦")],
            draw_piles=[cards("8♣"), cards("8♦")],
            guerrilla_rank=3,
            rules=Rules(support_cascade=cascade),
            start="play",
        )
        s.apply({0: Play(c("9♣")), 1: Play(c("3♦"))})
        assert s.to_act == {1}
        s.apply({1: Support(c("2♦"))})
        if cascade:
            # P0 now loses to the Guerrilla pair and gets a window; A♣ does not help.
            assert phase_of(s) is Phase.SUPPORT
            assert s.legal_moves(0) == (Pass(),)
        else:
            assert phase_of(s) is Phase.PLAY


def _tie_round(rules: Rules, p1_draw: str = "A♦ 6♦") -> State:
    s = State.from_position(
        [cards("J♣ 4♣"), cards("J♦ 5♦")],
        draw_piles=[cards("2♣ 3♣ 9♣"), cards(p1_draw + " 9♦")],
        guerrilla_rank=3,
        played_guerrilla=[True, True],
        rules=rules,
        start="play",
    )
    s.apply({0: Play(c("J♣")), 1: Play(c("J♦"))})
    s.apply({0: Pass(), 1: Pass()})
    assert phase_of(s) is Phase.TIE
    return s


def test_gt_a19_tie_face_down_combines() -> None:
    moves = {0: TieCards(c("3♣"), c("2♣")), 1: TieCards(c("A♦"), c("6♦"))}
    stake = _tie_round(Rules()).apply(moves)
    combined = _tie_round(Rules(tie_facedown_role="combines")).apply(moves)
    assert any(isinstance(e, SpoilsTaken) and e.seat == 1 for e in stake)
    assert any(isinstance(e, SpoilsTaken) and e.seat == 0 for e in combined)


def test_gt_a19_tie_face_down_penalty() -> None:
    moves = {0: TieCards(c("3♣"), c("2♣")), 1: TieCards(c("A♦"), c("6♦"))}
    s = _tie_round(Rules(tie_facedown_penalty=True))
    s.apply(moves)
    assert phase_of(s) is Phase.PROPOSE  # rests before the Draw
    assert s.support_penalty == (True, True)


def test_gt_a18_tie_cards_drawn_only_and_blind() -> None:
    drawn = _tie_round(Rules(tie_cards="drawn_only"))
    assert drawn.legal_moves(0) == (TieCards(c("3♣"), c("2♣")), TieCards(c("2♣"), c("3♣")))
    blind = _tie_round(Rules(tie_cards="blind"))
    assert blind.legal_moves(0) == (TieCards(c("3♣"), c("2♣")),)


def test_gt_a37_eliminated_cards_to_spoils() -> None:
    s = State.from_position(
        [cards("J♣ 4♣"), cards("J♦ 5♦")],
        draw_piles=[cards("K♣ 9♣"), []],
        rules=Rules(eliminated_cards_to="spoils"),
        start="play",
    )
    s.apply({0: Play(c("J♣")), 1: Play(c("J♦"))})
    s.apply({0: Pass(), 1: Pass()})
    assert s.discard_piles[0] == tuple(cards("J♣ J♦ 5♦"))
    assert s.removed == ()


def test_gt_a25_no_winner_spoils_next_best() -> None:
    s = State.from_position(
        [cards("J♣ 4♣"), cards("J♦ 5♦"), cards("3♥"), cards("4♠")],
        rules=Rules(no_winner_spoils="next_best"),
        start="play",
    )
    s.apply({0: Play(c("J♣")), 1: Play(c("J♦")), 2: Play(c("3♥")), 3: Play(c("4♠"))})
    events = s.apply({0: Pass(), 1: Pass()})
    assert SpoilsTaken(3, tuple(cards("J♣ J♦ 3♥ 4♠"))) in events
    assert s.result is not None
    assert s.result.winners == {3}


def test_gt_a26_promotion_after_draw() -> None:
    s = State.from_position(
        [cards("9♣"), cards("2♦")],
        draw_piles=[cards("A♣ K♣ Q♣"), cards("5♦")],
        played_guerrilla=[True, True],
        rules=Rules(promotion_timing="after_draw"),
    )
    assert phase_of(s) is Phase.PROPOSE
    assert s.hands == (tuple(cards("9♣ A♣")), tuple(cards("2♦ 5♦")))
    s.apply({0: Propose(), 1: Pass()})
    events = s.apply({1: Cancel(c("2♦"))})
    assert CardsRecruited(1, 0, 2) in events
    assert s.draw_piles[0] == ()
    assert phase_of(s) is Phase.PLAY


def _three_way_proposal(rules: Rules) -> State:
    s = State.from_position(
        [cards("9♣"), cards("2♦"), cards("2♥")],
        draw_piles=[cards("A♣ K♣ Q♣ J♣ T♣"), cards("5♦"), cards("5♥")],
        played_guerrilla=[True, True, True],
        rules=rules,
    )
    s.apply({0: Propose(), 1: Pass(), 2: Pass()})
    return s


def test_gt_a27_promotion_wave_reset() -> None:
    s = _three_way_proposal(Rules(promotion_wave_reset=True))
    s.apply({1: Allow(), 2: Allow()})
    assert s.guerrilla_rank == 3
    assert s.played_guerrilla == (False, False, False)


def test_gt_a31_only_the_first_canceller_recruits() -> None:
    every = _three_way_proposal(Rules())
    events = every.apply({1: Cancel(c("2♦")), 2: Cancel(c("2♥"))})
    assert [e for e in events if isinstance(e, CardsRecruited)] == [
        CardsRecruited(1, 0, 2),
        CardsRecruited(2, 0, 2),
    ]
    first = _three_way_proposal(Rules(all_cancellers_recruit=False))
    events = first.apply({1: Cancel(c("2♦")), 2: Cancel(c("2♥"))})
    assert [e for e in events if isinstance(e, CardsRecruited)] == [CardsRecruited(1, 0, 2)]


def test_gt_a38_simultaneous_elimination_most_cards() -> None:
    s = State.from_position(
        [cards("J♣ 4♣ 6♣"), cards("J♦ 5♦")],
        rules=Rules(simultaneous_elimination="most_cards"),
        start="play",
    )
    s.apply({0: Play(c("J♣")), 1: Play(c("J♦"))})
    s.apply({0: Pass(), 1: Pass()})
    assert s.result is not None
    assert s.result.termination == "all_eliminated"
    assert s.result.winners == {0}


def test_gt_a39_cap_result_most_cards() -> None:
    s = State.from_position(
        [cards("K♣ 5♣"), cards("9♦ 4♦")],
        draw_piles=[cards("8♣"), cards("8♦")],
        rules=Rules(max_skirmishes=1, cap_result="most_cards"),
        start="play",
    )
    s.apply({0: Play(c("K♣")), 1: Play(c("9♦"))})
    s.apply({1: Pass()})
    assert s.result is not None
    assert s.result.termination == "max_skirmishes"
    assert s.result.winners == {0}


def test_gt_a6_support_penalty_draws_exactly_one() -> None:
    s = State.from_position(
        [[], cards("5♦")],
        draw_piles=[cards("8♣ 9♣"), cards("8♦ 9♦")],
        support_penalty=[True, False],
        start="draw",
    )
    assert CardsDrawn(0, 1) in s.log
    assert CardsDrawn(1, 1) in s.log
    assert s.support_penalty == (False, False)


def test_gt_a22_winner_chooses_one_card_per_poll() -> None:
    from cardwars.guerrilla import Remove

    s = State.from_position(
        [cards("J♣ 4♣"), cards("J♦ 5♦")],
        draw_piles=[cards("K♣ 2♣ 9♣"), cards("6♦ 3♦ 8♦")],
        rules=Rules(removal_choice="winner_chooses"),
        start="play",
    )
    s.apply({0: Play(c("J♣")), 1: Play(c("J♦"))})
    s.apply({0: Pass(), 1: Pass()})
    s.apply({0: TieCards(c("K♣"), c("2♣")), 1: TieCards(c("6♦"), c("3♦"))})
    table = cards("J♣ J♦ 2♣ K♣ 3♦ 6♦")
    assert phase_of(s) is Phase.REMOVE
    assert s.legal_moves(0) == tuple(Remove(x) for x in table)
    s.apply({0: Remove(c("K♣"))})
    s.apply({0: Remove(c("J♦"))})
    assert s.legal_moves(0) == tuple(Remove(x) for x in cards("J♣ 2♣ 3♦ 6♦"))
    s.apply({0: Remove(c("2♣"))})
    assert s.removed == tuple(cards("K♣ J♦ 2♣"))
    assert s.discard_piles[0] == tuple(cards("J♣ 3♦ 6♦"))
