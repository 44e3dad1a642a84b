"""Both backends' machines satisfy the faces' typed contracts (issue 22).

Aliwar's machine is one source (``aliwar/machine.py``, compiled or interpreted), which
mypy reads itself: it must meet the shared :class:`~cardwars.engine.machine_state.Machine`
protocol the face steps it through.

mypy --strict checks each function below: a compiled machine (through its extension's
``_machine.pyi``) and
its pure-Python interpreted build each pass as the contract its face holds, so a face can call
nothing its machines lack, with types that agree. ``test_machine_contracts.py`` checks
the same at run time, member by member.
"""

from __future__ import annotations

from cardwars.aliwar import machine as aliwar_machine
from cardwars.clone_war import machine as clone_war_machine
from cardwars.engine.machine_state import Machine
from cardwars.guerrilla import machine as guerrilla_machine


def compiled_aliwar(machine: aliwar_machine.AliwarMachine) -> Machine:
    return machine


pure_aliwar = compiled_aliwar  # one source: the same class on both backends


def guerrilla(machine: guerrilla_machine.GuerrillaMachine) -> Machine:
    """Guerrilla's rules are one source (``guerrilla/machine.py``, compiled or interpreted):
    its machine class is the type its face holds, and it is a :class:`Machine`."""
    return machine


def clone_war(machine: clone_war_machine.CloneWarMachine) -> Machine:
    """Clone War's rules are one source (``clone_war/machine.py``, compiled or interpreted):
    its machine class is the type its face holds, and it is a :class:`Machine`."""
    return machine
