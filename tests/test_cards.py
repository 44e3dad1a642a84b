"""Cards, ranks, suits and decks (card ids and canonical order, docs/engine.rst)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardwars import Card, CardParseError, CardwarsError, Deck, Rank, Suit
from cardwars.cards import card_from_id
from tests import builds

cards = st.builds(Card, st.sampled_from(Rank), st.sampled_from(Suit), st.integers(0, 3))


@given(cards)
def test_card_text_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.unicode()) == card


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("QS", Rank.QUEEN, Suit.SPADES),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("T♥", Rank.TEN, Suit.HEARTS),
        ("2c", Rank.TWO, Suit.CLUBS),
        ("a♠", Rank.ACE, Suit.SPADES),
        (" 9d ", Rank.NINE, Suit.DIAMONDS),
    ],
)
def test_card_parse_forms(text: str, rank: Rank, suit: Suit) -> None:
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize("text", ["", "1S", "QX", "11H", "QS4", "Q S", "QSS"])
def test_card_parse_error_shows_text(text: str) -> None:
    with pytest.raises(CardParseError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, CardwarsError)


def test_card_bad_fields_raise() -> None:
    with pytest.raises(CardParseError, match="rank must be"):
        Card(1, Suit.CLUBS)  # type: ignore[arg-type]
    with pytest.raises(CardParseError, match="deck must be"):
        Card(Rank.TWO, Suit.CLUBS, 4)


def test_card_is_immutable_and_hashable() -> None:
    card = Card.parse("QS")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert len({card, Card.parse("qs"), Card.parse("Q♠")}) == 1


def test_card_str_forms() -> None:
    assert str(Card(Rank.TEN, Suit.HEARTS)) == "TH"
    assert Card(Rank.TEN, Suit.HEARTS).unicode() == "T♥"
    assert str(Card(Rank.KING, Suit.SPADES, 2)) == "KS2"


def test_deck_standard_canonical_order() -> None:
    deck = Deck.standard()
    assert len(deck) == 52
    assert [c.id for c in deck] == list(range(52))
    assert sorted(deck, reverse=True) == list(reversed(deck))
    assert [card_from_id(i) for i in range(52)] == list(deck)
    assert str(deck[:3]) == "2C 3C 4C"


def test_deck_clone_war_canonical_order() -> None:
    deck = Deck.clone_war()
    assert len(deck) == 48
    assert sorted(deck) == list(deck)
    assert {c.rank for c in deck} == {Rank.JACK, Rank.QUEEN, Rank.KING}
    assert len(set(deck)) == 48


def test_deck_shuffled_uses_rng() -> None:
    rng = builds.current.Rng(42)
    shuffled = Deck.standard().shuffled(rng)
    items = list(Deck.standard())
    builds.current.Rng(42).shuffle(items)
    assert list(shuffled) == items
    assert sorted(shuffled) == list(Deck.standard())


def test_deck_parse_and_bad_items() -> None:
    assert Deck.parse("QS, 10h T♥") == Deck([Card.parse("QS"), Card.parse("TH"), Card.parse("TH")])
    with pytest.raises(CardParseError):
        Deck(["QS"])  # type: ignore[list-item]
