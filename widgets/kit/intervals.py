"""What more games buy (issue #16): a strategy lab's question with its 95% interval after 1,000,
10,000 and 100,000 games, drawn as error bars that shrink like 1/sqrt(n).

Nothing is played on page load. The figures are a study's, shipped as small data
(``widgets/kit/studies.json``, written by ``python -m gamelib.study.ladder`` from the rows of
``python -m gamelib.study``): the interval *measured* on the study's first 1,000, 10,000, ...
games. A size the study did not reach is drawn from the formula on the largest measured one
(:func:`gamelib.study.stats.projected`) with an open marker, and the text says "expected".
Measured where the machine could afford it, because the point of the step is that a real
estimate moves and settles; the formula only where it could not, and labelled.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ipywidgets as w

from gamelib.study.stats import Interval, projected
from widgets.common import boxed, localise_percents
from widgets.i18n import t
from widgets.kit.strategy import chart, number, percent

DATA = Path(__file__).with_name("studies.json")
MARKS = (1000, 10_000, 100_000)
COLOURS = ("#1f77b4", "#e67e22", "#27ae60")


def load(lab: str) -> dict[str, Any]:
    """The lab's shipped study figures."""
    return json.loads(DATA.read_text(encoding="utf-8"))[lab]


def largest(series: dict[str, Any]) -> Interval:
    """The interval measured on the most games of the study (all of them)."""
    measured = {int(k): v for k, v in series["points"].items()}
    return Interval(**measured[max(measured)])


def points(series: dict[str, Any], share: bool) -> list[tuple[Interval, bool]]:
    """For each of :data:`MARKS`: the interval and whether it was measured (else expected
    from the largest measured size)."""
    measured = {int(k): Interval(**v) for k, v in series["points"].items()}
    biggest = largest(series)
    return [
        (measured[n], True) if n in measured else (projected(biggest, n, share), False)
        for n in MARKS
    ]


class MoreGames(w.VBox):
    """One lab's question: a figure of intervals by number of games and a line per size."""

    def __init__(self, lab: str, **kwargs: Any) -> None:
        data = load(lab)
        share = data["kind"] == "share"
        question = t(f"common.intervals.{lab}.question")
        x = [t("common.intervals.games", n=number(n, 0, grouping=True)) for n in MARKS]
        axis = dict(tickformat=".0%") if share else dict(title=t(f"common.intervals.{lab}.unit"))
        self.fig = chart(320, t("common.intervals.title", question=question), yaxis=axis)
        lines = []
        for i, (name, series) in enumerate(data["series"].items()):
            pts = points(series, share)
            label = t(f"common.intervals.{lab}.{name}")
            self.fig.add_scatter(
                x=x,
                y=[p.estimate for p, _ in pts],
                error_y=dict(
                    type="data",
                    array=[p.high - p.estimate for p, _ in pts],
                    arrayminus=[p.estimate - p.low for p, _ in pts],
                    thickness=3,
                    width=10,
                ),
                mode="markers",
                marker=dict(
                    size=11,
                    color=COLOURS[i % len(COLOURS)],
                    symbol=["circle" if m else "circle-open" for _, m in pts],
                ),
                name=label,
            )
            for n, (p, measured) in zip(MARKS, pts, strict=True):
                lines.append(self._line(label, n, p, measured, share, lab))
            whole = self._value(largest(series), share, lab)
            lines.append(
                t(
                    "common.intervals.source",
                    series=label,
                    value=whole[0],
                    half=whole[1],
                    games=number(series["games"], 0, grouping=True),
                    command=series["command"],
                )
            )
        if data.get("fair") is not None:
            self.fig.add_scatter(
                x=x,
                y=[data["fair"]] * len(x),
                mode="lines",
                line=dict(dash="dash", color="#555"),
                name=t("common.intervals.fair"),
            )
        localise_percents(self.fig)
        self.text = w.HTML("<br>".join(lines))
        self.text.add_class("kit-intervals-text")
        super().__init__([boxed(self.fig, "kit-fig-intervals"), self.text], **kwargs)
        self.add_class("kit-intervals")

    @staticmethod
    def _value(p: Interval, share: bool, lab: str) -> tuple[str, str]:
        """An estimate and its half width, as text: points of percentage or the lab's unit."""
        if share:
            return percent(p.estimate), t("common.intervals.points", x=number(100 * p.half_width))
        unit = t(f"common.intervals.{lab}.unit")
        return number(p.estimate, 2), f"{number(p.half_width, 2)} {unit}"

    @classmethod
    def _line(cls, label: str, n: int, p: Interval, measured: bool, share: bool, lab: str) -> str:
        value, half = cls._value(p, share, lab)
        return t(
            "common.intervals.row",
            games=number(n, 0, grouping=True),
            series=label,
            value=value,
            half=half,
            how=t("common.intervals.measured" if measured else "common.intervals.expected"),
        )
