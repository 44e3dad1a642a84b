"""The typed contract between :class:`clone_war.State <cardwars.clone_war.State>` and its
machine.

The machine is the Clone War position as small ints with its rule steps, on either
backend: ``CloneWarMachine`` of the compiled core and its twin in
``cardwars.clone_war.machine``, where every method is documented. Its
battle is the table's (``CloneWarTable``), the one the whole-game batch loop plays; the
machine adds the cycle rule, the last battle's log and the count of steps. The face
reads its position through this contract only, so a type checker follows every call
from the face into the machine; ``tests/typing/machine_contracts.py`` checks both
backends' classes against it.
"""

from __future__ import annotations

from typing import Any, Protocol

from cardwars.cards import Card
from cardwars.clone_war.tables import CloneWarFaces, CloneWarKey
from cardwars.engine.machine_state import Machine

__all__ = ["CloneWarMachine"]


class CloneWarMachine(Machine, Protocol):
    """A Clone War machine, as :class:`~cardwars.clone_war.State` uses it (see the module)."""

    @property
    def players(self) -> int:
        """The number of seats."""

    @property
    def battles(self) -> int:
        """Battles played (CW-B2)."""

    @property
    def wars(self) -> int:
        """War stages begun (CW-B2)."""

    @property
    def termination(self) -> int:
        """-1 while the game runs, else an index into ``clone_war.TERMINATIONS``."""

    @property
    def winner(self) -> int:
        """The winning seat, -1 while running or for a draw."""

    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's pile, top first."""

    def pile_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""

    def dead(self) -> tuple[Card, ...]:
        """The dead pile, top first."""

    def eliminations(self) -> tuple[int, ...]:
        """Per seat, the battle after which it went out (0: from the start), -1 while in."""

    def face_up(self) -> tuple[tuple[int, Card], ...]:
        """The cards the last battle left face up, ``(seat, card)`` in the order shown."""

    def events(self) -> tuple[int, ...]:
        """The last battle's log as ints (``cardwars.clone_war.table``)."""

    def event_objects(self, faces: CloneWarFaces, result: object) -> tuple[Any, ...]:
        """The last battle's events as the face's objects, built from its table."""

    def key(self) -> CloneWarKey:
        """Everything that defines the position, as ints, by name."""
