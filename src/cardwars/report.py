"""The statistics of a batch of games: :class:`SimulationReport`."""

from __future__ import annotations

import json
import math
from array import array
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any, cast

from cardwars.errors import UsageError, _type_name, describe, plain_int, wrong_type

__all__ = ["LengthStats", "LongDeal", "SimulationReport", "wilson_interval"]

_Z95 = 1.959963984540054
_MAX_BINS = 10_000  # the most histogram bins LengthStats.of() makes
_MAX_TRIALS = 2**63  # wilson_interval()'s float arithmetic stays finite


def _count(name: str, value: object) -> int:
    """``value`` as a plain int (a subclass by its value), else an ArgumentTypeError."""
    if type(value) is bool or not issubclass(type(value), int):
        raise wrong_type(name, "an int", value)
    return cast("int", plain_int(value))


def wilson_interval(successes: int, trials: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95 % by default); ``(0.0, 1.0)``
    for no trials.

    Raises:
        ArgumentTypeError: ``successes`` or ``trials`` is no int, or ``z`` no number.
        UsageError: not ``0 <= successes <= trials <= 2**63``, or ``z`` is not finite and > 0.

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    """
    successes, trials = _count("successes", successes), _count("trials", trials)
    if not 0 <= successes <= trials <= _MAX_TRIALS:
        raise UsageError(
            "wilson_interval() needs 0 <= successes <= trials <= 2**63, got "
            f"successes={describe(successes)} and trials={describe(trials)}"
        )
    if issubclass(type(z), float):  # numpy's float64 too, as the float it holds
        z = float.__float__(z)
    elif type(z) is not bool and issubclass(type(z), int):
        number = cast("int", plain_int(z))
        z = float(number) if abs(number) < 2**64 else math.inf  # never an OverflowError
    else:
        raise wrong_type("z", "an int or float", z)
    if not (math.isfinite(z) and z > 0):
        raise UsageError(f"z must be a finite number > 0, got {describe(z)}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    # The exact bounds at the extremes are 0 and 1; rounding would leave a few ulps.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def _quantile(sorted_values: Sequence[int], q: float) -> float:
    """Linear-interpolation quantile of already sorted values (NumPy's default method)."""
    n = len(sorted_values)
    pos = (n - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, n - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


@dataclass(frozen=True, slots=True)
class LengthStats:
    """Summary of game lengths (rounds, battles or skirmishes).

    >>> stats = LengthStats.of([3, 5, 5, 9], bins=2)
    >>> stats.mean, stats.median, stats.max, stats.histogram
    (5.5, 5.0, 9, ((3, 7, 3), (7, 11, 1)))
    """

    mean: float
    median: float
    p90: float
    p99: float
    max: int
    min: int
    histogram: tuple[tuple[int, int, int], ...]
    """Bins as ``(low, high, count)``: lengths ``low <= n < high``."""

    @classmethod
    def of(cls, lengths: Sequence[int], bins: int = 20) -> LengthStats:
        """Compute the statistics of ``lengths`` (at least one) with a histogram of at most
        ``bins`` bins (an int from 1 to 10,000).

        Raises:
            ArgumentTypeError: ``bins`` is no int, or ``lengths`` is no sequence of ints.
            UsageError: ``lengths`` is empty or cannot be read, or ``bins`` is out of range.
        """
        bins = _count("bins", bins)
        if not 1 <= bins <= _MAX_BINS:
            raise UsageError(f"bins must be an int from 1 to {_MAX_BINS:,}, got {describe(bins)}")
        values = _lengths(lengths)
        low, high = values[0], values[-1]
        width = max(1, math.ceil((high - low + 1) / bins))
        counts = Counter((v - low) // width for v in values)
        hist = tuple(
            (low + b * width, low + (b + 1) * width, counts.get(b, 0))
            for b in range((high - low) // width + 1)
        )
        return cls(
            mean=sum(values) / len(values),
            median=_quantile(values, 0.5),
            p90=_quantile(values, 0.9),
            p99=_quantile(values, 0.99),
            max=high,
            min=low,
            histogram=hist,
        )


def _lengths(lengths: object) -> list[int]:
    """``lengths`` read once and sorted as plain ints; none of a caller's int code runs."""
    if type(lengths) is array and lengths.typecode in "bBhHiIlLqQ":  # a report's own column
        values: list[int] = sorted(lengths)
    else:
        if issubclass(type(lengths), (str, bytes)) or not issubclass(type(lengths), Sequence):
            raise wrong_type("lengths", "a sequence of ints", lengths)
        try:
            items = list(lengths)  # type: ignore[call-overload]
        except Exception as exc:
            raise UsageError(f"lengths could not be read ({_type_name(exc)})") from exc
        values = sorted(
            item if type(item) is int else _count("each length", item) for item in items
        )
    if not values:
        raise UsageError("lengths must hold at least one game's length, got none")
    return values


@dataclass(frozen=True)
class LongDeal:
    """One of the longest deals of a run (``cardwars.simulate(..., keep_longest=K)``).

    Attributes:
        game: its number ``k`` in the run.
        seed: the seed it was dealt from, ``derive_seed(run seed, k)``: ``cardwars.play`` with
            the run's agents and this seed plays the very same game.
        length: its :attr:`~cardwars.engine.Result.length`, in
            :attr:`~cardwars.engine.Game.length_unit`.
        winner: the winning seat, or None.
        termination: how it ended, one of the game's terminations.
        figures: the game's own figures of it (:meth:`~cardwars.engine.Game.deal_figures`).
        notation: the deal in the game's notation (:meth:`~cardwars.engine.Game.deal_notation`).

    >>> import cardwars
    >>> report = cardwars.simulate("clone-war", ["random"] * 2, games=50, keep_longest=2)
    >>> [deal.length for deal in report.longest] == sorted(report.lengths)[-2:][::-1]
    True
    """

    game: int
    seed: int
    length: int
    winner: int | None
    termination: str
    figures: dict[str, int]
    notation: str

    def to_dict(self) -> dict[str, Any]:
        """Its fields as plain JSON-ready values."""
        return asdict(self)


@dataclass(frozen=True, eq=False)
class SimulationReport:
    """What :func:`cardwars.simulate` returns: per-game columns and their statistics.

    Attributes:
        game: the game's name (``"clone-war"`` …).
        players: the number of seats.
        agents: the agent names per seat: for an agent of one's own its ``name`` attribute if
            that is a str (cut to 80 characters), else its class's name.
        seed: the batch seed; game ``k`` was dealt from ``derive_seed(seed, k)``.
        rules: the rules options as a dict.
        terminations: the termination names; ``termination_codes[k]`` indexes it.
        lengths: game lengths, one per game (``array('q')``; ``numpy.asarray`` of a column is
            zero-copy).
        winners: the winning seat per game, ``-1`` for a draw (``array('b')``).
        termination_codes: the termination per game (``array('b')``).
        engine: ``"batch"`` when the game's batch loop ran, ``"play"`` when :func:`cardwars.play`
            played each game.
        backend: ``"compiled"`` or ``"python"``, the backend that ran.
        length_unit: what a game's length counts (:attr:`~cardwars.engine.Game.length_unit`:
            ``"rounds"``, ``"battles"`` …).
        longest: the longest deals kept (``keep_longest=``), longest first; equally long ones in
            the order they were dealt.

    >>> import cardwars
    >>> report = cardwars.simulate("aliwar", ["greedy", "random"], games=1000, seed=1)
    >>> report.games, report.wins[0] > report.wins[1], report.engine
    (1000, True, 'batch')
    """

    game: str
    players: int
    agents: tuple[str, ...]
    seed: int
    rules: dict[str, Any]
    terminations: tuple[str, ...] = field(compare=False)
    lengths: array[int]
    winners: array[int]
    termination_codes: array[int]
    engine: str = field(default="play", compare=False)
    backend: str = field(default="compiled", compare=False)
    length_unit: str = field(default="steps", compare=False)
    longest: tuple[LongDeal, ...] = ()
    _stats: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def games(self) -> int:
        """The number of games played."""
        return len(self.lengths)

    @property
    def wins(self) -> tuple[int, ...]:
        """Wins per seat."""
        counts = [0] * self.players
        for w in self.winners:
            if w >= 0:
                counts[w] += 1
        return tuple(counts)

    @property
    def win_rates(self) -> tuple[float, ...]:
        """Wins per seat as a fraction of all games."""
        return tuple(w / self.games for w in self.wins)

    @property
    def win_intervals(self) -> tuple[tuple[float, float], ...]:
        """Wilson 95 % interval of each seat's win rate."""
        return tuple(wilson_interval(w, self.games) for w in self.wins)

    @property
    def draws(self) -> int:
        """Games without a single winner."""
        return sum(1 for w in self.winners if w < 0)

    @property
    def draws_by_termination(self) -> dict[str, int]:
        """Drawn games counted by how they ended."""
        codes = zip(self.winners, self.termination_codes, strict=True)
        return dict(Counter(self.terminations[t] for w, t in codes if w < 0))

    @property
    def termination_counts(self) -> dict[str, int]:
        """All games counted by how they ended."""
        counts = dict.fromkeys(self.terminations, 0)
        for t in self.termination_codes:
            counts[self.terminations[t]] += 1
        return counts

    @property
    def length(self) -> LengthStats:
        """Statistics of the game lengths."""
        cached = self._stats.get("length")
        if cached is None:
            cached = self._stats["length"] = LengthStats.of(self.lengths)
        assert isinstance(cached, LengthStats)
        return cached

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain JSON-ready values (the per-game columns as lists)."""
        stats = self.length
        return {
            "game": self.game,
            "players": self.players,
            "agents": list(self.agents),
            "seed": self.seed,
            "rules": dict(self.rules),
            "games": self.games,
            "engine": self.engine,
            "backend": self.backend,
            "wins": list(self.wins),
            "win_rates": list(self.win_rates),
            "win_intervals": [list(i) for i in self.win_intervals],
            "draws": self.draws,
            "draws_by_termination": self.draws_by_termination,
            "terminations": self.termination_counts,
            "length": {**asdict(stats), "histogram": [list(b) for b in stats.histogram]},
            "length_unit": self.length_unit,
            "longest": [deal.to_dict() for deal in self.longest],
            "per_game": {
                "lengths": self.lengths.tolist(),
                "winners": self.winners.tolist(),
                "terminations": [self.terminations[t] for t in self.termination_codes],
            },
        }

    def to_json(self, **kwargs: Any) -> str:
        """:meth:`to_dict` as JSON text (``kwargs`` go to :func:`json.dumps`)."""
        return json.dumps(self.to_dict(), **kwargs)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimulationReport):
            return NotImplemented
        # Not how they ran (engine, backend), nor the cache: the fields with compare=False.
        return all(
            getattr(self, f.name) == getattr(other, f.name) for f in fields(self) if f.compare
        )

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        stats = self.length
        lines = [
            f"{self.game}, {self.players} players, {self.games:,} games "
            f"(seed {self.seed}, agents {', '.join(self.agents)}; "
            f"{self.engine} engine, {self.backend} backend)",
            "",
            f"{'seat':<6}{'wins':>12}{'rate':>9}   95% interval",
        ]
        for seat, (wins, (lo, hi)) in enumerate(zip(self.wins, self.win_intervals, strict=True)):
            lines.append(f"{seat:<6}{wins:>12,}{wins / self.games:>9.2%}   [{lo:.2%}, {hi:.2%}]")
        lines.append(f"{'draws':<6}{self.draws:>12,}{self.draws / self.games:>9.2%}")
        for name, count in self.termination_counts.items():
            lines.append(f"  ended by {name}: {count:,}")
        lines += [
            "",
            f"length ({self.length_unit}): mean {stats.mean:.2f}, median {stats.median:g}, "
            f"p90 {stats.p90:g}, p99 {stats.p99:g}, max {stats.max}",
        ]
        if self.longest:
            lines += ["", f"the {len(self.longest)} longest deals:"]
            for deal in self.longest:
                figures = "".join(f", {value} {name}" for name, value in deal.figures.items())
                lines.append(
                    f"  game {deal.game} (seed {deal.seed}): {deal.length} "
                    f"{self.length_unit}{figures}, {deal.termination}: {deal.notation}"
                )
        return "\n".join(lines)
