"""The learner's record, as the top of a lesson page shows it: whether this page keeps what they
do, the resume code to write down, and their rights over it (export, import, resume on another
device, a nickname, forget me). Thin: every decision is :class:`~widgets.kit.memory.Memory`'s,
every word the catalog's (``common.record.*``). On the static site the records are the
browser's own (``Memory.in_browser``): no code and no resume row, and the words say where the
answers are kept (``common.record.browser.*``)."""

from __future__ import annotations

import base64
import html
import json
from typing import Any

import ipywidgets as w

from record.errors import RecordError
from widgets.common import button, tagged
from widgets.i18n import t
from widgets.kit import memory as mem
from widgets.kit.browser_store import BrowserStore
from widgets.kit.steps import Steps

IMPORT_LIMIT = 1 << 20  # the largest file offered for import (the store checks it again)


def problem_text(code: str, **details: Any) -> str:
    """A record problem in the learner's language: a store's ``record.*`` code, or what the
    static site's memory says of the browser's storage (``browser.*``)."""
    values = {k: html.escape(str(v)) for k, v in details.items()}
    if code.startswith("browser."):
        return t(f"common.record.browser.{code.removeprefix('browser.')}", **values)
    return t(f"common.record.error.{code.removeprefix('record.')}", **values)


def _words(memory: mem.Memory, name: str) -> str:
    """``common.record.<name>``, or its static-site form where the records are the browser's."""
    return t(f"common.record.browser.{name}" if memory.in_browser else f"common.record.{name}")


class RecordBar(w.VBox):
    """A line saying what this page keeps, and a panel with the learner's rights."""

    def __init__(self, memory: mem.Memory) -> None:
        self.memory = memory
        self.line = tagged(w.HTML(), "record-line")
        self.toggle = button(t("common.record.open"), "record-toggle", "id-card-o")
        self.toggle.on_click(lambda _b: self._toggle())
        self.notice = tagged(w.HTML(), "record-notice")
        self.code_box = w.Text(
            placeholder="ABCD-EFGH",
            description=t("common.record.code_label"),
            style={"description_width": "initial"},
            layout=w.Layout(width="340px", max_width="100%"),
        )
        self.resume_button = button(t("common.record.resume"), "record-resume", "sign-in")
        self.resume_button.on_click(lambda _b: self.resume())
        self.nickname_box = w.Text(
            description=t("common.record.nickname_label"),
            placeholder=t("common.record.nickname_placeholder"),
            style={"description_width": "initial"},
            layout=w.Layout(width="340px", max_width="100%"),
        )
        self.nickname_button = button(t("common.record.nickname_save"), "record-nickname", "tag")
        self.nickname_button.on_click(lambda _b: self.set_nickname())
        self.export_button = button(t("common.record.export"), "record-export", "download")
        self.export_button.on_click(lambda _b: self.export())
        self.export_link = tagged(w.HTML(), "record-export-link")
        # ipywidgets' fixed width would cut the label ("Importa i progre…")
        self.upload = w.FileUpload(accept=".json", multiple=False, layout=w.Layout(width="auto"))
        self.upload.description = t("common.record.import")
        self.upload.observe(self._on_upload, "value")
        self.forget_button = button(t("common.record.forget"), "record-forget", "trash")
        self.forget_button.on_click(lambda _b: self._ask_forget())
        self.confirm_button = button(t("common.record.forget_confirm"), "record-confirm", "check")
        self.confirm_button.button_style = "danger"
        self.confirm_button.on_click(lambda _b: self.forget())
        self.confirm_button.layout.display = "none"

        def wrap() -> w.Layout:  # one a row: a row hidden must not hide the others
            return w.Layout(flex_flow="row wrap", align_items="center")

        # no server, no resume code: the row to resume on another device is not offered
        self.code_row = w.HBox([self.code_box, self.resume_button], layout=wrap())
        if memory.in_browser:
            self.code_row.layout.display = "none"
        self.panel = tagged(
            w.VBox(
                [
                    w.HTML(f"<p style='margin:4px 0'>{_words(memory, 'privacy')}</p>"),
                    self.code_row,
                    w.HBox([self.nickname_box, self.nickname_button], layout=wrap()),
                    w.HBox([self.export_button, self.export_link, self.upload], layout=wrap()),
                    w.HBox([self.forget_button, self.confirm_button], layout=wrap()),
                ],
                layout=w.Layout(display="none", padding="4px 0"),
            ),
            "record-panel",
        )
        super().__init__(
            [w.HBox([self.line, self.toggle], layout=wrap()), self.notice, self.panel],
            layout=w.Layout(border="1px solid #d5dde8", padding="4px 10px", margin="4px 0 10px"),
        )
        self.add_class("record-bar")
        memory.on_change(lambda _m: self.refresh())
        self.refresh()

    # ------------------------------------------------------------------ what it says
    def refresh(self) -> None:
        m = self.memory
        if m.state == mem.OFF:
            text = t("common.record.off")
        elif m.state == mem.BROKEN:
            text = "⚠ " + _words(m, "broken")
        elif m.state == mem.WAITING:
            text = t("common.record.waiting")
        elif m.learner is None:
            text = _words(m, "not_yet")
        elif m.in_browser:
            text = t("common.record.browser.kept")
        else:
            code = m.bridge.code if m.bridge is not None else ""
            text = t("common.record.kept", code=html.escape(code or "—"))
        self.line.value = f"<span role='status' aria-live='polite'>{text}</span>"
        self.toggle.layout.display = "" if m.state == mem.READY else "none"
        if m.problem and m.problem != "record.not_found":
            self._say(problem_text(m.problem), error=True)

    def _say(self, text: str, error: bool = False) -> None:
        colour = "#a93226" if error else "#1e8449"
        mark = "⚠ " if error else ""
        self.notice.value = f"<div role='status' style='color:{colour}'>{mark}{text}</div>"

    def _toggle(self) -> None:
        shown = self.panel.layout.display != "none"
        self.panel.layout.display = "none" if shown else ""
        if not shown and self.memory.learner is not None:
            self.nickname_box.value = self.memory.nickname() or ""

    # ------------------------------------------------------------------ the learner's rights
    def resume(self) -> bool:
        code = self.code_box.value.strip()
        if not code:
            self._say(t("common.record.code_empty"), error=True)
            return False
        found = self.memory.resume(code)
        if found:
            self.code_box.value = ""
            self._say(t("common.record.resumed"))
        else:
            details = {}
            if self.memory.problem == "record.throttled":
                details = {"retry_after": self.memory.problem_details.get("retry_after", 600)}
            self._say(problem_text(self.memory.problem or "record.not_found", **details), True)
        return found

    def set_nickname(self) -> bool:
        try:
            name = self.memory.set_nickname(self.nickname_box.value)
        except RecordError as error:
            self._say(problem_text(error.code), error=True)
            return False
        self.nickname_box.value = name or ""
        self._say(t("common.record.nickname_saved") if name else t("common.record.nickname_gone"))
        return True

    def export(self) -> None:
        data = self.memory.export()
        if data is None:
            self._say(t("common.record.nothing_yet"), error=True)
            return
        encoded = base64.b64encode(json.dumps(data, ensure_ascii=False).encode()).decode()
        self.export_link.value = (
            "<a class='record-export-file' download='game-lessons-record.json' "
            f"href='data:application/json;base64,{encoded}'>⬇ {t('common.record.export_file')}</a>"
        )

    def import_bytes(self, data: bytes) -> bool:
        if len(data) > IMPORT_LIMIT:
            self._say(problem_text("record.too_large"), error=True)
            return False
        try:
            counts = self.memory.import_(data)
        except RecordError as error:
            self._say(problem_text(error.code), error=True)
            return False
        self._say(t("common.record.imported", events=counts.get("events", 0)))
        return True

    def _on_upload(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else item.content
        self.import_bytes(bytes(content))
        self.upload.value = ()

    def _ask_forget(self) -> None:
        self.confirm_button.layout.display = ""
        self._say(_words(self.memory, "forget_ask"), error=True)

    def forget(self) -> None:
        self.memory.forget()
        self.confirm_button.layout.display = "none"
        self.panel.layout.display = "none"
        self._say(_words(self.memory, "forgotten"))


def start_lesson(lesson: str, language: str | None = None) -> w.VBox:
    """The first cell of a lesson: its language, its memory and the bar that shows it. The
    browser store inside draws nothing; the bar says what the page keeps."""
    from widgets.i18n import set_language

    if language is not None:
        set_language(language)
    memory = mem.begin(lesson)
    bridge = BrowserStore()
    memory.attach(bridge)
    # Steps watches the page's headings: a returning learner may go on from the last reached
    box = w.VBox([bridge, RecordBar(memory), Steps(memory)])
    box.add_class("lesson-record")
    return box
