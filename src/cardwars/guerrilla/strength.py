"""The strength of a Guerrilla combination: the pure-Python twin of ``_strength.pxi``.

The compiled extension ``_machine.pyx`` also has a whole-game loop, ``guerrilla_batch``
(in ``_policy.pxi``); it has no twin, because it plays the compiled Guerrilla machine's
own rule steps, whose twin is :mod:`cardwars.guerrilla.machine`, with the built-in
agents, and
:func:`cardwars.simulate` plays that machine through :func:`cardwars.play` when the
compiled core is not in use (the differential tests compare the two game by game).

Cards are standard ids ``suit*13 + rank-2`` (:ref:`card-ids`). A *combination* is
the one or two cards a player has on the table that count (GT-8.4).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["guerrilla_evaluate", "guerrilla_strength"]

_PAIR = 1024  # above every non-pair strength (at most 14*32 + 15)


def _effective(card_id: int, guerrilla_rank: int, ace_low: bool) -> int:
    rank = card_id % 13 + 2
    if rank == 14 and ace_low:
        return 0  # GT-A3 alt: the Ace counts 1, below the Guerrillas
    if rank <= guerrilla_rank:
        return 1  # GT-1.5: every Guerrilla has the same effective rank
    return rank


def guerrilla_strength(
    cards: Sequence[int], guerrilla_rank: int, kicker: bool = False, ace_low: bool = False
) -> int:
    """The strength of a combination of one or two card ids (GT-8.4); higher is better.

    A pair (equal effective ranks) beats every non-pair; a non-pair is worth its
    highest effective rank, plus its second card as a kicker when ``kicker``.

    >>> guerrilla_strength([11], 2) == guerrilla_strength([11, 3], 2)   # K vs K+5: no kicker
    True
    >>> guerrilla_strength([1, 0], 3) > guerrilla_strength([12], 3)     # 3+2 Guerrilla pair > A
    True
    """
    n = len(cards)
    if n == 0 or n > 2:
        raise ValueError(f"a combination has 1 or 2 cards, got {n}")
    first = _effective(cards[0], guerrilla_rank, ace_low)
    if n == 1:
        return first * 32
    second = _effective(cards[1], guerrilla_rank, ace_low)
    if first == second:
        return _PAIR + first
    high, low = (first, second) if first > second else (second, first)
    return high * 32 + (low + 1 if kicker else 0)


def guerrilla_evaluate(
    combos: Sequence[Sequence[int]],
    guerrilla_rank: int,
    kicker: bool = False,
    ace_low: bool = False,
) -> tuple[int, ...]:
    """Each seat's outcome (GT-7, GT-9): 2 winning, 1 tied for best, 0 losing, -1 not taking part.

    ``combos[seat]`` is that seat's combination; an empty one does not take part.

    >>> guerrilla_evaluate([[11], [7], []], 2)
    (2, 0, -1)
    >>> guerrilla_evaluate([[9], [22]], 2)
    (1, 1)
    """
    strengths = [
        guerrilla_strength(c, guerrilla_rank, kicker, ace_low) if len(c) else -1 for c in combos
    ]
    best = max(strengths)
    leaders = sum(1 for s in strengths if s == best and s >= 0)
    out = []
    for s in strengths:
        if s < 0:
            out.append(-1)
        elif s == best:
            out.append(2 if leaders == 1 else 1)
        else:
            out.append(0)
    return tuple(out)
