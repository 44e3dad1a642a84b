"""Guerrilla's vector tables: the pure-Python twin of ``_vector.pxi``.

:class:`GuerrillaTables` is :class:`~cardwars.core_tables.MachineTables` (which states what
a step of the tables does) over Guerrilla's machine: the learner at ``seat``, the
opponents at every other seat choosing as the batch loop's agents do (the machine's
``greedy_action``, or a uniform draw among the legal actions), and the learner's
observation as :mod:`cardwars.envs.encoding` lays it out (``64 * players + 115`` floats;
the action mask 2,968 bytes). The end at ``max_skirmishes`` is a truncation.
"""

from __future__ import annotations

from typing import Any

from cardwars.core_rng import Rng
from cardwars.core_tables import MachineTables
from cardwars.guerrilla.machine import GuerrillaMachine, guerrilla_deal
from cardwars.guerrilla.steps import NUM_ACTIONS

__all__ = ["GuerrillaTables"]

_IDS = tuple(range(52))  # the tables' machines are labelled by the card ids themselves
_MAX_SKIRMISHES = 2  # the termination at the cap, in the order of guerrilla.TERMINATIONS


class GuerrillaTables(MachineTables):
    """``count`` Guerrilla tables of ``players`` seats, the learner at ``seat`` against
    agent code ``opponent`` (0 random, 1 greedy) at every other seat, under the machine's
    int options (``guerrilla_deal``'s)."""

    _num_actions = NUM_ACTIONS

    def __init__(
        self, count: object, players: object, seat: object, opponent: object, **options: Any
    ) -> None:
        if type(players) is not int or not 2 <= players <= 4:
            raise ValueError(f"players must be 2..4, got {players!r}")
        super().__init__(count, seat, opponent, players)
        guerrilla_deal(_IDS, players, 0, **options)  # the machine's own checks of the options
        self.options = options
        self._observation_size = 64 * players + 115

    def _deal_machine(self, game_seed: int) -> GuerrillaMachine:
        return guerrilla_deal(_IDS, self.players, game_seed, **self.options)

    def _opponent_action(self, machine: GuerrillaMachine, seat: int, rng: Rng) -> int:
        if self.opponent == 1:
            return machine.greedy_action(seat)
        legal = machine.legal_actions(seat)
        return legal[rng.below(len(legal))]

    def _encode(self, machine: GuerrillaMachine, out: Any) -> None:
        machine.encode_observation(self.seat, out)

    def _capped(self, termination: int) -> bool:
        return termination == _MAX_SKIRMISHES

    def _winners(self, machine: GuerrillaMachine) -> tuple[int, ...]:
        return machine.winners
