"""The §12 variants at the CNW table (issue #14 §2): each one ticked gives a game with its option,
its panel shows gamelib's data, a pact is offered and answered through the table's buttons, and a
combination gamelib refuses is worded and starts nothing."""

from __future__ import annotations

import dataclasses

import pytest

from gamelib import cnw
from gamelib.cnw import tables
from gamelib.cnw import variants as cnw_variants
from gamelib.cnw.board import load as load_board
from gamelib.cnw.network import CODES, geo
from gamelib.cnw.state import OPERATIONS, OUT_OF_PLAY, PACT_ANSWER, PLACEMENT, geo_of
from widgets.cnw.table import PLAYER_MARKS, CnwTable
from widgets.cnw.variants_panel import VARIANT_KEYS, closed_routes, operations_hint, pact_prompt
from widgets.kit.table import plain_text


def choose(table: CnwTable, *keys: str, teams: list[int] | None = None) -> None:
    """Tick the variants ``keys`` (the others off) and set the teams, as the learner does."""
    for key, box in table.variant_choice.boxes.items():
        box.value = key in keys
    for seat, team in enumerate(teams or []):
        table.variant_choice.team_pickers[seat].value = team


def to_operations(table: CnwTable, limit: int = 400) -> None:
    """Play the humans' setup and reinforcements through the table's controls until a human
    is in Operations: auto-place, then every pawn of the pool on the first gateway offered."""
    for _ in range(limit):
        s = table.state
        if s.phase == OPERATIONS and table.human_to_move():
            return
        assert table.human_to_move(), s.phase
        if s.phase == PLACEMENT:
            assert table.auto_place_rest()
            continue
        sources = [v for _, v in table.source.options if v is not None]
        if sources and table.go_button.layout.display != "none":
            table.count.value = table.count.max
            table.source.value = sources[0]
            table.go_button.click()
        else:
            next(b for b in table.actions.children if not b.disabled).click()
    raise AssertionError("no human reached Operations")


def test_the_standard_game_has_no_variant_and_no_variant_panel() -> None:
    table = CnwTable(seats=("human", "courier", "expansionist"), seed=2)
    assert not any(table.state.options[k] for k in VARIANT_KEYS)
    assert table.variant_board.layout.display == "none"
    assert "standard game" in table.variant_choice.about.value
    # the four boxes are shown, the team pickers only with TEAM BUILDING (for the seats in play)
    assert table.variant_choice.ticks.layout.display != "none"
    assert table.variant_choice.teams_row.layout.display == "none"
    choose(table, "team_building")
    assert table.variant_choice.ticks.layout.display != "none"
    assert table.variant_choice.teams_row.layout.display == ""
    shown = [p.layout.display != "none" for p in table.variant_choice.team_pickers]
    assert shown == [True] * 3 + [False] * 3


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_each_variant_ticked_gives_a_game_with_that_option(key: str) -> None:
    table = CnwTable(seats=("human", "courier", "expansionist", "random"), seed=5)
    choose(table, key)
    table.new_game()
    options = table.state.options
    assert [k for k in VARIANT_KEYS if options[k]] == [key]
    assert table.variant_board.layout.display == ""
    assert "§12." in table.variant_board.head.value
    shown = {
        "fiera": table.variant_board.fiera,
        "team_building": table.variant_board.teams,
        "realismo_alto": table.variant_board.routes,
        "diplomazia": table.variant_board.pacts,
    }
    for k, part in shown.items():
        assert (part.layout.display == "") == (k == key)


def test_fiera_plays_on_the_smaller_map_and_says_its_target() -> None:
    table = CnwTable(seats=("human", "courier", "expansionist"), seed=4)
    choose(table, "fiera")
    table.new_game()
    s = table.state
    kept = set(tables.variants()["fiera"]["regions"])
    out = [c for i, c in enumerate(CODES) if s.owner[i] == OUT_OF_PLAY]
    board = geo_of(s).graph
    in_play = len(CODES) - len(out)
    assert in_play == len(board) == 28  # §12.1: "Spartisci i 28 gateway"
    assert out and all(c not in board for c in out)
    assert set(out) == {c for c in CODES if load_board().gateways[c].region not in kept}
    text = plain_text(table.variant_board.fiera.value)
    assert f"({in_play} gateways" in text
    assert f"SLA victory at {tables.variants()['fiera']['sla_to_win']} points" in text
    names = [load_board().regions[r].name for r in tables.variants()["fiera"]["regions"]]
    assert names == ["North America", "Europe", "Asia"]  # §12.1: NORTH AMERICA, EUROPE e ASIA
    assert "only North America, Europe and Asia are on the board" in text
    # the map paints the regions left out pale, and no out-of-play gateway can be picked
    sources = [v for _, v in table.source.options if v is not None]
    assert sources and not set(sources) & set(out)


def test_team_building_assigns_the_chosen_teams_and_adds_their_sla() -> None:
    table = CnwTable(seats=("human", "courier", "expansionist", "random"), seed=6)
    choose(table, "team_building", teams=[0, 0, 1, 1])
    table.new_game()
    s = table.state
    assert s.options["teams"] == [0, 0, 1, 1]
    assert cnw_variants.friends(s, 0) == (0, 1)
    # no individual SLA target line in TEAM BUILDING (§12.2); the standard game has one
    assert not tables.variants()["team_building"]["individual_sla"]
    assert list(table.sla_fig.data[1].y) == []
    choose(table)
    table.new_game()
    assert list(table.sla_fig.data[1].y) == [tables.setup()["sla_to_win"]] * 4
    choose(table, "team_building", teams=[0, 0, 1, 1])
    table.new_game()
    s = table.state
    scored = dataclasses.replace(s, sla=[3, 4, 5, 1])
    table.variant_board.draw(scored)
    text = plain_text(table.variant_board.teams.value)
    target = tables.variants()["team_building"]["team_sla"]
    seat = [f"{PLAYER_MARKS[q]} {s.names[q]}" for q in range(4)]  # shape and name, as the map
    assert f"Team A {seat[0]}, {seat[1]} 3 + 4 = 7 {target - 7}" in text
    assert f"Team B {seat[2]}, {seat[3]} 5 + 1 = 6 {target - 6}" in text


def test_realismo_alto_lists_and_draws_the_closed_routes() -> None:
    table = CnwTable(seats=("human", "courier", "expansionist"), seed=7)
    choose(table, "realismo_alto")
    table.new_game()
    s = table.state
    closed = closed_routes(s)
    # docs/rules/cnw.md: EZE–JNB and EZE–AKL have no hub at either end
    assert {frozenset(r) for r in closed} == {frozenset(("EZE", "JNB")), frozenset(("EZE", "AKL"))}
    graph = geo_of(s).graph
    assert all(not graph.has_edge(a, b) for a, b in closed)
    assert geo(False, False).graph.has_edge("EZE", "JNB")  # usable in the standard game
    text = plain_text(table.variant_board.routes.value)
    assert "2 dashed routes" in text and "EZE" in text and "JNB" in text and "AKL" in text
    assert table.map._overlay_paths["closed"] == [list(r) for r in closed]
    # FIERA leaves South America out: with both, nothing is closed and nothing drawn
    choose(table, "realismo_alto", "fiera")
    table.new_game()
    assert closed_routes(table.state) == []
    assert "none is closed" in table.variant_board.routes.value
    assert table.map._overlay_paths["closed"] == []


def test_a_pact_is_offered_and_answered_through_the_buttons() -> None:
    table = CnwTable(seats=("human", "human", "courier"), seed=3)
    choose(table, "diplomazia")
    table.new_game()
    to_operations(table)
    s = table.state
    me = s.current
    partner = 1 - me  # the other human
    assert partner in cnw_variants.pact_partners(s, me)
    assert "propose a non-aggression pact" in table.prompt.value
    assert "may still propose a pact this turn" in table.variant_board.pacts.value
    offer = next(
        b
        for b in table.actions.children
        if "pact" in b.description and s.names[partner] in b.description
    )
    offer.click()
    s = table.state
    assert s.phase == PACT_ANSWER and s.offer == [me, partner]
    assert table.to_move() == partner
    assert f"{s.names[me]} offers you a non-aggression pact" in table.prompt.value
    assert "Offer waiting" in table.variant_board.pacts.value
    accept = next(b for b in table.actions.children if b.description == "accept the pact")
    refuse = [b for b in table.actions.children if b.description == "refuse the pact"]
    assert refuse
    accept.click()
    s = table.state
    assert s.phase == OPERATIONS and s.current == me
    assert s.pacts == [[min(me, partner), max(me, partner), me]]
    text = plain_text(table.variant_board.pacts.value)
    assert "Pact in force: " in text and f"(proposed by {s.names[me]})" in text
    assert "Offer waiting" not in text
    assert f"You have a pact with {s.names[partner]}" in table.prompt.value
    # one proposal per partner per turn (§12.4): no button offers it again
    assert not any(
        "pact" in b.description and s.names[partner] in b.description
        for b in table.actions.children
    )


def test_a_refused_pact_leaves_no_pact() -> None:
    table = CnwTable(seats=("human", "human", "courier"), seed=3)
    choose(table, "diplomazia")
    table.new_game()
    to_operations(table)
    me = table.state.current
    partner = 1 - me
    next(
        b
        for b in table.actions.children
        if "pact" in b.description and table.state.names[partner] in b.description
    ).click()
    next(b for b in table.actions.children if b.description == "refuse the pact").click()
    assert table.state.pacts == [] and table.state.phase == OPERATIONS
    assert "No pact in force" in table.variant_board.pacts.value


def test_a_refused_combination_is_worded_and_starts_nothing() -> None:
    table = CnwTable(seats=("human", "courier", "expansionist"), seed=8)
    before = table.session
    choose(table, "team_building")
    refused = cnw_variants.normalise_options
    with pytest.raises(cnw.IllegalAction) as error:
        refused(3, {"team_building": True})
    least, most = error.value.values["least"], error.value.values["most"]
    text = plain_text(table.variant_choice.refusal.value)
    assert f"(§12.2): TEAM BUILDING needs 2 teams of {least} to {most} players, not 2 and 1" in text
    table.new_button.click()
    assert table.session is before  # no new game
    assert "TEAM BUILDING needs 2 teams" in table.notice.value
    # one more seat makes it allowed; uneven teams are refused again
    table.players.value = 4
    assert table.variant_choice.refusal.value == ""
    choose(table, "team_building", teams=[0, 0, 0, 1])
    assert "not 3 and 1" in plain_text(table.variant_choice.refusal.value)
    choose(table, "team_building", teams=[0, 1, 1, 0])
    table.new_button.click()
    assert table.session is not before and table.state.options["teams"] == [0, 1, 1, 0]


@pytest.mark.usefixtures("italian")
def test_the_choice_and_its_refusal_in_italian() -> None:
    table = CnwTable(seats=("human", "courier", "expansionist"), seed=8)
    choose(table, "team_building", "diplomazia")
    text = plain_text(table.variant_choice.refusal.value)
    assert text.startswith("Con questa scelta non si può iniziare una partita (§12.2)")
    assert "squadre" in text
    assert "patto di non aggressione" in table.variant_choice.about.value
    assert table.variant_choice.team_pickers[0].options[0][0] == "Squadra A"


@pytest.mark.usefixtures("italian")
def test_the_pact_prompts_in_italian() -> None:
    state = cnw.new_game(["Anna", "Bruno", "Carla"], seed=2, diplomazia=True)
    asked = dataclasses.replace(state, offer=[0, 1])
    assert pact_prompt(asked).startswith("Anna ti propone un patto di non aggressione (§12.4)")
    bound = dataclasses.replace(state, pacts=[[0, 1, 0]])
    hint = operations_hint(bound, 0)
    assert "Puoi anche proporre un patto di non aggressione (§12.4)" in hint
    assert "a: Carla" in hint and "Hai un patto con Bruno" in hint
    assert operations_hint(cnw.new_game(["A", "B", "C"], seed=2), 0) == ""


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "1 dashed route has", "2 dashed routes have"),
        ("it", "1 rotta tratteggiata non ha", "2 rotte tratteggiate non hanno"),
    ],
)
def test_the_closed_routes_agree_with_their_number(lang: str, one: str, two: str) -> None:
    from widgets.cnw.variants_panel import VariantBoard
    from widgets.i18n import set_language

    set_language(lang)
    try:
        assert one in VariantBoard._routes([("NBO", "CAI")])
        assert two in VariantBoard._routes([("NBO", "CAI"), ("SIN", "PEK")])
    finally:
        set_language("en")
