"""The Python stand-in for ``_core.pyx``'s value builders (:class:`SlotBuilder`, used by
:mod:`cardwars.values`) and move lookups (:class:`MoveKeys`, :func:`moves_of_actions`).
"""

from __future__ import annotations

import enum
from dataclasses import fields, is_dataclass
from types import MemberDescriptorType
from typing import Any

__all__ = ["MoveKeys", "SlotBuilder"]

_LONG_LONG = 2**63


def _exact_int_or(value: int, otherwise: int) -> int:
    """``value`` (an exact int) if it fits a C long long, else ``otherwise``: an action dict's
    int as the compiled machines read it (``_core.pxd``'s inline C)."""
    return value if -_LONG_LONG <= value < _LONG_LONG else otherwise


# Atoms whose hash and == are the interpreter's own (exact instances only).
_ATOMS = (int, bool, float, complex, str, bytes)
_NO_KEY = object()


class MoveKeys:
    """The actions of a game's move values (action ``a`` is ``moves[a]``), found without
    running any of their code: by identity, else by a key read through the move types' own
    slots (how, and why it is safe: :ref:`move-keys`).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Go:
    ...     step: int
    >>> keys = MoveKeys((Go(1), Go(2)))
    >>> keys.action_of(Go(2)), keys.action_of(Go(True)), keys.actions_of({0: Go(1)})
    (1, -1, {0: 0})
    """

    def __init__(self, moves: tuple[Any, ...]) -> None:
        self._moves = tuple(moves)
        # id(move) -> its action: the own objects, by identity (kept alive by _moves).
        self._by_id: dict[int, int] = {id(move): a for a, move in enumerate(self._moves)}
        # id(type) -> (type, its field names, its kind (see _learn)). Keyed by identity:
        # a type's own hash may be anyone's.
        self._kinds: dict[int, tuple[type, tuple[str, ...], int]] = {}
        # (id(type), field name) -> the ids of the types that field holds among the moves.
        self._allowed: dict[tuple[int, str], set[int]] = {}
        self._depth = 0  # the deepest nesting among the moves
        for move in self._moves:
            self._learn(move, 0)
        self._actions: dict[object, int] = {}
        for a, move in enumerate(self._moves):
            key = self._key(move)
            if key in self._actions:
                raise ValueError("MoveKeys takes distinct moves")
            self._actions[key] = a

    def _learn(self, value: object, depth: int) -> None:
        """Record the types ``value`` (one of the game's own moves) is built of. Kinds: 0 an exact
        int or None (its own key), 1 another atom (keyed with its type, so ``True`` never stands
        for ``1``), 2 an enum (its identity), 3 a dataclass."""
        cls = type(value)
        self._depth = max(self._depth, depth)
        if isinstance(value, enum.Enum):
            self._kinds[id(cls)] = (cls, (), 2)
        elif value is None or cls is int:
            self._kinds[id(cls)] = (cls, (), 0)
        elif cls in _ATOMS:
            self._kinds[id(cls)] = (cls, (), 1)
        elif is_dataclass(value):
            names = tuple(f.name for f in fields(value))
            self._kinds[id(cls)] = (cls, names, 3)
            for name in names:
                field = getattr(value, name)
                self._allowed.setdefault((id(cls), name), set()).add(id(type(field)))
                self._learn(field, depth + 1)
        else:
            raise TypeError(f"moves are built of dataclasses, enums and atoms, not {cls.__name__}")

    def _key(self, value: object, depth: int = 0) -> object:
        """The key of ``value``, or _NO_KEY when it is not built as the moves are."""
        cls = type(value)
        kind = self._kinds.get(id(cls))
        if kind is None or kind[0] is not cls or depth > self._depth:
            return _NO_KEY
        code = kind[2]
        if code == 0:
            return value
        if code == 1:
            return (id(cls), value)
        if code == 2:
            return id(value)
        parts: list[object] = [id(cls)]
        for name in kind[1]:
            try:  # the exact type's own slot: no code of the caller's runs
                field = getattr(value, name)
            except AttributeError:  # a slot left empty
                return _NO_KEY
            if id(type(field)) not in self._allowed[id(cls), name]:
                return _NO_KEY
            part = self._key(field, depth + 1)
            if part is _NO_KEY:
                return _NO_KEY
            parts.append(part)
        return tuple(parts)

    def action_of(self, move: object) -> int:
        """The action of one of the moves itself, or of a value equal to one; else -1."""
        action = self._by_id.get(id(move))
        if action is not None and self._moves[action] is move:
            return action
        key = self._key(move)
        return -1 if key is _NO_KEY else self._actions.get(key, -1)

    def actions_of(self, moves: object) -> dict[int, int] | None:
        """``{seat: action}`` for a plain ``dict`` of plain ``int`` seats to moves or values
        equal to moves, else None (nothing of a caller's value runs)."""
        if type(moves) is not dict:
            return None
        out: dict[int, int] = {}
        for seat, move in moves.items():  # an exact dict: iterating runs no caller code
            if type(seat) is not int:
                return None
            action = self.action_of(move)
            if action < 0:
                return None
            out[seat] = action
        return out


class SlotBuilder:
    """Builds ``cls`` from its field values, in ``names`` order, without its ``__init__``.

    ``cls`` must be made by ``object.__new__`` and each name must be one of its slots.

    Raises:
        TypeError: ``cls`` is not such a class, or a name is not a slot of it.
        ValueError: more than 32 names (the compiled core's limit).
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


def moves_of_actions(own: tuple[Any, ...], legal: tuple[int, ...]) -> tuple[Any, ...]:
    """The entries of ``own`` (the face's move objects, by action) for ``legal``, in order.

    Raises:
        ValueError: ``own`` has no entry for one of the actions.
    """
    for action in legal:
        if not 0 <= action < len(own):
            raise ValueError(f"own has {len(own)} moves, not one for action {action}")
    return tuple([own[action] for action in legal])
