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
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import percent
from widgets.kit.table import counted

_t = CheckTexts("cnw", "lesson1")
_n = CheckTexts("cnw", "lesson1n")  # issue #25's new texts (cnw_checks25a.json)


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
        options=[*((c, c) for c in ends), (_n("waw_svo", "same"), "same")],
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


ALL_FALL_KINDS = ("defender", "attacker", "split")  # who loses what in the asked roll


def _all_fall(seed: int, level: int = 0) -> tuple[int, int, str]:
    """(attack dice, defence dice, what is asked) of a one-roll question: the defender losing
    every die compared, the attacker losing every one, or one pawn each, in turn (2 against 2
    first; 3 against 3 is the step's prediction). Level -1 asks about one die against one or
    two (one comparison), +1 about three dice on both sides or a split."""
    if seed == 0:
        return 2, 2, "defender"
    rng = random.Random(f"cnw1-all-fall:{seed}:{level}")
    kind = ALL_FALL_KINDS[seed % len(ALL_FALL_KINDS)]
    if level < 0:
        a, d = (1, rng.randint(1, 3)) if rng.random() < 0.5 else (rng.randint(1, 3), 1)
        return a, d, "defender" if kind == "split" else kind
    if level > 0:
        return 3, rng.choice((2, 3)), kind
    a, d = rng.randint(1, 3), rng.randint(1, 3)
    if kind == "split" and min(a, d) < 2:
        a, d = max(a, 2), max(d, 2)
    return a, d, kind


def all_fall_outcome(a: int, d: int, kind: str) -> tuple[int, int]:
    """(attacker losses, defender losses) the question of ``kind`` asks about."""
    k = min(a, d)
    return {"defender": (0, k), "attacker": (k, 0)}.get(kind, (1, k - 1))


def l1_all_fall(lab: Any) -> Number:
    def variant(seed: int, level: int = 0) -> Variant:
        a, d, kind = _all_fall(seed, level)
        k = min(a, d)
        outcome = all_fall_outcome(a, d, kind)
        p = cnw_battle.roll_distribution(a, d).get(outcome, 0)
        values = {"a": a, "d": d, "k": k, "rest": k - 1, "p": percent(p), "n": 6 ** (a + d)}
        dice = "question_one" if a == 1 or d == 1 else "question"
        return Variant(
            _n("all_fall", f"{dice}_{kind}", **values),
            100 * float(p),
            _n("all_fall", counted(f"explain_{kind}", k), **values),
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


PREDICTED_ROLL = (3, 3)  # the step's prediction: 3 attack dice against 3 defence dice


def l1_roll_predict(lab: Any) -> Predict:
    """The defender losing all three pawns in one roll, predicted before the chart shows it:
    not (15/36)³, because the dice are compared sorted, highest against highest."""
    a, d = PREDICTED_ROLL
    p = cnw_battle.roll_distribution(a, d)[(0, d)]
    one = cnw_battle.roll_distribution(1, 1)[(0, 1)]
    return Predict(
        "cnw1-roll-predict",
        _n("roll_predict", "question", a=a, d=d, one=percent(one)),
        100 * float(p),
        reveals=find_tagged(lab, "cnw-fig-roll"),
        tolerance=3,
        unit="%",
        digits=1,
        explanation=_n(
            "roll_predict",
            "explain",
            a=a,
            d=d,
            p=percent(p),
            one=percent(one),
            cubed=percent(one**3),
            n=6 ** (a + d),
        ),
        on_explain=lambda: _set_lab(lab, a, d),
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


TIES_REASONS = ("bigger", "classic", "third", "fewer")  # the options, in the page's order


def heavy_loss(rule: int) -> str:
    """The chance that 3 attack dice lose 2 pawns or more in one roll against a full defence
    under ``rule`` (3: CNW, 2: classic Risk)."""
    dist = cnw_battle.roll_distribution(3, cnw_battle.defend_dice_for(3, rule))
    return percent(sum(p for (la, _ld), p in dist.items() if la >= 2))


def l1_ties(lab: Any) -> Reason:
    """Why ties matter more against 3 defence dice: pick the reason (a Reflect until #25)."""
    values = {
        "p3": heavy_loss(3),
        "p2": heavy_loss(2),
        "faces": cnw_battle.RULES.die_faces,
        "dice": cnw_battle.attack_dice_for(3),
    }
    return Reason(
        "cnw1-ties-why",
        _n("ties_why", "question"),
        "third",
        options=[(_n("ties_why", k), k) for k in TIES_REASONS],
        explanations={k: _n("ties_why", f"why_{k}", **values) for k in TIES_REASONS},
        hint=[_n("ties_why", "hint_idea"), _n("ties_why", "hint_method")],
    )


def l1_step3(lab: Any) -> w.VBox:
    """Step 4 · one roll: 3 against 3 predicted, one roll's outcome, the classic rule's likeliest
    outcome, why ties weigh more against three dice."""
    return stack(l1_roll_predict(lab), l1_all_fall(lab), l1_classic_likely(lab), l1_ties(lab))


# The steps as the notebook calls them: ``checks.<step>(widget)``.
regions = l1_step1
chokepoints = l1_step2
attack = l1_bridge_attack
roll = l1_step3
score = lesson_score
