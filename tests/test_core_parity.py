"""The shared compiled core and its Python stand-in have the same names and signatures.

Every game's rules are one source (rule modules, compiled and interpreted from the same
files: ``tests/<game>/`` compares the two builds). The one compiled unit written apart
from its Python form is the shared core, ``cardwars/_core.pyx``, whose stand-in is
``cardwars/core.py``. Two levels are checked:

* **files, by name**: every compiled source ``_x.pyx`` or ``_x.pxi`` has a stand-in ``x.py``
  in the same folder, and the public functions and classes the compiled file defines
  are exactly the stand-in's ``__all__``;
* **modules**: every public name an extension defines must exist among its stand-ins with the
  same parameter names, kinds and defaults (annotations differ in form between the two,
  so they are not compared), and constants must be equal. A new compiled name without a
  stand-in fails here.

The one exemption is :data:`NO_STAND_IN`. Whether the stand-ins give the same *results* is for
the differential tests of each game (``tests/<game>/test_batch.py``) and
``tests/test_rng.py``.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import cardwars
from tests.builds import compiled_or_skip

compiled_or_skip()

# The checkout's sources where the tests run from one (an installed package has no .pyx).
_CHECKOUT = Path(__file__).resolve().parents[1] / "src" / "cardwars"
SRC = _CHECKOUT if (_CHECKOUT / "_core.pyx").is_file() else Path(cardwars.__file__).parent

PAIRS: list[tuple[str, tuple[str, ...]]] = [
    ("cardwars._core", ("cardwars.core",)),
]
"""Each compiled extension and the stand-in modules that hold its names."""

NO_STAND_IN: dict[str, str] = {}
"""Compiled names without a stand-in, each with the reason."""

Shape = list[tuple[str, Any, Any]]


@pytest.fixture(autouse=True)
def backend() -> str:
    """Replaces the suite's two-pass fixture: these tests compare both modules at once."""
    return "both"


def own_names(module: ModuleType) -> dict[str, object]:
    """The public names a module defines itself: not the modules, classes and functions
    it imported (the compiled core holds the ``array`` type, for one), nor ``__future__``
    features."""
    names: dict[str, object] = {}
    for name, value in vars(module).items():
        if name.startswith("_") or isinstance(value, ModuleType):
            continue
        if type(value).__module__ == "__future__":  # ``from __future__ import annotations``
            continue
        if callable(value) and getattr(value, "__module__", None) != module.__name__:
            continue
        names[name] = value
    return names


def stand_in_names(stand_ins: tuple[str, ...]) -> dict[str, object]:
    """The stand-ins' names: each stand-in module's ``__all__``."""
    names: dict[str, object] = {}
    for name in stand_ins:
        module = importlib.import_module(name)
        for attr in module.__all__:
            assert attr not in names, f"{attr} is in two stand-in modules"
            names[attr] = getattr(module, attr)
    return names


def shape(signature: inspect.Signature) -> Shape:
    return [(p.name, p.kind, p.default) for p in signature.parameters.values()]


def embedded_shape(cls: type) -> Shape:
    """The constructor's parameters from the signature Cython embeds as the first line of a
    compiled class's docstring (``embedsignature``, set in setup.py), e.g.
    ``WholeGame(piles: object, int max_battles: int) -> None``; C types before a name
    are dropped. The slot wrapper ``__init__`` of a compiled class has no signature."""
    first = (cls.__doc__ or "").partition("\n")[0]
    prefix = f"{cls.__name__}("
    if not first.startswith(prefix) or ")" not in first:
        raise AssertionError(f"{cls.__name__}: no embedded signature in {first!r}")
    inside = first[len(prefix) : first.rindex(")")]
    params: Shape = []
    kind: Any = inspect.Parameter.POSITIONAL_OR_KEYWORD
    for chunk in _split_top_level(inside):
        if chunk == "/":
            params = [(n, inspect.Parameter.POSITIONAL_ONLY, d) for n, _, d in params]
            continue
        if chunk == "*":
            kind = inspect.Parameter.KEYWORD_ONLY
            continue
        head, equals, default_text = chunk.partition("=")
        name = head.partition(":")[0].split()[-1]
        if name.startswith("**"):
            params.append((name[2:], inspect.Parameter.VAR_KEYWORD, inspect.Parameter.empty))
        elif name.startswith("*"):
            params.append((name[1:], inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.empty))
            kind = inspect.Parameter.KEYWORD_ONLY
        else:
            default = ast.literal_eval(default_text.strip()) if equals else inspect.Parameter.empty
            params.append((name, kind, default))
    return params


def _split_top_level(text: str) -> Iterator[str]:
    """Split a parameter list at the commas outside brackets."""
    depth, start = 0, 0
    for i, char in enumerate(text):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            yield text[start:i].strip()
            start = i + 1
    if text[start:].strip():
        yield text[start:].strip()


def constructor_shape(cls: type) -> Shape:
    try:
        return shape(inspect.signature(cls))
    except ValueError:  # a compiled class: read the embedded signature
        return embedded_shape(cls)


def differences(name: str, compiled: object, stand_in: object) -> list[str]:
    """What differs between a compiled object and its stand-in; empty when they are stand-ins."""
    if inspect.isclass(compiled):
        if not inspect.isclass(stand_in):
            return [f"{name}: a class in the core, {type(stand_in).__name__} in the stand-in"]
        return _class_differences(name, compiled, stand_in)
    if callable(compiled):
        if inspect.isclass(stand_in) or not callable(stand_in):
            return [f"{name}: a function in the core, {type(stand_in).__name__} in the stand-in"]
        got, want = shape(inspect.signature(compiled)), shape(inspect.signature(stand_in))
        return [] if got == want else [f"{name}: core {got} != stand-in {want}"]
    if type(compiled) is not type(stand_in) or compiled != stand_in:
        return [f"{name}: constant {compiled!r} in the core, {stand_in!r} in the stand-in"]
    return []


def _class_differences(name: str, compiled: type, stand_in: type) -> list[str]:
    found = []
    got, want = constructor_shape(compiled), constructor_shape(stand_in)
    if got != want:
        found.append(f"{name}(): core {got} != stand-in {want}")
    members = {k: v for k, v in vars(compiled).items() if not k.startswith("_")}
    # A stand-in may be split over base classes (rules, views, policy): gather them all.
    stand_in_members = {
        k: v
        for klass in reversed(stand_in.__mro__[:-1])
        for k, v in vars(klass).items()
        if not k.startswith("_")
    }
    for missing in sorted(members.keys() - stand_in_members.keys()):
        found.append(f"{name}.{missing}: in the core, not in the stand-in")
    for extra in sorted(stand_in_members.keys() - members.keys()):
        found.append(f"{name}.{extra}: in the stand-in, not in the core")
    for member in sorted(members.keys() & stand_in_members.keys()):
        core_value, stand_in_value = members[member], stand_in_members[member]
        where = f"{name}.{member}"
        core_property = inspect.isdatadescriptor(core_value)
        if core_property != inspect.isdatadescriptor(stand_in_value):
            found.append(
                f"{where}: {_kind(core_value)} in the core, {_kind(stand_in_value)} in the stand-in"
            )
        elif not core_property:
            found += differences(where, core_value, stand_in_value)
    return found


def _kind(member: object) -> str:
    return "a property" if inspect.isdatadescriptor(member) else type(member).__name__


def compiled_sources() -> list[Path]:
    """Every Cython-only source file of the package (``.pyx``; a ``.pxi`` would be one too)."""
    return sorted(p for p in SRC.rglob("_*.p*") if p.suffix in (".pyx", ".pxi"))


def compiled_file_names(path: Path) -> set[str]:
    """The public functions and classes a compiled source file defines at its top level."""
    text = path.read_text()
    found = re.findall(r"^(?:def|cdef class|class) ([A-Za-z]\w*)", text, re.MULTILINE)
    return set(found)


def stand_in_file(path: Path) -> Path:
    """The stand-in of compiled file ``_x.pyx`` or ``_x.pxi``: ``x.py`` in the same folder."""
    return path.with_name(path.stem[1:] + ".py")


def module_of(path: Path) -> ModuleType:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return importlib.import_module(".".join(parts))


SOURCES = compiled_sources()


def test_the_one_pyx_is_the_shared_core_and_nothing_is_included() -> None:
    if not SOURCES:
        pytest.skip("the compiled sources are not installed (a wheel ships the extensions only)")
    extensions = {p.relative_to(SRC).as_posix() for p in SOURCES if p.suffix == ".pyx"}
    assert extensions == {"_core.pyx"}  # every game's rules are pure-mode .py modules
    assert not [p for p in SRC.rglob("*.pxi")]
    for pyx in (p for p in SOURCES if p.suffix == ".pyx"):
        included = set(re.findall(r'^include "(\w+\.pxi)"', pyx.read_text(), re.MULTILINE))
        beside = {p.name for p in SOURCES if p.suffix == ".pxi" and p.parent == pyx.parent}
        assert included == beside, f"{pyx}: includes {sorted(included)}, beside it {sorted(beside)}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(SRC).as_posix())
def test_every_compiled_file_has_a_stand_in_of_its_name_with_its_names(path: Path) -> None:
    stand_in = stand_in_file(path)
    assert stand_in.is_file(), (
        f"{path.relative_to(SRC)} has no stand-in {stand_in.relative_to(SRC)}"
    )
    names = compiled_file_names(path) - NO_STAND_IN.keys()
    module = module_of(stand_in)
    exported = set(module.__all__)
    if path.suffix == ".pyx" and path.stem == "_core":
        # the shared core's stand-in gathers the stand-ins of the files _core.pyx includes
        included = {n for p in SOURCES if p.parent == SRC for n in compiled_file_names(p)}
        assert exported == included
        return
    assert names == exported, (
        f"{path.name} defines {sorted(names)}, {stand_in.name} exports {sorted(exported)}"
    )


@pytest.mark.parametrize(("compiled", "stand_ins"), PAIRS, ids=[c for c, _ in PAIRS])
def test_every_compiled_name_has_a_stand_in_and_the_stand_in_no_other(
    compiled: str, stand_ins: tuple[str, ...]
) -> None:
    names = own_names(importlib.import_module(compiled))
    found = stand_in_names(stand_ins)
    missing = sorted(names.keys() - NO_STAND_IN.keys() - found.keys())
    assert not missing, f"compiled names of {compiled} without a stand-in in {stand_ins}: {missing}"
    extra = sorted(found.keys() - names.keys())
    assert not extra, f"stand-in names {compiled} lacks: {extra}"


def test_the_exemption_is_still_needed_and_documented() -> None:
    every_compiled: dict[str, object] = {}
    every_stand_in: dict[str, object] = {}
    documented = ""
    for compiled, stand_ins in PAIRS:
        every_compiled.update(own_names(importlib.import_module(compiled)))
        every_stand_in.update(stand_in_names(stand_ins))
    for name, reason in NO_STAND_IN.items():
        assert name in every_compiled, f"{name} is no longer compiled; drop its exemption"
        assert name not in every_stand_in, (
            f"{name} has a stand-in now; drop its exemption ({reason})"
        )
        assert name in documented, name


CHECKED = [
    (name, compiled, stand_ins)
    for compiled, stand_ins in PAIRS
    for name in sorted(own_names(importlib.import_module(compiled)).keys() - NO_STAND_IN.keys())
]


@pytest.mark.parametrize(("name", "compiled", "stand_ins"), CHECKED, ids=[c[0] for c in CHECKED])
def test_stand_in_has_the_same_signature(
    name: str, compiled: str, stand_ins: tuple[str, ...]
) -> None:
    found = stand_in_names(stand_ins)
    assert name in found, f"{name} has no stand-in"
    core = own_names(importlib.import_module(compiled))
    assert differences(name, core[name], found[name]) == []


# --- the comparison itself can fail --------------------------------------------------------


def _f(a: int, b: int = 1) -> None: ...
def _renamed(a: int, c: int = 1) -> None: ...
def _other_default(a: int, b: int = 2) -> None: ...
def _keyword_only(a: int, *, b: int = 1) -> None: ...


class _Twin:
    """A class as the stand-in would write it."""

    def __init__(self, seed: int) -> None: ...

    @property
    def state(self) -> int:
        return 0

    def below(self, n: int) -> int:
        return n


class _Changed:
    """_Changed(int seed: int, flag=True) -> None

    The same class changed in every way a member can change; the first line is written as
    Cython embeds a compiled constructor's signature.
    """

    def __init__(self, seed: int, flag: bool = True) -> None: ...

    def state(self) -> int:  # a method, not a property
        return 0

    def below(self, m: int) -> int:
        return m

    def above(self, n: int) -> int:
        return n


def test_the_comparison_catches_every_kind_of_difference() -> None:
    assert differences("f", _f, _f) == []
    assert differences("f", _f, _renamed) != []
    assert differences("f", _f, _other_default) != []
    assert differences("f", _f, _keyword_only) != []
    assert differences("f", _f, _Twin) != []
    assert differences("K", 3, 3) == []
    assert differences("K", 3, 4) != []
    assert differences("K", 1, True) != []
    assert differences("T", _Twin, _Twin) == []
    found = differences("T", _Changed, _Twin)
    assert [line.split(":")[0] for line in found] == ["T()", "T.above", "T.below", "T.state"]
    assert embedded_shape(_Changed) == [
        ("seed", inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty),
        ("flag", inspect.Parameter.POSITIONAL_OR_KEYWORD, True),
    ]
