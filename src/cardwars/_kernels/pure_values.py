"""Frozen slots dataclasses built without their ``__init__`` (twin of ``_core.SlotBuilder``).

A frozen dataclass's ``__init__`` assigns each field through ``object.__setattr__``,
several times the cost of the work it stands for; the state machines build every
step's events and views, where that time adds up. A builder sets the slots directly
and gives an object equal to, hashing like and behaving exactly as one built by the
class. It skips ``__init__`` and any ``__post_init__``: it is only for values whose
fields the engine has already checked. The module also holds the two steps both
machines take with the face's move objects (:func:`actions_of_moves`,
:func:`moves_of_actions`), twins of the same functions of ``_core_values.pxi``.

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


# What both machines do with the face's move objects (the compiled ones share the same
# two functions of _core_values.pxi).


def actions_of_moves(
    moves: object, by_id: dict[int, int], own: tuple[object, ...]
) -> dict[Any, int] | None:
    """A step given as the face's own move objects as ``{seat: action}``: each move must be
    ``own[a]`` itself for ``a = by_id[id(move)]``; None for anything else (``apply_moves``)."""
    if type(moves) is not dict:
        return None
    actions = {}
    for seat, move in moves.items():
        action = by_id.get(id(move))
        if action is None or not 0 <= action < len(own) or own[action] is not move:
            return None
        actions[seat] = action
    return actions


def moves_of_actions(own: tuple[Any, ...], legal: tuple[int, ...]) -> tuple[Any, ...]:
    """The entries of ``own`` (the face's move objects, by action) for ``legal``, in order.

    Raises:
        ValueError: ``own`` has no entry for one of the actions.
    """
    for action in legal:
        if not 0 <= action < len(own):
            raise ValueError(f"own has {len(own)} moves, not one for action {action}")
    return tuple([own[action] for action in legal])
