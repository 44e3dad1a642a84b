# What the compiled Guerrilla machine hands out besides its protocol (included by
# _machine.pyx before its class): the face's event objects, the builder of its
# observations, and the RL encodings. The twins are in views.py.

from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM

# The builders of the face's frequent event objects, made once from its table (the
# faces argument of event_objects; the rare ones are built by calling their class).
cdef object _gt_faces = None
cdef SlotBuilder _gt_make_evaluated, _gt_make_spoils, _gt_make_won, _gt_make_started
cdef SlotBuilder _gt_make_lost


cdef int _gt_learn_faces(tuple faces) except -1:
    global _gt_faces, _gt_make_evaluated, _gt_make_spoils, _gt_make_won, _gt_make_started
    global _gt_make_lost
    _gt_make_evaluated = SlotBuilder(faces[8], ("outcomes",))
    _gt_make_spoils = SlotBuilder(faces[9], ("seat", "cards"))
    _gt_make_won = SlotBuilder(faces[10], ("index", "winners"))
    _gt_make_started = SlotBuilder(faces[11], ("index", "lead_seat"))
    _gt_make_lost = SlotBuilder(faces[12], ("cards",))
    _gt_faces = faces
    return 0


cdef object _gt_view_faces = None
cdef SlotBuilder _gt_make_view


cdef int _gt_learn_view_faces(tuple faces) except -1:
    global _gt_view_faces, _gt_make_view
    _gt_make_view = SlotBuilder(faces[0], (
        "seat", "phase", "to_act", "hand", "guerrilla_rank", "skirmish", "in_game",
        "played_guerrilla", "support_penalty", "spy_first", "hand_sizes", "draw_sizes",
        "discard_sizes", "removed", "played", "supports", "tie_rounds", "proposer", "rules",
    ))
    _gt_view_faces = faces
    return 0


cdef tuple _gt_event_objects(int* d, int n, tuple faces, object result):
    # The event objects of a step's event ints d[0:n] (the twin: guerrilla.views).
    cdef int i = 0, k, kind, count
    cdef list out = []
    cdef tuple cards = faces[0]
    cdef dict evaluated = faces[3]
    if faces is not _gt_faces:
        _gt_learn_faces(faces)
    while i < n:
        kind = d[i]
        if kind == 8:
            out.append((<tuple>(<tuple>(<tuple>faces[1])[d[i + 1]])[d[i + 2]])[d[i + 3]])
            i += 4
        elif kind == 6:
            out.append((<tuple>(<tuple>faces[2])[d[i + 1]])[d[i + 2]])
            i += 3
        elif kind == 10:
            count = d[i + 1]
            outcomes = _int_tuple(d + i + 2, count)
            event = evaluated.get(outcomes)
            if event is None:
                event = _gt_make_evaluated.blank()
                _gt_make_evaluated.put(event, 0, outcomes)
                evaluated[outcomes] = event
            out.append(event)
            i += 2 + count
        elif kind == 14:
            count = d[i + 2]
            out.append(_gt_make_spoils.make2(d[i + 1], _card_tuple(cards, d + i + 3, count)))
            i += 3 + count
        elif kind == 15:
            count = d[i + 2]
            out.append(_gt_make_won.make2(d[i + 1], _int_tuple(d + i + 3, count)))
            i += 3 + count
        elif kind == 0:
            out.append(_gt_make_started.make2(d[i + 1], d[i + 2]))
            i += 3
        elif kind == 9:
            out.append((<tuple>(<tuple>faces[4])[d[i + 1]])[d[i + 2]])
            i += 3
        elif kind == 11:
            out.append((<tuple>(<tuple>(<tuple>faces[5])[d[i + 1]])[d[i + 2]])[d[i + 3]])
            i += 4
        elif kind == 12:
            out.append((<tuple>(<tuple>faces[6])[d[i + 1]])[d[i + 2]])
            i += 3
        elif kind == 13:
            count = d[i + 1]
            event = _gt_make_lost.blank()
            _gt_make_lost.put(event, 0, _card_tuple(cards, d + i + 2, count))
            out.append(event)
            i += 2 + count
        elif kind == 16:
            out.append((<tuple>faces[7])[d[i + 1]])
            i += 2
        elif kind == 3:
            count = d[i + 1]
            reveals = tuple([(d[i + 2 + 2 * k], cards[d[i + 3 + 2 * k]]) for k in range(count)])
            i += 2 + 2 * count
            count = d[i]
            out.append(faces[17](reveals, _int_tuple(d + i + 1, count)))
            i += 1 + count
        elif kind == 5:
            out.append(faces[13](d[i + 1], d[i + 2]))
            i += 3
        elif kind == 7:
            count = d[i + 2]
            out.append(faces[14](d[i + 1], _card_tuple(cards, d + i + 3, count)))
            i += 3 + count
        elif kind == 1:
            count = d[i + 2]
            out.append(faces[15](d[i + 1], _int_tuple(d + i + 3, count)))
            i += 3 + count
        elif kind == 2:
            out.append(faces[16](d[i + 1]))
            i += 2
        elif kind == 4:
            out.append(faces[18](d[i + 1], d[i + 2], d[i + 3]))
            i += 4
        else:
            if kind != 17 or result is None:
                raise AssertionError(f"event code {kind} needs a result: {result!r}")
            out.append(faces[19](result))
            i += 2
    return tuple(out)


cdef void _gt_encode(_GtState* g, float* o, int seat) noexcept nogil:
    # The layouts of encoding._guerrilla: a seat's observation (seat >= 0) or the
    # god's-eye state (seat -1), every element written.
    cdef int n = g.n, s, i, r, end, at
    cdef int width = 2 if seat >= 0 else 3
    memset(o, 0, (64 * n + 115 if seat >= 0 else 243 * n + 66) * sizeof(float))
    if seat >= 0:
        o[seat] = 1
        o += n
    o[g.phase] = 1
    o += 8
    for s in range(n):
        o[s] = (g.to_act >> s) & 1
    o += n
    for s in range(n):
        if seat < 0 or s == seat:
            for i in range(g.hand_n[s]):
                o[i] = g.hand[s][i] + 1
            o += 52
    o[0] = g.g
    o[1] = g.k
    o += 2
    for s in range(n):
        o[s] = g.in_game[s] != 0
        o[n + s] = g.played_g[s] != 0
        o[2 * n + s] = g.penalty[s] != 0
        o[3 * n + s] = g.spy[s] != 0
    o += 4 * n
    if seat >= 0:
        for s in range(n):
            o[s] = g.hand_n[s]
            o[n + s] = g.draw_n[s]
            o[2 * n + s] = g.disc_n[s]
        o += 3 * n
    else:
        for s in range(n):
            for i in range(g.draw_n[s]):
                o[i] = g.draw[s][g.draw_top[s] + i] + 1
            o += 52
        for s in range(n):
            for i in range(g.disc_n[s]):
                o[i] = g.disc[s][i] + 1
            o += 52
    for i in range(g.removed_n):
        o[i] = g.removed[i] + 1
    o += 52
    for s in range(n):
        if g.played[s] >= 0:
            o[s] = g.played[s] + 1
        if g.support[s] >= 0:
            o[n + s] = g.support[s] + 1
    o += 2 * n
    for r in range(g.rounds if g.rounds < 26 else 26):
        end = g.round_start[r + 1] if r + 1 < g.rounds else g.tie_n
        for i in range(g.round_start[r], end):
            at = (r * n + g.tie_seat[i]) * width
            o[at] = g.tie_up[i] + 1
            if seat >= 0:
                o[at + 1] = g.tie_down[i] >= 0
            elif g.tie_down[i] >= 0:
                o[at + 1] = g.tie_down[i] + 1
                o[at + 2] = 1
    o += 26 * n * width
    o[n if g.proposer < 0 else g.proposer] = 1
    o += n + 1
    if seat < 0 and g.phase == _GT_OVER:
        for i in range(g.result_winners_n):
            o[g.result_winners[i]] = 1
        o[n + g.termination] = 1
