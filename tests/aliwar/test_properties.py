"""Aliwar properties over random games: conservation (docs/engine.rst), hidden information, AW-8."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardwars import Card, Deck, Event, Rng
from cardwars.aliwar import (
    Aliwar,
    CardsDiscarded,
    ConflictResolved,
    Keep,
    Phase,
    Rules,
    State,
    Switch,
    TopsFlipped,
)

C = Card.parse
seeds = st.integers(min_value=0, max_value=2**64 - 1)
rules = st.builds(
    Rules,
    allow_null_switch=st.booleans(),
    kept_card_position=st.sampled_from(["above_returning", "below_returning"]),
    double_loss_result=st.sampled_from(["draw", "most_cards"]),
    no_progress_limit=st.integers(min_value=1, max_value=4),
    max_rounds=st.integers(min_value=1, max_value=40),
    cap_result=st.sampled_from(["draw", "most_cards"]),
    view_recall=st.sampled_from(["perfect", "face_up_only"]),
)


def play_steps(state: State, policy: Rng, limit: int = 10_000) -> Iterator[tuple[Event, ...]]:
    """Apply random legal moves, yielding each step's events, until the end or ``limit`` steps."""
    for _ in range(limit):
        if state.is_over:
            return
        moves = {}
        for seat in sorted(state.to_act):
            legal = state.legal_moves(seat)
            moves[seat] = legal[policy.below(len(legal))]
        yield state.apply(moves)


def check_conservation(state: State) -> None:
    cards = [c for own in state.stacks for stack in own for c in stack]
    cards += [*state.protection, *state.won[0], *state.won[1], *state.discard]
    assert sorted(cards) == list(Deck.standard())  # every card once: nothing lost or doubled
    in_stacks = sum(len(stack) for own in state.stacks for stack in own)
    if state.phase is Phase.KEEP:
        assert state.won[0] or state.won[1]
    else:
        # At every Switch poll and at the end: 52 = stacks + protection + discard.
        assert state.won == ((), ())
        assert in_stacks + 2 + len(state.discard) == 52
    if state.phase is Phase.SWITCH:
        assert all(stack for own in state.stacks for stack in own)


@given(seed=seeds, policy_seed=seeds, rules=rules)
def test_aw_4_4_conservation_after_every_step(seed: int, policy_seed: int, rules: Rules) -> None:
    state = Aliwar(rules).new_game(seed)
    check_conservation(state)
    discarded: list[Card] = []
    for events in play_steps(state, Rng(policy_seed)):
        check_conservation(state)
        discarded += [c for e in events if isinstance(e, CardsDiscarded) for c in e.cards]
        assert state.discard == tuple(discarded)
    result = state.result
    assert result is not None
    assert result.length == state.rounds <= rules.max_rounds


# --- hidden information --------------------------------------------------------------------------


def seen_by_events(state: State, events: tuple[Event, ...]) -> set[Card]:
    """The cards that have been face up, from the public events alone (a model of AW-8)."""
    seen: set[Card] = set()
    for event in events:
        if isinstance(event, ConflictResolved):
            seen.update(event.cards)
        elif isinstance(event, TopsFlipped):
            seen.update(event.tops[0] + event.tops[1])
    return seen


def play_prefix(seed: int, policy_seed: int, steps: int, rules: Rules) -> tuple[State, set[Card]]:
    state = Aliwar(rules).new_game(seed)
    seen = {stack[0] for own in state.stacks for stack in own} | set(state.protection)
    for events in play_steps(state, Rng(policy_seed), steps):
        seen |= seen_by_events(state, events) | set(state.protection)
    return state, seen


def never_seen_positions(state: State, seen: set[Card]) -> list[tuple[int, int, int]]:
    return [
        (seat, c, i)
        for seat, own in enumerate(state.stacks)
        for c, stack in enumerate(own)
        for i, card in enumerate(stack)
        if card not in seen
    ]


def with_cards_at(state: State, positions: list[tuple[int, int, int]], cards: list[Card]) -> State:
    """A copy of ``state`` with ``cards`` placed at ``positions`` (same rules, history, phase)."""
    key = state._m.key()
    stacks = [[list(stack) for stack in own] for own in key.stacks]
    for (seat, c, i), card in zip(positions, cards, strict=True):
        stacks[seat][c][i] = card.id
    key = key._replace(stacks=tuple(tuple(tuple(stack) for stack in own) for own in stacks))
    restore, (labels, _) = state._m.__reduce__()
    return State(state.rules, state.seed, restore(labels, key), state.hand_built)


@given(
    seed=seeds,
    policy_seed=seeds,
    steps=st.integers(min_value=0, max_value=8),  # every card has been face up after ~5 rounds
    recall=st.sampled_from(["perfect", "face_up_only"]),
    data=st.data(),
)
def test_aw_8_2_never_seen_cards_do_not_show(
    seed: int, policy_seed: int, steps: int, recall: str, data: st.DataObject
) -> None:
    state, seen = play_prefix(seed, policy_seed, steps, Rules(view_recall=recall))  # type: ignore[arg-type]
    hidden = never_seen_positions(state, seen)
    assert hidden or state.rounds >= 3  # the deal leaves 40 unseen cards; a round flips 10
    cards = [state.stacks[s][c][i] for s, c, i in hidden]
    shuffled = data.draw(st.permutations(cards))
    permuted = with_cards_at(state, hidden, list(shuffled))
    for seat in (0, 1):
        assert permuted.observation(seat) == state.observation(seat)
    shown = {
        card
        for own in state.observation(0).stacks
        for stack in own
        for card in stack
        if card is not None
    }
    assert not shown & set(cards)


def test_aw_8_2_the_permutation_check_can_fail() -> None:
    # Moving a once-seen face-down card does change the (perfect-recall) observation,
    # so the property above would notice a leaked card.
    for seed in range(50):
        state, seen = play_prefix(seed, seed, 3, Rules())
        if state.is_over:
            continue
        known = [
            (s, c, i)
            for s, own in enumerate(state.stacks)
            for c, stack in enumerate(own)
            for i, card in enumerate(stack)
            if i > 0 and card in seen
        ]
        hidden = never_seen_positions(state, seen)
        if known and hidden:
            a, b = known[0], hidden[0]
            cards = [state.stacks[a[0]][a[1]][a[2]], state.stacks[b[0]][b[1]][b[2]]]
            swapped = with_cards_at(state, [a, b], cards[::-1])
            assert swapped.observation(0) != state.observation(0)
            return
    pytest.fail("no position with both a known and an unknown face-down card was found")


@pytest.mark.parametrize(
    ("recall", "p0_s3", "p1_s4"),
    [
        ("perfect", ("4S", "7D", "QS"), ("5D", "TD", "TC")),
        ("face_up_only", ("4S", None, None), ("5D", None, None)),
    ],
)
def test_aw_8_3_view_recall_of_returned_and_kept_cards(
    recall: str, p0_s3: tuple[str | None, ...], p1_s4: tuple[str | None, ...]
) -> None:
    state = State.from_layout(
        [
            [["9D", "2S"], ["TD", "3S"], ["QS", "4S"], ["5H", "5S"], ["KC", "6S"]],
            [["9S", "2D"], ["JD", "3D"], ["7D", "4D"], ["8C", "5D"], ["3C", "6D"]],
        ],
        ["4H", "TC"],
        rules=Rules(view_recall=recall),  # type: ignore[arg-type]
    )
    assert state.observation(1).stacks[0][0] == (C("9D"), None)
    state.apply({0: Switch(1, 3), 1: Switch(3, 5)})
    keep_view = state.observation(0)
    # Keep phase: P0's column 4 card (TD) was lost, so that stack shows a face-down 5S.
    assert keep_view.face_up[0] == (True, True, True, False, True)
    assert keep_view.stacks[0][3] == (None,)
    assert keep_view.won == ((C("7D"),), (C("TD"),))
    state.apply({0: Keep(C("7D"), 2), 1: Keep(C("TD"), 3)})
    view = state.observation(1)
    assert view.stacks[0][2] == tuple(None if t is None else C(t) for t in p0_s3)
    assert view.stacks[1][3] == tuple(None if t is None else C(t) for t in p1_s4)
    assert view.face_up == ((True,) * 5, (True,) * 5)


def test_aw_8_1_observation_is_symmetric_and_public() -> None:
    state, _ = play_prefix(3, 4, 9, Rules())
    zero, one = state.observation(0), state.observation(1)
    assert (zero.seat, one.seat) == (0, 1)
    assert zero.stacks == one.stacks
    assert (zero.rounds, zero.no_progress) == (state.rounds, state.no_progress)
    assert zero.discard == state.discard
    assert hash(zero) == hash(state.observation(0))
