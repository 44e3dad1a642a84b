"""The contributors' page names every rule module, so a reader finds where each rule lives."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardwars.backend import is_rule_module

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "contributing.rst"
if not PAGE.is_file():
    pytest.skip(
        "checks docs/contributing.rst of the source tree; these tests run outside it",
        allow_module_level=True,
    )
RULE_MODULES = sorted(
    path.relative_to(ROOT / "src" / "cardwars")
    for path in (ROOT / "src" / "cardwars").rglob("*.py")
    if is_rule_module(path)
)


@pytest.fixture(autouse=True)
def backend() -> str:
    """Reads files only: runs once, not once per backend."""
    return "none"


def test_there_are_rule_modules() -> None:
    assert len(RULE_MODULES) >= 4


@pytest.mark.parametrize("module", RULE_MODULES, ids=str)
def test_the_contributors_page_names_each_rule_module_in_its_game(module: Path) -> None:
    text = PAGE.read_text(encoding="utf-8")
    inside = "" if module.parent == Path() else f"{module.parent.as_posix()}/"
    folder = f"``src/cardwars/{inside}``"
    assert folder in text, f"docs/contributing.rst has no table for {folder}"
    section = text[text.index(folder) :]
    end = section.find("\n**", 1)
    table = section if end < 0 else section[:end]
    assert f"``{module.name}``" in table, f"docs/contributing.rst does not name {module}"
