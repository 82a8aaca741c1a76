"""The checks of AirWar lesson 2 (a raid step by step): a seeded raid replayed once, what it
shot down and destroyed, the Carrier stage's doubled attack and who plays next."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import ipywidgets as w

import gamelib.airwar as game
from gamelib.airwar import cards
from widgets.airwar.cardtexts import card_name
from widgets.airwar.checks.common import _names
from widgets.airwar.raid import CARRIER_TARGET, raid_damage, replay, start_position
from widgets.i18n import t
from widgets.kit.check import Choice, Number, Variant, lesson_score, stack
from widgets.kit.check_texts import CheckTexts

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


def l2_shot_down(stepper: Any) -> Number:
    start = stepper.seed.value

    def variant(seed: int) -> Variant:
        s = _seed_of(seed, start)
        return Variant(
            _t("shot_down", "question", seed=s),
            lambda: len(shot_down(s)),
            lambda n: _t("shot_down", "explain", seed=s, n=n, names=_names(shot_down(s))),
            on_explain=lambda: _run(stepper, s, "resources"),
        )

    return Number("aw2-shot-down", new_question=variant, **_t.hint("shot_down"))


def l2_industry(stepper: Any) -> Number:
    s = stepper.seed.value

    def lost() -> int:
        return raid_damage(list(raid_states(s, "resources"))).get("industry", 0)

    return Number(
        "aw2-industry",
        _t("industry", "question", seed=s),
        lost,
        explanation=lambda n: _t("industry", "explain", n=n, names=_names(arrived(s, "resources"))),
        on_explain=lambda: _run(stepper, s, "resources"),
        **_t.hint("industry"),
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
        **_t.hint("midway"),
    )


def l2_raid(stepper: Any) -> w.VBox:
    """The Airbase stage's raid: what the interceptors shot down, the Industry lost, Midway."""
    return stack(l2_shot_down(stepper), l2_industry(stepper), l2_midway(stepper))


def carrier_damage(seed: int) -> tuple[int, int]:
    """(damage that reached the Enterprise, the same aircraft's Carrier attack undoubled)."""
    dmg = raid_damage(list(raid_states(seed, CARRIER_TARGET))).get("damage", 0)
    table = cards.by_id()
    plain = sum(table[c].carrier_attack for c in arrived(seed, CARRIER_TARGET))
    return dmg, plain


def l2_carrier_damage(stepper: Any) -> Number:
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
        **_t.hint("carrier_damage"),
    )


def l2_undoubled(stepper: Any) -> Number:
    s = stepper.seed.value
    return Number(
        "aw2-undoubled",
        _t("undoubled", "question"),
        lambda: carrier_damage(s)[1],
        explanation=lambda n: _t(
            "undoubled",
            "explain",
            n=n,
            doubled=carrier_damage(s)[0],
            defense=cards.card(CARRIER_TARGET).defense,
        ),
        on_explain=lambda: _run(stepper, s, CARRIER_TARGET),
        **_t.hint("undoubled"),
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
        **_t.hint("carrier_fighters"),
    )


def l2_carrier(stepper: Any) -> w.VBox:
    """§Stadio Portaerei, §Portaerei: who may defend, the doubled Carrier attack."""
    return stack(l2_carrier_fighters(stepper), l2_carrier_damage(stepper), l2_undoubled(stepper))


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
        **_t.hint("next_turn"),
    )


def l2_end_turn(stepper: Any) -> w.VBox:
    """§Fine del Turno: the turn passes to the opponent."""
    return stack(l2_next_turn(stepper))


# The steps as the notebook calls them: ``checks.<step>(widget)``.
raid = l2_raid
carrier = l2_carrier
end_turn = l2_end_turn
score = lesson_score
