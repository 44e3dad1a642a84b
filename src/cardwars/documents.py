"""The engine's values as JSON-ready data: the encoding half of :mod:`cardwars.wire`.

It needs nothing but cards, so the engine's lower floors (the errors a move raises carry the moves'
wire documents, :mod:`cardwars.actions`) can encode without reaching up to :mod:`cardwars.wire`,
which knows every game to decode. The format is :mod:`cardwars.wire`'s; :func:`cardwars.wire.encode`
is this module's :func:`encode_value`, typed per kind of value.

>>> from cardwars.aliwar import Switch
>>> encode_value(Switch(0, 5))
{'type': 'Switch', 'a': 0, 'b': 5}
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import TypeAlias

from cardwars.cards import Card
from cardwars.errors import describe

__all__ = ["JsonObject", "JsonValue", "encode_value"]

JsonValue: TypeAlias = dict[str, "JsonValue"] | list["JsonValue"] | str | int | float | bool | None
"""Any JSON value as :func:`json.loads` returns it."""

JsonObject: TypeAlias = dict[str, JsonValue]
"""A JSON object: what a move, an event, an observation or a result encodes to."""


def encode_value(value: object) -> JsonValue:
    """``value`` as JSON-ready data (dicts, lists, str, int, bool and None only).

    A card is its text, an enum member its name, a tuple or list a list, a set a sorted list, a
    mapping of int seats an object keyed by the seats' text, and a dataclass (a move, an event, an
    observation, a result, ``Rules``) an object with its class name under ``"type"`` and its fields.

    Raises:
        TypeError: a value that is none of these (described, never by its ``repr``).

    >>> from cardwars.cards import Card
    >>> encode_value({0: (Card.parse("QD"), None)})
    {'0': ['QD', None]}
    """
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, (tuple, list)):
        return [encode_value(item) for item in value]
    if isinstance(value, (frozenset, set)):
        return [encode_value(item) for item in sorted(value)]
    if isinstance(value, Mapping):
        out: JsonObject = {}
        for key, item in value.items():
            if type(key) is not int:
                raise TypeError(
                    f"encode() takes mappings of int seats, got the key {describe(key)}"
                )
            out[str(key)] = encode_value(item)
        return out
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data: JsonObject = {"type": type(value).__name__}
        for field in dataclasses.fields(value):
            data[field.name] = encode_value(getattr(value, field.name))
        return data
    raise TypeError(f"encode() takes the engine's values, got {describe(value)}")
