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

Each game is a :class:`cardwars.Table` with the human at one seat and the
built-in agents at the others; a view is the table's
:meth:`~cardwars.table.Table.view` of the human's seat in the wire format, so it
holds only what that seat may know: its observation, its legal moves (with their
labels), and the events of its feed.
The god's-eye state and the other seats' observations never leave the server.
A bad request gets HTTP 400 and ``{"error": "<message>"}``, and changes nothing; a
move the rules refuse adds ``"detail"``, the library's error as
:func:`cardwars.wire.encode_error` gives it (its kind, the seat, the move and the
legal moves as labels and as wire documents).
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
from typing import Any
from urllib.parse import parse_qs, urlsplit

import cardwars
from cardwars import wire
from cardwars.engine import Game, Result
from cardwars.registry import games

STATIC = Path(__file__).resolve().parent / "static"


class RequestError(Exception):
    """A request the server refuses with HTTP 400 and this message (and the library's
    error behind it, if any, sent as ``detail``)."""

    def __init__(self, message: str, error: cardwars.CardwarsError | None = None) -> None:
        super().__init__(message)
        self.error = error


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


class Session:
    """One game behind the page: a :class:`cardwars.Table` with the human's seat and its id.

    The table plays the opponents (each drawing from ``Rng(derive_seed(seed, 1 + seat))``
    as in :func:`cardwars.play`) and rests where the human is polled; Clone War's
    table also rests before each battle (``pause_automatic``), for *Next battle*.
    """

    def __init__(
        self, game: Game[Any, Any], seat: int, opponents: list[str], seed: int, game_id: str
    ) -> None:
        self.id = game_id
        self.seat = seat
        self.opponents = opponents
        others = iter(opponents)
        agents = {other: next(others) for other in range(game.players) if other != seat}
        self.table: cardwars.Table[Any, Any, Any] = cardwars.Table(
            game, agents, seed=seed, pause_automatic=True
        )

    def move(self, data: object) -> None:
        """Play the human's move (wire format); the table plays the opponents on."""
        if self.seat not in self.table.waiting_for:
            raise RequestError(f"seat {self.seat} is not asked to move now")
        try:
            move = wire.decode_move(self.table.game, data)
        except cardwars.CardwarsError as exc:
            raise RequestError(f"not a move of {self.table.game.name}: {exc}", exc) from None
        try:
            self.table.play({self.seat: move})
        except cardwars.CardwarsError as exc:
            raise RequestError(f"not a legal move now: {exc}", exc) from None

    def step(self, to_end: bool) -> None:
        """Clone War's automatic step: one battle, or every battle to the end of the game."""
        if not self.table.automatic:
            raise RequestError("the game is not waiting for an automatic step")
        self.table.play({})
        while to_end and self.table.automatic:
            self.table.play({})

    def undo(self) -> None:
        """Back to the human's previous decision (the previous battle, in Clone War)."""
        try:
            self.table.undo()
        except cardwars.UsageError as exc:
            raise RequestError(str(exc)) from None

    def view(self, since: int) -> dict[str, Any]:
        """The human seat's view (:meth:`cardwars.Table.view`) with the page's extras: JSON."""
        table, seat = self.table, self.seat
        try:
            view = table.view(seat, since=since)
        except cardwars.UsageError as exc:
            raise RequestError(str(exc)) from None
        data: wire.JsonObject = wire.encode(view)
        data["legal_moves"] = [
            {"move": wire.encode(move), "label": label}
            for move, label in zip(view.legal_moves, view.labels, strict=True)
        ]
        state = table.state
        data.update(
            id=self.id,
            game=table.game.name,
            players=table.game.players,
            rules=wire.encode(table.game.rules),
            opponents=list[wire.JsonValue](self.opponents),
            seed=str(state.seed),  # a 64-bit seed is more than a JavaScript number holds
            to_act=sorted(state.to_act),
            since=view.events_from,
            result_text=describe_result(view.result, seat),
        )
        return data


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


def new_session(data: dict[str, Any], game_id: str) -> Session:
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
    return Session(game, seat, list(opponents), seed, game_id)


# --- the HTTP server --------------------------------------------------------------------------


class Sessions:
    """Every game the server is running, by id; one lock keeps requests apart."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self._sessions: dict[str, Session] = {}

    def new(self, data: dict[str, Any]) -> Session:
        session = new_session(data, secrets.token_hex(8))
        self._sessions[session.id] = session
        return session

    def get(self, data: dict[str, Any]) -> Session:
        session = self._sessions.get(str(data.get("id")))
        if session is None:
            raise RequestError(f"no game with id {data.get('id')!r}; start a new game")
        return session


class Handler(BaseHTTPRequestHandler):
    """Serves the page and the JSON API (see the module)."""

    sessions = Sessions()

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        if url.path in ("/", "/index.html"):
            self._send(HTTPStatus.OK, (STATIC / "index.html").read_bytes(), "text/html")
        elif url.path == "/api/games":
            self._json(HTTPStatus.OK, describe_games())
        elif url.path == "/api/view":
            query = {key: values[-1] for key, values in parse_qs(url.query).items()}
            self._api(lambda: self.sessions.get(query), query)
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
        sessions = self.sessions

        def act() -> Session:
            if path == "/api/new":
                return sessions.new(data)
            session = sessions.get(data)
            if path == "/api/move":
                session.move(data.get("move"))
            elif path == "/api/step":
                session.step(bool(data.get("to_end")))
            elif path == "/api/undo":
                session.undo()
            return session

        if path not in ("/api/new", "/api/move", "/api/step", "/api/undo"):
            self._json(HTTPStatus.NOT_FOUND, {"error": f"no such API call: {path}"})
            return
        self._api(act, data)

    def _api(self, act: Any, data: dict[str, Any]) -> None:
        """Run ``act()`` (returning the session) and send its view, or a 400 with the message."""
        with self.sessions.lock:
            try:
                session = act()
                since = _int(data, "since", 0)
                assert since is not None
                self._json(HTTPStatus.OK, session.view(since))
            except RequestError as exc:
                body: dict[str, object] = {"error": str(exc)}
                if exc.error is not None:
                    body["detail"] = wire.encode_error(exc.error)
                self._json(HTTPStatus.BAD_REQUEST, body)
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
