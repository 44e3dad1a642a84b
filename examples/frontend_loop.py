"""A minimal front-end loop: simultaneous moves collected one player at a time.

Run:  python examples/frontend_loop.py [SEED]

A real front end (a web server, a GUI) receives each player's choice whenever
that player clicks. `Table` keeps the choices secret until every polled seat
has chosen, then applies them together and hands the events to the renderer.
Here two "players" are random agents clicking in a shuffled order, and the
renderer prints what a UI would animate.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import cardwars
from cardwars import Rng, aliwar
from cardwars.engine import Event, GameState, Move


class Table:
    """One game behind a front end: secret pending moves, applied when all are in."""

    def __init__(self, state: GameState[Any], render: Callable[[Event], None]) -> None:
        self.state = state
        self.render = render
        self._pending: dict[int, Move] = {}

    def waiting_for(self) -> list[int]:
        """Seats that still have to choose in this step."""
        return sorted(self.state.to_act - set(self._pending))

    def submit(self, seat: int, move: Move) -> bool:
        """Record one player's choice; returns True when the step was played."""
        if seat not in self.state.to_act:
            raise cardwars.IllegalMoveError(f"seat {seat} is not asked to move now")
        if move not in self.state.legal_moves(seat):
            raise cardwars.IllegalMoveError(f"{move!r} is not legal for seat {seat}")
        self._pending[seat] = move
        if self.waiting_for():
            return False
        moves, self._pending = self._pending, {}
        for event in self.state.apply(moves):
            self.render(event)
        return True


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    state = aliwar.Aliwar().new_game(seed=seed)

    def render(event: Event) -> None:
        line = aliwar.Aliwar.text.describe(event)
        if line:
            print("  " + line)

    table = Table(state, render)
    clicks = Rng(seed)  # who clicks first, and what they click, varies
    players = [cardwars.agents.RandomAgent(), cardwars.agents.RandomAgent()]
    rngs = [Rng(cardwars.derive_seed(seed, 1 + seat)) for seat in (0, 1)]
    steps = 0
    while not state.is_over:
        order = table.waiting_for()
        clicks.shuffle(order)
        for seat in order:
            move = players[seat].choose(
                state.observation(seat), state.legal_moves(seat), rngs[seat]
            )
            if table.submit(seat, move):
                steps += 1
    result = state.result
    assert result is not None
    print(f"game over after {steps} steps: {result}")
    # The click order never matters: the same agents through play() give the same game.
    same = cardwars.play(aliwar.Aliwar(), ["random", "random"], seed=seed)
    assert same.result == result, "simultaneous moves must not depend on who clicked first"
    print("the same game as cardwars.play() with the same seed: yes")


if __name__ == "__main__":
    main()
