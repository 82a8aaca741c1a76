"""Two more kinds of teaching for a lesson's checks (issue #25), over :mod:`widgets.kit.check`.

:class:`Reason` (pick the reason): the options are reasons, and every one has its own
explanation. A wrong pick is told why that reason does not hold, not only a hint; the right one
gets the full explanation. Scored and restored like a :class:`~widgets.kit.check.Choice`.

:class:`Predict` (a number) and :class:`PredictChoice` (an option): predict, then see. The
element of the widget that shows the answer (a chart's box, a summary line) stays hidden behind
a :class:`Veil` ("make your prediction first") until the learner commits a prediction. A
prediction is one try, right or not: then the element is shown, the check scores the prediction
with the tolerance it states and says the gap ("you said 40 %, the exact value is 52 %: ...").
"Show me" before a prediction reveals the element and counts as shown. A returning learner who
predicted finds the element revealed and their prediction in its box (the record's ``attempt``).

Every text is the catalog's ``common.check.reason.*`` and ``common.check.predict.*``
(``widgets/locales/<lang>/check_kinds.json``).
"""

from __future__ import annotations

import html
import weakref
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

import ipywidgets as w

from widgets.common import tagged
from widgets.i18n import t
from widgets.kit.check import OPEN, RIGHT, TRIED, Choice, Number, Text, Variant, accepted
from widgets.kit.strategy import number

VEIL_STYLE = (
    "padding:14px 12px;margin:4px 0;border:1px dashed #7f98b8;border-radius:6px;"
    "background:#f4f7fb;color:#2c3e50;text-align:center"
)


# ---------------------------------------------------------------------- pick the reason
class Reason(Choice):
    """Pick the reason: ``options`` are ``(label, value)`` reasons, ``answer`` the right one (or
    a set of equally right ones), ``explanations`` every option's own explanation (value -> a
    text, or a function of the answer). A wrong pick shows why that reason does not hold, then
    the hint's next rung; a right one its own explanation, or ``explanation`` when given (the full
    one, which "show me" and the worksheet give; by default the right option's own)."""

    def __init__(
        self,
        name: str,
        question: str | None = None,
        answer: Any = None,
        *,
        explanations: Mapping[Any, Text] | None = None,
        **kwargs: Any,
    ) -> None:
        self._base_explanations = dict(explanations or {})
        super().__init__(name, question, answer, **kwargs)
        self.add_class("check-reason")

    def _load(self, variant: Variant) -> None:
        self.explanations = dict(variant.explanations or self._base_explanations)
        super()._load(variant)
        missing = [label for label, v in self.radio.options if v not in self.explanations]
        if missing:
            raise ValueError(f"reason {self.name!r}: no explanation for {missing}")

    def said(self, value: Any) -> str:
        """The explanation of the option ``value``."""
        text = self.explanations[value]
        return text(self.answer()) if callable(text) else text

    def explain(self) -> str:
        if self.explanation:
            return super().explain()
        right = [v for _, v in self.radio.options if v in accepted(self.answer())]
        return self.said(right[0]) if right else ""

    def reasons(self) -> list[tuple[str, str]]:
        """(label, why it does not hold) of every wrong option, as a printed key lists them."""
        right = accepted(self.answer())
        return [(label, self.said(v)) for label, v in self.radio.options if v not in right]

    def _why_not(self, value: Any) -> str:
        why = t("common.check.reason.why_not", why=self.said(value))
        ladder = super()._why_not(value)
        return f"{why}<br>{ladder}" if ladder else why

    def _why_right(self, value: Any) -> str:
        return super().explain() if self.explanation else self.said(value)


# ---------------------------------------------------------------------- predict, then see
def boxes_under(root: w.Widget, veiled: bool = False) -> Iterator[w.Widget]:
    """``root`` and every widget inside it (boxes' children, depth first), each once; with
    ``veiled``, also the elements a :class:`Veil` holds in their place."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        widget = todo.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        yield widget
        if isinstance(widget, w.Box):
            todo.extend(reversed(widget.children))
        if veiled and isinstance(getattr(widget, "veiled_element", None), w.Widget):
            todo.append(widget.veiled_element)


def find_tagged(root: w.Widget, css_class: str) -> w.Widget:
    """The first widget inside ``root`` carrying ``css_class`` (a chart's box is
    ``widgets.common.boxed(fig, "<game>-fig-<name>")``): what a prediction hides, found
    behind its veil too (a cell run again builds its prediction over the same element)."""
    for widget in boxes_under(root, veiled=True):
        if css_class in getattr(widget, "_dom_classes", ()):
            return widget
    raise LookupError(f"no widget with class {css_class!r} inside {type(root).__name__}")


def _box_holding(root: w.Widget, element: w.Widget) -> w.Box | None:
    for widget in boxes_under(root):
        if isinstance(widget, w.Box) and any(c is element for c in widget.children):
            return widget
    return None


class Veil:
    """What keeps one element hidden until a prediction: inside the widget ``inside`` (the lab
    the element belongs to), its place in its box is taken by a notice, "make your prediction
    first", and given back on :meth:`reveal` (the browser then draws the element afresh, at its
    real size). The element is also hidden (``layout.display = "none"``) wherever else the
    page shows it, so a second view of it (one summary in two cards) gives nothing away.
    One veil an element: a check built again (a re-run cell) takes the same veil over."""

    _of: ClassVar[weakref.WeakKeyDictionary[w.Widget, Veil]] = weakref.WeakKeyDictionary()

    @classmethod
    def over(cls, element: w.Widget, inside: w.Widget | None = None) -> Veil:
        veil = cls._of.get(element)
        if veil is None:
            veil = cls._of[element] = cls(element)
        if inside is not None:
            veil.inside = inside
        return veil

    def __init__(self, element: w.Widget) -> None:
        self.element = element
        self.inside: w.Widget | None = None
        self.cover = tagged(
            w.HTML(f"<div style='{VEIL_STYLE}'>{t('common.check.predict.first')}</div>"),
            "check-veil",
        )
        self.cover.veiled_element = element  # what it stands for (boxes_under looks behind)
        self.hidden = False
        self._box: w.Box | None = None
        self._display: str | None = None

    def hide(self) -> None:
        if self.hidden:
            return
        box = _box_holding(self.inside, self.element) if self.inside is not None else None
        if box is not None:
            box.children = tuple(self.cover if c is self.element else c for c in box.children)
        # hidden too wherever else the page shows it (a lab may show one summary in two cards)
        self._display = self.element.layout.display
        self.element.layout.display = "none"
        self._box, self.hidden = box, True

    def reveal(self) -> None:
        if not self.hidden:
            return
        self.element.layout.display = self._display
        if self._box is not None:
            box = self._box
            box.children = tuple(self.element if c is self.cover else c for c in box.children)
        self._box, self.hidden = None, False


class Predicts:
    """What makes a check a prediction (mixed into :class:`Predict` and :class:`PredictChoice`).

    ``reveals``: the element (or elements) of the widget that shows the answer, hidden until the
    prediction; ``inside``: the widget they belong to, where the veil takes their place (without
    it they are only hidden). No ``hint``: after the one try the learner sees the truth and the
    explanation. ``on_explain`` follows the prediction as it follows a right answer."""

    # the parts of a Check a prediction uses (for the reader; Check defines them)
    status: str
    attempts: int
    first_try: bool | None
    _question_first: bool | None
    control: w.Widget
    submit: w.Button
    show: w.Button

    def __init__(
        self,
        name: str,
        question: str | None = None,
        answer: Any = None,
        *,
        reveals: w.Widget | Sequence[w.Widget],
        inside: w.Widget | None = None,
        **kwargs: Any,
    ) -> None:
        elements = [reveals] if isinstance(reveals, w.Widget) else list(reveals)
        self.veils = [Veil.over(e, inside) for e in elements]
        for veil in self.veils:
            veil.hide()
        super().__init__(name, question, answer, hint="", **kwargs)
        self.submit.description = self.submit.tooltip = t("common.check.predict.submit")
        self.add_class("check-predict")

    def gap(self, value: Any) -> str:
        """The prediction against the truth, in words."""
        raise NotImplementedError

    @property
    def revealed(self) -> bool:
        return not any(v.hidden for v in self.veils)

    def check(self) -> bool | None:
        """Judge the prediction: one try, after which the element is shown."""
        if self.status != OPEN:
            return None  # predicted (or shown) already: the truth is out
        value = self.value()
        if value is None:
            self._say(f"<span style='color:#7d6608'>{self.unreadable()}</span>")
            return None
        right = self.is_right(value)
        self.attempts += 1
        self.first_try = right
        if self._question_first is None:
            self._question_first = right
        self._keep("attempt", answer=self.raw(), right=right)
        self._set_status(RIGHT if right else TRIED)
        self._settle(value, right)
        self._proved()
        return right

    def _settle(self, value: Any, right: bool) -> None:
        for veil in self.veils:
            veil.reveal()
        self._lock(True)
        mark, key, css, colour = (
            ("✓", "common.check.right", "check-right", "#1e8449")
            if right
            else ("✗", "common.check.predict.missed", "check-not-yet", "#a93226")
        )
        verdict = f"{mark} <b>{t(key)}</b>"
        said = f"<span class='{css}' style='color:{colour}'>{verdict}</span> {self.gap(value)}"
        self._say(f"{said} {self.explain()}")

    def _lock(self, locked: bool) -> None:
        for control in (self.control, self.submit, self.show):
            control.disabled = locked

    def show_me(self) -> None:
        """Before a prediction: the answer, the element revealed, counted as shown. After it
        the answer is out already: nothing changes (their prediction stays in its box)."""
        if self.status != OPEN and self.attempts:
            return
        super().show_me()
        for veil in self.veils:
            veil.reveal()
        self._lock(True)

    def next_question(self) -> None:
        super().next_question()
        self._lock(False)
        for veil in self.veils:
            veil.hide()

    def _restored(self, last: tuple[str, Any, Any] | None) -> None:
        if last is None:  # no prediction yet (or a new question after it)
            self._lock(False)
            for veil in self.veils:
                veil.hide()
            return
        if last[0] == "attempt":
            self.put_raw(last[1])
            value = self.value()
            if value is not None:
                self._settle(value, bool(last[2]))
                return
        super()._restored(last)
        for veil in self.veils:
            veil.reveal()
        self._lock(True)


class Predict(Predicts, Number):
    """Predict a number, then see it: ``tolerance`` (stated to the learner) as for a
    :class:`~widgets.kit.check.Number`; with ``unit="%"`` the numbers are written as the
    language writes percentages, and a gap is in percentage points."""

    def _show(self, x: float) -> str:
        if self.unit.strip() == "%":
            return t("common.percent", value=number(x, self.digits))
        return super()._show(x)

    def amount(self, x: float) -> str:
        """A difference of values: percentage points for percentages."""
        if self.unit.strip() != "%":
            return self._show(x)
        if number(x, self.digits) == number(1, self.digits):
            return t("common.check.predict.points_one")
        return t("common.check.predict.points", n=number(x, self.digits))

    def instructions(self) -> str:
        if self.tolerance:
            return t("common.check.predict.how", tol=self.amount(self.tolerance))
        return t("common.check.predict.how_exact")

    def gap(self, value: Any) -> str:
        exact = float(self.answer())
        said, truth = self._show(float(value)), self._show(exact)
        if said == truth:
            return t("common.check.predict.spot_on", said=said)
        if self.is_right(value):
            tol = self.amount(self.tolerance)
            return t("common.check.predict.near", said=said, exact=truth, tol=tol)
        off = self.amount(abs(float(value) - exact))
        if not self.tolerance:
            return t("common.check.predict.far_exact", said=said, exact=truth, gap=off)
        tol = self.amount(self.tolerance)
        return t("common.check.predict.far", said=said, exact=truth, gap=off, tol=tol)


class PredictChoice(Predicts, Choice):
    """Predict what happens among ``options``, then see it."""

    def instructions(self) -> str:
        return t("common.check.predict.how_choice")

    def gap(self, value: Any) -> str:
        said = html.escape(next(label for label, v in self.radio.options if v == value))
        if self.is_right(value):
            return t("common.check.predict.choice_right", said=said)
        exact = self.answer_text(self.answer())
        return t("common.check.predict.choice_wrong", said=said, exact=exact)
