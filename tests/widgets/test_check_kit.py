"""The checks' shared builders (widgets/kit/check_texts.py, check_montecarlo.py, check_rules.py):
the catalog key a lesson's check reads, a seeded check starting at the widget's seed, the Monte
Carlo pair's answers and the rule a refusal cites."""

from __future__ import annotations

import math
from types import SimpleNamespace

import ipywidgets as w

from gamelib.cnw import battle as cnw_battle
from gamelib.rails import odds as rails_odds
from widgets.i18n import t
from widgets.kit.check import Choice, Number, Reflect, Variant
from widgets.kit.check_montecarlo import interval_ratio, interval_width, mc_narrower, mc_outside
from widgets.kit.check_rules import cited_rule
from widgets.kit.check_texts import CheckTexts

CNW1 = CheckTexts("cnw", "lesson1")
RAILS4 = CheckTexts("rails", "lesson4")


def test_check_texts_read_the_lessons_catalog_keys():
    assert CNW1("mc_outside", "explain", n=5) == t("cnw.checks.lesson1.mc_outside.explain", n=5)
    assert CNW1.hint("mc_outside") == {"hint": t("cnw.checks.lesson1.mc_outside.hint")}
    assert RAILS4("unpaid", "question") == t("rails.checks.lesson4.unpaid.question")


def test_reflect_takes_question_and_model_from_the_catalog():
    r = CNW1.reflect("t-ties", "ties", p3="1%", p2="2%")
    assert isinstance(r, Reflect) and r.name == "t-ties"
    assert r.question == t("cnw.checks.lesson1.ties.question")
    assert r.model() == t("cnw.checks.lesson1.ties.model", p3="1%", p2="2%")


def test_a_seeded_check_starts_at_the_seed_its_widget_shows():
    widget = SimpleNamespace(seed=w.IntText(value=4))

    def variant(seed: int) -> Variant:
        return Variant(f"seed {seed}?", str(seed), "", options=[(str(s), str(s)) for s in range(9)])

    c = CNW1.seeded(Choice, "t-seeded", "obc_side", variant, widget)
    assert c.seed == 4 and c.question == "seed 4?" and c.answer() == "4"
    # the catalog's ladder for it: the idea first, where to look (the old one-line hint) last
    assert c.hints[-1] == t("cnw.checks.lesson1.obc_side.hint")
    assert c.hint == c.hints[0] == t("cnw.checks.lesson1.obc_side.hint_idea")
    c.next_question()
    assert c.question == "seed 5?" and c.answer() == "5"


def test_the_interval_ratio_is_the_widths_ratio_near_the_square_root_of_the_trials():
    p = cnw_battle.conquest_probability(3, 3)
    ratio = interval_ratio(cnw_battle.wilson_interval, p, 1_000, 200_000)
    small = interval_width(cnw_battle.wilson_interval, p, 1_000)
    assert ratio == small / interval_width(cnw_battle.wilson_interval, p, 200_000)
    assert abs(ratio - math.sqrt(200)) < 1  # what the question's tolerance allows
    assert interval_ratio(rails_odds.wilson_interval, 0.5, 1_000, 1_000) == 1


def test_the_monte_carlo_pair_answers_from_the_interval_and_the_confidence():
    shown = []
    narrower = mc_narrower(
        CNW1,
        "t-narrower",
        cnw_battle.wilson_interval,
        0.4,
        1_000,
        200_000,
        lambda: shown.append(True),
        a=3,
        d=3,
    )
    assert isinstance(narrower, Number) and narrower.tolerance == 1.0
    assert narrower.question == t("cnw.checks.lesson1.mc_narrower.question", a=3, d=3)
    assert narrower.answer() == interval_ratio(cnw_battle.wilson_interval, 0.4, 1_000, 200_000)
    assert "14.1" in narrower.explain()  # √200, one decimal
    narrower.show_me()
    assert shown == [True]
    outside = mc_outside(CNW1, "t-outside", 0.95)
    assert outside.answer() == 5 and outside.tolerance == 2
    assert outside.explain() == t("cnw.checks.lesson1.mc_outside.explain", n=5)


def test_the_cited_rule_offers_the_sections_and_explains_the_one_cited():
    c = cited_rule(RAILS4, "t-rule", "unpaid", ("§1", "§2"), lambda: "§2")
    assert c.choices() == ["§1", "§2"] and c.answer() == "§2"
    c.radio.value = "§1"
    assert c.check() is False and c.hint in c.feedback.value
    c.radio.value = "§2"
    assert c.check() is True
    assert c.explain() == t("rails.checks.lesson4.unpaid.explain", rule="§2")
