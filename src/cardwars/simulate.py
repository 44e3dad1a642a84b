"""Play many games, exactly and reproducibly: :func:`simulate`.

Game ``k`` of a batch always uses ``derive_seed(seed, k)``, so the report is the
same for any number of workers, any chunking and any executor. When every agent
is built in, chunks run in the game's compiled batch loop (which replays exactly
the games :func:`cardwars.play` would play); otherwise each game is played with
:func:`cardwars.play` and the given agents.
"""

from __future__ import annotations

import importlib
import sys
from array import array
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import asdict, dataclass, is_dataclass
from typing import Any

from cardwars import _kernels
from cardwars.engine import Agent, Game, load_game, play, resolve_agents
from cardwars.errors import UsageError
from cardwars.report import SimulationReport

__all__ = ["simulate"]

ProgressCallback = Callable[[int, int], None]

_DEFAULT_CHUNK = 20_000


@dataclass(frozen=True)
class _Chunk:
    start: int
    lengths: array[int]
    winners: array[int]
    terminations: array[int]


def _module_of(game: Game[Any]) -> Any:
    return importlib.import_module(type(game).__module__)


def _batch_supported(game: Game[Any], agents: Sequence[Agent | str]) -> bool:
    """True when the game's compiled batch loop can play these agents."""
    module = _module_of(game)
    supported: frozenset[str] = getattr(module, "BATCH_AGENTS", frozenset())
    run_batch = getattr(module, "run_batch", None)
    if run_batch is None or not all(isinstance(a, str) and a in supported for a in agents):
        return False
    check: Callable[[Game[Any]], bool] | None = getattr(module, "batch_supports", None)
    return check is None or check(game)


def _run_chunk(
    game: Game[Any],
    agents: tuple[Agent | str, ...],
    seed: int,
    start: int,
    count: int,
    compiled: bool,
    backend: str,
) -> _Chunk:
    """Play games ``start .. start+count-1``; runs in a worker process or thread too."""
    _kernels.use_backend(backend)  # a worker process runs the caller's backend
    module = _module_of(game)
    terminations: tuple[str, ...] = module.TERMINATIONS
    if compiled:
        columns = module.run_batch(game, tuple(str(a) for a in agents), seed, start, count)
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


def _rules_dict(game: Game[Any]) -> dict[str, Any]:
    rules = game.rules
    return dict(asdict(rules)) if is_dataclass(rules) and not isinstance(rules, type) else {}


def _agent_name(agent: Agent | str) -> str:
    return agent if isinstance(agent, str) else getattr(agent, "name", type(agent).__name__)


def simulate(
    game: Game[Any] | str,
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
        games: how many games (at least 1); game ``k`` is dealt from ``derive_seed(seed, k)``.
        seed: the batch seed, an int in [0, 2**64).
        workers: worker processes (1 runs in this process).
        executor: any :class:`concurrent.futures.Executor` (e.g. a Dask cluster's
            ``client.get_executor()``); overrides ``workers``.
        progress: True for a progress bar (rich, if installed), or a callback
            ``(games_done, games_total)``.
        chunk_size: games per task; the results never depend on it.

    Raises:
        UsageError: a bad argument, raised before any game is played.

    >>> import cardwars
    >>> report = cardwars.simulate("clone-war", ["random", "random"], games=100, seed=1)
    >>> report.games, sum(report.wins) + report.draws
    (100, 100)
    """
    if isinstance(game, str):
        game = load_game(game)
    if not isinstance(game, Game):
        raise UsageError(f"game must be a Game or a game name, got {game!r}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise UsageError(f"games must be an int >= 1, got {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise UsageError(f"seed must be an int in [0, 2**64), got {seed!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise UsageError(f"workers must be an int >= 1, got {workers!r}")
    if executor is not None and not isinstance(executor, Executor):
        raise UsageError(f"executor must be a concurrent.futures.Executor, got {executor!r}")
    if chunk_size is not None and (not isinstance(chunk_size, int) or chunk_size < 1):
        raise UsageError(f"chunk_size must be an int >= 1, got {chunk_size!r}")
    resolve_agents(game, agents)  # checks names and count before any work
    agent_specs = tuple(agents)
    compiled = _batch_supported(game, agent_specs)
    backend = _kernels.BACKEND
    parallel = executor is not None or workers > 1
    if chunk_size is None:
        chunk_size = _DEFAULT_CHUNK if compiled else 200
        if parallel:
            # Enough chunks to balance the workers and to show progress.
            chunk_size = max(1, min(chunk_size, -(-games // (8 * max(workers, 2)))))
    starts = list(range(0, games, chunk_size))
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
            own_pool = executor is None
            pool: Executor = executor if executor is not None else ProcessPoolExecutor(workers)
            try:
                futures: list[Future[_Chunk]] = [
                    pool.submit(
                        _run_chunk,
                        game,
                        agent_specs,
                        seed,
                        s,
                        min(chunk_size, games - s),
                        compiled,
                        backend,
                    )
                    for s in starts
                ]
                for future in futures:
                    chunk = future.result()
                    chunks.append(chunk)
                    done += len(chunk.lengths)
                    report_progress(done, games)
            finally:
                if own_pool:
                    pool.shutdown(cancel_futures=True)
    finally:
        close_progress()
    chunks.sort(key=lambda c: c.start)
    lengths, winners, codes = array("q"), array("b"), array("b")
    for chunk in chunks:
        lengths.extend(chunk.lengths)
        winners.extend(chunk.winners)
        codes.extend(chunk.terminations)
    module = _module_of(game)
    return SimulationReport(
        game=game.name,
        players=game.players,
        agents=tuple(_agent_name(a) for a in agent_specs),
        seed=seed,
        rules=_rules_dict(game),
        terminations=tuple(module.TERMINATIONS),
        lengths=lengths,
        winners=winners,
        termination_codes=codes,
        engine="batch" if compiled else "play",
        backend=backend,
    )
