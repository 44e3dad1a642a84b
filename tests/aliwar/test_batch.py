"""The Aliwar batch loop: the builds agree, it is the pure machine played by the built-in
agents, and it replays ``cardwars.play`` game by game.

The conflict machines are checked with the AW-T2 comparator in ``test_scenarios.py``;
the machines' names and signatures in ``tests/test_core_parity.py``.
"""

from __future__ import annotations

import itertools
from types import SimpleNamespace
from typing import Any

import pytest

import cardwars
from cardwars.aliwar import TERMINATIONS, Aliwar, Rules, State, batch, round, run_batch
from tests import builds
from tests.builds import pure
from tests.sizes import sized

pure_aliwar = SimpleNamespace(
    PAIRS=round.PAIRS, switch_scores=batch.switch_scores, keep_index=batch.keep_index
)

try:
    from tests.builds import compiled as _core
except ImportError:  # pragma: no cover - the pure-Python install
    _core = None

DIFFERENTIAL_SEED = 20261129
DIFFERENTIAL_GAMES = sized(2000, 200)


def played(game: Aliwar, seed: int, k: int) -> tuple[int, int, int, int]:
    """(length, winner, termination, discards) of ``play`` with two random agents."""
    final = cardwars.play(game, ["random", "random"], seed=pure.derive_seed(seed, k))
    assert isinstance(final, State)
    result = final.result
    assert result is not None
    winner = -1 if result.winner is None else result.winner
    return result.length, winner, TERMINATIONS.index(result.termination), len(final.discard)


def batch_rows(out: dict[str, Any]) -> list[tuple[int, int, int, int]]:
    return list(zip(out["length"], out["winner"], out["termination"], out["discards"], strict=True))


@pytest.mark.slow
def test_aw_batch_replays_play_with_random_agents() -> None:
    out = builds.current.aliwar_batch(DIFFERENTIAL_SEED, 0, DIFFERENTIAL_GAMES)
    game = Aliwar()
    expected = [played(game, DIFFERENTIAL_SEED, k) for k in range(DIFFERENTIAL_GAMES)]
    assert batch_rows(out) == expected


@pytest.mark.parametrize(
    "rules",
    [
        Rules(allow_null_switch=True),
        Rules(kept_card_position="below_returning"),
        Rules(no_progress_limit=1, cap_result="most_cards"),
        Rules(max_rounds=6, double_loss_result="most_cards", cap_result="most_cards"),
    ],
    ids=["null_switch", "below_returning", "no_progress_1", "max_rounds_6"],
)
def test_aw_batch_replays_play_with_options(rules: Rules) -> None:
    games = 150
    out = builds.current.aliwar_batch(7, 1000, games, 2, (0, 0), **rules.machine_options())
    game = Aliwar(rules)
    assert batch_rows(out) == [played(game, 7, k) for k in range(1000, 1000 + games)]


def test_aw_batch_columns() -> None:
    out = builds.current.aliwar_batch(1, 5, 40)
    assert sorted(out) == ["discards", "length", "longest_no_progress", "termination", "winner"]
    assert [out[name].typecode for name in sorted(out)] == ["b", "q", "q", "b", "b"]
    assert all(len(column) == 40 for column in out.values())
    split = builds.current.aliwar_batch(1, 5, 15), builds.current.aliwar_batch(1, 20, 25)
    for name in out:
        assert list(out[name]) == list(split[0][name]) + list(split[1][name])
    assert len(builds.current.aliwar_batch(1, 0, 0)["length"]) == 0


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"seed": -1}, "seed must be"),
        ({"count": -1}, "count must be"),
        ({"players": 3}, "exactly 2 players"),
        ({"agents": (0,)}, "agents must be"),
        ({"agents": (0, 9)}, "agents must be"),
        ({"agents": (True, 0)}, "agents must be"),
        ({"allow_null_switch": 2}, "allow_null_switch must be 0 or 1"),
        ({"cap_result": "draw"}, "cap_result must be 0 or 1"),
        ({"max_rounds": 0}, "max_rounds must be an int >= 1"),
    ],
)
def test_aw_batch_rejects_bad_arguments(kwargs: dict[str, Any], match: str) -> None:
    args: dict[str, Any] = {"seed": 0, "start": 0, "count": 1, **kwargs}
    with pytest.raises(ValueError, match=match):
        builds.current.aliwar_batch(**args)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"allow_null_switch": 1, "kept_card_position": 1},
        {"no_progress_limit": 2, "max_rounds": 9, "double_loss_result": 1, "cap_result": 1},
    ],
)
@pytest.mark.parametrize(
    "agents", [(0, 0), (1, 0), (1, 1)], ids=["random", "greedy-random", "greedy"]
)
@pytest.mark.compiled_pass
def test_aw_batch_builds_agree(
    backend: str, options: dict[str, Any], agents: tuple[int, int]
) -> None:
    games = 2000 if agents == (0, 0) else 300
    compiled = _core.aliwar_batch(99, 3, games, 2, agents, **options)
    interpreted = pure.aliwar_batch(99, 3, games, 2, agents, **options)
    for name in compiled:
        assert list(compiled[name]) == list(interpreted[name]), name


Row = tuple[int, int, int, int, int]
COLUMNS = ("length", "winner", "termination", "discards", "longest_no_progress")
FLAGS = ("allow_null_switch", "kept_card_position", "double_loss_result", "cap_result")


def greedy_action(machine: Any, seat: int, legal: tuple[int, ...]) -> int:
    """``GreedyAgent``'s choice among ``legal``, from the machine's public views (its
    labels are the card ids) and the greedy arithmetic on ids of ``aliwar.batch``."""
    stacks = machine.stacks()
    if machine.phase == 0:  # Switch: the null switch (15) is Switch(5, 5)
        tops = [[stack[0] for stack in own] for own in stacks]
        pairs = [pure_aliwar.PAIRS[a] if a < 15 else (5, 5) for a in legal]
        scores = pure_aliwar.switch_scores(tops, machine.protection(), seat, pairs)
        return int(legal[scores.index(max(scores))])
    keeps = [divmod(action - 16, 5) for action in legal if action != 276]
    # The returning cards still lie on their stacks (AW-6.4), so they count in the sizes.
    choice = pure_aliwar.keep_index(keeps, [len(stack) for stack in stacks[seat]])
    return int(16 + 5 * keeps[choice][0] + keeps[choice][1])


def replayed(seed: int, k: int, agents: tuple[int, int], options: dict[str, int]) -> Row:
    """Game ``k`` of a batch, played step by step through the pure machine's public methods."""
    game_seed = pure.derive_seed(seed, k)
    machine = pure.aliwar_deal(tuple(range(52)), game_seed, **options)
    rngs = [pure.Rng(pure.derive_seed(game_seed, 1 + seat)) for seat in (0, 1)]
    longest = 0
    while not machine.over:
        chosen = {}
        for seat in sorted(machine.to_act):
            legal = machine.legal_actions(seat)
            if agents[seat] == 1:
                chosen[seat] = greedy_action(machine, seat, legal)
            else:
                chosen[seat] = legal[rngs[seat].below(len(legal))]
        assert machine.apply_actions(chosen)
        longest = max(longest, machine.no_progress)
    discards = len(machine.discard())
    return machine.rounds, machine.winner, machine.termination, discards, longest


@pytest.mark.parametrize(
    "agents",
    [(0, 0), (0, 1), (1, 0), (1, 1)],
    ids=["random", "random-greedy", "greedy-random", "greedy"],
)
@pytest.mark.parametrize(
    "limits", [(100, 1000), (1, 1000), (3, 9)], ids=["default_caps", "no_progress_1", "short"]
)
@pytest.mark.slow
def test_aw_batch_replays_the_pure_machine(
    agents: tuple[int, int], limits: tuple[int, int]
) -> None:
    # The batch (on this pass's backend; the interpreted build's plays through the pure machine) is
    # the machine driven by the built-in agents, under every combination of the flags.
    for values in itertools.product((0, 1), repeat=len(FLAGS)):
        options = dict(zip(FLAGS, values, strict=True))
        options["no_progress_limit"], options["max_rounds"] = limits
        seed = 1000 + sum(v << i for i, v in enumerate(values))
        games = sized(12, 6)
        out = builds.current.aliwar_batch(seed, 50, games, 2, agents, **options)
        rows = list(zip(*(out[name] for name in COLUMNS), strict=True))
        assert rows == [replayed(seed, k, agents, options) for k in range(50, 50 + games)], options


def test_aw_appendix_a_statistics_are_in_range() -> None:
    # Reference figures (docs/games/aliwar.rst, built-in agents), random agents:
    # rounds mean 11.7, draws 1.46 %.
    out = builds.current.aliwar_batch(3, 0, 2000)
    mean = sum(out["length"]) / 2000
    draws = sum(1 for w in out["winner"] if w == -1) / 2000
    assert 11.0 < mean < 12.4
    assert 0.004 < draws < 0.03
    assert max(out["longest_no_progress"]) <= 6


class _Uniform:
    """A user-defined agent that chooses as the built-in random agent does."""

    def choose(self, observation: object, legal_moves: Any, rng: Any) -> Any:
        return legal_moves[rng.below(len(legal_moves))]


def test_aw_simulate_uses_the_batch_loop_and_agrees_with_play() -> None:
    game = Aliwar(Rules(kept_card_position="below_returning"))
    batch = cardwars.simulate(game, ["random", "random"], games=200, seed=11, chunk_size=70)
    slow = cardwars.simulate(game, [_Uniform(), _Uniform()], games=200, seed=11)
    assert (batch.engine, slow.engine) == ("batch", "play")
    assert list(batch.lengths) == list(slow.lengths)
    assert list(batch.winners) == list(slow.winners)
    assert list(batch.termination_codes) == list(slow.termination_codes)


def test_aw_run_batch_rejects_unknown_agents() -> None:
    with pytest.raises(cardwars.UsageError, match="random"):
        run_batch(Aliwar(), ["clever", "random"], 0, 0, 1)
    with pytest.raises(cardwars.UsageError):
        run_batch(Aliwar(), ["random"], 0, 0, 1)
