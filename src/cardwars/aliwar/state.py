"""The Aliwar state machine: the god's-eye :class:`State`, its rounds (AW-4 … AW-7), the conflict.

A round is a Switch step (both seats at once; the conflict follows at once) and,
when a card was won, a Keep step; the discards, returns, caps and the flip of the
next tops follow without a poll.

>>> from cardwars.aliwar import Aliwar
>>> state = Aliwar().new_game(seed=42)
>>> events = state.apply({0: Switch(0, 1), 1: Switch(0, 1)})
>>> state.rounds, state.phase.name, type(events[1]).__name__
(1, 'KEEP', 'ConflictResolved')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardwars import _kernels
from cardwars.aliwar.moves import (
    ACTIONS,
    PROTECTION,
    STACKS,
    AliwarObservation,
    CardKept,
    CardsDiscarded,
    CardsReturned,
    ConflictResolved,
    GameOver,
    Keep,
    KeepDeclined,
    Phase,
    StackEmptied,
    Switch,
    SwitchesRevealed,
    TopsFlipped,
)
from cardwars.aliwar.rules import Rules
from cardwars.cards import Card, CardId, Deck, Suit, read_card
from cardwars.engine import ActionSpace, Event, GameState, Move, Result
from cardwars.errors import RulesError

if TYPE_CHECKING:
    from typing_extensions import Self

    from cardwars._kernels.pure_rng import Rng

__all__ = ["State", "resolve_conflict"]

_SEATS: Final = (0, 1)

_NO_COLUMN_WINNER: Final = -1
"""What the kernels' conflict functions return for a tied column (else the winning seat)."""

# The legal moves are the action space's own move objects (ACTIONS in moves.py), so that
# legal_actions() finds their numbers by identity.
_SWITCHES: Final[tuple[Move, ...]] = ACTIONS.moves[:15]
"""Every switch of two different positions, in canonical order: ``Switch(a, b)``, ``a < b``."""

_SWITCHES_WITH_NULL: Final[tuple[Move, ...]] = ACTIONS.moves[:16]
"""The switches with ``allow_null_switch``: the null switch comes last."""

_KEEPS: Final[tuple[Move, ...]] = ACTIONS.moves[16:276]
"""``Keep(card, stack)`` at ``5 * card.id + stack``."""

_DECLINE: Final[Move] = ACTIONS.moves[276]


# --- the conflict ----------------------------------------------------------------------------


def resolve_conflict(a: Card, b: Card, protection_a: Suit, protection_b: Suit) -> int | None:
    """Resolve one column (AW-5): seat 0's card ``a`` against seat 1's card ``b``.

    ``protection_a`` and ``protection_b`` are the suits of the protection cards of
    each card's *owner* (AW-A6, AW-B7). Same protection status: the higher rank
    wins. Exactly one protected: it wins on greater or equal rank, else a tie.

    Returns:
        0 or 1, the winning seat, or None for a tie.

    >>> C = Card.parse
    >>> resolve_conflict(C("TD"), C("TC"), Suit.HEARTS, Suit.CLUBS)  # protected T♣ wins on =
    1
    >>> print(resolve_conflict(C("5H"), C("JD"), Suit.HEARTS, Suit.CLUBS))  # protected but lower
    None
    >>> resolve_conflict(C("QS"), C("7D"), Suit.HEARTS, Suit.CLUBS)
    0
    """
    for name, card in (("a", a), ("b", b)):
        if not isinstance(card, Card):
            raise TypeError(f"{name} must be a Card, got {card!r}")
    for name, suit in (("protection_a", protection_a), ("protection_b", protection_b)):
        if not isinstance(suit, Suit):
            raise TypeError(f"{name} must be a Suit, got {suit!r}")
    card_a: CardId = a.id
    card_b: CardId = b.id
    outcome: int = _kernels.kernels.aliwar_conflict(
        card_a, card_b, protection_a.value, protection_b.value
    )
    return None if outcome == _NO_COLUMN_WINNER else outcome


# --- the state -------------------------------------------------------------------------------


def _is_sequence(value: object) -> bool:
    """A sequence of items, not text (a str is a sequence of characters, never of cards)."""
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


def _read_standard_card(value: object, where: str) -> Card:
    """A card of the layout: :func:`~cardwars.cards.read_card`, and of the one standard deck."""
    card = read_card(value, where)
    if card.deck != 0:
        raise RulesError(f"{where}: Aliwar uses one standard deck, got {card!r}")
    return card


class State(GameState[Phase]):
    """An Aliwar position, god's-eye. Build one with :meth:`Aliwar.new_game` or :meth:`from_layout`.

    Readable state (tuples, piles top first): :attr:`stacks` ``[seat][stack]``,
    :attr:`protection` ``[seat]``, :attr:`discard`, and in the Keep phase :attr:`won`
    (the middle row). In the Keep phase the winning and tying cards still lie face up
    on their stacks, as on the table, until they return (AW-6.4); the lost cards are in
    :attr:`won`. Card conservation: ``stacks + protection + won + discard`` always hold
    every card dealt (52 for a dealt game), and :attr:`won` is empty outside the Keep
    phase, so at every Switch poll and at the end ``stacks + protection + discard = 52``.

    >>> from cardwars.aliwar import Aliwar
    >>> state = Aliwar().new_game(seed=42)
    >>> state.card_count(), " ".join(map(str, state.stacks[1][0]))  # god's-eye: all cards
    (52, 'AC 6C 9S 9D 7S')
    >>> state.observation(0).stacks[1][0]  # a seat sees the face-up top only
    (Card(rank=Rank.ACE, suit=Suit.CLUBS), None, None, None, None)
    """

    __slots__ = (
        "_all_cards_mask",
        "_cached_view",
        "_discard",
        "_hand_built",
        "_legal",
        "_no_progress",
        "_phase",
        "_protection",
        "_result",
        "_returning",
        "_rng",
        "_rounds",
        "_rules",
        "_seed",
        "_seen_mask",
        "_stacks",
        "_won",
    )

    game_name: ClassVar[str] = "aliwar"
    _action_space: ClassVar[ActionSpace[Move]] = ACTIONS

    _rules: Rules
    _seed: int
    _rng: Rng
    _stacks: list[list[list[Card]]]
    _protection: list[Card]
    _discard: list[Card]
    _won: list[list[Card]]
    _returning: list[list[bool]]
    _phase: Phase
    _rounds: int
    _no_progress: int  # completed rounds in a row without a discard (AW-7.6)
    _seen_mask: int  # bit ``card.id`` set once that card has been face up (AW-8.3)
    _all_cards_mask: int  # bit ``card.id`` set for every card of the game
    _hand_built: bool
    _cached_view: tuple[int, AliwarObservation] | None  # (len(history), the public view)
    _result: Result | None
    _legal: tuple[tuple[Move, ...], tuple[Move, ...]]

    def __init__(
        self,
        rules: Rules,
        seed: int,
        rng: Rng,
        stacks: Sequence[Sequence[Sequence[Card]]],
        protection: Sequence[Card],
    ) -> None:
        """Private: use :meth:`Aliwar.new_game` or :meth:`from_layout`."""
        GameState.__init__(self)
        self._rules = rules
        self._seed = seed
        self._rng = rng
        self._stacks = [[list(stack) for stack in own] for own in stacks]
        self._protection = list(protection)
        self._discard = []
        self._won = [[], []]
        self._returning = [[False] * STACKS, [False] * STACKS]
        self._rounds = 0
        self._no_progress = 0
        self._seen_mask = 0
        self._all_cards_mask = 0
        for card in (*(c for own in self._stacks for stack in own for c in stack), *protection):
            self._all_cards_mask |= 1 << card.id
        self._result = None
        self._cached_view = None
        self._hand_built = False
        self._start_round()

    # --- construction --------------------------------------------------------------------
    @classmethod
    def _deal(cls, rules: Rules, seed: int) -> State:
        """The deal of RULINGS §1.5: one shuffle of the canonical deck, then the deal map."""
        rng: Rng = _kernels.kernels.Rng(seed)
        deck = list(Deck.standard())
        rng.shuffle(deck)
        stacks = [
            [deck[25 * seat + 5 * c : 25 * seat + 5 * c + 5] for c in range(STACKS)]
            for seat in _SEATS
        ]
        return cls(rules, seed, rng, stacks, (deck[50], deck[51]))

    @classmethod
    def from_layout(
        cls,
        stacks: Sequence[Sequence[Sequence[Card | str]]],
        protection: Sequence[Card | str],
        *,
        rules: Rules | None = None,
        rng_seed: int = 0,
    ) -> State:
        """Build the position at the start of a round, before the switch.

        Args:
            stacks: ``stacks[seat][stack]`` for 2 seats and 5 stacks, each a non-empty
                sequence of cards (or card text), top first; any sizes.
            protection: the two protection cards.
            rules: the options; default :class:`Rules`.
            rng_seed: the seed of the state (agents of :func:`cardwars.play` derive theirs
                from it) and of its RNG, which Aliwar never uses after the deal.

        Raises:
            RulesError: ``stacks`` is not 2 seats of 5 sequences of cards, ``protection``
                not a sequence of 2 cards, an empty stack (AW-B5), a repeated card, a card
                that is not of the standard deck, bad ``rules``, or ``rng_seed`` not an
                int in [0, 2**64).
            CardParseError: card text that is not a card.

        The top cards and the protection cards are face up, so both players have seen
        them; every card below a top is unseen.

        >>> s = State.from_layout(
        ...     [
        ...         [["2C", "7C"], ["3C"], ["4C"], ["5C"], ["6C"]],
        ...         [["2D"], ["3D"], ["4D"], ["5D"], ["6D"]],
        ...     ],
        ...     ["AH", "AS"],
        ... )
        >>> s.phase.name, [len(stack) for stack in s.stacks[0]]
        ('SWITCH', [2, 1, 1, 1, 1])
        >>> s.observation(1).stacks[0][0]  # 7C was never face up
        (Card(rank=Rank.TWO, suit=Suit.CLUBS), None)
        """
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be an aliwar.Rules, got {rules!r}")
        if isinstance(rng_seed, bool) or not isinstance(rng_seed, int) or not 0 <= rng_seed < 2**64:
            raise RulesError(f"rng_seed must be an int in [0, 2**64), got {rng_seed!r}")
        if not _is_sequence(stacks) or len(stacks) != 2:
            raise RulesError(f"stacks must hold 2 seats of {STACKS} stacks, got {stacks!r}")
        if not _is_sequence(protection) or len(protection) != 2:
            raise RulesError(f"protection must hold 2 cards, one per seat, got {protection!r}")
        built: list[list[list[Card]]] = []
        for seat, own in enumerate(stacks):
            if not _is_sequence(own) or len(own) != STACKS:
                raise RulesError(f"seat {seat} must have {STACKS} stacks, got {own!r}")
            built.append([])
            for c, stack in enumerate(own):
                if not _is_sequence(stack):
                    raise RulesError(
                        f"seat {seat} stack {c} must be a sequence of cards, got {stack!r}"
                    )
                if not stack:
                    raise RulesError(
                        f"seat {seat} stack {c} is empty; every stack needs a card (AW-B5)"
                    )
                built[seat].append(
                    [
                        _read_standard_card(v, f"seat {seat} stack {c} card {i}")
                        for i, v in enumerate(stack)
                    ]
                )
        guards = [
            _read_standard_card(v, f"protection of seat {seat}")
            for seat, v in enumerate(protection)
        ]
        everything = [card for own in built for stack in own for card in stack] + guards
        repeated = sorted({card for card in everything if everything.count(card) > 1})
        if repeated:
            raise RulesError(f"cards appear more than once: {', '.join(map(str, repeated))}")
        state = cls(rules, rng_seed, _kernels.kernels.Rng(rng_seed), built, guards)
        state._hand_built = True
        return state

    # --- the protocol --------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Always 2."""
        return 2

    @property
    def phase(self) -> Phase:
        """The phase the state rests in."""
        return self._phase

    @property
    def to_act(self) -> frozenset[int]:
        """Both seats in the Switch phase; the seats that won a card in the Keep phase."""
        return frozenset(seat for seat in _SEATS if self._legal[seat])

    def legal_moves(self, player: int) -> tuple[Move, ...]:
        """The legal moves of ``player`` in the canonical order of RULINGS §4.5.

        Switch phase: ``Switch(a, b)`` for ``a < b`` over 0–5, lexicographic (15 moves),
        then ``Switch(PROTECTION, PROTECTION)`` with ``allow_null_switch``. Keep phase:
        ``Decline()``, then ``Keep(card, stack)`` by the column the card was won in, then
        stack ascending; a forced refill (AW-7.2) offers only ``Keep(card, emptied stack)``.
        A seat that is not polled has no moves.
        """
        self._check_seat(player)
        return self._legal[player]

    @property
    def rng(self) -> Rng:
        """A copy of the game RNG (Aliwar uses it only for the deal)."""
        return self._rng.copy()

    # --- readable state ------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The options this game is played with."""
        return self._rules

    @property
    def stacks(self) -> tuple[tuple[tuple[Card, ...], ...], ...]:
        """``stacks[seat][stack]``, top first, god's-eye."""
        return tuple(tuple(tuple(stack) for stack in own) for own in self._stacks)

    @property
    def protection(self) -> tuple[Card, Card]:
        """The protection card of each seat."""
        return (self._protection[0], self._protection[1])

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discarded cards, in discard order (AW-B8), out of the game for good."""
        return tuple(self._discard)

    @property
    def won(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The cards each seat won this round, in column order; empty outside the Keep phase."""
        return (tuple(self._won[0]), tuple(self._won[1]))

    @property
    def hand_built(self) -> bool:
        """True for a position from :meth:`from_layout` (it has no deal to replay from)."""
        return self._hand_built

    @property
    def rounds(self) -> int:
        """Rounds played; a round counts from its conflict on."""
        return self._rounds

    @property
    def no_progress(self) -> int:
        """Completed rounds in a row without a discard (AW-7.6)."""
        return self._no_progress

    def card_count(self) -> int:
        """Cards in the stacks, protection positions and middle row (not the discard pile)."""
        in_stacks = sum(len(stack) for own in self._stacks for stack in own)
        return in_stacks + len(self._protection) + len(self._won[0]) + len(self._won[1])

    # --- information ---------------------------------------------------------------------
    def _is_face_up(self, seat: int, stack: int) -> bool:
        if self._phase is Phase.SWITCH:
            return True
        return self._phase is Phase.KEEP and self._returning[seat][stack]

    def observation(self, player: int) -> AliwarObservation:
        """What ``player`` may know (AW-8): never a face-down card that was never face up.

        With ``view_recall="perfect"`` every once-seen face-down card is shown where it
        lies; with ``"face_up_only"`` only the face-up tops are.
        """
        self._check_seat(player)
        # Both seats know the same (AW-8.4): build the view once per step, then set the seat.
        if self._cached_view is None or self._cached_view[0] != len(self._history):
            self._cached_view = (len(self._history), self._public_view())
        view = self._cached_view[1]
        return view if view.seat == player else replace(view, seat=player)

    def _public_view(self) -> AliwarObservation:
        recall = self._seen_mask if self._rules.view_recall == "perfect" else 0
        face_up = tuple(tuple(self._is_face_up(seat, c) for c in range(STACKS)) for seat in _SEATS)
        stacks: tuple[tuple[tuple[Card | None, ...], ...], ...]
        if recall & self._all_cards_mask == self._all_cards_mask:
            stacks = self.stacks  # every card has been face up, so every card is known
        else:
            stacks = tuple(
                tuple(
                    tuple(
                        card if (i == 0 and face_up[seat][c]) or recall >> card.id & 1 else None
                        for i, card in enumerate(stack)
                    )
                    for c, stack in enumerate(own)
                )
                for seat, own in enumerate(self._stacks)
            )
        return AliwarObservation(
            seat=0,
            phase=self._phase,
            to_act=self.to_act,
            rounds=self._rounds,
            no_progress=self._no_progress,
            stacks=stacks,
            face_up=face_up,
            protection=self.protection,
            won=self.won,
            discard=self.discard,
            history=tuple(tuple(sorted(step.items())) for step in self._history),
            result=self._result,
        )

    # --- copying and equality ------------------------------------------------------------
    def copy(self) -> Self:
        """An independent copy, RNG state and history included."""
        other = object.__new__(type(self))
        GameState.__init__(other)
        self._copy_base_into(other)
        other._rules = self._rules
        other._seed = self._seed
        other._rng = self._rng.copy()
        other._stacks = [[list(stack) for stack in own] for own in self._stacks]
        other._protection = list(self._protection)
        other._discard = list(self._discard)
        other._won = [list(cards) for cards in self._won]
        other._returning = [list(flags) for flags in self._returning]
        other._phase = self._phase
        other._rounds = self._rounds
        other._no_progress = self._no_progress
        other._seen_mask = self._seen_mask
        other._all_cards_mask = self._all_cards_mask
        other._cached_view = None
        other._hand_built = self._hand_built
        other._result = self._result
        other._legal = self._legal
        return other

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self._rules,
            self._seed,
            self._rng.state,
            self._phase,
            self.stacks,
            self.protection,
            self.discard,
            self.won,
            tuple(map(tuple, self._returning)),
            self._rounds,
            self._no_progress,
            self._seen_mask,
            self._hand_built,
            self._result,
            tuple(tuple(sorted(step.items())) for step in self._history),
        )

    def __repr__(self) -> str:
        rows = [
            f"P{seat} P={self._protection[seat]} "
            + " ".join("[" + " ".join(map(str, stack)) + "]" for stack in self._stacks[seat])
            for seat in _SEATS
        ]
        return f"<aliwar.State {self._phase.name} round {self._rounds + 1}: {'; '.join(rows)}>"

    # --- the round -----------------------------------------------------------------------
    def _apply(self, moves: dict[int, Move]) -> tuple[Event, ...]:
        if self._phase is Phase.SWITCH:
            return self._switch_and_fight(moves)
        return self._keep_and_finish(moves)

    def _start_round(self) -> None:
        """AW-7.5: the tops are face up (so seen by both), and both players must switch."""
        for own in self._stacks:
            for stack in own:
                self._seen_mask |= 1 << stack[0].id
        for card in self._protection:
            self._seen_mask |= 1 << card.id
        self._returning = [[False] * STACKS, [False] * STACKS]
        self._phase = Phase.SWITCH
        switches = _SWITCHES_WITH_NULL if self._rules.allow_null_switch else _SWITCHES
        self._legal = (switches, switches)

    def _switch(self, seat: int, move: Switch) -> None:
        """AW-4.3: only the two face-up cards move; the face-down parts stay put."""
        if move.is_null:
            return
        own = self._stacks[seat]
        if move.b == PROTECTION:
            own[move.a][0], self._protection[seat] = self._protection[seat], own[move.a][0]
        else:
            own[move.a][0], own[move.b][0] = own[move.b][0], own[move.a][0]

    def _switch_and_fight(self, moves: dict[int, Move]) -> tuple[Event, ...]:
        switch_0, switch_1 = moves[0], moves[1]
        assert isinstance(switch_0, Switch)
        assert isinstance(switch_1, Switch)
        switches = (switch_0, switch_1)
        events: list[Event] = [SwitchesRevealed(switches)]
        for seat in _SEATS:
            self._switch(seat, switches[seat])
        suits = (self._protection[0].suit, self._protection[1].suit)
        tops_0: list[CardId] = [stack[0].id for stack in self._stacks[0]]
        tops_1: list[CardId] = [stack[0].id for stack in self._stacks[1]]
        outcomes = _kernels.kernels.aliwar_resolve_columns(
            tops_0, tops_1, suits[0].value, suits[1].value
        )
        self._rounds += 1
        for c, outcome in enumerate(outcomes):
            cards = (self._stacks[0][c][0], self._stacks[1][c][0])
            winner = None if outcome == _NO_COLUMN_WINNER else outcome
            protected = (cards[0].suit is suits[0], cards[1].suit is suits[1])
            events.append(ConflictResolved(c, cards, protected, winner))
            # AW-6.1: the losing card goes to the middle, won by the column's winner; the
            # winning and tying cards stay face up on their stacks until they return (AW-6.4).
            for seat in _SEATS:
                self._returning[seat][c] = winner is None or winner == seat
            if winner is not None:
                loser = 1 - winner
                self._won[winner].append(self._stacks[loser][c].pop(0))
                if not self._stacks[loser][c]:
                    events.append(StackEmptied(loser, c))
        dead = [self._is_dead(seat) for seat in _SEATS]
        if dead[0] or dead[1]:
            # AW-7.4, AW-A20, AW-B1: the game ends before any keep; nothing is kept.
            events.extend(self._discard_and_return({})[0])
            events.append(self._end_by_death(dead))
            return tuple(events)
        if self._won[0] or self._won[1]:
            self._phase = Phase.KEEP
            self._legal = (self._keep_moves(0), self._keep_moves(1))
            return tuple(events)
        events.extend(self._finish_round({}))
        return tuple(events)

    def _empty_stacks(self, seat: int) -> list[int]:
        return [c for c, stack in enumerate(self._stacks[seat]) if not stack]

    def _is_dead(self, seat: int) -> bool:
        """AW-7.3: still an empty stack after the forced refill of AW-7.2 could run."""
        empty = len(self._empty_stacks(seat))
        return empty >= 2 or (empty == 1 and not self._won[seat])

    def _keep_moves(self, seat: int) -> tuple[Move, ...]:
        won = self._won[seat]
        if not won:
            return ()
        empty = self._empty_stacks(seat)
        if empty:  # AW-7.2, AW-A13: the refill is forced (exactly one empty stack here)
            return tuple(_KEEPS[STACKS * card.id + empty[0]] for card in won)
        keeps: list[Move] = [_DECLINE]
        for card in won:
            first = STACKS * card.id
            keeps.extend(_KEEPS[first : first + STACKS])
        return tuple(keeps)

    def _keep_and_finish(self, moves: dict[int, Move]) -> tuple[Event, ...]:
        events: list[Event] = []
        kept: dict[int, Keep] = {}
        for seat, move in moves.items():
            if isinstance(move, Keep):
                kept[seat] = move
                events.append(CardKept(seat, move.card, move.stack))
            else:
                events.append(KeepDeclined(seat))
        events.extend(self._finish_round(kept))
        return tuple(events)

    def _discard_and_return(self, kept: dict[int, Keep]) -> tuple[list[Event], int]:
        """AW-6.2–6.6: place kept cards, discard the rest (AW-B8), return the fighters."""
        events: list[Event] = []
        below = self._rules.kept_card_position == "below_returning"
        discarded: list[Card] = []
        returned: list[tuple[int, tuple[tuple[int, Card], ...]]] = []
        for seat in _SEATS:
            keep = kept.get(seat)
            discarded.extend(card for card in self._won[seat] if keep is None or card != keep.card)
            self._won[seat] = []
            back: list[tuple[int, Card]] = []
            for c, stack in enumerate(self._stacks[seat]):
                kept_here = keep.card if keep is not None and keep.stack == c else None
                returning = stack.pop(0) if self._returning[seat][c] else None
                if returning is not None:
                    back.append((c, returning))
                # AW-6.6: the kept card goes in first, the returning card beneath it (AW-A11).
                arriving = (returning, kept_here) if below else (kept_here, returning)
                stack.extend(card for card in arriving if card is not None)
            returned.append((seat, tuple(back)))
        self._discard.extend(discarded)
        if discarded:
            events.append(CardsDiscarded(tuple(discarded)))
        events.extend(CardsReturned(seat, back) for seat, back in returned if back)
        return events, len(discarded)

    def _finish_round(self, kept: dict[int, Keep]) -> list[Event]:
        events, discarded = self._discard_and_return(kept)
        self._no_progress = 0 if discarded else self._no_progress + 1
        rules = self._rules
        if self._no_progress >= rules.no_progress_limit or self._rounds >= rules.max_rounds:
            # AW-7.6, AW-B3: both caps in one round is "no_progress".
            termination = (
                "no_progress" if self._no_progress >= rules.no_progress_limit else "max_rounds"
            )
            events.append(self._end(termination, rules.cap_result == "most_cards"))
            return events
        self._start_round()
        events.append(
            TopsFlipped(
                (
                    tuple(stack[0] for stack in self._stacks[0]),
                    tuple(stack[0] for stack in self._stacks[1]),
                )
            )
        )
        return events

    def _end_by_death(self, dead: list[bool]) -> Event:
        if dead[0] and dead[1]:  # AW-A15, AW-B2
            return self._end("double_loss", self._rules.double_loss_result == "most_cards")
        return self._end("empty_stack", False, winner=1 if dead[0] else 0)

    def _end(self, termination: str, most_cards: bool, winner: int | None = None) -> Event:
        if winner is None and most_cards:
            sizes = [sum(len(stack) for stack in own) for own in self._stacks]
            if sizes[0] != sizes[1]:
                winner = 0 if sizes[0] > sizes[1] else 1
        if winner is None:
            result = Result(frozenset(), termination, self._rounds, (1, 1))
        else:
            placings = (1, 2) if winner == 0 else (2, 1)
            result = Result(frozenset({winner}), termination, self._rounds, placings)
        self._result = result
        self._phase = Phase.OVER
        self._legal = ((), ())
        return GameOver(result)
