"""The real 1942 Pacific campaign behind AirWar: a timeline of Rabaul, the Coral Sea, Midway
and Guadalcanal, tied to the cards on a seeded table, and the cards of each campaign with their
historical notes.

Thin view over :mod:`gamelib.airwar.history`: the dates, the ties and the table all come from
there; the figure is built once and changed in place.
"""

from __future__ import annotations

import datetime as dt
import html

import ipywidgets as w

from gamelib.airwar import cards, history
from widgets.airwar.cardtexts import card_name
from widgets.airwar.deck import card_html
from widgets.common import boxed, dropdown, seed_box, tagged
from widgets.i18n import t
from widgets.kit.strategy import chart, redraw

IN_PLAY, QUIET = "#b9770e", "#aab7b8"
MAX_TURNS = 12


def campaign_label(cid: str) -> str:
    """A campaign's name in the page's language."""
    return t(f"airwar.history.campaign.{cid}")


def date_text(day: dt.date) -> str:
    """A date as the page's language writes it (4 June 1942, 4 giugno 1942)."""
    return t(
        "airwar.history.date",
        day=day.day,
        month=t(f"airwar.history.month.{day.month}"),
        year=day.year,
    )


def simplifications_html() -> str:
    """Where the game simplifies history, one line each (the codes are gamelib's)."""
    items = "".join(
        f"<li>{t(f'airwar.history.simplify.{code}')}</li>" for code in history.simplifications()
    )
    return f"<ul class='airwar-history-simplify'>{items}</ul>"


class Simplifications(w.HTML):
    """Where the game simplifies history, as a list (read, then weigh in the lesson's check)."""

    def __init__(self) -> None:
        super().__init__(simplifications_html())
        self.add_class("airwar-history-simplifications")


class CampaignTimeline(w.VBox):
    """The four campaigns on a time axis; a seeded bot game played to a chosen turn puts its
    cards on the table, and a bar turns gold when cards in play recall that campaign. ``cards_box``
    (shown on its own, under the next step): a campaign's cards as tiles with their notes,
    those in play marked."""

    def __init__(self, seed: int = 1, turns: int = 4) -> None:
        label = t("airwar.history.seed")
        self.seed = seed_box(seed, "airwar-history-seed", label=label, bounds=(0, 9999))
        self.turns = tagged(
            w.IntSlider(
                value=turns,
                min=0,
                max=MAX_TURNS,
                description=t("airwar.history.turns"),
                style={"description_width": "initial"},
                layout=w.Layout(width="360px", max_width="100%"),
            ),
            "airwar-history-turns",
        )
        self.campaign = dropdown(
            t("airwar.history.show"),
            "airwar-history-campaign",
            "340px",
            options=[(campaign_label(c.id), c.id) for c in history.campaigns()],
        )
        self.campaign.style.description_width = "initial"
        self.fig = chart(
            300,
            t("airwar.history.title"),
            xaxis=dict(type="date"),
            yaxis=dict(autorange="reversed", automargin=True),
            showlegend=False,
            margin=dict(l=10, r=20, t=60, b=40),
        )
        labels = [campaign_label(c.id) for c in history.campaigns()]
        self.fig.add_bar(
            y=labels,
            base=[c.start.isoformat() for c in history.campaigns()],
            x=[c.days * 86_400_000 for c in history.campaigns()],  # ms: a date axis's unit
            orientation="h",
            marker_color=[QUIET] * len(labels),
            width=0.5,
        )
        self.fig.add_scatter(
            y=labels,
            x=[c.start.isoformat() for c in history.campaigns()],
            mode="text",
            textposition="top right",
            text=[""] * len(labels),
            hoverinfo="skip",
        )
        self.summary = tagged(w.HTML(), "airwar-history-summary")
        self.tiles = tagged(
            w.HTML(layout=w.Layout(max_height="560px", overflow="auto")), "airwar-history-tiles"
        )
        for control in (self.seed, self.turns, self.campaign):
            control.observe(lambda _c: self.draw(), "value")
        self.cards_box = tagged(w.VBox([self.campaign, self.tiles]), "airwar-history-cards")
        super().__init__(
            [
                w.HBox([self.seed, self.turns], layout=w.Layout(flex_flow="row wrap")),
                self.summary,
                boxed(self.fig, "airwar-history-timeline"),
            ]
        )
        self.draw()

    def state(self):  # noqa: ANN201 - an AirWarState
        """The seeded table the page shows."""
        return history.table_after(int(self.seed.value), int(self.turns.value))

    def recalled(self) -> dict[str, tuple[str, ...]]:
        """Campaign id -> type ids in play tied to it (what the timeline marks)."""
        return history.recalled(self.state())

    def draw(self) -> None:
        state = self.state()
        rec = history.recalled(state)
        campaigns = history.campaigns()
        hover = [
            f"{html.escape(campaign_label(c.id))}<br>{date_text(c.start)} – {date_text(c.end)}<br>"
            + (", ".join(html.escape(card_name(cards.card(i))) for i in _ids(rec[c.id])) or "—")
            for c in campaigns
        ]
        redraw(
            self.fig,
            dict(
                marker_color=[IN_PLAY if rec[c.id] else QUIET for c in campaigns],
                hovertext=hover,
                hoverinfo="text",
            ),
            dict(text=[t("airwar.history.in_play_n", n=len(rec[c.id])) for c in campaigns]),
        )
        on_table = history.in_play(state)
        self.summary.value = t(
            "airwar.history.summary",
            turn=min(state.turn, int(self.turns.value) + 1) - 1,
            n=len(on_table),
            names=", ".join(html.escape(card_name(cards.card(i))) for i in _ids(on_table)),
        )
        chosen = history.campaign(self.campaign.value)
        tiles = []
        for type_id in chosen.cards:
            c = cards.card(_ids((type_id,))[0])
            mark = t("airwar.history.on_table") if type_id in on_table else ""
            tiles.append(card_html(c, note=mark))
        head = t(
            "airwar.history.campaign_head",
            name=html.escape(campaign_label(chosen.id)),
            start=date_text(chosen.start),
            end=date_text(chosen.end),
            about=t(f"airwar.history.about.{chosen.id}"),
        )
        self.tiles.value = f"<div>{head}</div>" + "".join(tiles)


def _ids(type_ids: tuple[str, ...]) -> list[str]:
    """The card id of each type's first copy (what ``cards.card`` takes)."""
    first = {c.type_id: c.id for c in cards.by_id().values() if c.copy == 1}
    return [first[i] for i in type_ids]
