"""Clone War speed: games per second for 2 and 4 players, printed as a Markdown table.

Run from the repository root after building the extension::

    python benchmarks/bench_clone_war.py            # about ten seconds
    python benchmarks/bench_clone_war.py --quick    # a rough look in a second or two

Three ways to play the same games (game k dealt from ``derive_seed(seed, k)``):

* the compiled batch loop ``_core.clone_war_batch`` (nogil, C structs);
* the state machine (``State.apply({})`` once per battle, typed events) on the
  compiled kernels;
* the same state machine on the pure-Python twin kernels.

All figures come from one run, so the ratios compare like with like; each is
the best of a few repetitions to shave off noise from other processes.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from collections.abc import Callable
from pathlib import Path

if importlib.util.find_spec("cardwars") is None:  # a source checkout, built in place
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cardwars import _kernels, _reference
from cardwars.clone_war import CloneWar

try:
    from cardwars import _core
except ImportError:  # pragma: no cover
    sys.exit("the compiled core is not built: python setup.py build_ext --inplace")

SEED = 0


def best_rate(run: Callable[[int], None], games: int, repeats: int) -> float:
    """Games per second of ``run(games)``, best of ``repeats``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run(games)
        best = min(best, time.perf_counter() - start)
    return games / best


def batch(players: int) -> Callable[[int], None]:
    def run(games: int) -> None:
        _core.clone_war_batch(SEED, 0, games, players)

    return run


def state_machine(players: int, kernels: object) -> Callable[[int], None]:
    def run(games: int) -> None:
        saved = _kernels.kernels
        _kernels.kernels = kernels  # type: ignore[assignment]
        try:
            game = CloneWar(players=players)
            derive = _core.derive_seed
            for k in range(games):
                state = game.new_game(derive(SEED, k))
                apply = state.apply
                while not state.is_over:
                    apply({})
        finally:
            _kernels.kernels = saved

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repetitions")
    args = parser.parse_args()
    scale, repeats = (0.1, 2) if args.quick else (1.0, 3)
    rows = []
    for players in (2, 4):
        rate_batch = best_rate(batch(players), int(400_000 * scale), repeats)
        rate_sm = best_rate(state_machine(players, _core), int(2_000 * scale), repeats)
        rate_twin = best_rate(state_machine(players, _reference), int(400 * scale), repeats)
        rows.append((players, rate_batch, rate_sm, rate_twin))
    print(
        "| players | compiled batch | state machine, compiled | state machine, pure twin "
        "| batch / pure SM | batch / compiled SM | compiled SM / pure SM |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for players, rate_batch, rate_sm, rate_twin in rows:
        print(
            f"| {players} | {rate_batch:,.0f} games/s | {rate_sm:,.0f} games/s "
            f"| {rate_twin:,.0f} games/s | {rate_batch / rate_twin:,.0f}× "
            f"| {rate_batch / rate_sm:,.0f}× | {rate_sm / rate_twin:.1f}× |"
        )


if __name__ == "__main__":
    main()
