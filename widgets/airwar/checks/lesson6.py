"""The checks of AirWar lesson 6 (the real campaign): the order of the campaigns, which campaign
a table's cards recall, which campaign a card's note tells of, and where the game simplifies.

The dates, the ties between cards and campaigns and the seeded tables are
:mod:`gamelib.airwar.history`'s; which card belongs to which campaign is this project's reading
of the notes, and the explanations say so.
"""

from __future__ import annotations

import html
import random
from typing import Any

import ipywidgets as w

from gamelib.airwar import cards, history
from widgets.airwar.campaign import (
    MAX_TURNS,
    CampaignTimeline,
    _ids,
    campaign_label,
    date_text,
)
from widgets.airwar.cardtexts import card_name, card_note
from widgets.airwar.checks.common import ladder
from widgets.i18n import t
from widgets.kit.check import Choice, Order, Reflect, Variant, lesson_score, stack
from widgets.kit.check_kinds import PredictChoice, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts

_t = CheckTexts("airwar", "lesson6")


def _options() -> list[tuple[str, str]]:
    """The campaigns as answers, by name (not in date order: that is a question)."""
    return sorted(((campaign_label(c.id), c.id) for c in history.campaigns()), key=lambda o: o[0])


def l6_order(timeline: CampaignTimeline) -> Order:
    order = tuple(c.id for c in history.campaigns())
    dates = "; ".join(
        f"{html.escape(campaign_label(c.id))} {date_text(c.start)}" for c in history.campaigns()
    )
    return Order(
        "aw6-order",
        _t("order", "question"),
        order,
        options=_options(),
        explanation=_t("order", "explain", dates=dates),
        **ladder(_t, "order"),
    )


def days(c: history.Campaign) -> int:
    """A campaign's length in days, its first and last day counted."""
    return (c.end - c.start).days + 1


def longest() -> str:
    """The campaign that lasted longest."""
    return max(history.campaigns(), key=days).id


def l6_predict(timeline: CampaignTimeline) -> PredictChoice:
    """Predict, then see: which campaign lasted longest, before the timeline shows the bars (the
    famous battles were days long; the siege of a base, years)."""
    lengths = "; ".join(
        _t("predict", "length", name=html.escape(campaign_label(c.id)), days=days(c))
        for c in history.campaigns()
    )
    return PredictChoice(
        "aw6-predict",
        _t("predict", "question"),
        longest(),
        options=_options(),
        reveals=find_tagged(timeline, "airwar-history-timeline"),
        inside=timeline,
        explanation=_t(
            "predict", "explain", lengths=lengths, name=html.escape(campaign_label(longest()))
        ),
    )


def _table_setting(seed: int, level: int = 0) -> tuple[int, int]:
    """(table seed, turns played) of variant ``seed``: 3 turns at level -1 (few cards on the
    table), the most turns at +1 (many cards, close counts), any number between at 0."""
    rng = random.Random(seed)
    table, turns = rng.randrange(1, 500), rng.randrange(3, MAX_TURNS + 1)
    if level < 0:
        return table, 3
    if level > 0:
        return table, MAX_TURNS
    return table, turns


def l6_recalled(timeline: CampaignTimeline) -> Choice:
    def variant(seed: int, level: int = 0) -> Variant:
        table, turns = _table_setting(seed, level)
        state = history.table_after(table, turns)
        rec = history.recalled(state)
        best = history.most_recalled(state)

        def show() -> None:
            timeline.seed.value = table
            timeline.turns.value = turns

        counts = ", ".join(f"{html.escape(campaign_label(c))} {len(ids)}" for c, ids in rec.items())
        return Variant(
            _t("recalled", "question", seed=table, turns=turns),
            best,
            _t(
                "recalled",
                "explain",
                counts=counts,
                names=", ".join(
                    html.escape(card_name(cards.card(i)))
                    for b in sorted(best)
                    for i in _ids(rec[b])
                ),
            ),
            on_explain=show,
        )

    return Choice(
        "aw6-recalled",
        new_question=variant,
        options=_options(),
        **ladder(_t, "recalled"),
    )


def _tied_cards() -> list[str]:
    return [c.type_id for c in history.noted_cards() if history.campaigns_of(c.type_id)]


def card_setting(seed: int, level: int = 0) -> tuple[str, bool]:
    """(the card type, whether the question asks for its earliest campaign) of variant ``seed``:
    a card of one campaign at level -1, any tied card at 0, at +1 a card of two or more
    campaigns and the first of them in time."""
    tied = _tied_cards()
    if level < 0:
        tied = [c for c in tied if len(history.campaigns_of(c)) == 1]
    elif level > 0:
        tied = [c for c in tied if len(history.campaigns_of(c)) > 1]
    return tied[random.Random(seed).randrange(len(tied))], level > 0


def first_campaign(type_id: str) -> str:
    """The earliest campaign a card type is tied to."""
    starts = {c.id: c.start for c in history.campaigns()}
    return min(history.campaigns_of(type_id), key=lambda x: starts[x])


def l6_card_campaign(timeline: CampaignTimeline) -> Choice:
    def variant(seed: int, level: int = 0) -> Variant:
        type_id, earliest = card_setting(seed, level)
        c = cards.card(_ids((type_id,))[0])
        where = history.campaigns_of(type_id)

        def show() -> None:
            timeline.campaign.value = where[0]

        name, note = html.escape(card_name(c)), html.escape(card_note(c))
        campaigns = ", ".join(html.escape(campaign_label(x)) for x in where)
        if earliest:
            first = first_campaign(type_id)
            return Variant(
                _t("card", "question_first", name=name, note=note),
                first,
                _t(
                    "card",
                    "explain_first",
                    name=name,
                    campaigns=campaigns,
                    first=html.escape(campaign_label(first)),
                ),
                on_explain=show,
            )
        return Variant(
            _t("card", "question", name=name, note=note),
            frozenset(where),
            _t("card", "explain", name=name, campaigns=campaigns),
            on_explain=show,
        )

    return Choice(
        "aw6-card-campaign",
        new_question=variant,
        options=_options(),
        **ladder(_t, "card"),
    )


TWO_REASONS = ("random", "fought", "carriers", "overlap")  # the options, in the page's order


def two_campaign_facts() -> dict[str, Any]:
    """What the reasons about cards of two campaigns are refuted with (history's ties)."""
    noted = [c.type_id for c in history.noted_cards()]
    by_count = {n: [c for c in noted if len(history.campaigns_of(c)) == n] for n in (0, 1, 2, 3)}
    ships = [c for c in noted if cards.card(_ids((c,))[0]).kind == "carrier"]
    single_ships = [c for c in ships if len(history.campaigns_of(c)) <= 1]
    by_id = {c.id: c for c in history.campaigns()}
    coral, midway = by_id["coral_sea"], by_id["midway"]
    two = [c for c in noted if len(history.campaigns_of(c)) > 1]
    return {
        "none": len(by_count[0]),
        "one": len(by_count[1]),
        "two": len(noted) - len(by_count[0]) - len(by_count[1]),
        "ships": len(ships),
        "single": len(single_ships),
        "names": ", ".join(html.escape(card_name(cards.card(_ids((c,))[0]))) for c in single_ships)
        or "—",
        "coral_end": date_text(coral.end),
        "midway_start": date_text(midway.start),
        "example": html.escape(card_name(cards.card(_ids((two[0],))[0]))) if two else "—",
        "where": ", ".join(html.escape(campaign_label(x)) for x in history.campaigns_of(two[0]))
        if two
        else "—",
    }


def l6_two_campaigns(timeline: CampaignTimeline) -> Reason:
    """Why some cards belong to two campaigns: pick the reason (this project's reading)."""

    def said(key: str) -> Any:
        return lambda _a: _t("two", key, **two_campaign_facts())

    return Reason(
        "aw6-two-campaigns",
        _t("two", "question", **two_campaign_facts()),
        "fought",
        options=[(_t("two", r), r) for r in TWO_REASONS],
        explanations={
            "fought": said("model"),
            "random": said("why_random"),
            "carriers": said("why_carriers"),
            "overlap": said("why_overlap"),
        },
        **ladder(_t, "two"),
    )


def l6_simplifies() -> Reflect:
    model = " ".join(t(f"airwar.history.simplify.{c}") for c in history.simplifications())
    return Reflect("aw6-simplifies", _t("simplify", "question"), model)


def timeline(panel: CampaignTimeline) -> w.VBox:
    return stack(l6_predict(panel), l6_order(panel), l6_recalled(panel))


def cards_and_notes(panel: CampaignTimeline) -> w.VBox:
    return stack(l6_card_campaign(panel), l6_two_campaigns(panel))


def simplifications() -> w.VBox:
    return stack(l6_simplifies())


def score() -> w.HTML:
    return lesson_score()
