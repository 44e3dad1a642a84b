"""The Gymnasium ids are found the ways Gymnasium 1.x offers a package, in a fresh interpreter.

Gymnasium 1.0 dropped the ``gymnasium.envs`` entry-point group (0.26-0.29 loaded it at import),
so an id is registered by importing the package's module: ``gymnasium.register_envs(module)``
after the import, or the module named in the id (``"cardwars.envs.gymnasium:cardwars/..."``),
which Gymnasium imports itself. Each check runs in a new process, where nothing of cardwars
was imported before.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("numpy")

import cardwars

# The cardwars under test (a checkout's src, or the installed package): the new process
# imports that one.
HOME = str(Path(cardwars.__file__).resolve().parent.parent)


def _run(code: str) -> str:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [HOME, env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_module_in_the_id_registers_it_for_make_and_make_vec() -> None:
    out = _run(
        "import sys, gymnasium\n"
        "assert 'cardwars' not in sys.modules\n"
        "env = gymnasium.make('cardwars.envs.gymnasium:cardwars/Aliwar-v0', opponent='greedy')\n"
        "print(env.spec.id, env.reset(seed=1)[1]['action_mask'].shape)\n"
        "vec = gymnasium.make_vec('cardwars.envs.gymnasium:cardwars/Guerrilla-v0', num_envs=3)\n"
        "print(type(vec).__name__, vec.num_envs)\n"
    )
    assert out.split() == ["cardwars/Aliwar-v0", "(277,)", "CardwarsVectorEnv", "3"]


def test_register_envs_after_the_import_registers_both_ids() -> None:
    out = _run(
        "import gymnasium, cardwars.envs.gymnasium\n"
        "gymnasium.register_envs(cardwars.envs.gymnasium)\n"
        "from cardwars.registry import BUILTIN, game_names\n"
        "plugins = [cardwars.envs.gymnasium.env_id(n) for n in game_names() if n not in BUILTIN]\n"
        "ids = sorted(i for i in gymnasium.registry if i.startswith('cardwars/'))\n"
        "assert ids == sorted(['cardwars/Aliwar-v0', 'cardwars/Guerrilla-v0', *plugins]), ids\n"
        "print(ids[:2] if not plugins else 'plugins too')\n"
    )
    assert out.strip() in ("['cardwars/Aliwar-v0', 'cardwars/Guerrilla-v0']", "plugins too")
