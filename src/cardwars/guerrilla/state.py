"""The state machine of WAR: Guerrilla Tactics: :class:`State`.

A :class:`State` is built by a deal (:meth:`State.deal`, what
:meth:`Guerrilla.new_game <cardwars.guerrilla.Guerrilla.new_game>` calls) or
from a hand-built position (:meth:`State.from_position`, checked by
:mod:`cardwars.guerrilla.position`). This module holds what the state *shows*:
the accessors, the legal moves, the observations, copies and equality. What it
*does* between polls, the rule steps of each skirmish, is in
:mod:`cardwars.guerrilla.skirmish`, whose :class:`SkirmishSteps` it extends.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardwars import _kernels
from cardwars.cards import Card
from cardwars.engine import ActionSpace, Event, GameState, Move, Result
from cardwars.guerrilla.moves import (
    ACTIONS,
    GuerrillaObservation,
    Outcome,
    Phase,
    Play,
    SkirmishStarted,
    TieCards,
)
from cardwars.guerrilla.position import read_position
from cardwars.guerrilla.rules import Rules, seat_cards
from cardwars.guerrilla.skirmish import SkirmishSteps

if TYPE_CHECKING:
    from typing_extensions import Self

    from cardwars._kernels.pure_rng import Rng

__all__ = ["State"]


def _unshared(value: Any) -> Any:
    """``value`` with every list, dict and set in it copied, at any depth (for State.copy)."""
    if isinstance(value, list):
        return [_unshared(v) if isinstance(v, (list, dict, set)) else v for v in value]
    if isinstance(value, dict):
        return {
            k: _unshared(v) if isinstance(v, (list, dict, set)) else v for k, v in value.items()
        }
    if isinstance(value, set):
        return set(value)
    return value


# What State.copy() copies by hand, the fast way: lists of immutable values (cards, flags,
# tuples of cards, events), and lists of such lists (one per seat, or per tie round).
# The legal-moves cache is a dict of tuples. Any other list or dict goes through _unshared.
_FLAT_LISTS: Final = frozenset(
    {
        "_removed",
        "_in_game",
        "_played_guerrilla",
        "_support_penalty",
        "_spy_first",
        "_played",
        "_supports",
        "_first_tied",
        "_tied",
        "_outcomes",
        "_forfeited",
        "_winners",
        "_removal_picks",
        "_eliminated_at",
        "_eliminated_hand_size",
        "_log",
    }
)
_NESTED_LISTS: Final = frozenset({"_hands", "_draw", "_discard", "_drawn", "_tie_rounds"})

# sorted(cards, key=_ORDER) is sorted(cards) (Card's order compares exactly these keys,
# and both sorts are stable), without two method calls per comparison.
_ORDER: Final = Card._key

_MOVES: Final = ACTIONS.moves
_PROPOSE, _PASS, _ALLOW, _REJECT = _MOVES[:4]
_CANCEL: Final = 4
_PLAY: Final = 56
_SUPPORT: Final = 108
_REMOVE: Final = 160
_TIE: Final = 212
_TIE_NONE: Final = 52
assert type(_MOVES[_PLAY]) is Play and type(_MOVES[_TIE]) is TieCards  # the table in moves.py


def _tie(up: Card, down: Card | None) -> Move:
    """The action space's own ``TieCards(up, down)``."""
    return _MOVES[_TIE + 53 * up.id + (_TIE_NONE if down is None else down.id)]


class State(SkirmishSteps):
    """A Guerrilla Tactics position, god's-eye; changed only through ``apply()``.

    Piles are tuples of cards, index 0 the top; discard piles list cards in the
    order they arrived (the input order of a reshuffle, GT-A43); hands keep
    arrival order (GT-B3).

    Seat 1 loses 9D to JC and has no support that would help, but the state still
    rests at the Support poll, where its only legal move is to pass:

    >>> from cardwars.guerrilla import Guerrilla
    >>> state = Guerrilla(players=2).new_game(seed=42)
    >>> [str(c) for c in state.hands[0]], [str(c) for c in state.hands[1]]
    (['JC', '4C'], ['8D', '9D'])
    >>> events = state.apply({0: Play(Card.parse("JC")), 1: Play(Card.parse("9D"))})
    >>> state.phase, sorted(state.to_act), state.legal_moves(1)
    (<Phase.SUPPORT: 'support'>, [1], (Pass(),))
    """

    game_name: ClassVar[str] = "guerrilla"
    _action_space: ClassVar[ActionSpace[Move]] = ACTIONS

    def __init__(self, rules: Rules, players: int, seed: int) -> None:
        GameState.__init__(self)
        self._rules = rules
        self._players = players
        self._seed = seed
        self._rng = _kernels.kernels.Rng(seed)
        self._hands = [[] for _ in range(players)]
        self._draw = [[] for _ in range(players)]
        self._discard = [[] for _ in range(players)]
        self._removed = []
        self._guerrilla_rank = 2
        self._in_game = [True] * players
        self._played_guerrilla = [False] * players
        self._support_penalty = [False] * players
        self._spy_first = [False] * players
        self._skirmish = 0
        self._phase = Phase.PLAY
        self._to_act = frozenset()
        # The current skirmish (the table).
        self._played = [None] * players
        self._supports = [None] * players
        self._tie_rounds = []
        self._first_tied = []
        self._tied = []
        self._drawn = [[] for _ in range(players)]
        self._outcomes = [Outcome.LOSING] * players
        self._forfeited = []
        self._proposer = None
        self._winners = []
        self._removal_picks = []
        self._removals_needed = 0
        # Bookkeeping for the end.
        self._elimination_clock = 0
        self._eliminated_at = [None] * players
        self._eliminated_hand_size = [0] * players
        self._cards_dealt = 0
        self._result: Result | None = None
        self._log = []
        self._legal_cache: dict[int, tuple[Move, ...]] = {}
        self._public_cache: tuple[Any, ...] | None = None

    # --- construction ---------------------------------------------------------------
    @classmethod
    def deal(cls, rules: Rules, players: int, seed: int) -> State:
        """Set up a game from ``seed`` (GT-2) and run it to its first poll, after the first Draw."""
        state = cls(rules, players, seed)
        for seat, cards in enumerate(seat_cards(players, rules.two_suit_variant)):
            pile = list(cards)
            state._rng.shuffle(pile)
            state._draw[seat] = pile
        state._cards_dealt = sum(len(p) for p in state._draw)
        state._start_skirmish()
        return state

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Iterable[Card | str]],
        *,
        draw_piles: Sequence[Iterable[Card | str]] | None = None,
        discard_piles: Sequence[Iterable[Card | str]] | None = None,
        removed: Iterable[Card | str] = (),
        guerrilla_rank: int = 2,
        played_guerrilla: Sequence[bool] | None = None,
        support_penalty: Sequence[bool] | None = None,
        spy_first: Sequence[bool] | None = None,
        in_game: Sequence[bool] | None = None,
        skirmish: int = 0,
        rules: Rules | None = None,
        rng_seed: int = 0,
        start: str = "skirmish",
    ) -> State:
        """Build any position between skirmishes and run it to the first poll or the end.

        >>> s = State.from_position([["KC"], ["9D"]], draw_piles=[["5C"], ["4D"]], start="draw")
        >>> [str(c) for c in s.hands[0]], s.phase
        (['KC', '5C'], <Phase.PLAY: 'play'>)

        Args:
            hands: per seat, the hand in arrival order (cards or text such as ``"9C"``).
            draw_piles: per seat, the draw pile top first (default empty).
            discard_piles: per seat, the discard pile in arrival order (default empty).
            removed: the removed pile.
            guerrilla_rank: G, 2..6.
            played_guerrilla: per seat, the "played a Guerrilla" flag (default all False).
            support_penalty: per seat, supported last skirmish (draws 1 card).
            spy_first: per seat, the spy-first flag for this skirmish's Play step.
            in_game: per seat, still in the game (default all True); eliminated
                seats must hold no cards.
            skirmish: the skirmish index k (the lead seat is k mod seats, GT-B4), from 0
                to ``rules.max_skirmishes - 1``.
            rules: the options (default ``Rules()``, the rulings).
            rng_seed: the seed of the game RNG (and of the agents of :func:`cardwars.play`),
                an int in [0, 2**64).
            start: ``"skirmish"`` (the promotion window), ``"draw"`` (skip the window)
                or ``"play"`` (skip the window and Draw: "Start at Play").

        Raises:
            RulesError: a malformed position, naming the argument: an argument of the
                wrong type or nesting, a bad seat count, a card that is not in this
                game (each seat's suit of one deck, GT-1.1, GT-A2) or in two places,
                bad G, a ``skirmish`` outside ``0 .. max_skirmishes - 1``, bad
                ``rules`` or ``rng_seed``, an empty hand at ``start="play"``, fewer
                than 2 players in.
            CardParseError: card text that is not a card.
        """
        position = read_position(
            hands,
            draw_piles=draw_piles,
            discard_piles=discard_piles,
            removed=removed,
            guerrilla_rank=guerrilla_rank,
            played_guerrilla=played_guerrilla,
            support_penalty=support_penalty,
            spy_first=spy_first,
            in_game=in_game,
            skirmish=skirmish,
            rules=rules,
            rng_seed=rng_seed,
            start=start,
        )
        players = position.players
        state = cls(position.rules, players, position.rng_seed)
        state._hands = position.hands
        state._draw = position.draw_piles
        state._discard = position.discard_piles
        state._removed = position.removed
        state._guerrilla_rank = position.guerrilla_rank
        state._played_guerrilla = position.played_guerrilla
        state._support_penalty = position.support_penalty
        state._spy_first = position.spy_first
        state._in_game = position.in_game
        state._skirmish = position.skirmish
        for seat in range(players):
            if not state._in_game[seat]:
                state._eliminated_at[seat] = 0
        state._cards_dealt = position.cards
        if position.start == "skirmish":
            state._start_skirmish()
        elif position.start == "draw":
            state._log.append(SkirmishStarted(state._skirmish, state._skirmish % players))
            state._draw_step()
        else:
            state._log.append(SkirmishStarted(state._skirmish, state._skirmish % players))
            state._begin_play()
        return state

    # --- the protocol -------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return self._players

    @property
    def rules(self) -> Rules:
        """The options this game is played with."""
        return self._rules

    @property
    def phase(self) -> Phase:
        """Where the state rests."""
        return self._phase

    @property
    def to_act(self) -> frozenset[int]:
        """The seats polled now (RULINGS §4.5)."""
        return self._to_act

    @property
    def rng(self) -> Rng:
        """A copy of the game RNG."""
        return self._rng.copy()

    # --- god's-eye view ---------------------------------------------------------------
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand, in arrival order."""
        return tuple(tuple(h) for h in self._hands)

    @property
    def draw_piles(self) -> tuple[tuple[Card, ...], ...]:
        """Every draw pile, top first."""
        return tuple(tuple(p) for p in self._draw)

    @property
    def discard_piles(self) -> tuple[tuple[Card, ...], ...]:
        """Every discard pile, in arrival order (the next reshuffle's input order)."""
        return tuple(tuple(p) for p in self._discard)

    @property
    def removed(self) -> tuple[Card, ...]:
        """The shared removed pile, in arrival order."""
        return tuple(self._removed)

    @property
    def table(self) -> tuple[Card, ...]:
        """Every card on the table now, in table order (§3.4), plus forfeited hands."""
        return tuple(card for _, card, _ in self._table_order()) + tuple(self._forfeited)

    @property
    def tie_rounds(self) -> tuple[tuple[tuple[int, Card, Card | None], ...], ...]:
        """Per tie round of this skirmish, each placement as (seat, face-up card, face-down card).

        The face-down card is None for a one-card hand.
        """
        return tuple(
            tuple((seat, up, down) for seat, down, up in tie_round)
            for tie_round in self._tie_rounds
        )

    @property
    def guerrilla_rank(self) -> int:
        """The Guerrilla rank G; cards of rank 2..G are Guerrillas."""
        return self._guerrilla_rank

    @property
    def skirmish(self) -> int:
        """The skirmish index k (completed skirmishes, GT-B1)."""
        return self._skirmish

    @property
    def in_game(self) -> tuple[bool, ...]:
        """Per seat, still in the game."""
        return tuple(self._in_game)

    @property
    def played_guerrilla(self) -> tuple[bool, ...]:
        """Per seat, has played a Guerrilla (GT-A27)."""
        return tuple(self._played_guerrilla)

    @property
    def support_penalty(self) -> tuple[bool, ...]:
        """Per seat, supported last skirmish and draws one card (GT-8.5)."""
        return tuple(self._support_penalty)

    @property
    def spy_first(self) -> tuple[bool, ...]:
        """Per seat, reveals first in the next Play step (GT-13)."""
        return tuple(self._spy_first)

    @property
    def cards_dealt(self) -> int:
        """The number of cards in the game (conserved, RULINGS §4.4)."""
        return self._cards_dealt

    @property
    def log(self) -> tuple[Event, ...]:
        """Every event so far (all public)."""
        return tuple(self._log)

    def legal_moves(self, player: int) -> tuple[Move, ...]:
        """``player``'s legal moves in the canonical order of RULINGS §4.5 (empty if not polled).

        Cards in canonical id order; ``Pass`` before ``Propose``; ``Allow`` before
        ``Reject`` before ``Cancel``; ``Pass`` before ``Support``; ``TieCards``
        ordered by (down, up); ``Remove(card)`` for each card not yet chosen, in table order.
        """
        self._check_seat(player)
        cached = self._legal_cache.get(player)
        if cached is None:
            cached = self._legal(player) if player in self._to_act else ()
            self._legal_cache[player] = cached
        return cached

    def observation(self, player: int) -> GuerrillaObservation:
        """What ``player`` may know (GT-15): own hand plus public facts."""
        self._check_seat(player)
        public = self._public_cache
        if public is None:
            public = self._public_cache = self._public()
        return GuerrillaObservation(
            player, self._phase, self._to_act, tuple(self._hands[player]), *public
        )

    def _public(self) -> tuple[Any, ...]:
        """The public fields of every observation at this resting point (GT-15)."""
        return (
            self._guerrilla_rank,
            self._skirmish,
            tuple(self._in_game),
            tuple(self._played_guerrilla),
            tuple(self._support_penalty),
            tuple(self._spy_first),
            tuple(len(h) for h in self._hands),
            tuple(len(p) for p in self._draw),
            tuple(len(p) for p in self._discard),
            tuple(self._removed),
            tuple(self._played),
            tuple(self._supports),
            tuple(
                tuple((seat, up, down is not None) for seat, down, up in tie_round)
                for tie_round in self._tie_rounds
            ),
            self._proposer,
            tuple(self._log),
            self._rules,
        )

    def copy(self) -> Self:
        """An independent deep copy, RNG included: no list or dict, however nested, is shared."""
        other = object.__new__(type(self))
        mine = other.__dict__
        for name, value in self.__dict__.items():  # in order: the snapshot reads this order
            kind = type(value)
            if kind is list and name in _FLAT_LISTS:
                mine[name] = value[:]
            elif kind is list and name in _NESTED_LISTS:
                mine[name] = [v[:] if type(v) is list else _unshared(v) for v in value]
            elif kind is dict and name == "_legal_cache":
                mine[name] = value.copy()
            elif name == "_public_cache":
                mine[name] = None
            else:  # a plain value, or anything unforeseen: the generic walk
                mine[name] = _unshared(value)
        other._rng = self._rng.copy()
        self._copy_base_into(other)
        return other

    def _snapshot(self) -> tuple[Any, ...]:
        def frozen(value: object) -> object:
            if isinstance(value, list):
                return tuple(frozen(v) for v in value)
            return value

        skip = ("_rng", "_history", "_legal_cache", "_public_cache")
        fields = tuple(
            (name, frozen(value)) for name, value in self.__dict__.items() if name not in skip
        )
        return (*fields, self._rng.state)

    def __repr__(self) -> str:
        return (
            f"<guerrilla.State players={self._players} k={self._skirmish} "
            f"G={self._guerrilla_rank} phase={self._phase.name} to_act={sorted(self._to_act)}>"
        )

    # --- legal moves ----------------------------------------------------------------
    # The legal moves are the action space's own move objects (ACTIONS in moves.py, where
    # the offsets are documented), so that legal_actions() finds their numbers by identity.
    def _legal(self, seat: int) -> tuple[Move, ...]:
        phase = self._phase
        hand = self._hands[seat]
        if phase is Phase.PLAY or phase is Phase.PLAY_FIRST:
            return tuple(_MOVES[_PLAY + c.id] for c in sorted(hand, key=_ORDER))
        if phase is Phase.SUPPORT:
            return (
                _PASS,
                *(
                    _MOVES[_SUPPORT + c.id]
                    for c in sorted(hand, key=_ORDER)
                    if self._may_support(seat, c)
                ),
            )
        if phase is Phase.TIE:
            return self._legal_tie(seat)
        if phase is Phase.PROPOSE:
            if any(self._is_guerrilla(c) for c in hand):
                return (_PASS,)
            return (_PASS, _PROPOSE)
        if phase is Phase.RESPOND:
            vote: tuple[Move, ...] = (
                (_REJECT,) if self._rules.promotion_acceptance == "unanimous_vote" else ()
            )
            cancels = tuple(
                _MOVES[_CANCEL + c.id] for c in sorted(hand, key=_ORDER) if self._is_guerrilla(c)
            )
            return (_ALLOW, *vote, *cancels)
        if phase is Phase.REMOVE:
            chosen = set(self._removal_picks)
            return tuple(
                _MOVES[_REMOVE + c.id] for _, c, _ in self._table_order() if c not in chosen
            )
        return ()

    def _legal_tie(self, seat: int) -> tuple[Move, ...]:
        mode = self._rules.tie_cards
        drawn = self._drawn[seat]
        cards = drawn if mode != "any_from_hand" and drawn else self._hands[seat]
        if mode == "blind":
            # No choice: the first card face down, the second face up (GT-A18 alt).
            if len(cards) >= 2:
                return (_tie(cards[1], cards[0]),)
            return (_tie(cards[0], None),)
        if len(cards) == 1:
            return (_tie(cards[0], None),)
        ordered = sorted(cards, key=_ORDER)
        return tuple(_tie(up, down) for down in ordered for up in ordered if up != down)

    def _may_support(self, seat: int, card: Card) -> bool:
        rule = self._rules.support_rule
        if rule == "unrestricted":
            return True
        mine = self._combo(seat)
        stronger = self._strength([*mine, card])
        if rule == "stronger_combo":
            return stronger > self._strength(mine)
        # GT-8.2: strictly better on lose < tie < win against everyone's current combination.
        best_other = max(
            self._strength(self._combo(s))
            for s in range(self._players)
            if s != seat and self._played[s]
        )
        return Outcome.against(stronger, best_other) > self._outcomes[seat]

    # --- performing moves -------------------------------------------------------------
    def _apply(self, moves: dict[int, Move]) -> tuple[Event, ...]:
        mark = len(self._log)
        self._legal_cache = {}
        self._public_cache = None
        phase = self._phase
        if phase is Phase.PLAY_FIRST or phase is Phase.PLAY:
            self._on_play(moves, first=phase is Phase.PLAY_FIRST)
        elif phase is Phase.SUPPORT:
            self._on_support(moves)
        elif phase is Phase.TIE:
            self._on_tie(moves)
        elif phase is Phase.PROPOSE:
            self._on_propose(moves)
        elif phase is Phase.RESPOND:
            self._on_respond(moves)
        elif phase is Phase.REMOVE:
            self._on_remove(moves)
        return tuple(self._log[mark:])
