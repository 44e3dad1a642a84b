"""``cardwars.Table``: people and agents at one table (issue 24, item 1).

* Same seed, same agents: the same game as :func:`cardwars.play` when the people
  play what ``play()``'s agents would, in all three games.
* A person's pending move is secret until every polled person has moved.
* ``undo`` goes back to the people's previous decision, agents' RNGs included.
* Every refused call (bad seats, illegal moves, hostile keys, an agent that fails)
  leaves the table exactly as it was.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

import cardwars
from cardwars import Rng, Table, aliwar, derive_seed, exclusive, guerrilla, wire
from cardwars.engine import Agent, Move
from cardwars.errors import CardwarsError, IllegalMoveError, UsageError
from cardwars.table import MAX_VIEW_EVENTS, SeatView
from tests.test_reliability_errors import Boom, Collide, Hostile, HostileInt

# (game, players, people, agent name)
SAME_AS_PLAY = [
    ("aliwar", 2, {0}, "random"),
    ("aliwar", 2, {1}, "greedy"),
    ("aliwar", 2, {0, 1}, "random"),
    ("clone-war", 3, set(), "random"),
    ("clone-war", 2, {1}, "greedy"),
    ("guerrilla", 3, {0, 2}, "random"),
    ("guerrilla", 4, {3}, "greedy"),
]


def _people_play(table: Table[Any, Any, Any], agents: Mapping[int, Agent], seed: int) -> int:
    """Play the people's seats with ``agents``, drawing as ``play()``'s would; count calls."""
    rngs = {seat: Rng(derive_seed(seed, 1 + seat)) for seat in agents}
    calls = 0
    while not table.is_over:
        assert table.waiting_for, "the table rests only where a person is polled"
        for seat in table.waiting_for:  # one person at a time, as a front end hears them
            view = table.view(seat)
            move = agents[seat].choose(view.observation, view.legal_moves, rngs[seat])
            table.play({seat: move})
            calls += 1
    return calls


@pytest.mark.parametrize(("name", "players", "people", "agent"), SAME_AS_PLAY)
@pytest.mark.parametrize("seed", [3, 11])
def test_same_seed_same_game_as_play(
    name: str, players: int, people: set[int], agent: str, seed: int
) -> None:
    game = cardwars.load_game(name, players=players)
    names: list[Agent | str] = [agent] * players
    final = cardwars.play(game, names, seed=seed)
    table = Table(
        game, {seat: names[seat] for seat in range(players) if seat not in people}, seed=seed
    )
    game_agent = {seat: game.make_agent(agent) for seat in people}
    calls = _people_play(table, game_agent, seed)
    assert table.state == final
    assert table.state.history == final.history
    assert table.result == final.result
    if people and name != "clone-war":
        assert calls > 0
    else:  # Clone War has no decisions: the table ran to the end at once
        assert calls == 0
        assert not table.can_undo


def test_a_table_without_people_plays_the_whole_game() -> None:
    game = cardwars.load_game("aliwar")
    table = Table(game, {0: "random", 1: "greedy"}, seed=5)
    assert table.is_over
    assert table.waiting_for == ()
    assert table.state == cardwars.play(game, ["random", "greedy"], seed=5)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        table.play({0: aliwar.Decline()})
    with pytest.raises(UsageError, match="nothing to undo"):
        table.undo()


def test_clone_war_paused_steps_one_battle_at_a_time_and_undoes_them() -> None:
    game = cardwars.load_game("clone-war", players=2)
    table = Table(game, {1: "random"}, seed=13, pause_automatic=True)
    assert table.automatic
    assert table.waiting_for == ()
    view = table.view(0)
    assert view.automatic
    assert view.legal_moves == ()
    assert not view.can_undo
    with pytest.raises(UsageError, match="the table takes moves from seat"):
        table.play({0: aliwar.Decline()})
    assert table.play({})
    assert len(table.state.history) == 1
    assert table.play({})
    table.undo()
    assert len(table.state.history) == 1
    while not table.is_over:
        table.play({})
    assert table.state == cardwars.play(game, ["random", "random"], seed=13)


def test_a_pending_move_is_secret_until_every_person_has_moved() -> None:
    game = aliwar.Aliwar()
    table: Table[aliwar.State, aliwar.AliwarObservation, aliwar.Move] = Table(game, seed=9)
    assert table.people == frozenset({0, 1})
    assert table.waiting_for == (0, 1)
    before = wire.encode(table.view(1, since=0))
    first, second = table.view(0).legal_moves[:2]
    assert table.play({0: first}) is False
    assert list(table.waiting_for) == [1]
    assert table.view(0).pending == first
    seen = table.view(1, since=0)
    assert seen.pending is None
    assert wire.encode(seen) == before  # not a trace of seat 0's choice
    assert not table.state.history
    assert table.play({0: second}) is False  # a person may change a pending move
    theirs = table.view(1).legal_moves[-1]
    assert table.play({1: theirs}) is True
    assert table.state.history[0] == {0: second, 1: theirs}
    assert table.view(0).pending is None
    assert table.waiting_for == (0, 1)


def test_both_people_at_once_equals_one_by_one() -> None:
    game = aliwar.Aliwar()
    together, apart = Table(game, seed=4), Table(game, seed=4)
    for _ in range(5):
        moves = {seat: together.view(seat).legal_moves[-1] for seat in together.waiting_for}
        assert together.play(moves)
        for seat in sorted(moves, reverse=True):
            apart.play({seat: moves[seat]})
    assert together.state == apart.state


def test_views_hand_out_each_event_once_with_its_text() -> None:
    game = cardwars.load_game("guerrilla", players=3)
    table = Table(game, {1: "random", 2: "random"}, seed=2)
    received: list[Any] = []
    while not table.is_over:
        view = table.view(0)
        assert view.events_from == len(received)
        assert [event.index for event in view.events] == list(
            range(view.events_from, view.event_count)
        )
        for item in view.events:
            assert item.text == game.text.describe(item.event)
        received.extend(item.event for item in view.events)
        assert view.labels == tuple(game.text.label(move) for move in view.legal_moves)
        assert view.actions == tuple(game.move_to_action(move) for move in view.legal_moves)
        table.play({0: view.legal_moves[0]})
    received.extend(item.event for item in table.view(0).events)
    assert tuple(received) == table.state.events_for(0)
    assert table.view(0).events == ()
    final = table.view(0)
    assert final.result == table.result is not None
    assert final.legal_moves == ()
    assert not final.waiting


@pytest.mark.parametrize(("name", "players"), [("aliwar", 2), ("clone-war", 3), ("guerrilla", 2)])
def test_every_seats_feed_starts_with_a_line_of_text(name: str, players: int) -> None:
    """A person's feed starts with the deal (or the first skirmish), never a blank line."""
    game = cardwars.load_game(name, players=players)
    table = Table(game, seed=5)
    for seat in range(players):
        first = table.view(seat).events[0]
        assert first.index == 0 and first.text
        if name != "guerrilla":  # Guerrilla's feed starts with its first skirmish
            assert type(first.event).__name__ == "CardsDealt"
            assert first.text.startswith("dealt")


def test_a_view_holds_at_most_max_view_events() -> None:
    game = cardwars.load_game("clone-war", players=2)
    table = Table(game, {1: "random"}, seed=1)  # runs to the end: a long feed
    feed = table.state.events_for(0)
    view = table.view(0)
    assert len(view.events) == min(len(feed), MAX_VIEW_EVENTS)
    assert view.event_count == len(feed)
    assert view.events_from == len(feed) - len(view.events)


def test_undo_goes_back_to_the_previous_decision_with_the_agents_rngs() -> None:
    game = cardwars.load_game("guerrilla", players=3)
    table = Table(game, {1: "random", 2: "random"}, seed=8)
    with pytest.raises(UsageError, match="nothing to undo"):
        table.undo()
    while True:  # to a decision after which the agents play on alone
        table.view(0)
        start, start_view = table.state, table.view(0, since=0)
        move = start_view.legal_moves[-1]
        table.play({0: move})
        after = table.state
        if len(after.history) > len(start.history) + 1:
            break
    table.view(0)
    table.undo()
    assert table.state == start
    assert table.view(0, since=0) == start_view
    assert table.view(0).events == ()  # the cursor stayed with the feed
    table.play({0: move})
    assert table.state == after  # the agents drew the same again
    while not table.is_over:
        last = table.state
        table.play({0: table.view(0).legal_moves[0]})
    table.undo()  # from the end: back to the last decision
    assert table.state == last


def test_undo_after_a_shrunk_feed_restarts_the_view_where_the_feed_ends() -> None:
    table = Table(aliwar.Aliwar(), {1: "random"}, seed=3)
    for _ in range(3):
        table.play({0: table.view(0).legal_moves[0]})
    count = table.view(0).event_count
    table.undo()
    view = table.view(0)
    assert view.events == ()
    assert view.events_from == view.event_count < count


def _snapshot(table: Table[Any, Any, Any]) -> Any:
    return (
        table.state,
        table.waiting_for,
        table.can_undo,
        [wire.encode(table.view(seat, since=0)) for seat in range(table.game.players)],
    )


class _Pairs(Mapping[Any, Any]):
    """A mapping that hands out ``pairs`` from items() (unhashable keys included)."""

    def __init__(self, pairs: list[tuple[Any, Any]]) -> None:
        self.pairs = pairs

    def __getitem__(self, key: Any) -> Any:
        raise KeyError(key)

    def __iter__(self) -> Iterator[Any]:
        return iter([key for key, _ in self.pairs])

    def __len__(self) -> int:
        return len(self.pairs)

    def items(self) -> Any:
        return list(self.pairs)


class _Items(dict[Any, Any]):
    """A mapping whose items() raises."""

    def items(self) -> Any:
        raise Boom("items")


def _refused_calls(move: Move, other: Move) -> Iterator[tuple[str, Any]]:
    yield "a list", [move]
    yield "None", None
    yield "a bool seat", {True: move}
    yield "a hostile int seat", _Pairs([(HostileInt(0), move)])
    yield "a seat twice", _Pairs([(0, move), (0, move)])
    yield "a colliding seat", {Collide(0): move}
    yield "a hostile seat", _Pairs([(Hostile(), move)])
    yield "a seat out of range", {5: move}
    yield "a negative seat", {-1: move}
    yield "the agent's seat", {1: move}
    yield "a hostile move", {0: Hostile()}
    yield "a move of another seat", {0: other}
    yield "a move of another game", {0: guerrilla.Pass()}
    yield "a string", {0: str(move)}
    yield "no moves", {}
    yield "unreadable items", _Items({0: move})


def test_refused_calls_change_nothing() -> None:
    table = Table(aliwar.Aliwar(), {1: "random"}, seed=6)
    table.play({0: table.view(0).legal_moves[0]})
    table.view(0)
    move = table.view(0).legal_moves[0]
    other = aliwar.Decline() if not isinstance(move, aliwar.Decline) else aliwar.Switch(0, 1)
    before = _snapshot(table)
    for what, moves in _refused_calls(move, other):
        with pytest.raises(CardwarsError):
            table.play(moves)
        assert _snapshot(table) == before, what
    for seat in (True, HostileInt(0), Hostile(), 2, -1, 0.0):
        with pytest.raises(UsageError, match="seat"):
            table.view(seat)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="since"):
        table.view(0, since=-1)
    with pytest.raises(UsageError, match="since"):
        table.view(0, since=HostileInt(1))
    assert _snapshot(table) == before


def test_an_illegal_move_is_refused_with_the_engines_fields() -> None:
    # A front end shows the refusal: the seat, the move and the legal moves as labels
    # and wire documents, as apply() gives them.
    table = Table(aliwar.Aliwar(), {1: "random"}, seed=6)
    view = table.view(0)
    with pytest.raises(IllegalMoveError) as caught:
        table.play({0: aliwar.Decline()})
    error = caught.value
    assert error.seat == 0 and error.move == "decline"
    assert error.legal == view.labels
    assert error.legal_wire is not None and len(error.legal_wire) == len(view.legal_moves)
    assert str(error).startswith("seat 0 cannot play decline")


def test_refused_tables() -> None:
    game = aliwar.Aliwar()
    for agents, message in [
        (["random", "random"], "mapping"),
        ("random", "mapping"),
        ({2: "random"}, "seats, plain ints 0..1"),
        ({True: "random"}, "seats, plain ints"),
        (_Pairs([(HostileInt(0), "random")]), "seats, plain ints"),
        ({Collide(0): "random"}, "seats, plain ints"),
        ({0: "wizard"}, "wizard"),
        ({0: Hostile()}, "choose"),
        (_Items({0: "random"}), "could not read"),
    ]:
        with pytest.raises(UsageError, match=message):
            Table(game, agents)  # type: ignore[call-overload]
    with pytest.raises(UsageError, match="Game"):
        Table("aliwar", {})  # type: ignore[call-overload]
    with pytest.raises(UsageError, match="pause_automatic"):
        Table(game, {}, pause_automatic=1)  # type: ignore[call-overload]


class _Failing:
    """Draws from its RNG like the random agent, then fails when told to."""

    def __init__(self) -> None:
        self.fail: str | None = None

    def choose(self, observation: Any, legal_moves: Sequence[Any], rng: Rng) -> Any:
        pick = legal_moves[rng.below(len(legal_moves))]
        if self.fail == "raise":
            raise Boom("agent")
        if self.fail == "illegal":
            return Hostile()
        return pick


@pytest.mark.parametrize("failure", ["raise", "illegal"])
def test_a_failing_agent_leaves_the_table_as_it_was(failure: str) -> None:
    game = cardwars.load_game("guerrilla", players=3)
    failing = _Failing()
    table = Table(game, {1: failing, 2: "random"}, seed=5)
    interpreted = Table(game, {1: _Failing(), 2: "random"}, seed=5)
    move = table.view(0).legal_moves[0]
    table.play({0: move})
    interpreted.play({0: move})
    move = table.view(0).legal_moves[0]
    before = _snapshot(table)
    failing.fail = failure
    with pytest.raises(Boom if failure == "raise" else IllegalMoveError):
        table.play({0: move})
    assert _snapshot(table) == before
    failing.fail = None
    table.play({0: move})
    interpreted.play({0: move})
    assert table.state == interpreted.state  # the agents' RNGs were restored too


class _Reentering:
    """Plays like the random agent; when armed, first calls its own table from choose()."""

    def __init__(self) -> None:
        self.table: Table[Any, Any, Any] | None = None
        self.call: str | None = None
        self.swallow = False
        self.refused: list[UsageError] = []

    def choose(self, observation: Any, legal_moves: Sequence[Any], rng: Rng) -> Any:
        table, call = self.table, self.call
        if table is not None and call is not None:
            try:
                if call == "undo":
                    table.undo()
                elif call == "play":
                    table.play({0: legal_moves[0]})
                else:
                    table.view(0)  # a read: allowed
            except UsageError as exc:
                self.refused.append(exc)
                if not self.swallow:
                    raise
        return legal_moves[rng.below(len(legal_moves))]


@pytest.mark.parametrize("call", ["undo", "play"])
@pytest.mark.parametrize("swallow", [False, True])
def test_an_agent_that_calls_its_own_table_is_refused_and_the_table_is_unchanged(
    call: str, swallow: bool
) -> None:
    # Issue 34, item 1: an agent whose choose() called table.undo() made play() raise
    # IllegalMoveError and left the table one decision back.
    game = cardwars.load_game("aliwar")
    agent = _Reentering()
    table = Table(game, {1: agent}, seed=8)
    interpreted = Table(game, {1: _Reentering()}, seed=8)
    for _ in range(2):
        move = table.view(0).legal_moves[0]
        table.play({0: move})
        interpreted.play({0: move})
    assert table.can_undo
    before = _snapshot(table)
    agent.table, agent.call, agent.swallow = table, call, swallow
    move = table.view(0).legal_moves[0]
    if swallow:  # the agent went on: the step is played, the table never went back
        table.play({0: move})
        interpreted.play({0: move})
        assert table.state == interpreted.state
    else:
        with pytest.raises(UsageError, match="in the middle of another call"):
            table.play({0: move})
        assert _snapshot(table) == before
    assert [str(exc) for exc in agent.refused] == [exclusive.BUSY]
    agent.call = "view"
    move = table.view(0).legal_moves[0]
    table.play({0: move})  # reading the table from an agent is allowed
    interpreted.play({0: move})
    assert table.state == interpreted.state  # the agents' RNGs were never moved


def test_the_view_in_json() -> None:
    game = cardwars.load_game("guerrilla", players=2)
    table = Table(game, {1: "greedy"}, seed=1)
    view: SeatView[Any, Any] = table.view(0)
    data = json.loads(json.dumps(wire.encode(view)))
    assert data["type"] == "SeatView"
    assert wire.decode(game, data["observation"]) == view.observation
    assert wire.decode(game, data["legal_moves"]) == view.legal_moves
    assert data["labels"] == list(view.labels)
    assert [item["text"] for item in data["events"]] == [item.text for item in view.events]
    assert wire.decode(game, data["events"][0]["event"]) == view.events[0].event
    assert data["pending"] is None
    assert data["result"] is None
