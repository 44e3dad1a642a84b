"""The state machine of WAR: Guerrilla Tactics: :class:`State`, the typed face of the Guerrilla
machine (``GuerrillaMachine`` of :mod:`cardwars.guerrilla.machine`, compiled or interpreted:
``MACHINE``), where the rule steps run; it builds events only when they are asked for."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, cast

from cardwars.cards import Card
from cardwars.engine import ActionSpace, Event, Move, Result
from cardwars.engine.machine_state import MachineState
from cardwars.errors import RulesError, UsageError, describe, reading
from cardwars.exclusive import busy_error
from cardwars.guerrilla.bridge import GuerrillaKey
from cardwars.guerrilla.encoding import observation_size, state_size
from cardwars.guerrilla.event_faces import CARDS, EVENT_FACES, VIEW_FACES
from cardwars.guerrilla.knowledge import Knowledge
from cardwars.guerrilla.moves import (
    ACTIONS,
    MACHINE,
    GuerrillaMove,
    GuerrillaObservation,
    Phase,
    Play,
    TieCards,
)
from cardwars.guerrilla.position import STARTS, read_position
from cardwars.guerrilla.rebuild import MACHINE_PHASES, PLAY_BASE, Rebuilder, rebuild_start
from cardwars.guerrilla.rules import TERMINATIONS, Rules, seat_cards
from cardwars.vectors import EncodedState, check_vector

if TYPE_CHECKING:
    from collections.abc import Callable

    from typing_extensions import Self

    from cardwars.core_rng import Rng
    from cardwars.guerrilla.machine import GuerrillaMachine

__all__ = ["State"]

# The machine's bundles of the face's values (by these names here too: tests read them).
_CARDS, _EVENT_FACES, _VIEW_FACES = CARDS, EVENT_FACES, VIEW_FACES


_MOVES: Final = cast("tuple[GuerrillaMove, ...]", ACTIONS.moves)
_TIE_BASE: Final = 212  # the action of TieCards(up, down) is 212 + 53 * up + down (52: none)
assert type(_MOVES[PLAY_BASE]) is Play and type(_MOVES[_TIE_BASE]) is TieCards  # moves.py


def _events_of(machine: GuerrillaMachine) -> tuple[Event, ...]:
    """The event objects of the machine's last step (replayed: its result made afresh)."""
    return machine.event_objects(_EVENT_FACES, _result_of(machine) if machine.over else None)


def _result_of(machine: GuerrillaMachine) -> Result:
    """The :class:`Result` of a machine whose game is over."""
    return Result(
        frozenset(machine.winners),
        TERMINATIONS[machine.termination],
        machine.skirmish,
        machine.placings,
    )


def _down_cells(key: GuerrillaKey) -> list[tuple[int, int]]:
    """Every face-down tie card on the table, as (seat, card id), in table order."""
    return [
        (flat[i], flat[i + 1])
        for flat in key.tie_rounds
        for i in range(0, len(flat), 3)
        if flat[i + 1] >= 0
    ]


def _rename_downs(
    history: tuple[tuple[int, ...], ...], rounds: int, downs: dict[tuple[int, int], int]
) -> tuple[tuple[int, ...], ...]:
    """``history`` with the last ``rounds`` tie steps (the tie rounds played so far, in order)
    naming the face-down cards ``downs`` (by round and seat) instead of the true ones."""
    if not downs:
        return history
    steps = [list(step) for step in history]
    ties = [n for n, step in enumerate(steps) if any(a >= _TIE_BASE for a in step)]
    for r, n in enumerate(ties[len(ties) - rounds :]):
        for s, action in enumerate(steps[n]):
            if (r, s) in downs:
                up = (action - _TIE_BASE) // 53
                steps[n][s] = _TIE_BASE + 53 * up + downs[r, s]
    return tuple(tuple(step) for step in steps)


class State(MachineState[Phase], EncodedState):
    """A Guerrilla Tactics position, god's-eye; changed only through ``apply()``.

    Piles are tuples of cards, index 0 the top; discard piles list cards in the order they arrived
    (the input order of a reshuffle, GT-A43); hands keep arrival order (GT-B3).

    >>> from cardwars.guerrilla import Guerrilla
    >>> [str(c) for c in Guerrilla(players=2).new_game(seed=42).hands[1]]
    ['8D', '9D']
    """

    __slots__ = ("_origin", "_players", "_rules")

    game_name: ClassVar[str] = "guerrilla"
    _action_space: ClassVar[ActionSpace[Move]] = ACTIONS
    _phases: ClassVar[tuple[Phase, ...]] = MACHINE_PHASES

    _m: GuerrillaMachine  # the machine, on either backend (the one source's class)
    _rules: Rules
    _players: int
    _seed: int
    _origin: tuple[Any, ...] | None
    """The machine's arguments of a hand-built position (None: a deal), to replay the log."""
    _result: Result | None
    # The decoded events of the last step, keyed by the machine's step count.

    def __init__(
        self,
        rules: Rules,
        players: int,
        seed: int,
        machine: GuerrillaMachine,
        origin: tuple[Any, ...] | None,
        start: Any = None,
    ) -> None:
        """Private: use :meth:`deal`, :meth:`from_position` or :meth:`Guerrilla.new_game`."""
        self._players = players
        self._origin = origin
        super().__init__(rules, seed, machine, origin is not None, start)

    # --- construction ---------------------------------------------------------------
    @classmethod
    def deal(cls, rules: Rules, players: int, seed: int) -> State:
        """Set up a game from ``seed`` (GT-2) and run it to its first poll, after the first Draw."""
        machine = MACHINE.module.guerrilla_deal(_CARDS, players, seed, **rules.machine_options())
        return cls(rules, players, seed, machine, None)

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Iterable[Card | str]],
        *,
        draw_piles: Sequence[Iterable[Card | str]] | None = None,
        discard_piles: Sequence[Iterable[Card | str]] | None = None,
        removed: Iterable[Card | str] = (),
        guerrilla_rank: int = 2,
        played_guerrilla: Sequence[bool] | None = None,
        support_penalty: Sequence[bool] | None = None,
        spy_first: Sequence[bool] | None = None,
        in_game: Sequence[bool] | None = None,
        skirmish: int = 0,
        rules: Rules | None = None,
        rng_seed: int = 0,
        start: str = "skirmish",
    ) -> State:
        """Build any position between skirmishes and run it to the first poll or the end.

        >>> s = State.from_position([["KC"], ["9D"]], draw_piles=[["5C"], ["4D"]], start="draw")
        >>> [str(c) for c in s.hands[0]], s.phase
        (['KC', '5C'], <Phase.PLAY: 'play'>)

        Args:
            hands: per seat, the hand in arrival order (cards or text such as ``"9C"``).
            draw_piles: per seat, the draw pile top first (default empty).
            discard_piles: per seat, the discard pile in arrival order (default empty).
            removed: the removed pile.
            guerrilla_rank: G, 2..6.
            played_guerrilla: per seat, the "played a Guerrilla" flag (default all False).
            support_penalty: per seat, supported last skirmish (draws 1 card).
            spy_first: per seat, the spy-first flag for this skirmish's Play step.
            in_game: per seat, still in the game (default all True); eliminated seats must hold no
                cards.
            skirmish: the skirmish index k (the lead seat is k mod seats, GT-B4), from 0 to
                ``rules.max_skirmishes - 1``.
            rules: the options (default ``Rules()``, the rulings).
            rng_seed: the seed of the game RNG (and of the agents of :func:`cardwars.play`), an int
                in [0, 2**64).
            start: ``"skirmish"`` (the promotion window), ``"draw"`` (skip the window) or ``"play"``
                (skip the window and Draw: "Start at Play").

        Raises:
            RulesError: a malformed position, naming the argument: an argument of the wrong type or
                nesting, a bad seat count, a card that is not in this game (each seat's suit of one
                deck, GT-1.1, GT-A2) or in two places, bad G, a ``skirmish`` outside
                ``0 .. max_skirmishes - 1``, bad ``rules`` or ``rng_seed``, an empty hand at
                ``start="play"``, fewer than 2 players in.
            CardParseError: card text that is not a card."""
        position = read_position(
            hands,
            draw_piles=draw_piles,
            discard_piles=discard_piles,
            removed=removed,
            guerrilla_rank=guerrilla_rank,
            played_guerrilla=played_guerrilla,
            support_penalty=support_penalty,
            spy_first=spy_first,
            in_game=in_game,
            skirmish=skirmish,
            rules=rules,
            rng_seed=rng_seed,
            start=start,
        )

        def ids(piles: list[list[Card]]) -> tuple[tuple[int, ...], ...]:
            return tuple(tuple([card.id for card in pile]) for pile in piles)

        def ints(flags: list[bool]) -> tuple[int, ...]:
            return tuple([int(flag) for flag in flags])

        origin = (
            ids(position.hands),
            ids(position.draw_piles),
            ids(position.discard_piles),
            tuple([card.id for card in position.removed]),
            position.guerrilla_rank,
            ints(position.played_guerrilla),
            ints(position.support_penalty),
            ints(position.spy_first),
            ints(position.in_game),
            position.skirmish,
            position.rng_seed,
            STARTS.index(position.start),
        )
        options = position.rules.machine_options()
        machine = MACHINE.module.GuerrillaMachine(_CARDS, *origin, **options)
        return cls(position.rules, position.players, position.rng_seed, machine, origin)

    def _first_machine(self) -> GuerrillaMachine:
        """A new machine at this game's start (before its first step), to replay it."""
        options = self._rules.machine_options()
        machine: GuerrillaMachine
        if self._origin is None:
            machine = MACHINE.module.guerrilla_deal(_CARDS, self._players, self._seed, **options)
        else:
            machine = MACHINE.module.GuerrillaMachine(_CARDS, *self._origin, **options)
        return machine

    # --- the protocol -------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return self._players

    @property
    def rules(self) -> Rules:
        """The options this game is played with."""
        return self._rules

    def _make_result(self) -> Result:
        return _result_of(self._m)

    def _decode_last_step(self) -> tuple[Event, ...]:
        return self._m.event_objects(_EVENT_FACES, self.result if self._m.over else None)

    # --- god's-eye view ---------------------------------------------------------------
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand, in arrival order."""
        return self._m.hands()

    @property
    def draw_piles(self) -> tuple[tuple[Card, ...], ...]:
        """Every draw pile, top first."""
        return self._m.draw_piles()

    @property
    def discard_piles(self) -> tuple[tuple[Card, ...], ...]:
        """Every discard pile, in arrival order (the next reshuffle's input order)."""
        return self._m.discard_piles()

    @property
    def removed(self) -> tuple[Card, ...]:
        """The shared removed pile, in arrival order."""
        return self._m.removed()

    @property
    def table(self) -> tuple[Card, ...]:
        """Every card on the table now, in table order (§3.4), plus forfeited hands."""
        return self._m.table()

    @property
    def tie_rounds(self) -> tuple[tuple[tuple[int, Card, Card | None], ...], ...]:
        """Per tie round of this skirmish, each placement as (seat, face-up card, face-down card).

        The face-down card is None for a one-card hand."""
        return self._m.tie_rounds()

    @property
    def guerrilla_rank(self) -> int:
        """The Guerrilla rank G; cards of rank 2..G are Guerrillas."""
        return self._m.guerrilla_rank

    @property
    def skirmish(self) -> int:
        """The skirmish index k (completed skirmishes, GT-B1)."""
        return self._m.skirmish

    @property
    def in_game(self) -> tuple[bool, ...]:
        """Per seat, still in the game."""
        return self._m.flags()[0]

    @property
    def played_guerrilla(self) -> tuple[bool, ...]:
        """Per seat, has played a Guerrilla (GT-A27)."""
        return self._m.flags()[1]

    @property
    def support_penalty(self) -> tuple[bool, ...]:
        """Per seat, supported last skirmish and draws one card (GT-8.5)."""
        return self._m.flags()[2]

    @property
    def spy_first(self) -> tuple[bool, ...]:
        """Per seat, reveals first in the next Play step (GT-13)."""
        return self._m.flags()[3]

    @property
    def hand_built(self) -> bool:
        """True for a position from :meth:`from_position` (its record stores that start)."""
        return self._origin is not None

    @property
    def cards_dealt(self) -> int:
        """The number of cards in the game (conserved, :ref:`invariants`)."""
        return self._m.cards_dealt

    @property
    def log(self) -> tuple[Event, ...]:
        """Every event so far (all public), from the deal or the hand-built position on.

        Built on each access by replaying the moves of
        :attr:`~cardwars.engine.machine_state.MachineState.history` from the start."""
        machine = self._first_machine()
        events = list(_events_of(machine))
        for step in self._m.history():
            performed = machine.apply_actions({s: a for s, a in enumerate(step) if a >= 0})
            assert performed, "a replayed step is legal"
            events += _events_of(machine)
        return tuple(events)

    # --- moves ------------------------------------------------------------------------
    def legal_moves(self, player: int) -> tuple[GuerrillaMove, ...]:
        """``player``'s legal moves in the order of :ref:`guerrilla-order` (empty if not polled)."""
        if type(player) is not int or not 0 <= player < self._players:
            self._check_seat(player)
        return self._m.legal_moves(player, _MOVES)

    # --- information ------------------------------------------------------------------
    def observation(self, player: int) -> GuerrillaObservation:
        """What ``player`` may know (GT-15): own hand plus public facts, not the past events."""
        if type(player) is not int or not 0 <= player < self._players:
            self._check_seat(player)
        view: GuerrillaObservation = self._m.observation(player, _VIEW_FACES, self._rules)
        return view

    # --- the RL encodings, written by the machine ----------------------------------------
    def encode_into(self, seat: int, out: Any) -> None:
        """Write ``seat``'s observation vector into ``out``, straight from the machine.

        Raises:
            UsageError: ``seat`` is not a seat (a plain int 0..players-1) or ``out`` is
                not such a buffer; ``out`` is left unchanged."""
        if type(seat) is not int or not 0 <= seat < self._players:
            self._check_seat(seat)
        check_vector(out, observation_size(self._players), "a Guerrilla observation")
        self._m.encode_observation(seat, out)

    def encode_state_into(self, out: Any) -> None:
        """Write the god's-eye state vector into ``out``, straight from the machine.

        Raises:
            UsageError: ``out`` is not such a buffer; it is left unchanged."""
        check_vector(out, state_size(self._players), "a Guerrilla state")
        self._m.encode_state(out)

    def encode_seats_into(self, obs: Any, masks: Any, wait: bool = False) -> bool:
        """Write every seat's observation vector and action mask into two blocks (see
        :doc:`/api/guerrilla` for their formats).

        Returns:
            Whether the game is over (``is_over``; then no seat is polled).

        Raises:
            UsageError: a block of another format, read-only, not C-contiguous or too
                short (the message names what is needed); both are left unchanged."""
        if type(wait) is not bool:  # read by the machine as a C int: a bool, not a caller's
            raise UsageError(f"wait must be True or False, got {describe(wait)}")
        m = self._m
        try:
            m.encode_seats(obs, masks, wait)
        except (ValueError, TypeError, BufferError) as exc:
            n = self._players
            width = len(ACTIONS) + 1 if wait else len(ACTIONS)
            raise UsageError(
                f"encode_seats_into needs a writable C-contiguous float32 block of {n} x "
                f"{64 * n + 115} and a writable C-contiguous int8 block of {n} x "
                f"{width}: {exc}"
            ) from None
        return m.over

    # --- determinization ----------------------------------------------------------------
    def determinize(self, seat: int, rng: Rng) -> State:
        """A full state ``seat`` could be in, drawn from ``rng`` uniformly among all of them.

        Raises:
            UsageError: ``seat`` is not a seat, or ``rng`` not a :class:`~cardwars.Rng`;
                another thread undid this state meanwhile.

        >>> from cardwars import Rng
        >>> from cardwars.guerrilla import Guerrilla
        >>> state = Guerrilla(players=2).new_game(seed=42)
        >>> guess = state.determinize(0, Rng(7))
        >>> guess.observation(0) == state.observation(0), guess.hands[0] == state.hands[0]
        (True, True)
        """
        if type(seat) is not int or not 0 <= seat < self._players:
            self._check_seat(seat)
        self._check_rng(rng)
        # One copy of the machine: the position at one moment, and the events of exactly
        # its steps, even if another thread steps this state meanwhile (if it undoes it,
        # the check refuses: the feed may be of another history).
        m = self._m
        now = m.copy()
        key = now.key()
        feed = self._step_events()
        if self._m is not m or len(feed) < now.steps:
            raise busy_error()
        feed = feed[: now.steps]
        world = self._knowledge(seat, key, feed).sample(rng)
        hands = [list(hand) for hand in world.hands]
        hands[seat] = list(key.hands[seat])  # the order the seat sees
        dealt = tuple(tuple(hand) for hand in hands)
        # Each other seat's face-down tie cards of this skirmish still hidden, in table
        # order: the last ones (those of a finished tie stay on the table, shown, GT-10.6).
        shown = len(_down_cells(key)) - len(world.down)
        downs = iter(world.down)
        rounds = []
        changed: dict[tuple[int, int], int] = {}
        for r, flat in enumerate(key.tie_rounds):
            cells = list(flat)
            for i in range(0, len(cells), 3):
                if cells[i + 1] >= 0:
                    if shown > 0:
                        shown -= 1  # public already: kept
                        continue
                    card = next(downs)
                    if cells[i] != seat:
                        cells[i + 1] = card
                        changed[r, cells[i]] = card
            rounds.append(tuple(cells))
        reseed = rng.next_u64()  # its RNG and its seed: never this state's (the deal's)
        key = key._replace(
            hands=dealt,
            draw=tuple(tuple(pile) for pile in world.draws),
            discard=tuple(tuple(pile) for pile in world.discards),
            tie_rounds=tuple(rounds),
            # A round being chosen now has no cells yet and no step in the history.
            history=_rename_downs(key.history, sum(1 for flat in rounds if flat), changed),
            # The cards drawn in this step are the last ones to reach each hand.
            drawn=tuple(
                hand[len(hand) - len(drawn) :] if drawn else ()
                for hand, drawn in zip(dealt, key.drawn, strict=True)
            ),
            rng_state=reseed,
        )
        rebuild: Any = self._m.__reduce__()[0]  # the machine's own backend rebuilds it
        machine = rebuild(_CARDS, key)
        guess = type(self)(self._rules, self._players, reseed, machine, self._origin)
        guess._begin_drawn(self, feed)  # the public past: the deal's events and each step's
        return guess

    def _knowledge(self, seat: int, key: GuerrillaKey, feed: list[tuple[Event, ...]]) -> Knowledge:
        """What ``seat`` knows of the hidden cards at ``key``, from its start and the
        events of the steps that led there (``feed``)."""
        if self._origin is None:
            suits = seat_cards(self._players, self._rules.two_suit_variant)
            knowledge = Knowledge.dealt(
                self._players, seat, [[card.id for card in own] for own in suits]
            )
        else:
            hands, draws, discards = self._origin[:3]
            knowledge = Knowledge.positioned(self._players, seat, hands, draws, discards)
        for event in self._feed_of(seat, feed):
            knowledge.see(event)
        knowledge.finish(key.hands[seat], _down_cells(key))
        return knowledge

    @staticmethod
    def rebuildable(observation: object) -> bool:
        """Whether :meth:`from_observation` takes ``observation``: a Guerrilla observation
        of a promotion proposal, a Play step or a Support step, before any support or tie.

        >>> from cardwars.guerrilla import Guerrilla
        >>> State.rebuildable(Guerrilla(players=2).new_game(seed=1).observation(0))
        True
        """
        with reading("the observation"):
            return rebuild_start(observation) is not None

    @classmethod
    def from_observation(cls, observation: GuerrillaObservation, rng: Rng) -> State:
        """A full state drawn from ``rng`` consistent with ``observation`` (of a step that
        :meth:`rebuildable` accepts; :doc:`/api/guerrilla` says how it is drawn).

        Raises:
            UsageError: ``observation`` is not of such a step, or (under options that move
                the promotion window) could not be rebuilt; ``rng`` is not a :class:`~cardwars.Rng`.

        >>> from cardwars import Rng
        >>> from cardwars.guerrilla import Guerrilla
        >>> state = Guerrilla(players=3).new_game(seed=42)
        >>> State.from_observation(state.observation(1), Rng(3)).observation(1) == (
        ...     state.observation(1)
        ... )
        True
        """
        draw = cls.determinizer(observation)
        cls._check_rng(rng)
        dealt = rng.copy()  # the caller's rng moves only if the observation reads well
        with reading("the observation"):
            state = draw(dealt)
        rng.state = dealt.state
        return state

    @staticmethod
    def determinizer(observation: GuerrillaObservation) -> Callable[[Rng], State]:
        """``from_observation(observation, rng)`` as a function of ``rng``, prepared once.

        What a search calls once per iteration: every call draws a new state from the
        ``rng`` it is given exactly as :meth:`from_observation` does.

        Raises:
            UsageError: as :meth:`from_observation`."""
        with reading("the observation"):  # its fields are the caller's: anything may be there
            start = rebuild_start(observation)
            rebuilder = None if start is None else Rebuilder(observation, start, State)
        if rebuilder is None:
            raise UsageError(
                "from_observation() needs the observation of a promotion proposal, a Play "
                f"step or a Support step before any support or tie, got {describe(observation)}"
            )
        return rebuilder

    # --- copying and equality -----------------------------------------------------------
    def copy(self) -> Self:
        """An independent deep copy, RNG included: nothing mutable is shared."""
        # MachineState.copy's fields set here, not called: a copy is a search's every step, and
        # the extra call cost 5% of it (callgrind, copy:guerrilla:2).
        other = object.__new__(type(self))
        other._m = self._m.copy()
        other._rules = self._rules
        other._seed = self._seed
        other._hand_built = self._hand_built
        other._result = self._result
        other._events = self._events
        other._start = self._start  # never stepped itself, so safe to share
        other._feed = None
        other._players = self._players
        other._origin = self._origin
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        # The machine pickles itself; the caches are rebuilt (they hold the action
        # space's own move objects, which a pickle would copy).
        args = (self._rules, self._players, self._seed, self._m, self._origin, self._start)
        return (type(self), args, *self._past_state())

    # --- the timeline: the start's events and its record ------------------------------
    def _deal_events(self, seat: int) -> tuple[Event, ...]:
        """The start's own events (the first skirmish and its Draw), all public; a seat's
        cards are in its observation."""
        return _events_of(self._start._m)

    def _position_data(self) -> dict[str, Any]:
        """The arguments of :meth:`from_position` for this hand-built start (records)."""
        if self._origin is None:
            raise RulesError("a dealt game is recorded by its seed, not by its position")
        (hands, draws, discards, removed, rank, played, penalty, spy, in_game, skirmish) = (
            self._origin[:10]
        )

        def cards(ids: Sequence[int]) -> list[str]:
            return [str(_CARDS[card]) for card in ids]

        return {
            "hands": [cards(hand) for hand in hands],
            "draw_piles": [cards(pile) for pile in draws],
            "discard_piles": [cards(pile) for pile in discards],
            "removed": cards(removed),
            "guerrilla_rank": rank,
            "played_guerrilla": [bool(flag) for flag in played],
            "support_penalty": [bool(flag) for flag in penalty],
            "spy_first": [bool(flag) for flag in spy],
            "in_game": [bool(flag) for flag in in_game],
            "skirmish": skirmish,
            "start": STARTS[self._origin[11]],
        }

    def __repr__(self) -> str:
        return (
            f"<guerrilla.State players={self._players} k={self.skirmish} "
            f"G={self.guerrilla_rank} phase={self.phase.name} to_act={sorted(self.to_act)}>"
        )
