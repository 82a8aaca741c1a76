"""The AirWar game table: a whole game against the planner bot, or hot-seat for two.

Every move goes through ``gamelib.airwar.apply``; the buttons are the ``legal_actions`` of the
seat that must decide now (the defender decides during the attacker's turn: interceptors,
duels, Battle cards, losses). What is drawn comes from ``observation(state, viewer)``, the
engine's own view for one player: the viewer's hand, its own face-down mission or intercept
hand, and only counts of the other side's hidden cards. A refused move shows the rule's reason
in a Notice and changes nothing. The history is a ``widgets.session.Session``.
"""

from __future__ import annotations

import base64
import html
from typing import Any

import ipywidgets as w

import gamelib.airwar as game
from gamelib.airwar import actions as A
from gamelib.airwar.bots import PlannerBot, RandomBot
from gamelib.airwar.cards import SIDES, by_id
from gamelib.core import IllegalAction
from widgets.airwar.deck import SIDE_COLOURS, card_html, face_down_html, side_label
from widgets.airwar.words import action_text, event_text, name
from widgets.common import Notice, card
from widgets.i18n import t
from widgets.session import Session
from widgets.table_base import TableBase

SEATS = ("human", "planner", "random")
MAX_MOVES = 20_000
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


class AirWarTable(TableBase, w.VBox):
    """Seats (human or bot), then play: one button per legal action of the human to move;
    back/forward, bots, play to the end with a progress bar, save/load."""

    game = game
    texts = "airwar.table"
    css = "airwar"
    max_moves = MAX_MOVES

    def __init__(
        self, seats: tuple[str, str] = ("human", "planner"), seed: int = 1, **kwargs: Any
    ) -> None:
        self.notice = Notice()
        self.seat_pickers = [
            w.Dropdown(
                options=[(t(f"airwar.table.seat_{k}"), k) for k in SEATS],
                value=seats[p],
                description=side_label(side),
                style={"description_width": "110px"},
                layout=w.Layout(width="300px"),
            )
            for p, side in enumerate(SIDES)
        ]
        for p, picker in enumerate(self.seat_pickers):
            picker.add_class(f"airwar-seat-{p}")
        self.seed = w.IntText(
            value=seed, description=t("common.seed"), layout=w.Layout(width="170px")
        )
        self.new_button = w.Button(description=t("airwar.table.new_game"), icon="refresh")
        self.new_button.layout.width = "auto"
        self.new_button.add_class("airwar-new-game")
        self.new_button.on_click(lambda _: self.new_game())
        self.status = w.HTML()
        self.status.add_class("airwar-status")
        self.tracks = w.HTML()
        self.tracks.add_class("airwar-tracks")
        self.raid_view = w.HTML()
        self.raid_view.add_class("airwar-raid-view")
        self.hand = w.HTML()
        self.hand.add_class("airwar-hand")
        self.actions = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.actions.add_class("airwar-actions")
        self.happened = w.HTML()
        self.happened.add_class("airwar-happened")
        self.sides_view = w.HTML()
        self.sides_view.add_class("airwar-sides")
        history = self._history_panel("260px")

        self.new_game()
        setup = card(
            [
                w.HBox(
                    [*self.seat_pickers, self.seed, self.new_button],
                    layout=w.Layout(flex_flow="row wrap"),
                )
            ],
            t("airwar.table.setup"),
        )
        play = card(
            [
                self.status,
                self.tracks,
                self.raid_view,
                self.hand,
                self.actions,
                self.notice,
                self.happened,
            ],
            t("airwar.table.decide"),
        )
        super().__init__(
            [setup, play, card([self.sides_view], t("airwar.table.in_play")), history], **kwargs
        )
        self.add_class("airwar-table")

    # ------------------------------------------------------------------ setup
    def new_game(self) -> None:
        kinds = [p.value for p in self.seat_pickers]
        state = game.new_game(2, seed=self.seed.value)
        self._start(Session.start(game, state), kinds)
        self.notice.info(t("airwar.table.started", seed=self.seed.value))
        self.run_bots()

    def _start(self, session: Session, kinds: list[str]) -> None:
        self.session = session
        self.kinds = kinds
        self.bots = [make_bot(k, self.seed.value * 10 + p) for p, k in enumerate(kinds)]
        self.refresh()

    def viewer(self) -> int | None:
        """Whose secrets may be drawn: the human to move, else the only human seat."""
        p = game.current_player(self.state)
        if p is not None and self.kinds[p] == "human":
            return p
        humans = [q for q, k in enumerate(self.kinds) if k == "human"]
        return humans[0] if len(humans) == 1 else None

    # ------------------------------------------------------------------ moves
    def act(self, action: Any) -> bool:
        """Apply a move of the human to move; a refused move is explained and changes nothing."""
        if not self.human_to_move():
            self.notice.error(t("airwar.table.not_human"))
            return False
        self._mark = self.session.index
        try:
            self.session.apply(action)
        except IllegalAction as e:
            self.notice.error(t("airwar.table.illegal", rule=e.rule, reason=html.escape(e.reason)))
            return False
        self.notice.info(t("airwar.table.done", action=action_text(action)))
        self.run_bots(refresh=False)
        self.refresh()
        return True

    def finish_estimate(self) -> int:
        return FINISH_ESTIMATE

    def _loaded_message(self, state: Any) -> str:
        return t("airwar.table.loaded", turn=state.turn)

    # ------------------------------------------------------------------ drawing
    def _side(self, p: int) -> str:
        return f"<b style='color:{SIDE_COLOURS[SIDES[p]]}'>{side_label(SIDES[p])}</b>"

    def refresh(self) -> None:
        s = self.state
        p = game.current_player(s)
        human = p is not None and self.kinds[p] == "human"
        viewer = self.viewer()
        obs = game.observation(s, viewer if viewer is not None else 0)
        if p is None:
            self.status.value = t("airwar.table.over", winner=self._side(s.winner))
        else:
            self.status.value = t(
                "airwar.table.status",
                turn=s.turn,
                active=self._side(s.active),
                stage=t(f"airwar.table.stage_{s.stage}"),
                who=self._side(p),
                step=t(f"airwar.table.step_{s.step}"),
            )
        self._draw_tracks()
        self._draw_raid(obs, viewer)
        if viewer is not None and p is not None:
            tiles = "".join(card_html(by_id()[c]) for c in obs["hand"])
            self.hand.value = t("airwar.table.hand", side=self._side(viewer), cards=tiles or "—")
        else:
            self.hand.value = ""
        if human:
            self._draw_actions()
        else:
            self.actions.children = []
        self._draw_happened()
        self._draw_sides(obs)
        self._draw_log(viewer)
        self.back_button.disabled = not self.session.can_back()
        self.forward_button.disabled = not self.session.can_forward()
        self.bots_button.disabled = human or p is None
        self.finish_button.disabled = p is None
        encoded = base64.b64encode(self.save_text().encode()).decode()
        self.save_link.value = (
            f"<a class='airwar-save-link' download='airwar-save.json' "
            f"href='data:application/json;base64,{encoded}'>⬇ {t('airwar.table.save')}</a>"
        )

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
                stage=t(f"airwar.table.stage_{r['stage']}"),
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

    def _draw_actions(self) -> None:
        buttons = []
        for action in game.legal_actions(self.state):
            label = str(action)
            b = w.Button(
                description=label,
                tooltip=label,
                button_style=STYLE.get(type(action), ""),
                layout=w.Layout(width="auto", max_width="100%", margin="2px"),
            )
            b.add_class("airwar-action")
            b.add_class(f"airwar-action-{type(action).__name__.lower()}")
            b.action = action
            b.on_click(lambda _b, a=action: self.act(a))
            buttons.append(b)
        self.actions.children = buttons

    def _draw_happened(self) -> None:
        """Public events since the human's last decision (what the bot did meanwhile)."""
        start = min(getattr(self, "_mark", 0), self.session.index)
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

    def _draw_log(self, viewer: int | None) -> None:
        """The latest decision first; face-down choices of the other side stay hidden."""
        s = self.session
        lines = []
        for i, action in enumerate(s.log):
            who = game.current_player(s.history[i])
            text = action_text(action, hide_secret=who != viewer)
            style = " style='color:#aaa'" if i >= s.index else ""
            lines.append(f"<li{style}>{side_label(SIDES[who])}: {text}</li>")
        self.log_view.value = (
            f"<div>{t('airwar.table.log_head', n=s.index, total=len(s.log))}</div>"
            f"<ol reversed style='margin:0;padding-left:2.5em'>{''.join(reversed(lines))}</ol>"
        )
