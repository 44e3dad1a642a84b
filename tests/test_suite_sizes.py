"""Every test that sizes itself with :func:`tests.sizes.sized` is marked ``slow``.

CI's full-size step selects ``-m slow``: a sized test without the mark would never
run at its full count anywhere.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent


def _names(node: ast.AST) -> set[str]:
    """Every name ``node`` reads, bare (``sized``) or as an attribute (``sizes.sized``)."""
    return {
        n.id if isinstance(n, ast.Name) else n.attr
        for n in ast.walk(node)
        if isinstance(n, ast.Name | ast.Attribute)
    }


def unmarked_sized_tests(path: Path) -> list[str]:
    """The test functions of ``path`` that use ``sized`` but are not marked ``slow``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    sized = {"sized"}  # and the module-level names bound to a count it gives
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = {t.id for t in targets if isinstance(t, ast.Name)}
            if "pytestmark" in names and "slow" in _names(node.value):
                return []  # the whole module is slow
            if "sized" in _names(node.value):
                sized |= names
    return [
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and node.name.startswith("test_")
        and _names(node) & sized  # ast.walk reaches the decorators too
        and not any(ast.unparse(d) == "pytest.mark.slow" for d in node.decorator_list)
    ]


def test_every_sized_test_is_marked_slow() -> None:
    unmarked = [
        f"{path.relative_to(TESTS)}::{name}"
        for path in sorted(TESTS.rglob("test_*.py"))
        for name in unmarked_sized_tests(path)
    ]
    assert unmarked == [], f"mark these @pytest.mark.slow (they call sized()): {unmarked}"


def test_the_check_finds_an_unmarked_sized_test(tmp_path: Path) -> None:
    sample = tmp_path / "test_sample.py"
    sample.write_text(
        "import pytest\nfrom tests.sizes import sized\nCOUNT = sized(10, 2)\n\n"
        "def test_a():\n    assert COUNT\n\n"
        "@pytest.mark.slow\ndef test_b():\n    assert sized(4, 1)\n\n"
        "def test_c():\n    assert sized(4, 1)\n\n"
        "def test_d():\n    assert True\n",
        encoding="utf-8",
    )
    assert unmarked_sized_tests(sample) == ["test_a", "test_c"]
    marked = tmp_path / "test_marked.py"
    marked.write_text(
        "import pytest\nfrom tests import sizes\npytestmark = pytest.mark.slow\n\n"
        "def test_e():\n    assert sizes.sized(4, 1)\n",
        encoding="utf-8",
    )
    assert unmarked_sized_tests(marked) == []
    marked.write_text(marked.read_text(encoding="utf-8").replace("pytestmark", "other"))
    assert unmarked_sized_tests(marked) == ["test_e"]
