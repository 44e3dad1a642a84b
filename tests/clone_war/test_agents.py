"""The greedy Clone War agent: Clone War has no decisions, so every agent plays the same games."""

from __future__ import annotations

import pytest

import cardwars
from cardwars import UsageError
from cardwars.clone_war import CloneWar, GreedyAgent


def test_every_builtin_agent_plays_the_same_games() -> None:
    game = CloneWar(players=3)
    greedy = cardwars.simulate(game, ["greedy"] * 3, games=200, seed=4)
    random = cardwars.simulate(game, ["random", "greedy", "random"], games=200, seed=4)
    assert greedy.lengths == random.lengths
    assert cardwars.play(game, ["greedy"] * 3, seed=9) == cardwars.play(
        game, ["random"] * 3, seed=9
    )
    with pytest.raises(UsageError, match="no legal moves"):
        GreedyAgent().choose(None, (), cardwars.Rng(0))
    assert GreedyAgent().choose(None, (cardwars.Move(),), cardwars.Rng(0)) is not None
