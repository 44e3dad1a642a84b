"""Env steps per second of the native vector env beside Pgx and Gymnasium's SyncVectorEnv.

Run ``python benchmarks/bench_vector.py [--num-envs N] [--seconds S] [--repeats R]
[--json FILE]`` (needs the ``gymnasium`` extra; the Pgx anchor needs the ``bench`` extra,
``pip install "cardwars[bench]"``, which brings Pgx and JAX; without them the Pgx rows
are left out and the script says so). One *env step* is one table advanced by one
step, so a ``step()`` of N tables counts N. Every side plays uniformly random legal
actions drawn in bulk, N at a time:

* **cardwars** (``gymnasium.make_vec("cardwars/...-v0", num_envs=N, opponent="random")``,
  the default ``copy=True``, next-step autoreset): ``envs.sample_actions(rng)`` (the
  draw in the core) then ``envs.step(actions)``; a second row draws the actions in
  NumPy from ``info["action_mask"]`` instead (one uniform key per legal action, the
  row's argmax: the cost a policy's masked draw pays over 277 or 2,968 actions).
* **Pgx** ``pgx.make("leduc_holdem")``: ``jax.jit`` of one function that draws the
  actions (``jax.random.categorical`` over the legal-action mask) and steps
  ``jax.vmap(pgx.experimental.auto_reset(env.step, env.init))``, on the CPU, the
  result awaited (``block_until_ready``) at the end of each timed run.
* **Gymnasium SyncVectorEnv** over the single-table env (``vectorization_mode="sync"``),
  the actions drawn in NumPy as in the second cardwars row.

The runners are calibrated to about ``S`` seconds each, then timed ``R`` times in
interleaved rounds (each round runs every side once, so outside load hits all alike);
every figure is the best of its ``R`` runs. The targets of issue 26 are at least 1.0x
Pgx and at least 20x SyncVectorEnv. A second table says where the native env's time
goes. Nothing is asserted.
"""

from __future__ import annotations

import os

# Nothing here multiplies matrices: keep OpenBLAS's idle threads (NumPy's) off the CPUs
# that the envs' threads and XLA's use.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import datetime
import importlib.util
import json
import time
from collections.abc import Callable
from typing import Any

import harness  # puts src/ on the path in a source checkout
import numpy as np

GAMES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("Aliwar", "aliwar", {}),
    ("Guerrilla, 2 players", "guerrilla", {"players": 2}),
    ("Guerrilla, 4 players", "guerrilla", {"players": 4}),
)
ENV_IDS = {"aliwar": "cardwars/Aliwar-v0", "guerrilla": "cardwars/Guerrilla-v0"}
PGX_TARGET = 1.0
SYNC_TARGET = 20.0


def numpy_draw(rng: np.random.Generator, masks: Any) -> Any:
    """One uniformly drawn legal action per row of ``masks`` (a key per legal action)."""
    keys = rng.random(masks.shape, dtype=np.float32)
    keys[masks == 0] = -1.0
    return keys.argmax(axis=1)


def native_runner(game: str, options: dict[str, Any], n: int, core_draw: bool) -> Any:
    import gymnasium

    import cardwars.envs.gymnasium  # noqa: F401  (registers the ids)

    envs = gymnasium.make_vec(ENV_IDS[game], num_envs=n, opponent="random", **options)
    rng = np.random.default_rng(harness.SEED)
    state: dict[str, Any] = {}
    _, state["info"] = envs.reset(seed=harness.SEED)

    def run(count: int) -> int:
        info = state["info"]
        for _ in range(count):
            if core_draw:
                actions = envs.sample_actions(rng)  # type: ignore[attr-defined]
            else:
                actions = numpy_draw(rng, info["action_mask"])
            info = envs.step(actions)[4]
        state["info"] = info
        return count * n

    return run


def sync_runner(game: str, options: dict[str, Any], n: int) -> Callable[[int], int]:
    import gymnasium

    import cardwars.envs.gymnasium  # noqa: F401  (registers the ids)

    envs = gymnasium.make_vec(
        ENV_IDS[game], num_envs=n, vectorization_mode="sync", opponent="random", **options
    )
    rng = np.random.default_rng(harness.SEED)
    state: dict[str, Any] = {}
    _, state["info"] = envs.reset(seed=harness.SEED)

    def run(count: int) -> int:
        info = state["info"]
        for _ in range(count):
            info = envs.step(numpy_draw(rng, info["action_mask"]))[4]
        state["info"] = info
        return count * n

    return run


def pgx_runner(n: int) -> Callable[[int], int] | None:
    """Pgx's leduc_holdem, ``n`` tables vmapped and jitted with auto-reset (None without Pgx)."""
    if importlib.util.find_spec("pgx") is None:
        return None
    import jax
    import jax.numpy as jnp
    import pgx
    from pgx.experimental import auto_reset

    env = pgx.make("leduc_holdem")
    init = jax.jit(jax.vmap(env.init))
    step = jax.vmap(auto_reset(env.step, env.init))

    @jax.jit
    def advance(state: Any, key: Any) -> tuple[Any, Any]:
        key, draw, reset = jax.random.split(key, 3)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        actions = jax.random.categorical(draw, logits, axis=-1)
        return step(state, actions, jax.random.split(reset, n)), key

    key = jax.random.PRNGKey(harness.SEED)
    holder: dict[str, Any] = {"state": init(jax.random.split(key, n)), "key": key}
    jax.block_until_ready(advance(holder["state"], key))  # compile before any timing

    def run(count: int) -> int:
        state, key = holder["state"], holder["key"]
        for _ in range(count):
            state, key = advance(state, key)
        jax.block_until_ready(state)
        holder["state"], holder["key"] = state, key
        return count * n

    return run


def breakdown(game: str, options: dict[str, Any], n: int, repeats: int) -> dict[str, float]:
    """Microseconds per ``step()`` of N tables, each step's actions drawn fresh by
    ``sample_actions``: the core's call alone (into the env's own blocks), the env's step
    with its own blocks (``copy=False``) and with new ones (``copy=True``, the default),
    and the draw itself; one thread and the default threads."""
    from cardwars.envs.vector import CardwarsVectorEnv

    steps = 50
    out: dict[str, float] = {}
    rng = np.random.default_rng(harness.SEED)
    flags = [np.zeros(n, np.int8) for _ in range(3)]
    for threads in (1, None):
        for mode in ("core call alone", "step, copy=False", "step, copy=True"):
            envs = CardwarsVectorEnv(
                n, game, "random", copy=mode.endswith("True"), threads=threads, **options
            )
            envs.reset(seed=harness.SEED)
            tables, blocks = envs._tables, envs._blocks
            best_step = best_draw = float("inf")
            for _ in range(repeats):
                drawing = stepping = 0.0
                for _ in range(steps):
                    started = time.perf_counter()
                    actions = envs.sample_actions(rng)
                    drawn = time.perf_counter()
                    if mode == "core call alone":
                        tables.step(actions, blocks[0], blocks[1], blocks[2], *flags, False)
                    else:
                        envs.step(actions)
                    stepping += time.perf_counter() - drawn
                    drawing += drawn - started
                best_step = min(best_step, stepping / steps)
                best_draw = min(best_draw, drawing / steps)
            suffix = "" if threads == 1 else f", {envs.threads} threads"
            out[mode + suffix] = best_step * 1e6
            out["sample_actions" + suffix] = best_draw * 1e6
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--num-envs", type=int, default=1024)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", help="also write every figure to this file")
    parser.add_argument(
        "--docs", action="store_true", help="also write docs/_generated/vector.rst (its tables)"
    )
    args = parser.parse_args()
    harness.require_compiled()
    started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    load_before = harness.load_average()
    rows: list[list[str]] = []
    n = args.num_envs
    runs: dict[str, tuple[str, Callable[[int], int]]] = {}
    pgx = pgx_runner(n)
    if pgx is not None:
        runs["Pgx leduc_holdem"] = ("compiled", pgx)
    for label, game, options in GAMES:
        runs[f"{label}: cardwars, core draw"] = ("compiled", native_runner(game, options, n, True))
        runs[f"{label}: cardwars, NumPy draw"] = (
            "compiled",
            native_runner(game, options, n, False),
        )
        runs[f"{label}: SyncVectorEnv"] = ("compiled", sync_runner(game, options, n))
    timings = harness.measure_group(runs, target=args.seconds, repeats=args.repeats)
    rates = {name: timing.rate for name, timing in timings.items()}
    print(f"Env steps/s at N = {n} (best of {args.repeats}, interleaved); {versions()}\n")
    pgx_rate = rates.get("Pgx leduc_holdem")
    print("| game | draw | cardwars | ÷ Pgx leduc | ÷ SyncVectorEnv |")
    print("|---|---|---:|---:|---:|")
    if pgx_rate is None:
        print("(Pgx is not installed: pip install 'cardwars[bench]' for its rows)")
    for label, _, _ in GAMES:
        sync_rate = rates[f"{label}: SyncVectorEnv"]
        for draw in ("core draw", "NumPy draw"):
            ours = rates[f"{label}: cardwars, {draw}"]
            versus_pgx = f"{ours / pgx_rate:.2f}x" if pgx_rate else "-"
            print(f"| {label} | {draw} | {ours:,.0f} | {versus_pgx} | {ours / sync_rate:.1f}x |")
            pgx_cell = versus_pgx.replace("x", "×") if pgx_rate else "(Pgx not installed)"
            where = "in the core" if draw == "core draw" else "in NumPy"
            rows.append([label, where, f"{ours:,.0f}", pgx_cell, f"{ours / sync_rate:.1f}×"])
    if pgx_rate:
        print(
            f"\nPgx leduc_holdem: {pgx_rate:,.0f} env steps/s (target: cardwars >= {PGX_TARGET:g}x)"
        )
    for label, _, _ in GAMES:
        print(
            f"SyncVectorEnv, {label}: {rates[f'{label}: SyncVectorEnv']:,.0f} env steps/s "
            f"(target: cardwars >= {SYNC_TARGET:g}x)"
        )
    print(
        f"\nWhere the time goes: microseconds per step() of {n} tables (best of {args.repeats})\n"
    )
    parts = {label: breakdown(game, options, n, args.repeats) for label, game, options in GAMES}
    columns = list(next(iter(parts.values())))
    print("| game | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for label, row in parts.items():
        print(f"| {label} | " + " | ".join(f"{row[c]:,.0f}" for c in columns) + " |")
    if args.docs:
        command = "python benchmarks/bench_vector.py --docs"
        if (n, args.seconds, args.repeats) != (1024, 1.0, 5):
            command += f" --num-envs {n} --seconds {args.seconds:g} --repeats {args.repeats}"
        found = ", ".join(f"{name} {version}" for name, version in versions().items())
        settings = f"N = {n:,} tables, best of {args.repeats} interleaved runs of about "
        settings += f"{args.seconds:g} s each; {found}"
        anchors = [
            f"``SyncVectorEnv`` {rates[f'{label}: SyncVectorEnv']:,.0f} ({label})"
            for label, _, _ in GAMES
        ]
        if pgx_rate:
            anchors.insert(0, f"Pgx ``leduc_holdem`` {pgx_rate:,.0f}")
        header = [
            "game",
            "actions drawn",
            "cardwars",
            "÷ Pgx ``leduc_holdem``",
            "÷ ``SyncVectorEnv``",
        ]
        breakdown_rows = [[c] + [f"{parts[label][c]:,.0f}" for label in parts] for c in columns]
        harness.write_docs(
            "vector",
            "\n\n".join(
                [
                    harness.provenance(command, started, load_before, settings),
                    harness.rst_table(header, rows, f"Env steps per second at N = {n:,}"),
                    "The anchors' env steps per second in the same run: "
                    + "; ".join(anchors)
                    + ".",
                    f"Where the time goes, µs per ``step()`` of {n:,} tables (same run):",
                    harness.rst_table(["part", *parts], breakdown_rows),
                ]
            ),
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(
                {
                    "num_envs": n,
                    "rates": rates,
                    "seconds": {name: t.seconds for name, t in timings.items()},
                    "breakdown_us": parts,
                    "load_average": harness_load(),
                    "versions": versions(),
                },
                handle,
                indent=2,
            )


def versions() -> dict[str, str]:
    """The versions of the packages each side runs on."""
    from importlib.metadata import PackageNotFoundError, version

    found = {}
    for name in ("cardwars", "numpy", "gymnasium", "pgx", "jax", "jaxlib"):
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = "not installed"
    return found


def harness_load() -> list[float]:
    return list(os.getloadavg())


if __name__ == "__main__":
    main()
