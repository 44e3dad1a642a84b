# A Guerrilla machine rebuilt from its key, every value checked first (included by
# _machine.pyx, after the class): a key comes back from a pickle, which may be tampered
# with. Twins: restore.py (the checks) and _guerrilla_machine_from_key in machine.py.


def _gt_check_restored(n, key):
    """Raise ValueError unless ``key`` (a GuerrillaKey, read by field name) is a machine key
    of ``n`` seats with sane values."""
    every = []
    for piles in (key.hands, key.draw, key.discard):
        if len(piles) != n:
            raise ValueError("a machine key has one pile per seat")
        for pile in piles:
            every.extend(_gt_ints(c, 0, 51, "a card") for c in pile)
    every.extend(_gt_ints(c, 0, 51, "a card") for c in key.removed)
    table = [c for c in (*key.played, *key.supports) if _gt_ints(c, -1, 51, "a table card") >= 0]
    if len(key.tie_rounds) > 26:
        raise ValueError("a skirmish has at most 26 tie rounds")
    for flat in key.tie_rounds:
        if len(flat) % 3:
            raise ValueError("a tie placement is (seat, down, up)")
        for i in range(0, len(flat), 3):
            _gt_ints(flat[i], 0, n - 1, "a seat")
            if _gt_ints(flat[i + 1], -1, 51, "a card") >= 0:
                table.append(flat[i + 1])
            table.append(_gt_ints(flat[i + 2], 0, 51, "a card"))
    every += table + [_gt_ints(c, 0, 51, "a card") for c in key.forfeited]
    if len(set(every)) != len(every):
        raise ValueError("a card appears more than once")
    g, k, phase, to_act, proposer, needed = key.stage
    _gt_ints(g, 2, 6, "guerrilla_rank")
    _gt_ints(k, 0, 10**9, "skirmish")
    _gt_ints(phase, 0, 7, "phase")
    _gt_ints(to_act, 0, (1 << n) - 1, "to_act")
    _gt_ints(proposer, -1, n - 1, "proposer")
    _gt_ints(needed, 0, 52, "needed")
    clock, dealt, termination = key.counters
    _gt_ints(clock, 0, 2**30, "clock")
    _gt_ints(dealt, 0, 52, "cards_dealt")
    _gt_ints(termination, -1, 2, "termination")
    for values in (
        key.in_game, key.played_g, key.penalty, key.spy, key.played, key.supports,
        key.outcomes, key.eliminated_at, key.eliminated_hand,
    ):
        if len(values) != n:
            raise ValueError("a machine key has one value per seat")
        for v in values:
            _gt_ints(v, -1, 2**30, "a value per seat")
    for seats in (key.first_tied, key.tied, key.winners, key.result_winners):
        if len(seats) > n:
            raise ValueError("a machine key lists each seat at most once")
        for s in seats:
            _gt_ints(s, 0, n - 1, "a seat")
    if len(key.placings) not in (0, n):
        raise ValueError("a machine key has a place per seat, or none")
    for v in key.placings:
        _gt_ints(v, 1, n, "a place")
    if len(key.drawn) != n:
        raise ValueError("a machine key has one drawn list per seat")
    for seat, drawn in enumerate(key.drawn):
        # The cards drawn in this step are still in the hand (see _legal_tie).
        if len(set(drawn)) != len(drawn) or not set(drawn) <= set(key.hands[seat]):
            raise ValueError("a seat's cards drawn this step are distinct cards of its hand")
    if len(set(key.picks)) != len(key.picks) or not set(key.picks) <= set(table):
        raise ValueError("the picked cards are distinct cards of the table")
    for step in key.history:
        if len(step) != n:
            raise ValueError("a history step holds one action per seat")
        for action in step:
            _gt_ints(action, -1, 2967, "a history action")
    if len(key.events) > 1024:
        raise ValueError("a step has at most 1024 event ints")
    for v in key.events:
        _gt_ints(v, -2**31, 2**31 - 1, "an event int")


cdef int _gt_fill(int* out, int* count, object values) except -1:
    cdef int i = 0
    for value in values:
        out[i] = value
        i += 1
    count[0] = i
    return 0


def _guerrilla_machine_from_key(cards: object, key: object) -> GuerrillaMachine:
    """Rebuild a machine from :meth:`GuerrillaMachine.key`, checking every value."""
    cdef GuerrillaMachine m = GuerrillaMachine.__new__(GuerrillaMachine)
    cdef int n, s, r, i, c
    cdef int chosen[4]
    if not isinstance(key, tuple) or len(key) != 29:
        raise ValueError("a machine key is a tuple of 29 parts")
    if type(key) is not _GtKey:  # a plain tuple, as earlier versions pickled: name its parts
        key = _GtKey._make(key)
    n = _gt_ints(key.players, 2, 4, "players")
    options = key.options
    if len(options) != _GT_NOPT:
        raise ValueError(f"a machine key has {_GT_NOPT} options, got {options!r}")
    m._setup(cards, n, key.rng_state, {name: v for (name, _, _), v in zip(_GT_OPTIONS, options)})
    _gt_check_restored(n, key)
    cdef _GtState* g = &m.g
    for s in range(n):
        _gt_fill(g.hand[s], &g.hand_n[s], key.hands[s])
        _gt_fill(g.draw[s], &g.draw_n[s], key.draw[s])
        _gt_fill(g.disc[s], &g.disc_n[s], key.discard[s])
        _gt_fill(g.drawn[s], &g.drawn_n[s], key.drawn[s])
    _gt_fill(g.removed, &g.removed_n, key.removed)
    stage = key.stage
    _gt_set_g(g, stage[0])
    g.k, g.phase, g.to_act, g.proposer, g.needed = stage[1:]
    g.clock, g.cards_dealt, g.termination = key.counters
    for s in range(n):
        g.in_game[s] = key.in_game[s]
        g.played_g[s] = key.played_g[s]
        g.penalty[s] = key.penalty[s]
        g.spy[s] = key.spy[s]
        g.played[s] = key.played[s]
        g.support[s] = key.supports[s]
        g.outcomes[s] = key.outcomes[s]
        g.eliminated_at[s] = key.eliminated_at[s]
        g.eliminated_hand[s] = key.eliminated_hand[s]
    g.rounds = 0
    g.tie_n = 0
    for flat in key.tie_rounds:
        g.round_start[g.rounds] = g.tie_n
        g.rounds += 1
        for i in range(0, len(flat), 3):
            g.tie_seat[g.tie_n] = flat[i]
            g.tie_down[g.tie_n] = flat[i + 1]
            g.tie_up[g.tie_n] = flat[i + 2]
            g.tie_n += 1
    _gt_fill(g.first_tied, &g.first_tied_n, key.first_tied)
    _gt_fill(g.tied, &g.tied_n, key.tied)
    _gt_fill(g.forfeited, &g.forfeited_n, key.forfeited)
    _gt_fill(g.winners, &g.winners_n, key.winners)
    _gt_fill(g.picks, &g.picks_n, key.picks)
    _gt_fill(g.result_winners, &g.result_winners_n, key.result_winners)
    placings = key.placings
    for s in range(len(placings)):
        g.placings[s] = placings[s]
    for step in key.history:
        for s in range(4):
            chosen[s] = step[s] if s < n else -1
        m._record(chosen)
    _gt_fill(m.ev.data, &m.ev.n, key.events)
    return m
