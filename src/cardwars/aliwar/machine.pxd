# The C types of machine.py: the machine the face steps (the position and its protocol).
cimport cython
from cpython cimport array
from libc.stdint cimport uint64_t
from cardwars.aliwar.position cimport Position

cdef class AliwarMachine:
    cdef Position g
    cdef array.array _hist   # array("h"): two actions per step, -1 for a seat not polled
    cdef tuple _cards        # the 52 labels the views are built from, by card id
    cdef object _legal_0
    cdef object _legal_1
    cdef object _moves_0     # legal_moves(): the face's move objects of _legal_0 and _legal_1
    cdef object _moves_1
    cdef object _moves_of    # the table (own) they were taken from
    cdef object _views       # this step's observations() (both seats), built on first ask
    cdef tuple _last_protection
    cdef tuple _last_view    # the last view(), whose unchanged piles the next one reuses
    cdef tuple _last_discard
    cdef bint _busy          # a step is running: it may call Python code (cardwars.exclusive)

    cdef int _enter(self) except -1
    cdef frozenset _to_act(self)
    @cython.locals(g=Position, i=int, stack=int, base=int, n=int)
    cdef tuple _build_legal(self, int s)
    @cython.locals(steps=Py_ssize_t)
    cdef tuple _legal(self, int s)
    @cython.locals(g=Position, s=int, action=int, polled=bint)
    cdef int _check_commit(self, int a0, int a1, bint strict) except -1
    cdef int _commit(self, int action_0, int action_1) except -1
    @cython.locals(hist=array.array, n=Py_ssize_t)
    cdef int _record(self, int action_0, int action_1) except -1
    @cython.locals(g=Position, i=int, at=int, head=int)
    cdef tuple _pile(self, int s, int c)
    @cython.locals(cards=tuple, last=tuple)
    cpdef tuple protection(self)
    @cython.locals(g=Position)
    cpdef tuple won(self)
    @cython.locals(i=int, cards=tuple, last=tuple)
    cpdef tuple discard(self)
    @cython.locals(g=Position, c=int, bits_0=int, bits_1=int)
    cpdef tuple face_up(self)
    @cython.locals(view=tuple)
    cpdef tuple view(self, bint recall)
    @cython.locals(values=tuple)
    cpdef tuple observations(self, object faces, bint recall, object result)

cdef tuple _POLLED, _SWITCHES_15, _SWITCHES_16, _NONE_WON, _UP

@cython.locals(at=int, head=int, size=int, i=int)
cdef tuple _ids_pile(Position g, int s, int c)
@cython.locals(g=Position, names=tuple, limit=cython.longlong, cap=cython.longlong, rng=uint64_t,
               null_switch=int, kept_below=int, double_loss_most=int, cap_most=int)
cdef int _setup(AliwarMachine m, object cards, object rng_state, object allow_null_switch,
                object kept_card_position, object double_loss_result,
                object no_progress_limit, object max_rounds, object cap_result) except -1
@cython.locals(entries=dict)
cdef int _apply(AliwarMachine m, object actions) except -1
