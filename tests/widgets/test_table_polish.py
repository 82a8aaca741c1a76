"""Small faults found by looking at the four tables after the rework (issues #12/#13)."""

from __future__ import annotations

from gamelib import cnw
from tests.widgets.test_cnw_play import briefing_table


def test_the_briefing_gateway_is_ready_where_a_pawn_must_go_section_10_2() -> None:
    """At the Briefing a pawn must be removed: the "Gateway" drop-down is never left empty, the
    first gateway that can lose the pawn is chosen and "Remove a pawn from here" does it."""
    table = briefing_table()
    legal = [a.gateway for a in cnw.legal_actions(table.state)]
    assert table.source.value == legal[0]
    assert not table.go_button.disabled
    table.go_button.click()
    assert table.session.log[table.mark] == cnw.RemovePawn(legal[0])
