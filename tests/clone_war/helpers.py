"""Hand-built positions and small readers shared by the Clone War tests."""

from __future__ import annotations

from typing import Any

from cardwars import Card
from cardwars.clone_war import Rules, State
from cardwars.engine import Event


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
