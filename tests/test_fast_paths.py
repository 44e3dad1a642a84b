"""The fast paths give exactly what the plain paths give: builders, action choosers, play()."""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

import cardwars
from cardwars import aliwar, clone_war, guerrilla
from cardwars.engine import RandomAgent
from cardwars.engine.interfaces import action_chooser
from cardwars.values import builder
from tests import builds


@dataclass(frozen=True, slots=True)
class Pair:
    left: int
    right: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pick:
    index: int


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


class WithNew:
    __slots__ = ("value",)

    def __new__(cls) -> WithNew:
        return super().__new__(cls)


def test_slot_builder_holds_its_values() -> None:
    # Each value is made here and dropped at once: the built object must own a reference.
    make = builds.current.SlotBuilder(Pair, ("left", "right"))
    made = [make(10**20 + i, tuple(range(i, i + 3))) for i in range(2000)]
    gc.collect()
    assert [p.left for p in made] == [10**20 + i for i in range(2000)]
    assert made[7] == Pair(10**20 + 7, (7, 8, 9))
    value = 10**30
    before = sys.getrefcount(value)
    held = make(value, ())
    assert sys.getrefcount(value) == before + 1
    del held
    assert sys.getrefcount(value) == before
    assert make.names == ("left", "right")
    assert "Pair" in repr(make)


def test_slot_builder_refuses_what_it_cannot_build() -> None:
    builder_of = builds.current.SlotBuilder
    with pytest.raises(TypeError, match=r"Pair takes 2 field values \('left', 'right'\), got 1"):
        builder_of(Pair, ("left", "right"))(1)
    with pytest.raises(TypeError, match=r"Pair\.middle is not a slot"):
        builder_of(Pair, ("left", "middle"))
    with pytest.raises(TypeError, match=r"built by object\.__new__"):
        builder_of(WithNew, ("value",))
    with pytest.raises(TypeError, match=r"built by object\.__new__"):
        builder_of(len, ("value",))
    with pytest.raises(ValueError, match="at most 32 fields"):
        builder_of(Pair, ("left",) * 33)


@pytest.mark.parametrize(
    "game", [aliwar.Aliwar(), guerrilla.Guerrilla(players=3)], ids=["aliwar", "guerrilla-3"]
)
def test_machine_legal_moves_are_the_faces_moves_of_its_actions(game: Any) -> None:
    space = game.action_space
    state = game.new_game(5)
    machine = state._m
    for _ in range(30):
        if state.is_over:
            break
        for seat in range(game.players):
            moves = machine.legal_moves(seat, space.moves)
            assert moves == tuple(space.moves[a] for a in machine.legal_actions(seat))
            assert all(
                m is space.moves[a] for m, a in zip(moves, state.legal_actions(seat), strict=True)
            )
        polled = sorted(state.to_act)
        state.apply({seat: state.legal_moves(seat)[-1] for seat in polled})
    with pytest.raises(ValueError, match="seat"):
        machine.legal_moves(game.players, space.moves)
    if not state.is_over:
        seat = min(state.to_act)
        machine.legal_moves(seat, space.moves)  # cached for that table, not for another
        with pytest.raises(ValueError, match="own has 0 moves"):
            machine.legal_moves(seat, ())


@pytest.mark.parametrize(
    "game",
    [aliwar.Aliwar(), guerrilla.Guerrilla(players=2), guerrilla.Guerrilla(players=4)],
    ids=["aliwar", "guerrilla-2", "guerrilla-4"],
)
def test_front_end_path_agrees_with_actions(game: Any) -> None:
    """Legal moves, observations and events through the fast paths, checked against the
    plain ones at every step (and after a garbage collection, which would expose a tuple
    item the machines hold without a reference)."""
    space = game.action_space
    for seed in range(12):
        state = game.new_game(seed)
        rng = builds.current.Rng(seed)
        while not state.is_over:
            moves = {}
            for seat in sorted(state.to_act):
                actions = state.legal_actions(seat)
                legal = state.legal_moves(seat)
                assert legal == tuple(space.move(a) for a in actions)
                assert all(0 <= a < len(space) for a in actions)
                view = state.observation(seat)
                assert view.seat == seat and state.observation(seat) == view
                moves[seat] = legal[rng.below(len(legal))]
            interpreted = state.copy()
            events = state.apply(moves)
            interpreted.apply_actions({seat: space.action(m) for seat, m in moves.items()})
            gc.collect(0)
            assert interpreted.last_events == events == state.last_events
            assert [interpreted.observation(s) for s in range(game.players)] == [
                state.observation(s) for s in range(game.players)
            ]


def test_apply_takes_equal_moves_that_are_not_the_states_own() -> None:
    state = aliwar.Aliwar().new_game(3)
    other = state.copy()
    own = {seat: state.legal_moves(seat)[4] for seat in (0, 1)}
    built = {seat: aliwar.Switch(m.a, m.b) for seat, m in own.items() if type(m) is aliwar.Switch}
    assert built[0] is not own[0]
    space = state._action_space
    for not_keys in (None, space._by_id, space.moves, space):  # the machine takes only its keys
        assert not state._m.apply_moves(built, not_keys)
        assert state.observation(0) == other.observation(0)  # the refusal changed nothing
    assert state.apply(built) == other.apply(own)
    assert state.observation(1) == other.observation(1)
    # One lookup finds both: the space's own objects by identity, equal values by fields.
    state = aliwar.Aliwar().new_game(4)
    interpreted = state.copy()
    step = {0: state.legal_moves(0)[2], 1: aliwar.Switch(*_pair(state.legal_moves(1)[5]))}
    assert step[1] is not state.legal_moves(1)[5]
    assert state._m.apply_moves(step, space._keys())
    interpreted.apply_actions({seat: space.action(move) for seat, move in step.items()})
    assert state == interpreted and state.history == interpreted.history


def _pair(move: object) -> tuple[int, int]:
    assert isinstance(move, aliwar.Switch)
    return move.a, move.b


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
