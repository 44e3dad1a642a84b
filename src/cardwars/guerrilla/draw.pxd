# The C signatures of draw.py (GT-5, GT-6.1).

cimport cython
from cardwars.guerrilla.board cimport CARDS_DRAWN, Board, Events, emit, pop_draw

@cython.locals(j=int, m=int)
cdef void reshuffle(Board* st, int s, Events* ev) noexcept nogil
# Inline C in every module that cimports it (the Draw and the tie rounds draw in their
# loops); draw.py has the same text for the interpreted build.
cdef inline int draw_cards(Board* st, int s, int count, Events* ev) noexcept nogil:
    cdef int _i, card, got = 0
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
@cython.locals(s=int, need=int, got=int, out_n=int)
cdef void draw_step(Board* st, Events* ev) noexcept nogil
@cython.locals(i=int, j=int, s=int, card=int)
cdef void eliminate(Board* st, int* seats, int m, Events* ev) noexcept nogil
@cython.locals(s=int, first=int)
cdef void begin_play(Board* st, Events* ev) noexcept nogil
