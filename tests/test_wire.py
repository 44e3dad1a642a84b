"""cardwars.wire: every value round-trips through JSON and validates against its schema."""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardwars
from cardwars import aliwar, clone_war, guerrilla, registry, wire
from cardwars.engine import Game, GameState
from cardwars.errors import ArgumentTypeError, RecordError, UsageError

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
    with pytest.raises(TypeError, match="engine's values, got <object of type object>"):
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
        ({"type": "Switch", "a": 0, "b": 9}, r"\.b: expected an integer 0\.\.5, got 9"),
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


@pytest.mark.parametrize("name", list(registry.BUILTIN))  # a plugin ships none here
def test_the_shipped_schema_files_are_current(name: str) -> None:
    """``cardwars/schemas/<game>.json`` is ``wire.schema`` (``cardwars schema GAME`` prints it)."""
    from importlib import resources

    shipped = resources.files("cardwars").joinpath("schemas", f"{name}.json").read_text()
    expected = json.dumps(wire.schema(cardwars.load_game(name)), indent=2) + "\n"
    assert shipped == expected, (
        f"regenerate: cardwars schema {name} > src/cardwars/schemas/{name}.json"
    )


@pytest.mark.parametrize("name", cardwars.game_names())
def test_every_schema_property_and_definition_is_described(name: str) -> None:
    """Issue 24: every class under ``$defs`` and every one of its properties has a description."""
    doc = wire.schema(cardwars.load_game(name))
    bare = [
        f"{kind}.{field}"
        for kind, definition in doc["$defs"].items()
        for field, value in [("", definition), *definition.get("properties", {}).items()]
        if not (isinstance(value.get("description"), str) and len(value["description"]) > 10)
    ]
    assert not bare, bare
    # A documented field says what its class's docs say, and what the schema accepts.
    winners = doc["$defs"]["Result"]["properties"]["winners"]["description"]
    assert winners.startswith("The winning seats") and winners.endswith("an integer).")


# --- the schema and decode agree (issue 21, item 6) ------------------------------------------


@functools.cache
def _valid_documents(index: int) -> tuple[Any, ...]:
    """Encoded values of one game: events, observations, legal moves, steps, results, rules."""
    game = GAMES[index]
    documents: list[Any] = [wire.encode(game.rules)]
    for seed in (1, 2):
        state = game.new_game(seed)
        rng = cardwars.Rng(seed)
        while True:
            documents += [wire.encode(value) for value in _values(state)]
            if state.is_over:
                break
            state.apply(
                {
                    seat: state.legal_moves(seat)[rng.below(len(state.legal_moves(seat)))]
                    for seat in sorted(state.to_act)
                }
            )
    unique = {json.dumps(document, sort_keys=True): document for document in documents}
    return tuple(json.loads(text) for text in sorted(unique))


@functools.cache
def _cached_validator(index: int) -> Any:
    return _validator(GAMES[index])


_OTHER_STRINGS = [
    "", "KC", "kc", "KC\n", " KC", "10H", "1H", "KC4", "AS3", "T♥", "QS0", "Switch", "Result",
    "Rules", "Decline", "SWITCH", "LUNCH", "draw", "most_cards", "blind", "perfect", "stake",
    "random", "0", "01", "²", "x" * 300,
]  # fmt: skip
_OTHER_NUMBERS = [
    -1, -(2**63), 0, 1, 2, 4, 5, 6, 9, 10**9, 10**9 + 1, 2**31 - 1, 2**31, 10**19, 2**64,
    True, False, 1.5, 5.0, 0.0, -0.0, 1e300, float("inf"), float("nan"),
]  # fmt: skip
_WRONG_TYPES: list[Any] = [None, [], {}, "x", 0, True, [0], {"type": "Decline"}]


def _paths(document: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(document, dict):
        for key, item in document.items():
            found += _paths(item, (*path, key))
    elif isinstance(document, list):
        for index, item in enumerate(document):
            found += _paths(item, (*path, index))
    return found


def _mutate(document: Any, data: st.DataObject) -> Any:
    """``document`` with one node changed: a value, a type, a key or an item."""
    path = data.draw(st.sampled_from(_paths(document)), label="path")
    node = document
    for step in path:
        node = node[step]
    if isinstance(node, bool):
        options: list[Any] = [not node, 0, 1, "true", None]
    elif isinstance(node, (int, float)):
        options = [*_OTHER_NUMBERS, node + 1, node - 1, float(node), -node]
    elif isinstance(node, str):
        options = [*_OTHER_STRINGS, node.lower(), node + "0", node[:-1]]
    elif isinstance(node, dict):
        options = [
            {**node, "extra": 1},
            {**node, "type": data.draw(st.sampled_from(_OTHER_STRINGS))},
        ]
        options += [{k: v for k, v in node.items() if k != key} for key in node]
        options += [[node], {"0": node}]
    elif isinstance(node, list):
        options = [[], [node], node[:-1], node + node[-1:], node[::-1], [*node, None]]
    else:
        options = [0, "", {}, []]
    # A copy: a later mutation may change it in place, and _WRONG_TYPES must stay as it is.
    new = copy.deepcopy(data.draw(st.sampled_from(options + _WRONG_TYPES), label="new value"))
    if not path:
        return new
    *parents, last = path
    parent = document
    for step in parents:
        parent = parent[step]
    parent[last] = new
    return document


@settings(max_examples=300, deadline=None)
@given(index=st.integers(0, len(GAMES) - 1), data=st.data())
def test_the_schema_accepts_exactly_what_decode_accepts(index: int, data: st.DataObject) -> None:
    """Mutated valid documents of every game: schema-valid if and only if decode() succeeds."""
    game = GAMES[index]
    validator = _cached_validator(index)
    document = json.loads(json.dumps(data.draw(st.sampled_from(_valid_documents(index)))))
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        document = _mutate(document, data)
    schema_valid = validator.is_valid(document)
    try:
        wire.decode(game, document)
    except RecordError:
        decode_ok = False
    else:
        decode_ok = True
    assert schema_valid == decode_ok, (schema_valid, document)


@pytest.mark.parametrize(
    ("name", "document"),
    [
        ("aliwar", {"type": "Switch", "a": 0, "b": -1}),
        ("aliwar", {"type": "Switch", "a": 0, "b": 10**19}),
        ("aliwar", {"type": "Keep", "card": "KC", "stack": 5}),
        ("aliwar", {"type": "Keep", "card": "kc", "stack": 0}),
        ("aliwar", {"type": "Keep", "card": "KC\n", "stack": 0}),
        ("aliwar", {"0\n": {"type": "Decline"}}),
        ("aliwar", [[{"type": "Decline"}]]),
        ("aliwar", {"0": {"type": "StackEmptied", "seat": 0, "stack": 1}}),
        ("aliwar", {"type": "Result", "winners": [1, 1], "termination": "x", "length": 1,
                    "placings": [2, 1]}),
        ("guerrilla", {**wire.encode(guerrilla.Rules()), "tie_cards": "sometimes"}),
        ("guerrilla", {**wire.encode(guerrilla.Rules()), "max_skirmishes": 0}),
        ("clone-war", {**wire.encode(clone_war.Rules()), "max_battles": 2**31}),
        ("aliwar", {**wire.encode(aliwar.Rules()), "max_rounds": 10**9 + 1}),
    ],
)  # fmt: skip
def test_the_schema_and_decode_refuse_what_the_classes_refuse(name: str, document: Any) -> None:
    game = cardwars.load_game(name)
    assert not _validator(game).is_valid(document)
    with pytest.raises(RecordError):
        wire.decode(game, document)


def test_a_whole_number_written_as_a_float_is_an_integer_in_both() -> None:
    game = cardwars.load_game("aliwar")
    document = {"type": "Switch", "a": 1.0, "b": 5.0}
    assert _validator(game).is_valid(document)
    assert wire.decode(game, document) == aliwar.Switch(1, 5)


@pytest.mark.parametrize("depth", [500, 100_000])
def test_decode_of_deeply_nested_data_is_a_record_error(depth: int) -> None:
    game = cardwars.load_game("aliwar")
    value: Any = {"type": "Decline"}
    for _ in range(depth):
        value = [value]
    with pytest.raises(RecordError):
        wire.decode(game, value)
    text = "[" * depth + "]" * depth if depth > 900 else json.dumps(value)
    if depth <= 900:  # within what json reads
        with pytest.raises(RecordError):
            wire.decode(game, json.loads(text))
    step: Any = {"type": "Decline"}
    for _ in range(depth):
        step = {"0": step}
    with pytest.raises(RecordError):
        wire.decode(game, step)


# --- the typed decoders (issue 24, item 2) ---------------------------------------------------


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_the_typed_decoders_read_back_each_kind(index: int) -> None:
    """decode_move/decode_event/decode_observation read what encode wrote, through JSON."""
    game = GAMES[index]
    state = game.new_game(seed=11)
    rng = cardwars.Rng(11)
    moves = events = 0
    for _ in range(6):
        if state.is_over:
            break
        for seat in range(state.players):
            view = state.observation(seat)
            assert wire.decode_observation(game, json.loads(json.dumps(wire.encode(view)))) == view
            for move in state.legal_moves(seat):
                decoded = wire.decode_move(game, json.loads(json.dumps(wire.encode(move))))
                assert decoded == move and type(decoded) is type(move)
                moves += 1
            for event in state.events_for(seat):
                assert wire.decode_event(game, json.loads(json.dumps(wire.encode(event)))) == event
                events += 1
        polled = sorted(state.to_act)
        state.apply({seat: _pick(state.legal_moves(seat), rng) for seat in polled})
    assert events > 0 and (moves > 0 or game.name == "clone-war")


def _pick(moves: tuple[Any, ...], rng: cardwars.Rng) -> Any:
    return moves[rng.below(len(moves))]


def test_each_typed_decoder_refuses_the_other_kinds() -> None:
    game = cardwars.load_game("aliwar")
    state = game.new_game(seed=3)
    move = wire.encode(state.legal_moves(0)[0])
    event = wire.encode(state.events_for(0)[0])
    view = wire.encode(state.observation(0))
    cases: list[tuple[Callable[[Game[Any, Any], object], object], list[object], str]] = [
        (
            wire.decode_move,
            [event, view, [move], {"0": move}, "0 1", None],
            "Switch, Keep, Decline",
        ),
        (wire.decode_event, [move, view, [event]], "CardsDealt, "),
        (wire.decode_observation, [move, event, wire.encode(game.rules)], "AliwarObservation"),
    ]
    for decoder, documents, allowed in cases:
        for document in documents:
            with pytest.raises(RecordError, match=rf'"type" is one of .*{allowed}'):
                decoder(game, document)
    with pytest.raises(RecordError, match=r"the move\.b: expected an integer 0\.\.5, got 9"):
        wire.decode_move(game, {"type": "Switch", "a": 0, "b": 9})
    with pytest.raises(RecordError, match="clone-war has no moves"):
        wire.decode_move(cardwars.load_game("clone-war"), {"type": "Switch", "a": 0, "b": 1})
    with pytest.raises(RecordError, match="one of Propose"):  # Aliwar's move is not Guerrilla's
        wire.decode_move(cardwars.load_game("guerrilla"), move)


@pytest.mark.parametrize(
    "decoder", [wire.decode, wire.decode_move, wire.decode_event, wire.decode_observation]
)
def test_decoders_refuse_a_game_that_is_not_one(decoder: Any) -> None:
    with pytest.raises(UsageError, match=r"game must be a cardwars Game .*, got 'aliwar'"):
        decoder("aliwar", {"type": "Decline"})


def test_schema_of_a_game_name_is_a_type_error_naming_the_parameter() -> None:
    # Issue 34, item 6: schema("aliwar") was an AttributeError from deep inside.
    with pytest.raises(TypeError, match=r"^game must be a cardwars Game .*, got 'aliwar' \(str\)"):
        wire.schema("aliwar")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        wire.schema(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("digits", [4301, 20000])
@pytest.mark.parametrize("sign", [1, -1])
def test_an_integer_field_of_any_size_out_of_range_is_a_record_error(
    digits: int, sign: int
) -> None:
    # Issue 34, item 5: formatting an int of more than 4,300 digits raised ValueError.
    game = cardwars.load_game("aliwar")
    huge = sign * 10 ** (digits - 1)
    for decode in (wire.decode, wire.decode_move):
        with pytest.raises(RecordError, match=r"expected an integer 0\.\.5, got <int of \d+ bits>"):
            decode(game, {"type": "Switch", "a": huge, "b": 1})
        with pytest.raises(RecordError, match=r"expected an integer 0\.\.4, got <int of"):
            decode(game, {"type": "Keep", "card": "KC", "stack": huge})


def test_encode_refuses_a_foreign_value_without_running_its_repr() -> None:
    # A caller's value is described by its type, never by its repr (issue 24 review).
    class Loud:
        def __repr__(self) -> str:
            raise AssertionError("repr ran")

    with pytest.raises(TypeError, match="Loud"):
        wire.encode(Loud())
    with pytest.raises(TypeError, match="the key"):
        wire.encode({Loud(): 1})
