"""Undo and the per-seat event feed, shared by every game's state (a base of ``GameState``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardwars.errors import UsageError, describe

if TYPE_CHECKING:
    from typing_extensions import Self

    from cardwars.engine.bases import Event

__all__ = ["Timeline"]


class Timeline:
    """Undo and per-seat event feeds over a state's history, replayed from its start."""

    __slots__ = ("_feed", "_past", "_start")

    # The position this state started from (never stepped: replays step a copy of it),
    # and the feed's cursor: a copy of the start stepped through the first len(events)
    # steps of the history, with the events of each of those steps, and the machine
    # (``_m``) whose history it replays.
    _start: Any
    _feed: tuple[Any, list[tuple[Event, ...]], Any] | None
    # Set on the start of a determinized copy only (whose start is itself as drawn: its real
    # past is not its own to replay), so that a copy() shares it with no work: the public
    # past it was drawn with, each seat's deal events and the events of each step of its
    # history before its start. Read it with _drawn_past().
    _past: tuple[tuple[tuple[Event, ...], ...], tuple[tuple[Event, ...], ...]]

    def _mark_start(self, start: Any = None) -> None:
        """Remember ``start`` (a copy of this very state if None) as where replays begin."""
        self._feed = None
        self._start = None
        self._start = self.copy() if start is None else start  # type: ignore[attr-defined]

    def _drawn_past(
        self,
    ) -> tuple[tuple[tuple[Event, ...], ...], tuple[tuple[Event, ...], ...]] | None:
        """The public past of a determinized copy (see ``_past``), None for any other state."""
        past: tuple[tuple[tuple[Event, ...], ...], tuple[tuple[Event, ...], ...]] | None
        past = getattr(self._start, "_past", None)
        return past

    def _begin_drawn(self, source: Timeline, step_events: list[tuple[Event, ...]]) -> None:
        """Make this determinized copy of ``source`` start where it stands: :meth:`undo`
        stops here, and its feed keeps ``source``'s public past (the deal's events and
        ``step_events``, one per step of the history); nothing of ``source``'s start,
        which holds the cards the seat may not know, is kept."""
        me: Any = self
        deal = tuple(source._deal_events(seat) for seat in range(me.players))
        self._feed = None
        self._start = None
        start = me.copy()
        start._past = (deal, tuple(step_events))
        self._start = start

    # --- what each game may refine ---------------------------------------------------------
    def _deal_events(self, seat: int) -> tuple[Event, ...]:
        """The events of the deal (or of a hand-built start) that ``seat`` may see."""
        return ()

    # --- undo ------------------------------------------------------------------------------
    def undo(self) -> None:
        """Revert the last step exactly; again and again, back to the start.

        The state becomes equal to what it was before that step (history, RNG and
        the last step's events included).

        Raises:
            UsageError: there is nothing to undo: the state is at its start (for a
                determinized copy, where it was drawn).

        >>> import cardwars
        >>> state = cardwars.load_game("aliwar").new_game(seed=42)
        >>> before = state.copy()
        >>> state.apply_actions({0: 0, 1: 3})
        >>> state.undo()
        >>> state == before, len(state.history)
        (True, 0)
        """
        me: Any = self
        history = me.history
        past = self._drawn_past()
        begins = 0 if past is None else len(past[1])
        if len(history) <= begins:
            raise UsageError(
                "nothing to undo: the state is at its start"
                if past is None
                else "nothing to undo: a determinized state starts where it was drawn"
            )
        replay = self._start.copy()
        for step in history[begins:-1]:
            replay.apply(step)
        self._adopt(replay)

    def _restore(self, snapshot: Self) -> None:
        """Become exactly ``snapshot`` again (a :meth:`copy` of this state taken before),
        in place: the rollback of a caller's step that failed part way (the envs)."""
        copy: Any = snapshot
        self._adopt(copy.copy())

    def _adopt(self, other: Self) -> None:
        """Take over every attribute of ``other`` (a replay) but where replays begin."""
        start = self._start
        for cls in type(self).__mro__:
            for name in cls.__dict__.get("__slots__", ()):
                if name in ("_start", "_feed", "_past"):  # (_past is only ever a start's)
                    continue
                try:
                    value = getattr(other, name)
                except AttributeError:
                    if hasattr(self, name):
                        delattr(self, name)
                    continue
                setattr(self, name, value)
        self._start = start
        self._feed = None

    # --- the per-seat feed -----------------------------------------------------------------
    def events_for(self, seat: int, since: int = 0) -> tuple[Event, ...]:
        """Every event ``seat`` may see so far, the deal's first; from index ``since`` on.

        The feed only ever grows (until :meth:`undo`), so a front end that has
        received ``n`` events asks for ``events_for(seat, since=n)`` after each step.
        Each event in it is safe to send to ``seat``.

        Raises:
            UsageError: ``seat`` is not a seat, or ``since`` is not an int >= 0.

        >>> import cardwars
        >>> state = cardwars.load_game("aliwar").new_game(seed=42)
        >>> type(state.events_for(0)[0]).__name__
        'CardsDealt'
        >>> state.apply_actions({0: 0, 1: 3})
        >>> feed = state.events_for(1)
        >>> feed[1:] == state.last_events, state.events_for(1, since=len(feed))
        (True, ())
        """
        me: Any = self
        me._check_seat(seat)
        if type(since) is not int or since < 0:
            raise UsageError(f"since must be an int >= 0, got {describe(since)}")
        return self._feed_of(seat, self._step_events())[since:]

    def _feed_of(self, seat: int, step_events: list[tuple[Event, ...]]) -> tuple[Event, ...]:
        """``seat``'s feed: the deal's events it may see, then every step's (all public)."""
        past = self._drawn_past()
        feed = list(self._deal_events(seat) if past is None else past[0][seat])
        for events in step_events:
            feed.extend(events)
        return tuple(feed)

    def _step_events(self) -> list[tuple[Event, ...]]:
        """The events of every step of the history, replayed once and kept (do not change
        the list). Readers on several threads may call it: a kept replay is never stepped
        in place (a longer one is a new copy, kept in one assignment), and it belongs to the
        machine it was made for (an undo puts a new one in place), so one kept late by a
        reader that raced an undo is never taken for the new history's."""
        me: Any = self
        lineage = getattr(self, "_m", None)  # read first; an undo puts a new one in place
        history: tuple[Mapping[int, Any], ...] = me.history
        feed = self._feed
        if feed is None or feed[2] is not lineage or len(feed[1]) > len(history):
            past = self._drawn_past()
            feed = (self._start, [] if past is None else list(past[1]), lineage)
        cursor, events, _ = feed
        if len(events) < len(history):
            cursor, events = cursor.copy(), list(events)
            for step in history[len(events) :]:
                events.append(cursor.apply(step))
            feed = (cursor, events, lineage)
        if feed is not self._feed:
            self._feed = feed
        return events
