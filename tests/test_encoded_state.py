"""The states' public fast methods for the RL adapters (issue 22) and the contract's boundary.

``encode_into``, ``encode_state_into``, ``encode_seats_into`` and ``apply_keyed`` of
Aliwar's and Guerrilla's states (:class:`cardwars.vectors.EncodedState`), on both
backends (the ``backend`` fixture): the vectors equal the game's reference encoder
over many seeds and steps; a bad seat, buffer or key tuple is a UsageError and
changes nothing. Then a grep of ``src/cardwars``: no module outside a game's folder
reaches a private member of a game state, and no module routes on a game's name.
"""

from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path
from typing import Any

import pytest

import cardwars
from cardwars.errors import UsageError
from cardwars.vectors import Encodable, EncodedState

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("numpy") is None, reason="numpy not installed: pip install numpy"
)

CONFIGS = [("aliwar", 2), ("guerrilla", 2), ("guerrilla", 3), ("guerrilla", 4)]
IDS = [f"{name}-{players}" for name, players in CONFIGS]
KEYS = ("player_0", "player_1", "player_2", "player_3")
SRC = Path(cardwars.__file__).resolve().parent
"""The package as imported (the source tree in a checkout)."""


def np_int(value: int) -> object:
    """``value`` as a NumPy integer: no plain int, so the machines' keyed step refuses it."""
    import numpy as np

    return np.int64(value)


def _game(name: str, players: int) -> Any:
    return (
        cardwars.load_game(name, players=players)
        if name == "guerrilla"
        else cardwars.load_game(name)
    )


def _states(name: str, players: int, seeds: int) -> Any:
    """Every resting state of ``seeds`` random games (random legal actions)."""
    game = _game(name, players)
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        yield game, state
        while not state.is_over:
            state.apply_actions(
                {seat: rng.choice(state.legal_actions(seat)) for seat in state.to_act}
            )
            yield game, state


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_the_methods_write_what_the_reference_encoder_makes(name: str, players: int) -> None:
    import numpy as np

    checked = 0
    for game, state in _states(name, players, 12):
        enc = game.encoding()
        assert issubclass(type(game), Encodable) and issubclass(type(state), EncodedState)
        out = np.full(enc.size, 7, np.float32)
        block = np.full((players, enc.size), 7, np.float32)
        masks = np.full((players, game.num_actions), 7, np.int8)
        assert state.encode_seats_into(block, masks) is state.is_over
        # With the wait column (the Parallel env's): one more entry, 1 exactly when not polled.
        waiting = np.full((players, game.num_actions + 1), 7, np.int8)
        wide = np.full((players, enc.size), 7, np.float32)
        assert state.encode_seats_into(wide, waiting, wait=True) is state.is_over
        assert np.array_equal(wide, block)
        for seat in range(players):
            reference = np.asarray(enc.observe(state.observation(seat)), np.float32)
            state.encode_into(seat, out)
            assert np.array_equal(out, reference)
            assert np.array_equal(block[seat], reference)
            assert masks[seat].tobytes() == state.action_mask(seat)
            idle = bytes([seat not in state.to_act])
            assert waiting[seat].tobytes() == state.action_mask(seat) + idle
        god = np.full(enc.state_size, 7, np.float32)
        state.encode_state_into(god)
        assert np.array_equal(god, np.asarray(enc.state(state), np.float32))
        checked += 1
    assert checked > 12


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_bad_seats_and_buffers_are_usage_errors_that_change_nothing(
    name: str, players: int
) -> None:
    import numpy as np

    game = _game(name, players)
    state = game.new_game(seed=3)
    size, state_size = game.encoding().size, game.encoding().state_size
    before = state.observation(0)
    out = np.full(size, 7, np.float32)
    for seat in (-1, players, True, 1.0, np.int64(0), "0", None):
        with pytest.raises(UsageError, match="seat"):
            state.encode_into(seat, out)
    assert (out == 7).all()
    wrong: list[Any] = [
        np.zeros(size, np.float64),
        np.zeros(size + 1, np.float32),
        np.zeros(size - 1, np.float32),
        np.zeros((1, size), np.float32),
        np.zeros(2 * size, np.float32)[::2],
        bytearray(4 * size),
        [0.0] * size,
        None,
    ]
    readonly = np.zeros(size, np.float32)
    readonly.flags.writeable = False
    wrong.append(readonly)
    for buffer in wrong:
        with pytest.raises(UsageError, match=f"float32 buffer of {size} elements"):
            state.encode_into(0, buffer)
    with pytest.raises(UsageError, match=f"float32 buffer of {state_size} elements"):
        state.encode_state_into(np.zeros(state_size, np.float64))
    assert not readonly.any()
    block = np.full((players, size), 7, np.float32)
    masks = np.full((players, game.num_actions), 7, np.int8)
    for obs, mask in (
        (block.astype(np.float64), masks),
        (block, masks.astype(np.uint16)),
        (block[:, :-1], masks),
        (block, masks[:-1]),
        (None, masks),
        (block, "masks"),
    ):
        with pytest.raises(UsageError, match="needs a writable C-contiguous float32 block"):
            state.encode_seats_into(obs, mask)
    # The wait column needs one more column per seat: the narrow block is refused whole.
    wide = f"int8 block of {players} x {game.num_actions + 1}: an? \\w+ mask block needs"
    with pytest.raises(UsageError, match=wide):
        state.encode_seats_into(block, masks, wait=True)
    assert (block == 7).all() and (masks == 7).all()
    for keys in (list(KEYS[:players]), KEYS[: players - 1], (*KEYS[:players], "x"), None):
        with pytest.raises(UsageError, match="keys must be a tuple"):
            state.apply_keyed({}, keys)
    assert state.observation(0) == before and state.history == ()


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_apply_keyed_steps_as_apply_actions_or_changes_nothing(name: str, players: int) -> None:
    keys = KEYS[:players]
    for seed in range(6):
        game = _game(name, players)
        state, interpreted = game.new_game(seed=seed), game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            polled = sorted(state.to_act)
            chosen = {seat: rng.choice(state.legal_actions(seat)) for seat in polled}
            keyed: dict[Any, Any] = {keys[seat]: action for seat, action in chosen.items()}
            history = state.history
            # Refused, nothing changed: a seat missing, an illegal or non-int action, no dict.
            missing = dict(keyed)
            del missing[keys[polled[0]]]
            illegal = {**keyed, keys[polled[0]]: game.num_actions}
            boxed = {**keyed, keys[polled[0]]: float(chosen[polled[0]])}
            for bad in (missing, illegal, boxed, list(keyed.items()), None):
                assert state.apply_keyed(bad, keys) is False
                assert state.history == history
            unpolled = [seat for seat in range(players) if seat not in chosen]
            extra = {**keyed, "someone": 0, **{keys[s]: -5 for s in unpolled}}
            # With the wait action: a seat not polled sends it or nothing, a polled seat never.
            wait = game.num_actions
            refused = [{**keyed, keys[polled[0]]: wait}]
            for seat in unpolled:
                for other in (-5, 0, wait + 1, np_int(wait), None, True):
                    refused.append({**keyed, keys[seat]: other})
            for bad in refused:
                assert state.apply_keyed(bad, keys, wait=True) is False
                assert state.history == history
            if unpolled and rng.random() < 0.5:
                waited = {**keyed, "someone": 0, **{keys[s]: wait for s in unpolled[1:]}}
                assert state.apply_keyed(waited, keys, wait=True) is True
            else:
                assert state.apply_keyed(extra, keys) is True
            interpreted.apply_actions(chosen)
            assert state.history == interpreted.history
            assert state.observation(0) == interpreted.observation(0)
        assert state.apply_keyed({}, keys) is False  # over: nothing to step
        assert state.result == interpreted.result


def test_clone_war_has_no_encoding_and_the_envs_refuse_it() -> None:
    from cardwars.envs.encoding import encoder, encoding_of

    game = cardwars.load_game("clone-war")
    assert not isinstance(game, Encodable)
    assert not isinstance(game.new_game(seed=1), EncodedState)
    with pytest.raises(UsageError, match="no decisions"):
        encoder(game)
    with pytest.raises(UsageError, match="clone-war has no encodings"):
        encoding_of(game)


# --- the boundary, by grep ----------------------------------------------------------------------
_GAME_FOLDERS = ("aliwar", "clone_war", "guerrilla")
_STATE_BASES = {"__init__.py", "state.py", "machine_state.py", "timeline.py"}
"""The states' base classes in cardwars.engine (``GameState``, ``MachineState``, ``Timeline``):
the members are their own."""
_STATE_PRIVATE = re.compile(
    r"(?<!self)(?<!cls)\.(_m|_recall|_check_seat|_rules|_players|_seed|_result|_events"
    r"|_action_space|_event_faces|_hand_built|_origin|_snapshot)\b"
    r"|getattr\([^)]*[\"']_(m|recall)[\"']"
)
_NAME_ROUTING = re.compile(
    r"\bgame\.name\s*[!=]=|\.name\s*[!=]=\s*[\"'](aliwar|guerrilla|clone-war|clone_war)[\"']"
    r"|[\"'](aliwar|guerrilla|clone-war|clone_war)[\"']\s*[!=]=\s*\S*name\b"
    r"|\bgame_name\s*[!=]=\s*[\"']|\bname\s*[!=]=\s*[\"'](aliwar|guerrilla|clone-war)[\"']"
)


def _code_lines(paths: list[Path]) -> list[tuple[str, int, str]]:
    """Each line's code (its comment cut off), outside docstrings' doctest and prose lines."""
    out = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#")[0]
            if code.strip().startswith((">>>", "...")) or "``" in code:
                continue
            out.append((str(path.relative_to(SRC)), number, code))
    return out


def test_no_module_outside_a_game_reaches_into_a_game_state() -> None:
    outside = [
        path
        for path in sorted(SRC.rglob("*.py"))
        if path.relative_to(SRC).parts[0] not in (*_GAME_FOLDERS,)
        and not (path.parent.name == "engine" and path.name in _STATE_BASES)
    ]
    assert {"envs/encoding.py", "envs/pettingzoo.py", "envs/gymnasium.py", "envs/openspiel.py"} <= {
        str(path.relative_to(SRC)) for path in outside
    }
    found = [
        f"{p}:{n}: {code.strip()}"
        for p, n, code in _code_lines(outside)
        if _STATE_PRIVATE.search(code)
    ]
    assert found == []


def test_no_module_routes_on_a_game_name() -> None:
    lines = _code_lines(sorted(SRC.rglob("*.py")))
    found = [f"{p}:{n}: {code.strip()}" for p, n, code in lines if _NAME_ROUTING.search(code)]
    assert found == []
