"""Beggar-my-neighbour as a state machine on ints: one trick a step (BMN-4 … BMN-7).

:class:`BeggarMachine` is a :class:`~beggar_my_neighbour.tricks.Position` played with the
one trick of ``tricks.py`` (the step the batch loop plays too). What it adds makes a trick
a step of a state: the cycle rule, found before it can happen (at the start it plays the
game on two scratch positions with Brent's algorithm, so it knows after which trick the
position first repeats), the count of steps, the events of the last step and the refusal
of overlapping calls. Nobody decides anything: the only step is ``apply_actions({})``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

try:
    import cython
except ModuleNotFoundError:  # no Cython here: cardwars' stand-in
    from cardwars.authoring import pure_cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.beggar_my_neighbour.tricks import (
        CYCLE,
        OUT_OF_CARDS,
        RING_MASK,
        Position,
        check_int,
        cycle_length,
        cycle_start,
        push,
        reset,
        size,
        trick,
    )
else:
    from .tricks import (
        CYCLE,
        OUT_OF_CARDS,
        RING_MASK,
        Position,
        check_int,
        cycle_length,
        cycle_start,
        push,
        reset,
        size,
        trick,
    )

from cardwars.authoring import busy_error

__all__ = ["BeggarMachine"]

_NOBODY: frozenset[int] = frozenset()
_ABSENT = object()


class BeggarMachine(Position):
    """A position on ints, one trick a step.

    Args:
        cards: one label per card id, what the readable views are made of.
        hands: the two hands' card ids, top first.
        demands: per card id, the cards it demands (0: plain).
        reverse: 1 when a pile goes under the hand reversed (BMN-O2).
        rng_state: the game RNG's state (the rules draw nothing after the deal).

    Raises:
        ValueError: labels and demands of different lengths, a card id out of range or
            twice, no card at all, or an option out of range.
    """

    _cards: tuple[Any, ...]
    _cycle_at: int
    _cycle_len: int
    _steps: int
    _busy: bool

    def __init__(
        self,
        cards: Sequence[Any],
        hands: Sequence[Sequence[int]],
        demands: Sequence[int],
        reverse: int,
        rng_state: int,
    ) -> None:
        labels = tuple(cards)
        table = tuple(demands)
        if len(labels) != len(table) or not 1 <= len(table) <= 52:
            raise ValueError("one label and one demand per card id, 1 to 52 cards")
        check_int("reverse", reverse, 0, 1)
        check_int("rng_state", rng_state, 0, 2**64 - 1)
        if len(hands) != 2:
            raise ValueError("a position has two hands")
        reset(self, len(table), reverse)
        for i in range(len(table)):
            check_int("a demand", table[i], 0, 9)
            self.demand[i] = table[i]
        seen: set[int] = set()
        for s in range(2):
            for c in hands[s]:
                check_int("a card", c, 0, len(table) - 1)
                if c in seen:
                    raise ValueError("a card appears twice in the hands")
                seen.add(c)
                push(self, s, c)
        if not seen:
            raise ValueError("the hands hold no card")
        self.rng = rng_state
        self._cards = labels
        self._steps = 0
        self._busy = False
        self._look_for_cycle()

    def _look_for_cycle(self) -> int:
        """BMN-7: the trick after which the position first repeats one before it (-1: the
        game ends first), found on the scratch positions before the game gets there."""
        self._cycle_at = -1
        self._cycle_len = 0
        hare, tortoise = Position(), Position()  # this search's own: no two threads share one
        lam = cycle_length(self, hare, tortoise)
        if lam > 0:
            cycle_start(self, hare, tortoise, lam)
            self._cycle_at = hare.tricks
            self._cycle_len = lam
        return 0

    # --- the protocol ------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Two."""
        return 2

    @property
    def phase(self) -> int:
        """0 while tricks are played, 1 once the game is over."""
        return 1 if self.ending >= 0 else 0

    @property
    def to_act(self) -> frozenset[int]:
        """Nobody, ever: nobody decides anything (BMN-1)."""
        return _NOBODY

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.ending >= 0

    @property
    def steps(self) -> int:
        """Steps applied so far: tricks, and the last step if a player ran out of cards."""
        return self._steps

    @property
    def rng_state(self) -> int:
        """The game RNG's state."""
        return self.rng

    def legal_actions(self, seat: int) -> tuple[int, ...]:
        """``()``: nobody has an action (ValueError: ``seat`` is not 0 or 1)."""
        if type(seat) is not int or not 0 <= seat <= 1:
            raise ValueError("a seat is a plain int 0..1")
        return ()

    def legal_moves(self, seat: int, own: tuple[Any, ...]) -> tuple[Any, ...]:
        """``()``: nobody has a move (ValueError: ``seat`` is not 0 or 1)."""
        return self.legal_actions(seat)

    def _enter(self) -> int:
        if self._busy:
            raise busy_error()
        self._busy = True
        return 0

    def _step(self) -> int:
        """One trick (BMN-4 … BMN-6), then the end checks (BMN-7)."""
        trick(self)
        self._steps += 1
        if self.ending < 0 and self.tricks == self._cycle_at:
            self.ending = CYCLE
            self.cycle = self._cycle_len
        return 0

    def apply_actions(self, actions: object) -> bool:
        """Play one trick if ``actions`` is exactly ``{}`` and the game is not over; else
        change nothing. Returns whether the trick was played."""
        self._enter()
        try:
            if type(actions) is not dict or len(cython.cast(dict, actions)) or self.ending >= 0:
                return False
            self._step()
            return True
        finally:
            self._busy = False

    def apply_moves(self, moves: object, keys: object) -> bool:
        """:meth:`apply_actions` from move objects: ``{}``, as nobody has a move."""
        return self.apply_actions(moves)

    def apply_keyed(self, actions: object, keys: tuple[Any, ...], wait: bool = False) -> bool:
        """:meth:`apply_actions` for the Parallel env: any ``dict`` plays the trick (nobody
        is polled); with ``wait``, each seat's entry is absent or the wait action 0.

        Raises:
            ValueError: ``keys`` is not a tuple of two keys.
        """
        if type(keys) is not tuple or len(keys) != 2:
            raise ValueError("keys must be a tuple of 2 keys, one per seat")
        if type(actions) is not dict:
            return False
        self._enter()
        try:
            if wait:
                for s in range(2):
                    value = actions.get(keys[s], _ABSENT)
                    if value is not _ABSENT and not (type(value) is int and value == 0):
                        return False
            if self.ending >= 0:
                return False
            self._step()
            return True
        finally:
            self._busy = False

    def history(self) -> tuple[tuple[int, ...], ...]:
        """Every step's actions: -1 for both seats, as nobody is ever polled."""
        return ((-1, -1),) * self._steps

    def event_objects(self, faces: Any, result: object) -> tuple[Any, ...]:
        """The last step's events, made of the face's bundle ``faces`` (the cards and the
        event classes, by field name); ``faces.over(result)`` last unless ``result`` is
        None. ``()`` before the first step."""
        if self._steps == 0:
            return ()
        cards = self._cards
        out: list[Any] = []
        for i in range(self.npile):
            c = self.pile[i]
            out.append(faces.played(self.pile_seat[i], cards[c], self.demand[c]))
        if self.ending == OUT_OF_CARDS:
            out.append(faces.out(1 - self.winning_seat))
            out.append(faces.taken(self.winning_seat, self.npile, False))
        else:
            out.append(faces.taken(self.leader, self.npile, True))
            if self.ending == CYCLE:
                out.append(faces.cycle(self.cycle, self.tricks - self.cycle))
        if result is not None:
            out.append(faces.over(result))
        return tuple(out)

    # --- readable state ----------------------------------------------------------------
    def hand_ids(self, s: int) -> tuple[int, ...]:
        """Seat ``s``'s card ids, top first."""
        return tuple([self.hand[s][(self.head[s] + i) & RING_MASK] for i in range(size(self, s))])

    def hands(self) -> tuple[tuple[Any, ...], ...]:
        """Both hands, top first, as labels."""
        cards = self._cards
        return tuple([tuple([cards[c] for c in self.hand_ids(s)]) for s in range(2)])

    def kinds(self) -> tuple[tuple[int, ...], ...]:
        """Both hands, top first, as the demand of each card (the rules' view)."""
        return tuple([tuple([self.demand[c] for c in self.hand_ids(s)]) for s in range(2)])

    def hand_sizes(self) -> tuple[int, int]:
        """How many cards each seat holds."""
        return (size(self, 0), size(self, 1))

    def last_pile(self) -> tuple[tuple[int, Any], ...]:
        """The cards the last step played, ``(seat, label)`` in order (``()`` before it)."""
        if self._steps == 0:
            return ()
        return tuple([(self.pile_seat[i], self._cards[self.pile[i]]) for i in range(self.npile)])

    @property
    def counters(self) -> tuple[int, int, int, int, int, int]:
        """``(leader, tricks, cards, cycle, termination, winner)``; -1: none yet."""
        return (self.leader, self.tricks, self.cards, self.cycle, self.ending, self.winning_seat)

    # --- copying and pickling ------------------------------------------------------------
    def copy(self) -> BeggarMachine:
        """An independent copy."""
        other = cython.declare(BeggarMachine, BeggarMachine.__new__(BeggarMachine))
        _restore_into(other, self._cards, self.key())
        return other

    def key(self) -> tuple[Any, ...]:
        """Everything that defines the position, as ints (equal positions, equal keys):
        the hands, the demand table, the order option, the RNG state, the counters, the
        trick the cycle rule ends the game after and its cycle, the steps, the last pile."""
        n = self.ncards
        return (
            (self.hand_ids(0), self.hand_ids(1)),
            tuple([self.demand[i] for i in range(n)]),
            self.reverse,
            self.rng,
            self.counters,
            self._cycle_at,
            self._cycle_len,
            self._steps,
            tuple([self.pile[i] for i in range(self.npile)]),
            tuple([self.pile_seat[i] for i in range(self.npile)]),
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (_machine_from_key, (self._cards, self.key()))


def _restore_into(m: BeggarMachine, cards: Sequence[Any], key: Any) -> int:
    """Make ``m`` the machine of ``key`` (:meth:`BeggarMachine.key`), every value checked."""
    if type(key) is not tuple or len(key) != 10:
        raise ValueError("a machine key is a tuple of 10 parts")
    hands, demands, reverse, rng, counters, cycle_at, cycle_len, steps, pile, seats = key
    if type(hands) is not tuple or len(hands) != 2 or type(counters) is not tuple:
        raise ValueError("a machine key has two hands and six counters")
    if type(demands) is not tuple or not 1 <= len(demands) <= 52:
        raise ValueError("a machine key has 1 to 52 demands")
    m._cards = tuple(cards)
    if len(m._cards) != len(demands):
        raise ValueError("one label per card id")
    check_int("reverse", reverse, 0, 1)
    reset(m, len(demands), reverse)
    for i in range(len(demands)):
        check_int("a demand", demands[i], 0, 9)
        m.demand[i] = demands[i]
    every: set[int] = set()
    for s in range(2):
        for c in hands[s]:
            check_int("a card", c, 0, len(demands) - 1)
            every.add(c)
            push(m, s, c)
    if not every or len(every) != len(hands[0]) + len(hands[1]):
        raise ValueError("the hands hold each card once, one card at least")
    leader, tricks, played, cycle, ending, winner = counters
    for name, value, low, high in (
        ("rng_state", rng, 0, 2**64 - 1), ("leader", leader, 0, 1), ("tricks", tricks, 0, 2**62),
        ("cards", played, 0, 2**62), ("cycle", cycle, 0, 2**62), ("termination", ending, -1, 1),
        ("winner", winner, -1, 1), ("cycle_at", cycle_at, -1, 2**62),
        ("cycle_len", cycle_len, 0, 2**62), ("steps", steps, 0, 2**62),
    ):  # fmt: skip
        check_int(name, value, low, high)
    if (winner >= 0) != (ending == OUT_OF_CARDS) or (cycle > 0) != (ending == CYCLE):
        raise ValueError("a game over has a winner (out of cards) or a cycle, never both")
    if len(pile) != len(seats) or len(pile) > len(demands):
        raise ValueError("a pile of at most every card, a seat per card")
    for i in range(len(pile)):
        check_int("a pile card", pile[i], 0, len(demands) - 1)
        check_int("a pile seat", seats[i], 0, 1)
        m.pile[i] = pile[i]
        m.pile_seat[i] = seats[i]
    m.npile = len(pile)
    m.rng = rng
    m.leader = leader
    m.tricks = tricks
    m.cards = played
    m.cycle = cycle
    m.ending = ending
    m.winning_seat = winner
    m._cycle_at = cycle_at
    m._cycle_len = cycle_len
    m._steps = steps
    m._busy = False
    return 0


def _machine_from_key(cards: Sequence[Any], key: object) -> BeggarMachine:
    """Rebuild a machine from :meth:`BeggarMachine.key` (a pickle's), every value checked."""
    m = cython.declare(BeggarMachine, BeggarMachine.__new__(BeggarMachine))
    _restore_into(m, cards, key)
    return m
