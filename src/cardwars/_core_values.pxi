# Building the faces' frozen value objects (events, observations) by writing their slots
# (included by _core.pyx; declared, with SlotBuilder's inline methods, in _core.pxd). A
# frozen dataclass's __init__ sets each field through object.__setattr__, a type lookup and
# a descriptor call per field; a slot is a pointer at a fixed offset of the object, and a
# new object's slots are all NULL, so storing a new reference there is all that setting it
# does. Below it, what the machines do with the face's move objects. Twin: core_values.py.

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

    The twin, with the full documentation, is ``core_values.SlotBuilder``.
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


# --- the actions of a game's move values (twin: core_values.MoveKeys, documented there) ---
import enum as _mk_enum
from dataclasses import fields as _mk_fields, is_dataclass as _mk_is_dataclass

cdef object _MK_NO_KEY = object()
cdef tuple _MK_ATOMS = (int, bool, float, complex, str, bytes)


@cython.auto_pickle(False)  # made from its game's action space on first use, never stored
cdef class MoveKeys:
    """The actions of a game's move values, found without running their code (compiled)."""

    def __init__(self, moves: tuple) -> None:
        cdef Py_ssize_t a
        self._kinds = {}
        for move in moves:
            self._learn(move)
        self._actions = {}
        for a in range(len(moves)):
            self._actions[self._key(moves[a])] = a

    cdef int _learn(self, object value) except -1:
        cls = type(value)
        if isinstance(value, _mk_enum.Enum):
            self._kinds[id(cls)] = (cls, (), 2)
        elif value is None or cls is int:
            self._kinds[id(cls)] = (cls, (), 0)
        elif cls in _MK_ATOMS:
            self._kinds[id(cls)] = (cls, (), 1)
        elif _mk_is_dataclass(value):
            names = tuple([f.name for f in _mk_fields(value)])
            self._kinds[id(cls)] = (cls, names, 3)
            for name in names:
                self._learn(getattr(value, name))
        else:
            raise TypeError(f"moves are built of dataclasses, enums and atoms, not {cls.__name__}")
        return 0

    cdef object _key(self, object value):
        cdef object cls = type(value)
        cdef object kind = self._kinds.get(id(cls))
        cdef tuple names
        cdef list parts
        cdef int code
        if kind is None or (<tuple>kind)[0] is not cls:
            return _MK_NO_KEY
        code = (<tuple>kind)[2]
        if code == 0:
            return value
        if code == 1:
            return (id(cls), value)
        if code == 2:
            return id(value)
        parts = [id(cls)]
        names = (<tuple>kind)[1]
        for name in names:
            try:  # the exact type's own slot: no code of the caller's runs
                field = getattr(value, name)
            except AttributeError:  # a slot left empty
                return _MK_NO_KEY
            part = self._key(field)
            if part is _MK_NO_KEY:
                return _MK_NO_KEY
            parts.append(part)
        return tuple(parts)

    def action_of(self, move: object) -> int:
        key = self._key(move)
        if key is _MK_NO_KEY:
            return -1
        return self._actions.get(key, -1)

    def actions_of(self, moves: object) -> object:
        cdef dict out
        if type(moves) is not dict:
            return None
        out = {}
        for seat, move in (<dict>moves).items():
            if type(seat) is not int:
                return None
            key = self._key(move)
            if key is _MK_NO_KEY:
                return None
            action = self._actions.get(key)
            if action is None:
                return None
            out[seat] = action
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


cdef object actions_of_moves(object moves, dict by_id, tuple own):
    # A step given as the face's own move objects (known by identity) as {seat: action};
    # None for anything else, which the face then checks and explains (apply_moves).
    cdef dict actions = {}
    cdef Py_ssize_t a
    if type(moves) is not dict:
        return None
    for seat, move in (<dict>moves).items():
        action = by_id.get(id(move))
        if action is None:
            return None
        a = action
        if not 0 <= a < PyTuple_GET_SIZE(own) or <object>PyTuple_GET_ITEM(own, a) is not move:
            return None
        actions[seat] = action
    return actions


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


cdef tuple _flag_tuples(int n):
    # every flag tuple of length n (n <= 5), by bit mask
    return <tuple>_FLAGS[n]
