"""Pure-Python twins of the Aliwar kernels of :mod:`cardwars._kernels._core`.

Kernels work on plain ints: a card is its standard id ``suit*13 + rank-2``
(the card ids of docs/engine.rst), a protection suit is 0..3 (♣ ♦ ♥ ♠), and a conflict outcome is
the winning seat (0 or 1) or ``-1`` for a tie.

:func:`aliwar_batch` plays whole games with built-in agents. It is a plain
loop over ints, written independently of the state machine in
:mod:`cardwars.aliwar`, and both must replay the same games (the differential
test checks it seed by seed).
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Sequence

from cardwars._kernels.pure_rng import Rng, derive_seed

__all__ = ["aliwar_batch", "aliwar_conflict", "aliwar_resolve_columns"]

_TIE = -1
_NULL_SWITCH = 15  # index of the null switch, listed after the 15 pairs
# The 15 switches Switch(a, b), a < b over positions 0..5 (5 = protection), lexicographic (§4.5).
_PAIRS = tuple((a, b) for a in range(6) for b in range(a + 1, 6))
# Termination codes index cardwars.aliwar.TERMINATIONS.
_EMPTY_STACK, _DOUBLE_LOSS, _NO_PROGRESS, _MAX_ROUNDS = 0, 1, 2, 3
_AGENT_RANDOM, _AGENT_GREEDY = 0, 1


def _check_card(value: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 52:
        raise ValueError(f"{what} must be a card id 0..51, got {value!r}")
    return value


def _check_suit(value: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 4:
        raise ValueError(f"{what} must be a suit 0..3, got {value!r}")
    return value


def _conflict(a: int, b: int, suit_a: int, suit_b: int) -> int:
    rank_a, rank_b = a % 13, b % 13
    protected_a, protected_b = a // 13 == suit_a, b // 13 == suit_b
    if protected_a == protected_b:  # AW-5.3: same status, higher rank wins
        return 0 if rank_a > rank_b else 1 if rank_b > rank_a else _TIE
    if protected_a:  # AW-5.4: the protected card wins on greater or equal rank
        return 0 if rank_a >= rank_b else _TIE
    return 1 if rank_b >= rank_a else _TIE


def aliwar_conflict(a: int, b: int, suit_a: int, suit_b: int) -> int:
    """Resolve one column (AW-5): card ``a`` of seat 0 against card ``b`` of seat 1.

    ``suit_a`` and ``suit_b`` are the suits of each card's *owner's* protection
    card (AW-A6). Returns 0 or 1, the winning seat, or -1 for a tie.

    >>> aliwar_conflict(21, 8, 2, 0)  # T♦ (seat 0 protects ♥) vs T♣ (seat 1 protects ♣)
    1
    """
    _check_card(a, "a")
    _check_card(b, "b")
    _check_suit(suit_a, "suit_a")
    _check_suit(suit_b, "suit_b")
    return _conflict(a, b, suit_a, suit_b)


def aliwar_resolve_columns(
    tops_0: Sequence[int], tops_1: Sequence[int], suit_0: int, suit_1: int
) -> tuple[int, ...]:
    """Resolve all five columns: ``tops_s[c]`` is seat ``s``'s top card in column ``c``.

    Returns five outcomes as :func:`aliwar_conflict` does.

    >>> aliwar_resolve_columns([20, 29, 49, 21, 11], [46, 22, 18, 8, 1], 2, 0)
    (-1, -1, 0, 1, -1)
    """
    if len(tops_0) != 5 or len(tops_1) != 5:
        raise ValueError(f"five top cards per seat are needed, got {len(tops_0)} and {len(tops_1)}")
    _check_suit(suit_0, "suit_0")
    _check_suit(suit_1, "suit_1")
    for c in range(5):
        _check_card(tops_0[c], f"tops_0[{c}]")
        _check_card(tops_1[c], f"tops_1[{c}]")
    return tuple(_conflict(tops_0[c], tops_1[c], suit_0, suit_1) for c in range(5))


def _check_flag(value: int, name: str) -> int:
    if isinstance(value, bool):
        value = int(value)
    if not isinstance(value, int) or value not in (0, 1):
        raise ValueError(f"{name} must be 0 or 1, got {value!r}")
    return value


def _check_batch_args(
    seed: int,
    start: int,
    count: int,
    players: int,
    agents: Sequence[int],
    flags: dict[str, int],
    no_progress_limit: int,
    max_rounds: int,
) -> None:
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
    for name, value in flags.items():
        _check_flag(value, name)
    for name, value in (("no_progress_limit", no_progress_limit), ("max_rounds", max_rounds)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value < 2**62:
            raise ValueError(f"{name} must be an int >= 1, got {value!r}")


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

    Args:
        seed: the batch seed.
        start: the index of the first game.
        count: how many games.
        players: must be 2.
        agents: one agent code per seat; 0 is the random agent (``legal[rng.below(len(legal))]``
            from ``Rng(derive_seed(game_seed, 1 + seat))`` in the canonical move order),
            1 the greedy agent of ``cardwars.aliwar.GreedyAgent``.
        allow_null_switch: 1 allows the null switch.
        kept_card_position: 0 ``"above_returning"``, 1 ``"below_returning"``.
        double_loss_result: 0 ``"draw"``, 1 ``"most_cards"``.
        no_progress_limit: rounds without a discard that end the game.
        max_rounds: rounds that end the game.
        cap_result: 0 ``"draw"``, 1 ``"most_cards"``.

    Returns:
        Columns of ``array.array``, one entry per game: ``"length"`` (rounds, ``'q'``),
        ``"winner"`` (seat or -1, ``'b'``), ``"termination"`` (index into
        ``cardwars.aliwar.TERMINATIONS``, ``'b'``), ``"discards"`` (cards discarded, ``'b'``) and
        ``"longest_no_progress"`` (the longest run of rounds without a discard, ``'q'``).

    >>> out = aliwar_batch(42, 0, 3)
    >>> len(out["length"]), sorted(out)
    (3, ['discards', 'length', 'longest_no_progress', 'termination', 'winner'])
    """
    flags = {
        "allow_null_switch": allow_null_switch,
        "kept_card_position": kept_card_position,
        "double_loss_result": double_loss_result,
        "cap_result": cap_result,
    }
    _check_batch_args(seed, start, count, players, agents, flags, no_progress_limit, max_rounds)
    columns: dict[str, array[int]] = {
        "length": array("q"),
        "winner": array("b"),
        "termination": array("b"),
        "discards": array("b"),
        "longest_no_progress": array("q"),
    }

    for k in range(start, start + count):
        outcome = _play_one(
            derive_seed(seed, k % 2**64),
            (agents[0], agents[1]),
            bool(allow_null_switch),
            bool(kept_card_position),
            bool(double_loss_result),
            no_progress_limit,
            max_rounds,
            bool(cap_result),
        )
        for name, value in zip(columns, outcome, strict=True):
            columns[name].append(value)
    return columns


def _most_cards(stacks: list[list[deque[int]]]) -> int:
    sizes = [sum(len(stack) for stack in own) for own in stacks]
    return 0 if sizes[0] > sizes[1] else 1 if sizes[1] > sizes[0] else -1


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


def _fielded(tops: list[int], protection: int, choice: int) -> list[int]:
    """The keys a seat fields in columns 0..4 after switch ``choice`` (``_NULL_SWITCH``: none)."""
    cards = [*tops, protection]
    if choice != _NULL_SWITCH:
        a, b = _PAIRS[choice]
        cards[a], cards[b] = cards[b], cards[a]
    guard = cards[5] // 13
    return [2 * (card % 13) + (card // 13 == guard) for card in cards[:5]]


def _greedy_switch(stacks: list[list[deque[int]]], protection: list[int], s: int, n: int) -> int:
    """``cardwars.aliwar.GreedyAgent``'s switch: the best total over the opponent's switches
    of +1 per column won and -1 per column lost; the first best in the canonical order."""
    tops = [[stack[0] for stack in own] for own in stacks]
    theirs = [_fielded(tops[1 - s], protection[1 - s], k) for k in range(n)]
    # The opponent's key in column c under each of its switches.
    columns = [[keys[c] for keys in theirs] for c in range(5)]
    best, best_score = 0, 0
    for k in range(n):
        mine = _fielded(tops[s], protection[s], k)
        score = sum(sum(map(_VALUES[key].__getitem__, columns[c])) for c, key in enumerate(mine))
        if k == 0 or score > best_score:
            best, best_score = k, score
    return best


def _greedy_keep(won: list[int], empty: list[int], sizes: list[int]) -> tuple[int, int]:
    """``GreedyAgent``'s keep: the highest rank (first by column) into the emptied stack, or
    else into the smallest stack now (first by number)."""
    best = 0
    for i in range(1, len(won)):
        if won[i] % 13 > won[best] % 13:
            best = i
    if empty:
        return won[best], empty[0]
    return won[best], sizes.index(min(sizes))


def _play_one(
    game_seed: int,
    agents: tuple[int, int],
    null_switch: bool,
    kept_below: bool,
    double_loss_most: bool,
    no_progress_limit: int,
    max_rounds: int,
    cap_most: bool,
) -> tuple[int, int, int, int, int]:
    """One game, ``agents[s]`` 0 random or 1 greedy: (length, winner, termination, discards,
    longest idle run)."""

    deck = list(range(52))
    Rng(game_seed).shuffle(deck)
    # Deal map (AW-2.1): seat s, stack c is deck[25s + 5c ..][:5], top first;
    # the protection cards are deck[50] and deck[51].
    stacks = [[deque(deck[25 * s + 5 * c : 25 * s + 5 * c + 5]) for c in range(5)] for s in (0, 1)]
    protection = [deck[50], deck[51]]
    rngs = [Rng(derive_seed(game_seed, 1 + s)) for s in (0, 1)]
    n_switches = 16 if null_switch else 15
    rounds = idle = longest = discards = 0
    while True:
        # Switch (AW-4): both choose from the same position, then only the face-up cards move.
        choices = [
            _greedy_switch(stacks, protection, s, n_switches)
            if agents[s] == _AGENT_GREEDY
            else rngs[s].below(n_switches)
            for s in (0, 1)
        ]
        for s in (0, 1):
            choice = choices[s]
            if choice != _NULL_SWITCH:
                a, b = _PAIRS[choice]  # a < b, so only b can be the protection position
                own = stacks[s]
                if b < 5:
                    own[a][0], own[b][0] = own[b][0], own[a][0]
                else:
                    own[a][0], protection[s] = protection[s], own[a][0]
        # Conflict (AW-5): every top leaves its stack; losers go to the winner, the rest return.
        suits = (protection[0] // 13, protection[1] // 13)
        returning = [[-1] * 5, [-1] * 5]
        won: list[list[int]] = [[], []]
        for c in range(5):
            top_0, top_1 = stacks[0][c].popleft(), stacks[1][c].popleft()
            outcome = _conflict(top_0, top_1, suits[0], suits[1])
            if outcome == 0:
                returning[0][c] = top_0
                won[0].append(top_1)
            elif outcome == 1:
                returning[1][c] = top_1
                won[1].append(top_0)
            else:
                returning[0][c], returning[1][c] = top_0, top_1
        rounds += 1
        empty = [[c for c in range(5) if not stacks[s][c] and returning[s][c] < 0] for s in (0, 1)]
        dead = [len(empty[s]) >= 2 or (len(empty[s]) == 1 and not won[s]) for s in (0, 1)]
        kept: list[tuple[int, int] | None] = [None, None]
        if not (dead[0] or dead[1]):
            # Keep (AW-6.2, AW-7.2): Decline first, then (card by column, stack ascending);
            # a forced refill offers only (card, the emptied stack).
            for s in (0, 1):
                if won[s] and agents[s] == _AGENT_GREEDY:
                    # Returning cards still lie on their stacks, so they count in the sizes.
                    sizes = [len(stacks[s][c]) + (returning[s][c] >= 0) for c in range(5)]
                    kept[s] = _greedy_keep(won[s], empty[s], sizes)
                elif won[s]:
                    if empty[s]:
                        kept[s] = (won[s][rngs[s].below(len(won[s]))], empty[s][0])
                    else:
                        choice = rngs[s].below(1 + 5 * len(won[s]))
                        if choice:
                            kept[s] = (won[s][(choice - 1) // 5], (choice - 1) % 5)
        # Return (AW-6.4, AW-6.6): a kept card and its stack's returning card, in the ruled order.
        for s in (0, 1):
            keep = kept[s]
            for c in range(5):
                kept_here = keep[0] if keep is not None and keep[1] == c else -1
                first, second = (
                    (returning[s][c], kept_here) if kept_below else (kept_here, returning[s][c])
                )
                if first >= 0:
                    stacks[s][c].append(first)
                if second >= 0:
                    stacks[s][c].append(second)
        discarded = len(won[0]) + len(won[1]) - (kept[0] is not None) - (kept[1] is not None)
        discards += discarded
        if dead[0] or dead[1]:
            if dead[0] and dead[1]:
                winner = _most_cards(stacks) if double_loss_most else -1
                return rounds, winner, _DOUBLE_LOSS, discards, longest
            return rounds, 1 if dead[0] else 0, _EMPTY_STACK, discards, longest
        idle = idle + 1 if discarded == 0 else 0
        longest = max(longest, idle)
        if idle >= no_progress_limit or rounds >= max_rounds:
            winner = _most_cards(stacks) if cap_most else -1
            termination = _NO_PROGRESS if idle >= no_progress_limit else _MAX_ROUNDS
            return rounds, winner, termination, discards, longest
