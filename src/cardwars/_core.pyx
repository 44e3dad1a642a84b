# The shared compiled core of cardwars: the RNG, the faces' value objects and the buffers
# of the RL environments, in three sections below (what the rule modules cimport of it,
# and its stand-in cardwars.core: docs/layout.rst). Compiler directives are in setup.py.


# --- the RNG --------------------------------------------------------------------------

# The RNG (SplitMix64 with Lemire bounded draws) as Python sees it; its inline C steps,
# which every game's machine inlines, are in _core.pxd. Python: core_rng.py.

cdef object _MAX_U64 = (1 << 64) - 1

from cardwars.errors import ArgumentTypeError, UsageError, describe, plain_int


cdef uint64_t _check_u64(object value, str what) except? 0:
    # By its value (an int subclass's methods never run), else a CardwarsError naming it.
    if type(value) is not int:  # (the common case skips the subclass's reading)
        if type(value) is bool or not issubclass(type(value), int):  # type(): no __class__ read
            raise ArgumentTypeError(f"{what} must be an int in [0, 2**64), got {describe(value)}")
        value = plain_int(value)
    if not 0 <= value <= _MAX_U64:
        raise UsageError(f"{what} must be an int in [0, 2**64), got {describe(value)}")
    return <uint64_t>value


cdef Py_ssize_t _check_count(object value, str what, object low, object high, str shown) except -1:
    if type(value) is not int:
        if type(value) is bool or not issubclass(type(value), int):  # type(): no __class__ read
            raise ArgumentTypeError(f"{what} must be an int, got {describe(value)}")
        value = plain_int(value)
    if not low <= value <= high:
        raise UsageError(f"{what} must be an int in {shown}, got {describe(value)}")
    return <Py_ssize_t>value


cdef list _check_list(object items):
    if type(items) is not list:
        raise ArgumentTypeError(f"items must be a list, got {describe(items)}")
    return <list>items


def derive_seed(seed: object, k: object) -> int:
    """Return the ``k``-th (0-based) output of SplitMix64 seeded with ``seed``.

    Game ``k`` of a batch started from ``seed`` is dealt from ``derive_seed(seed, k)``.

    >>> hex(derive_seed(42, 0))
    '0xbdd732262feb6e95'
    """
    cdef uint64_t s = _check_u64(seed, "seed")
    cdef uint64_t kk = _check_u64(k, "k")
    return _mix(s + (kk + 1) * _GAMMA)


cdef class Rng:
    """SplitMix64 with Lemire bounded draws (the RNG of docs/engine.rst), compiled.

    >>> rng = Rng(42)
    >>> [rng.below(52) for _ in range(5)]
    [38, 8, 14, 17, 1]
    >>> other = rng.copy(); rng.next_u64() == other.next_u64()
    True
    """

    def __init__(self, seed: object) -> None:
        self._state = _check_u64(seed, "seed")

    @property
    def state(self) -> int:
        """The whole generator state (an int in [0, 2**64)); assignable."""
        return self._state

    @state.setter
    def state(self, value: object) -> None:
        self._state = _check_u64(value, "state")

    def copy(self) -> Rng:
        """Return an independent generator at the same point of the stream."""
        cdef Rng other = Rng.__new__(Rng)
        other._state = self._state
        return other

    def next_u64(self) -> int:
        """Advance and return the next 64-bit output."""
        return _rng_next(&self._state)

    def below(self, n: object) -> int:
        """Return a uniform int in ``[0, n)`` for ``1 <= n < 2**32``; always draws once at least."""
        cdef Py_ssize_t bound = _check_count(n, "n", 1, 0xFFFFFFFF, "[1, 2**32)")
        return _rng_below(&self._state, <uint32_t>bound)

    def shuffle(self, items: object) -> None:
        """Shuffle ``items`` (a list) in place: Fisher-Yates with ascending ``i``."""
        cdef list cards = _check_list(items)
        cdef Py_ssize_t n = len(cards)
        cdef Py_ssize_t i, j
        for i in range(n - 1):
            j = i + <Py_ssize_t>_rng_below(&self._state, <uint32_t>(n - i))
            cards[i], cards[j] = cards[j], cards[i]

    def sample_prefix(self, items: object, k: object) -> None:
        """Run the first ``k`` steps of :meth:`shuffle`: ``items[:k]`` is then a uniform sample."""
        cdef list cards = _check_list(items)
        cdef Py_ssize_t first = _check_count(k, "k", 0, 1 << 62, "[0, 2**62]")
        cdef Py_ssize_t n = len(cards)
        cdef Py_ssize_t i, j
        cdef Py_ssize_t steps = min(first, n - 1)
        for i in range(steps):
            j = i + <Py_ssize_t>_rng_below(&self._state, <uint32_t>(n - i))
            cards[i], cards[j] = cards[j], cards[i]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (<Rng>other)._state == self._state

    def __hash__(self) -> int:
        return hash(("Rng", self._state))

    def __repr__(self) -> str:
        return f"Rng(state={self._state:#018x})"

    def __reduce__(self):
        return (_rng_from_state, (self._state,))


def _rng_from_state(state: int) -> Rng:
    return Rng(state)

# --- the faces' values ----------------------------------------------------------------

# Building the faces' frozen value objects (events, observations) by writing their slots
# (declared, with SlotBuilder's inline methods, in _core.pxd). A
# frozen dataclass's __init__ sets each field through object.__setattr__, a type lookup and
# a descriptor call per field; a slot is a pointer at a fixed offset of the object, and a
# new object's slots are all NULL, so storing a new reference there is all that setting it
# does. Below it, what the machines do with the face's move objects. Where nothing is compiled: core_values.py.

cimport cython
from cpython.object cimport PyObject, PyTypeObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM

cdef extern from "structmember.h":
    ctypedef struct PyMemberDef:
        int type
        Py_ssize_t offset
    int T_OBJECT_EX

cdef extern from "Python.h":
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member

_MEMBER_DESCRIPTOR = type(type.__dict__["__dictoffset__"])  # a slot's descriptor type


@cython.auto_pickle(False)  # a builder is made from its class at import, never stored
cdef class SlotBuilder:
    """Builds ``cls`` from its field values, in ``names`` order, without its ``__init__`` (compiled).

    Its Python stand-in, with the full documentation, is ``core_values.SlotBuilder``.
    """

    def __init__(self, cls: object, names: tuple) -> None:
        cdef Py_ssize_t i
        cdef PyMemberDef* member
        if not isinstance(cls, type) or cls.__new__ is not object.__new__:
            raise TypeError(f"SlotBuilder takes a class built by object.__new__, got {cls!r}")
        names = tuple(names)
        if len(names) > _SB_MAX:
            raise ValueError(f"SlotBuilder takes at most {_SB_MAX} fields, got {len(names)}")
        self.cls = cls
        self.tp = <PyTypeObject*>cls
        self.names = names
        self.n = len(names)
        for i in range(self.n):
            descriptor = getattr(cls, names[i], None)
            if type(descriptor) is not _MEMBER_DESCRIPTOR:
                raise TypeError(f"{cls.__name__}.{names[i]} is not a slot")
            member = (<PyMemberDescrObject*><PyObject*>descriptor).d_member
            if (member.type != T_OBJECT_EX or member.offset < <Py_ssize_t>sizeof(PyObject)
                    or member.offset + <Py_ssize_t>sizeof(PyObject*) > self.tp.tp_basicsize):
                raise TypeError(f"{cls.__name__}.{names[i]} is not an object slot")
            self.off[i] = member.offset

    def __call__(self, *values: object) -> object:
        cdef Py_ssize_t i
        if len(values) != self.n:
            raise TypeError(
                f"{self.cls.__name__} takes {self.n} field values {self.names!r}, "
                f"got {len(values)}"
            )
        obj = self.blank()
        for i in range(self.n):
            self.put(obj, i, values[i])
        return obj

    def __repr__(self) -> str:
        return f"SlotBuilder({self.cls.__qualname__}, {self.names!r})"


# --- the actions of a game's move values (Python: core_values.MoveKeys, documented there) ---
# Every value the moves are built of is interned once, as an index (< 2**20): an atom by
# its value, an enum member by identity, a dataclass value by the chain of its fields'
# indices, each link one probe of a C table (prefix << 20 | field index). A caller's value
# is then looked up by reading the same fields, through the exact type's own slots, with
# no Python object made and no code of the caller's run.
import enum as _mk_enum
from dataclasses import fields as _mk_fields, is_dataclass as _mk_is_dataclass

from cpython.long cimport PyLong_AsLongAndOverflow, PyLong_AsLongLongAndOverflow
from cpython.mem cimport PyMem_Free, PyMem_Malloc

# _MK_KINDS (types the moves may be built of), _MK_FIELDS (fields read by slot offset) and
# _MK_HOMES (home cells of the types) are in _core.pxd, with the tables' structs.
DEF _MK_BITS = 20       # an index is below 2**_MK_BITS

# How a kind's values are keyed: an exact int (its value), None, another atom (its type
# and value), an enum member (identity), a dataclass read by slot offsets or by name.
DEF _MK_INT = 0
DEF _MK_NONE = 1
DEF _MK_ATOM = 2
DEF _MK_ENUM = 3
DEF _MK_SLOTS = 4
DEF _MK_NAMES = 5

cdef tuple _MK_ATOMS = (int, bool, float, complex, str, bytes)


DEF _MK_DIRECT = 256     # a table of at most this many keys gets each its own home cell
DEF _MK_HOME_SHIFT = 57  # 64 - log2(_MK_HOMES)


cdef inline Py_ssize_t _mk_home(uint64_t key, uint64_t salt, int shift) noexcept:
    # Fibonacci hashing: one multiply, the product's top bits (cheap, and well spread for
    # pointers and for a chain's prefix << _MK_BITS | index alike).
    return <Py_ssize_t>(((key ^ salt) * 0x9E3779B97F4A7C15ULL) >> shift)


cdef int _mk_place(_MkTable* t, dict items, Py_ssize_t cap, uint64_t salt,
                   bint direct) except -1:
    # Fill t with items in cap cells; 0 (t left empty) when a direct table finds two keys
    # with one home cell.
    cdef Py_ssize_t i
    cdef uint64_t key
    PyMem_Free(t.cells)
    t.cells = <_MkCell*>PyMem_Malloc(cap * sizeof(_MkCell))
    if t.cells == NULL:
        raise MemoryError()
    t.mask = cap - 1
    t.shift = 64
    while (<Py_ssize_t>1 << (64 - t.shift)) < cap:
        t.shift -= 1
    t.salt = salt
    t.direct = direct
    for i in range(cap):
        t.cells[i].key = 0
        t.cells[i].value = -1
    for k, v in items.items():
        key = <uint64_t>k
        i = _mk_home(key, salt, t.shift)
        if direct and t.cells[i].value >= 0:
            for i in range(cap):
                t.cells[i].value = -1
            return 0
        while t.cells[i].value >= 0:
            i = (i + 1) & t.mask
        t.cells[i].key = key
        t.cells[i].value = v
    return 1


cdef int _mk_table_fill(_MkTable* t, dict items) except -1:
    cdef Py_ssize_t n = len(items), cap = 64
    cdef int attempt
    if 0 < n <= _MK_DIRECT:  # 64 cells a key: a salt with no shared home is soon found
        while cap < 64 * n:
            cap *= 2
        for attempt in range(32):
            if _mk_place(t, items, cap, _mix(<uint64_t>attempt + 1), True):
                return 0
    cap = 8
    while cap < 2 * n + 2:
        cap *= 2
    _mk_place(t, items, cap, 0, False)
    return 0


cdef void _mk_table_free(_MkTable* t) noexcept:
    PyMem_Free(t.cells)
    t.cells = NULL


cdef inline int _mk_get(_MkTable* t, uint64_t key) noexcept:
    cdef Py_ssize_t i = _mk_home(key, t.salt, t.shift)
    if t.direct:
        return t.cells[i].value if t.cells[i].key == key else -1
    while t.cells[i].value >= 0:
        if t.cells[i].key == key:
            return t.cells[i].value
        i = (i + 1) & t.mask
    return -1


@cython.auto_pickle(False)  # made from its game's action space on first use, never stored
cdef class MoveKeys:
    """The actions of a game's move values, found without running their code (compiled)."""

    def __init__(self, moves: tuple) -> None:
        cdef Py_ssize_t a
        cdef int index
        cdef dict actions = {}
        cdef list tables = [{}, {}, {}]  # members, ints, chain: filled into the C tables
        if self._moves is not None:
            raise TypeError("a MoveKeys is made once")
        self._moves = tuple(moves)
        self._info = []
        self._atoms = {}
        for a in range(len(self._moves)):
            index = self._intern(self._moves[a], tables, 0)
            if index in actions:
                raise ValueError("MoveKeys takes distinct moves")
            actions[index] = a
        _mk_table_fill(&self._members, tables[0])
        _mk_table_fill(&self._ints, tables[1])
        _mk_table_fill(&self._chain, tables[2])
        _mk_table_fill(&self._own, {id(move): a for a, move in enumerate(self._moves)})
        self._home_kinds()
        self._action = <int*>PyMem_Malloc((self._count + 1) * sizeof(int))
        if self._action == NULL:
            raise MemoryError()
        for index in range(self._count + 1):
            self._action[index] = actions.get(index, -1)

    cdef void _home_kinds(self) noexcept:
        # A salt under which every kind's type has a home cell of its own, if one is found
        # soon: a type is then found by one probe instead of a scan.
        cdef int attempt, k, cell
        cdef uint64_t salt
        for attempt in range(64):
            salt = _mix(<uint64_t>attempt + 1)
            for cell in range(_MK_HOMES):
                self._home[cell] = -1
            for k in range(self._kinds):
                cell = <int>_mk_home(<uint64_t><size_t>self._type[k], salt, _MK_HOME_SHIFT)
                if self._home[cell] >= 0:
                    break
                self._home[cell] = <signed char>k
            else:
                self._home_salt = salt
                self._homed = True
                return

    def __dealloc__(self) -> None:
        _mk_table_free(&self._own)
        _mk_table_free(&self._members)
        _mk_table_free(&self._ints)
        _mk_table_free(&self._chain)
        PyMem_Free(self._action)

    cdef int _next(self) except -1:
        if self._count >= (1 << _MK_BITS) - 1:
            raise ValueError(f"MoveKeys takes fewer than {1 << _MK_BITS} values")
        self._count += 1
        return self._count - 1

    cdef int _kind(self, PyTypeObject* tp) noexcept:
        cdef int k
        if self._homed:
            k = self._home[_mk_home(<uint64_t><size_t>tp, self._home_salt, _MK_HOME_SHIFT)]
            return k if k >= 0 and self._type[k] == tp else -1
        for k in range(self._kinds):
            if self._type[k] == tp:
                return k
        return -1

    cdef int _learn(self, object value) except -1:
        # The kind of value's type, made on first sight (value is one of the moves' parts).
        cdef int k = self._kind((<PyObject*>value).ob_type), i
        cdef PyMemberDef* member
        if k >= 0:
            return k
        cls = type(value)
        k = self._kinds
        if k == _MK_KINDS:
            raise ValueError(f"moves are built of at most {_MK_KINDS} types")
        info = None
        if isinstance(value, _mk_enum.Enum):
            self._code[k] = _MK_ENUM
            info = []  # the members seen, kept alive with their ids
        elif value is None:
            self._code[k] = _MK_NONE
            self._base[k] = self._next()
        elif cls is int:
            self._code[k] = _MK_INT
        elif cls in _MK_ATOMS:
            self._code[k] = _MK_ATOM
        elif _mk_is_dataclass(value):
            names = tuple([f.name for f in _mk_fields(value)])
            self._code[k] = _MK_SLOTS if len(names) <= _MK_FIELDS else _MK_NAMES
            self._fields[k] = len(names)
            self._base[k] = self._next()
            for i in range(min(len(names), _MK_FIELDS)):
                descriptor = getattr(cls, names[i], None)
                if type(descriptor) is not _MEMBER_DESCRIPTOR:
                    self._code[k] = _MK_NAMES
                    continue
                member = (<PyMemberDescrObject*><PyObject*>descriptor).d_member
                if (member.type != T_OBJECT_EX or member.offset < <Py_ssize_t>sizeof(PyObject)
                        or member.offset + <Py_ssize_t>sizeof(PyObject*)
                        > (<PyTypeObject*>cls).tp_basicsize):
                    self._code[k] = _MK_NAMES
                self._off[k][i] = member.offset
            info = names
        else:
            raise TypeError(f"moves are built of dataclasses, enums and atoms, not {cls.__name__}")
        self._type[k] = <PyTypeObject*>cls
        self._info.append((cls, info))  # keeps the type alive with its pointer
        self._kinds += 1
        return k

    cdef int _intern(self, object value, list tables, int depth) except -1:
        # value's index (one of the moves, or a part of one), given out on first sight.
        cdef int k = self._learn(value), code = self._code[k], index, i, sub, overflow
        cdef dict table
        cdef long long number
        if depth > self._depth:
            self._depth = depth
        if code == _MK_NONE:
            return self._base[k]
        key = None
        table = self._atoms
        if code == _MK_ENUM:
            key, table = id(value), tables[0]
            if key not in table:
                (<tuple>self._info[k])[1].append(value)
        elif code == _MK_INT:
            number = PyLong_AsLongLongAndOverflow(value, &overflow)
            key, table = (value, self._atoms) if overflow else (<uint64_t>number, tables[1])
        elif code == _MK_ATOM:
            key = (id(type(value)), value)
        if key is not None:
            if key not in table:
                table[key] = self._next()
            return table[key]
        index = self._base[k]
        names = (<tuple>self._info[k])[1]
        table = tables[2]
        for i in range(len(names)):
            field = getattr(value, names[i])
            sub = self._intern(field, tables, depth + 1)
            if i < _MK_FIELDS:
                self._allowed[k][i] |= (<uint64_t>1) << self._kind((<PyObject*>field).ob_type)
            key = (<uint64_t>index << _MK_BITS) | <uint64_t>sub
            if key not in table:
                table[key] = self._next()
            index = table[key]
        return index

    cdef int _index(self, object value, int k, int depth) except -2:
        # value's index, value being of kind k; -1 when it is no part of any move. Reads
        # the exact type's own slots, finds ints and enum members in C tables: no Python
        # object is made and none of the caller's code runs.
        cdef int code = self._code[k], index, i, fk, sub, overflow, fcode
        cdef long long number
        cdef PyObject* field
        if depth > self._depth:
            return -1
        if code == _MK_SLOTS:
            index = self._base[k]
            for i in range(self._fields[k]):
                field = (<PyObject**>((<char*><PyObject*>value) + self._off[k][i]))[0]
                if field == NULL:  # a slot left empty
                    return -1
                fk = self._kind(field.ob_type)
                if fk < 0 or not (self._allowed[k][i] >> fk) & 1:
                    return -1
                # The common leaves here, without a call: an enum member (a card's rank or
                # suit), a small int (a position); anything else one level down.
                sub = -1
                fcode = self._code[fk] if depth < self._depth else -1
                if fcode == _MK_ENUM:
                    sub = _mk_get(&self._members, <uint64_t><size_t>field)
                elif fcode == _MK_INT:
                    number = PyLong_AsLongLongAndOverflow(<object>field, &overflow)
                    if overflow:
                        sub = self._index(<object>field, fk, depth + 1)
                    else:
                        sub = _mk_get(&self._ints, <uint64_t>number)
                else:
                    sub = self._index(<object>field, fk, depth + 1)
                if sub < 0:
                    return -1
                index = _mk_get(&self._chain, (<uint64_t>index << _MK_BITS) | <uint64_t>sub)
                if index < 0:
                    return -1
            return index
        if code == _MK_ENUM:
            return _mk_get(&self._members, <uint64_t><size_t><PyObject*>value)
        if code == _MK_INT:
            number = PyLong_AsLongLongAndOverflow(value, &overflow)
            if not overflow:
                return _mk_get(&self._ints, <uint64_t>number)
        if code == _MK_NONE:
            return self._base[k]
        return self._index_slow(value, k, depth)

    cdef int _index_slow(self, object value, int k, int depth) except -2:
        # The rare kinds: a big int, another atom, a dataclass read by name.
        cdef int index, i, fk, sub
        try:
            if self._code[k] == _MK_INT:  # an exact int: its hash and == run no code
                found = (<dict>self._atoms).get(value)
                return -1 if found is None else <int>found
            if self._code[k] == _MK_ATOM:  # the atom's own type's hash and ==
                found = (<dict>self._atoms).get((id(type(value)), value))
                return -1 if found is None else <int>found
            index = self._base[k]
            names = (<tuple>self._info[k])[1]
            for i in range(len(names)):
                field = getattr(value, names[i])  # the exact type's own attribute
                fk = self._kind((<PyObject*>field).ob_type)
                if fk < 0 or (i < _MK_FIELDS and not (self._allowed[k][i] >> fk) & 1):
                    return -1
                sub = self._index(field, fk, depth + 1)
                if sub < 0:
                    return -1
                index = _mk_get(&self._chain, (<uint64_t>index << _MK_BITS) | <uint64_t>sub)
                if index < 0:
                    return -1
            return index
        except Exception:  # a slot left empty
            return -1

    cdef int action(self, object move) except -2:
        # The action of move: one of the space's own objects (by identity), or a value
        # equal to one (by its index); -1 for anything else.
        cdef int a, k
        if self._action == NULL:  # never made (MoveKeys.__new__), or its making failed
            return -1
        a = _mk_get(&self._own, <uint64_t><size_t><PyObject*>move)
        if a >= 0 and <PyObject*>PyTuple_GET_ITEM(self._moves, a) == <PyObject*>move:
            return a
        k = self._kind((<PyObject*>move).ob_type)
        if k < 0:
            return -1
        a = self._index(move, k, 0)
        return -1 if a < 0 else self._action[a]

    cdef int fill(self, object moves, int* given, int seats) except -2:
        # given[s] = the action of seat s's move (-1 for a seat not in moves), for a plain
        # dict of plain int seats 0..seats-1 to moves; -1 (and given undefined) otherwise.
        cdef int s, a, overflow
        cdef long seat_
        if type(moves) is not dict:
            return -1
        for s in range(seats):
            given[s] = -1
        for seat, move in (<dict>moves).items():  # an exact dict: no code of the caller's runs
            if type(seat) is not int:
                return -1
            seat_ = PyLong_AsLongAndOverflow(seat, &overflow)
            if overflow or not 0 <= seat_ < seats:
                return -1
            a = self.action(move)
            if a < 0:
                return -1
            given[seat_] = a
        return 0

    def action_of(self, move: object) -> int:
        return self.action(move)

    def actions_of(self, moves: object) -> object:
        cdef dict out
        cdef int a
        if type(moves) is not dict:
            return None
        out = {}
        for seat, move in (<dict>moves).items():
            if type(seat) is not int:
                return None
            a = self.action(move)
            if a < 0:
                return None
            out[seat] = a
        return out


cdef tuple moves_of_actions(tuple own, tuple indices):
    # (own[i] for i in indices) as a tuple: a machine's legal actions as the face's moves.
    cdef Py_ssize_t k, i, n = PyTuple_GET_SIZE(indices), size = PyTuple_GET_SIZE(own)
    cdef tuple out = PyTuple_New(n)
    cdef object item
    for k in range(n):
        i = <object>PyTuple_GET_ITEM(indices, k)
        if not 0 <= i < size:
            raise ValueError(f"own has {size} moves, not one for action {i}")
        item = <object>PyTuple_GET_ITEM(own, i)
        Py_INCREF(item)
        PyTuple_SET_ITEM(out, k, item)
    return out


# Tuples of the face's labels (cards) or of ints, from a machine's C arrays of ids.

cdef tuple _card_tuple(tuple cards, int* ids, int count):
    cdef int k
    cdef object item
    cdef tuple out = PyTuple_New(count)
    for k in range(count):
        item = cards[ids[k]]
        Py_INCREF(item)
        PyTuple_SET_ITEM(out, k, item)
    return out


cdef tuple _maybe_card_tuple(tuple cards, int* ids, int count):
    # None for an id < 0
    cdef int k
    cdef object item
    cdef tuple out = PyTuple_New(count)
    for k in range(count):
        item = None if ids[k] < 0 else cards[ids[k]]
        Py_INCREF(item)
        PyTuple_SET_ITEM(out, k, item)
    return out


cdef tuple _int_tuple(int* values, int count):
    cdef int k
    cdef object item
    cdef tuple out = PyTuple_New(count)
    for k in range(count):
        item = values[k]
        Py_INCREF(item)
        PyTuple_SET_ITEM(out, k, item)
    return out


cdef bint _same_cards(tuple last, tuple cards, int* ids, int count):
    cdef int k
    if PyTuple_GET_SIZE(last) != count:
        return False
    for k in range(count):
        if PyTuple_GET_ITEM(last, k) != PyTuple_GET_ITEM(cards, ids[k]):
            return False
    return True


# Flag tuples by length (up to 5: seats, stacks) and bit mask: views build several a step.
_FLAGS = tuple(
    tuple(tuple(bool(mask >> i & 1) for i in range(n)) for mask in range(1 << n)) for n in range(6)
)


cdef tuple _flag_tuple(int* values, int n):
    # (values[0] != 0, ..., values[n - 1] != 0), n <= 5, from the table
    cdef int i, mask = 0
    for i in range(n):
        if values[i]:
            mask |= 1 << i
    return <tuple>(<tuple>_FLAGS[n])[mask]


# --- the RL environments' blocks ------------------------------------------------------

# What the machines' fast paths for the RL environments share (declared in _core.pxd): the caller's blocks are reached through the buffer protocol, so
# the core still imports no NumPy. Python: core_envs.py (``_block``).

from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_FORMAT, PyBuffer_Release, PyObject_GetBuffer


cdef int _block(object obj, Py_buffer* view, char code, Py_ssize_t count, str what) except -1:
    # Acquire ``obj`` as a writable C-contiguous buffer of at least ``count`` items of the
    # struct code ``code`` (b"f": float32, b"b": int8); the caller releases it.
    cdef Py_ssize_t size = 4 if code == b"f" else 1
    PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
    if view.readonly:
        problem = "a read-only buffer"
    elif view.format == NULL or view.format[0] != code or view.format[1] != 0:
        problem = f"format {(view.format or b'B').decode()!r}"
    elif view.len < count * size:
        problem = f"{view.len // size} items"
    else:
        return 0
    PyBuffer_Release(view)
    kind = "float32" if code == b"f" else "int8"
    raise ValueError(f"{what} needs a writable C-contiguous {kind} buffer of {count} items, got {problem}")


from cpython.dict cimport PyDict_New, PyDict_SetItem
from cpython.sequence cimport PySequence_GetItem


def rows_by_key(keys: tuple, fields: tuple, blocks: tuple) -> dict:
    """``{keys[s]: {fields[j]: blocks[j][s] for each j} for each s}``: seat ``s``'s rows of
    the blocks under its key (the PettingZoo envs' observations, built in one call)."""
    cdef Py_ssize_t s, j, n = len(keys), width = len(fields)
    cdef dict out = PyDict_New()
    cdef dict row
    if len(blocks) != width:
        raise ValueError(f"one block per field: {width} fields, {len(blocks)} blocks")
    for s in range(n):
        row = PyDict_New()
        for j in range(width):
            PyDict_SetItem(row, fields[j], PySequence_GetItem(blocks[j], s))
        PyDict_SetItem(out, keys[s], row)
    return out
