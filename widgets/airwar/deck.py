"""AirWar cards as tiles, a deck browser with a comparison chart, and a capacity calculator.

Values come from ``gamelib.airwar.cards``; capacities from the engine's own functions
(``rules.attack_capacity``, ``rules.scramble_room``) over a position built by
``gamelib.airwar.scenario``, so what the calculator says is what the game allows.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from gamelib.airwar import cards, rules, scenario
from gamelib.airwar.cards import SIDES, Card
from widgets.airwar.cardtexts import card_name, card_note, card_text
from widgets.common import boxed, card, dropdown, figure, tagged
from widgets.i18n import t

SIDE_COLOURS = {"axis": "#b03a2e", "allies": "#1f618d"}
SIDE_BG = {"axis": "#fdedec", "allies": "#eaf2f8"}
STATS = ("air_to_air", "defense", "bombing", "convoy_attack", "carrier_attack")


def side_label(side: str) -> str:
    return t(f"airwar.side.{side}")


def kind_label(kind: str) -> str:
    return t(f"airwar.kind.{kind}")


def stat_label(stat: str) -> str:
    return t(f"airwar.stat.{stat}")


def card_html(c: Card, count: int = 1, note: str = "") -> str:
    """One card as a small HTML tile: name, side, kind and the values that kind uses."""
    colour = SIDE_COLOURS[c.side]
    rows: list[str] = []
    if c.kind == "aircraft":
        for stat in STATS:
            rows.append(f"{t(f'airwar.short.{stat}')}: <b>{getattr(c, stat)}</b>")
        if c.carrier_based:
            rows.append(f"⚓ {t('airwar.card.carrier_based')}")
    elif c.kind in ("airbase", "carrier"):
        rows.append(f"{t('airwar.card.capacity')}: <b>{c.capacity}</b>")
        rows.append(f"{t('airwar.short.defense')}: <b>{c.defense}</b>")
    else:
        rows.append(html.escape(card_text(c)))
        if c.kind == "battle":
            lasting = t(f"airwar.card.lasting_{c.lasting or 'discard'}")
            rows.append(f"<i>{lasting}</i>")
    copies = f" ×{count}" if count > 1 else ""
    extra = f"<div style='color:#555;font-size:11px'>{note}</div>" if note else ""
    history = card_note(c)  # the card's historical note (#14 §3): the real aircraft, base, unit
    if history:
        extra += (
            "<div class='airwar-card-note' style='margin-top:4px;color:#444;font-size:11px;"
            f"font-style:italic;line-height:1.3'>{html.escape(history)}</div>"
        )
    return (
        f"<div class='airwar-card' style='display:inline-block;vertical-align:top;width:170px;"
        f"min-height:120px;margin:3px;padding:6px;border:2px solid {colour};border-radius:8px;"
        f"background:{SIDE_BG[c.side]};font-size:12px;color:#111'>"
        f"<div style='color:{colour};font-weight:bold;font-size:13px'>"
        f"{html.escape(card_name(c))}{copies}</div>"
        f"<div style='color:#555'>{kind_label(c.kind)} · {side_label(c.side)}</div>"
        f"<div style='margin-top:4px;line-height:1.35'>{'<br>'.join(rows)}</div>{extra}</div>"
    )


def face_down_html(label: str = "?") -> str:
    """A face-down card (a mission card the viewer may not see)."""
    return (
        "<div class='airwar-facedown' style='display:inline-block;vertical-align:top;width:60px;"
        "height:84px;margin:3px;border:2px solid #566573;border-radius:8px;"
        "background:repeating-linear-gradient(45deg,#85929e,#85929e 6px,#aab7b8 6px,#aab7b8 12px);"
        f"color:#fff;font-weight:bold;text-align:center;line-height:84px'>{label}</div>"
    )


def card_types(side: str = "", kind: str = "") -> list[tuple[Card, int]]:
    """One entry per card type (first copy, number of copies), filtered by side and kind."""
    out = []
    for s in SIDES:
        if side and s != side:
            continue
        for c in cards.load()[s]:
            if c.copy == 1 and (not kind or c.kind == kind):
                out.append((c, c.copies))
    return out


def _dropdown(options: list[tuple[str, str]], value: str, key: str, css: str) -> w.Dropdown:
    d = w.Dropdown(options=options, value=value, description=t(key), layout=w.Layout(width="300px"))
    d.add_class(css)
    return d


class CardBrowser(w.VBox):
    """Both decks as tiles, filtered by side and kind, and a scatter comparing two values of
    every aircraft type (the chart follows the side filter)."""

    def __init__(self, **kwargs: Any) -> None:
        self.side = _dropdown(
            [(t("airwar.deck.both"), "")] + [(side_label(s), s) for s in SIDES],
            "",
            "airwar.deck.side",
            "airwar-side",
        )
        self.kind = _dropdown(
            [(t("airwar.deck.all"), "")] + [(kind_label(k), k) for k in cards.KINDS],
            "aircraft",
            "airwar.deck.kind",
            "airwar-kind",
        )
        stat_options = [(stat_label(s), s) for s in STATS]
        self.x_stat = _dropdown(stat_options, "air_to_air", "airwar.deck.x", "airwar-x")
        self.y_stat = _dropdown(stat_options, "defense", "airwar.deck.y", "airwar-y")
        self.summary = tagged(w.HTML(), "airwar-deck-summary")
        self.tiles = tagged(
            w.HTML(layout=w.Layout(max_height="520px", overflow="auto")), "airwar-tiles"
        )
        self.fig = figure(
            height=420,
            title=t("airwar.deck.scatter_title"),
            xaxis=dict(dtick=1),
            yaxis=dict(dtick=1),
            legend=dict(orientation="h", y=-0.2),
        )
        for s in SIDES:
            self.fig.add_scatter(
                mode="markers+text",
                name=side_label(s),
                textposition="top center",
                marker=dict(size=14, color=SIDE_COLOURS[s], opacity=0.75),
                hovertemplate="%{customdata}<extra></extra>",
            )
        for control in (self.side, self.kind, self.x_stat, self.y_stat):
            control.observe(lambda _: self.refresh(), "value")
        self.refresh()
        super().__init__(
            [
                card([w.HBox([self.side, self.kind]), self.summary, self.tiles]),
                card([w.HBox([self.x_stat, self.y_stat]), boxed(self.fig, "airwar-fig-scatter")]),
            ],
            **kwargs,
        )
        self.add_class("airwar-browser")

    def refresh(self) -> None:
        shown = card_types(self.side.value, self.kind.value)
        total = sum(n for _, n in shown)
        self.summary.value = t("airwar.deck.summary", types=len(shown), cards=total)
        self.tiles.value = "".join(card_html(c, n) for c, n in shown)
        xs, ys = self.x_stat.value, self.y_stat.value
        with self.fig.batch_update():
            for trace, s in zip(self.fig.data, SIDES, strict=True):
                planes = (
                    [c for c, _ in card_types(s, "aircraft")]
                    if not self.side.value or self.side.value == s
                    else []
                )
                # types with equal values share one marker; a small side offset keeps the two
                # decks apart
                groups: dict[tuple[int, int], list[Card]] = {}
                for c in planes:
                    groups.setdefault((getattr(c, xs), getattr(c, ys)), []).append(c)
                shift = -0.08 if s == "axis" else 0.08
                trace.x = [x + shift for x, _ in groups]
                trace.y = [y for _, y in groups]
                names = {xy: [card_name(c) for c in g] for xy, g in groups.items()}
                trace.text = [", ".join(n.split()[-1] for n in ns) for ns in names.values()]
                trace.customdata = [
                    f"{', '.join(ns)}: {stat_label(xs)} {x}, {stat_label(ys)} {y}"
                    for (x, y), ns in names.items()
                ]
            self.fig.layout.xaxis.title = stat_label(xs)
            self.fig.layout.yaxis.title = stat_label(ys)


def hosts(side: str, kind: str) -> list[Card]:
    return [c for c in cards.load()[side] if c.kind == kind]


def host_option(c: Card) -> tuple[str, str]:
    """A drop-down entry for an airbase or carrier: its name and Capacity."""
    return (f"{card_name(c)} ({c.capacity})", c.id)


class CapacityCalculator(w.VBox):
    """Pick the airbases and carriers a side has in play: how many aircraft may fly in each
    stage and how many may intercept, computed by the engine (§Basi Aeree, §Portaerei,
    §Fase Attacco, §Fase Intercetto)."""

    def __init__(self, side: str = "allies", **kwargs: Any) -> None:
        self.side = _dropdown(
            [(side_label(s), s) for s in SIDES], side, "airwar.deck.side", "airwar-cap-side"
        )
        self.bases = tagged(
            w.SelectMultiple(
                description=t("airwar.cap.bases"), rows=5, layout=w.Layout(width="330px")
            ),
            "airwar-cap-bases",
        )
        self.carriers = tagged(
            w.SelectMultiple(
                description=t("airwar.cap.carriers"), rows=4, layout=w.Layout(width="330px")
            ),
            "airwar-cap-carriers",
        )
        self.builder = dropdown(t("airwar.cap.builder"), "airwar-cap-builder", "330px")
        self.result = tagged(w.HTML(), "airwar-cap-result")
        self.fig = figure(
            height=340,
            title=t("airwar.cap.title"),
            barmode="stack",
            yaxis=dict(title=t("airwar.cap.aircraft"), dtick=1),
            legend=dict(orientation="h", y=-0.25),
        )
        self.fig.add_bar(name=t("airwar.cap.base_room"), marker_color="#1f618d")
        self.fig.add_bar(name=t("airwar.cap.war_room"), marker_color="#f5b041")
        self._filling = False
        self.side.observe(lambda _: self._fill(), "value")
        for control in (self.bases, self.carriers, self.builder):
            control.observe(lambda _: self.refresh(), "value")
        self._fill()
        super().__init__(
            [
                card(
                    [
                        self.side,
                        w.HBox([self.bases, self.carriers]),
                        self.builder,
                        self.result,
                    ]
                ),
                boxed(self.fig, "airwar-fig-capacity"),
            ],
            **kwargs,
        )
        self.add_class("airwar-capacity")

    def _fill(self) -> None:
        """Options for the chosen side; the starting base (§Il Gioco) and one carrier chosen."""
        s = self.side.value
        start = cards.constants()["start_bases"][s]
        self._filling = True
        self.bases.options = [host_option(c) for c in hosts(s, "airbase")]
        self.carriers.options = [host_option(c) for c in hosts(s, "carrier")]
        self.bases.value = (start,)
        self.carriers.value = (hosts(s, "carrier")[0].id,)
        self._filling = False
        self._builder_options()
        self.refresh()

    def _builder_options(self) -> None:
        war = [c for c in cards.load()[self.side.value] if c.effect == "base_capacity"][0]
        keep = self.builder.value
        opts = [(t("airwar.cap.no_builder"), "")] + [
            (t("airwar.cap.builder_on", card=card_name(war), base=card_name(b)), b)
            for b in self.bases.value
        ]
        self.builder.options = opts
        self.builder.value = keep if keep in [v for _, v in opts] else ""

    def position(self) -> Any:
        """The chosen hosts in play for the side (the other side keeps its starting base)."""
        s = self.side.value
        bases = list(self.bases.value)
        war: dict[str, dict[str, str]] = {}
        if self.builder.value in bases:
            builder = [c for c in cards.load()[s] if c.effect == "base_capacity"][0]
            war = {s: {builder.id: self.builder.value}}
        other = SIDES[1 - SIDES.index(s)]
        start = cards.constants()["start_bases"]
        return scenario.build(
            active=other,
            bases={s: bases, other: [start[other]]},
            carriers={s: list(self.carriers.value)},
            war=war,
        )

    def numbers(self) -> dict[str, int]:
        """Mission sizes (as attacker) and interceptors (as defender), from the engine."""
        state = self.position()
        p = SIDES.index(self.side.value)
        fly_bases = rules.attack_capacity(state, p, "airbase")
        fly_carriers = rules.attack_capacity(state, p, "carrier")
        vs_resources = sum(rules.scramble_room(state, "resources"))
        carrier_target = self.carriers.value[0] if self.carriers.value else None
        vs_carrier = sum(rules.scramble_room(state, carrier_target)) if carrier_target else None
        return {
            "fly_bases": fly_bases,
            "fly_carriers": fly_carriers,
            "vs_resources": vs_resources,
            "vs_carrier": vs_carrier if vs_carrier is not None else 0,
        }

    def refresh(self) -> None:
        if self._filling:
            return
        if self.builder.value not in self.bases.value:
            self._builder_options()
        state = self.position()
        p = SIDES.index(self.side.value)
        n = self.numbers()
        carrier_line = t("airwar.cap.vs_carrier", n=n["vs_carrier"]) if self.carriers.value else ""
        self.result.value = (
            t(
                "airwar.cap.result",
                fly_bases=n["fly_bases"],
                fly_carriers=n["fly_carriers"],
                vs_resources=n["vs_resources"],
            )
            + carrier_line
            + "</ul>"
        )
        names, plain, extra = [], [], []
        for h in list(self.bases.value) + list(self.carriers.value):
            names.append(card_name(h))
            cap = rules.host_capacity(state, p, h)
            plain.append(cards.card(h).capacity)
            extra.append(cap - cards.card(h).capacity)
        with self.fig.batch_update():
            self.fig.data[0].x = names
            self.fig.data[0].y = plain
            self.fig.data[1].x = names
            self.fig.data[1].y = extra
