"""The built-in greedy policy of the pure Guerrilla machine, on ints (twin of ``_gt_greedy``
in ``guerrilla/_policy.pxi``, which the compiled batch loop and machine share).

:class:`GuerrillaPolicy` adds to the rule steps and views the choice
``guerrilla.GreedyAgent`` makes, as an index into a seat's legal actions; the machine's
``greedy_action`` and ``rollout`` (for search) ask it.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardwars.guerrilla.steps import (
    A_PROPOSE,
    CANCEL,
    LOSING,
    NO_CARD,
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
    TIED,
    WINNING,
)
from cardwars.guerrilla.views import GuerrillaViews

__all__: list[str] = []  # the machine's greedy_action and rollout are the public names


class GuerrillaPolicy(GuerrillaViews):
    """The rule steps plus the greedy choice (see ``GuerrillaMachine.greedy_action``)."""

    @staticmethod
    def _against(strength: int, best_other: int) -> int:
        """Where ``strength`` stands against the best other card showing."""
        if strength > best_other:
            return WINNING
        return TIED if strength == best_other else LOSING

    def _greedy_index(self, s: int, legal: Sequence[int]) -> int:
        phase = self._phase
        if phase in (PROPOSE, RESPOND):
            for i, action in enumerate(legal):
                if action == A_PROPOSE or action >= CANCEL:
                    return i
            return 0
        keys: list[tuple[int, int]]
        single = self._strength2
        if phase in (PLAY, PLAY_FIRST):
            shown = [single(c, -1) for o, c in enumerate(self._played) if o != s and c >= 0]
            strengths = [single(a - PLAY_BASE, -1) for a in legal]
            if not shown:
                keys = [(v, 0) for v in strengths]
            else:
                keys = [(self._against(v, max(shown)), -v) for v in strengths]
        elif phase == SUPPORT:
            if self._played[s] < 0:
                return 0
            best_other = max((self._strength_of(o) for o in range(self._n) if o != s), default=-1)
            now = self._against(self._strength_of(s), best_other)
            keys = []
            for a in legal:
                if a < SUPPORT_BASE:
                    keys.append((now, 0))
                    continue
                card = a - SUPPORT_BASE
                outcome = self._against(single(self._played[s], card), best_other)
                keys.append((outcome, -single(card, -1)) if outcome > now else (-2, 0))
        elif phase == TIE:
            combines = self._options["tie_facedown_role"] == 1
            keys = []
            for a in legal:
                up, down = divmod(a - TIE_BASE, 53)
                if down == NO_CARD:
                    keys.append((single(up, -1), 0))
                else:
                    counted = single(up, down if combines else -1)
                    keys.append((counted, -single(down, -1)))
        elif phase == REMOVE:
            keys = [(-single(a - REMOVE_BASE, -1), 0) for a in legal]
        else:
            return 0
        return keys.index(max(keys))
