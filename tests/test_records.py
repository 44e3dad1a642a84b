"""Game records: round trips, and every kind of corruption raising RecordError."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardwars
from cardwars import RecordError, records
from cardwars.engine import GameState

GAMES = [("aliwar", 2), ("clone-war", 2), ("clone-war", 4), ("guerrilla", 2), ("guerrilla", 3)]


def _played(name: str, players: int, seed: int, **options: Any) -> GameState[Any]:
    game = cardwars.load_game(name, players=players, **options)
    return cardwars.play(game, ["random"] * players, seed=seed)


@pytest.mark.parametrize(("name", "players"), GAMES)
@given(seed=st.integers(0, 2**64 - 1))
def test_records_round_trip_finished_games(name: str, players: int, seed: int) -> None:
    state = _played(name, players, seed)
    text = records.dumps(state, agents=["random"] * players)
    loaded = records.loads(text)
    assert loaded == state
    assert loaded.history == state.history
    assert loaded.result == state.result
    assert records.dumps(loaded, agents=["random"] * players) == text


def test_records_round_trip_unfinished_game_and_options() -> None:
    game = cardwars.load_game("aliwar", kept_card_position="below_returning", max_rounds=50)
    state = game.new_game(seed=5)
    state.apply({0: state.legal_moves(0)[3], 1: state.legal_moves(1)[7]})
    loaded = records.loads(records.dumps(state))
    assert loaded == state
    assert not loaded.is_over
    assert loaded.rules == game.rules


def test_records_format_fields() -> None:
    data = json.loads(records.dumps(_played("aliwar", 2, 1), agents=["random", "random"]))
    assert data["format"] == "cardwars-record"
    assert data["version"] == records.VERSION
    assert data["game"] == "aliwar"
    assert data["seed"] == 1
    assert set(data["rules"]) >= {"allow_null_switch", "max_rounds"}
    assert data["steps"][0]["0"]["move"] == "Switch"
    assert data["result"]["termination"] in ("empty_stack", "double_loss")


def test_replay_steps_gives_every_state_and_event() -> None:
    state = _played("aliwar", 2, 3)
    steps = records.replay(records.dumps(state))
    assert len(steps) == len(state.history) + 1
    assert steps[0][1] == {}
    assert steps[-1][0] == state
    assert all(events for _, _, events in steps[1:])


def _valid() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(records.dumps(_played("aliwar", 2, 4)))
    return data


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.pop("steps"), r"lacks the field\(s\) \['steps'\]"),
        (lambda r: r.update(version=2), "unknown record version 2"),
        (lambda r: r.update(format="pgn"), "'format' must be"),
        (lambda r: r.update(game="chess"), "unknown game 'chess'"),
        (lambda r: r.update(extra=1), r"unknown field\(s\) \['extra'\]"),
        (lambda r: r["rules"].update(turbo=True), r"unknown \['turbo'\]"),
        (lambda r: r["rules"].pop("max_rounds"), r"missing \['max_rounds'\]"),
        (lambda r: r["rules"].update(max_rounds=0), "max_rounds must be"),
        (lambda r: r.update(players=3), "bad rules or players"),
        (lambda r: r.update(seed=-1), "'seed' must be"),
        (lambda r: r.update(seed="1"), "'seed' must be"),
        (lambda r: r.update(agents=["random"]), "'agents' must be"),
        (lambda r: r["steps"][0].pop("1"), r"steps\[0\]: no move for polled seat"),
        (lambda r: r["steps"][0]["0"].update(a=9), r"steps\[0\]\[0\]"),
        (lambda r: r["steps"][0]["0"].update(move="Teleport"), "unknown move 'Teleport'"),
        (lambda r: r["steps"][0]["0"].update(b="x"), "expected an integer"),
        (lambda r: r["steps"][0]["0"].pop("b"), r"missing \['b'\]"),
        (lambda r: r["steps"][0].update({"x": {}}), "seat keys"),
        (lambda r: r["steps"].insert(0, r["steps"][0]), r"steps\[\d+\]"),
        (lambda r: r["steps"].pop(), "does not match"),
        (lambda r: r["result"].update(length=999), "does not match"),
        (lambda r: r.update(result=None), "does not match"),
        (lambda r: r.update(steps={}), "'steps' must be a list"),
    ],
)
def test_records_corruption_raises_record_error(mutate: Any, message: str) -> None:
    record = _valid()
    mutate(record)
    with pytest.raises(RecordError, match=message):
        records.loads(json.dumps(record))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "42", b"\xff\xfe", '{"format": 1}'])
def test_records_not_a_record(text: str | bytes) -> None:
    with pytest.raises(RecordError):
        records.loads(text)


def test_records_of_hand_built_positions_store_the_start() -> None:
    from cardwars import aliwar, clone_war

    stacks = [
        [["2C", "9H"], ["3C"], ["4C"], ["5C"], ["6C"]],
        [["2D"], ["3D"], ["4D"], ["5D"], ["6D"]],
    ]
    rules = aliwar.Rules(kept_card_position="below_returning")
    state = aliwar.State.from_layout(stacks, ["7C", "7D"], rules=rules, rng_seed=9)
    rng = cardwars.Rng(1)
    while not state.is_over:
        state.apply(
            {s: state.legal_moves(s)[rng.below(len(state.legal_moves(s)))] for s in state.to_act}
        )
    text = records.dumps(state)
    data = json.loads(text)
    assert data["position"] == {"stacks": stacks, "protection": ["7C", "7D"]}
    assert data["seed"] == 9
    loaded = records.loads(text)
    assert loaded == state and loaded.hand_built
    steps = records.replay(data)
    assert steps[0].state == aliwar.State.from_layout(stacks, ["7C", "7D"], rules=rules, rng_seed=9)

    piles = [["KC", "JD1"], ["QH", "QS2", "KD3"], []]
    battle = clone_war.State.from_piles(piles, rng_seed=4)
    battle.apply({})
    again = records.loads(records.dumps(battle))
    assert again == battle and json.loads(records.dumps(battle))["position"] == {"piles": piles}


def test_records_of_hand_built_guerrilla_positions() -> None:
    from cardwars import guerrilla

    state = guerrilla.State.from_position(
        [["KC", "4C"], ["9D"], ["2H", "AH"]],
        draw_piles=[["5C"], ["4D", "7D"], []],
        removed=["3H"],
        guerrilla_rank=3,
        spy_first=[False, True, False],
        skirmish=4,
        rng_seed=11,
        start="draw",
    )
    rng = cardwars.Rng(5)
    for _ in range(6):
        if state.is_over:
            break
        state.apply(
            {s: state.legal_moves(s)[rng.below(len(state.legal_moves(s)))] for s in state.to_act}
        )
    text = records.dumps(state)
    position = json.loads(text)["position"]
    assert position["start"] == "draw" and position["removed"] == ["3H"]
    assert records.loads(text) == state
    position["hands"] = [["KC"]]
    data = json.loads(text)
    data["position"] = position
    with pytest.raises(RecordError, match="position: "):
        records.loads(json.dumps(data))


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ({"stacks": [], "protection": ["7C", "7D"]}, "position: stacks must hold 2 seats"),
        ({"stacks": 1}, "position: an Aliwar position has 'stacks' and 'protection'"),
        (
            {
                "stacks": [[["2C"]] * 5, [["2D"], ["3D"], ["4D"], ["5D"], ["6D"]]],
                "protection": ["7C", "7D"],
            },
            "position: cards appear more than once",
        ),
        ({"stacks": [[["ZZ"]] * 5] * 2, "protection": ["7C", "7D"]}, "position: "),
    ],
)
def test_a_bad_position_is_a_record_error(position: object, message: str) -> None:
    data = json.loads(records.dumps(cardwars.load_game("aliwar").new_game(seed=1)))
    data["position"] = position
    with pytest.raises(RecordError, match=message):
        records.loads(json.dumps(data))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += _paths(value, (*prefix, index))
    return out


def _parent(record: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        record = record[key]
    return record


@given(data=st.data())
def test_records_mutations_raise_record_error_or_load_consistently(data: st.DataObject) -> None:
    """Drop, change or reorder anything: loads() raises RecordError or returns a consistent game."""
    original = _valid()
    record = copy.deepcopy(original)
    paths = [p for p in _paths(record) if p]
    path = data.draw(st.sampled_from(paths))
    parent = _parent(record, path)
    action = data.draw(st.sampled_from(["drop", "change", "swap"]))
    if action == "drop":
        del parent[path[-1]]
    elif action == "change":
        parent[path[-1]] = data.draw(json_values)
    elif isinstance(parent, list):
        other = data.draw(st.integers(0, len(parent) - 1))
        parent[path[-1]], parent[other] = parent[other], parent[path[-1]]
    else:
        items = list(parent.items())
        parent.clear()
        parent.update(reversed(items))
    text = json.dumps(record)
    try:
        state = records.loads(text)
    except RecordError:
        return
    # Accepted: then the record must describe exactly the game that was rebuilt.
    again = json.loads(records.dumps(state, agents=record.get("agents")))
    assert again == {**record, "agents": record.get("agents")}
