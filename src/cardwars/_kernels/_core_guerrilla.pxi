# guerrilla kernels of the compiled core (included by _core.pyx).
#
# Cards are standard ids suit*13 + rank-2. A combination is one or two cards;
# its strength is an int (higher is better) exactly as in pure_guerrilla.py.

cdef int _GT_PAIR = 1024


cdef inline int _gt_effective(int card, int grank, bint ace_low) noexcept nogil:
    cdef int rank = card % 13 + 2
    if rank == 14 and ace_low:
        return 0
    if rank <= grank:
        return 1
    return rank


cdef inline int _gt_strength2(int a, int b, int grank, bint kicker, bint ace_low) noexcept nogil:
    # b < 0: a single card.
    cdef int ea = _gt_effective(a, grank, ace_low)
    cdef int eb
    if b < 0:
        return ea * 32
    eb = _gt_effective(b, grank, ace_low)
    if ea == eb:
        return _GT_PAIR + ea
    if ea < eb:
        ea, eb = eb, ea
    return ea * 32 + (eb + 1 if kicker else 0)


def guerrilla_strength(cards, int guerrilla_rank, bint kicker=False, bint ace_low=False):
    """The strength of a combination of one or two card ids (GT-8.4); higher is better."""
    cdef Py_ssize_t n = len(cards)
    if n == 0 or n > 2:
        raise ValueError(f"a combination has 1 or 2 cards, got {n}")
    if n == 1:
        return _gt_strength2(cards[0], -1, guerrilla_rank, kicker, ace_low)
    return _gt_strength2(cards[0], cards[1], guerrilla_rank, kicker, ace_low)


def guerrilla_evaluate(combos, int guerrilla_rank, bint kicker=False, bint ace_low=False):
    """Each seat's outcome (GT-7, GT-9): 2 winning, 1 tied for best, 0 losing, -1 not taking part."""
    cdef list strengths = []
    cdef int best = -1, leaders = 0, s
    for combo in combos:
        if len(combo):
            s = guerrilla_strength(combo, guerrilla_rank, kicker, ace_low)
        else:
            s = -1
        strengths.append(s)
        if s > best:
            best = s
            leaders = 1
        elif s == best and s >= 0:
            leaders += 1
    out = []
    for s in strengths:
        if s < 0:
            out.append(-1)
        elif s == best:
            out.append(2 if leaders == 1 else 1)
        else:
            out.append(0)
    return tuple(out)


# --- the state machine: the position as a C struct, each rule step one C function ---------
#
# The twin, with the documentation of every step and of the event ints, is
# pure_guerrilla_machine.py; the functions here have its method names with a _gt_ prefix.
# Each step writes its events as ints to an optional buffer (NULL in the batch loop), and
# runs on into the next step until a poll or the end, as the twin's methods do. The
# batch loop below and the GuerrillaMachine class (_core_guerrilla_state.pxi) both play
# the game through _gt_step, so each rule is written once.

from array import array

from libc.stdlib cimport malloc
from libc.string cimport memset

cdef enum:
    _GT_PROPOSE = 0
    _GT_RESPOND = 1
    _GT_PLAY_FIRST = 2
    _GT_PLAY = 3
    _GT_SUPPORT = 4
    _GT_TIE = 5
    _GT_REMOVE = 6
    _GT_OVER = 7
    _GT_EVMAX = 1024     # ints of events in one step (a step emits a few hundred at most)
    _GT_NACT = 2968      # the actions; also the most legal actions a seat can have
    _GT_NOPT = 21        # the options, in the order of pure_guerrilla_machine.OPTIONS

cdef enum:
    _GO_TWO_SUIT = 0
    _GO_ACE_LOW = 1
    _GO_DRAW_TWO = 2
    _GO_CANNOT_PLAY = 3
    _GO_SUPPORT_RULE = 4
    _GO_CASCADE = 5
    _GO_KICKER = 6
    _GO_TIE_CARDS = 7
    _GO_COMBINES = 8
    _GO_FD_PENALTY = 9
    _GO_TO_SPOILS = 10
    _GO_WINNER_CHOOSES = 11
    _GO_NEXT_BEST = 12
    _GO_AFTER_DRAW = 13
    _GO_WAVE_RESET = 14
    _GO_UNANIMOUS = 15
    _GO_ALL_RECRUIT = 16
    _GO_RESHUFFLE_RECRUIT = 17
    _GO_MOST_ELIMINATED = 18
    _GO_MAX_SKIRMISHES = 19
    _GO_CAP_MOST = 20

ctypedef struct _GtEvents:
    int n
    int data[_GT_EVMAX]

ctypedef struct _GtState:
    int n
    int opt[_GT_NOPT]
    uint64_t rng
    int hand[4][52]
    int hand_n[4]
    int draw[4][52]      # the draw pile is draw[s][draw_top[s] ..][:draw_n[s]], top first
    int draw_top[4]
    int draw_n[4]
    int disc[4][52]
    int disc_n[4]
    int removed[52]
    int removed_n
    int g                # set through _gt_set_g, which keeps eff in step
    int eff[52]          # each card's effective rank at this G (GT-1.5, ace_low)
    int k
    int phase
    int to_act           # a bit per polled seat
    int in_game[4]
    int played_g[4]
    int penalty[4]
    int spy[4]
    # the table of the current skirmish
    int played[4]        # -1: none
    int support[4]
    int tie_seat[52]     # the tie placements of every round, in order
    int tie_down[52]     # -1: no face-down card
    int tie_up[52]
    int tie_n
    int round_start[52]  # the first placement of each tie round
    int rounds
    int first_tied[4]
    int first_tied_n
    int tied[4]
    int tied_n
    int drawn[4][52]
    int drawn_n[4]
    int outcomes[4]
    int forfeited[52]
    int forfeited_n
    int proposer
    int winners[4]
    int winners_n
    int picks[52]
    int picks_n
    int needed
    # bookkeeping for the end
    int clock
    int eliminated_at[4]  # -1: still in
    int eliminated_hand[4]
    int cards_dealt
    int termination       # -1 until over
    int result_winners[4]
    int result_winners_n
    int placings[4]


cdef inline void _gt_emit(_GtEvents* ev, int x) noexcept nogil:
    if ev != NULL and ev.n < _GT_EVMAX:
        ev.data[ev.n] = x
        ev.n += 1


cdef inline int _gt_rank(int card) noexcept nogil:
    return card % 13 + 2


cdef inline bint _gt_is_g(_GtState* st, int card) noexcept nogil:
    # Rank 2..G (GT-1.4): exactly the cards whose effective rank is 1 (an Ace is never one).
    return st.eff[card] == 1


cdef void _gt_set_g(_GtState* st, int g) noexcept nogil:
    # G, and the effective rank of every card at G (_gt_effective, looked up by _gt_str2).
    cdef int c
    st.g = g
    for c in range(52):
        st.eff[c] = _gt_effective(c, g, st.opt[_GO_ACE_LOW])


cdef inline int _gt_str2(_GtState* st, int a, int b) noexcept nogil:
    # _gt_strength2 at the state's G and options, on the table of effective ranks.
    cdef int ea = st.eff[a], eb
    if b < 0:
        return ea * 32
    eb = st.eff[b]
    if ea == eb:
        return _GT_PAIR + ea
    if ea < eb:
        ea, eb = eb, ea
    return ea * 32 + (eb + 1 if st.opt[_GO_KICKER] else 0)


cdef inline int _gt_combo(_GtState* st, int s) noexcept nogil:
    if st.played[s] < 0:
        return -1
    return _gt_str2(st, st.played[s], st.support[s])


cdef inline int _gt_active_count(_GtState* st) noexcept nogil:
    cdef int s, c = 0
    for s in range(st.n):
        c += st.in_game[s]
    return c


cdef inline int _gt_active_mask(_GtState* st) noexcept nogil:
    cdef int s, mask = 0
    for s in range(st.n):
        if st.in_game[s]:
            mask |= 1 << s
    return mask


cdef inline void _gt_poll(_GtState* st, int phase, int mask) noexcept nogil:
    st.phase = phase
    st.to_act = mask


cdef inline void _gt_hand_remove(_GtState* st, int s, int card) noexcept nogil:
    # Remove one card, keeping the arrival order of the others.
    cdef int i, j = 0
    for i in range(st.hand_n[s]):
        if st.hand[s][i] != card:
            st.hand[s][j] = st.hand[s][i]
            j += 1
    st.hand_n[s] = j


cdef inline void _gt_sorted(int* cards, int m, int* out) noexcept nogil:
    # ``cards`` in canonical (ascending id) order: an insertion sort.
    cdef int i, j, x
    for i in range(m):
        x = cards[i]
        j = i - 1
        while j >= 0 and out[j] > x:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = x


cdef inline int _gt_pop_draw(_GtState* st, int s) noexcept nogil:
    cdef int card = st.draw[s][st.draw_top[s]]
    st.draw_top[s] += 1
    st.draw_n[s] -= 1
    return card


cdef int _gt_table(_GtState* st, int* card, int* owner, int* up) noexcept nogil:
    # The table in table order (GT-12); returns its size.
    cdef int s, i, m = 0
    for s in range(st.n):
        if st.played[s] >= 0:
            card[m] = st.played[s]
            owner[m] = s
            up[m] = 1
            m += 1
    for s in range(st.n):
        if st.support[s] >= 0:
            card[m] = st.support[s]
            owner[m] = s
            up[m] = 1
            m += 1
    for i in range(st.tie_n):
        if st.tie_down[i] >= 0:
            card[m] = st.tie_down[i]
            owner[m] = st.tie_seat[i]
            up[m] = 0
            m += 1
        card[m] = st.tie_up[i]
        owner[m] = st.tie_seat[i]
        up[m] = 1
        m += 1
    return m


cdef void _gt_init(_GtState* st, int n, int* opt, uint64_t rng) noexcept nogil:
    # An empty position of n seats with these options.
    cdef int s
    memset(st, 0, sizeof(_GtState))
    st.n = n
    for s in range(_GT_NOPT):
        st.opt[s] = opt[s]
    st.rng = rng
    _gt_set_g(st, 2)
    st.phase = _GT_PLAY
    st.proposer = -1
    st.termination = -1
    for s in range(n):
        st.in_game[s] = 1
        st.played[s] = -1
        st.support[s] = -1
        st.eliminated_at[s] = -1


cdef void _gt_deal(_GtState* st, _GtEvents* ev) noexcept nogil:
    # GT-2: each seat, lowest first, shuffles its own cards (in id order) into its draw pile.
    cdef int s, i
    for s in range(st.n):
        st.draw_top[s] = 0
        if st.opt[_GO_TWO_SUIT]:
            # seat 0: diamonds then hearts (ids 13..38); seat 1: clubs then spades
            for i in range(26):
                st.draw[s][i] = (13 + i) if s == 0 else (i if i < 13 else 26 + i)
            st.draw_n[s] = 26
        else:
            for i in range(13):
                st.draw[s][i] = s * 13 + i
            st.draw_n[s] = 13
        _shuffle_ints(&st.rng, &st.draw[s][0], st.draw_n[s])
        st.cards_dealt += st.draw_n[s]
    _gt_start_skirmish(st, ev)


# --- GT-4 promotion window ------------------------------------------------------------
cdef bint _gt_window_opens(_GtState* st) noexcept nogil:
    cdef int s
    if st.g >= 6:
        return False
    for s in range(st.n):
        if st.in_game[s] and not st.played_g[s]:
            return False
    return True


cdef void _gt_start_skirmish(_GtState* st, _GtEvents* ev) noexcept nogil:
    _gt_emit(ev, 0)
    _gt_emit(ev, st.k)
    _gt_emit(ev, st.k % st.n)
    if not st.opt[_GO_AFTER_DRAW] and _gt_window_opens(st):
        _gt_poll(st, _GT_PROPOSE, _gt_active_mask(st))
        return
    _gt_draw_step(st, ev)


cdef void _gt_on_propose(_GtState* st, int* chosen, _GtEvents* ev) noexcept nogil:
    cdef int n = st.n, s, d, count = 0, proposer = -1, best = 99
    cdef int lead = st.k % n
    for s in range(n):
        if chosen[s] == 0:
            count += 1
            d = (s - lead + n) % n
            if d < best:
                best = d
                proposer = s
    if count == 0:
        _gt_after_promotion(st, ev)
        return
    st.proposer = proposer
    _gt_emit(ev, 1)
    _gt_emit(ev, proposer)
    _gt_emit(ev, count)
    for s in range(n):
        if chosen[s] == 0:
            _gt_emit(ev, s)
    _gt_poll(st, _GT_RESPOND, _gt_active_mask(st) & ~(1 << proposer))


cdef void _gt_on_respond(_GtState* st, int* chosen, _GtEvents* ev) noexcept nogil:
    cdef int n = st.n, s, d, reveals = 0, rejecters = 0
    cdef int proposer = st.proposer
    for s in range(n):
        if chosen[s] >= 4:
            reveals += 1
        elif chosen[s] == 3:
            rejecters += 1
    if reveals == 0 and rejecters == 0:
        _gt_set_g(st, st.g + 1)
        _gt_emit(ev, 2)
        _gt_emit(ev, st.g)
        if st.opt[_GO_WAVE_RESET]:
            for s in range(n):
                st.played_g[s] = 0
    else:
        _gt_emit(ev, 3)
        _gt_emit(ev, reveals)
        for s in range(n):
            if chosen[s] >= 4:
                _gt_emit(ev, s)
                _gt_emit(ev, chosen[s] - 4)
        _gt_emit(ev, rejecters)
        for s in range(n):
            if chosen[s] == 3:
                _gt_emit(ev, s)
        # GT-4.6: cancellers recruit clockwise from the proposer.
        for d in range(1, n):
            s = (proposer + d) % n
            if chosen[s] >= 4:
                _gt_recruit(st, s, proposer, ev)
                if not st.opt[_GO_ALL_RECRUIT]:
                    break
    st.proposer = -1
    _gt_after_promotion(st, ev)


cdef void _gt_recruit(_GtState* st, int s, int source, _GtEvents* ev) noexcept nogil:
    cdef int i, taken = 0
    for i in range(st.g):
        if st.draw_n[source] == 0:
            if not st.opt[_GO_RESHUFFLE_RECRUIT] or st.disc_n[source] == 0:
                break
            _gt_reshuffle(st, source, ev)
        st.disc[s][st.disc_n[s]] = _gt_pop_draw(st, source)
        st.disc_n[s] += 1
        taken += 1
    _gt_emit(ev, 4)
    _gt_emit(ev, s)
    _gt_emit(ev, source)
    _gt_emit(ev, taken)


cdef void _gt_after_promotion(_GtState* st, _GtEvents* ev) noexcept nogil:
    if not st.opt[_GO_AFTER_DRAW]:
        _gt_draw_step(st, ev)
    else:
        _gt_begin_play(st, ev)


# --- GT-5 draw ------------------------------------------------------------------------
cdef void _gt_reshuffle(_GtState* st, int s, _GtEvents* ev) noexcept nogil:
    cdef int j, m = st.disc_n[s]
    for j in range(m):
        st.draw[s][j] = st.disc[s][j]
    st.disc_n[s] = 0
    st.draw_top[s] = 0
    st.draw_n[s] = m
    _shuffle_ints(&st.rng, &st.draw[s][0], m)
    _gt_emit(ev, 5)
    _gt_emit(ev, s)
    _gt_emit(ev, m)


cdef int _gt_draw_cards(_GtState* st, int s, int count, _GtEvents* ev) noexcept nogil:
    # GT-5.2: one card at a time; an empty draw pile takes the shuffled discard pile.
    cdef int i, card, got = 0
    for i in range(count):
        if st.draw_n[s] == 0:
            if st.disc_n[s] == 0:
                break
            _gt_reshuffle(st, s, ev)
        card = _gt_pop_draw(st, s)
        st.hand[s][st.hand_n[s]] = card
        st.hand_n[s] += 1
        st.drawn[s][st.drawn_n[s]] = card
        st.drawn_n[s] += 1
        got += 1
    if got:
        _gt_emit(ev, 6)
        _gt_emit(ev, s)
        _gt_emit(ev, got)
    return got


cdef void _gt_draw_step(_GtState* st, _GtEvents* ev) noexcept nogil:
    cdef int s, need, got, out_n = 0
    cdef int out[4]
    for s in range(st.n):
        if not st.in_game[s]:
            continue
        if st.penalty[s]:
            need = 1
        elif not st.opt[_GO_DRAW_TWO]:
            need = 2 - st.hand_n[s]
            if need < 0:
                need = 0
        else:
            need = 2
        if need == 0:
            continue
        got = _gt_draw_cards(st, s, need, ev)
        # GT-5.3: must draw and cannot (the alternative rule: only with an empty hand).
        if got == 0 and (not st.opt[_GO_CANNOT_PLAY] or st.hand_n[s] == 0):
            out[out_n] = s
            out_n += 1
    for s in range(st.n):
        st.penalty[s] = 0
        st.drawn_n[s] = 0
    if out_n:
        _gt_eliminate(st, out, out_n, ev)
    if _gt_active_count(st) <= 1:
        _gt_end_by_elimination(st, ev)
        return
    if st.opt[_GO_AFTER_DRAW] and _gt_window_opens(st):
        _gt_poll(st, _GT_PROPOSE, _gt_active_mask(st))
        return
    _gt_begin_play(st, ev)


cdef void _gt_eliminate(_GtState* st, int* seats, int m, _GtEvents* ev) noexcept nogil:
    cdef int i, j, s, card
    st.clock += 1
    for i in range(m):
        s = seats[i]
        st.in_game[s] = 0
        st.eliminated_at[s] = st.clock
        st.eliminated_hand[s] = st.hand_n[s]
        _gt_emit(ev, 7)
        _gt_emit(ev, s)
        _gt_emit(ev, st.hand_n[s])
        for j in range(st.hand_n[s]):
            card = st.hand[s][j]
            if st.opt[_GO_TO_SPOILS]:
                st.forfeited[st.forfeited_n] = card
                st.forfeited_n += 1
            else:
                st.removed[st.removed_n] = card
                st.removed_n += 1
            _gt_emit(ev, card)
        st.hand_n[s] = 0


# --- GT-6 play, GT-7 evaluate, GT-8 support, GT-9 re-evaluate ---------------------------
cdef void _gt_begin_play(_GtState* st, _GtEvents* ev) noexcept nogil:
    cdef int s, first = 0
    for s in range(st.n):
        if st.in_game[s] and st.spy[s]:
            first |= 1 << s
    if first:
        _gt_poll(st, _GT_PLAY_FIRST, first)
    else:
        _gt_poll(st, _GT_PLAY, _gt_active_mask(st))


cdef void _gt_on_play(_GtState* st, int* chosen, bint first, _GtEvents* ev) noexcept nogil:
    cdef int s, card, others = 0
    for s in range(st.n):
        if chosen[s] >= 0:
            card = chosen[s] - 56
            _gt_hand_remove(st, s, card)
            st.played[s] = card
            _gt_emit(ev, 8)
            _gt_emit(ev, s)
            _gt_emit(ev, card)
            _gt_emit(ev, first)
    if first:
        for s in range(st.n):
            if st.in_game[s] and not st.spy[s]:
                others |= 1 << s
        if others:
            _gt_poll(st, _GT_PLAY, others)
            return
    _gt_evaluate(st, ev)
    _gt_open_support(st, ev)


cdef void _gt_evaluate(_GtState* st, _GtEvents* ev) noexcept nogil:
    cdef int s, best = -1, leaders = 0
    cdef int v[4]
    for s in range(st.n):
        v[s] = _gt_combo(st, s)
        if v[s] > best:
            best = v[s]
    for s in range(st.n):
        if v[s] == best and v[s] >= 0:
            leaders += 1
    _gt_emit(ev, 10)
    _gt_emit(ev, st.n)
    for s in range(st.n):
        if v[s] < 0:
            st.outcomes[s] = -1
        elif v[s] == best:
            st.outcomes[s] = 2 if leaders == 1 else 1
        else:
            st.outcomes[s] = 0
        _gt_emit(ev, st.outcomes[s])


cdef void _gt_open_support(_GtState* st, _GtEvents* ev) noexcept nogil:
    cdef int s, mask = 0
    for s in range(st.n):
        if (st.in_game[s] and (st.outcomes[s] == 0 or st.outcomes[s] == 1)
                and st.support[s] < 0 and st.hand_n[s] > 0):
            mask |= 1 << s
    if mask:
        _gt_poll(st, _GT_SUPPORT, mask)
    else:
        _gt_after_support(st, ev)


cdef void _gt_on_support(_GtState* st, int* chosen, _GtEvents* ev) noexcept nogil:
    cdef int s, card
    cdef bint supported = False
    for s in range(st.n):
        if chosen[s] >= 108:
            card = chosen[s] - 108
            _gt_hand_remove(st, s, card)
            st.support[s] = card
            st.penalty[s] = 1
            _gt_emit(ev, 9)
            _gt_emit(ev, s)
            _gt_emit(ev, card)
            supported = True
    if supported and st.opt[_GO_CASCADE]:
        _gt_evaluate(st, ev)
        _gt_open_support(st, ev)
        return
    _gt_after_support(st, ev)


cdef void _gt_after_support(_GtState* st, _GtEvents* ev) noexcept nogil:
    cdef int s, m = 0
    cdef int leaders[4]
    _gt_evaluate(st, ev)
    for s in range(st.n):
        if st.outcomes[s] == 2 or st.outcomes[s] == 1:
            leaders[m] = s
            m += 1
    if m == 1:
        _gt_decided(st, leaders, 1, ev)
        return
    for s in range(m):
        st.first_tied[s] = leaders[s]
        st.tied[s] = leaders[s]
    st.first_tied_n = m
    st.tied_n = m
    _gt_tie_check(st, ev)


# --- GT-10 tie resolution ---------------------------------------------------------------
cdef void _gt_tie_check(_GtState* st, _GtEvents* ev) noexcept nogil:
    cdef int i, s, out_n = 0, left_n = 0, mask = 0
    cdef int out[4]
    for i in range(st.tied_n):
        s = st.tied[i]
        if (st.draw_n[s] == 0 and st.disc_n[s] == 0
                and (not st.opt[_GO_CANNOT_PLAY] or st.hand_n[s] == 0)):
            out[out_n] = s
            out_n += 1
    if out_n:
        _gt_eliminate(st, out, out_n, ev)
    for i in range(st.tied_n):
        s = st.tied[i]
        if st.in_game[s]:
            st.tied[left_n] = s
            left_n += 1
    st.tied_n = left_n
    if left_n <= 1:
        _gt_decided(st, st.tied, left_n, ev)
        return
    for s in range(st.n):
        st.drawn_n[s] = 0
    for i in range(left_n):
        _gt_draw_cards(st, st.tied[i], 2, ev)
        mask |= 1 << st.tied[i]
    st.round_start[st.rounds] = st.tie_n
    st.rounds += 1
    _gt_poll(st, _GT_TIE, mask)


cdef void _gt_on_tie(_GtState* st, int* chosen, _GtEvents* ev) noexcept nogil:
    cdef int s, a, up, down, best = -1, m = 0, outcome
    cdef int strength[4]
    cdef int leaders[4]
    for s in range(st.n):
        strength[s] = -1
        if chosen[s] < 0:
            continue
        a = chosen[s] - 212
        up = a // 53
        down = a % 53
        if down == 52:
            down = -1
        if down >= 0:
            _gt_hand_remove(st, s, down)
            if st.opt[_GO_FD_PENALTY]:
                st.penalty[s] = 1
        _gt_hand_remove(st, s, up)
        st.tie_seat[st.tie_n] = s
        st.tie_down[st.tie_n] = down
        st.tie_up[st.tie_n] = up
        st.tie_n += 1
        _gt_emit(ev, 11)
        _gt_emit(ev, s)
        _gt_emit(ev, up)
        _gt_emit(ev, down >= 0)
        strength[s] = _gt_str2(st, up, down if st.opt[_GO_COMBINES] else -1)
        if strength[s] > best:
            best = strength[s]
    for s in range(st.n):
        if chosen[s] >= 0 and strength[s] == best:
            leaders[m] = s
            m += 1
    outcome = 2 if m == 1 else 1
    _gt_emit(ev, 10)
    _gt_emit(ev, st.n)
    for s in range(st.n):
        if chosen[s] < 0:
            _gt_emit(ev, -1)  # out, or not in this tie round
        else:
            _gt_emit(ev, outcome if strength[s] == best else 0)
    for s in range(st.n):
        st.drawn_n[s] = 0
    if m == 1:
        _gt_decided(st, leaders, 1, ev)
        return
    for s in range(m):
        st.tied[s] = leaders[s]
    st.tied_n = m
    _gt_tie_check(st, ev)


# --- GT-11 Loss of Forces, GT-12 spoils, GT-13 spy, GT-14 end ----------------------------
cdef void _gt_decided(_GtState* st, int* winners, int wn, _GtEvents* ev) noexcept nogil:
    cdef int i, u_n, lost
    cdef bint has_g = False
    cdef int u_card[52]
    cdef int u_owner[52]
    cdef int u_up[52]
    for i in range(wn):
        st.winners[i] = winners[i]
    st.winners_n = wn
    st.to_act = 0
    for i in range(st.tie_n):
        if st.tie_down[i] >= 0:
            _gt_emit(ev, 12)
            _gt_emit(ev, st.tie_seat[i])
            _gt_emit(ev, st.tie_down[i])
    u_n = _gt_table(st, u_card, u_owner, u_up)
    # GT-6.3, GT-A27: every Guerrilla on the table sets its owner's flag (face-down too).
    for i in range(u_n):
        if _gt_is_g(st, u_card[i]):
            st.played_g[u_owner[i]] = 1
            has_g = True
    lost = u_n // 2
    if lost and has_g:
        if st.opt[_GO_WINNER_CHOOSES] and wn == 1:
            st.picks_n = 0
            st.needed = lost
            _gt_poll(st, _GT_REMOVE, 1 << st.winners[0])
            return
        _sample_prefix_ints(&st.rng, u_card, u_n, lost)
        _gt_forces_lost(st, u_card, lost, ev)
        return
    _gt_forces_lost(st, u_card, 0, ev)


cdef void _gt_on_remove(_GtState* st, int* chosen, _GtEvents* ev) noexcept nogil:
    cdef int i
    cdef int picks[52]
    st.picks[st.picks_n] = chosen[st.winners[0]] - 160
    st.picks_n += 1
    if st.picks_n == st.needed:
        for i in range(st.picks_n):
            picks[i] = st.picks[i]
        _gt_forces_lost(st, picks, st.picks_n, ev)


cdef void _gt_forces_lost(_GtState* st, int* lost, int lost_n, _GtEvents* ev) noexcept nogil:
    cdef int i, j, s, w, u_n, rest_n = 0, r_n, count
    cdef int u_card[52]
    cdef int u_owner[52]
    cdef int u_up[52]
    cdef int rest[52]
    cdef int receivers[4]
    cdef char gone[52]
    u_n = _gt_table(st, u_card, u_owner, u_up)
    memset(gone, 0, 52)
    if lost_n:
        _gt_emit(ev, 13)
        _gt_emit(ev, lost_n)
        for i in range(lost_n):
            st.removed[st.removed_n] = lost[i]
            st.removed_n += 1
            gone[lost[i]] = 1
            _gt_emit(ev, lost[i])
    for i in range(u_n):
        if not gone[u_card[i]]:
            rest[rest_n] = u_card[i]
            rest_n += 1
    if st.winners_n:
        r_n = st.winners_n
        for i in range(r_n):
            receivers[i] = st.winners[i]
    else:
        r_n = _gt_next_best(st, receivers)
    if r_n:
        for j in range(r_n):
            s = receivers[j]
            count = (rest_n - j + r_n - 1) // r_n if rest_n > j else 0
            if j == 0:
                count += st.forfeited_n
            _gt_emit(ev, 14)
            _gt_emit(ev, s)
            _gt_emit(ev, count)
            i = j
            while i < rest_n:
                st.disc[s][st.disc_n[s]] = rest[i]
                st.disc_n[s] += 1
                _gt_emit(ev, rest[i])
                i += r_n
            if j == 0:
                for i in range(st.forfeited_n):
                    st.disc[s][st.disc_n[s]] = st.forfeited[i]
                    st.disc_n[s] += 1
                    _gt_emit(ev, st.forfeited[i])
    else:
        _gt_emit(ev, 14)
        _gt_emit(ev, -1)
        _gt_emit(ev, rest_n + st.forfeited_n)
        for i in range(rest_n):
            st.removed[st.removed_n] = rest[i]
            st.removed_n += 1
            _gt_emit(ev, rest[i])
        for i in range(st.forfeited_n):
            st.removed[st.removed_n] = st.forfeited[i]
            st.removed_n += 1
            _gt_emit(ev, st.forfeited[i])
    st.forfeited_n = 0
    # GT-13: a winner captured a spy if another player's 7 was face up on the table.
    for s in range(st.n):
        st.spy[s] = 0
    for j in range(st.winners_n):
        w = st.winners[j]
        for i in range(u_n):
            if u_owner[i] != w and u_up[i] and _gt_rank(u_card[i]) == 7:
                st.spy[w] = 1
    _gt_emit(ev, 15)
    _gt_emit(ev, st.k)
    _gt_emit(ev, st.winners_n)
    for j in range(st.winners_n):
        _gt_emit(ev, st.winners[j])
    for j in range(st.winners_n):
        if st.spy[st.winners[j]]:
            _gt_emit(ev, 16)
            _gt_emit(ev, st.winners[j])
    for s in range(st.n):
        st.played[s] = -1
        st.support[s] = -1
        st.outcomes[s] = 0
    st.tie_n = 0
    st.rounds = 0
    st.first_tied_n = 0
    st.tied_n = 0
    st.winners_n = 0
    st.picks_n = 0
    st.needed = 0
    st.k += 1
    if _gt_active_count(st) <= 1:
        _gt_end_by_elimination(st, ev)
    elif st.k >= st.opt[_GO_MAX_SKIRMISHES]:
        _gt_end_at_cap(st, ev)
    else:
        _gt_start_skirmish(st, ev)


cdef int _gt_next_best(_GtState* st, int* out) noexcept nogil:
    # GT-A25 alt next_best: the best players outside the tie take unowned spoils.
    cdef int s, i, best = -1, m = 0
    cdef int v[4]
    cdef bint tied
    if not st.opt[_GO_NEXT_BEST]:
        return 0
    for s in range(st.n):
        v[s] = -1
        if not st.in_game[s] or st.played[s] < 0:
            continue
        tied = False
        for i in range(st.first_tied_n):
            if st.first_tied[i] == s:
                tied = True
        if tied:
            continue
        v[s] = _gt_combo(st, s)
        if v[s] > best:
            best = v[s]
    if best < 0:
        return 0
    for s in range(st.n):
        if v[s] == best:
            out[m] = s
            m += 1
    return m


cdef int _gt_unique_max(int* seats, int m, int* values) noexcept nogil:
    # The one seat with the greatest value, or -1 when none or several share it.
    cdef int i, best = -1, top = 0, seat = -1
    for i in range(m):
        if values[seats[i]] > best:
            best = values[seats[i]]
    for i in range(m):
        if values[seats[i]] == best:
            top += 1
            seat = seats[i]
    return seat if top == 1 else -1


cdef void _gt_end_by_elimination(_GtState* st, _GtEvents* ev) noexcept nogil:
    cdef int s, i, left = -1, m = 0, w = -1, termination
    cdef int last[4]
    for s in range(st.n):
        if st.in_game[s]:
            left = s
            break
    if left >= 0:
        w = left
        termination = 0
        if st.forfeited_n:
            _gt_emit(ev, 14)
            _gt_emit(ev, left)
            _gt_emit(ev, st.forfeited_n)
            for i in range(st.forfeited_n):
                st.disc[left][st.disc_n[left]] = st.forfeited[i]
                st.disc_n[left] += 1
                _gt_emit(ev, st.forfeited[i])
    else:
        for s in range(st.n):
            if st.eliminated_at[s] == st.clock:
                last[m] = s
                m += 1
        termination = 1
        if st.opt[_GO_MOST_ELIMINATED]:
            w = _gt_unique_max(last, m, st.eliminated_hand)
        if st.forfeited_n:
            _gt_emit(ev, 14)
            _gt_emit(ev, -1)
            _gt_emit(ev, st.forfeited_n)
            for i in range(st.forfeited_n):
                st.removed[st.removed_n] = st.forfeited[i]
                st.removed_n += 1
                _gt_emit(ev, st.forfeited[i])
    st.forfeited_n = 0
    _gt_end(st, termination, w, ev)


cdef void _gt_end_at_cap(_GtState* st, _GtEvents* ev) noexcept nogil:
    cdef int s, m = 0, w = -1
    cdef int seats[4]
    cdef int sizes[4]
    if st.opt[_GO_CAP_MOST]:
        for s in range(st.n):
            sizes[s] = st.hand_n[s] + st.draw_n[s] + st.disc_n[s]
            if st.in_game[s]:
                seats[m] = s
                m += 1
        w = _gt_unique_max(seats, m, sizes)
    _gt_end(st, 2, w, ev)


cdef void _gt_end(_GtState* st, int termination, int winner, _GtEvents* ev) noexcept nogil:
    # Winners first, then the later a seat went out the better (still in: best).
    cdef int s, o, place
    cdef long long keys[4]
    for s in range(st.n):
        keys[s] = (<long long>(s == winner) << 40) + (
            (<long long>1 << 39) if st.eliminated_at[s] < 0 else st.eliminated_at[s]
        )
    for s in range(st.n):
        place = 1
        for o in range(st.n):
            if keys[o] > keys[s]:
                place += 1
        st.placings[s] = place
    st.result_winners_n = 0
    if winner >= 0:
        st.result_winners[0] = winner
        st.result_winners_n = 1
    st.termination = termination
    st.phase = _GT_OVER
    st.to_act = 0
    _gt_emit(ev, 17)
    _gt_emit(ev, termination)


cdef void _gt_step(_GtState* st, int* chosen, _GtEvents* ev) noexcept nogil:
    # One step: the polled seats' actions by seat (-1: not polled), already checked legal.
    cdef int phase = st.phase
    if phase == _GT_PLAY or phase == _GT_PLAY_FIRST:
        _gt_on_play(st, chosen, phase == _GT_PLAY_FIRST, ev)
    elif phase == _GT_SUPPORT:
        _gt_on_support(st, chosen, ev)
    elif phase == _GT_TIE:
        _gt_on_tie(st, chosen, ev)
    elif phase == _GT_PROPOSE:
        _gt_on_propose(st, chosen, ev)
    elif phase == _GT_RESPOND:
        _gt_on_respond(st, chosen, ev)
    elif phase == _GT_REMOVE:
        _gt_on_remove(st, chosen, ev)


# --- legal actions -------------------------------------------------------------------------
cdef int _gt_best_other(_GtState* st, int s) noexcept nogil:
    # The strongest combination on the table of a seat other than s (-1: none).
    cdef int o, v, best = -1
    for o in range(st.n):
        if o != s and st.played[o] >= 0:
            v = _gt_combo(st, o)
            if v > best:
                best = v
    return best


cdef bint _gt_may_support(_GtState* st, int s, int card, int best_other) noexcept nogil:
    # best_other: _gt_best_other(st, s), computed once per seat by the caller.
    cdef int stronger, outcome
    cdef int rule = st.opt[_GO_SUPPORT_RULE]
    if rule == 2:
        return True
    stronger = _gt_str2(st, st.played[s], card)
    if rule == 1:
        return stronger > _gt_combo(st, s)
    # GT-8.2: strictly better on lose < tie < win against everyone's current combination.
    outcome = 2 if stronger > best_other else (1 if stronger == best_other else 0)
    return outcome > st.outcomes[s]


cdef int _gt_legal(_GtState* st, int s, int* out) noexcept nogil:
    # Seat s's legal actions in canonical order (pure_guerrilla_machine.legal_actions).
    cdef int i, j, m, c, phase = st.phase, count = 0, mode, up, down
    cdef int hand[52]
    cdef int u_card[52]
    cdef int u_owner[52]
    cdef int u_up[52]
    cdef int* cards
    cdef bint picked
    if not (st.to_act >> s) & 1:
        return 0
    m = st.hand_n[s]
    if phase == _GT_PLAY or phase == _GT_PLAY_FIRST:
        _gt_sorted(&st.hand[s][0], m, hand)
        for i in range(m):
            out[i] = 56 + hand[i]
        return m
    if phase == _GT_SUPPORT:
        _gt_sorted(&st.hand[s][0], m, hand)
        out[0] = 1
        count = 1
        c = _gt_best_other(st, s)
        for i in range(m):
            if _gt_may_support(st, s, hand[i], c):
                out[count] = 108 + hand[i]
                count += 1
        return count
    if phase == _GT_TIE:
        mode = st.opt[_GO_TIE_CARDS]
        if mode != 0 and st.drawn_n[s] > 0:
            cards = &st.drawn[s][0]
            m = st.drawn_n[s]
        else:
            cards = &st.hand[s][0]
        if mode == 2:  # blind: the first card face down, the second face up
            if m >= 2:
                out[0] = 212 + 53 * cards[1] + cards[0]
            else:
                out[0] = 212 + 53 * cards[0] + 52
            return 1
        if m == 1:
            out[0] = 212 + 53 * cards[0] + 52
            return 1
        _gt_sorted(cards, m, hand)
        for i in range(m):
            down = hand[i]
            for j in range(m):
                up = hand[j]
                if up != down:
                    out[count] = 212 + 53 * up + down
                    count += 1
        return count
    if phase == _GT_PROPOSE:
        out[0] = 1
        for i in range(m):
            if _gt_is_g(st, st.hand[s][i]):
                return 1
        out[1] = 0
        return 2
    if phase == _GT_RESPOND:
        _gt_sorted(&st.hand[s][0], m, hand)
        out[0] = 2
        count = 1
        if st.opt[_GO_UNANIMOUS]:
            out[1] = 3
            count = 2
        for i in range(m):
            if _gt_is_g(st, hand[i]):
                out[count] = 4 + hand[i]
                count += 1
        return count
    if phase == _GT_REMOVE:
        c = _gt_table(st, u_card, u_owner, u_up)
        for i in range(c):
            picked = False
            for j in range(st.picks_n):
                if st.picks[j] == u_card[i]:
                    picked = True
            if not picked:
                out[count] = 160 + u_card[i]
                count += 1
        return count
    return 0


# --- whole games with built-in agents ------------------------------------------------------
#
# The loop plays games through the machine's own steps (_gt_step) and legal actions
# (_gt_legal), as cardwars.play() does with the built-in agents: one choice per polled
# seat per poll in ascending seat order, the random agent drawing below(len(legal)) from
# its own RNG, the greedy agent (code 1) replaying guerrilla.agents.GreedyAgent: the
# first legal move, in canonical order, with the greatest key. Keys pack (primary,
# secondary) as primary * _GT_KEY + secondary; strengths are below 2048.
cdef int _GT_KEY = 4096


cdef inline int _gt_against(int mine, int best_other) noexcept nogil:
    return 2 if mine > best_other else (1 if mine == best_other else 0)


cdef int _gt_greedy(_GtState* st, int s, int* legal, int m) noexcept nogil:
    # The index into legal of GreedyAgent's choice.
    cdef int i, a, o, key, best_key = -(1 << 30), best = 0, shown = -1, v
    cdef int phase = st.phase, now, outcome, down, up, best_other = -1
    if phase == _GT_PROPOSE or phase == _GT_RESPOND:
        for i in range(m):
            if legal[i] == 0 or legal[i] >= 4:
                return i
        return 0
    if phase == _GT_PLAY or phase == _GT_PLAY_FIRST:
        for o in range(st.n):
            if o != s and st.played[o] >= 0:
                v = _gt_str2(st, st.played[o], -1)
                if v > shown:
                    shown = v
        for i in range(m):
            v = _gt_str2(st, legal[i] - 56, -1)
            key = v if shown < 0 else _gt_against(v, shown) * _GT_KEY - v
            if key > best_key:
                best_key = key
                best = i
        return best
    if phase == _GT_SUPPORT:
        if st.played[s] < 0:
            return 0
        best_other = _gt_best_other(st, s)
        now = _gt_against(_gt_combo(st, s), best_other)
        for i in range(m):
            if legal[i] < 108:
                key = now * _GT_KEY
            else:
                outcome = _gt_against(_gt_str2(st, st.played[s], legal[i] - 108), best_other)
                if outcome <= now:
                    key = -2 * _GT_KEY
                else:
                    key = outcome * _GT_KEY - _gt_str2(st, legal[i] - 108, -1)
            if key > best_key:
                best_key = key
                best = i
        return best
    if phase == _GT_TIE:
        for i in range(m):
            a = legal[i] - 212
            up = a // 53
            down = a % 53
            if down == 52:
                key = _gt_str2(st, up, -1) * _GT_KEY
            else:
                key = (_gt_str2(st, up, down if st.opt[_GO_COMBINES] else -1) * _GT_KEY
                       - _gt_str2(st, down, -1))
            if key > best_key:
                best_key = key
                best = i
        return best
    if phase == _GT_REMOVE:
        for i in range(m):
            key = -_gt_str2(st, legal[i] - 160, -1)
            if key > best_key:
                best_key = key
                best = i
        return best
    return 0


cdef void _gt_play_one(_GtState* st, int* opt, uint64_t seed, int players, int* agent) noexcept nogil:
    """Deal one game from ``seed`` and play it to the end with these agents."""
    cdef int s, m, idx
    cdef int chosen[4]
    cdef int legal[_GT_NACT]
    cdef uint64_t arng[4]
    _gt_init(st, players, opt, seed)
    for s in range(players):
        arng[s] = _mix(seed + <uint64_t>(2 + s) * _GAMMA)  # derive_seed(seed, 1 + seat)
    _gt_deal(st, NULL)
    while st.phase != _GT_OVER:
        for s in range(players):
            chosen[s] = -1
            if not (st.to_act >> s) & 1:
                continue
            m = _gt_legal(st, s, legal)
            if agent[s]:
                idx = _gt_greedy(st, s, legal, m)
            else:
                idx = <int>_rng_below(&arng[s], <uint32_t>m)
            chosen[s] = legal[idx]
        _gt_step(st, chosen, NULL)


def guerrilla_batch(seed, start, count, players=2, two_suit_variant=False, agents=None,
                    max_skirmishes=5000):
    """Play games ``start .. start+count-1`` (game k dealt from ``derive_seed(seed, k)``).

    Default rules only; ``agents`` are codes per seat (0 = random, 1 = greedy;
    other codes raise ValueError). Returns the columns ``length``
    ('q'), ``winner`` ('b', -1 for a draw), ``termination`` (index into
    ``guerrilla.TERMINATIONS``, 'b') and ``guerrilla_rank`` (final G, 'b').
    """
    cdef uint64_t s0 = _check_u64(seed, "seed")
    cdef uint64_t first = _check_u64(start, "start")
    cdef Py_ssize_t total = count
    cdef int n = players
    cdef bint two = two_suit_variant
    cdef int cap = max_skirmishes
    cdef int opt[_GT_NOPT]
    cdef int agent[4]
    if n < 2 or n > 4:
        raise ValueError(f"players must be 2..4, got {players!r}")
    if two and n != 2:
        raise ValueError("two_suit_variant is for 2 players")
    if total < 0:
        raise ValueError(f"count must be >= 0, got {count!r}")
    if cap < 1:
        raise ValueError(f"max_skirmishes must be >= 1, got {max_skirmishes!r}")
    codes = [0] * n if agents is None else list(agents)
    if len(codes) != n:
        raise ValueError(f"agents needs one code per seat ({n}), got {agents!r}")
    for code in codes:
        if code not in (0, 1):
            raise ValueError(f"agent codes are 0 (random) and 1 (greedy), got {agents!r}")
    length = array("q", bytes(8 * total))
    winner = array("b", bytes(total))
    termination = array("b", bytes(total))
    grank = array("b", bytes(total))
    cdef long long[::1] length_v = length
    cdef signed char[::1] winner_v = winner
    cdef signed char[::1] term_v = termination
    cdef signed char[::1] grank_v = grank
    cdef Py_ssize_t i
    cdef _GtState* st = <_GtState*>malloc(sizeof(_GtState))
    if st == NULL:
        raise MemoryError()
    memset(opt, 0, sizeof(opt))
    opt[_GO_TWO_SUIT] = two
    opt[_GO_ALL_RECRUIT] = 1
    opt[_GO_MAX_SKIRMISHES] = cap
    for i in range(n):
        agent[i] = codes[i]
    with nogil:
        for i in range(total):
            _gt_play_one(st, opt, _mix(s0 + (first + <uint64_t>i + 1) * _GAMMA), n, agent)
            length_v[i] = st.k
            winner_v[i] = <signed char>(st.result_winners[0] if st.result_winners_n else -1)
            term_v[i] = <signed char>st.termination
            grank_v[i] = <signed char>st.g
    free(st)
    return {"length": length, "winner": winner, "termination": termination,
            "guerrilla_rank": grank}
