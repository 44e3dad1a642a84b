# The C types of scoring.py.

cpdef int showdown(int a, int b)
