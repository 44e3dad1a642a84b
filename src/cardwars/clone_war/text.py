"""Clone War as text, for the ``cardwars`` command (``play`` and ``replay``): :data:`TEXT`.

Nobody decides anything (CW-8), so there is no move notation (:doc:`/api/clone_war`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardwars.clone_war.moves import (
    CardsDealt,
    CardsFlipped,
    CloneWarObservation,
    Forfeited,
    LastCardShown,
    PlayersEliminated,
    PotCollected,
    PotSplit,
    WarCardsPlaced,
    WarStarted,
)
from cardwars.clone_war.state import State
from cardwars.engine import Event, Move
from cardwars.errors import IllegalMoveError, describe

__all__ = ["BOARD", "NOTATION", "TEXT", "CloneWarText"]

NOTATION = (
    "Clone War has no moves: every battle plays itself (CW-8). The game runs to its end on its own."
)

BOARD = """\
Reading the board:
  battle 12          the battles fought so far
  3 war stages       the war stages fought so far
  piles: P0 26       the number of cards in each player's pile
  dead pile 0        the cards out of the game (forfeited, or left over by a split)
  shown: P0 KC       the face-up cards on the table now
  KC2                KC of deck 2: the game deals up to four decks, numbered
                     0-3; a card of deck 0 has no number (KC)
  ·                  separates the parts of the line
In a replay's whole-table view, "P0 (26): KC 9D ..." is a player's pile (its
size, then its cards, top first), "dead (2): ..." the dead pile, and - none."""
"""How to read :meth:`CloneWarText.render` and :meth:`CloneWarText.render_state`."""


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(f"P{s}" for s in seats)


# --- the interface ---------------------------------------------------------------------------


class CloneWarText:
    """Clone War's :class:`~cardwars.engine.interfaces.GameText`: boards and event lines, no moves.

    The one instance is :data:`TEXT`, which is :attr:`CloneWar.text
    <cardwars.clone_war.CloneWar.text>`. Clone War has no moves (CW-8), so
    :meth:`label` labels none and :meth:`parse` always refuses.

    >>> from cardwars.clone_war import CloneWar
    >>> CloneWar.text.parse("flip", CloneWar().new_game(seed=1), 0)
    Traceback (most recent call last):
    ...
    cardwars.errors.IllegalMoveError: Clone War has no moves, so 'flip' is not one; ...
    """

    NOTATION: str = NOTATION
    """What help screens show, that there is nothing to type (:data:`NOTATION`)."""
    BOARD: str = BOARD
    """How to read the boards (:data:`BOARD`), for help screens."""

    def label(self, move: Move) -> str:
        """Clone War has no moves, so there is nothing to label.

        Raises:
            TypeError: always, naming the value.
        """
        raise TypeError(f"Clone War has no moves to label, got {describe(move)}")

    def parse(self, text: str, state: State, seat: int) -> Move:
        """There is nothing to parse in Clone War.

        Raises:
            IllegalMoveError: always, naming the text and saying that the game has no moves.
        """
        raise IllegalMoveError(
            f"Clone War has no moves, so {describe(text)} is not one; {NOTATION}",
            seat=seat if type(seat) is int else None,
            move=text if type(text) is str else describe(text),
        )

    def render(self, observation: CloneWarObservation) -> str:
        """The public facts (CW-8) on one line."""
        sizes = ", ".join(f"P{s} {n}" for s, n in enumerate(observation.pile_sizes))
        wars = f"{observation.wars} war stage" + ("" if observation.wars == 1 else "s")
        line = f"battle {observation.battles}, {wars} · piles: {sizes}"
        line += f" · dead pile {observation.dead_size}"
        if observation.face_up:
            line += " · shown: " + ", ".join(f"P{s} {c}" for s, c in observation.face_up)
        return line

    def describe(self, event: Event) -> str | None:
        """One line describing ``event``, or None for an event that needs no words."""
        if isinstance(event, CardsDealt):
            sizes = event.pile_sizes
            if len(set(sizes)) == 1:
                dealt = f"dealt: {sizes[0]} cards face down to each of {len(sizes)} players"
            else:
                dealt = "dealt face down: " + ", ".join(f"P{s} {n}" for s, n in enumerate(sizes))
            return dealt + (f"; {event.dead} to the dead pile" if event.dead else "")
        if isinstance(event, CardsFlipped):
            shown = ", ".join(f"P{s} {card}" for s, card in event.cards)
            return f"battle {event.battle}: {shown}"
        if isinstance(event, WarStarted):
            return f"war stage {event.stage}: {_seats(event.seats)}"
        if isinstance(event, WarCardsPlaced):
            return f"P{event.seat} places a card face down and {event.face_up} face up"
        if isinstance(event, Forfeited):
            where = "the dead pile" if event.to_dead else "the pot"
            return f"P{event.seat} is short and forfeits {event.cards} card(s) to {where}"
        if isinstance(event, LastCardShown):
            how = "plays" if event.played else "stands on"
            return f"P{event.seat} {how} {event.card}"
        if isinstance(event, PotSplit):
            dead = f", {event.to_dead} to the dead pile" if event.to_dead else ""
            return f"still tied: the pot is shuffled and split among {_seats(event.seats)}{dead}"
        if isinstance(event, PotCollected):
            how = " (shuffled)" if event.shuffled else ""
            return f"P{event.seat} takes the pot ({event.cards} cards){how}"
        if isinstance(event, PlayersEliminated):
            return f"{_seats(event.seats)} out of cards: place {event.place}"
        return None  # GameOver too: the command prints the result itself

    def render_state(self, state: State) -> str:
        """Every pile, top first, and the dead pile (god's-eye, for replays)."""
        lines = [
            f"P{s} ({len(pile)}): " + (" ".join(str(c) for c in pile) or "-")
            for s, pile in enumerate(state.piles)
        ]
        lines.append(f"dead ({len(state.dead)}): " + (" ".join(str(c) for c in state.dead) or "-"))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return "CloneWarText()"


TEXT: Final[CloneWarText] = CloneWarText()
"""The :class:`CloneWarText` of :attr:`CloneWar.text <cardwars.clone_war.CloneWar.text>`."""
