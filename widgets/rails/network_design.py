"""Rails lesson 6 widgets: a set of tickets as a network-design problem (issue #14 §3).

``NetworkDesignLab`` has two panels over ``gamelib.rails.steiner``: ``"steiner"`` (tick up to
four tickets; the exact cheapest network, networkx's Steiner-tree approximation and the planner
bot's plan, each on the map, in a bar chart of trains and in words) and ``"cards"`` (one ticket:
the shortest route on the ground in km against the cheapest in cards and the fewest routes).
Figures are built once and changed in place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import ipywidgets as w

from gamelib.rails import steiner
from gamelib.rails.board import Route, load
from gamelib.rails.scoring import ROUTE_POINTS
from widgets.common import Notice, boxed, card, dropdown, figure, html_table, tagged
from widgets.i18n import t
from widgets.kit.strategy import number
from widgets.rails.map import BoardFigure

ANSWERS = ("exact", "approximate", "bot")
ANSWER_COLOURS = {"exact": "#009e73", "approximate": "#e69f00", "bot": "#0072b2"}
WAY_COLOURS = {"by_km": "#d55e00", "by_trains": "#009e73", "by_routes": "#cc79a7"}
MAX_TICKETS = 4  # the exact answer grows like 3^cities: four tickets stay well under a second
START = (12, 13, 19)  # a first set where both the bot and the approximation pay more


def route_ids(pairs: Iterable[Sequence[str]]) -> list[int]:
    """The board's route for each city pair (the shorter of a double, the first if equal)."""
    board = load()
    out = []
    for a, b in pairs:
        routes: list[Route] = board.routes_between(a, b)
        out.append(min(routes, key=lambda r: (r.length, r.id)).id)
    return out


class NetworkDesignLab:
    """Panels for lesson 6: ``panel("steiner" | "cards")``."""

    def __init__(self) -> None:
        self.map = BoardFigure(height=480, legend=False)
        self.board = self.map.board
        labels = [(f"{tk.a} – {tk.b} ({tk.points} pt)", tk.id) for tk in self.board.tickets]
        self.tickets = tagged(
            w.SelectMultiple(
                options=labels,
                value=START,
                rows=8,
                description=t("rails.design.tickets"),
                layout=w.Layout(width="420px", max_width="100%"),
            ),
            "rails-design-tickets",
        )
        self.answer = tagged(
            w.ToggleButtons(
                options=[(t(f"rails.design.answer.{a}"), a) for a in ANSWERS],
                value="exact",
                description=t("rails.design.show"),
                style={"button_width": "auto"},
            ),
            "rails-design-answer",
        )
        self.notice = Notice()
        self.info = tagged(w.HTML(), "rails-design-info")
        self.bars = figure(
            height=300,
            title=t("rails.design.bars_title"),
            yaxis=dict(title=t("rails.design.trains_axis")),
            showlegend=False,
        )
        self.bars.add_bar(
            x=[t(f"rails.design.answer.{a}") for a in ANSWERS],
            y=[0, 0, 0],
            marker_color=[ANSWER_COLOURS[a] for a in ANSWERS],
            text=["", "", ""],
            textposition="outside",
            cliponaxis=False,  # the tallest bar's label stays inside the chart
        )
        self.design = steiner.design(START)
        self.tickets.observe(lambda _: self.update_design(), "value")
        self.answer.observe(lambda _: self.draw_answer(), "value")

        self.ticket = dropdown(
            t("rails.design.ticket"),
            "rails-design-ticket",
            "420px",
            options=labels,
            value=steiner.dearer_by_km()[0][0],
        )
        self.cards_map = BoardFigure(height=480, legend=False)
        self.cards_info = tagged(w.HTML(), "rails-design-cards-info")
        self.ticket.observe(lambda _: self.update_ways(), "value")
        self._panels: dict[str, w.Widget] = {}
        self.update_design()
        self.update_ways()

    # ------------------------------------------------------------------ Steiner
    def update_design(self) -> None:
        """Recompute the three answers for the ticked tickets (refusing more than four)."""
        chosen = tuple(self.tickets.value)
        if not chosen:
            self.notice.error(t("rails.design.none"))
            return
        if len(chosen) > MAX_TICKETS:
            self.notice.error(t("rails.design.too_many", n=MAX_TICKETS))
            return
        self.notice.clear()
        self.design = steiner.design(chosen)
        trains = self.design.trains
        with self.bars.batch_update():
            self.bars.data[0].y = [trains[a] for a in ANSWERS]
            self.bars.data[0].text = [str(trains[a]) for a in ANSWERS]
        rows = [
            [
                f"<span style='color:{ANSWER_COLOURS[a]}'>■</span> {t(f'rails.design.answer.{a}')}",
                f"<b>{trains[a]}</b>",
                str(len(getattr(self.design, a))),
                number(trains[a] - trains["exact"], 0),
            ]
            for a in ANSWERS
        ]
        head = [
            "",
            t("rails.design.col_trains"),
            t("rails.design.col_routes"),
            t("rails.design.col_extra"),
        ]
        cities = ", ".join(steiner.cities(chosen))
        self.info.value = (
            html_table(head, rows) + f"<p>{t('rails.design.cities', cities=cities)}</p>"
        )
        self.draw_answer()

    def draw_answer(self) -> None:
        """Draw the chosen answer's routes and mark the tickets' cities."""
        edges = getattr(self.design, self.answer.value)
        with self.map.fig.batch_update():
            self.map.draw("highlight", route_ids(edges), ANSWER_COLOURS[self.answer.value], 12)
            self._mark(self.map, steiner.cities(self.design.tickets))

    def _mark(self, drawing: BoardFigure, cities: Sequence[str]) -> None:
        ends = drawing.trace("steps")
        ends.mode = "markers"
        ends.lon = [self.board.cities[c].lon for c in cities]
        ends.lat = [self.board.cities[c].lat for c in cities]
        ends.marker = dict(size=18, color="rgba(0,0,0,0)", line=dict(width=3, color="#000"))

    # ------------------------------------------------------------------ km against cards
    def update_ways(self) -> None:
        """Draw the shortest route on the ground and the cheapest in cards for the ticket."""
        tk = self.board.tickets[self.ticket.value]
        ways = steiner.ways(tk.a, tk.b)
        self.ways = ways
        with self.cards_map.fig.batch_update():
            self.cards_map.draw(
                "highlight", route_ids(_legs(ways.by_trains)), WAY_COLOURS["by_trains"], 14
            )
            self.cards_map.draw("path", route_ids(_legs(ways.by_km)), WAY_COLOURS["by_km"], 5)
            self._mark(self.cards_map, (tk.a, tk.b))
        rows = []
        for key in ("by_km", "by_trains", "by_routes"):
            path = getattr(ways, key)
            trains, km, routes = steiner.Ways.cost(path)
            ids = route_ids(_legs(path))
            label = t(f"rails.design.way.{key}")
            rows.append(
                [
                    f"<span style='color:{WAY_COLOURS[key]}'>■</span> {label}",
                    f"<b>{trains}</b>",
                    number(km, 0, grouping=True),
                    str(routes),
                    str(sum(ROUTE_POINTS[self.board.routes[r].length] for r in ids)),
                    " → ".join(path),
                ]
            )
        head = [
            "",
            t("rails.design.col_cards"),
            t("rails.design.col_km"),
            t("rails.design.col_routes"),
            t("rails.design.col_points"),
            t("rails.design.col_cities"),
        ]
        self.cards_info.value = html_table(head, rows)

    # ------------------------------------------------------------------ panels
    def panel(self, name: str) -> w.Widget:
        """One step's widget: one box a step, built on the first call (a prediction veils its
        table and bars in place, issue #25)."""
        if name not in self._panels:
            self._panels[name] = self._panel(name)
        return self._panels[name]

    def _panel(self, name: str) -> w.Widget:
        if name == "steiner":
            return tagged(
                w.VBox(
                    [
                        w.HBox([self.tickets, self.answer], layout=w.Layout(flex_flow="row wrap")),
                        self.notice,
                        boxed(self.map.fig, "rails-fig-design"),
                        card([self.info]),
                        boxed(self.bars, "rails-fig-design-bars"),
                    ]
                ),
                "rails-design-steiner",
            )
        if name == "cards":
            return tagged(
                w.VBox(
                    [
                        self.ticket,
                        boxed(self.cards_map.fig, "rails-fig-design-cards"),
                        card([self.cards_info]),
                    ]
                ),
                "rails-design-cards",
            )
        raise ValueError(f"no panel {name!r}")


def _legs(path: Sequence[str]) -> list[tuple[str, str]]:
    return list(zip(path, path[1:], strict=False))
