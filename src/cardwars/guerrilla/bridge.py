"""The named tuples between Guerrilla's face and its machine, on either backend, read by field name
on both sides; a leaf: it imports nothing of the face."""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["GuerrillaFaces", "GuerrillaKey", "GuerrillaViewFaces"]


class GuerrillaFaces(NamedTuple):
    """The face's bundle of events: the events with few possible values, made once and shared
    (they are frozen values), and the classes of the others, by event code (the layout in
    ``machine.py``).

    The compiled machine reads its fields once per tuple (it keeps the last one it was given, by
    identity), so the face passes one tuple made at import."""

    cards: tuple[Any, ...]
    """The 52 card labels, by card id."""
    played: tuple[tuple[tuple[Any, Any], ...], ...]
    """The ``CardPlayed`` events by ``[seat][card][first]`` (code 8)."""
    drawn: tuple[tuple[Any, ...], ...]
    """The ``CardsDrawn`` events by ``[seat][count]`` (code 6)."""
    evaluations: dict[tuple[tuple[int, ...], bool], Any]
    """The ``SkirmishEvaluated`` events met so far, by ``(outcomes, reevaluated)`` (code 10), to
    which the machine adds the ones it makes. ``reevaluated`` is derived from the codes: an
    evaluation right after the cards played (code 8) is GT-7's, any other a re-evaluation."""
    supports: tuple[tuple[Any, ...], ...]
    """The ``SupportAdded`` events by ``[seat][card]`` (code 9)."""
    placed: tuple[tuple[tuple[Any, Any], ...], ...]
    """The ``TieCardsPlaced`` events by ``[seat][up][face_down]`` (code 11)."""
    revealed: tuple[tuple[Any, ...], ...]
    """The ``FaceDownRevealed`` events by ``[seat][card]`` (code 12)."""
    spy: tuple[Any, ...]
    """The ``SpyFlagSet`` events by seat (code 16)."""
    evaluated: type[Any]
    """``SkirmishEvaluated`` (code 10), made as ``evaluated(outcomes, reevaluated)`` for
    keys not in :attr:`evaluations` yet."""
    spoils: type[Any]
    """``SpoilsTaken`` (code 14)."""
    won: type[Any]
    """``SkirmishWon`` (code 15)."""
    started: type[Any]
    """``SkirmishStarted`` (code 0)."""
    lost: type[Any]
    """``ForcesLost`` (code 13)."""
    reshuffled: type[Any]
    """``DiscardReshuffled`` (code 5)."""
    eliminated: type[Any]
    """``PlayerEliminated`` (code 7)."""
    proposal: type[Any]
    """``ProposalMade`` (code 1)."""
    promoted: type[Any]
    """``GuerrillaPromoted`` (code 2)."""
    cancelled: type[Any]
    """``ProposalCancelled`` (code 3)."""
    recruited: type[Any]
    """``CardsRecruited`` (code 4)."""
    over: type[Any]
    """``GameOver`` (code 17), made with the result the machine is given."""


class GuerrillaViewFaces(NamedTuple):
    """The face's bundle of an observation (``observation()``)."""

    observation: type[Any]
    """``GuerrillaObservation``, which ``observation()`` makes."""
    phases: tuple[Any, ...]
    """The face's phases by the machine's phase code."""


class GuerrillaKey(NamedTuple):
    """Everything that defines a machine's position, as ints (equal positions, equal
    keys): what ``GuerrillaMachine.key()`` returns on both backends. Cards are ids, piles
    top first; a part "per seat" has one value per seat.

    Restoring (the machine's ``__reduce__``) checks every value; it takes this tuple or
    a plain tuple of its 29 values in this order (the pickles of earlier versions)."""

    players: int
    """The number of seats, 2 to 4."""
    options: tuple[int, ...]
    """The options' ints, in the order of ``OPTIONS`` in ``steps.py``."""
    hands: tuple[tuple[int, ...], ...]
    """Each seat's hand, in arrival order."""
    draw: tuple[tuple[int, ...], ...]
    """Each seat's draw pile."""
    discard: tuple[tuple[int, ...], ...]
    """Each seat's discard pile, in arrival order."""
    removed: tuple[int, ...]
    """The removed pile."""
    stage: tuple[int, int, int, int, int, int]
    """Where the game stands, ``(g, k, phase, to_act, proposer, needed)``, as the guerrilla
    rank, the skirmish, the phase code, a bit per polled seat, the proposer (-1 for none)
    and the cards still to remove."""
    counters: tuple[int, int, int]
    """The counters ``(clock, cards_dealt, termination)``, as the elimination clock, the
    cards dealt and the termination (-1 while the game runs)."""
    in_game: tuple[int, ...]
    """1 for each seat still in play."""
    played_g: tuple[int, ...]
    """1 for each seat that played a guerrilla (for the promotion)."""
    penalty: tuple[int, ...]
    """1 for each seat under the support penalty."""
    spy: tuple[int, ...]
    """1 for each seat with the spy flag."""
    played: tuple[int, ...]
    """The card each seat played this skirmish, -1 for none."""
    supports: tuple[int, ...]
    """Each seat's support card, -1 for none."""
    outcomes: tuple[int, ...]
    """Each seat's outcome of the skirmish (2 win, 1 tie, 0 lose, -1 absent)."""
    eliminated_at: tuple[int, ...]
    """The clock of each seat's elimination, -1 while in."""
    eliminated_hand: tuple[int, ...]
    """The size of each seat's hand when it was eliminated."""
    tie_rounds: tuple[tuple[int, ...], ...]
    """Each tie round's placements as flat ``seat, down or -1, up`` ints."""
    first_tied: tuple[int, ...]
    """The seats of the first tie."""
    tied: tuple[int, ...]
    """The seats still tied."""
    drawn: tuple[tuple[int, ...], ...]
    """The cards each seat drew in this step (the last ones of its hand)."""
    forfeited: tuple[int, ...]
    """The forfeited cards, to the spoils."""
    winners: tuple[int, ...]
    """The skirmish's winners."""
    picks: tuple[int, ...]
    """The cards picked for removal so far."""
    result_winners: tuple[int, ...]
    """The game's winners once it is over."""
    placings: tuple[int, ...]
    """Each seat's place once the game is over, else empty."""
    rng_state: int
    """The game RNG's state."""
    history: tuple[tuple[int, ...], ...]
    """Every step's actions, one per seat, -1 for a seat that was not polled."""
    events: tuple[int, ...]
    """The last step's events as ints (laid out in ``machine.py``)."""
