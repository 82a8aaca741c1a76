"""The Logiquo game table: a whole game for hot-seat humans and bots.

Every move goes through ``gamelib.logiquo.apply``; the buttons are built from
``legal_actions`` for whoever must decide now (``current_player``: during collaboration, an
offer or a Pentaqo window that may be another seat than the active player). A refused move shows
the rule's reason in a Notice and changes nothing. Only the hand of the human seat to move is
shown; the others show counts. The history is a ``widgets.session.Session``: step back and
forward, save as a download, load from a file.
"""

from __future__ import annotations

import base64
import html
import re
from typing import Any

import ipywidgets as w

from gamelib import logiquo as game
from gamelib.core import IllegalAction
from gamelib.logiquo import bots as lq_bots
from gamelib.logiquo.cards import by_code, label
from gamelib.logiquo.cards import card as card_of
from widgets.common import Notice, card
from widgets.i18n import t
from widgets.logiquo.deck import both_names, card_html
from widgets.session import Session
from widgets.table_base import TableBase

SEATS = ("human", "cooperative", "selfish", "random")
MAX_PLAYERS = 6
MAX_MOVES = 20_000
PLAYER_COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#e67e22", "#17becf")
_CODE = re.compile(r"\b([CLPTAD]\d{1,2})(#\d)?\b")
_PLAYER = re.compile(r"\bplayer (\d+)\b")


def make_bot(kind: str, seed: int) -> Any:
    """A bot for a seat kind; a human seat gets a cooperative bot for "play to the end"."""
    if kind in ("cooperative", "human"):
        return lq_bots.CarefulBot(seed, cooperative=True)
    if kind == "selfish":
        return lq_bots.CarefulBot(seed, cooperative=False)
    if kind == "random":
        return lq_bots.RandomBot(seed)
    raise ValueError(f"no bot of kind {kind!r}")


def readable(action: Any, names: list[str]) -> str:
    """``str(action)`` with card codes followed by their names and seats by player names."""
    text = str(action)

    def code(m: re.Match[str]) -> str:
        try:
            c = by_code(m.group(1))
        except KeyError:
            return m.group(0)
        if c.kind == "pentaqo":  # "play Pentaqo P2" already names it
            return m.group(0)
        return f"{m.group(0)} {c.text('name')}"

    text = _CODE.sub(code, text)
    return _PLAYER.sub(lambda m: names[int(m.group(1))], text)


def _chip(cid: int, good: bool = False) -> str:
    c = card_of(cid)
    colour = c.colour or ("#f7dc6f" if c.kind in ("logiquo", "pentaqo") else "#d5d8dc")
    border = "3px solid #196f3d" if good else "1px solid #777"
    return (
        f"<span title='{html.escape(c.text('description'))}' style='display:inline-block;"
        f"background:{colour};border:{border};border-radius:5px;padding:3px 8px;margin:2px;"
        f"color:#111'><b>{label(cid)}</b> {html.escape(c.text('name'))}</span>"
    )


class LogiquoTable(TableBase, w.VBox):
    """Pick seats (human or bot), then play: one button per legal action of the seat to move;
    back/forward, bots, play to the end, save/load."""

    game = game
    texts = "logiquo.table"
    css = "logiquo"
    max_moves = MAX_MOVES

    def __init__(
        self,
        seats: tuple[str, ...] = ("human", "cooperative", "cooperative"),
        seed: int = 1,
        **kwargs: Any,
    ) -> None:
        self.notice = Notice()
        self.players = w.IntSlider(
            value=len(seats), min=2, max=MAX_PLAYERS, description=t("logiquo.table.players")
        )
        self.seat_pickers = [
            w.Dropdown(
                options=[(t(f"logiquo.table.seat_{k}"), k) for k in SEATS],
                value=seats[i] if i < len(seats) else "cooperative",
                description=t("logiquo.table.seat", n=i + 1),
                layout=w.Layout(width="300px"),
            )
            for i in range(MAX_PLAYERS)
        ]
        for i, picker in enumerate(self.seat_pickers):
            picker.add_class(f"logiquo-seat-{i}")
        self.seed = w.IntText(
            value=seed, description=t("common.seed"), layout=w.Layout(width="180px")
        )
        self.new_button = w.Button(
            description=t("logiquo.table.new_game"), icon="refresh", layout=w.Layout(width="auto")
        )
        self.new_button.add_class("logiquo-new-game")
        self.new_button.on_click(lambda _: self.new_game())
        self.players.observe(lambda _: self._show_pickers(), "value")
        # ---- state panels
        self.status = w.HTML()
        self.status.add_class("logiquo-status")
        self.threat_view = w.HTML()
        self.threat_view.add_class("logiquo-threat")
        self.situation = w.HTML()
        self.situation.add_class("logiquo-situation")
        self.hand = w.HTML()
        self.hand.add_class("logiquo-hand")
        self.actions = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.actions.add_class("logiquo-actions")
        self.seats_view = w.HTML()
        self.seats_view.add_class("logiquo-seats")
        self.piles = w.HTML()
        self.piles.add_class("logiquo-piles")
        # ---- log and history

        history = self._history_panel("260px")

        self.new_game()
        setup = card(
            [
                w.HBox([self.players, self.seed, self.new_button]),
                w.HBox(self.seat_pickers, layout=w.Layout(flex_flow="row wrap")),
            ],
            t("logiquo.table.setup"),
        )
        play = card(
            [
                self.status,
                self.threat_view,
                self.situation,
                self.hand,
                self.actions,
                self.notice,
            ],
            t("logiquo.table.decide"),
        )
        super().__init__(
            [setup, play, card([self.seats_view, self.piles], t("logiquo.table.table")), history],
            **kwargs,
        )
        self.add_class("logiquo-table")

    # ------------------------------------------------------------------ setup
    def _show_pickers(self) -> None:
        for i, picker in enumerate(self.seat_pickers):
            picker.layout.display = "" if i < self.players.value else "none"

    def new_game(self) -> None:
        n = self.players.value
        kinds = [p.value for p in self.seat_pickers[:n]]
        names = [t(f"logiquo.table.name_{k}", n=i + 1) for i, k in enumerate(kinds)]
        state = game.new_game(names, seed=self.seed.value)
        self._start(Session.start(game, state), kinds)
        self.notice.info(t("logiquo.table.started", n=n, seed=self.seed.value))
        self.run_bots()

    def _start(self, session: Session, kinds: list[str]) -> None:
        self.session = session
        self.kinds = kinds
        self.bots = {p: make_bot(k, self.seed.value * 10 + p) for p, k in enumerate(kinds)}
        self._show_pickers()
        self.refresh()

    # ------------------------------------------------------------------ moves
    def act(self, action: Any) -> bool:
        """Apply a move of the human to move; a refused move is explained and changes nothing."""
        if not self.human_to_move():
            self.notice.error(t("logiquo.table.not_human"))
            return False
        names = self.state.players
        try:
            self.session.apply(action)
        except IllegalAction as e:
            self.notice.error(t("logiquo.table.illegal", rule=e.rule, reason=e.reason))
            return False
        self.notice.info(t("logiquo.table.done", action=html.escape(readable(action, names))))
        self.run_bots(refresh=False)
        self.refresh()
        return True

    def finish_estimate(self) -> int:
        return 52 * len(self.state.players) * 3 - self.state.step

    def _seat_kinds_after_load(self, state: Any) -> list[str]:
        n = len(state.players)
        self.players.value = n
        return [self.kinds[i] if i < len(self.kinds) else "cooperative" for i in range(n)]

    def _loaded_message(self, state: Any) -> str:
        return t("logiquo.table.loaded", n=len(state.players))

    # ------------------------------------------------------------------ drawing
    def _name(self, p: int) -> str:
        colour = PLAYER_COLORS[p % len(PLAYER_COLORS)]
        return f"<b style='color:{colour}'>{html.escape(self.state.players[p])}</b>"

    def refresh(self) -> None:
        s = self.state
        p = game.current_player(s)
        human = p is not None and self.kinds[p] == "human"
        if p is None:
            names = ", ".join(self._name(q) for q in game.winners(s))
            self.status.value = t(
                "logiquo.table.over",
                winners=names or "—",
                reason=t(f"logiquo.table.end_{s.end_reason}"),
            )
        else:
            self.status.value = t(
                "logiquo.table.status",
                turn=s.turn,
                active=self._name(s.active),
                who=self._name(p),
                phase=t(f"logiquo.table.phase_{s.phase}"),
            )
        self._draw_threat()
        self._draw_situation(p)
        if human:
            hand = sorted(s.hands[p])
            useful = {c for combo in game.neutralise_options(s) for c in combo}
            chips = "".join(_chip(c, c in useful) for c in hand)
            self.hand.value = t("logiquo.table.hand", name=self._name(p), cards=chips or "—")
            self._draw_actions(p)
        else:
            self.hand.value = t("logiquo.table.hidden") if p is not None else ""
            self.actions.children = []
        self._draw_seats(p)
        self._draw_piles()
        self._draw_log()
        self.back_button.disabled = not self.session.can_back()
        self.forward_button.disabled = not self.session.can_forward()
        self.bots_button.disabled = human or p is None
        self.finish_button.disabled = p is None
        encoded = base64.b64encode(self.save_text().encode()).decode()
        self.save_link.value = (
            f"<a class='logiquo-save-link' download='logiquo-save.json' "
            f"href='data:application/json;base64,{encoded}'>⬇ {t('logiquo.table.save')}</a>"
        )

    def _draw_threat(self) -> None:
        s = self.state
        if s.threat is None:
            self.threat_view.value = ""
            return
        rules = game.in_force(s)
        flags = [
            t("logiquo.table.need", n=rules["controls_required"]),
            *(
                t(f"logiquo.table.rule_{k}_{'yes' if rules[k] else 'no'}")
                for k in ("logiquo", "collaboration", "pentaqo", "redraw")
            ),
        ]
        anomalies = ""
        if s.anomalies:
            anomalies = t(
                "logiquo.table.anomalies",
                cards=", ".join(both_names(card_of(c)) for c in s.anomalies),
            )
        in_force = "".join(f"<li>{f}</li>" for f in flags)
        self.threat_view.value = (
            f"<div style='display:flex;flex-wrap:wrap;gap:12px'>"
            f"<div style='flex:1 1 420px'>{card_html(card_of(s.threat))}</div>"
            f"<div style='flex:0 1 300px'><b>{t('logiquo.table.in_force')}</b>"
            f"<ul>{in_force}</ul>{anomalies}</div></div>"
        )

    def _draw_situation(self, p: int | None) -> None:
        s = self.state
        if p is None:
            self.situation.value = ""
            return
        if s.phase == "window":
            text = t("logiquo.table.window", who=self._name(p))
        elif s.phase == "collab":
            text = t(
                "logiquo.table.collab",
                who=self._name(p),
                active=self._name(s.active),
                left=s.collab["offers_left"],
            )
        elif s.phase == "offer":
            o = s.offer
            give = t("logiquo.table.a_data_card") if o["give"] is None else _chip(o["give"])
            if o["ask"] is None:
                want = t("logiquo.table.for_free")
            elif o["ask"] == "data":
                want = t("logiquo.table.for_data")
            else:
                want = t("logiquo.table.for_control")
            text = t(
                "logiquo.table.offer",
                giver=self._name(o["from"]),
                who=self._name(p),
                give=give,
                want=want,
            )
        elif s.phase == "discard":
            text = t("logiquo.table.discard", who=self._name(p), n=s.choice["n"])
        else:
            text = t("logiquo.table.reaction", who=self._name(p))
        self.situation.value = f"<div style='margin:6px 0'>{text}</div>"

    def _draw_actions(self, p: int) -> None:
        s = self.state
        buttons = []
        for action in game.legal_actions(s):
            b = w.Button(
                description=readable(action, s.players),
                tooltip=readable(action, s.players),
                layout=w.Layout(width="auto", max_width="100%", margin="2px"),
            )
            if isinstance(action, game.Neutralise):
                b.button_style = "success"
            elif isinstance(action, (game.TakeImpact, game.DeclineOffer)):
                b.button_style = "warning"
            elif isinstance(action, (game.AcceptOffer, game.RequestHelp)):
                b.button_style = "info"
            b.add_class("logiquo-action")
            b.add_class(f"logiquo-action-{type(action).__name__.lower()}")
            b.action = action
            b.on_click(lambda _b, a=action: self.act(a))
            buttons.append(b)
        self.actions.children = buttons

    def _draw_seats(self, p: int | None) -> None:
        s = self.state
        head = [
            t(f"logiquo.table.col_{k}")
            for k in ("player", "seat", "data", "controls", "stopped", "suffered", "gifts")
        ]
        rows = []
        for q in range(len(s.players)):
            data = "".join(
                f"<span title='{html.escape(card_of(d).text('name'))}' style='display:inline-block;"
                "width:11px;height:15px;background:#2e86c1;border-radius:2px;margin:0 1px;"
                "vertical-align:middle'></span>"
                for d in s.data[q]
            )
            if not s.alive[q]:
                data = t("logiquo.table.out")
            marker = " ◀" if q == p else ""
            cells = [
                self._name(q) + marker,
                t(f"logiquo.table.seat_{self.kinds[q]}"),
                f"{len(s.data[q])} {data}",
                str(len(s.hands[q])),
                str(s.stats["neutralised"][q]),
                str(s.stats["suffered"][q]),
                str(s.stats["gifts"][q]),
            ]
            rows.append(
                "<tr>" + "".join(f"<td style='padding:2px 8px'>{c}</td>" for c in cells) + "</tr>"
            )
        self.seats_view.value = (
            "<table><tr>"
            + "".join(f"<th style='padding:2px 8px'>{h}</th>" for h in head)
            + "</tr>"
            + "".join(rows)
            + "</table>"
        )

    def _draw_piles(self) -> None:
        s = self.state
        recent = ", ".join(
            f"{label(c)} {html.escape(card_of(c).text('name'))}" for c in s.threat_discard[-5:]
        )
        self.piles.value = t(
            "logiquo.table.piles",
            threats=len(s.threat_deck),
            controls=len(s.control_deck),
            threat_discard=len(s.threat_discard),
            recent=recent or "—",
            control_discard=len(s.control_discard),
            data_discard=len(s.data_discard),
        )

    def _draw_log(self) -> None:
        """The latest decision first (the box scrolls), numbered from the start of the game."""
        s = self.session
        lines = []
        for i, action in enumerate(s.log):
            before = s.history[i]
            who = before.players[game.current_player(before)]
            text = html.escape(f"{who}: {readable(action, before.players)}")
            style = " style='color:#aaa'" if i >= s.index else ""
            lines.append(f"<li{style}>{text}</li>")
        self.log_view.value = (
            f"<div>{t('logiquo.table.log_head', n=s.index, total=len(s.log))}</div>"
            f"<ol reversed style='margin:0;padding-left:2.5em'>{''.join(reversed(lines))}</ol>"
        )
