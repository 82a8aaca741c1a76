"""A teacher opens a guide, prepares a worksheet and its key, and prints them (issue #14 §1).

Offline like every browser test. The guide shows its plans, glossary and the rulebook's gaps; the
worksheet page computes a lesson's sheet from its checks, offers print and an HTML download, and
printing (Chromium's ``page.pdf``, print media) gives pages with only the sheet on them.
"""

from __future__ import annotations

import base64
from typing import Any

import pytest

from .conftest import SHOTS, element_screenshot, screenshot
from .pagekit import assert_healthy, open_lesson, wait_text

pytestmark = pytest.mark.browser

GUIDE = "it/teachers/logiquo.ipynb"
SHEETS = "teachers/airwar_worksheets.ipynb"


def pages_in(pdf: bytes) -> int:
    """The page objects of a PDF (``/Type /Page``, not the ``/Type /Pages`` tree)."""
    return pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")


def test_a_teacher_opens_a_guide_and_prints_a_worksheet(watched_page: Any, voila_url: str):
    page = watched_page.page
    open_lesson(watched_page, voila_url, GUIDE)
    body = page.inner_text("body")
    assert "Una lezione di 50 minuti" in body and "Aiutare o no?" in body
    page.locator(".teachers-notes-toggle").first.click()
    wait_text(page, ".teachers-notes", "What neutralises a threat")
    screenshot(page, "notebooks__it__teachers__logiquo_guide")
    assert watched_page.problems() == {}, watched_page.problems()
    assert_healthy(watched_page)

    watched_page.console_errors.clear()  # the closed page's kernel (voila#1458, as elsewhere)
    watched_page.failed.clear()
    open_lesson(watched_page, voila_url, SHEETS)
    page.locator(".teachers-prepare").first.click()
    wait_text(page, ".teachers-view", "Worksheet · AirWar")
    wait_text(page, ".teachers-actions", "Print")
    sheet = page.inner_text(".teachers-view")
    assert "Who plays first?" in sheet and "Your answer:" in sheet and "Why:" not in sheet

    link = page.locator(".teachers-download").first.get_attribute("href")
    assert link.startswith("data:text/html;charset=utf-8;base64,")
    download = base64.b64decode(link.split(",", 1)[1]).decode("utf-8")
    assert "<!DOCTYPE html>" in download and "Who plays first?" in download

    page.emulate_media(media="print")
    hidden = page.evaluate(
        "() => [...document.querySelectorAll('.teachers-controls, .jp-MarkdownCell')]"
        ".every(e => e.offsetParent === null)"
    )
    assert hidden, "printing shows only the sheet"
    worksheet = page.pdf(format="A4")
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "teachers-airwar-worksheet.pdf").write_bytes(worksheet)
    assert pages_in(worksheet) >= 2, "a lesson's worksheet, with room to write, fills pages"
    element_screenshot(page, ".teachers-view", "teachers__airwar_worksheet_print")
    page.emulate_media(media="screen")

    page.locator(".teachers-kind button").nth(1).click()
    wait_text(page, ".teachers-view", "Answer key · AirWar")
    assert "Why:" in page.inner_text(".teachers-view")
    page.emulate_media(media="print")
    key = page.pdf(format="A4")
    (SHOTS / "teachers-airwar-key.pdf").write_bytes(key)
    assert pages_in(key) >= 1
    page.emulate_media(media="screen")
    screenshot(page, "notebooks__teachers__airwar_worksheets_key")
    # the guide's kernel, closed when the page left, may answer late with voila#1458's 403
    watched_page.console_errors[:] = [e for e in watched_page.console_errors if "403" not in e]
    assert_healthy(watched_page)
