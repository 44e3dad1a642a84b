"""apply() of equal moves a caller built takes the same fast path as the state's own objects.

A front end (a UI, :func:`cardwars.wire.decode`) hands ``apply`` moves equal to the
ones ``legal_moves()`` returned, not those objects. The machine finds every move's
action through its space's ``MoveKeys`` in one call, the own objects by identity and
equal values by their fields, and checks the step in one place; a value that is no
move of the space (a subclass, a mock, an unhashable or hostile value, a move that
contains itself, a slot left empty) is refused there and explained by the checked
path, with the state unchanged. Issue 22, item 5. Speed is shown in
``benchmarks/run.py`` (table b3 of section b), never asserted here.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest

import cardwars
from cardwars import IllegalMoveError, aliwar, guerrilla, wire
from cardwars.cards import Card, Rank, Suit
from cardwars.engine import GameState
from cardwars.engine.machine_state import MachineState
from tests import builds
from tests.builds import pure
from tests.sizes import sized

SETTINGS = [("aliwar", 2), ("guerrilla", 2), ("guerrilla", 3), ("guerrilla", 4)]
SEEDS = sized(200, 25)


def rebuilt(value: Any) -> Any:
    """An equal value built anew through its constructor, field by field (cards too)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: rebuilt(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return type(value)(**fields)
    return value


def through_wire(game: cardwars.Game[Any, Any]) -> Callable[[Any], Any]:
    """An equal value as a front end gets it back from JSON."""
    return lambda move: wire.decode(game, wire.encode(move))


@contextmanager
def no_checked_path(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Count the steps that went down MachineState's checked path (the refusals' path)."""
    calls: list[int] = []
    checked = MachineState._apply_checked

    def counting(self: MachineState[Any], moves: dict[int, Any]) -> None:
        calls.append(1)
        checked(self, moves)

    monkeypatch.setattr(MachineState, "_apply_checked", counting)
    yield calls


def snapshot(state: GameState[Any]) -> tuple[Any, ...]:
    seats = range(state.players)
    return (
        state.copy(),
        state.history,
        state.last_events,
        [state.observation(s) for s in seats],
        [state.legal_moves(s) for s in seats],
        [state.legal_actions(s) for s in seats],
    )


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), SETTINGS)
@pytest.mark.parametrize("make", ["constructor", "deepcopy", "wire", "mixed"])
def test_fresh_equal_moves_play_exactly_the_games_of_the_states_own(
    name: str, players: int, make: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = cardwars.load_game(name, players=players)
    builders: dict[str, Callable[[Any], Any]] = {
        "constructor": rebuilt,
        "deepcopy": copy.deepcopy,
        "wire": through_wire(game),
        "mixed": rebuilt,
    }
    build = builders[make]
    game.action_space._keys()  # made on first use; the fast path asks for it ready
    steps = 0
    with no_checked_path(monkeypatch) as checked:
        for k in range(SEEDS):
            seed = 1000 * k + players
            own, fresh = game.new_game(seed), game.new_game(seed)
            pick = builds.current.Rng(seed).below
            while not own.is_over:
                step = {}
                for seat in sorted(own.to_act):
                    legal = own.legal_moves(seat)
                    step[seat] = legal[pick(len(legal))]
                given = {
                    seat: move if make == "mixed" and seat % 2 else build(move)
                    for seat, move in step.items()
                }
                assert all(given[s] == m for s, m in step.items())
                assert make == "mixed" or all(given[s] is not m for s, m in step.items())
                events = own.apply(step)
                assert fresh.apply(given) == events
                # The state records its own move objects, never the caller's.
                assert all(fresh.history[-1][s] is m for s, m in step.items()), (
                    "history holds the caller's objects"
                )
                steps += 1
            assert fresh == own and fresh.result == own.result
            assert fresh.history == own.history
    assert steps > SEEDS and checked == []


@pytest.mark.parametrize(("name", "players"), SETTINGS)
def test_apply_moves_finds_own_and_equal_moves_in_one_lookup(name: str, players: int) -> None:
    game = cardwars.load_game(name, players=players)
    space = game.action_space
    keys = space._keys()
    for seed in range(10):
        state, interpreted = game.new_game(seed), game.new_game(seed)
        pick = builds.current.Rng(seed).below
        while not state.is_over:
            step = {}
            for seat in sorted(state.to_act):
                legal = state.legal_moves(seat)
                step[seat] = legal[pick(len(legal))]
            if len(step) > 1 or seed % 2:  # own and fresh objects in one step
                step = {s: m if s % 2 else rebuilt(m) for s, m in step.items()}
            assert state._m.apply_moves(step, keys)
            interpreted.apply_actions({s: space.action(m) for s, m in step.items()})
            assert state == interpreted and state.last_events == interpreted.last_events
        assert state.history == interpreted.history


# --- refused: values that are no move of the space -----------------------------------------


class AlwaysEqualSwitch(aliwar.Switch):
    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return hash(aliwar.Switch(0, 1))


class Unhashable:
    __hash__ = None  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:
        return True


CALLER_CODE = "the caller's code ran"


class Raising:
    def __eq__(self, other: object) -> bool:
        raise RuntimeError(CALLER_CODE)

    def __hash__(self) -> int:
        raise RuntimeError(CALLER_CODE)

    def __repr__(self) -> str:
        raise RuntimeError(CALLER_CODE)


class CardLike(Card):
    __slots__ = ()


def raw(cls: type, **fields: object) -> Any:
    """An instance of exactly ``cls`` with any field values, past its checks."""
    value: Any = object.__new__(cls)
    for name, field in fields.items():
        object.__setattr__(value, name, field)
    return value


def self_containing_switch() -> Any:
    loop = raw(aliwar.Switch, b=1)
    object.__setattr__(loop, "a", loop)
    return loop


def foreign_switches() -> list[Any]:
    return [
        AlwaysEqualSwitch(0, 1),
        mock.ANY,
        Unhashable(),
        Raising(),
        None,
        0,
        (0, 1),
        aliwar.Decline(),  # a move of the space, not legal in a switch round
        raw(aliwar.Switch, a=True, b=1),  # bool fields: Switch(True, 1) is no Switch(1, 1)
        raw(aliwar.Switch, a=0.0, b=1),
        raw(aliwar.Switch, a=0, b=9),  # out of range
        raw(aliwar.Switch, a=0),  # a slot left empty
        raw(aliwar.Switch, a=Raising(), b=1),
        raw(aliwar.Switch, a=2**80, b=1),
        self_containing_switch(),
        aliwar.Switch,
    ]


@pytest.mark.parametrize("index", range(len(foreign_switches())))
def test_foreign_values_are_refused_in_one_place_and_change_nothing(index: int) -> None:
    state = cardwars.load_game("aliwar").new_game(seed=42)
    keys = state._action_space._keys()
    foreign = foreign_switches()[index]
    own = state.legal_moves(0)[3]
    before = snapshot(state)
    for moves in ({0: own, 1: foreign}, {1: foreign, 0: rebuilt(own)}):
        assert not state._m.apply_moves(moves, keys)
        assert snapshot(state)[1:] == before[1:] and state == before[0]
        with pytest.raises(IllegalMoveError) as info:
            state.apply(moves)
        assert CALLER_CODE not in str(info.value)  # none of the caller's methods spoke
        assert snapshot(state)[1:] == before[1:] and state == before[0]
    assert keys.action_of(foreign) == -1 or foreign == aliwar.Decline()
    state.apply({0: rebuilt(own), 1: rebuilt(state.legal_moves(1)[0])})
    assert state.history[-1][0] is own


def foreign_plays() -> list[Any]:
    card = Card(Rank.SEVEN, Suit.CLUBS)
    return [
        guerrilla.Play(CardLike(Rank.SEVEN, Suit.CLUBS)),  # a card subclass
        raw(guerrilla.Play, card=raw(Card, rank=Rank.SEVEN, suit=Suit.SPADES.value)),
        raw(guerrilla.Play, card=raw(Card, rank=Rank.SEVEN)),
        raw(guerrilla.Play, card=raw(Card, rank=card, suit=Suit.CLUBS)),
        raw(guerrilla.Play, card=(7, "C")),
        raw(guerrilla.Play, card=mock.ANY),
        raw(guerrilla.Play, card=Unhashable()),
        raw(guerrilla.TieCards, up=card, down=mock.ANY),
        raw(guerrilla.TieCards, up=card, down=Raising()),
    ]


@pytest.mark.parametrize("index", range(len(foreign_plays())))
def test_foreign_cards_inside_a_move_are_refused(index: int) -> None:
    state = cardwars.load_game("guerrilla").new_game(seed=1)
    keys = state._action_space._keys()
    seat = min(state.to_act)
    foreign = foreign_plays()[index]
    before = snapshot(state)
    assert keys.action_of(foreign) == -1
    assert not state._m.apply_moves({seat: foreign}, keys)
    with pytest.raises(IllegalMoveError) as info:
        state.apply({seat: foreign})
    assert CALLER_CODE not in str(info.value)
    assert snapshot(state)[1:] == before[1:] and state == before[0]


def test_refused_steps_of_the_wrong_shape_change_nothing() -> None:
    state = cardwars.load_game("guerrilla", players=4).new_game(seed=3)
    while state.to_act == {0, 1, 2, 3}:  # to a step that polls some seats only
        state.apply({s: state.legal_moves(s)[0] for s in state.to_act})
    keys = state._action_space._keys()
    step = {s: rebuilt(state.legal_moves(s)[0]) for s in sorted(state.to_act)}
    seat, move = next(iter(step.items()))
    other = min({0, 1, 2, 3} - state.to_act)
    before = snapshot(state)
    cases: list[Any] = [
        {},  # no polled seat has a move
        {**step, other: move},  # a seat that is not polled
        {other: move},
        {**step, seat + 4: move},  # no such seat
        {**step, -1: move},
        {**step, 2**70: move},
        {True: move},  # a bool is no seat
        [(seat, move)],  # not a dict
        mock.MagicMock(),
    ]
    for moves in cases:
        assert not state._m.apply_moves(moves, keys)
        with pytest.raises(IllegalMoveError):
            state.apply(moves)
        assert snapshot(state)[1:] == before[1:] and state == before[0]
    state.apply(step)
    assert state.history[-1] == step


def test_a_callback_cannot_step_the_state_while_moves_are_looked_up() -> None:
    state = cardwars.load_game("aliwar").new_game(seed=7)
    calls: list[str] = []

    class Sneaky:
        def __eq__(self, other: object) -> bool:
            calls.append("eq")
            state.apply({s: state.legal_moves(s)[0] for s in state.to_act})
            return True

        def __hash__(self) -> int:
            calls.append("hash")
            return 0

    before = snapshot(state)
    sneaky: Any = Sneaky()
    with pytest.raises(IllegalMoveError):
        state.apply({0: state.legal_moves(0)[0], 1: sneaky})
    assert calls == []  # the lookup never asked the caller's value anything
    assert snapshot(state)[1:] == before[1:]


def test_keys_of_the_other_backend_take_the_checked_path(backend: str) -> None:
    """A state made on one backend stepped while the space holds the other's keys."""
    state = cardwars.load_game("aliwar").new_game(seed=5)
    space = state._action_space
    other = pure.MoveKeys(space.moves) if backend == "compiled" else None
    if other is None:
        core = pytest.importorskip("cardwars._core")
        other = core.MoveKeys(space.moves)
    interpreted = state.copy()
    space._keyer = other
    try:
        moves = {s: rebuilt(state.legal_moves(s)[1]) for s in state.to_act}
        assert not state._m.apply_moves(moves, other)
        state.apply(moves)  # refused by the machine, performed by the checked path
    finally:
        space._keyer = None
    interpreted.apply({s: interpreted.legal_moves(s)[1] for s in interpreted.to_act})
    assert state == interpreted


# --- MoveKeys on values of every kind, the builds side by side -------------------------------


class Colour(enum.Enum):
    RED = 1
    BLUE = 2


@dataclasses.dataclass(frozen=True, slots=True)
class Go:
    x: object
    y: object = None


@dataclasses.dataclass(frozen=True)
class Plain:
    x: object


@dataclasses.dataclass(frozen=True, slots=True)
class Wide:
    a: int
    b: int
    c: int
    d: int
    e: int
    f: int
    g: int
    h: int
    i: int


ODD_MOVES: tuple[object, ...] = (
    Go(-1),
    Go(2**70),
    Go(True),
    Go(1),
    Go("s"),
    Go(Colour.RED, Go(3)),
    Go(None, 1.5),
    Go(b"x"),
    Plain(4),
    Plain(Go(5)),
    Wide(1, 2, 3, 4, 5, 6, 7, 8, 9),
    Wide(1, 2, 3, 4, 5, 6, 7, 8, 10),
    Colour.BLUE,
    None,
    7,
    Go(-(2**63)),
    Go(2**64 - 1),
    Go(complex(1, 2)),
)


def odd_foreign() -> list[object]:
    loop = raw(Go, y=None)
    object.__setattr__(loop, "x", loop)
    deep = Go(Colour.RED, Go(Go(3)))
    return [
        Go(False),
        Go(1.0),
        Go(2),
        Go(Colour.BLUE),
        Go(Colour.RED, Go(4)),
        Go(Colour.RED, Go(True)),
        Plain(5),
        Wide(1, 2, 3, 4, 5, 6, 7, 8, 11),
        Colour.RED,
        8,
        True,
        7.0,
        mock.ANY,
        object(),
        Go(2**70 + 1),
        Go(-(2**63) - 1),
        Go(None, 1.5000001),
        loop,
        deep,
        raw(Go),
        raw(Plain),
        Unhashable(),
        Raising(),
    ]


def test_move_keys_builds_agree_on_values_of_every_kind() -> None:
    core = pytest.importorskip("cardwars._core")
    keys = (core.MoveKeys(ODD_MOVES), pure.MoveKeys(ODD_MOVES))
    for action, move in enumerate(ODD_MOVES):
        for given in (move, copy.deepcopy(move)):
            assert [k.action_of(given) for k in keys] == [action, action]
    for value in odd_foreign():
        assert [k.action_of(value) for k in keys] == [-1, -1]
        assert [k.actions_of({0: ODD_MOVES[0], 1: value}) for k in keys] == [None, None]
    with pytest.raises(ValueError, match="distinct"):
        core.MoveKeys((Go(1), Go(1)))
    with pytest.raises(ValueError, match="distinct"):
        pure.MoveKeys((Go(1), Go(1)))
    with pytest.raises(TypeError):
        keys[0].__init__(ODD_MOVES)  # made once
    blank = core.MoveKeys.__new__(core.MoveKeys)  # never made: finds nothing, safely
    assert blank.action_of(ODD_MOVES[0]) == -1 and blank.actions_of({0: None}) is None
