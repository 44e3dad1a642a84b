"""The compiled Guerrilla machine and its interpreted build step by step, through the face.

The same deal under each backend, driven by the same random actions: at every step
the two states must show the same phase, polls, legal moves and actions, every seat's
observation, the god's-eye zones, the same events, and the same machine key (the
whole position as ints, RNG and history included); at the end the same result and
log. Over every option of ``Rules`` (each non-default value, and a few mixtures) for
2, 3 and 4 players.
"""

from __future__ import annotations

import pickle
from contextlib import AbstractContextManager
from dataclasses import fields
from types import ModuleType
from typing import Any

import pytest

from cardwars.guerrilla import Guerrilla, Rules, State
from cardwars.guerrilla.bridge import GuerrillaKey
from cardwars.guerrilla.rules import allowed_values
from tests import builds
from tests.builds import pure
from tests.sizes import sized

_core = builds.compiled_or_skip()


@pytest.fixture(autouse=True)
def backend() -> str:
    """Replaces the suite's two-pass fixture: these tests drive both backends at once."""
    return "both"


def _configs() -> list[tuple[str, dict[str, Any]]]:
    """Each option at each of its non-default values, then some mixtures."""
    out: list[tuple[str, dict[str, Any]]] = [("defaults", {})]
    for f in fields(Rules):
        if isinstance(f.default, bool):
            out.append((f"{f.name}={not f.default}", {f.name: not f.default}))
        elif isinstance(f.default, str):
            for value in allowed_values(f.name)[1:]:
                out.append((f"{f.name}={value}", {f.name: value}))
    out.append(("max_skirmishes=9", {"max_skirmishes": 9}))
    out.append(("cap_most_cards", {"max_skirmishes": 12, "cap_result": "most_cards"}))
    out.append(
        (
            "mixture_a",
            {
                "support_cascade": True,
                "support_rule": "unrestricted",
                "draw_mode": "draw_two",
                "tie_cards": "drawn_only",
                "removal_choice": "winner_chooses",
                "eliminated_cards_to": "spoils",
                "no_winner_spoils": "next_best",
                "promotion_timing": "after_draw",
                "promotion_acceptance": "unanimous_vote",
                "recruit_shortfall": "reshuffle",
                "all_cancellers_recruit": False,
                "simultaneous_elimination": "most_cards",
                "tie_facedown_role": "combines",
                "kicker": True,
                "ace_low": True,
                "elimination_rule": "cannot_play",
            },
        )
    )
    out.append(
        (
            "mixture_b",
            {
                "tie_cards": "blind",
                "promotion_wave_reset": True,
                "tie_facedown_penalty": True,
                "support_rule": "stronger_combo",
                "max_skirmishes": 60,
            },
        )
    )
    return out


CASES = [
    pytest.param(options, players, id=f"{name}-{players}p")
    for name, options in _configs()
    for players in ((2,) if options.get("two_suit_variant") else (2, 3, 4))
]


def _on(module: object) -> AbstractContextManager[None]:
    """Run the body on this build (states made inside keep their machine for good)."""
    return builds.on("compiled" if module is _core else "python")


def _same(compiled: State, python: State) -> None:
    """The two states show exactly the same, and their machines hold the same position."""
    assert type(compiled._m) is _core.GuerrillaMachine
    assert type(python._m) is pure.GuerrillaMachine
    assert compiled._m.key() == python._m.key()
    assert compiled.phase == python.phase
    assert compiled.to_act == python.to_act
    assert compiled.result == python.result
    for seat in range(compiled.players):
        assert compiled.legal_actions(seat) == python.legal_actions(seat)
        assert compiled.legal_moves(seat) == python.legal_moves(seat)
        assert compiled.observation(seat) == python.observation(seat)
    for name in (
        "hands",
        "draw_piles",
        "discard_piles",
        "removed",
        "table",
        "tie_rounds",
        "guerrilla_rank",
        "skirmish",
        "in_game",
        "played_guerrilla",
        "support_penalty",
        "spy_first",
        "cards_dealt",
    ):
        assert getattr(compiled, name) == getattr(python, name), name
    assert compiled.rng == python.rng


@pytest.mark.slow
@pytest.mark.parametrize(("options", "players"), CASES)
def test_compiled_and_pure_machines_agree_at_every_step(
    options: dict[str, Any], players: int
) -> None:
    game = Guerrilla(players, Rules(**options))
    for seed in range(sized(200, 3)):
        with _on(_core):
            compiled = game.new_game(seed)
        with _on(pure):
            python = game.new_game(seed)
        picker = pure.Rng(seed)
        steps = 0
        while True:
            _same(compiled, python)
            if compiled.is_over:
                break
            actions = {}
            for seat in sorted(compiled.to_act):
                legal = compiled.legal_actions(seat)
                actions[seat] = legal[picker.below(len(legal))]
            compiled.apply_actions(actions)
            python.apply_actions(actions)
            assert compiled.last_events == python.last_events
            assert compiled.history == python.history
            steps += 1
            if steps == 5:  # a copy and a pickle of each play on the same
                assert compiled.copy() == compiled
                assert pickle.loads(pickle.dumps(python)) == python
        assert compiled.result is not None
        assert compiled.result == python.result
        assert compiled.result.length <= game.rules.max_skirmishes
        if seed == 0:
            assert compiled.log == python.log
            assert compiled.log[-1] == compiled.last_events[-1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hand_built_positions_agree(players: int) -> None:
    """A hand-built tie position on each backend: the same run to the end."""
    hands = [["KC", "4C"], ["KD", "5D"], ["KH", "6H"], ["KS", "7S"]][:players]
    draws = [["2C", "3C", "9C"], ["2D", "3D", "9D"], ["2H", "3H", "9H"], ["2S", "3S", "9S"]]
    states = []
    for module in (_core, pure):
        with _on(module):
            states.append(
                State.from_position(
                    hands, draw_piles=draws[:players], start="play", rng_seed=players
                )
            )
    compiled, python = states
    picker = pure.Rng(players)
    while not compiled.is_over:
        _same(compiled, python)
        actions = {}
        for seat in sorted(compiled.to_act):
            legal = compiled.legal_actions(seat)
            actions[seat] = legal[picker.below(len(legal))]
        compiled.apply_actions(actions)
        python.apply_actions(actions)
        assert compiled.last_events == python.last_events
    _same(compiled, python)
    assert compiled.log == python.log


def _tampered(key: GuerrillaKey, field: str, value: Any) -> GuerrillaKey:
    changed: GuerrillaKey = key._replace(**{field: value})
    return changed


@pytest.mark.parametrize("module", [_core, pure], ids=["compiled", "python"])
def test_a_tampered_machine_key_is_refused(module: ModuleType) -> None:
    """Restoring (unpickling) checks the key: a bad one is a ValueError, never a bad state."""
    cards = tuple(range(52))
    with _on(module):
        state = State.from_position(
            [["KC"], ["KD"]], draw_piles=[["5C", "3C"], ["9D", "4D"]], start="play"
        )
        state.apply_actions({0: 56 + 11, 1: 56 + 24})  # a tie: both draw two
    key = state._m.key()
    restore: Any = state._m.__reduce__()[0]  # the backend's own rebuilder
    assert restore(cards, key).key() == key
    hands = key.hands
    bad = [
        (_tampered(key, "hands", (hands[0] + hands[1][:1], hands[1])), "more than once"),
        (_tampered(key, "drawn", ((hands[1][0],), key.drawn[1])), "cards of its hand"),
        (_tampered(key, "stage", (7, *key.stage[1:])), "guerrilla_rank"),
        (_tampered(key, "history", ((3000, -1),)), "history action"),
        (_tampered(key, "played", (52, key.played[1])), "table card"),
        (tuple(key)[:-1], "29 parts"),
    ]
    restored = restore(cards, tuple(key)).key()  # a plain tuple, as earlier versions pickled
    assert type(restored) is GuerrillaKey and restored == key
    for tampered, message in bad:
        for form in (tampered, tuple(tampered)):  # named, or a plain tuple
            with pytest.raises(ValueError, match=message):
                restore(cards, form)


@pytest.mark.slow
@pytest.mark.parametrize(("options", "players"), CASES)
def test_greedy_actions_and_rollouts_agree(options: dict[str, Any], players: int) -> None:
    """``greedy_action`` is GreedyAgent's move on both machines; ``rollout`` plays the same."""
    from cardwars.guerrilla import GreedyAgent
    from cardwars.guerrilla.moves import ACTIONS

    game = Guerrilla(players, Rules(**options))
    greedy = GreedyAgent()
    for seed in range(sized(12, 3)):
        with _on(_core):
            compiled = game.new_game(seed)
        with _on(pure):
            python = game.new_game(seed)
        picker = pure.Rng(seed)
        for _ in range(seed * 3):
            if compiled.is_over:
                break
            for seat in range(players):
                action = compiled._m.greedy_action(seat)
                assert action == python._m.greedy_action(seat)
                if seat in compiled.to_act:
                    move = greedy.choose(
                        compiled.observation(seat), compiled.legal_moves(seat), pure.Rng(0)
                    )
                    assert action == ACTIONS.action(move)
                else:
                    assert action == -1
            actions = {}
            for seat in sorted(compiled.to_act):
                legal = compiled.legal_actions(seat)
                actions[seat] = legal[picker.below(len(legal))]
            compiled.apply_actions(actions)
            python.apply_actions(actions)
        agents = tuple((seed + seat) % 2 for seat in range(players))
        explore, limit = (0, 250, 1000)[seed % 3], (-1, 4)[seed % 2]
        after = compiled._m.rollout(agents, seed, explore, limit)
        assert after == python._m.rollout(agents, seed, explore, limit)
        _same(compiled, python)
        if limit < 0:
            assert compiled.is_over


@pytest.mark.parametrize("module", [_core, pure], ids=["compiled", "python"])
def test_rollout_checks_its_arguments(module: ModuleType) -> None:
    with _on(module):
        state = Guerrilla(2).new_game(1)
    m = state._m
    key = m.key()
    for args in [
        ((1,), 0, 0, -1),
        ([1, 1], 0, 0, -1),
        ((1, 2), 0, 0, -1),
        ((1, True), 0, 0, -1),
        ((1, 1), -1, 0, -1),
        ((1, 1), 0, 1001, -1),
        ((1, 1), 0, -1, -1),
        ((1, 1), 0, 0, -2),
        ((1, 1), 0, 0, 1.5),
    ]:
        loose: Any = m  # the bad arguments are the point
        with pytest.raises((ValueError, TypeError)):
            loose.rollout(*args)
    with pytest.raises(ValueError, match="seat"):
        m.greedy_action(2)
    assert m.key() == key
    assert m.rollout((1, 1), 5, 0, 0) == 5 and m.key() == key  # no steps: nothing drawn
