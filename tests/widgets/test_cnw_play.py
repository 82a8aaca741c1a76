"""The CNW play table a 14-year-old can play without help (issue #13): a prompt and exactly the
controls for each decision (the Briefing's pawn removal above all), "place N here" and
"auto-place the rest", one Pawns number instead of a row of buttons, re-rolls asked only when
they can help, a recap of what was lost and won (ringed on the map), and a map whose owners are
told apart by colour-blind-safe colours and by shape, with a legend."""

from __future__ import annotations

import itertools
import re
from typing import Any

import numpy as np
import pytest

from gamelib import cnw
from gamelib.cnw import assist
from gamelib.cnw import state as st
from gamelib.cnw.network import CODES
from widgets.cnw import words
from widgets.cnw.table import NEUTRAL_COLOR, PLAYER_COLORS, PLAYER_SYMBOLS, CnwTable
from widgets.i18n import set_language
from widgets.session import Session

# Machado, Oliveira & Fernandes 2009, severity 1.0, on linear RGB.
MACHADO = {
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                   [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                     [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                   [0.004733, 0.691367, 0.303900]],
}  # fmt: skip
OLD_PALETTE = ["#1f5fbf", "#17becf", "#ff7f0e", "#2ca02c", "#d62ad0", "#555555"]


def _lab(hex_colour: str, matrix: np.ndarray) -> np.ndarray:
    """CIELAB (D65) of a colour as seen through a deficiency's matrix."""
    c = np.array([int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)])
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    seen = np.clip(matrix @ linear, 0, 1)
    xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    x = (xyz @ seen) / np.array([0.95047, 1.0, 1.08883])
    f = np.where(x > (6 / 29) ** 3, np.cbrt(x), x / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def least_distance(palette: list[str], deficiency: str) -> float:
    """The smallest CIELAB ΔE between two colours of ``palette`` under ``deficiency``."""
    m = np.array(MACHADO[deficiency])
    labs = [_lab(c, m) for c in palette]
    return min(float(np.linalg.norm(a - b)) for a, b in itertools.combinations(labs, 2))


@pytest.mark.parametrize("deficiency", sorted(MACHADO))
def test_player_colours_stay_apart_under_colour_vision_deficiencies(deficiency: str) -> None:
    """Blue and cyan were 4.6 apart under protanopia: now every pair (neutral grey too) is 20+."""
    assert least_distance([*PLAYER_COLORS, NEUTRAL_COLOR], deficiency) >= 20
    assert least_distance(OLD_PALETTE, "protanopia") < 5  # what the old palette was


def test_owners_have_a_shape_as_well_as_a_colour_and_a_legend() -> None:
    table = CnwTable(seed=1)
    assert len(set(PLAYER_SYMBOLS)) == len(PLAYER_SYMBOLS)
    s = table.state
    for trace, rid in zip(table.map.region_traces, table.map.region_ids, strict=True):
        codes = table.map.board.regions[rid].gateways
        owners = [s.owner[CODES.index(c)] for c in codes]
        assert list(trace.marker.symbol) == [PLAYER_SYMBOLS[o] for o in owners]
        assert list(trace.marker.color) == [PLAYER_COLORS[o] for o in owners]
    for q in range(s.players):
        assert s.names[q] in table.legend.value and PLAYER_COLORS[q] in table.legend.value
    assert table.map.view.value == "schematic"  # Europe legible: the schematic board for play


def placed(table: CnwTable) -> None:
    assert table.auto_place_rest()
    assert table.state.phase != st.PLACEMENT


def test_place_n_here_keeps_the_gateway_and_places_n_pawns_section_4() -> None:
    table = CnwTable(seed=2)
    code = table.source.options[1][1]
    i = CODES.index(code)
    pawns, reserve = table.state.pawns[i], table.state.reserve[0]
    table.source.value = code
    table.count.value = 4
    assert table.go_button.description == "Place 4 pawns here"
    table.go_button.click()
    assert table.state.pawns[i] == pawns + 4 and table.state.reserve[0] == reserve - 4
    assert table.source.value == code  # "From" is not reset after each pawn
    assert "placement" in table.state.phase and table.human_to_move()
    table.count.value = 1
    assert table.go_button.description == "Place 1 pawn here"  # 1 pawn, never "1 pawns"


def test_auto_place_the_rest_is_seeded_and_legal_section_4() -> None:
    a, b = CnwTable(seed=5), CnwTable(seed=5)
    placed(a)
    placed(b)
    assert a.state.pawns == b.state.pawns and a.state.reserve == [0, 0, 0]
    # one press of the human: the rest were played for them, each a gamelib choice
    humans = [x for x in a.session.log if isinstance(x, cnw.PlacePawn)]
    assert len(humans) == sum(cnw.new_game(["a", "b", "c"], seed=5).reserve)
    assert cnw.check_state(a.state) is None


def briefing_table() -> CnwTable:
    """Seed 4, the human plays passively (deploys on the first gateway, ends every phase) until
    an expired shipment costs them a pawn at their Briefing (§10.2)."""
    table = CnwTable(seed=4)
    placed(table)
    for _ in range(80):
        s = table.state
        if s.phase == st.BRIEFING and table.human_to_move():
            return table
        if s.phase in (st.REINFORCE, st.ELIM_DEPLOY):
            table.source.value = table.source.options[1][1]
            table.go_button.click()
        else:
            end = [b for b in table.actions.children if isinstance(b.action, cnw.EndPhase)]
            (end[0].click() if end else table.offers()[0].press())
    raise AssertionError("no Briefing removal reached")


def test_briefing_removal_has_a_prompt_and_exactly_its_controls_section_10_2() -> None:
    table = briefing_table()
    s = table.state
    assert s.expiring >= 1
    assert "expired" in table.prompt.value and "Remove a pawn from here" in table.prompt.value
    assert "Done:" not in table.notice.value  # no stale notice from before the bots' turns
    legal = [a.gateway for a in cnw.legal_actions(s)]
    assert [v for _, v in table.source.options][1:] == legal
    assert table.source.layout.display == "" and table.go_button.layout.display == ""
    assert table.target.layout.display == "none" and table.count.layout.display == "none"
    assert table.go_button.description == "Remove a pawn from here"
    code = legal[-1]
    i = CODES.index(code)
    before = s.pawns[i]
    table.source.value = code
    table.go_button.click()
    assert isinstance(table.session.log[table.mark], cnw.RemovePawn)
    assert table.session.history[table.mark + 1].pawns[i] == before - 1


def seat_at(phase: str, seed: int, fits: Any = lambda s: True) -> CnwTable:
    """A courier bots' game stopped at the first ``phase`` where ``fits``, with the seat that
    decides made human (the table shows that decision)."""
    state = cnw.new_game(["a", "b", "c"], seed=seed)
    bots = [cnw.bots.CourierBot(i) for i in range(3)]
    while not (state.phase == phase and fits(state)):
        state = cnw.apply(state, bots[cnw.current_player(state)].choose(state))
    table = CnwTable(seed=seed)
    kinds = ["courier"] * 3
    kinds[cnw.current_player(state)] = "human"
    table._start(Session.start(cnw, state), kinds)
    return table


def test_pawns_to_move_are_one_number_not_a_row_of_buttons_section_5() -> None:
    table = seat_at(st.REPOSITION_COUNT, 3, lambda s: s.move_in[2] < s.move_in[3])
    _, _, least, most, _ = table.state.move_in
    assert not any(isinstance(b.action, cnw.MoveIn) for b in table.actions.children)
    assert (table.count.min, table.count.max, table.count.value) == (least, most, most)
    assert table.go_button.description == f"Move {words.pawns(most)}"
    assert f"{least} to {most}" in table.prompt.value
    table.count.value = least
    table.go_button.click()
    assert table.session.log[table.mark] == cnw.MoveIn(least)


def defender_table(choice: str) -> CnwTable:
    """A bots' game stopped at a defender's OBC question that a re-roll can help, that seat
    human with the standing choice ``choice``."""
    table = seat_at(st.REROLL_DEFENDER, 3, assist.reroll_can_help)
    table.standing.value = choice
    return table


def test_a_defender_is_asked_only_under_ask_me_section_8_1() -> None:
    asked = defender_table("ask")
    p = asked.to_move()
    assert asked.auto_answer(p) is None and "re-roll" in asked.prompt.value
    assert asked.standing.layout.display == ""
    never = defender_table("never")
    assert isinstance(never.auto_answer(never.to_move()), cnw.KeepDice)
    always = defender_table("always")
    answer = always.auto_answer(always.to_move())
    assert isinstance(answer, cnw.ObcReroll) and answer.die in always.state.roll["defend"]


def test_a_reroll_that_cannot_help_is_never_asked_section_8_1() -> None:
    state = cnw.new_game(["a", "b", "c"], seed=1)
    bots = [cnw.bots.CourierBot(i) for i in range(3)]
    seen = 0
    table = CnwTable(seed=1)
    while seen < 3 and not cnw.is_over(state):
        if state.phase in (st.REROLL_DEFENDER, st.REROLL_ATTACKER) and not assist.reroll_can_help(
            state
        ):
            kinds = ["courier"] * 3
            kinds[cnw.current_player(state)] = "human"
            table._start(Session.start(cnw, state), kinds)
            assert isinstance(table.auto_answer(cnw.current_player(state)), cnw.KeepDice)
            seen += 1
        state = cnw.apply(state, bots[cnw.current_player(state)].choose(state))
    assert seen == 3


def test_recap_says_and_rings_what_the_human_lost() -> None:
    for seed in range(1, 9):
        table = CnwTable(seed=seed)
        placed(table)
        for _ in range(60):
            if "(red square" in table.recap.value:
                lost = table.map.rings["lost"]
                assert len(lost.lon) >= 1
                s = table.state
                said = re.search(
                    r"lost (?:1 gateway|\d+ gateways): (.*?) \(red square", table.recap.value
                )
                assert said is not None
                named = [c for c in CODES if words.gateway(c) in said.group(1)]
                assert len(named) == len(lost.lon)
                assert all(s.owner[CODES.index(c)] != 0 for c in named)
                return
            if not table.human_to_move():
                break
            end = [b for b in table.actions.children if isinstance(b.action, cnw.EndPhase)]
            if end:
                end[0].click()
            else:
                table.offers()[0].press()
    pytest.fail("the human lost no gateway in eight seeded games")


def test_the_italian_table_prompts_in_the_rulebooks_words() -> None:
    set_language("it")
    try:
        table = CnwTable(seed=1)
        assert "pedine" in table.prompt.value and "Schiera" in table.prompt.value
        table.count.value = 1
        assert table.go_button.description == "Piazza qui 1 pedina"
        assert table.auto_button.description.startswith("Piazza il resto")
    finally:
        set_language("en")


def test_a_zoom_frames_europe_in_place() -> None:
    table = CnwTable(seed=1)
    fig = table.fig
    traces = len(fig.data)
    table.map.zoom.value = "europe"
    lon = fig.layout.geo.lonaxis.range
    europe = [table.map._lonlat(c) for c in table.map.board.regions["europe"].gateways]
    assert all(lon[0] < x < lon[1] for x, _ in europe)
    assert lon[1] - lon[0] < 200  # the whole schematic board spans 340 degrees
    assert len(fig.data) == traces  # the same figure, re-framed
    table.map.zoom.value = "all"
    assert fig.layout.geo.lonaxis.range == (-170, 170)


def first_of_each_phase() -> dict[str, cnw.CnwState]:
    """The first state of every phase in a seeded 5-player game of random bots with DIPLOMAZIA
    (pacts, neutral gateways, eliminations: all thirteen decision phases occur)."""
    state = cnw.new_game(["a", "b", "c", "d", "e"], seed=1, diplomazia=True)
    bots = [cnw.bots.RandomBot(10 + i) for i in range(5)]
    found: dict[str, cnw.CnwState] = {}
    while not cnw.is_over(state) and len(found) < len(st.PHASES) - 1:
        found.setdefault(state.phase, state)
        state = cnw.apply(state, bots[cnw.current_player(state)].choose(state))
    return found


def test_every_decision_kind_has_a_prompt_and_a_shown_control() -> None:
    """Each of the thirteen decision phases of §4–§12, its seat made human: one sentence says
    what to do, and a shown, enabled control plays a legal move."""
    found = first_of_each_phase()
    assert set(found) == set(st.PHASES) - {st.OVER}
    table = CnwTable(seed=1)
    for phase, state in found.items():
        kinds = ["courier"] * 5
        kinds[cnw.current_player(state)] = "human"
        table._start(Session.start(cnw, state), kinds)
        assert table.prompt.value, phase
        offers = [
            o
            for o in table.offers()
            if o.control.layout.display != "none" and not o.control.disabled
        ]
        assert offers, phase
        offers[0].press()
        assert table.session.index > 0 or table.state is not state, phase
