# The C declarations of Aliwar's compiled machine (cardwars/aliwar/_machine.pyx): the
# position as a C struct, its event buffer, and the inline steps every rule step uses.
#
# A card is its standard id suit*13 + rank-2, a protection suit is 0..3, and a conflict
# outcome is the winning seat (0 or 1) or -1 for a tie. A stack is a ring buffer of 64
# slots (a stack never holds more than 52 cards), top at head. Twin: codes.py (the ints)
# and steps.py (the conflict).

from libc.stdint cimport uint64_t

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


# --- the position and its rule steps, shared by the batch loop and AliwarMachine --------------
#
# In the Keep phase the cards that won or tied still lie face up on their stacks (AW-6.4)
# with ``returning`` set; the lost cards are in ``won``. Every step writes its events to an
# _AwEvents buffer when one is given (the state object) and to nothing when it is NULL (the
# batch loop). Event codes and their ints, the same in aliwar.machine:
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
