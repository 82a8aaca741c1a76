"""The CNW game table and lesson widgets in the kernel: clicks change the game and the log, refused
moves change nothing and say why, the OBC prompt, save/load, bots to the end; lesson controls
change figures in place."""

from __future__ import annotations

from gamelib import cnw
from gamelib.cnw.network import CODES
from gamelib.cnw.state import OPERATIONS, PLACEMENT, REINFORCE, REROLL_ATTACKER
from widgets.cnw.table import PLAYER_COLORS, CnwTable, owner_colours


def owned(table: CnwTable, p: int = 0) -> list[str]:
    return [c for i, c in enumerate(CODES) if table.state.owner[i] == p]


def to_operations(table: CnwTable) -> str:
    """Place every starting pawn and every reinforcement on one gateway; returns it."""
    home = owned(table)[0]
    while table.state.phase == PLACEMENT and table.human_to_move():
        assert table.click(home)
    while table.state.phase == REINFORCE and table.human_to_move():
        table.count.value = table.state.pool
        assert table.click(home)
    assert table.state.phase == OPERATIONS and table.human_to_move()
    return home


def test_placement_click_places_a_pawn_and_logs_it_section_4():
    table = CnwTable(seed=3)
    home = owned(table)[0]
    i = CODES.index(home)
    pawns, log = table.state.pawns[i], len(table.session.log)
    assert table.click(home)
    assert len(table.session.log) > log
    assert table.session.history[log + 1].pawns[i] == pawns + 1
    assert "place a pawn" in table.log_view.value


def test_illegal_click_shows_the_rule_and_changes_nothing():
    table = CnwTable(seed=3)
    enemy = next(c for i, c in enumerate(CODES) if table.state.owner[i] == 1)
    before, log = table.state, len(table.session.log)
    assert not table.click(enemy)  # §4 step 5: only on a gateway you hold
    assert "lesson-error" in table.notice.value and "§" in table.notice.value
    assert table.state is before and len(table.session.log) == log


def test_source_then_target_attacks_and_shows_dice_sections_7_8():
    table = CnwTable(seed=3)
    home = to_operations(table)
    targets = cnw.attack_targets(table.state, home)
    assert targets
    log = len(table.session.log)
    assert table.click(home)
    assert table.selected == home
    assert [v for _, v in table.target.options][1:] == targets + cnw.occupy_targets(
        table.state, home
    )
    assert table.click(targets[0])
    assert len(table.session.log) > log
    assert isinstance(table.session.log[log], cnw.Attack)
    assert any(face in table.dice.value for face in "⚀⚁⚂⚃⚄⚅")


def test_obc_prompt_offers_the_reroll_to_the_human_attacker_section_8_1():
    table = CnwTable(seed=3)
    home = to_operations(table)
    target = cnw.attack_targets(table.state, home)[0]
    table.source.value = home
    table.target.value = target
    assert table.go()
    assert table.state.phase == REROLL_ATTACKER
    assert "OBC" in table.prompt.value
    labels = [b.description for b in table.actions.children]
    assert "keep the dice" in labels and any("re-roll" in x for x in labels)
    keep = next(b for b in table.actions.children if b.description == "keep the dice")
    log = len(table.session.log)
    keep.click()
    assert isinstance(table.session.log[log], cnw.KeepDice)
    assert table.state.phase != REROLL_ATTACKER


def test_back_forward_and_the_fallback_end_phase_button():
    table = CnwTable(seed=3)
    to_operations(table)
    end = next(b for b in table.actions.children if b.description == "end the phase")
    n = len(table.session.log)
    end.click()
    assert len(table.session.log) > n
    index = table.session.index
    table.back()
    assert table.session.index == index - 1
    table.forward()
    assert table.session.index == index


def test_save_load_round_trip_and_corrupt_file_changes_nothing():
    table = CnwTable(seed=5)
    table.click(owned(table)[0])
    text = table.save_text()
    assert "base64," in table.save_link.value
    other = CnwTable(seed=9)
    assert other.load_text(text)
    assert other.state == cnw.from_json(text)
    before = other.state
    assert not other.load_text('{"game": "cnw", "version": 1, "state": {"names": 3}}')
    assert "lesson-error" in other.notice.value
    assert other.state is before
    assert not other.load_text(b"\x00 not json")
    assert other.state is before


def test_bots_play_to_the_end_with_a_turn_cap():
    table = CnwTable(seats=("human", "random", "courier"), seed=2, turn_cap=4)
    moves = table.finish()
    assert moves > 0
    assert cnw.is_over(table.state)
    assert "Game over" in table.status.value
    assert table.bar.layout.visibility == "hidden"


def test_map_is_painted_by_owner_in_place():
    table = CnwTable(seed=3)
    ids = [id(tr) for tr in table.fig.data]
    to_operations(table)
    assert [id(tr) for tr in table.fig.data] == ids
    texts = [list(tr.text) for tr in table.map.region_traces]
    assert any(" " in x for row in texts for x in row)  # "JFK 3": pawns on the labels
    expected = owner_colours(table.state)
    for trace in table.map.region_traces:
        assert list(trace.marker.color) == [expected[c] for c in trace.customdata]
    assert PLAYER_COLORS[0] in expected.values() and PLAYER_COLORS[1] in expected.values()


def test_only_the_human_to_move_sees_a_hand():
    table = CnwTable(seats=("courier", "human", "expansionist"), seed=4)
    assert table.kinds[table.to_move()] == "human"
    assert "objective" in table.hand.value.lower()
    table.seat_pickers[1].value = "random"
    table.new_game()
    assert "secret" in table.hand.value.lower()


# ---------------------------------------------------------------- lesson 2: shipments


def test_shipment_choice_redraws_the_corridor_in_place():
    from widgets.cnw.shipments import ShipmentLab

    lab = ShipmentLab()
    trace = lab.map.overlays["corridor"]
    before = list(trace.lon)
    other = next(c.id for c in lab.deck.cards if c.origin != lab.deck.cards[0].origin)
    lab.shipment.value = other
    assert lab.map.overlays["corridor"] is trace
    assert list(trace.lon) != before
    assert lab.deck.cards[other].origin in lab.corridor_info.value


def test_held_hubs_add_air_bridges_and_shorten_distances_section_7_3():
    from widgets.cnw.shipments import ShipmentLab

    lab = ShipmentLab()
    assert list(lab.hops_fig.data[1].y) == list(lab.hops_fig.data[0].y)
    chokes = list(lab.choke_fig.data[0].y)
    lab.hubs.value = tuple(lab.board.hubs[:5])

    def far(trace) -> int:
        return sum(y for x, y in zip(trace.x, trace.y, strict=True) if x >= 4)

    assert far(lab.hops_fig.data[1]) < far(lab.hops_fig.data[0])
    assert sum(1 for v in lab.map.overlays["bridges"].lon if v is None) == 10
    assert list(lab.choke_fig.data[0].y) != chokes


def test_deck_chart_regroups_in_place():
    from widgets.cnw.shipments import ShipmentLab

    lab = ShipmentLab()
    assert sum(sum(tr.y) for tr in lab.deck_fig.data) == 36
    before = list(lab.deck_fig.data[0].x)
    lab.deck_by.value = "hops"
    assert list(lab.deck_fig.data[0].x) != before
    assert sum(sum(tr.y) for tr in lab.deck_fig.data) == 36


# ---------------------------------------------------------------- lesson 3: one turn


def test_turn_walkthrough_steps_through_the_phases_of_section_5():
    from widgets.cnw.turn import STEPS, TurnWalkthrough

    walk = TurnWalkthrough(seed=7)
    assert walk.state.phase != "placement"  # §4 played by the bots
    labels = [list(tr.text) for tr in walk.map.region_traces]
    seen = [walk.current_step()]
    steps = 0
    while walk.step():
        steps += 1
        seen.append(walk.current_step())
        assert steps < 500
    assert walk.done and walk.next_button.disabled
    assert seen[-1] == "closure"
    order = [STEPS.index(x) for x in seen]
    assert order == sorted(order)  # the phases of §5 come in order, never back
    assert len(walk.steps) == steps
    assert [list(tr.text) for tr in walk.map.region_traces] != labels
    assert "Closure" in walk.explain.value
    walk.restart()
    assert not walk.steps and not walk.next_button.disabled


# ---------------------------------------------------------------- lesson 5: strategy lab


def test_strategy_lab_runs_only_on_the_button_and_fills_the_charts():
    from widgets.cnw.strategy import VICTORIES, StrategyLab

    lab = StrategyLab(games=4, turn_cap=4, seed=1)
    assert list(lab.victory_fig.data[0].y) == [0] * len(VICTORIES)  # nothing at construction
    games = lab.run()
    assert len(games) == 4
    assert abs(sum(lab.victory_fig.data[0].y) - 100) < 1e-9
    assert len(lab.length_fig.data[0].x) == 4
    assert len(lab.seat_fig.data[0].x) == 3
    assert "4 games" in lab.result.value


def test_strategy_lab_sweeps_variants_and_players_section_12():
    from widgets.cnw.strategy import VARIANTS, StrategyLab

    lab = StrategyLab(games=3, turn_cap=3, seed=2)
    rows = lab.compare_variants()
    assert len(rows) == len(VARIANTS) and all(r[1] for r in rows)
    assert rows[-1][1][0].options["team_building"] is True
    assert len(lab.sweep_fig.data[0].x) == len(VARIANTS)
    rows = lab.compare_players()
    assert [r[1][0].players for r in rows] == [3, 4, 5, 6]
    assert list(lab.sweep_fig.data[0].x) == [r[0] for r in rows]
