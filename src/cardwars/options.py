"""The one validator of every game's ``Rules``, and their form as machine arguments: each
field is a *flag*, a *choice* or a *count* (:doc:`/api/options`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping

from cardwars.errors import RulesError, describe, plain_int

__all__ = [
    "check_options",
    "check_players",
    "describe_count",
    "kernel_options",
    "machine_options",
    "option_table",
]


def describe_count(low: int, high: int) -> str:
    """The allowed range of a count, as the error messages and docs state it.

    >>> describe_count(1, 10**9)
    'an int from 1 to 1000000000 (10**9)'
    """
    hint = _POWERS.get(high)
    return f"an int from {low} to {high}" + (f" ({hint})" if hint else "")


_POWERS = {10**9: "10**9", 2**31 - 1: "2**31-1"}


OptionTable = tuple[tuple[str, ...], dict[str, tuple[str, ...]], dict[str, tuple[int, int]]]
"""A ``Rules`` class's flags, choices and counts, as given to :func:`check_options`."""

_TABLES: dict[type, OptionTable] = {}


def option_table(rules_type: type) -> OptionTable:
    """The flags, choices (allowed strings) and counts (``(low, high)``) of a ``Rules`` class.

    They are the tables its ``__post_init__`` hands to :func:`check_options` (read by building the
    default rules once); :mod:`cardwars.wire` writes the JSON Schema of the options from them.

    >>> from cardwars.guerrilla import Rules
    >>> flags, choices, counts = option_table(Rules)
    >>> choices["tie_cards"], counts["max_skirmishes"]
    (('any_from_hand', 'drawn_only', 'blind'), (1, 1000000000))
    """
    if rules_type not in _TABLES:
        rules_type()  # the default rules: check_options() records the tables
    return _TABLES[rules_type]


def check_options(
    rules: object,
    *,
    flags: Collection[str] = (),
    choices: Mapping[str, tuple[str, ...]] | None = None,
    counts: Mapping[str, tuple[int, int]] | None = None,
) -> None:
    """Check every field of ``rules`` against its kind.

    Raises:
        RulesError: a flag that is not a bool, a choice that is not one of its strings, or a
            count that is not an int (bools excluded) in its range.

    >>> from cardwars.clone_war import Rules  # its __post_init__ calls check_options
    >>> Rules(collect_order="sideways")
    Traceback (most recent call last):
    ...
    cardwars.errors.RulesError: collect_order must be one of 'stage_winner_first', ...
    """
    if type(rules) not in _TABLES:
        _TABLES[type(rules)] = (tuple(flags), dict(choices or {}), dict(counts or {}))
    for name in flags:
        value = getattr(rules, name)
        if not isinstance(value, bool):
            raise RulesError(f"{name} must be True or False, got {describe(value)}")
    for name, allowed in (choices or {}).items():
        value = _plain(rules, name, str)
        if value not in allowed:
            shown = ", ".join(repr(choice) for choice in allowed)
            raise RulesError(f"{name} must be one of {shown}, got {describe(value)}")
    for name, (low, high) in (counts or {}).items():
        value = _plain(rules, name, int)
        if type(value) is not int or not low <= value <= high:
            raise RulesError(f"{name} must be {describe_count(low, high)}, got {describe(value)}")


def _plain(rules: object, name: str, kind: type[int] | type[str]) -> object:
    """``rules.name``; a subclass of ``kind`` (bools aside) is read by its value, never through
    its own methods, and the plain value is stored in its place (the field is then plain)."""
    value = getattr(rules, name)
    # By type(): isinstance() would ask the value's own __class__.
    if type(value) is not kind and type(value) is not bool and issubclass(type(value), kind):
        value = plain_int(value) if kind is int else str.__str__(value)
        object.__setattr__(rules, name, value)
    return value


def check_players(game: str, players: object, low: int, high: int) -> int:
    """Validate a player count: :class:`~cardwars.errors.RulesError` names the allowed range.

    >>> check_players("guerrilla", 5, 2, 4)
    Traceback (most recent call last):
    ...
    cardwars.errors.RulesError: guerrilla is for 2 to 4 players, got players=5
    """
    players = plain_int(players)  # an int subclass: read by its value, not its methods
    if type(players) is not int or not low <= players <= high:
        raise RulesError(f"{game} is for {low} to {high} players, got players={describe(players)}")
    return players


def machine_options(
    rules: object,
    choices: Mapping[str, tuple[str, ...]],
    *,
    skip: Collection[str] = (),
) -> dict[str, int]:
    """The fields of ``rules`` (a dataclass), in order, as the ints the machines take: a flag 0 or
    1, a choice the index of its value in ``choices``, a count itself; ``skip``'s fields left out.

    >>> from cardwars.clone_war import Rules
    >>> orders = ("stage_winner_first", "stage_seat_order", "shuffled")
    >>> skip = ("forfeit_cards_to", "short_war", "split_remainder", "cap_result")
    >>> machine_options(Rules(collect_order="shuffled"), {"collect_order": orders}, skip=skip)
    {'collect_order': 2, 'cycle_detection': 1, 'max_battles': 10000}
    """
    if not dataclasses.is_dataclass(rules):
        raise TypeError(f"machine_options() takes a Rules dataclass, got {describe(rules)}")
    out: dict[str, int] = {}
    for field in dataclasses.fields(rules):
        if field.name in skip:
            continue
        value = getattr(rules, field.name)
        out[field.name] = choices[field.name].index(value) if field.name in choices else int(value)
    return out


# Transitional, until every game's rules say machine_options (issue 33): the old name.
kernel_options = machine_options
