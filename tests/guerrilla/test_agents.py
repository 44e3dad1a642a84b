"""The greedy agent's heuristic, decision by decision (cardwars.guerrilla.agents.GreedyAgent).

Positions are built with ``State.from_position``; where a decision comes later
in a skirmish, the earlier moves are applied explicitly.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import cardwars
from cardwars.agents import agent_by_name
from cardwars.cards import Card
from cardwars.engine import Move
from cardwars.guerrilla import (
    Allow,
    Cancel,
    GreedyAgent,
    Guerrilla,
    Pass,
    Phase,
    Play,
    Propose,
    Remove,
    Rules,
    State,
    Support,
    TieCards,
)
from tests import builds
from tests.guerrilla.helpers import guerrilla_games

C = Card.parse
AGENT = GreedyAgent()


def greedy(state: State, seat: int) -> Move:
    rng = builds.current.Rng(5)
    before = rng.state
    move = AGENT.choose(state.observation(seat), state.legal_moves(seat), rng)
    assert rng.state == before, "the greedy agent must not draw from its RNG"
    return move


def test_gt_greedy_is_the_named_agent() -> None:
    agent = agent_by_name("greedy", Guerrilla(3))
    assert isinstance(agent, GreedyAgent)
    assert agent.name == "greedy"


def test_gt_greedy_plays_its_highest_card_when_none_is_showing() -> None:
    state = State.from_position([["9C", "KC", "3C"], ["QD", "5D"]], start="play")
    assert greedy(state, 0) == Play(C("KC"))
    assert greedy(state, 1) == Play(C("QD"))


def test_gt_greedy_equal_guerrillas_take_the_first_card_id() -> None:
    state = State.from_position([["3C", "2C"], ["QD"]], guerrilla_rank=3, start="play")
    assert greedy(state, 0) == Play(C("2C"))


def test_gt_greedy_reads_the_rules_in_its_observation() -> None:
    state = State.from_position([["AC", "3C"], ["QD"]], rules=Rules(ace_low=True), start="play")
    assert greedy(state, 0) == Play(C("3C"))


def spy_shows(card: str, hand: list[str], guerrilla_rank: int = 2) -> State:
    """Seat 1 reveals ``card`` first (spy-first); seat 0 then chooses from ``hand``."""
    state = State.from_position(
        [hand, [card]], spy_first=[False, True], guerrilla_rank=guerrilla_rank, start="play"
    )
    assert state.to_act == {1}  # PLAY_FIRST: only the spy-first seat reveals
    state.apply({1: Play(C(card))})
    assert state.phase is Phase.PLAY
    return state


def test_gt_greedy_plays_the_lowest_card_that_beats_the_shown_card() -> None:
    assert greedy(spy_shows("QD", ["9C", "AC", "KC"]), 0) == Play(C("KC"))


def test_gt_greedy_ties_when_it_cannot_win() -> None:
    assert greedy(spy_shows("QD", ["9C", "QC", "4C"]), 0) == Play(C("QC"))


def test_gt_greedy_loses_with_its_lowest_card() -> None:
    assert greedy(spy_shows("AD", ["9C", "5C", "4C"]), 0) == Play(C("4C"))
    assert greedy(spy_shows("AD", ["9C", "5C", "4C"], guerrilla_rank=5), 0) == Play(C("4C"))


def support_position(hand: list[str], opponent: str) -> State:
    """Two-suit variant: seat 0 plays the first card of ``hand``, seat 1 ``opponent``."""
    state = State.from_position(
        [hand, [opponent, "2C"]], rules=Rules(two_suit_variant=True), start="play"
    )
    state.apply({0: Play(C(hand[0])), 1: Play(C(opponent))})
    assert state.phase is Phase.SUPPORT
    return state


def test_gt_greedy_supports_with_the_lowest_winning_card() -> None:
    state = support_position(["9D", "AH", "9H"], "KC")
    assert state.legal_moves(0) == (Pass(), Support(C("9H")), Support(C("AH")))
    assert greedy(state, 0) == Support(C("9H"))  # the 9 pair wins as well as the Ace


def test_gt_greedy_prefers_a_winning_support_to_a_tying_one() -> None:
    state = support_position(["9D", "KH", "AH"], "KC")
    assert state.legal_moves(0) == (Pass(), Support(C("KH")), Support(C("AH")))
    assert greedy(state, 0) == Support(C("AH"))


def test_gt_greedy_passes_when_no_support_improves() -> None:
    state = State.from_position(
        [["9D", "5H", "3H"], ["KC", "2C"]],
        rules=Rules(two_suit_variant=True, support_rule="unrestricted"),
        start="play",
    )
    state.apply({0: Play(C("9D")), 1: Play(C("KC"))})
    assert len(state.legal_moves(0)) == 3
    assert greedy(state, 0) == Pass()


def test_gt_greedy_tie_round_strongest_up_lowest_down() -> None:
    state = State.from_position(
        [["KC", "9C"], ["KD"]], draw_piles=[["AC", "4C"], ["5D", "8D"]], start="play"
    )
    state.apply({0: Play(C("KC")), 1: Play(C("KD"))})
    assert state.legal_moves(0) == (Pass(),)  # support: the 9 would not improve seat 0
    state.apply({0: Pass()})
    assert state.phase is Phase.TIE
    assert greedy(state, 0) == TieCards(up=C("AC"), down=C("4C"))
    assert greedy(state, 1) == TieCards(up=C("8D"), down=C("5D"))


def test_gt_greedy_tie_round_combines_option_counts_the_pair() -> None:
    state = State.from_position(
        [["KC", "9C"], ["KD"]],
        draw_piles=[["3C", "2C"], ["5D", "8D"]],
        guerrilla_rank=3,
        rules=Rules(tie_facedown_role="combines"),
        start="play",
    )
    state.apply({0: Play(C("KC")), 1: Play(C("KD"))})
    state.apply({0: Pass()})
    # A Guerrilla pair (2 down, 3 up) beats 9 with a Guerrilla: the first such move.
    assert greedy(state, 0) == TieCards(up=C("3C"), down=C("2C"))


def test_gt_greedy_proposes_and_cancels() -> None:
    state = State.from_position(
        [["9C"], ["2D"]],
        draw_piles=[["5C", "6C", "8C"], ["4D", "9D"]],
        played_guerrilla=[True, True],
    )
    assert state.phase is Phase.PROPOSE
    assert greedy(state, 0) == Propose()
    assert greedy(state, 1) == Pass()
    state.apply({0: Propose(), 1: Pass()})
    assert state.legal_moves(1) == (Allow(), Cancel(C("2D")))
    assert greedy(state, 1) == Cancel(C("2D"))


def test_gt_greedy_allows_without_a_guerrilla() -> None:
    state = State.from_position(
        [["9C"], ["8D"]],
        draw_piles=[["5C"], ["4D"]],
        played_guerrilla=[True, True],
    )
    state.apply({0: Propose(), 1: Propose()})
    assert state.phase is Phase.RESPOND
    assert greedy(state, 1) == Allow()


def test_gt_greedy_removes_its_lowest_card() -> None:
    state = State.from_position(
        [["AC"], ["2D"]], rules=Rules(removal_choice="winner_chooses"), start="play"
    )
    state.apply({0: Play(C("AC")), 1: Play(C("2D"))})
    assert state.phase is Phase.REMOVE
    assert greedy(state, 0) == Remove(C("2D"))


def games() -> st.SearchStrategy[Guerrilla]:
    return guerrilla_games(max_cap=60)


@given(game=games(), seed=st.integers(0, 2**64 - 1), greedy_seats=st.integers(1, 15))
def test_gt_greedy_plays_whole_games_under_any_options(
    game: Guerrilla, seed: int, greedy_seats: int
) -> None:
    agents = ["greedy" if greedy_seats >> seat & 1 else "random" for seat in range(game.players)]
    final = cardwars.play(game, agents, seed=seed)  # apply() checks every move is legal
    assert final.result is not None
    again = cardwars.play(game, agents, seed=seed)
    assert again.history == final.history  # deterministic
