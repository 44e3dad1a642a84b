"""``SkirmishEvaluated.reevaluated``: GT-7's evaluation and GT-9's re-evaluation told apart
(issue 24, item 4), derived from the machine's event codes on both backends."""

from __future__ import annotations

import pickle

from cardwars import Rng, records, wire
from cardwars.cards import Card
from cardwars.engine import Event
from cardwars.guerrilla import (
    CardPlayed,
    Guerrilla,
    Play,
    Rules,
    SkirmishEvaluated,
    SkirmishStarted,
    State,
    Support,
)

C = Card.parse


def test_a_skirmish_without_support_evaluates_then_reevaluates() -> None:
    state = State.from_position(
        [["KC"], ["QD"]], draw_piles=[["2C", "5C"], ["3D", "6D"]], start="play"
    )
    events = state.apply({0: Play(C("KC")), 1: Play(C("QD"))})
    evaluations = [e for e in events if isinstance(e, SkirmishEvaluated)]
    assert evaluations == [
        SkirmishEvaluated((2, 0), reevaluated=False),
        SkirmishEvaluated((2, 0), reevaluated=True),
    ]


def test_a_support_step_reevaluates() -> None:
    state = State.from_position([["KC"], ["9D", "9C"]], start="play")
    first = state.apply({0: Play(C("KC")), 1: Play(C("9D"))})
    assert first[-1] == SkirmishEvaluated((2, 0), reevaluated=False)
    events = state.apply({1: Support(C("9C"))})
    assert events[1] == SkirmishEvaluated((0, 2), reevaluated=True)
    assert not any(
        isinstance(e, SkirmishEvaluated) and not e.reevaluated for e in events
    )  # GT-7's evaluation is only ever the one after the play


def test_the_support_cascade_reevaluates_after_each_support() -> None:
    state = State.from_position(
        [["KC", "2C"], ["9D", "9C"]], start="play", rules=Rules(support_cascade=True)
    )
    state.apply({0: Play(C("KC")), 1: Play(C("9D"))})
    events = state.apply({1: Support(C("9C"))})
    assert [e.reevaluated for e in events if isinstance(e, SkirmishEvaluated)] == [True]


def _play(game: Guerrilla, seed: int) -> tuple[State, list[tuple[Event, ...]]]:
    """A random game (at most 300 steps) and each step's events."""
    state = game.new_game(seed=seed)
    rng = Rng(seed)
    steps: list[tuple[Event, ...]] = []
    while not state.is_over and len(steps) < 300:
        moves = {}
        for seat in sorted(state.to_act):
            legal = state.legal_moves(seat)
            moves[seat] = legal[rng.below(len(legal))]
        steps.append(state.apply(moves))
    return state, steps


def test_in_random_games_one_evaluation_per_skirmish_comes_first_after_the_cards() -> None:
    checked = 0
    for game in (Guerrilla(2), Guerrilla(3), Guerrilla(4, rules=Rules(support_cascade=True))):
        for seed in range(6):
            firsts = 0
            for events in _play(game, seed)[1]:
                for i, event in enumerate(events):
                    if isinstance(event, SkirmishStarted):
                        firsts = 0
                    if not isinstance(event, SkirmishEvaluated):
                        continue
                    after_cards = i > 0 and isinstance(events[i - 1], CardPlayed)
                    assert event.reevaluated is not after_cards
                    if not event.reevaluated:
                        firsts += 1
                        assert firsts == 1, "two GT-7 evaluations in one skirmish"
                    else:
                        assert firsts == 1, "a re-evaluation before the evaluation"
                    checked += 1
    assert checked > 100


def test_a_pickled_state_and_a_record_give_the_same_events_again() -> None:
    state = State.from_position(
        [["KC"], ["QD"]], draw_piles=[["2C", "5C"], ["3D", "6D"]], start="play"
    )
    state.apply({0: Play(C("KC")), 1: Play(C("QD"))})
    events = state.last_events
    assert [e.reevaluated for e in events if isinstance(e, SkirmishEvaluated)] == [False, True]
    assert pickle.loads(pickle.dumps(state)).last_events == events
    played, steps = _play(Guerrilla(2), 7)
    replayed = records.loads(records.dumps(played))
    assert replayed.last_events == steps[-1] == played.last_events
    assert pickle.loads(pickle.dumps(played)).last_events == steps[-1]


def test_the_wire_form_carries_the_field_and_reads_it_back() -> None:
    game = Guerrilla(2)
    event = SkirmishEvaluated((1, 1), reevaluated=True)
    data = wire.encode(event)
    assert data == {"type": "SkirmishEvaluated", "outcomes": [1, 1], "reevaluated": True}
    assert wire.decode(game, data) == event
    assert wire.schema(game)["$defs"]["SkirmishEvaluated"]["required"] == [
        "type",
        "outcomes",
        "reevaluated",
    ]
    assert SkirmishEvaluated((2, 0)).reevaluated is False  # the old construction
