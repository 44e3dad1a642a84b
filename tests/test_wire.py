"""cardwars.wire: every value round-trips through JSON and validates against its schema."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardwars
from cardwars import aliwar, clone_war, guerrilla, wire
from cardwars.engine import Game, GameState
from cardwars.errors import RecordError

GAMES: list[Game[Any, Any]] = [
    cardwars.load_game("aliwar"),
    cardwars.load_game("aliwar", allow_null_switch=True, view_recall="face_up_only"),
    cardwars.load_game("clone-war", players=2),
    cardwars.load_game("clone-war", players=4),
    cardwars.load_game("guerrilla", players=2),
    cardwars.load_game("guerrilla", players=3),
    cardwars.load_game("guerrilla", players=4),
]


def _validator(game: Game[Any, Any]) -> Any:
    doc = wire.schema(game)
    jsonschema.Draft202012Validator.check_schema(doc)
    return jsonschema.Draft202012Validator(doc)


def _through_json(game: Game[Any, Any], value: object) -> Any:
    text = json.dumps(wire.encode(value))
    return wire.decode(game, json.loads(text))


def _values(state: GameState[Any]) -> list[object]:
    """What a front end receives at one resting point."""
    values: list[object] = [*state.last_events]
    for seat in range(state.players):
        values.append(state.observation(seat))
        values.append(state.legal_moves(seat))
    if state.history:
        values.append(state.history[-1])
    if state.result is not None:
        values.append(state.result)
    return values


@settings(max_examples=12, deadline=None)
@given(index=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**64 - 1), data=st.data())
def test_every_value_round_trips_and_validates(index: int, seed: int, data: st.DataObject) -> None:
    game = GAMES[index]
    validator = _validator(game)
    state = game.new_game(seed)
    rng = cardwars.Rng(seed)
    checked = 0
    while True:
        for value in _values(state):
            assert _through_json(game, value) == value
            if checked % 7 == 0 and checked < 280:  # a sample: validating is slow
                validator.validate(wire.encode(value))
            checked += 1
        if state.is_over:
            break
        state.apply(
            {
                seat: state.legal_moves(seat)[rng.below(len(state.legal_moves(seat)))]
                for seat in sorted(state.to_act)
            }
        )
    assert wire.decode(game, wire.encode(game.rules)) == game.rules


def test_encode_numbers_as_python_does() -> None:
    assert wire.encode(aliwar.Keep(cardwars.Card.parse("7D"), 4)) == {
        "type": "Keep",
        "card": "7D",
        "stack": 4,
    }
    assert wire.encode(frozenset({2, 0})) == [0, 2]
    assert wire.encode({1: guerrilla.Pass()}) == {"1": {"type": "Pass"}}
    card = cardwars.Card.parse("JH1")
    event = clone_war.WarCardsPlaced(2, card)
    assert wire.encode(event) == {"type": "WarCardsPlaced", "seat": 2, "face_up": "JH1"}


def test_encode_refuses_what_is_not_the_engines() -> None:
    with pytest.raises(TypeError, match="engine's values, got object"):
        wire.encode(object())
    with pytest.raises(TypeError, match="int seats"):
        wire.encode({"0": aliwar.Decline()})


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "Castle"}, "unknown type 'Castle'"),
        ({"type": "Play", "card": "KC"}, "unknown type 'Play'"),  # Guerrilla's, not Aliwar's
        ({"type": "Switch", "a": 0}, r"missing \['b'\]"),
        ({"type": "Switch", "a": 0, "b": 1, "c": 2}, r"unexpected \['c'\]"),
        ({"type": "Switch", "a": True, "b": 1}, r"\.a: expected an integer"),
        ({"type": "Switch", "a": 0, "b": 9}, "not a valid Switch"),
        ({"type": "Keep", "card": "1Z", "stack": 0}, r"\.card: "),
        ({"type": "Keep", "card": 7, "stack": 0}, "expected a card"),
        ({"type": "StackEmptied", "seat": "0", "stack": 1}, "expected an integer"),
        ({"type": "Rules", "max_rounds": 5}, "needs the fields"),
        ("KC", "expected an object"),
        ({"x": {"type": "Decline"}}, "seat key is a decimal string"),
        ({"01": {"type": "Decline"}}, "no leading zero"),
    ],
)
def test_decode_names_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        wire.decode(cardwars.load_game("aliwar"), data)


def test_decode_checks_nested_values() -> None:
    game = cardwars.load_game("aliwar")
    view = wire.encode(game.new_game(seed=1).observation(0))
    view["phase"] = "LUNCH"
    with pytest.raises(RecordError, match=r"\.phase: expected one of SWITCH, KEEP, OVER"):
        wire.decode(game, view)
    rules = wire.encode(aliwar.Rules())
    rules["kept_card_position"] = "sideways"
    with pytest.raises(RecordError, match="kept_card_position: expected one of"):
        wire.decode(game, rules)


def test_the_schema_refuses_what_decode_refuses() -> None:
    game = cardwars.load_game("aliwar")
    validator = _validator(game)
    for bad in (
        {"type": "Switch", "a": 0},
        {"type": "Keep", "card": "1Z", "stack": 0},
        {"type": "Castle"},
        [{"type": "Decline"}, 3],
    ):
        assert not validator.is_valid(bad)
    assert validator.is_valid([{"type": "Decline"}, {"type": "Switch", "a": 0, "b": 5}])


@pytest.mark.parametrize("name", cardwars.game_names())
def test_the_shipped_schema_files_are_current(name: str) -> None:
    """``cardwars/schemas/<game>.json`` is ``wire.schema`` (``cardwars schema GAME`` prints it)."""
    from importlib import resources

    shipped = resources.files("cardwars").joinpath("schemas", f"{name}.json").read_text()
    expected = json.dumps(wire.schema(cardwars.load_game(name)), indent=2) + "\n"
    assert shipped == expected, (
        f"regenerate: cardwars schema {name} > src/cardwars/schemas/{name}.json"
    )
