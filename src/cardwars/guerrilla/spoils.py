"""GT-11 Loss of Forces, GT-12 Spoils, GT-13 Spy: how a decided skirmish is paid out.

Read top to bottom, in the order the rules happen once a skirmish is decided (each reads the
cards on the table in GT-12's table order, :func:`table_cards`):

- :func:`decided` (GT-10.6): the face-down tie cards are shown (``FACE_DOWN_REVEALED``) and the
  Guerrillas among them mark their owners (GT-6.3);
- GT-11 Loss of Forces: with a Guerrilla on the table, half the table (rounded down) is removed,
  drawn at random, or picked one by one by a lone winner (``removal_choice``: :func:`on_remove`),
  ``FORCES_LOST``;
- :func:`forces_lost`, GT-12 Spoils: the rest go to the winners' discard piles, dealt round in table
  order, the forfeited cards to the first (``SPOILS_TAKEN``); no winner: to the removed pile, or to
  the best players outside the tie (``no_winner_spoils``: :func:`next_best`);
- GT-13 Spy: a winner who saw another player's 7 face up on the table captured a spy and plays first
  next skirmish; then ``SKIRMISH_WON``, and ``SPY_FLAG_SET`` per spy;
- the next skirmish, or the end (GT-14).

The events this file emits, by name: ``FACE_DOWN_REVEALED``, ``FORCES_LOST``, ``SPOILS_TAKEN``,
``SKIRMISH_WON``, ``SPY_FLAG_SET`` (``board.Event`` lists their ints)."""

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
        FACE_DOWN_REVEALED,
        FORCES_LOST,
        NEXT_SKIRMISH,
        O_MAX_SKIRMISHES,
        O_NEXT_BEST,
        O_WINNER_CHOOSES,
        REMOVE,
        REMOVE_BASE,
        SKIRMISH_WON,
        SPOILS_TAKEN,
        SPY_FLAG_SET,
        Board,
        Events,
        active_count,
        combo,
        emit,
        is_guerrilla,
        poll,
        sample_cards,
    )
    from .ending import end_at_cap, end_by_elimination


def table_cards(st: Board, card: list[int], owner: list[int], up: list[int]) -> int:
    """The table in table order (GT-12): played, supports, then the tie placements
    (face down before face up); each card's owner and whether it is face up. Its size."""
    m = 0
    for s in range(st.n):
        if st.played[s] >= 0:
            card[m] = st.played[s]
            owner[m] = s
            up[m] = 1
            m += 1
    for s in range(st.n):
        if st.support[s] >= 0:
            card[m] = st.support[s]
            owner[m] = s
            up[m] = 1
            m += 1
    for i in range(st.tie_n):
        if st.tie_down[i] >= 0:
            card[m] = st.tie_down[i]
            owner[m] = st.tie_seat[i]
            up[m] = 0
            m += 1
        card[m] = st.tie_up[i]
        owner[m] = st.tie_seat[i]
        up[m] = 1
        m += 1
    return m


def decided(st: Board, winners: list[int], wn: int, ev: Events | None) -> None:
    """The skirmish is decided for ``winners[:wn]`` (none: nobody won it)."""
    u_card = cython.declare(cython.int[52])
    u_owner = cython.declare(cython.int[52])
    u_up = cython.declare(cython.int[52])
    has_g = False
    for i in range(wn):
        st.winners[i] = winners[i]
    st.winners_n = wn
    st.to_act = 0
    for i in range(st.tie_n):  # GT-10.6: the face-down cards are shown now
        if st.tie_down[i] >= 0:
            emit(ev, FACE_DOWN_REVEALED)
            emit(ev, st.tie_seat[i])
            emit(ev, st.tie_down[i])
    u_n = table_cards(st, u_card, u_owner, u_up)
    # GT-6.3, GT-A27: the face-down Guerrillas set their owners' flags now, when they are
    # revealed (the face-up ones did when played; setting them again changes nothing).
    for i in range(u_n):
        if is_guerrilla(st, u_card[i]):
            st.played_g[u_owner[i]] = 1
            has_g = True
    lost = u_n // 2  # GT-11: half the table, rounded down, when a Guerrilla is on it
    if lost and has_g:
        if st.opt[O_WINNER_CHOOSES] and wn == 1:
            st.picks_n = 0
            st.needed = lost
            poll(st, REMOVE, 1 << st.winners[0])
            return
        sample_cards(st, u_card, u_n, lost)
        forces_lost(st, u_card, lost, ev)
        return
    forces_lost(st, u_card, 0, ev)


def on_remove(st: Board, chosen: list[int], ev: Events | None) -> None:
    """GT-A24 ``removal_choice``: the lone winner picks the removed cards one a step."""
    picks = cython.declare(cython.int[52])
    st.picks[st.picks_n] = chosen[st.winners[0]] - REMOVE_BASE
    st.picks_n += 1
    if st.picks_n == st.needed:
        for i in range(st.picks_n):
            picks[i] = st.picks[i]
        forces_lost(st, picks, st.picks_n, ev)


def forces_lost(st: Board, lost: list[int], lost_n: int, ev: Events | None) -> None:
    """GT-11: ``lost[:lost_n]`` are removed; GT-12: the spoils; GT-13: the spies."""
    u_card = cython.declare(cython.int[52])
    u_owner = cython.declare(cython.int[52])
    u_up = cython.declare(cython.int[52])
    rest = cython.declare(cython.int[52])
    receivers = cython.declare(cython.int[4])
    gone = cython.declare(cython.char[52])
    rest_n = 0
    u_n = table_cards(st, u_card, u_owner, u_up)
    for i in range(52):
        gone[i] = 0
    if lost_n:
        emit(ev, FORCES_LOST)
        emit(ev, lost_n)
        for i in range(lost_n):
            st.removed[st.removed_n] = lost[i]
            st.removed_n += 1
            gone[lost[i]] = 1
            emit(ev, lost[i])
    for i in range(u_n):
        if not gone[u_card[i]]:
            rest[rest_n] = u_card[i]
            rest_n += 1
    # GT-12: the winners share the rest, dealt round in table order.
    if st.winners_n:
        r_n = st.winners_n
        for i in range(r_n):
            receivers[i] = st.winners[i]
    else:
        r_n = next_best(st, receivers)
    if r_n:
        for j in range(r_n):
            s = receivers[j]
            count = (rest_n - j + r_n - 1) // r_n if rest_n > j else 0
            if j == 0:
                count += st.forfeited_n
            emit(ev, SPOILS_TAKEN)
            emit(ev, s)
            emit(ev, count)
            i = j
            while i < rest_n:
                st.disc[s][st.disc_n[s]] = rest[i]
                st.disc_n[s] += 1
                emit(ev, rest[i])
                i += r_n
            if j == 0:
                for i in range(st.forfeited_n):
                    st.disc[s][st.disc_n[s]] = st.forfeited[i]
                    st.disc_n[s] += 1
                    emit(ev, st.forfeited[i])
    else:  # nobody takes them: to the removed pile
        emit(ev, SPOILS_TAKEN)
        emit(ev, -1)
        emit(ev, rest_n + st.forfeited_n)
        for i in range(rest_n):
            st.removed[st.removed_n] = rest[i]
            st.removed_n += 1
            emit(ev, rest[i])
        for i in range(st.forfeited_n):
            st.removed[st.removed_n] = st.forfeited[i]
            st.removed_n += 1
            emit(ev, st.forfeited[i])
    st.forfeited_n = 0
    # GT-13: a winner captured a spy if another player's 7 was face up on the table.
    for s in range(st.n):
        st.spy[s] = 0
    for j in range(st.winners_n):
        w = st.winners[j]
        for i in range(u_n):
            if u_owner[i] != w and u_up[i] and u_card[i] % 13 + 2 == 7:
                st.spy[w] = 1
    emit(ev, SKIRMISH_WON)
    emit(ev, st.k)
    emit(ev, st.winners_n)
    for j in range(st.winners_n):
        emit(ev, st.winners[j])
    for j in range(st.winners_n):
        if st.spy[st.winners[j]]:
            emit(ev, SPY_FLAG_SET)
            emit(ev, st.winners[j])
    # The table is cleared; the next skirmish (started by the step), or the end (GT-14).
    for s in range(st.n):
        st.played[s] = -1
        st.support[s] = -1
        st.outcomes[s] = 0
    st.tie_n = 0
    st.rounds = 0
    st.first_tied_n = 0
    st.tied_n = 0
    st.winners_n = 0
    st.picks_n = 0
    st.needed = 0
    st.k += 1
    if active_count(st) <= 1:
        end_by_elimination(st, ev)
    elif st.k >= st.opt[O_MAX_SKIRMISHES]:
        end_at_cap(st, ev)
    else:
        st.phase = NEXT_SKIRMISH


def next_best(st: Board, out: list[int]) -> int:
    """GT-A25 ``no_winner_spoils``: the best players outside the tie take unowned spoils."""
    v = cython.declare(cython.int[4])
    best = -1
    m = 0
    if not st.opt[O_NEXT_BEST]:
        return 0
    for s in range(st.n):
        v[s] = -1
        if not st.in_game[s] or st.played[s] < 0:
            continue
        tied = False
        for i in range(st.first_tied_n):
            if st.first_tied[i] == s:
                tied = True
        if tied:
            continue
        v[s] = combo(st, s)
        if v[s] > best:
            best = v[s]
    if best < 0:
        return 0
    for s in range(st.n):
        if v[s] == best:
            out[m] = s
            m += 1
    return m
