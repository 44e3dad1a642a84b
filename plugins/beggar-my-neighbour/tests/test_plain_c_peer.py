"""The plain C peer of the benchmark (benchmarks/peers/beggar_my_neighbour.c) plays exactly
the plugin's games, so that benchmarks/bench_beggar_my_neighbour.py compares the same work."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from beggar_my_neighbour import BeggarMyNeighbour

PEER = Path(__file__).resolve().parents[3] / "benchmarks" / "peers" / "beggar_my_neighbour.c"


def test_the_plain_c_peer_plays_the_plugins_games(backend: str, tmp_path: Path) -> None:
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None or not PEER.is_file():
        pytest.skip("no C compiler, or a copy of the plugin without the repository's benchmarks/")
    binary = tmp_path / "peer"
    subprocess.run([cc, "-O2", "-o", str(binary), str(PEER)], check=True)
    games = 1500 if backend == "compiled" else 100
    dump = subprocess.run(
        [str(binary), str(games), "77", "--dump"], capture_output=True, text=True, check=True
    ).stdout.split()
    peer = [tuple(int(x) for x in dump[i : i + 5]) for i in range(0, len(dump), 5)]
    cols = BeggarMyNeighbour().run_batch(("random", "random"), 77, 0, games)
    names = ("length", "cards", "cycle", "winner", "termination")
    assert peer == list(zip(*(cols[name] for name in names), strict=True))
