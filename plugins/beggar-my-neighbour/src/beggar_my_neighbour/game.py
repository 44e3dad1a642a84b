"""The game :class:`BeggarMyNeighbour`: what it says of itself, its deal, :meth:`play_hands`
and its whole-game batch loop (the one cardwars' ``simulate`` drives)."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from cardwars.authoring import (
    ActionSpace,
    Agent,
    Card,
    Game,
    Move,
    Observation,
    RandomAgent,
    check_players,
)

from beggar_my_neighbour import _backend
from beggar_my_neighbour.moves import ACTIONS, BeggarObservation
from beggar_my_neighbour.rules import TERMINATIONS, Rules, check_rules
from beggar_my_neighbour.state import State, hands_of, read_position
from beggar_my_neighbour.text import TEXT, BeggarText

__all__ = ["BeggarMyNeighbour", "Outcome"]


class Outcome(NamedTuple):
    """How a game from two hands ends (:meth:`BeggarMyNeighbour.play_hands`)."""

    winner: int | None
    """The seat that won, None when the cycle rule ended the game."""
    tricks: int
    """Tricks played: piles taken, the last pile not counted (BMN-8)."""
    cards: int
    """Cards played (BMN-8)."""
    cycle: int | None
    """The cycle's length in tricks (BMN-7), None when somebody won."""


class BeggarMyNeighbour(Game[Rules, State]):
    """Beggar-my-neighbour for two players (BMN-1).

    >>> game = BeggarMyNeighbour()
    >>> game.play_hands("---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---")
    Outcome(winner=1, tricks=1164, cards=8345, cycle=None)
    >>> game.play_hands("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA")
    Outcome(winner=None, tricks=66, cards=474, cycle=62)
    """

    name: ClassVar[str] = "beggar-my-neighbour"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    rules_type: ClassVar[type[Rules]] = Rules
    terminations: ClassVar[tuple[str, ...]] = TERMINATIONS
    rules_file: ClassVar[str] = "beggar-my-neighbour.md"
    length_unit: ClassVar[str] = "tricks"
    text: ClassVar[BeggarText] = TEXT
    agents: ClassVar[Mapping[str, Callable[[], Agent]]] = {
        "random": RandomAgent,
        "greedy": RandomAgent,
    }
    """Nobody decides anything, so every agent plays the same games; ``"greedy"`` is here so
    that the name every game offers (``cardwars play``'s default) works."""
    batch_agents: ClassVar[frozenset[str]] = frozenset({"random", "greedy"})
    action_space: ClassVar[ActionSpace[Move]] = ACTIONS
    observation_type: ClassVar[type[Observation]] = BeggarObservation

    def __init__(self, players: int = 2, rules: Rules | None = None) -> None:
        self._players = check_players(self.name, players, 2, 2)
        self._rules = check_rules(Rules() if rules is None else rules)

    def new_game(self, seed: int | None = None) -> State:
        """Deal a game from ``seed`` (BMN-2); None picks a fresh random seed."""
        state = super().new_game(seed)
        assert isinstance(state, State)
        return state

    def _deal(self, seed: int) -> State:
        return State._deal(self._rules, seed)

    def _from_position(self, position: Any, seed: int) -> State:
        return read_position(self._rules, position, seed)

    def from_hands(
        self, hand0: str | Sequence[Card | str], hand1: str | Sequence[Card | str]
    ) -> State:
        """The start from two hands (record notation or cards, top first; seat 0 leads),
        to step, show or record like any deal: :meth:`State.from_hands`."""
        return State.from_hands([hand0, hand1], rules=self._rules)

    def play_hands(
        self, hand0: str | Sequence[Card | str], hand1: str | Sequence[Card | str]
    ) -> Outcome:
        """Play the game of two hands to its end (the batch loop's own play: no events).

        Raises:
            RulesError: hands that are no position of the deck (:func:`hands_of`).
            CardParseError: card text that is no card.
        """
        options = self._rules.machine_options()
        ending, winner, tricks, cards, cycle = _backend.rules("tricks").outcome(
            hands_of(self._rules, [hand0, hand1]), options["demands"], options["reverse"]
        )
        if ending == TERMINATIONS.index("cycle"):
            return Outcome(None, tricks, cards, cycle)
        return Outcome(winner, tricks, cards, None)

    def deal_notation(self, state: State) -> str:
        """The hands of ``state`` in record notation, ``"hand 0 / hand 1"`` (BMN-9)."""
        first, second = state.notation
        return f"{first} / {second}"

    def deal_figures(self, state: State) -> dict[str, int]:
        """The cards a finished game played, and its cycle's length (0: none)."""
        return {"cards": state.cards, "cycle": state.cycle or 0}

    def run_batch(
        self, agents: Sequence[str], seed: int, start: int, count: int
    ) -> dict[str, array[int]]:
        """Play games ``start .. start+count-1`` in the rules' batch loop: game ``k`` is dealt
        from ``derive_seed(seed, k)`` and is the game a state dealt from that seed plays.

        Returns:
            ``array.array`` columns: ``"length"`` (tricks), ``"cards"``, ``"cycle"``
            (tricks, 0 for none), ``"winner"`` (seat, -1 for a cycle), ``"termination"``.

        Raises:
            UsageError: ``agents`` is not two built-in agent names.
        """
        self._check_batch(agents)
        options = self._rules.machine_options()
        columns: dict[str, array[int]] = _backend.rules("tricks").bmn_batch(
            seed, start, count, options["demands"], options["reverse"]
        )
        return columns
