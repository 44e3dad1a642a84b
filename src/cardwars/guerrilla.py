"""WAR: Guerrilla Tactics (RULINGS §3): the readable, executable rules.

Each player owns one suit (two in the 2-player variant) as a draw pile, holds
a hand of two, and every skirmish runs the order of GT-3: promotion window,
Draw, Play (spy-first players reveal first), Evaluate, one Support window,
Re-evaluate, tie rounds, Loss of Forces, Spoils, Spy flags and the End check.
:class:`State` rests only where players decide (RULINGS §4.5);
:meth:`~cardwars.engine.GameState.apply`
performs everything automatic up to the next poll or the end.

>>> import cardwars
>>> game = Guerrilla(players=2)
>>> state = game.new_game(seed=42)
>>> state.phase, sorted(state.to_act)
(<Phase.PLAY: 'play'>, [0, 1])
>>> [str(c) for c in state.hands[0]], [str(c) for c in state.hands[1]]
(['JC', '4C'], ['8D', '9D'])
>>> final = cardwars.play(game, ["random", "random"], seed=42)
>>> final.result.termination in TERMINATIONS
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from cardwars import _kernels
from cardwars.cards import Card, Rank, Suit
from cardwars.engine import Event, Game, GameState, Move, Result, check_players
from cardwars.errors import CardParseError, RulesError, UsageError
from cardwars.guerrilla_agents import GreedyAgent
from cardwars.guerrilla_rules import Rules
from cardwars.guerrilla_types import (
    Allow,
    Cancel,
    CardPlayed,
    CardsDrawn,
    CardsRecruited,
    DiscardReshuffled,
    FaceDownRevealed,
    ForcesLost,
    GameOver,
    GuerrillaObservation,
    GuerrillaPromoted,
    Pass,
    Phase,
    Play,
    PlayerEliminated,
    ProposalCancelled,
    ProposalMade,
    Propose,
    Reject,
    Remove,
    SkirmishEvaluated,
    SkirmishStarted,
    SkirmishWon,
    SpoilsTaken,
    SpyFlagSet,
    Support,
    SupportAdded,
    TieCards,
    TieCardsPlaced,
)

if TYPE_CHECKING:
    from typing_extensions import Self

    from cardwars._kernels.pure_rng import Rng

__all__ = [
    "BATCH_AGENTS",
    "TERMINATIONS",
    "Allow",
    "Cancel",
    "CardPlayed",
    "CardsDrawn",
    "CardsRecruited",
    "DiscardReshuffled",
    "FaceDownRevealed",
    "ForcesLost",
    "GameOver",
    "GreedyAgent",
    "Guerrilla",
    "GuerrillaObservation",
    "GuerrillaPromoted",
    "Pass",
    "Phase",
    "Play",
    "PlayerEliminated",
    "ProposalCancelled",
    "ProposalMade",
    "Propose",
    "Reject",
    "Remove",
    "Rules",
    "SkirmishEvaluated",
    "SkirmishStarted",
    "SkirmishWon",
    "SpoilsTaken",
    "SpyFlagSet",
    "State",
    "Support",
    "SupportAdded",
    "TieCards",
    "TieCardsPlaced",
    "batch_supports",
    "compare",
    "run_batch",
    "seat_cards",
]

TERMINATIONS: tuple[str, ...] = ("last_player", "all_eliminated", "max_skirmishes")
"""Why a game ended (GT-B7); the batch column ``termination`` indexes this tuple."""

MAX_GUERRILLA_RANK = 6
_LOSE, _TIE, _WIN = 0, 1, 2
_STARTS = ("skirmish", "draw", "play")


def compare(
    a: Sequence[Card],
    b: Sequence[Card],
    guerrilla_rank: int,
    *,
    kicker: bool = False,
    ace_low: bool = False,
) -> int:
    """Compare two combinations of one or two cards (GT-8.4): 1 if ``a`` is stronger, -1, or 0.

    Pairs (equal effective rank; all Guerrillas count alike) beat non-pairs; a
    non-pair is worth its highest card; no kicker unless ``kicker``.

    >>> P = Card.parse
    >>> compare([P("8H"), P("8D")], [P("QC")], 2)            # GT-T2: a pair beats a single card
    1
    >>> compare([P("3C"), P("2C")], [P("AD")], 3)            # GT-T3: a Guerrilla pair at G = 3
    1
    >>> compare([P("KC"), P("5C")], [P("KD")], 2)            # no kicker
    0
    >>> compare([P("KC"), P("5C")], [P("KD")], 2, kicker=True)
    1
    """
    kernels = _kernels.kernels
    sa: int = kernels.guerrilla_strength([c.id for c in a], guerrilla_rank, kicker, ace_low)
    sb: int = kernels.guerrilla_strength([c.id for c in b], guerrilla_rank, kicker, ace_low)
    return (sa > sb) - (sa < sb)


def seat_cards(players: int, two_suit_variant: bool = False) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards in canonical order (GT-1.1, GT-A2): the order they are shuffled in.

    >>> [" ".join(str(c) for c in cards[:3]) for cards in seat_cards(2, True)]
    ['2D 3D 4D', '2C 3C 4C']
    """
    if two_suit_variant:
        suits: list[tuple[Suit, ...]] = [
            (Suit.DIAMONDS, Suit.HEARTS),
            (Suit.CLUBS, Suit.SPADES),
        ]
    else:
        suits = [(Suit(seat),) for seat in range(players)]
    return tuple(tuple(Card(Rank(r), suit) for suit in own for r in range(2, 15)) for own in suits)


def _is_sequence(value: object) -> bool:
    """A sequence of items, not text (a str is a sequence of characters, never of cards)."""
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


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


class State(GameState[Phase]):
    """A Guerrilla Tactics position, god's-eye; changed only through ``apply()``.

    Piles are tuples of cards, index 0 the top; discard piles list cards in the
    order they arrived (the input order of a reshuffle, GT-A43); hands keep
    arrival order (GT-B3).

    Seat 1 loses 9D to JC and has no support that would help, but the state still
    rests at the Support poll, where its only legal move is to pass:

    >>> state = Guerrilla(players=2).new_game(seed=42)
    >>> [str(c) for c in state.hands[0]], [str(c) for c in state.hands[1]]
    (['JC', '4C'], ['8D', '9D'])
    >>> events = state.apply({0: Play(Card.parse("JC")), 1: Play(Card.parse("9D"))})
    >>> state.phase, sorted(state.to_act), state.legal_moves(1)
    (<Phase.SUPPORT: 'support'>, [1], (Pass(),))
    """

    game_name: ClassVar[str] = "guerrilla"

    def __init__(self, rules: Rules, players: int, seed: int) -> None:
        GameState.__init__(self)
        n = players
        self._rules = rules
        self._n = n
        self._seed = seed
        self._rng: Rng = _kernels.kernels.Rng(seed)
        self._hands: list[list[Card]] = [[] for _ in range(n)]
        self._draw: list[list[Card]] = [[] for _ in range(n)]
        self._discard: list[list[Card]] = [[] for _ in range(n)]
        self._removed: list[Card] = []
        self._g = 2
        self._in = [True] * n
        self._played_g = [False] * n
        self._penalty = [False] * n
        self._spy = [False] * n
        self._k = 0
        self._phase = Phase.PLAY
        self._to_act: frozenset[int] = frozenset()
        # The current skirmish (the table).
        self._played: list[Card | None] = [None] * n
        self._supports: list[Card | None] = [None] * n
        self._tie_rounds: list[list[tuple[int, Card | None, Card]]] = []
        self._first_tied: list[int] = []
        self._tied: list[int] = []
        self._drawn: list[list[Card]] = [[] for _ in range(n)]
        self._outcomes: list[int] = [_LOSE] * n
        self._forfeit: list[Card] = []
        self._proposer: int | None = None
        self._winners: list[int] = []
        self._lost: list[Card] = []  # removal_choice="winner_chooses": the picks so far
        self._lost_needed = 0
        # Bookkeeping for the end.
        self._clock = 0
        self._elim_time: list[int | None] = [None] * n
        self._elim_hand: list[int] = [0] * n
        self._dealt = 0
        self._result: Result | None = None
        self._log: list[Event] = []
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
        state._dealt = sum(len(p) for p in state._draw)
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
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a guerrilla.Rules, got {rules!r}")
        if isinstance(rng_seed, bool) or not isinstance(rng_seed, int) or not 0 <= rng_seed < 2**64:
            raise RulesError(f"rng_seed must be an int in [0, 2**64), got {rng_seed!r}")
        if not _is_sequence(hands):
            raise RulesError(f"hands must be a sequence with one hand per seat, got {hands!r}")
        n = check_players("guerrilla", len(hands), 2, 4)
        if rules.two_suit_variant and n != 2:
            raise RulesError(f"two_suit_variant is for 2 players, got {n}")
        if not isinstance(start, str) or start not in _STARTS:
            raise RulesError(f"start must be one of {_STARTS}, got {start!r}")
        if (
            isinstance(guerrilla_rank, bool)
            or not isinstance(guerrilla_rank, int)
            or not 2 <= guerrilla_rank <= MAX_GUERRILLA_RANK
        ):
            raise RulesError(f"guerrilla_rank must be an int 2..6, got {guerrilla_rank!r}")
        cap = rules.max_skirmishes
        if isinstance(skirmish, bool) or not isinstance(skirmish, int) or not 0 <= skirmish < cap:
            raise RulesError(
                f"skirmish must be an int >= 0 and < max_skirmishes ({cap}), got {skirmish!r}"
            )
        state = cls(rules, n, rng_seed)
        # GT-1.1, GT-A2: the cards of the game are each seat's suit(s) of one deck.
        deck = {card for own in seat_cards(n, rules.two_suit_variant) for card in own}

        def read(value: object, where: str) -> Card:
            if isinstance(value, str):
                try:
                    card = Card.parse(value)
                except CardParseError as exc:
                    raise CardParseError(f"{where}: {exc}") from None
            elif isinstance(value, Card):
                card = value
            else:
                raise RulesError(f"{where} must be a Card or card text, got {value!r}")
            if card not in deck:
                suits = ", ".join(sorted({c.suit.letter for c in deck}, key="CDHS".index))
                raise RulesError(
                    f"{where} is {card}, which is not in this game: it has the cards 2 to A "
                    f"of the suits {suits} of one deck (no deck digit)"
                )
            return card

        def cards(value: object, where: str) -> list[Card]:
            if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
                raise RulesError(f"{where} must be a sequence of cards, got {value!r}")
            return [read(c, f"{where}[{i}]") for i, c in enumerate(value)]

        def piles(value: Sequence[Iterable[Card | str]] | None, what: str) -> list[list[Card]]:
            if value is None:
                return [[] for _ in range(n)]
            if not _is_sequence(value):
                raise RulesError(f"{what} must be a sequence with one pile per seat, got {value!r}")
            if len(value) != n:
                raise RulesError(f"{what} needs one entry per seat ({n}), got {len(value)}")
            return [cards(pile, f"{what}[{seat}]") for seat, pile in enumerate(value)]

        def flags(value: Sequence[bool] | None, what: str, default: bool) -> list[bool]:
            if value is None:
                return [default] * n
            if (
                not _is_sequence(value)
                or len(value) != n
                or not all(isinstance(v, bool) for v in value)
            ):
                raise RulesError(f"{what} needs one bool per seat ({n}), got {value!r}")
            return list(value)

        state._hands = piles(hands, "hands")
        state._draw = piles(draw_piles, "draw_piles")
        state._discard = piles(discard_piles, "discard_piles")
        state._removed = cards(removed, "removed")
        state._g = guerrilla_rank
        state._played_g = flags(played_guerrilla, "played_guerrilla", False)
        state._penalty = flags(support_penalty, "support_penalty", False)
        state._spy = flags(spy_first, "spy_first", False)
        state._in = flags(in_game, "in_game", True)
        state._k = skirmish
        every = [c for zone in (state._hands, state._draw, state._discard) for p in zone for c in p]
        every += state._removed
        if len(set(every)) != len(every):
            dupes = sorted({str(c) for c in every if every.count(c) > 1})
            raise RulesError(f"a card may be in one place only; duplicated: {dupes}")
        for seat in range(n):
            has_cards = state._hands[seat] or state._draw[seat] or state._discard[seat]
            if not state._in[seat] and has_cards:
                raise RulesError(f"seat {seat} is out of the game but holds cards")
            if state._in[seat] and start == "play" and not state._hands[seat]:
                raise RulesError(f"seat {seat} has an empty hand at start='play'")
        if sum(state._in) < 2:
            raise RulesError("a position needs at least 2 players still in the game")
        for seat in range(n):
            if not state._in[seat]:
                state._elim_time[seat] = 0
        state._dealt = len(every)
        if start == "skirmish":
            state._start_skirmish()
        elif start == "draw":
            state._log.append(SkirmishStarted(state._k, state._k % n))
            state._draw_step()
        else:
            state._log.append(SkirmishStarted(state._k, state._k % n))
            state._begin_play()
        return state

    # --- the protocol -------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return self._n

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
        return tuple(card for _, card, _ in self._table_order()) + tuple(self._forfeit)

    @property
    def tie_rounds(self) -> tuple[tuple[tuple[int, Card, Card | None], ...], ...]:
        """Per tie round of this skirmish, each placement as (seat, face-up card, face-down card).

        The face-down card is None for a one-card hand.
        """
        return tuple(tuple((seat, up, down) for seat, down, up in rnd) for rnd in self._tie_rounds)

    @property
    def guerrilla_rank(self) -> int:
        """The Guerrilla rank G; cards of rank 2..G are Guerrillas."""
        return self._g

    @property
    def skirmish(self) -> int:
        """The skirmish index k (completed skirmishes, GT-B1)."""
        return self._k

    @property
    def in_game(self) -> tuple[bool, ...]:
        """Per seat, still in the game."""
        return tuple(self._in)

    @property
    def played_guerrilla(self) -> tuple[bool, ...]:
        """Per seat, has played a Guerrilla (GT-A27)."""
        return tuple(self._played_g)

    @property
    def support_penalty(self) -> tuple[bool, ...]:
        """Per seat, supported last skirmish and draws one card (GT-8.5)."""
        return tuple(self._penalty)

    @property
    def spy_first(self) -> tuple[bool, ...]:
        """Per seat, reveals first in the next Play step (GT-13)."""
        return tuple(self._spy)

    @property
    def cards_dealt(self) -> int:
        """The number of cards in the game (conserved, RULINGS §4.4)."""
        return self._dealt

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
            self._g,
            self._k,
            tuple(self._in),
            tuple(self._played_g),
            tuple(self._penalty),
            tuple(self._spy),
            tuple(len(h) for h in self._hands),
            tuple(len(p) for p in self._draw),
            tuple(len(p) for p in self._discard),
            tuple(self._removed),
            tuple(self._played),
            tuple(self._supports),
            tuple(
                tuple((seat, up, down is not None) for seat, down, up in rnd)
                for rnd in self._tie_rounds
            ),
            self._proposer,
            tuple(self._log),
            self._rules,
        )

    def copy(self) -> Self:
        """An independent deep copy, RNG included: no list or dict, however nested, is shared."""
        other = object.__new__(type(self))
        for name, value in self.__dict__.items():
            other.__dict__[name] = None if name == "_public_cache" else _unshared(value)
        other._rng = self._rng.copy()
        other._history = [dict(step) for step in self._history]
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
            f"<guerrilla.State players={self._n} k={self._k} G={self._g} "
            f"phase={self._phase.name} to_act={sorted(self._to_act)}>"
        )

    # --- legal moves ----------------------------------------------------------------
    def _is_guerrilla(self, card: Card) -> bool:
        return card.rank <= self._g

    def _legal(self, seat: int) -> tuple[Move, ...]:
        phase = self._phase
        hand = self._hands[seat]
        if phase is Phase.PLAY or phase is Phase.PLAY_FIRST:
            return tuple(Play(c) for c in sorted(hand))
        if phase is Phase.SUPPORT:
            return (Pass(), *(Support(c) for c in sorted(hand) if self._may_support(seat, c)))
        if phase is Phase.TIE:
            return self._legal_tie(seat)
        if phase is Phase.PROPOSE:
            if any(self._is_guerrilla(c) for c in hand):
                return (Pass(),)
            return (Pass(), Propose())
        if phase is Phase.RESPOND:
            vote: tuple[Move, ...] = (
                (Reject(),) if self._rules.promotion_acceptance == "unanimous_vote" else ()
            )
            cancels = tuple(Cancel(c) for c in sorted(hand) if self._is_guerrilla(c))
            return (Allow(), *vote, *cancels)
        if phase is Phase.REMOVE:
            chosen = set(self._lost)
            return tuple(Remove(c) for _, c, _ in self._table_order() if c not in chosen)
        return ()

    def _legal_tie(self, seat: int) -> tuple[Move, ...]:
        mode = self._rules.tie_cards
        drawn = self._drawn[seat]
        cards = drawn if mode != "any_from_hand" and drawn else self._hands[seat]
        if mode == "blind":
            # No choice: the first card face down, the second face up (GT-A18 alt).
            if len(cards) >= 2:
                return (TieCards(cards[1], cards[0]),)
            return (TieCards(cards[0], None),)
        if len(cards) == 1:
            return (TieCards(cards[0], None),)
        ordered = sorted(cards)
        return tuple(TieCards(up, down) for down in ordered for up in ordered if up != down)

    def _strength(self, cards: Sequence[Card]) -> int:
        r = self._rules
        ids = [c.id for c in cards]
        strength: int = _kernels.kernels.guerrilla_strength(ids, self._g, r.kicker, r.ace_low)
        return strength

    def _combo(self, seat: int) -> list[Card]:
        played = self._played[seat]
        if played is None:
            return []
        support = self._supports[seat]
        return [played] if support is None else [played, support]

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
            self._strength(self._combo(s)) for s in range(self._n) if s != seat and self._played[s]
        )
        new = _WIN if stronger > best_other else _TIE if stronger == best_other else _LOSE
        return new > self._outcomes[seat]

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
            move = moves[self._winners[0]]
            assert isinstance(move, Remove)
            self._lost.append(move.card)
            if len(self._lost) == self._lost_needed:
                self._loss_of_forces_chosen(self._lost)
        return tuple(self._log[mark:])

    def _poll(self, phase: Phase, seats: Iterable[int]) -> None:
        self._phase = phase
        self._to_act = frozenset(seats)

    def _active(self) -> list[int]:
        return [s for s in range(self._n) if self._in[s]]

    # --- GT-4 promotion window ------------------------------------------------------
    def _start_skirmish(self) -> None:
        self._log.append(SkirmishStarted(self._k, self._k % self._n))
        if self._rules.promotion_timing == "before_draw" and self._window_opens():
            self._poll(Phase.PROPOSE, self._active())
            return
        self._draw_step()

    def _window_opens(self) -> bool:
        # GT-4.1: G < 6 and every player still in has played a Guerrilla.
        return self._g < MAX_GUERRILLA_RANK and all(self._played_g[s] for s in self._active())

    def _on_propose(self, moves: dict[int, Move]) -> None:
        proposers = [s for s, m in moves.items() if isinstance(m, Propose)]
        if not proposers:
            self._after_promotion()
            return
        lead = self._k % self._n  # GT-B4: the original seat count
        proposer = min(proposers, key=lambda s: (s - lead) % self._n)
        self._proposer = proposer
        self._log.append(ProposalMade(proposer, tuple(proposers)))
        self._poll(Phase.RESPOND, [s for s in self._active() if s != proposer])

    def _on_respond(self, moves: dict[int, Move]) -> None:
        proposer = self._proposer
        assert proposer is not None
        reveals = [(s, m.card) for s, m in moves.items() if isinstance(m, Cancel)]
        rejecters = tuple(s for s, m in moves.items() if isinstance(m, Reject))
        if not reveals and not rejecters:
            self._g += 1
            self._log.append(GuerrillaPromoted(self._g))
            if self._rules.promotion_wave_reset:
                self._played_g = [False] * self._n
        else:
            self._log.append(ProposalCancelled(tuple(reveals), rejecters))
            # GT-4.6: cancellers recruit clockwise from the proposer; the revealed card
            # never leaves the hand (it is now public through the log).
            recruiters = sorted((s for s, _ in reveals), key=lambda s: (s - proposer) % self._n)
            if not self._rules.all_cancellers_recruit:
                recruiters = recruiters[:1]
            for seat in recruiters:
                self._recruit(seat, proposer)
        self._proposer = None
        self._after_promotion()

    def _recruit(self, seat: int, source: int) -> None:
        taken = 0
        for _ in range(self._g):
            pile = self._draw[source]
            if not pile:
                if self._rules.recruit_shortfall != "reshuffle" or not self._discard[source]:
                    break
                self._reshuffle(source)
                pile = self._draw[source]
            self._discard[seat].append(pile.pop(0))
            taken += 1
        self._log.append(CardsRecruited(seat, source, taken))

    def _after_promotion(self) -> None:
        if self._rules.promotion_timing == "before_draw":
            self._draw_step()
        else:
            self._begin_play()

    # --- GT-5 draw ------------------------------------------------------------------
    def _reshuffle(self, seat: int) -> None:
        pile = self._discard[seat]
        self._discard[seat] = []
        self._rng.shuffle(pile)
        self._draw[seat] = pile
        self._log.append(DiscardReshuffled(seat, len(pile)))

    def _draw_cards(self, seat: int, count: int) -> int:
        """Draw up to ``count`` cards one at a time, reshuffling when needed (GT-5.2)."""
        got = 0
        hand = self._hands[seat]
        drawn = self._drawn[seat]
        for _ in range(count):
            if not self._draw[seat]:
                if not self._discard[seat]:
                    break
                self._reshuffle(seat)
            card = self._draw[seat].pop(0)
            hand.append(card)
            drawn.append(card)
            got += 1
        if got:
            self._log.append(CardsDrawn(seat, got))
        return got

    def _draw_step(self) -> None:
        rules = self._rules
        out = []
        for seat in self._active():
            if self._penalty[seat]:
                need = 1
            elif rules.draw_mode == "fill_to_two":
                need = max(0, 2 - len(self._hands[seat]))
            else:
                need = 2
            if need == 0:
                continue
            got = self._draw_cards(seat, need)
            # GT-5.3: must draw and cannot (the alternative rule: only with an empty hand).
            if got == 0 and (rules.elimination_rule == "cannot_draw" or not self._hands[seat]):
                out.append(seat)
        self._penalty = [False] * self._n
        self._drawn = [[] for _ in range(self._n)]
        if out:
            self._eliminate(out)
        if sum(self._in) <= 1:
            self._end_by_elimination()
            return
        if rules.promotion_timing == "after_draw" and self._window_opens():
            self._poll(Phase.PROPOSE, self._active())
            return
        self._begin_play()

    def _eliminate(self, seats: list[int]) -> None:
        self._clock += 1
        to_spoils = self._rules.eliminated_cards_to == "spoils"
        for seat in seats:
            hand = self._hands[seat]
            self._in[seat] = False
            self._elim_time[seat] = self._clock
            self._elim_hand[seat] = len(hand)
            (self._forfeit if to_spoils else self._removed).extend(hand)
            self._log.append(PlayerEliminated(seat, tuple(hand)))
            self._hands[seat] = []

    # --- GT-6 play, GT-7 evaluate, GT-8 support, GT-9 re-evaluate ----------------------
    def _begin_play(self) -> None:
        active = self._active()
        first = [s for s in active if self._spy[s]]
        self._poll(Phase.PLAY_FIRST if first else Phase.PLAY, first or active)

    def _on_play(self, moves: dict[int, Move], *, first: bool) -> None:
        for seat, move in moves.items():
            assert isinstance(move, Play)
            self._hands[seat].remove(move.card)
            self._played[seat] = move.card
            self._log.append(CardPlayed(seat, move.card, first))
        if first:
            others = [s for s in self._active() if not self._spy[s]]
            if others:
                self._poll(Phase.PLAY, others)
                return
        self._evaluate()
        self._open_support()

    def _evaluate(self) -> list[int]:
        r = self._rules
        combos = [[c.id for c in self._combo(s)] for s in range(self._n)]
        outcomes = list(_kernels.kernels.guerrilla_evaluate(combos, self._g, r.kicker, r.ace_low))
        self._outcomes = outcomes
        self._log.append(SkirmishEvaluated(tuple(outcomes)))
        return outcomes

    def _open_support(self) -> None:
        eligible = [
            s
            for s in self._active()
            if self._outcomes[s] in (_LOSE, _TIE) and self._supports[s] is None and self._hands[s]
        ]
        if eligible:
            self._poll(Phase.SUPPORT, eligible)
        else:
            self._after_support()

    def _on_support(self, moves: dict[int, Move]) -> None:
        supported = False
        for seat, move in moves.items():
            if isinstance(move, Support):
                self._hands[seat].remove(move.card)
                self._supports[seat] = move.card
                self._penalty[seat] = True
                self._log.append(SupportAdded(seat, move.card))
                supported = True
        if supported and self._rules.support_cascade:
            self._evaluate()
            self._open_support()
            return
        self._after_support()

    def _after_support(self) -> None:
        outcomes = self._evaluate()
        leaders = [s for s in range(self._n) if outcomes[s] in (_WIN, _TIE)]
        if len(leaders) == 1:
            self._finish(leaders)
            return
        self._first_tied = leaders
        self._tied = leaders
        self._tie_check()

    # --- GT-10 tie resolution ---------------------------------------------------------
    def _tie_check(self) -> None:
        cannot_play = self._rules.elimination_rule == "cannot_play"
        out = [
            s
            for s in self._tied
            if not self._draw[s]
            and not self._discard[s]
            and (not cannot_play or not self._hands[s])
        ]
        if out:
            self._eliminate(out)
        left = [s for s in self._tied if self._in[s]]
        self._tied = left
        if len(left) <= 1:
            self._finish(left)
            return
        self._drawn = [[] for _ in range(self._n)]
        for seat in left:
            self._draw_cards(seat, 2)
        self._tie_rounds.append([])
        self._poll(Phase.TIE, left)

    def _on_tie(self, moves: dict[int, Move]) -> None:
        rnd = self._tie_rounds[-1]
        for seat, move in moves.items():
            assert isinstance(move, TieCards)
            hand = self._hands[seat]
            if move.down is not None:
                hand.remove(move.down)
                if self._rules.tie_facedown_penalty:
                    self._penalty[seat] = True
            hand.remove(move.up)
            rnd.append((seat, move.down, move.up))
            self._log.append(TieCardsPlaced(seat, move.up, move.down is not None))
        combines = self._rules.tie_facedown_role == "combines"
        strengths = {
            seat: self._strength([up] if down is None or not combines else [down, up])
            for seat, down, up in rnd
        }
        best = max(strengths.values())
        leaders = [s for s, v in strengths.items() if v == best]
        outcome = _WIN if len(leaders) == 1 else _TIE
        outcomes = tuple(
            (outcome if s in leaders else _LOSE) if s in strengths else -1 for s in range(self._n)
        )
        self._log.append(SkirmishEvaluated(outcomes))
        self._drawn = [[] for _ in range(self._n)]
        if len(leaders) == 1:
            self._finish(leaders)
            return
        self._tied = leaders
        self._tie_check()

    # --- GT-11 Loss of Forces, GT-12 spoils, GT-13 spy, GT-14 end ----------------------
    def _table_order(self) -> list[tuple[int, Card, bool]]:
        """U in table order (§3.4) as (seat, card, was face up)."""
        order: list[tuple[int, Card, bool]] = []
        for seat in range(self._n):
            card = self._played[seat]
            if card is not None:
                order.append((seat, card, True))
        for seat in range(self._n):
            card = self._supports[seat]
            if card is not None:
                order.append((seat, card, True))
        for rnd in self._tie_rounds:
            for seat, down, up in rnd:
                if down is not None:
                    order.append((seat, down, False))
                order.append((seat, up, True))
        return order

    def _finish(self, winners: list[int]) -> None:
        self._winners = winners
        self._to_act = frozenset()
        for rnd in self._tie_rounds:
            for seat, down, _ in rnd:
                if down is not None:
                    self._log.append(FaceDownRevealed(seat, down))
        table = self._table_order()
        # GT-6.3, GT-A27: every Guerrilla put on the table sets its owner's flag (face-down
        # cards too; set now, when they are revealed, so no flag leaks a hidden card).
        for seat, card, _ in table:
            if self._is_guerrilla(card):
                self._played_g[seat] = True
        cards = [card for _, card, _ in table]
        lost = len(cards) // 2
        if lost and any(self._is_guerrilla(c) for c in cards):
            if self._rules.removal_choice == "winner_chooses" and len(winners) == 1:
                # One card per poll, so the choice stays linear in the size of the table.
                self._lost = []
                self._lost_needed = lost
                self._poll(Phase.REMOVE, winners)
                return
            sample = list(cards)
            self._rng.sample_prefix(sample, lost)
            self._loss_of_forces_chosen(sample[:lost])
            return
        self._loss_of_forces_chosen([])

    def _loss_of_forces_chosen(self, lost: list[Card]) -> None:
        table = self._table_order()
        winners = self._winners
        if lost:
            self._removed.extend(lost)
            self._log.append(ForcesLost(tuple(lost)))
        gone = set(lost)
        rest = [card for _, card, _ in table if card not in gone]
        receivers = winners or self._next_best()
        if receivers:
            shares: dict[int, list[Card]] = {s: [] for s in receivers}
            for i, card in enumerate(rest):
                shares[receivers[i % len(receivers)]].append(card)
            shares[receivers[0]].extend(self._forfeit)
            for seat in receivers:
                self._discard[seat].extend(shares[seat])
                self._log.append(SpoilsTaken(seat, tuple(shares[seat])))
        else:
            rest += self._forfeit
            self._removed.extend(rest)
            self._log.append(SpoilsTaken(-1, tuple(rest)))
        self._forfeit = []
        # GT-13: a winner captured a spy if another player's 7 was face up on the table.
        self._spy = [False] * self._n
        for w in winners:
            if any(s != w and up and c.rank == Rank.SEVEN for s, c, up in table):
                self._spy[w] = True
        self._log.append(SkirmishWon(self._k, tuple(winners)))
        for w in winners:
            if self._spy[w]:
                self._log.append(SpyFlagSet(w))
        self._played = [None] * self._n
        self._supports = [None] * self._n
        self._tie_rounds = []
        self._first_tied = []
        self._tied = []
        self._winners = []
        self._lost = []
        self._lost_needed = 0
        self._outcomes = [_LOSE] * self._n
        self._k += 1
        if sum(self._in) <= 1:
            self._end_by_elimination()
        elif self._k >= self._rules.max_skirmishes:
            self._end_at_cap()
        else:
            self._start_skirmish()

    def _next_best(self) -> list[int]:
        """GT-A25 alt ``next_best``: the best players outside the tie take unowned spoils."""
        if self._rules.no_winner_spoils != "next_best":
            return []
        others = [s for s in self._active() if s not in self._first_tied and self._played[s]]
        if not others:
            return []
        strengths = {s: self._strength(self._combo(s)) for s in others}
        best = max(strengths.values())
        return [s for s in others if strengths[s] == best]

    def _end_by_elimination(self) -> None:
        left = self._active()
        if left:
            winners = left
            termination = "last_player"
            if self._forfeit:
                self._discard[left[0]].extend(self._forfeit)
                self._log.append(SpoilsTaken(left[0], tuple(self._forfeit)))
        else:
            last = [s for s in range(self._n) if self._elim_time[s] == self._clock]
            winners = []
            termination = "all_eliminated"
            if self._rules.simultaneous_elimination == "most_cards":
                winners = _unique_max(last, lambda s: self._elim_hand[s])
            if self._forfeit:
                self._removed.extend(self._forfeit)
                self._log.append(SpoilsTaken(-1, tuple(self._forfeit)))
        self._forfeit = []
        self._end(termination, winners)

    def _end_at_cap(self) -> None:
        winners: list[int] = []
        if self._rules.cap_result == "most_cards":
            winners = _unique_max(
                self._active(),
                lambda s: len(self._hands[s]) + len(self._draw[s]) + len(self._discard[s]),
            )
        self._end("max_skirmishes", winners)

    def _end(self, termination: str, winners: list[int]) -> None:
        def key(seat: int) -> tuple[bool, float]:
            time = self._elim_time[seat]
            return (seat in winners, float("inf") if time is None else time)

        keys = [key(s) for s in range(self._n)]
        placings = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
        self._result = Result(frozenset(winners), termination, self._k, placings)
        self._phase = Phase.OVER
        self._to_act = frozenset()
        self._log.append(GameOver(self._result))


def _unique_max(seats: list[int], value: Any) -> list[int]:
    if not seats:
        return []
    values = {s: value(s) for s in seats}
    best = max(values.values())
    top = [s for s in seats if values[s] == best]
    return top if len(top) == 1 else []


class Guerrilla(Game[Rules]):
    """WAR: Guerrilla Tactics for 2–4 players.

    Args:
        players: 2, 3 or 4 (exactly 2 with ``rules.two_suit_variant``).
        rules: the options; default ``Rules()`` (the rulings).

    Raises:
        RulesError: a bad player count or combination.

    >>> Guerrilla(players=3).new_game(seed=1).players
    3
    >>> Guerrilla(players=3, rules=Rules(two_suit_variant=True))
    Traceback (most recent call last):
    ...
    cardwars.errors.RulesError: two_suit_variant is for 2 players, got players=3
    """

    name: ClassVar[str] = "guerrilla"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    rules_type: ClassVar[type[Any]] = Rules

    def __init__(self, players: int = 2, rules: Rules | None = None) -> None:
        self._players = check_players("guerrilla", players, 2, 4)
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a guerrilla.Rules, got {rules!r}")
        if rules.two_suit_variant and players != 2:
            raise RulesError(f"two_suit_variant is for 2 players, got players={players}")
        self._rules = rules

    def _deal(self, seed: int) -> State:
        return State.deal(self._rules, self._players, seed)

    def new_game(self, seed: int | None = None) -> State:
        """Deal a game from ``seed``; it rests at the first Play poll (after the first Draw)."""
        state = super().new_game(seed)
        assert isinstance(state, State)
        return state


# --- whole-game batches (the hooks of cardwars.simulate) ---------------------------------

_AGENT_CODES: dict[str, int] = {"random": 0, "greedy": 1}

BATCH_AGENTS: frozenset[str] = frozenset(_AGENT_CODES)
"""The built-in agents the compiled batch loop plays (by name)."""


def batch_supports(game: Guerrilla) -> bool:
    """True when the compiled batch loop plays ``game``'s rules.

    The loop implements the default rules; only ``two_suit_variant`` and
    ``max_skirmishes`` may differ (other options run through :func:`cardwars.play`).

    >>> batch_supports(Guerrilla(2, Rules(two_suit_variant=True))), batch_supports(
    ...     Guerrilla(2, Rules(kicker=True)))
    (True, False)
    """
    defaults = Rules(
        two_suit_variant=game.rules.two_suit_variant, max_skirmishes=game.rules.max_skirmishes
    )
    # The loop is compiled only: the state machine is its readable twin.
    return _kernels.BACKEND == "compiled" and game.rules == defaults


def run_batch(
    game: Guerrilla, agents: Sequence[str], seed: int, start: int, count: int
) -> dict[str, Any]:
    """Play games ``start .. start+count-1`` in the kernel's whole-game loop.

    Game ``k`` is dealt from ``derive_seed(seed, k)`` and is exactly the game
    :func:`cardwars.play` plays with the same agents (by name) from that seed.

    Returns:
        ``array.array`` columns ``"length"`` (skirmishes), ``"winner"`` (seat or -1),
        ``"termination"`` (index into :data:`TERMINATIONS`) and ``"guerrilla_rank"``
        (the final G).

    Raises:
        UsageError: an agent not in :data:`BATCH_AGENTS`, the wrong number of agents,
            or rules the loop does not implement (see :func:`batch_supports`).

    >>> out = run_batch(Guerrilla(3), ["random"] * 3, seed=1, start=0, count=5)
    >>> len(out["length"]), all(t < len(TERMINATIONS) for t in out["termination"])
    (5, True)
    """
    if (
        isinstance(agents, str)
        or len(agents) != game.players
        or any(a not in _AGENT_CODES for a in agents)
    ):
        raise UsageError(
            f"the Guerrilla batch loop plays {game.players} agents from "
            f"{sorted(BATCH_AGENTS)}, got {agents!r}"
        )
    if not batch_supports(game):
        raise UsageError(f"the Guerrilla batch loop plays the default rules only, got {game!r}")
    columns: dict[str, Any] = _kernels.kernels.guerrilla_batch(
        seed,
        start,
        count,
        game.players,
        game.rules.two_suit_variant,
        [_AGENT_CODES[a] for a in agents],
        game.rules.max_skirmishes,
    )
    return columns
