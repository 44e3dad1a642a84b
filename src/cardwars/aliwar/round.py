"""The rule steps of an Aliwar round, in the order they happen (AW-3 … AW-7), and the events
they write when ``g.log`` is set (:ref:`aliwar-machine`).
"""

from __future__ import annotations

from collections.abc import Sequence

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars.aliwar.position import *  # noqa: F403
else:
    from .position import (
        DECLINE,
        DOUBLE_LOSS,
        EMPTY_STACK,
        EV_CONFLICT,
        EV_DECLINED,
        EV_DISCARDED,
        EV_EMPTIED,
        EV_FLIPPED,
        EV_KEPT,
        EV_OVER,
        EV_RETURNED,
        EV_REVEALED,
        KEEP,
        KEEP_BASE,
        MAX_ROUNDS,
        NO_PROGRESS,
        NULL_SWITCH,
        OVER,
        PAIR_A,
        PAIR_B,
        RING,
        RING_MASK,
        TIE,
        Position,
        start_round,
    )

from .position import check_card

__all__ = ["PAIRS", "aliwar_conflict", "aliwar_resolve_columns"]

PAIRS = tuple((a, b) for a in range(6) for b in range(a + 1, 6))
"""The positions ``(a, b)`` swapped by switch action ``k``."""


def top(g: Position, s: int, c: int) -> int:
    """The top card of seat ``s``'s stack ``c``."""
    return g.ring[RING * (5 * s + c) + g.head[5 * s + c]]


def _pop(g: Position, s: int, c: int) -> int:
    i = 5 * s + c
    card = g.ring[RING * i + g.head[i]]
    g.head[i] = (g.head[i] + 1) & RING_MASK
    g.size[i] -= 1
    return card


def _push(g: Position, s: int, c: int, card: int) -> None:
    i = 5 * s + c
    g.ring[RING * i + ((g.head[i] + g.size[i]) & RING_MASK)] = card
    g.size[i] += 1


def _to_bottom(g: Position, s: int, c: int) -> int:
    """The top card of seat ``s``'s stack ``c`` goes under that stack (a pop, then a push)."""
    i = 5 * s + c
    card = g.ring[RING * i + g.head[i]]
    g.ring[RING * i + ((g.head[i] + g.size[i]) & RING_MASK)] = card
    g.head[i] = (g.head[i] + 1) & RING_MASK
    return card


def put(g: Position, value: int) -> None:
    """The next int of this step's events (when the position logs them)."""
    if g.log:
        g.ev[g.n_ev] = value
        g.n_ev += 1


# --- AW-4 the switch and AW-5 the conflict ----------------------------------------------


def conflict(a: int, b: int, suit_a: int, suit_b: int) -> int:
    """AW-5: seat 0's card ``a`` against seat 1's ``b``, each protected by its own
    player's protection suit (AW-5.2); the winning seat, or -1 (TIE)."""
    rank_a = a % 13
    rank_b = b % 13
    protected_a = a // 13 == suit_a
    protected_b = b // 13 == suit_b
    if protected_a == protected_b:  # AW-5.3: same status, higher rank wins
        if rank_a > rank_b:
            return 0
        if rank_b > rank_a:
            return 1
        return TIE
    if protected_a:  # AW-5.4: the protected card wins on greater or equal rank
        return 0 if rank_a >= rank_b else TIE
    return 1 if rank_b >= rank_a else TIE


def aliwar_conflict(a: int, b: int, suit_a: int, suit_b: int) -> int:
    """Resolve one column (AW-5): card ``a`` of seat 0 against card ``b`` of seat 1.

    ``suit_a`` and ``suit_b`` are the suits of each card's *owner's* protection
    card (AW-A6). Returns 0 or 1, the winning seat, or -1 for a tie.

    >>> aliwar_conflict(21, 8, 2, 0)  # T♦ (seat 0 protects ♥) vs T♣ (seat 1 protects ♣)
    1
    """
    return conflict(
        check_card(a, "a"),
        check_card(b, "b"),
        _check_suit(suit_a, "suit_a"),
        _check_suit(suit_b, "suit_b"),
    )


def _check_suit(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 4:
        raise ValueError(f"{what} must be a suit 0..3, got {value!r}")
    return value


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
    s0 = _check_suit(suit_0, "suit_0")
    s1 = _check_suit(suit_1, "suit_1")
    a = [check_card(tops_0[c], f"tops_0[{c}]") for c in range(5)]
    b = [check_card(tops_1[c], f"tops_1[{c}]") for c in range(5)]
    return tuple([conflict(a[c], b[c], s0, s1) for c in range(5)])


def switch_step(g: Position, choice_0: int, choice_1: int) -> None:
    """AW-4 then AW-5: both switches at once, the conflict of all five columns, the
    end check of AW-7.3 and AW-7.4; then the Keep phase, or the round's end at once."""
    choices = cython.declare(cython.int[2])
    suits = cython.declare(cython.int[2])
    dead = cython.declare(cython.bint[2])
    no_keep = cython.declare(cython.int[2])
    choices[0] = choice_0
    choices[1] = choice_1
    put(g, EV_REVEALED)
    put(g, choice_0)
    put(g, choice_1)
    for s in range(2):  # AW-4.3: only the two face-up cards move
        if choices[s] != NULL_SWITCH:
            a = 5 * s + PAIR_A[choices[s]]
            tmp = g.ring[RING * a + g.head[a]]
            if PAIR_B[choices[s]] < 5:
                b = 5 * s + PAIR_B[choices[s]]
                g.ring[RING * a + g.head[a]] = g.ring[RING * b + g.head[b]]
                g.ring[RING * b + g.head[b]] = tmp
            else:  # a top with P: that top is the new protection card
                g.ring[RING * a + g.head[a]] = g.protection[s]
                g.protection[s] = tmp
    suits[0] = g.protection[0] // 13
    suits[1] = g.protection[1] // 13
    g.rounds += 1
    for c in range(5):
        a = top(g, 0, c)
        b = top(g, 1, c)
        outcome = conflict(a, b, suits[0], suits[1])
        if g.log:
            put(g, EV_CONFLICT)
            put(g, c)
            put(g, a)
            put(g, b)
            put(g, 1 if a // 13 == suits[0] else 0)
            put(g, 1 if b // 13 == suits[1] else 0)
            put(g, outcome)
        # AW-6.1: the losing card goes to the middle, won by the column's winner; the
        # winning and tying cards stay face up on their stacks until they return (AW-6.4).
        g.returning[c] = 1 if outcome != 1 else 0
        g.returning[5 + c] = 1 if outcome != 0 else 0
        if outcome != TIE:
            loser = 1 - outcome
            g.won[5 * outcome + g.won_count[outcome]] = _pop(g, loser, c)
            g.won_count[outcome] += 1
            if g.size[5 * loser + c] == 0:  # AW-7.1
                put(g, EV_EMPTIED)
                put(g, loser)
                put(g, c)
    for s in range(2):  # AW-7.3: dead is an empty stack the forced refill (AW-7.2) cannot fill
        empty = 0
        g.empty_stack[s] = -1
        for c in range(5):
            if g.size[5 * s + c] == 0:
                if empty == 0:
                    g.empty_stack[s] = c
                empty += 1
        dead[s] = empty >= 2 or (empty == 1 and g.won_count[s] == 0)
        no_keep[s] = -1
    if dead[0] or dead[1]:
        # AW-7.4, AW-A20, AW-B1: the game ends before any keep; nothing is kept.
        return_cards(g, no_keep, no_keep)
        if dead[0] and dead[1]:  # AW-A15, AW-B2
            end(g, DOUBLE_LOSS, g.double_loss_most, -1)
        else:
            end(g, EMPTY_STACK, False, 1 if dead[0] else 0)
        return
    if g.won_count[0] or g.won_count[1]:
        g.phase = KEEP
        return
    finish_round(g, no_keep, no_keep)


# --- AW-7.4 the end of a game -------------------------------------------------------------


def most_cards(g: Position) -> int:
    """The seat with more cards in its stacks (AW-B2, AW-B3), or -1 for equal."""
    sizes = cython.declare(cython.int[2])
    for s in range(2):
        sizes[s] = 0
        for c in range(5):
            sizes[s] += g.size[5 * s + c]
    if sizes[0] > sizes[1]:
        return 0
    if sizes[1] > sizes[0]:
        return 1
    return TIE


def end(g: Position, termination: int, most: bool, winner: int) -> None:
    """The game is over (AW-7.4, AW-7.6); ``most``: a draw goes to the most cards."""
    if winner < 0 and most:
        winner = most_cards(g)
    g.termination = termination
    g.winner = winner
    g.phase = OVER
    put(g, EV_OVER)
    put(g, termination)
    put(g, winner)


# --- AW-6.2 the keep, AW-6.3 the discard, AW-6.4 the return, AW-7.5 the flip --------------


def keep_is_legal(g: Position, s: int, action: int) -> bool:
    """Whether ``action`` is one of seat ``s``'s keeps (AW-6.2; a forced refill, AW-7.2)."""
    if g.won_count[s] == 0:
        return False
    if action == DECLINE:
        return g.empty_stack[s] < 0
    if action < KEEP_BASE or action >= DECLINE:
        return False
    card = (action - KEEP_BASE) // 5
    stack = (action - KEEP_BASE) % 5
    if g.empty_stack[s] >= 0 and stack != g.empty_stack[s]:
        return False
    for i in range(g.won_count[s]):  # noqa: SIM110 (a C loop)
        if g.won[5 * s + i] == card:
            return True
    return False


def keep_step(g: Position, action_0: int, action_1: int) -> None:
    """AW-6.2: each seat that won a card keeps one or declines (-1: a seat not polled);
    then the rest of the round."""
    actions = cython.declare(cython.int[2])
    kept_card = cython.declare(cython.int[2])
    kept_stack = cython.declare(cython.int[2])
    actions[0] = action_0
    actions[1] = action_1
    for s in range(2):
        action = actions[s]
        kept_card[s] = -1
        kept_stack[s] = -1
        if action == DECLINE:
            put(g, EV_DECLINED)
            put(g, s)
        elif action >= KEEP_BASE:
            kept_card[s] = (action - KEEP_BASE) // 5
            kept_stack[s] = (action - KEEP_BASE) % 5
            put(g, EV_KEPT)
            put(g, s)
            put(g, kept_card[s])
            put(g, kept_stack[s])
    finish_round(g, kept_card, kept_stack)


def return_cards(g: Position, kept_card: list[int], kept_stack: list[int]) -> int:
    """AW-6.3 to AW-6.6: every won card not kept is discarded (seat 0's, then seat 1's,
    AW-B8), the kept cards go under their stacks and the fighters return beneath or
    above them. Returns the number of cards discarded."""
    start = g.n_discard
    for s in range(2):
        for i in range(g.won_count[s]):
            card = g.won[5 * s + i]
            if card != kept_card[s]:
                g.discard[g.n_discard] = card
                g.n_discard += 1
        g.won_count[s] = 0
    if g.n_discard > start:
        put(g, EV_DISCARDED)
        put(g, g.n_discard - start)
        for i in range(start, g.n_discard):
            put(g, g.discard[i])
    for s in range(2):
        # AW-6.6: the kept card goes under its stack first, the returning card beneath it
        # (AW-A11: or the other way round, kept_below). A returning card is the top of a
        # stack that still holds it, so the kept card may go under before the top leaves.
        if kept_card[s] >= 0 and not g.kept_below:
            _push(g, s, kept_stack[s], kept_card[s])
        count_at = 0
        if g.log:
            put(g, EV_RETURNED)
            put(g, s)
            count_at = g.n_ev
            put(g, 0)
        for c in range(5):
            pos = 5 * s + c
            if g.returning[pos]:
                back = _to_bottom(g, s, c)
                g.returning[pos] = 0
                if g.log:
                    g.ev[count_at] += 1
                    put(g, c)
                    put(g, back)
        if kept_card[s] >= 0 and g.kept_below:
            _push(g, s, kept_stack[s], kept_card[s])
        if g.log and g.ev[count_at] == 0:
            g.n_ev -= 3  # nothing came back to this seat: no event
    return g.n_discard - start


def finish_round(g: Position, kept_card: list[int], kept_stack: list[int]) -> None:
    """The end of a round: the return, then the caps of AW-7.6, then the flip of AW-7.5."""
    discarded = return_cards(g, kept_card, kept_stack)
    g.no_progress = 0 if discarded else g.no_progress + 1
    if g.no_progress > g.longest:
        g.longest = g.no_progress
    if g.no_progress >= g.no_progress_limit or g.rounds >= g.max_rounds:
        # AW-7.6, AW-B3: both caps in one round is "no_progress".
        end(g, NO_PROGRESS if g.no_progress >= g.no_progress_limit else MAX_ROUNDS, g.cap_most, -1)
        return
    start_round(g)
    if g.log:
        put(g, EV_FLIPPED)
        for s in range(2):
            for c in range(5):
                put(g, top(g, s, c))
