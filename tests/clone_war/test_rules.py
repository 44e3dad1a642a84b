"""Clone War's Rules and options (seeds/001_clone_war.md): validation and every option's behaviour.

Also the player counts, hand-built positions (``State.from_piles``), ``play`` and the
state protocol.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import cardwars
from cardwars import Card, IllegalMoveError, RulesError, UsageError
from cardwars.clone_war import (
    TERMINATIONS,
    CardsFlipped,
    CloneWar,
    Forfeited,
    LastCardShown,
    Phase,
    PotCollected,
    PotSplit,
    Rules,
    State,
)
from cardwars.engine import Result
from tests import builds
from tests.clone_war.helpers import cards, piles, play_out, position

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
    with pytest.raises(RulesError, match="must be a Card or card text"):
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
    rng = builds.current.Rng(3)
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


# --- the state protocol ---------------------------------------------------------------


def test_play_drives_clone_war_to_the_end() -> None:
    final = cardwars.play(CloneWar(players=4), ["random"] * 4, seed=11)
    assert isinstance(final, State)
    assert final.result is not None
    assert sorted(final.result.placings)[0] == 1


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
    interpreted = state.copy()
    assert interpreted == state
    assert interpreted.history == state.history
    interpreted.apply({})
    assert interpreted != state
    assert state.battles == 1
    state.apply({})
    assert interpreted == state


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
