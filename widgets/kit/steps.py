"""Which steps of a lesson the learner has reached, and a way back to the last one.

A lesson's steps are its ``##`` headings ("Step 3 · ..."), written in Markdown cells, so no widget
of the kernel knows when one is read. :class:`StepWatcher` draws nothing; in the page it watches
the headings and tells the kernel each one that comes into view, and scrolls to one when asked.
:class:`Steps` keeps the reached ones in the learner's record (``kind="step"``, item ``steps``)
and, on return, offers to go on from the last (the steps of a page are kept from the first
visit on: its learner is made as the browser speaks). Headings are the page's own text: the
kernel keeps at most :data:`MAX_STEPS` of them, each cut to the record's item length.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from widgets.common import button
from widgets.i18n import t
from widgets.kit import memory as mem

ITEM = "steps"
STEP = re.compile(r"^(?:Step|Passo)\s+(\d+)\b")  # the page's script reads headings alike
REVIEW = re.compile(r"^(?:Review|Ripasso)\b")
MAX_STEPS = 60  # a lesson has about ten; more is not a lesson's page
HEADING_LIMIT = 120

_ESM = """
const clean = (h) => h.textContent.replace(/¶\\s*$/, "").trim().slice(0, 120);
const STEP = /^(?:Step|Passo)\\s+(\\d+)\\b/;
const REVIEW = /^(?:Review|Ripasso)\\b/;
const label = (h) => {
  const text = clean(h);
  const step = text.match(STEP);
  return step ? step[1] : REVIEW.test(text) ? "R" : null;
};

// Number the checks as the worksheets do: "3.2" is the second check under "Step 3", "R.1" the
// first of the review; a check under no numbered step has no number.
const number = () => {
  let step = null;
  let count = 0;
  for (const node of document.querySelectorAll("h2, .check")) {
    if (node.tagName === "H2") {
      step = label(node);
      count = 0;
      continue;
    }
    const text = step === null ? "" : `${step}.${++count}`;
    // a badge at the start of the question's line (the widget may write its text again: then
    // the page's observer puts the badge back)
    const line = node.querySelector("p") || node;
    let tag = line.querySelector(".check-number");
    if (!tag) {
      if (!text) continue;
      tag = document.createElement("span");
      tag.className = "check-number";
      tag.style.cssText =
        "display:inline-block;padding:0 5px;margin-right:6px;border-radius:4px;" +
        "background:#dfe9f5;color:#2c4a6e;font-weight:600;font-size:0.9em";
      line.prepend(tag);
    }
    if (tag.textContent !== text) tag.textContent = text;
  }
};

export default {
  render({ model, el }) {
    el.hidden = true;
    el.setAttribute("aria-hidden", "true");
    const heads = () => [...document.querySelectorAll("h2")];
    if (typeof IntersectionObserver === "function") {
      const seen = new Set();
      const observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          const text = clean(entry.target);
          if (entry.isIntersecting && text && !seen.has(text)) {
            seen.add(text);
            model.set("reached", text);
            model.save_changes();
          }
        }
      }, { threshold: 0.6 });
      // the page's cells may still be arriving: watch the headings as they appear
      const watch = () => heads().forEach((h) => observer.observe(h));
      watch();
      new MutationObserver(watch).observe(document.body, { childList: true, subtree: true });
    }
    let queued = false;
    const renumber = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        number();
      });
    };
    number();
    new MutationObserver(renumber).observe(document.body, { childList: true, subtree: true });
    model.on("change:goto", () => {
      const target = model.get("goto");
      const found = heads().find((h) => clean(h) === target);
      if (found) found.scrollIntoView({ behavior: "smooth", block: "start" });
    });
  },
};
"""


def step_label(heading: str) -> str | None:
    """The number a step's heading gives its checks: "3" for "Step 3 · ...", "R" for the
    review, ``None`` for a heading that is no numbered step."""
    found = STEP.match(heading.strip())
    if found:
        return found.group(1)
    return "R" if REVIEW.match(heading.strip()) else None


def check_numbers(headings: Iterable[str]) -> list[str]:
    """The number of each check from the heading it stands under, in page order ("3.2": the
    second check of Step 3; "" under no numbered step), as the page's script writes them."""
    numbers, last, count = [], None, 0
    for heading in headings:
        if heading != last:
            last, count = heading, 0
        label = step_label(heading)
        count += 1
        numbers.append(f"{label}.{count}" if label else "")
    return numbers


class StepWatcher(anywidget.AnyWidget):
    """The page's side: ``reached`` is set to each heading that comes into view (once each);
    setting ``goto`` to a heading's text scrolls the page to it."""

    _esm = _ESM
    reached = traitlets.Unicode("").tag(sync=True)
    goto = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("layout", w.Layout(display="none"))
        super().__init__(**kwargs)
        self.add_class("kit-step-watcher")

    @traitlets.validate("reached")
    def _short(self, proposal: dict) -> str:
        """The browser is not trusted: a heading is text of a bounded length."""
        value = proposal["value"]
        return value[:HEADING_LIMIT] if isinstance(value, str) else ""


class Steps(w.HBox):
    """The steps reached, kept; a "go on from ..." button for a returning learner."""

    def __init__(self, memory: mem.Memory, watcher: StepWatcher | None = None) -> None:
        self.memory = memory
        self.watcher = watcher or StepWatcher()
        self.reached: list[str] = []
        self._restoring = False
        self.go_on = button(t("common.steps.go_on", step=""), "steps-go-on", "arrow-down")
        self.go_on.layout.display = "none"
        self.go_on.on_click(lambda _b: self.go())
        super().__init__([self.watcher, self.go_on])
        self.add_class("lesson-steps")
        self.watcher.observe(self._seen, "reached")
        memory.track(ITEM, self.restore)

    def _seen(self, change: dict) -> None:
        heading = change["new"]
        if heading and heading not in self.reached and len(self.reached) < MAX_STEPS:
            self.reached.append(heading)
            if not self._restoring:
                self._keep(heading)

    def _keep(self, heading: str) -> None:
        self.memory.record(ITEM, "step", {"heading": heading})

    def restore(self, events: list[Any]) -> None:
        """The steps of the record; the last one offered to go on from."""
        self._restoring = True
        try:
            for event in events:
                heading = event.payload.get("heading")
                if event.kind == "step" and isinstance(heading, str):
                    self._seen({"new": heading[:HEADING_LIMIT]})
        finally:
            self._restoring = False
        if self.reached:
            last = self.reached[-1]
            self.go_on.description = t("common.steps.go_on", step=last)
            self.go_on.tooltip = self.go_on.description
            self.go_on.layout.display = ""

    def go(self) -> None:
        if self.reached:
            self.watcher.goto = ""  # the same heading twice still scrolls
            self.watcher.goto = self.reached[-1]
        self.go_on.layout.display = "none"


def steps_of(memory: mem.Memory) -> Callable[[], list[str]]:
    """For tests and the landing page: the reached steps the record holds for ``memory``."""

    def read() -> list[str]:
        if memory.learner is None or memory.store is None:
            return []
        memory.flush()
        return [
            e.payload.get("heading", "")
            for e in memory.store.events(memory.learner.id, memory.lesson)
            if e.item == ITEM and e.kind == "step"
        ]

    return read
