"""GT-6 Play, GT-7 Evaluate, GT-8 Support, GT-9 Re-evaluate: the fight of a skirmish.

:func:`on_play` takes the cards played face up (GT-6, ``CARD_PLAYED``; a face-up Guerrilla marks its
player at once, GT-6.3); :func:`evaluate` compares the combinations (GT-7, ``SKIRMISH_EVALUATED``);
:func:`open_support` asks the tied and losing players for a support card (GT-8.1),
:func:`on_support` adds them (GT-8.3, ``SUPPORT_ADDED``; ``support_cascade`` asks again);
:func:`after_support` re-evaluates (GT-9) and decides the skirmish or opens the tie rounds (GT-10).
"""

from __future__ import annotations

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars.guerrilla.board import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.spoils import *  # noqa: F403
    from cython.cimports.cardwars.guerrilla.ties import *  # noqa: F403
else:
    from .board import (
        CARD_PLAYED,
        LOSING,
        O_CASCADE,
        PLAY,
        PLAY_BASE,
        SKIRMISH_EVALUATED,
        SUPPORT,
        SUPPORT_ADDED,
        SUPPORT_BASE,
        TIED,
        WINNING,
        Board,
        Events,
        combo,
        emit,
        hand_remove,
        is_guerrilla,
        poll,
    )
    from .spoils import decided
    from .ties import tie_check


def on_play(st: Board, chosen: list[int], first: bool, ev: Events | None) -> None:
    """GT-6.2: the polled seats' cards face up (``first``: a spy's, before the others)."""
    others = 0
    for s in range(st.n):
        if chosen[s] >= 0:
            card = chosen[s] - PLAY_BASE
            hand_remove(st, s, card)
            st.played[s] = card
            if is_guerrilla(st, card):
                st.played_g[s] = 1  # GT-6.3: a face-up Guerrilla marks its player now
            emit(ev, CARD_PLAYED)
            emit(ev, s)
            emit(ev, card)
            emit(ev, 1 if first else 0)
    if first:  # GT-13: the others play once they have seen the spy's card
        for s in range(st.n):
            if st.in_game[s] and not st.spy[s]:
                others |= 1 << s
        if others:
            poll(st, PLAY, others)
            return
    evaluate(st, ev)
    open_support(st, ev)


def evaluate(st: Board, ev: Events | None) -> None:
    """GT-7, GT-9: every seat's outcome against the best combination on the table."""
    v = cython.declare(cython.int[4])
    best = -1
    leaders = 0
    for s in range(st.n):
        v[s] = combo(st, s)
        if v[s] > best:
            best = v[s]
    for s in range(st.n):
        if v[s] == best and v[s] >= 0:
            leaders += 1
    emit(ev, SKIRMISH_EVALUATED)
    emit(ev, st.n)
    for s in range(st.n):
        if v[s] < 0:
            st.outcomes[s] = -1
        elif v[s] == best:
            st.outcomes[s] = WINNING if leaders == 1 else TIED
        else:
            st.outcomes[s] = LOSING
        emit(ev, st.outcomes[s])


def open_support(st: Board, ev: Events | None) -> None:
    """GT-8.1: the tied and losing players with a card left (and no support yet)."""
    mask = 0
    for s in range(st.n):
        if (
            st.in_game[s]
            and (st.outcomes[s] == LOSING or st.outcomes[s] == TIED)
            and st.support[s] < 0
            and st.hand_n[s] > 0
        ):
            mask |= 1 << s
    if mask:
        poll(st, SUPPORT, mask)
    else:
        after_support(st, ev)


def on_support(st: Board, chosen: list[int], ev: Events | None) -> None:
    """GT-8.3: each support card face up; a supporter draws one next time (GT-8.5)."""
    supported = False
    for s in range(st.n):
        if chosen[s] >= SUPPORT_BASE:
            card = chosen[s] - SUPPORT_BASE
            hand_remove(st, s, card)
            st.support[s] = card
            st.penalty[s] = 1
            if is_guerrilla(st, card):
                st.played_g[s] = 1  # GT-6.3: a face-up Guerrilla marks its player now
            emit(ev, SUPPORT_ADDED)
            emit(ev, s)
            emit(ev, card)
            supported = True
    if supported and st.opt[O_CASCADE]:
        evaluate(st, ev)
        open_support(st, ev)
        return
    after_support(st, ev)


def after_support(st: Board, ev: Events | None) -> None:
    """GT-9: re-evaluate; a unique best wins, the best tied go to the tie rounds."""
    leaders = cython.declare(cython.int[4])
    m = 0
    evaluate(st, ev)
    for s in range(st.n):
        if st.outcomes[s] == WINNING or st.outcomes[s] == TIED:
            leaders[m] = s
            m += 1
    if m == 1:
        decided(st, leaders, 1, ev)
        return
    for s in range(m):
        st.first_tied[s] = leaders[s]
        st.tied[s] = leaders[s]
    st.first_tied_n = m
    st.tied_n = m
    tie_check(st, ev)
