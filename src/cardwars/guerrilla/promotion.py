"""GT-2 Setting up, GT-3 a skirmish begins, GT-4 the promotion window.

:func:`deal` shuffles each seat's suit(s) into its draw pile (GT-2) and starts the first skirmish.
:func:`start_skirmish` (GT-3, ``SKIRMISH_STARTED``) opens the promotion window when it is due
(GT-4.1; after the Draw with ``promotion_timing``), else goes on to the Draw (GT-5). In the window
everyone still in proposes or passes (GT-4.2, :func:`on_propose`, ``PROMOTION_PROPOSED``), the
others allow, reject (``promotion_acceptance``) or cancel by showing a Guerrilla (GT-4.4,
:func:`on_respond`): nobody objects, G goes up (GT-4.5, ``PROMOTED``); else the cancellers recruit
from the proposer's draw pile (GT-4.6, ``PROMOTION_CANCELLED``, ``RECRUITED``)."""

from __future__ import annotations

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars.guerrilla.board import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.draw import *  # noqa: F403
else:
    from .board import (
        A_PROPOSE,
        A_REJECT,
        CANCEL,
        O_AFTER_DRAW,
        O_ALL_RECRUIT,
        O_RESHUFFLE_RECRUIT,
        O_TWO_SUIT,
        O_WAVE_RESET,
        PROMOTED,
        PROMOTION_CANCELLED,
        PROMOTION_PROPOSED,
        PROPOSE,
        RECRUITED,
        RESPOND,
        SKIRMISH_STARTED,
        Board,
        Events,
        active_mask,
        emit,
        poll,
        pop_draw,
        set_guerrilla_rank,
        shuffle_cards,
        window_opens,
    )
    from .draw import begin_play, draw_step, reshuffle


def deal(st: Board, ev: Events | None) -> None:
    """GT-2: each seat, lowest first, shuffles its own cards (in id order) into its draw
    pile: its suit (GT-1.1), or two suits in the two-suit variant (seat 0 diamonds and
    hearts, seat 1 clubs and spades)."""
    for s in range(st.n):
        st.draw_top[s] = 0
        if st.opt[O_TWO_SUIT]:
            for i in range(26):
                st.draw[s][i] = (13 + i) if s == 0 else (i if i < 13 else 26 + i)
            st.draw_n[s] = 26
        else:
            for i in range(13):
                st.draw[s][i] = s * 13 + i
            st.draw_n[s] = 13
        shuffle_cards(st, st.draw[s], st.draw_n[s])
        st.cards_dealt += st.draw_n[s]
    start_skirmish(st, ev)


def start_skirmish(st: Board, ev: Events | None) -> None:
    """GT-3: skirmish ``k`` begins, led by seat ``k % n``; the window, or the Draw."""
    emit(ev, SKIRMISH_STARTED)
    emit(ev, st.k)
    emit(ev, st.k % st.n)
    if not st.opt[O_AFTER_DRAW] and window_opens(st):
        poll(st, PROPOSE, active_mask(st))
        return
    draw_step(st, ev)


def on_propose(st: Board, chosen: list[int], ev: Events | None) -> None:
    """GT-4.2, GT-4.3: the proposer is the first proposing seat clockwise from the lead."""
    n = st.n
    count = 0
    proposer = -1
    best = 99
    lead = st.k % n
    for s in range(n):
        if chosen[s] == A_PROPOSE:
            count += 1
            d = (s - lead + n) % n
            if d < best:
                best = d
                proposer = s
    if count == 0:
        after_promotion(st, ev)
        return
    st.proposer = proposer
    emit(ev, PROMOTION_PROPOSED)
    emit(ev, proposer)
    emit(ev, count)
    for s in range(n):
        if chosen[s] == A_PROPOSE:
            emit(ev, s)
    poll(st, RESPOND, active_mask(st) & ~(1 << proposer))


def on_respond(st: Board, chosen: list[int], ev: Events | None) -> None:
    """GT-4.4 to GT-4.6: allowed by all, G goes up; else the cancellers recruit."""
    n = st.n
    reveals = 0
    rejecters = 0
    proposer = st.proposer
    for s in range(n):
        if chosen[s] >= CANCEL:
            reveals += 1
        elif chosen[s] == A_REJECT:
            rejecters += 1
    if reveals == 0 and rejecters == 0:
        set_guerrilla_rank(st, st.g + 1)
        emit(ev, PROMOTED)
        emit(ev, st.g)
        if st.opt[O_WAVE_RESET]:
            for s in range(n):
                st.played_g[s] = 0
    else:
        emit(ev, PROMOTION_CANCELLED)
        emit(ev, reveals)
        for s in range(n):
            if chosen[s] >= CANCEL:
                emit(ev, s)
                emit(ev, chosen[s] - CANCEL)
        emit(ev, rejecters)
        for s in range(n):
            if chosen[s] == A_REJECT:
                emit(ev, s)
        # GT-4.6: cancellers recruit clockwise from the proposer.
        for d in range(1, n):
            s = (proposer + d) % n
            if chosen[s] >= CANCEL:
                recruit(st, s, proposer, ev)
                if not st.opt[O_ALL_RECRUIT]:
                    break
    st.proposer = -1
    after_promotion(st, ev)


def recruit(st: Board, s: int, source: int, ev: Events | None) -> None:
    """GT-4.6: up to G cards from the top of ``source``'s draw pile to ``s``'s discards
    (``recruit_shortfall``: reshuffling ``source``'s discards when it runs out)."""
    taken = 0
    for _i in range(st.g):
        if st.draw_n[source] == 0:
            if not st.opt[O_RESHUFFLE_RECRUIT] or st.disc_n[source] == 0:
                break
            reshuffle(st, source, ev)
        st.disc[s][st.disc_n[s]] = pop_draw(st, source)
        st.disc_n[s] += 1
        taken += 1
    emit(ev, RECRUITED)
    emit(ev, s)
    emit(ev, source)
    emit(ev, taken)


def after_promotion(st: Board, ev: Events | None) -> None:
    """The window closes: the Draw (GT-5), or Play when the Draw came first."""
    if not st.opt[O_AFTER_DRAW]:
        draw_step(st, ev)
    else:
        begin_play(st, ev)
