"""Small building blocks every game's widgets share: figures, messages, progress, styling."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import ipywidgets as w
import plotly.graph_objects as go

from widgets.assets import plotly_config
from widgets.i18n import t

W = TypeVar("W", bound=w.DOMWidget)

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"


def figure(height: int = 420, **layout: Any) -> go.FigureWidget:
    """A FigureWidget with the lessons' look and the offline plotly config.

    Figures are built once and then changed in place (``batch_update``), never rebuilt.
    """
    fig = go.FigureWidget()
    defaults: dict[str, Any] = dict(
        height=height,
        margin=dict(l=40, r=20, t=50, b=40),
        font=dict(family=FONT, size=13),
        template="plotly_white",
        separators=t("common.separators"),  # decimal comma in Italian, point in English
        modebar=dict(orientation="v"),  # at the right edge, never over the title (narrow pages)
    )
    fig.update_layout(**{**defaults, **layout})
    fig._config = plotly_config()
    return fig


# plotly's own percent formats: ``%{y:.1%}`` in a hover template, ``tickformat=".0%"``.
_HOVER_PERCENT = re.compile(r"%\{(?P<field>[xyz]):\.(?P<digits>\d)%\}")
_TICK_PERCENT = re.compile(r"^\.(?P<digits>\d)%$")
_STEPS = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25)


def percent_text(p: float, digits: int = 1) -> str:
    """A share as the language writes a percentage (``12.3%``, ``12,3 %``: ``common.percent``
    with the decimal mark of ``common.separators``)."""
    decimal = t("common.separators")[0]
    return t("common.percent", value=f"{100 * float(p):.{digits}f}".replace(".", decimal))


def _percent_ticks(top: float, digits: int, step: float | None = None) -> dict[str, Any]:
    """About five round ticks from 0 to ``top`` (or every ``step``), by :func:`percent_text`."""
    step = step or next((s for s in _STEPS if top / s <= 6), 0.25)
    shown = max(digits, max(0, -math.floor(math.log10(100 * step) + 1e-9)))
    values = [round(i * step, 6) for i in range(int(top / step + 1e-9) + 1)]
    return dict(
        tickmode="array", tickvals=values, ticktext=[percent_text(v, shown) for v in values]
    )


def _percent_cells(values: Any, digits: int) -> list[Any]:
    """:func:`percent_text` of each value, row by row for a heatmap's table."""
    return [
        ""
        if v is None
        else _percent_cells(v, digits)
        if isinstance(v, list | tuple)
        else percent_text(v, digits)
        for v in values or ()
    ]


def localise_percents(fig: go.FigureWidget) -> go.FigureWidget:
    """Make plotly's percent formats follow the language (issue #12). plotly (d3-format) writes
    ``%{y:.1%}`` and ``tickformat=".0%"`` as ``12.3%``, which is English; the separators turn
    the point into a comma but cannot add the space of Italian ``12,3 %``. So where the catalog's
    ``common.percent`` is not plotly's own ``{value}%``, a hover shows ``customdata`` written by
    :func:`percent_text` (kept up to date when the trace's values change) and a percent axis
    gets its tick texts the same way (from its range, or from the data when it has none).
    Call it once, after the figure's traces are added; English pages keep plotly's formats."""
    if t("common.percent") == "{value}%":
        return fig
    for trace in fig.data:
        found = _HOVER_PERCENT.search(trace.hovertemplate or "")
        if found is None:
            continue
        field, digits = found["field"], int(found["digits"])
        trace.hovertemplate = _HOVER_PERCENT.sub("%{customdata}", trace.hovertemplate, count=1)

        def fill(tr: Any, values: Any, digits: int = digits) -> None:
            tr.customdata = _percent_cells(values, digits)

        fill(trace, getattr(trace, field))
        trace.on_change(fill, field, append=True)
    for name in ("xaxis", "yaxis"):
        axis = fig.layout[name]
        found = _TICK_PERCENT.match(axis.tickformat or "")
        if found is None:
            continue
        digits, field = int(found["digits"]), name[0]
        axis.tickformat = None
        if axis.range is not None:
            axis.update(_percent_ticks(axis.range[1], digits))
            continue
        if any(tr.type == "histogram" for tr in fig.data):  # shares the browser computes
            axis.update(_percent_ticks(1.0, digits, step=0.05))
            continue

        def follow(
            _tr: Any, _values: Any, axis: Any = axis, digits: int = digits, field: str = field
        ) -> None:
            data = [v for tr in fig.data for v in (getattr(tr, field, None) or ()) if v is not None]
            axis.update(_percent_ticks(max(data, default=0.0) or 1.0, digits))

        follow(None, None)
        for trace in fig.data:
            trace.on_change(follow, field, append=True)
    for trace in fig.data:  # a heatmap's colour bar of shares from 0 to 1
        bar = getattr(trace, "colorbar", None)
        found = _TICK_PERCENT.match((bar.tickformat if bar is not None else None) or "")
        if found is not None:
            bar.tickformat = None
            bar.update(_percent_ticks(1.0, int(found["digits"])))
    return fig


def tagged(widget: W, *css_classes: str) -> W:
    """``widget`` with CSS classes, so browser tests and styles find it in the page."""
    for css_class in css_classes:
        widget.add_class(css_class)
    return widget


def button(label: str, css_class: str, icon: str = "", **kwargs: Any) -> w.Button:
    """A button as wide as its label, with a CSS class the browser tests click."""
    return tagged(
        w.Button(description=label, icon=icon, layout=w.Layout(width="auto"), **kwargs), css_class
    )


def seed_box(
    value: int,
    css_class: str = "",
    width: str = "180px",
    label: str | None = None,
    bounds: tuple[int, int] | None = None,
) -> w.IntText | w.BoundedIntText:
    """The box that picks a seeded game (same seed, same game) on every seeded page, labelled
    ``common.seed`` unless ``label`` says otherwise; ``bounds`` (low, high) clamp it."""
    layout = w.Layout(width=width, max_width="100%")  # never wider than a phone's screen
    fields: dict[str, Any] = dict(value=value, description=label or t("common.seed"), layout=layout)
    box = (
        w.BoundedIntText(min=bounds[0], max=bounds[1], **fields) if bounds else w.IntText(**fields)
    )
    return tagged(box, css_class) if css_class else box


def dropdown(label: str, css_class: str, width: str, **kwargs: Any) -> w.Dropdown:
    """A drop-down of a given width, with a CSS class the browser tests choose from."""
    layout = w.Layout(width=width, max_width="100%")  # never wider than a phone's screen
    return tagged(w.Dropdown(description=label, layout=layout, **kwargs), css_class)


def boxed(fig: go.FigureWidget, css_class: str) -> w.Box:
    """A box around a figure carrying a CSS class (plotly's view ignores ``add_class``), so
    tests and styles can find the figure in the page."""
    box = w.VBox([fig], layout=w.Layout(width="100%", align_items="stretch"))
    box.add_class(css_class)
    return box


class Notice(w.HTML):
    """One line telling the learner what just happened, or why a move was refused."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("lesson-notice")

    def info(self, text: str) -> None:
        self.value = f"<div style='color:#1b4f72'>{text}</div>"

    def error(self, text: str) -> None:
        self.value = f"<div class='lesson-error' style='color:#a93226'>⚠ {text}</div>"

    def clear(self) -> None:
        self.value = ""


def progress_bar(description_key: str = "common.progress") -> w.IntProgress:
    bar = w.IntProgress(
        value=0,
        min=0,
        max=1,
        description=t(description_key),
        layout=w.Layout(width="100%", visibility="hidden"),
    )
    bar.add_class("lesson-progress")
    return bar


def run_with_progress(
    bar: w.IntProgress, total: int, work: Callable[[Callable[[int, int], None]], Any]
) -> Any:
    """Run ``work(progress)`` showing ``bar``; ``progress(done, total)`` moves it.

    Heavy computations run only when the learner asks (a button), never while a page loads.
    """
    bar.max = max(total, 1)
    bar.value = 0
    bar.layout.visibility = "visible"
    step = max(1, total // 100)

    def progress(done: int, _total: int = total) -> None:
        if done % step == 0 or done == _total:
            bar.value = done

    try:
        return work(progress)
    finally:
        bar.value = bar.max
        bar.layout.visibility = "hidden"


def card(children: Iterable[w.Widget], title: str | None = None) -> w.VBox:
    """A framed box grouping a control panel or a chart."""
    items = list(children)
    if title:
        items.insert(0, w.HTML(f"<b>{title}</b>"))
    box = w.VBox(items, layout=w.Layout(border="1px solid #ddd", padding="8px", margin="4px 0"))
    return box


def html_table(head: Iterable[str], rows: Iterable[Iterable[str]]) -> str:
    """A plain HTML table of already safe cells (scores, shipments, seats)."""
    cell = "style='padding:2px 8px'"
    out = "".join(f"<th {cell}>{h}</th>" for h in head)
    for row in rows:
        out += "</tr><tr>" + "".join(f"<td {cell}>{c}</td>" for c in row)
    return f"<table><tr>{out}</tr></table>"


DICE_FACES = "⚀⚁⚂⚃⚄⚅"


def dice_html(values: Iterable[int], color: str, bonus_first: int = 0) -> str:
    """Dice as large Unicode faces; a hub bonus is shown as "+1" after the highest die."""
    faces = []
    for i, v in enumerate(values):
        face = DICE_FACES[v - 1]
        extra = f"<sup>+{bonus_first}</sup>" if (i == 0 and bonus_first) else ""
        faces.append(f"<span style='font-size:40px;color:{color}'>{face}</span>{extra}")
    return " ".join(faces)
