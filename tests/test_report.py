"""SimulationReport statistics, independent of any game."""

from __future__ import annotations

import json
import math
from array import array

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardwars.report import LengthStats, SimulationReport, wilson_interval


def _report(lengths: list[int], winners: list[int], codes: list[int]) -> SimulationReport:
    return SimulationReport(
        game="clone-war",
        players=2,
        agents=("random", "random"),
        seed=0,
        rules={},
        terminations=("last_player", "cycle", "cap"),
        lengths=array("q", lengths),
        winners=array("b", winners),
        termination_codes=array("b", codes),
    )


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(81, 263)
    assert low == pytest.approx(0.2553, abs=1e-4)
    assert high == pytest.approx(0.3662, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


@given(st.integers(0, 1000), st.integers(1, 1000))
def test_wilson_interval_contains_the_estimate(successes: int, extra: int) -> None:
    trials = successes + extra
    low, high = wilson_interval(successes, trials)
    assert 0.0 <= low <= successes / trials <= high <= 1.0


def test_length_stats_match_numpy_linear_quantiles() -> None:
    stats = LengthStats.of([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    assert stats.mean == 5.5
    assert stats.median == 5.5
    assert stats.p90 == pytest.approx(9.1)
    assert stats.p99 == pytest.approx(9.91)
    assert (stats.min, stats.max) == (1, 10)


@given(st.lists(st.integers(0, 500), min_size=1, max_size=200))
def test_length_histogram_counts_every_game(lengths: list[int]) -> None:
    stats = LengthStats.of(lengths)
    assert sum(count for _, _, count in stats.histogram) == len(lengths)
    for low, high, count in stats.histogram:
        assert count == sum(1 for v in lengths if low <= v < high)
    assert stats.histogram[0][0] == min(lengths)
    assert stats.histogram[-1][1] > max(lengths)


def test_report_counts_and_json() -> None:
    report = _report([10, 20, 30, 40], [0, 1, 0, -1], [0, 0, 0, 2])
    assert report.games == 4
    assert report.wins == (2, 1)
    assert report.draws == 1
    assert report.draws_by_termination == {"cap": 1}
    assert report.termination_counts == {"last_player": 3, "cycle": 0, "cap": 1}
    assert report.win_rates == (0.5, 0.25)
    data = json.loads(report.to_json())
    assert data["per_game"]["winners"] == [0, 1, 0, -1]
    assert data["per_game"]["terminations"][-1] == "cap"
    assert data["length"]["mean"] == 25
    text = str(report)
    assert "clone-war, 2 players, 4 games" in text
    assert "ended by cap: 1" in text


def test_report_columns_export_the_buffer_protocol() -> None:
    report = _report([3, 4], [0, 1], [0, 0])
    view = memoryview(report.lengths)
    assert view.format == "q"
    assert view.tolist() == [3, 4]
    assert memoryview(report.winners).format == "b"


def test_report_equality_ignores_cached_stats() -> None:
    a = _report([3, 4], [0, 1], [0, 0])
    b = _report([3, 4], [0, 1], [0, 0])
    assert math.isclose(a.length.mean, 3.5)
    assert a == b
    assert a != _report([3, 5], [0, 1], [0, 0])
