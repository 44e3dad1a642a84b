"""The bridge between a face and its machine is named, and read by name (issue 22).

Each game's ``bridge.py`` defines, as NamedTuples, the face's bundle of classes and
shared values (``AliwarFaces``, ``CloneWarFaces``, ``GuerrillaFaces`` and
``GuerrillaViewFaces``) and the machine's key (``AliwarKey``, ``CloneWarKey``,
``GuerrillaKey``). Checked here:

* no code reads a face bundle or a key by position (a grep over the sources);
* every field is documented where it is defined;
* both machines read the face's bundles by field name: a bundle of the same fields in
  another order builds the very same events and observations;
* ``key()`` is the game's NamedTuple on both backends, equal between them, and a key
  comes back from a pickle, or from the plain tuple earlier versions pickled.
"""

from __future__ import annotations

import ast
import pickle
import random
import re
from collections import namedtuple
from pathlib import Path
from typing import Any

import pytest

import cardwars
from cardwars.aliwar import Aliwar
from cardwars.aliwar import state as aliwar_state
from cardwars.aliwar.bridge import AliwarFaces, AliwarKey
from cardwars.clone_war import CloneWar
from cardwars.clone_war import state as clone_war_state
from cardwars.clone_war.bridge import CloneWarFaces, CloneWarKey
from cardwars.engine import GameState
from cardwars.guerrilla import Guerrilla
from cardwars.guerrilla import state as guerrilla_state
from cardwars.guerrilla.bridge import GuerrillaFaces, GuerrillaKey, GuerrillaViewFaces
from tests import builds

SRC = Path(cardwars.__file__).parent
TESTS = Path(__file__).parent

POSITIONAL = re.compile(r"(?i)(?:\b\w*faces|\bkey)\s*\[")
"""A subscript of a face table (``faces``, ``_EVENT_FACES``, ``view_faces`` …) or of a key
(``key``): by an int, a slice or a variable, each a read by position."""

UNPACKED = re.compile(r"(?im)^\s*\(?\w+(?:\s*,\s*\w+)+\)?\s*=\s*(?:\w*faces|key)\s*(?:#.*)?$")
"""A whole face table or key unpacked into names (positional too)."""

BRIDGES: dict[str, tuple[type, ...]] = {
    "aliwar": (AliwarFaces, AliwarKey),
    "clone_war": (CloneWarFaces, CloneWarKey),
    "guerrilla": (GuerrillaFaces, GuerrillaViewFaces, GuerrillaKey),
}

GAMES: dict[str, Any] = {
    "aliwar": lambda: Aliwar(),
    "clone-war": lambda: CloneWar(players=3),
    "guerrilla": lambda: Guerrilla(players=4),
}
KEYS: dict[str, Any] = {"aliwar": AliwarKey, "clone-war": CloneWarKey, "guerrilla": GuerrillaKey}


def _sources() -> list[Path]:
    """Every source file of the package (compiled sources and stubs too) and of the tests."""
    found = [p for p in SRC.rglob("*") if p.suffix in (".py", ".pyx", ".pxi", ".pxd", ".pyi")]
    found += [p for p in TESTS.rglob("*.py") if p.resolve() != Path(__file__).resolve()]
    return sorted(found)


def _positional_reads(text: str) -> list[str]:
    lines = [line for line in text.splitlines() if POSITIONAL.search(line)]
    return lines + [m.group(0).strip() for m in UNPACKED.finditer(text)]


def test_no_face_table_or_key_is_read_by_position() -> None:
    found = [
        f"{path.relative_to(SRC.parent.parent)}: {line.strip()}"
        for path in _sources()
        for line in _positional_reads(path.read_text())
    ]
    assert not found, "read the table's fields by name:\n" + "\n".join(found)


def test_the_grep_catches_every_kind_of_positional_read() -> None:
    caught = [
        "cards = faces[0]",
        "out.append((<tuple>(<tuple>faces[1])[d[i + 1]])[d[i + 2]])",
        "_EVENT_FACES[3]",
        "make.put(obj, 1, (<tuple>view_faces[1])[phase])",
        "key[13] = rng.next_u64()",
        "restore(labels, (*key[:15], events))",
        "for i in (2, 3, 4): len(key[i])",
        "piles, dead, out = key",
        "    (stacks, protection) = faces  # unpacked",
    ]
    for line in caught:
        assert _positional_reads(line), line
    for line in ("faces.cards", "key.events", "keys[s]", "best_key[0]", "x = key.stage[1:]"):
        assert not _positional_reads(line), line


@pytest.mark.parametrize("game", sorted(BRIDGES))
def test_every_field_of_a_table_is_documented(game: str) -> None:
    path = SRC / game / "bridge.py"
    tree = ast.parse(path.read_text())
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    assert sorted(classes) == sorted(cls.__name__ for cls in BRIDGES[game])
    for cls in BRIDGES[game]:
        body = classes[cls.__name__].body
        names = []
        for i, node in enumerate(body):
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.append(node.target.id)
                after = body[i + 1] if i + 1 < len(body) else None
                assert (
                    isinstance(after, ast.Expr)
                    and isinstance(after.value, ast.Constant)
                    and isinstance(after.value.value, str)
                ), f"{cls.__name__}.{node.target.id} has no docstring"
        fields: tuple[str, ...] = getattr(cls, "_fields")  # noqa: B009 (a NamedTuple's)
        assert tuple(names) == fields


def _reversed(table: Any) -> Any:
    """``table`` as a NamedTuple of the same fields in reverse order: a machine that read a
    field by position would get another field's value."""
    make: Any = namedtuple
    cls = make(f"Reversed{type(table).__name__}", tuple(reversed(table._fields)))
    return cls(**table._asdict())


def _pick(state: GameState[Any], rng: random.Random) -> dict[int, int]:
    return {seat: rng.choice(state.legal_actions(seat)) for seat in sorted(state.to_act)}


def test_both_machines_read_aliwar_bundles_by_name() -> None:
    faces = aliwar_state._FACES
    other = _reversed(faces)
    assert other != faces and other._asdict() == faces._asdict()
    rng = random.Random(1)
    for seed in range(3):
        state = Aliwar().new_game(seed=seed)
        while True:
            m: Any = state._m
            result = state.result if m.over else None
            assert m.event_objects(other, result) == m.event_objects(faces, result)
            for recall in (False, True):
                assert m.observations(other, recall, result) == m.observations(
                    faces, recall, result
                )
            if state.is_over:
                break
            state.apply_actions(_pick(state, rng))
        assert type(state.last_events[-1]).__name__ == "GameOver"


def test_both_machines_read_guerrilla_bundles_by_name() -> None:
    faces, views = guerrilla_state._EVENT_FACES, guerrilla_state._VIEW_FACES
    other, other_views = _reversed(faces), _reversed(views)
    rng = random.Random(2)
    kinds: set[str] = set()
    for players, seed in ((2, 0), (3, 1), (4, 2)):
        state = Guerrilla(players=players).new_game(seed=seed)
        for _ in range(400):
            m: Any = state._m
            result = state.result if m.over else None
            events = m.event_objects(faces, result)
            assert m.event_objects(other, result) == events
            kinds.update(type(event).__name__ for event in events)
            for seat in range(players):
                view = m.observation(seat, views, state.rules)
                assert m.observation(seat, other_views, state.rules) == view
            if state.is_over:
                break
            state.apply_actions(_pick(state, rng))
    assert len(kinds) >= 10, kinds  # most kinds of event were built both ways


def test_both_machines_read_clone_war_bundles_by_name() -> None:
    faces = clone_war_state._FACES
    other = _reversed(faces)
    for players, seed in ((2, 0), (3, 1), (4, 2)):
        state = CloneWar(players=players).new_game(seed=seed)
        for _ in range(300):
            m: Any = state._m
            result = state.result if m.over else None
            assert m.event_objects(other, result) == m.event_objects(faces, result)
            if state.is_over:
                break
            state.apply({})


def _played(game: str, seed: int, steps: int) -> GameState[Any]:
    state: GameState[Any] = GAMES[game]().new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply_actions(_pick(state, rng))
    return state


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_key_is_the_games_named_tuple_and_comes_back(game: str) -> None:
    key_type = KEYS[game]
    for steps in (0, 7, 60):
        state = _played(game, 3, steps)
        m: Any = state._m  # type: ignore[attr-defined]
        key = m.key()
        assert type(key) is key_type and key._fields == key_type._fields
        restore, (labels, pickled) = m.__reduce__()
        assert type(pickled) is key_type and pickled == key
        for form in (key, tuple(key)):  # named, or a plain tuple as earlier versions pickled
            again = restore(labels, form).key()
            assert type(again) is key_type and again == key
        copy: Any = pickle.loads(pickle.dumps(state))
        assert copy == state and type(copy._m.key()) is key_type


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.compiled_pass
def test_keys_are_equal_between_the_backends_and_each_restores_the_others(
    game: str, backend: str
) -> None:
    for steps in (0, 9, 40):
        states = []
        for name in ("compiled", "python"):
            with builds.on(name):
                states.append(_played(game, 5, steps))
        machines: list[Any] = [state._m for state in states]  # type: ignore[attr-defined]
        keys = [m.key() for m in machines]
        assert keys[0] == keys[1] and type(keys[0]) is type(keys[1]) is KEYS[game]
        assert type(machines[0]) is not type(machines[1])
        for m, other in ((machines[0], machines[1]), (machines[1], machines[0])):
            restore, (labels, _) = m.__reduce__()
            assert restore(labels, other.key()).key() == m.key()
        for state, other_state in ((states[0], states[1]), (states[1], states[0])):
            copy = pickle.loads(pickle.dumps(state))
            assert copy == other_state  # the same position, whichever backend holds it
