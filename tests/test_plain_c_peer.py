"""The plain C peer of the Clone War benchmark plays exactly cardwars' games (so the speed
comparison in benchmarks/bench_plain_c.py compares the same work)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from cardwars.clone_war import CloneWar

PEER = Path(__file__).resolve().parents[1] / "benchmarks" / "peers" / "clone_war.c"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.compiled_pass
def test_the_plain_c_peer_plays_cardwars_games(players: int, backend: str, tmp_path: Path) -> None:
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None or not PEER.is_file():
        pytest.skip("no C compiler, or a copy of tests/ without benchmarks/")
    binary = tmp_path / "clone_war"
    subprocess.run([cc, "-O2", "-o", str(binary), str(PEER)], check=True)
    games = 500
    dump = subprocess.run(
        [str(binary), str(players), str(games), "77", "--dump"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    peer = [tuple(int(x) for x in dump[i : i + 4]) for i in range(0, len(dump), 4)]
    cols = CloneWar(players=players).run_batch(("random",) * players, 77, 0, games)
    ours = list(zip(cols["length"], cols["wars"], cols["winner"], cols["termination"], strict=True))
    assert peer == ours
