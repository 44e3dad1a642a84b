"""The first game built outside the package, Beggar-my-neighbour, on every engine surface.

The plugin (``plugins/beggar-my-neighbour``, written only against :mod:`cardwars.authoring`)
is installed here as a distribution of its own: its package on a temporary ``sys.path``
entry beside a ``.dist-info`` whose ``entry_points.txt`` registers it under
``cardwars.games``, the metadata pip writes. Nothing inside cardwars names it. The
plugin's own rule tests live in its folder (``.ci/run`` builds, installs and runs them).
"""

from __future__ import annotations

import importlib.metadata
import io
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardwars
from cardwars import records, registry, wire
from cardwars.cli import main

PLUGIN = Path(__file__).resolve().parents[1] / "plugins" / "beggar-my-neighbour"
NAME = "beggar-my-neighbour"
RECORD_2022 = ("---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---")
CYCLE_2024 = ("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA")

pytestmark = pytest.mark.skipif(
    not (PLUGIN / "pyproject.toml").is_file(), reason="needs the checkout's plugins/ folder"
)


def _forget() -> None:
    for name in list(sys.modules):
        if name.split(".")[0] == "beggar_my_neighbour" or name.startswith(
            "cardwars._interpreted._plugins.beggar_my_neighbour"
        ):
            del sys.modules[name]
    registry.refresh()


def _installed_by_pip() -> bool:
    try:
        importlib.metadata.distribution("cardwars-beggar-my-neighbour")
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


@pytest.fixture
def installed(tmp_path: Path) -> Iterator[Any]:
    """The plugin installed as ``cardwars-beggar-my-neighbour`` 0.1.0; yields its game class.

    Where pip installed it already (``.ci/run`` does, compiled), that install is used: a
    second distribution of the same name would be a clash the registry refuses.
    """
    if _installed_by_pip():
        registry.refresh()
        yield registry.game_class(NAME)
        return
    site = tmp_path / "site"
    shutil.copytree(
        PLUGIN / "src" / "beggar_my_neighbour",
        site / "beggar_my_neighbour",
        ignore=shutil.ignore_patterns("*.so", "*.c", "__pycache__"),  # interpreted, as pip
    )  # installs it where no compiler is found
    info = site / "cardwars_beggar_my_neighbour-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: cardwars-beggar-my-neighbour\nVersion: 0.1.0\n"
    )
    (info / "entry_points.txt").write_text(
        "[cardwars.games]\nbeggar-my-neighbour = beggar_my_neighbour.game:BeggarMyNeighbour\n"
    )
    sys.path.insert(0, str(site))
    _forget()
    try:
        yield registry.game_class(NAME)
    finally:
        sys.path.remove(str(site))
        _forget()


def test_the_registry_finds_it_by_its_entry_point(installed: Any) -> None:
    assert NAME in registry.game_names()
    assert registry.game_names()[:3] == ("aliwar", "clone-war", "guerrilla")
    game: Any = cardwars.load_game(NAME)  # the plugin's class: mypy knows Game only
    assert type(game) is installed and game.players == 2
    assert "BMN-1" in cardwars.rules_text.rules_text(NAME)


def test_record_notation_games_and_the_cycle(installed: Any) -> None:
    game: Any = cardwars.load_game(NAME)  # the plugin's class: mypy knows Game only
    assert tuple(game.play_hands(*RECORD_2022)) == (1, 1164, 8345, None)
    assert tuple(game.play_hands(*CYCLE_2024)) == (None, 66, 474, 62)
    only_jq: Any = cardwars.load_game(NAME, king=0, ace=0)
    assert only_jq.play_hands(*RECORD_2022) != game.play_hands(*RECORD_2022)


def test_play_records_and_wire(installed: Any) -> None:
    game: Any = cardwars.load_game(NAME)  # the plugin's class: mypy knows Game only
    final = cardwars.play(game, ["random", "random"], seed=5)
    assert final.is_over and final.result is not None
    again = records.loads(records.dumps(final))
    assert again.result == final.result and again.history == final.history
    start = game.from_hands(*CYCLE_2024)
    while not start.is_over:
        start.apply({})
    assert start.result is not None and start.result.termination == "cycle"
    back = records.loads(records.dumps(start))
    assert back.result == start.result and back.hand_built
    document = wire.encode(final.observation(0))
    assert wire.decode(game, document) == final.observation(0)
    for event in final.last_events:
        assert wire.decode(game, wire.encode(event)) == event


def test_simulate_keeps_the_longest_deals_for_any_workers(installed: Any) -> None:
    game: Any = cardwars.load_game(NAME)  # the plugin's class: mypy knows Game only
    agents = ["random", "random"]
    one = cardwars.simulate(game, agents, games=400, seed=9, keep_longest=3)
    two = cardwars.simulate(game, agents, games=400, seed=9, keep_longest=3, workers=2)
    assert one.engine == "batch" and one.length_unit == "tricks"
    assert one == two and one.longest == two.longest
    lengths = [deal.length for deal in one.longest]
    assert lengths == sorted(lengths, reverse=True) and len(lengths) == 3
    for deal in one.longest:
        state = game.new_game(deal.seed)
        assert deal.notation == game.deal_notation(state)
        assert tuple(game.play_hands(*state.notation))[1] == deal.length


def test_the_command_line_and_a_table(
    installed: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["simulate", NAME, "--games", "200", "--workers", "1"]) == 0
    assert "200 games" in capsys.readouterr().out.replace(",", "")
    game: Any = cardwars.load_game(NAME)  # the plugin's class: mypy knows Game only
    path = tmp_path / "deal.json"
    path.write_text(records.dumps(cardwars.play(game, ["random", "random"], seed=2)))
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out
    table = cardwars.Table(game, agents={0: "random", 1: "random"}, seed=2)
    assert table.is_over and table.result == records.loads(path.read_text()).result
    with pytest.raises(cardwars.RulesError, match="exactly 2 players"):
        cardwars.load_game(NAME, players=3)


def test_the_built_in_games_are_untouched(installed: Any) -> None:
    for name in ("aliwar", "clone-war", "guerrilla"):
        assert cardwars.play(cardwars.load_game(name), ["random"] * 2, seed=1).is_over


def test_cardwars_play_shows_a_start_from_hands(
    installed: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: Any
) -> None:
    game: Any = cardwars.load_game(NAME)
    start = tmp_path / "hands.json"
    start.write_text(records.dumps(game.from_hands(*CYCLE_2024)))
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    saved = tmp_path / "played.json"
    assert main(["play", NAME, "--start", str(start), "--save", str(saved)]) == 0
    assert "cycle" in capsys.readouterr().out
    played = records.load(saved)
    assert played.hand_built and played.result is not None
    assert played.result.termination == "cycle" and played.result.length == 66
    assert main(["play", "aliwar", "--start", str(start)]) == 2
    assert "a game of beggar-my-neighbour, not of aliwar" in capsys.readouterr().err
    assert main(["play", NAME, "--start", str(start), "--seed", "3"]) == 2
    assert "--start takes the deal" in capsys.readouterr().err
