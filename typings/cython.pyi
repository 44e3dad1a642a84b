# mypy's view of the ``cython`` module that the rule sources import: the package's own
# typed stand-in (src/cardwars/_cython.py), which has the names the rules may use.
from cardwars._cython import *
from cardwars._cython import compiled as compiled
