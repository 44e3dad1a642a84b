"""Every exception cardwars raises, in one place, shared by both backends."""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import reprlib
import sys
from collections.abc import Iterator
from typing import Any, TypeVar, cast

_T = TypeVar("_T")

__all__ = [
    "LISTED_MOVES",
    "ArgumentTypeError",
    "CardParseError",
    "CardwarsError",
    "IllegalMoveError",
    "PluginError",
    "RecordError",
    "RulesError",
    "SimulationError",
    "UsageError",
    "describe",
    "listed",
]

_LIMIT = 80
"""The longest description :func:`describe` gives."""


def describe(value: object, limit: int = _LIMIT) -> str:
    """A caller's ``value`` as an error message shows it, cut to ``limit`` characters: never
    raises, never runs its code (what it shows of each kind of value: :doc:`/api/errors`).

    >>> describe(3), describe("QS"), describe((0, None)), describe(2**300)
    ('3', "'QS'", '(0, None)', '<int of 301 bits>')
    """
    try:
        text = _describe(value, 2)
    except Exception:
        text = f"<object of type {_type_name(value)}>"
    return text if len(text) <= limit else text[: max(limit - 3, 0)] + "..."


# A class's own names, read past any metaclass (whose properties would be a caller's code).
_NAME = type.__dict__["__name__"]
_MODULE = type.__dict__["__module__"]
_QUALNAME = type.__dict__["__qualname__"]
_PLAIN_METACLASSES = (type, type(enum.Enum))


def _type_name(value: object, limit: int | None = 40) -> str:
    """The name of ``value``'s type, cut to ``limit`` characters; never raises."""
    try:
        name = _NAME.__get__(type(value))
    except Exception:
        return "object"
    return name[:limit] if type(name) is str else "object"


def _describe(value: object, depth: int) -> str:
    kind = type(value)
    if type(value) is int:
        bits = value.bit_length()
        return repr(value) if bits <= 256 else f"<int of {bits} bits>"
    if type(value) is str or type(value) is bytes:
        return repr(value[: _LIMIT + 1])
    if value is None or kind is bool or kind is float:
        return repr(value)
    if depth > 0 and kind in (tuple, list, frozenset):
        assert isinstance(value, (tuple, list, frozenset))
        if len(value) > 8:
            return f"<{kind.__name__} of {len(value)} items>"
        items = ", ".join(_describe(item, depth - 1) for item in value)
        if kind is tuple:
            return f"({items},)" if len(value) == 1 else f"({items})"
        return f"[{items}]" if kind is list else f"frozenset({{{items}}})"
    if _ours(value, 2):
        return repr(value)  # cardwars' own repr, of values that hold only plain values
    if depth > 0 and type(kind) is type and dataclasses.is_dataclass(kind):  # a move type, say
        parts = ", ".join(
            f"{field.name}={_describe(object.__getattribute__(value, field.name), depth - 1)}"
            for field in dataclasses.fields(kind)
            if field.repr
        )
        return f"{_type_name(value)}({parts})"
    return f"<object of type {_type_name(value)}>"


def _ours(value: object, depth: int) -> bool:
    """True for a cardwars enum member, or frozen dataclass holding only such values."""
    kind = type(value)
    if type(kind) not in _PLAIN_METACLASSES:
        return False
    # Defined by cardwars: found under its names in a cardwars module, not only named so.
    module, names = _MODULE.__get__(kind), _QUALNAME.__get__(kind)
    if type(module) is not str or type(names) is not str or not module.startswith("cardwars."):
        return False
    found: object = sys.modules.get(module)
    for name in names.split("."):
        found = getattr(found, name, None)
    if found is not kind:
        return False
    if isinstance(value, enum.Enum):
        return True
    if depth <= 0 or not dataclasses.is_dataclass(kind):
        return False
    return all(
        _plain(object.__getattribute__(value, field.name), depth - 1)
        for field in dataclasses.fields(kind)
    )


def _plain(value: object, depth: int) -> bool:
    kind = type(value)
    if value is None or kind in (bool, float, str):
        return True
    if type(value) is int:
        return value.bit_length() <= 256
    if type(value) is tuple and depth > 0:
        return len(value) <= 8 and all(_plain(item, depth - 1) for item in value)
    return _ours(value, depth)


def clip(text: str, limit: int = 400) -> str:
    """``text`` cut to at most ``limit`` characters, ending in ``…`` when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def one_line(value: object, limit: int = 400) -> str:
    """``str(value)`` with each run of whitespace one space, then clipped (``?`` if it raises)."""
    try:
        text = " ".join(str(value).split())
    except Exception:
        text = "?"
    return clip(text, limit)


SHORT = reprlib.Repr()
"""The repr of untrusted data (parsed JSON) in messages: 3 levels, 8 items, 60 characters each."""
SHORT.maxlevel = 3
SHORT.maxstring = SHORT.maxother = SHORT.maxlong = 60
SHORT.maxlist = SHORT.maxtuple = SHORT.maxdict = SHORT.maxset = SHORT.maxfrozenset = 8


def json_shown(value: object, depth: int = SHORT.maxlevel) -> bool:
    """Whether :data:`SHORT` shows ``value`` to ``depth`` levels without running a caller's
    code: parsed JSON of exact built-in types only, objects with str keys (it sorts the keys).

    >>> json_shown({"a": [1, None]}), json_shown([object()]), json_shown({1: 2})
    (True, False, False)
    """
    kind = type(value)
    if kind is list:
        assert isinstance(value, list)
        return depth <= 0 or all(json_shown(item, depth - 1) for item in value[: SHORT.maxlist])
    if kind is dict:
        assert isinstance(value, dict)
        return depth <= 0 or all(
            type(key) is str and json_shown(item, depth - 1) for key, item in value.items()
        )
    return value is None or kind in (bool, int, float, str)


class CardwarsError(Exception):
    """Base class of every error raised by cardwars.

    >>> issubclass(IllegalMoveError, CardwarsError)
    True
    """


class CardParseError(CardwarsError, ValueError):
    """A card or deck could not be read from text.

    >>> from cardwars import Card
    >>> Card.parse("ZZ")
    Traceback (most recent call last):
    ...
    cardwars.errors.CardParseError: cannot read a card from 'ZZ': ...
    """


class IllegalMoveError(CardwarsError, ValueError):
    """A move (or a set of simultaneous moves) is not legal in the current state, which is
    unchanged. The message names the seat, the move and at most :data:`LISTED_MOVES` legal
    moves, by their labels; the fields hold the same facts (:doc:`/api/errors`).

    >>> from cardwars import aliwar
    >>> aliwar.Aliwar().new_game(seed=1).apply({0: aliwar.Switch(0, 1)})
    Traceback (most recent call last):
    ...
    cardwars.errors.IllegalMoveError: no move for polled seat(s) [1] in phase SWITCH: ...
    """

    seat: int | None
    """The seat that tried, or None when no one seat is at fault."""
    move: str | None
    """The move tried, as text (its label, the text as typed, or :func:`describe`'s), or None."""
    move_wire: dict[str, Any] | None
    """The :mod:`cardwars.wire` document of the move tried when it is a move of the game."""
    action: int | None
    """The integer action tried (``apply_actions``, the envs), else None."""
    legal: tuple[str, ...]
    """The seat's legal moves then, as labels, in the order of ``legal_moves``."""
    legal_wire: tuple[dict[str, Any], ...]
    """The seat's legal moves' wire documents, in the order of :attr:`legal`."""
    legal_actions: tuple[int, ...]
    """The seat's legal actions, in the order of :attr:`legal` (integer protocols only)."""

    def __init__(
        self,
        message: str = "",
        *,
        seat: int | None = None,
        move: str | None = None,
        move_wire: dict[str, Any] | None = None,
        action: int | None = None,
        legal: tuple[str, ...] = (),
        legal_wire: tuple[dict[str, Any], ...] = (),
        legal_actions: tuple[int, ...] = (),
    ) -> None:
        super().__init__(message)
        self.seat = seat
        self.move = move
        self.move_wire = move_wire
        self.action = action
        self.legal = tuple(legal)
        self.legal_wire = tuple(legal_wire)
        self.legal_actions = tuple(legal_actions)


LISTED_MOVES = 12
"""The most legal moves an :class:`IllegalMoveError` message lists (its fields hold all)."""


def listed(labels: tuple[str, ...], limit: int = LISTED_MOVES) -> str:
    """``labels`` for a message, comma-separated, the first ``limit`` of them.

    >>> listed(("0 1", "0 2")), listed(()), listed(tuple(map(str, range(20))), 3)
    ('0 1, 0 2', 'none', '0, 1, 2, ... (17 more)')
    """
    if not labels:
        return "none"
    shown = ", ".join(labels[:limit])
    return shown if len(labels) <= limit else f"{shown}, ... ({len(labels) - limit} more)"


class RulesError(CardwarsError, ValueError):
    """A rules option, a player count or a hand-built position is invalid (the message names the
    field and the allowed values).

    >>> import cardwars
    >>> cardwars.load_game("aliwar", kept_card_position="sideways")
    Traceback (most recent call last):
    ...
    cardwars.errors.RulesError: kept_card_position must be one of ... got 'sideways'
    """


class RecordError(CardwarsError, ValueError):
    """A game record is corrupt, inconsistent or of an unknown version (the message says what is
    wrong and where); nothing is half-built.

    >>> from cardwars import records
    >>> records.loads('{"format": "cardwars-record", "version": 9}')
    Traceback (most recent call last):
    ...
    cardwars.errors.RecordError: the record lacks the field(s) ['game', 'players', ...]
    """


class SimulationError(CardwarsError):
    """A game of :func:`cardwars.simulate` failed: an agent (or the game) raised. The message
    names the games of the failed chunk; the error is chained as ``__cause__``
    (an example: :doc:`/api/errors`).

    >>> issubclass(SimulationError, CardwarsError)
    True
    """


class UsageError(CardwarsError, ValueError):
    """An argument to a cardwars function is invalid (an unknown game or agent name,
    the wrong number of agents, a seat out of range).

    >>> import cardwars
    >>> cardwars.load_game("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardwars.errors.UsageError: unknown game 'chess'; the games are: aliwar, clone-war, guerrilla...
    """


class PluginError(UsageError):
    """A game that an installed distribution registers cannot be used: it fails to import, it
    is no :class:`~cardwars.engine.Game` subclass of its name, or its name clashes
    (:doc:`/api/registry`). The built-in games never raise it.

    Attributes:
        game: the game name asked for (the entry point's name).
        distribution: ``"name version"`` of the distribution, or ``"an unknown distribution"``.
        entry_point: the entry point as written, ``name = module:Class``.

    >>> PluginError("it failed", game="snap", entry_point="snap = snap.game:Snap").entry_point
    'snap = snap.game:Snap'
    """

    def __init__(
        self,
        message: str = "",
        *,
        game: str = "",
        distribution: str = "",
        entry_point: str = "",
    ) -> None:
        super().__init__(message)
        self.game = game
        self.distribution = distribution
        self.entry_point = entry_point


class ArgumentTypeError(UsageError, TypeError):
    """An argument of the wrong type: the message names the parameter and the types it takes.
    A :class:`TypeError` and a :class:`UsageError` (so a :class:`CardwarsError`).

    >>> from cardwars import records
    >>> records.loads(5)
    Traceback (most recent call last):
    ...
    cardwars.errors.ArgumentTypeError: text must be a str, bytes or bytearray, got 5 (int)
    """


def wrong_type(parameter: str, accepted: str, value: object) -> ArgumentTypeError:
    """The :class:`ArgumentTypeError` of ``parameter``, which takes ``accepted``, given ``value``.

    >>> from cardwars.errors import wrong_type
    >>> str(wrong_type("seed", "an int or None", 1.5))
    'seed must be an int or None, got 1.5 (float)'
    """
    return ArgumentTypeError(
        f"{parameter} must be {accepted}, got {describe(value)} ({_type_name(value)})"
    )


def plain_int(value: _T) -> _T:
    """``value``, but an ``int`` subclass (a bool aside) as the plain int of its value, read
    without running any of its methods; a caller's field may then be compared and stored.

    >>> class Odd(int):
    ...     def __ge__(self, other): return True
    >>> type(plain_int(Odd(2))).__name__, plain_int(True), plain_int("2")
    ('int', True, '2')
    """
    kind = type(value)  # never value.__class__, which a caller's property could answer
    if kind is not int and kind is not bool and issubclass(kind, int):
        return cast("_T", int.__int__(cast("int", value)))
    return value


@contextlib.contextmanager
def reading(what: str) -> Iterator[None]:
    """Read a value the caller built (an observation, say) inside this block: its fields may hold
    anything, and anything may run code, so any failure but a :class:`CardwarsError` becomes a
    :class:`UsageError` naming ``what`` (the caller's exception is its ``__cause__``).

    >>> from cardwars.errors import reading
    >>> with reading("obs"):
    ...     (7).id
    Traceback (most recent call last):
    ...
    cardwars.errors.UsageError: obs is not one the game could show (AttributeError while reading it)
    """
    try:
        yield
    except CardwarsError:
        raise
    except Exception as exc:
        raise unreadable(what, exc) from exc


def unreadable(what: str, exc: Exception) -> UsageError:
    """:func:`reading`'s error for ``exc``, for a hot path that catches it itself."""
    return UsageError(f"{what} is not one the game could show ({_type_name(exc)} while reading it)")
