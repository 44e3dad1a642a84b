"""The Aliwar state machine on ints: the pure-Python twin of the compiled ``AliwarMachine``.

This is the executable spec of an Aliwar game step by step; the public
:class:`cardwars.aliwar.State` is a thin face over it (or over its compiled
counterpart, which runs the same rule steps as the compiled batch loop).

Cards are their standard ids ``suit*13 + rank-2`` and moves are Aliwar's actions
(``cardwars.aliwar.ACTIONS``): ``0..14`` the switches ``Switch(a, b)``, ``a < b``,
lexicographic over the positions 0..5 (5 = protection), ``15`` the null switch,
``16 + 5*card + stack`` ``Keep(card, stack)`` and ``276`` ``Decline()``.

In the Keep phase the cards that won or tied still lie face up on their stacks
(AW-6.4), marked ``returning``; the lost cards are in ``won``.

A step's events are a flat tuple of ints (:meth:`AliwarMachine.events`); the face
turns them into event objects only when asked. Each event is its code and then:

====  ===========  ===============================================================
code  event        ints
====  ===========  ===============================================================
0     revealed     ``choice_0 choice_1`` (switch actions)
1     conflict     ``column card_0 card_1 protected_0 protected_1 winner`` (-1 tie)
2     emptied      ``seat column``
3     discarded    ``n`` and ``n`` cards, in discard order
4     returned     ``seat n`` and ``n`` pairs ``column card``
5     kept         ``seat card stack``
6     declined     ``seat``
7     flipped      the ten new tops, seat 0's columns then seat 1's
8     over         ``termination winner`` (-1: nobody)
====  ===========  ===============================================================

>>> labels = tuple(range(52))  # the face passes Card objects; any labels do
>>> machine = aliwar_deal(labels, 42)
>>> machine.phase, sorted(machine.to_act), machine.legal_actions(0)[:3]
(0, [0, 1], (0, 1, 2))
>>> machine.apply_actions({0: 0, 1: 0}), machine.events()[:3]
(True, (0, 0, 0))
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

from cardwars import exclusive
from cardwars.aliwar.codes import (
    DECLINE,
    KEEP,
    KEEP_BASE,
    NUM_ACTIONS,
    OVER,
    SWITCH,
)
from cardwars.aliwar.restore import _check_events, _check_restored
from cardwars.aliwar.steps import AliwarRules, _card
from cardwars.aliwar.tables import AliwarFaces, AliwarKey
from cardwars.aliwar.views import _make, event_objects
from cardwars.core_envs import _actions_by_key, _block
from cardwars.core_rng import Rng, _check_u64
from cardwars.core_values import MoveKeys, moves_of_actions

__all__ = ["AliwarMachine", "aliwar_deal"]

_OPTIONS = (
    "allow_null_switch",
    "kept_card_position",
    "double_loss_result",
    "no_progress_limit",
    "max_rounds",
    "cap_result",
)
_POLLED: tuple[frozenset[int], ...] = (
    frozenset(),
    frozenset({0}),
    frozenset({1}),
    frozenset({0, 1}),
)
_SWITCHES = {15: tuple(range(15)), 16: tuple(range(16))}


class AliwarMachine(AliwarRules):
    """An Aliwar position on ints, one step at a time.

    Args:
        cards: 52 labels, by card id, that the readable views are made of.
        stacks: ``stacks[seat][stack]``: 2 seats of 5 non-empty sequences of card ids,
            top first.
        protection: the two protection card ids.
        rng_state: the game RNG's state (Aliwar draws from it only for the deal).
        allow_null_switch, kept_card_position, double_loss_result, no_progress_limit,
        max_rounds, cap_result: the options as ``aliwar.Rules.kernel_options()`` gives them.

    Raises:
        ValueError: a layout or option that is not as above.
    """

    def __init__(
        self,
        cards: Sequence[Any],
        stacks: Sequence[Sequence[Sequence[int]]],
        protection: Sequence[int],
        rng_state: int,
        allow_null_switch: int = 0,
        kept_card_position: int = 0,
        double_loss_result: int = 0,
        no_progress_limit: int = 100,
        max_rounds: int = 1000,
        cap_result: int = 0,
    ) -> None:
        self._setup(
            cards,
            rng_state,
            allow_null_switch,
            kept_card_position,
            double_loss_result,
            no_progress_limit,
            max_rounds,
            cap_result,
        )
        stacks, protection = list(stacks), list(protection)
        if len(stacks) != 2 or len(protection) != 2:
            raise ValueError("a layout has 2 seats of 5 stacks and 2 protection cards")
        seen: list[int] = []
        for s in range(2):
            own = list(stacks[s])
            if len(own) != 5:
                raise ValueError(f"seat {s} needs 5 stacks, got {len(own)}")
            for c in range(5):
                stack = list(own[c])
                if not 1 <= len(stack) <= 52:
                    raise ValueError(f"seat {s} stack {c} needs 1 to 52 cards, got {len(stack)}")
                self._stacks[s][c] = [_card(card, "a card") for card in stack]
                seen.extend(stack)
            self._protection[s] = _card(protection[s], "a protection card")
            seen.append(protection[s])
        if len(set(seen)) != len(seen):
            raise ValueError("a card appears more than once in the layout")
        self._start_round()

    # --- the protocol ------------------------------------------------------------------
    @property
    def phase(self) -> int:
        """0 Switch, 1 Keep, 2 over."""
        return self._phase

    @property
    def to_act(self) -> frozenset[int]:
        """Both seats in the Switch phase; the seats that won a card in the Keep phase."""
        if self._phase == SWITCH:
            return _POLLED[3]
        if self._phase == KEEP:
            return _POLLED[bool(self._won[0]) + 2 * bool(self._won[1])]
        return _POLLED[0]

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self._phase == OVER

    @property
    def termination(self) -> int:
        """The termination code once over (an index of ``aliwar.TERMINATIONS``), else -1."""
        return self._termination

    @property
    def winner(self) -> int:
        """The winning seat once over, or -1 (a draw, or still playing)."""
        return self._winner

    @property
    def rounds(self) -> int:
        """Rounds played; a round counts from its conflict on."""
        return self._rounds

    @property
    def no_progress(self) -> int:
        """Completed rounds in a row without a discard (AW-7.6)."""
        return self._no_progress

    @property
    def seen(self) -> int:
        """Bit ``card`` set once that card has been face up (AW-8.3)."""
        return self._seen

    @property
    def rng_state(self) -> int:
        """The game RNG's state."""
        return self._rng_state

    @property
    def steps(self) -> int:
        """Steps applied so far."""
        return len(self._history)

    @exclusive.read
    def legal_actions(self, seat: int) -> tuple[int, ...]:
        """Seat ``seat``'s legal actions in the canonical move order.

        Switch phase: the 15 switches (16 with the null switch). Keep phase: Decline,
        then ``Keep(card, stack)`` by the column the card was won in, then stack; a
        forced refill (AW-7.2) offers only the emptied stack. Unpolled: ``()``.

        Raises:
            ValueError: ``seat`` is not the int 0 or 1.
        """
        if type(seat) is not int or not 0 <= seat < 2:
            raise ValueError("a seat is 0 or 1 (a plain int)")
        cached = self._legal[seat]
        if cached is None:
            cached = self._legal[seat] = self._build_legal(seat)
        return cached

    def _build_legal(self, s: int) -> tuple[int, ...]:
        if self._phase == SWITCH:
            return _SWITCHES[self._n_switches]
        if self._phase == OVER or not self._won[s]:
            return ()
        if self._empty_stack[s] >= 0:  # AW-7.2: the refill is forced
            return tuple(KEEP_BASE + 5 * card + self._empty_stack[s] for card in self._won[s])
        keeps = [KEEP_BASE + 5 * card + stack for card in self._won[s] for stack in range(5)]
        return (DECLINE, *keeps)

    @exclusive.read
    def legal_moves(self, seat: int, own: tuple[Any, ...]) -> tuple[Any, ...]:
        """The entries of ``own`` (the face's move objects, by action) for
        :meth:`legal_actions`, in their order.

        Raises:
            ValueError: ``seat`` is not a seat, or ``own`` has no entry for an action.
        """
        return moves_of_actions(own, self.legal_actions(seat))

    @exclusive.step
    def apply_actions(self, actions: object) -> bool:
        """Perform one step if ``actions`` is exactly right, else change nothing.

        Right means: a ``dict`` whose keys are exactly :attr:`to_act`, as plain ``int``
        seats, each mapped to a plain ``int`` among that seat's :meth:`legal_actions`.
        Returns whether the step was performed (the face explains a refusal).
        """
        return self._apply_actions(actions)

    def _apply_actions(self, actions: object) -> bool:
        if type(actions) is not dict or self._phase == OVER:
            return False
        polled = self.to_act
        if len(actions) != len(polled):
            return False
        chosen = [-1, -1]
        for seat, action in actions.items():
            if type(seat) is not int or type(action) is not int or seat not in polled:
                return False
            if action not in self.legal_actions(seat):
                return False
            chosen[seat] = action
        self._history.append((chosen[0], chosen[1]))
        self._events = []
        if self._phase == SWITCH:
            self._switch_step(chosen[0], chosen[1])
        else:
            self._keep_step(chosen[0], chosen[1])
        self._legal = [None, None]
        self._views = None
        return True

    @exclusive.step
    def apply_moves(self, moves: object, keys: object) -> bool:
        """:meth:`apply_actions` from move objects, each move's action found by ``keys``
        (the face's action space's :class:`~cardwars.core_values.MoveKeys`: its
        own objects by identity, equal values by their fields; anything else: False)."""
        actions = keys.actions_of(moves) if type(keys) is MoveKeys else None
        return actions is not None and self._apply_actions(actions)

    @exclusive.read
    def events(self) -> tuple[int, ...]:
        """The last step's events as ints (the table in the module docstring)."""
        return tuple(self._events)

    @exclusive.read
    def history(self) -> tuple[tuple[int, int], ...]:
        """Every step's two actions, -1 for a seat that was not polled."""
        return tuple(self._history)

    # --- readable state ----------------------------------------------------------------
    @exclusive.read
    def stacks(self) -> tuple[tuple[tuple[Any, ...], ...], ...]:
        """``stacks[seat][stack]``, top first, as labels."""
        cards = self._cards
        return tuple(
            tuple(tuple(cards[card] for card in stack) for stack in own) for own in self._stacks
        )

    @exclusive.read
    def protection(self) -> tuple[Any, Any]:
        """The two protection cards."""
        return (self._cards[self._protection[0]], self._cards[self._protection[1]])

    @exclusive.read
    def won(self) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """The cards each seat won this round, in column order (Keep phase)."""
        cards = self._cards
        return (tuple(cards[c] for c in self._won[0]), tuple(cards[c] for c in self._won[1]))

    @exclusive.read
    def discard(self) -> tuple[Any, ...]:
        """The discard pile, in discard order."""
        return tuple(self._cards[card] for card in self._discard)

    @exclusive.read
    def face_up(self) -> tuple[tuple[bool, ...], ...]:
        """``face_up[seat][stack]``: every top in the Switch phase, the returning ones in
        the Keep phase, none once over."""
        if self._phase == SWITCH:
            return ((True,) * 5, (True,) * 5)
        if self._phase == OVER:
            return ((False,) * 5, (False,) * 5)
        return tuple(tuple(flag != 0 for flag in own) for own in self._returning)

    @exclusive.read
    def view(self, recall: bool) -> tuple[tuple[tuple[Any, ...], ...], ...]:
        """The stacks as both players know them (AW-8): a face-up top, and with ``recall``
        every card once face up; None for any other card."""
        known = self._seen if recall else 0
        face_up = self.face_up()
        cards = self._cards
        return tuple(
            tuple(
                tuple(
                    cards[card] if (i == 0 and face_up[s][c]) or known >> card & 1 else None
                    for i, card in enumerate(stack)
                )
                for c, stack in enumerate(own)
            )
            for s, own in enumerate(self._stacks)
        )

    # --- the face's objects, built from its table (aliwar.views documents it) -----
    @exclusive.read
    def event_objects(self, faces: AliwarFaces, result: Any) -> tuple[Any, ...]:
        """The last step's events as the face's objects, from its table ``faces``
        (``aliwar.views``)."""
        return event_objects(self._events, faces, result)

    @exclusive.read
    def observation(self, seat: int, faces: AliwarFaces, recall: bool, result: Any) -> Any:
        """``seat``'s part of :meth:`observations`, built once per step for both seats."""
        if type(seat) is not int or not 0 <= seat < 2:
            raise ValueError("a seat is 0 or 1 (a plain int)")
        if self._views is None:
            self._views = self.observations(faces, recall, result)
        return self._views[seat]

    @exclusive.read
    def observations(self, faces: AliwarFaces, recall: bool, result: Any) -> tuple[Any, ...]:
        """Both seats' observations as the face's objects (``faces.observation``; they
        differ in the seat only)."""
        known = {
            "phase": faces.phases[self._phase],
            "to_act": self.to_act,
            "rounds": self._rounds,
            "no_progress": self._no_progress,
            "stacks": self.view(recall),
            "face_up": self.face_up(),
            "protection": self.protection(),
            "won": self.won(),
            "discard": self.discard(),
            "result": result,
        }
        return tuple(_make(faces.observation, seat=seat, **known) for seat in range(2))

    # --- the RL encodings ---------------------------------------------------------------
    # ``out`` is a writable float32 buffer (a NumPy float32 array, or a memoryview cast to
    # "f") of at least the encoding's size; its first elements are overwritten with the
    # layout of ``cardwars.envs.encoding`` (the reference, which documents each field).

    @exclusive.read
    def encode_observation(self, seat: int, recall: bool, out: Any) -> None:
        """Write seat ``seat``'s observation vector (609 floats) into ``out``."""
        if type(seat) is not int or not 0 <= seat < 2:
            raise ValueError("a seat is 0 or 1 (a plain int)")
        if len(out) < 609:
            raise ValueError(f"an Aliwar observation needs 609 floats, got {len(out)}")
        codes = [1 if s == seat else 0 for s in range(2)]
        codes += self._encode(True, self._seen if recall else 0)
        out[:609] = array("f", codes)

    @exclusive.read
    def encode_state(self, out: Any) -> None:
        """Write the god's-eye state vector (607 floats) into ``out``."""
        if len(out) < 607:
            raise ValueError(f"an Aliwar state needs 607 floats, got {len(out)}")
        out[:607] = array("f", self._encode(False, 0))

    def _encode(self, hide: bool, known: int) -> list[int]:
        phase = self._phase
        codes = [1 if p == phase else 0 for p in range(3)]
        codes += [1 if s in self.to_act else 0 for s in range(2)]
        codes += [self._rounds, self._no_progress]
        face_up = [flag for own in self.face_up() for flag in own]
        for s, own in enumerate(self._stacks):
            for c, stack in enumerate(own):
                for i, card in enumerate(stack):
                    shown = not hide or (i == 0 and face_up[5 * s + c]) or known >> card & 1
                    codes.append(card + 1 if shown else 53)
                codes += [0] * (52 - len(stack))
        codes += [1 if up else 0 for up in face_up]
        codes += [card + 1 for card in self._protection]
        for won in self._won:
            codes += [card + 1 for card in won] + [0] * (5 - len(won))
        codes += [card + 1 for card in self._discard] + [0] * (52 - len(self._discard))
        over = phase == OVER
        codes += [1 if over and self._winner == s else 0 for s in range(2)]
        codes += [1 if over and self._termination == t else 0 for t in range(4)]
        return codes

    @exclusive.read
    def card_count(self) -> int:
        """Cards in the stacks, protection positions and middle row."""
        stacked = sum(len(stack) for own in self._stacks for stack in own)
        return stacked + 2 + len(self._won[0]) + len(self._won[1])

    # --- copying, equality, pickling ---------------------------------------------------
    @exclusive.read
    def copy(self) -> AliwarMachine:
        """An independent copy."""
        other = object.__new__(AliwarMachine)
        other.__dict__.update(self.__dict__)
        other._stacks = [[list(stack) for stack in own] for own in self._stacks]
        other._protection = list(self._protection)
        other._won = [list(cards) for cards in self._won]
        other._returning = [list(flags) for flags in self._returning]
        other._empty_stack = list(self._empty_stack)
        other._discard = list(self._discard)
        other._history = list(self._history)
        other._events = list(self._events)
        other._legal = list(self._legal)
        return other

    @exclusive.read
    def key(self) -> AliwarKey:
        """Everything that defines the position, as ints (equal positions, equal keys)."""
        return AliwarKey(
            stacks=tuple(tuple(tuple(stack) for stack in own) for own in self._stacks),
            protection=tuple(self._protection),
            phase=self._phase,
            won=tuple(tuple(cards) for cards in self._won),
            returning=tuple(tuple(flags) for flags in self._returning),
            discard=tuple(self._discard),
            rounds=self._rounds,
            no_progress=self._no_progress,
            longest=self._longest,
            seen=self._seen,
            termination=self._termination,
            winner=self._winner,
            options=(
                self._n_switches == 16,
                self._kept_below,
                self._double_loss_most,
                self._no_progress_limit,
                self._max_rounds,
                self._cap_most,
            ),
            rng_state=self._rng_state,
            history=tuple(self._history),
            events=tuple(self._events),
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (_aliwar_machine_from_key, (self._cards, self.key()))

    # --- the RL environments' fast path -----------------------------------------------
    @exclusive.step
    def apply_keyed(self, actions: object, keys: tuple[Any, ...], wait: bool = False) -> bool:
        """:meth:`apply_actions` with each polled seat's action found under its key.

        Seat ``s`` plays ``actions[keys[s]]``; entries under other keys (a seat not
        polled, anything else) are ignored. Performs the step and returns True when
        ``actions`` is a ``dict`` giving every polled seat a plain ``int`` among its
        :meth:`legal_actions`; else changes nothing and returns False. With ``wait``
        (the Parallel env's wait action, ``NUM_ACTIONS``), a seat not polled may have no
        entry or the plain int ``NUM_ACTIONS``; any other entry of it is refused too.

        Raises:
            ValueError: ``keys`` is not a tuple of two keys, one per seat.
        """
        chosen = _actions_by_key(actions, keys, 2, self.to_act, NUM_ACTIONS if wait else -1)
        return chosen is not None and self._phase != OVER and self._apply_actions(chosen)

    @exclusive.read
    def encode_seats(self, recall: bool, obs: Any, masks: Any, wait: bool = False) -> None:
        """Write both seats' observations and action masks into two blocks, row by seat.

        ``obs`` is a writable C-contiguous float32 buffer of 2 rows of 609 floats (a
        NumPy array of that shape): row ``s`` becomes what :meth:`encode_observation`
        writes for seat ``s`` (the rows differ only in the seat: both know the same,
        AW-8.4). ``masks`` is an int8 buffer of 2 rows of 277: row ``s`` is 1 at seat
        ``s``'s :meth:`legal_actions`, 0 elsewhere (all 0 for a seat not polled). With
        ``wait`` the rows are 278 wide: column 277 (the wait action) is 1 exactly in the
        row of a seat not polled (every row once the game is over).

        Raises:
            ValueError: a block of another format, read-only, not C-contiguous or too short.
        """
        rows = _block(obs, "f", 2 * 609, "an Aliwar observation block")
        width = NUM_ACTIONS + 1 if wait else NUM_ACTIONS
        marks = _block(masks, "b", 2 * width, "an Aliwar mask block")
        shared = self._encode(True, self._seen if recall else 0)
        for seat in range(2):
            codes = [1 if s == seat else 0 for s in range(2)] + shared
            rows[seat * 609 : (seat + 1) * 609] = array("f", codes)
            mask = bytearray(width)
            legal = self.legal_actions(seat)
            for action in legal:
                mask[action] = 1
            if wait and not legal:  # not polled: the wait action alone
                mask[NUM_ACTIONS] = 1
            marks[seat * width : (seat + 1) * width] = mask


def aliwar_deal(cards: Sequence[Any], seed: int, **options: int) -> AliwarMachine:
    """Deal from ``seed`` (AW-2.1): one shuffle of the 52 ids, then seat ``s`` stack
    ``c`` is ``deck[25s + 5c ..][:5]`` (top first) and the protection cards are
    ``deck[50]`` and ``deck[51]``. ``options`` are :class:`AliwarMachine`'s."""
    unknown = sorted(set(options) - set(_OPTIONS))
    if unknown:
        raise TypeError(f"unknown option(s) {unknown}")
    rng = Rng(_check_u64(seed, "seed"))
    deck = list(range(52))
    rng.shuffle(deck)
    stacks = [[deck[25 * s + 5 * c : 25 * s + 5 * c + 5] for c in range(5)] for s in range(2)]
    return AliwarMachine(cards, stacks, deck[50:52], rng.state, **options)


def _aliwar_machine_from_key(
    cards: Sequence[Any], key: AliwarKey | tuple[Any, ...]
) -> AliwarMachine:
    """Rebuild a machine from :meth:`AliwarMachine.key`, checking every value; a plain
    tuple of its 16 values (the pickles of earlier versions) is taken too."""
    if type(key) not in (AliwarKey, tuple) or len(key) != 16:
        raise ValueError("a machine key is a tuple of 16 parts")
    key = AliwarKey._make(key)  # a plain tuple named, or a copy
    options = key.options
    if len(options) != 6:
        raise ValueError(f"a machine key has 6 options, got {options!r}")
    machine = object.__new__(AliwarMachine)
    machine._setup(cards, key.rng_state, *options)
    _check_restored(key, machine._n_switches)
    machine._stacks = [[list(stack) for stack in own] for own in key.stacks]
    machine._protection = list(key.protection)
    machine._phase = key.phase
    machine._won = [list(cards) for cards in key.won]
    machine._returning = [list(flags) for flags in key.returning]
    if key.phase == KEEP:
        machine._empty_stack = [
            next((c for c in range(5) if not machine._stacks[s][c]), -1) for s in range(2)
        ]
    machine._discard = list(key.discard)
    machine._rounds, machine._no_progress = key.rounds, key.no_progress
    machine._longest, machine._seen = key.longest, key.seen
    machine._termination, machine._winner = key.termination, key.winner
    machine._history = [(a, b) for a, b in key.history]
    machine._events = list(_check_events(key.events, machine._n_switches))
    return machine
