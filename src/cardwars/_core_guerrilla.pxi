# guerrilla kernels of the compiled core (included by _core.pyx).
