"""The options of WAR: Guerrilla Tactics (:ref:`guerrilla-options`): :class:`Rules`, fixed facts
(GT-B7, GT-4.1, GT-1.1, GT-A2)."""

from __future__ import annotations

from dataclasses import dataclass, fields

from cardwars import options as _options
from cardwars.cards import Card, Rank, Suit
from cardwars.options import check_options

__all__ = ["MAX_GUERRILLA_RANK", "TERMINATIONS", "Rules", "allowed_values", "seat_cards"]

TERMINATIONS: tuple[str, ...] = ("last_player", "all_eliminated", "max_skirmishes")
"""Why a game ended (GT-B7); the batch column ``termination`` indexes this tuple."""

MAX_GUERRILLA_RANK = 6
"""The highest Guerrilla rank G; no promotion window opens at G = 6 (GT-4.1)."""

# The allowed values of every string option, default first.
_CHOICES: dict[str, tuple[str, ...]] = {
    "draw_mode": ("fill_to_two", "draw_two"),
    "elimination_rule": ("cannot_draw", "cannot_play"),
    "support_rule": ("improve_vs_current", "stronger_combo", "unrestricted"),
    "tie_cards": ("any_from_hand", "drawn_only", "blind"),
    "tie_facedown_role": ("stake", "combines"),
    "eliminated_cards_to": ("removed", "spoils"),
    "removal_choice": ("random", "winner_chooses"),
    "no_winner_spoils": ("removed", "next_best"),
    "promotion_timing": ("before_draw", "after_draw"),
    "promotion_acceptance": ("unless_cancelled", "unanimous_vote"),
    "recruit_shortfall": ("take_available", "reshuffle"),
    "simultaneous_elimination": ("draw", "most_cards"),
    "cap_result": ("draw", "most_cards"),
}
# Every int option with its (low, high) bounds. The largest max_skirmishes: the compiled batch loop
# counts skirmishes in a C int (``guerrilla/board.pxd``), so the cap stays well below 2**31 - 1.
_COUNTS: dict[str, tuple[int, int]] = {"max_skirmishes": (1, 10**9)}

_FLAGS = (
    "two_suit_variant", "ace_low", "support_cascade", "kicker", "tie_facedown_penalty",
    "promotion_wave_reset", "all_cancellers_recruit",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of WAR: Guerrilla Tactics; each default is the ruling (:ref:`guerrilla-options`).

    Attributes:
        two_suit_variant: GT-A2, two players with 26 cards each (seat 0 ♦♥, seat 1 ♣♠).
        ace_low: GT-A3, the Ace counts 1, below every other card, Guerrillas included.
        draw_mode: GT-A5, ``"fill_to_two"`` (draw until holding 2) or ``"draw_two"``.
        elimination_rule: GT-A8, ``"cannot_draw"`` (a player who must draw and cannot is out)
            or ``"cannot_play"`` (out only with an empty hand as well).
        support_rule: GT-A14, ``"improve_vs_current"`` (strictly better lose < tie < win
            against the board), ``"stronger_combo"`` or ``"unrestricted"``.
        support_cascade: GT-A14, repeat support windows while someone supports.
        kicker: GT-A16, the second card breaks ties between non-pairs.
        tie_cards: GT-A18, ``"any_from_hand"``, ``"drawn_only"`` or ``"blind"``.
        tie_facedown_role: GT-A19, ``"stake"`` or ``"combines"`` (pairs with the face-up card).
        tie_facedown_penalty: GT-A19, a face-down tie card triggers the support penalty.
        eliminated_cards_to: GT-A21/A37, ``"removed"`` or ``"spoils"`` (to the skirmish winner).
        removal_choice: GT-A22, ``"random"`` or ``"winner_chooses"``.
        no_winner_spoils: GT-A25, ``"removed"`` or ``"next_best"``.
        promotion_timing: GT-A26, ``"before_draw"`` or ``"after_draw"``.
        promotion_wave_reset: GT-A27, a promotion clears every "played a Guerrilla" flag.
        promotion_acceptance: GT-A29, ``"unless_cancelled"`` or ``"unanimous_vote"``.
        all_cancellers_recruit: GT-A31, every canceller recruits (else the first clockwise only).
        recruit_shortfall: GT-A33, ``"take_available"`` or ``"reshuffle"``.
        simultaneous_elimination: GT-A38, ``"draw"`` or ``"most_cards"``.
        max_skirmishes: GT-A39, the skirmish cap, an int from 1 to 10**9 (the compiled
            batch loop counts skirmishes in a C int).
        cap_result: GT-A39, ``"draw"`` or ``"most_cards"`` at the cap.

    >>> Rules().draw_mode
    'fill_to_two'
    >>> Rules(kicker="yes")
    Traceback (most recent call last):
    ...
    cardwars.errors.RulesError: kicker must be True or False, got 'yes'
    """

    two_suit_variant: bool = False
    ace_low: bool = False
    draw_mode: str = "fill_to_two"
    elimination_rule: str = "cannot_draw"
    support_rule: str = "improve_vs_current"
    support_cascade: bool = False
    kicker: bool = False
    tie_cards: str = "any_from_hand"
    tie_facedown_role: str = "stake"
    tie_facedown_penalty: bool = False
    eliminated_cards_to: str = "removed"
    removal_choice: str = "random"
    no_winner_spoils: str = "removed"
    promotion_timing: str = "before_draw"
    promotion_wave_reset: bool = False
    promotion_acceptance: str = "unless_cancelled"
    all_cancellers_recruit: bool = True
    recruit_shortfall: str = "take_available"
    simultaneous_elimination: str = "draw"
    max_skirmishes: int = 5000
    cap_result: str = "draw"

    def __post_init__(self) -> None:
        check_options(self, flags=_FLAGS, choices=_CHOICES, counts=_COUNTS)

    def machine_options(self) -> dict[str, int]:
        """Every option as the int the machine takes: a flag 0 or 1, a choice its index.

        The compiled batch loop reads ``two_suit_variant`` and ``max_skirmishes``
        from these (it plays the default rules otherwise).

        >>> options = Rules(two_suit_variant=True, tie_cards="blind").machine_options()
        >>> options["two_suit_variant"], options["tie_cards"], options["max_skirmishes"]
        (1, 2, 5000)
        """
        return _options.machine_options(self, _CHOICES)

    kernel_options = machine_options  # its name in 0.1, kept working

    @property
    def is_default(self) -> bool:
        """True when every option has its default (the rulings).

        >>> Rules().is_default, Rules(kicker=True).is_default
        (True, False)
        """
        return all(getattr(self, f.name) == f.default for f in fields(self))


def allowed_values(name: str) -> tuple[str, ...]:
    """The allowed values of a string option, default first (for docs and front ends).

    >>> allowed_values("tie_cards")
    ('any_from_hand', 'drawn_only', 'blind')
    """
    return _CHOICES[name]


def seat_cards(players: int, two_suit_variant: bool = False) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards in canonical order (GT-1.1, GT-A2): the order they are shuffled in.

    >>> [" ".join(str(c) for c in cards[:3]) for cards in seat_cards(2, True)]
    ['2D 3D 4D', '2C 3C 4C']
    """
    if two_suit_variant:
        suits: list[tuple[Suit, ...]] = [(Suit.DIAMONDS, Suit.HEARTS), (Suit.CLUBS, Suit.SPADES)]
    else:
        suits = [(Suit(seat),) for seat in range(players)]
    return tuple(tuple(Card(Rank(r), suit) for suit in own for r in range(2, 15)) for own in suits)
