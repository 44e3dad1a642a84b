"""Issue 23: ``determinize`` samples only worlds the seat could be in, uniformly.

The checks are built from the rules through the public API, never from the sampler's
own bookkeeping: a world is consistent when replaying it shows the seat the same
observations and the same events as the truth; on small hand-built positions every
consistent world is found by brute force (every arrangement of the unseen cards, every
choice of the other seats) and the sampler's frequencies are compared with the uniform
distribution over them (chi-square).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from typing import Any

import pytest

from cardwars import Rng
from cardwars.guerrilla import Guerrilla, Rules, State, TieCards
from tests.guerrilla.test_determinize import random_position
from tests.sizes import sized

World = tuple[Any, ...]


def hidden_world(state: State, seat: int) -> World:
    """What ``seat`` cannot see of ``state``: other hands (as sets), piles, face-down cards."""
    key = state._m.key()
    hands = tuple(tuple(sorted(hand)) if s != seat else () for s, hand in enumerate(key.hands))
    downs = tuple(
        (flat[i], flat[i + 1])
        for flat in key.tie_rounds
        for i in range(0, len(flat), 3)
        if flat[i] != seat and flat[i + 1] >= 0
    )
    return hands, key.draw, key.discard, downs


def chi_square_p(counts: list[int]) -> float:
    """The p-value of the counts against the uniform distribution (scipy if present)."""
    n, k = sum(counts), len(counts)
    expected = n / k
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    try:
        from scipy.stats import chi2  # type: ignore[import-untyped]
    except ImportError:  # Wilson-Hilferty: the cube root of chi2/df is nearly normal
        df = k - 1
        z = ((statistic / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
        return 0.5 * math.erfc(z / math.sqrt(2))
    return float(chi2.sf(statistic, k - 1))


def truth_path(start: State, policy_seed: int, steps: int) -> list[State]:
    """``start`` and the states after each of ``steps`` random legal steps (a tie card
    pair: a 7 face up and a card face down, where there is one)."""
    states = [start.copy()]
    state = start.copy()
    rng = Rng(policy_seed)
    for _ in range(steps):
        if state.is_over:
            break
        moves = {}
        for s in sorted(state.to_act):
            legal = state.legal_moves(s)
            sevens = [m for m in legal if isinstance(m, TieCards) and m.up.rank == 7 and m.down]
            moves[s] = sevens[0] if sevens else legal[rng.below(len(legal))]
        state.apply(moves)
        states.append(state.copy())
    return states


def consistent_worlds(position: dict[str, Any], path: list[State], seat: int) -> set[World]:
    """Every hidden world that shows ``seat`` what ``path`` showed it, by brute force.

    Every arrangement of the cards ``seat`` does not see at the start over the places it
    cannot see, and every legal choice of the other seats at each step, kept while the
    seat's observation and event feed equal the truth's.
    """
    hands = position["hands"]
    zones = [(name, s) for name in ("hands", "draw_piles") for s in range(len(hands))]
    zones = [(n, s) for n, s in zones if not (n == "hands" and s == seat)]
    unseen = [card for n, s in zones for card in position[n][s]]
    truth = path[-1]
    worlds: set[World] = set()
    for arrangement in set(itertools.permutations(unseen)):
        placed = {n: [list(z) for z in position[n]] for n in ("hands", "draw_piles")}
        at = 0
        for n, s in zones:
            size = len(position[n][s])
            placed[n][s] = list(arrangement[at : at + size])
            at += size
        start = State.from_position(
            placed["hands"], draw_piles=placed["draw_piles"], start=position["start"]
        )
        frontier = [start]
        for i, later in enumerate(path):
            frontier = [
                state
                for state in frontier
                if state.observation(seat) == later.observation(seat)
                and state.events_for(seat) == later.events_for(seat)
            ]
            if not frontier or i == len(path) - 1:
                break
            own = path[i + 1].history[-1]
            nxt = []
            for state in frontier:
                others = sorted(p for p in state.to_act if p != seat)
                for choice in itertools.product(*(state.legal_moves(p) for p in others)):
                    moves: dict[int, Any] = dict(zip(others, choice, strict=True))
                    if seat in state.to_act:
                        moves[seat] = own[seat]
                    step = state.copy()
                    step.apply(moves)
                    nxt.append(step)
            frontier = nxt
        worlds.update(hidden_world(state, seat) for state in frontier)
    assert hidden_world(truth, seat) in worlds  # the brute force finds the truth itself
    return worlds


POSITIONS = [
    # Seat 1 loses a skirmish, both draw: who holds what among 6 unseen cards.
    ({"hands": [["KC", "3C"], ["9D", "4D"]], "draw_piles": [["5C", "6C"], ["5D", "6D"]]}, 3),
    # Two skirmishes, 7 unseen cards.
    ({"hands": [["KC"], ["9D"]], "draw_piles": [["5C", "6C", "2C"], ["5D", "6D", "3D"]]}, 2),
    # A tie, then a tie round with a 7 face up and a card face down each, a tie again:
    # the face-down cards stay hidden in the second round's poll.
    ({"hands": [["9C"], ["9D"]], "draw_piles": [["7C", "4C", "5C"], ["7D", "5D", "6D"]]}, 2),
]


@pytest.mark.slow
@pytest.mark.parametrize(("position", "steps"), POSITIONS)
@pytest.mark.parametrize("seat", [0, 1])
def test_samples_are_uniform_over_the_consistent_worlds(
    position: dict[str, Any], steps: int, seat: int
) -> None:
    position = {**position, "start": "play"}
    start = State.from_position(position["hands"], draw_piles=position["draw_piles"], start="play")
    path = truth_path(start, 5, steps)
    truth = path[-1]
    worlds = consistent_worlds(position, path, seat)
    rng = Rng(2026 + seat)
    samples = sized(6000, 40 * len(worlds) + 400)
    counts: Counter[World] = Counter(
        hidden_world(truth.determinize(seat, rng), seat) for _ in range(samples)
    )
    assert set(counts) <= worlds, set(counts) - worlds  # nothing impossible
    if len(worlds) == 1:
        return
    assert set(counts) == worlds  # every possible world is reached
    p = chi_square_p([counts[w] for w in sorted(worlds)])
    assert p > 1e-4, (len(worlds), samples, p)


def test_the_deal_keeps_each_seat_to_its_suits() -> None:
    # GT-1.1, GT-2: at the deal each seat's cards are its own suit (the audit's case).
    state = Guerrilla(2).new_game(42)
    for k in range(40):
        guess = state.determinize(0, Rng(k))
        assert {c.suit.name for c in guess.hands[1] + guess.draw_piles[1]} == {"DIAMONDS"}
        assert {c.suit.name for c in guess.draw_piles[0]} == {"CLUBS"}
    two = Guerrilla(2, rules=Rules(two_suit_variant=True)).new_game(42)
    for k in range(20):
        guess = two.determinize(1, Rng(k))
        assert {c.suit.name for c in guess.hands[0] + guess.draw_piles[0]} <= {"DIAMONDS", "HEARTS"}


def seen_by(state: State, seat: int) -> tuple[Any, ...]:
    return state.observation(seat), state.events_for(seat)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_sample_shows_the_seat_what_the_truth_showed(players: int) -> None:
    # For every seat, the sampled world's observation and whole feed are the truth's, and
    # they stay so when both play on with the seat's moves (the others' moves, legal in
    # each, may differ: only what the seat was shown before must agree).
    game = Guerrilla(players=players)
    for seed in range(sized(30, 8)):
        truth = random_position(game, seed, seed + 1, 15 * seed)
        for seat in range(players):
            guess = truth.determinize(seat, Rng(seed))
            assert seen_by(guess, seat) == seen_by(truth, seat)
            assert guess.legal_actions(seat) == truth.legal_actions(seat)
            feed = truth.events_for(seat)
            rng = Rng(seed)
            for _ in range(3):
                if guess.is_over:
                    break
                guess.apply_actions(
                    {
                        s: guess.legal_actions(s)[rng.below(len(guess.legal_actions(s)))]
                        for s in guess.to_act
                    }
                )
                assert guess.events_for(seat)[: len(feed)] == feed


def test_another_seats_face_down_card_is_not_kept() -> None:
    # The audit's first fault: another seat's face-down tie card stayed true in every
    # sample. In an open tie round of a dealt game it must take several values.
    game = Guerrilla(players=2)
    for seed in range(400):
        truth = random_position(game, seed, seed, 10 + seed % 60)
        key = truth._m.key()
        if truth.phase.name == "TIE" and any(
            flat[i] == 1 and flat[i + 1] >= 0
            for flat in key.tie_rounds
            for i in range(0, len(flat), 3)
        ):
            break
    else:
        pytest.fail("no open tie with a face-down card in these games")
    values = Counter(hidden_world(truth.determinize(0, Rng(k)), 0)[3] for k in range(60))
    assert len(values) > 1, values


def test_a_card_the_seat_cannot_see_changes_nothing() -> None:
    # Two truths that differ only in seat 1's face-down tie card and hand (its pile's
    # order): seat 0 sees the same, so it samples the same worlds from the same draws.
    def truth(pile: list[str]) -> State:
        start = State.from_position(
            [["9C"], ["9D"]], draw_piles=[["7C", "4C", "5C"], pile], start="play"
        )
        return truth_path(start, 5, 2)[-1]

    a, b = truth(["7D", "5D", "6D"]), truth(["7D", "6D", "5D"])
    assert hidden_world(a, 0) != hidden_world(b, 0)
    assert seen_by(a, 0) == seen_by(b, 0)
    for k in range(40):
        assert hidden_world(a.determinize(0, Rng(k)), 0) == hidden_world(
            b.determinize(0, Rng(k)), 0
        )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_from_observation_keeps_each_seat_to_its_suits_before_any_spoils(players: int) -> None:
    # The audit: from_observation gave seat 1 a non-diamond at the deal in 133 of 200.
    state = Guerrilla(players).new_game(42)
    for seat in range(players):
        for k in range(50):
            built = State.from_observation(state.observation(seat), Rng(k))
            assert built.observation(seat) == state.observation(seat)
            for s in range(players):
                cards = built.draw_piles[s] + (built.hands[s] if s != seat else ())
                assert {c.suit for c in cards} == {c.suit for c in state.hands[s]}, (seat, s)
