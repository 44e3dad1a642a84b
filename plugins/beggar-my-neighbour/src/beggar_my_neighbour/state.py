"""The state: :class:`State`, the typed face of the rules' machine (``machine.py``).

A step is one call into the machine, which plays a trick with the rule step the batch loop
plays (``tricks.trick``) and ends the game by the cycle rule, which it found before the
game got there. This module builds states (from a seed, or from two hands), reads the
position and hands the machine the classes it builds the events with.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple

from cardwars.authoring import (
    ActionSpace,
    Card,
    Event,
    MachineState,
    Move,
    Result,
    RulesError,
    UsageError,
    describe,
    read_card,
)

from beggar_my_neighbour import _backend
from beggar_my_neighbour.moves import (
    ACTIONS,
    BeggarObservation,
    CardPlayed,
    CardsDealt,
    CycleReached,
    GameOver,
    OutOfCards,
    Phase,
    PileTaken,
)
from beggar_my_neighbour.rules import NOTATION, TERMINATIONS, Rules, check_rules, symbol_of

if TYPE_CHECKING:
    from cardwars.authoring import Rng

    from beggar_my_neighbour.machine import BeggarMachine

__all__ = ["State", "hands_of"]


class _Faces(NamedTuple):
    """What the machine builds a step's events of (read by field name)."""

    played: type[CardPlayed]
    out: type[OutOfCards]
    taken: type[PileTaken]
    cycle: type[CycleReached]
    over: type[GameOver]


_FACES: Final = _Faces(CardPlayed, OutOfCards, PileTaken, CycleReached, GameOver)
_PHASES: Final = (Phase.TRICK, Phase.OVER)


def _machine(rules: Rules, hands: Sequence[Sequence[int]], rng_state: int) -> BeggarMachine:
    options = rules.machine_options()
    module = _backend.rules("machine")
    machine: BeggarMachine = module.BeggarMachine(
        rules.cards, hands, options["demands"], options["reverse"], rng_state
    )
    return machine


def hands_of(rules: Rules, hands: object) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Two hands, top first, as card ids of ``rules``' deck: each hand is a string of
    record notation (``"--AJ-Q"``: BMN-9) or a sequence of cards (``Card`` objects or
    text such as ``"KS"``). A notation symbol takes the next card of its rank in card-id
    order (a ``-`` the next card of a plain rank), hand 0 first.

    Raises:
        RulesError: not two hands, a symbol or card the deck does not have, more cards
            of a kind than the deck has, the same card twice, or no card at all.
        CardParseError: card text that is no card.
    """
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) != 2:
        raise RulesError(f"hands must be two hands (hand 0 leads), got {describe(hands)}")
    deck = rules.cards
    symbols = NOTATION[rules.deck]
    unused = {symbol: [c for c, card in enumerate(deck) if symbol_of(rules, card) == symbol]
              for symbol in symbols}  # fmt: skip
    ids: list[tuple[int, ...]] = []
    seen: set[int] = set()
    for seat, hand in enumerate(hands):
        if isinstance(hand, str):
            ids.append(tuple(_take(unused, symbol, seat, rules) for symbol in hand))
            continue
        if isinstance(hand, bytes) or not isinstance(hand, Sequence):
            raise RulesError(f"hand {seat} must be notation or cards, got {describe(hand)}")
        hand_ids = []
        for value in hand:
            card = read_card(value, f"hand {seat}")
            if card not in deck:
                raise RulesError(f"the {rules.deck} deck has no {card} (hand {seat})")
            hand_ids.append(deck.index(card))
        ids.append(tuple(hand_ids))
    for seat, taken in enumerate(ids):
        for c in taken:
            if c in seen:
                raise RulesError(f"{deck[c]} appears twice (again in hand {seat})")
            seen.add(c)
    if not seen:
        raise RulesError("a position needs at least one card")
    return ids[0], ids[1]


def _take(unused: dict[str, list[int]], symbol: str, seat: int, rules: Rules) -> int:
    if symbol not in unused:
        allowed = " ".join(unused)
        raise RulesError(f"hand {seat}: {describe(symbol)} is not a symbol of {allowed}")
    if not unused[symbol]:
        raise RulesError(f"the {rules.deck} deck has no more cards for {symbol!r} (hand {seat})")
    return unused[symbol].pop(0)


class State(MachineState[Phase]):
    """A position, god's-eye: both :attr:`hands` (top first), the :attr:`leader`, the
    counts. Build one with :meth:`BeggarMyNeighbour.new_game
    <beggar_my_neighbour.BeggarMyNeighbour.new_game>` or :meth:`from_hands`; advance it
    with ``apply({})``, one trick per call.

    >>> state = State.from_hands(["-J", "--"])
    >>> [type(e).__name__ for e in state.apply({})]
    ['CardPlayed', 'CardPlayed', 'CardPlayed', 'CardPlayed', 'PileTaken']
    >>> state.notation, state.leader, state.tricks, state.cards
    (('--J-', ''), 0, 1, 4)
    """

    __slots__ = ("_rules",)

    game_name: ClassVar[str] = "beggar-my-neighbour"
    _action_space: ClassVar[ActionSpace[Move]] = ACTIONS
    _phases: ClassVar[tuple[Phase, ...]] = _PHASES

    _m: BeggarMachine
    _rules: Rules

    @classmethod
    def _deal(cls, rules: Rules, seed: int) -> State:
        hand0, hand1, rng_state = _backend.rules("tricks").dealt_hands(seed, len(rules.cards))
        return cls(rules, seed, _machine(rules, (hand0, hand1), rng_state), False)

    @classmethod
    def from_hands(
        cls, hands: Sequence[str | Sequence[Card | str]], *, rules: Rules | None = None,
        rng_seed: int = 0,
    ) -> State:  # fmt: skip
        """The position before trick 1 from two hands, top first; seat 0 leads (BMN-3).

        Each hand is record notation (``"---AJ--Q"``, BMN-9) or a list of cards. The hands
        may hold part of the deck only: the other cards are out of the game.

        Raises:
            RulesError: see :func:`hands_of`; bad ``rules``; ``rng_seed`` not an int in
                [0, 2**64).
            CardParseError: card text that is no card.
        """
        rules = check_rules(Rules() if rules is None else rules)
        if type(rng_seed) is not int or not 0 <= rng_seed < 2**64:
            raise RulesError(f"rng_seed must be an int in [0, 2**64), got {describe(rng_seed)}")
        return cls(rules, rng_seed, _machine(rules, hands_of(rules, hands), rng_seed), True)

    # --- the GameState protocol ---------------------------------------------------------
    @property
    def players(self) -> int:
        """Two."""
        return 2

    @property
    def rules(self) -> Rules:
        """The rules this game is played by."""
        return self._rules

    def legal_moves(self, player: int) -> tuple[Move, ...]:
        """``()``, always: nobody decides anything (BMN-1)."""
        self._check_seat(player)
        return ()

    def observation(self, player: int) -> BeggarObservation:
        """The public facts, the same for both seats (:class:`BeggarObservation`)."""
        self._check_seat(player)
        m = self._m
        return BeggarObservation(
            seat=player,
            hand_sizes=m.hand_sizes(),
            leader=self.leader,
            pile=m.last_pile(),
            tricks=self.tricks,
            cards=self.cards,
            is_over=m.over,
        )

    def determinize(self, seat: int, rng: Rng) -> State:
        """Not offered: nobody decides anything, so there is nothing to search.

        Raises:
            UsageError: always.
        """
        raise UsageError("Beggar-my-neighbour has no determinize(): nobody decides anything")

    # --- god's-eye view -------------------------------------------------------------------
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Both hands, top first."""
        hands: tuple[tuple[Card, ...], ...] = self._m.hands()
        return hands

    @property
    def notation(self) -> tuple[str, str]:
        """Both hands in record notation (BMN-9), top first."""
        rules = self._rules
        first, second = ("".join(symbol_of(rules, c) for c in hand) for hand in self.hands)
        return first, second

    @property
    def leader(self) -> int:
        """The seat that leads the next trick."""
        return int(self._m.counters[0])

    @property
    def tricks(self) -> int:
        """Tricks played: piles taken, the last pile of a game not counted (BMN-8)."""
        return int(self._m.counters[1])

    @property
    def cards(self) -> int:
        """Cards played (BMN-8)."""
        return int(self._m.counters[2])

    @property
    def cycle(self) -> int | None:
        """The cycle's length in tricks once the cycle rule ended the game, else None."""
        return int(self._m.counters[3]) or None

    @property
    def hand_built(self) -> bool:
        """True for a position from :meth:`from_hands` (records keep its hands)."""
        return self._hand_built

    def _position_data(self) -> dict[str, Any]:
        """The arguments of :meth:`from_hands` (records of hand-built games)."""
        if self.tricks or self._m.steps:
            raise RulesError("only a position before trick 1 can be written")
        return {"hands": [[str(card) for card in hand] for hand in self.hands]}

    def _deal_events(self, seat: int) -> tuple[Event, ...]:
        return (CardsDealt(self._start._m.hand_sizes()),)

    def _decode_last_step(self) -> tuple[Event, ...]:
        m = self._m
        return m.event_objects(_FACES, self.result if m.over else None)

    def _make_result(self) -> Result:
        winner = int(self._m.counters[5])
        termination = TERMINATIONS[self._m.counters[4]]
        if winner < 0:
            return Result(frozenset(), termination, self.tricks, (1, 1))
        placings = (1, 2) if winner == 0 else (2, 1)
        return Result(frozenset({winner}), termination, self.tricks, placings)

    def __repr__(self) -> str:
        first, second = self.notation
        where = f"trick {self.tricks}, P{self.leader} leads"
        return f"<beggar_my_neighbour.State {where}: {first} / {second}>"


def read_position(rules: Rules, position: object, seed: int) -> State:
    """A record's hand-built start (``{"hands": [...]}``) as a :class:`State`."""
    if not isinstance(position, dict) or set(position) != {"hands"}:
        raise RulesError(f"a Beggar-my-neighbour position has 'hands', got {describe(position)}")
    return State.from_hands(position["hands"], rules=rules, rng_seed=seed)
