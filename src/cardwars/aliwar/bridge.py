"""The named tuples between Aliwar's face and its machine, on either backend.

:class:`AliwarFaces` is what the face (:mod:`cardwars.aliwar.state`) hands its machine to
build event objects and observations with: its classes and the values it shares.
:class:`AliwarKey` is what a machine says of its position (``AliwarMachine.key()``): what
it pickles and is restored from, and what the face reads to rebuild one. A leaf: it
imports nothing of the face.
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["AliwarFaces", "AliwarKey"]


class AliwarFaces(NamedTuple):
    """The face's bundle: the classes the machine makes objects of and the values it
    shares (the events with few possible values, made once: they are frozen values).

    The compiled machine reads its fields once per tuple (it keeps the last one it was
    given, by identity), so the face passes one tuple made at import.
    """

    cards: tuple[Any, ...]
    """The 52 card labels, by card id."""
    conflict: type[Any]
    """``ConflictResolved`` (event code 1)."""
    discarded: type[Any]
    """``CardsDiscarded`` (code 3)."""
    returned: type[Any]
    """``CardsReturned`` (code 4)."""
    kept: type[Any]
    """``CardKept`` (code 5)."""
    flipped: type[Any]
    """``TopsFlipped`` (code 7)."""
    over: type[Any]
    """``GameOver`` (code 8), made with the result the machine is given."""
    revealed: tuple[tuple[Any, ...], ...]
    """The ``SwitchesRevealed`` of switch actions ``a`` and ``b`` at ``[a][b]`` (code 0)."""
    emptied: tuple[tuple[Any, ...], ...]
    """The ``StackEmptied`` events by ``[seat][stack]`` (code 2)."""
    declined: tuple[Any, ...]
    """The ``KeepDeclined`` events by seat (code 6)."""
    protected: tuple[tuple[bool, bool], ...]
    """A conflict's protection flags by ``2 * protected_0 + protected_1``."""
    winners: tuple[Any, ...]
    """A conflict's winner by ``winner`` (0, 1), and ``winners[2]`` for a tie (None)."""
    observation: type[Any]
    """``AliwarObservation``, which ``observation()`` makes."""
    phases: tuple[Any, ...]
    """The face's phases by the machine's phase code."""


class AliwarKey(NamedTuple):
    """Everything that defines a machine's position, as ints (equal positions, equal
    keys): what ``AliwarMachine.key()`` returns on both backends.

    Restoring (the machine's ``__reduce__``) checks every value; it takes this tuple or
    a plain tuple of its 16 values in this order (the pickles of earlier versions).
    """

    stacks: tuple[tuple[tuple[int, ...], ...], ...]
    """The card ids of each stack by ``[seat][stack]``, top first."""
    protection: tuple[int, ...]
    """The two protection cards."""
    phase: int
    """The phase code (``codes.SWITCH``, ``KEEP``, ``OVER``)."""
    won: tuple[tuple[int, ...], ...]
    """The cards each seat won this round (the middle row), in column order."""
    returning: tuple[tuple[int, ...], ...]
    """By ``[seat][stack]``, 1 for a top that won or tied, face up until it returns (Keep
    phase only)."""
    discard: tuple[int, ...]
    """The discard pile, in discard order."""
    rounds: int
    """Rounds played."""
    no_progress: int
    """Completed rounds in a row without a discard."""
    longest: int
    """The longest such run so far."""
    seen: int
    """The cards once face up, a bit per card id."""
    termination: int
    """-1 while the game runs, else the termination code."""
    winner: int
    """The winning seat, -1 for none."""
    options: tuple[int, ...]
    """``(null switch allowed, kept below, double loss most, no_progress_limit,
    max_rounds, cap most)``, as the machine holds its options."""
    rng_state: int
    """The game RNG's state."""
    history: tuple[tuple[int, int], ...]
    """Every step's two actions, -1 for a seat that was not polled."""
    events: tuple[int, ...]
    """The last step's events as ints (:ref:`aliwar-machine`)."""
