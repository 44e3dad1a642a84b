"""One caller at a time: overlapping use of one state is a clear error, never a torn state.

A game state is not thread-safe (like a python-chess board): give each thread its own
:meth:`~cardwars.engine.GameState.copy`. What this module makes sure of is that misuse
is caught instead of corrupting a state:

* a step is refused while another call on the same machine is running in another
  thread, and while a step is running in the same thread (a caller's ``__eq__``,
  ``__hash__``, ``__index__`` or a mapping's ``get`` that steps the state from inside
  a step);
* in the pure-Python twin every call that reads more than one field is refused while
  another thread is inside the machine, so no read sees half a step.

The compiled machines keep the same rule with a flag of their own (a step never lets
Python code run between its check and its commit); the pure twin marks its methods
with :func:`step` and :func:`read`. The message is :data:`BUSY`, on both backends.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import update_wrapper
from threading import get_ident
from typing import Any, Concatenate, ParamSpec, TypeVar

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

# id(object in use) -> [the thread using it, its calls in progress]. Only that thread
# changes the entry; dict.setdefault claims an object atomically (it runs no Python code).
_IN_USE: dict[int, list[int]] = {}


def busy_error() -> UsageError:
    """The error of a refused overlapping call."""
    return UsageError(BUSY)


def _guard(method: Callable[Concatenate[T, P], R], stepping: int) -> Callable[Concatenate[T, P], R]:
    def guarded(self: T, /, *args: P.args, **kwargs: P.kwargs) -> R:
        key = id(self)
        claim = [get_ident(), 0]
        held = _IN_USE.setdefault(key, claim)
        # Another thread's call, or a step inside any call of this thread (a callback).
        if held[0] != claim[0] or (stepping and held is not claim):
            raise busy_error()
        held[1] += 1
        try:
            return method(self, *args, **kwargs)
        finally:
            held[1] -= 1
            if not held[1]:
                del _IN_USE[key]

    update_wrapper(guarded, method)
    return guarded


def step(method: Callable[Concatenate[T, P], R]) -> Callable[Concatenate[T, P], R]:
    """Mark a method that changes its object: refused inside any other call of it (a step
    calls its own checks and steps through private methods, never public ones)."""
    return _guard(method, 1)


def read(method: Callable[Concatenate[T, P], R]) -> Callable[Concatenate[T, P], R]:
    """Mark a method that reads its object: refused while another thread uses it; calls
    of one thread may nest (a step checks its moves with reads)."""
    return _guard(method, 0)


def guarded_names(cls: type[Any]) -> frozenset[str]:
    """The names of ``cls``'s methods marked with :func:`step` or :func:`read` (tests)."""
    return frozenset(
        name for name, member in vars(cls).items() if getattr(member, "__wrapped__", None)
    )
