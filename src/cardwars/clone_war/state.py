"""The Clone War state machine: :class:`State`, over the kernel's ``CloneWarTable``.

The battle itself runs in the kernel (``cardwars._core.CloneWarTable``,
or its pure-Python twin ``cardwars.clone_war.table``); this module
turns the kernel's log into typed events and applies the cycle rule (CW-7.3)
without hashing a single battle: at the start and after every RNG draw it asks
the kernel how many battles remain until the rank-state first repeats (Brent's
algorithm on a copy).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from cardwars import backend
from cardwars.cards import Card, CardId, Deck, Rank, read_card
from cardwars.clone_war import table as pure_clone_war
from cardwars.clone_war.kernel import KERNEL
from cardwars.clone_war.moves import (
    ACTIONS,
    CardsDealt,
    CardsFlipped,
    CloneWarObservation,
    Forfeited,
    GameOver,
    LastCardShown,
    Phase,
    PlayersEliminated,
    PotCollected,
    PotSplit,
    WarCardsPlaced,
    WarStarted,
)
from cardwars.clone_war.rules import TERMINATIONS, Rules
from cardwars.engine import ActionSpace, Event, GameState, Move, Result
from cardwars.errors import RulesError, UsageError, describe
from cardwars.exclusive import busy_error
from cardwars.options import check_players

if TYPE_CHECKING:
    from typing_extensions import Self

    from cardwars.clone_war.table import CloneWarTable
    from cardwars.core_rng import Rng

__all__ = ["State"]

_CARDS: tuple[Card, ...] = tuple(Deck.clone_war())  # index = Clone War card id (:ref:`card-ids`)
_SEATS: tuple[tuple[int, ...], ...] = tuple(
    tuple(seat for seat in range(4) if mask >> seat & 1) for mask in range(16)
)  # the seats of a 4-bit mask
# The kernel's log entries, ``[op, a, b, c]`` (see ``cardwars.clone_war.table``).
_OP_FLIP = pure_clone_war.OP_FLIP
_OP_WAR = pure_clone_war.OP_WAR
_OP_FORFEIT = pure_clone_war.OP_FORFEIT
_OP_PLACE = pure_clone_war.OP_PLACE
_OP_LAST = pure_clone_war.OP_LAST
_OP_SPLIT = pure_clone_war.OP_SPLIT
_OP_COLLECT = pure_clone_war.OP_COLLECT
_OP_ELIMINATED = pure_clone_war.OP_ELIMINATED


def _card_id(card: Card) -> CardId:
    """The Clone War id of a J, Q or K: its index in ``Deck.clone_war()``."""
    return card.deck * 12 + card.suit.value * 3 + (card.rank.value - Rank.JACK.value)


def _pile_card(value: object, seat: int) -> CardId:
    """A card of pile ``seat`` for :meth:`State.from_piles`: a J, Q or K (CW-1.1)."""
    card = read_card(value, f"pile {seat}")
    if card.rank not in (Rank.JACK, Rank.QUEEN, Rank.KING):
        raise RulesError(f"Clone War uses only J, Q and K; pile {seat} holds {card}")
    return _card_id(card)


@functools.lru_cache(maxsize=64)
def _table_options(rules: Rules) -> tuple[int, int, int, int, int, int]:
    """``rules`` as the ints the kernel's ``CloneWarTable`` takes after its cards and RNG.

    The table takes every kernel option but ``cycle_detection``, in this order;
    the state applies the cycle rule itself.
    """
    options = rules.kernel_options()
    return (
        options["collect_order"],
        options["forfeit_cards_to"],
        options["short_war"],
        options["split_remainder"],
        options["max_battles"],
        options["cap_result"],
    )


def _new_table(
    piles: list[list[CardId]], dead: list[CardId], rng_state: int, rules: Rules
) -> CloneWarTable:
    """The kernel table of a position (the one place a state builds one), on the chosen backend."""
    table: CloneWarTable = KERNEL.module.CloneWarTable(
        piles, dead, rng_state, *_table_options(rules)
    )
    return table


_NOBODY: frozenset[int] = frozenset()


class State(GameState[Phase]):
    """A Clone War position, god's-eye: :attr:`piles` (top first), :attr:`pot`, :attr:`dead`.

    Build one with :meth:`CloneWar.new_game` or :meth:`from_piles`; advance it
    with ``apply({})``, one battle per call.

    >>> from cardwars.clone_war import CloneWar
    >>> state = CloneWar(players=3).new_game(seed=7)
    >>> [len(pile) for pile in state.piles], state.dead, state.battles  # 48 cards, 16 each
    ([16, 16, 16], (), 0)
    >>> " ".join(map(str, state.piles[0][:3]))  # P0's top cards; the digit is the source deck
    'JH1 KD2 QC2'
    """

    __slots__ = (
        "_cycle_at",
        "_decoded",
        "_hand_built",
        "_last",
        "_result",
        "_rules",
        "_seed",
        "_table",
    )

    game_name: ClassVar[str] = "clone-war"
    _action_space: ClassVar[ActionSpace[Move]] = ACTIONS
    _table: CloneWarTable
    _rules: Rules
    _seed: int
    _hand_built: bool
    # (battles played through this state, the kernel's log of the last one, the result
    # after it): one tuple, replaced whole, so a reader in another thread never pairs a
    # count with another battle's log.
    _last: tuple[int, list[int], Result | None]
    _decoded: tuple[int, tuple[Event, ...], tuple[tuple[int, Card], ...]] | None
    _cycle_at: int  # the battle after which the cycle rule ends the game, or -1
    _result: Result | None

    def __init__(self) -> None:
        raise TypeError("build a Clone War state with CloneWar.new_game() or State.from_piles()")

    @classmethod
    def _from_table(
        cls, table: CloneWarTable, rules: Rules, seed: int, hand_built: bool = False
    ) -> State:
        self = cls.__new__(cls)
        GameState.__init__(self)
        self._table = table
        self._rules = rules
        self._seed = seed
        self._hand_built = hand_built
        self._last = (0, [], None)
        self._decoded = None
        self._cycle_at = -1
        self._result = None
        if table.termination >= 0:
            self._result = self._make_result()
        else:
            self._look_for_cycle()
        self._mark_start()
        return self

    @classmethod
    def _deal(cls, players: int, rules: Rules, seed: int) -> State:
        """CW-2 (:ref:`deals`): shuffle the canonical 48 cards, deal round-robin."""
        rng = backend.kernels.Rng(seed)
        deck: list[CardId] = list(range(48))
        rng.shuffle(deck)
        per = len(deck) // players
        piles = [deck[seat : per * players : players] for seat in range(players)]
        table = _new_table(piles, deck[per * players :], rng.state, rules)
        return cls._from_table(table, rules, seed)

    @classmethod
    def from_piles(
        cls,
        piles: Sequence[Sequence[Card | str]],
        *,
        rules: Rules | None = None,
        rng_seed: int = 0,
    ) -> State:
        """Build the position before battle 1 from each seat's pile, top first (CW-B7).

        Cards are :class:`~cardwars.cards.Card` objects or strings (``"KS"``,
        ``"K♠2"`` for source deck 2). A seat with an empty pile is out from the
        start; if only one seat has cards the game is already won (0 battles).

        Raises:
            RulesError: ``piles`` is not a sequence of 2–4 sequences of cards, a card
                that is not J, Q or K, the same card (rank, suit and source deck)
                twice, no cards at all, bad ``rules``, or ``rng_seed`` not an int in
                [0, 2**64).
            CardParseError: card text that is not a card.

        >>> from cardwars.clone_war import State
        >>> state = State.from_piles([["KC", "JC", "QC", "QD"], ["KD", "KH", "JD", "JH"]])
        >>> events = state.apply({})
        >>> [str(card) for card in state.piles[0]]
        ['QD', 'KC', 'KD', 'JC', 'QC', 'KH', 'JD']
        """
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a clone_war.Rules, got {describe(rules)}")
        if isinstance(rng_seed, bool) or not isinstance(rng_seed, int) or not 0 <= rng_seed < 2**64:
            raise RulesError(f"rng_seed must be an int in [0, 2**64), got {describe(rng_seed)}")
        if isinstance(piles, (str, bytes)) or not isinstance(piles, Sequence):
            raise RulesError(f"piles must be a sequence of piles, got {describe(piles)}")
        check_players("clone-war", len(piles), 2, 4)
        for seat, given in enumerate(piles):
            if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
                raise RulesError(f"pile {seat} must be a sequence of cards, got {describe(given)}")
        ids = [[_pile_card(item, seat) for item in pile] for seat, pile in enumerate(piles)]
        seen: set[CardId] = set()
        for seat, pile in enumerate(ids):
            for card in pile:
                if card in seen:
                    raise RulesError(f"{_CARDS[card]} appears twice (again in pile {seat})")
                seen.add(card)
        if not seen:
            raise RulesError("a Clone War position needs at least one card")
        table = _new_table(ids, [], rng_seed, rules)
        return cls._from_table(table, rules, rng_seed, hand_built=True)

    # --- the GameState protocol ---------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return self._table.players

    @property
    def phase(self) -> Phase:
        """:attr:`Phase.OVER` once the game has ended, else :attr:`Phase.BATTLE`."""
        return Phase.OVER if self._result is not None else Phase.BATTLE

    @property
    def to_act(self) -> frozenset[int]:
        """The empty set, always, as nobody decides anything in Clone War (§2.2)."""
        return _NOBODY

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._result is not None

    def legal_moves(self, player: int) -> tuple[Move, ...]:
        """The empty tuple, always, as Clone War has no moves."""
        self._check_seat(player)
        return ()

    def legal_actions(self, player: int) -> tuple[int, ...]:
        """The empty tuple, always (Clone War's action space is empty)."""
        self._check_seat(player)
        return ()

    def action_mask(self, player: int) -> bytes:
        """``b""``: Clone War has no actions, so its mask has length 0."""
        self._check_seat(player)
        return b""

    @property
    def rng(self) -> Rng:
        """A copy of the game RNG, at its current point."""
        rng: Rng = backend.kernels.Rng(self._table.rng_state)
        return rng

    @property
    def rules(self) -> Rules:
        """The rules this game is played by."""
        return self._rules

    def observation(self, player: int) -> CloneWarObservation:
        """The public facts (CW-8): pile sizes, face-up cards, pot and dead-pile sizes.

        >>> from cardwars.clone_war import State
        >>> obs = State.from_piles([["KC", "JC"], ["QD"]]).observation(1)
        >>> obs.pile_sizes, obs.face_up
        ((2, 1), ())
        """
        self._check_seat(player)
        return CloneWarObservation(
            seat=player,
            pile_sizes=self._pile_sizes(),
            pot_size=0,
            dead_size=len(self._table.dead),
            face_up=self._decode()[1],
            eliminated=self.eliminated,
            battles=self._table.battles,
            wars=self._table.wars,
            is_over=self._result is not None,
        )

    def determinize(self, seat: int, rng: Rng) -> State:
        """Not offered: Clone War has no determinization (issue 16 covers Aliwar and Guerrilla).

        Raises:
            UsageError: always.
        """
        raise UsageError(
            "Clone War has no determinize(); determinization is offered by Aliwar and Guerrilla"
        )

    def copy(self) -> Self:
        """An independent copy, RNG state and history included."""
        other = type(self).__new__(type(self))
        other._table = self._table.copy()
        other._rules = self._rules
        other._seed = self._seed
        other._hand_built = self._hand_built
        steps, log, result = self._last
        other._last = (steps, list(log), result)
        other._decoded = self._decoded
        other._start = self._start  # never stepped itself, so safe to share
        other._feed = None
        other._cycle_at = self._cycle_at
        other._result = self._result
        return other

    # --- god's-eye view ----------------------------------------------------------------
    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's pile, top first."""
        table = self._table
        return tuple(
            tuple(_CARDS[card] for card in table.pile(seat)) for seat in range(table.players)
        )

    @property
    def pot(self) -> tuple[Card, ...]:
        """The cards on the table, always empty at rest (every battle ends with the pot taken)."""
        return ()

    @property
    def dead(self) -> tuple[Card, ...]:
        """The dead pile, top first (CW-2.2, CW-5.3, ``forfeit_cards_to="dead"``)."""
        return tuple(_CARDS[card] for card in self._table.dead)

    @property
    def eliminated(self) -> frozenset[int]:
        """The seats that are out."""
        table = self._table
        return frozenset(seat for seat in range(table.players) if table.eliminated_after(seat) >= 0)

    @property
    def hand_built(self) -> bool:
        """True for a position from :meth:`from_piles` (it has no deal to replay from)."""
        return self._hand_built

    @property
    def battles(self) -> int:
        """Battles played so far (CW-B2)."""
        return self._table.battles

    @property
    def wars(self) -> int:
        """War stages begun so far (CW-B2); a double war counts 2."""
        return self._table.wars

    # --- stepping -----------------------------------------------------------------
    def _pile_sizes(self) -> tuple[int, ...]:
        table = self._table
        return tuple(table.pile_size(seat) for seat in range(table.players))

    def apply(self, moves: Mapping[int, Move]) -> tuple[Event, ...]:
        """Play one battle: ``apply({})``. Nobody is polled, so the only valid input is ``{}``.

        Raises:
            IllegalMoveError: the game is over, or ``moves`` is not empty.
        """
        if not (type(moves) is dict and not moves and self._result is None):
            self._read_step(moves, "apply", "move")  # raises: the only valid input is {}
        self._battle()
        return self.last_events

    def apply_actions(self, actions: Mapping[int, int]) -> None:
        """Play one battle: ``apply_actions({})``, :meth:`apply` on (no) integer actions.

        The events are in :attr:`~cardwars.engine.GameState.last_events`.

        Raises:
            IllegalMoveError: the game is over, or ``actions`` is not empty.

        >>> from cardwars.clone_war import State
        >>> state = State.from_piles([["KC", "JC"], ["QD", "QH"]])
        >>> state.apply_actions({})
        >>> state.last_events[1]  # K beats Q
        PotCollected(seat=0, cards=2, shuffled=False)
        """
        if not (type(actions) is dict and not actions and self._result is None):
            self._read_step(actions, "apply_actions", "action")  # raises, as for apply()
        self._battle()

    def _apply(self, moves: dict[int, Move]) -> tuple[Event, ...]:
        self._battle()
        return self.last_events

    def _battle(self) -> None:
        """One battle in the kernel, and the cycle rule; the events wait until asked for.

        Raises:
            UsageError: another call holds the table (a thread, or a callback inside a
                step), or it ended the game since this step was checked.
        """
        table = self._table
        table.claim()  # the battle, the cycle rule and the result are one step
        try:
            try:
                log = table.battle()
            except ValueError:  # the table refuses a battle after the end
                raise busy_error() from None
            if table.termination < 0:
                if table.battles == self._cycle_at:
                    table.end_in_cycle()
                elif table.drew:
                    self._look_for_cycle()  # CW-B4: a draw forgets every earlier state
            result = None if table.termination < 0 else self._make_result()
            self._result = result
            self._last = (self._last[0] + 1, log, result)
        finally:
            table.release()

    @property
    def history(self) -> tuple[Mapping[int, Move], ...]:
        """One empty step, ``{}``, per battle played through this state."""
        return tuple({} for _ in range(self._last[0]))

    @property
    def last_events(self) -> tuple[Event, ...]:
        """The events of the last battle (``()`` before the first), built on first access."""
        return self._decode()[0]

    def _decode(self) -> tuple[tuple[Event, ...], tuple[tuple[int, Card], ...]]:
        """The last battle's events and the cards it left face up, from the kernel's log."""
        decoded = self._decoded
        steps, log, result = self._last
        if decoded is None or decoded[0] != steps:
            if steps == 0:
                decoded = (0, (), ())
            else:
                events, face_up = self._events(log)
                if result is not None:
                    events.append(GameOver(result))
                decoded = (steps, tuple(events), face_up)
            self._decoded = decoded
        return decoded[1], decoded[2]

    def _position_data(self) -> dict[str, Any]:
        """The arguments of :meth:`from_piles` for this position (records of hand-built games)."""
        if self.dead or self.battles:
            raise RulesError("only a position before battle 1 with no dead pile can be written")
        return {"piles": [[str(card) for card in pile] for pile in self.piles]}

    def _deal_events(self, seat: int) -> tuple[Event, ...]:
        start = self._start
        return (CardsDealt(start._pile_sizes(), len(start._table.dead)),)

    def _look_for_cycle(self) -> None:
        """Find when the cycle rule would end the game, before it can happen (CW-B3, B4)."""
        self._cycle_at = -1
        if not self._rules.cycle_detection:
            return
        table = self._table
        until_repeat = table.cycle_length()
        if until_repeat >= 0 and table.battles + until_repeat < self._rules.max_battles:
            self._cycle_at = table.battles + until_repeat

    def _events(self, log: list[int]) -> tuple[list[Event], tuple[tuple[int, Card], ...]]:
        """Turn a battle's kernel log into events, and the cards it left face up."""
        cards = _CARDS
        # The log opens with the stage-0 flips, one entry per seat still in.
        first = 0
        end = len(log)
        flips: list[tuple[int, Card]] = []
        while first < end and log[first] == _OP_FLIP:
            flips.append((log[first + 1], cards[log[first + 2]]))
            first += 4
        face_up = tuple(flips)
        events: list[Event] = [CardsFlipped(self._table.battles, face_up)]
        for i in range(first, end, 4):
            op, a, b, c = log[i], log[i + 1], log[i + 2], log[i + 3]
            if op == _OP_COLLECT:
                events.append(PotCollected(a, b, c == 1))
            elif op == _OP_WAR:
                events.append(WarStarted(a, _SEATS[b]))
            elif op == _OP_PLACE:
                events.append(WarCardsPlaced(a, cards[c]))
                face_up += ((a, cards[c]),)
            elif op == _OP_FORFEIT:
                events.append(Forfeited(a, int(b >= 0), c == 1))
            elif op == _OP_LAST:
                events.append(LastCardShown(a, cards[b], c == 1))
                if c:
                    face_up += ((a, cards[b]),)
            elif op == _OP_SPLIT:
                events.append(PotSplit(_SEATS[a], b, c))
            elif op == _OP_ELIMINATED:
                still_in = self._table.players - len(self.eliminated)
                events.append(PlayersEliminated(_SEATS[a], still_in + 1))
        return events, face_up

    def _make_result(self) -> Result:
        table = self._table
        winner = table.winner
        termination = TERMINATIONS[table.termination]
        most_cards = termination == "cap" and self._rules.cap_result == "most_cards"
        # Later elimination ranks higher; seats still in rank above every eliminated seat.
        keys: list[tuple[int, int]] = []
        for seat in range(table.players):
            out = table.eliminated_after(seat)
            if out >= 0:
                keys.append((0, out))
            else:
                keys.append((1, table.pile_size(seat) if most_cards else 0))
        placings = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
        winners = frozenset({winner}) if winner >= 0 else frozenset()
        return Result(winners, termination, table.battles, placings)

    def _snapshot(self) -> tuple[object, ...]:
        table = self._table
        seats = range(table.players)
        return (
            self._rules,
            self._seed,
            tuple(table.pile(seat) for seat in seats),
            table.dead,
            tuple(table.eliminated_after(seat) for seat in seats),
            table.rng_state,
            table.battles,
            table.wars,
            table.termination,
            table.winner,
            self._cycle_at,
            self._decode()[1],
            self._last[0],
            self._hand_built,
        )

    def __repr__(self) -> str:
        piles = " | ".join(" ".join(map(str, pile)) for pile in self.piles)
        return f"<clone_war.State battle {self.battles}, {self.phase.name}: {piles}>"
