"""The Logiquo game table: a whole game for hot-seat humans and bots.

Every move goes through ``gamelib.logiquo.apply``; the buttons are built from
``legal_actions`` for whoever must decide now (``current_player``: during collaboration, an
offer or a Pentaqo window that may be another seat than the active player). A refused move shows
the rule's reason in a Notice and changes nothing. Only the hand of the human seat to move is
shown; the others show counts. The history is a ``widgets.session.Session``: step back and
forward, save as a download, load from a file.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from gamelib import logiquo as game
from gamelib.logiquo import bots as lq_bots
from gamelib.logiquo import cards
from gamelib.logiquo.cards import card as card_of
from gamelib.logiquo.cards import label
from gamelib.validate import is_int
from widgets import i18n
from widgets.common import card, html_table, tagged
from widgets.i18n import t
from widgets.kit.table import TableBase
from widgets.logiquo import words
from widgets.logiquo.deck import card_html

SEATS = ("human", "cooperative", "selfish", "random")
MAX_PLAYERS = 6
PLAYER_COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#e67e22", "#17becf")
BUTTON_KINDS = {  # button colour -> the decisions it marks
    "success": (game.Neutralise,),
    "warning": (game.TakeImpact, game.DeclineOffer),
    "info": (game.AcceptOffer, game.RequestHelp),
}
STYLE = {kind: style for style, kinds in BUTTON_KINDS.items() for kind in kinds}


def make_bot(kind: str, seed: int) -> Any:
    """A bot for a seat kind; a human seat gets a cooperative bot for "play to the end"."""
    if kind in ("cooperative", "human"):
        return lq_bots.CarefulBot(seed, cooperative=True)
    if kind == "selfish":
        return lq_bots.CarefulBot(seed, cooperative=False)
    if kind == "random":
        return lq_bots.RandomBot(seed)
    raise ValueError(f"no bot of kind {kind!r}")


def _chip(cid: int, good: bool = False) -> str:
    c = card_of(cid)
    colour = c.colour or ("#f7dc6f" if c.kind in ("logiquo", "pentaqo") else "#d5d8dc")
    border = "3px solid #196f3d" if good else "1px solid #777"
    return (
        f"<span title='{html.escape(words.card_text(c))}' style='display:inline-block;"
        f"background:{colour};border:{border};border-radius:5px;padding:3px 8px;margin:2px;"
        f"color:#111'><b>{label(cid)}</b> {html.escape(words.card_name(c))}</span>"
    )


class LogiquoTable(TableBase):
    """Pick seats (human or bot), then play: one button per legal action of the seat to move;
    back/forward, bots, play to the end, save/load."""

    game = game
    texts = "logiquo.table"
    css = "logiquo"
    seat_kinds = SEATS
    default_seats = ("human", "cooperative", "cooperative")
    default_seat = "cooperative"
    min_players, max_players = 2, MAX_PLAYERS
    seat_width = "300px"
    log_height = "260px"
    action_styles = STYLE
    make_bot = staticmethod(make_bot)

    def build(self) -> list[w.Widget]:
        self.threat_view = tagged(w.HTML(), "logiquo-threat")
        self.situation = tagged(w.HTML(), "logiquo-situation")
        self.seats_view = tagged(w.HTML(), "logiquo-seats")
        self.piles = tagged(w.HTML(), "logiquo-piles")
        play = self._turn_panel(
            [self.threat_view, self.situation, self.hand, self.actions, self.notice], "decide"
        )
        return [play, card([self.seats_view, self.piles], t("logiquo.table.table"))]

    def seat_name(self, state: Any, p: int) -> str:
        return str(state.players[p])

    def seat_count(self, state: Any) -> int:
        return len(state.players)

    def describe(self, action: Any, state: Any) -> str:
        """The action in the page's language, from its fields (``logiquo.action.*``)."""
        return words.describe(action, state.players)

    def action_label(self, action: Any) -> str:
        return words.action_text(action, self.state.players)

    def refusal_value(self, name: str, value: Any) -> Any:
        """A refusal's card ids as codes and names (``C12 Firewall``), seats as their players'
        names, a phase as its name, in the page's language; anything else (or an id that
        names no card or seat of this game) as it is."""
        s = self.state
        in_deck = is_int(value) and 0 <= value < cards.DECK_SIZE * s.copies
        if name in ("card", "threat") and in_deck:
            return words.card_ref(value)
        if name in ("player", "to") and is_int(value) and 0 <= value < len(s.players):
            return self.seat_name(s, value)
        if name == "phase" and f"logiquo.table.phase_{value}" in i18n.catalog("en"):
            return t(f"logiquo.table.phase_{value}")
        return value

    def finish_estimate(self) -> int:
        return 52 * len(self.state.players) * 3 - self.state.step

    # ------------------------------------------------------------------ drawing
    def _name(self, p: int) -> str:
        colour = PLAYER_COLORS[p % len(PLAYER_COLORS)]
        return f"<b style='color:{colour}'>{html.escape(self.state.players[p])}</b>"

    def turn_html(self, p: int) -> str:
        s = self.state
        return t(
            "logiquo.table.status",
            turn=s.turn,
            active=self._name(s.active),
            who=self._name(p),
            phase=t(f"logiquo.table.phase_{s.phase}"),
        )

    def over_html(self) -> str:
        s = self.state
        names = ", ".join(self._name(q) for q in game.winners(s))
        return t(
            "logiquo.table.over",
            winners=names or "—",
            reason=t(f"logiquo.table.end_{s.end_reason}"),
        )

    def draw(self, p: int | None, human: bool) -> None:
        s = self.state
        self._draw_threat()
        self._draw_situation(p)
        if human:
            hand = sorted(s.hands[p])
            useful = {c for combo in game.neutralise_options(s) for c in combo}
            chips = "".join(_chip(c, c in useful) for c in hand)
            self.hand.value = t("logiquo.table.hand", name=self._name(p), cards=chips or "—")
        else:
            self.hand.value = t("logiquo.table.hidden") if p is not None else ""
        self._draw_seats(p)
        self._draw_piles()

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
                cards=", ".join(words.both_names(card_of(c)) for c in s.anomalies),
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

    def _draw_seats(self, p: int | None) -> None:
        s = self.state
        head = [
            t(f"logiquo.table.col_{k}")
            for k in ("player", "seat", "data", "controls", "stopped", "suffered", "gifts")
        ]
        rows = []
        for q in range(len(s.players)):
            data = "".join(
                f"<span title='{html.escape(words.card_name(d))}' style='display:inline-block;"
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
            rows.append(cells)
        self.seats_view.value = html_table(head, rows)

    def _draw_piles(self) -> None:
        s = self.state
        recent = ", ".join(html.escape(words.card_ref(c)) for c in s.threat_discard[-5:])
        self.piles.value = t(
            "logiquo.table.piles",
            threats=len(s.threat_deck),
            controls=len(s.control_deck),
            threat_discard=len(s.threat_discard),
            recent=recent or "—",
            control_discard=len(s.control_discard),
            data_discard=len(s.data_discard),
        )
