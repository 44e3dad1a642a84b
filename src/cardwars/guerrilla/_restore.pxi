# The checks of a restored Guerrilla machine key, every value (included by _machine.pyx): a
# key comes back from a pickle, which may be tampered with. Twin: restore.py.


def _gt_check_restored(n, key):
    """Raise ValueError unless ``key`` is a machine key of ``n`` seats with sane values."""
    every = []
    for i in (2, 3, 4):
        if len(key[i]) != n:
            raise ValueError("a machine key has one pile per seat")
        for pile in key[i]:
            every.extend(_gt_ints(c, 0, 51, "a card") for c in pile)
    every.extend(_gt_ints(c, 0, 51, "a card") for c in key[5])
    table = [c for c in (*key[12], *key[13]) if _gt_ints(c, -1, 51, "a table card") >= 0]
    if len(key[17]) > 26:
        raise ValueError("a skirmish has at most 26 tie rounds")
    for flat in key[17]:
        if len(flat) % 3:
            raise ValueError("a tie placement is (seat, down, up)")
        for i in range(0, len(flat), 3):
            _gt_ints(flat[i], 0, n - 1, "a seat")
            if _gt_ints(flat[i + 1], -1, 51, "a card") >= 0:
                table.append(flat[i + 1])
            table.append(_gt_ints(flat[i + 2], 0, 51, "a card"))
    every += table + [_gt_ints(c, 0, 51, "a card") for c in key[21]]
    if len(set(every)) != len(every):
        raise ValueError("a card appears more than once")
    g, k, phase, to_act, proposer, needed = key[6]
    _gt_ints(g, 2, 6, "guerrilla_rank")
    _gt_ints(k, 0, 10**9, "skirmish")
    _gt_ints(phase, 0, 7, "phase")
    _gt_ints(to_act, 0, (1 << n) - 1, "to_act")
    _gt_ints(proposer, -1, n - 1, "proposer")
    _gt_ints(needed, 0, 52, "needed")
    clock, dealt, termination = key[7]
    _gt_ints(clock, 0, 2**30, "clock")
    _gt_ints(dealt, 0, 52, "cards_dealt")
    _gt_ints(termination, -1, 2, "termination")
    for i in range(8, 17):
        if len(key[i]) != n:
            raise ValueError("a machine key has one value per seat")
        for v in key[i]:
            _gt_ints(v, -1, 2**30, "a value per seat")
    for i in (18, 19, 22, 24):
        if len(key[i]) > n:
            raise ValueError("a machine key lists each seat at most once")
        for s in key[i]:
            _gt_ints(s, 0, n - 1, "a seat")
    if len(key[25]) not in (0, n):
        raise ValueError("a machine key has a place per seat, or none")
    for v in key[25]:
        _gt_ints(v, 1, n, "a place")
    if len(key[20]) != n:
        raise ValueError("a machine key has one drawn list per seat")
    for seat, drawn in enumerate(key[20]):
        # The cards drawn in this step are still in the hand (see _legal_tie).
        if len(set(drawn)) != len(drawn) or not set(drawn) <= set(key[2][seat]):
            raise ValueError("a seat's cards drawn this step are distinct cards of its hand")
    if len(set(key[23])) != len(key[23]) or not set(key[23]) <= set(table):
        raise ValueError("the picked cards are distinct cards of the table")
    for step in key[27]:
        if len(step) != n:
            raise ValueError("a history step holds one action per seat")
        for action in step:
            _gt_ints(action, -1, 2967, "a history action")
    if len(key[28]) > 1024:
        raise ValueError("a step has at most 1024 event ints")
    for v in key[28]:
        _gt_ints(v, -2**31, 2**31 - 1, "an event int")
