"""The Guerrilla state machine: a position on ints (``board.Board``), stepped a poll at a time.

The public :class:`cardwars.guerrilla.State` is a thin face over a :class:`GuerrillaMachine`; the
rules live in the rule modules beside this one (``board``'s docstring maps them to GT-2 … GT-14).
What the machine adds makes them the steps of a state: the check of a step's actions (each polled
seat one legal action, nothing run between the check and the commit), the actions of every step so
far, the last step's events, the views and the refusal of overlapping calls
(:mod:`cardwars.exclusive`).

Cards are ids ``suit*13 + rank-2``, shown as ``cards``, the 52 labels the machine is given. Actions
are ``cardwars.guerrilla.ACTIONS``' (a base plus a card id: ``board``'s ``PLAY_BASE`` ...), phases
``board.Phase``, options ``Rules.machine_options()`` by slot ``board.Option``. A step's events are
ints (:meth:`GuerrillaMachine.events`): each its kind (``board.Event``, which lists every kind's
ints), then its ints; the face gets event objects only when it asks (``views.make_events``).

>>> labels = tuple(range(52))  # the face passes Card objects; any labels do
>>> machine = guerrilla_deal(labels, 2, 42)
>>> machine.phase, sorted(machine.to_act), machine.legal_actions(0)
(3, [0, 1], (58, 65))
>>> machine.events()
(0, 0, 0, 6, 0, 2, 6, 1, 2)
>>> machine.apply_actions({0: 65, 1: 76}), machine.events()[:4]
(True, (8, 0, 9, 0))
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars._core import (
        MoveKeys,
        _block,
        _check_u64,
        _exact_int_or,
        moves_of_actions,
    )
    from cython.cimports.cardwars.guerrilla.board import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.draw import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.greedy import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.promotion import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.restore import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.turns import legal as legal_of
    from cython.cimports.cardwars.guerrilla.turns import step
    from cython.cimports.cardwars.guerrilla.views import *  # noqa: F403
    from cython.cimports.cpython.buffer import PyBuffer_Release
    from cython.cimports.libc.stdint import uint64_t
    from cython.cimports.libc.stdlib import free, realloc
    from cython.cimports.libc.string import memcpy, memset
else:
    uint64_t = cython.ulonglong  # the RNG states (C: libc uint64_t)
    from cardwars.core_envs import _block
    from cardwars.core_rng import _check_u64
    from cardwars.core_values import MoveKeys, _exact_int_or, moves_of_actions

    from .board import (
        NACT,
        NOPT,
        O_MAX_SKIRMISHES,
        O_TWO_SUIT,
        OVER,
        SKIRMISH_STARTED,
        below,
        emit,
        init_board,
        set_guerrilla_rank,
    )
    from .draw import begin_play, draw_step
    from .greedy import greedy
    from .promotion import deal, start_skirmish
    from .restore import check_int, options_of
    from .turns import legal as legal_of
    from .turns import step
    from .views import BoardViews, encode, ints_at

from cardwars import exclusive
from cardwars.exclusive import busy_error
from cardwars.guerrilla.board import OPTIONS
from cardwars.guerrilla.bridge import GuerrillaKey

from .restore import check_restored

__all__ = ["GuerrillaMachine", "guerrilla_deal"]

# key() is a GuerrillaKey made in field order (keywords cost microseconds): its fields checked here.
if GuerrillaKey._fields != (
    "players", "options", "hands", "draw", "discard", "removed", "stage", "counters",
    "in_game", "played_g", "penalty", "spy", "played", "supports", "outcomes",
    "eliminated_at", "eliminated_hand", "tie_rounds", "first_tied", "tied", "drawn",
    "forfeited", "winners", "picks", "result_winners", "placings", "rng_state", "history",
    "events",
):  # fmt: skip
    raise ImportError("GuerrillaKey's fields are not those GuerrillaMachine.key() writes")

_ABSENT = object()  # apply_keyed: a seat with no entry


def _fill(out: Any, values: Sequence[int]) -> int:
    """``out[:len(values)] = values``; their number."""
    i = 0
    for value in values:
        out[i] = value
        i += 1
    return i


class GuerrillaMachine(BoardViews):
    """A Guerrilla position on ints, one poll a step (a hand-built position; a dealt one
    comes from ``guerrilla_deal``).

    Args:
        cards: 52 labels, by card id, that the readable views are made of.
        hands, draw_piles, discard_piles: each seat's card ids (draw piles top first).
        removed: the card ids out of the game.
        guerrilla_rank: G, 2..6.
        played_guerrilla, support_penalty, spy_first, in_game: each seat's flags, 0 or 1.
        skirmish: the skirmish number (0 to ``max_skirmishes - 1``).
        rng_state: the game RNG's state.
        start: where the position begins (``guerrilla.position.STARTS``): 0 the skirmish's
            start, 1 its draw (GT-5), 2 its play (GT-6; every seat in the game holds a card).
        options: the options as ints (``guerrilla.Rules.machine_options()``).

    Raises:
        ValueError: a card that is not an id 0..51, the same card twice, an entry per
            seat missing, a value out of range, fewer than 2 seats in the game.
        TypeError: an unknown option."""

    _hist: Any
    _steps: int
    _capacity: int
    _legal_0: tuple[int, ...] | None
    _legal_1: tuple[int, ...] | None
    _legal_2: tuple[int, ...] | None
    _legal_3: tuple[int, ...] | None
    _moves: list[Any] | None
    _moves_of: object
    _busy: bool

    def __cinit__(self) -> None:
        if cython.compiled:  # BoardViews.__cinit__ has run
            self._hist = cython.NULL
        else:
            BoardViews.__cinit__(self)
            self._hist = []
            self._legal_0 = self._legal_1 = self._legal_2 = self._legal_3 = None
            self._moves = None
            self._moves_of = None
            self._busy = False
        self._steps = 0
        self._capacity = 0

    def __dealloc__(self) -> None:
        if cython.compiled:
            free(self._hist)

    def __init__(
        self,
        cards: Sequence[Any],
        hands: Sequence[Sequence[int]],
        draw_piles: Sequence[Sequence[int]],
        discard_piles: Sequence[Sequence[int]],
        removed: Sequence[int],
        guerrilla_rank: int,
        played_guerrilla: Sequence[int],
        support_penalty: Sequence[int],
        spy_first: Sequence[int],
        in_game: Sequence[int],
        skirmish: int,
        rng_state: int,
        start: int,
        **options: int,
    ) -> None:
        if not cython.compiled:
            self.__cinit__()
        n = len(hands)
        self._setup(cards, n, rng_state, options)
        seat_flags = (
            ("played_guerrilla", played_guerrilla),
            ("support_penalty", support_penalty),
            ("spy_first", spy_first),
            ("in_game", in_game),
        )
        for what, piles in (
            ("draw_piles", draw_piles),
            ("discard_piles", discard_piles),
            *seat_flags,
        ):
            if len(piles) != n:
                raise ValueError(f"{what} needs one entry per seat ({n}), got {len(piles)}")
        hand_ids = [[check_int(c, 0, 51, "a card") for c in pile] for pile in hands]
        draws = [[check_int(c, 0, 51, "a card") for c in pile] for pile in draw_piles]
        discards = [[check_int(c, 0, 51, "a card") for c in pile] for pile in discard_piles]
        gone = [check_int(c, 0, 51, "a card") for c in removed]
        every = [c for zone in (hand_ids, draws, discards) for p in zone for c in p] + gone
        if len(set(every)) != len(every):
            raise ValueError("a card appears more than once in the position")
        rank = check_int(guerrilla_rank, 2, 6, "guerrilla_rank")
        flags = [[check_int(v, 0, 1, what) for v in values] for what, values in seat_flags]
        k = check_int(skirmish, 0, self.g.opt[O_MAX_SKIRMISHES] - 1, "skirmish")
        for s in range(n):
            if not flags[3][s] and (hand_ids[s] or draws[s] or discards[s]):
                raise ValueError(f"seat {s} is out of the game but holds cards")
        if sum(flags[3]) < 2:
            raise ValueError("a position needs at least 2 players still in the game")
        check_int(start, 0, 2, "start")
        if start == 2 and any(flags[3][s] and not hand_ids[s] for s in range(n)):
            raise ValueError("every seat in the game needs a card in hand at start=2 (Play)")
        g = self.st
        for s in range(n):
            g.hand_n[s] = _fill(g.hand[s], hand_ids[s])
            g.draw_n[s] = _fill(g.draw[s], draws[s])
            g.disc_n[s] = _fill(g.disc[s], discards[s])
            g.played_g[s] = flags[0][s]
            g.penalty[s] = flags[1][s]
            g.spy[s] = flags[2][s]
            g.in_game[s] = flags[3][s]
            if not flags[3][s]:
                g.eliminated_at[s] = 0
        g.removed_n = _fill(g.removed, gone)
        g.cards_dealt = len(every)
        set_guerrilla_rank(g, rank)
        g.k = k
        if start == 0:
            start_skirmish(g, self.evs)
        else:
            emit(self.evs, SKIRMISH_STARTED)
            emit(self.evs, k)
            emit(self.evs, k % n)
            if start == 1:
                draw_step(g, self.evs)
            else:
                begin_play(g, self.evs)

    def _setup(self, cards: Sequence[Any], n: int, rng_state: object, options: Any) -> int:
        """Check the labels, the seats and the options; an empty position with them."""
        opt = cython.declare(cython.int[NOPT])
        labels = tuple(cards)
        if len(labels) != 52:
            raise ValueError(f"cards must be 52 labels, one per card id, got {len(labels)}")
        if not 2 <= n <= 4:
            raise ValueError(f"a game has 2 to 4 seats, got {n}")
        self._cards = labels
        values = options_of(options)
        for i in range(NOPT):
            opt[i] = values[i]
        init_board(self.st, n, opt, _check_u64(rng_state, "rng_state"))
        return 0

    # --- the protocol ------------------------------------------------------------------
    @property
    def steps(self) -> int:
        """Steps applied so far."""
        return self._steps

    def legal_actions(self, seat: int) -> tuple[int, ...]:
        """Seat ``seat``'s legal actions in canonical order (``()`` when not polled).

        Raises:
            ValueError: ``seat`` is not a plain int seat."""
        if type(seat) is not int or not 0 <= seat < self.g.n:
            raise ValueError(f"a seat is a plain int 0..{self.g.n - 1}")
        return self._legal(seat)

    def _legal(self, s: int) -> tuple[int, ...]:
        if s == 0:
            if self._legal_0 is None:
                self._legal_0 = self._build_legal(0)
            return self._legal_0
        if s == 1:
            if self._legal_1 is None:
                self._legal_1 = self._build_legal(1)
            return self._legal_1
        if s == 2:
            if self._legal_2 is None:
                self._legal_2 = self._build_legal(2)
            return self._legal_2
        if self._legal_3 is None:
            self._legal_3 = self._build_legal(3)
        return self._legal_3

    def legal_moves(self, seat: int, own: tuple[Any, ...]) -> tuple[Any, ...]:
        """The entries of ``own`` (the face's move objects, by action) for seat ``seat``'s
        :meth:`legal_actions`, kept for the step while the face passes the same ``own``.

        Raises:
            ValueError: ``seat`` is not a plain int seat, or ``own`` lacks an action."""
        if type(seat) is not int or not 0 <= seat < self.g.n:
            raise ValueError(f"a seat is a plain int 0..{self.g.n - 1}")
        s = cython.declare(cython.int, seat)
        if self._moves is None or own is not self._moves_of:  # one table's moves at a time
            self._moves = [None, None, None, None]
            self._moves_of = own
        moves = cython.cast(list, self._moves)
        cached = moves[s]
        if cached is None:
            cached = moves[s] = moves_of_actions(own, self._legal(s))
        return cached  # type: ignore[no-any-return]

    def _build_legal(self, s: int) -> tuple[int, ...]:
        buf = cython.declare(cython.int[NACT])
        m = legal_of(self.st, s, buf)
        return ints_at(buf, 0, m)

    # Every step sets _busy from its first read of a caller's value to its commit, so a
    # callback of that value (__eq__, __hash__) or another thread cannot step in between.
    def _enter(self) -> int:
        if self._busy:
            raise busy_error()
        self._busy = True
        return 0

    def claim(self) -> None:
        """Hold the machine as a step does while its state reads a caller's value or undoes:
        a step meanwhile (from that value's callbacks, or another thread) is refused."""
        self._enter()

    def release(self) -> None:
        """Let go of :meth:`claim`."""
        self._busy = False

    def apply_actions(self, actions: object) -> bool:
        """Play one step if ``actions`` is a plain ``dict`` giving exactly every polled seat
        (plain int) one of its legal actions (plain int); else change nothing. Returns
        whether the step was played."""
        self._enter()
        try:
            return self._apply(actions) == 1
        finally:
            self._busy = False

    def apply_moves(self, moves: object, keys: object) -> bool:
        """:meth:`apply_actions` from move objects, each move's action found by ``keys``
        (the face's action space's ``cardwars.core_values.MoveKeys``: its own
        objects by identity, equal values by their fields; anything else: False)."""
        given = cython.declare(cython.int[4])
        self._enter()
        try:
            if type(keys) is not MoveKeys:
                return False
            if cython.compiled:
                if cython.cast(MoveKeys, keys).fill(moves, given, self.g.n) < 0:
                    return False
                return self._check_commit(given, True) == 1
            actions = keys.actions_of(moves)
            return actions is not None and self._apply(actions) == 1
        finally:
            self._busy = False

    def _apply(self, actions: object) -> int:
        given = cython.declare(cython.int[4])
        given[0] = given[1] = given[2] = given[3] = -1
        if type(actions) is not dict:
            return 0
        for key, value in cython.cast(dict, actions).items():
            if type(key) is not int or type(value) is not int:
                return 0
            s = cython.declare(cython.longlong, _exact_int_or(key, -1))
            a = cython.declare(cython.longlong, _exact_int_or(value, -1))
            if not (0 <= s < self.g.n and 0 <= a < NACT):
                return 0
            given[s] = a
        return self._check_commit(given, True)

    def _check_commit(self, given: Any, strict: bool) -> int:
        """The one check of a step, however its actions came (ints, move objects, keyed):
        every polled seat has a legal action; ``strict``, no other seat has one. Then the
        commit, with no Python code in between. 1 if performed, else 0 (nothing changed)."""
        chosen = cython.declare(cython.int[4])
        mask = self.g.to_act
        if self.g.phase == OVER:
            return 0
        chosen[0] = chosen[1] = chosen[2] = chosen[3] = -1
        for s in range(self.g.n):
            action = given[s]
            if not (mask >> s) & 1:
                if strict and action != -1:  # -1: no action (-2: one that is no action)
                    return 0
                continue
            if not 0 <= action < NACT or not self._is_legal(s, action):
                return 0
            chosen[s] = action
        self._commit(chosen)
        return 1

    def _is_legal(self, s: int, action: int) -> bool:
        """``action`` among seat ``s``'s legal actions: the step's cached tuple, else computed."""
        legal = cython.declare(cython.int[NACT])
        if s == 0:
            cached = self._legal_0
        elif s == 1:
            cached = self._legal_1
        elif s == 2:
            cached = self._legal_2
        else:
            cached = self._legal_3
        if cached is not None:
            for item in cython.cast(tuple, cached):
                if cython.cast(cython.int, item) == action:
                    return True
            return False
        m = legal_of(self.st, s, legal)
        for i in range(m):  # noqa: SIM110 (a loop in C: no generator)
            if legal[i] == action:
                return True
        return False

    def _commit(self, chosen: Any) -> int:
        """A checked step, whichever method took it: record, play, drop the step's caches."""
        self._record(chosen)
        self.ev.n = 0
        step(self.st, chosen, self.evs)
        self._legal_0 = self._legal_1 = self._legal_2 = self._legal_3 = None
        self._moves = None
        self._public = None
        return 0

    def _record(self, chosen: Any) -> int:
        if cython.compiled:
            if self._steps == self._capacity:
                capacity = 64 if self._capacity == 0 else 2 * self._capacity
                grown = cython.cast(
                    cython.p_short, realloc(self._hist, 4 * capacity * cython.sizeof(cython.short))
                )
                if grown == cython.NULL:
                    raise MemoryError()
                self._hist = grown
                self._capacity = capacity
            for s in range(4):
                self._hist[4 * self._steps + s] = cython.cast(cython.short, chosen[s])
        else:
            self._hist.extend([chosen[0], chosen[1], chosen[2], chosen[3]])
        self._steps += 1
        return 0

    # --- built-in policies for search (cardwars.ismcts) -------------------------------
    def greedy_action(self, seat: int) -> int:
        """The greedy agent's action for ``seat`` (``greedy.greedy``), or -1 when not polled.

        Raises:
            ValueError: ``seat`` is not a plain int seat."""
        legal = cython.declare(cython.int[NACT])
        if type(seat) is not int or not 0 <= seat < self.g.n:
            raise ValueError(f"a seat is a plain int 0..{self.g.n - 1}")
        s = cython.declare(cython.int, seat)
        if self.g.phase == OVER or not (self.g.to_act >> s) & 1:
            return -1
        m = cython.declare(cython.int, legal_of(self.st, s, legal))
        return legal[greedy(self.st, s, legal, m)]

    def rollout(
        self, agents: tuple[int, ...], rng_state: int, explore: int = 0, max_steps: int = -1
    ) -> int:
        """Play on with built-in agents (codes per seat: 0 random, 1 greedy; a greedy seat
        plays at random with probability ``explore``/1000), at most ``max_steps`` steps
        (-1: to the end), drawing from the RNG state ``rng_state``; return its state after.

        Raises:
            ValueError: an agent code, ``rng_state``, ``explore`` or ``max_steps`` out of range."""
        self._enter()
        try:
            return self._rollout(agents, rng_state, explore, max_steps)
        finally:
            self._busy = False

    def _rollout(
        self, agents: object, rng_state: object, explore: object, max_steps: object
    ) -> int:
        codes = cython.declare(cython.int[4])
        chosen = cython.declare(cython.int[4])
        legal = cython.declare(cython.int[NACT])
        rngs = cython.declare(uint64_t[1])
        n = self.g.n
        done = 0
        if type(rng_state) is not int:
            raise ValueError("rng_state must be an int in [0, 2**64)")
        rngs[0] = _check_u64(rng_state, "rng_state")
        if type(agents) is not tuple or len(cython.cast(tuple, agents)) != n:
            raise ValueError(f"agents needs a tuple of one code per seat ({n})")
        for s in range(n):
            code = cython.cast(tuple, agents)[s]
            if type(code) is not int or code not in (0, 1):
                raise ValueError("agent codes are 0 (random) and 1 (greedy)")
            codes[s] = code
        if type(explore) is not int:
            raise ValueError("explore must be an int in [0, 1000]")
        e = check_int(explore, 0, 1000, "explore")
        if type(max_steps) is not int or max_steps < -1:
            raise ValueError("max_steps must be an int >= -1")
        limit = max_steps
        while self.g.phase != OVER and done != limit:
            for s in range(4):
                chosen[s] = -1
            for s in range(n):
                if not (self.g.to_act >> s) & 1:
                    continue
                m = legal_of(self.st, s, legal)
                if codes[s] and (e == 0 or below(rngs, 0, 1000) >= e):
                    idx = greedy(self.st, s, legal, m)
                else:
                    idx = below(rngs, 0, m)
                chosen[s] = legal[idx]
            self._commit(chosen)
            done += 1
        return rngs[0]

    # --- the history ------------------------------------------------------------------
    def history(self) -> tuple[tuple[int, ...], ...]:
        """Every step's actions, one per seat (-1: not polled)."""
        n = self.g.n
        if not cython.compiled:
            hist = self._hist
            return tuple([tuple(hist[4 * i : 4 * i + n]) for i in range(self._steps)])
        return tuple([tuple([self._hist[4 * i + s] for s in range(n)]) for i in range(self._steps)])

    # --- copying, equality, pickling ---------------------------------------------------
    def copy(self) -> GuerrillaMachine:
        """An independent copy (the step's caches shared: they are immutable)."""
        other = _new_machine()
        if cython.compiled:
            other.g = self.g
            other.ev.n = self.ev.n
            memcpy(other.ev.data, self.ev.data, self.ev.n * cython.sizeof(cython.int))
        else:
            other.g = other.st = self.g.copy()
            other.ev.n = self.ev.n
            other.ev.data = list(self.ev.data)
        other._cards = self._cards
        other._legal_0 = self._legal_0
        other._legal_1 = self._legal_1
        other._legal_2 = self._legal_2
        other._legal_3 = self._legal_3
        other._public = self._public
        other._last_removed = self._last_removed
        if not cython.compiled:
            other._hist = list(self._hist)
            other._steps = self._steps
        elif self._steps:
            other._hist = cython.cast(
                cython.p_short, realloc(cython.NULL, 4 * self._steps * cython.sizeof(cython.short))
            )
            if other._hist == cython.NULL:
                raise MemoryError()
            memcpy(other._hist, self._hist, 4 * self._steps * cython.sizeof(cython.short))
            other._steps = self._steps
            other._capacity = self._steps
        return other

    def key(self) -> GuerrillaKey:
        """Everything that defines the position, as ints, by name (equal positions, equal
        keys): a :class:`~cardwars.guerrilla.bridge.GuerrillaKey`."""
        n = self.g.n
        g = self.st
        rounds = []
        for r in range(g.rounds):
            end = g.round_start[r + 1] if r + 1 < g.rounds else g.tie_n
            flat: list[int] = []
            for i in range(g.round_start[r], end):
                flat += (g.tie_seat[i], g.tie_down[i], g.tie_up[i])
            rounds.append(tuple(flat))
        # fmt: off
        return tuple.__new__(GuerrillaKey, (  # the fields of GuerrillaKey, in order
            n, ints_at(g.opt, 0, NOPT),
            tuple([ints_at(g.hand[s], 0, g.hand_n[s]) for s in range(n)]),
            tuple([ints_at(g.draw[s], g.draw_top[s], g.draw_n[s]) for s in range(n)]),
            tuple([ints_at(g.disc[s], 0, g.disc_n[s]) for s in range(n)]),
            ints_at(g.removed, 0, g.removed_n),
            (g.g, g.k, g.phase, g.to_act, g.proposer, g.needed),
            (g.clock, g.cards_dealt, g.termination),
            ints_at(g.in_game, 0, n), ints_at(g.played_g, 0, n), ints_at(g.penalty, 0, n),
            ints_at(g.spy, 0, n), ints_at(g.played, 0, n), ints_at(g.support, 0, n),
            ints_at(g.outcomes, 0, n), ints_at(g.eliminated_at, 0, n),
            ints_at(g.eliminated_hand, 0, n), tuple(rounds),
            ints_at(g.first_tied, 0, g.first_tied_n), ints_at(g.tied, 0, g.tied_n),
            tuple([ints_at(g.drawn[s], 0, g.drawn_n[s]) for s in range(n)]),
            ints_at(g.forfeited, 0, g.forfeited_n), ints_at(g.winners, 0, g.winners_n),
            ints_at(g.picks, 0, g.picks_n), self.winners, self.placings, g.rng,
            self.history(), self.events(),
        ))
        # fmt: on

    def __reduce__(self) -> tuple[Any, ...]:
        return (_guerrilla_machine_from_key, (self._cards, self.key()))

    # --- the RL environments' fast path ------------------------------------------------
    @cython.locals(s=cython.int, n=cython.int)
    def apply_keyed(self, actions: object, keys: tuple[Any, ...], wait: bool = False) -> bool:
        """:meth:`apply_actions` with each polled seat's action under its key
        (``actions[keys[seat]]``). With ``wait`` (the Parallel env's), a seat not polled
        may have no entry or the wait action 2968, and nothing else.

        Raises:
            ValueError: ``keys`` is not a tuple of one key per seat."""
        given = cython.declare(cython.int[4])
        n = self.g.n
        if type(keys) is not tuple or len(cython.cast(tuple, keys)) != n:
            raise ValueError(f"keys must be a tuple of {n} keys, one per seat")
        if type(actions) is not dict:
            return False
        self._enter()
        try:
            # Every seat's entry first, as C ints (-1: none; -2: with wait, no action), as a
            # lookup may run a key's __eq__; then the check and commit, no Python between.
            for s in range(n):
                value = cython.cast(dict, actions).get(cython.cast(tuple, keys)[s], _ABSENT)
                if type(value) is int and 0 <= value < NACT:
                    given[s] = value
                elif not wait or value is _ABSENT or (type(value) is int and value == NACT):
                    given[s] = -1
                else:
                    given[s] = -2
            return self._check_commit(given, bool(wait)) == 1
        finally:
            self._busy = False

    def encode_seats(self, obs: Any, masks: Any, wait: bool = False) -> None:
        """Write every seat's observation (row ``s``: ``encode_observation``) and action mask (1 at
        its :meth:`legal_actions`) into two blocks: float32 rows of ``64 * players + 115``, int8
        rows of 2968 (``wait``: 2969, the wait action 1 exactly for a seat not polled).

        Raises:
            ValueError: a block of another format, read-only, not C-contiguous or too short."""
        legal = cython.declare(cython.int[NACT])
        n = self.g.n
        size = 64 * n + 115
        width = NACT + 1 if wait else NACT
        if cython.compiled:
            ob = cython.declare(cython.Py_buffer)
            mb = cython.declare(cython.Py_buffer)
            self._enter()  # asking for a buffer may run Python code (__buffer__)
            try:
                _block(obs, cython.address(ob), b"f", n * size, "a Guerrilla observation block")
                try:
                    _block(masks, cython.address(mb), b"b", n * width, "a Guerrilla mask block")
                except BaseException:
                    PyBuffer_Release(cython.address(ob))
                    raise
            finally:
                self._busy = False
            o = cython.cast(cython.p_float, ob.buf)
            k = cython.cast(cython.p_schar, mb.buf)
            memset(k, 0, n * width)
            for s in range(n):
                encode(self.st, o, s * size, s)
                m = legal_of(self.st, s, legal)
                for i in range(m):
                    k[s * width + legal[i]] = 1
                if wait and m == 0:  # not polled (or the game is over): the wait action alone
                    k[s * width + NACT] = 1
            PyBuffer_Release(cython.address(mb))
            PyBuffer_Release(cython.address(ob))
        else:  # exclusive.read guards this read (below the class)
            rows = _block(obs, "f", n * size, "a Guerrilla observation block")
            marks = _block(masks, "b", n * width, "a Guerrilla mask block")
            for s in range(n):
                codes = [0.0] * size
                encode(self.st, codes, 0, s)
                rows[s * size : (s + 1) * size] = array("f", codes)
                mask = bytearray(width)
                m = legal_of(self.st, s, legal)
                for i in range(m):
                    mask[legal[i]] = 1
                if wait and m == 0:  # not polled (or the game is over): the wait action alone
                    mask[NACT] = 1
                marks[s * width : (s + 1) * width] = mask


if not cython.compiled:  # compiled, a step holds the GIL from its check to its commit;
    # interpreted, threads switch between bytecodes: cardwars.exclusive guards the steps
    # and reads (a read while another thread steps is the busy error, not a half step).
    _READS = "legal_actions legal_moves greedy_action history copy key __reduce__ events"
    _VIEWS = "encode_seats event_objects hands hand draw_piles discard_piles removed table"
    _MORE = "tie_rounds flags view observation encode_observation encode_state"
    for _name in ["apply_actions", "apply_moves", "apply_keyed", "rollout"]:
        setattr(GuerrillaMachine, _name, exclusive.step(getattr(GuerrillaMachine, _name)))
    for _name in f"{_READS} {_VIEWS} {_MORE}".split():
        setattr(GuerrillaMachine, _name, exclusive.read(getattr(GuerrillaMachine, _name)))


def _new_machine() -> GuerrillaMachine:
    """A machine with an empty position, not set up."""
    machine = GuerrillaMachine.__new__(GuerrillaMachine)
    if not cython.compiled:
        machine.__cinit__()
    return machine


def guerrilla_deal(
    cards: Sequence[Any], players: int, seed: int, **options: int
) -> GuerrillaMachine:
    """Deal from ``seed`` (GT-2, ``promotion.deal``), then run to the first poll.

    Raises ValueError (players, seed or an option out of range) or TypeError (an option)."""
    machine = _new_machine()
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"players must be 2..4, got {players!r}")
    machine._setup(cards, players, _check_u64(seed, "seed"), options)
    if machine.g.opt[O_TWO_SUIT] and players != 2:
        raise ValueError("two_suit_variant is for 2 players")
    deal(machine.st, machine.evs)
    return machine


def _guerrilla_machine_from_key(cards: Sequence[Any], key: object) -> GuerrillaMachine:
    """Rebuild a machine from :meth:`GuerrillaMachine.key`, checking every value first
    (``restore.check_restored``; a plain tuple of its 29 values, as earlier versions
    pickled, is taken too)."""
    m = _new_machine()
    chosen = cython.declare(cython.int[4])
    if not isinstance(key, tuple) or len(key) != 29:
        raise ValueError("a machine key is a tuple of 29 parts")
    named = key if type(key) is GuerrillaKey else GuerrillaKey._make(key)
    n = check_int(named.players, 2, 4, "players")
    options = named.options
    if len(options) != NOPT:
        raise ValueError(f"a machine key has {NOPT} options, got {options!r}")
    given = {name: v for (name, _, _), v in zip(OPTIONS, options, strict=True)}
    m._setup(cards, n, named.rng_state, given)
    check_restored(n, named)
    g = m.st
    for s in range(n):
        g.hand_n[s] = _fill(g.hand[s], named.hands[s])
        g.draw_n[s] = _fill(g.draw[s], named.draw[s])
        g.disc_n[s] = _fill(g.disc[s], named.discard[s])
        g.drawn_n[s] = _fill(g.drawn[s], named.drawn[s])
    g.removed_n = _fill(g.removed, named.removed)
    stage = named.stage
    set_guerrilla_rank(g, stage[0])
    g.k, g.phase, g.to_act, g.proposer, g.needed = stage[1:]
    g.clock, g.cards_dealt, g.termination = named.counters
    for s in range(n):
        g.in_game[s] = named.in_game[s]
        g.played_g[s] = named.played_g[s]
        g.penalty[s] = named.penalty[s]
        g.spy[s] = named.spy[s]
        g.played[s] = named.played[s]
        g.support[s] = named.supports[s]
        g.outcomes[s] = named.outcomes[s]
        g.eliminated_at[s] = named.eliminated_at[s]
        g.eliminated_hand[s] = named.eliminated_hand[s]
    g.rounds = 0
    g.tie_n = 0
    for flat in named.tie_rounds:
        g.round_start[g.rounds] = g.tie_n
        g.rounds += 1
        for i in range(0, len(flat), 3):
            g.tie_seat[g.tie_n] = flat[i]
            g.tie_down[g.tie_n] = flat[i + 1]
            g.tie_up[g.tie_n] = flat[i + 2]
            g.tie_n += 1
    g.first_tied_n = _fill(g.first_tied, named.first_tied)
    g.tied_n = _fill(g.tied, named.tied)
    g.forfeited_n = _fill(g.forfeited, named.forfeited)
    g.winners_n = _fill(g.winners, named.winners)
    g.picks_n = _fill(g.picks, named.picks)
    g.result_winners_n = _fill(g.result_winners, named.result_winners)
    placings = named.placings
    for s in range(len(placings)):
        g.placings[s] = placings[s]
    for past in named.history:
        for s in range(4):
            chosen[s] = past[s] if s < n else -1
        m._record(chosen)
    m.ev.n = _fill(m.ev.data, named.events)
    return m
