"""Duel's encodings for the RL envs (:class:`~cardwars.authoring.Encoding`), written only
against :mod:`cardwars.authoring`: the layout of the flat vectors, their reference
encoders, and OpenSpiel's observation tensor.

The observation vector of seat ``s``: ``seat`` (one-hot), ``phase`` (one-hot: play,
over), ``hand`` (a 0/1 flag per card id), ``opponent_cards`` (0..26) and ``points``
(each seat's, by absolute seat). The god's-eye state vector: ``phase``, ``hands`` (a
0/1 flag per card id, seat 0's then seat 1's) and ``points``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from cardwars.authoring import Card, Encoding, layout

__all__ = ["encoding"]

PHASES = ("play", "over")


class _Options(Protocol):
    @property
    def hand_size(self) -> int: ...


def _flags(cards: Sequence[Card]) -> list[int]:
    out = [0] * 52
    for card in cards:
        out[card.id] = 1
    return out


def _one_hot(index: int, length: int) -> list[int]:
    out = [0] * length
    out[index] = 1
    return out


def encoding(rules: _Options) -> Encoding:
    """Duel's encodings under ``rules`` (what ``Duel.encoding()`` returns)."""
    fields, high = layout(
        [
            ("seat", 2, 1),
            ("phase", 2, 1),
            ("hand", 52, 1),
            ("opponent_cards", 1, 26),
            ("points", 2, 26),
        ]
    )
    state_fields, state_high = layout([("phase", 2, 1), ("hands", 104, 1), ("points", 2, 26)])

    def observe(obs: Any) -> list[int]:
        return [
            *_one_hot(obs.seat, 2),
            *_one_hot(PHASES.index(obs.phase.value), 2),
            *_flags(obs.hand),
            obs.opponent_cards,
            *obs.points,
        ]

    def god(state: Any) -> list[int]:
        first = state.observation(0)
        return [
            *_one_hot(PHASES.index(first.phase.value), 2),
            *_flags(state.hands[0]),
            *_flags(state.hands[1]),
            *first.points,
        ]

    def fill(views: Mapping[str, Any], obs: Any) -> None:
        for card in obs.hand:
            views["hand"][card.id] = 1
        views["opponent_cards"][0] = obs.opponent_cards / 26
        views["points"][0] = obs.points[obs.seat] / 26
        views["points"][1] = obs.points[1 - obs.seat] / 26
        views["phase"][PHASES.index(obs.phase.value)] = 1

    def public(obs: Any) -> Any:
        return dataclasses.replace(obs, hand=())

    return Encoding(
        fields=fields,
        high=high,
        observe=observe,
        state_fields=state_fields,
        state_high=state_high,
        state=god,
        big=(),
        shared_seat=False,
        tensor_pieces=(
            ("hand", (52,)),
            ("opponent_cards", (1,)),
            ("points", (2,)),
            ("phase", (2,)),
        ),
        tensor_fill=fill,
        public=public,
        private=True,
        max_steps=rules.hand_size,
    )
