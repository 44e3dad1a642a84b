"""The Clone War batch loop against the state machine, game by game, and the compiled build
of the rules against the interpreted one (``tests/builds.py``: ``_core`` and ``pure``)."""

from __future__ import annotations

from array import array

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardwars import Deck
from cardwars.clone_war import TERMINATIONS, CloneWar, PotCollected, PotSplit, Rules, State
from cardwars.clone_war.state import _position_options
from tests import builds
from tests.builds import pure
from tests.sizes import sized

try:
    from tests.builds import compiled as _core
except ImportError:  # pragma: no cover - the pure-Python install
    _core = None

needs_core = pytest.mark.skipif(_core is None, reason="compiled core not built")
SEED = 2026
SEEDS = sized(2000, 200)
CARDS = tuple(Deck.clone_war())  # index = Clone War card id


def state_machine_row(state: State) -> tuple[int, int, int, str]:
    apply = state.apply
    while not state.is_over:
        apply({})
    result = state.result
    assert result is not None
    return (
        result.length,
        state.wars,
        -1 if result.winner is None else result.winner,
        result.termination,
    )


def batch_rows(columns: dict[str, array[int]]) -> list[tuple[int, int, int, str]]:
    return [
        (length, wars, winner, TERMINATIONS[code])
        for length, wars, winner, code in zip(
            columns["length"],
            columns["wars"],
            columns["winner"],
            columns["termination"],
            strict=True,
        )
    ]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_batch_agrees_with_state_machine_game_by_game(players: int) -> None:
    """Game k of the batch is the game the state machine plays from derive_seed(SEED, k).

    2,000 seeds per player count under ``--full``, 200 in the default run.
    """
    columns = builds.current.clone_war_batch(SEED, 0, SEEDS, players)
    game = CloneWar(players=players)
    derive = builds.current.derive_seed
    expected = [state_machine_row(game.new_game(derive(SEED, k))) for k in range(SEEDS)]
    assert batch_rows(columns) == expected


OPTION_SETS = [
    Rules(collect_order="stage_seat_order"),
    Rules(collect_order="shuffled"),
    Rules(forfeit_cards_to="dead", split_remainder="round_robin"),
    Rules(short_war="play_what_you_can"),
    Rules(max_battles=40, cap_result="most_cards"),
    Rules(cycle_detection=False, max_battles=60),
]


@pytest.mark.parametrize(
    "rules", OPTION_SETS, ids=lambda r: ",".join(map(str, r.machine_options().values()))
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_batch_agrees_with_state_machine_under_options(rules: Rules, players: int) -> None:
    columns = builds.current.clone_war_batch(7, 100, 40, players, **rules.machine_options())
    game = CloneWar(players=players, rules=rules)
    derive = builds.current.derive_seed
    expected = [state_machine_row(game.new_game(derive(7, k))) for k in range(100, 140)]
    assert batch_rows(columns) == expected


# Seeds derive_seed(0, k) whose games really cycle with seat-order collection; the last one
# repeats only after 1202 battles, past the batch loop's first lazy check at 1024.
CYCLING = [(2, 76810, 182), (3, 9400, 151), (4, 24604, 582), (3, 37074, 1202)]


@pytest.mark.parametrize(("players", "k", "battles"), CYCLING)
def test_cw_7_3_real_cycles_batch_state_machine_and_exact_search_agree(
    players: int, k: int, battles: int
) -> None:
    rules = Rules(collect_order="stage_seat_order")
    seed = builds.current.derive_seed(0, k)
    columns = builds.current.clone_war_batch(0, k, 1, players, **rules.machine_options())
    row = state_machine_row(CloneWar(players=players, rules=rules).new_game(seed))
    assert batch_rows(columns) == [row]
    assert row[0] == battles
    assert row[3] == "cycle"
    assert first_repeat_by_hashing(players, seed, rules) == battles


def first_repeat_by_hashing(players: int, seed: int, rules: Rules) -> int:
    """The plain definition (CW-7.3, CW-B4): remember every rank-state since the last draw."""
    state = CloneWar(
        players, Rules(collect_order=rules.collect_order, cycle_detection=False)
    ).new_game(seed)

    def rank_state() -> object:
        return (state.eliminated, tuple(tuple(c.rank for c in pile) for pile in state.piles))

    seen = {rank_state()}
    while not state.is_over:
        events = state.apply({})
        if any(
            isinstance(e, PotSplit) or (isinstance(e, PotCollected) and e.shuffled) for e in events
        ):
            seen = set()
        key = rank_state()
        if key in seen:
            return state.battles
        seen.add(key)
    return -1


@pytest.mark.parametrize(
    ("max_battles", "expected"), [(3, (3, 0, -1, 2)), (4, (3, 0, -1, 1)), (10000, (3, 0, -1, 1))]
)
def test_cw_t9_play_out_finds_the_cycle_lazily(max_battles: int, expected: tuple[int, ...]) -> None:
    """The batch loop's lazy check (at the cap, or after 1024 quiet battles) is exact."""
    table = builds.current.WholeGame([[1], [3, 6, 4, 9]], [], 0, 0, 0, 0, 0, max_battles, 0)
    table.play_out(1)
    assert (table.battles, table.wars, table.winner, table.termination) == expected


def test_cw_t9_play_out_without_cycle_detection_reaches_the_cap() -> None:
    table = builds.current.WholeGame([[1], [3, 6, 4, 9]], [], 0, 0, 0, 0, 0, 2000, 0)
    table.play_out(0)
    assert (table.battles, table.termination) == (2000, 2)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("players", 1),
        ("players", 5),
        ("collect_order", 3),
        ("short_war", -1),
        ("max_battles", 0),
        ("count", -1),
    ],
)
def test_batch_rejects_bad_arguments(name: str, value: int) -> None:
    args = {"seed": 0, "start": 0, "count": 1, "players": 2, name: value}
    with pytest.raises(ValueError, match=name):
        builds.current.clone_war_batch(**args)


def test_batch_columns_are_typed_and_chunking_does_not_matter() -> None:
    whole = builds.current.clone_war_batch(3, 0, 30, 4)
    assert {name: col.typecode for name, col in whole.items()} == {
        "length": "q",
        "wars": "q",
        "winner": "b",
        "termination": "b",
    }
    parts = [builds.current.clone_war_batch(3, s, 10, 4) for s in (0, 10, 20)]
    for name, col in whole.items():
        assert col == sum((p[name] for p in parts), array(col.typecode))
    assert builds.current.clone_war_batch(3, 0, 0, 2)["length"] == array("q")


@needs_core
@pytest.mark.compiled_pass
def test_compiled_and_interpreted_batches_agree_under_every_option(backend: str) -> None:
    for rules in [Rules(), *OPTION_SETS]:
        for players in (2, 3, 4):
            options = rules.machine_options()
            assert _core.clone_war_batch(1, 0, 25, players, **options) == pure.clone_war_batch(
                1, 0, 25, players, **options
            )


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[list[int]], int, Rules]:
    """A random position as card ids (some of the 48 cards over 2-4 piles), a seed and rules."""
    players = draw(st.integers(2, 4))
    deck = draw(st.permutations(range(48)))
    total = draw(st.integers(1, 48))
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=players - 1, max_size=players - 1)))
    bounds = [0, *cuts, total]
    piles = [list(deck[bounds[s] : bounds[s + 1]]) for s in range(players)]
    rules = Rules(
        collect_order=draw(st.sampled_from(["stage_winner_first", "stage_seat_order", "shuffled"])),
        forfeit_cards_to=draw(st.sampled_from(["pot", "dead"])),
        short_war=draw(st.sampled_from(["forfeit", "play_what_you_can"])),
        split_remainder=draw(st.sampled_from(["dead", "round_robin"])),
        cycle_detection=draw(st.booleans()),
        max_battles=draw(st.integers(1, 300)),
        cap_result=draw(st.sampled_from(["draw", "most_cards"])),
    )
    return piles, draw(st.integers(0, 2**64 - 1)), rules


@given(tables())
def test_play_out_agrees_with_state_machine_on_positions(
    case: tuple[list[list[int]], int, Rules],
) -> None:
    """The batch loop's lazy cycle check ends every game where the state machine does."""
    piles, seed, rules = case
    if not any(piles):
        return
    state = State.from_piles(
        [[CARDS[c] for c in pile] for pile in piles], rules=rules, rng_seed=seed
    )
    table = builds.current.WholeGame(piles, [], seed, *_position_options(rules))
    table.play_out(int(rules.cycle_detection))
    row = state_machine_row(state)
    assert (table.battles, table.wars, table.winner, TERMINATIONS[table.termination]) == row
    assert [[CARDS[c] for c in table.pile(s)] for s in range(len(piles))] == [
        list(p) for p in state.piles
    ]
    assert [CARDS[c] for c in table.dead] == list(state.dead)


@needs_core
@given(tables())
@pytest.mark.compiled_pass
def test_compiled_build_is_a_translation_of_the_interpreted_one(
    backend: str, case: tuple[list[list[int]], int, Rules]
) -> None:
    """Battle by battle, the compiled build logs and holds exactly what the interpreted one does."""
    piles, seed, rules = case
    if not any(piles):
        return
    core = _core.WholeGame(piles, [], seed, *_position_options(rules))
    interpreted = pure.WholeGame(piles, [], seed, *_position_options(rules))
    while interpreted.termination < 0:
        assert core.battle() == interpreted.battle()
        assert core.rng_state == interpreted.rng_state
        assert [core.pile(s) for s in range(len(piles))] == [
            interpreted.pile(s) for s in range(len(piles))
        ]
        assert core.dead == interpreted.dead
        assert core.cycle_length() == interpreted.cycle_length()
    assert (core.termination, core.winner, core.battles, core.wars) == (
        interpreted.termination,
        interpreted.winner,
        interpreted.battles,
        interpreted.wars,
    )


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(collect_order="shuffled"), Rules(split_remainder="round_robin")],
    ids=repr,
)
def test_table_drew_is_a_shuffle_or_a_split_of_the_last_battle(rules: Rules) -> None:
    """``WholeGame.drew`` says what the battle's log says: a shuffled collection or a split."""
    log_op = builds.current.LogOp
    seen = {True: 0, False: 0}
    for seed in range(40):
        state = CloneWar(players=3, rules=rules).new_game(seed=seed)
        table = builds.current.WholeGame(  # the dealt position, as a table
            [[CARDS.index(card) for card in pile] for pile in state.piles],
            [CARDS.index(card) for card in state.dead],
            state.rng.state,
            *_position_options(rules),
        )
        assert table.drew is False
        while not state.is_over:
            before = table.rng_state
            log = table.battle()
            ops = [(log[i], log[i + 3]) for i in range(0, len(log), 4)]
            expected = any(op == log_op.SPLIT or (op == log_op.COLLECT and c == 1) for op, c in ops)
            assert table.drew is expected
            assert table.copy().drew is expected
            assert expected == (table.rng_state != before)
            seen[expected] += 1
            if table.termination >= 0:
                break
    assert seen[True]  # splits happen under every option; and so do battles without a draw:
    assert seen[False] or rules.collect_order == "shuffled"
