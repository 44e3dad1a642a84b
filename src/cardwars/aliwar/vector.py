"""Aliwar's native vector environment: N tables, each a game of one learner seat against a
built-in opponent of :mod:`.batch`, every table stepped by the rule steps of :mod:`.round`
in one call (compiled, its tables split over threads). The Gymnasium face is
``cardwars.envs.vector``. See :ref:`a table's step <aliwar-vector>`.
"""

from __future__ import annotations

from typing import Any

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars.aliwar.batch import *  # noqa: F403
    from cython.cimports.cardwars.aliwar.position import *  # noqa: F403
    from cython.cimports.cardwars.aliwar.round import *  # noqa: F403
    from cython.cimports.cardwars.aliwar.views import *  # noqa: F403
    from cython.cimports.cardwars.vector_tables import Job, VectorTables
    from cython.cimports.cpython.object import PyObject
    from cython.cimports.libc.stdlib import free, malloc
    from cython.cimports.libc.string import memset
else:
    from ..vector_tables import VectorTables
    from .batch import agent_keep, agent_switch
    from .position import (
        KEEP,
        NO_PROGRESS,
        NUM_ACTIONS,
        OVER,
        SWITCH,
        Position,
        agent_below,
        deal,
        derive,
        reset,
        start_round,
    )
    from .round import keep_is_legal, keep_step, switch_step
    from .views import encode, mask_row

from cardwars.core_rng import _check_u64

from .position import check_flag, check_limit

__all__ = ["AliwarTables"]

if not cython.compiled:
    OBSERVATION_SIZE = 609


@cython.cclass
class Table(Position):
    """One table: its position, and which game of its seed it plays."""

    table_seed: int
    episode: int
    done: bool

    def __init__(self) -> None:
        super().__init__()
        if not cython.compiled:
            self.table_seed = 0
            self.episode = 0
            self.done = False


# --- one table's rules ------------------------------------------------------------------


def table_advance(c: AliwarTables, t: Table) -> None:
    """The opponent keeps alone until the learner is polled or the game is over."""
    o = 1 - c.seat
    while t.phase == KEEP and t.won_count[c.seat] == 0:
        a = agent_keep(t, o, c.opponent)
        keep_step(t, a if o == 0 else -1, -1 if o == 0 else a)


def table_deal(c: AliwarTables, t: Table) -> None:
    """The table's next game (AW-2.1), played on by the opponent to the learner's turn;
    the opponent draws from ``derive_seed(game seed, 1 + its seat)``."""
    game_seed = derive(t.table_seed, t.episode)
    reset(t, c.null_switch, c.kept_below, c.double_loss_most, c.limit, c.cap, c.cap_most)
    deal(t, game_seed)
    t.agent_rng[1 - c.seat] = derive(game_seed, 2 - c.seat)
    start_round(t)
    t.done = False
    table_advance(c, t)


def table_legal(c: AliwarTables, t: Table, action: int) -> bool:
    """Whether ``action`` is one of the learner's legal actions now."""
    if t.phase == SWITCH:
        return 0 <= action < t.n_switches
    return t.phase == KEEP and keep_is_legal(t, c.seat, action)


def table_write(c: AliwarTables, t: Table, o: list[float], k: list[int], at: int) -> None:
    """The learner's observation into ``o[609 at ..]`` and its action mask into
    ``k[277 at ..]``."""
    if cython.compiled:
        memset(o + OBSERVATION_SIZE * at, 0, OBSERVATION_SIZE * cython.sizeof(cython.float))
        memset(k + NUM_ACTIONS * at, 1 if t.done else 0, NUM_ACTIONS)
    else:
        for i in range(OBSERVATION_SIZE):
            o[OBSERVATION_SIZE * at + i] = 0
        for i in range(NUM_ACTIONS):  # when done, the next action is ignored: any will do
            k[NUM_ACTIONS * at + i] = 1 if t.done else 0
    o[OBSERVATION_SIZE * at + c.seat] = 1
    encode(t, o, OBSERVATION_SIZE * at + 2, True, t.seen if c.recall else 0)
    if not t.done:
        mask_row(t, c.seat, k, NUM_ACTIONS * at)


def table_step(
    c: AliwarTables,
    t: Table,
    action: int,
    reward: list[float],
    terminated: list[int],
    truncated: list[int],
    illegal: list[int],
    at: int,
) -> None:
    """One table's step (see the module): the autoreset, an illegal action, or the
    learner's action with the opponent's on the same position."""
    o = 1 - c.seat
    reward[at] = 0
    terminated[at] = 0
    truncated[at] = 0
    illegal[at] = 0
    if t.done:  # the autoreset: the action is ignored
        t.episode += 1
        table_deal(c, t)
        return
    if not table_legal(c, t, action):
        reward[at] = -1
        terminated[at] = 1
        illegal[at] = 1
        t.done = True
        return
    if t.phase == SWITCH:  # the opponent's action b, at its seat o
        b = agent_switch(t, o, c.opponent)
        switch_step(t, b if o == 0 else action, action if o == 0 else b)
    else:
        b = agent_keep(t, o, c.opponent)
        keep_step(t, b if o == 0 else action, action if o == 0 else b)
    table_advance(c, t)
    if t.phase == OVER:
        t.done = True
        if t.winner >= 0:
            reward[at] = 1 if t.winner == c.seat else -1
        if t.termination >= NO_PROGRESS:  # a cap
            truncated[at] = 1
        else:
            terminated[at] = 1


def one_table(
    c: AliwarTables,
    t: Table,
    k: int,
    actions: Any,
    obs: list[float],
    masks: list[int],
    rewards: list[float],
    terminated: list[int],
    truncated: list[int],
    illegal: list[int],
) -> None:
    """Table ``k``'s reset (``actions`` NULL / None: its first game) or step, then its
    observation and mask."""
    if actions == cython.NULL:
        t.episode = 0
        table_deal(c, t)
    else:
        table_step(c, t, actions[k], rewards, terminated, truncated, illegal, k)
    table_write(c, t, obs, masks, k)


def run_job(p: Any) -> None:
    """A thread's share of a step (or of a reset: no actions); ``p`` its Job."""
    if cython.compiled:
        job = cython.cast(cython.pointer(Job), p)
        for k in range(job.start, job.stop):
            one_table(
                cython.cast(AliwarTables, job.tables),
                cython.cast(Table, cython.cast(AliwarTables, job.tables)._t[k]),
                k, job.actions, job.obs, job.masks, job.rewards, job.terminated,
                job.truncated, job.illegal,
            )  # fmt: skip
    else:
        for k in range(p.start, p.stop):
            one_table(
                p.tables, p.tables._tables[k], k, p.actions, p.obs, p.masks, p.rewards,
                p.terminated, p.truncated, p.illegal,
            )  # fmt: skip


@cython.cclass
class AliwarTables(VectorTables):
    """``count`` Aliwar tables, the learner at ``seat`` against agent code ``opponent``
    (0 random, 1 greedy), under the machine's int options; ``recall`` is
    ``view_recall == "perfect"`` (the observations show every once-seen card)."""

    _tables: list[Table]
    seat: int
    opponent: int
    recall: bool
    null_switch: bool
    kept_below: bool
    double_loss_most: bool
    cap_most: bool
    limit: int
    cap: int

    def __init__(
        self,
        count: object,
        seat: object,
        opponent: object,
        recall: object,
        allow_null_switch: int = 0,
        kept_card_position: int = 0,
        double_loss_result: int = 0,
        no_progress_limit: int = 100,
        max_rounds: int = 1000,
        cap_result: int = 0,
    ) -> None:
        if type(count) is not int or not 1 <= count <= 1 << 20:
            raise ValueError(f"count must be an int from 1 to {1 << 20}, got {count!r}")
        if type(seat) is not int or not 0 <= seat < 2:
            raise ValueError("a seat is 0 or 1 (a plain int)")
        if type(opponent) is not int or opponent not in (0, 1):
            raise ValueError("the opponent is an agent code: 0 (random) or 1 (greedy)")
        self.recall = check_flag(recall, "recall") != 0
        self.null_switch = check_flag(allow_null_switch, "allow_null_switch") != 0
        self.kept_below = check_flag(kept_card_position, "kept_card_position") != 0
        self.double_loss_most = check_flag(double_loss_result, "double_loss_result") != 0
        self.cap_most = check_flag(cap_result, "cap_result") != 0
        self.limit = check_limit(no_progress_limit, "no_progress_limit")
        self.cap = check_limit(max_rounds, "max_rounds")
        self._tables = [Table() for _ in range(count)]
        if cython.compiled:
            free(self._t)
            self._t = cython.cast(
                cython.pointer(cython.pointer(PyObject)),
                malloc(count * cython.sizeof(cython.pointer(PyObject))),
            )
            if self._t == cython.NULL:
                raise MemoryError()
            for k in range(count):
                self._t[k] = cython.cast(cython.pointer(PyObject), self._tables[k])
        self.seat = seat
        self.opponent = opponent
        if cython.compiled:
            tables = cython.cast(cython.p_void, self)
            self._setup(count, OBSERVATION_SIZE, NUM_ACTIONS, run_job, tables, cython.NULL)
        else:
            self._setup(count, OBSERVATION_SIZE, NUM_ACTIONS, run_job, self, None)

    def __dealloc__(self) -> None:
        if cython.compiled:
            free(self._t)

    def _seed(self, k: int, seed: int) -> int:
        cython.cast(Table, self._tables[k]).table_seed = seed
        return 0

    def _refuses(self, k: int, action: int) -> bool:
        t = cython.cast(Table, self._tables[k])
        return not t.done and not table_legal(self, t, action)

    @cython.locals(base=cython.ulonglong, k=cython.Py_ssize_t)
    def sample(self, seed: object, out: Any) -> None:
        """A uniformly random legal action of the learner at every table into ``out``
        (0 at a finished table), table k drawing from ``Rng(derive_seed(seed, k))``
        ``legal[rng.below(len(legal))]`` over its legal actions in canonical order."""
        base = _check_u64(seed, "seed")
        if cython.compiled:
            view = cython.declare(cython.int[::1], out)
        else:
            view = memoryview(out).cast("B").cast("i")
        if len(view) != self.n:
            raise ValueError(f"the action block must have {self.n} entries")
        if not self._ready:
            raise ValueError("reset() the tables before sampling their actions")
        for k in range(self.n):
            view[k] = _sample(cython.cast(Table, self._tables[k]), self.seat, derive(base, k))

    def legal_actions(self, table: object) -> tuple[int, ...]:
        """The learner's legal actions at ``table`` now (none when its game is over)."""
        t = cython.cast(Table, self._tables[self._table_index(table)])
        if not self._ready or t.done:
            return ()
        row = [0] * NUM_ACTIONS
        if cython.compiled:
            k = cython.declare(cython.schar[277])
            memset(k, 0, NUM_ACTIONS)
            mask_row(t, self.seat, k, 0)
            for a in range(NUM_ACTIONS):
                row[a] = k[a]
        else:
            mask_row(t, self.seat, row, 0)
        return tuple([a for a in range(NUM_ACTIONS) if row[a]])

    def game_seeds(self) -> tuple[int, ...]:
        """The seed each table's current game was dealt from."""
        return tuple([_game_seed(cython.cast(Table, t)) for t in self._tables])

    def episodes(self) -> tuple[int, ...]:
        """How many games each table has finished and left (its current game's index)."""
        return tuple([_episode(cython.cast(Table, t)) for t in self._tables])


def _game_seed(t: Table) -> int:
    return derive(t.table_seed, t.episode)


def _episode(t: Table) -> int:
    return t.episode


def _sample(t: Table, seat: int, rng: int) -> int:
    # The random agent's choice at table t, from a fresh RNG: its switch, or its keep
    # (uniform over the canonical order); 0 at a finished table.
    if t.done:
        return 0
    t.agent_rng[seat], rng = rng, t.agent_rng[seat]
    choice = agent_below(t, seat, t.n_switches) if t.phase == SWITCH else agent_keep(t, seat, 0)
    t.agent_rng[seat] = rng
    return choice
