"""The checks of AirWar lesson 2 (a raid step by step): a seeded raid replayed once, what it
shot down and destroyed, the Carrier stage's doubled attack and who plays next."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import ipywidgets as w

import gamelib.airwar as game
from gamelib.airwar import actions as A
from gamelib.airwar import cards, rules, scenario
from widgets.airwar.cardtexts import card_name
from widgets.airwar.checks.common import _names, ladder
from widgets.airwar.deck import side_label
from widgets.airwar.raid import CARRIER_TARGET, raid_damage, replay, start_position
from widgets.i18n import t
from widgets.kit.check import Choice, Number, Variant, lesson_score, stack
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.table import counted

_t = CheckTexts("airwar", "lesson2")


@cache
def raid_states(seed: int, target: str) -> tuple[Any, ...]:
    """The states of the seeded raid the stepper shows (replayed once per seed and target)."""
    return tuple(replay(seed, target))


def shot_down(seed: int, target: str = "resources") -> list[str]:
    """The Axis aircraft destroyed in the raid at ``seed``."""
    states = raid_states(seed, target)
    first, last = states[0], states[-1]
    table = cards.by_id()
    return [c for c in last.discard[0] if c not in first.discard[0] and table[c].kind == "aircraft"]


def arrived(seed: int, target: str) -> list[str]:
    """The attacking aircraft that reached the target (the engine's announcement)."""
    found: list[str] = []
    for s in raid_states(seed, target)[1:]:
        for ev in s.events:
            if ev.get("type") == "arrived":
                found = list(ev["cards"])
    return found


def _run(stepper: Any, seed: int, target: str) -> None:
    """Move the stepper to ``target`` and ``seed`` and play its raid to the end."""
    stepper.target.value = target
    stepper.seed.value = seed
    stepper.restart()
    stepper.run_to_end()


def _seed_of(seed: int, start: int) -> int:
    return start if seed == 0 else random.Random(f"aw2:{seed}").randint(0, 99)


def lost_by(seed: int, target: str = "resources") -> tuple[int, int]:
    """(Axis aircraft, Allied aircraft) destroyed in the raid at ``seed``."""
    states = raid_states(seed, target)
    first, last = states[0], states[-1]
    table = cards.by_id()

    def lost(p: int) -> int:
        return sum(
            1 for c in last.discard[p] if c not in first.discard[p] and table[c].kind == "aircraft"
        )

    return lost(0), lost(1)


RAID_COUNTS = ("axis", "allies", "arrived")  # what a question about the raid counts
COMBINED = "both"  # the harder question: the aircraft both sides lost


def raid_count(seed: int, kind: str) -> int:
    """What the question of ``kind`` counts in the raid on the resources at ``seed``."""
    axis, allies = lost_by(seed)
    return {
        "axis": axis,
        "allies": allies,
        "arrived": len(arrived(seed, "resources")),
        COMBINED: axis + allies,
    }[kind]


def shot_down_setting(seed: int, start: int, level: int = 0) -> tuple[int, str]:
    """(the raid's seed, what to count) of variant ``seed`` at ``level``: -1 the Axis aircraft
    shot down (the question's first form), 0 one of the three counts in turn, +1 the aircraft
    both sides lost together."""
    s = _seed_of(seed, start)
    if level < 0 or seed == 0:
        return s, "axis"
    if level > 0:
        return s, COMBINED
    return s, RAID_COUNTS[seed % len(RAID_COUNTS)]


def l2_shot_down(stepper: Any) -> Number:
    start = stepper.seed.value

    def variant(seed: int, level: int = 0) -> Variant:
        s, kind = shot_down_setting(seed, start, level)
        if kind == "axis":
            question = _t("shot_down", "question", seed=s)
            explain = lambda n: _t("shot_down", "explain", seed=s, n=n, names=_names(shot_down(s)))  # noqa: E731
        else:
            question = _t("shot_down", f"question_{kind}", seed=s)
            axis, allies = lost_by(s)
            explain = lambda n: _t(  # noqa: E731
                "shot_down",
                f"explain_{kind}",
                seed=s,
                n=n,
                axis=axis,
                allies=allies,
                names=_names(arrived(s, "resources")),
            )
        return Variant(
            question,
            lambda: raid_count(s, kind),
            explain,
            on_explain=lambda: _run(stepper, s, "resources"),
        )

    return Number("aw2-shot-down", new_question=variant, **ladder(_t, "shot_down"))


def l2_industry(stepper: Any) -> Number:
    s = stepper.seed.value

    def lost() -> int:
        return raid_damage(list(raid_states(s, "resources"))).get("industry", 0)

    return Number(
        "aw2-industry",
        _t("industry", "question", seed=s),
        lost,
        explanation=lambda n: t(
            counted("airwar.checks.lesson2.industry.explain", n),
            n=n,
            names=_names(arrived(s, "resources")),
        ),
        on_explain=lambda: _run(stepper, s, "resources"),
        **ladder(_t, "industry"),
    )


def l2_midway(stepper: Any) -> Choice:
    s = stepper.seed.value
    target = cards.constants()["start_bases"]["allies"]

    def damage() -> dict[str, Any]:
        return raid_damage(list(raid_states(s, target)))

    return Choice(
        "aw2-midway",
        _t("midway", "question", seed=s),
        lambda: "yes" if damage().get("destroyed") else "no",
        options=[(t("airwar.checks.yes"), "yes"), (t("airwar.checks.no"), "no")],
        explanation=lambda _a: _t(
            "midway",
            "explain",
            damage=damage().get("damage", 0),
            defense=damage().get("defense", 0),
            names=_names(arrived(s, target)),
        ),
        on_explain=lambda: _run(stepper, s, target),
        **ladder(_t, "midway", defense=cards.card(target).defense),
    )


MIDWAY_REASONS = ("earlier", "one_raid", "carrier", "interceptors")  # in the page's order


def midway_facts(seed: int) -> dict[str, Any]:
    """What the reasons about Midway's fate are refuted with: the raid's damage and Defense,
    the arrived aircraft's Bombing and Carrier attack, Midway's printed Defense."""
    target = cards.constants()["start_bases"]["allies"]
    damage = raid_damage(list(raid_states(seed, target)))
    came = [cards.card(c) for c in arrived(seed, target)]
    return {
        "damage": damage.get("damage", 0),
        "defense": damage.get("defense", 0),
        "printed": cards.card(target).defense,
        "bombing": sum(c.bombing for c in came),
        "carrier": sum(c.carrier_attack for c in came),
        "destroyed": bool(damage.get("destroyed")),
    }


def l2_midway_why(stepper: Any) -> Reason:
    """Why Midway fell or held: pick the reason (§Basi Aeree)."""
    s = stepper.seed.value

    def said(key: str) -> Any:
        return lambda _a: _t("midway_why", key, **midway_facts(s), verdict=_verdict(s))

    return Reason(
        "aw2-midway-why",
        _t("midway_why", "question", seed=s),
        "one_raid",
        options=[(_t("midway_why", r), r) for r in MIDWAY_REASONS],
        explanations={
            "one_raid": said("model"),
            "earlier": said("why_earlier"),
            "carrier": said("why_carrier"),
            "interceptors": said("why_interceptors"),
        },
        on_explain=lambda: _run(stepper, s, cards.constants()["start_bases"]["allies"]),
        **ladder(_t, "midway_why"),
    )


def _verdict(seed: int) -> str:
    fate = "fell" if midway_facts(seed)["destroyed"] else "held"
    return t(f"airwar.checks.lesson2.midway_why.{fate}")


def l2_raid(stepper: Any) -> w.VBox:
    """The Airbase stage's raid: what the interceptors shot down, the Industry lost, Midway,
    and why Midway fell or held."""
    return stack(
        l2_shot_down(stepper), l2_industry(stepper), l2_midway(stepper), l2_midway_why(stepper)
    )


# ---------------------------------------------------------------------- after a duel
PENALTY = cards.constants()["exposed_defense_penalty"]


def _types(side: str) -> list[cards.Card]:
    """One card of each aircraft type of ``side`` (the first copy)."""
    seen: dict[str, cards.Card] = {}
    for c in cards.load()[side]:
        if c.kind == "aircraft":
            seen.setdefault(c.name, c)
    return list(seen.values())


def exposed_setting(seed: int, level: int = 0) -> tuple[cards.Card, list[cards.Card]]:
    """(the exposed card, the cards that may strike it) of variant ``seed``: an Axis card struck
    by Allied aircraft or the other way round, with 2 strikers at level -1, 3 at 0, 4 at +1;
    from level 0 one striker's Air-to-Air is exactly the exposed Defense, the case the -1
    decides."""
    rng = random.Random(f"aw2-exposed:{seed}:{level}")
    side = ("axis", "allies")[seed % 2]
    foe = "allies" if side == "axis" else "axis"
    targets = [c for c in _types(side) if c.defense - PENALTY >= 1]
    strikers = [c for c in _types(foe) if c.air_to_air >= 1]
    size = {-1: 2, 0: 3, 1: 4}[max(-1, min(1, level))]
    while True:
        target = rng.choice(targets)
        picked = rng.sample(strikers, min(size, len(strikers)))
        edge = any(c.air_to_air == target.defense - PENALTY for c in picked)
        if level < 0 or edge:
            return target, sorted(picked, key=lambda c: c.name)


def exposed_killers(target: cards.Card, strikers: list[cards.Card]) -> list[cards.Card]:
    """The strikers that destroy ``target`` once it is exposed: Air-to-Air at least its Defense
    minus the penalty (§Fase Combattimento)."""
    return [c for c in strikers if c.air_to_air >= target.defense - PENALTY]


def _plane(c: cards.Card) -> str:
    return t("airwar.checks.lesson2.exposed.plane", name=card_name(c), a2a=c.air_to_air)


def exposed_variant(seed: int, level: int = 0) -> Variant:
    """One question about an exposed card (its -1 Defense), seeded and levelled."""
    target, strikers = exposed_setting(seed, level)
    killers = exposed_killers(target, strikers)
    fresh = [c for c in strikers if c.air_to_air >= target.defense]
    return Variant(
        _t(
            "exposed",
            "question",
            name=card_name(target),
            side=side_label_of(target),
            defense=target.defense,
            strikers=", ".join(_plane(c) for c in strikers),
        ),
        len(killers),
        _t(
            "exposed",
            "explain",
            name=card_name(target),
            defense=target.defense,
            now=target.defense - PENALTY,
            penalty=PENALTY,
            names=", ".join(_plane(c) for c in killers) or "—",
            n=len(killers),
            fresh=len(fresh),
        ),
    )


def l2_exposed() -> Number:
    """§Fase Combattimento: an exposed card fights at -1 Defense: how many strikers kill it."""
    return Number(
        "aw2-exposed", new_question=exposed_variant, **ladder(_t, "exposed", penalty=PENALTY)
    )


def side_label_of(c: cards.Card) -> str:
    return side_label(c.side)


# The four ways a duel can end, each a position the engine plays to its next decision
DUELS = ("attacker_lost", "defender_lost", "both_survive", "both_destroyed")
ANSWERS = ("attacker", "defender_loser", "defender_free", "nobody")  # the options' values
_DUEL_CARDS: dict[str, tuple[tuple[list[str], list[str]], ...]] = {
    # (mission, interceptors): the first interceptor meets the first mission card
    "attacker_lost": (
        (["ax-betty-1", "ax-betty-2", "ax-val-1"], ["al-wildcat-1", "al-wildcat-2"]),
        (["ax-kate-1", "ax-betty-1", "ax-val-1"], ["al-p38-1", "al-wildcat-1"]),
    ),
    "defender_lost": (
        (["ax-oscar-1", "ax-betty-1", "ax-val-1"], ["al-sbd-1", "al-wildcat-1"]),
        (["ax-zero-1", "ax-betty-1", "ax-val-1"], ["al-sbd-1", "al-wildcat-1"]),
    ),
    "both_survive": (
        (["ax-val-1", "ax-betty-1", "ax-kate-1"], ["al-sbd-1", "al-wildcat-1"]),
        (["ax-mavis-1", "ax-betty-1", "ax-kate-1"], ["al-p40-1", "al-wildcat-1"]),
    ),
    "both_destroyed": (
        (["ax-zero-1", "ax-betty-1", "ax-kate-1"], ["al-wildcat-1", "al-p40-1"]),
        (["ax-oscar-1", "ax-betty-1", "ax-kate-1"], ["al-p38-1", "al-p40-1"]),
    ),
}


def after_duel(case: str, pair: int = 0) -> Any:
    """The engine's state right after the first duel of ``case`` (its ``pair`` of cards): a
    raid on the resources, the mission laid in order, the first interceptor picking the first
    card, nobody playing a Battle card."""
    mission, fighters = _DUEL_CARDS[case][pair % len(_DUEL_CARDS[case])]
    s = scenario.build(
        hands={"axis": mission, "allies": fighters},
        bases={"axis": ["ax-lae"], "allies": ["al-midway"]},
    )
    s = game.apply(s, A.Attack("resources"))
    for c in mission:
        s = game.apply(s, A.AddToMission(c))
    s = game.apply(s, A.SendMission())
    for c in fighters:
        s = game.apply(s, A.AddInterceptor(c))
    s = game.apply(s, A.ScrambleDone())
    s = game.apply(s, A.Intercept(fighters[0], s.raid.mission.index(mission[0])))
    while s.step == "battle":
        s = game.apply(s, A.PassBattle())
    return s


def duel_answer(state: Any) -> str:
    """Who decides after the duel and what they may do, from the engine's legal actions."""
    r = state.raid
    if r is None or state.step != "combat":
        return "nobody"
    legal = rules.legal_actions(state)
    if rules.current_player(state) == state.active:
        return "attacker"
    strikes = {a.target for a in legal if isinstance(a, A.Strike)}
    return "defender_loser" if r.just and strikes <= {r.just} else "defender_free"


def duel_result(state: Any) -> dict[str, Any]:
    """The last duel's result event."""
    return next(ev for ev in reversed(state.events) if ev.get("type") == "duel_result")


def loser_setting(seed: int, level: int = 0) -> tuple[str, int]:
    """(the case, its pair of cards) of variant ``seed``: at level -1 a one-sided duel (one
    card lost), at +1 a duel with no single loser (both survive or both destroyed), at 0 the
    four in turn; the pair changes every round of cases."""
    if level < 0:
        return DUELS[seed % 2], seed // 2
    if level > 0:
        return DUELS[2 + seed % 2], seed // 2
    return DUELS[seed % len(DUELS)], seed // len(DUELS)


def l2_loser() -> Choice:
    """§Fase Combattimento: what the loser of a duel (or, with no loser, the defender) may do."""

    def variant(seed: int, level: int = 0) -> Variant:
        case, pair = loser_setting(seed, level)
        state = after_duel(case, pair)
        ev = duel_result(state)
        answer = duel_answer(state)
        values = {
            "attacker": card_name(cards.card(ev["attacker"])),
            "defender": card_name(cards.card(ev["defender"])),
            "att_a2a": ev["attacker_values"][0],
            "att_def": ev["attacker_values"][1],
            "def_a2a": ev["defender_values"][0],
            "def_def": ev["defender_values"][1],
        }
        return Variant(
            _t("loser", "question", outcome=_t("loser", f"outcome_{case}", **values), **values),
            answer,
            _t("loser", f"explain_{answer}", **values, penalty=PENALTY),
        )

    return Choice(
        "aw2-loser",
        new_question=variant,
        options=[(_t("loser", f"option_{a}"), a) for a in ANSWERS],
        **ladder(_t, "loser"),
    )


def l2_duels() -> w.VBox:
    """§Fase Combattimento after a duel: the exposed card's -1 Defense, and who answers."""
    return stack(l2_exposed(), l2_loser())


def carrier_damage(seed: int) -> tuple[int, int]:
    """(damage that reached the Enterprise, the same aircraft's Carrier attack undoubled)."""
    dmg = raid_damage(list(raid_states(seed, CARRIER_TARGET))).get("damage", 0)
    table = cards.by_id()
    plain = sum(table[c].carrier_attack for c in arrived(seed, CARRIER_TARGET))
    return dmg, plain


def l2_predict(stepper: Any) -> Predict:
    """Predict, then see: the damage the aircraft that get through do to the Enterprise, the
    raid's bars hidden until the prediction (the doubling is the likely slip)."""
    s = stepper.seed.value
    defense = cards.card(CARRIER_TARGET).defense
    came = arrived(s, CARRIER_TARGET)
    return Predict(
        "aw2-predict",
        _t(
            "carrier_damage",
            "question_predict",
            seed=s,
            names=", ".join(
                t(
                    "airwar.checks.lesson2.carrier_damage.plane",
                    name=card_name(cards.card(c)),
                    attack=cards.card(c).carrier_attack,
                )
                for c in came
            )
            or "—",
            defense=defense,
        ),
        lambda: carrier_damage(s)[0],
        reveals=find_tagged(stepper, "airwar-fig-raid"),
        inside=stepper,
        explanation=lambda n: (
            _t(
                "carrier_damage",
                "explain",
                n=n,
                names=_names(came),
                x=cards.constants()["carrier_stage_carrier_attack_multiplier"],
                defense=defense,
            )
            + " "
            + _t("carrier_damage", "explain_gap", plain=carrier_damage(s)[1], n=n)
        ),
        on_explain=lambda: _run(stepper, s, CARRIER_TARGET),
    )


def l2_carrier_damage(stepper: Any) -> Number:
    """The damage that reached the Enterprise, read on the raid's chart once it is played."""
    s = stepper.seed.value
    defense = cards.card(CARRIER_TARGET).defense
    return Number(
        "aw2-carrier-damage",
        _t("carrier_damage", "question", seed=s),
        lambda: carrier_damage(s)[0],
        explanation=lambda n: _t(
            "carrier_damage",
            "explain",
            n=n,
            names=_names(arrived(s, CARRIER_TARGET)),
            x=cards.constants()["carrier_stage_carrier_attack_multiplier"],
            defense=defense,
        ),
        on_explain=lambda: _run(stepper, s, CARRIER_TARGET),
        **ladder(_t, "carrier_damage"),
    )


def l2_carrier_fighters(stepper: Any) -> Choice:
    """Which Allied fighter in hand may not defend the Enterprise in the Carrier stage."""
    hand = start_position(stepper.seed.value, CARRIER_TARGET).hand[1]  # no replay yet
    table = cards.by_id()
    planes = [c for c in hand if table[c].kind == "aircraft"]
    grounded = {c for c in planes if not table[c].carrier_based}
    return Choice(
        "aw2-carrier-fighters",
        _t("carrier_fighters", "question"),
        grounded,
        options=[(card_name(c), c) for c in planes],
        explanation=_t("carrier_fighters", "explain", names=_names(sorted(grounded))),
        on_explain=lambda: _run(stepper, stepper.seed.value, CARRIER_TARGET),
        **ladder(_t, "carrier_fighters"),
    )


def l2_carrier(stepper: Any) -> w.VBox:
    """§Stadio Portaerei, §Portaerei: the doubled Carrier attack predicted first (the raid's bars
    hidden until then; its explanation gives the same damage undoubled), who may defend, the
    damage read on the chart."""
    return stack(l2_predict(stepper), l2_carrier_fighters(stepper), l2_carrier_damage(stepper))


def after_raid(seed: int, target: str) -> str:
    """Who plays and in which stage once the raid has landed (§Fine del Turno)."""
    last = raid_states(seed, target)[-1]
    return f"{game.SIDES[last.active]}-{last.stage}"


NEXT = ("axis-carrier", "axis-airbase", "allies-mobilisation", "axis-mobilisation")


def l2_next_turn(stepper: Any) -> Choice:
    s = stepper.seed.value
    return Choice(
        "aw2-next-turn",
        _t("next_turn", "question"),
        lambda: after_raid(s, CARRIER_TARGET),
        options=[(t(f"airwar.checks.next.{n}"), n) for n in NEXT],
        explanation=lambda _a: _t(
            "next_turn", "explain", turn=raid_states(s, CARRIER_TARGET)[-1].turn
        ),
        on_explain=lambda: _run(stepper, s, CARRIER_TARGET),
        **ladder(_t, "next_turn"),
    )


def l2_end_turn(stepper: Any) -> w.VBox:
    """§Fine del Turno: the turn passes to the opponent."""
    return stack(l2_next_turn(stepper))


# The steps as the notebook calls them: ``checks.<step>(widget)``.
raid = l2_raid
duels = l2_duels
carrier = l2_carrier
end_turn = l2_end_turn
score = lesson_score
