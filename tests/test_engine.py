"""The engine protocol itself, on a tiny game built for these tests.

The toy game ("Pick"): each round both seats secretly pick 1 or 2; the higher
pick scores; first to 2 points wins; after 5 rounds it is a draw.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

import cardwars
from cardwars import IllegalMoveError, RulesError, UsageError
from cardwars.engine import (
    Agent,
    Event,
    Game,
    GameState,
    Move,
    Observation,
    RandomAgent,
    Result,
    play,
)
from cardwars.registry import load_game
from tests import builds


class Phase(enum.Enum):
    PICK = 1
    OVER = 2


@dataclass(frozen=True, slots=True)
class Pick(Move):
    value: int


@dataclass(frozen=True, slots=True)
class Picked(Event):
    picks: tuple[int, int]


@dataclass(frozen=True, slots=True)
class PickView(Observation):
    seat: int
    scores: tuple[int, int]


@dataclass(frozen=True)
class PickRules:
    target: int = 2


class PickState(GameState[Phase]):
    game_name = "pick"

    def __init__(self, seed: int) -> None:
        super().__init__()
        self._seed = seed
        self.scores = [0, 0]
        self.rounds = 0
        self._result: Result | None = None

    players = property(lambda self: 2)

    @property
    def phase(self) -> Phase:
        return Phase.OVER if self._result else Phase.PICK

    @property
    def to_act(self) -> frozenset[int]:
        return frozenset() if self._result else frozenset({0, 1})

    def legal_moves(self, player: int) -> tuple[Move, ...]:
        self._check_seat(player)
        return (Pick(1), Pick(2)) if player in self.to_act else ()

    @property
    def result(self) -> Result | None:
        return self._result

    def observation(self, player: int) -> PickView:
        return PickView(player, (self.scores[0], self.scores[1]))

    def copy(self) -> PickState:
        other = PickState(self._seed)
        other.scores = list(self.scores)
        other.rounds = self.rounds
        other._result = self._result
        other._history = list(self._history)
        return other

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def rng(self) -> Any:
        return builds.current.Rng(self._seed)

    def _apply(self, moves: dict[int, Move]) -> tuple[Event, ...]:
        a, b = (m.value for m in moves.values())  # type: ignore[attr-defined]
        self.rounds += 1
        if a != b:
            self.scores[0 if a > b else 1] += 1
        for seat in (0, 1):
            if self.scores[seat] == 2:
                self._result = Result(
                    frozenset({seat}), "score", self.rounds, (1, 2) if seat == 0 else (2, 1)
                )
        if self._result is None and self.rounds == 5:
            self._result = Result(frozenset(), "rounds", self.rounds, (1, 1))
        return (Picked((a, b)),)

    def _snapshot(self) -> tuple[Any, ...]:
        return (self._seed, tuple(self.scores), self.rounds, self._result)


class PickGame(Game[PickRules, "PickState"]):
    name: ClassVar[str] = "pick"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    rules_type: ClassVar[type[Any]] = PickRules
    agents: ClassVar[Mapping[str, Callable[[], Agent]]] = {"random": RandomAgent}

    def __init__(self, rules: PickRules | None = None) -> None:
        self._rules = rules or PickRules()

    @property
    def players(self) -> int:
        return 2

    @property
    def rules(self) -> PickRules:
        return self._rules

    def _deal(self, seed: int) -> PickState:
        return PickState(seed)


def test_apply_needs_exactly_the_polled_seats() -> None:
    state = PickState(1)
    with pytest.raises(IllegalMoveError, match=r"no move for polled seat\(s\) \[1\]"):
        state.apply({0: Pick(1)})
    with pytest.raises(IllegalMoveError, match=r"not polled"):
        state.apply({0: Pick(1), 1: Pick(1), 2: Pick(1)})
    assert state == PickState(1)
    assert state.history == ()


def test_apply_rejects_an_illegal_move_and_changes_nothing() -> None:
    state = PickState(1)
    state.apply({0: Pick(2), 1: Pick(1)})
    before = state.copy()
    with pytest.raises(IllegalMoveError) as info:
        state.apply({0: Pick(1), 1: Pick(3)})
    message = str(info.value)
    assert "seat 1" in message
    assert "Pick(value=3)" in message
    assert "Pick(value=1), Pick(value=2)" in message
    assert state == before
    assert len(state.history) == 1


def test_apply_rejects_a_non_mapping() -> None:
    with pytest.raises(IllegalMoveError, match="mapping"):
        PickState(1).apply([Pick(1), Pick(2)])  # type: ignore[arg-type]


def test_apply_does_not_depend_on_mapping_order() -> None:
    a, b = PickState(1), PickState(1)
    a.apply({0: Pick(2), 1: Pick(1)})
    b.apply({1: Pick(1), 0: Pick(2)})
    assert a == b
    assert a.history == b.history


def test_apply_after_the_end_is_rejected() -> None:
    state = PickState(1)
    state.apply({0: Pick(2), 1: Pick(1)})
    state.apply({0: Pick(2), 1: Pick(1)})
    assert state.is_over
    assert state.result is not None and state.result.winner == 0
    with pytest.raises(IllegalMoveError, match="over"):
        state.apply({})


def test_seat_checks() -> None:
    with pytest.raises(UsageError, match=r"seat must be 0\.\.1"):
        PickState(1).legal_moves(2)
    with pytest.raises(UsageError, match="seat is an int"):
        PickState(1).legal_moves(True)


def test_result_helpers() -> None:
    draw = Result(frozenset(), "rounds", 5, (1, 1))
    assert draw.is_draw and draw.winner is None
    win = Result(frozenset({1}), "score", 2, (2, 1))
    assert not win.is_draw and win.winner == 1


def test_new_game_seed_checks_and_fresh_seed() -> None:
    game = PickGame()
    assert game.new_game(5).seed == 5
    assert 0 <= game.new_game().seed < 2**64
    for bad in (-1, 2**64, "1", True):
        with pytest.raises(ValueError, match="seed must be"):
            game.new_game(bad)  # type: ignore[arg-type]


def test_from_options_checks_names_and_players() -> None:
    assert PickGame.from_options(target=3).rules == PickRules(3)
    with pytest.raises(RulesError, match=r"unknown option\(s\) \['bogus'\].*target"):
        PickGame.from_options(bogus=1)
    with pytest.raises(RulesError, match="exactly 2 players"):
        PickGame.from_options(players=3)


class AlwaysTwo:
    def choose(self, observation: Any, legal_moves: Any, rng: Any) -> Any:
        return legal_moves[-1]


def test_play_drives_agents_until_the_end() -> None:
    seen: list[tuple[Event, ...]] = []
    final = play(PickGame(), [AlwaysTwo(), "random"], seed=9, on_step=lambda s, e: seen.append(e))
    assert final.is_over
    assert len(seen) == len(final.history)
    again = play(PickGame(), [AlwaysTwo(), "random"], seed=9)
    assert again == final
    assert again.history == final.history


def test_play_random_agents_draw_from_derived_seeds() -> None:
    final = play(PickGame(), ["random", "random"], seed=123)
    rngs = [builds.current.Rng(cardwars.derive_seed(123, 1 + s)) for s in (0, 1)]
    for step in final.history:
        for seat, move in step.items():
            assert move == (Pick(1), Pick(2))[rngs[seat].below(2)]


def test_play_checks_agents() -> None:
    with pytest.raises(UsageError, match="needs 2 agents, got 1"):
        play(PickGame(), ["random"])
    with pytest.raises(UsageError, match=r"unknown agent 'smart'.*random"):
        play(PickGame(), ["random", "smart"])
    with pytest.raises(UsageError, match="choose"):
        play(PickGame(), ["random", 42])  # type: ignore[list-item]
    with pytest.raises(UsageError, match="sequence"):
        play(PickGame(), "random")


def test_load_game_unknown_name() -> None:
    with pytest.raises(UsageError, match=r"unknown game 'chess'.*aliwar, clone-war, guerrilla"):
        load_game("chess")
    assert cardwars.game_names()[:3] == ("aliwar", "clone-war", "guerrilla")  # then plugins
