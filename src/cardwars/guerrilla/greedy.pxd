# The C signatures of greedy.py (the built-in agents' choices, whole games in a loop).

cimport cython
from libc.stdint cimport uint64_t
from cardwars.guerrilla.board cimport Board

cdef enum:
    KEY = 4096  # a greedy key packs (primary, secondary) as primary * KEY + secondary

cdef inline int against(int mine, int best_other) noexcept nogil:
    return 2 if mine > best_other else (1 if mine == best_other else 0)

@cython.locals(i=int, o=int, key=int, best_key=int, best=int, shown=int, v=int, phase=int,
               now=int, outcome=int, down=int, up=int, a=int, best_other=int)
cdef int greedy(Board* st, int s, int* legal, int m) noexcept nogil
@cython.locals(s=int, m=int, idx=int)
cdef inline void play_one(Board* st, int* opt, uint64_t seed, int players, int* agent) noexcept nogil
