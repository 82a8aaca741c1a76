"""What the check tests of the four games share (``tests/widgets/test_*checks*.py``): a step's
checks by name, the text of an HTML value, numbers read as the page writes them, a wrong answer
put in a check's control, a check answered wrong then right, "show me" on every check of a
lesson, and module fixtures that build one widget."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from widgets import i18n
from widgets.i18n import t
from widgets.kit.check import SHOWN, Check, Choice, Number, Order, Reflect, accepted
from widgets.kit.strategy import number

BOLD_NUMBER = re.compile(r"<b>([\d.,]+)%?</b>")


def by_name(box: Any) -> dict[str, Check | Reflect]:
    """A step's checks (the children of the box a ``checks.<step>`` function returns) by name."""
    return {c.name: c for c in box.children}


def plain(html: str) -> str:
    """The text of an HTML value, its tags taken out."""
    return re.sub(r"<[^>]+>", "", html)


def read_number(text: str, separators: str | None = None) -> float:
    """A number as a page writes it: ``separators`` is decimal then thousands (English ``".,"``
    reads 1,234.5, Italian ``",."`` reads 1.234,5); default, the current language's."""
    decimal, thousands = separators or t("common.separators")
    return float(text.replace(thousands, "").replace(decimal, "."))


def bold_numbers(html: str, separators: str = ".,") -> list[float]:
    """The numbers written in bold (``<b>12.5</b>`` or ``<b>12.5%</b>``), in order."""
    return [read_number(x, separators) for x in BOLD_NUMBER.findall(html)]


def put_wrong(check: Check, *, far: bool = False) -> None:
    """Put a wrong answer in the check's control: a number just past the tolerance (``far``: ten
    tolerances and 50 past it, written as the page writes numbers), the order reversed, or the
    first option the check does not accept."""
    answer = check.answer()
    if isinstance(check, Number):
        if far:
            check.box.value = number(answer + 10 * check.tolerance + 50, check.digits)
        else:
            check.box.value = str(answer + check.tolerance + 1)
    elif isinstance(check, Order):
        check.put(tuple(reversed(answer)))
    elif isinstance(check, Choice):
        right = accepted(answer)
        check.radio.value = next(
            v for _, v in check.radio.options if v is not None and v not in right
        )


def answer_wrong_then_right(check: Check) -> None:
    """A far wrong answer shows the hint and counts as tried; the right one, the explanation."""
    put_wrong(check, far=True)
    assert check.check() is False, check.name
    assert check.hint in check.feedback.value and "Not yet" in check.feedback.value, check.name
    assert check.status == "tried", check.name
    check.put(check.answer())
    assert check.check() is True, check.name
    assert plain(check.explain())[:40] in plain(check.feedback.value), check.name
    assert check.status == "right", check.name


def hint_then_explanation(check: Check) -> None:
    """A wrong answer just past the tolerance gets the whole hint, the right one the whole
    explanation, neither with a ``{placeholder}`` left."""
    put_wrong(check)
    assert check.check() is False, check.name
    assert check.hint in check.feedback.value and "{" not in check.hint, check.name
    check.put(check.answer())
    assert check.check() is True, check.name
    assert check.explain() in check.feedback.value, check.name
    assert "{" not in check.explain(), check.name


def says_something(check: Check | Reflect) -> None:
    """After "show me", the feedback has words after its bold lead, and neither it nor the
    hint has a ``{placeholder}`` left."""
    assert re.search(r"</b> \S", check.feedback.value), check.name
    assert "{" not in check.feedback.value and "{" not in getattr(check, "hint", ""), check.name


def show_every(boxes: Iterable[Any]) -> Counter[str]:
    """Press "show me" on every check of the steps' boxes: each is shown and says something.
    Returns how many checks of each kind (``Number``, ``Reflect`` ...) there were."""
    kinds: Counter[str] = Counter()
    for box in boxes:
        for check in box.children:
            check.show_me()
            assert check.status == SHOWN, check.name
            says_something(check)
            kinds[type(check).__name__] += 1
    return kinds


def widget_fixture(make: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """A module-scoped fixture that builds one widget, ``make(*args, **kwargs)``; its name is the
    module attribute it is assigned to (``lab = widget_fixture(OddsLab)``)."""

    @pytest.fixture(scope="module")
    def fixture() -> Any:
        return make(*args, **kwargs)

    return fixture


def word_list(text: str) -> list[str]:
    """The words of a text (letters and apostrophes), as written."""
    return re.findall(r"[A-Za-zÀ-ÿ']+", text)


def catalog_words(text: str) -> set[str]:
    """The lower-case words of a catalog text, without its placeholders and HTML tags."""
    return {w.lower() for w in word_list(re.sub(r"{.*?}|<.*?>", " ", text))}


def english_only_words(
    parts: tuple[str, ...], italian_parts: tuple[str, ...] | None = None, also: str = ""
) -> frozenset[str]:
    """Words of the English texts under ``parts`` that no Italian text has (under
    ``italian_parts`` if given, else in the whole Italian catalog, plus the words of ``also``):
    one of them in an Italian page is English left over."""
    en, it = i18n.catalog("en"), i18n.catalog("it")
    english = {w for k, v in en.items() if k.startswith(parts) for w in catalog_words(v)}
    scope = italian_parts or ("",)
    italian = {w for k, v in it.items() if k.startswith(scope) for w in catalog_words(v)}
    return frozenset(english - italian - catalog_words(also))
