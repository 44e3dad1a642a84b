# The C types of machine.py.

cimport cython

from cardwars._core cimport SlotBuilder
from cardwars.clone_war.position cimport Log, Position


cdef class EventMakers:
    cdef object faces
    cdef tuple cards
    cdef tuple seats
    cdef tuple seat_cards
    cdef SlotBuilder flipped, war, forfeited, placed, last, split, collected, eliminated
    cdef SlotBuilder over


cdef EventMakers _makers
cdef Position _hare
cdef Position _tortoise

cdef inline object _make1(SlotBuilder builder, object a)
cdef inline object _make2(SlotBuilder builder, object a, object b)
cdef inline object _make3(SlotBuilder builder, object a, object b, object c)
@cython.locals(
    i=int, op=int, a=int, b=int, c=int, n=int, makers=EventMakers, cards=tuple, seats=tuple,
    out=list, flips=list,
)
cdef tuple _event_objects(Log log, object faces, object result, long long battle, int still_in)


cdef class CloneWarMachine(Position):
    cdef Log _log
    cdef bint _log_shared     # a copy holds the same log: the next battle takes a new one
    cdef long long _cycle_at  # the battle after which the cycle rule ends the game, or -1
    cdef bint _cycle_detection
    cdef tuple _cards         # the 48 labels the views are built from, by card id
    cdef bint _busy           # a step is running (cardwars.exclusive)

    cdef int _seat(self, object seat) except -1
    cdef int _enter(self) except -1
    cdef int _play_empty(self, object given) except -1
    cdef int _battle(self) except -1
    @cython.locals(until_repeat="long long")
    cdef int _look_for_cycle(self) except -1


cdef int _setup(
    CloneWarMachine m, object cards, int players, object rng_state, object collect_order,
    object forfeit_to_dead, object play_what_you_can, object split_round_robin,
    object max_battles, object cap_most_cards, object cycle_detection,
) except -1
