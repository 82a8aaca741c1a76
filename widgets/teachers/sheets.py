"""A lesson's checks as plain data, for a worksheet and its answer key.

The questions are not copied: :func:`lesson_sheet` runs the lesson's own code cells (the page of
the chosen language, with its widgets, none shown) and reads every check they build through the
check kit's public face (``question``, ``choices()``, ``instructions()``, ``answer()``,
``explain()``). Before reading an answer it presses the check's "show me", as a learner would,
so a check that follows a lab's latest press (the strategy labs) answers from the lab's default
seeded run, through the same result cache as the page.

A page calls :func:`fetch`, which does this in a separate Python process (``python -m
widgets.teachers.sheets <game> <lesson> <language>``): the lesson's maps and labs are built there
and never travel to the teacher's browser.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import ipywidgets as w

from widgets.i18n import language, set_language
from widgets.kit.check import Check, Choice, Number, Order, Pick, Reflect
from widgets.kit.check_kinds import Predicts, Reason
from widgets.kit.steps import check_numbers

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
GAMES = ("cnw", "rails", "logiquo", "airwar")  # the landing page's order
TIMEOUT = 900  # seconds: a strategy lab's first uncached press can take minutes on a busy host


@dataclass(frozen=True)
class Item:
    """One check as printed: its HTML texts come from the catalog, as the page shows them."""

    name: str  # the check's name (``cnw1-bonus``): what a test finds in sheet and key
    kind: str  # choice, pick, number, order, reflect, reason, predict
    step: str  # the heading of the lesson step the check belongs to
    question: str
    instructions: str  # a number's tolerance, ...
    choices: tuple[str, ...]
    answer: str  # the right answer in words (a reflection: empty)
    explanation: str  # why (a reflection: its model answer)
    reasons: tuple[tuple[str, str], ...] = ()  # a reason's wrong options: (label, why not)
    number: str = ""  # "3.2", as the page numbers it (widgets.kit.steps.check_numbers)
    hint: str = ""  # the hint's first rung (a prediction has none)
    scored: bool = True


@dataclass(frozen=True)
class Sheet:
    """A lesson's worksheet content: every check of the page, in page order."""

    game: str
    lesson: str  # the notebook's stem, ``01_board_and_dice``
    language: str
    title: str
    items: tuple[Item, ...]

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)

    @staticmethod
    def from_json(text: str) -> Sheet:
        data = json.loads(text)
        items = tuple(
            Item(
                **{
                    **i,
                    "choices": tuple(i["choices"]),
                    "reasons": tuple(tuple(r) for r in i.get("reasons", ())),
                }
            )
            for i in data.pop("items")
        )
        return Sheet(items=items, **data)


def lesson_path(game: str, lesson: str, lang: str) -> Path:
    """The lesson page of ``lang``: ``notebooks/<game>/`` or its Italian twin."""
    folder = NOTEBOOKS / "it" / game if lang == "it" else NOTEBOOKS / game
    return folder / f"{lesson}.ipynb"


def lessons(game: str) -> list[str]:
    """The stems of a game's lessons, in order."""
    return sorted(p.stem for p in (NOTEBOOKS / game).glob("[0-9]*.ipynb"))


def _cells(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell: dict[str, Any]) -> str:
    return "".join(cell["source"])


def lesson_title(game: str, lesson: str, lang: str) -> str:
    """The lesson's title, from the first line of its page."""
    first = _source(_cells(lesson_path(game, lesson, lang))[0]).splitlines()[0]
    return first.lstrip("# ").strip()


def _heading(text: str) -> str | None:
    """The last step heading (``## ...``) of a markdown cell, if any."""
    found = [ln[3:].strip() for ln in text.splitlines() if ln.startswith("## ")]
    return found[-1] if found else None


def _found(value: Any) -> Iterator[Check | Reflect]:
    """The checks inside a cell's result (a check, or a box of them), in page order."""
    if isinstance(value, Check | Reflect):
        yield value
    elif isinstance(value, w.Box):
        for child in value.children:
            yield from _found(child)


def _kind(check: Check | Reflect) -> str:
    kinds = (
        (Reflect, "reflect"),
        (Reason, "reason"),
        (Predicts, "predict"),
        (Pick, "pick"),
        (Order, "order"),
        (Number, "number"),
    )
    for cls, kind in kinds:
        if isinstance(check, cls):
            return kind
    return "choice" if isinstance(check, Choice) else "check"


def _item(check: Check | Reflect, step: str) -> Item:
    if isinstance(check, Reflect):
        return Item(
            check.name, "reflect", step, check.question, "", (), "", check.model(), scored=False
        )
    check.show_me()  # what "show me" gives, as the learner sees it (a lab check presses first)
    answer = check.answer()
    return Item(
        check.name,
        _kind(check),
        step,
        check.question,
        check.instructions(),
        tuple(check.choices()),
        check.answer_text(answer),
        check.explain(),
        tuple(check.reasons()) if isinstance(check, Reason) else (),
        hint=check.hints[0] if check.hints else "",
        scored=check.scored,
    )


@contextmanager
def _in(folder: Path, lang: str) -> Iterator[None]:
    """Run in the lesson's folder and language, as its page does; put both back after."""
    before, spoken = Path.cwd(), language()
    os.chdir(folder)
    set_language(lang)
    try:
        yield
    finally:
        os.chdir(before)
        set_language(spoken)


def lesson_sheet(game: str, lesson: str, lang: str) -> Sheet:
    """Run the lesson's code cells and read every check they build (see the module's doc)."""
    path = lesson_path(game, lesson, lang)
    namespace: dict[str, Any] = {"__name__": "__lesson__"}
    items: list[Item] = []
    step = ""
    with _in(path.parent, lang):
        title = lesson_title(game, lesson, lang)
        for cell in _cells(path):
            text = _source(cell)
            if cell["cell_type"] == "markdown":
                step = _heading(text) or step
                continue
            tree = ast.parse(text)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, str(path), "exec"), namespace)  # the lesson's own code
            if last is not None:
                value = eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)
                items += [_item(check, step) for check in _found(value)]
    numbers = check_numbers(item.step for item in items)
    items = [replace(item, number=n) for item, n in zip(items, numbers, strict=True)]
    return Sheet(game, lesson, lang, title, tuple(items))


@cache
def fetch(game: str, lesson: str, lang: str) -> Sheet:
    """:func:`lesson_sheet` in a separate process (see the module's doc); kept for the kernel's
    life, as the lesson it reads does not change while the app runs."""
    if game not in GAMES or lesson not in lessons(game) or lang not in ("en", "it"):
        raise ValueError(f"no lesson {game}/{lesson} in {lang!r}")
    done = subprocess.run(
        [sys.executable, "-m", "widgets.teachers.sheets", game, lesson, lang],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        cwd=ROOT,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr else "failed")
    return Sheet.from_json(done.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    sys.stdout.write(lesson_sheet(*sys.argv[1:4]).to_json() + "\n")
