"""Single-agent Gymnasium environments: one seat against built-in (or your) opponents.

Importing this module registers ``cardwars/Aliwar-v0``, ``cardwars/Guerrilla-v0`` and the id of
every installed plugin's game (:func:`register_envs`).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from cardwars import exclusive
from cardwars.actions import illegal_move
from cardwars.engine import Game, GameState, resolve_agents
from cardwars.engine.driver import _agent_rngs
from cardwars.engine.interfaces import Agent
from cardwars.engine.machine_state import MachineState
from cardwars.envs.encoding import (
    CAPS,
    _check_choice,
    _check_seat,
    action_value,
    encoder,
    resolve_game,
)
from cardwars.errors import UsageError, describe
from cardwars.registry import BUILTIN, game_names

__all__ = ["BUILTIN_IDS", "CardwarsEnv", "env_id", "register_envs"]

Vector = npt.NDArray[np.float32]


class CardwarsEnv(gymnasium.Env[Vector, np.int64]):
    """One seat of a game against opponents at every other seat.

    Args:
        game: a game name (``"aliwar"``, ``"guerrilla"``) or a :class:`~cardwars.engine.Game`.
        opponent: the agent of every other seat: a built-in agent name or an
            :class:`~cardwars.engine.interfaces.Agent`; None (the default) is ``"greedy"`` where
            the game has one (the built-in games), else ``"random"``.
        seat: the learner's seat (0 by default).
        render_mode: None or ``"ansi"`` (the learner's view as text).
        illegal_action: ``"terminate"`` (an illegal action ends the episode with reward -1 and
            ``info["illegal_action"]``) or ``"raise"``.
        options: the game's options, with a game name.

    Raises:
        UsageError: Clone War (no decisions), a bad seat, opponent or mode.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game[Any, Any] = "aliwar",
        opponent: Agent | str | None = None,
        seat: int = 0,
        render_mode: str | None = None,
        illegal_action: str = "terminate",
        **options: Any,
    ) -> None:
        _check_choice("render_mode", render_mode, (None, "ansi"))
        _check_choice("illegal_action", illegal_action, ("terminate", "raise"))
        self.game = resolve_game(game, options)
        players = self.game.players
        _check_seat(seat, players)
        self.seat = seat
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        if opponent is None:
            opponent = "greedy" if "greedy" in self.game.agents else "random"
        self.opponents = resolve_agents(self.game, [opponent] * players)
        self._encoder = encoder(self.game)
        self.observation_space = spaces.Box(0, self._encoder.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.game.num_actions)
        self._state: GameState[Any] | None = None
        self._rngs: list[Any] = []
        self._done = True

    @property
    def game_state(self) -> GameState[Any]:
        """The underlying :class:`~cardwars.engine.GameState` (read it, do not apply to it)."""
        if self._state is None:
            raise UsageError("call reset() before using the environment")
        return self._state

    def _info(self) -> dict[str, Any]:
        mask = self.game_state.action_mask(self.seat)
        return {"action_mask": np.frombuffer(mask, dtype=np.int8).copy()}

    def _observe(self) -> Vector:
        return self._encoder.observation_of(self.game_state, self.seat)

    def _opponent_moves(self) -> dict[int, Any]:
        """Each polled opponent's choice; UsageError if a ``choose`` changed the state."""
        state = self.game_state
        mark = _mark(state)
        moves = {}
        for seat in sorted(state.to_act):
            if seat != self.seat:
                moves[seat] = self.opponents[seat].choose(
                    state.information(seat), state.legal_moves(seat), self._rngs[seat]
                )
                if _mark(state) != mark:
                    raise UsageError(
                        f"the opponent of seat {seat} changed the env's game state from its "
                        "choose() (an agent must not step or undo the state it is asked "
                        "about); the env's step was undone"
                    )
        return moves

    def _advance(self) -> None:
        """Let the opponents play until the learner is polled or the game is over."""
        state = self.game_state
        while not state.is_over and self.seat not in state.to_act:
            state.apply(self._opponent_moves())

    @exclusive.step
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        """Deal a new game: from ``seed`` when given, else from the env's seeded generator.

        Raises:
            UsageError: ``seed`` is not None or a plain int in [0, 2**64).
        """
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**64):
            raise UsageError(f"seed must be None or an int in [0, 2**64), got {describe(seed)}")
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**63))
        self._state = self.game.new_game(game_seed)
        self._rngs = _agent_rngs(game_seed, self.game.players)
        self._done = False
        self._advance()
        return self._observe(), self._info()

    @exclusive.step
    def step(self, action: Any) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        """Play the learner's ``action`` (with the opponents' simultaneous moves), then theirs.

        Whatever raises (an opponent's ``choose`` included) leaves the env, its state and its
        opponents' RNGs exactly as they were before the call.

        Raises:
            IllegalMoveError: an illegal action with ``illegal_action="raise"``.
            UsageError: the episode is over; an opponent's ``choose`` changed the game state; the
                env is in the middle of another call (another thread).
        """
        # The action as a plain int first: converting a caller's value may run its code.
        chosen = action_value(action)
        state = self.game_state
        if self._done or state.is_over:
            raise UsageError("the episode is over: call reset()")
        legal = state.legal_actions(self.seat)
        if chosen is None or chosen not in legal:
            if self.illegal_action == "raise":
                raise illegal_move(
                    self.seat,
                    action if chosen is None else chosen,
                    state.legal_moves(self.seat),
                    self.game.action_space,
                    phase=state.phase.name,
                    legal_actions=legal,
                )
            info = self._info()
            info["illegal_action"] = True
            self._done = True
            return self._observe(), -1.0, True, False, info
        # All or nothing: an opponent that raises leaves the env as it was, to try the step again.
        before, rngs = state.copy(), [rng.copy() for rng in self._rngs]
        try:
            moves = self._opponent_moves()  # the state is as it was (else UsageError)
            moves[self.seat] = state.legal_moves(self.seat)[legal.index(chosen)]
            state.apply(moves)
            self._advance()
        except BaseException:
            state._restore(before)
            self._rngs = rngs
            raise
        reward, terminated, truncated = 0.0, False, False
        result = state.result
        if result is not None:
            if result.winners:
                reward = 1.0 if self.seat in result.winners else -1.0
            truncated = result.termination in CAPS
            terminated = not truncated
        return self._observe(), reward, terminated, truncated, self._info()

    @exclusive.read
    def render(self) -> str | None:
        """The learner's view as text (``render_mode="ansi"``), else None."""
        if self.render_mode is None:
            return None
        return self.game.text.render(self.game_state.observation(self.seat))


def _mark(state: GameState[Any]) -> tuple[int, int]:
    """What changes whenever ``state`` is stepped or undone: its machine and its steps."""
    if isinstance(state, MachineState):
        machine = state.machine
        return (id(machine), machine.steps)
    return (0, len(state.history))  # a game whose state has no machine


BUILTIN_IDS: dict[str, str] = {"aliwar": "cardwars/Aliwar-v0", "guerrilla": "cardwars/Guerrilla-v0"}
"""The built-in games' ids (their tables have the native vector env)."""


def env_id(name: str) -> str:
    """The Gymnasium id of the game ``name``: ``cardwars/<Name>-v0``, each ``-``-part capitalized.

    >>> from cardwars.envs.gymnasium import env_id
    >>> env_id("aliwar"), env_id("beggar-my-neighbour")
    ('cardwars/Aliwar-v0', 'cardwars/BeggarMyNeighbour-v0')
    """
    return "cardwars/" + "".join(part.capitalize() for part in name.split("-")) + "-v0"


def register_envs() -> tuple[str, ...]:
    """Register the ids not yet registered and return them: ``cardwars/Aliwar-v0``,
    ``cardwars/Guerrilla-v0`` and :func:`env_id` of every plugin's game in
    :func:`cardwars.registry.game_names` (:doc:`/guides/rl`).

    Importing this module calls it; call it again after installing a plugin into a running
    process (after :func:`cardwars.registry.refresh`). No plugin is imported here.

    >>> from cardwars.envs.gymnasium import register_envs
    >>> register_envs()  # done at the import
    ()
    """
    done: list[str] = []
    for name in game_names():
        if name in BUILTIN_IDS:
            spec: dict[str, Any] = {"vector_entry_point": "cardwars.envs.vector:CardwarsVectorEnv"}
            ident = BUILTIN_IDS[name]
        elif name in BUILTIN:  # a built-in game without decisions (Clone War)
            continue
        else:
            spec, ident = {}, env_id(name)
        if ident in gymnasium.registry:
            continue
        gymnasium.register(
            id=ident,
            entry_point="cardwars.envs.gymnasium:CardwarsEnv",
            kwargs={"game": name},
            disable_env_checker=False,
            **spec,
        )
        done.append(ident)
    return tuple(done)


register_envs()
