"""Stands in for the ``cython`` module where Cython is not installed (:doc:`/contributing`).

Interpreted, a rule module may use only what this module provides, as Cython's ``Shadow`` does.
It is also the stub mypy reads for ``cython`` (``typings/cython.pyi`` re-exports it).
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from types import TracebackType
from typing import Any, Final, Generic, TypeVar, overload

__all__ = [
    "NULL",
    "Py_ssize_t",
    "bint",
    "boundscheck",
    "cast",
    "ccall",
    "cclass",
    "cdivision",
    "cfunc",
    "char",
    "compiled",
    "declare",
    "double",
    "exceptval",
    "final",
    "gil",
    "initializedcheck",
    "inline",
    "int",
    "locals",
    "long",
    "longlong",
    "nogil",
    "returns",
    "schar",
    "short",
    "size_t",
    "uchar",
    "uint",
    "ulonglong",
    "wraparound",
]

_F = TypeVar("_F", bound=Callable[..., object])
_T = TypeVar("_T")

compiled: Final = False
"""``True`` only inside the compiled build of a rule module."""

NULL: Final = None


def _identity(target: _F) -> _F:
    return target


def cclass(cls: type[_T]) -> type[_T]:
    """Marks an extension type; interpreted, the class itself."""
    return cls


cfunc = ccall = inline = final = _identity
"""Function kinds: interpreted, the function itself."""


def locals(**types: object) -> Callable[[_F], _F]:
    """Types of a function's locals; interpreted, nothing."""
    return _identity


def returns(kind: object) -> Callable[[_F], _F]:
    """A function's C return type; interpreted, nothing."""
    return _identity


def exceptval(value: object = None, *, check: builtins.bool = True) -> Callable[[_F], _F]:
    """How a C function signals an exception; interpreted, nothing."""
    return _identity


def _directive(flag: builtins.bool) -> Callable[[_F], _F]:
    return _identity


boundscheck = wraparound = cdivision = initializedcheck = _directive


class _GilSection:
    """``with cython.nogil:`` (or ``gil``) and ``@cython.nogil``: interpreted, nothing."""

    def __enter__(self) -> None:
        return None

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        return None

    def __call__(self, target: _F) -> _F:
        return target


nogil: Final = _GilSection()
gil: Final = _GilSection()


class _CType(Generic[_T]):
    """A C type name: ``cython.int(x)`` converts, ``cython.int[n]`` is an array of n."""

    def __init__(self, name: str, convert: Callable[[Any], _T]) -> None:
        self.name = name
        self._convert = convert

    def __call__(self, value: Any = 0) -> _T:
        return self._convert(value)

    def __getitem__(self, size: builtins.int) -> _CArray[_T]:
        return _CArray(self, size)

    def __repr__(self) -> str:
        return f"cython.{self.name}"


class _CArray(Generic[_T]):
    """A fixed C array type; interpreted, ``declare`` makes it a list of zeros."""

    def __init__(self, item: _CType[_T], size: builtins.int) -> None:
        self.item = item
        self.size = size

    def __call__(self) -> list[_T]:
        return [self.item()] * self.size  # the zero is an immutable value: one will do


# As in Cython's Shadow: interpreted, a C integer type converts like Python's int, with
# no wraparound. The rules never rely on a C overflow: they mask where a width matters.
char = schar = uchar = short = _CType("int", builtins.int)
int = uint = long = longlong = ulonglong = _CType("int", builtins.int)
Py_ssize_t = size_t = _CType("Py_ssize_t", builtins.int)
bint = _CType("bint", builtins.bool)
double = _CType("double", builtins.float)


@overload
def declare(kind: _CArray[_T]) -> list[_T]: ...
@overload
def declare(kind: _CType[_T], value: Any = ...) -> _T: ...
@overload
def declare(kind: object, value: _T) -> _T: ...
def declare(kind: object, value: Any = None) -> Any:
    """A typed variable: interpreted, ``value`` (or the type's zero, a list for an array)."""
    if value is not None:
        return value
    if isinstance(kind, (_CType, _CArray)):
        return kind()
    return None


@overload
def cast(kind: _CType[_T], value: Any) -> _T: ...
@overload
def cast(kind: type[_T], value: Any) -> _T: ...
def cast(kind: object, value: Any) -> Any:
    """A C cast: interpreted, the type's Python conversion (no wraparound); else the value."""
    if isinstance(kind, _CType):
        return kind(value)
    return value
