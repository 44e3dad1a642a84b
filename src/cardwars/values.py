"""Fast construction of the frozen value classes the engine hands out (events, observations).

A frozen dataclass's ``__init__`` (``object.__setattr__`` per field) costs several times the
work; the backend's ``SlotBuilder`` sets the slots directly and gives an equal object. It skips
``__init__`` and ``__post_init__``: only for values whose fields the engine already checked.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int
>>> make = builder(Point)
>>> make(1, 2) == Point(1, 2), make(1, 2)
(True, Point(x=1, y=2))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import TypeVar

from cardwars import backend
from cardwars.errors import describe

__all__ = ["builder"]

_T = TypeVar("_T")


def builder(cls: type[_T]) -> Callable[..., _T]:
    """A function of the fields, in order, that builds ``cls`` without its ``__init__``.

    Raises:
        TypeError: ``cls`` is not a frozen dataclass with slots.
    """
    if not is_dataclass(cls) or "__slots__" not in cls.__dict__:
        raise TypeError(f"builder() takes a frozen dataclass with slots, got {describe(cls)}")
    names = tuple(f.name for f in fields(cls))
    if any(name.startswith("_") for name in names):
        raise TypeError(f"builder() takes public field names only, got {describe(names)}")
    build: Callable[..., _T] = backend.core.SlotBuilder(cls, names)
    return build
