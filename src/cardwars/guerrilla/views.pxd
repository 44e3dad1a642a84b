# The C types of views.py: the builders of the face's events and observations, and the
# RL encodings of a position.

cimport cython

from cardwars._core cimport SlotBuilder
from cardwars.guerrilla.board cimport Board


cdef class EventMakers:
    cdef object faces
    cdef SlotBuilder evaluated, spoils, won, started, lost
    cdef tuple cards, played, drawn, supports, placed, revealed, spy
    cdef dict evaluations
    cdef object reshuffled, eliminated, proposal, promoted, cancelled, recruited, over


cdef class ViewMakers:
    cdef object faces
    cdef SlotBuilder observation
    cdef tuple phases


cdef EventMakers _events
cdef ViewMakers _views

cdef object _make1(SlotBuilder builder, object a)
cdef object _make2(SlotBuilder builder, object a, object b)
cdef tuple ints_at(int* values, int start, int count)
cdef tuple cards_at(tuple cards, int* ids, int start, int count)
cdef ViewMakers view_makers(object faces)
@cython.locals(i=int, k=int, kind=int, last=int, count=int, makers=EventMakers, cards=tuple,
               evaluated=dict, out=list)
cdef tuple event_objects(int* d, int n, object faces, object result)
@cython.locals(n=int, s=int, i=int, r=int, end=int, at=int, width=int, size=int, p=int)
cdef void encode(Board* g, float* o, Py_ssize_t base, int seat) noexcept nogil
