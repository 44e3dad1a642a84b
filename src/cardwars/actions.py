"""Moves matched without running the caller's code (:func:`same_value`, :ref:`move-keys`),
and each game's numbering of its moves (:class:`ActionSpace`).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cardwars import backend
from cardwars.documents import encode_value
from cardwars.errors import IllegalMoveError, _type_name, describe, listed

if TYPE_CHECKING:
    from cardwars.core_values import MoveKeys as _MoveKeys

__all__ = [
    "ActionSpace",
    "illegal_move",
    "illegal_text",
    "legal_documents",
    "matching_move",
    "move_document",
    "move_facts",
    "same_value",
    "shown",
    "type_name",
]

MoveT = TypeVar("MoveT")

_PLAIN_TYPES: frozenset[type] = frozenset({int, bool, float, complex, str, bytes})
_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}


def type_name(obj: object) -> str:
    """The name of ``obj``'s type, for messages; never raises."""
    return _type_name(obj, None)


shown = describe
"""A value for a message: :func:`cardwars.errors.describe`, which never runs its code."""


def field_names(cls: type) -> tuple[str, ...] | None:
    """The dataclass field names of ``cls`` (an engine type), or None if it is no dataclass."""
    if cls not in _FIELD_NAMES:
        try:
            _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
        except TypeError:
            _FIELD_NAMES[cls] = None
    return _FIELD_NAMES[cls]


def same_value(own: object, given: object) -> bool:
    """True if ``given`` is exactly ``own``'s type (the engine's, trusted) and holds the same
    values, recursively, read through that type's own slots: ``given`` can neither make a match
    nor raise."""
    if own is given:
        return True
    cls = type(own)
    if type(given) is not cls:
        return False
    if cls in _PLAIN_TYPES:
        return bool(own == given)
    if isinstance(own, enum.Enum):
        return False  # members are singletons: only ``own`` itself is equal
    if cls is tuple:
        assert isinstance(own, tuple) and isinstance(given, tuple)
        return len(own) == len(given) and all(map(same_value, own, given))
    names = field_names(cls)
    if names is None:  # a game's own non-dataclass type: its (engine) __eq__ decides
        try:
            return (own == given) is True
        except Exception:
            return False
    for name in names:
        try:
            mine = object.__getattribute__(own, name)
            theirs = object.__getattribute__(given, name)
        except Exception:
            return False
        if not same_value(mine, theirs):
            return False
    return True


def matching_move(given: object, legal: tuple[MoveT, ...]) -> MoveT | None:
    """The engine's own move in ``legal`` that ``given`` stands for, or None."""
    for own in legal:
        if own is given:
            return own
    for own in legal:
        if same_value(own, given):
            return own
    return None


class ActionSpace(Generic[MoveT]):
    """A game's fixed numbering of every move it can ever offer: action ``a`` is ``moves[a]``,
    the same under every rules option and player count (each game's table: ``ACTIONS`` in its
    ``moves`` module). :meth:`action` runs no code of the object it is given (:ref:`move-keys`).

    >>> from cardwars import aliwar
    >>> space = ActionSpace("example", [aliwar.Switch(0, 1), aliwar.Decline()])
    >>> len(space), space.move(1), space.action(aliwar.Switch(1, 0))
    (2, Decline(), 0)
    >>> space.move(2)
    Traceback (most recent call last):
    ...
    cardwars.errors.IllegalMoveError: 2 is not an action of example: the 2 actions are 0..1
    """

    __slots__ = ("_by_id", "_keyer", "_moves", "game_name")

    def __init__(self, game_name: str, moves: Iterable[MoveT]) -> None:
        self.game_name = game_name
        """The game whose moves these are, for messages."""
        self._moves: tuple[MoveT, ...] = tuple(moves)
        if len(set(self._moves)) != len(self._moves):
            raise ValueError(f"the action space of {game_name} lists a move twice")
        # The space's own move objects by identity (it keeps them alive, so no other live
        # object has their id): a state that offers these very objects as its legal moves
        # has its legal actions found without hashing a move.
        self._by_id: dict[int, int] = {id(move): a for a, move in enumerate(self._moves)}
        self._keyer: _MoveKeys | None = None  # the backend's MoveKeys, made on first use

    def _keys(self) -> _MoveKeys:
        """The current backend's MoveKeys of the space's moves, which ``apply_moves`` takes."""
        keyer = self._keyer
        kind = backend.core.MoveKeys
        if type(keyer) is not kind:  # first use, or the backend was switched since
            keyer = self._keyer = kind(self._moves)
        assert keyer is not None
        return keyer

    def __len__(self) -> int:
        return len(self._moves)

    def __repr__(self) -> str:
        return f"<ActionSpace of {self.game_name}: {len(self._moves)} actions>"

    @property
    def moves(self) -> tuple[MoveT, ...]:
        """Every move of the space; ``moves[a]`` is the move of action ``a``."""
        return self._moves

    def _range_text(self) -> str:
        if not self._moves:
            return f"{self.game_name}'s actions (it has none)"
        return f"the {len(self._moves)} actions 0..{len(self._moves) - 1} of {self.game_name}"

    def move(self, action: int) -> MoveT:
        """The move of ``action`` (an int in ``range(len(space))``).

        Raises:
            IllegalMoveError: ``action`` is not an int (a bool is not), or out of range.
        """
        if type(action) is not int:
            raise IllegalMoveError(
                f"an action of {self.game_name} is an int, got {shown(action)} "
                f"({type_name(action)})",
                move=shown(action),
            )
        count = len(self._moves)
        if not 0 <= action < count:
            if count:
                where = f" of {self.game_name}: the {count} actions are 0..{count - 1}"
            else:
                where = f": {self._range_text()}"
            raise IllegalMoveError(
                f"{shown(action)} is not an action{where}",
                move=f"action {shown(action)}",
                action=action if action.bit_length() < 64 else None,
            )
        return self._moves[action]

    def actions_of(self, moves: object) -> dict[int, int] | None:
        """``{seat: action}`` for a plain ``dict`` of plain ``int`` seats to moves of this space
        (equal values, not necessarily the space's own objects), or None: the lookup of
        :meth:`~cardwars.engine.GameState.apply`'s fast path (None sends a step to the checked
        path, which explains a refusal; :ref:`move-keys`).
        """
        return self._keys().actions_of(moves)

    def action(self, move: object) -> int:
        """The action of ``move``: a value of exactly one of the space's move types.

        Raises:
            IllegalMoveError: ``move`` is no move of this space.
        """
        action = self._keys().action_of(move)
        if action < 0 or not same_value(self._moves[action], move):
            raise IllegalMoveError(
                f"{shown(move)} ({type_name(move)}) is not a move of {self.game_name}; "
                f"no action stands for it",
                move=shown(move),
            )
        return action


@functools.lru_cache(maxsize=8192)
def mask_of(size: int, actions: tuple[int, ...]) -> bytes:
    """``size`` bytes, 1 at each of ``actions`` and 0 elsewhere: an action mask (cached: legal
    sets repeat from step to step, as every Aliwar switch poll's).

    >>> mask_of(5, (1, 3))
    b'\\x00\\x01\\x00\\x01\\x00'
    """
    mask = bytearray(size)
    for action in actions:
        mask[action] = 1
    return bytes(mask)


def move_document(move: object) -> dict[str, Any]:
    """An engine move's :mod:`cardwars.wire` document."""
    data = encode_value(move)
    if not isinstance(data, dict):  # pragma: no cover - every move is a dataclass
        raise TypeError(f"a move encodes as an object, got {describe(move)}")
    return data


def legal_documents(legal: Sequence[object]) -> tuple[dict[str, Any], ...]:
    """The wire documents of the engine's ``legal`` moves; none (an empty tuple) if one of
    them has no wire form (a move type of a caller's own game that is no dataclass)."""
    try:
        return tuple(move_document(move) for move in legal)
    except TypeError:
        return ()


def move_facts(given: object, space: ActionSpace[Any] | None) -> tuple[str, dict[str, Any] | None]:
    """``(text, wire document or None)`` of a value given as a move, for an error: a move of
    ``space`` is its own move's label and document, anything else (or anything, with no space)
    its :func:`~cardwars.errors.describe` text and None. No code of ``given`` runs.

    >>> from cardwars import aliwar
    >>> space = ActionSpace("example", [aliwar.Switch(0, 1), aliwar.Decline()])
    >>> move_facts(aliwar.Switch(1, 0), space), move_facts("0 1", space)
    (('0 1', {'type': 'Switch', 'a': 0, 'b': 1}), ("'0 1'", None))
    """
    if space is None:
        return describe(given), None
    try:
        own = space.moves[space.action(given)]
    except IllegalMoveError:
        return describe(given), None
    return str(own), move_document(own)


def illegal_move(
    seat: int,
    given: object,
    legal: Sequence[object],
    space: ActionSpace[Any] | None,
    *,
    phase: str,
    legal_actions: tuple[int, ...] | None = None,
    who: str | None = None,
) -> IllegalMoveError:
    """The :class:`~cardwars.errors.IllegalMoveError` of ``seat`` trying ``given``.

    ``legal`` are the seat's legal moves (the engine's own objects). With ``legal_actions`` (their
    actions, in the same order) ``given`` is an action tried through an integer protocol, and the
    message lists actions; else it is a value given as a move. ``who`` names the seat in the message
    (an env's agent name), ``seat N`` by default. No code of ``given`` runs.

    >>> from cardwars import aliwar
    >>> space = ActionSpace("example", [aliwar.Switch(0, 1), aliwar.Decline()])
    >>> str(illegal_move(0, aliwar.Decline(), space.moves[:1], space, phase="SWITCH"))
    'seat 0 cannot play decline in phase SWITCH; legal: 0 1'
    >>> str(illegal_move(0, 1, space.moves[:1], space, phase="SWITCH", legal_actions=(0,)))
    'seat 0 cannot play action 1 (decline) in phase SWITCH; legal actions: 0 (0 1)'
    """
    labels = tuple(str(move) for move in legal)
    documents = legal_documents(legal)
    who = f"seat {seat}" if who is None else who
    if legal_actions is None or space is None:
        text, wire = move_facts(given, space)
        return IllegalMoveError(
            f"{who} cannot play {text} in phase {phase}; legal: {listed(labels)}",
            seat=seat,
            move=text,
            move_wire=wire,
            legal=labels,
            legal_wire=documents,
        )
    action: int | None = None
    wire = None
    if type(given) is not int:
        text = describe(given)
        what = (
            f"{text} ({type_name(given)}, not a plain int action; int() converts a NumPy integer)"
        )
    elif not 0 <= given < len(space):
        text = f"action {describe(given)}"  # an int too long for str() is described
        action = given if given.bit_length() < 64 else None
        what = f"{text}, outside {space._range_text()}"
    else:
        own = space.move(given)
        action, text, wire = given, str(own), move_document(own)
        what = f"action {given} ({text})"
    pairs = tuple(f"{a} ({label})" for a, label in zip(legal_actions, labels, strict=True))
    return IllegalMoveError(
        f"{who} cannot play {what} in phase {phase}; legal actions: {listed(pairs)}",
        seat=seat,
        move=text,
        move_wire=wire,
        action=action,
        legal=labels,
        legal_wire=documents,
        legal_actions=legal_actions,
    )


def illegal_text(
    seat: int, text: object, problem: str, legal: Sequence[object]
) -> IllegalMoveError:
    """The :class:`~cardwars.errors.IllegalMoveError` of ``seat`` typing ``text`` that names no
    legal move (``problem`` says how), for a game's ``text.parse``.

    >>> from cardwars import aliwar
    >>> str(illegal_text(1, " keep 9C ", "is not a legal move", [aliwar.Decline()]))
    "seat 1: 'keep 9C' is not a legal move; legal: decline"
    """
    labels = tuple(str(move) for move in legal)
    typed = text.strip() if type(text) is str else text
    return IllegalMoveError(
        f"seat {seat}: {describe(typed)} {problem}; legal: {listed(labels)}",
        seat=seat,
        move=typed if type(typed) is str else describe(typed),
        legal=labels,
        legal_wire=legal_documents(legal),
    )
