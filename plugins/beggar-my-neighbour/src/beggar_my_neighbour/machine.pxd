# The C types of machine.py.

cimport cython

from beggar_my_neighbour.tricks cimport Position


cdef class BeggarMachine(Position):
    cdef tuple _cards          # the labels the views are built from, by card id
    cdef long long _cycle_at   # the trick after which the cycle rule ends the game, or -1
    cdef long long _cycle_len
    cdef long long _steps
    cdef bint _busy            # a step is running (cardwars' rule: one caller at a time)

    cdef int _enter(self) except -1
    cdef int _step(self) except -1
    @cython.locals(lam="long long", hare=Position, tortoise=Position)
    cdef int _look_for_cycle(self) except -1


@cython.locals(i=int, s=int)
cdef int _restore_into(BeggarMachine m, object cards, object key) except -1
