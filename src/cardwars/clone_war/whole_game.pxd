# The C types of whole_game.py.

cimport cython

from cardwars.clone_war.position cimport Position

cdef class WholeGame(Position):
    cdef bint _drew
