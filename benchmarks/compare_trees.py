"""Two source trees of cardwars side by side: the median speed ratio of each compiled measure.

Each measure runs in a fresh process per tree, the two trees alternating (before, after,
before, after, ...), so that load on a shared machine falls on both alike; each process
reports its best repetition, and the table gives, per measure, the median over the rounds of
``after / before`` (above 1: the after tree is faster), the lowest and highest of those
ratios (how far one round can stray on this machine), and the best round of the after tree
over the best of the before tree (outside load only ever slows a round down). Both trees
must be built in place (``python setup.py build_ext --inplace``). Only the public API is
used, so any two trees of the project compare::

    git worktree add ../before <commit> && (cd ../before && python setup.py build_ext --inplace)
    python benchmarks/compare_trees.py --before ../before/src --after src
    python benchmarks/compare_trees.py --before ../before/src --after src --only aliwar --rounds 7

The measures: the action loop (``apply_actions``), the front-end loop (observation, legal
moves, an agent, ``apply``), ``copy()`` of mid-game states, for every game and player count;
batch :func:`cardwars.simulate` (one worker) for every game and player count, with greedy
agents where a game has choices; the native vector env (``gymnasium.make_vec``, 64 tables);
and the ISMCTS agent's move time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

SEED = 2026

GAMES: dict[str, tuple[int, ...]] = {"aliwar": (2,), "clone-war": (2, 3, 4), "guerrilla": (2, 3, 4)}
"""The games and the player counts measured."""

VECTOR_IDS = {"aliwar": "cardwars/Aliwar-v0", "guerrilla": "cardwars/Guerrilla-v0"}


def measures() -> list[str]:
    """Every measure's name, ``kind:game:players``."""
    names = []
    for game, counts in GAMES.items():
        for players in counts:
            for kind in ("actions", "frontend", "copy", "simulate"):
                names.append(f"{kind}:{game}:{players}")
            if game != "clone-war":
                names.append(f"greedy:{game}:{players}")
    names += [f"vector:{game}:2" for game in VECTOR_IDS]
    names += ["ismcts:aliwar:2", "ismcts:guerrilla:2"]
    return names


# --- in the child process: one measure on the tree on its path ---------------------------------


def _best_rate(run: Callable[[int], int], target: float, repeats: int) -> float:
    """Units per second of the fastest of ``repeats`` runs sized to about ``target`` seconds."""
    count = 1
    while True:
        start = time.perf_counter()
        run(count)
        elapsed = time.perf_counter() - start
        if elapsed >= target / 4 or count >= 1 << 20:
            break
        count *= 2
    count = max(1, round(count * target / max(elapsed, 1e-9)))
    best = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        units = run(count)
        best = max(best, units / (time.perf_counter() - start))
    return best


def _runner(kind: str, name: str, players: int) -> Callable[[int], int]:
    import cardwars

    options: dict[str, Any] = {} if name == "aliwar" else {"players": players}
    game: Any = cardwars.load_game(name, **options)
    derive, rng = cardwars.derive_seed, cardwars.Rng(SEED)
    below = rng.below

    if kind == "actions":

        def run(count: int) -> int:
            games = count
            steps = 0
            for k in range(games):
                state = game.new_game(derive(SEED, k))
                while not state.is_over:
                    picks = {}
                    for seat in state.to_act:
                        legal = state.legal_actions(seat)
                        picks[seat] = legal[below(len(legal))]
                    state.apply_actions(picks)
                    steps += 1
            return steps

        return run
    if kind == "frontend":
        agent = cardwars.agents.RandomAgent()

        def run(count: int) -> int:
            games = count
            steps = 0
            for k in range(games):
                state = game.new_game(derive(SEED, k))
                rngs = [cardwars.Rng(derive(state.seed, 1 + s)) for s in range(game.players)]
                while not state.is_over:
                    moves = {
                        seat: agent.choose(
                            state.observation(seat), state.legal_moves(seat), rngs[seat]
                        )
                        for seat in sorted(state.to_act)
                    }
                    state.apply(moves)
                    steps += 1
            return steps

        return run
    if kind == "copy":
        states = []
        for k in range(64):
            state = game.new_game(derive(SEED, k))
            for _ in range(1 + below(40)):
                if state.is_over:
                    break
                picks = {}
                for seat in sorted(state.to_act):
                    legal = state.legal_actions(seat)
                    picks[seat] = legal[below(len(legal))]
                state.apply_actions(picks)
            states.append(state)

        def run(count: int) -> int:
            passes = count
            for _ in range(passes):
                for state in states:
                    state.copy()
            return passes * len(states)

        return run
    if kind in ("simulate", "greedy"):
        agents = ["random" if kind == "simulate" else "greedy"] * game.players

        def run(count: int) -> int:
            games = count
            cardwars.simulate(game, agents, games=games, seed=SEED, workers=1)
            return games

        return run
    if kind == "vector":
        import gymnasium
        import numpy as np

        import cardwars.envs.gymnasium

        envs: Any = gymnasium.make_vec(VECTOR_IDS[name], num_envs=64, opponent="random")
        generator = np.random.default_rng(SEED)
        envs.reset(seed=SEED)

        def run(count: int) -> int:
            for _ in range(count):
                envs.step(envs.sample_actions(generator))
            return count * 64

        return run
    if kind == "ismcts":
        agent = game.make_agent("ismcts")
        positions = []
        for k in range(8):
            state = game.new_game(derive(SEED, k))
            for _ in range(below(6)):
                if state.is_over:
                    break
                picks = {}
                for seat in sorted(state.to_act):
                    legal = state.legal_actions(seat)
                    picks[seat] = legal[below(len(legal))]
                state.apply_actions(picks)
            if not state.is_over:
                positions.append(state)

        def run(count: int) -> int:
            # Whole passes over the positions: moves differ in cost from one position to the
            # next, so a run that stopped part-way would weigh them differently on each tree.
            for _ in range(count):
                for i, state in enumerate(positions):
                    seat = min(state.to_act)
                    moves = state.legal_moves(seat)
                    agent.choose(state.observation(seat), moves, cardwars.Rng(i))
            return count * len(positions)

        return run
    raise SystemExit(f"unknown measure kind {kind!r}")


def child(measure: str, target: float, repeats: int) -> None:
    """Print ``{"rate": units per second}`` of ``measure`` on the tree this process imports."""
    kind, name, players = measure.split(":")
    rate = _best_rate(_runner(kind, name, int(players)), target, repeats)
    print(json.dumps({"rate": rate}))


# --- in the parent: alternate the trees, take the medians -------------------------------------


def _run_child(src: str, measure: str, target: float, repeats: int) -> float:
    env = {**os.environ, "PYTHONPATH": os.path.abspath(src), "CARDWARS_REQUIRE_EXTENSION": "1"}
    done = subprocess.run(
        [sys.executable, __file__, "--child", measure, "--target", str(target),
         "--repeats", str(repeats)],
        env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"{measure} failed on {src}:\n{done.stderr[-2000:]}")
    rate: float = json.loads(done.stdout.strip().splitlines()[-1])["rate"]
    return rate


def _commit(src: str) -> str:
    """The short commit of the checkout ``src`` is in, marked if its ``src/`` has changes."""

    def git(*args: str) -> str:
        done = subprocess.run(
            ["git", "-C", src, *args], capture_output=True, text=True, check=False
        )
        return done.stdout.strip() if done.returncode == 0 else ""

    commit = git("rev-parse", "--short", "HEAD") or "(not a git checkout)"
    return commit + (" (with uncommitted changes)" if git("status", "--porcelain", ".") else "")


def _load(load: tuple[float, float, float]) -> str:
    return ", ".join(f"{x:.2f}" for x in load)


def _rate(rate: float) -> str:
    """A rate for the table: one decimal below 100 (an ISMCTS move takes tens of ms)."""
    return f"{rate:,.0f}" if rate >= 100 else f"{rate:,.1f}"


def _spread(row: dict[str, Any]) -> tuple[float, float, float]:
    """The lowest and highest ``after / before`` of a measure's rounds, and its best round
    of the after tree over its best round of the before tree."""
    ratios = [a / b for a, b in zip(row["after"], row["before"], strict=True)]
    return min(ratios), max(ratios), max(row["after"]) / max(row["before"])


def _rst_table(header: str, rows: list[dict[str, Any]]) -> str:
    """The rows as a docs include: a list-table under the run's header line."""
    lines = [
        ".. Generated by benchmarks/compare_trees.py --rst; do not edit.",
        "",
        header,
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "   :stub-columns: 1",
        "",
        "   * - measure",
        "     - before (/s)",
        "     - after (/s)",
        "     - after / before (median)",
        "     - the rounds' range",
        "     - best / best",
    ]
    for row in rows:
        low, high, best = _spread(row)
        lines += [
            f"   * - ``{row['measure']}``",
            f"     - {_rate(statistics.median(row['before']))}",
            f"     - {_rate(statistics.median(row['after']))}",
            f"     - {row['ratio']:.3f}",
            f"     - {low:.2f} to {high:.2f}",
            f"     - {best:.3f}",
        ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="the src/ directory of the tree before")
    parser.add_argument("--after", default="src", help="the src/ directory of the tree after")
    parser.add_argument("--rounds", type=int, default=5, help="before/after pairs per measure")
    parser.add_argument("--target", type=float, default=0.3, help="seconds per repetition")
    parser.add_argument("--repeats", type=int, default=3, help="repetitions per process")
    parser.add_argument("--only", action="append", default=[], help="measures containing this")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--rst", help="also write the table as a docs include to this file")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.target, args.repeats)
        return
    if not args.before:
        parser.error("--before is required")
    chosen = [m for m in measures() if not args.only or any(o in m for o in args.only)]
    rows = []
    load_before, started = os.getloadavg(), time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print("| measure | before (/s) | after (/s) | after / before (median) | range | best / best |")
    print("|---|---:|---:|---:|---:|---:|")
    for measure in chosen:
        befores, afters = [], []
        for _ in range(args.rounds):
            befores.append(_run_child(args.before, measure, args.target, args.repeats))
            afters.append(_run_child(args.after, measure, args.target, args.repeats))
        ratio = statistics.median(a / b for a, b in zip(afters, befores, strict=True))
        before, after = statistics.median(befores), statistics.median(afters)
        rows.append({"measure": measure, "before": befores, "after": afters, "ratio": ratio})
        low, high, best = _spread(rows[-1])
        print(
            f"| {measure} | {_rate(before)} | {_rate(after)} | {ratio:.3f} "
            f"| {low:.2f}-{high:.2f} | {best:.3f} |",
            flush=True,
        )
    if args.rst:
        header = (
            f"Generated by ``python benchmarks/compare_trees.py --rounds {args.rounds} --rst ...`` "
            f"on {started}: before = tree {_commit(args.before)}, after = tree "
            f"{_commit(args.after)}; load average (1, 5, 15 min) {_load(load_before)} before, "
            f"{_load(os.getloadavg())} after; the median over {args.rounds} rounds of each "
            f"tree's best of {args.repeats} repetitions of about {args.target} s."
        )
        with open(args.rst, "w", encoding="utf-8") as out:
            out.write(_rst_table(header, rows))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(
                {"date": time.strftime("%Y-%m-%d %H:%M"), "load": os.getloadavg(), "rows": rows},
                out,
                indent=1,
            )


if __name__ == "__main__":
    main()
