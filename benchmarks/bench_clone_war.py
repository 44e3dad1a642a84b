"""Clone War speed: games per second for 2 and 4 players, printed as a Markdown table.

Run from the repository root after building the extension::

    python benchmarks/bench_clone_war.py            # about ten seconds
    python benchmarks/bench_clone_war.py --quick    # a rough look in a second or two

Three ways to play the same games (game k dealt from ``derive_seed(seed, k)``):

* the compiled batch loop ``whole_game.clone_war_batch`` (nogil, C objects);
* the state machine (``State.apply({})`` once per battle, typed events) on the
  compiled rule modules;
* the same state machine on the same rule modules interpreted.

All figures come from one run, so the ratios compare like with like; each is
the best of a few repetitions to shave off noise from other processes.
``run.py`` runs the whole suite, every game.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from harness import SEED, measure_fixed, require_compiled, using_backend

from cardwars import backend as _backend
from cardwars.clone_war import CloneWar
from cardwars.clone_war.game import WHOLE_GAME


def best_rate(run: Callable[[int], int], games: int, repeats: int) -> float:
    """Games per second of ``run(games)``, best of ``repeats``."""
    return measure_fixed(run, games, repeats=repeats).rate


def batch(players: int) -> Callable[[int], int]:
    """``run(n)``: games 0..n-1 in the compiled batch loop ``whole_game.clone_war_batch``."""

    def run(games: int) -> int:
        with using_backend("compiled"):
            WHOLE_GAME.module.clone_war_batch(SEED, 0, games, players)
        return games

    return run


def state_machine(players: int, backend: str) -> Callable[[int], int]:
    """``run(n)``: games 0..n-1 stepped with ``State.apply({})`` on ``backend``'s rule modules."""

    def run(games: int) -> int:
        with using_backend(backend):
            game = CloneWar(players=players)
            derive = _backend.core.derive_seed
            for k in range(games):
                state = game.new_game(derive(SEED, k))
                apply = state.apply
                while not state.is_over:
                    apply({})
        return games

    return run


def table(scale: float, repeats: int) -> list[str]:
    """The Markdown table, one row per player count."""
    lines = [
        "| players | compiled batch | state machine, compiled | state machine, interpreted build "
        "| batch / pure SM | batch / compiled SM | compiled SM / pure SM |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for players in (2, 4):
        rate_batch = best_rate(batch(players), int(400_000 * scale), repeats)
        rate_sm = best_rate(state_machine(players, "compiled"), int(2_000 * scale), repeats)
        rate_interpreted = best_rate(state_machine(players, "python"), int(400 * scale), repeats)
        lines.append(
            f"| {players} | {rate_batch:,.0f} games/s | {rate_sm:,.0f} games/s "
            f"| {rate_interpreted:,.0f} games/s | {rate_batch / rate_interpreted:,.0f}× "
            f"| {rate_batch / rate_sm:,.0f}× | {rate_sm / rate_interpreted:.1f}× |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repetitions")
    args = parser.parse_args()
    require_compiled()
    scale, repeats = (0.1, 2) if args.quick else (1.0, 3)
    print("\n".join(table(scale, repeats)))


if __name__ == "__main__":
    main()
