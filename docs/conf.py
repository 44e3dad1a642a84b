"""Sphinx configuration for the cardwars documentation."""

from __future__ import annotations

import os

# The docs document the installed package (``pip install ".[docs]"``), compiled core included.
import cardwars

project = "cardwars"
author = "The cardwars developers"
copyright = "2026, The cardwars developers"
release = cardwars.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "sphinx_autodoc_typehints",
]

html_theme = "furo"
html_title = f"cardwars {release}"
exclude_patterns = ["_build"]

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_typehints = "description"
typehints_fully_qualified = False
always_document_param_types = False
napoleon_google_docstring = True
napoleon_numpy_docstring = False

intersphinx_mapping = {"python": ("https://docs.python.org/3", None)}
# No network in CI: use intersphinx only when an inventory is reachable offline.
if os.environ.get("CARDWARS_DOCS_OFFLINE", "1") == "1":
    intersphinx_mapping = {}

# Names that appear in signatures but that we do not document as targets.
nitpick_ignore_regex = [
    # The RL adapters' framework types (cardwars.envs): NumPy, Gymnasium, PettingZoo.
    (r"py:.*", r"(numpy|np|npt|gymnasium|spaces|pettingzoo)(\..*)?"),
    (r"py:.*", r"(cardwars\.envs\.\w+\.)?(Vector|ObsDict|AECEnv|ParallelEnv|Env)"),
    (r"py:.*", r"(cardwars\.)?pure\..*"),
    (
        r"py:.*",
        r"(cardwars\.(engine|actions|interfaces|state_base|game_base|table)\.)?"
        r"(PhaseT|RulesT|StateT|MoveT|ObservationT|_T|_M|Self)",
    ),
    (r"py:.*", r"(cardwars\.core_rng\.)?Rng"),
    (r"py:class", r"types\.ModuleType"),  # no intersphinx inventory of the standard library
    (r"py:class", r"(cardwars\.exclusive\.)?[TRP]|~P"),  # the guard decorators' type variables
    (r"py:class", r"(typing_extensions\.)?Self"),
    (r"py:class", r"(array\.)?array.*"),
    (r"py:class", r"enum\.(Int)?Enum|abc\.ABC"),
    (r"py:.*", r".*\._[A-Za-z]\w*"),
    # Unqualified names that sphinx-autodoc-typehints leaves from string annotations.
    (
        r"py:class",
        r"Agent|Game|GameState|GameText|Event|Move|Observation|Result|Card|Suit|Rank|Phase",
    ),
    (r"py:.*", r"(builtins\.)?(int|str|bool|float|object|tuple|dict|list|set|frozenset)"),
    (r"py:.*", r"(builtins\.)?(type|bytes|None)"),
    (r"py:.*", r"(collections\.abc|typing)\..*"),
    (r"py:.*", r"(concurrent\.futures)\..*"),
    (r"py:.*", r"Ellipsis|NotImplementedType"),
    # Standard-library targets, resolvable only through intersphinx (offline in CI).
    (r"py:.*", r"(json|random|array|enum|hash|os)(\..*)?"),
]

# Docstring examples pulled in by autodoc run here too, so give them their modules' names.
doctest_global_setup = """
import cardwars
from cardwars import Card, Deck, Rank, Suit, Rng, derive_seed
from cardwars.agents import *
from cardwars.cards import *
from cardwars.engine import *


from cardwars.options import *
from cardwars.registry import *
from cardwars.errors import *
from cardwars.records import *
from cardwars.report import *
"""
