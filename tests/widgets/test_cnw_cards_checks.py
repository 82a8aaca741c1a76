"""Each check of CNW lessons 6 and 7 (cards, objectives) agrees with the widget beside it: after
"show me" the widget shows the answer (the tris line, the odds sentence, the chosen Imprevisto,
the heatmap cell); a wrong answer gets the hint, a right one the explanation."""

from __future__ import annotations

import pytest

from gamelib.cnw import battle, card_odds
from tests.widgets.checkkit import by_name, show_every, widget_fixture
from widgets.cnw.cards import CardLab
from widgets.cnw.checks import lesson6, lesson7
from widgets.cnw.objectives import ObjectiveLab
from widgets.kit.strategy import percent

lab = widget_fixture(CardLab)
objectives = widget_fixture(ObjectiveLab)


def test_tris_checks_match_the_cards(lab):
    c = by_name(lesson6.tris(lab))
    c["cnw4-best-tris"].show_me()
    assert lab.tris_value() == 10 and c["cnw4-best-tris"].answer() == "one_of_each"
    worth = c["cnw4-three-worth"]
    for _ in range(3):
        worth.show_me()
        assert (lab.tris_value() or 0) == worth.answer()
        assert f"+{worth.answer()}" in lab.result.value or worth.answer() == 0
        worth.next_question()


def test_odds_checks_match_the_chart(lab):
    c = by_name(lesson6.odds(lab))
    c["cnw4-predict-tris"].show_me()  # the chart is veiled until the prediction (or "show me")
    chance = c["cnw4-tris-chance"]
    lines = {"any": 0, "same": 1, "one_of_each": 2}  # the chart's lines by what they show
    for _ in range(4):
        k, kind, _symbol = lesson6.tris_setting(chance.seed, chance.level)
        chance.show_me()
        assert lab.k.value == k
        y = lab.odds_fig.data[lines.get(kind, 0)].y[k]
        assert 100 * (1 - y if kind == "none" else y) == pytest.approx(chance.answer())
        chance.next_question()
    c["cnw4-certain"].show_me()
    assert lab.odds_fig.data[-1].y[0] == 1 and lab.odds_fig.data[0].y[lab.k.value - 1] < 1
    c["cnw4-likelier"].show_me()
    one_of_each = next(tr for tr in lab.odds_fig.data if "one of each" in tr.name)
    three_kind = lab.odds_fig.data[1]
    same = 3 * three_kind.y[3]  # three symbols, the same chance each
    assert (one_of_each.y[3] > same) == (c["cnw4-likelier"].answer() == "mixed")


def test_imprevisti_checks_match_the_cards(lab):
    c = by_name(lesson6.imprevisti(lab))
    c["cnw4-strike"].show_me()
    assert "air bridge" in lab.selected_imprevisto().text
    c["cnw4-can-win"].show_me()
    assert lab.selected_imprevisto().effect["type"] == "sla"
    strike = c["cnw4-strike"]
    lab.imprevisto.value = "customs_hold"  # the Pick follows the drop-down
    assert strike.check() is False and "air bridge" in strike.feedback.value  # the idea first
    lab.imprevisto.value = "atc_strike"
    assert strike.check() is True and "§7.3" in strike.feedback.value


def test_often_checks_match_the_chart(lab):
    c = by_name(lesson6.often(lab))
    c["cnw4-one-draw"].show_me()
    assert percent(card_odds.imprevisto_next_draw()) in lab.often_info.value
    within = c["cnw4-within"]
    for _ in range(3):
        d, kind, card = lesson6.within_setting(within.seed, within.level)
        within.show_me()
        assert lab.draws.value == d and lab.imprevisto.value == card
        some, this = lab.often_fig.data[2].y
        shown = {"at_least": some, "none": 1 - some, "card": this}[kind]
        assert shown * 100 == pytest.approx(within.answer())
        within.next_question()
    within.box.value = "1"
    assert within.check() is False and "43 gaps" in within.feedback.value  # the idea first
    bots = c["cnw4-bot-games"]
    bots.show_me()  # plays the games if the button was not pressed
    hits, draws = lab.game_rates()["draws"]
    low, high = battle.wilson_interval(hits, draws)
    inside = low <= float(card_odds.imprevisto_next_draw()) <= high
    assert bots.answer() == ("yes" if inside else "no")
    assert f"{hits} / {draws}" in lab.games_view.value


def test_objective_checks_match_the_heatmap(objectives):
    c = by_name(lesson7.deck(objectives))
    fallback = c["cnw4-fallback"]
    fallback.show_me()
    assert fallback.answer() == "gateways" and objectives.progress().fallback
    assert "24" in objectives.info.value
    c = by_name(lesson7.closeness(objectives))
    for name in ("cnw4-closest", "cnw4-own"):
        check = c[name]
        for _ in range(2):
            check.show_me()
            heat = objectives.heat.data[0]
            cell = heat.z[objectives.card.value][objectives.player.value]
            row = [heat.z[k][objectives.player.value] for k in range(len(heat.z))]
            if name == "cnw4-closest":
                assert objectives.card.value in check.answer() and cell == min(row)
            else:
                assert cell == check.answer()
                assert heat.text[objectives.card.value][objectives.player.value].startswith("★")
            check.next_question()


def test_every_cards_and_objectives_check_has_its_texts(lab, objectives):
    steps = [
        lesson6.tris(lab),
        lesson6.odds(lab),
        lesson6.imprevisti(lab),
        lesson6.often(lab),
        lesson7.deck(objectives),
        lesson7.closeness(objectives),
    ]
    assert sum(show_every(steps).values()) >= 14
