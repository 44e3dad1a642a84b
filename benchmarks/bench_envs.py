"""Steps per second of the PettingZoo Parallel env beside PettingZoo's ``leduc_holdem_v4``.

Run ``python benchmarks/bench_envs.py [--seconds S] [--repeats R]`` (needs the
``pettingzoo`` extra; the anchor needs ``pip install "pettingzoo[classic]"``, which
brings rlcard; without it the script falls back to ``tictactoe_v3`` and names it).
Both sides play uniformly random legal actions picked from the action mask the same
way (``numpy.flatnonzero`` and ``random.Random.choice``); one step is one ``step()``
call: a whole simultaneous decision for the Parallel env, one agent's action for the
AEC anchor. Every figure is the best of ``R`` timed runs of about ``S`` seconds,
measured in the same run; the target of issue 15 is a ratio of at least 5x. Nothing
is asserted.
"""

from __future__ import annotations

import argparse
import random
import time
import warnings
from collections.abc import Callable
from typing import Any

import harness  # noqa: F401  (puts src/ on the path in a source checkout)
import numpy as np

from cardwars.envs.pettingzoo import parallel_env

TARGET = 5.0


def parallel_steps(name: str, options: dict[str, Any]) -> Callable[[int], int]:
    """A runner that plays ``count`` Parallel steps (resetting as games end)."""
    env = parallel_env(name, **options)

    def run(count: int) -> int:
        pick = random.Random(0).choice
        observations, _ = env.reset(seed=0)
        for _ in range(count):
            if not env.agents:
                observations, _ = env.reset()
            actions = {}
            for agent, obs in observations.items():
                legal = np.flatnonzero(obs["action_mask"])
                if len(legal):
                    actions[agent] = int(pick(legal))
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
                env.step(int(pick(np.flatnonzero(observation["action_mask"]))))
        return count

    return name, run


def rate(run: Callable[[int], int], seconds: float, repeats: int) -> float:
    """The best steps/s over ``repeats`` runs of about ``seconds`` each."""
    count = 200
    while True:  # calibrate
        start = time.perf_counter()
        run(count)
        elapsed = time.perf_counter() - start
        if elapsed > seconds / 4:
            break
        count *= 2
    count = max(1, int(count * seconds / elapsed))
    best = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        steps = run(count)
        best = max(best, steps / (time.perf_counter() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    anchor_name, anchor_run = anchor()
    anchor_rate = rate(anchor_run, args.seconds, args.repeats)
    print(f"| env | steps/s | ÷ {anchor_name.split()[0]} | target {TARGET:g}x |")
    print("|---|---:|---:|---|")
    print(f"| {anchor_name} (AEC) | {anchor_rate:,.0f} | 1.00x | |")
    for label, name, options in (
        ("aliwar (Parallel)", "aliwar", {}),
        ("guerrilla, 2 players (Parallel)", "guerrilla", {"players": 2}),
        ("guerrilla, 3 players (Parallel)", "guerrilla", {"players": 3}),
        ("guerrilla, 4 players (Parallel)", "guerrilla", {"players": 4}),
    ):
        ours = rate(parallel_steps(name, options), args.seconds, args.repeats)
        ratio = ours / anchor_rate
        met = "met" if ratio >= TARGET else "not met"
        print(f"| {label} | {ours:,.0f} | {ratio:.2f}x | {met} |")


if __name__ == "__main__":
    main()
