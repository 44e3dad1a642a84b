"""Play many games, exactly and reproducibly: :func:`simulate`.

Game ``k`` of a batch always uses ``derive_seed(seed, k)``, so the report is the
same for any number of workers, any chunking and any executor. When every agent
is built in, chunks run in the game's compiled batch loop (which replays exactly
the games :func:`cardwars.play` would play); otherwise each game is played with
:func:`cardwars.play` and the given agents.

Work that goes to other processes (``workers > 1``, or an executor that is not
a :class:`~concurrent.futures.ThreadPoolExecutor`) needs a game and agents that
pickle; that is checked before anything starts. If a chunk fails, or the run
is interrupted, the remaining chunks are cancelled and an own worker pool is
ended at once, so no error leaves the call (or the interpreter) waiting.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import pickle
import sys
from array import array
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import asdict, dataclass, is_dataclass
from typing import TYPE_CHECKING, Any

from cardwars import _kernels
from cardwars.engine import Agent, Game, play, resolve_agents
from cardwars.errors import UsageError
from cardwars.registry import load_game
from cardwars.report import SimulationReport

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

# The process and thread pools are imported where they are used: importing them pulls in
# multiprocessing, which would double the time of ``import cardwars``.

__all__ = ["simulate"]

ProgressCallback = Callable[[int, int], None]

_DEFAULT_CHUNK = 20_000

# The most games one call plays (2**48, about 2.8e14): far more than any run
# finishes, and small enough that every game index k fits derive_seed.
_MAX_GAMES = 2**48

# Chunks in flight at once: per worker process of an own pool, or in total on
# a caller's executor (whose size is unknown). Later chunks are submitted as
# earlier ones finish, so no list of every chunk is ever built.
_IN_FLIGHT_PER_WORKER = 4
_IN_FLIGHT_EXECUTOR = 1024


@dataclass(frozen=True)
class _Chunk:
    start: int
    lengths: array[int]
    winners: array[int]
    terminations: array[int]


def _run_chunk(
    game: Game[Any, Any],
    agents: tuple[Agent | str, ...],
    seed: int,
    start: int,
    count: int,
    compiled: bool,
    backend: str,
) -> _Chunk:
    """Play games ``start .. start+count-1``; runs in a worker process or thread too."""
    _kernels.use_backend(backend)  # a worker process runs the caller's backend
    terminations = game.terminations
    if compiled:
        columns = game.run_batch(tuple(str(a) for a in agents), seed, start, count)
        return _Chunk(start, columns["length"], columns["winner"], columns["termination"])
    lengths, winners, codes = array("q"), array("b"), array("b")
    derive = _kernels.kernels.derive_seed
    for k in range(start, start + count):
        result = play(game, agents, seed=derive(seed, k)).result
        assert result is not None
        lengths.append(result.length)
        winners.append(result.winner if result.winner is not None else -1)
        codes.append(terminations.index(result.termination))
    return _Chunk(start, lengths, winners, codes)


def _progress_sink(
    progress: bool | ProgressCallback, total: int
) -> tuple[ProgressCallback, Callable[[], None]]:
    """A callback ``(done, total)`` and a closer, from ``progress=``."""
    if callable(progress):
        return progress, lambda: None
    if not progress:
        return (lambda done, total: None), lambda: None
    try:
        from rich.progress import Progress
    except ImportError:

        def plain(done: int, total: int) -> None:
            print(f"\r{done:,}/{total:,} games", end="", file=sys.stderr, flush=True)

        return plain, lambda: print(file=sys.stderr)
    bar = Progress(transient=False)
    task = bar.add_task("simulating", total=total)
    bar.start()
    return (lambda done, total: bar.update(task, completed=done)), bar.stop


def _rules_dict(game: Game[Any, Any]) -> dict[str, Any]:
    rules = game.rules
    return dict(asdict(rules)) if is_dataclass(rules) and not isinstance(rules, type) else {}


def _agent_name(agent: Agent | str) -> str:
    return agent if isinstance(agent, str) else getattr(agent, "name", type(agent).__name__)


def _check_picklable(
    game: Game[Any, Any], agents: Sequence[Agent | str], executor: Executor | None
) -> None:
    """Raise UsageError now if the game or an agent cannot be sent to another process.

    A ThreadPoolExecutor shares the objects and needs no check. A
    ProcessPoolExecutor (ours for ``workers > 1``, or the caller's) pickles
    them; any other executor is checked with cloudpickle when it is installed
    (Dask and most cluster executors use it), else with pickle.
    """
    # An executor of a pool class whose module was never imported is not of that class.
    threads = sys.modules.get("concurrent.futures.thread")
    if threads is not None and isinstance(executor, threads.ThreadPoolExecutor):
        return
    processes = sys.modules.get("concurrent.futures.process")
    ours = processes is not None and isinstance(executor, processes.ProcessPoolExecutor)
    dumps: Callable[[Any], bytes] = pickle.dumps
    if executor is not None and not ours:
        with contextlib.suppress(ImportError):
            dumps = importlib.import_module("cloudpickle").dumps
    what: list[tuple[str, Any]] = [("the game", game)]
    what += [(f"the agent for seat {s}", a) for s, a in enumerate(agents) if not isinstance(a, str)]
    for label, obj in what:
        try:
            dumps(obj)
        except Exception as exc:
            shown = repr(obj)
            shown = shown if len(shown) <= 80 else shown[:79] + "…"
            raise UsageError(
                f"{label} {shown} cannot be sent to a worker process: it does not pickle "
                f"({type(exc).__name__}: {exc}); define its class and everything it holds at "
                "module level (no lambdas, local classes or open files), or run in this "
                "process with workers=1 (or a ThreadPoolExecutor)"
            ) from exc


def _abandon(pool: ProcessPoolExecutor) -> None:
    """End our own pool at once, never waiting: cancel queued chunks, stop the workers."""
    terminate_workers = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate_workers is not None:
        terminate_workers()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()  # the pool's manager thread then joins them


def simulate(
    game: Game[Any, Any] | str,
    agents: Sequence[Agent | str],
    *,
    games: int,
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool | ProgressCallback = False,
    chunk_size: int | None = None,
) -> SimulationReport:
    """Play ``games`` games and return their :class:`~cardwars.report.SimulationReport`.

    Args:
        game: a :class:`~cardwars.engine.Game`, or a game name (default rules).
        agents: one agent per seat: a built-in agent's name or an object with
            ``choose()``; with only built-in names the compiled batch loop runs.
        games: how many games, an int in [1, 2**48]; game ``k`` is dealt from
            ``derive_seed(seed, k)``.
        seed: the batch seed, an int in [0, 2**64).
        workers: worker processes (1 runs in this process).
        executor: any :class:`concurrent.futures.Executor` (e.g. a Dask cluster's
            ``client.get_executor()``); overrides ``workers``.
        progress: True for a progress bar (rich, if installed), or a callback
            ``(games_done, games_total)``.
        chunk_size: games per task, an int >= 1; the results never depend on it.

    Returns:
        A report of every game's length, winner and ending, with its statistics.

    Raises:
        UsageError: a bad argument, raised before any game is played; this
            includes a game or agent that does not pickle when the work goes to
            other processes (``workers > 1``, or an executor other than a
            :class:`~concurrent.futures.ThreadPoolExecutor`).
        Exception: whatever a chunk raised (e.g. an agent's own error); the
            other chunks are cancelled first and an own pool is shut down.

    >>> import cardwars
    >>> report = cardwars.simulate("clone-war", ["random", "random"], games=100, seed=1)
    >>> report.games, sum(report.wins) + report.draws
    (100, 100)
    """
    if isinstance(game, str):
        game = load_game(game)
    if not isinstance(game, Game):
        raise UsageError(f"game must be a Game or a game name, got {game!r}")
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= _MAX_GAMES:
        raise UsageError(f"games must be an int >= 1 and <= 2**48, got {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise UsageError(f"seed must be an int in [0, 2**64), got {seed!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise UsageError(f"workers must be an int >= 1, got {workers!r}")
    if executor is not None and not isinstance(executor, Executor):
        raise UsageError(f"executor must be a concurrent.futures.Executor, got {executor!r}")
    if chunk_size is not None and (
        isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1
    ):
        raise UsageError(f"chunk_size must be an int >= 1, got {chunk_size!r}")
    resolve_agents(game, agents)  # checks names and count before any work
    agent_specs = tuple(agents)
    compiled = game.supports_batch(agent_specs)
    backend = _kernels.BACKEND
    parallel = executor is not None or workers > 1
    if parallel:
        _check_picklable(game, agent_specs, executor)
    if chunk_size is None:
        chunk_size = _DEFAULT_CHUNK if compiled else 200
        if parallel:
            # Enough chunks to balance the workers and to show progress.
            chunk_size = max(1, min(chunk_size, -(-games // (8 * max(workers, 2)))))
    starts = range(0, games, chunk_size)  # lazy: never a list of every chunk
    report_progress, close_progress = _progress_sink(progress, games)
    chunks: list[_Chunk] = []
    done = 0
    try:
        if not parallel:
            for start in starts:
                count = min(chunk_size, games - start)
                chunks.append(_run_chunk(game, agent_specs, seed, start, count, compiled, backend))
                done += count
                report_progress(done, games)
        else:
            pool: Executor
            own_pool: ProcessPoolExecutor | None = None
            if executor is None:
                from concurrent.futures import ProcessPoolExecutor

                own_pool = pool = ProcessPoolExecutor(workers)
                in_flight = _IN_FLIGHT_PER_WORKER * workers
            else:
                pool, in_flight = executor, _IN_FLIGHT_EXECUTOR
            todo = iter(starts)
            pending: set[Future[_Chunk]] = set()
            finished = False
            try:
                while True:
                    for s in itertools.islice(todo, in_flight - len(pending)):
                        count = min(chunk_size, games - s)
                        pending.add(
                            pool.submit(
                                _run_chunk, game, agent_specs, seed, s, count, compiled, backend
                            )
                        )
                    if not pending:
                        break
                    ready, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in ready:
                        chunk = future.result()  # a chunk's error stops the run here
                        chunks.append(chunk)
                        done += len(chunk.lengths)
                        report_progress(done, games)
                finished = True
            finally:
                if not finished:  # an error or Ctrl-C: leave nothing running or waiting
                    for future in pending:
                        future.cancel()
                    if own_pool is not None:
                        _abandon(own_pool)
                elif own_pool is not None:
                    own_pool.shutdown()
    finally:
        close_progress()
    chunks.sort(key=lambda c: c.start)
    lengths, winners, codes = array("q"), array("b"), array("b")
    for chunk in chunks:
        lengths.extend(chunk.lengths)
        winners.extend(chunk.winners)
        codes.extend(chunk.terminations)
    return SimulationReport(
        game=game.name,
        players=game.players,
        agents=tuple(_agent_name(a) for a in agent_specs),
        seed=seed,
        rules=_rules_dict(game),
        terminations=game.terminations,
        lengths=lengths,
        winners=winners,
        termination_codes=codes,
        engine="batch" if compiled else "play",
        backend=backend,
    )
