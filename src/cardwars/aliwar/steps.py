"""Aliwar's rules on ints, step by step: the pure-Python twin of ``_steps.pxi``.

:class:`AliwarRules` is the position and its rule steps (AW-4 to AW-7), one method per
step, each the twin of the C function of the same name with an ``_aw_`` prefix in
``_steps.pxi`` (``_switch_step`` is ``_aw_switch_step``, ``_keep_step`` is
``_aw_keep_step``). :class:`~cardwars.aliwar.machine.AliwarMachine` adds the protocol the
face steps it through, and :func:`~cardwars.aliwar.batch.aliwar_batch` plays whole games
with it. :func:`aliwar_conflict` and :func:`aliwar_resolve_columns` are the conflict of
AW-5 on its own, as the public ``resolve`` functions ask it.

Cards are their standard ids ``suit*13 + rank-2`` (the card ids of docs/engine.rst), a
protection suit is 0..3 (♣ ♦ ♥ ♠), and a conflict outcome is the winning seat (0 or 1)
or ``-1`` for a tie. The events each step writes are tabled in
:mod:`cardwars.aliwar.machine`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardwars.aliwar.codes import (
    DECLINE,
    DOUBLE_LOSS,
    EMPTY_STACK,
    KEEP,
    KEEP_BASE,
    MAX_ROUNDS,
    NO_PROGRESS,
    NULL_SWITCH,
    OVER,
    PAIRS,
    SWITCH,
)
from cardwars.core_rng import _check_u64

__all__ = ["aliwar_conflict", "aliwar_resolve_columns"]


def _flag(value: object, name: str) -> bool:
    if isinstance(value, bool):
        value = int(value)
    if not isinstance(value, int) or value not in (0, 1):
        raise ValueError(f"{name} must be 0 or 1, got {value!r}")
    return bool(value)


def _limit(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value < 2**62:
        raise ValueError(f"{name} must be an int >= 1, got {value!r}")
    return value


def _card(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 52:
        raise ValueError(f"{what} must be a card id 0..51, got {value!r}")
    return value


def conflict(a: int, b: int, suit_a: int, suit_b: int) -> int:
    """AW-5: seat 0's card ``a`` against seat 1's ``b``; the winning seat, or -1 for a tie."""
    rank_a, rank_b = a % 13, b % 13
    protected_a, protected_b = a // 13 == suit_a, b // 13 == suit_b
    if protected_a == protected_b:  # AW-5.3: same status, higher rank wins
        return 0 if rank_a > rank_b else 1 if rank_b > rank_a else -1
    if protected_a:  # AW-5.4: the protected card wins on greater or equal rank
        return 0 if rank_a >= rank_b else -1
    return 1 if rank_b >= rank_a else -1


def _check_suit(value: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 4:
        raise ValueError(f"{what} must be a suit 0..3, got {value!r}")
    return value


def aliwar_conflict(a: int, b: int, suit_a: int, suit_b: int) -> int:
    """Resolve one column (AW-5): card ``a`` of seat 0 against card ``b`` of seat 1.

    ``suit_a`` and ``suit_b`` are the suits of each card's *owner's* protection
    card (AW-A6). Returns 0 or 1, the winning seat, or -1 for a tie.

    >>> aliwar_conflict(21, 8, 2, 0)  # T♦ (seat 0 protects ♥) vs T♣ (seat 1 protects ♣)
    1
    """
    _card(a, "a")
    _card(b, "b")
    _check_suit(suit_a, "suit_a")
    _check_suit(suit_b, "suit_b")
    return conflict(a, b, suit_a, suit_b)


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
        _card(tops_0[c], f"tops_0[{c}]")
        _card(tops_1[c], f"tops_1[{c}]")
    return tuple(conflict(tops_0[c], tops_1[c], suit_0, suit_1) for c in range(5))


class AliwarRules:
    """An Aliwar position on ints and its rule steps (the machine's protocol is its subclass's)."""

    def _setup(
        self,
        cards: Sequence[Any],
        rng_state: int,
        allow_null_switch: int,
        kept_card_position: int,
        double_loss_result: int,
        no_progress_limit: int,
        max_rounds: int,
        cap_result: int,
    ) -> None:
        """An empty position with these options."""
        self._cards = tuple(cards)
        if len(self._cards) != 52:
            raise ValueError(f"cards must be 52 labels, one per card id, got {len(self._cards)}")
        self._rng_state = _check_u64(rng_state, "rng_state")
        self._n_switches = 16 if _flag(allow_null_switch, "allow_null_switch") else 15
        self._kept_below = _flag(kept_card_position, "kept_card_position")
        self._double_loss_most = _flag(double_loss_result, "double_loss_result")
        self._cap_most = _flag(cap_result, "cap_result")
        self._no_progress_limit = _limit(no_progress_limit, "no_progress_limit")
        self._max_rounds = _limit(max_rounds, "max_rounds")
        self._stacks: list[list[list[int]]] = [[[] for _ in range(5)] for _ in range(2)]
        self._protection = [0, 0]
        self._phase = SWITCH
        self._won: list[list[int]] = [[], []]
        self._returning = [[0] * 5, [0] * 5]
        self._empty_stack = [-1, -1]
        self._discard: list[int] = []
        self._rounds = self._no_progress = self._longest = 0
        self._seen = 0
        self._termination = self._winner = -1
        self._history: list[tuple[int, int]] = []
        self._events: list[int] = []
        self._legal: list[tuple[int, ...] | None] = [None, None]
        self._views: tuple[Any, ...] | None = None  # this step's observations(), once asked

    # --- the rule steps ----------------------------------------------------------------
    def _start_round(self) -> None:
        """AW-7.5: the tops are face up (so seen by both), and both players must switch."""
        for s in range(2):
            for stack in self._stacks[s]:
                self._seen |= 1 << stack[0]
            self._seen |= 1 << self._protection[s]
        self._returning = [[0] * 5, [0] * 5]
        self._empty_stack = [-1, -1]
        self._phase = SWITCH

    def _switch_step(self, choice_0: int, choice_1: int) -> None:
        """AW-4 and AW-5: both switches at once, then the conflict of all five columns."""
        self._events += (0, choice_0, choice_1)
        for s, choice in ((0, choice_0), (1, choice_1)):
            if choice != NULL_SWITCH:  # AW-4.3: only the two face-up cards move
                a, b = PAIRS[choice]
                own = self._stacks[s]
                if b < 5:
                    own[a][0], own[b][0] = own[b][0], own[a][0]
                else:
                    own[a][0], self._protection[s] = self._protection[s], own[a][0]
        suits = (self._protection[0] // 13, self._protection[1] // 13)
        self._rounds += 1
        for c in range(5):
            tops = (self._stacks[0][c][0], self._stacks[1][c][0])
            winner = conflict(tops[0], tops[1], suits[0], suits[1])
            protected = (int(tops[0] // 13 == suits[0]), int(tops[1] // 13 == suits[1]))
            self._events += (1, c, *tops, *protected, winner)
            # AW-6.1: the losing card goes to the middle, won by the column's winner; the
            # winning and tying cards stay face up on their stacks until they return (AW-6.4).
            self._returning[0][c] = int(winner != 1)
            self._returning[1][c] = int(winner != 0)
            if winner != -1:
                loser = 1 - winner
                self._won[winner].append(self._stacks[loser][c].pop(0))
                if not self._stacks[loser][c]:
                    self._events += (2, loser, c)
        dead = [False, False]
        for s in range(2):  # AW-7.3: an empty stack the forced refill (AW-7.2) cannot fill
            empty = [c for c in range(5) if not self._stacks[s][c]]
            self._empty_stack[s] = empty[0] if empty else -1
            dead[s] = len(empty) >= 2 or (len(empty) == 1 and not self._won[s])
        if dead[0] or dead[1]:
            # AW-7.4, AW-A20, AW-B1: the game ends before any keep; nothing is kept.
            self._return((-1, -1), (-1, -1))
            if dead[0] and dead[1]:  # AW-A15, AW-B2
                self._end(DOUBLE_LOSS, self._double_loss_most, -1)
            else:
                self._end(EMPTY_STACK, False, 1 if dead[0] else 0)
        elif self._won[0] or self._won[1]:
            self._phase = KEEP
        else:
            self._finish_round((-1, -1), (-1, -1))

    def _keep_step(self, action_0: int, action_1: int) -> None:
        """AW-6.2: each polled seat keeps one won card or declines (-1: not polled)."""
        kept_card, kept_stack = [-1, -1], [-1, -1]
        for s, action in ((0, action_0), (1, action_1)):
            if action == DECLINE:
                self._events += (6, s)
            elif action >= KEEP_BASE:
                kept_card[s], kept_stack[s] = divmod(action - KEEP_BASE, 5)
                self._events += (5, s, kept_card[s], kept_stack[s])
        self._finish_round((kept_card[0], kept_card[1]), (kept_stack[0], kept_stack[1]))

    def _return(self, kept_card: tuple[int, int], kept_stack: tuple[int, int]) -> int:
        """AW-6.2-6.6: place kept cards, discard the rest (AW-B8), return the fighters.

        Returns the number of cards discarded."""
        discarded = [card for s in range(2) for card in self._won[s] if card != kept_card[s]]
        self._won = [[], []]
        self._discard.extend(discarded)
        if discarded:
            self._events += (3, len(discarded), *discarded)
        for s in range(2):
            back: list[int] = []
            for c, stack in enumerate(self._stacks[s]):
                kept_here = kept_card[s] if kept_stack[s] == c else -1
                returning = stack.pop(0) if self._returning[s][c] else -1
                if returning >= 0:
                    back += (c, returning)
                # AW-6.6: the kept card goes in first, the returning card beneath it (AW-A11).
                arriving = (returning, kept_here) if self._kept_below else (kept_here, returning)
                stack.extend(card for card in arriving if card >= 0)
                self._returning[s][c] = 0
            if back:
                self._events += (4, s, len(back) // 2, *back)
        return len(discarded)

    def _finish_round(self, kept_card: tuple[int, int], kept_stack: tuple[int, int]) -> None:
        discarded = self._return(kept_card, kept_stack)
        self._no_progress = 0 if discarded else self._no_progress + 1
        self._longest = max(self._longest, self._no_progress)
        if self._no_progress >= self._no_progress_limit or self._rounds >= self._max_rounds:
            # AW-7.6, AW-B3: both caps in one round is "no_progress".
            capped = NO_PROGRESS if self._no_progress >= self._no_progress_limit else MAX_ROUNDS
            self._end(capped, self._cap_most, -1)
            return
        self._start_round()
        self._events += (7, *(stack[0] for own in self._stacks for stack in own))

    def _end(self, termination: int, most_cards: bool, winner: int) -> None:
        if winner < 0 and most_cards:
            sizes = [sum(map(len, own)) for own in self._stacks]
            winner = 0 if sizes[0] > sizes[1] else 1 if sizes[1] > sizes[0] else -1
        self._termination, self._winner, self._phase = termination, winner, OVER
        self._events += (8, termination, winner)
