"""What the players know (AW-8): a step's events as the face's objects, the RL encodings'
codes (:mod:`cardwars.envs.encoding`) and action masks; both seats know the same (AW-8.4).
"""

from __future__ import annotations

from array import array
from typing import Any

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars.aliwar.position import *  # noqa: F403
else:
    from .position import (
        DECLINE,
        EV_CONFLICT,
        EV_DECLINED,
        EV_DISCARDED,
        EV_EMPTIED,
        EV_FLIPPED,
        EV_KEPT,
        EV_RETURNED,
        EV_REVEALED,
        KEEP,
        KEEP_BASE,
        NUM_ACTIONS,
        OVER,
        RING,
        RING_MASK,
        SWITCH,
        Position,
    )

from cardwars.aliwar.bridge import AliwarFaces

if cython.compiled:
    from cython.cimports.cardwars._core import SlotBuilder, _block, _maybe_card_tuple
    from cython.cimports.cpython.buffer import Py_buffer, PyBuffer_Release
    from cython.cimports.cpython.object import PyObject
    from cython.cimports.cpython.ref import Py_INCREF
    from cython.cimports.cpython.tuple import (
        PyTuple_GET_ITEM,
        PyTuple_GET_SIZE,
        PyTuple_New,
        PyTuple_SET_ITEM,
    )
    from cython.cimports.libc.string import memcpy, memset
else:
    from cardwars.core_envs import _block
    from cardwars.core_values import SlotBuilder

__all__: list[str] = []


def labels(cards: tuple[Any, ...], ids: Any, start: int, count: int) -> tuple[Any, ...]:
    """``cards[ids[start]], ..., cards[ids[start + count - 1]]``, None for an id below 0:
    the face's labels of a run of card ids (compiled: one tuple, no list)."""
    if cython.compiled:
        return _maybe_card_tuple(cards, ids + start, count)
    return tuple([None if ids[k] < 0 else cards[ids[k]] for k in range(start, start + count)])


def seen_stacks(
    g: Position, cards: tuple[Any, ...], known: int, last: Any
) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """The stacks as a seat sees them (AW-8), as labels: the top when face up, a card once
    face up (``known``, a bit per card id) and None for the others. A pile that holds the
    very same items as ``last``'s (the last view) is that pile itself."""
    last_0 = None if last is None else last[0]
    last_1 = None if last is None else last[1]
    return (
        (
            _seen_pile(g, cards, 0, 0, known, None if last_0 is None else last_0[0]),
            _seen_pile(g, cards, 0, 1, known, None if last_0 is None else last_0[1]),
            _seen_pile(g, cards, 0, 2, known, None if last_0 is None else last_0[2]),
            _seen_pile(g, cards, 0, 3, known, None if last_0 is None else last_0[3]),
            _seen_pile(g, cards, 0, 4, known, None if last_0 is None else last_0[4]),
        ),
        (
            _seen_pile(g, cards, 1, 0, known, None if last_1 is None else last_1[0]),
            _seen_pile(g, cards, 1, 1, known, None if last_1 is None else last_1[1]),
            _seen_pile(g, cards, 1, 2, known, None if last_1 is None else last_1[2]),
            _seen_pile(g, cards, 1, 3, known, None if last_1 is None else last_1[3]),
            _seen_pile(g, cards, 1, 4, known, None if last_1 is None else last_1[4]),
        ),
    )


def _seen_pile(
    g: Position, cards: tuple[Any, ...], s: int, c: int, known: int, previous: Any
) -> tuple[Any, ...]:
    # Seat s's stack c as seen_stacks() gives it: ``previous`` itself when it holds the
    # very same items (about a third of the piles are unchanged from one step to the next).
    ids = cython.declare(cython.int[64])  # the pile's card ids, -1 for a hidden card
    up = g.phase == SWITCH or (g.phase == KEEP and g.returning[5 * s + c] != 0)
    at = RING * (5 * s + c)
    head = g.head[5 * s + c]
    size = g.size[5 * s + c]
    for i in range(size):
        card = g.ring[at + ((head + i) & RING_MASK)]
        ids[i] = card if (i == 0 and up) or (known >> card) & 1 else -1
    if cython.compiled:  # compare borrowed pointers: no reference counting per card
        item = cython.declare(cython.pointer(PyObject))
        none = cython.declare(cython.pointer(PyObject), cython.cast(cython.pointer(PyObject), None))
        if previous is not None and PyTuple_GET_SIZE(previous) == size:
            for i in range(size):
                item = none if ids[i] < 0 else PyTuple_GET_ITEM(cards, ids[i])
                if item != PyTuple_GET_ITEM(previous, i):
                    break
            else:
                return cython.cast(tuple, previous)
        out = PyTuple_New(size)
        for i in range(size):
            item = none if ids[i] < 0 else PyTuple_GET_ITEM(cards, ids[i])
            Py_INCREF(cython.cast(object, item))
            PyTuple_SET_ITEM(out, i, cython.cast(object, item))
        return out
    fresh = labels(cards, ids, 0, size)
    if previous is None or len(previous) != size:
        return fresh
    for i in range(size):
        if previous[i] is not fresh[i]:
            return fresh
    return cython.cast(tuple, previous)


# --- the codes (cardwars.envs.encoding lays them out and documents each field) ------------


def encode(g: Position, o: list[float], at: int, hide: bool, known: int) -> None:
    """The codes of ``g`` into ``o[at:at + 607]`` (zeroed by the caller): phase, to_act,
    rounds, no_progress, the stacks (52 slots each; 53 a card never seen when ``hide``),
    face_up, protection, won, discard, winners, termination."""
    shown = known if hide else 0xFFFFFFFFFFFFFFFF  # the cards written as themselves
    o[at + g.phase] = 1
    if g.phase == SWITCH:
        o[at + 3] = 1
        o[at + 4] = 1
    elif g.phase == KEEP:
        o[at + 3] = 1 if g.won_count[0] > 0 else 0
        o[at + 4] = 1 if g.won_count[1] > 0 else 0
    o[at + 5] = g.rounds
    o[at + 6] = g.no_progress
    for s in range(2):
        for c in range(5):
            up = g.phase == SWITCH or (g.phase == KEEP and g.returning[5 * s + c] != 0)
            size = g.size[5 * s + c]
            head = g.head[5 * s + c]
            base = at + 7 + 52 * (5 * s + c)
            for i in range(size):  # a card code, or 53 for a face-down card never seen
                card = g.ring[RING * (5 * s + c) + ((head + i) & RING_MASK)]
                o[base + i] = card + 1 if (shown >> card) & 1 else 53
            if up and size:  # a face-up top is seen by both
                o[base] = g.ring[RING * (5 * s + c) + head] + 1
            o[at + 527 + 5 * s + c] = 1 if up else 0
    o[at + 537] = g.protection[0] + 1
    o[at + 538] = g.protection[1] + 1
    for s in range(2):
        for i in range(g.won_count[s]):
            o[at + 539 + 5 * s + i] = g.won[5 * s + i] + 1
    for i in range(g.n_discard):
        o[at + 549 + i] = g.discard[i] + 1
    if g.phase == OVER:
        if g.winner >= 0:
            o[at + 601 + g.winner] = 1
        o[at + 603 + g.termination] = 1


def mask_row(g: Position, s: int, k: list[int], at: int) -> None:
    """Seat ``s``'s legal actions as 1s in ``k[at:at + 277]`` (zeroed by the caller; all 0
    for a seat not polled)."""
    if g.phase == SWITCH:
        for i in range(g.n_switches):
            k[at + i] = 1
    elif g.phase == KEEP and g.won_count[s] > 0:
        if g.empty_stack[s] >= 0:  # AW-7.2: the refill is forced
            for i in range(g.won_count[s]):
                k[at + KEEP_BASE + 5 * g.won[5 * s + i] + g.empty_stack[s]] = 1
        else:
            k[at + DECLINE] = 1
            for i in range(g.won_count[s]):
                base = KEEP_BASE + 5 * g.won[5 * s + i]
                for stack in range(5):
                    k[at + base + stack] = 1


# --- the machine's encodings into the caller's buffers -------------------------------------


@cython.locals(g=Position)
def polled(g: Position, s: int) -> bool:
    """Whether seat ``s`` is polled now."""
    return g.phase == SWITCH or (g.phase == KEEP and g.won_count[s] > 0)


@cython.locals(g=Position)
def encode_into(g: Position, out: Any, seat: int, hide: bool, known: int) -> None:
    """Seat ``seat``'s observation (609 floats: the seat, then the codes), or with seat -1
    the god's-eye state (607), into the float32 buffer ``out``."""
    size = 607 if seat < 0 else 609
    at = 0 if seat < 0 else 2
    if cython.compiled:
        view = cython.declare(cython.float[::1], out)
        if view.shape[0] < size:
            _too_short(seat, view.shape[0])
        o = cython.declare(cython.p_float, cython.address(view[0]))
        memset(o, 0, size * cython.sizeof(cython.float))
        if seat >= 0:
            o[seat] = 1
        encode(g, o, at, hide, known)
    else:
        if len(out) < size:
            _too_short(seat, len(out))
        codes = [0.0] * size
        if seat >= 0:
            codes[seat] = 1
        encode(g, codes, at, hide, known)
        out[:size] = array("f", codes)


def _too_short(seat: int, length: int) -> None:
    if seat < 0:
        raise ValueError(f"an Aliwar state needs 607 floats, got {length}")
    raise ValueError(f"an Aliwar observation needs 609 floats, got {length}")


@cython.locals(g=Position, s=cython.int, width=cython.int)
def encode_seats(g: Position, known: int, obs: Any, masks: Any, wait: bool) -> None:
    """Both seats' observations and action masks into the blocks ``obs`` (2 rows of 609
    float32) and ``masks`` (2 rows of 277 int8, 278 with ``wait``: the wait action, 1 in
    the row of a seat not polled)."""
    width = NUM_ACTIONS + 1 if wait else NUM_ACTIONS
    if cython.compiled:
        ob = cython.declare(Py_buffer)
        mb = cython.declare(Py_buffer)
        _block(obs, cython.address(ob), b"f", 2 * 609, "an Aliwar observation block")
        try:
            _block(masks, cython.address(mb), b"b", 2 * width, "an Aliwar mask block")
        except BaseException:
            PyBuffer_Release(cython.address(ob))
            raise
        o = cython.cast(cython.p_float, ob.buf)
        k = cython.cast(cython.p_schar, mb.buf)
        memset(o, 0, 609 * cython.sizeof(cython.float))
        encode(g, o, 2, True, known)
        memcpy(o + 609, o, 609 * cython.sizeof(cython.float))  # both know the same (AW-8.4)
        o[0] = 1
        o[610] = 1
        memset(k, 0, 2 * width)
        for s in range(2):
            mask_row(g, s, k, width * s)
            if wait and not polled(g, s):  # not polled (or over): the wait action alone
                k[width * s + NUM_ACTIONS] = 1
        PyBuffer_Release(cython.address(mb))
        PyBuffer_Release(cython.address(ob))
    else:
        rows = _block(obs, "f", 2 * 609, "an Aliwar observation block")
        marks = _block(masks, "b", 2 * width, "an Aliwar mask block")
        codes = [0.0] * 1218
        encode(g, codes, 2, True, known)
        codes[611:1218] = codes[2:609]  # both seats know the same (AW-8.4)
        codes[0] = codes[610] = 1
        flags = [0] * (2 * width)
        for s in range(2):
            mask_row(g, s, flags, width * s)
            if wait and not polled(g, s):  # not polled (or over): the wait action alone
                flags[width * s + NUM_ACTIONS] = 1
        rows[:1218] = array("f", codes)
        marks[: 2 * width] = bytes(flags)


# --- the events as the face's objects ----------------------------------------------------
#
# The face's bundle (an AliwarFaces, read by field name) is learnt once and kept while the
# face passes that same bundle: its builders, and its shared values.

_faces: Any = None
_conflict: Any = None
_discarded: Any = None
_returned: Any = None
_kept: Any = None
_flipped: Any = None
_over: Any = None
_view: Any = None
_card_pairs: tuple[Any, ...] = ()
_returned_pairs: tuple[Any, ...] = ()
_cards: tuple[Any, ...] = ()
_revealed: tuple[Any, ...] = ()
_emptied: tuple[Any, ...] = ()
_declined: tuple[Any, ...] = ()
_protected: tuple[Any, ...] = ()
_winners: tuple[Any, ...] = ()
_phases: tuple[Any, ...] = ()


def learn_faces(faces: AliwarFaces) -> None:
    """Read the face's bundle: its builders and shared values."""
    global _faces, _conflict, _discarded, _returned, _kept, _flipped, _over, _view
    global _card_pairs, _returned_pairs, _cards, _revealed, _emptied, _declined, _protected
    global _winners, _phases
    _faces = None  # until every field is read: a table that fails is never half learnt
    cards = faces.cards
    _conflict = SlotBuilder(faces.conflict, ("column", "cards", "protected", "winner"))
    _discarded = SlotBuilder(faces.discarded, ("cards",))
    _returned = SlotBuilder(faces.returned, ("seat", "returned"))
    _kept = SlotBuilder(faces.kept, ("seat", "card", "stack"))
    _flipped = SlotBuilder(faces.flipped, ("tops",))
    _over = SlotBuilder(faces.over, ("result",))
    _view = SlotBuilder(
        faces.observation,
        (
            "seat", "phase", "to_act", "rounds", "no_progress", "stacks", "face_up",
            "protection", "won", "discard", "result",
        ),
    )  # fmt: skip
    _card_pairs = tuple([(a, b) for a in cards for b in cards])
    _returned_pairs = tuple([(c, card) for c in range(5) for card in cards])
    _cards, _revealed, _emptied = tuple(cards), tuple(faces.revealed), tuple(faces.emptied)
    _declined, _protected = tuple(faces.declined), tuple(faces.protected)
    _winners, _phases = tuple(faces.winners), tuple(faces.phases)
    _faces = faces


# A face object from its field values (compiled: straight into its slots).
def _new1(make: Any, a: Any) -> Any:
    if cython.compiled:
        obj = make.blank()
        make.put(obj, 0, a)
        return obj
    return make(a)


def _new2(make: Any, a: Any, b: Any) -> Any:
    if cython.compiled:
        return make.make2(a, b)
    return make(a, b)


def _new3(make: Any, a: Any, b: Any, c: Any) -> Any:
    if cython.compiled:
        return make.make3(a, b, c)
    return make(a, b, c)


def _new4(make: Any, a: Any, b: Any, c: Any, d: Any) -> Any:
    if cython.compiled:
        obj = make.blank()
        make.put(obj, 0, a)
        make.put(obj, 1, b)
        make.put(obj, 2, c)
        make.put(obj, 3, d)
        return obj
    return make(a, b, c, d)


def observations(faces: AliwarFaces, phase: int, values: tuple[Any, ...]) -> tuple[Any, Any]:
    """Both seats' observations in phase ``phase``: ``values`` are the fields after the
    phase (they differ in the seat only, AW-8.4)."""
    if faces is not _faces:
        learn_faces(faces)
    if cython.compiled:
        return _observation(_view, 0, _phases[phase], values), _observation(
            _view, 1, _phases[phase], values
        )
    return _view(0, _phases[phase], *values), _view(1, _phases[phase], *values)


def _observation(make: Any, seat: int, phase: Any, values: tuple[Any, ...]) -> Any:
    # compiled: one observation built straight into its slots
    obj = make.blank()
    make.put(obj, 0, seat)
    make.put(obj, 1, phase)
    for i in range(9):
        make.put(obj, i + 2, values[i])
    return obj


def event_objects(g: Position, faces: AliwarFaces, result: Any) -> tuple[Any, ...]:
    """The last step's events (``g.ev``) as the face's objects."""
    if faces is not _faces:
        learn_faces(faces)
    cards = _cards
    out = []
    i = 0
    while i < g.n_ev:
        kind = g.ev[i]
        if kind == EV_CONFLICT:
            out.append(
                _new4(
                    _conflict,
                    g.ev[i + 1],
                    _card_pairs[52 * g.ev[i + 2] + g.ev[i + 3]],
                    _protected[2 * g.ev[i + 4] + g.ev[i + 5]],
                    _winners[2 if g.ev[i + 6] < 0 else g.ev[i + 6]],
                )
            )
            i += 7
        elif kind == EV_REVEALED:
            out.append(_revealed[g.ev[i + 1]][g.ev[i + 2]])
            i += 3
        elif kind == EV_EMPTIED:
            out.append(_emptied[g.ev[i + 1]][g.ev[i + 2]])
            i += 3
        elif kind == EV_DISCARDED:
            count = g.ev[i + 1]
            out.append(_new1(_discarded, labels(cards, g.ev, i + 2, count)))
            i += 2 + count
        elif kind == EV_RETURNED:
            count = g.ev[i + 2]
            pairs = [
                _returned_pairs[52 * g.ev[i + 3 + 2 * k] + g.ev[i + 4 + 2 * k]]
                for k in range(count)
            ]
            out.append(_new2(_returned, g.ev[i + 1], tuple(pairs)))
            i += 3 + 2 * count
        elif kind == EV_KEPT:
            out.append(_new3(_kept, g.ev[i + 1], cards[g.ev[i + 2]], g.ev[i + 3]))
            i += 4
        elif kind == EV_DECLINED:
            out.append(_declined[g.ev[i + 1]])
            i += 2
        elif kind == EV_FLIPPED:
            tops = (labels(cards, g.ev, i + 1, 5), labels(cards, g.ev, i + 6, 5))
            out.append(_new1(_flipped, tops))
            i += 11
        else:
            out.append(_new1(_over, result))
            i += 3
    return tuple(out)
