"""Play many games, exactly and reproducibly: :func:`simulate` (docs/api/simulate.rst)."""

from __future__ import annotations

import contextlib
import functools
import heapq
import importlib
import itertools
import operator
import os
import pickle
import signal
import sys
import threading
from array import array
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import asdict, dataclass, is_dataclass
from types import FrameType, TracebackType
from typing import TYPE_CHECKING, Any, Final, cast

from cardwars import backend as _backend
from cardwars.engine import Agent, Game, SomeAgent, play, resolve_agents
from cardwars.engine.game import BATCH_COLUMNS
from cardwars.errors import CardwarsError, SimulationError, UsageError, _type_name, clip
from cardwars.registry import load_game
from cardwars.report import LongDeal, SimulationReport

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

# The pools are imported where used: multiprocessing would double ``import cardwars``'s time.

__all__ = ["MAX_KEEP", "MAX_WORKERS", "simulate"]

ProgressCallback = Callable[[int, int], None]

_DEFAULT_CHUNK = 20_000

MAX_WORKERS: Final[int] = 4 * (os.cpu_count() or 1)
"""Most worker processes :func:`~cardwars.simulate` takes, ``4 * os.cpu_count()`` (4 when
unknown); more only add start-up time and memory. A larger ``workers`` is a
:class:`~cardwars.errors.UsageError` naming this bound."""

MAX_KEEP: Final[int] = 10_000
"""The most deals ``simulate(keep_longest=K)`` keeps."""

_MAX_GAMES = 2**48  # more than any run finishes; every game index fits derive_seed
# Chunks in flight: per worker of an own pool, or in all on a caller's executor (size unknown).
_IN_FLIGHT_PER_WORKER = 4
_IN_FLIGHT_EXECUTOR = 1024
_INTERRUPT_POLL = 0.1  # seconds between looks for a held-back Ctrl-C

_SignalHandler = Callable[[int, FrameType | None], Any]


class _HeldInterrupts:
    """Hold Ctrl-C back while simulate() drives a pool; raise it where that is safe.

    A KeyboardInterrupt inside concurrent.futures or multiprocessing can be lost (in an
    at-fork hook while ``os.fork()`` starts a worker: the run then waits for ever) or leave
    a lock held (in ``wait()``: the interpreter hangs at exit). So, in the main thread and
    when the SIGINT handler is a Python callable, it is replaced by one that only notes the
    signal; :meth:`deliver` calls the previous handler at safe points, leaving restores it.
    A worker forked meanwhile runs the previous handler at once.
    """

    def __init__(self) -> None:
        self.previous: _SignalHandler | None = None
        self.pending = False
        self._pid = os.getpid()

    @property
    def poll(self) -> float | None:
        """How long one wait may block: short while Ctrl-C is held back, else for ever."""
        return _INTERRUPT_POLL if self.previous is not None else None

    def _note(self, signum: int, frame: FrameType | None) -> None:
        if os.getpid() != self._pid and self.previous is not None:
            self.previous(signum, frame)  # a forked worker: behave as before
        else:
            self.pending = True

    def __enter__(self) -> _HeldInterrupts:
        if threading.current_thread() is threading.main_thread():
            handler = signal.getsignal(signal.SIGINT)
            if callable(handler):
                self.previous = handler
                signal.signal(signal.SIGINT, self._note)
        return self

    def deliver(self) -> None:
        """If a Ctrl-C came, run the previous handler now (it raises KeyboardInterrupt)."""
        if self.pending and self.previous is not None:
            self.pending = False
            self.previous(signal.SIGINT, None)

    @contextlib.contextmanager
    def allowed(self) -> Iterator[None]:
        """Let Ctrl-C through at once while the caller's own code (a callback) runs."""
        if self.previous is None:
            yield
            return
        signal.signal(signal.SIGINT, self.previous)
        try:
            self.deliver()
            yield
        finally:
            signal.signal(signal.SIGINT, self._note)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)
            if kind is None:  # else the error (or the first Ctrl-C) is already on its way
                self.deliver()


# A kept deal: (length, -k, figures or None). A min-heap drops the shortest, among equally
# long ones the last dealt, so the K kept are the same whatever the chunks.
_Candidate = tuple[int, int, "dict[str, int] | None"]


@dataclass(frozen=True)
class _Chunk:
    start: int
    lengths: array[int]
    winners: array[int]
    terminations: array[int]
    longest: tuple[_Candidate, ...] = ()


def _outside(column: array[int], low: int, high: int) -> bool:
    """Whether a column of signed bytes holds a value outside ``low .. high - 1``: one pass
    in C (``bytes.translate`` deletes the allowed bytes), not an int object per game."""
    allowed = bytes(value & 0xFF for value in range(max(low, -128), min(high, 128)))
    return bool(column.tobytes().translate(None, allowed))


def _column(
    game: Game[Any, Any], columns: object, name: str, count: int, typecode: str
) -> array[int]:
    """One column of a batch loop's output, checked: ``count`` ints that fit ``typecode``."""
    column = columns.get(name) if isinstance(columns, dict) else None
    if column is None:
        raise SimulationError(
            f"the {game.name} batch loop returned no {name!r} column; run_batch() returns "
            f"the columns {', '.join(BATCH_COLUMNS)}"
        )
    if isinstance(column, array) and column.typecode == typecode and len(column) == count:
        return column
    try:
        checked = array(typecode, column)
    except (TypeError, OverflowError, ValueError) as exc:
        raise SimulationError(
            f"the {game.name} batch loop's {name!r} column is not ints that fit "
            f"array({typecode!r}): {_error_text(exc)}"
        ) from None
    if len(checked) != count:
        raise SimulationError(
            f"the {game.name} batch loop's {name!r} column has {len(checked)} values "
            f"for {count} games"
        )
    return checked


def _run_chunk(
    game: Game[Any, Any],
    agents: tuple[Agent | str, ...],
    seed: int,
    start: int,
    count: int,
    compiled: bool,
    backend: str,
    keep: int = 0,
) -> _Chunk:
    """Play games ``start .. start+count-1`` (in a worker too), with the ``keep`` longest."""
    _backend.use_backend(backend)  # a worker process runs the caller's backend
    terminations = game.terminations
    if compiled:
        columns = game.run_batch(tuple(str(a) for a in agents), seed, start, count)
        lengths = _column(game, columns, "length", count, "q")
        winners = _column(game, columns, "winner", count, "b")
        codes = _column(game, columns, "termination", count, "b")
        if _outside(winners, -1, game.players) or _outside(codes, 0, len(terminations)):
            raise SimulationError(
                f"the {game.name} batch loop returned a winner that is no seat (nor -1) or "
                "a termination that is no index into the game's terminations"
            )
        longest: tuple[_Candidate, ...] = ()
        if keep:
            best = heapq.nlargest(keep, range(count), key=lambda i: (lengths[i], -i))
            longest = tuple((lengths[i], -(start + i), None) for i in best)
        return _Chunk(start, lengths, winners, codes, longest)
    lengths, winners, codes = array("q"), array("b"), array("b")
    heap: list[_Candidate] = []
    derive = _backend.core.derive_seed
    for k in range(start, start + count):
        final = play(game, agents, seed=derive(seed, k))
        result = final.result
        assert result is not None
        lengths.append(result.length)
        winners.append(result.winner if result.winner is not None else -1)
        codes.append(terminations.index(result.termination))
        if keep and (len(heap) < keep or (result.length, -k) > heap[0][:2]):
            heapq.heappush(heap, (result.length, -k, _figures(game, final)))
            if len(heap) > keep:
                heapq.heappop(heap)
    if _outside(winners, -1, game.players):  # the report counts wins by seat
        raise SimulationError(f"the {game.name} game returned a winner that is no seat")
    return _Chunk(start, lengths, winners, codes, tuple(heap))


def _figures(game: Game[Any, Any], final: Any) -> dict[str, int]:
    """The game's :meth:`~cardwars.engine.Game.deal_figures` of a finished game, checked."""
    figures = game.deal_figures(final)
    if not isinstance(figures, dict) or not all(
        type(key) is str and type(value) is int for key, value in figures.items()
    ):
        raise SimulationError(
            f"{game.name}'s deal_figures() must return a dict of str to int, got {_shown(figures)}"
        )
    return dict(figures)


def _longest_deals(
    game: Game[Any, Any],
    agents: tuple[Agent | str, ...],
    seed: int,
    keep: int,
    chunks: Sequence[_Chunk],
    winners: array[int],
    codes: array[int],
) -> tuple[LongDeal, ...]:
    """The run's ``keep`` longest deals, longest first, equally long ones as dealt."""
    candidates = sorted(
        (c for chunk in chunks for c in chunk.longest), key=lambda c: (-c[0], -c[1])
    )[:keep]
    derive = _backend.core.derive_seed
    deals: list[LongDeal] = []
    for length, minus_k, figures in candidates:
        k = -minus_k
        deal_seed = derive(seed, k)
        try:
            if figures is None:  # the batch loop played it: play() plays the very same game
                final = play(game, agents, seed=deal_seed)
                assert final.result is not None
                if final.result.length != length:
                    raise SimulationError(
                        f"the {game.name} batch loop and play() disagree on game {k}: "
                        f"length {length} against {final.result.length}"
                    )
                figures = _figures(game, final)
            notation = game.deal_notation(game.new_game(deal_seed))
            if type(notation) is not str:
                raise SimulationError(
                    f"{game.name}'s deal_notation() must return a str, got {_shown(notation)}"
                )
        except SimulationError:
            raise
        except Exception as exc:
            raise SimulationError(
                f"the longest game {k} could not be described: {_error_text(exc)}"
            ) from exc
        winner = winners[k]
        deals.append(
            LongDeal(
                game=k,
                seed=deal_seed,
                length=length,
                winner=None if winner < 0 else winner,
                termination=game.terminations[codes[k]],
                figures=figures,
                notation=notation,
            )
        )
    return tuple(deals)


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


@dataclass(frozen=True)
class _Facts:
    """What the report states of the game."""

    players: int
    terminations: tuple[str, ...]
    length_unit: str
    rules: dict[str, Any]


def _game_raised(game: Game[Any, Any], what: str, exc: Exception) -> SimulationError:
    """The error simulate() raises (from ``exc``) when the game's own code raised."""
    return SimulationError(
        f"the game ({_shown(game)}) raised in {what}, before any game was played: "
        f"{_error_text(exc)}"
    )


def _game_facts(game: Game[Any, Any]) -> _Facts:
    """The game's seats, terminations, length unit and rules, read (its code run) once,
    before any game is played: a game's raising property is a SimulationError now."""
    try:
        name, players, terminations = game.name, game.players, game.terminations
        facts = _Facts(players, terminations, game.length_unit, _rules_dict(game))
    except CardwarsError:
        raise
    except Exception as exc:
        raise _game_raised(
            game, "its name, players, terminations, length_unit or rules", exc
        ) from exc
    if type(name) is not str:
        raise SimulationError(f"a game's name must be a str, got {_shown(name)}")
    # Winners and terminations are kept as signed bytes.
    if type(players) is not int or not 1 <= players <= 127:
        raise SimulationError(
            f"{name}'s players must be an int from 1 to 127, got {_shown(players)}"
        )
    if (
        type(terminations) is not tuple
        or not 1 <= len(terminations) <= 127
        or not all(type(t) is str for t in terminations)
    ):
        raise SimulationError(
            f"{name}'s terminations must be a tuple of 1 to 127 str, got {_shown(terminations)}"
        )
    if type(facts.length_unit) is not str:
        raise SimulationError(
            f"{name}'s length_unit must be a str, got {_shown(facts.length_unit)}"
        )
    return facts


_MAX_AGENT_NAME = 80  # characters of an agent's own name the report keeps


def _agent_name(agent: Agent | str) -> str:
    """The report's name of ``agent``: a name, an object's own ``name`` if it is a str (a
    plain copy, cut short), else its class's name; the object's code cannot make it fail.

    >>> class Named:
    ...     name = 12345
    >>> _agent_name("random"), _agent_name(Named())
    ('random', 'Named')
    """
    if type(agent) is str:
        return agent
    try:
        name = getattr(agent, "name", None)
    except Exception:  # a __getattr__ that raises: the class's name
        name = None
    if issubclass(type(name), str):  # sliced first: a long name is never copied whole
        return clip(
            str.__str__(str.__getitem__(cast("str", name), slice(_MAX_AGENT_NAME + 1))),
            _MAX_AGENT_NAME,
        )
    return _type_name(agent, _MAX_AGENT_NAME)


_SHOWN = 60  # characters of a quoted plain value


def _shown(value: object) -> str:
    """``value`` for a message, running none of its code: plain values quoted, else its type.

    >>> _shown(3), _shown("x" * 100)[-3:], _shown(object())
    ('3', 'xx…', 'an object')
    """
    kind = type(value)
    if kind in (int, str, float, bool, type(None)):
        try:
            text = repr(value)
        except ValueError:  # an int too long to print
            return "an int too long to print"
        return clip(text, _SHOWN)
    try:
        name = str(type.__getattribute__(kind, "__name__"))
    except Exception:  # pragma: no cover - a metaclass that hides its name
        name = "object"
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def _plain_int(value: object) -> int | None:
    """``value`` as a plain int (none of a subclass's methods called), None for a non-int."""
    kind = type(value)
    if kind is bool or not issubclass(kind, int):
        return None
    return operator.index(cast("int", value))  # an exact int: no __index__ call for an int


def _error_text(exc: BaseException) -> str:
    """``TypeName: message`` of an exception, cut short; safe if its ``__str__`` raises."""
    try:
        text = str(exc)
    except Exception:
        text = "<its message cannot be shown>"
    text = clip(" ".join(text.split()), 300)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _agent_specs(game: Game[Any, Any], agents: object) -> tuple[Agent | str, ...]:
    """``agents`` read once into a tuple: names as plain strings, objects with ``choose()``."""
    if issubclass(type(agents), (str, bytes)) or not issubclass(type(agents), Sequence):
        raise UsageError(
            f"agents must be a list or tuple with one agent per seat, got {_shown(agents)}"
        )
    try:
        items: tuple[object, ...] = tuple(cast("Sequence[object]", agents))
    except Exception as exc:
        raise UsageError(f"agents could not be read: {_error_text(exc)}") from exc
    if len(items) != game.players:
        raise UsageError(
            f"{game.name} with {game.players} players needs {game.players} agents, got {len(items)}"
        )
    specs: list[Agent | str] = []
    for seat, agent in enumerate(items):
        if issubclass(type(agent), str):
            specs.append(str.__str__(agent))  # a plain str
        elif callable(getattr(type(agent), "choose", None)):
            specs.append(cast("Agent", agent))
        else:
            raise UsageError(
                f"the agent for seat {seat} must be a name or have a choose() method, "
                f"got {_shown(agent)}"
            )
    return tuple(specs)


def _check_game(game: object) -> Game[Any, Any]:
    if issubclass(type(game), str):
        try:
            return load_game(str.__str__(game))
        except CardwarsError as exc:
            raise UsageError(clip(str(exc))) from None
        except Exception as exc:  # a plugin's game that raised while it was built
            raise SimulationError(
                f"the game {_shown(str.__str__(game))} could not be built: {_error_text(exc)}"
            ) from exc
    if not issubclass(type(game), Game):
        raise UsageError(f"game must be a Game or a game name, got {_shown(game)}")
    return game  # type: ignore[return-value]


def _check_int(name: str, value: object, low: int, high: int | None, allowed: str) -> int:
    """``value`` as a plain int in ``[low, high]``, else UsageError saying ``allowed``."""
    number = _plain_int(value)
    if number is None or number < low or (high is not None and number > high):
        raise UsageError(
            f"{name} must be {allowed}, got {_shown(value if number is None else number)}"
        )
    return number


def _chunk_error(exc: Exception, start: int, count: int) -> SimulationError:
    """The error simulate() raises (from ``exc``) when games ``start..start+count-1`` failed."""
    games = f"game {start}" if count == 1 else f"games {start}..{start + count - 1}"
    return SimulationError(f"{games} failed: {_error_text(exc)}")


def _check_picklable(
    game: Game[Any, Any], agents: Sequence[Agent | str], executor: Executor | None
) -> None:
    """UsageError now if the game or an agent cannot go to another process: none for threads,
    pickle for a process pool, cloudpickle (if installed: Dask uses it) for other executors."""
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
            raise UsageError(
                f"{label} ({_shown(obj)}) cannot be sent to a worker process: it does not "
                f"pickle ({_error_text(exc)}); define its class and everything it holds at "
                "module level (no lambdas, local classes or open files), or run in this "
                "process with workers=1 (or a ThreadPoolExecutor)"
            ) from exc


def _submit(
    pool: Executor, callers: bool, run: Callable[[int, int], _Chunk], start: int, count: int
) -> Future[_Chunk]:
    """``pool.submit(run, start, count)``, checked: a caller's executor that raises (shut
    down, broken) or returns no Future is a UsageError, our own pool's a SimulationError."""
    try:
        future = pool.submit(run, start, count)
    except Exception as exc:
        text = f"the executor's submit() raised: {_error_text(exc)}"
        if callers:
            raise UsageError(f"{text}; pass an executor that is running") from exc
        raise SimulationError(f"{text}; the run was stopped") from exc
    if not issubclass(type(future), Future):  # by type(): a __class__ of its own never runs
        raise UsageError(
            f"the executor's submit() returned {_shown(future)}, not a "
            "concurrent.futures.Future; pass a concurrent.futures.Executor that keeps its API"
        )
    return future


def _check_chunk(chunk: object, start: int, count: int) -> None:
    """SimulationError unless ``chunk`` is the results of games ``start..start+count-1``
    (an executor of the caller's may hand back anything)."""
    if type(chunk) is not _Chunk or chunk.start != start or len(chunk.lengths) != count:
        raise _chunk_error(
            SimulationError(f"the executor gave back {_shown(chunk)}, not the games' results"),
            start,
            count,
        )


def _abandon(pool: ProcessPoolExecutor) -> None:
    """End our own pool at once, never waiting: cancel queued chunks, stop the workers."""
    terminate_workers = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate_workers is not None:
        terminate_workers()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()  # the pool's manager thread then joins them
    # Let the manager thread finish closing its wake-up pipe (the workers are ended, so it
    # does at once): Python 3.11's exit hook may otherwise write to that pipe while the
    # thread closes it, and print "Exception ignored ... Bad file descriptor".
    if manager is not None and manager.is_alive():
        manager.join(timeout=10)


def simulate(
    game: Game[Any, Any] | str,
    agents: Sequence[SomeAgent | str],
    *,
    games: int,
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool | ProgressCallback = False,
    chunk_size: int | None = None,
    keep_longest: int = 0,
) -> SimulationReport:
    """Play ``games`` games and return their :class:`~cardwars.report.SimulationReport`.

    Args:
        game: a :class:`~cardwars.engine.Game`, or a game name (default rules).
        agents: one agent per seat: a built-in agent's name or an object with ``choose()``; with
            only built-in names the compiled batch loop runs.
        games: how many games, an int in [1, 2**48]; game ``k`` is dealt from
            ``derive_seed(seed, k)``.
        seed: the batch seed, an int in [0, 2**64).
        workers: worker processes, an int from 1 to :data:`~cardwars.simulate.MAX_WORKERS`;
            1 runs in this process.
        executor: any :class:`concurrent.futures.Executor`; overrides ``workers``.
        progress: True for a progress bar (rich, if installed), False, or a callback
            ``(games_done, games_total)``.
        chunk_size: games per task, an int >= 1; the results never depend on it.
        keep_longest: keep the ``K`` longest deals (an int from 0 to
            :data:`~cardwars.simulate.MAX_KEEP`) as :attr:`SimulationReport.longest
            <cardwars.report.SimulationReport.longest>`.

    Raises:
        UsageError: a bad argument, before any game is played (a game or agent that does not
            pickle included, when the work goes to other processes; an ``executor`` whose
            ``submit()`` raises, as a shut-down one does, or returns no Future).
        SimulationError: a chunk, or the ``progress`` callback, raised (chained as
            ``__cause__``); the run is stopped and no report returned. So too, before any
            game is played, when the game's own code raises (``players``, ``rules``,
            ``supports_batch()`` …) or gives what is no seat count or terminations; and when
            a game's result names a winner that is no seat, or an executor hands back
            anything but the games' results.

    >>> import cardwars
    >>> report = cardwars.simulate("clone-war", ["random", "random"], games=100, seed=1)
    >>> report.games, sum(report.wins) + report.draws
    (100, 100)
    """
    game = _check_game(game)
    games = _check_int("games", games, 1, _MAX_GAMES, "an int >= 1 and <= 2**48")
    seed = _check_int("seed", seed, 0, 2**64 - 1, "an int in [0, 2**64)")
    workers = _check_int(
        "workers", workers, 1, MAX_WORKERS, f"an int from 1 to MAX_WORKERS = {MAX_WORKERS}"
    )
    if executor is not None and not issubclass(type(executor), Executor):
        raise UsageError(f"executor must be a concurrent.futures.Executor, got {_shown(executor)}")
    if chunk_size is not None:
        chunk_size = _check_int("chunk_size", chunk_size, 1, None, "an int >= 1")
    keep = _check_int(
        "keep_longest", keep_longest, 0, MAX_KEEP, f"an int from 0 to MAX_KEEP = {MAX_KEEP}"
    )
    if type(progress) is not bool and not callable(progress):
        raise UsageError(f"progress must be True, False or a callable, got {_shown(progress)}")
    facts = _game_facts(game)
    agent_specs = _agent_specs(game, agents)
    names = tuple(_agent_name(a) for a in agent_specs)  # now: the report never fails on them
    try:
        resolve_agents(game, agent_specs)  # checks the names before any work
    except UsageError as exc:
        raise UsageError(clip(str(exc))) from None
    except CardwarsError:
        raise
    except Exception as exc:  # a built-in agent of a plugin's game that cannot be made
        raise _game_raised(game, "make_agent()", exc) from exc
    try:
        compiled = game.supports_batch(agent_specs)
    except CardwarsError:
        raise
    except Exception as exc:
        raise _game_raised(game, "supports_batch()", exc) from exc
    if type(compiled) is not bool:
        raise SimulationError(
            f"{game.name}'s supports_batch() must return True or False, got {_shown(compiled)}"
        )
    backend = _backend.BACKEND
    parallel = executor is not None or workers > 1
    if parallel:
        _check_picklable(game, agent_specs, executor)
    if chunk_size is None:
        chunk_size = _DEFAULT_CHUNK if compiled else 200
        if parallel:
            # Enough chunks to balance the workers and to show progress.
            chunk_size = max(1, min(chunk_size, -(-games // (8 * max(workers, 2)))))
    starts = range(0, games, chunk_size)  # lazy: never a list of every chunk
    sink, close_progress = _progress_sink(progress, games)

    def report_progress(done: int, total: int) -> None:
        try:  # a raising callback stops the run as a failed chunk does
            sink(done, total)
        except Exception as exc:
            raise SimulationError(
                f"the progress callback raised after {done} of {total} games: "
                f"{_error_text(exc)}; the run was stopped"
            ) from exc

    run = functools.partial(
        _run_chunk, game, agent_specs, seed, compiled=compiled, backend=backend, keep=keep
    )
    chunks: list[_Chunk] = []
    done = 0
    try:
        if not parallel:
            for start in starts:
                count = min(chunk_size, games - start)
                try:
                    chunk = run(start, count)
                except Exception as exc:
                    raise _chunk_error(exc, start, count) from exc
                chunks.append(chunk)
                done += count
                report_progress(done, games)
        else:
            pool: Executor
            own_pool: ProcessPoolExecutor | None = None
            todo = iter(starts)
            pending: dict[Future[_Chunk], tuple[int, int]] = {}  # first game and count
            with _HeldInterrupts() as interrupts:
                if executor is None:
                    from concurrent.futures import ProcessPoolExecutor

                    processes = min(workers, len(starts))  # never more processes than chunks
                    own_pool = pool = ProcessPoolExecutor(processes)
                    in_flight = _IN_FLIGHT_PER_WORKER * processes
                else:
                    pool, in_flight = executor, _IN_FLIGHT_EXECUTOR
                try:
                    while True:
                        for s in itertools.islice(todo, in_flight - len(pending)):
                            count = min(chunk_size, games - s)
                            pending[_submit(pool, own_pool is None, run, s, count)] = (s, count)
                            interrupts.deliver()
                        if not pending:
                            break
                        ready, _ = wait(
                            pending, timeout=interrupts.poll, return_when=FIRST_COMPLETED
                        )
                        interrupts.deliver()
                        for future in ready:
                            try:
                                chunk = future.result()  # a chunk's error stops the run here
                            except Exception as exc:
                                raise _chunk_error(exc, *pending[future]) from exc
                            _check_chunk(chunk, *pending[future])
                            del pending[future]
                            chunks.append(chunk)
                            done += len(chunk.lengths)
                            with interrupts.allowed():
                                report_progress(done, games)
                except BaseException:  # an error or Ctrl-C: leave nothing running or waiting
                    if own_pool is not None:
                        # It cancels its own queued chunks (cancelling them from here
                        # can make its manager thread print InvalidStateError).
                        _abandon(own_pool)
                    else:
                        for future in pending:
                            with contextlib.suppress(Exception):  # a Future subclass's own
                                future.cancel()
                    raise
                if own_pool is not None:
                    own_pool.shutdown()
    finally:
        close_progress()
    chunks.sort(key=lambda c: c.start)
    lengths, winners, codes = array("q"), array("b"), array("b")
    for chunk in chunks:
        lengths.extend(chunk.lengths)
        winners.extend(chunk.winners)
        codes.extend(chunk.terminations)
    longest = _longest_deals(game, agent_specs, seed, keep, chunks, winners, codes) if keep else ()
    return SimulationReport(
        game=game.name,
        players=facts.players,
        agents=names,
        seed=seed,
        rules=facts.rules,
        terminations=facts.terminations,
        lengths=lengths,
        winners=winners,
        termination_codes=codes,
        engine="batch" if compiled else "play",
        backend=backend,
        length_unit=facts.length_unit,
        longest=longest,
    )
