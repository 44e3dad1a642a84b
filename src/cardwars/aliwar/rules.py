"""Aliwar's options (:ref:`aliwar-options`) and the ways a game ends (AW-B4).

>>> Rules().machine_options()["max_rounds"], TERMINATIONS[0]
(1000, 'empty_stack')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from cardwars import options as _options
from cardwars.options import check_options

__all__ = ["TERMINATIONS", "Rules"]

TERMINATIONS: Final[tuple[str, ...]] = ("empty_stack", "double_loss", "no_progress", "max_rounds")
"""The ways a game ends (AW-B4), in the order of the batch loop's ``termination`` codes:

* ``"empty_stack"`` — exactly one player is dead (AW-7.3); the other wins;
* ``"double_loss"`` — both are dead in the same round (AW-A15);
* ``"no_progress"`` — ``no_progress_limit`` rounds in a row without a discard (AW-A17);
* ``"max_rounds"`` — ``max_rounds`` rounds were played (AW-A17).
"""

# The largest no_progress_limit and max_rounds: both backends count rounds in C long longs
# (``aliwar/position.pxd``) or Python ints, so this is a round number far inside either.
_MAX_CAP: Final = 10**9

_FLAGS: Final[tuple[str, ...]] = ("allow_null_switch",)
"""The options that are True or False."""

_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "kept_card_position": ("above_returning", "below_returning"),
    "double_loss_result": ("draw", "most_cards"),
    "cap_result": ("draw", "most_cards"),
    "view_recall": ("perfect", "face_up_only"),
}
"""The options that are one of a few strings, default first (the machine takes the index)."""

_COUNTS: Final[dict[str, tuple[int, int]]] = {
    "no_progress_limit": (1, _MAX_CAP),
    "max_rounds": (1, _MAX_CAP),
}
"""The int options, each with its closed range."""

_NOT_FOR_THE_MACHINE: Final[tuple[str, ...]] = ("view_recall",)
"""Options that only change observations, so the machine does not take them."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of :ref:`aliwar-options`; every default is the ruling (AW-A…, AW-B…).

    Attributes:
        allow_null_switch: allow ``Switch(p, p)``, "no switch" (AW-A3, AW-B6).
        kept_card_position: a kept card lies ``"above_returning"`` (placed first) or
            ``"below_returning"`` the card returning to the same stack (AW-A11).
        double_loss_result: both players dead in one round is a ``"draw"``, or won by the
            player with ``"most_cards"`` in their stacks (a draw if equal; AW-A15, AW-B2).
        no_progress_limit: the game is a cap draw after this many rounds in a row
            without a discard (AW-A17); an int from 1 to 10**9.
        max_rounds: the game is a cap draw after this many rounds (AW-A17); an int
            from 1 to 10**9.
        cap_result: what either cap gives: ``"draw"`` or ``"most_cards"`` (AW-B3).
        view_recall: ``"perfect"``: observations show every once-seen face-down card;
            ``"face_up_only"``: only the cards face up now (AW-8.3).

    >>> Rules(kept_card_position="below_returning").kept_card_position
    'below_returning'
    >>> Rules(max_rounds=0)
    Traceback (most recent call last):
    ...
    cardwars.errors.RulesError: max_rounds must be an int from 1 to 1000000000 (10**9), got 0
    """

    allow_null_switch: bool = False
    kept_card_position: Literal["above_returning", "below_returning"] = "above_returning"
    double_loss_result: Literal["draw", "most_cards"] = "draw"
    no_progress_limit: int = 100
    max_rounds: int = 1000
    cap_result: Literal["draw", "most_cards"] = "draw"
    view_recall: Literal["perfect", "face_up_only"] = "perfect"

    def __post_init__(self) -> None:
        check_options(self, flags=_FLAGS, choices=_CHOICES, counts=_COUNTS)

    def machine_options(self) -> dict[str, int]:
        """These rules as the int keyword arguments of the batch loop ``aliwar_batch``.

        A flag is 0 or 1 and a choice the index of its value; ``view_recall`` only
        changes observations, so it is not passed.

        >>> Rules(cap_result="most_cards").machine_options()["cap_result"]
        1
        """
        return _options.machine_options(self, _CHOICES, skip=_NOT_FOR_THE_MACHINE)

    kernel_options = machine_options  # its name in 0.1, kept working
