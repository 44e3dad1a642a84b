"""mypy --strict --disallow-any-expr passes on the typed consumer module, with no casts."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import cardwars

CONSUMER = Path(__file__).with_name("consumer.py")


def test_the_consumer_module_says_it_has_no_any_and_no_cast() -> None:
    text = CONSUMER.read_text(encoding="utf-8")
    assert text.startswith("# mypy: disallow-any-expr\n")
    assert "cast(" not in text and "type: ignore" not in text


def test_mypy_finds_no_any_in_the_consumer_module(tmp_path: Path) -> None:
    api = pytest.importorskip("mypy.api")
    # The cardwars under test: a source tree goes on MYPYPATH; an installed one (CI's
    # wheel, a site-packages that mypy refuses on MYPYPATH) is found through this
    # interpreter, whose environment it is installed in.
    source = Path(cardwars.__file__).parents[1]
    installed = source.name in ("site-packages", "dist-packages")
    env = os.environ.get("MYPYPATH")
    if installed:
        os.environ.pop("MYPYPATH", None)
    else:
        os.environ["MYPYPATH"] = str(source)
    try:
        out, err, status = api.run(
            [
                "--strict",  # and --disallow-any-expr, for the module only: its first line
                "--no-incremental",
                "--cache-dir",
                str(tmp_path),
                "--python-version",
                "3.11",
                "--python-executable",
                sys.executable,
                str(CONSUMER),
            ]
        )
    finally:
        if env is None:
            os.environ.pop("MYPYPATH", None)
        else:
            os.environ["MYPYPATH"] = env
    assert status == 0, out + err
    assert "Success: no issues found in 1 source file" in out
