"""Both backends' machines satisfy the faces' typed contracts (issue 22).

mypy --strict checks each function below: a compiled machine (through its extension's
``_machine.pyi``) and
its pure-Python twin each pass as the contract its face holds, so a face can call
nothing its machines lack, with types that agree. ``test_machine_contracts.py`` checks
the same at run time, member by member.
"""

from __future__ import annotations

from cardwars.aliwar import _machine as compiled_aliwar_machine
from cardwars.aliwar import machine as pure_aliwar_machine
from cardwars.aliwar.contract import AliwarMachine
from cardwars.clone_war import machine as clone_war_machine
from cardwars.engine.machine_state import Machine
from cardwars.guerrilla import machine as guerrilla_machine


def compiled_aliwar(machine: compiled_aliwar_machine.AliwarMachine) -> AliwarMachine:
    return machine


def pure_aliwar(machine: pure_aliwar_machine.AliwarMachine) -> AliwarMachine:
    return machine


def guerrilla(machine: guerrilla_machine.GuerrillaMachine) -> Machine:
    """Guerrilla's rules are one source (``guerrilla/machine.py``, compiled or interpreted):
    its machine class is the type its face holds, and it is a :class:`Machine`."""
    return machine


def clone_war(machine: clone_war_machine.CloneWarMachine) -> Machine:
    """Clone War's rules are one source (``clone_war/machine.py``, compiled or interpreted):
    its machine class is the type its face holds, and it is a :class:`Machine`."""
    return machine
