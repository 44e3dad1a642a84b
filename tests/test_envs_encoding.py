"""The machines' encoders against the Python encoder (issue 15): the same vector, to the bit.

:class:`cardwars.envs.encoding.Encoder` writes observations and states through the
machines' ``encode_observation`` / ``encode_state`` and every seat's observation and
action mask at once through ``encode_seats`` (compiled, or the interpreted build: the
``backend`` fixture runs each test on both); its Python encoder is the readable
reference. Random states of every game, player count and random options; the same
states check the machines' ``apply_keyed`` against ``apply_actions``.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import random
from typing import Any

import pytest

import cardwars
from cardwars.aliwar import rules as aliwar_rules
from cardwars.errors import RulesError
from cardwars.guerrilla import rules as guerrilla_rules
from tests.sizes import sized

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("numpy") is None, reason="numpy not installed: pip install numpy"
)

CONFIGS = [("aliwar", 2), ("guerrilla", 2), ("guerrilla", 3), ("guerrilla", 4)]
KEYS = ("player_0", "player_1", "player_2", "player_3")
STATES = sized(4000, 300)
"""States compared per configuration (every seat's observation and the god's-eye state)."""


def _random_options(name: str, rng: random.Random) -> dict[str, Any]:
    module = aliwar_rules if name == "aliwar" else guerrilla_rules
    options: dict[str, Any] = {}
    for field in dataclasses.fields(module.Rules):
        default = field.default
        if isinstance(default, bool):
            options[field.name] = rng.random() < 0.5
        elif isinstance(default, str):
            options[field.name] = rng.choice(module._CHOICES[field.name])
        elif isinstance(default, int):  # the caps: small ones end games early
            options[field.name] = rng.choice([default, 1, 2, 5, 30])
    return options


def _game(name: str, players: int, rng: random.Random) -> cardwars.Game[Any, Any]:
    while True:
        options = _random_options(name, rng)
        if name == "guerrilla":
            options["players"] = players
        try:
            return cardwars.load_game(name, **options)
        except RulesError:  # a combination the rules refuse (two suits for 3 players)
            continue


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=[f"{n}-{p}" for n, p in CONFIGS])
def test_machine_encoder_matches_the_python_encoder(name: str, players: int) -> None:
    import numpy as np

    from cardwars.envs.encoding import encoder

    rng = random.Random(f"{name}-{players}")
    compared = 0
    while compared < STATES:
        game = _game(name, players, rng)
        enc = encoder(game)
        state = game.new_game(seed=rng.randrange(2**32))
        while compared < STATES:
            reference = enc.reference_observations(state)
            fast = enc.observations(state)
            # Every seat at once (the envs' fast path): both blocks filled, NaN and 7 first.
            block = np.full((players, enc.size), np.nan, dtype=np.float32)
            masks = np.full((players, game.num_actions), 7, dtype=np.int8)
            write = enc.seats_writer(state)
            assert write is not None
            write(block, masks)
            waiting = np.full((players, game.num_actions + 1), 7, dtype=np.int8)
            write_waiting = enc.seats_writer(state, wait=True)  # the Parallel env's masks
            assert write_waiting is not None
            assert write_waiting(np.empty_like(block), waiting) is state.is_over
            for seat in range(players):
                assert fast[seat].dtype == np.float32
                assert np.array_equal(fast[seat], reference[seat]), (game.rules, seat)
                assert block[seat].tobytes() == reference[seat].tobytes(), (game.rules, seat)
                assert masks[seat].tobytes() == state.action_mask(seat), (game.rules, seat)
                idle = bytes([seat not in state.to_act])
                assert waiting[seat].tobytes() == state.action_mask(seat) + idle, game.rules
                single = enc.observation_of(state, seat)
                assert np.array_equal(single, enc.observation(state.observation(seat)))
            assert np.array_equal(enc.state(state), enc.reference_state(state)), game.rules
            compared += 1
            if state.is_over:
                assert not state._m.apply_keyed({}, KEYS[:players])
                break
            step = {s: rng.choice(state.legal_actions(s)) for s in sorted(state.to_act)}
            keyed: dict[object, object] = {KEYS[s]: action for s, action in step.items()}
            keyed["not a seat"] = -1  # other keys are ignored
            interpreted = state.copy()
            interpreted.apply_actions(step)
            assert state._m.apply_keyed(keyed, KEYS[:players])
            assert state._m.key() == interpreted._m.key()


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=[f"{n}-{p}" for n, p in CONFIGS])
def test_machine_encoders_check_seat_and_size(name: str, players: int) -> None:
    import numpy as np

    game = cardwars.load_game(name, players=players) if name == "guerrilla" else None
    state = (game or cardwars.load_game(name)).new_game(seed=3)
    m: Any = state._m
    small = np.zeros(10, dtype=np.float32)
    args = (True,) if name == "aliwar" else ()
    with pytest.raises(ValueError, match="seat"):
        m.encode_observation(players, *args, np.zeros(2000, dtype=np.float32))
    with pytest.raises(ValueError, match="floats"):
        m.encode_observation(0, *args, small)
    with pytest.raises(ValueError, match="floats"):
        m.encode_state(small)
    view = memoryview(bytearray(4 * 2000)).cast("f")  # any writable float32 buffer
    m.encode_observation(0, *args, view)
    assert view[0] == 1.0


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=[f"{n}-{p}" for n, p in CONFIGS])
def test_encode_seats_checks_its_blocks(name: str, players: int) -> None:
    import numpy as np

    game = cardwars.load_game(name, players=players) if name == "guerrilla" else None
    game = game or cardwars.load_game(name)
    state = game.new_game(seed=3)
    m: Any = state._m
    args = (False,) if name == "aliwar" else ()
    size = 609 if name == "aliwar" else 64 * players + 115
    obs = np.zeros((players, size), dtype=np.float32)
    masks = np.zeros((players, game.num_actions), dtype=np.int8)
    bad: list[tuple[Any, Any, str]] = [
        (obs[:, :-1].copy(), masks, f"{players * size} items, got {players * (size - 1)}"),
        (obs, masks[:-1], "items"),
        (obs.astype(np.float64), masks, "format 'd'"),
        (obs, masks.astype(np.uint8), "format 'B'"),
        (obs[:, ::-1], masks, "C-contiguous"),
    ]
    frozen = obs.copy()
    frozen.flags.writeable = False
    bad.append((frozen, masks, "read-only"))
    for vectors, marks, message in bad:
        with pytest.raises(ValueError, match=message):
            m.encode_seats(*args, vectors, marks)
    assert not obs.any()  # nothing was written
    flat = memoryview(bytearray(4 * players * size)).cast("f")  # any writable buffers
    marks = memoryview(bytearray(players * game.num_actions)).cast("b")
    m.encode_seats(*args, flat, marks)
    assert flat[0] == 1.0
    assert bytes(marks[: game.num_actions]) == state.action_mask(0)
    with pytest.raises(ValueError, match="keys"):
        m.apply_keyed({}, KEYS[: players - 1])
    assert not m.apply_keyed({KEYS[0]: True, KEYS[1]: True}, KEYS[:players])  # not ints
    assert not m.apply_keyed([], KEYS[:players])
    assert m.steps == 0


def test_rows_by_key() -> None:
    from tests import builds

    rows = builds.current.rows_by_key
    blocks = ([[1, 2], [3, 4]], ["a", "b"])
    out = rows(("x", "y"), ("v", "w"), blocks)
    assert out == {"x": {"v": [1, 2], "w": "a"}, "y": {"v": [3, 4], "w": "b"}}
    assert out["x"]["v"] is blocks[0][0]
    assert rows((), ("v",), ([],)) == {}
    with pytest.raises(ValueError, match="one block per field"):
        rows(("x",), ("v", "w"), ([1],))
    with pytest.raises(TypeError, match=r"'keys'.*expected tuple, got list"):
        rows(["x"], ("v",), ([1],))
    with pytest.raises(TypeError, match="'blocks'"):
        rows(("x",), ("v",), [[1]])


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=[f"{n}-{p}" for n, p in CONFIGS])
@pytest.mark.compiled_pass
def test_encode_seats_core_and_interpreted_agree(backend: str, name: str, players: int) -> None:
    """The compiled machine and the interpreted build, dealt the same games and stepped by key in
    lockstep, write the same blocks to the byte (both also match the reference above)."""
    import numpy as np

    from cardwars.aliwar.state import _CARDS as ALIWAR_CARDS
    from cardwars.guerrilla.state import _CARDS as GUERRILLA_CARDS
    from tests.builds import compiled_or_skip, pure

    core = compiled_or_skip()
    rng = random.Random(f"seats-{name}-{players}")
    keys = KEYS[:players]
    for _ in range(sized(40, 6)):
        game = _game(name, players, rng)
        seed = rng.randrange(2**32)
        options = game.rules.machine_options()
        if name == "aliwar":
            machines = [k.aliwar_deal(ALIWAR_CARDS, seed, **options) for k in (core, pure)]
            args: tuple[bool, ...] = (game.rules.view_recall == "perfect",)
        else:
            machines = [
                k.guerrilla_deal(GUERRILLA_CARDS, players, seed, **options) for k in (core, pure)
            ]
            args = ()
        size = 609 if name == "aliwar" else 64 * players + 115
        while True:
            blocks = []
            for m in machines:
                obs = np.full((players, size), 9.0, dtype=np.float32)
                masks = np.full((players, game.num_actions), 3, dtype=np.int8)
                m.encode_seats(*args, obs, masks)
                blocks.append((obs.tobytes(), masks.tobytes()))
            assert blocks[0] == blocks[1], (game.rules, machines[0].steps)
            assert machines[0].key() == machines[1].key()
            if machines[0].over:
                break
            step = {keys[s]: rng.choice(machines[0].legal_actions(s)) for s in machines[0].to_act}
            assert all(m.apply_keyed(dict(step), keys) for m in machines)
