"""The game protocol shared by all three games (:doc:`/engine`), and the driver :func:`play`."""

from __future__ import annotations

from cardwars.actions import ActionSpace
from cardwars.engine.bases import Event, Move, Observation, Result
from cardwars.engine.driver import play
from cardwars.engine.driver import resolve_agents as resolve_agents
from cardwars.engine.game import Game
from cardwars.engine.game import StateT as StateT
from cardwars.engine.interfaces import Agent, GameText, RandomAgent, SomeAgent
from cardwars.engine.interfaces import action_chooser as action_chooser
from cardwars.engine.state import GameState

__all__ = [
    "ActionSpace",
    "Agent",
    "Event",
    "Game",
    "GameState",
    "GameText",
    "Move",
    "Observation",
    "RandomAgent",
    "Result",
    "SomeAgent",
    "play",
]
