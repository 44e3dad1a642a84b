"""State machines: legal play interleaved with every rejected call, copies, pickles and records.

One Hypothesis state machine per game deals a game from a drawn seed and drawn options, then
interleaves, in any order:

* legal steps, a move drawn from ``legal_moves`` for every polled seat, or an action drawn
  from ``legal_actions`` (``apply_actions`` must do exactly what ``apply`` does with its move);
* an out-of-range, illegal or non-int action for one seat, which ``apply_actions`` must reject
  with :class:`~cardwars.errors.IllegalMoveError`, changing nothing;
* every kind of call ``apply`` must reject with :class:`~cardwars.errors.IllegalMoveError`: a
  move of the wrong type or value, ``unittest.mock.ANY``, a move subclass that claims to equal
  everything (with out-of-range fields), a mapping that gives a different move on a second
  read, seat keys that are ``str``, ``bool`` or ``float`` or unpolled, missing or out of range,
  a move whose ``__eq__`` or ``__hash__`` raises, any call after the end, non-mapping
  arguments. After each one the state must equal a copy taken before, with the same
  observation for every seat, the same legal moves and the same history;
* ``copy()``, ``copy.copy`` and ``copy.deepcopy``: equal, and independent both ways;
* a pickle round trip: equal, and it goes on exactly as the original (same moves, same events);
* a record round trip (``records.dumps`` / ``records.loads``) gives an equal state, and a
  tampered record raises :class:`~cardwars.errors.RecordError` only.

Card conservation holds after every rule. The promises these tests back are listed in
``docs/reliability.rst``. The example and step counts come from the loaded Hypothesis profile
(``HYPOTHESIS_PROFILE``), capped so that the file stays fast on every profile.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, cast
from unittest.mock import ANY

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from cardwars import aliwar, clone_war, guerrilla, records
from cardwars.cards import Card, Deck
from cardwars.engine import Event, GameState, Move, Observation, Result
from cardwars.errors import IllegalMoveError, RecordError
from tests import builds
from tests.guerrilla.helpers import guerrilla_games

# --- settings ------------------------------------------------------------------------------


def bounded(max_examples: int, steps: int) -> settings:
    """The loaded profile's settings with the example and step counts capped at these."""
    profile = settings()
    return settings(
        profile,
        max_examples=min(profile.max_examples, max_examples),
        stateful_step_count=min(profile.stateful_step_count, steps),
    )


SEEDS = st.integers(0, 2**64 - 1)

# --- hostile objects -----------------------------------------------------------------------


class AlwaysEqualSwitch(aliwar.Switch):
    """An Aliwar ``Switch`` that claims to equal anything and hashes like a legal move."""

    mimic_hash: int

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return self.mimic_hash


class AlwaysEqualPlay(guerrilla.Play):
    """A Guerrilla ``Play`` that claims to equal anything and hashes like a legal move."""

    mimic_hash: int

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return self.mimic_hash


def always_equal_switch(mimic: object) -> AlwaysEqualSwitch:
    """``Switch(a=9, b=-1)``, positions no switch has, past the checks of ``__post_init__``."""
    move = object.__new__(AlwaysEqualSwitch)
    object.__setattr__(move, "a", 9)
    object.__setattr__(move, "b", -1)
    object.__setattr__(move, "mimic_hash", hash(mimic))
    return move


def always_equal_play(mimic: object) -> AlwaysEqualPlay:
    """``Play(card=99)``: not a card at all, past any check of the constructor."""
    move = object.__new__(AlwaysEqualPlay)
    object.__setattr__(move, "card", 99)
    object.__setattr__(move, "mimic_hash", hash(mimic))
    return move


class EqualityBomb(Move):
    """A move whose ``__eq__`` raises (it hashes like seat 0 and ``Decline()``: 0)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("__eq__ of a hostile move")

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "EqualityBomb()"


class HashBomb(Move):
    """A move whose ``__hash__`` raises (its ``__eq__`` is identity)."""

    __slots__ = ()

    def __hash__(self) -> int:
        raise RuntimeError("__hash__ of a hostile move")

    def __repr__(self) -> str:
        return "HashBomb()"


class Bomb(EqualityBomb):
    """A move whose ``__eq__`` and ``__hash__`` both raise."""

    __slots__ = ()

    def __hash__(self) -> int:
        raise RuntimeError("__hash__ of a hostile move")

    def __repr__(self) -> str:
        return "Bomb()"


class FickleMapping(Mapping[Any, object]):
    """A mapping that answers every kind of read from ``first`` once, then from ``later``.

    ``__iter__`` and ``__len__`` answer from ``first`` on their first call; ``__getitem__``
    answers from ``first`` on the first read of each key. Every later read sees ``later``.
    """

    def __init__(self, first: Mapping[Any, object], later: Mapping[Any, object]) -> None:
        self._first = dict(first)
        self._later = dict(later)
        self._iterated = False
        self._measured = False
        self._read: set[Any] = set()

    def __getitem__(self, key: Any) -> object:
        if key in self._read:
            return self._later[key]
        self._read.add(key)
        return self._first[key]

    def __iter__(self) -> Iterator[Any]:
        first, self._iterated = not self._iterated, True
        return iter(self._first if first else self._later)

    def __len__(self) -> int:
        first, self._measured = not self._measured, True
        return len(self._first if first else self._later)

    def __repr__(self) -> str:
        return f"FickleMapping(first={self._first!r}, later={self._later!r})"


class FickleDict(dict[Any, object]):
    """A dict holding ``first``; ``__getitem__`` answers from ``later`` from a key's second read."""

    def __init__(self, first: Mapping[Any, object], later: Mapping[Any, object]) -> None:
        super().__init__(first)
        self._later = dict(later)
        self._read: set[Any] = set()

    def __getitem__(self, key: Any) -> object:
        if key in self._read:
            return self._later[key]
        self._read.add(key)
        return super().__getitem__(key)


JUNK: tuple[object, ...] = (None, 0, 1.5, "Switch(0, 5)", b"Pass", object(), Move(), (), [])
"""Values that are no move of any game."""

NON_MAPPINGS: tuple[object, ...] = (None, 0, "", "01", b"", [], (), object(), frozenset(), ANY)
"""Arguments that are not a seat -> move mapping (pair sequences are built per state)."""

# --- checks --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """Everything a rejected call must leave as it was."""

    state: GameState[Any]
    observations: tuple[Observation, ...]
    legal_moves: tuple[tuple[Move, ...], ...]
    history: tuple[Mapping[int, Move], ...]
    to_act: frozenset[int]
    result: Result | None


def snapshot(state: GameState[Any]) -> Snapshot:
    seats = range(state.players)
    return Snapshot(
        state.copy(),
        tuple(state.observation(seat) for seat in seats),
        tuple(state.legal_moves(seat) for seat in seats),
        state.history,
        state.to_act,
        state.result,
    )


def assert_same(state: GameState[Any], expected: Snapshot, what: str) -> None:
    assert state == expected.state, f"{what}: the state changed"
    assert state.history == expected.history, f"{what}: the history changed"
    assert state.to_act == expected.to_act, f"{what}: to_act changed"
    assert state.result == expected.result, f"{what}: the result changed"
    for seat in range(state.players):
        assert state.legal_moves(seat) == expected.legal_moves[seat], (
            f"{what}: the legal moves of seat {seat} changed"
        )
        assert state.observation(seat) == expected.observations[seat], (
            f"{what}: the observation of seat {seat} changed"
        )


def assert_rejected(state: GameState[Any], moves: object, what: str) -> None:
    """``apply(moves)`` raises IllegalMoveError and leaves everything as it was."""
    before = snapshot(state)
    try:
        state.apply(cast(Any, moves))
    except IllegalMoveError:
        pass
    except Exception as exc:
        raise AssertionError(
            f"{what}: apply({moves!r}) raised {type(exc).__name__}: {exc} "
            "instead of IllegalMoveError"
        ) from exc
    else:
        raise AssertionError(f"{what}: apply({moves!r}) was accepted")
    assert_same(state, before, what)


def assert_equal_states(a: GameState[Any], b: GameState[Any], what: str) -> None:
    """Two states are equal and look the same from every seat."""
    assert a == b, f"{what}: not equal"
    assert a.history == b.history, f"{what}: different histories"
    for seat in range(a.players):
        assert a.observation(seat) == b.observation(seat), f"{what}: seat {seat} sees otherwise"
        assert a.legal_moves(seat) == b.legal_moves(seat), f"{what}: seat {seat} may do otherwise"


# --- the machine shared by the three games -------------------------------------------------


class GameMachine(RuleBasedStateMachine):
    """The rules every game shares; each subclass deals its game and knows its cards."""

    state: GameState[Any]
    play_steps: ClassVar[int] = 6

    # --- what each game provides ---------------------------------------------------------
    def game_moves(self) -> Sequence[Move]:
        """Moves of this game, legal somewhere (filtered against the current legal moves)."""
        raise NotImplementedError

    def always_equal(self, mimic: object) -> Move:
        raise NotImplementedError

    def check_cards(self) -> None:
        raise NotImplementedError

    # --- helpers -------------------------------------------------------------------------
    def legal_step(
        self, data: st.DataObject, state: GameState[Any] | None = None
    ) -> dict[int, Move]:
        state = self.state if state is None else state
        return {
            seat: data.draw(st.sampled_from(state.legal_moves(seat)), label=f"move of seat {seat}")
            for seat in sorted(state.to_act)
        }

    def base_step(self, data: st.DataObject) -> dict[int, object]:
        """A legal step while the game runs and someone is polled; else one move for seat 0."""
        if self.state.is_over or not self.state.to_act:
            return {0: data.draw(st.sampled_from(self.game_moves()), label="move for seat 0")}
        return dict(self.legal_step(data))

    def target_seat(self, data: st.DataObject) -> int:
        """A polled seat, or any seat when nobody is polled."""
        polled = sorted(self.state.to_act)
        if polled:
            return data.draw(st.sampled_from(polled), label="seat")
        return data.draw(st.integers(0, self.state.players - 1), label="seat")

    def illegal_move(self, data: st.DataObject, seat: int) -> object:
        legal = self.state.legal_moves(seat)
        pool = [*JUNK, *(move for move in self.game_moves() if move not in legal)]
        return data.draw(st.sampled_from(pool), label="illegal move")

    def with_move(self, data: st.DataObject, seat: int, move: object) -> dict[int, object]:
        """A legal step for the other polled seats, in which ``seat`` plays ``move``."""
        moves = self.base_step(data) if self.state.to_act else {}
        moves[seat] = move
        return moves

    def advance_both(
        self, data: st.DataObject, a: GameState[Any], b: GameState[Any], what: str
    ) -> None:
        """Apply the same legal step to two equal states: same events, equal results."""
        if a.is_over:
            return
        moves = self.legal_step(data, a)
        events_a = a.apply(moves)
        events_b = b.apply(dict(moves))
        assert events_a == events_b, f"{what}: the same step gave different events"
        assert_equal_states(a, b, f"{what}, after the same step")

    def check_independent(self, data: st.DataObject, other: GameState[Any], what: str) -> None:
        """``other`` equals the state, and playing on either leaves the other as it was."""
        assert_equal_states(other, self.state, what)
        if self.state.is_over:
            assert_rejected(other, {}, f"{what} of a finished game, then apply")
            return
        before = snapshot(self.state)
        reference = self.state.copy()
        moves = self.legal_step(data)
        other.apply(dict(moves))
        assert_same(self.state, before, f"{what}: applying to the copy changed the original")
        kept = snapshot(other)
        reference.apply(dict(moves))
        assert_equal_states(other, reference, f"{what}: the copy played otherwise")
        if not self.state.is_over:
            self.state.apply(self.legal_step(data))
            assert_same(other, kept, f"{what}: applying to the original changed the copy")

    # --- legal play ------------------------------------------------------------------------
    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """Legal steps; the moves given are sometimes equal rebuilt values, not the legal objects.

        Either way the history records the state's own legal move objects.
        """
        count = data.draw(st.integers(1, self.play_steps), label="steps")
        for _ in range(count):
            if self.state.is_over:
                break
            offered = {seat: self.state.legal_moves(seat) for seat in self.state.to_act}
            moves = self.legal_step(data)
            if data.draw(st.booleans(), label="rebuild the moves"):
                given = {seat: dataclasses.replace(cast(Any, move)) for seat, move in moves.items()}
            else:
                given = dict(moves)
            done = len(self.state.history)
            events = self.state.apply(given)
            assert isinstance(events, tuple)
            assert all(isinstance(event, Event) for event in events)
            assert len(self.state.history) == done + 1
            step = self.state.history[-1]
            assert step == moves
            for seat, move in step.items():
                assert any(move is own for own in offered[seat]), (
                    f"the history holds {move!r} of the caller, not the state's own legal move"
                )
            self.check_cards()

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def play_actions(self, data: st.DataObject) -> None:
        """A legal step of integer actions: exactly ``apply`` with the moves they stand for."""
        state, reference = self.state, self.state.copy()
        step = {
            seat: data.draw(st.sampled_from(state.legal_actions(seat)), label=f"action of {seat}")
            for seat in sorted(state.to_act)
        }
        space = type(state)._action_space
        events = reference.apply({seat: space.move(action) for seat, action in step.items()})
        state.apply_actions(step)
        assert state.last_events == events == reference.last_events
        assert_equal_states(state, reference, f"apply_actions({step})")
        self.check_cards()

    @rule(data=st.data())
    def illegal_action(self, data: st.DataObject) -> None:
        """One seat's action is out of range, not legal or no int: ``apply_actions`` rejects it."""
        seat = self.target_seat(data)
        size = len(type(self.state)._action_space)
        legal = set(self.state.legal_actions(seat))
        pool: list[object] = [-1, size, 2**70, True, 1.5, "0", None, ANY]
        pool += [a for a in range(0, size, 1 + size // 40) if a not in legal]
        step: dict[int, object] = {s: min(self.state.legal_actions(s)) for s in self.state.to_act}
        step[seat] = data.draw(st.sampled_from(pool), label="illegal action")
        before, events = snapshot(self.state), self.state.last_events
        try:
            self.state.apply_actions(cast(Any, step))
        except IllegalMoveError:
            pass
        else:
            raise AssertionError(f"apply_actions({step!r}) was accepted")
        assert_same(self.state, before, f"apply_actions({step!r})")
        assert self.state.last_events == events

    # --- rejected calls --------------------------------------------------------------------
    @rule(data=st.data())
    def wrong_move(self, data: st.DataObject) -> None:
        """A move of the wrong type or value for one seat."""
        seat = self.target_seat(data)
        bad = self.illegal_move(data, seat)
        moves = self.with_move(data, seat, bad)
        assert_rejected(self.state, moves, f"seat {seat} plays {bad!r}")

    @rule(data=st.data(), whole=st.booleans())
    def mock_any(self, data: st.DataObject, whole: bool) -> None:
        """``unittest.mock.ANY`` equals every move: as one seat's move, or as the argument."""
        if whole:
            assert_rejected(self.state, ANY, "ANY as the argument")
        else:
            moves = self.with_move(data, self.target_seat(data), ANY)
            assert_rejected(self.state, moves, "ANY as a move")

    @rule(data=st.data())
    def always_equal_move(self, data: st.DataObject) -> None:
        """A move subclass whose ``__eq__`` always says True, with fields out of range."""
        seat = self.target_seat(data)
        legal = self.state.legal_moves(seat)
        mimic = legal[0] if legal else 0
        hostile = self.always_equal(mimic)
        moves = self.with_move(data, seat, hostile)
        assert_rejected(self.state, moves, f"seat {seat} plays an always-equal {hostile!r}")

    @rule(data=st.data(), kind=st.sampled_from([FickleMapping, FickleDict]))
    def fickle_mapping_illegal_first(self, data: st.DataObject, kind: type[Any]) -> None:
        """A mapping whose first read is illegal and whose later reads are legal."""
        legal = dict(self.legal_step(data)) if not self.state.is_over else {}
        seat = self.target_seat(data)
        first: dict[Any, object] = dict(legal)
        first[seat] = self.illegal_move(data, seat)
        assert_rejected(self.state, kind(first, legal), "a mapping that reads illegal first")

    @rule(data=st.data(), kind=st.sampled_from([FickleMapping, FickleDict]))
    def fickle_mapping_legal_first(self, data: st.DataObject, kind: type[Any]) -> None:
        """A mapping whose first read is legal and whose later reads are not.

        The engine must either reject it, changing nothing, or perform exactly the moves it read
        first: it may never validate one move and perform another.
        """
        if self.state.is_over:
            return
        legal = self.legal_step(data)
        seat = self.target_seat(data)
        later: dict[Any, object] = dict(legal)
        later[seat] = self.illegal_move(data, seat)
        if kind is FickleDict and not legal:
            return  # an empty dict has no value to change on a second read
        before = snapshot(self.state)
        reference = self.state.copy()
        hostile = kind(legal, later)
        try:
            events = self.state.apply(hostile)
        except IllegalMoveError:
            assert_same(self.state, before, f"rejecting {hostile!r}")
            return
        except Exception as exc:
            raise AssertionError(
                f"apply({hostile!r}) raised {type(exc).__name__}: {exc} "
                "instead of IllegalMoveError or performing the moves read first"
            ) from exc
        expected = reference.apply(dict(legal))
        assert events == expected, f"apply({hostile!r}) did not perform the moves it read first"
        assert_equal_states(self.state, reference, f"apply({hostile!r})")

    @rule(
        data=st.data(),
        kind=st.sampled_from(["str", "bool", "float", "unpolled", "missing", "out_of_range"]),
    )
    def bad_seat_key(self, data: st.DataObject, kind: str) -> None:
        """Seat keys that are str, bool or float; an unpolled, missing or out-of-range seat."""
        state = self.state
        moves = self.base_step(data)
        seat = data.draw(st.sampled_from(sorted(moves)), label="seat")
        if kind == "missing" and not state.to_act:
            kind = "unpolled"  # nobody is polled, so no seat can be missing
        if kind == "str":
            moves[cast(int, str(seat))] = moves.pop(seat)
        elif kind == "bool":
            low = [s for s in moves if s in (0, 1)]
            if low:
                moves[cast(int, bool(low[0]))] = moves.pop(low[0])
            else:
                moves[True] = moves[seat]
        elif kind == "float":
            moves[cast(int, float(seat))] = moves.pop(seat)
        elif kind == "unpolled":
            idle = sorted(set(range(state.players)) - state.to_act)
            extra = data.draw(st.sampled_from(idle or [state.players]), label="unpolled seat")
            moves[extra] = moves[seat]
        elif kind == "missing":
            del moves[seat]
        else:
            far = data.draw(st.sampled_from([-1, state.players, 2**64]), label="seat")
            moves[far] = moves[seat]
        assert_rejected(state, moves, f"seat keys of kind {kind}")

    @rule(data=st.data(), bomb=st.sampled_from([EqualityBomb, HashBomb, Bomb]))
    def exploding_move(self, data: st.DataObject, bomb: type[Move]) -> None:
        """A move whose ``__eq__`` or ``__hash__`` raises."""
        seat = self.target_seat(data)
        moves = self.with_move(data, seat, bomb())
        assert_rejected(self.state, moves, f"seat {seat} plays {bomb.__name__}()")

    @precondition(lambda self: self.state.is_over)
    @rule(data=st.data())
    def after_the_end(self, data: st.DataObject) -> None:
        """Nothing is accepted once the game is over: not ``{}``, not a step of its history."""
        choices: list[object] = [{}, {0: data.draw(st.sampled_from(self.game_moves()))}]
        if self.state.history:
            choices.append(dict(data.draw(st.sampled_from(self.state.history))))
        moves = data.draw(st.sampled_from(choices), label="moves after the end")
        assert_rejected(self.state, moves, "a step after the end")

    @rule(data=st.data())
    def not_a_mapping(self, data: st.DataObject) -> None:
        """Arguments that are not a mapping of seat -> move, pairs included."""
        pairs = list(self.base_step(data).items())
        argument = data.draw(
            st.sampled_from([*NON_MAPPINGS, pairs, tuple(pairs), [move for _, move in pairs]]),
            label="argument",
        )
        assert_rejected(self.state, argument, f"the non-mapping {type(argument).__name__}")

    # --- copies, pickles, records ------------------------------------------------------------
    @rule(data=st.data(), adopt=st.booleans())
    def copy_method(self, data: st.DataObject, adopt: bool) -> None:
        other = self.state.copy()
        self.check_independent(data, other, "state.copy()")
        if adopt:
            self.state = other

    @rule(data=st.data(), deep=st.booleans(), adopt=st.booleans())
    def copy_module(self, data: st.DataObject, deep: bool, adopt: bool) -> None:
        other = copy.deepcopy(self.state) if deep else copy.copy(self.state)
        self.check_independent(data, other, "copy.deepcopy" if deep else "copy.copy")
        if adopt:
            self.state = other

    @rule(data=st.data(), protocol=st.integers(2, pickle.HIGHEST_PROTOCOL), adopt=st.booleans())
    def pickle_round_trip(self, data: st.DataObject, protocol: int, adopt: bool) -> None:
        """Unpickled: equal, and it goes on exactly as the original does."""
        other = pickle.loads(pickle.dumps(self.state, protocol=protocol))
        assert type(other) is type(self.state)
        assert_equal_states(other, self.state, f"pickle protocol {protocol}")
        self.advance_both(data, self.state, other, f"pickle protocol {protocol}")
        if adopt:
            self.state = other

    @rule()
    def record_round_trip(self) -> None:
        text = records.dumps(self.state)
        loaded = records.loads(text)
        assert type(loaded) is type(self.state)
        assert_equal_states(loaded, self.state, "records.loads(records.dumps(state))")
        assert records.dumps(loaded) == text

    @rule(kind=st.sampled_from(["extra_step", "wrong_result", "bad_seat_key", "truncated"]))
    def tampered_record(self, kind: str) -> None:
        """A record that does not describe the game raises RecordError, and nothing else."""
        text = records.dumps(self.state)
        record = json.loads(text)
        if kind == "extra_step":
            record["steps"].append({str(self.state.players + 5): {"move": "Pass"}})
        elif kind == "wrong_result":
            record["result"] = {"winners": [], "termination": "?", "length": -1, "placings": []}
        elif kind == "bad_seat_key":
            record["steps"].insert(0, {"x": {"move": "Pass"}})
        tampered = text[: len(text) // 2] if kind == "truncated" else json.dumps(record)
        try:
            records.loads(tampered)
        except RecordError:
            pass
        except Exception as exc:
            raise AssertionError(
                f"a record with {kind} raised {type(exc).__name__}: {exc} instead of RecordError"
            ) from exc
        else:
            raise AssertionError(f"a record with {kind} was loaded")

    # --- after every rule ------------------------------------------------------------------
    @invariant()
    def cards_are_conserved(self) -> None:
        self.check_cards()

    @invariant()
    def resting_point_is_consistent(self) -> None:
        state = self.state
        assert state.is_over == (state.result is not None)
        if state.is_over:
            assert not state.to_act
        for seat in range(state.players):
            assert bool(state.legal_moves(seat)) == (seat in state.to_act)


# --- Aliwar --------------------------------------------------------------------------------

ALIWAR_RULES = st.builds(
    aliwar.Rules,
    allow_null_switch=st.booleans(),
    kept_card_position=st.sampled_from(["above_returning", "below_returning"]),
    double_loss_result=st.sampled_from(["draw", "most_cards"]),
    no_progress_limit=st.integers(1, 30),
    max_rounds=st.one_of(st.just(1000), st.integers(1, 30)),
    cap_result=st.sampled_from(["draw", "most_cards"]),
    view_recall=st.sampled_from(["perfect", "face_up_only"]),
)
ALIWAR_MOVES: tuple[Move, ...] = (
    *(aliwar.Switch(a, b) for a in range(6) for b in range(a, 6)),
    aliwar.Decline(),
    *(aliwar.Keep(card, stack) for card in Deck.standard() for stack in range(aliwar.STACKS)),
    guerrilla.Pass(),
)


class AliwarMachine(GameMachine):
    @initialize(rules=ALIWAR_RULES, seed=SEEDS)
    def deal(self, rules: aliwar.Rules, seed: int) -> None:
        self.state = aliwar.Aliwar(rules).new_game(seed)

    def game_moves(self) -> Sequence[Move]:
        return ALIWAR_MOVES

    def always_equal(self, mimic: object) -> Move:
        return always_equal_switch(mimic)

    def check_cards(self) -> None:
        state = cast(aliwar.State, self.state)
        cards = [card for own in state.stacks for stack in own for card in stack]
        cards += [*state.protection, *state.won[0], *state.won[1], *state.discard]
        assert sorted(cards) == sorted(Deck.standard()), "Aliwar lost or doubled a card"
        if state.phase is not aliwar.Phase.KEEP:
            assert state.won == ((), ())


def test_aliwar_state_machine(backend: str) -> None:
    assert backend == builds.backend_name()
    run_state_machine_as_test(AliwarMachine, settings=bounded(50, 40))


# --- Clone War -----------------------------------------------------------------------------

CLONE_WAR_RULES = st.builds(
    clone_war.Rules,
    collect_order=st.sampled_from(["stage_winner_first", "stage_seat_order", "shuffled"]),
    forfeit_cards_to=st.sampled_from(["pot", "dead"]),
    short_war=st.sampled_from(["forfeit", "play_what_you_can"]),
    split_remainder=st.sampled_from(["dead", "round_robin"]),
    cycle_detection=st.booleans(),
    max_battles=st.one_of(st.just(10000), st.integers(1, 150)),
    cap_result=st.sampled_from(["draw", "most_cards"]),
)
CLONE_WAR_MOVES: tuple[Move, ...] = (aliwar.Switch(0, 1), aliwar.Decline(), guerrilla.Pass())
"""Clone War has no moves: every move of another game is illegal for every seat."""


class CloneWarMachine(GameMachine):
    play_steps = 25

    @initialize(players=st.integers(2, 4), rules=CLONE_WAR_RULES, seed=SEEDS)
    def deal(self, players: int, rules: clone_war.Rules, seed: int) -> None:
        self.state = clone_war.CloneWar(players, rules).new_game(seed)

    def game_moves(self) -> Sequence[Move]:
        return CLONE_WAR_MOVES

    def always_equal(self, mimic: object) -> Move:
        return always_equal_switch(mimic)

    def check_cards(self) -> None:
        state = cast(clone_war.State, self.state)
        cards = Counter([*(c for pile in state.piles for c in pile), *state.pot, *state.dead])
        assert cards == Counter(Deck.clone_war()), "Clone War lost or doubled a card"

    @rule()
    def the_one_legal_call(self) -> None:
        """``apply({})`` plays one battle while the game runs and is refused at the end."""
        if self.state.is_over:
            assert_rejected(self.state, {}, "apply({}) after the end")
            return
        battles = cast(clone_war.State, self.state).battles
        self.state.apply({})
        assert cast(clone_war.State, self.state).battles == battles + 1


def test_clone_war_state_machine(backend: str) -> None:
    assert backend == builds.backend_name()
    run_state_machine_as_test(CloneWarMachine, settings=bounded(50, 40))


# --- Guerrilla -----------------------------------------------------------------------------

GUERRILLA_MOVES: tuple[Move, ...] = (
    guerrilla.Pass(),
    guerrilla.Propose(),
    guerrilla.Allow(),
    guerrilla.Reject(),
    *(
        move
        for card in Deck.standard()
        for move in (
            guerrilla.Play(card),
            guerrilla.Support(card),
            guerrilla.Cancel(card),
            guerrilla.Remove(card),
            guerrilla.TieCards(card, None),
        )
    ),
    aliwar.Decline(),
)


class GuerrillaMachine(GameMachine):
    dealt: list[Card]

    @initialize(game=guerrilla_games(max_cap=25), seed=SEEDS)
    def deal(self, game: guerrilla.Guerrilla, seed: int) -> None:
        state = game.new_game(seed)
        self.state = state
        seats = guerrilla.seat_cards(game.players, game.rules.two_suit_variant)
        self.dealt = sorted(card for cards in seats for card in cards)
        assert state.cards_dealt == len(self.dealt)

    def game_moves(self) -> Sequence[Move]:
        return GUERRILLA_MOVES

    def always_equal(self, mimic: object) -> Move:
        return always_equal_play(mimic)

    def check_cards(self) -> None:
        state = cast(guerrilla.State, self.state)
        zones = (state.hands, state.draw_piles, state.discard_piles)
        cards: list[Card] = [c for zone in zones for pile in zone for c in pile]
        cards += [*state.table, *state.removed]
        assert sorted(cards) == self.dealt, "Guerrilla lost, made or doubled a card"
        assert state.cards_dealt == len(self.dealt)


def test_guerrilla_state_machine(backend: str) -> None:
    assert backend == builds.backend_name()
    run_state_machine_as_test(GuerrillaMachine, settings=bounded(50, 40))
