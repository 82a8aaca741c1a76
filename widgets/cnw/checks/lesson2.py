"""The checks of CNW lesson 2, battles: one roll to a chain of rolls, the whole battle as a Markov
chain, the hub's +1, the OBC token and the Monte Carlo check of the odds. Every question
answered in the page.

These checks were the second half of lesson 1 until it was split (issue #25): they keep their
names (``cnw1-*``, the ids in learners' records and the browser tests) and their texts
(``cnw.checks.lesson1.*``, hence ``CheckTexts("cnw", "lesson1")`` below)."""

from __future__ import annotations

import random
from functools import cache, partial
from typing import Any

import ipywidgets as w

from gamelib import cnw
from gamelib.cnw import actions as cnw_actions
from gamelib.cnw import battle as cnw_battle
from gamelib.cnw import state as st
from gamelib.cnw.bots import RandomBot
from widgets.cnw.checks.common import (
    CONFIDENCE,
    _set_lab,
)
from widgets.i18n import t
from widgets.kit.check import (
    Choice,
    Number,
    Reflect,
    Variant,
    lesson_score,
    stack,
)
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_montecarlo import mc_narrower, mc_outside
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number, percent

_t = CheckTexts("cnw", "lesson1")
_n = CheckTexts("cnw", "lesson2n")  # issue #25's new texts (cnw_checks25a.json)


def _ladder(name: str) -> list[str]:
    """A hint ladder (issue #25): the idea, the method, then the old hint (where to look)."""
    return [_t(name, "hint_idea"), _t(name, "hint_method"), _t(name, "hint")]


def l1_one_on_one(lab: Any) -> Predict:
    """One pawn against one, predicted before the roll chart and the summary show it: not 50%,
    because the 6 ties of the 36 pairs go to the defender."""
    p = cnw_battle.conquest_probability(1, 1)
    ties = sum(1 for x in range(1, 7) for y in range(1, 7) if x == y)
    wins = sum(1 for x in range(1, 7) for y in range(1, 7) if x > y)
    return Predict(
        "cnw1-one-on-one",
        _n("one_on_one", "question"),
        100 * p,
        reveals=[find_tagged(lab, "cnw-fig-roll"), lab.summary],
        tolerance=5,
        unit="%",
        digits=1,
        explanation=_n("one_on_one", "explain", p=percent(p), wins=wins, ties=ties),
        on_explain=lambda: _set_lab(lab, 1, 1),
    )


STOP_ANSWERS = ("must_go", "may_stop", "must_stop")  # the options, in the page's order


@cache
def stop_case() -> tuple[Any, Any]:
    """(the attack, the state after its roll) of the first roll in seeded random games that left
    the defender standing and the attacker able to roll again: what §8.2 is asked about."""
    for seed in range(1, 40):
        state = cnw.new_game(["A", "B", "C"], seed=seed)
        bots = [RandomBot(seed * 10 + i) for i in range(3)]
        for _ in range(3000):
            if cnw.is_over(state):
                break
            action = bots[cnw.current_player(state)].choose(state)
            after = cnw.apply(state, action)
            if (
                isinstance(action, cnw_actions.Attack)
                and after.phase == st.OPERATIONS
                and after.current == state.current
                and any(_same(x, action) for x in cnw.legal_actions(after))
            ):
                return action, after
            state = after
    raise LookupError("no roll that leaves both sides standing")


def _same(x: Any, attack: Any) -> bool:
    return isinstance(x, cnw_actions.Attack) and (x.source, x.target) == (
        attack.source,
        attack.target,
    )


def stop_answer() -> str:
    """What gamelib lets the attacker do after that roll: stop (end Operations) or roll again."""
    attack, after = stop_case()
    legal = cnw.legal_actions(after)
    again = any(_same(x, attack) for x in legal)
    stop = any(isinstance(x, cnw_actions.EndPhase) for x in legal)
    return "may_stop" if again and stop else ("must_go" if again else "must_stop")


def l1_stop(lab: Any) -> Choice:
    """§8.2: no attack has to be pressed on (nessun attacco a catena obbligatorio)."""
    attack, after = stop_case()
    codes = list(_gateway_codes())
    values = {
        "source": attack.source,
        "target": attack.target,
        "src": after.pawns[codes.index(attack.source)],
        "tgt": after.pawns[codes.index(attack.target)],
    }
    return Choice(
        "cnw1-stop",
        _n("stop", "question", **values),
        stop_answer,
        options=[(_n("stop", k, **values), k) for k in STOP_ANSWERS],
        explanation=_n("stop", "explain", **values),
        hint=[_n("stop", "hint_idea"), _n("stop", "hint_method")],
    )


def _gateway_codes() -> list[str]:
    from widgets.cnw.checks.common import _board

    return list(_board().gateways)


def l1_bridge_battle(lab: Any) -> w.VBox:
    """The bridge from one roll to a battle: 1 against 1 predicted (one roll), then §8.2: after a
    roll the attacker may stop or roll again."""
    return stack(l1_one_on_one(lab), l1_stop(lab))


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
        hint=_ladder(name),
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


EVEN_REASONS = ("behind", "ties", "bigger", "hub")  # the options, in the page's order


def even_claims() -> dict[str, Any]:
    """The numbers each reason of ``cnw1-even-why`` is refuted with, from gamelib: the classic
    rule's 50% line (a pawn stays behind there too), the attack dice of many pawns, the faces."""
    d = EVEN_DEFENDERS
    return {
        "d": d,
        "cnw": _even(d),
        "classic": _even(d, 2),
        "dice": cnw_battle.attack_dice_for(d),
        "faces": cnw_battle.RULES.die_faces,
    }


def l1_even_why(lab: Any) -> Reason:
    """Why the attacker needs more pawns than the defender for even odds: pick the reason."""
    values = even_claims()
    return Reason(
        "cnw1-even-why",
        _n("even_why", "question", **values),
        "ties",
        options=[(_n("even_why", k), k) for k in EVEN_REASONS],
        explanations={k: _n("even_why", f"why_{k}", **values) for k in EVEN_REASONS},
        hint=[_n("even_why", "hint_idea"), _n("even_why", "hint_method")],
    )


def l1_step4(lab: Any) -> w.VBox:
    """Step 6 · the whole battle: the 50% line under CNW and classic Risk, and why."""
    return stack(
        l1_more_or_fewer(lab),
        l1_even_why(lab),
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
        hint=_ladder(name),
    )


def l1_step5(lab: Any) -> w.VBox:
    """Step 7 · the hub: pawns for 75% against 5 defenders, without and with a hub; the 50%
    line against a hub."""
    return stack(
        _hub_check(lab, "hub_plain", False),
        _hub_check(lab, "hub_fort", True),
        _even_check(lab, "even_hub", 3, True),
    )


def _obc_battle(seed: int, level: int = 0) -> tuple[int, int, bool]:
    """Attack dice, defence dice, hub of an OBC question: 3 against 3 at a hub, then seeded.
    Never 1 against 1: there a re-roll is one more die for either side, worth exactly as much
    to each (docs/rules/cnw.md), so neither answer would be right; such a draw is drawn again."""
    if seed == 0:
        return 3, 3, True
    rng = random.Random(f"cnw1-obc:{seed}" if level == 0 else f"cnw1-obc:{seed}:{level}")
    while True:
        a, d, hub = rng.randint(1, 3), rng.randint(1, 3), rng.random() < 0.5
        if level < 0:  # a smaller roll: one side rolls one die, no hub
            a, d, hub = (1, rng.randint(2, 3), False) if rng.random() < 0.5 else (a, 1, False)
        elif level > 0 and (max(a, d) < 3 or a + d < 4):  # a larger one: three dice a side
            continue
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
    def variant(seed: int, level: int = 0) -> Variant:
        a, d, hub = _obc_battle(seed, level)
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
        options=[
            *((t(f"cnw.checks.{k}"), k) for k in ("attacker", "defender")),
            (_n("obc_side", "same"), "same"),
        ],
        new_question=variant,
        hint=_ladder("obc_side"),
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
chain = l1_bridge_battle
battle = l1_step4
hub = l1_step5
obc = l1_step6
montecarlo = l1_step7
score = lesson_score
