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
from cardwars.errors import ArgumentTypeError, describe, plain_int

__all__ = ["JsonObject", "JsonValue", "encode_value"]

JsonValue: TypeAlias = dict[str, "JsonValue"] | list["JsonValue"] | str | int | float | bool | None
"""Any JSON value as :func:`json.loads` returns it."""

JsonObject: TypeAlias = dict[str, JsonValue]
"""A JSON object: what a move, an event, an observation or a result encodes to."""


_MAX_DEPTH = 32
"""How deep :func:`encode_value` reads: the engine's values nest a few levels."""


def encode_value(value: object, depth: int = _MAX_DEPTH) -> JsonValue:
    """``value`` as JSON-ready data in :mod:`cardwars.wire`'s format (what
    :func:`cardwars.wire.encode` returns). Values are read by their exact built-in types: an
    ``int`` or ``str`` subclass by its value, never through its own methods.

    Raises:
        ArgumentTypeError: a value that is none of these (described, never by its ``repr``),
            a set of items that are not all cards, ints or strings of one kind, or a value
            nested more than 32 levels deep (a list that holds itself, say).

    >>> from cardwars.cards import Card
    >>> encode_value({0: (Card.parse("QD"), None)})
    {'0': ['QD', None]}
    """
    if depth < 0:
        raise ArgumentTypeError(
            f"encode() takes the engine's values, nested at most {_MAX_DEPTH} levels; "
            "this one is deeper (does it hold itself?)"
        )
    kind = type(value)
    if value is None or kind is bool or kind is int or kind is str:
        return value  # type: ignore[return-value]
    if kind is not bool and isinstance(value, int):
        return plain_int(value)
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, (tuple, list)):
        items = tuple.__iter__(value) if isinstance(value, tuple) else list.__iter__(value)
        return [encode_value(item, depth - 1) for item in items]
    if isinstance(value, (frozenset, set)):
        return [encode_value(item, depth - 1) for item in _sorted_items(value)]
    if isinstance(value, Mapping):
        out: JsonObject = {}
        for key, item in value.items():
            if type(key) is not int:
                raise ArgumentTypeError(
                    f"encode() takes mappings of int seats, got the key {describe(key)}"
                )
            out[str(key)] = encode_value(item, depth - 1)
        return out
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data: JsonObject = {"type": type(value).__name__}
        for field in dataclasses.fields(value):
            data[field.name] = encode_value(getattr(value, field.name), depth - 1)
        return data
    raise ArgumentTypeError(f"encode() takes the engine's values, got {describe(value)}")


def _sorted_items(items: frozenset[object] | set[object]) -> list[object]:
    """A set's items in order, if they are all cards, all plain ints or all plain strs (the
    engine's sets): no caller's comparison runs."""
    listed = list(
        frozenset.__iter__(items) if isinstance(items, frozenset) else set.__iter__(items)
    )
    for kind in (int, str):
        if all(type(item) is kind for item in listed):
            return sorted(listed)  # type: ignore[type-var]
    if all(type(item) is Card for item in listed):
        return sorted(listed)  # type: ignore[type-var]
    raise ArgumentTypeError(
        "encode() takes sets whose items sort (cards, ints or strings, one kind per set), "
        f"got {describe(items)}"
    )
