"""The checks of CNW lesson 10, the real network: express logistics words on the decks,
hub-and-spoke against point to point, and resilience (``gamelib.cnw.resilience``).

Lesson 7 until the CNW lessons were renumbered (issue #25): the check names (``cnw7-*``, the ids
in learners' records) and the texts (``cnw.checks.lesson7.*``) keep that number."""

from __future__ import annotations

from functools import partial
from typing import Any

import ipywidgets as w
import networkx as nx

from gamelib.cnw import board as cnw_board
from gamelib.cnw import cards as cnw_cards
from gamelib.cnw import resilience
from gamelib.cnw import shipments as cnw_shipments
from widgets.cnw.checks.common import _gateway_options
from widgets.cnw.words import gateway
from widgets.i18n import t
from widgets.kit.check import Choice, Number, Pick, Reflect, lesson_score, stack
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number

_t = CheckTexts("cnw", "lesson7")


def ladder(name: str, /, **values: Any) -> dict[str, list[str]]:
    """A check's ``hint=`` as a ladder (issue #25): the idea, the method (both in
    ``cnw_checks25b.json``), then where to look (the one-sentence hint it was before)."""
    return {
        "hint": [
            _t(name, "hint_idea", **values),
            _t(name, "hint_method", **values),
            _t(name, "hint", **values),
        ]
    }


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
        **ladder("aog_tight"),
    )


def l7_nfo(lab: Any) -> Choice:
    symbols = cnw_cards.load().symbols
    return Choice(
        "cnw7-nfo",
        _t("nfo", "question"),
        "next_flight_out",
        options=[(t(f"cnw.cards.symbol.{s}"), s) for s in symbols],
        explanation=_t("nfo", "explain"),
        **ladder("nfo"),
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
        **ladder("spof"),
    )


def hop_counts(name: str = "hub_and_spoke") -> dict[int, int]:
    """How many pairs of gateways are 1, 2, 3 ... hops apart in the network ``name``."""
    counts: dict[int, int] = {}
    for a, dist in nx.all_pairs_shortest_path_length(resilience.network(name)):
        for b, d in dist.items():
            if a < b:
                counts[d] = counts.get(d, 0) + 1
    return dict(sorted(counts.items()))


def l7_hub_hops(lab: Any) -> Predict:
    """The mean distance in hub-and-spoke, predicted before the table and the hops chart show
    it: not 3 (spoke, hub, hub, spoke) for every pair, since a hub is 1 hop from every hub."""
    hs, p2p = resilience.measures("hub_and_spoke"), resilience.measures("point_to_point")
    panel = lab.panel("designs")
    counts = hop_counts()
    return Predict(
        "cnw7-hub-hops",
        _t("hub_hops", "predict_question"),
        hs.mean_hops,
        reveals=[lab.designs_table, find_tagged(panel, "cnw-fig-real-hops")],
        inside=panel,
        tolerance=0.2,
        digits=2,
        explanation=_t(
            "hub_hops",
            "predict_explain",
            hub=number(hs.mean_hops, 2),
            board=number(p2p.mean_hops, 2),
            longest=hs.max_hops,
            pairs=sum(counts.values()),
            three=counts.get(3, 0),
            fewer=sum(n for d, n in counts.items() if d < 3),
        ),
        on_explain=partial(_show_hub_and_spoke, lab),
    )


SPOF_REASONS = ("gateways", "one_link", "hubs", "bridges")  # the options, in the page's order


def l7_spof_why(lab: Any) -> Reason:
    """Why hub-and-spoke has single points of failure and the printed board none: a spoke
    hangs on one link."""
    hs, p2p = resilience.measures("hub_and_spoke"), resilience.measures("point_to_point")
    graph, board = resilience.hub_and_spoke(), cnw_board.load()
    hub_set = set(board.hubs)
    spokes = [g for g in graph.nodes if g not in hub_set]
    one_link = sum(1 for g in spokes if graph.degree(g) == 1)
    fewest = min(len(board.neighbours(g)) for g in board.gateways)
    explanations = {
        "one_link": _t(
            "spof_why",
            "model",
            spokes=len(spokes),
            one=one_link,
            n=len(hs.articulation_points),
            fewest=fewest,
        ),
        "gateways": _t(
            "spof_why", "why_gateways", hub=graph.number_of_nodes(), board=len(board.gateways)
        ),
        "hubs": _t("spof_why", "why_hubs", n=len(board.hubs)),
        "bridges": _t(
            "spof_why", "why_bridges", links=p2p.links, spof=len(p2p.articulation_points)
        ),
    }
    return Reason(
        "cnw7-spof-why",
        _t("spof_why", "question"),
        "one_link",
        options=[(_t("spof_why", r), r) for r in SPOF_REASONS],
        explanations=explanations,
        hint=[_t("spof_why", "hint_idea"), _t("spof_why", "hint_method")],
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
        **ladder("most_spokes"),
    )


def designs(lab: Any) -> w.VBox:
    return stack(l7_hub_hops(lab), l7_spof(lab), l7_spof_why(lab), l7_most_spokes(lab))


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
        **ladder("cut_points"),
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
        **ladder("worst_loss"),
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
        **ladder("min_cut"),
    )


def l7_redundancy(lab: Any) -> Reflect:
    return _t.reflect("cnw7-redundancy", "redundancy")


def resilience_checks(lab: Any) -> w.VBox:
    return stack(l7_cut_points(lab), l7_worst_loss(lab), l7_min_cut(lab), l7_redundancy(lab))


score = lesson_score
