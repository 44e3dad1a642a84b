"""Build the compiled core and the games' machines; all metadata lives in pyproject.toml."""

import os
import shutil
import sys
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

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


class BuildPyWithRules(build_py):
    """Ship seeds/*.md (the rules as numbered clauses) as cardwars/rules/*.md."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib, "cardwars", "rules")
        target.mkdir(parents=True, exist_ok=True)
        for source in sorted(Path("seeds").glob("[0-9]*.md")):
            shutil.copyfile(source, target / source.name)


# No debug information in the shipped core: Python's own CFLAGS ask for -g, which makes
# the module several times larger than its code (3.6 MB instead of about 0.6 MB).
if sys.platform == "win32":
    COMPILE_ARGS, LINK_ARGS = ["/O2"], []
elif sys.platform == "darwin":
    COMPILE_ARGS, LINK_ARGS = ["-O3", "-g0"], ["-Wl,-S"]
else:
    COMPILE_ARGS, LINK_ARGS = ["-O3", "-g0"], ["-s"]

# The shared core (its .pxd is what the others cimport), then one state machine per game,
# each in its game's folder beside its pure-Python twin.
MODULES = [
    "cardwars._core",
    "cardwars.aliwar._machine",
    "cardwars.clone_war._machine",
    "cardwars.guerrilla._machine",
]
JOBS = max(1, min(len(MODULES), os.cpu_count() or 1))


class ParallelBuildExt(build_ext):
    """Compile the extensions side by side (``pip install .`` gives no ``-j``)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = JOBS


extensions = [
    Extension(
        name,
        ["src/" + name.replace(".", "/") + ".pyx"],
        extra_compile_args=COMPILE_ARGS,
        extra_link_args=LINK_ARGS,
    )
    for name in MODULES
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=COMPILER_DIRECTIVES,
        include_path=["src"],
        nthreads=JOBS,
    ),
    cmdclass={"build_py": BuildPyWithRules, "build_ext": ParallelBuildExt},
)
