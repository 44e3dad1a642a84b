"""Hostile callbacks against one state, run in a child process by test_reliability_reentry.

A compiled step that let a caller's code run between its check and its commit could
corrupt memory, so these attacks run where a segfault ends only the child: the test
fails on its exit status. ``python -m tests.reentry_attacks KIND GAME PLAYERS COUNT``
runs one attack and prints ``ok`` and its counts:

``keyed``
    The machine's keyed step (``apply_keyed``, the Parallel env's fast path; the env
    itself now drops keys that are not ``str``), handed a key that equals ``"player_1"``
    (same hash) and steps the same state from its ``__eq__`` during the lookup (the
    audit's attack), over ``COUNT`` seeds; the callback then rewrites the step to what is
    legal after its own step.
``fuzz``
    ``COUNT`` Hypothesis examples: every entry point that reads a caller's value
    (``apply``, ``apply_actions``, the seat readers, the PettingZoo and Gymnasium steps)
    handed a value whose ``__eq__``, ``__hash__``, ``__index__``, ``__int__``, a mapping
    whose ``items``/``get``/``__getitem__``, or an opponent whose ``choose`` steps, reads
    or copies the same state.
``threads``, ``table-threads``, ``aec-threads``, ``determinize-threads``, ``readers``
    Threads sharing one state, one :class:`~cardwars.table.Table`, one AEC env, or one state
    that two threads determinize while a third steps and undoes it (issue 34, item 2),
    with a thread switch every microsecond; ``readers``: threads that only read one
    state, which must never see an error.

After every call: only library errors escaped, and the state is valid (its record
round-trips, replaying its history on a fresh deal gives it back, every seat's
observation and encoding can be read, a pickle gives an equal state).
"""

from __future__ import annotations

import contextlib
import importlib.util
import pickle
import random
import sys
import time
from array import array
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import cardwars
from cardwars import records
from cardwars.engine import Game, GameState
from cardwars.errors import CardwarsError
from cardwars.vectors import EncodedState

# The env attacks need the envs' extras (NumPy, PettingZoo, Gymnasium); without them
# (a plain ``[test]`` install) the state's own entry points are attacked alone.
HAVE_PETTINGZOO = importlib.util.find_spec("pettingzoo") is not None
HAVE_GYMNASIUM = importlib.util.find_spec("gymnasium") is not None

Act = Callable[[], None]


def check_valid(game: Game[Any, Any], state: GameState[Any]) -> None:
    """Raise AssertionError unless ``state`` is a position its own history reaches."""
    assert records.loads(records.dumps(state), game) == state
    replayed = game.new_game(state.seed)
    for step in state.history:
        replayed.apply(dict(step))
    assert replayed == state, "the history does not replay to the state"
    assert pickle.loads(pickle.dumps(state)) == state
    for seat in range(state.players):
        state.observation(seat)
        state.legal_moves(seat)
    if isinstance(state, EncodedState):  # Aliwar and Guerrilla: the machine's encoders
        encode_all(game, state)


def encode_all(game: Game[Any, Any], state: EncodedState) -> None:
    """Every seat's vector, the state's and every seat's rows into plain buffers."""
    encoding = game.encoding()  # type: ignore[attr-defined]
    size, state_size = len(encoding.high), len(encoding.state_high)
    for seat in range(game.players):
        state.encode_into(seat, array("f", bytes(4 * size)))
    state.encode_state_into(array("f", bytes(4 * state_size)))
    state.encode_seats_into(
        array("f", bytes(4 * size * game.players)),
        array("b", bytes(game.num_actions * game.players)),
    )


def legal_step(state: GameState[Any], last: bool = False) -> dict[int, int]:
    return {seat: state.legal_actions(seat)[-1 if last else 0] for seat in sorted(state.to_act)}


def racy_step(state: GameState[Any], last: bool) -> dict[int, int] | None:
    """:func:`legal_step` while other threads step the state: None when a seat read as
    polled has no legal action by the time its actions are read."""
    step = {}
    for seat in sorted(state.to_act):
        legal = state.legal_actions(seat)
        if not legal:
            return None
        step[seat] = legal[-1 if last else 0]
    return step


def stepper(state: GameState[Any], kind: str, swallow: bool) -> Act:
    """What a hostile callback does to ``state``: step it, read it, or copy and step a copy."""

    def act() -> None:
        try:
            if state.is_over:
                return
            if kind == "step":
                state.apply_actions(legal_step(state, last=True))
            elif kind == "read":
                for seat in range(state.players):
                    state.observation(seat)
                    state.legal_actions(seat)
            else:
                other = state.copy()
                other.apply_actions(legal_step(other, last=True))
        except CardwarsError:
            if not swallow:
                raise

    return act


class HostileInt(int):
    """An int whose dunder methods (one chosen) run ``act`` before answering."""

    act: Act = staticmethod(lambda: None)
    fires: frozenset[str] = frozenset()

    def _fire(self, name: str) -> None:
        if name in self.fires:
            self.act()

    def __index__(self) -> int:
        self._fire("__index__")
        return int.__int__(self)

    def __int__(self) -> int:
        self._fire("__int__")
        return int.__int__(self)

    def __eq__(self, other: object) -> bool:
        self._fire("__eq__")
        return int.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        self._fire("__eq__")
        return int.__ne__(self, other)

    def __hash__(self) -> int:
        self._fire("__hash__")
        return int.__hash__(self)

    def __lt__(self, other: int) -> bool:
        self._fire("__eq__")
        return int.__lt__(self, other)

    def __repr__(self) -> str:
        raise RuntimeError("a repr that must never be called")


def hostile(value: int, act: Act, fires: str) -> HostileInt:
    kind = type("Hostile", (HostileInt,), {"act": staticmethod(act), "fires": frozenset({fires})})
    made: HostileInt = kind(value)
    return made


class HostileMapping(Mapping[Any, Any]):
    """A mapping whose ``items``/``get``/``__getitem__``/``__iter__`` runs ``act`` once."""

    def __init__(self, data: dict[Any, Any], act: Act, fires: str) -> None:
        self._data, self._act, self._fires = data, act, fires

    def _fire(self, name: str) -> None:
        if name == self._fires:
            self._fires = ""
            self._act()

    def __getitem__(self, key: Any) -> Any:
        self._fire("__getitem__")
        return self._data[key]

    def get(self, key: Any, default: Any = None) -> Any:
        self._fire("get")
        return self._data.get(key, default)

    def items(self) -> Any:
        self._fire("items")
        return self._data.items()

    def __iter__(self) -> Iterator[Any]:
        self._fire("__iter__")
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


class KeyEqualTo:
    """A dict key with the hash of ``name`` that runs ``act`` when compared with it."""

    def __init__(self, name: str, act: Act) -> None:
        self.name, self.act = name, act

    def __hash__(self) -> int:
        return hash(self.name)

    def __eq__(self, other: object) -> bool:
        if other == self.name:
            self.act()
        return other == self.name


# --- the audit's attack, over many seeds --------------------------------------------------
def keyed_attack(name: str, players: int, seeds: int) -> str:
    fired = refused = 0
    options = {} if name == "aliwar" else {"players": players}
    game = cardwars.load_game(name, **options)
    keys = tuple(f"player_{seat}" for seat in range(game.players))
    for seed in range(seeds):
        state = game.new_game(seed)
        machine = state._m
        for _ in range(80):
            if state.is_over:
                break
            polled = sorted(state.to_act)
            actions: dict[Any, int] = {keys[s]: state.legal_actions(s)[0] for s in polled}
            if 1 in polled:
                act = stepper(state, "step", swallow=True)
                key = KeyEqualTo("player_1", lambda: None)

                def steps_then_rewrites(
                    act: Act = act,
                    actions: dict[Any, int] = actions,
                    state: GameState[Any] = state,
                    key: KeyEqualTo = key,
                ) -> None:
                    nonlocal fired
                    fired += 1
                    act()
                    if 1 in state.to_act and not state.is_over:
                        actions[key] = state.legal_actions(1)[0]  # legal after the step

                key.act = steps_then_rewrites
                actions[key] = actions.pop("player_1")
            try:
                if not machine.apply_keyed(actions, keys) and not state.is_over:
                    state.apply_actions(legal_step(state))
            except CardwarsError:
                refused += 1
                state.apply_actions(legal_step(state))
            encode_all(game, state)
        check_valid(game, state)
    return f"ok keyed {name} {players}p: {seeds} games, {fired} callbacks, {refused} refused"


# --- every entry point, with Hypothesis -------------------------------------------------
GAMES = {"aliwar": (2,), "guerrilla": (2, 3, 4), "clone-war": (2, 3, 4)}
ENTRIES = (
    "apply_seat_key",
    "apply_actions_value",
    "apply_actions_mapping",
    "apply_mapping",
    "seat_readers",
    "parallel_key",
    "parallel_value",
    "aec_value",
    "gym_value",
    "gym_opponent",
)
DUNDERS = ("__eq__", "__hash__", "__index__", "__int__")
ACTS = ("step", "read", "copy")


def attack(game: Game[Any, Any], entry: str, seed: int, before: int, data: Any) -> None:
    """Deal ``game`` from ``seed``, play ``before`` steps, then run one hostile call."""
    fires = data.draw(st.sampled_from(DUNDERS), label="dunder")
    kind = data.draw(st.sampled_from(ACTS), label="act")
    swallow = data.draw(st.booleans(), label="swallow")
    clone_war = game.name == "clone-war"
    missing = (entry.startswith(("parallel", "aec")) and not HAVE_PETTINGZOO) or (
        entry.startswith("gym") and not HAVE_GYMNASIUM
    )
    if entry.startswith(("parallel", "aec", "gym")) and (clone_war or missing):
        entry = "apply_mapping"
    if entry.startswith("parallel"):
        _parallel(game, entry, seed, before, fires, kind, swallow)
        return
    if entry.startswith("aec"):
        _aec(game, seed, before, fires, kind, swallow)
        return
    if entry.startswith("gym"):
        _gym(game, entry, seed, before, fires, kind, swallow)
        return
    state = game.new_game(seed)
    for _ in range(before):
        if state.is_over:
            break
        state.apply_actions(legal_step(state))
    act = stepper(state, kind, swallow)
    step = legal_step(state)
    try:
        if entry == "apply_seat_key" and step:
            seat = min(step)
            moves: dict[Any, Any] = {s: state.legal_moves(s)[0] for s in step}
            moves[hostile(seat, act, fires)] = moves.pop(seat)
            state.apply(moves)
        elif entry == "apply_actions_value" and step:
            seat = max(step)
            step_: dict[int, Any] = dict(step)
            step_[seat] = hostile(step[seat], act, fires)
            state.apply_actions(step_)
        elif entry in ("apply_actions_mapping", "apply_mapping"):
            where = data.draw(st.sampled_from(("items", "get", "__getitem__", "__iter__")))
            if entry == "apply_mapping":
                given: dict[int, Any] = {s: state.legal_moves(s)[0] for s in step}
                state.apply(HostileMapping(given, act, where))
            else:
                state.apply_actions(HostileMapping(dict(step), act, where))
        else:
            seat = data.draw(st.integers(0, state.players - 1), label="seat")
            method = data.draw(
                st.sampled_from(("legal_moves", "legal_actions", "action_mask", "observation"))
            )
            getattr(state, method)(hostile(seat, act, fires))
    except CardwarsError:
        pass
    check_valid(game, state)


def _parallel(
    game: Game[Any, Any], entry: str, seed: int, before: int, fires: str, kind: str, sw: bool
) -> None:
    from cardwars.envs.pettingzoo import parallel_env

    env = parallel_env(game)
    env.reset(seed=seed)
    state = env.game_state
    for _ in range(before):
        if state.is_over or not env.agents:
            return
        env.step({f"player_{s}": a for s, a in legal_step(state).items()})
    if state.is_over or not env.agents:
        return
    act = stepper(state, kind, sw)
    actions: dict[Any, Any] = {f"player_{s}": a for s, a in legal_step(state).items()}
    seat = max(state.to_act)
    if entry == "parallel_key":

        def act_then_rewrite() -> None:
            act()  # then the value under the key: what is legal after the callback's step
            if seat in state.to_act and not state.is_over:
                actions[key] = state.legal_actions(seat)[0]

        key = KeyEqualTo(f"player_{seat}", act_then_rewrite)
        actions[key] = actions.pop(f"player_{seat}")
    else:
        actions[f"player_{seat}"] = hostile(actions[f"player_{seat}"], act, fires)
    with contextlib.suppress(CardwarsError):
        env.step(actions)
    check_valid(game, state)


def _aec(game: Game[Any, Any], seed: int, before: int, fires: str, kind: str, sw: bool) -> None:
    from cardwars.envs.pettingzoo import env as aec_env

    env = aec_env(game)
    env.reset(seed=seed)
    state = env.game_state
    for _ in range(before):
        if state.is_over or not env.agents:
            return
        seat = int(env.agent_selection.rsplit("_", 1)[1])
        env.step(state.legal_actions(seat)[0])
    if state.is_over or not env.agents:
        return
    seat = int(env.agent_selection.rsplit("_", 1)[1])
    with contextlib.suppress(CardwarsError):
        env.step(hostile(state.legal_actions(seat)[0], stepper(state, kind, sw), fires))
    check_valid(game, state)


def _gym(
    game: Game[Any, Any], entry: str, seed: int, before: int, fires: str, kind: str, sw: bool
) -> None:
    from cardwars.engine.interfaces import Agent
    from cardwars.envs.gymnasium import CardwarsEnv

    holder: list[GameState[Any]] = []

    class Meddler(Agent):
        """An opponent whose choose() also meddles with the state."""

        def choose(self, observation: Any, legal: Any, rng: Any) -> Any:
            if holder:
                stepper(holder[0], kind, sw)()
            return legal[0] if legal else None  # another choose() may have stepped

    opponent: Agent | str = Meddler() if entry == "gym_opponent" else "random"
    env = CardwarsEnv(game, opponent=opponent)
    env.reset(seed=seed)
    state = env.game_state
    for _ in range(before):
        if state.is_over:
            return
        env.step(state.legal_actions(0)[0])
    if state.is_over:
        return
    holder.append(state)
    action: Any = state.legal_actions(0)[0]
    if entry == "gym_value":
        action = hostile(action, stepper(state, kind, sw), fires)
    with contextlib.suppress(CardwarsError):
        env.step(action)
    check_valid(game, state)


def fuzz(name: str, players: int, examples: int) -> str:
    options = {} if name == "aliwar" else {"players": players}
    game = cardwars.load_game(name, **options)

    @settings(max_examples=examples, database=None, deadline=None, derandomize=True)
    @given(
        entry=st.sampled_from(ENTRIES),
        seed=st.integers(0, 2**32),
        before=st.integers(0, 12),
        data=st.data(),
    )
    def run(entry: str, seed: int, before: int, data: Any) -> None:
        attack(game, entry, seed, before, data)

    run()
    return f"ok fuzz {name} {players}p: {examples} examples"


# --- threads --------------------------------------------------------------------------
def threads_attack(name: str, players: int, games: int) -> str:
    """Four threads step, read and copy one shared state (and one shared Parallel env),
    with a thread switch every microsecond: only library errors, and valid states."""
    import threading

    options = {} if name == "aliwar" else {"players": players}
    game = cardwars.load_game(name, **options)
    foreign: list[BaseException] = []
    refused = [0]

    def hammer(work: Callable[[], bool]) -> None:
        def loop() -> None:
            for _ in range(400):
                try:
                    if not work():
                        return
                except CardwarsError:
                    refused[0] += 1
                except BaseException as exc:  # anything else fails the attack
                    foreign.append(exc)
                    return

        threads = [threading.Thread(target=loop) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for seed in range(games):
            state = game.new_game(seed)

            def on_state(state: GameState[Any] = state, seed: int = seed) -> bool:
                if state.is_over:
                    return False
                step = racy_step(state, last=seed % 2 == 1)
                if step is not None:
                    state.apply_actions(step)
                state.observation(seed % state.players)
                state.copy()
                return True

            hammer(on_state)
            check_valid(game, state)
            if name == "clone-war" or not HAVE_PETTINGZOO:
                continue
            from cardwars.envs.pettingzoo import parallel_env

            env = parallel_env(game)
            env.reset(seed=seed)
            shared = env.game_state

            def on_env(env: Any = env, shared: GameState[Any] = shared) -> bool:
                if not env.agents or shared.is_over:
                    return False
                step = racy_step(shared, last=False)
                if step is not None:
                    env.step({f"player_{s}": a for s, a in step.items()})
                return True

            hammer(on_env)
            check_valid(game, shared)
    finally:
        sys.setswitchinterval(old)
    if foreign:
        import traceback

        traceback.print_exception(foreign[0])
        raise AssertionError(f"{len(foreign)} foreign exceptions, the first: {foreign[0]!r}")
    return f"ok threads {name} {players}p: {games} games, {refused[0]} calls refused"


# --- threads on the objects above a state (issue 34, item 2) ------------------------------
def _race(workers: list[Callable[[random.Random], bool]], rounds: int, seed: int) -> list[int]:
    """Run each worker in its own thread, ``rounds`` times or until it returns False, with a
    thread switch every microsecond; return the library errors per worker. Anything else
    fails the attack."""
    import threading

    refused = [0] * len(workers)
    foreign: list[BaseException] = []
    start = threading.Barrier(len(workers))

    def run(index: int) -> None:
        rng = random.Random(seed * 101 + index)
        start.wait()
        for _ in range(rounds):
            try:
                if not workers[index](rng):
                    return
            except CardwarsError:
                refused[index] += 1
            except BaseException as exc:  # anything else fails the attack
                foreign.append(exc)
                return

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=run, args=(i,)) for i in range(len(workers))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(old)
    if foreign:
        import traceback

        traceback.print_exception(foreign[0])
        raise AssertionError(f"{len(foreign)} foreign exceptions, the first: {foreign[0]!r}")
    return refused


def _same_game_from_the_peoples_moves(table: Any, game: Game[Any, Any], seed: int) -> None:
    """A fresh table given the people's moves of ``table``'s history plays the very same
    game: its agents' RNGs stood where its position did."""
    from cardwars import Table

    history = table.state.history
    fresh = Table(
        game,
        {seat: "random" for seat in range(game.players) if seat not in table.people},
        seed=seed,
    )
    for step in history:
        people = {seat: move for seat, move in step.items() if seat in table.people}
        if people:
            fresh.play(people)
    assert fresh.state.history == history, "the agents' RNGs and the position disagree"
    assert fresh.state == table.state
    for _ in range(12):  # and they play on alike: the RNGs stand at the same decision
        if table.is_over:
            break
        polled = sorted(set(table.waiting_for) | set(fresh.waiting_for))
        moves = {}
        for seat in polled:
            view = table.view(seat)
            moves[seat] = view.pending if view.pending is not None else view.legal_moves[0]
        table.play({seat: moves[seat] for seat in table.waiting_for})
        fresh.play(moves)
        assert fresh.state == table.state and fresh.state.history == table.state.history


def table_threads_attack(name: str, players: int, games: int) -> str:
    """Four threads share one Table: two play and undo, two view and read; then the table
    is valid and its agents' RNGs agree with its position."""
    from cardwars import Table

    options = {} if name == "aliwar" else {"players": players}
    game = cardwars.load_game(name, **options)
    people = {0} if players == 2 else {0, players - 1}
    agents = {seat: "random" for seat in range(players) if seat not in people}
    total = [0, 0]
    for seed in range(games):
        table = Table(game, agents, seed=seed)

        def player(rng: random.Random, table: Any = table) -> bool:
            if table.is_over:
                return False
            if rng.random() < 0.3 and table.can_undo:
                table.undo()
                return True
            for seat in table.waiting_for:
                legal = table.view(seat).legal_moves
                if legal:
                    table.play({seat: legal[rng.randrange(len(legal))]})
            return True

        def reader(rng: random.Random, table: Any = table) -> bool:
            time.sleep(rng.random() * 1e-4)  # leave the players gaps between reads
            seat = rng.choice(sorted(table.people))
            view = table.view(seat, since=0)
            assert view.seat == seat and view.steps >= 0
            table.state.copy()
            return not table.is_over

        refused = _race([player, player, reader, reader], 200, seed)
        total[0] += refused[0] + refused[1]
        total[1] += refused[2] + refused[3]
        check_valid(game, table.state)
        _same_game_from_the_peoples_moves(table, game, seed)
    return f"ok table-threads {name} {players}p: {games} games, {total} calls refused"


def aec_threads_attack(name: str, players: int, games: int) -> str:
    """One thread steps the AEC env, two observe it and read its state: only library
    errors (never an IndexError from observe()), and the state stays valid."""
    if not HAVE_PETTINGZOO:
        return f"ok aec-threads {name} {players}p: skipped (no PettingZoo)"
    import numpy as np

    from cardwars.envs.pettingzoo import env as aec_env

    options = {} if name == "aliwar" else {"players": players}
    game = cardwars.load_game(name, **options)
    refused = [0, 0]
    for seed in range(games):
        aec = aec_env(game)
        aec.reset(seed=seed)

        def stepper_(rng: random.Random, aec: Any = aec) -> bool:
            agent = aec.agent_selection
            if aec.terminations[agent] or aec.truncations[agent]:
                return False
            mask = aec.observe(agent)["action_mask"]
            legal = np.flatnonzero(mask)
            aec.step(int(legal[rng.randrange(len(legal))]) if len(legal) else None)
            return True

        def observer(rng: random.Random, aec: Any = aec) -> bool:
            time.sleep(rng.random() * 1e-4)  # leave the stepper gaps between reads
            agent = rng.choice(aec.possible_agents)
            observation = aec.observe(agent)
            assert observation["action_mask"].shape[0] == game.num_actions
            aec.state()
            return bool(aec.agents) and not aec.game_state.is_over

        counts = _race([stepper_, observer, observer], 300, seed)
        refused[0] += counts[0]
        refused[1] += counts[1] + counts[2]
        check_valid(game, aec.game_state)
    return f"ok aec-threads {name} {players}p: {games} games, {refused} calls refused"


def determinize_threads_attack(name: str, players: int, games: int) -> str:
    """One thread steps and undoes a state while two determinize it: every world is
    consistent (never InconsistentError or a repeated card), refusals are UsageError."""
    options = {} if name == "aliwar" else {"players": players}
    game = cardwars.load_game(name, **options)
    worlds = [0]
    refused = [0, 0]
    for seed in range(games):
        state = game.new_game(seed)

        def mover(rng: random.Random, state: Any = state) -> bool:
            if state.history and rng.random() < 0.35:
                state.undo()
            elif not state.is_over:
                step = racy_step(state, last=rng.random() < 0.5)
                if step is not None:
                    state.apply_actions(step)
            return True

        def sampler(rng: random.Random, state: Any = state) -> bool:
            time.sleep(rng.random() * 1e-4)  # leave the mover gaps between reads
            seat = rng.randrange(state.players)
            world = state.determinize(seat, cardwars.Rng(rng.getrandbits(64)))
            cards = [card for hand in getattr(world, "hands", ()) for card in hand]
            assert len(cards) == len(set(cards)), "a card appears more than once"
            world.observation(seat)
            worlds[0] += 1
            return True

        counts = _race([mover, sampler, sampler], 150, seed)
        refused[0] += counts[0]
        refused[1] += counts[1] + counts[2]
        check_valid(game, state)
    assert worlds[0] > 0
    return (
        f"ok determinize-threads {name} {players}p: {games} games, {worlds[0]} worlds, "
        f"{refused} calls refused"
    )


def readers_attack(name: str, players: int, games: int) -> str:
    """Four threads only read one state (observations, moves, feeds, worlds, copies,
    encodings): not one error, and every answer equals the one a single thread gets."""
    options = {} if name == "aliwar" else {"players": players}
    game = cardwars.load_game(name, **options)
    reads = [0]
    for seed in range(games):
        final = cardwars.play(game, ["random"] * game.players, seed=seed)
        state = game.new_game(seed)
        for step in final.history[: len(final.history) // 2]:
            state.apply(dict(step))
        expected = {
            seat: (state.observation(seat), state.legal_moves(seat), state.events_for(seat))
            for seat in range(state.players)
        }
        worlds = (
            {
                seat: state.determinize(seat, cardwars.Rng(seat)).observation(seat)
                for seat in range(state.players)
            }
            if name != "clone-war"
            else {}
        )
        fresh = state.copy()  # a fresh feed: the readers build it at once
        fresh._feed = None

        def read(
            rng: random.Random,
            state: Any = fresh,
            expected: dict[int, Any] = expected,
            worlds: dict[int, Any] = worlds,
        ) -> bool:
            seat = rng.randrange(state.players)
            assert state.observation(seat) == expected[seat][0]
            assert state.legal_moves(seat) == expected[seat][1]
            assert state.events_for(seat) == expected[seat][2]
            if worlds:
                world = state.determinize(seat, cardwars.Rng(seat))
                assert world.observation(seat) == worlds[seat]
            if isinstance(state, EncodedState):
                encode_all(game, state)
            assert state.copy() == state
            reads[0] += 1
            return True

        refused = _race([read] * 4, 40, seed)
        assert refused == [0, 0, 0, 0], f"a read was refused: {refused}"
    return f"ok readers {name} {players}p: {games} games, {reads[0]} reads"


def main(argv: list[str]) -> int:
    kind, name, players, count = argv[0], argv[1], int(argv[2]), int(argv[3])
    runners = {
        "keyed": keyed_attack,
        "fuzz": fuzz,
        "threads": threads_attack,
        "table-threads": table_threads_attack,
        "aec-threads": aec_threads_attack,
        "determinize-threads": determinize_threads_attack,
        "readers": readers_attack,
    }
    runner = runners[kind]
    print(runner(name, players, count))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
