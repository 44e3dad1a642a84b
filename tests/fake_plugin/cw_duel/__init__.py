"""Duel: a two-player card game, registered with cardwars as ``duel``."""

from __future__ import annotations

from .game import CardsShown, Duel, DuelObservation, Phase, Play, Rules, State

__all__ = ["CardsShown", "Duel", "DuelObservation", "Phase", "Play", "Rules", "State"]
