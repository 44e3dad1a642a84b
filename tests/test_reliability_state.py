"""Rules bounds, pickling and copying states, and hand-built positions (issue 11, items 4-6).

* Every integer option of every game's ``Rules`` has an upper bound the compiled loops can
  hold; it is checked in ``Rules`` (so both backends reject the same values) and documented.
* Every state pickles, deep-copies and shallow-copies into an independent state that plays
  on exactly like the original, on both backends; the compiled ``WholeGame`` pickles too.
* ``from_layout``, ``from_piles`` and ``from_position`` raise ``RulesError`` (``CardParseError``
  for bad card text) naming the argument, for every malformed argument.
"""

from __future__ import annotations

import copy
import enum
import pickle
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import cardwars
from cardwars import aliwar, clone_war, guerrilla
from cardwars.cards import Card
from cardwars.engine import Event, GameState, Move, Observation, Result
from cardwars.errors import CardParseError, RulesError
from cardwars.registry import game_class
from tests import builds

try:
    from tests.builds import compiled as _core
except ImportError:  # pragma: no cover - the pure-Python install
    _core = None

needs_core = pytest.mark.skipif(_core is None, reason="compiled core not built")

DOCS = Path(__file__).resolve().parents[1] / "docs" / "games"
PROTOCOLS = range(2, pickle.HIGHEST_PROTOCOL + 1)


# --- item 4: integer options and their bounds ----------------------------------------------

# (Rules class, field, largest value, the bound as the docstrings write it, docs page)
BOUNDS: list[tuple[type[Any], str, int, str, str]] = [
    (aliwar.Rules, "no_progress_limit", 10**9, "10**9", "aliwar"),
    (aliwar.Rules, "max_rounds", 10**9, "10**9", "aliwar"),
    (clone_war.Rules, "max_battles", 2**31 - 1, "2**31 - 1", "clone_war"),
    (guerrilla.Rules, "max_skirmishes", 10**9, "10**9", "guerrilla"),
]
BOUND_IDS = [f"{rules.__module__.split('.')[-1]}.{field}" for rules, field, *_ in BOUNDS]


@pytest.mark.parametrize(("rules", "field", "high", "written", "page"), BOUNDS, ids=BOUND_IDS)
def test_integer_option_accepts_its_bound_and_rejects_one_more(
    rules: type[Any], field: str, high: int, written: str, page: str
) -> None:
    assert getattr(rules(**{field: high}), field) == high
    for value in (high + 1, 2**31, 2**62, 2**64):
        if value <= high:
            continue
        with pytest.raises(RulesError) as info:
            rules(**{field: value})
        message = str(info.value)
        assert message.startswith(field)
        assert str(high) in message  # the allowed range, in digits
        assert repr(value) in message


def test_every_integer_option_documents_its_bound() -> None:
    listed = {(rules, field) for rules, field, *_ in BOUNDS}
    for rules in (aliwar.Rules, clone_war.Rules, guerrilla.Rules):
        for name in rules.__dataclass_fields__:
            value = getattr(rules(), name)
            if isinstance(value, int) and not isinstance(value, bool):
                assert (rules, name) in listed, f"{rules.__module__}.Rules.{name} has no bound"
    for rules, field, high, written, page in BOUNDS:
        _check_documented(rules, field, high, written, page)


def _check_documented(rules: type[Any], field: str, high: int, written: str, page: str) -> None:
    doc = rules.__doc__ or ""
    entry = re.search(rf"^\s+{field}: (.*?)(?=^\s+\w+: |\n\n)", doc, re.M | re.S)
    assert entry is not None, f"{field} is not in the Attributes of {rules.__qualname__}"
    assert f"from 1 to {written}" in " ".join(entry.group(1).split())
    page_path = DOCS / f"{page}.rst"
    if not page_path.is_file():  # pragma: no cover - an installed package without docs
        return
    lines = page_path.read_text(encoding="utf-8").splitlines()
    starts = [
        i
        for i, line in enumerate(lines)
        if re.match(rf"``{field}``\s\s", line) or line.lstrip().startswith(f"* - ``{field}``")
    ]
    assert len(starts) == 1, f"no single row for {field} in the {page} options table"
    row = [lines[starts[0]]]
    for line in lines[starts[0] + 1 :]:
        if not line.startswith("     ") or line.lstrip().startswith("* -"):
            break
        row.append(line)
    assert f"{high:,}".replace(",", " ") in " ".join(row), f"the {page} table lacks the bound"


def test_guerrilla_skirmish_cap_past_a_c_int_is_a_rules_error_on_both_backends() -> None:
    with pytest.raises(RulesError, match=r"max_skirmishes must be .*1000000000"):
        cardwars.load_game("guerrilla", max_skirmishes=2**31)
    with pytest.raises(RulesError, match=r"max_rounds must be .*1000000000"):
        cardwars.load_game("aliwar", max_rounds=2**62)


def _rules_of(name: str) -> type[Any]:
    rules: type[Any] = game_class(name).rules_type
    return rules


@pytest.mark.parametrize(
    ("name", "players", "options"),
    [
        ("aliwar", 2, {"no_progress_limit": 10**9, "max_rounds": 10**9}),
        ("clone-war", 3, {"max_battles": 2**31 - 1}),
        ("clone-war", 2, {"max_battles": 2**31 - 1, "cycle_detection": False}),
        ("guerrilla", 2, {"max_skirmishes": 10**9}),
        ("guerrilla", 4, {"max_skirmishes": 10**9}),
        ("guerrilla", 2, {"max_skirmishes": 10**9, "two_suit_variant": True}),
    ],
)
def test_simulate_with_every_cap_at_its_bound(
    name: str, players: int, options: dict[str, Any], backend: str
) -> None:
    bounded = {field: high for rules, field, high, *_ in BOUNDS if rules is _rules_of(name)}
    for field in set(options) & set(bounded):
        past = {**options, field: bounded[field] + 1}
        with pytest.raises(RulesError, match=field):  # the game cannot even be built
            cardwars.load_game(name, players=players, **past)
    game = cardwars.load_game(name, players=players, **options)
    for agent in ("random", "greedy"):
        report = cardwars.simulate(game, [agent] * players, games=3, seed=11)
        assert report.backend == backend
        assert report.games == 3
        assert all(0 < length <= 2**31 - 1 for length in report.lengths)
        # Each game is the one cardwars.play plays (nothing wrapped around in the loop).
        first = cardwars.play(game, [agent] * players, seed=builds.current.derive_seed(11, 0))
        assert first.result is not None
        assert report.lengths[0] == first.result.length


def test_from_position_skirmish_must_be_below_the_cap() -> None:
    rules = guerrilla.Rules(max_skirmishes=3)
    last = guerrilla.State.from_position(
        [["KC", "5C"], ["9D", "4D"]], skirmish=2, rules=rules, start="play"
    )
    _ = last.apply({0: guerrilla.Play(Card.parse("KC")), 1: guerrilla.Play(Card.parse("9D"))})
    _ = last.apply({1: guerrilla.Pass()})
    assert last.result is not None
    assert (last.result.termination, last.result.length) == ("max_skirmishes", 3)
    for skirmish in (3, 4, 10**9):
        with pytest.raises(RulesError, match=r"skirmish must be .* < max_skirmishes \(3\)"):
            guerrilla.State.from_position([["KC"], ["9D"]], skirmish=skirmish, rules=rules)


# --- item 5: pickling and copying states -----------------------------------------------------


def _guerrilla_tie() -> guerrilla.State:
    """GT-T4 in its tie round: a table with tie rounds, drawn cards and a fresh log."""
    tie = guerrilla.State.from_position(
        [["JC", "4C"], ["JD", "5D"]],
        draw_piles=[["KC", "9C", "6C"], ["6D", "3D", "8D"]],
        played_guerrilla=[True, True],
        start="play",
    )
    _ = tie.apply({0: guerrilla.Play(Card.parse("JC")), 1: guerrilla.Play(Card.parse("JD"))})
    _ = tie.apply({0: guerrilla.Pass(), 1: guerrilla.Pass()})
    assert tie.phase is guerrilla.Phase.TIE
    return tie


def _aliwar_keep() -> aliwar.State:
    """An Aliwar Keep poll: won cards in the middle row, returning cards still on the stacks."""
    keep = aliwar.State.from_layout(
        [
            [["AC", "2C", "3C"], ["KC", "4C"], ["5C"], ["6C", "7C"], ["8C", "9C", "TC"]],
            [["6D", "2D"], ["4S", "3D"], ["JD", "4D"], ["QD", "5D"], ["KD", "7D"]],
        ],
        ["2H", "3H"],
    )
    _ = keep.apply({0: aliwar.Switch(3, 4), 1: aliwar.Switch(3, 4)})
    assert keep.phase is aliwar.Phase.KEEP
    return keep


def _positions() -> list[tuple[str, GameState[Any]]]:
    """States of every game at rest in every kind of phase, from deals (fresh, under way,
    over) and hand-built (Clone War: a split with a dead card and a seat out, a war with
    the shuffled pot and dead forfeits; Guerrilla: a tie round; Aliwar: a Keep poll)."""
    out: list[tuple[str, GameState[Any]]] = []
    for name, players in (("aliwar", 2), ("clone-war", 2), ("clone-war", 4), ("guerrilla", 3)):
        game = cardwars.load_game(name, players=players)
        for steps in (0, 1, 7, 40, 10**6):
            state = game.new_game(seed=2026 + steps)
            _advance(state, steps)
            out.append((f"{name}-{players}p-{steps}", state))
    split = clone_war.State.from_piles([["KC"], ["KD"], ["QD", "JH", "QS"]])
    _ = split.apply({})
    out.append(("clone-war-split", split))
    war = clone_war.State.from_piles(
        [["KC", "JC", "QC", "KH"], ["KD", "JD", "JH", "QS"]],
        rules=clone_war.Rules(collect_order="shuffled", forfeit_cards_to="dead"),
        rng_seed=5,
    )
    out.append(("clone-war-war", war))
    out.append(("guerrilla-tie", _guerrilla_tie()))
    out.append(("aliwar-keep", _aliwar_keep()))
    for _, state in out:  # fill the caches, which a copy must not share either
        for seat in range(state.players):
            state.legal_moves(seat)
            state.observation(seat)
    return out


def _moves(state: GameState[Any], rng: Any) -> dict[int, Move]:
    moves: dict[int, Move] = {}
    for seat in sorted(state.to_act):
        legal = state.legal_moves(seat)
        moves[seat] = legal[rng.below(len(legal))]
    return moves


def _advance(state: GameState[Any], steps: int) -> None:
    rng = builds.current.Rng(steps)
    for _ in range(steps):
        if state.is_over:
            return
        _ = state.apply(_moves(state, rng))


def _play_on(state: GameState[Any], seed: int = 99) -> list[tuple[Event, ...]]:
    """Every step's events from here to the end, moves drawn from one fixed RNG."""
    rng = builds.current.Rng(seed)
    steps: list[tuple[Event, ...]] = []
    while not state.is_over:
        steps.append(state.apply(_moves(state, rng)))
    return steps


def _same_game_on(original: GameState[Any], other: GameState[Any]) -> None:
    """``other`` equals ``original`` and plays on exactly like it, without touching it."""
    assert type(other) is type(original)
    assert other == original
    assert other.rng == original.rng
    assert other.history == original.history
    assert other.result == original.result
    for seat in range(original.players):
        assert other.legal_moves(seat) == original.legal_moves(seat)
        assert other.observation(seat) == original.observation(seat)
    reference = original.copy()
    assert _play_on(other) == _play_on(reference)
    assert other == reference
    assert other != original or original.is_over  # the original did not move


def test_every_state_pickles_and_plays_on_identically() -> None:
    for name, state in _positions():
        for protocol in PROTOCOLS:
            restored = pickle.loads(pickle.dumps(state, protocol))
            assert restored is not state, name
            _same_game_on(state, restored)


def test_every_state_deep_copies_into_an_independent_state() -> None:
    for _, state in _positions():
        _same_game_on(state, copy.deepcopy(state))
        # A state inside a container copies once, like any deep-copied object.
        pair = copy.deepcopy([state, state])
        assert pair[0] is pair[1]
        assert pair[0] == state


@pytest.mark.parametrize("name", ["aliwar", "clone-war", "guerrilla"])
def test_shallow_copy_of_a_state_does_not_share_its_piles(name: str) -> None:
    state = cardwars.load_game(name).new_game(seed=7)
    before = state.copy()
    shallow = copy.copy(state)
    _ = _play_on(shallow)
    assert state == before
    assert state.history == ()
    assert _play_on(state) == _play_on(before)


_IMMUTABLE = (
    int,
    float,
    str,
    bytes,
    type(None),
    enum.Enum,
    Card,
    Event,
    Move,
    Observation,
    Result,
    aliwar.Rules,
    clone_war.Rules,
    guerrilla.Rules,
)


def _mutable_parts(state: GameState[Any]) -> dict[int, str]:
    """id -> where, for every object in ``state`` that could change (lists, dicts, RNGs …)."""
    found: dict[int, str] = {}

    def walk(value: object, where: str) -> None:
        if isinstance(value, _IMMUTABLE):
            return
        if isinstance(value, (tuple, frozenset)):
            for i, item in enumerate(value):
                walk(item, f"{where}[{i}]")
            return
        found[id(value)] = where
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{where}[{key!r}]")
        elif isinstance(value, (list, set)):
            for i, item in enumerate(value):
                walk(item, f"{where}[{i}]")

    names = [n for cls in type(state).__mro__ for n in getattr(cls, "__slots__", ())]
    names += list(getattr(state, "__dict__", {}))
    # The start that undo() and events_for() replay from is shared by design: nothing ever
    # steps it (they step copies of it); tests/test_timeline.py checks that a copy's undo
    # leaves the original alone.
    names = [name for name in names if name != "_start"]
    for attr in names:
        if hasattr(state, attr):
            walk(getattr(state, attr), attr)
    return found


def test_copy_shares_no_mutable_value_at_any_depth() -> None:
    for name, state in _positions():
        for other in (state.copy(), copy.copy(state), copy.deepcopy(state)):
            mine, theirs = _mutable_parts(state), _mutable_parts(other)
            shared = sorted(mine[i] for i in set(mine) & set(theirs))
            assert not shared, f"{name}: the copy shares {shared}"


def test_copy_sets_every_slot_of_the_original() -> None:
    # Guerrilla's copy() sets MachineState's fields itself (a copy is a search's every step):
    # a field added to MachineState and missed there would be unset on the copy.
    for name, state in _positions():
        other = state.copy()
        for cls in type(state).__mro__:
            for attr in getattr(cls, "__slots__", ()):
                if attr in ("_m", "_feed") or not hasattr(state, attr):
                    continue
                assert hasattr(other, attr), f"{name}: the copy lacks {attr}"
                assert getattr(other, attr) == getattr(state, attr), f"{name}: {attr} differs"


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_clone_war_table_pickles_exactly_on_both_backends(protocol: int) -> None:
    table_type = builds.current.WholeGame
    tables = [
        table_type([[0, 1, 2], [3, 4, 5, 6]], [], 1, 0, 0, 0, 0, 10000, 0),
        table_type([[2], [5], [4, 9, 47]], [30], 2**64 - 1, 2, 1, 1, 1, 77, 1),
        table_type([list(range(0, 48, 2)), list(range(1, 48, 2))], [], 3, 1, 0, 0, 0, 500, 0),
        table_type([[], [1, 2], [3]], [], 4, 0, 1, 0, 1, 2**31 - 1, 1),
    ]
    for table in tables:
        for battles in (0, 1, 5, 60, 200, 10**4):  # 60 battles wrap the compiled rings
            restored = pickle.loads(pickle.dumps(table, protocol))
            assert type(restored) is table_type
            assert _table_facts(restored) == _table_facts(table)
            assert pickle.dumps(restored, protocol) == pickle.dumps(table, protocol)
            assert restored.cycle_length() == table.cycle_length()
            for _ in range(battles):
                if table.termination >= 0:
                    break
                assert restored.battle() == table.battle()
            assert _table_facts(restored) == _table_facts(table)


def _table_facts(table: Any) -> tuple[object, ...]:
    n = table.players
    return (
        n,
        tuple(table.pile(s) for s in range(n)),
        tuple(table.eliminated_after(s) for s in range(n)),
        table.dead,
        table.rng_state,
        table.battles,
        table.wars,
        table.termination,
        table.winner,
    )


@needs_core
@pytest.mark.parametrize(
    "state",
    [
        None,
        (),
        "table",
        (2, ((0, (4,)), (0, (9,))), (-1, -1), (), 0, (0, 0, 0, 0, 10, 0)),  # no counters
        (5, ((0, (4,)),) * 5, (-1,) * 5, (), 0, (0, 0, 0, 0, 10, 0), (0, 0, -1, -1)),
        (2, ((0, (4,)), (0, (999,))), (-1, -1), (), 0, (0, 0, 0, 0, 10, 0), (0, 0, -1, -1)),
        (2, ((0, (4,) * 30), (0, (9,) * 30)), (-1, -1), (), 0, (0, 0, 0, 0, 10, 0), (0, 0, -1, -1)),
        (2, ((-1, (4,)), (0, (9,))), (-1, -1), (), 0, (0, 0, 0, 0, 10, 0), (0, 0, -1, -1)),
        (2, ((0, (4,)), (0, (9,))), (-1, -1), (300,), 0, (0, 0, 0, 0, 10, 0), (0, 0, -1, -1)),
        (2, ((0, (4,)), (0, (9,))), (-1, -1), (), -1, (0, 0, 0, 0, 10, 0), (0, 0, -1, -1)),
        (2, ((0, (4,)), (0, (9,))), (-1, -1), (), 0, (3, 0, 0, 0, 10, 0), (0, 0, -1, -1)),
        (2, ((0, (4,)), (0, (9,))), (-1, -1), (), 0, (0, 0, 0, 0, 2**31, 0), (0, 0, -1, -1)),
        (2, ((0, (4,)), (0, (9,))), (-1, -1), (), 0, (0, 0, 0, 0, 10, 0), (0, 0, 3, -1)),
        (2, ((0, (4,)), (0, (9,))), (-1, -1), (), 0, (0, 0, 0, 0, 10, 0), (0, 0, 0, 2)),
    ],
)
def test_compiled_table_rejects_a_corrupt_pickled_state(state: object) -> None:
    assert _core is not None
    rebuild: Callable[[object], object] = _core._whole_game_from_state
    with pytest.raises(ValueError, match="not a WholeGame state"):
        rebuild(state)


# --- item 6: hand-built positions --------------------------------------------------------------

AW_STACKS: list[Any] = [
    [["2C", "7C"], ["3C"], ["4C"], ["5C"], ["6C"]],
    [["2D"], ["3D"], ["4D"], ["5D"], ["6D"]],
]
AW_PROTECTION: list[Any] = ["AH", "AS"]

BAD_SEEDS: list[object] = [True, 1.0, -1, 2**64, "1", None]


@pytest.mark.parametrize(
    ("stacks", "protection", "options", "error", "names"),
    [
        (5, AW_PROTECTION, {}, RulesError, "stacks"),
        (None, AW_PROTECTION, {}, RulesError, "stacks"),
        ("2C 3C", AW_PROTECTION, {}, RulesError, "stacks"),
        (AW_STACKS, 5, {}, RulesError, "protection"),
        (AW_STACKS, None, {}, RulesError, "protection"),
        (AW_STACKS, "AH", {}, RulesError, "protection"),
        ([5, AW_STACKS[1]], AW_PROTECTION, {}, RulesError, "seat 0"),
        ([AW_STACKS[0], [5, *AW_STACKS[1][1:]]], AW_PROTECTION, {}, RulesError, "seat 1 stack 0"),
        (
            [AW_STACKS[0], [None, *AW_STACKS[1][1:]]],
            AW_PROTECTION,
            {},
            RulesError,
            "seat 1 stack 0",
        ),
        ([AW_STACKS[0], [[["2D"]], *AW_STACKS[1][1:]]], AW_PROTECTION, {}, RulesError, "card 0"),
        ([AW_STACKS[0], [["ZZ"], *AW_STACKS[1][1:]]], AW_PROTECTION, {}, CardParseError, "card 0"),
        (AW_STACKS, ["AH", "ZZ"], {}, CardParseError, "protection of seat 1"),
        (AW_STACKS, ["AH", 7], {}, RulesError, "protection of seat 1"),
        (AW_STACKS, ["AH", "AH"], {}, RulesError, "more than once: AH"),
        (AW_STACKS, ["AH", "AS1"], {}, RulesError, "protection of seat 1"),
        (AW_STACKS, AW_PROTECTION, {"rules": "x"}, RulesError, "rules"),
        *[(AW_STACKS, AW_PROTECTION, {"rng_seed": s}, RulesError, "rng_seed") for s in BAD_SEEDS],
    ],
)
def test_aliwar_from_layout_names_every_bad_argument(
    stacks: Any, protection: Any, options: dict[str, Any], error: type[Exception], names: str
) -> None:
    with pytest.raises(error) as info:
        aliwar.State.from_layout(stacks, protection, **options)
    assert names in str(info.value)


@pytest.mark.parametrize(
    ("piles", "options", "error", "names"),
    [
        (5, {}, RulesError, "piles"),
        (None, {}, RulesError, "piles"),
        ("KC QD", {}, RulesError, "piles"),
        (["KC", "QD"], {}, RulesError, "pile 0"),
        ([["KC"], 5], {}, RulesError, "pile 1"),
        ([["KC"], None], {}, RulesError, "pile 1"),
        ([["KC"], [["QD"]]], {}, RulesError, "pile 1"),
        ([["KC"], ["ZZ"]], {}, CardParseError, "pile 1"),
        ([["KC"], ["KC"]], {}, RulesError, "KC appears twice"),
        ([["KC"], ["AC"]], {}, RulesError, "pile 1"),
        ([["KC"], ["QD"]], {"rules": "x"}, RulesError, "rules"),
        *[([["KC"], ["QD"]], {"rng_seed": s}, RulesError, "rng_seed") for s in BAD_SEEDS],
    ],
)
def test_clone_war_from_piles_names_every_bad_argument(
    piles: Any, options: dict[str, Any], error: type[Exception], names: str
) -> None:
    with pytest.raises(error) as info:
        clone_war.State.from_piles(piles, **options)
    assert names in str(info.value)


GT_HANDS: list[Any] = [["KC"], ["9D"]]


@pytest.mark.parametrize(
    ("hands", "options", "error", "names"),
    [
        (5, {}, RulesError, "hands"),
        (None, {}, RulesError, "hands"),
        ("KC 9D", {}, RulesError, "hands"),
        (["KC", "9D"], {}, RulesError, "hands[0]"),
        ([["KC"], 9], {}, RulesError, "hands[1]"),
        ([[["KC"]], ["9D"]], {}, RulesError, "hands[0][0]"),
        ([["KC"], ["ZZ"]], {}, CardParseError, "hands[1][0]"),
        ([["KC"], ["KC"]], {}, RulesError, "duplicated: ['KC']"),
        ([["KC"], ["KC1"]], {}, RulesError, "hands[1][0]"),  # deck 1: not in a one-deck game
        ([["KC"], ["KH"]], {}, RulesError, "hands[1][0]"),  # hearts: seat 2's suit
        (GT_HANDS, {"draw_piles": 5}, RulesError, "draw_piles"),
        (GT_HANDS, {"draw_piles": "5C 4D"}, RulesError, "draw_piles"),
        (GT_HANDS, {"draw_piles": ["5C", "4D"]}, RulesError, "draw_piles[0]"),
        (GT_HANDS, {"draw_piles": [["5C"]]}, RulesError, "draw_piles"),
        (GT_HANDS, {"discard_piles": [["5C"], None]}, RulesError, "discard_piles[1]"),
        (GT_HANDS, {"discard_piles": [["5C"], ["KC"]]}, RulesError, "duplicated: ['KC']"),
        (GT_HANDS, {"removed": None}, RulesError, "removed"),
        (GT_HANDS, {"removed": "2C"}, RulesError, "removed"),
        (GT_HANDS, {"removed": [["2C"]]}, RulesError, "removed[0]"),
        (GT_HANDS, {"removed": ["2S"]}, RulesError, "removed[0]"),
        (GT_HANDS, {"played_guerrilla": 5}, RulesError, "played_guerrilla"),
        (GT_HANDS, {"support_penalty": "TF"}, RulesError, "support_penalty"),
        (GT_HANDS, {"spy_first": [1, 0]}, RulesError, "spy_first"),
        (GT_HANDS, {"in_game": [True]}, RulesError, "in_game"),
        (GT_HANDS, {"start": "nowhere"}, RulesError, "start"),
        (GT_HANDS, {"start": ["play"]}, RulesError, "start"),
        (GT_HANDS, {"guerrilla_rank": 7}, RulesError, "guerrilla_rank"),
        (GT_HANDS, {"guerrilla_rank": 2.0}, RulesError, "guerrilla_rank"),
        (GT_HANDS, {"skirmish": -1}, RulesError, "skirmish"),
        (GT_HANDS, {"skirmish": True}, RulesError, "skirmish"),
        (GT_HANDS, {"skirmish": 5000}, RulesError, "skirmish"),
        (GT_HANDS, {"skirmish": 2**64}, RulesError, "skirmish"),
        (GT_HANDS, {"rules": "x"}, RulesError, "rules"),
        (GT_HANDS, {"rules": aliwar.Rules()}, RulesError, "rules"),
        *[(GT_HANDS, {"rng_seed": s}, RulesError, "rng_seed") for s in BAD_SEEDS],
    ],
)
def test_guerrilla_from_position_names_every_bad_argument(
    hands: Any, options: dict[str, Any], error: type[Exception], names: str
) -> None:
    with pytest.raises(error) as info:
        guerrilla.State.from_position(hands, **options)
    assert names in str(info.value)


def test_a_deck_digit_makes_another_card_which_only_clone_war_has() -> None:
    state = clone_war.State.from_piles([["KC"], ["KC1"]])  # four decks (CW-1.1)
    assert [str(pile[0]) for pile in state.piles] == ["KC", "KC1"]
    with pytest.raises(RulesError, match=r"hands\[1\]\[0\] is KC1"):
        guerrilla.State.from_position([["KC"], ["KC1"]], start="play")  # one deck (GT-1.1)
    with pytest.raises(RulesError, match=r"seat 1 stack 0 card 0: Aliwar uses one standard deck"):
        aliwar.State.from_layout([AW_STACKS[0], [["KC1"], *AW_STACKS[1][1:]]], AW_PROTECTION)


def test_guerrilla_from_position_takes_the_cards_of_the_game_only() -> None:
    three = guerrilla.State.from_position([["KC"], ["9D"], ["KH"]], start="play")
    assert three.hands[2] == (Card.parse("KH"),)
    variant = guerrilla.Rules(two_suit_variant=True)
    two = guerrilla.State.from_position([["KC", "KS"], ["9D", "KH"]], rules=variant, start="play")
    assert two.cards_dealt == 4
    with pytest.raises(RulesError, match=r"hands\[2\]\[0\] is KS"):
        guerrilla.State.from_position([["KC"], ["9D"], ["KS"]])
    with pytest.raises(RulesError, match=r"hands\[0\]\[1\] is KS1"):
        guerrilla.State.from_position([["KC", "KS1"], ["9D"]], rules=variant)
