"""Replay the long-game records, play a million random deals, and write the docs' figures.

Writes the fragment ``docs/_generated/beggar-my-neighbour.rst`` (the record deals replayed
under this plugin's counting, the run's longest games with their deals in record notation,
a summary of the lengths; the command, date, tree and load it ran with) and the figure
``docs/_static/beggar-my-neighbour-lengths.png`` (the distribution of game lengths)::

    PYTHONPATH=src:plugins/beggar-my-neighbour/src \\
        python plugins/beggar-my-neighbour/scripts/million_deals.py            # 1,000,000 deals
    ... million_deals.py --games 100000 --out /tmp/x   # elsewhere, fewer

Game ``k`` is dealt from ``derive_seed(SEED, k)``: every figure can be played again.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from array import array
from collections import Counter
from pathlib import Path

import cardwars
from cardwars.authoring import derive_seed

from beggar_my_neighbour import BeggarMyNeighbour, _backend

ROOT = Path(__file__).resolve().parents[3]
SEED = 2026
CHUNK = 50_000
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.records_list import NON_TERMINATING, RECORDS  # noqa: E402


def tree() -> str:
    """The commit the run came from, ``+`` when the work tree had changes."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except OSError:
        return "unknown"
    return (head or "unknown") + ("+" if dirty else "")


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    lines = [".. list-table::", "   :header-rows: 1", ""]
    for row in [header, *rows]:
        lines.append(f"   * - {row[0]}")
        lines.extend(f"     - {cell}" for cell in row[1:])
    return lines


def records() -> list[str]:
    game = BeggarMyNeighbour()
    rows = []
    for name, hand0, hand1, cards, tricks in RECORDS:
        out = game.play_hands(hand0, hand1)
        rows.append(
            [
                name,
                f"``{hand0}`` / ``{hand1}``",
                f"{cards:,} / {tricks:,}",
                f"{out.cards:,} / {out.tricks:,}",
                f"{out.cards - cards:+d} / {out.tricks - tricks:+d}",
                f"P{out.winner}",
            ]
        )
    out = game.play_hands(*NON_TERMINATING)
    rows.append(
        [
            "Casella 2024",
            f"``{NON_TERMINATING[0]}`` / ``{NON_TERMINATING[1]}``",
            "never ends",
            f"{out.cards:,} / {out.tricks:,}",
            f"a cycle of {out.cycle} tricks",
            "none",
        ]
    )
    return table(
        ["found by", "hands (P0 / P1, top first)", "published cards / tricks",
         "this engine: cards / tricks", "difference", "winner"],
        rows,
    )  # fmt: skip


def run(games: int) -> tuple[array[int], array[int], array[int], float]:
    game = BeggarMyNeighbour()
    tricks, cards, cycles = array("q"), array("q"), array("q")
    start = time.perf_counter()
    for first in range(0, games, CHUNK):
        cols = game.run_batch(("random", "random"), SEED, first, min(CHUNK, games - first))
        tricks.extend(cols["length"])
        cards.extend(cols["cards"])
        cycles.extend(cols["cycle"])
    return tricks, cards, cycles, time.perf_counter() - start


def plot(tricks: array[int], cards: array[int], path: Path, games: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
    for ax, values, unit, width in ((axes[0], cards, "cards", 20), (axes[1], tricks, "tricks", 3)):
        counts = Counter(v // width for v in values)
        xs = sorted(counts)
        ax.bar([x * width for x in xs], [counts[x] for x in xs], width=width, align="edge")
        ax.set_yscale("log")
        ax.set_xlabel(f"{unit} played (bins of {width})")
        ax.set_ylabel("games")
        ax.axvline(statistics.fmean(values), color="black", linewidth=0.8, linestyle="--")
    fig.suptitle(f"Beggar-my-neighbour: lengths of {games:,} random deals (dashed: the mean)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="the docs directory")
    parser.add_argument("--top", type=int, default=5, help="longest games listed")
    args = parser.parse_args()
    compiled = not str(_backend.rules("tricks").__file__).endswith(".py")
    source = tree()  # before this run writes its files
    load_before = os.getloadavg()
    tricks, cards, cycles, seconds = run(args.games)
    load_after = os.getloadavg()
    game = BeggarMyNeighbour()
    longest = sorted(range(args.games), key=lambda k: (-cards[k], k))[: args.top]
    rows = []
    for k in longest:
        state = game.new_game(seed=derive_seed(SEED, k))
        hand0, hand1 = state.notation
        rows.append([f"{k:,}", f"{cards[k]:,}", f"{tricks[k]:,}", f"``{hand0}`` / ``{hand1}``"])
    figure = args.out / "_static" / "beggar-my-neighbour-lengths.png"
    plot(tricks, cards, figure, args.games)
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    lines = [
        ".. Generated by plugins/beggar-my-neighbour/scripts/million_deals.py; do not edit.",
        "",
        f"Generated by ``python plugins/beggar-my-neighbour/scripts/million_deals.py"
        f"{'' if args.games == 1_000_000 else f' --games {args.games}'}`` on {when} from tree "
        f"{source} (cardwars {cardwars.__version__}, the plugin "
        f"{'compiled' if compiled else 'interpreted'}), Python {platform.python_version()} on "
        f"{platform.system()}, {os.cpu_count()} CPUs, one worker; load average (1, 5, 15 min) "
        f"{', '.join(f'{x:.2f}' for x in load_before)} before, "
        f"{', '.join(f'{x:.2f}' for x in load_after)} after.",
        "",
        "**The record deals, replayed.**",
        "",
        *records(),
        "",
        f"**{args.games:,} random deals** (game *k* dealt from ``derive_seed({SEED}, k)``), "
        f"played in {seconds:.1f} s: a mean of {statistics.fmean(cards):.1f} cards and "
        f"{statistics.fmean(tricks):.1f} tricks a game, a median of "
        f"{statistics.median(cards):.0f} cards; {sum(1 for c in cycles if c):,} "
        "ended in a cycle. The longest games:",
        "",
        *table(["game *k*", "cards", "tricks", "hands (P0 / P1, top first)"], rows),
        "",
    ]
    fragment = args.out / "_generated" / "beggar-my-neighbour.rst"
    fragment.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))
    print(f"wrote {fragment} and {figure}")


if __name__ == "__main__":
    main()
