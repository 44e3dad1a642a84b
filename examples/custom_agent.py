"""A custom Guerrilla agent, pitted against the built-in ones.

Run:  python examples/custom_agent.py [GAMES]

The agent holds its Guerrillas back (alone they lose every fight; in pairs and
cancellations they are worth more), plays its lowest other card, cancels every
promotion it can and supports whenever support is legal (legal support always
improves the outcome). It decides from its observation only.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import cardwars
from cardwars import guerrilla
from cardwars.engine import Agent


class Hoarder:
    """Plays its lowest non-Guerrilla card; keeps Guerrillas for pairs and cancellations."""

    name = "hoarder"

    def choose(
        self,
        observation: guerrilla.GuerrillaObservation,
        legal_moves: Sequence[guerrilla.Move],
        rng: cardwars.Rng,
    ) -> guerrilla.Move:
        plays = [m for m in legal_moves if isinstance(m, guerrilla.Play)]
        if plays:
            g = observation.guerrilla_rank
            non_guerrilla = [m for m in plays if not 2 <= m.card.rank <= g]
            options = non_guerrilla or plays
            return min(options, key=lambda m: m.card.rank)
        for kind in (guerrilla.Cancel, guerrilla.Support):
            for move in legal_moves:
                if isinstance(move, kind):
                    return move
        return legal_moves[rng.below(len(legal_moves))]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    game = cardwars.load_game("guerrilla", players=2)  # typed as guerrilla.Guerrilla
    hoarder: Agent[guerrilla.GuerrillaObservation, guerrilla.Move] = Hoarder()
    for opponent in ("random", "greedy"):
        report = cardwars.simulate(game, [hoarder, opponent], games=games, seed=1)
        low, high = report.win_intervals[0]
        print(
            f"hoarder vs {opponent:<6}: wins {report.win_rates[0]:.1%} "
            f"(95% {low:.1%}-{high:.1%}), mean length {report.length.mean:.1f} skirmishes"
        )


if __name__ == "__main__":
    main()
