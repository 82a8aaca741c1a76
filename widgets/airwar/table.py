"""The AirWar game table: a whole game against the planner bot, or hot-seat for two.

Every move goes through ``gamelib.airwar.apply``; the buttons are the ``legal_actions`` of the
seat that must decide now (the defender decides during the attacker's turn: interceptors,
duels, Battle cards, losses). What is drawn comes from ``observation(state, viewer)``, the
engine's own view for one player: the viewer's hand, its own face-down mission or intercept
hand, and only counts of the other side's hidden cards. A refused move shows the rule's reason
in a Notice and changes nothing. The history is a ``widgets.session.Session``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import ipywidgets as w

import gamelib.airwar as game
from gamelib.airwar import actions as A
from gamelib.airwar.bots import PlannerBot, RandomBot
from gamelib.airwar.cards import SIDES, by_id
from widgets.airwar.deck import SIDE_COLOURS, card_html, face_down_html, side_label
from widgets.airwar.words import (
    action_text,
    action_words,
    event_text,
    name,
    plain_name,
    stage_name,
)
from widgets.common import card, tagged
from widgets.i18n import t
from widgets.kit.table import TableBase

SEATS = ("human", "planner", "random")
FINISH_ESTIMATE = 400
STYLE = {
    A.SendMission: "success",
    A.ScrambleDone: "success",
    A.Attack: "danger",
    A.Intercept: "warning",
    A.Strike: "warning",
    A.PlayBattle: "info",
    A.Mobilise: "info",
}


def make_bot(kind: str, seed: int) -> Any:
    """A bot for a seat; a human seat gets the planner for "let the bots play to the end"."""
    if kind in ("planner", "human"):
        return PlannerBot(seed)
    if kind == "random":
        return RandomBot(seed)
    raise ValueError(f"no bot of kind {kind!r}")


def _meter(value: int, top: int, colour: str) -> str:
    width = max(0, min(100, round(100 * value / top)))
    return (
        "<span style='display:inline-block;width:160px;height:12px;background:#eaecee;"
        f"border-radius:6px;vertical-align:middle'><span style='display:block;width:{width}%;"
        f"height:12px;background:{colour};border-radius:6px'></span></span>"
    )


class AirWarTable(TableBase):
    """Seats (human or bot), then play: one button per legal action of the human to move;
    back/forward, bots, play to the end with a progress bar, save/load."""

    game = game
    texts = "airwar.table"
    css = "airwar"
    seat_kinds = SEATS
    default_seats = ("human", "planner")
    default_seat = "planner"
    seat_width = "300px"
    seat_style: ClassVar[dict[str, str]] = {"description_width": "110px"}
    log_height = "260px"
    action_styles = STYLE
    make_bot = staticmethod(make_bot)

    def build(self) -> list[w.Widget]:
        self.tracks = tagged(w.HTML(), "airwar-tracks")
        self.raid_view = tagged(w.HTML(), "airwar-raid-view")
        self.happened = tagged(w.HTML(), "airwar-happened")
        self.sides_view = tagged(w.HTML(), "airwar-sides")
        play = self._turn_panel(
            [self.tracks, self.raid_view, self.hand, self.actions, self.notice, self.happened],
            "decide",
        )
        return [play, card([self.sides_view], t("airwar.table.in_play"))]

    def seat_label(self, i: int) -> str:
        return side_label(SIDES[i])

    def seat_name(self, state: Any, p: int) -> str:
        return side_label(SIDES[p])

    def seat_count(self, state: Any) -> int:
        return len(SIDES)

    def new_state(self, kinds: list[str], seed: int) -> Any:
        return game.new_game(len(SIDES), seed=seed)

    def viewer(self) -> int | None:
        """Whose secrets may be drawn: the human to move, else the only human seat."""
        p = game.current_player(self.state)
        if p is not None and self.kinds[p] == "human":
            return p
        humans = [q for q, k in enumerate(self.kinds) if k == "human"]
        return humans[0] if len(humans) == 1 else None

    def describe(self, action: Any, state: Any) -> str:
        return action_text(action)

    def action_label(self, action: Any) -> str:
        return action_words(action)

    def log_line(self, before: Any, action: Any, after: Any) -> str:
        """Face-down choices of the other side stay hidden."""
        who = game.current_player(before)
        text = action_text(action, hide_secret=who != self.viewer())
        return f"{side_label(SIDES[who])}: {text}"

    def refusal_value(self, name: str, value: Any) -> Any:
        """A card id reads as the card's name, a step as where the turn stands (page language)."""
        if name in ("card", "target") and isinstance(value, str):
            return plain_name(value)
        if name == "step":
            return t(f"airwar.table.step_name.{value}")
        return value

    def finish_estimate(self) -> int:
        return FINISH_ESTIMATE

    def _loaded_message(self, state: Any) -> str:
        return t("airwar.table.loaded", turn=state.turn)

    # ------------------------------------------------------------------ drawing
    def _side(self, p: int) -> str:
        return f"<b style='color:{SIDE_COLOURS[SIDES[p]]}'>{side_label(SIDES[p])}</b>"

    def turn_html(self, p: int) -> str:
        s = self.state
        return t(
            "airwar.table.status",
            turn=s.turn,
            active=self._side(s.active),
            stage=stage_name(s.stage),
            who=self._side(p),
            step=t(f"airwar.table.step_{s.step}"),
        )

    def over_html(self) -> str:
        return t("airwar.table.over", winner=self._side(self.state.winner))

    def draw(self, p: int | None, human: bool) -> None:
        s = self.state
        viewer = self.viewer()
        obs = game.observation(s, viewer if viewer is not None else 0)
        self._draw_tracks()
        self._draw_raid(obs, viewer)
        if viewer is not None and p is not None:
            tiles = "".join(card_html(by_id()[c]) for c in obs["hand"])
            self.hand.value = t("airwar.table.hand", side=self._side(viewer), cards=tiles or "—")
        else:
            self.hand.value = ""
        self._draw_happened()
        self._draw_sides(obs)

    def _draw_tracks(self) -> None:
        s = self.state
        rows = []
        for p in (0, 1):
            rows.append(
                "<tr><td style='padding:2px 8px'>"
                + self._side(p)
                + "</td><td style='padding:2px 8px'>"
                + t("airwar.table.industry", n=s.industry[p])
                + f" {_meter(s.industry[p], 60, '#7d3c98')}</td><td style='padding:2px 8px'>"
                + t("airwar.table.convoy", n=s.convoy[p])
                + f" {_meter(s.convoy[p], 15, '#2874a6')}</td></tr>"
            )
        self.tracks.value = "<table>" + "".join(rows) + "</table>"

    def _draw_raid(self, obs: dict[str, Any], viewer: int | None) -> None:
        r = obs["raid"]
        if r is None:
            self.raid_view.value = ""
            return
        cards = by_id()
        parts = [
            t(
                "airwar.table.raid_head",
                attacker=side_label(r["attacker"]),
                target=name(r["target"]),
                stage=stage_name(r["stage"]),
            )
        ]
        if r["mission"] is not None and viewer is not None:
            mission = "".join(card_html(cards[c]) for c in r["mission"])
            parts.append(t("airwar.table.your_mission", cards=mission or "—"))
        else:
            mission = "".join(face_down_html() for _ in range(r["mission_count"]))
            parts.append(t("airwar.table.mission_hidden", n=r["mission_count"], cards=mission))
        if r["exposed_attackers"]:
            tiles = "".join(card_html(cards[c]) for c in r["exposed_attackers"])
            parts.append(t("airwar.table.exposed_att", cards=tiles))
        if r["intercept"] is not None and viewer is not None:
            tiles = "".join(card_html(cards[c]) for c in r["intercept"])
            parts.append(t("airwar.table.your_intercept", cards=tiles or "—"))
        elif r["intercept_count"]:
            tiles = "".join(face_down_html() for _ in range(r["intercept_count"]))
            parts.append(t("airwar.table.intercept_hidden", n=r["intercept_count"], cards=tiles))
        if r["exposed_interceptors"]:
            tiles = "".join(card_html(cards[c]) for c in r["exposed_interceptors"])
            parts.append(t("airwar.table.exposed_def", cards=tiles))
        duel = r["duel"]
        if duel:
            v = duel["values"]
            parts.append(
                t(
                    "airwar.table.duel",
                    att=name(duel["attacker"]),
                    dfn=name(duel["defender"]),
                    a2a_a=v["att"]["air_to_air"],
                    def_a=v["att"]["defense"],
                    a2a_d=v["def"]["air_to_air"],
                    def_d=v["def"]["defense"],
                    cards=", ".join(name(c) for c in duel["battle_cards"]) or "—",
                )
            )
        self.raid_view.value = (
            "<div style='margin:6px 0'>"
            + "".join(f"<div style='margin:4px 0'>{x}</div>" for x in parts)
            + "</div>"
        )

    def _draw_happened(self) -> None:
        """Public events since the human's last decision (what the bot did meanwhile)."""
        start = min(self.mark, self.session.index)
        lines = []
        for s in self.session.history[start + 1 : self.session.index + 1]:
            lines += [x for x in (event_text(ev) for ev in s.events) if x]
        body = "".join(f"<li>{x}</li>" for x in lines[-14:])
        self.happened.value = (
            f"<div style='color:#333'><b>{t('airwar.table.happened')}</b><ul style='margin:2px 0'>"
            f"{body}</ul></div>"
            if body
            else ""
        )

    def _draw_sides(self, obs: dict[str, Any]) -> None:
        cards = by_id()
        blocks = []
        for p, side in enumerate(obs["sides"]):
            hosts = []
            for h in side["airbases"] + side["carriers"]:
                war = ", ".join(name(c) for c in h["war"])
                note = t(
                    "airwar.table.host_note",
                    capacity=h["capacity"],
                    defense=h["defense"],
                    grounded=len(h["grounded"]),
                    war=war or "—",
                )
                hosts.append(card_html(cards[h["id"]], note=note))
            counts = t(
                "airwar.table.counts",
                hand=side["hand_count"],
                deck=side["deck_count"],
                discard=len(side["discard"]),
            )
            tiles = "".join(hosts)
            blocks.append(
                f"<div style='margin:4px 0'>{self._side(p)} · {counts}<div>{tiles}</div></div>"
            )
        self.sides_view.value = "".join(blocks)
