"""The landing pages give each lesson the time its own page states (issue #11's one line a
lesson; issue #25 changed many lessons' times): a teacher planning a period from the landing
page plans with the lesson's own figure."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LANDING = {"en": NOTEBOOKS / "index.ipynb", "it": NOTEBOOKS / "it" / "index.ipynb"}
LISTED = re.compile(
    r"\]\(([a-z]+/\d\d_[a-z0-9_]+\.ipynb)\)\s*·\s*\*(?:about|circa)\s+(\d+)\s+min\*"
)
STATED = re.compile(r"\*\*(?:Time|Tempo):\*\*\s*(?:about|circa)\s+(\d+)\s+min")


def markdown(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_landing_page_times_are_the_lessons_own(lang: str) -> None:
    landing = LANDING[lang]
    listed = LISTED.findall(markdown(landing))
    lessons = sorted(
        p.relative_to(landing.parent).as_posix()
        for p in landing.parent.glob("*/[0-9][0-9]_*.ipynb")
    )
    assert sorted(link for link, _ in listed) == lessons, "every lesson listed once, with a time"
    for link, minutes in listed:
        stated = STATED.search(markdown(landing.parent / link))
        assert stated, f"{lang}: {link} states no time"
        assert stated.group(1) == minutes, (
            f"{lang}: {link} says {stated.group(1)}, landing {minutes}"
        )
