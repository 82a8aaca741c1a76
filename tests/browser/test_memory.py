"""#24 in Chromium, offline, on the product's own server (classroom/serve.py): a learner answers
a check, reloads and finds it as it was; the server restarts and it is still there; a second
browser with the resume code sees the same record; a fresh browser sees none; "forget me"
empties it. Every wait is on what the page shows."""

from __future__ import annotations

import re

import pytest

from tests.server.serverkit import running_server

from .conftest import watch
from .pagekit import lesson_ready, wait_text

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_memory")]
LESSON = "airwar/02_a_raid_step_by_step.ipynb"
CHECK = ".check-aw2-carrier-damage"
CODE = re.compile(r"\b([2-9A-Z]{4}-[2-9A-Z]{4})\b")


def open_page(context, base: str, notebook: str = LESSON):
    watched = watch(context)
    watched.page.goto(f"{base}/voila/render/{notebook}", wait_until="domcontentloaded")
    lesson_ready(watched.page, notebook)
    return watched


def wrong_answer(page) -> None:
    box = page.locator(f"{CHECK} .check-number input").first
    box.fill("1")
    box.press("Enter")
    page.locator(f"{CHECK} .check-submit").click()
    wait_text(page, f"{CHECK} .check-feedback", "Not yet")


def resume_code(page) -> str:
    wait_text(page, ".record-line", "resume code")
    found = CODE.search(page.inner_text(".record-line"))
    assert found, page.inner_text(".record-line")
    return found.group(1)


def restored(page) -> bool:
    """The check as it was left: its answer in the box and its verdict."""
    wait_text(page, f"{CHECK} .check-feedback", "Not yet")
    return page.locator(f"{CHECK} .check-number input").first.input_value() == "1"


def test_answers_survive_a_reload_a_restart_and_a_second_device(browser, tmp_path):
    data = tmp_path / "record"
    with running_server(f"--data={data}") as server:
        assert "Learners' record: SQLite in" in server.log_text()
        first = browser.new_context(viewport={"width": 1280, "height": 900})
        a = open_page(first, server.base)
        code = resume_code(a.page)  # a first visit gets its learner as the page connects
        wrong_answer(a.page)
        a.page.reload(wait_until="domcontentloaded")
        lesson_ready(a.page, LESSON)
        assert restored(a.page)
        assert resume_code(a.page) == code  # the browser keeps its learner
        problems = a.problems()
        a.page.close()

        fresh = browser.new_context(viewport={"width": 1280, "height": 900})
        f = open_page(fresh, server.base)
        assert resume_code(f.page) != code  # a fresh browser is another learner
        assert f.page.locator(f"{CHECK} .check-number input").first.input_value() == ""
        # the resume code opens the same record here
        f.page.locator(".record-toggle").click()
        f.page.locator(".record-panel input[type='text']").first.fill(code.lower())
        f.page.locator(".record-resume").click()
        wait_text(f.page, ".record-notice", "now shows your work")
        assert restored(f.page)
        fresh.close()
        port = int(server.base.rsplit(":", 1)[1])

    # the server restarted, at its address (the browser keeps its key per address)
    with running_server(f"--data={data}", port=port) as server:
        a = open_page(first, server.base)
        assert restored(a.page)
        # forget me: the record goes, and the next page starts from zero
        a.page.locator(".record-toggle").click()
        a.page.locator(".record-forget").click()
        a.page.locator(".record-confirm").click()
        wait_text(a.page, ".record-notice", "nothing of yours is left")
        a.page.reload(wait_until="domcontentloaded")
        lesson_ready(a.page, LESSON)
        assert resume_code(a.page) != code  # forgotten: this browser starts as someone new
        assert a.page.locator(f"{CHECK} .check-number input").first.input_value() == ""
        problems.update(a.problems())
        first.close()
    # a reload sends the old page's shutdown beacon as it unloads: the browser drops its answer
    problems["failed requests"] = [
        r for r in problems.get("failed requests", []) if "/voila/api/shutdown/" not in r
    ]
    assert {k: v for k, v in problems.items() if v} == {}


def test_a_game_continues_after_the_server_restarts(browser, tmp_path):
    """AirWar's table: four moves, the server stops (every kernel ends with it) and starts
    again; the reloaded page offers the game, which comes back at the same move."""
    from .pagekit import Play, count

    data, notebook = tmp_path / "record", "airwar/04_play.ipynb"
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    with running_server(f"--data={data}") as server:
        page = open_page(context, server.base, notebook).page
        Play("airwar", moves=4).run(page)
        moves = count(page, ".airwar-log li")
        header = page.inner_text(".airwar-log div")
        port = int(server.base.rsplit(":", 1)[1])
    with running_server(f"--data={data}", port=port) as server:
        page.reload(wait_until="domcontentloaded")
        lesson_ready(page, notebook)
        wait_text(page, ".airwar-resume", "Continue your game")
        page.locator(".airwar-resume").click()
        wait_text(page, ".lesson-notice", "back where you left it")
        assert count(page, ".airwar-log li") == moves
        assert page.inner_text(".airwar-log div") == header
    context.close()
