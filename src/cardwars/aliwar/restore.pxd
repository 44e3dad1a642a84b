# The C types of restore.py: the checks of a restored machine key.
cimport cython
from libc.stdint cimport uint64_t

cdef dict _RANGES

@cython.locals(ints=tuple, i=Py_ssize_t, k=Py_ssize_t, ranges=tuple)
cdef tuple _check_events(object events, int n_switches)
@cython.locals(v="long long")
cdef object _int_in(object value, long long low, long long high, str what)
@cython.locals(s=int, c=int, card=int, cards=uint64_t, repeated=bint)
cdef int _check_restored(object key, int n_switches) except -1
