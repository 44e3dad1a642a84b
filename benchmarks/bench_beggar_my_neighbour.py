"""Beggar-my-neighbour's batch ``simulate`` (one worker) beside a plain C implementation.

The game is the plugin of ``plugins/beggar-my-neighbour`` (built in place:
``cd plugins/beggar-my-neighbour && python setup.py build_ext --inplace``, or installed).
The peer is ``benchmarks/peers/beggar_my_neighbour.c``: the same rules written as a C
programmer would, without the engine's code, with the same RNG, deal and cycle detection.
This script compiles it (``gcc -O3``, as the extensions are compiled), checks that it plays
exactly the games the plugin plays (tricks, cards, cycle, winner and termination of the
first games), then times both on the same deals, alternating, and prints the median of
``C time / cardwars time`` (1.0: as fast as plain C; the goal is 0.8 or more)::

    PYTHONPATH=src:plugins/beggar-my-neighbour/src python benchmarks/bench_beggar_my_neighbour.py
    ... --games 1000000 --rounds 7 --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import harness

import cardwars

PEER = Path(__file__).resolve().parent / "peers" / "beggar_my_neighbour.c"
COLUMNS = ("length", "cards", "cycle", "winner", "termination")


def game() -> cardwars.Game:  # type: ignore[type-arg]
    """The plugin's game, compiled (exit with a hint otherwise)."""
    try:
        from beggar_my_neighbour import BeggarMyNeighbour, _backend
    except ImportError:
        sys.exit("the plugin is not importable: PYTHONPATH=...:plugins/beggar-my-neighbour/src")
    if str(_backend.rules("tricks").__file__).endswith(".py"):
        sys.exit("the plugin runs interpreted: build it (python setup.py build_ext --inplace)")
    return BeggarMyNeighbour()


def build(out: Path) -> Path:
    """Compile the peer; exit with a hint where there is no C compiler."""
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        sys.exit("no C compiler (gcc or cc) on PATH: the plain C peer cannot be built")
    binary = out / "beggar_my_neighbour"
    subprocess.run([cc, "-O3", "-o", str(binary), str(PEER)], check=True)
    return binary


def check(binary: Path, games: int) -> None:
    """Exit unless the peer plays games 0..games-1 exactly as the plugin does."""
    dump = subprocess.run(
        [str(binary), str(games), str(harness.SEED), "--dump"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    peer = [tuple(int(x) for x in dump[i : i + 5]) for i in range(0, len(dump), 5)]
    cols = game().run_batch(("random", "random"), harness.SEED, 0, games)
    ours = list(zip(*(cols[name] for name in COLUMNS), strict=True))
    if peer != ours:
        first = next(i for i, (a, b) in enumerate(zip(peer, ours, strict=False)) if a != b)
        sys.exit(
            f"the peer disagrees with the plugin at game {first}: {peer[first]} != {ours[first]}"
        )


def peer_seconds(binary: Path, games: int) -> float:
    out = subprocess.run(
        [str(binary), str(games), str(harness.SEED)], capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[0])


def cardwars_seconds(games: int) -> float:
    the_game = game()
    start = time.perf_counter()
    cardwars.simulate(the_game, ["random", "random"], games=games, seed=harness.SEED, workers=1)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300_000, help="games per timing")
    parser.add_argument("--rounds", type=int, default=5, help="alternating pairs of timings")
    parser.add_argument("--check", type=int, default=5_000, help="games compared game by game")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    harness.require_compiled()
    with tempfile.TemporaryDirectory() as tmp:
        binary = build(Path(tmp))
        check(binary, args.check)
        cardwars_seconds(min(args.games, 20_000))  # warm up
        peer, ours = [], []
        for _ in range(args.rounds):
            peer.append(peer_seconds(binary, args.games))
            ours.append(cardwars_seconds(args.games))
    ratio = statistics.median(p / o for p, o in zip(peer, ours, strict=True))
    print(
        f"cardwars {cardwars.__version__} ({cardwars.BACKEND}), {args.games:,} games, "
        f"{args.rounds} rounds, load average {os.getloadavg()[0]:.2f}"
    )
    print("| plain C (games/s) | plugin simulate, 1 worker (games/s) | C time / plugin time |")
    print("|---:|---:|---:|")
    print(
        f"| {args.games / statistics.median(peer):,.0f} "
        f"| {args.games / statistics.median(ours):,.0f} | {ratio:.3f} |"
    )
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {
                    "date": time.strftime("%Y-%m-%d %H:%M"),
                    "games": args.games,
                    "peer": peer,
                    "cardwars": ours,
                    "ratio": ratio,
                },
                indent=1,
            )
        )


if __name__ == "__main__":
    main()
