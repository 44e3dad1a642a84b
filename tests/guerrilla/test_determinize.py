"""Guerrilla's determinization (issue 16): what a seat may know never changes."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardwars
from cardwars import Card, Rng
from cardwars.errors import UsageError
from cardwars.guerrilla import Guerrilla, IsmctsAgent, Phase, State
from tests.guerrilla.helpers import guerrilla_games

seeds = st.integers(min_value=0, max_value=2**64 - 1)


def random_position(game: Guerrilla, seed: int, policy_seed: int, steps: int) -> State:
    state = game.new_game(seed)
    rng = Rng(policy_seed)
    for _ in range(steps):
        if state.is_over:
            break
        actions = {}
        for seat in sorted(state.to_act):
            legal = state.legal_actions(seat)
            actions[seat] = legal[rng.below(len(legal))]
        state.apply_actions(actions)
    return state


def cards_of(state: State) -> list[Card]:
    return sorted(
        [c for hand in state.hands for c in hand]
        + [c for pile in state.draw_piles for c in pile]
        + [c for pile in state.discard_piles for c in pile]
    )


@settings(max_examples=60, deadline=None)
@given(game=guerrilla_games(), seed=seeds, policy_seed=seeds, steps=st.integers(0, 40), draw=seeds)
def test_determinize_keeps_what_the_seat_knows(
    game: Guerrilla, seed: int, policy_seed: int, steps: int, draw: int
) -> None:
    state = random_position(game, seed, policy_seed, steps)
    before = state._m.key()
    for seat in range(state.players):
        guess = state.determinize(seat, Rng(draw))
        assert guess.observation(seat) == state.observation(seat)
        assert guess.hands[seat] == state.hands[seat]
        assert guess.to_act == state.to_act and guess.history == state.history
        assert [len(p) for p in guess.draw_piles] == [len(p) for p in state.draw_piles]
        assert guess.legal_actions(seat) == state.legal_actions(seat), seat
        assert cards_of(guess) == cards_of(state)
        if not guess.is_over:  # the determinized game plays on
            legal = {s: guess.legal_actions(s)[0] for s in guess.to_act}
            guess.apply_actions(legal)
    assert state._m.key() == before


def test_determinize_rejects_a_bad_seat() -> None:
    with pytest.raises(UsageError):
        Guerrilla(players=2).new_game(1).determinize(2, Rng(0))


def test_determinize_draws_only_from_the_rng_given() -> None:
    state = Guerrilla(players=3).new_game(5)
    assert state.determinize(1, Rng(3))._m.key() == state.determinize(1, Rng(3))._m.key()
    assert state.determinize(1, Rng(3)).rng != state.rng


def test_placement_is_uniform() -> None:
    # The top card of the opponent's draw pile at the deal, over many determinizations:
    # every card seat 0 has not seen lands there equally often (chi-square).
    scipy_stats = pytest.importorskip("scipy.stats")
    state = Guerrilla(players=2).new_game(11)
    seen = set(state.observation(0).hand)
    unseen = set(cards_of(state)) - seen
    rng = Rng(2026)
    counts: Counter[Card] = Counter()
    for _ in range(3000):
        counts[state.determinize(0, rng).draw_piles[1][0]] += 1
    assert set(counts) == unseen
    statistic, p = scipy_stats.chisquare([counts[card] for card in sorted(unseen)])
    assert p > 1e-4, (statistic, p)


@settings(max_examples=150, deadline=None)
@given(game=guerrilla_games(), seed=seeds, policy_seed=seeds, steps=st.integers(0, 40), draw=seeds)
def test_from_observation_keeps_what_the_seat_knows(
    game: Guerrilla, seed: int, policy_seed: int, steps: int, draw: int
) -> None:
    state = random_position(game, seed, policy_seed, steps)
    for seat in sorted(state.to_act):
        observation = state.observation(seat)
        expected = (
            observation.phase in (Phase.PROPOSE, Phase.PLAY_FIRST, Phase.PLAY, Phase.SUPPORT)
            and not observation.tie_rounds
            and all(card is None for card in observation.supports)
            and (observation.phase is not Phase.PROPOSE or set(observation.played) == {None})
            and (
                observation.phase is not Phase.PROPOSE
                or observation.rules.promotion_timing == "before_draw"
            )
        )
        assert State.rebuildable(observation) is expected
        if not expected:
            with pytest.raises(UsageError):
                State.from_observation(observation, Rng(draw))
            continue
        built = State.from_observation(observation, Rng(draw))
        assert built.observation(seat) == observation
        assert built.phase is observation.phase
        assert built.to_act == state.to_act
        assert built.legal_actions(seat) == state.legal_actions(seat)
        assert len(set(cards_of(built))) == len(cards_of(built))


def test_ismcts_is_reproducible_and_legal() -> None:
    game = Guerrilla(players=3)
    agent = game.make_agent("ismcts")
    assert isinstance(agent, IsmctsAgent)
    agent.iterations = 30
    state = game.new_game(seed=6)
    for _ in range(25):
        if state.is_over:
            break
        step = {}
        for seat in sorted(state.to_act):
            legal = state.legal_moves(seat)
            move = agent.choose(state.observation(seat), legal, Rng(seat))
            assert move == agent.choose(state.observation(seat), legal, Rng(seat))
            assert move in legal
            step[seat] = move
        state.apply(step)


def test_ismcts_plays_whole_games() -> None:
    first = cardwars.play(Guerrilla(players=2), [IsmctsAgent(iterations=15), "greedy"], seed=4)
    second = cardwars.play(Guerrilla(players=2), [IsmctsAgent(iterations=15), "greedy"], seed=4)
    assert first.is_over and first.history == second.history
    assert "ismcts" in Guerrilla.agents


def test_ismcts_checks_its_observation() -> None:
    with pytest.raises(UsageError):
        IsmctsAgent().choose(None, ["x"], Rng(0))  # type: ignore[list-item]
    with pytest.raises(UsageError):
        IsmctsAgent().choose(None, [], Rng(0))
