# The C declarations of Guerrilla's compiled machine (cardwars/guerrilla/_machine.pyx): the
# position as a C struct, its event buffer, and the inline helpers every rule step uses.
#
# Cards are standard ids suit*13 + rank-2. A combination is one or two cards; its strength
# is an int (higher is better), as in strength.py. The twin of the position, with the
# documentation of every step and of the event ints, is steps.py; the C functions have its
# method names with a _gt_ prefix. Each step writes its events as ints to an optional buffer
# (NULL in the batch loop) and runs on into the next step until a poll or the end, as the
# twin's methods do. The batch loop (_policy.pxi) and the GuerrillaMachine class both play
# the game through _gt_step (_steps.pxi), so each rule is written once.

from libc.stdint cimport uint64_t
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
    _GT_NOPT = 21        # the options, in the order of guerrilla.machine.OPTIONS

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


cdef enum:
    _GT_PAIR = 1024


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


cdef inline void _gt_set_g(_GtState* st, int g) noexcept nogil:
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


cdef inline int _gt_table(_GtState* st, int* card, int* owner, int* up) noexcept nogil:
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


cdef inline void _gt_init(_GtState* st, int n, int* opt, uint64_t rng) noexcept nogil:
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
