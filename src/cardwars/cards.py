"""Playing cards: :class:`Rank`, :class:`Suit`, :class:`Card` and :class:`Deck`
(text forms and order: :doc:`/api/cards`)."""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol, overload

from cardwars.errors import CardParseError, RulesError, describe

__all__ = ["Card", "CardId", "Deck", "Rank", "Shuffler", "Suit", "card_from_id", "read_card"]

CardId = int
"""A card as the small int the rule modules use: ``suit*13 + rank-2`` in one standard
deck (0-51); a game that uses other cards numbers them its own way and says how."""


class Rank(enum.IntEnum):
    """Card ranks, ``TWO`` = 2 up to ``ACE`` = 14 (aces high).

    >>> Rank.ACE > Rank.KING, int(Rank.TEN), Rank(12).name
    (True, 10, 'QUEEN')
    """

    TWO = 2
    """The 2."""
    THREE = 3
    """The 3."""
    FOUR = 4
    """The 4."""
    FIVE = 5
    """The 5."""
    SIX = 6
    """The 6."""
    SEVEN = 7
    """The 7."""
    EIGHT = 8
    """The 8."""
    NINE = 9
    """The 9."""
    TEN = 10
    """The 10 (letter ``T``)."""
    JACK = 11
    """The jack (letter ``J``)."""
    QUEEN = 12
    """The queen (letter ``Q``)."""
    KING = 13
    """The king (letter ``K``)."""
    ACE = 14
    """The ace, the highest (letter ``A``)."""

    @property
    def letter(self) -> str:
        """One character, ``"2"`` … ``"9"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``.

        >>> Rank.TEN.letter
        'T'
        """
        return _RANK_LETTERS[self.value - 2]


class Suit(enum.Enum):
    """The four suits, in canonical order ♣ ♦ ♥ ♠ (values 0–3). Suits never rank.

    >>> [suit.symbol for suit in Suit]
    ['♣', '♦', '♥', '♠']
    """

    CLUBS = 0
    """Clubs (♣, letter ``C``)."""
    DIAMONDS = 1
    """Diamonds (♦, letter ``D``)."""
    HEARTS = 2
    """Hearts (♥, letter ``H``)."""
    SPADES = 3
    """Spades (♠, letter ``S``)."""

    @property
    def letter(self) -> str:
        """``"C"``, ``"D"``, ``"H"`` or ``"S"``.

        >>> Suit.HEARTS.letter
        'H'
        """
        return "CDHS"[self.value]

    @property
    def symbol(self) -> str:
        """``"♣"``, ``"♦"``, ``"♥"`` or ``"♠"``.

        >>> Suit.SPADES.symbol
        '♠'
        """
        return "♣♦♥♠"[self.value]


_RANK_LETTERS = "23456789TJQKA"
_SUIT_BY_CHAR = {c: Suit(i % 4) for i, c in enumerate("CDHScdhs♣♦♥♠♧♢♡♤")}
_CARD_RE = re.compile(r"^(10|[2-9TJQKAtjqka])([CDHScdhs♣♦♥♠♧♢♡♤])([0-3])?$")


@functools.total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: a rank, a suit and (for Clone War's four decks) a source deck.

    >>> Card.parse("QS"), Card(Rank.ACE, Suit.CLUBS).unicode()
    (Card(rank=Rank.QUEEN, suit=Suit.SPADES), 'A♣')
    """

    rank: Rank
    """The rank (an int 2..14 is taken and made a :class:`Rank`)."""
    suit: Suit
    """The suit."""
    deck: int = 0
    """The source deck, 0 to 3 in Clone War's four decks (``Card.parse("KS2")``), else 0."""

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank):
            try:
                object.__setattr__(self, "rank", Rank(self.rank))
            except ValueError:
                raise CardParseError(
                    f"rank must be 2..14 (a Rank), got {describe(self.rank)}"
                ) from None
        if not isinstance(self.suit, Suit):
            raise CardParseError(f"suit must be a Suit, got {describe(self.suit)}")
        if isinstance(self.deck, bool) or not isinstance(self.deck, int) or not 0 <= self.deck <= 3:
            raise CardParseError(f"deck must be an int 0..3, got {describe(self.deck)}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: rank (``2``–``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``),
        suit (``CDHS``, any case, or ``♣♦♥♠``), and an optional source-deck digit 0–3.

        Raises:
            CardParseError: the text is not a card; the message shows the text.

        >>> Card.parse("KS2")
        Card(rank=Rank.KING, suit=Suit.SPADES, deck=2)
        """
        if not isinstance(text, str):
            raise CardParseError(f"cannot read a card from {describe(text)}: expected a str")
        text = str.__str__(text)  # a str subclass by its value, never its own methods
        match = _CARD_RE.match(text.strip())
        if match is None:
            raise CardParseError(
                f"cannot read a card from {describe(text)}: "
                "expected a rank 2-9, T (or 10), J, Q, K, A, "
                "then a suit C, D, H, S (or ♣ ♦ ♥ ♠), then optionally a deck digit 0-3, "
                "as in 'QS', '10h', 'T♥', 'KS2'"
            )
        rank_text, suit_text, deck_text = match.groups()
        rank = Rank.TEN if rank_text == "10" else Rank(_RANK_LETTERS.index(rank_text.upper()) + 2)
        return cls(rank, _SUIT_BY_CHAR[suit_text], int(deck_text) if deck_text else 0)

    @property
    def id(self) -> int:
        """The standard 52-card id ``suit*13 + rank-2`` (:ref:`card-ids`); ignores the deck.

        >>> Card.parse("AS").id
        51
        """
        # ``_value_`` is the member's plain attribute; ``.value`` goes through Enum's
        # descriptor, which made this property a fifth of an Aliwar step.
        suit: int = self.suit._value_
        return suit * 13 + self.rank._value_ - 2

    def _key(self) -> tuple[int, int, int]:
        suit: int = self.suit._value_
        rank: int = self.rank._value_
        return (self.deck, suit, rank)

    def __lt__(self, other: Card) -> bool:  # total_ordering gives <=, > and >= from it
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() < other._key()

    def __str__(self) -> str:
        text = self.rank.letter + self.suit.letter
        return text + str(self.deck) if self.deck else text

    def __repr__(self) -> str:
        deck = f", deck={self.deck}" if self.deck else ""
        return f"Card(rank=Rank.{self.rank.name}, suit=Suit.{self.suit.name}{deck})"

    def unicode(self) -> str:
        """The card with its suit symbol, e.g. ``"T♥"`` (and the deck digit when not 0)."""
        text = self.rank.letter + self.suit.symbol
        return text + str(self.deck) if self.deck else text


_STANDARD: tuple[Card, ...] = tuple(Card(Rank(r), Suit(s)) for s in range(4) for r in range(2, 15))


def read_card(value: object, where: str) -> Card:
    """A :class:`Card`, or card text such as ``"QS"``, read for a hand-built position.

    Raises:
        CardParseError: bad card text; the message starts with ``where``.
        RulesError: ``value`` is neither a Card nor text.

    >>> read_card("10h", "hand 0")
    Card(rank=Rank.TEN, suit=Suit.HEARTS)
    >>> read_card(7, "pile 1")
    Traceback (most recent call last):
    ...
    cardwars.errors.RulesError: pile 1 must be a Card or card text like 'QS', got 7
    """
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise RulesError(f"{where} must be a Card or card text like 'QS', got {describe(value)}")
    try:
        return Card.parse(value)
    except CardParseError as exc:
        raise CardParseError(f"{where}: {exc}") from None


def card_from_id(card_id: CardId) -> Card:
    """Return the standard card with id ``suit*13 + rank-2`` (0..51).

    >>> card_from_id(0), card_from_id(51)
    (Card(rank=Rank.TWO, suit=Suit.CLUBS), Card(rank=Rank.ACE, suit=Suit.SPADES))
    """
    if not 0 <= card_id < 52:
        raise ValueError(f"card id must be 0..51, got {describe(card_id)}")
    return _STANDARD[card_id]


class Deck(Sequence[Card]):
    """An immutable ordered pile of cards; index 0 is the top.

    >>> deck = Deck.standard()
    >>> len(deck), str(deck[0]), str(deck[-1])
    (52, '2C', 'AS')
    >>> str(Deck.parse("QS 10h T♥"))
    'QS TH TH'
    """

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        items = tuple(cards)
        for item in items:
            if not isinstance(item, Card):
                raise CardParseError(f"a Deck holds Card objects, got {describe(item)}")
        self._cards = items

    @classmethod
    def standard(cls) -> Deck:
        """The 52 cards in canonical order: 2♣ … A♣, 2♦ … A♦, 2♥ … A♥, 2♠ … A♠."""
        return cls(_STANDARD)

    @classmethod
    def clone_war(cls) -> Deck:
        """Clone War's 48 cards (J, Q, K of four decks) in canonical order (:ref:`card-ids`).

        >>> d = Deck.clone_war()
        >>> len(d), str(d[0]), str(d[2]), str(d[12])
        (48, 'JC', 'KC', 'JC1')
        """
        return cls(
            Card(Rank(11 + r), Suit(s), deck)
            for deck in range(4)
            for s in range(4)
            for r in range(3)
        )

    @classmethod
    def parse(cls, text: str) -> Deck:
        """Read cards separated by spaces or commas, top first.

        Raises:
            CardParseError: ``text`` is not a str, or a token of it is not a card.

        >>> [str(card) for card in Deck.parse("AS, 10H 2c")]
        ['AS', 'TH', '2C']
        """
        if not isinstance(text, str):
            raise CardParseError(f"cannot read cards from {describe(text)}: expected a str")
        text = str.__str__(text)  # a str subclass by its value, never its own methods
        return cls(Card.parse(token) for token in re.split(r"[\s,]+", text.strip()) if token)

    def shuffled(self, rng: Shuffler) -> Deck:
        """A new deck shuffled by ``rng``, a :class:`cardwars.Rng` (Fisher-Yates, :ref:`rng`)."""
        items = list(self._cards)
        rng.shuffle(items)
        return Deck(items)

    @overload
    def __getitem__(self, index: int) -> Card: ...
    @overload
    def __getitem__(self, index: slice) -> Deck: ...
    def __getitem__(self, index: int | slice) -> Card | Deck:
        if isinstance(index, slice):
            return Deck(self._cards[index])
        return self._cards[index]

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deck) and other._cards == self._cards

    def __hash__(self) -> int:
        return hash(self._cards)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self._cards)

    def __repr__(self) -> str:
        return f"Deck.parse({str(self)!r})"


class Shuffler(Protocol):
    """What :meth:`Deck.shuffled` needs: an RNG that shuffles a list in place (either backend's
    :class:`cardwars.Rng` is one).

    >>> from cardwars import Rng
    >>> Deck.parse("2C 3D 4H 5S").shuffled(Rng(7)) == Deck.parse("2C 3D 4H 5S").shuffled(Rng(7))
    True
    """

    def shuffle(self, items: list[Card], /) -> None:
        """Put ``items`` in a random order, in place."""
        ...
