"""The faces' machine contracts hold at run time on both backends (issue 22)."""

from __future__ import annotations

import inspect
from types import ModuleType
from typing import Any

import pytest

import cardwars
from cardwars.aliwar.machine import AliwarMachine
from cardwars.engine.machine_state import Machine

CONTRACTS: list[tuple[str, dict[str, Any], type]] = [
    ("aliwar", {}, AliwarMachine),
    ("clone-war", {"players": 3}, Machine),  # one rule source: its own class is its type
    ("guerrilla", {"players": 3}, Machine),  # one rule source, as clone-war
]


def members(contract: type) -> set[str]:
    """The names a contract (and the shared Machine contract) declares."""
    names = {name for cls in (contract, Machine) for name in vars(cls) if name[0] != "_"}
    return names | {"__reduce__"}


@pytest.mark.parametrize(("name", "options", "contract"), CONTRACTS)
def test_every_contract_member_is_on_the_machine(
    name: str, options: dict[str, Any], contract: type, backend: str
) -> None:
    state = cardwars.load_game(name, **options).new_game(seed=4)
    machine = state._m
    folder = name.replace("-", "_")
    if name in ("aliwar", "clone-war", "guerrilla"):  # one rule source: its build, or the file
        package = "cardwars" if backend == "compiled" else "cardwars._interpreted"
        assert type(machine).__module__ == f"{package}.{folder}.machine"
    else:
        expected = "_machine" if backend == "compiled" else "machine"
        assert type(machine).__module__ == f"cardwars.{folder}.{expected}"
    for member in sorted(members(contract)):
        declared = inspect.getattr_static(contract, member, None) or inspect.getattr_static(
            Machine, member
        )
        assert hasattr(type(machine), member), f"{type(machine).__name__} lacks {member}"
        if isinstance(declared, property) or inspect.isgetsetdescriptor(declared):
            getattr(machine, member)  # readable
        else:
            assert callable(getattr(machine, member)), member


def test_the_typing_module_names_both_backends() -> None:
    from tests.typing import machine_contracts

    module: ModuleType = machine_contracts
    assert {
        "compiled_aliwar",
        "pure_aliwar",
        "clone_war",
        "guerrilla",
    } <= set(vars(module))
