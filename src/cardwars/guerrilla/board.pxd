# The C types of board.py: Guerrilla's position as one struct of ints (GT-1), the event
# buffer of a step, and the names of its phases, options, actions and events.

cimport cython
from libc.stdint cimport uint32_t, uint64_t

from cardwars._core cimport _rng_below, _sample_prefix_ints, _shuffle_ints

from cardwars.guerrilla.strength cimport PAIR

cdef enum:  # the phases (guerrilla.Phase); NEXT_SKIRMISH never outlives a step
    PROPOSE, RESPOND, PLAY_FIRST, PLAY, SUPPORT, TIE, REMOVE, OVER, NEXT_SKIRMISH

cdef enum:  # the option slots, in the order of OPTIONS
    O_TWO_SUIT, O_ACE_LOW, O_DRAW_TWO, O_CANNOT_PLAY, O_SUPPORT_RULE, O_CASCADE, O_KICKER,
    O_TIE_CARDS, O_COMBINES, O_FD_PENALTY, O_TO_SPOILS, O_WINNER_CHOOSES, O_NEXT_BEST, O_AFTER_DRAW,
    O_WAVE_RESET, O_UNANIMOUS, O_ALL_RECRUIT, O_RESHUFFLE_RECRUIT, O_MOST_ELIMINATED,
    O_MAX_SKIRMISHES, O_CAP_MOST, NOPT = 21

cdef enum:  # the actions: a base plus a card id (TIE: 53 * up + down, down 52: none)
    A_PROPOSE = 0, A_PASS = 1, A_ALLOW = 2, A_REJECT = 3, CANCEL = 4, PLAY_BASE = 56,
    SUPPORT_BASE = 108, REMOVE_BASE = 160, TIE_BASE = 212, NO_CARD = 52, NACT = 2968, EVMAX = 1024

cdef enum:  # where a seat stands in an evaluation (guerrilla.Outcome)
    ABSENT = -1, LOSING = 0, TIED = 1, WINNING = 2

cdef enum:  # the terminations, in the order of guerrilla.TERMINATIONS
    LAST_PLAYER, ALL_ELIMINATED, MAX_SKIRMISHES

cdef enum:  # the event kinds: each event is its kind, then its ints (see Event)
    SKIRMISH_STARTED, PROMOTION_PROPOSED, PROMOTED, PROMOTION_CANCELLED, RECRUITED,
    DISCARD_RESHUFFLED, CARDS_DRAWN, PLAYER_ELIMINATED, CARD_PLAYED, SUPPORT_ADDED,
    SKIRMISH_EVALUATED, TIE_CARDS_PLACED, FACE_DOWN_REVEALED, FORCES_LOST, SPOILS_TAKEN,
    SKIRMISH_WON, SPY_FLAG_SET, GAME_OVER

ctypedef struct Events:
    int n
    int data[EVMAX]

ctypedef struct Board:
    int n
    int opt[NOPT]
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
    int g                # set through set_guerrilla_rank, which keeps eff in step
    int eff[52]          # each card's effective rank at this G (GT-1.5, ace_low)
    int k
    int phase
    int to_act           # a bit per polled seat
    int in_game[4]
    int played_g[4]
    int penalty[4]
    int spy[4]
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
    int clock
    int eliminated_at[4]  # -1: still in
    int eliminated_hand[4]
    int cards_dealt
    int termination       # -1 until over
    int result_winners[4]
    int result_winners_n
    int placings[4]

# The small helpers every rule uses, inline in each module that cimports them (a call
# across modules costs more than they do); board.py has the same text for the
# interpreted build, and the parity tests run both.
cdef inline void emit(Events* ev, int x) noexcept nogil:
    if ev != NULL and ev.n < EVMAX:
        ev.data[ev.n] = x
        ev.n += 1
cdef inline bint is_guerrilla(Board* st, int card) noexcept nogil:
    return st.eff[card] == 1
cdef inline int strength(Board* st, int a, int b) noexcept nogil:
    cdef int ea = st.eff[a], eb
    if b < 0:
        return ea * 32
    eb = st.eff[b]
    if ea == eb:
        return PAIR + ea
    if ea < eb:
        ea, eb = eb, ea
    return ea * 32 + (eb + 1 if st.opt[O_KICKER] else 0)
cdef inline int combo(Board* st, int s) noexcept nogil:
    if st.played[s] < 0:
        return -1
    return strength(st, st.played[s], st.support[s])
cdef inline int active_count(Board* st) noexcept nogil:
    cdef int s, c = 0
    for s in range(st.n):
        c += st.in_game[s]
    return c
cdef inline int active_mask(Board* st) noexcept nogil:
    cdef int s, mask = 0
    for s in range(st.n):
        if st.in_game[s]:
            mask |= 1 << s
    return mask
cdef inline void poll(Board* st, int phase, int mask) noexcept nogil:
    st.phase = phase
    st.to_act = mask
cdef inline void hand_remove(Board* st, int s, int card) noexcept nogil:
    cdef int i, j = 0
    for i in range(st.hand_n[s]):
        if st.hand[s][i] != card:
            st.hand[s][j] = st.hand[s][i]
            j += 1
    st.hand_n[s] = j
cdef inline int pop_draw(Board* st, int s) noexcept nogil:
    cdef int card = st.draw[s][st.draw_top[s]]
    st.draw_top[s] += 1
    st.draw_n[s] -= 1
    return card
@cython.locals(c=int)
cdef void set_guerrilla_rank(Board* st, int g) noexcept nogil
@cython.locals(s=int)
cdef bint window_opens(Board* st) noexcept nogil
cdef inline void sort_cards(int* cards, int m, int* out) noexcept nogil:
    cdef int i, j, x
    for i in range(m):
        x = cards[i]
        j = i - 1
        while j >= 0 and out[j] > x:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = x
cdef inline int below(uint64_t* rngs, int i, int m) noexcept nogil:
    return <int>_rng_below(&rngs[i], <uint32_t>m)
@cython.locals(s=int)
cdef void init_board(Board* st, int n, int* opt, uint64_t rng) noexcept nogil
# The position's RNG: the core's shuffles, inline (board.py has them for the interpreted build).
cdef inline void shuffle_cards(Board* st, int* cards, int m) noexcept nogil:
    _shuffle_ints(&st.rng, cards, m)
cdef inline void sample_cards(Board* st, int* cards, int m, int k) noexcept nogil:
    _sample_prefix_ints(&st.rng, cards, m, k)
cdef uint64_t derive(uint64_t seed, uint64_t index) noexcept nogil
