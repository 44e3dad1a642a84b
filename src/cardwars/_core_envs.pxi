# What the machines' fast paths for the RL environments share (included by _core.pyx,
# declared in _core.pxd): the caller's blocks are reached through the buffer protocol, so
# the core still imports no NumPy. Twin: core_envs.py (``_block``).

from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_FORMAT, PyBuffer_Release, PyObject_GetBuffer


cdef int _block(object obj, Py_buffer* view, char code, Py_ssize_t count, str what) except -1:
    # Acquire ``obj`` as a writable C-contiguous buffer of at least ``count`` items of the
    # struct code ``code`` (b"f": float32, b"b": int8); the caller releases it.
    cdef Py_ssize_t size = 4 if code == b"f" else 1
    PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
    if view.readonly:
        problem = "a read-only buffer"
    elif view.format == NULL or view.format[0] != code or view.format[1] != 0:
        problem = f"format {(view.format or b'B').decode()!r}"
    elif view.len < count * size:
        problem = f"{view.len // size} items"
    else:
        return 0
    PyBuffer_Release(view)
    kind = "float32" if code == b"f" else "int8"
    raise ValueError(f"{what} needs a writable C-contiguous {kind} buffer of {count} items, got {problem}")


from cpython.dict cimport PyDict_New, PyDict_SetItem
from cpython.sequence cimport PySequence_GetItem


def rows_by_key(keys: tuple, fields: tuple, blocks: tuple) -> dict:
    """``{keys[s]: {fields[j]: blocks[j][s] for each j} for each s}``: seat ``s``'s rows of
    the blocks under its key (the PettingZoo envs' observations, built in one call)."""
    cdef Py_ssize_t s, j, n = len(keys), width = len(fields)
    cdef dict out = PyDict_New()
    cdef dict row
    if len(blocks) != width:
        raise ValueError(f"one block per field: {width} fields, {len(blocks)} blocks")
    for s in range(n):
        row = PyDict_New()
        for j in range(width):
            PyDict_SetItem(row, fields[j], PySequence_GetItem(blocks[j], s))
        PyDict_SetItem(out, keys[s], row)
    return out
