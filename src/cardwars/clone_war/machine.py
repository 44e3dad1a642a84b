"""The Clone War state machine on ints: the pure-Python twin of the compiled ``CloneWarMachine``.

The public :class:`cardwars.clone_war.State` is a thin face over it (or over its compiled
counterpart). A machine holds a :class:`~cardwars.clone_war.table.CloneWarTable`
and plays it with the table's own battle (``CloneWarTable._play``, the step the batch
loop plays too); what the machine adds is what makes a battle a step of a state: the
cycle rule (CW-7.3) applied after each battle without hashing a single one (at the
start and after every RNG draw it asks the table how many battles remain until the
rank-state first repeats, Brent's algorithm on a copy), the last battle's log, the
count of steps, and the refusal of overlapping calls (:mod:`cardwars.exclusive`).

Cards are Clone War ids ``deck*12 + suit*3 + r`` (``r``: 0 J, 1 Q, 2 K); the machine's
views are built of ``cards``, the 48 labels it is given (the face passes its Card
objects). A battle's log is the table's: ``[op, a, b, c]`` entries, the ``OP_*``
constants of :mod:`cardwars.clone_war.table`; :meth:`CloneWarMachine.event_objects`
turns it into the face's events. Nobody decides anything (CW-8): the only step is the
empty one, ``apply_actions({})``, one battle.

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

from cardwars import exclusive
from cardwars.clone_war.table import (
    CYCLE,
    OP_COLLECT,
    OP_ELIMINATED,
    OP_FLIP,
    OP_FORFEIT,
    OP_LAST,
    OP_PLACE,
    OP_SPLIT,
    OP_WAR,
    CloneWarTable,
)
from cardwars.clone_war.tables import CloneWarFaces, CloneWarKey
from cardwars.core_envs import _actions_by_key

__all__ = ["CloneWarMachine"]

_NOBODY: frozenset[int] = frozenset()
_LOG_INTS = 1024  # the compiled machine's log buffer, in ints: a battle logs far fewer


def _option(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be an int in [{low}, {high}], got {value!r}")
    return value


class CloneWarMachine:
    """A Clone War position on ints, one battle a step.

    Args:
        cards: 48 labels, by card id, that the readable views are made of.
        piles: each seat's card ids, top first (2 to 4 seats; an empty pile is out).
        dead: the dead pile's card ids, top first.
        rng_state: the game RNG's state.
        collect_order, forfeit_to_dead, play_what_you_can, split_round_robin,
        max_battles, cap_most_cards: the table's options (``CloneWarTable``).
        cycle_detection: 1 applies the cycle rule (CW-7.3).

    Raises:
        ValueError: a card that is not an id 0..47, the same card twice, no card in any
            pile, or an option out of range.
    """

    __slots__ = ("_cards", "_cycle_at", "_cycle_detection", "_log", "_table")

    _table: CloneWarTable
    _cards: tuple[Any, ...]
    _log: list[int]  # the last battle's log
    _cycle_at: int  # the battle after which the cycle rule ends the game, or -1
    _cycle_detection: bool

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
        options = _check_options(
            cards,
            len(piles),
            collect_order,
            forfeit_to_dead,
            play_what_you_can,
            split_round_robin,
            max_battles,
            cap_most_cards,
            cycle_detection,
        )
        every = [_option(card, "a card", 0, 47) for pile in [*piles, dead] for card in pile]
        if len(set(every)) != len(every):
            raise ValueError("a card appears more than once in the position")
        if len(every) == len(dead):
            raise ValueError("a position needs at least one card in a pile")
        self._table = CloneWarTable(piles, dead, rng_state, *options[:6])
        self._cards = tuple(cards)
        self._log = []
        self._cycle_at = -1
        self._cycle_detection = bool(cycle_detection)
        if self._table.termination < 0:
            self._look_for_cycle()

    # --- the protocol ------------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return self._table.players

    @property
    def phase(self) -> int:
        """0 while battles are played, 1 once the game is over (``clone_war.Phase`` order)."""
        return 1 if self._table.termination >= 0 else 0

    @property
    def to_act(self) -> frozenset[int]:
        """The empty set, always: nobody decides anything (CW-8)."""
        return _NOBODY

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self._table.termination >= 0

    @property
    def steps(self) -> int:
        """Steps applied so far: the battles played (a machine starts before battle 1)."""
        return self._table.battles

    @property
    def rng_state(self) -> int:
        """The game RNG's state."""
        return self._table.rng_state

    @property
    def battles(self) -> int:
        """Battles played (CW-B2)."""
        return self._table.battles

    @property
    def wars(self) -> int:
        """War stages begun (CW-B2); a double war counts 2."""
        return self._table.wars

    @property
    def termination(self) -> int:
        """-1 while the game runs, else an index into ``clone_war.TERMINATIONS``."""
        return self._table.termination

    @property
    def winner(self) -> int:
        """The winning seat, -1 while running or for a draw."""
        return self._table.winner

    def _seat(self, seat: object) -> None:
        if type(seat) is not int or not 0 <= seat < self._table.players:
            raise ValueError(f"a seat is a plain int 0..{self._table.players - 1}")

    @exclusive.read
    def legal_actions(self, seat: int) -> tuple[int, ...]:
        """``()``: nobody has an action, ever.

        Raises:
            ValueError: ``seat`` is not a plain int seat.
        """
        self._seat(seat)
        return ()

    @exclusive.read
    def legal_moves(self, seat: int, own: tuple[Any, ...]) -> tuple[Any, ...]:
        """``()``: nobody has a move, ever.

        Raises:
            ValueError: ``seat`` is not a plain int seat.
        """
        self._seat(seat)
        return ()

    @exclusive.step
    def apply_actions(self, actions: object) -> bool:
        """Play one battle if ``actions`` is exactly ``{}`` (a ``dict``: nobody is polled) and
        the game is not over; else change nothing. Returns whether the battle was played."""
        if type(actions) is not dict or actions or self._table.termination >= 0:
            return False
        self._battle()
        return True

    @exclusive.step
    def apply_moves(self, moves: object, keys: object) -> bool:
        """:meth:`apply_actions` from move objects: ``{}``, as nobody has a move."""
        if type(moves) is not dict or moves or self._table.termination >= 0:
            return False
        self._battle()
        return True

    @exclusive.step
    def apply_keyed(self, actions: object, keys: tuple[Any, ...], wait: bool = False) -> bool:
        """:meth:`apply_actions` with each polled seat's action under its key: as nobody is
        polled, any ``dict`` plays the battle (its entries are not read). With ``wait``
        (the Parallel env's wait action, ``num_actions``, which is 0 here) each seat may
        have no entry or the plain int 0; any other entry of a seat makes it refuse.

        Raises:
            ValueError: ``keys`` is not a tuple of one key per seat.
        """
        players = self._table.players
        if type(keys) is not tuple or len(keys) != players:
            raise ValueError(f"keys must be a tuple of {players} keys, one per seat")
        if wait and _actions_by_key(actions, keys, players, frozenset(), 0) is None:
            return False
        if type(actions) is not dict or self._table.termination >= 0:
            return False
        self._battle()
        return True

    def _battle(self) -> None:
        """One battle (CW-3 … CW-7.2 and the cap), then the cycle rule (CW-7.3, CW-B3, B4)."""
        table = self._table
        log: list[int] = []
        drew = table._play(log, True)
        self._log = log
        if table._termination < 0:
            if table._battles == self._cycle_at:
                table._end_in_cycle()
            elif drew:
                self._look_for_cycle()  # CW-B4: a draw forgets every earlier state

    def _look_for_cycle(self) -> None:
        """Find when the cycle rule would end the game, before it can happen (CW-B3, B4):
        the first repeat of the rank-state, if it comes before an RNG draw and the cap."""
        self._cycle_at = -1
        if not self._cycle_detection:
            return
        table = self._table
        until_repeat = table.cycle_length()
        if until_repeat >= 0 and table._battles + until_repeat < table._max_battles:
            self._cycle_at = table._battles + until_repeat

    @exclusive.read
    def events(self) -> tuple[int, ...]:
        """The last battle's log (``[op, a, b, c]`` entries; ``()`` before the first)."""
        return tuple(self._log)

    @exclusive.read
    def history(self) -> tuple[tuple[int, ...], ...]:
        """Every step's actions: -1 for every seat, as nobody is ever polled."""
        return ((-1,) * self._table.players,) * self._table.battles

    @exclusive.read
    def event_objects(self, faces: CloneWarFaces, result: object) -> tuple[Any, ...]:
        """The last battle's events, built from the face's table ``faces`` (a
        :class:`~cardwars.clone_war.tables.CloneWarFaces`: the cards, the event classes,
        ``seats[mask]`` the seats of a 4-bit mask). ``GameOver(result)`` ends them when
        ``result`` is not None. ``()`` before the first battle."""
        table = self._table
        if table._battles == 0:
            return ()
        cards, seats = faces.cards, faces.seats
        flipped, war, forfeited, placed = faces.flipped, faces.war, faces.forfeited, faces.placed
        last, split, collected = faces.last, faces.split, faces.collected
        eliminated, over = faces.eliminated, faces.over
        log = self._log
        first, end = 0, len(log)
        flips = []
        while first < end and log[first] == OP_FLIP:  # the log opens with the stage-0 flips
            flips.append((log[first + 1], cards[log[first + 2]]))
            first += 4
        events = [flipped(table._battles, tuple(flips))]
        for i in range(first, end, 4):
            op, a, b, c = log[i], log[i + 1], log[i + 2], log[i + 3]
            if op == OP_COLLECT:
                events.append(collected(a, b, c == 1))
            elif op == OP_WAR:
                events.append(war(a, seats[b]))
            elif op == OP_PLACE:
                events.append(placed(a, cards[c]))
            elif op == OP_FORFEIT:
                events.append(forfeited(a, int(b >= 0), c == 1))
            elif op == OP_LAST:
                events.append(last(a, cards[b], c == 1))
            elif op == OP_SPLIT:
                events.append(split(seats[a], b, c))
            elif op == OP_ELIMINATED:
                still_in = sum(1 for out in table._out if out < 0)
                events.append(eliminated(seats[a], still_in + 1))
        if result is not None:
            events.append(over(result))
        return tuple(events)

    # --- readable state ----------------------------------------------------------------
    @exclusive.read
    def piles(self) -> tuple[tuple[Any, ...], ...]:
        """Every seat's pile, top first, as labels."""
        cards = self._cards
        return tuple(tuple(cards[card] for card in pile) for pile in self._table._piles)

    @exclusive.read
    def pile_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(len(pile) for pile in self._table._piles)

    @exclusive.read
    def dead(self) -> tuple[Any, ...]:
        """The dead pile, top first, as labels."""
        cards = self._cards
        return tuple(cards[card] for card in self._table._dead)

    @exclusive.read
    def eliminations(self) -> tuple[int, ...]:
        """Per seat, the battle after which it went out (0: from the start), -1 while in."""
        return tuple(self._table._out)

    @exclusive.read
    def face_up(self) -> tuple[tuple[int, Any], ...]:
        """The cards the last battle left face up, ``(seat, label)`` in the order shown:
        the flips, the war cards placed face up, and the last cards just played."""
        if self._table._battles == 0:
            return ()
        cards, log = self._cards, self._log
        shown = []
        for i in range(0, len(log), 4):
            op = log[i]
            if op == OP_FLIP:
                shown.append((log[i + 1], cards[log[i + 2]]))
            elif op == OP_PLACE:
                shown.append((log[i + 1], cards[log[i + 3]]))
            elif op == OP_LAST and log[i + 3]:
                shown.append((log[i + 1], cards[log[i + 2]]))
        return tuple(shown)

    # --- copying, equality, pickling ---------------------------------------------------
    @exclusive.read
    def copy(self) -> CloneWarMachine:
        """An independent copy."""
        other = object.__new__(CloneWarMachine)
        other._table = self._table._copy()  # this machine's own table: no other caller
        other._cards = self._cards
        other._log = list(self._log)
        other._cycle_at = self._cycle_at
        other._cycle_detection = self._cycle_detection
        return other

    @exclusive.read
    def key(self) -> CloneWarKey:
        """Everything that defines the position, as ints (equal positions, equal keys):
        piles, dead pile, eliminations, RNG state, the 7 options, battles, wars,
        termination, winner, the battle the cycle rule ends the game after, the last log."""
        t = self._table
        return CloneWarKey(
            piles=tuple(tuple(pile) for pile in t._piles),
            dead=tuple(t._dead),
            out=tuple(t._out),
            rng_state=t.rng_state,
            options=(
                t._collect_order,
                t._forfeit_to_dead,
                t._play_what_you_can,
                t._split_round_robin,
                t._max_battles,
                t._cap_most_cards,
                int(self._cycle_detection),
            ),
            battles=t._battles,
            wars=t._wars,
            termination=t._termination,
            winner=t._winner,
            cycle_at=self._cycle_at,
            log=tuple(self._log),
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (_clone_war_machine_from_key, (self._cards, self.key()))


def _check_options(cards: Sequence[Any], players: int, *options: object) -> tuple[int, ...]:
    """The options as ints, checked, with the labels and the number of seats."""
    if len(cards) != 48:
        raise ValueError(f"cards must be 48 labels, one per card id, got {len(cards)}")
    if not 2 <= players <= 4:
        raise ValueError(f"a table has 2 to 4 seats, got {players}")
    names = (
        "collect_order",
        "forfeit_to_dead",
        "play_what_you_can",
        "split_round_robin",
        "max_battles",
        "cap_most_cards",
        "cycle_detection",
    )
    highs = (2, 1, 1, 1, 2**31 - 1, 1, 1)
    return tuple(
        _option(value, name, 1 if name == "max_battles" else 0, high)
        for value, name, high in zip(options, names, highs, strict=True)
    )


def _clone_war_machine_from_key(
    cards: Sequence[Any], key: CloneWarKey | tuple[Any, ...]
) -> CloneWarMachine:
    """Rebuild a machine from :meth:`CloneWarMachine.key`, checking every value; a plain
    tuple of its 11 values (the pickles of earlier versions) is taken too."""
    key = _check_key(key)
    options = key.options
    _check_options(cards, len(key.piles), *options)
    table = CloneWarTable(key.piles, key.dead, key.rng_state, *options[:6])
    table._out = list(key.out)
    table._battles, table._wars = key.battles, key.wars
    table._termination, table._winner = key.termination, key.winner
    machine = object.__new__(CloneWarMachine)
    machine._table = table
    machine._cards = tuple(cards)
    machine._log = list(key.log)
    machine._cycle_at = key.cycle_at
    machine._cycle_detection = bool(options[6])
    return machine


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
    key = CloneWarKey._make(key)  # a plain tuple named, or a copy
    piles, dead, out, options, log = key.piles, key.dead, key.out, key.options, key.log
    termination, winner = key.termination, key.winner
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
    ints(termination, -1, CYCLE + 1, "termination")
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
    ints(key.rng_state, 0, 2**64 - 1, "rng_state")
    lows, highs = (0, 0, 0, 0, 1, 0, 0), (2, 1, 1, 1, 2**31 - 1, 1, 1)
    for value, low, high in zip(options, lows, highs, strict=True):
        ints(value, low, high, "an option")
    ints(key.battles, 0, 2**62, "battles")
    ints(key.wars, 0, 2**62, "wars")
    ints(key.cycle_at, -1, 2**62, "cycle_at")
    if len(tuples(log, "the log")) % 4 or len(log) > _LOG_INTS:
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
    return key
