"""No Python callback and no second thread can corrupt a state (issue 21, items 1 and 2).

The attacks live in :mod:`tests.reentry_attacks` and run in a child process, so that a
compiled step reading out of bounds fails its test instead of ending the test run:

* the audit's attack: the Parallel env's keyed step handed a key whose ``__eq__`` steps
  the same state during the lookup, then rewrites the step to what is legal after it;
* Hypothesis-drawn hostile values (``__eq__``, ``__hash__``, ``__index__``, ``__int__``,
  a mapping's ``items``/``get``/``__getitem__``, an opponent's ``choose``) at every entry
  point that reads a caller's value in the middle of a step;
* four threads stepping one state, and one Parallel env, with a thread switch every
  microsecond.

Each one then checks that only library errors escaped and that every state is still
valid (record, replay, pickle, observations, encodings). The guard itself
(:mod:`cardwars.exclusive`) is tested in-process.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import cardwars
from cardwars import exclusive
from cardwars.errors import IllegalMoveError, UsageError
from tests import builds, sizes

ROOT = Path(__file__).resolve().parents[1]

GAMES = [("aliwar", 2), ("guerrilla", 2), ("guerrilla", 3), ("guerrilla", 4)]
ALL_GAMES = [*GAMES, ("clone-war", 2), ("clone-war", 4)]


def run_attack(backend: str, kind: str, name: str, players: int, count: int) -> str:
    """Run one attack of tests.reentry_attacks in a child process on ``backend``."""
    env = dict(os.environ)
    env.pop("CARDWARS_PURE_PYTHON", None)
    if backend == "python":
        env.pop("CARDWARS_REQUIRE_EXTENSION", None)
        env["CARDWARS_PURE_PYTHON"] = "1"
    else:
        env["CARDWARS_REQUIRE_EXTENSION"] = "1"
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    child = subprocess.run(
        [sys.executable, "-m", "tests.reentry_attacks", kind, name, str(players), str(count)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=600,
        check=False,
    )
    assert child.returncode == 0, (
        f"the {kind} attack on {name} ({players}p, {backend}) ended with status "
        f"{child.returncode}:\n{child.stdout[-3000:]}\n{child.stderr[-6000:]}"
    )
    assert child.stdout.startswith("ok "), child.stdout
    return child.stdout


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_key_that_steps_the_state_during_the_keyed_lookup(
    name: str, players: int, backend: str
) -> None:
    seeds = sizes.sized(150, 20) if backend == "compiled" else sizes.sized(60, 15)
    out = run_attack(backend, "keyed", name, players, seeds)
    fired = int(out.split(" callbacks")[0].rsplit(" ", 1)[1])
    assert fired > 0, out  # the attack did reach the lookup


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), ALL_GAMES)
def test_hostile_values_at_every_entry_point(name: str, players: int, backend: str) -> None:
    examples = sizes.sized(600, 60) if backend == "compiled" else sizes.sized(200, 40)
    run_attack(backend, "fuzz", name, players, examples)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), [("aliwar", 2), ("guerrilla", 4), ("clone-war", 3)])
def test_four_threads_on_one_state(name: str, players: int, backend: str) -> None:
    run_attack(backend, "threads", name, players, sizes.sized(40, 6))


# --- threads on tables, envs and determinization (issue 34, item 2) ----------------------
@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), [("aliwar", 2), ("guerrilla", 3)])
def test_threads_sharing_one_table_get_busy_errors_and_its_agents_rngs_follow_its_position(
    name: str, players: int, backend: str
) -> None:
    # Two threads play and undo, two view: only library errors (never IndexError), the
    # table stays valid, and a fresh table given the same people's moves plays the same
    # game on from there (the agents' RNGs stand at the table's decision).
    run_attack(backend, "table-threads", name, players, sizes.sized(40, 3))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), [("aliwar", 2), ("guerrilla", 3)])
def test_threads_observing_the_aec_env_while_one_steps_it_get_busy_errors(
    name: str, players: int, backend: str
) -> None:
    run_attack(backend, "aec-threads", name, players, sizes.sized(40, 3))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), [("aliwar", 2), ("guerrilla", 3)])
def test_threads_determinizing_a_state_while_one_steps_and_undoes_it_get_consistent_worlds(
    name: str, players: int, backend: str
) -> None:
    # Guerrilla's determinize raced step()/undo() into InconsistentError or ValueError('a
    # card appears more than once'): now each world is of a position the state was at,
    # or the call is refused with the busy error.
    run_attack(backend, "determinize-threads", name, players, sizes.sized(20, 2))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), [("aliwar", 2), ("guerrilla", 3), ("clone-war", 3)])
def test_threads_that_only_read_one_state_never_get_an_error(
    name: str, players: int, backend: str
) -> None:
    run_attack(backend, "readers", name, players, sizes.sized(10, 1))


# --- the guard ---------------------------------------------------------------------------
class Counter:
    """A step and a read that each call ``inner`` first, once (then it is cleared)."""

    def __init__(self) -> None:
        self.value = 0
        self.inner: Any = None

    def _call_inner(self) -> None:
        inner, self.inner = self.inner, None
        if inner is not None:
            inner()

    @exclusive.step
    def bump(self) -> int:
        self._call_inner()
        self.value += 1
        return self.value

    @exclusive.read
    def look(self) -> int:
        self._call_inner()
        return self.value


def test_a_step_inside_a_call_of_the_same_object_is_refused() -> None:
    counter = Counter()
    counter.inner = counter.bump
    with pytest.raises(UsageError, match="not thread-safe"):
        counter.look()
    counter.inner = counter.bump
    with pytest.raises(UsageError, match="re-entered from a callback"):
        counter.bump()
    assert counter.value == 0
    assert counter.bump() == 1  # the guard let go after each refusal


def test_reads_of_two_threads_share_an_object_and_a_step_waits_for_neither() -> None:
    counter = Counter()
    inside, release = threading.Event(), threading.Event()

    def hold() -> None:
        inside.set()
        release.wait(10)

    counter.inner = hold
    holder = threading.Thread(target=counter.look)
    holder.start()
    assert inside.wait(10)
    try:
        assert counter.look() == 0  # a second reader, from this thread: shared
        with pytest.raises(UsageError, match="used from two threads at once"):
            counter.bump()  # a step while another thread reads: refused
    finally:
        release.set()
        holder.join()
    assert counter.bump() == 1  # the last reader let go
    assert exclusive._IN_USE == {}


def test_reads_nest_inside_a_step_and_other_objects_are_free() -> None:
    counter, other = Counter(), Counter()
    counter.inner = counter.look
    assert counter.bump() == 1
    counter.inner = other.bump
    assert counter.bump() == 2 and other.value == 1


def test_another_thread_is_refused_while_a_call_runs() -> None:
    counter = Counter()
    inside, release = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def hold() -> None:
        inside.set()
        release.wait(10)

    counter.inner = hold
    holder = threading.Thread(target=counter.bump)
    holder.start()
    assert inside.wait(10)
    for call in (counter.bump, counter.look):
        try:
            call()
        except UsageError as exc:
            errors.append(exc)
    release.set()
    holder.join()
    assert len(errors) == 2
    assert counter.value == 1
    assert counter.bump() == 2


def test_the_busy_error_is_the_same_on_both_backends(backend: str) -> None:
    state = cardwars.load_game("aliwar").new_game(seed=3)
    step = {seat: state.legal_actions(seat)[0] for seat in state.to_act}

    armed: list[bool] = []

    class Meddling(int):
        def __hash__(self) -> int:
            if armed:
                state.apply_actions(step)  # refused: the machine is in the middle of a step
            return int.__hash__(self)

    moves = {Meddling(0): state.legal_moves(0)[0], 1: state.legal_moves(1)[0]}
    before = state.copy()
    armed.append(True)
    with pytest.raises((UsageError, IllegalMoveError)) as info:
        state.apply(moves)
    assert state == before
    if isinstance(info.value, UsageError):
        assert str(info.value) == exclusive.BUSY


def test_a_clone_war_machine_refuses_a_battle_after_the_end(backend: str) -> None:
    final = cardwars.play(cardwars.load_game("clone-war"), ["random", "random"], seed=5)
    machine = final.machine  # the face never asks, but a racing thread could
    before = machine.key()
    assert machine.apply_actions({}) is False
    assert machine.apply_keyed({}, ("a", "b")) is False
    assert machine.key() == before
    table = builds.current.WholeGame([[0, 1], []], [], 0, 0, 0, 0, 0, 10000, 0)
    with pytest.raises(ValueError, match="over"):  # one seat holds every card: over at once
        table.battle()


@pytest.mark.parametrize("fault", ["illegal", "missing"])
@pytest.mark.parametrize("name", ["aliwar", "guerrilla"])
def test_an_illegal_action_while_another_thread_steps_gets_a_consistent_error(
    name: str, fault: str, backend: str
) -> None:
    # The error paths read a seat's legal moves and their actions. Another thread stepping the
    # state between two such reads made them disagree: the message's pairing of the two
    # escaped as a ValueError (a four-thread CI run), or the error's fields contradicted each
    # other. One read gives both now: here the first read of the actions steps the state, as
    # that thread would.
    game = cardwars.load_game(name)
    state = game.new_game(seed=42)
    seat = min(state.to_act)
    before = state.legal_actions(seat)
    step = {s: state.legal_actions(s)[0] for s in state.to_act}
    given = {**step, seat: next(a for a in range(game.num_actions) if a not in before)}
    if fault == "missing":  # the first polled seat has no action: its legal ones are shown
        given = {s: a for s, a in step.items() if s != seat}
    stepped: list[bool] = []
    base: Any = type(state)

    class Racing(base):  # type: ignore[misc]  # a State has __slots__: no instance patch
        __slots__ = ()

        def legal_actions(self, player: int) -> tuple[int, ...]:
            if not stepped:
                stepped.append(True)
                self.apply_actions(step)
            actions: tuple[int, ...] = super().legal_actions(player)
            return actions

    state.__class__ = Racing
    with pytest.raises(IllegalMoveError) as info:
        state.apply_actions(given)
    assert stepped
    error = info.value
    assert error.seat == seat
    assert error.legal_actions
    assert len(error.legal) == len(error.legal_actions)
    assert error.legal == tuple(str(game.action_to_move(a)) for a in error.legal_actions)
