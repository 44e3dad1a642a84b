"""The face: states, events, observations, text, copies, undo, pickles, records' hooks."""

from __future__ import annotations

import pickle

import cardwars
import pytest
from cardwars.authoring import IllegalMoveError, UsageError

from beggar_my_neighbour import (
    BeggarMyNeighbour,
    BeggarObservation,
    CardPlayed,
    CardsDealt,
    GameOver,
    Phase,
    PileTaken,
    Rules,
    State,
)
from beggar_my_neighbour.text import TEXT


def finished(state: State) -> State:
    while not state.is_over:
        state.apply({})
    return state


def test_game_says_what_it_is() -> None:
    game = BeggarMyNeighbour()
    assert (game.name, game.players, game.num_actions, game.length_unit) == (
        "beggar-my-neighbour",
        2,
        0,
        "tricks",
    )
    names = [cls.__name__ for cls in game.event_types]
    assert names == [
        "CardsDealt",
        "CardPlayed",
        "OutOfCards",
        "PileTaken",
        "CycleReached",
        "GameOver",
    ]
    assert game.terminations == ("out_of_cards", "cycle")


def test_a_state_steps_one_trick_at_a_time() -> None:
    state = BeggarMyNeighbour().new_game(seed=3)
    assert (state.phase, state.to_act, state.legal_moves(0), state.legal_actions(1)) == (
        Phase.TRICK,
        frozenset(),
        (),
        (),
    )
    events = state.apply({})
    assert isinstance(events[0], CardPlayed) and isinstance(events[-1], PileTaken)
    assert state.tricks == 1 and sum(len(h) for h in state.hands) == 52
    assert state.events_for(1)[0] == CardsDealt((26, 26))
    finished(state)
    assert state.phase is Phase.OVER and isinstance(state.last_events[-1], GameOver)
    with pytest.raises(IllegalMoveError, match="game is over"):
        state.apply({})


def test_a_step_takes_exactly_the_empty_mapping() -> None:
    state = BeggarMyNeighbour().new_game(seed=3)
    before = state.copy()
    with pytest.raises(IllegalMoveError):
        state.apply({0: object()})  # type: ignore[dict-item]
    with pytest.raises(IllegalMoveError):
        state.apply_actions({1: 0})
    assert state == before
    with pytest.raises(UsageError):
        state.legal_moves(2)


def test_observation_and_text() -> None:
    state = State.from_hands(["-J", "---"])
    state.apply({})
    obs = state.observation(1)
    assert isinstance(obs, BeggarObservation)
    assert (obs.hand_sizes, obs.leader, obs.tricks, obs.cards, obs.is_over) == (
        (4, 1),
        0,
        1,
        4,
        False,
    )
    assert [seat for seat, _ in obs.pile] == [0, 1, 0, 1]
    assert TEXT.render(obs) == (
        "trick 1, cards 4 · hands: P0 4, P1 1 · P0 leads · pile: P0 2C P1 3C P0 JC P1 4C"
    )
    assert [TEXT.describe(e) for e in state.last_events] == [
        "P0 turns 2C",
        "P1 turns 3C",
        "P0 turns JC (demands 1)",
        "P1 turns 4C",
        "P0 takes the pile (4 cards)",
    ]
    assert TEXT.render_state(state).splitlines()[0] == "P0 (4) --J-: 2C 3C JC 4C"
    with pytest.raises(IllegalMoveError, match="has no moves"):
        TEXT.parse("go", state, 0)


def test_copy_undo_and_equality() -> None:
    state = BeggarMyNeighbour().new_game(seed=11)
    start = state.copy()
    state.apply({})
    middle = state.copy()
    state.apply({})
    assert state != middle
    state.undo()
    assert state == middle
    state.undo()
    assert state == start and state.hands == start.hands


def test_pickles_round_trip_mid_game() -> None:
    state = BeggarMyNeighbour(rules=Rules(pile_order="reversed")).new_game(seed=5)
    for _ in range(4):
        state.apply({})
    again = pickle.loads(pickle.dumps(state))
    assert again == state
    assert finished(again).result == finished(state).result


def test_a_tampered_machine_key_is_refused() -> None:
    state = BeggarMyNeighbour().new_game(seed=5)
    machine = state.machine
    restore, (cards, key) = machine.__reduce__()
    bad = (key[0], key[1], key[2], key[3], (0, 0, 0, 0, 0, 5), *key[5:])
    with pytest.raises(ValueError, match="winner"):
        restore(cards, bad)
    twice = ((key[0][0], key[0][0]), *key[1:])
    with pytest.raises(ValueError, match="each card once"):
        restore(cards, twice)


def test_hand_built_start_is_written_for_records_and_read_back() -> None:
    game = BeggarMyNeighbour()
    state = game.from_hands("---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---")
    data = state._position_data()
    again = game._from_position(data, 0)
    assert again == state and again.hand_built
    state.apply({})
    with pytest.raises(cardwars.RulesError, match="before trick 1"):
        state._position_data()
    with pytest.raises(cardwars.RulesError, match="has 'hands'"):
        game._from_position({"piles": []}, 0)


def test_deal_notation_and_figures() -> None:
    game = BeggarMyNeighbour()
    state = game.from_hands("-J", "--J-")
    assert game.deal_notation(state) == "-J / --J-"
    assert game.deal_figures(finished(state)) == {"cards": 10, "cycle": 2}


def test_play_with_agents() -> None:
    game = BeggarMyNeighbour()
    final = cardwars.play(game, ["random", "greedy"], seed=4)
    columns = game.run_batch(("random", "random"), 4, 0, 1)
    assert final.result is not None and final.result.length > 0
    assert final == finished(game.new_game(seed=4))
    assert columns["length"][0] == finished(game.new_game(cardwars.derive_seed(4, 0))).tricks


@pytest.mark.skipif(
    "beggar-my-neighbour" not in cardwars.game_names(),
    reason="cardwars' registry does not list the plugin here (it is not installed)",
)
def test_records_round_trip_a_hand_built_game() -> None:
    game = cardwars.load_game("beggar-my-neighbour")
    state = game.from_hands("-J", "--J-")  # type: ignore[attr-defined]
    finished(state)
    again = cardwars.records.loads(cardwars.records.dumps(state))
    assert again == state
