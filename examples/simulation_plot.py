"""Simulate every game at scale and draw one figure (notebook-style script).

Run:  python examples/simulation_plot.py [OUT.png] [GAMES]

Needs matplotlib (pip install "cardwars[plot]"). Game k of each batch is dealt
from derive_seed(seed, k), so the figure is the same on every machine.
"""

from __future__ import annotations

import sys
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

import cardwars

# %% Which batches to run: (title, game, agents); all built in, so the compiled loops run.
out = sys.argv[1] if len(sys.argv) > 1 else "cardwars-simulation.png"
games = int(sys.argv[2]) if len(sys.argv) > 2 else 20_000
batches = [
    ("Aliwar, random vs random", cardwars.load_game("aliwar"), ["random", "random"]),
    ("Aliwar, greedy vs random", cardwars.load_game("aliwar"), ["greedy", "random"]),
    ("Clone War, 2 players", cardwars.load_game("clone-war", players=2), ["random"] * 2),
    ("Clone War, 4 players", cardwars.load_game("clone-war", players=4), ["random"] * 4),
    ("Guerrilla, 2 players", cardwars.load_game("guerrilla", players=2), ["random"] * 2),
    (
        "Guerrilla, greedy vs random",
        cardwars.load_game("guerrilla", players=2),
        ["greedy", "random"],
    ),
]

# %% Simulate.
reports = []
for title, game, agents in batches:
    start = time.perf_counter()
    report = cardwars.simulate(game, agents, games=games, seed=2026)
    seconds = time.perf_counter() - start
    reports.append((title, report))
    print(f"{title:<30} {games / seconds:>12,.0f} games/s   mean length {report.length.mean:6.1f}")

# %% One panel per batch: the length histogram, with seat win rates in the legend.
fig, axes = plt.subplots(2, 3, figsize=(14, 7.5))
for ax, (title, report) in zip(axes.flat, reports, strict=True):
    hist = report.length.histogram
    ax.bar(
        [lo for lo, _, _ in hist],
        [c for _, _, c in hist],
        width=[hi - lo for lo, hi, _ in hist],
        align="edge",
        color="#4c72b0",
    )
    rates = ", ".join(f"seat {s}: {r:.0%}" for s, r in enumerate(report.win_rates))
    ax.set_title(f"{title}\n{rates}", fontsize=9)
    ax.set_xlabel("game length")
fig.suptitle(f"cardwars: {games:,} games per batch")
fig.tight_layout()
fig.savefig(out, dpi=100)
print(f"figure written to {out}")
