# The shared compiled core of cardwars: the RNG, the faces' value objects and the buffers
# of the RL environments. Compiler directives are set once, in setup.py.
#
# Each game's state machine is its own extension in its game's folder
# (aliwar/_machine.pyx, clone_war/_machine.pyx, guerrilla/_machine.pyx); they cimport
# from here what _core.pxd declares: the RNG's inline C steps (so their inner loops
# never touch a Python object), the value builders and the shared tuple helpers.
# Every public name has a twin of the same signature in core.py, which gathers
# core_rng.py, core_values.py and core_envs.py as this module includes the files
# of the same names.

# A step refused while its machine is in the middle of another (cardwars.exclusive).
from cardwars.exclusive import busy_error as _busy_error

include "_core_rng.pxi"
include "_core_values.pxi"
include "_core_envs.pxi"
