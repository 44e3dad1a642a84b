"""Plain terminal text for Aliwar: :class:`AliwarText`, the table as text and a move notation.

:data:`TEXT` is :attr:`Aliwar.text <cardwars.aliwar.Aliwar.text>`; it never shows a card the
seat may not know. The notation and the boards: :doc:`/games/aliwar` (playing in a terminal).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from cardwars.actions import illegal_text
from cardwars.aliwar.moves import (
    PROTECTION,
    STACKS,
    AliwarMove,
    AliwarObservation,
    CardKept,
    CardsDealt,
    CardsDiscarded,
    CardsReturned,
    ConflictResolved,
    Decline,
    GameOver,
    Keep,
    KeepDeclined,
    Phase,
    StackEmptied,
    Switch,
    SwitchesRevealed,
    TopsFlipped,
)
from cardwars.aliwar.state import State
from cardwars.cards import Card
from cardwars.engine import Event, Move, Result
from cardwars.errors import describe

__all__ = ["BOARD", "NOTATION", "TEXT", "AliwarText"]

NOTATION = """\
Aliwar moves (capitals or not, spaces optional):
  switch   two of your six face-up positions: stacks 0-4 or P (protection),
           e.g. "1 P" or "0 3"; "none" is no switch, where that option is on
  keep     "keep <card> <stack>", e.g. "keep QD 2": the card (rank 2-9, T or 10,
           J, Q, K, A, then suit C, D, H, S) goes face down under that stack;
           a forced refill may leave out the stack: "keep QD"
  decline  "decline" keeps none of the cards you won
Stacks are numbered 0-4 left to right for both players, as in Python and the JSON,
so stack 2 faces stack 2."""
"""How a person types each kind of move (shown by ``cardwars play``)."""

BOARD = """\
Reading the board (your row last, the opponent's above it):
  0 1 2 3 4 P  the columns: stacks 0-4, then P, the protection position
  P0 (you)     your row; P1 is the opponent's
  QD           the top card of a stack, face up
  QD*          a protected card: its suit is the suit of its owner's protection
               card (AW-5.2)
  [QD]         a face-down top card you saw before (view_recall="perfect")
  ??           a face-down top card you do not know
  --           an empty stack
  (5)          the number of cards in the stack
  AD (under P) the protection card
  middle       the cards each player won this round (in the keep phase)
  discard      the discard pile; - for none
  QD@3         a face-down card known below a top: QD, third from the top
In a replay's whole-table view: "protection AD" is a player's protection card,
"2: QD | 7C 3H" is stack 2 with its face-up top before the | and the face-down
cards after it, top first, and "(empty)" an empty stack."""
"""How to read :meth:`AliwarText.render` and :meth:`AliwarText.render_state` (shown by
``help`` in ``cardwars play``, after :data:`NOTATION`)."""

_CELL = 10  # the width of one stack's cell in the grids
_NULL_WORDS = frozenset({"none", "no switch", "noswitch", "null", "pass", "-"})
_DECLINE_WORDS = frozenset({"decline", "no", "none", "pass", "nothing", "-"})
_SEPARATORS = re.compile(r"[\s,;/&+-]+|\b(?:and|with)\b")
_KEEP_RE = re.compile(
    r"^(?:keep|k)?\s*(?P<card>(?:10|[2-9tjqka])\s*[cdhs♣♦♥♠♧♢♡♤])"
    r"\s*(?:(?:in|into|to|on|under|at|stack|s|@|,)\s*)*(?P<stack>[0-4])?$"
)


# --- moves -----------------------------------------------------------------------------------


def _position(position: int) -> str:
    return "P" if position == PROTECTION else str(position)


def _read_switch(text: str) -> Switch | None:
    if text in _NULL_WORDS:
        return Switch(PROTECTION, PROTECTION)
    text = re.sub(r"^(?:switch|swap|s)\b", "", text)
    positions = _SEPARATORS.sub("", text)
    if len(positions) != 2 or any(char not in "01234p" for char in positions):
        return None
    a, b = (PROTECTION if char == "p" else int(char) for char in positions)
    return Switch(a, b)


def _read_keep(text: str, legal: Sequence[Move]) -> Move | None:
    if text in _DECLINE_WORDS:
        return Decline()
    match = _KEEP_RE.match(text)
    if match is None:
        return None
    card = Card.parse(re.sub(r"\s", "", match["card"]))  # the pattern admits only cards
    if match["stack"] is not None:
        return Keep(card, int(match["stack"]))
    # No stack given: accepted when it is the only legal place for that card (a forced refill).
    places = [move for move in legal if isinstance(move, Keep) and move.card == card]
    return places[0] if len(places) == 1 else None


# --- the table -------------------------------------------------------------------------------


def _phase_line(phase: Phase, rounds: int, to_act: frozenset[int], result: Result | None) -> str:
    if phase is Phase.OVER:
        assert result is not None
        return f"Aliwar, game over after {rounds} rounds: {_outcome(result)}"
    acting = " and ".join(f"P{seat}" for seat in sorted(to_act))
    if phase is Phase.SWITCH:
        return f"Aliwar, round {rounds + 1}: switch ({acting} to choose)"
    return f"Aliwar, round {rounds}: keep ({acting} to choose)"


def _outcome(result: Result) -> str:
    if result.winner is None:
        return f"a draw ({result.termination})"
    return f"P{result.winner} wins ({result.termination})"


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards)) or "-"


def _middle(
    phase: Phase, won: Sequence[Sequence[Card]], discard: Sequence[Card], seats: Sequence[int]
) -> list[str]:
    """The lines of the middle row (Keep phase only) and the discard pile."""
    won_line = "   ".join(f"P{seat} won {_cards(won[seat])}" for seat in seats)
    middle = [f"{'middle':<10}{won_line}"] if phase is Phase.KEEP else []
    return [*middle, f"{'discard':<10}{_cards(discard)}"]


# --- events ----------------------------------------------------------------------------------


def _switch_text(seat: int, switch: Switch) -> str:
    if switch.is_null:
        return f"P{seat} does not switch"
    return f"P{seat} switches {_position(switch.a)} and {_position(switch.b)}"


def _dealt(event: CardsDealt) -> str:
    parts = []
    for seat in (0, 1):
        sizes = event.sizes[seat]
        if len(set(sizes)) == 1:
            size = f"{sizes[0]} card{'' if sizes[0] == 1 else 's'} per stack"
        else:
            size = f"stacks of {' '.join(map(str, sizes))} cards"
        tops = _cards(event.tops[seat])
        parts.append(f"P{seat} tops {tops} ({size}), protection {event.protection[seat]}")
    return "dealt: " + "; ".join(parts)


# --- the interface ---------------------------------------------------------------------------


class AliwarText:
    """Aliwar's :class:`~cardwars.engine.interfaces.GameText`: labels, parsing, boards, event lines.

    The one instance is :data:`TEXT`, which is :attr:`Aliwar.text <cardwars.aliwar.Aliwar.text>`.

    >>> from cardwars.aliwar import Aliwar
    >>> state = Aliwar().new_game(seed=42)
    >>> [Aliwar.text.label(move) for move in state.legal_moves(0)[:3]]
    ['0 1', '0 2', '0 3']
    """

    NOTATION: str = NOTATION
    """How moves are typed (:data:`NOTATION`), for help screens."""
    BOARD: str = BOARD
    """How to read the boards (:data:`BOARD`), for help screens."""

    def label(self, move: Move) -> str:
        """The label of ``move`` (its str): ``"1 P"``, ``"none"``, ``"keep QD 2"``, ``"decline"``.

        Raises:
            TypeError: not an Aliwar move.
        """
        if isinstance(move, Switch):
            return "none" if move.is_null else f"{_position(move.a)} {_position(move.b)}"
        if isinstance(move, Keep):
            return f"keep {move.card} {move.stack}"
        if isinstance(move, Decline):
            return "decline"
        raise TypeError(f"not an Aliwar move: {describe(move)}")

    def parse(self, text: str, state: State, seat: int) -> AliwarMove:
        """The legal move of ``seat`` in ``state`` that ``text`` names (see :data:`NOTATION`).

        Capitals, spaces and commas are free; a switch's positions may come in either
        order, and a forced refill may leave out the stack.

        Raises:
            IllegalMoveError: ``text`` names no legal move; the message lists the legal
                moves' labels.
        """
        legal = state.legal_moves(seat)
        if not isinstance(text, str):
            raise illegal_text(seat, text, "is no text (a move is typed as text)", legal)
        text = str.__str__(text)  # a str subclass by its value, never its own methods
        cleaned = " ".join(text.strip().lower().split())
        keeping = any(isinstance(move, (Keep, Decline)) for move in legal)
        move = _read_keep(cleaned, legal) if keeping else _read_switch(cleaned)
        if move is not None and move in legal:
            return next(candidate for candidate in legal if candidate == move)
        raise illegal_text(seat, text, "is not a legal move here", legal)

    def render(self, observation: AliwarObservation) -> str:
        """What seat ``observation.seat`` sees, as a text grid, the own row last (:data:`BOARD`)."""
        obs = observation
        columns = "".join(f"{c:<{_CELL}}" for c in range(STACKS))
        lines = [_phase_line(obs.phase, obs.rounds, obs.to_act, obs.result), f"{'':<10}{columns}P"]
        seats = (1 - obs.seat, obs.seat)
        for seat in seats:
            label = f"P{seat} (you)" if seat == obs.seat else f"P{seat}"
            guard = obs.protection[seat].suit
            cells = []
            for c, stack in enumerate(obs.stacks[seat]):
                top = stack[0] if stack else None
                if top is None:
                    shown = "??" if stack else "--"
                elif obs.face_up[seat][c]:
                    shown = f"{top}{'*' if top.suit is guard else ''}"
                else:
                    shown = f"[{top}]"
                cells.append(f"{shown:<4}({len(stack)})".ljust(_CELL))
            lines.append(f"{label:<10}{''.join(cells)}{obs.protection[seat]}")
        lines += _middle(obs.phase, obs.won, obs.discard, seats)
        for seat in seats:
            known = [
                f"{c}: " + " ".join(f"{card}@{depth + 1}" for depth, card in below)
                for c, stack in enumerate(obs.stacks[seat])
                if (below := [(d, card) for d, card in enumerate(stack) if d and card is not None])
            ]
            if known:
                lines.append(f"{'':<10}P{seat} known below the tops: " + "; ".join(known))
        return "\n".join(lines)

    def describe(self, event: Event) -> str | None:
        """One line for a person about ``event`` (None for events not worth a line).

        >>> from cardwars.aliwar import CardKept
        >>> TEXT.describe(CardKept(0, Card.parse("QD"), 2))
        'P0 keeps QD face down under stack 2'
        """
        if isinstance(event, CardsDealt):
            return _dealt(event)
        if isinstance(event, SwitchesRevealed):
            return "; ".join(
                _switch_text(seat, switch) for seat, switch in enumerate(event.switches)
            )
        if isinstance(event, ConflictResolved):
            marks = ("*" if hit else "" for hit in event.protected)
            cards = [f"{card}{mark}" for card, mark in zip(event.cards, marks, strict=True)]
            outcome = "a tie" if event.winner is None else f"P{event.winner} wins"
            return f"column {event.column}: P0 {cards[0]} against P1 {cards[1]}: {outcome}"
        if isinstance(event, StackEmptied):
            return f"P{event.seat}'s stack {event.stack} is empty"
        if isinstance(event, CardKept):
            return f"P{event.seat} keeps {event.card} face down under stack {event.stack}"
        if isinstance(event, KeepDeclined):
            return f"P{event.seat} keeps none of the won cards"
        if isinstance(event, CardsDiscarded):
            return f"discarded: {_cards(event.cards)}"
        if isinstance(event, CardsReturned):
            back = ", ".join(f"{card} to {c}" for c, card in event.returned)
            return f"P{event.seat}'s winners and ties go back under their stacks: {back}"
        if isinstance(event, TopsFlipped):
            tops = "; ".join(f"P{seat} {_cards(event.tops[seat])}" for seat in (0, 1))
            return f"new tops face up: {tops}"
        if isinstance(event, GameOver):
            return f"game over after {event.result.length} rounds: {_outcome(event.result)}"
        return None

    def render_state(self, state: State) -> str:
        """The whole table, god's-eye (for replays), every stack in full (:data:`BOARD`)."""
        obs = state.observation(0)
        lines = [_phase_line(state.phase, state.rounds, state.to_act, state.result)]
        for seat in (1, 0):
            lines.append(f"P{seat}  protection {state.protection[seat]}")
            for c, stack in enumerate(state.stacks[seat]):
                up = 1 if stack and obs.face_up[seat][c] else 0
                shown = f"{' '.join(map(str, stack[:up])):<2} | {' '.join(map(str, stack[up:]))}"
                lines.append(f"  {c}: {shown if stack else '(empty)'}".rstrip())
        lines += _middle(state.phase, state.won, state.discard, (0, 1))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return "AliwarText()"


TEXT: Final[AliwarText] = AliwarText()
"""The :class:`AliwarText` of :attr:`Aliwar.text <cardwars.aliwar.Aliwar.text>`."""

for _move_type in (Switch, Keep, Decline):
    _move_type._labels = TEXT.label  # str(move) is its label
