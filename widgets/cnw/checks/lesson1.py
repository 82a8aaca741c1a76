"""The checks of CNW lesson 1, board and battles: every question answered in the page."""

from __future__ import annotations

import random
from functools import cache, partial
from typing import Any

import ipywidgets as w

from gamelib.cnw import battle as cnw_battle
from widgets.cnw.checks.common import (
    CONFIDENCE,
    _board,
    _gateway_options,
    _rank,
    _region_options,
    _set_lab,
)
from widgets.cnw.words import region_name
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
from widgets.kit.check_montecarlo import mc_narrower, mc_outside
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number, percent

_t = CheckTexts("cnw", "lesson1")


def l1_most_hubs(board_map: Any) -> Choice:
    board = _board()
    share = {
        rid: sum(board.gateways[c].hub for c in r.gateways) / len(r.gateways)
        for rid, r in board.regions.items()
    }
    best = max(share, key=share.get)

    def explain(answer: str) -> str:
        rows = ", ".join(
            f"{region_name(r)} {sum(board.gateways[c].hub for c in r.gateways)}/{len(r.gateways)}"
            for r in board.regions.values()
        )
        return _t("most_hubs", "explain", region=region_name(board.regions[answer]), rows=rows)

    return Choice(
        "cnw1-most-hubs",
        _t("most_hubs", "question"),
        best,
        options=_region_options(),
        explanation=explain,
        **_t.hint("most_hubs"),
    )


def _fewest_borders() -> str:
    regions = _board().regions
    return min(regions, key=lambda rid: (len(regions[rid].borders), len(regions[rid].gateways)))


def l1_fewest_borders(board_map: Any) -> Choice:
    regions = _board().regions

    def explain(answer: str) -> str:
        r = regions[answer]
        return _t("fewest_borders", "explain", region=region_name(r), borders=", ".join(r.borders))

    return Choice(
        "cnw1-fewest-borders",
        _t("fewest_borders", "question"),
        _fewest_borders(),
        options=_region_options(),
        explanation=explain,
        **_t.hint("fewest_borders"),
    )


def l1_bonus(board_map: Any) -> Number:
    region = _board().regions[_fewest_borders()]
    return Number(
        "cnw1-bonus",
        _t("bonus", "question"),
        region.bonus,
        explanation=_t("bonus", "explain", region=region_name(region), bonus=region.bonus),
        **_t.hint("bonus"),
    )


def l1_bonus_why(board_map: Any) -> Reflect:
    regions = _board().regions
    south, asia = regions["south_america"], regions["asia"]
    model = _t(
        "bonus_why",
        "model",
        s_size=len(south.gateways),
        s_borders=len(south.borders),
        s_bonus=south.bonus,
        a_size=len(asia.gateways),
        a_borders=len(asia.borders),
        a_bonus=asia.bonus,
    )
    return Reflect("cnw1-bonus-why", _t("bonus_why", "question"), model)


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
        _t("dashed_top5", "question"),
        len(inside),
        explanation=_t("dashed_top5", "explain", top=", ".join(top), ends=", ".join(inside) or "—"),
        on_explain=show,
        **_t.hint("dashed_top5"),
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
        _t("two_links", "question"),
        best,
        options=_gateway_options(),
        explanation=_t(
            "two_links",
            "explain",
            code=best,
            links=", ".join(board.neighbours(best)),
            rank=rank,
            total=len(board.gateways),
        ),
        on_explain=show,
        **_t.hint("two_links"),
    )
    return check.follow(board_map.gateway)


def l1_waw_svo(board_map: Any) -> Choice:
    rank = _rank()
    ends = ("WAW", "SVO")
    higher = min(ends, key=rank.index)
    return Choice(
        "cnw1-waw-svo",
        _t("waw_svo", "question"),
        higher,
        options=[(c, c) for c in ends],
        explanation=_t(
            "waw_svo",
            "explain",
            waw=rank.index("WAW") + 1,
            svo=rank.index("SVO") + 1,
            total=len(rank),
        ),
        on_explain=lambda: setattr(board_map.gateway, "value", higher),
        **_t.hint("waw_svo"),
    )


def l1_step2(board_map: Any) -> w.VBox:
    """Step 2 · chokepoints: dashed ends among the top five, a two-link chokepoint, WAW–SVO."""
    return stack(l1_dashed_top5(board_map), l1_two_links(board_map), l1_waw_svo(board_map))


def l1_attack_dice() -> Number:
    pawns = 3
    dice = cnw_battle.attack_dice_for(pawns - 1)  # one pawn always stays on the source (§7.1)
    return Number(
        "cnw1-attack-dice",
        _t("attack_dice", "question", pawns=pawns),
        dice,
        explanation=_t("attack_dice", "explain", pawns=pawns, rolling=pawns - 1, dice=dice),
        **_t.hint("attack_dice"),
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
        p = cnw_battle.roll_distribution(a, d)[(0, k)]
        return Variant(
            _t("all_fall", "question", a=a, d=d, k=k),
            100 * float(p),
            _t("all_fall", "explain", a=a, d=d, k=k, p=percent(p), n=6 ** (a + d)),
            on_explain=lambda: _set_lab(lab, a, d),
        )

    return Number(
        "cnw1-all-fall",
        tolerance=0.5,
        unit="%",
        digits=1,
        new_question=variant,
        **_t.hint("all_fall"),
    )


def l1_classic_likely(lab: Any) -> Choice:
    dist = cnw_battle.roll_distribution(3, 2)
    outcomes = sorted(dist, key=lambda o: (-o[0] + o[1], o[1]))
    best = max(dist, key=dist.get)
    options = [(t("cnw.checks.outcome", a=la, d=ld), f"{la}-{ld}") for la, ld in outcomes]
    return Choice(
        "cnw1-classic-likely",
        _t("classic_likely", "question"),
        f"{best[0]}-{best[1]}",
        options=options,
        explanation=_t("classic_likely", "explain", a=best[0], d=best[1], p=percent(dist[best])),
        on_explain=lambda: _set_lab(lab, 3, 3, rule=2),
        **_t.hint("classic_likely"),
    )


def l1_ties(lab: Any) -> Reflect:
    def heavy(rule: int) -> str:
        dist = cnw_battle.roll_distribution(3, cnw_battle.defend_dice_for(3, rule))
        return percent(sum(p for (la, _ld), p in dist.items() if la >= 2))

    return _t.reflect("cnw1-ties", "ties", p3=heavy(3), p2=heavy(2))


def l1_step3(lab: Any) -> w.VBox:
    """Step 4 · one roll: the defender losing every die, the classic rule's likeliest outcome."""
    return stack(l1_all_fall(lab), l1_classic_likely(lab), l1_ties(lab))


def l1_one_on_one(lab: Any) -> Number:
    p = cnw_battle.conquest_probability(1, 1)
    return Number(
        "cnw1-one-on-one",
        _t("one_on_one", "question"),
        100 * p,
        tolerance=0.5,
        unit="%",
        digits=1,
        explanation=_t("one_on_one", "explain", p=percent(p)),
        on_explain=lambda: _set_lab(lab, 1, 1),
        **_t.hint("one_on_one"),
    )


def l1_bridge_battle(lab: Any) -> w.VBox:
    """The bridge from one roll to a battle: 1 against 1 is one roll, more is a chain of them."""
    return stack(l1_one_on_one(lab))


def _even(defenders: int, rule: int = 3, hub: bool = False) -> int:
    """The fewest attacking pawns with at least even odds (the heat map's 50% line)."""
    return next(
        a
        for a in range(1, 200)
        if cnw_battle.conquest_probability(a, defenders, max_defender_dice=rule, hub=hub) >= 0.5
    )


EVEN_DEFENDERS = 10


def _even_check(lab: Any, name: str, rule: int, hub: bool) -> Number:
    d = EVEN_DEFENDERS
    a = _even(d, rule, hub)
    p = cnw_battle.conquest_probability(a, d, max_defender_dice=rule, hub=hub)
    below = cnw_battle.conquest_probability(a - 1, d, max_defender_dice=rule, hub=hub)
    return Number(
        f"cnw1-{name.replace('_', '-')}",
        _t(name, "question", d=d),
        a,
        explanation=_t(name, "explain", a=a, d=d, p=percent(p), below=percent(below)),
        on_explain=lambda: _set_lab(lab, a, d, rule=rule, hub=hub),
        **_t.hint(name),
    )


def l1_more_or_fewer(lab: Any) -> Choice:
    d = EVEN_DEFENDERS
    a = _even(d)
    answer = "more" if a > d else ("fewer" if a < d else "same")
    return Choice(
        "cnw1-more-or-fewer",
        _t("more_or_fewer", "question"),
        answer,
        options=[(t(f"cnw.checks.{k}"), k) for k in ("more", "same", "fewer")],
        explanation=_t("more_or_fewer", "explain", a=a, d=d),
        on_explain=lambda: _set_lab(lab, a, d),
        **_t.hint("more_or_fewer"),
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
        a for a in range(1, 200) if cnw_battle.conquest_probability(a, defenders, hub=hub) >= 0.75
    )


HUB_DEFENDERS = 5


def _hub_check(lab: Any, name: str, hub: bool) -> Number:
    d = HUB_DEFENDERS
    a = _three_quarters(d, hub)
    plain, fort = _three_quarters(d, False), _three_quarters(d, True)
    return Number(
        f"cnw1-{name.replace('_', '-')}",
        _t(name, "question", d=d),
        a,
        explanation=_t(
            name,
            "explain",
            a=a,
            d=d,
            p=percent(cnw_battle.conquest_probability(a, d, hub=hub)),
            below=percent(cnw_battle.conquest_probability(a - 1, d, hub=hub)),
            price=fort - plain,
        ),
        on_explain=lambda: _set_lab(lab, a, d, hub=hub),
        **_t.hint(name),
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
    """Attack dice, defence dice, hub of an OBC question: 3 against 3 at a hub, then seeded.
    Never 1 against 1: there a re-roll is one more die for either side, worth exactly as much
    to each (docs/rules/cnw.md), so neither answer would be right; such a draw is drawn again."""
    if seed == 0:
        return 3, 3, True
    rng = random.Random(f"cnw1-obc:{seed}")
    while True:
        a, d, hub = rng.randint(1, 3), rng.randint(1, 3), rng.random() < 0.5
        if (a, d) != (1, 1):
            return a, d, hub


def _exchange(dist: dict[tuple[int, int], Any]) -> float:
    """Expected defender losses minus attacker losses of one roll."""
    return float(sum(p * (ld - la) for (la, ld), p in dist.items()))


def obc_gains(a: int, d: int, hub: bool) -> tuple[float, float]:
    """How much one OBC re-roll moves the expected pawn exchange, for the attacker and for the
    defender (both positive: what the token holder gains)."""
    base = _exchange(cnw_battle.roll_distribution(a, d, hub))
    attacker = _exchange(cnw_battle.roll_distribution(a, d, hub, attacker_reroll=True)) - base
    defender = base - _exchange(cnw_battle.roll_distribution(a, d, hub, defender_reroll=True))
    return attacker, defender


def l1_obc_side(lab: Any) -> Choice:
    def variant(seed: int) -> Variant:
        a, d, hub = _obc_battle(seed)
        # the exact laws of a re-rolled roll take ~0.6 s the first time in a kernel: computed at
        # the first press of "check" or "show me", not while the page opens
        gains = cache(lambda: obc_gains(a, d, hub))

        def side() -> str:
            gain_a, gain_d = gains()
            return "attacker" if gain_a > gain_d else "defender"

        def explain(answer: str) -> str:
            gain_a, gain_d = gains()
            return _t(
                "obc_side",
                "explain",
                gain_a=number(gain_a, 2),
                gain_d=number(gain_d, 2),
                side=t(f"cnw.checks.{answer}"),
            )

        where = t("cnw.checks.at_hub") if hub else t("cnw.checks.no_hub")
        return Variant(
            _t("obc_side", "question", a=a, d=d, where=where),
            side,
            explain,
            on_explain=lambda: _set_lab(lab, a, d, hub=hub),
        )

    return Choice(
        "cnw1-obc-side",
        options=[(t(f"cnw.checks.{k}"), k) for k in ("attacker", "defender")],
        new_question=variant,
        **_t.hint("obc_side"),
    )


def l1_obc_when(lab: Any) -> Reflect:
    return _t.reflect("cnw1-obc-when", "obc_when")


def l1_step6(lab: Any) -> w.VBox:
    """Step 8 · the OBC token: which side gains more from one re-roll; when to spend it."""
    return stack(l1_obc_side(lab), l1_obc_when(lab))


MC_BATTLE = (3, 3)  # the battle of the interval question: the lab's start
MC_RUNS = (1_000, 200_000)  # the two numbers of battles the question compares


def l1_mc_narrower(lab: Any) -> Number:
    a, d = MC_BATTLE
    p = cnw_battle.conquest_probability(a, d)
    on_explain = partial(_set_lab, lab, a, d)
    return mc_narrower(
        _t, "cnw1-mc-narrower", cnw_battle.wilson_interval, p, *MC_RUNS, on_explain, a=a, d=d
    )


def l1_mc_outside(lab: Any) -> Number:
    return mc_outside(_t, "cnw1-mc-outside", CONFIDENCE)


def l1_step7(lab: Any) -> w.VBox:
    """Step 10 · Monte Carlo: how much narrower the interval gets, how often it misses."""
    return stack(l1_mc_narrower(lab), l1_mc_outside(lab))


# The steps as the notebook calls them: ``checks.<step>(widget)``.
regions = l1_step1
chokepoints = l1_step2
attack = l1_bridge_attack
roll = l1_step3
chain = l1_bridge_battle
battle = l1_step4
hub = l1_step5
obc = l1_step6
montecarlo = l1_step7
score = lesson_score
