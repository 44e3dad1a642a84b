"""The project's own statement of each game's rules (:attr:`cardwars.engine.Game.rules_file`):
the wheel's ``cardwars/rules/*.md``, copied at build time from ``seeds/`` (which a source checkout
reads); a plugin's ``rules/<rules_file>`` (or ``<rules_file>``) beside its game class's module.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from cardwars.errors import UsageError
from cardwars.registry import game_class

__all__ = ["rules_text"]


def rules_text(game: str) -> str:
    """The numbered clauses of ``game`` as Markdown text.

    Raises:
        UsageError: an unknown game name, or a plugin's game whose rules file is missing.
        PluginError: a plugin's game that cannot be used.

    >>> rules_text("clone-war").splitlines()[0]
    '# 001 Clone War'
    """
    cls = game_class(game)
    name = cls.rules_file
    module = cls.__module__
    if module == "cardwars" or module.startswith("cardwars."):
        packaged = resources.files("cardwars").joinpath("rules", name)
        if packaged.is_file():
            return packaged.read_text(encoding="utf-8")
        source = Path(__file__).resolve().parents[2] / "seeds" / name
        return source.read_text(encoding="utf-8")
    where = getattr(sys.modules.get(module), "__file__", None)
    folder = Path(where).parent if where else None
    for path in () if folder is None else (folder / "rules" / name, folder / name):
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise UsageError(
        f"the game {cls.name!r} ships no rules file: {name!r} is neither in rules/ beside "
        f"{module} nor beside it"
    )
