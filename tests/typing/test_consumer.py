"""The typed consumer code runs (its types are checked by mypy --strict over tests/)."""

from __future__ import annotations

import json

from tests.typing import consumer


def test_the_typed_consumer_code_runs() -> None:
    assert consumer.aliwar_flow().is_over
    assert consumer.guerrilla_flow().is_over
    assert consumer.clone_war_flow().is_over
    assert not consumer.table_flow().is_over  # undone: back to the last decision


def test_the_typed_server_sends_the_error_document_and_then_the_view() -> None:
    refused, played = (json.loads(reply) for reply in consumer.server_flow())
    assert refused["ok"] is False and refused["fields"]["seat"] == 0
    assert refused["legal"] == refused["fields"]["legal"] and "0 1" in refused["legal"]
    assert played["ok"] is True and played["view"]["type"] == "SeatView"
