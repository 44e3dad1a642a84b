# The checks of a restored Guerrilla machine key, every value (included by _machine.pyx): a
# key comes back from a pickle, which may be tampered with. Twin: restore.py.


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
