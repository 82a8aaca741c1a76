"""Exact odds against seeded Monte Carlo, written once for the odds labs of the four games.

A game's odds lab keeps its own exact model (``gamelib.<game>.odds`` or ``battle``) and its own
live controls and charts. What every lab repeats is here: the Monte Carlo panel (trials, a run
button, the progress bar, the result, a notice that refuses bad trials), sampling a question in
seeded chunks, the Wilson interval beside the exact value (the game's own interval function from
gamelib), the comparison table, and the simulated markers (with their intervals as error bars)
laid over an exact chart.

A :class:`Question` is one probability asked twice: ``exact`` from the model, ``sample(trials,
chunk)`` counting successes in seeded games of chance, the seed fixed by the chunk; the same
seed and trials always give the same :class:`Check`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from widgets.common import Notice, card, progress_bar, run_with_progress
from widgets.i18n import t
from widgets.kit import cache
from widgets.kit.strategy import Setting, button, number, percent, read_settings, waiting

SIMULATED = "#e67e22"  # the colour of simulated markers in every odds lab
Interval = Callable[[int, int], tuple[float, float]]  # (successes, trials) -> (low, high)
TRIALS = (1_000, 10_000, 50_000)  # the Monte Carlo sizes a lab offers, 10,000 first


def trials_choice(label: str, width: int | None = None) -> Setting:
    """The number of Monte Carlo trials as a choice among :data:`TRIALS` (written with the
    language's thousands separator), so no size out of range can be asked."""
    options = [(number(n, 0, grouping=True), n) for n in TRIALS]
    return Setting("mc_n", "choice", label, TRIALS[1], options=options, width=width)


@dataclass(frozen=True)
class Question:
    """A probability asked twice: exactly, and by counting successes in seeded samples."""

    label: str
    exact: float
    sample: Callable[[int, int], int]  # (trials, chunk) -> successes, seeded by the chunk
    key: Mapping[str, Any] | None = None  # plain data naming the sample (seed included): cached


@dataclass(frozen=True)
class Check:
    """The answer: the exact value, the simulated share and its interval."""

    label: str
    exact: float
    successes: int
    trials: int
    low: float
    high: float

    @property
    def p(self) -> float:
        return self.successes / self.trials

    @property
    def inside(self) -> bool:
        """Whether the exact value lies in the interval, as it should most of the time."""
        return self.low <= float(self.exact) <= self.high


def chunks(n: int, most: int, least: int) -> tuple[int, int]:
    """``n`` trials cut into at most ``most`` chunks of at least ``least`` (but one chunk at
    least): the progress bar moves once a chunk. Returns (chunks, trials per chunk)."""
    count = max(1, min(most, n // least))
    return count, n // count


def check_table(checks: Sequence[Check], head: Sequence[str], inside: str, outside: str) -> str:
    """An HTML table, one row per check: what, exact, simulated, interval, verdict."""
    cells = "".join(f"<th style='padding:2px 8px'>{h}</th>" for h in head)
    rows = "".join(
        f"<tr><td>{c.label}</td><td>{percent(c.exact)}</td><td>{percent(c.p)}</td>"
        f"<td>{percent(c.low)} – {percent(c.high)}</td>"
        f"<td>{inside if c.inside else outside}</td></tr>"
        for c in checks
    )
    return f"<table><tr>{cells}</tr>{rows}</table>"


def add_simulated(fig: go.FigureWidget, name: str, size: int = 12, interval: bool = False) -> None:
    """A trace of simulated values (orange crosses) beside a figure's exact trace; with
    ``interval``, its error bars show each value's interval."""
    extra: dict[str, Any] = {}
    if interval:
        extra["error_y"] = dict(type="data", symmetric=False, color=SIMULATED)
    fig.add_scatter(
        mode="markers", name=name, marker=dict(color=SIMULATED, size=size, symbol="x"), **extra
    )


def show_checks(trace: Any, xs: Sequence[Any], checks: Sequence[Check]) -> None:
    """Put checks on a trace made by :func:`add_simulated` with ``interval``: the simulated
    shares at ``xs``, their intervals as error bars (call inside ``batch_update``)."""
    trace.x, trace.y = list(xs), [c.p for c in checks]
    trace.error_y.array = [c.high - c.p for c in checks]
    trace.error_y.arrayminus = [c.p - c.low for c in checks]


class MonteCarloPanel:
    """The Monte Carlo part of an odds lab: ``lead`` widgets (a seed box), the trials control,
    the run button, the progress bar, the result (``out``) and a notice, in one card (``box``).

    ``on_run`` is what the button does; it reads :meth:`asked` (None: refused, message shown),
    then calls :meth:`compare` (questions with intervals) or :meth:`run` (any seeded work).
    """

    def __init__(
        self,
        trials: Setting,
        label: str,
        run_css: str,
        out_css: str,
        on_run: Callable[[], Any],
        title: str | None = None,
        lead: Sequence[w.Widget] = (),
        style: str = "",
        width: str | None = "auto",
        interval: Interval | None = None,
        most_chunks: int = 1,
        least_chunk: int = 1,
    ) -> None:
        self.setting = trials
        self.trials = trials.build()
        self.button = button(label, run_css, "play", style, width)
        self.button.on_click(lambda _b: on_run())
        self.bar = progress_bar()
        self.out = w.HTML()
        self.out.add_class(out_css)
        self.notice = Notice()
        self.store = cache.shared()  # samples shared by the kernels of this machine
        self.interval = interval
        self.checks: list[Check] = []  # the last comparison shown: a lesson's check reads it
        self.most_chunks, self.least_chunk = most_chunks, least_chunk
        self.box = card(
            [w.HBox([*lead, self.trials, self.button]), self.bar, self.out, self.notice], title
        )

    def asked(self) -> int | None:
        """The trials asked for, or None (and why, in the notice) when out of range."""
        values = read_settings([self.setting], {self.setting.name: self.trials}, self.notice)
        if values is None:
            return None
        self.notice.clear()
        return values[self.setting.name]

    def run(
        self,
        total: int,
        work: Callable[[Callable[[int], None]], Any],
        key: Mapping[str, Any] | None = None,
    ) -> Any:
        """``work(progress)`` under the progress bar, the button disabled meanwhile. With a
        ``key`` (plain data naming the work, seeds and trials included) the result comes from
        the shared cache when any kernel already computed it; it must then be plain data."""
        self.button.disabled = True
        try:
            return run_with_progress(
                self.bar,
                total,
                lambda progress: self.cached(
                    key, work, lambda report: work(lambda done: report(done, total)), progress
                ),
            )
        finally:
            self.button.disabled = False

    def cached(
        self,
        key: Mapping[str, Any] | None,
        of: Callable[..., Any],
        compute: Callable[[cache.Report], Any],
        progress: Callable[[int], None],
    ) -> Any:
        """``compute(report)`` through the shared cache under ``key`` (None: not cached); ``of``
        is the function whose module's code decides the result (its code version)."""
        report: cache.Report = lambda done, _total: progress(done)  # noqa: E731
        if key is None:
            return compute(report)
        label = self.bar.description
        try:
            name = json.dumps(key, sort_keys=True)
            return self.store.fetch(name, of.__module__, compute, report, waiting(self.bar, report))
        finally:
            self.bar.description = label

    def report(
        self, checks: Sequence[Check], done: str, head: Sequence[str], inside: str, outside: str
    ) -> None:
        """Show a comparison in ``out``: the line ``done`` (a catalog key, ``n`` the trials per
        row) over :func:`check_table`."""
        trials = number(checks[0].trials, 0, grouping=True)
        self.out.value = f"<p>{t(done, n=trials)}</p>{check_table(checks, head, inside, outside)}"

    def compare(self, questions: Sequence[Question], n: int) -> list[Check]:
        """Sample every question ``n`` times in seeded chunks; each answer with its interval."""
        if self.interval is None:
            raise ValueError("this panel was built without an interval function")
        count, per = chunks(n, self.most_chunks, self.least_chunk)

        def work(progress: Callable[[int], None]) -> list[int]:
            hits = []
            for q, question in enumerate(questions):

                def sample(report: cache.Report, question: Question = question) -> int:
                    successes = 0
                    for i in range(count):
                        successes += question.sample(per, i)
                        report((i + 1) * per, count * per)
                    return successes

                key = question.key and {"question": question.key, "chunks": count, "per": per}
                start = q * count * per
                hits.append(
                    self.cached(key, question.sample, sample, lambda d, s=start: progress(s + d))
                )
            return hits

        hits = self.run(len(questions) * count * per, work)
        trials = count * per
        self.checks = [
            Check(q.label, float(q.exact), s, trials, *self.interval(s, trials))
            for q, s in zip(questions, hits, strict=True)
        ]
        return self.checks
