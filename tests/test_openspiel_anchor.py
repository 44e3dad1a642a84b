"""Smoke test of ``benchmarks/openspiel_anchor.py``: its turn-based view of Guerrilla and
OpenSpiel's ``ISMCTSBot`` searching in it. Its strength is measured by the script, never here.

Skipped, with the reason, when ``pyspiel`` is not installed or the tests run outside the
source tree.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open-spiel is not installed: pip install 'cardwars[openspiel]'"
)

from cardwars import Rng  # noqa: E402
from cardwars.guerrilla import Guerrilla  # noqa: E402

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "openspiel_anchor.py"
if not SCRIPT.is_file():
    pytest.skip(
        "tests benchmarks/openspiel_anchor.py of the source tree; these tests run outside it",
        allow_module_level=True,
    )


@pytest.fixture(scope="module")
def anchor() -> Any:
    """The script as a module (imported once per process: it registers a game)."""
    if "openspiel_anchor" not in sys.modules:
        spec = importlib.util.spec_from_file_location("openspiel_anchor", SCRIPT)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["openspiel_anchor"] = module
        spec.loader.exec_module(module)
    return sys.modules["openspiel_anchor"]


def test_a_step_is_applied_after_its_last_seat_and_hides_pending_choices(anchor: Any) -> None:
    game = anchor.TurnsGame({"players": 2})
    cw = Guerrilla(players=2).new_game(5)
    assert sorted(cw.to_act) == [0, 1]
    state = game.view(cw.copy(), 1)
    assert state.current_player() == 1
    before = state.information_state_string(0)
    action = state.legal_actions()[0]
    state.apply_action(action)
    assert state.current_player() == 0 and state.cw.history == cw.history
    assert state.information_state_string(0) == before  # seat 1's choice stays hidden
    state.apply_action(state.legal_actions()[0])
    assert len(state.cw.history) == len(cw.history) + 1
    assert f"({action}," in state.information_state_string(1)


def test_a_sampled_world_keeps_the_searching_seats_information(anchor: Any) -> None:
    game = anchor.TurnsGame({"players": 2})
    cw = Guerrilla(players=2).new_game(9)
    while not cw.is_over and len(cw.history) < 12:
        cw.apply_actions({s: min(cw.legal_actions(s)) for s in cw.to_act})
    seat = min(cw.to_act)
    root = game.view(cw.copy(), seat)
    world = game.view(cw.determinize(seat, Rng(3)), seat)
    assert world.information_state_string(seat) == root.information_state_string(seat)
    assert world.legal_actions() == root.legal_actions()


def test_the_searcher_chooses_a_legal_action_and_leaves_the_state_alone(anchor: Any) -> None:
    cw = Guerrilla(players=2).new_game(11)
    seat = min(cw.to_act)
    history = cw.history
    searcher = anchor.OpenSpielSearcher(simulations=3, seed=1)
    assert searcher.choose(cw, seat) in cw.legal_actions(seat)
    assert cw.history == history and searcher.searched == 1
