"""Aliwar's god's-eye :class:`State`, the face of its machine, and the conflict (AW-4 … AW-7)."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final, cast

from cardwars import backend
from cardwars.aliwar.bridge import AliwarFaces, AliwarKey
from cardwars.aliwar.encoding import OBSERVATION_SIZE, STATE_SIZE
from cardwars.aliwar.moves import (
    ACTIONS,
    STACKS,
    AliwarMove,
    AliwarObservation,
    CardKept,
    CardsDealt,
    CardsDiscarded,
    CardsReturned,
    ConflictResolved,
    GameOver,
    KeepDeclined,
    Phase,
    StackEmptied,
    SwitchesRevealed,
    TopsFlipped,
)
from cardwars.aliwar.rules import TERMINATIONS, Rules
from cardwars.cards import Card, CardId, Deck, Suit, read_card
from cardwars.engine import ActionSpace, Event, Move, Result
from cardwars.engine.machine_state import MachineState
from cardwars.errors import RulesError, UsageError, describe, plain_int, reading
from cardwars.exclusive import busy_error
from cardwars.vectors import EncodedState, check_vector

if TYPE_CHECKING:
    from typing_extensions import Self

    from cardwars.aliwar.machine import AliwarMachine
    from cardwars.core_rng import Rng

__all__ = ["State", "resolve_conflict"]

MACHINE: Final = backend.RuleSource("cardwars.aliwar.machine")
"""Aliwar's machine (:mod:`cardwars.aliwar.machine`) on the current backend."""
ROUND: Final = backend.RuleSource("cardwars.aliwar.round")
"""The rule steps of a round (:mod:`cardwars.aliwar.round`): the conflict on its own."""

_SEATS: Final = (0, 1)

_NO_COLUMN_WINNER: Final = -1
"""What the rule modules' conflict functions return for a tied column (else the winning seat)."""

# The legal moves are the action space's own move objects (ACTIONS in moves.py), so that
# legal_actions() finds their numbers by identity.
_SWITCHES: Final = cast("tuple[AliwarMove, ...]", ACTIONS.moves[:15])
"""Every switch of two different positions, in canonical order: ``Switch(a, b)``, ``a < b``."""

_SWITCHES_WITH_NULL: Final = cast("tuple[AliwarMove, ...]", ACTIONS.moves[:16])
"""The switches with ``allow_null_switch``: the null switch comes last."""

# --- the conflict ----------------------------------------------------------------------------


def resolve_conflict(a: Card, b: Card, protection_a: Suit, protection_b: Suit) -> int | None:
    """Resolve one column (AW-5): seat 0's card ``a`` against seat 1's card ``b``.

    ``protection_a`` and ``protection_b`` are the suits of the protection cards of
    each card's *owner* (AW-A6, AW-B7). Same protection status: the higher rank
    wins. Exactly one protected: it wins on greater or equal rank, else a tie.

    Returns:
        0 or 1, the winning seat, or None for a tie.

    >>> resolve_conflict(Card.parse("TD"), Card.parse("TC"), Suit.HEARTS, Suit.CLUBS)
    1
    """
    for name, card in (("a", a), ("b", b)):
        if not isinstance(card, Card):
            raise TypeError(f"{name} must be a Card, got {describe(card)}")
    for name, suit in (("protection_a", protection_a), ("protection_b", protection_b)):
        if not isinstance(suit, Suit):
            raise TypeError(f"{name} must be a Suit, got {describe(suit)}")
    card_a: CardId = a.id
    card_b: CardId = b.id
    outcome: int = ROUND.module.aliwar_conflict(
        card_a, card_b, protection_a.value, protection_b.value
    )
    return None if outcome == _NO_COLUMN_WINNER else outcome


# --- the state -------------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _machine_options(rules: Rules) -> Mapping[str, int]:
    """``rules.machine_options()``, worked out once per rules (a deal is a few microseconds)."""
    return MappingProxyType(rules.machine_options())


@functools.lru_cache(maxsize=64)
def _option_key(rules: Rules) -> tuple[Any, ...]:
    """The options part of the machine's key under ``rules``."""
    key: AliwarKey = MACHINE.module.aliwar_deal(_CARDS, 0, **_machine_options(rules)).key()
    return tuple(key.options)


def _machine_from_key(key: AliwarKey) -> AliwarMachine:
    """A machine of the current backend rebuilt from :meth:`key` as a pickle is (every value
    checked)."""
    machine: AliwarMachine = MACHINE.module._aliwar_machine_from_key(_CARDS, key)
    return machine


def _is_sequence(value: object) -> bool:
    """A sequence of items, not text (a str is a sequence of characters, never of cards)."""
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


def _read_standard_card(value: object, where: str) -> Card:
    """A card of the layout: :func:`~cardwars.cards.read_card`, and of the one standard deck."""
    card = read_card(value, where)
    if card.deck != 0:
        raise RulesError(f"{where}: Aliwar uses one standard deck, got {describe(card)}")
    return card


_PHASES: Final[tuple[Phase, ...]] = (Phase.SWITCH, Phase.KEEP, Phase.OVER)
"""The phases by the machine's phase code."""

_CARDS: Final[tuple[Card, ...]] = tuple(Deck.standard())
"""The 52 cards by id, the labels the machine builds its views of."""

_MOVES: Final = cast("tuple[AliwarMove, ...]", ACTIONS.moves)


_FACES: Final = AliwarFaces(
    cards=_CARDS,
    conflict=ConflictResolved,
    discarded=CardsDiscarded,
    returned=CardsReturned,
    kept=CardKept,
    flipped=TopsFlipped,
    over=GameOver,
    revealed=tuple(
        tuple(SwitchesRevealed((_MOVES[a], _MOVES[b])) for b in range(16))  # type: ignore[arg-type]
        for a in range(16)
    ),
    emptied=tuple(tuple(StackEmptied(seat, c) for c in range(STACKS)) for seat in _SEATS),
    declined=(KeepDeclined(0), KeepDeclined(1)),
    protected=((False, False), (False, True), (True, False), (True, True)),
    winners=(0, 1, None),
    observation=AliwarObservation,
    phases=_PHASES,
)
"""What the machine builds events and observations with (:class:`.bridge.AliwarFaces`)."""


class State(MachineState[Phase], EncodedState):
    """An Aliwar position, god's-eye (:ref:`aliwar-state`). Build one with :meth:`Aliwar.new_game`
    or :meth:`from_layout`.

    >>> from cardwars.aliwar import Aliwar
    >>> state = Aliwar().new_game(seed=42)
    >>> state.card_count(), " ".join(map(str, state.stacks[1][0]))  # god's-eye: all cards
    (52, 'AC 6C 9S 9D 7S')
    """

    __slots__ = ("_recall", "_rules")

    game_name: ClassVar[str] = "aliwar"
    _action_space: ClassVar[ActionSpace[Move]] = ACTIONS
    _phases: ClassVar[tuple[Phase, ...]] = _PHASES

    _m: AliwarMachine  # the machine, on either backend (the same source)
    _rules: Rules
    _recall: bool  # view_recall == "perfect"

    def __init__(
        self, rules: Rules, seed: int, machine: AliwarMachine, hand_built: bool, start: Any = None
    ) -> None:
        """Private: use :meth:`Aliwar.new_game` or :meth:`from_layout`."""
        self._recall = rules.view_recall == "perfect"
        MachineState.__init__(self, rules, seed, machine, hand_built, start)

    # --- construction --------------------------------------------------------------------
    @classmethod
    def _deal(cls, rules: Rules, seed: int) -> State:
        """The deal of AW-2.1 (:ref:`deals`): one shuffle of the canonical deck, then the map."""
        machine = MACHINE.module.aliwar_deal(_CARDS, seed, **_machine_options(rules))
        return cls(rules, seed, machine, False)

    @classmethod
    def from_layout(
        cls,
        stacks: Sequence[Sequence[Sequence[Card | str]]],
        protection: Sequence[Card | str],
        *,
        rules: Rules | None = None,
        rng_seed: int = 0,
    ) -> State:
        """Build the position at the start of a round, before the switch (:ref:`an example
        <aliwar-layout>`).

        Args:
            stacks: ``stacks[seat][stack]`` for 2 seats and 5 stacks, each a non-empty
                sequence of cards (or card text), top first; any sizes.
            protection: the two protection cards.
            rules: the options; default :class:`Rules`.
            rng_seed: the seed of the state (agents of :func:`cardwars.play` derive theirs
                from it) and of its RNG, which Aliwar never uses after the deal.

        Raises:
            RulesError: ``stacks`` is not 2 seats of 5 sequences of cards, ``protection``
                not a sequence of 2 cards, an empty stack (AW-B5), a repeated card, a card
                that is not of the standard deck, bad ``rules``, or ``rng_seed`` not an
                int in [0, 2**64).
            CardParseError: card text that is not a card.
        """
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be an aliwar.Rules, got {describe(rules)}")
        if isinstance(rng_seed, bool) or not isinstance(rng_seed, int) or not 0 <= rng_seed < 2**64:
            raise RulesError(f"rng_seed must be an int in [0, 2**64), got {describe(rng_seed)}")
        if not _is_sequence(stacks) or len(stacks) != 2:
            raise RulesError(f"stacks must hold 2 seats of {STACKS} stacks, got {describe(stacks)}")
        if not _is_sequence(protection) or len(protection) != 2:
            raise RulesError(
                f"protection must hold 2 cards, one per seat, got {describe(protection)}"
            )
        built: list[list[list[Card]]] = []
        for seat, own in enumerate(stacks):
            if not _is_sequence(own) or len(own) != STACKS:
                raise RulesError(f"seat {seat} must have {STACKS} stacks, got {describe(own)}")
            built.append([])
            for c, stack in enumerate(own):
                where = f"seat {seat} stack {c}"
                if not _is_sequence(stack):
                    raise RulesError(f"{where} must be a sequence of cards, got {describe(stack)}")
                if not stack:
                    raise RulesError(f"{where} is empty; every stack needs a card (AW-B5)")
                cards = [_read_standard_card(v, f"{where} card {i}") for i, v in enumerate(stack)]
                built[seat].append(cards)
        guards = [
            _read_standard_card(v, f"protection of seat {seat}")
            for seat, v in enumerate(protection)
        ]
        everything = [card for own in built for stack in own for card in stack] + guards
        repeated = sorted({card for card in everything if everything.count(card) > 1})
        if repeated:
            raise RulesError(f"cards appear more than once: {', '.join(map(str, repeated))}")
        machine = MACHINE.module.AliwarMachine(
            _CARDS,
            [[[card.id for card in stack] for stack in own] for own in built],
            [card.id for card in guards],
            rng_seed,
            **_machine_options(rules),
        )
        return cls(rules, rng_seed, machine, True)

    # --- the protocol --------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Always 2."""
        return 2

    def _make_result(self) -> Result:
        m = self._m
        termination = TERMINATIONS[m.termination]
        if m.winner < 0:
            return Result(frozenset(), termination, m.rounds, (1, 1))
        placings = (1, 2) if m.winner == 0 else (2, 1)
        return Result(frozenset({m.winner}), termination, m.rounds, placings)

    def _decode_last_step(self) -> tuple[Event, ...]:
        m = self._m
        return m.event_objects(_FACES, self.result if m.over else None)

    def legal_moves(self, player: int) -> tuple[AliwarMove, ...]:
        """The legal moves of ``player`` in the canonical order of :ref:`aliwar-order`
        (none for a seat that is not polled)."""
        m = self._m
        if type(player) is not int or not 0 <= player < 2:
            self._check_seat(player)
        if m.phase == 0:  # both seats switch, from the same tuple every round
            return _SWITCHES_WITH_NULL if self._rules.allow_null_switch else _SWITCHES
        return m.legal_moves(player, _MOVES)

    # --- readable state ------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The options this game is played with."""
        return self._rules

    @property
    def stacks(self) -> tuple[tuple[tuple[Card, ...], ...], ...]:
        """``stacks[seat][stack]``, top first, god's-eye."""
        return self._m.stacks()

    @property
    def protection(self) -> tuple[Card, Card]:
        """The protection card of each seat."""
        return self._m.protection()

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discarded cards, in discard order (AW-B8), out of the game for good."""
        return self._m.discard()

    @property
    def won(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The cards each seat won this round, in column order; empty outside the Keep phase."""
        return self._m.won()

    @property
    def hand_built(self) -> bool:
        """True for a position from :meth:`from_layout` (it has no deal to replay from)."""
        return self._hand_built

    @property
    def rounds(self) -> int:
        """Rounds played; a round counts from its conflict on."""
        return self._m.rounds

    @property
    def no_progress(self) -> int:
        """Completed rounds in a row without a discard (AW-7.6)."""
        return self._m.no_progress

    def card_count(self) -> int:
        """Cards in the stacks, protection positions and middle row (not the discard pile)."""
        return self._m.card_count()

    # --- information ---------------------------------------------------------------------
    def observation(self, player: int) -> AliwarObservation:
        """What ``player`` may know (AW-8): never a face-down card that was never face up.

        With ``view_recall="perfect"`` every once-seen face-down card is shown where it
        lies; with ``"face_up_only"`` only the face-up tops are. The moves of past steps
        are not part of it (every step's events say them, to both seats).
        """
        # Both seats know the same (AW-8.4): the machine builds both views once per step.
        m = self._m
        if type(player) is not int or not 0 <= player < 2:
            self._check_seat(player)
        view: AliwarObservation = m.observation(
            player, _FACES, self._recall, self.result if m.over else None
        )
        return view

    def information(self, player: int) -> AliwarObservation:
        """What ``player`` knows by the rules (AW-8.3): every once-seen face-down card
        where it lies, with ``view_recall="face_up_only"`` too (that option changes only
        what :meth:`observation` displays). Agents are asked with this."""
        if self._recall:
            return self.observation(player)
        if type(player) is not int or not 0 <= player < 2:
            self._check_seat(player)
        m = self._m  # the perfect views, not the step's cached display
        views = m.observations(_FACES, True, self.result if m.over else None)
        view: AliwarObservation = views[player]
        return view

    # --- the RL encodings, written by the machine ----------------------------------------
    def encode_into(self, seat: int, out: Any) -> None:
        """Write ``seat``'s observation vector into ``out``, a writable C-contiguous ``float32``
        buffer of 609 (``numpy.empty(609, numpy.float32)``), straight from the machine: what
        the reference encoder (:mod:`cardwars.aliwar.encoding`) makes of ``observation(seat)``.

        Raises:
            UsageError: ``seat`` is not a seat (a plain int 0 or 1) or ``out`` is not
                such a buffer; ``out`` is left unchanged.
        """
        if type(seat) is not int or not 0 <= seat < 2:
            self._check_seat(seat)
        check_vector(out, OBSERVATION_SIZE, "an Aliwar observation")
        self._m.encode_observation(seat, self._recall, out)

    def encode_state_into(self, out: Any) -> None:
        """Write the god's-eye state vector into ``out``, a writable C-contiguous ``float32``
        buffer of 607, straight from the machine (what the reference encoder makes of it).

        Raises:
            UsageError: ``out`` is not such a buffer; it is left unchanged.
        """
        check_vector(out, STATE_SIZE, "an Aliwar state")
        self._m.encode_state(out)

    def encode_seats_into(self, obs: Any, masks: Any, wait: bool = False) -> bool:
        """Write both seats' observation vectors and action masks into two blocks; return
        ``is_over`` (then no seat is polled), so that a step needs no second call.

        ``obs`` is a writable C-contiguous ``float32`` buffer of at least 2 rows of 609: row
        ``s`` is what :meth:`encode_into` writes for seat ``s``. ``masks`` is a writable
        C-contiguous ``int8`` buffer of at least 2 rows of 277: row ``s`` is
        :meth:`~cardwars.engine.machine_state.MachineState.action_mask` ``(s)``. With ``wait``
        the rows are 278 wide, the last column the wait action 277 (the Parallel PettingZoo
        env's): 1 exactly in the row of a seat not polled, so that no row is all 0.

        Raises:
            UsageError: a block of another format, read-only, not C-contiguous or too
                short (the message names what is needed); both are left unchanged.
        """
        if type(wait) is not bool:  # read by the machine as a C int: a bool, not a caller's
            raise UsageError(f"wait must be True or False, got {describe(wait)}")
        m = self._m
        try:
            m.encode_seats(self._recall, obs, masks, wait)
        except (ValueError, TypeError, BufferError) as exc:
            width = 278 if wait else 277
            raise UsageError(
                "encode_seats_into needs a writable C-contiguous float32 block of 2 x 609 "
                f"and a writable C-contiguous int8 block of 2 x {width}: {exc}"
            ) from None
        return m.over

    # --- determinization -----------------------------------------------------------------
    def determinize(self, seat: int, rng: Rng) -> State:
        """A full state consistent with everything ``seat`` may know, drawn from ``rng``
        (:ref:`aliwar-determinize`); this state is left unchanged.

        Raises:
            UsageError: ``seat`` is not a seat, or ``rng`` not a :class:`~cardwars.Rng`;
                another thread undid this state meanwhile.
        """
        if type(seat) is not int or not 0 <= seat < 2:
            self._check_seat(seat)
        self._check_rng(rng)
        # One copy of the machine: the position at one moment, even if another thread
        # steps this state meanwhile (then the feed check below refuses).
        m = self._m
        now = m.copy()
        key = now.key()
        feed = self._step_events()
        if self._m is not m or len(feed) < now.steps:  # undone by another thread meanwhile
            raise busy_error()
        # What the seat knows by the rules: every card once face up is remembered by both
        # (AW-8.3; the machine's ``seen``), whatever the views display (view_recall
        # changes observations only). The cards never seen are the hidden ones.
        seen = key.seen
        hidden = [c for own in key.stacks for pile in own for c in pile if not seen >> c & 1]
        rng.shuffle(hidden)
        fill = iter(hidden)
        stacks = tuple(
            tuple(tuple(card if seen >> card & 1 else next(fill) for card in pile) for pile in own)
            for own in key.stacks
        )
        reseed = rng.next_u64()  # its RNG and its seed: never this state's (the deal's)
        machine = _machine_from_key(key._replace(stacks=stacks, rng_state=reseed))
        guess = type(self)(self._rules, reseed, machine, self._hand_built)
        guess._begin_drawn(self, feed[: now.steps])  # the public past (issue 23), not a replay
        return guess

    @classmethod
    def from_observation(cls, observation: AliwarObservation, rules: Rules, rng: Rng) -> State:
        """A full state drawn from ``rng`` consistent with ``observation`` under ``rules``
        (:ref:`aliwar-determinize`); its observation of ``observation.seat`` is ``observation``.

        Raises:
            UsageError: ``observation`` is not of a game in progress, ``rules`` not an
                :class:`Rules` or ``rng`` not a :class:`~cardwars.Rng`.
        """
        if not isinstance(observation, AliwarObservation) or observation.result is not None:
            raise UsageError(
                f"an Aliwar observation of a game in progress, got {describe(observation)}"
            )
        if not isinstance(rules, Rules):
            raise UsageError(f"rules must be an aliwar.Rules, got {describe(rules)}")
        cls._check_rng(rng)
        draw = rng.copy()  # the caller's rng moves only if the observation reads well
        with reading("the observation"):  # its fields are the caller's: anything may be there
            shown = [
                c for own in observation.stacks for stack in own for c in stack if c is not None
            ]
            shown += [*observation.protection, *observation.discard]
            shown += [card for cards in observation.won for card in cards]
            known = 0
            for card in shown:  # an OR, not a set: no hashing of what the caller built
                known |= 1 << card.id
            pool = [card for card in range(52) if not known >> card & 1]
            draw.shuffle(pool)
            fill = iter(pool)
            stacks = tuple(
                tuple(
                    tuple(next(fill) if card is None else card.id for card in stack)
                    for stack in own
                )
                for own in observation.stacks
            )
            keep = observation.phase is Phase.KEEP
            key = AliwarKey(
                stacks=stacks,
                protection=tuple(card.id for card in observation.protection),
                phase=_PHASES.index(observation.phase),
                won=tuple(tuple(card.id for card in cards) for cards in observation.won),
                returning=tuple(
                    tuple(int(keep and up) for up in own) for own in observation.face_up
                ),
                discard=tuple(card.id for card in observation.discard),
                rounds=plain_int(observation.rounds),  # its value, never its methods
                no_progress=plain_int(observation.no_progress),
                longest=plain_int(observation.no_progress),
                seen=known,
                termination=-1,
                winner=-1,
                options=_option_key(rules),
                rng_state=draw.next_u64(),
                history=(),
                events=(),
            )
            machine = _machine_from_key(key)
        rng.state = draw.state
        return cls(rules, 0, machine, True)

    # --- copying and equality ------------------------------------------------------------
    def copy(self) -> Self:
        """An independent copy, RNG state and history included."""
        other = MachineState.copy(self)  # (no super(): a copy is a search's every step)
        other._recall = self._recall
        return other

    def _position_data(self) -> dict[str, Any]:
        """The arguments of :meth:`from_layout` for this position (records of hand-built games)."""
        if self.phase is not Phase.SWITCH or self.won != ((), ()) or self.discard:
            raise RulesError("only a position at the start of a round can be written as a layout")
        return {
            "stacks": [[[str(card) for card in stack] for stack in own] for own in self.stacks],
            "protection": [str(card) for card in self.protection],
        }

    def _deal_events(self, seat: int) -> tuple[Event, ...]:
        stacks = self._start.stacks
        tops = (tuple(s[0] for s in stacks[0]), tuple(s[0] for s in stacks[1]))
        sizes = (tuple(map(len, stacks[0])), tuple(map(len, stacks[1])))
        return (CardsDealt(tops, self._start.protection, sizes),)

    def __repr__(self) -> str:
        stacks, protection = self.stacks, self.protection
        rows = [
            f"P{seat} P={protection[seat]} "
            + " ".join("[" + " ".join(map(str, stack)) + "]" for stack in stacks[seat])
            for seat in _SEATS
        ]
        return f"<aliwar.State {self.phase.name} round {self.rounds + 1}: {'; '.join(rows)}>"
