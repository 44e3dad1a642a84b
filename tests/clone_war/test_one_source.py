"""Clone War's rules are one source: its compiled build against the same files interpreted.

``RuleSource(...).of("compiled")`` and ``.of("python")`` are two builds of the same rule
modules in one process. Over many seeds and every option, battle by battle, they must
write the same log entry for entry and hold the same position, RNG state included; and
the named constants (the log's ops, the terminations, the collect orders) must have the
same values in both builds.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardwars.backend import RuleSource
from cardwars.clone_war import Rules
from cardwars.clone_war.state import _machine_options, _position_options
from cardwars.core_rng import Rng, derive_seed
from tests.builds import compiled_or_skip
from tests.sizes import sized

compiled_or_skip()

POSITION = RuleSource("cardwars.clone_war.position")
BATTLES = RuleSource("cardwars.clone_war.battles")
WHOLE_GAME = RuleSource("cardwars.clone_war.whole_game")
MACHINE = RuleSource("cardwars.clone_war.machine")

EVERY_OPTION = [
    Rules(collect_order=order, forfeit_cards_to=to, short_war=short, split_remainder=rest)
    for order in ("stage_winner_first", "stage_seat_order", "shuffled")
    for to in ("pot", "dead")
    for short in ("forfeit", "play_what_you_can")
    for rest in ("dead", "round_robin")
] + [
    Rules(cycle_detection=False, max_battles=150, cap_result="most_cards"),
    Rules(max_battles=40, cap_result="most_cards"),
    Rules(collect_order="shuffled", max_battles=1),
]
"""Every combination of the four battle options, then the end options."""

LABELS = tuple(range(48))


@pytest.fixture(autouse=True)
def backend() -> str:
    """Replaces the suite's two-pass fixture: these tests run both builds at once."""
    return "both"


def test_the_two_builds_are_what_they_say() -> None:
    for rules in (POSITION, BATTLES, WHOLE_GAME, MACHINE):
        compiled, interpreted = rules.of("compiled"), rules.of("python")
        assert not (compiled.__file__ or "").endswith(".py")
        assert (interpreted.__file__ or "").endswith(".py")
        assert interpreted.__name__ == rules.name.replace("cardwars.", "cardwars._interpreted.")


@pytest.mark.parametrize("name", ["LogOp", "Termination", "Collect"])
def test_the_named_constants_have_the_same_values_in_both_builds(name: str) -> None:
    compiled = getattr(POSITION.of("compiled"), name)
    interpreted = getattr(POSITION.of("python"), name)
    assert [(m.name, int(m)) for m in compiled] == [(m.name, int(m)) for m in interpreted]


def test_the_constants_are_those_the_records_and_faces_use() -> None:
    from cardwars.clone_war import TERMINATIONS

    position = POSITION.of("compiled")
    assert [m.name.lower() for m in position.Termination] == list(TERMINATIONS)
    assert list(position.LogOp) == list(range(9))
    assert [m.name.lower() for m in position.Collect] == ["winner_first", "seat_order", "shuffled"]


def _deal(players: int, seed: int) -> tuple[list[list[int]], list[int], int]:
    rng = Rng(seed)
    deck = list(range(48))
    rng.shuffle(deck)
    per = 48 // players
    piles = [deck[s : per * players : players] for s in range(players)]
    return piles, deck[per * players :], rng.state


def _position(m: Any) -> tuple[Any, ...]:
    """Everything a machine holds (its key: piles, dead, out, RNG state, options,
    counters, the cycle rule's battle and the last log) and every view of it."""
    return (
        m.key(),
        m.piles(),
        m.pile_sizes(),
        m.dead(),
        m.eliminations(),
        m.face_up(),
        m.phase,
        m.over,
        m.steps,
        m.rng_state,
    )


@pytest.mark.slow
@pytest.mark.parametrize("rules", EVERY_OPTION, ids=repr)
def test_the_machines_agree_entry_by_entry_over_many_seeds(rules: Rules) -> None:
    compiled, interpreted = MACHINE.of("compiled"), MACHINE.of("python")
    for k in range(sized(30, 6)):
        players = 2 + k % 3
        piles, dead, state = _deal(players, derive_seed(33, k))
        a = compiled.CloneWarMachine(LABELS, piles, dead, state, *_machine_options(rules))
        b = interpreted.CloneWarMachine(LABELS, piles, dead, state, *_machine_options(rules))
        assert _position(a) == _position(b)
        while not a.over:
            assert a.apply_actions({}) is b.apply_actions({}) is True
            assert a.events() == b.events()  # every entry of the battle's log
            assert _position(a) == _position(b)
        assert b.over


@pytest.mark.slow
@pytest.mark.parametrize("rules", EVERY_OPTION, ids=repr)
def test_the_tables_agree_battle_by_battle_with_their_cycle_search(rules: Rules) -> None:
    compiled, interpreted = WHOLE_GAME.of("compiled"), WHOLE_GAME.of("python")
    for k in range(sized(12, 3)):
        players = 2 + k % 3
        piles, dead, state = _deal(players, derive_seed(34, k))
        a = compiled.WholeGame(piles, dead, state, *_position_options(rules))
        b = interpreted.WholeGame(piles, dead, state, *_position_options(rules))
        while a.termination < 0:
            assert a.battle() == b.battle()
            assert a.__reduce__()[1] == b.__reduce__()[1]  # every field, ring counters too
            assert (a.drew, a.cycle_length()) == (b.drew, b.cycle_length())
        assert b.termination == a.termination


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_batch_loops_agree_under_every_option(players: int) -> None:
    compiled, interpreted = WHOLE_GAME.of("compiled"), WHOLE_GAME.of("python")
    for rules in EVERY_OPTION:
        options = rules.machine_options()
        assert compiled.clone_war_batch(5, 7, sized(12, 3), players, **options) == (
            interpreted.clone_war_batch(5, 7, sized(12, 3), players, **options)
        )
