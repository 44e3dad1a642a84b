# What the compiled Aliwar machine hands the face besides its protocol (included by
# _machine.pyx before its class): its event objects and the builders of its views, with
# the tables of shared tuples they use. The twin is views.py.

from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM

# The builders of the face's objects, made once from its table (the faces argument).
cdef object _aw_faces = None
cdef SlotBuilder _aw_make_conflict, _aw_make_discarded, _aw_make_returned, _aw_make_kept
cdef SlotBuilder _aw_make_flipped, _aw_make_over, _aw_make_view
cdef tuple _aw_card_pairs       # (card a, card b) by 52 * a + b: the cards of a conflict
cdef tuple _aw_returned_pairs   # (stack, card) by 52 * stack + card: a returned card


cdef int _aw_learn_faces(tuple faces) except -1:
    global _aw_faces, _aw_make_conflict, _aw_make_discarded, _aw_make_returned, _aw_make_kept
    global _aw_make_flipped, _aw_make_over, _aw_make_view, _aw_card_pairs, _aw_returned_pairs
    cards = faces[0]
    _aw_card_pairs = tuple([(a, b) for a in cards for b in cards])
    _aw_returned_pairs = tuple([(c, card) for c in range(5) for card in cards])
    _aw_make_conflict = SlotBuilder(faces[1], ("column", "cards", "protected", "winner"))
    _aw_make_discarded = SlotBuilder(faces[2], ("cards",))
    _aw_make_returned = SlotBuilder(faces[3], ("seat", "returned"))
    _aw_make_kept = SlotBuilder(faces[4], ("seat", "card", "stack"))
    _aw_make_flipped = SlotBuilder(faces[5], ("tops",))
    _aw_make_over = SlotBuilder(faces[6], ("result",))
    _aw_make_view = SlotBuilder(faces[12], (
        "seat", "phase", "to_act", "rounds", "no_progress", "stacks", "face_up",
        "protection", "won", "discard", "result",
    ))
    _aw_faces = faces
    return 0


_AW_NONE_WON = ((), ())


cdef tuple _aw_event_objects(int* d, int n, tuple faces, object result):
    # The event objects of a step's event ints d[0:n] (the twin: aliwar.views).
    cdef int i = 0, k, kind, count
    cdef list out = []
    cdef tuple cards = faces[0]
    cdef tuple revealed = faces[7]
    cdef tuple emptied = faces[8]
    cdef tuple declined = faces[9]
    cdef tuple protected = faces[10]
    cdef tuple winners = faces[11]
    cdef object obj, item
    cdef tuple items
    if faces is not _aw_faces:
        _aw_learn_faces(faces)
    while i < n:
        kind = d[i]
        if kind == 1:
            obj = _aw_make_conflict.blank()
            _aw_make_conflict.put(obj, 0, d[i + 1])
            _aw_make_conflict.put(obj, 1, (<tuple>_aw_card_pairs)[52 * d[i + 2] + d[i + 3]])
            _aw_make_conflict.put(obj, 2, protected[2 * d[i + 4] + d[i + 5]])
            _aw_make_conflict.put(obj, 3, winners[2 if d[i + 6] < 0 else d[i + 6]])
            out.append(obj)
            i += 7
        elif kind == 0:
            out.append((<tuple>revealed[d[i + 1]])[d[i + 2]])
            i += 3
        elif kind == 2:
            out.append((<tuple>emptied[d[i + 1]])[d[i + 2]])
            i += 3
        elif kind == 3:
            count = d[i + 1]
            obj = _aw_make_discarded.blank()
            _aw_make_discarded.put(obj, 0, _card_tuple(cards, d + i + 2, count))
            out.append(obj)
            i += 2 + count
        elif kind == 4:
            count = d[i + 2]
            items = PyTuple_New(count)
            for k in range(count):
                item = (<tuple>_aw_returned_pairs)[52 * d[i + 3 + 2 * k] + d[i + 4 + 2 * k]]
                Py_INCREF(item)
                PyTuple_SET_ITEM(items, k, item)
            out.append(_aw_make_returned.make2(d[i + 1], items))
            i += 3 + 2 * count
        elif kind == 5:
            out.append(_aw_make_kept.make3(d[i + 1], cards[d[i + 2]], d[i + 3]))
            i += 4
        elif kind == 6:
            out.append(declined[d[i + 1]])
            i += 2
        elif kind == 7:
            obj = _aw_make_flipped.blank()
            _aw_make_flipped.put(obj, 0, (
                _card_tuple(cards, d + i + 1, 5), _card_tuple(cards, d + i + 6, 5)
            ))
            out.append(obj)
            i += 11
        else:
            obj = _aw_make_over.blank()
            _aw_make_over.put(obj, 0, result)
            out.append(obj)
            i += 3
    return tuple(out)
