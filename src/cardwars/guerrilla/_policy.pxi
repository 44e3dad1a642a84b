# Guerrilla whole games with the built-in agents, through the rule steps of _steps.pxi
# (included by _machine.pyx); twin: policy.py (the greedy choice; the pure backend plays
# whole games through the machine).

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
