"""Plain terminal text for Guerrilla Tactics: :class:`GuerrillaText`, boards, labels, events."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

import cardwars.guerrilla.moves as gt
from cardwars.actions import illegal_text
from cardwars.cards import Card
from cardwars.engine import Event, Move
from cardwars.errors import CardParseError, describe
from cardwars.guerrilla.moves import GuerrillaMove, GuerrillaObservation, Outcome
from cardwars.guerrilla.state import State

__all__ = ["BOARD", "NOTATION", "TEXT", "GuerrillaText"]

NOTATION = """\
Moves (any case, extra spaces are fine; cards as 9C, TD or 10D, QH, AS):
  play 9C            play a card from your hand (or just: 9C)
  support 9C         add a support card (or just: 9C)
  pass               no support; or no proposal in the promotion window
  propose            propose raising the Guerrilla rank (only without a Guerrilla in hand)
  allow              let a proposal pass
  cancel 2C          cancel a proposal by revealing the Guerrilla 2C (or just: 2C)
  reject             veto a proposal (promotion_acceptance="unanimous_vote" only)
  up KC down 4C      a tie round: KC face up, 4C face down (or: tie KC 4C; up KC alone
                     with a one-card hand)
  remove 2D          pick a table card to lose (removal_choice="winner_chooses" only)"""
"""How a person types each kind of move (shown by ``help`` in ``cardwars play``)."""

BOARD = """\
Reading the board:
  skirmish 3        the skirmish number, from 0; lead seat: the seat that leads it
  G = 3             the Guerrilla rank; (Guerrillas 2-3): the ranks that are
                    Guerrillas now
  to act: 0 1       the seats to move now; - for none
  hand, draw,       the number of cards in each seat's hand, draw pile and
  discard           discard pile
  flags             G: played a Guerrilla; P: supported, so draws 1 card;
                    S: reveals first (the spy); out: eliminated; -: none
  table             the cards on the table: KC the card played; KC + 9C a card
                    played with its support; tie 1: 5C the face-up card of the
                    first tie round; (?? down) a face-down card; (4C down) a
                    face-down card shown in a replay's whole-table view
  ·                 separates the parts of a line
  removed (2)       the removed pile: its size, then its cards; - for none
  your hand         your cards; seat 1 proposes raising G to 4: a proposal is open
In a replay's whole-table view each seat's hand, discard and draw pile are
listed, the draw pile (top first)."""
"""How to read :meth:`GuerrillaText.render` and :meth:`GuerrillaText.render_state` (shown
by ``help`` in ``cardwars play``, after :data:`NOTATION`)."""

_FLAGS_LEGEND = "flags: G played a Guerrilla · P supported (draws 1) · S reveals first · out"
_NO_CARDS = "-"


# --- boards -------------------------------------------------------------------------------


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards) if cards else _NO_CARDS


def _guerrillas(rank: int) -> str:
    return "2" if rank == 2 else f"2-{rank}"


def _flags(obs: GuerrillaObservation, seat: int) -> str:
    if not obs.in_game[seat]:
        return "out"
    letters = (
        ("G" if obs.played_guerrilla[seat] else "")
        + ("P" if obs.support_penalty[seat] else "")
        + ("S" if obs.spy_first[seat] else "")
    )
    return letters or _NO_CARDS


def _table(
    obs: GuerrillaObservation, seat: int, face_down: Sequence[Sequence[Card | None]] | None
) -> str:
    """``seat``'s table cards; a face-down tie card is ``??`` unless ``face_down`` has it."""
    parts = []
    played = obs.played[seat]
    if played is not None:
        support = obs.supports[seat]
        parts.append(str(played) if support is None else f"{played} + {support}")
    for number, rnd in enumerate(obs.tie_rounds):
        for index, (owner, up, has_down) in enumerate(rnd):
            if owner != seat:
                continue
            text = f"tie {number + 1}: {up}"
            if has_down:
                down = face_down[number][index] if face_down is not None else None
                text += f" ({down if down is not None else '??'} down)"
            parts.append(text)
    return " · ".join(parts)


def _board(
    obs: GuerrillaObservation,
    names: Sequence[str],
    face_down: Sequence[Sequence[Card | None]] | None,
) -> list[str]:
    """The public board every view shares: header, one row per seat, the removed pile."""
    to_act = " ".join(str(s) for s in sorted(obs.to_act)) or _NO_CARDS
    lines = [
        f"skirmish {obs.skirmish} · lead seat {obs.skirmish % len(obs.in_game)} · "
        f"G = {obs.guerrilla_rank} (Guerrillas {_guerrillas(obs.guerrilla_rank)}) · "
        f"{obs.phase.value} · to act: {to_act}"
    ]
    if obs.proposer is not None:
        lines.append(f"seat {obs.proposer} proposes raising G to {obs.guerrilla_rank + 1}")
    width = max(len(n) for n in names)
    lines.append(f"{'':<{width}}  hand  draw  discard  flags  table")
    for seat, name in enumerate(names):
        lines.append(
            f"{name:<{width}}  {obs.hand_sizes[seat]:>4}  {obs.draw_sizes[seat]:>4}  "
            f"{obs.discard_sizes[seat]:>7}  {_flags(obs, seat):<5}  {_table(obs, seat, face_down)}"
        )
    lines.append(f"removed ({len(obs.removed)}): {_cards(obs.removed)}")
    lines.append(_FLAGS_LEGEND)
    return [line.rstrip() for line in lines]


# --- moves --------------------------------------------------------------------------------

# The keyword of each move kind, and the words a person may type for it.
_KEYWORDS: dict[type[Move], str] = {
    gt.Play: "play", gt.Support: "support", gt.Pass: "pass", gt.Propose: "propose",
    gt.Allow: "allow", gt.Reject: "reject", gt.Cancel: "cancel", gt.TieCards: "tie",
    gt.Remove: "remove",
}  # fmt: skip
_ALIASES: dict[str, str] = {
    **{word: word for word in _KEYWORDS.values()}, "sup": "support", "prop": "propose",
    "veto": "reject", "rm": "remove", "up": "tie", "down": "tie",
}  # fmt: skip


def _read(text: str) -> tuple[str | None, list[Card], dict[str, Card]]:
    """(the keyword or None, the unlabelled cards in order, the cards after ``up``/``down``)."""
    keyword: str | None = None
    cards: list[Card] = []
    labelled: dict[str, Card] = {}
    label: str | None = None
    for token in re.split(r"[\s,/]+", text.strip().lower()):
        if not token:
            continue
        word = _ALIASES.get(token)
        if word is not None:
            if keyword not in (None, word):
                raise ValueError(f"two kinds of move in {describe(text)}")
            keyword = word
            label = token if token in ("up", "down") else None
            continue
        card = Card.parse(token)
        if label is None:
            cards.append(card)
        elif label in labelled:
            raise ValueError(f"two {label} cards in {describe(text)}")
        else:
            labelled[label] = card
            label = None
    return keyword, cards, labelled


def _tie_cards(cards: list[Card], labelled: dict[str, Card]) -> tuple[Card | None, Card | None]:
    """(up, down) from labelled cards, the unlabelled ones filling the free slots in order."""
    free = iter(cards)
    up = labelled["up"] if "up" in labelled else next(free, None)
    down = labelled["down"] if "down" in labelled else next(free, None)
    if next(free, None) is not None:
        raise ValueError("a tie round puts down at most two cards")
    return up, down


def _matches(move: Move, keyword: str | None, cards: list[Card], labelled: dict[str, Card]) -> bool:
    if keyword is not None and _KEYWORDS[type(move)] != keyword:
        return False
    if isinstance(move, gt.TieCards):
        return (move.up, move.down) == _tie_cards(cards, labelled)
    card = getattr(move, "card", None)
    return not labelled and cards == ([] if card is None else [card])


# --- events -------------------------------------------------------------------------------

_OUTCOME_WORDS = {Outcome.WINNING: "winning", Outcome.TIED: "tied", Outcome.LOSING: "losing"}


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(f"seat {s}" for s in seats)


# --- the interface ------------------------------------------------------------------------


class GuerrillaText:
    """Guerrilla's :class:`~cardwars.engine.GameText`: labels, parsing, boards, event lines.

    The one instance is :data:`TEXT`, which is :attr:`Guerrilla.text
    <cardwars.guerrilla.Guerrilla.text>`.

    >>> from cardwars.guerrilla import Guerrilla
    >>> text = Guerrilla.text
    >>> state = Guerrilla(3).new_game(seed=5)
    >>> all(text.parse(text.label(m), state, 2) == m for m in state.legal_moves(2))
    True
    """

    NOTATION: str = NOTATION
    """How moves are typed (:data:`NOTATION`), for help screens."""
    BOARD: str = BOARD
    """How to read the boards (:data:`BOARD`), for help screens."""

    def label(self, move: Move) -> str:
        """The label of ``move`` (see :data:`NOTATION`).

        It is ``str(move)``; :meth:`parse` reads it back.

        Raises:
            TypeError: not a Guerrilla move.

        >>> from cardwars.cards import Card
        >>> from cardwars.guerrilla import TieCards
        >>> from cardwars.guerrilla.text import TEXT
        >>> TEXT.label(TieCards(Card.parse("KC"), Card.parse("4C")))
        'up KC down 4C'
        """
        if isinstance(move, gt.TieCards):
            return f"up {move.up}" if move.down is None else f"up {move.up} down {move.down}"
        keyword = _KEYWORDS.get(type(move))
        if keyword is None:
            raise TypeError(f"not a Guerrilla Tactics move: {describe(move)}")
        card = getattr(move, "card", None)
        return keyword if card is None else f"{keyword} {card}"

    def parse(self, text: str, state: State, seat: int) -> GuerrillaMove:
        """The legal move of ``seat`` in ``state`` that ``text`` names (see :data:`NOTATION`).

        Case and spacing are free; a bare card names the one legal move with that
        card (``9C`` plays, supports, cancels or removes it, whichever is legal
        now); ``tie KC 4C`` is face up first.

        Raises:
            IllegalMoveError: ``text`` names no legal move, or several; the message
                lists the legal moves' labels.

        >>> from cardwars.guerrilla import Guerrilla
        >>> from cardwars.guerrilla.text import TEXT
        >>> TEXT.parse("play 5D", Guerrilla(2).new_game(seed=42), 1)
        Traceback (most recent call last):
        ...
        cardwars.errors.IllegalMoveError: seat 1: 'play 5D' is not a legal move; legal: play 8D, ...
        """
        legal = state.legal_moves(seat)
        if not isinstance(text, str):
            raise illegal_text(seat, text, "is no text (a move is typed as text)", legal)
        text = str.__str__(text)  # a str subclass by its value, never its own methods
        try:
            keyword, cards, labelled = _read(text)
            found = [m for m in legal if _matches(m, keyword, cards, labelled)]
        except (CardParseError, ValueError):
            found = []
        if len(found) == 1:
            return found[0]
        problem = "names several legal moves" if found else "is not a legal move"
        raise illegal_text(seat, text, problem, legal)

    def render(self, observation: GuerrillaObservation) -> str:
        """What seat ``obs.seat`` sees: the public board and its own hand; other hands as counts."""
        seats = range(len(observation.in_game))
        names = [f"you ({s})" if s == observation.seat else f"seat {s}" for s in seats]
        lines = _board(observation, names, None)
        lines.append(f"your hand: {_cards(observation.hand)}")
        return "\n".join(lines)

    def describe(self, event: Event) -> str | None:
        """One line for ``event`` (every Guerrilla event is public, GT-15); None to skip it.

        >>> from cardwars.cards import Card
        >>> from cardwars.guerrilla import CardPlayed
        >>> from cardwars.guerrilla.text import TEXT
        >>> TEXT.describe(CardPlayed(1, Card.parse("KD")))
        'seat 1 plays KD'
        """
        if isinstance(event, gt.SkirmishStarted):
            return f"skirmish {event.index} begins; seat {event.lead_seat} leads"
        if isinstance(event, gt.ProposalMade):
            others = [s for s in event.proposers if s != event.proposer]
            also = f" (also proposing: {_seats(others)})" if others else ""
            return f"seat {event.proposer} proposes raising the Guerrilla rank{also}"
        if isinstance(event, gt.GuerrillaPromoted):
            rank = event.rank
            return f"the Guerrilla rank rises to {rank}: {_guerrillas(rank)} are Guerrillas"
        if isinstance(event, gt.ProposalCancelled):
            parts = [f"seat {s} reveals {card}" for s, card in event.reveals]
            parts += [f"seat {s} rejects" for s in event.rejecters]
            return "the proposal fails: " + "; ".join(parts)
        if isinstance(event, gt.CardsRecruited):
            return f"seat {event.seat} recruits {event.count} from seat {event.source}'s draw pile"
        if isinstance(event, gt.DiscardReshuffled):
            return f"seat {event.seat} shuffles {event.count} discards into a new draw pile"
        if isinstance(event, gt.CardsDrawn):
            return f"seat {event.seat} draws {event.count}"
        if isinstance(event, gt.PlayerEliminated):
            hand = f" (hand: {_cards(event.hand)})" if event.hand else ""
            return f"seat {event.seat} is eliminated{hand}"
        if isinstance(event, gt.CardPlayed):
            first = " first (spy)" if event.first else ""
            return f"seat {event.seat} plays {event.card}{first}"
        if isinstance(event, gt.SupportAdded):
            return f"seat {event.seat} supports with {event.card}"
        if isinstance(event, gt.SkirmishEvaluated):  # GT-7, or a GT-9 (GT-8 cascade) re-evaluation
            head = "standing after support: " if event.reevaluated else "standing: "
            return head + ", ".join(
                f"seat {s} {_OUTCOME_WORDS[Outcome(o)]}"
                for s, o in enumerate(event.outcomes)
                if o >= Outcome.LOSING
            )
        if isinstance(event, gt.TieCardsPlaced):
            down = " and one card face down" if event.face_down else ""
            return f"seat {event.seat} puts {event.up} face up{down}"
        if isinstance(event, gt.FaceDownRevealed):
            return f"seat {event.seat}'s face-down card was {event.card}"
        if isinstance(event, gt.ForcesLost):
            return f"Loss of Forces: {_cards(event.cards)} removed"
        if isinstance(event, gt.SpoilsTaken):
            where = "the removed pile" if event.seat < 0 else f"seat {event.seat}"
            return f"spoils to {where}: {_cards(event.cards)}"
        if isinstance(event, gt.SkirmishWon):
            if not event.winners:
                return f"skirmish {event.index} has no winner"
            return f"{_seats(event.winners)} won skirmish {event.index}"
        if isinstance(event, gt.SpyFlagSet):
            return f"seat {event.seat} captured a spy and reveals first next skirmish"
        if isinstance(event, gt.GameOver):
            result = event.result
            if result.is_draw:
                return f"game over: a draw ({result.termination}) after {result.length} skirmishes"
            return (
                f"game over: {_seats(sorted(result.winners))} won ({result.termination}) "
                f"after {result.length} skirmishes"
            )
        return None

    def render_state(self, state: State) -> str:
        """The whole table, god's-eye (for replays): every hand, pile and face-down card."""
        obs = state.observation(0)
        face_down = [[down for _, _, down in rnd] for rnd in state.tie_rounds]
        names = [f"seat {s}" for s in range(state.players)]
        lines = _board(obs, names, face_down)
        for seat in range(state.players):
            name = f"seat {seat}"
            lines.append(
                f"{name}  hand: {_cards(state.hands[seat])}  "
                f"discard: {_cards(state.discard_piles[seat])}"
            )
            draw = state.draw_piles[seat]
            lines.append(
                f"{'':<{len(name)}}  draw: {_cards(draw)}" + (" (top first)" if draw else "")
            )
        return "\n".join(lines)

    def __repr__(self) -> str:
        return "GuerrillaText()"


TEXT: Final[GuerrillaText] = GuerrillaText()
"""The :class:`GuerrillaText` of :attr:`Guerrilla.text <cardwars.guerrilla.Guerrilla.text>`."""

for _move_type in _KEYWORDS:  # the nine move classes
    _move_type._labels = TEXT.label  # str(move) is its label
