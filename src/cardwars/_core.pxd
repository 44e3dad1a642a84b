# What the games' compiled machines cimport from the shared core (cardwars/_core.pyx).
#
# The RNG is defined here as inline C over one uint64_t, so that each machine inlines it
# into its own inner loops; its Python face (Rng, derive_seed) is in _core.pyx. The
# rest is declared here and defined in _core.pyx's other two sections.

from cpython.long cimport PyLong_AsLongLongAndOverflow
from cpython.object cimport PyObject, PyTypeObject
from cpython.ref cimport Py_INCREF
from libc.stdint cimport uint32_t, uint64_t

cdef extern from *:
    """
    #define CARDWARS_GAMMA 0x9E3779B97F4A7C15ULL
    """
    const uint64_t _GAMMA "CARDWARS_GAMMA"


# --- work split over threads (the vector envs' tables) --------------------------------------

cdef extern from *:
    """
    /* Run work(args[0]) .. work(args[n-1]) at once: args[0] in the calling thread, each
       other in a thread of its own, started and awaited through CPython's own thread
       API (so the extension links no thread library of its own and needs no newer C
       library than Python does); one that cannot be started runs in the calling thread.
       The work items must not touch Python objects: the caller has released the GIL. */
    #include "pythread.h"
    typedef void (*cardwars_work)(void*);
    #define CARDWARS_MAX_THREADS 16
    typedef struct { cardwars_work work; void* arg; PyThread_type_lock done; } cardwars_job;
    static inline void cardwars_thread(void* p) {
        cardwars_job* job = (cardwars_job*)p;
        job->work(job->arg);
        PyThread_release_lock(job->done);
    }
    static inline void cardwars_run_parallel(cardwars_work work, void** args, int n) {
        cardwars_job jobs[CARDWARS_MAX_THREADS];
        int i;
        if (n > CARDWARS_MAX_THREADS) n = CARDWARS_MAX_THREADS;
        for (i = 1; i < n; i++) {
            jobs[i].work = work;
            jobs[i].arg = args[i];
            jobs[i].done = PyThread_allocate_lock();
            if (jobs[i].done != NULL) {
                PyThread_acquire_lock(jobs[i].done, WAIT_LOCK);  /* the thread releases it */
                if (PyThread_start_new_thread(cardwars_thread, &jobs[i]) == PYTHREAD_INVALID_THREAD_ID) {
                    PyThread_release_lock(jobs[i].done);
                    PyThread_free_lock(jobs[i].done);
                    jobs[i].done = NULL;
                }
            }
            if (jobs[i].done == NULL) work(args[i]);
        }
        if (n > 0) work(args[0]);
        for (i = 1; i < n; i++) {
            if (jobs[i].done != NULL) {
                PyThread_acquire_lock(jobs[i].done, WAIT_LOCK);
                PyThread_release_lock(jobs[i].done);
                PyThread_free_lock(jobs[i].done);
            }
        }
    }
    """
    ctypedef void (*cardwars_work)(void*) noexcept nogil
    enum: CARDWARS_MAX_THREADS
    void cardwars_run_parallel(cardwars_work work, void** args, int n) noexcept nogil


# --- SplitMix64 with Lemire bounded draws (the RNG of docs/engine.rst) -------------------

cdef inline uint64_t _mix(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint64_t _rng_next(uint64_t* state) noexcept nogil:
    state[0] += _GAMMA
    return _mix(state[0])


cdef inline uint32_t _rng_below(uint64_t* state, uint32_t n) noexcept nogil:
    # Lemire's multiply-shift on the high 32 bits; rejection only in the biased zone.
    cdef uint64_t m = (_rng_next(state) >> 32) * <uint64_t>n
    cdef uint32_t t
    if <uint32_t>m < n:
        t = (<uint32_t>(0 - n)) % n
        while <uint32_t>m < t:
            m = (_rng_next(state) >> 32) * <uint64_t>n
    return <uint32_t>(m >> 32)


cdef inline void _shuffle_ints(uint64_t* state, int* a, int n) noexcept nogil:
    cdef int i, j, tmp
    for i in range(n - 1):
        j = i + <int>_rng_below(state, <uint32_t>(n - i))
        tmp = a[i]
        a[i] = a[j]
        a[j] = tmp


cdef inline void _sample_prefix_ints(uint64_t* state, int* a, int n, int k) noexcept nogil:
    cdef int i, j, tmp
    cdef int steps = k if k < n - 1 else n - 1
    for i in range(steps):
        j = i + <int>_rng_below(state, <uint32_t>(n - i))
        tmp = a[i]
        a[i] = a[j]
        a[j] = tmp


cdef uint64_t _check_u64(object value, str what) except? 0


# An exact int (the caller has checked ``type(value) is int``) as a C long long, or
# ``otherwise`` when it does not fit one: a machine reads a {seat: action} dict with no
# Python comparison (and no int object made for a constant). core_values has its Python.
cdef inline long long _exact_int_or(object value, long long otherwise) noexcept:
    cdef int overflow = 0
    cdef long long v = PyLong_AsLongLongAndOverflow(value, &overflow)
    return otherwise if overflow else v


cdef class Rng:
    cdef uint64_t _state


# --- the faces' value objects (in _core.pyx) ------------------------------------------

cdef enum:
    _SB_MAX = 32


cdef class SlotBuilder:
    cdef object cls
    cdef PyTypeObject* tp
    cdef Py_ssize_t off[_SB_MAX]
    cdef Py_ssize_t n
    cdef readonly tuple names

    cdef inline object blank(self):
        return _blank(self.tp, 0)

    cdef inline void put(self, object obj, Py_ssize_t i, object value) noexcept:
        # Only on a blank object: its slot holds NULL, so there is nothing to release.
        Py_INCREF(value)
        (<PyObject**>((<char*><PyObject*>obj) + self.off[i]))[0] = <PyObject*>value

    cdef inline object make2(self, object a, object b):
        obj = self.blank()
        self.put(obj, 0, a)
        self.put(obj, 1, b)
        return obj

    cdef inline object make3(self, object a, object b, object c):
        obj = self.blank()
        self.put(obj, 0, a)
        self.put(obj, 1, b)
        self.put(obj, 2, c)
        return obj


cdef extern from "Python.h":
    object _blank "PyType_GenericAlloc"(PyTypeObject* tp, Py_ssize_t nitems)


# The actions of move values (MoveKeys, _core.pyx): its tables and sizes.
cdef enum:
    _MK_KINDS = 64      # types the moves may be built of
    _MK_FIELDS = 8      # fields of a dataclass read by slot offset (more: by name)
    _MK_HOMES = 128     # home cells of the types (kinds)


cdef struct _MkCell:
    uint64_t key
    int value                # < 0: an empty cell


cdef struct _MkTable:
    # uint64 -> int, open addressing, built once; a probe reads one cell (key and value
    # together). A direct table (a small one: ints, enum members) has every key in its
    # home cell, so one probe answers, with no loop.
    _MkCell* cells
    Py_ssize_t mask
    int shift                # 64 - log2(cells): a key's home is its top bits, hashed
    uint64_t salt
    bint direct


cdef class MoveKeys:
    cdef tuple _moves                    # the space's own moves: action a is _moves[a]
    cdef _MkTable _own                   # id(_moves[a]) -> a: the own objects, by identity
    cdef _MkTable _members               # id(enum member) -> index
    cdef _MkTable _ints                  # an exact int (in 64 bits) -> index
    cdef _MkTable _chain                 # prefix << _MK_BITS | field index -> index
    cdef int* _action                    # index -> action, or -1
    cdef int _count                      # indices given out
    cdef int _depth                      # the deepest nesting among the moves
    cdef int _kinds
    cdef PyTypeObject* _type[_MK_KINDS]
    cdef signed char _home[_MK_HOMES]   # a type's home cell -> its kind (-1: none)
    cdef uint64_t _home_salt
    cdef bint _homed                     # every kind in its own home cell (else: a scan)
    cdef int _code[_MK_KINDS]
    cdef int _base[_MK_KINDS]            # None's index; a dataclass's chain start
    cdef int _fields[_MK_KINDS]
    cdef Py_ssize_t _off[_MK_KINDS][_MK_FIELDS]
    cdef uint64_t _allowed[_MK_KINDS][_MK_FIELDS]  # the kinds a field holds among the moves
    cdef list _info                      # per kind: (type, field names or enum members)
    cdef dict _atoms                     # another atom as (id(type), atom), a big int -> index

    cdef void _home_kinds(self) noexcept
    cdef int _next(self) except -1
    cdef int _kind(self, PyTypeObject* tp) noexcept
    cdef int _learn(self, object value) except -1
    cdef int _intern(self, object value, list tables, int depth) except -1
    cdef int _index(self, object value, int k, int depth) except -2
    cdef int _index_slow(self, object value, int k, int depth) except -2
    cdef int action(self, object move) except -2
    cdef int fill(self, object moves, int* given, int seats) except -2


# What the machines do with the face's move objects, and the tuples their views build.
cdef tuple moves_of_actions(tuple own, tuple indices)
cdef tuple _card_tuple(tuple cards, int* ids, int count)
cdef tuple _maybe_card_tuple(tuple cards, int* ids, int count)
cdef tuple _int_tuple(int* values, int count)
cdef bint _same_cards(tuple last, tuple cards, int* ids, int count)
cdef tuple _flag_tuple(int* values, int n)


# --- the RL environments' blocks (in _core.pyx) -----------------------------------------

cdef int _block(object obj, Py_buffer* view, char code, Py_ssize_t count, str what) except -1
