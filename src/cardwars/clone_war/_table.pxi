# Clone War's table, its battle and the batch loop in C (included by _machine.pyx); CW-1 …
# CW-8.
#
# A line-by-line translation of table.py in this folder, which is the readable
# spec: read that first. Piles are ring buffers in one plain C struct, so a
# position is copied with one struct assignment and a battle touches no Python
# object. A card is stored as v = id*4 + rank (the Clone War id of docs/engine.rst,
# rank = id % 3), so its rank is v & 3 and its id v >> 2; the batch loop deals
# bare ranks (id 0), since nothing there needs more.

from cpython cimport array as _cw_array
import array as _cw_pyarray

cdef object _MAX_U64 = (1 << 64) - 1

cdef enum:
    _CW_RING = 64        # ring capacity per seat: a power of two above 48 cards
    _CW_RING_MASK = 63
    _CW_LOG_MAX = 1024   # ints; a battle logs far fewer (at most ~25 stages of 5 entries)

# Log entries [op, a, b, c]; the meanings are in table.py.
cdef enum:
    _CW_OP_FLIP = 0
    _CW_OP_WAR = 1
    _CW_OP_FORFEIT = 2
    _CW_OP_PLACE = 3
    _CW_OP_LAST = 4
    _CW_OP_SPLIT = 5
    _CW_OP_COLLECT = 6
    _CW_OP_ELIMINATED = 7
    _CW_OP_END = 8

cdef enum:
    _CW_LAST_PLAYER = 0
    _CW_CYCLE = 1
    _CW_CAP = 2
    _CW_WINNER_FIRST = 0
    _CW_SEAT_ORDER = 1
    _CW_SHUFFLED = 2

cdef long long _CW_CHECK_AFTER = 1024   # battles without a draw before the batch checks for a cycle
cdef long long _CW_NEVER = (<long long>1) << 62


ctypedef struct _CWTable:
    unsigned short cards[4][_CW_RING]
    unsigned int head[4]       # cards taken from the top so far (mod 2**32)
    unsigned int tail[4]       # cards put at the bottom so far; the pile holds tail - head
    long long out[4]           # -1 still in, else the battle after which the seat went out
    unsigned char dead[_CW_RING]
    int ndead
    int players
    uint64_t rng
    int collect_order
    int forfeit_to_dead
    int play_what_you_can
    int split_round_robin
    int cap_most_cards
    long long max_battles
    long long battles
    long long wars
    int termination
    int winner


cdef inline int _cw_size(_CWTable* t, int s) noexcept nogil:
    return <int>(t.tail[s] - t.head[s])


cdef inline int _cw_pop(_CWTable* t, int s) noexcept nogil:
    cdef int c = t.cards[s][t.head[s] & _CW_RING_MASK]
    t.head[s] += 1
    return c


cdef inline void _cw_push(_CWTable* t, int s, int c) noexcept nogil:
    # Pop touches only head and push only tail: no counter shared between them.
    t.cards[s][t.tail[s] & _CW_RING_MASK] = <unsigned short>c
    t.tail[s] += 1


cdef inline void _cw_log(int* log, int* n, int op, int a, int b, int c) noexcept nogil:
    if log != NULL:
        log[n[0]] = op
        log[n[0] + 1] = a
        log[n[0] + 2] = b
        log[n[0] + 3] = c
        n[0] += 4


cdef inline int _cw_highest(int mask, int* last, int n) noexcept nogil:
    # The seats of `mask` whose latest face-up card has the highest rank, as a mask.
    cdef int s, r, best = -1, top = 0
    for s in range(n):
        if (mask >> s) & 1:
            r = last[s] & 3
            if r > best:
                best = r
                top = 1 << s
            elif r == best:
                top |= 1 << s
    return top


cdef inline int _cw_lowest_seat(int mask) noexcept nogil:
    cdef int s = 0
    while not ((mask >> s) & 1):
        s += 1
    return s


cdef inline void _cw_place_war_cards(
    _CWTable* t, int s, int* pot, int* pot_seat, int* npot, int* last, int* log, int* nlog
) noexcept nogil:
    # CW-A9: the first card taken goes face down, the second face up.
    cdef int down = _cw_pop(t, s)
    cdef int up = _cw_pop(t, s)
    pot[npot[0]] = down
    pot_seat[npot[0]] = s
    pot[npot[0] + 1] = up
    pot_seat[npot[0] + 1] = s
    npot[0] += 2
    last[s] = up
    _cw_log(log, nlog, _CW_OP_PLACE, s, down >> 2, up >> 2)


cdef int _cw_battle(_CWTable* t, int* log, int* nlog, bint use_cap) noexcept nogil:
    # One battle, CW-3 … CW-7.2 and the cap; returns 1 if it drew from the RNG.
    cdef int pot[64]
    cdef int pot_seat[64]
    cdef int stage_start[64]
    cdef int last[4]
    cdef int n = t.players
    cdef int npot = 0, nstages = 1, stage = 0
    cdef int s, c, r, best = -1, tied = 0, fighters, nshort, ntied, size, new
    cdef int winner = -1, split_mask = 0, drew = 0, i, k, a, b, dealt, nseats
    cdef int seats[4]
    cdef bint sole
    cdef int eliminated, alive, last_alive, most, nmost
    if nlog != NULL:
        nlog[0] = 0
    t.battles += 1
    stage_start[0] = 0

    # CW-3.1: stage 0.
    for s in range(n):
        if t.out[s] >= 0:
            continue
        c = _cw_pop(t, s)
        pot[npot] = c
        pot_seat[npot] = s
        npot += 1
        last[s] = c
        _cw_log(log, nlog, _CW_OP_FLIP, s, c >> 2, 0)
        r = c & 3
        if r > best:
            best = r
            tied = 1 << s
        elif r == best:
            tied |= 1 << s

    while tied & (tied - 1):
        # CW-4: a war stage among the tied seats.
        stage += 1
        t.wars += 1
        stage_start[nstages] = npot
        nstages += 1
        _cw_log(log, nlog, _CW_OP_WAR, stage, tied, 0)
        nshort = 0
        ntied = 0
        for s in range(n):
            if (tied >> s) & 1:
                ntied += 1
                if _cw_size(t, s) < 2:
                    nshort += 1
        fighters = 0
        if nshort == ntied:
            # CW-5.3: everyone is short; the last cards are compared.
            for s in range(n):
                if (tied >> s) & 1:
                    new = 0
                    if _cw_size(t, s) > 0:
                        c = _cw_pop(t, s)
                        pot[npot] = c
                        pot_seat[npot] = s
                        npot += 1
                        last[s] = c
                        new = 1
                    _cw_log(log, nlog, _CW_OP_LAST, s, last[s] >> 2, new)
            tied = _cw_highest(tied, last, n)
            if tied & (tied - 1):
                split_mask = tied
            break
        if nshort and not t.play_what_you_can:
            # CW-5.2: short seats forfeit, in seat order among this stage's records.
            sole = ntied - nshort == 1
            for s in range(n):
                if not ((tied >> s) & 1):
                    continue
                if _cw_size(t, s) < 2:
                    c = -1
                    if _cw_size(t, s) == 1:
                        c = _cw_pop(t, s)
                        if t.forfeit_to_dead:
                            t.dead[t.ndead] = <unsigned char>c
                            t.ndead += 1
                        else:
                            pot[npot] = c
                            pot_seat[npot] = s
                            npot += 1
                    _cw_log(log, nlog, _CW_OP_FORFEIT, s, (c >> 2) if c >= 0 else -1, t.forfeit_to_dead)
                else:
                    if not sole:
                        _cw_place_war_cards(t, s, pot, pot_seat, &npot, last, log, nlog)
                    fighters |= 1 << s
            if sole:
                winner = _cw_lowest_seat(fighters)  # CW-A13: wins at once
                break
        else:
            # CW-4.2 (and play_what_you_can, CW-A14, for short seats).
            for s in range(n):
                if not ((tied >> s) & 1):
                    continue
                size = _cw_size(t, s)
                if size >= 2:
                    _cw_place_war_cards(t, s, pot, pot_seat, &npot, last, log, nlog)
                elif size == 1:
                    c = _cw_pop(t, s)
                    pot[npot] = c
                    pot_seat[npot] = s
                    npot += 1
                    last[s] = c
                    _cw_log(log, nlog, _CW_OP_LAST, s, c >> 2, 1)
                else:
                    _cw_log(log, nlog, _CW_OP_LAST, s, last[s] >> 2, 0)
                fighters |= 1 << s
        tied = _cw_highest(fighters, last, n)
    if winner < 0 and split_mask == 0:
        winner = _cw_lowest_seat(tied)
    stage_start[nstages] = npot

    if split_mask:
        # CW-5.3, CW-A15 … A18, CW-B5: shuffle the pot and deal it to the tied seats.
        nseats = 0
        for s in range(n):
            if (split_mask >> s) & 1:
                seats[nseats] = s
                nseats += 1
        _shuffle_ints(&t.rng, pot, npot)
        dealt = npot if t.split_round_robin else npot // nseats * nseats
        for i in range(dealt):
            _cw_push(t, seats[i % nseats], pot[i])
        for i in range(dealt, npot):
            t.dead[t.ndead] = <unsigned char>pot[i]
            t.ndead += 1
        _cw_log(log, nlog, _CW_OP_SPLIT, split_mask, npot // nseats, npot - dealt)
        drew = 1
    elif t.collect_order == _CW_WINNER_FIRST and winner > 0:
        # CW-6: per stage the records are in seat order, so clockwise from the
        # winner is seats >= winner, then seats < winner.
        for k in range(nstages):
            a = stage_start[k]
            b = stage_start[k + 1]
            for i in range(a, b):
                if pot_seat[i] >= winner:
                    _cw_push(t, winner, pot[i])
            for i in range(a, b):
                if pot_seat[i] < winner:
                    _cw_push(t, winner, pot[i])
        _cw_log(log, nlog, _CW_OP_COLLECT, winner, npot, 0)
    else:
        if t.collect_order == _CW_SHUFFLED:
            _shuffle_ints(&t.rng, pot, npot)
            drew = 1
        for i in range(npot):
            _cw_push(t, winner, pot[i])
        _cw_log(log, nlog, _CW_OP_COLLECT, winner, npot, drew)

    # CW-7.1, CW-7.2 and the cap, in the order of CW-B3 (the cycle rule is the caller's).
    eliminated = 0
    alive = 0
    last_alive = -1
    for s in range(n):
        if t.out[s] >= 0:
            continue
        if _cw_size(t, s) == 0:
            t.out[s] = t.battles
            eliminated |= 1 << s
        else:
            alive += 1
            last_alive = s
    if eliminated:
        _cw_log(log, nlog, _CW_OP_ELIMINATED, eliminated, <int>t.battles, 0)
    if alive == 1:
        t.termination = _CW_LAST_PLAYER
        t.winner = last_alive
    elif use_cap and t.battles >= t.max_battles:
        t.termination = _CW_CAP
        t.winner = -1
        if t.cap_most_cards:
            most = -1
            nmost = 0
            for s in range(n):
                if _cw_size(t, s) > most:
                    most = _cw_size(t, s)
                    nmost = 1
                    t.winner = s
                elif _cw_size(t, s) == most:
                    nmost += 1
            if nmost > 1:
                t.winner = -1
    else:
        return drew
    _cw_log(log, nlog, _CW_OP_END, t.termination, t.winner, 0)
    return drew


# --- the cycle rule (CW-7.3, CW-B2 … B4) ------------------------------------------------

cdef bint _cw_same_rank_state(_CWTable* x, _CWTable* y) noexcept nogil:
    cdef int s, i
    for s in range(x.players):
        if (x.out[s] < 0) != (y.out[s] < 0) or _cw_size(x, s) != _cw_size(y, s):
            return False
    for s in range(x.players):
        for i in range(_cw_size(x, s)):
            if (x.cards[s][(x.head[s] + i) & _CW_RING_MASK] & 3
                    != y.cards[s][(y.head[s] + i) & _CW_RING_MASK] & 3):
                return False
    return True


cdef inline bint _cw_advance(_CWTable* t) noexcept nogil:
    # One battle without the cap; False if it drew from the RNG or ended the game.
    cdef int drew = _cw_battle(t, NULL, NULL, False)
    return not drew and t.termination < 0


cdef long long _cw_cycle_length(_CWTable* start) noexcept nogil:
    # Brent's algorithm; see CloneWarTable.cycle_length in table.py.
    cdef _CWTable hare, tortoise
    cdef long long left, hare_cap, steps, power, lam, mu, i
    if start.termination >= 0:
        return -1
    left = start.max_battles - start.battles
    hare_cap = 4 * left + 4
    hare = start[0]
    if not _cw_advance(&hare):
        return -1
    steps = 1
    tortoise = start[0]
    power = 1
    lam = 1
    while not _cw_same_rank_state(&hare, &tortoise):
        if power == lam:
            tortoise = hare
            power *= 2
            lam = 0
        if steps >= hare_cap or not _cw_advance(&hare):
            return -1
        steps += 1
        lam += 1
    tortoise = start[0]
    hare = start[0]
    for i in range(lam):
        _cw_advance(&hare)
    mu = 0
    while not _cw_same_rank_state(&hare, &tortoise):
        _cw_advance(&tortoise)
        _cw_advance(&hare)
        mu += 1
    return mu + lam


cdef void _cw_play_out(_CWTable* t, bint cycle_detection) noexcept nogil:
    # The whole game, checking for a cycle lazily: once per base (the start or the
    # latest RNG draw), after _CW_CHECK_AFTER battles or at the cap.
    cdef _CWTable base = t[0]
    cdef long long check_at = _CW_CHECK_AFTER if cycle_detection else _CW_NEVER
    cdef long long j, i
    cdef int drew
    while t.termination < 0:
        drew = _cw_battle(t, NULL, NULL, True)
        if drew:
            if t.termination < 0:
                base = t[0]
                check_at = _CW_CHECK_AFTER if cycle_detection else _CW_NEVER
            continue
        if t.termination == _CW_LAST_PLAYER or check_at == _CW_NEVER:
            continue
        if t.termination < 0 and t.battles - base.battles < check_at:
            continue
        check_at = _CW_NEVER
        j = _cw_cycle_length(&base)
        if j >= 0 and base.battles + j < t.max_battles:
            t[0] = base
            for i in range(j):
                _cw_battle(t, NULL, NULL, False)
            t.termination = _CW_CYCLE
            t.winner = -1


cdef int _cw_init(
    _CWTable* t, int players, uint64_t rng_state, int collect_order, int forfeit_to_dead,
    int play_what_you_can, int split_round_robin, long long max_battles, int cap_most_cards,
) noexcept nogil:
    cdef int s
    t.players = players
    t.rng = rng_state
    t.collect_order = collect_order
    t.forfeit_to_dead = forfeit_to_dead
    t.play_what_you_can = play_what_you_can
    t.split_round_robin = split_round_robin
    t.max_battles = max_battles
    t.cap_most_cards = cap_most_cards
    t.termination = -1
    t.winner = -1
    t.battles = 0
    t.wars = 0
    t.ndead = 0
    for s in range(4):
        t.out[s] = -1
        t.head[s] = 0
        t.tail[s] = 0
    return 0


cdef void _cw_finish_setup(_CWTable* t) noexcept nogil:
    # CW-B7: a seat without cards is out from the start; one seat left has won.
    cdef int s, alive = 0, last_alive = -1
    for s in range(t.players):
        if _cw_size(t, s) == 0:
            t.out[s] = 0
        else:
            alive += 1
            last_alive = s
    if alive == 1:
        t.termination = _CW_LAST_PLAYER
        t.winner = last_alive


cdef void _cw_deal(_CWTable* t, uint64_t seed) noexcept nogil:
    # CW-2: shuffle the canonical deck (ranks suffice), deal round-robin.
    cdef int deck[48]
    cdef int i, s, per = 48 // t.players
    for i in range(48):
        deck[i] = i % 3  # id 0, rank i % 3: the bare rank
    t.rng = seed
    _shuffle_ints(&t.rng, deck, 48)
    for s in range(t.players):
        t.head[s] = 0
        t.tail[s] = per
        for i in range(per):
            t.cards[s][i] = <unsigned short>deck[s + t.players * i]
    for i in range(per * t.players, 48):
        t.dead[t.ndead] = <unsigned char>deck[i]
        t.ndead += 1
    _cw_finish_setup(t)


@cython.auto_pickle(False)
cdef class CloneWarTable:
    """The whole Clone War position as small ints, and one battle at a time (compiled).

    The twin, with the full documentation, is ``table.CloneWarTable`` (table.py in this folder).
    """

    cdef _CWTable t
    cdef bint _drew

    def __init__(
        self,
        piles: object,
        dead: object,
        rng_state: object,
        collect_order: int,
        forfeit_to_dead: int,
        play_what_you_can: int,
        split_round_robin: int,
        max_battles: int,
        cap_most_cards: int,
    ) -> None:
        cdef int s, total = 0
        cdef list seat_piles = [list(pile) for pile in piles]
        cdef list dead_cards = list(dead)
        if not 2 <= len(seat_piles) <= 4:
            raise ValueError(f"a table has 2 to 4 seats, got {len(seat_piles)}")
        for pile in seat_piles + [dead_cards]:
            for card in pile:
                if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 48:
                    raise ValueError(f"a card is an int 0..47, got {card!r}")
            total += len(pile)
        if total > 48:
            raise ValueError(f"a table holds at most 48 cards, got {total}")
        _cw_init(
            &self.t, len(seat_piles), _check_u64(rng_state, "rng_state"), collect_order,
            forfeit_to_dead, play_what_you_can, split_round_robin, max_battles, cap_most_cards,
        )
        for s in range(len(seat_piles)):
            for card in seat_piles[s]:
                _cw_push(&self.t, s, card * 4 + card % 3)
        for card in dead_cards:
            self.t.dead[self.t.ndead] = <unsigned char>(card * 4 + card % 3)
            self.t.ndead += 1
        _cw_finish_setup(&self.t)

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.t.players

    def _seat(self, seat: int) -> int:
        if not 0 <= seat < self.t.players:
            raise IndexError(f"seat must be 0..{self.t.players - 1}")
        return seat

    def pile(self, seat: int) -> tuple:
        """Seat ``seat``'s cards, top first."""
        cdef int s = self._seat(seat)
        cdef int i
        return tuple([
            self.t.cards[s][(self.t.head[s] + i) & _CW_RING_MASK] >> 2
            for i in range(_cw_size(&self.t, s))
        ])

    def pile_size(self, seat: int) -> int:
        """How many cards seat ``seat`` holds."""
        return _cw_size(&self.t, self._seat(seat))

    def eliminated_after(self, seat: int) -> int:
        """The battle after which ``seat`` was eliminated (0: from the start), -1 if still in."""
        return self.t.out[self._seat(seat)]

    @property
    def dead(self) -> tuple:
        """The dead pile, top first."""
        cdef int i
        return tuple([self.t.dead[i] >> 2 for i in range(self.t.ndead)])

    @property
    def rng_state(self) -> int:
        """The game RNG's state."""
        return self.t.rng

    @property
    def battles(self) -> int:
        """Battles played (CW-B2)."""
        return self.t.battles

    @property
    def wars(self) -> int:
        """War stages begun (CW-B2)."""
        return self.t.wars

    @property
    def termination(self) -> int:
        """-1 while the game runs, else an index into ``clone_war.TERMINATIONS``."""
        return self.t.termination

    @property
    def winner(self) -> int:
        """The winning seat, -1 while running or for a draw."""
        return self.t.winner

    def copy(self) -> CloneWarTable:
        """An independent copy."""
        cdef CloneWarTable other = CloneWarTable.__new__(CloneWarTable)
        other.t = self.t
        other._drew = self._drew
        return other

    def __reduce__(self):
        """Pickling (and ``copy.deepcopy``): every field, rebuilt exactly by
        ``_clone_war_table_from_state``: piles with their ring counters, the seats'
        elimination battles, the dead pile, the RNG state, the options and the counters.
        Cards are stored as the kernel holds them (``id*4 + rank``), not as bytes of
        the struct, so a pickle does not depend on the C layout."""
        cdef int s, i
        piles = tuple([
            (
                self.t.head[s],
                tuple([
                    self.t.cards[s][(self.t.head[s] + i) & _CW_RING_MASK]
                    for i in range(_cw_size(&self.t, s))
                ]),
            )
            for s in range(self.t.players)
        ])
        state = (
            self.t.players,
            piles,
            tuple([self.t.out[s] for s in range(self.t.players)]),
            tuple([self.t.dead[i] for i in range(self.t.ndead)]),
            self.t.rng,
            (
                self.t.collect_order,
                self.t.forfeit_to_dead,
                self.t.play_what_you_can,
                self.t.split_round_robin,
                self.t.max_battles,
                self.t.cap_most_cards,
            ),
            (self.t.battles, self.t.wars, self.t.termination, self.t.winner),
        )
        return (_clone_war_table_from_state, (state,))

    def end_in_cycle(self) -> None:
        """End the game as a draw by the cycle rule (CW-7.3); the caller detected it."""
        self.t.termination = _CW_CYCLE
        self.t.winner = -1

    def battle(self) -> list:
        """Play one battle (CW-3 … CW-7.2 and the cap) and return its log."""
        cdef int buf[_CW_LOG_MAX]
        cdef int n = 0, i
        if self.t.termination >= 0:
            raise ValueError("the game on this table is over: no battle is played")
        self._drew = _cw_battle(&self.t, buf, &n, True) != 0
        return [buf[i] for i in range(n)]

    @property
    def drew(self) -> bool:
        """Whether the last :meth:`battle` drew from the RNG (see the twin)."""
        return self._drew

    def cycle_length(self) -> int:
        """Battles from here until the rank-state first repeats, or -1 (see the twin)."""
        return _cw_cycle_length(&self.t)

    def play_out(self, cycle_detection: int) -> None:
        """Play the game to its end the way the batch loop does (lazy cycle checks)."""
        _cw_play_out(&self.t, cycle_detection != 0)


cdef object _cw_state_int(object value, object low, object high):
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(
            f"not a CloneWarTable state: {value!r} is not an int in [{low}, {high}]"
        )
    return value


def _clone_war_table_from_state(state: object) -> CloneWarTable:
    """Rebuild a pickled table exactly (the inverse of ``CloneWarTable.__reduce__``).

    Every value is range-checked before it reaches the C struct, so a corrupt
    state raises ValueError instead of writing outside the ring buffers.
    """
    cdef CloneWarTable table = CloneWarTable.__new__(CloneWarTable)
    cdef _CWTable* t = &table.t
    cdef int s, total = 0
    cdef long long never = _CW_NEVER
    try:
        players, piles, out, dead, rng, options, counters = state
        collect_order, forfeit_to_dead, play_what_you_can, split_round_robin, max_battles, \
            cap_most_cards = options
        battles, wars, termination, winner = counters
        piles = [(head, list(cards)) for head, cards in piles]
        out = list(out)
        dead = list(dead)
    except (TypeError, ValueError):
        raise ValueError(f"not a CloneWarTable state: {state!r}") from None
    _cw_state_int(players, 2, 4)
    if len(piles) != players or len(out) != players:
        raise ValueError(f"not a CloneWarTable state: {players} seats, {len(piles)} piles")
    for head, cards in piles:
        _cw_state_int(head, 0, 0xFFFFFFFF)
        for card in cards:
            _cw_state_int(card, 0, 4 * 48 - 1)
        total += len(cards)
    for card in dead:
        _cw_state_int(card, 0, 4 * 48 - 1)
    total += len(dead)
    if total > 48:
        raise ValueError(f"not a CloneWarTable state: {total} cards, at most 48")
    for value in out:
        _cw_state_int(value, -1, never)
    _cw_init(
        t, players, <uint64_t>_cw_state_int(rng, 0, _MAX_U64), _cw_state_int(collect_order, 0, 2),
        _cw_state_int(forfeit_to_dead, 0, 1), _cw_state_int(play_what_you_can, 0, 1),
        _cw_state_int(split_round_robin, 0, 1), _cw_state_int(max_battles, 1, (1 << 31) - 1),
        _cw_state_int(cap_most_cards, 0, 1),
    )
    for s in range(players):
        head, cards = piles[s]
        t.head[s] = head
        t.tail[s] = head
        for card in cards:
            _cw_push(t, s, card)
        t.out[s] = out[s]
    for card in dead:
        t.dead[t.ndead] = <unsigned char>card
        t.ndead += 1
    t.battles = _cw_state_int(battles, 0, never)
    t.wars = _cw_state_int(wars, 0, never)
    t.termination = _cw_state_int(termination, -1, _CW_CAP)
    t.winner = _cw_state_int(winner, -1, players - 1)
    return table


cdef int _cw_check_int(str name, object value, long long low, long long high) except -1:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be an int in [{low}, {high}], got {value!r}")
    return 0


def clone_war_batch(
    seed: object,
    start: object,
    count: object,
    players: object,
    collect_order: object = 0,
    forfeit_cards_to: object = 0,
    short_war: object = 0,
    split_remainder: object = 0,
    cycle_detection: object = 1,
    max_battles: object = 10000,
    cap_result: object = 0,
) -> dict:
    """Play games ``start .. start+count-1`` (game ``k`` dealt from ``derive_seed(seed, k)``).

    Compiled, with the GIL released; the twin in table.py documents it.
    """
    cdef uint64_t s64 = _check_u64(seed, "seed")
    _cw_check_int("start", start, 0, (1 << 63) - 1)
    _cw_check_int("count", count, 0, (1 << 63) - 1)
    _cw_check_int("players", players, 2, 4)
    _cw_check_int("collect_order", collect_order, 0, 2)
    _cw_check_int("forfeit_cards_to", forfeit_cards_to, 0, 1)
    _cw_check_int("short_war", short_war, 0, 1)
    _cw_check_int("split_remainder", split_remainder, 0, 1)
    _cw_check_int("cycle_detection", cycle_detection, 0, 1)
    _cw_check_int("max_battles", max_battles, 1, (1 << 31) - 1)
    _cw_check_int("cap_result", cap_result, 0, 1)
    cdef Py_ssize_t n = count, k
    cdef uint64_t first = <uint64_t>start
    cdef _cw_array.array length = _cw_array.clone(_cw_pyarray.array("q"), n, False)
    cdef _cw_array.array wars = _cw_array.clone(_cw_pyarray.array("q"), n, False)
    cdef _cw_array.array winner = _cw_array.clone(_cw_pyarray.array("b"), n, False)
    cdef _cw_array.array termination = _cw_array.clone(_cw_pyarray.array("b"), n, False)
    cdef long long* length_p = length.data.as_longlongs
    cdef long long* wars_p = wars.data.as_longlongs
    cdef signed char* winner_p = winner.data.as_schars
    cdef signed char* termination_p = termination.data.as_schars
    cdef int np = players, co = collect_order, fd = forfeit_cards_to, sw = short_war
    cdef int rr = split_remainder, cm = cap_result
    cdef bint cd = cycle_detection != 0
    cdef long long mb = max_battles
    cdef _CWTable t
    with nogil:
        for k in range(n):
            _cw_init(&t, np, 0, co, fd, sw, rr, mb, cm)
            _cw_deal(&t, _mix(s64 + (first + <uint64_t>k + 1) * _GAMMA))
            _cw_play_out(&t, cd)
            length_p[k] = t.battles
            wars_p[k] = t.wars
            winner_p[k] = <signed char>t.winner
            termination_p[k] = <signed char>t.termination
    return {"length": length, "wars": wars, "winner": winner, "termination": termination}
