"""Aliwar: two players, five stacks each, a protection card and simultaneous secret switches.

This module is the readable, executable statement of RULINGS §1 (clauses
AW-1 … AW-8, rulings AW-A1 … AW-A21, edge cases AW-B1 … AW-B9). A round is

1. **Switch** (AW-4): both players, at once, exchange two of their own six
   face-up cards (five stack tops and the protection card ``P``);
2. **Conflict** (AW-5): each column's two top cards fight; a card is
   *protected* when its suit is that of its owner's protection card;
3. **End check** (AW-7.1–7.4): a player with two empty stacks, or one and no
   won card, is dead; the game ends here, before any keep (AW-A20, AW-B1);
4. **Keep** (AW-6.2): every player who won a card may keep one of them at the
   bottom of one of their stacks (and must, into an emptied stack);
5. **Discard and return** (AW-6.3, AW-6.4): the other won cards leave the game;
   winning and tying cards go to the bottom of the stack they fought from;
6. **Flip** (AW-7.5), and the caps of AW-7.6.

Stacks are numbered 0–4 and the protection position is :data:`PROTECTION` = 5
(AW-B9); people see them as 1–5 and P. Every pile is top first.

>>> game = Aliwar()
>>> state = game.new_game(seed=42)
>>> state.phase, sorted(state.to_act), len(state.legal_moves(0))
(<Phase.SWITCH: 'switch'>, [0, 1], 15)
>>> str(state.stacks[0][0][0]), str(state.protection[1])
('AH', '3C')
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal

from cardwars import _kernels
from cardwars.cards import Card, Deck, Suit
from cardwars.engine import Event, Game, GameState, Move, Observation, Result
from cardwars.errors import CardParseError, IllegalMoveError, RulesError, UsageError

if TYPE_CHECKING:
    from typing_extensions import Self

    from cardwars._kernels.pure_rng import Rng

__all__ = [
    "BATCH_AGENTS",
    "PROTECTION",
    "STACKS",
    "TERMINATIONS",
    "Aliwar",
    "AliwarObservation",
    "CardKept",
    "CardsDiscarded",
    "CardsReturned",
    "ConflictResolved",
    "Decline",
    "GameOver",
    "GreedyAgent",
    "Keep",
    "KeepDeclined",
    "Phase",
    "Rules",
    "StackEmptied",
    "State",
    "Switch",
    "SwitchesRevealed",
    "TopsFlipped",
    "resolve_conflict",
    "run_batch",
]

PROTECTION: Final = 5
"""The position id of the protection card in :class:`Switch` (stacks are 0–4)."""

STACKS: Final = 5
"""Stacks per player."""

TERMINATIONS: Final[tuple[str, ...]] = ("empty_stack", "double_loss", "no_progress", "max_rounds")
"""The ways a game ends (AW-B4), in the order of the batch kernel's ``termination`` codes:

* ``"empty_stack"`` — exactly one player is dead (AW-7.3); the other wins;
* ``"double_loss"`` — both are dead in the same round (AW-A15);
* ``"no_progress"`` — ``no_progress_limit`` rounds in a row without a discard (AW-A17);
* ``"max_rounds"`` — ``max_rounds`` rounds were played (AW-A17).
"""

_SEATS: Final = (0, 1)
_TIE: Final = -1


class Phase(enum.Enum):
    """Where an Aliwar state rests (RULINGS §4.5).

    >>> state = Aliwar().new_game(seed=42)  # a fresh game rests at the first Switch
    >>> state.phase, sorted(state.to_act)
    (<Phase.SWITCH: 'switch'>, [0, 1])
    """

    SWITCH = "switch"
    """Both players choose a switch, simultaneously (AW-4)."""
    KEEP = "keep"
    """The players who won a card choose a keep or decline, simultaneously (AW-6.2)."""
    OVER = "over"
    """The game has ended; :attr:`~cardwars.engine.GameState.result` says how."""


# --- rules -----------------------------------------------------------------------------------


# The largest no_progress_limit and max_rounds: both backends count rounds in C long longs
# (``_core_aliwar.pxi``) or Python ints, so this is a round number far inside either.
_MAX_CAP: Final = 10**9

_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "kept_card_position": ("above_returning", "below_returning"),
    "double_loss_result": ("draw", "most_cards"),
    "cap_result": ("draw", "most_cards"),
    "view_recall": ("perfect", "face_up_only"),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of RULINGS §1.4; every default is the ruling.

    Attributes:
        allow_null_switch: allow ``Switch(p, p)``, "no switch" (AW-A3, AW-B6).
        kept_card_position: a kept card lies ``"above_returning"`` (placed first) or
            ``"below_returning"`` the card returning to the same stack (AW-A11).
        double_loss_result: both players dead in one round is a ``"draw"``, or won by the
            player with ``"most_cards"`` in their stacks (a draw if equal; AW-A15, AW-B2).
        no_progress_limit: the game is a cap draw after this many rounds in a row
            without a discard (AW-A17); an int from 1 to 10**9.
        max_rounds: the game is a cap draw after this many rounds (AW-A17); an int
            from 1 to 10**9.
        cap_result: what either cap gives: ``"draw"`` or ``"most_cards"`` (AW-B3).
        view_recall: ``"perfect"``: observations show every once-seen face-down card;
            ``"face_up_only"``: only the cards face up now (AW-8.3).

    >>> Rules(kept_card_position="below_returning").kept_card_position
    'below_returning'
    >>> Rules(max_rounds=0)
    Traceback (most recent call last):
    ...
    cardwars.errors.RulesError: max_rounds must be an int >= 1 and <= 1000000000 (10**9), got 0
    """

    allow_null_switch: bool = False
    kept_card_position: Literal["above_returning", "below_returning"] = "above_returning"
    double_loss_result: Literal["draw", "most_cards"] = "draw"
    no_progress_limit: int = 100
    max_rounds: int = 1000
    cap_result: Literal["draw", "most_cards"] = "draw"
    view_recall: Literal["perfect", "face_up_only"] = "perfect"

    def __post_init__(self) -> None:
        if not isinstance(self.allow_null_switch, bool):
            raise RulesError(
                f"allow_null_switch must be True or False, got {self.allow_null_switch!r}"
            )
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                shown = ", ".join(repr(choice) for choice in allowed)
                raise RulesError(f"{name} must be one of {shown}, got {value!r}")
        for name in ("no_progress_limit", "max_rounds"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= _MAX_CAP:
                raise RulesError(
                    f"{name} must be an int >= 1 and <= {_MAX_CAP} (10**9), got {value!r}"
                )

    def kernel_args(self) -> dict[str, int]:
        """These rules as the int keyword arguments of the batch kernel ``aliwar_batch``.

        ``view_recall`` only changes observations, so it is not passed.

        >>> Rules(cap_result="most_cards").kernel_args()["cap_result"]
        1
        """
        args: dict[str, int] = {}
        for field in fields(self):
            value = getattr(self, field.name)
            if field.name == "view_recall":
                continue
            if field.name in _CHOICES:
                args[field.name] = _CHOICES[field.name].index(value)
            else:
                args[field.name] = int(value)
        return args


# --- moves -----------------------------------------------------------------------------------


def _check_position(value: object, what: str, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise IllegalMoveError(f"{what} must be an int 0..{high}, got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Switch(Move):
    """Exchange the face-up cards at positions ``a`` and ``b`` (0–4 stacks, 5 protection; AW-4).

    The pair is unordered, so it is stored with ``a <= b`` (AW-T8); ``Switch(p, p)``
    is the null switch, stored as ``Switch(PROTECTION, PROTECTION)`` (AW-B6).

    >>> Switch(2, 1) == Switch(1, 2), Switch(3, 3)
    (True, Switch(a=5, b=5))
    """

    a: int
    b: int

    def __post_init__(self) -> None:
        a = _check_position(self.a, "Switch position a", PROTECTION)
        b = _check_position(self.b, "Switch position b", PROTECTION)
        if a == b:
            a = b = PROTECTION
        object.__setattr__(self, "a", min(a, b))
        object.__setattr__(self, "b", max(a, b))

    @property
    def is_null(self) -> bool:
        """True for the null switch (only legal with ``allow_null_switch``)."""
        return self.a == self.b


@dataclass(frozen=True, slots=True)
class Keep(Move):
    """Keep the won ``card`` face down at the bottom of own stack ``stack`` (0–4; AW-6.2).

    >>> Keep(Card.parse("7D"), 2)
    Keep(card=Card(rank=Rank.SEVEN, suit=Suit.DIAMONDS), stack=2)
    """

    card: Card
    stack: int

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise IllegalMoveError(f"Keep needs a Card, got {self.card!r}")
        _check_position(self.stack, "Keep stack", STACKS - 1)


@dataclass(frozen=True, slots=True)
class Decline(Move):
    """Keep none of the won cards; all of them are discarded (AW-6.2, AW-6.3).

    >>> state = State.from_layout([[["5H", "2C"], ["3C"], ["4C"], ["8C"], ["9C"]],
    ...                            [["5D", "2D"], ["3D"], ["4D"], ["8D"], ["9D"]]], ["AH", "AS"])
    >>> _ = state.apply({0: Switch(3, 4), 1: Switch(3, 4)})  # 5H (protected) wins 5D
    >>> state.legal_moves(0)[0]  # offered first in the Keep phase (no forced refill)
    Decline()
    >>> _ = state.apply({0: Decline()})
    >>> [str(card) for card in state.discard]
    ['5D']
    """


_SWITCHES: Final[tuple[Switch, ...]] = tuple(
    Switch(a, b) for a in range(PROTECTION + 1) for b in range(a + 1, PROTECTION + 1)
)
_SWITCHES_WITH_NULL: Final = (*_SWITCHES, Switch(PROTECTION, PROTECTION))


# --- events ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SwitchesRevealed(Event):
    """Both switches, revealed together (AW-4.2) and then performed; ``switches[seat]``.

    >>> state = Aliwar().new_game(seed=42)
    >>> state.apply({0: Switch(0, 5), 1: Switch(2, 1)})[0]
    SwitchesRevealed(switches=(Switch(a=0, b=5), Switch(a=1, b=2)))
    """

    switches: tuple[Switch, Switch]


@dataclass(frozen=True, slots=True)
class ConflictResolved(Event):
    """One column's conflict (AW-5): ``cards[seat]``, ``protected[seat]``, the winner or None.

    >>> state = State.from_layout([[["5H", "2C"], ["3C"], ["4C"], ["8C"], ["9C"]],
    ...                            [["5D", "2D"], ["3D"], ["4D"], ["8D"], ["9D"]]], ["AH", "AS"])
    >>> events = state.apply({0: Switch(3, 4), 1: Switch(3, 4)})  # 5H (protected) wins 5D
    >>> first = events[1]  # column 0: the protected 5H wins on equal rank (AW-5.4)
    >>> first.column, [str(card) for card in first.cards], first.protected, first.winner
    (0, ['5H', '5D'], (True, False), 0)
    """

    column: int
    cards: tuple[Card, Card]
    protected: tuple[bool, bool]
    winner: int | None


@dataclass(frozen=True, slots=True)
class StackEmptied(Event):
    """``seat``'s ``stack`` lost its last card (AW-7.1).

    >>> state = State.from_layout([[["5H", "2C"], ["3C"], ["4C"], ["8C"], ["9C"]],
    ...                            [["5D"], ["3D"], ["4D"], ["8D"], ["9D"]]], ["AH", "AS"])
    >>> events = state.apply({0: Switch(3, 4), 1: Switch(3, 4)})  # 5H (protected) wins 5D
    >>> [event for event in events if isinstance(event, StackEmptied)]
    [StackEmptied(seat=1, stack=0)]
    """

    seat: int
    stack: int


@dataclass(frozen=True, slots=True)
class CardKept(Event):
    """``seat`` kept the won ``card`` at the bottom of its ``stack`` (AW-6.2).

    >>> state = State.from_layout([[["5H", "2C"], ["3C"], ["4C"], ["8C"], ["9C"]],
    ...                            [["5D", "2D"], ["3D"], ["4D"], ["8D"], ["9D"]]], ["AH", "AS"])
    >>> _ = state.apply({0: Switch(3, 4), 1: Switch(3, 4)})  # 5H (protected) wins 5D
    >>> state.apply({0: Keep(Card.parse("5D"), 4)})[0]
    CardKept(seat=0, card=Card(rank=Rank.FIVE, suit=Suit.DIAMONDS), stack=4)
    """

    seat: int
    card: Card
    stack: int


@dataclass(frozen=True, slots=True)
class KeepDeclined(Event):
    """``seat`` kept none of the cards it won.

    >>> state = State.from_layout([[["5H", "2C"], ["3C"], ["4C"], ["8C"], ["9C"]],
    ...                            [["5D", "2D"], ["3D"], ["4D"], ["8D"], ["9D"]]], ["AH", "AS"])
    >>> _ = state.apply({0: Switch(3, 4), 1: Switch(3, 4)})  # 5H (protected) wins 5D
    >>> state.apply({0: Decline()})[0]
    KeepDeclined(seat=0)
    """

    seat: int


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    """Won cards that were not kept leave the game, in the order of AW-B8.

    >>> state = State.from_layout([[["5H", "2C"], ["3C"], ["4C"], ["8C"], ["9C"]],
    ...                            [["5D", "2D"], ["3D"], ["4D"], ["8D"], ["9D"]]], ["AH", "AS"])
    >>> _ = state.apply({0: Switch(3, 4), 1: Switch(3, 4)})  # 5H (protected) wins 5D
    >>> state.apply({0: Decline()})[1]
    CardsDiscarded(cards=(Card(rank=Rank.FIVE, suit=Suit.DIAMONDS),))
    """

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardsReturned(Event):
    """``seat``'s winning and tying cards went to the bottom of their stacks: (stack, card).

    >>> state = State.from_layout([[["5H", "2C"], ["3C"], ["4C"], ["8C"], ["9C"]],
    ...                            [["5D", "2D"], ["3D"], ["4D"], ["8D"], ["9D"]]], ["AH", "AS"])
    >>> _ = state.apply({0: Switch(3, 4), 1: Switch(3, 4)})  # 5H (protected) wins 5D
    >>> back = state.apply({0: Decline()})[3]  # P1's lost 5D does not return
    >>> back.seat, [(stack, str(card)) for stack, card in back.returned]
    (1, [(1, '3D'), (2, '4D'), (3, '9D'), (4, '8D')])
    """

    seat: int
    returned: tuple[tuple[int, Card], ...]


@dataclass(frozen=True, slots=True)
class TopsFlipped(Event):
    """The new top cards, face up, ``tops[seat][stack]`` (AW-7.5); a new round starts.

    >>> state = State.from_layout([[["5H", "2C"], ["3C"], ["4C"], ["8C"], ["9C"]],
    ...                            [["5D", "2D"], ["3D"], ["4D"], ["8D"], ["9D"]]], ["AH", "AS"])
    >>> _ = state.apply({0: Switch(3, 4), 1: Switch(3, 4)})  # 5H (protected) wins 5D
    >>> flipped = state.apply({0: Keep(Card.parse("5D"), 4)})[-1]  # 5D lies above 8C
    >>> [" ".join(map(str, tops)) for tops in flipped.tops]
    ['2C 3C 4C 9C 5D', '2D 3D 4D 9D 8D']
    """

    tops: tuple[tuple[Card, ...], tuple[Card, ...]]


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended.

    >>> state = State.from_layout([[["5H", "2C"], ["3C"], ["4C"], ["8C"], ["9C"]],
    ...                            [["5D"], ["3D"], ["4D"], ["8D"], ["9D"]]], ["AH", "AS"])
    >>> events = state.apply({0: Switch(3, 4), 1: Switch(3, 4)})  # 5H (protected) wins 5D
    >>> over = events[-1]  # P1 has an empty stack and won no card to refill it (AW-7.3)
    >>> over.result.winner, over.result.termination, over.result.length
    (0, 'empty_stack', 1)
    """

    result: Result


# --- observation -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AliwarObservation(Observation):
    """What one seat may know (AW-8); in Aliwar both seats know the same.

    Attributes:
        seat: whose observation this is.
        phase: the phase the state rests in.
        to_act: the seats polled now.
        rounds: rounds played so far (a round counts from its conflict on).
        no_progress: rounds in a row without a discard.
        stacks: ``stacks[seat][stack]``, top first; ``None`` stands for a face-down card
            never seen (or, with ``view_recall="face_up_only"``, any face-down card).
        face_up: ``face_up[seat][stack]``: whether that stack's top card is face up.
        protection: both protection cards.
        won: the cards each seat won this round, in column order (the middle row; Keep phase).
        discard: the discard pile, in discard order.
        history: every step's moves so far as ``((seat, move), ...)``, all public once applied.
        result: the result once the game is over.

    >>> obs = Aliwar().new_game(seed=42).observation(1)
    >>> obs.seat, obs.phase, obs.stacks[0][0]  # only the top of P0's first stack is known
    (1, <Phase.SWITCH: 'switch'>, (Card(rank=Rank.ACE, suit=Suit.HEARTS), None, None, None, None))
    """

    seat: int
    phase: Phase
    to_act: frozenset[int]
    rounds: int
    no_progress: int
    stacks: tuple[tuple[tuple[Card | None, ...], ...], ...]
    face_up: tuple[tuple[bool, ...], ...]
    protection: tuple[Card, Card]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    discard: tuple[Card, ...]
    history: tuple[tuple[tuple[int, Move], ...], ...]
    result: Result | None


# --- the conflict ----------------------------------------------------------------------------


def resolve_conflict(a: Card, b: Card, protection_a: Suit, protection_b: Suit) -> int | None:
    """Resolve one column (AW-5): seat 0's card ``a`` against seat 1's card ``b``.

    ``protection_a`` and ``protection_b`` are the suits of the protection cards of
    each card's *owner* (AW-A6, AW-B7). Same protection status: the higher rank
    wins. Exactly one protected: it wins on greater or equal rank, else a tie.

    Returns:
        0 or 1, the winning seat, or None for a tie.

    >>> C = Card.parse
    >>> resolve_conflict(C("TD"), C("TC"), Suit.HEARTS, Suit.CLUBS)  # protected T♣ wins on =
    1
    >>> print(resolve_conflict(C("5H"), C("JD"), Suit.HEARTS, Suit.CLUBS))  # protected but lower
    None
    >>> resolve_conflict(C("QS"), C("7D"), Suit.HEARTS, Suit.CLUBS)
    0
    """
    for name, card in (("a", a), ("b", b)):
        if not isinstance(card, Card):
            raise TypeError(f"{name} must be a Card, got {card!r}")
    for name, suit in (("protection_a", protection_a), ("protection_b", protection_b)):
        if not isinstance(suit, Suit):
            raise TypeError(f"{name} must be a Suit, got {suit!r}")
    outcome: int = _kernels.kernels.aliwar_conflict(
        a.id, b.id, protection_a.value, protection_b.value
    )
    return None if outcome == _TIE else outcome


# --- the state -------------------------------------------------------------------------------


def _is_sequence(value: object) -> bool:
    """A sequence of items, not text (a str is a sequence of characters, never of cards)."""
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


def _read_card(value: object, where: str) -> Card:
    try:
        card = Card.parse(value) if isinstance(value, str) else value
    except CardParseError as exc:
        raise CardParseError(f"{where}: {exc}") from None
    if not isinstance(card, Card):
        raise RulesError(f"{where} must be a Card or card text, got {value!r}")
    if card.deck != 0:
        raise RulesError(f"{where}: Aliwar uses one standard deck, got {card!r}")
    return card


class State(GameState[Phase]):
    """An Aliwar position, god's-eye. Build one with :meth:`Aliwar.new_game` or :meth:`from_layout`.

    Readable state (tuples, piles top first): :attr:`stacks` ``[seat][stack]``,
    :attr:`protection` ``[seat]``, :attr:`discard`, and in the Keep phase :attr:`won`
    (the middle row). In the Keep phase the winning and tying cards still lie face up
    on their stacks, as on the table, until they return (AW-6.4); the lost cards are in
    :attr:`won`. Card conservation: ``stacks + protection + won + discard`` always hold
    every card dealt (52 for a dealt game), and :attr:`won` is empty outside the Keep
    phase, so at every Switch poll and at the end ``stacks + protection + discard = 52``.

    >>> state = Aliwar().new_game(seed=42)
    >>> state.card_count(), " ".join(map(str, state.stacks[1][0]))  # god's-eye: all cards
    (52, 'AC 6C 9S 9D 7S')
    >>> state.observation(0).stacks[1][0]  # a seat sees the face-up top only
    (Card(rank=Rank.ACE, suit=Suit.CLUBS), None, None, None, None)
    """

    __slots__ = (
        "_discard",
        "_everything",
        "_hand_built",
        "_idle",
        "_legal",
        "_phase",
        "_protection",
        "_result",
        "_returning",
        "_rng",
        "_rounds",
        "_rules",
        "_seed",
        "_seen",
        "_stacks",
        "_view",
        "_won",
    )

    game_name: ClassVar[str] = "aliwar"

    _rules: Rules
    _seed: int
    _rng: Rng
    _stacks: list[list[list[Card]]]
    _protection: list[Card]
    _discard: list[Card]
    _won: list[list[Card]]
    _returning: list[list[bool]]
    _phase: Phase
    _rounds: int
    _idle: int
    _seen: int
    _everything: int
    _hand_built: bool
    _view: tuple[int, AliwarObservation] | None
    _result: Result | None
    _legal: tuple[tuple[Move, ...], tuple[Move, ...]]

    def __init__(
        self,
        rules: Rules,
        seed: int,
        rng: Rng,
        stacks: Sequence[Sequence[Sequence[Card]]],
        protection: Sequence[Card],
    ) -> None:
        """Private: use :meth:`Aliwar.new_game` or :meth:`from_layout`."""
        GameState.__init__(self)
        self._rules = rules
        self._seed = seed
        self._rng = rng
        self._stacks = [[list(stack) for stack in own] for own in stacks]
        self._protection = list(protection)
        self._discard = []
        self._won = [[], []]
        self._returning = [[False] * STACKS, [False] * STACKS]
        self._rounds = 0
        self._idle = 0
        self._seen = 0
        self._everything = 0
        for card in (*(c for own in self._stacks for stack in own for c in stack), *protection):
            self._everything |= 1 << card.id
        self._result = None
        self._view = None
        self._hand_built = False
        self._start_round()

    # --- construction --------------------------------------------------------------------
    @classmethod
    def _deal(cls, rules: Rules, seed: int) -> State:
        """The deal of RULINGS §1.5: one shuffle of the canonical deck, then the deal map."""
        rng: Rng = _kernels.kernels.Rng(seed)
        deck = list(Deck.standard())
        rng.shuffle(deck)
        stacks = [
            [deck[25 * seat + 5 * c : 25 * seat + 5 * c + 5] for c in range(STACKS)]
            for seat in _SEATS
        ]
        return cls(rules, seed, rng, stacks, (deck[50], deck[51]))

    @classmethod
    def from_layout(
        cls,
        stacks: Sequence[Sequence[Sequence[Card | str]]],
        protection: Sequence[Card | str],
        *,
        rules: Rules | None = None,
        rng_seed: int = 0,
    ) -> State:
        """Build the position at the start of a round, before the switch.

        Args:
            stacks: ``stacks[seat][stack]`` for 2 seats and 5 stacks, each a non-empty
                sequence of cards (or card text), top first; any sizes.
            protection: the two protection cards.
            rules: the options; default :class:`Rules`.
            rng_seed: the seed of the state (agents of :func:`cardwars.play` derive theirs
                from it) and of its RNG, which Aliwar never uses after the deal.

        Raises:
            RulesError: ``stacks`` is not 2 seats of 5 sequences of cards, ``protection``
                not a sequence of 2 cards, an empty stack (AW-B5), a repeated card, a card
                that is not of the standard deck, bad ``rules``, or ``rng_seed`` not an
                int in [0, 2**64).
            CardParseError: card text that is not a card.

        The top cards and the protection cards are face up, so both players have seen
        them; every card below a top is unseen.

        >>> s = State.from_layout(
        ...     [
        ...         [["2C", "7C"], ["3C"], ["4C"], ["5C"], ["6C"]],
        ...         [["2D"], ["3D"], ["4D"], ["5D"], ["6D"]],
        ...     ],
        ...     ["AH", "AS"],
        ... )
        >>> s.phase.name, [len(stack) for stack in s.stacks[0]]
        ('SWITCH', [2, 1, 1, 1, 1])
        >>> s.observation(1).stacks[0][0]  # 7C was never face up
        (Card(rank=Rank.TWO, suit=Suit.CLUBS), None)
        """
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be an aliwar.Rules, got {rules!r}")
        if isinstance(rng_seed, bool) or not isinstance(rng_seed, int) or not 0 <= rng_seed < 2**64:
            raise RulesError(f"rng_seed must be an int in [0, 2**64), got {rng_seed!r}")
        if not _is_sequence(stacks) or len(stacks) != 2:
            raise RulesError(f"stacks must hold 2 seats of {STACKS} stacks, got {stacks!r}")
        if not _is_sequence(protection) or len(protection) != 2:
            raise RulesError(f"protection must hold 2 cards, one per seat, got {protection!r}")
        built: list[list[list[Card]]] = []
        for seat, own in enumerate(stacks):
            if not _is_sequence(own) or len(own) != STACKS:
                raise RulesError(f"seat {seat} must have {STACKS} stacks, got {own!r}")
            built.append([])
            for c, stack in enumerate(own):
                if not _is_sequence(stack):
                    raise RulesError(
                        f"seat {seat} stack {c} must be a sequence of cards, got {stack!r}"
                    )
                if not stack:
                    raise RulesError(
                        f"seat {seat} stack {c} is empty; every stack needs a card (AW-B5)"
                    )
                built[seat].append(
                    [_read_card(v, f"seat {seat} stack {c} card {i}") for i, v in enumerate(stack)]
                )
        guards = [_read_card(v, f"protection of seat {seat}") for seat, v in enumerate(protection)]
        everything = [card for own in built for stack in own for card in stack] + guards
        repeated = sorted({card for card in everything if everything.count(card) > 1})
        if repeated:
            raise RulesError(f"cards appear more than once: {', '.join(map(str, repeated))}")
        state = cls(rules, rng_seed, _kernels.kernels.Rng(rng_seed), built, guards)
        state._hand_built = True
        return state

    # --- the protocol --------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Always 2."""
        return 2

    @property
    def phase(self) -> Phase:
        """The phase the state rests in."""
        return self._phase

    @property
    def to_act(self) -> frozenset[int]:
        """Both seats in the Switch phase; the seats that won a card in the Keep phase."""
        return frozenset(seat for seat in _SEATS if self._legal[seat])

    def legal_moves(self, player: int) -> tuple[Move, ...]:
        """The legal moves of ``player`` in the canonical order of RULINGS §4.5.

        Switch phase: ``Switch(a, b)`` for ``a < b`` over 0–5, lexicographic (15 moves),
        then ``Switch(PROTECTION, PROTECTION)`` with ``allow_null_switch``. Keep phase:
        ``Decline()``, then ``Keep(card, stack)`` by the column the card was won in, then
        stack ascending; a forced refill (AW-7.2) offers only ``Keep(card, emptied stack)``.
        A seat that is not polled has no moves.
        """
        self._check_seat(player)
        return self._legal[player]

    @property
    def rng(self) -> Rng:
        """A copy of the game RNG (Aliwar uses it only for the deal)."""
        return self._rng.copy()

    # --- readable state ------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The options this game is played with."""
        return self._rules

    @property
    def stacks(self) -> tuple[tuple[tuple[Card, ...], ...], ...]:
        """``stacks[seat][stack]``, top first, god's-eye."""
        return tuple(tuple(tuple(stack) for stack in own) for own in self._stacks)

    @property
    def protection(self) -> tuple[Card, Card]:
        """The protection card of each seat."""
        return (self._protection[0], self._protection[1])

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discarded cards, in discard order (AW-B8), out of the game for good."""
        return tuple(self._discard)

    @property
    def won(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The cards each seat won this round, in column order; empty outside the Keep phase."""
        return (tuple(self._won[0]), tuple(self._won[1]))

    @property
    def hand_built(self) -> bool:
        """True for a position from :meth:`from_layout` (it has no deal to replay from)."""
        return self._hand_built

    @property
    def rounds(self) -> int:
        """Rounds played; a round counts from its conflict on."""
        return self._rounds

    @property
    def no_progress(self) -> int:
        """Completed rounds in a row without a discard (AW-7.6)."""
        return self._idle

    def card_count(self) -> int:
        """Cards in the stacks, protection positions and middle row (not the discard pile)."""
        in_stacks = sum(len(stack) for own in self._stacks for stack in own)
        return in_stacks + len(self._protection) + len(self._won[0]) + len(self._won[1])

    # --- information ---------------------------------------------------------------------
    def _is_face_up(self, seat: int, stack: int) -> bool:
        if self._phase is Phase.SWITCH:
            return True
        return self._phase is Phase.KEEP and self._returning[seat][stack]

    def observation(self, player: int) -> AliwarObservation:
        """What ``player`` may know (AW-8): never a face-down card that was never face up.

        With ``view_recall="perfect"`` every once-seen face-down card is shown where it
        lies; with ``"face_up_only"`` only the face-up tops are.
        """
        self._check_seat(player)
        # Both seats know the same (AW-8.4): build the view once per step, then set the seat.
        if self._view is None or self._view[0] != len(self._history):
            self._view = (len(self._history), self._public_view())
        view = self._view[1]
        return view if view.seat == player else replace(view, seat=player)

    def _public_view(self) -> AliwarObservation:
        recall = self._seen if self._rules.view_recall == "perfect" else 0
        face_up = tuple(tuple(self._is_face_up(seat, c) for c in range(STACKS)) for seat in _SEATS)
        stacks: tuple[tuple[tuple[Card | None, ...], ...], ...]
        if recall & self._everything == self._everything:
            stacks = self.stacks  # every card has been face up, so every card is known
        else:
            stacks = tuple(
                tuple(
                    tuple(
                        card if (i == 0 and face_up[seat][c]) or recall >> card.id & 1 else None
                        for i, card in enumerate(stack)
                    )
                    for c, stack in enumerate(own)
                )
                for seat, own in enumerate(self._stacks)
            )
        return AliwarObservation(
            seat=0,
            phase=self._phase,
            to_act=self.to_act,
            rounds=self._rounds,
            no_progress=self._idle,
            stacks=stacks,
            face_up=face_up,
            protection=self.protection,
            won=self.won,
            discard=self.discard,
            history=tuple(tuple(sorted(step.items())) for step in self._history),
            result=self._result,
        )

    # --- copying and equality ------------------------------------------------------------
    def copy(self) -> Self:
        """An independent copy, RNG state and history included."""
        other = object.__new__(type(self))
        GameState.__init__(other)
        other._history = [dict(step) for step in self._history]
        other._rules = self._rules
        other._seed = self._seed
        other._rng = self._rng.copy()
        other._stacks = [[list(stack) for stack in own] for own in self._stacks]
        other._protection = list(self._protection)
        other._discard = list(self._discard)
        other._won = [list(cards) for cards in self._won]
        other._returning = [list(flags) for flags in self._returning]
        other._phase = self._phase
        other._rounds = self._rounds
        other._idle = self._idle
        other._seen = self._seen
        other._everything = self._everything
        other._view = None
        other._hand_built = self._hand_built
        other._result = self._result
        other._legal = self._legal
        return other

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self._rules,
            self._seed,
            self._rng.state,
            self._phase,
            self.stacks,
            self.protection,
            self.discard,
            self.won,
            tuple(map(tuple, self._returning)),
            self._rounds,
            self._idle,
            self._seen,
            self._hand_built,
            self._result,
            tuple(tuple(sorted(step.items())) for step in self._history),
        )

    def __repr__(self) -> str:
        rows = [
            f"P{seat} P={self._protection[seat]} "
            + " ".join("[" + " ".join(map(str, stack)) + "]" for stack in self._stacks[seat])
            for seat in _SEATS
        ]
        return f"<aliwar.State {self._phase.name} round {self._rounds + 1}: {'; '.join(rows)}>"

    # --- the round -----------------------------------------------------------------------
    def _apply(self, moves: dict[int, Move]) -> tuple[Event, ...]:
        if self._phase is Phase.SWITCH:
            return self._switch_and_fight(moves)
        return self._keep_and_finish(moves)

    def _start_round(self) -> None:
        """AW-7.5: the tops are face up (so seen by both), and both players must switch."""
        for own in self._stacks:
            for stack in own:
                self._seen |= 1 << stack[0].id
        for card in self._protection:
            self._seen |= 1 << card.id
        self._returning = [[False] * STACKS, [False] * STACKS]
        self._phase = Phase.SWITCH
        switches = _SWITCHES_WITH_NULL if self._rules.allow_null_switch else _SWITCHES
        self._legal = (switches, switches)

    def _switch(self, seat: int, move: Switch) -> None:
        """AW-4.3: only the two face-up cards move; the face-down parts stay put."""
        if move.is_null:
            return
        own = self._stacks[seat]
        if move.b == PROTECTION:
            own[move.a][0], self._protection[seat] = self._protection[seat], own[move.a][0]
        else:
            own[move.a][0], own[move.b][0] = own[move.b][0], own[move.a][0]

    def _switch_and_fight(self, moves: dict[int, Move]) -> tuple[Event, ...]:
        switch_0, switch_1 = moves[0], moves[1]
        assert isinstance(switch_0, Switch)
        assert isinstance(switch_1, Switch)
        switches = (switch_0, switch_1)
        events: list[Event] = [SwitchesRevealed(switches)]
        for seat in _SEATS:
            self._switch(seat, switches[seat])
        suits = (self._protection[0].suit, self._protection[1].suit)
        outcomes = _kernels.kernels.aliwar_resolve_columns(
            [stack[0].id for stack in self._stacks[0]],
            [stack[0].id for stack in self._stacks[1]],
            suits[0].value,
            suits[1].value,
        )
        self._rounds += 1
        for c, outcome in enumerate(outcomes):
            cards = (self._stacks[0][c][0], self._stacks[1][c][0])
            winner = None if outcome == _TIE else outcome
            protected = (cards[0].suit is suits[0], cards[1].suit is suits[1])
            events.append(ConflictResolved(c, cards, protected, winner))
            # AW-6.1: the losing card goes to the middle, won by the column's winner; the
            # winning and tying cards stay face up on their stacks until they return (AW-6.4).
            for seat in _SEATS:
                self._returning[seat][c] = winner is None or winner == seat
            if winner is not None:
                loser = 1 - winner
                self._won[winner].append(self._stacks[loser][c].pop(0))
                if not self._stacks[loser][c]:
                    events.append(StackEmptied(loser, c))
        dead = [self._is_dead(seat) for seat in _SEATS]
        if dead[0] or dead[1]:
            # AW-7.4, AW-A20, AW-B1: the game ends before any keep; nothing is kept.
            events.extend(self._discard_and_return({})[0])
            events.append(self._end_by_death(dead))
            return tuple(events)
        if self._won[0] or self._won[1]:
            self._phase = Phase.KEEP
            self._legal = (self._keep_moves(0), self._keep_moves(1))
            return tuple(events)
        events.extend(self._finish_round({}))
        return tuple(events)

    def _empty_stacks(self, seat: int) -> list[int]:
        return [c for c, stack in enumerate(self._stacks[seat]) if not stack]

    def _is_dead(self, seat: int) -> bool:
        """AW-7.3: still an empty stack after the forced refill of AW-7.2 could run."""
        empty = len(self._empty_stacks(seat))
        return empty >= 2 or (empty == 1 and not self._won[seat])

    def _keep_moves(self, seat: int) -> tuple[Move, ...]:
        won = self._won[seat]
        if not won:
            return ()
        empty = self._empty_stacks(seat)
        if empty:  # AW-7.2, AW-A13: the refill is forced (exactly one empty stack here)
            return tuple(Keep(card, empty[0]) for card in won)
        return (Decline(), *(Keep(card, c) for card in won for c in range(STACKS)))

    def _keep_and_finish(self, moves: dict[int, Move]) -> tuple[Event, ...]:
        events: list[Event] = []
        kept: dict[int, Keep] = {}
        for seat, move in moves.items():
            if isinstance(move, Keep):
                kept[seat] = move
                events.append(CardKept(seat, move.card, move.stack))
            else:
                events.append(KeepDeclined(seat))
        events.extend(self._finish_round(kept))
        return tuple(events)

    def _discard_and_return(self, kept: dict[int, Keep]) -> tuple[list[Event], int]:
        """AW-6.2–6.6: place kept cards, discard the rest (AW-B8), return the fighters."""
        events: list[Event] = []
        below = self._rules.kept_card_position == "below_returning"
        discarded: list[Card] = []
        returned: list[tuple[int, tuple[tuple[int, Card], ...]]] = []
        for seat in _SEATS:
            keep = kept.get(seat)
            discarded.extend(card for card in self._won[seat] if keep is None or card != keep.card)
            self._won[seat] = []
            back: list[tuple[int, Card]] = []
            for c, stack in enumerate(self._stacks[seat]):
                kept_here = keep.card if keep is not None and keep.stack == c else None
                returning = stack.pop(0) if self._returning[seat][c] else None
                if returning is not None:
                    back.append((c, returning))
                # AW-6.6: the kept card goes in first, the returning card beneath it (AW-A11).
                arriving = (returning, kept_here) if below else (kept_here, returning)
                stack.extend(card for card in arriving if card is not None)
            returned.append((seat, tuple(back)))
        self._discard.extend(discarded)
        if discarded:
            events.append(CardsDiscarded(tuple(discarded)))
        events.extend(CardsReturned(seat, back) for seat, back in returned if back)
        return events, len(discarded)

    def _finish_round(self, kept: dict[int, Keep]) -> list[Event]:
        events, discarded = self._discard_and_return(kept)
        self._idle = 0 if discarded else self._idle + 1
        rules = self._rules
        if self._idle >= rules.no_progress_limit or self._rounds >= rules.max_rounds:
            # AW-7.6, AW-B3: both caps in one round is "no_progress".
            termination = "no_progress" if self._idle >= rules.no_progress_limit else "max_rounds"
            events.append(self._end(termination, rules.cap_result == "most_cards"))
            return events
        self._start_round()
        events.append(
            TopsFlipped(
                (
                    tuple(stack[0] for stack in self._stacks[0]),
                    tuple(stack[0] for stack in self._stacks[1]),
                )
            )
        )
        return events

    def _end_by_death(self, dead: list[bool]) -> Event:
        if dead[0] and dead[1]:  # AW-A15, AW-B2
            return self._end("double_loss", self._rules.double_loss_result == "most_cards")
        return self._end("empty_stack", False, winner=1 if dead[0] else 0)

    def _end(self, termination: str, most_cards: bool, winner: int | None = None) -> Event:
        if winner is None and most_cards:
            sizes = [sum(len(stack) for stack in own) for own in self._stacks]
            if sizes[0] != sizes[1]:
                winner = 0 if sizes[0] > sizes[1] else 1
        if winner is None:
            result = Result(frozenset(), termination, self._rounds, (1, 1))
        else:
            placings = (1, 2) if winner == 0 else (2, 1)
            result = Result(frozenset({winner}), termination, self._rounds, placings)
        self._result = result
        self._phase = Phase.OVER
        self._legal = ((), ())
        return GameOver(result)


class Aliwar(Game[Rules]):
    """The game of Aliwar for exactly two players.

    >>> Aliwar(Rules(allow_null_switch=True)).rules.allow_null_switch
    True
    >>> Aliwar().new_game(seed=7).is_over
    False
    """

    name: ClassVar[str] = "aliwar"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    rules_type: ClassVar[type[Any]] = Rules

    def __init__(self, rules: Rules | None = None) -> None:
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be an aliwar.Rules, got {rules!r}")
        self._rules = rules
        self._players = 2  # AW-1.1

    def _deal(self, seed: int) -> State:
        return State._deal(self._rules, seed)

    def new_game(self, seed: int | None = None) -> State:
        """Deal a game from ``seed`` (RULINGS §1.5); it rests at the first Switch."""
        state = super().new_game(seed)
        assert isinstance(state, State)
        return state


# --- the greedy agent ------------------------------------------------------------------------


def _column_value(rank: int, protected: bool, rank_other: int, protected_other: bool) -> int:
    """+1, 0 or -1: the column is won, tied or lost by the first card (AW-5.3, AW-5.4)."""
    if protected == protected_other:
        return (rank > rank_other) - (rank < rank_other)
    if protected:
        return 1 if rank >= rank_other else 0
    return -1 if rank_other >= rank else 0


# A fielded card is the key 2 * rank + protected; _COLUMN_VALUE[mine][theirs].
_COLUMN_VALUE: Final = tuple(
    tuple(
        _column_value(mine >> 1, bool(mine & 1), theirs >> 1, bool(theirs & 1))
        for theirs in range(30)
    )
    for mine in range(30)
)


def _fielded(
    observation: AliwarObservation, seat: int, switches: Sequence[Switch]
) -> list[list[int]]:
    """For each switch, the keys ``seat`` would field in columns 0–4 (AW-4.3, AW-5.2)."""
    cards = [stack[0] for stack in observation.stacks[seat] if stack[0] is not None]
    if len(cards) != STACKS:
        raise UsageError("switch scores need a Switch-phase observation (every top face up)")
    cards.append(observation.protection[seat])
    ranks = [int(card.rank) for card in cards]
    suits = [card.suit for card in cards]
    fielded = []
    for switch in switches:
        where = list(range(PROTECTION + 1))  # where[p]: the position whose card lands at p
        where[switch.a], where[switch.b] = switch.b, switch.a  # null: a == b, a no-op
        guard = suits[where[PROTECTION]]
        fielded.append([2 * ranks[p] + (suits[p] is guard) for p in where[:PROTECTION]])
    return fielded


class GreedyAgent:
    """A one-step greedy Aliwar player (``"greedy"``); deterministic, it never draws from ``rng``.

    It decides from the observation and the legal moves only:

    * **Switch**: every legal switch is scored against each switch the opponent may
      make, all equally likely (both seats always have the same switch set, so the
      opponent's switches are ``legal_moves`` too). For each such pair the five columns
      are resolved on the face-up cards after both switches (AW-4.3, AW-5); the score
      is the total, over the opponent's switches and the columns, of +1 per column won
      and -1 per column lost (ties 0): the expected column result times the number of
      opponent switches, an exact integer. The highest score is chosen; among equal
      scores, the first in the canonical order (RULINGS §4.5).
    * **Keep**: it always keeps (never :class:`Decline`): the won card of highest rank
      (the first such by the column it was won in), at the bottom of the own stack with
      the fewest cards now (the lowest-numbered among equals); a forced refill
      (AW-7.2) goes to the emptied stack. Ties fall to the first in the canonical order.

    The compiled batch loop plays exactly this agent (agent code 1 of ``aliwar_batch``).

    >>> from cardwars import Rng
    >>> state = State.from_layout(
    ...     [
    ...         [["2C"], ["3C"], ["4C"], ["5C"], ["KH"]],
    ...         [["9D"], ["8D"], ["7D"], ["6D"], ["TS"]],
    ...     ],
    ...     ["AH", "JS"],
    ... )
    >>> agent = GreedyAgent()
    >>> agent.choose(state.observation(0), state.legal_moves(0), Rng(0))
    Switch(a=0, b=5)
    >>> scores = GreedyAgent.switch_scores(state.observation(0), state.legal_moves(0))
    >>> max(scores), scores.index(max(scores))
    (7, 4)
    """

    name = "greedy"

    def choose(self, observation: Any, legal_moves: Sequence[Move], rng: Rng) -> Move:
        """The greedy move for ``observation`` among ``legal_moves`` (``rng`` is not used)."""
        if not legal_moves:
            raise UsageError("GreedyAgent.choose() was given no legal moves")
        if not isinstance(observation, AliwarObservation):
            raise UsageError(f"GreedyAgent plays Aliwar, got the observation {observation!r}")
        if observation.phase is Phase.SWITCH:
            scores = self.switch_scores(observation, legal_moves)
            return legal_moves[scores.index(max(scores))]  # index(): the first best
        keeps = [move for move in legal_moves if isinstance(move, Keep)]
        if not keeps:
            raise UsageError(f"GreedyAgent found no Keep among {legal_moves!r}")
        sizes = [len(stack) for stack in observation.stacks[observation.seat]]
        # max() returns the first maximal item, so ties keep the canonical order.
        return max(keeps, key=lambda keep: (keep.card.rank, -sizes[keep.stack]))

    @staticmethod
    def switch_scores(observation: AliwarObservation, switches: Sequence[Move]) -> list[int]:
        """The Switch-phase score of each of ``switches`` (see the class docstring).

        Raises:
            UsageError: a move that is not a :class:`Switch`.
        """
        if not all(isinstance(move, Switch) for move in switches):
            raise UsageError(f"switch scores need Switch moves, got {switches!r}")
        pairs = [move for move in switches if isinstance(move, Switch)]
        seat = observation.seat
        theirs = _fielded(observation, 1 - seat, pairs)
        # The opponent's key in each column under each of its switches.
        columns = [[keys[c] for keys in theirs] for c in range(STACKS)]
        return [
            sum(sum(map(_COLUMN_VALUE[key].__getitem__, columns[c])) for c, key in enumerate(keys))
            for keys in _fielded(observation, seat, pairs)
        ]

    def __repr__(self) -> str:
        return "GreedyAgent()"


# --- whole-game batches --------------------------------------------------------------------------

_AGENT_CODES: Final[dict[str, int]] = {"random": 0, "greedy": 1}

BATCH_AGENTS: Final[frozenset[str]] = frozenset(_AGENT_CODES)
"""The built-in agents the compiled batch loop plays (by name)."""


def run_batch(
    game: Aliwar, agents: Sequence[str], seed: int, start: int, count: int
) -> dict[str, Any]:
    """Play games ``start .. start+count-1`` of a batch in the kernel's whole-game loop.

    Game ``k`` is dealt from ``derive_seed(seed, k)`` and is exactly the game
    :func:`cardwars.play` plays with the same agents (by name: ``"random"`` or
    ``"greedy"``, :class:`GreedyAgent`) from that seed.

    Returns:
        ``array.array`` columns ``"length"`` (rounds), ``"winner"`` (seat or -1),
        ``"termination"`` (index into :data:`TERMINATIONS`), ``"discards"`` and
        ``"longest_no_progress"``.

    Raises:
        UsageError: an agent that is not in :data:`BATCH_AGENTS`, or not 2 agents.

    >>> out = run_batch(Aliwar(), ["random", "random"], seed=1, start=0, count=5)
    >>> len(out["length"]), all(t < len(TERMINATIONS) for t in out["termination"])
    (5, True)
    """
    if isinstance(agents, str) or len(agents) != 2 or any(a not in _AGENT_CODES for a in agents):
        raise UsageError(
            f"the Aliwar batch loop plays 2 agents from {sorted(BATCH_AGENTS)}, got {agents!r}"
        )
    codes = tuple(_AGENT_CODES[a] for a in agents)
    columns: dict[str, Any] = _kernels.kernels.aliwar_batch(
        seed, start, count, 2, codes, **game.rules.kernel_args()
    )
    return columns
