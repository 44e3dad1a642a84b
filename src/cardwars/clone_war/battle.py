"""One Clone War battle on its own: :func:`resolve_battle` and its typed result.

It restates no rule: it plays the game's own battle (``whole_game.WholeGame``, on the current
backend), the step every game and the batch loop play, and reads the battle's log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardwars import backend
from cardwars.cards import Card
from cardwars.clone_war.game import WHOLE_GAME
from cardwars.clone_war.rules import Rules
from cardwars.clone_war.state import _CARDS, _SEATS, _position_options, _read_start
from cardwars.errors import UsageError

__all__ = ["BattleOutcome", "War", "resolve_battle"]

_OPS: Final = backend.RuleSource("cardwars.clone_war.position")
"""Where the log's ops are named (``position.LogOp``)."""


@dataclass(frozen=True, slots=True)
class War:
    """One war stage of a battle (CW-4, CW-5): who fought it and with which cards.

    Tuples indexed by seat have one entry per player of the battle.

    >>> from cardwars.clone_war import resolve_battle
    >>> war = resolve_battle([["KC", "QC", "JC"], ["KD", "JD"]]).wars[0]  # P1 is short
    >>> war.seats, war.short, [str(card) for card in war.cards[1]], war.face_up[0]
    ((0, 1), (1,), ['JD'], None)
    """

    stage: int
    """1 for the first war of the battle, 2 for the war it leads to, and so on."""
    seats: tuple[int, ...]
    """The tied seats at war in this stage (CW-3.3, CW-4.3), in seat order."""
    short: tuple[int, ...]
    """The seats of :attr:`seats` with fewer than two cards as the stage began (CW-5.1)."""
    cards: tuple[tuple[Card, ...], ...]
    """Per seat, the cards it gave up in this stage, in order, face down then face up
    (CW-4.2), a forfeited card (CW-5.2), or a last card turned up (CW-5.3)."""
    face_up: tuple[Card | None, ...]
    """Per seat, the card it fought this stage with, its new face-up card, its last card, or
    the face-up card it showed before when it has none left (CW-B6); None for a seat not
    fighting (not at war, forfeited, or the one player left with cards, who takes the pot
    without laying any, CW-5.2)."""


@dataclass(frozen=True, slots=True)
class BattleOutcome:
    """What one Clone War battle did (:func:`resolve_battle`). Tuples indexed by seat have
    one entry per player; cards are listed top first or in the order they were laid.

    >>> from cardwars.clone_war import resolve_battle
    >>> outcome = resolve_battle([["KC"], ["KD"], ["QD"]])  # a tie, and nobody can war
    >>> outcome.winners, outcome.split, outcome.short, len(outcome.pot), len(outcome.dead)
    ((0, 1), True, (0, 1), 3, 1)
    """

    flipped: tuple[Card, ...]
    """Per seat, the card it turned face up to open the battle (CW-3.1)."""
    wars: tuple[War, ...]
    """Every war stage the battle went through, in order; empty when there was no war."""
    winners: tuple[int, ...]
    """The seat that took the pot (CW-3.2, CW-4.3, CW-5.2, CW-6), or the seats that split
    it (CW-5.3) when :attr:`split`."""
    split: bool
    """Whether the pot was shuffled and split among :attr:`winners` (CW-5.3)."""
    put_in: tuple[tuple[Card, ...], ...]
    """Per seat, every card it gave up in this battle, in order (a forfeit to the dead pile
    included)."""
    short: tuple[int, ...]
    """The seats that ran short in some war stage (CW-5.1), in seat order."""
    pot: tuple[Card, ...]
    """The pot in the order it was laid (stage by stage, seat order within one)."""
    dead: tuple[Card, ...]
    """The cards that went to the dead pile, forfeits (``forfeit_cards_to="dead"``) and a
    split's leftovers (``split_remainder="dead"``)."""
    piles: tuple[tuple[Card, ...], ...]
    """Per seat, its pile after the battle, top first."""
    eliminated: tuple[int, ...]
    """The seats left without a card, which are out (CW-7.1)."""


def resolve_battle(
    piles: Sequence[Sequence[Card | str]], rules: Rules | None = None, *, rng_seed: int = 0
) -> BattleOutcome:
    """Play one Clone War battle on ``piles`` and say what happened (CW-3 … CW-6, CW-7.1).

    ``piles`` holds each player's pile, top first: 2 to 4 players, each with at least one
    card, every card a J, Q or K of the four decks (``"KS"`` or ``"KS0"`` for deck 0,
    ``"KS2"`` for deck 2), no card twice. The battle is the one a game plays first from
    :meth:`State.from_piles(piles, rules=rules, rng_seed=rng_seed)
    <cardwars.clone_war.State.from_piles>`: the same rule step as every game, with every
    war it leads to, players running short (``rules.short_war``, ``forfeit_cards_to``)
    and a split pot (``split_remainder``). ``rng_seed`` is the game RNG's state, drawn
    from only to shuffle a pot (``collect_order="shuffled"``, or a split).

    Raises:
        UsageError: ``piles`` is not as described above, ``rules`` is not a
            :class:`~cardwars.clone_war.Rules`, or ``rng_seed`` is not an int in [0, 2**64).

    >>> from cardwars.clone_war import resolve_battle
    >>> outcome = resolve_battle([["QC", "JS"], ["QD", "KH", "KD", "JD"], ["JH", "QH"]])
    >>> outcome.winners, [war.seats for war in outcome.wars], outcome.short
    ((1,), [(0, 1)], (0,))
    >>> [" ".join(map(str, cards)) for cards in outcome.put_in]
    ['QC JS', 'QD', 'JH']
    >>> [" ".join(map(str, pile)) for pile in outcome.piles]
    ['', 'KH KD JD QD JH QC JS', 'QH']
    """
    ids, rules = _read_start(piles, rules, rng_seed, UsageError, battle=True)
    game = WHOLE_GAME.module.WholeGame(ids, [], rng_seed, *_position_options(rules))
    log: list[int] = game.battle()
    return _outcome(log, len(ids), game)


class _Stage:
    """A war stage while its log entries are read."""

    __slots__ = ("cards", "face_up", "number", "seats", "short")

    def __init__(self, number: int, seats: tuple[int, ...], players: int) -> None:
        self.number = number
        self.seats = seats
        self.short: list[int] = []
        self.cards: list[list[Card]] = [[] for _ in range(players)]
        self.face_up: list[Card | None] = [None] * players

    def war(self) -> War:
        cards = tuple(map(tuple, self.cards))
        return War(self.number, self.seats, tuple(self.short), cards, tuple(self.face_up))


def _outcome(log: list[int], players: int, game: Any) -> BattleOutcome:
    """Read a first battle's log (``[op, a, b, c]`` entries, ``position.LogOp``)
    and the game it was played in."""
    cards = _CARDS
    LogOp = _OPS.module.LogOp  # noqa: N806 (the ops' names, from either build)
    flipped: list[Card] = []
    put_in: list[list[Card]] = [[] for _ in range(players)]
    pot: list[Card] = []
    stages: list[_Stage] = []
    last: list[Card | None] = [None] * players  # each seat's latest face-up card (CW-B6)
    winners: tuple[int, ...] = ()
    split = False

    def give(seat: int, card: Card, to_pot: bool = True) -> None:
        put_in[seat].append(card)
        if stages:
            stages[-1].cards[seat].append(card)
        if to_pot:
            pot.append(card)

    for i in range(0, len(log), 4):
        op, a, b, c = log[i], log[i + 1], log[i + 2], log[i + 3]
        if op == LogOp.FLIP:  # seat a turns card b face up
            flipped.append(cards[b])
            last[a] = cards[b]
            give(a, cards[b])
        elif op == LogOp.WAR:  # stage a among the seats of mask b
            stages.append(_Stage(a, _SEATS[b], players))
        elif op == LogOp.PLACE:  # seat a: card b face down, card c face up
            give(a, cards[b])
            give(a, cards[c])
            stages[-1].face_up[a] = last[a] = cards[c]
        elif op == LogOp.FORFEIT:  # seat a is short: forfeits card b (-1: none), c: to the dead
            stages[-1].short.append(a)
            if b >= 0:
                give(a, cards[b], to_pot=not c)
        elif op == LogOp.LAST:  # seat a is short: fights with card b, c: just played
            stages[-1].short.append(a)
            stages[-1].face_up[a] = last[a] = cards[b]
            if c:
                give(a, cards[b])
        elif op == LogOp.SPLIT:  # the pot is split among the seats of mask a
            winners, split = _SEATS[a], True
        elif op == LogOp.COLLECT:  # seat a takes the pot
            winners = (a,)
    piles = tuple(tuple(cards[card] for card in game.pile(s)) for s in range(players))
    return BattleOutcome(
        flipped=tuple(flipped),
        wars=tuple(stage.war() for stage in stages),
        winners=winners,
        split=split,
        put_in=tuple(map(tuple, put_in)),
        short=tuple(sorted({s for stage in stages for s in stage.short})),
        pot=tuple(pot),
        dead=tuple(cards[card] for card in game.dead),
        piles=piles,
        eliminated=tuple(s for s in range(players) if not piles[s]),
    )
