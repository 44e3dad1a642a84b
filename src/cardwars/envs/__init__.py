"""Reinforcement-learning adapters: PettingZoo and Gymnasium environments of the games.

Each adapter imports its framework itself, so this package needs none of them:

* :mod:`cardwars.envs.pettingzoo` -- ``env(game, **options)`` (AEC) and
  ``parallel_env(game, **options)`` (Parallel), every seat an agent
  (``pip install "cardwars[pettingzoo]"``);
* :mod:`cardwars.envs.gymnasium` -- single-agent ``cardwars/Aliwar-v0`` and
  ``cardwars/Guerrilla-v0`` against a built-in opponent (``pip install "cardwars[gymnasium]"``);
* :mod:`cardwars.envs.encoding` -- the fixed-size NumPy encodings both use.

See the guide :doc:`/guides/rl`.
"""

from __future__ import annotations

__all__: list[str] = []
