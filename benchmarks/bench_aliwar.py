"""Aliwar games per second with built-in agents, every way cardwars can play them.

Run ``python benchmarks/bench_aliwar.py [--games N] [--agents greedy,random]`` (from a
checkout, ``src/`` is found on its own; the agents default to two random ones). It prints
a Markdown table; ratios are measured in the same run, against ``play()`` on the
pure-Python backend. The four rows play the same games (game ``k`` dealt from
``derive_seed(seed, k)``), so they also cross-check each other.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from harness import SEED, require_compiled, using_backend

import cardwars
from cardwars.aliwar import BATCH_AGENTS, TERMINATIONS, Aliwar
from cardwars.aliwar.game import BATCH
from cardwars.core_rng import derive_seed

_CODES = {"random": 0, "greedy": 1}  # the batch loop's agent codes


def play_games(backend: str, games: int, agents: tuple[str, str]) -> list[tuple[int, int, int]]:
    """(length, winner, termination) of games 0..games-1 by ``cardwars.play`` on ``backend``."""
    with using_backend(backend):
        game = Aliwar()
        rows = []
        for k in range(games):
            final = cardwars.play(game, agents, seed=derive_seed(SEED, k))
            result = final.result
            assert result is not None
            winner = -1 if result.winner is None else result.winner
            rows.append((result.length, winner, TERMINATIONS.index(result.termination)))
        return rows


def batch_games(backend: str, games: int, agents: tuple[str, str]) -> list[tuple[int, int, int]]:
    """The same rows from the whole-game batch loop ``aliwar_batch`` on ``backend``."""
    with using_backend(backend):
        codes = tuple(_CODES[a] for a in agents)
        out = BATCH.module.aliwar_batch(SEED, 0, games, 2, codes)
    return list(zip(out["length"], out["winner"], out["termination"], strict=True))


def _timed(
    run: Callable[[], list[tuple[int, int, int]]],
) -> tuple[float, list[tuple[int, int, int]]]:
    start = time.perf_counter()
    rows = run()
    return time.perf_counter() - start, rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games for play() (default 2000)")
    parser.add_argument(
        "--batch-games", type=int, default=200_000, help="games for the compiled batch"
    )
    parser.add_argument(
        "--agents", default="random,random", help="two of random, greedy (default random,random)"
    )
    args = parser.parse_args(argv)
    names = tuple(args.agents.split(","))
    if len(names) != 2 or not set(names) <= BATCH_AGENTS:
        parser.error(f"--agents must name two of {sorted(BATCH_AGENTS)}, got {args.agents!r}")
    agents = (names[0], names[1])
    require_compiled()

    n, big = args.games, args.batch_games
    cases: list[tuple[str, int, Callable[[], list[tuple[int, int, int]]]]] = [
        ("play(), pure-Python backend", n, lambda: play_games("python", n, agents)),
        ("play(), compiled backend", n, lambda: play_games("compiled", n, agents)),
        (
            "aliwar_batch, pure-Python interpreted build",
            n,
            lambda: batch_games("python", n, agents),
        ),
        ("aliwar_batch, compiled (nogil)", big, lambda: batch_games("compiled", big, agents)),
    ]
    rates: list[tuple[str, int, float]] = []
    reference_rows: list[tuple[int, int, int]] | None = None
    for label, games, run in cases:
        seconds, rows = _timed(run)
        if reference_rows is None:
            reference_rows = rows
        elif rows[:n] != reference_rows:
            sys.exit(f"{label} played different games than play(): a replay bug")
        rates.append((label, games, games / seconds))

    base = rates[0][2]
    python = sys.version.split()[0]
    print(
        f"Aliwar, agents {' vs '.join(agents)}, seed {SEED} "
        f"(cardwars {cardwars.__version__}, Python {python})"
    )
    print()
    print("| Engine | Games | Games/s | × play() pure-Python | × play() compiled |")
    print("|---|---:|---:|---:|---:|")
    for label, games, rate in rates:
        ratios = f"{rate / base:,.1f} | {rate / rates[1][2]:,.1f}"
        print(f"| {label} | {games:,} | {rate:,.0f} | {ratios} |")


if __name__ == "__main__":
    main()
