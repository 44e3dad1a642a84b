"""A whole game of Clone War, a battle at a time or to its end with the batch loop's lazy
cycle checks (CW-2 … CW-7), and :func:`clone_war_batch`, many games at once.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

try:
    import cython
except ModuleNotFoundError:  # no Cython here: the package's stand-in
    from cardwars import _cython as cython  # type: ignore[no-redef]

if cython.compiled:
    from cython.cimports.cardwars._core import _check_u64
    from cython.cimports.cardwars.clone_war.battles import *  # noqa: F403
    from cython.cimports.cardwars.clone_war.position import *  # noqa: F403
else:
    from cardwars.core_rng import _check_u64

    from .battles import (
        NEVER,
        battle,
        bury,
        cycle_length,
        fill,
        finish_setup,
        pile_ids,
        play_games,
        play_to_end,
        push,
    )
    from .position import Position, check_int, copy_position, new_log, new_position, reset

__all__ = ["WholeGame", "clone_war_batch"]


class WholeGame(Position):
    """The whole Clone War position as small ints, and one battle at a time.

    Args:
        piles: each seat's card ids, top first (``card % 3`` is the rank).
        dead: the dead pile, top first.
        rng_state: the game RNG's state.
        collect_order: 0 winner first, 1 seat order, 2 shuffled (CW-A6).
        forfeit_to_dead: 1 sends forfeits to the dead pile (CW-A12).
        play_what_you_can: 1 for ``short_war="play_what_you_can"`` (CW-A14).
        split_round_robin: 1 deals a split's remainder on round-robin (CW-A17).
        max_battles: the cap (CW-A21).
        cap_most_cards: 1 makes the cap a win for the unique largest pile.
    """

    _drew: bool

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
        seat_piles = [list(pile) for pile in piles]
        dead_cards = list(dead)
        total = 0
        if not 2 <= len(seat_piles) <= 4:
            raise ValueError(f"a game has 2 to 4 seats, got {len(seat_piles)}")
        for pile in [*seat_piles, dead_cards]:
            for card in pile:
                if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 48:
                    raise ValueError(f"a card is an int 0..47, got {card!r}")
            total += len(pile)
        if total > 48:
            raise ValueError(f"a game holds at most 48 cards, got {total}")
        reset(
            self,
            len(seat_piles),
            _check_u64(rng_state, "rng_state"),
            collect_order,
            forfeit_to_dead,
            play_what_you_can,
            split_round_robin,
            max_battles,
            cap_most_cards,
        )
        fill(self, seat_piles, dead_cards)
        finish_setup(self)
        self._drew = False

    def _seat(self, seat: int) -> int:
        if not 0 <= seat < self.seats:
            raise IndexError(f"seat must be 0..{self.seats - 1}")
        return seat

    def pile(self, seat: int) -> tuple[int, ...]:
        """Seat ``seat``'s cards, top first."""
        return tuple([v >> 2 for v in pile_ids(self, self._seat(seat))])

    def eliminated_after(self, seat: int) -> int:
        """The battle after which ``seat`` was eliminated (0: from the start), -1 if still in."""
        return self.out[self._seat(seat)]

    @property
    def dead(self) -> tuple[int, ...]:
        """The dead pile, top first."""
        return tuple([self.dead_cards[i] >> 2 for i in range(self.ndead)])

    def copy(self) -> WholeGame:
        """An independent copy."""
        other = cython.declare(WholeGame, WholeGame.__new__(WholeGame))
        copy_position(other, self)
        other._drew = self._drew
        return other

    def __reduce__(self) -> tuple[object, ...]:
        """Pickling (and ``copy.deepcopy``): every field, rebuilt exactly by
        ``_whole_game_from_state``: piles with their ring counters, the seats'
        elimination battles, the dead pile, the RNG state, the options and the counters.
        Cards are stored as the position holds them (``id*4 + rank``)."""
        piles = tuple([(self.head[s], tuple(pile_ids(self, s))) for s in range(self.seats)])
        state = (
            self.seats,
            piles,
            tuple([self.out[s] for s in range(self.seats)]),
            tuple([self.dead_cards[i] for i in range(self.ndead)]),
            self.rng,
            (
                self.collect_order,
                self.forfeit_to_dead,
                self.play_what_you_can,
                self.split_round_robin,
                self.max_battles,
                self.cap_most_cards,
            ),
            (self.played, self.war_stages, self.ending, self.winning_seat),
        )
        return (_whole_game_from_state, (state,))

    def battle(self) -> list[int]:
        """Play one battle (CW-3 … CW-7.2 and the cap) and return its log.

        Raises:
            ValueError: the game is over.
        """
        if self.ending >= 0:
            raise ValueError("the game is over: no battle is played")
        log = new_log()
        self._drew = battle(self, log, True) != 0
        return [log.entries[i] for i in range(log.n)]

    @property
    def drew(self) -> bool:
        """Whether the last :meth:`battle` drew from the RNG: a shuffled collection or a
        pot split (CW-B4: such a battle forgets every earlier state for the cycle rule).
        False before the first battle and after a copy or pickle of a fresh game."""
        return self._drew

    def cycle_length(self) -> int:
        """Battles from here until the rank-state first repeats, or -1
        (``cycle_rule.cycle_length``)."""
        return cycle_length(self)

    def play_out(self, cycle_detection: int) -> None:
        """Play the game to its end the way the batch loop does (lazy cycle checks)."""
        play_to_end(self, new_position(), new_position(), new_position(), cycle_detection != 0)


def _state_int(value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"not a WholeGame state: a value is not an int in [{low}, {high}]")
    return value


def _whole_game_from_state(state: object) -> WholeGame:
    """Rebuild a pickled game exactly (the inverse of ``WholeGame.__reduce__``); every value
    is range-checked first, so a corrupt state raises ValueError, never writes out of bounds."""
    table = cython.declare(WholeGame, WholeGame.__new__(WholeGame))
    total = 0
    try:
        parts: Any = state
        players, piles, out, dead, rng, options, counters = parts
        collect_order, forfeit_to_dead, play_what_you_can, split_round_robin = options[:4]
        max_battles, cap_most_cards = options[4:]
        battles, wars, termination, winner = counters
        piles = [(head, list(cards)) for head, cards in piles]
        out = list(out)
        dead = list(dead)
    except (TypeError, ValueError):
        raise ValueError("not a WholeGame state: the wrong shape") from None
    _state_int(players, 2, 4)
    if len(piles) != players or len(out) != players:
        raise ValueError(f"not a WholeGame state: {players} seats, {len(piles)} piles")
    for head, cards in piles:
        _state_int(head, 0, 0xFFFFFFFF)
        for card in cards:
            _state_int(card, 0, 4 * 48 - 1)
        total += len(cards)
    for card in dead:
        _state_int(card, 0, 4 * 48 - 1)
    total += len(dead)
    if total > 48:
        raise ValueError(f"not a WholeGame state: {total} cards, at most 48")
    for value in out:
        _state_int(value, -1, NEVER)
    reset(
        table,
        players,
        _state_int(rng, 0, 2**64 - 1),
        _state_int(collect_order, 0, 2),
        _state_int(forfeit_to_dead, 0, 1),
        _state_int(play_what_you_can, 0, 1),
        _state_int(split_round_robin, 0, 1),
        _state_int(max_battles, 1, 2**31 - 1),
        _state_int(cap_most_cards, 0, 1),
    )
    for s in range(players):
        head, cards = piles[s]
        table.head[s] = head
        table.tail[s] = head
        for card in cards:
            push(table, s, card)
        table.out[s] = out[s]
    for card in dead:
        bury(table, card)
    table.played = _state_int(battles, 0, NEVER)
    table.war_stages = _state_int(wars, 0, NEVER)
    table.ending = _state_int(termination, -1, 2)
    table.winning_seat = _state_int(winner, -1, players - 1)
    table._drew = False
    return table


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
    ``cycle_detection`` 0/1; ``cap_result`` 0 draw, 1 most_cards. Compiled, the games
    are played with the GIL released.

    Returns:
        ``array.array`` columns, one entry per game: ``"length"`` (battles, ``'q'``),
        ``"wars"`` (``'q'``), ``"winner"`` (seat or -1, ``'b'``) and ``"termination"``
        (index into ``clone_war.TERMINATIONS``, ``'b'``).

    Raises:
        ValueError: an argument out of range.

    >>> cols = clone_war_batch(0, 0, 3, 2)
    >>> sorted(cols), len(cols["length"])
    (['length', 'termination', 'wars', 'winner'], 3)
    """
    check_int("seed", seed, 0, 2**64 - 1)
    check_int("start", start, 0, 2**63 - 1)
    check_int("count", count, 0, 2**63 - 1)
    check_int("players", players, 2, 4)
    check_int("collect_order", collect_order, 0, 2)
    check_int("forfeit_cards_to", forfeit_cards_to, 0, 1)
    check_int("short_war", short_war, 0, 1)
    check_int("split_remainder", split_remainder, 0, 1)
    check_int("cycle_detection", cycle_detection, 0, 1)
    check_int("max_battles", max_battles, 1, 2**31 - 1)
    check_int("cap_result", cap_result, 0, 1)
    length = array("q", bytes(8 * count))
    wars = array("q", bytes(8 * count))
    winner = array("b", bytes(count))
    termination = array("b", bytes(count))
    play_games(
        seed, start, count, players, collect_order, forfeit_cards_to, short_war,
        split_remainder, cycle_detection, max_battles, cap_result,
        length, wars, winner, termination,
    )  # fmt: skip
    return {"length": length, "wars": wars, "winner": winner, "termination": termination}
