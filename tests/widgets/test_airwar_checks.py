"""Each check of AirWar lessons 1–4 agrees with the widget beside it: "show me" moves the widget
to the answer's state, and what the widget then shows (a chart's markers, a capacity, a raid's
bars and last line, a table's game) is the check's answer. The answers come from gamelib; the
widgets draw gamelib through their own code, so a drift in either shows here."""

from __future__ import annotations

import math
import re

import pytest

import gamelib.airwar as game
from gamelib.airwar import actions as A
from gamelib.airwar import cards, odds, rules
from tests.widgets.checkkit import by_name, show_every, widget_fixture
from widgets.airwar import checks
from widgets.airwar.deck import CapacityCalculator, CardBrowser, side_label
from widgets.airwar.odds_lab import OddsLab
from widgets.airwar.raid import CARRIER_TARGET, RaidStepper
from widgets.airwar.setup import SetupView
from widgets.airwar.table import AirWarTable
from widgets.i18n import set_language, t
from widgets.kit.check import RIGHT, SHOWN, TRIED
from widgets.kit.check_kinds import boxes_under
from widgets.kit.check_ladder import ladder_faults

browser = widget_fixture(CardBrowser)
calc = widget_fixture(CapacityCalculator)
lab = widget_fixture(OddsLab)


def markers(browser: CardBrowser, side: str) -> list[tuple[float, float, str]]:
    """(x, y, names) of the scatter's markers of one side, as the chart holds them."""
    trace = browser.fig.data[game.SIDES.index(side)]
    return list(zip(trace.x, trace.y, trace.customdata, strict=True))


# ---------------------------------------------------------------------- lesson 1
def test_zero_killers_match_the_scatter(browser):
    c = by_name(checks.lesson1.browser(browser))["aw1-zero-killers"]
    c.show_me()
    assert (browser.side.value, browser.x_stat.value) == ("allies", "air_to_air")
    zero = next(x for x in cards.load()["axis"] if x.name.endswith("Zero"))
    killers = sum(
        len(names.split(":")[0].split(", "))
        for x, _y, names in markers(browser, "allies")
        if round(x) >= zero.defense
    )
    assert killers == c.answer() > 0


def test_best_bomber_is_the_rightmost_marker(browser):
    c = by_name(checks.lesson1.browser(browser))["aw1-best-bomber"]
    c.show_me()
    assert browser.x_stat.value == "bombing" and browser.side.value == ""
    everything = markers(browser, "axis") + markers(browser, "allies")
    top = max(x for x, _y, _n in everything)
    rightmost = " ".join(n for x, _y, n in everything if x == top)
    for card_id in c.answer():
        assert cards.card(card_id).name in rightmost
    assert c.radio.value in c.answer()


def test_setup_checks_match_the_setup_view():
    view = SetupView(seed=3)
    c = by_name(checks.lesson1.setup(view))
    left = c["aw1-deck-left"].answer()
    assert view.view.value.count(f"left in the deck <b>{left}</b>") == 2
    first = c["aw1-first"].answer()
    assert view.view.value.startswith(f"<p><b>{side_label(first)}</b> play first")
    view.seed.value = 4  # another deal, the same answers
    assert view.view.value.count(f"left in the deck <b>{left}</b>") == 2
    assert side_label(first) in view.view.value.split("</p>")[0]


def test_capacity_checks_match_the_calculator(calc):
    c = by_name(checks.lesson1.capacity(calc))
    c["aw1-first-raid"].show_me()
    assert calc.bases.value == ("al-midway",)
    assert calc.numbers()["fly_bases"] == c["aw1-first-raid"].answer()
    assert f"up to <b>{c['aw1-first-raid'].answer()}</b> aircraft" in calc.result.value
    before = calc.numbers()["vs_resources"]
    c["aw1-more-interceptors"].show_me()
    assert calc.builder.value == "al-moresby"
    assert calc.numbers()["vs_resources"] - before == c["aw1-more-interceptors"].answer()
    assert sum(calc.fig.data[0].y) + sum(calc.fig.data[1].y) >= before + 4  # bars: bases + War
    c["aw1-carrier-room"].show_me()
    assert calc.carriers.value == (CARRIER_TARGET,)
    assert calc.numbers()["fly_carriers"] == c["aw1-carrier-room"].answer()
    c["aw1-second-base"].show_me()
    assert "§Basi Aeree" in c["aw1-second-base"].feedback.value  # the model answer, as before


def test_wrong_answer_hints_right_answer_explains(calc):
    c = by_name(checks.lesson1.capacity(calc))["aw1-first-raid"]
    c.box.value = str(c.answer() + 1)
    assert c.check() is False and c.status == TRIED
    assert c.hints[0] in c.feedback.value  # the idea first; the old hint is the ladder's last rung
    assert c.hints[-1] == t("airwar.checks.lesson1.first_raid.hint")
    calc.bases.value = ("al-midway", "al-moresby")  # the learner's own state ...
    c.box.value = str(c.answer())
    assert c.check() is True and c.status == RIGHT
    assert "Capacity of Midway" in c.feedback.value
    assert calc.bases.value == ("al-midway",)  # ... moved to the one that proves the answer


# ---------------------------------------------------------------------- lesson 2
raid = widget_fixture(RaidStepper, seed=4)
carrier = widget_fixture(RaidStepper, seed=4, target=CARRIER_TARGET)


def test_raid_checks_match_the_bars(raid):
    c = by_name(checks.lesson2.raid(raid))
    shot = c["aw2-shot-down"]
    shot.show_me()
    assert raid.done() and raid.seed.value == 4
    assert raid.damage()["axis_lost"] == shot.answer() == len(checks.shot_down(4))
    c["aw2-industry"].show_me()
    assert raid.damage()["industry"] == c["aw2-industry"].answer() > 0
    midway = c["aw2-midway"]
    midway.show_me()
    assert raid.target.value == "al-midway" and raid.done()
    destroyed = raid.damage()["base"] >= cards.card("al-midway").defense
    assert midway.answer() == ("yes" if destroyed else "no")
    assert f"bomb for {raid.damage()['base']} against Defense 10" in midway.feedback.value


def test_shot_down_new_question_moves_the_stepper_to_its_seed(raid):
    shot = by_name(checks.lesson2.raid(raid))["aw2-shot-down"]
    for _ in range(2):
        shot.next_question()
        seed = int(re.search(r"Seed (\d+)", shot.question).group(1))
        shot.show_me()
        assert raid.seed.value == seed and raid.target.value == "resources" and raid.done()
        assert raid.damage()["axis_lost"] == shot.answer()


def test_carrier_checks_match_the_carrier_raid(carrier):
    c = by_name(checks.lesson2.carrier(carrier))
    fighters = c["aw2-carrier-fighters"]
    fighters.show_me()
    assert carrier.target.value == CARRIER_TARGET and carrier.done()
    assert carrier.session.history[0].stage == "carrier"
    scramble = next(s for s in carrier.session.history if s.step == "scramble")
    legal = {a.card for a in rules.legal_actions(scramble) if isinstance(a, A.AddInterceptor)}
    hand = {x for x in scramble.hand[1] if cards.card(x).kind == "aircraft"}
    assert fighters.answer() == hand - legal and fighters.answer()  # they may not intercept
    damage = c["aw2-carrier-damage"]
    damage.show_me()
    assert carrier.damage()["base"] == damage.answer() > 0
    assert "×2" in damage.feedback.value
    predicted = c["aw2-predict"]
    predicted.box.value = str(checks.carrier_damage(4)[1])  # the printed sum, not doubled
    assert predicted.check() is False and predicted.answer() == damage.answer()
    undoubled = checks.carrier_damage(4)[1]  # the prediction's explanation gives it
    assert undoubled * 2 == carrier.damage()["base"]
    assert f"gives {undoubled}" in predicted.feedback.value


def test_end_of_turn_check_matches_the_last_step(carrier):
    c = by_name(checks.lesson2.end_turn(carrier))["aw2-next-turn"]
    c.show_me()
    s = carrier.state
    assert carrier.done() and c.answer() == f"{game.SIDES[s.active]}-{s.stage}"
    assert c.answer() == "allies-mobilisation" and s.turn == 4
    assert f"turn 4, <b>{side_label('allies')}</b>" in carrier.explain.value


# ---------------------------------------------------------------------- lesson 3
def pick_curve_shown(lab: OddsLab) -> bool:
    return any("airwar-fig-pick" in x._dom_classes for x in boxes_under(lab))


def test_the_prediction_hides_the_pick_curve_until_made_then_matches_it():
    lab = OddsLab()
    c = by_name(checks.lesson3.picks(lab))["aw3-predict"]
    assert not pick_curve_shown(lab)
    assert any("check-veil" in x._dom_classes for x in boxes_under(lab))
    assert lab.pick_summary in list(boxes_under(lab))  # one pick's chance stays in view
    lab.n.value, lab.bombers.value = 7, 3  # wandered off before predicting
    c.box.value = "80"  # twice one pick's 40%: the guess the lesson is after
    assert c.check() is False and c.status == TRIED and c.first_try is False
    assert pick_curve_shown(lab) and (lab.n.value, lab.bombers.value) == (5, 2)
    n, b, k = checks.lesson3.PREDICTED
    assert 100 * lab.pick_fig.data[0].y[k] == pytest.approx(c.answer()) == 70
    one = odds.p_hit_at_least_one(n, b, 1)
    both = checks.lesson3.both_pick_bombers(n, b)
    assert 2 * one - both == odds.p_hit_at_least_one(n, b, k)  # what the explanation says
    assert "You said 80%, the exact value is 70%" in c.feedback.value
    assert "80% − 10% = 70%" in c.feedback.value and c.box.disabled


def test_show_me_on_the_prediction_reveals_the_curve_and_counts_as_shown():
    lab = OddsLab()
    c = by_name(checks.lesson3.picks(lab))["aw3-predict"]
    c.show_me()
    assert pick_curve_shown(lab) and c.status == SHOWN and c.first_try is False


def test_half_climbs_a_ladder_from_the_idea_to_the_curve(lab):
    c = by_name(checks.lesson3.picks(lab))["aw3-half"]
    assert len(c.hints) == 3 and ladder_faults(c, "en") == []
    assert c.hints[-1] == t("airwar.checks.lesson3.half.hint")  # where to look, as before
    for n in (1, 2, 3):
        c.box.value = "9"
        c.check()
        assert c.hints[n - 1] in c.feedback.value and c.rungs_seen == n
    set_language("it")
    try:
        italian = by_name(checks.lesson3.picks(lab))["aw3-half"]
        assert ladder_faults(italian, "it") == [] and "C(3, k) / C(5, k)" in italian.hints[1]
    finally:
        set_language("en")


def test_the_reason_why_battle_cards_stop_mattering(lab):
    box = checks.lesson3.battle(lab)
    c = by_name(box)["aw3-idle-why"]
    best = checks.best_fighter(lab.raid.value)
    mission = [cards.card(x) for x in lab.setting()[0]]
    assert best.air_to_air >= max(x.defense for x in mission)  # the right reason holds
    assert max(x.air_to_air for x in mission) >= best.defense  # the best fighter can die too
    still = checks.lesson3.battle_cards_that_matter(lab)
    by_name(box)["aw3-idle"].show_me()  # the chart with the best fighter
    names = list(lab.battle_fig.data[0].y)
    for name, gain in zip(names, lab.battle_fig.data[0].x, strict=True):
        assert (gain != 0) == any(name.startswith(x) for x in still), name
    assert still  # chance does not decide everything: some bars are not at 0
    for _label, value in c.radio.options:
        if value == "reach":
            continue
        c.radio.value = value
        assert c.check() is False and c.said(value) in c.feedback.value
    c.radio.value = "reach"
    assert c.check() is True and "(§Fase Combattimento)" in c.feedback.value
    assert c.first_try is False and c.status == RIGHT


def test_half_matches_the_pick_curve(lab):
    c = by_name(checks.lesson3.picks(lab))["aw3-half"]
    c.show_me()
    assert (lab.n.value, lab.bombers.value) == (5, 2)
    ys = list(lab.pick_fig.data[0].y)
    assert next(k for k, y in enumerate(ys) if y > 0.5) == c.answer()


def test_one_pick_variants_match_the_pick_curve(lab):
    c = by_name(checks.lesson3.picks(lab))["aw3-one-pick"]
    for seed in range(6):
        n, b, k, kind = checks.lesson3._pick_setting(seed, c.level)
        assert f"{n} mission card" in c.question
        c.show_me()
        assert (lab.n.value, lab.bombers.value) == (n, b)
        curve = 100 * lab.pick_fig.data[0].y[k]  # at least one bomber
        if kind == "at_least":
            assert curve == pytest.approx(c.answer())
        elif kind == "none":
            assert 100 - curve == pytest.approx(c.answer())
        else:  # every pick a bomber: below the curve whenever a pick could miss
            assert c.answer() == pytest.approx(100 * math.comb(b, k) / math.comb(n, k))
            assert c.answer() <= curve + 1e-9
        c.next_question()


def test_idle_battle_cards_match_the_battle_chart(lab):
    box = checks.lesson3.battle(lab)
    c = by_name(box)["aw3-idle"]
    c.show_me()
    assert lab.fighter.value == checks.best_fighter().id
    zeros = sum(1 for x in lab.battle_fig.data[0].x if x == 0)
    assert zeros == c.answer() > 0
    middling = next(v for label, v in lab.fighter.options if "Air-to-Air 2" in label)
    lab.fighter.value = middling  # the lab's starting fighter: more Battle cards matter
    assert sum(1 for x in lab.battle_fig.data[0].x if x == 0) < zeros


def test_narrower_is_the_ratio_of_standard_errors(lab):
    c = by_name(checks.lesson3.montecarlo(lab))["aw3-narrower"]
    p = lab.pick_fig.data[0].y[1]
    ratio = math.sqrt(p * (1 - p) / checks.SMALL) / math.sqrt(p * (1 - p) / checks.LARGE)
    assert c.answer() == pytest.approx(ratio)
    lab.mc.trials.value = checks.SMALL  # the crosses at 200 stray, within 4 errors
    out = lab.monte_carlo()
    for exact, sim in zip(lab.pick_fig.data[0].y, out["picks"], strict=False):
        assert abs(sim - exact) <= 4 * math.sqrt(exact * (1 - exact) / checks.SMALL) + 1e-9


# ---------------------------------------------------------------------- lesson 4
def test_opening_matches_the_table_after_mobilising():
    table = AirWarTable(seats=("human", "planner"), seed=1)
    c = by_name(checks.lesson4.table(table))["aw4-opening"]
    for base in checks.opening_airbases(1):
        assert table.act(A.Mobilise(base), auto=False)
    assert rules.attack_capacity(table.state, 0, "airbase") == c.answer() > 4


def test_winner_matches_the_bots_game():
    table = AirWarTable(seats=("human", "planner"), seed=1)
    c = by_name(checks.lesson4.end(table))["aw4-winner"]
    c.show_me()
    assert game.is_over(table.state)
    assert [game.SIDES[p] for p in game.winners(table.state)] == [c.answer()]
    assert min(table.state.industry) == 0
    convoys = by_name(checks.lesson4.end(table))["aw4-convoys"]
    convoys.show_me()
    sunk = [
        ev["side"]
        for s in table.session.history
        for ev in s.events
        if ev.get("type") == "convoy_sunk"
    ]
    assert len(sunk) == convoys.answer()
    assert all(side_label(x) in convoys.feedback.value for x in sunk)


def test_every_airwar_check_has_its_texts(browser, calc, lab):
    """Every check of the four lessons builds (all its catalog keys exist) and says something
    after "show me"."""
    table = AirWarTable(seats=("human", "planner"), seed=1)
    raid, carrier = RaidStepper(seed=4), RaidStepper(seed=4, target=CARRIER_TARGET)
    boxes = [
        checks.lesson1.browser(browser),
        checks.lesson1.setup(SetupView()),
        checks.lesson1.capacity(calc),
        checks.lesson2.raid(raid),
        checks.lesson2.duels(),
        checks.lesson2.carrier(carrier),
        checks.lesson2.end_turn(carrier),
        checks.lesson3.picks(lab),
        checks.lesson3.battle(lab),
        checks.lesson3.montecarlo(lab),
        checks.lesson4.table(table),
        checks.lesson4.end(table),
        checks.lesson4.falls(),
    ]
    kinds = show_every(boxes)
    assert sum(kinds.values()) >= 20 and kinds["Reflect"] >= 1
    assert kinds["Reason"] >= 4 and kinds["Predict"] >= 4  # one of each a lesson at least
