# The C types of batch.py: the built-in agents and the whole-game batch loop.
cimport cython
from libc.stdint cimport uint64_t
from cardwars.aliwar.position cimport Position

@cython.locals(p=int, card=int)
cdef inline void ranks_and_suits(Position g, int s, int* ranks, int* suits) noexcept nogil
@cython.locals(p=int, c=int, guard=int)
cdef inline void fielded(int* ranks, int* suits, int choice, int* keys) noexcept nogil
@cython.locals(k=int, u=int, c=int, p=int, r=int, rank=int,
               n0=int, n1=int, score=int, best=int, best_score=int)
cdef int greedy_switch(Position g, int s) noexcept nogil
cdef int agent_switch(Position g, int s, int agent) noexcept nogil
@cython.locals(n_won=int, best=int, i=int, c=int, smallest=int, choice=int, stack=int)
cdef int agent_keep(Position g, int s, int agent) noexcept nogil
@cython.locals(s=int)
cdef void play_one(Position g, uint64_t game_seed, int agent_0, int agent_1) noexcept nogil
