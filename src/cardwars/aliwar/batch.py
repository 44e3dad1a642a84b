"""Aliwar's built-in agents and its whole-game batch loop: games dealt (AW-2.1) and
played to their end through the rule steps of :mod:`.round`, each seat's choices made by
the random or the greedy agent (``cardwars.aliwar.GreedyAgent``, on card ids).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars.aliwar.position import *  # noqa: F403
    from cython.cimports.cardwars.aliwar.round import *  # noqa: F403
    from cython.cimports.cpython import array as carray
else:
    from .position import (
        AGENT_GREEDY,
        DECLINE,
        KEEP_BASE,
        OVER,
        PAIR_A,
        PAIR_B,
        RING,
        SWITCH,
        Position,
        agent_below,
        deal,
        derive,
        reset,
        start_round,
    )
    from .round import keep_step, switch_step

from .position import check_flag, check_limit

__all__ = ["aliwar_batch", "keep_index", "switch_scores"]


# --- the built-in agents ------------------------------------------------------------------


def ranks_and_suits(g: Position, s: int, ranks: list[int], suits: list[int]) -> None:
    """The rank and suit of each card of seat ``s`` that a switch may move: its five tops
    and its protection card (positions 0..5, AW-4.1), for :func:`fielded`."""
    for p in range(6):
        card = g.protection[s] if p == 5 else g.ring[RING * (5 * s + p) + g.head[5 * s + p]]
        ranks[p] = card % 13
        suits[p] = card // 13


def fielded(ranks: list[int], suits: list[int], choice: int, keys: list[int]) -> None:
    """The keys ``2 rank + protected`` a seat would field in columns 0..4 after switch
    ``choice`` (AW-4.3, AW-5.2), without making it, from the :func:`ranks_and_suits` of its
    positions; the built-in greedy agent weighs them."""
    at = cython.declare(cython.int[6])  # the position each one's card comes from
    for p in range(6):
        at[p] = p
    at[PAIR_A[choice]] = PAIR_B[choice]
    at[PAIR_B[choice]] = PAIR_A[choice]
    guard = suits[at[5]]
    for c in range(5):
        keys[c] = 2 * ranks[at[c]] + (1 if suits[at[c]] == guard else 0)


def greedy_switch(g: Position, s: int) -> int:
    """``GreedyAgent``'s switch: the best total over the opponent's switches of +1 per
    column won and -1 per column lost; the first best in the canonical order.

    Counting instead of fighting every pair: ``below[c][p][r]`` is how many opponent
    switches field, in column ``c``, a card of protection status ``p`` and rank below
    ``r``, so the total of one of our cards against all of them is a few lookups
    (AW-5.3, AW-5.4).
    """
    below = cython.declare(cython.int[140])  # below[c][p][r] at 28 c + 14 p + r
    keys = cython.declare(cython.int[5])
    ranks = cython.declare(cython.int[6])
    suits = cython.declare(cython.int[6])
    for k in range(140):
        below[k] = 0
    ranks_and_suits(g, 1 - s, ranks, suits)
    for k in range(g.n_switches):
        fielded(ranks, suits, k, keys)
        for c in range(5):
            below[28 * c + 14 * (keys[c] & 1) + (keys[c] >> 1) + 1] += 1
    for c in range(5):
        for p in range(2):
            for r in range(1, 14):
                below[28 * c + 14 * p + r] += below[28 * c + 14 * p + r - 1]
    best = 0
    best_score = 0
    ranks_and_suits(g, s, ranks, suits)
    for k in range(g.n_switches):
        fielded(ranks, suits, k, keys)
        score = 0
        for c in range(5):
            rank = keys[c] >> 1
            u = 28 * c  # the row of unprotected cards, then (+ 14) of protected ones
            n0 = below[u + 13]
            n1 = below[u + 27]
            if keys[c] & 1:  # protected: beats lower protected and any unprotected rank <= it
                score += below[u + 14 + rank] + below[u + rank + 1] - (n1 - below[u + 15 + rank])
            else:  # unprotected: beats lower unprotected, loses to higher or any protected >= it
                score += below[u + rank] - (n0 - below[u + rank + 1]) - (n1 - below[u + 14 + rank])
        if k == 0 or score > best_score:
            best = k
            best_score = score
    return best


def agent_switch(g: Position, s: int, agent: int) -> int:
    """The switch of a built-in agent: greedy, or uniform over the switch actions."""
    if agent == AGENT_GREEDY:
        return greedy_switch(g, s)
    return agent_below(g, s, g.n_switches)


def agent_keep(g: Position, s: int, agent: int) -> int:
    """The Keep action of a built-in agent, or -1 when seat ``s`` is not polled.

    Random: ``legal[rng.below(len(legal))]`` over the canonical order (Decline, then card
    by column and stack ascending; a forced refill offers only the emptied stack). Greedy:
    the highest rank (first by column) into the emptied stack, or else into the smallest
    stack now (the returning cards still lie on their stacks; first by number).
    """
    n_won = g.won_count[s]
    if n_won == 0:
        return -1
    if agent == AGENT_GREEDY:
        best = 0
        for i in range(1, n_won):
            if g.won[5 * s + i] % 13 > g.won[5 * s + best] % 13:
                best = i
        stack = 0
        if g.empty_stack[s] >= 0:
            stack = g.empty_stack[s]
        else:
            smallest = g.size[5 * s]
            for c in range(1, 5):
                if g.size[5 * s + c] < smallest:
                    smallest = g.size[5 * s + c]
                    stack = c
        return KEEP_BASE + 5 * g.won[5 * s + best] + stack
    if g.empty_stack[s] >= 0:
        return KEEP_BASE + 5 * g.won[5 * s + agent_below(g, s, n_won)] + g.empty_stack[s]
    choice = agent_below(g, s, 1 + 5 * n_won)
    if choice == 0:
        return DECLINE
    return KEEP_BASE + 5 * g.won[5 * s + (choice - 1) // 5] + (choice - 1) % 5


# --- the batch loop -----------------------------------------------------------------------


def play_one(g: Position, game_seed: int, agent_0: int, agent_1: int) -> None:
    """One game on ``g`` (reset with the options), dealt from ``game_seed``; seat ``s``'s
    agent draws from ``derive_seed(game_seed, 1 + s)``."""
    choices = cython.declare(cython.int[2])
    deal(g, game_seed)
    for s in range(2):
        g.agent_rng[s] = derive(game_seed, 1 + s)
    start_round(g)
    while g.phase != OVER:
        if g.phase == SWITCH:
            choices[0] = agent_switch(g, 0, agent_0)
            choices[1] = agent_switch(g, 1, agent_1)
            switch_step(g, choices[0], choices[1])
        else:
            choices[0] = agent_keep(g, 0, agent_0)
            choices[1] = agent_keep(g, 1, agent_1)
            keep_step(g, choices[0], choices[1])


@cython.locals(
    i=cython.Py_ssize_t,
    n=cython.Py_ssize_t,
    seed_c=cython.ulonglong,
    start_c=cython.ulonglong,
    null_switch=cython.bint,
    kept_below=cython.bint,
    double_loss_most=cython.bint,
    cap_most=cython.bint,
    limit=cython.longlong,
    cap=cython.longlong,
    agent_0=cython.int,
    agent_1=cython.int,
    g=Position,
)
def aliwar_batch(
    seed: int,
    start: int,
    count: int,
    players: int = 2,
    agents: Sequence[int] = (0, 0),
    allow_null_switch: int = 0,
    kept_card_position: int = 0,
    double_loss_result: int = 0,
    no_progress_limit: int = 100,
    max_rounds: int = 1000,
    cap_result: int = 0,
) -> dict[str, array[int]]:
    """Play the Aliwar games ``k = start .. start+count-1``, each from ``derive_seed(seed, k)``.

    ``players`` must be 2. ``agents`` has one code per seat: 0 the random agent
    (``legal[rng.below(len(legal))]`` from ``Rng(derive_seed(game_seed, 1 + seat))`` in the
    canonical move order), 1 the greedy agent of ``cardwars.aliwar.GreedyAgent``. The
    options are ``aliwar.Rules.machine_options()``: a flag 0 or 1, a choice its index.

    Returns:
        Columns of ``array.array``, one entry per game: ``"length"`` (rounds, ``'q'``),
        ``"winner"`` (seat or -1, ``'b'``), ``"termination"`` (index into
        ``cardwars.aliwar.TERMINATIONS``, ``'b'``), ``"discards"`` (cards discarded, ``'b'``) and
        ``"longest_no_progress"`` (the longest run of rounds without a discard, ``'q'``).

    >>> out = aliwar_batch(42, 0, 3)
    >>> len(out["length"]), sorted(out)
    (3, ['discards', 'length', 'longest_no_progress', 'termination', 'winner'])
    """
    for name, value in (("seed", seed), ("start", start)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**64:
            raise ValueError(f"{name} must be an int in [0, 2**64), got {value!r}")
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"count must be an int >= 0, got {count!r}")
    if players != 2:
        raise ValueError(f"aliwar is for exactly 2 players, got players={players!r}")
    if (
        isinstance(agents, (str, bytes))
        or len(agents) != 2
        or any(
            isinstance(code, bool) or not isinstance(code, int) or code not in (0, 1)
            for code in agents
        )
    ):
        raise ValueError(
            f"agents must be two agent codes from (0, 1) (0 = random, 1 = greedy), got {agents!r}"
        )
    null_switch = check_flag(allow_null_switch, "allow_null_switch")
    kept_below = check_flag(kept_card_position, "kept_card_position")
    double_loss_most = check_flag(double_loss_result, "double_loss_result")
    cap_most = check_flag(cap_result, "cap_result")
    limit = check_limit(no_progress_limit, "no_progress_limit")
    cap = check_limit(max_rounds, "max_rounds")
    agent_0 = agents[0]
    agent_1 = agents[1]
    seed_c = seed
    start_c = start
    n = count
    g = Position()
    g.log = False
    columns = {
        "length": array("q", bytes(8 * count)),
        "winner": array("b", bytes(count)),
        "termination": array("b", bytes(count)),
        "discards": array("b", bytes(count)),
        "longest_no_progress": array("q", bytes(8 * count)),
    }
    if cython.compiled:
        lengths = cython.declare(carray.array, columns["length"])
        winners = cython.declare(carray.array, columns["winner"])
        terminations = cython.declare(carray.array, columns["termination"])
        discards = cython.declare(carray.array, columns["discards"])
        longest = cython.declare(carray.array, columns["longest_no_progress"])
        with cython.nogil:
            for i in range(n):
                reset(g, null_switch, kept_below, double_loss_most, limit, cap, cap_most)
                play_one(g, derive(seed_c, start_c + i), agent_0, agent_1)
                lengths.data.as_longlongs[i] = g.rounds
                winners.data.as_schars[i] = g.winner
                terminations.data.as_schars[i] = g.termination
                discards.data.as_schars[i] = g.n_discard
                longest.data.as_longlongs[i] = g.longest
    else:
        for i in range(n):
            reset(g, null_switch, kept_below, double_loss_most, limit, cap, cap_most)
            play_one(g, derive(seed_c, (start_c + i) % 2**64), agent_0, agent_1)
            columns["length"][i] = g.rounds
            columns["winner"][i] = g.winner
            columns["termination"][i] = g.termination
            columns["discards"][i] = g.n_discard
            columns["longest_no_progress"][i] = g.longest
    return columns


# --- the greedy agent on ints (``cardwars.aliwar.GreedyAgent`` asks it too) --------------


def _column_value(mine: int, theirs: int) -> int:
    """+1, 0 or -1 for fielded keys ``2*rank + protected`` (AW-5.3, AW-5.4), seen by ``mine``."""
    rank_m, protected_m, rank_t, protected_t = mine >> 1, mine & 1, theirs >> 1, theirs & 1
    if protected_m == protected_t:
        return (rank_m > rank_t) - (rank_m < rank_t)
    if protected_m:
        return 1 if rank_m >= rank_t else 0
    return -1 if rank_t >= rank_m else 0


# _VALUES[mine][theirs] = _column_value(mine, theirs) for keys 0..25.
_VALUES = tuple(tuple(_column_value(mine, theirs) for theirs in range(26)) for mine in range(26))


def _fielded(
    tops: Sequence[int], protection: int, switches: Sequence[tuple[int, int]]
) -> list[list[int]]:
    """For each switch ``(a, b)`` of positions 0..5 (``a == b``: the null switch), the keys
    ``2*rank + protected`` a seat fields in columns 0..4 (AW-4.3, AW-5.2)."""
    cards = [*tops, protection]
    fielded = []
    for a, b in switches:
        where = [0, 1, 2, 3, 4, 5]  # where[p]: the position whose card lands at p
        where[a], where[b] = b, a
        guard = cards[where[5]] // 13
        fielded.append([2 * (cards[p] % 13) + (cards[p] // 13 == guard) for p in where[:5]])
    return fielded


def switch_scores(
    tops: Sequence[Sequence[int]],
    protection: Sequence[int],
    seat: int,
    switches: Sequence[tuple[int, int]],
) -> list[int]:
    """``GreedyAgent``'s score of each of ``switches`` for ``seat``: the total, over the
    same switches made by the opponent, of +1 per column won and -1 per column lost.

    ``tops[s]`` are seat ``s``'s five top card ids, ``protection[s]`` its protection card
    id; a switch is its two positions ``(a, b)`` (0..4 the stacks, 5 the protection card;
    ``a == b`` the null switch). The example: :ref:`aliwar-agents`, through ``GreedyAgent``.
    """
    theirs = _fielded(tops[1 - seat], protection[1 - seat], switches)
    # The opponent's key in column c under each of its switches.
    columns = [[keys[c] for keys in theirs] for c in range(5)]
    return [
        sum(sum(map(_VALUES[key].__getitem__, columns[c])) for c, key in enumerate(keys))
        for keys in _fielded(tops[seat], protection[seat], switches)
    ]


def keep_index(keeps: Sequence[tuple[int, int]], sizes: Sequence[int]) -> int:
    """``GreedyAgent``'s keep among ``keeps``, pairs ``(card id, stack)`` in the canonical
    order: the highest rank, then the stack with the fewest cards (``sizes``, the seat's
    stacks now), the first of equals.

    >>> keep_index([(3, 0), (3, 1), (25, 0), (25, 1)], [3, 2, 4, 4, 4])  # 5♣ 5♣ A♦ A♦
    3
    """
    keys = [(card % 13, -sizes[stack]) for card, stack in keeps]
    return keys.index(max(keys))
