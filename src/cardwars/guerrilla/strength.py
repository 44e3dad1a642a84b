"""The worth of a card and the strength of a combination (GT-1.5, GT-7, GT-8.4).

Cards are standard ids ``suit*13 + rank-2`` (:ref:`card-ids`). A *combination* is the one or two
cards a player has on the table that count (GT-8.4). The rules read strengths through
``board.strength`` (on the position's table of worths, kept at G); :func:`guerrilla_strength` and
:func:`guerrilla_evaluate` are the same rule for the face (the moves' labels, the skirmish views).
"""

from __future__ import annotations

from collections.abc import Sequence

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

__all__ = ["guerrilla_evaluate", "guerrilla_strength"]

if not cython.compiled:  # compiled, the C enum of strength.pxd stands
    PAIR = 1024

if not cython.compiled:  # compiled, strength.pxd's inline C (the same text)

    def effective(card: int, grank: int, ace_low: bool) -> int:
        """A card's worth at G: a Guerrilla (rank 2..G, GT-1.5) 1, a low Ace (``ace_low``,
        GT-A3 alt) 0, else its rank."""
        rank = card % 13 + 2
        if rank == 14 and ace_low:
            return 0
        if rank <= grank:
            return 1
        return rank


def strength2(a: int, b: int, grank: int, kicker: bool, ace_low: bool) -> int:
    """The strength of the combination ``a`` with ``b`` (``b < 0``: ``a`` alone).

    GT-8.4: two cards of equal worth are a pair and beat every non-pair; a non-pair is
    worth its higher card, plus the lower one as a kicker when ``kicker``."""
    ea = effective(a, grank, ace_low)
    if b < 0:
        return ea * 32
    eb = effective(b, grank, ace_low)
    if ea == eb:
        return PAIR + ea
    if ea < eb:
        ea, eb = eb, ea
    return ea * 32 + (eb + 1 if kicker else 0)


def guerrilla_strength(
    cards: Sequence[int], guerrilla_rank: int, kicker: bool = False, ace_low: bool = False
) -> int:
    """The strength of a combination of one or two card ids (GT-8.4); higher is better.

    >>> guerrilla_strength([11], 2) == guerrilla_strength([11, 3], 2)   # K vs K+5: no kicker
    True
    >>> guerrilla_strength([1, 0], 3) > guerrilla_strength([12], 3)     # 3+2 Guerrilla pair > A
    True
    """
    n = len(cards)
    if n == 0 or n > 2:
        raise ValueError(f"a combination has 1 or 2 cards, got {n}")
    second = -1 if n == 1 else cards[1]
    return strength2(cards[0], second, guerrilla_rank, bool(kicker), bool(ace_low))


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
    best = max(strengths, default=-1)
    top = 2 if strengths.count(best) == 1 else 1  # the best alone wins, else its seats tie
    return tuple([-1 if v < 0 else (top if v == best else 0) for v in strengths])
