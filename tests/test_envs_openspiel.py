"""The OpenSpiel games of :mod:`cardwars.envs.openspiel`: OpenSpiel's own checks, and ours.

Skipped, with the reason, when ``pyspiel`` is not installed (``pip install "cardwars[openspiel]"``).
"""

from __future__ import annotations

import itertools
import json
import random
import re
import unittest
from typing import Any

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open-spiel is not installed: pip install 'cardwars[openspiel]'"
)

from cardwars import load_game  # noqa: E402
from cardwars.envs import openspiel  # noqa: E402
from cardwars.errors import RulesError, UsageError  # noqa: E402

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("cardwars_aliwar", {"num_deals": 50}),
    ("cardwars_aliwar", {"allow_null_switch": True, "view_recall": "face_up_only"}),
    ("cardwars_guerrilla", {"players": 2}),
    ("cardwars_guerrilla", {"players": 3, "removal_choice": "winner_chooses"}),
    ("cardwars_guerrilla", {"players": 4, "recruit_shortfall": "reshuffle", "kicker": True}),
    ("cardwars_guerrilla", {"players": 2, "two_suit_variant": True, "tie_cards": "blind"}),
]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in params.items())}" for name, params in GAMES]


def random_step(state: Any, rng: random.Random) -> None:
    """One uniform random step of an OpenSpiel state."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    elif state.is_simultaneous_node():
        game = state.get_game()
        state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(game.num_players())])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def trajectory(game: Any, seed: int) -> list[Any]:
    """Every state of one random game, root to terminal (clones)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        random_step(state, rng)
        states.append(state.clone())
    return states


# pyspiel's own random-play check of the adapter, once (the adapter is the same Python on both
# backends; test_nothing_hidden_leaks and the rule suites run on both).
@pytest.mark.compiled_pass
@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_random_sim_test(name: str, params: dict[str, Any]) -> None:
    """OpenSpiel's random simulation test, serialization round trips included."""
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.compiled_pass
@pytest.mark.parametrize("turn_based", [False, True], ids=["simultaneous", "turn_based"])
@pytest.mark.parametrize(("name", "params"), GAMES[::2], ids=IDS[::2])
def test_openspiel_api_checks(name: str, params: dict[str, Any], turn_based: bool) -> None:
    """The checks of OpenSpiel's API test for every registered game (integration_tests/api_test).

    Its sampler sees only the root of a simultaneous-move game, so the checks also run
    on the turn-based form (``convert_to_turn_based``), where it samples 400 states.
    """
    api_test = pytest.importorskip("open_spiel.integration_tests.api_test")
    game = pyspiel.load_game(name, params)
    if turn_based:
        game = pyspiel.convert_to_turn_based(game)
        pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    case = type(
        "CardwarsAPITest",
        (api_test.EnforceAPIOnPartialTreeBase,),
        {"game_name": name, "game": game},
    )
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(case)
    result = unittest.TestResult()
    suite.run(result)
    problems = [f"{test}: {trace}" for test, trace in result.failures + result.errors]
    assert not problems, "\n".join(problems)
    assert result.testsRun >= 5


def test_registered_types() -> None:
    """Both games are registered, simultaneous, with an explicit chance node."""
    names = {game_type.short_name: game_type for game_type in pyspiel.registered_games()}
    for short in openspiel.GAME_NAMES.values():
        game_type = names[short]
        assert game_type.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
        assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert game_type.provides_information_state_string
        assert game_type.provides_observation_tensor
    assert names["cardwars_guerrilla"].max_num_players == 4
    assert "players" not in names["cardwars_aliwar"].parameter_specification


def test_the_deal_is_the_chance_node() -> None:
    """Outcome k deals the cardwars game from derive_seed(deal_seed, k), uniformly."""
    game = openspiel.load_game("guerrilla", players=3, num_deals=7, deal_seed=11)
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert [k for k, _ in outcomes] == list(range(7))
    assert [p for _, p in outcomes] == pytest.approx([1 / 7] * 7)
    assert game.max_chance_outcomes() == 7
    state.apply_action(5)
    expected = load_game("guerrilla", players=3).new_game(_kernels_seed(11, 5))
    assert state.cardwars_state == expected
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    # no further chance node: Guerrilla's reshuffles and removals come from the state's RNG
    for step in trajectory(game, 3)[1:]:
        assert not step.is_chance_node()


def _kernels_seed(seed: int, k: int) -> int:
    from tests import builds

    return int(builds.current.derive_seed(seed, k))


@pytest.mark.compiled_pass
@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_nodes_actions_and_returns(name: str, params: dict[str, Any]) -> None:
    """Polled seats play the cardwars legal actions; the others wait or have none."""
    game = pyspiel.load_game(name, params)
    wait = game.wait_action()
    assert wait == game.num_distinct_actions() - 1 == game.cardwars_game.num_actions
    for seed in range(3):
        states = trajectory(game, seed)
        for state in states[1:-1]:
            inner = state.cardwars_state
            polled = inner.to_act
            for seat in range(game.num_players()):
                legal = state.legal_actions(seat)
                if seat in polled:
                    assert legal == sorted(inner.legal_actions(seat))
                elif len(polled) > 1:
                    assert legal == [wait]
                else:
                    assert legal == []
            if len(polled) == 1:
                assert state.current_player() == next(iter(polled))
        final = states[-1]
        assert final.is_terminal()
        assert sum(final.returns()) == pytest.approx(0.0)
        assert all(-1.0 <= r <= 1.0 for r in final.returns())
        assert len(final.history()) <= game.max_history_length()
        assert final.move_number() <= game.max_move_number()


def test_returns_of() -> None:
    assert openspiel.returns_of((1, 2)) == [1.0, -1.0]
    assert openspiel.returns_of((1, 1)) == [0.0, 0.0]
    assert openspiel.returns_of((2, 1, 1, 4)) == pytest.approx([-1 / 3, 2 / 3, 2 / 3, -1.0])


@pytest.mark.compiled_pass
@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_serialize_clone_and_determinism(name: str, params: dict[str, Any]) -> None:
    """serialize/deserialize and clone give equal, independent states that play on alike."""
    game = pyspiel.load_game(name, params)
    states = trajectory(game, 7)
    for state in states[:: max(1, len(states) // 6)]:
        text = state.serialize()
        data = json.loads(text)
        assert set(data) == {"deal", "steps"}
        again = game.deserialize_state(text)
        assert str(again) == str(state)
        assert again.history() == state.history()
        assert again.cardwars_state == state.cardwars_state
        for seat in range(game.num_players()):
            if not state.is_chance_node():
                assert again.information_state_string(seat) == state.information_state_string(seat)
        # a clone plays on exactly as the original (the RNG is part of the state)
        clone = state.clone()
        rng_a, rng_b = random.Random(1), random.Random(1)
        while not state.is_terminal():
            random_step(state, rng_a)
            random_step(clone, rng_b)
            assert str(state) == str(clone)
        assert clone.returns() == state.returns()
    with pytest.raises(ValueError, match="not a serialized"):
        game.deserialize_state("nonsense")


_CARD = re.compile(r"\b[2-9TJQKA][CDHS]\b")


@pytest.mark.compiled_pass
@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_nothing_hidden_leaks(name: str, params: dict[str, Any]) -> None:
    """No string or tensor of a seat shows a card the seat may not know, nor the seed."""
    game = pyspiel.load_game(name, params)
    size = game.observation_tensor_size()
    for seed in range(2):
        states = trajectory(game, seed)
        seen: list[set[str]] = [set() for _ in range(game.num_players())]
        for state in states[1:]:
            inner = state.cardwars_state
            for seat in range(game.num_players()):
                observation = state.observation_string(seat)
                seen[seat] |= set(_CARD.findall(observation))
                info = state.information_state_string(seat)
                assert set(_CARD.findall(info)) <= seen[seat]
                assert str(inner.seed) not in info
                hidden = _hidden_cards(inner, seat)
                assert not hidden & set(_CARD.findall(observation)), (seat, hidden)
                tensor = state.observation_tensor(seat)
                assert len(tensor) == size
                assert all(0.0 <= value <= 1.0 for value in tensor)
        # the information state of a seat grows: perfect recall of its own past
        for seat in range(game.num_players()):
            infos = [s.information_state_string(seat) for s in states[1:]]
            assert all(b.startswith(a) for a, b in itertools.pairwise(infos))


def _hidden_cards(inner: Any, seat: int) -> set[str]:
    """Cards ``seat`` cannot see now: the other seats' hands and every draw pile (Guerrilla;
    Aliwar's face-down cards are the observation's own ``None``)."""
    if inner.game_name != "guerrilla":
        return set()
    hidden = {str(card) for pile in inner.draw_piles for card in pile}
    for other in range(inner.players):
        if other != seat:
            hidden |= {str(card) for card in inner.hands[other]}
    return hidden


def test_guerrilla_private_and_public_observations() -> None:
    """Guerrilla's private observation is the seat's hand; the public one has no hand."""
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("cardwars_guerrilla", {"players": 2})
    state = trajectory(game, 1)[3]
    private = make_observation(
        game,
        pyspiel.IIGObservationType(
            public_info=False,
            perfect_recall=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    )
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    hand = [str(card) for card in state.cardwars_state.observation(0).hand]
    assert private.string_from(state, 0) == "hand: " + " ".join(hand)
    assert not set(hand) & set(_CARD.findall(public.string_from(state, 0).split("your hand")[0]))
    assert public.string_from(state, 0) == public.string_from(state, 0)
    aliwar = pyspiel.load_game("cardwars_aliwar")
    assert (
        make_observation(
            aliwar,
            pyspiel.IIGObservationType(
                public_info=False,
                perfect_recall=False,
                private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
            ),
        )
        is None
    )


def test_observation_tensor_views() -> None:
    """The tensor's named views: every card is in exactly one Aliwar location."""
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("cardwars_aliwar")
    observation = make_observation(game)
    for state in trajectory(game, 2)[1:]:
        observation.set_from(state, 1)
        locations = observation.dict["card_location"]
        assert locations.shape == (52, 16)
        assert (locations.sum(axis=1) == 1).all()
        assert observation.dict["phase"].sum() == 1


def test_load_game_errors() -> None:
    """Clone War has no OpenSpiel game, and says why; bad parameters are refused."""
    with pytest.raises(UsageError, match="clone-war has no decisions"):
        openspiel.load_game("clone-war")
    with pytest.raises(UsageError, match="unknown game"):
        openspiel.load_game("chess")
    assert openspiel.load_game("aliwar").num_players() == 2
    with pytest.raises(ValueError, match="num_deals"):
        pyspiel.load_game("cardwars_aliwar", {"num_deals": 0})
    with pytest.raises(RulesError, match="two_suit_variant"):
        pyspiel.load_game("cardwars_guerrilla", {"players": 3, "two_suit_variant": True})
