"""Duel (``tests/fake_plugin/cw_duel``) installed as a distribution of its own, for the tests
of the open registry: a ``.dist-info`` with an ``entry_points.txt`` on a temporary
``sys.path`` entry (each test module's ``site`` fixture yields from :func:`installed`)."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

from cardwars import registry

HERE = Path(__file__).resolve().parent


def distribution(site: Path, name: str, games: dict[str, str]) -> None:
    """Write the metadata of distribution ``name`` 1.0 that registers ``games`` into ``site``."""
    info = site / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    lines = "".join(f"{game} = {target}\n" for game, target in games.items())
    (info / "entry_points.txt").write_text(f"[cardwars.games]\n{lines}")


def forget_plugins() -> None:
    """Drop the plugins' modules and re-read the registry."""
    for name in list(sys.modules):
        if name.split(".")[0] in ("cw_duel", "cw_broken") or name.startswith(
            "cardwars._interpreted._plugins"
        ):
            del sys.modules[name]
    registry.refresh()


def installed(tmp_path: Path) -> Iterator[Path]:
    """A ``sys.path`` entry holding Duel, installed as the distribution ``cw-duel``."""
    root = tmp_path / "site"
    shutil.copytree(HERE / "fake_plugin" / "cw_duel", root / "cw_duel")
    distribution(root, "cw-duel", {"duel": "cw_duel.game:Duel"})
    sys.path.insert(0, str(root))
    forget_plugins()
    try:
        yield root
    finally:
        sys.path.remove(str(root))
        forget_plugins()
