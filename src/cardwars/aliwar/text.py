"""Plain terminal text for Aliwar: :class:`AliwarText`, the table as text and a move notation.

:data:`TEXT` (an :class:`AliwarText`) is :attr:`Aliwar.text <cardwars.aliwar.Aliwar.text>`;
the ``cardwars`` command uses it (and adds colour). It works on any terminal and
never shows a card the seat may not know.

Notation (see :data:`NOTATION`): the stacks are numbered 0–4, as in Python and the
JSON of :mod:`cardwars.wire`, the same absolute columns for both players (AW-2.2),
and the protection position is ``P``. A switch is two positions, ``"1 P"``; a keep
is ``"keep QD 2"``; ``"decline"`` keeps nothing. ``str(move)`` is the label.

>>> from cardwars.aliwar import Aliwar, Keep, Switch
>>> from cardwars.aliwar.text import TEXT
>>> from cardwars.cards import Card
>>> TEXT.label(Switch(1, 5)), str(Keep(Card.parse("QD"), 2))
('1 P', 'keep QD 2')
>>> state = Aliwar().new_game(seed=42)
>>> TEXT.parse("p1", state, 0)
Switch(a=1, b=5)
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
from cardwars.errors import CardParseError, describe

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
    try:
        card = Card.parse(re.sub(r"\s", "", match["card"]))
    except CardParseError:  # pragma: no cover - the pattern admits only cards
        return None
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
    Labels number stacks 0–4 (``P`` is the protection position, 5 in Python), as
    Python and the JSON of :mod:`cardwars.wire` do.

    >>> from cardwars.aliwar import Aliwar
    >>> text = Aliwar.text
    >>> state = Aliwar().new_game(seed=42)
    >>> [text.label(move) for move in state.legal_moves(0)[:3]]
    ['0 1', '0 2', '0 3']
    >>> text.parse("0 1", state, 0) == state.legal_moves(0)[0]
    True
    """

    NOTATION: str = NOTATION
    """How moves are typed (:data:`NOTATION`), for help screens."""
    BOARD: str = BOARD
    """How to read the boards (:data:`BOARD`), for help screens."""

    def label(self, move: Move) -> str:
        """The label of ``move``: ``"1 P"``, ``"none"``, ``"keep QD 2"``, ``"decline"``.

        It is ``str(move)``; :meth:`parse` reads it back.

        Raises:
            TypeError: not an Aliwar move.

        >>> from cardwars.aliwar import Decline, Switch
        >>> from cardwars.aliwar.text import TEXT
        >>> TEXT.label(Switch(0, 3)), TEXT.label(Switch(5, 5)), TEXT.label(Decline())
        ('0 3', 'none', 'decline')
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

        >>> from cardwars.aliwar import Aliwar
        >>> from cardwars.aliwar.text import TEXT
        >>> state = Aliwar().new_game(seed=1)
        >>> TEXT.parse(" 3,0 ", state, 0), TEXT.parse("P4", state, 0)
        (Switch(a=0, b=3), Switch(a=4, b=5))
        >>> TEXT.parse("keep QD 2", state, 0)
        Traceback (most recent call last):
        ...
        cardwars.errors.IllegalMoveError: seat 0: 'keep QD 2' is not a legal move here; legal: ...
        """
        legal = state.legal_moves(seat)
        if not isinstance(text, str):
            raise illegal_text(seat, text, "is no text (a move is typed as text)", legal)
        cleaned = " ".join(text.strip().lower().split())
        keeping = any(isinstance(move, (Keep, Decline)) for move in legal)
        move = _read_keep(cleaned, legal) if keeping else _read_switch(cleaned)
        if move is not None and move in legal:
            return next(candidate for candidate in legal if candidate == move)
        raise illegal_text(seat, text, "is not a legal move here", legal)

    def render(self, observation: AliwarObservation) -> str:
        """What seat ``obs.seat`` sees, as a text grid; the opponent's row first, the own row last.

        A stack's cell shows its top card and, in brackets, how many cards it holds:
        ``QD`` face up (``*``: protected, the suit of its owner's protection card),
        ``[QD]`` face down but seen before (``view_recall="perfect"``), ``??`` face down and
        never seen. The protection cards stand under ``P``. Lines follow for the cards
        won this round (Keep phase), the discard pile, and the face-down cards known
        below the tops (``QD@3``: third from the top); stacks and
        columns are numbered 0–4, as in the labels.

        >>> from cardwars.aliwar import State
        >>> from cardwars.aliwar.text import TEXT
        >>> state = State.from_layout([[["2C", "7C"], ["3C"], ["4C"], ["5C"], ["6C"]],
        ...                            [["2D"], ["3D"], ["4D"], ["5D"], ["6D"]]], ["AH", "AD"])
        >>> print(TEXT.render(state.observation(0)))
        Aliwar, round 1: switch (P0 and P1 to choose)
                  0         1         2         3         4         P
        P1        2D* (1)   3D* (1)   4D* (1)   5D* (1)   6D* (1)   AD
        P0 (you)  2C  (2)   3C  (1)   4C  (1)   5C  (1)   6C  (1)   AH
        discard   -
        """
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

        >>> from cardwars.aliwar import CardKept, ConflictResolved
        >>> from cardwars.aliwar.text import TEXT
        >>> from cardwars.cards import Card
        >>> TEXT.describe(CardKept(0, Card.parse("QD"), 2))
        'P0 keeps QD face down under stack 2'
        >>> c = Card.parse
        >>> TEXT.describe(ConflictResolved(0, (c("TC"), c("TD")), (True, False), 0))
        'column 0: P0 TC* against P1 TD: P0 wins'
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
        """The whole table, god's-eye (for replays): every stack in full, top first.

        Each stack line shows its face-up top, ``|``, then its face-down cards, top first
        (in the Keep phase a stack whose top lost shows nothing before the ``|``).

        >>> from cardwars.aliwar import State
        >>> from cardwars.aliwar.text import TEXT
        >>> state = State.from_layout([[["2C", "7C"], ["3C"], ["4C"], ["5C"], ["6C"]],
        ...                            [["2D"], ["3D"], ["4D"], ["5D"], ["6D"]]], ["AH", "AD"])
        >>> print(TEXT.render_state(state))
        Aliwar, round 1: switch (P0 and P1 to choose)
        P1  protection AD
          0: 2D |
          1: 3D |
          2: 4D |
          3: 5D |
          4: 6D |
        P0  protection AH
          0: 2C | 7C
          1: 3C |
          2: 4C |
          3: 5C |
          4: 6C |
        discard   -
        """
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
