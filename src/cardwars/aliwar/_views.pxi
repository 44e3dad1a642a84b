# What the compiled Aliwar machine hands the face besides its protocol (included by
# _machine.pyx before its class): its event objects and the builders of its views, with
# the tables of shared tuples they use. The twin is views.py.

from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM

# The builders of the face's objects and its shared values, read once from its table (the
# faces argument, an AliwarFaces of aliwar/tables.py, by field name) and kept while the
# face passes that same table: the steps read these, never the table.
cdef object _aw_faces = None
cdef SlotBuilder _aw_make_conflict, _aw_make_discarded, _aw_make_returned, _aw_make_kept
cdef SlotBuilder _aw_make_flipped, _aw_make_over, _aw_make_view
cdef tuple _aw_cards            # faces.cards: the 52 labels
cdef tuple _aw_revealed         # faces.revealed[a][b]
cdef tuple _aw_emptied          # faces.emptied[seat][stack]
cdef tuple _aw_declined         # faces.declined[seat]
cdef tuple _aw_protected        # faces.protected[2 * p0 + p1]
cdef tuple _aw_winners          # faces.winners[winner], [2] a tie
cdef tuple _aw_phases           # faces.phases[phase]
cdef tuple _aw_card_pairs       # (card a, card b) by 52 * a + b: the cards of a conflict
cdef tuple _aw_returned_pairs   # (stack, card) by 52 * stack + card: a returned card


cdef int _aw_learn_faces(object faces) except -1:
    global _aw_faces, _aw_make_conflict, _aw_make_discarded, _aw_make_returned, _aw_make_kept
    global _aw_make_flipped, _aw_make_over, _aw_make_view, _aw_card_pairs, _aw_returned_pairs
    global _aw_cards, _aw_revealed, _aw_emptied, _aw_declined, _aw_protected, _aw_winners
    global _aw_phases
    _aw_faces = None  # until every field is read: a table that fails is never half learnt
    cdef tuple cards = faces.cards
    _aw_make_conflict = SlotBuilder(faces.conflict, ("column", "cards", "protected", "winner"))
    _aw_make_discarded = SlotBuilder(faces.discarded, ("cards",))
    _aw_make_returned = SlotBuilder(faces.returned, ("seat", "returned"))
    _aw_make_kept = SlotBuilder(faces.kept, ("seat", "card", "stack"))
    _aw_make_flipped = SlotBuilder(faces.flipped, ("tops",))
    _aw_make_over = SlotBuilder(faces.over, ("result",))
    _aw_make_view = SlotBuilder(faces.observation, (
        "seat", "phase", "to_act", "rounds", "no_progress", "stacks", "face_up",
        "protection", "won", "discard", "result",
    ))
    _aw_card_pairs = tuple([(a, b) for a in cards for b in cards])
    _aw_returned_pairs = tuple([(c, card) for c in range(5) for card in cards])
    _aw_cards = cards
    _aw_revealed = faces.revealed
    _aw_emptied = faces.emptied
    _aw_declined = faces.declined
    _aw_protected = faces.protected
    _aw_winners = faces.winners
    _aw_phases = faces.phases
    _aw_faces = faces
    return 0


_AW_NONE_WON = ((), ())


cdef tuple _aw_event_objects(int* d, int n, object faces, object result):
    # The event objects of a step's event ints d[0:n] (the twin: aliwar.views).
    cdef int i = 0, k, kind, count
    cdef list out = []
    cdef object obj, item
    cdef tuple items
    if faces is not _aw_faces:
        _aw_learn_faces(faces)
    cdef tuple cards = _aw_cards
    cdef tuple revealed = _aw_revealed
    cdef tuple emptied = _aw_emptied
    cdef tuple declined = _aw_declined
    cdef tuple protected = _aw_protected
    cdef tuple winners = _aw_winners
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
