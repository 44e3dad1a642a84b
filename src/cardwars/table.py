"""A game with people and built-in agents at one table: what a front end drives."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast, overload

from cardwars import backend, exclusive
from cardwars.actions import illegal_move, matching_move, type_name
from cardwars.engine.bases import Event, Move, Result
from cardwars.engine.driver import _has_choose
from cardwars.engine.game import Game, StateT
from cardwars.engine.interfaces import Agent, SomeAgent, action_chooser
from cardwars.errors import IllegalMoveError, UsageError, describe

if TYPE_CHECKING:
    from typing_extensions import TypeVar as _DefaultTypeVar

    from cardwars import aliwar, clone_war, guerrilla
    from cardwars.aliwar.moves import AliwarMove
    from cardwars.core_rng import Rng
    from cardwars.guerrilla.moves import GuerrillaMove

    ObservationT = _DefaultTypeVar("ObservationT", default=Any)
    MoveT = _DefaultTypeVar("MoveT", default=Any)
else:
    ObservationT = TypeVar("ObservationT")
    MoveT = TypeVar("MoveT")

__all__ = ["MAX_VIEW_EVENTS", "SeatEvent", "SeatView", "Table"]

MAX_VIEW_EVENTS = 1000
"""A view carries at most this many events (the newest); its ``events_from`` shows the gap."""


@dataclasses.dataclass(frozen=True)
class SeatEvent:
    """One event of a seat's feed: its index in the feed, the event, and its line of text.

    ``text`` is the game's ``text.describe(event)`` (:class:`~cardwars.engine.interfaces.GameText`),
    or None for the events a game writes no line for.
    """

    index: int
    event: Event
    text: str | None


@dataclasses.dataclass(frozen=True)
class SeatView(Generic[ObservationT, MoveT]):
    """What one seat may know of a :class:`Table` now: everything a front end draws.

    Attributes:
        seat: the seat.
        observation: the seat's :meth:`~cardwars.engine.GameState.observation`.
        legal_moves: the moves the seat may play now (empty unless the table waits for this
            person, or this person may still change a pending move).
        labels: each legal move's text (the game's ``text.label``), in the same order.
        actions: each legal move's action number, in the same order.
        pending: this person's move for the current step, not yet played.
        waiting: the table waits for this person's move.
        events: the seat's feed from index ``events_from`` on (at most :data:`MAX_VIEW_EVENTS`,
            the newest): by default what came since this seat's previous view.
        events_from: the feed index of ``events[0]``.
        event_count: the length of the seat's feed: the next view starts here.
        steps: how many steps the game has had (its history's length).
        automatic: the table rests before an automatic step, which ``play({})`` performs.
        can_undo: :meth:`Table.undo` has a decision to go back to.
        result: the result once the game is over, else None.
    """

    seat: int
    observation: ObservationT
    legal_moves: tuple[MoveT, ...]
    labels: tuple[str, ...]
    actions: tuple[int, ...]
    pending: MoveT | None
    waiting: bool
    events: tuple[SeatEvent, ...]
    events_from: int
    event_count: int
    steps: int
    automatic: bool
    can_undo: bool
    result: Result | None


@dataclasses.dataclass(frozen=True)
class _Rest:
    """A resting point the table may undo to: the history's length and the agents' RNGs."""

    steps: int
    rngs: tuple[Rng, ...]


class Table(Generic[StateT, ObservationT, MoveT]):
    """One game with people and agents; a front end's whole loop in a few calls.

    Args:
        game: the game to play.
        agents: ``{seat: agent}``, each an :class:`~cardwars.engine.Agent` or a built-in agent's
            name; every seat without one is a person.
        seed: the deal; None picks a fresh random seed (``table.state.seed``).
        pause_automatic: with people at the table, also rest before each automatic step (Clone
            War's battles), which ``play({})`` performs.

    Raises:
        UsageError: ``game`` is no :class:`~cardwars.engine.Game`, or ``agents`` is not a
            mapping of seats to agents (objects whose class has ``choose()``) or built-in
            agents' names (a ``str`` subclass read as the plain str it holds).

    >>> import cardwars
    >>> game = cardwars.load_game("guerrilla", players=3)
    >>> table = cardwars.Table(game, agents={1: "random", 2: "greedy"}, seed=4)
    >>> table.waiting_for, table.view(0).labels
    ((0,), ('play 7C', 'play KC'))
    """

    @overload
    def __init__(
        self: Table[aliwar.State, aliwar.AliwarObservation, AliwarMove],
        game: aliwar.Aliwar,
        agents: Mapping[int, SomeAgent | str] | None = None,
        *,
        seed: int | None = None,
        pause_automatic: bool = False,
    ) -> None: ...
    @overload
    def __init__(
        self: Table[clone_war.State, clone_war.CloneWarObservation, Move],
        game: clone_war.CloneWar,
        agents: Mapping[int, SomeAgent | str] | None = None,
        *,
        seed: int | None = None,
        pause_automatic: bool = False,
    ) -> None: ...
    @overload
    def __init__(
        self: Table[guerrilla.State, guerrilla.GuerrillaObservation, GuerrillaMove],
        game: guerrilla.Guerrilla,
        agents: Mapping[int, SomeAgent | str] | None = None,
        *,
        seed: int | None = None,
        pause_automatic: bool = False,
    ) -> None: ...
    @overload
    def __init__(
        self,
        game: Game[Any, StateT],
        agents: Mapping[int, SomeAgent | str] | None = None,
        *,
        seed: int | None = None,
        pause_automatic: bool = False,
    ) -> None: ...
    def __init__(
        self,
        game: Game[Any, Any],
        agents: Mapping[int, SomeAgent | str] | None = None,
        *,
        seed: int | None = None,
        pause_automatic: bool = False,
    ) -> None:
        if not issubclass(type(game), Game):  # by type(): isinstance() runs a __class__
            raise UsageError(f"Table() takes a cardwars Game, got {describe(game)}")
        if type(pause_automatic) is not bool:
            raise UsageError(
                f"pause_automatic must be True or False, got {describe(pause_automatic)}"
            )
        seated = _read_agents(game, {} if agents is None else agents)
        self._game = game
        self._state: StateT = game.new_game(seed)
        core = backend.core
        seed = self._state.seed
        self._rngs: list[Rng] = [
            core.Rng(core.derive_seed(seed, 1 + seat)) for seat in range(game.players)
        ]
        self._agents = seated
        self._people = frozenset(range(game.players)) - seated.keys()
        numbered = getattr(type(self._state), "_action_space", None) is not None
        self._choosers = {
            seat: action_chooser(agent) if numbered else None for seat, agent in seated.items()
        }
        self._pause = pause_automatic and bool(self._people)
        self._pending: dict[int, Any] = {}
        self._cursors = [0] * game.players
        self._rests: list[_Rest] = []
        self._run()

    # --- what the table is ----------------------------------------------------------------
    @property
    def game(self) -> Game[Any, StateT]:
        """The game being played."""
        return self._game

    @property
    def people(self) -> frozenset[int]:
        """The seats without an agent."""
        return self._people

    @property
    @exclusive.read
    def state(self) -> StateT:
        """A copy of the whole (god's-eye) state, never for a person's eyes; changing it changes
        nothing at the table. People's pending moves are not in it (not played yet)."""
        return self._state.copy()

    @property
    @exclusive.read
    def is_over(self) -> bool:
        """The game has ended."""
        return self._state.is_over

    @property
    @exclusive.read
    def result(self) -> Result | None:
        """The result once the game is over, else None."""
        return self._state.result

    @property
    @exclusive.read
    def waiting_for(self) -> tuple[int, ...]:
        """The polled people who have not handed in their move yet, in seat order."""
        return tuple(sorted(self._polled_people() - self._pending.keys()))

    @property
    @exclusive.read
    def automatic(self) -> bool:
        """The table rests before an automatic step (only with ``pause_automatic``)."""
        state = self._state
        return self._pause and not state.is_over and not state.to_act

    @property
    @exclusive.read
    def can_undo(self) -> bool:
        """There is a people's decision before the current one to go back to."""
        return len(self._rests) >= 2

    # --- what one seat sees -----------------------------------------------------------------
    @exclusive.read
    def view(self, seat: int, since: int | None = None) -> SeatView[ObservationT, MoveT]:
        """What ``seat`` may know now, with its events since its previous view (or ``since``).

        Raises:
            UsageError: ``seat`` is not a seat, or ``since`` is not an int >= 0.
        """
        state, text = self._state, self._game.text
        self._check_seat(seat)
        if since is not None and (type(since) is not int or since < 0):
            raise UsageError(f"since must be None or an int >= 0, got {describe(since)}")
        feed = state.events_for(seat)
        start = min(self._cursors[seat] if since is None else since, len(feed))
        start = max(start, len(feed) - MAX_VIEW_EVENTS)
        events = tuple(
            SeatEvent(index, event, text.describe(event))
            for index, event in enumerate(feed[start:], start)
        )
        self._cursors[seat] = len(feed)
        legal: tuple[MoveT, ...] = ()
        actions: tuple[int, ...] = ()
        if seat in self._polled_people():
            legal = cast("tuple[MoveT, ...]", state.legal_moves(seat))
            actions = state.legal_actions(seat)
        return SeatView(
            seat=seat,
            observation=cast("ObservationT", state.observation(seat)),
            legal_moves=legal,
            labels=tuple(text.label(move) for move in legal),
            actions=actions,
            pending=self._pending.get(seat),
            waiting=seat in self.waiting_for,
            events=events,
            events_from=start,
            event_count=len(feed),
            steps=len(state.history),
            automatic=self.automatic,
            can_undo=self.can_undo,
            result=state.result,
        )

    # --- the people's moves -----------------------------------------------------------------
    @exclusive.step
    def play(self, moves: Mapping[int, MoveT]) -> bool:
        """Hand in people's moves; play the step once every polled person has moved.

        Returns:
            True when the table played (the game moved on), False when it still waits for others.

        Raises:
            IllegalMoveError: the game is over, or a move is not legal (named, with the legal ones).
            UsageError: ``moves`` is not a mapping of seats, names a seat that is not a polled
                person, or is empty when people are polled; or the table is busy with another
                call. Whatever is raised, the table is left exactly as it was.
        """
        given = self._read_moves(moves)
        if not given and not self.automatic:
            raise UsageError(
                f"play() got no moves; the table waits for seat(s) {list(self.waiting_for)}"
            )
        old = self._pending
        pending = {**old, **given}
        if pending.keys() != self._polled_people():
            self._pending = pending
            return False
        before = (len(self._state.history), [rng.copy() for rng in self._rngs], len(self._rests))
        try:
            self._step(pending)
            self._run()
        except BaseException:
            self._rewind(*before)
            self._pending = old
            raise
        return True

    @exclusive.step
    def undo(self) -> None:
        """Go back to the people's previous decision, the agents' RNGs restored.

        Raises:
            UsageError: there is no earlier decision to go back to, or the table is busy with
                another call; nothing changes.
        """
        if not self.can_undo:
            raise UsageError("nothing to undo: the people have not decided anything yet")
        target = self._rests[-2]
        self._rewind(target.steps, list(target.rngs), len(self._rests) - 1)
        self._pending = {}

    # --- inside -----------------------------------------------------------------------------
    def _polled_people(self) -> frozenset[int]:
        state = self._state
        if state.is_over:
            return frozenset()
        return state.to_act & self._people

    def _check_seat(self, seat: object) -> None:
        players = self._game.players
        if type(seat) is not int:
            raise UsageError(
                f"a seat is an int 0..{players - 1} (a plain int, not a bool or an int "
                f"subclass), got {describe(seat)} ({type_name(seat)})"
            )
        if not 0 <= seat < players:
            raise UsageError(f"seat must be 0..{players - 1}, got {describe(seat)}")

    def _read_moves(self, moves: object) -> dict[int, Any]:
        """Read ``moves`` once into ``{seat: the state's own legal move}``, or raise."""
        if type(moves) is not dict and not _is_mapping(moves):
            raise UsageError(f"play() takes a mapping of seat -> move, got {type_name(moves)}")
        state = self._state
        if state.is_over:
            raise IllegalMoveError(f"the game is over ({state.result}); no move is accepted")
        items = _items(
            moves, f"play() could not read the mapping of seat -> move ({type_name(moves)})"
        )
        polled = self._polled_people()
        own: dict[int, Any] = {}
        for seat, move in items:
            self._check_seat(seat)  # a plain int from here on
            assert isinstance(seat, int)
            if seat not in polled:
                raise UsageError(
                    f"seat {seat} is not a person polled now; the table takes moves from "
                    f"seat(s) {sorted(polled)}"
                )
            if seat in own:
                raise UsageError(f"play() got seat {seat} twice from the mapping's items()")
            legal = state.legal_moves(seat)
            found = matching_move(move, legal)
            if found is None:  # the engine's error, fields and all (labels, wire documents)
                space = getattr(type(state), "_action_space", None)
                raise illegal_move(seat, move, legal, space, phase=state.phase.name)
            own[seat] = found
        return own

    def _step(self, people: dict[int, Any]) -> None:
        """One step: the people's moves and the agents' for every other polled seat."""
        state = self._state
        moves = dict(people)
        for seat in sorted(state.to_act - people.keys()):
            rng = self._rngs[seat]
            chooser = self._choosers[seat]
            if chooser is not None:
                legal, actions = state.legal_moves(seat), state.legal_actions(seat)
                action = chooser(actions, rng)
                if type(action) is not int or action not in actions:
                    raise IllegalMoveError(
                        f"the agent of seat {seat} chose {describe(action)}, not one of its "
                        f"legal actions {list(actions)}"
                    )
                moves[seat] = legal[actions.index(action)]
            else:
                moves[seat] = self._agents[seat].choose(
                    state.information(seat), state.legal_moves(seat), rng
                )
        self._pending = {}
        state.apply(moves)

    def _run(self) -> None:
        """Let the agents play until a person is polled or the game ends; remember the rest."""
        state = self._state
        while not state.is_over and not self._polled_people() and not self.automatic:
            self._step({})
        if self._people:
            self._rests.append(_Rest(len(state.history), tuple(rng.copy() for rng in self._rngs)))

    def _rewind(self, steps: int, rngs: list[Rng], rests: int) -> None:
        """Undo the state back to ``steps`` steps; restore the agents' RNGs and the rests."""
        state = self._state
        while len(state.history) > steps:
            state.undo()
        self._rngs = [rng.copy() for rng in rngs]
        del self._rests[rests:]
        for seat, cursor in enumerate(self._cursors):
            self._cursors[seat] = min(cursor, len(state.events_for(seat)))


def _is_mapping(value: object) -> bool:
    try:
        return isinstance(value, Mapping)
    except Exception:  # a hostile __class__
        return False


def _items(mapping: object, failed: str) -> list[tuple[object, object]]:
    """The items of ``mapping``, read once; a UsageError (``failed: the error's type``) if not."""
    try:
        return [(key, value) for key, value in cast("Mapping[object, object]", mapping).items()]
    except Exception as exc:
        raise UsageError(f"{failed}: {type_name(exc)}") from exc


def _read_agents(game: Game[Any, Any], agents: object) -> dict[int, Agent]:
    """Read ``agents`` once into ``{seat: agent}``, built-in names made agents; or raise."""
    if type(agents) is not dict and (
        not _is_mapping(agents) or issubclass(type(agents), (str, bytes, Sequence))
    ):
        raise UsageError(
            f"agents must be a mapping of seat -> agent or agent name, got {describe(agents)}"
        )
    items = _items(agents, "Table() could not read the mapping of seat -> agent")
    players = game.players
    seated: dict[int, Agent] = {}
    for seat, agent in items:
        if type(seat) is not int or not 0 <= seat < players:
            raise UsageError(
                f"agents' keys are seats, plain ints 0..{players - 1}; got {describe(seat)} "
                f"({type_name(seat)})"
            )
        if seat in seated:
            raise UsageError(f"agents names seat {seat} twice")
        # By type(): isinstance() would ask the caller's own __class__, which may raise.
        if issubclass(type(agent), str):  # as the plain str: the lookup runs none of its code
            seated[seat] = game.make_agent(str.__str__(cast("str", agent)))
        elif _has_choose(agent):
            seated[seat] = cast("Agent", agent)
        else:
            raise UsageError(
                f"the agent of seat {seat} must be a built-in agent's name "
                f"({', '.join(game.agents)}) or have a choose() method, got {describe(agent)}"
            )
    return dict(sorted(seated.items()))
