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


# --- whole games with built-in agents (default rules) ------------------------------------
#
# This loop replays, game by game, what cardwars.play() does with the Python state
# machine and the built-in agents: the same deal, the same legal-move lists in the
# same canonical order (RULINGS §4.5), one below() call per polled seat per poll in
# ascending seat order, the same reshuffles and the same Loss of Forces sample.

from array import array

cdef enum:
    _GT_HMAX = 8   # a hand holds at most 3 cards under the default rules
    _GT_UMAX = 64  # U holds at most the 52 cards

ctypedef struct _GTGame:
    int n
    int hand[4][_GT_HMAX]
    int hand_n[4]
    int draw[4][52]
    int draw_top[4]
    int draw_n[4]
    int disc[4][52]
    int disc_n[4]
    int active[4]
    int played_g[4]
    int penalty[4]
    int spy[4]
    int g
    int k
    uint64_t rng
    uint64_t arng[4]
    int agent[4]   # per seat: 0 random, 1 greedy (cardwars.guerrilla.agents.GreedyAgent)
    # the table of the current skirmish, in table order (§3.4)
    int played[4]
    int support[4]
    int tie_card[_GT_UMAX]
    int tie_owner[_GT_UMAX]
    int tie_up[_GT_UMAX]
    int tie_n


cdef inline int _gt_rank(int card) noexcept nogil:
    return card % 13 + 2


cdef inline int _gt_active_count(_GTGame* st) noexcept nogil:
    cdef int s, c = 0
    for s in range(st.n):
        c += st.active[s]
    return c


cdef inline void _gt_hand_remove(_GTGame* st, int s, int card) noexcept nogil:
    # Remove one card, keeping the arrival order of the others.
    cdef int i, j = 0
    for i in range(st.hand_n[s]):
        if st.hand[s][i] != card:
            st.hand[s][j] = st.hand[s][i]
            j += 1
    st.hand_n[s] = j


cdef inline int _gt_sorted_hand(_GTGame* st, int s, int* out) noexcept nogil:
    # The hand in canonical (ascending id) order; insertion sort of at most a few cards.
    cdef int m = st.hand_n[s], i, j, x
    for i in range(m):
        x = st.hand[s][i]
        j = i - 1
        while j >= 0 and out[j] > x:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = x
    return m


cdef inline int _gt_draw_cards(_GTGame* st, int s, int count) noexcept nogil:
    # GT-5.2: one card at a time; an empty draw pile takes the shuffled discard pile.
    cdef int got = 0, i, j, m
    for i in range(count):
        if st.draw_n[s] == 0:
            m = st.disc_n[s]
            if m == 0:
                break
            for j in range(m):
                st.draw[s][j] = st.disc[s][j]
            st.disc_n[s] = 0
            st.draw_top[s] = 0
            st.draw_n[s] = m
            _shuffle_ints(&st.rng, &st.draw[s][0], m)
        st.hand[s][st.hand_n[s]] = st.draw[s][st.draw_top[s]]
        st.hand_n[s] += 1
        st.draw_top[s] += 1
        st.draw_n[s] -= 1
        got += 1
    return got


cdef inline void _gt_eliminate(_GTGame* st, int s) noexcept nogil:
    st.active[s] = 0
    st.hand_n[s] = 0  # the hand goes to the removed pile


cdef inline int _gt_combo_strength(_GTGame* st, int s) noexcept nogil:
    return _gt_strength2(st.played[s], st.support[s], st.g, False, False)


cdef inline int _gt_single(_GTGame* st, int card) noexcept nogil:
    return _gt_strength2(card, -1, st.g, False, False)


# The greedy agent (code 1) replays guerrilla.agents.GreedyAgent: each choice is the
# first legal move, in canonical order, with the greatest key. Keys pack (primary,
# secondary) as primary * _GT_KEY + secondary; single-card strengths are below 512.
cdef int _GT_KEY = 4096


cdef inline int _gt_greedy_play(_GTGame* st, int* hand, int m, int shown_best) noexcept nogil:
    # With no card showing, the highest card; else the best outcome against the
    # shown cards (win > tie > lose), then the lowest card.
    cdef int i, key, mine, best_key = -(1 << 30), best = 0
    for i in range(m):
        mine = _gt_single(st, hand[i])
        if shown_best < 0:
            key = mine
        else:
            key = (2 if mine > shown_best else (1 if mine == shown_best else 0)) * _GT_KEY - mine
        if key > best_key:
            best_key = key
            best = i
    return best


cdef inline int _gt_greedy_tie(_GTGame* st, int* hand, int m) noexcept nogil:
    # The strongest face-up card, then the lowest face-down card; the index into
    # the legal list ordered by (down, up), as the random agent draws it.
    cdef int di, ui, up_i, key, best_key = -(1 << 30), best = 0
    for di in range(m):
        for ui in range(m - 1):
            up_i = ui if ui < di else ui + 1
            key = _gt_single(st, hand[up_i]) * _GT_KEY - _gt_single(st, hand[di])
            if key > best_key:
                best_key = key
                best = di * (m - 1) + ui
    return best


cdef void _gt_promotion_window(_GTGame* st) noexcept nogil:
    cdef int n = st.n, s, i, m, idx, proposer = -1, best = 99, d, cancels = 0
    cdef int guerrillas[_GT_HMAX]
    cdef int cancelled[4]
    cdef int sorted_hand[_GT_HMAX]
    cdef int lead = st.k % n
    # GT-4.3 propose poll: Pass() first, Propose() only without a Guerrilla in hand.
    for s in range(n):
        if not st.active[s]:
            continue
        m = 0
        for i in range(st.hand_n[s]):
            if _gt_rank(st.hand[s][i]) <= st.g:
                m += 1
        if st.agent[s]:
            idx = 0 if m else 1  # greedy: propose whenever it may
        else:
            idx = <int>_rng_below(&st.arng[s], 1 if m else 2)
        if idx == 1:
            d = (s - lead + n) % n
            if d < best:
                best = d
                proposer = s
    if proposer < 0:
        return
    # GT-4.4 response poll: Allow() first, then Cancel(g) by card id.
    for s in range(n):
        cancelled[s] = 0
        if not st.active[s] or s == proposer:
            continue
        m = _gt_sorted_hand(st, s, sorted_hand)
        d = 0
        for i in range(m):
            if _gt_rank(sorted_hand[i]) <= st.g:
                guerrillas[d] = sorted_hand[i]
                d += 1
        if st.agent[s]:
            idx = 1 if d else 0  # greedy: cancel whenever it can
        else:
            idx = <int>_rng_below(&st.arng[s], <uint32_t>(1 + d))
        if idx > 0:
            cancelled[s] = 1
            cancels += 1
    if cancels == 0:
        st.g += 1
        return
    # GT-4.6: every canceller recruits up to G cards, clockwise from the proposer.
    for d in range(1, n):
        s = (proposer + d) % n
        if not cancelled[s]:
            continue
        for i in range(st.g):
            if st.draw_n[proposer] == 0:
                break
            st.disc[s][st.disc_n[s]] = st.draw[proposer][st.draw_top[proposer]]
            st.disc_n[s] += 1
            st.draw_top[proposer] += 1
            st.draw_n[proposer] -= 1


cdef int _gt_play_game(_GTGame* st, uint64_t seed, int players, bint two_suit,
                       int max_skirmishes, int* winner, int* termination) noexcept nogil:
    """Play one game with random agents; return its length (skirmishes)."""
    cdef int n = players, s, i, j, m, idx, c, best, leaders, lead_seat, out_n, left_n
    cdef int di, ui, down, up, lost, u_n, has_g, w, any_first
    cdef int sorted_hand[_GT_HMAX]
    cdef int outcome[4]
    cdef int strength[4]
    cdef int tied[4]
    cdef int tied_n
    cdef int out[4]
    cdef int u_card[_GT_UMAX]
    cdef int u_owner[_GT_UMAX]
    cdef int u_up[_GT_UMAX]
    cdef int tmp[_GT_UMAX]
    cdef char gone[52]
    cdef int mine, other_best, new_outcome, shown_best, key, best_key
    st.n = n
    st.rng = seed
    st.g = 2
    st.k = 0
    for s in range(n):
        st.arng[s] = _mix(seed + <uint64_t>(2 + s) * _GAMMA)  # derive_seed(seed, 1 + seat)
        st.hand_n[s] = 0
        st.disc_n[s] = 0
        st.active[s] = 1
        st.played_g[s] = 0
        st.penalty[s] = 0
        st.spy[s] = 0
        st.draw_top[s] = 0
        if two_suit:
            # seat 0: ♦ then ♥ (ids 13..38); seat 1: ♣ then ♠ (ids 0..12, 39..51)
            for i in range(26):
                st.draw[s][i] = (13 + i) if s == 0 else (i if i < 13 else 26 + i)
            st.draw_n[s] = 26
        else:
            for i in range(13):
                st.draw[s][i] = s * 13 + i
            st.draw_n[s] = 13
        _shuffle_ints(&st.rng, &st.draw[s][0], st.draw_n[s])
    while True:
        # --- GT-4 promotion window (before Draw)
        if st.g < 6:
            has_g = 1
            for s in range(n):
                if st.active[s] and not st.played_g[s]:
                    has_g = 0
            if has_g:
                _gt_promotion_window(st)
        # --- GT-5 draw
        out_n = 0
        for s in range(n):
            if not st.active[s]:
                continue
            m = 1 if st.penalty[s] else 2 - st.hand_n[s]
            if m <= 0:
                continue
            if _gt_draw_cards(st, s, m) == 0:
                out[out_n] = s
                out_n += 1
        for s in range(n):
            st.penalty[s] = 0
        for i in range(out_n):
            _gt_eliminate(st, out[i])
        if _gt_active_count(st) <= 1:
            break
        # --- GT-6 play: spy-first players, then the others
        any_first = 0
        for s in range(n):
            st.played[s] = -1
            st.support[s] = -1
            if st.active[s] and st.spy[s]:
                any_first = 1
        st.tie_n = 0
        for j in range(2 if any_first else 1):
            # The second group sees the spy-first group's cards (GT-6.2).
            shown_best = -1
            if j == 1:
                for s in range(n):
                    if st.played[s] >= 0 and _gt_single(st, st.played[s]) > shown_best:
                        shown_best = _gt_single(st, st.played[s])
            for s in range(n):
                if not st.active[s] or (any_first and (st.spy[s] != 0) != (j == 0)):
                    continue
                m = _gt_sorted_hand(st, s, sorted_hand)
                if st.agent[s]:
                    idx = _gt_greedy_play(st, sorted_hand, m, shown_best)
                else:
                    idx = <int>_rng_below(&st.arng[s], <uint32_t>m)
                st.played[s] = sorted_hand[idx]
                _gt_hand_remove(st, s, sorted_hand[idx])
        # --- GT-7 evaluate
        best = -1
        for s in range(n):
            strength[s] = _gt_combo_strength(st, s) if st.active[s] else -1
            if strength[s] > best:
                best = strength[s]
        leaders = 0
        for s in range(n):
            if strength[s] == best:
                leaders += 1
        for s in range(n):
            if strength[s] < 0:
                outcome[s] = -1
            elif strength[s] == best:
                outcome[s] = 2 if leaders == 1 else 1
            else:
                outcome[s] = 0
        # --- GT-8 support: Pass() first, then each improving card by id
        for s in range(n):
            if outcome[s] < 0 or outcome[s] == 2 or st.hand_n[s] == 0:
                continue
            m = _gt_sorted_hand(st, s, sorted_hand)
            other_best = -1
            for i in range(n):
                if i != s and strength[i] > other_best:
                    other_best = strength[i]
            c = 0
            idx = 0
            best_key = -1
            for i in range(m):
                mine = _gt_strength2(st.played[s], sorted_hand[i], st.g, False, False)
                new_outcome = 2 if mine > other_best else (1 if mine == other_best else 0)
                if new_outcome > outcome[s]:
                    sorted_hand[c] = sorted_hand[i]
                    c += 1
                    # greedy: the best outcome, then the lowest card
                    key = new_outcome * _GT_KEY - _gt_single(st, sorted_hand[i])
                    if key > best_key:
                        best_key = key
                        idx = c
            if not st.agent[s]:
                idx = <int>_rng_below(&st.arng[s], <uint32_t>(1 + c))
            if idx > 0:
                st.support[s] = sorted_hand[idx - 1]
                _gt_hand_remove(st, s, st.support[s])
                st.penalty[s] = 1
        # --- GT-9 re-evaluate
        best = -1
        for s in range(n):
            strength[s] = _gt_combo_strength(st, s) if st.active[s] else -1
            if strength[s] > best:
                best = strength[s]
        tied_n = 0
        for s in range(n):
            if strength[s] == best:
                tied[tied_n] = s
                tied_n += 1
        # --- GT-10 tie resolution
        w = tied[0] if tied_n == 1 else -1
        while tied_n > 1:
            left_n = 0
            for i in range(tied_n):
                s = tied[i]
                if st.draw_n[s] == 0 and st.disc_n[s] == 0:
                    _gt_eliminate(st, s)
                else:
                    tied[left_n] = s
                    left_n += 1
            tied_n = left_n
            if tied_n <= 1:
                w = tied[0] if tied_n == 1 else -1
                break
            for i in range(tied_n):
                _gt_draw_cards(st, tied[i], 2)
            best = -1
            for i in range(tied_n):
                s = tied[i]
                m = _gt_sorted_hand(st, s, sorted_hand)
                if not st.agent[s]:
                    idx = <int>_rng_below(&st.arng[s], <uint32_t>(1 if m == 1 else m * (m - 1)))
                elif m == 1:
                    idx = 0
                else:
                    idx = _gt_greedy_tie(st, sorted_hand, m)
                if m == 1:
                    down = -1
                    up = sorted_hand[0]
                else:
                    di = idx // (m - 1)
                    ui = idx % (m - 1)
                    down = sorted_hand[di]
                    up = sorted_hand[ui if ui < di else ui + 1]
                    _gt_hand_remove(st, s, down)
                    st.tie_card[st.tie_n] = down
                    st.tie_owner[st.tie_n] = s
                    st.tie_up[st.tie_n] = 0
                    st.tie_n += 1
                _gt_hand_remove(st, s, up)
                st.tie_card[st.tie_n] = up
                st.tie_owner[st.tie_n] = s
                st.tie_up[st.tie_n] = 1
                st.tie_n += 1
                strength[s] = _gt_strength2(up, -1, st.g, False, False)
                if strength[s] > best:
                    best = strength[s]
            left_n = 0
            for i in range(tied_n):
                if strength[tied[i]] == best:
                    tied[left_n] = tied[i]
                    left_n += 1
            tied_n = left_n
            w = tied[0] if tied_n == 1 else -1
        # --- GT-11 Loss of Forces over U in table order
        u_n = 0
        for s in range(n):
            if st.played[s] >= 0:
                u_card[u_n] = st.played[s]
                u_owner[u_n] = s
                u_up[u_n] = 1
                u_n += 1
        for s in range(n):
            if st.support[s] >= 0:
                u_card[u_n] = st.support[s]
                u_owner[u_n] = s
                u_up[u_n] = 1
                u_n += 1
        for i in range(st.tie_n):
            u_card[u_n] = st.tie_card[i]
            u_owner[u_n] = st.tie_owner[i]
            u_up[u_n] = st.tie_up[i]
            u_n += 1
        has_g = 0
        for i in range(u_n):
            gone[u_card[i]] = 0
            if _gt_rank(u_card[i]) <= st.g:
                has_g = 1
                st.played_g[u_owner[i]] = 1
        lost = u_n // 2
        if has_g and lost > 0:
            for i in range(u_n):
                tmp[i] = u_card[i]
            _sample_prefix_ints(&st.rng, tmp, u_n, lost)
            for i in range(lost):
                gone[tmp[i]] = 1
        # --- GT-12 spoils in table order; GT-13 spy flags
        for s in range(n):
            st.spy[s] = 0
        if w >= 0:
            for i in range(u_n):
                if not gone[u_card[i]]:
                    st.disc[w][st.disc_n[w]] = u_card[i]
                    st.disc_n[w] += 1
                if u_owner[i] != w and u_up[i] and _gt_rank(u_card[i]) == 7:
                    st.spy[w] = 1
        st.k += 1
        # --- GT-14 end
        if _gt_active_count(st) <= 1:
            break
        if st.k >= max_skirmishes:
            winner[0] = -1
            termination[0] = 2
            return st.k
    m = _gt_active_count(st)
    if m == 1:
        for s in range(n):
            if st.active[s]:
                winner[0] = s
        termination[0] = 0
    else:
        winner[0] = -1
        termination[0] = 1
    return st.k


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
    cdef int w = 0, t = 0
    cdef _GTGame st
    for i in range(n):
        st.agent[i] = codes[i]
    with nogil:
        for i in range(total):
            length_v[i] = _gt_play_game(
                &st, _mix(s0 + (first + <uint64_t>i + 1) * _GAMMA), n, two, cap, &w, &t
            )
            winner_v[i] = <signed char>w
            term_v[i] = <signed char>t
            grank_v[i] = <signed char>st.g
    return {"length": length, "winner": winner, "termination": termination,
            "guerrilla_rank": grank}
