"""The shared compiled core and its Python stand-in have the same names and signatures.

Every game's rules are one source (rule modules, compiled and interpreted from the same
files: ``tests/<game>/`` compares the two builds). The one compiled unit written apart
from its Python form is the shared core, ``cardwars/_core.pyx``, whose stand-in is
``cardwars/core.py``. Two levels are checked:

* **files, by name**: every compiled source ``_x.pyx`` or ``_x.pxi`` has a twin ``x.py``
  in the same folder, and the public functions and classes the compiled file defines
  are exactly the twin's ``__all__``;
* **modules**: every public name an extension defines must exist among its twins with the
  same parameter names, kinds and defaults (annotations differ in form between the two,
  so they are not compared), and constants must be equal. A new compiled name without a
  twin fails here.

The one exemption is :data:`NO_TWIN`. Whether the twins give the same *results* is for
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
from tests.kernels import compiled_or_skip

compiled_or_skip()

SRC = Path(cardwars.__file__).parent

PAIRS: list[tuple[str, tuple[str, ...]]] = [
    ("cardwars._core", ("cardwars.core",)),
]
"""Each compiled extension and the twin modules that hold its names."""

NO_TWIN: dict[str, str] = {}
"""Compiled names without a twin, each with the reason."""

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


def twin_names(twins: tuple[str, ...]) -> dict[str, object]:
    """The twins' names: each twin module's ``__all__``."""
    names: dict[str, object] = {}
    for name in twins:
        module = importlib.import_module(name)
        for attr in module.__all__:
            assert attr not in names, f"{attr} is in two twin modules"
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


def differences(name: str, compiled: object, twin: object) -> list[str]:
    """What differs between a compiled object and its twin; empty when they are twins."""
    if inspect.isclass(compiled):
        if not inspect.isclass(twin):
            return [f"{name}: a class in the core, {type(twin).__name__} in the twin"]
        return _class_differences(name, compiled, twin)
    if callable(compiled):
        if inspect.isclass(twin) or not callable(twin):
            return [f"{name}: a function in the core, {type(twin).__name__} in the twin"]
        got, want = shape(inspect.signature(compiled)), shape(inspect.signature(twin))
        return [] if got == want else [f"{name}: core {got} != twin {want}"]
    if type(compiled) is not type(twin) or compiled != twin:
        return [f"{name}: constant {compiled!r} in the core, {twin!r} in the twin"]
    return []


def _class_differences(name: str, compiled: type, twin: type) -> list[str]:
    found = []
    got, want = constructor_shape(compiled), constructor_shape(twin)
    if got != want:
        found.append(f"{name}(): core {got} != twin {want}")
    members = {k: v for k, v in vars(compiled).items() if not k.startswith("_")}
    # A twin may be split over base classes (rules, views, policy): gather them all.
    twin_members = {
        k: v
        for klass in reversed(twin.__mro__[:-1])
        for k, v in vars(klass).items()
        if not k.startswith("_")
    }
    for missing in sorted(members.keys() - twin_members.keys()):
        found.append(f"{name}.{missing}: in the core, not in the twin")
    for extra in sorted(twin_members.keys() - members.keys()):
        found.append(f"{name}.{extra}: in the twin, not in the core")
    for member in sorted(members.keys() & twin_members.keys()):
        core_value, twin_value = members[member], twin_members[member]
        where = f"{name}.{member}"
        core_property = inspect.isdatadescriptor(core_value)
        if core_property != inspect.isdatadescriptor(twin_value):
            found.append(
                f"{where}: {_kind(core_value)} in the core, {_kind(twin_value)} in the twin"
            )
        elif not core_property:
            found += differences(where, core_value, twin_value)
    return found


def _kind(member: object) -> str:
    return "a property" if inspect.isdatadescriptor(member) else type(member).__name__


def compiled_sources() -> list[Path]:
    """Every compiled source file of the package (``_x.pyx`` and ``_x.pxi``)."""
    return sorted(p for p in SRC.rglob("_*.p*") if p.suffix in (".pyx", ".pxi"))


def compiled_file_names(path: Path) -> set[str]:
    """The public functions and classes a compiled source file defines at its top level."""
    text = path.read_text()
    found = re.findall(r"^(?:def|cdef class|class) ([A-Za-z]\w*)", text, re.MULTILINE)
    return set(found)


def twin_file(path: Path) -> Path:
    """The twin of compiled file ``_x.pyx`` or ``_x.pxi``: ``x.py`` in the same folder."""
    return path.with_name(path.stem[1:] + ".py")


def module_of(path: Path) -> ModuleType:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return importlib.import_module(".".join(parts))


SOURCES = compiled_sources()


def test_the_compiled_sources_are_the_four_extensions_and_their_includes() -> None:
    if not SOURCES:
        pytest.skip("the compiled sources are not installed (a wheel ships the extensions only)")
    extensions = {p.relative_to(SRC).as_posix() for p in SOURCES if p.suffix == ".pyx"}
    assert extensions == {  # Aliwar's and Clone War's rules are pure-mode .py modules
        "_core.pyx",
    }
    for pyx in (p for p in SOURCES if p.suffix == ".pyx"):
        included = set(re.findall(r'^include "(\w+\.pxi)"', pyx.read_text(), re.MULTILINE))
        beside = {p.name for p in SOURCES if p.suffix == ".pxi" and p.parent == pyx.parent}
        assert included == beside, f"{pyx}: includes {sorted(included)}, beside it {sorted(beside)}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(SRC).as_posix())
def test_every_compiled_file_has_a_twin_of_its_name_with_its_names(path: Path) -> None:
    twin = twin_file(path)
    assert twin.is_file(), f"{path.relative_to(SRC)} has no twin {twin.relative_to(SRC)}"
    names = compiled_file_names(path) - NO_TWIN.keys()
    module = module_of(twin)
    exported = set(module.__all__)
    if path.suffix == ".pyx" and path.stem == "_core":
        # the shared core's twin gathers the twins of the files _core.pyx includes
        included = {n for p in SOURCES if p.parent == SRC for n in compiled_file_names(p)}
        assert exported == included
        return
    assert names == exported, (
        f"{path.name} defines {sorted(names)}, {twin.name} exports {sorted(exported)}"
    )


@pytest.mark.parametrize(("compiled", "twins"), PAIRS, ids=[c for c, _ in PAIRS])
def test_every_compiled_name_has_a_twin_and_the_twin_no_other(
    compiled: str, twins: tuple[str, ...]
) -> None:
    names = own_names(importlib.import_module(compiled))
    found = twin_names(twins)
    missing = sorted(names.keys() - NO_TWIN.keys() - found.keys())
    assert not missing, f"compiled names of {compiled} without a twin in {twins}: {missing}"
    extra = sorted(found.keys() - names.keys())
    assert not extra, f"twin names {compiled} lacks: {extra}"


def test_the_exemption_is_still_needed_and_documented() -> None:
    every_compiled: dict[str, object] = {}
    every_twin: dict[str, object] = {}
    documented = ""
    for compiled, twins in PAIRS:
        every_compiled.update(own_names(importlib.import_module(compiled)))
        every_twin.update(twin_names(twins))
    for name, reason in NO_TWIN.items():
        assert name in every_compiled, f"{name} is no longer compiled; drop its exemption"
        assert name not in every_twin, f"{name} has a twin now; drop its exemption ({reason})"
        assert name in documented, name


CHECKED = [
    (name, compiled, twins)
    for compiled, twins in PAIRS
    for name in sorted(own_names(importlib.import_module(compiled)).keys() - NO_TWIN.keys())
]


@pytest.mark.parametrize(("name", "compiled", "twins"), CHECKED, ids=[c[0] for c in CHECKED])
def test_twin_has_the_same_signature(name: str, compiled: str, twins: tuple[str, ...]) -> None:
    found = twin_names(twins)
    assert name in found, f"{name} has no twin"
    core = own_names(importlib.import_module(compiled))
    assert differences(name, core[name], found[name]) == []


# --- the comparison itself can fail --------------------------------------------------------


def _f(a: int, b: int = 1) -> None: ...
def _renamed(a: int, c: int = 1) -> None: ...
def _other_default(a: int, b: int = 2) -> None: ...
def _keyword_only(a: int, *, b: int = 1) -> None: ...


class _Twin:
    """A class as the twin would write it."""

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
