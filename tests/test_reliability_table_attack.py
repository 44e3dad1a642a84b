"""Regression tests of an audit of simulate, play, Table, the report, the authoring RNG
helpers and the registry: a caller's hostile or broken object (an agent, a game, an
executor, a plugin) gives a cardwars error naming it, never its own exception."""

from __future__ import annotations

import dataclasses
import importlib
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import cardwars
from cardwars import authoring, registry
from cardwars.agents import agent_by_name, agent_names
from cardwars.authoring import Result
from cardwars.errors import ArgumentTypeError, PluginError, SimulationError, UsageError
from cardwars.report import LengthStats, wilson_interval
from tests.plugin_site import distribution, installed


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Path]:
    """A ``sys.path`` entry holding Duel, installed as the distribution ``cw-duel``."""
    yield from installed(tmp_path)


class First:
    """An agent of the caller's own: simulate plays its games with play()."""

    def choose(self, observation: object, legal_moves: Sequence[Any], rng: object) -> Any:
        return legal_moves[0]


# --- 1. an agent whose __class__ raises -------------------------------------------------------


class Proxy(First):
    """An agent behind a proxy whose ``__class__`` lookup fails."""

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        raise RuntimeError("no class")


def test_an_agent_whose_class_raises_is_judged_by_its_type() -> None:
    game = cardwars.load_game("aliwar")
    report = cardwars.simulate("aliwar", [Proxy(), "random"], games=2)
    assert report.games == 2 and report.agents == ("Proxy", "random")
    assert cardwars.play(game, [Proxy(), "random"], seed=1).is_over
    assert cardwars.Table(game, {1: Proxy()}, seed=1).people == frozenset({0})


# --- 2. an agent's name -----------------------------------------------------------------------


class Numbered(First):
    name = 12345


class Forwarding(First):
    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(f"no {name}")


class Long(First):
    name = "x" * 1_000_000


def test_simulate_reads_an_agents_name_guarded() -> None:
    report = cardwars.simulate("aliwar", [Numbered(), Forwarding()], games=2)
    assert report.agents == ("Numbered", "Forwarding")
    assert "agents Numbered, Forwarding" in str(report)
    (name, _) = cardwars.simulate("aliwar", [Long(), "random"], games=1).agents
    assert type(name) is str and 0 < len(name) <= 80


# --- 3. a str subclass as an agent's name -----------------------------------------------------


class Name(str):
    __slots__ = ()

    def __hash__(self) -> int:
        return hash("random")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")


def test_an_agent_name_of_a_str_subclass_is_read_as_a_plain_str() -> None:
    game = cardwars.load_game("aliwar")
    assert cardwars.play(game, [Name("random"), "random"], seed=1).is_over
    assert cardwars.Table(game, {1: Name("random")}, seed=1).people == frozenset({0})
    assert type(game.make_agent(Name("greedy"))).__name__ == "GreedyAgent"


# --- 4 and 5. a user's game that misbehaves -----------------------------------------------------


def _duel() -> Any:
    """Duel's module (of the ``site`` fixture), untyped: the tests subclass its classes."""
    return importlib.import_module("cw_duel.game")


def _raising(message: str) -> Callable[..., Any]:
    def method(self: object, *args: object) -> Any:
        raise RuntimeError(message)

    return method


def test_a_winner_that_is_no_seat_stops_the_play_path(site: Path) -> None:
    duel = _duel()

    def _apply(self: Any, moves: Any) -> Any:
        events = duel.State._apply(self, moves)
        if self._result is not None:  # seat 7 of a 2-seat game wins
            self._result = Result(frozenset({7}), "more_points", self._result.length, (1, 2))
        return events

    bad_state = type("BadState", (duel.State,), {"__slots__": (), "_apply": _apply})

    def _deal(self: Any, seed: int) -> Any:
        state = duel.State.deal(self._rules, seed)
        state.__class__ = bad_state
        return state

    bad_duel = type("BadDuel", (duel.PlainDuel,), {"batch_agents": frozenset(), "_deal": _deal})
    with pytest.raises(SimulationError, match="a winner that is no seat"):
        cardwars.simulate(bad_duel(), ["random", "random"], games=3)


class Counting(First):
    """Counts its decisions: none may be made when the run is refused."""

    calls = 0

    def choose(self, observation: object, legal_moves: Sequence[Any], rng: object) -> Any:
        Counting.calls += 1
        return legal_moves[0]


@dataclasses.dataclass(frozen=True)
class LockedRules:
    lock: Any = dataclasses.field(default_factory=threading.Lock)  # neither copies nor pickles


def test_a_game_that_raises_outside_a_chunk_is_a_simulation_error(site: Path) -> None:
    plain = _duel().PlainDuel
    games: list[tuple[dict[str, object], str]] = [
        ({"supports_batch": _raising("supports_batch bug")}, "supports_batch bug"),
        ({"rules": property(_raising("rules bug"))}, "rules bug"),
        ({"players": property(_raising("players bug"))}, "players bug"),
        ({"rules": property(lambda self: LockedRules())}, "TypeError"),  # asdict() copies it
    ]
    for namespace, bug in games:
        Counting.calls = 0
        with pytest.raises(SimulationError, match=bug) as caught:
            cardwars.simulate(type("Buggy", (plain,), namespace)(), [Counting(), "random"], games=2)
        assert caught.value.__cause__ is not None and Counting.calls == 0


# --- 6. an executor that is broken --------------------------------------------------------------


class Returning(Executor):
    """An executor whose submit() returns ``make()``, whatever it is given."""

    def __init__(self, make: Callable[[], object]) -> None:
        self.make = make

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        return self.make()


def _done(value: object) -> Future[object]:
    future: Future[object] = Future()
    future.set_result(value)
    return future


def test_a_broken_executor_is_a_cardwars_error() -> None:
    pool = ThreadPoolExecutor(1)
    pool.shutdown()
    with pytest.raises(UsageError, match=r"submit\(\) raised: RuntimeError"):
        cardwars.simulate("aliwar", ["random", "random"], games=2, executor=pool)
    with pytest.raises(UsageError, match=r"not a concurrent\.futures\.Future"):
        cardwars.simulate("aliwar", ["random", "random"], games=2, executor=Returning(lambda: 5))
    with pytest.raises(
        SimulationError, match=r"the executor gave back 'no', not the games' results"
    ):
        cardwars.simulate(
            "aliwar", ["random", "random"], games=2, executor=Returning(lambda: _done("no"))
        )


# --- 7. play() and agent_by_name() check their arguments ----------------------------------------


class Short(list):  # type: ignore[type-arg]
    def __len__(self) -> int:
        return 2


def test_play_and_agent_by_name_check_their_arguments() -> None:
    game = cardwars.load_game("aliwar")
    with pytest.raises(ArgumentTypeError, match=r"cardwars\.load_game\(name\) builds one"):
        cardwars.play("aliwar", ["random", "random"], seed=1)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="on_step must be a callable or None"):
        cardwars.play(game, [First(), "random"], seed=1, on_step=5)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="needs 2 agents, got 1"):
        cardwars.play(game, Short(["random"]), seed=1)
    with pytest.raises(UsageError, match="needs 2 agents, got more than 2"):
        cardwars.play(game, ["random"] * 1000, seed=1)
    with pytest.raises(ArgumentTypeError, match="game must be a cardwars Game"):
        agent_by_name("random", "aliwar")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="game must be a cardwars Game"):
        cardwars.play(5, ["random", "random"])  # type: ignore[arg-type]


# --- 8. the report's statistics -----------------------------------------------------------------


def test_the_reports_statistics_check_their_arguments() -> None:
    with pytest.raises(UsageError, match="0 <= successes <= trials"):
        wilson_interval(5, 3)
    with pytest.raises(ArgumentTypeError, match="trials must be an int"):
        wilson_interval(1, 2.5)  # type: ignore[arg-type]
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(UsageError, match="at least one"):
        LengthStats.of([])
    for bins in (0, -1, 10**9):
        with pytest.raises(UsageError, match="bins must be an int from 1 to 10,000"):
            LengthStats.of([0, 3_000_000], bins=bins)
    with pytest.raises(ArgumentTypeError, match="bins must be an int"):
        LengthStats.of([1, 2], bins="3")  # type: ignore[arg-type]
    assert len(LengthStats.of([0, 3_000_000], bins=10_000).histogram) <= 10_000


# --- 9. the authoring RNG helpers ----------------------------------------------------------------


def test_the_authoring_rng_helpers_check_as_rng_does() -> None:
    items = [1, 2, 3]
    with pytest.raises(UsageError, match=r"n must be an int in \[0, len\(items\)\]"):
        authoring.shuffle_ints(1, items, 10)
    with pytest.raises(UsageError, match="n must be an int"):
        authoring.sample_prefix_ints(1, items, 5, 5)
    assert items == [1, 2, 3]  # a rejected call shuffles nothing
    with pytest.raises(ArgumentTypeError, match="items must be a list"):
        authoring.shuffle_ints(1, (1, 2, 3))  # type: ignore[arg-type]
    for state in (1.5, "x"):
        with pytest.raises(ArgumentTypeError, match="state must be an int"):
            authoring.rng_next(state)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match=r"state must be an int in \[0, 2\*\*64\)"):
        authoring.rng_next(-1)
    with pytest.raises(UsageError, match="state must be an int"):
        authoring.rng_below(-1, 5)
    assert authoring.shuffle_ints(5, [0, 1, 2]) == authoring.sample_prefix_ints(5, [0, 1, 2], 3, 3)


# --- 10. a plugin that calls sys.exit() on import ------------------------------------------------


def test_a_plugin_that_exits_on_import_is_a_plugin_error(site: Path) -> None:
    (site / "cw_broken").mkdir()
    (site / "cw_broken" / "__init__.py").write_text("import sys\nsys.exit(3)\n")
    distribution(site, "cw-broken", {"exiter": "cw_broken:Game"})
    registry.refresh()
    assert agent_names()[:2] == ("random", "greedy")  # the broken plugin is skipped
    with pytest.raises(PluginError, match=r"failed to import \(SystemExit: 3\)"):
        cardwars.load_game("exiter")
    with pytest.raises(PluginError):  # and on every later ask
        registry.game_class("exiter")
