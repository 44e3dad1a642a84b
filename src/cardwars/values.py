"""Fast construction of the frozen value classes the engine hands out (events, observations).

A frozen dataclass's ``__init__`` assigns each field through ``object.__setattr__``,
which makes it several times slower than the work it stands for; the state machines
build every step's events and views in a loop, where that time adds up. The
:func:`builder` of such a class sets the slots directly, and gives an object that is
equal to, hashes like, and behaves exactly as one built by the class itself.

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
from typing import Any, TypeVar

__all__ = ["builder"]

_T = TypeVar("_T")


def builder(cls: type[_T]) -> Callable[..., _T]:
    """A function of the fields, in order, that builds ``cls`` without its ``__init__``.

    Raises:
        TypeError: ``cls`` is not a frozen dataclass with slots.
    """
    if not is_dataclass(cls) or "__slots__" not in cls.__dict__:
        raise TypeError(f"builder() takes a frozen dataclass with slots, got {cls!r}")
    names = [f.name for f in fields(cls)]
    if any(name.startswith("_") for name in names):
        raise TypeError(f"builder() takes public field names only, got {names!r}")
    # One straight-line function per class, as dataclasses writes its own __init__: a loop
    # over the setters would cost more than the frozen __init__ it replaces.
    namespace: dict[str, Any] = {"_new_": object.__new__, "_cls_": cls}
    lines = [f"def build({', '.join(names)}):", "    _obj_ = _new_(_cls_)"]
    for i, name in enumerate(names):
        namespace[f"_set_{i}_"] = cls.__dict__[name].__set__
        lines.append(f"    _set_{i}_(_obj_, {name})")
    lines.append("    return _obj_")
    exec("\n".join(lines), namespace)
    build: Callable[..., _T] = namespace["build"]
    build.__name__ = build.__qualname__ = f"build_{cls.__name__}"
    build.__doc__ = f"A {cls.__name__} from its field values, in order."
    return build
