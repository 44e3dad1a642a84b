"""``clone_war.resolve_battle``: one battle on its own, the same as a game's first battle."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardwars import Card
from cardwars.clone_war import (
    BattleOutcome,
    CloneWar,
    Forfeited,
    LastCardShown,
    PlayersEliminated,
    PotCollected,
    PotSplit,
    Rules,
    State,
    WarCardsPlaced,
    WarStarted,
    resolve_battle,
)
from cardwars.engine import Event
from cardwars.errors import UsageError
from tests.clone_war.helpers import cards
from tests.sizes import sized

OPTIONS: list[dict[str, Any]] = [
    {},
    {"short_war": "play_what_you_can"},
    {"forfeit_cards_to": "dead"},
    {"collect_order": "shuffled", "split_remainder": "round_robin"},
    {"collect_order": "stage_seat_order", "short_war": "play_what_you_can"},
]


def _text(outcome_cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, outcome_cards))


def _check_against_events(outcome: BattleOutcome, events: tuple[Event, ...], after: State) -> None:
    """Everything ``outcome`` says, read again from the game's own events and state."""
    players = len(outcome.flipped)
    assert outcome.piles == after.piles
    assert outcome.dead == after.dead
    wars = [e for e in events if isinstance(e, WarStarted)]
    assert [(war.stage, war.seats) for war in outcome.wars] == [(e.stage, e.seats) for e in wars]
    split = [e for e in events if isinstance(e, PotSplit)]
    collected = [e for e in events if isinstance(e, PotCollected)]
    if split:
        assert outcome.split and outcome.winners == split[0].seats and not collected
    else:
        assert not outcome.split and outcome.winners == (collected[0].seat,)
        assert collected[0].cards == len(outcome.pot)
    # Each stage's face-up cards and short seats, stage by stage.
    stages: list[tuple[dict[int, Card], list[int]]] = []
    for event in events:
        if isinstance(event, WarStarted):
            stages.append(({}, []))
        elif isinstance(event, WarCardsPlaced):
            stages[-1][0][event.seat] = event.face_up
        elif isinstance(event, LastCardShown):
            stages[-1][0][event.seat] = event.card
            stages[-1][1].append(event.seat)
        elif isinstance(event, Forfeited):
            stages[-1][1].append(event.seat)
    for war, (shown, short) in zip(outcome.wars, stages, strict=True):
        assert war.face_up == tuple(shown.get(s) for s in range(players))
        assert war.short == tuple(short)
    assert outcome.short == tuple(sorted({s for _, short in stages for s in short}))
    gone = [e.seats for e in events if isinstance(e, PlayersEliminated)]
    assert outcome.eliminated == (gone[0] if gone else ())
    # What the seats put in is the pot and the forfeits sent to the dead pile.
    given = [card for cards in outcome.put_in for card in cards]
    to_dead = sum(e.cards for e in events if isinstance(e, Forfeited) and e.to_dead)
    assert len(given) == len(outcome.pot) + to_dead
    assert set(outcome.pot) <= set(given)
    assert [len(c) for c in outcome.put_in] == [
        1 + sum(len(war.cards[s]) for war in outcome.wars) for s in range(players)
    ]


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o.values()) or "default")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_resolve_battle_is_a_games_first_battle(players: int, options: dict[str, Any]) -> None:
    """For many deals, resolve_battle on the dealt piles says what the game's battle 1 did."""
    game = CloneWar(players=players, rules=Rules(**options))
    wars = 0
    for seed in range(sized(400, 60)):
        state = game.new_game(seed=seed)
        before = state.piles
        outcome = resolve_battle(before, game.rules, rng_seed=state.rng.state)
        events = state.apply({})
        _check_against_events(outcome, events, state)
        assert outcome.flipped == tuple(pile[0] for pile in before)
        for seat, given in enumerate(outcome.put_in):
            assert given == before[seat][: len(given)]
        wars += len(outcome.wars)
    assert wars > 0  # the deals did reach the war code


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o.values()) or "default")
def test_resolve_battle_on_short_piles_matches_from_piles(options: dict[str, Any]) -> None:
    """Random short piles: many wars, players running short and splits, as from_piles plays."""
    rules = Rules(**options)
    deck = [f"{r}{s}{d}" for r in "JQK" for s in "CDHS" for d in "0123"]
    draw = random.Random(2024)
    kinds = {"split": 0, "short": 0, "war": 0}
    for seed in range(sized(600, 150)):
        players = draw.randint(2, 4)
        chosen = draw.sample(deck, draw.randint(players, 14))
        cut = sorted(draw.sample(range(1, len(chosen)), players - 1))
        piles = [chosen[a:b] for a, b in zip([0, *cut], [*cut, len(chosen)], strict=True)]
        outcome = resolve_battle(piles, rules, rng_seed=seed)
        state = State.from_piles(piles, rules=rules, rng_seed=seed)
        _check_against_events(outcome, state.apply({}), state)
        kinds["split"] += outcome.split
        kinds["short"] += bool(outcome.short)
        kinds["war"] += bool(outcome.wars)
    assert all(kinds.values()), kinds


def test_resolve_battle_double_war_and_forfeit() -> None:
    """CW-4.3 then CW-5.2: a second stage, in which P0 is short and forfeits."""
    outcome = resolve_battle([["KC", "JC", "QC", "JH"], ["KD", "JD", "QD", "QH", "KH"]])
    assert [(war.stage, war.seats, war.short) for war in outcome.wars] == [
        (1, (0, 1), ()),
        (2, (0, 1), (0,)),
    ]
    assert outcome.winners == (1,) and not outcome.split
    assert [_text(given) for given in outcome.wars[1].cards] == ["JH", ""]
    assert outcome.wars[1].face_up == (None, None)  # CW-5.2: P1 takes the pot laying nothing
    assert _text(outcome.pot) == "KC KD JC QC JD QD JH"
    assert [_text(pile) for pile in outcome.piles] == ["", "QH KH KD KC JD QD JC QC JH"]
    assert outcome.eliminated == (0,)


def test_resolve_battle_split_and_dead() -> None:
    """CW-5.3: everyone short and level; the pot is split, its odd card dead."""
    outcome = resolve_battle([["KC"], ["KD"], ["QD"]])
    assert outcome.split and outcome.winners == (0, 1) and outcome.short == (0, 1)
    assert len(outcome.dead) == 1 and outcome.eliminated == (2,)
    kept = [card for pile in outcome.piles for card in pile]
    assert sorted([*kept, *outcome.dead]) == sorted(cards("KC KD QD"))


def test_resolve_battle_takes_card_objects_and_changes_nothing_given() -> None:
    piles = [cards("KC QC"), cards("QD")]
    kept = [list(pile) for pile in piles]
    assert resolve_battle(piles).winners == (0,)
    assert piles == kept


@pytest.mark.parametrize(
    ("piles", "message"),
    [
        ("KC", "piles must be a sequence"),
        ([["KC"]], "2 to 4 players"),
        ([["KC"]] * 5, "2 to 4 players"),
        ([["KC"], []], "pile 1 is empty"),
        ([["KC"], "QD"], "pile 1 must be a sequence"),
        ([["KC"], ["5D"]], "only J, Q and K; card 0 of pile 1 is 5D"),
        ([["KC"], ["QD", 7]], "card 1 of pile 1 must be a Card"),
        ([["KC"], ["XX"]], "card 0 of pile 1"),
        ([["KC", "QD"], ["KC0"]], "KC appears twice"),
    ],
)
def test_resolve_battle_rejects_bad_piles(piles: Any, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        resolve_battle(piles)


def test_resolve_battle_rejects_bad_rules_and_seed() -> None:
    with pytest.raises(UsageError, match=r"rules must be a clone_war\.Rules"):
        resolve_battle([["KC"], ["QD"]], {"short_war": "forfeit"})  # type: ignore[arg-type]
    for seed in (-1, 2**64, True, 1.0):
        with pytest.raises(UsageError, match="rng_seed must be an int"):
            resolve_battle([["KC"], ["QD"]], rng_seed=seed)  # type: ignore[arg-type]


def test_resolve_battle_decks_are_told_apart() -> None:
    """The four decks' K♣ are four cards (CW-1): a digit names the source deck."""
    outcome = resolve_battle([["KC", "KC1"], ["KC2", "KC3"]])
    assert [war.seats for war in outcome.wars] == [(0, 1)]
    assert outcome.split and outcome.winners == (0, 1)
