"""The checks of AirWar lesson 3 (the odds of interception): blind picks (predicted before the
curve shows them, then counted with a hint ladder), the Battle cards that stop mattering and the
reason why, and how Monte Carlo's interval narrows."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

import ipywidgets as w

from gamelib.airwar import cards, odds
from widgets.airwar.cardtexts import card_name
from widgets.airwar.checks.common import best_fighter, ladder
from widgets.airwar.deck import card_types
from widgets.airwar.odds_lab import MAX_MISSION, battle_types
from widgets.i18n import t
from widgets.kit.check import Number, Variant, lesson_score, stack
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import percent
from widgets.kit.table import counted

_t = CheckTexts("airwar", "lesson3")


def fewest_for_half(n: int, bombers: int) -> int:
    """The fewest blind picks that find a bomber more likely than not."""
    return next(k for k in range(n + 1) if odds.p_hit_at_least_one(n, bombers, k) > 0.5)


PICK_KINDS = ("at_least", "none", "all")  # what a question about blind picks asks


def _pick_setting(seed: int, level: int = 0) -> tuple[int, int, int, str]:
    """(cards, bombers, interceptors, what is asked) of variant ``seed``: the chance that at
    least one bomber is found, that none is, or that every pick is a bomber, in turn. Level -1
    asks about one interceptor (b out of n), +1 about larger missions (6 cards or more) and at
    least 3 picks."""
    if seed == 0:
        return 5, 2, 2, "at_least"
    rng = random.Random(f"aw3-pick:{seed}:{level}")
    kind = PICK_KINDS[seed % len(PICK_KINDS)]
    low = 6 if level > 0 else 3
    n = rng.randint(low, MAX_MISSION)
    b = rng.randint(1, n - 1)
    if level < 0:
        return n, b, 1, kind
    if kind == "all":
        b = max(b, 2 if level <= 0 else 3)
        b = min(b, n - 1)
        return n, b, rng.randint(2 if level <= 0 else min(3, b), b), kind
    return n, b, rng.randint(3 if level > 0 else 1, n - 1), kind


def pick_question(n: int, b: int, k: int, kind: str = "at_least") -> str:
    """The question of ``kind`` about ``k`` blind picks among ``n`` cards with ``b`` bombers,
    every count agreeing with its noun ("1 interceptor picking", "1 of them a bomber")."""

    def said(part: str, count: int) -> str:
        return t(counted(f"airwar.checks.lesson3.count.{part}", count), n=count)

    return _t(
        "one_pick",
        f"ask_{kind}",
        cards=said("cards", n),
        bombers=said("bombers", b),
        fighters=said("fighters", k),
    )


def pick_chance(n: int, b: int, k: int, kind: str) -> Fraction:
    """The exact chance the question of ``kind`` asks (the hypergeometric law)."""
    at_least = Fraction(odds.p_hit_at_least_one(n, b, k))
    if kind == "none":
        return 1 - at_least
    if kind == "all":
        return Fraction(math.comb(b, k), math.comb(n, k))
    return at_least


def _set_picks(lab: Any, n: int, b: int) -> None:
    lab.n.value = n
    lab.bombers.value = b


PREDICTED = (5, 2, 2)  # cards, bombers, interceptors: the lab's first setting, two picks


def both_pick_bombers(n: int, b: int) -> Fraction:
    """The chance that two blind picks both find a bomber: what adding two picks' chances
    counts twice."""
    return Fraction(math.comb(b, 2), math.comb(n, 2))


def l3_predict(lab: Any) -> Predict:
    """Two interceptors' chance, predicted before the curve shows it: not twice one pick's."""
    n, b, k = PREDICTED
    one, p = odds.p_hit_at_least_one(n, b, 1), odds.p_hit_at_least_one(n, b, k)
    explain = _t(
        "predict",
        "explain",
        n=n,
        k=k,
        rest=n - b,
        miss=math.comb(n - b, k),
        all=math.comb(n, k),
        p=percent(p, 0),
        one=percent(one, 0),
        twice=percent(2 * one, 0),
        both=percent(both_pick_bombers(n, b), 0),
    )
    return Predict(
        "aw3-predict",
        _t("predict", "question", n=n, b=b, k=k, one=percent(one, 0)),
        100 * float(p),
        reveals=find_tagged(lab, "airwar-fig-pick"),
        inside=lab,
        tolerance=5,
        unit="%",
        explanation=explain,
        on_explain=lambda: _set_picks(lab, n, b),
    )


def l3_half(lab: Any) -> Number:
    n, b = PREDICTED[:2]
    k = fewest_for_half(n, b)
    p = odds.p_hit_at_least_one(n, b, k)
    below = odds.p_hit_at_least_one(n, b, k - 1)
    return Number(
        "aw3-half",
        _t("half", "question"),
        k,
        explanation=_t("half", "explain", k=k, p=percent(p), below=percent(below)),
        on_explain=lambda: _set_picks(lab, n, b),
        # the ladder: the idea, the method, then where to look on the curve
        hint=[
            _t("half", "hint_idea"),
            _t("half", "hint_method", n=n, b=b, rest=n - b),
            _t("half", "hint"),
        ],
    )


def l3_one_pick(lab: Any) -> Number:
    def variant(seed: int, level: int = 0) -> Variant:
        n, b, k, kind = _pick_setting(seed, level)
        p = pick_chance(n, b, k, kind)
        values = {
            "n": n,
            "b": b,
            "k": k,
            "rest": n - b,
            "miss": math.comb(n - b, k),
            "hits": math.comb(b, k),
            "all": math.comb(n, k),
            "p": percent(float(p)),
        }
        suffix = "" if kind == "at_least" else f"_{kind}"
        return Variant(
            pick_question(n, b, k, kind),
            100 * float(p),
            _t("one_pick", f"explain{suffix}", **values),
            on_explain=lambda: _set_picks(lab, n, b),
        )

    return Number(
        "aw3-one-pick",
        tolerance=0.5,
        unit="%",
        digits=1,
        new_question=variant,
        **ladder(_t, "one_pick"),
    )


def l3_picks(lab: Any) -> w.VBox:
    """Blind picks: two interceptors' chance predicted (the curve hidden until then), how many
    interceptors for even odds, one hypergeometric chance."""
    return stack(l3_predict(lab), l3_half(lab), l3_one_pick(lab))


def idle_battle_cards(lab: Any) -> list[str]:
    """Battle cards that change nothing with the best enemy fighter (the lab's raid, size)."""
    mission = lab.setting()[0]
    foes = [best_fighter(lab.raid.value)] * lab.k.value
    idle = []
    for bc in (c for c, _ in card_types("", "battle")):
        if odds.battle_card_value(mission, foes, bc, lab.target.value)["gain"] == 0:
            idle.append(card_name(bc))
    return idle


def l3_idle(lab: Any) -> Number:
    best = best_fighter(lab.raid.value)

    def show() -> None:
        lab.fighter.value = best.id

    return Number(
        "aw3-idle",
        _t("idle", "question", fighter=card_name(best), k=lab.k.value),
        lambda: len(idle_battle_cards(lab)),
        explanation=lambda n: _t(
            "idle", "explain", n=n, names=", ".join(idle_battle_cards(lab)) or "—"
        ),
        on_explain=show,
        **ladder(_t, "idle"),
    )


def battle_cards_that_matter(lab: Any) -> list[str]:
    """Battle cards that still change the damage with the best enemy fighter."""
    idle = set(idle_battle_cards(lab))
    return [card_name(bc) for bc in battle_types() if card_name(bc) not in idle]


IDLE_REASONS = ("attacker", "immune", "reach", "chance")  # the options, in the page's order


def l3_idle_why(lab: Any) -> Reason:
    """Why a Battle card that adds Air-to-Air stops mattering: pick the reason."""
    best = best_fighter(lab.raid.value)
    mission = [cards.card(c) for c in lab.setting()[0]]
    top = max(c.defense for c in mission)
    killer = max(mission, key=lambda c: c.air_to_air)  # the raid's card most able to kill it
    fighter = card_name(best)
    explanations = {
        "reach": _t("idle_why", "model", fighter=fighter, a2a=best.air_to_air, top=top),
        "attacker": _t("idle_why", "why_attacker", fighter=fighter),
        "immune": _t(
            "idle_why",
            "why_immune",
            fighter=fighter,
            f_def=best.defense,
            killer=card_name(killer),
            k_a2a=killer.air_to_air,
        ),
        "chance": lambda _a: _t(
            "idle_why",
            "why_chance",
            fighter=fighter,
            names=", ".join(battle_cards_that_matter(lab)) or "—",
        ),
    }
    return Reason(
        "aw3-idle-why",
        _t("idle_why", "question"),
        "reach",
        options=[(_t("idle_why", reason), reason) for reason in IDLE_REASONS],
        explanations=explanations,
        **ladder(_t, "idle_why"),
    )


def l3_battle(lab: Any) -> w.VBox:
    """Battle cards against the best fighter: how many stop mattering, and why."""
    return stack(l3_idle(lab), l3_idle_why(lab))


SMALL, LARGE = 200, 20_000


def l3_narrower(lab: Any) -> Number:
    ratio = math.sqrt(LARGE / SMALL)
    return Number(
        "aw3-narrower",
        _t("narrower", "question", small=SMALL, large=LARGE),
        ratio,
        tolerance=0.5,
        digits=1,
        explanation=_t("narrower", "explain", small=SMALL, large=LARGE, r=f"{ratio:g}"),
        **ladder(_t, "narrower"),
    )


def l3_montecarlo(lab: Any) -> w.VBox:
    """Monte Carlo: the interval shrinks with the square root of the trials."""
    return stack(l3_narrower(lab))


# The steps as the notebook calls them: ``checks.<step>(widget)``.
picks = l3_picks
battle = l3_battle
montecarlo = l3_montecarlo
score = lesson_score
