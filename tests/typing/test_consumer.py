"""The typed consumer code runs (its types are checked by mypy --strict over tests/)."""

from __future__ import annotations

from tests.typing import consumer


def test_the_typed_consumer_code_runs() -> None:
    assert consumer.aliwar_flow().is_over
    assert consumer.guerrilla_flow().is_over
    assert consumer.clone_war_flow().is_over
    assert not consumer.table_flow().is_over  # undone: back to the last decision
