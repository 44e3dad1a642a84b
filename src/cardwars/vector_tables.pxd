# The C types of vector_tables.py: the plumbing every game's native vector tables share.
cimport cython
from libc.stdint cimport uint64_t

from cardwars._core cimport cardwars_work


cdef struct Job:               # one thread's share of a step: tables start .. stop - 1
    void* tables               # the game's tables (its run_job knows what they are)
    const void* config         # what they share, if the game keeps it apart (else NULL)
    const int* actions         # NULL: a reset
    float* obs
    signed char* masks
    float* rewards
    signed char* terminated
    signed char* truncated
    signed char* illegal
    Py_ssize_t start, stop


cdef class VectorTables:
    cdef Py_ssize_t n
    cdef int size              # the floats of one table's observation
    cdef int width             # the bytes of one table's action mask
    cdef int threads           # how many threads share a step's tables
    cdef bint _ready           # reset() has run
    cdef bint _busy            # a call is running (cardwars.exclusive)
    cdef cardwars_work runner  # the game's run_job: one thread's share of a step
    cdef void* job_tables
    cdef const void* job_config

    cdef int _setup(self, Py_ssize_t n, int size, int width, cardwars_work runner,
                    void* tables, const void* config) except -1
    cdef int _enter(self) except -1
    cdef int _shapes(self, Py_ssize_t rows, Py_ssize_t size, Py_ssize_t mask_rows,
                     Py_ssize_t width) except -1
    @cython.locals(parts=int, i=int)
    cdef int _run(self, Job* job) except -1
    cdef int _seed(self, Py_ssize_t k, uint64_t seed) except -1
    cdef bint _refuses(self, Py_ssize_t k, int action) noexcept
    cdef Py_ssize_t _table_index(self, object table) except -1
