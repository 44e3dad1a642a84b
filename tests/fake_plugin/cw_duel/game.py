"""Duel (``duel/rules/duel.md``): its options, values, state, text, game and batch loop,
written only against :mod:`cardwars.authoring`."""

from __future__ import annotations

import enum
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from cardwars.authoring import (
    ActionSpace,
    Agent,
    BatchColumns,
    Card,
    Encodable,
    Encoding,
    Event,
    Game,
    GameState,
    IllegalMoveError,
    Move,
    Observation,
    RandomAgent,
    Result,
    Rng,
    RulesError,
    RuleSource,
    card_from_id,
    check_options,
    derive_seed,
    describe,
    shuffle_ints,
)

from .encoding import encoding

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["CardsShown", "Duel", "DuelObservation", "Phase", "PlainDuel", "Play", "Rules", "State"]

SCORING = RuleSource("cw_duel.scoring")
"""The rule module of a showdown, on the current backend."""

TERMINATIONS: tuple[str, ...] = ("more_points", "tie")


@dataclass(frozen=True, slots=True)
class Rules:
    """Duel's options.

    Attributes:
        hand_size: DU-1, the cards dealt to each player (1 to 26).
        automatic: DU-2, each player shows the first card of the hand: no choices.
    """

    hand_size: int = 5
    automatic: bool = False

    def __post_init__(self) -> None:
        check_options(self, flags=("automatic",), counts={"hand_size": (1, 26)})


class Phase(enum.Enum):
    """Where a Duel state rests."""

    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Show ``card`` (DU-2)."""

    card: Card


@dataclass(frozen=True, slots=True)
class CardsShown(Event):
    """Both players showed a card; ``winner`` scored (None on equal ranks)."""

    cards: tuple[Card, ...]
    winner: int | None


@dataclass(frozen=True, slots=True)
class DuelObservation(Observation):
    """What one seat knows: its hand, the other's count of cards, the points."""

    seat: int
    hand: tuple[Card, ...]
    opponent_cards: int
    points: tuple[int, ...]
    phase: Phase


ACTIONS: ActionSpace[Move] = ActionSpace("duel", [Play(card_from_id(i)) for i in range(52)])
"""Action ``i`` shows the card of id ``i``."""


class DuelText:
    """Duel's terminal text."""

    NOTATION = "show a card of your hand by its name, such as 'KS' or '10H'"

    def label(self, move: Any) -> str:
        return str(move.card)

    def parse(self, text: str, state: Any, seat: int) -> Any:
        legal: tuple[Play, ...] = state.legal_moves(seat)
        for move in legal:
            if str(move.card) == text.strip().upper().replace("10", "T"):
                return move
        raise IllegalMoveError(
            f"{describe(text)} names none of the legal moves: "
            + ", ".join(self.label(m) for m in legal)
        )

    def render(self, observation: Any) -> str:
        hand = " ".join(map(str, observation.hand)) or "-"
        return (
            f"seat {observation.seat}: hand {hand}; the other holds "
            f"{observation.opponent_cards}; points {observation.points}"
        )

    def describe(self, event: Any) -> str | None:
        shown = " against ".join(map(str, event.cards))
        return shown + ("" if event.winner is None else f": seat {event.winner} scores")

    def render_state(self, state: Any) -> str:
        return "\n".join(
            f"P{seat}: {' '.join(map(str, state.hands[seat])) or '-'}" for seat in range(2)
        )


TEXT = DuelText()
Play._labels = TEXT.label


class State(GameState[Phase]):
    """A Duel position (every attribute in ``__slots__``: undo replays into them)."""

    __slots__ = ("_hands", "_points", "_result", "_rng_state", "_rules", "_seed", "_shown")

    game_name: ClassVar[str] = "duel"
    _action_space: ClassVar[ActionSpace[Move]] = ACTIONS

    def __init__(self, rules: Rules, seed: int, hands: list[list[int]], rng_state: int) -> None:
        super().__init__()
        self._rules = rules
        self._seed = seed
        self._hands = hands
        self._points = [0, 0]
        self._shown = 0
        self._rng_state = rng_state
        self._result: Result | None = None
        self._mark_start()

    @classmethod
    def deal(cls, rules: Rules, seed: int) -> State:
        """DU-1: one shuffle of the 52 ids; seat ``s`` takes the ``s``-th ``hand_size``."""
        ids = list(range(52))
        after = shuffle_ints(seed, ids)
        n = rules.hand_size
        return cls(rules, seed, [ids[:n], ids[n : 2 * n]], after)

    @property
    def players(self) -> int:
        return 2

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Both hands, in the order dealt."""
        return tuple(tuple(map(card_from_id, hand)) for hand in self._hands)

    @property
    def phase(self) -> Phase:
        return Phase.OVER if self._result is not None else Phase.PLAY

    @property
    def to_act(self) -> frozenset[int]:
        if self._result is not None or self._rules.automatic:
            return frozenset()
        return frozenset((0, 1))

    def legal_moves(self, player: int) -> tuple[Move, ...]:
        self._check_seat(player)
        if player not in self.to_act:
            return ()
        return tuple(ACTIONS.moves[card] for card in sorted(self._hands[player]))

    def observation(self, player: int) -> DuelObservation:
        self._check_seat(player)
        return DuelObservation(
            seat=player,
            hand=tuple(map(card_from_id, self._hands[player])),
            opponent_cards=len(self._hands[1 - player]),
            points=tuple(self._points),
            phase=self.phase,
        )

    def copy(self) -> Self:
        other = type(self).__new__(type(self))
        GameState.__init__(other)
        other._rules = self._rules
        other._seed = self._seed
        other._hands = [list(hand) for hand in self._hands]
        other._points = list(self._points)
        other._shown = self._shown
        other._rng_state = self._rng_state
        other._result = self._result
        other._start = self._start
        other._feed = None
        self._copy_base_into(other)
        return other

    @property
    def rng(self) -> Rng:
        return Rng(self._rng_state)

    def _apply(self, moves: dict[int, Move]) -> tuple[Event, ...]:
        shown: list[int] = []
        for seat in range(2):
            move = moves.get(seat)
            card = self._hands[seat][0] if move is None else ACTIONS.action(move)
            self._hands[seat].remove(card)
            shown.append(card)
        winner = SCORING.module.showdown(shown[0], shown[1])
        if winner >= 0:
            self._points[winner] += 1
        self._shown += 1
        a, b = self._points
        left = len(self._hands[0])
        if not left or a > b + left or b > a + left:  # DU-3
            winners = frozenset() if a == b else frozenset({0 if a > b else 1})
            placings = (1, 1) if a == b else ((1, 2) if a > b else (2, 1))
            termination = "tie" if a == b else "more_points"
            self._result = Result(winners, termination, self._shown, placings)
        return (CardsShown(tuple(map(card_from_id, shown)), None if winner < 0 else winner),)

    def _snapshot(self) -> tuple[Any, ...]:
        hands = tuple(map(tuple, self._hands))
        return (self._rules, hands, tuple(self._points), self._rng_state, self._seed)


class _DuelGame(Game[Rules, State]):
    """Duel for two players (DU-1), without encodings."""

    name: ClassVar[str] = "duel"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    rules_type: ClassVar[type[Any]] = Rules
    terminations: ClassVar[tuple[str, ...]] = TERMINATIONS
    rules_file: ClassVar[str] = "duel.md"
    length_unit: ClassVar[str] = "showdowns"
    text: ClassVar[DuelText] = TEXT
    agents: ClassVar[Mapping[str, Callable[[], Agent]]] = {"random": RandomAgent}
    batch_agents: ClassVar[frozenset[str]] = frozenset({"random"})
    action_space: ClassVar[ActionSpace[Move]] = ACTIONS
    observation_type: ClassVar[type[Observation]] = DuelObservation

    def __init__(self, rules: Rules | None = None) -> None:
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a cw_duel.Rules, got {describe(rules)}")
        self._players = 2
        self._rules = rules

    def _deal(self, seed: int) -> State:
        return State.deal(self._rules, seed)

    def deal_notation(self, state: State) -> str:
        """Both hands as dealt: ``"KS 2D / 9H 9C"``."""
        return " / ".join(" ".join(map(str, hand)) for hand in state.hands)

    def deal_figures(self, state: State) -> dict[str, int]:
        """The winner's points (either's, on a tie)."""
        return {"points": max(state._points)}

    def run_batch(self, agents: Sequence[str], seed: int, start: int, count: int) -> BatchColumns:
        """Games ``start .. start+count-1`` with random agents: what :func:`play` plays."""
        self._check_batch(agents)
        length, winner, termination = array("q"), array("b"), array("b")
        for k in range(start, start + count):
            deal = derive_seed(seed, k)
            state = State.deal(self._rules, deal)
            rngs = [Rng(derive_seed(deal, 1 + seat)) for seat in range(2)]
            while state._result is None:
                moves: dict[int, Move] = {}
                for seat in sorted(state.to_act):
                    legal = state.legal_moves(seat)
                    moves[seat] = legal[rngs[seat].below(len(legal))]
                state._apply(moves)
            length.append(state._result.length)
            winner.append(-1 if state._result.winner is None else state._result.winner)
            termination.append(TERMINATIONS.index(state._result.termination))
        return {"length": length, "winner": winner, "termination": termination}


class Duel(_DuelGame, Encodable):
    """Duel for two players (DU-1), with encodings for the RL envs."""

    name: ClassVar[str] = "duel"

    def encoding(self) -> Encoding:
        """Duel's :class:`~cardwars.authoring.Encoding` (:mod:`cw_duel.encoding`)."""
        return encoding(self._rules)


class PlainDuel(_DuelGame):
    """Duel under another name and without encodings: a game with choices that the RL
    envs refuse (registered by the tests only)."""

    name: ClassVar[str] = "plain-duel"
