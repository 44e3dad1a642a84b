"""Adapters of the games to outside frameworks: PettingZoo, Gymnasium and OpenSpiel.

Each adapter imports its framework itself, so this package needs none of them:

* :mod:`cardwars.envs.pettingzoo` -- ``env(game, **options)`` (AEC) and
  ``parallel_env(game, **options)`` (Parallel), every seat an agent
  (``pip install "cardwars[pettingzoo]"``);
* :mod:`cardwars.envs.gymnasium` -- single-agent ``cardwars/Aliwar-v0`` and
  ``cardwars/Guerrilla-v0`` (and ``cardwars/<Name>-v0`` of a plugin's game with encodings)
  against a built-in opponent (``pip install "cardwars[gymnasium]"``);
* :mod:`cardwars.envs.openspiel` -- importing it registers ``cardwars_aliwar`` and
  ``cardwars_guerrilla`` as OpenSpiel games (``pip install "cardwars[openspiel]"``);
* :mod:`cardwars.envs.encoding` -- the fixed-size NumPy encodings PettingZoo and Gymnasium use.

See the guide :doc:`/guides/rl`.
"""

from __future__ import annotations

__all__: list[str] = []
