"""Aliwar's vector tables: the pure-Python twin of ``_vector.pxi``.

:class:`AliwarTables` is :class:`~cardwars.core_tables.MachineTables` (which states what a
step of the tables does) over Aliwar's machine: the learner at ``seat``, the opponent at
the other seat choosing as the batch loop's agents do (:mod:`cardwars.aliwar.batch`), and
the learner's observation as :mod:`cardwars.envs.encoding` lays it out (609 floats; the
action mask 277 bytes). A cap (``no_progress``, ``max_rounds``) is a truncation.
"""

from __future__ import annotations

from typing import Any

from cardwars.aliwar.batch import greedy_action
from cardwars.aliwar.codes import NO_PROGRESS
from cardwars.aliwar.machine import AliwarMachine, aliwar_deal
from cardwars.aliwar.steps import _flag, _limit
from cardwars.core_rng import Rng
from cardwars.core_tables import MachineTables

__all__ = ["AliwarTables"]

_IDS = tuple(range(52))  # the tables' machines are labelled by the card ids themselves


class AliwarTables(MachineTables):
    """``count`` Aliwar tables, the learner at ``seat`` against agent code ``opponent``
    (0 random, 1 greedy), under the machine's int options; ``recall`` is
    ``view_recall == "perfect"`` (the observations show every once-seen card)."""

    _observation_size = 609
    _num_actions = 277

    def __init__(
        self,
        count: object,
        seat: object,
        opponent: object,
        recall: object,
        allow_null_switch: int = 0,
        kept_card_position: int = 0,
        double_loss_result: int = 0,
        no_progress_limit: int = 100,
        max_rounds: int = 1000,
        cap_result: int = 0,
    ) -> None:
        super().__init__(count, seat, opponent, 2)
        self.recall = bool(_flag(recall, "recall"))
        self.options = {
            "allow_null_switch": _flag(allow_null_switch, "allow_null_switch"),
            "kept_card_position": _flag(kept_card_position, "kept_card_position"),
            "double_loss_result": _flag(double_loss_result, "double_loss_result"),
            "no_progress_limit": _limit(no_progress_limit, "no_progress_limit"),
            "max_rounds": _limit(max_rounds, "max_rounds"),
            "cap_result": _flag(cap_result, "cap_result"),
        }

    def _deal_machine(self, game_seed: int) -> AliwarMachine:
        return aliwar_deal(_IDS, game_seed, **self.options)

    def _opponent_action(self, machine: AliwarMachine, seat: int, rng: Rng) -> int:
        legal = machine.legal_actions(seat)
        if self.opponent == 1:
            return greedy_action(machine, seat, legal)
        return legal[rng.below(len(legal))]

    def _encode(self, machine: AliwarMachine, out: Any) -> None:
        machine.encode_observation(self.seat, self.recall, out)

    def _capped(self, termination: int) -> bool:
        return termination >= NO_PROGRESS

    def _winners(self, machine: AliwarMachine) -> tuple[int, ...]:
        return () if machine.winner < 0 else (machine.winner,)
