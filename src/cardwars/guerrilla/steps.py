"""Guerrilla's position and rule steps on ints: the pure-Python twin of ``_steps.pxi``.

:class:`GuerrillaRules` holds a game of WAR: Guerrilla Tactics as ints and performs
its rule steps, clause by clause (GT-4 to GT-14), each method the twin of the C
function of the same name with a ``_gt_`` prefix in ``_steps.pxi`` (``_on_tie`` is
``_gt_on_tie``); :class:`~cardwars.guerrilla.machine.GuerrillaMachine` adds the protocol
the face uses (legal actions, a validated step, the views, copies and keys). The two are
split only to keep each file readable; read this one for the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardwars.core_rng import Rng, _check_u64
from cardwars.guerrilla.strength import guerrilla_strength

__all__: list[str] = []  # the machine's methods are the public names

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


def _ints(value: object, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be an int in [{low}, {high}], got {value!r}")
    return value


def _rank(card: int) -> int:
    return card % 13 + 2


class GuerrillaRules:
    """A Guerrilla position on ints and its rule steps (the machine's base)."""

    _hands: list[list[int]]
    _draw: list[list[int]]
    _discard: list[list[int]]
    _removed: list[int]

    def _setup(self, cards: Sequence[Any], n: int, rng_state: int, options: dict[str, Any]) -> None:
        """An empty position of ``n`` seats with these options."""
        self._cards = tuple(cards)
        if len(self._cards) != 52:
            raise ValueError(f"cards must be 52 labels, one per card id, got {len(self._cards)}")
        if not 2 <= n <= 4:
            raise ValueError(f"a game has 2 to 4 seats, got {n}")
        self._rng = Rng(_check_u64(rng_state, "rng_state"))
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
            if self._is_guerrilla(card):
                self._played_g[s] = 1  # GT-6.3: a face-up Guerrilla marks its player now
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
                if self._is_guerrilla(card):
                    self._played_g[s] = 1  # GT-6.3: a face-up Guerrilla marks its player now
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
            if self._is_guerrilla(up):
                self._played_g[s] = 1  # GT-6.3 (a face-down one: when revealed)
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
        # GT-6.3, GT-A27: the face-down Guerrillas set their owners' flags now, when they are
        # revealed, so no flag leaks a hidden card (the face-up ones did when played).
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


def _unique_max(seats: list[int], values: list[int]) -> list[int]:
    """The one seat with the greatest value (as a list), or none when several share it."""
    if not seats:
        return []
    best = max(values[s] for s in seats)
    top = [s for s in seats if values[s] == best]
    return top if len(top) == 1 else []
