"""Game records: save, load and replay games as versioned JSON (format: docs/records.rst)."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import types
import typing
from collections.abc import Mapping, Sequence
from typing import IO, Any, Final, NamedTuple, overload

from cardwars.cards import Card
from cardwars.engine import Event, Game, GameState, Move, Result
from cardwars.engine.game import StateT
from cardwars.errors import (
    SHORT,
    CardParseError,
    CardwarsError,
    RecordError,
    clip,
    describe,
    json_shown,
    wrong_type,
)
from cardwars.registry import game_class, game_names

__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "MAX_DEPTH",
    "VERSION",
    "Step",
    "decode_move",
    "dumps",
    "encode_move",
    "load",
    "loads",
    "read",
    "replay",
]

FORMAT = "cardwars-record"
VERSION = 1

MAX_BYTES: Final[int] = 64 * 2**20
"""Default cap on a record's size, 64 MiB of UTF-8 (a game's record is a few kilobytes)."""

MAX_DEPTH: Final[int] = 32
"""The deepest a record's JSON may nest; a game record nests about 4 levels."""

_READ_CHUNK = 2**20  # bytes read from a file at a time

_KEYS = ("format", "version", "game", "players", "rules", "seed", "agents", "steps", "result")
_OPTIONAL_KEYS = ("position",)  # a hand-built start; absent or null: the deal
_REQUIRED = ("format", "version", "game", "players", "rules", "seed", "steps", "result")

# A seat key is plain ASCII decimal without sign, spaces or leading zeros, as dumps() writes.
_SEAT_KEY = re.compile(r"0|[1-9][0-9]{0,8}")

# A record may be hostile (megabytes of text, deep nesting): messages show a short repr only.
_SHOWN = 80  # characters of a quoted value

_MAX_INDENT = 16  # the widest indent dumps() takes: a wider one only makes a bigger file


def _show(value: Any, limit: int = _SHOWN) -> str:
    """A repr of an untrusted value, at most ``limit`` characters: parsed JSON as reprlib shows
    it, anything else as :func:`~cardwars.errors.describe` does (no caller's code runs)."""
    try:
        text = SHORT.repr(value) if json_shown(value) else describe(value, limit)
    except Exception:  # e.g. an int too long to print
        text = describe(value, limit)
    return clip(text, limit)


def encode_move(move: Move) -> dict[str, Any]:
    """A move as a JSON-ready dict: its class name and its fields (cards as text).

    Raises:
        RecordError: ``move`` is not a dataclass.

    >>> from cardwars import aliwar
    >>> encode_move(aliwar.Switch(0, 5))
    {'move': 'Switch', 'a': 0, 'b': 5}
    """
    if not dataclasses.is_dataclass(move) or isinstance(move, type):
        raise RecordError(f"cannot encode {type(move).__name__}(): a move must be a dataclass")
    data: dict[str, Any] = {"move": type(move).__name__}
    for f in dataclasses.fields(move):
        value = getattr(move, f.name)
        data[f.name] = str(value) if isinstance(value, Card) else value
    return data


def _decode_field(value: Any, hint: Any, where: str) -> Any:
    options = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
    if value is None:
        if type(None) in options:
            return None
        raise RecordError(f"{where}: null is not allowed here")
    if Card in options:
        if not isinstance(value, str):
            raise RecordError(f"{where}: a card is written as text like 'QS', got {_show(value)}")
        try:
            return Card.parse(value)
        except CardParseError as exc:
            raise RecordError(f"{where}: {clip(str(exc))}") from None
    if int in options:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(f"{where}: expected an integer, got {_show(value)}")
        return value
    raise RecordError(f"{where}: cannot decode a field of type {hint!r}")  # pragma: no cover


def decode_move(data: Any, move_types: Mapping[str, type[Move]], where: str = "move") -> Move:
    """Rebuild a move from :func:`encode_move`'s dict, validating every field.

    >>> from cardwars import aliwar
    >>> kinds = {"Keep": aliwar.Keep, "Switch": aliwar.Switch}
    >>> decode_move({"move": "Keep", "card": "QD", "stack": 2}, kinds)
    Keep(card=Card(rank=Rank.QUEEN, suit=Suit.DIAMONDS), stack=2)
    """
    if not isinstance(data, dict):
        raise RecordError(
            f"{where}: a move is an object like {{'move': 'Switch', ...}}, got {_show(data)}"
        )
    name = data.get("move")
    cls = move_types.get(name) if isinstance(name, str) else None
    if cls is None and not move_types:  # Clone War: no move is ever polled
        raise RecordError(f"{where}: the game has no moves, got the move {_show(name)}")
    if cls is None:
        raise RecordError(
            f"{where}: unknown move {_show(name)}; the moves are {', '.join(sorted(move_types))}"
        )
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    extra = sorted(set(data) - {"move", *names})
    missing = sorted(set(names) - set(data))
    if extra or missing:
        raise RecordError(
            f"{where}: {name} takes fields {names}; missing {missing}, unexpected {_show(extra)}"
        )
    kwargs = {n: _decode_field(data[n], hints[n], f"{where}.{n}") for n in names}
    try:
        return cls(**kwargs)
    except (CardwarsError, ValueError, TypeError) as exc:
        raise RecordError(f"{where}: {clip(str(exc))}") from None


def _result_dict(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "winners": sorted(result.winners),
        "termination": result.termination,
        "length": result.length,
        "placings": list(result.placings),
    }


def _rules_of(state: GameState[Any]) -> Any:
    rules = getattr(state, "rules", None)
    if rules is None or not dataclasses.is_dataclass(rules):
        raise RecordError(f"{type(state).__name__} exposes no rules; it cannot be recorded")
    return rules


def dumps(
    state: GameState[Any], *, agents: Sequence[str] | None = None, indent: int | None = None
) -> str:
    """A game (finished or not) as record text: its start and every step so far.

    ``agents`` is None or one name (a str) per seat; ``indent`` is None (one line) or the
    spaces of each level, 0 to 16.

    Raises:
        ArgumentTypeError: ``state`` is not a game state, or ``indent`` not None or an int
            from 0 to 16 (a :class:`TypeError`, raised before anything is read).
        RecordError: a hand-built start its game cannot write, a determinized state (a
            drawn world has no record of its own), ``agents`` is not one name per seat, or
            the record would be one that :func:`loads` rejects.

    >>> import cardwars
    >>> final = cardwars.play(cardwars.load_game("clone-war"), ["random", "random"], seed=3)
    >>> loads(dumps(final, agents=["random", "random"])) == final
    True
    """
    if indent is not None and (type(indent) is not int or not 0 <= indent <= _MAX_INDENT):
        raise wrong_type("indent", f"None or an int from 0 to {_MAX_INDENT}", indent)
    if not isinstance(state, GameState):
        raise wrong_type("state", "a cardwars GameState", state)
    if getattr(getattr(state, "_start", None), "_past", None) is not None:  # a drawn world
        raise RecordError(
            "a determinized state cannot be recorded (its cards are drawn, its past is the "
            "game it was drawn from); record that game"
        )
    position = None
    if getattr(state, "hand_built", False):
        try:
            position = getattr(state, "_start", state)._position_data()
        except (CardwarsError, NotImplementedError) as exc:
            raise RecordError(f"this hand-built position cannot be recorded: {exc}") from None
    rules = _rules_of(state)
    names = _agent_names(agents, state.players)
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game_name,
        "players": state.players,
        "rules": dataclasses.asdict(rules),
        "seed": state.seed,
        "agents": names,
        "steps": [
            {str(seat): encode_move(move) for seat, move in step.items()} for step in state.history
        ],
        "result": _result_dict(state.result),
    }
    if position is not None:
        record["position"] = position
    try:
        text = json.dumps(record, indent=indent, ensure_ascii=False)
        _check_header(json.loads(text))  # what loads() checks first; cheap, no replay
    except RecordError as exc:
        raise RecordError(f"this game cannot be recorded: {exc}") from None
    except (TypeError, ValueError) as exc:  # e.g. a rules value JSON cannot hold
        raise RecordError(f"this game cannot be recorded: {clip(str(exc))}") from None
    return text


def _agent_names(agents: Any, players: int) -> list[str] | None:
    """``dumps(agents=...)`` checked the way :func:`loads` checks a record's agents."""
    if agents is None:
        return None
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        raise RecordError(
            f"agents must be None or a list of {players} agent names (one per seat), "
            f"got {_show(agents)}"
        )
    try:  # the caller's __len__ and __getitem__: the count first, so no huge list is built
        count = len(agents)
        names = [agents[seat] for seat in range(count)] if count == players else []
    except Exception as exc:
        raise RecordError(
            f"agents could not be read ({type(exc).__name__} while reading it); "
            f"pass a list of {players} agent names"
        ) from exc
    if count != players:
        raise RecordError(
            f"agents must name one agent per seat: {players} names, got {count}: {_show(agents)}"
        )
    for seat, name in enumerate(names):
        if not issubclass(type(name), str):
            shown = _show(name) if json_shown(name, 0) else f"{type(name).__name__} object"
            raise RecordError(
                f"agents must be the agents' names (strings); seat {seat} has {shown}"
            )
        names[seat] = str.__str__(name)  # a str subclass's copy, its methods never run
    return names


def _check_header(record: Any) -> tuple[Game[Any, Any], int]:
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, got {type(record).__name__}")
    missing = [k for k in _REQUIRED if k not in record]
    if missing:
        raise RecordError(f"the record lacks the field(s) {missing}")
    unknown = sorted(set(record) - set(_KEYS) - set(_OPTIONAL_KEYS))
    if unknown:
        raise RecordError(
            f"unknown field(s) {_show(unknown)}; a record has {list(_KEYS)} "
            f"and may have {list(_OPTIONAL_KEYS)}"
        )
    if record["format"] != FORMAT:
        raise RecordError(f"'format' must be {FORMAT!r}, got {_show(record['format'])}")
    version = record["version"]
    if type(version) is not int or version != VERSION:  # not True, not 1.0
        raise RecordError(
            f"unknown record version {_show(version)}; this cardwars reads version {VERSION}"
        )
    name = record["game"]
    if not isinstance(name, str) or name not in game_names():
        raise RecordError(f"unknown game {_show(name)}; the games are {', '.join(game_names())}")
    try:
        cls = game_class(name)
    except CardwarsError as exc:  # a plugin's game that cannot be used (a PluginError)
        raise RecordError(f"the record's game cannot be used: {clip(str(exc))}") from exc
    rules = record["rules"]
    if not isinstance(rules, dict):
        raise RecordError(f"'rules' must be an object of options, got {_show(rules)}")
    players = record["players"]
    if isinstance(players, bool) or not isinstance(players, int):
        raise RecordError(f"'players' must be an integer, got {_show(players)}")
    allowed = {f.name for f in dataclasses.fields(cls.rules_type)}
    if set(rules) != allowed:
        raise RecordError(
            f"'rules' must list every option of {name} exactly; "
            f"missing {sorted(allowed - set(rules))}, unknown {_show(sorted(set(rules) - allowed))}"
        )
    try:
        game = cls.from_options(players=players, **rules)
    except (CardwarsError, ValueError, TypeError) as exc:
        raise RecordError(f"bad rules or players in the record: {clip(str(exc))}") from None
    seed = record["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise RecordError(f"'seed' must be an integer in [0, 2**64), got {_show(seed)}")
    agents = record.get("agents")
    if agents is not None and (
        not isinstance(agents, list)
        or len(agents) != game.players
        or not all(isinstance(a, str) for a in agents)
    ):
        raise RecordError(f"'agents' must be null or {game.players} names, got {_show(agents)}")
    if not isinstance(record["steps"], list):
        raise RecordError("'steps' must be a list")
    return game, seed


class Step(NamedTuple):
    """One step of a replayed record: the state after it, its moves and its events.

    >>> import cardwars
    >>> final = cardwars.play(cardwars.load_game("clone-war"), ["random", "random"], seed=3)
    >>> replay(dumps(final))[1].moves
    {}
    """

    state: GameState[Any]
    moves: dict[int, Move]
    events: tuple[Event, ...]


def replay(
    record: str | bytes | bytearray | Mapping[str, Any], *, max_bytes: int = MAX_BYTES
) -> list[Step]:
    """Every step of a record (its JSON text or bytes, or the parsed object), after the start.

    ``steps[0]`` is the start, with no moves and no events. The whole record is validated
    (as by :func:`loads`, ``max_bytes`` too) before anything is returned; a parsed record may
    be any mapping (it is copied to a dict once, first).

    Raises:
        RecordError: as :func:`loads`.

    >>> import cardwars
    >>> final = cardwars.play(cardwars.load_game("aliwar"), ["random", "random"], seed=3)
    >>> replay(dumps(final))[-1].state == final
    True
    """
    max_bytes = _check_max_bytes(max_bytes)
    text = _exact_text(record)
    parse = text is not None
    if text is not None:
        _check_size(text, max_bytes)
    steps: list[Step] = []
    _guarded_replay(record if text is None else text, parse=parse, steps=steps)
    return steps


def _exact_text(text: object) -> str | bytes | None:
    """``text`` as an exact str or bytes, or None when it is neither text nor bytes. A subclass
    (or a bytearray, which could change while it is parsed) is copied by the built-in's own
    method, so none of its methods runs (a ``__len__`` that dodges ``max_bytes``, say)."""
    if type(text) is str or type(text) is bytes:
        return text
    if type(text) is bytearray:
        return bytes(text)
    if issubclass(type(text), str):  # not isinstance(): a __class__ property could fake that
        return str.__str__(typing.cast(str, text))
    if issubclass(type(text), bytes):
        return bytes.__getitem__(typing.cast(bytes, text), slice(None))
    return None


def _guarded_replay(source: Any, *, parse: bool, steps: list[Step] | None) -> GameState[Any]:
    """:func:`_replay` (after :func:`_parse` when ``parse``) letting only RecordError out."""
    try:
        record = _parse(source) if parse else source
        if not parse and type(record) is not dict and isinstance(record, Mapping):
            record = dict(record)  # read once, here, where its failures are the record's
        if _depth_exceeds(record, MAX_DEPTH):
            raise RecordError(
                "the record is nested too deeply to be a game record "
                f"(more than {MAX_DEPTH} levels)"
            )
        return _replay(record, steps)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError("the record is nested too deeply to be a game record") from None
    except Exception as exc:  # anything else the record provoked: still a bad record
        raise RecordError(
            f"the record cannot be replayed: {type(exc).__name__}: {clip(str(exc))}"
        ) from exc


def _replay(record: Any, steps: list[Step] | None) -> GameState[Any]:
    """Replay a parsed record; each step (the start first) goes to ``steps`` if given."""
    game, seed = _check_header(record)
    position = record.get("position")
    if position is None:
        state: GameState[Any] = game.new_game(seed)
    else:
        try:
            state = game._from_position(position, seed)
        except (CardwarsError, TypeError, ValueError) as exc:
            raise RecordError(f"position: {clip(str(exc))}") from None
    move_types = {cls.__name__: cls for cls in game.move_types}
    if steps is not None:
        steps.append(Step(state.copy(), {}, ()))
    for index, step in enumerate(record["steps"]):
        where = f"steps[{index}]"
        if not isinstance(step, dict):
            raise RecordError(f"{where}: a step maps seats to moves, got {_show(step)}")
        if step and not move_types:
            raise RecordError(
                f"{where}: {game.name} has no moves; a step is {{}}, got {_show(step)}"
            )
        moves: dict[int, Move] = {}
        for key, data in step.items():
            if not isinstance(key, str) or not _SEAT_KEY.fullmatch(key):
                raise RecordError(
                    f"{where}: seat keys are seat numbers written '0', '1', …, got {_show(key)}"
                )
            moves[int(key)] = decode_move(data, move_types, f"{where}[{key}]")
        try:
            events = state.apply(moves)
        except CardwarsError as exc:
            raise RecordError(f"{where}: {clip(str(exc))}") from None
        if steps is not None:
            steps.append(Step(state.copy(), moves, events))
    expected = record["result"]
    actual = _result_dict(state.result)
    if type(expected) is dict and not _whole_numbers(expected):  # == takes true for 1, 8.0 for 8
        raise RecordError(
            "the stored result's winners, length and placings must be integers, "
            f"got {_show(expected, 200)}"
        )
    if expected != actual:
        raise RecordError(
            f"the stored result {_show(expected, 200)} does not match "
            f"the replayed game's {actual!r}"
        )
    return state


def _whole_numbers(result: dict[str, Any]) -> bool:
    """Whether a stored result holds ints (not bools, not floats) where a result has numbers."""
    numbers = [result.get("length")]
    for key in ("winners", "placings"):
        items = result.get(key)
        if type(items) is list:
            numbers.extend(items)
    return all(type(number) is int for number in numbers if number is not None)


def _check_max_bytes(max_bytes: object) -> int:
    if type(max_bytes) is not int or max_bytes < 1:
        shown = (
            _show(max_bytes) if type(max_bytes) in (int, float, str) else type(max_bytes).__name__
        )
        raise RecordError(f"max_bytes must be an int >= 1, got {shown}")
    return max_bytes


def _check_size(text: str | bytes, max_bytes: int) -> None:
    """RecordError if ``text`` is longer than ``max_bytes`` bytes (a str as UTF-8)."""
    size = len(text)
    if isinstance(text, str) and max_bytes // 4 < size <= max_bytes:
        size = len(text.encode("utf-8", "surrogatepass"))  # only when it may matter
    if size > max_bytes:
        raise _too_large(max_bytes)


def _too_large(max_bytes: int) -> RecordError:
    return RecordError(
        f"the record is larger than max_bytes={max_bytes} bytes; pass a larger max_bytes to read it"
    )


def _depth_exceeds(value: Any, limit: int) -> bool:
    """True when ``value`` (parsed JSON) nests more than ``limit`` levels; no recursion."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in item if isinstance(child, (dict, list)))
    return False


def _parse(text: str | bytes) -> Any:
    try:
        return json.loads(text)
    except RecursionError:
        raise RecordError(
            "the record is nested too deeply to be a game record (a record nests a few levels)"
        ) from None
    except MemoryError:
        raise RecordError("the record is too large to parse") from None
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError, ValueError) as exc:
        raise RecordError(f"not JSON: {clip(str(exc))}") from None


def read(source: str | os.PathLike[str] | IO[bytes], *, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a record file (a path, or a binary file from where it is), capped.

    Raises:
        RecordError: the file holds more than ``max_bytes`` bytes (found reading at most
            ``max_bytes + 1``).
        OSError: the file cannot be opened or read.
        ArgumentTypeError: ``source`` is neither a path nor a file, or a path no file can have
            (a NUL character in it; a :class:`TypeError`).

    >>> import io
    >>> read(io.BytesIO(b'{"format": "cardwars-record"}'))
    b'{"format": "cardwars-record"}'
    """
    max_bytes = _check_max_bytes(max_bytes)
    if isinstance(source, (str, os.PathLike)):
        try:
            file = open(source, "rb")  # noqa: SIM115 - closed by the with below
        except (ValueError, TypeError) as exc:  # a NUL in the path, a bad __fspath__
            raise wrong_type(
                "source", "a path (str or os.PathLike, without NUL) or a binary file", source
            ) from exc
        with file:
            return _read_capped(file, max_bytes)
    if isinstance(source, (bytes, bytearray)) or not callable(getattr(source, "read", None)):
        raise wrong_type("source", "a path (str or os.PathLike) or a binary file", source)
    return _read_capped(source, max_bytes)


def _read_capped(file: IO[bytes], max_bytes: int) -> bytes:
    data = bytearray()
    while len(data) <= max_bytes:
        try:
            chunk = file.read(min(_READ_CHUNK, max_bytes + 1 - len(data)))
            if not chunk:
                return bytes(data)
            if not isinstance(chunk, bytes):
                raise RecordError("read() takes a path or a file opened in binary mode ('rb')")
            data += chunk
        except MemoryError:
            raise RecordError(
                f"the record does not fit in memory ({len(data)} bytes read)"
            ) from None
    raise _too_large(max_bytes)


@overload
def loads(text: str | bytes | bytearray, *, max_bytes: int = ...) -> GameState[Any]: ...
@overload
def loads(
    text: str | bytes | bytearray, game: Game[Any, StateT], *, max_bytes: int = ...
) -> StateT: ...


def loads(
    text: str | bytes | bytearray, game: Game[Any, Any] | None = None, *, max_bytes: int = MAX_BYTES
) -> GameState[Any]:
    """The state a record ends in: validated, every move replayed, the result checked.

    ``text`` is a str or its UTF-8 bytes; ``game``, when given, is the game (name, players
    and rules) the record must be of, and types the state.

    Raises:
        RecordError: any fault of the record (text larger than ``max_bytes``, bad JSON, an
            unknown version, game or option, a seat key other than ``"0"``, ``"1"`` ..., an
            illegal move, a stored result that does not match); no other exception escapes,
            and nothing is half-built.
        ArgumentTypeError: ``text`` is not a str, bytes or bytearray, or ``game`` not a Game
            (a :class:`TypeError`, raised before anything is read).

    >>> import cardwars
    >>> final = cardwars.play(cardwars.load_game("guerrilla"), ["greedy", "random"], seed=3)
    >>> loads(dumps(final)) == final
    True
    """
    exact = _exact_text(text)
    if exact is None:
        raise wrong_type("text", "a str, bytes or bytearray", text)
    if game is not None and not isinstance(game, Game):
        raise wrong_type("game", "a cardwars Game or None", game)
    max_bytes = _check_max_bytes(max_bytes)
    _check_size(exact, max_bytes)
    state = _guarded_replay(exact, parse=True, steps=None)
    if game is not None:
        expected = (game.name, game.players, game.rules)
        found = (state.game_name, state.players, getattr(state, "rules", None))
        if found != expected:
            raise RecordError(
                f"the record is a game of {found[0]} with {found[1]} players and "
                f"{describe(found[2], 300)}, not of {game.name} with {game.players} players and "
                f"{describe(game.rules, 300)}"
            )
    return state


@overload
def load(source: str | os.PathLike[str] | IO[bytes], *, max_bytes: int = ...) -> GameState[Any]: ...
@overload
def load(
    source: str | os.PathLike[str] | IO[bytes], game: Game[Any, StateT], *, max_bytes: int = ...
) -> StateT: ...


def load(
    source: str | os.PathLike[str] | IO[bytes],
    game: Game[Any, Any] | None = None,
    *,
    max_bytes: int = MAX_BYTES,
) -> GameState[Any]:
    """:func:`loads` of a record file: ``loads(read(source, max_bytes=...), game)``.

    Raises:
        RecordError: as :func:`read` and :func:`loads`.
        OSError: the file cannot be opened or read.
        ArgumentTypeError: ``source`` is neither a path nor a file (or a path with a NUL in it),
            or ``game`` not a Game.

    >>> import cardwars, io
    >>> final = cardwars.play(cardwars.load_game("clone-war"), ["random", "random"], seed=3)
    >>> load(io.BytesIO(dumps(final).encode())) == final
    True
    """
    if game is not None and not isinstance(game, Game):
        raise wrong_type("game", "a cardwars Game or None", game)
    text = read(source, max_bytes=max_bytes)
    if game is None:
        return loads(text, max_bytes=max_bytes)
    return loads(text, game, max_bytes=max_bytes)
