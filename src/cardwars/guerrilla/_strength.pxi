# The strength of a Guerrilla combination (GT-7, GT-8.4) as Python sees it (included by
# _machine.pyx); the inline C it calls is in _machine.pxd. Twin: strength.py.

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
