"""Every rule is taught somewhere (issue #11): the rule table of ``docs/rules/<game>.md`` has a
"taught in" column, no row of it is empty, every lesson it names (``L3``) exists, and every check
it names (``rails4-pile``) is a check the game's lessons really build.

The table is the map a teacher reads to find where a rule is explained; a renamed lesson or a
removed check would silently make it lie, so this test reads it against the code.
"""

from __future__ import annotations

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
