"""The Clone War state machine: :class:`State`, the typed face of the rules' machine
(:data:`MACHINE`; a step is one call into it, one battle and the cycle rule).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardwars import backend
from cardwars.cards import Card, CardId, Deck, Rank, read_card
from cardwars.clone_war import moves
from cardwars.clone_war.bridge import CloneWarFaces
from cardwars.clone_war.moves import ACTIONS, CardsDealt, CloneWarObservation, Phase
from cardwars.clone_war.rules import TERMINATIONS, Rules
from cardwars.engine import ActionSpace, Event, Move, Result
from cardwars.engine.machine_state import MachineState
from cardwars.errors import CardwarsError, RulesError, UsageError, describe

if TYPE_CHECKING:
    from cardwars.clone_war.machine import CloneWarMachine
    from cardwars.core_rng import Rng

__all__ = ["State"]

MACHINE: Final = backend.RuleSource("cardwars.clone_war.machine")
"""Clone War's machine (``machine.py``, compiled or interpreted: the current backend's)."""

_CARDS: tuple[Card, ...] = tuple(Deck.clone_war())  # index = Clone War card id (:ref:`card-ids`)
_SEATS: tuple[tuple[int, ...], ...] = tuple(
    tuple(seat for seat in range(4) if mask >> seat & 1) for mask in range(16)
)  # the seats of a 4-bit mask
_PHASES: Final[tuple[Phase, ...]] = (Phase.BATTLE, Phase.OVER)
"""The phases by the machine's phase code."""

_FACES: Final = CloneWarFaces(
    cards=_CARDS,
    flipped=moves.CardsFlipped,
    war=moves.WarStarted,
    forfeited=moves.Forfeited,
    placed=moves.WarCardsPlaced,
    last=moves.LastCardShown,
    split=moves.PotSplit,
    collected=moves.PotCollected,
    eliminated=moves.PlayersEliminated,
    over=moves.GameOver,
    seats=_SEATS,
)
"""What the machine builds a battle's events with (:class:`.bridge.CloneWarFaces`)."""


def _card_id(card: Card) -> CardId:
    """The Clone War id of a J, Q or K: its index in ``Deck.clone_war()``."""
    return card.deck * 12 + card.suit.value * 3 + (card.rank.value - Rank.JACK.value)


def _read_start(
    piles: object, rules: object, rng_seed: object, error: type[CardwarsError], battle: bool
) -> tuple[list[list[CardId]], Rules]:
    """The card ids of ``piles`` (top first) and the rules, for :meth:`State.from_piles` and
    ``resolve_battle`` (a ``battle``'s piles may not be empty): 2 to 4 piles of J, Q and K
    (CW-1.1), no card twice, else ``error`` (card text that is no card: CardParseError, which
    a battle reports as UsageError)."""
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise error(f"rules must be a clone_war.Rules, got {describe(rules)}")
    if isinstance(rng_seed, bool) or not isinstance(rng_seed, int) or not 0 <= rng_seed < 2**64:
        raise error(f"rng_seed must be an int in [0, 2**64), got {describe(rng_seed)}")
    if isinstance(piles, (str, bytes)) or not isinstance(piles, Sequence):
        raise error(f"piles must be a sequence of 2 to 4 piles, got {describe(piles)}")
    if not 2 <= len(piles) <= 4:
        raise error(f"Clone War is for 2 to 4 players, got {len(piles)} piles")
    ids: list[list[CardId]] = []
    seen: set[CardId] = set()
    for seat, pile in enumerate(piles):
        if isinstance(pile, (str, bytes)) or not isinstance(pile, Sequence):
            raise error(f"pile {seat} must be a sequence of cards, got {describe(pile)}")
        if battle and not pile:
            raise error(f"pile {seat} is empty: every player of a battle holds a card")
        ids.append([])
        for index, value in enumerate(pile):
            where = f"card {index} of pile {seat}"
            try:
                card = read_card(value, where)
            except CardwarsError as exc:
                if not battle:
                    raise
                raise error(str(exc)) from None
            if card.rank not in (Rank.JACK, Rank.QUEEN, Rank.KING):
                raise error(f"Clone War uses only J, Q and K; {where} is {card}")
            ident = _card_id(card)
            if ident in seen:
                raise error(
                    f"{card} appears twice (again in pile {seat}); the four decks are told "
                    "apart by a deck digit, as in 'KS2'"
                )
            seen.add(ident)
            ids[seat].append(ident)
    return ids, rules


@functools.lru_cache(maxsize=64)
def _position_options(rules: Rules) -> tuple[int, ...]:
    """``rules`` as the ints ``whole_game.WholeGame`` takes after its cards and RNG:
    every option of :meth:`Rules.machine_options` but ``cycle_detection``, in their order."""
    return tuple(v for k, v in rules.machine_options().items() if k != "cycle_detection")


@functools.lru_cache(maxsize=64)
def _machine_options(rules: Rules) -> tuple[int, ...]:
    """``rules`` as the ints the machine takes after its position: the table's, then
    ``cycle_detection`` (the machine applies the cycle rule)."""
    return (*_position_options(rules), int(rules.cycle_detection))


def _new_machine(
    piles: list[list[CardId]], dead: list[CardId], rng_state: int, rules: Rules
) -> CloneWarMachine:
    """The machine of a position (the one place a state builds one), on the chosen backend."""
    machine: CloneWarMachine = MACHINE.module.CloneWarMachine(
        _CARDS, piles, dead, rng_state, *_machine_options(rules)
    )
    return machine


class State(MachineState[Phase]):
    """A Clone War position, god's-eye: :attr:`piles` (top first), :attr:`pot`, :attr:`dead`.

    Build one with :meth:`CloneWar.new_game` or :meth:`from_piles`; ``apply({})`` plays one
    battle, in Clone War's machine (this class is its typed face).

    >>> from cardwars.clone_war import CloneWar
    >>> state = CloneWar(players=3).new_game(seed=7)
    >>> [len(pile) for pile in state.piles], state.dead, state.battles  # 48 cards, 16 each
    ([16, 16, 16], (), 0)
    >>> " ".join(map(str, state.piles[0][:3]))  # P0's top cards; the digit is the source deck
    'JH1 KD2 QC2'
    """

    __slots__ = ("_rules",)

    game_name: ClassVar[str] = "clone-war"
    _action_space: ClassVar[ActionSpace[Move]] = ACTIONS
    _phases: ClassVar[tuple[Phase, ...]] = _PHASES

    _m: CloneWarMachine  # the machine, on either backend, through its typed contract
    _rules: Rules

    @classmethod
    def _deal(cls, players: int, rules: Rules, seed: int) -> State:
        """CW-2 (:ref:`deals`): shuffle the canonical 48 cards, deal round-robin."""
        rng = backend.core.Rng(seed)
        deck: list[CardId] = list(range(48))
        rng.shuffle(deck)
        per = len(deck) // players
        piles = [deck[seat : per * players : players] for seat in range(players)]
        return cls(rules, seed, _new_machine(piles, deck[per * players :], rng.state, rules), False)

    @classmethod
    def from_piles(
        cls, piles: Sequence[Sequence[Card | str]], *, rules: Rules | None = None, rng_seed: int = 0
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
        ids, rules = _read_start(piles, rules, rng_seed, RulesError, battle=False)
        if not any(ids):
            raise RulesError("a Clone War position needs at least one card")
        return cls(rules, rng_seed, _new_machine(ids, [], rng_seed, rules), True)

    # --- the GameState protocol ---------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return self._m.players

    def legal_moves(self, player: int) -> tuple[Move, ...]:
        """The empty tuple, always, as Clone War has no moves."""
        self._check_seat(player)
        return ()

    @property
    def rules(self) -> Rules:
        """The rules this game is played by."""
        return self._rules

    def observation(self, player: int) -> CloneWarObservation:
        """The public facts (CW-8): pile sizes, face-up cards, pot and dead-pile sizes."""
        self._check_seat(player)
        m = self._m
        return CloneWarObservation(
            seat=player,
            pile_sizes=m.pile_sizes(),
            pot_size=0,
            dead_size=len(m.dead()),
            face_up=m.face_up(),
            eliminated=self.eliminated,
            battles=m.battles,
            wars=m.wars,
            is_over=m.over,
        )

    def determinize(self, seat: int, rng: Rng) -> State:
        """Not offered: Clone War has no determinization (issue 16 covers Aliwar and Guerrilla).

        Raises:
            UsageError: always.
        """
        raise UsageError(
            "Clone War has no determinize(); determinization is offered by Aliwar and Guerrilla"
        )

    # --- god's-eye view ----------------------------------------------------------------
    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's pile, top first."""
        return self._m.piles()

    @property
    def pot(self) -> tuple[Card, ...]:
        """The cards on the table, always empty at rest (every battle ends with the pot taken)."""
        return ()

    @property
    def dead(self) -> tuple[Card, ...]:
        """The dead pile, top first (CW-2.2, CW-5.3, ``forfeit_cards_to="dead"``)."""
        return self._m.dead()

    @property
    def eliminated(self) -> frozenset[int]:
        """The seats that are out."""
        return frozenset(seat for seat, out in enumerate(self._m.eliminations()) if out >= 0)

    @property
    def hand_built(self) -> bool:
        """True for a position from :meth:`from_piles` (it has no deal to replay from)."""
        return self._hand_built

    @property
    def battles(self) -> int:
        """Battles played so far (CW-B2)."""
        return self._m.battles

    @property
    def wars(self) -> int:
        """War stages begun so far (CW-B2); a double war counts 2."""
        return self._m.wars

    def _position_data(self) -> dict[str, Any]:
        """The arguments of :meth:`from_piles` for this position (records of hand-built games)."""
        if self.dead or self.battles:
            raise RulesError("only a position before battle 1 with no dead pile can be written")
        return {"piles": [[str(card) for card in pile] for pile in self.piles]}

    def _deal_events(self, seat: int) -> tuple[Event, ...]:
        start = self._start._m
        return (CardsDealt(start.pile_sizes(), len(start.dead())),)

    def _decode_last_step(self) -> tuple[Event, ...]:
        m = self._m
        return m.event_objects(_FACES, self.result if m.over else None)

    def _make_result(self) -> Result:
        m = self._m
        winner = m.winner
        termination = TERMINATIONS[m.termination]
        most_cards = termination == "cap" and self._rules.cap_result == "most_cards"
        sizes = m.pile_sizes()
        # Later elimination ranks higher; seats still in rank above every eliminated seat.
        keys = [
            (0, out) if out >= 0 else (1, sizes[seat] if most_cards else 0)
            for seat, out in enumerate(m.eliminations())
        ]
        placings = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
        winners = frozenset({winner}) if winner >= 0 else frozenset()
        return Result(winners, termination, m.battles, placings)

    def __repr__(self) -> str:
        piles = " | ".join(" ".join(map(str, pile)) for pile in self.piles)
        return f"<clone_war.State battle {self.battles}, {self.phase.name}: {piles}>"
