"""The checks of CNW lesson 1, the board and the dice: regions, chokepoints, what a gateway may
roll and one roll of the dice. Every question answered in the page.

The texts are ``cnw.checks.lesson1.*`` in the catalog and the check names ``cnw1-*``: both kept
from before lesson 1 was split in two (issue #25), so a learner's record and the catalog did not
change; the battles half is ``lesson2``, which reads the same catalog prefix."""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as w

from gamelib.cnw import battle as cnw_battle
from widgets.cnw.checks.common import (
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
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import percent

_t = CheckTexts("cnw", "lesson1")


def _ladder(name: str) -> list[str]:
    """A hint ladder (issue #25): the idea, the method, then the old hint (where to look)."""
    return [_t(name, "hint_idea"), _t(name, "hint_method"), _t(name, "hint")]


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
        hint=_ladder("fewest_borders"),
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
        hint=_ladder("dashed_top5"),
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
        hint=_ladder("two_links"),
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
        hint=_ladder("waw_svo"),
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
        hint=_ladder("all_fall"),
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
        hint=_ladder("classic_likely"),
    )


def l1_ties(lab: Any) -> Reflect:
    def heavy(rule: int) -> str:
        dist = cnw_battle.roll_distribution(3, cnw_battle.defend_dice_for(3, rule))
        return percent(sum(p for (la, _ld), p in dist.items() if la >= 2))

    return _t.reflect("cnw1-ties", "ties", p3=heavy(3), p2=heavy(2))


def l1_step3(lab: Any) -> w.VBox:
    """Step 4 · one roll: the defender losing every die, the classic rule's likeliest outcome."""
    return stack(l1_all_fall(lab), l1_classic_likely(lab), l1_ties(lab))


# The steps as the notebook calls them: ``checks.<step>(widget)``.
regions = l1_step1
chokepoints = l1_step2
attack = l1_bridge_attack
roll = l1_step3
score = lesson_score
