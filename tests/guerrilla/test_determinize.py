"""Guerrilla's determinization (issue 16): what a seat may know never changes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardwars
from cardwars import Card, Rng
from cardwars.aliwar import Aliwar
from cardwars.engine import Move
from cardwars.errors import UsageError
from cardwars.guerrilla import GreedyAgent, Guerrilla, IsmctsAgent, Phase, Rules, State, TieCards
from cardwars.guerrilla.rules import seat_cards
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


def masked(history: Sequence[Mapping[int, Move]], seat: int) -> list[dict[int, object]]:
    """``history`` without the other seats' face-down tie cards (``seat`` cannot know
    them, so a determinized copy names sampled ones)."""
    return [
        {
            s: ("face down", move.up)
            if s != seat and isinstance(move, TieCards) and move.down is not None
            else move
            for s, move in step.items()
        }
        for step in history
    ]


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
        assert guess.events_for(seat, 0) == state.events_for(seat, 0)
        assert guess.to_act == state.to_act
        assert masked(guess.history, seat) == masked(state.history, seat)
        assert [len(p) for p in guess.draw_piles] == [len(p) for p in state.draw_piles]
        assert guess.legal_actions(seat) == state.legal_actions(seat), seat
        # Every card is somewhere: the others' face-down tie cards are sampled, so a card
        # may trade places between a hidden zone and the table.
        assert sorted(cards_of(guess) + list(guess.table)) == sorted(
            cards_of(state) + list(state.table)
        )
        if not guess.is_over:  # the determinized game plays on, the seat's past kept
            feed = state.events_for(seat, 0)
            legal = {s: guess.legal_actions(s)[0] for s in guess.to_act}
            guess.apply_actions(legal)
            assert guess.events_for(seat, 0)[: len(feed)] == feed
    assert state._m.key() == before


def test_determinize_rejects_a_bad_seat() -> None:
    with pytest.raises(UsageError):
        Guerrilla(players=2).new_game(1).determinize(2, Rng(0))


def test_determinize_draws_only_from_the_rng_given() -> None:
    state = Guerrilla(players=3).new_game(5)
    assert state.determinize(1, Rng(3))._m.key() == state.determinize(1, Rng(3))._m.key()
    assert state.determinize(1, Rng(3)).rng != state.rng


@pytest.mark.slow
def test_placement_is_uniform() -> None:
    # The top card of the opponent's draw pile at the deal, over many determinizations:
    # every card of the opponent's suit lands there equally often (chi-square), and no
    # other card (issue 23: each seat holds its own suit at the deal, GT-1.1).
    scipy_stats = pytest.importorskip("scipy.stats")
    state = Guerrilla(players=2).new_game(11)
    unseen = set(seat_cards(2)[1])
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


@pytest.mark.slow
def test_ismcts_is_reproducible_and_legal() -> None:
    game = Guerrilla(players=3)
    agent = game.make_agent("ismcts")
    assert isinstance(agent, IsmctsAgent)
    agent.iterations = 10
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


@pytest.mark.slow
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


def _support_step(seed: int) -> State:
    """The first Support step of greedy play from ``seed``."""
    state = Guerrilla(players=2).new_game(seed)
    greedy = GreedyAgent()
    while state.phase is not Phase.SUPPORT:
        assert not state.is_over
        state.apply(
            {
                s: greedy.choose(state.observation(s), state.legal_moves(s), Rng(0))
                for s in sorted(state.to_act)
            }
        )
    return state


def test_from_observation_rebuilds_a_support_step() -> None:
    state = _support_step(3)
    seat = min(state.to_act)
    observation = state.observation(seat)
    other = 1 - seat
    built = State.from_observation(observation, Rng(5))
    assert built.observation(seat) == observation
    assert built.table == state.table  # the played cards are played again
    assert built.history[-1] == state.history[-1]  # the Play step, replayed
    assert observation.played[other] not in built.hands[other]
    again = State.determinizer(observation)
    assert again(Rng(5))._m.key() == built._m.key()  # the same draws as from_observation
    assert again(Rng(6))._m.key() != built._m.key()


def test_support_placement_is_uniform() -> None:
    # The opponent's hand card at a Support step: uniform over the opponent's cards seat
    # `seat` has not seen (the removed pile and the table excepted; chi-square).
    scipy_stats = pytest.importorskip("scipy.stats")
    state = _support_step(3)
    seat = min(state.to_act)
    other = 1 - seat
    observation = state.observation(seat)
    assert observation.hand_sizes[other] == 1
    seen = set(observation.hand) | set(observation.removed) | set(state.table)
    assert observation.skirmish == 0 and not any(observation.discard_sizes)
    # Issue 23: no card has changed hands yet, so the opponent's are its own suit.
    unseen = set(seat_cards(2)[other]) - seen
    draw = State.determinizer(observation)
    rng = Rng(2026)
    counts: Counter[Card] = Counter()
    for _ in range(3000):
        counts[draw(rng).hands[other][0]] += 1
    assert set(counts) == unseen
    statistic, p = scipy_stats.chisquare([counts[card] for card in sorted(unseen)])
    assert p > 1e-4, (statistic, p)


def test_rebuildable_refuses_what_it_cannot_rebuild() -> None:
    assert not State.rebuildable(None)
    assert not State.rebuildable(Aliwar().new_game(1).observation(0))
    game = Guerrilla(players=2, rules=Rules(promotion_timing="after_draw"))
    state = game.new_game(1)
    assert State.rebuildable(state.observation(0))  # a Play step
    with pytest.raises(UsageError, match="from_observation"):
        State.determinizer(None)  # type: ignore[arg-type]


@pytest.mark.slow
def test_ismcts_searches_every_rebuildable_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    from collections.abc import Callable
    from typing import Any

    from cardwars import ismcts
    from cardwars.guerrilla import agents

    searched: Counter[Phase] = Counter()
    asked: Counter[Phase] = Counter()

    def counting(determinize: Callable[[Any], Any], seat: int, *args: Any) -> list[int]:
        searched[determinize(Rng(0)).phase] += 1
        return ismcts.search(determinize, seat, *args)

    monkeypatch.setattr(agents, "search", counting)

    class Watching(IsmctsAgent):
        def choose(self, observation: Any, legal_moves: Sequence[Move], rng: Rng) -> Move:
            if len(legal_moves) > 1:
                asked[observation.phase] += 1
            return super().choose(observation, legal_moves, rng)

    for seed in range(6):
        cardwars.play(Guerrilla(players=2), [Watching(iterations=8), "greedy"], seed=seed)
    assert searched[Phase.PLAY] and searched[Phase.SUPPORT] and searched[Phase.PROPOSE]
    for phase in (Phase.PROPOSE, Phase.PLAY, Phase.SUPPORT):
        assert searched[phase] == asked[phase]  # every such decision was searched
    for phase in (Phase.RESPOND, Phase.TIE, Phase.REMOVE):
        assert not searched[phase]


@pytest.mark.slow
@pytest.mark.parametrize(("rollout", "epsilon"), [("greedy", 0.0), ("greedy", 0.5), ("random", 0)])
def test_ismcts_rollouts_are_reproducible_and_legal(rollout: str, epsilon: float) -> None:
    agent = IsmctsAgent(iterations=20, rollout=rollout, epsilon=epsilon)
    assert agent.rollout == rollout and agent.epsilon == epsilon
    state = _support_step(7)
    for seat in sorted(state.to_act):
        legal = state.legal_moves(seat)
        move = agent.choose(state.observation(seat), legal, Rng(seat))
        assert move in legal
        assert move == agent.choose(state.observation(seat), legal, Rng(seat))
    first = cardwars.play(Guerrilla(players=2), [agent, "random"], seed=2)
    second = cardwars.play(Guerrilla(players=2), [agent, "random"], seed=2)
    assert first.history == second.history


def test_ismcts_rollout_policies_differ() -> None:
    game = Guerrilla(players=2, rules=Rules(max_skirmishes=10))
    games = [
        cardwars.play(game, [IsmctsAgent(iterations=12, rollout=rollout), "greedy"], seed=1).history
        for rollout in ("greedy", "random")
    ]
    assert games[0] != games[1]


@pytest.mark.parametrize(
    "options",
    [
        {"rollout": "greedyish"},
        {"rollout": 1},
        {"epsilon": -0.1},
        {"epsilon": 1.5},
        {"epsilon": True},
        {"epsilon": "0"},
        {"iterations": 0},
        {"exploration": -1.0},
    ],
)
def test_ismcts_checks_its_options(options: dict[str, object]) -> None:
    with pytest.raises(UsageError):
        IsmctsAgent(**options)  # type: ignore[arg-type]


def test_ismcts_pickles_and_shows_its_options() -> None:
    import pickle

    agent = IsmctsAgent(iterations=12, exploration=0.5, rollout="random", epsilon=0.25)
    again = pickle.loads(pickle.dumps(agent))
    assert (
        repr(again)
        == repr(agent)
        == ("IsmctsAgent(iterations=12, exploration=0.5, rollout='random', epsilon=0.25)")
    )
    state = _support_step(4)
    seat = min(state.to_act)
    legal = state.legal_moves(seat)
    assert again.choose(state.observation(seat), legal, Rng(3)) == agent.choose(
        state.observation(seat), legal, Rng(3)
    )


def test_ismcts_falls_back_to_greedy_where_it_cannot_rebuild() -> None:
    # With the promotion window after the Draw, proposals are not rebuilt: greedy decides.
    game = Guerrilla(players=2, rules=Rules(promotion_timing="after_draw"))
    agent, greedy = IsmctsAgent(iterations=4), GreedyAgent()
    fallbacks = 0
    for seed in range(4):
        state = game.new_game(seed)
        while not state.is_over:
            step = {}
            for seat in sorted(state.to_act):
                observation, legal = state.observation(seat), state.legal_moves(seat)
                move = agent.choose(observation, legal, Rng(seed))
                if not State.rebuildable(observation):
                    assert move == greedy.choose(observation, legal, Rng(seed))
                    fallbacks += observation.phase is Phase.PROPOSE and len(legal) > 1
                step[seat] = move
            state.apply(step)
    assert fallbacks
