"""The Clone War state machine on ints: one battle a step (CW-3 … CW-7), with the cycle
rule (CW-7.3) applied after each battle without hashing a single one (:ref:`clone-war-machine`).

>>> labels = tuple(range(48))  # the face passes Card objects; any labels do
>>> machine = CloneWarMachine(labels, [[2, 0], [4, 7]], [], 0, 0, 0, 0, 0, 10000, 0, 1)
>>> machine.apply_actions({}), machine.piles()  # K beats Q: P0 takes both cards
(True, ((0, 2, 4), (7,)))
>>> machine.apply_actions({0: 1}), machine.steps  # nobody is polled: only {} is a step
(False, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars._core import SlotBuilder, _check_u64
    from cython.cimports.cardwars.clone_war.battles import *  # noqa: F403
    from cython.cimports.cardwars.clone_war.position import *  # noqa: F403
else:
    from cardwars.core_rng import _check_u64
    from cardwars.core_values import SlotBuilder

    from .battles import battle, fill, finish_setup, pile_ids, search, seats_in, size
    from .position import (
        CYCLE,
        LOG_MAX,
        OP_COLLECT,
        OP_ELIMINATED,
        OP_FLIP,
        OP_FORFEIT,
        OP_LAST,
        OP_PLACE,
        OP_SPLIT,
        OP_WAR,
        Log,
        Position,
        check_int,
        copy_position,
        new_log,
        new_position,
        reset,
    )

from cardwars.clone_war.bridge import CloneWarFaces, CloneWarKey
from cardwars.exclusive import busy_error

__all__ = ["CloneWarMachine"]

if CloneWarKey._fields != (
    "piles", "dead", "out", "rng_state", "options", "battles", "wars", "termination",
    "winner", "cycle_at", "log",
):  # fmt: skip
    raise ImportError("CloneWarKey's fields are not those CloneWarMachine.key() writes")

_NOBODY: frozenset[int] = frozenset()
_ABSENT = object()  # apply_keyed: a seat with no entry
_hare = new_position()  # the cycle search's scratch positions (steps hold the GIL)
_tortoise = new_position()


# --- the events of a battle, built from the face's bundle ------------------------------


class EventMakers:
    """The builders of the face's event objects and its shared values, read once from
    its bundle (a :class:`~cardwars.clone_war.bridge.CloneWarFaces`, by field name) and
    kept while the face passes that same bundle."""

    faces: object
    cards: tuple[Any, ...]  # faces.cards: the 48 labels
    seats: tuple[tuple[int, ...], ...]  # faces.seats[mask]: the seats of a 4-bit mask
    seat_cards: tuple[tuple[int, Any], ...]  # (seat, card) by 48 * seat + card id
    flipped: SlotBuilder
    war: SlotBuilder
    forfeited: SlotBuilder
    placed: SlotBuilder
    last: SlotBuilder
    split: SlotBuilder
    collected: SlotBuilder
    eliminated: SlotBuilder
    over: SlotBuilder

    def __init__(self, faces: CloneWarFaces) -> None:
        cards: tuple[Any, ...] = faces.cards
        seats: tuple[tuple[int, ...], ...] = faces.seats
        if len(cards) != 48 or len(seats) != 16:
            raise ValueError("the faces of Clone War's events: 48 cards, 16 seat sets")
        self.seat_cards = tuple([(s, card) for s in range(4) for card in cards])
        self.flipped = SlotBuilder(faces.flipped, ("battle", "cards"))
        self.war = SlotBuilder(faces.war, ("stage", "seats"))
        self.forfeited = SlotBuilder(faces.forfeited, ("seat", "cards", "to_dead"))
        self.placed = SlotBuilder(faces.placed, ("seat", "face_up"))
        self.last = SlotBuilder(faces.last, ("seat", "card", "played"))
        self.split = SlotBuilder(faces.split, ("seats", "cards_each", "to_dead"))
        self.collected = SlotBuilder(faces.collected, ("seat", "cards", "shuffled"))
        self.eliminated = SlotBuilder(faces.eliminated, ("seats", "place"))
        self.over = SlotBuilder(faces.over, ("result",))
        self.cards = cards
        self.seats = seats
        self.faces = faces


_makers: EventMakers | None = None


def _make1(builder: SlotBuilder, a: object) -> object:
    if cython.compiled:
        obj = builder.blank()
        builder.put(obj, 0, a)
        return obj
    return builder(a)


def _make2(builder: SlotBuilder, a: object, b: object) -> object:
    if cython.compiled:
        return builder.make2(a, b)
    return builder(a, b)


def _make3(builder: SlotBuilder, a: object, b: object, c: object) -> object:
    if cython.compiled:
        return builder.make3(a, b, c)
    return builder(a, b, c)


def _event_objects(
    log: Log, faces: CloneWarFaces, result: object, battle: int, still_in: int
) -> tuple[Any, ...]:
    """The event objects of a battle's log (``GameOver(result)`` last unless None)."""
    global _makers
    makers = _makers
    if makers is None or faces is not makers.faces:
        _makers = None  # until every field is read: a table that fails is never half learnt
        makers = _makers = EventMakers(faces)
    cards = makers.cards
    seats = makers.seats
    n = log.n
    i = 0
    out: list[object] = []
    flips: list[object] = []
    while i < n and log.entries[i] == OP_FLIP:  # the log opens with the stage-0 flips
        flips.append(makers.seat_cards[48 * log.entries[i + 1] + log.entries[i + 2]])
        i += 4
    out.append(_make2(makers.flipped, battle, tuple(flips)))
    while i < n:
        op = log.entries[i]
        a = log.entries[i + 1]
        b = log.entries[i + 2]
        c = log.entries[i + 3]
        if op == OP_COLLECT:
            out.append(_make3(makers.collected, a, b, c == 1))
        elif op == OP_WAR:
            out.append(_make2(makers.war, a, seats[b]))
        elif op == OP_PLACE:
            out.append(_make2(makers.placed, a, cards[c]))
        elif op == OP_FORFEIT:
            out.append(_make3(makers.forfeited, a, 1 if b >= 0 else 0, c == 1))
        elif op == OP_LAST:
            out.append(_make3(makers.last, a, cards[b], c == 1))
        elif op == OP_SPLIT:
            out.append(_make3(makers.split, seats[a], b, c))
        elif op == OP_ELIMINATED:
            out.append(_make2(makers.eliminated, seats[a], still_in + 1))
        i += 4
    if result is not None:
        out.append(_make1(makers.over, result))
    return tuple(out)


# --- the machine ------------------------------------------------------------------------


def _setup(
    m: CloneWarMachine,
    cards: Sequence[Any],
    players: int,
    rng_state: object,
    collect_order: object,
    forfeit_to_dead: object,
    play_what_you_can: object,
    split_round_robin: object,
    max_battles: object,
    cap_most_cards: object,
    cycle_detection: object,
) -> int:
    """Check the labels and options (as ints) and give ``m`` empty piles with them."""
    labels = tuple(cards)
    if len(labels) != 48:
        raise ValueError(f"cards must be 48 labels, one per card id, got {len(labels)}")
    if not 2 <= players <= 4:
        raise ValueError(f"a game has 2 to 4 seats, got {players}")
    check_int("collect_order", collect_order, 0, 2)
    check_int("forfeit_to_dead", forfeit_to_dead, 0, 1)
    check_int("play_what_you_can", play_what_you_can, 0, 1)
    check_int("split_round_robin", split_round_robin, 0, 1)
    check_int("max_battles", max_battles, 1, (1 << 31) - 1)
    check_int("cap_most_cards", cap_most_cards, 0, 1)
    check_int("cycle_detection", cycle_detection, 0, 1)
    m._cards = labels
    m._cycle_detection = bool(cycle_detection)
    m._cycle_at = -1
    m._log = new_log()
    m._log_shared = False
    m._busy = False
    reset(
        m,
        players,
        _check_u64(rng_state, "rng_state"),
        collect_order,  # type: ignore[arg-type]
        forfeit_to_dead,  # type: ignore[arg-type]
        play_what_you_can,  # type: ignore[arg-type]
        split_round_robin,  # type: ignore[arg-type]
        max_battles,  # type: ignore[arg-type]
        cap_most_cards,  # type: ignore[arg-type]
    )
    return 0


class CloneWarMachine(Position):
    """A Clone War position on ints, one battle a step.

    Args:
        cards: 48 labels, by card id, that the readable views are made of.
        piles: each seat's card ids, top first (2 to 4 seats; an empty pile is out).
        dead: the dead pile's card ids, top first.
        rng_state: the game RNG's state.

    Then the options as ints, in this order (``collect_order``, ``forfeit_to_dead``,
    ``play_what_you_can``, ``split_round_robin``, ``max_battles``, ``cap_most_cards``, as
    ``whole_game.WholeGame`` takes them) and ``cycle_detection`` (1 applies the cycle
    rule, CW-7.3).

    Raises:
        ValueError: a card that is not an id 0..47, the same card twice, no card in any
            pile, or an option out of range.
    """

    _log: Log
    _log_shared: bool
    _cycle_at: int
    _cycle_detection: bool
    _cards: tuple[Any, ...]
    _busy: bool

    def __init__(
        self,
        cards: Sequence[Any],
        piles: Sequence[Sequence[int]],
        dead: Sequence[int],
        rng_state: int,
        collect_order: int,
        forfeit_to_dead: int,
        play_what_you_can: int,
        split_round_robin: int,
        max_battles: int,
        cap_most_cards: int,
        cycle_detection: int,
    ) -> None:
        seat_piles = [list(pile) for pile in piles]
        dead_cards = list(dead)
        every: list[int] = []
        _setup(
            self,
            cards,
            len(seat_piles),
            rng_state,
            collect_order,
            forfeit_to_dead,
            play_what_you_can,
            split_round_robin,
            max_battles,
            cap_most_cards,
            cycle_detection,
        )
        for pile in [*seat_piles, dead_cards]:
            for card in pile:
                check_int("a card", card, 0, 47)
                every.append(card)
        if len(set(every)) != len(every):
            raise ValueError("a card appears more than once in the position")
        if len(every) == len(dead_cards):
            raise ValueError("a position needs at least one card in a pile")
        fill(self, seat_piles, dead_cards)
        finish_setup(self)
        if self.ending < 0:
            self._look_for_cycle()

    # --- the protocol ------------------------------------------------------------------
    @property
    def phase(self) -> int:
        """0 while battles are played, 1 once the game is over (``clone_war.Phase`` order)."""
        return 1 if self.ending >= 0 else 0

    @property
    def to_act(self) -> frozenset[int]:
        """The empty set, always: nobody decides anything (CW-8)."""
        return _NOBODY

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.ending >= 0

    @property
    def steps(self) -> int:
        """Steps applied so far: the battles played (a machine starts before battle 1)."""
        return self.played

    def _seat(self, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise ValueError(f"a seat is a plain int 0..{self.seats - 1}")
        return 0

    def legal_actions(self, seat: int) -> tuple[int, ...]:
        """``()``: nobody has an action, ever.

        Raises:
            ValueError: ``seat`` is not a plain int seat.
        """
        self._seat(seat)
        return ()

    def legal_moves(self, seat: int, own: tuple[Any, ...]) -> tuple[Any, ...]:
        """``()``: nobody has a move, ever.

        Raises:
            ValueError: ``seat`` is not a plain int seat.
        """
        self._seat(seat)
        return ()

    # Every step holds _busy from its first look at a caller's value to its commit.
    def _enter(self) -> int:
        if self._busy:
            raise busy_error()
        self._busy = True
        return 0

    def claim(self) -> None:
        """Hold the machine as a step does while its state reads a caller's value or undoes:
        a step meanwhile (from that value's callbacks, or another thread) is refused."""
        self._enter()

    def release(self) -> None:
        """Let go of :meth:`claim`."""
        self._busy = False

    def apply_actions(self, actions: object) -> bool:
        """Play one battle if ``actions`` is exactly ``{}`` (a ``dict``: nobody is polled) and
        the game is not over; else change nothing. Returns whether the battle was played."""
        return self._play_empty(actions) == 1

    def apply_moves(self, moves: object, keys: object) -> bool:
        """:meth:`apply_actions` from move objects: ``{}``, as nobody has a move."""
        return self._play_empty(moves) == 1

    def _play_empty(self, given: object) -> int:
        self._enter()
        try:
            if type(given) is not dict or len(cython.cast(dict, given)) or self.ending >= 0:
                return 0
            self._battle()
            return 1
        finally:
            self._busy = False

    def apply_keyed(self, actions: object, keys: tuple[Any, ...], wait: bool = False) -> bool:
        """:meth:`apply_actions` with each polled seat's action under its key: as nobody is
        polled, any ``dict`` plays the battle (its entries are not read). With ``wait``
        (the Parallel env's wait action, ``num_actions``, which is 0 here) each seat may
        have no entry or the plain int 0; any other entry of a seat makes it refuse.

        Raises:
            ValueError: ``keys`` is not a tuple of one key per seat.
        """
        if type(keys) is not tuple or len(keys) != self.seats:
            raise ValueError(f"keys must be a tuple of {self.seats} keys, one per seat")
        if type(actions) is not dict:
            return False
        self._enter()  # a lookup may run a key's __eq__: it finds the machine busy
        try:
            if wait:  # each seat: no entry, or the wait action 0
                for s in range(self.seats):
                    value = actions.get(keys[s], _ABSENT)
                    if value is not _ABSENT and not (type(value) is int and value == 0):
                        return False
            if self.ending >= 0:
                return False
            self._battle()  # nobody is polled: no entry is read
            return True
        finally:
            self._busy = False

    def _battle(self) -> int:
        """One battle (CW-3 … CW-7.2 and the cap), then the cycle rule (CW-7.3, CW-B3, B4)."""
        if self._log_shared:  # a copy reads the last log: this battle writes a new one
            self._log = new_log()
            self._log_shared = False
        drew = battle(self, self._log, True)
        if self.ending < 0:
            if self.played == self._cycle_at:
                self.ending = CYCLE
                self.winning_seat = -1
            elif drew:
                self._look_for_cycle()  # CW-B4: a draw forgets every earlier state
        return 0

    def _look_for_cycle(self) -> int:
        """Find when the cycle rule would end the game, before it can happen (CW-B3, B4):
        the first repeat of the rank-state, if it comes before an RNG draw and the cap."""
        self._cycle_at = -1
        if not self._cycle_detection:
            return 0
        until_repeat = search(self, _hare, _tortoise)
        if until_repeat >= 0 and self.played + until_repeat < self.max_battles:
            self._cycle_at = self.played + until_repeat
        return 0

    def events(self) -> tuple[int, ...]:
        """The last battle's log (``[op, a, b, c]`` entries; ``()`` before the first)."""
        log = self._log
        return tuple([log.entries[i] for i in range(log.n)])

    def history(self) -> tuple[tuple[int, ...], ...]:
        """Every step's actions: -1 for every seat, as nobody is ever polled."""
        return ((-1,) * self.seats,) * self.played

    def event_objects(self, faces: CloneWarFaces, result: object) -> tuple[Any, ...]:
        """The last battle's events, built from the face's bundle ``faces`` (a
        :class:`~cardwars.clone_war.bridge.CloneWarFaces`: the cards, the event classes,
        ``seats[mask]`` the seats of a 4-bit mask). ``GameOver(result)`` ends them when
        ``result`` is not None. ``()`` before the first battle."""
        if self.played == 0:
            return ()
        return _event_objects(self._log, faces, result, self.played, seats_in(self))

    # --- readable state ----------------------------------------------------------------
    def piles(self) -> tuple[tuple[Any, ...], ...]:
        """Every seat's pile, top first, as labels."""
        cards = self._cards
        return tuple([tuple([cards[v >> 2] for v in pile_ids(self, s)]) for s in range(self.seats)])

    def pile_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple([size(self, s) for s in range(self.seats)])

    def dead(self) -> tuple[Any, ...]:
        """The dead pile, top first, as labels."""
        cards = self._cards
        return tuple([cards[self.dead_cards[i] >> 2] for i in range(self.ndead)])

    def eliminations(self) -> tuple[int, ...]:
        """Per seat, the battle after which it went out (0: from the start), -1 while in."""
        return tuple([self.out[s] for s in range(self.seats)])

    def face_up(self) -> tuple[tuple[int, Any], ...]:
        """The cards the last battle left face up, ``(seat, label)`` in the order shown:
        the flips, the war cards placed face up, and the last cards just played."""
        if self.played == 0:
            return ()
        cards = self._cards
        log = self._log
        shown: list[tuple[int, Any]] = []
        for i in range(0, log.n, 4):
            op = log.entries[i]
            if op == OP_FLIP:
                shown.append((log.entries[i + 1], cards[log.entries[i + 2]]))
            elif op == OP_PLACE:
                shown.append((log.entries[i + 1], cards[log.entries[i + 3]]))
            elif op == OP_LAST and log.entries[i + 3]:
                shown.append((log.entries[i + 1], cards[log.entries[i + 2]]))
        return tuple(shown)

    # --- copying, equality, pickling ---------------------------------------------------
    def copy(self) -> CloneWarMachine:
        """An independent copy (the last battle's log is shared until either battles)."""
        other = cython.declare(CloneWarMachine, CloneWarMachine.__new__(CloneWarMachine))
        copy_position(other, self)
        other._log = self._log
        other._log_shared = True
        self._log_shared = True
        other._cycle_at = self._cycle_at
        other._cycle_detection = self._cycle_detection
        other._cards = self._cards
        other._busy = False
        return other

    def key(self) -> CloneWarKey:
        """Everything that defines the position, as ints (equal positions, equal keys):
        piles, dead pile, eliminations, RNG state, the 7 options, battles, wars,
        termination, winner, the battle the cycle rule ends the game after, the last log."""
        return tuple.__new__(
            CloneWarKey,
            (  # the fields of CloneWarKey, in order
                tuple([tuple([v >> 2 for v in pile_ids(self, s)]) for s in range(self.seats)]),
                tuple([self.dead_cards[i] >> 2 for i in range(self.ndead)]),
                tuple([self.out[s] for s in range(self.seats)]),
                self.rng,
                (
                    self.collect_order,
                    self.forfeit_to_dead,
                    self.play_what_you_can,
                    self.split_round_robin,
                    self.max_battles,
                    self.cap_most_cards,
                    int(self._cycle_detection),
                ),
                self.played,
                self.war_stages,
                self.ending,
                self.winning_seat,
                self._cycle_at,
                self.events(),
            ),
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (_clone_war_machine_from_key, (self._cards, self.key()))


def _clone_war_machine_from_key(cards: Sequence[Any], key: object) -> CloneWarMachine:
    """Rebuild a machine from :meth:`CloneWarMachine.key`, checking every value; a plain
    tuple of its 11 values (the pickles of earlier versions) is taken too."""
    m = cython.declare(CloneWarMachine, CloneWarMachine.__new__(CloneWarMachine))
    checked = _check_key(key)
    piles = checked.piles
    options = checked.options
    _setup(
        m, cards, len(piles), checked.rng_state, options[0], options[1], options[2],
        options[3], options[4], options[5], options[6],
    )  # fmt: skip
    fill(m, piles, checked.dead)
    for s in range(len(piles)):
        m.out[s] = checked.out[s]
    m.played = checked.battles
    m.war_stages = checked.wars
    m.ending = checked.termination
    m.winning_seat = checked.winner
    m._cycle_at = checked.cycle_at
    log = checked.log
    for i in range(len(log)):
        m._log.entries[i] = log[i]
    m._log.n = len(log)
    return m


def _check_key(key: object) -> CloneWarKey:
    """Return ``key`` as a :class:`CloneWarKey` if it is a machine key
    (:meth:`CloneWarMachine.key`, or a plain tuple of its 11 values as earlier versions
    pickled), every value in range and the position one a battle can be played from, else
    raise ValueError (a key comes back from a pickle, which may be tampered with)."""

    def ints(value: object, low: int, high: int, what: str) -> int:
        if type(value) is not int or not low <= value <= high:
            raise ValueError(f"{what} must be an int in [{low}, {high}], got {value!r}")
        return value

    def tuples(value: object, what: str) -> tuple[Any, ...]:
        if type(value) is not tuple:
            raise ValueError(f"{what} must be a tuple, got {type(value).__name__}")
        return value

    if not (type(key) is CloneWarKey or type(key) is tuple) or len(key) != 11:
        raise ValueError("a machine key is a tuple of 11 parts")
    named = CloneWarKey._make(key)
    piles, dead, out, options, log = named.piles, named.dead, named.out, named.options, named.log
    termination, winner = named.termination, named.winner
    players = len(tuples(piles, "piles"))
    ints(players, 2, 4, "the number of seats")
    if len(tuples(out, "eliminations")) != players or len(tuples(options, "options")) != 7:
        raise ValueError("a machine key has an elimination per seat and 7 options")
    every: list[int] = []
    for pile in piles:
        every.extend(ints(card, 0, 47, "a card") for card in tuples(pile, "a pile"))
    every.extend(ints(card, 0, 47, "a dead card") for card in tuples(dead, "the dead pile"))
    if len(set(every)) != len(every):
        raise ValueError("a card appears more than once")
    ints(termination, -1, 2, "termination")
    ints(winner, -1, players - 1, "winner")
    still_in = 0
    for s in range(players):
        if ints(out[s], -1, 2**62, "an elimination") >= 0 and piles[s]:
            raise ValueError("a seat that is out holds no cards")
        if out[s] < 0:
            if not piles[s] and termination < 0:
                raise ValueError("a seat still in holds a card while the game runs on")
            still_in += 1
    if termination < 0 and still_in < 2:
        raise ValueError("a game runs while two seats at least are still in")
    ints(named.rng_state, 0, 2**64 - 1, "rng_state")
    lows, highs = (0, 0, 0, 0, 1, 0, 0), (2, 1, 1, 1, 2**31 - 1, 1, 1)
    for value, low, high in zip(options, lows, highs, strict=True):
        ints(value, low, high, "an option")
    ints(named.battles, 0, 2**62, "battles")
    ints(named.wars, 0, 2**62, "wars")
    ints(named.cycle_at, -1, 2**62, "cycle_at")
    if len(tuples(log, "the log")) % 4 or len(log) > LOG_MAX:
        raise ValueError("a battle's log is at most 256 entries of 4 ints")
    seat, mask, card = (0, players - 1), (1, (1 << players) - 1), (0, 47)
    big, flag, pot, nil = (0, 2**31 - 1), (0, 1), (0, 48), (0, 0)
    ranges = (
        (seat, card, nil),  # a flip
        ((1, 2**31 - 1), mask, nil),  # a war stage
        (seat, (-1, 47), flag),  # a forfeit
        (seat, card, card),  # war cards placed
        (seat, card, flag),  # a last card shown
        (mask, pot, pot),  # a split
        (seat, pot, flag),  # a collection
        (mask, big, nil),  # eliminations
        ((0, 2), (-1, players - 1), nil),  # the end
    )
    for i in range(0, len(log), 4):
        for k, (low, high) in enumerate(ranges[ints(log[i], 0, 8, "a log op")]):
            ints(log[i + 1 + k], low, high, f"an int of log op {log[i]}")
    return named
