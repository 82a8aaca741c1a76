"""The strategy lab, written once: settings built from a short declaration, buttons that play
seeded batches of bot games under a progress bar, a summary line and charts changed in place.

A game's lab (``widgets/<game>/strategy.py``) subclasses :class:`StrategyLab` and declares only
what is that game's: its settings (:class:`Setting`), its buttons (:class:`Action`: which
batches to play, how to draw them) and its charts. Everything else is here, so a feature added
here (checks under a lab, another language) reaches the four games at once.

A batch of games is plain data (:class:`Batch`): a module-level ``play`` function, a number of
games, a seed and keyword parameters. The same batch always gives the same games, and
:meth:`StrategyLab.run_games` is the one call that plays batches, so a result cache and a Dask
executor (``widgets.kit.executor``) stand behind it without touching a game.

The small control builders (:func:`slider`, :func:`checkbox`, :func:`button`), the lab figure
(:func:`chart`, :func:`redraw`) and number formatting (:func:`number`, :func:`percent`) are
shared by the odds labs too (``widgets.kit.odds``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import ipywidgets as w
import plotly.graph_objects as go

from gamelib.core import IllegalAction
from widgets.common import Notice, card, figure, localise_percents, progress_bar, run_with_progress
from widgets.i18n import t
from widgets.kit import cache, executor
from widgets.kit.refusals import refusal

Kind = Literal["int", "bounded", "slider", "choice", "flags"]
Progress = Callable[[int, int], None]
Result = list[Any] | IllegalAction  # a batch's games, or the rule that refused its setting


# ---------------------------------------------------------------- numbers in the language
def number(x: float, digits: int = 1, grouping: bool = False) -> str:
    """``x`` with ``digits`` decimals, written with the catalog's separators (``common.separators``:
    decimal then thousands, plotly's convention), so a language with a decimal comma needs no
    code."""
    text = f"{float(x):,.{digits}f}" if grouping else f"{float(x):.{digits}f}"
    decimal, thousands = t("common.separators")
    return text.translate(str.maketrans({".": decimal, ",": thousands}))


def percent(p: Any, digits: int = 1) -> str:
    """A probability as a percentage, as the language writes it (``0.1234`` -> ``12.3%`` in
    English, ``12,3 %`` in Italian: ``common.percent``)."""
    return t("common.percent", value=number(100 * float(p), digits))


# ---------------------------------------------------------------- figures
def quiet_figure_reports() -> None:
    """After every redraw the browser's FigureWidget reports the figure's whole computed layout
    and traces back to the kernel (``_js2py_*`` traits, ~5 KB each), and ipywidgets 8 echoes
    each report to the browser again (~12 KB a message, through the server) although nothing
    reads it there: Python resets the trait itself. Turn that echo off with ipywidgets'
    per-trait ``echo_update`` metadata. Every figure of the lessons is a FigureWidget, so a
    slider step sends a third of the bytes it did."""
    from plotly.basewidget import BaseFigureWidget

    for name, trait in BaseFigureWidget.class_traits().items():
        if name.startswith("_js2py_"):
            trait.metadata["echo_update"] = False


quiet_figure_reports()


def chart(height: int, title: str, **layout: Any) -> go.FigureWidget:
    """A lab figure: :func:`widgets.common.figure` with the catalog's number separators, so
    ticks and hover labels follow the language too."""
    return figure(height=height, title=title, separators=t("common.separators"), **layout)


def redraw(fig: go.FigureWidget, *traces: Mapping[str, Any] | None, **layout: Any) -> None:
    """Change a figure in place: the n-th mapping updates the n-th trace (``None`` skips it),
    keywords update the layout; one batch, one message to the browser."""
    with fig.batch_update():
        for trace, values in zip(fig.data, traces, strict=False):
            if values:
                trace.update(values)
        if layout:
            fig.update_layout(**layout)


def shares_by_group(
    height: int,
    title: str,
    groups: Mapping[str, str],
    bingroup: str,
    bin_size: int,
    **layout: Any,
) -> go.FigureWidget:
    """Overlaid histograms, one per group (``{name: colour}``), each normalised to shares so
    groups of different sizes compare; filled later with ``redraw``."""
    fig = chart(
        height,
        title,
        barmode="overlay",
        legend=dict(orientation="h", y=-0.25),
        **layout,
    )
    for name, colour in groups.items():
        fig.add_histogram(
            x=[],
            name=name,
            marker_color=colour,
            opacity=0.65,
            histnorm="probability",
            bingroup=bingroup,
            xbins=dict(size=bin_size),
        )
    return localise_percents(fig)


def rates_by_group(
    height: int,
    title: str,
    categories: Sequence[str],
    groups: Mapping[str, str],
    **trace: Any,
) -> go.FigureWidget:
    """Grouped bars of rates (0 to 1), one bar per group (``{name: colour}``) in each
    category; filled later with ``redraw``."""
    fig = chart(
        height,
        title,
        barmode="group",
        yaxis=dict(tickformat=".0%", range=[0, 1]),
        legend=dict(orientation="h", y=-0.2),
    )
    for name, colour in groups.items():
        fig.add_bar(
            x=list(categories), y=[0] * len(categories), name=name, marker_color=colour, **trace
        )
    return localise_percents(fig)


def histogram(
    height: int, title: str, x_title: str, y_title: str, colour: str, **bins: Any
) -> go.FigureWidget:
    """One histogram of counts (a lab's game lengths), empty until ``redraw`` gives it its
    values; ``bins`` are plotly's (``xbins=dict(size=1)``, ``nbinsx=30``)."""
    fig = chart(height, title, xaxis=dict(title=x_title), yaxis=dict(title=y_title))
    fig.add_histogram(x=[], marker_color=colour, **bins)
    return fig


def step(
    boxes: Mapping[str, Sequence[w.Widget]], name: str, css: str, head: Sequence[w.Widget] = ()
) -> w.VBox:
    """One step of a lesson built on a lab: ``head`` (shared controls) and that step's boxes, in
    a box with the class ``<css>-panel-<name>``. The controls are the same widgets in every step,
    so moving one moves them all."""
    if name not in boxes:
        raise ValueError(f"no panel {name!r}; choose one of {', '.join(boxes)}")
    box = w.VBox([*head, *boxes[name]])
    box.add_class(f"{css}-panel-{name}")
    return box


# ---------------------------------------------------------------- controls
@dataclass(frozen=True)
class Setting:
    """One control of a lab, declared: ``name`` is the lab's attribute and the key in the
    values a run reads; ``label`` the visible (translated) description.

    Kinds: ``int`` (a free number box, checked against ``low``/``high`` when a run starts),
    ``bounded`` (a number box that clamps), ``slider``, ``choice`` (``options`` are
    ``(label, value)`` pairs) and ``flags`` (one checkbox per ``(label, name)`` option; the value
    is the dict of ticked names).
    """

    name: str
    kind: Kind
    label: str
    value: Any = 0
    low: int | None = None
    high: int | None = None
    options: Sequence[tuple[str, Any]] = ()
    width: int | None = None
    label_width: str | None = None
    css: str | None = None
    refusal: str = "common.lab.out_of_range"  # key of the message for a value out of range

    def build(self) -> w.Widget | dict[str, w.Checkbox]:
        """The ipywidget (for ``flags``, a dict name -> checkbox)."""
        if self.kind == "flags":
            ticked = self.value or {}
            return {
                name: w.Checkbox(value=bool(ticked.get(name)), description=text, indent=False)
                for text, name in self.options
            }
        extra: dict[str, Any] = {}
        if self.width:
            # as wide as asked on a wide screen, never wider than a phone's (issue #13)
            extra["layout"] = w.Layout(width="100%", max_width=f"{self.width}px")
        if self.label_width:
            extra["style"] = {"description_width": self.label_width}
        if self.kind in ("bounded", "slider"):
            extra.update(min=self.low, max=self.high)
        maker = {
            "int": w.IntText,
            "bounded": w.BoundedIntText,
            "slider": w.IntSlider,
            "choice": w.Dropdown,
        }[self.kind]
        if self.kind == "choice":
            extra["options"] = list(self.options)
        widget = maker(value=self.value, description=self.label, **extra)
        if self.css:
            widget.add_class(self.css)
        return widget

    def read(self, widget: w.Widget | dict[str, w.Checkbox]) -> Any:
        if isinstance(widget, dict):
            return {name: True for name, box in widget.items() if box.value}
        return widget.value

    def refuse(self, value: Any) -> str | None:
        """Why ``value`` may not run (a translated message), or None when it may."""
        low = self.low if self.low is not None else value
        high = self.high if self.high is not None else value
        if self.kind in ("int", "bounded") and not low <= value <= high:
            return t(self.refusal, label=self.label, low=low, high=high, top=high)
        return None


def seed_setting(value: int) -> Setting:
    """The seed box every seeded lab shows: same seed, same games."""
    return Setting("seed", "int", t("common.seed"), value, width=180)


def games_setting(
    label: str,
    value: int,
    high: int,
    css: str,
    kind: Kind = "bounded",
    width: int = 220,
    **more: Any,
) -> Setting:
    """The number of games every strategy lab asks for, 1 to ``high`` (``bounded`` clamps,
    ``int`` refuses a number out of range with ``refusal``), so the box reads alike in every
    lab."""
    return Setting("games", kind, label, value, 1, high, width=width, css=css, **more)


def lineup_setting(
    name: str,
    label: str,
    lineups: Iterable[str],
    word: Callable[[str], str],
    width: int,
    css: str | None = None,
) -> Setting:
    """Which bots play: a choice among the lab's named line-ups (their names, or a dict keyed
    by them), each worded by ``word``; the first one is chosen until the learner picks
    another."""
    options = [(word(k), k) for k in lineups]
    return Setting(name, "choice", label, options[0][1], options=options, width=width, css=css)


def read_settings(
    settings: Sequence[Setting], controls: Mapping[str, Any], notice: Notice
) -> dict[str, Any] | None:
    """The values of the controls, or None (and the reason in ``notice``) when one is out of
    range: a refused setting runs nothing and changes nothing."""
    values = {s.name: s.read(controls[s.name]) for s in settings}
    for s in settings:
        if reason := s.refuse(values[s.name]):
            notice.error(reason)
            return None
    return values


def slider(
    label: str,
    value: int,
    low: int,
    high: int,
    css: str | None = None,
    width: int | None = None,
    label_width: str | None = None,
) -> w.IntSlider:
    """An integer slider (a lab's live control)."""
    return Setting(
        "", "slider", label, value, low, high, width=width, label_width=label_width, css=css
    ).build()


def checkbox(label: str, css: str | None = None) -> w.Checkbox:
    """An unticked, unindented checkbox as wide as its label."""
    box = w.Checkbox(value=False, description=label, indent=False, layout=w.Layout(width="auto"))
    if css:
        box.add_class(css)
    return box


def button(
    label: str, css: str, icon: str = "play", style: str = "", width: str | None = "auto"
) -> w.Button:
    """A button (as wide as its label, unless ``width`` says otherwise; None: ipywidgets'
    default) with the CSS class a browser test clicks."""
    layout = w.Layout(width=width) if width else w.Layout()
    b = w.Button(description=label, icon=icon, button_style=style, layout=layout)
    b.add_class(css)
    return b


def waiting(bar: w.IntProgress, progress: Progress) -> Progress:
    """What a kernel shows while another one computes the result it needs: the bar says it is
    waiting for the shared result and follows that computation (``progress(done, total)``)."""

    def show(done: int, total: int) -> None:
        bar.description = t("common.waiting")
        bar.style.description_width = "initial"  # the whole sentence, not its first word
        progress(done, total)

    return show


# ---------------------------------------------------------------- batches of games
@dataclass(frozen=True)
class Batch:
    """``n`` seeded games: ``play(n, seed, progress, **params)`` returns their summaries.

    ``play`` is a module-level function and ``params`` plain data, so a batch can be shipped to
    another process and named by :meth:`key`; ``label`` is only what a chart calls it.
    """

    play: Callable[..., list[Any]]
    n: int
    seed: int
    params: Mapping[str, Any] = field(default_factory=dict)
    label: str = ""

    def key(self) -> str:
        """A stable name of what is played (not of the label): equal keys, equal games."""
        what = {"play": f"{self.play.__module__}.{self.play.__qualname__}", "n": self.n}
        return json.dumps({**what, "seed": self.seed, "params": self.params}, sort_keys=True)


@dataclass(frozen=True)
class Action:
    """A button of a lab: ``plan(values)`` lists the batches to play, ``show(values, batches,
    results)`` draws them (one result per batch) and returns what the lab's method returns.

    ``partial``: a batch whose setting the rules refuse (``IllegalAction``) is passed on to
    ``show`` (a sweep skips that row); otherwise the whole press is refused with the rule.
    """

    name: str
    label: str
    css: str
    plan: Callable[[dict[str, Any]], list[Batch]]
    show: Callable[[dict[str, Any], list[Batch], list[Result]], Any]
    icon: str = "play"
    style: str = ""
    partial: bool = False
    width: str | None = "auto"
    nothing: Callable[[], Any] = list  # what the press returns when it runs nothing


def run_action(
    label: str,
    css: str,
    plan: Callable[[dict[str, Any]], list[Batch]],
    show: Callable[[dict[str, Any], list[Batch], list[Result]], Any],
    **more: Any,
) -> Action:
    """A lab's main button, ``run`` (the one :meth:`StrategyLab.run` presses): primary, with
    the play icon."""
    return Action("run", label, css, plan, show, style="primary", **more)


Row = str | Sequence[str]


class StrategyLab(w.VBox):
    """Settings, buttons, progress, notice and summary in one card, the charts below.

    ``rows`` lays the card out by name: a tuple is a row of settings and buttons (a row without
    a button wraps on narrow pages), a bare name (``"bar"``, ``"notice"``, ``"summary"`` or a
    setting) stands alone. Each setting becomes the attribute of its name, each button
    ``<name>_button``.
    """

    illegal = "common.lab.illegal"  # key of the message when the rules refuse a setting

    def __init__(
        self,
        settings: Sequence[Setting],
        actions: Sequence[Action],
        rows: Sequence[Row],
        charts: Sequence[w.Widget],
        summary: tuple[str, str],
        css: str,
        title: str | None = None,
        **kwargs: Any,
    ) -> None:
        self.settings = list(settings)
        self.actions = {a.name: a for a in actions}
        self.shown: dict[str, Any] = {}  # what each button last drew: a lesson's check reads it
        if clash := {s.name for s in self.settings} & set(self.actions):
            raise ValueError(f"a setting and a button share the names {sorted(clash)}")
        self.controls: dict[str, Any] = {}
        for s in self.settings:
            if hasattr(w.VBox, s.name):
                raise ValueError(f"setting name {s.name!r} would hide a widget attribute")
            self.controls[s.name] = s.build()
            setattr(self, s.name, self.controls[s.name])
        self.buttons: dict[str, w.Button] = {}
        for a in actions:
            b = button(a.label, a.css, a.icon, a.style, a.width)
            b.on_click(lambda _b, name=a.name: self.press(name))
            self.buttons[a.name] = b
            setattr(self, f"{a.name}_button", b)
        self.bar = progress_bar()
        self.notice = Notice()
        self.store = cache.shared()  # results shared by the kernels of this machine
        text, summary_css = summary
        self.summary = w.HTML(text)
        self.summary.add_class(summary_css)
        panel = card([self._row(r) for r in rows], title)
        super().__init__([panel, *charts], **kwargs)
        self.add_class(css)

    def _row(self, row: Row) -> w.Widget:
        singles = {"bar": self.bar, "notice": self.notice, "summary": self.summary}
        if isinstance(row, str):
            return singles[row] if row in singles else self.controls[row]
        items: list[w.Widget] = []
        for name in row:
            if name in self.buttons:
                items.append(self.buttons[name])
            elif isinstance(self.controls[name], dict):
                items.extend(self.controls[name].values())
            else:
                items.append(self.controls[name])
        if any(name in self.buttons for name in row):
            return w.HBox(items)
        return w.HBox(items, layout=w.Layout(flex_flow="row wrap"))

    # ---------------------------------------------------------------- running
    def values(self) -> dict[str, Any] | None:
        """The settings now, or None (with the reason shown) when one is out of range."""
        return read_settings(self.settings, self.controls, self.notice)

    def run_games(self, batches: Sequence[Batch], progress: Progress) -> list[Result]:
        """Play every batch, in order: one result per batch, its games or the ``IllegalAction``
        its setting raised. ``progress(done, total)`` counts games over all batches.

        The one call that plays games: each batch goes through the shared result cache
        (:meth:`play_batch`), played on the Dask cluster ``widgets.kit.executor`` configures
        (else in the kernel); there ``progress`` counts the games of finished chunks."""
        total = sum(b.n for b in batches)
        results: list[Result] = []
        done = 0
        for b in batches:
            results.append(self.play_batch(b, lambda i, _n, d=done: progress(d + i, total)))
            done += b.n
            progress(done, total)
        return results

    def play_batch(self, batch: Batch, progress: Progress) -> Result:
        """One batch's games (or the ``IllegalAction`` its setting raised), from the result
        cache when any kernel of this machine (or ``make precompute``) already played it; while
        another kernel plays it, the bar says so and follows that kernel's progress."""
        label = self.bar.description
        try:
            return self.store.fetch(
                batch.key(),
                batch.play.__module__,
                lambda report: executor.play(
                    lambda: batch.play(batch.n, batch.seed, report, **batch.params)
                ),
                progress,
                waiting(self.bar, progress),
            )
        except IllegalAction as e:
            return e
        finally:
            self.bar.description = label

    def press(self, name: str) -> Any:
        """What a button does: read the settings (refuse bad ones), play the batches under the
        progress bar with every button disabled, then draw; a refused press changes nothing."""
        action = self.actions[name]
        values = self.values()
        if values is None:
            return action.nothing()
        batches = action.plan(values)
        for b in self.buttons.values():
            b.disabled = True
        try:
            results = run_with_progress(
                self.bar, sum(b.n for b in batches), lambda p: self.run_games(batches, p)
            )
        finally:
            for b in self.buttons.values():
                b.disabled = False
        refused = [r for r in results if isinstance(r, IllegalAction)]
        if refused and not action.partial:
            game = type(self).__module__.split(".")[1]  # widgets.<game>.strategy
            self.notice.error(
                t(self.illegal, rule=refused[0].rule, reason=refusal(game, refused[0]))
            )
            return action.nothing()
        self.notice.clear()
        self.shown[name] = action.show(values, batches, results)
        return self.shown[name]

    def run(self) -> Any:
        """The lab's main button (the action named ``run``)."""
        return self.press("run")
