"""The checks of CNW lessons 1–4: every "Try this" question answered in the page.

Each function builds the checks under one widget of a lesson (``lesson1.step3(lab)``): the right
answer is computed from ``gamelib`` (the board, ``battle``'s exact odds, ``corridors``, the
shipment deck, seeded bot games), never typed in, and ``on_explain`` moves the widget beside the
check to the state that shows it. The texts are ``cnw.checks.<lesson>.<name>.*`` in the catalog.
Nothing here decides a rule: it asks gamelib and words the answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from types import SimpleNamespace
from typing import Any

import ipywidgets as w

from gamelib import cnw
from gamelib.cnw import actions as cnw_actions
from gamelib.cnw import battle, corridors
from gamelib.cnw import board as cnw_board
from gamelib.cnw import shipments as cnw_shipments
from gamelib.cnw import state as st
from gamelib.cnw.queries import delivery_chain
from gamelib.core import IllegalAction, play_out
from widgets.cnw.table import make_bot
from widgets.cnw.turn import BOTS as TURN_BOTS
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
from widgets.kit.strategy import number, percent

CONFIDENCE = 0.95  # the Monte Carlo panel's interval (battle.wilson_interval's default)


def _t(lesson: str, name: str, part: str, /, **values: Any) -> str:
    return t(f"cnw.checks.{lesson}.{name}.{part}", **values)


def _texts(lesson: str, name: str) -> dict[str, str]:
    """A check's hint; its question and explanation are formatted where they are used."""
    return {"hint": _t(lesson, name, "hint")}


def _board() -> cnw_board.Board:
    return cnw_board.load()


def _gateway_options() -> list[tuple[str, str]]:
    board = _board()
    return [(f"{c} · {g.name}", c) for c, g in board.gateways.items()]


def _region_options() -> list[tuple[str, str]]:
    return [(r.name, rid) for rid, r in _board().regions.items()]


def _rank() -> list[str]:
    """Gateways by betweenness, strongest chokepoint first (the map's ranking)."""
    between = _board().betweenness()
    return sorted(between, key=between.get, reverse=True)


def _set_lab(lab: Any, attackers: int, defenders: int, rule: int = 3, hub: bool = False) -> None:
    """Move the battle lab's controls (its public widgets) to one battle."""
    lab.rule.value = rule
    lab.hub.value = hub
    lab.attackers.value = attackers
    lab.defenders.value = defenders


# ====================================================================== lesson 1
L1 = "lesson1"


def l1_most_hubs(board_map: Any) -> Choice:
    board = _board()
    share = {
        rid: sum(board.gateways[c].hub for c in r.gateways) / len(r.gateways)
        for rid, r in board.regions.items()
    }
    best = max(share, key=share.get)

    def explain(answer: str) -> str:
        rows = ", ".join(
            f"{r.name} {sum(board.gateways[c].hub for c in r.gateways)}/{len(r.gateways)}"
            for r in board.regions.values()
        )
        return _t(L1, "most_hubs", "explain", region=board.regions[answer].name, rows=rows)

    return Choice(
        "cnw1-most-hubs",
        _t(L1, "most_hubs", "question"),
        best,
        options=_region_options(),
        explanation=explain,
        **_texts(L1, "most_hubs"),
    )


def _fewest_borders() -> str:
    regions = _board().regions
    return min(regions, key=lambda rid: (len(regions[rid].borders), len(regions[rid].gateways)))


def l1_fewest_borders(board_map: Any) -> Choice:
    regions = _board().regions

    def explain(answer: str) -> str:
        r = regions[answer]
        return _t(L1, "fewest_borders", "explain", region=r.name, borders=", ".join(r.borders))

    return Choice(
        "cnw1-fewest-borders",
        _t(L1, "fewest_borders", "question"),
        _fewest_borders(),
        options=_region_options(),
        explanation=explain,
        **_texts(L1, "fewest_borders"),
    )


def l1_bonus(board_map: Any) -> Number:
    region = _board().regions[_fewest_borders()]
    return Number(
        "cnw1-bonus",
        _t(L1, "bonus", "question"),
        region.bonus,
        explanation=_t(L1, "bonus", "explain", region=region.name, bonus=region.bonus),
        **_texts(L1, "bonus"),
    )


def l1_bonus_why(board_map: Any) -> Reflect:
    regions = _board().regions
    south, asia = regions["south_america"], regions["asia"]
    model = _t(
        L1,
        "bonus_why",
        "model",
        s_size=len(south.gateways),
        s_borders=len(south.borders),
        s_bonus=south.bonus,
        a_size=len(asia.gateways),
        a_borders=len(asia.borders),
        a_bonus=asia.bonus,
    )
    return Reflect("cnw1-bonus-why", _t(L1, "bonus_why", "question"), model)


def l1_step1(board_map: Any) -> w.VBox:
    """Step 1 · regions: most hubs for the size, fewest borders, its bonus, why bonuses differ."""
    return stack(
        l1_most_hubs(board_map),
        l1_fewest_borders(board_map),
        l1_bonus(board_map),
        l1_bonus_why(board_map),
    )


def l1_dashed_top5(board_map: Any) -> Number:
    board = _board()
    ends = {code for link in board.dashed for code in (link.a, link.b)}
    top = _rank()[:5]
    inside = [c for c in top if c in ends]

    def show() -> None:
        board_map.colour_by.value = "betw"

    return Number(
        "cnw1-dashed-top5",
        _t(L1, "dashed_top5", "question"),
        len(inside),
        explanation=_t(
            L1, "dashed_top5", "explain", top=", ".join(top), ends=", ".join(inside) or "—"
        ),
        on_explain=show,
        **_texts(L1, "dashed_top5"),
    )


def _two_link_top() -> str:
    board = _board()
    return next(c for c in _rank() if len(board.neighbours(c)) == 2)


def l1_two_links(board_map: Any) -> Pick:
    board = _board()
    best = _two_link_top()
    rank = _rank().index(best) + 1

    def show() -> None:
        board_map.gateway.value = best

    check = Pick(
        "cnw1-two-links",
        _t(L1, "two_links", "question"),
        best,
        options=_gateway_options(),
        explanation=_t(
            L1,
            "two_links",
            "explain",
            code=best,
            links=", ".join(board.neighbours(best)),
            rank=rank,
            total=len(board.gateways),
        ),
        on_explain=show,
        **_texts(L1, "two_links"),
    )
    return check.follow(board_map.gateway)


def l1_waw_svo(board_map: Any) -> Choice:
    rank = _rank()
    ends = ("WAW", "SVO")
    higher = min(ends, key=rank.index)
    return Choice(
        "cnw1-waw-svo",
        _t(L1, "waw_svo", "question"),
        higher,
        options=[(c, c) for c in ends],
        explanation=_t(
            L1,
            "waw_svo",
            "explain",
            waw=rank.index("WAW") + 1,
            svo=rank.index("SVO") + 1,
            total=len(rank),
        ),
        on_explain=lambda: setattr(board_map.gateway, "value", higher),
        **_texts(L1, "waw_svo"),
    )


def l1_step2(board_map: Any) -> w.VBox:
    """Step 2 · chokepoints: dashed ends among the top five, a two-link chokepoint, WAW–SVO."""
    return stack(l1_dashed_top5(board_map), l1_two_links(board_map), l1_waw_svo(board_map))


def l1_attack_dice() -> Number:
    pawns = 3
    dice = battle.attack_dice_for(pawns - 1)  # one pawn always stays on the source (§7.1)
    return Number(
        "cnw1-attack-dice",
        _t(L1, "attack_dice", "question", pawns=pawns),
        dice,
        explanation=_t(L1, "attack_dice", "explain", pawns=pawns, rolling=pawns - 1, dice=dice),
        **_texts(L1, "attack_dice"),
    )


def l1_bridge_attack() -> w.VBox:
    """The bridge from the map to the dice: what a source gateway may roll (§7.1, §7.2)."""
    return stack(l1_attack_dice())


def _all_fall(seed: int) -> tuple[int, int]:
    """The battle of a "defender loses every die" question: 3 against 3, then seeded others."""
    if seed == 0:
        return 3, 3
    rng = random.Random(f"cnw1-all-fall:{seed}")
    return rng.randint(1, 3), rng.randint(1, 3)


def l1_all_fall(lab: Any) -> Number:
    def variant(seed: int) -> Variant:
        a, d = _all_fall(seed)
        k = min(a, d)
        p = battle.roll_distribution(a, d)[(0, k)]
        return Variant(
            _t(L1, "all_fall", "question", a=a, d=d, k=k),
            100 * float(p),
            _t(L1, "all_fall", "explain", a=a, d=d, k=k, p=percent(p), n=6 ** (a + d)),
            on_explain=lambda: _set_lab(lab, a, d),
        )

    return Number(
        "cnw1-all-fall",
        tolerance=0.5,
        unit="%",
        digits=1,
        new_question=variant,
        **_texts(L1, "all_fall"),
    )


def l1_classic_likely(lab: Any) -> Choice:
    dist = battle.roll_distribution(3, 2)
    outcomes = sorted(dist, key=lambda o: (-o[0] + o[1], o[1]))
    best = max(dist, key=dist.get)
    options = [(t("cnw.checks.outcome", a=la, d=ld), f"{la}-{ld}") for la, ld in outcomes]
    return Choice(
        "cnw1-classic-likely",
        _t(L1, "classic_likely", "question"),
        f"{best[0]}-{best[1]}",
        options=options,
        explanation=_t(
            L1, "classic_likely", "explain", a=best[0], d=best[1], p=percent(dist[best])
        ),
        on_explain=lambda: _set_lab(lab, 3, 3, rule=2),
        **_texts(L1, "classic_likely"),
    )


def l1_ties(lab: Any) -> Reflect:
    def heavy(rule: int) -> str:
        dist = battle.roll_distribution(3, battle.defend_dice_for(3, rule))
        return percent(sum(p for (la, _ld), p in dist.items() if la >= 2))

    return Reflect(
        "cnw1-ties", _t(L1, "ties", "question"), _t(L1, "ties", "model", p3=heavy(3), p2=heavy(2))
    )


def l1_step3(lab: Any) -> w.VBox:
    """Step 4 · one roll: the defender losing every die, the classic rule's likeliest outcome."""
    return stack(l1_all_fall(lab), l1_classic_likely(lab), l1_ties(lab))


def l1_one_on_one(lab: Any) -> Number:
    p = battle.conquest_probability(1, 1)
    return Number(
        "cnw1-one-on-one",
        _t(L1, "one_on_one", "question"),
        100 * p,
        tolerance=0.5,
        unit="%",
        digits=1,
        explanation=_t(L1, "one_on_one", "explain", p=percent(p)),
        on_explain=lambda: _set_lab(lab, 1, 1),
        **_texts(L1, "one_on_one"),
    )


def l1_bridge_battle(lab: Any) -> w.VBox:
    """The bridge from one roll to a battle: 1 against 1 is one roll, more is a chain of them."""
    return stack(l1_one_on_one(lab))


def _even(defenders: int, rule: int = 3, hub: bool = False) -> int:
    """The fewest attacking pawns with at least even odds (the heat map's 50% line)."""
    return next(
        a
        for a in range(1, 200)
        if battle.conquest_probability(a, defenders, max_defender_dice=rule, hub=hub) >= 0.5
    )


EVEN_DEFENDERS = 10


def _even_check(lab: Any, name: str, rule: int, hub: bool) -> Number:
    d = EVEN_DEFENDERS
    a = _even(d, rule, hub)
    p = battle.conquest_probability(a, d, max_defender_dice=rule, hub=hub)
    below = battle.conquest_probability(a - 1, d, max_defender_dice=rule, hub=hub)
    return Number(
        f"cnw1-{name.replace('_', '-')}",
        _t(L1, name, "question", d=d),
        a,
        explanation=_t(L1, name, "explain", a=a, d=d, p=percent(p), below=percent(below)),
        on_explain=lambda: _set_lab(lab, a, d, rule=rule, hub=hub),
        **_texts(L1, name),
    )


def l1_more_or_fewer(lab: Any) -> Choice:
    d = EVEN_DEFENDERS
    a = _even(d)
    answer = "more" if a > d else ("fewer" if a < d else "same")
    return Choice(
        "cnw1-more-or-fewer",
        _t(L1, "more_or_fewer", "question"),
        answer,
        options=[(t(f"cnw.checks.{k}"), k) for k in ("more", "same", "fewer")],
        explanation=_t(L1, "more_or_fewer", "explain", a=a, d=d),
        on_explain=lambda: _set_lab(lab, a, d),
        **_texts(L1, "more_or_fewer"),
    )


def l1_step4(lab: Any) -> w.VBox:
    """Step 6 · the whole battle: the 50% line under CNW and classic Risk."""
    return stack(
        l1_more_or_fewer(lab),
        _even_check(lab, "even_cnw", 3, False),
        _even_check(lab, "even_classic", 2, False),
    )


def _three_quarters(defenders: int, hub: bool) -> int:
    return next(
        a for a in range(1, 200) if battle.conquest_probability(a, defenders, hub=hub) >= 0.75
    )


HUB_DEFENDERS = 5


def _hub_check(lab: Any, name: str, hub: bool) -> Number:
    d = HUB_DEFENDERS
    a = _three_quarters(d, hub)
    plain, fort = _three_quarters(d, False), _three_quarters(d, True)
    return Number(
        f"cnw1-{name.replace('_', '-')}",
        _t(L1, name, "question", d=d),
        a,
        explanation=_t(
            L1,
            name,
            "explain",
            a=a,
            d=d,
            p=percent(battle.conquest_probability(a, d, hub=hub)),
            below=percent(battle.conquest_probability(a - 1, d, hub=hub)),
            price=fort - plain,
        ),
        on_explain=lambda: _set_lab(lab, a, d, hub=hub),
        **_texts(L1, name),
    )


def l1_step5(lab: Any) -> w.VBox:
    """Step 7 · the hub: pawns for 75% against 5 defenders, without and with a hub; the 50%
    line against a hub."""
    return stack(
        _hub_check(lab, "hub_plain", False),
        _hub_check(lab, "hub_fort", True),
        _even_check(lab, "even_hub", 3, True),
    )


def _obc_battle(seed: int) -> tuple[int, int, bool]:
    """Attack dice, defence dice, hub of an OBC question: 3 against 3 at a hub, then seeded."""
    if seed == 0:
        return 3, 3, True
    rng = random.Random(f"cnw1-obc:{seed}")
    return rng.randint(1, 3), rng.randint(1, 3), rng.random() < 0.5


def _exchange(dist: dict[tuple[int, int], Any]) -> float:
    """Expected defender losses minus attacker losses of one roll."""
    return float(sum(p * (ld - la) for (la, ld), p in dist.items()))


def obc_gains(a: int, d: int, hub: bool) -> tuple[float, float]:
    """How much one OBC re-roll moves the expected pawn exchange, for the attacker and for the
    defender (both positive: what the token holder gains)."""
    base = _exchange(battle.roll_distribution(a, d, hub))
    attacker = _exchange(battle.roll_distribution(a, d, hub, attacker_reroll=True)) - base
    defender = base - _exchange(battle.roll_distribution(a, d, hub, defender_reroll=True))
    return attacker, defender


def l1_obc_side(lab: Any) -> Choice:
    def variant(seed: int) -> Variant:
        a, d, hub = _obc_battle(seed)
        gain_a, gain_d = obc_gains(a, d, hub)
        side = "attacker" if gain_a > gain_d else "defender"
        where = t("cnw.checks.at_hub") if hub else t("cnw.checks.no_hub")
        return Variant(
            _t(L1, "obc_side", "question", a=a, d=d, where=where),
            side,
            _t(
                L1,
                "obc_side",
                "explain",
                gain_a=number(gain_a, 2),
                gain_d=number(gain_d, 2),
                side=t(f"cnw.checks.{side}"),
            ),
            on_explain=lambda: _set_lab(lab, a, d, hub=hub),
        )

    return Choice(
        "cnw1-obc-side",
        options=[(t(f"cnw.checks.{k}"), k) for k in ("attacker", "defender")],
        new_question=variant,
        **_texts(L1, "obc_side"),
    )


def l1_obc_when(lab: Any) -> Reflect:
    return Reflect("cnw1-obc-when", _t(L1, "obc_when", "question"), _t(L1, "obc_when", "model"))


def l1_step6(lab: Any) -> w.VBox:
    """Step 8 · the OBC token: which side gains more from one re-roll; when to spend it."""
    return stack(l1_obc_side(lab), l1_obc_when(lab))


def interval_ratio(p: float, small: int = 1_000, large: int = 200_000) -> float:
    """How many times narrower the 95% interval of ``large`` battles is than of ``small``."""
    lo1, hi1 = battle.wilson_interval(round(p * small), small)
    lo2, hi2 = battle.wilson_interval(round(p * large), large)
    return (hi1 - lo1) / (hi2 - lo2)


MC_BATTLE = (3, 3)  # the battle of the interval question: the lab's start


def l1_mc_narrower(lab: Any) -> Number:
    a, d = MC_BATTLE
    return Number(
        "cnw1-mc-narrower",
        _t(L1, "mc_narrower", "question", a=a, d=d),
        interval_ratio(battle.conquest_probability(a, d)),
        tolerance=1.0,
        digits=1,
        explanation=lambda ratio: _t(
            L1, "mc_narrower", "explain", ratio=number(ratio, 1), root=number(200**0.5, 1)
        ),
        on_explain=lambda: _set_lab(lab, a, d),
        **_texts(L1, "mc_narrower"),
    )


def l1_mc_outside(lab: Any) -> Number:
    outside = round(100 * (1 - CONFIDENCE))
    return Number(
        "cnw1-mc-outside",
        _t(L1, "mc_outside", "question"),
        outside,
        tolerance=2,
        explanation=_t(L1, "mc_outside", "explain", n=outside),
        **_texts(L1, "mc_outside"),
    )


def l1_step7(lab: Any) -> w.VBox:
    """Step 10 · Monte Carlo: how much narrower the interval gets, how often it misses."""
    return stack(l1_mc_narrower(lab), l1_mc_outside(lab))


lesson1 = SimpleNamespace(
    regions=l1_step1,
    chokepoints=l1_step2,
    attack=l1_bridge_attack,
    roll=l1_step3,
    chain=l1_bridge_battle,
    battle=l1_step4,
    hub=l1_step5,
    obc=l1_step6,
    montecarlo=l1_step7,
    score=lesson_score,
)


# ====================================================================== lesson 2
L2 = "lesson2"


def l2_more_turns(lab: Any) -> Number:
    classes = cnw_shipments.load().classes
    far, near = classes[cnw_shipments.INTERCONTINENTAL], classes[cnw_shipments.REGIONAL]
    return Number(
        "cnw2-more-turns",
        _t(L2, "more_turns", "question"),
        far.deadline - near.deadline,
        explanation=_t(
            L2,
            "more_turns",
            "explain",
            far=far.deadline,
            near=near.deadline,
            far_sla=far.sla,
            near_sla=near.sla,
        ),
        **_texts(L2, "more_turns"),
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
        _t(L2, "tightest", "question"),
        tight,
        options=options,
        explanation=_t(L2, "tightest", "explain", modifier=f"{tight:+d}"),
        **_texts(L2, "tightest"),
    )


def l2_why_tight(lab: Any) -> Reflect:
    return Reflect("cnw2-why-tight", _t(L2, "why_tight", "question"), _t(L2, "why_tight", "model"))


def l2_step1(lab: Any) -> w.VBox:
    return stack(l2_more_turns(lab), l2_tightest(lab), l2_why_tight(lab))


def l2_dashed_shipment(lab: Any) -> Pick:
    deck = cnw_shipments.load()
    crossing = {c.id for c in deck.cards if c.dashed >= 1}
    check = Pick(
        "cnw2-dashed-shipment",
        _t(L2, "dashed_shipment", "question"),
        crossing,
        options=[(label, value) for label, value in lab.shipment.options],
        explanation=_t(L2, "dashed_shipment", "explain", n=len(crossing), total=len(deck.cards)),
        **_texts(L2, "dashed_shipment"),
    )

    def show() -> None:
        chosen = check.value()
        lab.shipment.value = chosen if chosen in crossing else min(crossing)

    check.prove_with(show)
    return check.follow(lab.shipment)


def _corridor_card(seed: int) -> cnw_shipments.Shipment:
    cards = cnw_shipments.load().cards
    return cards[random.Random(f"cnw2-corridor:{seed}").randrange(len(cards))]


def l2_corridor_gateways(lab: Any) -> Number:
    def variant(seed: int) -> Variant:
        card = _corridor_card(seed)
        path = corridors.corridor(card.origin, card.destination)

        def show() -> None:
            lab.hubs.value = ()
            lab.shipment.value = card.id

        return Variant(
            _t(L2, "corridor_gateways", "question", id=card.id, o=card.origin, d=card.destination),
            len(path),
            _t(L2, "corridor_gateways", "explain", path=" → ".join(path), n=len(path)),
            on_explain=show,
        )

    return Number("cnw2-corridor-gateways", new_question=variant, **_texts(L2, "corridor_gateways"))


def l2_schematic(lab: Any) -> Reflect:
    return Reflect("cnw2-schematic", _t(L2, "schematic", "question"), _t(L2, "schematic", "model"))


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
        _t(L2, "far_pairs", "question", k=FAR),
        far,
        explanation=_t(
            L2,
            "far_pairs",
            "explain",
            parts=" + ".join(str(n) for hops, n in sorted(counts.items()) if hops >= FAR),
            n=far,
            total=sum(counts.values()),
        ),
        on_explain=show,
        **_texts(L2, "far_pairs"),
    )


def three_hubs(seed: int) -> tuple[str, ...]:
    """One hub in each of three regions (North America, Europe, Asia first; then seeded)."""
    board = _board()
    by_region: dict[str, list[str]] = {}
    for hub in board.hubs:
        by_region.setdefault(board.gateways[hub].region, []).append(hub)
    if seed == 0:
        regions = ["north_america", "europe", "asia"]
        return tuple(by_region[r][0] for r in regions)
    rng = random.Random(f"cnw2-hubs:{seed}")
    regions = rng.sample(sorted(by_region), 3)
    return tuple(rng.choice(by_region[r]) for r in regions)


def l2_three_hubs(lab: Any) -> Number:
    def variant(seed: int) -> Variant:
        hubs = three_hubs(seed)
        before = corridors.mean_hops(corridors.bridged_graph())
        after = corridors.mean_hops(corridors.bridged_graph(hubs))

        def show() -> None:
            lab.hubs.value = hubs

        return Variant(
            _t(L2, "three_hubs", "question", hubs=", ".join(hubs)),
            before - after,
            _t(
                L2,
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
        **_texts(L2, "three_hubs"),
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
        _t(L2, "new_top", "question", n=len(hubs)),
        after[0],
        options=_gateway_options(),
        explanation=_t(
            L2,
            "new_top",
            "explain",
            top=after[0],
            before=", ".join(before),
            dropped=", ".join(dropped) or "—",
        ),
        on_explain=show,
        **_texts(L2, "new_top"),
    )


def l2_step3(lab: Any) -> w.VBox:
    return stack(l2_far_pairs(lab), l2_three_hubs(lab), l2_new_top(lab))


def l2_p_inter(lab: Any) -> Number:
    cards = cnw_shipments.load().cards
    far = sum(1 for c in cards if c.klass == cnw_shipments.INTERCONTINENTAL)
    return Number(
        "cnw2-p-inter",
        _t(L2, "p_inter", "question"),
        100 * far / len(cards),
        tolerance=0.5,
        unit="%",
        digits=1,
        explanation=_t(
            L2, "p_inter", "explain", n=far, total=len(cards), p=percent(far / len(cards))
        ),
        **_texts(L2, "p_inter"),
    )


def l2_short_far(lab: Any) -> Choice:
    cards = cnw_shipments.load().cards
    short = [c for c in cards if c.hops <= 2 and c.klass == cnw_shipments.INTERCONTINENTAL]
    names = ", ".join(f"#{c.id} {c.origin} → {c.destination} ({c.hops})" for c in short)
    return Choice(
        "cnw2-short-far",
        _t(L2, "short_far", "question"),
        "yes" if short else "no",
        options=[(t("cnw.checks.yes"), "yes"), (t("cnw.checks.no"), "no")],
        explanation=_t(L2, "short_far", "explain_yes" if short else "explain_no", cards=names),
        on_explain=lambda: setattr(lab.deck_by, "value", "hops"),
        **_texts(L2, "short_far"),
    )


def l2_step4(lab: Any) -> w.VBox:
    return stack(l2_p_inter(lab), l2_short_far(lab))


lesson2 = SimpleNamespace(
    classes=l2_step1, corridor=l2_step2, bridges=l2_step3, deck=l2_step4, score=lesson_score
)


# ====================================================================== lesson 3
L3 = "lesson3"
SEEDS = tuple(range(1, 13))  # the seeds lesson 3's "find a seed" questions look through


@cache
def opener_turn(seed: int, players: int = 3) -> SimpleNamespace:
    """The opener's first turn as ``TurnWalkthrough(seed)`` plays it (same bots, same seeds):
    the reinforcement breakdown, every (state before, action, state after) and who moved."""
    names = [t(f"cnw.table.name_{TURN_BOTS[i % 4]}", n=i + 1) for i in range(players)]
    state = cnw.new_game(names, seed=seed)
    bots = [make_bot(TURN_BOTS[i % 4], seed * 10 + i) for i in range(players)]
    while state.phase == st.PLACEMENT:
        state = cnw.apply(state, bots[cnw.current_player(state)].choose(state))
    mover, steps, breakdown = state.current, [], None
    while True:
        if state.phase == st.REINFORCE and breakdown is None:
            breakdown = cnw.reinforcements(state, mover)
        action = bots[cnw.current_player(state)].choose(state)
        after = cnw.apply(state, action)
        steps.append((state, action, after))
        state = after
        if state.current != mover or cnw.is_over(state):
            break
    return SimpleNamespace(mover=mover, breakdown=breakdown, steps=steps)


def first_roll(seed: int) -> tuple[Any, Any, dict[str, Any]] | None:
    """(state before, attack, roll) of the opener's first attack, or None without one."""
    for before, action, after in opener_turn(seed).steps:
        if isinstance(action, cnw_actions.Attack):
            return before, action, after.roll or after.last_roll
    return None


def _replay_to(walk: Any, seed: int, stop: Callable[[Any], bool] | None = None) -> None:
    """Restart the walk-through at ``seed`` and press "next step" until ``stop(walk)``."""
    walk.seed.value = seed
    walk.restart()
    while stop is not None and not stop(walk) and walk.step():
        pass


def l3_reinforcements(walk: Any) -> Number:
    def variant(seed: int) -> Variant:
        r = opener_turn(seed).breakdown
        return Variant(
            _t(L3, "reinforcements", "question", seed=seed),
            r["total"],
            _t(
                L3,
                "reinforcements",
                "explain",
                base=r["base"],
                gateways=r["gateways"],
                regions=sum(r["regions"].values()),
                hubs=r["hubs"],
                total=r["total"],
            ),
            on_explain=lambda: _replay_to(walk, seed),
        )

    return Number(
        "cnw3-reinforcements",
        new_question=variant,
        seed=walk.seed.value,
        **_texts(L3, "reinforcements"),
    )


def l3_from_hubs(walk: Any) -> Number:
    seed = walk.seed.value
    return Number(
        "cnw3-from-hubs",
        _t(L3, "from_hubs", "question", seed=seed),
        lambda: opener_turn(seed).breakdown["hubs"],
        explanation=lambda hubs: _t(L3, "from_hubs", "explain", hubs=hubs),
        on_explain=lambda: _replay_to(walk, seed),
        **_texts(L3, "from_hubs"),
    )


def l3_defence_dice(walk: Any) -> Number:
    seed = walk.seed.value

    def answer() -> int:
        roll = first_roll(seed)
        return len(roll[2]["defend_rolled"]) if roll else 0

    def explain(dice: int) -> str:
        roll = first_roll(seed)
        if roll is None:
            return _t(L3, "defence_dice", "explain_none")
        before, attack, _ = roll
        board = list(_board().gateways)
        return _t(
            L3,
            "defence_dice",
            "explain",
            source=attack.source,
            target=attack.target,
            src=before.pawns[board.index(attack.source)],
            tgt=before.pawns[board.index(attack.target)],
            a=attack.dice,
            d=dice,
        )

    def rolled(walk_: Any) -> bool:
        return (walk_.state.roll or walk_.state.last_roll) is not None

    return Number(
        "cnw3-defence-dice",
        _t(L3, "defence_dice", "question", seed=seed),
        answer,
        explanation=explain,
        on_explain=lambda: _replay_to(walk, seed, rolled),
        **_texts(L3, "defence_dice"),
    )


def l3_step1(walk: Any) -> w.VBox:
    return stack(l3_reinforcements(walk), l3_from_hubs(walk), l3_defence_dice(walk))


def deliveries(seed: int) -> list[tuple[int, list[str]]]:
    """The shipments the opener delivers in its first turn at ``seed``, with their chains."""
    turn = opener_turn(seed)
    return [
        (action.shipment, delivery_chain(before, turn.mover, action.shipment) or [])
        for before, action, _ in turn.steps
        if isinstance(action, cnw_actions.Deliver)
    ]


def hub_stops(seed: int) -> list[dict[str, Any]]:
    """The rolls of the opener's turn at ``seed`` in which the hub's +1 saved a defending pawn
    (the same dice without the hub would have cost the defender more, §8.3)."""
    out = []
    for _, action, after in opener_turn(seed).steps:
        roll = after.roll or after.last_roll
        if not isinstance(action, cnw_actions.Attack) or not roll or not roll["hub"]:
            continue
        with_hub = battle.resolve_roll(roll["attack"], roll["defend"], True)
        without = battle.resolve_roll(roll["attack"], roll["defend"], False)
        if without[1] > with_hub[1]:
            out.append(roll)
    return out


def _seed_options() -> list[tuple[str, int]]:
    return [(str(s), s) for s in SEEDS]


def _delivered(seed: int) -> str:
    """ "seed: origin → … → destination" for each delivery of the opener's turn at ``seed``."""
    return "; ".join(f"{seed}: {' → '.join(chain)}" for _, chain in deliveries(seed))


def _saved(seed: int) -> str:
    """ "seed: attack dice against defence dice +1" for each roll the hub decided at ``seed``."""
    return "; ".join(
        _t(
            L3,
            "hub_stop",
            "roll",
            seed=seed,
            source=roll["source"],
            target=roll["target"],
            attack=" ".join(map(str, roll["attack"])),
            defend=" ".join(map(str, roll["defend"])),
        )
        for roll in hub_stops(seed)
    )


def _seed_pick(
    walk: Any, name: str, found: Callable[[int], list[Any]], detail: Callable[[int], str]
) -> Pick:
    def answer() -> frozenset[int]:
        return frozenset(s for s in SEEDS if found(s))

    check = Pick(
        f"cnw3-{name.replace('_', '-')}",
        _t(L3, name, "question", low=SEEDS[0], high=SEEDS[-1]),
        answer,
        options=_seed_options(),
        explanation=lambda seeds: _t(
            L3, name, "explain", seeds="; ".join(detail(s) for s in sorted(seeds))
        ),
        **_texts(L3, name),
    )

    def show() -> None:
        seeds = check.answer()
        chosen = check.value()
        _replay_to(walk, chosen if chosen in seeds else min(seeds), lambda wk: wk.done)

    check.prove_with(show)
    return check


def l3_step2(walk: Any) -> w.VBox:
    return stack(
        _seed_pick(walk, "delivering_seed", deliveries, _delivered),
        _seed_pick(walk, "hub_stop", hub_stops, _saved),
    )


lesson3 = SimpleNamespace(turn=l3_step1, compare=l3_step2, score=lesson_score)


# ====================================================================== lesson 4
L4 = "lesson4"
BOT_SEATS = ("courier", "expansionist", "random")


def start_hubs(seed: int, names: list[str]) -> list[str]:
    """The hubs ◆ dealt to the first seat at ``seed`` (§4)."""
    state = cnw.new_game(names, seed=seed)
    board = _board()
    return [
        c for i, c in enumerate(board.gateways) if state.owner[i] == 0 and board.gateways[c].hub
    ]


def l4_start_hubs(table: Any) -> Number:
    seed, names = table.seed.value, list(table.state.names)
    return Number(
        "cnw4-start-hubs",
        _t(L4, "start_hubs", "question", seed=seed, name=names[0]),
        lambda: len(start_hubs(seed, names)),
        explanation=lambda n: _t(
            L4, "start_hubs", "explain", n=n, hubs=", ".join(start_hubs(seed, names)) or "—"
        ),
        **_texts(L4, "start_hubs"),
    )


def unlinked_attack_rule(seed: int) -> str:
    """The § that ``gamelib`` cites when a player attacks a gateway not linked to the source:
    courier bots play the game at ``seed`` to its first Operations phase, then the attack is
    tried from a gateway with 2+ pawns at an opponent's gateway with no link to it."""
    names = [t("cnw.table.name_courier", n=i + 1) for i in range(3)]
    state = cnw.new_game(names, seed=seed)
    bots = [make_bot("courier", seed * 10 + i) for i in range(3)]
    while state.phase != st.OPERATIONS:
        state = cnw.apply(state, bots[cnw.current_player(state)].choose(state))
    board = _board()
    codes, me = list(board.gateways), state.current
    source = next(c for i, c in enumerate(codes) if state.owner[i] == me and state.pawns[i] >= 2)
    target = next(
        c
        for i, c in enumerate(codes)
        if state.owner[i] >= 0 and state.owner[i] != me and c not in board.neighbours(source)
    )
    try:
        cnw.apply(state, cnw_actions.Attack(source, target, 1))
    except IllegalAction as refused:
        return refused.rule
    raise AssertionError("an attack on an unlinked gateway was accepted")


RULES = ("§3.3", "§7.1", "§7.2", "§8.3")


def l4_unlinked(table: Any) -> Choice:
    seed = table.seed.value
    return Choice(
        "cnw4-unlinked",
        _t(L4, "unlinked", "question"),
        lambda: unlinked_attack_rule(seed),
        options=[(r, r) for r in RULES],
        explanation=lambda rule: _t(L4, "unlinked", "explain", rule=rule),
        **_texts(L4, "unlinked"),
    )


@cache
def bots_game(seed: int, seats: tuple[str, ...] = BOT_SEATS) -> Any:
    """The game "Let the bots play to the end" plays from a new game of bots ``seats`` at
    ``seed`` (the table's bots: kind and seed ``seed * 10 + seat``)."""
    names = [t(f"cnw.table.name_{k}", n=i + 1) for i, k in enumerate(seats)]
    state = cnw.new_game(names, seed=seed)
    bots = [make_bot(kind, seed * 10 + p) for p, kind in enumerate(seats)]
    history: list[tuple[Any, Any]] = []
    final = play_out(cnw, state, bots, on_action=lambda s, a: history.append((s, a)))
    return SimpleNamespace(state=final, history=history, start=state)


VICTORIES = ("objective", "sla", "domination", "unfinished")


def l4_victory(table: Any) -> Choice:
    seed = table.seed.value
    return Choice(
        "cnw4-victory",
        _t(L4, "victory", "question", seed=seed),
        lambda: bots_game(seed).state.victory,
        options=[(t(f"cnw.victory.{v}"), v) for v in VICTORIES],
        explanation=lambda v: _t(
            L4,
            "victory",
            "explain",
            victory=t(f"cnw.victory.{v}"),
            winners=", ".join(bots_game(seed).state.names[p] for p in bots_game(seed).state.winners)
            or "—",
            round=bots_game(seed).state.round,
        ),
        **_texts(L4, "victory"),
    )


def last_delivery(seed: int) -> tuple[Any, list[str]] | None:
    """(the Deliver action, its chain) of the last delivery of the bots' game at ``seed``."""
    game = bots_game(seed)
    previous = game.start
    found = None
    for after, action in game.history:
        if isinstance(action, cnw_actions.Deliver):
            chain = delivery_chain(previous, previous.current, action.shipment) or []
            found = (action, chain)
        previous = after
    return found


def l4_last_chain(table: Any) -> Number:
    seed = table.seed.value

    def explain(hops: int) -> str:
        found = last_delivery(seed)
        chain = " → ".join(found[1]) if found else "—"
        return _t(L4, "last_chain", "explain", chain=chain, hops=hops)

    return Number(
        "cnw4-last-chain",
        _t(L4, "last_chain", "question", seed=seed),
        lambda: max(0, len((last_delivery(seed) or (None, []))[1]) - 1),
        explanation=explain,
        **_texts(L4, "last_chain"),
    )


def l4_step1(table: Any) -> w.VBox:
    return stack(l4_start_hubs(table), l4_unlinked(table))


def l4_step2(table: Any) -> w.VBox:
    return stack(l4_victory(table), l4_last_chain(table))


lesson4 = SimpleNamespace(table=l4_step1, end=l4_step2, score=lesson_score)
