"""Clone War's batch ``simulate`` (one worker) beside a plain C implementation of the same rules.

The peer is ``benchmarks/peers/clone_war.c``: Clone War's default rules written as a C
programmer would, without the engine's code, with the same RNG, deal and cycle detection.
This script compiles it (``gcc -O3``, as the extensions are compiled), checks that it plays
exactly the games cardwars plays (battles, wars, winner and termination of the first games
of each player count), then times both on the same deals, alternating, and prints the median
of ``C time / cardwars time`` per player count (1.0: as fast as plain C; above: faster)::

    python benchmarks/bench_plain_c.py                   # 2, 3, 4 players, 5 rounds
    python benchmarks/bench_plain_c.py --games 200000 --rounds 7 --json out.json
    python benchmarks/bench_plain_c.py --docs            # and docs/_generated/plain_c.rst
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import harness

import cardwars
from cardwars.clone_war import CloneWar

PEER = Path(__file__).resolve().parent / "peers" / "clone_war.c"


def compiler() -> str:
    """The C compiler the peer is built with; exit with a hint where there is none."""
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        sys.exit("no C compiler (gcc or cc) on PATH: the plain C peer cannot be built")
    return cc


def build(out: Path) -> Path:
    """Compile the peer."""
    cc = compiler()
    binary = out / "clone_war"
    subprocess.run([cc, "-O3", "-o", str(binary), str(PEER)], check=True)
    return binary


def check(binary: Path, players: int, games: int) -> None:
    """Exit unless the peer plays games 0..games-1 exactly as cardwars does."""
    dump = subprocess.run(
        [str(binary), str(players), str(games), str(harness.SEED), "--dump"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    peer = [tuple(int(x) for x in dump[i : i + 4]) for i in range(0, len(dump), 4)]
    cols = CloneWar(players=players).run_batch(("random",) * players, harness.SEED, 0, games)
    ours = list(zip(cols["length"], cols["wars"], cols["winner"], cols["termination"], strict=True))
    if peer != ours:
        first = next(i for i, (a, b) in enumerate(zip(peer, ours, strict=False)) if a != b)
        sys.exit(
            f"the peer disagrees with cardwars at game {first}: {peer[first]} != {ours[first]}"
        )


def peer_seconds(binary: Path, players: int, games: int) -> float:
    out = subprocess.run(
        [str(binary), str(players), str(games), str(harness.SEED)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return float(out[0])


def cardwars_seconds(players: int, games: int) -> float:
    game = CloneWar(players=players)
    start = time.perf_counter()
    cardwars.simulate(game, ["random"] * players, games=games, seed=harness.SEED, workers=1)
    return time.perf_counter() - start


def write_docs(
    args: argparse.Namespace, rows: list[dict[str, Any]], started: str, load_before: str
) -> None:
    """The table as ``docs/_generated/plain_c.rst``, under the run's provenance."""
    command = "python benchmarks/bench_plain_c.py --docs"
    if (args.games, args.rounds) != (100_000, 5):
        command += f" --games {args.games} --rounds {args.rounds}"
    settings = (
        f"{args.games:,} games a timing, the median of {args.rounds} alternating pairs; "
        f"the peer compiled with {Path(compiler()).name} -O3 and checked "
        f"against cardwars over the first {args.check:,} games of each player count"
    )
    header = [
        "players",
        "plain C (games/s)",
        "``simulate``, one worker (games/s)",
        "C time / cardwars time (median)",
    ]
    table = [
        [
            str(row["players"]),
            harness.fmt_rate(args.games / statistics.median(row["peer"])),
            harness.fmt_rate(args.games / statistics.median(row["cardwars"])),
            f"{row['ratio']:.3f}",
        ]
        for row in rows
    ]
    harness.write_docs(
        "plain_c",
        "\n\n".join(
            [
                harness.provenance(command, started, load_before, settings),
                harness.rst_table(header, table, "Clone War, whole games per second"),
            ]
        ),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="games per timing")
    parser.add_argument("--rounds", type=int, default=5, help="alternating pairs of timings")
    parser.add_argument("--check", type=int, default=2_000, help="games compared game by game")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument(
        "--docs", action="store_true", help="also write docs/_generated/plain_c.rst (its table)"
    )
    args = parser.parse_args()
    harness.require_compiled()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load_before = harness.load_average()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        binary = build(Path(tmp))
        print(f"cardwars {cardwars.__version__} ({cardwars.BACKEND}), {args.games:,} games")
        print(
            "| players | plain C (games/s) | cardwars simulate (games/s) | C time / cardwars time |"
        )
        print("|---:|---:|---:|---:|")
        for players in (2, 3, 4):
            check(binary, players, args.check)
            cardwars_seconds(players, min(args.games, 10_000))  # warm up
            peer, ours = [], []
            for _ in range(args.rounds):
                peer.append(peer_seconds(binary, players, args.games))
                ours.append(cardwars_seconds(players, args.games))
            ratio = statistics.median(p / o for p, o in zip(peer, ours, strict=True))
            rate_c = args.games / statistics.median(peer)
            rate_ours = args.games / statistics.median(ours)
            rows.append({"players": players, "peer": peer, "cardwars": ours, "ratio": ratio})
            print(f"| {players} | {rate_c:,.0f} | {rate_ours:,.0f} | {ratio:.3f} |", flush=True)
    if args.docs:
        write_docs(args, rows, started, load_before)
    if args.json:
        Path(args.json).write_text(
            json.dumps({"date": time.strftime("%Y-%m-%d %H:%M"), "rows": rows}, indent=1)
        )


if __name__ == "__main__":
    main()
