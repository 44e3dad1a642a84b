"""``guerrilla.resolve_skirmish``: the standing after Play and Support, as games evaluate it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardwars import Card
from cardwars.errors import UsageError
from cardwars.guerrilla import (
    CardPlayed,
    Guerrilla,
    GuerrillaPromoted,
    Outcome,
    Phase,
    Rules,
    SkirmishEvaluated,
    SkirmishStarted,
    Support,
    SupportAdded,
    resolve_skirmish,
)
from tests.guerrilla.helpers import c
from tests.sizes import sized

GAMES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"kicker": True}),
    (4, {"ace_low": True}),
    (3, {"support_rule": "stronger_combo"}),
    (4, {"support_rule": "unrestricted", "kicker": True}),
    (2, {"two_suit_variant": True, "ace_low": True}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), GAMES, ids=lambda v: str(v))
def test_resolve_skirmish_matches_games(players: int, options: dict[str, Any]) -> None:
    """Random games: every skirmish's two evaluations (GT-7, GT-9) are resolve_skirmish's,
    and the supports it accepts are exactly the Support moves the game offers."""
    rules = Rules(max_skirmishes=150, **options)
    game = Guerrilla(players, rules)
    checked = offered = refused = 0
    for seed in range(sized(40, 8)):
        pick = random.Random(seed)
        state = game.new_game(seed=seed)
        g = 2
        played: list[Card | None] = [None] * players
        supports: list[Card | None] = [None] * players
        evaluations: list[tuple[int, ...]] = []
        while not state.is_over:
            if state.phase is Phase.SUPPORT:
                for seat in state.to_act:
                    legal = {m.card for m in state.legal_moves(seat) if isinstance(m, Support)}
                    for card in state.hands[seat]:
                        trial: list[Card | None] = [None] * players
                        trial[seat] = card
                        try:
                            resolve_skirmish(played, trial, rules=rules, guerrilla_rank=g)
                        except UsageError:
                            assert card not in legal
                            refused += 1
                        else:
                            assert card in legal
                            offered += 1
            moves = {s: pick.choice(state.legal_moves(s)) for s in state.to_act}
            for event in state.apply(moves):
                if isinstance(event, SkirmishStarted):
                    played, supports, evaluations = [None] * players, [None] * players, []
                elif isinstance(event, GuerrillaPromoted):
                    g = event.rank
                elif isinstance(event, CardPlayed):
                    played[event.seat] = event.card
                elif isinstance(event, SupportAdded):
                    supports[event.seat] = event.card
                elif isinstance(event, SkirmishEvaluated):
                    evaluations.append(event.outcomes)
                    if len(evaluations) == 2:
                        standing = resolve_skirmish(played, supports, rules=rules, guerrilla_rank=g)
                        assert (standing.evaluated, standing.outcomes) == tuple(evaluations)
                        leaders = [s for s, o in enumerate(evaluations[1]) if o >= 1]
                        if len(leaders) == 1:
                            assert standing.winner == leaders[0] and standing.tied == ()
                        else:
                            assert standing.winner is None and standing.tied == tuple(leaders)
                        checked += 1
    assert checked > 0 and offered > 0
    assert refused > 0 or rules.support_rule == "unrestricted"


def test_resolve_skirmish_standing() -> None:
    standing = resolve_skirmish(["KC", "9D", "KH"], supports=[None, "9C", None])
    assert standing.evaluated == (Outcome.TIED, Outcome.LOSING, Outcome.TIED)
    assert standing.outcomes == (Outcome.LOSING, Outcome.WINNING, Outcome.LOSING)
    assert standing.winner == 1 and standing.tied == ()
    assert standing.played == (c("KC"), c("9D"), c("KH")) and standing.supports[1] == c("9C")


def test_resolve_skirmish_absent_seat_and_tie() -> None:
    standing = resolve_skirmish([None, "QD", "QH", "5S"])
    assert standing.outcomes == (Outcome.ABSENT, Outcome.TIED, Outcome.TIED, Outcome.LOSING)
    assert standing.winner is None and standing.tied == (1, 2)


def test_resolve_skirmish_guerrilla_rank_and_options() -> None:
    """GT-1.5: at G = 4 the 4 is a Guerrilla, worth less than a 5; kicker and ace_low count."""
    assert resolve_skirmish(["4C", "3D"]).winner == 0
    assert resolve_skirmish(["4C", "3D"], guerrilla_rank=4).tied == (0, 1)
    assert resolve_skirmish(["4C", "5D"], guerrilla_rank=4).winner == 1
    assert resolve_skirmish(["6C", "5D"], guerrilla_rank=6).tied == (0, 1)
    assert resolve_skirmish(["AC", "KD"], rules=Rules(ace_low=True)).winner == 1
    kicker = Rules(kicker=True, support_rule="unrestricted")
    unrestricted = Rules(support_rule="unrestricted")
    assert resolve_skirmish(["KC", "KD"], [None, "5D"], rules=unrestricted).tied == (0, 1)
    assert resolve_skirmish(["KC", "KD"], [None, "5D"], rules=kicker).winner == 1


@pytest.mark.parametrize(
    ("played", "supports", "message"),
    [
        ("KC", None, "played must be a sequence"),
        (["KC"], None, "2 to 4 players"),
        (["KC", "KD", "KH", "KS", "QC"], None, "2 to 4 players"),
        (["KC", None], None, "at least two seats"),
        (["KC", "KH"], None, "the played card of seat 1 is KH, which is not in this game"),
        (["KC", "KD2"], None, "not in this game"),
        (["KC", 13], None, "the played card of seat 1 must be a Card"),
        (["KC", "ZZ"], None, "the played card of seat 1: cannot read"),
        (["KC", "KC"], None, "KC is on the table twice"),
        (["KC", "KD"], ["KD", None], "KD is on the table twice"),
        (["KC", "KD"], [None], "one entry per seat"),
        (["KC", "KD"], "QC", "supports must be a sequence"),
        (["KC", None, "QH"], [None, "5D", None], "seat 1 supports without a played card"),
        (["KC", "9D"], ["QC", None], "seat 0 is WINNING on the played cards"),
        (["KC", "9D"], [None, "QC"], "it would still be LOSING"),
        (["KC", "KD"], [None, "5D"], "it would still be TIED"),
    ],
)
def test_resolve_skirmish_rejects(played: Any, supports: Any, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        resolve_skirmish(played, supports)


def test_resolve_skirmish_rejects_bad_rank_rules_and_cascade() -> None:
    for rank in (1, 7, True, "3"):
        with pytest.raises(UsageError, match=r"guerrilla_rank must be an int 2\.\.6"):
            resolve_skirmish(["KC", "KD"], guerrilla_rank=rank)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match=r"rules must be a guerrilla\.Rules"):
        resolve_skirmish(["KC", "KD"], rules="default")  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="support_cascade"):
        resolve_skirmish(["KC", "KD"], rules=Rules(support_cascade=True))
    with pytest.raises(UsageError, match="two_suit_variant is for 2 players"):
        resolve_skirmish(["KC", "KD", "KH"], rules=Rules(two_suit_variant=True))
    # Two suits each for two players: hearts and spades are in play too.
    assert resolve_skirmish(["KH", "AS"], rules=Rules(two_suit_variant=True)).winner == 1
    with pytest.raises(UsageError, match="stronger than its card alone"):
        resolve_skirmish(["9C", "KD"], ["5C", None], rules=Rules(support_rule="stronger_combo"))
