"""What the machines' fast paths for the RL environments share (that section of
``_core.pyx``): :func:`_block` checks and flattens a caller's block, :func:`rows_by_key` hands
each seat's rows on under its key, as the PettingZoo envs return them.

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
