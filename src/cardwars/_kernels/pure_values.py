"""Frozen slots dataclasses built without their ``__init__`` (twin of ``_core.SlotBuilder``).

A frozen dataclass's ``__init__`` assigns each field through ``object.__setattr__``,
several times the cost of the work it stands for; the state machines build every
step's events and views, where that time adds up. A builder sets the slots directly
and gives an object equal to, hashing like and behaving exactly as one built by the
class. It skips ``__init__`` and any ``__post_init__``: it is only for values whose
fields the engine has already checked.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int
>>> make = SlotBuilder(Point, ("x", "y"))
>>> make(1, 2) == Point(1, 2), make(1, 2)
(True, Point(x=1, y=2))
"""

from __future__ import annotations

from types import MemberDescriptorType
from typing import Any

__all__ = ["SlotBuilder"]


class SlotBuilder:
    """Builds ``cls`` from its field values, in ``names`` order, without its ``__init__``.

    ``cls`` must be made by ``object.__new__`` and each name must be one of its slots.

    Raises:
        TypeError: ``cls`` is not such a class, or a name is not a slot of it.
        ValueError: more than 32 names (the compiled twin's limit).
    """

    __slots__ = ("_build", "_cls", "names")

    def __init__(self, cls: type, names: tuple[str, ...]) -> None:
        if not isinstance(cls, type) or cls.__new__ is not object.__new__:  # type: ignore[comparison-overlap]
            raise TypeError(f"SlotBuilder takes a class built by object.__new__, got {cls!r}")
        names = tuple(names)
        if len(names) > 32:
            raise ValueError(f"SlotBuilder takes at most 32 fields, got {len(names)}")
        namespace: dict[str, Any] = {"_new_": object.__new__, "_cls_": cls}
        for i, name in enumerate(names):
            descriptor = getattr(cls, name, None)
            if type(descriptor) is not MemberDescriptorType:
                raise TypeError(f"{cls.__name__}.{name} is not a slot")
            namespace[f"_set_{i}_"] = descriptor.__set__
        # One straight-line function, as dataclasses writes its own __init__: a loop over
        # the setters would cost more than the frozen __init__ it replaces.
        params = ", ".join(f"_v{i}_" for i in range(len(names)))
        lines = [f"def build({params}):", "    _obj_ = _new_(_cls_)"]
        lines += [f"    _set_{i}_(_obj_, _v{i}_)" for i in range(len(names))]
        lines.append("    return _obj_")
        exec("\n".join(lines), namespace)
        self._cls = cls
        self.names = names
        self._build = namespace["build"]

    def __call__(self, *values: Any) -> Any:
        if len(values) != len(self.names):
            raise TypeError(
                f"{self._cls.__name__} takes {len(self.names)} field values {self.names!r}, "
                f"got {len(values)}"
            )
        return self._build(*values)

    def __repr__(self) -> str:
        return f"SlotBuilder({self._cls.__qualname__}, {self.names!r})"
