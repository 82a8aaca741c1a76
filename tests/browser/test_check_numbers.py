"""The page numbers its checks as the worksheets do (issue #25: "3.2" is the second check of
Step 3, "R.1" the review's first), so a teacher who says "look at 3.2" and a printed sheet point
at the same question. The numbers are written by the page's script (widgets/kit/steps.py) from
the headings it sees; the worksheet's come from the notebook through the same rule
(``widgets.kit.steps.check_numbers``)."""

from __future__ import annotations

from typing import Any

import pytest

from widgets.teachers.sheets import lesson_sheet

from .conftest import element_screenshot
from .pagekit import assert_healthy, lesson_ready

pytestmark = pytest.mark.browser

GAME, LESSON = "airwar", "03_odds_of_interception"

SHOWN = """() => [...document.querySelectorAll('.check')].map((c) => [
  [...c.classList].find((k) => k.startsWith('check-') && k !== 'check-reflect'
    && k !== 'check-reason' && k !== 'check-predict' && k !== 'check-review'),
  c.querySelector('.check-number')?.textContent ?? '',
])"""


def test_the_page_and_its_worksheet_number_the_checks_alike(watched_page: Any, voila_url: str):
    notebook = f"{GAME}/{LESSON}.ipynb"
    page = watched_page.page
    page.goto(f"{voila_url}/voila/render/notebooks/{notebook}", wait_until="domcontentloaded")
    lesson_ready(page, notebook)
    page.wait_for_selector(".check .check-number")
    shown = {name.removeprefix("check-"): n for name, n in page.evaluate(SHOWN)}
    sheet = {item.name: item.number for item in lesson_sheet(GAME, LESSON, "en").items}
    element_screenshot(page, ".check-aw3-half", "check_numbers__aw3_half")
    assert shown == sheet
    assert "1.1" in shown.values() and all(n for n in shown.values())
    assert_healthy(watched_page)
