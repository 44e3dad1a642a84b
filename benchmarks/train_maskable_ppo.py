"""Train sb3-contrib's ``MaskablePPO`` on the single-agent Gymnasium env; plot its learning curve.

The learner plays seat 0 of ``cardwars/Aliwar-v0`` (or ``cardwars/Guerrilla-v0`` with
``--game guerrilla``, 2 players; untuned) against the built-in opponents, on an opponent
schedule (``--opponents``): phases ``NAME:FRACTION`` of the budget, each NAME ``random``,
``greedy`` or ``mix`` (every episode's opponent drawn half and half). The default,
``random:0.75,mix:0.25``, is a curriculum: random opponents first, then both. The budget is
``--steps`` environment steps (learner decisions) or ``--minutes`` of wall time, whichever
ends first; the schedule follows the one further along.

Before training (step 0), every ``--eval-every`` steps and at the end, the policy plays
``--eval-games`` games against ``"random"`` and against ``"greedy"`` (``--final-games`` at the
end), deterministically (the argmax over the masked logits). Evaluation game ``k`` is dealt
by ``reset(seed=EVAL_SEED + k)``, so every evaluation, of every run, plays the same deals (and
the opponents draw from seeds derived from them). A win is a win only: losses, draws and
truncated games are counted apart. The final figures carry Wilson 95 % intervals
(:func:`cardwars.report.wilson_interval`).

Observations (``--features cards``, Guerrilla's default): the env's vector scaled to [0, 1] by the
observation space's bounds, then for the card codes that matter now (Aliwar: the ten stack
tops, the two protection cards and the won cards; Guerrilla: the cards played and the
supports) the rank (a number and a one-hot) and the suit (one-hot), then for every pair of the
face-up cards whether the first ranks higher, the ranks are equal, the suits are the same,
and (Aliwar) the number of cards in each stack. A card code (``card.id + 1``) is one number per
card, which a small MLP reads poorly (``--features raw`` trains on the scaled vector alone).
These say which cards lie where and how they compare; no rule of the game is coded in.

Aliwar's switches (``--features afterstate``, its default) are scored on the board each one
leads to: for each of the 16 switch actions and each of the five columns, the learner's top
card and the opponent's facing it once the two chosen face-up cards have changed places
(:class:`Afterstates`: their ranks, which is higher, whether each shares a suit with each
protection card, the two stacks' sizes). One small network, shared by every switch and
column, reads each column; their sum gives the switch a score that is added to its logit
(:class:`AfterstatePolicy`; the rest of the policy and the critic are the MLPs of ``--net``).
So the learner is told what a switch moves and which stacks face each other, which the
action's name and the layout say, and still has to learn who wins a conflict and what a
column is worth. With the plain MLP (``--features cards``) the same budget learned Aliwar's
Keep decisions but few of its Switch decisions (about 71 % against ``random``).

Rewards: the env's +1 / -1 / 0 at the end plus, with ``--shaping W`` (default 10), the
potential-based term ``W * (gamma * phi(next) - phi(now))`` with ``phi`` the learner's cards
minus the opponent's, over 52 (0 once the game is over), which leaves the best policy
unchanged (Ng, Harada and Russell, 1999) and tells the learner sooner which decisions cost it
cards. ``--shaping 0`` trains on the env's reward alone.

Not a test (``tests/test_train_maskable_ppo.py`` only runs ``--smoke``):

    pip install torch --index-url https://download.pytorch.org/whl/cpu   # a CPU-only PyTorch
    pip install -e ".[rl]"
    python benchmarks/train_maskable_ppo.py                         # the docs' run
    python benchmarks/train_maskable_ppo.py --smoke --out /tmp/c.png --json /tmp/c.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

try:
    import gymnasium
    import numpy as np
    import torch
    from gymnasium import spaces
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.torch_layers import create_mlp
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv
except ImportError:  # pragma: no cover - a clear message instead of a traceback
    sys.exit(
        "train_maskable_ppo.py needs the rl extra: install a CPU-only PyTorch first "
        "(pip install torch --index-url https://download.pytorch.org/whl/cpu), "
        "then pip install 'cardwars[rl]'"
    )

import cardwars.envs.gymnasium  # noqa: F401  (registers cardwars/Aliwar-v0, cardwars/Guerrilla-v0)
from cardwars.aliwar.moves import ACTIONS as ALIWAR_ACTIONS
from cardwars.aliwar.moves import Switch
from cardwars.core_rng import derive_seed
from cardwars.envs.encoding import encoder
from cardwars.envs.gymnasium import CardwarsEnv
from cardwars.report import wilson_interval

ROOT = Path(__file__).resolve().parents[1]
OPPONENTS = ("random", "greedy")
EVAL_SEED = 1_000_000
"""Evaluation game ``k`` is dealt from ``EVAL_SEED + k`` (training deals come from ``--seed``)."""

CARD_FIELDS: dict[str, dict[str, tuple[int, int] | None]] = {
    "aliwar": {"protection": None, "won": None, "stacks": (2 * 5, 52)},  # tops: depth 0
    "guerrilla": {"played": None, "supports": None},
}
"""Per game, the observation fields holding card codes to decode: ``None`` for every element,
or ``(rows, row_length)`` for the first element of each row (a stack's top card)."""

PAIR_FIELDS = {"aliwar": ("protection", "stacks"), "guerrilla": ("played", "supports")}
"""Per game, the fields (of :data:`CARD_FIELDS`) whose cards are compared pairwise."""


def _decode(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Card codes (0 none, 1-52 a card, 53 unseen) as (known, rank 0-12, suit 0-3)."""
    known = (codes >= 1) & (codes <= 52)
    ids = np.where(known, codes - 1, 0)
    return known, ids % 13, ids // 13


class Features:
    """The observation transform (``--features``), and the potential of the shaping."""

    def __init__(self, env: CardwarsEnv, mode: str) -> None:
        space = env.observation_space
        assert isinstance(space, spaces.Box)
        self.scale = (1.0 / np.maximum(space.high, 1.0)).astype(np.float32)
        fields = {field.name: field for field in encoder(env.game).fields}
        index: list[int] = []
        paired: list[int] = []
        if mode in ("cards", "afterstate"):
            for name, shape in CARD_FIELDS[env.game.name].items():
                field = fields[name]
                if shape is None:
                    elements = list(range(field.offset, field.offset + field.length))
                else:
                    rows, length = shape
                    elements = [field.offset + row * length for row in range(rows)]
                index.extend(elements)
                if name in PAIR_FIELDS[env.game.name]:
                    paired.extend(elements)
        self.index = np.array(index, dtype=np.int64)
        self.paired = np.array(paired, dtype=np.int64)
        self.pairs = np.triu_indices(len(paired), 1)
        self.size = space.shape[0] + 18 * len(index) + 3 * len(self.pairs[0])
        # Aliwar's stack sizes (cards in each stack), which the codes hold only implicitly.
        self.stacks: tuple[int, int] | None = None
        if mode in ("cards", "afterstate") and env.game.name == "aliwar":
            self.stacks = (fields["stacks"].offset, fields["stacks"].length)
            self.size += 10
        self.seat, self.players = env.seat, env.game.players
        # The afterstate block (--features afterstate, Aliwar): per switch, per column.
        self.afterstate = None
        if mode == "afterstate":
            self.afterstate = Afterstates(
                fields["stacks"].offset, fields["protection"].offset, self.seat
            )
            self.size += self.afterstate.size
        self.general = self.size - (self.afterstate.size if self.afterstate else 0)
        if env.game.name == "aliwar":  # the cards in each seat's stacks
            stacks = fields["stacks"]
            self.cards = lambda obs: np.count_nonzero(
                obs[stacks.offset : stacks.offset + stacks.length].reshape(2, -1), axis=1
            )
        else:  # every card a seat holds: hand, draw pile and discard pile
            sizes = [fields[n] for n in ("hand_sizes", "draw_sizes", "discard_sizes")]
            self.cards = lambda obs: sum(obs[f.offset : f.offset + f.length] for f in sizes)

    def potential(self, observation: np.ndarray) -> float:
        """The learner's cards minus the most any opponent holds, over 52 (``--shaping``)."""
        counts = [float(c) for c in self.cards(observation)]
        others = max(c for seat, c in enumerate(counts) if seat != self.seat)
        return (counts[self.seat] - others) / 52.0

    def __call__(self, observation: np.ndarray) -> np.ndarray:
        """One observation (1-D) or a batch (2-D) as features."""
        scaled = observation * self.scale
        if not len(self.index):
            return scaled.astype(np.float32)
        codes = observation[..., self.index].astype(np.int64)
        known, ranks, suits = _decode(codes)
        rank = np.eye(13, dtype=np.float32)[ranks] * known[..., None]
        suit = np.eye(4, dtype=np.float32)[suits] * known[..., None]
        order = ((ranks + 1) / 13.0 * known)[..., None].astype(np.float32)  # rank, 2 low
        onehots = np.concatenate([order, rank, suit], axis=-1).reshape(*codes.shape[:-1], -1)
        # Each pair of compared cards: higher rank, equal rank, same suit (0 unless both known).
        known, rank, suit = _decode(observation[..., self.paired].astype(np.int64))
        i, j = self.pairs
        both = known[..., i] & known[..., j]
        relations = [
            (rank[..., i] > rank[..., j]) & both,
            (rank[..., i] == rank[..., j]) & both,
            (suit[..., i] == suit[..., j]) & both,
        ]
        extra = []
        if self.stacks is not None:
            offset, length = self.stacks
            block = observation[..., offset : offset + length]
            block = block.reshape(*block.shape[:-1], 10, 52)
            extra.append(np.count_nonzero(block, axis=-1) / 10.0)
        if self.afterstate is not None:
            extra.append(self.afterstate(observation))
        return np.concatenate([scaled, onehots, *relations, *extra], axis=-1).astype(np.float32)


def _switch_permutations() -> np.ndarray:
    """Row ``i``: the learner's six face-up positions (stacks 0-4, protection 5) after switch
    action ``i`` (the switches of Aliwar's :data:`~cardwars.aliwar.moves.ACTIONS`)."""
    rows = []
    for action in range(Afterstates.SWITCHES):
        switch = ALIWAR_ACTIONS.move(action)
        assert isinstance(switch, Switch)
        row = list(range(6))
        row[switch.a], row[switch.b] = switch.b, switch.a
        rows.append(row)
    return np.array(rows, dtype=np.int64)


class Afterstates:
    """Aliwar's board after each switch, column by column: the input of the switch scorer.

    For each of the 16 switch actions and each of the 5 columns (the learner's stack and the
    opponent's facing it), once the learner's two chosen face-up cards have changed places:
    both tops' presence, rank (a number and a one-hot) and size of stack, which ranks
    higher or whether they are equal, and whether each top shares a suit with each
    protection card. What a switch moves and which stacks face each other is what the action
    and the layout mean; who wins a conflict is left to learn.
    """

    SWITCHES, COLUMNS, WIDTH = 16, 5, 2 + 2 + 26 + 3 + 4 + 2
    size = SWITCHES * COLUMNS * WIDTH
    PERMUTATIONS: np.ndarray  # set below the class: _switch_permutations()

    def __init__(self, stacks: int, protection: int, seat: int) -> None:
        self.stacks, self.protection, self.seat = stacks, protection, seat

    def __call__(self, observation: np.ndarray) -> np.ndarray:
        batch = observation.reshape(-1, observation.shape[-1])
        block = batch[:, self.stacks : self.stacks + 520].reshape(-1, 2, 5, 52)
        tops = block[..., 0].astype(np.int64)  # (B, seat, column)
        sizes = np.count_nonzero(block, axis=-1) / 26.0
        guard = batch[:, self.protection : self.protection + 2].astype(np.int64)
        me, them = self.seat, 1 - self.seat
        six = np.concatenate([tops[:, me], guard[:, me : me + 1]], axis=1)  # (B, 6)
        after = six[:, self.PERMUTATIONS]  # (B, 16, 6)
        mine, my_guard = after[..., :5], after[..., 5:]  # (B, 16, 5), (B, 16, 1)
        theirs = np.broadcast_to(tops[:, None, them], mine.shape)
        their_guard = guard[:, None, them : them + 1]
        my_size = np.broadcast_to(sizes[:, None, me], mine.shape)
        their_size = np.broadcast_to(sizes[:, None, them], mine.shape)

        decode = _decode
        k_mine, r_mine, s_mine = decode(mine)
        k_theirs, r_theirs, s_theirs = decode(theirs)
        k_mg, _, s_mg = decode(my_guard)
        k_tg, _, s_tg = decode(their_guard)
        both = k_mine & k_theirs
        eye = np.eye(13, dtype=np.float32)
        parts = [
            k_mine, k_theirs,
            (r_mine + 1) / 13.0 * k_mine, (r_theirs + 1) / 13.0 * k_theirs,
            (r_mine > r_theirs) & both, (r_mine == r_theirs) & both, (r_mine < r_theirs) & both,
            (s_mine == s_mg) & k_mine & k_mg, (s_mine == s_tg) & k_mine & k_tg,
            (s_theirs == s_mg) & k_theirs & k_mg, (s_theirs == s_tg) & k_theirs & k_tg,
            my_size, their_size,
        ]  # fmt: skip
        columns = np.stack([np.asarray(x, dtype=np.float32) for x in parts], axis=-1)
        onehots = [eye[r_mine] * k_mine[..., None], eye[r_theirs] * k_theirs[..., None]]
        out = np.concatenate([columns, *onehots], axis=-1)  # (B, 16, 5, WIDTH)
        return out.reshape(*observation.shape[:-1], self.size)


Afterstates.PERMUTATIONS = _switch_permutations()


class AfterstateScorer(torch.nn.Module):
    """The actor and critic bodies of :class:`AfterstatePolicy`.

    The critic and the actor's body read the observation's features (the MLPs of
    ``--net``); the actor's latent also carries one score per switch, from a scorer shared
    by every switch and column: each column's afterstate through ``phi``, summed over the
    columns, through ``rho``.
    """

    def __init__(self, general: int, layers: list[int], activation: type[torch.nn.Module]):
        super().__init__()
        self.general = general
        self.policy_net = torch.nn.Sequential(*create_mlp(general, -1, layers, activation))
        self.value_net = torch.nn.Sequential(*create_mlp(general, -1, layers, activation))
        self.phi = torch.nn.Sequential(*create_mlp(Afterstates.WIDTH, -1, [64, 64], activation))
        self.rho = torch.nn.Sequential(*create_mlp(64, 1, [64], activation))
        self.latent_dim_pi = layers[-1] + Afterstates.SWITCHES
        self.latent_dim_vf = layers[-1]

    def scores(self, features: torch.Tensor) -> torch.Tensor:
        block = features[:, self.general :].reshape(
            -1, Afterstates.SWITCHES, Afterstates.COLUMNS, Afterstates.WIDTH
        )
        return self.rho(self.phi(block).sum(dim=2)).squeeze(-1)  # (B, 16)

    def forward_actor(self, features: torch.Tensor) -> torch.Tensor:
        body = self.policy_net(features[:, : self.general])
        return torch.cat([body, self.scores(features)], dim=1)

    def forward_critic(self, features: torch.Tensor) -> torch.Tensor:
        return self.value_net(features[:, : self.general])

    def forward(self, features: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return self.forward_actor(features), self.forward_critic(features)


class AfterstatePolicy(MaskableActorCriticPolicy):
    """``MaskablePPO``'s policy with the switch logits scored on afterstates (``--features
    afterstate``): a switch's logit is the linear head's plus its afterstate score."""

    def __init__(self, *args: Any, general: int, **kwargs: Any) -> None:
        self.general = general
        super().__init__(*args, **kwargs)

    def _build_mlp_extractor(self) -> None:
        arch = self.net_arch
        layers = list(arch["pi"]) if isinstance(arch, dict) else list(arch)
        self.mlp_extractor = AfterstateScorer(self.general, layers, self.activation_fn)

    def _get_action_dist_from_latent(self, latent_pi: torch.Tensor) -> Any:
        logits = self.action_net(latent_pi)
        switches = latent_pi[:, -Afterstates.SWITCHES :]
        logits = torch.cat(
            [logits[:, : Afterstates.SWITCHES] + switches, logits[:, Afterstates.SWITCHES :]], 1
        )
        return self.action_dist.proba_distribution(action_logits=logits)

    def _get_constructor_parameters(self) -> dict[str, Any]:
        data = super()._get_constructor_parameters()
        data["general"] = self.general
        return data


class ScheduledEnv(gymnasium.Env[np.ndarray, np.int64]):
    """The learner's env: one :class:`CardwarsEnv` per opponent, one chosen per episode.

    ``greedy_share`` (set by the schedule) is the chance that an episode is against
    ``"greedy"``; ``action_masks()`` is what ``MaskablePPO`` asks for.
    """

    def __init__(
        self,
        game: str,
        features: str,
        options: dict[str, Any],
        shaping: float = 0.0,
        gamma: float = 1.0,
    ) -> None:
        self.shaping, self.gamma, self.last_potential = shaping, gamma, 0.0
        self.envs = {name: CardwarsEnv(game, opponent=name, **options) for name in OPPONENTS}
        self.features = Features(self.envs["random"], features)
        self.observation_space = spaces.Box(0.0, 1.0, (self.features.size,), dtype=np.float32)
        self.action_space = self.envs["random"].action_space
        self.greedy_share = 0.0
        self.env = self.envs["random"]
        self.mask = np.ones(int(self.action_space.n), dtype=bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        first = seed is not None
        super().reset(seed=seed)
        name = "greedy" if self.np_random.random() < self.greedy_share else "random"
        self.env = self.envs[name]
        # Seeded once (SB3 seeds each env's first reset), then each env's own generator deals.
        observation, info = self.env.reset(
            seed=int(self.np_random.integers(2**63)) if first else None
        )
        if first:
            for other in self.envs.values():
                if other is not self.env:
                    other.reset(seed=int(self.np_random.integers(2**63)))
        self.mask = info["action_mask"].astype(bool)
        self.last_potential = self.features.potential(observation)
        return self.features(observation), {"opponent": name}

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        observation, reward, terminated, truncated, info = self.env.step(int(action))
        self.mask = info["action_mask"].astype(bool)
        if self.shaping:  # potential-based: gamma * phi(next) - phi(now), phi = 0 at the end
            now = 0.0 if terminated or truncated else self.features.potential(observation)
            reward += self.shaping * (self.gamma * now - self.last_potential)
            self.last_potential = now
        return self.features(observation), reward, terminated, truncated, {}

    def action_masks(self) -> np.ndarray:
        return self.mask


def evaluate(
    model: Any, game: str, features: str, options: dict[str, Any], opponent: str, games: int
) -> dict[str, Any]:
    """Play ``games`` deterministic games against ``opponent``, many tables at once."""
    tables = min(games, 100)
    envs = [CardwarsEnv(game, opponent=opponent, **options) for _ in range(tables)]
    transform = Features(envs[0], features)
    wins = losses = draws = truncated_games = 0
    next_game = 0
    observations: list[np.ndarray | None] = [None] * tables
    masks: list[np.ndarray | None] = [None] * tables
    for i, env in enumerate(envs):
        if next_game < games:
            observations[i], info = env.reset(seed=EVAL_SEED + next_game)
            masks[i] = info["action_mask"].astype(bool)
            next_game += 1
    while any(o is not None for o in observations):
        live = [i for i, o in enumerate(observations) if o is not None]
        batch = transform(np.stack([observations[i] for i in live]))
        mask = np.stack([masks[i] for i in live])
        actions, _ = model.predict(batch, action_masks=mask, deterministic=True)
        for i, action in zip(live, actions, strict=True):
            observation, reward, terminated, truncated, info = envs[i].step(int(action))
            if terminated or truncated:
                wins += reward > 0
                losses += reward < 0
                draws += reward == 0
                truncated_games += bool(truncated)
                if next_game < games:
                    observation, info = envs[i].reset(seed=EVAL_SEED + next_game)
                    next_game += 1
                else:
                    observations[i] = masks[i] = None
                    continue
            observations[i] = observation
            masks[i] = info["action_mask"].astype(bool)
    low, high = wilson_interval(wins, games)
    return {
        "opponent": opponent,
        "games": games,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "truncated": truncated_games,
        "win_rate": wins / games,
        "interval95": [low, high],
    }


def parse_schedule(text: str) -> list[tuple[str, float]]:
    """``"random:0.5,mix:0.5"`` as phases ``[(name, fraction)]``, the fractions summing to 1."""
    phases: list[tuple[str, float]] = []
    for part in text.split(","):
        name, _, fraction = part.partition(":")
        if name not in ("random", "greedy", "mix"):
            raise argparse.ArgumentTypeError(
                f"opponent phase must be random, greedy or mix: {name}"
            )
        phases.append((name, float(fraction or 1.0)))
    total = sum(f for _, f in phases)
    return [(name, f / total) for name, f in phases]


def greedy_share(phases: list[tuple[str, float]], progress: float) -> float:
    """The chance of a greedy opponent at ``progress`` (0-1) through the budget."""
    start = 0.0
    for name, fraction in phases:
        if progress < start + fraction or (name, fraction) == phases[-1]:
            return {"random": 0.0, "greedy": 1.0, "mix": 0.5}[name]
        start += fraction
    return 0.0


class Schedule(BaseCallback):
    """Sets each env's opponent mix, evaluates every ``every`` steps and records the curve."""

    def __init__(
        self,
        phases: list[tuple[str, float]],
        total: int,
        every: int,
        run_eval: Callable[[], dict[str, dict[str, Any]]],
        seconds: float,
    ) -> None:
        super().__init__()
        self.phases, self.total, self.every, self.run_eval = phases, total, every, run_eval
        self.seconds = seconds
        self.start = time.perf_counter()
        self.curve: list[dict[str, Any]] = []
        self.next_eval = every
        self.share = -1.0
        self.eval_seconds = 0.0

    def progress(self) -> float:
        """How far through the budget: the larger of the steps' and the time's share."""
        return max(
            self.num_timesteps / self.total, (time.perf_counter() - self.start) / self.seconds
        )

    def _on_training_start(self) -> None:
        self._on_rollout_start()
        self.record()  # the untrained policy: the curve's first point, at step 0

    def _on_rollout_start(self) -> None:
        share = greedy_share(self.phases, self.progress())
        if share != self.share:
            self.training_env.set_attr("greedy_share", share)
            self.share = share

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next_eval:
            self.next_eval += self.every
            self.record()
        return time.perf_counter() - self.start < self.seconds  # False stops the training

    def record(self) -> None:
        start = time.perf_counter()
        results = self.run_eval()
        self.eval_seconds += time.perf_counter() - start
        point = {
            "steps": self.num_timesteps,
            "greedy_share": self.share,
            **{name: r["win_rate"] for name, r in results.items()},
        }
        self.curve.append(point)
        print(
            f"steps {self.num_timesteps:>8,}  vs random {point['random']:.3f}  "
            f"vs greedy {point['greedy']:.3f}",
            file=sys.stderr,
            flush=True,
        )


def plot(report: dict[str, Any], path: Path) -> None:
    """The learning curve of ``report`` (what ``--json`` writes) as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curve, final = report["curve"], report["final"]
    fig, ax = plt.subplots(figsize=(7, 4.4), dpi=110)
    steps = [p["steps"] for p in curve]
    for name, colour in (("random", "tab:blue"), ("greedy", "tab:orange")):
        ax.plot(steps, [p[name] for p in curve], marker="o", ms=3, color=colour, label=f"vs {name}")
        r = final[name]
        low, high = r["interval95"]
        ax.errorbar(
            [steps[-1]], [r["win_rate"]], yerr=[[r["win_rate"] - low], [high - r["win_rate"]]],
            fmt="s", color=colour, capsize=4, ms=6,
        )  # fmt: skip
    ax.axhline(0.8, color="grey", ls="--", lw=0.8, label="80 %")
    shares = [p["greedy_share"] for p in curve]
    for k in range(1, len(curve)):
        if shares[k] != shares[k - 1]:  # the schedule changed between these two points
            ax.axvline((steps[k - 1] + steps[k]) / 2, color="grey", ls=":", lw=0.8)
            ax.text((steps[k - 1] + steps[k]) / 2, 0.02, f" greedy share {shares[k]:g}", fontsize=7)
    ax.set_xlabel("environment steps (learner decisions)")
    ax.set_ylabel("win rate (deterministic policy)")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(loc="upper right", ncol=3, fontsize=8)
    hp = report["hyperparameters"]
    ax.set_title(
        f"MaskablePPO on {report['game']}, seat 0: training seed {report['seed']}, "
        f"features {report['features']}, net {hp['net_arch']}\n"
        f"opponents {report['opponents']}, shaping {report['shaping']:g}; "
        f"curve: {report['curve_games']} games per point\n"
        f"squares: {final['random']['games']:,} games, 95 % Wilson intervals; "
        f"evaluation deals {report['eval_seed']} + k",
        fontsize=8,
    )
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", choices=("aliwar", "guerrilla"), default="aliwar")
    parser.add_argument("--steps", type=int, default=2_000_000, help="environment steps, at most")
    parser.add_argument("--seed", type=int, default=0, help="training seed (deals, torch, SB3)")
    parser.add_argument(
        "--minutes",
        type=float,
        default=17.0,
        help="stop training after this wall time (curve evaluations included), even before --steps",
    )
    parser.add_argument("--opponents", type=parse_schedule, default="random:0.75,mix:0.25")
    parser.add_argument("--eval-every", type=int, default=50_000)
    parser.add_argument("--eval-games", type=int, default=200, help="games per point of the curve")
    parser.add_argument("--final-games", type=int, default=1000, help="games of the final figures")
    parser.add_argument(
        "--features",
        choices=("afterstate", "cards", "raw"),
        default=None,
        help="afterstate (Aliwar's default): cards plus the switch scorer; cards (Guerrilla's)",
    )
    parser.add_argument(
        "--shaping",
        type=float,
        default=10.0,
        help="weight of a potential-based reward for holding more cards than the opponent",
    )
    parser.add_argument("--envs", type=int, default=16, help="tables stepped per policy call")
    parser.add_argument("--subproc", action="store_true", help="SubprocVecEnv: a process per table")
    parser.add_argument("--net", default="256,256", help="hidden layers of both heads")
    parser.add_argument("--activation", choices=("tanh", "relu"), default="tanh")
    parser.add_argument("--n-steps", type=int, default=128, help="rollout length per env")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--gamma", type=float, default=0.99)
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument(
        "--out", type=Path, default=ROOT / "docs" / "_static" / "rl_learning_curve.png"
    )
    parser.add_argument("--json", type=Path, default=None, help="write every figure here")
    parser.add_argument("--save", type=Path, default=None, help="save the trained model (a .zip)")
    parser.add_argument("--replot", type=Path, default=None, help="draw --out from this JSON only")
    parser.add_argument("--smoke", action="store_true", help="a few hundred steps, tiny evals")
    args = parser.parse_args(argv)
    if args.replot is not None:
        report: dict[str, Any] = json.loads(args.replot.read_text(encoding="utf-8"))
        report.setdefault("curve_games", args.eval_games)  # runs before the field existed
        plot(report, args.out)
        return report
    if args.smoke:
        args.steps, args.eval_every, args.eval_games, args.final_games = 512, 256, 10, 20
        args.n_steps, args.batch, args.envs, args.net = 64, 64, 2, "32"

    if args.features is None:
        args.features = "afterstate" if args.game == "aliwar" else "cards"
    if args.features == "afterstate" and args.game != "aliwar":
        parser.error("--features afterstate scores Aliwar's switches: use cards or raw")
    torch.set_num_threads(args.threads)
    options: dict[str, Any] = {"players": 2} if args.game == "guerrilla" else {}
    phases: list[tuple[str, float]] = args.opponents

    def make(rank: int) -> Callable[[], ScheduledEnv]:
        return lambda: ScheduledEnv(args.game, args.features, options, args.shaping, args.gamma)

    factories = [make(rank) for rank in range(args.envs)]
    vec = SubprocVecEnv(factories, start_method="fork") if args.subproc else DummyVecEnv(factories)
    vec.seed(derive_seed(args.seed, 0) % 2**31)
    layers = [int(n) for n in args.net.split(",")]
    policy_kwargs: dict[str, Any] = {}
    policy: Any = "MlpPolicy"
    if args.features == "afterstate":
        policy = AfterstatePolicy
        policy_kwargs["general"] = vec.observation_space.shape[0] - Afterstates.size
    model = MaskablePPO(
        policy,
        vec,
        n_steps=args.n_steps,
        batch_size=args.batch,
        n_epochs=args.epochs,
        learning_rate=args.lr,
        ent_coef=args.ent_coef,
        gamma=args.gamma,
        policy_kwargs={
            **policy_kwargs,
            "net_arch": {"pi": layers, "vf": layers},
            "activation_fn": {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}[args.activation],
        },
        seed=args.seed,
        device="cpu",
        verbose=0,
    )

    def run_eval(games: int) -> dict[str, dict[str, Any]]:
        return {
            name: evaluate(model, args.game, args.features, options, name, games)
            for name in OPPONENTS
        }

    callback = Schedule(
        phases, args.steps, args.eval_every, lambda: run_eval(args.eval_games), 60 * args.minutes
    )
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps, callback=callback)
    train_seconds = time.perf_counter() - start - callback.eval_seconds
    vec.close()
    if args.save is not None:
        model.save(args.save)  # MaskablePPO.load(path) gives it back
    final_start = time.perf_counter()
    final = run_eval(args.final_games)
    final_seconds = time.perf_counter() - final_start
    wall = time.perf_counter() - start
    if not callback.curve or callback.curve[-1]["steps"] != model.num_timesteps:
        callback.curve.append(
            {
                "steps": model.num_timesteps,
                "greedy_share": callback.share,
                **{name: r["win_rate"] for name, r in final.items()},
            }
        )

    schedule = ",".join(f"{n}:{f:g}" for n, f in phases)
    report = {
        "game": args.game,
        "steps": model.num_timesteps,
        "seed": args.seed,
        "eval_seed": EVAL_SEED,
        "opponents": schedule,
        "features": args.features,
        "shaping": args.shaping,
        "hyperparameters": {
            "envs": args.envs,
            "vec_env": "SubprocVecEnv" if args.subproc else "DummyVecEnv",
            "net_arch": layers,
            "activation": args.activation,
            "n_steps": args.n_steps,
            "batch_size": args.batch,
            "n_epochs": args.epochs,
            "learning_rate": args.lr,
            "ent_coef": args.ent_coef,
            "gamma": args.gamma,
            "torch_threads": args.threads,
        },
        "curve_games": args.eval_games,
        "curve": callback.curve,
        "final": final,
        "seconds": {
            "train": round(train_seconds, 1),
            "curve_evaluations": round(callback.eval_seconds, 1),
            "final_evaluation": round(final_seconds, 1),
            "wall": round(wall, 1),
        },
        "load_average": list(os.getloadavg()),
        "cpus": os.cpu_count(),
        "torch": torch.__version__,
        "png": str(
            args.out.resolve().relative_to(ROOT)
            if args.out.resolve().is_relative_to(ROOT)
            else args.out
        ),
    }
    plot(report, args.out)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    for name, r in final.items():
        low, high = r["interval95"]
        print(
            f"vs {name:<6} {r['wins']:>4}/{r['games']} wins = {r['win_rate']:.1%} "
            f"[95% {low:.1%}, {high:.1%}]; losses {r['losses']}, draws {r['draws']}, "
            f"truncated {r['truncated']}"
        )
    print(
        f"{model.num_timesteps:,} steps; training {train_seconds:.0f} s, curve evaluations "
        f"{callback.eval_seconds:.0f} s, final evaluation {final_seconds:.0f} s, "
        f"wall {wall:.0f} s; "
        f"load average {', '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs"
    )
    return report


if __name__ == "__main__":
    main()
