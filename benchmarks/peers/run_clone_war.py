"""Time cardwars's Clone War batch beside a plain C program of the same rules.

Compiles ``benchmarks/peers/clone_war.c`` with ``gcc -O3``, checks that it plays the
very games cardwars plays (same deals, same cycle checks: the totals of battles, wars,
draws and wins agree), then times both on the same games, best of a few rounds, in CPU
time (the machine may be shared)::

    PYTHONPATH=src python benchmarks/peers/run_clone_war.py [--games 200000]

For each player count it prints the C program's time, ``cardwars.simulate`` with one
worker (the batch loop behind it) and the ratio C / cardwars (1.0: as fast as C).
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path

import cardwars
from cardwars import backend
from cardwars.clone_war import CloneWar
from cardwars.clone_war.game import WHOLE_GAME

SEED = 2026
SOURCE = Path(__file__).with_name("clone_war.c")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_peer(program: Path, games: int, players: int) -> tuple[float, list[int]]:
    """The C program's CPU time and its totals."""
    before = children_cpu()
    out = subprocess.run(
        [str(program), str(SEED), str(games), str(players)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return children_cpu() - before, [int(word) for word in out.split()]


def cardwars_totals(games: int, players: int) -> list[int]:
    """The same totals from cardwars's batch loop."""
    columns = WHOLE_GAME.module.clone_war_batch(SEED, 0, games, players)
    winners = Counter(columns["winner"])
    return [
        games,
        sum(columns["length"]),
        sum(columns["wars"]),
        winners[-1],
        *(winners[s] for s in range(players)),
    ]


def run_cardwars(games: int, players: int) -> float:
    """CPU time of ``cardwars.simulate`` (one worker) over the same games."""
    game = CloneWar(players=players)
    start = time.process_time()
    cardwars.simulate(game, ["greedy"] * players, games=games, seed=SEED)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    backend.use_backend("compiled")
    with tempfile.TemporaryDirectory() as folder:
        program = Path(folder) / "clone_war"
        subprocess.run(["gcc", "-O3", "-o", str(program), str(SOURCE)], check=True)
        print("| players | C (gcc -O3) | cardwars.simulate, 1 worker | C / cardwars |")
        print("|---:|---:|---:|---:|")
        for players in (2, 3, 4):
            _, totals = run_peer(program, 2_000, players)
            expected = cardwars_totals(2_000, players)
            assert totals == expected, f"{players} players: C {totals}, cardwars {expected}"
            peer = min(run_peer(program, args.games, players)[0] for _ in range(args.rounds))
            ours = min(run_cardwars(args.games, players) for _ in range(args.rounds))
            print(f"| {players} | {peer:.3f} s | {ours:.3f} s | {peer / ours:.2f} |", flush=True)


if __name__ == "__main__":
    main()
