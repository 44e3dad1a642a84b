"""The agents' ladder of docs/guides/agents.rst: win rates with 95 % intervals and time per move.

Each pairing puts agent A in one seat and agent B in every other seat and plays
``--games`` games through :func:`cardwars.simulate`, A's seat rotated over all the
seats equally: the games are split into one block per seat (as evenly as they
divide, a remainder going to the last seats), block ``s`` with A in seat ``s`` and
the batch seed ``--seed + s``. With two players that is the seats swapped halfway.

A *win* is a game A wins alone (the report's winner is A's seat); a *draw* is a game
with no sole winner; the rest are losses. The win rate is over all A's games, with
the Wilson 95 % interval of the pooled count. The *fair share* is ``1/players``, the
rate an agent as strong as B would get in A's place. Time per move is the mean wall
time of A's (and B's) ``choose`` calls; "searched" counts only the calls A's search
ran for (more than one legal move and, in Guerrilla, a position it can rebuild:
:meth:`State.rebuildable <cardwars.guerrilla.State.rebuildable>`), with their mean
and maximum wall time. For a search agent a second line gives the CPU time of its
thread per move and per searched move, which other jobs on the machine change much
less than the wall time. Not a test:

    PYTHONPATH=src python benchmarks/agents_ladder.py --games 200
    PYTHONPATH=src python benchmarks/agents_ladder.py --game guerrilla --games 200
    PYTHONPATH=src python benchmarks/agents_ladder.py --game guerrilla --players 3 \\
        --pairings high-greedy
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

import cardwars
from cardwars.aliwar import Aliwar
from cardwars.aliwar import IsmctsAgent as AliwarIsmcts
from cardwars.guerrilla import Guerrilla
from cardwars.guerrilla import IsmctsAgent as GuerrillaIsmcts
from cardwars.guerrilla import State as GuerrillaState
from cardwars.report import wilson_interval

PAIRINGS = ("greedy-random", "low-random", "low-greedy", "high-greedy", "high-low")
"""The pairings, in table order: ``A-B`` with ``low``/``high`` the two ismcts budgets."""


class _Counting:
    """Counts its agent's moves and the time they took; with ``searched``, also the
    moves for which ``searched(observation, legal_moves)`` holds, and their maximum."""

    def __init__(self, agent: Any, searched: Callable[[Any, Any], bool] | None = None) -> None:
        self.agent = agent
        self.searched = searched
        self.moves = 0
        self.seconds = 0.0
        self.searched_moves = 0
        self.searched_seconds = 0.0
        self.searched_max = 0.0
        self.cpu = 0.0
        self.searched_cpu = 0.0

    def choose(self, observation: Any, legal_moves: Any, rng: Any) -> Any:
        start, cpu_start = time.perf_counter(), time.thread_time()
        move = self.agent.choose(observation, legal_moves, rng)
        took = time.perf_counter() - start
        cpu = time.thread_time() - cpu_start
        self.seconds += took
        self.cpu += cpu
        self.moves += 1
        if self.searched is not None and self.searched(observation, legal_moves):
            self.searched_moves += 1
            self.searched_seconds += took
            self.searched_cpu += cpu
            self.searched_max = max(self.searched_max, took)
        return move


def _blocks(games: int, players: int) -> list[int]:
    """Games per seat block: ``games // players`` each, the remainder to the last seats."""
    extra = games % players
    return [games // players + (1 if s >= players - extra else 0) for s in range(players)]


def pairing(
    game: Any,
    make_a: Callable[[], Any],
    make_b: Callable[[], Any],
    games: int,
    seed: int,
    searched: Callable[[Any, Any], bool] | None = None,
) -> dict[str, Any]:
    """``make_a()``'s agent in one seat against ``make_b()``'s in all the others, A's
    seat rotated over the seats (block ``s``: A in seat ``s``, batch seed ``seed + s``)."""
    players = game.players
    a = _Counting(make_a(), searched)
    b = _Counting(make_b())
    n = wins = draws = 0
    for seat, count in enumerate(_blocks(games, players)):
        if count == 0:
            continue
        agents: list[Any] = [b] * players
        agents[seat] = a
        report = cardwars.simulate(game, agents, games=count, seed=seed + seat)
        block_wins = sum(1 for w in report.winners if w == seat)
        block_draws = sum(1 for w in report.winners if w == -1)
        n += report.games
        wins += block_wins
        draws += block_draws
        print(
            f"  (A in seat {seat}: {block_wins}/{report.games} won, {block_draws} drawn)",
            file=sys.stderr,
            flush=True,
        )
    return {
        "games": n,
        "wins": wins,
        "draws": draws,
        "interval": wilson_interval(wins, n),
        "ms_a": 1e3 * a.seconds / max(1, a.moves),
        "ms_b": 1e3 * b.seconds / max(1, b.moves),
        "moves_a": a.moves,
        "searched": a.searched_moves,
        "ms_searched": 1e3 * a.searched_seconds / max(1, a.searched_moves),
        "cpu_a": 1e3 * a.cpu / max(1, a.moves),
        "cpu_searched": 1e3 * a.searched_cpu / max(1, a.searched_moves),
        "ms_searched_max": 1e3 * a.searched_max,
    }


def _guerrilla_searched(observation: Any, legal_moves: Any) -> bool:
    return len(legal_moves) > 1 and GuerrillaState.rebuildable(observation)


def _aliwar_searched(observation: Any, legal_moves: Any) -> bool:
    return len(legal_moves) > 1


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", choices=("aliwar", "guerrilla"), default="aliwar")
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=2,
        help="seats (Guerrilla only; Aliwar has two): A in one, B in every other",
    )
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--iterations",
        type=int,
        nargs=2,
        default=None,
        metavar=("LOW", "HIGH"),
        help="the two ismcts budgets (default 200 and the agent's default, 1000)",
    )
    parser.add_argument(
        "--pairings",
        nargs="+",
        choices=PAIRINGS,
        default=None,
        help="the pairings to play (default all, in this order: " + ", ".join(PAIRINGS) + ")",
    )
    parser.add_argument("--no-mirror", action="store_true", help="skip ismcts against ismcts")
    args = parser.parse_args()
    game: Any
    ismcts: Callable[[int], Any]
    searched: Callable[[Any, Any], bool]
    if args.game == "aliwar":
        if args.players != 2:
            parser.error("Aliwar has two players")
        game = Aliwar()
        low, high = args.iterations or (200, AliwarIsmcts().iterations)

        def ismcts(n: int) -> Any:
            return AliwarIsmcts(n, rules=game.rules)

        searched = _aliwar_searched
    else:
        game = Guerrilla(players=args.players)
        low, high = args.iterations or (200, GuerrillaIsmcts().iterations)

        def ismcts(n: int) -> Any:
            return GuerrillaIsmcts(n)

        searched = _guerrilla_searched

    makers: dict[str, tuple[str, Callable[[], Any]]] = {
        "greedy": ("greedy", lambda: game.make_agent("greedy")),
        "random": ("random", lambda: game.make_agent("random")),
        "low": (f"ismcts-{low}", lambda: ismcts(low)),
        "high": (f"ismcts-{high}", lambda: ismcts(high)),
    }
    chosen = list(args.pairings or PAIRINGS)
    if args.no_mirror and "high-low" in chosen:
        chosen.remove("high-low")
    players = game.players
    fair = 1 / players
    print(
        f"{game.name}, {players} players, {args.games} games per pairing, A's seat rotated "
        f"over the {players} seats, seed {args.seed}; fair share {fair:.1%}"
    )
    print(
        f"{'A':<12} {'B':<12} {'games':>5} {'A wins':>7} {'95 % interval':>16} {'fair':>6} "
        f"{'draws':>6} {'ms/move A':>10} {'searched A':>10} {'(max)':>8} {'moves':>11} "
        f"{'ms/move B':>10}"
    )
    for key in chosen:
        first, second = key.split("-")
        name_a, make_a = makers[first]
        name_b, make_b = makers[second]
        is_search = first in ("low", "high")
        r = pairing(game, make_a, make_b, args.games, args.seed, searched if is_search else None)
        lo, hi = r["interval"]
        rate = r["wins"] / r["games"]
        if is_search:
            timing = (
                f"{r['ms_searched']:>10.2f} {r['ms_searched_max']:>8.1f} "
                f"{str(r['searched']) + '/' + str(r['moves_a']):>11}"
            )
        else:
            timing = f"{'-':>10} {'-':>8} {r['moves_a']:>11}"
        print(
            f"{name_a:<12} {name_b:<12} {r['games']:>5} {rate:>7.1%} "
            f"{f'{lo:.1%} – {hi:.1%}':>16} {fair:>6.1%} {r['draws'] / r['games']:>6.1%} "
            f"{r['ms_a']:>10.2f} {timing} {r['ms_b']:>10.2f}",
            flush=True,
        )
        if is_search:
            print(
                f"{'':<12} CPU time of A's thread per move: {r['cpu_a']:.2f} ms, "
                f"per searched move {r['cpu_searched']:.2f} ms",
                flush=True,
            )


if __name__ == "__main__":
    main()
