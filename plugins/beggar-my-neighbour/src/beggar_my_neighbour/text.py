"""Beggar-my-neighbour as text, for the ``cardwars`` command (``play`` and ``replay``).

Nobody decides anything (BMN-1), so there is no move notation: ``cardwars play
beggar-my-neighbour`` deals and plays the game to its end, a line per card.
"""

from __future__ import annotations

from typing import Final

from cardwars.authoring import Event, IllegalMoveError, Move, describe

from beggar_my_neighbour.moves import (
    BeggarObservation,
    CardPlayed,
    CardsDealt,
    CycleReached,
    OutOfCards,
    PileTaken,
)

__all__ = ["TEXT", "BeggarText"]

NOTATION = (
    "Beggar-my-neighbour has no moves: every trick plays itself (BMN-1). The game runs to "
    "its end on its own."
)

BOARD = """\
Reading the board:
  trick 12           the tricks played so far (piles taken)
  cards 97           the cards played so far
  hands: P0 30       the number of cards in each player's hand
  P1 leads           who turns the first card of the next trick
  pile: P0 7H ...    the cards the last trick turned up, in order
In a replay's whole-table view, "P0 (26) ---AJ--Q...: 3C 9D ..." is a player's hand: its
size, the record notation (- a plain card, J Q K A the court cards; 1 2 3 in the
Italian deck), then the cards, top first."""


def _describe(event: Event) -> str | None:
    if isinstance(event, CardsDealt):
        return "dealt: " + ", ".join(f"P{s} {n} cards" for s, n in enumerate(event.hand_sizes))
    if isinstance(event, CardPlayed):
        demand = f" (demands {event.demand})" if event.demand else ""
        return f"P{event.seat} turns {event.card}{demand}"
    if isinstance(event, OutOfCards):
        return f"P{event.seat} must play and has no card"
    if isinstance(event, PileTaken):
        what = "" if event.trick else " (the last pile, no trick)"
        cards = "1 card" if event.cards == 1 else f"{event.cards} cards"
        return f"P{event.seat} takes the pile ({cards}){what}"
    if isinstance(event, CycleReached):
        return (
            f"the position after trick {event.since} is back: a cycle of {event.length} "
            "tricks, the game would never end"
        )
    return None


class BeggarText:
    """The game's :class:`~cardwars.engine.GameText`: boards and event lines, no moves."""

    NOTATION: str = NOTATION
    BOARD: str = BOARD

    def label(self, move: Move) -> str:
        """There are no moves to label.

        Raises:
            TypeError: always, naming the value.
        """
        raise TypeError(f"Beggar-my-neighbour has no moves to label, got {describe(move)}")

    def parse(self, text: str, state: object, seat: int) -> Move:
        """There is nothing to parse.

        Raises:
            IllegalMoveError: always.
        """
        raise IllegalMoveError(
            f"Beggar-my-neighbour has no moves, so {describe(text)} is not one; {NOTATION}",
            seat=seat if type(seat) is int else None,
            move=text if type(text) is str else describe(text),
        )

    def render(self, observation: BeggarObservation) -> str:
        """The public facts on one line."""
        sizes = ", ".join(f"P{s} {n}" for s, n in enumerate(observation.hand_sizes))
        line = f"trick {observation.tricks}, cards {observation.cards} · hands: {sizes}"
        if not observation.is_over:
            line += f" · P{observation.leader} leads"
        if observation.pile:
            line += " · pile: " + " ".join(f"P{s} {c}" for s, c in observation.pile)
        return line

    def describe(self, event: Event) -> str | None:
        """One line for ``event``, or None (the game's end: the command prints the result)."""
        return _describe(event)

    def render_state(self, state: object) -> str:
        """Both hands, top first: size, record notation, cards."""
        from beggar_my_neighbour.state import State

        if not isinstance(state, State):
            raise TypeError(
                f"render_state() takes a beggar_my_neighbour.State, got {describe(state)}"
            )
        lines = []
        for s, (hand, notation) in enumerate(zip(state.hands, state.notation, strict=True)):
            cards = " ".join(str(c) for c in hand) or "-"
            lines.append(f"P{s} ({len(hand)}) {notation or '(empty)'}: {cards}")
        lines.append(f"P{state.leader} leads; {state.tricks} tricks, {state.cards} cards")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return "BeggarText()"


TEXT: Final[BeggarText] = BeggarText()
"""The :class:`BeggarText` of the game."""
