"""The typed contract between :class:`guerrilla.State <cardwars.guerrilla.State>` and its
machine.

The machine is the Guerrilla position as small ints with its rule steps, on either
backend: ``GuerrillaMachine`` of the compiled core and its twin in
``cardwars.guerrilla.machine``, where every method is documented. The face
and the search agent read the position through this contract only, so a type checker
follows every call from the face into the machine; ``tests/typing/machine_contracts.py``
checks both backends' classes against it.
"""

from __future__ import annotations

from typing import Any, Protocol

from cardwars.cards import Card
from cardwars.engine.machine_state import Machine
from cardwars.guerrilla.tables import GuerrillaFaces, GuerrillaKey, GuerrillaViewFaces

__all__ = ["GuerrillaMachine"]


class GuerrillaMachine(Machine, Protocol):
    """A Guerrilla machine, as :class:`~cardwars.guerrilla.State` uses it (see the module)."""

    @property
    def termination(self) -> int:
        """-1 while the game runs, else an index into ``guerrilla.TERMINATIONS``."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over."""

    @property
    def placings(self) -> tuple[int, ...]:
        """Every seat's place once the game is over."""

    @property
    def skirmish(self) -> int:
        """The skirmish number."""

    @property
    def guerrilla_rank(self) -> int:
        """G, the Guerrilla rank now."""

    @property
    def cards_dealt(self) -> int:
        """Cards in the game."""

    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand."""

    def draw_piles(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's draw pile, top first."""

    def discard_piles(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's discard pile."""

    def removed(self) -> tuple[Card, ...]:
        """Cards out of the game."""

    def table(self) -> tuple[Card, ...]:
        """The cards on the table."""

    def tie_rounds(self) -> tuple[tuple[tuple[int, Card, Card | None], ...], ...]:
        """Every seat's tie rounds: (round, face-up card, face-down card or None)."""

    def flags(self) -> tuple[tuple[bool, ...], ...]:
        """In game, played a Guerrilla, penalty, spy: one tuple per flag, one bool per seat."""

    def observation(self, seat: int, faces: GuerrillaViewFaces, rules: object) -> Any:
        """What ``seat`` may know, built from the face's view table."""

    def event_objects(self, faces: GuerrillaFaces, result: object) -> tuple[Any, ...]:
        """The last step's events as the face's objects, built from its table."""

    def key(self) -> GuerrillaKey:
        """Everything that defines the position, as ints, by name."""

    def greedy_action(self, seat: int) -> int:
        """The greedy agent's action for ``seat``, or -1."""

    def rollout(
        self, agents: tuple[int, ...], rng_state: int, explore: int = 0, max_steps: int = -1
    ) -> int:
        """Play on with built-in agents; return the RNG state after."""

    def encode_observation(self, seat: int, out: Any) -> None:
        """``seat``'s observation codes into a float32 buffer."""

    def encode_state(self, out: Any) -> None:
        """The god's-eye codes into a float32 buffer."""

    def apply_keyed(self, actions: object, keys: tuple[Any, ...], wait: bool = False) -> bool:
        """``apply_actions`` with each seat's action found under its key (``wait``: a
        seat not polled has no entry or the wait action, ``NUM_ACTIONS``)."""

    def encode_seats(self, obs: Any, masks: Any, wait: bool = False) -> None:
        """Every seat's codes and action mask into two blocks (``wait``: masks one wider,
        the last column the wait action, 1 for a seat not polled)."""
