"""Determinization (issue 16) and the ``"ismcts"`` agent of Aliwar."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardwars
from cardwars import Rng
from cardwars.aliwar import Aliwar, IsmctsAgent, Rules, State
from cardwars.errors import UsageError

seeds = st.integers(min_value=0, max_value=2**64 - 1)
rules_st = st.builds(
    Rules,
    allow_null_switch=st.booleans(),
    kept_card_position=st.sampled_from(["above_returning", "below_returning"]),
    view_recall=st.sampled_from(["perfect", "face_up_only"]),
)


def random_position(rules: Rules, seed: int, policy_seed: int, steps: int) -> State:
    state = Aliwar(rules).new_game(seed)
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


@settings(max_examples=60, deadline=None)
@given(rules=rules_st, seed=seeds, policy_seed=seeds, steps=st.integers(0, 30), draw=seeds)
def test_determinize_keeps_what_the_seat_knows(
    rules: Rules, seed: int, policy_seed: int, steps: int, draw: int
) -> None:
    state = random_position(rules, seed, policy_seed, steps)
    before = state._m.key()
    for seat in (0, 1):
        guess = state.determinize(seat, Rng(draw))
        assert guess.observation(seat) == state.observation(seat)
        assert guess.phase == state.phase and guess.to_act == state.to_act
        assert guess.history == state.history
        assert sorted(c for own in guess.stacks for s in own for c in s) == sorted(
            c for own in state.stacks for s in own for c in s
        )
        for seat_ in (0, 1):
            assert guess.legal_actions(seat_) == state.legal_actions(seat_)
        if not state.is_over:
            built = State.from_observation(state.observation(seat), rules, Rng(draw))
            assert built.observation(seat) == state.observation(seat)
            assert built.to_act == state.to_act
            for seat_ in (0, 1):
                assert built.legal_actions(seat_) == state.legal_actions(seat_)
    assert state._m.key() == before  # the state itself is untouched


@settings(max_examples=60, deadline=None)
@given(seed=seeds, policy_seed=seeds, steps=st.integers(0, 40), draw=seeds)
def test_determinize_keeps_every_card_once_face_up_under_face_up_only_views(
    seed: int, policy_seed: int, steps: int, draw: int
) -> None:
    # Issue 34, item 9: under view_recall="face_up_only" determinize moved cards the seat
    # had seen face up (AW-8.3: known to both by memory). The option changes the views
    # only: the world keeps every card a perfect-recall view shows, where it lies.
    forgetful = random_position(Rules(view_recall="face_up_only"), seed, policy_seed, steps)
    perfect = random_position(Rules(), seed, policy_seed, steps)
    assert forgetful.stacks == perfect.stacks  # the option changes no deal and no step
    for seat in (0, 1):
        guess = forgetful.determinize(seat, Rng(draw))
        assert guess.observation(seat) == forgetful.observation(seat)
        known = perfect.observation(seat).stacks
        for own, guessed in zip(known, guess.stacks, strict=True):
            for stack, cards in zip(own, guessed, strict=True):
                assert len(stack) == len(cards)
                for card, placed in zip(stack, cards, strict=True):
                    assert card is None or placed == card
        same = perfect.determinize(seat, Rng(draw))
        assert guess.stacks == same.stacks  # the same knowledge, the same draw


@settings(max_examples=40, deadline=None)
@given(seed=seeds, policy_seed=seeds, steps=st.integers(0, 40))
def test_information_is_the_rules_information_whatever_the_views_show(
    seed: int, policy_seed: int, steps: int
) -> None:
    # Issue 34, item 9: what agents are asked with keeps every once-seen card (AW-8.3).
    forgetful = random_position(Rules(view_recall="face_up_only"), seed, policy_seed, steps)
    perfect = random_position(Rules(), seed, policy_seed, steps)
    for seat in (0, 1):
        assert forgetful.information(seat) == perfect.observation(seat)
        assert perfect.information(seat) == perfect.observation(seat)
        if not forgetful.is_over:  # what "ismcts" rebuilds its worlds from
            world = State.from_observation(forgetful.information(seat), forgetful.rules, Rng(seed))
            assert world.information(seat) == perfect.observation(seat)
    with pytest.raises(UsageError):
        forgetful.information(2)


class Recorder:
    """A random agent that keeps what it was shown."""

    def __init__(self) -> None:
        self.shown: list[object] = []

    def choose(self, observation: object, legal_moves: tuple[object, ...], rng: Rng) -> object:
        self.shown.append(observation)
        return legal_moves[rng.below(len(legal_moves))]


def test_agents_are_asked_with_the_rules_information_under_face_up_only() -> None:
    # Issue 34, item 9: play and Table hand agents information(seat), not the display.
    game = Aliwar(Rules(view_recall="face_up_only"))
    differed = 0
    for seed in range(4):
        recorders = [Recorder(), Recorder()]
        truth = game.new_game(seed)
        for step in cardwars.engine.play(game, recorders, seed=seed).history:
            for seat in sorted(truth.to_act):
                assert recorders[seat].shown.pop(0) == truth.information(seat)
            truth.apply(dict(step))
        seated = Recorder()
        table = cardwars.Table(game, agents={1: seated}, seed=seed)
        policy = Rng(seed)
        while not table.is_over:
            state = table.state
            asked = len(seated.shown)
            legal = state.legal_moves(0)
            table.play({0: legal[policy.below(len(legal))]} if legal else {})
            if 1 in state.to_act:
                assert seated.shown[asked] == state.information(1)
            differed += state.information(1) != state.observation(1)
    assert differed  # the views showed less than seat 1 was asked with


def test_determinize_keeps_the_seats_feed() -> None:
    # Issue 23: the sample shows the seat the same events as the truth, and plays on.
    for steps in (0, 4, 9):
        state = random_position(Rules(), 7, 8, steps)
        for seat in (0, 1):
            guess = state.determinize(seat, Rng(steps))
            feed = state.events_for(seat)
            assert guess.events_for(seat) == feed
            if not guess.is_over:
                guess.apply_actions({s: guess.legal_actions(s)[0] for s in guess.to_act})
                assert guess.events_for(seat)[: len(feed)] == feed


def test_determinize_draws_only_from_the_rng_given() -> None:
    state = random_position(Rules(), 5, 6, 3)
    a, b = state.determinize(0, Rng(9)), state.determinize(0, Rng(9))
    assert a._m.key() == b._m.key()
    assert a._m.key() != state.determinize(0, Rng(10))._m.key()
    assert a.rng != state.rng  # future chance is redrawn too


def test_determinize_rejects_a_bad_seat() -> None:
    with pytest.raises(UsageError):
        Aliwar().new_game(1).determinize(2, Rng(0))


def test_from_observation_rejects_a_finished_game() -> None:
    state = cardwars.play(Aliwar(), ["random", "random"], seed=3)
    with pytest.raises(UsageError):
        State.from_observation(state.observation(0), Rules(), Rng(0))


@pytest.mark.slow
@pytest.mark.parametrize("build", ["determinize", "from_observation"])
def test_placement_is_uniform(build: str) -> None:
    # The card at one hidden position, over many determinizations of a fresh deal:
    # each of the 40 unseen cards should land there equally often (chi-square).
    scipy_stats = pytest.importorskip("scipy.stats")
    state = Aliwar().new_game(11)
    observation = state.observation(0)
    hidden = {c for own in state.stacks for s in own for c in s} - {
        c for own in observation.stacks for s in own for c in s if c is not None
    }
    assert len(hidden) == 40
    rng = Rng(2026)
    counts: Counter[object] = Counter()
    draws = 4000
    for _ in range(draws):
        if build == "determinize":
            guess = state.determinize(0, rng)
        else:
            guess = State.from_observation(observation, Rules(), rng)
        counts[guess.stacks[1][3][2]] += 1
    assert set(counts) == hidden
    observed = [counts[card] for card in sorted(hidden)]
    statistic, p = scipy_stats.chisquare(observed)
    assert p > 1e-4, (statistic, p)


@pytest.mark.slow
def test_ismcts_is_reproducible_and_legal() -> None:
    game = Aliwar(Rules(allow_null_switch=True))
    state = game.new_game(seed=4)
    agent = game.make_agent("ismcts")
    assert isinstance(agent, IsmctsAgent) and agent.rules == game.rules
    agent.iterations = 60
    moves = []
    while not state.is_over and state.rounds < 6:
        step = {}
        for seat in sorted(state.to_act):
            legal = state.legal_moves(seat)
            move = agent.choose(state.observation(seat), legal, Rng(seat + 7 * state.rounds))
            again = agent.choose(state.observation(seat), legal, Rng(seat + 7 * state.rounds))
            assert move == again and move in legal
            step[seat] = move
        moves.append(step)
        state.apply(step)
    assert moves


@pytest.mark.slow
def test_ismcts_plays_by_name() -> None:
    class Few(IsmctsAgent):
        pass

    first = cardwars.play(Aliwar(), [Few(iterations=30), "greedy"], seed=8)
    second = cardwars.play(Aliwar(), [Few(iterations=30), "greedy"], seed=8)
    assert first.history == second.history and first.is_over
    assert "ismcts" in Aliwar.agents
    report = cardwars.simulate(Aliwar(), [Few(iterations=20), "random"], games=2, seed=1)
    assert report.games == 2


@pytest.mark.parametrize(
    ("iterations", "exploration"), [(0, 1.0), (True, 1.0), (10, -1.0), (10, "x")]
)
def test_ismcts_checks_its_parameters(iterations: object, exploration: object) -> None:
    with pytest.raises(UsageError):
        IsmctsAgent(iterations=iterations, exploration=exploration)  # type: ignore[arg-type]


def test_ismcts_rules_must_be_aliwar() -> None:
    with pytest.raises(UsageError):
        IsmctsAgent(rules="nope")  # type: ignore[arg-type]


def test_ismcts_pickles() -> None:
    import pickle

    agent = IsmctsAgent(iterations=10, rules=Rules(allow_null_switch=True))
    again = pickle.loads(pickle.dumps(agent))
    state = Aliwar(agent.rules).new_game(seed=2)
    legal = state.legal_moves(0)
    assert again.choose(state.observation(0), legal, Rng(1)) == agent.choose(
        state.observation(0), legal, Rng(1)
    )


def test_ismcts_base_needs_a_determinizer() -> None:
    from cardwars.ismcts import IsmctsAgent as Base

    state = Aliwar().new_game(seed=2)
    with pytest.raises(UsageError):
        Base(iterations=5).choose(state.observation(0), state.legal_moves(0), Rng(1))
    with pytest.raises(UsageError):
        Base(iterations=5).choose(state.observation(0), (), Rng(1))
    given = Base(
        iterations=5,
        determinizer=lambda obs, rng: State.from_observation(obs, Rules(), rng),
        action_of=Aliwar.action_space.action,
    )
    assert given.choose(state.observation(0), state.legal_moves(0), Rng(1)) in state.legal_moves(0)
