"""The spaced review of the CNW lessons (issue #25): every lesson after the first opens with three
short checks on the earlier ones, so last week's rules are used again before something new is
built on them.

``before(lesson, seed)`` builds the three checks (``cnw-review<lesson>-<k>``): standalone, no
widget needed, their answers computed from ``gamelib`` when the page runs (the dice a gateway
rolls, a tie, the hub's +1, one pawn against one, the OBC tokens, a shipment's class and SLA,
the pawns of setup and the deal, reinforcements, the six phases in order, the move-in after a
conquest, the tris, the hand limit, the objective's fallback, the SLA target, an interval). The
questions are spread over the earlier lessons, one from each of the latest ones first, and
drawn with ``seed`` (a class shares the same questions). Texts: ``cnw.checks.review.<name>.*``
(``widgets/locales/<lang>/cnw_checks25a.json``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from gamelib import cnw
from gamelib.cnw import battle, objectives, tables
from gamelib.cnw import board as cnw_board
from gamelib.cnw import cards as cnw_cards
from gamelib.cnw import shipments as cnw_shipments
from gamelib.cnw import state as st
from widgets.cnw import placement as placement_lab
from widgets.cnw.words import named
from widgets.i18n import t
from widgets.kit.check import Check, Choice, Number, Order
from widgets.kit.check_texts import CheckTexts
from widgets.kit.review import Review
from widgets.kit.strategy import number, percent
from widgets.kit.table import counted

_t = CheckTexts("cnw", "review")
Rng = random.Random
Question = Callable[[str, Rng], Check]

# the six phases of a turn (§5) as gamelib names the phases it waits in, then the Closure
MAIN_PHASES = (st.BRIEFING, st.REINFORCE, st.OPERATIONS, st.REPOSITION, st.DELIVERY)
STRIP = {  # the phase strip's words (widgets.cnw.turn.STEPS) for each phase
    st.BRIEFING: "briefing",
    st.REINFORCE: "reinforce",
    st.OPERATIONS: "operations",
    st.REPOSITION: "reposition",
    st.DELIVERY: "delivery",
    st.CLOSURE: "closure",
}


def phase_order() -> tuple[str, ...]:
    """The six phases in gamelib's order (§5): the phases a turn waits in, in the order of
    ``state.PHASES``, then the Closure (never waited in: it ends the turn)."""
    return (*(p for p in st.PHASES if p in MAIN_PHASES), st.CLOSURE)


def _hint(name: str, **values: Any) -> list[str]:
    """A review check's ladder: the idea, then the method (no control to name: no widget)."""
    return [_t(name, "hint_idea", **values), _t(name, "hint_method", **values)]


def _sides() -> list[tuple[str, str]]:
    return [(t(f"cnw.checks.{k}"), k) for k in ("attacker", "defender")] + [
        (_t("tie", "nobody"), "nobody")
    ]


def _loser(attack: int, defend: int, hub: bool) -> str:
    lost_a, lost_d = battle.resolve_roll([attack], [defend], hub)
    return "attacker" if lost_a else ("defender" if lost_d else "nobody")


# ---------------------------------------------------------------------- lesson 1
def attack_dice(name: str, rng: Rng) -> Check:
    """§7.1, §7.2: the dice a gateway of some size may roll."""
    pawns = rng.randint(2, 7)
    behind = battle.RULES.attack_pawns_left_behind
    dice = battle.attack_dice_for(pawns - behind)
    return Number(
        name,
        _t("attack_dice", "question", pawns=pawns),
        dice,
        explanation=_t(
            "attack_dice", counted("explain", dice), pawns=pawns, rolling=pawns - behind, dice=dice
        ),
        hint=_hint("attack_dice"),
    )


def defence_dice(name: str, rng: Rng) -> Check:
    """§7.2: the dice a defender rolls (CNW: up to 3)."""
    n = rng.randint(1, 5)
    dice = battle.defend_dice_for(n)
    return Number(
        name,
        _t("defence_dice", counted("question", n), n=n),
        dice,
        explanation=_t("defence_dice", counted("explain", dice), n=n, dice=dice),
        hint=_hint("defence_dice"),
    )


def tie(name: str, rng: Rng) -> Check:
    """§7.2: a tie removes an attacking pawn."""
    face = rng.randint(2, 6)
    answer = _loser(face, face, False)
    return Choice(
        name,
        _t("tie", "question", face=face),
        answer,
        options=_sides(),
        explanation=_t("tie", "explain", face=face),
        hint=_hint("tie"),
    )


# ---------------------------------------------------------------------- lesson 2
def one_on_one(name: str, rng: Rng) -> Check:
    """§7.2: one pawn against one, a single roll."""
    p = battle.conquest_probability(1, 1)
    return Number(
        name,
        _t("one_on_one", "question"),
        100 * p,
        tolerance=1,
        unit="%",
        digits=1,
        explanation=_t("one_on_one", "explain", p=percent(p)),
        hint=_hint("one_on_one"),
    )


def hub_pair(name: str, rng: Rng) -> Check:
    """§8.3: the hub's +1 on the defender's highest die."""
    attack = rng.randint(2, 6)
    defend = attack - 1
    answer = _loser(attack, defend, True)
    return Choice(
        name,
        _t("hub_pair", "question", a=attack, d=defend),
        answer,
        options=_sides(),
        explanation=_t(
            "hub_pair", "explain", a=attack, d=defend, plus=defend + battle.RULES.hub_bonus
        ),
        hint=_hint("hub_pair", a=attack, d=defend),
    )


def obc_tokens(name: str, rng: Rng) -> Check:
    """§8.1: the OBC tokens of a whole game."""
    n = battle.RULES.obc_tokens_per_game
    return Number(
        name,
        _t("obc_tokens", "question"),
        n,
        explanation=_t("obc_tokens", "explain", n=n, per_turn=battle.RULES.obc_uses_per_turn),
        hint=_hint("obc_tokens"),
    )


# ---------------------------------------------------------------------- lesson 3
CLASSES = (cnw_shipments.REGIONAL, cnw_shipments.CONTINENTAL, cnw_shipments.INTERCONTINENTAL)


def _class_name(klass: str) -> str:
    c = cnw_shipments.load().classes[klass]
    return named(c.name, c.name_it)


def hop_class(name: str, rng: Rng) -> Check:
    """§10.3: a shipment's class from its hops and the dashed routes it crosses."""
    classes = cnw_shipments.load().classes
    hops, dashed = rng.choice(((2, 0), (3, 0), (4, 0), (2, 1), (1, 1), (5, 0), (3, 1)))
    answer = cnw_shipments.classify(classes, hops, dashed)
    question = "question_dashed" if dashed else "question"
    return Choice(
        name,
        _t("hop_class", question, hops=hops),
        answer,
        options=[(_class_name(k), k) for k in CLASSES],
        explanation=_t(
            "hop_class",
            "explain_dashed" if dashed else "explain",
            hops=hops,
            klass=_class_name(answer),
            most=classes[cnw_shipments.REGIONAL].max_hops,
        ),
        hint=_hint("hop_class", most=classes[cnw_shipments.REGIONAL].max_hops),
    )


def class_sla(name: str, rng: Rng) -> Check:
    """§10.3: the SLA points a class pays (our table)."""
    klass = rng.choice(CLASSES)
    sla = cnw_shipments.load().classes[klass].sla
    return Number(
        name,
        _t("class_sla", "question", klass=_class_name(klass)),
        sla,
        explanation=_t("class_sla", counted("explain", sla), klass=_class_name(klass), sla=sla),
        hint=_hint("class_sla"),
    )


# ---------------------------------------------------------------------- lesson 4
def start_pawns(n: int) -> int:
    return int(tables.setup()["starting_pawns"][n])


def neutral_count(name: str, rng: Rng) -> Check:
    """§4 step 2, §7.4: the gateways the deal leaves neutral."""
    n = rng.randint(3, 6)
    state = placement_lab.dealt(rng.randint(1, 99), n)
    neutral = state.owner.count(st.NEUTRAL)
    total = len(cnw_board.load().gateways)
    return Number(
        name,
        _t("neutral", "question", n=n, total=total),
        neutral,
        explanation=_t(
            "neutral",
            "explain_none" if neutral == 0 else "explain_some",
            n=n,
            neutral=neutral,
            total=total,
            dealt=" / ".join(str(state.owner.count(p)) for p in range(n)),
        ),
        hint=_hint("neutral"),
    )


def to_place(name: str, rng: Rng) -> Check:
    """§4 steps 1, 2, 5: the pawns a player still places after the deal."""
    n = rng.randint(3, 6)
    state = placement_lab.dealt(rng.randint(1, 99), n)
    p = rng.randrange(n)
    g, start = state.owner.count(p), start_pawns(n)
    return Number(
        name,
        _t("to_place", "question", n=n, start=start, g=g),
        state.reserve[p],
        explanation=_t("to_place", "explain", start=start, g=g, left=state.reserve[p]),
        hint=_hint("to_place"),
    )


def all_pawns(name: str, rng: Rng) -> Check:
    """§4 step 1: the starting pawns of everyone together."""
    n = rng.randint(3, 6)
    each = start_pawns(n)
    return Number(
        name,
        _t("all_pawns", "question", n=n),
        n * each,
        explanation=_t("all_pawns", "explain", n=n, each=each, total=n * each),
        hint=_hint("all_pawns"),
    )


# ---------------------------------------------------------------------- lesson 5
def reinforcements(name: str, rng: Rng) -> Check:
    """§6: max(3, gateways ÷ 3) + complete regions + one per hub, for a dealt player."""
    n = rng.randint(3, 6)
    state = placement_lab.dealt(rng.randint(1, 99), n)
    p = rng.randrange(n)
    r = cnw.reinforcements(state, p)
    regions = sum(r["regions"].values())
    return Number(
        name,
        _t("reinforce", counted("question", r["hubs"]), g=r["gateways"], h=r["hubs"], r=regions),
        r["total"],
        explanation=_t(
            "reinforce",
            "explain",
            g=r["gateways"],
            base=r["base"],
            h=r["hubs"],
            r=regions,
            total=r["total"],
        ),
        hint=_hint("reinforce", g=r["gateways"], r=regions, h=r["hubs"]),
    )


def phases(name: str, rng: Rng) -> Check:
    """§5: the six phases of a turn, in order."""
    order = phase_order()
    items = [(t(f"cnw.turn.step_{STRIP[p]}"), p) for p in order]
    rng.shuffle(items)
    return Order(
        name,
        _t("phases", "question"),
        order,
        options=items,
        explanation=_t("phases", "explain"),
        hint=_hint("phases"),
    )


def move_in(name: str, rng: Rng) -> Check:
    """§7.2: the least pawns that move into a conquered gateway, from a bots' game."""
    from widgets.cnw.checks.lesson5 import move_in_cases  # the bots' games of lesson 5

    case = rng.choice(move_in_cases())
    return Number(
        name,
        _t("move_in", "question", src=case.source_pawns, dice=case.dice),
        case.least,
        explanation=_t(
            "move_in",
            "explain",
            src=case.source_pawns,
            dice=case.dice,
            least=case.least,
            most=case.most,
        ),
        hint=_hint("move_in"),
    )


# ---------------------------------------------------------------------- lessons 6 to 9
def best_tris(name: str, rng: Rng) -> Check:
    """§9.1: the tris worth most (our values)."""
    deck = cnw_cards.load()
    best = max(deck.tris, key=lambda x: x.pawns)
    options = [(t(f"cnw.cards.tris.{x.key}"), x.key) for x in deck.tris]
    rng.shuffle(options)
    return Choice(
        name,
        _t("best_tris", "question"),
        best.key,
        options=options,
        explanation=_t(
            "best_tris",
            "explain",
            values=", ".join(f"{t(f'cnw.cards.tris.{x.key}')} {x.pawns}" for x in deck.tris),
        ),
        hint=_hint("best_tris"),
    )


def hand_limit(name: str, rng: Rng) -> Check:
    """§9.1, §7.5: the hand that forces a tris."""
    limit = cnw_cards.load().hand_limit
    return Number(
        name,
        _t("hand_limit", "question"),
        limit,
        explanation=_t("hand_limit", "explain", n=limit),
        hint=_hint("hand_limit"),
    )


def fallback(name: str, rng: Rng) -> Check:
    """§11.1: the objective that replaces one that can no longer be met."""
    n = objectives.load().fallback_gateways
    return Number(
        name,
        _t("fallback", "question"),
        n,
        explanation=_t("fallback", "explain", n=n),
        hint=_hint("fallback"),
    )


def sla_to_win(name: str, rng: Rng) -> Check:
    """§11: the SLA points that win."""
    n = int(tables.setup()["sla_to_win"])
    return Number(
        name,
        _t("sla_to_win", "question"),
        n,
        explanation=_t("sla_to_win", "explain", n=n),
        hint=_hint("sla_to_win"),
    )


def active_shipments(name: str, rng: Rng) -> Check:
    """§4 step 4, §10: the shipments a player has in front of them."""
    n = int(tables.setup()["active_shipments"])
    return Number(
        name,
        _t("active", "question"),
        n,
        explanation=_t("active", "explain", n=n),
        hint=_hint("active"),
    )


def interval(name: str, rng: Rng) -> Check:
    """Lesson 9: a share of seeded games and its 95% interval (Wilson's, as the lab's)."""
    games = rng.choice((100, 400))
    wins = rng.choice((20, 30, 50)) * games // 100
    low, high = battle.wilson_interval(wins, games)
    half = 100 * (high - low) / 2
    return Number(
        name,
        _t("interval", "question", wins=wins, games=games),
        half,
        tolerance=1,
        unit="%",
        digits=1,
        explanation=_t(
            "interval",
            "explain",
            low=percent(low),
            high=percent(high),
            half=number(half, 1),
            games=games,
        ),
        hint=_hint("interval", wins=wins, games=games),
    )


POOLS: dict[int, tuple[Question, ...]] = {
    1: (attack_dice, defence_dice, tie),
    2: (one_on_one, hub_pair, obc_tokens),
    3: (hop_class, class_sla),
    4: (neutral_count, to_place, all_pawns),
    5: (reinforcements, phases, move_in),
    6: (best_tris, hand_limit),
    7: (fallback,),
    8: (sla_to_win, active_shipments),
    9: (interval,),
}
SIZE = 3


def spread(lesson: int, rng: Rng) -> list[tuple[int, Question]]:
    """Three questions on the lessons before ``lesson``: one from each of the latest earlier
    lessons first (at most three of them, most recent first), then more from the earlier ones
    until there are three; each lesson's questions drawn without repeats."""
    earlier = [n for n in range(lesson - 1, 0, -1) if n in POOLS]
    if not earlier:
        raise ValueError(f"lesson {lesson} has no earlier lesson to review")
    left = {n: rng.sample(POOLS[n], len(POOLS[n])) for n in earlier}
    chosen: list[tuple[int, Question]] = []
    lessons = earlier if len(earlier) <= SIZE else earlier[:2] + [rng.choice(earlier[2:])]
    while len(chosen) < SIZE:
        for n in lessons:
            if left[n] and len(chosen) < SIZE:
                chosen.append((n, left[n].pop()))
        if not any(left[n] for n in lessons):
            lessons = [n for n in earlier if left[n]]
    return chosen


def questions(lesson: int, seed: int = 0) -> list[Check]:
    """The review's three checks, in the order the page shows them."""
    rng = random.Random(f"cnw-review:{lesson}:{seed}")
    return [
        ask(f"cnw-review{lesson}-{k}", rng) for k, (_n, ask) in enumerate(spread(lesson, rng), 1)
    ]


def before(lesson: int, seed: int = 0) -> Review:
    """The review that opens ``lesson``: three questions on the lessons before it, seeded so
    that a class shares them."""
    return Review(questions(lesson, seed), lesson=lesson)
