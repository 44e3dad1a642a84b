"""Reliability of records and wire at their edges, round 4: one regression test per defect.

Each bad input gets a CardwarsError naming what was wrong; no caller's ``__repr__``,
``__len__``, ``get`` or comparison runs outside a guard; the caps hold.
"""

from __future__ import annotations

import collections
import json
import types
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

import cardwars
from cardwars import guerrilla, records, wire
from cardwars.engine import GameState
from cardwars.errors import ArgumentTypeError, RecordError, RulesError


def _final(game: str = "clone-war") -> GameState[Any]:
    return cardwars.play(cardwars.load_game(game), ["random", "random"], seed=4)


def _record(game: str = "clone-war") -> dict[str, Any]:
    record: dict[str, Any] = json.loads(records.dumps(_final(game)))
    return record


# --- 1. dumps(indent=...) --------------------------------------------------------------------


@pytest.mark.parametrize("indent", [2**63, 2**62, "x", -1, 17, True, 2.0])
def test_dumps_refuses_an_indent_first(indent: object) -> None:
    with pytest.raises(ArgumentTypeError, match="indent must be None or an int from 0 to 16"):
        records.dumps(_final(), indent=indent)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="indent"):  # before the state is looked at
        records.dumps(5, indent=indent)  # type: ignore[arg-type]
    assert records.loads(records.dumps(_final(), indent=16)) == _final()


# --- 2. loads()/replay() of a str or bytes subclass -------------------------------------------


class _Boom(str):
    def __len__(self) -> int:
        raise ZeroDivisionError("the caller's __len__")

    def encode(self, *args: Any, **kwargs: Any) -> bytes:
        raise ZeroDivisionError("the caller's encode")

    def startswith(self, *args: Any, **kwargs: Any) -> bool:
        raise ZeroDivisionError("the caller's startswith")


class _Short(str):
    def __len__(self) -> int:
        return 1  # a record that says it is small


class _ShortBytes(bytes):
    def __len__(self) -> int:
        return 1


def test_loads_reads_a_text_subclass_as_its_text_and_keeps_the_cap() -> None:
    text = records.dumps(_final())
    assert records.loads(_Boom(text)) == _final()
    assert records.replay(_Boom(text))[-1].state == _final()
    for lying in (_Short(text), _ShortBytes(text.encode())):
        with pytest.raises(RecordError, match="larger than max_bytes=100"):
            records.loads(lying, max_bytes=100)
        with pytest.raises(RecordError, match="larger than max_bytes=100"):
            records.replay(lying, max_bytes=100)


# --- 3. messages never run a caller's __repr__ ------------------------------------------------


def test_records_messages_describe_a_callers_objects() -> None:
    calls: list[str] = []

    class Spy:
        def __repr__(self) -> str:
            calls.append("repr")
            return "SPY"

    with pytest.raises(RecordError, match="seat 0 has Spy object"):
        records.dumps(_final("aliwar"), agents=[Spy(), "x"])  # type: ignore[list-item]
    with pytest.raises(RecordError, match="unknown game <object of type Spy>"):
        records.replay({**_record("aliwar"), "game": Spy()})
    with pytest.raises(RecordError, match=r"got \[<object of type Spy>\]"):
        records.replay({**_record("aliwar"), "steps": [[Spy()]]})
    with pytest.raises(RecordError, match="got <object of type Spy>"):
        records.decode_move(Spy(), {})
    assert calls == []


# --- 4. the stored result holds ints ----------------------------------------------------------


def test_a_stored_result_of_bools_and_floats_is_refused() -> None:
    record = _record("aliwar")
    result = record["result"]
    for field, value in (
        ("winners", [True] * len(result["winners"])),
        ("length", float(result["length"])),
        ("placings", [float(place) for place in result["placings"]]),
    ):
        bad = {**record, "result": {**result, field: value}}
        with pytest.raises(RecordError, match="placings must be integers"):
            records.loads(json.dumps(bad))


# --- 5. a game with no moves ------------------------------------------------------------------


def test_a_move_in_a_game_without_moves_says_so() -> None:
    record = _record("clone-war")
    record["steps"][0] = {"0": {"move": "Switch", "a": 0, "b": 1}}
    with pytest.raises(RecordError, match=r"clone-war has no moves; a step is \{\}"):
        records.loads(json.dumps(record))
    with pytest.raises(RecordError, match="the game has no moves"):
        records.decode_move({"move": "Switch"}, {})


# --- 6. a Guerrilla position's piles are lists, not objects -----------------------------------


@pytest.mark.parametrize(
    ("where", "value"),
    [("draw_piles", {"5C": "anything"}), ("removed", {"3H": [1, 2, 3]}), ("hands", {"9D": None})],
)
def test_a_guerrilla_position_refuses_an_object_for_a_pile(where: str, value: object) -> None:
    state = guerrilla.State.from_position(
        [["KC", "4C"], ["9D"], ["2H", "AH"]],
        draw_piles=[["5C"], ["4D", "7D"], []],
        removed=["3H"],
        guerrilla_rank=3,
        rng_seed=11,
    )
    record = json.loads(records.dumps(state))
    if where == "removed":
        record["position"]["removed"] = value
    else:
        record["position"][where][0] = value
    with pytest.raises(RecordError, match="must be a sequence of cards"):
        records.loads(json.dumps(record))
    with pytest.raises(RulesError, match="removed must be a sequence of cards"):
        guerrilla.State.from_position([["KC"], ["9D"]], removed={"3H": 1})


# --- 7. wire.decode reads exact built-in types -------------------------------------------------


class _Long(list):  # type: ignore[type-arg]
    def __len__(self) -> int:
        return 2**62

    def __iter__(self) -> Iterator[Any]:
        raise ZeroDivisionError("the caller's __iter__")


class _BadFloat(float):
    def __int__(self) -> int:
        raise ZeroDivisionError("the caller's __int__")

    def is_integer(self) -> bool:
        raise ZeroDivisionError("the caller's is_integer")


class _BadDict(dict):  # type: ignore[type-arg]
    def get(self, *args: Any) -> Any:
        raise ZeroDivisionError("the caller's get")

    def __iter__(self) -> Iterator[Any]:
        raise ZeroDivisionError("the caller's __iter__")

    def keys(self) -> Any:
        raise ZeroDivisionError("the caller's keys")


class _Always(int):
    def __le__(self, other: object) -> bool:
        return True

    def __ge__(self, other: object) -> bool:
        return True

    def __lt__(self, other: object) -> bool:
        return False

    def __gt__(self, other: object) -> bool:
        return False


def test_wire_decode_reads_subclasses_as_plain_values() -> None:
    game = cardwars.load_game("guerrilla")
    observation = game.new_game(seed=1).observation(0)
    document = wire.encode(observation)
    assert type(document["hand"]) is list
    assert wire.decode(game, {**document, "hand": _Long(document["hand"])}) == observation
    assert wire.decode(game, _BadDict(document)) == observation
    aliwar = cardwars.load_game("aliwar")
    move = wire.decode(aliwar, {"type": "Switch", "a": _BadFloat(1.0), "b": _Always(2)})
    assert move == wire.decode(aliwar, {"type": "Switch", "a": 1, "b": 2})
    assert type(move.b) is int  # type: ignore[attr-defined]
    with pytest.raises(RecordError, match=r"the value\.a: expected an integer 0\.\.\d+, got 999"):
        wire.decode(aliwar, {"type": "Switch", "a": _Always(999), "b": 2})
    with pytest.raises(RecordError, match="keys are strings"):
        wire.decode(aliwar, {"type": "Switch", "a": 1, "b": 2, 3: 4})


# --- 8. a path with a NUL ---------------------------------------------------------------------


def test_read_and_load_refuse_a_path_with_a_nul() -> None:
    for call in (records.read, records.load):
        with pytest.raises(ArgumentTypeError, match=r"source must be a path .*without NUL"):
            call("record\0.json")


# --- 9. dumps(agents=...) counts before it reads ----------------------------------------------


class _Names(Sequence[str]):
    def __init__(self, count: int, fail: bool = False) -> None:
        self.size, self.fail = count, fail

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index: Any) -> Any:
        if self.fail:
            raise ZeroDivisionError("the caller's __getitem__")
        return "random"


def test_dumps_counts_the_agents_before_reading_them() -> None:
    with pytest.raises(RecordError, match="2 names, got 1000000000000000000"):
        records.dumps(_final(), agents=_Names(10**18))
    with pytest.raises(RecordError, match=r"agents could not be read \(ZeroDivisionError"):
        records.dumps(_final(), agents=_Names(2, fail=True))
    assert json.loads(records.dumps(_final(), agents=_Names(2)))["agents"] == ["random"] * 2


# --- 10. wire.encode's errors ------------------------------------------------------------------


def test_wire_encode_raises_argument_type_errors() -> None:
    loop: list[Any] = []
    loop.append(loop)
    with pytest.raises(ArgumentTypeError, match="nested at most 32 levels"):
        wire.encode(loop)
    deep: list[Any] = [0]
    for _ in range(40):
        deep = [deep]
    with pytest.raises(ArgumentTypeError, match="nested at most 32 levels"):
        wire.encode(deep)
    assert wire.encode([[[[1]]]]) == [[[[1]]]]
    with pytest.raises(ArgumentTypeError, match="sets whose items sort"):
        wire.encode({1, "a"})
    with pytest.raises(ArgumentTypeError, match=r"encode\(\) takes the engine's values"):
        wire.encode(object())


# --- 11. replay() takes any mapping -------------------------------------------------------------


def test_replay_takes_any_mapping() -> None:
    record = _record()
    steps = len(records.replay(record))
    assert len(records.replay(types.MappingProxyType(record))) == steps
    assert len(records.replay(collections.UserDict(record))) == steps

    class Broken(collections.UserDict):  # type: ignore[type-arg]
        def __getitem__(self, key: Any) -> Any:
            raise ZeroDivisionError("the caller's __getitem__")

    with pytest.raises(RecordError, match="ZeroDivisionError"):
        records.replay(Broken(record))
