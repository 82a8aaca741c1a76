"""Checks: a lesson's questions answered in the page, for every game.

A lesson step ends with a question; a :class:`Check` under its widget lets the learner answer it
and says right or not yet. The right answer is never typed into a notebook: a check takes a value
computed from ``gamelib`` when the page runs, or a callable that computes it when first needed, so
it cannot drift from the data. After a wrong try the check shows a hint naming the control to
move; after a right answer (or "show me") it shows the explanation and may call ``on_explain``,
which sets the widget beside it to the state that proves the answer.

Kinds: :class:`Choice` (multiple choice), :class:`Number` (with a stated tolerance),
:class:`Pick` (an id: gateway, city, card; a drop-down that a map click can set through
:meth:`Pick.follow`), :class:`Order` (put items in order) and :class:`Reflect` (an open question
with a model answer behind a button, not scored). A check with ``new_question(seed)`` offers a
"new question" button that draws the next seeded :class:`Variant`: the same seed gives the whole
class the same question.

:func:`lesson_score` (a :class:`Score`) shows how many of the page's checks were answered and how
many right. Nothing leaves the kernel: no server grades anything, nothing personal is stored.
Every text comes from the catalog (``common.check.*``); numbers use its separators.
"""

from __future__ import annotations

import html
import weakref
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from widgets.common import button, tagged
from widgets.i18n import t
from widgets.kit.strategy import number

Options = Sequence[tuple[str, Any]]
Text = str | Callable[[Any], str]  # a text, or a function of the answer that writes it

OPEN, TRIED, RIGHT, SHOWN = "open", "tried", "right", "shown"
LABEL = {"description_width": "initial"}


@dataclass(frozen=True)
class Variant:
    """One seeded version of a question: what ``new_question(seed)`` returns. ``options``
    replaces a choice's options; ``hint`` and ``on_explain``, when given, replace the check's."""

    question: str
    answer: Any
    explanation: Text
    options: Options | None = None
    hint: str | None = None
    on_explain: Callable[[], None] | None = None


def accepted(answer: Any) -> frozenset[Any]:
    """The values a choice accepts: one value, or any of a set of equally right ones."""
    if isinstance(answer, set | frozenset):
        return frozenset(answer)
    return frozenset([answer])


class Check(w.VBox):
    """A question, an answer control, "check" and "show me" buttons and the feedback.

    ``answer``: the right answer, or a callable computing it (called once per question, when
    first needed). ``hint``: what to try after a wrong answer, naming a control.
    ``explanation``: the reasoning, a text or a function of the answer. ``on_explain``: sets
    the widget beside the check to the state that proves the answer (after a right answer or
    "show me"). ``new_question(seed)``: a seeded :class:`Variant`; with it ``question`` and
    ``answer`` may be left out and come from ``new_question(seed)``.
    """

    scored = True

    def __init__(
        self,
        name: str,
        question: str | None = None,
        answer: Any = None,
        *,
        hint: str,
        explanation: Text = "",
        on_explain: Callable[[], None] | None = None,
        new_question: Callable[[int], Variant] | None = None,
        seed: int = 0,
        options: Options | None = None,
    ) -> None:
        self.name = name
        self.status = OPEN
        self.seed = seed
        self.new_question = new_question
        self._base_hint, self._base_explain = hint, on_explain
        self.question_html = tagged(w.HTML(), "check-question")
        self.feedback = tagged(w.HTML(), "check-feedback")
        self.control = self._build(options or ())
        self.submit = button(t("common.check.submit"), "check-submit", "check")
        self.show = button(t("common.check.show"), "check-show", "eye")
        self.submit.tooltip, self.show.tooltip = t("common.check.submit"), t("common.check.show")
        self.submit.on_click(lambda _b: self.check())
        self.show.on_click(lambda _b: self.show_me())
        buttons = [self.submit, self.show]
        if new_question is not None:
            self.new_button = button(t("common.check.new"), "check-new", "refresh")
            self.new_button.tooltip = t("common.check.new")
            self.new_button.on_click(lambda _b: self.next_question())
            buttons.append(self.new_button)
        if question is None:
            if new_question is None:
                raise ValueError(f"check {name!r}: give a question or new_question")
            self._load(new_question(seed))
        else:
            self._load(Variant(question, answer, explanation, options))
        super().__init__(
            [self.question_html, self.control, w.HBox(buttons), self.feedback],
            layout=w.Layout(border="1px solid #c9d7e8", padding="6px 10px", margin="6px 0"),
        )
        self.add_class("check")
        self.add_class(f"check-{name}")
        _register(self)

    # ------------------------------------------------------------------ what a kind defines
    def _build(self, options: Options) -> w.Widget:
        """The answer control."""
        raise NotImplementedError

    def _set_options(self, options: Options) -> None:
        """A variant's options (choices only)."""

    def value(self) -> Any:
        """The learner's answer, or ``None`` when none is given yet."""
        raise NotImplementedError

    def is_right(self, value: Any) -> bool:
        return value in accepted(self.answer())

    def answer_text(self, answer: Any) -> str:
        """The right answer in words, for "show me"."""
        return html.escape(str(answer))

    def put(self, answer: Any) -> None:
        """Set the control to ``answer`` (after "show me")."""

    def instructions(self) -> str:
        """What kind of answer the control takes (a number's tolerance, ...)."""
        return ""

    def choices(self) -> list[str]:
        """The options' labels, as a printed worksheet lists them (none for a number)."""
        return []

    def unreadable(self) -> str:
        """Why the control's content is not an answer yet."""
        return t("common.check.empty")

    # ------------------------------------------------------------------ the question
    def _load(self, variant: Variant) -> None:
        self.question = variant.question
        self._answer = variant.answer
        self._resolved = False
        self.explanation = variant.explanation
        self.hint = variant.hint or self._base_hint
        self.on_explain = variant.on_explain or self._base_explain
        if variant.options is not None:
            self._set_options(variant.options)
        self.question_html.value = (
            f"<p style='margin:2px 0'><b>{t('common.check.title')}</b> {variant.question}"
            + (f"<br><small>{self.instructions()}</small>" if self.instructions() else "")
            + "</p>"
        )
        self._say("")

    def answer(self) -> Any:
        """The right answer of the current question, computed once."""
        if not self._resolved:
            if callable(self._answer):
                self._answer = self._answer()
            self._resolved = True
        return self._answer

    def explain(self) -> str:
        text = self.explanation
        return text(self.answer()) if callable(text) else text

    def _say(self, text: str) -> None:
        self.feedback.value = f"<div role='status' aria-live='polite'>{text}</div>"

    def _set_status(self, status: str) -> None:
        self.status = status
        _notify()

    # ------------------------------------------------------------------ what the buttons do
    def check(self) -> bool | None:
        """Judge the learner's answer: right (explanation), not yet (hint), or not an answer."""
        value = self.value()
        if value is None:
            self._say(f"<span style='color:#7d6608'>{self.unreadable()}</span>")
            return None
        if not self.is_right(value):
            if self.status == OPEN:
                self._set_status(TRIED)
            hint = t("common.check.hint", hint=self.hint)
            self._say(
                f"<span class='check-not-yet' style='color:#a93226'>✗ "
                f"<b>{t('common.check.not_yet')}</b></span> {hint}"
            )
            return False
        if self.status in (OPEN, TRIED):
            self._set_status(RIGHT)
        self._say(
            f"<span class='check-right' style='color:#1e8449'>✓ "
            f"<b>{t('common.check.right')}</b></span> {self.explain()}"
        )
        self._proved()
        return True

    def show_me(self) -> None:
        """Give the answer, its explanation and the widget state that proves it."""
        answer = self.answer()
        if self.status != RIGHT:
            self._set_status(SHOWN)
        self.put(answer)
        self._say(
            f"<b>{t('common.check.answer', answer=self.answer_text(answer))}</b> {self.explain()}"
        )
        self._proved()

    def next_question(self) -> None:
        """The next seeded variant (``seed + 1``): the same for everyone who presses it."""
        if self.new_question is None:
            return
        self.seed += 1
        self._load(self.new_question(self.seed))
        self.put(None)
        self._set_status(OPEN)

    def prove_with(self, on_explain: Callable[[], None]) -> None:
        """Set ``on_explain`` after construction (when it needs the check itself, e.g. to show
        the learner's own right answer rather than the first of several)."""
        self._base_explain = self.on_explain = on_explain

    def _proved(self) -> None:
        if self.on_explain is not None:
            self.on_explain()


class Choice(Check):
    """Multiple choice: radio buttons over ``options`` (``(label, value)`` pairs); ``answer``
    is one value or a set of equally right values."""

    def _build(self, options: Options) -> w.Widget:
        self.radio = w.RadioButtons(
            options=list(options),
            value=None,
            description=t("common.check.your_answer"),
            style=LABEL,
            layout=w.Layout(width="auto"),
        )
        return tagged(self.radio, "check-choice")

    def _set_options(self, options: Options) -> None:
        self.radio.options = list(options)
        self.radio.value = None

    def value(self) -> Any:
        return self.radio.value

    def choices(self) -> list[str]:
        return [label for label, v in self.radio.options if v is not None]

    def answer_text(self, answer: Any) -> str:
        labels = [label for label, v in self.radio.options if v in accepted(answer)]
        if len(labels) > 2:  # "show me" gives one; the explanation can list them all
            return html.escape(t("common.check.one_of", answer=labels[0], n=len(labels)))
        return html.escape(t("common.check.or").join(labels))

    def put(self, answer: Any) -> None:
        values = [v for _, v in self.radio.options if answer is not None and v in accepted(answer)]
        self.radio.value = values[0] if values else None


class Pick(Choice):
    """An id chosen in a drop-down (a gateway, a city, a card), which a click on a map can set:
    :meth:`pick` from the map's callback, or :meth:`follow` a widget whose value is the id."""

    def _build(self, options: Options) -> w.Widget:
        self.radio = w.Dropdown(
            options=[(t("common.check.choose"), None), *options],
            value=None,
            description=t("common.check.your_answer"),
            style=LABEL,
            layout=w.Layout(width="auto", max_width="640px"),
        )
        return tagged(self.radio, "check-pick")

    def _set_options(self, options: Options) -> None:
        self.radio.options = [(t("common.check.choose"), None), *options]
        self.radio.value = None

    def pick(self, value: Any) -> None:
        """Choose ``value`` if it is one of the options (a map click's callback)."""
        if any(v == value for _, v in self.radio.options):
            self.radio.value = value

    def follow(self, widget: w.ValueWidget) -> Pick:
        """Take every value ``widget`` is set to (e.g. the gateway clicked on a map)."""
        widget.observe(lambda change: self.pick(change["new"]), "value")
        return self


class Number(Check):
    """A number typed in a box; right within ``tolerance`` of the answer, which the learner is
    told. ``unit`` follows the number (``"%"``); ``digits``: decimals when showing numbers."""

    def __init__(
        self,
        name: str,
        question: str | None = None,
        answer: Any = None,
        *,
        tolerance: float = 0.0,
        unit: str = "",
        digits: int = 0,
        **kwargs: Any,
    ) -> None:
        self.tolerance, self.unit, self.digits = tolerance, unit, digits
        super().__init__(name, question, answer, **kwargs)

    def _build(self, options: Options) -> w.Widget:
        self.box = w.Text(
            value="",
            description=t("common.check.your_answer"),
            placeholder=t("common.check.number_placeholder"),
            style=LABEL,
            layout=w.Layout(width="260px"),
        )
        return tagged(self.box, "check-number")

    def _show(self, x: float) -> str:
        return f"{number(x, self.digits, grouping=True)}{self.unit}"

    def instructions(self) -> str:
        if self.tolerance:
            return t("common.check.tolerance", tol=number(self.tolerance, self.digits) + self.unit)
        return t("common.check.exact")

    def value(self) -> float | None:
        decimal, thousands = t("common.separators")
        text = self.box.value.strip().removesuffix(self.unit.strip()).strip().replace(" ", "")
        if decimal != ".":
            text = text.replace(thousands, "").replace(decimal, ".")
        else:
            text = text.replace(thousands, "")
        try:
            return float(text)
        except ValueError:
            return None

    def unreadable(self) -> str:
        return t("common.check.not_a_number", example=number(12.5, 1))

    def is_right(self, value: Any) -> bool:
        # a hair of slack, so a tolerance of 0.5 accepts a value exactly 0.5 away
        return abs(float(value) - float(self.answer())) <= self.tolerance + 1e-9

    def answer_text(self, answer: Any) -> str:
        return self._show(answer)

    def put(self, answer: Any) -> None:
        self.box.value = "" if answer is None else number(answer, self.digits)


class Order(Check):
    """Put ``options`` (``(label, id)`` pairs) in order: one drop-down per place; ``answer`` is
    the tuple of ids in the right order."""

    def _build(self, options: Options) -> w.Widget:
        self.places: list[w.Dropdown] = []
        self._items = list(options)
        for i in range(len(self._items)):
            self.places.append(
                w.Dropdown(
                    options=[(t("common.check.choose"), None), *self._items],
                    value=None,
                    description=t("common.check.place", n=i + 1),
                    style=LABEL,
                    layout=w.Layout(width="auto"),
                )
            )
        return tagged(w.VBox(self.places), "check-order")

    def value(self) -> tuple[Any, ...] | None:
        chosen = tuple(p.value for p in self.places)
        if None in chosen or len(set(chosen)) != len(chosen):
            return None
        return chosen

    def unreadable(self) -> str:
        return t("common.check.order_each")

    def choices(self) -> list[str]:
        return [label for label, _ in self._items]

    def is_right(self, value: Any) -> bool:
        return tuple(value) == tuple(self.answer())

    def answer_text(self, answer: Any) -> str:
        labels = dict((v, label) for label, v in self._items)
        return " → ".join(html.escape(labels[v]) for v in answer)

    def put(self, answer: Any) -> None:
        for place, value in zip(self.places, answer or [None] * len(self.places), strict=True):
            place.value = value


class Reflect(w.VBox):
    """An open question ("why might …"): the learner thinks or writes, then opens a model
    answer. Not scored: there is no single right answer to count."""

    scored = False

    def __init__(self, name: str, question: str, model: Text, answer: Any = None) -> None:
        self.name = name
        self.status = OPEN
        self.question = question  # what a printed worksheet asks
        self._model, self._answer = model, answer
        self.open_button = button(t("common.check.model_button"), "check-model", "lightbulb-o")
        self.open_button.tooltip = t("common.check.model_button")
        self.feedback = tagged(w.HTML(), "check-feedback")
        self.notes = w.Textarea(
            placeholder=t("common.check.notes_placeholder"),
            description=t("common.check.notes"),
            style=LABEL,
            layout=w.Layout(width="95%", height="60px"),
        )
        self.open_button.on_click(lambda _b: self.show_me())
        head = w.HTML(f"<p style='margin:2px 0'><b>{t('common.check.think')}</b> {question}</p>")
        super().__init__(
            [tagged(head, "check-question"), self.notes, self.open_button, self.feedback],
            layout=w.Layout(border="1px dashed #c9d7e8", padding="6px 10px", margin="6px 0"),
        )
        self.add_class("check")
        self.add_class("check-reflect")
        self.add_class(f"check-{name}")
        _register(self)

    def model(self) -> str:
        model = self._model
        if callable(model):
            answer = self._answer() if callable(self._answer) else self._answer
            return model(answer)
        return model

    def show_me(self) -> None:
        self.status = SHOWN
        self.feedback.value = (
            f"<div role='status' aria-live='polite'><b>{t('common.check.model')}</b> "
            f"{self.model()}</div>"
        )


# ---------------------------------------------------------------------- the lesson's score
_CHECKS: dict[str, Check | Reflect] = {}  # by name: a re-run cell replaces its check
_SCORES: weakref.WeakSet[Score] = weakref.WeakSet()


def _register(check: Check | Reflect) -> None:
    _CHECKS[check.name] = check
    _notify()


def _notify() -> None:
    for score in list(_SCORES):
        score.refresh()


def page_checks() -> list[Check]:
    """The scored checks on the page: those created in this kernel and not closed."""
    return [c for c in _CHECKS.values() if c.scored and c.comm is not None]  # type: ignore[misc]


class Score(w.HTML):
    """Answered / right over ``checks`` (by default every scored check on the page), updated
    as the learner answers."""

    def __init__(self, checks: Collection[Check] | None = None) -> None:
        super().__init__()
        self._checks = list(checks) if checks is not None else None
        self.add_class("check-score")
        _SCORES.add(self)
        self.refresh()

    def checks(self) -> list[Check]:
        return self._checks if self._checks is not None else page_checks()

    def counts(self) -> tuple[int, int, int]:
        """(answered, right, total): a check is answered once tried or shown, right when the
        learner's answer was right before any "show me"."""
        checks = self.checks()
        answered = sum(1 for c in checks if c.status != OPEN)
        right = sum(1 for c in checks if c.status == RIGHT)
        return answered, right, len(checks)

    def refresh(self) -> None:
        answered, right, total = self.counts()
        text = t("common.check.score", answered=answered, total=total, right=right)
        self.value = (
            "<div role='status' aria-live='polite' style='padding:6px 10px;background:#eef4fb;"
            f"border-radius:6px'>{text}</div>"
        )


def lesson_score() -> Score:
    """The score line at the end of a lesson: every check of the page, live."""
    return Score()


def stack(*checks: w.Widget) -> w.VBox:
    """A step's checks, one under the other."""
    return w.VBox(list(checks))
