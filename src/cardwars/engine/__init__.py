"""The game protocol shared by all three games, and the driver :func:`play`.

A game is a :class:`Game` (its rules and player count) that deals
:class:`GameState` objects. A state *rests* in one of three ways (:ref:`resting-points`):

* it is over (:attr:`GameState.is_over`);
* it waits for the moves of the seats in :attr:`GameState.to_act`, all at once
  (a simultaneous decision when several seats are polled);
* it waits for an automatic step (``to_act`` is empty; Clone War only), which
  ``apply({})`` performs.

:meth:`GameState.apply` takes one move per polled seat, validates every one of
them before anything changes, performs them and every automatic consequence up
to the next resting point, and returns the typed :class:`Event` objects of
that step, so a front end can animate without diffing states.

For reinforcement learning and search, every game also numbers all its moves once
and for all (an :class:`ActionSpace`, :attr:`Game.num_actions`):
:meth:`GameState.legal_actions`, :meth:`GameState.action_mask` and
:meth:`GameState.apply_actions` are the same protocol on ints.

The pieces live in one module each, and this package hands them on under its own name:
``bases`` (the value bases :class:`Move`, :class:`Event`, :class:`Observation`,
:class:`Result`), ``interfaces`` (what users implement: :class:`Agent`, :class:`GameText`),
``game`` (:class:`Game`), ``state`` (:class:`GameState`), ``timeline`` (undo and the
per-seat event feed), ``machine_state`` (the face of a state whose rules run in a game's
machine) and ``driver`` (:func:`play`).
"""

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
