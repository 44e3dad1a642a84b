# The C types of machine.py: the machine the face steps (the position and its protocol).
cimport cython
from libc.stdint cimport uint64_t
from cardwars.aliwar.position cimport Position

cdef class AliwarMachine:
    cdef Position g
    cdef list _hist          # two actions per step, -1 for a seat that was not polled
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
    @cython.locals(g=Position, i=int, stack=int, base=int)
    cdef tuple _build_legal(self, int s)
    cdef tuple _legal(self, int s)
    @cython.locals(g=Position, s=int, action=int, polled=bint)
    cdef int _check_commit(self, int a0, int a1, bint strict) except -1
    cdef int _commit(self, int action_0, int action_1) except -1
    @cython.locals(g=Position, i=int, at=int, head=int, card=int, cards=tuple)
    cdef tuple _pile(self, int s, int c, bint up, uint64_t known)
    @cython.locals(g=Position, i=int, at=int, head=int, card=int, cards=tuple)
    cdef bint _same_pile(self, tuple previous, int s, int c, bint up, uint64_t known) except -1

cdef tuple _POLLED, _SWITCHES_15, _SWITCHES_16, _NONE_WON, _UP
