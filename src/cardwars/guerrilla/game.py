"""The :class:`Guerrilla` game: what it says of itself, its deal, and the whole-game batch loop
(``guerrilla_batch`` of ``guerrilla/greedy.py``, used compiled only)."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from typing import Any, ClassVar

from cardwars import backend
from cardwars.engine import ActionSpace, Agent, Game, Move, Observation, RandomAgent
from cardwars.errors import RulesError, UsageError, describe
from cardwars.guerrilla.agents import GreedyAgent, IsmctsAgent
from cardwars.guerrilla.encoding import encoding as _encoding
from cardwars.guerrilla.moves import ACTIONS, BATCH, TABLES, GuerrillaObservation
from cardwars.guerrilla.position import Position
from cardwars.guerrilla.rules import TERMINATIONS, Rules
from cardwars.guerrilla.state import State
from cardwars.guerrilla.text import TEXT, GuerrillaText
from cardwars.options import check_players
from cardwars.vectors import Encodable, Encoding

__all__ = ["BATCH_AGENTS", "Guerrilla", "batch_supports", "run_batch"]

# The agent codes of the batch loop (``guerrilla/greedy.py``: 0 random, 1 greedy).
_AGENT_CODES: dict[str, int] = {"random": 0, "greedy": 1}


class Guerrilla(Game[Rules, State], Encodable):
    """WAR: Guerrilla Tactics for 2–4 players.

    Args:
        players: 2, 3 or 4 (exactly 2 with ``rules.two_suit_variant``).
        rules: the options; default ``Rules()`` (the rulings).

    Raises:
        RulesError: a bad player count or combination.

    >>> Guerrilla(players=3, rules=Rules(two_suit_variant=True))
    Traceback (most recent call last):
    ...
    cardwars.errors.RulesError: two_suit_variant is for 2 players, got players=3
    >>> Guerrilla.rules_file, Guerrilla.terminations[0], sorted(Guerrilla.batch_agents)
    ('003_guerrilla.md', 'last_player', ['greedy', 'random'])
    """

    name: ClassVar[str] = "guerrilla"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    rules_type: ClassVar[type[Rules]] = Rules
    terminations: ClassVar[tuple[str, ...]] = TERMINATIONS
    rules_file: ClassVar[str] = "003_guerrilla.md"
    length_unit: ClassVar[str] = "skirmishes"
    text: ClassVar[GuerrillaText] = TEXT
    """Guerrilla's text interface, :data:`cardwars.guerrilla.text.TEXT` (a
    :class:`~cardwars.guerrilla.text.GuerrillaText`): labels and parsing, boards, event lines."""
    agents: ClassVar[Mapping[str, Callable[[], Agent]]] = {
        "random": RandomAgent,
        "greedy": GreedyAgent,
        "ismcts": IsmctsAgent,
    }
    batch_agents: ClassVar[frozenset[str]] = frozenset(_AGENT_CODES)
    action_space: ClassVar[ActionSpace[Move]] = ACTIONS
    """The 2968 actions of :data:`~cardwars.guerrilla.moves.ACTIONS`."""
    observation_type: ClassVar[type[Observation]] = GuerrillaObservation
    """What :meth:`State.observation` returns: :class:`~cardwars.guerrilla.GuerrillaObservation`."""

    def __init__(self, players: int = 2, rules: Rules | None = None) -> None:
        self._players = check_players("guerrilla", players, 2, 4)
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a guerrilla.Rules, got {describe(rules)}")
        if rules.two_suit_variant and players != 2:
            raise RulesError(f"two_suit_variant is for 2 players, got players={players}")
        self._rules = rules

    def describe_deal(self, state: State) -> tuple[str, ...]:
        """Each seat's hand and the size of its draw pile.

        >>> Guerrilla().describe_deal(Guerrilla().new_game(seed=1))[0][:9]
        'P0: hand '
        """
        return tuple(
            f"P{seat}: hand {' '.join(map(str, state.hands[seat])) or '-'}, "
            f"draw pile {len(state.draw_piles[seat])} cards"
            for seat in range(state.players)
        )

    def _deal(self, seed: int) -> State:
        return State.deal(self._rules, self._players, seed)

    def _from_position(self, position: Any, seed: int) -> State:
        names = {field.name for field in fields(Position)} - {"rules", "players", "rng_seed"}
        if not isinstance(position, dict) or set(position) != names:
            raise RulesError(f"a Guerrilla position has the fields {sorted(names)}")
        state = State.from_position(rules=self._rules, rng_seed=seed, **position)
        if state.players != self._players:
            raise RulesError(f"the position has {state.players} seats, the game {self._players}")
        return state

    def encoding(self) -> Encoding:
        """The vector encodings of this game's observations and states, for the RL adapters
        (:mod:`cardwars.guerrilla.encoding`, :mod:`cardwars.envs.encoding`)."""
        return _encoding(self)

    def new_game(self, seed: int | None = None) -> State:
        """Deal a game from ``seed``; it rests at the first Play poll (after the first Draw)."""
        state = super().new_game(seed)
        assert isinstance(state, State)
        return state

    # --- the whole-game batch loop (compiled core only) ---------------------------------
    def vector_tables(self, count: int, seat: int, opponent: str) -> Any:
        """The core's ``count`` tables of this game for :mod:`cardwars.envs.vector`: the
        learner at ``seat``, the built-in ``opponent`` at every other seat (``"random"`` under
        every option, ``"greedy"`` under the rules of :meth:`supports_batch`; both backends).

        Raises:
            UsageError: another opponent, or ``"greedy"`` under other rules."""
        if type(opponent) is not str or opponent not in _AGENT_CODES:
            raise UsageError(
                f"the vector env's opponent is one of {sorted(_AGENT_CODES)}, "
                f"got {describe(opponent)}"
            )
        rules = self._rules
        if opponent == "greedy" and not self._batch_rules():
            raise UsageError(
                "the vector env's greedy opponent plays the default rules (but "
                "two_suit_variant and max_skirmishes); use opponent='random', or "
                "gymnasium.make_vec(..., vectorization_mode='sync') for these rules"
            )
        return TABLES.module.GuerrillaTables(
            count, self._players, seat, _AGENT_CODES[opponent], **rules.machine_options()
        )

    def supports_batch(self, agents: Sequence[object]) -> bool:
        """True when the compiled loop plays these agents under these rules.

        Beyond the engine's check, the rules must be the defaults but ``two_suit_variant`` and
        ``max_skirmishes``, on the compiled build; else :func:`cardwars.simulate` uses
        :func:`cardwars.play`.

        >>> Guerrilla(2, Rules(kicker=True)).supports_batch(["random", "greedy"])
        False
        """
        if not super().supports_batch(agents):
            return False
        # Interpreted, simulate() plays the same games through the state machine.
        return backend.BACKEND == "compiled" and self._batch_rules()

    def _batch_rules(self) -> bool:
        """Whether the rules are the defaults but ``two_suit_variant`` and ``max_skirmishes``."""
        rules = self._rules
        return rules == Rules(
            two_suit_variant=rules.two_suit_variant, max_skirmishes=rules.max_skirmishes
        )

    def run_batch(
        self, agents: Sequence[str], seed: int, start: int, count: int
    ) -> dict[str, array[int]]:
        """Play games ``start .. start+count-1`` in the compiled whole-game loop.

        Game ``k`` is dealt from ``derive_seed(seed, k)`` and is exactly the game
        :func:`cardwars.play` plays with the same agents (by name) from that seed.

        Returns:
            ``array.array`` columns ``"length"`` (skirmishes), ``"winner"`` (seat or -1),
            ``"termination"`` (index into :data:`~cardwars.guerrilla.rules.TERMINATIONS`)
            and ``"guerrilla_rank"`` (the final G).

        Raises:
            UsageError: :meth:`supports_batch` is False: an agent not in
                :attr:`~cardwars.engine.Game.batch_agents`, the wrong number of
                agents, rules the loop does not implement, or the pure-Python backend."""
        self._check_batch(agents)
        options = self._rules.machine_options()
        columns: dict[str, array[int]] = BATCH.module.guerrilla_batch(
            seed,
            start,
            count,
            self._players,
            options["two_suit_variant"],
            [_AGENT_CODES[agent] for agent in agents],
            options["max_skirmishes"],
        )
        return columns


# --- the module-level hooks, kept for existing callers -----------------------------------

BATCH_AGENTS: frozenset[str] = Guerrilla.batch_agents
"""The built-in agents the compiled batch loop plays, by name (``Guerrilla.batch_agents``)."""


def batch_supports(game: Guerrilla) -> bool:
    """True when the compiled batch loop plays ``game``'s rules (:meth:`Guerrilla.supports_batch`).

    >>> batch_supports(Guerrilla(2, Rules(two_suit_variant=True))), batch_supports(
    ...     Guerrilla(2, Rules(kicker=True)))
    (True, False)
    """
    return game.supports_batch(["random"] * game.players)


def run_batch(
    game: Guerrilla, agents: Sequence[str], seed: int, start: int, count: int
) -> dict[str, array[int]]:
    """Play games ``start .. start+count-1`` in the compiled loop: :meth:`Guerrilla.run_batch`.

    >>> out = run_batch(Guerrilla(3), ["random"] * 3, seed=1, start=0, count=5)
    >>> len(out["length"]), all(t < len(TERMINATIONS) for t in out["termination"])
    (5, True)
    """
    return game.run_batch(agents, seed, start, count)
