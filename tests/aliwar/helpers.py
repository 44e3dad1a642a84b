"""Positions shared by the Aliwar tests."""

from __future__ import annotations

from cardwars.aliwar import Phase, State, Switch
from cardwars.cards import Card


def keep_position() -> State:
    """Both switch stacks 4 and 5; P0 wins 6D, 4S and empties stack 3; P1 wins 5C, 8C, 6C."""
    state = State.from_layout(
        [
            [["AC", "2C", "3C"], ["KC", "4C"], ["5C"], ["6C", "7C"], ["8C", "9C", "TC"]],
            [["6D", "2D"], ["4S", "3D"], ["JD", "4D"], ["QD", "5D"], ["KD", "7D"]],
        ],
        ["2H", "3H"],
    )
    state.apply({0: Switch(3, 4), 1: Switch(3, 4)})
    assert state.phase is Phase.KEEP
    assert state.won == (
        (Card.parse("6D"), Card.parse("4S")),
        (Card.parse("5C"), Card.parse("8C"), Card.parse("6C")),
    )
    return state
