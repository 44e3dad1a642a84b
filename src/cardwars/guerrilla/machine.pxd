# The C types of machine.py: the machine is a Board and the event ints of its last step,
# with the actions of every step so far.

cimport cython
from libc.stdint cimport uint64_t

from cardwars.guerrilla.board cimport Board, Events
from cardwars.guerrilla.views cimport BoardViews


cdef class GuerrillaMachine(BoardViews):
    cdef short* _hist         # four actions per step, -1 for a seat that was not polled
    cdef Py_ssize_t _steps
    cdef Py_ssize_t _capacity
    cdef object _legal_0
    cdef object _legal_1
    cdef object _legal_2
    cdef object _legal_3
    cdef object _moves        # legal_moves(): per seat, the face's move objects of _legal_s
    cdef object _moves_of     # the table (own) they were taken from
    cdef bint _busy           # a step is running: it may call Python code (cardwars.exclusive)

    @cython.locals(i=int)
    cdef int _setup(self, object cards, int n, object rng_state, object options) except -1
    cdef tuple _legal(self, int s)
    @cython.locals(m=int)
    cdef tuple _build_legal(self, int s)
    cdef int _enter(self) except -1
    cdef int _apply(self, object actions) except -1
    @cython.locals(s=int, action=int, mask=int)
    cdef int _check_commit(self, int* given, bint strict) except -1
    @cython.locals(i=int, m=int)
    cdef bint _is_legal(self, int s, int action) except -1
    cdef int _commit(self, int* chosen) except -1
    @cython.locals(s=int, m=int, idx=int, n=int, e=int, limit="long long", done="long long",
                   r=uint64_t)
    cdef uint64_t _rollout(self, object agents, object rng_state, object explore,
                           object max_steps) except? 0
    @cython.locals(grown="short*", capacity=Py_ssize_t, s=int)
    cdef int _record(self, int* chosen) except -1


cdef object _ABSENT
cdef GuerrillaMachine _new_machine()
@cython.locals(i=int)
cdef int _fill(int* out, object values) except -1
