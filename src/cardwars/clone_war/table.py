"""Clone War's table and batch loop: the pure-Python twin of ``_table.pxi`` (CW-1 … CW-8).

This is the readable executable spec of one battle (CW-3 … CW-7); the compiled
table in ``_table.pxi`` beside it is a line-by-line translation of it.

Cards are small ints whose rank is ``card % 3`` (0 = J, 1 = Q, 2 = K): the
Clone War id ``deck*12 + suit*3 + r`` (the card ids of docs/engine.rst), or the bare rank
0..2 (the batch loops need only ranks). Rules options are passed as ints; the
meaning of every int is spelled out next to the constants below.

A battle appends its steps to a *log*: a flat list of ints, four per entry
``[op, a, b, c]`` (the ``OP_*`` constants), which the state machine
(:mod:`cardwars.clone_war.machine`, behind :mod:`cardwars.clone_war`)
turns into typed events. The machine plays this table's battle (:meth:`CloneWarTable._play`),
as the batch loop does: each rule step is written once.
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Sequence

from cardwars import exclusive
from cardwars.core_rng import Rng, derive_seed

__all__ = ["CloneWarTable", "clone_war_batch"]

# Log entries: [op, a, b, c].
OP_FLIP = 0  # seat a turns card b face up (stage 0)
OP_WAR = 1  # war stage a begins among the seats of bit mask b
OP_FORFEIT = 2  # seat a is short and forfeits card b (-1: none); c = 1 if to the dead pile
OP_PLACE = 3  # seat a places card b face down and card c face up
OP_LAST = 4  # all short (CW-5.3) or play_what_you_can: seat a shows card b; c = 1 if just played
OP_SPLIT = 5  # the pot is shuffled and split among mask a, b cards each, c to the dead pile
OP_COLLECT = 6  # seat a collects b cards; c = 1 if shuffled first
OP_ELIMINATED = 7  # the seats of mask a are eliminated after battle b
OP_END = 8  # the game ends: termination index a (TERMINATIONS), winner b (-1: none)

# Terminations, indices into clone_war.TERMINATIONS.
LAST_PLAYER = 0
CYCLE = 1
CAP = 2

# Option values (clone_war.Rules spells them as strings).
COLLECT_WINNER_FIRST = 0
COLLECT_SEAT_ORDER = 1
COLLECT_SHUFFLED = 2

# Battles without an RNG draw before the batch loop first checks for a cycle.
CYCLE_CHECK_AFTER = 1024
_NEVER = 1 << 62


class CloneWarTable:
    """The whole Clone War position as small ints, and one battle at a time.

    Args:
        piles: each seat's cards, top first (``card % 3`` is the rank).
        dead: the dead pile, top first.
        rng_state: the game RNG's state.
        collect_order: 0 winner first, 1 seat order, 2 shuffled (CW-A6).
        forfeit_to_dead: 1 sends forfeits to the dead pile (CW-A12).
        play_what_you_can: 1 for ``short_war="play_what_you_can"`` (CW-A14).
        split_round_robin: 1 deals a split's remainder on round-robin (CW-A17).
        max_battles: the cap (CW-A21).
        cap_most_cards: 1 makes the cap a win for the unique largest pile.
        battles: battles already played (for positions that continue a game).
    """

    __slots__ = (
        "_battles",
        "_cap_most_cards",
        "_collect_order",
        "_dead",
        "_drew",
        "_forfeit_to_dead",
        "_max_battles",
        "_out",
        "_piles",
        "_play_what_you_can",
        "_players",
        "_rng",
        "_split_round_robin",
        "_termination",
        "_wars",
        "_winner",
    )

    def __init__(
        self,
        piles: Sequence[Sequence[int]],
        dead: Sequence[int],
        rng_state: int,
        collect_order: int,
        forfeit_to_dead: int,
        play_what_you_can: int,
        split_round_robin: int,
        max_battles: int,
        cap_most_cards: int,
    ) -> None:

        if not 2 <= len(piles) <= 4:
            raise ValueError(f"a table has 2 to 4 seats, got {len(piles)}")
        total = 0
        for pile in [*piles, dead]:
            for card in pile:
                if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 48:
                    raise ValueError(f"a card is an int 0..47, got {card!r}")
            total += len(pile)
        if total > 48:
            raise ValueError(f"a table holds at most 48 cards, got {total}")
        self._players = len(piles)
        self._piles = [deque(pile) for pile in piles]
        self._dead = list(dead)
        self._rng = Rng(rng_state)
        self._collect_order = collect_order
        self._forfeit_to_dead = forfeit_to_dead
        self._play_what_you_can = play_what_you_can
        self._split_round_robin = split_round_robin
        self._max_battles = max_battles
        self._cap_most_cards = cap_most_cards
        self._battles = 0
        self._wars = 0
        self._drew = False
        self._termination = -1
        self._winner = -1
        # CW-B7: a seat without cards is out from the start (battle 0).
        self._out = [-1 if pile else 0 for pile in self._piles]
        if sum(1 for out in self._out if out < 0) == 1:
            self._termination = LAST_PLAYER
            self._winner = self._out.index(-1)

    # --- reading ----------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return self._players

    @exclusive.read
    def pile(self, seat: int) -> tuple[int, ...]:
        """Seat ``seat``'s cards, top first."""
        return tuple(self._piles[seat])

    @exclusive.read
    def pile_size(self, seat: int) -> int:
        """How many cards seat ``seat`` holds."""
        return len(self._piles[seat])

    @exclusive.read
    def eliminated_after(self, seat: int) -> int:
        """The battle after which ``seat`` was eliminated (0: from the start), -1 if still in."""
        return self._out[seat]

    @property
    def dead(self) -> tuple[int, ...]:
        """The dead pile, top first."""
        return tuple(self._dead)

    @property
    def rng_state(self) -> int:
        """The game RNG's state."""
        return self._rng.state

    @property
    def battles(self) -> int:
        """Battles played (CW-B2)."""
        return self._battles

    @property
    def wars(self) -> int:
        """War stages begun (CW-B2)."""
        return self._wars

    @property
    def termination(self) -> int:
        """-1 while the game runs, else an index into ``clone_war.TERMINATIONS``."""
        return self._termination

    @property
    def winner(self) -> int:
        """The winning seat, -1 while running or for a draw."""
        return self._winner

    @exclusive.read
    def copy(self) -> CloneWarTable:
        """An independent copy."""
        return self._copy()

    def _copy(self) -> CloneWarTable:
        other = CloneWarTable.__new__(CloneWarTable)
        for name in CloneWarTable.__slots__:
            setattr(other, name, getattr(self, name))
        other._piles = [deque(pile) for pile in self._piles]
        other._dead = list(self._dead)
        other._out = list(self._out)
        other._rng = self._rng.copy()
        return other

    @exclusive.step
    def end_in_cycle(self) -> None:
        """End the game as a draw by the cycle rule (CW-7.3); the caller detected it."""
        self._end_in_cycle()

    def _end_in_cycle(self) -> None:
        self._termination = CYCLE
        self._winner = -1

    # --- one battle ---------------------------------------------------------------
    @exclusive.step
    def battle(self) -> list[int]:
        """Play one battle (CW-3 … CW-7.2 and the cap) and return its log.

        Raises:
            ValueError: the game on this table is over.
        """
        if self._termination >= 0:
            raise ValueError("the game on this table is over: no battle is played")
        log: list[int] = []
        self._drew = self._play(log, True)
        return log

    @property
    def drew(self) -> bool:
        """Whether the last :meth:`battle` drew from the RNG: a shuffled collection or a
        pot split (CW-B4: such a battle forgets every earlier state for the cycle rule).
        False before the first battle and after a copy or pickle of a fresh table."""
        return self._drew

    def _play(self, log: list[int] | None, use_cap: bool) -> bool:
        """Play one battle; return True if it drew from the RNG."""
        piles = self._piles
        out = self._out
        n = self._players
        drew = False
        self._battles += 1
        # The pot in canonical order (stage, seat, placement): cards, their seats,
        # and where each stage starts.
        pot: list[int] = []
        pot_seat: list[int] = []
        stage_start = [0]
        last = [-1] * n  # each seat's latest face-up card (CW-B6)

        # CW-3.1: stage 0, everyone in turns their top card face up.
        best_rank = -1
        tied: list[int] = []
        for s in range(n):
            if out[s] >= 0:
                continue
            card = piles[s].popleft()
            pot.append(card)
            pot_seat.append(s)
            last[s] = card
            if log is not None:
                log += (OP_FLIP, s, card, 0)
            rank = card % 3
            if rank > best_rank:
                best_rank = rank
                tied = [s]
            elif rank == best_rank:
                tied.append(s)

        stage = 0
        winner = -1
        split_mask = 0
        while len(tied) > 1:
            # CW-4: a war stage among the tied seats (CW-3.3, CW-4.3).
            stage += 1
            self._wars += 1
            stage_start.append(len(pot))
            if log is not None:
                log += (OP_WAR, stage, _mask(tied), 0)
            short = 0
            for s in tied:
                if len(piles[s]) < 2:
                    short += 1
            fighters: list[int] = []
            if short == len(tied):
                # CW-5.3: everyone is short; the last cards are compared.
                for s in tied:
                    new = 0
                    if piles[s]:
                        card = piles[s].popleft()
                        pot.append(card)
                        pot_seat.append(s)
                        last[s] = card
                        new = 1
                    if log is not None:
                        log += (OP_LAST, s, last[s], new)
                tied = _highest(tied, last)
                if len(tied) > 1:
                    split_mask = _mask(tied)
                break
            if short and not self._play_what_you_can:
                # CW-5.2: short seats forfeit, in seat order among this stage's records.
                sole = len(tied) - short == 1
                for s in tied:
                    if len(piles[s]) < 2:
                        card = piles[s].popleft() if piles[s] else -1
                        if card >= 0:
                            if self._forfeit_to_dead:
                                self._dead.append(card)
                            else:
                                pot.append(card)
                                pot_seat.append(s)
                        if log is not None:
                            log += (OP_FORFEIT, s, card, self._forfeit_to_dead)
                    elif not sole:
                        self._place_war_cards(s, pot, pot_seat, last, log)
                        fighters.append(s)
                    else:
                        fighters.append(s)  # CW-A13: wins at once, places nothing
                if sole:
                    winner = fighters[0]
                    break
            else:
                # CW-4.2 (and play_what_you_can, CW-A14, for short seats).
                for s in tied:
                    size = len(piles[s])
                    if size >= 2:
                        self._place_war_cards(s, pot, pot_seat, last, log)
                    elif size == 1:
                        card = piles[s].popleft()
                        pot.append(card)
                        pot_seat.append(s)
                        last[s] = card
                        if log is not None:
                            log += (OP_LAST, s, card, 1)
                    elif log is not None:
                        log += (OP_LAST, s, last[s], 0)
                    fighters.append(s)
            tied = _highest(fighters, last)
        if winner < 0 and not split_mask:
            winner = tied[0]
        stage_start.append(len(pot))

        if split_mask:
            self._split(split_mask, pot, log)
            drew = True
        else:
            drew = self._collect(winner, pot, pot_seat, stage_start, log)
        self._end_checks(log, use_cap)
        return drew

    def _place_war_cards(
        self,
        s: int,
        pot: list[int],
        pot_seat: list[int],
        last: list[int],
        log: list[int] | None,
    ) -> None:
        # CW-A9: the first card taken goes face down, the second face up.
        down = self._piles[s].popleft()
        up = self._piles[s].popleft()
        pot += (down, up)
        pot_seat += (s, s)
        last[s] = up
        if log is not None:
            log += (OP_PLACE, s, down, up)

    def _collect(
        self,
        winner: int,
        pot: list[int],
        pot_seat: list[int],
        stage_start: list[int],
        log: list[int] | None,
    ) -> bool:
        """CW-6: the winner takes the pot to the bottom of their pile."""
        pile = self._piles[winner]
        shuffled = 0
        if self._collect_order == COLLECT_WINNER_FIRST:
            # Within a stage the records are in seat order, so clockwise from the
            # winner is: seats >= winner, then seats < winner.
            for k in range(len(stage_start) - 1):
                a, b = stage_start[k], stage_start[k + 1]
                for i in range(a, b):
                    if pot_seat[i] >= winner:
                        pile.append(pot[i])
                for i in range(a, b):
                    if pot_seat[i] < winner:
                        pile.append(pot[i])
        else:
            if self._collect_order == COLLECT_SHUFFLED:
                self._rng.shuffle(pot)
                shuffled = 1
            pile.extend(pot)
        if log is not None:
            log += (OP_COLLECT, winner, len(pot), shuffled)
        return shuffled == 1

    def _split(self, mask: int, pot: list[int], log: list[int] | None) -> None:
        """CW-5.3, CW-A15 … A18, CW-B5: shuffle the pot and deal it to the tied seats."""
        seats = [s for s in range(self._players) if mask >> s & 1]
        t = len(seats)
        self._rng.shuffle(pot)
        dealt = len(pot) if self._split_round_robin else len(pot) // t * t
        for i in range(dealt):
            self._piles[seats[i % t]].append(pot[i])
        self._dead.extend(pot[dealt:])
        if log is not None:
            log += (OP_SPLIT, mask, len(pot) // t, len(pot) - dealt)

    def _end_checks(self, log: list[int] | None, use_cap: bool) -> None:
        """CW-7.1, CW-7.2 and the cap, in the order of CW-B3 (the cycle rule is the caller's)."""
        eliminated = 0
        alive = 0
        last_alive = -1
        for s in range(self._players):
            if self._out[s] >= 0:
                continue
            if not self._piles[s]:
                self._out[s] = self._battles
                eliminated |= 1 << s
            else:
                alive += 1
                last_alive = s
        if eliminated and log is not None:
            log += (OP_ELIMINATED, eliminated, self._battles, 0)
        if alive == 1:
            self._termination = LAST_PLAYER
            self._winner = last_alive
        elif use_cap and self._battles >= self._max_battles:
            self._termination = CAP
            self._winner = self._cap_winner()
        else:
            return
        if log is not None:
            log += (OP_END, self._termination, self._winner, 0)

    def _cap_winner(self) -> int:
        if not self._cap_most_cards:
            return -1
        sizes = [len(pile) for pile in self._piles]
        most = max(sizes)
        return sizes.index(most) if sizes.count(most) == 1 else -1

    # --- the cycle rule (CW-7.3, CW-B2 … B4) --------------------------------------
    def _rank_state(self) -> tuple[tuple[int, ...], ...]:
        return (
            tuple(out < 0 for out in self._out),
            *(tuple(card % 3 for card in pile) for pile in self._piles),
        )

    def _advance(self) -> bool:
        """One battle without the cap; False if it drew from the RNG or ended the game."""
        drew = self._play(None, False)
        return not drew and self._termination < 0

    @exclusive.read
    def cycle_length(self) -> int:
        """Battles from here until the rank-state first repeats, or -1.

        With ``x0`` this position's rank-state and ``x1, x2, …`` those after each
        later battle, return the least ``j`` with ``x_j`` equal to an earlier
        ``x_i``, provided no RNG draw and no end of the game comes first; -1 if
        there is no such ``j`` (a draw or the end comes first) or none below the
        battles left before the cap. Brent's algorithm: no table of states.
        """
        if self._termination >= 0:
            return -1
        left = self._max_battles - self._battles
        hare_cap = 4 * left + 4  # Brent meets any cycle with mu + lam <= left by then
        hare = self.copy()
        if not hare._advance():
            return -1
        steps = 1
        tortoise_state = self._rank_state()
        power = lam = 1
        while hare._rank_state() != tortoise_state:
            if power == lam:
                tortoise_state = hare._rank_state()
                power *= 2
                lam = 0
            if steps >= hare_cap or not hare._advance():
                return -1
            steps += 1
            lam += 1
        tortoise = self.copy()
        hare = self.copy()
        for _ in range(lam):
            hare._advance()
        mu = 0
        while tortoise._rank_state() != hare._rank_state():
            tortoise._advance()
            hare._advance()
            mu += 1
        return mu + lam

    @exclusive.step
    def play_out(self, cycle_detection: int) -> None:
        """Play the game to its end the way the batch loop does (lazy cycle checks)."""
        base = self.copy()
        check_at = CYCLE_CHECK_AFTER if cycle_detection else _NEVER
        while self._termination < 0:
            drew = self._play(None, True)
            if drew:
                if self._termination < 0:
                    base = self.copy()
                    check_at = CYCLE_CHECK_AFTER if cycle_detection else _NEVER
                continue
            if self._termination == LAST_PLAYER or check_at == _NEVER:
                continue
            if self._termination < 0 and self._battles - base._battles < check_at:
                continue
            # Check once per base: no draw for CYCLE_CHECK_AFTER battles, or the cap came first.
            check_at = _NEVER
            j = base.cycle_length()
            if j >= 0 and base._battles + j < self._max_battles:
                _restore(self, base)
                for _ in range(j):
                    self._play(None, False)
                self._end_in_cycle()


def _restore(table: CloneWarTable, source: CloneWarTable) -> None:
    copied = source.copy()
    for name in CloneWarTable.__slots__:
        setattr(table, name, getattr(copied, name))


def _mask(seats: list[int]) -> int:
    mask = 0
    for s in seats:
        mask |= 1 << s
    return mask


def _highest(seats: list[int], last: list[int]) -> list[int]:
    """The seats whose latest face-up card has the highest rank."""
    best = -1
    top: list[int] = []
    for s in seats:
        rank = last[s] % 3
        if rank > best:
            best = rank
            top = [s]
        elif rank == best:
            top.append(s)
    return top


def _check_int(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be an int in [{low}, {high}], got {value!r}")
    return value


def clone_war_batch(
    seed: int,
    start: int,
    count: int,
    players: int,
    collect_order: int = 0,
    forfeit_cards_to: int = 0,
    short_war: int = 0,
    split_remainder: int = 0,
    cycle_detection: int = 1,
    max_battles: int = 10000,
    cap_result: int = 0,
) -> dict[str, array[int]]:
    """Play games ``start .. start+count-1``; game ``k`` is dealt from ``derive_seed(seed, k)``.

    Options are ints: ``collect_order`` 0 stage_winner_first, 1 stage_seat_order,
    2 shuffled; ``forfeit_cards_to`` 0 pot, 1 dead; ``short_war`` 0 forfeit,
    1 play_what_you_can; ``split_remainder`` 0 dead, 1 round_robin;
    ``cycle_detection`` 0/1; ``cap_result`` 0 draw, 1 most_cards.

    Returns:
        ``array.array`` columns, one entry per game: ``"length"`` (battles, ``'q'``),
        ``"wars"`` (``'q'``), ``"winner"`` (seat or -1, ``'b'``) and ``"termination"``
        (index into ``clone_war.TERMINATIONS``, ``'b'``).

    Raises:
        ValueError: an argument out of range.

    >>> from cardwars.clone_war.table import clone_war_batch
    >>> cols = clone_war_batch(0, 0, 3, 2)
    >>> sorted(cols), len(cols["length"])
    (['length', 'termination', 'wars', 'winner'], 3)
    """

    _check_int("seed", seed, 0, 2**64 - 1)
    _check_int("start", start, 0, 2**63 - 1)
    _check_int("count", count, 0, 2**63 - 1)
    _check_int("players", players, 2, 4)
    _check_int("collect_order", collect_order, 0, 2)
    _check_int("forfeit_cards_to", forfeit_cards_to, 0, 1)
    _check_int("short_war", short_war, 0, 1)
    _check_int("split_remainder", split_remainder, 0, 1)
    _check_int("cycle_detection", cycle_detection, 0, 1)
    _check_int("max_battles", max_battles, 1, 2**31 - 1)
    _check_int("cap_result", cap_result, 0, 1)
    length: array[int] = array("q")
    wars: array[int] = array("q")
    winner: array[int] = array("b")
    termination: array[int] = array("b")
    per = 48 // players
    for k in range(start, start + count):
        rng = Rng(derive_seed(seed, k))
        deck = [card % 3 for card in range(48)]  # ranks suffice (canonical order)
        rng.shuffle(deck)
        table = CloneWarTable(
            [deck[s : per * players : players] for s in range(players)],
            deck[per * players :],
            rng.state,
            collect_order,
            forfeit_cards_to,
            short_war,
            split_remainder,
            max_battles,
            cap_result,
        )
        table.play_out(cycle_detection)
        length.append(table.battles)
        wars.append(table.wars)
        winner.append(table.winner)
        termination.append(table.termination)
    return {"length": length, "wars": wars, "winner": winner, "termination": termination}
