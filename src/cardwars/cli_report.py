"""How the command line shows a simulation: its rich tables and its matplotlib figure.

Both are optional extras: rich (``pip install 'cardwars[cli]'``) and matplotlib
(``pip install 'cardwars[plot]'``); a missing one is a :class:`CliError`, which the
command prints as one line (:mod:`cardwars.cli`).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from cardwars.report import SimulationReport

__all__ = [
    "CliError",
    "longest_table",
    "plot",
    "pyplot",
    "report_table",
    "require_rich",
    "summary_table",
]


class CliError(Exception):
    """A user-facing error: printed as one line, exit status 2."""


def require_rich() -> ModuleType:
    try:
        import rich
    except ImportError:
        raise CliError(
            "this command needs rich for its tables and progress bars: pip install 'cardwars[cli]'"
        ) from None
    return rich


def report_table(report: SimulationReport) -> Any:
    from rich.table import Table

    table = Table(
        title=f"{report.game} · {report.players} players · {report.games:,} games",
        caption=f"seed {report.seed} · {report.engine} engine, {report.backend} backend",
    )
    for column in ("seat", "agent", "wins", "rate", "95% interval"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for seat, (wins, (lo, hi)) in enumerate(zip(report.wins, report.win_intervals, strict=True)):
        table.add_row(
            str(seat),
            report.agents[seat],
            f"{wins:,}",
            f"{wins / report.games:.2%}",
            f"{lo:.2%} – {hi:.2%}",
        )
    table.add_row("draws", "", f"{report.draws:,}", f"{report.draws / report.games:.2%}", "")
    return table


def summary_table(report: SimulationReport) -> Any:
    from rich.table import Table

    stats = report.length
    table = Table(title="game length and endings", show_header=False)
    table.add_column("what")
    table.add_column("value", justify="right")
    for label, value in (
        ("mean", f"{stats.mean:.2f}"),
        ("median", f"{stats.median:g}"),
        ("p90", f"{stats.p90:g}"),
        ("p99", f"{stats.p99:g}"),
        ("max", f"{stats.max}"),
    ):
        table.add_row(f"length {label}", value)
    for name, count in report.termination_counts.items():
        table.add_row(f"ended by {name}", f"{count:,}")
    return table


def pyplot() -> ModuleType:
    """matplotlib's pyplot on the Agg backend (a CliError saying how to install it if missing)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise CliError("--plot needs matplotlib: pip install 'cardwars[plot]'") from None
    return plt


def plot(report: SimulationReport, path: str) -> None:
    plt = pyplot()
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    hist = report.length.histogram
    left.bar(
        [lo for lo, _, _ in hist],
        [c for _, _, c in hist],
        width=[hi - lo for lo, hi, _ in hist],
        align="edge",
        color="#4c72b0",
    )
    left.set_xlabel("game length")
    left.set_ylabel("games")
    left.set_title(f"{report.game}: game length ({report.games:,} games)")
    seats = [f"seat {s}\n{a}" for s, a in enumerate(report.agents)] + ["draw"]
    rates = [*report.win_rates, report.draws / report.games]
    errors = [
        [r - lo for r, (lo, _) in zip(report.win_rates, report.win_intervals, strict=True)] + [0],
        [hi - r for r, (_, hi) in zip(report.win_rates, report.win_intervals, strict=True)] + [0],
    ]
    right.bar(seats, rates, yerr=errors, capsize=4, color="#55a868")
    right.set_ylabel("share of games")
    right.set_title("wins per seat (95% Wilson intervals)")
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=110)
    except (OSError, ValueError) as exc:  # ValueError: e.g. a format whose writer is missing
        why = getattr(exc, "strerror", None) or exc
        raise CliError(f"cannot write the plot {path!r}: {why}") from None
    finally:
        plt.close(fig)


def longest_table(report: SimulationReport) -> Any:
    from rich.table import Table

    names = list(dict.fromkeys(name for deal in report.longest for name in deal.figures))
    table = Table(title=f"the {len(report.longest)} longest deals")
    for column in ("game", "seed", report.length_unit, *names, "ended by", "deal"):
        table.add_column(column, justify="left" if column in ("ended by", "deal") else "right")
    for deal in report.longest:
        table.add_row(
            str(deal.game),
            str(deal.seed),
            f"{deal.length:,}",
            *(f"{deal.figures[name]:,}" if name in deal.figures else "" for name in names),
            deal.termination,
            deal.notation,
        )
    return table
