# The C types of views.py: what the players may know (AW-8), as objects and as codes.
cimport cython
from libc.stdint cimport uint64_t
from cardwars.aliwar.position cimport Position

@cython.locals(s=int, c=int, i=Py_ssize_t, size=Py_ssize_t, head=Py_ssize_t, base=Py_ssize_t,
               up=bint, card=Py_ssize_t,
               shown=uint64_t)
cdef void encode(Position g, float* o, int at, bint hide, uint64_t known) noexcept nogil
@cython.locals(i=int, stack=int, base=int)
cdef void mask_row(Position g, int s, signed char* k, int at) noexcept nogil
from cardwars._core cimport SlotBuilder

cdef object _faces
cdef SlotBuilder _conflict, _discarded, _returned, _kept, _flipped, _over, _view
cdef tuple _card_pairs, _returned_pairs, _cards, _revealed, _emptied, _declined, _protected
cdef tuple _winners, _phases

cdef object _new1(SlotBuilder make, object a)
cdef object _new2(SlotBuilder make, object a, object b)
cdef object _new3(SlotBuilder make, object a, object b, object c)
cdef object _new4(SlotBuilder make, object a, object b, object c, object d)
@cython.locals(k=int)
cdef tuple labels(tuple cards, int* ids, int start, int count)
@cython.locals(last_0=tuple, last_1=tuple)
cdef tuple seen_stacks(Position g, tuple cards, uint64_t known, object last)
@cython.locals(up=bint, at=int, head=int, size=int, i=int, card=int, out=tuple)
cdef inline tuple _seen_pile(Position g, tuple cards, int s, int c, uint64_t known,
                             object previous)
cpdef tuple observations(object faces, int phase, tuple values)
@cython.locals(i=int)
cdef object _observation(SlotBuilder make, int seat, object phase, tuple values)
@cython.locals(i=int, k=int, kind=int, count=int, cards=tuple, out=list)
cpdef tuple event_objects(Position g, object faces, object result)
