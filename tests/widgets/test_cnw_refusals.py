"""A CNW refusal reaches the table in the page's language, with gateway names, not bare codes
(issue #12): gamelib raises a code and values, the table's ``refusal_value`` turns a gateway code
into "JFK · New York" (the Italian city name on an Italian page)."""

from __future__ import annotations

import re

import pytest

from gamelib import cnw
from gamelib.cnw import board as cnw_board
from gamelib.cnw.network import CODES
from gamelib.core import IllegalAction
from widgets import i18n


@pytest.fixture
def italian_table():
    from widgets.cnw.table import CnwTable

    i18n.set_language("it")
    yield CnwTable(seed=3)
    i18n.set_language("en")


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def test_an_italian_table_refuses_in_italian_with_gateway_names(italian_table) -> None:
    """§4: a starting pawn on another player's gateway; §7.1: an attack on a gateway that is not
    linked. The notice is the Italian cnw.illegal.* text with each gateway as code · città."""
    table = italian_table
    gateways = cnw_board.load().gateways
    s = table.state
    assert s.phase == cnw.state.PLACEMENT and table.human_to_move()
    enemy = next(
        c
        for i, c in enumerate(CODES)
        if s.owner[i] == 1 and gateways[c].name_it != gateways[c].name
    )
    with pytest.raises(IllegalAction) as err:
        cnw.apply(s, cnw.PlacePawn(enemy))
    assert (err.value.rule, err.value.code, err.value.values) == (
        "§4",
        "place.not_yours",
        {"gateway": enemy},
    )
    before = table.save_text()
    assert not table.click(enemy)
    notice = text(table.notice.value)
    city = gateways[enemy].name_it
    assert (
        f"Non consentito (§4): {enemy} · {city} non è tuo: le pedine iniziali vanno sui tuoi "
        "gateway"
    ) in notice
    assert gateways[enemy].name not in notice
    assert table.save_text() == before

    home = next(c for i, c in enumerate(CODES) if s.owner[i] == 0)
    while table.state.phase in (cnw.state.PLACEMENT, cnw.state.REINFORCE):
        table.count.value = max(1, table.state.pool)
        assert table.click(home)
    s = table.state
    assert s.phase == cnw.state.OPERATIONS and table.human_to_move()
    far = next(
        c
        for i, c in enumerate(CODES)
        if s.owner[i] not in (-1, 0) and c not in cnw.attack_targets(s, home)
    )
    with pytest.raises(IllegalAction) as err:
        cnw.apply(s, cnw.Attack(home, far, 1))
    assert (err.value.rule, err.value.code, err.value.values) == (
        "§7.1",
        "attack.not_linked",
        {"source": home, "target": far},
    )
    assert not table.act(cnw.Attack(home, far, 1)) and table.state is s
    notice = text(table.notice.value)
    assert f"{far} · {gateways[far].name_it} non è collegato a {home} · " in notice
    assert "Ponte Aereo" in notice and "(§7.1)" in notice
    assert "not linked" not in notice


def test_a_refusal_names_the_phase_in_the_page_language(italian_table) -> None:
    """§7: an attack during Setup is refused with the phase by its Italian name."""
    table = italian_table
    s = table.state
    mine = [c for i, c in enumerate(CODES) if s.owner[i] == 0]
    with pytest.raises(IllegalAction) as err:
        cnw.apply(s, cnw.Attack(mine[0], mine[1], 1))
    assert (err.value.rule, err.value.code, err.value.values) == (
        "§7",
        "not_now.attack",
        {"phase": "placement"},
    )
    assert not table.act(cnw.Attack(mine[0], mine[1], 1))
    notice = text(table.notice.value)
    assert "attacchi solo nella fase di OPERAZIONI; ora: " + i18n.t("cnw.phase.placement") in notice
    assert "placement" not in notice
