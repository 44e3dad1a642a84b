"""The whole-game batch loop replays cardwars.play() game by game (canonical move order).

The machines' names and signatures are checked in ``tests/test_core_parity.py``.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

import cardwars
import cardwars.backend as backend_module
from cardwars.guerrilla import TERMINATIONS, Guerrilla, Rules, State
from tests import builds
from tests.builds import pure
from tests.sizes import sized

# This module compares the compiled batch with the interpreted one; a pure-Python install skips it.
_core = builds.compiled_or_skip()

MASTER = 20261129
R, G = 0, 1  # agent codes: random, greedy
Rows = tuple[tuple[int, int, int, int], ...]

# (players, two_suit_variant, agent codes, seeds). Under --full, random play: 2,000 seeds
# for every player count and the two-suit variant; each greedy pairing: at least 2,000
# seeds in total across the player counts (greedy/random has 2,000 at 2 players alone).
# The default run plays the quick counts (at least 100 where the greedy statistics read
# the rows, so that their Wilson bounds keep a wide margin).
CHECKS = [
    (2, False, (R, R), sized(2000, 100)),
    (3, False, (R, R, R), sized(2000, 100)),
    (4, False, (R, R, R, R), sized(2000, 100)),
    (2, True, (R, R), sized(2000, 100)),
    (2, False, (G, R), sized(2000, 100)),
    (3, False, (G, R, R), sized(300, 25)),
    (4, False, (G, R, R, R), sized(300, 25)),
    (2, True, (G, R), sized(300, 25)),
    (2, False, (R, G), sized(800, 100)),
    (3, False, (R, R, G), sized(400, 100)),
    (4, False, (R, R, R, G), sized(400, 100)),
    (2, True, (R, G), sized(400, 100)),
    (2, False, (G, G), sized(800, 100)),
    (3, False, (G, G, G), sized(400, 100)),
    (4, False, (G, G, G, G), sized(400, 100)),
    (2, True, (G, G), sized(400, 100)),
]
SEEDS = {(players, two_suit, agents): n for players, two_suit, agents, n in CHECKS}


def _rows(columns: dict[str, Any]) -> Rows:
    return tuple(
        zip(
            columns["length"],
            columns["winner"],
            columns["termination"],
            columns["guerrilla_rank"],
            strict=True,
        )
    )


@functools.cache
def interpreted(players: int, two_suit: bool, agents: tuple[int, ...], seeds: int) -> Rows:
    """(length, winner, termination, final G) of games 0..seeds-1 played by play().

    play() runs the state machine on the interpreted build: the readable
    statement the compiled batch must replay. It is the expensive side, so it runs
    once per check for both backends' tests.
    """
    with builds.on("python"):
        game = Guerrilla(players, Rules(two_suit_variant=two_suit))
        names = [("random", "greedy")[code] for code in agents]
        rows = []
        for k in range(seeds):
            final = cardwars.play(game, names, seed=pure.derive_seed(MASTER, k))
            assert isinstance(final, State)
            result = final.result
            assert result is not None
            winner = result.winner if result.winner is not None else -1
            termination = TERMINATIONS.index(result.termination)
            rows.append((result.length, winner, termination, final.guerrilla_rank))
        return tuple(rows)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "two_suit", "agents", "seeds"), CHECKS)
def test_gt_batch_agrees_with_play_game_by_game(
    players: int, two_suit: bool, agents: tuple[int, ...], seeds: int
) -> None:
    """The compiled batch replays the interpreted build (that is, play()) game by game."""
    expected = interpreted(players, two_suit, agents, seeds)
    got = _rows(_core.guerrilla_batch(MASTER, 0, seeds, players, two_suit, agents))
    mismatches = [k for k in range(seeds) if got[k] != expected[k]]
    assert not mismatches, f"games differ, first {mismatches[:5]}: {got[mismatches[0]]}"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "two_suit", "agents"),
    [
        (2, False, (R, R)),
        (3, False, (R, R, R)),
        (4, False, (R, R, R, R)),
        (2, True, (R, R)),
        (2, False, (G, R)),
        (3, False, (R, R, G)),
        (4, False, (G, G, G, G)),
    ],
)
def test_gt_interpreted_batch_is_play(
    backend: str, players: int, two_suit: bool, agents: tuple[int, ...]
) -> None:
    """The interpreted build's rows are play()'s results on this backend's build.

    On the python pass the interpreted build *is* play() on this build, so 25 games confirm
    it. On the compiled pass play() runs on the compiled build, and for random
    agents every seed of the check (2,000 per player count and for the two-suit
    variant under --full) is compared, so batch == play() holds game by game on
    both backends.
    """
    seeds = SEEDS[players, two_suit, agents]
    expected = interpreted(players, two_suit, agents, seeds)
    game = Guerrilla(players, Rules(two_suit_variant=two_suit))
    names = [("random", "greedy")[code] for code in agents]
    count = seeds if backend == "compiled" and set(agents) == {R} else 25
    for k in range(count):
        final = cardwars.play(game, names, seed=cardwars.derive_seed(MASTER, k))
        assert isinstance(final, State)
        result = final.result
        assert result is not None
        winner = result.winner if result.winner is not None else -1
        row = (result.length, winner, TERMINATIONS.index(result.termination), final.guerrilla_rank)
        assert row == expected[k], k


def test_gt_batch_split_does_not_matter() -> None:
    whole = _core.guerrilla_batch(5, 0, 40, 3)
    parts = [_core.guerrilla_batch(5, start, 10, 3) for start in (0, 10, 20, 30)]
    for name in ("length", "winner", "termination", "guerrilla_rank"):
        assert list(whole[name]) == [x for part in parts for x in part[name]]
    assert whole["length"].typecode == "q"
    assert whole["winner"].typecode == "b"


def test_gt_batch_cap_and_agent_codes() -> None:
    capped = _core.guerrilla_batch(1, 0, 20, 2, False, None, 3)
    assert max(capped["length"]) <= 3
    assert TERMINATIONS.index("max_skirmishes") in capped["termination"]
    with pytest.raises(ValueError, match="agent codes"):
        _core.guerrilla_batch(1, 0, 1, 2, False, [0, 2])
    with pytest.raises(ValueError, match="one code per seat"):
        _core.guerrilla_batch(1, 0, 1, 2, False, [0])


@pytest.mark.compiled_pass
def test_gt_run_batch_hook_matches_the_machine(backend: str) -> None:
    from cardwars.errors import UsageError
    from cardwars.guerrilla import BATCH_AGENTS, batch_supports, run_batch

    assert {"random", "greedy"} == BATCH_AGENTS
    game = Guerrilla(4)
    out = run_batch(game, ["random", "greedy", "random", "greedy"], seed=3, start=2, count=6)
    direct = _core.guerrilla_batch(3, 2, 6, 4, False, [0, 1, 0, 1])
    assert _rows(out) == _rows(direct)
    assert _rows(out) != _rows(_core.guerrilla_batch(3, 2, 6, 4))
    assert not batch_supports(Guerrilla(2, Rules(support_cascade=True)))
    with pytest.raises(UsageError):
        run_batch(Guerrilla(2, Rules(kicker=True)), ["random"] * 2, seed=0, start=0, count=1)
    with pytest.raises(UsageError):
        run_batch(game, ["random"] * 3, seed=0, start=0, count=1)


@pytest.mark.parametrize(
    ("players", "two_suit", "winner", "length", "placings", "events"),
    [
        (2, False, 0, 22, (1, 2), 266),
        (2, True, 1, 41, (2, 1), 462),
        (3, False, 1, 39, (3, 1, 2), 472),
        (4, False, 2, 28, (3, 4, 1, 2), 406),
    ],
)
def test_gt_golden_random_games_seed_42(
    players: int,
    two_suit: bool,
    winner: int,
    length: int,
    placings: tuple[int, ...],
    events: int,
) -> None:
    """Golden results that must never change (docs/engine.rst): random agents, seed 42."""
    game = Guerrilla(players, Rules(two_suit_variant=two_suit))
    final = cardwars.play(game, ["random"] * players, seed=42)
    assert isinstance(final, State)
    assert final.result is not None
    assert final.result.winners == {winner}
    assert final.result.length == length
    assert final.result.placings == placings
    assert len(final.log) == events


def test_gt_backends_give_identical_event_logs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same seeded games on both builds: identical logs and final states (docs/engine.rst).

    Random and greedy agents; this ties play() on the compiled build to play() on
    the interpreted build, whose results the interpreted build batch gives.
    """
    game = Guerrilla(3)
    logs = []
    for name in ("compiled", "python"):
        monkeypatch.setattr(backend_module, "BACKEND", name)
        finals = []
        for seed in range(15):
            agents = ["random", "greedy", "random"] if seed % 2 else ["greedy"] * 3
            final = cardwars.play(game, agents, seed=seed)
            assert isinstance(final, State)
            finals.append(final)
        logs.append([(f.log, f.hands, f.draw_piles, f.discard_piles, f.removed) for f in finals])
    assert logs[0] == logs[1]


@pytest.mark.slow
def test_gt_greedy_beats_random_clearly() -> None:
    """Greedy wins well above its fair share against random (Wilson 95 % lower bounds)."""
    from cardwars.report import wilson_interval

    # Two players: greedy in seat 0 (2,000 games; 200 quick) and in seat 1 (800; 100 quick).
    in_seat_0 = interpreted(2, False, (G, R), SEEDS[2, False, (G, R)])
    in_seat_1 = interpreted(2, False, (R, G), SEEDS[2, False, (R, G)])
    wins = sum(1 for row in in_seat_0 if row[1] == 0) + sum(1 for row in in_seat_1 if row[1] == 1)
    low, _ = wilson_interval(wins, len(in_seat_0) + len(in_seat_1))
    assert low > 0.55
    # More players: the greedy seat against random ones, well above a 1/n share.
    for players, agents, seat in ((3, (R, R, G), 2), (4, (R, R, R, G), 3)):
        rows = interpreted(players, False, agents, SEEDS[players, False, agents])
        low, _ = wilson_interval(sum(1 for row in rows if row[1] == seat), len(rows))
        assert low > 1 / players + 0.1
