"""GT-5 Draw: refilling hands, reshuffling discards, and who is out for want of cards.

:func:`draw_step` is the Draw of a skirmish (GT-5.1 to GT-5.4): ``CARDS_DRAWN``,
``DISCARD_RESHUFFLED`` (GT-5.2), ``PLAYER_ELIMINATED`` (GT-5.3, :func:`eliminate`,
which the tie rounds of GT-10.1 use too); then the promotion window when it comes
after the Draw (``promotion_timing``), or :func:`begin_play`, GT-6.1's poll."""

from __future__ import annotations

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars.guerrilla.board import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.ending import *  # noqa: F403
else:
    from .board import (
        CARDS_DRAWN,
        DISCARD_RESHUFFLED,
        O_AFTER_DRAW,
        O_CANNOT_PLAY,
        O_DRAW_TWO,
        O_TO_SPOILS,
        PLAY,
        PLAY_FIRST,
        PLAYER_ELIMINATED,
        PROPOSE,
        Board,
        Events,
        active_count,
        active_mask,
        emit,
        poll,
        pop_draw,
        shuffle_cards,
        window_opens,
    )
    from .ending import end_by_elimination


def reshuffle(st: Board, s: int, ev: Events | None) -> None:
    """GT-5.2: seat ``s``'s discard pile, shuffled, becomes its draw pile."""
    m = st.disc_n[s]
    for j in range(m):
        st.draw[s][j] = st.disc[s][j]
    st.disc_n[s] = 0
    st.draw_top[s] = 0
    st.draw_n[s] = m
    shuffle_cards(st, st.draw[s], m)
    emit(ev, DISCARD_RESHUFFLED)
    emit(ev, s)
    emit(ev, m)


def draw_cards(st: Board, s: int, count: int, ev: Events | None) -> int:
    """GT-5.2: up to ``count`` cards, one at a time; an empty draw pile takes the
    shuffled discard pile. The cards are noted as drawn (GT-10.4's ``tie_cards``)."""
    got = 0
    for _i in range(count):
        if st.draw_n[s] == 0:
            if st.disc_n[s] == 0:
                break
            reshuffle(st, s, ev)
        card = pop_draw(st, s)
        st.hand[s][st.hand_n[s]] = card
        st.hand_n[s] += 1
        st.drawn[s][st.drawn_n[s]] = card
        st.drawn_n[s] += 1
        got += 1
    if got:
        emit(ev, CARDS_DRAWN)
        emit(ev, s)
        emit(ev, got)
    return got


def draw_step(st: Board, ev: Events | None) -> None:
    """GT-5.1 to GT-5.4: lowest seat first, a supporter draws one, everyone else up to
    two in hand (``draw_mode``: two more); who must draw and cannot is out."""
    out = cython.declare(cython.int[4])
    out_n = 0
    for s in range(st.n):
        if not st.in_game[s]:
            continue
        if st.penalty[s]:
            need = 1
        elif not st.opt[O_DRAW_TWO]:
            need = 2 - st.hand_n[s]
            if need < 0:
                need = 0
        else:
            need = 2
        if need == 0:
            continue
        got = draw_cards(st, s, need, ev)
        # GT-5.3: must draw and cannot (the alternative rule: only with an empty hand).
        if got == 0 and (not st.opt[O_CANNOT_PLAY] or st.hand_n[s] == 0):
            out[out_n] = s
            out_n += 1
    for s in range(st.n):  # GT-5.4: the support penalties are wiped
        st.penalty[s] = 0
        st.drawn_n[s] = 0
    if out_n:
        eliminate(st, out, out_n, ev)
    if active_count(st) <= 1:
        end_by_elimination(st, ev)
        return
    if st.opt[O_AFTER_DRAW] and window_opens(st):
        poll(st, PROPOSE, active_mask(st))
        return
    begin_play(st, ev)


def eliminate(st: Board, seats: list[int], m: int, ev: Events | None) -> None:
    """GT-5.3, GT-10.1: ``seats[:m]`` are out at once; their hands go to the removed
    pile (``eliminated_cards_to``: to the spoils)."""
    st.clock += 1
    for i in range(m):
        s = seats[i]
        st.in_game[s] = 0
        st.eliminated_at[s] = st.clock
        st.eliminated_hand[s] = st.hand_n[s]
        emit(ev, PLAYER_ELIMINATED)
        emit(ev, s)
        emit(ev, st.hand_n[s])
        for j in range(st.hand_n[s]):
            card = st.hand[s][j]
            if st.opt[O_TO_SPOILS]:
                st.forfeited[st.forfeited_n] = card
                st.forfeited_n += 1
            else:
                st.removed[st.removed_n] = card
                st.removed_n += 1
            emit(ev, card)
        st.hand_n[s] = 0


def begin_play(st: Board, ev: Events | None) -> None:
    """GT-6.1, GT-13: a player holding a captured spy plays first, alone; else everyone."""
    first = 0
    for s in range(st.n):
        if st.in_game[s] and st.spy[s]:
            first |= 1 << s
    if first:
        poll(st, PLAY_FIRST, first)
    else:
        poll(st, PLAY, active_mask(st))
