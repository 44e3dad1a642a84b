"""Clone War by RULINGS §2: the scenarios of §2.5, the edge cases CW-B1 … B8, every option."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import cardwars
from cardwars import Card, IllegalMoveError, RulesError, UsageError, _kernels
from cardwars.clone_war import (
    TERMINATIONS,
    CardsFlipped,
    CloneWar,
    Forfeited,
    GameOver,
    GreedyAgent,
    LastCardShown,
    Phase,
    PlayersEliminated,
    PotCollected,
    PotSplit,
    Rules,
    State,
    WarCardsPlaced,
    WarStarted,
)
from cardwars.engine import Event, Result


def position(*piles: str, rng_seed: int = 0, **options: Any) -> State:
    """A hand-built position; each pile is written top first, e.g. ``"KC JC"``."""
    return State.from_piles(
        [pile.split() for pile in piles], rules=Rules(**options), rng_seed=rng_seed
    )


def piles(state: State) -> list[str]:
    return [" ".join(map(str, pile)) for pile in state.piles]


def cards(text: str) -> list[Card]:
    return [Card.parse(token) for token in text.split()]


def play_out(state: State) -> list[Event]:
    events: list[Event] = []
    while not state.is_over:
        events += state.apply({})
    return events


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
    _kernels.kernels.Rng(9).shuffle(shuffled)
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
    _kernels.kernels.Rng(1).shuffle(pot)
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
    _kernels.kernels.Rng(5).shuffle(pot)
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


# --- options ---------------------------------------------------------------------------


def test_cw_a6_collect_order_stage_seat_order() -> None:
    state = position("KC JC", "QD QH", collect_order="stage_seat_order")
    state.apply({})
    state.apply({})
    assert piles(state) == ["KC QD", "JC QH"]


def test_cw_a6_collect_order_shuffled_draws_from_the_rng() -> None:
    state = position("KC JC QC QD", "KD KH JD JH", collect_order="shuffled", rng_seed=3)
    events = state.apply({})
    assert events[-1] == PotCollected(0, 6, True)
    pot = cards("KC KD JC QC KH JD")  # canonical order
    rng = _kernels.kernels.Rng(3)
    rng.shuffle(pot)
    assert list(state.piles[0]) == [Card.parse("QD"), *pot]
    assert state.rng == rng


def test_cw_a12_forfeit_cards_to_dead() -> None:
    state = position("KC JC QC QD", "KD QH", "JD JH", forfeit_cards_to="dead")
    events = state.apply({})
    assert Forfeited(1, 1, True) in events
    assert piles(state) == ["JC QC QD KC KD JD", "", "JH"]
    assert state.dead == (Card.parse("QH"),)


def test_cw_a14_play_what_you_can_short_player_plays_one_card() -> None:
    state = position("KC JC KH", "KD QH", "JD JH", short_war="play_what_you_can")
    events = state.apply({})
    assert LastCardShown(1, Card.parse("QH"), True) in events
    assert piles(state) == ["KC KD JD JC KH QH", "", "JH"]
    default = position("KC JC KH", "KD QH", "JD JH")
    default.apply({})
    assert piles(default) == ["JC KH KC KD JD QH", "", "JH"]


def test_cw_a14_play_what_you_can_short_player_can_win() -> None:
    state = position("KC JC QC", "KD KH", short_war="play_what_you_can")
    state.apply({})
    assert piles(state) == ["", "KD KC KH JC QC"]
    assert state.result == Result(frozenset({1}), "last_player", 1, (2, 1))


def test_cw_a17_split_remainder_round_robin() -> None:
    state = position("KC", "KD", "QH JC JD", rng_seed=1, split_remainder="round_robin")
    events = state.apply({})
    assert PotSplit((0, 1), 1, 0) in events
    assert piles(state) == ["KD KC", "QH", "JC JD"]
    assert state.dead == ()


def test_cw_a21_cap_result_most_cards() -> None:
    for battles, winner, placings in ((3, 1, (2, 1)), (2, 0, (1, 2))):
        state = position(
            "QC", "JD JH QD JS", cycle_detection=False, max_battles=battles, cap_result="most_cards"
        )
        play_out(state)
        assert state.result == Result(frozenset({winner}), "cap", battles, placings)


def test_cw_a21_cap_result_most_cards_tie_is_a_draw() -> None:
    state = position("KC", "KD", max_battles=4, cap_result="most_cards")
    play_out(state)
    assert state.result == Result(frozenset(), "cap", 4, (1, 1))


def test_cw_a21_cycle_stays_a_draw_with_most_cards() -> None:
    state = position("QC", "JD JH QD JS", cap_result="most_cards")
    play_out(state)
    assert state.result == Result(frozenset(), "cycle", 3, (1, 1))


# --- Rules, players, construction ------------------------------------------------------


def test_rules_defaults_are_the_rulings() -> None:
    assert Rules() == Rules(
        collect_order="stage_winner_first",
        forfeit_cards_to="pot",
        short_war="forfeit",
        split_remainder="dead",
        cycle_detection=True,
        max_battles=10000,
        cap_result="draw",
    )
    assert TERMINATIONS == ("last_player", "cycle", "cap")


@pytest.mark.parametrize(
    ("field", "value", "allowed"),
    [
        ("collect_order", "winner_first", "'stage_winner_first', 'stage_seat_order', 'shuffled'"),
        ("forfeit_cards_to", "void", "'pot', 'dead'"),
        ("short_war", 1, "'forfeit', 'play_what_you_can'"),
        ("split_remainder", None, "'dead', 'round_robin'"),
        ("cap_result", "win", "'draw', 'most_cards'"),
        ("cycle_detection", 1, "True or False"),
        ("max_battles", 0, "from 1 to"),
        ("max_battles", 2**31, "from 1 to"),
        ("max_battles", True, "from 1 to"),
        ("max_battles", 10.0, "from 1 to"),
    ],
)
def test_rules_bad_value_names_field_and_allowed_values(
    field: str, value: object, allowed: str
) -> None:
    with pytest.raises(RulesError) as info:
        Rules(**{field: value})  # type: ignore[arg-type]
    assert field in str(info.value)
    assert allowed in str(info.value)
    assert repr(value) in str(info.value)


def test_rules_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().max_battles = 5  # type: ignore[misc]


@pytest.mark.parametrize("players", [0, 1, 5, True, "3", 2.0])
def test_cw_1_1_bad_player_counts_raise(players: Any) -> None:
    with pytest.raises(RulesError, match="2 to 4 players"):
        CloneWar(players=players)


@pytest.mark.parametrize("count", [1, 5])
def test_cw_1_1_from_piles_needs_2_to_4_piles(count: int) -> None:
    with pytest.raises(RulesError, match="2 to 4 players"):
        State.from_piles([["KC"]] * count)


def test_from_piles_rejects_non_face_cards_duplicates_and_bad_seed() -> None:
    with pytest.raises(RulesError, match="only J, Q and K"):
        State.from_piles([["AC"], ["KC"]])
    with pytest.raises(RulesError, match="twice"):
        State.from_piles([["KC"], ["KC"]])
    with pytest.raises(RulesError, match="Card objects or card strings"):
        State.from_piles([[7], ["KC"]])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="rng_seed"):
        State.from_piles([["KC"], ["KD"]], rng_seed=-1)
    with pytest.raises(RulesError, match=r"clone_war\.Rules"):
        State.from_piles([["KC"], ["KD"]], rules="default")  # type: ignore[arg-type]


def test_from_piles_accepts_cards_and_source_decks() -> None:
    state = State.from_piles([[Card.parse("KS2"), "QH3"], ["J♦1"]])
    assert piles(state) == ["KS2 QH3", "JD1"]


def test_load_game_with_options() -> None:
    game = cardwars.load_game("clone-war", players=3, max_battles=100)
    assert isinstance(game, CloneWar)
    assert game.players == 3
    assert game.rules == Rules(max_battles=100)
    state = game.new_game(seed=1)
    play_out(state)
    assert state.result is not None
    assert state.result.length <= 100
    with pytest.raises(RulesError, match="unknown option"):
        cardwars.load_game("clone-war", battle_cap=5)
    with pytest.raises(RulesError, match="2 to 4 players"):
        cardwars.load_game("clone-war", players=6)


def test_every_builtin_agent_plays_the_same_games() -> None:
    game = CloneWar(players=3)
    greedy = cardwars.simulate(game, ["greedy"] * 3, games=200, seed=4)
    random = cardwars.simulate(game, ["random", "greedy", "random"], games=200, seed=4)
    assert greedy.lengths == random.lengths
    assert cardwars.play(game, ["greedy"] * 3, seed=9) == cardwars.play(
        game, ["random"] * 3, seed=9
    )
    with pytest.raises(UsageError, match="no legal moves"):
        GreedyAgent().choose(None, (), cardwars.Rng(0))
    assert GreedyAgent().choose(None, (cardwars.Move(),), cardwars.Rng(0)) is not None


def test_play_drives_clone_war_to_the_end() -> None:
    final = cardwars.play(CloneWar(players=4), ["random"] * 4, seed=11)
    assert isinstance(final, State)
    assert final.result is not None
    assert sorted(final.result.placings)[0] == 1


# --- the state protocol ---------------------------------------------------------------


def test_cw_8_nobody_is_polled_and_apply_takes_no_moves() -> None:
    state = CloneWar().new_game(seed=3)
    assert state.to_act == frozenset()
    assert state.legal_moves(0) == ()
    assert state.phase is Phase.BATTLE
    with pytest.raises(IllegalMoveError, match="not polled"):
        state.apply({0: cardwars.Move()})
    with pytest.raises(UsageError):
        state.legal_moves(2)
    assert state.battles == 0


def test_apply_plays_exactly_one_battle_and_records_history() -> None:
    state = CloneWar(players=3).new_game(seed=8)
    for battle in range(1, 6):
        events = state.apply({})
        assert isinstance(events[0], CardsFlipped)
        assert events[0].battle == battle
        assert state.battles == battle
    assert state.history == ({},) * 5


def test_copy_is_independent_and_equal() -> None:
    state = CloneWar(players=2).new_game(seed=4)
    state.apply({})
    twin = state.copy()
    assert twin == state
    assert twin.history == state.history
    twin.apply({})
    assert twin != state
    assert state.battles == 1
    state.apply({})
    assert twin == state


def test_same_seed_same_game_and_seed_recorded() -> None:
    a = CloneWar(players=3).new_game(seed=123)
    b = CloneWar(players=3).new_game(seed=123)
    assert a.seed == 123
    assert play_out(a) == play_out(b)
    assert a == b


def test_new_game_without_seed_picks_one() -> None:
    state = CloneWar().new_game()
    assert 0 <= state.seed < 2**64
    assert state == CloneWar().new_game(state.seed)


def test_events_are_frozen() -> None:
    events = position("KC JC", "QD QH").apply({})
    with pytest.raises(dataclasses.FrozenInstanceError):
        events[0].battle = 2  # type: ignore[attr-defined]


def test_pot_is_empty_at_rest_and_repr_shows_piles() -> None:
    state = position("KC JC", "QD QH")
    assert state.pot == ()
    assert "KC JC | QD QH" in repr(state)
