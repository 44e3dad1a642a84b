"""The whole-game batch kernel replays cardwars.play() game by game (ARCHITECTURE, RULINGS §4.5)."""

from __future__ import annotations

import functools
import inspect

import pytest

import cardwars
from cardwars import _core, _kernels, _reference
from cardwars.guerrilla import TERMINATIONS, Guerrilla, Rules, State

SEEDS = 2000
MASTER = 20261129
CONFIGS = [(2, False), (3, False), (4, False), (2, True)]


@functools.cache
def played(players: int, two_suit: bool) -> tuple[tuple[int, int, int, int], ...]:
    """(length, winner, termination, final G) of games 0..SEEDS-1 through cardwars.play().

    Computed once per configuration (the game RNG is bit-identical on both
    backends, tests/test_rng.py), then compared with each backend's batch kernel.
    """
    game = Guerrilla(players, Rules(two_suit_variant=two_suit))
    rows = []
    for k in range(SEEDS):
        final = cardwars.play(game, ["random"] * players, seed=cardwars.derive_seed(MASTER, k))
        assert isinstance(final, State)
        result = final.result
        assert result is not None
        winner = result.winner if result.winner is not None else -1
        rows.append(
            (result.length, winner, TERMINATIONS.index(result.termination), final.guerrilla_rank)
        )
    return tuple(rows)


@pytest.mark.parametrize(("players", "two_suit"), CONFIGS)
def test_gt_batch_agrees_with_play_game_by_game(players: int, two_suit: bool) -> None:
    expected = played(players, two_suit)
    columns = _kernels.kernels.guerrilla_batch(MASTER, 0, SEEDS, players, two_suit)
    got = tuple(
        zip(
            columns["length"],
            columns["winner"],
            columns["termination"],
            columns["guerrilla_rank"],
            strict=True,
        )
    )
    mismatches = [k for k in range(SEEDS) if got[k] != expected[k]]
    assert not mismatches, f"games differ, first {mismatches[:5]}: {got[mismatches[0]]}"


def test_gt_batch_split_does_not_matter() -> None:
    whole = _kernels.kernels.guerrilla_batch(5, 0, 40, 3)
    parts = [_kernels.kernels.guerrilla_batch(5, start, 10, 3) for start in (0, 10, 20, 30)]
    for name in ("length", "winner", "termination", "guerrilla_rank"):
        assert list(whole[name]) == [x for part in parts for x in part[name]]
    assert whole["length"].typecode == "q"
    assert whole["winner"].typecode == "b"


def test_gt_batch_cap_and_agent_codes() -> None:
    capped = _kernels.kernels.guerrilla_batch(1, 0, 20, 2, False, None, 3)
    assert max(capped["length"]) <= 3
    assert TERMINATIONS.index("max_skirmishes") in capped["termination"]
    with pytest.raises(NotImplementedError):
        _kernels.kernels.guerrilla_batch(1, 0, 1, 2, False, [0, 1])


def test_gt_batch_twin_has_the_same_signature() -> None:
    compiled = inspect.signature(_core.guerrilla_batch)
    assert list(compiled.parameters) == list(
        inspect.signature(_reference.guerrilla_batch).parameters
    )
    for name in ("guerrilla_strength", "guerrilla_evaluate"):
        assert list(inspect.signature(getattr(_core, name)).parameters) == list(
            inspect.signature(getattr(_reference, name)).parameters
        )


def test_gt_run_batch_hook_matches_the_kernel() -> None:
    from cardwars.errors import UsageError
    from cardwars.guerrilla import BATCH_AGENTS, batch_supports, run_batch

    assert "random" in BATCH_AGENTS
    game = Guerrilla(4)
    out = run_batch(game, ["random"] * 4, seed=3, start=2, count=6)
    direct = _kernels.kernels.guerrilla_batch(3, 2, 6, 4)
    assert list(out["length"]) == list(direct["length"])
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
    """Golden results that must never change (RULINGS §4.4): random agents, seed 42."""
    game = Guerrilla(players, Rules(two_suit_variant=two_suit))
    final = cardwars.play(game, ["random"] * players, seed=42)
    assert isinstance(final, State)
    assert final.result is not None
    assert final.result.winners == {winner}
    assert final.result.length == length
    assert final.result.placings == placings
    assert len(final.log) == events


def test_gt_backends_give_identical_event_logs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same seeded games on both kernels: identical logs and final states (RULINGS §4.4)."""
    game = Guerrilla(3)
    logs = []
    for module in (_core, _reference):
        monkeypatch.setattr(_kernels, "kernels", module)
        finals = []
        for seed in range(15):
            final = cardwars.play(game, ["random"] * 3, seed=seed)
            assert isinstance(final, State)
            finals.append(final)
        logs.append([(f.log, f.hands, f.draw_piles, f.discard_piles, f.removed) for f in finals])
    assert logs[0] == logs[1]
