"""Checks that make students think (issue #25), over every lesson of the four games, read from the
lessons' own pages (the sheets the teachers print, built by running each page's cells):

- every lesson has a prediction (the widget's answer veiled until the learner commits) and a
  scored reason to pick;
- no scored check's hint starts by naming a control (the first rung is the idea);
- every lesson after a game's first opens with a review of three checks on its earlier lessons,
  numbered R.1 to R.3 under the review heading;
- no lesson asks more than 15 checks of its own, and each check has its number on the page.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.test_teachers import built
from widgets.kit.check_ladder import hint_names_a_control
from widgets.teachers.sheets import GAMES, lesson_path, lessons

MOST_CHECKS = 15
MOST_MINUTES = 40
PLAY_MINUTES = 45  # a whole game against the bots (the play lessons): see docs/conventions.md
TIME = re.compile(r"\*\*(?:Time|Tempo):\*\*\s*(?:about|circa)\s+(\d+)\s+min")

LESSONS = [(g, s) for g in GAMES for s in lessons(g)]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "lesson"), LESSONS)
def test_each_lesson_predicts_asks_why_and_hints_at_the_idea(game: str, lesson: str) -> None:
    for lang in ("en", "it"):
        sheet, _made = built(game, lesson, lang)
        own = [i for i in sheet.items if not i.number.startswith("R.")]
        kinds = [i.kind for i in own]
        assert "predict" in kinds, f"{lang}: no prediction in {game}/{lesson}"
        assert "reason" in kinds, f"{lang}: no reason to pick in {game}/{lesson}"
        assert len(own) <= MOST_CHECKS, f"{lang}: {len(own)} checks in {game}/{lesson}"
        for item in sheet.items:
            assert item.number, f"{item.name} stands under no numbered step"
            if item.scored and item.hint:
                assert not hint_names_a_control(item.hint, lang), (item.name, item.hint)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "lesson"), [(g, s) for g, s in LESSONS if s != lessons(g)[0]])
def test_a_later_lesson_opens_with_three_questions_on_the_earlier_ones(game: str, lesson: str):
    for lang in ("en", "it"):
        sheet, _made = built(game, lesson, lang)
        review = [i for i in sheet.items if i.number.startswith("R.")]
        assert [i.number for i in review] == ["R.1", "R.2", "R.3"], f"{lang}: {game}/{lesson}"
        assert sheet.items[:3] == tuple(review), "the review comes first"


@pytest.mark.parametrize(("game", "lesson"), LESSONS)
def test_a_lesson_takes_at_most_forty_minutes(game: str, lesson: str) -> None:
    for lang in ("en", "it"):
        cells = json.loads(lesson_path(game, lesson, lang).read_text(encoding="utf-8"))["cells"]
        top = "".join(cells[0]["source"])
        found = TIME.search(top)
        assert found, f"{lang}: {game}/{lesson} says no time"
        most = PLAY_MINUTES if "play" in lesson else MOST_MINUTES
        assert int(found.group(1)) <= most, f"{lang}: {game}/{lesson}: {found.group(0)}"
