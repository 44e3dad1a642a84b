"""One Guerrilla evaluation on its own: :func:`resolve_skirmish` and its typed result, ranked
by the rule module ``strength.py`` as in the game (GT-7, GT-9)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardwars.cards import Card, CardId
from cardwars.errors import CardParseError, RulesError, UsageError, describe
from cardwars.guerrilla.moves import STRENGTH, Outcome
from cardwars.guerrilla.position import game_deck, int_in, read_game_card
from cardwars.guerrilla.rules import MAX_GUERRILLA_RANK, Rules

__all__ = ["SkirmishStanding", "resolve_skirmish"]


@dataclass(frozen=True, slots=True)
class SkirmishStanding:
    """Where every seat stands after Play and Support (:func:`resolve_skirmish`).

    Tuples indexed by seat have one entry per seat of the game; a seat with no card on
    the table (out of the game) is :attr:`Outcome.ABSENT <cardwars.guerrilla.Outcome.ABSENT>`.

    >>> from cardwars.guerrilla import resolve_skirmish
    >>> standing = resolve_skirmish(["KC", "KD", "5H"])  # two Kings tie; nobody supports
    >>> standing.winner, standing.tied, [int(outcome) for outcome in standing.outcomes]
    (None, (0, 1), [1, 1, 0])
    """

    played: tuple[Card | None, ...]
    """Per seat, the card it played (GT-6), None for a seat not in the skirmish."""
    supports: tuple[Card | None, ...]
    """Per seat, its support card (GT-8.3), None if it passed or could not support."""
    evaluated: tuple[Outcome, ...]
    """Per seat, its standing on the played cards alone (GT-7), as the first
    :class:`~cardwars.guerrilla.SkirmishEvaluated` of the skirmish."""
    outcomes: tuple[Outcome, ...]
    """Per seat, its standing on the combinations, supports included (GT-9), as the second
    :class:`~cardwars.guerrilla.SkirmishEvaluated`. Each supporter draws just one card
    next time (GT-8.5); that penalty does not change the standing."""
    winner: int | None
    """The one seat :attr:`Outcome.WINNING <cardwars.guerrilla.Outcome.WINNING>` in
    :attr:`outcomes`, which wins the skirmish; None when it goes to tie resolution."""
    tied: tuple[int, ...]
    """The seats tied for best in :attr:`outcomes`, who go on to tie resolution (GT-10);
    empty when there is a :attr:`winner`."""


def _seat_cards(
    values: object, what: str, each: str, players: int, deck: frozenset[Card]
) -> list[Card | None]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise UsageError(f"{what} must be a sequence of one card or None per seat")
    if len(values) != players:
        raise UsageError(f"{what} must have one entry per seat ({players}), got {len(values)}")
    try:
        return [
            None if value is None else read_game_card(value, f"{each} of seat {seat}", deck)
            for seat, value in enumerate(values)
        ]
    except (CardParseError, RulesError) as exc:
        raise UsageError(str(exc)) from None


def resolve_skirmish(
    played: Sequence[Card | str | None],
    supports: Sequence[Card | str | None] | None = None,
    *,
    rules: Rules | None = None,
    guerrilla_rank: int = 2,
) -> SkirmishStanding:
    """Evaluate a Guerrilla skirmish's table (GT-7), check and add the supports (GT-8),
    re-evaluate (GT-9), and say who wins or who goes on to tie resolution (GT-10).

    ``played`` holds, per seat (2 to 4 of them), the card it played, or None for a
    seat that is out of the game; at least two seats play. ``supports``, per seat, the
    support card it added in the one support window (GT-8.3), or None. Every card is a
    card of this game (each seat's suit(s) of one deck, GT-1.1; any seat may hold any
    of them, as spoils change hands), none twice. ``guerrilla_rank`` is G (GT-1.4), 2 to
    6: cards ranked 2 to G are Guerrillas and all worth the same, below any other (GT-1.5).

    Raises:
        UsageError: an argument that is not as described, a card not in this game or
            given twice, a support the rules do not allow, or ``rules`` with
            ``support_cascade`` (this function plays the one support window of GT-8.3).

    >>> from cardwars.guerrilla import resolve_skirmish
    >>> standing = resolve_skirmish(["3C", "AD"], supports=["2C", None], guerrilla_rank=3)
    >>> [outcome.name for outcome in standing.evaluated], standing.winner  # GT-T3
    (['LOSING', 'WINNING'], 0)
    >>> resolve_skirmish(["KC", "9D"], supports=[None, "QC"])  # K alone still beats a Q
    Traceback (most recent call last):
    ...
    cardwars.errors.UsageError: seat 1 may not support with QC: it would still be LOSING (GT-8.2)
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise UsageError(f"rules must be a guerrilla.Rules, got {describe(rules)}")
    if rules.support_cascade:
        raise UsageError(
            "resolve_skirmish plays the one support window of GT-8.3; "
            "rules with support_cascade=True are not taken"
        )
    if not int_in(guerrilla_rank, 2, MAX_GUERRILLA_RANK):
        raise UsageError(
            f"guerrilla_rank must be an int 2..{MAX_GUERRILLA_RANK}, got {describe(guerrilla_rank)}"
        )
    if isinstance(played, (str, bytes)) or not isinstance(played, Sequence):
        raise UsageError(
            f"played must be a sequence of one card or None per seat, got {describe(played)}"
        )
    players = len(played)
    if not 2 <= players <= 4:
        raise UsageError(f"guerrilla is for 2 to 4 players, got {players} seats in played")
    if players != 2 and rules.two_suit_variant:
        raise UsageError(f"two_suit_variant is for 2 players, got {players} seats in played")
    deck = game_deck(players, rules.two_suit_variant)
    cards = _seat_cards(played, "played", "the played card", players, deck)
    extra = [None] * players if supports is None else supports
    support = _seat_cards(extra, "supports", "the support", players, deck)
    if sum(1 for card in cards if card is not None) < 2:
        raise UsageError("at least two seats play a card in a skirmish")
    seen: set[Card] = set()
    for seat in range(players):
        if cards[seat] is None and support[seat] is not None:
            raise UsageError(f"seat {seat} supports without a played card")
        for card in (cards[seat], support[seat]):
            if card is not None:
                if card in seen:
                    raise UsageError(f"{card} is on the table twice (again at seat {seat})")
                seen.add(card)

    strength = STRENGTH.module
    g, kicker, ace_low = guerrilla_rank, rules.kicker, rules.ace_low
    alone: list[list[CardId]] = [[] if card is None else [card.id] for card in cards]
    evaluated = tuple(map(Outcome, strength.guerrilla_evaluate(alone, g, kicker, ace_low)))
    for seat, card in enumerate(support):
        if card is not None:
            _check_support(seat, card, alone, evaluated, g, rules)
    combos = [
        ids if card is None else [*ids, card.id] for ids, card in zip(alone, support, strict=True)
    ]
    outcomes = tuple(map(Outcome, strength.guerrilla_evaluate(combos, g, kicker, ace_low)))
    leaders = tuple(s for s, outcome in enumerate(outcomes) if outcome >= Outcome.TIED)
    winner = leaders[0] if len(leaders) == 1 else None
    return SkirmishStanding(
        played=tuple(cards),
        supports=tuple(support),
        evaluated=evaluated,
        outcomes=outcomes,
        winner=winner,
        tied=() if winner is not None else leaders,
    )


def _check_support(
    seat: int,
    card: Card,
    alone: list[list[CardId]],
    evaluated: tuple[Outcome, ...],
    g: int,
    rules: Rules,
) -> None:
    """GT-8.1, GT-8.2 and ``support_rule``: may ``seat`` support with ``card``?"""
    now = evaluated[seat]
    if now not in (Outcome.LOSING, Outcome.TIED):
        raise UsageError(
            f"seat {seat} is {now.name} on the played cards: only a seat tied "
            "or losing may support (GT-8.1)"
        )
    if rules.support_rule == "unrestricted":
        return
    strength = STRENGTH.module.guerrilla_strength
    kicker, ace_low = rules.kicker, rules.ace_low
    stronger: int = strength([*alone[seat], card.id], g, kicker, ace_low)
    if rules.support_rule == "stronger_combo":
        if stronger <= strength(alone[seat], g, kicker, ace_low):
            raise UsageError(
                f"seat {seat} may not support with {card}: the pair must be stronger than "
                "its card alone (support_rule='stronger_combo')"
            )
        return
    best_other = max(
        strength(ids, g, kicker, ace_low)
        for other, ids in enumerate(alone)
        if other != seat and ids
    )
    if Outcome.against(stronger, best_other) <= now:
        raise UsageError(
            f"seat {seat} may not support with {card}: it would still be {now.name} (GT-8.2)"
        )
