"""The project's own statement of each game's rules (``seeds/`` in the source tree).

Each game names its file (:attr:`cardwars.engine.Game.rules_file`). The wheel
carries the files as ``cardwars/rules/*.md`` (copied there at build time); a
source checkout reads ``seeds/`` directly.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from cardwars.registry import game_class

__all__ = ["rules_text"]


def rules_text(game: str) -> str:
    """The numbered clauses of ``game`` as Markdown text.

    Raises:
        UsageError: an unknown game name.

    >>> rules_text("clone-war").splitlines()[0]
    '# 001 Clone War'
    """
    name = game_class(game).rules_file
    packaged = resources.files("cardwars").joinpath("rules", name)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    source = Path(__file__).resolve().parents[2] / "seeds" / name
    return source.read_text(encoding="utf-8")
