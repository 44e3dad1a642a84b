"""The fast paths give exactly what the plain paths give: builders, action choosers, play()."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

import cardwars
from cardwars import aliwar, clone_war
from cardwars.engine import RandomAgent
from cardwars.interfaces import action_chooser
from cardwars.values import builder


@dataclass(frozen=True, slots=True)
class Pair:
    left: int
    right: tuple[int, ...]


@dataclass(frozen=True)
class NoSlots:
    value: int


@dataclass(frozen=True, slots=True)
class Private:
    _hidden: int


def test_builder_makes_equal_frozen_values() -> None:
    make = builder(Pair)
    made = make(1, (2, 3))
    assert made == Pair(1, (2, 3))
    assert hash(made) == hash(Pair(1, (2, 3)))
    assert repr(made) == "Pair(left=1, right=(2, 3))"
    with pytest.raises(AttributeError):
        made.left = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        make(1)


def test_builder_refuses_what_it_cannot_build() -> None:
    with pytest.raises(TypeError, match="frozen dataclass with slots"):
        builder(NoSlots)
    with pytest.raises(TypeError, match="public field names"):
        builder(Private)


class ChooseOnly(RandomAgent):
    """Overrides choose alone: it must always be asked through choose()."""

    def choose(self, observation: Any, legal_moves: Sequence[Any], rng: Any) -> Any:
        return super().choose(observation, legal_moves, rng)


class Plain:
    """An agent with no choose_action at all: RandomAgent's pick through choose()."""

    def choose(self, observation: Any, legal_moves: Sequence[Any], rng: Any) -> Any:
        return legal_moves[rng.below(len(legal_moves))]


def test_action_chooser_only_where_it_stands_for_choose() -> None:
    assert action_chooser(RandomAgent()) is not None
    assert action_chooser(ChooseOnly()) is None
    assert action_chooser(Plain()) is None


def _recorder(into: list[tuple[Any, ...]]) -> Any:
    def on_step(state: Any, events: tuple[Any, ...]) -> None:
        into.append(events)

    return on_step


@pytest.mark.parametrize(
    ("game", "agents"),
    [
        (aliwar.Aliwar(), ["random", "random"]),
        (aliwar.Aliwar(aliwar.Rules(allow_null_switch=True)), ["random", "greedy"]),
        (cardwars.load_game("guerrilla", players=3), ["random", "random", "greedy"]),
        (clone_war.CloneWar(players=3), ["random"] * 3),
    ],
    ids=["aliwar", "aliwar-mixed", "guerrilla-mixed", "clone-war"],
)
def test_play_on_actions_is_play_on_moves(game: Any, agents: list[str]) -> None:
    slow = [Plain() if name == "random" else name for name in agents]
    for seed in range(25):
        fast_steps: list[tuple[Any, ...]] = []
        slow_steps: list[tuple[Any, ...]] = []
        fast = cardwars.play(game, agents, seed=seed, on_step=_recorder(fast_steps))
        plain = cardwars.play(game, slow, seed=seed, on_step=_recorder(slow_steps))
        assert fast == plain
        assert fast.history == plain.history
        assert fast_steps == slow_steps
        assert fast_steps[-1] == fast.last_events
