"""Rebuilding a Guerrilla position from one seat's observation (determinization).

What :meth:`guerrilla.State.from_observation <cardwars.guerrilla.State.from_observation>`
and ``State.determinizer`` draw: :func:`rebuild_start` says whether (and from which
start) an observation can be rebuilt, and a :class:`Rebuilder` prepares the draws once
and deals each one straight into a machine, then makes the state with the
factory it is given (the state class, which imports this module)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Generic, Protocol, TypeVar

from cardwars.engine import GameState
from cardwars.errors import CardwarsError, UsageError, plain_int, unreadable
from cardwars.guerrilla.moves import CARDS, MACHINE, GuerrillaObservation, Phase
from cardwars.guerrilla.position import STARTS
from cardwars.guerrilla.rules import seat_cards

if TYPE_CHECKING:
    from cardwars.core_rng import Rng

__all__ = ["MACHINE_PHASES", "PHASE_CODES", "PLAY_BASE", "PLAY_CODES", "Rebuilder", "rebuild_start"]


class _Observed(Protocol):
    """What a rebuilt state must offer: the observation it is checked against."""

    def observation(self, player: int) -> GuerrillaObservation: ...


StateT = TypeVar("StateT", bound=_Observed)

MACHINE_PHASES: Final[tuple[Phase, ...]] = tuple(Phase)  # in the machine's order
"""The phases by the machine's phase code."""

PHASE_CODES: Final[dict[Phase, int]] = {phase: code for code, phase in enumerate(MACHINE_PHASES)}
PLAY_CODES: Final = (2, 3)  # the machine's play first and play phases
PLAY_BASE: Final = 56  # the action of Play(card) is 56 + card id


def rebuild_start(observation: object) -> str | None:
    """The ``start`` of ``State.from_position`` that rebuilds ``observation``, if any."""
    if not isinstance(observation, GuerrillaObservation) or observation.tie_rounds:
        return None
    phase = observation.phase
    if phase is Phase.PROPOSE:
        # Only a window before the Draw: a position between skirmishes rebuilds it.
        if observation.rules.promotion_timing != "before_draw":
            return None
        return "skirmish" if all(card is None for card in observation.played) else None
    if phase in (Phase.PLAY, Phase.PLAY_FIRST, Phase.SUPPORT):
        return "play" if all(card is None for card in observation.supports) else None
    return None


class Rebuilder(Generic[StateT]):
    """The draws of ``State.from_observation`` for one observation, prepared once.

    A search determinizes the same observation many times: what does not depend on
    ``rng`` (the unseen cards, the flags as ints, the options) is worked out here, and
    each call deals a fresh shuffle straight into a machine."""

    __slots__ = (
        "_fixed", "_hands", "_make", "_observation", "_options", "_own", "_phase", "_played",
        "_players", "_pool", "_rules", "_seat", "_sizes", "_start", "_to_act",
    )  # fmt: skip

    def __init__(
        self, observation: GuerrillaObservation, start: str, make: Callable[..., StateT]
    ) -> None:
        self._make = make
        rules = observation.rules
        players = len(observation.in_game)
        seat = plain_int(observation.seat)  # the caller's ints: by their values, never methods
        sizes = tuple(
            tuple(map(plain_int, counts))
            for counts in (
                observation.hand_sizes,
                observation.draw_sizes,
                observation.discard_sizes,
            )
        )
        hand_sizes, draw_sizes, discard_sizes = sizes
        skirmish = plain_int(observation.skirmish)
        played = observation.played
        known = {card.id for card in observation.hand} | {card.id for card in observation.removed}
        known.update(card.id for card in played if card is not None)
        own = [
            [card.id for card in cards if card.id not in known]
            for cards in seat_cards(players, rules.two_suit_variant)
        ]
        self._pool = [card for cards in own for card in cards]
        # At skirmish 0 with every discard pile empty no card has changed hands yet: each
        # seat's unseen cards are its own suit(s) (GT-1.1, GT-2), in its hand and pile.
        self._own: list[list[int]] | None = own
        if (
            skirmish != 0
            or any(discard_sizes)
            or any(
                len(own[s]) != draw_sizes[s] + (hand_sizes[s] if s != seat else 0)
                for s in range(players)
            )
        ):
            self._own = None
        self._hands = [card.id for card in observation.hand]
        self._sizes = sizes
        self._played = tuple(-1 if card is None else card.id for card in played)
        self._fixed = (
            tuple(card.id for card in observation.removed),
            plain_int(observation.guerrilla_rank),
            tuple(int(flag) for flag in observation.played_guerrilla),
            tuple(int(flag) for flag in observation.support_penalty),
            tuple(int(flag) for flag in observation.spy_first),
            tuple(int(flag) for flag in observation.in_game),
            skirmish,
        )
        self._rules = rules
        self._options = rules.machine_options()
        self._players = players
        self._seat = seat
        self._start = STARTS.index(start)
        self._phase = PHASE_CODES[observation.phase]
        self._to_act = observation.to_act
        self._observation: GuerrillaObservation | None = observation

    def __call__(self, rng: Rng) -> StateT:
        GameState._check_rng(rng)  # a wrong rng is the caller's, not the observation's
        try:  # the observation is the caller's: what its fields hold shows only now
            return self._deal(rng)
        except CardwarsError:
            raise
        except Exception as exc:
            raise unreadable("the observation", exc) from exc

    def _deal(self, rng: Rng) -> StateT:
        hand_sizes, draw_sizes, discard_sizes = self._sizes
        if self._own is None:
            pool = list(self._pool)
            rng.shuffle(pool)
        else:  # seat by seat, each its own cards: its hand (another's), then its pile
            pool = []
            for own in self._own:
                cards = list(own)
                rng.shuffle(cards)
                pool += cards
            others = [s for s in range(self._players) if s != self._seat]
            starts = [sum(len(own) for own in self._own[:s]) for s in range(self._players)]
            pool = [c for s in others for c in pool[starts[s] : starts[s] + hand_sizes[s]]] + [
                c
                for s in range(self._players)
                for c in pool[
                    starts[s] + (hand_sizes[s] if s != self._seat else 0) : starts[s]
                    + len(self._own[s])
                ]
            ]
        seat, played = self._seat, self._played
        at = 0
        hands: list[tuple[int, ...]] = []
        for s in range(self._players):
            if s == seat:
                hand = list(self._hands)
            else:
                hand = pool[at : at + hand_sizes[s]]
                at += hand_sizes[s]
            if played[s] >= 0:
                hand.append(played[s])
            hands.append(tuple(hand))
        draws = []
        for size in draw_sizes:
            draws.append(tuple(pool[at : at + size]))
            at += size
        discards = []
        for size in discard_sizes:
            discards.append(tuple(pool[at : at + size]))
            at += size
        seed = rng.next_u64()
        origin = (tuple(hands), tuple(draws), tuple(discards), *self._fixed, seed, self._start)
        machine = MACHINE.module.GuerrillaMachine(CARDS, *origin, **self._options)
        state = self._make(self._rules, self._players, seed, machine, origin)
        while machine.phase in PLAY_CODES and all(played[s] >= 0 for s in machine.to_act):
            machine.apply_actions({s: PLAY_BASE + played[s] for s in machine.to_act})
        if (
            machine.phase != self._phase
            or machine.to_act != self._to_act
            or (self._observation is not None and state.observation(seat) != self._observation)
        ):
            raise UsageError(
                "from_observation() could not rebuild the position under its rules: the "
                "observation is not one the game could show"
            )
        self._observation = None  # checked in full once: the other draws differ only in cards
        return state
