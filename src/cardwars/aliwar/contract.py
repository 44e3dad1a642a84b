"""The typed contract between :class:`aliwar.State <cardwars.aliwar.State>` and its machine.

The machine is the Aliwar position as small ints with its rule steps, on either
backend: ``AliwarMachine`` of the compiled core and its twin in
``cardwars.aliwar.machine``, where every method is documented. The face
reads its position through this contract only, so a type checker follows every call
from the face into the machine; ``tests/typing/machine_contracts.py`` checks both
backends' classes against it.
"""

from __future__ import annotations

from typing import Any, Protocol

from cardwars.aliwar.tables import AliwarFaces, AliwarKey
from cardwars.cards import Card
from cardwars.engine.machine_state import Machine

__all__ = ["AliwarMachine"]


class AliwarMachine(Machine, Protocol):
    """An Aliwar machine, as :class:`~cardwars.aliwar.State` uses it (see the module)."""

    @property
    def termination(self) -> int:
        """-1 while the game runs, else an index into ``aliwar.TERMINATIONS``."""

    @property
    def winner(self) -> int:
        """The winning seat, -1 while running or for a draw."""

    @property
    def rounds(self) -> int:
        """Rounds played."""

    @property
    def no_progress(self) -> int:
        """Rounds since the last discard (AW-9)."""

    def stacks(self) -> tuple[tuple[tuple[Card, ...], ...], ...]:
        """Every stack, top first, per seat."""

    def protection(self) -> tuple[Card, Card]:
        """The two protection cards."""

    def won(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The middle row in the Keep phase, per seat."""

    def discard(self) -> tuple[Card, ...]:
        """The discard pile."""

    def card_count(self) -> int:
        """Cards in the stacks, protection positions and middle row."""

    def observation(self, seat: int, faces: AliwarFaces, recall: bool, result: object) -> Any:
        """What ``seat`` may know, built from the face's table."""

    def event_objects(self, faces: AliwarFaces, result: object) -> tuple[Any, ...]:
        """The last step's events as the face's objects, built from its table."""

    def key(self) -> AliwarKey:
        """Everything that defines the position, as ints, by name."""

    def encode_observation(self, seat: int, recall: bool, out: Any) -> None:
        """``seat``'s observation codes into a float32 buffer."""

    def encode_state(self, out: Any) -> None:
        """The god's-eye codes into a float32 buffer."""

    def apply_keyed(self, actions: object, keys: tuple[Any, ...], wait: bool = False) -> bool:
        """``apply_actions`` with each seat's action found under its key (``wait``: a
        seat not polled has no entry or the wait action, ``NUM_ACTIONS``)."""

    def encode_seats(self, recall: bool, obs: Any, masks: Any, wait: bool = False) -> None:
        """Every seat's codes and action mask into two blocks (``wait``: masks one wider,
        the last column the wait action, 1 for a seat not polled)."""
