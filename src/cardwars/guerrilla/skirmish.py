"""The rule steps of a skirmish of WAR: Guerrilla Tactics, in the order of GT-3.

:class:`SkirmishSteps` is the half of the state machine that *does* things:
each method is one step of a skirmish (the promotion window of GT-4, Draw,
Play, Evaluate, Support, Re-evaluate, the tie rounds of GT-10, Loss of Forces,
Spoils, the spy flags and the End check), and each step runs on into the next
until a poll or the end. :class:`~cardwars.guerrilla.State` extends it with
construction, the accessors, legal moves, observations and copies; a player's
moves enter through the ``_on_*`` methods, which ``State._apply`` calls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from cardwars import _kernels
from cardwars.cards import Card, CardId, Rank
from cardwars.engine import Event, GameState, Move, Result
from cardwars.guerrilla.moves import (
    Cancel,
    CardPlayed,
    CardsDrawn,
    CardsRecruited,
    DiscardReshuffled,
    FaceDownRevealed,
    ForcesLost,
    GameOver,
    GuerrillaPromoted,
    Outcome,
    Phase,
    Play,
    PlayerEliminated,
    ProposalCancelled,
    ProposalMade,
    Propose,
    Reject,
    Remove,
    SkirmishEvaluated,
    SkirmishStarted,
    SkirmishWon,
    SpoilsTaken,
    SpyFlagSet,
    Support,
    SupportAdded,
    TieCards,
    TieCardsPlaced,
    combination_strength,
)
from cardwars.guerrilla.rules import MAX_GUERRILLA_RANK, Rules

if TYPE_CHECKING:
    from cardwars._kernels.pure_rng import Rng

__all__ = ["SkirmishSteps"]


class SkirmishSteps(GameState[Phase]):
    """The steps of a skirmish (GT-3 to GT-14); :class:`~cardwars.guerrilla.State` extends it.

    It declares the attributes of the state, which ``State.__init__`` sets, and
    changes them only from inside :meth:`~cardwars.engine.GameState.apply`.

    >>> from cardwars.guerrilla import State
    >>> from cardwars.guerrilla.skirmish import SkirmishSteps
    >>> issubclass(State, SkirmishSteps)
    True
    """

    # --- the game -------------------------------------------------------------------
    _rules: Rules
    _players: int
    _rng: Rng
    _phase: Phase
    _to_act: frozenset[int]
    # --- the zones (piles top first, discards and hands in arrival order) -----------
    _hands: list[list[Card]]
    _draw: list[list[Card]]
    _discard: list[list[Card]]
    _removed: list[Card]
    # --- per seat, between skirmishes -----------------------------------------------
    _guerrilla_rank: int
    _in_game: list[bool]
    _played_guerrilla: list[bool]
    _support_penalty: list[bool]
    _spy_first: list[bool]
    _skirmish: int
    # --- the current skirmish (the table) -------------------------------------------
    _played: list[Card | None]
    _supports: list[Card | None]
    _tie_rounds: list[list[tuple[int, Card | None, Card]]]
    """Per tie round, each placement as (seat, face-down card or None, face-up card)."""
    _first_tied: list[int]
    """The seats tied for best after Re-evaluate (GT-9), before any tie round."""
    _tied: list[int]
    """The seats still tied, going into the next tie round."""
    _drawn: list[list[Card]]
    """Per seat, the cards drawn in this step (``tie_cards="drawn_only"``)."""
    _outcomes: list[int]
    """Per seat, the :class:`Outcome` value of the latest evaluation after play."""
    _forfeited: list[Card]
    """Hands of eliminated seats bound for the spoils (``eliminated_cards_to="spoils"``)."""
    _proposer: int | None
    _winners: list[int]
    _removal_picks: list[Card]
    """``removal_choice="winner_chooses"``: the cards the winner has picked so far."""
    _removals_needed: int
    # --- bookkeeping for the end ------------------------------------------------------
    _elimination_clock: int
    """How many eliminations have happened (seats out at once share one tick)."""
    _eliminated_at: list[int | None]
    """Per seat, the elimination tick it went out at (None: still in)."""
    _eliminated_hand_size: list[int]
    _cards_dealt: int
    _log: list[Event]

    # --- shared by the legal moves and the steps -------------------------------------
    def _is_guerrilla(self, card: Card) -> bool:
        return card.rank <= self._guerrilla_rank

    def _strength(self, cards: Sequence[Card]) -> int:
        return combination_strength(cards, self._guerrilla_rank, self._rules)

    def _combo(self, seat: int) -> list[Card]:
        """``seat``'s combination on the table: its played card and support (empty if none)."""
        played = self._played[seat]
        if played is None:
            return []
        support = self._supports[seat]
        return [played] if support is None else [played, support]

    def _table_order(self) -> list[tuple[int, Card, bool]]:
        """U in table order (§3.4) as (seat, card, was face up)."""
        order: list[tuple[int, Card, bool]] = []
        for seat in range(self._players):
            card = self._played[seat]
            if card is not None:
                order.append((seat, card, True))
        for seat in range(self._players):
            card = self._supports[seat]
            if card is not None:
                order.append((seat, card, True))
        for tie_round in self._tie_rounds:
            for seat, down, up in tie_round:
                if down is not None:
                    order.append((seat, down, False))
                order.append((seat, up, True))
        return order

    # --- polls ------------------------------------------------------------------------
    def _poll(self, phase: Phase, seats: Iterable[int]) -> None:
        self._phase = phase
        self._to_act = frozenset(seats)

    def _active(self) -> list[int]:
        return [s for s in range(self._players) if self._in_game[s]]

    # --- GT-4 promotion window ------------------------------------------------------
    def _start_skirmish(self) -> None:
        self._log.append(SkirmishStarted(self._skirmish, self._skirmish % self._players))
        if self._rules.promotion_timing == "before_draw" and self._window_opens():
            self._poll(Phase.PROPOSE, self._active())
            return
        self._draw_step()

    def _window_opens(self) -> bool:
        # GT-4.1: G < 6 and every player still in has played a Guerrilla.
        return self._guerrilla_rank < MAX_GUERRILLA_RANK and all(
            self._played_guerrilla[s] for s in self._active()
        )

    def _on_propose(self, moves: dict[int, Move]) -> None:
        proposers = [s for s, m in moves.items() if isinstance(m, Propose)]
        if not proposers:
            self._after_promotion()
            return
        lead = self._skirmish % self._players  # GT-B4: the original seat count
        proposer = min(proposers, key=lambda s: (s - lead) % self._players)
        self._proposer = proposer
        self._log.append(ProposalMade(proposer, tuple(proposers)))
        self._poll(Phase.RESPOND, [s for s in self._active() if s != proposer])

    def _on_respond(self, moves: dict[int, Move]) -> None:
        proposer = self._proposer
        assert proposer is not None
        reveals = [(s, m.card) for s, m in moves.items() if isinstance(m, Cancel)]
        rejecters = tuple(s for s, m in moves.items() if isinstance(m, Reject))
        if not reveals and not rejecters:
            self._guerrilla_rank += 1
            self._log.append(GuerrillaPromoted(self._guerrilla_rank))
            if self._rules.promotion_wave_reset:
                self._played_guerrilla = [False] * self._players
        else:
            self._log.append(ProposalCancelled(tuple(reveals), rejecters))
            # GT-4.6: cancellers recruit clockwise from the proposer; the revealed card
            # never leaves the hand (it is now public through the log).
            recruiters = sorted(
                (s for s, _ in reveals), key=lambda s: (s - proposer) % self._players
            )
            if not self._rules.all_cancellers_recruit:
                recruiters = recruiters[:1]
            for seat in recruiters:
                self._recruit(seat, proposer)
        self._proposer = None
        self._after_promotion()

    def _recruit(self, seat: int, source: int) -> None:
        taken = 0
        for _ in range(self._guerrilla_rank):
            pile = self._draw[source]
            if not pile:
                if self._rules.recruit_shortfall != "reshuffle" or not self._discard[source]:
                    break
                self._reshuffle(source)
                pile = self._draw[source]
            self._discard[seat].append(pile.pop(0))
            taken += 1
        self._log.append(CardsRecruited(seat, source, taken))

    def _after_promotion(self) -> None:
        if self._rules.promotion_timing == "before_draw":
            self._draw_step()
        else:
            self._begin_play()

    # --- GT-5 draw ------------------------------------------------------------------
    def _reshuffle(self, seat: int) -> None:
        pile = self._discard[seat]
        self._discard[seat] = []
        self._rng.shuffle(pile)
        self._draw[seat] = pile
        self._log.append(DiscardReshuffled(seat, len(pile)))

    def _draw_cards(self, seat: int, count: int) -> int:
        """Draw up to ``count`` cards one at a time, reshuffling when needed (GT-5.2)."""
        got = 0
        hand = self._hands[seat]
        drawn = self._drawn[seat]
        for _ in range(count):
            if not self._draw[seat]:
                if not self._discard[seat]:
                    break
                self._reshuffle(seat)
            card = self._draw[seat].pop(0)
            hand.append(card)
            drawn.append(card)
            got += 1
        if got:
            self._log.append(CardsDrawn(seat, got))
        return got

    def _draw_step(self) -> None:
        rules = self._rules
        out = []
        for seat in self._active():
            if self._support_penalty[seat]:
                need = 1
            elif rules.draw_mode == "fill_to_two":
                need = max(0, 2 - len(self._hands[seat]))
            else:
                need = 2
            if need == 0:
                continue
            got = self._draw_cards(seat, need)
            # GT-5.3: must draw and cannot (the alternative rule: only with an empty hand).
            if got == 0 and (rules.elimination_rule == "cannot_draw" or not self._hands[seat]):
                out.append(seat)
        self._support_penalty = [False] * self._players
        self._drawn = [[] for _ in range(self._players)]
        if out:
            self._eliminate(out)
        if sum(self._in_game) <= 1:
            self._end_by_elimination()
            return
        if rules.promotion_timing == "after_draw" and self._window_opens():
            self._poll(Phase.PROPOSE, self._active())
            return
        self._begin_play()

    def _eliminate(self, seats: list[int]) -> None:
        self._elimination_clock += 1
        to_spoils = self._rules.eliminated_cards_to == "spoils"
        for seat in seats:
            hand = self._hands[seat]
            self._in_game[seat] = False
            self._eliminated_at[seat] = self._elimination_clock
            self._eliminated_hand_size[seat] = len(hand)
            (self._forfeited if to_spoils else self._removed).extend(hand)
            self._log.append(PlayerEliminated(seat, tuple(hand)))
            self._hands[seat] = []

    # --- GT-6 play, GT-7 evaluate, GT-8 support, GT-9 re-evaluate ----------------------
    def _begin_play(self) -> None:
        active = self._active()
        first = [s for s in active if self._spy_first[s]]
        self._poll(Phase.PLAY_FIRST if first else Phase.PLAY, first or active)

    def _on_play(self, moves: dict[int, Move], *, first: bool) -> None:
        for seat, move in moves.items():
            assert isinstance(move, Play)
            self._hands[seat].remove(move.card)
            self._played[seat] = move.card
            self._log.append(CardPlayed(seat, move.card, first))
        if first:
            others = [s for s in self._active() if not self._spy_first[s]]
            if others:
                self._poll(Phase.PLAY, others)
                return
        self._evaluate()
        self._open_support()

    def _evaluate(self) -> list[int]:
        """Every seat's :class:`Outcome` value (GT-7, GT-9), logged; -1 for a seat not in it."""
        rules = self._rules
        combos: list[list[CardId]] = [[c.id for c in self._combo(s)] for s in range(self._players)]
        outcomes: list[int] = list(
            _kernels.kernels.guerrilla_evaluate(
                combos, self._guerrilla_rank, rules.kicker, rules.ace_low
            )
        )
        self._outcomes = outcomes
        self._log.append(SkirmishEvaluated(tuple(outcomes)))
        return outcomes

    def _open_support(self) -> None:
        eligible = [
            s
            for s in self._active()
            if self._outcomes[s] in (Outcome.LOSING, Outcome.TIED)
            and self._supports[s] is None
            and self._hands[s]
        ]
        if eligible:
            self._poll(Phase.SUPPORT, eligible)
        else:
            self._after_support()

    def _on_support(self, moves: dict[int, Move]) -> None:
        supported = False
        for seat, move in moves.items():
            if isinstance(move, Support):
                self._hands[seat].remove(move.card)
                self._supports[seat] = move.card
                self._support_penalty[seat] = True
                self._log.append(SupportAdded(seat, move.card))
                supported = True
        if supported and self._rules.support_cascade:
            self._evaluate()
            self._open_support()
            return
        self._after_support()

    def _after_support(self) -> None:
        outcomes = self._evaluate()
        leaders = [
            s for s in range(self._players) if outcomes[s] in (Outcome.WINNING, Outcome.TIED)
        ]
        if len(leaders) == 1:
            self._skirmish_decided(leaders)
            return
        self._first_tied = leaders
        self._tied = leaders
        self._tie_check()

    # --- GT-10 tie resolution ---------------------------------------------------------
    def _tie_check(self) -> None:
        cannot_play = self._rules.elimination_rule == "cannot_play"
        out = [
            s
            for s in self._tied
            if not self._draw[s]
            and not self._discard[s]
            and (not cannot_play or not self._hands[s])
        ]
        if out:
            self._eliminate(out)
        left = [s for s in self._tied if self._in_game[s]]
        self._tied = left
        if len(left) <= 1:
            self._skirmish_decided(left)
            return
        self._drawn = [[] for _ in range(self._players)]
        for seat in left:
            self._draw_cards(seat, 2)
        self._tie_rounds.append([])
        self._poll(Phase.TIE, left)

    def _on_tie(self, moves: dict[int, Move]) -> None:
        tie_round = self._tie_rounds[-1]
        for seat, move in moves.items():
            assert isinstance(move, TieCards)
            hand = self._hands[seat]
            if move.down is not None:
                hand.remove(move.down)
                if self._rules.tie_facedown_penalty:
                    self._support_penalty[seat] = True
            hand.remove(move.up)
            tie_round.append((seat, move.down, move.up))
            self._log.append(TieCardsPlaced(seat, move.up, move.down is not None))
        combines = self._rules.tie_facedown_role == "combines"
        strengths = {
            seat: self._strength([up] if down is None or not combines else [down, up])
            for seat, down, up in tie_round
        }
        best = max(strengths.values())
        leaders = [s for s, v in strengths.items() if v == best]
        outcome = Outcome.WINNING if len(leaders) == 1 else Outcome.TIED

        def standing(seat: int) -> Outcome:
            if seat not in strengths:
                return Outcome.ABSENT  # out, or not in this tie round
            return outcome if seat in leaders else Outcome.LOSING

        # The event holds plain ints, as the kernel's evaluation after play does.
        self._log.append(SkirmishEvaluated(tuple(int(standing(s)) for s in range(self._players))))
        self._drawn = [[] for _ in range(self._players)]
        if len(leaders) == 1:
            self._skirmish_decided(leaders)
            return
        self._tied = leaders
        self._tie_check()

    # --- GT-11 Loss of Forces, GT-12 spoils, GT-13 spy, GT-14 end ----------------------
    def _skirmish_decided(self, winners: list[int]) -> None:
        """The skirmish has its winners (none, one or several): reveal, flag, Loss of Forces."""
        self._winners = winners
        self._to_act = frozenset()
        for tie_round in self._tie_rounds:
            for seat, down, _ in tie_round:
                if down is not None:
                    self._log.append(FaceDownRevealed(seat, down))
        table = self._table_order()
        # GT-6.3, GT-A27: every Guerrilla put on the table sets its owner's flag (face-down
        # cards too; set now, when they are revealed, so no flag leaks a hidden card).
        for seat, card, _ in table:
            if self._is_guerrilla(card):
                self._played_guerrilla[seat] = True
        cards = [card for _, card, _ in table]
        lost = len(cards) // 2
        if lost and any(self._is_guerrilla(c) for c in cards):
            if self._rules.removal_choice == "winner_chooses" and len(winners) == 1:
                # One card per poll, so the choice stays linear in the size of the table.
                self._removal_picks = []
                self._removals_needed = lost
                self._poll(Phase.REMOVE, winners)
                return
            sample = list(cards)
            self._rng.sample_prefix(sample, lost)
            self._loss_of_forces_chosen(sample[:lost])
            return
        self._loss_of_forces_chosen([])

    def _on_remove(self, moves: dict[int, Move]) -> None:
        move = moves[self._winners[0]]
        assert isinstance(move, Remove)
        self._removal_picks.append(move.card)
        if len(self._removal_picks) == self._removals_needed:
            self._loss_of_forces_chosen(self._removal_picks)

    def _loss_of_forces_chosen(self, lost: list[Card]) -> None:
        table = self._table_order()
        winners = self._winners
        if lost:
            self._removed.extend(lost)
            self._log.append(ForcesLost(tuple(lost)))
        gone = set(lost)
        rest = [card for _, card, _ in table if card not in gone]
        receivers = winners or self._next_best()
        if receivers:
            shares: dict[int, list[Card]] = {s: [] for s in receivers}
            for i, card in enumerate(rest):
                shares[receivers[i % len(receivers)]].append(card)
            shares[receivers[0]].extend(self._forfeited)
            for seat in receivers:
                self._discard[seat].extend(shares[seat])
                self._log.append(SpoilsTaken(seat, tuple(shares[seat])))
        else:
            rest += self._forfeited
            self._removed.extend(rest)
            self._log.append(SpoilsTaken(-1, tuple(rest)))
        self._forfeited = []
        # GT-13: a winner captured a spy if another player's 7 was face up on the table.
        self._spy_first = [False] * self._players
        for winner in winners:
            if any(s != winner and up and c.rank == Rank.SEVEN for s, c, up in table):
                self._spy_first[winner] = True
        self._log.append(SkirmishWon(self._skirmish, tuple(winners)))
        for winner in winners:
            if self._spy_first[winner]:
                self._log.append(SpyFlagSet(winner))
        self._played = [None] * self._players
        self._supports = [None] * self._players
        self._tie_rounds = []
        self._first_tied = []
        self._tied = []
        self._winners = []
        self._removal_picks = []
        self._removals_needed = 0
        self._outcomes = [Outcome.LOSING] * self._players
        self._skirmish += 1
        if sum(self._in_game) <= 1:
            self._end_by_elimination()
        elif self._skirmish >= self._rules.max_skirmishes:
            self._end_at_cap()
        else:
            self._start_skirmish()

    def _next_best(self) -> list[int]:
        """GT-A25 alt ``next_best``: the best players outside the tie take unowned spoils."""
        if self._rules.no_winner_spoils != "next_best":
            return []
        others = [s for s in self._active() if s not in self._first_tied and self._played[s]]
        if not others:
            return []
        strengths = {s: self._strength(self._combo(s)) for s in others}
        best = max(strengths.values())
        return [s for s in others if strengths[s] == best]

    def _end_by_elimination(self) -> None:
        left = self._active()
        if left:
            winners = left
            termination = "last_player"
            if self._forfeited:
                self._discard[left[0]].extend(self._forfeited)
                self._log.append(SpoilsTaken(left[0], tuple(self._forfeited)))
        else:
            last = [
                s for s in range(self._players) if self._eliminated_at[s] == self._elimination_clock
            ]
            winners = []
            termination = "all_eliminated"
            if self._rules.simultaneous_elimination == "most_cards":
                winners = _unique_max(last, lambda s: self._eliminated_hand_size[s])
            if self._forfeited:
                self._removed.extend(self._forfeited)
                self._log.append(SpoilsTaken(-1, tuple(self._forfeited)))
        self._forfeited = []
        self._end(termination, winners)

    def _end_at_cap(self) -> None:
        winners: list[int] = []
        if self._rules.cap_result == "most_cards":
            winners = _unique_max(
                self._active(),
                lambda s: len(self._hands[s]) + len(self._draw[s]) + len(self._discard[s]),
            )
        self._end("max_skirmishes", winners)

    def _end(self, termination: str, winners: list[int]) -> None:
        def key(seat: int) -> tuple[bool, float]:
            time = self._eliminated_at[seat]
            return (seat in winners, float("inf") if time is None else time)

        keys = [key(s) for s in range(self._players)]
        placings = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
        self._result = Result(frozenset(winners), termination, self._skirmish, placings)
        self._phase = Phase.OVER
        self._to_act = frozenset()
        self._log.append(GameOver(self._result))


def _unique_max(seats: list[int], value: Callable[[int], int]) -> list[int]:
    """The one seat with the greatest ``value`` (as a list), or no seat when several share it."""
    if not seats:
        return []
    values = {s: value(s) for s in seats}
    best = max(values.values())
    top = [s for s in seats if values[s] == best]
    return top if len(top) == 1 else []
