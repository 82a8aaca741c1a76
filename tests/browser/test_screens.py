"""A play table announces, guides and keeps the focus (issue #13): the kit's live region, the
prompt that takes the focus, a decision played from the keyboard.

The pages at every screen size and their axe-core scan are checked on the lessons' own pages:
``screens.py``, run by ``test_lessons.py``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import watch
from .pagekit import TIMEOUT, assert_healthy, open_lesson

pytestmark = pytest.mark.browser


def test_a_table_announces_guides_and_keeps_the_focus(browser: Any, voila_url: str) -> None:
    """The kit's live region is a polite status region and its prompt can take focus; a decision
    played from the keyboard closes its button, and the focus goes to the prompt or the next
    decision (not to the page); a focused control draws a 3 px outline."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watched = watch(context)
    try:
        page = open_lesson(watched, voila_url, "airwar/04_play.ipynb")
        page.wait_for_selector(".kit-live[aria-live='polite'][role='status']", timeout=TIMEOUT)
        assert page.locator(".kit-prompt[tabindex='-1']").count() == 1
        first = page.locator(".kit-actions button:not([disabled])").first
        first.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")  # focus reached from the keyboard: :focus-visible
        assert page.evaluate("() => getComputedStyle(document.activeElement).outlineWidth") == "3px"
        log = page.inner_text(".airwar-log")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "(before) => document.querySelector('.airwar-log').innerText !== before",
            arg=log,
            timeout=TIMEOUT,
        )
        page.wait_for_function(
            "() => document.activeElement && document.activeElement !== document.body"
            " && document.activeElement.closest('.kit-table')"
            " && (document.activeElement.matches('.kit-prompt')"
            "     || document.activeElement.closest('.kit-actions'))",
            timeout=TIMEOUT,
        )
        assert page.inner_text(".kit-live").strip()  # the refreshed table said something
        assert watched.problems() == {}, json.dumps(watched.problems(), indent=1)[:3000]
        assert_healthy(watched)
    finally:
        context.close()
