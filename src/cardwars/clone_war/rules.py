"""The options of Clone War (:ref:`clone-war-options`): :class:`Rules`, and :data:`TERMINATIONS`.

Every field is one named option; its default is the ruling. Bad values raise
:class:`~cardwars.errors.RulesError` naming the field and what is allowed
(:func:`cardwars.options.check_options`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardwars import options

__all__ = ["TERMINATIONS", "Rules"]

TERMINATIONS: tuple[str, ...] = ("last_player", "cycle", "cap")
"""How a game can end (CW-B3), indexed by the batch loop's ``"termination"`` column:
``last_player`` (one player has all the cards and wins), ``cycle`` (a repeated
rank-state, a draw) and ``cap`` (``max_battles`` reached)."""

CollectOrder = Literal["stage_winner_first", "stage_seat_order", "shuffled"]
ForfeitTo = Literal["pot", "dead"]
ShortWar = Literal["forfeit", "play_what_you_can"]
SplitRemainder = Literal["dead", "round_robin"]
CapResult = Literal["draw", "most_cards"]

# The allowed values of every string option, default first; a choice's int is its index.
_CHOICES: dict[str, tuple[str, ...]] = {
    "collect_order": ("stage_winner_first", "stage_seat_order", "shuffled"),
    "forfeit_cards_to": ("pot", "dead"),
    "short_war": ("forfeit", "play_what_you_can"),
    "split_remainder": ("dead", "round_robin"),
    "cap_result": ("draw", "most_cards"),
}
_FLAGS: tuple[str, ...] = ("cycle_detection",)
# The compiled rules log battle numbers as C ints, so the cap stays a C int.
_COUNTS: dict[str, tuple[int, int]] = {"max_battles": (1, 2**31 - 1)}


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of :ref:`clone-war-options`; every default is the ruling.

    Attributes:
        collect_order: CW-A6. ``"stage_winner_first"``: stage by stage, the
            winner's records first, then clockwise; ``"stage_seat_order"``: stage
            by stage in seat order; ``"shuffled"``: the pot is shuffled (an RNG
            draw) before it goes under the winner's pile.
        forfeit_cards_to: CW-A12. Where a short player's forfeited cards go:
            ``"pot"`` or ``"dead"`` (the dead pile).
        short_war: CW-A14. ``"forfeit"`` (CW-5.2); or ``"play_what_you_can"``:
            nobody forfeits, a short player with one card plays it face up and
            one with none stands on their previous face-up card. In both, a
            stage where every tied player is short is settled by CW-5.3.
        split_remainder: CW-A17. Where the cards left over from a split go:
            ``"dead"`` or ``"round_robin"`` (dealt on in the same order).
        cycle_detection: CW-A21. End in a draw when the rank-state repeats.
        max_battles: CW-A21. The cap on battles, an int from 1 to 2**31 - 1
            (the compiled rules log battle numbers as C ints).
        cap_result: CW-A21. ``"draw"``, or ``"most_cards"``: the unique largest
            pile wins at the cap (a draw if several share it).

    Raises:
        RulesError: a value is not allowed; the message names the field.

    >>> from cardwars.clone_war import Rules
    >>> Rules(collect_order="shuffled").collect_order
    'shuffled'
    >>> Rules(split_remainder="halves")
    Traceback (most recent call last):
    ...
    cardwars.errors.RulesError: split_remainder must be one of 'dead', 'round_robin', got 'halves'
    """

    collect_order: CollectOrder = "stage_winner_first"
    forfeit_cards_to: ForfeitTo = "pot"
    short_war: ShortWar = "forfeit"
    split_remainder: SplitRemainder = "dead"
    cycle_detection: bool = True
    max_battles: int = 10000
    cap_result: CapResult = "draw"

    def __post_init__(self) -> None:
        options.check_options(self, flags=_FLAGS, choices=_CHOICES, counts=_COUNTS)

    def machine_options(self) -> dict[str, int]:
        """These rules as the ints the rule modules take: a flag is 0 or 1, a choice its index.

        They are the keyword arguments of ``clone_war_batch``;
        ``whole_game.WholeGame`` takes all of them but ``cycle_detection`` (the state
        applies the cycle rule itself).

        >>> from cardwars.clone_war import Rules
        >>> Rules(short_war="play_what_you_can").machine_options()["short_war"]
        1
        """
        return options.machine_options(self, _CHOICES)

    kernel_options = machine_options  # its name in 0.1, kept working
