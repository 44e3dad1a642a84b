"""One caller at a time: overlapping use of one object is a clear error, never a torn state."""

from __future__ import annotations

from collections.abc import Callable
from functools import update_wrapper
from threading import Lock, get_ident
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

# id(object in use) -> [the thread of the call that claimed it, stepping, calls]: a step
# holds its object alone; reads of any threads share it (``calls`` counts them, changed
# under the lock only). An entry is never replaced, only removed by its last call.
_IN_USE: dict[int, list[int]] = {}
_LOCK = Lock()


def busy_error() -> UsageError:
    """The error of a refused overlapping call.

    >>> from cardwars.exclusive import BUSY, busy_error
    >>> str(busy_error()) == BUSY
    True
    """
    return UsageError(BUSY)


def _guard(
    method: Callable[Concatenate[T, P], R], stepping: bool
) -> Callable[Concatenate[T, P], R]:
    if stepping:

        def guarded(self: T, /, *args: P.args, **kwargs: P.kwargs) -> R:
            # A step claims its object alone, with one atomic setdefault (no lock: nobody
            # else ever changes a step's entry); any entry already there refuses it.
            key = id(self)
            claim = [get_ident(), True, 1]
            if _IN_USE.setdefault(key, claim) is not claim:
                raise busy_error()
            try:
                return method(self, *args, **kwargs)
            finally:
                del _IN_USE[key]

    else:

        def guarded(self: T, /, *args: P.args, **kwargs: P.kwargs) -> R:
            # Reads share their object: the first claims it with an atomic setdefault,
            # the others join it under the lock (if it is still there), and every read
            # lets go under the lock, the last one removing the entry.
            key = id(self)
            me = get_ident()
            claim = [me, False, 1]
            while True:
                held = _IN_USE.setdefault(key, claim)
                if held is claim:
                    break
                if held[1]:  # a step holds it
                    if held[0] == me:
                        return method(self, *args, **kwargs)  # a read inside own step
                    raise busy_error()
                _LOCK.acquire()
                try:
                    if _IN_USE.get(key) is held:
                        held[2] += 1  # one more read, of this thread or another
                        claim = held
                        break
                finally:
                    _LOCK.release()
                # the last read let go meanwhile: claim it again
            try:
                return method(self, *args, **kwargs)
            finally:
                _LOCK.acquire()  # (acquire and release: half the cost of a with block)
                try:
                    claim[2] -= 1
                    if not claim[2]:
                        del _IN_USE[key]
                finally:
                    _LOCK.release()

    update_wrapper(guarded, method)
    return guarded


def step(method: Callable[Concatenate[T, P], R]) -> Callable[Concatenate[T, P], R]:
    """Mark a method that changes its object: refused inside any other call of it, and while
    any other thread is inside one (a step calls its own checks and steps through private
    methods, never public ones)."""
    return _guard(method, True)


def read(method: Callable[Concatenate[T, P], R]) -> Callable[Concatenate[T, P], R]:
    """Mark a method that reads its object: refused while another thread steps it. Reads
    share the object, from any threads at once, and nest inside a step of their own
    thread (a step checks its moves with reads)."""
    return _guard(method, False)
