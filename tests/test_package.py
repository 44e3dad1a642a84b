"""Package metadata and the public facade."""

from __future__ import annotations

import re
import types
from importlib import metadata
from pathlib import Path
from typing import TypeVar

import pytest

import cardwars


def test_version_is_defined_once_and_matches_the_metadata() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+([ab]|rc)?\d*", cardwars.__version__)
    try:
        installed = metadata.version("cardwars")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a bare source tree
        pytest.skip("cardwars is not installed")
    assert installed == cardwars.__version__


def test_public_names_exist() -> None:
    for name in cardwars.__all__:
        assert hasattr(cardwars, name), name


def test_backend_is_known() -> None:
    assert cardwars.BACKEND in ("compiled", "python")


def test_report_columns_are_zero_copy_with_numpy() -> None:
    numpy = pytest.importorskip("numpy")
    report = cardwars.simulate("clone-war", ["random", "random"], games=50, seed=3)
    lengths = numpy.asarray(report.lengths)
    assert lengths.dtype == numpy.int64
    assert lengths.tolist() == list(report.lengths)
    assert numpy.asarray(report.winners).dtype == numpy.int8
    # Zero-copy: a write to the report's own array shows through the NumPy array.
    original = report.lengths[0]
    memoryview(report.lengths)[0] = original + 1
    assert lengths[0] == original + 1
    memoryview(report.lengths)[0] = original


PUBLIC_MODULES = [
    "cardwars",
    "cardwars.cards",
    "cardwars.engine",
    "cardwars.errors",
    "cardwars.agents",
    "cardwars.report",
    "cardwars.records",
    "cardwars.wire",
    "cardwars.rules_text",
    "cardwars.registry",
    "cardwars.authoring",
    "cardwars.aliwar",
    "cardwars.aliwar.text",
    "cardwars.clone_war",
    "cardwars.clone_war.text",
    "cardwars.guerrilla",
    "cardwars.guerrilla.text",
    "cardwars.cli",
]


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_every_public_name_has_a_docstring_with_an_example(module_name: str) -> None:
    """Issue 8: the API reference shows an example for every public name."""
    import importlib
    import inspect

    module = importlib.import_module(module_name)
    lacking = []
    for name in module.__all__:
        obj = getattr(module, name)
        if inspect.ismodule(obj) or isinstance(
            obj,
            (str, int, tuple, frozenset, dict, types.UnionType, types.GenericAlias, TypeVar),
        ):
            continue  # constants and type aliases are documented in their module's docstring
        if ">>>" not in (inspect.getdoc(obj) or ""):
            lacking.append(name)
    assert not lacking, f"{module_name}: no example in the docstring of {lacking}"


@pytest.mark.parametrize(
    "module",
    [
        "cardwars._core",
        "cardwars.aliwar.position",
        "cardwars.aliwar.round",
        "cardwars.aliwar.views",
        "cardwars.aliwar.machine",
        "cardwars.aliwar.batch",
        "cardwars.aliwar.vector",
        "cardwars.clone_war.battles",
        "cardwars.clone_war.machine",
        "cardwars.guerrilla.board",
        "cardwars.guerrilla.machine",
        "cardwars.guerrilla.vector",
    ],
)
@pytest.mark.compiled_pass
def test_the_compiled_extensions_ship_without_debug_information(backend: str, module: str) -> None:
    """setup.py builds with -g0 and strips: a debug build is several times the size."""
    import importlib
    import sys
    from pathlib import Path

    if not sys.platform.startswith("linux"):
        pytest.skip("checks the ELF files of the compiled extensions, on Linux")
    try:
        extension = importlib.import_module(module)
    except ImportError:
        pytest.skip("no compiled extensions in this install")
    data = Path(extension.__file__ or "").read_bytes()
    assert data[:4] == b"\x7fELF"
    assert b".debug_info" not in data
    assert b".symtab" not in data


def test_import_cardwars_stays_light() -> None:
    """``import cardwars`` loads no game, no process pool and no CLI: they load when used."""
    import subprocess
    import sys

    heavy = [
        "multiprocessing",
        "concurrent.futures.process",
        "concurrent.futures.thread",
        "secrets",
        "cardwars.aliwar",
        "cardwars.clone_war",
        "cardwars.guerrilla",
        "cardwars.cli",
        "cardwars.wire",
    ]
    code = f"import cardwars, sys; print([m for m in {heavy!r} if m in sys.modules])"
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert loaded == "[]"


_ROOT = Path(__file__).resolve().parents[1]
_FOREIGN = ("RUL" + "INGS", "../" + "shared")  # spelled apart so this file passes its own test


def _project_text_files() -> list[Path]:
    """Every source, doc, seed, test, example, benchmark and plugin file of the checkout."""
    found = [_ROOT / name for name in ("README.md", "CHANGELOG.md", "MANIFEST.in", "setup.py")]
    for folder in ("src", "docs", "seeds", "tests", "examples", "benchmarks", "plugins"):
        for path in sorted((_ROOT / folder).rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts or "_build" in path.parts:
                continue
            if path.suffix in (".so", ".pyd", ".o", ".pyc") or path.name == "_core.c":
                continue  # binaries, and the C file generated from the .pyx/.pxi sources
            found.append(path)
    return [path for path in found if path.is_file()]


def test_the_project_cites_only_itself() -> None:
    """Issue 14: citations name seeds/ clauses or the docs, never a file the project lacks."""
    if not (_ROOT / "seeds").is_dir():
        pytest.skip("checks the source tree; these tests run outside it")
    files = _project_text_files()
    assert any(path.name == "000_aliwar.md" for path in files)
    offending = [
        f"{path.relative_to(_ROOT)}: {word}"
        for path in files
        for word in _FOREIGN
        if word in path.read_text(encoding="utf-8", errors="replace")
    ]
    assert not offending, offending


def _extras_table() -> dict[str, str]:
    """The rows of the installation page's extras table: ``{extra: its description}``."""
    page = (_ROOT / "docs" / "installation.rst").read_text(encoding="utf-8")
    table = page.split(".. list-table::", 1)[1].split("\nBackends\n", 1)[0]
    rows = re.split(r"^   \* - ", table, flags=re.MULTILINE)[2:]  # [0]: options, [1]: header
    found: dict[str, str] = {}
    for row in rows:
        name, _, description = row.partition("\n")
        match = re.fullmatch(r"``([\w-]+)``", name.strip())
        assert match, f"an extras row names no extra: {name!r}"
        found[match[1]] = " ".join(description.replace("- ", "", 1).split()).lower()
    return found


def test_the_installation_page_lists_every_extra_with_what_it_adds() -> None:
    """Issue 24: the extras table is pyproject.toml's optional dependencies, each in full."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    if not (_ROOT / "docs").is_dir():
        pytest.skip("checks the source tree; these tests run outside it")
    with (_ROOT / "pyproject.toml").open("rb") as file:
        extras: dict[str, list[str]] = tomllib.load(file)["project"]["optional-dependencies"]
    table = _extras_table()
    assert sorted(table) == sorted(extras)
    for extra, requirements in extras.items():
        for requirement in requirements:
            name = re.split(r"[\[<>=~!; ]", requirement, maxsplit=1)[0]
            if name == "cardwars":  # the extras this one includes: each named in the row
                included = requirement[requirement.index("[") + 1 : requirement.index("]")]
                missing = [e for e in included.split(",") if f"``{e}``" not in table[extra]]
                assert not missing, (extra, missing)
            else:
                assert name.lower() in table[extra], (extra, name)


def test_the_wheel_ships_every_rule_modules_pxd() -> None:
    """An installed rule module runs interpreted only beside its .pxd (``backend.is_rule_module``),
    so package-data must name every .pxd of the source tree."""
    import fnmatch

    pyproject = _ROOT / "pyproject.toml"
    if not (_ROOT / "seeds").is_dir() or not pyproject.is_file():
        pytest.skip("checks the source tree; these tests run outside it")
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["setuptools"]
    patterns: dict[str, list[str]] = data["package-data"]
    src = _ROOT / "src"
    missing = []
    for pxd in sorted(src.rglob("*.pxd")):
        package = ".".join(pxd.parent.relative_to(src).parts)
        if not any(fnmatch.fnmatch(pxd.name, p) for p in patterns.get(package, [])):
            missing.append(str(pxd.relative_to(src)))
    assert not missing, f"package-data ships no {missing}"
