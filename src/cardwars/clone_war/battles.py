"""How Clone War is played, in the order the rules happen: one battle (CW-3 … CW-7.2 and
the cap), the cycle rule (CW-7.3, CW-B2 … B4), the deal (CW-2) and a whole game.

Every backend and loop plays this one battle; they share this module so that the C
compiler sees every call of it (the loops that keep no log get a battle without one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if TYPE_CHECKING:
    from array import array
    from collections.abc import Sequence

if cython.compiled:
    from cython.cimports.cardwars._core import _GAMMA, _mix, _shuffle_ints
    from cython.cimports.cardwars.clone_war.position import *  # noqa: F403
else:
    from cardwars.core_rng import _GAMMA, Rng, _mix

    from .position import (
        CAP,
        COLLECT_SHUFFLED,
        COLLECT_WINNER_FIRST,
        CYCLE,
        LAST_PLAYER,
        OP_COLLECT,
        OP_ELIMINATED,
        OP_END,
        OP_FLIP,
        OP_FORFEIT,
        OP_LAST,
        OP_PLACE,
        OP_SPLIT,
        OP_WAR,
        RING_MASK,
        Log,
        Position,
        copy_position,
        new_position,
        reset,
    )


# --- the moves of cards every rule makes --------------------------------------------


def size(t: Position, s: int) -> int:
    """How many cards seat ``s`` holds."""
    if cython.compiled:  # unsigned int counters: the difference wraps as it should
        return cython.cast(cython.int, t.tail[s] - t.head[s])
    return (t.tail[s] - t.head[s]) & 0xFFFFFFFF


def pop(t: Position, s: int) -> int:
    """Take seat ``s``'s top card (pop touches only head, push only tail)."""
    c: int = t.cards[s][t.head[s] & RING_MASK]
    t.head[s] += 1
    if not cython.compiled:  # the C counter's width
        t.head[s] &= 0xFFFFFFFF
    return c


def push(t: Position, s: int, c: int) -> None:
    """Slide card ``c`` under seat ``s``'s pile."""
    t.cards[s][t.tail[s] & RING_MASK] = c
    t.tail[s] += 1
    if not cython.compiled:
        t.tail[s] &= 0xFFFFFFFF


def push_run(t: Position, s: int, cards: list[int], a: int, b: int) -> None:
    """Slide ``cards[a:b]`` under seat ``s``'s pile, in that order (the ring and its
    tail counter held in locals while the cards go in)."""
    ring = t.cards[s]
    tail = t.tail[s]
    for i in range(a, b):
        ring[tail & RING_MASK] = cards[i]
        tail += 1
    if not cython.compiled:
        tail &= 0xFFFFFFFF
    t.tail[s] = tail


def bury(t: Position, c: int) -> None:
    """Put card ``c`` on the dead pile (CW-2.2, CW-5.2, CW-5.3)."""
    t.dead_cards[t.ndead] = c
    t.ndead += 1


def pile_ids(t: Position, s: int) -> list[int]:
    """Seat ``s``'s cards as the position holds them (``id*4 + rank``), top first."""
    return [t.cards[s][(t.head[s] + i) & RING_MASK] for i in range(size(t, s))]


def fill(t: Position, piles: Sequence[Sequence[int]], dead: Sequence[int]) -> int:
    """Slide each seat's card ids under its pile, and bury those of ``dead``, in order."""
    for s in range(len(piles)):
        for card in piles[s]:
            push(t, s, card * 4 + card % 3)
    for card in dead:
        bury(t, card * 4 + card % 3)
    return 0


def note(log: Log | None, op: int, a: int, b: int, c: int) -> None:
    """Write the entry ``[op, a, b, c]`` to ``log`` (None: nobody reads this battle)."""
    if log is not None:
        log.entries[log.n] = op
        log.entries[log.n + 1] = a
        log.entries[log.n + 2] = b
        log.entries[log.n + 3] = c
        log.n += 4


def shuffle_cards(t: Position, pot: list[int], n: int) -> None:
    """Shuffle ``pot[0:n]`` with the game RNG (the core's Fisher-Yates, docs/engine.rst)."""
    if cython.compiled:
        _shuffle_ints(cython.address(t.rng), pot, n)
    else:
        rng = Rng(t.rng)
        cards = [pot[i] for i in range(n)]  # a C array is indexed, never sliced
        rng.shuffle(cards)
        for i in range(n):
            pot[i] = cards[i]
        t.rng = rng.state


def seats_in(t: Position) -> int:
    """How many seats are still playing (not out, CW-7.1)."""
    n = 0
    for s in range(t.seats):
        if t.out[s] < 0:
            n += 1
    return n


def finish_setup(t: Position) -> None:
    """CW-B7: a seat without cards is out from the start; one seat left has won."""
    alive = 0
    last_alive = -1
    for s in range(t.seats):
        if size(t, s) == 0:
            t.out[s] = 0
        else:
            alive += 1
            last_alive = s
    if alive == 1:
        t.ending = LAST_PLAYER
        t.winning_seat = last_alive


# --- the battle --------------------------------------------------------------------


def highest(mask: int, last: list[int], n: int) -> int:
    """CW-3.2, CW-4.3: the seats of ``mask`` whose latest face-up card has the highest
    rank, as a mask (CW-1.3: only the rank counts)."""
    best = -1
    top = 0
    for s in range(n):
        if (mask >> s) & 1:
            r = last[s] & 3
            if r > best:
                best = r
                top = 1 << s
            elif r == best:
                top |= 1 << s
    return top


def lowest_seat(mask: int) -> int:
    """The first seat of a non-empty mask."""
    s = 0
    while not ((mask >> s) & 1):
        s += 1
    return s


def battle(t: Position, log: Log | None, use_cap: bool) -> int:
    """Play one battle; return 1 if it drew from the RNG (CW-B4), else 0."""
    # The pot in the order played (stage, seat, placement): the cards, their seats,
    # and where each stage starts; each seat's latest face-up card (CW-B6).
    pot = cython.declare(cython.int[64])
    pot_seat = cython.declare(cython.int[64])
    stage_start = cython.declare(cython.int[64])
    last = cython.declare(cython.int[4])
    n = t.seats
    npot = 0
    nstages = 1
    stage = 0
    best = -1
    tied = 0
    winner = -1
    split_mask = 0
    if log is not None:
        log.n = 0
    t.played += 1
    stage_start[0] = 0

    # CW-3.1: everyone still playing turns over their top card (stage 0).
    for s in range(n):
        if t.out[s] >= 0:
            continue
        c = pop(t, s)
        pot[npot] = c
        pot_seat[npot] = s
        npot += 1
        last[s] = c
        note(log, OP_FLIP, s, c >> 2, 0)
        r = c & 3
        if r > best:  # CW-3.2, CW-3.3: the highest rank, alone or shared
            best = r
            tied = 1 << s
        elif r == best:
            tied |= 1 << s

    while tied & (tied - 1):
        # CW-4.1: a war stage among the tied seats; count who is short (CW-5.1).
        stage += 1
        t.war_stages += 1
        stage_start[nstages] = npot
        nstages += 1
        note(log, OP_WAR, stage, tied, 0)
        nshort = 0
        ntied = 0
        for s in range(n):
            if (tied >> s) & 1:
                ntied += 1
                if size(t, s) < 2:
                    nshort += 1
        fighters = 0
        if nshort == ntied:
            # CW-5.3: everyone is short; the last cards are compared (CW-A14, CW-B6).
            for s in range(n):
                if (tied >> s) & 1:
                    new = 0
                    if size(t, s) > 0:
                        c = pop(t, s)
                        pot[npot] = c
                        pot_seat[npot] = s
                        npot += 1
                        last[s] = c
                        new = 1
                    note(log, OP_LAST, s, last[s] >> 2, new)
            tied = highest(tied, last, n)
            if tied & (tied - 1):
                split_mask = tied
            break
        if nshort and not t.play_what_you_can:
            # CW-5.2: short seats forfeit, in seat order among this stage's records.
            sole = ntied - nshort == 1
            for s in range(n):
                if not ((tied >> s) & 1):
                    continue
                if size(t, s) < 2:
                    c = -1
                    if size(t, s) == 1:
                        c = pop(t, s)
                        if t.forfeit_to_dead:
                            bury(t, c)
                        else:
                            pot[npot] = c
                            pot_seat[npot] = s
                            npot += 1
                    note(log, OP_FORFEIT, s, (c >> 2) if c >= 0 else -1, t.forfeit_to_dead)
                else:
                    if not sole:
                        npot = place_war_cards(t, s, pot, pot_seat, npot, last, log)
                    fighters |= 1 << s
            if sole:
                winner = lowest_seat(fighters)  # CW-A13: wins at once, places nothing
                break
        else:
            # CW-4.2 (and play_what_you_can, CW-A14, for short seats).
            for s in range(n):
                if not ((tied >> s) & 1):
                    continue
                size_s = size(t, s)
                if size_s >= 2:
                    npot = place_war_cards(t, s, pot, pot_seat, npot, last, log)
                elif size_s == 1:
                    c = pop(t, s)
                    pot[npot] = c
                    pot_seat[npot] = s
                    npot += 1
                    last[s] = c
                    note(log, OP_LAST, s, c >> 2, 1)
                else:
                    note(log, OP_LAST, s, last[s] >> 2, 0)
                fighters |= 1 << s
        tied = highest(fighters, last, n)  # CW-4.3
    if winner < 0 and split_mask == 0:
        winner = lowest_seat(tied)
    stage_start[nstages] = npot

    if split_mask:
        drew = split_pot(t, split_mask, pot, npot, log)
    else:
        drew = collect_pot(t, winner, pot, pot_seat, npot, stage_start, nstages, log)
    end_checks(t, log, use_cap)
    return drew


def place_war_cards(
    t: Position,
    s: int,
    pot: list[int],
    pot_seat: list[int],
    npot: int,
    last: list[int],
    log: Log | None,
) -> int:
    """CW-4.2, CW-A9: the first card taken goes face down, the second face up; returns
    the pot's new size."""
    down = pop(t, s)
    up = pop(t, s)
    pot[npot] = down
    pot_seat[npot] = s
    pot[npot + 1] = up
    pot_seat[npot + 1] = s
    last[s] = up
    note(log, OP_PLACE, s, down >> 2, up >> 2)
    return npot + 2


def split_pot(t: Position, split_mask: int, pot: list[int], npot: int, log: Log | None) -> int:
    """CW-5.3, CW-A15 … A18, CW-B5: shuffle the whole pot and deal it, one card at a time
    in seat order, to the tied seats; what would make the shares unequal is dead (unless
    ``split_remainder="round_robin"``). Returns 1: the RNG was drawn."""
    seats = cython.declare(cython.int[4])
    nseats = 0
    for s in range(t.seats):
        if (split_mask >> s) & 1:
            seats[nseats] = s
            nseats += 1
    shuffle_cards(t, pot, npot)
    dealt = npot if t.split_round_robin else npot // nseats * nseats
    for i in range(dealt):
        push(t, seats[i % nseats], pot[i])
    for i in range(dealt, npot):
        bury(t, pot[i])
    note(log, OP_SPLIT, split_mask, npot // nseats, npot - dealt)
    return 1


def collect_pot(
    t: Position,
    winner: int,
    pot: list[int],
    pot_seat: list[int],
    npot: int,
    stage_start: list[int],
    nstages: int,
    log: Log | None,
) -> int:
    """CW-6: the winner slides the pot under their pile, stage by stage; in a stage their
    own cards first, then clockwise (or as ``collect_order`` says). Returns 1 if the pot
    was shuffled (the RNG drawn), else 0."""
    drew = 0
    if t.collect_order == COLLECT_WINNER_FIRST and winner > 0:
        # Per stage the records are in seat order, so clockwise from the winner is the
        # stage's records from the first of a seat >= winner on, then those before it.
        for k in range(nstages):
            a = stage_start[k]
            b = stage_start[k + 1]
            first = a
            while first < b and pot_seat[first] < winner:
                first += 1
            push_run(t, winner, pot, first, b)
            push_run(t, winner, pot, a, first)
    else:
        if t.collect_order == COLLECT_SHUFFLED:
            shuffle_cards(t, pot, npot)
            drew = 1
        push_run(t, winner, pot, 0, npot)
    note(log, OP_COLLECT, winner, npot, drew)
    return drew


def end_checks(t: Position, log: Log | None, use_cap: bool) -> None:
    """CW-7.1, CW-7.2 and the cap, in the order of CW-B3 (the cycle rule is the caller's)."""
    eliminated = 0
    alive = 0
    last_alive = -1
    for s in range(t.seats):
        if t.out[s] >= 0:
            continue
        if size(t, s) == 0:
            t.out[s] = t.played
            eliminated |= 1 << s
        else:
            alive += 1
            last_alive = s
    if eliminated:
        note(log, OP_ELIMINATED, eliminated, cython.cast(cython.int, t.played), 0)
    if alive == 1:
        t.ending = LAST_PLAYER
        t.winning_seat = last_alive
    elif use_cap and t.played >= t.max_battles:
        t.ending = CAP
        t.winning_seat = -1
        if t.cap_most_cards:  # the unique largest pile wins
            most = -1
            nmost = 0
            for s in range(t.seats):
                if size(t, s) > most:
                    most = size(t, s)
                    nmost = 1
                    t.winning_seat = s
                elif size(t, s) == most:
                    nmost += 1
            if nmost > 1:
                t.winning_seat = -1
    else:
        return
    note(log, OP_END, t.ending, t.winning_seat, 0)


# --- the cycle rule (CW-7.3, CW-B2 … B4) -------------------------------------------------
# When the ranks in every pile, with who is still playing, come back to an earlier
# arrangement with no shuffle in between, the game is a draw. No state is hashed: from a
# position (the start, or the one after an RNG draw, CW-B4) Brent's algorithm finds how
# many battles remain until the first repeat.


def same_ranks(x: Position, y: Position) -> bool:
    """Whether two positions have the same ranks in every pile, in order, and the same
    seats still playing (CW-7.3: suits and source decks do not count, CW-A1)."""
    for s in range(x.seats):
        if (x.out[s] < 0) != (y.out[s] < 0) or size(x, s) != size(y, s):
            return False
    for s in range(x.seats):
        for i in range(size(x, s)):
            if (x.cards[s][(x.head[s] + i) & RING_MASK] & 3) != (
                y.cards[s][(y.head[s] + i) & RING_MASK] & 3
            ):
                return False
    return True


def advance(t: Position) -> bool:
    """One battle without the cap; False if it drew from the RNG or ended the game."""
    drew = battle(t, None, False)
    return not drew and t.ending < 0


def cycle_length(start: Position) -> int:
    """Battles from ``start`` until its rank-state first repeats, or -1.

    With ``x0`` the rank-state of ``start`` and ``x1, x2, …`` those after each later
    battle, the least ``j`` with ``x_j`` equal to an earlier ``x_i``, provided no RNG
    draw and no end of the game comes first; -1 if there is no such ``j`` or none below
    the battles left before the cap.
    """
    return search(start, new_position(), new_position())


def search(start: Position, hare: Position, tortoise: Position) -> int:
    """:func:`cycle_length` with two scratch positions (Brent's algorithm)."""
    if start.ending >= 0:
        return -1
    left = start.max_battles - start.played
    hare_cap = 4 * left + 4  # Brent meets any cycle with mu + lam <= left by then
    copy_position(hare, start)
    if not advance(hare):
        return -1
    steps = 1
    copy_position(tortoise, start)
    power = 1
    lam = 1
    while not same_ranks(hare, tortoise):
        if power == lam:
            copy_position(tortoise, hare)
            power *= 2
            lam = 0
        if steps >= hare_cap or not advance(hare):
            return -1
        steps += 1
        lam += 1
    copy_position(tortoise, start)
    copy_position(hare, start)
    for _i in range(lam):
        advance(hare)
    mu = 0
    while not same_ranks(hare, tortoise):
        advance(tortoise)
        advance(hare)
        mu += 1
    return mu + lam


# --- the deal (CW-2) and a whole game ------------------------------------------------------

CHECK_AFTER = 1024
"""Battles without an RNG draw before the batch loop first checks for a cycle."""
NEVER = 1 << 62


def deal(t: Position, seed: int) -> None:
    """CW-2: shuffle the 48 cards (their ranks suffice) and deal them one at a time
    around the table; what would make the piles unequal is dead (CW-2.2)."""
    deck = cython.declare(cython.int[48])
    for i in range(48):
        deck[i] = i % 3  # id 0, rank i % 3: the bare rank
    t.rng = seed
    shuffle_cards(t, deck, 48)
    per = 48 // t.seats
    for s in range(t.seats):  # reset left every pile empty at the start of its ring
        for i in range(per):
            t.cards[s][i] = deck[s + t.seats * i]
        t.tail[s] = per
    for i in range(per * t.seats, 48):
        bury(t, deck[i])
    finish_setup(t)


def _deal_seed(seed: int, k: int) -> int:
    """Game ``k``'s deal seed: ``derive_seed(seed, k)`` (docs/engine.rst)."""
    if cython.compiled:  # uint64_t arithmetic wraps modulo 2**64
        return _mix(seed + (k + 1) * _GAMMA)
    return _mix((seed + (k + 1) * _GAMMA) & 0xFFFFFFFFFFFFFFFF)


def play_to_end(
    t: Position, base: Position, hare: Position, tortoise: Position, cycle_detection: bool
) -> None:
    """Play the game to its end, checking for a cycle lazily (CW-7.3, CW-B3, CW-B4): once
    per base (the start or the latest RNG draw), after CHECK_AFTER battles or at the cap;
    ``base``, ``hare`` and ``tortoise`` are scratch positions."""
    copy_position(base, t)
    check_at = CHECK_AFTER if cycle_detection else NEVER
    while t.ending < 0:
        drew = battle(t, None, True)
        if drew:
            if t.ending < 0:
                copy_position(base, t)
                check_at = CHECK_AFTER if cycle_detection else NEVER
            continue
        if t.ending == LAST_PLAYER or check_at == NEVER:
            continue
        if t.ending < 0 and t.played - base.played < check_at:
            continue
        check_at = NEVER
        j = search(base, hare, tortoise)
        if j >= 0 and base.played + j < t.max_battles:
            copy_position(t, base)
            for _i in range(j):
                battle(t, None, False)
            t.ending = CYCLE
            t.winning_seat = -1


def play_games(
    seed: int,
    first: int,
    count: int,
    players: int,
    collect_order: int,
    forfeit_cards_to: int,
    short_war: int,
    split_remainder: int,
    cycle_detection: int,
    max_battles: int,
    cap_result: int,
    length: array[int],
    wars: array[int],
    winner: array[int],
    termination: array[int],
) -> None:
    """The batch loop of :func:`clone_war_batch` over checked arguments; compiled, the
    games are played with the GIL released."""
    t, base, hare, tortoise = new_position(), new_position(), new_position(), new_position()
    with cython.nogil:
        for k in range(count):
            reset(
                t, players, 0, collect_order, forfeit_cards_to, short_war, split_remainder,
                max_battles, cap_result,
            )  # fmt: skip
            deal(t, _deal_seed(seed, first + k))
            play_to_end(t, base, hare, tortoise, cycle_detection != 0)
            length[k] = t.played
            wars[k] = t.war_stages
            winner[k] = t.winning_seat
            termination[k] = t.ending
