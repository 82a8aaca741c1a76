"""Checks: a lesson's questions answered in the page, for every game.

A lesson step ends with a question; a :class:`Check` under its widget lets the learner answer it
and says right or not yet. The right answer is never typed into a notebook: a check takes a value
computed from ``gamelib`` when the page runs, or a callable that computes it when first needed, so
it cannot drift from the data. After a wrong try the check shows a hint; after a right answer (or
"show me") it shows the explanation and may call ``on_explain``, which sets the widget beside it
to the state that proves the answer. A hint may be a ladder of up to three rungs (the idea, the
method, where to look: :mod:`widgets.kit.check_ladder`), one more shown after each wrong try.

Kinds: :class:`Choice` (multiple choice), :class:`Number` (with a stated tolerance),
:class:`Pick` (an id: gateway, city, card; a drop-down that a map click can set through
:meth:`Pick.follow`), :class:`Order` (put items in order) and :class:`Reflect` (an open question
with a model answer behind a button, not scored). A check with ``new_question(seed)`` offers a
"new question" button that draws the next seeded :class:`Variant`: the same seed gives the whole
class the same question. :mod:`widgets.kit.check_kinds` adds :class:`~widgets.kit.check_kinds.
Reason` (pick the reason, each with its own explanation) and :class:`~widgets.kit.check_kinds.
Predict` (predict, then see: the answer's element stays hidden until the prediction).

:func:`lesson_score` (a :class:`Score`) shows how many of the page's checks were answered and how
many right at the first try: "show me" before any try, or a new question after "show me", never
counts as right. Every try, "show me", new question and note goes to the learner's record
(:mod:`widgets.kit.memory`), which gives a returning learner back their checks as they left them:
status, answer in its control, score. Nothing personal is stored. Every text comes from the
catalog (``common.check.*``); numbers use its separators.
"""

from __future__ import annotations

import html
import inspect
import weakref
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from widgets.common import button, tagged
from widgets.i18n import t
from widgets.kit.check_ladder import Hint, ladder_html, rungs
from widgets.kit.memory import memory
from widgets.kit.strategy import number

Options = Sequence[tuple[str, Any]]
Text = str | Callable[[Any], str]  # a text, or a function of the answer that writes it

OPEN, TRIED, RIGHT, SHOWN = "open", "tried", "right", "shown"
LABEL = {"description_width": "initial"}


@dataclass(frozen=True)
class Variant:
    """One seeded version of a question: what ``new_question(seed)`` returns. ``options``
    replaces a choice's options; ``hint`` (a text or a ladder), ``on_explain`` and a reason's
    ``explanations`` (one an option), when given, replace the check's."""

    question: str
    answer: Any
    explanation: Text
    options: Options | None = None
    hint: Hint | None = None
    on_explain: Callable[[], None] | None = None
    explanations: Mapping[Any, Text] | None = None


def next_level(firsts: Sequence[bool]) -> int:
    """The difficulty of the next variant, from the first-try results of the questions before
    it: easier (-1) after a miss (or "show me" before a try), harder (+1) after two rights in a
    row, the usual (0) otherwise (issue #25: the next question meets the learner where they
    are)."""
    if firsts and not firsts[-1]:
        return -1
    if len(firsts) >= 2 and firsts[-1] and firsts[-2]:
        return 1
    return 0


def takes_level(new_question: Callable[..., Variant]) -> bool:
    """Whether a variant function takes a ``level`` (it then writes easier and harder cases)."""
    try:
        return "level" in inspect.signature(new_question).parameters
    except (TypeError, ValueError):
        return False


def accepted(answer: Any) -> frozenset[Any]:
    """The values a choice accepts: one value, or any of a set of equally right ones."""
    if isinstance(answer, set | frozenset):
        return frozenset(answer)
    return frozenset([answer])


class Check(w.VBox):
    """A question, an answer control, "check" and "show me" buttons and the feedback.

    ``answer``: the right answer, or a callable computing it (called once per question, when
    first needed). ``hint``: what to try after a wrong answer, naming a control; or a ladder of
    up to three (the idea, the method, where to look), one more rung after each wrong try.
    ``explanation``: the reasoning, a text or a function of the answer. ``on_explain``: sets
    the widget beside the check to the state that proves the answer (after a right answer or
    "show me"). ``new_question(seed)``: a seeded :class:`Variant`; with it ``question`` and
    ``answer`` may be left out and come from ``new_question(seed)``.
    """

    scored = True
    in_review = False  # a spaced review's question (widgets.kit.review): not the lesson's own

    def __init__(
        self,
        name: str,
        question: str | None = None,
        answer: Any = None,
        *,
        hint: Hint,
        explanation: Text = "",
        on_explain: Callable[[], None] | None = None,
        new_question: Callable[[int], Variant] | None = None,
        seed: int = 0,
        options: Options | None = None,
    ) -> None:
        self.name = name
        self.status = OPEN
        self.seed = seed
        self.attempts = 0
        # right at the first try: None before any try; False once shown before trying
        self.first_try: bool | None = None
        self._replaying = False  # restoring from the record: nothing is recorded again
        self.new_question = new_question
        self.level = 0  # the variant's difficulty: -1 easier, 0, +1 harder (see next_level)
        self._firsts: list[bool] = []  # each earlier question's first-try result, in order
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
            self._load(self._variant(seed, 0))
        else:
            self._load(Variant(question, answer, explanation, options))
        super().__init__(
            [self.question_html, self.control, w.HBox(buttons), self.feedback],
            layout=w.Layout(border="1px solid #c9d7e8", padding="6px 10px", margin="6px 0"),
        )
        self.add_class("check")
        self.add_class(f"check-{name}")
        _register(self)
        memory().track(name, self.restore)

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

    def raw(self) -> Any:
        """What the control holds, as plain JSON data for the record (kinds whose values are
        not plain data keep their options' positions)."""
        return self.value()

    def put_raw(self, raw: Any) -> None:
        """Set the control back to what :meth:`raw` gave."""
        self.put(_thaw(raw))

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
        self.hints = rungs(variant.hint or self._base_hint)  # the ladder
        self.hint = self.hints[0] if self.hints else ""  # its first rung
        self.rungs_seen = 0
        self._question_first: bool | None = None  # this question's first try
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
        right = self.is_right(value)
        self.attempts += 1
        if self.first_try is None:
            self.first_try = right
        if self._question_first is None:
            self._question_first = right
        self._keep("attempt", answer=self.raw(), right=right)
        if not right:
            if self.status == OPEN:
                self._set_status(TRIED)
            if self.rungs_seen < len(self.hints):  # the next rung of the ladder
                self.rungs_seen += 1
                self._keep("hint", rung=self.rungs_seen)
            self._say(
                f"<span class='check-not-yet' style='color:#a93226'>✗ "
                f"<b>{t('common.check.not_yet')}</b></span> {self._why_not(value)}"
            )
            return False
        if self.status in (OPEN, TRIED):
            self._set_status(RIGHT)
        self._say(
            f"<span class='check-right' style='color:#1e8449'>✓ "
            f"<b>{t('common.check.right')}</b></span> {self._why_right(value)}"
        )
        self._proved()
        return True

    def _why_not(self, value: Any) -> str:
        """What a wrong answer is told: the rungs of the ladder seen so far."""
        return ladder_html(self.hints, self.rungs_seen)

    def _why_right(self, value: Any) -> str:
        """What a right answer is told: the explanation."""
        return self.explain()

    def show_me(self) -> None:
        """Give the answer, its explanation and the widget state that proves it. Before any try
        it costs the first try: the check can no longer count as right."""
        answer = self.answer()
        if self.first_try is None:
            self.first_try = False
        if self._question_first is None:
            self._question_first = False
        self._keep("shown", after_attempt=self.attempts > 0)
        if self.status != RIGHT:
            self._set_status(SHOWN)
        self.put(answer)
        self._say(
            f"<b>{t('common.check.answer', answer=self.answer_text(answer))}</b> {self.explain()}"
        )
        self._proved()

    def next_question(self) -> None:
        """The next seeded variant (``seed + 1``), at the level the learner's last questions
        earned (:func:`next_level`): the same for everyone with the same seed and level."""
        if self.new_question is None:
            return
        self._firsts.append(bool(self._question_first))
        self.seed += 1
        self.level = next_level(self._firsts)
        self._load(self._variant(self.seed, self.level))
        self.put(None)
        self._keep("new_question", level=self.level)
        self._set_status(OPEN)

    def _variant(self, seed: int, level: int) -> Variant:
        """``new_question(seed, level=level)`` when it takes a level, else ``(seed)``."""
        assert self.new_question is not None
        if takes_level(self.new_question):
            return self.new_question(seed, level=level)
        return self.new_question(seed)

    # ------------------------------------------------------------------ the record
    def _keep(self, kind: str, **payload: Any) -> None:
        if not self._replaying:
            memory().record(self.name, kind, {"seed": self.seed, **payload})

    def restore(self, events: Sequence[Any]) -> None:
        """Be as the learner left this check: their variant, their last answer in the control,
        the status and first-try result their tries earned, the hint rungs they saw. The
        explanation is not computed again (some answers take a while): "check" shows it."""
        self._replaying = True
        try:
            status, last = self._replay(events)
            self._restored(last)
            self._set_status(status)
        finally:
            self._replaying = False

    def _replay(self, events: Sequence[Any]) -> tuple[str, tuple[str, Any, Any] | None]:
        """Count the kept events again: (the status, the last try or "shown", if any)."""
        self.attempts, self.first_try, status, last, seen = 0, None, OPEN, None, 0
        self._firsts, self._question_first = [], None
        for event in events:
            payload = event.payload
            seed = payload.get("seed", self.seed)
            if event.kind == "new_question":
                self._firsts.append(bool(self._question_first))
                level = payload.get("level", 0)
                self.level = level if level in (-1, 0, 1) else 0
            if self.new_question is not None and isinstance(seed, int) and seed != self.seed:
                self.seed, seen = seed, 0
                self._load(self._variant(seed, self.level))
            if event.kind == "new_question":
                status, last, seen = OPEN, None, 0
            elif event.kind == "attempt":
                right = bool(payload.get("right"))
                self.attempts += 1
                if self.first_try is None:
                    self.first_try = right
                if self._question_first is None:
                    self._question_first = right
                if status in (OPEN, TRIED):
                    status = RIGHT if right else TRIED
                last = ("attempt", payload.get("answer"), right)
            elif event.kind == "hint" and isinstance(payload.get("rung"), int):
                seen = max(seen, min(payload["rung"], len(self.hints)))
            elif event.kind == "shown":
                if self.first_try is None:
                    self.first_try = False
                if self._question_first is None:
                    self._question_first = False
                if status != RIGHT:
                    status = SHOWN
                last = ("shown", None, None)
        self.rungs_seen = seen
        return status, last

    def _restored(self, last: tuple[str, Any, Any] | None) -> None:
        """The control and the feedback after a replay: the last answer and its verdict (with
        the rungs seen, if it was wrong), or the answer shown."""
        if last is not None and last[0] == "attempt":
            self.put_raw(last[1])
            mark, word = ("✓", "right") if last[2] else ("✗", "not_yet")
            colour = "#1e8449" if last[2] else "#a93226"
            verdict = (
                f"<span style='color:{colour}'>{mark} <b>{t(f'common.check.{word}')}</b></span>"
            )
            ladder = "" if last[2] else ladder_html(self.hints, self.rungs_seen)
            self._say(" ".join(x for x in (verdict, ladder, t("common.check.restored")) if x))
        elif last is not None:
            answer = self.answer()
            self.put(answer)
            self._say(f"<b>{t('common.check.answer', answer=self.answer_text(answer))}</b>")

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

    def raw(self) -> Any:
        """The chosen option's position (its value may be no plain data)."""
        for i, (_label, v) in enumerate(self.radio.options):
            if v is not None and v == self.radio.value:
                return i
        return None

    def put_raw(self, raw: Any) -> None:
        options = list(self.radio.options)
        if isinstance(raw, int) and 0 <= raw < len(options):
            self.radio.value = options[raw][1]


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

    def raw(self) -> Any:
        return self.box.value[:100]  # what was typed, as typed

    def put_raw(self, raw: Any) -> None:
        if isinstance(raw, str):
            self.box.value = raw


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

    def raw(self) -> Any:
        ids = [v for _, v in self._items]
        return [ids.index(p.value) if p.value in ids else None for p in self.places]

    def put_raw(self, raw: Any) -> None:
        if isinstance(raw, list) and len(raw) == len(self.places):
            for place, i in zip(self.places, raw, strict=True):
                if isinstance(i, int) and 0 <= i < len(self._items):
                    place.value = self._items[i][1]


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
        self._replaying = False
        self.notes.observe(self._noted, "value")
        head = w.HTML(f"<p style='margin:2px 0'><b>{t('common.check.think')}</b> {question}</p>")
        super().__init__(
            [tagged(head, "check-question"), self.notes, self.open_button, self.feedback],
            layout=w.Layout(border="1px dashed #c9d7e8", padding="6px 10px", margin="6px 0"),
        )
        self.add_class("check")
        self.add_class("check-reflect")
        self.add_class(f"check-{name}")
        _register(self)
        memory().track(name, self.restore)

    def model(self) -> str:
        model = self._model
        if callable(model):
            answer = self._answer() if callable(self._answer) else self._answer
            return model(answer)
        return model

    def show_me(self) -> None:
        self.status = SHOWN
        if not self._replaying:
            memory().record(self.name, "shown", {})
        self.feedback.value = (
            f"<div role='status' aria-live='polite'><b>{t('common.check.model')}</b> "
            f"{self.model()}</div>"
        )

    def _noted(self, change: dict) -> None:
        if not self._replaying:
            memory().note(self.name, change["new"])

    def restore(self, events: Sequence[Any]) -> None:
        """The learner's last note back in its box, the model answer open if it was."""
        self._replaying = True
        try:
            notes = [e.payload.get("text") for e in events if e.kind == "note"]
            if notes and isinstance(notes[-1], str):
                self.notes.value = notes[-1]
            if any(e.kind == "shown" for e in events):
                self.show_me()
        finally:
            self._replaying = False


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
    """The scored checks on the page: those created in this kernel and not closed, but not a
    review's (:mod:`widgets.kit.review`: questions on earlier lessons, with their own score)."""
    return [
        c
        for c in _CHECKS.values()
        if c.scored and c.comm is not None and not getattr(c, "in_review", False)
    ]  # type: ignore[misc]


class Score(w.HTML):
    """Answered / right over ``checks`` (by default every scored check on the page), updated
    as the learner answers."""

    def __init__(
        self, checks: Collection[Check] | None = None, *, words: str = "common.check.score"
    ) -> None:
        super().__init__()
        self._checks = list(checks) if checks is not None else None
        self._words = words  # the line's catalog key (a review says it is the review's)
        self._memory = memory()  # its page's: a score left from an earlier page writes nowhere
        self.add_class("check-score")
        _SCORES.add(self)
        self.refresh()

    def checks(self) -> list[Check]:
        return self._checks if self._checks is not None else page_checks()

    def counts(self) -> tuple[int, int, int]:
        """(answered, right, total): a check is answered once tried or shown, right when the
        learner's first try was right, before any "show me" (a new question after "show me"
        does not make it right)."""
        checks = self.checks()
        answered = sum(1 for c in checks if c.status != OPEN or c.attempts)
        right = sum(1 for c in checks if c.first_try is True)
        return answered, right, len(checks)

    def refresh(self) -> None:
        answered, right, total = self.counts()
        if self._checks is None and total:  # the lesson's own score: the landing page shows it
            self._memory.keep_summary({"answered": answered, "right": right, "total": total})
        text = t(self._words, answered=answered, total=total, right=right)
        self.value = (
            "<div role='status' aria-live='polite' style='padding:6px 10px;background:#eef4fb;"
            f"border-radius:6px'>{text}</div>"
        )


def lesson_score() -> Score:
    """The score line at the end of a lesson: every check of the page, live."""
    return Score()


def _thaw(value: Any) -> Any:
    """JSON's lists back to the tuples a control's values are."""
    if isinstance(value, list):
        return tuple(_thaw(v) for v in value)
    return value


def stack(*checks: w.Widget) -> w.VBox:
    """A step's checks, one under the other."""
    return w.VBox(list(checks))
