"""Clone War as text for the ``cardwars`` command: events, observations, and ``play``/``replay``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import cardwars
from cardwars import Card, IllegalMoveError, cli
from cardwars.clone_war import (
    CloneWar,
    Forfeited,
    GameOver,
    LastCardShown,
    PlayersEliminated,
    PotCollected,
    PotSplit,
    State,
)
from cardwars.clone_war.text import NOTATION, TEXT, CloneWarText
from cardwars.engine.interfaces import GameText


def test_every_event_reads_as_one_line() -> None:
    assert TEXT.describe(Forfeited(1, 1, True)) == (
        "P1 is short and forfeits 1 card(s) to the dead pile"
    )
    assert TEXT.describe(LastCardShown(0, Card.parse("KS2"), False)) == "P0 stands on KS2"
    assert TEXT.describe(PotSplit((0, 2), 1, 1)) == (
        "still tied: the pot is shuffled and split among P0, P2, 1 to the dead pile"
    )
    assert TEXT.describe(PotCollected(3, 12, True)) == "P3 takes the pot (12 cards) (shuffled)"
    assert TEXT.describe(PlayersEliminated((1, 2), 2)) == "P1, P2 out of cards: place 2"
    result = cardwars.Result(frozenset(), "cycle", 3, (1, 1))
    assert TEXT.describe(GameOver(result)) is None


def test_cw_t8_split_described() -> None:
    state = State.from_piles([["KC"], ["KD"], ["QH", "JC", "JD"]], rng_seed=1)
    lines = [TEXT.describe(e) for e in state.apply({})]
    assert lines == [
        "battle 1: P0 KC, P1 KD, P2 QH",
        "war stage 1: P0, P1",
        "P0 stands on KC",
        "P1 stands on KD",
        "still tied: the pot is shuffled and split among P0, P1, 1 to the dead pile",
    ]
    assert TEXT.render_state(state) == "P0 (1): KD\nP1 (1): QH\nP2 (2): JC JD\ndead (1): KC"


def test_observation_shows_sizes_and_face_up_cards_only() -> None:
    state = State.from_piles([["KC", "JC", "QS"], ["QD", "QH"]])
    assert TEXT.render(state.observation(1)) == (
        "battle 0, 0 war stages · piles: P0 3, P1 2 · dead pile 0"
    )
    state.apply({})
    line = TEXT.render(state.observation(1))
    assert line == "battle 1, 0 war stages · piles: P0 4, P1 1 · dead pile 0 · shown: P0 KC, P1 QD"
    assert "JC" not in line  # still in P0's pile, unseen


def test_there_are_no_moves_to_parse_or_label() -> None:
    assert CloneWar.text is TEXT
    assert isinstance(TEXT, CloneWarText)
    assert isinstance(TEXT, GameText)
    assert repr(TEXT) == "CloneWarText()"
    state = CloneWar(players=3).new_game(seed=2)
    for seat in range(3):
        assert state.legal_moves(seat) == ()
        for typed in ("K", "flip", "", "pass"):
            with pytest.raises(IllegalMoveError, match="Clone War has no moves") as caught:
                TEXT.parse(typed, state, seat)
            assert repr(typed) in str(caught.value)
    with pytest.raises(TypeError, match="no moves to label"):
        TEXT.label(cardwars.Move())
    assert "no moves" in TEXT.NOTATION
    assert TEXT.NOTATION == NOTATION


def test_cli_play_and_replay_clone_war(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    argv = ["play", "clone-war", "--players", "3", "--seed", "3", "--save", str(record)]
    assert cli.main(argv) == 0
    played = capsys.readouterr().out
    final = cardwars.play(cardwars.load_game("clone-war", players=3), ["random"] * 3, seed=3)
    assert final.result is not None
    assert f"after {final.result.length}" in played
    assert "· battle 1: P0 KD, P1 JS2, P2 JH2" in played
    assert cli.main(["replay", str(record), "--seat", "1"]) == 0
    replayed = capsys.readouterr().out
    assert replayed.startswith("clone-war, 3 players, seed 3\nbattle 0, 0 war stages")
    assert f"step {final.result.length}" in replayed


def test_the_deal_reads_as_one_line() -> None:
    from cardwars.clone_war import CardsDealt

    assert TEXT.describe(CardsDealt((16, 16, 16), 0)) == (
        "dealt: 16 cards face down to each of 3 players"
    )
    assert TEXT.describe(CardsDealt((17, 16), 1)) == (
        "dealt face down: P0 17, P1 16; 1 to the dead pile"
    )
