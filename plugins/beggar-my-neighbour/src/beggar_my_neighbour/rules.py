"""The options of Beggar-my-neighbour: :class:`Rules`, :data:`TERMINATIONS`, and the decks.

Every field is one option (BMN-O1 … BMN-O3); its default is the 1911 edition's rule. A bad
value is a :class:`~cardwars.errors.RulesError` naming the field.

The rules see a card only as what it demands: :meth:`Rules.demands` is that table, by
card id. The French deck's ids are cardwars' (``suit*13 + rank-2``, :data:`FRENCH`); the
Italian deck of Cavacamicia is the French one without its 8, 9 and 10 (the Fante, Cavallo
and Re drawn as J, Q and K), its 40 cards numbered in that order (:data:`ITALIAN`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final, Literal

from cardwars.authoring import Card, Deck, Rank, RulesError, check_options, describe

__all__ = ["FRENCH", "ITALIAN", "NOTATION", "TERMINATIONS", "Rules"]

TERMINATIONS: Final[tuple[str, ...]] = ("out_of_cards", "cycle")
"""How a game ends (BMN-7), indexed by the batch loop's ``"termination"`` column:
``out_of_cards`` (a player who must play has no card: the other wins) and ``cycle`` (the
position at the start of a trick repeats: nobody wins)."""

FRENCH: Final[tuple[Card, ...]] = tuple(Deck.standard())
"""The 52 cards by card id (``suit*13 + rank-2``)."""
ITALIAN: Final[tuple[Card, ...]] = tuple(
    card for card in Deck.standard() if card.rank not in (Rank.EIGHT, Rank.NINE, Rank.TEN)
)
"""The 40 cards of Cavacamicia by card id: A, 2 … 7, J (Fante), Q (Cavallo), K (Re) of
each suit."""

NOTATION: Final[dict[str, dict[str, Rank | None]]] = {
    "french": {"J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE, "-": None},
    "italian": {"1": Rank.ACE, "2": Rank.TWO, "3": Rank.THREE, "-": None},
}
"""The record lists' notation, per deck: the letter of each court rank, and ``-`` for a
card of any other rank (BMN-9)."""

_COUNTS = {name: (0, 9) for name in ("jack", "queen", "king", "ace")}
_CHOICES = {"pile_order": ("as_played", "reversed"), "deck": ("french", "italian")}


@dataclass(frozen=True, slots=True)
class Rules:
    """The options; every default is the 1911 rule that the long-game records are played by.

    Attributes:
        jack: BMN-O1. How many cards a jack demands (BMN-5), an int from 0 to 9; 0 makes
            it a plain card. With ``jack``, ``queen``, ``king`` and ``ace`` at 1, 2, 0, 0
            only the jacks and queens are court cards.
        queen: BMN-O1. How many cards a queen demands, 0 to 9.
        king: BMN-O1. How many cards a king demands, 0 to 9.
        ace: BMN-O1. How many cards an ace demands, 0 to 9.
        pile_order: BMN-O2. How a pile goes under its taker's hand (BMN-6):
            ``"as_played"`` (the first card played goes next under the hand, the last
            card at the bottom) or ``"reversed"`` (the pile turned over: the last card
            played next under the hand).
        deck: BMN-O3. ``"french"`` (52 cards, 26 each) or ``"italian"``: Cavacamicia
            (also Pelagalletto, Straccia camicia), the 40-card Italian deck, 20 each,
            where the 1 (ace), 2 and 3 are the court cards and demand 1, 2 and 3 cards;
            the French demands (``jack`` … ``ace``) keep their defaults there.

    Raises:
        RulesError: a value that is not allowed; the message names the field.

    >>> Rules(king=0, ace=0).demand_of(Rank.KING)
    0
    >>> Rules(deck="italian", ace=1)
    Traceback (most recent call last):
    ...
    cardwars.errors.RulesError: ace applies to the French deck; with deck='italian' the 1, ...
    """

    jack: int = 1
    queen: int = 2
    king: int = 3
    ace: int = 4
    pile_order: Literal["as_played", "reversed"] = "as_played"
    deck: Literal["french", "italian"] = "french"

    def __post_init__(self) -> None:
        check_options(self, choices=_CHOICES, counts=_COUNTS)
        if self.deck == "italian":
            for name, default in (("jack", 1), ("queen", 2), ("king", 3), ("ace", 4)):
                if getattr(self, name) != default:
                    raise RulesError(
                        f"{name} applies to the French deck; with deck='italian' the 1, 2 "
                        "and 3 demand 1, 2 and 3 (leave jack, queen, king and ace at their "
                        "defaults)"
                    )

    @property
    def cards(self) -> tuple[Card, ...]:
        """The deck's cards by card id (:data:`FRENCH` or :data:`ITALIAN`)."""
        return ITALIAN if self.deck == "italian" else FRENCH

    def demand_of(self, rank: Rank) -> int:
        """How many cards a card of ``rank`` demands under these rules (0: plain)."""
        if self.deck == "italian":
            return {Rank.ACE: 1, Rank.TWO: 2, Rank.THREE: 3}.get(rank, 0)
        return {Rank.JACK: self.jack, Rank.QUEEN: self.queen, Rank.KING: self.king}.get(
            rank, self.ace if rank == Rank.ACE else 0
        )

    def demands(self) -> tuple[int, ...]:
        """What each card demands, by card id: the table the rule modules play by."""
        return _demands(self)

    def machine_options(self) -> dict[str, object]:
        """These rules as the rule modules take them: ``demands`` (by card id) and
        ``reverse`` (0 or 1)."""
        return {"demands": self.demands(), "reverse": int(self.pile_order == "reversed")}


@functools.lru_cache(maxsize=64)
def _demands(rules: Rules) -> tuple[int, ...]:
    return tuple(rules.demand_of(card.rank) for card in rules.cards)


def symbol_of(rules: Rules, card: Card) -> str:
    """The record-notation symbol of ``card`` under ``rules`` (``-`` for a plain rank)."""
    for symbol, rank in NOTATION[rules.deck].items():
        if rank == card.rank:
            return symbol
    return "-"


def check_rules(rules: object) -> Rules:
    """``rules`` if it is a :class:`Rules`, else RulesError."""
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a beggar_my_neighbour.Rules, got {describe(rules)}")
    return rules
