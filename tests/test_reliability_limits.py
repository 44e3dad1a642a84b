"""Bounded resources and hostile arguments (issue 21, items 4 and 5).

simulate() takes at most MAX_WORKERS worker processes and never starts more than
there are chunks; its arguments are read without running the caller's code, and
a failing agent surfaces as one SimulationError with nothing printed from a
background thread. A record is read in chunks up to a size cap (64 MiB by
default, raised with ``max_bytes`` or ``--max-record-bytes``) and may nest at
most records.MAX_DEPTH levels.
"""

from __future__ import annotations

import concurrent.futures
import io
import json
import os
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import cardwars
from cardwars import RecordError, SimulationError, UsageError, records
from cardwars.cli import main
from cardwars.simulate import MAX_WORKERS

# --- workers ---------------------------------------------------------------------------------


def test_max_workers_is_four_per_cpu_and_documented() -> None:
    assert 4 * (os.cpu_count() or 1) == MAX_WORKERS
    assert "MAX_WORKERS" in (cardwars.simulate.__doc__ or "")


@pytest.mark.parametrize("workers", [MAX_WORKERS + 1, 10**6, 99999999999999999999])
def test_simulate_rejects_workers_above_the_bound(workers: int) -> None:
    with pytest.raises(
        UsageError, match=f"workers must be an int from 1 to MAX_WORKERS = {MAX_WORKERS}"
    ):
        cardwars.simulate("aliwar", ["random", "random"], games=2, workers=workers)


def test_simulate_starts_no_more_processes_than_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []
    real = concurrent.futures.ProcessPoolExecutor

    class Counting(real):  # type: ignore[misc, valid-type]
        def __init__(self, max_workers: int) -> None:
            sizes.append(max_workers)
            super().__init__(max_workers)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Counting)
    report = cardwars.simulate(
        "aliwar", ["random", "random"], games=2, workers=MAX_WORKERS, chunk_size=1
    )
    assert report.games == 2
    assert sizes == [min(2, MAX_WORKERS)]


def test_cli_simulate_with_too_many_workers_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "aliwar", "--games", "2", "--workers", "99999999999999999999"])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert err == (
        f"cardwars: error: --workers must be an int from 1 to MAX_WORKERS = {MAX_WORKERS} "
        "(four per CPU), got 99999999999999999999\n"
    )


# --- hostile arguments -----------------------------------------------------------------------


class BoomError(Exception):
    """Raised by the hostile values below: it must never escape simulate()."""


class HostileInt(int):
    """An int whose every method a caller could run raises."""

    def _boom(self, *args: Any) -> Any:
        raise BoomError("a method of the caller ran")

    __index__ = __int__ = __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _boom
    __hash__ = __bool__ = __repr__ = __str__ = __format__ = _boom


class LiarInt(int):
    """An int that claims every comparison holds."""

    def _yes(self, other: object) -> bool:
        return True

    __eq__ = __lt__ = __le__ = __gt__ = __ge__ = _yes
    __hash__ = int.__hash__


class HostileRepr:
    """Any object whose repr raises or floods."""

    def __repr__(self) -> str:
        raise BoomError("repr ran")

    def __bool__(self) -> bool:
        raise BoomError("bool ran")


@pytest.mark.parametrize("name", ["games", "seed", "workers", "chunk_size"])
def test_simulate_reads_int_subclasses_without_running_their_methods(name: str) -> None:
    kwargs: dict[str, Any] = {"games": 3, name: HostileInt(1)}
    report = cardwars.simulate("aliwar", ["random", "random"], **kwargs)
    assert report.games == (1 if name == "games" else 3)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("games", -5),
        ("games", 2**60),
        ("seed", -1),
        ("workers", 0),
        ("workers", 10**9),
        ("chunk_size", 0),
    ],
)
def test_simulate_rejects_out_of_range_int_subclasses_that_lie(name: str, value: int) -> None:
    kwargs: dict[str, Any] = {"games": 3, name: LiarInt(value)}
    with pytest.raises(UsageError, match=f"{name} must be") as caught:
        cardwars.simulate("aliwar", ["random", "random"], **kwargs)
    assert str(value) in str(caught.value)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"game": HostileRepr()},
        {"agents": HostileRepr()},
        {"agents": [HostileRepr(), "random"]},
        {"agents": ["random", "random", HostileRepr()]},
        {"games": HostileRepr()},
        {"games": 1.5},
        {"seed": HostileRepr()},
        {"workers": HostileRepr()},
        {"chunk_size": HostileRepr()},
        {"executor": HostileRepr()},
        {"progress": HostileRepr()},
        {"game": "x" * 100_000},
        {"agents": ["random", "y" * 100_000]},
    ],
)
def test_simulate_lets_only_usage_errors_out_and_never_calls_repr(kwargs: dict[str, Any]) -> None:
    arguments: dict[str, Any] = {"game": "aliwar", "agents": ["random", "random"], "games": 3}
    arguments.update(kwargs)
    game, agents = arguments.pop("game"), arguments.pop("agents")
    with pytest.raises(UsageError) as caught:
        cardwars.simulate(game, agents, **arguments)
    message = str(caught.value)
    assert len(message) < 700
    assert "repr ran" not in message and "BoomError" not in message


class FailingAgent:
    """A module-level agent (it pickles) that always raises."""

    name = "failing"

    def choose(self, observation: Any, legal_moves: Any, rng: Any) -> Any:
        raise RuntimeError("this agent fails on purpose")


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_agent_is_one_simulation_error_and_nothing_is_printed(
    workers: int, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hooked: list[Any] = []
    monkeypatch.setattr(threading, "excepthook", hooked.append)
    with pytest.raises(
        SimulationError, match="RuntimeError: this agent fails on purpose"
    ) as caught:
        cardwars.simulate(
            "aliwar", [FailingAgent(), "random"], games=40, workers=workers, chunk_size=1
        )
    assert isinstance(caught.value, cardwars.CardwarsError)
    assert isinstance(caught.value.__cause__, RuntimeError)
    for thread in threading.enumerate():  # the pool's manager thread, if still there
        if thread is not threading.current_thread() and not thread.daemon:
            thread.join(timeout=30)
    out, err = capfd.readouterr()
    assert (out, err, hooked) == ("", "", [])


# --- record size and depth -------------------------------------------------------------------


def _text() -> str:
    final = cardwars.play(cardwars.load_game("aliwar"), ["random", "random"], seed=4)
    return records.dumps(final)


def test_the_record_cap_is_64_mib_and_can_be_raised() -> None:
    assert records.MAX_BYTES == 64 * 2**20
    text = _text()
    size = len(text.encode())
    for source in (text, text.encode()):
        with pytest.raises(RecordError, match=f"larger than max_bytes={size - 1} bytes"):
            records.loads(source, max_bytes=size - 1)
        with pytest.raises(RecordError, match="larger than max_bytes"):
            records.replay(source, max_bytes=size - 1)
        assert records.loads(source, max_bytes=size).is_over
    padded = text + " " * records.MAX_BYTES  # valid JSON, just past the default cap
    with pytest.raises(RecordError, match="larger than max_bytes=67108864"):
        records.loads(padded)
    assert records.loads(padded, max_bytes=2 * records.MAX_BYTES).is_over


def test_a_str_record_counts_its_utf8_bytes() -> None:
    record = json.loads(_text())
    record["agents"] = ["é" * 1000, "b"]
    text = json.dumps(record, ensure_ascii=False)
    with pytest.raises(RecordError, match="larger than max_bytes"):
        records.loads(text, max_bytes=len(text) + 10)  # 1000 more bytes than characters


@pytest.mark.parametrize("max_bytes", [0, -1, 1.5, True, "10"])
def test_max_bytes_must_be_a_positive_int(max_bytes: Any) -> None:
    with pytest.raises(RecordError, match="max_bytes must be an int >= 1"):
        records.loads(_text(), max_bytes=max_bytes)


def test_read_and_load_a_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(_text(), encoding="utf-8")
    assert records.read(path) == path.read_bytes()
    assert records.load(path) == records.loads(path.read_text())
    with path.open("rb") as file:
        assert records.load(file, cardwars.load_game("aliwar")).is_over
    with pytest.raises(RecordError, match="larger than max_bytes=100 bytes"):
        records.load(str(path), max_bytes=100)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_read_stops_at_the_cap_on_an_endless_file() -> None:
    with pytest.raises(RecordError, match="larger than max_bytes=67108864"):
        records.read("/dev/zero")

    class Endless(io.RawIOBase):
        """Zeros for ever, counting what was read."""

        given = 0

        def readable(self) -> bool:
            return True

        def read(self, size: int = -1) -> bytes:
            assert size > 0  # read in chunks, never "all of it"
            self.given += size
            return bytes(size)

    endless = Endless()
    with pytest.raises(RecordError, match="larger than max_bytes=4096"):
        records.read(endless, max_bytes=4096)  # type: ignore[arg-type]
    assert endless.given == 4097  # never more than the cap and one byte


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    old = sys.stdin
    sys.stdin = io.StringIO("")
    try:
        status = main(argv)
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_cli_replay_of_dev_zero_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(["replay", "/dev/zero"], capsys)
    assert (status, out) == (2, "")
    assert err.startswith("cardwars: error: '/dev/zero': the record is larger than max_bytes=")
    assert err.count("\n") == 1 and "--max-record-bytes" in err


def test_cli_replay_max_record_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(_text(), encoding="utf-8")
    status, out, err = _run(["replay", str(path), "--all", "--max-record-bytes", "100"], capsys)
    assert (status, out) == (2, "")
    assert "larger than max_bytes=100 bytes" in err
    status, out, err = _run(
        ["replay", str(path), "--all", "--max-record-bytes", "99999999"], capsys
    )
    assert (status, err) == (0, "")
    assert out.startswith("aliwar, 2 players, seed 4")


@pytest.mark.parametrize("depth", [records.MAX_DEPTH - 1, records.MAX_DEPTH + 5])
def test_records_nest_at_most_max_depth_levels(depth: int) -> None:
    assert records.MAX_DEPTH == 32
    record = json.loads(_text())
    value: Any = "random"
    for _ in range(depth - 2):  # the record is level 1, agents level 2
        value = [value]
    record["agents"] = [value, "random"]
    deep = depth > records.MAX_DEPTH
    for source in (json.dumps(record), record):
        loader = records.loads if isinstance(source, str) else records.replay
        with pytest.raises(RecordError) as caught:
            loader(source)
        assert ("more than 32 levels" in str(caught.value)) == deep
