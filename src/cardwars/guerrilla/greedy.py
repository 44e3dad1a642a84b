"""The built-in agents' choices on the position, and whole games played with them.

:func:`greedy` is ``guerrilla.GreedyAgent``'s choice, as an index into a seat's legal actions (its
rule per phase, GT-4, GT-6, GT-8, GT-10, GT-A24: the table "Built-in agents" of
:doc:`/games/guerrilla`). The random agent draws ``below(len(legal))`` from its own RNG.
:func:`play_one` deals a game (GT-2) and plays it to the end with these agents, one choice per
polled seat per step in ascending seat order, as :func:`cardwars.play` does; :func:`guerrilla_batch`
plays many."""

from __future__ import annotations

from array import array

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars._core import _check_u64
    from cython.cimports.cardwars.guerrilla.board import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.promotion import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.turns import best_other as best_other_of
    from cython.cimports.cardwars.guerrilla.turns import legal as legal_of
    from cython.cimports.cardwars.guerrilla.turns import step
    from cython.cimports.libc.stdint import uint64_t
    from cython.cimports.libc.stdlib import free, malloc
    from cython.cimports.libc.string import memset
else:
    uint64_t = cython.ulonglong  # the RNG states (C: libc uint64_t)
    from cardwars.core_rng import _check_u64

    from .board import (
        A_PROPOSE,
        CANCEL,
        NACT,
        NO_CARD,
        NOPT,
        O_ALL_RECRUIT,
        O_COMBINES,
        O_MAX_SKIRMISHES,
        O_TWO_SUIT,
        OVER,
        PLAY,
        PLAY_BASE,
        PLAY_FIRST,
        PROPOSE,
        REMOVE,
        REMOVE_BASE,
        RESPOND,
        SUPPORT,
        SUPPORT_BASE,
        TIE,
        TIE_BASE,
        Board,
        BoardLists,
        below,
        combo,
        derive,
        init_board,
        strength,
    )
    from .promotion import deal
    from .turns import best_other as best_other_of
    from .turns import legal as legal_of
    from .turns import step

    KEY = 4096

    def against(mine: int, best_other: int) -> int:
        """Where ``mine`` stands against the best other: 2 above, 1 level, 0 below."""
        return 2 if mine > best_other else (1 if mine == best_other else 0)


__all__ = ["guerrilla_batch"]


def greedy(st: Board, s: int, legal: list[int], m: int) -> int:
    """The index into ``legal[:m]`` of GreedyAgent's choice for seat ``s``: the first
    legal action, in canonical order, with the greatest key."""
    best_key = -(1 << 30)
    best = 0
    shown = -1
    phase = st.phase
    if phase in (PROPOSE, RESPOND):
        for i in range(m):
            if legal[i] == A_PROPOSE or legal[i] >= CANCEL:
                return i
        return 0
    if phase in (PLAY, PLAY_FIRST):
        for o in range(st.n):
            if o != s and st.played[o] >= 0:
                v = strength(st, st.played[o], -1)
                if v > shown:
                    shown = v
        for i in range(m):
            v = strength(st, legal[i] - PLAY_BASE, -1)
            key = v if shown < 0 else against(v, shown) * KEY - v
            if key > best_key:
                best_key = key
                best = i
        return best
    if phase == SUPPORT:
        if st.played[s] < 0:
            return 0
        best_other = best_other_of(st, s)
        now = against(combo(st, s), best_other)
        for i in range(m):
            if legal[i] < SUPPORT_BASE:
                key = now * KEY
            else:
                outcome = against(strength(st, st.played[s], legal[i] - SUPPORT_BASE), best_other)
                if outcome <= now:
                    key = -2 * KEY
                else:
                    key = outcome * KEY - strength(st, legal[i] - SUPPORT_BASE, -1)
            if key > best_key:
                best_key = key
                best = i
        return best
    if phase == TIE:
        for i in range(m):
            a = legal[i] - TIE_BASE
            up = a // 53
            down = a % 53
            if down == NO_CARD:
                key = strength(st, up, -1) * KEY
            else:
                key = strength(st, up, down if st.opt[O_COMBINES] else -1) * KEY - strength(
                    st, down, -1
                )
            if key > best_key:
                best_key = key
                best = i
        return best
    if phase == REMOVE:
        for i in range(m):
            key = -strength(st, legal[i] - REMOVE_BASE, -1)
            if key > best_key:
                best_key = key
                best = i
        return best
    return 0


def play_one(st: Board, opt: list[int], seed: int, players: int, agent: list[int]) -> None:
    """Deal one game from ``seed`` and play it to the end with these agents (codes per
    seat: 0 random, 1 greedy); seat s's random agent draws from ``derive_seed(seed, 1 + s)``."""
    chosen = cython.declare(cython.int[4])
    legal = cython.declare(cython.int[NACT])
    arng = cython.declare(uint64_t[4])
    init_board(st, players, opt, seed)
    for s in range(players):
        arng[s] = derive(seed, 1 + s)
    deal(st, cython.NULL)
    while st.phase != OVER:
        for s in range(players):
            chosen[s] = -1
            if not (st.to_act >> s) & 1:
                continue
            m = legal_of(st, s, legal)
            idx = greedy(st, s, legal, m) if agent[s] else below(arng, s, m)
            chosen[s] = legal[idx]
        step(st, chosen, cython.NULL)


def guerrilla_batch(
    seed: int,
    start: int,
    count: int,
    players: int = 2,
    two_suit_variant: bool = False,
    agents: list[int] | None = None,
    max_skirmishes: int = 5000,
) -> dict[str, array[int]]:
    """Play games ``start .. start+count-1`` (game k dealt from ``derive_seed(seed, k)``).

    Default rules only; ``agents`` are codes per seat (0 = random, 1 = greedy;
    other codes raise ValueError). Returns the columns ``length``
    ('q'), ``winner`` ('b', -1 for a draw), ``termination`` (index into
    ``guerrilla.TERMINATIONS``, 'b') and ``guerrilla_rank`` (final G, 'b')."""
    s0 = cython.declare(cython.ulonglong, _check_u64(seed, "seed"))
    first = cython.declare(cython.ulonglong, _check_u64(start, "start"))
    total = cython.declare(cython.Py_ssize_t, count)
    n = cython.declare(cython.int, players)
    two = cython.declare(cython.bint, two_suit_variant)
    cap = cython.declare(cython.int, max_skirmishes)
    opt = cython.declare(cython.int[NOPT])
    agent = cython.declare(cython.int[4])
    i = cython.declare(cython.Py_ssize_t)
    if n < 2 or n > 4:
        raise ValueError(f"players must be 2..4, got {players!r}")
    if two and n != 2:
        raise ValueError("two_suit_variant is for 2 players")
    if total < 0:
        raise ValueError(f"count must be >= 0, got {count!r}")
    if cap < 1:
        raise ValueError(f"max_skirmishes must be >= 1, got {max_skirmishes!r}")
    codes = [0] * n if agents is None else list(agents)
    if len(codes) != n:
        raise ValueError(f"agents needs one code per seat ({n}), got {agents!r}")
    for code in codes:
        if code not in (0, 1):
            raise ValueError(f"agent codes are 0 (random) and 1 (greedy), got {agents!r}")
    length = array("q", bytes(8 * total))
    winner = array("b", bytes(total))
    termination = array("b", bytes(total))
    grank = array("b", bytes(total))
    # typed memoryviews (the stand-in's C types take only sizes: mypy is told so)
    length_v = cython.declare(cython.longlong[::1], length)  # type: ignore[index]
    winner_v = cython.declare(cython.schar[::1], winner)  # type: ignore[index]
    term_v = cython.declare(cython.schar[::1], termination)  # type: ignore[index]
    grank_v = cython.declare(cython.schar[::1], grank)  # type: ignore[index]
    for i in range(NOPT):
        opt[i] = 0
    opt[O_TWO_SUIT] = two
    opt[O_ALL_RECRUIT] = 1
    opt[O_MAX_SKIRMISHES] = cap
    for i in range(n):
        agent[i] = codes[i]
    if cython.compiled:
        st = cython.cast(cython.pointer(Board), malloc(cython.sizeof(Board)))
        if st == cython.NULL:
            raise MemoryError()
        memset(st, 0, cython.sizeof(Board))
    else:
        st = BoardLists()
    with cython.nogil:
        for i in range(total):
            play_one(st, opt, derive(s0, first + i), n, agent)
            length_v[i] = st.k
            winner_v[i] = st.result_winners[0] if st.result_winners_n else -1
            term_v[i] = st.termination
            grank_v[i] = st.g
    if cython.compiled:
        free(st)
    return {"length": length, "winner": winner, "termination": termination, "guerrilla_rank": grank}
