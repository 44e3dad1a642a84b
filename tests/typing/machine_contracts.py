"""Both backends' machines satisfy the faces' typed contracts (issue 22).

mypy --strict checks each function below: a compiled machine (through ``_core.pyi``) and
its pure-Python twin each pass as the contract its face holds, so a face can call
nothing its machines lack, with types that agree. ``test_machine_contracts.py`` checks
the same at run time, member by member.
"""

from __future__ import annotations

from cardwars._kernels import (
    _core,
    pure_aliwar_machine,
    pure_clone_war_machine,
    pure_guerrilla_machine,
)
from cardwars.aliwar.contract import AliwarMachine
from cardwars.clone_war.contract import CloneWarMachine
from cardwars.guerrilla.contract import GuerrillaMachine


def compiled_aliwar(machine: _core.AliwarMachine) -> AliwarMachine:
    return machine


def pure_aliwar(machine: pure_aliwar_machine.AliwarMachine) -> AliwarMachine:
    return machine


def compiled_guerrilla(machine: _core.GuerrillaMachine) -> GuerrillaMachine:
    return machine


def pure_guerrilla(machine: pure_guerrilla_machine.GuerrillaMachine) -> GuerrillaMachine:
    return machine


def compiled_clone_war(machine: _core.CloneWarMachine) -> CloneWarMachine:
    return machine


def pure_clone_war(machine: pure_clone_war_machine.CloneWarMachine) -> CloneWarMachine:
    return machine
