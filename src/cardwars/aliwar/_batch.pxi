# Aliwar's whole-game batch loop and its built-in agents in C (included by _machine.pyx):
# every game played by the rule steps of _steps.pxi. Twin: batch.py.

from cpython cimport array as _aw_carray
import array as _aw_pyarray

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

    Same arguments and columns as the twin in ``batch.py``; the loop runs
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
