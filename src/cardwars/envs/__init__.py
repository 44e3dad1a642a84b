"""Adapters of the cardwars games to outside frameworks; each module needs its own extra.

:mod:`cardwars.envs.openspiel` registers OpenSpiel games (``pip install "cardwars[openspiel]"``).
"""
