"""Games per second of WAR: Guerrilla Tactics: compiled batch vs ``cardwars.play()``.

Run from the repository root (after ``pip install .`` or an in-place build)::

    python benchmarks/bench_guerrilla.py [--games N] [--batch-games M] [--agents greedy,random]

It prints a Markdown table: for each setting, games/s of ``play()`` with the
built-in agents (random by default; ``--agents`` names are cycled over the
seats) on the compiled and the pure-Python backend, of the compiled whole-game
batch (``_core.guerrilla_batch``), and the ratios, all measured in one run.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from harness import require_compiled, using_backend

import cardwars
from cardwars.guerrilla import BATCH_AGENTS, Guerrilla, Rules, run_batch

SETTINGS = [(2, False), (2, True), (3, False), (4, False)]


def _rate(run: Callable[[], object], games: int) -> float:
    start = time.perf_counter()
    run()
    return games / (time.perf_counter() - start)


def _seats(names: list[str], players: int) -> list[str]:
    return [names[seat % len(names)] for seat in range(players)]


def play_rate(backend: str, game: Guerrilla, agents: list[str], games: int) -> float:
    """Games per second of ``cardwars.play`` on ``backend`` (one timed run)."""
    with using_backend(backend):
        return _rate(lambda: [cardwars.play(game, agents, seed=s) for s in range(games)], games)


def batch_rate(backend: str, game: Guerrilla, agents: list[str], games: int) -> float:
    """Games per second of the whole-game batch loop on ``backend`` (one timed run)."""
    with using_backend(backend):
        return _rate(lambda: run_batch(game, agents, 0, 0, games), games)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per play() measurement")
    parser.add_argument("--batch-games", type=int, default=100_000, help="games per batch run")
    parser.add_argument(
        "--agents", default="random", help="built-in agents cycled over the seats (random, greedy)"
    )
    args = parser.parse_args()
    names = args.agents.split(",")
    if any(name not in BATCH_AGENTS for name in names):
        raise SystemExit(f"--agents takes names from {sorted(BATCH_AGENTS)}, got {args.agents!r}")
    require_compiled()

    print(f"WAR: Guerrilla Tactics, agents {args.agents}, default rules ({cardwars.__version__})\n")
    print(
        "| setting | play() python | play() compiled | batch compiled "
        "| compiled / python play() | batch / compiled play() |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for players, two_suit in SETTINGS:
        label = f"{players} players" + (", two suits" if two_suit else "")
        game = Guerrilla(players, Rules(two_suit_variant=two_suit))
        agents = _seats(names, players)
        python = play_rate("python", game, agents, args.games)
        compiled = play_rate("compiled", game, agents, args.games)
        batch = batch_rate("compiled", game, agents, args.batch_games)
        print(
            f"| {label} | {python:,.0f} | {compiled:,.0f} | {batch:,.0f} "
            f"| {compiled / python:.2f}x | {batch / compiled:,.0f}x |"
        )


if __name__ == "__main__":
    main()
