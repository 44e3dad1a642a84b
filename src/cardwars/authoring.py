"""What a game built outside cardwars imports: the public authoring API, in one place.

A plugin game (a distribution that registers its :class:`Game` subclass under the
``cardwars.games`` entry-point group) is written against these names only. They are
re-exports of the engine's own classes and helpers, so a plugin's game behaves exactly
like a built-in one.

This version of the module is the one the Beggar-my-neighbour plugin needed
(``plugins/beggar-my-neighbour``); it only re-exports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwars import _cython as pure_cython
from cardwars import backend as _backend
from cardwars.actions import ActionSpace
from cardwars.cards import Card, CardId, Deck, Rank, Suit, card_from_id, read_card
from cardwars.engine import Agent, Event, Game, GameState, GameText, Move, Observation, Result
from cardwars.engine.interfaces import RandomAgent
from cardwars.engine.machine_state import Machine, MachineState
from cardwars.errors import (
    CardParseError,
    CardwarsError,
    IllegalMoveError,
    RulesError,
    UsageError,
    describe,
)
from cardwars.exclusive import busy_error
from cardwars.options import check_options, check_players, machine_options

if TYPE_CHECKING:  # both backends have the same Rng; the type checker reads the Python one's
    from cardwars.core_rng import Rng, derive_seed
else:
    Rng = _backend.core.Rng
    derive_seed = _backend.core.derive_seed

__all__ = [
    "ActionSpace",
    "Agent",
    "Card",
    "CardId",
    "CardParseError",
    "CardwarsError",
    "Deck",
    "Event",
    "Game",
    "GameState",
    "GameText",
    "IllegalMoveError",
    "Machine",
    "MachineState",
    "Move",
    "Observation",
    "RandomAgent",
    "Rank",
    "Result",
    "Rng",
    "RulesError",
    "Suit",
    "UsageError",
    "busy_error",
    "card_from_id",
    "check_options",
    "check_players",
    "current_backend",
    "derive_seed",
    "describe",
    "machine_options",
    "pure_cython",
    "read_card",
]


def current_backend() -> str:
    """The backend cardwars runs now, ``"compiled"`` or ``"python"``: a plugin runs its
    own rule modules on the same one (``CARDWARS_PURE_PYTHON=1`` makes it ``"python"``)."""
    return _backend.BACKEND
