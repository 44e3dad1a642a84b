"""The agents' ladder of docs/guides/agents.rst: win rates with 95 % intervals and time per move.

Each pairing plays ``--games`` games with the seats swapped halfway (half with the
first agent as seat 0, half as seat 1), through :func:`cardwars.simulate`; the win
rate of the first agent is over all its games, with the Wilson 95 % interval of the
reports' ``win_intervals`` recomputed on the pooled count. Time per move is wall
time of the whole pairing over the moves the agents made. Not a test:

    PYTHONPATH=src python benchmarks/agents_ladder.py --games 200
    PYTHONPATH=src python benchmarks/agents_ladder.py --game guerrilla --games 200
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import cardwars
from cardwars.aliwar import Aliwar
from cardwars.aliwar import IsmctsAgent as AliwarIsmcts
from cardwars.guerrilla import Guerrilla
from cardwars.guerrilla import IsmctsAgent as GuerrillaIsmcts


def _wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    z = 1.959963984540054
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


class _Counting:
    """Counts its agent's moves and the time they took."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.moves = 0
        self.seconds = 0.0

    def choose(self, observation: Any, legal_moves: Any, rng: Any) -> Any:
        start = time.perf_counter()
        move = self.agent.choose(observation, legal_moves, rng)
        self.seconds += time.perf_counter() - start
        self.moves += 1
        return move


def pairing(game: Any, make_a: Any, make_b: Any, games: int, seed: int) -> dict[str, Any]:
    """``make_a()``'s agent against ``make_b()``'s, seats swapped halfway."""
    a, b = _Counting(make_a()), _Counting(make_b())
    first = cardwars.simulate(game, [a, b], games=games // 2, seed=seed)
    second = cardwars.simulate(game, [b, a], games=games - games // 2, seed=seed + 1)
    n = first.games + second.games
    wins = first.win_rates[0] * first.games + second.win_rates[1] * second.games
    losses = first.win_rates[1] * first.games + second.win_rates[0] * second.games
    return {
        "games": n,
        "win": wins / n,
        "interval": _wilson(round(wins), n),
        "loss": losses / n,
        "ms_a": 1e3 * a.seconds / max(1, a.moves),
        "ms_b": 1e3 * b.seconds / max(1, b.moves),
        "intervals": (first.win_intervals, second.win_intervals),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=("aliwar", "guerrilla"), default="aliwar")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--iterations", type=int, nargs=2, default=None)
    parser.add_argument("--no-mirror", action="store_true", help="skip ismcts against ismcts")
    args = parser.parse_args()
    game: Any
    if args.game == "aliwar":
        game = Aliwar()
        low, high = args.iterations or (200, 1000)

        def ismcts(n: int) -> Any:
            return AliwarIsmcts(n, rules=game.rules)
    else:
        game = Guerrilla(players=2)
        low, high = args.iterations or (200, 1000)

        def ismcts(n: int) -> Any:
            return GuerrillaIsmcts(n)

    rows = [
        ("greedy", "random", lambda: game.make_agent("greedy"), lambda: game.make_agent("random")),
        (f"ismcts-{low}", "random", lambda: ismcts(low), lambda: game.make_agent("random")),
        (f"ismcts-{low}", "greedy", lambda: ismcts(low), lambda: game.make_agent("greedy")),
        (f"ismcts-{high}", "greedy", lambda: ismcts(high), lambda: game.make_agent("greedy")),
    ]
    if not args.no_mirror:
        rows.append((f"ismcts-{high}", f"ismcts-{low}", lambda: ismcts(high), lambda: ismcts(low)))
    print(f"{game.name}, {args.games} games per pairing, seats swapped, seed {args.seed}")
    print(
        f"{'A':<12} {'B':<12} {'A wins':>7} {'95 % interval':>16} {'draws':>6} "
        f"{'ms/move A':>10} {'ms/move B':>10}"
    )
    for name_a, name_b, make_a, make_b in rows:
        r = pairing(game, make_a, make_b, args.games, args.seed)
        lo, hi = r["interval"]
        draws = max(0.0, 1 - r["win"] - r["loss"])
        print(
            f"{name_a:<12} {name_b:<12} {r['win']:>7.1%} {f'{lo:.1%} – {hi:.1%}':>16} "
            f"{draws:>6.1%} {r['ms_a']:>10.2f} {r['ms_b']:>10.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
