"""Shared timing and backend switching for the benchmark scripts (``run.py`` and ``bench_*.py``).

Every figure is the best of several timed repetitions (the minimum wall time,
``time.perf_counter``), after one calibration run that also warms caches up:
on a shared machine, interference only ever makes a run slower, so the fastest
repetition is the closest to what the code itself costs.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if importlib.util.find_spec("cardwars") is None:  # a source checkout, built in place
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cardwars import backend as _backend
from cardwars.engine import Agent, Game, play

SEED = 2026
"""Game ``k`` of every benchmark is dealt from ``derive_seed(SEED, k)``, whatever plays it."""

BACKENDS = ("compiled", "python")


def require_compiled() -> None:
    """Exit with a hint when the compiled core is not built (nothing to compare against)."""
    if importlib.util.find_spec("cardwars._core") is None:
        sys.exit("the compiled core is not built: python setup.py build_ext --inplace")


@contextmanager
def using_backend(name: str) -> Iterator[None]:
    """Run the body on the ``"compiled"`` or ``"python"`` backend, as the test fixture does."""
    saved = _backend.BACKEND
    _backend.use_backend(name)
    try:
        yield
    finally:
        _backend.use_backend(saved)


@dataclass(frozen=True)
class Timing:
    """``units`` of work done by each of ``len(seconds)`` identical runs of ``count`` items."""

    count: int
    units: int
    seconds: list[float] = field(default_factory=list)

    @property
    def best(self) -> float:
        """The fastest repetition's wall time."""
        return min(self.seconds)

    @property
    def rate(self) -> float:
        """Units per second of the fastest repetition."""
        return self.units / self.best


def _timed(run: Callable[[int], int], count: int) -> tuple[float, int]:
    start = time.perf_counter()
    units = run(count)
    return time.perf_counter() - start, units


def calibrate(run: Callable[[int], int], target: float) -> int:
    """The ``count`` for which ``run(count)`` takes about ``target`` seconds (grown from 1)."""
    count = 1
    seconds, _ = _timed(run, count)
    while seconds < target / 2:
        grow = target / max(seconds, 1e-6)
        count = max(count + 1, int(count * min(grow, 100.0)))
        seconds, _ = _timed(run, count)
    if seconds < target:
        count = round(count * target / seconds)
    return count


def measure(run: Callable[[int], int], *, target: float, repeats: int) -> Timing:
    """Time ``run(count)`` (which returns the units of work it did) ``repeats`` times.

    ``count`` is calibrated first so that one run takes about ``target`` seconds;
    the calibration runs are not counted.
    """
    return measure_fixed(run, calibrate(run, target), repeats=repeats)


def measure_group(
    runs: dict[str, tuple[str, Callable[[int], int]]], *, target: float, repeats: int
) -> dict[str, Timing]:
    """Time several ``(backend, run)`` variants, their repetitions interleaved.

    Each variant is calibrated on its own; then every round times each variant
    once, so a burst of outside load hits all of them alike and their ratios
    stay fair.
    """
    counts: dict[str, int] = {}
    for name, (backend, run) in runs.items():
        with using_backend(backend):
            counts[name] = calibrate(run, target)
    times: dict[str, list[float]] = {name: [] for name in runs}
    units: dict[str, int] = {}
    for _ in range(repeats):
        for name, (backend, run) in runs.items():
            with using_backend(backend):
                elapsed, units[name] = _timed(run, counts[name])
            times[name].append(elapsed)
    return {name: Timing(counts[name], units[name], times[name]) for name in runs}


def measure_fixed(run: Callable[[int], int], count: int, *, repeats: int) -> Timing:
    """Time ``run(count)`` ``repeats`` times with no calibration (the count is part of the test)."""
    times: list[float] = []
    units = 0
    for _ in range(repeats):
        elapsed, units = _timed(run, count)
        times.append(elapsed)
    return Timing(count, units, times)


def play_runner(game: Game[Any, Any], agents: Sequence[Agent | str]) -> Callable[[int], int]:
    """``run(n)`` plays games 0..n-1 with :func:`cardwars.play` on the current backend."""

    def run(games: int) -> int:
        derive = _backend.core.derive_seed
        for k in range(games):
            play(game, agents, seed=derive(SEED, k))
        return games

    return run


def batch_runner(game: Game[Any, Any], agents: Sequence[str]) -> Callable[[int], int]:
    """``run(n)`` plays games 0..n-1 in the game's whole-game batch loop (``run_batch``)."""
    names = tuple(agents)

    def run(games: int) -> int:
        game.run_batch(names, SEED, 0, games)
        return games

    return run


def steps_runner(game: Game[Any, Any], agent: Agent) -> Callable[[int], int]:
    """``run(n)`` drives games 0..n-1 through ``state.apply`` as a front end would.

    Each step polls ``to_act``, builds each seat's observation and legal moves,
    asks ``agent`` and applies the moves; it returns the number of steps.
    """

    def run(games: int) -> int:
        core = _backend.core
        steps = 0
        for k in range(games):
            state = game.new_game(core.derive_seed(SEED, k))
            rngs = [core.Rng(core.derive_seed(state.seed, 1 + s)) for s in range(game.players)]
            while not state.is_over:
                moves = {
                    seat: agent.choose(state.observation(seat), state.legal_moves(seat), rngs[seat])
                    for seat in sorted(state.to_act)
                }
                state.apply(moves)
                steps += 1
        return steps

    return run


def action_runner(game: Game[Any, Any]) -> Callable[[int], int]:
    """``run(n)`` drives games 0..n-1 through integer actions, as a learning loop would.

    Each step asks each polled seat's ``legal_actions``, picks one uniformly
    (``Rng.below``, one draw per seat, as ``RandomAgent`` does) and passes them
    all to ``apply_actions``; it returns the number of steps.
    """

    def run(games: int) -> int:
        core = _backend.core
        rng = core.Rng(SEED)
        below = rng.below
        steps = 0
        for k in range(games):
            state = game.new_game(core.derive_seed(SEED, k))
            legal_actions, apply_actions = state.legal_actions, state.apply_actions
            while not state.is_over:
                picks = {}
                for seat in state.to_act:
                    legal = legal_actions(seat)
                    picks[seat] = legal[below(len(legal))]
                apply_actions(picks)
                steps += 1
        return steps

    return run


def midgame_states(game: Game[Any, Any], count: int = 64) -> list[Any]:
    """``count`` states of games 0..count-1, each stopped at a random step of its game.

    Game ``k`` is first played out with random actions to learn its length ``n``;
    it is then replayed for a uniform ``0 <= i < n`` steps (so never over).
    """
    core = _backend.core
    rng = core.Rng(SEED)
    states = []
    for k in range(count):
        seed = core.derive_seed(SEED, k)
        picks = []
        state = game.new_game(seed)
        while not state.is_over:
            step = {}
            for seat in sorted(state.to_act):
                legal = state.legal_actions(seat)
                step[seat] = legal[rng.below(len(legal))]
            state.apply_actions(step)
            picks.append(step)
        state = game.new_game(seed)
        for step in picks[: rng.below(len(picks))]:
            state.apply_actions(step)
        states.append(state)
    return states


def copy_runner(states: Sequence[Any]) -> Callable[[int], int]:
    """``run(n)`` makes ``n`` passes over ``states``, calling ``copy()`` on each."""

    def run(passes: int) -> int:
        for _ in range(passes):
            for state in states:
                state.copy()
        return passes * len(states)

    return run


# --- apply() with moves built anew ------------------------------------------------------------


def rebuilt(value: Any) -> Any:
    """An equal value built anew through its constructor, field by field (a move's card too),
    as a front end or :func:`cardwars.wire.decode` hands it back."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: rebuilt(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return type(value)(**fields)
    return value


RecordedGame = tuple[int, list[dict[int, Any]], list[dict[int, Any]]]


def recorded_games(game: Game[Any, Any], count: int) -> list[RecordedGame]:
    """Games 0..count-1 played with uniform random legal moves: ``(seed, own, fresh)``.

    ``own`` is each step as the objects ``legal_moves()`` returned, ``fresh`` the same
    step as equal objects built anew (:func:`rebuilt`).
    """
    core = _backend.core
    below = core.Rng(SEED).below
    games = []
    for k in range(count):
        seed = core.derive_seed(SEED, k)
        state = game.new_game(seed)
        own = []
        while not state.is_over:
            step = {}
            for seat in sorted(state.to_act):
                legal = state.legal_moves(seat)
                step[seat] = legal[below(len(legal))]
            state.apply(step)
            own.append(step)
        fresh = [{seat: rebuilt(move) for seat, move in step.items()} for step in own]
        games.append((seed, own, fresh))
    return games


def apply_seconds(game: Game[Any, Any], games: Sequence[RecordedGame], fresh: bool) -> list[float]:
    """Seconds spent inside ``state.apply`` replaying each of ``games`` (own or fresh moves).

    Only the calls are timed, one clock reading per game: dealing each game is not.
    """
    clock = time.perf_counter
    seconds = []
    for seed, own, built in games:
        steps = built if fresh else own
        apply = game.new_game(seed).apply
        start = clock()
        for step in steps:
            apply(step)
        seconds.append(clock() - start)
    return seconds


# --- the OpenSpiel anchor --------------------------------------------------------------------

OPENSPIEL_GAME = "goofspiel(num_cards=13)"
"""The anchor of section b: a simultaneous-move card game of OpenSpiel's, with chance nodes."""


def openspiel_version() -> str | None:
    """The installed ``open-spiel`` distribution's version, or None (``pip install .[bench]``)."""
    if importlib.util.find_spec("pyspiel") is None:
        return None
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("open_spiel")
    except PackageNotFoundError:  # pragma: no cover - pyspiel built from source
        return "unknown"


def openspiel_step(state: Any, players: int, below: Callable[[int], int]) -> None:
    """One uniform random step of an OpenSpiel state through its Python API."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()  # uniform in goofspiel
        state.apply_action(outcomes[below(len(outcomes))][0])
    elif state.is_simultaneous_node():
        picks = []
        for player in range(players):
            legal = state.legal_actions(player)
            picks.append(legal[below(len(legal))])
        state.apply_actions(picks)
    else:
        legal = state.legal_actions()
        state.apply_action(legal[below(len(legal))])


def openspiel_steps_runner() -> Callable[[int], int]:
    """``run(n)`` plays ``n`` random games of :data:`OPENSPIEL_GAME`; returns the steps.

    One step = one ``apply_action`` (a chance node: the next prize card) or
    ``apply_actions`` call (the simultaneous bids), each picked uniformly with
    the same ``Rng.below`` as :func:`action_runner`.
    """
    import pyspiel

    game = pyspiel.load_game(OPENSPIEL_GAME)
    players = game.num_players()

    def run(games: int) -> int:
        below = _backend.core.Rng(SEED).below
        steps = 0
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                openspiel_step(state, players, below)
                steps += 1
        return steps

    return run


def openspiel_clone_runner(count: int = 64) -> Callable[[int], int]:
    """``run(n)`` makes ``n`` passes of ``state.clone()`` over ``count`` mid-game states."""
    import pyspiel

    game = pyspiel.load_game(OPENSPIEL_GAME)
    players = game.num_players()
    below = _backend.core.Rng(SEED).below
    states = []
    for _ in range(count):
        state = game.new_initial_state()
        trail = []
        while not state.is_terminal():
            trail.append(state.clone())
            openspiel_step(state, players, below)
        states.append(trail[below(len(trail))])

    def run(passes: int) -> int:
        for _ in range(passes):
            for state in states:
                state.clone()
        return passes * len(states)

    return run


def fmt_rate(rate: float) -> str:
    """A rate for a table: thousands separators, one decimal below 100."""
    return f"{rate:,.0f}" if rate >= 100 else f"{rate:,.1f}"


def fmt_ratio(ratio: float) -> str:
    """A ratio for a table: ``1.73×``, ``12.4×``, ``1,234×``."""
    if ratio >= 100:
        return f"{ratio:,.0f}×"
    return f"{ratio:.1f}×" if ratio >= 10 else f"{ratio:.2f}×"


# --- the docs' figures: written by the scripts, never by hand ----------------------------------

ROOT = Path(__file__).resolve().parent.parent
DOCS_GENERATED = ROOT / "docs" / "_generated"
"""Where ``--docs`` writes each script's tables, which ``docs/performance.rst`` includes."""


def tree() -> str:
    """The commit measured (``git rev-parse --short HEAD``), marked if what it measures changed."""
    import subprocess

    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)
        return done.stdout.strip() if done.returncode == 0 else ""

    commit = git("rev-parse", "--short", "HEAD")
    if not commit:
        return "not a git checkout"
    # Only what the figures depend on: the package's sources, the build and the benchmarks.
    changed = git("status", "--porcelain", "--", "src", "setup.py", "benchmarks")
    return commit + (
        " with uncommitted changes to src/, setup.py or benchmarks/" if changed else ""
    )


def load_average() -> str:
    try:
        import os

        return ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except (OSError, AttributeError):  # pragma: no cover - not on every platform
        return "n/a"


def provenance(command: str, started: str, load_before: str, settings: str) -> str:
    """The paragraph that opens a generated fragment: what made it, when, from which tree."""
    import os
    import platform

    import cardwars

    return (
        f"Generated by ``{command}`` on {started} from tree {tree()} (cardwars "
        f"{cardwars.__version__}, {cardwars.BACKEND} backend), Python "
        f"{platform.python_version()} on {platform.platform()}, {os.cpu_count()} CPUs; load "
        f"average (1, 5, 15 min) {load_before} before, {load_average()} after; {settings}. "
        "Regenerate it with the same command; never edit it by hand."
    )


def rst_table(header: Sequence[str], rows: Sequence[Sequence[str]], caption: str = "") -> str:
    """``rows`` under ``header`` as a ``list-table`` directive (cells are reST already)."""
    lines = [f".. list-table:: {caption}".rstrip(), "   :header-rows: 1", ""]
    for row in [header, *rows]:
        lines.append(f"   * - {row[0]}")
        lines.extend(f"     - {cell}" for cell in row[1:])
    return "\n".join(lines)


def write_docs(name: str, text: str) -> Path:
    """Write ``docs/_generated/NAME.rst`` (included by the performance page); its path."""
    DOCS_GENERATED.mkdir(parents=True, exist_ok=True)
    path = DOCS_GENERATED / f"{name}.rst"
    header = ".. Generated by a benchmark script (see the paragraph below); do not edit.\n\n"
    path.write_text(header + text.rstrip() + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}", file=sys.stderr)
    return path
