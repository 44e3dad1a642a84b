"""Guerrilla's native vector environment: N tables of one learner seat against built-in opponents at
every other seat, every table stepped by the rule steps in one call.

The Gymnasium face is :mod:`cardwars.envs.vector`. A step of the tables, table by table (compiled,
the tables are split over ``threads`` C threads; the results do not depend on it): a table whose
last step ended its game deals its next game (the autoreset: the action is ignored); an action that
is not one of the learner's legal actions ends the game with reward -1, ``terminated`` and
``illegal``; else the learner's action and the polled opponents' (each chosen on the same position,
as the batch loop's agents do: ``greedy.greedy``, or a uniform draw from the seat's own RNG) make
one step, and the opponents play on while they alone are polled. At the end of a game the reward is
+1 for a winning learner and -1 for a losing one (0 for a game without winners); the end at
``max_skirmishes`` is a truncation. Then the table's observation (the learner's, as
:mod:`cardwars.envs.encoding` lays it out: ``64 * players + 115`` floats) and its mask of legal
actions (2,968 bytes) are written. Table ``k``'s games are dealt from
``derive_seed(seeds[k], episode)``; seat ``s``'s opponent draws from
``derive_seed(game seed, 1 + s)``."""

from __future__ import annotations

from typing import Any

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars._core import _check_u64
    from cython.cimports.cardwars.guerrilla.board import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.greedy import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.promotion import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.restore import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.turns import legal as legal_of
    from cython.cimports.cardwars.guerrilla.turns import step
    from cython.cimports.cardwars.guerrilla.views import *  # noqa: F403
    from cython.cimports.cardwars.vector_tables import Job, VectorTables
    from cython.cimports.libc.stdint import uint64_t
    from cython.cimports.libc.stdlib import calloc, free
    from cython.cimports.libc.string import memset

    from cardwars.guerrilla.board import BoardLists  # the interpreted tables' (unused)
else:
    uint64_t = cython.ulonglong  # the RNG states (C: libc uint64_t)
    from cardwars.core_rng import _check_u64

    from ..vector_tables import VectorTables
    from .board import (
        MAX_SKIRMISHES,
        NACT,
        NOPT,
        O_TWO_SUIT,
        OVER,
        Board,
        BoardLists,
        below,
        derive,
        init_board,
    )
    from .greedy import greedy
    from .promotion import deal
    from .restore import options_of
    from .turns import legal as legal_of
    from .turns import step
    from .views import encode

    LEGAL_BYTES = 371


__all__ = ["GuerrillaTables"]


class ConfigLists:
    """The interpreted ``Config``: what every table shares."""

    def __init__(self) -> None:
        self.players = self.seat = self.opponent = self.size = 0
        self.opt = [0] * NOPT


class TableLists:
    """The interpreted ``Table``: one table's game and its opponents' RNGs."""

    def __init__(self) -> None:
        self.g = BoardLists()
        self.table_seed = 0
        self.episode = 0
        self.rng = [0] * 4
        self.done = False
        self.legal = [0] * LEGAL_BYTES


if not cython.compiled:  # compiled, the C structs of vector.pxd stand
    Config = ConfigLists
    Table = TableLists


if LEGAL_BYTES * 8 < NACT:
    raise ImportError("a table's legal-action bits are fewer than the actions")


def _board(t: Table) -> Board:
    """The table's position (compiled: its address)."""
    if cython.compiled:
        return cython.address(t.g)
    return t.g


def _table(tables: Any, k: int) -> Table:
    """Table ``k`` (compiled: its address)."""
    if cython.compiled:
        return cython.address(tables[k])
    return tables[k]  # type: ignore[no-any-return]


def choose(c: Config, t: Table, chosen: Any) -> None:
    """Every polled opponent's action, on the position as it is (-1 elsewhere)."""
    legal = cython.declare(cython.int[NACT])
    g = _board(t)
    for s in range(4):
        chosen[s] = -1
    for s in range(c.players):
        if s == c.seat or not (g.to_act >> s) & 1:
            continue
        m = legal_of(g, s, legal)
        if c.opponent:
            chosen[s] = legal[greedy(g, s, legal, m)]
        else:
            chosen[s] = legal[below(t.rng, s, m)]


def advance(c: Config, t: Table) -> None:
    """The opponents play while they alone are polled."""
    chosen = cython.declare(cython.int[4])
    g = _board(t)
    while g.phase != OVER and not (g.to_act >> c.seat) & 1:
        choose(c, t, chosen)
        step(g, chosen, cython.NULL)


def deal_table(c: Config, t: Table) -> None:
    """The table's next game (GT-2), played on by the opponents to the learner's turn."""
    g = _board(t)
    game_seed = derive(t.table_seed, t.episode)
    init_board(g, c.players, c.opt, game_seed)
    deal(g, cython.NULL)
    for s in range(c.players):
        t.rng[s] = derive(game_seed, 1 + s)
    t.done = False
    advance(c, t)


def is_legal(t: Table, action: int) -> bool:
    """Read from the bits :func:`write` set: every change of a table is followed by a write."""
    if action < 0 or action >= NACT:
        return False
    return ((t.legal[action >> 3] >> (action & 7)) & 1) != 0


def write(c: Config, t: Table, o: Any, obase: int, k: Any, kbase: int) -> None:
    """The table's observation at ``o[obase]`` and its mask at ``k[kbase]``; its legal bits."""
    legal = cython.declare(cython.int[NACT])
    g = _board(t)
    encode(g, o, obase, c.seat)
    fill = 1 if t.done else 0  # done: the next action is ignored (the autoreset): any will do
    if cython.compiled:
        memset(t.legal, 0, LEGAL_BYTES)
        memset(k + kbase, fill, NACT)
    else:
        for i in range(LEGAL_BYTES):
            t.legal[i] = 0
        for i in range(NACT):
            k[kbase + i] = fill
    if t.done:
        return
    if g.phase != OVER and (g.to_act >> c.seat) & 1:
        m = legal_of(g, c.seat, legal)
        for i in range(m):
            k[kbase + legal[i]] = 1
            t.legal[legal[i] >> 3] |= 1 << (legal[i] & 7)


def step_table(
    c: Config,
    t: Table,
    action: int,
    at: int,
    rewards: Any,
    terminated: Any,
    truncated: Any,
    illegal: Any,
) -> None:
    """One table's step (the module's docstring states it), its flags at ``[at]``."""
    chosen = cython.declare(cython.int[4])
    g = _board(t)
    rewards[at] = 0.0
    terminated[at] = truncated[at] = illegal[at] = 0
    if t.done:  # the autoreset: the action is ignored
        t.episode += 1
        deal_table(c, t)
        return
    if not is_legal(t, action):
        rewards[at] = -1.0
        terminated[at] = illegal[at] = 1
        t.done = True
        return
    choose(c, t, chosen)
    chosen[c.seat] = action
    step(g, chosen, cython.NULL)
    advance(c, t)
    if g.phase == OVER:
        t.done = True
        if g.result_winners_n:
            rewards[at] = -1.0
            for i in range(g.result_winners_n):
                if g.result_winners[i] == c.seat:
                    rewards[at] = 1.0
        if g.termination == MAX_SKIRMISHES:  # a cap
            truncated[at] = 1
        else:
            terminated[at] = 1


def run_job(p: Any) -> None:
    """One thread's share of a step (or of a reset: no actions); ``p`` its Job."""
    if cython.compiled:
        job = cython.cast(cython.pointer(Job), p)
        c = cython.cast(cython.pointer(Config), job.config)
        tables = cython.cast(cython.pointer(Table), job.tables)
    else:
        job, c, tables = p, p.config, p.tables
    size = c.size
    for k in range(job.start, job.stop):
        if job.actions == cython.NULL:  # a reset: every table's first game
            tables[k].episode = 0
            deal_table(c, _table(tables, k))
        else:
            step_table(
                c,
                _table(tables, k),
                job.actions[k],
                k,
                job.rewards,
                job.terminated,
                job.truncated,
                job.illegal,
            )
        write(c, _table(tables, k), job.obs, size * k, job.masks, NACT * k)


class GuerrillaTables(VectorTables):
    """``count`` Guerrilla tables of ``players`` seats, the learner at ``seat`` against
    agent code ``opponent`` (0 random, 1 greedy) at every other seat, under the machine's
    int options (``guerrilla_deal``'s). The module's docstring states a step.

    Raises:
        ValueError: a count, seat, opponent or option out of range.
        TypeError: an unknown option."""

    t: Any
    c: Config

    def __cinit__(self) -> None:
        if cython.compiled:
            self.t = cython.NULL
        else:
            self.c = ConfigLists()
            self.t = []

    def __dealloc__(self) -> None:
        if cython.compiled:
            free(self.t)

    def __init__(
        self, count: object, players: object, seat: object, opponent: object, **options: object
    ) -> None:
        if not cython.compiled:
            self.__cinit__()
        if type(count) is not int or not 1 <= count <= 1 << 20:
            raise ValueError(f"count must be an int from 1 to {1 << 20}, got {count!r}")
        if type(players) is not int or not 2 <= players <= 4:
            raise ValueError(f"players must be 2..4, got {players!r}")
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"a seat is a plain int 0..{players - 1}")
        if type(opponent) is not int or opponent not in (0, 1):
            raise ValueError("the opponent is an agent code: 0 (random) or 1 (greedy)")
        values = options_of(options)
        if values[O_TWO_SUIT] and players != 2:
            raise ValueError("two_suit_variant is for 2 players")
        for i in range(NOPT):
            self.c.opt[i] = values[i]
        if cython.compiled:
            free(self.t)
            self.t = cython.cast(cython.pointer(Table), calloc(count, cython.sizeof(Table)))
            if self.t == cython.NULL:
                raise MemoryError()
        else:
            self.t = [TableLists() for _ in range(count)]
        self.c.players = players
        self.c.seat = seat
        self.c.opponent = opponent
        self.c.size = 64 * players + 115
        if cython.compiled:
            self._setup(count, self.c.size, NACT, run_job, self.t, cython.address(self.c))
        else:
            self._setup(count, self.c.size, NACT, run_job, self.t, self.c)

    def _seed(self, k: int, seed: int) -> int:
        self.t[k].table_seed = seed
        return 0

    def _refuses(self, k: int, action: int) -> bool:
        return not self.t[k].done and not is_legal(_table(self.t, k), action)

    def sample(self, seed: object, out: Any) -> None:
        """A uniformly random legal action of the learner at every table into ``out``
        (0 at a finished table), table ``k`` drawing from ``Rng(derive_seed(seed, k))``."""
        legal = cython.declare(cython.int[NACT])
        rngs = cython.declare(uint64_t[1])
        base = _check_u64(seed, "seed")
        if cython.compiled:
            o = cython.declare(cython.int[::1], out)
            count = o.shape[0]
        else:
            o = memoryview(out).cast("B").cast("i")
            count = len(o)
        if count != self.n:
            raise ValueError(f"the action block must have {self.n} entries")
        if not self._ready:
            raise ValueError("reset() the tables before sampling their actions")
        with cython.nogil:
            for i in range(self.n):
                t = _table(self.t, i)
                g = _board(t)
                rngs[0] = derive(base, i)
                if t.done or g.phase == OVER or not (g.to_act >> self.c.seat) & 1:
                    o[i] = 0
                else:
                    m = legal_of(g, self.c.seat, legal)
                    o[i] = legal[below(rngs, 0, m)]

    def legal_actions(self, table: object) -> tuple[int, ...]:
        """The learner's legal actions at ``table`` now (none when its game is over)."""
        legal = cython.declare(cython.int[NACT])
        i = cython.declare(cython.Py_ssize_t, self._table_index(table))
        t = _table(self.t, i)
        g = _board(t)
        if not self._ready or t.done or g.phase == OVER or not (g.to_act >> self.c.seat) & 1:
            return ()
        m = legal_of(g, self.c.seat, legal)
        return tuple(sorted([legal[j] for j in range(m)]))

    def game_seeds(self) -> tuple[int, ...]:
        """The seed each table's current game was dealt from."""
        return tuple([derive(self.t[i].table_seed, self.t[i].episode) for i in range(self.n)])

    def episodes(self) -> tuple[int, ...]:
        """How many games each table has finished and left (its current game's index)."""
        return tuple([self.t[i].episode for i in range(self.n)])
