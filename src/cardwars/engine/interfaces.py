"""What users of the engine implement: an :class:`Agent`, and a game's :class:`GameText`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from cardwars.errors import UsageError

if TYPE_CHECKING:
    from typing_extensions import Never

    from cardwars.core_rng import Rng

__all__ = ["Agent", "GameText", "RandomAgent", "SomeAgent", "action_chooser"]


if TYPE_CHECKING:  # defaults for type checkers only: Python 3.11's TypeVar has none
    from typing_extensions import TypeVar as _DefaultTypeVar

    ObservationT = _DefaultTypeVar("ObservationT", contravariant=True, default=Any)
    MoveT = _DefaultTypeVar("MoveT", default=Any)
else:
    ObservationT = TypeVar("ObservationT", contravariant=True)
    MoveT = TypeVar("MoveT")


@runtime_checkable
class Agent(Protocol[ObservationT, MoveT]):
    """Anything that picks a move: built-in agents and your own.

    Generic in the observation it reads and the move it returns, so a typed agent
    says which game it plays: ``Agent[AliwarObservation, aliwar.Move]``; a bare
    ``Agent`` is ``Agent[Any, Any]``.

    >>> class FirstMove:
    ...     def choose(self, observation, legal_moves, rng):
    ...         return legal_moves[0]
    >>> isinstance(FirstMove(), Agent)
    True
    """

    def choose(self, observation: ObservationT, legal_moves: tuple[MoveT, ...], rng: Rng) -> MoveT:
        """Return one of ``legal_moves`` seeing only ``observation``; draw chance from ``rng``.

        The engine passes ``legal_moves`` as the tuple :meth:`GameState.legal_moves
        <cardwars.engine.GameState.legal_moves>` returns, so an agent may annotate it
        ``tuple[Move, ...]`` or, more widely, ``Sequence[Move]``: either matches.
        """
        ...


class SomeAgent(Protocol):
    """An agent of some game, whichever: what :func:`cardwars.play` and
    :func:`cardwars.simulate` take besides agent names.

    Every ``Agent[O, M]`` is a ``SomeAgent``, whatever its ``O`` and ``M``, so a
    list that mixes typed agents and names (``[FirstSwitch(), "greedy"]``) is a
    ``list[SomeAgent | str]`` with no ``Any`` in it. Nothing can call its
    :meth:`choose` (it takes no observation a checker knows of): the engine asks
    the agent as the game's own :class:`Agent`.

    >>> import cardwars
    >>> class FirstMove:
    ...     def choose(self, observation, legal_moves, rng):
    ...         return legal_moves[0]
    >>> agents: list[SomeAgent | str] = [FirstMove(), "greedy"]
    >>> cardwars.play(cardwars.load_game("aliwar"), agents, seed=1).is_over
    True
    """

    def choose(self, observation: Never, legal_moves: Never, rng: Rng) -> object:
        """The agent's choice (see :meth:`Agent.choose`)."""
        ...


_M = TypeVar("_M")


class RandomAgent:
    """Picks ``legal_moves[rng.below(len(legal_moves))]``: one draw per decision.

    Every game offers it as ``"random"``; the compiled batch loops replay exactly
    this agent.

    >>> from cardwars import Rng
    >>> agent, rng = RandomAgent(), Rng(42)
    >>> [agent.choose(None, "abcd", rng) for _ in range(4)]
    ['c', 'a', 'b', 'b']
    """

    name = "random"

    def choose(self, observation: Any, legal_moves: Sequence[_M], rng: Rng) -> _M:
        """Return a uniformly random legal move."""
        if not legal_moves:
            raise UsageError("RandomAgent.choose() was given no legal moves")
        return legal_moves[rng.below(len(legal_moves))]

    def choose_action(self, legal_actions: Sequence[int], rng: Rng) -> int:
        """:meth:`choose` on integer actions: the same draw, so the same pick.

        :func:`cardwars.play` calls it instead of :meth:`choose` (see
        :func:`~cardwars.engine.interfaces.action_chooser`), which spares building an
        observation the agent never reads.
        """
        if not legal_actions:
            raise UsageError("RandomAgent.choose_action() was given no legal actions")
        return legal_actions[rng.below(len(legal_actions))]

    def __repr__(self) -> str:
        return "RandomAgent()"


def action_chooser(agent: object) -> Callable[[Sequence[int], Rng], int] | None:
    """The agent's ``choose_action(legal_actions, rng)``, when it stands for its ``choose``.

    An agent that needs nothing but the legal moves may also offer ``choose_action``,
    which must pick the action of the move ``choose`` would pick, with the same draws.
    It is used only when it is defined on the class that defines the agent's
    ``choose`` or on a subclass of it, so a subclass that overrides ``choose`` alone
    is always asked through ``choose``.

    >>> from cardwars.engine.interfaces import RandomAgent, action_chooser
    >>> class Loud(RandomAgent):
    ...     def choose(self, observation, legal_moves, rng):
    ...         return legal_moves[0]
    >>> action_chooser(RandomAgent()) is not None, action_chooser(Loud())
    (True, None)
    """
    cls = type(agent)
    owner_of_choose = next((c for c in cls.__mro__ if "choose" in c.__dict__), None)
    owner_of_action = next((c for c in cls.__mro__ if "choose_action" in c.__dict__), None)
    if (
        owner_of_choose is None
        or owner_of_action is None
        or not issubclass(owner_of_action, owner_of_choose)
    ):
        return None
    chooser: Callable[[Sequence[int], Rng], int] = agent.choose_action  # type: ignore[attr-defined]
    return chooser


@runtime_checkable
class GameText(Protocol):
    """What every game's text interface offers a terminal or chat front end.

    Each game's instance is :attr:`cardwars.engine.Game.text` (e.g.
    :class:`~cardwars.aliwar.text.AliwarText`). A move's label is its ``str()``, numbering
    seats, stacks and columns from 0 as the JSON of :mod:`cardwars.wire` does; :meth:`parse`
    reads every label back. The built-in texts also have ``BOARD``, the legend of their
    boards, which ``help`` in ``cardwars play`` shows.

    >>> import cardwars
    >>> from cardwars.engine.interfaces import GameText
    >>> game = cardwars.load_game("aliwar")
    >>> state = game.new_game(seed=42)
    >>> move = state.legal_moves(0)[0]
    >>> isinstance(game.text, GameText), game.text.label(move), str(move)
    (True, '0 1', '0 1')
    >>> game.text.parse("0 1", state, 0) == move
    True
    """

    NOTATION: str
    """How moves are typed, for help screens."""

    def label(self, move: Any) -> str:
        """The short text (the ``str()``) of ``move``, one of the game's
        :class:`~cardwars.engine.Move` objects; :meth:`parse` reads it back."""
        ...

    def parse(self, text: str, state: Any, seat: int) -> Any:
        """The legal :class:`~cardwars.engine.Move` of ``seat`` in ``state`` (a
        :class:`~cardwars.engine.GameState` of the game), one of
        ``state.legal_moves(seat)``, that the typed ``text`` names.

        Raises:
            IllegalMoveError: ``text`` names none of them (the message lists their labels).
        """
        ...

    def render(self, observation: Any) -> str:
        """One seat's view, ``observation`` (a :class:`~cardwars.engine.Observation`,
        ``state.observation(seat)``), as a text board of several lines; never a card that
        seat may not know."""
        ...

    def describe(self, event: Any) -> str | None:
        """A one-line description of ``event`` (one of the game's
        :class:`~cardwars.engine.Event` objects), or None for events not worth a line."""
        ...

    def render_state(self, state: Any) -> str:
        """The whole (god's-eye) ``state`` (a :class:`~cardwars.engine.GameState` of the
        game) as a text board of several lines."""
        ...
