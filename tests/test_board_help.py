"""``help`` in ``cardwars play`` explains every symbol each game's boards print (issue 24).

Boards of many positions (each seat's view and the whole table, under several options)
are cut into tokens; every token must be of a known kind, and each kind's entry must be
in the game's ``BOARD`` legend, which ``help`` prints after the notation.
"""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Iterator
from typing import Any

import pytest

import cardwars
from cardwars import cli
from cardwars.aliwar import text as aliwar_text
from cardwars.clone_war import text as clone_war_text
from cardwars.engine import Game
from cardwars.guerrilla import text as guerrilla_text

_CARD = r"(?:10|[2-9TJQKA])[CDHS]"
_WORD = r"\(?[a-z][a-z_=\"'-]*[,:;)]?\)?"  # plain words explain themselves
_NUMBER = r"\(?\d+[,:;)]?\)?"

# Per game: (pattern of a token, the legend entry that explains it, or None for plain text).
_KINDS: dict[str, list[tuple[str, str | None]]] = {
    "aliwar": [
        (rf"\[{_CARD}\]", "[QD]"),
        (rf"{_CARD}\*", "QD*"),
        (rf"{_CARD}@\d+;?", "QD@3"),
        (rf"{_CARD}", "QD"),
        (r"\?\?", "??"),
        (r"--", "--"),
        (r"-", "- for none"),
        (r"\(\d+\)", "(5)"),
        (r"\|", " | "),
        (r"\(empty\)", "(empty)"),
        (r"middle", "middle"),
        (r"discard", "discard"),
        (r"protection", "protection"),
        (r"\(you\)", "P0 (you)"),
        (r"P", "0 1 2 3 4 P"),
        (r"\(?P\d[,:)]?", "P1"),
        (_NUMBER, None),
        (r"Aliwar,", None),
        (_WORD, None),
    ],
    "guerrilla": [
        (r"·", "·"),
        (r"[GPS]+", None),  # flags: each letter checked below
        (r"out", "out: eliminated"),
        (r"=", "G = 3"),
        (r"\(Guerrillas", "(Guerrillas 2-3)"),
        (r"2(?:-\d+)?\)", "(Guerrillas 2-3)"),
        (r"\+", "KC + 9C"),
        (r"tie", "tie 1: 5C"),
        (r"\(\?\?", "(?? down)"),
        (rf"\({_CARD}", "(4C down)"),
        (r"removed", "removed (2)"),
        (r"\(\d+\):", "removed (2)"),
        (r"\(top", "(top first)"),
        (r"-", "- for none"),
        (r"hand", "hand"),
        (r"draw", "draw"),
        (r"discard", "discard"),
        (r"flags", "flags"),
        (r"table", "table"),
        (r"to", "to act"),
        (r"skirmish", "skirmish 3"),
        (r"lead", "lead seat"),
        (r"proposes", "proposes raising G to 4"),
        (rf"{_CARD}", "KC"),
        (_NUMBER, None),
        (r"\(?[a-z][a-z_-]*[,:;)]?\)?", None),
    ],
    "clone-war": [
        (r"·", "·"),
        (rf"{_CARD}[123],?", "KC2"),
        (rf"{_CARD},?", "KC"),
        (r"war", "war stages"),
        (r"stages?", "war stages"),
        (r"piles:", "piles: P0 26"),
        (r"dead", "dead pile"),
        (r"shown:", "shown: P0 KC"),
        (r"battle", "battle 12"),
        (r"-", "- none"),
        (r"P\d", "P0"),
        (r"\(\d+\):", "P0 (26):"),
        (_NUMBER, None),
        (_WORD, None),
    ],
}

_LEGENDS = {
    "aliwar": aliwar_text.BOARD,
    "guerrilla": guerrilla_text.BOARD,
    "clone-war": clone_war_text.BOARD,
}

_SETUPS: dict[str, list[dict[str, Any]]] = {
    "aliwar": [{"view_recall": "perfect"}, {"allow_null_switch": True}, {}],
    "guerrilla": [{"players": 2}, {"players": 4}, {"players": 3, "support_cascade": True}],
    "clone-war": [{"players": 2}, {"players": 4}],
}


def _boards(name: str) -> Iterator[str]:
    """The boards of every step of a few random games: each seat's view and the table."""
    for options in _SETUPS[name]:
        game: Game[Any, Any] = cardwars.load_game(name, **options)
        for seed in range(4):
            state = game.new_game(seed=seed)
            rng = cardwars.Rng(seed)
            steps = 0
            while steps < 400:
                for seat in range(state.players):
                    yield game.text.render(state.observation(seat))
                yield game.text.render_state(state)
                if state.is_over:
                    break
                moves = {}
                for seat in sorted(state.to_act):
                    legal = state.legal_moves(seat)
                    moves[seat] = legal[rng.below(len(legal))]
                state.apply(moves)
                steps += 1


@functools.cache  # the boards repeat their tokens: each is matched once
def _kind(name: str, token: str) -> tuple[str, str | None]:
    for pattern, entry in _KINDS[name]:
        if re.fullmatch(pattern, token):
            return pattern, entry
    raise AssertionError(f"{name}: the board printed {token!r}, which no legend entry explains")


@pytest.mark.parametrize("name", ["aliwar", "guerrilla", "clone-war"])
def test_the_board_legend_explains_every_symbol_the_boards_print(name: str) -> None:
    legend = _LEGENDS[name]
    seen: set[str] = set()
    for board in _boards(name):
        for line in board.splitlines():
            if line.startswith("flags: G played"):  # the Guerrilla board's own legend line
                continue
            # A stack's cell runs its top card into its size: "[AH](1)".
            for token in re.sub(r"(\S)(\(\d+\))", r"\1 \2", line).split():
                pattern, entry = _kind(name, token)
                seen.add(pattern)
                if entry is not None:
                    assert entry in legend, f"{name}: {token!r} is not explained ({entry!r})"
                if name == "guerrilla" and pattern == "[GPS]+" and token != "G":
                    for letter in token:
                        assert f"{letter}: " in legend, f"the flag {letter} is not explained"
    # The boards did print the symbols the legend is for (so the test can fail).
    explained = {p for p, entry in _KINDS[name] if entry is not None}
    assert explained <= seen, sorted(explained - seen)


def test_help_in_cardwars_play_prints_the_notation_and_the_board_legend(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nquit\n"))
    assert cli.main(["play", "aliwar", "--seed", "1", "--opponents", "random"]) == 0
    out = capsys.readouterr().out
    assert aliwar_text.NOTATION in out and aliwar_text.BOARD in out
    for symbol in ("QD*", "[QD]", "??", "--", "(5)", "QD@3", "middle", "discard"):
        assert symbol in out
