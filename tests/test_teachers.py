"""The teacher's side (issue #14 §1): guides, worksheets and answer keys.

- Every lesson's worksheet and key hold every check the lesson page builds (found through the
  check kit's own registry, not through the worksheet builder), with its question in the sheet
  and its computed answer and explanation in the key, in both languages (slow: it runs every
  lesson's cells, strategy labs included).
- The lesson plans quote checks as the students see them: every quoted question is one of the
  game's checks, in the guide's language.
- A guide has its parts, minute-by-minute plans that fill 50 minutes, activities that say time,
  groups, materials, steps and what to discuss, and working links; the landing pages link every
  teacher page.
- The print stylesheet hides everything but the sheet; the worksheet holds no answer, the key
  every answer; the rulebook notes are the rules summary's section.
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from pathlib import Path

import pytest

from widgets.i18n import set_language
from widgets.kit import check
from widgets.teachers import render
from widgets.teachers.pages import RulebookNotes, WorksheetPage, silent_section
from widgets.teachers.sheets import GAMES, Item, Sheet, fetch, lesson_sheet, lessons

ROOT = Path(__file__).resolve().parents[1]
TEACHERS = {"en": ROOT / "notebooks" / "teachers", "it": ROOT / "notebooks" / "it" / "teachers"}
QUOTES = {"en": re.compile(r"“([^”]+)”"), "it": re.compile(r"«([^»]+)»")}
MINUTES = re.compile(r"^\| (\d+)–(\d+) \|", re.M)
PARTS = {
    "en": (
        "## What students learn",
        "## One 50-minute period",
        "## A block of 2 × 50 minutes",
        "## Classroom activities",
        "## Worksheets and answer keys",
    ),
    "it": (
        "## Che cosa imparano gli studenti",
        "## Una lezione di 50 minuti",
        "## Un blocco di 2 × 50 minuti",
        "## Attività per la classe",
        "## Schede di lavoro e soluzioni",
    ),
}
ACTIVITY = {
    "en": ("**Time:**", "**Groups:**", "**Materials:**", "**Steps.**", "**What to discuss.**"),
    "it": ("**Tempo:**", "**Gruppi:**", "**Materiale:**", "**Come si fa.**", "**Di che cosa"),
}
OURS = {"en": "ours", "it": "nostr"}


def text(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup)).casefold()


@cache
def built(game: str, lesson: str, lang: str) -> tuple[Sheet, frozenset[str]]:
    """The lesson's sheet, and the names of the checks its cells registered in the check kit
    (the kit's registry, independent of how the sheet builder walks the page)."""
    before = {name: id(c) for name, c in check._CHECKS.items()}
    sheet = lesson_sheet(game, lesson, lang)
    made = frozenset(n for n, c in check._CHECKS.items() if before.get(n) != id(c))
    return sheet, made


LESSONS = [(g, s, lang) for g in GAMES for s in lessons(g) for lang in ("en", "it")]


# ---------------------------------------------------------------------- worksheets and keys
@pytest.mark.slow
@pytest.mark.parametrize(("game", "lesson", "lang"), LESSONS)
def test_every_check_is_in_its_worksheet_and_key(game: str, lesson: str, lang: str) -> None:
    sheet, made = built(game, lesson, lang)
    assert made, "the lesson builds checks"
    assert {i.name for i in sheet.items} == made
    set_language(lang)
    try:
        worksheet, key = render.sheet_html(sheet, False), render.sheet_html(sheet, True)
    finally:
        set_language("en")
    for item in sheet.items:
        mark = f"data-check='{item.name}'"
        assert mark in worksheet and mark in key, item.name
        assert item.question and item.question in worksheet and item.question in key
        assert item.explanation and item.explanation in key, item.name
        if item.kind != "reflect":
            assert item.answer and item.answer in key, item.name
            # the answer is not printed on the worksheet (unless it is one of the options)
            assert item.explanation not in worksheet, item.name
    assert sheet.title in worksheet and sheet.language == lang


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("game", GAMES)
def test_the_plans_quote_checks_as_students_see_them(game: str, lang: str) -> None:
    questions = [plain(i.question) for s in lessons(game) for i in built(game, s, lang)[0].items]
    quoted = QUOTES[lang].findall(text(TEACHERS[lang] / f"{game}.ipynb"))
    assert len(quoted) >= 10, "the plans name the checks to use"
    for quote in quoted:
        for part in quote.split("…"):
            part = part.strip(" .?,").casefold()
            if len(part) >= 8:
                assert any(part in q for q in questions), f"no check of {game} asks {part!r}"


def test_a_sheet_is_fetched_from_a_separate_process() -> None:
    sheet = fetch("airwar", "03_odds_of_interception", "it")
    assert sheet.language == "it" and sheet.title.startswith("AirWar")
    kinds = [i.kind for i in sheet.items]
    assert kinds.count("reason") == kinds.count("predict") == 1  # issue #25's kinds travel too
    reason = next(i for i in sheet.items if i.kind == "reason")
    assert len(reason.reasons) == len(reason.choices) - 1 and all(why for _, why in reason.reasons)
    assert all(i.question for i in sheet.items)
    with pytest.raises(ValueError):
        fetch("airwar", "99_nothing", "it")


def sample() -> Sheet:
    """A two-question sheet (for the layout only: real sheets come from the lessons)."""
    items = (
        Item("x-n", "number", "Step 1", "How many?", "Type a whole number.", (), "7", "Because."),
        Item("x-r", "reflect", "Step 2", "Why?", "", (), "", "A model answer."),
    )
    return Sheet("cnw", "01_board_and_dice", "en", "CNW · Lesson 1", items)


def test_the_worksheet_leaves_room_and_the_key_answers() -> None:
    set_language("en")
    worksheet, key = render.sheet_html(sample(), False), render.sheet_html(sample(), True)
    assert "Because." not in worksheet and "A model answer." not in worksheet
    assert worksheet.count("class='write'") == 1 + 4  # a line for the number, four to think on
    assert "Because." in key and "A model answer." in key and "Name" in worksheet
    assert "ours" in worksheet and "ours" in key
    page = render.document(sample(), True)
    assert page.startswith("<!DOCTYPE html>") and render.SHEET_CSS in page


def test_print_hides_everything_but_the_sheet() -> None:
    css = render.PRINT_CSS
    assert "@media print" in css
    assert ".jp-Cell:not(:has(.teachers-sheet))" in css and "display: none" in css
    assert ".teachers-noprint" in css
    assert "break-inside: avoid" in render.SHEET_CSS


def test_the_worksheet_page_offers_every_lesson_and_both_kinds() -> None:
    set_language("it")
    try:
        page = WorksheetPage("rails")
        assert [v for _, v in page.lesson.options] == lessons("rails")
        assert page.lesson.options[0][0].startswith("Rails across the USA · Lezione 1")
        assert [label for label, _ in page.kind.options] == ["Scheda di lavoro", "Soluzioni"]
        assert page.view.value == ""  # nothing is computed before "prepare"
    finally:
        set_language("en")


@pytest.mark.parametrize("game", GAMES)
def test_the_rulebook_notes_are_the_rules_summary_section(game: str) -> None:
    section = silent_section(game)
    assert section.strip() and "## Glossary" not in section
    notes = RulebookNotes(game)
    shown = notes.notes.value
    assert notes.notes.layout.display == "none"
    notes.fold.value = True
    assert notes.notes.layout.display == "block"
    first = next(ln for ln in section.splitlines() if ln.strip())
    words = re.sub(r"[*`#_]|^\s*(\d+\.|-)\s*", "", first)  # the line without its markdown
    assert plain(words).strip()[:30] in plain(shown)


# ---------------------------------------------------------------------- the guides
@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("game", GAMES)
def test_a_guide_has_its_parts_plans_and_activities(game: str, lang: str) -> None:
    guide = text(TEACHERS[lang] / f"{game}.ipynb")
    for part in PARTS[lang]:
        assert part in guide, part
    assert OURS[lang] in guide, "the plans and activities are said to be ours"
    plans = guide.split(PARTS[lang][1])[1].split(PARTS[lang][3])[0]
    rows = [(int(a), int(b)) for a, b in MINUTES.findall(plans)]
    periods = [[]]
    for start, end in rows:  # minute by minute: each period runs 0 → 50 without a gap
        if start == 0 and periods[-1]:
            periods.append([])
        periods[-1].append((start, end))
    assert len(periods) == 3, "one period, then a block of two"
    for period in periods:
        assert period[0][0] == 0 and period[-1][1] == 50
        assert all(a[1] == b[0] for a, b in zip(period, period[1:], strict=False))
    activities = guide.split(PARTS[lang][3])[1].split(PARTS[lang][4])[0].split("### ")[1:]
    assert activities
    for activity in activities:
        for mark in ACTIVITY[lang]:
            assert mark in activity, (activity[:40], mark)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_teacher_link_works_and_the_landing_page_links_them(lang: str) -> None:
    folder = TEACHERS[lang]
    pages = sorted(folder.glob("*.ipynb"))
    assert {p.stem for p in pages} == {g for g in GAMES} | {f"{g}_worksheets" for g in GAMES}
    for page in pages:
        for link in re.findall(r"\]\(([^)\s]+)\)", text(page)):
            assert (folder / link).resolve().exists(), f"{page.name}: broken link {link}"
        code = json.loads(page.read_text(encoding="utf-8"))["cells"]
        assert any("widgets.teachers" in "".join(c["source"]) for c in code)
    landing = text(folder.parent / "index.ipynb")
    for page in pages:
        assert f"(teachers/{page.name})" in landing


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_static_site_says_what_its_teacher_pages_cannot_do(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under Pyodide (the static site) there is no second process for a worksheet and no
    docs/ folder: the page says so in its language and offers no button that would fail."""
    from widgets import assets

    monkeypatch.setattr(assets, "IN_BROWSER", True)
    monkeypatch.setattr("widgets.teachers.pages.silent_section", lambda game: 1 / 0)
    set_language(lang)
    try:
        page, notes = WorksheetPage("cnw"), RulebookNotes("cnw")
    finally:
        set_language("en")
    assert page.prepare.disabled and "make run" in page.notice.value
    assert "docs/rules/cnw.md" in notes.notes.value
    assert ("static site" if lang == "en" else "sito statico") in page.notice.value
    page.close()
    notes.close()
