# The C types of vector.py: N tables of one learner seat against a built-in opponent.
cimport cython
from cpython.object cimport PyObject
from libc.stdint cimport uint64_t
from cardwars.aliwar.position cimport Position
from cardwars.vector_tables cimport Job, VectorTables

cdef enum:
    OBSERVATION_SIZE = 609


cdef class Table(Position):
    cdef uint64_t table_seed   # its games are dealt from derive_seed(table_seed, episode)
    cdef long long episode
    cdef bint done             # the last step ended its game: the next step deals the next


cdef class AliwarTables(VectorTables):
    cdef list _tables
    cdef PyObject** _t         # compiled: the tables, borrowed from _tables
    cdef int seat
    cdef int opponent          # 0 random, 1 greedy
    cdef bint recall
    cdef bint null_switch, kept_below, double_loss_most, cap_most
    cdef long long limit, cap

    cdef int _seed(self, Py_ssize_t k, uint64_t seed) except -1
    @cython.locals(t=Table)
    cdef bint _refuses(self, Py_ssize_t k, int action) noexcept


@cython.locals(o=int, a=int)
cdef void table_advance(AliwarTables c, Table t) noexcept nogil
@cython.locals(game_seed=uint64_t)
cdef void table_deal(AliwarTables c, Table t) noexcept nogil
cdef bint table_legal(AliwarTables c, Table t, int action) noexcept nogil
@cython.locals(i=int)
cdef void table_write(AliwarTables c, Table t, float* o, signed char* k, Py_ssize_t at) noexcept nogil
@cython.locals(o=int, a=int, b=int)
cdef void table_step(AliwarTables c, Table t, int action, float* reward,
                     signed char* terminated, signed char* truncated, signed char* illegal,
                     Py_ssize_t at) noexcept nogil
cdef void one_table(AliwarTables c, Table t, Py_ssize_t k, const int* actions, float* obs,
                    signed char* masks, float* rewards, signed char* terminated,
                    signed char* truncated, signed char* illegal) noexcept nogil
@cython.locals(k=Py_ssize_t)
cdef void run_job(void* p) noexcept nogil
cdef object _game_seed(Table t)
cdef object _episode(Table t)
@cython.locals(choice=int)
cdef int _sample(Table t, int seat, uint64_t rng) except? -1
