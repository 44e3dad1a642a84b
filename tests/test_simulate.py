"""simulate(): reproducible for any workers, chunking and executor; clear errors first."""

from __future__ import annotations

import warnings
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import cardwars
from cardwars import UsageError, aliwar
from cardwars.agents import RandomAgent
from cardwars.engine import play
from tests import builds


class FirstMove:
    """A custom agent: the first legal move."""

    name = "first"

    def choose(self, observation: Any, legal_moves: Any, rng: Any) -> Any:
        return legal_moves[0]


def test_simulate_game_k_uses_derive_seed() -> None:
    report = cardwars.simulate("aliwar", ["random", "random"], games=30, seed=5)
    for k in range(30):
        result = play(aliwar.Aliwar(), ["random", "random"], seed=cardwars.derive_seed(5, k)).result
        assert result is not None
        assert report.lengths[k] == result.length
        assert report.winners[k] == (result.winner if result.winner is not None else -1)
        assert report.terminations[report.termination_codes[k]] == result.termination


def test_simulate_batch_and_play_paths_agree() -> None:
    batch = cardwars.simulate("aliwar", ["random", "random"], games=200, seed=3)
    assert batch.engine == "batch"
    fallback = cardwars.simulate("aliwar", [RandomAgent(), RandomAgent()], games=200, seed=3)
    assert fallback.engine == "play"
    assert list(fallback.lengths) == list(batch.lengths)
    assert list(fallback.winners) == list(batch.winners)
    assert list(fallback.termination_codes) == list(batch.termination_codes)


@pytest.mark.parametrize("chunk_size", [1, 7, 64, 1000])
def test_simulate_is_independent_of_chunking(chunk_size: int) -> None:
    whole = cardwars.simulate("aliwar", ["random", "random"], games=150, seed=11)
    split = cardwars.simulate(
        "aliwar", ["random", "random"], games=150, seed=11, chunk_size=chunk_size
    )
    assert split == whole


def test_simulate_workers_1_and_2_give_the_same_report() -> None:
    one = cardwars.simulate("aliwar", ["random", "random"], games=2000, seed=17, workers=1)
    two = cardwars.simulate("aliwar", ["random", "random"], games=2000, seed=17, workers=2)
    assert two == one
    assert two.to_dict() == one.to_dict()


def test_simulate_custom_agents_in_worker_processes() -> None:
    one = cardwars.simulate("aliwar", [FirstMove(), "random"], games=40, seed=2)
    two = cardwars.simulate("aliwar", [FirstMove(), "random"], games=40, seed=2, workers=2)
    assert two == one
    assert one.agents == ("first", "random")
    assert one.engine == "play"


def test_simulate_with_a_thread_pool_executor() -> None:
    serial = cardwars.simulate("aliwar", ["random", "random"], games=500, seed=23)
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = cardwars.simulate(
            "aliwar", ["random", "random"], games=500, seed=23, executor=pool, chunk_size=50
        )
    assert threaded == serial


def test_simulate_on_a_dask_local_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    serial = cardwars.simulate("aliwar", ["random", "random"], games=600, seed=29)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Dask's own start-up and shutdown chatter
        with (
            distributed.LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,
            distributed.Client(cluster) as client,
        ):
            clustered = cardwars.simulate(
                "aliwar",
                ["random", "random"],
                games=600,
                seed=29,
                executor=client.get_executor(),
                chunk_size=100,
            )
    assert clustered == serial


def test_simulate_progress_callback_sees_every_game() -> None:
    seen: list[tuple[int, int]] = []
    cardwars.simulate(
        "aliwar",
        ["random", "random"],
        games=95,
        seed=1,
        chunk_size=20,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(20, 95), (40, 95), (60, 95), (80, 95), (95, 95)]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 0}, "games must be an int >= 1"),
        ({"games": 10, "seed": -1}, r"seed must be an int in \[0, 2\*\*64\)"),
        ({"games": 10, "seed": 2**64}, r"seed must be an int in \[0, 2\*\*64\)"),
        ({"games": 10, "workers": 0}, "workers must be an int from 1 to MAX_WORKERS"),
        ({"games": 10, "chunk_size": 0}, "chunk_size must be an int >= 1"),
        ({"games": 10, "executor": object()}, "executor must be"),
    ],
)
def test_simulate_bad_arguments(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        cardwars.simulate("aliwar", ["random", "random"], **kwargs)


def test_simulate_bad_agents_and_game() -> None:
    with pytest.raises(UsageError, match="unknown agent 'smart'"):
        cardwars.simulate("aliwar", ["random", "smart"], games=5)
    with pytest.raises(UsageError, match="needs 2 agents, got 3"):
        cardwars.simulate("aliwar", ["random"] * 3, games=5)
    with pytest.raises(UsageError, match="unknown game 'chess'"):
        cardwars.simulate("chess", ["random"], games=5)


def test_simulate_report_reflects_the_backend(backend: str) -> None:
    report = cardwars.simulate("aliwar", ["random", "random"], games=10)
    assert report.backend == backend == builds.backend_name()
    parallel = cardwars.simulate("aliwar", [FirstMove(), "random"], games=4, workers=2)
    assert parallel.backend == backend


class _BadColumns(aliwar.Aliwar):
    """An Aliwar whose batch loop returns one out-of-range value in a chosen column."""

    def __init__(self, column: str, value: int) -> None:
        super().__init__()
        self.bad = (column, value)

    def run_batch(self, agents: Any, seed: int, start: int, count: int) -> Any:
        columns = dict(super().run_batch(agents, seed, start, count))
        column, value = self.bad
        broken = columns[column][:]
        broken[count // 2] = value
        columns[column] = broken
        return columns


@pytest.mark.parametrize(
    ("column", "value"),
    [("winner", -2), ("winner", 2), ("winner", 127), ("winner", -128), ("termination", -1),
     ("termination", len(aliwar.TERMINATIONS)), ("termination", 100)],
)  # fmt: skip
def test_a_batch_loop_value_out_of_range_is_a_simulation_error(column: str, value: int) -> None:
    game = _BadColumns(column, value)
    if not game.supports_batch(["random", "random"]):
        pytest.skip("the batch loop runs compiled only")
    with pytest.raises(cardwars.SimulationError, match="batch loop returned a winner that is no"):
        cardwars.simulate(game, ["random", "random"], games=20, seed=1, workers=1)


def test_a_batch_loop_with_every_value_in_range_passes_the_check() -> None:
    game = _BadColumns("winner", -1)  # -1: a draw, allowed
    if not game.supports_batch(["random", "random"]):
        pytest.skip("the batch loop runs compiled only")
    report = cardwars.simulate(game, ["random", "random"], games=20, seed=1, workers=1)
    assert report.winners[10] == -1
