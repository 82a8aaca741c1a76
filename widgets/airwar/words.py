"""Engine events and actions in readable words (for the raid lesson, the table and its log).

The engine reports what its last action caused as small public event dicts
(``state.events``); this module only turns them into sentences.
"""

from __future__ import annotations

import html
from typing import Any

from gamelib.airwar import actions as A
from gamelib.airwar.cards import by_id
from widgets.airwar.deck import side_label
from widgets.i18n import t

# Actions whose card must stay hidden from the other side (face-down mission, intercept hand).
SECRET = (A.AddToMission, A.AddInterceptor)


def name(card_id: str) -> str:
    """A card's name, or the word for the resources."""
    if card_id == "resources":
        return t("airwar.words.resources")
    card = by_id().get(card_id)
    return html.escape(card.name) if card else html.escape(card_id)


def action_text(action: Any, hide_secret: bool = False) -> str:
    """``str(action)`` from the engine, with the card of a face-down choice hidden on request."""
    if hide_secret and isinstance(action, A.AddToMission):
        return t("airwar.words.secret_mission")
    if hide_secret and isinstance(action, A.AddInterceptor):
        return t("airwar.words.secret_interceptor")
    return html.escape(str(action))


def event_text(ev: dict[str, Any]) -> str:
    """One engine event in words; unknown kinds fall back to a neutral line."""
    kind = ev.get("type", "")
    if kind == "duel":
        return t("airwar.ev.duel", att=name(ev["attacker"]), dfn=name(ev["defender"]))
    if kind == "duel_result":
        values = {"att": name(ev["attacker"]), "dfn": name(ev["defender"])}
        for side, who in (("a", "attacker"), ("d", "defender")):
            values[f"a2a_{side}"], values[f"def_{side}"] = ev[f"{who}_values"]
            lost = ev[f"{who}_destroyed"]
            values[f"fate_{side}"] = t("airwar.ev.shot_down" if lost else "airwar.ev.survives")
        return t("airwar.ev.duel_result", **values)
    if kind == "damage":
        if ev["target"] == "resources":
            return t("airwar.ev.damage_resources", industry=ev["industry"], convoy=ev["convoy"])
        key = "airwar.ev.damage_destroyed" if ev["destroyed"] else "airwar.ev.damage_held"
        return t(key, target=name(ev["target"]), damage=ev["damage"], defense=ev["defense"])
    if kind == "arrived":
        names = ", ".join(name(c) for c in ev["cards"]) or t("airwar.words.nobody")
        return t("airwar.ev.arrived", cards=names)
    if kind in ("attack", "pass_stage", "mission", "scramble", "stage", "turn", "game_over"):
        values = {k: v for k, v in ev.items() if k != "type"}
        if "side" in values:
            values["side"] = side_label(values["side"])
        if "winner" in values:
            values["winner"] = side_label(values["winner"])
        if "target" in values:
            values["target"] = name(values["target"])
        return t(f"airwar.ev.{kind}", **values)
    if kind == "convoy_sunk":
        return t("airwar.ev.convoy_sunk", side=side_label(ev["side"]), loss=ev["industry_loss"])
    if kind == "aircraft_lost":
        return t("airwar.ev.aircraft_lost", card=name(ev["card"]))
    if kind == "battle_card":
        return t("airwar.ev.battle_card", side=side_label(ev["side"]), card=name(ev["card"]))
    return ""
