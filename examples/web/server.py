"""A browser front end for cardwars: play any of the three games against the built-in agents.

Run:  python examples/web/server.py [--port 8000] [--host 127.0.0.1]

then open the printed URL (``--port 0`` picks a free port). The server uses the
standard library only: :mod:`http.server` serves ``static/index.html`` and a small
JSON API whose values are in the wire format of :mod:`cardwars.wire`:

=====================  ===========================================================
``GET  /api/games``    the games, their player counts, agents and rules options
``POST /api/new``      start a game: ``{"game", "players", "options", "seat",
                       "opponents", "seed"}``; returns the human seat's view
``GET  /api/view``     ``?id=ID&since=N``: the view, with the events from N on
``POST /api/move``     ``{"id", "move", "since"}``: the human's move (wire format)
``POST /api/step``     ``{"id", "to_end", "since"}``: Clone War's automatic step
                       (one battle, or every battle to the end)
``POST /api/undo``     ``{"id"}``: back to the human's previous decision
=====================  ===========================================================

A view holds only what the human's seat may know: its observation, its legal
moves, and the events of its feed (:meth:`~cardwars.engine.GameState.events_for`).
The god's-eye state and the other seats' observations never leave the server.
A bad request gets HTTP 400 and ``{"error": "<message>"}``, and changes nothing.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import secrets
import sys
import threading
import traceback
import typing
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

import cardwars
from cardwars import wire
from cardwars.engine import Agent, Game, GameState, Result
from cardwars.registry import games

if TYPE_CHECKING:
    from cardwars.core_rng import Rng

STATIC = Path(__file__).resolve().parent / "static"
MAX_EVENTS = 400
"""At most this many events go out in one view (the newest); the page says how many it skipped."""


class RequestError(Exception):
    """A request the server refuses with HTTP 400 and this message."""


# --- the games on offer -------------------------------------------------------------------


def option_choices(game: type[Game[Any, Any]], name: str, hint: Any) -> list[Any] | None:
    """The values a rules option may take, when they are a short list (None: any int)."""
    if typing.get_origin(hint) is typing.Literal:
        return list(typing.get_args(hint))
    if hint is bool:
        return [False, True]
    if hint is str:  # Guerrilla lists its string options' values in its rules module
        allowed = getattr(sys.modules[game.rules_type.__module__], "allowed_values", None)
        return list(allowed(name)) if allowed is not None else None
    return None


def describe_games() -> list[dict[str, Any]]:
    """What the page needs to offer each game: players, agents and rules options."""
    described = []
    for cls in games():
        hints = typing.get_type_hints(cls.rules_type)
        options = [
            {
                "name": field.name,
                "default": field.default,
                "choices": option_choices(cls, field.name, hints[field.name]),
            }
            for field in dataclasses.fields(cls.rules_type)
        ]
        described.append(
            {
                "name": cls.name,
                "min_players": cls.min_players,
                "max_players": cls.max_players,
                "agents": list(cls.agents),
                "options": options,
                "notation": cls.text.NOTATION,
            }
        )
    return described


# --- one game behind the page ---------------------------------------------------------------


@dataclasses.dataclass
class Checkpoint:
    """Where the human came to decide: the history's length and the agents' RNGs then."""

    steps: int
    rngs: list[Rng]


class Table:
    """One game: the human's seat, the agents of the other seats, and the undo points.

    After every request the game rests where the human has to act: the human is
    polled, Clone War waits for its automatic step, or the game is over. The agents
    choose for every other polled seat, each with its own
    ``Rng(derive_seed(seed, 1 + seat))`` as in :func:`cardwars.play`.
    """

    def __init__(
        self, game: Game[Any, Any], seat: int, opponents: list[str], seed: int, game_id: str
    ) -> None:
        self.id = game_id
        self.game = game
        self.seat = seat
        self.opponents = opponents
        self.state: GameState[Any] = game.new_game(seed)
        self.agents: dict[int, Agent] = {}
        self.rngs: list[Rng] = []
        others = iter(opponents)
        for other in range(game.players):
            if other != seat:
                self.agents[other] = game.make_agent(next(others))
            self.rngs.append(cardwars.Rng(cardwars.derive_seed(seed, 1 + other)))
        self.checkpoints: list[Checkpoint] = []
        self._advance()

    # --- actions ------------------------------------------------------------------------------
    def move(self, data: object) -> None:
        """Play the human's move (wire format) with the agents' moves of the same step."""
        if self.seat not in self.state.to_act:
            raise RequestError(f"seat {self.seat} is not asked to move now")
        try:
            move = wire.decode_move(self.game, data)
        except cardwars.CardwarsError as exc:
            raise RequestError(f"not a move of {self.game.name}: {exc}") from None
        legal = self.state.legal_moves(self.seat)
        if move not in legal:
            listed = ", ".join(map(self.game.text.label, legal))
            raise RequestError(f"{data!r} is not a legal move now; the legal moves are: {listed}")
        self._play({self.seat: move})
        self._advance()

    def step(self, to_end: bool) -> None:
        """Clone War's automatic step: one battle, or every battle to the end of the game."""
        if self.state.is_over or self.state.to_act:
            raise RequestError("the game is not waiting for an automatic step")
        self._play({})
        while to_end and not self.state.is_over:
            self._play({})
        self._advance()

    def undo(self) -> None:
        """Go back to where the human decided last (the step before it, in Clone War)."""
        if len(self.checkpoints) < 2:
            raise RequestError("nothing to undo: this is the human's first decision")
        self.checkpoints.pop()
        target = self.checkpoints[-1]
        while len(self.state.history) > target.steps:
            self.state.undo()
        self.rngs = [rng.copy() for rng in target.rngs]

    # --- the engine -----------------------------------------------------------------------------
    def _play(self, moves: dict[int, Any]) -> None:
        """One step: ``moves`` and the agents' choices for every other polled seat."""
        for other in sorted(self.state.to_act - moves.keys()):
            moves[other] = self.agents[other].choose(
                self.state.observation(other), self.state.legal_moves(other), self.rngs[other]
            )
        self.state.apply(moves)

    def _advance(self) -> None:
        """Let the agents play until the human has something to do; remember that point."""
        state = self.state
        while not state.is_over and state.to_act and self.seat not in state.to_act:
            self._play({})
        self.checkpoints.append(Checkpoint(len(state.history), [rng.copy() for rng in self.rngs]))

    # --- what the page sees -------------------------------------------------------------------
    def view(self, since: int) -> dict[str, Any]:
        """The human seat's view, with its events from index ``since`` on: JSON data."""
        state, text, seat = self.state, self.game.text, self.seat
        observation = state.observation(seat)
        feed = state.events_for(seat)
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise RequestError(f"since must be an int >= 0, got {since!r}")
        since = min(since, len(feed))
        start = max(since, len(feed) - MAX_EVENTS)
        events = [
            {
                "index": index,
                "event": wire.encode(event),
                "text": text.describe(event) or f"({type(event).__name__})",
            }
            for index, event in enumerate(feed[start:], start)
        ]
        moves = [
            {"move": wire.encode(move), "label": text.label(move)}
            for move in state.legal_moves(seat)
        ]
        return {
            "id": self.id,
            "game": self.game.name,
            "players": self.game.players,
            "rules": wire.encode(self.game.rules),
            "seat": seat,
            "opponents": self.opponents,
            "seed": str(state.seed),  # a 64-bit seed is more than a JavaScript number holds
            "steps": len(state.history),
            "to_act": sorted(state.to_act),
            "automatic": not state.is_over and not state.to_act,
            "observation": wire.encode(observation),
            "board": text.render(observation),
            "legal_moves": moves,
            "since": since,
            "skipped": start - since,
            "events": events,
            "event_count": len(feed),
            "can_undo": len(self.checkpoints) > 1,
            "result": wire.encode(state.result),
            "result_text": describe_result(state.result, seat),
        }


def describe_result(result: Result | None, seat: int) -> str | None:
    """The result in one line, as the human's seat sees it."""
    if result is None:
        return None
    winners = sorted(result.winners)
    if not winners:
        outcome = "a draw"
    elif seat in winners and len(winners) == 1:
        outcome = "you win"
    else:
        outcome = " and ".join(f"P{w}" for w in winners) + (" win" if len(winners) > 1 else " wins")
    return f"Game over: {outcome} ({result.termination}, length {result.length})"


# --- reading requests -------------------------------------------------------------------------


def _int(data: dict[str, Any], key: str, default: int | None = None) -> int | None:
    value = data.get(key, default)
    if value is None or value == "":
        return default
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"{key} must be an integer, got {value!r}")
    return value


def new_table(data: dict[str, Any], game_id: str) -> Table:
    """A new game from the page's form: game, players, options, seat, opponents, seed."""
    name = data.get("game")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise RequestError(f"options must be an object of NAME: VALUE, got {options!r}")
    players = _int(data, "players")
    if players is not None:
        options = {**options, "players": players}
    try:
        game = cardwars.load_game(name, **options)  # type: ignore[arg-type]
    except (cardwars.CardwarsError, TypeError) as exc:
        raise RequestError(str(exc)) from None
    seat = _int(data, "seat", 0)
    assert seat is not None
    if not 0 <= seat < game.players:
        raise RequestError(f"seat must be 0..{game.players - 1}, got {seat}")
    opponents = data.get("opponents", "random")
    if isinstance(opponents, str):
        opponents = [opponents] * (game.players - 1)
    if (
        not isinstance(opponents, list)
        or len(opponents) != game.players - 1
        or any(agent not in game.agents for agent in opponents)
    ):
        raise RequestError(
            f"opponents must be one of {', '.join(game.agents)} or a list of "
            f"{game.players - 1} of them, got {opponents!r}"
        )
    seed = _int(data, "seed")
    if seed is None:
        seed = secrets.randbits(32)  # short enough to type in again
    if not 0 <= seed < 2**64:
        raise RequestError(f"seed must be an int in [0, 2**64), got {seed}")
    return Table(game, seat, list(opponents), seed, game_id)


# --- the HTTP server --------------------------------------------------------------------------


class Tables:
    """Every game the server is running, by id; one lock keeps requests apart."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self._tables: dict[str, Table] = {}

    def new(self, data: dict[str, Any]) -> Table:
        table = new_table(data, secrets.token_hex(8))
        self._tables[table.id] = table
        return table

    def get(self, data: dict[str, Any]) -> Table:
        table = self._tables.get(str(data.get("id")))
        if table is None:
            raise RequestError(f"no game with id {data.get('id')!r}; start a new game")
        return table


class Handler(BaseHTTPRequestHandler):
    """Serves the page and the JSON API (see the module)."""

    tables = Tables()

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        if url.path in ("/", "/index.html"):
            self._send(HTTPStatus.OK, (STATIC / "index.html").read_bytes(), "text/html")
        elif url.path == "/api/games":
            self._json(HTTPStatus.OK, describe_games())
        elif url.path == "/api/view":
            query = {key: values[-1] for key, values in parse_qs(url.query).items()}
            self._api(lambda: self.tables.get(query), query)
        else:
            self._json(HTTPStatus.NOT_FOUND, {"error": f"no such page: {url.path}"})

    def do_POST(self) -> None:
        path = urlsplit(self.path).path
        try:
            length = int(self.headers.get("Content-Length") or 0)
            data = json.loads(self.rfile.read(length) or b"{}")
        except ValueError as exc:
            self._json(HTTPStatus.BAD_REQUEST, {"error": f"the body is not JSON: {exc}"})
            return
        if not isinstance(data, dict):
            self._json(HTTPStatus.BAD_REQUEST, {"error": "the body must be a JSON object"})
            return
        tables = self.tables

        def act() -> Table:
            if path == "/api/new":
                return tables.new(data)
            table = tables.get(data)
            if path == "/api/move":
                table.move(data.get("move"))
            elif path == "/api/step":
                table.step(bool(data.get("to_end")))
            elif path == "/api/undo":
                table.undo()
            return table

        if path not in ("/api/new", "/api/move", "/api/step", "/api/undo"):
            self._json(HTTPStatus.NOT_FOUND, {"error": f"no such API call: {path}"})
            return
        self._api(act, data)

    def _api(self, act: Any, data: dict[str, Any]) -> None:
        """Run ``act()`` (returning the table) and send its view, or a 400 with the message."""
        with self.tables.lock:
            try:
                table = act()
                since = _int(data, "since", 0)
                assert since is not None
                self._json(HTTPStatus.OK, table.view(since))
            except RequestError as exc:
                self._json(HTTPStatus.BAD_REQUEST, {"error": str(exc)})
            except Exception as exc:  # a bug: say so on the page, not only in this terminal
                self.log_error("%s", traceback.format_exc())
                self._json(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": f"server error: {exc!r}"})

    def _json(self, status: HTTPStatus, value: object) -> None:
        self._send(status, json.dumps(value).encode(), "application/json")

    def _send(self, status: HTTPStatus, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", f"{content_type}; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Quiet: the API is called on every click (errors are still logged)."""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Play cardwars in a browser.")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="the port (0: pick a free one)")
    args = parser.parse_args(argv)
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    port = server.server_address[1]  # the one picked, for --port 0
    print(f"cardwars {cardwars.__version__}: open http://{args.host}:{port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
