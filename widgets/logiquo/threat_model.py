"""The Logiquo deck as a real threat model: the threats along the ATT&CK kill chain, what an
organisation at each CIS Implementation Group stops, the CSF 2.0 functions of the controls,
and a learner's own organisation profile against the threat deck.

Thin views over :mod:`gamelib.logiquo.threat_model`: every count is asked of gamelib when a
control moves; the figures are built once and changed in place.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from gamelib.logiquo import cards
from gamelib.logiquo import threat_model as tm
from widgets.common import boxed, button, dropdown, html_table, tagged
from widgets.i18n import t
from widgets.kit.strategy import chart, percent, redraw
from widgets.logiquo.words import card_name, category_label

STOPPED, OPEN = "#1e8449", "#b3b6b7"


def tactic_label(tactic_id: str) -> str:
    """An ATT&CK tactic's name in the page's language, with its id."""
    return t(f"logiquo.real.tactic.{tactic_id}")


def function_label(fid: str) -> str:
    return t(f"logiquo.real.function.{fid}")


def _threat(number: int) -> str:
    return f"T{number:02d} {card_name(cards.threat(number))}"


def _control(code: str) -> str:
    return f"{code} {card_name(cards.by_code(code))}"


def _tactics() -> list[tuple[str, tuple[int, ...]]]:
    return [(tid, nums) for tid, _name, nums in tm.threats_by_tactic()]


def _chain_figure(title: str, height: int = 460) -> Any:
    """Two stacked horizontal bars per tactic, kill-chain order top to bottom."""
    labels = [tactic_label(tid) for tid, _ in _tactics()]
    fig = chart(
        height,
        title,
        barmode="stack",
        yaxis=dict(autorange="reversed", automargin=True),
        xaxis=dict(title=t("logiquo.real.axis.threats"), dtick=2),
        legend=dict(orientation="h", y=-0.15),
        margin=dict(l=10, r=40, t=60, b=60),
    )
    for name, colour in ((t("logiquo.real.stopped"), STOPPED), (t("logiquo.real.open"), OPEN)):
        fig.add_bar(y=labels, x=[0] * len(labels), orientation="h", name=name, marker_color=colour)
    return fig


def _hover(numbers: list[int]) -> str:
    return "<br>".join(html.escape(_threat(n)) for n in numbers) or "—"


def _draw_chain(fig: Any, stopped: set[int], category: str = "") -> None:
    """Bars: per tactic, the threats (of ``category``, or all) ``stopped`` and the others."""
    keep = {c.number for c in cards.by_kind("threat") if not category or c.category == category}
    done, rest = [], []
    for _tid, nums in _tactics():
        mine = [n for n in nums if n in keep]
        done.append([n for n in mine if n in stopped])
        rest.append([n for n in mine if n not in stopped])
    hover = "%{y}: %{x}<br>%{customdata}<extra></extra>"
    redraw(
        fig,
        dict(x=[len(d) for d in done], customdata=[_hover(d) for d in done], hovertemplate=hover),
        dict(x=[len(r) for r in rest], customdata=[_hover(r) for r in rest], hovertemplate=hover),
    )


class KillChain(w.VBox):
    """The threat deck along the ATT&CK kill chain, one bar per tactic, filtered by the
    deck's threat category (a threat citing two tactics counts under both)."""

    def __init__(self) -> None:
        options = [(t("logiquo.real.all"), "")]
        options += [(category_label(c["id"]), c["id"]) for c in cards.threat_categories()]
        self.category = dropdown(
            t("logiquo.real.category"), "logiquo-real-category", "320px", options=options
        )
        self.category.style.description_width = "initial"  # the whole label, never cut
        self.fig = _chain_figure(t("logiquo.real.chain_title"))
        self.fig.data[0].visible = False  # nothing is "stopped" in the plain kill chain
        self.fig.data[1].name = t("logiquo.real.axis.threats")
        self.summary = tagged(w.HTML(), "logiquo-real-chain-summary")
        self.category.observe(lambda _c: self.draw(), "value")
        super().__init__([self.category, boxed(self.fig, "logiquo-real-chain"), self.summary])
        self.draw()

    def counts(self) -> dict[str, int]:
        """Tactic id -> threats of the chosen category under it (what the bars show)."""
        cat = self.category.value
        keep = {c.number for c in cards.by_kind("threat") if not cat or c.category == cat}
        return {tid: len([n for n in nums if n in keep]) for tid, nums in _tactics()}

    def draw(self) -> None:
        _draw_chain(self.fig, set(), self.category.value)
        empty = [tactic_label(tid) for tid, n in self.counts().items() if n == 0]
        self.summary.value = t("logiquo.real.chain_empty", tactics=", ".join(empty) or "—")


class Coverage(w.VBox):
    """What an organisation at CIS Implementation Group 1, 2 or 3 stops with the deck's
    controls on its own, tactic by tactic, and the CSF 2.0 functions of those controls."""

    def __init__(self) -> None:
        self.group = tagged(
            w.ToggleButtons(
                options=[(f"IG{g}", g) for g in tm.IGS],
                value=1,
                description=t("logiquo.real.group"),
                style={"button_width": "auto"},
            ),
            "logiquo-real-ig",
        )
        self.fig = _chain_figure(t("logiquo.real.ig_title"))
        self.summary = tagged(w.HTML(), "logiquo-real-ig-summary")
        self.functions = tagged(w.HTML(), "logiquo-real-csf")
        self.group.observe(lambda _c: self.draw(), "value")
        super().__init__(
            [self.group, self.summary, boxed(self.fig, "logiquo-real-igchart"), self.functions]
        )
        self.add_class("logiquo-real-coverage")  # where a prediction's veil is found
        self.draw()

    def draw(self) -> None:
        report = tm.profile(tm.ig_profile(self.group.value))
        _draw_chain(self.fig, set(report.stopped))
        self.summary.value = t(
            "logiquo.real.ig_summary",
            group=self.group.value,
            controls=len(report.controls),
            all_controls=len(tm.first_ig()),
            stopped=len(report.stopped),
            threats=len(report.stopped) + len(report.remaining),
            share=percent(report.share),
        )
        held = report.controls
        rows = [
            [
                html.escape(function_label(fid)),
                str(len([c for c in codes if c in held])),
                str(len(codes)),
                str(len(threats)),
            ]
            for fid, codes, threats in tm.by_csf_function()
        ]
        head = [t(f"logiquo.real.csf_head.{k}") for k in ("function", "held", "deck", "threats")]
        self.functions.value = html_table(head, rows)


class Profile(w.VBox):
    """Your own organisation: tick the controls it has (or start from an IG), and see which
    threats of the deck it stops on its own, which remain and what each still needs, against
    the odds of a freshly dealt game hand."""

    def __init__(self, players: int = 4) -> None:
        self.players = players
        self.boxes: dict[str, w.Checkbox] = {}
        groups = []
        for cat in cards.control_categories():
            row = []
            for c in cards.by_kind("countermeasure"):
                if c.category != cat["id"]:
                    continue
                box = w.Checkbox(
                    value=False,
                    description=_control(c.code),
                    indent=False,
                    layout=w.Layout(width="auto", margin="0 12px 0 0"),
                )
                box.add_class(f"logiquo-real-{c.code}")
                box.observe(lambda _c: self.draw(), "value")
                self.boxes[c.code] = box
                row.append(box)
            groups.append(
                w.VBox(
                    [w.HTML(f"<b>{html.escape(category_label(cat['id']))}</b>"), *row],
                    layout=w.Layout(margin="0 16px 8px 0"),
                )
            )
        self.presets = [button(f"IG{g}", f"logiquo-real-preset-{g}") for g in tm.IGS] + [
            button(t("logiquo.real.none"), "logiquo-real-preset-0")
        ]
        for g, b in zip((*tm.IGS, 0), self.presets, strict=True):
            b.on_click(lambda _b, g=g: self.use_group(g))
        self.fig = _chain_figure(t("logiquo.real.profile_title"))
        self.summary = tagged(w.HTML(), "logiquo-real-profile-summary")
        self.remaining = tagged(w.HTML(), "logiquo-real-remaining")
        self._quiet = False
        super().__init__(
            [
                w.HBox(
                    [w.HTML(t("logiquo.real.start_from")), *self.presets],
                    layout=w.Layout(flex_flow="row wrap", align_items="center"),
                ),
                w.HBox(groups, layout=w.Layout(flex_flow="row wrap")),
                self.summary,
                boxed(self.fig, "logiquo-real-profile"),
                self.remaining,
            ]
        )
        self.draw()

    def held(self) -> frozenset[str]:
        """The ticked controls."""
        return frozenset(code for code, box in self.boxes.items() if box.value)

    def set_controls(self, codes: frozenset[str] | set[str]) -> None:
        """Tick exactly ``codes`` (one redraw)."""
        self._quiet = True
        try:
            for code, box in self.boxes.items():
                box.value = code in codes
        finally:
            self._quiet = False
        self.draw()

    def use_group(self, group: int) -> None:
        """Tick the controls of CIS IG ``group`` (0: none)."""
        self.set_controls(tm.ig_profile(group) if group else frozenset())

    def draw(self) -> None:
        if self._quiet:
            return
        report = tm.profile(self.held())
        _draw_chain(self.fig, set(report.stopped))
        self.summary.value = t(
            "logiquo.real.profile_summary",
            controls=len(report.controls),
            stopped=len(report.stopped),
            threats=len(report.stopped) + len(report.remaining),
            share=percent(report.share),
            hand=percent(tm.dealt_hand_share(self.players)),
            players=self.players,
        )
        rows = [[html.escape(_threat(n)), str(report.short[n])] for n in report.remaining]
        head = [t("logiquo.real.remaining_head.threat"), t("logiquo.real.remaining_head.short")]
        self.remaining.value = html_table(head, rows) if rows else t("logiquo.real.all_stopped")
