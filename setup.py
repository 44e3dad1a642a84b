"""Build the Cython core; all metadata lives in pyproject.toml."""

from Cython.Build import cythonize
from setuptools import Extension, setup

# The one place where Cython compiler directives are set.
COMPILER_DIRECTIVES = {
    "language_level": "3",
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
    "nonecheck": False,
    "embedsignature": True,
    "binding": True,
    "autotestdict": False,
}

extensions = [
    Extension(
        "cardwars._core",
        ["src/cardwars/_core.pyx"],
        extra_compile_args=["-O3"] if __import__("sys").platform != "win32" else ["/O2"],
    )
]

setup(ext_modules=cythonize(extensions, compiler_directives=COMPILER_DIRECTIVES))
