"""The ``cardwars`` command (also ``python -m cardwars``), described in docs/cli.rst."""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import functools
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, cast

import cardwars
from cardwars import backend, records, registry
from cardwars.cli_report import (
    CliError,
    longest_table,
    plot,
    pyplot,
    report_table,
    require_rich,
    summary_table,
)
from cardwars.engine import Agent, Game, GameState, GameText, Move
from cardwars.errors import CardwarsError, IllegalMoveError, RecordError, clip, one_line
from cardwars.registry import game_class, game_names, load_game
from cardwars.report import SimulationReport
from cardwars.rules_text import rules_text

__all__ = ["main"]

# An error message is printed on one line of at most this many characters.
_MAX_ERROR = 1000


def _check_output(path: str, option: str) -> None:
    """Fail now, before any game, if ``path`` cannot be written at the end (not created)."""
    try:
        target = Path(path)
        if target.is_dir():
            raise CliError(f"{option} {path!r} is a directory; give a file name")
        parent = target.parent
        if not parent.is_dir():
            raise CliError(f"{option} {path!r}: the directory {str(parent)!r} does not exist")
        writable = (
            os.access(target, os.W_OK) if target.exists() else os.access(parent, os.W_OK | os.X_OK)
        )
    except (OSError, ValueError) as exc:  # e.g. a name too long, or with a NUL byte
        raise CliError(f"{option} {path!r} is not a usable file name: {exc}") from None
    if not writable:
        raise CliError(f"{option} {path!r} cannot be written: permission denied")


def _check_plot(path: str) -> None:
    """Before any game: matplotlib is there and can write ``path``'s format."""
    pyplot()  # matplotlib is there, on the Agg backend (else a CliError)
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    formats = FigureCanvasAgg.get_supported_filetypes()
    suffix = Path(path).suffix.lower().removeprefix(".")
    if suffix and suffix not in formats:
        raise CliError(
            f"--plot cannot write {suffix!r} files; use one of: {', '.join(sorted(formats))}"
        )
    _check_output(path, "--plot")


# --- options -------------------------------------------------------------------------------


def _parse_value(text: str) -> Any:
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text.strip()


def _game_from_args(name: str, players: int | None, options: Sequence[str]) -> Game[Any, Any]:
    game_class(name)  # an unknown name, or a plugin that cannot be used, says so first
    kwargs: dict[str, Any] = {}
    for option in options:
        key, sep, value = option.partition("=")
        if not sep or not key.strip():
            raise CliError(f"--option takes NAME=VALUE, got {option!r}")
        kwargs[key.strip().replace("-", "_")] = _parse_value(value)
    if players is not None:
        kwargs["players"] = players
    return load_game(name, **kwargs)


def _agent_list(text: str, game: Game[Any, Any], players: int, what: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise CliError(f"{what} needs 1 or {players} comma-separated names, got {text!r}")
    for n in names:
        if n not in game.agents:
            raise CliError(
                f"unknown agent {n!r} for {game.name}; the agents are: {', '.join(game.agents)}"
            )
    return names


# --- simulate ------------------------------------------------------------------------------


def _cmd_simulate(args: argparse.Namespace) -> int:
    from cardwars.simulate import MAX_KEEP, MAX_WORKERS

    game = _game_from_args(args.game, args.players, args.option)
    agents = _agent_list(args.agents, game, game.players, "--agents")
    if args.workers > MAX_WORKERS:  # before the progress bar starts
        raise CliError(
            f"--workers must be an int from 1 to MAX_WORKERS = {MAX_WORKERS} (four per CPU), "
            f"got {args.workers}"
        )
    if args.save_longest and not args.keep_longest:
        raise CliError("--save-longest DIR saves the deals that --keep-longest K keeps; give both")
    if args.keep_longest > MAX_KEEP:
        raise CliError(
            f"--keep-longest must be at most MAX_KEEP = {MAX_KEEP}, got {args.keep_longest}"
        )
    # Everything needed at the end is checked now, so no run is lost to it.
    if args.save_longest:
        _check_directory(args.save_longest, "--save-longest")
    if args.json:
        _check_output(args.json, "--json")
    if args.plot:
        _check_plot(args.plot)
    require_rich()  # after the arguments, so a typo is reported first
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    console = Console()
    started = time.perf_counter()
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(f"simulating {game.name}", total=args.games)
        report = cardwars.simulate(
            game,
            agents,
            games=args.games,
            seed=args.seed,
            workers=args.workers,
            progress=lambda done, total: bar.update(task, completed=done),
            keep_longest=args.keep_longest,
        )
    seconds = time.perf_counter() - started
    console.print(report_table(report))
    console.print(summary_table(report))
    if report.longest:
        console.print(longest_table(report))
    console.print(
        f"{report.games:,} games in {seconds:.2f} s ({report.games / seconds:,.0f} games/s, "
        f"{args.workers} worker{'s' if args.workers > 1 else ''})"
    )
    if args.json:
        _write(args.json, report.to_json(indent=1))
        console.print(f"report written to {args.json}")
    if args.plot:
        plot(report, args.plot)
        console.print(f"plot written to {args.plot}")
    if args.save_longest:
        for path in _save_longest(game, agents, report, args.save_longest):
            console.print(f"record written to {path}")
    return 0


def _check_directory(path: str, option: str) -> None:
    """Fail now, before any game is played, unless ``path`` is a writable directory."""
    target = Path(path)
    if not target.is_dir():
        raise CliError(f"{option} {path!r} is no directory; create it first")
    if not os.access(target, os.W_OK | os.X_OK):
        raise CliError(f"{option} {path!r} cannot be written: permission denied")


def _save_longest(
    game: Game[Any, Any], agents: list[str], report: SimulationReport, directory: str
) -> list[str]:
    """Write each kept deal as a game record (``cardwars replay`` plays it back)."""
    written = []
    for rank, deal in enumerate(report.longest, start=1):
        final = cardwars.play(game, agents, seed=deal.seed)
        path = str(Path(directory) / f"{game.name}-longest-{rank}-game-{deal.game}.json")
        _write(path, records.dumps(final, agents=agents, indent=1))
        written.append(path)
    return written


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot write {path!r}: {exc.strerror or exc}") from None


# --- play ----------------------------------------------------------------------------------


def _print_events(text: GameText, events: Sequence[Any], out: IO[str]) -> None:
    for event in events:
        line = text.describe(event)
        if line:
            print(f"  · {line}", file=out)


_CARD = r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[{suits}][0-3]?(?![A-Za-z0-9])"


class _ColourOut:
    """A stream for ``print(file=...)`` through rich, cards in colour (``play`` at a tty)."""

    def __init__(self) -> None:
        from rich.console import Console

        self._console = Console(highlight=False)

    def write(self, text: str) -> int:
        from rich.text import Text

        shown = Text(text)
        shown.highlight_regex(_CARD.format(suits="DH"), "bold red")
        shown.highlight_regex(_CARD.format(suits="CS"), "bold")
        self._console.print(shown, end="", soft_wrap=True)
        return len(text)

    def flush(self) -> None:
        self._console.file.flush()


def _play_output() -> IO[str]:
    if sys.stdout.isatty():
        try:
            return cast("IO[str]", _ColourOut())
        except ImportError:
            pass
    return sys.stdout


class _QuitRequestedError(Exception):
    """The player typed ``quit``: stop the game (and save it with ``--save``)."""


def _ask(
    seat: int, state: GameState[Any], text: GameText, read: Callable[[], str | None], out: IO[str]
) -> Move:
    legal = state.legal_moves(seat)
    print(text.render(state.observation(seat)), file=out)
    if len(legal) == 1:
        print(f"your only move: {text.label(legal[0])}", file=out)
        return legal[0]
    print("moves: " + ", ".join(text.label(m) for m in legal), file=out)
    while True:
        print(f"seat {seat}> ", end="", file=out, flush=True)
        line = read()
        if line is None:
            raise CliError("input ended before the game did")
        line = line.strip()
        if not line:
            continue
        if line.lower() in ("help", "?"):
            print(text.NOTATION, file=out)
            board = getattr(text, "BOARD", None)  # a game's legend of its board's symbols
            if isinstance(board, str):
                print(board, file=out)
            continue
        if line.lower() in ("quit", "exit"):
            raise _QuitRequestedError
        try:
            return cast("Move", text.parse(line, state, seat))
        except IllegalMoveError as exc:
            print(f"  {exc}\n  {_typo_hint(line)}", file=out)


_COMMANDS = ("help", "quit", "exit")


def _typo_hint(line: str) -> str:
    """What to type after a line that is neither a move nor a command."""
    close = difflib.get_close_matches(line.lower(), _COMMANDS, n=1, cutoff=0.6)
    mean = f"did you mean '{close[0]}'? " if close else ""
    return f"{mean}type 'help' for the move notation, 'quit' to stop"


def _cmd_play(args: argparse.Namespace) -> int:
    game = _game_from_args(args.game, args.players, args.option)
    if not 0 <= args.seat < game.players:
        raise CliError(f"--seat must be 0..{game.players - 1}, got {args.seat}")
    default = "greedy" if "greedy" in game.agents else "random"
    opponents = (
        _agent_list(args.opponents or default, game, game.players - 1, "--opponents")
        if game.players > 1
        else []
    )
    names = [*opponents[: args.seat], "human", *opponents[args.seat :]]
    if args.save:
        _check_output(args.save, "--save")  # before the game, not after it
    text = game.text
    state = _start_of(args, game) if args.start else game.new_game(args.seed)
    from cardwars.agents import agent_by_name

    agents: dict[int, Agent] = {
        seat: agent_by_name(name, game) for seat, name in enumerate(names) if seat != args.seat
    }
    rngs = {seat: backend.core.Rng(cardwars.derive_seed(state.seed, 1 + seat)) for seat in agents}
    out = _play_output()

    echo = not sys.stdin.isatty()

    def read() -> str | None:
        line = sys.stdin.readline()
        if line and echo:
            print(line.rstrip("\n"), file=out)  # piped input: show it after the prompt
        return line if line else None

    print(
        f"{game.name}: you are seat {args.seat}; opponents {', '.join(opponents)}; "
        f"seed {state.seed}. Type 'help' for the notation.",
        file=out,
    )
    try:
        while not state.is_over:
            moves: dict[int, Move] = {
                seat: _ask(seat, state, text, read, out)
                if seat == args.seat
                else agents[seat].choose(
                    state.information(seat), state.legal_moves(seat), rngs[seat]
                )
                for seat in sorted(state.to_act)
            }
            _print_events(text, state.apply(moves), out)
    except _QuitRequestedError:
        steps = len(state.history)
        print(f"game stopped after {steps} step{'' if steps == 1 else 's'}", file=out)
        _save(args.save, state, names, out)
        return 0
    result = state.result
    assert result is not None
    unit = game.length_unit
    if result.is_draw:
        print(f"game over: a draw ({result.termination}) after {result.length} {unit}", file=out)
    else:
        who = ", ".join(f"seat {w}" for w in sorted(result.winners))
        mine = " — you win!" if args.seat in result.winners else ""
        print(
            f"game over: {who} won ({result.termination}) after {result.length} {unit}{mine}",
            file=out,
        )
    _save(args.save, state, names, out)
    return 0


def _start_of(args: argparse.Namespace, game: Game[Any, Any]) -> GameState[Any]:
    """The first position of the record ``--start`` names: its game, rules and seed."""
    if args.seed is not None or args.option or args.players is not None:
        raise CliError("--start takes the deal, the rules and the players from the record")
    state = records.loads(_read_record(args.start, records.MAX_BYTES))
    if state.game_name != game.name:
        raise CliError(f"--start: the record is a game of {state.game_name}, not of {game.name}")
    while state.history:
        state.undo()
    return state


def _save(path: str | None, state: GameState[Any], names: list[str], out: IO[str]) -> None:
    if path:
        _write(path, records.dumps(state, agents=names, indent=1))
        print(f"record saved to {path}", file=out)


# --- replay --------------------------------------------------------------------------------


def _read_record(path: str, max_bytes: int) -> str:
    """The text of the record file ``path``; a CliError that names it if it cannot be read."""
    try:
        # In chunks, never past the cap: an endless file (/dev/zero) stops there.
        return records.read(path, max_bytes=max_bytes).decode("utf-8")
    except OSError as exc:
        raise CliError(f"cannot read {path!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise CliError(f"{path!r} is not a text file") from None
    except RecordError as exc:
        raise CliError(f"{path!r}: {exc} (--max-record-bytes)") from None


def _cmd_replay(args: argparse.Namespace) -> int:
    raw = _read_record(args.file, args.max_record_bytes)
    steps = records.replay(raw, max_bytes=args.max_record_bytes)  # validates it all first
    first = steps[0][0]
    if args.seat is not None and not 0 <= args.seat < first.players:
        raise CliError(f"--seat must be 0..{first.players - 1}, got {args.seat}")
    text = game_class(first.game_name).text
    out = sys.stdout

    def show(state: GameState[Any]) -> None:
        if args.seat is None:
            print(text.render_state(state), file=out)
        else:
            print(text.render(state.observation(args.seat)), file=out)

    # Step by step at a terminal: Enter shows the next step, q stops; --all (or a pipe)
    # prints the whole game at once.
    stepping = not args.all and sys.stdin.isatty()
    print(f"{first.game_name}, {first.players} players, seed {first.seed}", file=out)
    show(first)
    for index, (state, moves, events) in enumerate(steps[1:], start=1):
        if stepping:
            print(
                f"[step {index} of {len(steps) - 1}: Enter for the next, q to stop] ",
                end="",
                file=out,
                flush=True,
            )
            answer = sys.stdin.readline()
            if not answer or answer.strip().lower() in ("q", "quit", "exit"):
                print(file=out)
                return 0
        shown = ", ".join(f"seat {s}: {text.label(m)}" for s, m in moves.items())
        print(f"\nstep {index}" + (f" — {shown}" if shown else ""), file=out)
        _print_events(text, events, out)
        show(state)
    return 0


# --- rules and demo ------------------------------------------------------------------------


def _cmd_rules(args: argparse.Namespace) -> int:
    names = [args.game] if args.game else list(game_names())
    failed: list[str] = []
    for name in names:
        try:
            cls = game_class(name)
            text = rules_text(name)
        except CardwarsError as exc:
            if args.game:
                raise
            failed.append(one_line(exc, _MAX_ERROR))  # a plugin: the others still print
            continue
        print(text)
        print(
            f"Options of {name} (fields of {cls.__module__}.Rules; set with --option NAME=VALUE):"
        )
        for field in dataclasses.fields(cls.rules_type):
            print(f"  {field.name} = {field.default!r}")
        print()
    for message in failed:
        print(f"cardwars: error: {message}", file=sys.stderr)
    return 2 if failed else 0


def _cmd_schema(args: argparse.Namespace) -> int:
    from cardwars import wire

    print(json.dumps(wire.schema(load_game(args.game)), indent=2))
    return 0


def _cmd_games(args: argparse.Namespace) -> int:
    """Every game: the built-in ones, then each plugin entry point and whether it loads."""
    print("built-in games:")
    for name in registry.BUILTIN:
        cls = game_class(name)
        print(f"  {name:<20} {cls.min_players}-{cls.max_players} players")
    found = registry.plugins()
    print("games of installed distributions (entry-point group cardwars.games):")
    if not found:
        print("  (none)")
    status = 0
    for plugin in found:
        where = f"{plugin.entry_point} [{plugin.distribution}]"
        if plugin.problem is not None:
            print(
                f"  {plugin.name[:40]:<20} left out: {clip(plugin.problem, _MAX_ERROR)} ({where})"
            )
            status = 2
            continue
        try:
            cls = game_class(plugin.name)
        except CardwarsError as exc:
            print(f"  {plugin.name:<20} broken: {one_line(exc, _MAX_ERROR)}")
            status = 2
            continue
        print(f"  {plugin.name:<20} {cls.min_players}-{cls.max_players} players ({where})")
    return status


def _cmd_demo(args: argparse.Namespace) -> int:
    seed = args.seed
    print(f"cardwars {cardwars.__version__} ({cardwars.BACKEND} core), seed {seed}")
    status = 0
    for name in game_names():
        try:
            game = load_game(name)
        except CardwarsError as exc:  # a plugin that cannot be used: the others still play
            print(f"cardwars: error: {one_line(exc, _MAX_ERROR)}", file=sys.stderr)
            status = 2
            continue
        print(f"\n{name}: the deal")
        for line in game.describe_deal(game.new_game(seed)):
            print(f"  {line}")
        result = cardwars.play(game, ["random"] * game.players, seed=seed).result
        assert result is not None
        who = (
            "a draw" if result.is_draw else "won by P" + ",".join(map(str, sorted(result.winners)))
        )
        print(
            f"  played by random agents: {who} ({result.termination}) "
            f"after {result.length} {game.length_unit}"
        )
    return status


# --- entry point ---------------------------------------------------------------------------


def _seed(text: str) -> int:
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is an integer, got {text!r}") from None
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError(f"a seed is in [0, 2**64), got {value}")
    return value


def _at_least(low: int, words: str, text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {words}, got {text!r}") from None
    if value < low:
        raise argparse.ArgumentTypeError(f"expected {words}, got {value}")
    return value


_count = functools.partial(_at_least, 0, "an integer >= 0")
_positive = functools.partial(_at_least, 1, "a positive integer")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``cardwars`` command."""
    parser = argparse.ArgumentParser(
        prog="cardwars",
        description="Play, simulate and replay Aliwar, Clone War and WAR: Guerrilla Tactics.",
    )
    parser.add_argument("--version", action="version", version=f"cardwars {cardwars.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    games = ", ".join(game_names())

    def add_game(command: argparse.ArgumentParser, players: str) -> None:
        command.add_argument("game", metavar="GAME", help=games)
        command.add_argument("--players", type=_positive, help=players)
        command.add_argument(
            "--option",
            "-o",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a rules option",
        )

    sim = sub.add_parser("simulate", help="simulate many games and print the report")
    add_game(sim, "number of players (Clone War and Guerrilla: 2-4)")
    sim.add_argument(
        "--agents", default="random", help="agent names per seat, comma-separated (default random)"
    )
    sim.add_argument(
        "--games", type=_positive, default=10_000, help="number of games (default 10000)"
    )
    sim.add_argument("--seed", type=_seed, default=0, help="batch seed (default 0)")
    sim.add_argument("--workers", type=_positive, default=1, help="worker processes (default 1)")
    sim.add_argument("--json", metavar="FILE", help="also write the report as JSON")
    sim.add_argument(
        "--plot", metavar="FILE.png", help="also draw lengths and win rates (matplotlib)"
    )
    sim.add_argument(
        "--keep-longest",
        type=_count,
        default=0,
        metavar="K",
        help="also show the K longest deals, with their seeds and figures (default 0)",
    )
    sim.add_argument(
        "--save-longest",
        metavar="DIR",
        help="write each kept deal as a game record into DIR (cardwars replay plays it back)",
    )
    sim.set_defaults(func=_cmd_simulate)

    play = sub.add_parser("play", help="play a game in the terminal against built-in agents")
    add_game(play, "number of players")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument(
        "--opponents",
        default=None,
        help="opponent agents, comma-separated (default greedy where the game has it, else random)",
    )
    play.add_argument("--seed", type=_seed, default=None, help="the deal (default: random)")
    play.add_argument("--save", metavar="FILE", help="write the game record (JSON) at the end")
    play.add_argument(
        "--start",
        metavar="RECORD",
        help="play from the start of a game record (its deal, or a hand-built position "
        "such as two hands in a game's notation) instead of a fresh deal",
    )
    play.set_defaults(func=_cmd_play)

    rep = sub.add_parser("replay", help="step through a saved game record")
    rep.add_argument("file", metavar="FILE")
    rep.add_argument(
        "--seat", type=int, default=None, help="show one seat's view instead of the whole table"
    )
    rep.add_argument(
        "--all", action="store_true", help="print every step at once instead of one per Enter"
    )
    rep.add_argument(
        "--max-record-bytes",
        type=_positive,
        default=records.MAX_BYTES,
        metavar="N",
        help=f"refuse a record larger than N bytes (default {records.MAX_BYTES}, 64 MiB)",
    )
    rep.set_defaults(func=_cmd_replay)

    rules = sub.add_parser(
        "rules", help="print the rules clauses and the options with their defaults"
    )
    rules.add_argument("game", metavar="GAME", nargs="?", help=games)
    rules.set_defaults(func=_cmd_rules)

    schema = sub.add_parser(
        "schema", help="print the JSON Schema of a game's moves, events and observations"
    )
    schema.add_argument("game", metavar="GAME", help=games)
    schema.set_defaults(func=_cmd_schema)

    listing = sub.add_parser(
        "games", help="list the games: built in, and registered by installed distributions"
    )
    listing.set_defaults(func=_cmd_games)

    demo = sub.add_parser("demo", help="deal and play one game of each, with random agents")
    demo.add_argument("--seed", type=_seed, default=42, help="the seed (default 42)")
    demo.set_defaults(func=_cmd_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``cardwars`` command; returns the exit status.

    >>> main(["rules", "chess"])
    2
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        status: int = args.func(args)
    except (CliError, CardwarsError) as exc:
        message = clip(" ".join(str(exc).splitlines()), _MAX_ERROR)  # one line, whatever it is
        print(f"cardwars: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cardwars: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `cardwars rules | head`): not an error of ours.
        sys.stderr.close()
        return 0
    return status
