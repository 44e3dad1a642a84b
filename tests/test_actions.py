"""Integer actions (issue 13): the fixed action space of each game and the int protocol.

``Game.num_actions``, ``action_to_move`` and ``move_to_action`` are a bijection on every
game's fixed space; ``legal_actions`` and ``action_mask`` agree with ``legal_moves`` at every
resting point of many seeded games (every game, player count and several option settings);
``apply_actions`` plays exactly the games ``apply`` plays (state, history of the engine's own
move objects, events through ``last_events``); and every kind of bad input raises
:class:`~cardwars.errors.IllegalMoveError` and changes nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any, cast
from unittest.mock import ANY

import pytest

import cardwars
from cardwars import aliwar, clone_war, guerrilla
from cardwars.cards import Card, Deck, Rank, Suit
from cardwars.engine import Event, Game, GameState, Move
from cardwars.errors import IllegalMoveError
from cardwars.guerrilla.rules import allowed_values
from tests.guerrilla.helpers import BOOL_OPTIONS, STRING_OPTIONS

GAMES: tuple[type[Game[Any, Any]], ...] = (aliwar.Aliwar, clone_war.CloneWar, guerrilla.Guerrilla)


def aliwar_games() -> Iterator[Game[Any, Any]]:
    yield aliwar.Aliwar()
    yield aliwar.Aliwar(aliwar.Rules(allow_null_switch=True, kept_card_position="below_returning"))
    yield aliwar.Aliwar(
        aliwar.Rules(allow_null_switch=True, view_recall="face_up_only", max_rounds=40)
    )


def clone_war_games() -> Iterator[Game[Any, Any]]:
    for players in (2, 3, 4):
        yield clone_war.CloneWar(players, clone_war.Rules(max_battles=300))
    yield clone_war.CloneWar(
        3, clone_war.Rules(short_war="play_what_you_can", collect_order="shuffled", max_battles=200)
    )


def guerrilla_games() -> Iterator[Game[Any, Any]]:
    """The defaults for every player count, the two-suit variant, and seeded option mixes."""
    for players in (2, 3, 4):
        yield guerrilla.Guerrilla(players, guerrilla.Rules(max_skirmishes=40))
    yield guerrilla.Guerrilla(2, guerrilla.Rules(two_suit_variant=True, max_skirmishes=40))
    rng = cardwars.Rng(13)
    for players in (2, 3, 4, 2, 3):
        options: dict[str, Any] = {name: bool(rng.below(2)) for name in BOOL_OPTIONS}
        for name in STRING_OPTIONS:
            values = allowed_values(name)
            options[name] = values[rng.below(len(values))]
        yield guerrilla.Guerrilla(players, guerrilla.Rules(max_skirmishes=25, **options))
    # Every extra decision point: the winner's removal picks and the unanimous vote.
    yield guerrilla.Guerrilla(
        3,
        guerrilla.Rules(
            removal_choice="winner_chooses",
            promotion_acceptance="unanimous_vote",
            max_skirmishes=30,
        ),
    )


def all_games() -> Iterator[Game[Any, Any]]:
    yield from aliwar_games()
    yield from clone_war_games()
    yield from guerrilla_games()


def random_step(state: GameState[Any], rng: cardwars.Rng) -> dict[int, int]:
    """One random legal action per polled seat."""
    step = {}
    for seat in sorted(state.to_act):
        legal = state.legal_actions(seat)
        step[seat] = legal[rng.below(len(legal))]
    return step


def resting_points(game: Game[Any, Any], seeds: range) -> Iterator[GameState[Any]]:
    """Every resting point of the games dealt from ``seeds``, played by random actions."""
    for seed in seeds:
        state = game.new_game(seed)
        rng = cardwars.Rng(seed + 1)
        yield state
        while not state.is_over:
            state.apply_actions(random_step(state, rng))
            yield state


# --- the fixed spaces ------------------------------------------------------------------------


@pytest.mark.parametrize("game_type", GAMES, ids=lambda cls: cls.name)
def test_the_action_space_is_a_bijection(game_type: type[Game[Any, Any]]) -> None:
    game = cardwars.load_game(game_type.name)
    assert game.num_actions == len(game.action_space) == len(game.action_space.moves)
    for action in range(game.num_actions):
        move = game.action_to_move(action)
        assert game.move_to_action(move) == action
        # A value-equal move built anew maps to the same action, and back to an equal move.
        rebuilt = dataclasses.replace(cast(Any, move))
        assert rebuilt is not move
        assert game.move_to_action(rebuilt) == action
        assert game.action_to_move(game.move_to_action(rebuilt)) == rebuilt
    assert len(set(game.action_space.moves)) == game.num_actions


def test_the_numbering_is_the_same_for_every_option_and_player_count() -> None:
    for game in all_games():
        reference = cardwars.load_game(game.name)
        assert game.num_actions == reference.num_actions
        assert game.action_space is reference.action_space
        state = game.new_game(0)
        assert type(state)._action_space is game.action_space


def test_the_documented_tables() -> None:
    card = Card(Rank.SEVEN, Suit.DIAMONDS)
    game: Game[Any, Any] = aliwar.Aliwar()
    assert game.num_actions == 277
    switches = [aliwar.Switch(a, b) for a in range(6) for b in range(a + 1, 6)]
    assert [game.action_to_move(a) for a in range(15)] == switches
    assert game.action_to_move(15) == aliwar.Switch(5, 5)
    assert game.move_to_action(aliwar.Keep(card, 3)) == 16 + 5 * card.id + 3
    assert game.action_to_move(276) == aliwar.Decline()

    game = guerrilla.Guerrilla()
    assert game.num_actions == 2968
    assert [game.action_to_move(a) for a in range(4)] == [
        guerrilla.Propose(),
        guerrilla.Pass(),
        guerrilla.Allow(),
        guerrilla.Reject(),
    ]
    kinds = (guerrilla.Cancel, guerrilla.Play, guerrilla.Support, guerrilla.Remove)
    for first, kind in zip((4, 56, 108, 160), kinds, strict=True):
        for other in Deck.standard():
            assert game.move_to_action(kind(other)) == first + other.id
    for up in (Card(Rank.TWO, Suit.CLUBS), card, Card(Rank.ACE, Suit.SPADES)):
        assert game.move_to_action(guerrilla.TieCards(up, None)) == 212 + 53 * up.id + 52
        for down in Deck.standard():
            action = game.move_to_action(guerrilla.TieCards(up, down))
            assert action == 212 + 53 * up.id + down.id

    assert clone_war.CloneWar(4).num_actions == 0
    assert clone_war.CloneWar().action_space.moves == ()


FOREIGN: tuple[object, ...] = (
    None,
    0,
    True,
    "Decline()",
    ANY,
    object(),
    Move(),
    aliwar.Keep(Card(Rank.ACE, Suit.SPADES, 1), 0),  # a card of another deck
    guerrilla.Play(Card(Rank.KING, Suit.SPADES, 2)),
    guerrilla.Pass(),  # Aliwar: another game's move; Guerrilla: see below
    aliwar.Decline(),
)


class ClaimsToBeDecline(aliwar.Decline):
    """A subclass of a move type that says it equals everything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return hash(aliwar.Decline())


class RaisingEquality(Move):
    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("hostile __eq__")

    def __hash__(self) -> int:
        raise RuntimeError("hostile __hash__")


def fake_play() -> guerrilla.Play:
    """A ``Play`` whose card is no card, built past the constructor."""
    move = object.__new__(guerrilla.Play)
    object.__setattr__(move, "card", 99)
    return move


@pytest.mark.parametrize("game_type", GAMES, ids=lambda cls: cls.name)
def test_move_to_action_trusts_nothing_it_is_given(game_type: type[Game[Any, Any]]) -> None:
    game = cardwars.load_game(game_type.name)
    own = set(game.action_space.moves)
    hostile = (*FOREIGN, ClaimsToBeDecline(), RaisingEquality(), fake_play())
    for value in hostile:
        if any(type(value) is type(move) and value == move for move in own):
            continue  # a move of this game (Guerrilla's Pass)
        with pytest.raises(IllegalMoveError, match="is not a move of"):
            game.move_to_action(cast(Move, value))


@pytest.mark.parametrize("game_type", GAMES, ids=lambda cls: cls.name)
def test_action_to_move_takes_ints_in_range_only(game_type: type[Game[Any, Any]]) -> None:
    game = cardwars.load_game(game_type.name)
    for bad in (-1, game.num_actions, 10**30, -(10**30)):
        with pytest.raises(IllegalMoveError, match="is not an action"):
            game.action_to_move(bad)
    for bad_type in (True, False, 1.0, "0", None, ANY):
        with pytest.raises(IllegalMoveError, match="is an int"):
            game.action_to_move(cast(int, bad_type))


# --- legal actions and masks at many resting points ------------------------------------------


def test_legal_actions_and_masks_agree_with_legal_moves() -> None:
    points = 0
    for game in all_games():
        seeds = range(3) if game.name == "clone-war" else range(4)
        for state in resting_points(game, seeds):
            points += 1
            for seat in range(state.players):
                legal = state.legal_moves(seat)
                actions = state.legal_actions(seat)
                assert actions == tuple(game.move_to_action(move) for move in legal)
                assert [game.action_to_move(action) for action in actions] == list(legal)
                assert bool(actions) == (seat in state.to_act)
                mask = state.action_mask(seat)
                assert type(mask) is bytes and len(mask) == game.num_actions
                assert set(mask) <= {0, 1}
                assert [a for a, bit in enumerate(mask) if bit] == sorted(actions)
    assert points > 1000


def test_legal_actions_check_the_seat() -> None:
    state = aliwar.Aliwar().new_game(1)
    for bad in (2, -1, True, "0"):
        with pytest.raises(cardwars.errors.UsageError):
            state.legal_actions(cast(int, bad))
        with pytest.raises(cardwars.errors.UsageError):
            state.action_mask(cast(int, bad))


def test_numpy_reads_the_mask() -> None:
    numpy = pytest.importorskip("numpy", reason="numpy is not installed: the mask is plain bytes")
    state = guerrilla.Guerrilla(3).new_game(5)
    mask = numpy.frombuffer(state.action_mask(1), dtype=numpy.uint8)
    assert mask.shape == (guerrilla.Guerrilla.num_actions,)
    assert numpy.flatnonzero(mask).tolist() == sorted(state.legal_actions(1))
    empty = numpy.frombuffer(clone_war.CloneWar().new_game(1).action_mask(0), dtype=numpy.uint8)
    assert empty.shape == (0,)


# --- apply_actions plays what apply plays ----------------------------------------------------


def test_apply_actions_plays_exactly_the_games_of_apply() -> None:
    for game in all_games():
        for seed in range(3):
            by_moves = game.new_game(seed)
            by_actions = game.new_game(seed)
            rng = cardwars.Rng(seed + 7)
            assert by_moves.last_events == by_actions.last_events == ()
            while not by_moves.is_over:
                step = random_step(by_actions, rng)
                offered = {seat: by_actions.legal_moves(seat) for seat in step}
                moves = {seat: game.action_to_move(action) for seat, action in step.items()}
                events = by_moves.apply(moves)
                assert by_moves.last_events == events
                assert by_actions.apply_actions(step) is None
                last: object = by_actions.last_events
                assert isinstance(last, tuple)
                assert all(isinstance(event, Event) for event in last)
                assert by_actions.last_events == events
                assert by_actions == by_moves
                recorded = by_actions.history[-1]
                assert recorded == by_moves.history[-1] == moves
                for seat, move in recorded.items():
                    assert any(move is own for own in offered[seat]), "not the engine's own move"
            assert by_actions.is_over and by_actions.result == by_moves.result
            assert by_actions.history == by_moves.history
            for seat in range(game.players):
                assert by_actions.observation(seat) == by_moves.observation(seat)


def test_play_gives_the_same_game_as_actions() -> None:
    """Same seed, same game: the random agent's choices replayed as actions."""
    games: tuple[Game[Any, Any], ...] = (aliwar.Aliwar(), guerrilla.Guerrilla(3))
    for game in games:
        final = cardwars.play(game, ["random"] * game.players, seed=11)
        replay = game.new_game(11)
        for step in final.history:
            replay.apply_actions({seat: game.move_to_action(m) for seat, m in step.items()})
        assert replay == final


def test_last_events_survive_copies_and_rejections() -> None:
    state = aliwar.Aliwar().new_game(3)
    events = state.apply({0: aliwar.Switch(0, 1), 1: aliwar.Switch(2, 3)})
    assert state.last_events == events and events
    copy = state.copy()
    assert copy.last_events == events
    with pytest.raises(IllegalMoveError):
        state.apply_actions({0: 10**6})
    with pytest.raises(IllegalMoveError):
        state.apply({0: aliwar.Switch(0, 0)})
    assert state.last_events == events
    copy.apply_actions(random_step(copy, cardwars.Rng(1)))
    assert state.last_events == events and copy.last_events != events


def test_clone_war_steps_on_the_empty_action_space() -> None:
    for players in (2, 3, 4):
        game = clone_war.CloneWar(players)
        a, b = game.new_game(9), game.new_game(9)
        while not a.is_over:
            assert all(a.legal_actions(seat) == () for seat in range(players))
            assert all(a.action_mask(seat) == b"" for seat in range(players))
            events = b.apply({})
            a.apply_actions({})
            assert a.last_events == events == b.last_events
            assert a == b and a.history == b.history
        with pytest.raises(IllegalMoveError, match="the game is over"):
            a.apply_actions({})


# --- every kind of bad input changes nothing -------------------------------------------------


NON_MAPPINGS: tuple[object, ...] = (None, 0, "01", [], [(0, 0)], (), ANY, frozenset())


def snapshot(state: GameState[Any]) -> tuple[Any, ...]:
    seats = range(state.players)
    return (
        state.copy(),
        tuple(state.observation(seat) for seat in seats),
        tuple(state.legal_moves(seat) for seat in seats),
        tuple(state.legal_actions(seat) for seat in seats),
        tuple(state.action_mask(seat) for seat in seats),
        state.history,
        state.last_events,
    )


def bad_inputs(state: GameState[Any], rng: cardwars.Rng) -> Iterator[tuple[object, str]]:
    """(argument, a text its message must contain) for every kind of bad input to ``state``."""
    n = len(type(state)._action_space)
    step: dict[Any, Any] = random_step(state, rng)
    for junk in NON_MAPPINGS:
        yield junk, "takes a mapping of seat -> action"
    if state.is_over:
        yield {}, "the game is over"
        yield {0: 0}, "the game is over"
        return
    # A seat key as str, float or bool (a float or bool key equal to an int one would
    # replace it in the dict, so the seat's own key is taken out first).
    low = min(step, default=0)
    rest = {seat: action for seat, action in step.items() if seat != low}
    for key in (str(low), float(low), bool(low) if low < 2 else 0.5):
        yield {**rest, key: step.get(low, 0)}, "takes int seats"
    unpolled = [seat for seat in range(state.players) if seat not in step]
    if unpolled:
        yield {**step, unpolled[0]: 0}, f"for seat(s) [{unpolled[0]}] that are not polled"
    yield {**step, state.players + 3: 0}, "that are not polled"
    if step:
        seat = sorted(step)[-1]
        missing = {s: a for s, a in step.items() if s != seat}
        yield missing, f"no action for polled seat(s) [{seat}]"
        legal = state.legal_actions(seat)
        for value in (True, False, 1.0, "1", None, ANY, [0]):
            yield {**step, seat: value}, f"seat {seat} cannot play"
        for value in (-1, n, n + 5, 10**30):
            yield {**step, seat: value}, f"action {value}, outside the {n} actions 0..{n - 1}"
        illegal = [a for a in range(n) if a not in legal]
        pick = illegal[rng.below(len(illegal))]
        move = str(state_game_move(state, pick))
        yield {**step, seat: pick}, f"seat {seat} cannot play action {pick} ({move}) in phase"


def state_game_move(state: GameState[Any], action: int) -> Move:
    return type(state)._action_space.move(action)


class TwoFaced(dict[int, int]):
    """A dict whose items() and values differ on a second read: it must never matter."""

    def items(self) -> Any:
        return [(seat, -1) for seat in self]


def test_every_bad_input_is_rejected_and_changes_nothing() -> None:
    checked = 0
    for game in (*aliwar_games(), clone_war.CloneWar(3), *guerrilla_games()):
        rng = cardwars.Rng(99)
        for index, state in enumerate(resting_points(game, range(2))):
            if index % 7 and not state.is_over:
                continue  # every seventh resting point, and the ends
            before = snapshot(state)
            for argument, text in bad_inputs(state, rng):
                with pytest.raises(IllegalMoveError) as caught:
                    state.apply_actions(cast(Any, argument))
                message = str(caught.value)
                assert text in message, f"{argument!r}: {message}"
                if "cannot play" in message:
                    assert "; legal actions: " in message
                assert snapshot(state) == before, f"{argument!r} changed the state"
                checked += 1
            if not state.is_over and state.to_act:
                with pytest.raises(IllegalMoveError):
                    state.apply_actions(TwoFaced(random_step(state, rng)))
                assert snapshot(state) == before
    assert checked > 500


# --- MoveKeys: equal move values a caller built, to actions (issue 22, item 5) --------------
def _fresh(move: object) -> object:
    """An equal move built anew (a front end's or wire.decode's object, not the space's)."""
    import copy

    return copy.deepcopy(move)


@pytest.mark.parametrize("name", ["aliwar", "guerrilla"])
def test_move_keys_builds_agree_on_every_move_and_on_foreign_values(name: str) -> None:
    from tests.builds import pure

    compiled = pytest.importorskip("cardwars._core")
    space = cardwars.load_game(name).action_space
    keys = (compiled.MoveKeys(space.moves), pure.MoveKeys(space.moves))
    for action, move in enumerate(space.moves):
        fresh = _fresh(move)
        assert fresh is not move
        assert [k.action_of(fresh) for k in keys] == [action, action]
        assert [k.actions_of({1: fresh, 0: move}) for k in keys] == [{1: action, 0: action}] * 2
    foreign: list[object] = [None, 0, True, "Decline", ANY, object(), (), type(space.moves[0])]
    for value in foreign:
        assert [k.action_of(value) for k in keys] == [-1, -1]
    for given in ({True: space.moves[0]}, {0: None}, [(0, space.moves[0])], None):
        assert [k.actions_of(given) for k in keys] == [None, None]


def test_an_action_space_asks_the_current_backend(backend: str) -> None:
    space = cardwars.load_game("aliwar").action_space
    move = _fresh(space.moves[7])
    assert space.actions_of({0: move}) == {0: 7}
    assert type(space._keys()).__module__.endswith("_core" if backend == "compiled" else "values")
