"""The kit's spaced review (widgets/kit/review.py) and the checks' numbers (issue #25)."""

from __future__ import annotations

import pytest

from widgets.kit import check as kit
from widgets.kit.check import Choice, Number, Score
from widgets.kit.review import Review
from widgets.kit.steps import check_numbers, step_label


@pytest.fixture(autouse=True)
def own_page(monkeypatch):
    monkeypatch.setattr(kit, "_CHECKS", {})


def test_step_headings_give_their_numbers_in_both_languages():
    assert step_label("Step 3 · Blind picks (§Fase Intercetto)") == "3"
    assert step_label("Passo 12 · Le carte") == "12"
    assert step_label("Review · three questions from earlier lessons") == "R"
    assert step_label("Ripasso · tre domande dalle lezioni precedenti") == "R"
    assert step_label("What you learned") is None and step_label("Stepping stones") is None


def test_checks_are_numbered_within_their_step():
    headings = ["Review · x", "Review · x", "Step 1 · a", "Step 1 · a", "Step 2 · b", "Glossary"]
    assert check_numbers(headings) == ["R.1", "R.2", "1.1", "1.2", "2.1", ""]
    assert check_numbers([]) == []


def review_checks() -> list:
    return [
        Number("rv-a", "1 + 1?", 2, hint="Add."),
        Choice("rv-b", "Which?", "y", options=[("X", "x"), ("Y", "y")], hint="The second."),
    ]


def test_a_review_keeps_its_own_score_and_stays_out_of_the_lessons():
    lesson_own = Number("rv-own", "2 + 2?", 4, hint="Add.")
    review = Review(review_checks(), lesson=3)
    total = Score()
    assert [c.name for c in kit.page_checks()] == ["rv-own"]
    first, second = review.checks
    first.put(2)
    first.check()
    second.radio.value = "x"
    second.check()
    assert review.score.counts() == (2, 1, 2)
    assert total.counts() == (0, 0, 1)  # the lesson's score: only its own check
    lesson_own.put(4)
    lesson_own.check()
    assert total.counts() == (1, 1, 1)
    assert all("check-review" in c._dom_classes for c in review.checks)
    assert review.children[-1] is review.score
    assert "check-score" not in review.score._dom_classes  # the lesson's line keeps that class
    assert "kit-review-score" in review.score._dom_classes
    assert "review" in review.score.value and "this lesson</b>" not in review.score.value


def test_a_review_needs_questions_and_an_earlier_lesson():
    with pytest.raises(ValueError):
        Review([], lesson=2)
    with pytest.raises(ValueError):
        Review(review_checks(), lesson=1)
