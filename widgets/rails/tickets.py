"""Lesson 3 widgets: a ticket's shortest routes on the map, points per train, and the longest
trail of a bot's network walked step by step.

Shortest routes, route points, bot games and the longest trail (its length and one trail of that
length, step by step) all come from gamelib.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from gamelib.core import play_out
from gamelib.rails import bots as rails_bots
from gamelib.rails import rules as rails_rules
from gamelib.rails.routes import longest_trail_steps, shortest_route
from gamelib.rails.scoring import ROUTE_POINTS, player_routes
from widgets.common import boxed, card, dropdown, figure, tagged
from widgets.i18n import t
from widgets.rails.map import PLAYER_COLORS, BoardFigure

BY_TRAINS = "#e67e22"
BY_ROUTES = "#8e44ad"


def bot_game(seed: int, players: int = 3) -> Any:
    """A finished seeded game of planner bots (the end state the trail step draws from)."""
    state = rails_rules.new_game(players, seed=seed)
    bots = [rails_bots.PlannerBot(seed + i) for i in range(players)]
    return play_out(rails_rules, state, bots, max_actions=5_000)


class TicketExplorer(w.VBox):
    """Pick a ticket: its cheapest chain by trains and by number of routes; route points; and
    the longest trail of a bot's network, one route at a time."""

    def __init__(self, seed: int = 3, **kwargs: Any) -> None:
        self.ticket_map = BoardFigure(height=500, legend=False)
        self.board = self.ticket_map.board
        tickets = sorted(self.board.tickets, key=lambda tk: -tk.points)
        self.ticket = dropdown(
            t("rails.tickets.ticket"),
            "rails-ticket-select",
            "420px",
            options=[(f"{tk.a} – {tk.b} ({tk.points} pt)", tk.id) for tk in tickets],
            value=tickets[0].id,
        )
        self.ticket_info = tagged(w.HTML(), "rails-ticket-info")
        self.ticket.observe(lambda _: self._show_ticket(), "value")

        lengths = sorted(ROUTE_POINTS)
        self.points_fig = figure(
            height=340,
            title=t("rails.tickets.points_title"),
            xaxis=dict(title=t("rails.tickets.length_axis"), dtick=1),
            yaxis=dict(title=t("rails.tickets.points_axis")),
            yaxis2=dict(title=t("rails.tickets.per_train_axis"), overlaying="y", side="right"),
            legend=dict(orientation="h", y=-0.25),
        )
        self.points_fig.add_bar(
            x=lengths,
            y=[ROUTE_POINTS[n] for n in lengths],
            name=t("rails.tickets.points"),
            marker_color="#5d6d7e",
        )
        self.points_fig.add_scatter(
            x=lengths,
            y=[ROUTE_POINTS[n] / n for n in lengths],
            name=t("rails.tickets.per_train"),
            yaxis="y2",
            mode="lines+markers",
            line=dict(color="#c0392b", width=3),
        )

        self.trail_map = BoardFigure(height=500, legend=False)
        self.seed = tagged(
            w.IntText(value=seed, description=t("common.seed"), layout=w.Layout(width="180px")),
            "rails-trail-seed",
        )
        self.player = tagged(
            w.Dropdown(description=t("rails.tickets.player")), "rails-trail-player"
        )
        step = w.IntSlider(0, min=0, max=1, description=t("rails.tickets.step"))
        self.step = tagged(step, "rails-trail-step")
        self.step.layout.width = "460px"
        self.trail_info = tagged(w.HTML(), "rails-trail-info")
        self.seed.observe(lambda _: self._new_game(), "value")
        self.player.observe(lambda _: self._new_trail(), "value")
        self.step.observe(lambda _: self._draw_step(), "value")

        self._show_ticket()
        self._new_game()
        super().__init__(self.ticket_panel().children, **kwargs)
        self._points_box: w.VBox | None = None
        self.add_class("rails-tickets")

    # ------------------------------------------------------------------ panels
    def ticket_panel(self) -> w.VBox:
        box = tagged(
            w.VBox(
                [
                    self.ticket,
                    boxed(self.ticket_map.fig, "rails-fig-ticket"),
                    card([self.ticket_info]),
                ]
            ),
            "rails-panel-ticket",
        )
        return box

    def points_panel(self) -> w.VBox:
        """The points chart's panel: one box, built on the first call (a prediction veils the
        chart in place, issue #25)."""
        if self._points_box is None:
            self._points_box = tagged(
                w.VBox([boxed(self.points_fig, "rails-fig-points")]), "rails-panel-points"
            )
        return self._points_box

    def trail_panel(self) -> w.VBox:
        box = tagged(
            w.VBox(
                [
                    w.HBox([self.seed, self.player]),
                    self.step,
                    boxed(self.trail_map.fig, "rails-fig-trail"),
                    card([self.trail_info]),
                ]
            ),
            "rails-panel-trail",
        )
        return box

    # ------------------------------------------------------------------ tickets
    def _show_ticket(self) -> None:
        tk = self.board.tickets[self.ticket.value]
        by_trains = shortest_route(tk.a, tk.b, by="trains")
        by_routes = shortest_route(tk.a, tk.b, by="routes")
        fig = self.ticket_map.fig
        with fig.batch_update():
            self.ticket_map.draw("highlight", by_trains.route_ids, BY_TRAINS, 14)
            self.ticket_map.draw("path", by_routes.route_ids, BY_ROUTES, 5)
            ends = self.ticket_map.trace("steps")
            ends.mode = "markers"
            a, b = self.board.cities[tk.a], self.board.cities[tk.b]
            ends.lon, ends.lat = [a.lon, b.lon], [a.lat, b.lat]
            ends.marker = dict(size=18, color="rgba(0,0,0,0)", line=dict(width=3, color="#000"))

        def describe(key: str, path: Any, colour: str) -> str:
            pts = sum(ROUTE_POINTS[self.board.routes[r].length] for r in path.route_ids)
            return t(
                key,
                colour=colour,
                trains=path.trains,
                routes=path.routes,
                points=pts,
                cities=" → ".join(path.cities),
            )

        self.ticket_info.value = (
            f"<p>{t('rails.tickets.ticket_head', a=tk.a, b=tk.b, points=tk.points)}</p>"
            f"<p>{describe('rails.tickets.by_trains', by_trains, BY_TRAINS)}</p>"
            f"<p>{describe('rails.tickets.by_routes', by_routes, BY_ROUTES)}</p>"
        )

    # ------------------------------------------------------------------ longest trail
    def _new_game(self) -> None:
        self.state = bot_game(self.seed.value)
        options = [(name, p) for p, name in enumerate(self.state.names)]
        self.trails = {
            p: longest_trail_steps(player_routes(self.state, p)) for p in range(self.state.players)
        }
        longest = max(sum(r.length for r, _, _ in tr) for tr in self.trails.values())
        best = next(
            p for p, tr in self.trails.items() if sum(r.length for r, _, _ in tr) == longest
        )
        if self.player.options and [o[1] for o in self.player.options] == [o[1] for o in options]:
            if self.player.value == best:
                self._new_trail()
            else:
                self.player.value = best
        else:
            self.player.options = options
            self.player.value = best
            self._new_trail()

    def _new_trail(self) -> None:
        if self.player.value is None:
            return
        trail = self.trails[self.player.value]
        self.step.max = max(1, len(trail))
        if self.step.value == len(trail):
            self._draw_step()
        else:
            self.step.value = len(trail)

    def _draw_step(self) -> None:
        p = self.player.value
        trail = self.trails[p]
        k = min(self.step.value, len(trail))
        owned = [r.id for r in player_routes(self.state, p)]
        walked = trail[:k]
        with self.trail_map.fig.batch_update():
            self.trail_map.draw("claimed", owned, PLAYER_COLORS[p], 9)
            self.trail_map.draw("highlight", [r.id for r, _, _ in walked], "#00c8ff", 17)
            dot = self.trail_map.trace("steps")
            dot.mode = "markers"
            city = walked[-1][2] if walked else (trail[0][1] if trail else None)
            if city:
                dot.lon = [self.board.cities[city].lon]
                dot.lat = [self.board.cities[city].lat]
            else:
                dot.lon, dot.lat = [], []
            dot.marker = dict(size=16, color="#00c8ff", line=dict(width=2, color="#000"))
        trains = sum(r.length for r, _, _ in walked)
        total = sum(r.length for r, _, _ in trail)
        cities = [trail[0][1]] + [c for _, _, c in walked] if trail else []
        others = ", ".join(
            f"{self.state.names[q]}: {sum(r.length for r, _, _ in tr)}"
            for q, tr in self.trails.items()
        )
        self.trail_info.value = t(
            "rails.tickets.trail_info",
            name=self.state.names[p],
            k=k,
            steps=len(trail),
            trains=trains,
            total=total,
            routes=len(owned),
            cities=" → ".join(cities),
            others=others,
        )
