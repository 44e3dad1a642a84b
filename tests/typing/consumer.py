# mypy: disallow-any-expr
"""Code as a typed consumer of cardwars writes it: mypy --strict checks every type below.

``assert_type`` does nothing at run time (``tests/typing/test_consumer.py`` runs the
module to show that the code also works); to mypy each line is an assertion that the
game's own state, observation and move types flow through the public API.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING or sys.version_info >= (3, 11):
    from typing import assert_type
else:  # pragma: no cover - Python 3.10 has no typing.assert_type; it checks nothing at run time

    def assert_type(value: Any, _type: Any) -> Any:
        return value


import cardwars
from cardwars import aliwar, clone_war, guerrilla, records
from cardwars.engine import Agent, Event, Result


class FirstSwitch:
    """A typed Aliwar agent: the first legal move, always."""

    def choose(
        self,
        observation: aliwar.AliwarObservation,
        legal_moves: Sequence[aliwar.Move],
        rng: cardwars.Rng,
    ) -> aliwar.Move:
        assert_type(observation.stacks[0][0][0], cardwars.Card | None)
        return legal_moves[0]


def aliwar_flow() -> aliwar.State:
    game = cardwars.load_game("aliwar", allow_null_switch=True)
    assert_type(game, aliwar.Aliwar)
    assert_type(game.rules, aliwar.Rules)
    state = game.new_game(seed=1)
    assert_type(state, aliwar.State)
    view = state.observation(0)
    assert_type(view, aliwar.AliwarObservation)
    moves = state.legal_moves(0)
    assert_type(moves, tuple[aliwar.Move, ...])
    events = state.apply({0: moves[0], 1: state.legal_moves(1)[0]})
    assert_type(events, tuple[Event, ...])
    agent: Agent[aliwar.AliwarObservation, aliwar.Move] = FirstSwitch()
    final = cardwars.play(game, [agent, "greedy"], seed=2)
    assert_type(final, aliwar.State)
    assert_type(final.result, Result | None)
    again = records.loads(records.dumps(final), game)
    assert_type(again, aliwar.State)
    assert_type(cardwars.Rng(3).below(6), int)
    return again


def guerrilla_flow() -> guerrilla.State:
    game = cardwars.load_game("guerrilla", players=3)
    assert_type(game, guerrilla.Guerrilla)
    state = game.new_game(seed=4)
    assert_type(state.observation(2), guerrilla.GuerrillaObservation)
    assert_type(state.legal_moves(0), tuple[guerrilla.Move, ...])
    assert_type(state.observation(2).hand, tuple[cardwars.Card, ...])
    final = cardwars.play(game, ["random"] * 3, seed=5)
    assert_type(final, guerrilla.State)
    return final


def clone_war_flow() -> clone_war.State:
    game = cardwars.load_game("clone-war", players=4)
    assert_type(game, clone_war.CloneWar)
    final = cardwars.play(game, ["random"] * 4, seed=6)
    assert_type(final, clone_war.State)
    assert_type(final.observation(0), clone_war.CloneWarObservation)
    return final
