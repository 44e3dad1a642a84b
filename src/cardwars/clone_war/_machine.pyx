# Clone War's compiled machine: the table of _table.pxi, whose battle the batch loop plays
# too. Its twins are table.py and machine.py in this folder, with the same names inside.
# Compiler directives are set once, in setup.py.

cimport cython
from libc.stdint cimport uint64_t

from cardwars._core cimport _GAMMA, _check_u64, _mix, _shuffle_ints

# A step refused while its machine is in the middle of another (cardwars.exclusive).
from cardwars.exclusive import busy_error as _busy_error

include "_table.pxi"
