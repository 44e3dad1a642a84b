# The C types of vector.py: N tables of one learner seat each, stepped in C threads.

cimport cython
from libc.stdint cimport uint64_t

from cardwars.guerrilla.board cimport Board, NACT, NOPT
from cardwars.vector_tables cimport Job, VectorTables

cdef enum:
    LEGAL_BYTES = 371  # a bit per action


cdef struct Config:
    int players
    int seat
    int opponent           # 0 random, 1 greedy
    int opt[NOPT]
    int size               # the observation's floats


cdef struct Table:
    Board g
    uint64_t table_seed    # its games are dealt from derive_seed(table_seed, episode)
    long long episode
    uint64_t rng[4]        # seat s's opponent RNG: derive_seed(game seed, 1 + s)
    bint done              # the last step ended its game: the next step deals the next
    unsigned char legal[LEGAL_BYTES]  # the learner's legal actions now, a bit each


cdef Board* _board(Table* t) noexcept nogil
cdef Table* _table(Table* tables, Py_ssize_t k) noexcept nogil
@cython.locals(s=int, m=int, g="Board*")
cdef void choose(const Config* c, Table* t, int* chosen) noexcept nogil
@cython.locals(g="Board*")
cdef void advance(const Config* c, Table* t) noexcept nogil
@cython.locals(game_seed=uint64_t, s=int, g="Board*")
cdef void deal_table(const Config* c, Table* t) noexcept nogil
cdef bint is_legal(Table* t, int action) noexcept nogil
@cython.locals(i=int, m=int, fill=int, g="Board*")
cdef void write(const Config* c, Table* t, float* o, Py_ssize_t obase, signed char* k,
                Py_ssize_t kbase) noexcept nogil
@cython.locals(i=int, g="Board*")
cdef void step_table(const Config* c, Table* t, int action, Py_ssize_t at, float* rewards,
                     signed char* terminated, signed char* truncated,
                     signed char* illegal) noexcept nogil
@cython.locals(job="Job*", c="Config*", tables="Table*", k=Py_ssize_t, size=int)
cdef void run_job(void* p) noexcept nogil


cdef class GuerrillaTables(VectorTables):
    cdef Table* t
    cdef Config c

    cdef int _seed(self, Py_ssize_t k, uint64_t seed) except -1
    cdef bint _refuses(self, Py_ssize_t k, int action) noexcept
