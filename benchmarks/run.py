"""The whole cardwars benchmark suite in one command: a Markdown table and a JSON file.

Run from the repository root (after ``pip install .`` or an in-place build)::

    python benchmarks/run.py            # the full suite, a few minutes
    python benchmarks/run.py --quick    # a rough look in under a minute
    python benchmarks/run.py --out DIR  # where results.md, .rst and .json go
    python benchmarks/run.py --docs     # also docs/_generated/run.rst, the docs' tables

Sections (every ratio compares two figures measured in this same run):

a. rule calls, compiled vs interpreted: shuffle of 52 cards, Aliwar
   conflict resolution, Guerrilla combination strength and compare;
b. the Python API beside an OpenSpiel anchor (goofspiel(13) through its Python
   API, when ``open-spiel`` is installed: ``pip install .[bench]``), per game and
   player count: the front-end loop, the integer-action loop, ``copy()`` and
   ``play()`` with Python random agents;
c. whole games per second: the compiled batch loop vs ``cardwars.play()`` on
   each backend, for each game and player count;
d. ``cardwars.simulate()``: ``workers=2`` vs ``workers=1`` on a large Clone War
   run, and the compiled batch vs the Python fallback (custom agent objects).

Each figure is the best of several repetitions (minimum wall time).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import re
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness import (
    BACKENDS,
    OPENSPIEL_GAME,
    SEED,
    Timing,
    action_runner,
    apply_seconds,
    batch_runner,
    copy_runner,
    fmt_rate,
    fmt_ratio,
    measure_fixed,
    measure_group,
    midgame_states,
    openspiel_clone_runner,
    openspiel_steps_runner,
    openspiel_version,
    play_runner,
    provenance,
    recorded_games,
    require_compiled,
    steps_runner,
    tree,
    using_backend,
    write_docs,
)

import cardwars
from cardwars import aliwar, guerrilla
from cardwars import backend as _backend
from cardwars.agents import RandomAgent
from cardwars.aliwar.state import ROUND as ALIWAR
from cardwars.backend import RuleSource
from cardwars.cards import Card, Deck, Suit
from cardwars.engine import Game
from cardwars.registry import load_game

# (game name, players, options, label) of every setting of section c.
SETTINGS: list[tuple[str, int, dict[str, Any], str]] = [
    ("aliwar", 2, {}, "Aliwar, 2 players"),
    ("clone-war", 2, {}, "Clone War, 2 players"),
    ("clone-war", 3, {}, "Clone War, 3 players"),
    ("clone-war", 4, {}, "Clone War, 4 players"),
    ("guerrilla", 2, {}, "Guerrilla, 2 players"),
    ("guerrilla", 3, {}, "Guerrilla, 3 players"),
    ("guerrilla", 4, {}, "Guerrilla, 4 players"),
    ("guerrilla", 2, {"two_suit_variant": True}, "Guerrilla, 2 players, two suits"),
]
GAMES = ("aliwar", "clone-war", "guerrilla")
TITLES = {"aliwar": "Aliwar", "clone-war": "Clone War", "guerrilla": "Guerrilla"}
INPUTS = 1024  # random argument tuples cycled through by the rule-call benchmarks


@dataclass(frozen=True)
class Config:
    """How long and how often to time each figure."""

    target: float  # seconds per timed repetition
    repeats: int
    scaling_games: int  # the Clone War run of the workers=2 section
    scaling_repeats: int


FULL = Config(target=1.0, repeats=5, scaling_games=1_000_000, scaling_repeats=5)
QUICK = Config(target=0.12, repeats=2, scaling_games=200_000, scaling_repeats=2)


@dataclass(frozen=True)
class Figure:
    """One measured rate, as stored in the JSON file."""

    section: str
    case: str
    variant: str
    unit: str
    timing: Timing

    def as_json(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "case": self.case,
            "variant": self.variant,
            "unit": self.unit,
            "rate": self.timing.rate,
            "count": self.timing.count,
            "units_per_run": self.timing.units,
            "seconds": self.timing.seconds,
        }


class Suite:
    """Collects figures, ratios and Markdown tables as the sections run."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.figures: list[Figure] = []
        self.ratios: list[dict[str, Any]] = []
        self.markdown: list[str] = []
        self.rst: list[str] = []

    def time_group(
        self,
        section: str,
        case: str,
        unit: str,
        runs: dict[str, tuple[str, Callable[[int], int]]],
    ) -> dict[str, float]:
        """Rates of ``variant: (backend, run)``, repetitions interleaved (see ``measure_group``)."""
        return self.time_group_units(section, case, dict.fromkeys(runs, unit), runs)

    def time_group_units(
        self,
        section: str,
        case: str,
        units: dict[str, str],
        runs: dict[str, tuple[str, Callable[[int], int]]],
    ) -> dict[str, float]:
        """:meth:`time_group` for variants that count different units (``units[variant]``)."""
        timings = measure_group(runs, target=self.config.target, repeats=self.config.repeats)
        rates = {}
        for variant, timing in timings.items():
            unit = units[variant]
            self.figures.append(Figure(section, case, variant, unit, timing))
            print(f"  {case} / {variant}: {fmt_rate(timing.rate)} {unit}/s", file=sys.stderr)
            rates[variant] = timing.rate
        return rates

    def ratio(self, section: str, case: str, name: str, value: float) -> str:
        self.ratios.append({"section": section, "case": case, "ratio": name, "value": value})
        return fmt_ratio(value)

    def table(self, title: str, note: str, header: Sequence[str], rows: list[list[str]]) -> None:
        lines = [f"### {title}", "", note, ""]
        lines.append("| " + " | ".join(header) + " |")
        lines.append("|---|" + "---:|" * (len(header) - 1))
        lines.extend("| " + " | ".join(row) + " |" for row in rows)
        self.markdown.append("\n".join(lines))
        self.rst.append(_rst_table(title, note, header, rows))


def _rst(text: str) -> str:
    """Markdown inline code to reStructuredText literals."""
    return re.sub(r"`([^`]+)`", r"``\1``", text)


def _rst_table(title: str, note: str, header: Sequence[str], rows: list[list[str]]) -> str:
    """The same table as a ``list-table`` directive, for the docs' performance page."""
    lines = [_rst(title), "~" * len(_rst(title)), "", _rst(note), ""]
    lines += [".. list-table::", "   :header-rows: 1", "   :stub-columns: 1", ""]
    for row in [list(header), *rows]:
        lines.append(f"   * - {_rst(row[0])}")
        lines.extend(f"     - {_rst(cell)}" for cell in row[1:])
    return "\n".join(lines)


# --- a. rule calls --------------------------------------------------------------------------------


def _cycled(call: Callable[[Any], object], inputs: list[Any]) -> Callable[[int], int]:
    """``run(n)`` makes ``n`` passes over ``inputs``, calling ``call(args)`` on each."""

    def run(passes: int) -> int:
        for _ in range(passes):
            for args in inputs:
                call(args)
        return passes * len(inputs)

    return run


def _shuffle_run() -> Callable[[int], int]:
    rng = _backend.core.Rng(SEED)
    cards = list(Deck.standard())
    return _cycled(lambda _: rng.shuffle(cards), [None] * INPUTS)


def _rule_run(of: RuleSource, name: str, inputs: list[Any]) -> Callable[[int], int]:
    """Calls of the current backend's rule function ``name`` (looked up once, as a hot loop
    would)."""
    rule = getattr(of.module, name)
    return _cycled(lambda args: rule(*args), inputs)


def rule_cases() -> list[tuple[str, Callable[[], Callable[[int], int]]]]:
    """(label, factory of a runner on the current backend) for each rule call."""
    draw = random.Random(SEED)
    deck = list(Deck.standard())
    suits = list(Suit)
    conflicts: list[tuple[Card, Card, Suit, Suit]] = []
    for _ in range(INPUTS):
        a, b = draw.sample(deck, 2)
        conflicts.append((a, b, draw.choice(suits), draw.choice(suits)))
    conflict_ids = [(a.id, b.id, sa.value, sb.value) for a, b, sa, sb in conflicts]
    columns = [
        ([c.id for c in cards[:5]], [c.id for c in cards[5:]], draw.randrange(4), draw.randrange(4))
        for cards in (draw.sample(deck, 10) for _ in range(INPUTS))
    ]
    combos: list[tuple[list[Card], list[Card], int]] = []
    for _ in range(INPUTS):
        cards = draw.sample(deck, 4)
        size_a, size_b = draw.choice((1, 2)), draw.choice((1, 2))
        combos.append((cards[:size_a], cards[2 : 2 + size_b], draw.randrange(2, 15)))
    strengths = [([c.id for c in a], g) for a, _, g in combos]

    return [
        ("shuffle of 52 cards: `Rng.shuffle`", _shuffle_run),
        (
            "Aliwar conflict: `aliwar.resolve_conflict`",
            lambda: _cycled(lambda a: aliwar.resolve_conflict(*a), conflicts),
        ),
        (
            "Aliwar conflict rule: `aliwar_conflict`",
            lambda: _rule_run(ALIWAR, "aliwar_conflict", conflict_ids),
        ),
        (
            "Aliwar five columns: `aliwar_resolve_columns`",
            lambda: _rule_run(ALIWAR, "aliwar_resolve_columns", columns),
        ),
        (
            "Guerrilla compare: `guerrilla.compare`",
            lambda: _cycled(lambda a: guerrilla.compare(*a), combos),
        ),
        (
            "Guerrilla strength rule: `guerrilla_strength`",
            lambda: _rule_run(
                RuleSource("cardwars.guerrilla.strength"), "guerrilla_strength", strengths
            ),
        ),
    ]


def section_rule_calls(suite: Suite) -> None:
    print("a. rule calls", file=sys.stderr)
    rows = []
    for label, factory in rule_cases():
        runs = {}
        for backend in BACKENDS:
            with using_backend(backend):
                runs[backend] = (backend, factory())
        rates = suite.time_group("rule_calls", label, "calls", runs)
        ratio = suite.ratio(
            "rule_calls", label, "compiled/python", rates["compiled"] / rates["python"]
        )
        rows.append([label, fmt_rate(rates["compiled"]), fmt_rate(rates["python"]), ratio])
    suite.table(
        "a. Rule calls: compiled vs interpreted",
        "Calls per second from Python, cycling through 1,024 random arguments.",
        ["call", "compiled calls/s", "interpreted calls/s", "compiled / interpreted"],
        rows,
    )


# --- b. Python API vs the OpenSpiel anchor ----------------------------------------------------

# (game name, players, label) of every row of section b.
STEP_SETTINGS: list[tuple[str, int, str]] = [
    ("aliwar", 2, "Aliwar, 2 players"),
    ("clone-war", 2, "Clone War, 2 players"),
    ("clone-war", 4, "Clone War, 4 players"),
    ("guerrilla", 2, "Guerrilla, 2 players"),
    ("guerrilla", 4, "Guerrilla, 4 players"),
]
# The targets of issue 13, printed beside each ratio (shown, never enforced).
TARGET_FRONT_END = 0.3  # front-end loop steps/s over OpenSpiel's steps/s
TARGET_ACTIONS = 1.0  # action loop steps/s over OpenSpiel's steps/s
TARGET_COPY = 0.5  # copy()/s over OpenSpiel's clone()/s
TARGET_ALIWAR_PLAY = 20_000  # Aliwar games/s of play() with Python random agents
NOT_INSTALLED = "not installed"


def _against(value: float, target: float, text: str) -> str:
    return f"{text} ({'met' if value >= target else 'not met'})"


def section_steps(suite: Suite) -> None:
    print("b. Python API vs OpenSpiel", file=sys.stderr)
    anchor = openspiel_version()
    if anchor is None:
        print("  open-spiel is not installed: pip install .[bench]", file=sys.stderr)
    figures, ratios = [], []
    for name, players, label in STEP_SETTINGS:
        game = load_game(name, players=players)
        runs: dict[str, tuple[str, Callable[[int], int]]] = {
            "front end": ("compiled", steps_runner(game, RandomAgent())),
            "actions": ("compiled", action_runner(game)),
            "copy": ("compiled", copy_runner(midgame_states(game))),
            "play": ("compiled", play_runner(game, [RandomAgent()] * players)),
        }
        if anchor is not None:  # timed in the same rounds as this row's variants
            runs["openspiel steps"] = ("compiled", openspiel_steps_runner())
            runs["openspiel clones"] = ("compiled", openspiel_clone_runner())
        units = {"front end": "steps", "actions": "steps", "copy": "copies", "play": "games"}
        units |= {"openspiel steps": "steps", "openspiel clones": "clones"}
        rates = suite.time_group_units("steps", label, units, runs)
        play_rate = fmt_rate(rates["play"])
        if name == "aliwar":
            play_rate = _against(rates["play"], TARGET_ALIWAR_PLAY, play_rate)
        row = [
            label,
            fmt_rate(rates["front end"]),
            fmt_rate(rates["actions"]),
            fmt_rate(rates["copy"]),
            fmt_rate(rates["play"]),
        ]
        if anchor is None:
            figures.append([*row, NOT_INSTALLED, NOT_INSTALLED])
            ratios.append([label, NOT_INSTALLED, NOT_INSTALLED, NOT_INSTALLED, play_rate])
            continue
        steps, clones = rates["openspiel steps"], rates["openspiel clones"]
        figures.append([*row, fmt_rate(steps), fmt_rate(clones)])
        cells = [label]
        for variant, anchor_rate, target in (
            ("front end", steps, TARGET_FRONT_END),
            ("actions", steps, TARGET_ACTIONS),
            ("copy", clones, TARGET_COPY),
        ):
            value = rates[variant] / anchor_rate
            text = suite.ratio("steps", label, f"{variant}/openspiel", value)
            cells.append(_against(value, target, text))
        ratios.append([*cells, play_rate])
    anchor_text = f"open-spiel {anchor}" if anchor else f"open-spiel {NOT_INSTALLED}"
    suite.table(
        "b1. Python API rates beside OpenSpiel",
        "Compiled backend; one step = one `apply` or `apply_actions` call (an Aliwar switch or "
        "keep round, a Clone War battle or automatic step, a Guerrilla decision). Front end: "
        "each polled seat's `observation` and `legal_moves`, `RandomAgent.choose`, `apply`. "
        "Actions: `legal_actions`, a uniform pick, `apply_actions`. `copy()` of 64 mid-game "
        "states. `play()` with `RandomAgent()` objects. OpenSpiel "
        f"({anchor_text}): `{OPENSPIEL_GAME}` played uniformly at random through its Python "
        "API (a chance node's `apply_action` and the simultaneous `apply_actions` each count "
        "as a step), and `state.clone()` of 64 mid-game states, timed in the same "
        "interleaved rounds as each row.",
        [
            "game",
            "front-end steps/s",
            "action steps/s",
            "copy() copies/s",
            "play() games/s",
            "OpenSpiel steps/s",
            "OpenSpiel clones/s",
        ],
        figures,
    )
    suite.table(
        "b2. Ratios to OpenSpiel, beside the targets of issue 13",
        "Steps/s ours ÷ OpenSpiel steps/s of the same row; copies/s ÷ OpenSpiel clones/s. "
        "The targets are shown, never enforced.",
        [
            "game",
            f"front end / OpenSpiel (target ≥ {TARGET_FRONT_END:.1f}×)",
            f"actions / OpenSpiel (target ≥ {TARGET_ACTIONS:.1f}×)",
            f"copy() / clone() (target ≥ {TARGET_COPY:.1f}×)",
            f"play() games/s (target: Aliwar ≥ {TARGET_ALIWAR_PLAY:,})",
        ],
        ratios,
    )
    section_fresh_moves(suite)


# The rows of table b3 and its target (issue 22, item 5; shown, never enforced).
FRESH_SETTINGS: list[tuple[str, int, str]] = [
    ("aliwar", 2, "Aliwar, 2 players"),
    ("guerrilla", 2, "Guerrilla, 2 players"),
    ("guerrilla", 4, "Guerrilla, 4 players"),
]
TARGET_FRESH = 1.5  # apply() of equal moves built anew over apply() of legal_moves()' objects


def section_fresh_moves(suite: Suite) -> None:
    """b3: ``apply`` of moves built anew (equal, not the state's objects) vs its own objects."""
    config = suite.config
    games, rounds = (40, 6) if config is QUICK else (400, 15)
    rows = []
    for name, players, label in FRESH_SETTINGS:
        game = load_game(name, players=players)
        with using_backend("compiled"):
            recorded = recorded_games(game, games)
            steps = sum(len(own) for _, own, _ in recorded)
            times: dict[str, list[list[float]]] = {"own": [], "fresh": []}
            for k in range(rounds):  # interleaved, each first in every other round
                for variant in ("own", "fresh") if k % 2 else ("fresh", "own"):
                    times[variant].append(apply_seconds(game, recorded, variant == "fresh"))
        micro = {}
        for variant, per_round in times.items():
            # Each game's best round, summed: a burst of outside load spoils a few games'
            # time in one round, not the figure (every round's total is kept too).
            best = sum(min(game_times) for game_times in zip(*per_round, strict=True))
            timing = Timing(games, steps, [best] + [sum(times) for times in per_round])
            suite.figures.append(Figure("steps", label, f"apply, {variant} moves", "steps", timing))
            micro[variant] = 1e6 / timing.rate
            print(f"  {label} / apply, {variant} moves: {micro[variant]:.2f} µs", file=sys.stderr)
        ratio = micro["fresh"] / micro["own"]
        text = suite.ratio("steps", label, "apply fresh/own", ratio)
        met = "met" if ratio <= TARGET_FRESH else "not met"
        rows.append([label, f"{micro['own']:.2f}", f"{micro['fresh']:.2f}", f"{text} ({met})"])
    suite.table(
        "b3. `apply()` of equal moves built anew, beside the state's own objects",
        f"Compiled backend; {games} random games per row, replayed {rounds} times, the two "
        "variants interleaved; only the `apply` calls are timed (µs per step: each game's "
        "best replay, summed). "
        "Own: the objects `legal_moves()` returned. Built anew: equal moves made through "
        "their constructors, cards too, as a front end or `wire.decode` hands them over. "
        "The target is shown, never enforced.",
        [
            "game",
            "own objects µs/step",
            "built anew µs/step",
            f"built anew / own (target ≤ {TARGET_FRESH:.1f}×)",
        ],
        rows,
    )


# --- c. whole games ----------------------------------------------------------------------------


def section_games(suite: Suite) -> None:
    print("c. whole games", file=sys.stderr)
    rows = []
    for name, players, options, label in SETTINGS:
        game = load_game(name, players=players, **options)
        agents = ["random"] * players
        play = play_runner(game, agents)
        runs = {
            "batch": ("compiled", batch_runner(game, agents)),
            "play compiled": ("compiled", play),
            "play python": ("python", play),
        }
        rates = suite.time_group("games", label, "games", runs)
        batch, compiled, python = rates["batch"], rates["play compiled"], rates["play python"]
        rows.append(
            [
                label,
                fmt_rate(batch),
                fmt_rate(compiled),
                fmt_rate(python),
                suite.ratio("games", label, "batch/play compiled", batch / compiled),
                suite.ratio("games", label, "batch/play python", batch / python),
                suite.ratio("games", label, "play compiled/play python", compiled / python),
            ]
        )
    suite.table(
        "c. Whole games per second: compiled batch loop vs `cardwars.play()`",
        "Random agents; the same games (game k dealt from `derive_seed(2026, k)`) in every column.",
        [
            "game",
            "batch (compiled)",
            "play(), compiled",
            "play(), interpreted build",
            "batch / play() compiled",
            "batch / play() interpreted build",
            "play() compiled / interpreted build",
        ],
        rows,
    )


# --- d. simulate() -----------------------------------------------------------------------------


def _simulate_run(
    game: Game[Any, Any], agents: Sequence[Any], workers: int
) -> Callable[[int], int]:
    def run(games: int) -> int:
        cardwars.simulate(game, agents, games=games, seed=SEED, workers=workers)
        return games

    return run


def _simulate_threads(
    game: Game[Any, Any], agents: Sequence[Any], threads: int
) -> Callable[[int], int]:
    def run(games: int) -> int:
        with ThreadPoolExecutor(threads) as pool:
            cardwars.simulate(game, agents, games=games, seed=SEED, executor=pool)
        return games

    return run


def section_simulate(suite: Suite) -> None:
    print("d. simulate()", file=sys.stderr)
    config = suite.config
    game = load_game("clone-war", players=2)
    agents = ["random", "random"]
    label = f"Clone War, 2 players, {config.scaling_games:,} games"
    # Interleave the variants so that a burst of outside load hits them alike.
    variants: dict[str, Callable[[int], int]] = {
        "workers=1": _simulate_run(game, agents, 1),
        "workers=2": _simulate_run(game, agents, 2),
        "2 threads": _simulate_threads(game, agents, 2),
    }
    times: dict[str, list[float]] = {name: [] for name in variants}
    with using_backend("compiled"):
        variants["workers=2"](config.scaling_games // 10)  # warm up the pool path
        for _ in range(config.scaling_repeats):
            for name, run in variants.items():
                timing = measure_fixed(run, config.scaling_games, repeats=1)
                times[name].extend(timing.seconds)
    rates = {}
    for name, seconds in times.items():
        timing = Timing(config.scaling_games, config.scaling_games, seconds)
        suite.figures.append(Figure("simulate", label, name, "games", timing))
        rates[name] = timing.rate
        print(f"  {label} / {name}: {fmt_rate(timing.rate)} games/s", file=sys.stderr)
    one = rates["workers=1"]
    processes = suite.ratio("simulate", label, "workers=2/workers=1", rates["workers=2"] / one)
    threads = suite.ratio("simulate", label, "2 threads/workers=1", rates["2 threads"] / one)
    suite.table(
        "d1. `cardwars.simulate()` scaling",
        f"Compiled batch loop; {os.cpu_count()} CPUs; best of {config.scaling_repeats}, "
        "the variants interleaved. Target: `workers=2` at least 1.7× `workers=1`. "
        "`2 threads` passes `executor=ThreadPoolExecutor(2)`: the batch loop releases the GIL.",
        [
            "run",
            "workers=1 games/s",
            "workers=2 games/s",
            "workers=2 / 1",
            "2 threads games/s",
            "2 threads / workers=1",
        ],
        [
            [
                label,
                fmt_rate(one),
                fmt_rate(rates["workers=2"]),
                processes,
                fmt_rate(rates["2 threads"]),
                threads,
            ]
        ],
    )

    rows = []
    for name in GAMES:
        game = load_game(name)
        label = f"{TITLES[name]}, {game.players} players"
        runs = {
            "batch": ("compiled", _simulate_run(game, ["random"] * 2, 1)),
            "fallback": ("compiled", _simulate_run(game, [RandomAgent()] * 2, 1)),
        }
        rates = suite.time_group("simulate", label, "games", runs)
        batch, fallback = rates["batch"], rates["fallback"]
        ratio = suite.ratio("simulate", label, "batch/fallback", batch / fallback)
        rows.append([label, fmt_rate(batch), fmt_rate(fallback), ratio])
    suite.table(
        "d2. `cardwars.simulate()`: compiled batch vs Python fallback",
        'workers=1, compiled backend. Batch: agents `"random"` by name; fallback: '
        "`RandomAgent()` objects, so every game runs through `play()`.",
        ["game", "batch games/s", "fallback games/s", "batch / fallback"],
        rows,
    )


# --- main --------------------------------------------------------------------------------------

SECTIONS: dict[str, Callable[[Suite], None]] = {
    "a": section_rule_calls,
    "b": section_steps,
    "c": section_games,
    "d": section_simulate,
}


def _load() -> str:
    try:
        return ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on every platform
        return "n/a"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs (under a minute)")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).resolve().parent / "results",
        help="directory for results.md, .rst and .json (default benchmarks/results)",
    )
    parser.add_argument(
        "--sections", default="abcd", help="which sections to run, e.g. 'ac' (default abcd)"
    )
    parser.add_argument(
        "--docs",
        action="store_true",
        help="also write the tables to docs/_generated/run.rst (the performance page's)",
    )
    args = parser.parse_args(argv)
    if not set(args.sections) <= set(SECTIONS):
        parser.error(f"--sections takes letters from {''.join(SECTIONS)}, got {args.sections!r}")
    require_compiled()
    config = QUICK if args.quick else FULL
    suite = Suite(config)
    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = _load()
    clock = time.perf_counter()
    for letter, section in SECTIONS.items():
        if letter in args.sections:
            section(suite)
    elapsed = time.perf_counter() - clock
    meta = {
        "date": started.strftime("%Y-%m-%d %H:%M UTC"),
        "tree": tree(),
        "cardwars": cardwars.__version__,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "open_spiel": openspiel_version(),
        "load_before": load_before,
        "load_after": _load(),
        "quick": args.quick,
        "method": f"best of {config.repeats} repetitions of about {config.target:g} s each "
        f"(simulate scaling: best of {config.scaling_repeats})",
        "elapsed_seconds": round(elapsed, 1),
    }
    header = (
        f"## cardwars {meta['cardwars']} benchmarks, {meta['date']}, tree {meta['tree']}\n\n"
        f"Python {meta['python']} on {meta['platform']}, {meta['cpus']} CPUs; "
        f"load average (1, 5, 15 min) {load_before} before, {meta['load_after']} after; "
        f"{meta['method']}; {'--quick, ' if args.quick else ''}{elapsed:.0f} s in all."
    )
    markdown = "\n\n".join([header, *suite.markdown]) + "\n"
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "results.md").write_text(markdown, encoding="utf-8")
    rst = "\n\n".join([_rst(header.removeprefix("## ")), *suite.rst]) + "\n"
    (args.out / "results.rst").write_text(rst, encoding="utf-8")
    data = {
        "meta": meta,
        "figures": [f.as_json() for f in suite.figures],
        "ratios": suite.ratios,
    }
    (args.out / "results.json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(markdown)
    print(f"wrote results.md, results.rst and results.json to {args.out}", file=sys.stderr)
    if args.docs:
        command = "python benchmarks/run.py --docs" + (" --quick" if args.quick else "")
        if args.sections != "abcd":
            command += f" --sections {args.sections}"
        settings = meta["method"] + (" (``--quick``: rough figures)" if args.quick else "")
        opening = provenance(command, meta["date"], load_before, f"{settings}; {elapsed:.0f} s")
        write_docs("run", "\n\n".join([opening, *suite.rst]))


if __name__ == "__main__":
    main()
