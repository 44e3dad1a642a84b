# What the compiled Guerrilla machine hands out besides its protocol (included by
# _machine.pyx before its class): the face's event objects, the builder of its
# observations, and the RL encodings. The twins are in views.py.

from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM

# The builders of the face's frequent event objects and its shared values, read once from
# its table (the faces argument of event_objects, a GuerrillaFaces of guerrilla/tables.py,
# by field name) and kept while the face passes that same table; the rare events are
# built by calling their class.
cdef object _gt_faces = None
cdef SlotBuilder _gt_make_evaluated, _gt_make_spoils, _gt_make_won, _gt_make_started
cdef SlotBuilder _gt_make_lost
cdef tuple _gt_cards            # faces.cards: the 52 labels
cdef tuple _gt_played           # faces.played[seat][card][first]
cdef tuple _gt_drawn            # faces.drawn[seat][count]
cdef dict _gt_evaluations       # faces.evaluations, by (outcomes, reevaluated)
cdef tuple _gt_supports         # faces.supports[seat][card]
cdef tuple _gt_placed           # faces.placed[seat][up][face_down]
cdef tuple _gt_revealed         # faces.revealed[seat][card]
cdef tuple _gt_spy              # faces.spy[seat]
cdef object _gt_reshuffled, _gt_eliminated, _gt_proposal, _gt_promoted, _gt_cancelled
cdef object _gt_recruited, _gt_over


cdef int _gt_learn_faces(object faces) except -1:
    global _gt_faces, _gt_make_evaluated, _gt_make_spoils, _gt_make_won, _gt_make_started
    global _gt_make_lost, _gt_cards, _gt_played, _gt_drawn, _gt_evaluations, _gt_supports
    global _gt_placed, _gt_revealed, _gt_spy, _gt_reshuffled, _gt_eliminated, _gt_proposal
    global _gt_promoted, _gt_cancelled, _gt_recruited, _gt_over
    _gt_faces = None  # until every field is read: a table that fails is never half learnt
    _gt_make_evaluated = SlotBuilder(faces.evaluated, ("outcomes", "reevaluated"))
    _gt_make_spoils = SlotBuilder(faces.spoils, ("seat", "cards"))
    _gt_make_won = SlotBuilder(faces.won, ("index", "winners"))
    _gt_make_started = SlotBuilder(faces.started, ("index", "lead_seat"))
    _gt_make_lost = SlotBuilder(faces.lost, ("cards",))
    _gt_cards = faces.cards
    _gt_played = faces.played
    _gt_drawn = faces.drawn
    _gt_evaluations = faces.evaluations
    _gt_supports = faces.supports
    _gt_placed = faces.placed
    _gt_revealed = faces.revealed
    _gt_spy = faces.spy
    _gt_reshuffled = faces.reshuffled
    _gt_eliminated = faces.eliminated
    _gt_proposal = faces.proposal
    _gt_promoted = faces.promoted
    _gt_cancelled = faces.cancelled
    _gt_recruited = faces.recruited
    _gt_over = faces.over
    _gt_faces = faces
    return 0


# The builder of the face's observation and its phases, read once from its view table (a
# GuerrillaViewFaces of guerrilla/tables.py), as above.
cdef object _gt_view_faces = None
cdef SlotBuilder _gt_make_view
cdef tuple _gt_view_phases      # faces.phases[phase]


cdef int _gt_learn_view_faces(object faces) except -1:
    global _gt_view_faces, _gt_make_view, _gt_view_phases
    _gt_view_faces = None
    _gt_make_view = SlotBuilder(faces.observation, (
        "seat", "phase", "to_act", "hand", "guerrilla_rank", "skirmish", "in_game",
        "played_guerrilla", "support_penalty", "spy_first", "hand_sizes", "draw_sizes",
        "discard_sizes", "removed", "played", "supports", "tie_rounds", "proposer", "rules",
    ))
    _gt_view_phases = faces.phases
    _gt_view_faces = faces
    return 0


cdef tuple _gt_event_objects(int* d, int n, object faces, object result):
    # The event objects of a step's event ints d[0:n] (the twin: guerrilla.views).
    cdef int i = 0, k, kind = -1, last, count
    cdef list out = []
    if faces is not _gt_faces:
        _gt_learn_faces(faces)
    cdef tuple cards = _gt_cards
    cdef dict evaluated = _gt_evaluations
    while i < n:
        last = kind
        kind = d[i]
        if kind == 8:
            out.append((<tuple>(<tuple>_gt_played[d[i + 1]])[d[i + 2]])[d[i + 3]])
            i += 4
        elif kind == 6:
            out.append((<tuple>_gt_drawn[d[i + 1]])[d[i + 2]])
            i += 3
        elif kind == 10:
            count = d[i + 1]
            # GT-7's evaluation follows the cards played (code 8) at once; any other is
            # a re-evaluation (GT-9, or GT-8 with the support cascade).
            outcomes = _int_tuple(d + i + 2, count)
            key = (outcomes, last != 8)
            event = evaluated.get(key)
            if event is None:
                event = _gt_make_evaluated.blank()
                _gt_make_evaluated.put(event, 0, outcomes)
                _gt_make_evaluated.put(event, 1, last != 8)
                evaluated[key] = event
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
            out.append((<tuple>_gt_supports[d[i + 1]])[d[i + 2]])
            i += 3
        elif kind == 11:
            out.append((<tuple>(<tuple>_gt_placed[d[i + 1]])[d[i + 2]])[d[i + 3]])
            i += 4
        elif kind == 12:
            out.append((<tuple>_gt_revealed[d[i + 1]])[d[i + 2]])
            i += 3
        elif kind == 13:
            count = d[i + 1]
            event = _gt_make_lost.blank()
            _gt_make_lost.put(event, 0, _card_tuple(cards, d + i + 2, count))
            out.append(event)
            i += 2 + count
        elif kind == 16:
            out.append(_gt_spy[d[i + 1]])
            i += 2
        elif kind == 3:
            count = d[i + 1]
            reveals = tuple([(d[i + 2 + 2 * k], cards[d[i + 3 + 2 * k]]) for k in range(count)])
            i += 2 + 2 * count
            count = d[i]
            out.append(_gt_cancelled(reveals, _int_tuple(d + i + 1, count)))
            i += 1 + count
        elif kind == 5:
            out.append(_gt_reshuffled(d[i + 1], d[i + 2]))
            i += 3
        elif kind == 7:
            count = d[i + 2]
            out.append(_gt_eliminated(d[i + 1], _card_tuple(cards, d + i + 3, count)))
            i += 3 + count
        elif kind == 1:
            count = d[i + 2]
            out.append(_gt_proposal(d[i + 1], _int_tuple(d + i + 3, count)))
            i += 3 + count
        elif kind == 2:
            out.append(_gt_promoted(d[i + 1]))
            i += 2
        elif kind == 4:
            out.append(_gt_recruited(d[i + 1], d[i + 2], d[i + 3]))
            i += 4
        else:
            if kind != 17 or result is None:
                raise AssertionError(f"event code {kind} needs a result: {result!r}")
            out.append(_gt_over(result))
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
