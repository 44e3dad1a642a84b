"""Aliwar's whole-game batch loop: the pure-Python twin of ``_batch.pxi``.

The rules are stated once, in :mod:`cardwars.aliwar.steps`:
:func:`aliwar_batch` deals each game with ``aliwar_deal`` and plays it through the
machine's steps, its built-in agents choosing among the machine's legal actions (as the
compiled batch loop plays the compiled machine's rule steps). The greedy agent's choice on
ints is here, once: :func:`switch_scores` and :func:`keep_index`, which
``cardwars.aliwar.GreedyAgent`` also asks.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from cardwars.aliwar.codes import DECLINE, KEEP_BASE, OVER, PAIRS, SWITCH
from cardwars.aliwar.machine import AliwarMachine, aliwar_deal
from cardwars.aliwar.steps import _flag, _limit
from cardwars.core_rng import Rng, derive_seed

__all__ = ["aliwar_batch"]

_AGENT_GREEDY = 1  # agent codes: 0 random, 1 greedy
# The positions each switch action swaps; the null switch (15) is Switch(5, 5), a no-op.
_SWITCH_POSITIONS = (*PAIRS, (5, 5))
_IDS = tuple(range(52))  # the batch's machines are labelled by the card ids themselves


def _check_batch_args(
    seed: int,
    start: int,
    count: int,
    players: int,
    agents: Sequence[int],
    options: dict[str, int],
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
    # The machine's own checks (so also when count is 0), in the compiled loop's order.
    for name in ("allow_null_switch", "kept_card_position", "double_loss_result", "cap_result"):
        _flag(options[name], name)
    for name in ("no_progress_limit", "max_rounds"):
        _limit(options[name], name)


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
    options = {
        "allow_null_switch": allow_null_switch,
        "kept_card_position": kept_card_position,
        "double_loss_result": double_loss_result,
        "no_progress_limit": no_progress_limit,
        "max_rounds": max_rounds,
        "cap_result": cap_result,
    }
    _check_batch_args(seed, start, count, players, agents, options)
    columns: dict[str, array[int]] = {
        "length": array("q"),
        "winner": array("b"),
        "termination": array("b"),
        "discards": array("b"),
        "longest_no_progress": array("q"),
    }
    for k in range(start, start + count):
        outcome = _play_one(derive_seed(seed, k % 2**64), (agents[0], agents[1]), options)
        for name, value in zip(columns, outcome, strict=True):
            columns[name].append(value)
    return columns


def _play_one(
    game_seed: int, agents: tuple[int, int], options: dict[str, int]
) -> tuple[int, int, int, int, int]:
    """One game through the machine, ``agents[s]`` 0 random or 1 greedy: (length, winner,
    termination, discards, longest idle run).

    Seat ``s``'s random agent is ``cardwars.engine.interfaces.RandomAgent`` with
    ``Rng(derive_seed(game_seed, 1 + s))``: ``legal[rng.below(len(legal))]``. The loop
    calls the machine's unguarded steps, which :meth:`AliwarMachine.apply_actions` wraps
    (its checks hold here: every action is one of the polled seat's legal actions).
    """
    machine = aliwar_deal(_IDS, game_seed, **options)
    rngs = (Rng(derive_seed(game_seed, 1)), Rng(derive_seed(game_seed, 2)))
    while machine._phase != OVER:
        chosen = [-1, -1]  # -1: a seat that is not polled (it won nothing to keep)
        for s in (0, 1):
            legal = machine._build_legal(s)
            if not legal:
                continue
            if agents[s] == _AGENT_GREEDY:
                chosen[s] = greedy_action(machine, s, legal)
            else:
                chosen[s] = legal[rngs[s].below(len(legal))]
        machine._events = []  # as apply_actions does: only this step's events
        if machine._phase == SWITCH:
            machine._switch_step(chosen[0], chosen[1])
        else:
            machine._keep_step(chosen[0], chosen[1])
    return (
        machine.rounds,
        machine.winner,
        machine.termination,
        len(machine._discard),
        machine._longest,
    )


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
    ``a == b`` the null switch).

    >>> tops = [[0, 1, 2, 3, 37], [20, 19, 18, 17, 47]]  # 2♣ 3♣ 4♣ 5♣ K♥ | 9♦ 8♦ 7♦ 6♦ T♠
    >>> scores = switch_scores(tops, [38, 48], 0, PAIRS)  # A♥ | J♠ protect
    >>> max(scores), PAIRS[scores.index(max(scores))]  # the Ace fights, the ♣ are protected
    (7, (0, 5))
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


def greedy_action(machine: AliwarMachine, seat: int, legal: Sequence[int]) -> int:
    """``GreedyAgent``'s choice among ``legal``, ``seat``'s legal actions in ``machine``."""
    stacks = machine._stacks
    if machine._phase == SWITCH:
        tops = [[stack[0] for stack in own] for own in stacks]
        scores = switch_scores(
            tops, machine._protection, seat, [_SWITCH_POSITIONS[a] for a in legal]
        )
        return legal[scores.index(max(scores))]
    keeps = [divmod(action - KEEP_BASE, 5) for action in legal if action != DECLINE]
    # The returning cards still lie on their stacks (AW-6.4), so they count in the sizes.
    choice = keep_index(keeps, [len(stack) for stack in stacks[seat]])
    return KEEP_BASE + 5 * keeps[choice][0] + keeps[choice][1]
