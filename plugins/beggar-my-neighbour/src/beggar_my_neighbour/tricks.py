"""The rules of Beggar-my-neighbour (BMN-2 … BMN-8), written once: compiled in C by the
plugin's build (with ``tricks.pxd``), run by the interpreter from this same file elsewhere.

A :class:`Position` is two hands, each a ring of card ids, top first; ``demand[c]`` is how
many cards card ``c`` demands (0: a plain card), so the rules never ask which deck or
option made the table. ``pile`` holds the cards of the last trick in the order played,
``pile_seat`` who played each.
"""

from __future__ import annotations

from array import array

try:
    import cython
except ModuleNotFoundError:  # no Cython here: cardwars' stand-in
    from cardwars.authoring import pure_cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars._core import _GAMMA, _mix, _shuffle_ints
else:
    from cardwars.authoring import Rng, derive_seed

    RING = 64
    RING_MASK = 63
    DECK_MAX = 52
    OUT_OF_CARDS = 0
    CYCLE = 1
    CHECK_AFTER = 1024

__all__ = ["Position", "bmn_batch", "dealt_hands", "outcome"]


class Position:
    """A position between tricks, as small ints (the C types are in ``tricks.pxd``)."""

    hand: list[list[int]]  # per seat, a ring of RING card ids: head .. tail - 1, top first
    head: list[int]  # cards taken from the top so far (mod 2**32)
    tail: list[int]  # cards put under the hand so far
    demand: list[int]  # per card id: the cards it demands (BMN-5), 0 for a plain card
    pile: list[int]  # the last trick's cards, in the order played: pile[0:npile]
    pile_seat: list[int]  # who played each of them
    npile: int
    ncards: int  # the deck's size: card ids are 0 .. ncards - 1
    reverse: int  # 1: a pile goes under the hand in the reverse order of play (BMN-O2)
    leader: int  # who leads the next trick
    tricks: int  # piles taken (BMN-8)
    cards: int  # cards played (BMN-8)
    cycle: int  # the cycle's length in tricks once the cycle rule ended the game (BMN-7)
    ending: int  # -1 while the game runs, else OUT_OF_CARDS or CYCLE
    winning_seat: int  # -1 while the game runs, and after a cycle
    rng: int  # the game RNG's state after the deal (the rules draw nothing after it)


def size(t: Position, s: int) -> int:
    """How many cards seat ``s`` holds."""
    if cython.compiled:  # unsigned counters: the difference wraps as it should
        return cython.cast(cython.int, t.tail[s] - t.head[s])
    else:
        return (t.tail[s] - t.head[s]) & 0xFFFFFFFF


def push(t: Position, s: int, c: int) -> None:
    """Slide card ``c`` under seat ``s``'s hand."""
    t.hand[s][t.tail[s] & RING_MASK] = c
    t.tail[s] += 1
    if not cython.compiled:  # the C counter's width
        t.tail[s] &= 0xFFFFFFFF


def reset(t: Position, ncards: int, reverse: int) -> None:
    """Empty hands and pile, no trick yet, seat 0 to lead (BMN-3), every card plain."""
    if not cython.compiled:
        t.hand = [[0] * RING for _ in range(2)]
        t.head, t.tail = [0, 0], [0, 0]
        t.demand, t.pile, t.pile_seat = [0] * RING, [0] * RING, [0] * RING
    for i in range(RING):
        t.demand[i] = 0
    t.head[0] = t.head[1] = t.tail[0] = t.tail[1] = 0
    t.ncards = ncards
    t.reverse = reverse
    t.npile = 0
    t.leader = 0
    t.tricks = 0
    t.cards = 0
    t.cycle = 0
    t.ending = -1
    t.winning_seat = -1
    t.rng = 0


def copy_position(target: Position, source: Position) -> None:
    """Make ``target`` the same position as ``source`` (no object is shared)."""
    if cython.compiled:
        target.hand = source.hand
        target.head = source.head
        target.tail = source.tail
        target.demand = source.demand
        target.pile = source.pile
        target.pile_seat = source.pile_seat
    else:
        target.hand = [list(ring) for ring in source.hand]
        target.head, target.tail = list(source.head), list(source.tail)
        target.demand = list(source.demand)
        target.pile, target.pile_seat = list(source.pile), list(source.pile_seat)
    target.npile = source.npile
    target.ncards = source.ncards
    target.reverse = source.reverse
    target.leader = source.leader
    target.tricks = source.tricks
    target.cards = source.cards
    target.cycle = source.cycle
    target.ending = source.ending
    target.winning_seat = source.winning_seat
    target.rng = source.rng


def take_pile(t: Position, s: int, n: int) -> None:
    """BMN-6: seat ``s`` puts the pile's ``n`` cards under its hand, in the order they
    were played (the first card played goes next under the hand), or reversed (BMN-O2)."""
    if t.reverse:
        for i in range(n - 1, -1, -1):
            push(t, s, t.pile[i])
    else:
        for i in range(n):
            push(t, s, t.pile[i])


def trick(t: Position) -> int:
    """Play one trick (BMN-4 … BMN-7): the leader turns their top card onto the pile, and
    the players go on until a demand is paid in plain cards (BMN-6) or a player who must
    play has no card (BMN-7). Returns 1 when the game has ended, else 0."""
    p = t.leader
    n = 0
    owed = 0  # the cards still owed to the last court card; 0: no demand on the pile
    while True:
        if t.tail[p] == t.head[p]:  # BMN-7: p must play and has no card: p loses
            take_pile(t, 1 - p, n)
            t.npile = n
            t.cards += n
            t.ending = OUT_OF_CARDS
            t.winning_seat = 1 - p
            return 1
        ring = t.hand[p]
        head = t.head[p]
        c = ring[head & RING_MASK]  # BMN-4: the top card, turned onto the pile
        t.head[p] = head + 1
        if not cython.compiled:
            t.head[p] &= 0xFFFFFFFF
        t.pile[n] = c
        t.pile_seat[n] = p
        n += 1
        d = t.demand[c]
        if d:  # BMN-5: a court card demands d cards of the other player (and ends a payment)
            owed = d
            p = 1 - p
        elif owed:  # a plain card paid to the demand
            owed -= 1
            if owed == 0:  # BMN-6: paid in plain cards: the last court card's player takes
                take_pile(t, 1 - p, n)
                t.npile = n
                t.cards += n
                t.leader = 1 - p
                t.tricks += 1
                return 0
        else:  # BMN-4: no demand: the other player turns a card
            p = 1 - p


def same(x: Position, y: Position) -> bool:
    """BMN-7: whether ``x`` and ``y`` are the same position between tricks: the same leader
    and the same hands, card by card as the rules see them (their demands)."""
    if x.leader != y.leader:
        return False
    for s in range(2):
        n = size(x, s)
        if n != size(y, s):
            return False
        for i in range(n):
            if (
                x.demand[x.hand[s][(x.head[s] + i) & RING_MASK]]
                != y.demand[y.hand[s][(y.head[s] + i) & RING_MASK]]
            ):
                return False
    return True


def cycle_length(start: Position, hare: Position, tortoise: Position) -> int:
    """Brent's algorithm from ``start``: the length in tricks of the cycle its game enters,
    or -1 if the game ends (then ``hare`` holds its end)."""
    copy_position(hare, start)
    copy_position(tortoise, start)
    if trick(hare):
        return -1
    power = 1
    lam = 1
    while not same(hare, tortoise):
        if power == lam:
            copy_position(tortoise, hare)
            power *= 2
            lam = 0
        if trick(hare):
            return -1
        lam += 1
    return lam


def cycle_start(start: Position, hare: Position, tortoise: Position, lam: int) -> None:
    """Leave in ``hare`` the first position that repeats one before it: ``mu + lam`` tricks
    after ``start``, where ``mu`` is the first of the cycle of ``lam`` tricks."""
    copy_position(hare, start)
    copy_position(tortoise, start)
    for _i in range(lam):
        trick(hare)
    while not same(hare, tortoise):
        trick(tortoise)
        trick(hare)


def play_to_end(t: Position, base: Position, hare: Position, tortoise: Position) -> None:
    """Play the game to its end (BMN-7): after CHECK_AFTER tricks, look once for a cycle
    from the start (``base``, ``hare`` and ``tortoise`` are scratch positions)."""
    copy_position(base, t)
    while t.ending < 0:
        trick(t)
        if t.ending < 0 and t.tricks - base.tricks == CHECK_AFTER:
            lam = cycle_length(base, hare, tortoise)
            if lam > 0:
                cycle_start(base, hare, tortoise, lam)
                hare.ending = CYCLE
                hare.cycle = lam
            copy_position(t, hare)  # the repeat, or the game's end the search reached


def deal(t: Position, seed: int) -> None:
    """BMN-2: shuffle the deck's card ids with the engine's RNG seeded ``seed`` and deal
    them out one at a time, seat 0 first: seat s's hand, top first, is deck[s], deck[s+2] …"""
    deck = cython.declare(cython.int[64])
    for i in range(t.ncards):
        deck[i] = i
    if cython.compiled:
        t.rng = seed
        _shuffle_ints(cython.address(t.rng), deck, t.ncards)
    else:
        rng = Rng(seed)
        cards = [deck[i] for i in range(t.ncards)]
        rng.shuffle(cards)
        deck = cards
        t.rng = rng.state
    t.head[0] = t.head[1] = t.tail[0] = t.tail[1] = 0
    for i in range(t.ncards):
        push(t, i & 1, deck[i])


def _deal_seed(seed: int, k: int) -> int:
    """Game ``k``'s seed, cardwars' ``derive_seed(seed, k)``."""
    if cython.compiled:  # uint64_t arithmetic wraps modulo 2**64
        return _mix(seed + (k + 1) * _GAMMA)
    else:
        return derive_seed(seed, k)


def play_games(
    seed: int,
    first: int,
    count: int,
    demands: tuple[int, ...],
    ncards: int,
    reverse: int,
    tricks: array[int],
    cards: array[int],
    cycle: array[int],
    winner: array[int],
    termination: array[int],
) -> None:
    """The loop of :func:`bmn_batch` over checked arguments; compiled, without the GIL."""
    proto, t, base = Position(), Position(), Position()
    hare, tortoise = Position(), Position()
    reset(proto, ncards, reverse)
    for i in range(ncards):
        proto.demand[i] = demands[i]
    with cython.nogil:
        for k in range(count):
            copy_position(t, proto)
            deal(t, _deal_seed(seed, first + k))
            play_to_end(t, base, hare, tortoise)
            tricks[k] = t.tricks
            cards[k] = t.cards
            cycle[k] = t.cycle
            winner[k] = t.winning_seat
            termination[k] = t.ending


# --- what the face calls -----------------------------------------------------------------


def check_int(name: str, value: object, low: object, high: object) -> int:
    """Refuse ``value`` unless it is an int (not a bool) in ``[low, high]``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:  # type: ignore[operator]
        raise ValueError(f"{name} must be an int in [{low}, {high}]")
    return 0


def _table(demands: object, reverse: object) -> tuple[int, ...]:
    """The checked demand table (one demand 0..9 per card id, 1 to 52 cards) and order."""
    if type(demands) is not tuple or not 1 <= len(demands) <= DECK_MAX:
        raise ValueError("demands must be a tuple of 1 to 52 ints, one per card id")
    for d in demands:
        check_int("a demand", d, 0, 9)
    check_int("reverse", reverse, 0, 1)
    return demands


def bmn_batch(
    seed: int, start: int, count: int, demands: tuple[int, ...], reverse: int
) -> dict[str, array[int]]:
    """Play games ``start .. start+count-1``; game ``k`` is dealt from ``derive_seed(seed, k)``.

    ``demands[c]`` is what card id ``c`` demands (the deck has ``len(demands)`` cards);
    ``reverse`` is 1 when a pile goes under the hand reversed.

    Returns:
        ``array.array`` columns, one entry per game: ``"length"`` (tricks, ``'q'``),
        ``"cards"`` (``'q'``), ``"cycle"`` (the cycle's length in tricks, 0 for none,
        ``'q'``), ``"winner"`` (seat or -1, ``'b'``) and ``"termination"`` (``'b'``).

    Raises:
        ValueError: an argument out of range.
    """
    check_int("seed", seed, 0, 2**64 - 1)
    check_int("start", start, 0, 2**63 - 1)
    check_int("count", count, 0, 2**40)
    table = _table(demands, reverse)
    columns = {
        "length": array("q", bytes(8 * count)),
        "cards": array("q", bytes(8 * count)),
        "cycle": array("q", bytes(8 * count)),
        "winner": array("b", bytes(count)),
        "termination": array("b", bytes(count)),
    }
    play_games(
        seed, start, count, table, len(table), reverse, columns["length"], columns["cards"],
        columns["cycle"], columns["winner"], columns["termination"],
    )  # fmt: skip
    return columns


def _filled(hands: object, demands: object, reverse: object) -> Position:
    """A position before trick 1 from two hands of card ids, top first."""
    table = _table(demands, reverse)
    if type(hands) is not tuple or len(hands) != 2:
        raise ValueError("hands must be a tuple of two hands")
    t = cython.declare(Position, Position())
    reset(t, len(table), reverse)  # type: ignore[arg-type]
    for i in range(len(table)):
        t.demand[i] = table[i]
    seen: set[int] = set()
    for s in range(2):
        for c in hands[s]:
            check_int("a card", c, 0, len(table) - 1)
            if c in seen:
                raise ValueError("a card appears twice in the hands")
            seen.add(c)
            push(t, s, c)
    if not seen:
        raise ValueError("the hands hold no card")
    return t


def outcome(hands: object, demands: object, reverse: object) -> tuple[int, int, int, int, int]:
    """Play the game of two hands of card ids (top first, seat 0 leads) to its end:
    ``(termination, winner or -1, tricks, cards, cycle length or 0)``.

    Raises:
        ValueError: hands or options that are no position of this deck.
    """
    t = cython.declare(Position, _filled(hands, demands, reverse))
    play_to_end(t, Position(), Position(), Position())
    return (t.ending, t.winning_seat, t.tricks, t.cards, t.cycle)


def dealt_hands(seed: int, ncards: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """BMN-2: the two hands (card ids, top first) dealt from ``seed``, and the RNG's state."""
    check_int("seed", seed, 0, 2**64 - 1)
    check_int("ncards", ncards, 1, DECK_MAX)
    t = cython.declare(Position, Position())
    reset(t, ncards, 0)
    deal(t, seed)
    return (
        tuple([t.hand[0][i] for i in range(size(t, 0))]),
        tuple([t.hand[1][i] for i in range(size(t, 1))]),
        t.rng,
    )
