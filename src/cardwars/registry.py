"""The one list of the games: :func:`load_game`, :func:`game_class`, :func:`game_names`."""

from __future__ import annotations

import importlib
import re
import threading
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final, Literal, overload

from cardwars.engine import Game
from cardwars.errors import PluginError, UsageError, describe, one_line

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from cardwars.aliwar import Aliwar
    from cardwars.clone_war import CloneWar
    from cardwars.guerrilla import Guerrilla

__all__ = [
    "BUILTIN",
    "GROUP",
    "MAX_PLUGINS",
    "Plugin",
    "game_class",
    "game_names",
    "games",
    "load_game",
    "plugins",
    "refresh",
]

GROUP: Final = "cardwars.games"
"""The entry-point group in which a distribution registers its games."""

BUILTIN: Final[dict[str, str]] = {
    "aliwar": "cardwars.aliwar:Aliwar",
    "clone-war": "cardwars.clone_war:CloneWar",
    "guerrilla": "cardwars.guerrilla:Guerrilla",
}
"""The built-in games, as entry points would name them; they come first and always win."""

MAX_PLUGINS: Final = 256
"""The most plugin entry points read; those past them (by name) are left out (:func:`plugins`)."""

_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_MAX_NAME = 64
_MAX_VALUE = 300  # characters of an entry point's "module:Class" that are read


@dataclass(frozen=True)
class Plugin:
    """One entry point of the group ``cardwars.games``, as the metadata states it.

    Attributes:
        name: the game name it registers.
        value: what it loads, ``"package.module:GameClass"``.
        distribution: the distribution that declares it, ``"name version"``.
        problem: why the game is left out of :func:`game_names` (a name clash, a bad name, too
            many plugins), or None when it is registered (whether it imports is known once asked).

    >>> Plugin("snap", "snap.game:Snap", "'snap 1.0'").error("it failed").entry_point
    'snap = snap.game:Snap'
    """

    name: str
    value: str
    distribution: str
    problem: str | None = None

    @property
    def entry_point(self) -> str:
        """The entry point as the metadata writes it, ``name = module:Class``."""
        return f"{self.name} = {self.value}"

    def error(self, message: str) -> PluginError:
        """A :class:`~cardwars.errors.PluginError` about this entry point: ``message``, then
        which entry point of which distribution it is."""
        return PluginError(
            f"{message}: the entry point {self.entry_point!r} (group {GROUP!r}) of the "
            f"distribution {self.distribution}",
            game=self.name,
            distribution=self.distribution,
            entry_point=self.entry_point,
        )


_lock = threading.RLock()
_found: tuple[Plugin, ...] | None = None  # every entry point read, in name order
_usable: dict[str, Plugin] = {}  # the registered ones, by name
_loaded: dict[str, type[Game[Any, Any]]] = {}  # the built-in classes imported so far
_plugin_classes: dict[Plugin, type[Game[Any, Any]]] = {}  # the plugins' loaded so far


def _distribution_of(entry: EntryPoint) -> str:
    """``'name version'`` of the distribution that declares ``entry``, quoted."""
    dist = getattr(entry, "dist", None)
    try:
        name, version = dist.metadata["Name"], dist.version  # type: ignore[union-attr]
    except Exception:  # no distribution, or metadata that cannot be read
        return "(unknown)"
    return repr(one_line(f"{name} {version}", 100))


def _read_entry_points() -> tuple[Plugin, ...]:
    """Every entry point of the group, in order of name, each with its problem if any."""
    from importlib import metadata  # here: it costs milliseconds of every import cardwars

    try:
        entries = list(metadata.entry_points(group=GROUP))
    except Exception:  # broken metadata somewhere on the path: no plugins, built-ins work
        return ()
    found: list[Plugin] = []
    for entry in entries:
        name = entry.name if isinstance(entry.name, str) else ""
        value = entry.value if isinstance(entry.value, str) else ""
        found.append(Plugin(name[: _MAX_NAME + 1], value[:_MAX_VALUE], _distribution_of(entry)))
    found.sort(key=lambda plugin: (plugin.name, plugin.distribution, plugin.value))
    by_name: dict[str, list[Plugin]] = {}
    for plugin in found:
        by_name.setdefault(plugin.name, []).append(plugin)
    checked: list[Plugin] = []
    for index, plugin in enumerate(found):
        problem: str | None = None
        if plugin.name in BUILTIN:
            problem = f"{plugin.name!r} is a built-in game"
        elif len(plugin.name) > _MAX_NAME or not _NAME.fullmatch(plugin.name):
            problem = (
                f"{describe(plugin.name)} is no game name (lower-case letters and digits, "
                f"in words joined by '-', at most {_MAX_NAME} characters)"
            )
        elif len(by_name[plugin.name]) > 1:
            others = [p for p in by_name[plugin.name] if p is not plugin]
            problem = f"{plugin.name!r} is registered by more than one entry point: " + ", ".join(
                f"{p.entry_point!r} of {p.distribution}" for p in others
            )
        elif index >= MAX_PLUGINS:
            problem = f"more than MAX_PLUGINS = {MAX_PLUGINS} plugins are installed"
        checked.append(replace(plugin, problem=problem) if problem else plugin)
    return tuple(checked)


def _discover() -> dict[str, Plugin]:
    """The registered plugins by name, read from the metadata once (:func:`refresh`)."""
    global _found, _usable
    with _lock:
        if _found is None:
            _found = _read_entry_points()
            _usable = {p.name: p for p in _found if p.problem is None}
        return _usable


def refresh() -> None:
    """Read the entry points again, after a distribution was installed or removed while this
    process runs; a plugin's game is looked up again when asked for (no module runs twice).

    >>> refresh()
    >>> game_names()[:3]
    ('aliwar', 'clone-war', 'guerrilla')
    """
    global _found, _usable
    with _lock:
        _found = None
        _usable = {}
        _plugin_classes.clear()
        importlib.invalidate_caches()


def plugins() -> tuple[Plugin, ...]:
    """Every entry point of ``cardwars.games`` by name, with the problem that leaves it out
    (:attr:`Plugin.problem`), if any; imports nothing.

    >>> [p for p in plugins() if p.name == "aliwar" and p.problem is None]
    []
    """
    _discover()
    with _lock:
        return _found or ()


def game_names() -> tuple[str, ...]:
    """The names :func:`load_game` accepts: the built-in games, then the plugins' by name.

    >>> game_names()[:3]
    ('aliwar', 'clone-war', 'guerrilla')
    """
    return (*BUILTIN, *_discover())


def _unknown(name: object) -> UsageError:
    clashing = [
        p for p in plugins() if isinstance(name, str) and p.name == name and p.problem is not None
    ]
    if clashing:
        plugin = clashing[0]
        return plugin.error(f"the game {name!r} is left out: {plugin.problem}")
    return UsageError(f"unknown game {describe(name)}; the games are: {', '.join(game_names())}")


def _load_plugin(plugin: Plugin) -> type[Game[Any, Any]]:
    module_name, sep, attribute = plugin.value.partition(":")
    if not sep or not module_name.strip() or not attribute.strip():
        raise plugin.error(f"the game {plugin.name!r} cannot be loaded: no 'module:Class'")
    try:
        target: object = importlib.import_module(module_name.strip())
        for part in attribute.strip().split("."):
            target = getattr(target, part)
    except (Exception, SystemExit) as exc:  # sys.exit() in a module is a broken plugin
        raise plugin.error(
            f"the game {plugin.name!r} failed to import "
            f"({type(exc).__name__}: {one_line(exc, 200)})"
        ) from exc
    if not isinstance(target, type) or not issubclass(target, Game):
        raise plugin.error(
            f"the game {plugin.name!r} is no cardwars Game subclass, got {describe(target)}"
        )
    own = target.__dict__.get("name")
    if own != plugin.name:
        raise plugin.error(
            f"the game {plugin.name!r} loads {target.__name__}, whose name is {describe(own)}"
        )
    return target


def game_class(name: str) -> type[Game[Any, Any]]:
    """The :class:`~cardwars.engine.Game` subclass registered under ``name``.

    Raises:
        UsageError: an unknown game name.
        PluginError: a plugin's game that cannot be used (see the module).

    >>> game_class("clone-war").__name__
    'CloneWar'
    """
    if type(name) is not str:
        raise _unknown(name)
    cls = _loaded.get(name)
    if cls is not None:
        return cls
    builtin = BUILTIN.get(name)
    if builtin is not None:
        module, _, attribute = builtin.partition(":")
        found: type[Game[Any, Any]] = getattr(importlib.import_module(module), attribute)
        _loaded[name] = found
        return found
    plugin = _discover().get(name)
    if plugin is None:
        raise _unknown(name)
    cls = _plugin_classes.get(plugin)
    if cls is None:
        with _lock:  # one import at a time: a plugin's module runs once
            cls = _plugin_classes.get(plugin) or _load_plugin(plugin)
            _plugin_classes[plugin] = cls
    return cls


def games() -> tuple[type[Game[Any, Any]], ...]:
    """Every game class, in the order of :func:`game_names` (imports every plugin).

    Raises:
        PluginError: a registered plugin cannot be used.

    >>> [cls.name for cls in games()][:3]
    ['aliwar', 'clone-war', 'guerrilla']
    """
    return tuple(game_class(name) for name in game_names())


@overload
def load_game(name: Literal["aliwar"], **options: Any) -> Aliwar: ...
@overload
def load_game(name: Literal["clone-war"], **options: Any) -> CloneWar: ...
@overload
def load_game(name: Literal["guerrilla"], **options: Any) -> Guerrilla: ...
@overload
def load_game(name: str, **options: Any) -> Game[Any, Any]: ...


def load_game(name: str, **options: Any) -> Game[Any, Any]:
    """Build a game by name (:func:`game_names`) with ``options``: ``players=`` and the fields of
    the game's ``Rules``.

    To a type checker a built-in name gives the game's own class (``load_game("aliwar")`` is an
    :class:`~cardwars.aliwar.Aliwar`), so its states, observations and moves are typed.

    Raises:
        UsageError: an unknown game name.
        PluginError: a plugin's game that cannot be used (see the module).
        RulesError: an unknown option, a bad value or a bad player count.

    >>> game = load_game("guerrilla", players=2, two_suit_variant=True)
    >>> game.rules.two_suit_variant, game.players
    (True, 2)
    """
    return game_class(name).from_options(**options)
