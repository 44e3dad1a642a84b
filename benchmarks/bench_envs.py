"""Steps per second of the PettingZoo Parallel env beside PettingZoo's ``leduc_holdem_v4``.

Run ``python benchmarks/bench_envs.py [--seconds S] [--repeats R]`` (needs the
``pettingzoo`` extra; the anchor needs ``pip install "pettingzoo[classic]"``, which
brings rlcard; without it the script falls back to ``tictactoe_v3`` and names it).
Both sides play uniformly random legal actions picked from the observation's action
mask the same way: ``mask.view(np.bool_).nonzero()[0]`` (the mask's 0/1 bytes read as
booleans, which NumPy scans in bulk; ``numpy.flatnonzero`` on the ``int8`` mask tests
element by element, about 4 µs for Guerrilla's 2,968 actions against 0.5 µs) and
``random.Random.choice``. One step is one ``step()`` call: a whole simultaneous
decision for the Parallel env, one agent's action for the AEC anchor. Every runner
is calibrated to about ``S`` seconds, then timed ``R`` times in interleaved rounds
(each round times the anchor, then every env, so outside load hits all alike); every
figure is the best of its ``R`` runs and the ratio divides it by the anchor's best.
The target of issue 15 is a ratio of at least 5x. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import datetime
import random
import warnings
from collections.abc import Callable
from typing import Any

import harness  # puts src/ on the path in a source checkout
import numpy as np

from cardwars.envs.pettingzoo import parallel_env

TARGET = 5.0


def parallel_steps(name: str, options: dict[str, Any]) -> Callable[[int], int]:
    """A runner that plays ``count`` Parallel steps (resetting as games end)."""
    env = parallel_env(name, **options)

    wait = env.wait_action

    def run(count: int) -> int:
        pick = random.Random(0).choice
        observations, _ = env.reset(seed=0)
        for _ in range(count):
            if not env.agents:
                observations, _ = env.reset()
            actions = {}
            for agent, obs in observations.items():
                mask = obs["action_mask"]
                if not mask[wait]:  # a waiting agent (its one action: wait) sends nothing
                    actions[agent] = int(pick(mask.view(np.bool_).nonzero()[0]))
            observations = env.step(actions)[0]
        return count

    return run


def anchor() -> tuple[str, Callable[[int], int]]:
    """PettingZoo's leduc_holdem_v4 (AEC), or tictactoe_v3 when rlcard is missing."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            from pettingzoo.classic import leduc_holdem_v4 as module

            name = "leduc_holdem_v4"
        except Exception:  # rlcard not installed
            from pettingzoo.classic import tictactoe_v3 as module

            name = "tictactoe_v3 (rlcard missing: no leduc_holdem_v4)"
    env = module.env()

    def run(count: int) -> int:
        pick = random.Random(0).choice
        env.reset(seed=0)
        for _ in range(count):
            if not env.agents:
                env.reset()
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(pick(observation["action_mask"].view(np.bool_).nonzero()[0])))
        return count

    return name, run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--docs", action="store_true", help="also write docs/_generated/envs.rst (the docs' table)"
    )
    args = parser.parse_args()
    harness.require_compiled()
    started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    load_before = harness.load_average()
    anchor_name, anchor_run = anchor()
    runs = {anchor_name: ("compiled", anchor_run)}
    for label, name, options in (
        ("aliwar", "aliwar", {}),
        ("guerrilla, 2 players", "guerrilla", {"players": 2}),
        ("guerrilla, 3 players", "guerrilla", {"players": 3}),
        ("guerrilla, 4 players", "guerrilla", {"players": 4}),
        ("guerrilla, two-suit variant", "guerrilla", {"two_suit_variant": True}),
    ):
        runs[label] = ("compiled", parallel_steps(name, options))
    timings = harness.measure_group(runs, target=args.seconds, repeats=args.repeats)
    anchor_rate = timings[anchor_name].rate
    print(f"| env | steps/s | ÷ {anchor_name.split()[0]} | target {TARGET:g}x |")
    print("|---|---:|---:|---|")
    print(f"| {anchor_name} (AEC) | {anchor_rate:,.0f} | 1.00x | |")
    rows = [[f"``{anchor_name.split()[0]}`` (AEC)", f"{anchor_rate:,.0f}", "1.00×", ""]]
    for label in list(runs)[1:]:
        ours = timings[label].rate
        ratio = ours / anchor_rate
        met = "met" if ratio >= TARGET else "not met"
        print(f"| {label} (Parallel) | {ours:,.0f} | {ratio:.2f}x | {met} |")
        rows.append([f"{label} (Parallel)", f"{ours:,.0f}", f"{ratio:.2f}×", met])
    if args.docs:
        command = "python benchmarks/bench_envs.py --docs"
        if (args.seconds, args.repeats) != (1.0, 5):
            command += f" --seconds {args.seconds:g} --repeats {args.repeats}"
        settings = f"best of {args.repeats} interleaved runs of about {args.seconds:g} s each"
        header = ["env", "steps/s", f"÷ ``{anchor_name.split()[0]}``", f"target {TARGET:g}×"]
        harness.write_docs(
            "envs",
            harness.provenance(command, started, load_before, settings)
            + "\n\n"
            + harness.rst_table(header, rows),
        )


if __name__ == "__main__":
    main()
