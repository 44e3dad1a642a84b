"""The reference statistics of docs/guides/simulating.rst, checked loosely on fresh games.

The bounds are statistical (about four standard errors), never timings. Only the
compiled pass runs them: the pure-Python interpreted build plays the same games (the
differential tests prove it) but 20,000 games per setting would take minutes.
They are marked ``slow`` with the other statistical runs, but the default run
plays all 20,000 games too: on the compiled core the whole file takes about a
second, and fewer games would only widen the bounds.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

import cardwars
from cardwars.report import wilson_interval

# (game, players, agents, options, mean length, seat win rates, draw rate) from the docs table.
REFERENCE: list[tuple[str, int, list[str], dict[str, Any], float, list[float], float]] = [
    ("aliwar", 2, ["random", "random"], {}, 11.66, [0.492, 0.493], 0.0142),
    ("aliwar", 2, ["greedy", "random"], {}, 11.12, [0.949, 0.049], 0.0023),
    ("clone-war", 2, ["random"] * 2, {}, 70.35, [0.5, 0.5], 0.0),
    ("clone-war", 3, ["random"] * 3, {}, 73.20, [0.334, 0.332, 0.334], 0.0),
    ("clone-war", 4, ["random"] * 4, {}, 70.17, [0.248, 0.252, 0.249, 0.251], 0.0),
    ("guerrilla", 2, ["random"] * 2, {}, 28.26, [0.495, 0.502], 0.0026),
    ("guerrilla", 2, ["random"] * 2, {"two_suit_variant": True}, 59.92, [0.499, 0.5], 0.0010),
    ("guerrilla", 3, ["random"] * 3, {}, 34.73, [0.332, 0.332, 0.333], 0.0032),
    ("guerrilla", 4, ["random"] * 4, {}, 37.62, [0.247, 0.25, 0.25, 0.25], 0.0036),
    ("guerrilla", 2, ["greedy", "random"], {}, 30.10, [0.836, 0.164], 0.0006),
]
GAMES = 20_000
Z = 4.0  # four standard errors: a false alarm about once in 16,000 checks


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "players", "agents", "options", "mean", "rates", "draws"),
    REFERENCE,
    ids=[
        f"{r[0]}-{r[1]}-{'-'.join(r[2])}{'-' + ','.join(r[3]) if r[3] else ''}" for r in REFERENCE
    ],
)
@pytest.mark.compiled_pass
def test_reference_statistics_hold_loosely(
    backend: str,
    name: str,
    players: int,
    agents: list[str],
    options: dict[str, Any],
    mean: float,
    rates: list[float],
    draws: float,
) -> None:
    game = cardwars.load_game(name, players=players, **options)
    report = cardwars.simulate(game, agents, games=GAMES, seed=20261129)
    lengths = list(report.lengths)
    sd = math.sqrt(sum((x - report.length.mean) ** 2 for x in lengths) / (len(lengths) - 1))
    assert abs(report.length.mean - mean) < Z * sd / math.sqrt(GAMES) + 0.002 * mean
    for seat, rate in enumerate(rates):
        low, high = wilson_interval(report.wins[seat], GAMES, z=Z)
        assert low - 0.001 <= rate <= high + 0.001, (seat, report.win_rates[seat], rate)
    low, high = wilson_interval(report.draws, GAMES, z=Z)
    assert low - 0.001 <= draws <= high + 0.001
