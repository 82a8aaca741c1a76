"""Damaged AirWar saves the mutation sweep of tests/test_properties.py found loading half.

A save whose raid named a card "waiting for an answer" (``raid.just``) outside a combat
response passed ``check_state`` and loaded; the next action then produced a broken state.
``check_state`` now refuses it, so the file is refused with SaveFormatError.
"""

from __future__ import annotations

import json
import random

import pytest

import gamelib.airwar as aw
from gamelib.core import SaveFormatError, dump_save


def payload_at(step: str) -> dict:
    """The save of a seeded random game at the first position in ``step``."""
    state = aw.new_game(2, seed=7)
    rng = random.Random(7)
    while state.step != step:
        state = aw.apply(state, rng.choice(aw.legal_actions(state)))
    return json.loads(aw.to_json(state))["state"]


@pytest.mark.parametrize("step", ["launch", "scramble", "combat"])
def test_a_card_waiting_for_an_answer_outside_a_response_is_refused(step):
    payload = payload_at(step)
    assert aw.from_json(dump_save("airwar", payload)).raid.just == ""
    payload["raid"]["just"] = payload["hand"][1][0]
    with pytest.raises(SaveFormatError) as refused:
        aw.from_json(dump_save("airwar", payload))
    assert refused.value.code == "inconsistent"
    assert refused.value.values["problem"].code == "raid.card_waiting_answer_outside"
