"""The check component (widgets/kit/check.py): every kind judges, hints, explains, shows and
counts; seeded variants are reproducible; on_explain moves the widget beside the check."""

from __future__ import annotations

import random

import ipywidgets as w
import pytest

from widgets.i18n import t
from widgets.kit.check import Choice, Number, Order, Pick, Reflect, Score, Variant, lesson_score


def said(check) -> str:
    return check.feedback.value


def not_yet(check) -> bool:
    return t("common.check.not_yet") in said(check)


def right(check) -> bool:
    return t("common.check.right") in said(check)


def test_choice_wrong_shows_the_hint_right_shows_the_explanation():
    c = Choice(
        "t-choice",
        "Which?",
        "b",
        options=[("A", "a"), ("B", "b")],
        hint="look at the B slider",
        explanation="because B",
    )
    assert "check" in c._dom_classes and "check-t-choice" in c._dom_classes
    assert "check-feedback" in c.feedback._dom_classes and "aria-live='polite'" in said(c)
    assert c.check() is None and not not_yet(c)  # nothing chosen: asked to choose, not judged
    c.radio.value = "a"
    assert c.check() is False and not_yet(c) and "look at the B slider" in said(c)
    assert "because B" not in said(c)
    c.radio.value = "b"
    assert c.check() is True and right(c) and "because B" in said(c)
    assert c.status == "right"


def test_choice_accepts_any_of_a_set():
    c = Choice(
        "t-set", "Which?", {"a", "c"}, options=[("A", "a"), ("B", "b"), ("C", "c")], hint="h"
    )
    c.radio.value = "c"
    assert c.check() is True


def test_number_states_its_tolerance_and_judges_within_it():
    c = Number("t-num", "How much?", 13.76, tolerance=0.5, unit="%", digits=1, hint="hover the bar")
    assert "±0.5%" in c.question_html.value
    c.box.value = "12.9"
    assert c.check() is False and "hover the bar" in said(c)
    c.box.value = "13.3%"
    assert c.check() is True
    c.box.value = "lots"
    assert c.check() is None and t("common.check.not_a_number", example="12.5") in said(c)
    assert c.status == "right"  # an unreadable answer changes nothing


def test_number_reads_the_catalogs_decimal_comma(monkeypatch):
    from widgets.kit import check as kit

    real = kit.t
    monkeypatch.setattr(
        kit, "t", lambda key, **v: ",." if key == "common.separators" else real(key, **v)
    )
    c = Number("t-comma", "How much?", 1234.5, tolerance=0.1, digits=1, hint="h")
    c.box.value = "1.234,5"
    assert c.value() == pytest.approx(1234.5)


def test_a_callable_answer_is_computed_once_when_first_needed():
    calls = []

    def answer() -> int:
        calls.append(1)
        return 4

    c = Number("t-lazy", "How many?", answer, hint="h", explanation=lambda a: f"it is {a}")
    assert calls == []  # nothing heavy at construction
    c.box.value = "4"
    assert c.check() is True and "it is 4" in said(c)
    c.check()
    assert calls == [1]


def test_show_me_gives_the_answer_sets_the_control_and_calls_on_explain():
    slider = w.IntSlider(value=1, min=1, max=30)
    c = Number(
        "t-show",
        "How many?",
        12,
        hint="h",
        explanation="twelve pawns",
        on_explain=lambda: setattr(slider, "value", 12),
    )
    c.show_me()
    assert "12" in said(c) and "twelve pawns" in said(c)
    assert slider.value == 12 and c.box.value == "12"
    assert c.status == "shown"
    c.check()  # right after being shown: answered, but not counted right
    assert c.status == "shown"


def test_on_explain_also_follows_a_right_answer():
    box = w.Checkbox(value=False)
    c = Choice(
        "t-explain",
        "Hub?",
        True,
        options=[("yes", True), ("no", False)],
        hint="h",
        on_explain=lambda: setattr(box, "value", True),
    )
    c.radio.value = False
    c.check()
    assert box.value is False  # a wrong answer does not move the widget
    c.radio.value = True
    c.check()
    assert box.value is True


def test_pick_follows_a_map_selection_and_ignores_ids_not_offered():
    gateway = w.Dropdown(options=["", "WAW", "SVO", "XXX"], value="")
    c = Pick("t-pick", "Which end?", "WAW", options=[("WAW", "WAW"), ("SVO", "SVO")], hint="h")
    c.follow(gateway)
    assert "check-pick" in c.control._dom_classes
    gateway.value = "SVO"
    assert c.value() == "SVO"
    gateway.value = "XXX"  # not an option: the check keeps the last one it could take
    assert c.value() == "SVO"
    c.pick("WAW")
    assert c.check() is True


def test_order_needs_every_item_once_and_the_right_sequence():
    items = [("Briefing", 1), ("Reinforcements", 2), ("Operations", 3)]
    c = Order("t-order", "Put in order", (1, 2, 3), options=items, hint="read §5")
    c.places[0].value, c.places[1].value, c.places[2].value = 1, 1, 3
    assert c.check() is None and t("common.check.order_each") in said(c)
    c.places[0].value, c.places[1].value, c.places[2].value = 3, 2, 1
    assert c.check() is False and "read §5" in said(c)
    c.show_me()
    assert [p.value for p in c.places] == [1, 2, 3]
    assert "Briefing → Reinforcements → Operations" in said(c)


def test_reflect_hides_its_model_answer_until_asked_and_is_not_scored():
    r = Reflect("t-reflect", "Why?", lambda a: f"because {a}", answer=lambda: 7)
    assert "because" not in r.feedback.value
    r.show_me()
    assert "because 7" in r.feedback.value and "aria-live" in r.feedback.value
    assert not r.scored


def test_new_question_is_seeded_and_reproducible():
    def variant(seed: int) -> Variant:
        a = random.Random(seed).randint(1, 100)
        return Variant(f"What is {a} + 1?", a + 1, f"{a} + 1")

    one = Number("t-new-1", new_question=variant, seed=3, hint="add")
    two = Number("t-new-2", new_question=variant, seed=3, hint="add")
    assert one.question == two.question == variant(3).question
    assert "check-new" in one.new_button._dom_classes
    one.box.value = str(variant(3).answer)
    assert one.check() is True
    one.next_question()
    two.next_question()
    assert one.seed == two.seed == 4 and one.question == two.question == variant(4).question
    assert one.status == "open" and one.box.value == "" and one.feedback.value.count("✓") == 0
    one.box.value = str(variant(4).answer)
    assert one.check() is True


def test_a_variants_on_explain_and_options_replace_the_checks():
    moved = []

    def variant(seed: int) -> Variant:
        opts = [(f"opt{seed}{i}", i) for i in range(3)]
        return Variant("Q", seed % 3, "E", options=opts, on_explain=lambda: moved.append(seed))

    c = Choice("t-var", new_question=variant, hint="h")
    assert [label for label, _ in c.radio.options][0] == "opt00"
    c.next_question()
    assert [label for label, _ in c.radio.options][0] == "opt10" and c.radio.value is None
    c.show_me()
    assert moved == [1]


def test_score_counts_answered_and_right():
    a = Number("t-s1", "?", 1, hint="h")
    b = Number("t-s2", "?", 2, hint="h")
    c = Number("t-s3", "?", 3, hint="h")
    score = Score([a, b, c])
    assert score.counts() == (0, 0, 3)
    a.box.value = "1"
    a.check()
    b.box.value = "5"
    b.check()
    assert score.counts() == (2, 1, 3)
    c.show_me()
    b.box.value = "2"
    b.check()  # right after a wrong try: right in the end, not at the first try
    assert b.status == "right" and b.first_try is False
    assert score.counts() == (3, 1, 3)
    assert "3 of 3 answered, 1 right at the first try" in score.value
    assert "check-score" in score._dom_classes


def test_the_page_score_counts_the_open_checks_and_follows_them_live(monkeypatch):
    from widgets.kit import check as kit

    monkeypatch.setattr(kit, "_CHECKS", {})  # this test's page only
    first = Number("t-page-1", "?", 1, hint="h")
    reflect = Reflect("t-page-r", "Why?", "m")
    score = lesson_score()  # every scored check of the page
    assert score.counts() == (0, 0, 1)
    first.box.value = "1"
    first.check()
    assert "1 of 1 answered, 1 right" in score.value
    again = Number("t-page-1", "?", 1, hint="h")  # a re-run cell replaces its check
    assert score.counts() == (0, 0, 1)
    again.close()  # the next page in the same kernel closed this page's widgets
    reflect.close()
    assert score.counts() == (0, 0, 0)
