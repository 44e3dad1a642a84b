# The C types of views.py: the builders of the face's events and observations, and the
# RL encodings of a position.

cimport cython

from cardwars._core cimport SlotBuilder
from cardwars.guerrilla.board cimport Board, Events


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
cdef tuple make_events(int* d, int n, object faces, object result)
@cython.locals(n=int, s=int, i=int, r=int, end=int, at=int, width=int, size=int, p=int)
cdef void encode(Board* g, float* o, Py_ssize_t base, int seat) noexcept nogil


cdef tuple _flags(int* values, int n)


cdef class BoardViews:
    cdef Board g
    cdef Events* ev           # malloc'd, not in the object: tp_alloc zeroes the object
    cdef Board* st            # &g: what the rule steps are handed
    cdef Events* evs          # = ev, what the rule steps are handed
    cdef tuple _cards         # the 52 labels the views are built from, by card id
    cdef object _public       # this step's view(), the part every seat's observation shares
    cdef tuple _last_removed  # the last view's removed pile, reused while unchanged

    @cython.locals(r=int, i=int, end=int, down=int, placed=list)
    cdef tuple _rounds(self, bint public)
    @cython.locals(n=int, removed=tuple)
    cdef tuple _view(self)
