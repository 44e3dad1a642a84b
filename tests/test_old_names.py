"""Names that issue 33 renamed still work under their old spelling (no public name is lost)."""

from __future__ import annotations

import pytest

import cardwars
from cardwars import options


@pytest.mark.parametrize("name", ["aliwar", "clone-war", "guerrilla"])
def test_rules_kernel_options_is_machine_options(name: str) -> None:
    rules = cardwars.load_game(name).rules
    assert type(rules).kernel_options is type(rules).machine_options
    assert rules.kernel_options() == rules.machine_options()
    assert all(type(value) is int for value in rules.machine_options().values())


def test_options_kernel_options_is_machine_options() -> None:
    assert options.kernel_options is options.machine_options
