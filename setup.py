"""Build the compiled core and the games' machines; all metadata lives in pyproject.toml."""

import os
import shutil
import sys
import sysconfig
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
# A rule module's annotations are for mypy (Python types); its .pxd alone gives the C types.
RULE_DIRECTIVES = {**COMPILER_DIRECTIVES, "annotation_typing": False}


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
    # gcc alone: its loop distribution turns the rule steps' short loops over the seats
    # (n <= 4) into memset/memcpy calls that cost more than the loops themselves. Another
    # compiler (CC=clang) may not know the flag, so it is given to gcc only.
    if "clang" not in (os.environ.get("CC") or sysconfig.get_config_var("CC") or ""):
        COMPILE_ARGS.append("-fno-tree-loop-distribute-patterns")

SRC = Path("src")


def _module(path: Path) -> str:
    return ".".join(path.relative_to(SRC).with_suffix("").parts)


# The shared core (its .pxd is what the others cimport), then every rule module: a .py
# in Cython's pure-Python mode with the .pxd of its C types beside it (cardwars.backend
# loads the same .py interpreted where these do not import).
CORE = sorted(SRC.glob("cardwars/**/*.pyx"))
RULES = sorted(path for path in SRC.glob("cardwars/**/*.py") if path.with_suffix(".pxd").is_file())
MODULES = [_module(path) for path in CORE + RULES]
JOBS = max(1, min(len(MODULES), os.cpu_count() or 1))


class ParallelBuildExt(build_ext):
    """Compile the extensions side by side (``pip install .`` gives no ``-j``)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = JOBS


def _extensions(paths: list[Path], directives: dict[str, object]) -> list[Extension]:
    extensions = [
        Extension(
            _module(path), [str(path)], extra_compile_args=COMPILE_ARGS, extra_link_args=LINK_ARGS
        )
        for path in paths
    ]
    return cythonize(
        extensions, compiler_directives=directives, include_path=["src"], nthreads=JOBS
    )


setup(
    ext_modules=_extensions(CORE, COMPILER_DIRECTIVES) + _extensions(RULES, RULE_DIRECTIVES),
    cmdclass={"build_py": BuildPyWithRules, "build_ext": ParallelBuildExt},
)
