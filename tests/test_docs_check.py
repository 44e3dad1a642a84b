"""The check of the built docs (``docs/check_html.py``) finds each kind of defect it names.

CI runs the check over the real build (``.ci/run``); these tests feed it one planted defect
at a time, and a clean page, so a check that stopped finding a kind would fail here.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

_PATH = Path(__file__).resolve().parent.parent / "docs" / "check_html.py"
if not _PATH.is_file():
    pytest.skip(
        "checks docs/check_html.py of the source tree; these tests run outside it",
        allow_module_level=True,
    )


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_html", _PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHECK = _load()
BUILD = Path("/nonexistent-build")


def _findings(body: str) -> list[str]:
    html = f"<html><body><article>{body}</article></body></html>"
    findings: list[str] = CHECK.check_page(html, BUILD)
    return findings


def _member(description: str) -> str:
    return (
        '<dl class="py attribute"><dt class="sig sig-object py" id="cardwars.cards.Card.rank">'
        '<span class="sig-name descname"><span class="pre">rank</span></span></dt>'
        f"<dd>{description}</dd></dl>"
    )


def test_a_clean_page_has_no_finding() -> None:
    body = (
        _member("<p>The rank.</p>")
        + '<p><code class="docutils literal"><span class="pre">cardwars.cards.Card</span></code>'
        + " and <code><span>cardwars/cards.py</span></code></p>"
    )
    assert _findings(body) == []


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        ('<nav class="contents local" id="on-this-page"><ul></ul></nav>', "error box"),
        ('<div class="system-message"><p>Unknown directive</p></div>', "error box"),
        ('<a class="problematic" href="#id1">`x`_</a>', "error box"),
        (_member(""), "empty member description: cardwars.cards.Card.rank"),
        (_member("   \n "), "empty member description"),
        ("<p><code><span>cardwars.machines</span></code></p>", "name that does not import"),
        ("<p><code>cardwars.cards.Card.colour</code></p>", "name that does not import"),
        ("<p><code>src/cardwars/clone_war/no_such_rule.py</code></p>", "file that does not exist"),
        ("<p><code>clone_war/battle.pxd</code></p>", "file that does not exist"),
        ("<p>&lt;module from '/usr/lib/python3/site-packages/x.so'&gt;</p>", "absolute path"),
        (f"<p>{sys.prefix}/lib/cardwars/_core.so</p>", "absolute path of the build machine"),
    ],
)
def test_each_planted_defect_is_found(body: str, kind: str) -> None:
    findings = _findings(body)
    assert any(kind in finding for finding in findings), findings


def test_a_member_with_only_nested_members_is_not_empty_but_theirs_are() -> None:
    nested = _member("")
    body = (
        '<dl class="py class"><dt class="sig sig-object py" id="cardwars.cards.Card">Card</dt>'
        f"<dd><p>A playing card.</p>{nested}</dd></dl>"
    )
    assert _findings(body) == ["empty member description: cardwars.cards.Card.rank"]


def test_the_furo_escape_hatch_is_no_error_box() -> None:
    hatch = "this-will-duplicate-information-and-it-is-still-useful-here"
    assert _findings(f'<nav class="contents local {hatch}"></nav>') == []


def test_a_placeholder_and_a_protocol_field_resolve() -> None:
    body = "<p><code>cardwars._interpreted.X</code> <code>cardwars.engine.Game.text</code></p>"
    assert _findings(body) == []


def test_the_command_fails_on_a_planted_defect(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<html><body><p>fine</p></body></html>")
    assert CHECK.main([str(tmp_path)]) == 0
    (tmp_path / "page.html").write_text(_member(""))
    assert CHECK.main([str(tmp_path)]) == 1


def test_a_system_pythons_prefix_counts_only_as_the_place_of_its_library(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "base_prefix", "/usr")
    monkeypatch.setattr(sys, "exec_prefix", "/usr")
    assert _findings("<p>#!/usr/bin/env python3</p>") == []
    assert _findings("<p>&lt;module 'json' from '/usr/lib/python3.11/json/__init__.py'&gt;</p>")


def test_a_name_whose_framework_is_missing_is_not_a_dead_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The docs extra alone builds the adapters' pages against stand-ins: not checkable."""
    real = CHECK.importlib.import_module

    def without_gymnasium(name: str) -> object:
        if name.startswith("cardwars.envs.gymnasium"):
            raise ModuleNotFoundError("No module named 'gymnasium'", name="gymnasium")
        if name == "cardwars.nowhere":
            raise ModuleNotFoundError("No module named 'cardwars.nowhere'", name=name)
        return real(name)

    monkeypatch.setattr(CHECK, "importlib", SimpleNamespace(import_module=without_gymnasium))
    assert _findings("<p><code>cardwars.envs.gymnasium.CardwarsEnv</code></p>") == []
    assert _findings("<p><code>cardwars.nowhere</code></p>") == [
        "name that does not import: cardwars.nowhere"
    ]
