"""Reading a hand-built position: the checks behind ``State.from_position`` (GT-1.1, GT-A2)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from cardwars.cards import Card, read_card
from cardwars.errors import RulesError, describe
from cardwars.guerrilla.rules import MAX_GUERRILLA_RANK, Rules, seat_cards
from cardwars.options import check_players

__all__ = ["STARTS", "Position", "read_position"]

STARTS: tuple[str, ...] = ("skirmish", "draw", "play")
"""Where a hand-built position begins (the promotion window, Draw, or Play)."""


@dataclass(frozen=True, slots=True)
class Position:
    """The checked arguments of :meth:`~cardwars.guerrilla.State.from_position`.

    >>> from cardwars.guerrilla.position import read_position
    >>> position = read_position([["KC"], ["9D"]], skirmish=3, start="play")
    >>> position.players, position.skirmish, position.in_game, position.cards
    (2, 3, [True, True], 2)
    """

    rules: Rules
    players: int
    rng_seed: int
    hands: list[list[Card]]
    draw_piles: list[list[Card]]
    discard_piles: list[list[Card]]
    removed: list[Card]
    guerrilla_rank: int
    played_guerrilla: list[bool]
    support_penalty: list[bool]
    spy_first: list[bool]
    in_game: list[bool]
    skirmish: int
    start: str

    @property
    def cards(self) -> int:
        """The number of cards in the position (every card is in one place only)."""
        piles = (*self.hands, *self.draw_piles, *self.discard_piles, self.removed)
        return sum(len(pile) for pile in piles)


def _is_sequence(value: object) -> bool:
    """A sequence of items, not text (a str is a sequence of characters, never of cards)."""
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


def int_in(value: object, low: int, high: int) -> bool:
    """Whether ``value`` is an int (not a bool) from ``low`` to ``high``."""
    return not isinstance(value, bool) and isinstance(value, int) and low <= value <= high


def game_deck(players: int, two_suit_variant: bool) -> frozenset[Card]:
    """The cards of the game: each seat's suit(s) of one deck (GT-1.1, GT-A2)."""
    return frozenset(card for own in seat_cards(players, two_suit_variant) for card in own)


def read_game_card(value: object, where: str, deck: frozenset[Card]) -> Card:
    """``value`` read as a card of ``deck`` (:func:`~cardwars.cards.read_card`'s errors).

    Raises:
        RulesError: a card not in ``deck``, or not a card.
        CardParseError: card text that is not a card."""
    card = read_card(value, where)
    if card not in deck:
        suits = ", ".join(sorted({c.suit.letter for c in deck}, key="CDHS".index))
        raise RulesError(
            f"{where} is {card}, which is not in this game: it has the cards 2 to A "
            f"of the suits {suits} of one deck (no deck digit)"
        )
    return card


def read_position(
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
) -> Position:
    """Check the arguments of :meth:`~cardwars.guerrilla.State.from_position` (documented there).

    Raises:
        RulesError: a malformed position, naming the argument.
        CardParseError: card text that is not a card.

    >>> from cardwars.guerrilla.position import read_position
    >>> read_position([["KC"], ["9D"]], guerrilla_rank=7)
    Traceback (most recent call last):
    ...
    cardwars.errors.RulesError: guerrilla_rank must be an int 2..6, got 7
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a guerrilla.Rules, got {describe(rules)}")
    if not int_in(rng_seed, 0, 2**64 - 1):
        raise RulesError(f"rng_seed must be an int in [0, 2**64), got {describe(rng_seed)}")
    if not _is_sequence(hands):
        raise RulesError(f"hands must be a sequence with one hand per seat, got {describe(hands)}")
    players = check_players("guerrilla", len(hands), 2, 4)
    if rules.two_suit_variant and players != 2:
        raise RulesError(f"two_suit_variant is for 2 players, got {players}")
    if not isinstance(start, str) or start not in STARTS:
        raise RulesError(f"start must be one of {STARTS}, got {describe(start)}")
    if not int_in(guerrilla_rank, 2, MAX_GUERRILLA_RANK):
        raise RulesError(f"guerrilla_rank must be an int 2..6, got {describe(guerrilla_rank)}")
    cap = rules.max_skirmishes
    if not int_in(skirmish, 0, cap - 1):
        raise RulesError(
            f"skirmish must be an int >= 0 and < max_skirmishes ({cap}), got {describe(skirmish)}"
        )
    deck = game_deck(players, rules.two_suit_variant)

    def cards(value: object, where: str) -> list[Card]:
        # A mapping iterates its keys: {"5C": ...} is no pile, as "5C" is none.
        if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
            raise RulesError(f"{where} must be a sequence of cards, got {describe(value)}")
        return [read_game_card(card, f"{where}[{i}]", deck) for i, card in enumerate(value)]

    def piles(value: Sequence[Iterable[Card | str]] | None, what: str) -> list[list[Card]]:
        if value is None:
            return [[] for _ in range(players)]
        if not _is_sequence(value):
            raise RulesError(
                f"{what} must be a sequence with one pile per seat, got {describe(value)}"
            )
        if len(value) != players:
            raise RulesError(f"{what} needs one entry per seat ({players}), got {len(value)}")
        return [cards(pile, f"{what}[{seat}]") for seat, pile in enumerate(value)]

    def flags(value: Sequence[bool] | None, what: str, default: bool) -> list[bool]:
        if value is None:
            return [default] * players
        if (
            not _is_sequence(value)
            or len(value) != players
            or not all(isinstance(v, bool) for v in value)
        ):
            raise RulesError(f"{what} needs one bool per seat ({players}), got {describe(value)}")
        return list(value)

    position = Position(
        rules=rules,
        players=players,
        rng_seed=rng_seed,
        hands=piles(hands, "hands"),
        draw_piles=piles(draw_piles, "draw_piles"),
        discard_piles=piles(discard_piles, "discard_piles"),
        removed=cards(removed, "removed"),
        guerrilla_rank=guerrilla_rank,
        played_guerrilla=flags(played_guerrilla, "played_guerrilla", False),
        support_penalty=flags(support_penalty, "support_penalty", False),
        spy_first=flags(spy_first, "spy_first", False),
        in_game=flags(in_game, "in_game", True),
        skirmish=skirmish,
        start=start,
    )
    zones = (position.hands, position.draw_piles, position.discard_piles)
    every = [card for zone in zones for pile in zone for card in pile] + position.removed
    if len(set(every)) != len(every):
        dupes = sorted({str(card) for card in every if every.count(card) > 1})
        raise RulesError(f"a card may be in one place only; duplicated: {dupes}")
    for seat in range(players):
        has_cards = (
            position.hands[seat] or position.draw_piles[seat] or position.discard_piles[seat]
        )
        if not position.in_game[seat] and has_cards:
            raise RulesError(f"seat {seat} is out of the game but holds cards")
        if position.in_game[seat] and start == "play" and not position.hands[seat]:
            raise RulesError(f"seat {seat} has an empty hand at start='play'")
    if sum(position.in_game) < 2:
        raise RulesError("a position needs at least 2 players still in the game")
    return position
