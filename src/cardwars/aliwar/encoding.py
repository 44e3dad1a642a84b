"""Aliwar's encodings (:class:`~cardwars.vectors.Encoding`): the layout and reference encoders.

The machine writes the same flat vectors; these readable Python encoders are what the tests
compare it with (:ref:`the encodings <aliwar-encoding>`). NumPy-free.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Protocol

from cardwars.aliwar.moves import AliwarObservation
from cardwars.aliwar.rules import Rules
from cardwars.cards import Card
from cardwars.engine import Game
from cardwars.vectors import Encoding, code, codes, flags, layout, one_hot, result_codes


class _Board(Protocol):
    """What the god's-eye encoder reads of a state (``aliwar.State`` is one): the game's
    folder imports this module, so it names the state by what it reads, not by class."""

    @property
    def stacks(self) -> tuple[tuple[tuple[Card, ...], ...], ...]: ...

    def observation(self, player: int) -> AliwarObservation: ...


__all__ = ["DEPTH", "OBSERVATION_SIZE", "STATE_SIZE", "UNKNOWN", "encoding"]

UNKNOWN: Final = 53
"""The card code of a face-down card never seen."""
DEPTH: Final = 52
"""Slots per stack (no stack holds more than the deck)."""
OBSERVATION_SIZE: Final = 609
"""The length of a seat's observation vector."""
STATE_SIZE: Final = 607
"""The length of the god's-eye state vector."""

_PHASES: Final = ("switch", "keep", "over")
_STACKS: Final = 5


def encoding(game: Game[Rules, Any]) -> Encoding:
    """Aliwar's :class:`~cardwars.vectors.Encoding` under ``game``'s rules."""
    rules = game.rules
    terminations = game.terminations
    public: list[tuple[str, int, float]] = [
        ("phase", 3, 1),
        ("to_act", 2, 1),
        ("rounds", 1, rules.max_rounds),
        ("no_progress", 1, rules.no_progress_limit),
    ]
    tail: list[tuple[str, int, float]] = [
        ("face_up", 2 * _STACKS, 1),
        ("protection", 2, 52),
        ("won", 2 * _STACKS, 52),
        ("discard", 52, 52),
        ("winners", 2, 1),
        ("termination", len(terminations), 1),
    ]
    fields, high = layout(
        [("seat", 2, 1), *public, ("stacks", 2 * _STACKS * DEPTH, UNKNOWN), *tail]
    )
    state_fields, state_high = layout([*public, ("stacks", 2 * _STACKS * DEPTH, 52), *tail])

    def head(obs: AliwarObservation) -> list[int]:
        return [
            *one_hot(_PHASES.index(obs.phase.value), 3),
            *flags(obs.to_act, 2),
            obs.rounds,
            obs.no_progress,
        ]

    def rest(obs: AliwarObservation) -> list[int]:
        out = [1 if up else 0 for side in obs.face_up for up in side]
        out += [code(card) for card in obs.protection]
        for side in obs.won:
            out += codes(side, _STACKS)
        out += codes(obs.discard, 52)
        return out + result_codes(obs.result, 2, terminations)

    def piles(sides: Sequence[Sequence[Sequence[Card | None]]]) -> list[int]:
        out: list[int] = []
        for side in sides:
            for pile in side:
                out += [UNKNOWN if card is None else card.id + 1 for card in pile]
                out += [0] * (DEPTH - len(pile))
        return out

    def observe(obs: AliwarObservation) -> list[int]:
        return [*one_hot(obs.seat, 2), *head(obs), *piles(obs.stacks), *rest(obs)]

    def god(state: _Board) -> list[int]:
        obs = state.observation(0)
        return [*head(obs), *piles(state.stacks), *rest(obs)]

    def fill(views: Mapping[str, Any], obs: AliwarObservation) -> None:
        _tensor_fill(views, obs, rules)

    return Encoding(
        fields=fields,
        high=high,
        observe=observe,
        state_fields=state_fields,
        state_high=state_high,
        state=god,
        big=("rounds", "no_progress"),
        shared_seat=True,  # both seats know the same (AW-8.4)
        tensor_pieces=_TENSOR_PIECES,
        tensor_fill=fill,
        public=_public,
        private=False,
        max_steps=2 * int(rules.max_rounds),  # a Switch and at most one Keep step a round
    )


def _public(obs: AliwarObservation) -> AliwarObservation:
    """Aliwar has no private information: the whole observation is public."""
    return obs


# --- OpenSpiel's observation tensor (seats relative to the observer) --------------------------
_TENSOR_PIECES: Final[tuple[tuple[str, tuple[int, ...]], ...]] = (
    ("phase", (3,)),  # SWITCH, KEEP, OVER
    ("to_act", (2,)),
    # per card: 0-4 own stacks, 5-9 the opponent's, 10-11 protection (own, other),
    # 12-13 won this round (own, other), 14 discarded, 15 not seen (face down, never seen)
    ("card_location", (52, 16)),
    ("card_depth", (52,)),  # its depth in its stack / 52 (0 = the top)
    ("stack_sizes", (2, 5)),  # cards / 52
    ("face_up", (2, 5)),
    ("progress", (2,)),  # rounds / max_rounds, no_progress / no_progress_limit
)


def _tensor_fill(views: Mapping[str, Any], obs: AliwarObservation, rules: Rules) -> None:
    seat = obs.seat
    order = (seat, 1 - seat)
    views["phase"][_PHASES.index(obs.phase.value)] = 1
    location = views["card_location"]
    for r, s in enumerate(order):
        views["to_act"][r] = s in obs.to_act
        for t, stack in enumerate(obs.stacks[s]):
            views["stack_sizes"][r, t] = len(stack) / 52
            views["face_up"][r, t] = obs.face_up[s][t]
            for depth, card in enumerate(stack):
                if card is not None:
                    location[card.id, 5 * r + t] = 1
                    views["card_depth"][card.id] = depth / 52
        location[obs.protection[s].id, 10 + r] = 1
        for card in obs.won[s]:
            location[card.id, 12 + r] = 1
    for card in obs.discard:
        location[card.id, 14] = 1
    location[:, 15] = ~location[:, :15].any(axis=1)  # not seen: in no place above
    views["progress"][:] = (
        min(obs.rounds / rules.max_rounds, 1.0),
        min(obs.no_progress / rules.no_progress_limit, 1.0),
    )
