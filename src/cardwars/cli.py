"""The ``cardwars`` command (also ``python -m cardwars``).

For now it runs the demo: a seeded deal of each game, played to the end by
random agents, with a one-line summary per game.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

import cardwars
from cardwars.engine import GameState

__all__ = ["main"]


def _cards(cards: Sequence[Any]) -> str:
    return " ".join(card.unicode() for card in cards) or "-"


def _describe_deal(name: str, state: GameState[Any]) -> list[str]:
    """The god's-eye deal of each game, drawn from the contract's state attributes."""
    lines: list[str] = []
    if name == "aliwar":
        for seat in range(state.players):
            stacks = "  ".join(f"S{i + 1}[{_cards(s)}]" for i, s in enumerate(state.stacks[seat]))  # type: ignore[attr-defined]
            lines.append(f"  P{seat}: P={state.protection[seat].unicode()}  {stacks}")  # type: ignore[attr-defined]
    elif name == "clone-war":
        for seat in range(state.players):
            pile = state.piles[seat]  # type: ignore[attr-defined]
            lines.append(f"  P{seat}: {len(pile)} cards, top {_cards(pile[:6])} …")
    else:
        for seat in range(state.players):
            hand = state.hands[seat]  # type: ignore[attr-defined]
            draw = state.draw_piles[seat]  # type: ignore[attr-defined]
            lines.append(f"  P{seat}: hand {_cards(hand)}, draw pile {len(draw)} cards")
    return lines


def demo(seed: int, out: Any = sys.stdout) -> None:
    """Deal each game from ``seed``, show the deal, and play it with random agents."""
    print(f"cardwars {cardwars.__version__} ({cardwars.BACKEND} core), seed {seed}", file=out)
    for name in cardwars.game_names():
        game = cardwars.load_game(name)
        print(f"\n{name}: the deal", file=out)
        for line in _describe_deal(name, game.new_game(seed)):
            print(line, file=out)
        final = cardwars.play(game, ["random"] * game.players, seed=seed)
        result = final.result
        assert result is not None
        who = "draw" if result.is_draw else "won by P" + ",".join(map(str, sorted(result.winners)))
        print(
            f"  played by random agents: {who} ({result.termination}) after {result.length} steps",
            file=out,
        )


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``cardwars`` command; returns the exit status."""
    parser = argparse.ArgumentParser(prog="cardwars", description=__doc__)
    parser.add_argument("--seed", type=int, default=42, help="the deal's seed (default 42)")
    args = parser.parse_args(argv)
    if not 0 <= args.seed < 2**64:
        parser.error(f"--seed must be in [0, 2**64), got {args.seed}")
    demo(args.seed)
    return 0
