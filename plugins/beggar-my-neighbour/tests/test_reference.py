"""The engine against the independent reference (``reference.py``) over thousands of random
deals, under every option."""

from __future__ import annotations

import random

import pytest

from beggar_my_neighbour import BeggarMyNeighbour, Rules
from tests.reference import play

OPTIONS = [
    Rules(),
    Rules(pile_order="reversed"),
    Rules(king=0, ace=0),
    Rules(jack=2, queen=1, king=4, ace=0),
    Rules(deck="italian"),
    Rules(deck="italian", pile_order="reversed"),
]


@pytest.mark.parametrize("rules", OPTIONS, ids=lambda r: repr(r)[6:-1] or "default")
def test_random_deals_agree_with_the_reference(rules: Rules, backend: str) -> None:
    game = BeggarMyNeighbour(rules=rules)
    demands = rules.demands()
    count = 2000 if backend == "compiled" else 200
    shuffler = random.Random(f"{rules}")
    for _ in range(count):
        deck = list(range(len(demands)))
        shuffler.shuffle(deck)
        split = shuffler.randint(1, len(deck) - 1) if shuffler.random() < 0.2 else len(deck) // 2
        hands = (deck[:split], deck[split:])
        cards = rules.cards
        outcome = game.play_hands([cards[c] for c in hands[0]], [cards[c] for c in hands[1]])
        expected = play(
            [demands[c] for c in hands[0]],
            [demands[c] for c in hands[1]],
            reverse=rules.pile_order == "reversed",
        )
        assert tuple(outcome) == expected[:4], (hands, rules)


def test_batch_columns_agree_with_the_reference(backend: str) -> None:
    game = BeggarMyNeighbour()
    count = 2000 if backend == "compiled" else 100
    columns = game.run_batch(("random", "random"), seed=99, start=0, count=count)
    demands = game.rules.demands()
    from cardwars.authoring import Rng, derive_seed

    for k in range(count):
        deck = list(range(52))
        Rng(derive_seed(99, k)).shuffle(deck)
        winner, tricks, cards, cycle, _ = play(
            [demands[c] for c in deck[0::2]], [demands[c] for c in deck[1::2]]
        )
        assert (columns["winner"][k], columns["length"][k], columns["cards"][k]) == (
            -1 if winner is None else winner,
            tricks,
            cards,
        )
        assert columns["cycle"][k] == (cycle or 0)
        assert columns["termination"][k] == (1 if cycle else 0)
