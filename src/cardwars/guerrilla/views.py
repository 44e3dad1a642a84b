"""What a Guerrilla machine hands out besides its protocol: a step's events as the face's
objects, the face's observation builder, and the RL encodings of a position.

A step writes its events as ints (``board.Event``: each event is its kind, then its
ints); :func:`make_events` turns them into the face's event objects, from the face's
bundle (:class:`~cardwars.guerrilla.bridge.GuerrillaFaces`): the shared events by their
ints, the others made with their classes. :func:`encode` writes a seat's observation or
the god's-eye state as :mod:`cardwars.envs.encoding` lays them out."""

from __future__ import annotations

from array import array
from typing import Any

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars._core import (
        SlotBuilder,
        _card_tuple,
        _flag_tuple,
        _int_tuple,
        _maybe_card_tuple,
        _same_cards,
    )
    from cython.cimports.cardwars.guerrilla.board import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.spoils import table_cards
    from cython.cimports.libc.stdlib import free, malloc
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
        BoardLists,
        EventLists,
        Events,
    )
    from .spoils import table_cards

from cardwars.guerrilla.bridge import GuerrillaFaces, GuerrillaViewFaces

__all__: list[str] = []  # the machine's methods are the public names

_POLLED: tuple[frozenset[int], ...] = tuple(
    frozenset(s for s in range(4) if mask >> s & 1) for mask in range(16)
)

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


def _flags(values: Any, n: int) -> tuple[bool, ...]:
    """``(values[0] != 0, ..., values[n - 1] != 0)``."""
    if cython.compiled:
        return _flag_tuple(values, n)
    return tuple([values[s] != 0 for s in range(n)])


# --- the face's events ---------------------------------------------------------------------


class EventMakers:
    """The builders of the face's frequent event objects and its shared values, read once
    from its bundle (by field name) and kept while the face passes that same bundle; the
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


def make_events(d: Any, n: int, faces: GuerrillaFaces, result: object) -> tuple[Any, ...]:
    """The event objects of a step's event ints ``d[0:n]`` (``GameOver(result)`` for the
    end of the game, which needs ``result``)."""
    global _events
    makers = _events
    if makers is None or faces is not makers.faces:
        _events = None  # until every field is read: a bundle that fails is never half learnt
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
    """The builder of the face's observation and its phases, read once from its view bundle
    (a :class:`~cardwars.guerrilla.bridge.GuerrillaViewFaces`), as :class:`EventMakers`."""

    faces: object
    observation: SlotBuilder
    phases: tuple[Any, ...]  # phases[phase]: the face's Phase

    def __init__(self, faces: GuerrillaViewFaces) -> None:
        self.observation = SlotBuilder(faces.observation, _OBSERVATION_FIELDS)
        self.phases = faces.phases
        self.faces = faces


_views: ViewMakers | None = None


def view_makers(faces: GuerrillaViewFaces) -> ViewMakers:
    """The builders of ``faces``, read once while the face passes that same bundle."""
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


# --- a machine's position and what it shows ----------------------------------------------


class BoardViews:
    """A machine's position (a :class:`~cardwars.guerrilla.board.Board`), the event ints
    of its last step and the labels of its cards, with every view of them the face reads:
    the protocol's properties, the readable zones, the observation and the RL encodings
    (``machine.GuerrillaMachine`` adds the steps)."""

    g: Board
    ev: Events
    st: Board  # &g: what the rule steps are handed
    evs: Events  # = ev, what the rule steps are handed
    _cards: tuple[Any, ...]  # the 52 labels the views are built from, by card id
    _public: tuple[Any, ...] | None  # this step's view(), what every observation shares
    _last_removed: tuple[Any, ...] | None  # the last view's removed pile, while unchanged

    def __cinit__(self) -> None:
        if cython.compiled:
            self.st = cython.address(self.g)
            # The 4 KiB event buffer is read only up to its count: outside the object, no
            # allocation zeroes it (the object's tp_alloc would, on every copy()).
            self.ev = cython.cast(cython.pointer(Events), malloc(cython.sizeof(Events)))
            if self.ev == cython.NULL:
                raise MemoryError()
            self.evs = self.ev
            self.ev.n = 0
        else:
            self.g = self.st = BoardLists()
            self.ev = self.evs = EventLists()
            self._cards = ()
            self._public = None
            self._last_removed = None

    def __dealloc__(self) -> None:
        if cython.compiled:
            free(self.ev)

    # --- the protocol's reads ------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return self.g.n

    @property
    def phase(self) -> int:
        """The phase (``board.Phase``)."""
        return self.g.phase

    @property
    def to_act(self) -> frozenset[int]:
        """The seats polled now."""
        return _POLLED[self.g.to_act]

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.g.phase == OVER

    @property
    def termination(self) -> int:
        """-1 while the game runs, else an index into ``guerrilla.TERMINATIONS``."""
        return self.g.termination

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (GT-14)."""
        return ints_at(self.g.result_winners, 0, self.g.result_winners_n)

    @property
    def placings(self) -> tuple[int, ...]:
        """Every seat's place once the game is over (1 the best), else ``()``."""
        if self.g.phase != OVER:
            return ()
        return ints_at(self.g.placings, 0, self.g.n)

    @property
    def skirmish(self) -> int:
        """The skirmish number, from 0."""
        return self.g.k

    @property
    def guerrilla_rank(self) -> int:
        """G, the Guerrilla rank now (GT-1.4)."""
        return self.g.g

    @property
    def cards_dealt(self) -> int:
        """Cards in the game."""
        return self.g.cards_dealt

    @property
    def rng_state(self) -> int:
        """The game RNG's state."""
        return self.g.rng

    # --- the events --------------------------------------------------------------------
    def event_objects(self, faces: GuerrillaFaces, result: object) -> tuple[Any, ...]:
        """The last step's events as the face's objects, from its bundle ``faces`` (a
        :class:`~cardwars.guerrilla.bridge.GuerrillaFaces`); the end of the game is
        ``faces.over(result)``."""
        return make_events(self.ev.data, self.ev.n, faces, result)

    def events(self) -> tuple[int, ...]:
        """The last step's event ints (``board.Event``: each its kind, then its ints)."""
        return ints_at(self.ev.data, 0, self.ev.n)

    # --- readable state ----------------------------------------------------------------
    def hands(self) -> tuple[tuple[Any, ...], ...]:
        """Every seat's hand, in arrival order, as labels."""
        g = self.st
        return tuple([cards_at(self._cards, g.hand[s], 0, g.hand_n[s]) for s in range(g.n)])

    def hand(self, seat: int) -> tuple[Any, ...]:
        """Seat ``seat``'s hand, as labels.

        Raises:
            ValueError: ``seat`` is not a seat."""
        s = cython.declare(cython.int, seat)
        if not 0 <= s < self.g.n:
            raise ValueError(f"a seat is a plain int 0..{self.g.n - 1}")
        return cards_at(self._cards, self.g.hand[s], 0, self.g.hand_n[s])

    def draw_piles(self) -> tuple[tuple[Any, ...], ...]:
        """Every seat's draw pile, top first, as labels."""
        g = self.st
        return tuple(
            [cards_at(self._cards, g.draw[s], g.draw_top[s], g.draw_n[s]) for s in range(g.n)]
        )

    def discard_piles(self) -> tuple[tuple[Any, ...], ...]:
        """Every seat's discard pile, in arrival order, as labels."""
        g = self.st
        return tuple([cards_at(self._cards, g.disc[s], 0, g.disc_n[s]) for s in range(g.n)])

    def removed(self) -> tuple[Any, ...]:
        """The cards out of the game, as labels."""
        return cards_at(self._cards, self.g.removed, 0, self.g.removed_n)

    def table(self) -> tuple[Any, ...]:
        """The cards on the table in table order (GT-12), then the forfeited cards."""
        card = cython.declare(cython.int[52])
        owner = cython.declare(cython.int[52])
        up = cython.declare(cython.int[52])
        m = table_cards(self.st, card, owner, up)
        return cards_at(self._cards, card, 0, m) + cards_at(
            self._cards, self.g.forfeited, 0, self.g.forfeited_n
        )

    def _rounds(self, public: bool) -> tuple[Any, ...]:
        cards = self._cards
        g = self.st
        out: list[tuple[Any, ...]] = []
        for r in range(g.rounds):
            end = g.round_start[r + 1] if r + 1 < g.rounds else g.tie_n
            placed = []
            for i in range(g.round_start[r], end):
                down = g.tie_down[i]  # -1: none
                shown = down >= 0 if public else (None if down < 0 else cards[down])
                placed.append((g.tie_seat[i], cards[g.tie_up[i]], shown))
            out.append(tuple(placed))
        return tuple(out)

    def tie_rounds(self) -> tuple[tuple[tuple[int, Any, Any], ...], ...]:
        """The skirmish's tie rounds: per round, (seat, face-up card, face-down card or None)."""
        return self._rounds(False)

    def flags(self) -> tuple[tuple[bool, ...], ...]:
        """In game, played a Guerrilla, support penalty, spy: a tuple of bools per seat each."""
        n = self.g.n
        return (
            _flags(self.g.in_game, n),
            _flags(self.g.played_g, n),
            _flags(self.g.penalty, n),
            _flags(self.g.spy, n),
        )

    def view(self) -> tuple[Any, ...]:
        """The public facts of this step, in the order of the observation's fields from
        ``guerrilla_rank`` to ``proposer``."""
        return self._view()

    def _view(self) -> tuple[Any, ...]:
        n = self.g.n
        cards = self._cards
        g = self.st
        removed = self._last_removed
        if cython.compiled:
            if removed is None or not _same_cards(removed, cards, g.removed, g.removed_n):
                removed = self._last_removed = cards_at(cards, g.removed, 0, g.removed_n)
            played = _maybe_card_tuple(cards, g.played, n)
            supports = _maybe_card_tuple(cards, g.support, n)
        else:
            removed = cards_at(cards, g.removed, 0, g.removed_n)
            played = tuple([None if g.played[s] < 0 else cards[g.played[s]] for s in range(n)])
            supports = tuple([None if g.support[s] < 0 else cards[g.support[s]] for s in range(n)])
        return (
            g.g,
            g.k,
            _flags(g.in_game, n),
            _flags(g.played_g, n),
            _flags(g.penalty, n),
            _flags(g.spy, n),
            ints_at(g.hand_n, 0, n),
            ints_at(g.draw_n, 0, n),
            ints_at(g.disc_n, 0, n),
            removed,
            played,
            supports,
            self._rounds(True) if g.rounds else (),
            None if g.proposer < 0 else g.proposer,
        )

    @cython.locals(i=cython.int)
    def observation(self, seat: int, faces: GuerrillaViewFaces, rules: object) -> Any:
        """What ``seat`` may know, as the face's object: ``faces.observation`` of the seat,
        ``faces.phases[phase]``, :attr:`to_act`, its :meth:`hand`, the public facts of
        :meth:`view` and ``rules``.

        Raises:
            ValueError: ``seat`` is not a plain int seat."""
        if type(seat) is not int or not 0 <= seat < self.g.n:
            raise ValueError(f"a seat is a plain int 0..{self.g.n - 1}")
        s = cython.declare(cython.int, seat)
        makers = cython.declare(ViewMakers, view_makers(faces))
        if self._public is None:
            self._public = self._view()
        public = cython.declare(tuple, self._public)
        hand = cards_at(self._cards, self.g.hand[s], 0, self.g.hand_n[s])
        if cython.compiled:
            make = cython.declare(SlotBuilder, makers.observation)
            obj = make.blank()
            make.put(obj, 0, seat)
            make.put(obj, 1, makers.phases[self.g.phase])
            make.put(obj, 2, _POLLED[self.g.to_act])
            make.put(obj, 3, hand)
            for i in range(14):
                make.put(obj, 4 + i, public[i])
            make.put(obj, 18, rules)
            return obj
        return makers.observation(
            seat, makers.phases[self.g.phase], _POLLED[self.g.to_act], hand, *public, rules
        )

    # --- the RL encodings (cardwars.envs.encoding lays them out) ------------------------
    def encode_observation(self, seat: int, out: Any) -> None:
        """Write seat ``seat``'s observation (``64 * players + 115`` floats) into ``out``.

        Raises:
            ValueError: ``seat`` is not a seat, or ``out`` is too short."""
        n = self.g.n
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"a seat is a plain int 0..{n - 1}")
        size = 64 * n + 115
        if cython.compiled:
            o = cython.declare(cython.float[::1], out)
            if o.shape[0] < size:
                raise ValueError(f"a Guerrilla observation needs {size} floats, got {o.shape[0]}")
            encode(self.st, cython.address(o[0]), 0, seat)
        else:
            if len(out) < size:
                raise ValueError(f"a Guerrilla observation needs {size} floats, got {len(out)}")
            codes = [0.0] * size
            encode(self.st, codes, 0, seat)
            out[:size] = array("f", codes)

    def encode_state(self, out: Any) -> None:
        """Write the god's-eye state (``243 * players + 66`` floats) into ``out``.

        Raises:
            ValueError: ``out`` is too short."""
        size = 243 * self.g.n + 66
        if cython.compiled:
            o = cython.declare(cython.float[::1], out)
            if o.shape[0] < size:
                raise ValueError(f"a Guerrilla state needs {size} floats, got {o.shape[0]}")
            encode(self.st, cython.address(o[0]), 0, -1)
        else:
            if len(out) < size:
                raise ValueError(f"a Guerrilla state needs {size} floats, got {len(out)}")
            codes = [0.0] * size
            encode(self.st, codes, 0, -1)
            out[:size] = array("f", codes)
