"""Compile the plugin's rule modules where a C compiler and Cython are found; else install
them as they are, to run interpreted (the metadata lives in pyproject.toml).

The rule modules cimport cardwars' shared core (``cardwars/_core.pxd``, which the cardwars
wheel ships), so the build looks for the installed cardwars first, then for the source
tree of this repository.
"""

import importlib.util
import os
import sys
from pathlib import Path

from setuptools import setup

SRC = Path("src")
RULES = sorted(p for p in SRC.glob("beggar_my_neighbour/*.py") if p.with_suffix(".pxd").is_file())
DIRECTIVES = {
    "language_level": "3",
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
    "nonecheck": False,
    "binding": True,
    "embedsignature": True,
    "annotation_typing": False,  # the annotations are for mypy; the .pxd gives the C types
}


def _cardwars_include() -> list[str]:
    """Where ``cardwars/_core.pxd`` is: the installed cardwars, or this repository's src/."""
    spec = importlib.util.find_spec("cardwars")
    if spec is not None and spec.origin is not None:
        return [str(Path(spec.origin).resolve().parent.parent)]
    repo = Path(__file__).resolve().parents[2] / "src"
    return [str(repo)] if (repo / "cardwars" / "_core.pxd").is_file() else []


def _extensions() -> list[object]:
    if os.environ.get("BMN_NO_COMPILE", "").strip() not in ("", "0"):
        return []
    try:
        from Cython.Build import cythonize
        from setuptools import Extension
    except ImportError:  # no Cython: the rules run interpreted
        return []
    flags = (["/O2"], []) if sys.platform == "win32" else (["-O3", "-g0"], [])
    modules = [
        Extension(
            ".".join(p.relative_to(SRC).with_suffix("").parts),
            [str(p)],
            extra_compile_args=flags[0],
            extra_link_args=flags[1],
        )
        for p in RULES
    ]
    return cythonize(
        modules, compiler_directives=DIRECTIVES, include_path=["src", *_cardwars_include()]
    )


def _cmdclass() -> dict[str, type]:
    """build_ext that leaves the rules interpreted when the C compiler fails."""
    from setuptools.command.build_ext import build_ext

    class OptionalBuildExt(build_ext):
        def run(self) -> None:
            try:
                super().run()
            except Exception as exc:  # no compiler: interpreted, and say so
                print(f"beggar-my-neighbour: not compiled ({exc}); the rules run interpreted")

        def build_extension(self, ext: object) -> None:
            try:
                super().build_extension(ext)  # type: ignore[arg-type]
            except Exception as exc:
                print(f"beggar-my-neighbour: {ext.name} not compiled ({exc})")  # type: ignore[attr-defined]

    return {"build_ext": OptionalBuildExt}


setup(ext_modules=_extensions(), cmdclass=_cmdclass())
