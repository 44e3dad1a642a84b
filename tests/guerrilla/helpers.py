"""Helpers and Hypothesis strategies shared by the Guerrilla tests."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from hypothesis import strategies as st

from cardwars.cards import Card, Deck
from cardwars.guerrilla import Guerrilla, Phase, Rules, State
from cardwars.guerrilla.rules import allowed_values


def cards(text: str) -> list[Card]:
    """Cards written with suit symbols, e.g. ``"K♣ 5♣"``."""
    return [Card.parse(t) for t in text.split()]


def c(text: str) -> Card:
    return Card.parse(text)


def phase_of(state: State) -> Phase:
    """The phase, read through a call so that mypy does not narrow it across ``apply``."""
    return state.phase


STRING_OPTIONS = [f.name for f in fields(Rules) if isinstance(f.default, str)]
BOOL_OPTIONS = [
    f.name for f in fields(Rules) if isinstance(f.default, bool) and f.name != "two_suit_variant"
]


@st.composite
def guerrilla_games(draw: st.DrawFn, max_cap: int = 60) -> Guerrilla:
    """Any player count and any options (every extra decision point occurs), with a short
    skirmish cap of 1..``max_cap`` to keep runs lean."""
    options: dict[str, Any] = {name: draw(st.booleans()) for name in BOOL_OPTIONS}
    for name in STRING_OPTIONS:
        options[name] = draw(st.sampled_from(allowed_values(name)))
    two_suit = draw(st.booleans())
    players = 2 if two_suit else draw(st.integers(2, 4))
    options["max_skirmishes"] = draw(st.integers(1, max_cap))
    return Guerrilla(players, Rules(two_suit_variant=two_suit, **options))


def edited(
    state: State,
    *,
    hands: list[list[Card]] | None = None,
    draw_piles: list[list[Card]] | None = None,
    tie_rounds: list[list[tuple[int, Card | None, Card]]] | None = None,
) -> State:
    """A copy of ``state`` with these zones replaced (god's-eye edits for the GT-15 tests).

    ``tie_rounds`` are per round (seat, face-down card or None, face-up card). The
    position is rebuilt from the machine's key (``GuerrillaMachine.key``, a
    ``GuerrillaKey``), whose ``hands`` and ``draw`` are the hands and draw piles,
    ``tie_rounds`` the tie rounds as flat (seat, down or -1, up) ints and ``drawn`` the
    cards each seat drew in this step.
    """
    key = state._m.key()
    if hands is not None:
        held = tuple(tuple(card.id for card in hand) for hand in hands)
        # The cards drawn in this step are the last ones to reach the hand.
        drawn = tuple(
            hand[len(hand) - len(drawn) :] for hand, drawn in zip(held, key.drawn, strict=True)
        )
        key = key._replace(hands=held, drawn=drawn)
    if draw_piles is not None:
        key = key._replace(draw=tuple(tuple(card.id for card in pile) for pile in draw_piles))
    if tie_rounds is not None:
        key = key._replace(
            tie_rounds=tuple(
                tuple(
                    v
                    for seat, down, up in rnd
                    for v in (seat, -1 if down is None else down.id, up.id)
                )
                for rnd in tie_rounds
            )
        )
    rebuild: Any = state._m.__reduce__()[0]  # the machine's own backend rebuilds it
    machine = rebuild(tuple(Deck.standard()), key)
    return State(state.rules, state.players, state.seed, machine, state._origin)
