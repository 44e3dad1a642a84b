# The rule steps of Guerrilla in C (included by _machine.pyx), on the position of
# _machine.pxd; twins in steps.py, the methods of the same names without _gt_.

# --- GT-2 the deal ----------------------------------------------------------------------
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
            if _gt_is_g(st, card):
                st.played_g[s] = 1  # GT-6.3: a face-up Guerrilla marks its player now
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
            if _gt_is_g(st, card):
                st.played_g[s] = 1  # GT-6.3: a face-up Guerrilla marks its player now
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
        if _gt_is_g(st, up):
            st.played_g[s] = 1  # GT-6.3 (a face-down one: when revealed)
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
    # GT-6.3, GT-A27: the face-down Guerrillas set their owners' flags now, when they are
    # revealed (the face-up ones did when played; setting them again changes nothing).
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
    # Seat s's legal actions in canonical order (guerrilla.machine.legal_actions).
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
