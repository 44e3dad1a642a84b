"""JSON for front ends: every move, event, observation and result, both ways, with a schema.

The format and what :func:`decode` accepts (what :func:`schema` accepts): docs/api/wire.rst.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import functools
import inspect
import json
import re
import types
import typing
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, TypedDict, TypeVar, Union, overload

from cardwars import documents
from cardwars.cards import Card
from cardwars.documents import encode_value
from cardwars.engine import Event, Game, Move, Observation, Result
from cardwars.errors import (
    SHORT,
    ArgumentTypeError,
    CardwarsError,
    IllegalMoveError,
    RecordError,
    describe,
    json_shown,
    plain_int,
    wrong_type,
)
from cardwars.options import option_table

if TYPE_CHECKING:
    from cardwars import aliwar, clone_war, guerrilla
    from cardwars.aliwar.moves import AliwarMove
    from cardwars.guerrilla.moves import GuerrillaMove
    from cardwars.table import SeatEvent, SeatView

__all__ = [
    "ErrorDocument",
    "JsonObject",
    "JsonValue",
    "decode",
    "decode_event",
    "decode_move",
    "decode_observation",
    "encode",
    "encode_error",
    "schema",
]

JsonValue: TypeAlias = documents.JsonValue
"""Any JSON value as :func:`json.loads` returns it and :func:`encode` writes it."""

JsonObject: TypeAlias = documents.JsonObject
"""The JSON object that :func:`encode` makes of a move, an event, an observation, a
result, a game's ``Rules``, a step's ``{seat: move}`` or a table's view of a seat
(:class:`~cardwars.table.SeatView`)."""

JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
# "(?!\n)" keeps Python's "$" (which also matches before a final newline) at the very end,
# as "$" is in the ECMA-262 patterns of JSON Schema.
_CARD_PATTERN = r"^(10|[2-9TJQKA])[CDHS][0-3]?(?!\n)$"
_SEAT_PATTERN = r"^(0|[1-9][0-9]{0,8})(?!\n)$"
_BASES = (Move, Event, Observation)


# --- encode ----------------------------------------------------------------------------------


@overload
def encode(value: None) -> None: ...
@overload
def encode(
    value: Move
    | Event
    | Observation
    | Result
    | aliwar.Rules
    | clone_war.Rules
    | guerrilla.Rules
    | Mapping[int, Move]
    | SeatView[Any, Any]
    | SeatEvent,
) -> JsonObject: ...
@overload
def encode(
    value: tuple[object, ...] | frozenset[object] | list[Any] | set[Any],
) -> list[JsonValue]: ...
@overload
def encode(value: Card | enum.Enum) -> str: ...
@overload
def encode(value: object) -> JsonValue: ...


def encode(value: object) -> JsonValue:
    """``value`` as JSON-ready data (dicts, lists, str, int, bool and None only).

    Raises:
        ArgumentTypeError: a value that is none of the engine's (described in the message), a
            set whose items do not sort, a value nested too deeply (one that holds itself), or
            one whose own methods fail (a :class:`TypeError`).

    >>> from cardwars import clone_war
    >>> encode(clone_war.PotCollected(seat=1, cards=6, shuffled=False))
    {'type': 'PotCollected', 'seat': 1, 'cards': 6, 'shuffled': False}
    """
    try:
        return encode_value(value)
    except CardwarsError:
        raise
    except Exception as exc:  # the value's own methods (a field's getter, a mapping's items())
        raise ArgumentTypeError(
            f"encode() cannot read {describe(value)} ({type(exc).__name__} while reading it)"
        ) from exc


# --- errors ----------------------------------------------------------------------------------


class ErrorDocument(TypedDict):
    """The JSON form of an error (:func:`encode_error`).

    >>> from cardwars.errors import UsageError
    >>> encode_error(UsageError("seat must be 0..1, got 7"))["message"]
    'seat must be 0..1, got 7'
    """

    kind: str
    """The name of the error's class (``"IllegalMoveError"``, ``"UsageError"`` ...)."""
    message: str
    """The error's message, as ``str(error)`` gives it."""
    fields: JsonObject
    """The fields by name (an :class:`~cardwars.errors.IllegalMoveError`'s ``seat``, ``move``,
    ``move_wire``, ``action``, ``legal``, ``legal_wire``, ``legal_actions``; else empty)."""


_ERROR_FIELDS = ("seat", "move", "move_wire", "action", "legal", "legal_wire", "legal_actions")


def encode_error(error: CardwarsError) -> ErrorDocument:
    """``error`` as an :class:`ErrorDocument` for a front end: its kind, message and fields.

    Raises:
        TypeError: ``error`` is not a :class:`~cardwars.errors.CardwarsError`.

    >>> import cardwars
    >>> encode_error(cardwars.UsageError("unknown game 'chess'"))
    {'kind': 'UsageError', 'message': "unknown game 'chess'", 'fields': {}}
    """
    if not isinstance(error, CardwarsError):
        raise TypeError(
            f"encode_error() takes a cardwars error, got {describe(error)} ({type(error).__name__})"
        )
    args = error.args
    message = args[0] if len(args) == 1 and type(args[0]) is str else describe(args)
    fields: JsonObject = {}
    if isinstance(error, IllegalMoveError):
        for name in _ERROR_FIELDS:
            fields[name] = _plain_data(error.__dict__.get(name))
    return {"kind": type(error).__name__, "message": message, "fields": fields}


def _plain_data(value: object) -> JsonValue:
    """A field's value as JSON data: the plain data kept as it is, tuples as lists."""
    if value is None or (isinstance(value, (bool, int, str)) and type(value) in (bool, int, str)):
        return value
    if type(value) is tuple or type(value) is list:
        return [_plain_data(item) for item in value]
    if type(value) is dict:
        return {str(key): _plain_data(item) for key, item in value.items()}
    return describe(value)  # a field someone set to another value: its description


# --- decode ----------------------------------------------------------------------------------


def decode(game: Game[Any, Any], data: object) -> object:
    """The object (a tuple for a list), equal to the one encoded, that ``data`` stands for.

    Raises:
        RecordError: data that is not a value of this game; the message says where.
        UsageError: ``game`` is not a game.

    >>> import cardwars
    >>> decode(cardwars.load_game("guerrilla"), {"type": "Pass"})
    Pass()
    """
    classes = _game_classes(game)
    data = _exact(data, "the value")
    try:
        if type(data) is list:
            return tuple(
                _decode_one(classes, item, f"the value[{index}]") for index, item in enumerate(data)
            )
        return _decode_one(classes, data, "the value")
    except RecursionError:  # pragma: no cover - decode descends only as deep as the types
        raise RecordError("the value is nested too deeply") from None


@overload
def decode_move(game: aliwar.Aliwar, data: object) -> AliwarMove: ...
@overload
def decode_move(game: guerrilla.Guerrilla, data: object) -> GuerrillaMove: ...
@overload
def decode_move(game: Game[Any, Any], data: object) -> Move: ...


def decode_move(game: Game[Any, Any], data: object) -> Move:
    """The move of ``game`` (typed as the game's own move type) that ``data`` stands for.

    Raises:
        RecordError: data that is no move of this game (Clone War has none).
        UsageError: ``game`` is not a game.

    >>> import cardwars
    >>> decode_move(cardwars.load_game("aliwar"), {"type": "Switch", "a": 0, "b": 5})
    Switch(a=0, b=5)
    """
    return _decode_kind(game, data, Move, "move")


def decode_event(game: Game[Any, Any], data: object) -> Event:
    """The event of ``game`` that ``data`` (one encoded event) stands for.

    Raises:
        RecordError: data that is no event of this game.
        UsageError: ``game`` is not a game.

    >>> import cardwars
    >>> decode_event(cardwars.load_game("guerrilla"), {"type": "SpyFlagSet", "seat": 1})
    SpyFlagSet(seat=1)
    """
    return _decode_kind(game, data, Event, "event")


@overload
def decode_observation(game: aliwar.Aliwar, data: object) -> aliwar.AliwarObservation: ...
@overload
def decode_observation(game: clone_war.CloneWar, data: object) -> clone_war.CloneWarObservation: ...
@overload
def decode_observation(
    game: guerrilla.Guerrilla, data: object
) -> guerrilla.GuerrillaObservation: ...
@overload
def decode_observation(game: Game[Any, Any], data: object) -> Observation: ...


def decode_observation(game: Game[Any, Any], data: object) -> Observation:
    """The observation of ``game`` (typed as its own class) that ``data`` stands for.

    Raises:
        RecordError: data that is no observation of this game.
        UsageError: ``game`` is not a game.

    >>> import cardwars
    >>> game = cardwars.load_game("guerrilla")
    >>> observation = game.new_game(seed=42).observation(0)
    >>> decode_observation(game, encode(observation)) == observation
    True
    """
    return _decode_kind(game, data, Observation, "observation")


_KindT = TypeVar("_KindT", Move, Event, Observation)


def _game_classes(game: object) -> dict[str, type]:
    if not isinstance(game, Game):
        raise wrong_type("game", "a cardwars Game (from cardwars.load_game)", game)
    return _classes(type(game))


def _decode_kind(game: Game[Any, Any], data: object, kind: type[_KindT], what: str) -> _KindT:
    """One value of one kind (a move, an event, an observation) of ``game``."""
    classes = _game_classes(game)
    allowed = [name for name, cls in classes.items() if issubclass(cls, kind)]
    data = _exact(data, f"the {what}")
    name = data.get("type") if type(data) is dict else None
    if not isinstance(name, str) or name not in allowed:
        if not allowed:
            raise RecordError(f"the {what}: {game.name} has no {what}s, got {_clip(data)}")
        raise RecordError(
            f'the {what}: expected an object whose "type" is one of {", ".join(allowed)}, '
            f"got {_clip(data)}"
        )
    try:
        value = _decode_object(classes, data, f"the {what}")
    except RecursionError:  # pragma: no cover - decode descends only as deep as the types
        raise RecordError(f"the {what} is nested too deeply") from None
    if not isinstance(value, kind):  # pragma: no cover - the name was one of the kind's
        raise RecordError(f"the {what}: expected a {kind.__name__}, got {type(value).__name__}")
    return value


def _decode_one(classes: dict[str, type], data: object, where: str) -> Any:
    """One value: an object of one of ``classes``, or a step ``{seat: move}``."""
    data = _exact(data, where)
    if type(data) is dict and "type" not in data:
        return {
            _seat(key, where): _decode_value(classes, Move, item, f"{where}[{_clip(key)}]")
            for key, item in data.items()
        }
    return _decode_object(classes, data, where)


def _seat(key: object, where: str) -> int:
    if not isinstance(key, str) or not key.isascii() or not key.isdigit() or len(key) > 9:
        raise RecordError(f"{where}: a seat key is a decimal string, got {_clip(key)}")
    if len(key) > 1 and key.startswith("0"):
        raise RecordError(f"{where}: a seat key has no leading zero, got {_clip(key)}")
    return int(key)


_RULES_TYPES: set[type] = set()  # every game's Rules: checked by options.check_options


@functools.cache
def _classes(game: type[Game[Any, Any]]) -> dict[str, type]:
    """The classes a game's data may name, by name."""
    classes: dict[str, type] = {"Result": Result, "Rules": game.rules_type}
    _RULES_TYPES.add(game.rules_type)
    for cls in (*game.move_types, *game.event_types, game.observation_type):
        classes[cls.__name__] = cls
    return classes


def _decode_object(classes: dict[str, type], data: object, where: str) -> Any:
    data = _exact(data, where)
    if type(data) is not dict:
        raise RecordError(f'{where}: expected an object with a "type", got {_clip(data)}')
    name = data.get("type")
    cls = classes.get(name) if isinstance(name, str) else None
    if cls is None:
        raise RecordError(
            f"{where}: unknown type {_clip(name)}; expected one of {', '.join(sorted(classes))}"
        )
    hints = _hints(cls)
    expected = set(hints) | {"type"}
    if set(data) != expected:
        missing, extra = sorted(expected - set(data)), sorted(set(data) - expected)
        raise RecordError(
            f"{where}: {name} needs the fields {sorted(hints)}; "
            f"missing {missing}, unexpected {extra}"
        )
    bounds = _bounds(cls)
    values = {
        field: _decode_value(classes, hint, data[field], f"{where}.{field}", bounds.get(field))
        for field, hint in hints.items()
    }
    try:
        return cls(**values)
    except Exception as exc:  # a value the class itself refuses (Rules checks its options)
        raise RecordError(f"{where}: not a valid {name}: {exc}") from exc


@functools.cache
def _bounds(cls: type) -> dict[str, Any]:
    """By field, what ``cls`` checks beyond types: ``(low, high)`` or allowed strings."""
    if cls in _RULES_TYPES:
        _, choices, counts = option_table(cls)
        return {**choices, **counts}
    declared = getattr(cls, "wire_bounds", None)
    if not isinstance(declared, dict):
        return {}
    return {
        field: (int(bound[0]), int(bound[1]))
        for field, bound in declared.items()
        if isinstance(field, str) and isinstance(bound, tuple) and len(bound) == 2
    }


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    return {field.name: hints[field.name] for field in dataclasses.fields(cls)}


def _decode_value(
    classes: dict[str, type], hint: Any, data: object, where: str, bound: Any = None
) -> Any:
    data = _exact(data, where)
    origin = typing.get_origin(hint)
    if origin is Literal:
        allowed = typing.get_args(hint)
        if (
            type(data) not in (bool, int, str)
            or data not in allowed
            or (type(data) is bool) != (type(allowed[0]) is bool)
        ):
            raise RecordError(f"{where}: expected one of {list(allowed)}, got {_clip(data)}")
        return data
    if origin in (Union, types.UnionType):
        options = typing.get_args(hint)
        if data is None and type(None) in options:
            return None
        (inner,) = [option for option in options if option is not type(None)]
        return _decode_value(classes, inner, data, where, bound)
    if origin is tuple:
        args = typing.get_args(hint)
        if type(data) is not list:
            raise RecordError(f"{where}: expected a list, got {_clip(data)}")
        if len(args) == 2 and args[1] is Ellipsis:
            args = (args[0],) * len(data)
        elif len(data) != len(args):
            raise RecordError(f"{where}: expected {len(args)} items, got {len(data)}")
        return tuple(
            _decode_value(classes, arg, item, f"{where}[{i}]")
            for i, (arg, item) in enumerate(zip(args, data, strict=True))
        )
    if origin is frozenset:
        (arg,) = typing.get_args(hint)
        if type(data) is not list:
            raise RecordError(f"{where}: expected a list, got {_clip(data)}")
        items = [_decode_value(classes, arg, item, where) for item in data]
        value = frozenset(items)
        if len(value) != len(items):
            raise RecordError(f"{where}: a set lists each item once, got {_clip(data)}")
        return value
    if hint is bool:
        if type(data) is not bool:
            raise RecordError(f"{where}: expected true or false, got {_clip(data)}")
        return data
    if hint is int:
        if type(data) is float and data.is_integer():
            data = int(data)  # a JSON integer may be written 5.0
        if type(data) is not int:
            raise RecordError(f"{where}: expected an integer, got {_clip(data)}")
        if bound is not None and not bound[0] <= data <= bound[1]:
            raise RecordError(
                f"{where}: expected an integer {bound[0]}..{bound[1]}, got {describe(data)}"
            )
        return data
    if hint is str:
        if type(data) is not str:
            raise RecordError(f"{where}: expected a string, got {_clip(data)}")
        if bound is not None and data not in bound:
            raise RecordError(f"{where}: expected one of {', '.join(bound)}, got {_clip(data)}")
        return data
    if hint is Card:
        if type(data) is not str or not re.search(_CARD_PATTERN, data):
            raise RecordError(f'{where}: expected a card such as "KC", got {_clip(data)}')
        try:
            return Card.parse(data)
        except ValueError as exc:
            raise RecordError(f"{where}: {exc}") from exc
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        if type(data) is not str or data not in hint.__members__:
            raise RecordError(
                f"{where}: expected one of {', '.join(hint.__members__)}, got {_clip(data)}"
            )
        return hint[data]
    if isinstance(hint, type) and (hint in _BASES or dataclasses.is_dataclass(hint)):
        value = _decode_object(classes, data, where)  # of a base: any subclass; else exactly
        if not isinstance(value, hint) or (hint not in _BASES and type(value) is not hint):
            raise RecordError(f"{where}: expected a {hint.__name__}, got {type(value).__name__}")
        return value
    raise TypeError(f"no JSON form for the annotation {hint!r}")  # pragma: no cover


def _exact(data: object, where: str) -> object:
    """``data`` read as JSON of exact built-in types, so that no caller's method runs later (a
    ``__len__``, a dict's ``get``, an int's comparisons): a subclass of str, int, float, list or
    dict copied by the built-in's own method, a dict's keys checked to be str; else unchanged.

    Raises:
        RecordError: an object key that is not a string.
    """
    kind, value = type(data), typing.cast(Any, data)  # checked by issubclass(), not faked
    if kind is str or kind is int or kind is float or kind is bool or kind is list:
        return data
    if kind is dict and all(type(key) is str for key in value):
        return data
    if issubclass(kind, dict):
        copy: dict[str, object] = {}
        for key, item in dict.items(value):  # its own storage, not a subclass's items()
            if not issubclass(type(key), str):
                raise RecordError(f"{where}: an object's keys are strings, got {_clip(key)}")
            copy[str.__str__(key)] = item
        return copy
    if issubclass(kind, str):
        return str.__str__(value)
    if issubclass(kind, int):  # an always-true __ge__ would pass any bound
        return plain_int(value)
    if issubclass(kind, float):
        return float.__float__(value)
    if issubclass(kind, list):  # its own items: not its __len__ or __iter__
        return list.copy(value)
    return data


def _clip(value: object) -> str:
    """A short repr of untrusted data: at most 80 characters, any size or depth; JSON of exact
    types as reprlib shows it, anything else as :func:`~cardwars.errors.describe` does."""
    if value is None:
        return "null"
    try:
        text = SHORT.repr(value) if json_shown(value) else describe(value)
    except Exception:  # e.g. an int too long to print
        text = describe(value)
    return text if len(text) <= 80 else text[:77] + "..."


# --- schema ----------------------------------------------------------------------------------


def schema(game: Game[Any, Any]) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every value of ``game``: moves, events, observations,
    results and rules under ``$defs`` by class name, and a step's ``{seat: move}`` (``Step``);
    the root accepts any of them or a list of them.

    Raises:
        ArgumentTypeError: ``game`` is not a :class:`~cardwars.engine.Game`.

    >>> import cardwars
    >>> schema(cardwars.load_game("aliwar"))["$defs"]["Switch"]["required"]
    ['type', 'a', 'b']
    """
    if not isinstance(game, Game):
        raise wrong_type("game", "a cardwars Game (from cardwars.load_game)", game)
    return copy.deepcopy(_schema_of(type(game)))


@functools.cache
def _schema_of(game: type[Game[Any, Any]]) -> dict[str, Any]:
    classes = _classes(game)
    defs = {name: _class_schema(cls) for name, cls in classes.items()}
    # Fields typed by a base class (a Move, an Event) take any of the game's subclasses.
    for base in _BASES:
        refs = [
            {"$ref": f"#/$defs/{name}"} for name, cls in classes.items() if issubclass(cls, base)
        ]
        kind = f"{base.__name__}s"
        words = {"description": f"Any of the game's {kind.lower()}."}
        defs[kind] = {**words, "anyOf": refs} if refs else {**words, "not": {}}
    defs["Step"] = {
        "description": "One step's moves, by seat (a seat is a decimal string).",
        "type": "object",
        "patternProperties": {_SEAT_PATTERN: {"$ref": "#/$defs/Moves"}},
        "additionalProperties": False,
    }
    value = {"anyOf": [{"$ref": f"#/$defs/{name}"} for name in (*classes, "Step")]}
    return {
        "$schema": JSON_SCHEMA_DIALECT,
        "$id": f"https://cardwars.invalid/schema/{game.name}.json",
        "title": f"cardwars {game.name} values",
        "description": (
            f"Every move, event, observation, result and rules value of {game.name} in the "
            "JSON form of cardwars.wire, or a list of them."
        ),
        "anyOf": [value, {"type": "array", "items": value}],
        "$defs": defs,
    }


def _class_schema(cls: type) -> dict[str, Any]:
    hints = _hints(cls)
    bounds = _bounds(cls)
    documented = _attribute_docs(cls)
    properties: dict[str, Any] = {
        "type": {"description": f'Which value this is: "{cls.__name__}".', "const": cls.__name__}
    }
    for field, hint in hints.items():
        value = _hint_schema(hint, cls, bounds.get(field))
        said = documented.get(field) or _FIELD_WORDS.get(field)
        if not said:
            said = f"{cls.__name__}'s {field}"
        elif not said.startswith(field):  # a sentence, not a field name: capitalized
            said = said[0].upper() + said[1:]
        properties[field] = {"description": f"{said.rstrip('.')} ({_kind(value)}).", **value}
    return {
        "description": _summary(cls),
        "type": "object",
        "properties": properties,
        "required": ["type", *hints],
        "additionalProperties": False,
    }


# A field's words where its class's ``Attributes:`` section has none.
_FIELD_WORDS = {
    "seat": "the seat, numbered from 0",
    "seats": "the seats, numbered from 0",
    "result": "the game's result",
    "winner": "the winning seat, or null for none",
    "winners": "the winning seats",
    "lead_seat": "the seat that leads",
}


def _summary(cls: type) -> str:
    """The first paragraph of ``cls``'s docstring, as one line without reST markup."""
    doc = inspect.getdoc(cls) or cls.__name__
    return _plain(" ".join(doc.split("\n\n", 1)[0].split()))


def _plain(text: str) -> str:
    """``text`` without reST roles and literals: ``:class:`~a.B``` → ``B``, ````x```` → ``x``."""
    text = re.sub(r":\w+:`~?(?:[^`<]*<)?([^`>]+)>?`", lambda m: m[1].rsplit(".", 1)[-1], text)
    return text.replace("``", "")


def _attribute_docs(cls: type) -> dict[str, str]:
    """The fields that ``cls``'s docstring describes in its ``Attributes:`` section."""
    doc = inspect.getdoc(cls) or ""
    section = re.search(r"^Attributes:\n((?:[ \t]+\S.*\n?)+)", doc, re.MULTILINE)
    if section is None:
        return {}
    found: dict[str, str] = {}
    for entry in re.split(r"\n(?=    \w)", section[1].rstrip()):
        name, _, text = entry.strip().partition(":")
        found[name.split(" ")[0]] = _plain(" ".join(text.split()))
    return found


def _kind(value: dict[str, Any]) -> str:
    """A few words for what a property's schema ``value`` accepts."""
    if "$ref" in value:
        name = value["$ref"].rsplit("/", 1)[-1]
        return f"any {name[:-1]}" if name in ("Moves", "Events", "Observations") else f"a {name}"
    if "enum" in value:
        return "one of " + ", ".join(json.dumps(option) for option in value["enum"])
    if "anyOf" in value:
        return " or ".join(_kind(option) for option in value["anyOf"])
    kind = value.get("type")
    if kind == "integer":
        if "minimum" in value:
            return f"an integer from {value['minimum']} to {value['maximum']}"
        return "an integer"
    if kind == "string":
        return 'a card such as "QH"' if "pattern" in value else "a string"
    if kind == "array":
        if "prefixItems" in value:
            return f"a list of {len(value['prefixItems'])}: " + ", ".join(
                _kind(item) for item in value["prefixItems"]
            )
        return f"a list, each {_kind(value['items'])}"
    return {"boolean": "true or false", "null": "null"}.get(str(kind), "a value")


def _hint_schema(hint: Any, owner: type, bound: Any = None) -> dict[str, Any]:
    origin = typing.get_origin(hint)
    if origin is Literal:
        return {"enum": list(typing.get_args(hint))}
    if origin in (Union, types.UnionType):
        options = typing.get_args(hint)
        return {"anyOf": [_hint_schema(option, owner, bound) for option in options]}
    if hint is type(None):
        return {"type": "null"}
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _hint_schema(args[0], owner)}
        return {
            "type": "array",
            "prefixItems": [_hint_schema(arg, owner) for arg in args],
            "items": False,
            "minItems": len(args),
        }
    if origin is frozenset:
        (arg,) = typing.get_args(hint)
        return {"type": "array", "items": _hint_schema(arg, owner), "uniqueItems": True}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        if bound is not None:
            return {"type": "integer", "minimum": bound[0], "maximum": bound[1]}
        return {"type": "integer"}
    if hint is str:
        return {"enum": list(bound)} if bound is not None else {"type": "string"}
    if hint is Card:
        return {"type": "string", "pattern": _CARD_PATTERN}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return {"enum": list(hint.__members__)}
    if isinstance(hint, type) and hint in _BASES:
        return {"$ref": f"#/$defs/{hint.__name__}s"}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return {"$ref": f"#/$defs/{hint.__name__}"}
    raise TypeError(f"no JSON form for the annotation {hint!r} of {owner.__name__}")
