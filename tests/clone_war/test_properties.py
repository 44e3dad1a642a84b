"""Clone War invariants over seeds, player counts, options and positions (docs/engine.rst, CW-8)."""

from __future__ import annotations

import dataclasses
from collections import Counter

from hypothesis import assume, given
from hypothesis import strategies as st

from cardwars import Card, Deck
from cardwars.clone_war import (
    CardsFlipped,
    CloneWar,
    CloneWarObservation,
    PotCollected,
    Rules,
    State,
    WarStarted,
)

rules_st = st.builds(
    Rules,
    collect_order=st.sampled_from(["stage_winner_first", "stage_seat_order", "shuffled"]),
    forfeit_cards_to=st.sampled_from(["pot", "dead"]),
    short_war=st.sampled_from(["forfeit", "play_what_you_can"]),
    split_remainder=st.sampled_from(["dead", "round_robin"]),
    cycle_detection=st.booleans(),
    max_battles=st.one_of(st.just(10000), st.integers(1, 400)),
    cap_result=st.sampled_from(["draw", "most_cards"]),
)


@st.composite
def positions(draw: st.DrawFn) -> State:
    """A random hand-built position: some of the 48 cards over 2-4 piles, some maybe empty."""
    players = draw(st.integers(2, 4))
    deck = draw(st.permutations(list(Deck.clone_war())))
    total = draw(st.integers(1, 48))
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=players - 1, max_size=players - 1)))
    bounds = [0, *cuts, total]
    piles = [deck[bounds[s] : bounds[s + 1]] for s in range(players)]
    return State.from_piles(piles, rules=draw(rules_st), rng_seed=draw(st.integers(0, 2**64 - 1)))


@st.composite
def dealt_games(draw: st.DrawFn) -> State:
    game = CloneWar(players=draw(st.integers(2, 4)), rules=draw(rules_st))
    return game.new_game(seed=draw(st.integers(0, 2**64 - 1)))


def all_cards(state: State) -> Counter[Card]:
    return Counter([*(c for pile in state.piles for c in pile), *state.pot, *state.dead])


@given(st.one_of(dealt_games(), positions()))
def test_cw_conservation_after_every_battle_and_every_game_ends(state: State) -> None:
    start = all_cards(state)
    cap = state.rules.max_battles
    while not state.is_over:
        before = state.battles
        state.apply({})
        assert state.battles == before + 1 <= cap
        assert all_cards(state) == start  # piles + pot + dead: the same cards, none twice
        assert all(state.piles[s] == () for s in state.eliminated)
    result = state.result
    assert result is not None
    assert result.length == state.battles
    assert len(result.placings) == state.players
    assert min(result.placings) == 1
    assert all(result.placings[s] == 1 for s in result.winners)
    if result.termination == "last_player":
        assert len(result.winners) == 1
        assert len(state.eliminated) == state.players - 1
        (winner,) = result.winners
        assert len(state.piles[winner]) + len(state.dead) == sum(start.values())


def test_cw_conservation_dealt_games_hold_48() -> None:
    state = CloneWar(players=3).new_game(seed=5)
    assert sum(all_cards(state).values()) == 48


def _cards_in(value: object) -> list[Card]:
    """Every Card inside an observation, however deeply nested."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, (tuple, frozenset, list)):
        return [c for item in value for c in _cards_in(item)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [c for f in dataclasses.fields(value) for c in _cards_in(getattr(value, f.name))]
    return []


@given(dealt_games())
def test_cw_8_observations_show_only_public_facts(state: State) -> None:
    for _ in range(40):
        if state.is_over:
            break
        events = state.apply({})
        shown = [
            card
            for e in events
            for card in _cards_in(e)
            if not isinstance(e, PotCollected)  # only counts there
        ]
        observations = [state.observation(seat) for seat in range(state.players)]
        for seat, obs in enumerate(observations):
            assert isinstance(obs, CloneWarObservation)
            assert obs.seat == seat
            assert dataclasses.replace(obs, seat=0) == dataclasses.replace(observations[0], seat=0)
            assert obs.pile_sizes == tuple(len(p) for p in state.piles)
            assert obs.dead_size == len(state.dead)
            assert obs.battles == state.battles
            # The only cards an observation holds are this battle's face-up cards.
            assert Counter(_cards_in(obs)) <= Counter(shown)
            assert not any(obs_value == pile for obs_value in _values(obs) for pile in state.piles)


def _values(obs: CloneWarObservation) -> list[object]:
    return [getattr(obs, f.name) for f in dataclasses.fields(obs)]


@given(st.permutations(list(Deck.clone_war())), st.integers(2, 4), st.data())
def test_cw_8_hidden_cards_do_not_change_observations(
    deck: list[Card], players: int, data: st.DataObject
) -> None:
    """Changing cards nobody has seen leaves every observation as it was."""
    per = 48 // players
    piles = [deck[s * per : (s + 1) * per] for s in range(players)]
    # Keep each top card; reorder what lies beneath it.
    hidden = [[p[0], *data.draw(st.permutations(p[1:]))] for p in piles]
    a = State.from_piles(piles)
    b = State.from_piles(hidden)
    assert [a.observation(s) for s in range(players)] == [b.observation(s) for s in range(players)]
    events_a, events_b = a.apply({}), b.apply({})
    assume(not any(isinstance(e, WarStarted) for e in events_a))  # a war shows deeper cards
    assert isinstance(events_a[0], CardsFlipped)
    assert events_a == events_b
    assert [a.observation(s) for s in range(players)] == [b.observation(s) for s in range(players)]
    assert a.piles != b.piles or piles == hidden
