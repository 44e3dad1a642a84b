"""The Guerrilla state machine on ints: the pure-Python twin of the compiled ``GuerrillaMachine``.

This is the executable spec of a game of WAR: Guerrilla Tactics step by step
(the clauses GT-… of ``seeds/003_guerrilla.md``); the public
:class:`cardwars.guerrilla.State` is a thin face over it (or over its compiled
counterpart, whose rule steps the compiled batch loop plays too).

Cards are their standard ids ``suit*13 + rank-2``; piles are lists, top first,
discard piles and hands in arrival order. Moves are Guerrilla's actions
(``cardwars.guerrilla.ACTIONS``): ``0`` Propose, ``1`` Pass, ``2`` Allow, ``3``
Reject, ``4 + c`` Cancel, ``56 + c`` Play, ``108 + c`` Support, ``160 + c`` Remove,
``212 + 53*up + d`` TieCards (``d`` the face-down card, 52 for none).

The phases are ``0`` propose, ``1`` respond, ``2`` play first, ``3`` play, ``4``
support, ``5`` tie, ``6`` remove and ``7`` over (``guerrilla.Phase`` in this order).

The options are the ints of ``guerrilla.Rules.kernel_options()``: a flag 0 or 1, a
choice the index of its value in ``guerrilla.rules`` (the default is 0), and
``max_skirmishes``.

A step's events are a flat tuple of ints (:meth:`GuerrillaMachine.events`); the
face turns them into event objects only when asked. Each event is its code, then:

====  ===========  ===============================================================
code  event        ints
====  ===========  ===============================================================
0     started      ``index lead_seat``
1     proposal     ``proposer n`` and ``n`` proposing seats
2     promoted     ``rank``
3     cancelled    ``n`` pairs ``seat card`` (the reveals), ``m`` and ``m`` rejecters
4     recruited    ``seat source count``
5     reshuffled   ``seat count``
6     drawn        ``seat count``
7     eliminated   ``seat n`` and the ``n`` cards of the hand
8     played       ``seat card first``
9     support      ``seat card``
10    evaluated    ``n`` and ``n`` outcomes (2 win, 1 tie, 0 lose, -1 absent)
11    tie cards    ``seat up face_down``
12    revealed     ``seat card``
13    forces lost  ``n`` and ``n`` cards
14    spoils       ``seat n`` and ``n`` cards (seat -1: the removed pile)
15    won          ``index n`` and ``n`` winners
16    spy flag     ``seat``
17    over         ``termination`` (the result: :attr:`~GuerrillaMachine.winners` …)
====  ===========  ===============================================================

>>> labels = tuple(range(52))  # the face passes Card objects; any labels do
>>> machine = guerrilla_deal(labels, 2, 42)
>>> machine.phase, sorted(machine.to_act), machine.legal_actions(0)
(3, [0, 1], (58, 65))
>>> machine.events()
(0, 0, 0, 6, 0, 2, 6, 1, 2)
>>> machine.apply_actions({0: 65, 1: 76}), machine.events()[:4]
(True, (8, 0, 9, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardwars._kernels.pure_guerrilla import guerrilla_strength
from cardwars._kernels.pure_rng import Rng

__all__ = ["GuerrillaMachine", "guerrilla_deal"]

PROPOSE, RESPOND, PLAY_FIRST, PLAY, SUPPORT, TIE, REMOVE, OVER = range(8)
"""The phases."""

LAST_PLAYER, ALL_ELIMINATED, MAX_SKIRMISHES = 0, 1, 2
"""The terminations, in the order of ``guerrilla.TERMINATIONS``."""

A_PROPOSE, A_PASS, A_ALLOW, A_REJECT = 0, 1, 2, 3
CANCEL, PLAY_BASE, SUPPORT_BASE, REMOVE_BASE, TIE_BASE, NO_CARD = 4, 56, 108, 160, 212, 52
NUM_ACTIONS = 2968

LOSING, TIED, WINNING, ABSENT = 0, 1, 2, -1
"""Where a seat stands in an evaluation (``guerrilla.Outcome``)."""

OPTIONS: tuple[tuple[str, int, int], ...] = (
    ("two_suit_variant", 0, 1),
    ("ace_low", 0, 1),
    ("draw_mode", 0, 1),
    ("elimination_rule", 0, 1),
    ("support_rule", 0, 2),
    ("support_cascade", 0, 1),
    ("kicker", 0, 1),
    ("tie_cards", 0, 2),
    ("tie_facedown_role", 0, 1),
    ("tie_facedown_penalty", 0, 1),
    ("eliminated_cards_to", 0, 1),
    ("removal_choice", 0, 1),
    ("no_winner_spoils", 0, 1),
    ("promotion_timing", 0, 1),
    ("promotion_wave_reset", 0, 1),
    ("promotion_acceptance", 0, 1),
    ("all_cancellers_recruit", 0, 1),
    ("recruit_shortfall", 0, 1),
    ("simultaneous_elimination", 0, 1),
    ("max_skirmishes", 1, 10**9),
    ("cap_result", 0, 1),
)
"""Every option as (name, lowest, highest); the default of each is 0, but
``all_cancellers_recruit`` (1) and ``max_skirmishes`` (5000)."""

DEFAULTS: dict[str, int] = {name: 0 for name, _, _ in OPTIONS}
DEFAULTS["all_cancellers_recruit"] = 1
DEFAULTS["max_skirmishes"] = 5000

START_SKIRMISH, START_DRAW, START_PLAY = 0, 1, 2
"""Where a hand-built position begins (``guerrilla.position.STARTS``)."""

_POLLED: tuple[frozenset[int], ...] = tuple(
    frozenset(s for s in range(4) if mask >> s & 1) for mask in range(16)
)


def _options(given: dict[str, object]) -> dict[str, int]:
    unknown = sorted(set(given) - set(DEFAULTS))
    if unknown:
        raise TypeError(f"unknown option(s) {unknown}")
    out = dict(DEFAULTS)
    for name, low, high in OPTIONS:
        if name in given:
            value = given[name]
            if isinstance(value, bool):
                value = int(value)
            if not isinstance(value, int) or not low <= value <= high:
                raise ValueError(f"{name} must be an int {low}..{high}, got {value!r}")
            out[name] = value
    return out


def _u64(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int in [0, 2**64), not {type(value).__name__}")
    if not 0 <= value < 2**64:
        raise ValueError(f"{what} must be in [0, 2**64), got {value!r}")
    return value


def _ints(value: object, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be an int in [{low}, {high}], got {value!r}")
    return value


def _rank(card: int) -> int:
    return card % 13 + 2


class GuerrillaMachine:
    """A Guerrilla Tactics position on ints, one step at a time.

    Args:
        cards: 52 labels, by card id, that the readable views are made of.
        hands, draw_piles, discard_piles: per seat (2 to 4 seats), card ids: hands and
            discard piles in arrival order, draw piles top first.
        removed: the removed pile.
        guerrilla_rank: G, 2..6.
        played_guerrilla, support_penalty, spy_first, in_game: per seat, 0 or 1.
        skirmish: the skirmish index k, below ``max_skirmishes``.
        rng_state: the game RNG's state.
        start: 0 the promotion window, 1 Draw, 2 Play (``START_*``).
        options: the options by name (:data:`OPTIONS`).

    The position is run at once to its first poll (or the end); :meth:`events` are then
    the events of that run until the first step.

    Raises:
        ValueError: a position or option that is not as above (the face checks a
            position first and explains it; this is the last guard).
    """

    _hands: list[list[int]]
    _draw: list[list[int]]
    _discard: list[list[int]]
    _removed: list[int]

    def __init__(
        self,
        cards: Sequence[Any],
        hands: Sequence[Sequence[int]],
        draw_piles: Sequence[Sequence[int]],
        discard_piles: Sequence[Sequence[int]],
        removed: Sequence[int],
        guerrilla_rank: int,
        played_guerrilla: Sequence[int],
        support_penalty: Sequence[int],
        spy_first: Sequence[int],
        in_game: Sequence[int],
        skirmish: int,
        rng_state: int,
        start: int,
        **options: int,
    ) -> None:
        n = len(hands)
        self._setup(cards, n, rng_state, options)
        for what, piles in (
            ("draw_piles", draw_piles),
            ("discard_piles", discard_piles),
            ("played_guerrilla", played_guerrilla),
            ("support_penalty", support_penalty),
            ("spy_first", spy_first),
            ("in_game", in_game),
        ):
            if len(piles) != n:
                raise ValueError(f"{what} needs one entry per seat ({n}), got {len(piles)}")
        self._hands = [[_ints(c, 0, 51, "a card") for c in pile] for pile in hands]
        self._draw = [[_ints(c, 0, 51, "a card") for c in pile] for pile in draw_piles]
        self._discard = [[_ints(c, 0, 51, "a card") for c in pile] for pile in discard_piles]
        self._removed = [_ints(c, 0, 51, "a card") for c in removed]
        every = [c for zone in (self._hands, self._draw, self._discard) for p in zone for c in p]
        every += self._removed
        if len(set(every)) != len(every):
            raise ValueError("a card appears more than once in the position")
        self._cards_dealt = len(every)
        self._g = _ints(guerrilla_rank, 2, 6, "guerrilla_rank")
        self._played_g = [_ints(v, 0, 1, "played_guerrilla") for v in played_guerrilla]
        self._penalty = [_ints(v, 0, 1, "support_penalty") for v in support_penalty]
        self._spy = [_ints(v, 0, 1, "spy_first") for v in spy_first]
        self._in_game = [_ints(v, 0, 1, "in_game") for v in in_game]
        self._k = _ints(skirmish, 0, self._max_skirmishes - 1, "skirmish")
        for s in range(n):
            if not self._in_game[s]:
                if self._hands[s] or self._draw[s] or self._discard[s]:
                    raise ValueError(f"seat {s} is out of the game but holds cards")
                self._eliminated_at[s] = 0
        if sum(self._in_game) < 2:
            raise ValueError("a position needs at least 2 players still in the game")
        _ints(start, 0, 2, "start")
        if start == START_PLAY and any(self._in_game[s] and not self._hands[s] for s in range(n)):
            raise ValueError("every seat in the game needs a card in hand at start=2 (Play)")
        if start == START_SKIRMISH:
            self._start_skirmish()
        else:
            self._emit(0, self._k, self._k % n)
            if start == START_DRAW:
                self._draw_step()
            else:
                self._begin_play()

    def _setup(self, cards: Sequence[Any], n: int, rng_state: int, options: dict[str, Any]) -> None:
        """An empty position of ``n`` seats with these options."""
        self._cards = tuple(cards)
        if len(self._cards) != 52:
            raise ValueError(f"cards must be 52 labels, one per card id, got {len(self._cards)}")
        if not 2 <= n <= 4:
            raise ValueError(f"a game has 2 to 4 seats, got {n}")
        self._rng = Rng(_u64(rng_state, "rng_state"))
        o = _options(options)
        self._options = o
        self._ace_low, self._kicker = o["ace_low"], o["kicker"]
        self._max_skirmishes = o["max_skirmishes"]
        self._n = n
        self._hands = [[] for _ in range(n)]
        self._draw = [[] for _ in range(n)]
        self._discard = [[] for _ in range(n)]
        self._removed = []
        self._g = 2
        self._in_game = [1] * n
        self._played_g = [0] * n
        self._penalty = [0] * n
        self._spy = [0] * n
        self._k = 0
        self._phase = PLAY
        self._to_act = 0  # a bit per polled seat
        # The current skirmish (the table).
        self._played = [-1] * n
        self._supports = [-1] * n
        self._tie_rounds: list[list[tuple[int, int, int]]] = []  # (seat, down or -1, up)
        self._first_tied: list[int] = []
        self._tied: list[int] = []
        self._drawn: list[list[int]] = [[] for _ in range(n)]
        self._outcomes = [LOSING] * n
        self._forfeited: list[int] = []
        self._proposer = -1
        self._winners: list[int] = []
        self._picks: list[int] = []
        self._needed = 0
        # Bookkeeping for the end.
        self._clock = 0
        self._eliminated_at = [-1] * n
        self._eliminated_hand = [0] * n
        self._cards_dealt = 0
        self._termination = -1
        self._result_winners: tuple[int, ...] = ()
        self._placings: tuple[int, ...] = ()
        self._history: list[tuple[int, ...]] = []
        self._events: list[int] = []
        self._legal: list[tuple[int, ...] | None] = [None] * n

    # --- the protocol ------------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return self._n

    @property
    def phase(self) -> int:
        """The phase code (the module docstring)."""
        return self._phase

    @property
    def to_act(self) -> frozenset[int]:
        """The polled seats."""
        return _POLLED[self._to_act]

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self._phase == OVER

    @property
    def termination(self) -> int:
        """The termination code once over (an index of ``guerrilla.TERMINATIONS``), else -1."""
        return self._termination

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once over (empty for a draw)."""
        return self._result_winners

    @property
    def placings(self) -> tuple[int, ...]:
        """Each seat's place once over (1 = best), else ``()``."""
        return self._placings

    @property
    def skirmish(self) -> int:
        """The skirmish index k (completed skirmishes, GT-B1)."""
        return self._k

    @property
    def guerrilla_rank(self) -> int:
        """G."""
        return self._g

    @property
    def cards_dealt(self) -> int:
        """The number of cards in the game."""
        return self._cards_dealt

    @property
    def rng_state(self) -> int:
        """The game RNG's state."""
        return self._rng.state

    @property
    def steps(self) -> int:
        """Steps applied so far."""
        return len(self._history)

    def legal_actions(self, seat: int) -> tuple[int, ...]:
        """Seat ``seat``'s legal actions in the canonical move order (RULINGS §4.5).

        Cards by id; Pass before Propose; Allow, Reject, then Cancel; Pass, then
        Support; TieCards by (down, up); Remove in table order. Unpolled: ``()``.

        Raises:
            ValueError: ``seat`` is not an int seat.
        """
        if type(seat) is not int or not 0 <= seat < self._n:
            raise ValueError(f"a seat is an int 0..{self._n - 1}, got {seat!r}")
        cached = self._legal[seat]
        if cached is None:
            cached = self._build_legal(seat) if self._to_act >> seat & 1 else ()
            self._legal[seat] = cached
        return cached

    def _build_legal(self, s: int) -> tuple[int, ...]:
        phase = self._phase
        hand = sorted(self._hands[s])
        if phase in (PLAY, PLAY_FIRST):
            return tuple(PLAY_BASE + c for c in hand)
        if phase == SUPPORT:
            return (A_PASS, *(SUPPORT_BASE + c for c in hand if self._may_support(s, c)))
        if phase == TIE:
            return self._legal_tie(s)
        if phase == PROPOSE:
            if any(self._is_guerrilla(c) for c in hand):
                return (A_PASS,)
            return (A_PASS, A_PROPOSE)
        if phase == RESPOND:
            vote = (A_REJECT,) if self._options["promotion_acceptance"] else ()
            return (A_ALLOW, *vote, *(CANCEL + c for c in hand if self._is_guerrilla(c)))
        if phase == REMOVE:
            return tuple(REMOVE_BASE + c for _, c, _ in self._table() if c not in self._picks)
        return ()

    def _legal_tie(self, s: int) -> tuple[int, ...]:
        mode = self._options["tie_cards"]  # 0 any_from_hand, 1 drawn_only, 2 blind
        drawn = self._drawn[s]
        cards = drawn if mode != 0 and drawn else self._hands[s]
        if mode == 2:
            # No choice: the first card face down, the second face up (GT-A18 alt).
            if len(cards) >= 2:
                return (TIE_BASE + 53 * cards[1] + cards[0],)
            return (TIE_BASE + 53 * cards[0] + NO_CARD,)
        if len(cards) == 1:
            return (TIE_BASE + 53 * cards[0] + NO_CARD,)
        ordered = sorted(cards)
        return tuple(TIE_BASE + 53 * up + down for down in ordered for up in ordered if up != down)

    def _may_support(self, s: int, card: int) -> bool:
        rule = self._options["support_rule"]  # 0 improve_vs_current, 1 stronger, 2 any
        if rule == 2:
            return True
        stronger = self._strength2(self._played[s], card)
        if rule == 1:
            return stronger > self._strength_of(s)
        # GT-8.2: strictly better on lose < tie < win against everyone's current combination.
        best_other = max(
            self._strength_of(o) for o in range(self._n) if o != s and self._played[o] >= 0
        )
        return self._against(stronger, best_other) > self._outcomes[s]

    @staticmethod
    def _against(strength: int, best_other: int) -> int:
        if strength > best_other:
            return WINNING
        return TIED if strength == best_other else LOSING

    def apply_actions(self, actions: object) -> bool:
        """Perform one step if ``actions`` is exactly right, else change nothing.

        Right means: a ``dict`` whose keys are exactly :attr:`to_act`, as plain ``int``
        seats, each mapped to a plain ``int`` among that seat's :meth:`legal_actions`.
        Returns whether the step was performed (the face explains a refusal).
        """
        if type(actions) is not dict or self._phase == OVER:
            return False
        if len(actions) != bin(self._to_act).count("1"):
            return False
        chosen = [-1] * self._n
        for seat, action in actions.items():
            if type(seat) is not int or type(action) is not int:
                return False
            if not 0 <= seat < self._n or not self._to_act >> seat & 1:
                return False
            if action not in self.legal_actions(seat):
                return False
            chosen[seat] = action
        self._history.append(tuple(chosen))
        self._events = []
        self._legal = [None] * self._n
        self._step(chosen)
        return True

    def events(self) -> tuple[int, ...]:
        """The last step's events as ints (the table in the module docstring); before the
        first step, those of the run to the first poll."""
        return tuple(self._events)

    def history(self) -> tuple[tuple[int, ...], ...]:
        """Every step's actions by seat, -1 for a seat that was not polled."""
        return tuple(self._history)

    def _step(self, chosen: list[int]) -> None:
        """One step: the polled seats' actions, ascending by seat (-1: not polled)."""
        phase = self._phase
        seats = [s for s in range(self._n) if chosen[s] >= 0]
        if phase in (PLAY, PLAY_FIRST):
            self._on_play(seats, chosen, phase == PLAY_FIRST)
        elif phase == SUPPORT:
            self._on_support(seats, chosen)
        elif phase == TIE:
            self._on_tie(seats, chosen)
        elif phase == PROPOSE:
            self._on_propose(seats, chosen)
        elif phase == RESPOND:
            self._on_respond(seats, chosen)
        else:
            self._on_remove(chosen[self._winners[0]])

    # --- shared by the legal moves and the steps -------------------------------------
    def _emit(self, *ints: int) -> None:
        self._events += ints

    def _is_guerrilla(self, card: int) -> bool:
        return _rank(card) <= self._g

    def _strength2(self, a: int, b: int) -> int:
        """The strength of ``a`` alone (``b`` -1) or of the pair ``a b`` (GT-8.4)."""
        cards = [a] if b < 0 else [a, b]
        return guerrilla_strength(cards, self._g, bool(self._kicker), bool(self._ace_low))

    def _strength_of(self, s: int) -> int:
        """Seat ``s``'s combination on the table (its played card and support), -1 if none."""
        return -1 if self._played[s] < 0 else self._strength2(self._played[s], self._supports[s])

    def _table(self) -> list[tuple[int, int, bool]]:
        """The table in table order (GT-12) as (seat, card, was face up)."""
        order = [(s, c, True) for s, c in enumerate(self._played) if c >= 0]
        order += [(s, c, True) for s, c in enumerate(self._supports) if c >= 0]
        for tie_round in self._tie_rounds:
            for s, down, up in tie_round:
                if down >= 0:
                    order.append((s, down, False))
                order.append((s, up, True))
        return order

    def _poll(self, phase: int, seats: list[int]) -> None:
        self._phase = phase
        self._to_act = sum(1 << s for s in seats)

    def _active(self) -> list[int]:
        return [s for s in range(self._n) if self._in_game[s]]

    # --- GT-4 promotion window ------------------------------------------------------
    def _start_skirmish(self) -> None:
        self._emit(0, self._k, self._k % self._n)
        if self._options["promotion_timing"] == 0 and self._window_opens():
            self._poll(PROPOSE, self._active())
            return
        self._draw_step()

    def _window_opens(self) -> bool:
        # GT-4.1: G < 6 and every player still in has played a Guerrilla.
        return self._g < 6 and all(self._played_g[s] for s in self._active())

    def _on_propose(self, seats: list[int], chosen: list[int]) -> None:
        proposers = [s for s in seats if chosen[s] == A_PROPOSE]
        if not proposers:
            self._after_promotion()
            return
        lead = self._k % self._n  # GT-B4: the original seat count
        proposer = min(proposers, key=lambda s: (s - lead) % self._n)
        self._proposer = proposer
        self._emit(1, proposer, len(proposers), *proposers)
        self._poll(RESPOND, [s for s in self._active() if s != proposer])

    def _on_respond(self, seats: list[int], chosen: list[int]) -> None:
        proposer = self._proposer
        reveals = [(s, chosen[s] - CANCEL) for s in seats if chosen[s] >= CANCEL]
        rejecters = [s for s in seats if chosen[s] == A_REJECT]
        if not reveals and not rejecters:
            self._g += 1
            self._emit(2, self._g)
            if self._options["promotion_wave_reset"]:
                self._played_g = [0] * self._n
        else:
            self._emit(3, len(reveals), *(i for pair in reveals for i in pair))
            self._emit(len(rejecters), *rejecters)
            # GT-4.6: cancellers recruit clockwise from the proposer; the revealed card
            # never leaves the hand (it is now public through the events).
            recruiters = sorted((s for s, _ in reveals), key=lambda s: (s - proposer) % self._n)
            if not self._options["all_cancellers_recruit"]:
                recruiters = recruiters[:1]
            for s in recruiters:
                self._recruit(s, proposer)
        self._proposer = -1
        self._after_promotion()

    def _recruit(self, s: int, source: int) -> None:
        taken = 0
        for _ in range(self._g):
            if not self._draw[source]:
                if not self._options["recruit_shortfall"] or not self._discard[source]:
                    break
                self._reshuffle(source)
            self._discard[s].append(self._draw[source].pop(0))
            taken += 1
        self._emit(4, s, source, taken)

    def _after_promotion(self) -> None:
        if self._options["promotion_timing"] == 0:
            self._draw_step()
        else:
            self._begin_play()

    # --- GT-5 draw ------------------------------------------------------------------
    def _reshuffle(self, s: int) -> None:
        pile = self._discard[s]
        self._discard[s] = []
        self._rng.shuffle(pile)
        self._draw[s] = pile
        self._emit(5, s, len(pile))

    def _draw_cards(self, s: int, count: int) -> int:
        """Draw up to ``count`` cards one at a time, reshuffling when needed (GT-5.2)."""
        got = 0
        for _ in range(count):
            if not self._draw[s]:
                if not self._discard[s]:
                    break
                self._reshuffle(s)
            card = self._draw[s].pop(0)
            self._hands[s].append(card)
            self._drawn[s].append(card)
            got += 1
        if got:
            self._emit(6, s, got)
        return got

    def _draw_step(self) -> None:
        o = self._options
        out = []
        for s in self._active():
            if self._penalty[s]:
                need = 1
            elif o["draw_mode"] == 0:  # fill_to_two
                need = max(0, 2 - len(self._hands[s]))
            else:
                need = 2
            if need == 0:
                continue
            got = self._draw_cards(s, need)
            # GT-5.3: must draw and cannot (the alternative rule: only with an empty hand).
            if got == 0 and (o["elimination_rule"] == 0 or not self._hands[s]):
                out.append(s)
        self._penalty = [0] * self._n
        self._drawn = [[] for _ in range(self._n)]
        if out:
            self._eliminate(out)
        if sum(self._in_game) <= 1:
            self._end_by_elimination()
            return
        if o["promotion_timing"] == 1 and self._window_opens():
            self._poll(PROPOSE, self._active())
            return
        self._begin_play()

    def _eliminate(self, seats: list[int]) -> None:
        self._clock += 1
        to_spoils = self._options["eliminated_cards_to"] == 1
        for s in seats:
            hand = self._hands[s]
            self._in_game[s] = 0
            self._eliminated_at[s] = self._clock
            self._eliminated_hand[s] = len(hand)
            (self._forfeited if to_spoils else self._removed).extend(hand)
            self._emit(7, s, len(hand), *hand)
            self._hands[s] = []

    # --- GT-6 play, GT-7 evaluate, GT-8 support, GT-9 re-evaluate ----------------------
    def _begin_play(self) -> None:
        active = self._active()
        first = [s for s in active if self._spy[s]]
        self._poll(PLAY_FIRST if first else PLAY, first or active)

    def _on_play(self, seats: list[int], chosen: list[int], first: bool) -> None:
        for s in seats:
            card = chosen[s] - PLAY_BASE
            self._hands[s].remove(card)
            self._played[s] = card
            self._emit(8, s, card, int(first))
        if first:
            others = [s for s in self._active() if not self._spy[s]]
            if others:
                self._poll(PLAY, others)
                return
        self._evaluate()
        self._open_support()

    def _evaluate(self) -> list[int]:
        """Every seat's outcome (GT-7, GT-9), emitted; -1 for a seat not in it."""
        strengths = [self._strength_of(s) for s in range(self._n)]
        best = max(strengths)
        leaders = sum(1 for v in strengths if v == best and v >= 0)
        outcomes = [
            ABSENT if v < 0 else (WINNING if leaders == 1 else TIED) if v == best else LOSING
            for v in strengths
        ]
        self._outcomes = outcomes
        self._emit(10, self._n, *outcomes)
        return outcomes

    def _open_support(self) -> None:
        eligible = [
            s
            for s in self._active()
            if self._outcomes[s] in (LOSING, TIED) and self._supports[s] < 0 and self._hands[s]
        ]
        if eligible:
            self._poll(SUPPORT, eligible)
        else:
            self._after_support()

    def _on_support(self, seats: list[int], chosen: list[int]) -> None:
        supported = False
        for s in seats:
            if chosen[s] >= SUPPORT_BASE:
                card = chosen[s] - SUPPORT_BASE
                self._hands[s].remove(card)
                self._supports[s] = card
                self._penalty[s] = 1
                self._emit(9, s, card)
                supported = True
        if supported and self._options["support_cascade"]:
            self._evaluate()
            self._open_support()
            return
        self._after_support()

    def _after_support(self) -> None:
        outcomes = self._evaluate()
        leaders = [s for s in range(self._n) if outcomes[s] in (WINNING, TIED)]
        if len(leaders) == 1:
            self._skirmish_decided(leaders)
            return
        self._first_tied = leaders
        self._tied = leaders
        self._tie_check()

    # --- GT-10 tie resolution ---------------------------------------------------------
    def _tie_check(self) -> None:
        cannot_play = self._options["elimination_rule"] == 1
        out = [
            s
            for s in self._tied
            if not self._draw[s]
            and not self._discard[s]
            and (not cannot_play or not self._hands[s])
        ]
        if out:
            self._eliminate(out)
        left = [s for s in self._tied if self._in_game[s]]
        self._tied = left
        if len(left) <= 1:
            self._skirmish_decided(left)
            return
        self._drawn = [[] for _ in range(self._n)]
        for s in left:
            self._draw_cards(s, 2)
        self._tie_rounds.append([])
        self._poll(TIE, left)

    def _on_tie(self, seats: list[int], chosen: list[int]) -> None:
        tie_round = self._tie_rounds[-1]
        combines = self._options["tie_facedown_role"] == 1
        strengths: dict[int, int] = {}
        for s in seats:
            up, down = divmod(chosen[s] - TIE_BASE, 53)
            if down == NO_CARD:
                down = -1
            hand = self._hands[s]
            if down >= 0:
                hand.remove(down)
                if self._options["tie_facedown_penalty"]:
                    self._penalty[s] = 1
            hand.remove(up)
            tie_round.append((s, down, up))
            self._emit(11, s, up, int(down >= 0))
            strengths[s] = self._strength2(up, down if combines else -1)
        best = max(strengths.values())
        leaders = [s for s, v in strengths.items() if v == best]
        outcome = WINNING if len(leaders) == 1 else TIED
        self._emit(10, self._n)
        for s in range(self._n):
            if s not in strengths:
                self._emit(ABSENT)  # out, or not in this tie round
            else:
                self._emit(outcome if s in leaders else LOSING)
        self._drawn = [[] for _ in range(self._n)]
        if len(leaders) == 1:
            self._skirmish_decided(leaders)
            return
        self._tied = leaders
        self._tie_check()

    # --- GT-11 Loss of Forces, GT-12 spoils, GT-13 spy, GT-14 end ----------------------
    def _skirmish_decided(self, winners: list[int]) -> None:
        """The skirmish has its winner (or none): reveal, flag, Loss of Forces."""
        self._winners = winners
        self._to_act = 0
        for tie_round in self._tie_rounds:
            for s, down, _ in tie_round:
                if down >= 0:
                    self._emit(12, s, down)
        table = self._table()
        # GT-6.3, GT-A27: every Guerrilla put on the table sets its owner's flag (face-down
        # cards too; set now, when they are revealed, so no flag leaks a hidden card).
        for s, card, _ in table:
            if self._is_guerrilla(card):
                self._played_g[s] = 1
        cards = [card for _, card, _ in table]
        lost = len(cards) // 2
        if lost and any(self._is_guerrilla(c) for c in cards):
            if self._options["removal_choice"] == 1 and len(winners) == 1:
                # One card per poll, so the choice stays linear in the size of the table.
                self._picks = []
                self._needed = lost
                self._poll(REMOVE, winners)
                return
            sample = list(cards)
            self._rng.sample_prefix(sample, lost)
            self._forces_lost(sample[:lost])
            return
        self._forces_lost([])

    def _on_remove(self, action: int) -> None:
        self._picks.append(action - REMOVE_BASE)
        if len(self._picks) == self._needed:
            self._forces_lost(self._picks)
        else:
            self._poll(REMOVE, self._winners)

    def _forces_lost(self, lost: list[int]) -> None:
        table = self._table()
        winners = self._winners
        if lost:
            self._removed.extend(lost)
            self._emit(13, len(lost), *lost)
        gone = set(lost)
        rest = [card for _, card, _ in table if card not in gone]
        receivers = winners or self._next_best()
        if receivers:
            shares: dict[int, list[int]] = {s: [] for s in receivers}
            for i, card in enumerate(rest):
                shares[receivers[i % len(receivers)]].append(card)
            shares[receivers[0]].extend(self._forfeited)
            for s in receivers:
                self._discard[s].extend(shares[s])
                self._emit(14, s, len(shares[s]), *shares[s])
        else:
            rest += self._forfeited
            self._removed.extend(rest)
            self._emit(14, -1, len(rest), *rest)
        self._forfeited = []
        # GT-13: a winner captured a spy if another player's 7 was face up on the table.
        self._spy = [0] * self._n
        for w in winners:
            if any(s != w and up and _rank(c) == 7 for s, c, up in table):
                self._spy[w] = 1
        self._emit(15, self._k, len(winners), *winners)
        for w in winners:
            if self._spy[w]:
                self._emit(16, w)
        self._played = [-1] * self._n
        self._supports = [-1] * self._n
        self._tie_rounds = []
        self._first_tied = []
        self._tied = []
        self._winners = []
        self._picks = []
        self._needed = 0
        self._outcomes = [LOSING] * self._n
        self._k += 1
        if sum(self._in_game) <= 1:
            self._end_by_elimination()
        elif self._k >= self._max_skirmishes:
            self._end_at_cap()
        else:
            self._start_skirmish()

    def _next_best(self) -> list[int]:
        """GT-A25 alt ``next_best``: the best players outside the tie take unowned spoils."""
        if not self._options["no_winner_spoils"]:
            return []
        others = [s for s in self._active() if s not in self._first_tied and self._played[s] >= 0]
        if not others:
            return []
        strengths = {s: self._strength_of(s) for s in others}
        best = max(strengths.values())
        return [s for s in others if strengths[s] == best]

    def _end_by_elimination(self) -> None:
        left = self._active()
        if left:
            winners = left
            termination = LAST_PLAYER
            if self._forfeited:
                self._discard[left[0]].extend(self._forfeited)
                self._emit(14, left[0], len(self._forfeited), *self._forfeited)
        else:
            last = [s for s in range(self._n) if self._eliminated_at[s] == self._clock]
            winners = []
            termination = ALL_ELIMINATED
            if self._options["simultaneous_elimination"]:
                winners = _unique_max(last, self._eliminated_hand)
            if self._forfeited:
                self._removed.extend(self._forfeited)
                self._emit(14, -1, len(self._forfeited), *self._forfeited)
        self._forfeited = []
        self._end(termination, winners)

    def _end_at_cap(self) -> None:
        winners: list[int] = []
        if self._options["cap_result"]:
            sizes = [
                len(self._hands[s]) + len(self._draw[s]) + len(self._discard[s])
                for s in range(self._n)
            ]
            winners = _unique_max(self._active(), sizes)
        self._end(MAX_SKIRMISHES, winners)

    def _end(self, termination: int, winners: list[int]) -> None:
        # Winners first, then the later a seat went out the better (still in: best).
        keys = [
            (s in winners, 2**40 if self._eliminated_at[s] < 0 else self._eliminated_at[s])
            for s in range(self._n)
        ]
        self._placings = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
        self._result_winners = tuple(winners)
        self._termination = termination
        self._phase = OVER
        self._to_act = 0
        self._emit(17, termination)

    # --- readable state ----------------------------------------------------------------
    def _labels(self, ids: Sequence[int]) -> tuple[Any, ...]:
        cards = self._cards
        return tuple([cards[c] for c in ids])

    def hands(self) -> tuple[tuple[Any, ...], ...]:
        """Every hand, in arrival order, as labels."""
        return tuple(self._labels(h) for h in self._hands)

    def hand(self, seat: int) -> tuple[Any, ...]:
        """Seat ``seat``'s hand, in arrival order."""
        if not 0 <= seat < self._n:
            raise ValueError(f"a seat is an int 0..{self._n - 1}, got {seat!r}")
        return self._labels(self._hands[seat])

    def draw_piles(self) -> tuple[tuple[Any, ...], ...]:
        """Every draw pile, top first."""
        return tuple(self._labels(p) for p in self._draw)

    def discard_piles(self) -> tuple[tuple[Any, ...], ...]:
        """Every discard pile, in arrival order."""
        return tuple(self._labels(p) for p in self._discard)

    def removed(self) -> tuple[Any, ...]:
        """The removed pile, in arrival order."""
        return self._labels(self._removed)

    def table(self) -> tuple[Any, ...]:
        """The table in table order, then the forfeited hands bound for the spoils."""
        return self._labels([c for _, c, _ in self._table()] + self._forfeited)

    def tie_rounds(self) -> tuple[tuple[tuple[int, Any, Any], ...], ...]:
        """Per tie round, (seat, face-up card, face-down card or None)."""
        cards = self._cards
        return tuple(
            tuple((s, cards[up], None if down < 0 else cards[down]) for s, down, up in rnd)
            for rnd in self._tie_rounds
        )

    def flags(self) -> tuple[tuple[bool, ...], ...]:
        """Per seat: in the game, played a Guerrilla, support penalty, spy first."""
        return tuple(
            tuple(v != 0 for v in flags)
            for flags in (self._in_game, self._played_g, self._penalty, self._spy)
        )

    def view(self) -> tuple[Any, ...]:
        """The public part of every seat's observation (GT-15), in the observation's order:
        G, k, the four flags per seat, the hand, draw and discard sizes, the removed pile,
        the played and support cards (None: none), the tie rounds as (seat, face-up card,
        has a face-down card), and the proposer (None outside the response poll)."""
        cards = self._cards
        in_game, played_g, penalty, spy = self.flags()
        return (
            self._g,
            self._k,
            in_game,
            played_g,
            penalty,
            spy,
            tuple(len(h) for h in self._hands),
            tuple(len(p) for p in self._draw),
            tuple(len(p) for p in self._discard),
            self._labels(self._removed),
            tuple(None if c < 0 else cards[c] for c in self._played),
            tuple(None if c < 0 else cards[c] for c in self._supports),
            tuple(
                tuple((s, cards[up], down >= 0) for s, down, up in rnd) for rnd in self._tie_rounds
            ),
            None if self._proposer < 0 else self._proposer,
        )

    # --- copying, equality, pickling ---------------------------------------------------
    def copy(self) -> GuerrillaMachine:
        """An independent copy."""
        other = object.__new__(GuerrillaMachine)
        other.__dict__.update(self.__dict__)
        for name in ("_hands", "_draw", "_discard", "_drawn", "_tie_rounds"):
            setattr(other, name, [list(v) for v in getattr(self, name)])
        for name in (
            "_removed", "_in_game", "_played_g", "_penalty", "_spy", "_played", "_supports",
            "_first_tied", "_tied", "_outcomes", "_forfeited", "_winners", "_picks",
            "_eliminated_at", "_eliminated_hand", "_history", "_events", "_legal",
        ):  # fmt: skip
            setattr(other, name, list(getattr(self, name)))
        other._rng = self._rng.copy()
        return other

    def key(self) -> tuple[Any, ...]:
        """Everything that defines the position, as ints (equal positions, equal keys)."""
        return (
            self._n,
            tuple(self._options[name] for name, _, _ in OPTIONS),
            tuple(tuple(h) for h in self._hands),
            tuple(tuple(p) for p in self._draw),
            tuple(tuple(p) for p in self._discard),
            tuple(self._removed),
            (self._g, self._k, self._phase, self._to_act, self._proposer, self._needed),
            (self._clock, self._cards_dealt, self._termination),
            tuple(self._in_game),
            tuple(self._played_g),
            tuple(self._penalty),
            tuple(self._spy),
            tuple(self._played),
            tuple(self._supports),
            tuple(self._outcomes),
            tuple(self._eliminated_at),
            tuple(self._eliminated_hand),
            tuple(tuple(v for place in rnd for v in place) for rnd in self._tie_rounds),
            tuple(self._first_tied),
            tuple(self._tied),
            tuple(tuple(d) for d in self._drawn),
            tuple(self._forfeited),
            tuple(self._winners),
            tuple(self._picks),
            self._result_winners,
            self._placings,
            self._rng.state,
            tuple(self._history),
            tuple(self._events),
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (_guerrilla_machine_from_key, (self._cards, self.key()))


def _unique_max(seats: list[int], values: list[int]) -> list[int]:
    """The one seat with the greatest value (as a list), or none when several share it."""
    if not seats:
        return []
    best = max(values[s] for s in seats)
    top = [s for s in seats if values[s] == best]
    return top if len(top) == 1 else []


def guerrilla_deal(
    cards: Sequence[Any], players: int, seed: int, **options: int
) -> GuerrillaMachine:
    """Deal from ``seed`` (GT-2): each seat, lowest first, shuffles its own cards (in id
    order: seat ``s`` the suit ``s``; ``two_suit_variant``: seat 0 ♦♥, seat 1 ♣♠) into its
    draw pile with the game RNG; then the first skirmish runs to its first poll."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"players must be 2..4, got {players!r}")
    machine = object.__new__(GuerrillaMachine)
    machine._setup(cards, players, _u64(seed, "seed"), options)
    if machine._options["two_suit_variant"]:
        if players != 2:
            raise ValueError("two_suit_variant is for 2 players")
        own = [list(range(13, 39)), list(range(13)) + list(range(39, 52))]
    else:
        own = [list(range(13 * s, 13 * s + 13)) for s in range(players)]
    for s in range(players):
        machine._rng.shuffle(own[s])
        machine._draw[s] = own[s]
    machine._cards_dealt = sum(len(p) for p in own)
    machine._start_skirmish()
    return machine


def _guerrilla_machine_from_key(cards: Sequence[Any], key: tuple[Any, ...]) -> GuerrillaMachine:
    """Rebuild a machine from :meth:`GuerrillaMachine.key`, checking every value."""
    if not isinstance(key, tuple) or len(key) != 29:
        raise ValueError("a machine key is a tuple of 29 parts")
    n = _ints(key[0], 2, 4, "players")
    options = key[1]
    if len(options) != len(OPTIONS):
        raise ValueError(f"a machine key has {len(OPTIONS)} options, got {options!r}")
    machine = object.__new__(GuerrillaMachine)
    machine._setup(
        cards, n, key[26], {name: v for (name, _, _), v in zip(OPTIONS, options, strict=True)}
    )
    _check_restored(n, key)
    m = machine
    m._hands, m._draw, m._discard = ([list(p) for p in key[i]] for i in (2, 3, 4))
    m._removed = list(key[5])
    m._g, m._k, m._phase, m._to_act, m._proposer, m._needed = key[6]
    m._clock, m._cards_dealt, m._termination = key[7]
    m._in_game, m._played_g, m._penalty, m._spy = (list(key[i]) for i in (8, 9, 10, 11))
    m._played, m._supports, m._outcomes = (list(key[i]) for i in (12, 13, 14))
    m._eliminated_at, m._eliminated_hand = list(key[15]), list(key[16])
    m._tie_rounds = [[tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)] for flat in key[17]]
    m._first_tied, m._tied = list(key[18]), list(key[19])
    m._drawn = [list(d) for d in key[20]]
    m._forfeited, m._winners, m._picks = list(key[21]), list(key[22]), list(key[23])
    m._result_winners, m._placings = tuple(key[24]), tuple(key[25])
    m._history = [tuple(step) for step in key[27]]
    m._events = list(key[28])
    return m


def _check_restored(n: int, key: tuple[Any, ...]) -> None:
    """Raise ValueError unless ``key`` is a machine key of ``n`` seats with sane values."""
    every: list[int] = []
    for i in (2, 3, 4):
        if len(key[i]) != n:
            raise ValueError("a machine key has one pile per seat")
        for pile in key[i]:
            every.extend(_ints(c, 0, 51, "a card") for c in pile)
    every.extend(_ints(c, 0, 51, "a card") for c in key[5])
    table = [c for c in (*key[12], *key[13]) if _ints(c, -1, 51, "a table card") >= 0]
    if len(key[17]) > 26:
        raise ValueError("a skirmish has at most 26 tie rounds")
    for flat in key[17]:
        if len(flat) % 3:
            raise ValueError("a tie placement is (seat, down, up)")
        for i in range(0, len(flat), 3):
            _ints(flat[i], 0, n - 1, "a seat")
            if _ints(flat[i + 1], -1, 51, "a card") >= 0:
                table.append(flat[i + 1])
            table.append(_ints(flat[i + 2], 0, 51, "a card"))
    every += table + [_ints(c, 0, 51, "a card") for c in key[21]]
    if len(set(every)) != len(every):
        raise ValueError("a card appears more than once")
    g, k, phase, to_act, proposer, needed = key[6]
    _ints(g, 2, 6, "guerrilla_rank")
    _ints(k, 0, 10**9, "skirmish")
    _ints(phase, 0, 7, "phase")
    _ints(to_act, 0, (1 << n) - 1, "to_act")
    _ints(proposer, -1, n - 1, "proposer")
    _ints(needed, 0, 52, "needed")
    clock, dealt, termination = key[7]
    _ints(clock, 0, 2**30, "clock")
    _ints(dealt, 0, 52, "cards_dealt")
    _ints(termination, -1, 2, "termination")
    for i in range(8, 17):
        if len(key[i]) != n:
            raise ValueError("a machine key has one value per seat")
        for v in key[i]:
            _ints(v, -1, 2**30, "a value per seat")
    for i in (18, 19, 22, 24):
        if len(key[i]) > n:
            raise ValueError("a machine key lists each seat at most once")
        for s in key[i]:
            _ints(s, 0, n - 1, "a seat")
    if len(key[25]) not in (0, n):
        raise ValueError("a machine key has a place per seat, or none")
    for v in key[25]:
        _ints(v, 1, n, "a place")
    if len(key[20]) != n:
        raise ValueError("a machine key has one drawn list per seat")
    for seat, drawn in enumerate(key[20]):
        # The cards drawn in this step are still in the hand (see _legal_tie).
        if len(set(drawn)) != len(drawn) or not set(drawn) <= set(key[2][seat]):
            raise ValueError("a seat's cards drawn this step are distinct cards of its hand")
    if len(set(key[23])) != len(key[23]) or not set(key[23]) <= set(table):
        raise ValueError("the picked cards are distinct cards of the table")
    for step in key[27]:
        if len(step) != n:
            raise ValueError("a history step holds one action per seat")
        for action in step:
            _ints(action, -1, 2967, "a history action")
    if len(key[28]) > 1024:
        raise ValueError("a step has at most 1024 event ints")
    for v in key[28]:
        _ints(v, -(2**31), 2**31 - 1, "an event int")
