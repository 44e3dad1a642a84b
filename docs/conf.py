"""Sphinx configuration for the cardwars documentation."""

from __future__ import annotations

import importlib.util
import inspect
import os
from typing import Any

from sphinx.application import Sphinx
from sphinx.ext.autodoc.mock import ismock

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
]

# The RL adapters (cardwars.envs) import their frameworks, which the ``docs`` extra does not
# install: autodoc imports them against stand-ins for whichever is missing, so
# ``pip install ".[docs]"`` alone builds. (Only the missing ones: a stand-in would stay in
# the adapters it was imported into, and the doctests, run with ``.[dev]``, need the real ones.)
_FRAMEWORKS = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel")
autodoc_mock_imports = [name for name in _FRAMEWORKS if importlib.util.find_spec(name) is None]


def _framework_bases(app: Sphinx, name: str, obj: Any, options: Any, bases: list[Any]) -> None:
    """A base from a stand-in framework by its name (``gymnasium.Env``), not its parameters."""
    for index, base in enumerate(bases):
        if ismock(base):
            bases[index] = f":py:class:`{base.__display_name__.split('.(', 1)[0]}`"


def _framework_signature(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, signature: str | None, ret: Any
) -> tuple[str, Any] | None:
    """The real signature of a class over a stand-in base (whose ``__new__`` takes anything)."""
    if what != "class" or signature != "(*args, **kwargs)" or "__init__" not in vars(obj):
        return None
    params = list(inspect.signature(obj.__init__).parameters.values())[1:]  # without self
    bare = [param.replace(annotation=inspect.Parameter.empty) for param in params]
    return str(inspect.Signature(bare)), ret


def setup(app: Sphinx) -> None:
    app.connect("autodoc-process-bases", _framework_bases)
    app.connect("autodoc-process-signature", _framework_signature)


# Every cross-reference must resolve (sphinx-build -n), on Read the Docs too.
nitpicky = True

html_theme = "furo"
html_title = f"cardwars {release}"
# _generated: the fragments the pages include (the benchmark scripts write them).
exclude_patterns = ["_build", "_generated"]

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
# Sphinx's own type hints, in the description. (sphinx-autodoc-typehints did this too, on top,
# and calls an API that Sphinx 9 deprecates for every docstring it parses: not used.)
autodoc_typehints = "description"
# Types only for the parameters a docstring describes (and every return type): a dataclass's
# fields are its attributes, not listed a second time as its constructor's parameters.
autodoc_typehints_description_target = "documented_params"
napoleon_google_docstring = True
napoleon_numpy_docstring = False

intersphinx_mapping = {"python": ("https://docs.python.org/3", None)}
# No network in CI: use intersphinx only when an inventory is reachable offline.
if os.environ.get("CARDWARS_DOCS_OFFLINE", "1") == "1":
    intersphinx_mapping = {}

# Names that appear in signatures but that we do not document as targets.
nitpick_ignore_regex = [
    # The RL adapters' framework types (cardwars.envs): NumPy, Gymnasium, PettingZoo, OpenSpiel.
    (r"py:.*", r"(numpy|np|npt|gymnasium|spaces|pettingzoo|pyspiel|open_spiel)(\..*)?"),
    (r"py:.*", r"(cardwars\.envs\.\w+\.)?(Vector|ObsDict|AECEnv|ParallelEnv|Env)"),
    (r"py:.*", r"(cardwars\.)?pure\..*"),
    # GameState's base holding undo and events_for, which are documented on GameState.
    (r"py:class", r"cardwars\.(engine\.)?timeline\.Timeline"),
    (
        r"py:.*",
        r"(cardwars\.(engine\.\w+|engine|actions|interfaces|state|game|driver|table)\.)?"
        r"(PhaseT|RulesT|StateT|MoveT|ObservationT|_T|_M|Self)",
    ),
    (r"py:.*", r"(cardwars\.core_rng\.)?Rng"),
    (r"py:class", r"cardwars\.\w+\.position\.Position"),  # a rule module's C position
    (r"py:class", r"types\.ModuleType"),  # no intersphinx inventory of the standard library
    (r"py:class", r"(cardwars\.exclusive\.)?[TRP]|~P"),  # the guard decorators' type variables
    (r"py:class", r"(typing_extensions\.)?Self"),
    (r"py:class", r"(array\.)?array.*"),
    (r"py:class", r"enum\.(Int)?Enum|abc\.ABC"),
    (r"py:.*", r"(.*\.)?_[A-Za-z]\w*"),  # private names (a private return type, say)
    # Unqualified names left from string annotations.
    (
        r"py:class",
        r"Agent|Game|GameState|GameText|Event|Move|Observation|Result|Card|Suit|Rank|Phase",
    ),
    # Each game's move union, a type alias (documented as data on its game's page).
    (r"py:class", r"(cardwars\.\w+\.(moves\.)?)?(Aliwar|Guerrilla)Move"),
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
