"""GT-10 Tie resolution: the tied players fight again with two cards each, until one wins.

:func:`tie_check` runs before each tie round: tied players with both piles empty are
out (GT-10.1, ``PLAYER_ELIMINATED``); one left wins, none: nobody (GT-10.2); the
others draw two (GT-10.3, ``CARDS_DRAWN``) and are asked. :func:`on_tie` takes their
placements, one card face down and one face up (GT-10.4, ``TIE_CARDS_PLACED``),
compares the face-up cards (GT-10.5, with ``tie_facedown_role`` the pair of them:
``SKIRMISH_EVALUATED``), and decides the skirmish or goes round again."""

from __future__ import annotations

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars.guerrilla.board import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.draw import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.spoils import *  # noqa: F403
else:
    from .board import (
        NO_CARD,
        O_CANNOT_PLAY,
        O_COMBINES,
        O_FD_PENALTY,
        SKIRMISH_EVALUATED,
        TIE,
        TIE_BASE,
        TIE_CARDS_PLACED,
        TIED,
        WINNING,
        Board,
        Events,
        emit,
        hand_remove,
        is_guerrilla,
        poll,
        strength,
    )
    from .draw import draw_cards, eliminate
    from .spoils import decided


def tie_check(st: Board, ev: Events | None) -> None:
    """GT-10.1 to GT-10.3: the tied players (``tied``) before a tie round."""
    out = cython.declare(cython.int[4])
    out_n = 0
    left_n = 0
    mask = 0
    for i in range(st.tied_n):
        s = st.tied[i]
        if (
            st.draw_n[s] == 0
            and st.disc_n[s] == 0
            and (not st.opt[O_CANNOT_PLAY] or st.hand_n[s] == 0)
        ):
            out[out_n] = s
            out_n += 1
    if out_n:
        eliminate(st, out, out_n, ev)
    for i in range(st.tied_n):
        s = st.tied[i]
        if st.in_game[s]:
            st.tied[left_n] = s
            left_n += 1
    st.tied_n = left_n
    if left_n <= 1:
        decided(st, st.tied, left_n, ev)
        return
    for s in range(st.n):
        st.drawn_n[s] = 0
    for i in range(left_n):
        draw_cards(st, st.tied[i], 2, ev)
        mask |= 1 << st.tied[i]
    st.round_start[st.rounds] = st.tie_n
    st.rounds += 1
    poll(st, TIE, mask)


def on_tie(st: Board, chosen: list[int], ev: Events | None) -> None:
    """GT-10.4, GT-10.5: each tied seat's placement, then the comparison."""
    strengths = cython.declare(cython.int[4])
    leaders = cython.declare(cython.int[4])
    best = -1
    m = 0
    for s in range(st.n):
        strengths[s] = -1
        if chosen[s] < 0:
            continue
        a = chosen[s] - TIE_BASE
        up = a // 53
        down = a % 53
        if down == NO_CARD:
            down = -1
        if down >= 0:
            hand_remove(st, s, down)
            if st.opt[O_FD_PENALTY]:
                st.penalty[s] = 1
        hand_remove(st, s, up)
        if is_guerrilla(st, up):
            st.played_g[s] = 1  # GT-6.3 (a face-down one: when revealed)
        st.tie_seat[st.tie_n] = s
        st.tie_down[st.tie_n] = down
        st.tie_up[st.tie_n] = up
        st.tie_n += 1
        emit(ev, TIE_CARDS_PLACED)
        emit(ev, s)
        emit(ev, up)
        emit(ev, 1 if down >= 0 else 0)
        strengths[s] = strength(st, up, down if st.opt[O_COMBINES] else -1)
        if strengths[s] > best:
            best = strengths[s]
    for s in range(st.n):
        if chosen[s] >= 0 and strengths[s] == best:
            leaders[m] = s
            m += 1
    outcome = WINNING if m == 1 else TIED
    emit(ev, SKIRMISH_EVALUATED)
    emit(ev, st.n)
    for s in range(st.n):
        if chosen[s] < 0:
            emit(ev, -1)  # out, or not in this tie round
        else:
            emit(ev, outcome if strengths[s] == best else 0)
    for s in range(st.n):
        st.drawn_n[s] = 0
    if m == 1:
        decided(st, leaders, 1, ev)
        return
    for s in range(m):
        st.tied[s] = leaders[s]
    st.tied_n = m
    tie_check(st, ev)
