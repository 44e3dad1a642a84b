"""One caller at a time: overlapping use of one state is a clear error, never a torn state.

A game state is not thread-safe (like a python-chess board): give each thread its own
:meth:`~cardwars.engine.GameState.copy`. What this module makes sure of is that misuse
is caught instead of corrupting a state:

* a step is refused while another call on the same machine is running in another
  thread, and while a step is running in the same thread (a caller's ``__eq__``,
  ``__hash__``, ``__index__`` or a mapping's ``get`` that steps the state from inside
  a step);
* in the pure-Python twin every method of a machine (not its properties, which read a
  field or two) is refused while another thread is inside it, so no such read sees half
  a step.

The compiled machines keep the same rule with a flag of their own (a step never lets
Python code run between its check and its commit); the pure twin marks its methods
with :func:`step` and :func:`read`. The message is ``BUSY``, on both backends.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import update_wrapper
from threading import get_ident
from typing import Concatenate, ParamSpec, TypeVar

from cardwars.errors import UsageError

__all__ = ["BUSY", "busy_error", "read", "step"]

BUSY = (
    "this state is in the middle of another call: it was re-entered from a callback "
    "during a step, or used from two threads at once; a state is not thread-safe, "
    "so give each thread its own copy()"
)

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")

# id(object in use) -> [the thread whose call claimed it]. Only that call removes the
# entry; dict.setdefault claims an object atomically (it runs no Python code).
_IN_USE: dict[int, list[int]] = {}


def busy_error() -> UsageError:
    """The error of a refused overlapping call."""
    return UsageError(BUSY)


def _guard(
    method: Callable[Concatenate[T, P], R], stepping: bool
) -> Callable[Concatenate[T, P], R]:
    def guarded(self: T, /, *args: P.args, **kwargs: P.kwargs) -> R:
        key = id(self)
        claim = [get_ident()]
        held = _IN_USE.setdefault(key, claim)
        if held is not claim:
            # A step inside any call of this object, or any call from another thread.
            if stepping or held[0] != claim[0]:
                raise busy_error()
            return method(self, *args, **kwargs)  # a read inside a call of this thread
        try:
            return method(self, *args, **kwargs)
        finally:
            del _IN_USE[key]

    update_wrapper(guarded, method)
    return guarded


def step(method: Callable[Concatenate[T, P], R]) -> Callable[Concatenate[T, P], R]:
    """Mark a method that changes its object: refused inside any other call of it (a step
    calls its own checks and steps through private methods, never public ones)."""
    return _guard(method, True)


def read(method: Callable[Concatenate[T, P], R]) -> Callable[Concatenate[T, P], R]:
    """Mark a method that reads its object: refused while another thread uses it; calls
    of one thread may nest (a step checks its moves with reads)."""
    return _guard(method, False)
