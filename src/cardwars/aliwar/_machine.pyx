# Aliwar's compiled state machine: the position of _machine.pxd stepped by the rule steps
# of _steps.pxi, which the batch loop (_batch.pxi) plays too. Its twin, with every method
# documented, is machine.py in this folder; the two have the same names inside.
# Compiler directives are set once, in setup.py.

from cpython.buffer cimport PyBuffer_Release
from libc.stdint cimport uint32_t, uint64_t

from cardwars._core cimport (
    CARDWARS_MAX_THREADS,
    cardwars_run_parallel,
    SlotBuilder,
    _block,
    _card_tuple,
    _check_u64,
    _flag_tuple,
    _flag_tuples,
    _GAMMA,
    _mix,
    _rng_below,
    _same_cards,
    _shuffle_ints,
    MoveKeys,
    moves_of_actions,
)

# A step refused while its machine is in the middle of another (cardwars.exclusive).
from cardwars.exclusive import busy_error as _busy_error

# key() is a NamedTuple of aliwar/tables.py, the leaf module beside the twins that also
# names the face's table (read by field name in _views.pxi). key() makes it from its values
# in field order (tuple.__new__: a keyword call costs microseconds), so its fields are
# checked here, once.
from cardwars.aliwar.tables import AliwarKey as _AwKey

if _AwKey._fields != (
    "stacks", "protection", "phase", "won", "returning", "discard", "rounds", "no_progress",
    "longest", "seen", "termination", "winner", "options", "rng_state", "history", "events",
):
    raise ImportError("AliwarKey's fields are not those AliwarMachine.key() writes")

include "_steps.pxi"
include "_batch.pxi"
include "_views.pxi"

from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM
from libc.stdlib cimport free, realloc
from libc.string cimport memcpy, memset

_AW_SWITCHES_15 = tuple(range(15))
_AW_SWITCHES_16 = tuple(range(16))
_AW_POLLED = (frozenset(), frozenset({0}), frozenset({1}), frozenset({0, 1}))
cdef object _ABSENT = object()  # apply_keyed: a seat with no entry


cdef int _aw_check_limit(object value, str name) except -1:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value < 2**62:
        raise ValueError(f"{name} must be an int >= 1, got {value!r}")
    return 0


cdef class AliwarMachine:
    """An Aliwar position as C arrays, stepped by the rule steps the batch loop plays (compiled).

    The twin, with the full documentation, is ``aliwar.machine.AliwarMachine``.
    """

    cdef _AwState g
    cdef _AwEvents ev
    cdef uint64_t _rng_state
    cdef short* _hist       # two actions per step, -1 for a seat that was not polled
    cdef Py_ssize_t _steps
    cdef Py_ssize_t _capacity
    cdef tuple _cards       # the 52 labels the views are built from, by card id
    cdef object _legal_0
    cdef object _legal_1
    cdef object _moves_0    # legal_moves(): the face's move objects of _legal_0 and _legal_1
    cdef object _moves_1
    cdef object _moves_of   # the table (own) they were taken from
    cdef object _views      # this step's observations() (both seats), built on first ask
    cdef tuple _last_protection
    cdef tuple _last_view   # the last view(), whose unchanged piles the next one reuses
    cdef tuple _last_discard
    cdef bint _busy         # a step is running: it may call Python code (cardwars.exclusive)

    def __cinit__(self):
        self._hist = NULL
        self._steps = 0
        self._capacity = 0
        self.ev.n = 0

    def __dealloc__(self):
        free(self._hist)

    def __init__(
        self,
        cards: object,
        stacks: object,
        protection: object,
        rng_state: object,
        allow_null_switch: int = 0,
        kept_card_position: int = 0,
        double_loss_result: int = 0,
        no_progress_limit: int = 100,
        max_rounds: int = 1000,
        cap_result: int = 0,
    ) -> None:
        cdef int s, c
        cdef list seen = []
        self._setup(cards, rng_state, allow_null_switch, kept_card_position, double_loss_result,
                    no_progress_limit, max_rounds, cap_result)
        stacks = list(stacks)
        protection = list(protection)
        if len(stacks) != 2 or len(protection) != 2:
            raise ValueError("a layout has 2 seats of 5 stacks and 2 protection cards")
        for s in range(2):
            own = list(stacks[s])
            if len(own) != 5:
                raise ValueError(f"seat {s} needs 5 stacks, got {len(own)}")
            for c in range(5):
                stack = list(own[c])
                if not 1 <= len(stack) <= 52:
                    raise ValueError(f"seat {s} stack {c} needs 1 to 52 cards, got {len(stack)}")
                for card in stack:
                    _aw_check_card(card, "a card")
                    seen.append(card)
                    _aw_push(&self.g, s, c, card)
            self.g.protection[s] = _aw_check_card(protection[s], "a protection card")
            seen.append(protection[s])
        if len(set(seen)) != len(seen):
            raise ValueError("a card appears more than once in the layout")
        _aw_start_round(&self.g)

    cdef _setup(self, cards, rng_state, allow_null_switch, kept_card_position,
                double_loss_result, no_progress_limit, max_rounds, cap_result):
        cards = tuple(cards)
        if len(cards) != 52:
            raise ValueError(f"cards must be 52 labels, one per card id, got {len(cards)}")
        _aw_check_limit(no_progress_limit, "no_progress_limit")
        _aw_check_limit(max_rounds, "max_rounds")
        self._cards = cards
        self._rng_state = _check_u64(rng_state, "rng_state")
        _aw_init(
            &self.g,
            _aw_check_flag(allow_null_switch, "allow_null_switch"),
            _aw_check_flag(kept_card_position, "kept_card_position"),
            _aw_check_flag(double_loss_result, "double_loss_result"),
            no_progress_limit,
            max_rounds,
            _aw_check_flag(cap_result, "cap_result"),
        )

    # --- the protocol ------------------------------------------------------------------
    @property
    def phase(self) -> int:
        return self.g.phase

    @property
    def to_act(self) -> frozenset:
        if self.g.phase == _AW_SWITCH:
            return _AW_POLLED[3]
        if self.g.phase == _AW_KEEP:
            return _AW_POLLED[(self.g.won_count[0] > 0) + 2 * (self.g.won_count[1] > 0)]
        return _AW_POLLED[0]

    @property
    def over(self) -> bool:
        return self.g.phase == _AW_OVER

    @property
    def termination(self) -> int:
        return self.g.termination

    @property
    def winner(self) -> int:
        return self.g.winner

    @property
    def rounds(self) -> int:
        return self.g.rounds

    @property
    def no_progress(self) -> int:
        return self.g.no_progress

    @property
    def seen(self) -> int:
        return self.g.seen

    @property
    def rng_state(self) -> int:
        return self._rng_state

    @property
    def steps(self) -> int:
        return self._steps

    def legal_actions(self, seat: object) -> tuple:
        if type(seat) is not int or not 0 <= seat < 2:
            raise ValueError("a seat is 0 or 1 (a plain int)")
        return self._legal(seat)

    cdef tuple _legal(self, int s):
        cached = self._legal_0 if s == 0 else self._legal_1
        if cached is None:
            cached = self._build_legal(s)
            if s == 0:
                self._legal_0 = cached
            else:
                self._legal_1 = cached
        return cached

    def legal_moves(self, seat: object, own: tuple) -> tuple:
        cdef int s
        if type(seat) is not int or not 0 <= seat < 2:
            raise ValueError("a seat is 0 or 1 (a plain int)")
        s = seat
        if own is not self._moves_of:  # the cache holds the moves of one table
            self._moves_0 = self._moves_1 = None
            self._moves_of = own
        cached = self._moves_0 if s == 0 else self._moves_1
        if cached is None:
            cached = moves_of_actions(own, self._legal(s))
            if s == 0:
                self._moves_0 = cached
            else:
                self._moves_1 = cached
        return cached

    cdef tuple _build_legal(self, int s):
        cdef int i, stack, base
        cdef list out
        if self.g.phase == _AW_SWITCH:
            return _AW_SWITCHES_16 if self.g.n_switches == 16 else _AW_SWITCHES_15
        if self.g.phase == _AW_OVER or self.g.won_count[s] == 0:
            return ()
        if self.g.empty_stack[s] >= 0:  # AW-7.2: the refill is forced
            return tuple([
                _AW_KEEP_BASE + 5 * self.g.won[s][i] + self.g.empty_stack[s]
                for i in range(self.g.won_count[s])
            ])
        out = [_AW_DECLINE]
        for i in range(self.g.won_count[s]):
            base = _AW_KEEP_BASE + 5 * self.g.won[s][i]
            for stack in range(5):
                out.append(base + stack)
        return tuple(out)

    # Every step sets _busy from its first read of a caller's value to its commit, so a
    # callback of that value (__eq__, __hash__) or another thread cannot step in between.
    cdef int _enter(self) except -1:
        if self._busy:
            raise _busy_error()
        self._busy = 1
        return 0

    def apply_actions(self, actions: object) -> bool:
        self._enter()
        try:
            return self._apply(actions) == 1
        finally:
            self._busy = 0

    def apply_moves(self, moves: object, keys: object) -> bool:
        cdef int given[2]
        self._enter()
        try:
            if type(keys) is not MoveKeys or (<MoveKeys>keys).fill(moves, given, 2) < 0:
                return False
            return self._check_commit(given, True) == 1
        finally:
            self._busy = 0

    cdef int _apply(self, object actions) except -1:
        cdef int given[2]
        given[0] = given[1] = -1
        if type(actions) is not dict:
            return 0
        for key, value in (<dict>actions).items():
            if type(key) is not int or type(value) is not int:
                return 0
            if not (0 <= key < 2 and 0 <= value < 277):
                return 0
            given[<int>key] = value
        return self._check_commit(given, True)

    cdef int _check_commit(self, int* given, bint strict) except -1:
        # The one check of a step, however its actions came (ints, move objects, keyed):
        # every polled seat has a legal action; strict, no other seat has one. Then the
        # commit, with no Python code in between. 1 if performed, else 0 (nothing changed).
        cdef int chosen[2]
        cdef int s, action
        cdef bint polled
        if self.g.phase == _AW_OVER:
            return 0
        for s in range(2):
            polled = self.g.phase == _AW_SWITCH or self.g.won_count[s] > 0
            action = given[s]
            chosen[s] = -1
            if not polled:
                if strict and action != -1:  # -1: no action (-2: one that is no action)
                    return 0
                continue
            if not 0 <= action < 277:
                return 0
            if self.g.phase == _AW_SWITCH:
                if action >= self.g.n_switches:
                    return 0
            elif not _aw_keep_is_legal(&self.g, s, action):
                return 0
            chosen[s] = action
        self._commit(chosen[0], chosen[1])
        return 1

    cdef int _commit(self, int action_0, int action_1) except -1:
        # A checked step, whichever method took it: record, play, drop the step's caches.
        self._record(action_0, action_1)
        self.ev.n = 0
        if self.g.phase == _AW_SWITCH:
            _aw_switch_step(&self.g, action_0, action_1, &self.ev)
        else:
            _aw_keep_step(&self.g, action_0, action_1, &self.ev)
        self._legal_0 = None
        self._legal_1 = None
        self._moves_0 = None
        self._moves_1 = None
        self._views = None
        return 0

    cdef int _record(self, int action_0, int action_1) except -1:
        cdef short* grown
        cdef Py_ssize_t capacity
        if self._steps == self._capacity:
            capacity = 64 if self._capacity == 0 else 2 * self._capacity
            grown = <short*>realloc(self._hist, 2 * capacity * sizeof(short))
            if grown == NULL:
                raise MemoryError()
            self._hist = grown
            self._capacity = capacity
        self._hist[2 * self._steps] = <short>action_0
        self._hist[2 * self._steps + 1] = <short>action_1
        self._steps += 1
        return 0

    def events(self) -> tuple:
        cdef int i
        return tuple([self.ev.data[i] for i in range(self.ev.n)])

    def history(self) -> tuple:
        cdef Py_ssize_t i
        return tuple([(self._hist[2 * i], self._hist[2 * i + 1]) for i in range(self._steps)])

    # --- readable state ----------------------------------------------------------------
    cdef tuple _stack(self, int s, int c):
        cdef int i
        cards = self._cards
        return tuple([
            cards[self.g.ring[s][c][(self.g.head[s][c] + i) & _AW_MASK]]
            for i in range(self.g.size[s][c])
        ])

    def stacks(self) -> tuple:
        return (
            tuple([self._stack(0, c) for c in range(5)]),
            tuple([self._stack(1, c) for c in range(5)]),
        )

    # Protection cards and the discard pile change in few steps: a tuple equal to the
    # last one built (item by item) is that one, which a view built every step reuses.
    cpdef tuple protection(self):
        cdef tuple last = self._last_protection
        cdef tuple cards = self._cards
        if last is None or not _same_cards(last, cards, self.g.protection, 2):
            last = self._last_protection = _card_tuple(cards, self.g.protection, 2)
        return last

    cpdef tuple won(self):
        if self.g.won_count[0] == 0 and self.g.won_count[1] == 0:
            return _AW_NONE_WON
        return (
            _card_tuple(self._cards, self.g.won[0], self.g.won_count[0]),
            _card_tuple(self._cards, self.g.won[1], self.g.won_count[1]),
        )

    cpdef tuple discard(self):
        cdef tuple last = self._last_discard
        cdef tuple cards = self._cards
        if last is None or not _same_cards(last, cards, self.g.discard, self.g.n_discard):
            last = self._last_discard = _card_tuple(cards, self.g.discard, self.g.n_discard)
        return last

    cpdef tuple face_up(self):
        cdef tuple up = _flag_tuples(5)
        if self.g.phase == _AW_SWITCH:
            return up[31], up[31]
        if self.g.phase == _AW_OVER:
            return up[0], up[0]
        return _flag_tuple(self.g.returning[0], 5), _flag_tuple(self.g.returning[1], 5)

    cpdef tuple view(self, bint recall):
        # A pile equal to the last view's (item by item) is that view's own tuple: about a
        # third of the piles are unchanged from one step to the next.
        cdef int s, c, i, card, size, head
        cdef uint64_t known = self.g.seen if recall else 0
        cdef bint up
        cdef tuple cards = self._cards
        cdef tuple last = self._last_view
        cdef tuple own, pile
        cdef tuple out = PyTuple_New(2)
        cdef PyObject* shown[_AW_RING]  # the pile's items, borrowed from cards and None
        cdef PyObject* none = <PyObject*>None
        for s in range(2):
            own = PyTuple_New(5)
            for c in range(5):
                up = self.g.phase == _AW_SWITCH or (
                    self.g.phase == _AW_KEEP and self.g.returning[s][c]
                )
                size = self.g.size[s][c]
                head = self.g.head[s][c]
                for i in range(size):
                    card = self.g.ring[s][c][(head + i) & _AW_MASK]
                    shown[i] = (
                        PyTuple_GET_ITEM(cards, card) if (i == 0 and up) or (known >> card) & 1
                        else none
                    )
                pile = None
                if last is not None:
                    pile = <tuple>PyTuple_GET_ITEM(<tuple>PyTuple_GET_ITEM(last, s), c)
                    if PyTuple_GET_SIZE(pile) != size:
                        pile = None
                    else:
                        for i in range(size):
                            if shown[i] != PyTuple_GET_ITEM(pile, i):
                                pile = None
                                break
                if pile is None:
                    pile = PyTuple_New(size)
                    for i in range(size):
                        Py_INCREF(<object>shown[i])
                        PyTuple_SET_ITEM(pile, i, <object>shown[i])
                Py_INCREF(pile)
                PyTuple_SET_ITEM(own, c, pile)
            Py_INCREF(own)
            PyTuple_SET_ITEM(out, s, own)
        self._last_view = out
        return out

    # --- the face's objects, built here from its table (see the twin) ------------------
    def event_objects(self, faces: object, result: object) -> tuple:
        return _aw_event_objects(self.ev.data, self.ev.n, faces, result)

    def observation(self, seat: object, faces: object, bint recall, result: object) -> object:
        if type(seat) is not int or not 0 <= seat < 2:
            raise ValueError("a seat is 0 or 1 (a plain int)")
        if self._views is None:
            self._views = self._observations(faces, recall, result)
        return (<tuple>self._views)[<Py_ssize_t>seat]

    def observations(self, faces: object, bint recall, result: object) -> tuple:
        return self._observations(faces, recall, result)

    cdef tuple _observations(self, object faces, bint recall, object result):
        cdef object obj
        cdef int seat
        if faces is not _aw_faces:
            _aw_learn_faces(faces)
        phase = _aw_phases[self.g.phase]
        if self.g.phase == _AW_SWITCH:
            to_act = _AW_POLLED[3]
        elif self.g.phase == _AW_KEEP:
            to_act = _AW_POLLED[(self.g.won_count[0] > 0) + 2 * (self.g.won_count[1] > 0)]
        else:
            to_act = _AW_POLLED[0]
        rounds = self.g.rounds
        no_progress = self.g.no_progress
        stacks = self.view(recall)
        face_up = self.face_up()
        protection = self.protection()
        won = self.won()
        discard = self.discard()
        views = []
        cdef SlotBuilder make = _aw_make_view
        for seat in range(2):
            obj = make.blank()
            make.put(obj, 0, seat)
            make.put(obj, 1, phase)
            make.put(obj, 2, to_act)
            make.put(obj, 3, rounds)
            make.put(obj, 4, no_progress)
            make.put(obj, 5, stacks)
            make.put(obj, 6, face_up)
            make.put(obj, 7, protection)
            make.put(obj, 8, won)
            make.put(obj, 9, discard)
            make.put(obj, 10, result)
            views.append(obj)
        return tuple(views)

    # --- the RL encodings (cardwars.envs.encoding lays them out; see the twin) ----------
    def encode_observation(self, seat: object, bint recall, float[::1] out) -> None:
        if type(seat) is not int or not 0 <= seat < 2:
            raise ValueError("a seat is 0 or 1 (a plain int)")
        if out.shape[0] < 609:
            raise ValueError(f"an Aliwar observation needs 609 floats, got {out.shape[0]}")
        cdef float* o = &out[0]
        memset(o, 0, 609 * sizeof(float))
        o[<int>seat] = 1
        _aw_encode(&self.g, o + 2, 1, self.g.seen if recall else 0)

    def encode_state(self, float[::1] out) -> None:
        if out.shape[0] < 607:
            raise ValueError(f"an Aliwar state needs 607 floats, got {out.shape[0]}")
        cdef float* o = &out[0]
        memset(o, 0, 607 * sizeof(float))
        _aw_encode(&self.g, o, 0, 0)

    def card_count(self) -> int:
        cdef int s, c
        cdef int total = 2  # the two protection cards
        for s in range(2):
            total += self.g.won_count[s]
            for c in range(5):
                total += self.g.size[s][c]
        return total

    # --- copying, equality, pickling ---------------------------------------------------
    def copy(self) -> AliwarMachine:
        cdef AliwarMachine other = AliwarMachine.__new__(AliwarMachine)
        other.g = self.g
        other.ev = self.ev
        other._rng_state = self._rng_state
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
        if self._steps:
            other._hist = <short*>realloc(NULL, 2 * self._steps * sizeof(short))
            if other._hist == NULL:
                raise MemoryError()
            memcpy(other._hist, self._hist, 2 * self._steps * sizeof(short))
            other._steps = self._steps
            other._capacity = self._steps
        return other

    def key(self) -> object:
        cdef int s, c, i
        stacks = tuple([
            tuple([
                tuple([self.g.ring[s][c][(self.g.head[s][c] + i) & _AW_MASK]
                       for i in range(self.g.size[s][c])])
                for c in range(5)
            ])
            for s in range(2)
        ])
        return tuple.__new__(_AwKey, (  # the fields of AliwarKey, in order
            stacks,
            (self.g.protection[0], self.g.protection[1]),
            self.g.phase,
            tuple([tuple([self.g.won[s][i] for i in range(self.g.won_count[s])]) for s in range(2)]),
            tuple([tuple([self.g.returning[s][c] for c in range(5)]) for s in range(2)]),
            tuple([self.g.discard[i] for i in range(self.g.n_discard)]),
            self.g.rounds,
            self.g.no_progress,
            self.g.longest,
            self.g.seen,
            self.g.termination,
            self.g.winner,
            (self.g.n_switches == 16, self.g.kept_below, self.g.double_loss_most,
             self.g.no_progress_limit, self.g.max_rounds, self.g.cap_most),
            self._rng_state,
            self.history(),
            self.events(),
        ))

    def __reduce__(self):
        return (_aliwar_machine_from_key, (self._cards, self.key()))

    # --- the RL environments' fast path (see the twin) ----------------------------------
    def apply_keyed(self, actions: object, keys: object, bint wait=False) -> bool:
        cdef int given[2]
        cdef int s
        if type(keys) is not tuple or len(<tuple>keys) != 2:
            raise ValueError("keys must be a tuple of 2 keys, one per seat")
        if type(actions) is not dict:
            return False
        self._enter()
        try:
            # First every seat's entry, as C ints (-1: missing or not a plain int in range;
            # with ``wait``, -1: missing or the wait action 277, -2: anything else that is
            # not a plain int action): a lookup may run a key's __eq__. Then the checks and
            # the commit, on the position as it is now, with no Python code in between.
            for s in range(2):
                value = (<dict>actions).get((<tuple>keys)[s], _ABSENT)
                if type(value) is int and 0 <= value < 277:
                    given[s] = value
                elif not wait or value is _ABSENT or (type(value) is int and value == 277):
                    given[s] = -1
                else:
                    given[s] = -2
            return self._check_commit(given, wait) == 1
        finally:
            self._busy = 0

    def encode_seats(self, bint recall, obs: object, masks: object, bint wait=False) -> None:
        cdef Py_buffer ob, mb
        cdef int s, i, stack, base, width = 278 if wait else 277
        cdef float* o
        cdef signed char* k
        cdef signed char* row
        self._enter()  # asking for a buffer may run Python code (__buffer__)
        try:
            _block(obs, &ob, b"f", 2 * 609, "an Aliwar observation block")
            try:
                _block(masks, &mb, b"b", 2 * width, "an Aliwar mask block")
            except BaseException:
                PyBuffer_Release(&ob)
                raise
        finally:
            self._busy = 0
        o = <float*>ob.buf
        k = <signed char*>mb.buf
        memset(o, 0, 609 * sizeof(float))
        _aw_encode(&self.g, o + 2, 1, self.g.seen if recall else 0)
        memcpy(o + 609, o, 609 * sizeof(float))  # both seats know the same (AW-8.4)
        o[0] = 1
        o[610] = 1
        memset(k, 0, 2 * width)
        for s in range(2):
            row = k + width * s
            if self.g.phase == _AW_SWITCH:
                memset(row, 1, self.g.n_switches)
            elif self.g.phase == _AW_KEEP and self.g.won_count[s] > 0:
                if self.g.empty_stack[s] >= 0:  # AW-7.2: the refill is forced
                    for i in range(self.g.won_count[s]):
                        row[_AW_KEEP_BASE + 5 * self.g.won[s][i] + self.g.empty_stack[s]] = 1
                else:
                    row[_AW_DECLINE] = 1
                    for i in range(self.g.won_count[s]):
                        base = _AW_KEEP_BASE + 5 * self.g.won[s][i]
                        for stack in range(5):
                            row[base + stack] = 1
            elif wait:  # not polled (or the game is over): the wait action alone
                row[277] = 1
        PyBuffer_Release(&mb)
        PyBuffer_Release(&ob)


cdef void _aw_encode(_AwState* g, float* o, bint hide, uint64_t known) noexcept nogil:
    # The layout of encoding._aliwar after the seat: phase, to_act, rounds, no_progress,
    # the stacks (52 slots each; 53 a hidden card when ``hide``), face_up, protection,
    # won, discard, winners, termination. ``o`` is zeroed by the caller.
    cdef int s, c, i, size, head
    cdef const int* ring
    cdef float* row
    cdef bint up
    cdef uint64_t shown = known if hide else ~(<uint64_t>0)  # the cards written as themselves
    o[g.phase] = 1
    if g.phase == _AW_SWITCH:
        o[3] = 1
        o[4] = 1
    elif g.phase == _AW_KEEP:
        o[3] = g.won_count[0] > 0
        o[4] = g.won_count[1] > 0
    o[5] = <float>g.rounds
    o[6] = <float>g.no_progress
    for s in range(2):
        for c in range(5):
            up = g.phase == _AW_SWITCH or (g.phase == _AW_KEEP and g.returning[s][c])
            size = g.size[s][c]
            head = g.head[s][c]
            ring = g.ring[s][c]
            row = o + 7 + 52 * (5 * s + c)
            for i in range(size):  # a card code, or 53 for a face-down card never seen
                row[i] = _AW_CODES[ring[(head + i) & _AW_MASK]] if (
                    (shown >> ring[(head + i) & _AW_MASK]) & 1
                ) else 53.0
            if up and size:  # a face-up top is seen by both
                row[0] = _AW_CODES[ring[head]]
            o[527 + 5 * s + c] = up
    o[537] = g.protection[0] + 1
    o[538] = g.protection[1] + 1
    for s in range(2):
        for i in range(g.won_count[s]):
            o[539 + 5 * s + i] = _AW_CODES[g.won[s][i]]
    for i in range(g.n_discard):
        o[549 + i] = _AW_CODES[g.discard[i]]
    if g.phase == _AW_OVER:
        if g.winner >= 0:
            o[601 + g.winner] = 1
        o[603 + g.termination] = 1


cdef float _AW_CODES[52]  # card id -> its card code as a float (id + 1)
for _aw_i in range(52):
    _AW_CODES[_aw_i] = _aw_i + 1


def aliwar_deal(cards: object, seed: object, **options: object) -> AliwarMachine:
    """Deal an Aliwar game from ``seed`` (AW-2.1) into a machine with these options."""
    cdef AliwarMachine machine = AliwarMachine.__new__(AliwarMachine)
    cdef uint64_t rng = _check_u64(seed, "seed")
    machine._setup(
        cards, 0,
        options.pop("allow_null_switch", 0), options.pop("kept_card_position", 0),
        options.pop("double_loss_result", 0), options.pop("no_progress_limit", 100),
        options.pop("max_rounds", 1000), options.pop("cap_result", 0),
    )
    if options:
        raise TypeError(f"unknown option(s) {sorted(options)}")
    _aw_deal(&machine.g, &rng)
    machine._rng_state = rng
    _aw_start_round(&machine.g)
    return machine


def _aliwar_machine_from_key(cards: object, key: object) -> AliwarMachine:
    """Rebuild a machine from :meth:`AliwarMachine.key`, checking every value."""
    cdef AliwarMachine m = AliwarMachine.__new__(AliwarMachine)
    cdef int s, c, i
    if type(key) not in (_AwKey, tuple) or len(key) != 16:
        raise ValueError("a machine key is a tuple of 16 parts")
    if type(key) is tuple:  # a plain tuple, as earlier versions pickled: name its parts
        key = _AwKey._make(key)
    stacks = key.stacks
    protection = key.protection
    phase = key.phase
    won = key.won
    returning = key.returning
    discard = key.discard
    options = key.options
    if len(options) != 6:
        raise ValueError(f"a machine key has 6 options, got {options!r}")
    m._setup(cards, key.rng_state, options[0], options[1], options[2], options[3], options[4],
             options[5])
    every = _aw_check_restored(key, m.g.n_switches)
    for s in range(2):
        for c in range(5):
            for card in stacks[s][c]:
                _aw_push(&m.g, s, c, card)
            m.g.returning[s][c] = returning[s][c]
        m.g.protection[s] = protection[s]
        m.g.won_count[s] = len(won[s])
        for i in range(len(won[s])):
            m.g.won[s][i] = won[s][i]
        m.g.empty_stack[s] = -1
        if phase == _AW_KEEP:
            for c in range(5):
                if m.g.size[s][c] == 0:
                    m.g.empty_stack[s] = c
                    break
    for i in range(len(discard)):
        m.g.discard[i] = discard[i]
    m.g.n_discard = len(discard)
    m.g.phase = phase
    m.g.rounds = key.rounds
    m.g.no_progress = key.no_progress
    m.g.longest = key.longest
    m.g.seen = key.seen
    m.g.termination = key.termination
    m.g.winner = key.winner
    for step in key.history:
        m._record(step[0], step[1])
    events = _aw_check_events(key.events, m.g.n_switches)
    for i in range(len(events)):
        m.ev.data[i] = events[i]
    m.ev.n = len(events)
    return m


_AW_EVENT_RANGES = (
    (),  # 0 revealed: the switch actions, which depend on the options
    ((0, 4), (0, 51), (0, 51), (0, 1), (0, 1), (-1, 1)),
    ((0, 1), (0, 4)),
    (),  # 3 discarded and 4 returned: a count, then that many cards or pairs
    (),
    ((0, 1), (0, 51), (0, 4)),
    ((0, 1),),
    ((0, 51),) * 10,
    ((0, 3), (-1, 1)),
)


include "_restore.pxi"
include "_vector.pxi"
