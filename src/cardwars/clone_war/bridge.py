"""The named tuples between Clone War's face and its machine, on either backend.

:class:`CloneWarFaces` is what the face hands its machine to build a battle's events with;
:class:`CloneWarKey` is what a machine says of its position (``CloneWarMachine.key()``). Both
are read by field name on both sides (:doc:`/layout`). A leaf: it imports nothing of the face.
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["CloneWarFaces", "CloneWarKey"]


class CloneWarFaces(NamedTuple):
    """The face's bundle: the cards, the event classes and the seat sets.

    The compiled machine reads its fields once per tuple (it keeps the last one it was
    given, by identity), so the face passes one tuple made at import.
    """

    cards: tuple[Any, ...]
    """The 48 card labels, by Clone War card id."""
    flipped: type[Any]
    """``CardsFlipped``, a battle's first event."""
    war: type[Any]
    """``WarStarted``."""
    forfeited: type[Any]
    """``Forfeited``."""
    placed: type[Any]
    """``WarCardsPlaced``."""
    last: type[Any]
    """``LastCardShown``."""
    split: type[Any]
    """``PotSplit``."""
    collected: type[Any]
    """``PotCollected``."""
    eliminated: type[Any]
    """``PlayersEliminated``."""
    over: type[Any]
    """``GameOver``, made with the result the machine is given."""
    seats: tuple[tuple[int, ...], ...]
    """The seats of each 4-bit mask, by mask (16 of them)."""


class CloneWarKey(NamedTuple):
    """Everything that defines a machine's position, as ints (equal positions, equal
    keys): what ``CloneWarMachine.key()`` returns on both backends. Cards are Clone War
    card ids.

    Restoring (the machine's ``__reduce__``) checks every value; it takes this tuple or
    a plain tuple of its 11 values in this order (the pickles of earlier versions).
    """

    piles: tuple[tuple[int, ...], ...]
    """Each seat's pile, top first."""
    dead: tuple[int, ...]
    """The dead pile."""
    out: tuple[int, ...]
    """The battle after which each seat went out (0 from the start), -1 while in."""
    rng_state: int
    """The game RNG's state."""
    options: tuple[int, ...]
    """``(collect_order, forfeit_to_dead, play_what_you_can, split_round_robin,
    max_battles, cap_most_cards, cycle_detection)``."""
    battles: int
    """Battles played."""
    wars: int
    """Wars fought."""
    termination: int
    """-1 while the game runs, else the termination code."""
    winner: int
    """The winning seat, -1 for none."""
    cycle_at: int
    """The battle after which the cycle rule ends the game, -1 for none."""
    log: tuple[int, ...]
    """The last battle's log, entries of ``op a b c`` (the ops of ``position.py``)."""
