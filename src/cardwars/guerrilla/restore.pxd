# The C signatures of restore.py: the checks the machine and the vector tables call in C.

cpdef object check_int(object value, object low, object high, str what)
cpdef list options_of(object given)
