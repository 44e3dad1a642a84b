"""Misuse of the API around the engine: clear errors, nothing changed (issue 34).

Each test is one of the issue's attacks, now a regression test on both backends (the
``backend`` fixture): records and wire documents of the wrong type, the OpenSpiel
adapter's malformed input, the Gymnasium env's failing or meddling opponents, the
native vector env after ``close()`` and beyond its memory bound, a ``simulate``
progress callback that raises, and a Table re-entered from its own agent.
"""

from __future__ import annotations

import contextlib
import io
import threading
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardwars
from cardwars import aliwar, records
from cardwars.errors import ArgumentTypeError, RecordError, UsageError

FINAL = cardwars.play(aliwar.Aliwar(), ["random", "random"], seed=3)
RECORD = records.dumps(FINAL)


# --- records (item 6) ------------------------------------------------------------------------
@pytest.mark.parametrize("text", [None, 5, 2.5, ["{}"], {"format": "cardwars-record"}])
def test_records_loads_of_a_value_that_is_no_text_is_a_type_error_naming_text(text: Any) -> None:
    with pytest.raises(ArgumentTypeError, match=r"^text must be a str, bytes or bytearray, got"):
        records.loads(text)
    assert issubclass(ArgumentTypeError, TypeError) and issubclass(ArgumentTypeError, UsageError)


@pytest.mark.parametrize("game", [5, "aliwar", object()])
def test_records_loads_and_load_with_a_game_that_is_not_one_name_the_game(game: Any) -> None:
    with pytest.raises(ArgumentTypeError, match=r"^game must be a cardwars Game or None"):
        records.loads(RECORD, game)
    with pytest.raises(ArgumentTypeError, match=r"^game must be a cardwars Game or None"):
        records.load(io.BytesIO(RECORD.encode()), game)


@pytest.mark.parametrize("source", [5, None, b"{}", bytearray(b"{}"), 2.5])
def test_records_read_and_load_of_a_value_that_is_no_path_or_file_name_the_source(
    source: Any,
) -> None:
    with pytest.raises(ArgumentTypeError, match=r"^source must be a path .* or a binary file"):
        records.read(source)
    with pytest.raises(ArgumentTypeError, match=r"^source must be a path .* or a binary file"):
        records.load(source)


@pytest.mark.parametrize("value", [None, 5, "aliwar"])
def test_records_dumps_of_a_game_or_other_value_names_the_state(value: Any) -> None:
    with pytest.raises(ArgumentTypeError, match=r"^state must be a cardwars GameState"):
        records.dumps(value)
    with pytest.raises(ArgumentTypeError, match=r"^state must be a cardwars GameState"):
        records.dumps(cardwars.load_game("aliwar"))  # type: ignore[arg-type]


def test_records_a_bytearray_record_loads_and_replays_like_its_text() -> None:
    data = bytearray(RECORD.encode())
    state = records.loads(data)
    assert state == records.loads(RECORD)
    steps = records.replay(data)
    assert steps[-1].state == state
    assert records.loads(records.dumps(state)) == state
    assert data == bytearray(RECORD.encode())  # read, not changed


@given(st.binary(max_size=64) | st.text(max_size=64))
def test_records_only_record_error_escapes_loads_of_any_short_text(text: str | bytes) -> None:
    with contextlib.suppress(RecordError):
        records.loads(bytearray(text.encode() if isinstance(text, str) else text))


# --- simulate's progress callback (item 7) -----------------------------------------------------
class ProgressFails:
    """A progress callback that raises on its ``fail_at``-th call."""

    def __init__(self, fail_at: int) -> None:
        self.calls = 0
        self.fail_at = fail_at

    def __call__(self, done: int, total: int) -> None:
        self.calls += 1
        if self.calls == self.fail_at:
            raise RuntimeError(f"display gone at {done}/{total}")


@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_a_progress_callback_that_raises_stops_the_run_as_one_simulation_error(
    workers: int,
) -> None:
    import multiprocessing

    callback = ProgressFails(fail_at=2)
    with pytest.raises(cardwars.SimulationError, match="progress callback raised after") as info:
        cardwars.simulate(
            "aliwar",
            ["random", "random"],
            games=40,
            seed=1,
            workers=workers,
            chunk_size=5,
            progress=callback,
        )
    assert isinstance(info.value.__cause__, RuntimeError)
    assert "display gone" in str(info.value)
    assert callback.calls == 2  # the run stopped at the failing call
    assert multiprocessing.active_children() == []  # the own pool was ended


# --- the native vector env (item 8) ------------------------------------------------------------
def test_vector_env_refuses_every_call_after_close() -> None:
    pytest.importorskip("gymnasium")
    from cardwars.envs.vector import CardwarsVectorEnv

    env = CardwarsVectorEnv(3, "aliwar", opponent="random")
    env.reset(seed=1)
    actions = env.sample_actions()
    env.close()
    calls: list[Callable[[], object]] = [
        lambda: env.step(actions),
        lambda: env.reset(seed=2),
        env.sample_actions,
        env.game_seeds,
    ]
    for call in calls:
        with pytest.raises(UsageError, match="closed"):
            call()
    env.close()  # closing twice is allowed, as for any Gymnasium env


@pytest.mark.parametrize(("name", "players"), [("aliwar", 2), ("guerrilla", 2), ("guerrilla", 4)])
def test_vector_env_refuses_more_tables_than_its_memory_bound_and_says_how_much(
    name: str, players: int
) -> None:
    pytest.importorskip("gymnasium")
    from cardwars.envs import vector

    game = cardwars.load_game(name, **({} if name == "aliwar" else {"players": players}))
    each = vector.table_bytes(game)
    most = vector.MAX_BYTES // each
    assert 100_000 < most < vector.MAX_ENVS  # the bound follows the memory, not the count
    with pytest.raises(
        UsageError, match=rf"{2**20:,} tables of {name} would take about 1\d\.\d GiB"
    ):
        vector.CardwarsVectorEnv(2**20, game)
    with pytest.raises(UsageError, match=rf"use at most {most:,} tables"):
        vector.CardwarsVectorEnv(most + 1, game)
    with pytest.raises(UsageError, match=r"use at most 9 tables"):
        vector.CardwarsVectorEnv(10, game, max_bytes=10 * each - 1)
    env = vector.CardwarsVectorEnv(10, game, max_bytes=10 * each)  # exactly at the bound
    assert env.num_envs == 10
    env.close()


# --- the Gymnasium env's opponents (item 3) ----------------------------------------------------
class FailsOnce:
    """An opponent that raises on its ``fail_at``-th choice, else plays its first move."""

    def __init__(self, fail_at: int) -> None:
        self.calls = 0
        self.fail_at = fail_at

    def choose(self, observation: Any, legal_moves: Any, rng: Any) -> Any:
        self.calls += 1
        if self.calls == self.fail_at:
            raise RuntimeError("opponent crashed")
        return legal_moves[0]


def gym_snapshot(env: Any) -> tuple[Any, ...]:
    state = env.game_state
    return (state.copy(), tuple(rng.copy().next_u64() for rng in env._rngs), env._done)


@pytest.mark.parametrize(("name", "players"), [("aliwar", 2), ("guerrilla", 3)])
@pytest.mark.parametrize("fail_at", [1, 2, 3, 5])
def test_gym_env_an_opponent_that_raises_once_leaves_the_env_as_it_was(
    name: str, players: int, fail_at: int
) -> None:
    pytest.importorskip("gymnasium")
    from cardwars.envs.gymnasium import CardwarsEnv

    options: dict[str, Any] = {} if name == "aliwar" else {"players": players}
    opponent = FailsOnce(fail_at + (players - 1))  # past reset's own choices
    env = CardwarsEnv(name, opponent=opponent, **options)
    _, info = env.reset(seed=4)
    raised = 0
    for _ in range(12):
        if env.game_state.is_over:
            break
        action = int(info["action_mask"].argmax())
        before = gym_snapshot(env)
        try:
            _, _, _, _, info = env.step(action)
        except RuntimeError:
            raised += 1
            after = gym_snapshot(env)
            assert after[0] == before[0] and after[1:] == before[1:]
            _, _, _, _, info = env.step(action)  # the same step again: it is not wedged
    assert raised == 1


@pytest.mark.parametrize("meddle", ["apply", "undo"])
def test_gym_env_an_opponent_that_steps_the_env_state_is_a_usage_error_and_changes_nothing(
    meddle: str,
) -> None:
    pytest.importorskip("gymnasium")
    from cardwars.envs.gymnasium import CardwarsEnv

    env: Any = None
    armed: list[bool] = []

    class Meddler:
        def choose(self, observation: Any, legal_moves: Any, rng: Any) -> Any:
            if armed:
                state = env.game_state
                if meddle == "apply":
                    state.apply_actions({s: state.legal_actions(s)[0] for s in state.to_act})
                else:
                    state.undo()
            return legal_moves[0]

    env = CardwarsEnv("guerrilla", opponent=Meddler(), players=3)
    _, info = env.reset(seed=2)
    for _ in range(2):
        _, _, _, _, info = env.step(int(info["action_mask"].argmax()))
    assert not env.game_state.is_over and len(env.game_state.history) >= 2
    before = gym_snapshot(env)
    armed.append(True)
    with pytest.raises(UsageError, match="changed the env's game state from its choose"):
        env.step(int(info["action_mask"].argmax()))
    after = gym_snapshot(env)
    assert after[0] == before[0] and after[0].history == before[0].history
    assert after[1:] == before[1:]
    armed.clear()
    env.step(int(info["action_mask"].argmax()))  # and it plays on


# --- the OpenSpiel adapter (item 4) ------------------------------------------------------------
@pytest.fixture
def spiel_game() -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    from cardwars.envs import openspiel  # noqa: F401  # registers the games

    return pyspiel.load_game("cardwars_guerrilla", {"players": 3, "num_deals": 10})


def test_openspiel_a_joint_action_of_the_wrong_length_is_a_usage_error(spiel_game: Any) -> None:
    state = spiel_game.new_initial_state()
    state.apply_action(4)
    before = state.serialize()
    for joint in ([0], [0, 0], [0, 0, 0, 0]):
        with pytest.raises(UsageError, match=r"one action per player \(3\), got"):
            state.apply_actions(joint)
        assert state.serialize() == before


def test_openspiel_a_deal_out_of_range_is_an_illegal_move(spiel_game: Any) -> None:
    from cardwars.errors import IllegalMoveError

    state = spiel_game.new_initial_state()
    with pytest.raises(IllegalMoveError, match=r"chance outcome 0\.\.9, got 10"):
        state.apply_action(10)
    assert state.is_chance_node()


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        "{" * 100_000,
        "",
        "null",
        "[]",
        '{"deal": 2.0, "steps": []}',
        '{"deal": true, "steps": []}',
        '{"deal": 10, "steps": []}',
        '{"deal": -1, "steps": []}',
        '{"deal": "3", "steps": []}',
        '{"deal": 3, "steps": {}}',
        '{"deal": 3, "steps": [[1.5]]}',
        '{"deal": 3, "steps": [[true, 0, 0]]}',
        '{"deal": 3, "steps": [[99999999999999999999999, 0, 0]]}',
        '{"deal": 3, "steps": [[]]}',
        '{"deal": 3, "steps": [[0, 0]]}',
        '{"deal": 3, "steps": [[0, 0, 0]], "extra": 1}',
        '{"deal": null, "steps": [[0]]}',
    ],
)
def test_openspiel_deserialize_state_of_malformed_text_is_a_record_error(
    spiel_game: Any, text: str
) -> None:
    with pytest.raises(RecordError, match=r"^not a serialized cardwars_guerrilla state: "):
        spiel_game.deserialize_state(text)


@given(st.text(max_size=40))
def test_openspiel_deserialize_state_lets_only_record_errors_out(text: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from cardwars.envs import openspiel  # noqa: F401

    game = pyspiel.load_game("cardwars_aliwar", {"num_deals": 5})
    with contextlib.suppress(RecordError):
        game.deserialize_state(text)


def test_openspiel_deserialize_state_of_a_value_that_is_no_str_is_a_type_error(
    spiel_game: Any,
) -> None:
    for value in (None, 5, b'{"deal": 1, "steps": []}'):
        with pytest.raises(ArgumentTypeError, match=r"^text must be a str"):
            spiel_game.deserialize_state(value)


@pytest.mark.parametrize("parameter", ["num_deals", "deal_seed"])
@pytest.mark.parametrize("value", [2.0, 2.5, True, "2", None])
def test_openspiel_deal_parameters_of_the_wrong_type_are_type_errors(
    parameter: str, value: Any
) -> None:
    pytest.importorskip("pyspiel")
    from cardwars.envs import openspiel

    with pytest.raises(TypeError, match=rf"^{parameter} must be an int, got"):
        openspiel.load_game("aliwar", **{parameter: value})
    with pytest.raises(TypeError, match=rf"^{parameter} must be an int, got"):
        openspiel.AliwarGame({parameter: value})


def test_openspiel_serialized_states_still_round_trip(spiel_game: Any) -> None:
    state = spiel_game.new_initial_state()
    state.apply_action(2)
    rng = __import__("random").Random(5)
    while not state.is_terminal() and len(state.serialize()) < 400:
        if state.is_simultaneous_node():
            state.apply_actions(
                [rng.choice(state.legal_actions(p)) for p in range(spiel_game.num_players())]
            )
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    again = spiel_game.deserialize_state(state.serialize())
    assert again.serialize() == state.serialize() and str(again) == str(state)


# --- a second thread, deterministically (item 2) -----------------------------------------------
class Gate:
    """Holds a call in another thread until released: ``inside`` is set once it waits."""

    def __init__(self) -> None:
        self.inside = threading.Event()
        self.release = threading.Event()

    def hold(self) -> None:
        self.inside.set()
        assert self.release.wait(10)


def test_aec_env_observe_while_another_thread_steps_it_is_a_busy_error() -> None:
    pytest.importorskip("pettingzoo")
    from cardwars.envs.pettingzoo import env

    aec = env("guerrilla", players=3)
    aec.reset(seed=1)
    gate = Gate()
    table: Any = aec._match
    legal = table.legal

    def held_legal(seat: int, action: Any) -> Any:
        gate.hold()
        return legal(seat, action)

    table.legal = held_legal  # the step waits inside, between its reads and its commit
    agent = aec.agent_selection
    action = int(aec.observe(agent)["action_mask"].argmax())
    stepper = threading.Thread(target=aec.step, args=(action,))
    stepper.start()
    try:
        assert gate.inside.wait(10)
        with pytest.raises(UsageError, match="used from two threads at once"):
            aec.observe(agent)
        with pytest.raises(UsageError, match="used from two threads at once"):
            aec.state()
    finally:
        gate.release.set()
        stepper.join()
    assert aec.agent_selection != agent  # the step went through, alone
    aec.observe(agent)


@pytest.mark.parametrize("call", ["undo", "play", "view", "state"])
def test_table_called_while_another_thread_plays_it_is_a_busy_error_and_changes_nothing(
    call: str,
) -> None:
    gate = Gate()
    armed: list[bool] = []

    class Held:
        def choose(self, observation: Any, legal_moves: Any, rng: Any) -> Any:
            if armed:
                gate.hold()
            return legal_moves[0]

    table = cardwars.Table(aliwar.Aliwar(), {1: Held()}, seed=3)
    interpreted = cardwars.Table(aliwar.Aliwar(), {1: Held()}, seed=3)
    for _ in range(2):
        move = table.view(0).legal_moves[0]
        table.play({0: move})
        interpreted.play({0: move})
    move = table.view(0).legal_moves[0]
    armed.append(True)
    player = threading.Thread(target=table.play, args=({0: move},))
    player.start()
    try:
        assert gate.inside.wait(10)
        calls: dict[str, Callable[[], object]] = {
            "undo": table.undo,
            "play": lambda: table.play({0: move}),
            "view": lambda: table.view(0),
            "state": lambda: table.state,
        }
        with pytest.raises(UsageError, match="used from two threads at once"):
            calls[call]()
    finally:
        gate.release.set()
        player.join()
    interpreted.play({0: move})
    assert table.state == interpreted.state and table.state.history == interpreted.state.history
    armed.clear()
    move = table.view(0).legal_moves[0]
    table.play({0: move})  # the RNGs stand where the position does: the games go on alike
    interpreted.play({0: move})
    assert table.state == interpreted.state
