"""Undo and the per-seat event feed: exact, repeatable back to the start, for every game."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardwars
from cardwars.engine import Game, GameState
from cardwars.errors import UsageError

GAMES: list[Game[Any, Any]] = [
    cardwars.load_game("aliwar"),
    cardwars.load_game("aliwar", allow_null_switch=True),
    cardwars.load_game("clone-war", players=3),
    cardwars.load_game("guerrilla", players=2),
    cardwars.load_game("guerrilla", players=4, promotion_acceptance="unanimous_vote"),
]


def _random_step(state: GameState[Any], rng: Any) -> None:
    state.apply(
        {
            seat: state.legal_moves(seat)[rng.below(len(state.legal_moves(seat)))]
            for seat in sorted(state.to_act)
        }
    )


def _play(
    game: Game[Any, Any], seed: int, steps: int
) -> tuple[GameState[Any], list[GameState[Any]]]:
    state = game.new_game(seed)
    rng = cardwars.Rng(seed)
    seen = [state.copy()]
    while not state.is_over and len(seen) <= steps:
        _random_step(state, rng)
        seen.append(state.copy())
    return state, seen


@settings(max_examples=25, deadline=None)
@given(index=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**64 - 1))
def test_undo_walks_back_through_every_state(index: int, seed: int) -> None:
    state, seen = _play(GAMES[index], seed, 40)
    for expected in reversed(seen[:-1]):
        last = expected.last_events
        state.undo()
        assert state == expected
        assert state.history == expected.history
        assert state.last_events == last
        assert state.rng.state == expected.rng.state
    with pytest.raises(UsageError, match="nothing to undo"):
        state.undo()


@settings(max_examples=25, deadline=None)
@given(index=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**64 - 1))
def test_a_state_plays_on_the_same_after_an_undo(index: int, seed: int) -> None:
    game = GAMES[index]
    state, seen = _play(game, seed, 12)
    if len(seen) < 3:
        return
    state.undo()
    rng = cardwars.Rng(seed ^ 1)
    again = seen[-2].copy()
    for _ in range(5):
        if state.is_over:
            break
        step = {
            seat: state.legal_moves(seat)[rng.below(len(state.legal_moves(seat)))]
            for seat in sorted(state.to_act)
        }
        assert state.apply(step) == again.apply(dict(step))
    assert state == again


@settings(max_examples=25, deadline=None)
@given(index=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**64 - 1))
def test_the_feed_is_the_deal_then_every_step_in_order(index: int, seed: int) -> None:
    game = GAMES[index]
    state = game.new_game(seed)
    rng = cardwars.Rng(seed)
    received: list[list[Any]] = [list(state.events_for(seat)) for seat in range(game.players)]
    expected = [list(feed) for feed in received]
    first = "SkirmishStarted" if game.name == "guerrilla" else "CardsDealt"  # Guerrilla: its Draw
    assert all(type(feed[0]).__name__ == first for feed in received)
    for _ in range(30):
        if state.is_over:
            break
        _random_step(state, rng)
        for seat in range(game.players):
            received[seat].extend(state.events_for(seat, since=len(received[seat])))
            expected[seat].extend(state.last_events)  # every event of these games is public
    for seat in range(game.players):
        assert received[seat] == expected[seat]
        assert list(state.events_for(seat)) == expected[seat]


def test_copies_and_pickles_keep_their_start() -> None:
    state, seen = _play(GAMES[0], 7, 6)
    for other in (state.copy(), pickle.loads(pickle.dumps(state))):
        other.undo()
        assert other == seen[-2]
        assert other.events_for(1) == seen[-2].events_for(1)
    assert state == seen[-1]  # the original is untouched by its copies' undo


def test_a_hand_built_start_is_where_undo_stops() -> None:
    from cardwars.aliwar import CardsDealt, State

    state = State.from_layout(
        [[["2C", "7C"], ["3C"], ["4C"], ["5C"], ["6C"]], [["2D"], ["3D"], ["4D"], ["5D"], ["6D"]]],
        ["AH", "AS"],
    )
    start = state.copy()
    state.apply_actions({0: 0, 1: 0})
    dealt = state.events_for(0)[0]
    assert isinstance(dealt, CardsDealt)
    assert [len(sizes) for sizes in dealt.sizes] == [5, 5] and dealt.sizes[0][0] == 2
    state.undo()
    assert state == start


def test_feed_arguments_are_checked() -> None:
    state = GAMES[0].new_game(seed=1)
    with pytest.raises(UsageError, match=r"seat must be 0\.\.1"):
        state.events_for(2)
    for since in (-1, True, 1.5):
        with pytest.raises(UsageError, match="since must be an int >= 0"):
            state.events_for(0, since=since)
