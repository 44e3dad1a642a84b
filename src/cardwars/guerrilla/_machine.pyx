# Guerrilla's compiled state machine: the position of _machine.pxd stepped by the rule steps
# of _steps.pxi, which the batch loop (_policy.pxi) plays too. Its twin, with every method
# documented, is machine.py in this folder; the two have the same names inside.
# Compiler directives are set once, in setup.py.

from cpython.buffer cimport PyBuffer_Release
from libc.stdint cimport uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy, memset

from cardwars._core cimport (
    CARDWARS_MAX_THREADS,
    cardwars_run_parallel,
    SlotBuilder,
    _block,
    _card_tuple,
    _check_u64,
    _flag_tuple,
    _GAMMA,
    _int_tuple,
    _maybe_card_tuple,
    _mix,
    _rng_below,
    _same_cards,
    _sample_prefix_ints,
    _shuffle_ints,
    MoveKeys,
    moves_of_actions,
)

from array import array

# A step refused while its machine is in the middle of another (cardwars.exclusive).
from cardwars.exclusive import busy_error as _busy_error

# key() is a NamedTuple of guerrilla/tables.py (as are the face's tables, read by name in
# _views.pxi), made in field order (keywords cost microseconds): its fields checked here.
from cardwars.guerrilla.tables import GuerrillaKey as _GtKey

if _GtKey._fields != (
    "players", "options", "hands", "draw", "discard", "removed", "stage", "counters",
    "in_game", "played_g", "penalty", "spy", "played", "supports", "outcomes",
    "eliminated_at", "eliminated_hand", "tie_rounds", "first_tied", "tied", "drawn",
    "forfeited", "winners", "picks", "result_winners", "placings", "rng_state", "history",
    "events",
):
    raise ImportError("GuerrillaKey's fields are not those GuerrillaMachine.key() writes")

from cardwars.guerrilla.strength import guerrilla_evaluate, guerrilla_strength

from cardwars.guerrilla.greedy import guerrilla_batch
include "_views.pxi"

_GT_POLLED = tuple(frozenset(s for s in range(4) if mask >> s & 1) for mask in range(16))
cdef object _ABSENT = object()  # apply_keyed: a seat with no entry
_GT_OPTIONS = (
    ("two_suit_variant", 0, 1),
    ("ace_low", 0, 1),
    ("draw_mode", 0, 1),
    ("elimination_rule", 0, 1),
    ("support_rule", 0, 2),
    ("support_cascade", 0, 1),
    ("kicker", 0, 1),
    ("tie_cards", 0, 2),
    ("tie_facedown_role", 0, 1),
    ("tie_facedown_penalty", 0, 1),
    ("eliminated_cards_to", 0, 1),
    ("removal_choice", 0, 1),
    ("no_winner_spoils", 0, 1),
    ("promotion_timing", 0, 1),
    ("promotion_wave_reset", 0, 1),
    ("promotion_acceptance", 0, 1),
    ("all_cancellers_recruit", 0, 1),
    ("recruit_shortfall", 0, 1),
    ("simultaneous_elimination", 0, 1),
    ("max_skirmishes", 1, 10**9),
    ("cap_result", 0, 1),
)
_GT_DEFAULTS = {name: 0 for name, _, _ in _GT_OPTIONS}
_GT_DEFAULTS["all_cancellers_recruit"] = 1
_GT_DEFAULTS["max_skirmishes"] = 5000


def _gt_ints(value, low, high, what):
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be an int in [{low}, {high}], got {value!r}")
    return value


def _gt_options(given):
    unknown = sorted(set(given) - set(_GT_DEFAULTS))
    if unknown:
        raise TypeError(f"unknown option(s) {unknown}")
    out = []
    for name, low, high in _GT_OPTIONS:
        value = given.get(name, _GT_DEFAULTS[name])
        if isinstance(value, bool):
            value = int(value)
        if not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"{name} must be an int {low}..{high}, got {value!r}")
        out.append(value)
    return out


cdef class GuerrillaMachine:
    """A Guerrilla position as a C struct, stepped by the rule steps the batch loop plays.

    The twin, with the full documentation, is ``guerrilla.machine.GuerrillaMachine``.
    """

    cdef _GtState g
    cdef _GtEvents ev
    cdef short* _hist       # four actions per step, -1 for a seat that was not polled
    cdef Py_ssize_t _steps
    cdef Py_ssize_t _capacity
    cdef tuple _cards       # the 52 labels the views are built from, by card id
    cdef object _legal_0
    cdef object _legal_1
    cdef object _legal_2
    cdef object _legal_3
    cdef object _moves      # legal_moves(): per seat, the face's move objects of _legal_s
    cdef object _moves_of   # the table (own) they were taken from
    cdef object _public     # this step's view(), the part every seat's observation shares
    cdef tuple _last_removed  # the last view's removed pile, reused while unchanged
    cdef bint _busy         # a step is running: it may call Python code (cardwars.exclusive)

    def __cinit__(self):
        self._hist = NULL
        self._steps = 0
        self._capacity = 0
        self.ev.n = 0

    def __dealloc__(self):
        free(self._hist)

    def __init__(
        self,
        cards: object,
        hands: object,
        draw_piles: object,
        discard_piles: object,
        removed: object,
        guerrilla_rank: object,
        played_guerrilla: object,
        support_penalty: object,
        spy_first: object,
        in_game: object,
        skirmish: object,
        rng_state: object,
        start: object,
        **options: object,
    ) -> None:
        cdef int n = len(hands), s
        self._setup(cards, n, rng_state, options)
        for what, piles in (
            ("draw_piles", draw_piles),
            ("discard_piles", discard_piles),
            ("played_guerrilla", played_guerrilla),
            ("support_penalty", support_penalty),
            ("spy_first", spy_first),
            ("in_game", in_game),
        ):
            if len(piles) != n:
                raise ValueError(f"{what} needs one entry per seat ({n}), got {len(piles)}")
        hands = [[_gt_ints(c, 0, 51, "a card") for c in pile] for pile in hands]
        draws = [[_gt_ints(c, 0, 51, "a card") for c in pile] for pile in draw_piles]
        discards = [[_gt_ints(c, 0, 51, "a card") for c in pile] for pile in discard_piles]
        gone = [_gt_ints(c, 0, 51, "a card") for c in removed]
        every = [c for zone in (hands, draws, discards) for p in zone for c in p] + gone
        if len(set(every)) != len(every):
            raise ValueError("a card appears more than once in the position")
        g = _gt_ints(guerrilla_rank, 2, 6, "guerrilla_rank")
        flags = [
            [_gt_ints(v, 0, 1, what) for v in values]
            for values, what in (
                (played_guerrilla, "played_guerrilla"),
                (support_penalty, "support_penalty"),
                (spy_first, "spy_first"),
                (in_game, "in_game"),
            )
        ]
        k = _gt_ints(skirmish, 0, self.g.opt[_GO_MAX_SKIRMISHES] - 1, "skirmish")
        for s in range(n):
            if not flags[3][s] and (hands[s] or draws[s] or discards[s]):
                raise ValueError(f"seat {s} is out of the game but holds cards")
        if sum(flags[3]) < 2:
            raise ValueError("a position needs at least 2 players still in the game")
        _gt_ints(start, 0, 2, "start")
        if start == 2 and any(flags[3][s] and not hands[s] for s in range(n)):
            raise ValueError("every seat in the game needs a card in hand at start=2 (Play)")
        for s in range(n):
            _gt_fill(self.g.hand[s], &self.g.hand_n[s], hands[s])
            _gt_fill(self.g.draw[s], &self.g.draw_n[s], draws[s])
            _gt_fill(self.g.disc[s], &self.g.disc_n[s], discards[s])
            self.g.played_g[s] = flags[0][s]
            self.g.penalty[s] = flags[1][s]
            self.g.spy[s] = flags[2][s]
            self.g.in_game[s] = flags[3][s]
            if not flags[3][s]:
                self.g.eliminated_at[s] = 0
        _gt_fill(self.g.removed, &self.g.removed_n, gone)
        self.g.cards_dealt = len(every)
        _gt_set_g(&self.g, g)
        self.g.k = k
        if start == 0:
            _gt_start_skirmish(&self.g, &self.ev)
        else:
            _gt_emit(&self.ev, 0)
            _gt_emit(&self.ev, k)
            _gt_emit(&self.ev, k % n)
            if start == 1:
                _gt_draw_step(&self.g, &self.ev)
            else:
                _gt_begin_play(&self.g, &self.ev)

    cdef _setup(self, cards, int n, rng_state, options):
        cdef int opt[_GT_NOPT]
        cdef int i
        cards = tuple(cards)
        if len(cards) != 52:
            raise ValueError(f"cards must be 52 labels, one per card id, got {len(cards)}")
        if not 2 <= n <= 4:
            raise ValueError(f"a game has 2 to 4 seats, got {n}")
        self._cards = cards
        values = _gt_options(options)
        for i in range(_GT_NOPT):
            opt[i] = values[i]
        _gt_init(&self.g, n, opt, _check_u64(rng_state, "rng_state"))

    # --- the protocol ------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.g.n

    @property
    def phase(self) -> int:
        return self.g.phase

    @property
    def to_act(self) -> frozenset:
        return _GT_POLLED[self.g.to_act]

    @property
    def over(self) -> bool:
        return self.g.phase == _GT_OVER

    @property
    def termination(self) -> int:
        return self.g.termination

    @property
    def winners(self) -> tuple:
        cdef int i
        return tuple([self.g.result_winners[i] for i in range(self.g.result_winners_n)])

    @property
    def placings(self) -> tuple:
        cdef int s
        if self.g.phase != _GT_OVER:
            return ()
        return tuple([self.g.placings[s] for s in range(self.g.n)])

    @property
    def skirmish(self) -> int:
        return self.g.k

    @property
    def guerrilla_rank(self) -> int:
        return self.g.g

    @property
    def cards_dealt(self) -> int:
        return self.g.cards_dealt

    @property
    def rng_state(self) -> int:
        return self.g.rng

    @property
    def steps(self) -> int:
        return self._steps

    def legal_actions(self, seat: object) -> tuple:
        if type(seat) is not int or not 0 <= seat < self.g.n:
            raise ValueError(f"a seat is a plain int 0..{self.g.n - 1}")
        return self._legal(seat)

    cdef tuple _legal(self, int s):
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

    def legal_moves(self, seat: object, own: tuple) -> tuple:
        cdef int s
        if type(seat) is not int or not 0 <= seat < self.g.n:
            raise ValueError(f"a seat is a plain int 0..{self.g.n - 1}")
        s = seat
        if self._moves is None or own is not self._moves_of:  # one table's moves at a time
            self._moves = [None, None, None, None]
            self._moves_of = own
        cached = (<list>self._moves)[s]
        if cached is None:
            cached = (<list>self._moves)[s] = moves_of_actions(own, self._legal(s))
        return cached

    cdef tuple _build_legal(self, int s):
        cdef int buf[_GT_NACT]
        cdef int m = _gt_legal(&self.g, s, buf)
        return _int_tuple(buf, m)

    # Every step sets _busy from its first read of a caller's value to its commit, so a
    # callback of that value (__eq__, __hash__) or another thread cannot step in between.
    cdef int _enter(self) except -1:
        if self._busy:
            raise _busy_error()
        self._busy = 1
        return 0

    def apply_actions(self, actions: object) -> bool:
        self._enter()
        try:
            return self._apply(actions) == 1
        finally:
            self._busy = 0

    def apply_moves(self, moves: object, keys: object) -> bool:
        cdef int given[4]
        self._enter()
        try:
            if type(keys) is not MoveKeys or (<MoveKeys>keys).fill(moves, given, self.g.n) < 0:
                return False
            return self._check_commit(given, True) == 1
        finally:
            self._busy = 0

    cdef int _apply(self, object actions) except -1:
        cdef int given[4]
        given[0] = given[1] = given[2] = given[3] = -1
        if type(actions) is not dict:
            return 0
        for key, value in (<dict>actions).items():
            if type(key) is not int or type(value) is not int:
                return 0
            if not (0 <= key < self.g.n and 0 <= value < _GT_NACT):
                return 0
            given[<int>key] = value
        return self._check_commit(given, True)

    cdef int _check_commit(self, int* given, bint strict) except -1:
        # The one check of a step, however its actions came (ints, move objects, keyed):
        # every polled seat has a legal action; strict, no other seat has one. Then the
        # commit, with no Python code in between. 1 if performed, else 0 (nothing changed).
        cdef int chosen[4]
        cdef int s, action, mask = self.g.to_act
        if self.g.phase == _GT_OVER:
            return 0
        chosen[0] = chosen[1] = chosen[2] = chosen[3] = -1
        for s in range(self.g.n):
            action = given[s]
            if not (mask >> s) & 1:
                if strict and action != -1:  # -1: no action (-2: one that is no action)
                    return 0
                continue
            if not 0 <= action < _GT_NACT or not self._is_legal(s, action):
                return 0
            chosen[s] = action
        self._commit(chosen)
        return 1

    cdef bint _is_legal(self, int s, int action) except -1:
        # action among seat s's legal actions: the step's cached tuple, else computed.
        cdef int legal[_GT_NACT]
        cdef int i, m
        if s == 0:
            cached = self._legal_0
        elif s == 1:
            cached = self._legal_1
        elif s == 2:
            cached = self._legal_2
        else:
            cached = self._legal_3
        if cached is not None:
            for item in <tuple>cached:
                if <int>item == action:
                    return True
            return False
        m = _gt_legal(&self.g, s, legal)
        for i in range(m):
            if legal[i] == action:
                return True
        return False

    cdef int _commit(self, int* chosen) except -1:
        # A checked step, whichever method took it: record, play, drop the step's caches.
        self._record(chosen)
        self.ev.n = 0
        _gt_step(&self.g, chosen, &self.ev)
        self._legal_0 = self._legal_1 = self._legal_2 = self._legal_3 = None
        self._moves = None
        self._public = None
        return 0

    # --- built-in policies for search (cardwars.ismcts; see the twin) ----------------
    def greedy_action(self, seat: object) -> int:
        cdef int s, m
        cdef int legal[_GT_NACT]
        if type(seat) is not int or not 0 <= seat < self.g.n:
            raise ValueError(f"a seat is a plain int 0..{self.g.n - 1}")
        s = seat
        if self.g.phase == _GT_OVER or not (self.g.to_act >> s) & 1:
            return -1
        m = _gt_legal(&self.g, s, legal)
        return legal[_gt_greedy(&self.g, s, legal, m)]

    def rollout(self, agents: object, rng_state: object, explore: object = 0,
                max_steps: object = -1) -> int:
        self._enter()
        try:
            return self._rollout(agents, rng_state, explore, max_steps)
        finally:
            self._busy = 0

    cdef uint64_t _rollout(self, object agents, object rng_state, object explore,
                           object max_steps) except? 0:
        cdef int codes[4]
        cdef int chosen[4]
        cdef int legal[_GT_NACT]
        cdef int s, m, idx, n = self.g.n, e
        cdef long long limit, done = 0
        cdef uint64_t r
        if type(rng_state) is not int:
            raise ValueError("rng_state must be an int in [0, 2**64)")
        r = _check_u64(rng_state, "rng_state")
        if type(agents) is not tuple or len(<tuple>agents) != n:
            raise ValueError(f"agents needs a tuple of one code per seat ({n})")
        for s in range(n):
            if type((<tuple>agents)[s]) is not int or (<tuple>agents)[s] not in (0, 1):
                raise ValueError("agent codes are 0 (random) and 1 (greedy)")
            codes[s] = (<tuple>agents)[s]
        if type(explore) is not int:
            raise ValueError("explore must be an int in [0, 1000]")
        e = _gt_ints(explore, 0, 1000, "explore")
        if type(max_steps) is not int or max_steps < -1:
            raise ValueError("max_steps must be an int >= -1")
        limit = max_steps
        while self.g.phase != _GT_OVER and done != limit:
            for s in range(4):
                chosen[s] = -1
            for s in range(n):
                if not (self.g.to_act >> s) & 1:
                    continue
                m = _gt_legal(&self.g, s, legal)
                if codes[s] and (e == 0 or <int>_rng_below(&r, 1000) >= e):
                    idx = _gt_greedy(&self.g, s, legal, m)
                else:
                    idx = <int>_rng_below(&r, <uint32_t>m)
                chosen[s] = legal[idx]
            self._commit(chosen)
            done += 1
        return r

    cdef int _record(self, int* chosen) except -1:
        cdef short* grown
        cdef Py_ssize_t capacity
        cdef int s
        if self._steps == self._capacity:
            capacity = 64 if self._capacity == 0 else 2 * self._capacity
            grown = <short*>realloc(self._hist, 4 * capacity * sizeof(short))
            if grown == NULL:
                raise MemoryError()
            self._hist = grown
            self._capacity = capacity
        for s in range(4):
            self._hist[4 * self._steps + s] = <short>chosen[s]
        self._steps += 1
        return 0

    def event_objects(self, faces: object, result: object) -> tuple:
        return _gt_event_objects(self.ev.data, self.ev.n, faces, result)

    def events(self) -> tuple:
        cdef int i
        return tuple([self.ev.data[i] for i in range(self.ev.n)])

    def history(self) -> tuple:
        cdef Py_ssize_t i
        cdef int s, n = self.g.n
        return tuple([
            tuple([self._hist[4 * i + s] for s in range(n)]) for i in range(self._steps)
        ])

    # --- readable state ----------------------------------------------------------------
    cdef tuple _labels(self, int* ids, int m):
        return _card_tuple(self._cards, ids, m)

    def hands(self) -> tuple:
        cdef int s
        return tuple([self._labels(self.g.hand[s], self.g.hand_n[s]) for s in range(self.g.n)])

    def hand(self, seat: object) -> tuple:
        cdef int s = seat
        if not 0 <= s < self.g.n:
            raise ValueError(f"a seat is a plain int 0..{self.g.n - 1}")
        return self._labels(self.g.hand[s], self.g.hand_n[s])

    def draw_piles(self) -> tuple:
        cdef int s
        return tuple([
            self._labels(&self.g.draw[s][self.g.draw_top[s]], self.g.draw_n[s])
            for s in range(self.g.n)
        ])

    def discard_piles(self) -> tuple:
        cdef int s
        return tuple([self._labels(self.g.disc[s], self.g.disc_n[s]) for s in range(self.g.n)])

    def removed(self) -> tuple:
        return self._labels(self.g.removed, self.g.removed_n)

    def table(self) -> tuple:
        cdef int u_card[52]
        cdef int u_owner[52]
        cdef int u_up[52]
        cdef int m = _gt_table(&self.g, u_card, u_owner, u_up)
        return self._labels(u_card, m) + self._labels(self.g.forfeited, self.g.forfeited_n)

    cdef tuple _rounds(self, bint public):
        cdef int r, i, end
        cards = self._cards
        out = []
        for r in range(self.g.rounds):
            end = self.g.round_start[r + 1] if r + 1 < self.g.rounds else self.g.tie_n
            if public:
                out.append(tuple([
                    (self.g.tie_seat[i], cards[self.g.tie_up[i]], self.g.tie_down[i] >= 0)
                    for i in range(self.g.round_start[r], end)
                ]))
            else:
                out.append(tuple([
                    (self.g.tie_seat[i], cards[self.g.tie_up[i]],
                     None if self.g.tie_down[i] < 0 else cards[self.g.tie_down[i]])
                    for i in range(self.g.round_start[r], end)
                ]))
        return tuple(out)

    def tie_rounds(self) -> tuple:
        return self._rounds(False)

    cdef tuple _flags(self, int* values):
        return _flag_tuple(values, self.g.n)

    def flags(self) -> tuple:
        return (self._flags(self.g.in_game), self._flags(self.g.played_g),
                self._flags(self.g.penalty), self._flags(self.g.spy))

    def view(self) -> tuple:
        return self._view()

    cdef tuple _view(self):
        cdef int n = self.g.n
        cdef tuple cards = self._cards
        cdef tuple removed = self._last_removed
        if removed is None or not _same_cards(removed, cards, self.g.removed, self.g.removed_n):
            removed = self._last_removed = _card_tuple(cards, self.g.removed, self.g.removed_n)
        return (
            self.g.g,
            self.g.k,
            _flag_tuple(self.g.in_game, n),
            _flag_tuple(self.g.played_g, n),
            _flag_tuple(self.g.penalty, n),
            _flag_tuple(self.g.spy, n),
            _int_tuple(self.g.hand_n, n),
            _int_tuple(self.g.draw_n, n),
            _int_tuple(self.g.disc_n, n),
            removed,
            _maybe_card_tuple(cards, self.g.played, n),
            _maybe_card_tuple(cards, self.g.support, n),
            self._rounds(True) if self.g.rounds else (),
            None if self.g.proposer < 0 else self.g.proposer,
        )

    def observation(self, seat: object, faces: object, rules: object) -> object:
        cdef int s, i
        cdef SlotBuilder make
        if type(seat) is not int or not 0 <= seat < self.g.n:
            raise ValueError(f"a seat is a plain int 0..{self.g.n - 1}")
        s = seat
        if faces is not _gt_view_faces:
            _gt_learn_view_faces(faces)
        if self._public is None:
            self._public = self._view()
        cdef tuple public = self._public
        make = _gt_make_view
        obj = make.blank()
        make.put(obj, 0, seat)
        make.put(obj, 1, _gt_view_phases[self.g.phase])
        make.put(obj, 2, _GT_POLLED[self.g.to_act])
        make.put(obj, 3, self._labels(self.g.hand[s], self.g.hand_n[s]))
        for i in range(14):
            make.put(obj, 4 + i, public[i])
        make.put(obj, 18, rules)
        return obj

    # --- the RL encodings (cardwars.envs.encoding lays them out; see the twin) ----------
    def encode_observation(self, seat: object, float[::1] out) -> None:
        cdef int n = self.g.n
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"a seat is a plain int 0..{n - 1}")
        if out.shape[0] < 64 * n + 115:
            raise ValueError(f"a Guerrilla observation needs {64 * n + 115} floats, got {out.shape[0]}")
        _gt_encode(&self.g, &out[0], seat)

    def encode_state(self, float[::1] out) -> None:
        cdef int n = self.g.n
        if out.shape[0] < 243 * n + 66:
            raise ValueError(f"a Guerrilla state needs {243 * n + 66} floats, got {out.shape[0]}")
        _gt_encode(&self.g, &out[0], -1)

    # --- copying, equality, pickling ---------------------------------------------------
    def copy(self) -> GuerrillaMachine:
        cdef GuerrillaMachine other = GuerrillaMachine.__new__(GuerrillaMachine)
        other.g = self.g
        other.ev.n = self.ev.n
        memcpy(other.ev.data, self.ev.data, self.ev.n * sizeof(int))
        other._cards = self._cards
        other._legal_0 = self._legal_0
        other._legal_1 = self._legal_1
        other._legal_2 = self._legal_2
        other._legal_3 = self._legal_3
        other._public = self._public
        other._last_removed = self._last_removed
        if self._steps:
            other._hist = <short*>realloc(NULL, 4 * self._steps * sizeof(short))
            if other._hist == NULL:
                raise MemoryError()
            memcpy(other._hist, self._hist, 4 * self._steps * sizeof(short))
            other._steps = self._steps
            other._capacity = self._steps
        return other

    cdef tuple _ints(self, int* values, int m):
        cdef int i
        return tuple([values[i] for i in range(m)])

    def key(self) -> object:
        cdef int s, r, i, end, n = self.g.n
        cdef _GtState* g = &self.g
        rounds = []
        for r in range(g.rounds):
            end = g.round_start[r + 1] if r + 1 < g.rounds else g.tie_n
            flat = []
            for i in range(g.round_start[r], end):
                flat += (g.tie_seat[i], g.tie_down[i], g.tie_up[i])
            rounds.append(tuple(flat))
        return tuple.__new__(_GtKey, (  # the fields of GuerrillaKey, in order
            n, self._ints(g.opt, _GT_NOPT),
            tuple([self._ints(g.hand[s], g.hand_n[s]) for s in range(n)]),
            tuple([self._ints(&g.draw[s][g.draw_top[s]], g.draw_n[s]) for s in range(n)]),
            tuple([self._ints(g.disc[s], g.disc_n[s]) for s in range(n)]),
            self._ints(g.removed, g.removed_n),
            (g.g, g.k, g.phase, g.to_act, g.proposer, g.needed),
            (g.clock, g.cards_dealt, g.termination),
            self._ints(g.in_game, n), self._ints(g.played_g, n), self._ints(g.penalty, n),
            self._ints(g.spy, n), self._ints(g.played, n), self._ints(g.support, n),
            self._ints(g.outcomes, n), self._ints(g.eliminated_at, n),
            self._ints(g.eliminated_hand, n), tuple(rounds),
            self._ints(g.first_tied, g.first_tied_n), self._ints(g.tied, g.tied_n),
            tuple([self._ints(g.drawn[s], g.drawn_n[s]) for s in range(n)]),
            self._ints(g.forfeited, g.forfeited_n), self._ints(g.winners, g.winners_n),
            self._ints(g.picks, g.picks_n), self.winners, self.placings,
            g.rng, self.history(), self.events(),
        ))

    def __reduce__(self):
        return (_guerrilla_machine_from_key, (self._cards, self.key()))

    # --- the RL environments' fast path (see the twin) ----------------------------------
    def apply_keyed(self, actions: object, keys: object, bint wait=False) -> bool:
        cdef int given[4]
        cdef int s, n = self.g.n
        if type(keys) is not tuple or len(<tuple>keys) != n:
            raise ValueError(f"keys must be a tuple of {n} keys, one per seat")
        if type(actions) is not dict:
            return False
        self._enter()
        try:
            # First every seat's entry, as C ints (-1: missing or not a plain int in range;
            # with ``wait``, -1: missing or the wait action _GT_NACT, -2: anything else that
            # is not a plain int action): a lookup may run a key's __eq__. Then the checks
            # and the commit, on the position as it is now, with no Python code in between.
            for s in range(n):
                value = (<dict>actions).get((<tuple>keys)[s], _ABSENT)
                if type(value) is int and 0 <= value < _GT_NACT:
                    given[s] = value
                elif not wait or value is _ABSENT or (type(value) is int and value == _GT_NACT):
                    given[s] = -1
                else:
                    given[s] = -2
            return self._check_commit(given, wait) == 1
        finally:
            self._busy = 0

    def encode_seats(self, obs: object, masks: object, bint wait=False) -> None:
        cdef Py_buffer ob, mb
        cdef int legal[_GT_NACT]
        cdef int s, i, m, n = self.g.n, size = 64 * n + 115
        cdef int width = _GT_NACT + 1 if wait else _GT_NACT
        cdef float* o
        cdef signed char* k
        self._enter()  # asking for a buffer may run Python code (__buffer__)
        try:
            _block(obs, &ob, b"f", n * size, "a Guerrilla observation block")
            try:
                _block(masks, &mb, b"b", n * width, "a Guerrilla mask block")
            except BaseException:
                PyBuffer_Release(&ob)
                raise
        finally:
            self._busy = 0
        o = <float*>ob.buf
        k = <signed char*>mb.buf
        memset(k, 0, n * width)
        for s in range(n):
            _gt_encode(&self.g, o + s * size, s)
            m = _gt_legal(&self.g, s, legal)
            for i in range(m):
                k[s * width + legal[i]] = 1
            if wait and m == 0:  # not polled (or the game is over): the wait action alone
                k[s * width + _GT_NACT] = 1
        PyBuffer_Release(&mb)
        PyBuffer_Release(&ob)


def guerrilla_deal(cards: object, players: object, seed: object, **options: object) -> GuerrillaMachine:
    """Deal a Guerrilla game from ``seed`` (GT-2) into a machine with these options."""
    cdef GuerrillaMachine machine = GuerrillaMachine.__new__(GuerrillaMachine)
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"players must be 2..4, got {players!r}")
    machine._setup(cards, players, _check_u64(seed, "seed"), options)
    if machine.g.opt[_GO_TWO_SUIT] and players != 2:
        raise ValueError("two_suit_variant is for 2 players")
    _gt_deal(&machine.g, &machine.ev)
    return machine


include "_restore.pxi"
include "_vector.pxi"
