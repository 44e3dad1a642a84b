"""A second, independent statement of the rules, for the tests: written from the rules text
(README.md, BMN-2 … BMN-8) without the plugin's code, as plainly as possible: hands as
deques of demands, a dict of every position seen at the start of a trick for the cycle rule.

:func:`play` returns ``(winner or None, tricks, cards, cycle length or None, how)``,
where ``how`` says how the last pile went: ``"paying"`` when the loser ran out while owing
cards to a demand, ``"leading"`` when no demand was open.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

DEMANDS = {"-": 0, "J": 1, "Q": 2, "K": 3, "A": 4}


def play(
    hand0: Sequence[int], hand1: Sequence[int], reverse: bool = False
) -> tuple[int | None, int, int, int | None, str]:
    """Play two hands of demands (0 plain), top first; seat 0 leads."""
    hands = [deque(hand0), deque(hand1)]
    leader, tricks, cards = 0, 0, 0
    seen: dict[tuple[int, tuple[int, ...], tuple[int, ...]], int] = {}
    while True:
        position = (leader, tuple(hands[0]), tuple(hands[1]))
        if position in seen:
            return None, tricks, cards, tricks - seen[position], "cycle"
        seen[position] = tricks
        pile: list[int] = []
        player, owed, court_player = leader, 0, -1
        while True:
            if not hands[player]:
                other = 1 - player
                hands[other].extend(reversed(pile) if reverse else pile)
                return other, tricks, cards, None, "paying" if owed else "leading"
            card = hands[player].popleft()
            pile.append(card)
            cards += 1
            if card > 0:
                owed, court_player, player = card, player, 1 - player
            elif owed > 0:
                owed -= 1
                if owed == 0:
                    hands[court_player].extend(reversed(pile) if reverse else pile)
                    leader = court_player
                    tricks += 1
                    break
            else:
                player = 1 - player


def play_notation(
    hand0: str, hand1: str, reverse: bool = False
) -> tuple[int | None, int, int, int | None, str]:
    """:func:`play` from record notation (``-``, ``J``, ``Q``, ``K``, ``A``)."""
    return play([DEMANDS[c] for c in hand0], [DEMANDS[c] for c in hand1], reverse)
