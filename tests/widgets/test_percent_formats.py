"""plotly's percent formats follow the page's language (issue #12).

plotly writes ``%{y:.1%}`` and ``tickformat=".0%"`` as ``12.3%``; Italian writes ``12,3 %``
(``common.percent``). ``widgets.common.localise_percents`` gives such a figure hover texts and
tick texts in the language's own form; every file of ``widgets/`` that uses a plotly percent
format calls it, and the labs built on an Italian page show no plotly percent format left.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from widgets import i18n
from widgets.common import figure, localise_percents

ROOT = Path(__file__).resolve().parents[2]
PLOTLY_PERCENT = re.compile(r"%\{[xyz]:\.\d%\}|tickformat=\"\.\d%\"")


@pytest.fixture
def italian():
    i18n.set_language("it")
    yield
    i18n.set_language("en")


def plotly_percents(fig) -> list[str]:
    """The plotly percent formats a figure still carries (hover templates, axes, colour bars)."""
    found = [tr.hovertemplate for tr in fig.data if PLOTLY_PERCENT.search(tr.hovertemplate or "")]
    for name in ("xaxis", "yaxis"):
        if "%" in (fig.layout[name].tickformat or ""):
            found.append(name)
    for tr in fig.data:
        bar = getattr(tr, "colorbar", None)
        if bar is not None and "%" in (bar.tickformat or ""):
            found.append(tr.type)
    return found


def test_every_file_with_a_plotly_percent_format_localises_it():
    for path in sorted((ROOT / "widgets").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.name != "common.py" and PLOTLY_PERCENT.search(text):
            assert "localise_percents" in text or "kit.rates_by_group" in text, path


def test_italian_hovers_and_ticks_write_a_decimal_comma_and_a_space(italian):
    fig = figure(yaxis=dict(tickformat=".0%", range=[0, 1.02]))
    fig.add_bar(x=["a", "b"], y=[0.1234, 0.5], hovertemplate="%{x}: %{y:.1%}<extra></extra>")
    localise_percents(fig)
    assert fig.data[0].hovertemplate == "%{x}: %{customdata}<extra></extra>"
    assert fig.data[0].customdata == ("12,3\xa0%", "50,0\xa0%")
    assert fig.layout.yaxis.tickformat is None
    assert fig.layout.yaxis.ticktext[:2] == ("0\xa0%", "20\xa0%")
    with fig.batch_update():  # the hover texts follow the values changed in place
        fig.data[0].y = [0.02, 0.3]
    assert fig.data[0].customdata == ("2,0\xa0%", "30,0\xa0%")
    assert plotly_percents(fig) == []


def test_an_axis_without_a_range_takes_its_ticks_from_the_data(italian):
    fig = figure(yaxis=dict(tickformat=".1%"))
    fig.add_bar(x=[1, 2], y=[0.01, 0.043], hovertemplate="≥ %{x}: %{y:.2%}<extra></extra>")
    localise_percents(fig)
    assert fig.layout.yaxis.ticktext[-1] == "4,0\xa0%"
    fig.data[0].y = [0.2, 0.7]
    assert fig.layout.yaxis.ticktext[-1] == "60,0\xa0%"
    assert fig.data[0].customdata == ("20,00\xa0%", "70,00\xa0%")


def test_english_keeps_plotlys_own_formats():
    fig = figure(yaxis=dict(tickformat=".0%"))
    fig.add_bar(y=[0.1], hovertemplate="%{y:.1%}")
    localise_percents(fig)
    assert fig.layout.yaxis.tickformat == ".0%" and fig.data[0].hovertemplate == "%{y:.1%}"


@pytest.mark.parametrize(
    "build",
    [
        "widgets.logiquo.odds_lab:OddsLab",
        "widgets.rails.odds_lab:OddsLab",
        "widgets.cnw.battle_lab:BattleLab",
        "widgets.airwar.odds_lab:OddsLab",
    ],
)
def test_an_italian_lab_has_no_plotly_percent_left(italian, build):
    import importlib

    module, name = build.split(":")
    lab = getattr(importlib.import_module(module), name)()
    figs = [v for v in vars(lab).values() if hasattr(v, "layout") and hasattr(v, "data")]
    assert figs
    for fig in figs:
        assert plotly_percents(fig) == [], fig.layout.title.text
