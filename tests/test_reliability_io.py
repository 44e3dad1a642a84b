"""Reliability of simulate(), records and the CLI at their edges (issue 11).

simulate() never hangs on an agent that cannot reach a worker process, on a
failing chunk or on Ctrl-C; records.loads() raises only RecordError and quotes
hostile values briefly; records.dumps() writes only what loads() reads; the CLI
checks its output files before playing.
"""

from __future__ import annotations

import functools
import io
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import cardwars
from cardwars import RecordError, UsageError, records
from cardwars.agents import RandomAgent
from cardwars.cli import main
from cardwars.engine import GameState

# --- simulate() in worker processes: run in a child process, so a hang fails the test ------

AGENTS_MODULE = '''
import os
import pathlib
import time

MARKS = pathlib.Path(os.environ["RIO_MARKS"])


class HoldsALambda:
    """A working agent that does not pickle: it holds a lambda."""

    name = "holds-a-lambda"

    def __init__(self):
        self.key = lambda move: 0

    def choose(self, observation, legal_moves, rng):
        return legal_moves[0]


class FailsOnce:
    """The first call in any process raises; every other call waits for an hour."""

    name = "fails-once"

    def choose(self, observation, legal_moves, rng):
        (MARKS / f"worker-{os.getpid()}").touch()
        try:
            fd = os.open(MARKS / "failed", os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            time.sleep(3600)
            return legal_moves[0]
        os.close(fd)
        raise RuntimeError("this agent fails on purpose")


class Sleeps:
    """Waits for an hour on every call."""

    name = "sleeps"

    def choose(self, observation, legal_moves, rng):
        (MARKS / f"worker-{os.getpid()}").touch()
        time.sleep(3600)
        return legal_moves[0]
'''


class HoldsALambda:
    """A working agent that does not pickle: it holds a lambda."""

    name = "holds-a-lambda"

    def __init__(self) -> None:
        self.key: Callable[[Any], int] = lambda move: 0

    def choose(self, observation: Any, legal_moves: Any, rng: Any) -> Any:
        return legal_moves[0]


def _child_env(backend: str, marks: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("CARDWARS_REQUIRE_EXTENSION", None)
    env.pop("CARDWARS_PURE_PYTHON", None)
    if backend == "python":
        env["CARDWARS_PURE_PYTHON"] = "1"
    env["RIO_MARKS"] = str(marks)
    if env.get("PYTHONPATH"):  # the child runs in tmp_path: src:. would find another cardwars
        paths = env["PYTHONPATH"].split(os.pathsep)
        env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(path) for path in paths if path)
    return env


# A process started in the background by a non-interactive shell (``ci-run &``, as CI jobs
# often are) ignores SIGINT, and so does every process it starts: the child would ignore the
# test's Ctrl-C and play on. The child takes Python's own handler, as in a terminal.
CHILD_PRELUDE = """\
import signal
signal.signal(signal.SIGINT, signal.default_int_handler)
import cardwars
import rio_agents
"""


def _start_child(tmp_path: Path, backend: str, body: str) -> tuple[subprocess.Popen[str], Path]:
    """Run ``body`` (with cardwars and the test agents imported) in a new process group."""
    marks = tmp_path / "marks"
    marks.mkdir()
    (tmp_path / "rio_agents.py").write_text(AGENTS_MODULE)
    script = tmp_path / "child.py"
    script.write_text(CHILD_PRELUDE + body)
    child = subprocess.Popen(
        [sys.executable, str(script)],
        cwd=tmp_path,
        env=_child_env(backend, marks),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # so a hung child and its workers can all be killed
    )
    return child, marks


def _finish_child(child: subprocess.Popen[str]) -> tuple[int, str, str]:
    try:
        out, err = child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        pytest.fail("simulate() hung: the child process did not finish within 60 s")
    return child.returncode, out, err


def _alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting to be reaped does not count)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


def _gone(pid: int) -> bool:
    return not _alive(pid)


def _wait_until(condition: Callable[[], bool]) -> bool:
    """Poll ``condition`` for up to 60 s (a hang guard, not a timing assertion)."""
    for _ in range(600):
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def _assert_workers_gone(marks: Path) -> None:
    pids = [int(p.name.split("-")[1]) for p in marks.glob("worker-*")]
    assert pids, "the workers should have started"
    for pid in pids:
        assert _wait_until(functools.partial(_gone, pid)), f"worker {pid} was left running"


def test_simulate_with_an_unpicklable_agent_raises_usage_error_instead_of_hanging(
    tmp_path: Path, backend: str
) -> None:
    child, _ = _start_child(
        tmp_path,
        backend,
        """
from concurrent.futures import ProcessPoolExecutor
for how in ("workers", "executor"):
    try:
        if how == "workers":
            cardwars.simulate(
                "aliwar", [rio_agents.HoldsALambda(), "random"], games=40, workers=2
            )
        else:
            with ProcessPoolExecutor(2) as pool:
                cardwars.simulate(
                    "aliwar", ["random", rio_agents.HoldsALambda()], games=40, executor=pool
                )
    except cardwars.UsageError as exc:
        print(how, "UsageError:", exc)
    else:
        print(how, "no error")
""",
    )
    status, out, err = _finish_child(child)
    assert status == 0, err
    by_workers, by_executor = out.splitlines()
    assert by_workers.startswith("workers UsageError: the agent for seat 0 ")
    assert by_executor.startswith("executor UsageError: the agent for seat 1 ")
    for line in (by_workers, by_executor):
        assert "cannot be sent to a worker process" in line
        assert "local object" in line  # the pickle error itself (its wording varies by version)
        assert "module level" in line
        assert "workers=1" in line
    # Threads share the agent: no pickling, no error, and the same games as in this process.
    agents: list[Any] = [HoldsALambda(), "random"]
    serial = cardwars.simulate("aliwar", agents, games=30, seed=4)
    with ThreadPoolExecutor(2) as pool:
        threaded = cardwars.simulate("aliwar", agents, games=30, seed=4, executor=pool)
    assert threaded == serial


def test_simulate_a_failing_chunk_stops_the_run_and_ends_the_workers(
    tmp_path: Path, backend: str
) -> None:
    """One chunk raises while the other worker is busy for an hour: raise now, end both."""
    child, marks = _start_child(
        tmp_path,
        backend,
        """
try:
    cardwars.simulate(
        "aliwar", [rio_agents.FailsOnce(), "random"], games=8, workers=2, chunk_size=1
    )
except cardwars.SimulationError as exc:
    print(type(exc.__cause__).__name__, exc.__cause__)
""",
    )
    status, out, err = _finish_child(child)
    assert status == 0, err
    assert err == ""
    assert out == "RuntimeError this agent fails on purpose\n"
    _assert_workers_gone(marks)


def test_simulate_one_ctrl_c_stops_the_run_and_ends_the_workers(
    tmp_path: Path, backend: str
) -> None:
    child, marks = _start_child(
        tmp_path,
        backend,
        """
try:
    cardwars.simulate("aliwar", [rio_agents.Sleeps(), "random"], games=8, workers=2)
except KeyboardInterrupt:
    print("interrupted", flush=True)
""",
    )
    if not _wait_until(lambda: len(list(marks.glob("worker-*"))) >= 2):
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        pytest.fail("the workers did not start")
    os.kill(child.pid, signal.SIGINT)  # one Ctrl-C, to the main process only
    status, out, err = _finish_child(child)
    assert status == 0, err
    assert out == "interrupted\n"
    _assert_workers_gone(marks)


# A Ctrl-C that lands at a chosen moment inside the pool's own code: the child sends SIGINT
# to itself from a hook there (a signal to oneself is handled at once). Every forked worker
# marks itself, so the test can check that each one is ended.
CTRL_C_AT = """
import multiprocessing
import os
import signal
import time

sent = []


def ctrl_c():
    if not sent:
        sent.append(True)
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.01)  # the SIGINT handler runs by here, inside the hook


os.register_at_fork(
    after_in_child=lambda: (rio_agents.MARKS / f"worker-{os.getpid()}").touch()
)
if multiprocessing.get_start_method() != "fork":
    print("workers are not forked")
    raise SystemExit
if MOMENT == "fork":  # while os.fork() starts a worker: in an at-fork hook (as logging's)
    os.register_at_fork(after_in_parent=ctrl_c)
else:  # while wait() takes the futures' locks, one of them taken
    import concurrent.futures._base as base

    take_all = base._AcquireFutures.__enter__

    def take_one_then_ctrl_c(self):
        if sent:
            return take_all(self)
        first, *rest = self.futures
        first._condition.acquire()
        ctrl_c()
        for future in rest:
            future._condition.acquire()

    base._AcquireFutures.__enter__ = take_one_then_ctrl_c
try:
    cardwars.simulate("aliwar", [rio_agents.Sleeps(), "random"], games=8, workers=2)
except KeyboardInterrupt:
    print("interrupted", flush=True)
print("sent" if sent else "not sent")
"""


@pytest.mark.parametrize("moment", ["fork", "wait-locks"])
def test_simulate_a_ctrl_c_inside_the_pools_own_code_stops_the_run_and_ends_the_workers(
    tmp_path: Path, backend: str, moment: str
) -> None:
    """A Ctrl-C while a worker is forked was dropped (raised in an at-fork hook) and the
    run waited for ever; one while wait() held a future's lock left it held, and the
    interpreter hung at exit. Now either one is raised once the pool's code is left."""
    child, marks = _start_child(tmp_path, backend, f"MOMENT = {moment!r}\n{CTRL_C_AT}")
    status, out, err = _finish_child(child)
    if out == "workers are not forked\n":
        pytest.skip("this moment needs workers started by os.fork()")
    assert status == 0, err
    assert err == ""  # nothing "ignored" in a hook, no error from a pool thread
    assert out == "interrupted\nsent\n"
    _assert_workers_gone(marks)


# --- simulate() arguments --------------------------------------------------------------------


def test_simulate_rejects_a_bool_chunk_size() -> None:
    with pytest.raises(UsageError, match="chunk_size must be an int >= 1, got True"):
        cardwars.simulate("aliwar", ["random", "random"], games=10, chunk_size=True)


@pytest.mark.parametrize("games", [2**48 + 1, 2**70])
@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_rejects_more_games_than_the_documented_bound(games: int, workers: int) -> None:
    with pytest.raises(UsageError, match=r"games must be an int >= 1 and <= 2\*\*48"):
        cardwars.simulate("aliwar", ["random", "random"], games=games, workers=workers)
    assert "2**48" in (cardwars.simulate.__doc__ or "")


# --- records.loads(): only RecordError, short quotes -----------------------------------------


def _record() -> dict[str, Any]:
    final = cardwars.play(cardwars.load_game("aliwar"), ["random", "random"], seed=4)
    data: dict[str, Any] = json.loads(records.dumps(final, agents=["random", "random"]))
    return data


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_records_deeply_nested_json_is_a_record_error(depth: int) -> None:
    with pytest.raises(RecordError, match="nested too deeply"):
        records.loads("[" * depth + "]" * depth)
    with pytest.raises(RecordError, match="nested too deeply"):
        records.replay('{"format": ' + "[" * depth + "]" * depth + "}")


def test_records_deep_values_inside_a_record_are_record_errors() -> None:
    for field in ("agents", "result", "game"):
        record = _record()
        record[field] = _nested(800)  # deep, yet within what json reads
        with pytest.raises(RecordError):
            records.loads(json.dumps(record))
    record = _record()
    record["result"] = _nested(50_000)  # a parsed record handed to replay()
    with pytest.raises(RecordError):
        records.replay(record)


@pytest.mark.parametrize("key", ["²", "١", "１", "01", "9" * 5000])
def test_records_seat_keys_are_plain_ascii_seat_numbers(key: str) -> None:
    record = _record()
    step = record["steps"][0]
    step[key] = step.pop("1")
    with pytest.raises(RecordError, match=r"steps\[0\]: seat keys are seat numbers"):
        records.loads(json.dumps(record))


def test_records_version_must_be_exactly_the_int_1_not_1_0() -> None:
    record = _record()
    record["version"] = 1.0
    with pytest.raises(RecordError, match="unknown record version"):
        records.loads(json.dumps(record))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("game", "x" * 2_000_000),
        ("format", "x" * 2_000_000),
        ("agents", ["y" * 1_000_000, "z", "w"]),
        ("result", {"k" * 1_000_000: 1}),
        ("extra-" + "e" * 1_000_000, 1),
        ("seed", "9" * 1_000_000),
    ],
)
def test_records_errors_quote_hostile_values_briefly(field: str, value: Any) -> None:
    record = _record()
    record[field] = value
    with pytest.raises(RecordError) as caught:
        records.loads(json.dumps(record))
    assert len(str(caught.value)) < 600


def test_records_hostile_move_fields_are_quoted_briefly() -> None:
    record = _record()
    record["steps"][0]["0"]["a"] = "x" * 1_000_000
    with pytest.raises(RecordError, match="expected an integer") as caught:
        records.loads(json.dumps(record))
    assert len(str(caught.value)) < 600
    record = _record()
    record["steps"][0]["0"]["move"] = "M" * 1_000_000
    with pytest.raises(RecordError, match="unknown move") as caught:
        records.loads(json.dumps(record))
    assert len(str(caught.value)) < 600


def test_records_only_record_error_escapes_replay_of_a_parsed_record() -> None:
    class Hostile(dict[str, Any]):
        def __ne__(self, other: object) -> bool:
            raise ZeroDivisionError("a foreign error")

    record = _record()
    record["result"] = Hostile(record["result"])
    with pytest.raises(RecordError, match="ZeroDivisionError: a foreign error"):
        records.replay(record)


# --- records.dumps(): nothing that loads() would reject --------------------------------------


def _final() -> GameState[Any]:
    return cardwars.play(cardwars.load_game("aliwar"), ["random", "random"], seed=4)


@pytest.mark.parametrize(
    ("agents", "message"),
    [
        ("random", "agents must be None or a list of 2 agent names"),
        (b"ab", "agents must be None or a list of 2 agent names"),
        (["random"], "one agent per seat: 2 names, got 1"),
        (["random"] * 3, "one agent per seat: 2 names, got 3"),
        ([RandomAgent(), RandomAgent()], "seat 0 has RandomAgent()"),
        (["random", 7], "seat 1 has 7"),
        (iter(["random", "random"]), "agents must be None or a list"),
    ],
)
def test_records_dumps_refuses_agents_loads_would_reject(agents: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        records.dumps(_final(), agents=agents)


def test_records_dumps_output_always_loads() -> None:
    final = _final()
    for agents in (None, ["random", "greedy"], ("random", "greedy")):
        loaded = records.loads(records.dumps(final, agents=agents))
        assert loaded == final
    game = cardwars.load_game("aliwar")
    state = game.new_game(seed=2)
    object.__setattr__(game.rules, "max_rounds", 0)  # a rule loads() rejects
    with pytest.raises(RecordError, match="this game cannot be recorded: bad rules"):
        records.dumps(state)


# --- the CLI ---------------------------------------------------------------------------------


def _run(
    argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = ""
) -> tuple[int, str, str]:
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        status = main(argv)
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("hostile", ["deep", "long game name", "long agents", "seat key"])
def test_cli_replay_of_hostile_records_is_one_short_line(
    hostile: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _record()
    if hostile == "deep":
        text = "[" * 100_000 + "]" * 100_000
    elif hostile == "long game name":
        text = json.dumps({**record, "game": "g" * 2_000_000})
    elif hostile == "long agents":
        text = json.dumps({**record, "agents": ["a\nb" * 500_000, "c", "d"]})
    else:
        record["steps"][0]["²"] = record["steps"][0].pop("1")
        text = json.dumps(record)
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8")
    status, out, err = _run(["replay", str(path)], capsys)
    assert status == 2
    assert out == ""
    assert err.startswith("cardwars: error: ")
    assert err.count("\n") == 1
    assert len(err) < 700


@pytest.fixture
def no_simulation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Makes any simulation fail the test: the checks must come first."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a simulation ran before the output files were checked")

    monkeypatch.setattr(cardwars, "simulate", refuse)


@pytest.mark.parametrize("option", ["--json", "--plot"])
@pytest.mark.usefixtures("no_simulation")
def test_cli_simulate_checks_output_paths_before_simulating(
    option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if option == "--plot":
        pytest.importorskip("matplotlib")
    name = "out.png" if option == "--plot" else "out.json"
    for path, message in (
        (tmp_path / "missing" / name, "does not exist"),
        (tmp_path, "is a directory"),
        (tmp_path / "file.txt" / name, "does not exist"),
    ):
        (tmp_path / "file.txt").write_text("x")
        status, out, err = _run(["simulate", "aliwar", "--games", "5", option, str(path)], capsys)
        assert status == 2, err
        assert err.startswith(f"cardwars: error: {option} ")
        assert message in err
        assert err.count("\n") == 1
        assert out == ""


@pytest.mark.usefixtures("no_simulation")
def test_cli_simulate_checks_the_plot_format_before_simulating(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    status, _, err = _run(["simulate", "aliwar", "--plot", str(tmp_path / "plot.xyz")], capsys)
    assert status == 2
    assert "--plot cannot write 'xyz' files; use one of:" in err
    assert "png" in err


@pytest.mark.usefixtures("no_simulation")
def test_cli_simulate_checks_matplotlib_before_simulating(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # makes `import matplotlib` fail
    status, _, err = _run(["simulate", "aliwar", "--plot", str(tmp_path / "p.png")], capsys)
    assert status == 2
    assert err == "cardwars: error: --plot needs matplotlib: pip install 'cardwars[plot]'\n"


def test_cli_play_checks_the_save_path_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "missing" / "game.json"
    status, out, err = _run(["play", "aliwar", "--seed", "3", "--save", str(save)], capsys)
    assert status == 2
    assert out == ""  # no deal shown, no move asked for
    assert err.startswith("cardwars: error: --save ")
    assert "does not exist" in err
