# Aliwar kernels of the compiled core (included by _core.pyx); twins in pure_aliwar.py.
#
# A card is its standard id suit*13 + rank-2, a protection suit is 0..3, and a conflict
# outcome is the winning seat (0 or 1) or -1 for a tie. A stack is a ring buffer of 64
# slots (a stack never holds more than 52 cards), top at head.

from cpython cimport array as _aw_carray
import array as _aw_pyarray

cdef extern from *:
    """
    /* Switch(a, b) for a < b over positions 0..5, lexicographic (canonical move order). */
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


# --- the position and its rule steps, shared by the batch loop and AliwarMachine --------------
#
# In the Keep phase the cards that won or tied still lie face up on their stacks (AW-6.4)
# with ``returning`` set; the lost cards are in ``won``. Every step writes its events to an
# _AwEvents buffer when one is given (the state object) and to nothing when it is NULL (the
# batch loop). Event codes and their ints, the same in pure_aliwar_machine:
#   0 revealed   choice_0 choice_1                      (switch actions 0..15)
#   1 conflict   column card_0 card_1 protected_0 protected_1 winner(-1 tie)
#   2 emptied    seat column
#   3 discarded  n card*n
#   4 returned   seat n (column card)*n
#   5 kept       seat card stack
#   6 declined   seat
#   7 flipped    the ten new tops, seat 0's columns then seat 1's
#   8 over       termination winner(-1 none)

cdef enum:
    _AW_SWITCH = 0
    _AW_KEEP = 1
    _AW_OVER = 2
    _AW_EVENT_INTS = 512
    _AW_DECLINE = 276
    _AW_KEEP_BASE = 16


cdef struct _AwState:
    int ring[2][5][_AW_RING]
    int head[2][5]
    int size[2][5]
    int protection[2]
    int phase
    int won[2][5]
    int won_count[2]
    int returning[2][5]
    int empty_stack[2]       # Keep phase: the one emptied stack a keep must refill, or -1
    int discard[52]
    int n_discard
    long long rounds
    long long no_progress
    long long longest        # the longest run of rounds without a discard (batch statistics)
    uint64_t seen            # bit card set once that card has been face up (AW-8.3)
    int termination          # -1 until the game is over
    int winner               # the winning seat, or -1
    # the options
    int n_switches
    bint kept_below
    bint double_loss_most
    bint cap_most
    long long no_progress_limit
    long long max_rounds


cdef struct _AwEvents:
    int data[_AW_EVENT_INTS]
    int n


cdef inline void _aw_put(_AwEvents* ev, int value) noexcept nogil:
    if ev != NULL:
        ev.data[ev.n] = value
        ev.n += 1


cdef inline int _aw_top(_AwState* g, int s, int c) noexcept nogil:
    return g.ring[s][c][g.head[s][c]]


cdef inline int _aw_pop(_AwState* g, int s, int c) noexcept nogil:
    cdef int card = g.ring[s][c][g.head[s][c]]
    g.head[s][c] = (g.head[s][c] + 1) & _AW_MASK
    g.size[s][c] -= 1
    return card


cdef inline void _aw_push(_AwState* g, int s, int c, int card) noexcept nogil:
    g.ring[s][c][(g.head[s][c] + g.size[s][c]) & _AW_MASK] = card
    g.size[s][c] += 1


cdef void _aw_init(
    _AwState* g, bint null_switch, bint kept_below, bint double_loss_most,
    long long no_progress_limit, long long max_rounds, bint cap_most,
) noexcept nogil:
    """An empty position with these options (the caller deals the cards)."""
    cdef int s, c
    for s in range(2):
        for c in range(5):
            g.head[s][c] = 0
            g.size[s][c] = 0
    g.n_discard = 0
    g.rounds = 0
    g.no_progress = 0
    g.longest = 0
    g.seen = 0
    g.termination = -1
    g.winner = -1
    g.n_switches = 16 if null_switch else 15
    g.kept_below = kept_below
    g.double_loss_most = double_loss_most
    g.cap_most = cap_most
    g.no_progress_limit = no_progress_limit
    g.max_rounds = max_rounds


cdef void _aw_deal(_AwState* g, uint64_t* rng) noexcept nogil:
    """The deal of AW-2.1: one shuffle, seat s stack c = deck[25s + 5c ..][:5]."""
    cdef int deck[52]
    cdef int s, c, i
    for i in range(52):
        deck[i] = i
    _shuffle_ints(rng, deck, 52)
    for s in range(2):
        for c in range(5):
            for i in range(5):
                _aw_push(g, s, c, deck[25 * s + 5 * c + i])
    g.protection[0] = deck[50]
    g.protection[1] = deck[51]


cdef void _aw_start_round(_AwState* g) noexcept nogil:
    """AW-7.5: the tops are face up (so seen by both), and both players must switch."""
    cdef int s, c
    for s in range(2):
        for c in range(5):
            g.seen |= (<uint64_t>1) << _aw_top(g, s, c)
            g.returning[s][c] = 0
        g.seen |= (<uint64_t>1) << g.protection[s]
        g.won_count[s] = 0
        g.empty_stack[s] = -1
    g.phase = _AW_SWITCH


cdef int _aw_most_cards(_AwState* g) noexcept nogil:
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


cdef void _aw_end(_AwState* g, int termination, bint most_cards, int winner, _AwEvents* ev) noexcept nogil:
    if winner < 0 and most_cards:
        winner = _aw_most_cards(g)
    g.termination = termination
    g.winner = winner
    g.phase = _AW_OVER
    _aw_put(ev, 8)
    _aw_put(ev, termination)
    _aw_put(ev, winner)


cdef int _aw_return(_AwState* g, const int* kept_card, const int* kept_stack, _AwEvents* ev) noexcept nogil:
    """AW-6.2-6.6: place kept cards, discard the rest (AW-B8), return the fighters.

    Returns the number of cards discarded."""
    cdef int s, c, i, card, kept_here, returning, first, second, count_at
    cdef int discarded = 0
    cdef int start = g.n_discard
    for s in range(2):
        for i in range(g.won_count[s]):
            card = g.won[s][i]
            if card != kept_card[s]:
                g.discard[g.n_discard] = card
                g.n_discard += 1
        g.won_count[s] = 0
    discarded = g.n_discard - start
    if discarded:
        _aw_put(ev, 3)
        _aw_put(ev, discarded)
        for i in range(start, g.n_discard):
            _aw_put(ev, g.discard[i])
    for s in range(2):
        count_at = 0
        if ev != NULL:
            _aw_put(ev, 4)
            _aw_put(ev, s)
            count_at = ev.n
            _aw_put(ev, 0)
        for c in range(5):
            kept_here = kept_card[s] if kept_stack[s] == c else -1
            returning = -1
            if g.returning[s][c]:
                returning = _aw_pop(g, s, c)
                if ev != NULL:
                    ev.data[count_at] += 1
                    _aw_put(ev, c)
                    _aw_put(ev, returning)
            # AW-6.6: the kept card goes in first, the returning card beneath it (AW-A11).
            if g.kept_below:
                first = returning
                second = kept_here
            else:
                first = kept_here
                second = returning
            if first >= 0:
                _aw_push(g, s, c, first)
            if second >= 0:
                _aw_push(g, s, c, second)
            g.returning[s][c] = 0
        if ev != NULL and ev.data[count_at] == 0:
            ev.n -= 3  # nothing came back to this seat: no event
    return discarded


cdef void _aw_finish_round(_AwState* g, const int* kept_card, const int* kept_stack, _AwEvents* ev) noexcept nogil:
    cdef int s, c
    cdef int discarded = _aw_return(g, kept_card, kept_stack, ev)
    g.no_progress = 0 if discarded else g.no_progress + 1
    if g.no_progress > g.longest:
        g.longest = g.no_progress
    if g.no_progress >= g.no_progress_limit or g.rounds >= g.max_rounds:
        # AW-7.6, AW-B3: both caps in one round is "no_progress".
        _aw_end(g, _AW_NO_PROGRESS if g.no_progress >= g.no_progress_limit else _AW_MAX_ROUNDS,
                g.cap_most, -1, ev)
        return
    _aw_start_round(g)
    _aw_put(ev, 7)
    for s in range(2):
        for c in range(5):
            _aw_put(ev, _aw_top(g, s, c))


cdef void _aw_switch_step(_AwState* g, int choice_0, int choice_1, _AwEvents* ev) noexcept nogil:
    """AW-4 and AW-5: both switches at once, then the conflict of all five columns."""
    cdef int s, c, a, b, tmp, outcome, loser, empty
    cdef int choices[2]
    cdef int suits[2]
    cdef bint dead[2]
    cdef int no_keep[2]
    choices[0] = choice_0
    choices[1] = choice_1
    _aw_put(ev, 0)
    _aw_put(ev, choice_0)
    _aw_put(ev, choice_1)
    for s in range(2):  # AW-4.3: only the two face-up cards move
        if choices[s] != 15:
            a = AW_PAIR_A[choices[s]]
            b = AW_PAIR_B[choices[s]]
            tmp = g.ring[s][a][g.head[s][a]]
            if b < 5:
                g.ring[s][a][g.head[s][a]] = g.ring[s][b][g.head[s][b]]
                g.ring[s][b][g.head[s][b]] = tmp
            else:
                g.ring[s][a][g.head[s][a]] = g.protection[s]
                g.protection[s] = tmp
    suits[0] = g.protection[0] // 13
    suits[1] = g.protection[1] // 13
    g.rounds += 1
    for c in range(5):
        outcome = _aw_conflict(_aw_top(g, 0, c), _aw_top(g, 1, c), suits[0], suits[1])
        if ev != NULL:
            _aw_put(ev, 1)
            _aw_put(ev, c)
            _aw_put(ev, _aw_top(g, 0, c))
            _aw_put(ev, _aw_top(g, 1, c))
            _aw_put(ev, _aw_top(g, 0, c) // 13 == suits[0])
            _aw_put(ev, _aw_top(g, 1, c) // 13 == suits[1])
            _aw_put(ev, outcome)
        # AW-6.1: the losing card goes to the middle, won by the column's winner; the
        # winning and tying cards stay face up on their stacks until they return (AW-6.4).
        g.returning[0][c] = outcome != 1
        g.returning[1][c] = outcome != 0
        if outcome != _AW_TIE:
            loser = 1 - outcome
            g.won[outcome][g.won_count[outcome]] = _aw_pop(g, loser, c)
            g.won_count[outcome] += 1
            if g.size[loser][c] == 0:
                _aw_put(ev, 2)
                _aw_put(ev, loser)
                _aw_put(ev, c)
    for s in range(2):  # AW-7.3: dead is an empty stack the forced refill (AW-7.2) cannot fill
        empty = 0
        g.empty_stack[s] = -1
        for c in range(5):
            if g.size[s][c] == 0:
                if empty == 0:
                    g.empty_stack[s] = c
                empty += 1
        dead[s] = empty >= 2 or (empty == 1 and g.won_count[s] == 0)
        no_keep[s] = -1
    if dead[0] or dead[1]:
        # AW-7.4, AW-A20, AW-B1: the game ends before any keep; nothing is kept.
        _aw_return(g, no_keep, no_keep, ev)
        if dead[0] and dead[1]:  # AW-A15, AW-B2
            _aw_end(g, _AW_DOUBLE_LOSS, g.double_loss_most, -1, ev)
        else:
            _aw_end(g, _AW_EMPTY_STACK, False, 1 if dead[0] else 0, ev)
        return
    if g.won_count[0] or g.won_count[1]:
        g.phase = _AW_KEEP
        return
    _aw_finish_round(g, no_keep, no_keep, ev)


cdef void _aw_keep_step(_AwState* g, int action_0, int action_1, _AwEvents* ev) noexcept nogil:
    """AW-6.2: each seat that won a card keeps one (an action) or declines (-1: not polled)."""
    cdef int s, action
    cdef int actions[2]
    cdef int kept_card[2]
    cdef int kept_stack[2]
    actions[0] = action_0
    actions[1] = action_1
    for s in range(2):
        action = actions[s]
        kept_card[s] = -1
        kept_stack[s] = -1
        if action == _AW_DECLINE:
            _aw_put(ev, 6)
            _aw_put(ev, s)
        elif action >= _AW_KEEP_BASE:
            kept_card[s] = (action - _AW_KEEP_BASE) // 5
            kept_stack[s] = (action - _AW_KEEP_BASE) % 5
            _aw_put(ev, 5)
            _aw_put(ev, s)
            _aw_put(ev, kept_card[s])
            _aw_put(ev, kept_stack[s])
    _aw_finish_round(g, kept_card, kept_stack, ev)


cdef bint _aw_keep_is_legal(_AwState* g, int s, int action) noexcept nogil:
    """Whether ``action`` is one of seat ``s``'s Keep-phase actions (AW-6.2, AW-7.2)."""
    cdef int card, stack, i
    if g.won_count[s] == 0:
        return False
    if action == _AW_DECLINE:
        return g.empty_stack[s] < 0
    if action < _AW_KEEP_BASE or action >= _AW_DECLINE:
        return False
    card = (action - _AW_KEEP_BASE) // 5
    stack = (action - _AW_KEEP_BASE) % 5
    if g.empty_stack[s] >= 0 and stack != g.empty_stack[s]:
        return False
    for i in range(g.won_count[s]):
        if g.won[s][i] == card:
            return True
    return False


# --- the built-in agents of the batch loop -----------------------------------------------------


cdef inline void _aw_fielded(_AwState* g, int s, int choice, int* keys) noexcept nogil:
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


cdef int _aw_greedy_switch(_AwState* g, int s, int n_switches) noexcept nogil:
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


cdef int _aw_agent_keep(_AwState* g, int s, int agent, uint64_t* rng) noexcept nogil:
    """The Keep action of a built-in agent, or -1 when seat ``s`` is not polled.

    Random: ``legal[rng.below(len(legal))]`` over the canonical order (Decline, then card by
    column and stack ascending; a forced refill offers only the emptied stack). Greedy: the
    highest rank (first by column) into the emptied stack, or else into the smallest stack
    now (the returning cards still lie on their stacks; first by number).
    """
    cdef int n_won = g.won_count[s]
    cdef int best, i, c, smallest, choice, stack = 0
    if n_won == 0:
        return -1
    if agent == _AW_GREEDY:
        best = 0
        for i in range(1, n_won):
            if g.won[s][i] % 13 > g.won[s][best] % 13:
                best = i
        if g.empty_stack[s] >= 0:
            stack = g.empty_stack[s]
        else:
            smallest = g.size[s][0]
            for c in range(1, 5):
                if g.size[s][c] < smallest:
                    smallest = g.size[s][c]
                    stack = c
        return _AW_KEEP_BASE + 5 * g.won[s][best] + stack
    if g.empty_stack[s] >= 0:
        return _AW_KEEP_BASE + 5 * g.won[s][_rng_below(rng, <uint32_t>n_won)] + g.empty_stack[s]
    choice = <int>_rng_below(rng, <uint32_t>(1 + 5 * n_won))
    if choice == 0:
        return _AW_DECLINE
    return _AW_KEEP_BASE + 5 * g.won[s][(choice - 1) // 5] + (choice - 1) % 5


cdef void _aw_play_one(
    uint64_t game_seed, const int* agents, bint null_switch, bint kept_below, bint double_loss_most,
    long long no_progress_limit, long long max_rounds, bint cap_most,
    long long* length, signed char* winner, signed char* termination,
    signed char* discards_out, long long* longest_out,
) noexcept nogil:
    """One game, ``agents[s]`` 0 random or 1 greedy, through the rule steps above."""
    cdef _AwState g
    cdef uint64_t deal_rng = game_seed
    cdef uint64_t agent_rng[2]
    cdef int choices[2]
    cdef int s
    _aw_init(&g, null_switch, kept_below, double_loss_most, no_progress_limit, max_rounds, cap_most)
    _aw_deal(&g, &deal_rng)
    for s in range(2):  # the agents' RNGs: derive_seed(game_seed, 1 + s)
        agent_rng[s] = _mix(game_seed + <uint64_t>(2 + s) * _GAMMA)
    _aw_start_round(&g)
    while g.phase != _AW_OVER:
        if g.phase == _AW_SWITCH:
            for s in range(2):
                if agents[s] == _AW_GREEDY:
                    choices[s] = _aw_greedy_switch(&g, s, g.n_switches)
                else:
                    choices[s] = <int>_rng_below(&agent_rng[s], <uint32_t>g.n_switches)
            _aw_switch_step(&g, choices[0], choices[1], NULL)
        else:
            for s in range(2):
                choices[s] = _aw_agent_keep(&g, s, agents[s], &agent_rng[s])
            _aw_keep_step(&g, choices[0], choices[1], NULL)
    length[0] = g.rounds
    winner[0] = <signed char>g.winner
    termination[0] = <signed char>g.termination
    discards_out[0] = <signed char>g.n_discard
    longest_out[0] = g.longest


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

