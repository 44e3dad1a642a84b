"""The open registry (issue 36): a game that an installed distribution registers under the
entry-point group ``cardwars.games`` works on every surface of the engine, and a broken
or clashing plugin is a clear PluginError that never breaks the built-in games.

The plugin is Duel (``tests/fake_plugin/cw_duel``), written only against
:mod:`cardwars.authoring`: each test installs it as a distribution of its own (a
``.dist-info`` with an ``entry_points.txt``) on a temporary ``sys.path`` entry.
"""

from __future__ import annotations

import importlib
import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import cardwars
from cardwars import records, registry, wire
from cardwars.cli import main
from cardwars.errors import PluginError, RecordError, UsageError
from cardwars.rules_text import rules_text
from tests.plugin_site import distribution, installed

SRC = Path(cardwars.__file__).resolve().parents[1]


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Path]:
    """A ``sys.path`` entry holding Duel, installed as the distribution ``cw-duel``."""
    yield from installed(tmp_path)


class FirstCard:
    """An agent of the caller's own (so simulate plays each game with play())."""

    name = "first"

    def choose(self, observation: object, legal_moves: Sequence[Any], rng: object) -> Any:
        return legal_moves[0]


class Random:
    """The random agent as an object: simulate then plays with play(), not the batch loop."""

    name = "random"

    def choose(self, observation: object, legal_moves: Sequence[Any], rng: Any) -> Any:
        return legal_moves[rng.below(len(legal_moves))]


# --- the registry ----------------------------------------------------------------------------


def test_names_come_from_the_metadata_and_import_nothing(site: Path) -> None:
    code = (
        "import sys, cardwars\n"
        "from cardwars import registry\n"
        "names = registry.game_names()\n"
        "assert names[:3] == ('aliwar', 'clone-war', 'guerrilla') and 'duel' in names[3:]\n"
        "assert 'duel = cw_duel.game:Duel' in [p.entry_point for p in registry.plugins()]\n"
        "assert not any(m.startswith('cw_duel') for m in sys.modules), 'imported too soon'\n"
        "game = cardwars.load_game('duel', hand_size=3)\n"
        "assert 'cw_duel.game' in sys.modules and game.name == 'duel'\n"
        "print('ok')\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(SRC)])}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "ok\n"


def test_load_game_and_play(site: Path) -> None:
    game = cardwars.load_game("duel", hand_size=4)
    assert registry.game_class("duel") is type(game)
    assert registry.games()[-1] is type(game)
    final = cardwars.play(game, ["random", "random"], seed=11)
    assert final.result is not None and 3 <= final.result.length <= 4
    assert "random" in cardwars.agents.agent_names()
    assert "DU-2" in rules_text("duel")
    with pytest.raises(cardwars.RulesError, match="hand_size must be an int from 1 to 26"):
        cardwars.load_game("duel", hand_size=27)


def test_records_round_trip(site: Path) -> None:
    game = cardwars.load_game("duel")
    final = cardwars.play(game, ["random", "random"], seed=5)
    text = records.dumps(final, agents=["random", "random"])
    assert json.loads(text)["game"] == "duel"
    again = records.loads(text)
    assert again == final
    steps = records.replay(text)
    assert len(steps) == 1 + len(final.history)
    fresh = game.new_game(seed=5)
    for step in steps[1:]:
        assert fresh.apply(step.moves) == step.events
    assert fresh == final


def test_wire_documents_and_schema(site: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    game = cardwars.load_game("duel")
    state = game.new_game(seed=3)
    move = state.legal_moves(0)[0]
    events = state.apply({0: move, 1: state.legal_moves(1)[-1]})
    observation = state.observation(1)
    schema = wire.schema(game)
    for value in (move, events[0], observation, game.rules):
        document = json.loads(json.dumps(wire.encode(value)))
        jsonschema.validate(document, schema)
        assert wire.decode(game, document) == value
    assert wire.decode_move(game, wire.encode(move)) == move
    with pytest.raises(RecordError, match="expected an object whose"):
        wire.decode_move(game, wire.encode(events[0]))


# --- simulate --------------------------------------------------------------------------------


def test_simulate_keeps_the_longest_deals_the_same_for_any_workers(site: Path) -> None:
    game = cardwars.load_game("duel", hand_size=6)
    one = cardwars.simulate(game, ["random", "random"], games=400, seed=9, keep_longest=5)
    two = cardwars.simulate(
        game, ["random", "random"], games=400, seed=9, keep_longest=5, workers=2
    )
    assert one.engine == "batch" and one.length_unit == "showdowns"
    assert len(set(one.lengths)) > 1  # the lengths differ: the longest are a real choice
    assert len(one.longest) == 5
    assert one.longest == two.longest
    assert one == two
    # The play path (an agent object) plays the very same games as the plugin's batch loop.
    played = cardwars.simulate(
        game, [Random(), Random()], games=400, seed=9, keep_longest=5, chunk_size=33
    )
    assert played.engine == "play"
    assert played.lengths == one.lengths and played.longest == one.longest
    for deal in one.longest:
        again = cardwars.play(game, ["random", "random"], seed=deal.seed)
        assert again.result is not None
        assert deal.figures == {"points": max(again.observation(0).points)}
        assert deal.notation == game.deal_notation(game.new_game(deal.seed))
        assert deal.seed == cardwars.derive_seed(9, deal.game)


def test_keep_longest_ranks_by_length_then_deal_order() -> None:
    # Clone War's battle counts vary: the kept deals are the longest, ties in deal order.
    report = cardwars.simulate("clone-war", ["random"] * 2, games=600, seed=2, keep_longest=8)
    order = sorted(range(report.games), key=lambda k: (-report.lengths[k], k))[:8]
    assert [deal.game for deal in report.longest] == order
    again = cardwars.simulate(
        "clone-war", ["random"] * 2, games=600, seed=2, keep_longest=8, workers=2, chunk_size=7
    )
    assert again.longest == report.longest
    assert report.to_dict()["longest"][0]["notation"] == f"seed {report.longest[0].seed}"
    with pytest.raises(UsageError, match="keep_longest must be an int from 0 to MAX_KEEP"):
        cardwars.simulate("clone-war", ["random"] * 2, games=5, keep_longest=-1)


def test_keep_longest_with_an_agent_of_ones_own(site: Path) -> None:
    game = cardwars.load_game("duel", hand_size=3)
    one = cardwars.simulate(game, [FirstCard(), "random"], games=120, seed=4, keep_longest=3)
    two = cardwars.simulate(
        game, [FirstCard(), "random"], games=120, seed=4, keep_longest=3, workers=2
    )
    assert one.engine == "play" and one.longest == two.longest and len(one.longest) == 3


# --- the command, the table, the agents, the envs --------------------------------------------


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_simulate_play_replay_rules_schema_games(
    site: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("rich")
    kept = tmp_path / "kept"
    kept.mkdir()
    argv = ["simulate", "duel", "--games", "60", "--keep-longest", "2"]
    status, out, err = _run([*argv, "--save-longest", str(kept)], capsys)
    assert status == 0, err
    assert "the 2 longest deals" in out and "showdowns" in out
    saved = sorted(kept.iterdir())
    assert len(saved) == 2
    status, out, err = _run(["replay", str(saved[0]), "--all"], capsys)
    assert status == 0, err
    assert "duel, 2 players" in out and "against" in out

    record = tmp_path / "auto.json"
    argv = ["play", "duel", "-o", "automatic=true", "--seed", "4", "--save", str(record)]
    status, out, err = _run(argv, capsys)
    assert status == 0, err
    assert "game over" in out and "showdowns" in out
    assert records.loads(record.read_text()).is_over

    hand = sorted(cardwars.load_game("duel").new_game(seed=8).observation(0).hand)
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{card}\n" for card in hand)))
    status, out, err = _run(["play", "duel", "--seed", "8"], capsys)
    assert status == 0, err
    assert "opponents random" in out and "game over" in out

    status, out, _ = _run(["rules", "duel"], capsys)
    assert status == 0 and "DU-3" in out and "hand_size = 5" in out
    status, out, _ = _run(["schema", "duel"], capsys)
    assert status == 0 and json.loads(out)["$defs"]["Play"]["required"] == ["type", "card"]
    status, out, _ = _run(["games"], capsys)
    assert status == 0 and "duel = cw_duel.game:Duel ['cw-duel 1.0']" in out


def test_table_with_a_person_and_an_agent(site: Path) -> None:
    game = cardwars.load_game("duel", hand_size=3)
    table = cardwars.Table(game, agents={1: "random"}, seed=6)
    while not table.is_over:
        assert table.waiting_for == (0,)
        view = table.view(0)
        assert table.play({0: view.legal_moves[-1]})
    result = table.state.result
    assert result is not None and result.length == len(table.state.history) >= 2
    table.undo()
    assert not table.is_over and len(table.state.history) == result.length - 1


def test_the_envs_say_a_game_without_encodings_has_none(site: Path) -> None:
    # Duel's game class without its encodings, as a plugin of its own.
    distribution(site, "cw-plain", {"plain-duel": "cw_duel.game:PlainDuel"})
    registry.refresh()
    pytest.importorskip("pyspiel")
    from cardwars.envs import openspiel

    with pytest.raises(UsageError, match="plain-duel has no encodings"):
        openspiel.load_game("plain-duel")
    pytest.importorskip("pettingzoo")
    from cardwars.envs import pettingzoo

    with pytest.raises(UsageError, match="plain-duel has no encodings"):
        pettingzoo.parallel_env("plain-duel")


def test_a_plugins_rule_module_runs_interpreted_on_either_backend(site: Path) -> None:
    from cardwars.backend import RuleSource, interpreted_name

    source = RuleSource("cw_duel.scoring")
    canonical = importlib.import_module("cw_duel.scoring")
    assert source.of("compiled") is canonical  # installed without a compiler: its source runs
    assert source.of("python") is canonical
    twin = importlib.import_module(interpreted_name("cw_duel.scoring"))
    assert (
        twin is not canonical and twin.__name__ == "cardwars._interpreted._plugins.cw_duel.scoring"
    )
    pairs = [(a, b) for a in range(0, 52, 5) for b in range(0, 52, 7)]
    assert [twin.showdown(a, b) for a, b in pairs] == [canonical.showdown(a, b) for a, b in pairs]


# --- broken and clashing plugins -------------------------------------------------------------


def _builtins_work() -> None:
    assert registry.game_names()[:3] == ("aliwar", "clone-war", "guerrilla")
    for name in registry.BUILTIN:
        game = cardwars.load_game(name)
        assert type(game).__module__.startswith("cardwars.")
        assert cardwars.play(game, ["random"] * game.players, seed=1).is_over


def test_a_plugin_that_fails_to_import(site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (site / "cw_broken").mkdir()
    (site / "cw_broken" / "__init__.py").write_text("raise ImportError('needs a compiler')\n")
    distribution(site, "cw-broken", {"broken": "cw_broken:Broken"})
    registry.refresh()
    assert "broken" in registry.game_names()  # listed without importing it
    with pytest.raises(PluginError) as caught:
        cardwars.load_game("broken")
    error = caught.value
    assert error.distribution == "'cw-broken 1.0'"
    assert error.entry_point == "broken = cw_broken:Broken"
    assert "failed to import (ImportError: needs a compiler)" in str(error)
    assert "'cw-broken 1.0'" in str(error) and "broken = cw_broken:Broken" in str(error)
    with pytest.raises(PluginError):  # and on every later ask
        registry.game_class("broken")
    with pytest.raises(UsageError, match="failed to import"):
        cardwars.simulate("broken", ["random"] * 2, games=3)
    record = records.dumps(cardwars.play(cardwars.load_game("duel"), ["random"] * 2, seed=1))
    with pytest.raises(RecordError, match="the record's game cannot be used"):
        records.loads(record.replace('"game": "duel"', '"game": "broken"'))
    _builtins_work()
    assert cardwars.load_game("duel").name == "duel"
    status, out, err = _run(["games"], capsys)
    assert status == 2 and "broken: the game 'broken' failed to import" in out
    status, out, err = _run(["demo", "--seed", "3"], capsys)
    assert status == 2 and "clone-war: the deal" in out and "duel: the deal" in out
    assert "failed to import" in err
    status, out, err = _run(["simulate", "broken", "--games", "3"], capsys)
    assert status == 2 and err.count("\n") == 1 and "cw-broken 1.0" in err


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("cw_duel.game:Rules", "is no cardwars Game subclass"),
        ("cw_duel.game:Duel", "loads Duel, whose name is 'duel'"),
        ("cw_duel.game", "cannot be loaded: no 'module:Class'"),
        ("cw_duel.game:Nothing", "failed to import (AttributeError"),
    ],
)
def test_an_entry_point_that_is_no_game_of_its_name(site: Path, target: str, message: str) -> None:
    distribution(site, "cw-odd", {"odd": target})
    registry.refresh()
    with pytest.raises(PluginError, match=r"'cw-odd 1\.0'") as caught:
        cardwars.load_game("odd")
    assert message in str(caught.value)
    _builtins_work()


def test_names_that_clash_or_are_no_names(site: Path) -> None:
    distribution(site, "cw-clash", {"aliwar": "cw_duel.game:Duel", "Bad_Name": "cw_duel:Duel"})
    distribution(site, "cw-twin", {"duel": "cw_duel.game:Duel"})
    registry.refresh()
    problems = {(p.name, p.distribution): p.problem for p in registry.plugins()}
    assert problems[("aliwar", "'cw-clash 1.0'")] == "'aliwar' is a built-in game"
    assert "no game name" in str(problems[("Bad_Name", "'cw-clash 1.0'")])
    assert "registered by more than one entry point" in str(problems[("duel", "'cw-twin 1.0'")])
    assert registry.game_names()[:3] == ("aliwar", "clone-war", "guerrilla")
    assert "duel" not in registry.game_names() and "Bad_Name" not in registry.game_names()
    with pytest.raises(PluginError, match="is registered by more than one entry point") as caught:
        cardwars.load_game("duel")
    assert "cw-duel 1.0" in str(caught.value) or "cw-twin 1.0" in str(caught.value)
    assert "cw_duel" not in sys.modules  # a clash is found without importing anything
    _builtins_work()  # "aliwar" is the built-in game still
