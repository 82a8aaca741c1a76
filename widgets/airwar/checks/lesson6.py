"""The checks of AirWar lesson 6 (the real campaign): the order of the campaigns, which campaign
a table's cards recall, which campaign a card's note tells of, and where the game simplifies.

The dates, the ties between cards and campaigns and the seeded tables are
:mod:`gamelib.airwar.history`'s; which card belongs to which campaign is this project's reading
of the notes, and the explanations say so.
"""

from __future__ import annotations

import html
import random

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
from widgets.i18n import t
from widgets.kit.check import Choice, Order, Reflect, Variant, lesson_score, stack
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
        **_t.hint("order"),
    )


def _table_setting(seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    return rng.randrange(1, 500), rng.randrange(3, MAX_TURNS + 1)


def l6_recalled(timeline: CampaignTimeline) -> Choice:
    def variant(seed: int) -> Variant:
        table, turns = _table_setting(seed)
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
        **_t.hint("recalled"),
    )


def _tied_cards() -> list[str]:
    return [c.type_id for c in history.noted_cards() if history.campaigns_of(c.type_id)]


def l6_card_campaign(timeline: CampaignTimeline) -> Choice:
    tied = _tied_cards()

    def variant(seed: int) -> Variant:
        type_id = tied[random.Random(seed).randrange(len(tied))]
        c = cards.card(_ids((type_id,))[0])
        where = history.campaigns_of(type_id)

        def show() -> None:
            timeline.campaign.value = where[0]

        return Variant(
            _t(
                "card",
                "question",
                name=html.escape(card_name(c)),
                note=html.escape(card_note(c)),
            ),
            frozenset(where),
            _t(
                "card",
                "explain",
                name=html.escape(card_name(c)),
                campaigns=", ".join(html.escape(campaign_label(x)) for x in where),
            ),
            on_explain=show,
        )

    return Choice(
        "aw6-card-campaign",
        new_question=variant,
        options=_options(),
        **_t.hint("card"),
    )


def l6_simplifies() -> Reflect:
    model = " ".join(t(f"airwar.history.simplify.{c}") for c in history.simplifications())
    return Reflect("aw6-simplifies", _t("simplify", "question"), model)


def timeline(panel: CampaignTimeline) -> w.VBox:
    return stack(l6_order(panel), l6_recalled(panel))


def cards_and_notes(panel: CampaignTimeline) -> w.VBox:
    return stack(l6_card_campaign(panel))


def simplifications() -> w.VBox:
    return stack(l6_simplifies())


def score() -> w.HTML:
    return lesson_score()
