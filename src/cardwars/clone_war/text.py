"""Clone War as text, for the ``cardwars`` command (``play`` and ``replay``).

Nobody decides anything in Clone War (CW-8), so there is no move notation:
``cardwars play clone-war`` deals and plays the game to its end, describing
every battle.

>>> from cardwars.clone_war import State
>>> from cardwars.clone_war.text import describe_event, render_observation
>>> state = State.from_piles([["KC", "JC", "QC", "QD"], ["KD", "KH", "JD", "JH"]])
>>> for event in state.apply({}):
...     print(describe_event(event))
battle 1: P0 KC, P1 KD
war stage 1: P0, P1
P0 places a card face down and QC face up
P1 places a card face down and JD face up
P0 takes the pot (6 cards)
>>> print(render_observation(state.observation(0)))
battle 1, 1 war stage · piles: P0 7, P1 1 · dead pile 0 · shown: P0 KC, P1 KD, P0 QC, P1 JD
"""

from __future__ import annotations

from collections.abc import Sequence

from cardwars.clone_war.moves import (
    CardsFlipped,
    CloneWarObservation,
    Forfeited,
    GameOver,
    LastCardShown,
    PlayersEliminated,
    PotCollected,
    PotSplit,
    WarCardsPlaced,
    WarStarted,
)
from cardwars.clone_war.state import State
from cardwars.engine import Event, Move
from cardwars.errors import IllegalMoveError

__all__ = [
    "NOTATION",
    "describe_event",
    "format_move",
    "parse_move",
    "render_observation",
    "render_state",
]

NOTATION = (
    "Clone War has no moves: every battle plays itself (CW-8). The game runs to its end on its own."
)


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(f"P{s}" for s in seats)


def format_move(move: Move) -> str:
    """Clone War has no moves; any move is shown as its ``repr``.

    >>> from cardwars.aliwar import Decline
    >>> from cardwars.clone_war.text import format_move
    >>> format_move(Decline())  # a move of another game, as Clone War has none
    'Decline()'
    """
    return repr(move)


def parse_move(text: str, legal: Sequence[Move]) -> Move:
    """There is nothing to parse in Clone War.

    Raises:
        IllegalMoveError: always, naming the text.

    >>> from cardwars.clone_war.text import parse_move
    >>> parse_move("flip", [])
    Traceback (most recent call last):
    ...
    cardwars.errors.IllegalMoveError: Clone War has no moves, so 'flip' is not one; ...
    """
    raise IllegalMoveError(f"Clone War has no moves, so {text!r} is not one; {NOTATION}")


def describe_event(event: Event) -> str | None:
    """One line describing ``event``, or None for an event that needs no words.

    >>> from cardwars.clone_war import PotSplit, State
    >>> from cardwars.clone_war.text import describe_event
    >>> describe_event(PotSplit(seats=(0, 1), cards_each=1, to_dead=1))
    'still tied: the pot is shuffled and split among P0, P1, 1 to the dead pile'
    >>> print(describe_event(State.from_piles([["KC"], ["QD"]]).apply({})[-1]))  # GameOver
    None
    """
    if isinstance(event, CardsFlipped):
        shown = ", ".join(f"P{s} {card}" for s, card in event.cards)
        return f"battle {event.battle}: {shown}"
    if isinstance(event, WarStarted):
        return f"war stage {event.stage}: {_seats(event.seats)}"
    if isinstance(event, WarCardsPlaced):
        return f"P{event.seat} places a card face down and {event.face_up} face up"
    if isinstance(event, Forfeited):
        where = "the dead pile" if event.to_dead else "the pot"
        return f"P{event.seat} is short and forfeits {event.cards} card(s) to {where}"
    if isinstance(event, LastCardShown):
        how = "plays" if event.played else "stands on"
        return f"P{event.seat} {how} {event.card}"
    if isinstance(event, PotSplit):
        dead = f", {event.to_dead} to the dead pile" if event.to_dead else ""
        return f"still tied: the pot is shuffled and split among {_seats(event.seats)}{dead}"
    if isinstance(event, PotCollected):
        how = " (shuffled)" if event.shuffled else ""
        return f"P{event.seat} takes the pot ({event.cards} cards){how}"
    if isinstance(event, PlayersEliminated):
        return f"{_seats(event.seats)} out of cards: place {event.place}"
    if isinstance(event, GameOver):
        return None  # the command prints the result itself
    return None


def render_observation(observation: CloneWarObservation) -> str:
    """The public facts (CW-8) on one line.

    >>> from cardwars.clone_war import CloneWar
    >>> from cardwars.clone_war.text import render_observation
    >>> print(render_observation(CloneWar(players=3).new_game(seed=7).observation(0)))
    battle 0, 0 war stages · piles: P0 16, P1 16, P2 16 · dead pile 0
    """
    sizes = ", ".join(f"P{s} {n}" for s, n in enumerate(observation.pile_sizes))
    wars = f"{observation.wars} war stage" + ("" if observation.wars == 1 else "s")
    line = (
        f"battle {observation.battles}, {wars} · piles: {sizes} · dead pile {observation.dead_size}"
    )
    if observation.face_up:
        line += " · shown: " + ", ".join(f"P{s} {c}" for s, c in observation.face_up)
    return line


def render_state(state: State) -> str:
    """Every pile, top first, and the dead pile (god's-eye, for replays).

    >>> from cardwars.clone_war import State
    >>> from cardwars.clone_war.text import render_state
    >>> print(render_state(State.from_piles([["KC", "JC"], ["QD"]])))
    P0 (2): KC JC
    P1 (1): QD
    dead (0): -
    """
    lines = [
        f"P{s} ({len(pile)}): " + (" ".join(str(c) for c in pile) or "-")
        for s, pile in enumerate(state.piles)
    ]
    lines.append(f"dead ({len(state.dead)}): " + (" ".join(str(c) for c in state.dead) or "-"))
    return "\n".join(lines)
