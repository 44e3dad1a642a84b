"""The Aliwar state machine on ints, ``AliwarMachine``, stepped by the rule steps of
:mod:`.round` that the batch loop plays too (:ref:`aliwar-machine`).
"""

from __future__ import annotations

import array
from collections.abc import Sequence
from typing import Any

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars._core import (
        MoveKeys,
        _check_u64,
        _exact_int_or,
        _int_tuple,
        moves_of_actions,
    )
    from cython.cimports.cardwars.aliwar.position import *  # noqa: F403
    from cython.cimports.cardwars.aliwar.restore import *  # noqa: F403
    from cython.cimports.cardwars.aliwar.round import *  # noqa: F403
    from cython.cimports.cardwars.aliwar.views import *  # noqa: F403
    from cython.cimports.cpython import array
    from cython.cimports.libc.string import memcpy
else:
    from cardwars.core_rng import _check_u64
    from cardwars.core_values import MoveKeys, _exact_int_or, moves_of_actions

    from .position import (
        DECLINE,
        KEEP,
        KEEP_BASE,
        NUM_ACTIONS,
        OVER,
        RING,
        RING_MASK,
        SWITCH,
        Position,
        deal,
        reset,
        start_round,
    )
    from .restore import _check_events, _check_restored
    from .round import keep_is_legal, keep_step, switch_step
    from .views import event_objects, labels, observations, seen_stacks

from cardwars import exclusive
from cardwars.aliwar.bridge import AliwarFaces, AliwarKey
from cardwars.exclusive import busy_error

from .position import check_card, check_flag, check_limit
from .views import encode_into, encode_seats

__all__ = ["AliwarMachine", "aliwar_deal"]

_POLLED: tuple[frozenset[int], ...] = tuple(
    frozenset(s for s in (0, 1) if b >> s & 1) for b in range(4)
)
_SWITCHES_15 = tuple(range(15))
_SWITCHES_16 = tuple(range(16))
_NONE_WON: tuple[tuple[Any, ...], tuple[Any, ...]] = ((), ())
_UP = tuple([tuple([bool(b >> c & 1) for c in range(5)]) for b in range(32)])
_ABSENT = object()  # apply_keyed: a seat with no entry

# key() is a NamedTuple of aliwar/bridge.py made from its values in field order
# (tuple.__new__: a keyword call costs microseconds), so its fields are checked here, once.
if AliwarKey._fields != (
    "stacks", "protection", "phase", "won", "returning", "discard", "rounds", "no_progress",
    "longest", "seen", "termination", "winner", "options", "rng_state", "history", "events",
):  # fmt: skip
    raise ImportError("AliwarKey's fields are not those AliwarMachine.key() writes")


@cython.cclass
class AliwarMachine:
    """An Aliwar position on ints, one step at a time.

    Args:
        cards: 52 labels, by card id, that the readable views are made of.
        stacks: ``stacks[seat][stack]``: 2 seats of 5 non-empty sequences of card ids,
            top first.
        protection: the two protection card ids.
        rng_state: the game RNG's state (Aliwar draws from it only for the deal).
        allow_null_switch: the options (this and the five below) as
            ``aliwar.Rules.machine_options()`` gives them: ``kept_card_position``,
            ``double_loss_result``, ``no_progress_limit``, ``max_rounds``, ``cap_result``.

    Raises:
        ValueError: a layout or option that is not as above.
    """

    g: Position
    _hist: array.array[int]
    _cards: tuple[Any, ...]
    _legal_0: tuple[int, ...] | None
    _legal_1: tuple[int, ...] | None
    _moves_0: tuple[Any, ...] | None
    _moves_1: tuple[Any, ...] | None
    _moves_of: tuple[Any, ...] | None
    _views: tuple[Any, ...] | None
    _last_protection: tuple[Any, Any] | None
    _last_view: tuple[tuple[tuple[Any, ...], ...], ...] | None
    _last_discard: tuple[Any, ...] | None
    _busy: bool

    @cython.locals(g=Position, s=cython.int, c=cython.int)
    def __init__(
        self, cards: Sequence[Any], stacks: Sequence[Sequence[Sequence[int]]],
        protection: Sequence[int], rng_state: int, allow_null_switch: int = 0,
        kept_card_position: int = 0, double_loss_result: int = 0, no_progress_limit: int = 100,
        max_rounds: int = 1000, cap_result: int = 0,
    ) -> None:  # fmt: skip
        _setup(
            self, cards, rng_state, allow_null_switch, kept_card_position, double_loss_result,
            no_progress_limit, max_rounds, cap_result,
        )  # fmt: skip
        g = self.g
        stacks, protection = list(stacks), list(protection)
        if len(stacks) != 2 or len(protection) != 2:
            raise ValueError("a layout has 2 seats of 5 stacks and 2 protection cards")
        seen: list[int] = []
        for s in range(2):
            own = list(stacks[s])
            if len(own) != 5:
                raise ValueError(f"seat {s} needs 5 stacks, got {len(own)}")
            for c in range(5):
                stack = list(own[c])
                if not 1 <= len(stack) <= 52:
                    raise ValueError(f"seat {s} stack {c} needs 1 to 52 cards, got {len(stack)}")
                for card in stack:
                    g.ring[RING * (5 * s + c) + g.size[5 * s + c]] = check_card(card, "a card")
                    g.size[5 * s + c] += 1
                    seen.append(card)
            g.protection[s] = check_card(protection[s], "a protection card")
            seen.append(protection[s])
        if len(set(seen)) != len(seen):
            raise ValueError("a card appears more than once in the layout")
        start_round(g)

    # --- the protocol ------------------------------------------------------------------
    @property
    def phase(self) -> int:
        """0 Switch, 1 Keep, 2 over."""
        return self.g.phase

    @property
    def to_act(self) -> frozenset[int]:
        """The seats polled now: both to switch, those who won a card to keep."""
        return self._to_act()

    def _to_act(self) -> frozenset[int]:
        if self.g.phase == KEEP:
            return _POLLED[(self.g.won_count[0] > 0) + 2 * (self.g.won_count[1] > 0)]
        return _POLLED[3 if self.g.phase == SWITCH else 0]

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.g.phase == OVER

    @property
    def termination(self) -> int:
        """-1 while the game runs, else an index into ``aliwar.TERMINATIONS``."""
        return self.g.termination

    @property
    def winner(self) -> int:
        """The winning seat, -1 while running or for a draw."""
        return self.g.winner

    @property
    def rounds(self) -> int:
        """Rounds played."""
        return self.g.rounds

    @property
    def no_progress(self) -> int:
        """Completed rounds in a row without a discard (AW-7.6)."""
        return self.g.no_progress

    @property
    def seen(self) -> int:
        """The cards once face up, a bit per card id (AW-8.3)."""
        return self.g.seen

    @property
    def rng_state(self) -> int:
        """The game RNG's state."""
        return self.g.rng

    @property
    def steps(self) -> int:
        """Steps taken."""
        return len(self._hist) // 2

    def legal_actions(self, seat: int) -> tuple[int, ...]:
        """``seat``'s legal actions in the canonical order (none when not polled)."""
        if type(seat) is not int or not 0 <= seat < 2:
            raise ValueError("a seat is 0 or 1 (a plain int)")
        return self._legal(seat)

    # The caches of a step (legal actions, moves, views) are kept only if no step came in
    # while they were built: building allocates, which may let another thread run.
    def _legal(self, s: int) -> tuple[int, ...]:
        cached = self._legal_0 if s == 0 else self._legal_1
        if cached is None:
            steps = len(self._hist)
            cached = self._build_legal(s)
            if len(self._hist) == steps:
                if s == 0:
                    self._legal_0 = cached
                else:
                    self._legal_1 = cached
        return cached

    def legal_moves(self, seat: int, own: tuple[Any, ...]) -> tuple[Any, ...]:
        """The face's move objects (``own``, by action) of ``seat``'s legal actions.

        Raises:
            ValueError: ``seat`` is not a seat, or ``own`` has no entry for an action.
        """
        if type(seat) is not int or not 0 <= seat < 2:
            raise ValueError("a seat is 0 or 1 (a plain int)")
        s = cython.declare(cython.int, seat)
        if own is not self._moves_of:  # the cache holds the moves of one table
            self._moves_0 = self._moves_1 = None
            self._moves_of = own
        cached = self._moves_0 if s == 0 else self._moves_1
        if cached is None:
            steps = len(self._hist)
            cached = moves_of_actions(own, self._legal(s))
            if len(self._hist) == steps and own is self._moves_of:
                if s == 0:
                    self._moves_0 = cached
                else:
                    self._moves_1 = cached
        return cached

    def _build_legal(self, s: int) -> tuple[int, ...]:
        g = self.g
        if g.phase == SWITCH:  # AW-4.1, AW-4.4
            return _SWITCHES_16 if g.n_switches == 16 else _SWITCHES_15
        if g.phase == OVER or g.won_count[s] == 0:
            return ()
        out = cython.declare(cython.int[26])  # the actions, made one tuple at the end
        n = 0
        if g.empty_stack[s] >= 0:  # AW-7.2: the refill is forced
            for i in range(g.won_count[s]):
                out[n] = KEEP_BASE + 5 * g.won[5 * s + i] + g.empty_stack[s]
                n += 1
        else:  # AW-6.2: decline, or keep a won card under any own stack
            out[n] = DECLINE
            n += 1
            for i in range(g.won_count[s]):
                base = KEEP_BASE + 5 * g.won[5 * s + i]
                for stack in range(5):
                    out[n] = base + stack
                    n += 1
        if cython.compiled:
            return _int_tuple(out, n)
        return tuple([out[i] for i in range(n)])

    # Every step sets _busy from its first read of a caller's value to its commit, so a
    # callback of that value (__eq__, __hash__) or another thread cannot step in between.
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
        """Perform one step if ``actions`` is exactly right, else change nothing.

        Right means: a ``dict`` whose keys are exactly :attr:`to_act`, as plain ``int``
        seats, each mapped to a plain ``int`` among that seat's :meth:`legal_actions`.
        Returns whether the step was performed (the face explains a refusal).
        """
        self._enter()
        try:
            return _apply(self, actions) == 1
        finally:
            self._busy = False

    def apply_moves(self, moves: object, keys: object) -> bool:
        """:meth:`apply_actions` from move objects, each move's action found by ``keys``
        (the face's action space's ``cardwars.core_values.MoveKeys``: its
        own objects by identity, equal values by their fields; anything else: False)."""
        self._enter()
        try:
            if cython.compiled:
                given = cython.declare(cython.int[2])
                if (
                    type(keys) is not MoveKeys
                    or cython.cast(MoveKeys, keys).fill(moves, given, 2) < 0
                ):
                    return False
                return self._check_commit(given[0], given[1], True) == 1
            actions = keys.actions_of(moves) if type(keys) is MoveKeys else None
            return actions is not None and _apply(self, actions) == 1
        finally:
            self._busy = False

    def _check_commit(self, a0: int, a1: int, strict: bool) -> int:
        # The one check of a step, however its actions came (ints, move objects, keyed):
        # every polled seat has a legal action; strict, no other seat has one (-1: none,
        # -2: one that is no action). Then the commit, with no Python code in between.
        # 1 if performed, else 0 (nothing changed).
        g = self.g
        if g.phase == OVER:
            return 0
        for s in range(2):
            polled = g.phase == SWITCH or g.won_count[s] > 0
            action = a0 if s == 0 else a1
            if not polled:
                if strict and action != -1:
                    return 0
                if s == 0:
                    a0 = -1
                else:
                    a1 = -1
                continue
            if not 0 <= action < NUM_ACTIONS:
                return 0
            if g.phase == SWITCH:
                if action >= g.n_switches:
                    return 0
            elif not keep_is_legal(g, s, action):
                return 0
        self._commit(a0, a1)
        return 1

    def _commit(self, action_0: int, action_1: int) -> int:
        # A checked step, whichever method took it: record, play, drop the step's caches.
        self._record(action_0, action_1)
        self.g.n_ev = 0
        if self.g.phase == SWITCH:
            switch_step(self.g, action_0, action_1)
        else:
            keep_step(self.g, action_0, action_1)
        self._legal_0 = None
        self._legal_1 = None
        self._moves_0 = None
        self._moves_1 = None
        self._views = None
        return 0

    def _record(self, action_0: int, action_1: int) -> int:
        # The history is an array of C shorts (an action is -1..276), grown in place.
        if cython.compiled:
            hist = self._hist
            n = len(hist)
            array.resize_smart(hist, n + 2)
            hist.data.as_shorts[n] = action_0
            hist.data.as_shorts[n + 1] = action_1
        else:
            self._hist.append(action_0)
            self._hist.append(action_1)
        return 0

    def events(self) -> tuple[int, ...]:
        """The last step's events as ints (:ref:`aliwar-machine`)."""
        return tuple([self.g.ev[i] for i in range(self.g.n_ev)])

    def history(self) -> tuple[tuple[int, int], ...]:
        """Every step's two actions, -1 for a seat that was not polled."""
        hist = self._hist
        return tuple([(hist[i], hist[i + 1]) for i in range(0, len(hist), 2)])

    # --- readable state ----------------------------------------------------------------
    def stacks(self) -> tuple[tuple[tuple[Any, ...], ...], ...]:
        """``stacks[seat][stack]``, top first, as labels."""
        return (
            tuple([self._pile(0, c) for c in range(5)]),
            tuple([self._pile(1, c) for c in range(5)]),
        )

    def _pile(self, s: int, c: int) -> tuple[Any, ...]:
        # Seat s's stack c as labels, top first.
        ids = cython.declare(cython.int[64])
        g = self.g
        at = RING * (5 * s + c)
        head = g.head[5 * s + c]
        for i in range(g.size[5 * s + c]):
            ids[i] = g.ring[at + ((head + i) & RING_MASK)]
        return labels(self._cards, ids, 0, g.size[5 * s + c])

    # Protection cards and the discard pile change in few steps: a tuple of the same
    # labels as the last one built is that one, which a view built every step reuses.
    def protection(self) -> tuple[Any, Any]:
        """The two protection cards."""
        cards = self._cards
        last = self._last_protection
        if (
            last is None
            or last[0] is not cards[self.g.protection[0]]
            or last[1] is not cards[self.g.protection[1]]
        ):
            last = self._last_protection = labels(cards, self.g.protection, 0, 2)
        return last

    def won(self) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """The middle row in the Keep phase, per seat."""
        g = self.g
        if g.won_count[0] == 0 and g.won_count[1] == 0:
            return _NONE_WON
        cards = self._cards
        return labels(cards, g.won, 0, g.won_count[0]), labels(cards, g.won, 5, g.won_count[1])

    def discard(self) -> tuple[Any, ...]:
        """The discard pile, in discard order."""
        cards = self._cards
        last = self._last_discard
        if last is not None and len(last) == self.g.n_discard:
            for i in range(self.g.n_discard):
                if last[i] is not cards[self.g.discard[i]]:
                    break
            else:
                return last
        last = self._last_discard = labels(cards, self.g.discard, 0, self.g.n_discard)
        return last

    def face_up(self) -> tuple[tuple[bool, ...], ...]:
        """``face_up[seat][stack]``: every top in the Switch phase, the returning ones in
        the Keep phase, none once the game is over."""
        g = self.g
        if g.phase == SWITCH:
            return _UP[31], _UP[31]
        if g.phase == OVER:
            return _UP[0], _UP[0]
        bits_0 = 0
        bits_1 = 0
        for c in range(5):
            if g.returning[c]:
                bits_0 |= 1 << c
            if g.returning[5 + c]:
                bits_1 |= 1 << c
        return _UP[bits_0], _UP[bits_1]

    def view(self, recall: bool) -> tuple[tuple[tuple[Any, ...], ...], ...]:
        """``stacks`` as a seat sees them (AW-8): face-up tops, and with ``recall`` every
        card once face up (AW-8.3), else None. A pile equal to the last view's is that
        view's own tuple."""
        view = seen_stacks(self.g, self._cards, self.g.seen if recall else 0, self._last_view)
        self._last_view = view
        return view

    # --- the face's objects, built from its bundle (aliwar.bridge documents it) ------------
    def event_objects(self, faces: AliwarFaces, result: Any) -> tuple[Any, ...]:
        """The last step's events as the face's objects, from its bundle ``faces``."""
        return event_objects(self.g, faces, result)

    def observation(self, seat: int, faces: AliwarFaces, recall: bool, result: Any) -> Any:
        """``seat``'s part of :meth:`observations`, built once per step for both seats."""
        if type(seat) is not int or not 0 <= seat < 2:
            raise ValueError("a seat is 0 or 1 (a plain int)")
        s = cython.declare(cython.int, seat)
        views = cython.declare(tuple, self._views)
        if views is None:
            steps = len(self._hist)
            views = self.observations(faces, recall, result)
            if len(self._hist) == steps:
                self._views = views
        return views[s]

    def observations(self, faces: AliwarFaces, recall: bool, result: Any) -> tuple[Any, ...]:
        """Both seats' observations as the face's objects (``faces.observation``; they
        differ in the seat only)."""
        values = (
            self._to_act(), self.g.rounds, self.g.no_progress, self.view(recall),
            self.face_up(), self.protection(), self.won(), self.discard(), result,
        )  # fmt: skip
        return observations(faces, self.g.phase, values)

    # --- the RL encodings ---------------------------------------------------------------
    # ``out`` is a writable float32 buffer of at least the encoding's size; its first
    # elements are overwritten with the layout of ``cardwars.envs.encoding``.
    def encode_observation(self, seat: int, recall: bool, out: Any) -> None:
        """Write seat ``seat``'s observation vector (609 floats) into ``out``."""
        if type(seat) is not int or not 0 <= seat < 2:
            raise ValueError("a seat is 0 or 1 (a plain int)")
        encode_into(self.g, out, seat, True, self.g.seen if recall else 0)

    def encode_state(self, out: Any) -> None:
        """Write the god's-eye state vector (607 floats) into ``out``."""
        encode_into(self.g, out, -1, False, 0)

    @cython.locals(i=cython.int)
    def card_count(self) -> int:
        """Cards in the stacks, protection positions and middle row."""
        total = 2 + self.g.won_count[0] + self.g.won_count[1]
        for i in range(10):
            total += self.g.size[i]
        return total

    # --- copying, equality, pickling ---------------------------------------------------
    @cython.locals(n=cython.Py_ssize_t)
    def copy(self) -> AliwarMachine:
        """An independent copy."""
        # The position, its step count and its caches are read with no allocation in
        # between, so no other thread runs halfway (compiled); then the history's first
        # steps are sliced (it only grows).
        other = cython.declare(AliwarMachine, AliwarMachine.__new__(AliwarMachine))
        g = cython.declare(Position, Position.__new__(Position))
        self.g.copy_into(g)
        n = len(self._hist)
        other._cards = self._cards
        other._legal_0 = self._legal_0
        other._legal_1 = self._legal_1
        other._moves_0 = self._moves_0
        other._moves_1 = self._moves_1
        other._moves_of = self._moves_of
        other._views = self._views
        other._last_protection = self._last_protection
        other._last_view = self._last_view
        other._last_discard = self._last_discard
        if cython.compiled:  # the first n shorts, read after the allocation
            other._hist = array.clone(self._hist, n, False)
            memcpy(
                other._hist.data.as_shorts,
                self._hist.data.as_shorts,
                n * cython.sizeof(cython.short),
            )
        else:
            other._hist = self._hist[:n]
        other.g = g
        other._busy = False
        return other

    @cython.locals(g=Position)
    def key(self) -> AliwarKey:
        """Everything that defines the position, as ints (equal positions, equal keys)."""
        g = self.g
        seats = range(2)
        flags = (g.n_switches == 16, g.kept_below, g.double_loss_most)
        options = (*flags, g.no_progress_limit, g.max_rounds, g.cap_most)
        return tuple.__new__(
            AliwarKey,
            (  # the fields of AliwarKey, in order
                tuple([tuple([_ids_pile(g, s, c) for c in range(5)]) for s in seats]),
                (g.protection[0], g.protection[1]),
                g.phase,
                tuple([tuple([g.won[5 * s + i] for i in range(g.won_count[s])]) for s in seats]),
                tuple([tuple([g.returning[5 * s + c] for c in range(5)]) for s in seats]),
                tuple([g.discard[i] for i in range(g.n_discard)]),
                *(g.rounds, g.no_progress, g.longest, g.seen, g.termination, g.winner),
                options,
                g.rng,
                self.history(),
                self.events(),
            ),
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (_aliwar_machine_from_key, (self._cards, self.key()))

    # --- the RL environments' fast path -----------------------------------------------
    def apply_keyed(self, actions: object, keys: tuple[Any, ...], wait: bool = False) -> bool:
        """:meth:`apply_actions` with each polled seat's action found under its key.

        Seat ``s`` plays ``actions[keys[s]]``; entries under other keys (a seat not
        polled, anything else) are ignored. Performs the step and returns True when
        ``actions`` is a ``dict`` giving every polled seat a plain ``int`` among its
        :meth:`legal_actions`; else changes nothing and returns False. With ``wait``
        (the Parallel env's wait action, ``NUM_ACTIONS``), a seat not polled may have no
        entry or the plain int ``NUM_ACTIONS``; any other entry of it is refused too.

        Raises:
            ValueError: ``keys`` is not a tuple of two keys, one per seat.
        """
        if type(keys) is not tuple or len(keys) != 2:
            raise ValueError("keys must be a tuple of 2 keys, one per seat")
        if type(actions) is not dict:
            return False
        self._enter()
        try:
            # First every seat's entry (-1: missing or not a plain int in range; with
            # ``wait``, -1: missing or the wait action, -2: anything else that is not a
            # plain int action): a lookup may run a key's __eq__. Then the checks and the
            # commit, on the position as it is now, with no Python code in between.
            given = [-1, -1]
            for s in range(2):
                value = actions.get(keys[s], _ABSENT)
                if type(value) is int and 0 <= value < NUM_ACTIONS:
                    given[s] = value
                elif not wait or value is _ABSENT or (type(value) is int and value == NUM_ACTIONS):
                    given[s] = -1
                else:
                    given[s] = -2
            return self._check_commit(given[0], given[1], wait) == 1
        finally:
            self._busy = False

    def encode_seats(self, recall: bool, obs: Any, masks: Any, wait: bool = False) -> None:
        """Write both seats' observations (row ``s``: :meth:`encode_observation`) and action
        masks (1 at its :meth:`legal_actions`) into two blocks: float32 rows of 609, int8
        rows of 277 (``wait``: 278, the wait action 1 exactly for a seat not polled).

        Raises:
            ValueError: a block of another format, read-only, not C-contiguous or too short.
        """
        if not cython.compiled:  # interpreted, cardwars.exclusive guards it (below)
            encode_seats(self.g, self.g.seen if recall else 0, obs, masks, wait)
            return
        self._enter()  # asking for a buffer may run Python code (__buffer__)
        try:
            encode_seats(self.g, self.g.seen if recall else 0, obs, masks, wait)
        finally:
            self._busy = False


if not cython.compiled:  # compiled, a step holds the GIL from check to commit; interpreted,
    # cardwars.exclusive guards steps and reads (a read during a step: the busy error).
    for _name in ("apply_actions", "apply_moves", "apply_keyed"):
        setattr(AliwarMachine, _name, exclusive.step(getattr(AliwarMachine, _name)))
    for _name in (
        "legal_actions", "legal_moves", "events", "history", "stacks", "protection", "won",
        "discard", "face_up", "view", "event_objects", "observation", "observations",
        "encode_observation", "encode_state", "card_count", "copy", "key", "__reduce__",
        "encode_seats",
    ):  # fmt: skip
        setattr(AliwarMachine, _name, exclusive.read(getattr(AliwarMachine, _name)))


def _ids_pile(g: Position, s: int, c: int) -> tuple[int, ...]:
    # Seat s's stack c as card ids, top first.
    ids = cython.declare(cython.int[64])
    at = RING * (5 * s + c)
    head = g.head[5 * s + c]
    size = g.size[5 * s + c]
    for i in range(size):
        ids[i] = g.ring[at + ((head + i) & RING_MASK)]
    if cython.compiled:
        return _int_tuple(ids, size)
    return tuple([ids[i] for i in range(size)])


def _setup(
    m: AliwarMachine,
    cards: Sequence[Any],
    rng_state: object,
    allow_null_switch: object,
    kept_card_position: object,
    double_loss_result: object,
    no_progress_limit: object,
    max_rounds: object,
    cap_result: object,
) -> int:
    # An empty machine with these options, every value checked (in the old order).
    names = tuple(cards)
    if len(names) != 52:
        raise ValueError(f"cards must be 52 labels, one per card id, got {len(names)}")
    limit = check_limit(no_progress_limit, "no_progress_limit")
    cap = check_limit(max_rounds, "max_rounds")
    rng = _check_u64(rng_state, "rng_state")
    null_switch = check_flag(allow_null_switch, "allow_null_switch")
    kept_below = check_flag(kept_card_position, "kept_card_position")
    double_loss_most = check_flag(double_loss_result, "double_loss_result")
    cap_most = check_flag(cap_result, "cap_result")
    g = Position()
    reset(g, null_switch != 0, kept_below != 0, double_loss_most != 0, limit, cap, cap_most != 0)
    g.rng = rng
    g.log = True
    m.g = g
    m._cards = names
    m._hist = array.array("h")
    m._legal_0 = m._legal_1 = None
    m._moves_0 = m._moves_1 = m._moves_of = None
    m._views = None
    m._last_protection = m._last_view = m._last_discard = None
    m._busy = False
    return 0


def _apply(m: AliwarMachine, actions: object) -> int:
    # apply_actions' check of its dict: plain int seats in range, plain int actions.
    given = cython.declare(cython.int[2])
    given[0] = given[1] = -1
    if type(actions) is not dict:
        return 0
    entries = cython.cast(dict, actions)
    for seat, value in entries.items():
        if type(seat) is not int or type(value) is not int:
            return 0
        s = cython.declare(cython.longlong, _exact_int_or(seat, -1))
        a = cython.declare(cython.longlong, _exact_int_or(value, -1))
        if not (0 <= s < 2 and 0 <= a < NUM_ACTIONS):
            return 0
        given[s] = a
    return m._check_commit(given[0], given[1], True)


@cython.locals(machine=AliwarMachine)
def aliwar_deal(cards: Sequence[Any], seed: int, **options: Any) -> AliwarMachine:
    """Deal from ``seed`` (AW-2.1): one shuffle of the 52 ids, then seat ``s`` stack
    ``c`` is ``deck[25s + 5c ..][:5]`` (top first) and the protection cards are
    ``deck[50]`` and ``deck[51]``. ``options`` are :class:`AliwarMachine`'s."""
    machine = AliwarMachine.__new__(AliwarMachine)
    rng = _check_u64(seed, "seed")
    _setup(
        machine, cards, 0,
        options.pop("allow_null_switch", 0), options.pop("kept_card_position", 0),
        options.pop("double_loss_result", 0), options.pop("no_progress_limit", 100),
        options.pop("max_rounds", 1000), options.pop("cap_result", 0),
    )  # fmt: skip
    if options:
        raise TypeError(f"unknown option(s) {sorted(options)}")
    deal(machine.g, rng)
    start_round(machine.g)
    return machine


@cython.locals(m=AliwarMachine, g=Position, s=cython.int, c=cython.int, i=cython.Py_ssize_t)
def _aliwar_machine_from_key(
    cards: Sequence[Any], key: AliwarKey | tuple[Any, ...]
) -> AliwarMachine:
    """Rebuild a machine from :meth:`AliwarMachine.key`, checking every value; a plain
    tuple of its 16 values (the pickles of earlier versions) is taken too."""
    if type(key) not in (AliwarKey, tuple) or len(key) != 16:
        raise ValueError("a machine key is a tuple of 16 parts")
    # a plain tuple, as earlier versions pickled: name its parts
    key = key if isinstance(key, AliwarKey) else AliwarKey._make(key)
    options = key.options
    if len(options) != 6:
        raise ValueError(f"a machine key has 6 options, got {options!r}")
    m = AliwarMachine.__new__(AliwarMachine)
    _setup(
        m, cards, key.rng_state,
        options[0], options[1], options[2], options[3], options[4], options[5],
    )  # fmt: skip
    g = m.g
    _check_restored(key, g.n_switches)
    for s in range(2):
        for c in range(5):
            for card in key.stacks[s][c]:
                g.ring[RING * (5 * s + c) + g.size[5 * s + c]] = card
                g.size[5 * s + c] += 1
            g.returning[5 * s + c] = key.returning[s][c]
        g.protection[s] = key.protection[s]
        g.won_count[s] = len(key.won[s])
        for i in range(len(key.won[s])):
            g.won[5 * s + i] = key.won[s][i]
        g.empty_stack[s] = -1
        if key.phase == KEEP:
            for c in range(5):
                if g.size[5 * s + c] == 0:
                    g.empty_stack[s] = c
                    break
    for i in range(len(key.discard)):
        g.discard[i] = key.discard[i]
    g.n_discard = len(key.discard)
    g.phase = key.phase
    g.rounds = key.rounds
    g.no_progress = key.no_progress
    g.longest = key.longest
    g.seen = key.seen
    g.termination = key.termination
    g.winner = key.winner
    for step in key.history:
        m._record(step[0], step[1])
    events = _check_events(key.events, g.n_switches)
    for i in range(len(events)):
        g.ev[i] = events[i]
    g.n_ev = len(events)
    return m
