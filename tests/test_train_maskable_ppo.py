"""Smoke test of ``benchmarks/train_maskable_ppo.py``: a few hundred steps of ``MaskablePPO`` on
the Gymnasium env, then the tiny evaluation, the plot and the JSON. How well the policy plays is
measured by the script itself (docs/guides/rl.rst), never here.

Skipped, with the reason, when sb3-contrib (the ``rl`` extra) is not installed.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip(
    "sb3_contrib",
    reason="sb3-contrib is not installed: a CPU-only torch, then pip install 'cardwars[rl]'",
)
pytest.importorskip("matplotlib", reason="matplotlib is not installed: pip install 'cardwars[rl]'")

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "train_maskable_ppo.py"


@pytest.fixture(scope="module")
def trainer() -> Any:
    """The script as a module."""
    if "train_maskable_ppo" not in sys.modules:
        spec = importlib.util.spec_from_file_location("train_maskable_ppo", SCRIPT)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["train_maskable_ppo"] = module
        spec.loader.exec_module(module)
    return sys.modules["train_maskable_ppo"]


def test_the_smoke_run_trains_evaluates_and_writes_its_figures(
    trainer: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    png, out = tmp_path / "curve.png", tmp_path / "curve.json"
    report = trainer.main(["--smoke", "--seed", "3", "--out", str(png), "--json", str(out)])
    assert png.read_bytes().startswith(b"\x89PNG")
    assert json.loads(out.read_text(encoding="utf-8")) == json.loads(json.dumps(report))
    assert report["steps"] >= 256 and report["curve"][-1]["steps"] == report["steps"]
    assert report["curve"][0]["steps"] == 0  # the untrained policy
    for name in ("random", "greedy"):
        final = report["final"][name]
        assert final["games"] == final["wins"] + final["losses"] + final["draws"]
        low, high = final["interval95"]
        assert 0.0 <= low <= final["win_rate"] <= high <= 1.0
        assert all(0.0 <= point[name] <= 1.0 for point in report["curve"])
    printed = capsys.readouterr().out
    assert "vs random" in printed and "vs greedy" in printed and "wall" in printed


def test_the_opponent_schedule_is_a_curriculum(trainer: Any) -> None:
    phases = trainer.parse_schedule("random:1,mix:1,greedy:2")
    assert phases == [("random", 0.25), ("mix", 0.25), ("greedy", 0.5)]
    shares = [trainer.greedy_share(phases, p) for p in (0.0, 0.24, 0.3, 0.6, 1.0)]
    assert shares == [0.0, 0.0, 0.5, 1.0, 1.0]


def test_the_learner_sees_the_mask_of_its_current_decision(trainer: Any) -> None:
    env = trainer.ScheduledEnv("aliwar", "cards", {})
    observation, _ = env.reset(seed=5)
    assert observation.shape == env.observation_space.shape
    assert env.observation_space.contains(observation)
    mask = env.action_masks()
    legal = env.env.game_state.legal_actions(0)
    assert sorted(mask.nonzero()[0].tolist()) == sorted(legal)
    observation, *_ = env.step(legal[0])
    assert sorted(env.action_masks().nonzero()[0].tolist()) == sorted(
        env.env.game_state.legal_actions(0)
    )


def test_the_shaping_telescopes_to_the_envs_reward(trainer: Any) -> None:
    """Potential-based: with gamma 1 an episode's shaped rewards sum to the env's own result."""
    shaped = trainer.ScheduledEnv("aliwar", "cards", {}, shaping=10.0, gamma=1.0)
    plain = trainer.ScheduledEnv("aliwar", "cards", {})
    for env in (shaped, plain):
        env.reset(seed=8)
    totals, nonzero = [0.0, 0.0], 0
    done = False
    while not done:
        action = int(shaped.action_masks().nonzero()[0][-1])
        for k, env in enumerate((shaped, plain)):
            _, reward, terminated, truncated, _ = env.step(action)
            totals[k] += reward
            nonzero += k == 0 and not (terminated or truncated) and reward != 0.0
        done = terminated or truncated
    assert plain.env.game_state.history == shaped.env.game_state.history
    assert nonzero > 0 and totals[1] in (-1.0, 0.0, 1.0)
    assert totals[0] == pytest.approx(totals[1])


def test_each_switchs_afterstate_is_the_board_that_switch_makes(trainer: Any) -> None:
    """The scorer's input for switch ``i`` is the board after the engine's own ``Switch``."""
    from cardwars.aliwar.moves import ACTIONS, PROTECTION, Switch

    env = trainer.ScheduledEnv("aliwar", "afterstate", {})
    features = env.features
    raw, _ = env.env.reset(seed=11)
    block = features.afterstate(raw).reshape(16, 5, trainer.Afterstates.WIDTH)
    observation = env.env.game_state.observation(0)
    stacks = observation.stacks
    mine, theirs = [s[0] for s in stacks[0]], [s[0] for s in stacks[1]]
    for action in range(16):
        switch = ACTIONS.move(action)
        assert isinstance(switch, Switch)
        six = [*mine, observation.protection[0]]
        six[switch.a], six[switch.b] = six[switch.b], six[switch.a]
        for column in range(5):
            row = block[action, column]
            card, facing = six[column], theirs[column]
            assert row[2] == pytest.approx((card.rank.value - 1) / 13.0)
            assert row[3] == pytest.approx((facing.rank.value - 1) / 13.0)
            higher = card.rank > facing.rank
            assert (row[4], row[5], row[6]) == (
                higher,
                card.rank == facing.rank,
                card.rank < facing.rank,
            )
            assert row[7] == (card.suit == six[PROTECTION].suit)
    # The features end with the block, after the general part the MLPs read.
    assert features(raw)[features.general :].tolist() == features.afterstate(raw).tolist()


def test_the_afterstate_policy_adds_the_scores_to_the_switch_logits_only(trainer: Any) -> None:
    torch = trainer.torch  # the script's own imports (the rl extra)
    env = trainer.ScheduledEnv("aliwar", "afterstate", {})
    vec = trainer.DummyVecEnv([lambda: env])
    model = trainer.MaskablePPO(
        trainer.AfterstatePolicy, vec, n_steps=8, batch_size=8, seed=0, device="cpu",
        policy_kwargs={"general": env.features.general, "net_arch": [16]},
    )  # fmt: skip
    policy = model.policy
    observation = torch.as_tensor(vec.reset())
    latent = policy.mlp_extractor.forward_actor(observation)
    scores = policy.mlp_extractor.scores(observation)
    assert latent.shape == (1, 16 + 16) and torch.equal(latent[:, -16:], scores)
    logits = policy._get_action_dist_from_latent(latent).distribution.logits
    plain = torch.log_softmax(policy.action_net(latent), dim=1)
    shifted = plain.clone()
    shifted[:, :16] += scores
    assert torch.allclose(logits, torch.log_softmax(shifted, dim=1), atol=1e-5)
