"""OpenSpiel's MCTS against the uniform random bot on ``cardwars_aliwar``.

Run:  python examples/openspiel_eval.py [GAMES] [SIMULATIONS]   (needs ``cardwars[openspiel]``)

The simultaneous-move game is searched in its turn-based form
(``pyspiel.convert_to_turn_based``: seat 0 chooses, then seat 1 without seeing it).
OpenSpiel's ``MCTSBot`` with a random-rollout evaluator plays seat 0 and
``UniformRandomBot`` seat 1; each game starts at the deal's chance node, which
``evaluate_bots`` samples. MCTS searches the true state, face-down cards
included, so it is a clairvoyant baseline rather than a fair player; the figure
shows that the game, its chance node and its returns work with OpenSpiel's
search as they are. The defaults (10 games, 30 simulations a move) run in about
ten seconds.
"""

from __future__ import annotations

import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random

from cardwars.envs import openspiel


def evaluate(games: int, simulations: int, seed: int = 2026) -> list[float]:
    """Seat 0's return in each of ``games`` games of MCTS (seat 0) against random (seat 1)."""
    game = pyspiel.convert_to_turn_based(openspiel.load_game("aliwar"))
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    returns = []
    for _ in range(games):
        bots = [
            mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=False),
            uniform_random.UniformRandomBot(1, rng),
        ]
        returns.append(float(evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)[0]))
    return returns


def main(argv: list[str]) -> None:
    games = int(argv[1]) if len(argv) > 1 else 10
    simulations = int(argv[2]) if len(argv) > 2 else 30
    start = time.perf_counter()
    returns = evaluate(games, simulations)
    wins, draws = sum(r > 0 for r in returns), sum(r == 0 for r in returns)
    print(
        f"cardwars_aliwar: MCTS ({simulations} simulations, random rollouts) vs uniform random: "
        f"{wins} wins, {draws} draws, {games - wins - draws} losses in {games} games; "
        f"mean return {sum(returns) / games:+.2f} ({time.perf_counter() - start:.1f} s)"
    )


if __name__ == "__main__":
    main(sys.argv)
