"""The checks of CNW lesson 3, shipments and delivery chains, answered in the page.

Lesson 2 until the CNW lessons were renumbered (issue #25): the check names (``cnw2-*``, the ids
in learners' records) and the texts (``cnw.checks.lesson2.*``) keep that number."""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as w

from gamelib.cnw import corridors
from gamelib.cnw import shipments as cnw_shipments
from widgets.cnw.checks.common import (
    _board,
    _gateway_options,
)
from widgets.i18n import t
from widgets.kit.check import (
    Choice,
    Number,
    Pick,
    Reflect,
    Variant,
    lesson_score,
    stack,
)
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number, percent

_t = CheckTexts("cnw", "lesson2")
_n = CheckTexts("cnw", "lesson3n")  # issue #25's new texts (cnw_checks25a.json)


def _ladder(name: str) -> list[str]:
    """A hint ladder (issue #25): the idea, the method, then the old hint (where to look)."""
    return [_t(name, "hint_idea"), _t(name, "hint_method"), _t(name, "hint")]


def l2_more_turns(lab: Any) -> Number:
    classes = cnw_shipments.load().classes
    far, near = classes[cnw_shipments.INTERCONTINENTAL], classes[cnw_shipments.REGIONAL]
    return Number(
        "cnw2-more-turns",
        _t("more_turns", "question"),
        far.deadline - near.deadline,
        explanation=_t(
            "more_turns",
            "explain",
            far=far.deadline,
            near=near.deadline,
            far_sla=far.sla,
            near_sla=near.sla,
        ),
        hint=_ladder("more_turns"),
    )


def l2_tightest(lab: Any) -> Choice:
    deck = cnw_shipments.load()
    groups: dict[int, list[str]] = {}
    for sector, modifier in deck.modifiers.items():
        groups.setdefault(modifier, []).append(deck.sectors[sector])
    options = [(t("cnw.checks.and").join(names), m) for m, names in sorted(groups.items())]
    tight = min(groups)
    return Choice(
        "cnw2-tightest",
        _t("tightest", "question"),
        tight,
        options=options,
        explanation=_t("tightest", "explain", modifier=f"{tight:+d}"),
        hint=_ladder("tightest"),
    )


def l2_why_tight(lab: Any) -> Reflect:
    return _t.reflect("cnw2-why-tight", "why_tight")


def l2_step1(lab: Any) -> w.VBox:
    return stack(l2_more_turns(lab), l2_tightest(lab), l2_why_tight(lab))


def l2_dashed_shipment(lab: Any) -> Pick:
    deck = cnw_shipments.load()
    crossing = {c.id for c in deck.cards if c.dashed >= 1}
    check = Pick(
        "cnw2-dashed-shipment",
        _t("dashed_shipment", "question"),
        crossing,
        options=[(label, value) for label, value in lab.shipment.options],
        explanation=_t("dashed_shipment", "explain", n=len(crossing), total=len(deck.cards)),
        hint=_ladder("dashed_shipment"),
    )

    def show() -> None:
        chosen = check.value()
        lab.shipment.value = chosen if chosen in crossing else min(crossing)

    check.prove_with(show)
    return check.follow(lab.shipment)


def _corridor_card(seed: int, level: int = 0) -> cnw_shipments.Shipment:
    """A seeded shipment: any card, a regional one at level -1 (a short corridor), an
    intercontinental one at +1 (a long one, across a dashed route)."""
    cards = cnw_shipments.load().cards
    if level:
        klass = cnw_shipments.REGIONAL if level < 0 else cnw_shipments.INTERCONTINENTAL
        cards = [c for c in cards if c.klass == klass]
        return random.Random(f"cnw2-corridor:{seed}:{level}").choice(cards)
    return cards[random.Random(f"cnw2-corridor:{seed}").randrange(len(cards))]


def l2_corridor_gateways(lab: Any) -> Number:
    def variant(seed: int, level: int = 0) -> Variant:
        card = _corridor_card(seed, level)
        path = corridors.corridor(card.origin, card.destination)

        def show() -> None:
            lab.hubs.value = ()
            lab.shipment.value = card.id

        return Variant(
            _t("corridor_gateways", "question", id=card.id, o=card.origin, d=card.destination),
            len(path),
            _t("corridor_gateways", "explain", path=" → ".join(path), n=len(path)),
            on_explain=show,
        )

    return Number("cnw2-corridor-gateways", new_question=variant, hint=_ladder("corridor_gateways"))


def l2_schematic(lab: Any) -> Reflect:
    return _t.reflect("cnw2-schematic", "schematic")


def l2_step2(lab: Any) -> w.VBox:
    return stack(l2_dashed_shipment(lab), l2_corridor_gateways(lab), l2_schematic(lab))


FAR = 5  # "5 or more hops apart"


def l2_far_pairs(lab: Any) -> Number:
    counts = corridors.hop_counts(corridors.bridged_graph())
    far = sum(n for hops, n in counts.items() if hops >= FAR)

    def show() -> None:
        lab.hubs.value = ()

    return Number(
        "cnw2-far-pairs",
        _t("far_pairs", "question", k=FAR),
        far,
        explanation=_t(
            "far_pairs",
            "explain",
            parts=" + ".join(str(n) for hops, n in sorted(counts.items()) if hops >= FAR),
            n=far,
            total=sum(counts.values()),
        ),
        on_explain=show,
        hint=_ladder("far_pairs"),
    )


def three_hubs(seed: int, level: int = 0) -> tuple[str, ...]:
    """One hub in each of three regions (North America, Europe, Asia first; then seeded); at
    level -1 in two regions, at +1 in four."""
    board = _board()
    by_region: dict[str, list[str]] = {}
    for hub in board.hubs:
        by_region.setdefault(board.gateways[hub].region, []).append(hub)
    if seed == 0 and level == 0:
        regions = ["north_america", "europe", "asia"]
        return tuple(by_region[r][0] for r in regions)
    rng = random.Random(f"cnw2-hubs:{seed}" if level == 0 else f"cnw2-hubs:{seed}:{level}")
    regions = rng.sample(sorted(by_region), 3 + level)
    return tuple(rng.choice(by_region[r]) for r in regions)


def l2_three_hubs(lab: Any) -> Number:
    def variant(seed: int, level: int = 0) -> Variant:
        hubs = three_hubs(seed, level)
        before = corridors.mean_hops(corridors.bridged_graph())
        after = corridors.mean_hops(corridors.bridged_graph(hubs))

        def show() -> None:
            lab.hubs.value = hubs

        question = (
            _t("three_hubs", "question", hubs=", ".join(hubs))
            if len(hubs) == 3
            else _n("three_hubs", "question", hubs=", ".join(hubs), n=len(hubs))
        )
        return Variant(
            question,
            before - after,
            _t(
                "three_hubs",
                "explain",
                before=number(before, 2),
                after=number(after, 2),
                drop=number(before - after, 2),
            ),
            on_explain=show,
        )

    return Number(
        "cnw2-three-hubs",
        tolerance=0.02,
        digits=2,
        new_question=variant,
        hint=_ladder("three_hubs"),
    )


def l2_new_top(lab: Any) -> Pick:
    board = _board()
    hubs = tuple(board.hubs)
    before = [c for c, _ in corridors.chokepoints((), top=5)]
    after = [c for c, _ in corridors.chokepoints(hubs, top=12)]
    dropped = [c for c in before if c not in after]

    def show() -> None:
        lab.hubs.value = hubs

    return Pick(
        "cnw2-new-top",
        _t("new_top", "question", n=len(hubs)),
        after[0],
        options=_gateway_options(),
        explanation=_t(
            "new_top",
            "explain",
            top=after[0],
            before=", ".join(before),
            dropped=", ".join(dropped) or "—",
        ),
        on_explain=show,
        hint=_ladder("new_top"),
    )


TOP = 5  # the chokepoints the prediction is about


def hubs_on_top(hubs: tuple[str, ...]) -> list[str]:
    """The hubs among the five strongest chokepoints while ``hubs`` are held (bridged)."""
    every = set(_board().hubs)
    return [c for c, _ in corridors.chokepoints(hubs, top=TOP) if c in every]


def l2_top_predict(lab: Any) -> Predict:
    """How many of the five strongest chokepoints are hubs once all 14 are bridged, predicted
    before the chokepoint bars show it (a guess that the dashed routes' ends stay on top)."""
    board = _board()
    every = tuple(board.hubs)
    ends = {x for link in board.dashed for x in (link.a, link.b)}
    before = [c for c, _ in corridors.chokepoints((), top=TOP)]
    after = [c for c, _ in corridors.chokepoints(every, top=TOP)]

    def show() -> None:
        lab.hubs.value = every

    panel = lab.panels.get("bridges") or lab.panel("bridges")  # the step's panel, above
    return Predict(
        "cnw2-top-predict",
        _n("top_predict", "question", n=len(every), top=TOP, before=", ".join(before)),
        len(hubs_on_top(every)),
        reveals=find_tagged(panel, "cnw-fig-choke"),
        inside=panel,
        explanation=_n(
            "top_predict",
            "explain",
            k=len(hubs_on_top(every)),
            top=TOP,
            after=", ".join(after),
            was=len(hubs_on_top(())),
            ends=sum(c in ends for c in before),
        ),
        on_explain=show,
    )


def l2_step3(lab: Any) -> w.VBox:
    return stack(l2_top_predict(lab), l2_far_pairs(lab), l2_three_hubs(lab), l2_new_top(lab))


def l2_p_inter(lab: Any) -> Number:
    cards = cnw_shipments.load().cards
    far = sum(1 for c in cards if c.klass == cnw_shipments.INTERCONTINENTAL)
    return Number(
        "cnw2-p-inter",
        _t("p_inter", "question"),
        100 * far / len(cards),
        tolerance=0.5,
        unit="%",
        digits=1,
        explanation=_t("p_inter", "explain", n=far, total=len(cards), p=percent(far / len(cards))),
        **_t.hint("p_inter"),
    )


def l2_short_far(lab: Any) -> Choice:
    cards = cnw_shipments.load().cards
    short = [c for c in cards if c.hops <= 2 and c.klass == cnw_shipments.INTERCONTINENTAL]
    names = ", ".join(f"#{c.id} {c.origin} → {c.destination} ({c.hops})" for c in short)
    return Choice(
        "cnw2-short-far",
        _t("short_far", "question"),
        "yes" if short else "no",
        options=[(t("cnw.checks.yes"), "yes"), (t("cnw.checks.no"), "no")],
        explanation=_t("short_far", "explain_yes" if short else "explain_no", cards=names),
        on_explain=lambda: setattr(lab.deck_by, "value", "hops"),
        hint=_ladder("short_far"),
    )


SHORT_REASONS = ("km", "dashed", "sector", "deadline")  # the options, in the page's order


def short_far_card() -> cnw_shipments.Shipment:
    """The shortest intercontinental card of the deck (what the reason is asked about)."""
    cards = [c for c in cnw_shipments.load().cards if c.klass == cnw_shipments.INTERCONTINENTAL]
    return min(cards, key=lambda c: (c.hops, c.id))


def short_claims() -> dict[str, Any]:
    """The numbers the reasons of ``cnw2-short-far-why`` are asked of, from gamelib: the class
    of the card's hops without its dashed route, its sector's modifier, the deadlines."""
    deck = cnw_shipments.load()
    card = short_far_card()
    return {
        "id": card.id,
        "o": card.origin,
        "d": card.destination,
        "hops": card.hops,
        "dashed": card.dashed,
        "without": cnw_shipments.classify(deck.classes, card.hops, 0),
        "modifier": deck.modifiers[card.sector],
        "far": deck.classes[cnw_shipments.INTERCONTINENTAL].deadline,
        "mid": deck.classes[cnw_shipments.CONTINENTAL].deadline,
    }


def l2_short_far_why(lab: Any) -> Reason:
    """Why a shipment of so few hops is long haul: pick the reason."""
    values = short_claims()
    words = {
        **values,
        "without": t(f"cnw.checks.lesson3n.class.{values['without']}"),
        "modifier": f"{values['modifier']:+d}",
    }
    return Reason(
        "cnw2-short-far-why",
        _n("short_far_why", "question_one" if values["hops"] == 1 else "question", **words),
        "dashed",
        options=[(_n("short_far_why", k), k) for k in SHORT_REASONS],
        explanations={k: _n("short_far_why", f"why_{k}", **words) for k in SHORT_REASONS},
        hint=[_n("short_far_why", "hint_idea"), _n("short_far_why", "hint_method")],
    )


def l2_step4(lab: Any) -> w.VBox:
    return stack(l2_p_inter(lab), l2_short_far(lab), l2_short_far_why(lab))


# The steps as the notebook calls them: ``checks.<step>(widget)``.
classes = l2_step1
corridor = l2_step2
bridges = l2_step3
deck = l2_step4
score = lesson_score
