"""An external anchor for search strength: cardwars' ``"ismcts"`` against OpenSpiel's ``ISMCTSBot``.

The games are played on the registered OpenSpiel game ``cardwars_guerrilla``
(Guerrilla, 2 players, default rules; :mod:`cardwars.envs.openspiel`): the deal is its
chance node, every step goes through ``apply_action`` / ``apply_actions``.

The OpenSpiel searcher is OpenSpiel's own Python IS-MCTS
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``, UCT, random rollouts through
``mcts.RandomRolloutEvaluator``, the most visited action). ``ISMCTSBot`` searches
sequential games only (it asserts ``Dynamics.SEQUENTIAL``) and, at every simulation,
asks for a world consistent with the root player's information state. So this script
defines a small turn-based Python game, ``cardwars_guerrilla_turns`` (:class:`TurnsGame`):

* a step where several seats are polled is serialized seat by seat, the searching seat
  first at the root, then in seat order; a seat's choice stays pending (hidden from
  the seats after it, as the simultaneous rules hide it) until the last polled seat has
  chosen, and then the step is applied. Because pending choices are hidden, the order
  gives the later seats no information: it only decides which node comes first;
* a seat's information state is its current observation plus, after the root, its
  own choices and its observation after every step (what the adapter's information
  state records; the past before the root is the root player's, common to every
  world sampled for it);
* worlds are sampled by :meth:`cardwars.guerrilla.State.determinize` for the
  searching seat (installed with ``ISMCTSBot.set_resampler``), from the cardwars state
  behind the adapter's state (``CardwarsState.cardwars_state``, the adapter's
  documented attribute). ``determinize`` keeps everything the seat has seen and draws
  every hidden card (and the RNG of future reshuffles) uniformly among the consistent
  positions, so the searcher never reads a hidden card.

cardwars' ``"ismcts"`` (:class:`cardwars.guerrilla.IsmctsAgent`, default 1000
iterations, greedy rollouts) searches where it can rebuild the position from its
observation and leaves the other decisions to ``"greedy"``; the OpenSpiel searcher
searches at every decision with more than one legal move. Equal time: a calibration
phase measures both sides' mean time per searched move and sets the number of
``ISMCTSBot`` simulations so that its time per searched move matches ismcts's; the
match reports both again. Seats are swapped halfway, on the same deals. Not a test:

    PYTHONPATH=src python benchmarks/openspiel_anchor.py --games 200
    PYTHONPATH=src python benchmarks/openspiel_anchor.py --quick
    PYTHONPATH=src python benchmarks/openspiel_anchor.py --games 0   # calibrate only
    PYTHONPATH=src python benchmarks/openspiel_anchor.py --games 100 --first 50 --simulations 8
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError:  # pragma: no cover - a clear message instead of a traceback
    sys.exit("openspiel_anchor.py needs OpenSpiel: pip install 'cardwars[openspiel]' (open_spiel)")

from cardwars import Rng
from cardwars.backend import core
from cardwars.envs import openspiel as adapter
from cardwars.envs.encoding import encoding_of
from cardwars.guerrilla import Guerrilla, IsmctsAgent, State
from cardwars.report import wilson_interval

_TURNS = "cardwars_guerrilla_turns"


# --- the turn-based view the OpenSpiel searcher plays in --------------------------------------


def _turns_type(players: int) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=_TURNS,
        long_name="cardwars guerrilla, simultaneous steps serialized",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        # reshuffles and removals draw from the cardwars RNG inside the state
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={"players": players},
    )


class TurnsGame(pyspiel.Game):  # type: ignore[misc]
    """Guerrilla (default rules) with every simultaneous step serialized (see the module)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        players = int((params or {}).get("players", 2))
        self.cardwars_game = Guerrilla(players=players)
        super().__init__(
            _turns_type(2),
            pyspiel.GameInfo(
                num_distinct_actions=self.cardwars_game.num_actions,
                max_chance_outcomes=0,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=encoding_of(self.cardwars_game).max_steps * players,
            ),
            {"players": players},
        )

    def new_initial_state(self) -> TurnsState:
        """A fresh deal (seed 0): what ``load_game`` users get; the searcher uses :meth:`view`."""
        return self.view(self.cardwars_game.new_game(0), 0)

    def view(self, state: State, first: int) -> TurnsState:
        """``state`` (which this view then owns) with ``first`` choosing first in its step."""
        return TurnsState(self, state, first)


class TurnsState(pyspiel.State):  # type: ignore[misc]
    """A cardwars state, the seats still to choose in its step and their pending choices."""

    def __init__(self, game: TurnsGame, state: State | None, first: int) -> None:
        super().__init__(game)
        if state is None:  # filled in by __deepcopy__
            return
        self.cw = state
        self.pending: dict[int, int] = {}
        polled = sorted(state.to_act)
        self.order = [first, *(s for s in polled if s != first)] if first in polled else polled
        # per seat: its observation at the root, then its choice and observation per step
        self.recall: list[list[Any]] = [[state.observation(s)] for s in range(state.players)]

    def __deepcopy__(self, memo: dict[int, Any]) -> TurnsState:
        other = TurnsState(self.get_game(), None, 0)
        other.cw = self.cw.copy()
        other.pending = dict(self.pending)
        other.order = list(self.order)
        other.recall = [list(r) for r in self.recall]
        return other

    def current_player(self) -> int:
        if self.cw.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.order[0]

    def _legal_actions(self, player: int) -> list[int]:
        if self.cw.is_over or player != self.order[0]:
            return []
        return sorted(self.cw.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        seat = self.order.pop(0)
        self.pending[seat] = int(action)
        if self.order:
            return
        self.cw.apply_actions(self.pending)
        for s, r in enumerate(self.recall):
            r.append((self.pending.get(s), self.cw.observation(s)))
        self.pending = {}
        if not self.cw.is_over:
            self.order = sorted(self.cw.to_act)

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.get_game().cardwars_game
        return str(game.text.label(game.action_to_move(action)))

    def information_state_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        return f"seat {seat}\n" + "\n".join(map(repr, self.recall[seat]))

    def is_terminal(self) -> bool:
        return bool(self.cw.is_over)

    def returns(self) -> list[float]:
        result = self.cw.result
        if result is None:
            return [0.0] * self.cw.players
        return adapter.returns_of(result.placings)

    def __str__(self) -> str:
        return f"{self.cw!r} pending {self.pending} to choose {self.order}"


if _TURNS not in pyspiel.registered_names():  # a second import (the smoke test) reuses it
    pyspiel.register_game(_turns_type(2), TurnsGame)


class OpenSpielSearcher:
    """OpenSpiel's ``ISMCTSBot`` on :class:`TurnsGame`, worlds from ``determinize``."""

    def __init__(self, simulations: int, seed: int, uct_c: float = 2.0) -> None:
        self.game = TurnsGame({"players": 2})
        self.simulations = simulations
        self.rng = Rng(seed)
        self.random_state = np.random.RandomState(seed % 2**32)
        self.uct_c = uct_c
        self.seconds = 0.0
        self.searched = 0

    def choose(self, state: State, seat: int) -> int:
        """``seat``'s action in ``state`` (never changed, and read only through ``determinize``)."""
        legal = sorted(state.legal_actions(seat))
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        bot = ismcts.ISMCTSBot(
            game=self.game,
            evaluator=mcts.RandomRolloutEvaluator(1, self.random_state),
            uct_c=self.uct_c,
            max_simulations=self.simulations,
            max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
            random_state=self.random_state,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        bot.set_resampler(
            lambda _root, player: self.game.view(state.determinize(player, self.rng), player)
        )
        root = self.game.view(state.determinize(seat, self.rng), seat)
        action = int(bot.step(root))
        self.seconds += time.perf_counter() - start
        self.searched += 1
        return action


# --- the match on cardwars_guerrilla ----------------------------------------------------------


class TimedIsmcts:
    """cardwars' ``"ismcts"``, timed over the moves it searches."""

    def __init__(self, iterations: int) -> None:
        self.agent = IsmctsAgent(iterations) if iterations else IsmctsAgent()
        self.seconds = 0.0
        self.searched = 0

    def choose(self, state: State, seat: int, rng: Rng) -> int:
        obs, legal = state.observation(seat), state.legal_moves(seat)
        searched = len(legal) > 1 and State.rebuildable(obs)
        start = time.perf_counter()
        move = self.agent.choose(obs, legal, rng)
        if searched:
            self.seconds += time.perf_counter() - start
            self.searched += 1
        return int(Guerrilla.action_space.action(move))


def play(game: Any, deal: int, ours: TimedIsmcts, theirs: OpenSpielSearcher, seat: int) -> float:
    """One game on ``cardwars_guerrilla`` from deal ``deal``, ``ours`` at ``seat``: its return."""
    osstate = game.new_initial_state()
    osstate.apply_action(deal)
    rng = Rng(int(core.derive_seed(deal, 7 + seat)))
    while not osstate.is_terminal():
        cw = osstate.cardwars_state
        polled = sorted(cw.to_act)
        chosen = {s: ours.choose(cw, s, rng) if s == seat else theirs.choose(cw, s) for s in polled}
        if osstate.is_simultaneous_node():
            wait = game.wait_action()
            osstate.apply_actions([chosen.get(s, wait) for s in range(game.num_players())])
        else:
            osstate.apply_action(chosen[polled[0]])
    return float(osstate.returns()[seat])


def match(
    games: int, deal_seed: int, iterations: int, simulations: int, first: int = 0
) -> dict[str, Any]:
    """``games`` games (deals ``first``.. of ``deal_seed``), ismcts at seat 0 in the first half
    and seat 1 in the second, on the same deals."""
    game = adapter.load_game("guerrilla", players=2, num_deals=1_000_000, deal_seed=deal_seed)
    ours = TimedIsmcts(iterations)
    theirs = OpenSpielSearcher(simulations, seed=deal_seed * 7919 + first)
    half = games // 2
    results = []
    for i in range(games):
        deal = first + (i if i < half else i - half)
        results.append(play(game, deal, ours, theirs, 0 if i < half else 1))
        wins = sum(r > 0 for r in results)
        print(f"game {i + 1}/{games}: ismcts {wins} wins", file=sys.stderr, flush=True)
    return {
        "games": games,
        "wins": sum(r > 0 for r in results),
        "draws": sum(r == 0 for r in results),
        "ms_ours": 1e3 * ours.seconds / max(1, ours.searched),
        "ms_theirs": 1e3 * theirs.seconds / max(1, theirs.searched),
        "searched": (ours.searched, theirs.searched),
    }


def calibrate(games: int, deal_seed: int, iterations: int, probe: int) -> tuple[int, float, float]:
    """Simulations that give the OpenSpiel searcher ismcts's time per searched move."""
    r = match(games, deal_seed + 1_000_003, iterations, probe)
    sims = max(1, round(probe * r["ms_ours"] / r["ms_theirs"]))
    return sims, r["ms_ours"], r["ms_theirs"]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="0: calibrate only")
    parser.add_argument("--seed", type=int, default=2026, help="the deals' seed")
    parser.add_argument("--first", type=int, default=0, help="the first deal index")
    parser.add_argument("--iterations", type=int, default=0, help="ismcts's (0: its default)")
    parser.add_argument("--simulations", type=int, default=0, help="skip calibration")
    parser.add_argument("--calibration-games", type=int, default=4)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 tiny games")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.iterations, args.simulations = 2, 20, 5
    sims = args.simulations
    if not sims:
        sims, ms_ours, ms_theirs = calibrate(args.calibration_games, args.seed, args.iterations, 40)
        print(
            f"calibration ({args.calibration_games} games, 40 simulations): ismcts "
            f"{ms_ours:.1f} ms, ISMCTSBot {ms_theirs:.1f} ms per searched move "
            f"-> {sims} simulations",
            flush=True,
        )
    if args.games == 0:  # calibration only
        return
    start = time.perf_counter()
    r = match(args.games, args.seed, args.iterations, sims, args.first)
    n, wins, draws = r["games"], r["wins"], r["draws"]
    lo, hi = wilson_interval(wins, n)
    print(
        f"guerrilla 2p, deals {args.first}.. of seed {args.seed}, {n} games, seats swapped: "
        f"ismcts-{args.iterations or 'default'} vs ISMCTSBot-{sims}"
    )
    print(
        f"ismcts wins {wins}/{n} = {wins / n:.1%} (95 % {lo:.1%} - {hi:.1%}), draws {draws}, "
        f"ms/searched move: ismcts {r['ms_ours']:.1f}, ISMCTSBot {r['ms_theirs']:.1f} "
        f"(searched moves {r['searched'][0]} / {r['searched'][1]}), "
        f"{time.perf_counter() - start:.0f} s"
    )
    print(f"RAW {n} {wins} {draws} {r['ms_ours']:.3f} {r['ms_theirs']:.3f} {r['searched']}")


if __name__ == "__main__":
    main()
