"""The `cardwars` command: every subcommand, piped play to the end, replay, errors."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import cardwars
from cardwars import records
from cardwars.aliwar import Aliwar
from cardwars.cli import main
from cardwars.guerrilla import Guerrilla


class FirstMove:
    """Plays the first legal move and remembers the ones a person would have typed."""

    def __init__(self) -> None:
        self.typed: list[Any] = []

    def choose(self, observation: Any, legal_moves: Any, rng: Any) -> Any:
        if len(legal_moves) > 1:  # the CLI plays a forced move without asking
            self.typed.append(legal_moves[0])
        return legal_moves[0]


def _run(
    argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = ""
) -> tuple[int, str, str]:
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        status = main(argv)
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return status, out, err


def _scripted_aliwar(seed: int) -> tuple[str, Any]:
    """The human's moves (seat 0 playing the first legal move) against greedy, as typed text."""
    human = FirstMove()
    final = cardwars.play(cardwars.load_game("aliwar"), [human, "greedy"], seed=seed)
    typed = [Aliwar.text.label(move) for move in human.typed]
    return "\n".join(typed) + "\n", final


def test_cli_play_aliwar_to_the_end_and_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, expected = _scripted_aliwar(3)
    save = tmp_path / "game.json"
    status, out, err = _run(
        ["play", "aliwar", "--seed", "3", "--opponents", "greedy", "--save", str(save)],
        capsys,
        "oops\n" + text,
    )
    assert status == 0, err
    assert out.count("is not a legal move here; legal:") == 1  # only "oops"
    assert out.count("type 'help' for the move notation, 'quit' to stop") == 1
    assert "game over:" in out
    assert f"record saved to {save}" in out
    loaded = records.loads(save.read_text())
    assert loaded == expected
    assert json.loads(save.read_text())["agents"] == ["human", "greedy"]


@pytest.mark.parametrize("players", [2, 3])
def test_cli_play_guerrilla_to_the_end(
    players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = cardwars.load_game("guerrilla", players=players)
    human = FirstMove()
    expected = cardwars.play(game, [human] + ["greedy"] * (players - 1), seed=8)
    typed = [Guerrilla.text.label(move) for move in human.typed]
    assert typed, "the scripted game should need typed moves"
    save = tmp_path / "g.json"
    status, out, err = _run(
        ["play", "guerrilla", "--players", str(players), "--seed", "8", "--save", str(save)],
        capsys,
        "\n".join(typed) + "\n",
    )
    assert status == 0, err
    assert "not a legal move" not in out
    assert "game over:" in out
    assert records.loads(save.read_text()) == expected


def test_cli_play_a_mistyped_command_points_to_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(["play", "aliwar", "--seed", "3"], capsys, "hlep\n2 Q\nqiut\nquit\n")
    assert status == 0
    assert "  did you mean 'help'? type 'help' for the move notation, 'quit' to stop\n" in out
    assert "  type 'help' for the move notation, 'quit' to stop\n" in out  # after "2 Q"
    assert "  did you mean 'quit'? type 'help'" in out
    assert "game stopped after 0 steps" in out


def test_cli_play_input_ending_early_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(["play", "aliwar", "--seed", "3"], capsys, "0 1\n")
    assert status == 2
    assert err.strip() == "cardwars: error: input ended before the game did"


def test_cli_replay_whole_table_and_one_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    final = cardwars.play(cardwars.load_game("aliwar"), ["random", "random"], seed=21)
    path = tmp_path / "r.json"
    path.write_text(records.dumps(final))
    status, out, _ = _run(["replay", str(path)], capsys)
    assert status == 0
    assert out.count("\nstep ") == len(final.history)
    assert "aliwar, 2 players, seed 21" in out
    status, seat_out, _ = _run(["replay", str(path), "--seat", "1"], capsys)
    assert status == 0
    assert "??" in seat_out  # a seat's view hides never-seen cards; the whole table does not
    assert "??" not in out


def test_cli_replay_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(["replay", str(tmp_path / "missing.json")], capsys)
    assert status == 2
    assert "cannot read" in err
    assert err.count("\n") == 1
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "cardwars-record"}')
    status, _, err = _run(["replay", str(bad)], capsys)
    assert status == 2
    assert "lacks the field(s)" in err


def test_cli_simulate_prints_the_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("rich")
    report_path = tmp_path / "report.json"
    status, out, err = _run(
        [
            "simulate",
            "aliwar",
            "--games",
            "300",
            "--seed",
            "4",
            "--agents",
            "greedy,random",
            "--json",
            str(report_path),
        ],
        capsys,
    )
    assert status == 0, err
    assert "aliwar · 2 players · 300 games" in out
    assert "greedy" in out
    data = json.loads(report_path.read_text())
    expected = cardwars.simulate("aliwar", ["greedy", "random"], games=300, seed=4)
    assert data == expected.to_dict()


def test_cli_simulate_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    plot = tmp_path / "plot.png"
    status, _, err = _run(["simulate", "aliwar", "--games", "50", "--plot", str(plot)], capsys)
    assert status == 0, err
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["simulate", "aliwar", "-o", "max_rounds=0"], "max_rounds must be"),
        (["simulate", "aliwar", "-o", "turbo=1"], "unknown option(s) ['turbo']"),
        (["simulate", "aliwar", "-o", "oops"], "--option takes NAME=VALUE"),
        (["simulate", "aliwar", "--agents", "smart"], "unknown agent 'smart'"),
        (["simulate", "aliwar", "--agents", "random,random,random"], "--agents needs 1 or 2"),
        (["play", "aliwar", "--seat", "5"], "--seat must be 0..1"),
        (["rules", "chess"], "unknown game 'chess'"),
    ],
)
def test_cli_errors_are_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _run(argv, capsys)
    assert status == 2
    assert message in err
    assert err.startswith("cardwars: error: ")
    assert err.count("\n") == 1


def test_cli_simulate_without_rich_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "rich", None)  # makes `import rich` fail
    status, _, err = _run(["simulate", "aliwar", "--games", "5"], capsys)
    assert status == 2
    assert err == (
        "cardwars: error: this command needs rich for its tables and progress bars: "
        "pip install 'cardwars[cli]'\n"
    )


def test_cli_rules_lists_clauses_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(["rules", "aliwar"], capsys)
    assert status == 0
    assert "AW-5.4" in out
    assert "kept_card_position = 'above_returning'" in out
    status, out, _ = _run(["rules"], capsys)
    assert status == 0
    assert all(name in out for name in ("Aliwar", "Clone War", "Guerrilla"))


def test_cli_without_a_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run([], capsys)
    assert status == 0
    assert "simulate" in out
    assert "replay" in out


def test_cli_as_a_module_in_a_subprocess(backend: str) -> None:
    env = dict(os.environ)
    env.pop("CARDWARS_REQUIRE_EXTENSION", None)
    if backend == "python":
        env["CARDWARS_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "cardwars", "demo", "--seed", "5"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"({backend} core), seed 5" in done.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "cardwars", "rules", "chess"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stderr.startswith(  # then any installed plugin's games
        "cardwars: error: unknown game 'chess'; the games are: aliwar, clone-war, guerrilla"
    )
    assert bad.stderr.count("\n") == 1
    assert "Traceback" not in bad.stderr


def test_cli_quit_saves_the_game_so_far_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "stopped.json"
    status, out, err = _run(
        ["play", "aliwar", "--seed", "3", "--save", str(save)], capsys, "0 1\nquit\n"
    )
    assert status == 0, err
    assert err == ""
    record = json.loads(save.read_text())
    steps = len(record["steps"])
    assert steps >= 1  # the switch (and a keep the human had no choice in)
    assert f"game stopped after {steps} step" in out
    assert not records.loads(save.read_text()).is_over


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_cli_replay_steps_on_enter_at_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    final = cardwars.play(cardwars.load_game("aliwar"), ["random", "random"], seed=21)
    path = tmp_path / "r.json"
    path.write_text(records.dumps(final))
    monkeypatch.setattr(sys, "stdin", _Terminal("\n\nq\n"))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("\nstep ") == 2  # two Enters, then q
    assert f"[step 3 of {len(final.history)}: Enter for the next, q to stop]" in out
    monkeypatch.setattr(sys, "stdin", _Terminal(""))
    assert main(["replay", str(path), "--all"]) == 0
    assert capsys.readouterr().out.count("\nstep ") == len(final.history)


def test_cli_play_colours_the_cards_at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("rich")
    from cardwars import cli

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    out = cli._play_output()
    assert isinstance(out, cli._ColourOut)
    buffer = io.StringIO()
    from rich.console import Console

    out._console = Console(file=buffer, force_terminal=True, color_system="standard")
    print("hand KC 10D QH1, ACE", file=out)
    shown = buffer.getvalue()
    assert "\x1b[1;31m10D\x1b[0m" in shown and "\x1b[1;31mQH1\x1b[0m" in shown
    assert "\x1b[1mKC\x1b[0m" in shown
    assert "ACE" in shown and "\x1b[1mACE" not in shown


def test_cardwars_play_start_of_an_unreadable_record_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for path, said in ((tmp_path / "missing.json", "cannot read"), (tmp_path, "cannot read")):
        assert main(["play", "aliwar", "--start", str(path)]) == 2
        assert said in capsys.readouterr().err
    (tmp_path / "deep.json").write_text("[" * 100_000)
    assert main(["play", "aliwar", "--start", str(tmp_path / "deep.json")]) == 2
    assert "nested too deeply" in capsys.readouterr().err
