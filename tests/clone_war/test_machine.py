"""Clone War's machine (issue 22, item 3): ``CloneWarMachine``, compiled and interpreted.

The state is a :class:`~cardwars.engine.machine_state.MachineState` like Aliwar's and
Guerrilla's: each battle is one call into the machine, which plays the table's own
battle (the batch loop's) and then the cycle rule. These tests check the machine on
each backend (what it refuses, its copies, keys and pickles, the cycle rule), and the
two backends against each other step by step.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

import cardwars
from cardwars.clone_war import CloneWar, Rules, State
from cardwars.clone_war.bridge import CloneWarKey
from cardwars.clone_war.machine import CloneWarMachine
from cardwars.clone_war.state import _CARDS, _FACES, _machine_options
from cardwars.core_rng import derive_seed
from cardwars.engine.machine_state import MachineState
from cardwars.errors import IllegalMoveError, UsageError
from tests import builds
from tests.builds import pure
from tests.sizes import sized

try:
    from tests.builds import compiled as _core
except ImportError:  # pragma: no cover - the pure-only install
    _core = None

needs_core = pytest.mark.skipif(_core is None, reason="compiled core not built")

LABELS = tuple(range(48))
OPTIONS = (0, 0, 0, 0, 10000, 0, 1)  # the default rules' ints, cycle detection on

SETTINGS = [
    Rules(),
    Rules(collect_order="shuffled"),
    Rules(collect_order="stage_seat_order", forfeit_cards_to="dead"),
    Rules(short_war="play_what_you_can", split_remainder="round_robin"),
    Rules(cycle_detection=False, max_battles=150, cap_result="most_cards"),
    Rules(max_battles=40),
]


def machine(piles: Any, dead: Any = (), *options: int) -> Any:
    """A machine on the current backend over int labels (a card is its own id)."""
    return builds.current.CloneWarMachine(LABELS, piles, dead, 7, *(options or OPTIONS))


def test_the_state_is_a_face_over_the_machine() -> None:
    state = CloneWar(players=3).new_game(seed=2)
    assert isinstance(state, MachineState)
    assert state.machine is state._m
    assert type(state.machine) is builds.current.CloneWarMachine
    state.machine.apply_actions({})  # stepping the machine steps the state
    assert state.battles == 1 and len(state.history) == 1 and state.last_events


@pytest.mark.parametrize(
    ("piles", "dead", "options", "message"),
    [
        ([[0]], (), OPTIONS, "2 to 4 seats"),
        ([[0]] * 5, (), OPTIONS, "2 to 4 seats"),
        ([[0], [48]], (), OPTIONS, "a card"),
        ([[0], [True]], (), OPTIONS, "a card"),
        ([[0], [0]], (), OPTIONS, "more than once"),
        ([[0], [1]], (0,), OPTIONS, "more than once"),
        ([[], []], (3,), OPTIONS, "at least one card"),
        ([[0], [1]], (), (3, 0, 0, 0, 10, 0, 1), "collect_order"),
        ([[0], [1]], (), (0, 0, 0, 0, 0, 0, 1), "max_battles"),
        ([[0], [1]], (), (0, 0, 0, 0, 2**31, 0, 1), "max_battles"),
        ([[0], [1]], (), (0, 0, 0, 0, 10, 0, 2), "cycle_detection"),
    ],
)
def test_bad_positions_and_options_are_refused(
    piles: Any, dead: Any, options: tuple[int, ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        machine(piles, dead, *options)
    with pytest.raises(ValueError, match="48 labels"):
        builds.current.CloneWarMachine(LABELS[:47], [[0], [1]], (), 0, *OPTIONS)


def test_only_the_empty_step_is_a_battle() -> None:
    m = machine([[2, 0], [4, 6]])
    key = m.key()
    refusals: list[object] = [{0: 0}, {0: None}, [], None, 0]
    for refused in refusals:
        assert m.apply_actions(refused) is False
        assert m.apply_moves(refused, None) is False
    assert m.key() == key and m.steps == 0 and m.events() == () and m.history() == ()
    assert m.phase == 0 and m.to_act == frozenset() and not m.over
    assert m.apply_actions({}) is True
    assert m.piles() == ((0, 2, 4), (6,)) and m.steps == m.battles == 1
    assert m.history() == ((-1, -1),)
    assert m.face_up() == ((0, 2), (1, 4))
    assert m.apply_moves({}, None) is True  # J = J, and P1 has no card to war with: out
    assert m.over and m.phase == 1 and m.termination == 0 and m.winner == 0
    assert m.eliminations() == (-1, 2) and m.pile_sizes() == (4, 0)
    over = m.key()
    assert m.apply_actions({}) is False and m.apply_keyed({}, (0, 1)) is False
    assert m.key() == over


def test_seats_and_keys_are_checked() -> None:
    m = machine([[0], [1], [2]])
    assert m.legal_actions(2) == () and m.legal_moves(0, ()) == ()
    for seat in (-1, 3, True, 1.0, "0"):
        with pytest.raises(ValueError, match="seat"):
            m.legal_actions(seat)
        with pytest.raises(ValueError, match="seat"):
            m.legal_moves(seat, ())
    for keys in ((0, 1), [0, 1, 2], None, (0, 1, 2, 3)):
        with pytest.raises(ValueError, match="keys"):
            m.apply_keyed({}, keys)
    assert m.apply_keyed([], ("a", "b", "c")) is False
    assert m.apply_keyed({"a": 5, "x": "y"}, ("a", "b", "c")) is True  # nobody polled
    assert m.steps == 1


def test_the_wait_action_is_the_only_entry_a_seat_may_send_with_wait() -> None:
    # num_actions is 0, so the wait action is 0: with ``wait`` a seat sends it or nothing.
    m = machine([list(range(seat, 48, 3)) for seat in range(3)])  # 16 cards each: no quick end
    keys = ("a", "b", "c")
    for refused in ({"a": 1}, {"b": -1}, {"c": None}, {"a": 0, "b": True}, {"a": 0.0}):
        assert m.apply_keyed(refused, keys, True) is False
        assert m.steps == 0
    assert m.apply_keyed({"a": 1}, keys, False) is True  # without it nothing is read
    assert m.apply_keyed({"a": 0, "c": 0, "x": "y"}, keys, True) is True
    assert m.apply_keyed({}, keys, True) is True
    assert m.steps == 3 and not m.over


def test_a_key_that_steps_the_machine_during_the_wait_lookup_finds_it_busy() -> None:
    m = machine([list(range(seat, 48, 3)) for seat in range(3)])
    calls: list[str] = []

    class Stepping(str):
        __hash__ = str.__hash__

        def __eq__(self, other: object) -> bool:
            try:
                m.apply_actions({})
                calls.append("stepped")
            except UsageError:
                calls.append("busy")
            return str.__eq__(self, other)

    key = Stepping("a")
    assert m.apply_keyed({key: 0}, ("a", "b", "c"), True) is True
    assert calls == ["busy"] and m.steps == 1  # only the keyed step was taken


def test_the_state_takes_the_keyed_step() -> None:
    state = CloneWar(players=2).new_game(seed=3)
    with pytest.raises(UsageError, match="keys must be a tuple of 2"):
        state.apply_keyed({}, ("a",))
    assert state.apply_keyed({"a": 1}, ("a", "b")) is True
    interpreted = CloneWar(players=2).new_game(seed=3)
    interpreted.apply_actions({})
    assert state == interpreted and state.last_events == interpreted.last_events


def test_the_cycle_rule_is_the_machines() -> None:
    # The position of CW-T9 (test_batch): it cycles from battle 0 on, and ends at battle 3.
    cycling = machine([[1], [3, 6, 4, 9]], (), 0, 0, 0, 0, 10000, 0, 1)
    while not cycling.over:
        cycling.apply_actions({})
    assert (cycling.battles, cycling.termination, cycling.winner) == (3, 1, -1)
    capped = machine([[1], [3, 6, 4, 9]], (), 0, 0, 0, 0, 2000, 0, 0)
    while not capped.over:
        capped.apply_actions({})
    assert (capped.battles, capped.termination) == (2000, 2)


def test_copy_and_pickle_are_independent_and_exact() -> None:
    for seed in range(6):
        state = CloneWar(players=2 + seed % 3).new_game(seed=seed)
        for _ in range(seed * 3):
            if state.is_over:
                break
            state.apply({})
        m = state._m
        for other in (m.copy(), *(pickle.loads(pickle.dumps(m, p)) for p in (2, 5))):
            assert type(other) is type(m)
            assert other.key() == m.key()
            assert other.events() == m.events() and other.face_up() == m.face_up()
            assert other.piles() == m.piles() and other.dead() == m.dead()
            if not m.over:
                assert other.apply_actions({})  # the copy steps alone
                assert other.key() != m.key()
                m.copy().apply_actions({})
                assert other.key() == _stepped(m).key()


def _stepped(m: CloneWarMachine) -> CloneWarMachine:
    other = m.copy()
    other.apply_actions({})
    return other


def _key_of(seed: int = 4, steps: int = 3) -> CloneWarKey:
    m = builds.current.CloneWarMachine(
        LABELS, [[0, 5, 9, 13], [2, 7, 11], [1, 4, 30]], (), seed, *OPTIONS
    )
    for _ in range(steps):
        m.apply_actions({})
    key: CloneWarKey = m.key()
    return key


def _restore(key: object) -> CloneWarMachine:
    rebuild = builds.current.CloneWarMachine(LABELS, [[0], [1]], (), 0, *OPTIONS).__reduce__()[0]
    restored: CloneWarMachine = rebuild(LABELS, key)
    return restored


def _with(field: str, value: Any) -> CloneWarKey:
    return _key_of()._replace(**{field: value})


BAD_KEYS: list[tuple[object, str]] = [
    (None, "11 parts"),
    (tuple(_key_of())[:-1], "11 parts"),
    (_with("piles", [[0], [1]]), "piles must be a tuple"),
    (_with("piles", ((0,),)), "number of seats"),
    (_with("piles", ((0,), (48,), ())), "a card"),
    (_with("piles", ((0,), (0,), (1,))), "more than once"),
    (_with("piles", ((0, 5), (), (1,))), "still in holds a card"),
    (_with("dead", (47, 47)), "more than once"),
    (_with("out", (-1, -1)), "an elimination per seat"),
    (_with("out", (-1, 2, -1)), "out holds no cards"),
    (_with("out", (-1, -2, -1)), "elimination"),
    (_with("rng_state", -1), "rng_state"),
    (_with("options", (0, 0, 0, 0, 10, 0)), "7 options"),
    (_with("options", (3, 0, 0, 0, 10, 0, 1)), "an option"),
    (_with("options", (0, 0, 0, 0, 0, 0, 1)), "an option"),
    (_with("battles", -1), "battles"),
    (_with("battles", True), "battles"),
    (_with("termination", 3), "termination"),
    (_with("winner", 3), "winner"),
    (_with("cycle_at", -2), "cycle_at"),
    (_with("log", (0, 0, 5)), "256 entries"),
    (_with("log", (0,) * 1028), "256 entries"),
    (_with("log", (9, 0, 0, 0)), "log op"),
    (_with("log", (0, 3, 0, 0)), "log op 0"),  # a flip by a seat that is not there
    (_with("log", (0, 0, 48, 0)), "log op 0"),  # a card past the deck
    (_with("log", (1, 1, 8, 0)), "log op 1"),  # a war among a seat that is not there
    (_with("log", (3, 0, 1, -1)), "log op 3"),
    (_with("log", (5, 0, 3, 0)), "log op 5"),  # a split among nobody
    (_with("log", (7, 1, 2**31, 0)), "log op 7"),
    (_with("log", (6, 0, 2, 1.0)), "log op 6"),
]


@pytest.mark.parametrize(("key", "message"), BAD_KEYS)
@pytest.mark.parametrize("plain", [False, True], ids=["named", "plain"])
def test_a_bad_key_is_refused(key: object, message: str, plain: bool) -> None:
    """Refused alike as a CloneWarKey or as the plain tuple earlier versions pickled."""
    with pytest.raises(ValueError, match=message):
        _restore(tuple(key) if plain and isinstance(key, CloneWarKey) else key)


def test_a_good_key_rebuilds_the_machine() -> None:
    key = _key_of()
    assert _restore(key).key() == key
    restored = _restore(tuple(key)).key()  # a plain tuple, as earlier versions pickled
    assert type(restored) is CloneWarKey and restored == key
    assert _restore(_with("log", ())).event_objects(_FACES, None)[0].cards == ()


def test_the_face_refuses_a_step_after_the_end_with_the_engines_message() -> None:
    state = cardwars.play(cardwars.load_game("clone-war"), ["random"] * 2, seed=1)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.apply({})
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.apply_actions({})
    assert state.apply_keyed({}, ("a", "b")) is False


# --- the two backends side by side -----------------------------------------------------------


def _faces(rules: Rules, players: int, seed: int) -> tuple[State, State]:
    assert _core is not None
    made = []
    for names in (_core, pure):
        rng = names.Rng(seed)
        deck = list(range(48))
        rng.shuffle(deck)
        per = 48 // players
        piles = [deck[s : per * players : players] for s in range(players)]
        m = names.CloneWarMachine(
            _CARDS, piles, deck[per * players :], rng.state, *_machine_options(rules)
        )
        made.append(State(rules, seed, m, False))
    return made[0], made[1]


def _picture(state: State) -> tuple[Any, ...]:
    """Everything a user can read from a state, machine key included."""
    seats = range(state.players)
    return (
        state.phase,
        state.to_act,
        state.is_over,
        state.result,
        state.last_events,
        tuple(state.observation(seat) for seat in seats),
        tuple(state.legal_actions(seat) for seat in seats),
        state.piles,
        state.dead,
        state.eliminated,
        state.battles,
        state.wars,
        state.history,
        state.rng.state,
        state._m.key(),
        state._m.events(),
    )


@pytest.mark.slow
@needs_core
@pytest.mark.parametrize("rules", SETTINGS, ids=repr)
@pytest.mark.compiled_pass
def test_compiled_and_pure_machines_agree_step_by_step(rules: Rules, backend: str) -> None:
    assert _core is not None
    for k in range(sized(24, 6)):
        players = 2 + k % 3
        compiled, interpreted = _faces(rules, players, derive_seed(11, k))
        assert _picture(compiled) == _picture(interpreted)
        while not compiled.is_over:
            assert compiled.apply({}) == interpreted.apply({})
            assert _picture(compiled) == _picture(interpreted)
            if compiled.battles % 17 == 0:  # each backend rebuilds the other's position
                key = compiled._m.key()
                assert _core._clone_war_machine_from_key(_CARDS, interpreted._m.key()).key() == key
                assert pure._clone_war_machine_from_key(_CARDS, key).key() == key
        assert interpreted.is_over
