"""What the machines' fast paths for the RL environments share: the Python version of
that section of ``_core.pyx``.

The machines' ``encode_seats`` write into caller blocks (NumPy arrays, or any writable
C-contiguous buffer of the right format), which :func:`_block` checks and flattens;
:func:`rows_by_key` hands each seat's rows of such blocks on under its key, as the
PettingZoo envs return them; :func:`_actions_by_key` reads the actions an env was given
(the machines' ``apply_keyed``).

>>> rows_by_key(("a", "b"), ("x", "y"), ([1, 2], [3, 4]))
{'a': {'x': 1, 'y': 3}, 'b': {'x': 2, 'y': 4}}
"""

from __future__ import annotations

from typing import Any

__all__ = ["rows_by_key"]


def rows_by_key(
    keys: tuple[Any, ...], fields: tuple[Any, ...], blocks: tuple[Any, ...]
) -> dict[Any, dict[Any, Any]]:
    """``{keys[s]: {fields[j]: blocks[j][s] for each j} for each s}``: seat ``s``'s rows of
    the blocks under its key (for NumPy blocks, each row is a view of its block).

    Raises:
        TypeError: ``keys``, ``fields`` or ``blocks`` is not a tuple.
        ValueError: not one block per field.
    """
    for name, value in (("keys", keys), ("fields", fields), ("blocks", blocks)):
        if type(value) is not tuple:
            raise TypeError(
                f"Argument {name!r} has incorrect type (expected tuple, got {type(value).__name__})"
            )
    if len(blocks) != len(fields):
        raise ValueError(f"one block per field: {len(fields)} fields, {len(blocks)} blocks")
    return {
        key: {field: block[s] for field, block in zip(fields, blocks, strict=True)}
        for s, key in enumerate(keys)
    }


def _block(buffer: Any, code: str, count: int, what: str) -> memoryview[Any]:
    """``buffer`` as a flat writable memoryview of ``count`` items of struct code ``code``
    (``"f"`` float32, ``"b"`` int8; the int8 view is cast to bytes, so rows take ``bytes``).

    Raises:
        ValueError: it is read-only, not C-contiguous, of another format, or too short.
    """
    view = memoryview(buffer)
    if view.readonly:
        problem = "a read-only buffer"
    elif not view.c_contiguous:
        problem = "a buffer that is not C-contiguous"
    elif view.format != code:
        problem = f"format {view.format!r}"
    elif view.nbytes < count * view.itemsize:
        problem = f"{view.nbytes // view.itemsize} items"
    else:
        flat = view.cast("B")
        return flat.cast("f") if code == "f" else flat
    kind = "float32" if code == "f" else "int8"
    raise ValueError(
        f"{what} needs a writable C-contiguous {kind} buffer of {count} items, got {problem}"
    )


_ABSENT = object()  # a seat with no entry


def _actions_by_key(
    actions: object, keys: object, players: int, polled: frozenset[int], wait: int = -1
) -> dict[int, int] | None:
    """``{seat: actions[keys[seat]]}`` for the polled seats, or None when ``actions`` is not
    a dict or a polled seat's entry is missing or not a plain int (``apply_keyed``). With a
    ``wait`` action (the machines' ``apply_keyed(..., wait=True)``: the game's
    ``num_actions``), also None when a seat not polled has an entry other than the plain
    int ``wait``.

    Raises:
        ValueError: ``keys`` is not a tuple of one key per seat.
    """
    if type(keys) is not tuple or len(keys) != players:
        raise ValueError(f"keys must be a tuple of {players} keys, one per seat")
    if type(actions) is not dict:
        return None
    chosen = {}
    for seat in range(players) if wait >= 0 else sorted(polled):
        action = actions.get(keys[seat], _ABSENT)
        if seat not in polled:  # with a wait action: none, or the wait action
            if action is not _ABSENT and not (type(action) is int and action == wait):
                return None
        elif type(action) is not int:
            return None
        else:
            chosen[seat] = action
    return chosen
