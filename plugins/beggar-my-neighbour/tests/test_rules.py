"""Every rule (BMN-2 … BMN-9) and option (BMN-O1 … O3), on small hands traced by hand."""

from __future__ import annotations

import pytest
from cardwars.authoring import Card, Rank, RulesError, derive_seed

from beggar_my_neighbour import (
    BeggarMyNeighbour,
    CardPlayed,
    CycleReached,
    Outcome,
    OutOfCards,
    PileTaken,
    Rules,
    State,
)


def trick_of(state: State) -> list[tuple[int, str]]:
    """Play one trick; its cards as ``(seat, notation symbol)``."""
    symbols = {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"}
    return [
        (e.seat, symbols.get(e.card.rank, "-"))
        for e in state.apply({})
        if isinstance(e, CardPlayed)
    ]


def test_bmn_2_deal_alternately_from_the_engines_shuffle() -> None:
    from cardwars.authoring import Rng

    state = BeggarMyNeighbour().new_game(seed=42)
    deck = list(Rules().cards)
    Rng(42).shuffle(deck)
    assert state.hands == (tuple(deck[0::2]), tuple(deck[1::2]))
    assert [len(hand) for hand in state.hands] == [26, 26]
    assert state.leader == 0  # BMN-3


def test_bmn_2_same_seed_same_deal() -> None:
    game = BeggarMyNeighbour()
    assert game.new_game(seed=7).hands == game.new_game(seed=7).hands
    assert game.new_game(seed=7).hands != game.new_game(seed=8).hands


def test_bmn_4_plain_cards_alternate_from_the_leader() -> None:
    state = State.from_hands(["--J", "---"])
    assert trick_of(state) == [(0, "-"), (1, "-"), (0, "-"), (1, "-"), (0, "J"), (1, "-")]


@pytest.mark.parametrize(("court", "demand"), [("J", 1), ("Q", 2), ("K", 3), ("A", 4)])
def test_bmn_5_a_court_card_demands_its_cards(court: str, demand: int) -> None:
    state = State.from_hands([court + "-", "-" * 6])
    played = trick_of(state)
    assert played == [(0, court)] + [(1, "-")] * demand
    taken = state.last_events[-1]
    assert taken == PileTaken(seat=0, cards=1 + demand, trick=True)  # BMN-6
    assert state.leader == 0 and state.tricks == 1 and state.cards == 1 + demand


def test_bmn_5_3_a_court_card_while_paying_passes_the_demand_back() -> None:
    state = State.from_hands(["K---", "-Q--"])
    # P0 K demands 3; P1 pays '-', then turns Q: P0 now owes 2 plain cards.
    assert trick_of(state) == [(0, "K"), (1, "-"), (1, "Q"), (0, "-"), (0, "-")]
    assert state.leader == 1 and state.notation == ("-", "--K-Q--")


def test_bmn_6_the_pile_goes_under_the_hand_in_the_order_played() -> None:
    state = State.from_hands([["9C", "JC", "5D"], ["2H", "3H"]])
    state.apply({})  # 9C, 2H, JC, 3H: P0 takes
    assert [str(c) for c in state.hands[0]] == ["5D", "9C", "2H", "JC", "3H"]


def test_bmn_o2_reversed_pile_order() -> None:
    state = State.from_hands([["9C", "JC", "5D"], ["2H", "3H"]], rules=Rules(pile_order="reversed"))
    state.apply({})
    assert [str(c) for c in state.hands[0]] == ["5D", "3H", "JC", "2H", "9C"]


def test_bmn_7_1_out_of_cards_while_paying_loses_and_the_last_pile_is_no_trick() -> None:
    state = State.from_hands(["Q-", "-"])
    events = state.apply({})  # Q, then P1 pays one card and has no second
    assert events[-4:-1] == (
        CardPlayed(seat=1, card=state.hands[0][-1], demand=0),
        OutOfCards(seat=1),
        PileTaken(seat=0, cards=2, trick=False),
    )
    assert state.is_over and state.result is not None
    assert (state.result.winner, state.result.termination, state.result.length) == (
        0,
        "out_of_cards",
        0,
    )
    assert (state.tricks, state.cards) == (0, 2)  # BMN-8: the last pile is no trick
    assert state.result.placings == (1, 2)


def test_bmn_7_1_out_of_cards_when_it_is_ones_turn_to_follow() -> None:
    game = BeggarMyNeighbour()
    assert game.play_hands("--", "-") == Outcome(winner=0, tricks=0, cards=3, cycle=None)
    assert game.play_hands("", "--") == Outcome(winner=1, tricks=0, cards=0, cycle=None)


def test_bmn_7_2_a_repeated_position_ends_the_game_as_a_cycle() -> None:
    # Traced by hand: after tricks 1 and 3 the hands are "--J-" / "J-" and P0 leads.
    state = State.from_hands(["-J", "--J-"])
    for _ in range(3):
        events = state.apply({})
    assert events[-2] == CycleReached(length=2, since=1)
    assert state.result is not None and state.result.termination == "cycle"
    assert state.result.winners == frozenset() and state.result.placings == (1, 1)
    assert (state.tricks, state.cards, state.cycle) == (3, 10, 2)
    assert BeggarMyNeighbour().play_hands("-J", "--J-") == Outcome(None, 3, 10, 2)


def test_bmn_7_2_positions_compare_by_demand_not_by_suit() -> None:
    # The same game with other plain cards: the cycle is found all the same.
    state = State.from_hands([["4C", "JC"], ["5D", "6D", "JD", "7D"]])
    while not state.is_over:
        state.apply({})
    assert state.cycle == 2


def test_bmn_o1_only_jacks_and_queens() -> None:
    rules = Rules(king=0, ace=0)
    game = BeggarMyNeighbour(rules=rules)
    state = game.from_hands("K-", "-A")
    assert trick_of(state) == [(0, "K"), (1, "-"), (0, "-"), (1, "A")]
    assert state.last_events[-3] == OutOfCards(seat=0)  # K and A plain: P0 must play, has none
    assert game.play_hands("K-", "-A").winner == 1
    assert Rules(jack=3).demand_of(Rank.JACK) == 3


def test_bmn_o3_italian_deck() -> None:
    rules = Rules(deck="italian")
    state = BeggarMyNeighbour(rules=rules).new_game(seed=3)
    assert [len(hand) for hand in state.hands] == [20, 20]
    every = {card for hand in state.hands for card in hand}
    assert len(every) == 40 and not {c.rank for c in every} & {Rank.EIGHT, Rank.NINE, Rank.TEN}
    assert [rules.demand_of(r) for r in (Rank.ACE, Rank.TWO, Rank.THREE, Rank.KING)] == [1, 2, 3, 0]
    court = State.from_hands(["3-", "----"], rules=rules)
    played = [(e.seat, e.demand) for e in court.apply({}) if isinstance(e, CardPlayed)]
    assert played == [(0, 3), (1, 0), (1, 0), (1, 0)]
    assert court.last_events[-1] == PileTaken(seat=0, cards=4, trick=True)
    # The Camicia deal of the record lists (40 cards; its J, Q, K stand for 1, 2, 3).
    written = State.from_hands(["1-3", "2"], rules=rules)
    assert written.notation == ("1-3", "2")
    assert [str(c) for hand in written.hands for c in hand] == ["AC", "4C", "3C", "2C"]
    italian = BeggarMyNeighbour(rules=rules)
    hands = ("--2------21----13---", "---2---1-2-31--3-3--")
    assert italian.play_hands(*hands) == Outcome(None, 37, 197, 36)


def test_bmn_9_notation_takes_the_next_card_of_each_rank() -> None:
    state = State.from_hands(["J-J", "-"])
    assert state.hands == (
        (Card.parse("JC"), Card.parse("2C"), Card.parse("JD")),
        (Card.parse("3C"),),
    )
    assert state.notation == ("J-J", "-")


@pytest.mark.parametrize(
    ("hands", "rules", "message"),
    [
        (["X", "-"], Rules(), "is not a symbol of"),
        (["JJJJJ", "-"], Rules(), "no more cards for 'J'"),
        (["1", "-"], Rules(), "is not a symbol"),
        (["J", "-"], Rules(deck="italian"), "is not a symbol"),
        ([["JC"], ["JC"]], Rules(), "appears twice"),
        ([["9C"], ["JC"]], Rules(deck="italian"), "has no 9C"),
        (["", ""], Rules(), "at least one card"),
        (["-"], Rules(), "two hands"),
        ("--", Rules(), "two hands"),
    ],
)
def test_bad_hands_are_refused(hands: object, rules: Rules, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        State.from_hands(hands, rules=rules)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"jack": 10}, "jack must be an int from 0 to 9"),
        ({"ace": True}, "ace must be"),
        ({"pile_order": "shuffled"}, "pile_order must be one of"),
        ({"deck": "tarot"}, "deck must be one of"),
        ({"deck": "italian", "king": 0}, "king applies to the French deck"),
    ],
)
def test_bad_rules_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**options)  # type: ignore[arg-type]


def test_game_options_and_players() -> None:
    game = BeggarMyNeighbour.from_options(king=0, pile_order="reversed")
    assert game.rules == Rules(king=0, pile_order="reversed") and game.players == 2
    with pytest.raises(RulesError, match="2 to 2 players"):
        BeggarMyNeighbour(players=3)
    with pytest.raises(RulesError, match="rules must be"):
        BeggarMyNeighbour(rules="fast")  # type: ignore[arg-type]


def test_batch_game_k_is_the_state_dealt_from_its_seed() -> None:
    game = BeggarMyNeighbour(rules=Rules(pile_order="reversed"))
    columns = game.run_batch(("random", "random"), seed=5, start=10, count=6)
    for k in range(6):
        state = game.new_game(seed=derive_seed(5, 10 + k))
        while not state.is_over:
            state.apply({})
        assert state.result is not None
        winner = -1 if state.result.winner is None else state.result.winner
        assert (columns["length"][k], columns["cards"][k], columns["winner"][k]) == (
            state.tricks,
            state.cards,
            winner,
        )
