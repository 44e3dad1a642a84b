"""The project's own statement of each game's rules (``seeds/`` in the source tree).

The wheel carries the files as ``cardwars/rules/*.md`` (copied there at build
time); a source checkout reads ``seeds/`` directly.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from cardwars.errors import UsageError

__all__ = ["RULE_FILES", "rules_text"]

RULE_FILES = {
    "aliwar": "000_aliwar.md",
    "clone-war": "001_clone_war.md",
    "guerrilla": "003_guerrilla.md",
}


def rules_text(game: str) -> str:
    """The numbered clauses of ``game`` as Markdown text.

    >>> rules_text("clone-war").splitlines()[0]
    '# 001 Clone War'
    """
    name = RULE_FILES.get(game)
    if name is None:
        raise UsageError(f"unknown game {game!r}; the games are: {', '.join(RULE_FILES)}")
    packaged = resources.files("cardwars").joinpath("rules", name)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    source = Path(__file__).resolve().parents[2] / "seeds" / name
    return source.read_text(encoding="utf-8")
