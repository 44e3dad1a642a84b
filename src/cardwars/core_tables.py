"""The twin of Aliwar's compiled vector tables: :class:`MachineTables`.

The compiled tables (``AliwarTables`` in ``aliwar/_vector.pxi``) step N tables of one game
in one call, for the native vector env (:mod:`cardwars.envs.vector`). Their twin,
``aliwar/vector.py``, is this class over the game's machine twin: it states, in Python,
what a step of the tables does. (Guerrilla's tables are one source, ``guerrilla/vector.py``,
compiled or interpreted.)
"""

from __future__ import annotations

from typing import Any

from cardwars.core_envs import _block
from cardwars.core_rng import Rng, derive_seed

__all__ = ["MachineTables"]


class MachineTables:
    """The twin of the games' compiled vector tables (``AliwarTables``, ``GuerrillaTables``):
    N tables, each one learner seat against built-in opponents at every other seat.

    Each table plays games one after another. Its ``e``-th game (``e`` = 0, 1, ...) is
    dealt from ``derive_seed(table_seed, e)``, exactly the game ``new_game(seed)`` deals;
    an opponent at seat ``s`` draws from ``Rng(derive_seed(game seed, 1 + s))``, as in
    :func:`cardwars.play` and the single-table Gymnasium env. The opponents play whenever
    they alone are polled, so every table rests where the learner is polled (or over).

    One :meth:`step` gives every table one learner action:

    * a table whose last step ended its game deals its next game and ignores the action
      (Gymnasium's next-step autoreset);
    * an illegal action ends the game: reward -1, terminated, ``illegal`` set (with
      ``strict``, nothing changes and the first such table's index is returned instead);
    * otherwise the polled opponents choose on the same position, the step is played, and
      the opponents play on until the learner is polled again or the game is over; then the
      reward is +1 / -1 / 0 for a win / loss / draw and the end is a truncation at a cap,
      else a termination.

    Every table then writes the learner's observation and legal-action mask into its row
    of the blocks; a table whose game has just ended marks every action legal (the next
    one is ignored), so a mask is never empty. A subclass names its game's machine, agents
    and layout (the hooks).
    """

    _observation_size: int  # set by each game's tables
    _num_actions: int

    def __init__(self, count: object, seat: object, opponent: object, players: int) -> None:
        if type(count) is not int or not 1 <= count <= 1 << 20:
            raise ValueError(f"count must be an int from 1 to {1 << 20}, got {count!r}")
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"a seat is a plain int 0..{players - 1}")
        if type(opponent) is not int or opponent not in (0, 1):
            raise ValueError("the opponent is an agent code: 0 (random) or 1 (greedy)")
        self._count = count
        self.seat = seat
        self.opponent = opponent
        self.players = players
        self._table_seeds = [0] * count
        self._episodes = [0] * count
        self._machines: list[Any] = [None] * count
        self._rngs: list[dict[int, Rng]] = [{} for _ in range(count)]
        self._done = [False] * count
        self._ready = False
        self.threads = 1

    @property
    def count(self) -> int:
        """How many tables."""
        return self._count

    @property
    def observation_size(self) -> int:
        """The floats of one table's observation row."""
        return self._observation_size

    @property
    def num_actions(self) -> int:
        """The bytes of one table's mask row (the game's actions)."""
        return self._num_actions

    # --- the hooks ------------------------------------------------------------------------
    def _deal_machine(self, game_seed: int) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def _opponent_action(self, machine: Any, seat: int, rng: Rng) -> int:  # pragma: no cover
        raise NotImplementedError

    def _encode(self, machine: Any, out: Any) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _capped(self, termination: int) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    # --- the tables -------------------------------------------------------------------------
    def _deal(self, k: int) -> None:
        game_seed = derive_seed(self._table_seeds[k], self._episodes[k])
        self._machines[k] = self._deal_machine(game_seed)
        self._rngs[k] = {
            s: Rng(derive_seed(game_seed, 1 + s)) for s in range(self.players) if s != self.seat
        }
        self._done[k] = False
        self._advance(k)

    def _opponents(self, k: int) -> dict[int, int]:
        machine, rngs = self._machines[k], self._rngs[k]
        return {
            s: self._opponent_action(machine, s, rngs[s])
            for s in sorted(machine.to_act)
            if s != self.seat
        }

    def _advance(self, k: int) -> None:
        """The opponents play while they alone are polled."""
        machine = self._machines[k]
        while not machine.over and self.seat not in machine.to_act:
            machine.apply_actions(self._opponents(k))

    def _legal(self, k: int, action: int) -> bool:
        machine = self._machines[k]
        return self.seat in machine.to_act and action in machine.legal_actions(self.seat)

    def _write(self, k: int, obs: Any, masks: Any) -> None:
        size, n = self.observation_size, self.num_actions
        machine = self._machines[k]
        self._encode(machine, obs[k * size : (k + 1) * size])
        row = masks[k * n : (k + 1) * n]
        if self._done[k]:  # the next action is ignored (the autoreset): any will do
            row[:] = b"\x01" * n
            return
        row[:] = bytes(n)
        if self.seat in machine.to_act:
            for action in machine.legal_actions(self.seat):
                row[action] = 1

    def reset(self, seeds: object, obs: Any, masks: Any) -> None:
        """Deal every table's first game: table ``k``'s table seed is ``seeds[k]``."""
        flat_obs, flat_masks = self._blocks(obs, masks)
        if type(seeds) is not tuple or len(seeds) != self.count:
            raise ValueError(f"seeds must be a tuple of {self.count} table seeds")
        for value in seeds:
            if type(value) is not int or not 0 <= value < 2**64:
                raise ValueError("a table seed is an int in [0, 2**64)")
        for k, value in enumerate(seeds):
            self._table_seeds[k] = value
            self._episodes[k] = 0
            self._deal(k)
            self._write(k, flat_obs, flat_masks)
        self._ready = True

    def _blocks(self, obs: Any, masks: Any) -> tuple[Any, Any]:
        n = self.count
        return (
            _block(obs, "f", n * self.observation_size, "the observation block"),
            _block(masks, "b", n * self.num_actions, "the mask block"),
        )

    def step(
        self,
        actions: Any,
        obs: Any,
        masks: Any,
        rewards: Any,
        terminated: Any,
        truncated: Any,
        illegal: Any,
        strict: bool,
    ) -> int:
        """Step every table (see the class docstring); -1, or with ``strict`` the first
        table whose action is illegal (then nothing changed)."""
        n = self.count
        flat_obs, flat_masks = self._blocks(obs, masks)
        chosen = memoryview(actions).cast("B").cast("i").tolist()
        out_rewards = _block(rewards, "f", n, "the reward block")
        flags = [_block(b, "b", n, "a flag block") for b in (terminated, truncated, illegal)]
        if len(chosen) != n:
            raise ValueError(f"every per-table block must have {n} entries")
        if not self._ready:
            raise ValueError("reset() the tables before stepping them")
        if strict:
            for k in range(n):
                if not self._done[k] and not self._legal(k, chosen[k]):
                    return k
        for k in range(n):
            reward, ended, capped, wrong = 0.0, False, False, False
            machine = self._machines[k]
            if self._done[k]:  # the autoreset: the action is ignored
                self._episodes[k] += 1
                self._deal(k)
            elif not self._legal(k, chosen[k]):
                reward, ended, wrong = -1.0, True, True
                self._done[k] = True
            else:
                moves = self._opponents(k)
                moves[self.seat] = chosen[k]
                machine.apply_actions(moves)
                self._advance(k)
                if machine.over:
                    self._done[k] = True
                    winners = self._winners(machine)
                    if winners:
                        reward = 1.0 if self.seat in winners else -1.0
                    capped = self._capped(machine.termination)
                    ended = not capped
            out_rewards[k] = reward
            flags[0][k], flags[1][k], flags[2][k] = int(ended), int(capped), int(wrong)
            self._write(k, flat_obs, flat_masks)
        return -1

    def _winners(self, machine: Any) -> tuple[int, ...]:  # pragma: no cover - abstract
        raise NotImplementedError

    def game_seeds(self) -> tuple[int, ...]:
        """The seed each table's current game was dealt from."""
        return tuple(
            derive_seed(seed, episode)
            for seed, episode in zip(self._table_seeds, self._episodes, strict=True)
        )

    def episodes(self) -> tuple[int, ...]:
        """How many games each table has finished and left (its current game's index)."""
        return tuple(self._episodes)

    def sample(self, seed: object, out: Any) -> None:
        """A uniformly random legal action of the learner at every table into ``out``
        (0 at a finished table), table ``k`` drawing ``legal[rng.below(len(legal))]``
        from ``Rng(derive_seed(seed, k))`` over its legal actions in canonical order."""
        if type(seed) is not int or not 0 <= seed < 2**64:
            raise ValueError("seed must be an int in [0, 2**64)")
        flat = memoryview(out).cast("B").cast("i")
        if len(flat) != self.count:
            raise ValueError(f"the action block must have {self.count} entries")
        if not self._ready:
            raise ValueError("reset() the tables before sampling their actions")
        for k, machine in enumerate(self._machines):
            rng = Rng(derive_seed(seed, k))
            if self._done[k] or self.seat not in machine.to_act:
                flat[k] = 0
                continue
            legal = machine.legal_actions(self.seat)
            flat[k] = legal[rng.below(len(legal))]

    def set_threads(self, threads: object) -> None:
        """The compiled tables split a step over ``threads`` threads (1 to 16); the twin
        checks the number and steps its tables one after another (the results do not
        depend on it: every table is stepped on its own)."""
        if type(threads) is not int or not 1 <= threads <= 16:
            raise ValueError("threads must be an int from 1 to 16")
        self.threads = threads

    def legal_actions(self, table: object) -> tuple[int, ...]:
        """The learner's legal actions at ``table`` now (none when its game is over)."""
        if type(table) is not int or not 0 <= table < self.count:
            raise ValueError(f"a table is an int 0..{self.count - 1}")
        machine = self._machines[table]
        if not self._ready or self._done[table] or self.seat not in machine.to_act:
            return ()
        return tuple(sorted(machine.legal_actions(self.seat)))

    def __reduce__(self) -> tuple[Any, ...]:
        raise TypeError(
            "vector tables do not pickle: make new ones and reset them with the same seeds"
        )
