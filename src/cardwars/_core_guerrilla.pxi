# guerrilla kernels of the compiled core (included by _core.pyx).
#
# Cards are standard ids suit*13 + rank-2. A combination is one or two cards;
# its strength is an int (higher is better) exactly as in _reference_guerrilla.

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
