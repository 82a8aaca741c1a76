"""Every rule is taught somewhere (issue #11): the rule table of ``docs/rules/<game>.md`` has a
"taught in" column, no row of it is empty, every lesson it names (``L3``) exists, and every check
it names (``rails4-pile``) is a check the game's lessons really build.

The table is the map a teacher reads to find where a rule is explained; a renamed lesson or a
removed check would silently make it lie, so this test reads it against the code.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("airwar", "cnw", "logiquo", "rails")
LESSON = re.compile(r"\bL(\d+)\b")
CHECK = re.compile(r"`([a-z]+\d+-[a-z0-9-]+)`")


def taught_rows(game: str) -> list[tuple[str, str]]:
    """(first cell, taught-in cell) of every row of the table whose header has "taught in"."""
    lines = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8").splitlines()
    rows: list[tuple[str, str]] = []
    column: int | None = None
    for line in lines:
        if not line.startswith("|"):
            column = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if column is None:
            heads = [c.lower() for c in cells]
            column = next((i for i, h in enumerate(heads) if h.startswith("taught in")), None)
            continue
        if set("".join(cells)) <= set("-: "):
            continue  # the header's rule line
        rows.append((cells[0], cells[column] if column < len(cells) else ""))
    return rows


def check_names(game: str) -> set[str]:
    """Check names written out (``"rails4-pile"``) or built in a module from a prefix and the
    module's snake_case names (``f"cnw3-{name.replace('_', '-')}"`` over ``"hub_stop"``)."""
    names: set[str] = set()
    for path in (ROOT / "widgets" / game).rglob("*.py"):
        code = path.read_text(encoding="utf-8")
        names |= set(re.findall(r"[\"']([a-z]+\d+-[a-z0-9-]+)[\"']", code))
        for prefix in re.findall(r"f[\"']([a-z]+\d+)-\{", code):
            words = re.findall(r"[\"']([a-z][a-z0-9_]*)[\"']", code)
            names |= {f"{prefix}-{w.replace('_', '-')}" for w in words}
    return names


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_row_says_where_it_is_taught(game: str) -> None:
    rows = taught_rows(game)
    assert len(rows) >= 8, f"docs/rules/{game}.md has no rule table with a 'taught in' column"
    empty = [rule for rule, taught in rows if not taught or taught in {"—", "-"}]
    assert not empty, f"{game}: rules taught nowhere: {empty}"


@pytest.mark.parametrize("game", GAMES)
def test_the_lessons_and_checks_named_exist(game: str) -> None:
    lessons = {int(p.name[:2]) for p in (ROOT / "notebooks" / game).glob("[0-9][0-9]_*.ipynb")}
    known = check_names(game)
    for rule, taught in taught_rows(game):
        missing = {int(n) for n in LESSON.findall(taught)} - lessons
        assert not missing, f"{game} {rule}: no lesson {sorted(missing)}"
        unknown = set(CHECK.findall(taught)) - known
        assert not unknown, f"{game} {rule}: no check named {sorted(unknown)} in widgets/{game}/"


# ---------------------------------------------------------------------- our readings (issue #25)
SILENT = re.compile(r"§silent:([a-z-]+)")
TAUGHT_STEPS = re.compile(r"((?:L\d+ Step \d+(?: and )?)+)\s*\(([^()]*)\)")
STEP_WORD = {"en": "Step", "it": "Passo"}
# how a lesson says that what follows is this project's decision or reading, not the rulebook's
OURS = {"en": re.compile(r"\bthis project\b|\bour reading\b"), "it": re.compile(r"\bnostr[ao]\b")}
LANGS = ("en", "it")


def silent_steps(game: str) -> list[tuple[int, int, str]]:
    """(lesson, step, topic) of every "§silent:<topic>" the rule table says a step teaches:
    ``L4 Step 2 and L5 Step 4 (§silent:first-player: ...)``."""
    found = []
    for rule, taught in taught_rows(game):
        if "§silent" not in rule:
            continue
        for steps, inside in TAUGHT_STEPS.findall(taught):
            for lesson, step in re.findall(r"L(\d+) Step (\d+)", steps):
                found += [(int(lesson), int(step), topic) for topic in SILENT.findall(inside)]
    return found


def step_text(game: str, lesson: int, step: int, lang: str) -> str:
    """The prose of one step of a lesson: its markdown from the step's heading to the next
    heading of the page."""
    folder = ROOT / "notebooks" / ("it" if lang == "it" else "") / game
    [path] = folder.glob(f"{lesson:02d}_*.ipynb")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    start = re.search(rf"^## {STEP_WORD[lang]} {step} ·.*$", text, re.M)
    assert start, f"{path.name} has no {STEP_WORD[lang]} {step}"
    end = re.compile(r"^## ", re.M).search(text, start.end())
    return text[start.start() : end.start() if end else len(text)]


def sentences_citing(text: str, citation: str) -> list[str]:
    flat = " ".join(text.split())
    return [s for s in re.split(r"(?<=[.!?])\s+", flat) if citation in s]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_step_that_follows_our_reading_says_so(game: str, lang: str) -> None:
    """Where the rule table says a step teaches one of this project's decisions or readings
    (§silent:<topic>), the step cites it, in the same sentence as the words saying it is ours
    ("a decision of this project", "our reading"; "una decisione nostra", "una lettura
    nostra"), in both languages."""
    for lesson, step, topic in silent_steps(game):
        text = step_text(game, lesson, step, lang)
        cited = sentences_citing(text, f"§silent:{topic}")
        assert cited, f"{game} L{lesson} {STEP_WORD[lang]} {step} does not cite §silent:{topic}"
        for sentence in cited:
            assert OURS[lang].search(sentence), f"L{lesson}/{step}: not said to be ours: {sentence}"


RULEBOOKS = ROOT.parent / "shared" / "rulebooks"


def _plain_quotes(text: str) -> str:
    return " ".join(text.replace("’", "'").replace("*", "").casefold().split())


@pytest.mark.parametrize("lang", LANGS)
def test_the_last_round_step_quotes_the_rulebook_and_says_what_is_our_reading(lang: str) -> None:
    """Rails lesson 4 step 3 (§Fine del gioco) quotes what the rulebook says, *announce that this
    is your last turn* and *everybody makes one last move*, word for word; the paragraph that
    then says everybody, the announcer too, plays one last turn says that this is our reading
    (§silent:last-round), as the tie-break is said to be a decision of this project."""
    text = step_text("rails", 4, 3, lang)
    [paragraph] = [p for p in text.split("\n\n") if "§silent:last-round" in p]
    assert "(§Fine del gioco)" in paragraph
    played = "that player included" if lang == "en" else "compreso chi l'ha annunciato"
    assert played in " ".join(paragraph.split())
    quotes = ("questo è il vostro ultimo turno", "tutti fanno un'ultima mossa")
    for quote in quotes:
        assert quote in _plain_quotes(paragraph), quote
    book = RULEBOOKS / "rails-across-the-usa.it.txt"
    if book.exists():  # the rulebooks are beside the repository, not in it
        words = _plain_quotes(book.read_text(encoding="utf-8"))
        assert all(quote in words for quote in quotes)
    for citation in ("§silent:last-round", "§silent:tie-break"):
        [sentence] = sentences_citing(text, citation)
        assert OURS[lang].search(sentence), sentence
