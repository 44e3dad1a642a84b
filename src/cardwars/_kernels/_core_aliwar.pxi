# Aliwar kernels of the compiled core (included by _core.pyx); twins in pure_aliwar.py.
#
# A card is its standard id suit*13 + rank-2, a protection suit is 0..3, and a conflict
# outcome is the winning seat (0 or 1) or -1 for a tie. A stack is a ring buffer of 64
# slots (a stack never holds more than 52 cards), top at head.

from cpython cimport array as _aw_carray
import array as _aw_pyarray

cdef extern from *:
    """
    /* Switch(a, b) for a < b over positions 0..5, lexicographic (RULINGS 4.5). */
    static const int AW_PAIR_A[15] = {0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4};
    static const int AW_PAIR_B[15] = {1, 2, 3, 4, 5, 2, 3, 4, 5, 3, 4, 5, 4, 5, 5};
    """
    const int AW_PAIR_A[15]
    const int AW_PAIR_B[15]

cdef enum:
    _AW_RING = 64
    _AW_MASK = 63
    _AW_TIE = -1
    _AW_EMPTY_STACK = 0
    _AW_DOUBLE_LOSS = 1
    _AW_NO_PROGRESS = 2
    _AW_MAX_ROUNDS = 3
    _AW_RANDOM = 0
    _AW_GREEDY = 1


cdef inline int _aw_conflict(int a, int b, int suit_a, int suit_b) noexcept nogil:
    cdef int rank_a = a % 13
    cdef int rank_b = b % 13
    cdef bint protected_a = a // 13 == suit_a
    cdef bint protected_b = b // 13 == suit_b
    if protected_a == protected_b:  # AW-5.3: same status, higher rank wins
        if rank_a > rank_b:
            return 0
        if rank_b > rank_a:
            return 1
        return _AW_TIE
    if protected_a:  # AW-5.4: the protected card wins on greater or equal rank
        return 0 if rank_a >= rank_b else _AW_TIE
    return 1 if rank_b >= rank_a else _AW_TIE


cdef int _aw_check_card(object value, str what) except -1:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 52:
        raise ValueError(f"{what} must be a card id 0..51, got {value!r}")
    return value


cdef int _aw_check_suit(object value, str what) except -1:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 4:
        raise ValueError(f"{what} must be a suit 0..3, got {value!r}")
    return value


def aliwar_conflict(a, b, suit_a, suit_b):
    """Resolve one column (AW-5): card ``a`` of seat 0 against card ``b`` of seat 1.

    ``suit_a`` and ``suit_b`` are the suits of each card's *owner's* protection
    card (AW-A6). Returns 0 or 1, the winning seat, or -1 for a tie.
    """
    return _aw_conflict(
        _aw_check_card(a, "a"),
        _aw_check_card(b, "b"),
        _aw_check_suit(suit_a, "suit_a"),
        _aw_check_suit(suit_b, "suit_b"),
    )


def aliwar_resolve_columns(tops_0, tops_1, suit_0, suit_1):
    """Resolve all five columns: ``tops_s[c]`` is seat ``s``'s top card in column ``c``."""
    if len(tops_0) != 5 or len(tops_1) != 5:
        raise ValueError(f"five top cards per seat are needed, got {len(tops_0)} and {len(tops_1)}")
    cdef int s0 = _aw_check_suit(suit_0, "suit_0")
    cdef int s1 = _aw_check_suit(suit_1, "suit_1")
    cdef int a[5]
    cdef int b[5]
    cdef int c
    for c in range(5):
        a[c] = _aw_check_card(tops_0[c], f"tops_0[{c}]")
        b[c] = _aw_check_card(tops_1[c], f"tops_1[{c}]")
    return (
        _aw_conflict(a[0], b[0], s0, s1),
        _aw_conflict(a[1], b[1], s0, s1),
        _aw_conflict(a[2], b[2], s0, s1),
        _aw_conflict(a[3], b[3], s0, s1),
        _aw_conflict(a[4], b[4], s0, s1),
    )


cdef struct _AwGame:
    int ring[2][5][_AW_RING]
    int head[2][5]
    int size[2][5]
    int protection[2]


cdef inline int _aw_pop(_AwGame* g, int s, int c) noexcept nogil:
    cdef int card = g.ring[s][c][g.head[s][c]]
    g.head[s][c] = (g.head[s][c] + 1) & _AW_MASK
    g.size[s][c] -= 1
    return card


cdef inline void _aw_push(_AwGame* g, int s, int c, int card) noexcept nogil:
    g.ring[s][c][(g.head[s][c] + g.size[s][c]) & _AW_MASK] = card
    g.size[s][c] += 1


cdef inline int _aw_most_cards(_AwGame* g) noexcept nogil:
    cdef int sizes[2]
    cdef int s, c
    for s in range(2):
        sizes[s] = 0
        for c in range(5):
            sizes[s] += g.size[s][c]
    if sizes[0] > sizes[1]:
        return 0
    if sizes[1] > sizes[0]:
        return 1
    return _AW_TIE


cdef inline void _aw_fielded(_AwGame* g, int s, int choice, int* keys) noexcept nogil:
    """The keys seat ``s`` fields in columns 0..4 after switch ``choice`` (15 = null)."""
    cdef int cards[6]
    cdef int c, tmp, guard
    for c in range(5):
        cards[c] = g.ring[s][c][g.head[s][c]]
    cards[5] = g.protection[s]
    if choice != 15:
        tmp = cards[AW_PAIR_A[choice]]
        cards[AW_PAIR_A[choice]] = cards[AW_PAIR_B[choice]]
        cards[AW_PAIR_B[choice]] = tmp
    guard = cards[5] // 13
    for c in range(5):
        keys[c] = 2 * (cards[c] % 13) + (cards[c] // 13 == guard)


cdef int _aw_greedy_switch(_AwGame* g, int s, int n_switches) noexcept nogil:
    """aliwar.GreedyAgent's switch: the best total over the opponent's switches of +1 per
    column won and -1 per column lost; the first best in the canonical order.

    Counting instead of fighting every pair: below[c][p][r] is how many opponent switches
    field, in column c, a card of protection status p and rank below r, so the total of
    one of our cards against all of them is a few lookups (AW-5.3, AW-5.4).
    """
    cdef int below[5][2][14]
    cdef int keys[5]
    cdef int k, c, p, r, rank, n0, n1, score
    cdef int best = 0, best_score = 0
    for c in range(5):
        for p in range(2):
            for r in range(14):
                below[c][p][r] = 0
    for k in range(n_switches):
        _aw_fielded(g, 1 - s, k, keys)
        for c in range(5):
            below[c][keys[c] & 1][(keys[c] >> 1) + 1] += 1
    for c in range(5):
        for p in range(2):
            for r in range(1, 14):
                below[c][p][r] += below[c][p][r - 1]
    for k in range(n_switches):
        _aw_fielded(g, s, k, keys)
        score = 0
        for c in range(5):
            rank = keys[c] >> 1
            n0 = below[c][0][13]
            n1 = below[c][1][13]
            if keys[c] & 1:  # protected: beats lower protected and any unprotected rank <= it
                score += below[c][1][rank] + below[c][0][rank + 1] - (n1 - below[c][1][rank + 1])
            else:  # unprotected: beats lower unprotected, loses to higher or any protected >= it
                score += below[c][0][rank] - (n0 - below[c][0][rank + 1]) - (n1 - below[c][1][rank])
        if k == 0 or score > best_score:
            best = k
            best_score = score
    return best


cdef void _aw_play_one(
    uint64_t game_seed, const int* agents, bint null_switch, bint kept_below, bint double_loss_most,
    long long no_progress_limit, long long max_rounds, bint cap_most,
    long long* length, signed char* winner, signed char* termination,
    signed char* discards_out, long long* longest_out,
) noexcept nogil:
    """One game, ``agents[s]`` 0 random or 1 greedy; mirrors pure_aliwar._play_one."""
    cdef _AwGame g
    cdef int deck[52]
    cdef uint64_t deal_rng = game_seed
    cdef uint64_t agent_rng[2]
    cdef int s, c, i, a, b, tmp, top_0, top_1, outcome, choice, n_won, first, second, kept_here
    cdef int best, smallest, size
    cdef int choices[2]
    cdef int returning[2][5]
    cdef int won[2][5]
    cdef int won_count[2]
    cdef int empty_count[2]
    cdef int empty_stack[2]
    cdef bint dead[2]
    cdef int kept_card[2]
    cdef int kept_stack[2]
    cdef int suits[2]
    cdef int discarded
    cdef long long rounds = 0, idle = 0, longest = 0
    cdef int discards = 0
    cdef uint32_t n_switches = 16 if null_switch else 15

    for i in range(52):
        deck[i] = i
    _shuffle_ints(&deal_rng, deck, 52)
    # Deal map (RULINGS 1.5): seat s, stack c is deck[25s + 5c .. +4], top first; protection 50, 51.
    for s in range(2):
        for c in range(5):
            g.head[s][c] = 0
            g.size[s][c] = 5
            for i in range(5):
                g.ring[s][c][i] = deck[25 * s + 5 * c + i]
        # The agents' RNGs: derive_seed(game_seed, 1 + s).
        agent_rng[s] = _mix(game_seed + <uint64_t>(2 + s) * _GAMMA)
    g.protection[0] = deck[50]
    g.protection[1] = deck[51]

    while True:
        # Switch (AW-4): both choose from the same position, then only the face-up cards move.
        for s in range(2):
            if agents[s] == _AW_GREEDY:
                choices[s] = _aw_greedy_switch(&g, s, n_switches)
            else:
                choices[s] = <int>_rng_below(&agent_rng[s], n_switches)
        for s in range(2):
            choice = choices[s]
            if choice != 15:
                a = AW_PAIR_A[choice]
                b = AW_PAIR_B[choice]
                if b < 5:
                    tmp = g.ring[s][a][g.head[s][a]]
                    g.ring[s][a][g.head[s][a]] = g.ring[s][b][g.head[s][b]]
                    g.ring[s][b][g.head[s][b]] = tmp
                else:
                    tmp = g.ring[s][a][g.head[s][a]]
                    g.ring[s][a][g.head[s][a]] = g.protection[s]
                    g.protection[s] = tmp
        # Conflict (AW-5): every top leaves; losers go to the winner, the rest return.
        suits[0] = g.protection[0] // 13
        suits[1] = g.protection[1] // 13
        won_count[0] = 0
        won_count[1] = 0
        for c in range(5):
            top_0 = _aw_pop(&g, 0, c)
            top_1 = _aw_pop(&g, 1, c)
            outcome = _aw_conflict(top_0, top_1, suits[0], suits[1])
            if outcome == 0:
                returning[0][c] = top_0
                returning[1][c] = -1
                won[0][won_count[0]] = top_1
                won_count[0] += 1
            elif outcome == 1:
                returning[0][c] = -1
                returning[1][c] = top_1
                won[1][won_count[1]] = top_0
                won_count[1] += 1
            else:
                returning[0][c] = top_0
                returning[1][c] = top_1
        rounds += 1
        for s in range(2):
            empty_count[s] = 0
            empty_stack[s] = -1
            for c in range(5):
                if g.size[s][c] == 0 and returning[s][c] < 0:
                    if empty_count[s] == 0:
                        empty_stack[s] = c
                    empty_count[s] += 1
            dead[s] = empty_count[s] >= 2 or (empty_count[s] == 1 and won_count[s] == 0)
            kept_card[s] = -1
            kept_stack[s] = -1
        if not (dead[0] or dead[1]):
            # Keep (AW-6.2, AW-7.2): Decline first, then (card by column, stack ascending);
            # a forced refill offers only (card, the emptied stack).
            for s in range(2):
                n_won = won_count[s]
                if n_won and agents[s] == _AW_GREEDY:
                    # The highest rank (first by column), into the emptied stack or else the
                    # smallest stack now (returning cards still count; first by number).
                    best = 0
                    for i in range(1, n_won):
                        if won[s][i] % 13 > won[s][best] % 13:
                            best = i
                    kept_card[s] = won[s][best]
                    if empty_count[s]:
                        kept_stack[s] = empty_stack[s]
                    else:
                        smallest = 0
                        for c in range(5):
                            size = g.size[s][c] + (returning[s][c] >= 0)
                            if c == 0 or size < smallest:
                                smallest = size
                                kept_stack[s] = c
                elif n_won:
                    if empty_count[s]:
                        kept_card[s] = won[s][_rng_below(&agent_rng[s], <uint32_t>n_won)]
                        kept_stack[s] = empty_stack[s]
                    else:
                        choice = <int>_rng_below(&agent_rng[s], <uint32_t>(1 + 5 * n_won))
                        if choice:
                            kept_card[s] = won[s][(choice - 1) // 5]
                            kept_stack[s] = (choice - 1) % 5
        # Return (AW-6.4, AW-6.6): a kept card and its stack's returning card, in the ruled order.
        for s in range(2):
            for c in range(5):
                kept_here = kept_card[s] if kept_stack[s] == c else -1
                if kept_below:
                    first = returning[s][c]
                    second = kept_here
                else:
                    first = kept_here
                    second = returning[s][c]
                if first >= 0:
                    _aw_push(&g, s, c, first)
                if second >= 0:
                    _aw_push(&g, s, c, second)
        discarded = won_count[0] + won_count[1] - (kept_card[0] >= 0) - (kept_card[1] >= 0)
        discards += discarded
        if dead[0] or dead[1]:
            length[0] = rounds
            discards_out[0] = <signed char>discards
            longest_out[0] = longest
            if dead[0] and dead[1]:
                winner[0] = <signed char>(_aw_most_cards(&g) if double_loss_most else _AW_TIE)
                termination[0] = _AW_DOUBLE_LOSS
            else:
                winner[0] = 1 if dead[0] else 0
                termination[0] = _AW_EMPTY_STACK
            return
        idle = idle + 1 if discarded == 0 else 0
        if idle > longest:
            longest = idle
        if idle >= no_progress_limit or rounds >= max_rounds:
            length[0] = rounds
            discards_out[0] = <signed char>discards
            longest_out[0] = longest
            winner[0] = <signed char>(_aw_most_cards(&g) if cap_most else _AW_TIE)
            termination[0] = _AW_NO_PROGRESS if idle >= no_progress_limit else _AW_MAX_ROUNDS
            return


cdef int _aw_check_flag(object value, str name) except -1:
    if isinstance(value, bool):
        value = int(value)
    if not isinstance(value, int) or value not in (0, 1):
        raise ValueError(f"{name} must be 0 or 1, got {value!r}")
    return value


def aliwar_batch(
    seed,
    start,
    count,
    players=2,
    agents=(0, 0),
    allow_null_switch=0,
    kept_card_position=0,
    double_loss_result=0,
    no_progress_limit=100,
    max_rounds=1000,
    cap_result=0,
):
    """Play Aliwar games ``k = start .. start+count-1``, game ``k`` dealt from ``derive_seed(seed, k)``.

    Same arguments and columns as the twin in ``pure_aliwar``; the loop runs
    without the GIL.
    """
    for name, value in (("seed", seed), ("start", start)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**64:
            raise ValueError(f"{name} must be an int in [0, 2**64), got {value!r}")
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"count must be an int >= 0, got {count!r}")
    if players != 2:
        raise ValueError(f"aliwar is for exactly 2 players, got players={players!r}")
    if isinstance(agents, (str, bytes)) or len(agents) != 2 or any(
        isinstance(code, bool) or not isinstance(code, int) or code not in (0, 1)
        for code in agents
    ):
        raise ValueError(
            f"agents must be two agent codes from (0, 1) (0 = random, 1 = greedy), got {agents!r}"
        )
    cdef int agent_codes[2]
    agent_codes[0] = agents[0]
    agent_codes[1] = agents[1]
    cdef bint null_switch = _aw_check_flag(allow_null_switch, "allow_null_switch")
    cdef bint kept_below = _aw_check_flag(kept_card_position, "kept_card_position")
    cdef bint double_loss_most = _aw_check_flag(double_loss_result, "double_loss_result")
    cdef bint cap_most = _aw_check_flag(cap_result, "cap_result")
    for name, value in (("no_progress_limit", no_progress_limit), ("max_rounds", max_rounds)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value < 2**62:
            raise ValueError(f"{name} must be an int >= 1, got {value!r}")
    cdef long long limit = no_progress_limit
    cdef long long cap = max_rounds
    cdef uint64_t seed_c = seed
    cdef uint64_t start_c = start
    cdef Py_ssize_t n = count
    cdef _aw_carray.array lengths = _aw_carray.clone(_aw_pyarray.array("q"), n, True)
    cdef _aw_carray.array winners = _aw_carray.clone(_aw_pyarray.array("b"), n, True)
    cdef _aw_carray.array terminations = _aw_carray.clone(_aw_pyarray.array("b"), n, True)
    cdef _aw_carray.array discards = _aw_carray.clone(_aw_pyarray.array("b"), n, True)
    cdef _aw_carray.array longest = _aw_carray.clone(_aw_pyarray.array("q"), n, True)
    cdef long long* length_p = lengths.data.as_longlongs
    cdef signed char* winner_p = winners.data.as_schars
    cdef signed char* termination_p = terminations.data.as_schars
    cdef signed char* discards_p = discards.data.as_schars
    cdef long long* longest_p = longest.data.as_longlongs
    cdef Py_ssize_t i
    cdef uint64_t game_seed
    with nogil:
        for i in range(n):
            game_seed = _mix(seed_c + (start_c + <uint64_t>i + 1) * _GAMMA)
            _aw_play_one(
                game_seed, agent_codes, null_switch, kept_below, double_loss_most,
                limit, cap, cap_most,
                &length_p[i], &winner_p[i], &termination_p[i], &discards_p[i], &longest_p[i],
            )
    return {
        "length": lengths,
        "winner": winners,
        "termination": terminations,
        "discards": discards,
        "longest_no_progress": longest,
    }
