"""The machines' AliwarMachine on its own (both backends): input checks, keys, copies."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from cardwars.aliwar.state import _CARDS
from tests import builds

LABELS = tuple(range(52))
LAYOUT = [[[c] for c in range(5)], [[c] for c in range(5, 10)]]


def machine(**options: int) -> Any:
    return builds.current.AliwarMachine(LABELS, LAYOUT, [10, 11], 0, **options)


@pytest.mark.parametrize(
    ("stacks", "protection", "message"),
    [
        ([[[0]] * 5], [10, 11], "2 seats"),
        ([[[c] for c in range(4)], LAYOUT[1]], [10, 11], "seat 0 needs 5 stacks"),
        ([[[0], [], [2], [3], [4]], LAYOUT[1]], [10, 11], "seat 0 stack 1 needs 1 to 52"),
        ([[[0], [1], [2], [3], [52]], LAYOUT[1]], [10, 11], "card id 0..51"),
        (LAYOUT, [10, 10], "more than once"),
        (LAYOUT, [10, True], "card id 0..51"),
    ],
)
def test_bad_layouts_are_refused(stacks: object, protection: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        builds.current.AliwarMachine(LABELS, stacks, protection, 0)


def test_bad_options_and_labels_are_refused() -> None:
    current = builds.current
    with pytest.raises(ValueError, match="52 labels"):
        current.AliwarMachine(LABELS[:5], LAYOUT, [10, 11], 0)
    with pytest.raises(ValueError, match="allow_null_switch must be 0 or 1"):
        machine(allow_null_switch=2)
    with pytest.raises(ValueError, match="max_rounds must be an int >= 1"):
        machine(max_rounds=0)
    with pytest.raises(TypeError, match="unknown option"):
        current.aliwar_deal(LABELS, 1, colour=1)


def test_apply_actions_refuses_anything_not_exactly_right() -> None:
    m = machine()
    before = m.key()
    for bad in (
        {0: 0},
        {0: 0, 1: 15},
        {0: 0, 1: True},
        {0: 0, True: 0},
        {0: 0, 1: 2**70},
        {0: 0, 2: 0},
        [(0, 0), (1, 0)],
        {0: 0, 1: -1},
    ):
        assert m.apply_actions(bad) is False
        assert m.key() == before
    assert m.apply_actions({0: 0, 1: 0}) is True
    assert m.steps == 1 and m.history() == ((0, 0),)


def test_legal_actions_checks_the_seat() -> None:
    m = machine()
    for seat in (2, -1, True, "0"):
        with pytest.raises(ValueError, match="a seat is 0 or 1"):
            m.legal_actions(seat)
    assert m.legal_actions(0) == tuple(range(15))
    assert machine(allow_null_switch=1).legal_actions(1) == tuple(range(16))


def test_copy_and_pickle_are_independent_and_exact() -> None:
    m = builds.current.aliwar_deal(_CARDS, 42)
    assert m.apply_actions({0: 3, 1: 7})
    interpreted = m.copy()
    again = pickle.loads(pickle.dumps(m))
    assert interpreted.key() == m.key() == again.key()
    while not m.over:
        picks = {s: m.legal_actions(s)[-1] for s in sorted(m.to_act)}
        assert m.apply_actions(picks)
    assert interpreted.key() != m.key()
    assert again.key() == interpreted.key()


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("phase", 3, "phase"),
        ("stacks", (((0, 0),) + ((1,),) * 4, LAYOUT[1]), "more than once"),
        ("seen", 2**60, "seen"),
        ("termination", 1, "termination is set exactly when"),
        ("options", (0, 0, 0, 100), "6 options"),
        ("history", ((0, 300),), "history action"),
    ],
)
@pytest.mark.parametrize("plain", [False, True], ids=["named", "plain"])
def test_a_bad_key_is_refused(field: str, value: object, message: str, plain: bool) -> None:
    m = machine()
    key = m.key()._replace(**{field: value})
    restore: Any
    restore, (labels, _) = m.__reduce__()
    with pytest.raises(ValueError, match=message):
        restore(labels, tuple(key) if plain else key)
