"""The three kinds of teaching of issue #25 (widgets/kit/check_ladder.py, check_kinds.py): a hint
ladder climbed one rung a wrong try, a reason picked with each option's own explanation, and a
prediction made before the answer's element is shown. Each judges, explains and counts, goes to
the learner's record and comes back from it (a real SQLite store in a temporary folder, a real
BrowserStore whose state is set as the page would set it), speaks both languages and prints on
the teachers' worksheet and key."""

from __future__ import annotations

import json
from pathlib import Path

import ipywidgets as w
import pytest

from record.store import open_store
from widgets import i18n
from widgets.common import boxed, figure
from widgets.i18n import t
from widgets.kit import check as kit
from widgets.kit import memory as mem
from widgets.kit.browser_store import BrowserStore
from widgets.kit.check import OPEN, RIGHT, SHOWN, TRIED, Choice, Number, Score, Variant
from widgets.kit.check_kinds import Predict, PredictChoice, Reason, Veil, find_tagged
from widgets.kit.check_ladder import MAX_RUNGS, hint_names_a_control, ladder_faults, rungs
from widgets.teachers import render
from widgets.teachers.sheets import Sheet, _item

LESSON = "test/01_kinds"
LOCALES = Path(__file__).resolve().parents[2] / "widgets" / "locales"
LADDER = ("Which law counts blind picks?", "Work out 1 − C(3, 2)/C(5, 2).", "Read the curve at 2.")


def said(check) -> str:
    return check.feedback.value


# ---------------------------------------------------------------------- a page with a record
@pytest.fixture
def store_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(kit, "_CHECKS", {})
    monkeypatch.delenv("LESSONS_RECORD", raising=False)
    yield tmp_path
    mem.begin("", opener=None)


def page(store_dir) -> tuple[mem.Memory, BrowserStore]:
    """A new page of the lesson: a fresh memory, its browser not heard from yet."""
    memory = mem.begin(LESSON, opener=lambda: open_store(data_dir=store_dir))
    bridge = BrowserStore()
    memory.attach(bridge)
    return memory, bridge


def arrive(bridge: BrowserStore, key: str = "") -> None:
    bridge.set_state({"key": key, "code": "", "nickname": "", "records": "", "loaded": True})


def kept(store_dir, key: str, item: str) -> list[tuple[str, dict]]:
    store = open_store(data_dir=store_dir)
    learner = store.learner_by_key(key)
    return [(e.kind, e.payload) for e in store.events(learner.id, LESSON) if e.item == item]


# ---------------------------------------------------------------------- the hint ladder
def test_a_single_hint_is_a_one_rung_ladder_shown_as_before():
    c = Number("k-one", "How many?", 7, hint="move the slider")
    assert c.hints == ("move the slider",) and c.hint == "move the slider"
    c.box.value = "3"
    assert c.check() is False
    assert t("common.check.hint", hint="move the slider") in said(c)
    assert "check-hint-1" not in said(c)  # no "Hint 1 of 1": the old look
    c.check()
    assert said(c).count("move the slider") == 1 and c.rungs_seen == 1


def test_each_wrong_try_climbs_one_rung_and_the_rungs_seen_stay():
    c = Number("k-ladder", "How many?", 7, hint=list(LADDER))
    assert c.hint == LADDER[0] and c.rungs_seen == 0
    c.box.value = "3"
    for n in range(1, 5):
        assert c.check() is False
        seen = min(n, 3)
        assert c.rungs_seen == seen
        for i, rung in enumerate(LADDER, 1):
            assert (rung in said(c)) == (i <= seen), (n, i)
        assert t("common.check.ladder.rung", n=seen, total=3, hint=LADDER[seen - 1]) in said(c)
    c.box.value = "7"
    assert c.check() is True and LADDER[0] not in said(c)  # a right answer: the explanation
    assert c.first_try is False


def test_a_ladder_has_at_most_three_rungs_and_a_variant_brings_its_own():
    with pytest.raises(ValueError):
        Number("k-long", "?", 1, hint=["a", "b", "c", "d"])
    assert MAX_RUNGS == 3 and rungs(None) == () and rungs(["a", "", "c"]) == ("a", "c")

    def variant(seed: int) -> Variant:
        return Variant(f"{seed}?", seed, "", hint=[f"idea {seed}", f"method {seed}"])

    c = Number("k-var", hint="base", new_question=variant, seed=1)
    assert c.hints == ("idea 1", "method 1")
    c.box.value = "99"
    c.check()
    c.check()
    assert c.rungs_seen == 2
    c.next_question()
    assert c.hints == ("idea 2", "method 2") and c.rungs_seen == 0


def test_the_rungs_seen_are_kept_and_come_back(store_dir):
    memory, bridge = page(store_dir)
    c = Number("k-kept", "How many?", 7, hint=list(LADDER))
    arrive(bridge)
    c.box.value = "3"
    c.check()
    c.check()
    memory.flush()
    key = bridge.key
    hints = [p for kind, p in kept(store_dir, key, "k-kept") if kind == "hint"]
    assert hints == [{"seed": 0, "rung": 1}, {"seed": 0, "rung": 2}]

    memory, bridge = page(store_dir)
    again = Number("k-kept", "How many?", 7, hint=list(LADDER))
    arrive(bridge, key)
    assert again.rungs_seen == 2 and again.status == TRIED and again.box.value == "3"
    assert LADDER[0] in said(again) and LADDER[1] in said(again) and LADDER[2] not in said(again)
    assert again.check() is False and LADDER[2] in said(again)  # the next rung, not the first


def test_a_new_question_starts_the_ladder_again_also_when_restored(store_dir):
    def variant(seed: int) -> Variant:
        return Variant(f"{seed} + 1?", seed + 1, "add one")

    memory, bridge = page(store_dir)
    c = Number("k-again", hint=list(LADDER), new_question=variant, seed=1)
    arrive(bridge)
    c.box.value = "0"
    c.check()
    c.check()
    c.next_question()
    c.box.value = "0"
    c.check()
    assert c.rungs_seen == 1
    memory.flush()
    key = bridge.key

    memory, bridge = page(store_dir)
    again = Number("k-again", hint=list(LADDER), new_question=variant, seed=1)
    arrive(bridge, key)
    assert again.seed == 2 and again.rungs_seen == 1  # the new question's one rung, not two
    assert LADDER[0] in said(again) and LADDER[1] not in said(again)


def test_a_ladders_first_rung_must_not_name_a_control():
    for text in ("Press the button", "Move the slider to 3", "<b>Set</b> 5 cards", "Read it"):
        assert hint_names_a_control(text, "en"), text
    assert hint_names_a_control("“Hover” the curve", "en")
    for text in ("Premi il pulsante", "Sposta il cursore", "Imposta 5 carte", "Leggi la curva"):
        assert hint_names_a_control(text, "it"), text
    assert hint_names_a_control("Passa sopra la curva", "it")
    for text in ("Which law counts blind picks?", "A set of cards", "Settle the rule first"):
        assert not hint_names_a_control(text, "en"), text
    assert not hint_names_a_control("«Più probabile che no» vuol dire sopra il 50 %", "it")
    assert not hint_names_a_control("Press the button", "it")  # English words in an Italian text
    with pytest.raises(ValueError):
        hint_names_a_control("Press", "xx")

    good = Number("k-good", "?", 1, hint=list(LADDER))
    bad = Number("k-bad", "?", 1, hint=["Read the curve.", "Then count."])
    old = Number("k-old", "?", 1, hint="Read the curve.")  # one rung: where to look, as before
    left = Number("k-left", "?", 1, hint=["The {law}.", "Count."])
    assert ladder_faults(good, "en") == [] and ladder_faults(old, "en") == []
    assert ladder_faults(bad, "en") == ["k-bad: the first rung names a control: 'Read the curve.'"]
    assert ladder_faults(left, "en") == ["k-left: rung 1 keeps a placeholder"]


# ---------------------------------------------------------------------- pick the reason
REASONS = [("It reaches every Defense", "reach"), ("Only attackers play", "attacker")]
WHY = {"reach": "Air-to-Air 3 reaches Defense 3.", "attacker": "Both players may play them."}


def reason(name: str = "k-reason", **more) -> Reason:
    return Reason(
        name, "Why?", "reach", options=REASONS, explanations=WHY, hint="think of §Combat", **more
    )


def test_a_wrong_reason_says_why_it_does_not_hold_the_right_one_its_explanation():
    c = reason()
    assert "check-reason" in c._dom_classes and "check-choice" in c.control._dom_classes
    c.radio.value = "attacker"
    assert c.check() is False and c.status == TRIED
    assert t("common.check.reason.why_not", why=WHY["attacker"]) in said(c)
    assert "think of §Combat" in said(c) and WHY["reach"] not in said(c)
    c.radio.value = "reach"
    assert c.check() is True and WHY["reach"] in said(c) and WHY["attacker"] not in said(c)
    assert c.explain() == WHY["reach"] and c.reasons() == [(REASONS[1][0], WHY["attacker"])]


def test_a_reasons_full_explanation_and_show_me():
    c = reason(explanation=lambda a: f"the full story of {a}")
    c.show_me()
    assert c.status == SHOWN and c.radio.value == "reach" and c.first_try is False
    assert "the full story of reach" in said(c)
    c.radio.value = "reach"
    c.check()
    assert "the full story of reach" in said(c)  # right: the full explanation


def test_every_reason_needs_its_explanation():
    with pytest.raises(ValueError, match="no explanation"):
        Reason("k-missing", "Why?", "reach", options=REASONS, explanations={"reach": "x"}, hint="h")

    def variant(seed: int) -> Variant:
        options = [(f"r{seed}", "a"), ("other", "b")]
        return Variant(
            "Why?", "a", "", options=options, explanations={"a": f"yes {seed}", "b": "no"}
        )

    c = Reason("k-variant", hint="h", new_question=variant, seed=3)
    c.radio.value = "b"
    c.check()
    assert "no" in said(c)
    c.next_question()
    c.radio.value = "a"
    assert c.check() is True and "yes 4" in said(c)


def test_a_reason_is_scored_and_restored_like_a_choice(store_dir):
    memory, bridge = page(store_dir)
    c, choice = reason(), Choice("k-choice", "?", "b", hint="h", options=[("A", "a"), ("B", "b")])
    arrive(bridge)
    c.radio.value = "attacker"
    c.check()
    c.radio.value = "reach"
    c.check()
    assert Score([c, choice]).counts() == (1, 0, 2)
    memory.flush()
    key = bridge.key

    memory, bridge = page(store_dir)
    again = reason()
    arrive(bridge, key)
    assert (again.status, again.first_try, again.attempts) == (RIGHT, False, 2)
    assert again.radio.value == "reach" and "✓" in said(again)


# ---------------------------------------------------------------------- predict, then see
def lab() -> tuple[w.VBox, w.Box, w.HTML]:
    """A widget with a chart (the answer's element) and a summary line that stays."""
    chart = boxed(figure(200), "k-fig-chart")
    summary = w.HTML("one pick: 40%")
    return w.VBox([w.HTML("controls"), w.VBox([summary, chart])]), chart, summary


def predict(root: w.Widget, name: str = "k-predict", **more) -> Predict:
    chart = find_tagged(root, "k-fig-chart")
    return Predict(
        name,
        "Two picks: what chance?",
        70.0,
        reveals=chart,
        inside=root,
        tolerance=5,
        unit="%",
        explanation="1 − 3/10.",
        **more,
    )


def shown_in(root: w.Widget, element: w.Widget) -> bool:
    from widgets.kit.check_kinds import boxes_under

    return any(x is element for x in boxes_under(root))


def test_the_answer_stays_hidden_until_a_prediction_which_is_one_try():
    root, chart, summary = lab()
    moved = []
    c = predict(root, on_explain=lambda: moved.append(1))
    inner = root.children[1]
    assert not shown_in(root, chart) and shown_in(root, summary)
    veil = inner.children[1]
    assert "check-veil" in veil._dom_classes and "make your prediction first" in veil.value.lower()
    assert "5 percentage points" in c.question_html.value and "one try" in c.question_html.value
    assert c.submit.description == t("common.check.predict.submit")
    assert "check-predict" in c._dom_classes and "check-submit" in c.submit._dom_classes
    c.box.value = "lots"
    assert c.check() is None and not shown_in(root, chart)  # not a prediction: nothing changes
    c.box.value = "80"
    assert c.check() is False
    assert inner.children[1] is chart and c.revealed  # in its own place again
    assert (c.status, c.first_try, c.attempts) == (TRIED, False, 1) and moved == [1]
    assert "You said 80%, the exact value is 70%" in said(c) and "1 − 3/10." in said(c)
    assert "a gap of 10 percentage points, more than the 5 percentage points allowed" in said(c)
    assert c.box.disabled and c.submit.disabled and c.show.disabled
    c.box.value = "70"
    assert c.check() is None and c.first_try is False and c.attempts == 1  # one try only
    c.show_me()
    assert c.box.value == "70" and c.status == TRIED  # "show me" after it changes nothing


def test_a_right_prediction_counts_at_the_first_try():
    root, chart, _ = lab()
    c = predict(root)
    c.box.value = "68"
    assert c.check() is True and c.status == RIGHT and c.first_try is True
    assert "You said 68%, the exact value is 70%: within 5 percentage points" in said(c)
    assert shown_in(root, chart) and Score([c]).counts() == (1, 1, 1)
    root, chart, _ = lab()
    exact = predict(root, name="k-exact")
    exact.box.value = "70"
    exact.check()
    assert "You said 70%: exactly the value." in said(exact)


def test_show_me_before_a_prediction_reveals_the_element_and_counts_as_shown():
    root, chart, _ = lab()
    c = predict(root)
    c.show_me()
    assert shown_in(root, chart) and c.status == SHOWN and c.first_try is False
    assert c.box.value == "70" and t("common.check.answer", answer="70%") in said(c)
    assert c.check() is None and Score([c]).counts() == (1, 0, 1)


def test_an_element_in_no_box_is_hidden_by_its_display_and_a_rerun_takes_the_veil_over():
    line = w.HTML("exact: 70%", layout=w.Layout(display="flex"))
    c = Predict("k-line", "?", 70, reveals=[line], tolerance=0, unit="%")
    assert line.layout.display == "none" and "only the exact value" in c.question_html.value
    c.box.value = "60"
    c.check()
    assert line.layout.display == "flex"
    assert "a gap of 10 percentage points." in said(c)

    root, chart, _ = lab()
    first = predict(root)
    again = predict(root)  # the cell run again: the same veil, the chart hidden once
    assert Veil.over(chart) is first.veils[0] is again.veils[0]
    again.box.value = "70"
    again.check()
    assert root.children[1].children[1] is chart


def test_a_new_question_hides_the_element_again():
    def variant(seed: int) -> Variant:
        return Variant(f"seed {seed}?", 10.0 * seed, "ten times")

    root, chart, _ = lab()
    c = Predict(
        "k-new",
        reveals=find_tagged(root, "k-fig-chart"),
        inside=root,
        new_question=variant,
        seed=1,
        tolerance=1,
        unit="%",
    )
    c.box.value = "10"
    c.check()
    assert shown_in(root, chart)
    c.next_question()
    assert not shown_in(root, chart) and c.status == OPEN and not c.submit.disabled
    assert c.box.value == "" and not c.box.disabled


def test_predict_a_choice():
    text = w.HTML("what happens")
    c = PredictChoice(
        "k-pchoice",
        "Which side wins?",
        "axis",
        reveals=text,
        options=[("Axis", "axis"), ("Allies", "allies")],
        explanation="the Zero.",
    )
    assert (
        text.layout.display == "none"
        and t("common.check.predict.how_choice") in c.question_html.value
    )
    c.radio.value = "allies"
    assert c.check() is False and text.layout.display != "none"
    assert "You said “Allies”; what happens is “Axis”." in said(c) and c.radio.disabled


def test_a_returning_learner_finds_their_prediction_and_the_element_revealed(store_dir):
    memory, bridge = page(store_dir)
    root, chart, _ = lab()
    c = predict(root)
    other_root, other_chart, _ = lab()
    shown = predict(other_root, name="k-shown")
    arrive(bridge)
    c.box.value = "80"
    c.check()
    shown.show_me()
    memory.flush()
    key = bridge.key
    assert [k for k, _ in kept(store_dir, key, "k-predict")] == ["attempt"]  # no hint, one try

    memory, bridge = page(store_dir)
    root, chart, _ = lab()
    again = predict(root)
    other_root, other_chart, _ = lab()
    shown_again = predict(other_root, name="k-shown")
    fresh_root, fresh_chart, _ = lab()
    fresh = predict(fresh_root, name="k-fresh")
    assert not shown_in(root, chart)  # hidden until the record says otherwise
    arrive(bridge, key)
    assert shown_in(root, chart) and again.box.value == "80" and again.box.disabled
    assert (again.status, again.first_try) == (TRIED, False)
    assert "You said 80%, the exact value is 70%" in said(again)
    assert shown_in(other_root, other_chart) and shown_again.status == SHOWN
    assert not shown_in(fresh_root, fresh_chart) and fresh.status == OPEN
    assert not fresh.submit.disabled


# ---------------------------------------------------------------------- both languages
def test_the_kinds_speak_both_languages(italian):
    en = json.loads((LOCALES / "en" / "check_kinds.json").read_text(encoding="utf-8"))
    it = json.loads((LOCALES / "it" / "check_kinds.json").read_text(encoding="utf-8"))
    assert set(en) == set(it) and all(it[k] and it[k] != en[k] for k in en)
    assert not any("“" in v or "”" in v for v in it.values())  # Italian quotes: « »
    root, chart, _ = lab()
    c = predict(root)
    c.box.value = "80"
    c.check()
    exact, eighty = t("common.percent", value="70"), t("common.percent", value="80")
    assert f"Hai detto {eighty}, il valore esatto è {exact}" in said(c) and "80\u00a0%" in said(c)
    assert "10 punti percentuali, oltre il margine di 5 punti percentuali" in said(c)
    assert t("common.check.predict.missed") == "Stavolta no." and "Stavolta no." in said(c)
    ladder = Number("k-it", "?", 1, hint=["L'idea.", "Il metodo."])
    ladder.box.value = "2"
    ladder.check()
    ladder.check()
    assert "Suggerimento 2 di 2: Il metodo." in said(ladder)
    one_point = Predict("k-one-it", "?", 50, reveals=w.HTML(), tolerance=1, unit="%")
    assert "1 punto percentuale" in one_point.question_html.value
    assert i18n.language() == "it"


# ---------------------------------------------------------------------- the worksheet
def test_the_new_kinds_print_on_the_worksheet_and_its_key():
    root, chart, _ = lab()
    items = (_item(reason(), "Step 1"), _item(predict(root), "Step 1"))
    assert [i.kind for i in items] == ["reason", "predict"]
    assert items[0].choices == tuple(label for label, _ in REASONS)
    assert items[0].reasons == ((REASONS[1][0], WHY["attacker"]),)
    assert items[1].answer == "70%" and "5 percentage points" in items[1].instructions
    sheet = Sheet("airwar", "03_odds_of_interception", "en", "AirWar · Lesson 3", items)
    assert Sheet.from_json(sheet.to_json()) == sheet
    worksheet, key = render.sheet_html(sheet, False), render.sheet_html(sheet, True)
    assert t("teachers.sheet.predict") in worksheet and t("teachers.sheet.tick") in worksheet
    assert "Only attackers play" in worksheet and WHY["attacker"] not in worksheet
    assert t("teachers.sheet.why_not") in key and WHY["attacker"] in key and WHY["reach"] in key
    assert "1 − 3/10." in key and "70%" in key


# ---------------------------------------------------------------------- variants that adapt
def leveled(seed: int, level: int = 0) -> Variant:
    """A variant function that writes easier and harder cases: the level is in the question."""
    cards = {-1: 3, 0: 5, 1: 8}[level]
    return Variant(f"{cards} cards, seed {seed}: how many?", cards, f"{cards} cards")


def test_the_next_question_is_easier_after_a_miss_and_harder_after_two_rights():
    assert kit.next_level([]) == 0
    assert kit.next_level([False]) == -1 and kit.next_level([True, False]) == -1
    assert kit.next_level([True]) == 0 and kit.next_level([False, True]) == 0
    assert kit.next_level([True, True]) == 1 and kit.next_level([False, True, True]) == 1
    assert kit.takes_level(leveled) and not kit.takes_level(lambda seed: None)

    c = Number("lv-cards", hint="h", new_question=leveled)
    assert c.level == 0 and c.answer() == 5
    c.box.value = "1"
    c.check()  # a miss ...
    c.put(c.answer())
    c.check()  # ... then right: the first try is what counts
    c.next_question()
    assert c.level == -1 and c.answer() == 3 and "3 cards" in c.question
    for _ in range(2):  # two rights at the first try in a row
        c.put(c.answer())
        assert c.check() is True
        c.next_question()
    assert c.level == 1 and c.answer() == 8
    c.show_me()  # "show me" before a try is no right at the first try
    c.next_question()
    assert c.level == -1


def test_a_variant_function_without_a_level_is_called_with_the_seed_only():
    seen: list[int] = []

    def plain(seed: int) -> Variant:
        seen.append(seed)
        return Variant(f"{seed}?", seed, "the seed")

    c = Number("lv-plain", hint="h", new_question=plain, seed=4)
    c.box.value = "0"
    c.check()
    c.next_question()
    assert seen == [4, 5] and c.level == -1  # the level is kept, the function does not take it


def test_the_level_comes_back_from_the_record(store_dir):
    memory, bridge = page(store_dir)
    c = Number("lv-back", hint="h", new_question=leveled)
    arrive(bridge)
    c.box.value = "0"
    c.check()
    c.next_question()  # after a miss: the easier case
    assert c.level == -1 and c.answer() == 3
    memory.flush()
    key = bridge.key

    memory, bridge = page(store_dir)
    again = Number("lv-back", hint="h", new_question=leveled)
    arrive(bridge, key)
    assert again.seed == 1 and again.level == -1 and again.answer() == 3
    assert again.question == c.question
    again.put(again.answer())
    again.check()
    again.next_question()
    assert again.level == 0  # one right after a miss: the usual case again


def test_catalog_texts_give_a_ladder_where_the_catalog_has_one():
    from widgets.i18n import catalog
    from widgets.kit.check_texts import CheckTexts

    texts = CheckTexts("rails", "lesson1")
    ladder = texts.hint("six_count")["hint"]
    assert isinstance(ladder, list) and len(ladder) == 3
    assert ladder[-1] == texts("six_count", "hint")  # where to look comes last
    keys = catalog("en")
    plain = next(
        k[: -len(".hint")]
        for k in keys
        if k.startswith("cnw.checks.lesson1.")
        and k.endswith(".hint")
        and k[: -len(".hint")] + ".hint_idea" not in keys
    )
    name = plain.split(".")[-1]
    assert CheckTexts("cnw", "lesson1").hint(name) == {"hint": keys[plain + ".hint"]}


def test_a_veiled_element_shown_twice_is_hidden_in_both_places():
    summary = w.HTML("42 % of threats stopped")
    lab = w.VBox([w.VBox([summary])])
    elsewhere = w.VBox([summary])  # the same summary in another card of the page
    p = Predict("v-twice", "How many?", 42, reveals=summary, inside=lab, tolerance=5, unit="%")
    assert summary.layout.display == "none" and summary in elsewhere.children
    assert summary not in lab.children[0].children  # its place in the lab holds the veil
    p.box.value = "42"
    p.check()
    assert summary.layout.display in (None, "") and summary in lab.children[0].children
