"""Engine events and actions in words (for the raid lesson, the table and its log).

The engine reports what its last action caused as small public event dicts
(``state.events``); this module only turns them into sentences. ``raid_why`` adds to a raid's
damage why it was that much: which aircraft reached the target and which were shot down on the
way, by whom (the events since the raid was announced).
"""

from __future__ import annotations

import html
import re
from dataclasses import fields
from typing import Any

from gamelib.airwar import actions as A
from gamelib.airwar.cards import by_id
from widgets.airwar.cardtexts import card_name
from widgets.airwar.deck import side_label
from widgets.i18n import t
from widgets.kit.table import counted

# Actions whose card must stay hidden from the other side (face-down mission, intercept hand).
SECRET = (A.AddToMission, A.AddInterceptor)


def plain_name(card_id: str) -> str:
    """A card's name (plain text), or the word for the resources."""
    if card_id == "resources":
        return t("airwar.words.resources")
    return card_name(card_id) if card_id in by_id() else card_id


def name(card_id: str) -> str:
    """A card's name, or the word for the resources (HTML-safe)."""
    return html.escape(plain_name(card_id))


def action_kind(action: Any) -> str:
    """The catalog key's last part for an action: its class in snake case, with a variant
    where a field changes the sentence (``mobilise_on`` a base, ``allot_convoy``)."""
    kind = re.sub(r"(?<!^)(?=[A-Z])", "_", type(action).__name__).lower()
    if isinstance(action, A.Mobilise) and action.base:
        return "mobilise_on"
    if isinstance(action, A.Allot):
        return f"allot_{action.to}"
    return kind


def action_words(action: Any) -> str:
    """An engine action in words (plain text, for buttons), from its fields: card and place
    names, not ids (``airwar.action.<kind>``)."""
    values: dict[str, Any] = {}
    for f in fields(action):
        value = getattr(action, f.name)
        if f.name == "position":
            values["n"] = value + 1  # the face-down cards are counted from 1
        elif isinstance(value, str) and f.name != "to":
            values[f.name] = plain_name(value)
    return t(f"airwar.action.{action_kind(action)}", **values)


def action_text(action: Any, hide_secret: bool = False) -> str:
    """An action in words (HTML-safe), with the card of a face-down choice hidden on request."""
    if hide_secret and isinstance(action, A.AddToMission):
        return t("airwar.words.secret_mission")
    if hide_secret and isinstance(action, A.AddInterceptor):
        return t("airwar.words.secret_interceptor")
    return html.escape(action_words(action))


def stage_name(stage: str) -> str:
    """A stage code from the engine (``airbase`` ...) as the catalog names it."""
    return t(f"airwar.table.stage_{stage}")


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
        if "stage" in values:
            values["stage"] = stage_name(values["stage"])
        if kind == "turn":  # "nessun aereo torna", "1 aereo torna", "3 aerei tornano"
            n = values["returned"]
            return t("airwar.ev.turn_none" if n == 0 else counted("airwar.ev.turn", n), **values)
        return t(f"airwar.ev.{kind}", **values)
    if kind == "mobilise":
        key = "airwar.ev.mobilise_on" if ev.get("base") else "airwar.ev.mobilise"
        base = name(ev["base"]) if ev.get("base") else ""
        return t(key, side=side_label(ev["side"]), card=name(ev["card"]), base=base)
    if kind == "draw":
        n = ev["count"]
        return t(counted("airwar.ev.draw", n), side=side_label(ev["side"]), n=n)
    if kind == "reshuffle":
        n = ev["count"]
        return t(counted("airwar.ev.reshuffle", n), side=side_label(ev["side"]), n=n)
    if kind == "stage_skipped":  # no airbase or no carrier of the attacker in play
        return t(f"airwar.ev.stage_skipped_{ev['stage']}")
    if kind == "no_interception":  # the defender's hosts have no free capacity
        return t("airwar.ev.no_interception")
    if kind == "pass":
        return t("airwar.ev.pass", side=side_label(ev["side"]))
    if kind == "convoy_discard":
        return t("airwar.ev.convoy_discard", card=name(ev["card"]))
    if kind == "convoy_discard_forced":
        n = ev["count"]
        return t(counted("airwar.ev.convoy_discard_forced", n), n=n)
    if kind == "convoy_sunk":
        return t("airwar.ev.convoy_sunk", side=side_label(ev["side"]), loss=ev["industry_loss"])
    if kind == "aircraft_lost":
        return t("airwar.ev.aircraft_lost", card=name(ev["card"]))
    if kind == "battle_card":
        return t("airwar.ev.battle_card", side=side_label(ev["side"]), card=name(ev["card"]))
    return ""


def raid_why(history: list[Any], j: int, ev: dict[str, Any], since: int = 0) -> str:
    """A raid's damage with why: which aircraft reached the target, which were shot down on
    the way and by whom (the duels since the raid was announced, and after log entry
    ``since``: a recap names only the losses it counts)."""
    arrived: list[str] | None = None
    downed: list[str] = []
    k = j
    while k > 0:
        events = history[k].events
        for e in events:
            if e.get("type") == "arrived" and arrived is None:
                arrived = list(e["cards"])
            if e.get("type") == "duel_result" and e["attacker_destroyed"] and k > since:
                downed.append(
                    t("airwar.play.downed_by", card=name(e["attacker"]), by=name(e["defender"]))
                )
        if any(e.get("type") == "attack" for e in events):
            break
        k -= 1
    over = ", ".join(name(c) for c in arrived or []) or t("airwar.words.nobody")
    why = t("airwar.play.why_arrived", cards=over)
    if downed:
        why += " " + t("airwar.play.why_downed", cards="; ".join(reversed(downed)))
    return f"{event_text(ev)} {why}"
