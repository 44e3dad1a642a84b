"""Misuse of the API around the engine: clear errors, nothing changed (issue 34).

Each test is one of the issue's attacks, now a regression test on both backends (the
``backend`` fixture): records and wire documents of the wrong type, the OpenSpiel
adapter's malformed input, the Gymnasium env's failing or meddling opponents, the
native vector env after ``close()`` and beyond its memory bound, a ``simulate``
progress callback that raises, and a Table re-entered from its own agent.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardwars
from cardwars import records
from cardwars.errors import ArgumentTypeError, CardwarsError, RecordError, UsageError

RECORD = records.dumps(cardwars.play(cardwars.load_game("aliwar"), ["random", "random"], seed=3))


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
    try:
        records.loads(bytearray(text.encode() if isinstance(text, str) else text))
    except RecordError:
        pass


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
    from cardwars.envs.vector import CardwarsVectorEnv

    env = CardwarsVectorEnv(3, "aliwar", opponent="random")
    env.reset(seed=1)
    actions = env.sample_actions()
    env.close()
    calls = [
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
