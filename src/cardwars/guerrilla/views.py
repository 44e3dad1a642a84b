"""What a Guerrilla machine hands out besides its protocol: a step's events as the face's
objects, the face's observation builder, and the RL encodings of a position.

A step writes its events as ints (``board.Event``: each event is its kind, then its
ints); :func:`event_objects` turns them into the face's event objects, from the face's
table (:class:`~cardwars.guerrilla.tables.GuerrillaFaces`): the shared events by their
ints, the others made with their classes. :func:`encode` writes a seat's observation or
the god's-eye state as :mod:`cardwars.envs.encoding` lays them out.
"""

from __future__ import annotations

from typing import Any

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars._core import SlotBuilder, _card_tuple, _int_tuple
    from cython.cimports.cardwars.guerrilla.board import (
        CARD_PLAYED,
        CARDS_DRAWN,
        DISCARD_RESHUFFLED,
        FACE_DOWN_REVEALED,
        FORCES_LOST,
        GAME_OVER,
        OVER,
        PLAYER_ELIMINATED,
        PROMOTED,
        PROMOTION_CANCELLED,
        PROMOTION_PROPOSED,
        RECRUITED,
        SKIRMISH_EVALUATED,
        SKIRMISH_STARTED,
        SKIRMISH_WON,
        SPOILS_TAKEN,
        SPY_FLAG_SET,
        SUPPORT_ADDED,
        TIE_CARDS_PLACED,
        Board,
    )
    from cython.cimports.libc.string import memset
else:
    from cardwars.core_values import SlotBuilder

    from .board import (
        CARD_PLAYED,
        CARDS_DRAWN,
        DISCARD_RESHUFFLED,
        FACE_DOWN_REVEALED,
        FORCES_LOST,
        GAME_OVER,
        OVER,
        PLAYER_ELIMINATED,
        PROMOTED,
        PROMOTION_CANCELLED,
        PROMOTION_PROPOSED,
        RECRUITED,
        SKIRMISH_EVALUATED,
        SKIRMISH_STARTED,
        SKIRMISH_WON,
        SPOILS_TAKEN,
        SPY_FLAG_SET,
        SUPPORT_ADDED,
        TIE_CARDS_PLACED,
        Board,
    )

from cardwars.guerrilla.tables import GuerrillaFaces, GuerrillaViewFaces

__all__: list[str] = []  # the machine's methods are the public names

_OBSERVATION_FIELDS = (
    "seat", "phase", "to_act", "hand", "guerrilla_rank", "skirmish", "in_game",
    "played_guerrilla", "support_penalty", "spy_first", "hand_sizes", "draw_sizes",
    "discard_sizes", "removed", "played", "supports", "tie_rounds", "proposer", "rules",
)  # fmt: skip


def ints_at(values: Any, start: int, count: int) -> tuple[int, ...]:
    """``values[start : start + count]`` as a tuple."""
    if cython.compiled:
        return _int_tuple(values + start, count)
    return tuple([values[start + i] for i in range(count)])


def cards_at(cards: tuple[Any, ...], ids: Any, start: int, count: int) -> tuple[Any, ...]:
    """The labels of the card ids ``ids[start : start + count]``."""
    if cython.compiled:
        return _card_tuple(cards, ids + start, count)
    return tuple([cards[ids[start + i]] for i in range(count)])


# --- the face's events ---------------------------------------------------------------------


class EventMakers:
    """The builders of the face's frequent event objects and its shared values, read once
    from its table (by field name) and kept while the face passes that same table; the
    rare events are built by calling their class."""

    faces: object
    evaluated: SlotBuilder
    spoils: SlotBuilder
    won: SlotBuilder
    started: SlotBuilder
    lost: SlotBuilder
    cards: tuple[Any, ...]
    played: tuple[Any, ...]  # played[seat][card][first]
    drawn: tuple[Any, ...]  # drawn[seat][count]
    supports: tuple[Any, ...]  # supports[seat][card]
    placed: tuple[Any, ...]  # placed[seat][up][face_down]
    revealed: tuple[Any, ...]  # revealed[seat][card]
    spy: tuple[Any, ...]  # spy[seat]
    evaluations: dict[tuple[tuple[int, ...], bool], Any]
    reshuffled: Any
    eliminated: Any
    proposal: Any
    promoted: Any
    cancelled: Any
    recruited: Any
    over: Any

    def __init__(self, faces: GuerrillaFaces) -> None:
        self.evaluated = SlotBuilder(faces.evaluated, ("outcomes", "reevaluated"))
        self.spoils = SlotBuilder(faces.spoils, ("seat", "cards"))
        self.won = SlotBuilder(faces.won, ("index", "winners"))
        self.started = SlotBuilder(faces.started, ("index", "lead_seat"))
        self.lost = SlotBuilder(faces.lost, ("cards",))
        self.cards = faces.cards
        self.played = faces.played
        self.drawn = faces.drawn
        self.evaluations = faces.evaluations
        self.supports = faces.supports
        self.placed = faces.placed
        self.revealed = faces.revealed
        self.spy = faces.spy
        self.reshuffled = faces.reshuffled
        self.eliminated = faces.eliminated
        self.proposal = faces.proposal
        self.promoted = faces.promoted
        self.cancelled = faces.cancelled
        self.recruited = faces.recruited
        self.over = faces.over
        self.faces = faces


_events: EventMakers | None = None


def _make1(builder: SlotBuilder, a: object) -> object:
    if cython.compiled:
        obj = builder.blank()
        builder.put(obj, 0, a)
        return obj
    return builder(a)


def _make2(builder: SlotBuilder, a: object, b: object) -> object:
    if cython.compiled:
        return builder.make2(a, b)
    return builder(a, b)


def event_objects(d: Any, n: int, faces: GuerrillaFaces, result: object) -> tuple[Any, ...]:
    """The event objects of a step's event ints ``d[0:n]`` (``GameOver(result)`` for the
    end of the game, which needs ``result``)."""
    global _events
    makers = _events
    if makers is None or faces is not makers.faces:
        _events = None  # until every field is read: a table that fails is never half learnt
        makers = _events = EventMakers(faces)
    cards = makers.cards
    evaluated = makers.evaluations
    out = []
    i = 0
    kind = -1
    while i < n:
        last = kind
        kind = d[i]
        if kind == CARD_PLAYED:
            out.append(makers.played[d[i + 1]][d[i + 2]][d[i + 3]])
            i += 4
        elif kind == CARDS_DRAWN:
            out.append(makers.drawn[d[i + 1]][d[i + 2]])
            i += 3
        elif kind == SKIRMISH_EVALUATED:
            count = d[i + 1]
            # GT-7's evaluation follows the cards played at once; any other is a
            # re-evaluation (GT-9, or GT-8 with the support cascade).
            outcomes = ints_at(d, i + 2, count)
            key = (outcomes, last != CARD_PLAYED)
            event = evaluated.get(key)
            if event is None:
                event = _make2(makers.evaluated, outcomes, last != CARD_PLAYED)
                evaluated[key] = event
            out.append(event)
            i += 2 + count
        elif kind == SPOILS_TAKEN:
            count = d[i + 2]
            out.append(_make2(makers.spoils, d[i + 1], cards_at(cards, d, i + 3, count)))
            i += 3 + count
        elif kind == SKIRMISH_WON:
            count = d[i + 2]
            out.append(_make2(makers.won, d[i + 1], ints_at(d, i + 3, count)))
            i += 3 + count
        elif kind == SKIRMISH_STARTED:
            out.append(_make2(makers.started, d[i + 1], d[i + 2]))
            i += 3
        elif kind == SUPPORT_ADDED:
            out.append(makers.supports[d[i + 1]][d[i + 2]])
            i += 3
        elif kind == TIE_CARDS_PLACED:
            out.append(makers.placed[d[i + 1]][d[i + 2]][d[i + 3]])
            i += 4
        elif kind == FACE_DOWN_REVEALED:
            out.append(makers.revealed[d[i + 1]][d[i + 2]])
            i += 3
        elif kind == FORCES_LOST:
            count = d[i + 1]
            out.append(_make1(makers.lost, cards_at(cards, d, i + 2, count)))
            i += 2 + count
        elif kind == SPY_FLAG_SET:
            out.append(makers.spy[d[i + 1]])
            i += 2
        elif kind == PROMOTION_CANCELLED:
            count = d[i + 1]
            reveals = tuple([(d[i + 2 + 2 * k], cards[d[i + 3 + 2 * k]]) for k in range(count)])
            i += 2 + 2 * count
            count = d[i]
            out.append(makers.cancelled(reveals, ints_at(d, i + 1, count)))
            i += 1 + count
        elif kind == DISCARD_RESHUFFLED:
            out.append(makers.reshuffled(d[i + 1], d[i + 2]))
            i += 3
        elif kind == PLAYER_ELIMINATED:
            count = d[i + 2]
            out.append(makers.eliminated(d[i + 1], cards_at(cards, d, i + 3, count)))
            i += 3 + count
        elif kind == PROMOTION_PROPOSED:
            count = d[i + 2]
            out.append(makers.proposal(d[i + 1], ints_at(d, i + 3, count)))
            i += 3 + count
        elif kind == PROMOTED:
            out.append(makers.promoted(d[i + 1]))
            i += 2
        elif kind == RECRUITED:
            out.append(makers.recruited(d[i + 1], d[i + 2], d[i + 3]))
            i += 4
        else:
            if kind != GAME_OVER or result is None:
                raise AssertionError(f"event code {kind} needs a result: {result!r}")
            out.append(makers.over(result))
            i += 2
    return tuple(out)


# --- the face's observations --------------------------------------------------------------


class ViewMakers:
    """The builder of the face's observation and its phases, read once from its view table
    (a :class:`~cardwars.guerrilla.tables.GuerrillaViewFaces`), as :class:`EventMakers`."""

    faces: object
    observation: SlotBuilder
    phases: tuple[Any, ...]  # phases[phase]: the face's Phase

    def __init__(self, faces: GuerrillaViewFaces) -> None:
        self.observation = SlotBuilder(faces.observation, _OBSERVATION_FIELDS)
        self.phases = faces.phases
        self.faces = faces


_views: ViewMakers | None = None


def view_makers(faces: GuerrillaViewFaces) -> ViewMakers:
    """The builders of ``faces``, read once while the face passes that same table."""
    global _views
    makers = _views
    if makers is None or faces is not makers.faces:
        _views = None
        makers = _views = ViewMakers(faces)
    return makers


# --- the RL encodings ----------------------------------------------------------------------


def encode(g: Board, o: Any, base: int, seat: int) -> None:
    """The layouts of :mod:`cardwars.envs.encoding` from ``o[base]`` on: seat ``seat``'s
    observation (``64 * n + 115`` floats), or with ``seat`` -1 the god's-eye state
    (``243 * n + 66``); every element written."""
    n = g.n
    width = 2 if seat >= 0 else 3
    size = 64 * n + 115 if seat >= 0 else 243 * n + 66
    if cython.compiled:
        memset(o + base, 0, size * cython.sizeof(cython.float))
    else:
        for i in range(size):
            o[base + i] = 0.0
    p = base
    if seat >= 0:
        o[p + seat] = 1
        p += n
    o[p + g.phase] = 1
    p += 8
    for s in range(n):
        o[p + s] = (g.to_act >> s) & 1
    p += n
    for s in range(n):
        if seat < 0 or s == seat:
            for i in range(g.hand_n[s]):
                o[p + i] = g.hand[s][i] + 1
            p += 52
    o[p] = g.g
    o[p + 1] = g.k
    p += 2
    for s in range(n):
        o[p + s] = g.in_game[s] != 0
        o[p + n + s] = g.played_g[s] != 0
        o[p + 2 * n + s] = g.penalty[s] != 0
        o[p + 3 * n + s] = g.spy[s] != 0
    p += 4 * n
    if seat >= 0:
        for s in range(n):
            o[p + s] = g.hand_n[s]
            o[p + n + s] = g.draw_n[s]
            o[p + 2 * n + s] = g.disc_n[s]
        p += 3 * n
    else:
        for s in range(n):
            for i in range(g.draw_n[s]):
                o[p + i] = g.draw[s][g.draw_top[s] + i] + 1
            p += 52
        for s in range(n):
            for i in range(g.disc_n[s]):
                o[p + i] = g.disc[s][i] + 1
            p += 52
    for i in range(g.removed_n):
        o[p + i] = g.removed[i] + 1
    p += 52
    for s in range(n):
        if g.played[s] >= 0:
            o[p + s] = g.played[s] + 1
        if g.support[s] >= 0:
            o[p + n + s] = g.support[s] + 1
    p += 2 * n
    for r in range(g.rounds if g.rounds < 26 else 26):
        end = g.round_start[r + 1] if r + 1 < g.rounds else g.tie_n
        for i in range(g.round_start[r], end):
            at = p + (r * n + g.tie_seat[i]) * width
            o[at] = g.tie_up[i] + 1
            if seat >= 0:
                o[at + 1] = g.tie_down[i] >= 0
            elif g.tie_down[i] >= 0:
                o[at + 1] = g.tie_down[i] + 1
                o[at + 2] = 1
    p += 26 * n * width
    o[p + (n if g.proposer < 0 else g.proposer)] = 1
    p += n + 1
    if seat < 0 and g.phase == OVER:
        for i in range(g.result_winners_n):
            o[p + g.result_winners[i]] = 1
        o[p + n + g.termination] = 1
