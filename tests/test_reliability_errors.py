"""Only the library's errors escape the public API (issue 21, item 5).

* A seat is a plain ``int`` from 0 to ``players - 1``, in every method that takes
  one, on every game and backend: a bool, an ``int`` subclass (whose ``__index__``,
  ``__int__``, ``__eq__``, ``__hash__`` or ``__repr__`` may raise), a float or a
  string is a :class:`~cardwars.errors.UsageError` naming the seat range.
* Error messages describe a caller's value with :func:`cardwars.errors.describe`,
  never with its own ``repr``.
* ``determinize`` and ``from_observation`` check their ``rng``; the PettingZoo and
  Gymnasium envs check what ``step``, ``reset``, ``observe`` and the spaces are given.
* A Hypothesis sweep calls every public method that takes arguments with hostile
  values and checks that only :class:`~cardwars.errors.CardwarsError` escapes and
  the state is unchanged.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardwars
from cardwars import aliwar, guerrilla
from cardwars.engine import GameState
from cardwars.errors import CardwarsError, IllegalMoveError, UsageError, describe
from tests import builds

# NumPy values are among the hostile arguments, and the envs are swept too: a plain
# ``[test]`` install (the wheel tested from outside the tree) has neither.
np = pytest.importorskip("numpy")

GAMES = [("aliwar", 2), ("clone-war", 3), ("guerrilla", 2), ("guerrilla", 4)]
GAME_IDS = [f"{name}-{players}p" for name, players in GAMES]


class Boom(RuntimeError):  # noqa: N818  # not an error of the library's
    """What a hostile value raises; it must never escape."""


class HostileInt(int):
    """An int whose every method a check might call raises."""

    def __index__(self) -> int:
        raise Boom("__index__")

    def __int__(self) -> int:
        raise Boom("__int__")

    def __eq__(self, other: object) -> bool:
        raise Boom("__eq__")

    def __hash__(self) -> int:
        raise Boom("__hash__")

    def __repr__(self) -> str:
        raise Boom("__repr__")

    def __lt__(self, other: object) -> bool:
        raise Boom("__lt__")

    def __le__(self, other: object) -> bool:
        raise Boom("__le__")

    def __ge__(self, other: object) -> bool:
        raise Boom("__ge__")

    def __gt__(self, other: object) -> bool:
        raise Boom("__gt__")

    __str__ = __repr__


class QuietInt(int):
    """A well-behaved int subclass (an IntEnum-like seat): still not a seat."""


class Hostile:
    """An object whose repr, equality, hash and truth all raise."""

    def __repr__(self) -> str:
        raise Boom("__repr__")

    def __eq__(self, other: object) -> bool:
        raise Boom("__eq__")

    def __hash__(self) -> int:
        raise Boom("__hash__")

    def __bool__(self) -> bool:
        raise Boom("__bool__")

    __str__ = __repr__


class Collide:
    """A dict key that hashes like ``key`` but raises when compared (and when shown)."""

    def __init__(self, key: object) -> None:
        self.key = key

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        raise Boom("__eq__")

    def __repr__(self) -> str:
        raise Boom("__repr__")


def _hostile_values() -> list[object]:
    return [
        None,
        True,
        False,
        0.0,
        1.5,
        float("nan"),
        "0",
        "player_0",
        b"0",
        -1,
        -(2**70),
        2**70,
        10**5000,
        HostileInt(0),
        HostileInt(1),
        QuietInt(0),
        Hostile(),
        [],
        [0],
        (0,),
        {},
        {0: 0},
        {Collide(0): 0, Collide(1): Hostile()},
        {Collide("player_0"): 0, Collide("player_1"): 0},
        {"player_0": Hostile()},
        {0: HostileInt(0)},
        np.int64(0),
        np.float32(0),
        object(),
    ]


VALUES = _hostile_values()
# Hypothesis draws an index, never the value itself, so it never compares, hashes or
# shows a hostile value.
HOSTILE = st.integers(0, len(VALUES) - 1)


def _state(name: str, players: int, seed: int, steps: int) -> GameState[Any]:
    state: GameState[Any] = cardwars.load_game(name, players=players).new_game(seed=seed)
    rng = builds.current.Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        moves = {}
        for seat in sorted(state.to_act):
            legal = state.legal_moves(seat)
            moves[seat] = legal[rng.below(len(legal))]
        state.apply(moves)
    return state


def _facts(state: GameState[Any]) -> tuple[object, ...]:
    seats = range(state.players)
    return (
        state.history,
        state.last_events,
        tuple(state.observation(seat) for seat in seats),
        tuple(state.legal_moves(seat) for seat in seats),
        state.rng,
    )


def _only_ours(call: Callable[[], object]) -> bool:
    """``call()`` either returns (True) or raises a CardwarsError (False); any other
    exception escapes and fails the test."""
    try:
        call()
    except CardwarsError as error:
        str(error)  # the message can be shown
        return False
    return True


# --- the seat rule ---------------------------------------------------------------------------


def _seat_methods(state: GameState[Any]) -> dict[str, Callable[[Any], object]]:
    methods: dict[str, Callable[[Any], object]] = {
        "legal_moves": state.legal_moves,
        "legal_actions": state.legal_actions,
        "action_mask": state.action_mask,
        "observation": state.observation,
        "events_for": state.events_for,
    }
    if state.game_name != "clone-war":  # no decisions: no encoder, no determinization
        from cardwars.envs import encoding

        enc = encoding.encoder(cardwars.load_game(state.game_name, players=state.players))
        methods["encoder.observation_of"] = lambda seat: enc.observation_of(state, seat)
        methods["determinize"] = lambda seat: state.determinize(  # type: ignore[attr-defined]
            seat, builds.current.Rng(1)
        )
    return methods


BAD_SEATS = [
    True,
    False,
    HostileInt(0),
    HostileInt(1),
    QuietInt(0),
    1.0,
    "0",
    None,
    Hostile(),
    -1,
    2**70,
    np.int64(0),
]


@pytest.mark.parametrize(("name", "players"), GAMES, ids=GAME_IDS)
def test_every_seat_method_takes_plain_int_seats_only(name: str, players: int) -> None:
    state = _state(name, players, 7, 3)
    before = _facts(state)
    for method, call in _seat_methods(state).items():
        for seat in range(players):
            call(seat)  # a plain int seat works
        for bad in BAD_SEATS:
            with pytest.raises(UsageError, match=rf"0\.\.{players - 1}") as info:
                call(bad)
            assert "Boom" not in str(info.value), method
    assert _facts(state) == before


def test_describe_never_runs_the_value_s_code() -> None:
    assert describe(HostileInt(3)) == "<object of type HostileInt>"
    assert describe(Hostile()) == "<object of type Hostile>"
    assert describe((1, Hostile())) == "(1, <object of type Hostile>)"
    assert describe(10**5000) == "<int of 16610 bits>"
    assert len(describe("x" * 10**6)) == 80
    assert describe(aliwar.Switch(0, 1)) == repr(aliwar.Switch(0, 1))
    assert describe(guerrilla.Pass()) == "Pass()"


def test_a_move_field_with_a_raising_repr_is_a_library_error() -> None:
    with pytest.raises(IllegalMoveError, match="Hostile"):
        aliwar.Switch(Hostile(), 1)  # type: ignore[arg-type]


# --- determinize and from_observation check their rng ----------------------------------------


@pytest.mark.parametrize("rng", [None, 7, "rng", Hostile(), np.random.default_rng(1)])
def test_determinize_and_from_observation_check_the_rng(rng: object) -> None:
    for name, players in (("aliwar", 2), ("guerrilla", 3)):
        state = _state(name, players, 3, 1)
        before = _facts(state)
        with pytest.raises(UsageError, match=r"rng must be a cardwars\.Rng"):
            state.determinize(0, rng)  # type: ignore[attr-defined]
        assert _facts(state) == before
    observation = aliwar.Aliwar().new_game(seed=1).observation(0)
    with pytest.raises(UsageError, match=r"rng must be a cardwars\.Rng"):
        aliwar.State.from_observation(observation, aliwar.Rules(), rng)  # type: ignore[arg-type]
    observation_g = guerrilla.Guerrilla(players=2).new_game(seed=1).observation(0)
    with pytest.raises(UsageError, match=r"rng must be a cardwars\.Rng"):
        guerrilla.State.from_observation(observation_g, rng)  # type: ignore[arg-type]


def test_new_game_rejects_a_bad_seed_with_a_usage_error() -> None:
    game = cardwars.load_game("aliwar")
    for seed in (HostileInt(1), QuietInt(1), -1, 2**64, 1.0, "1", Hostile()):
        with pytest.raises(UsageError, match=r"seed must be an int in \[0, 2\*\*64\)"):
            game.new_game(seed)  # type: ignore[arg-type]


# --- the hostile sweep -----------------------------------------------------------------------


def _calls(state: GameState[Any], value: object) -> list[tuple[str, Callable[[], object]]]:
    calls: list[tuple[str, Callable[[], object]]] = [
        (method, functools.partial(call, value)) for method, call in _seat_methods(state).items()
    ]
    calls += [
        ("apply", lambda: state.apply(value)),  # type: ignore[arg-type]
        ("apply_actions", lambda: state.apply_actions(value)),  # type: ignore[arg-type]
        ("events_for since", lambda: state.events_for(0, value)),  # type: ignore[arg-type]
    ]
    try:
        keyed = {value: value}
    except (Boom, TypeError):  # a value that cannot be a dict key cannot be a seat key
        keyed = None
    if keyed is not None:
        calls.append(("apply seat", lambda: state.apply(keyed)))  # type: ignore[arg-type]
    if state.game_name != "clone-war":
        calls.append(("determinize rng", lambda: state.determinize(0, value)))  # type: ignore[attr-defined]
    return calls


@pytest.mark.parametrize(("name", "players"), GAMES, ids=GAME_IDS)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 6), value=HOSTILE)
def test_hostile_arguments_raise_only_library_errors(
    name: str, players: int, seed: int, steps: int, value: int
) -> None:
    hostile = VALUES[value]
    original = _state(name, players, seed, steps)
    before = _facts(original)
    for index in range(len(_calls(original, hostile))):
        state = original.copy()
        method, call = _calls(state, hostile)[index]
        if not _only_ours(call):  # it raised: nothing changed
            assert state == original, method
            assert _facts(state) == before, method
    assert _facts(original) == before


@given(index=HOSTILE)
def test_hostile_from_observation_raises_only_library_errors(index: int) -> None:
    value = VALUES[index]
    rng = builds.current.Rng(1)
    _only_ours(lambda: aliwar.State.from_observation(value, aliwar.Rules(), rng))  # type: ignore[arg-type]
    _only_ours(lambda: guerrilla.State.from_observation(value, rng))  # type: ignore[arg-type]


def _observations() -> list[tuple[Callable[[Any, Any], object], Any, bool]]:
    """Each game's ways to draw from an observation, with an observation of a game under way to
    corrupt, and whether a refusal must leave the ``rng`` as it was."""
    aliwar_obs = aliwar.Aliwar().new_game(seed=5).observation(0)
    guerrilla_obs = guerrilla.Guerrilla(players=3).new_game(seed=5).observation(1)
    return [
        (
            lambda obs, rng: aliwar.State.from_observation(obs, aliwar.Rules(), rng),
            aliwar_obs,
            True,
        ),
        (guerrilla.State.from_observation, guerrilla_obs, True),
        (lambda obs, rng: guerrilla.State.determinizer(obs)(rng), guerrilla_obs, False),
    ]


@given(index=HOSTILE, data=st.data())
def test_hostile_values_inside_an_observation_raise_only_library_errors(
    index: int, data: st.DataObject
) -> None:
    """An observation built by the caller may hold anything in any field, at the top or as
    one item of a tuple; drawing from it raises a CardwarsError (from_observation leaving
    ``rng`` alone), and so does a wrong-but-plain value: a seat count, a rank, a size."""
    plain: list[object] = [-3, 10**40, (1,), True]  # drawn by index: hostile values don't hash
    value = ([VALUES[index], *plain])[data.draw(st.integers(0, len(plain)))]
    for draw, observation, keeps_rng in _observations():
        field = data.draw(st.sampled_from([f.name for f in dataclasses.fields(observation)]))
        old = getattr(observation, field)
        inner = isinstance(old, tuple) and old and data.draw(st.booleans())
        new = (value, *old[1:]) if inner else value
        corrupt = dataclasses.replace(observation, **{field: new})
        rng = builds.current.Rng(1)
        if not _only_ours(functools.partial(draw, corrupt, rng)) and keeps_rng:
            assert rng.state == builds.current.Rng(1).state, field


# --- the envs --------------------------------------------------------------------------------

ENV_GAMES = [("aliwar", 2), ("guerrilla", 3)]


def _parallel(name: str, players: int, **options: Any) -> Any:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    from cardwars.envs.pettingzoo import parallel_env

    env = parallel_env(name, **({"players": players} if name == "guerrilla" else {}), **options)
    env.reset(seed=5)
    return env


@pytest.mark.parametrize(("name", "players"), ENV_GAMES)
@pytest.mark.parametrize("bad", [None, [], 3, "player_0", Hostile(), ("player_0", 0)])
def test_parallel_step_takes_a_mapping(name: str, players: int, bad: object) -> None:
    env = _parallel(name, players)
    before = _facts(env.game_state)
    with pytest.raises(IllegalMoveError, match="dict of agent name -> action"):
        env.step(bad)
    assert _facts(env.game_state) == before
    assert env.agents  # the episode goes on


@pytest.mark.parametrize(("name", "players"), ENV_GAMES)
@pytest.mark.parametrize("illegal", ["terminate", "raise"])
@given(index=HOSTILE, key=st.sampled_from(["player_0", "player_1"]))
def test_hostile_env_actions_raise_only_library_errors(
    name: str, players: int, illegal: str, index: int, key: str
) -> None:
    value = VALUES[index]
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    from cardwars.envs.gymnasium import CardwarsEnv
    from cardwars.envs.pettingzoo import env as aec_env

    parallel = _parallel(name, players, illegal_action=illegal)
    other = {agent: 0 for agent in parallel.agents if agent != key}
    _only_ours(lambda: parallel.step({**other, key: value}))
    _only_ours(lambda: parallel.step(value))
    _only_ours(lambda: parallel.reset(seed=value))
    _only_ours(lambda: parallel.observation_space(value))
    _only_ours(lambda: parallel.action_space(value))

    extra: dict[str, Any] = {"players": players} if name == "guerrilla" else {}
    raw = aec_env(name, illegal_action=illegal, **extra).unwrapped
    raw.reset(seed=5)
    _only_ours(lambda: raw.observe(value))
    _only_ours(lambda: raw.step(value))
    _only_ours(lambda: raw.step(value))  # perhaps after the episode ended: a dead step
    _only_ours(lambda: raw.reset(seed=value))

    gym = CardwarsEnv(name, illegal_action=illegal, **extra)
    gym.reset(seed=5)
    _only_ours(lambda: gym.step(value))
    _only_ours(lambda: gym.reset(seed=value))  # type: ignore[arg-type]
    _only_ours(lambda: CardwarsEnv(name, seat=value))  # type: ignore[arg-type]


def test_aec_step_before_reset_is_a_usage_error() -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    from cardwars.envs.pettingzoo import env as aec_env

    with pytest.raises(UsageError, match="reset"):
        aec_env("aliwar").unwrapped.step(0)


def test_aec_observe_names_the_agents() -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    from cardwars.envs.pettingzoo import env as aec_env

    raw = aec_env("aliwar").unwrapped
    raw.reset(seed=1)
    with pytest.raises(UsageError, match=r"an agent is one of \['player_0', 'player_1'\]"):
        raw.observe("player_9")


@pytest.mark.parametrize("name", ["pure", "", None, 1, b"python", ["python"]])
def test_use_backend_refuses_anything_but_its_two_names(name: object, backend: str) -> None:
    from cardwars import backend as chosen

    before = chosen.BACKEND, chosen.core
    with pytest.raises(UsageError, match="backend must be 'compiled' or 'python'"):
        chosen.use_backend(name)  # type: ignore[arg-type]
    assert (chosen.BACKEND, chosen.core) == before


def test_use_backend_never_runs_a_callers_eq(backend: str) -> None:
    from cardwars import backend as chosen

    class Sly(str):
        def __eq__(self, other: object) -> bool:
            raise AssertionError("ran the caller's __eq__")

        __hash__ = str.__hash__

    with pytest.raises(UsageError):
        chosen.use_backend(Sly("python"))
