"""The greedy Aliwar agent (issue 6): its heuristic, and the batch loop replaying it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardwars
from cardwars.agents import agent_by_name
from cardwars.aliwar import (
    BATCH_AGENTS,
    TERMINATIONS,
    Aliwar,
    ConflictResolved,
    Decline,
    GreedyAgent,
    Keep,
    Phase,
    Rules,
    State,
    Switch,
    run_batch,
)
from cardwars.cards import Card
from cardwars.report import wilson_interval
from tests.aliwar.helpers import keep_position
from tests.builds import pure
from tests.sizes import sized

DIFFERENTIAL_SEED = 61129
DIFFERENTIAL_GAMES = sized(2000, 200)
PAIRINGS = [("random", "greedy"), ("greedy", "random"), ("greedy", "greedy")]

Row = tuple[int, int, int, int]


def played(game: Aliwar, agents: tuple[str, str], seed: int, k: int) -> Row:
    """(length, winner, termination, discards) of ``cardwars.play`` for game ``k`` of a batch."""
    final = cardwars.play(game, agents, seed=pure.derive_seed(seed, k))
    assert isinstance(final, State)
    result = final.result
    assert result is not None
    winner = -1 if result.winner is None else result.winner
    return result.length, winner, TERMINATIONS.index(result.termination), len(final.discard)


def batched(game: Aliwar, agents: tuple[str, str], seed: int, start: int, count: int) -> list[Row]:
    out = run_batch(game, agents, seed, start, count)
    columns = (out["length"], out["winner"], out["termination"], out["discards"])
    return list(zip(*columns, strict=True))


@pytest.mark.slow
@pytest.mark.parametrize("agents", PAIRINGS, ids=["-".join(pair) for pair in PAIRINGS])
def test_aw_greedy_batch_replays_play(backend: str, agents: tuple[str, str]) -> None:
    # The interpreted pass plays the same source as the compiled one (whose agreement with it
    # the parity tests check step by step): a quarter of the quick count shows its batch is play.
    games = DIFFERENTIAL_GAMES if backend == "compiled" else sized(2000, 50)
    game = Aliwar()
    expected = [played(game, agents, DIFFERENTIAL_SEED, k) for k in range(games)]
    assert batched(game, agents, DIFFERENTIAL_SEED, 0, games) == expected


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [
        Rules(allow_null_switch=True),
        Rules(kept_card_position="below_returning", double_loss_result="most_cards"),
        Rules(no_progress_limit=3, max_rounds=12, cap_result="most_cards"),
    ],
    ids=["null_switch", "below_returning", "caps"],
)
def test_aw_greedy_batch_replays_play_with_options(backend: str, rules: Rules) -> None:
    games = 100 if backend == "compiled" else sized(100, 30)  # as above
    game = Aliwar(rules)
    agents = ("greedy", "greedy")
    expected = [played(game, agents, 5, k) for k in range(300, 300 + games)]
    assert batched(game, agents, 5, 300, games) == expected


# Quick counts keep the fixed length bounds about four standard errors from the reference
# (game lengths: sd 3.9 rounds greedy/random, 4.5 greedy/greedy); the Wilson intervals
# widen with the smaller count by themselves.
GREEDY_RANDOM_GAMES = sized(1500, 500)  # per seating
GREEDY_GREEDY_GAMES = sized(1000, 300)


@pytest.mark.slow
def test_aw_greedy_beats_random_clearly() -> None:
    # Seat 0 and seat 1 in turn, so the seat's own advantage cancels out.
    game = Aliwar()
    games = GREEDY_RANDOM_GAMES
    first = cardwars.simulate(game, ["greedy", "random"], games=games, seed=3)
    second = cardwars.simulate(game, ["random", "greedy"], games=games, seed=4)
    assert (first.engine, second.engine) == ("batch", "batch")
    greedy_wins = first.wins[0] + second.wins[1]
    low, high = wilson_interval(greedy_wins, 2 * games)
    assert low > 0.55, (greedy_wins, low)
    # The game page's reference figure (200,000 games): greedy wins 94.8 % against random.
    assert low < 0.948 < high
    assert 10.5 < (sum(first.lengths) + sum(second.lengths)) / (2 * games) < 11.8


@pytest.mark.slow
def test_aw_greedy_against_itself_matches_the_reference_figures() -> None:
    # The game page (200,000 games): 49.4 % / 49.3 % / 1.2 % draws, 18.1 rounds on average.
    games = GREEDY_GREEDY_GAMES
    out = run_batch(Aliwar(), ("greedy", "greedy"), 12, 0, games)
    mean = sum(out["length"]) / games
    assert 17.0 < mean < 19.2
    for seat in (0, 1):
        low, high = wilson_interval(list(out["winner"]).count(seat), games)
        assert low < 0.494 < high


# --- the heuristic --------------------------------------------------------------------------


def brute_force_scores(state: State, seat: int) -> list[int]:
    """Per switch: columns won minus lost, summed over the opponent's switches, by playing."""
    scores = []
    for mine in state.legal_moves(seat):
        score = 0
        for theirs in state.legal_moves(1 - seat):
            events = state.copy().apply({seat: mine, 1 - seat: theirs})
            for event in events:
                if isinstance(event, ConflictResolved) and event.winner is not None:
                    score += 1 if event.winner == seat else -1
        scores.append(score)
    return scores


def position_after(seed: int, steps: int, rules: Rules | None = None) -> State:
    """A Switch-phase position: a dealt game after up to ``steps`` steps of random play."""
    state = Aliwar(rules).new_game(seed)
    rng = pure.Rng(seed)
    for _ in range(steps):
        moves = {seat: state.legal_moves(seat) for seat in state.to_act}
        following = state.copy()
        following.apply({seat: legal[rng.below(len(legal))] for seat, legal in moves.items()})
        if following.is_over:
            break
        state = following
    while state.phase is not Phase.SWITCH:
        state.apply({seat: state.legal_moves(seat)[0] for seat in state.to_act})
    return state


@settings(max_examples=12)
@given(
    seed=st.integers(0, 2**64 - 1),
    steps=st.integers(0, 20),
    null=st.booleans(),
    seat=st.sampled_from([0, 1]),
)
def test_aw_greedy_switch_scores_are_the_expected_column_results(
    seed: int, steps: int, null: bool, seat: int
) -> None:
    state = position_after(seed, steps, Rules(allow_null_switch=null))
    legal = state.legal_moves(seat)
    scores = GreedyAgent.switch_scores(state.observation(seat), legal)
    assert scores == brute_force_scores(state, seat)
    chosen = GreedyAgent().choose(state.observation(seat), legal, pure.Rng(0))
    assert chosen == legal[scores.index(max(scores))]


def test_aw_greedy_switch_takes_the_ace_and_protects_the_clubs() -> None:
    state = State.from_layout(
        [
            [["2C"], ["3C"], ["4C"], ["5C"], ["KH"]],
            [["9D"], ["8D"], ["7D"], ["6D"], ["TS"]],
        ],
        ["AH", "JS"],
    )
    scores = GreedyAgent.switch_scores(state.observation(0), state.legal_moves(0))
    # Switching the ace with a club makes clubs the protected suit: 7, every other switch -45.
    assert scores == [-45, -45, -45, -45, 7, -45, -45, -45, 7, -45, -45, 7, -45, 7, -45]
    move = GreedyAgent().choose(state.observation(0), state.legal_moves(0), pure.Rng(0))
    assert move == Switch(0, 5)  # the first of the four best, in canonical order


def test_aw_greedy_keep_refills_the_emptied_stack_with_the_highest_card() -> None:
    state = keep_position()
    legal = state.legal_moves(0)
    assert Decline() not in legal
    move = GreedyAgent().choose(state.observation(0), legal, pure.Rng(0))
    assert move == Keep(Card.parse("6D"), 2)


def test_aw_greedy_keep_takes_the_highest_card_into_the_smallest_stack() -> None:
    state = keep_position()
    # P1's stacks now: 1, 1, 2, 2, 2 cards (the returning tops still count): stack 0 is first.
    assert [len(stack) for stack in state.observation(1).stacks[1]] == [1, 1, 2, 2, 2]
    legal = state.legal_moves(1)
    assert legal[0] == Decline()
    move = GreedyAgent().choose(state.observation(1), legal, pure.Rng(0))
    assert move == Keep(Card.parse("8C"), 0)


def test_aw_greedy_keep_breaks_rank_ties_by_column() -> None:
    state = State.from_layout(
        [
            [["9C", "2C", "TC"], ["9S", "3C"], ["2D"], ["3D", "5C"], ["4D", "6C"]],
            [["8C", "2S"], ["8S", "3S"], ["AS", "4S"], ["KS", "5S"], ["QS", "6S"]],
        ],
        ["7D", "7H"],
    )
    # P0 wins both eights; its low protected diamonds tie the high spades (AW-5.4).
    state.apply({0: Switch(3, 4), 1: Switch(3, 4)})
    assert state.won == ((Card.parse("8C"), Card.parse("8S")), ())
    assert [len(stack) for stack in state.observation(0).stacks[0]] == [3, 2, 1, 2, 2]
    move = GreedyAgent().choose(state.observation(0), state.legal_moves(0), pure.Rng(0))
    assert move == Keep(Card.parse("8C"), 2)


def test_aw_greedy_never_draws_from_its_rng() -> None:
    state = keep_position()
    rng = pure.Rng(99)
    before = rng.state
    agent = GreedyAgent()
    agent.choose(state.observation(1), state.legal_moves(1), rng)
    fresh = Aliwar().new_game(4)
    agent.choose(fresh.observation(0), fresh.legal_moves(0), rng)
    assert rng.state == before


def test_aw_greedy_is_the_named_agent_and_runs_compiled() -> None:
    game = Aliwar()
    agent = agent_by_name("greedy", game)
    assert isinstance(agent, GreedyAgent)
    assert agent.name == "greedy"
    assert "greedy" in BATCH_AGENTS
    batch = cardwars.simulate(game, ["greedy", "random"], games=60, seed=8)
    slow = cardwars.simulate(game, [GreedyAgent(), "random"], games=60, seed=8)
    assert (batch.engine, slow.engine) == ("batch", "play")
    assert list(batch.lengths) == list(slow.lengths)
    assert list(batch.winners) == list(slow.winners)


def test_aw_greedy_rejects_what_it_cannot_play() -> None:
    state = Aliwar().new_game(1)
    agent = GreedyAgent()
    with pytest.raises(cardwars.UsageError, match="no legal moves"):
        agent.choose(state.observation(0), (), pure.Rng(0))
    with pytest.raises(cardwars.UsageError, match="plays Aliwar"):
        agent.choose(None, state.legal_moves(0), pure.Rng(0))
    with pytest.raises(cardwars.UsageError, match="Switch moves"):
        GreedyAgent.switch_scores(state.observation(0), [Decline()])
