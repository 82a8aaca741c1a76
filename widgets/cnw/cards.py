"""Lesson 6 widgets: the Gateway deck (§9). ``CardLab`` shows the 42 gateway cards with their
service symbols, lets the learner pick three and says what the tris is worth (§9.1), charts the
exact chance of holding a tris after k cards, shows the six Operational Contingency cards
(Imprevisti, §9.2) and charts how often they come up. Every number comes from
``gamelib.cnw.cards`` and ``gamelib.cnw.card_odds``; the figures are built once and changed in
place.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from gamelib.cnw import battle, card_census, card_odds
from gamelib.cnw import board as cnw_board
from gamelib.cnw import cards as cnw_cards
from widgets.cnw import words
from widgets.common import (
    boxed,
    button,
    card,
    dropdown,
    figure,
    html_table,
    localise_percents,
    progress_bar,
    run_with_progress,
    tagged,
)
from widgets.i18n import t
from widgets.kit.strategy import number, percent, slider

SYMBOL_COLORS = {
    cnw_cards.TRUCKING: "#f3e2c7",
    cnw_cards.NEXT_FLIGHT_OUT: "#d6e6f5",
    cnw_cards.AIR_CHARTER: "#e3d7f0",
}
LINE_COLORS = {
    cnw_cards.TRUCKING: "#b9770e",
    cnw_cards.NEXT_FLIGHT_OUT: "#2471a3",
    cnw_cards.AIR_CHARTER: "#7d3c98",
}
MAX_HAND = 8  # the tris chart's last hand size: the chance is 1 from the hand limit on
PICKS = 3
GAMES = 60  # seeded bot games behind the "how often in real games" button


def symbol_label(symbol: str) -> str:
    """A service symbol's name. The rulebook's icons (🚚 ✈︎ 🛩) need an emoji font that many
    classroom machines lack, so the cards tell the symbols apart by their tint."""
    return t(f"cnw.cards.symbol.{symbol}")


def tris_label(tris: cnw_cards.Tris) -> str:
    return t(f"cnw.cards.tris.{tris.key}")


def chance_figure(title: str, x_title: str, dtick: int | None = None) -> go.FigureWidget:
    """The lab's two chance charts (a tris, an Imprevisto) read alike: a chance from 0 to 1
    against a count, the legend centred under the plot."""
    fig = figure(
        height=340,
        title=title,
        xaxis=dict(title=x_title, dtick=dtick),
        yaxis=dict(title=t("cnw.cards.chance_axis"), tickformat=".0%", range=[0, 1.05]),
        legend=dict(orientation="h", y=-0.25, x=0.5, xanchor="center", yanchor="top"),
        margin=dict(l=60, r=20, t=50, b=110),
    )
    return localise_percents(fig)  # a fixed range: its ticks need no traces


def imprevisto_name(card: cnw_cards.Imprevisto) -> str:
    """The card's name, with the Italian one beside it on an English page."""
    name = t(f"cnw.cards.imprevisto.{card.key}.name")
    return name if name == card.name_it else f"{name} ({card.name_it})"


class CardLab:
    """Panels for lesson 6: ``panel("deck" | "odds" | "imprevisti" | "often")``."""

    def __init__(self) -> None:
        self.deck = cnw_cards.load()
        self.board = cnw_board.load()
        self.by_code = {c.gateway: c for c in self.deck.gateway_cards}
        self.picked: list[str] = []
        self._syncing = False
        self.toggles: dict[str, w.ToggleButton] = {}
        rows = []
        for symbol in self.deck.symbols:
            row = []
            for c in self.deck.gateway_cards:
                if c.symbol != symbol:
                    continue
                toggle = tagged(
                    w.ToggleButton(
                        value=False,
                        description=c.gateway,
                        tooltip=f"{words.gateway(c.gateway)} · {symbol_label(symbol)}",
                        layout=w.Layout(width="64px"),
                    ),
                    "cnw-card",
                    f"cnw-card-{c.gateway}",
                )
                toggle.style.button_color = SYMBOL_COLORS[symbol]
                toggle.observe(lambda ch, code=c.gateway: self._toggled(code, ch["new"]), "value")
                self.toggles[c.gateway] = toggle
                row.append(toggle)
            head = w.HTML(
                f"<div style='width:150px;padding:4px 8px;border-radius:4px;"
                f"background:{SYMBOL_COLORS[symbol]}'><b>{symbol_label(symbol)}</b></div>",
                layout=w.Layout(width="170px"),
            )
            rows.append(w.HBox([head, w.HBox(row, layout=w.Layout(flex_flow="row wrap"))]))
        self.card_rows = tagged(w.VBox(rows), "cnw-cards")
        self.clear_button = button(t("cnw.cards.clear"), "cnw-cards-clear", "times")
        self.clear_button.on_click(lambda _b: self.pick(()))
        self.result = tagged(w.HTML(), "cnw-tris-result")
        # the odds of a tris after k cards
        self.k = slider(
            t("cnw.cards.hand_size"), 3, 0, MAX_HAND, "cnw-tris-k", 420, label_width="initial"
        )
        self.odds_fig = chance_figure(t("cnw.cards.odds_title"), t("cnw.cards.hand_axis"), 1)
        hands = list(range(MAX_HAND + 1))
        chances = [card_odds.tris_chances(k) for k in hands]
        self.odds_fig.add_scatter(
            name=t("cnw.cards.any_tris"),
            x=hands,
            y=[float(c[card_odds.ANY]) for c in chances],
            mode="lines+markers",
            line=dict(width=4, color="#1e8449"),
        )
        # three of a kind: one line, since every symbol has 14 cards the three lines coincide
        kinds = [tr for tr in self.deck.tris if len(set(tr.symbols)) == 1]
        mixed = [tr for tr in self.deck.tris if len(set(tr.symbols)) > 1]
        same = {tuple(float(c[tr.key]) for c in chances) for tr in kinds}
        lines = (
            [(t("cnw.cards.three_kind"), kinds[0], "#7d3c98")]
            if len(same) == 1
            else [(tris_label(tr), tr, LINE_COLORS[tr.symbols[0]]) for tr in kinds]
        )
        lines += [(tris_label(tr), tr, "#c0392b") for tr in mixed]
        for name, tris, colour in lines:
            self.odds_fig.add_scatter(
                name=name,
                x=hands,
                y=[float(c[tris.key]) for c in chances],
                mode="lines+markers",
                line=dict(width=2, color=colour, dash="dot"),
            )
        self.odds_fig.add_scatter(
            name=t("cnw.cards.your_hand"),
            x=[],
            y=[],
            mode="markers",
            marker=dict(size=16, color="rgba(0,0,0,0)", line=dict(width=3, color="#111")),
        )
        self.odds_info = tagged(w.HTML(), "cnw-tris-odds")
        self.k.observe(lambda _: self.update_odds(), "value")
        # the six Imprevisti
        self.imprevisto = dropdown(
            t("cnw.cards.imprevisto_pick"),
            "cnw-imprevisto-select",
            "520px",
            options=[(imprevisto_name(c), c.key) for c in self.deck.imprevisti],
            value=self.deck.imprevisti[0].key,
            style={"description_width": "initial"},
        )
        self.imprevisti_view = tagged(w.HTML(), "cnw-imprevisti")
        most = len(self.deck.gateway_cards)
        self.draws = slider(t("cnw.cards.draws"), 10, 1, most, "cnw-imp-draws", 480, "initial")
        self.often_fig = chance_figure(t("cnw.cards.often_title"), t("cnw.cards.draws_axis"))
        draws = list(range(0, len(self.deck.gateway_cards) + 1))
        self.often_fig.add_scatter(
            name=t("cnw.cards.some_imprevisto"),
            x=draws,
            y=[float(1 - card_odds.imprevisti_within(d)[0]) for d in draws],
            mode="lines",
            line=dict(width=4, color="#c0392b"),
        )
        self.often_fig.add_scatter(
            name=t("cnw.cards.this_imprevisto"),
            x=draws,
            y=[float(card_odds.imprevisto_seen(d)) for d in draws],
            mode="lines",
            line=dict(width=3, color="#2471a3", dash="dash"),
        )
        self.often_fig.add_scatter(
            name=t("cnw.cards.at_draws"),
            x=[],
            y=[],
            mode="markers",
            marker=dict(size=12, color="#111"),
        )
        self.often_info = tagged(w.HTML(), "cnw-imp-often")
        self.play_button = button(
            t("cnw.cards.play_games", n=GAMES), "cnw-imp-play", "play", button_style="primary"
        )
        self.progress = progress_bar()
        self.games_view = tagged(w.HTML(), "cnw-imp-games")
        self.games: list[card_census.GameCards] = []
        self.play_button.on_click(lambda _b: self.play_games())
        self.imprevisto.observe(lambda _: self.update_imprevisti(), "value")
        self.draws.observe(lambda _: self.update_often(), "value")
        self.update_pick()
        self.update_odds()
        self.update_imprevisti()

    # ---------------------------------------------------------------- the three cards
    def _toggled(self, code: str, on: bool) -> None:
        if self._syncing:
            return
        picked = [c for c in self.picked if c != code]
        if on:
            picked.append(code)
        self.pick(picked[-PICKS:])

    def pick(self, codes: Any) -> None:
        """Hold exactly these gateway cards (at most three; the latest ones win)."""
        self.picked = list(codes)[-PICKS:]
        self._syncing = True
        try:
            for code, toggle in self.toggles.items():
                toggle.value = code in self.picked
        finally:
            self._syncing = False
        self.update_pick()

    def tris_value(self) -> int | None:
        """What the three picked cards are worth as a tris (§9.1), None if they are not one."""
        ids = [self.by_code[c].id for c in self.picked]
        return self.deck.tris_value(ids) if len(ids) == PICKS else None

    def update_pick(self) -> None:
        cards = [self.by_code[c] for c in self.picked]
        shown = ", ".join(f"{c.gateway} {symbol_label(c.symbol)}" for c in cards)
        if len(cards) < PICKS:
            text = t("cnw.cards.pick_more", n=PICKS - len(cards), cards=shown or "—")
        elif (value := self.tris_value()) is None:
            text = t("cnw.cards.not_tris", cards=shown)
        else:
            text = t("cnw.cards.is_tris", cards=shown, pawns=value)
        self.result.value = f"<p>{text}</p>"

    def tris_table(self) -> w.HTML:
        head = "".join(
            f"<th style='padding:2px 10px'>{t(f'cnw.cards.col_{k}')}</th>"
            for k in ("tris", "pawns", "cards")
        )
        rows = "".join(
            f"<tr><td>{tris_label(tr)}</td><td>+{tr.pawns}</td>"
            f"<td>{' + '.join(symbol_label(s) for s in tr.symbols)}</td></tr>"
            for tr in self.deck.tris
        )
        return tagged(w.HTML(f"<table><tr>{head}</tr>{rows}</table>"), "cnw-tris-table")

    # ---------------------------------------------------------------- the odds
    def update_odds(self) -> None:
        k = self.k.value
        chances = card_odds.tris_chances(k)
        with self.odds_fig.batch_update():
            mark = self.odds_fig.data[-1]
            mark.x, mark.y = [k], [float(chances[card_odds.ANY])]
        parts = ", ".join(f"{tris_label(tr)} {percent(chances[tr.key])}" for tr in self.deck.tris)
        self.odds_info.value = t(
            "cnw.cards.odds_info", k=k, any=percent(chances[card_odds.ANY]), parts=parts
        )

    # ---------------------------------------------------------------- the Imprevisti
    def selected_imprevisto(self) -> cnw_cards.Imprevisto:
        return next(c for c in self.deck.imprevisti if c.key == self.imprevisto.value)

    def update_imprevisti(self) -> None:
        tiles = []
        for c in self.deck.imprevisti:
            chosen = c.key == self.imprevisto.value
            border = "3px solid #c0392b" if chosen else "1px solid #bbb"
            tiles.append(
                f"<div style='border:{border};border-radius:8px;padding:6px 10px;width:230px;"
                f"background:#fffaf3'><b>⚠ {html.escape(t(f'cnw.cards.imprevisto.{c.key}.name'))}"
                f"</b><br><i>{html.escape(c.name_it)}</i>"
                f"<p style='margin:4px 0'>{t(f'cnw.cards.imprevisto.{c.key}.text')}</p></div>"
            )
        self.imprevisti_view.value = (
            "<div style='display:flex;flex-wrap:wrap;gap:8px'>" + "".join(tiles) + "</div>"
        )
        self.update_often()

    def update_often(self) -> None:
        d = self.draws.value
        some = 1 - card_odds.imprevisti_within(d)[0]
        this = card_odds.imprevisto_seen(d)
        with self.often_fig.batch_update():
            self.often_fig.data[1].name = t(
                "cnw.cards.this_named", name=t(f"cnw.cards.imprevisto.{self.imprevisto.value}.name")
            )
            mark = self.often_fig.data[2]
            mark.x, mark.y = [d, d], [float(some), float(this)]
        self.often_info.value = t(
            "cnw.cards.often_info",
            d=d,
            some=percent(some),
            name=html.escape(t(f"cnw.cards.imprevisto.{self.imprevisto.value}.name")),
            this=percent(this),
            first=percent(card_odds.imprevisto_next_draw()),
            total=self.deck.size,
            n=len(self.deck.imprevisti),
        )

    # ---------------------------------------------------------------- in real games
    def play_games(self, n: int = GAMES) -> None:
        """Seeded bot games (seeds 0..n-1, 3 players), counted draw by draw (heavy: a button)."""

        def work(progress: Any) -> list[card_census.GameCards]:
            out = []
            for seed in range(n):
                out.append(card_census.play(seed))
                progress(seed + 1)
            return out

        self.play_button.disabled = True
        try:
            self.games = run_with_progress(self.progress, n, work)
        finally:
            self.play_button.disabled = False
        self.show_games()

    def game_rates(self) -> dict[str, tuple[int, int]]:
        """(successes, trials) of the played games: turns with a draw, draws that met an
        Imprevisto, games that met one."""
        g = self.games
        return {
            "turns": (
                sum(x.draws for x in g if not x.reshuffled),
                sum(x.turns for x in g if not x.reshuffled),
            ),
            "draws": (sum(x.hits for x in g), sum(x.draws for x in g)),
            "games": (sum(1 for x in g if x.imprevisti), len(g)),
        }

    def show_games(self) -> None:
        rates = self.game_rates()
        exact_games = sum(1 - card_odds.imprevisti_within(x.draws)[0] for x in self.games)
        exact = {
            "turns": "—",
            "draws": percent(card_odds.imprevisto_next_draw()),
            "games": percent(exact_games / len(self.games)),
        }
        rows = []
        for key, (k, n) in rates.items():
            low, high = battle.wilson_interval(k, n)
            rows.append(
                [
                    t(f"cnw.cards.rate_{key}"),
                    f"{k} / {n}",
                    f"<b>{percent(k / n if n else 0)}</b> [{percent(low)}, {percent(high)}]",
                    exact[key],
                ]
            )
        head = [t(f"cnw.cards.col_{k}") for k in ("measure", "count", "observed", "exact")]
        self.games_view.value = html_table(head, rows) + t(
            "cnw.cards.games_note",
            n=len(self.games),
            last=len(self.games) - 1,
            clean=sum(not x.reshuffled for x in self.games),
            draws=number(sum(x.draws for x in self.games) / len(self.games), 1),
        )

    # ---------------------------------------------------------------- panels
    def panel(self, name: str) -> w.Widget:
        """One step's widget, built once: a cell run again shows the same one, and a check finds
        in it the element its prediction veils."""
        panels = self.__dict__.setdefault("_panels", {})
        if name not in panels:
            panels[name] = self._panel(name)
        return panels[name]

    def _panel(self, name: str) -> w.Widget:
        if name == "deck":
            return tagged(
                card(
                    [
                        self.tris_table(),
                        self.card_rows,
                        w.HBox([self.clear_button]),
                        self.result,
                    ],
                    t("cnw.cards.deck_title", n=len(self.deck.gateway_cards)),
                ),
                "cnw-deck-panel",
            )
        if name == "odds":
            return tagged(
                w.VBox([self.k, boxed(self.odds_fig, "cnw-fig-tris"), self.odds_info]),
                "cnw-odds-panel",
            )
        if name == "imprevisti":
            return tagged(w.VBox([self.imprevisto, self.imprevisti_view]), "cnw-imp-panel")
        if name == "often":
            return tagged(
                w.VBox(
                    [
                        w.HBox([self.imprevisto]),
                        self.draws,
                        boxed(self.often_fig, "cnw-fig-often"),
                        self.often_info,
                        w.HBox([self.play_button]),
                        self.progress,
                        self.games_view,
                    ]
                ),
                "cnw-often-panel",
            )
        raise ValueError(f"no panel {name!r}")
