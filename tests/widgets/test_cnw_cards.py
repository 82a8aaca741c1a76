"""CNW lesson 4 widgets in the kernel (``widgets/cnw/cards.py``, ``widgets/cnw/objectives.py``):
moving a control changes the figure or text in place, and what they show is gamelib's."""

from __future__ import annotations

import pytest

from gamelib.cnw import card_odds, objective_progress
from gamelib.cnw import cards as cnw_cards
from widgets.cnw.cards import CardLab
from widgets.cnw.objectives import ObjectiveLab, position
from widgets.i18n import t

DECK = cnw_cards.load()


@pytest.fixture(scope="module")
def lab() -> CardLab:
    return CardLab()


@pytest.fixture(scope="module")
def objectives() -> ObjectiveLab:
    return ObjectiveLab(seed=3, players=4, rounds=2)


def test_every_gateway_card_is_drawn_with_its_symbol(lab):
    """§9.1: 42 cards, one per gateway, each in the row of its service symbol."""
    assert len(lab.toggles) == len(DECK.gateway_cards) == 42
    for c in DECK.gateway_cards:
        assert t(f"cnw.cards.symbol.{c.symbol}") in lab.toggles[c.gateway].tooltip


def test_picking_three_cards_values_the_tris(lab):
    """§9.1: clicking three cards says what gamelib's table gives for them; a fourth click
    drops the oldest."""
    lab.pick(())
    for code in ("ANC", "ORD", "MIA"):  # three Air Charter hubs
        lab.toggles[code].value = True
    assert lab.tris_value() == DECK.tris_value([0, 3, 8]) == 8
    assert "+8" in lab.result.value
    lab.toggles["YVR"].value = True  # Trucking: ANC drops out
    assert lab.picked == ["ORD", "MIA", "YVR"] and not lab.toggles["ANC"].value
    assert lab.tris_value() is None and "Not a tris" in lab.result.value
    lab.pick(("ORD", "JFK", "YVR"))
    assert lab.tris_value() == 10


def test_hand_slider_moves_the_marker_on_the_exact_curve(lab):
    for k in (3, 4, 5):
        lab.k.value = k
        mark = lab.odds_fig.data[-1]
        assert list(mark.x) == [k]
        assert mark.y[0] == pytest.approx(float(card_odds.tris_chances(k)[card_odds.ANY]))
    assert "100.0%" in lab.odds_info.value


def test_imprevisti_are_all_shown_and_the_chosen_one_followed(lab):
    """§9.2: the six cards with their Italian names; the dashed line follows the chosen card."""
    for c in DECK.imprevisti:
        assert c.name_it in lab.imprevisti_view.value
    lab.imprevisto.value = "it_outage"
    assert lab.often_fig.data[1].name == t("cnw.cards.imprevisto.it_outage.name")
    lab.draws.value = 12
    mark = lab.often_fig.data[2]
    assert list(mark.x) == [12, 12]
    assert mark.y[0] == pytest.approx(float(1 - card_odds.imprevisti_within(12)[0]))
    assert mark.y[1] == pytest.approx(12 / 43)


def test_objective_heatmap_is_gamelibs_table(objectives):
    """§11: every cell is objective_progress for that player and card, ★ on the secret one."""
    state = position(3, 4, 2)
    heat = objectives.heat.data[0]
    assert len(heat.x) == 4
    for p in range(4):
        for k in range(16):
            assert heat.z[k][p] == objective_progress.progress(state, p, k).to_go
        assert heat.text[state.objectives[p]][p].startswith("★")


def test_choosing_a_card_paints_its_targets(objectives):
    objectives.player.value = 1
    objectives.card.value = 6  # North America and Asia-Pacific
    got = objectives.progress()
    assert got.targets
    painted = [
        c
        for tr in objectives.map.region_traces
        for c, colour in zip(tr.customdata, tr.marker.color, strict=True)
        if colour == "#c0392b"
    ]
    assert sorted(painted) == sorted(got.targets)
    assert str(got.to_go) in objectives.info.value


def test_a_new_position_redraws_in_place(objectives):
    heat = objectives.heat.data[0]
    objectives.set_position(5, 3, 3)
    assert objectives.heat.data[0] is heat and len(heat.x) == 3
    assert objectives.players.value == 3 and objectives.seed.value == 5


def test_bot_games_button_counts_draws_as_gamelib_does():
    """§9.2 in real games: the table's counts are card_census's, and the exact column is the
    model's 6/48 per draw."""
    from gamelib.cnw import card_census

    lab = CardLab()
    lab.play_games(4)
    games = [card_census.play(seed) for seed in range(4)]
    assert lab.games == games
    hits, draws = lab.game_rates()["draws"]
    assert (hits, draws) == (sum(g.hits for g in games), sum(g.draws for g in games))
    assert f"{hits} / {draws}" in lab.games_view.value
    assert "12.5%" in lab.games_view.value
    assert not lab.play_button.disabled


def test_a_click_on_a_heatmap_cell_chooses_its_player_and_card(objectives):
    from types import SimpleNamespace

    objectives.set_position(3, 4, 2)
    heat = objectives.heat.data[0]
    points = SimpleNamespace(xs=[heat.x[2]], ys=[heat.y[14]])
    objectives._clicked(heat, points, None)
    assert (objectives.player.value, objectives.card.value) == (2, 14)
