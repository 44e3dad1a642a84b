"""Every test that sizes itself with :func:`tests.sizes.sized` is marked ``slow``.

CI's full-size step selects ``-m slow``: a sized test without the mark would never
run at its full count anywhere.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent


def _sized_names(tree: ast.Module, source: str) -> set[str]:
    """Module-level names bound to an expression that calls ``sized``."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and "sized(" in (
            ast.get_source_segment(source, node) or ""
        ):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def unmarked_sized_tests(path: Path) -> list[str]:
    """The test functions of ``path`` that use ``sized`` but are not marked ``slow``."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    if "pytestmark = pytest.mark.slow" in source:
        return []
    sized_names = _sized_names(tree, source)
    found = []
    for node in tree.body:
        if not (isinstance(node, ast.FunctionDef) and node.name.startswith("test_")):
            continue
        decorators = [ast.get_source_segment(source, d) or "" for d in node.decorator_list]
        text = ast.get_source_segment(source, node) or ""
        used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
        for decorator in node.decorator_list:
            used |= {n.id for n in ast.walk(decorator) if isinstance(n, ast.Name)}
        uses = "sized(" in text or bool(used & sized_names)
        if uses and not any(d == "pytest.mark.slow" for d in decorators):
            found.append(node.name)
    return found


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
