# mypy: disallow-any-expr
"""Code as a typed consumer of cardwars writes it: mypy --strict checks every type below.

The inline configuration on the first line adds ``--disallow-any-expr`` for this module
alone: no expression here may have a type with ``Any`` in it, and there is no ``cast``,
so each name used here hands its consumer a real type.

``assert_type`` does nothing at run time (``tests/typing/test_consumer.py`` runs the
module to show that the code also works); to mypy each line is an assertion that the
game's own state, observation and move types flow through the public API.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING or sys.version_info >= (3, 11):
    from typing import assert_type
else:  # pragma: no cover - Python 3.10 has no typing.assert_type; it checks nothing at run time

    def assert_type(value: Any, _type: Any) -> Any:
        return value


import cardwars
from cardwars import aliwar, clone_war, guerrilla, records, wire
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


class LastPlay:
    """A typed Guerrilla agent that annotates ``legal_moves`` as the tuple it is given."""

    def choose(
        self,
        observation: guerrilla.GuerrillaObservation,
        legal_moves: tuple[guerrilla.Move, ...],
        rng: cardwars.Rng,
    ) -> guerrilla.Move:
        return legal_moves[-1]


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
    aliwar_front_end(game)
    return again


def aliwar_front_end(game: aliwar.Aliwar) -> None:
    """What a server does with a game: JSON out, a player's move in, the feed out."""
    state = game.new_game(seed=7)
    doc = wire.encode(state.legal_moves(0)[0])
    assert_type(doc, wire.JsonObject)
    move = wire.decode_move(game, doc)
    assert_type(move, aliwar.Move)
    assert move == state.legal_moves(0)[0]
    label = game.text.label(move)
    assert_type(label, str)
    parsed = game.text.parse(label, state, 0)
    assert_type(parsed, aliwar.Move)
    assert parsed == move
    board = wire.encode(state.observation(0))
    assert_type(board, wire.JsonObject)
    view = wire.decode_observation(game, board)
    assert_type(view, aliwar.AliwarObservation)
    assert view == state.observation(0)
    state.apply({0: move, 1: game.text.parse("0 1", state, 1)})
    feed = state.events_for(1)
    assert_type(feed, tuple[Event, ...])
    lines = [wire.encode(event) for event in feed]
    assert_type(lines, list[wire.JsonObject])
    assert tuple(wire.decode_event(game, line) for line in lines) == feed
    assert_type(wire.decode_event(game, lines[0]), Event)
    assert_type(wire.encode(state.result), wire.JsonObject | None)
    assert_type(wire.encode(game.rules), wire.JsonObject)
    assert_type(wire.encode(state.legal_moves(0)), list[wire.JsonValue])
    assert_type(wire.encode(cardwars.Card.parse("KC")), str)
    assert_type(wire.decode(game, doc), object)


def guerrilla_flow() -> guerrilla.State:
    game = cardwars.load_game("guerrilla", players=3)
    assert_type(game, guerrilla.Guerrilla)
    state = game.new_game(seed=4)
    assert_type(state.observation(2), guerrilla.GuerrillaObservation)
    assert_type(state.legal_moves(0), tuple[guerrilla.Move, ...])
    assert_type(state.observation(2).hand, tuple[cardwars.Card, ...])
    move = wire.decode_move(game, wire.encode(state.legal_moves(0)[0]))
    assert_type(move, guerrilla.Move)
    assert_type(game.text.parse(game.text.label(move), state, 0), guerrilla.Move)
    view = wire.decode_observation(game, wire.encode(state.observation(2)))
    assert_type(view, guerrilla.GuerrillaObservation)
    typed: Agent[guerrilla.GuerrillaObservation, guerrilla.Move] = LastPlay()
    final = cardwars.play(game, [typed, "random", "greedy"], seed=5)
    assert_type(final, guerrilla.State)
    assert_type(final.events_for(0), tuple[Event, ...])
    return final


def clone_war_flow() -> clone_war.State:
    game = cardwars.load_game("clone-war", players=4)
    assert_type(game, clone_war.CloneWar)
    final = cardwars.play(game, ["random"] * 4, seed=6)
    assert_type(final, clone_war.State)
    assert_type(final.observation(0), clone_war.CloneWarObservation)
    view = wire.decode_observation(game, wire.encode(final.observation(0)))
    assert_type(view, clone_war.CloneWarObservation)
    assert_type(game.text.render(view), str)
    assert_type(game.text.describe(final.events_for(0)[0]), str | None)
    cardwars.simulate(game, ["random"] * 4, games=2, seed=1)
    return final


def table_flow() -> aliwar.State:
    """A front end's loop on cardwars.Table: the game's own types in every view."""
    game = cardwars.load_game("aliwar")
    table = cardwars.Table(game, {1: "greedy"}, seed=8)
    assert_type(table, cardwars.Table[aliwar.State, aliwar.AliwarObservation, aliwar.Move])
    while not table.is_over:
        view = table.view(0)
        assert_type(view.observation, aliwar.AliwarObservation)
        assert_type(view.legal_moves, tuple[aliwar.Move, ...])
        assert_type(view.pending, aliwar.Move | None)
        assert_type(view.events[0].text if view.events else None, str | None)
        assert_type(wire.encode(view), wire.JsonObject)
        assert_type(table.play({0: view.legal_moves[-1]}), bool)
    table.undo()
    guerrilla_table = cardwars.Table(cardwars.load_game("guerrilla"), seed=2)
    assert_type(guerrilla_table.view(1).legal_moves, tuple[guerrilla.Move, ...])
    assert_type(table.state, aliwar.State)
    return table.state


def server_reply(
    game: aliwar.Aliwar,
    table: cardwars.Table[aliwar.State, aliwar.AliwarObservation, aliwar.Move],
    seat: int,
    text: str,
) -> str:
    """A web server's answer to a move typed by a person: the seat's view, or the error.

    The error document's fields are JSON values to mypy (``wire.JsonObject``), so a
    server reads them and sends them on with no ``Any`` and no cast.
    """
    reply: wire.JsonObject
    try:
        move = game.text.parse(text, table.state, seat)
        table.play({seat: move})
    except cardwars.CardwarsError as exc:
        error = wire.encode_error(exc)
        assert_type(error["kind"], str)
        fields = error["fields"]
        assert_type(fields, wire.JsonObject)
        legal = fields.get("legal")
        labels: list[wire.JsonValue] = (
            [item for item in legal if isinstance(item, str)] if isinstance(legal, list) else []
        )
        reply = {"ok": False, "kind": error["kind"], "message": error["message"]}
        reply |= {"fields": fields, "legal": labels}
        return json.dumps(reply)
    reply = {"ok": True, "view": wire.encode(table.view(seat))}
    return json.dumps(reply)


def server_flow() -> tuple[str, str]:
    """An illegal move, then a legal one, through :func:`server_reply`."""
    game = cardwars.load_game("aliwar")
    table = cardwars.Table(game, {1: "greedy"}, seed=8)
    refused = server_reply(game, table, 0, "keep none")
    played = server_reply(game, table, 0, game.text.label(table.view(0).legal_moves[0]))
    return refused, played
