"""Check the built HTML of the docs for what a reader must never see.

``python docs/check_html.py BUILD_DIR`` after ``sphinx-build -b html docs BUILD_DIR`` (CI runs it,
``.ci/run``; so does ``nox -s docs``). It fails (exit status 1, one line per finding) on:

- an **error box**: a docutils system message or problematic text, or a ``contents`` directive,
  which Furo covers with a red "ERROR: Adding a table of contents ..." box (the page's own table
  of contents is in Furo's right sidebar);
- an **absolute path of the build machine**: the checkout, the interpreter's prefixes, the home
  directory or the build directory, or any ``site-packages``/``dist-packages`` path (a module
  object or a ``Path`` printed as an attribute's value, say);
- an **empty member description**: an API entry (function, class, attribute, ...) whose
  description is empty;
- a **name that does not import**: a ``cardwars.X.Y`` name in code text (an API signature, a
  literal, a cross-reference) that is neither an importable module nor an attribute of one, and
  a ``cardwars/...`` file path (``clone_war/battle.py``) that is not in ``src/cardwars``.

Needs only the standard library and the package the docs were built from (importable).
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The checkout the docs were built from."""

_VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "wbr",
}
_API_OBJECTS = {
    "function",
    "class",
    "exception",
    "method",
    "classmethod",
    "staticmethod",
    "attribute",
    "data",
    "property",
}
# Furo's escape hatch: a contents directive with this class is drawn without the error box.
_FURO_HATCH = "this-will-duplicate-information-and-it-is-still-useful-here"
_NAME = re.compile(r"(?<![\w./-])cardwars(?:\.[A-Za-z_]\w*)+")
_FILE = re.compile(r"(?<![\w.-])(?:src/)?cardwars/[\w/]+\.(?:py|pyx|pxd|pxi|pyi)\b")
_PLACEHOLDER = re.compile(r"\.[A-Z](?:\.|$)")
_SHORT_FILE = re.compile(
    r"(?<![\w./-])(?:aliwar|clone_war|guerrilla|engine|envs)/\w+\.(?:py|pyx|pxd|pxi|pyi)\b"
)


class _Page(HTMLParser):
    """One page's findings, collected while it is parsed."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.errors: list[str] = []
        self.code: list[str] = []  # the text of every <code>/<pre>/signature element
        self.text: list[str] = []  # every text node
        # The open elements: (tag, classes, [description text seen, nested member seen]).
        self._stack: list[tuple[str, set[str], list[bool]]] = []
        self._code_depth = 0
        self._objects: list[str] = []  # the API object (<dt id>) each open <dd> describes
        self._last_dt_id = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        classes = set((values.get("class") or "").split())
        if "system-message" in classes or "problematic" in classes:
            self.errors.append(f"error box: a docutils {' '.join(sorted(classes))} element")
        if "contents" in classes and _FURO_HATCH not in classes:
            self.errors.append(
                "error box: a contents directive (Furo draws it as an ERROR box; the page's "
                "table of contents is in the right sidebar)"
            )
        if tag == "dt" and values.get("id"):
            self._last_dt_id = values["id"] or ""
        if tag in _VOID:
            return
        if tag == "dl" and self._stack and self._stack[-1][0] == "dd":
            self._stack[-1][2][1] = True
        if tag == "dd" and self._stack and self._stack[-1][0] == "dl":
            parent = self._stack[-1][1]
            if "py" in parent and parent & _API_OBJECTS:
                classes = classes | {"api-member"}
                self._objects.append(self._last_dt_id)
        if tag in ("code", "pre") or "sig" in classes:
            self._code_depth += 1
        self._stack.append((tag, classes, [False, False]))

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        while self._stack:
            open_tag, classes, seen = self._stack.pop()
            if open_tag in ("code", "pre") or "sig" in classes:
                self._code_depth -= 1
            if "api-member" in classes:
                name = self._objects.pop()
                if not seen[0]:
                    self.errors.append(f"empty member description: {name or '(unnamed)'}")
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._code_depth:
            self.code.append(data)
        if data.strip():
            # Text inside a member's own description (not inside a nested member's) counts.
            for tag, classes, seen in reversed(self._stack):
                if tag == "dd" and "api-member" in classes:
                    seen[0] = True
                    break
                if tag == "dl" and classes & _API_OBJECTS:
                    break


def _machine_paths(build: Path) -> list[str]:
    """The absolute paths of this machine that a page must never show.

    The checkout, the environment (a virtualenv's prefix), the home and the build directory
    anywhere; the interpreter's own installation (``/usr`` for a system Python) only as the
    place of its library or executables, so that a page may still name ``/usr/bin/env``.
    """
    paths = {str(ROOT), str(build.resolve()), str(Path.home())}
    if sys.prefix != sys.base_prefix:
        paths.add(sys.prefix)
    for base in {sys.base_prefix, sys.exec_prefix}:
        paths |= {f"{base}/lib/python", f"{base}/bin/python", f"{base}/include/python"}
    return sorted((p for p in paths if len(p) > 1), key=len, reverse=True)


# Dotted names that are no module by design: the entry-point group plugins register games
# under, and the names the interpreted builds of rule modules get when they are loaded.
_ENTRY_POINT_GROUP = "cardwars.games"
_INTERPRETED = "cardwars._interpreted."


def _resolves(name: str) -> bool:
    """Whether ``name`` is an importable module or an attribute of one."""
    if name == _ENTRY_POINT_GROUP or name.startswith(_INTERPRETED):
        return True
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError as error:
            if error.name and error.name.split(".")[0] != "cardwars":
                return True  # an adapter whose framework is not installed: not checkable here
            continue
        except ImportError:
            continue
        for attr in parts[cut:]:
            if hasattr(obj, attr):
                obj = getattr(obj, attr)
                continue
            # A field of a protocol, TypedDict or dataclass: an annotation, no attribute.
            klasses = getattr(obj, "__mro__", ())
            return any(attr in vars(klass).get("__annotations__", {}) for klass in klasses)
        return True
    return False


def _file_exists(path: str) -> bool:
    rel = path.removeprefix("src/").removeprefix("cardwars/")
    return (ROOT / "src" / "cardwars" / rel).exists()


def check_page(html: str, build: Path, *, source_page: bool = False) -> list[str]:
    """The findings of one page (its text as ``html``); ``source_page`` for viewcode's pages."""
    page = _Page()
    page.feed(html)
    page.close()
    errors = list(page.errors)
    text = "".join(page.text)
    for path in _machine_paths(build):
        if path in text:
            errors.append(f"absolute path of the build machine: {path}")
    for match in sorted(set(re.findall(r"[\w./-]*/(?:site|dist)-packages/[\w./-]*", text))):
        errors.append(f"absolute path of the build machine: {match}")
    if source_page:  # the code of the modules themselves: names are checked where rendered
        return errors
    code = "\n".join(page.code)
    for name in sorted(set(_NAME.findall(code))):
        if _PLACEHOLDER.search(name):  # cardwars.X: a name standing for any module
            continue
        if not _resolves(name.rstrip(".")):
            errors.append(f"name that does not import: {name}")
    for path in sorted(set(_FILE.findall(code))):
        if not _file_exists(path):
            errors.append(f"file that does not exist: {path}")
    for path in sorted(set(_SHORT_FILE.findall(code))):
        if not _file_exists(path):
            errors.append(f"file that does not exist: cardwars/{path}")
    return errors


def _pages(build: Path) -> Iterator[Path]:
    for path in sorted(build.rglob("*.html")):
        if not ({"_sources", "_static", ".doctrees"} & set(path.relative_to(build).parts)):
            yield path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", type=Path, help="the HTML output directory of sphinx-build")
    args = parser.parse_args(argv)
    build: Path = args.build
    if not (build / "index.html").is_file():
        print(f"{build}: no index.html (build the HTML first)", file=sys.stderr)
        return 2
    failures = 0
    pages = 0
    for path in _pages(build):
        pages += 1
        rel = path.relative_to(build)
        source_page = rel.parts[0] == "_modules"
        for error in check_page(path.read_text(encoding="utf-8"), build, source_page=source_page):
            failures += 1
            print(f"{rel.as_posix()}: {error}")
    if failures:
        print(f"{failures} finding(s) in the built HTML ({pages} pages)", file=sys.stderr)
        return 1
    print(f"built HTML OK: {pages} pages: no error box, machine path, empty description, dead name")
    return 0


if __name__ == "__main__":
    sys.exit(main())
