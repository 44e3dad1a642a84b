"""OpenSpiel games of Aliwar and WAR: Guerrilla Tactics (``pip install "cardwars[openspiel]"``).

Importing this module registers ``cardwars_aliwar`` and ``cardwars_guerrilla`` with ``pyspiel``;
:doc:`/guides/openspiel` says how the games are modelled.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np
import pyspiel

from cardwars import backend, exclusive
from cardwars.engine import Game, GameState
from cardwars.envs.encoding import encoding_of
from cardwars.errors import (
    CardwarsError,
    IllegalMoveError,
    RecordError,
    UsageError,
    clip,
    describe,
    wrong_type,
)
from cardwars.registry import game_class
from cardwars.registry import load_game as _load_cardwars_game
from cardwars.vectors import Encodable, Encoding

__all__ = [
    "GAME_NAMES",
    "AliwarGame",
    "CardwarsGame",
    "CardwarsObserver",
    "CardwarsState",
    "GuerrillaGame",
    "load_game",
    "returns_of",
]

GAME_NAMES: Final[dict[str, str]] = {
    "aliwar": "cardwars_aliwar",
    "guerrilla": "cardwars_guerrilla",
}
"""The registered OpenSpiel name of each cardwars game that has one. A plugin's game with
decisions (an :class:`~cardwars.vectors.Encodable`) joins it, as ``cardwars_<name>`` (``-`` read
as ``_``), on its first :func:`load_game`."""

_DEALS: Final = {"num_deals": 1000, "deal_seed": 0}  # the chance node's parameters, by default
_MAX_INT: Final = 2**31 - 1  # OpenSpiel's game parameters and game lengths are C++ ints
_MAX_DEALS: Final = 1_000_000  # chance_outcomes() lists every deal

_NO_DECISIONS: Final = (
    "{} has no decisions: every step is automatic, so as an OpenSpiel game it "
    "would have no player nodes at all; play it with cardwars.play or cardwars.simulate"
)


def returns_of(placings: Sequence[int]) -> list[float]:
    """Each seat's return: the mean over the other seats of +1, 0 or -1 as it placed better, the
    same or worse (``placings``: 1 = best). They sum to 0.

    >>> from cardwars.envs.openspiel import returns_of
    >>> returns_of((1, 2)), returns_of((1, 1)), returns_of((2, 1, 3))
    ([1.0, -1.0], [0.0, 0.0], [0.0, 1.0, -1.0])
    """
    n = len(placings)
    return [
        sum((p < q) - (p > q) for j, q in enumerate(placings) if j != i) / (n - 1)
        for i, p in enumerate(placings)
    ]


# --- the game, its states and its observers -------------------------------------------------


def _parameters(name: str) -> dict[str, Any]:
    """The OpenSpiel parameters of a game: ``players`` (if it varies), its options, the deals."""
    cls = game_class(name)
    params: dict[str, Any] = {}
    if cls.max_players > cls.min_players:
        params["players"] = cls.min_players
    for field in dataclasses.fields(cls.rules_type):
        params[field.name] = field.default
    params.update(_DEALS)
    return params


def _game_type(name: str) -> pyspiel.GameType:
    cls = game_class(name)
    return pyspiel.GameType(
        short_name=GAME_NAMES[name],
        long_name=f"cardwars {name}",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_parameters(name),
    )


class CardwarsGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game of one cardwars game (:data:`GAME_NAMES`), built by ``pyspiel``
    (``pyspiel.load_game("cardwars_guerrilla", {"players": 3})``); ``cardwars_game`` is the
    cardwars :class:`~cardwars.engine.Game` it plays."""

    def __init__(self, name: str, params: Mapping[str, Any]) -> None:
        merged = {**_parameters(name), **dict(params)}
        given = dict(merged)
        deals, deal_seed = given.pop("num_deals"), given.pop("deal_seed")
        for parameter, value in (("num_deals", deals), ("deal_seed", deal_seed)):
            if type(value) is not int:
                raise wrong_type(parameter, "an int", value)
        if not 1 <= deals <= _MAX_DEALS:
            raise UsageError(f"num_deals must be 1..{_MAX_DEALS}, got {deals}")
        if not 0 <= deal_seed <= _MAX_INT:  # an OpenSpiel game parameter: a 32-bit int
            raise UsageError(f"deal_seed must be in [0, 2**31), got {describe(deal_seed)}")
        self.name = name
        self.cardwars_game: Game[Any, Any] = _load_cardwars_game(name, **given)
        self.encoding: Encoding = encoding_of(self.cardwars_game)
        """The cardwars game's own encodings (its observation tensor, its public part)."""
        self.num_deals = deals
        self.deal_seed = deal_seed
        super().__init__(
            _game_type(name),
            pyspiel.GameInfo(
                num_distinct_actions=self.cardwars_game.num_actions + 1,
                max_chance_outcomes=deals,
                num_players=self.cardwars_game.players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=min(self.encoding.max_steps, _MAX_INT),  # a C++ int
            ),
            merged,
        )

    def wait_action(self) -> int:
        """The action of a seat that is not polled at a simultaneous node (the last action)."""
        return int(self.cardwars_game.num_actions)

    def deal_seed_of(self, outcome: int) -> int:
        """The cardwars seed that the chance outcome ``outcome`` deals from."""
        return int(backend.core.derive_seed(self.deal_seed, outcome))

    def new_initial_state(self) -> CardwarsState:
        """The root: the deal's chance node."""
        return CardwarsState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> CardwarsObserver | None:
        """An observer of the kind ``iig_obs_type`` asks for; None for a kind the game lacks.

        Perfect recall gives the information state (a string only); otherwise the observation
        now: public and private parts (the default, string and tensor), the public part alone, or
        the private part alone (Guerrilla's hand; Aliwar has no private information, so None).
        """
        if params:
            raise ValueError(f"observation parameters are not supported, got {describe(params)}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if iig_obs_type.perfect_recall:
            if not (private and iig_obs_type.public_info):
                return None
            return CardwarsObserver(self, "information_state")
        if private and iig_obs_type.public_info:
            return CardwarsObserver(self, "observation")
        if iig_obs_type.public_info:
            return CardwarsObserver(self, "public")
        if private and self.encoding.private:
            return CardwarsObserver(self, "private")
        return None

    def deserialize_state(self, text: str) -> CardwarsState:
        """The state :meth:`CardwarsState.serialize` wrote, replayed from the root.

        The text is untrusted: it must be the JSON object ``{"deal": ..., "steps": ...}`` with a
        deal index ``0..num_deals-1`` (an int, not a bool or a float; or null with no steps), and
        each step a list of one action (a node of one seat) or of one action per player, every
        one an int ``0..wait_action()``, legal when replayed.

        Raises:
            RecordError: text that is no serialized state of this game (a :class:`ValueError`);
                the message says what is wrong.
            ArgumentTypeError: ``text`` is not a str (a :class:`TypeError`).
        """
        if type(text) is not str:
            raise wrong_type("text", "a str (from CardwarsState.serialize)", text)
        what = f"not a serialized {GAME_NAMES[self.name]} state"
        try:
            data = json.loads(text)
        except RecursionError:
            raise RecordError(f"{what}: the JSON is nested too deeply") from None
        except ValueError as error:
            raise RecordError(f"{what}: not JSON ({describe(str(error))})") from None
        if type(data) is not dict or set(data) != {"deal", "steps"}:
            raise RecordError(f'{what}: expected an object with "deal" and "steps" only')
        deal, steps = data["deal"], data["steps"]
        if type(steps) is not list:
            raise RecordError(f"{what}: steps must be a list, got {_json_kind(steps)}")
        state = self.new_initial_state()
        if deal is None:
            if steps:
                raise RecordError(f"{what}: a state before the deal has no steps")
            return state
        if type(deal) is not int or not 0 <= deal < self.num_deals:
            raise RecordError(
                f"{what}: deal must be an int 0..{self.num_deals - 1}, got {_json_kind(deal)}"
            )
        state.apply_action(deal)
        players, top = self.cardwars_game.players, self.wait_action()
        for index, step in enumerate(steps):
            if (
                type(step) is not list
                or len(step) not in (1, players)
                or not all(type(action) is int and 0 <= action <= top for action in step)
            ):
                raise RecordError(
                    f"{what}: steps[{index}] must be a list of 1 or {players} ints "
                    f"0..{top}, got {_json_kind(step)}"
                )
            try:
                if len(step) == 1 and state.current_player() >= 0:
                    state.apply_action(step[0])
                else:
                    state.apply_actions(step)
            except Exception as error:  # an illegal step: the text is bad, whatever said so
                raise RecordError(f"{what}: steps[{index}]: {describe(str(error), 200)}") from None
        return state


def _json_kind(value: object) -> str:
    """A parsed JSON value for a message: a short value, else its kind."""
    if value is None or type(value) in (bool, int, float):
        return describe(value)
    kinds: dict[type, str] = {str: "a string", list: "a list", dict: "an object"}
    return kinds.get(type(value), "a value")


class CardwarsState(pyspiel.State):  # type: ignore[misc]
    """A state of a :class:`CardwarsGame`: the deal index and a cardwars state.

    ``cardwars_state`` is the cardwars :class:`~cardwars.engine.GameState` (None at the chance
    node); it holds the cardwars RNG, so the state is deterministic given the deal. A state is
    for one thread at a time: an action applied while another thread applies one to the same
    state raises :class:`~cardwars.errors.UsageError` and changes nothing.
    """

    def __init__(self, game: CardwarsGame) -> None:
        super().__init__(game)
        self.deal: int | None = None
        self.cardwars_state: GameState[Any] | None = None
        self._steps: list[list[int]] = []
        # per seat: what it has known at each of its moments, for its information state
        self._memory: list[list[str]] = [[] for _ in range(game.cardwars_game.players)]

    @property
    def _game(self) -> CardwarsGame:
        # Never an attribute: a clone would deep-copy it into a bare pyspiel.Game.
        game: CardwarsGame = self.get_game()
        return game

    # --- the OpenSpiel API ---------------------------------------------------------------
    def current_player(self) -> int:
        """CHANCE at the deal, TERMINAL at the end, the seat when one is polled, else
        SIMULTANEOUS."""
        state = self.cardwars_state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        polled = state.to_act
        if len(polled) == 1:
            return int(next(iter(polled)))
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def _legal_actions(self, player: int) -> list[int]:
        state = self.cardwars_state
        if state is None or state.is_over:
            return []
        if player in state.to_act:
            return sorted(state.legal_actions(player))
        if len(state.to_act) > 1:
            return [self._game.wait_action()]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deal's outcomes: every deal index, uniformly."""
        deals = self._game.num_deals
        return [(k, 1.0 / deals) for k in range(deals)]

    @exclusive.step
    def _apply_action(self, action: int) -> None:
        if self.cardwars_state is None:
            deals = self._game.num_deals
            if type(action) is not int or not 0 <= action < deals:
                raise IllegalMoveError(
                    f"the deal is a chance outcome 0..{deals - 1}, got {describe(action)}",
                    action=action if type(action) is int else None,
                )
            self.deal = action
            self.cardwars_state = self._game.cardwars_game.new_game(
                self._game.deal_seed_of(self.deal)
            )
            self._remember([])
            return
        polled = self.cardwars_state.to_act
        if len(polled) != 1:  # over, or a simultaneous node
            raise UsageError(
                "apply_action() takes the action of a node of one player; "
                + ("the game is over" if not polled else "this node takes apply_actions()")
            )
        seat = next(iter(polled))
        self.cardwars_state.apply_actions({seat: int(action)})
        self._steps.append([int(action)])
        self._remember([(seat, int(action))])

    @exclusive.step
    def _apply_actions(self, actions: Sequence[int]) -> None:
        state = self.cardwars_state
        players = self._game.cardwars_game.players
        if state is None or state.is_over:
            raise UsageError(
                "apply_actions() takes a joint action at a simultaneous node; "
                + ("the deal is apply_action(deal)" if state is None else "the game is over")
            )
        if len(actions) != players:
            raise UsageError(
                f"a joint action holds one action per player ({players}), got {len(actions)}"
            )
        polled = state.to_act
        given = [int(action) for action in actions]
        wait = self._game.wait_action()
        for seat, action in enumerate(given):  # a seat not polled has one legal action: wait
            if seat not in polled and action != wait:
                raise IllegalMoveError(
                    f"seat {seat} is not polled at this node: its action is the wait action "
                    f"{wait}, got {action}",
                    seat=seat,
                    action=action,
                    legal_actions=(wait,),
                )
        state.apply_actions({seat: given[seat] for seat in polled})
        self._steps.append(given)
        self._remember([(seat, int(actions[seat])) for seat in sorted(polled)])

    def _remember(self, moves: list[tuple[int, int]]) -> None:
        """Add to each seat's recall its own move of this step and what it observes now."""
        state = self.cardwars_state
        assert state is not None
        text = self._game.cardwars_game.text
        space = self._game.cardwars_game.action_space
        for seat, recall in enumerate(self._memory):
            own = [f"you: {text.label(space.move(a))}" for s, a in moves if s == seat]
            recall.append("\n".join([*own, text.render(state.observation(seat))]))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action} (seed {self._game.deal_seed_of(action)})"
        if action == self._game.wait_action():
            return "wait"
        return str(
            self._game.cardwars_game.text.label(self._game.cardwars_game.action_to_move(action))
        )

    def is_terminal(self) -> bool:
        return self.cardwars_state is not None and self.cardwars_state.is_over

    def returns(self) -> list[float]:
        state = self.cardwars_state
        if state is None or state.result is None:
            return [0.0] * self._game.cardwars_game.players
        return returns_of(state.result.placings)

    def serialize(self) -> str:
        """One line of JSON: the deal index and each step's actions (one, or one per seat)."""
        return json.dumps({"deal": self.deal, "steps": self._steps})

    def __str__(self) -> str:
        state = self.cardwars_state
        if state is None:
            return "deal pending"
        head = f"deal {self.deal} (seed {state.seed})"
        return f"{head}\n{self._game.cardwars_game.text.render_state(state)}"


class CardwarsObserver:
    """An OpenSpiel observer (``make_py_observer``) of a :class:`CardwarsGame`.

    ``kind`` is ``"observation"`` (the default observation: string and tensor), ``"public"`` or
    ``"private"`` (strings) or ``"information_state"`` (a string: each of the seat's own moves and
    what it observed after every step, from the deal on). No kind shows a card the seat may not
    know, the deal's seed or the RNG.
    """

    def __init__(self, game: CardwarsGame, kind: str) -> None:
        self._game = game
        self.kind = kind
        encoding = game.encoding
        self._fill = encoding.tensor_fill
        shapes = encoding.tensor_pieces if kind == "observation" else ()
        size = sum(int(np.prod(shape)) for _, shape in shapes)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        index = 0
        for name, shape in shapes:
            count = int(np.prod(shape))
            self.dict[name] = self.tensor[index : index + count].reshape(shape)
            index += count

    def set_from(self, state: CardwarsState, player: int) -> None:
        """Fill ``tensor`` (and its views in ``dict``) from ``player``'s observation."""
        self.tensor.fill(0)
        if self.kind != "observation" or state.cardwars_state is None:
            return
        self._fill(self.dict, state.cardwars_state.observation(player))

    def string_from(self, state: CardwarsState, player: int) -> str:
        """``player``'s view of ``state`` as text (see the class)."""
        game = state.cardwars_state
        text = self._game.cardwars_game.text
        players = self._game.cardwars_game.players
        if type(player) is not int or not 0 <= player < players:  # -1 would be another's recall
            raise UsageError(f"player must be a seat 0..{players - 1}, got {describe(player)}")
        if self.kind == "information_state":
            recall = state._memory[player]
            return "\n\n".join([f"seat {player}", *recall]) if recall else f"seat {player}"
        if game is None:
            return "deal pending"
        obs = game.observation(player)
        if self.kind == "observation":
            return str(text.render(obs))
        if self.kind == "public":
            return str(text.render(self._game.encoding.public(obs)))
        hand: tuple[Any, ...] = getattr(obs, "hand", ())
        return "hand: " + (" ".join(map(str, hand)) or "-")


def load_game(name: str, **options: Any) -> CardwarsGame:
    """The OpenSpiel game of the cardwars game ``name`` with ``options`` (``players=``, the rules
    options and ``num_deals``/``deal_seed``): ``pyspiel.load_game(GAME_NAMES[name], options)``.
    A plugin's game with decisions is registered with OpenSpiel on its first call
    (:data:`GAME_NAMES`).

    Raises:
        UsageError: ``"clone-war"`` or a plugin's game without decisions (it has no encodings),
            or an unknown game name; ``num_deals`` out of 1..1,000,000, ``deal_seed`` out of
            [0, 2**31) or any int option beyond a 32-bit int (OpenSpiel's parameters), or an
            option pyspiel refuses.
        ArgumentTypeError: ``players``, ``num_deals`` or ``deal_seed`` is not an int (a bool
            or a float included), or an option not a bool, int, float or str.

    >>> from cardwars.envs.openspiel import load_game
    >>> load_game("guerrilla", players=3).num_players()
    3
    """
    if name not in GAME_NAMES:
        cls = game_class(name)  # raises for an unknown name or a plugin that cannot be used
        if not issubclass(cls, Encodable):
            if not cls.num_actions:  # a game whose steps are all automatic (Clone War)
                raise UsageError(_NO_DECISIONS.format(name))
            raise UsageError(
                f"{name} has no encodings (it is no cardwars.vectors.Encodable), so no "
                "OpenSpiel game: a game without decisions is played with cardwars.play "
                "or cardwars.simulate"
            )
        _register(name)
    # Checked here: pyspiel's own messages would be a SpielError or a RuntimeError. Its game
    # parameters are bools, C++ ints, floats and strings.
    for parameter, value in options.items():
        if parameter in (*_DEALS, "players") and type(value) is not int:
            raise wrong_type(parameter, "an int", value)
        if type(value) not in (bool, int, float, str):
            raise wrong_type(parameter, "a bool, an int, a float or a str", value)
        if type(value) is int and not -_MAX_INT - 1 <= value <= _MAX_INT:
            raise UsageError(
                f"{parameter} must fit an OpenSpiel game parameter (a 32-bit int), "
                f"got {describe(value)}"
            )
    try:
        game = pyspiel.load_game(GAME_NAMES[name], options)
    except CardwarsError:
        raise
    except Exception as exc:  # pyspiel's own refusal of a parameter
        raise UsageError(f"OpenSpiel refused the options of {name}: {clip(str(exc))}") from None
    assert isinstance(game, CardwarsGame)
    return game


class AliwarGame(CardwarsGame):
    """``cardwars_aliwar``: Aliwar as an OpenSpiel game (see the module)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__("aliwar", params or {})


class GuerrillaGame(CardwarsGame):
    """``cardwars_guerrilla``: WAR: Guerrilla Tactics as an OpenSpiel game (see the module)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__("guerrilla", params or {})


def _register(name: str) -> None:
    """Register a plugin's (Encodable) game with OpenSpiel as ``cardwars_<name>``."""
    short = "cardwars_" + name.replace("-", "_")

    def build(self: CardwarsGame, params: Mapping[str, Any] | None = None) -> None:
        CardwarsGame.__init__(self, name, params or {})

    GAME_NAMES[name] = short  # first: _game_type reads it
    game = type(f"PluginGame_{short}", (CardwarsGame,), {"__init__": build})
    game.__doc__ = f"``{short}``: the game {name!r} of a plugin, as an OpenSpiel game."
    _PLUGIN_GAMES.append(game)  # kept alive, as the built-in games' classes are
    pyspiel.register_game(_game_type(name), game)


_PLUGIN_GAMES: list[type[CardwarsGame]] = []


# Registered as classes, as OpenSpiel's own Python games are: a class survives the registry
# keeping its constructor alive past the interpreter's finalization.
pyspiel.register_game(_game_type("aliwar"), AliwarGame)
pyspiel.register_game(_game_type("guerrilla"), GuerrillaGame)
