"""Who is asked what (the legal actions of each phase) and the step that routes the answers.

A step takes one action from every polled seat at once (``to_act``); :func:`step` hands
them to the phase's rule (``promotion``, ``combat``, ``ties``, ``spoils``), which runs
on until the next poll or the end. :func:`legal` lists a seat's actions in canonical
order: the action ids are a base plus a card id (``board``: ``PLAY_BASE`` ... )."""

from __future__ import annotations

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars.guerrilla.board import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.combat import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.promotion import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.spoils import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.ties import *  # noqa: F403
else:
    from .board import (
        A_ALLOW,
        A_PASS,
        A_PROPOSE,
        A_REJECT,
        CANCEL,
        LOSING,
        NEXT_SKIRMISH,
        NO_CARD,
        O_SUPPORT_RULE,
        O_TIE_CARDS,
        O_UNANIMOUS,
        PLAY,
        PLAY_BASE,
        PLAY_FIRST,
        PROPOSE,
        REMOVE,
        REMOVE_BASE,
        RESPOND,
        SUPPORT,
        SUPPORT_BASE,
        TIE,
        TIE_BASE,
        TIED,
        WINNING,
        Board,
        Events,
        combo,
        is_guerrilla,
        sort_cards,
        strength,
    )
    from .combat import on_play, on_support
    from .promotion import on_propose, on_respond, start_skirmish
    from .spoils import on_remove, table_cards
    from .ties import on_tie


def step(st: Board, chosen: list[int], ev: Events | None) -> None:
    """One step: the polled seats' actions by seat (-1: not polled), already checked legal."""
    phase = st.phase
    if phase in (PLAY, PLAY_FIRST):
        on_play(st, chosen, phase == PLAY_FIRST, ev)
    elif phase == SUPPORT:
        on_support(st, chosen, ev)
    elif phase == TIE:
        on_tie(st, chosen, ev)
    elif phase == PROPOSE:
        on_propose(st, chosen, ev)
    elif phase == RESPOND:
        on_respond(st, chosen, ev)
    elif phase == REMOVE:
        on_remove(st, chosen, ev)
    if st.phase == NEXT_SKIRMISH:  # the spoils are paid: the next skirmish (GT-3)
        start_skirmish(st, ev)


def best_other(st: Board, s: int) -> int:
    """The strongest combination on the table of a seat other than ``s`` (-1: none)."""
    best = -1
    for o in range(st.n):
        if o != s and st.played[o] >= 0:
            v = combo(st, o)
            if v > best:
                best = v
    return best


def may_support(st: Board, s: int, card: int, best_other: int) -> bool:
    """GT-8.2 (``support_rule``): may seat ``s`` add ``card``? ``best_other`` is
    :func:`best_other` of ``s``, computed once per seat by the caller."""
    rule = st.opt[O_SUPPORT_RULE]
    if rule == 2:  # any card
        return True
    stronger = strength(st, st.played[s], card)
    if rule == 1:  # any card that makes the combination stronger
        return stronger > combo(st, s)
    # GT-8.2: strictly better on lose < tie < win against everyone's current combination.
    outcome = WINNING if stronger > best_other else (TIED if stronger == best_other else LOSING)
    return outcome > st.outcomes[s]


def legal(st: Board, s: int, out: list[int]) -> int:
    """Seat ``s``'s legal actions in canonical order into ``out``; how many (0: not polled)."""
    hand = cython.declare(cython.int[52])
    u_card = cython.declare(cython.int[52])
    u_owner = cython.declare(cython.int[52])
    u_up = cython.declare(cython.int[52])
    phase = st.phase
    count = 0
    if not (st.to_act >> s) & 1:
        return 0
    m = st.hand_n[s]
    if phase in (PLAY, PLAY_FIRST):  # GT-6.2: any card of the hand
        sort_cards(st.hand[s], m, hand)
        for i in range(m):
            out[i] = PLAY_BASE + hand[i]
        return m
    if phase == SUPPORT:  # GT-8.3: pass, or a card that GT-8.2 allows
        sort_cards(st.hand[s], m, hand)
        out[0] = A_PASS
        count = 1
        c = best_other(st, s)
        for i in range(m):
            if may_support(st, s, hand[i], c):
                out[count] = SUPPORT_BASE + hand[i]
                count += 1
        return count
    if phase == TIE:  # GT-10.4: one card face down and one face up (or one alone)
        mode = st.opt[O_TIE_CARDS]
        if mode != 0 and st.drawn_n[s] > 0:  # from the cards just drawn
            cards = st.drawn[s]
            m = st.drawn_n[s]
        else:
            cards = st.hand[s]
        if mode == 2:  # blind: the first card face down, the second face up
            if m >= 2:
                out[0] = TIE_BASE + 53 * cards[1] + cards[0]
            else:
                out[0] = TIE_BASE + 53 * cards[0] + NO_CARD
            return 1
        if m == 1:
            out[0] = TIE_BASE + 53 * cards[0] + NO_CARD
            return 1
        sort_cards(cards, m, hand)
        for i in range(m):
            down = hand[i]
            for j in range(m):
                up = hand[j]
                if up != down:
                    out[count] = TIE_BASE + 53 * up + down
                    count += 1
        return count
    if phase == PROPOSE:  # GT-4.2, GT-4.3: pass; propose only with no Guerrilla in hand
        out[0] = A_PASS
        for i in range(m):
            if is_guerrilla(st, st.hand[s][i]):
                return 1
        out[1] = A_PROPOSE
        return 2
    if phase == RESPOND:  # GT-4.4: allow, reject (promotion_acceptance), cancel
        sort_cards(st.hand[s], m, hand)
        out[0] = A_ALLOW
        count = 1
        if st.opt[O_UNANIMOUS]:
            out[1] = A_REJECT
            count = 2
        for i in range(m):
            if is_guerrilla(st, hand[i]):
                out[count] = CANCEL + hand[i]
                count += 1
        return count
    if phase == REMOVE:  # GT-A24: a card of the table not picked yet
        c = table_cards(st, u_card, u_owner, u_up)
        for i in range(c):
            picked = False
            for j in range(st.picks_n):
                if st.picks[j] == u_card[i]:
                    picked = True
            if not picked:
                out[count] = REMOVE_BASE + u_card[i]
                count += 1
        return count
    return 0
