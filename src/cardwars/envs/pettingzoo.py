"""PettingZoo environments of Aliwar and Guerrilla: :func:`env` (AEC) and :func:`parallel_env`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from cardwars import backend, exclusive
from cardwars.actions import illegal_move, type_name
from cardwars.engine import Game, GameState
from cardwars.envs.encoding import CAPS, _check_choice, action_value, encoder, resolve_game
from cardwars.errors import IllegalMoveError, UsageError, describe
from cardwars.vectors import EncodedState

__all__ = ["CardwarsAECEnv", "CardwarsParallelEnv", "env", "parallel_env"]

ObsDict = dict[str, npt.NDArray[Any]]
_StepResult = tuple[
    dict[str, ObsDict],
    dict[str, float],
    dict[str, bool],
    dict[str, bool],
    dict[str, dict[str, Any]],
]

_empty, _float32, _int8 = np.empty, np.dtype(np.float32), np.dtype(np.int8)
_FIELDS = ("observation", "action_mask")


def _agent_actions(actions: object) -> dict[str, Any]:
    """``actions`` read once as a dict of its str keys; IllegalMoveError if no readable mapping."""
    try:  # a dict's items() runs no caller code; another mapping's may raise anything
        items = list(actions.items()) if isinstance(actions, Mapping) else None
    except Exception as exc:
        raise IllegalMoveError(
            f"step() could not read the mapping of agent -> action ({type_name(actions)}): "
            f"{type_name(exc)}"
        ) from exc
    if items is None:
        raise IllegalMoveError(
            f"step() takes a dict of agent name -> action, got {describe(actions)}"
        )
    return {key: value for key, value in items if type(key) is str}  # others are ignored


class _Match:
    """What both PettingZoo envs share: the game, its spaces, the deal and the rewards."""

    def __init__(
        self,
        game: str | Game[Any, Any],
        render_mode: str | None,
        options: dict[str, Any],
        wait: bool = False,
    ) -> None:
        _check_choice("render_mode", render_mode, (None, "ansi"))
        render_seat = options.pop("render_seat", None)
        illegal = options.pop("illegal_action", "terminate")
        _check_choice("illegal_action", illegal, ("terminate", "raise"))
        self.illegal: str = illegal
        self.game = resolve_game(game, options)
        self.render_mode = render_mode
        self.render_seat: int | None = render_seat
        self.encoder = encoder(self.game)
        self.names = [f"player_{seat}" for seat in range(self.game.players)]
        n = self.game.num_actions
        self.wait = n if wait else -1  # the Parallel env's wait action, else -1
        width = n + 1 if wait else n
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0, self.encoder.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (width,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(width)
        self.state_space = spaces.Box(0, self.encoder.state_high, dtype=np.float32)
        self.no_mask = np.zeros(width, dtype=np.int8)  # the mask of a seat not polled
        if wait:
            self.no_mask[n] = 1
        self.rng: np.random.Generator | None = None
        self.state: GameState[Any] | None = None
        self.done = True

    def deal(self, seed: int | None) -> GameState[Any]:
        if seed is not None:
            self.state = self.game.new_game(seed)  # checks the seed: UsageError
            self.rng = np.random.default_rng(seed)
        else:
            if self.rng is None:
                self.rng = np.random.default_rng()
            self.state = self.game.new_game(int(self.rng.integers(2**63)))
        self.done = False
        return self.state

    def observe(self, seat: int, masked: bool) -> ObsDict:
        state = self.current
        mask = np.frombuffer(state.action_mask(seat), dtype=np.int8) if masked else self.no_mask
        return {"observation": self.encoder.observation_of(state, seat), "action_mask": mask.copy()}

    @property
    def current(self) -> GameState[Any]:
        if self.state is None:
            raise UsageError("call reset() before using the environment")
        return self.state

    def outcome(self) -> tuple[list[float], bool]:
        """The final rewards by seat and whether the end was a cap."""
        result = self.current.result
        assert result is not None
        won = result.winners  # none in a draw: 0 for every seat
        rewards = [(1.0 if s in won else -1.0) if won else 0.0 for s in range(self.game.players)]
        return rewards, result.termination in CAPS

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        state = self.current
        if self.render_seat is None:
            return self.game.text.render_state(state)
        return self.game.text.render(state.observation(self.render_seat))

    def legal(self, seat: int, value: object) -> int | None:
        """``value`` as a plain int when it is a legal action of ``seat`` now, else None.

        Raises:
            IllegalMoveError: it is not, and ``illegal_action="raise"``.
        """
        action = action_value(value)
        legal = self.current.legal_actions(seat)
        if action is not None and action in legal:
            return action
        if self.illegal == "raise":
            state = self.current
            error = illegal_move(
                seat,
                value if action is None else action,
                state.legal_moves(seat),
                self.game.action_space,
                phase=state.phase.name,
                legal_actions=legal,
                who=f"player_{seat}",
            )
            if action is not None and action == self.wait:
                listing = str(error).partition("; ")[2]
                error = IllegalMoveError(
                    f"player_{seat} cannot play the wait action {action} in phase "
                    f"{state.phase.name}: it is polled (the wait action is for an agent "
                    f"that is not); {listing}",
                    seat=seat,
                    move="wait",
                    action=action,
                    legal=error.legal,
                    legal_wire=error.legal_wire,
                    legal_actions=error.legal_actions,
                )
            raise error
        return None

    def waits(self, seat: int, value: object) -> bool:
        """Whether ``value``, the entry of ``seat`` that is not polled, is the wait action
        (the Parallel env's; no entry at all is fine too, and is not checked here).

        Raises:
            IllegalMoveError: it is not, and ``illegal_action="raise"``.
        """
        action = action_value(value)
        if action is not None and action == self.wait:
            return True
        if self.illegal == "raise":
            state = self.current
            if action is None:
                text, what = describe(value), f"{describe(value)} ({type_name(value)})"
            else:
                text = what = f"action {describe(action)}"
            raise IllegalMoveError(
                f"player_{seat} is not polled in phase {state.phase.name}: its one action "
                f"is the wait action {self.wait} (or no entry), got {what}",
                seat=seat,
                move=text,
                action=action if action is not None and action.bit_length() < 64 else None,
            )
        return False


class _MatchEnv:
    """What both envs are built on: the game in play, the agents and their spaces."""

    _match: _Match
    render_mode: str | None
    game: Game[Any, Any]
    possible_agents: list[str]
    agents: list[str]
    observation_spaces: dict[str, spaces.Space[Any]]
    action_spaces: dict[str, spaces.Space[Any]]
    state_space: spaces.Space[Any]

    def _set_up(
        self,
        game: str | Game[Any, Any],
        render_mode: str | None,
        options: dict[str, Any],
        wait: bool = False,
    ) -> None:
        self._match = _Match(game, render_mode, options, wait)
        self.render_mode = render_mode
        self.game = self._match.game
        self.possible_agents = list(self._match.names)
        self.agents = []
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._match.observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._match.action_space)
        self.state_space = self._match.state_space

    def _seat_of(self, agent: object) -> int:
        """The seat of agent name ``agent``; UsageError if it is not one."""
        if type(agent) is not str or agent not in self._match.names:
            raise UsageError(f"an agent is one of {self.possible_agents}, got {describe(agent)}")
        return self._match.names.index(agent)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object every time)."""
        return self.observation_spaces[self.possible_agents[self._seat_of(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space (the same object every time)."""
        return self.action_spaces[self.possible_agents[self._seat_of(agent)]]

    @property
    def game_state(self) -> GameState[Any]:
        """The underlying :class:`~cardwars.engine.GameState` (read it, do not apply to it)."""
        return self._match.current


class CardwarsParallelEnv(_MatchEnv, ParallelEnv[str, ObsDict, int]):
    """The Parallel environment: one step per resting point, every polled seat acting at once.

    Every live agent has a legal action every step (:doc:`/api/envs`): a polled agent's mask is
    its seat's :meth:`~cardwars.engine.GameState.action_mask` followed by 0, a waiting agent's 1
    only at :attr:`wait_action` (as OpenSpiel's
    :meth:`~cardwars.envs.openspiel.CardwarsGame.wait_action`).

    Args:
        game: a game name (``"aliwar"``, ``"guerrilla"``) or a :class:`~cardwars.engine.Game`.
        render_mode: None or ``"ansi"`` (:meth:`render` returns text).
        render_seat: None renders the god's-eye board, a seat renders that seat's view.
        illegal_action: ``"terminate"`` (an illegal action ends the episode, -1 for its agent)
            or ``"raise"`` (:class:`~cardwars.errors.IllegalMoveError`).
        options: the game's options (``players=``, rules fields) with a game name.
    """

    metadata = {"render_modes": ["ansi"], "name": "cardwars_v0", "is_parallelizable": True}  # noqa: RUF012

    def __init__(
        self, game: str | Game[Any, Any], render_mode: str | None = None, **options: Any
    ) -> None:
        self._set_up(game, render_mode, options, wait=True)
        # The fast path, bound at reset for a state over its game's machine: a step is one call
        # (apply_keyed) and the observations another (encode_seats_into, into two new blocks).
        self._keys = tuple(self.possible_agents)
        players, size = self.game.players, self._match.encoder.size
        self._obs_shape = (players, size)
        self._mask_shape = (players, self.game.num_actions + 1)
        self._fast: GameState[Any] | None = None  # None: no fast path (no game, a game over)
        self._apply: Callable[[object, tuple[str, ...], bool], bool]  # bound while _fast is set
        self._write: Callable[[Any, Any, bool], bool]
        self._rows: Callable[..., dict[str, ObsDict]] = backend.core.rows_by_key
        self._zeros = dict.fromkeys(self._keys, 0.0)  # copied for each step's rewards
        self._false = dict.fromkeys(self._keys, False)

    @property
    def wait_action(self) -> int:
        """The action of an agent that is not polled, ``game.num_actions`` (the last one): its
        one legal action (it may send none instead); illegal for a polled agent."""
        return self.game.num_actions

    def _observations(self) -> dict[str, ObsDict]:
        if self._fast is not None:  # every array is a row of a new block: no step changes it
            block = _empty(self._obs_shape, _float32)
            marks = _empty(self._mask_shape, _int8)
            self._write(block, marks, True)
            return self._rows(self._keys, _FIELDS, (block, marks))
        match = self._match
        state = match.current
        vectors = match.encoder.observations(state)
        return {
            name: {
                "observation": vectors[seat],
                "action_mask": np.frombuffer(bytearray(state.action_mask(seat)) + b"\0", np.int8)
                if seat in state.to_act
                else match.no_mask.copy(),
            }
            for seat, name in enumerate(self.possible_agents)
        }

    @exclusive.step
    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, ObsDict], dict[str, dict[str, Any]]]:
        """Deal a new game (from ``seed`` when given); return every agent's observation and info."""
        state = self._match.deal(seed)
        self.agents = list(self.possible_agents)
        self._fast = None
        if isinstance(state, EncodedState):
            self._fast = state
            self._apply = state.apply_keyed  # called with wait=True
            self._write = state.encode_seats_into
        self._rows = backend.core.rows_by_key
        return self._observations(), {name: {} for name in self.agents}

    @exclusive.step
    def step(self, actions: dict[str, Any]) -> _StepResult:
        """Apply one action per polled agent; an agent not polled sends :attr:`wait_action` or
        nothing (entries under keys that are no agent's are ignored).

        A polled agent with no action or an illegal one (the wait action too), or an agent not
        polled with another action, ends the episode (``illegal_action="terminate"``,
        PettingZoo's convention): it gets -1, the others 0, all are terminated and its info says
        ``"illegal_action": True``.

        Raises:
            IllegalMoveError: the same, with ``illegal_action="raise"`` (nothing changes), or
                ``actions`` is not a mapping of agent name -> action.
            UsageError: the episode is over (call :meth:`reset`).
        """
        # A plain dict of str keys (no caller's __hash__ or __eq__ runs), or IllegalMoveError.
        if type(actions) is not dict or any(type(key) is not str for key in actions):
            actions = _agent_actions(actions)
        fast = self._fast
        keys = self._keys
        if fast is not None and self._apply(actions, keys, True):  # the common case
            block = _empty(self._obs_shape, _float32)  # rows of new blocks: no step changes them
            marks = _empty(self._mask_shape, _int8)
            over = self._write(block, marks, True)
            observations = self._rows(keys, _FIELDS, (block, marks))
            if over:
                return self._end(observations, *self._match.outcome())
            false = self._false
            return (
                observations,
                self._zeros.copy(),
                false.copy(),
                false.copy(),
                self._rows(keys, (), ()),  # the infos: a new empty dict per agent
            )
        match = self._match
        state = match.current
        if match.done:
            raise UsageError("the game is over: call reset()")
        step: dict[int, int] = {}
        offenders: list[int] = []
        agents = self.possible_agents
        polled = state.to_act
        for seat in range(self.game.players):
            if seat not in polled:  # no entry, or the wait action
                if agents[seat] in actions and not match.waits(seat, actions[agents[seat]]):
                    offenders.append(seat)
                continue
            action = match.legal(seat, actions.get(agents[seat]))
            if action is None:
                offenders.append(seat)
            else:
                step[seat] = action
        names = self.agents
        infos: dict[str, dict[str, Any]] = {name: {} for name in names}
        if offenders:  # illegal_action="terminate": the offenders lose, the others get 0
            self._fast = None  # the observations of the state as it is, by the encoder
            for seat in offenders:
                infos[names[seat]]["illegal_action"] = True
            rewards = [-1.0 if seat in offenders else 0.0 for seat in range(len(names))]
            return self._end(self._observations(), rewards, False, infos)
        state.apply_actions(step)
        observations = self._observations()
        if state.is_over:
            return self._end(observations, *match.outcome())
        return (
            observations,
            dict.fromkeys(names, 0.0),
            dict.fromkeys(names, False),
            dict.fromkeys(names, False),
            infos,
        )

    def _end(
        self,
        observations: dict[str, ObsDict],
        rewards: Sequence[float],
        capped: bool,
        infos: dict[str, dict[str, Any]] | None = None,
    ) -> _StepResult:
        """The step that ended the episode: the rewards by seat, and every agent leaves."""
        self._match.done = True
        self._fast = None
        names = self.agents
        self.agents = []
        return (
            observations,
            {name: rewards[seat] for seat, name in enumerate(names)},
            dict.fromkeys(names, not capped),
            dict.fromkeys(names, capped),
            {name: {} for name in names} if infos is None else infos,
        )

    @exclusive.read
    def state(self) -> npt.NDArray[np.float32]:
        """The god's-eye encoding (:meth:`Encoder.state <cardwars.envs.encoding.Encoder.state>`)."""
        return self._match.encoder.state(self._match.current)

    @exclusive.read
    def render(self) -> str | None:
        """The board as text (``render_mode="ansi"``), else None."""
        return self._match.render()

    def close(self) -> None:
        """Nothing to release."""


class CardwarsAECEnv(_MatchEnv, AECEnv[str, ObsDict, int]):
    """The AEC environment: polled agents act one at a time; the step applies after the last.
    Takes the arguments of :class:`CardwarsParallelEnv`."""

    metadata = {"render_modes": ["ansi"], "name": "cardwars_v0", "is_parallelizable": True}  # noqa: RUF012

    def __init__(
        self, game: str | Game[Any, Any], render_mode: str | None = None, **options: Any
    ) -> None:
        super().__init__()
        self._set_up(game, render_mode, options)
        self._pending: list[int] = []
        self._chosen: dict[int, int] = {}

    @exclusive.read
    def observe(self, agent: str) -> ObsDict:
        """The agent's observation; its mask is all zeros unless it is the one to act now.

        Raises:
            UsageError: ``agent`` is no agent, or another thread is in a :meth:`step` or
                :meth:`reset` of this env.
        """
        seat = self._seat_of(agent)
        return self._match.observe(seat, bool(self._pending) and self._pending[0] == seat)

    @exclusive.step
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (from ``seed`` when given) and select the first polled agent."""
        self._match.deal(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {name: {} for name in self.agents}
        self._chosen = {}
        self._poll()

    def _poll(self) -> None:
        self._pending = sorted(self._match.current.to_act)
        self.agent_selection = self.possible_agents[self._pending[0]]

    @exclusive.step
    def step(self, action: Any) -> None:
        """Record the selected agent's action; apply the step once every polled agent acted (an
        illegal action ends the episode as in :meth:`CardwarsParallelEnv.step`).

        Raises:
            IllegalMoveError: an illegal action with ``illegal_action="raise"`` (nothing changes).
            UsageError: before :meth:`reset`, or an action other than None for an agent that is
                done (PettingZoo's rule).
        """
        match = self._match
        state = match.current  # UsageError before reset()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise UsageError(f"{agent} is done: its only valid action is None")
            self._was_dead_step(action)
            return
        seat = self._pending[0]
        chosen = match.legal(seat, action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if chosen is None:  # illegal_action="terminate": it loses, the others get 0
            match.done = True
            self.rewards[agent] = -1.0
            self.infos[agent]["illegal_action"] = True
            self.terminations = dict.fromkeys(self.agents, True)
            self._pending = []
            self._chosen = {}
            self._accumulate_rewards()
            return
        self._chosen[seat] = chosen
        self._pending.pop(0)
        if self._pending:
            self.agent_selection = self.possible_agents[self._pending[0]]
        else:
            state.apply_actions(self._chosen)
            self._chosen = {}
            if state.is_over:
                by_seat, capped = self._match.outcome()
                for seat_, name in enumerate(self.possible_agents):
                    self.rewards[name] = by_seat[seat_]
                    self.terminations[name] = not capped
                    self.truncations[name] = capped
                self._pending = []
                self.agent_selection = self.agents[0]
            else:
                self._poll()
        self._accumulate_rewards()

    @exclusive.read
    def state(self) -> npt.NDArray[np.float32]:
        """The god's-eye encoding (:meth:`Encoder.state <cardwars.envs.encoding.Encoder.state>`)."""
        return self._match.encoder.state(self._match.current)

    @exclusive.read
    def render(self) -> str | None:
        """The board as text (``render_mode="ansi"``), else None."""
        return self._match.render()

    def close(self) -> None:
        """Nothing to release."""


def env(game: str | Game[Any, Any], **options: Any) -> CardwarsAECEnv:
    """The :class:`CardwarsAECEnv` of ``game`` (a name with its options, or a Game).

    Raises:
        UsageError: Clone War (it has no decisions), an unknown game or a bad ``render_mode``.
        RulesError: a bad option.

    >>> from cardwars.envs.pettingzoo import env
    >>> aec = env("guerrilla", players=3)
    >>> aec.reset(seed=1)
    >>> aec.agent_selection, aec.num_agents
    ('player_0', 3)
    """
    return CardwarsAECEnv(game, **options)


def parallel_env(game: str | Game[Any, Any], **options: Any) -> CardwarsParallelEnv:
    """The :class:`CardwarsParallelEnv` of ``game`` (a name with its options, or a Game).

    Raises:
        UsageError: Clone War (it has no decisions), an unknown game or a bad ``render_mode``.
        RulesError: a bad option.

    >>> from cardwars.envs.pettingzoo import parallel_env
    >>> par = parallel_env("guerrilla", players=4)
    >>> par.possible_agents
    ['player_0', 'player_1', 'player_2', 'player_3']
    """
    return CardwarsParallelEnv(game, **options)
