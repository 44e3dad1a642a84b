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

from array import array
from collections.abc import Sequence
from typing import Any

from cardwars import exclusive
from cardwars.core_envs import _actions_by_key, _block
from cardwars.core_rng import Rng, _check_u64
from cardwars.core_values import MoveKeys, moves_of_actions
from cardwars.guerrilla.policy import GuerrillaPolicy
from cardwars.guerrilla.restore import _check_restored
from cardwars.guerrilla.steps import (
    _POLLED,
    A_ALLOW,
    A_PASS,
    A_PROPOSE,
    A_REJECT,
    CANCEL,
    NO_CARD,
    NUM_ACTIONS,
    OPTIONS,
    OVER,
    PLAY,
    PLAY_BASE,
    PLAY_FIRST,
    PROPOSE,
    REMOVE,
    REMOVE_BASE,
    RESPOND,
    START_DRAW,
    START_PLAY,
    START_SKIRMISH,
    SUPPORT,
    SUPPORT_BASE,
    TIE,
    TIE_BASE,
    _ints,
)
from cardwars.guerrilla.tables import GuerrillaFaces, GuerrillaKey, GuerrillaViewFaces
from cardwars.guerrilla.views import event_objects

__all__ = ["GuerrillaMachine", "guerrilla_deal"]


class GuerrillaMachine(GuerrillaPolicy):
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

    @exclusive.read
    def legal_actions(self, seat: int) -> tuple[int, ...]:
        """Seat ``seat``'s legal actions in the canonical move order (:ref:`canonical-move-order`).

        Cards by id; Pass before Propose; Allow, Reject, then Cancel; Pass, then
        Support; TieCards by (down, up); Remove in table order. Unpolled: ``()``.

        Raises:
            ValueError: ``seat`` is not an int seat.
        """
        if type(seat) is not int or not 0 <= seat < self._n:
            raise ValueError(f"a seat is a plain int 0..{self._n - 1}")
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

    @exclusive.read
    def legal_moves(self, seat: int, own: tuple[Any, ...]) -> tuple[Any, ...]:
        """The entries of ``own`` (the face's move objects, by action) for
        :meth:`legal_actions`, in their order.

        Raises:
            ValueError: ``seat`` is not a seat, or ``own`` has no entry for an action.
        """
        return moves_of_actions(own, self.legal_actions(seat))

    @exclusive.step
    def apply_actions(self, actions: object) -> bool:
        """Perform one step if ``actions`` is exactly right, else change nothing.

        Right means: a ``dict`` whose keys are exactly :attr:`to_act`, as plain ``int``
        seats, each mapped to a plain ``int`` among that seat's :meth:`legal_actions`.
        Returns whether the step was performed (the face explains a refusal).
        """
        return self._apply_actions(actions)

    def _apply_actions(self, actions: object) -> bool:
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

    @exclusive.step
    def apply_moves(self, moves: object, keys: object) -> bool:
        """:meth:`apply_actions` from move objects, each move's action found by ``keys``
        (the face's action space's :class:`~cardwars.core_values.MoveKeys`: its
        own objects by identity, equal values by their fields; anything else: False)."""
        actions = keys.actions_of(moves) if type(keys) is MoveKeys else None
        return actions is not None and self._apply_actions(actions)

    @exclusive.read
    def observation(self, seat: int, faces: GuerrillaViewFaces, rules: object) -> object:
        """What ``seat`` may know, as the face's object: ``faces.observation`` of the seat,
        ``faces.phases[phase]``, :attr:`to_act`, its :meth:`hand`, the public facts of
        :meth:`view` and ``rules``."""
        if type(seat) is not int or not 0 <= seat < self._n:
            raise ValueError(f"a seat is a plain int 0..{self._n - 1}")
        return faces.observation(
            seat, faces.phases[self._phase], self.to_act, self.hand(seat), *self.view(), rules
        )

    @exclusive.read
    def event_objects(self, faces: GuerrillaFaces, result: object) -> tuple[object, ...]:
        """The last step's events as the face's objects, from its table ``faces``
        (:func:`~cardwars.guerrilla.views.event_objects` documents it)."""
        return event_objects(self._events, faces, result)

    @exclusive.read
    def events(self) -> tuple[int, ...]:
        """The last step's events as ints (the table in the module docstring); before the
        first step, those of the run to the first poll."""
        return tuple(self._events)

    @exclusive.read
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

    # --- built-in policies for search (cardwars.ismcts) ---------------------------------
    @exclusive.read
    def greedy_action(self, seat: int) -> int:
        """``guerrilla.GreedyAgent``'s choice for ``seat`` as an action (-1 if not polled).

        The same heuristic as the agent (and as the compiled batch loop's greedy agent),
        on ints: among the legal actions, in their canonical order, the first with the
        greatest key, where a key is (primary, secondary) compared in turn:

        * Propose and respond: the first Propose or Cancel, else the first action.
        * Play: with no other card showing, the card's strength; else (the outcome
          against the best card showing, minus the card's strength).
        * Support: passing is (outcome now, 0); a support that improves the outcome
          is (new outcome, minus the card's strength), any other is below them all.
        * Tie: (strength of the face-up card, with the face-down one under
          ``tie_facedown_role="combines"``, minus the face-down card's strength).
        * Remove: minus the card's strength.

        Raises:
            ValueError: ``seat`` is not an int seat.
        """
        legal = self.legal_actions(seat)
        if not legal:
            return -1
        return legal[self._greedy_index(seat, legal)]

    @exclusive.step
    def rollout(
        self, agents: tuple[int, ...], rng_state: int, explore: int = 0, max_steps: int = -1
    ) -> int:
        """Play on to the end (or ``max_steps`` steps) with built-in agents; return the
        RNG state after.

        ``agents`` holds a code per seat, 0 random and 1 greedy (:meth:`greedy_action`).
        One RNG, started at ``rng_state``, serves every seat: at each step the polled
        seats choose in ascending order; a random seat picks ``legal[below(len(legal))]``;
        a greedy seat first draws ``below(1000)`` when ``explore`` (0..1000) is not 0,
        and plays at random (as above) when that is below ``explore``. The steps are
        recorded as :meth:`apply_actions` records them (history, events). The game's
        own RNG only serves the game's chance, as in every step.

        Raises:
            ValueError: ``agents``, ``rng_state``, ``explore`` or ``max_steps`` out of range.
        """
        n = self._n
        if type(agents) is not tuple or len(agents) != n:
            raise ValueError(f"agents needs a tuple of one code per seat ({n}), got {agents!r}")
        if any(type(code) is not int or code not in (0, 1) for code in agents):
            raise ValueError(f"agent codes are 0 (random) and 1 (greedy), got {agents!r}")
        rng = Rng(_check_u64(rng_state, "rng_state"))
        _ints(explore, 0, 1000, "explore")
        if type(max_steps) is not int or max_steps < -1:
            raise ValueError(f"max_steps must be an int >= -1, got {max_steps!r}")
        done = 0
        while self._phase != OVER and done != max_steps:
            chosen = {}
            for s in range(n):
                if not self._to_act >> s & 1:
                    continue
                legal = self.legal_actions(s)
                if agents[s] and (explore == 0 or rng.below(1000) >= explore):
                    chosen[s] = legal[self._greedy_index(s, legal)]
                else:
                    chosen[s] = legal[rng.below(len(legal))]
            performed = self._apply_actions(chosen)
            assert performed
            done += 1
        return rng.state

    # --- readable state ----------------------------------------------------------------
    def _labels(self, ids: Sequence[int]) -> tuple[Any, ...]:
        cards = self._cards
        return tuple([cards[c] for c in ids])

    @exclusive.read
    def hands(self) -> tuple[tuple[Any, ...], ...]:
        """Every hand, in arrival order, as labels."""
        return tuple(self._labels(h) for h in self._hands)

    @exclusive.read
    def hand(self, seat: int) -> tuple[Any, ...]:
        """Seat ``seat``'s hand, in arrival order."""
        if not 0 <= seat < self._n:
            raise ValueError(f"a seat is a plain int 0..{self._n - 1}")
        return self._labels(self._hands[seat])

    @exclusive.read
    def draw_piles(self) -> tuple[tuple[Any, ...], ...]:
        """Every draw pile, top first."""
        return tuple(self._labels(p) for p in self._draw)

    @exclusive.read
    def discard_piles(self) -> tuple[tuple[Any, ...], ...]:
        """Every discard pile, in arrival order."""
        return tuple(self._labels(p) for p in self._discard)

    @exclusive.read
    def removed(self) -> tuple[Any, ...]:
        """The removed pile, in arrival order."""
        return self._labels(self._removed)

    @exclusive.read
    def table(self) -> tuple[Any, ...]:
        """The table in table order, then the forfeited hands bound for the spoils."""
        return self._labels([c for _, c, _ in self._table()] + self._forfeited)

    @exclusive.read
    def tie_rounds(self) -> tuple[tuple[tuple[int, Any, Any], ...], ...]:
        """Per tie round, (seat, face-up card, face-down card or None)."""
        cards = self._cards
        return tuple(
            tuple((s, cards[up], None if down < 0 else cards[down]) for s, down, up in rnd)
            for rnd in self._tie_rounds
        )

    @exclusive.read
    def flags(self) -> tuple[tuple[bool, ...], ...]:
        """Per seat: in the game, played a Guerrilla, support penalty, spy first."""
        return tuple(
            tuple(v != 0 for v in flags)
            for flags in (self._in_game, self._played_g, self._penalty, self._spy)
        )

    @exclusive.read
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
    @exclusive.read
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

    @exclusive.read
    def key(self) -> GuerrillaKey:
        """Everything that defines the position, as ints (equal positions, equal keys)."""
        return GuerrillaKey(
            players=self._n,
            options=tuple(self._options[name] for name, _, _ in OPTIONS),
            hands=tuple(tuple(h) for h in self._hands),
            draw=tuple(tuple(p) for p in self._draw),
            discard=tuple(tuple(p) for p in self._discard),
            removed=tuple(self._removed),
            stage=(self._g, self._k, self._phase, self._to_act, self._proposer, self._needed),
            counters=(self._clock, self._cards_dealt, self._termination),
            in_game=tuple(self._in_game),
            played_g=tuple(self._played_g),
            penalty=tuple(self._penalty),
            spy=tuple(self._spy),
            played=tuple(self._played),
            supports=tuple(self._supports),
            outcomes=tuple(self._outcomes),
            eliminated_at=tuple(self._eliminated_at),
            eliminated_hand=tuple(self._eliminated_hand),
            tie_rounds=tuple(tuple(v for place in rnd for v in place) for rnd in self._tie_rounds),
            first_tied=tuple(self._first_tied),
            tied=tuple(self._tied),
            drawn=tuple(tuple(d) for d in self._drawn),
            forfeited=tuple(self._forfeited),
            winners=tuple(self._winners),
            picks=tuple(self._picks),
            result_winners=self._result_winners,
            placings=self._placings,
            rng_state=self._rng.state,
            history=tuple(self._history),
            events=tuple(self._events),
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (_guerrilla_machine_from_key, (self._cards, self.key()))

    # --- the RL environments' fast path -----------------------------------------------
    @exclusive.step
    def apply_keyed(self, actions: object, keys: tuple[Any, ...], wait: bool = False) -> bool:
        """:meth:`apply_actions` with each polled seat's action found under its key.

        Seat ``s`` plays ``actions[keys[s]]``; entries under other keys (seats not
        polled, anything else) are ignored. Performs the step and returns True when
        ``actions`` is a ``dict`` giving every polled seat a plain ``int`` among its
        :meth:`legal_actions`; else changes nothing and returns False. With ``wait``
        (the Parallel env's wait action, ``NUM_ACTIONS``), a seat not polled may have no
        entry or the plain int ``NUM_ACTIONS``; any other entry of it is refused too.

        Raises:
            ValueError: ``keys`` is not a tuple of one key per seat.
        """
        chosen = _actions_by_key(actions, keys, self._n, self.to_act, NUM_ACTIONS if wait else -1)
        return chosen is not None and self._phase != OVER and self._apply_actions(chosen)

    @exclusive.read
    def encode_seats(self, obs: Any, masks: Any, wait: bool = False) -> None:
        """Write every seat's observation and action mask into two blocks, row by seat.

        ``obs`` is a writable C-contiguous float32 buffer of ``players`` rows of
        ``64 * players + 115`` floats (a NumPy array of that shape): row ``s`` becomes
        what :meth:`encode_observation` writes for seat ``s``. ``masks`` is an int8
        buffer of ``players`` rows of 2968: row ``s`` is 1 at seat ``s``'s
        :meth:`legal_actions`, 0 elsewhere (all 0 for a seat not polled). With ``wait``
        the rows are 2969 wide: column 2968 (the wait action) is 1 exactly in the row of
        a seat not polled (every row once the game is over).

        Raises:
            ValueError: a block of another format, read-only, not C-contiguous or too short.
        """
        n = self._n
        size = 64 * n + 115
        rows = _block(obs, "f", n * size, "a Guerrilla observation block")
        width = NUM_ACTIONS + 1 if wait else NUM_ACTIONS
        marks = _block(masks, "b", n * width, "a Guerrilla mask block")
        for seat in range(n):
            rows[seat * size : (seat + 1) * size] = array("f", self._encode(seat))
            mask = bytearray(width)
            legal = self.legal_actions(seat)
            for action in legal:
                mask[action] = 1
            if wait and not legal:  # not polled: the wait action alone
                mask[NUM_ACTIONS] = 1
            marks[seat * width : (seat + 1) * width] = mask


def guerrilla_deal(
    cards: Sequence[Any], players: int, seed: int, **options: int
) -> GuerrillaMachine:
    """Deal from ``seed`` (GT-2): each seat, lowest first, shuffles its own cards (in id
    order: seat ``s`` the suit ``s``; ``two_suit_variant``: seat 0 ♦♥, seat 1 ♣♠) into its
    draw pile with the game RNG; then the first skirmish runs to its first poll."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"players must be 2..4, got {players!r}")
    machine = object.__new__(GuerrillaMachine)
    machine._setup(cards, players, _check_u64(seed, "seed"), options)
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


def _guerrilla_machine_from_key(
    cards: Sequence[Any], key: GuerrillaKey | tuple[Any, ...]
) -> GuerrillaMachine:
    """Rebuild a machine from :meth:`GuerrillaMachine.key`, checking every value; a plain
    tuple of its 29 values (the pickles of earlier versions) is taken too."""
    if not isinstance(key, tuple) or len(key) != 29:
        raise ValueError("a machine key is a tuple of 29 parts")
    key = GuerrillaKey._make(key)  # a plain tuple named, or a copy
    n = _ints(key.players, 2, 4, "players")
    options = key.options
    if len(options) != len(OPTIONS):
        raise ValueError(f"a machine key has {len(OPTIONS)} options, got {options!r}")
    machine = object.__new__(GuerrillaMachine)
    machine._setup(
        cards, n, key.rng_state, {name: v for (name, _, _), v in zip(OPTIONS, options, strict=True)}
    )
    _check_restored(n, key)
    m = machine
    m._hands = [list(p) for p in key.hands]
    m._draw = [list(p) for p in key.draw]
    m._discard = [list(p) for p in key.discard]
    m._removed = list(key.removed)
    m._g, m._k, m._phase, m._to_act, m._proposer, m._needed = key.stage
    m._clock, m._cards_dealt, m._termination = key.counters
    m._in_game, m._played_g = list(key.in_game), list(key.played_g)
    m._penalty, m._spy = list(key.penalty), list(key.spy)
    m._played, m._supports, m._outcomes = list(key.played), list(key.supports), list(key.outcomes)
    m._eliminated_at, m._eliminated_hand = list(key.eliminated_at), list(key.eliminated_hand)
    m._tie_rounds = [
        [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]
        for flat in key.tie_rounds
    ]
    m._first_tied, m._tied = list(key.first_tied), list(key.tied)
    m._drawn = [list(d) for d in key.drawn]
    m._forfeited, m._winners, m._picks = list(key.forfeited), list(key.winners), list(key.picks)
    m._result_winners, m._placings = tuple(key.result_winners), tuple(key.placings)
    m._history = [tuple(step) for step in key.history]
    m._events = list(key.events)
    return m
