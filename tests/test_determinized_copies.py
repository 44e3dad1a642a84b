"""A determinized copy starts where it was drawn: nothing of the real game comes back.

``determinize`` once gave the copy the real game's start, so ``undo`` replayed the real deal
and put every hidden card back, ``seed`` was the deal's own seed, and a record of the copy
was the real game. These tests hold the copy to what its docs promise.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

import cardwars
from cardwars import records
from cardwars.errors import RecordError, UsageError

GAMES = [("aliwar", {}), ("guerrilla", {"players": 2}), ("guerrilla", {"players": 4})]


def _stepped(name: str, options: dict[str, int], seed: int, steps: int) -> Any:
    state: Any = cardwars.load_game(name, **options).new_game(seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply_actions({s: state.legal_actions(s)[0] for s in state.to_act})
    return state


def _step(state: Any) -> None:
    state.apply_actions({s: state.legal_actions(s)[-1] for s in state.to_act})


@pytest.mark.parametrize(("name", "options"), GAMES)
@pytest.mark.parametrize("seed", [3, 11, 40])
def test_undo_stops_where_the_copy_was_drawn(name: str, options: dict[str, int], seed: int) -> None:
    state = _stepped(name, options, seed, 3)
    guess = state.determinize(0, cardwars.Rng(seed + 1))
    drawn = guess.copy()
    for _ in range(2):
        if not guess.is_over:
            _step(guess)
    while len(guess.history) > len(drawn.history):
        guess.undo()
    assert guess == drawn  # the guess as drawn, not the real state
    assert guess != state
    with pytest.raises(UsageError, match="determinized state starts where it was drawn"):
        guess.undo()
    assert guess == drawn  # the refusal changed nothing
    assert guess.events_for(0) == state.events_for(0)  # the public past is kept


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_copy_keeps_no_seed_of_the_deal(name: str, options: dict[str, int]) -> None:
    state = _stepped(name, options, 5, 2)
    seeds = {state.determinize(0, cardwars.Rng(k)).seed for k in range(5)}
    assert state.seed not in seeds
    assert len(seeds) == 5  # drawn from the rng
    twice = state.determinize(0, cardwars.Rng(1)), state.determinize(0, cardwars.Rng(1))
    assert twice[0] == twice[1]  # the same rng draws the same copy


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_pickled_copy_keeps_its_past(name: str, options: dict[str, int]) -> None:
    state = _stepped(name, options, 8, 2)
    guess = state.determinize(1, cardwars.Rng(2))
    loaded = pickle.loads(pickle.dumps(guess))
    assert loaded == guess
    assert loaded.events_for(1) == state.events_for(1)
    copied = loaded.copy()
    if not loaded.is_over:
        _step(loaded)
        assert loaded.events_for(1)[: len(state.events_for(1))] == state.events_for(1)
        loaded.undo()
    assert loaded == copied
    with pytest.raises(UsageError):
        loaded.undo()


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_copy_has_no_record(name: str, options: dict[str, int]) -> None:
    state = _stepped(name, options, 9, 2)
    guess = state.determinize(0, cardwars.Rng(4))
    with pytest.raises(RecordError, match="determinized state cannot be recorded"):
        records.dumps(guess)
    assert records.loads(records.dumps(state)) == state  # the real game still records
