"""Guerrilla's position in ints (GT-1: what is in play) and what every rule reads of it.

One struct, :class:`Board`, holds a whole game: each seat's hand, draw and discard piles, the
removed pile, the table of the skirmish (played, support and tie cards), the Guerrilla rank G, the
phase and who is polled, the flags and the bookkeeping of the end. Cards are standard ids
``suit * 13 + rank - 2``. The rule modules step it: ``promotion`` (GT-2 to GT-4), ``draw`` (GT-5),
``combat`` (GT-6 to GT-9), ``ties`` (GT-10), ``spoils`` (GT-11 to GT-13) and ``ending`` (GT-14);
``turns`` routes a step's actions to them. Each step writes its events, as a kind of :class:`Event`
and its ints, to an :class:`Events` buffer (``NULL``: none are kept, as in the batch loop).

Compiled, :class:`Board` and :class:`Events` are the C structs of ``board.pxd``; interpreted, the
classes of lists below (``BoardLists``, ``EventLists``)."""

from __future__ import annotations

from enum import IntEnum

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars._core import _GAMMA, _mix
    from cython.cimports.cardwars.guerrilla.strength import *  # noqa: F403
    from cython.cimports.libc.string import memset
else:
    from cardwars.core_rng import _GAMMA, Rng, _mix

    from .strength import PAIR, effective

__all__ = ["OPTIONS", "Event", "Option", "Phase"]


class BoardLists:
    """The interpreted :class:`Board`: the struct's fields as ints and lists of ints."""

    def __init__(self) -> None:
        self.n = 0
        self.opt = [0] * 21
        self.rng = 0
        self.hand = [[0] * 52 for _ in range(4)]
        self.hand_n = [0] * 4
        self.draw = [[0] * 52 for _ in range(4)]
        self.draw_top = [0] * 4
        self.draw_n = [0] * 4
        self.disc = [[0] * 52 for _ in range(4)]
        self.disc_n = [0] * 4
        self.removed = [0] * 52
        self.removed_n = 0
        self.g = 0
        self.eff = [0] * 52
        self.k = 0
        self.phase = 0
        self.to_act = 0
        self.in_game = [0] * 4
        self.played_g = [0] * 4
        self.penalty = [0] * 4
        self.spy = [0] * 4
        self.played = [0] * 4
        self.support = [0] * 4
        self.tie_seat = [0] * 52
        self.tie_down = [0] * 52
        self.tie_up = [0] * 52
        self.tie_n = 0
        self.round_start = [0] * 52
        self.rounds = 0
        self.first_tied = [0] * 4
        self.first_tied_n = 0
        self.tied = [0] * 4
        self.tied_n = 0
        self.drawn = [[0] * 52 for _ in range(4)]
        self.drawn_n = [0] * 4
        self.outcomes = [0] * 4
        self.forfeited = [0] * 52
        self.forfeited_n = 0
        self.proposer = 0
        self.winners = [0] * 4
        self.winners_n = 0
        self.picks = [0] * 52
        self.picks_n = 0
        self.needed = 0
        self.clock = 0
        self.eliminated_at = [0] * 4
        self.eliminated_hand = [0] * 4
        self.cards_dealt = 0
        self.termination = 0
        self.result_winners = [0] * 4
        self.result_winners_n = 0
        self.placings = [0] * 4

    def copy(self) -> BoardLists:
        """An independent copy (the C struct's assignment)."""
        other = BoardLists.__new__(BoardLists)
        for name, value in self.__dict__.items():
            if type(value) is list:
                value = [list(v) for v in value] if type(value[0]) is list else list(value)
            other.__dict__[name] = value
        return other


class EventLists:
    """The interpreted :class:`Events`: a step's event ints, ``data[:n]``."""

    def __init__(self) -> None:
        self.n = 0
        self.data = [0] * 1024


if not cython.compiled:  # compiled, the C names of board.pxd stand
    Board = BoardLists
    Events = EventLists
    PROPOSE, RESPOND, PLAY_FIRST, PLAY, SUPPORT, TIE, REMOVE, OVER, NEXT_SKIRMISH = range(9)
    O_TWO_SUIT, O_ACE_LOW, O_DRAW_TWO, O_CANNOT_PLAY, O_SUPPORT_RULE, O_CASCADE = range(6)
    O_KICKER, O_TIE_CARDS, O_COMBINES, O_FD_PENALTY, O_TO_SPOILS = range(6, 11)
    O_WINNER_CHOOSES, O_NEXT_BEST, O_AFTER_DRAW, O_WAVE_RESET, O_UNANIMOUS = range(11, 16)
    O_ALL_RECRUIT, O_RESHUFFLE_RECRUIT, O_MOST_ELIMINATED, O_MAX_SKIRMISHES = range(16, 20)
    O_CAP_MOST, NOPT = 20, 21
    A_PROPOSE, A_PASS, A_ALLOW, A_REJECT, CANCEL = 0, 1, 2, 3, 4
    PLAY_BASE, SUPPORT_BASE, REMOVE_BASE, TIE_BASE, NO_CARD = 56, 108, 160, 212, 52
    NACT, EVMAX = 2968, 1024
    ABSENT, LOSING, TIED, WINNING = -1, 0, 1, 2
    LAST_PLAYER, ALL_ELIMINATED, MAX_SKIRMISHES = 0, 1, 2
    SKIRMISH_STARTED, PROMOTION_PROPOSED, PROMOTED, PROMOTION_CANCELLED = range(4)
    RECRUITED, DISCARD_RESHUFFLED, CARDS_DRAWN, PLAYER_ELIMINATED = range(4, 8)
    CARD_PLAYED, SUPPORT_ADDED, SKIRMISH_EVALUATED, TIE_CARDS_PLACED = range(8, 12)
    FACE_DOWN_REVEALED, FORCES_LOST, SPOILS_TAKEN, SKIRMISH_WON = range(12, 16)
    SPY_FLAG_SET, GAME_OVER = 16, 17


Phase = IntEnum(
    "Phase", "PROPOSE RESPOND PLAY_FIRST PLAY SUPPORT TIE REMOVE OVER", start=0, module=__name__
)
"""Who is asked what: the machine's phase codes."""


Event = IntEnum(
    "Event",
    "SKIRMISH_STARTED PROMOTION_PROPOSED PROMOTED PROMOTION_CANCELLED RECRUITED DISCARD_RESHUFFLED"
    " CARDS_DRAWN PLAYER_ELIMINATED CARD_PLAYED SUPPORT_ADDED SKIRMISH_EVALUATED TIE_CARDS_PLACED"
    " FACE_DOWN_REVEALED FORCES_LOST SPOILS_TAKEN SKIRMISH_WON SPY_FLAG_SET GAME_OVER",
    start=0,
    module=__name__,
)
"""The kinds of event a step writes; after the kind come its ints:

``SKIRMISH_STARTED`` index, lead seat; ``PROMOTION_PROPOSED`` proposer, count, the proposing seats;
``PROMOTED`` the new G; ``PROMOTION_CANCELLED`` count, (seat, card) per canceller, count, the
rejecting seats; ``RECRUITED`` seat, source, count; ``DISCARD_RESHUFFLED`` seat, count;
``CARDS_DRAWN`` seat, count; ``PLAYER_ELIMINATED`` seat, count, the cards of its hand;
``CARD_PLAYED`` seat, card, first (a spy's early card); ``SUPPORT_ADDED`` seat, card;
``SKIRMISH_EVALUATED`` n, each seat's outcome; ``TIE_CARDS_PLACED`` seat, up card, face down (0/1);
``FACE_DOWN_REVEALED`` seat, card; ``FORCES_LOST`` count, cards; ``SPOILS_TAKEN`` seat (-1:
removed), count, cards; ``SKIRMISH_WON`` index, count, winners; ``SPY_FLAG_SET`` seat; ``GAME_OVER``
termination."""


Option = IntEnum(
    "Option",
    "TWO_SUIT ACE_LOW DRAW_TWO CANNOT_PLAY SUPPORT_RULE CASCADE KICKER TIE_CARDS COMBINES"
    " FD_PENALTY TO_SPOILS WINNER_CHOOSES NEXT_BEST AFTER_DRAW WAVE_RESET UNANIMOUS ALL_RECRUIT"
    " RESHUFFLE_RECRUIT MOST_ELIMINATED MAX_SKIRMISHES CAP_MOST",
    start=0,
    module=__name__,
)
"""The slots of a position's options (``Board.opt``), in the order of OPTIONS."""


OPTIONS: tuple[tuple[str, int, int], ...] = (
    ("two_suit_variant", 0, 1), ("ace_low", 0, 1), ("draw_mode", 0, 1), ("elimination_rule", 0, 1),
    ("support_rule", 0, 2), ("support_cascade", 0, 1), ("kicker", 0, 1), ("tie_cards", 0, 2),
    ("tie_facedown_role", 0, 1), ("tie_facedown_penalty", 0, 1), ("eliminated_cards_to", 0, 1),
    ("removal_choice", 0, 1), ("no_winner_spoils", 0, 1), ("promotion_timing", 0, 1),
    ("promotion_wave_reset", 0, 1), ("promotion_acceptance", 0, 1),
    ("all_cancellers_recruit", 0, 1), ("recruit_shortfall", 0, 1),
    ("simultaneous_elimination", 0, 1), ("max_skirmishes", 1, 10**9), ("cap_result", 0, 1),
)  # fmt: skip
"""Every option as (name, lowest, highest), by slot (:class:`Option`); the default of
each is 0, but ``all_cancellers_recruit`` (1) and ``max_skirmishes`` (5000)."""


# --- the small helpers every rule uses: compiled, board.pxd's inline C (the same text) ---
if not cython.compiled:

    def emit(ev: Events | None, x: int) -> None:
        """Append one int to a step's events (none kept when ``ev`` is NULL)."""
        if ev != cython.NULL and ev.n < EVMAX:
            ev.data[ev.n] = x
            ev.n += 1

    def is_guerrilla(st: Board, card: int) -> bool:
        """Rank 2..G (GT-1.4): exactly the cards whose worth is 1 (an Ace is never one)."""
        return st.eff[card] == 1

    def strength(st: Board, a: int, b: int) -> int:
        """``strength.strength2`` at the position's G and options, on its table of worths."""
        ea = st.eff[a]
        if b < 0:
            return ea * 32
        eb = st.eff[b]
        if ea == eb:
            return PAIR + ea
        if ea < eb:
            ea, eb = eb, ea
        return ea * 32 + (eb + 1 if st.opt[O_KICKER] else 0)

    def combo(st: Board, s: int) -> int:
        """The strength of seat ``s``'s combination on the table (-1: none)."""
        if st.played[s] < 0:
            return -1
        return strength(st, st.played[s], st.support[s])

    def poll(st: Board, phase: int, mask: int) -> None:
        """Ask the seats of ``mask`` (a bit each) for their actions of ``phase``."""
        st.phase = phase
        st.to_act = mask

    def hand_remove(st: Board, s: int, card: int) -> None:
        """Take one card from a hand, keeping the arrival order of the others."""
        j = 0
        for i in range(st.hand_n[s]):
            if st.hand[s][i] != card:
                st.hand[s][j] = st.hand[s][i]
                j += 1
        st.hand_n[s] = j

    def pop_draw(st: Board, s: int) -> int:
        """The top card of seat ``s``'s draw pile, taken off it."""
        card = st.draw[s][st.draw_top[s]]
        st.draw_top[s] += 1
        st.draw_n[s] -= 1
        return card

    def active_mask(st: Board) -> int:
        mask = 0
        for s in range(st.n):
            if st.in_game[s]:
                mask |= 1 << s
        return mask

    def active_count(st: Board) -> int:
        c = 0
        for s in range(st.n):
            c += st.in_game[s]
        return c

    def sort_cards(cards: list[int], m: int, out: list[int]) -> None:
        """``cards[:m]`` in canonical (ascending id) order into ``out``: an insertion sort."""
        for i in range(m):
            x = cards[i]
            j = i - 1
            while j >= 0 and out[j] > x:
                out[j + 1] = out[j]
                j -= 1
            out[j + 1] = x

    def below(rngs: list[int], i: int, m: int) -> int:
        """A uniform int in ``[0, m)`` from the RNG state ``rngs[i]``, which it advances."""
        rng = Rng(rngs[i])
        value = rng.below(m)
        rngs[i] = rng.state
        return value


# --- GT-1.4 the Guerrilla rank; GT-7, GT-8.4 the strength of a combination ----------------
def set_guerrilla_rank(st: Board, g: int) -> None:
    """G (GT-1.4), and the worth of every card at G (``eff``, read by :func:`strength`)."""
    st.g = g
    for c in range(52):
        st.eff[c] = effective(c, g, st.opt[O_ACE_LOW] != 0)


# --- who is in, who is asked ---------------------------------------------------------------


def window_opens(st: Board) -> bool:
    """GT-4.1: the promotion window opens while G < 6 and every player still in has
    played a Guerrilla face up at some time in the game (``played_g``)."""
    if st.g >= 6:
        return False
    for s in range(st.n):  # noqa: SIM110 (a loop in C: no generator)
        if st.in_game[s] and not st.played_g[s]:
            return False
    return True


# --- the zones -------------------------------------------------------------------------------


def init_board(st: Board, n: int, opt: list[int], rng: int) -> None:
    """An empty position of ``n`` seats with these options and RNG state."""
    if cython.compiled:
        memset(st, 0, cython.sizeof(Board))
    else:
        st.__init__()  # type: ignore[misc]
    st.n = n
    for s in range(NOPT):
        st.opt[s] = opt[s]
    st.rng = rng
    set_guerrilla_rank(st, 2)
    st.phase = PLAY
    st.proposer = -1
    st.termination = -1
    for s in range(n):
        st.in_game[s] = 1
        st.played[s] = -1
        st.support[s] = -1
        st.eliminated_at[s] = -1


# --- the position's RNG (the shared core's, to the bit) --------------------------------------
if not cython.compiled:  # compiled: board.pxd's inline C, a call of the core's shuffle

    def shuffle_cards(st: Board, cards: list[int], m: int) -> None:
        """Shuffle ``cards[:m]`` with the position's RNG (Fisher-Yates, ascending i)."""
        rng = Rng(st.rng)
        part = [cards[i] for i in range(m)]
        rng.shuffle(part)
        for i in range(m):
            cards[i] = part[i]
        st.rng = rng.state

    def sample_cards(st: Board, cards: list[int], m: int, k: int) -> None:
        """The first ``k`` steps of :func:`shuffle_cards`: ``cards[:k]`` a uniform sample."""
        rng = Rng(st.rng)
        part = [cards[i] for i in range(m)]
        rng.sample_prefix(part, k)
        for i in range(m):
            cards[i] = part[i]
        st.rng = rng.state


def derive(seed: int, index: int) -> int:
    """``derive_seed(seed, index)`` of the shared core."""
    if cython.compiled:
        return _mix(seed + (index + 1) * _GAMMA)
    else:
        return _mix((seed + (index + 1) * _GAMMA) & 0xFFFFFFFFFFFFFFFF)
