"""Clone War: War for two to four players with the J, Q and K of four decks (RULINGS §2).

Nobody makes a decision (CW-8): a :class:`State` rests before each battle with
``to_act`` empty, and ``apply({})`` plays exactly one battle (RULINGS §4.5).
The battle itself runs in the kernel (``cardwars._kernels._core.CloneWarTable``, or
its pure-Python twin); this module turns the kernel's log into typed events
and applies the cycle rule (CW-7.3) without hashing a single battle: at the
start and after every RNG draw it asks the kernel how many battles remain
until the rank-state first repeats (Brent's algorithm on a copy).

>>> from cardwars.clone_war import CloneWar, State
>>> state = State.from_piles([["KC", "JC"], ["QD", "QH"]])
>>> [type(e).__name__ for e in state.apply({})]
['CardsFlipped', 'PotCollected']
>>> [" ".join(map(str, pile)) for pile in state.piles]
['JC KC QD', 'QH']
>>> final = CloneWar(players=3).new_game(seed=42)
>>> while not final.is_over:
...     _ = final.apply({})
>>> final.result.termination
'last_player'
"""

from __future__ import annotations

import enum
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal

from cardwars import _kernels
from cardwars._kernels import pure_clone_war
from cardwars.cards import Card, Deck, Rank
from cardwars.engine import Event, Game, GameState, Move, Observation, Result, check_players
from cardwars.errors import CardParseError, RulesError, UsageError

if TYPE_CHECKING:
    from typing_extensions import Self

    from cardwars._kernels.pure_clone_war import CloneWarTable
    from cardwars._kernels.pure_rng import Rng

__all__ = [
    "BATCH_AGENTS",
    "TERMINATIONS",
    "CardsFlipped",
    "CloneWar",
    "CloneWarObservation",
    "Forfeited",
    "GameOver",
    "GreedyAgent",
    "LastCardShown",
    "Phase",
    "PlayersEliminated",
    "PotCollected",
    "PotSplit",
    "Rules",
    "State",
    "WarCardsPlaced",
    "WarStarted",
    "run_batch",
]

TERMINATIONS: tuple[str, ...] = ("last_player", "cycle", "cap")
"""How a game can end (CW-B3), indexed by the batch loop's ``"termination"`` column:
``last_player`` (one player has all the cards and wins), ``cycle`` (a repeated
rank-state, a draw) and ``cap`` (``max_battles`` reached)."""

_CARDS: tuple[Card, ...] = tuple(Deck.clone_war())  # index = Clone War card id (RULINGS §4.2)
_SEATS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(4) if mask >> s & 1) for mask in range(16)
)  # the seats of a 4-bit mask
_OP_FLIP = pure_clone_war.OP_FLIP
_OP_WAR = pure_clone_war.OP_WAR
_OP_FORFEIT = pure_clone_war.OP_FORFEIT
_OP_PLACE = pure_clone_war.OP_PLACE
_OP_LAST = pure_clone_war.OP_LAST
_OP_SPLIT = pure_clone_war.OP_SPLIT
_OP_COLLECT = pure_clone_war.OP_COLLECT
_OP_ELIMINATED = pure_clone_war.OP_ELIMINATED

CollectOrder = Literal["stage_winner_first", "stage_seat_order", "shuffled"]
ForfeitTo = Literal["pot", "dead"]
ShortWar = Literal["forfeit", "play_what_you_can"]
SplitRemainder = Literal["dead", "round_robin"]
CapResult = Literal["draw", "most_cards"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "collect_order": ("stage_winner_first", "stage_seat_order", "shuffled"),
    "forfeit_cards_to": ("pot", "dead"),
    "short_war": ("forfeit", "play_what_you_can"),
    "split_remainder": ("dead", "round_robin"),
    "cap_result": ("draw", "most_cards"),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of RULINGS §2.3; every default is the ruling.

    Attributes:
        collect_order: CW-A6. ``"stage_winner_first"``: stage by stage, the
            winner's records first, then clockwise; ``"stage_seat_order"``: stage
            by stage in seat order; ``"shuffled"``: the pot is shuffled (an RNG
            draw) before it goes under the winner's pile.
        forfeit_cards_to: CW-A12. Where a short player's forfeited cards go:
            ``"pot"`` or ``"dead"`` (the dead pile).
        short_war: CW-A14. ``"forfeit"`` (CW-5.2); or ``"play_what_you_can"``:
            nobody forfeits, a short player with one card plays it face up and
            one with none stands on their previous face-up card. In both, a
            stage where every tied player is short is settled by CW-5.3.
        split_remainder: CW-A17. Where the cards left over from a split go:
            ``"dead"`` or ``"round_robin"`` (dealt on in the same order).
        cycle_detection: CW-A21. End in a draw when the rank-state repeats.
        max_battles: CW-A21. The cap on battles, an int from 1 to 2**31 - 1
            (the compiled kernel logs battle numbers as C ints).
        cap_result: CW-A21. ``"draw"``, or ``"most_cards"``: the unique largest
            pile wins at the cap (a draw if several share it).

    Raises:
        RulesError: a value is not allowed; the message names the field.

    >>> from cardwars.clone_war import Rules
    >>> Rules(collect_order="shuffled").collect_order
    'shuffled'
    >>> Rules(split_remainder="halves")
    Traceback (most recent call last):
    ...
    cardwars.errors.RulesError: split_remainder must be one of 'dead', 'round_robin'; got 'halves'
    """

    collect_order: CollectOrder = "stage_winner_first"
    forfeit_cards_to: ForfeitTo = "pot"
    short_war: ShortWar = "forfeit"
    split_remainder: SplitRemainder = "dead"
    cycle_detection: bool = True
    max_battles: int = 10000
    cap_result: CapResult = "draw"

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if not isinstance(value, str) or value not in allowed:
                shown = ", ".join(repr(a) for a in allowed)
                raise RulesError(f"{name} must be one of {shown}; got {value!r}")
        if not isinstance(self.cycle_detection, bool):
            raise RulesError(f"cycle_detection must be True or False; got {self.cycle_detection!r}")
        battles = self.max_battles
        if isinstance(battles, bool) or not isinstance(battles, int) or not 1 <= battles < 2**31:
            raise RulesError(
                f"max_battles must be an int from 1 to 2**31 - 1 (2147483647); got {battles!r}"
            )

    def batch_options(self) -> dict[str, int]:
        """These rules as the int arguments of ``clone_war_batch``.

        >>> from cardwars.clone_war import Rules
        >>> Rules(short_war="play_what_you_can").batch_options()["short_war"]
        1
        """
        return {
            name: _CHOICES[name].index(getattr(self, name)) if name in _CHOICES else int(value)
            for name, value in (
                ("collect_order", self.collect_order),
                ("forfeit_cards_to", self.forfeit_cards_to),
                ("short_war", self.short_war),
                ("split_remainder", self.split_remainder),
                ("cycle_detection", self.cycle_detection),
                ("max_battles", self.max_battles),
                ("cap_result", self.cap_result),
            )
        }

    def _table_options(self) -> tuple[int, int, int, int, int, int]:
        o = self.batch_options()
        return (
            o["collect_order"],
            o["forfeit_cards_to"],
            o["short_war"],
            o["split_remainder"],
            o["max_battles"],
            o["cap_result"],
        )


class Phase(enum.Enum):
    """Where a Clone War state rests.

    >>> from cardwars.clone_war import CloneWar, Phase
    >>> CloneWar().new_game(seed=1).phase
    <Phase.BATTLE: 'battle'>
    """

    BATTLE = "battle"
    """The state waits for the next battle, which ``apply({})`` plays."""
    OVER = "over"
    """The game has ended, and :attr:`~cardwars.engine.GameState.result` says how."""


# --- events ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardsFlipped(Event):
    """CW-3.1: battle ``battle`` starts; every player in turns their top card face up.

    >>> from cardwars.clone_war import State
    >>> flipped = State.from_piles([["KC", "JC"], ["QD", "QH"]]).apply({})[0]
    >>> flipped.battle, [(seat, str(card)) for seat, card in flipped.cards]
    (1, [(0, 'KC'), (1, 'QD')])
    """

    battle: int
    cards: tuple[tuple[int, Card], ...]
    """``(seat, card)`` in seat order."""


@dataclass(frozen=True, slots=True)
class WarStarted(Event):
    """CW-4: war stage ``stage`` (1, 2, …) of this battle begins among ``seats``.

    >>> from cardwars.clone_war import State
    >>> State.from_piles([["KC", "JC", "QC"], ["KD", "JD", "JH"]]).apply({})[1]  # K = K
    WarStarted(stage=1, seats=(0, 1))
    """

    stage: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Forfeited(Event):
    """CW-5.2: ``seat`` is short and forfeits its ``cards`` (0 or 1) face-down cards.

    They go to the pot, or to the dead pile when ``to_dead`` (``forfeit_cards_to="dead"``).

    >>> from cardwars.clone_war import State
    >>> events = State.from_piles([["KC", "JC"], ["KD", "QD", "JD"]]).apply({})
    >>> events[2]  # P0 has one card left, not the two a war needs
    Forfeited(seat=0, cards=1, to_dead=False)
    """

    seat: int
    cards: int
    to_dead: bool


@dataclass(frozen=True, slots=True)
class WarCardsPlaced(Event):
    """CW-4.2: ``seat`` places one card face down and ``face_up`` face up.

    >>> from cardwars.clone_war import State, WarCardsPlaced
    >>> events = State.from_piles([["KC", "JC", "QC"], ["KD", "JD", "JH"]]).apply({})
    >>> [(e.seat, str(e.face_up)) for e in events if isinstance(e, WarCardsPlaced)]
    [(0, 'QC'), (1, 'JH')]
    """

    seat: int
    face_up: Card


@dataclass(frozen=True, slots=True)
class LastCardShown(Event):
    """CW-5.3 (or ``short_war="play_what_you_can"``): ``seat`` fights with ``card``.

    ``played`` is True when the card was just played from the pile, False when
    the seat has no cards and stands on its previous face-up card (CW-B6).

    >>> from cardwars.clone_war import LastCardShown, State
    >>> events = State.from_piles([["KC", "JC"], ["KD"]]).apply({})  # both short
    >>> [(e.seat, str(e.card), e.played) for e in events if isinstance(e, LastCardShown)]
    [(0, 'JC', True), (1, 'KD', False)]
    """

    seat: int
    card: Card
    played: bool


@dataclass(frozen=True, slots=True)
class PotSplit(Event):
    """CW-5.3: the pot is shuffled and dealt to ``seats``, ``cards_each`` each at least.

    ``to_dead`` cards are left over and go to the dead pile (``split_remainder="dead"``);
    with ``"round_robin"`` they are dealt on, so ``to_dead`` is 0.

    >>> from cardwars.clone_war import State
    >>> events = State.from_piles([["KC"], ["KD"], ["QD"]]).apply({})  # a tie, nobody can war
    >>> events[4]  # three cards in the pot: one each for P0 and P1, one dead
    PotSplit(seats=(0, 1), cards_each=1, to_dead=1)
    """

    seats: tuple[int, ...]
    cards_each: int
    to_dead: int


@dataclass(frozen=True, slots=True)
class PotCollected(Event):
    """CW-6: ``seat`` puts the ``cards`` of the pot under its pile (``shuffled`` first or not).

    >>> from cardwars.clone_war import State
    >>> State.from_piles([["KC", "JC"], ["QD", "QH"]]).apply({})[1]  # K beats Q
    PotCollected(seat=0, cards=2, shuffled=False)
    """

    seat: int
    cards: int
    shuffled: bool


@dataclass(frozen=True, slots=True)
class PlayersEliminated(Event):
    """CW-7.1: ``seats`` have no cards left; they share ``place``.

    >>> from cardwars.clone_war import State
    >>> State.from_piles([["KC"], ["KD"], ["QD"]]).apply({})[5]  # P2 lost its only card
    PlayersEliminated(seats=(2,), place=3)
    """

    seats: tuple[int, ...]
    place: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """CW-7.2, CW-7.3: the game has ended.

    >>> from cardwars.clone_war import State
    >>> over = State.from_piles([["KC"], ["QD"]]).apply({})[-1]
    >>> over.result.winner, over.result.termination, over.result.length
    (0, 'last_player', 1)
    """

    result: Result


@dataclass(frozen=True, slots=True)
class CloneWarObservation(Observation):
    """What every seat may know (CW-8); all seats know the same.

    Pile contents are never shown, only sizes. ``face_up`` holds the face-up
    cards of the latest battle as ``(seat, card)`` in the order they were shown.
    The pot is empty whenever a state rests, so ``pot_size`` is 0 then.

    >>> from cardwars.clone_war import State
    >>> state = State.from_piles([["KC", "JC"], ["QD", "QH"]])
    >>> _ = state.apply({})
    >>> obs = state.observation(1)
    >>> obs.pile_sizes, [(seat, str(card)) for seat, card in obs.face_up], obs.battles
    ((3, 1), [(0, 'KC'), (1, 'QD')], 1)
    """

    seat: int
    pile_sizes: tuple[int, ...]
    pot_size: int
    dead_size: int
    face_up: tuple[tuple[int, Card], ...]
    eliminated: frozenset[int]
    battles: int
    wars: int
    is_over: bool


# --- the state ------------------------------------------------------------------------


def _card_id(card: Card) -> int:
    return card.deck * 12 + card.suit.value * 3 + (card.rank.value - Rank.JACK.value)


def _read_card(item: object, seat: int) -> int:
    try:
        card = Card.parse(item) if isinstance(item, str) else item
    except CardParseError as exc:
        raise CardParseError(f"pile {seat}: {exc}") from None
    if not isinstance(card, Card):
        raise RulesError(f"pile {seat} holds {item!r}; give Card objects or card strings")
    if card.rank not in (Rank.JACK, Rank.QUEEN, Rank.KING):
        raise RulesError(f"Clone War uses only J, Q and K; pile {seat} holds {card}")
    return _card_id(card)


class State(GameState[Phase]):
    """A Clone War position, god's-eye: :attr:`piles` (top first), :attr:`pot`, :attr:`dead`.

    Build one with :meth:`CloneWar.new_game` or :meth:`from_piles`; advance it
    with ``apply({})``, one battle per call.

    >>> from cardwars.clone_war import CloneWar
    >>> state = CloneWar(players=3).new_game(seed=7)
    >>> [len(pile) for pile in state.piles], state.dead, state.battles  # 48 cards, 16 each
    ([16, 16, 16], (), 0)
    >>> " ".join(map(str, state.piles[0][:3]))  # P0's top cards; the digit is the source deck
    'JH1 KD2 QC2'
    """

    __slots__ = ("_cycle_at", "_face_up", "_result", "_rules", "_seed", "_table")

    game_name: ClassVar[str] = "clone-war"
    _table: CloneWarTable
    _rules: Rules
    _seed: int
    _face_up: tuple[tuple[int, Card], ...]
    _cycle_at: int  # the battle after which the cycle rule ends the game, or -1
    _result: Result | None

    def __init__(self) -> None:
        raise TypeError("build a Clone War state with CloneWar.new_game() or State.from_piles()")

    @classmethod
    def _from_table(cls, table: CloneWarTable, rules: Rules, seed: int) -> State:
        self = cls.__new__(cls)
        GameState.__init__(self)
        self._table = table
        self._rules = rules
        self._seed = seed
        self._face_up = ()
        self._cycle_at = -1
        self._result = None
        if table.termination >= 0:
            self._result = self._make_result()
        else:
            self._look_for_cycle()
        return self

    @classmethod
    def _deal(cls, players: int, rules: Rules, seed: int) -> State:
        """CW-2 and RULINGS §2.4: shuffle the canonical 48 cards, deal round-robin."""
        rng = _kernels.kernels.Rng(seed)
        deck = list(range(48))
        rng.shuffle(deck)
        per = len(deck) // players
        piles = [deck[s : per * players : players] for s in range(players)]
        table = _kernels.kernels.CloneWarTable(
            piles, deck[per * players :], rng.state, *rules._table_options()
        )
        return cls._from_table(table, rules, seed)

    @classmethod
    def from_piles(
        cls,
        piles: Sequence[Sequence[Card | str]],
        *,
        rules: Rules | None = None,
        rng_seed: int = 0,
    ) -> State:
        """Build the position before battle 1 from each seat's pile, top first (CW-B7).

        Cards are :class:`~cardwars.cards.Card` objects or strings (``"KS"``,
        ``"K♠2"`` for source deck 2). A seat with an empty pile is out from the
        start; if only one seat has cards the game is already won (0 battles).

        Raises:
            RulesError: ``piles`` is not a sequence of 2–4 sequences of cards, a card
                that is not J, Q or K, the same card (rank, suit and source deck)
                twice, no cards at all, bad ``rules``, or ``rng_seed`` not an int in
                [0, 2**64).
            CardParseError: card text that is not a card.

        >>> from cardwars.clone_war import State
        >>> state = State.from_piles([["KC", "JC", "QC", "QD"], ["KD", "KH", "JD", "JH"]])
        >>> events = state.apply({})
        >>> [str(card) for card in state.piles[0]]
        ['QD', 'KC', 'KD', 'JC', 'QC', 'KH', 'JD']
        """
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a clone_war.Rules, got {rules!r}")
        if isinstance(rng_seed, bool) or not isinstance(rng_seed, int) or not 0 <= rng_seed < 2**64:
            raise RulesError(f"rng_seed must be an int in [0, 2**64), got {rng_seed!r}")
        if isinstance(piles, (str, bytes)) or not isinstance(piles, Sequence):
            raise RulesError(f"piles must be a sequence of piles, got {piles!r}")
        check_players("clone-war", len(piles), 2, 4)
        for seat, given in enumerate(piles):
            if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
                raise RulesError(f"pile {seat} must be a sequence of cards, got {given!r}")
        ids = [[_read_card(item, seat) for item in pile] for seat, pile in enumerate(piles)]
        seen: set[int] = set()
        for seat, pile in enumerate(ids):
            for card in pile:
                if card in seen:
                    raise RulesError(f"{_CARDS[card]} appears twice (again in pile {seat})")
                seen.add(card)
        if not seen:
            raise RulesError("a Clone War position needs at least one card")
        table = _kernels.kernels.CloneWarTable(ids, [], rng_seed, *rules._table_options())
        return cls._from_table(table, rules, rng_seed)

    # --- the GameState protocol ---------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return self._table.players

    @property
    def phase(self) -> Phase:
        """:attr:`Phase.OVER` once the game has ended, else :attr:`Phase.BATTLE`."""
        return Phase.OVER if self._result is not None else Phase.BATTLE

    @property
    def to_act(self) -> frozenset[int]:
        """The empty set, always, as nobody decides anything in Clone War (§2.2)."""
        return frozenset()

    def legal_moves(self, player: int) -> tuple[Move, ...]:
        """The empty tuple, always, as Clone War has no moves."""
        self._check_seat(player)
        return ()

    @property
    def rng(self) -> Rng:
        """A copy of the game RNG, at its current point."""
        rng: Rng = _kernels.kernels.Rng(self._table.rng_state)
        return rng

    @property
    def rules(self) -> Rules:
        """The rules this game is played by."""
        return self._rules

    def observation(self, player: int) -> CloneWarObservation:
        """The public facts (CW-8): pile sizes, face-up cards, pot and dead-pile sizes.

        >>> from cardwars.clone_war import State
        >>> obs = State.from_piles([["KC", "JC"], ["QD"]]).observation(1)
        >>> obs.pile_sizes, obs.face_up
        ((2, 1), ())
        """
        self._check_seat(player)
        return CloneWarObservation(
            seat=player,
            pile_sizes=self._pile_sizes(),
            pot_size=0,
            dead_size=len(self._table.dead),
            face_up=self._face_up,
            eliminated=self.eliminated,
            battles=self._table.battles,
            wars=self._table.wars,
            is_over=self._result is not None,
        )

    def copy(self) -> Self:
        """An independent copy, RNG state and history included."""
        other = type(self).__new__(type(self))
        GameState.__init__(other)
        other._history = [dict(step) for step in self._history]
        other._table = self._table.copy()
        other._rules = self._rules
        other._seed = self._seed
        other._face_up = self._face_up
        other._cycle_at = self._cycle_at
        other._result = self._result
        return other

    # --- god's-eye view ----------------------------------------------------------------
    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's pile, top first."""
        table = self._table
        return tuple(tuple(_CARDS[c] for c in table.pile(s)) for s in range(self._table.players))

    @property
    def pot(self) -> tuple[Card, ...]:
        """The cards on the table, always empty at rest (every battle ends with the pot taken)."""
        return ()

    @property
    def dead(self) -> tuple[Card, ...]:
        """The dead pile, top first (CW-2.2, CW-5.3, ``forfeit_cards_to="dead"``)."""
        return tuple(_CARDS[c] for c in self._table.dead)

    @property
    def eliminated(self) -> frozenset[int]:
        """The seats that are out."""
        table = self._table
        return frozenset(s for s in range(self._table.players) if table.eliminated_after(s) >= 0)

    @property
    def battles(self) -> int:
        """Battles played so far (CW-B2)."""
        return self._table.battles

    @property
    def wars(self) -> int:
        """War stages begun so far (CW-B2); a double war counts 2."""
        return self._table.wars

    # --- stepping -----------------------------------------------------------------
    def _pile_sizes(self) -> tuple[int, ...]:
        table = self._table
        return tuple(table.pile_size(s) for s in range(table.players))

    def apply(self, moves: Mapping[int, Move]) -> tuple[Event, ...]:
        """Play one battle: ``apply({})``. Nobody is polled, so the only valid input is ``{}``.

        Raises:
            IllegalMoveError: the game is over, or ``moves`` is not empty.
        """
        if type(moves) is dict and not moves and self._result is None:
            # The one valid input while the game runs; the base class would accept it too.
            events = self._apply({})
            self._history.append({})
            return events
        return super().apply(moves)

    def _apply(self, moves: dict[int, Move]) -> tuple[Event, ...]:
        table = self._table
        log = table.battle()
        events, drew = self._events(log)
        if table.termination < 0:
            if table.battles == self._cycle_at:
                table.end_in_cycle()
            elif drew:
                self._look_for_cycle()  # CW-B4: a draw forgets every earlier state
        if table.termination >= 0:
            self._result = self._make_result()
            events.append(GameOver(self._result))
        return tuple(events)

    def _look_for_cycle(self) -> None:
        """Find when the cycle rule would end the game, before it can happen (CW-B3, B4)."""
        self._cycle_at = -1
        if not self._rules.cycle_detection:
            return
        table = self._table
        j = table.cycle_length()
        if j >= 0 and table.battles + j < self._rules.max_battles:
            self._cycle_at = table.battles + j

    def _events(self, log: list[int]) -> tuple[list[Event], bool]:
        """Turn a battle's kernel log into events; True if the battle drew from the RNG."""
        cards = _CARDS
        # The log opens with the stage-0 flips, one entry per seat still in.
        first = 0
        end = len(log)
        flips: list[tuple[int, Card]] = []
        while first < end and log[first] == _OP_FLIP:
            flips.append((log[first + 1], cards[log[first + 2]]))
            first += 4
        face_up = tuple(flips)
        events: list[Event] = [CardsFlipped(self._table.battles, face_up)]
        drew = False
        for i in range(first, end, 4):
            op, a, b, c = log[i], log[i + 1], log[i + 2], log[i + 3]
            if op == _OP_COLLECT:
                events.append(PotCollected(a, b, c == 1))
                drew = c == 1
            elif op == _OP_WAR:
                events.append(WarStarted(a, _SEATS[b]))
            elif op == _OP_PLACE:
                events.append(WarCardsPlaced(a, cards[c]))
                face_up += ((a, cards[c]),)
            elif op == _OP_FORFEIT:
                events.append(Forfeited(a, int(b >= 0), c == 1))
            elif op == _OP_LAST:
                events.append(LastCardShown(a, cards[b], c == 1))
                if c:
                    face_up += ((a, cards[b]),)
            elif op == _OP_SPLIT:
                events.append(PotSplit(_SEATS[a], b, c))
                drew = True
            elif op == _OP_ELIMINATED:
                still_in = self._table.players - len(self.eliminated)
                events.append(PlayersEliminated(_SEATS[a], still_in + 1))
        self._face_up = face_up
        return events, drew

    def _make_result(self) -> Result:
        table = self._table
        n = self._table.players
        winner = table.winner
        termination = TERMINATIONS[table.termination]
        most_cards = termination == "cap" and self._rules.cap_result == "most_cards"
        # Later elimination ranks higher; seats still in rank above every eliminated seat.
        keys: list[tuple[int, int]] = []
        for s in range(n):
            out = table.eliminated_after(s)
            if out >= 0:
                keys.append((0, out))
            else:
                keys.append((1, table.pile_size(s) if most_cards else 0))
        placings = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
        winners = frozenset({winner}) if winner >= 0 else frozenset()
        return Result(winners, termination, table.battles, placings)

    def _snapshot(self) -> tuple[object, ...]:
        table = self._table
        n = self._table.players
        return (
            self._rules,
            self._seed,
            tuple(table.pile(s) for s in range(n)),
            table.dead,
            tuple(table.eliminated_after(s) for s in range(n)),
            table.rng_state,
            table.battles,
            table.wars,
            table.termination,
            table.winner,
            self._cycle_at,
            self._face_up,
        )

    def __repr__(self) -> str:
        piles = " | ".join(" ".join(map(str, pile)) for pile in self.piles)
        return f"<clone_war.State battle {self.battles}, {self.phase.name}: {piles}>"


class CloneWar(Game[Rules]):
    """Clone War for 2–4 players (CW-1.1).

    Raises:
        RulesError: ``players`` is not 2, 3 or 4, or ``rules`` is not a :class:`Rules`.

    >>> from cardwars.clone_war import CloneWar
    >>> game = CloneWar(players=4)
    >>> state = game.new_game(seed=1)
    >>> [len(pile) for pile in state.piles]
    [12, 12, 12, 12]
    """

    name: ClassVar[str] = "clone-war"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    rules_type: ClassVar[type[Rules]] = Rules

    def __init__(self, players: int = 2, rules: Rules | None = None) -> None:
        self._players = check_players(self.name, players, self.min_players, self.max_players)
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a clone_war.Rules, got {rules!r}")
        self._rules = rules

    def new_game(self, seed: int | None = None) -> State:
        """Deal a game from ``seed`` (RULINGS §2.4); None picks a fresh random seed."""
        state = super().new_game(seed)
        assert isinstance(state, State)
        return state

    def _deal(self, seed: int) -> State:
        return State._deal(self._players, self._rules, seed)


class GreedyAgent:
    """The built-in ``"greedy"`` agent for Clone War.

    Nobody ever decides anything in Clone War (CW-8), so no agent is ever asked
    for a move and every agent plays the same games; this class exists so that
    each built-in agent name works for every game.

    >>> import cardwars
    >>> a = cardwars.play(cardwars.load_game("clone-war"), ["greedy", "greedy"], seed=3)
    >>> b = cardwars.play(cardwars.load_game("clone-war"), ["random", "random"], seed=3)
    >>> a == b
    True
    """

    name = "greedy"

    def choose(self, observation: object, legal_moves: Sequence[Move], rng: Rng) -> Move:
        """Return the first legal move (never called in Clone War).

        Raises:
            UsageError: ``legal_moves`` is empty.
        """
        if not legal_moves:
            raise UsageError("GreedyAgent.choose() was given no legal moves")
        return legal_moves[0]

    def __repr__(self) -> str:
        return "GreedyAgent()"


BATCH_AGENTS: frozenset[str] = frozenset({"random", "greedy"})
"""Built-in agents :func:`run_batch` stands in for. Nobody decides anything in
Clone War (CW-8), so every agent plays the same games."""


def run_batch(
    game: CloneWar, agents: tuple[str, ...], seed: int, start: int, count: int
) -> dict[str, array[int]]:
    """Play games ``start .. start+count-1`` of ``game`` in the kernel's batch loop.

    Game ``k`` is dealt from ``derive_seed(seed, k)`` and is exactly the game
    the state machine plays from that seed. ``agents`` are ignored (no decisions).

    Returns:
        ``array.array`` columns: ``"length"`` (battles), ``"wars"``, ``"winner"``
        (seat, -1 for a draw) and ``"termination"`` (index into :data:`TERMINATIONS`).

    >>> from cardwars.clone_war import CloneWar, run_batch
    >>> cols = run_batch(CloneWar(players=3), ("random",) * 3, seed=0, start=0, count=4)
    >>> len(cols["length"]), set(cols["termination"])
    (4, {0})
    """
    columns: dict[str, array[int]] = _kernels.kernels.clone_war_batch(
        seed, start, count, game.players, **game.rules.batch_options()
    )
    return columns
