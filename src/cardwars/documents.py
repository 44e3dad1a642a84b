"""The engine's values as JSON-ready data: the encoding half of :mod:`cardwars.wire`.

It needs nothing but cards, so the lower floors (:mod:`cardwars.actions`) can encode without
reaching up to :mod:`cardwars.wire`, which knows every game to decode.
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
    """``value`` as JSON-ready data in :mod:`cardwars.wire`'s format (what
    :func:`cardwars.wire.encode` returns).

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
