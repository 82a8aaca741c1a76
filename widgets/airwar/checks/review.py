"""The spaced review of the AirWar lessons (issue #25): every lesson after the first opens with
three short questions on the earlier ones (``review.before(N)`` under the page's ``## Review``
heading).

Each question is a standalone check (no widget: the card values, the capacities and the rules
are in its text), its answer computed from ``gamelib.airwar`` when the page runs: a duel, the
capacity of a side's airbases, the interceptors a carrier does not add, the Carrier stage's
doubled attack, an exposed card's -1 Defense, the order of a turn's stages, blind picks, the
square root of Monte Carlo, what a fallen base costs, a sunk Convoy, more games for a narrower
interval. The three are drawn from three different earlier lessons when there are three (from
the one or two there are otherwise), seeded by the lesson and ``seed`` so a class shares them.
Texts: ``airwar.checks.review.*`` (and the lessons' own where a lesson's question comes back).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import gamelib.airwar as game
from gamelib.airwar import actions as A
from gamelib.airwar import cards, odds, rules, scenario
from widgets.airwar.cardtexts import card_name
from widgets.airwar.checks import lesson1, lesson2, lesson3, lesson4, lesson5
from widgets.i18n import t
from widgets.kit.check import Check, Number, Order
from widgets.kit.check_texts import CheckTexts
from widgets.kit.review import SIZE, Review
from widgets.kit.strategy import number, percent
from widgets.kit.table import counted

_t = CheckTexts("airwar", "review")
LESSONS = 6


def _hint(name: str, **values: Any) -> list[str]:
    """A review question's ladder: the idea, then the method (no control to look at)."""
    return [_t(name, "hint_idea", **values), _t(name, "hint_method", **values)]


def _types(side: str) -> list[cards.Card]:
    return lesson2._types(side)


# ---------------------------------------------------------------------- lesson 1
def q_duel(name: str, rng: random.Random) -> Check:
    """§Fase Combattimento: how many of four enemy types destroy a card in a duel."""
    target = rng.choice([c for c in _types("axis") if c.defense >= 2])
    foes = sorted(rng.sample(_types("allies"), 4), key=lambda c: c.name)
    killers = [c for c in foes if c.air_to_air >= target.defense]
    planes = ", ".join(lesson2._plane(c) for c in foes)
    return Number(
        name,
        _t("duel", "question", name=card_name(target), defense=target.defense, planes=planes),
        len(killers),
        explanation=_t(
            "duel",
            "explain",
            n=len(killers),
            defense=target.defense,
            names=", ".join(card_name(c) for c in killers) or "—",
        ),
        hint=_hint("duel"),
    )


def q_capacity(name: str, rng: random.Random) -> Check:
    """§Fase Attacco: a mission holds the free capacity of all the attacker's airbases."""
    bases = rng.sample(lesson4.ALLIED_BASES, rng.randint(2, 3))
    state = lesson1._allies_position(bases)
    room = rules.attack_capacity(state, 1, "airbase")
    listed = ", ".join(
        _t("capacity", "base", name=card_name(cards.card(b)), cap=cards.card(b).capacity)
        for b in bases
    )
    return Number(
        name,
        _t("capacity", "question", bases=listed),
        room,
        explanation=_t("capacity", "explain", n=room, bases=listed),
        hint=_hint("capacity"),
    )


def q_carrier_room(name: str, rng: random.Random) -> Check:
    """§Fase Intercetto: a carrier's room joins the interceptors only when it is the target."""
    base = rng.choice(lesson4.ALLIED_BASES)
    carrier = rng.choice([c.id for c in cards.load()["allies"] if c.kind == "carrier"])
    state = lesson1._allies_position([base], carriers=[carrier])
    n = sum(rules.scramble_room(state, "resources"))
    on_carrier = sum(rules.scramble_room(state, carrier))
    values = {
        "base": card_name(cards.card(base)),
        "b": cards.card(base).capacity,
        "carrier": card_name(cards.card(carrier)),
        "c": cards.card(carrier).capacity,
    }
    return Number(
        name,
        _t("carrier_room", "question", **values),
        n,
        explanation=_t("carrier_room", "explain", n=n, on_carrier=on_carrier, **values),
        hint=_hint("carrier_room"),
    )


# ---------------------------------------------------------------------- lesson 2
def q_doubled(name: str, rng: random.Random) -> Check:
    """§Portaerei: Carrier attack doubled for aircraft launched in the Carrier stage."""
    planes = rng.sample([c for c in _types("axis") if c.carrier_based and c.carrier_attack], 2)
    carrier = rng.choice([c for c in cards.load()["allies"] if c.kind == "carrier"])
    x = cards.constants()["carrier_stage_carrier_attack_multiplier"]
    damage = x * sum(c.carrier_attack for c in planes)
    listed = ", ".join(
        t("airwar.checks.lesson2.carrier_damage.plane", name=card_name(c), attack=c.carrier_attack)
        for c in planes
    )
    return Number(
        name,
        _t("doubled", "question", planes=listed, carrier=card_name(carrier), d=carrier.defense),
        damage,
        explanation=_t(
            "doubled",
            "explain_sunk" if damage >= carrier.defense else "explain_afloat",
            n=damage,
            x=x,
            plain=damage // x,
            carrier=card_name(carrier),
            d=carrier.defense,
        ),
        hint=_hint("doubled"),
    )


def q_exposed(name: str, rng: random.Random) -> Check:
    """§Fase Combattimento: an exposed card fights at -1 Defense (lesson 2's own question)."""
    v = lesson2.exposed_variant(rng.randrange(10_000))
    return Number(
        name,
        v.question,
        v.answer,
        explanation=v.explanation,
        hint=_hint("exposed", penalty=lesson2.PENALTY),
    )


def stage_order() -> tuple[str, ...]:
    """The stages of one turn in the order the engine plays them (§Il Gioco): a side with an
    airbase and a carrier in play passes each stage and the order is read off its states."""
    s = scenario.build(stage="mobilisation", carriers={"axis": ["ax-akagi"]})
    seen = [s.stage]
    while s.active == 0 and s.stage not in seen[:-1]:
        legal = rules.legal_actions(s)
        ends = [a for a in legal if isinstance(a, A.EndMobilisation | A.PassStage)]
        s = game.apply(s, ends[0] if ends else legal[0])
        if s.active == 0 and s.stage != seen[-1]:
            seen.append(s.stage)
    return tuple(seen)


def q_stages(name: str, rng: random.Random) -> Check:
    """§Il Gioco, §Fine del Turno: the three stages of a turn, in order."""
    order = stage_order()
    options = [(t(f"airwar.table.stage_{x}"), x) for x in order]
    rng.shuffle(options)
    return Order(
        name,
        _t("stages", "question"),
        order,
        options=options,
        explanation=_t(
            "stages", "explain", order=" → ".join(t(f"airwar.table.stage_{x}") for x in order)
        ),
        hint=_hint("stages"),
    )


# ---------------------------------------------------------------------- lesson 3
def q_picks(name: str, rng: random.Random) -> Check:
    """§Fase Intercetto: the hypergeometric chance that blind picks find a bomber."""
    n = rng.randint(4, 7)
    b, k = rng.randint(1, n - 2), rng.randint(1, 3)
    p = odds.p_hit_at_least_one(n, b, k)
    values = {
        "n": n,
        "b": b,
        "k": k,
        "miss": math.comb(n - b, k),
        "all": math.comb(n, k),
        "p": percent(float(p)),
    }
    return Number(
        name,
        lesson3.pick_question(n, b, k),
        100 * float(p),
        tolerance=0.5,
        unit="%",
        digits=1,
        explanation=t("airwar.checks.lesson3.one_pick.explain", **values),
        hint=_hint("picks"),
    )


def q_root(name: str, rng: random.Random) -> Check:
    """Monte Carlo: the standard error shrinks with the square root of the trials."""
    closer = rng.choice((2, 3, 4, 5, 10))
    times = closer**2  # √(times) = closer
    assert math.isclose(math.sqrt(times), closer)
    return Number(
        name,
        _t("root", "question", closer=closer),
        times,
        explanation=_t("root", "explain", closer=closer, times=times),
        hint=_hint("root", closer=closer),
    )


# ---------------------------------------------------------------------- lesson 4
def q_falls(name: str, rng: random.Random) -> Check:
    """§Basi Aeree: the aircraft on a destroyed airbase (lesson 4's own question)."""
    v = lesson4.falls_variant(rng.randrange(10_000))
    return Number(name, v.question, v.answer, explanation=v.explanation, hint=_hint("falls"))


def q_convoy(name: str, rng: random.Random) -> Check:
    """§Carta Convoglio: a Convoy brought to 0 costs Industry and cards, and starts again."""
    k = cards.constants()
    left = rng.randint(2, 6)  # a hit of at least 2 points: "2 points", never "1 points"
    hit = left + rng.randint(0, 4)
    return Number(
        name,
        _t("convoy", "question", left=left, hit=hit),
        k["convoy_zero_industry_loss"],
        explanation=_t(
            "convoy",
            "explain_none" if hit == left else counted("explain", hit - left),
            loss=k["convoy_zero_industry_loss"],
            cards=k["convoy_zero_discards"],
            convoy=k["convoy"],
            over=hit - left,
        ),
        hint=_hint("convoy"),
    )


# ---------------------------------------------------------------------- lesson 5
def q_halve(name: str, rng: random.Random) -> Check:
    """A 95% interval shrinks like 1/√n: k times narrower takes k² times the games."""
    narrower = rng.choice((2, 3, 4))
    games = rng.choice((500, 1000, 2000))
    gap = 0.03
    ratio = lesson5.games_needed(gap / narrower) / lesson5.games_needed(gap)
    need = round(games * ratio)
    return Number(
        name,
        _t("halve", "question", games=number(games, 0, grouping=True), narrower=narrower),
        need,
        tolerance=1,
        explanation=_t(
            "halve",
            "explain",
            games=number(games, 0, grouping=True),
            narrower=narrower,
            ratio=number(ratio, 0),
            need=number(need, 0, grouping=True),
        ),
        hint=_hint("halve", narrower=narrower),
    )


# What each lesson's review may ask (the most useful rules of each earlier lesson)
POOL: dict[int, tuple[Callable[[str, random.Random], Check], ...]] = {
    1: (q_duel, q_capacity, q_carrier_room),
    2: (q_doubled, q_exposed, q_stages),
    3: (q_picks, q_root),
    4: (q_falls, q_convoy),
    5: (q_halve,),
}


def plan(lesson: int, seed: int = 0) -> list[tuple[int, Callable[[str, random.Random], Check]]]:
    """(earlier lesson, question) for the review of ``lesson``: three different earlier
    lessons when there are three or more (the latest two always, one more drawn), else spread
    over the one or two there are; three different questions."""
    if not 2 <= lesson <= LESSONS:
        raise ValueError(f"AirWar has no review before lesson {lesson}")
    rng = random.Random(f"aw-review:{lesson}:{seed}")
    earlier = list(range(1, lesson))
    if len(earlier) >= SIZE:
        picked = [*rng.sample(earlier[:-2], 1), *earlier[-2:]]
    else:
        picked = [earlier[i % len(earlier)] for i in range(SIZE)]
        picked.sort()
    chosen: list[tuple[int, Callable[[str, random.Random], Check]]] = []
    for source in picked:
        # the pool turned by the lesson's number: consecutive reviews ask another question of
        # the same earlier lesson (drawn at random, one came up in four of the five reviews)
        pool = POOL[source]
        turn = (lesson + seed) % len(pool)
        left = [q for q in pool[turn:] + pool[:turn] if all(q is not c for _, c in chosen)]
        chosen.append((source, left[0]))
    return chosen


def before(lesson: int, seed: int = 0) -> Review:
    """The three review questions that open AirWar lesson ``lesson`` (2 to 6)."""
    checks = []
    for k, (source, question) in enumerate(plan(lesson, seed), 1):
        rng = random.Random(f"aw-review:{lesson}:{seed}:{k}:{source}")
        checks.append(question(f"aw-review{lesson}-{k}", rng))
    return Review(checks, lesson=lesson)


__all__ = ["POOL", "before", "plan", "stage_order"]
