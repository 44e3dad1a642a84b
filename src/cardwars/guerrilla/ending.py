"""GT-14 End: the game ends when one player or none is left, or at the skirmish cap.

:func:`end_by_elimination` (GT-5.4, GT-10.2, GT-11) and :func:`end_at_cap` (``max_skirmishes``)
decide the winner and the termination; :func:`end_game` ranks the seats and emits ``GAME_OVER``. The
spoils left unowned at the end are handed out here (``SPOILS_TAKEN``)."""

from __future__ import annotations

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars.guerrilla.board import *  # noqa: F403
else:
    from .board import (
        ALL_ELIMINATED,
        GAME_OVER,
        LAST_PLAYER,
        MAX_SKIRMISHES,
        O_CAP_MOST,
        O_MOST_ELIMINATED,
        OVER,
        SPOILS_TAKEN,
        Board,
        Events,
        emit,
    )


def unique_max(seats: list[int], m: int, values: list[int]) -> int:
    """The one seat of ``seats[:m]`` with the greatest value, or -1 when several share it."""
    best = -1
    top = 0
    seat = -1
    for i in range(m):
        if values[seats[i]] > best:
            best = values[seats[i]]
    for i in range(m):
        if values[seats[i]] == best:
            top += 1
            seat = seats[i]
    return seat if top == 1 else -1


def end_by_elimination(st: Board, ev: Events | None) -> None:
    """GT-14: one player left wins (and takes the forfeited spoils); none left: nobody
    wins, unless ``simultaneous_elimination`` gives it to the one of the last to go out
    who held the most cards."""
    last = cython.declare(cython.int[4])
    left = -1
    m = 0
    w = -1
    for s in range(st.n):
        if st.in_game[s]:
            left = s
            break
    if left >= 0:
        w = left
        termination = LAST_PLAYER
        if st.forfeited_n:
            emit(ev, SPOILS_TAKEN)
            emit(ev, left)
            emit(ev, st.forfeited_n)
            for i in range(st.forfeited_n):
                st.disc[left][st.disc_n[left]] = st.forfeited[i]
                st.disc_n[left] += 1
                emit(ev, st.forfeited[i])
    else:
        for s in range(st.n):
            if st.eliminated_at[s] == st.clock:
                last[m] = s
                m += 1
        termination = ALL_ELIMINATED
        if st.opt[O_MOST_ELIMINATED]:
            w = unique_max(last, m, st.eliminated_hand)
        if st.forfeited_n:
            emit(ev, SPOILS_TAKEN)
            emit(ev, -1)
            emit(ev, st.forfeited_n)
            for i in range(st.forfeited_n):
                st.removed[st.removed_n] = st.forfeited[i]
                st.removed_n += 1
                emit(ev, st.forfeited[i])
    st.forfeited_n = 0
    end_game(st, termination, w, ev)


def end_at_cap(st: Board, ev: Events | None) -> None:
    """The skirmish cap (``max_skirmishes``): nobody wins, unless ``cap_result`` gives it
    to the one player still in with the most cards."""
    seats = cython.declare(cython.int[4])
    sizes = cython.declare(cython.int[4])
    m = 0
    w = -1
    if st.opt[O_CAP_MOST]:
        for s in range(st.n):
            sizes[s] = st.hand_n[s] + st.draw_n[s] + st.disc_n[s]
            if st.in_game[s]:
                seats[m] = s
                m += 1
        w = unique_max(seats, m, sizes)
    end_game(st, MAX_SKIRMISHES, w, ev)


def end_game(st: Board, termination: int, winner: int, ev: Events | None) -> None:
    """The placings: the winner first, then the later a seat went out the better (still
    in: best); emits ``GAME_OVER``."""
    keys = cython.declare(cython.longlong[4])
    for s in range(st.n):
        keys[s] = (cython.cast(cython.longlong, s == winner) << 40) + (
            (cython.cast(cython.longlong, 1) << 39)
            if st.eliminated_at[s] < 0
            else st.eliminated_at[s]
        )
    for s in range(st.n):
        place = 1
        for o in range(st.n):
            if keys[o] > keys[s]:
                place += 1
        st.placings[s] = place
    st.result_winners_n = 0
    if winner >= 0:
        st.result_winners[0] = winner
        st.result_winners_n = 1
    st.termination = termination
    st.phase = OVER
    st.to_act = 0
    emit(ev, GAME_OVER)
    emit(ev, termination)
