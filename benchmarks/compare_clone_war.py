"""Clone War's compiled measures in this process's tree, for before/after comparisons.

Run it alternately against two trees (several rounds) and compare the medians::

    PYTHONPATH=/work/wt-before/src python benchmarks/compare_clone_war.py
    PYTHONPATH=src python benchmarks/compare_clone_war.py

Each line is ``name seconds`` (CPU time, the best of seven repetitions: the machine is
shared): the action loop (``State.apply_actions({})``), the front-end loop with events
(``State.apply({})``), ``State.copy()``, and the batch ``simulate`` (one worker) for 2, 3
and 4 players.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import cardwars
from cardwars import backend
from cardwars.clone_war import CloneWar

GAMES = 300


def best(run: Callable[[], object], repeats: int = 7) -> float:
    """The fastest of ``repeats`` timings of ``run()``, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def action_loop() -> None:
    game = CloneWar(players=3)
    for k in range(GAMES):
        state = game.new_game(k)
        step = state.apply_actions
        while not state.is_over:
            step({})


def front_end_loop() -> None:
    game = CloneWar(players=3)
    for k in range(GAMES // 3):
        state = game.new_game(k)
        apply = state.apply
        while not state.is_over:
            apply({})


def copies() -> None:
    state = CloneWar(players=3).new_game(5)
    for _ in range(5):
        state.apply({})
    copy = state.copy
    for _ in range(100_000):
        copy()


def simulate(players: int) -> Callable[[], object]:
    def run() -> object:
        return cardwars.simulate(
            CloneWar(players=players), ["greedy"] * players, games=100_000, seed=3
        )

    return run


def main() -> None:
    backend.use_backend("compiled")
    measures: list[tuple[str, Callable[[], object]]] = [
        ("action_loop", action_loop),
        ("front_end_loop", front_end_loop),
        ("copy", copies),
        *((f"simulate_{n}p", simulate(n)) for n in (2, 3, 4)),
    ]
    only = set(sys.argv[1:])
    for name, run in measures:
        if not only or name in only:
            print(name, f"{best(run):.4f}", flush=True)


if __name__ == "__main__":
    main()
