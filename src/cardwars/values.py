"""Fast construction of the frozen value classes the engine hands out (events, observations).

A frozen dataclass's ``__init__`` assigns each field through ``object.__setattr__``, which makes it
several times slower than the work it stands for; the state machines build every step's events and
views in a loop, where that time adds up. The :func:`builder` of such a class is the backend's
``SlotBuilder``, which sets the slots directly (the compiled one writes them as pointers), and gives
an object that is equal to, hashes like, and behaves exactly as one built by the class itself.

It skips ``__init__`` and any ``__post_init__``, so it is only for values whose fields
the engine has already checked; users build these classes the usual way.

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
