"""The checks of CNW lesson 10, the real network: express logistics words on the decks,
hub-and-spoke against point to point, and resilience (``gamelib.cnw.resilience``).

Lesson 7 until the CNW lessons were renumbered (issue #25): the check names (``cnw7-*``, the ids
in learners' records) and the texts (``cnw.checks.lesson7.*``) keep that number."""

from __future__ import annotations

from functools import partial
from typing import Any

import ipywidgets as w

from gamelib.cnw import board as cnw_board
from gamelib.cnw import cards as cnw_cards
from gamelib.cnw import resilience
from gamelib.cnw import shipments as cnw_shipments
from widgets.cnw.checks.common import _gateway_options
from widgets.cnw.words import gateway
from widgets.i18n import t
from widgets.kit.check import Choice, Number, Pick, Reflect, lesson_score, stack
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number

_t = CheckTexts("cnw", "lesson7")
AOG = "aerospace_aog"  # the deck's sector named for Aircraft On Ground


def l7_aog_tight(lab: Any) -> Number:
    deck = cnw_shipments.load()
    tightest = min(c.deadline for c in deck.cards)
    aog = [c for c in deck.cards if c.sector == AOG]
    hits = [c for c in aog if c.deadline == tightest]

    def show() -> None:
        lab.sector.value = AOG

    return Number(
        "cnw7-aog-tight",
        _t("aog_tight", "question"),
        len(hits),
        explanation=_t(
            "aog_tight",
            "explain",
            n=len(hits),
            total=len(aog),
            days=tightest,
            modifier=deck.modifiers[AOG],
        ),
        on_explain=show,
        **_t.hint("aog_tight"),
    )


def l7_nfo(lab: Any) -> Choice:
    symbols = cnw_cards.load().symbols
    return Choice(
        "cnw7-nfo",
        _t("nfo", "question"),
        "next_flight_out",
        options=[(t(f"cnw.cards.symbol.{s}"), s) for s in symbols],
        explanation=_t("nfo", "explain"),
        **_t.hint("nfo"),
    )


def l7_obc(lab: Any) -> Reflect:
    return _t.reflect("cnw7-obc", "obc")


def terms(lab: Any) -> w.VBox:
    return stack(l7_aog_tight(lab), l7_nfo(lab), l7_obc(lab))


def _network_options() -> list[tuple[str, str]]:
    return [(t(f"cnw.real.network.{n}"), n) for n in resilience.NETWORKS]


def _show_hub_and_spoke(lab: Any) -> None:
    """Put the hub-and-spoke network on the lab's map: the design these questions are about."""
    lab.network.value = "hub_and_spoke"


def l7_spof(lab: Any) -> Choice:
    weak = {n for n in resilience.NETWORKS if resilience.measures(n).articulation_points}
    hs = resilience.measures("hub_and_spoke")

    return Choice(
        "cnw7-spof",
        _t("spof", "question"),
        weak,
        options=_network_options(),
        explanation=_t(
            "spof",
            "explain",
            n=len(hs.articulation_points),
            codes=", ".join(hs.articulation_points),
        ),
        on_explain=partial(_show_hub_and_spoke, lab),
        **_t.hint("spof"),
    )


def l7_hub_hops(lab: Any) -> Number:
    hs, p2p = resilience.measures("hub_and_spoke"), resilience.measures("point_to_point")

    return Number(
        "cnw7-hub-hops",
        _t("hub_hops", "question"),
        hs.mean_hops,
        tolerance=0.05,
        digits=2,
        explanation=_t(
            "hub_hops",
            "explain",
            hub=number(hs.mean_hops, 2),
            board=number(p2p.mean_hops, 2),
            longest=hs.max_hops,
            links=hs.links,
            board_links=p2p.links,
        ),
        on_explain=partial(_show_hub_and_spoke, lab),
        **_t.hint("hub_hops"),
    )


def l7_most_spokes(lab: Any) -> Pick:
    graph = resilience.hub_and_spoke()
    hubs = cnw_board.load().hubs
    most = max(resilience.spokes(graph, h) for h in hubs)
    best = {h for h in hubs if resilience.spokes(graph, h) == most}

    return Pick(
        "cnw7-most-spokes",
        _t("most_spokes", "question"),
        best,
        options=[(gateway(h), h) for h in hubs],
        explanation=_t(
            "most_spokes", "explain", hubs=", ".join(gateway(h) for h in sorted(best)), n=most
        ),
        on_explain=partial(_show_hub_and_spoke, lab),
        **_t.hint("most_spokes"),
    )


def designs(lab: Any) -> w.VBox:
    return stack(l7_spof(lab), l7_hub_hops(lab), l7_most_spokes(lab))


def _lose(lab: Any, *codes: str) -> None:
    """Set the resilience panel to the printed board with ``codes`` lost."""
    lab.network.value = "point_to_point"
    lab.lost.value = codes[0] if codes else ""
    lab.lost_too.value = codes[1] if len(codes) > 1 else ""


def l7_cut_points(lab: Any) -> Number:
    m = resilience.measures("point_to_point")
    hit = resilience.impact()
    return Number(
        "cnw7-cut-points",
        _t("cut_points", "question"),
        len(m.articulation_points),
        explanation=_t(
            "cut_points",
            "explain",
            n=len(m.articulation_points),
            edges=hit.edge_connectivity,
            nodes=hit.node_connectivity,
        ),
        on_explain=lambda: _lose(lab),
        **_t.hint("cut_points"),
    )


def l7_worst_loss(lab: Any) -> Pick:
    worst, count = resilience.worst_loss()
    hit = resilience.impact((worst,))
    return Pick(
        "cnw7-worst-loss",
        _t("worst_loss", "question"),
        worst,
        options=_gateway_options(),
        explanation=_t(
            "worst_loss",
            "explain",
            code=gateway(worst),
            n=count,
            extra=hit.extra_hops,
            total=len(hit.shipments),
        ),
        on_explain=lambda: _lose(lab, worst),
        **_t.hint("worst_loss"),
    ).follow(lab.lost)


def l7_min_cut(lab: Any) -> Number:
    cut = resilience.minimum_cut()
    hit = resilience.impact(cut)
    return Number(
        "cnw7-min-cut",
        _t("min_cut", "question", a=gateway(cut[0]), b=gateway(cut[1])),
        hit.cut_off_pairs,
        explanation=_t(
            "min_cut",
            "explain",
            a=cut[0],
            b=cut[1],
            n=hit.cut_off_pairs,
            shipments=sum(1 for _, _, after in hit.shipments if after is None),
        ),
        on_explain=lambda: _lose(lab, *cut),
        **_t.hint("min_cut"),
    )


def l7_redundancy(lab: Any) -> Reflect:
    return _t.reflect("cnw7-redundancy", "redundancy")


def resilience_checks(lab: Any) -> w.VBox:
    return stack(l7_cut_points(lab), l7_worst_loss(lab), l7_min_cut(lab), l7_redundancy(lab))


score = lesson_score
