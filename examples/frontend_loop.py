"""A minimal front-end loop on :class:`cardwars.Table`: two people, clicking in any order.

Run:  python examples/frontend_loop.py [SEED]

A real front end (a web server, a GUI) hears each person whenever that person
clicks. ``cardwars.Table`` keeps each move secret until every polled person has
chosen, then plays the step together, and each seat's ``view`` hands out the
events that seat has not seen yet, with their text. Here the two "people" are
random agents clicking in a shuffled order, and the renderer prints seat 0's
events as a UI would animate them.
"""

from __future__ import annotations

import sys

import cardwars
from cardwars import Rng, aliwar


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    game = aliwar.Aliwar()
    # no agents: both seats are people
    table: cardwars.Table[aliwar.State, aliwar.AliwarObservation, aliwar.Move] = cardwars.Table(
        game, seed=seed
    )
    clicks = Rng(seed)  # who clicks first varies
    people = [cardwars.agents.RandomAgent(), cardwars.agents.RandomAgent()]
    # each person draws as play()'s agent of that seat would, to compare below
    rngs = [Rng(cardwars.derive_seed(seed, 1 + seat)) for seat in (0, 1)]
    steps = 0
    while not table.is_over:
        order = list(table.waiting_for)
        clicks.shuffle(order)
        for seat in order:
            view = table.view(seat)
            if seat == 0:
                for item in view.events:
                    if item.text:
                        print("  " + item.text)
            move = people[seat].choose(view.observation, view.legal_moves, rngs[seat])
            if table.play({seat: move}):
                steps += 1
    result = table.result
    assert result is not None
    print(f"game over after {steps} steps: {result}")
    # The click order never matters: the same agents through play() give the same game.
    same = cardwars.play(game, ["random", "random"], seed=seed)
    assert same == table.state, "simultaneous moves must not depend on who clicked first"
    print("the same game as cardwars.play() with the same seed: yes")


if __name__ == "__main__":
    main()
