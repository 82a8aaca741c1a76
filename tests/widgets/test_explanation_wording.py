"""Explanations say a range as a person says it (issue #25): a range of one is not a range, so no
explanation of a seeded question says "turns 1 to 1", "from 3 to 3" or "dei turni da 1 a 1"
(but "only in turn 1", "solo nel turno 1"). Every question with a "new question" button in the
lessons of the four games is built as its page builds it (the page's own code cells) and drawn
for many seeds, in English and in Italian."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.widgets.checkkit import plain
from widgets.cnw.checks import lesson5 as cnw3
from widgets.i18n import set_language
from widgets.kit.check import Check
from widgets.teachers import sheets

NUMBER = r"\d+(?:[.,]\d+)*"
ONE_RANGE = [  # a number, a word for "to", the same number again
    re.compile(rf"(?<![\d.,])({NUMBER}) (?:to|through|until|a|al|fino al?) \1(?![.,]?\d)"),
    re.compile(rf"(?<![\d.,])({NUMBER})\s*[–—]\s*\1(?![.,]?\d)"),
    re.compile(r"\b(?:dal|da) turno (\d+) al? turno \1\b"),
]
SEEDS = range(60)
GAMES = ("airwar", "cnw", "logiquo", "rails")


def one_turn_ranges(text: str) -> list[str]:
    """The ranges from a number to the same number that a text writes."""
    flat = " ".join(plain(text).split())
    return [m.group(0) for pattern in ONE_RANGE for m in pattern.finditer(flat)]


def seeded_checks(game: str, lesson: str, lang: str) -> Iterator[Check]:
    """The checks with a "new question" button that the lesson's code cells build, run as the
    page runs them (in the lesson's folder and language)."""
    path = sheets.lesson_path(game, lesson, lang)
    namespace: dict[str, Any] = {"__name__": "__lesson__"}
    found: list[Check] = []
    with sheets._in(path.parent, lang):
        for cell in sheets._cells(path):
            if cell["cell_type"] != "code":
                continue
            tree = ast.parse(sheets._source(cell))
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, str(path), "exec"), namespace)  # the lesson's own code
            if last is not None:
                value = eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)
                found += [c for c in sheets._found(value) if isinstance(c, Check)]
    yield from (c for c in found if c.new_question is not None)


def explanation(check: Check, seed: int) -> str:
    variant = check.new_question(seed)
    answer = variant.answer() if callable(variant.answer) else variant.answer
    text = variant.explanation
    return text(answer) if callable(text) else text


def test_the_reader_finds_a_range_of_one():
    assert one_turn_ranges("delivered in the Delivery phase of turns 1 to 1.") == ["1 to 1"]
    assert one_turn_ranges("nella fase di CONSEGNA dei turni da 1 a 1.") == ["1 a 1"]
    assert one_turn_ranges("From 3 to 3 hops: 0 fewer.") == ["3 to 3"]
    assert one_turn_ranges("dal turno 2 al turno 2") == ["dal turno 2 al turno 2"]
    for fine in ("turns 1 to 3", "from 3.91 to 3.7", "3 to 3.5", "da 1 a 10", "1,000 to 1,0001"):
        assert one_turn_ranges(fine) == [], fine


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("dealt", [2, 3, 4, 5])
def test_the_expiry_explanation_says_the_turns_as_a_person_would(dealt, lang):
    set_language(lang)
    try:
        text = cnw3.expiry_explanation(dealt)
    finally:
        set_language("en")
    assert not one_turn_ranges(text)
    one = {"en": "only in turn 1", "it": "solo nel turno 1"}[lang]
    two = {"en": "turns 1 and 2", "it": "turni 1 e 2"}[lang]
    assert (one in text, two in text) == (dealt == 2, dealt == 3)
    if dealt >= 4:
        assert {"en": f"turns 1 to {dealt - 1}", "it": f"turni da 1 a {dealt - 1}"}[lang] in text


LESSONS = [(game, lesson) for game in GAMES for lesson in sheets.lessons(game)]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=[f"{g}/{s}" for g, s in LESSONS])
def test_no_seeded_explanation_writes_a_range_of_one(game, lesson, lang):
    checks = list(seeded_checks(game, lesson, lang))
    set_language(lang)
    try:
        for check in checks:
            for seed in SEEDS:
                text = explanation(check, seed)
                assert not one_turn_ranges(text), (check.name, seed, plain(text))
    finally:
        set_language("en")
