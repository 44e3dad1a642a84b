"""Guerrilla's encodings (:class:`~cardwars.vectors.Encoding`): the layout and reference encoders.

The machine writes the same flat vectors; the Python encoders here are the readable reference the
tests compare it with. NumPy-free.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Final, Protocol

from cardwars.cards import Card
from cardwars.engine import Game, Result
from cardwars.guerrilla.moves import GuerrillaObservation
from cardwars.guerrilla.rules import Rules
from cardwars.vectors import Encoding, code, codes, flags, layout, one_hot, result_codes


class _Board(Protocol):
    """What the god's-eye encoder reads of a state (``guerrilla.State`` is one): the game's
    folder imports this module, so it names the state by what it reads, not by class."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...

    @property
    def draw_piles(self) -> tuple[tuple[Card, ...], ...]: ...

    @property
    def discard_piles(self) -> tuple[tuple[Card, ...], ...]: ...

    @property
    def tie_rounds(self) -> tuple[tuple[tuple[int, Card, Card | None], ...], ...]: ...

    @property
    def result(self) -> Result | None: ...

    def observation(self, player: int) -> GuerrillaObservation: ...


__all__ = ["TIE_ROUNDS", "encoding", "observation_size", "state_size"]

TIE_ROUNDS: Final = 26
"""Tie rounds encoded (each round takes at least two cards)."""

_PHASES: Final = ("propose", "respond", "play_first", "play", "support", "tie", "remove", "over")


def observation_size(players: int) -> int:
    """The length of a seat's observation vector with ``players`` seats."""
    return 64 * players + 115


def state_size(players: int) -> int:
    """The length of the god's-eye state vector with ``players`` seats."""
    return 243 * players + 66


def encoding(game: Game[Rules, Any]) -> Encoding:
    """Guerrilla's :class:`~cardwars.vectors.Encoding` under ``game``'s rules and seats."""
    players = game.players
    terminations = game.terminations
    rules = game.rules
    max_skirmishes = rules.max_skirmishes
    seat_flags: list[tuple[str, int, float]] = [
        ("guerrilla_rank", 1, 6),
        ("skirmish", 1, max_skirmishes),
        ("in_game", players, 1),
        ("played_guerrilla", players, 1),
        ("support_penalty", players, 1),
        ("spy_first", players, 1),
    ]
    shown_fields: list[tuple[str, int, float]] = [
        ("removed", 52, 52),
        ("played", players, 52),
        ("supports", players, 52),
    ]
    end: list[tuple[str, int, float]] = [("proposer", players + 1, 1)]
    fields, high = layout(
        [
            ("seat", players, 1),
            ("phase", 8, 1),
            ("to_act", players, 1),
            ("hand", 52, 52),
            *seat_flags,
            ("hand_sizes", players, 52),
            ("draw_sizes", players, 52),
            ("discard_sizes", players, 52),
            *shown_fields,
            ("tie_rounds", TIE_ROUNDS * players * 2, 52),
            *end,
        ]
    )
    state_fields, state_high = layout(
        [
            ("phase", 8, 1),
            ("to_act", players, 1),
            ("hands", players * 52, 52),
            *seat_flags,
            ("draw_piles", players * 52, 52),
            ("discard_piles", players * 52, 52),
            *shown_fields,
            ("tie_rounds", TIE_ROUNDS * players * 3, 52),
            *end,
            ("winners", players, 1),
            ("termination", len(terminations), 1),
        ]
    )

    def head(obs: GuerrillaObservation) -> list[int]:
        return [*one_hot(_PHASES.index(obs.phase.value), 8), *flags(obs.to_act, players)]

    def middle(obs: GuerrillaObservation) -> list[int]:
        return [
            obs.guerrilla_rank,
            obs.skirmish,
            *flags(obs.in_game, players),
            *flags(obs.played_guerrilla, players),
            *flags(obs.support_penalty, players),
            *flags(obs.spy_first, players),
        ]

    def shown(obs: GuerrillaObservation) -> list[int]:
        return [
            *codes(obs.removed, 52),
            *[code(card) for card in obs.played],
            *[code(card) for card in obs.supports],
        ]

    def last(obs: GuerrillaObservation) -> list[int]:
        proposer = players if obs.proposer is None else obs.proposer
        return one_hot(proposer, players + 1)

    def ties(rounds: Sequence[Sequence[tuple[int, Card, Any]]], width: int) -> list[int]:
        out = [0] * (TIE_ROUNDS * players * width)
        for index, entries in enumerate(rounds):
            for seat, up, down in entries:
                at = (index * players + seat) * width
                out[at] = up.id + 1
                if width == 2:  # the observation: whether a face-down card lies there
                    out[at + 1] = 1 if down else 0
                else:  # the state: the face-down card itself (0: none), then its presence
                    out[at + 1] = code(down)
                    out[at + 2] = 0 if down is None else 1
        return out

    def observe(obs: GuerrillaObservation) -> list[int]:
        return [
            *one_hot(obs.seat, players),
            *head(obs),
            *codes(obs.hand, 52),
            *middle(obs),
            *obs.hand_sizes,
            *obs.draw_sizes,
            *obs.discard_sizes,
            *shown(obs),
            *ties(obs.tie_rounds, 2),
            *last(obs),
        ]

    def god(state: _Board) -> list[int]:
        obs = state.observation(0)
        out = head(obs)
        for hand in state.hands:
            out += codes(hand, 52)
        out += middle(obs)
        for pile in (*state.draw_piles, *state.discard_piles):
            out += codes(pile, 52)
        out += [*shown(obs), *ties(state.tie_rounds, 3), *last(obs)]
        return out + result_codes(state.result, players, terminations)

    def fill(views: Mapping[str, Any], obs: GuerrillaObservation) -> None:
        _tensor_fill(views, obs, rules)

    n = players
    pieces: tuple[tuple[str, tuple[int, ...]], ...] = (
        ("phase", (8,)),  # the phases of _PHASES (OVER last)
        ("to_act", (n,)),
        # per card: 0 in own hand, 1 removed, then per seat: played, support, a tie's face-up card
        ("card_location", (52, 2 + 3 * n)),
        # per seat: in game, played a Guerrilla, support penalty, spy first, proposer,
        # hand / 52, draw pile / 52, discard pile / 52, face-down tie cards / 52
        ("seats", (n, 9)),
        ("guerrilla_rank", (7,)),  # G = 0..6, one-hot
        ("progress", (2,)),  # skirmish / max_skirmishes, tie rounds / 26
    )
    return Encoding(
        fields=fields,
        high=high,
        observe=observe,
        state_fields=state_fields,
        state_high=state_high,
        state=god,
        big=("skirmish",),
        shared_seat=False,
        tensor_pieces=pieces,
        tensor_fill=fill,
        public=_public,
        private=True,
        # A skirmish: promotion windows (two polls each, G rises at most 5 times), the
        # spy-first and other plays, then supports, tie rounds and removals, each using up
        # at least one of the 52 cards.
        max_steps=int(max_skirmishes) * (16 + 3 * 52),
    )


def _public(obs: GuerrillaObservation) -> GuerrillaObservation:
    """The observation without the observer's hand (its one private part)."""
    return dataclasses.replace(obs, hand=())


# --- OpenSpiel's observation tensor (seats relative to the observer) --------------------------
def _tensor_fill(views: Mapping[str, Any], obs: GuerrillaObservation, rules: Rules) -> None:
    n = len(obs.in_game)
    order = [(obs.seat + r) % n for r in range(n)]
    relative = {s: r for r, s in enumerate(order)}
    views["phase"][_PHASES.index(obs.phase.value)] = 1
    location = views["card_location"]
    for card in obs.hand:
        location[card.id, 0] = 1
    for card in obs.removed:
        location[card.id, 1] = 1
    seats = views["seats"]
    for r, s in enumerate(order):
        views["to_act"][r] = s in obs.to_act
        played, support = obs.played[s], obs.supports[s]
        if played is not None:
            location[played.id, 2 + 3 * r] = 1
        if support is not None:
            location[support.id, 3 + 3 * r] = 1
        seats[r, :8] = (
            obs.in_game[s],
            obs.played_guerrilla[s],
            obs.support_penalty[s],
            obs.spy_first[s],
            obs.proposer == s,
            obs.hand_sizes[s] / 52,
            obs.draw_sizes[s] / 52,
            obs.discard_sizes[s] / 52,
        )
    for tie_round in obs.tie_rounds:
        for s, up, down in tie_round:
            location[up.id, 4 + 3 * relative[s]] = 1
            seats[relative[s], 8] += down / 52
    views["guerrilla_rank"][min(max(obs.guerrilla_rank, 0), 6)] = 1
    views["progress"][:] = (
        min(obs.skirmish / rules.max_skirmishes, 1.0),
        min(len(obs.tie_rounds) / 26, 1.0),
    )
