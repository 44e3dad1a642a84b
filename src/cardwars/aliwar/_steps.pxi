# Aliwar's rule steps in C (included by _machine.pyx): the conflict of AW-5 and each step
# of a round on the position of _machine.pxd, shared by the batch loop (_batch.pxi) and
# the machine. Twin: steps.py (the conflict) and machine.py (the steps, as its methods).

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
