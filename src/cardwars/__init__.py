"""cardwars: exact, fast engines for Aliwar, Clone War and WAR: Guerrilla Tactics.

>>> import cardwars
>>> game = cardwars.load_game("clone-war", players=2)
>>> final = cardwars.play(game, ["random", "random"], seed=1)
>>> final.result is not None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwars import agents, records
from cardwars.backend import BACKEND
from cardwars.backend import core as _core_module
from cardwars.cards import Card, Deck, Rank, Suit
from cardwars.engine import (
    Agent,
    Event,
    Game,
    GameState,
    Move,
    Observation,
    Result,
    play,
)
from cardwars.errors import (
    ArgumentTypeError,
    CardParseError,
    CardwarsError,
    IllegalMoveError,
    RecordError,
    RulesError,
    SimulationError,
    UsageError,
)
from cardwars.registry import game_names, load_game
from cardwars.report import SimulationReport
from cardwars.simulate import simulate
from cardwars.table import Table

__version__ = "0.1.0"

if TYPE_CHECKING:  # both backends have the same Rng; the type checker reads the Python one's
    from cardwars.core_rng import Rng, derive_seed
else:
    Rng = _core_module.Rng
    derive_seed = _core_module.derive_seed

__all__ = [
    "BACKEND",
    "Agent",
    "ArgumentTypeError",
    "Card",
    "CardParseError",
    "CardwarsError",
    "Deck",
    "Event",
    "Game",
    "GameState",
    "IllegalMoveError",
    "Move",
    "Observation",
    "Rank",
    "RecordError",
    "Result",
    "Rng",
    "RulesError",
    "SimulationError",
    "SimulationReport",
    "Suit",
    "Table",
    "UsageError",
    "__version__",
    "agents",
    "derive_seed",
    "game_names",
    "load_game",
    "play",
    "records",
    "simulate",
]
