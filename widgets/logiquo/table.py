"""The Logiquo game table: a whole game for hot-seat humans and bots.

Every move goes through ``gamelib.logiquo.apply``; the buttons are built from
``legal_actions`` for whoever must decide now (``current_player``: during collaboration, an
offer or a Pentaqo window that may be another seat than the active player). A refused move shows
the rule's reason in a Notice and changes nothing. Only the hand of the human seat to move is
shown; the others show counts. The history is a ``widgets.session.Session``: step back and
forward, save as a download, load from a file.

Guided turns (issue #13): a prompt says what to do now (``prompt_html``); the buttons are the
moves that can change the threat's outcome (``gamelib.logiquo.helping``: "ask for help" only
while help can help, a trade paid only with a card that serves the threat), the collaboration's
offers are one drop-down ("which card, to or from whom") and an "Offer" button; a Pentaqo
window or a floor with nothing useful to offer is answered for the human (``auto_answer``,
with a standing choice for the Pentaqo); after the bots moved a recap says which threats hit
whom and what stopped them; each card in the hand is a button that shows its face.
"""

from __future__ import annotations

import html
from collections import Counter
from typing import Any

import ipywidgets as w

from gamelib import logiquo as game
from gamelib.logiquo import bots as lq_bots
from gamelib.logiquo import cards
from gamelib.logiquo.cards import card as card_of
from gamelib.logiquo.cards import label
from gamelib.logiquo.helping import (
    help_can_help,
    stops_threat,
    useful_offers,
    useful_payments,
    window_matters,
)
from gamelib.logiquo.impacts import targets_for
from gamelib.validate import is_int
from widgets import i18n
from widgets.common import button, card, html_table, tagged
from widgets.i18n import t
from widgets.kit.standing import StandingChoice
from widgets.kit.table import Offer, TableBase, counted
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


def _pays(action: Any) -> bool:
    """An answer to an offer that names the card paid."""
    return isinstance(action, game.AcceptOffer) and action.card is not None


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
        # the hand: one button per card, its face shown on a click or Enter (not hover only)
        self.hand_cards = tagged(w.Box(layout=w.Layout(flex_flow="row wrap")), "logiquo-hand-cards")
        self.card_detail = tagged(w.HTML(), "logiquo-card-detail")
        self._hand_key: tuple[Any, ...] | None = None
        self._detail: int | None = None
        # the collaboration's offers: one choice (which card, to or from whom), one button
        self.offer_pick = tagged(
            w.Dropdown(
                description=t("logiquo.play.offer_pick"),
                style={"description_width": "auto"},
                layout=w.Layout(width="auto", max_width="100%"),
            ),
            "logiquo-offer-pick",
        )
        self.offer_button = button(t("logiquo.play.offer_go"), "logiquo-offer-go", "handshake-o")
        self.offer_button.button_style = "info"
        self.offer_button.on_click(lambda _b: self.make_offer())
        self.offer_box = tagged(
            w.HBox([self.offer_pick, self.offer_button], layout=w.Layout(flex_flow="row wrap")),
            "logiquo-offers",
        )
        # a discard of several cards: one toggle per card and one button, not every combination
        self.discard_cards = tagged(
            w.Box(layout=w.Layout(flex_flow="row wrap")), "logiquo-discard-cards"
        )
        self.discard_button = button("", "logiquo-discard-go", "trash")
        self.discard_button.button_style = "warning"
        self.discard_button.on_click(lambda _b: self.discard_chosen())
        self.discard_box = tagged(
            w.VBox([self.discard_cards, self.discard_button]), "logiquo-discard"
        )
        self.pentaqo_standing = StandingChoice(
            "logiquo-pentaqo-standing", t("logiquo.play.pentaqo_standing")
        )
        self.pentaqo_standing.observe_choice(lambda _c: self._answer_now())
        parts = [
            self.threat_view,
            self.situation,
            self.hand,
            self.hand_cards,
            self.card_detail,
            self.actions,
            self.offer_box,
            self.discard_box,
            self.pentaqo_standing,
            self.notice,
        ]
        play = self._turn_panel(parts, "decide")
        return [play, card([self.seats_view, self.piles], t("logiquo.table.table"))]

    # ------------------------------------------------------------------ guided turns
    def button_actions(self) -> list[Any]:
        """The moves that can change this threat's outcome, as buttons: "ask for help" only
        while help can help, a trade paid only with a card that serves the threat (any card
        when none does), no offers (they are in the drop-down)."""
        s = self.state
        legal = game.legal_actions(s)
        if s.phase == "reaction" and not help_can_help(s):
            return [a for a in legal if not isinstance(a, game.RequestHelp)]
        if s.phase == "collab":
            return [a for a in legal if not isinstance(a, (game.OfferCard, game.OfferTrade))]
        if s.phase == "discard" and s.choice["n"] > 1:
            return [a for a in legal if not isinstance(a, game.ChooseDiscard)]
        if s.phase == "offer" and (fit := useful_payments(s)):
            return [a for a in legal if not _pays(a) or a in fit]
        return legal

    def make_offer(self) -> bool:
        """Play the offer chosen in the drop-down (if it is still one of this state's)."""
        action = self.offer_pick.value
        if action is None or action not in useful_offers(self.state):
            return False
        return self.act(action)

    def offers(self) -> list[Offer]:
        extra = []
        if self.offer_box.layout.display != "none" and self.offer_pick.options:
            extra.append(Offer(self.offer_button, self.make_offer, self.offer_button.description))
        if self.discard_box.layout.display != "none":
            extra.append(
                Offer(self.discard_button, self.discard_chosen, self.discard_button.description)
            )
        return [*super().offers(), *extra]

    def auto_answer(self, p: int) -> Any | None:
        """A Pentaqo window follows the standing choice, and asks only when a Pentaqo played
        now can change what the threat does to you; a floor with nothing useful to offer is
        passed on."""
        s = self.state
        if s.phase == "window":
            choice = self.pentaqo_standing.answer()
            plays = [a for a in game.legal_actions(s) if isinstance(a, game.PlayPentaqo)]
            if choice is True and plays:
                return plays[0]
            if choice is False or not window_matters(s):
                return game.PassWindow()
            return None
        if s.phase == "collab" and not useful_offers(s):
            return game.EndCollaboration()
        return None

    def _answer_now(self) -> None:
        """A standing choice set while its question is asked answers it at once."""
        p = self.to_move()
        if p is not None and self.human_to_move() and self.state.phase == "window":
            answer = self.auto_answer(p)
            if answer is not None:
                self.act(answer)

    def prompt_html(self, p: int) -> str:
        """One sentence: what the human to move should do now, naming the controls."""
        s = self.state
        if s.phase == "window":
            return t("logiquo.play.prompt_window")
        if s.phase == "reaction":
            if game.neutralise_options(s):
                return t("logiquo.play.prompt_stop")
            key = "prompt_help" if help_can_help(s) else "prompt_no_help"
            return t(f"logiquo.play.{key}")
        if s.phase == "collab":
            if not useful_offers(s):
                return t("logiquo.play.prompt_nothing_to_offer")
            if p == s.active:
                return t("logiquo.play.prompt_ask_trade")
            return t("logiquo.play.prompt_give", active=self._name(s.active))
        if s.phase == "offer":
            o = s.offer
            giver = self._name(o["from"])
            give = html.escape(words.card_ref(o["give"])) if o["give"] is not None else ""
            if o["ask"] is None:
                return t("logiquo.play.prompt_gift", giver=giver, card=give)
            if o["ask"] == "data":
                return t("logiquo.play.prompt_data", giver=giver, card=give)
            if o["give"] is None:
                return t("logiquo.play.prompt_buy", giver=giver)
            return t("logiquo.play.prompt_pay", giver=giver, card=give)
        if s.phase == "discard":
            n = s.choice["n"]
            return t(counted("logiquo.play.prompt_discard", n), n=n)
        return ""

    def recap_html(self, start: int, end: int) -> str:
        """What each bot did (the kit's recap), then the threats met: who stopped them and
        with which controls, or whom they struck; what was played for you; what you lost."""
        base = super().recap_html(start, end)
        hist, log_ = self.session.history, self.session.log
        self.note_new_turn(start)
        lines = []
        for_you: Counter[str] = Counter()  # what was played for a human seat, without asking
        for i in reversed(range(start, end)):  # the newest first, as in the log
            before, action = hist[i], log_[i]
            who = game.current_player(before)
            if isinstance(action, game.Neutralise):
                lines.append(
                    t(
                        "logiquo.play.recap_stopped",
                        who=self._name_in(before, who),
                        threat=html.escape(words.card_ref(before.threat)),
                        cards=html.escape(", ".join(words.card_ref(c) for c in action.cards)),
                    )
                )
            elif isinstance(action, game.TakeImpact):
                struck = ", ".join(
                    self._name_in(before, q) for q in targets_for(before, before.threat)
                )
                lines.append(
                    t(
                        "logiquo.play.recap_struck",
                        threat=html.escape(words.card_ref(before.threat)),
                        whom=struck,
                    )
                )
            elif who is not None and self.kinds[who] == "human":
                for_you[self.describe(action, before)] += 1
        if for_you:  # one line, each move once with how many times
            said = [m if k == 1 else f"{m} (×{k})" for m, k in for_you.items()]
            lines.append(t("logiquo.play.recap_for_you", actions="; ".join(said)))
        first, last = hist[start], hist[end]
        for q, kind in enumerate(self.kinds):
            if kind != "human" or q >= len(last.players):
                continue
            data = (len(first.data[q]), len(last.data[q]))
            hand = (len(first.hands[q]), len(last.hands[q]))
            if data[0] != data[1] or hand[0] != hand[1]:
                lines.append(
                    t(
                        "logiquo.play.recap_you",
                        name=self._name_in(last, q),
                        data_before=data[0],
                        data_after=data[1],
                        hand_before=hand[0],
                        hand_after=hand[1],
                    )
                )
        if not lines:
            return base
        items = "".join(f"<li>{line}</li>" for line in lines)
        return (  # what hit you first: the recap box scrolls, the bots' moves come after
            f"<div>{t('logiquo.play.recap_head')}</div>"
            f"<ul style='margin:0;padding-left:1.5em'>{items}</ul>{base}"
        )

    def _name_in(self, state: Any, p: int) -> str:
        colour = PLAYER_COLORS[p % len(PLAYER_COLORS)]
        return f"<b style='color:{colour}'>{html.escape(state.players[p])}</b>"

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
        self.clear_stale_notice(human)
        self._draw_threat()
        self._draw_situation(p)
        if human:
            self.hand.value = t("logiquo.play.hand", name=self._name(p))
            self._draw_hand(p)
        else:
            self.hand.value = t("logiquo.table.hidden") if p is not None else ""
            self._draw_hand(None)
        self._draw_offers(p if human else None)
        self._draw_discard(p if human else None)
        holds = human and any(card_of(c).kind == "pentaqo" for c in s.hands[p])
        self.pentaqo_standing.layout.display = "" if holds else "none"
        self._draw_seats(p)
        self._draw_piles()

    def _draw_hand(self, p: int | None) -> None:
        """One button per card of the human to move (green: it counts against the threat);
        pressing one shows its face below, pressing it again hides it."""
        s = self.state
        hand = sorted(s.hands[p]) if p is not None else []
        useful = {c for c in hand if stops_threat(s, c)}
        key = (p, tuple(hand), tuple(sorted(useful)), i18n.language())
        if key != self._hand_key:
            self._hand_key = key
            for old in self.hand_cards.children:
                old.close()
            buttons = []
            for c in hand:
                face = card_of(c)
                b = w.Button(
                    description=words.card_ref(c),
                    tooltip=words.card_text(face),
                    button_style="success" if c in useful else "",
                    layout=w.Layout(width="auto", max_width="100%", margin="2px"),
                )
                b.add_class("logiquo-hand-card")
                b.card = c
                b.on_click(lambda _b, c=c: self.show_card(c))
                buttons.append(b)
            self.hand_cards.children = buttons
            if self._detail not in hand:
                self._detail = None
        self._draw_detail()

    def show_card(self, cid: int | None) -> None:
        """Show card ``cid``'s face under the hand (the same card again: hide it)."""
        self._detail = None if cid == self._detail else cid
        self._draw_detail()

    def _draw_detail(self) -> None:
        """The face of the card pressed; else, to a human answering an offer, the card offered
        (it is not in their hand yet, so it has no button of its own)."""
        c, s = self._detail, self.state
        offered = s.offer["give"] if s.phase == "offer" and self.human_to_move() else None
        if c is not None:
            self.card_detail.value = card_html(card_of(c))
        elif offered is not None:
            head = t("logiquo.play.offered", card=html.escape(words.card_ref(offered)))
            self.card_detail.value = f"<div>{head}</div>{card_html(card_of(offered))}"
        else:
            self.card_detail.value = ""
        for b in self.hand_cards.children:
            b.icon = "eye" if b.card == c else ""

    def _draw_offers(self, p: int | None) -> None:
        """The floor holder's useful offers in one drop-down, grouped by partner."""
        s = self.state
        offers = useful_offers(s) if p is not None and s.phase == "collab" else []
        names = s.players
        by_partner = sorted(offers, key=lambda a: a.to)
        self.offer_pick.options = [(words.action_text(a, names), a) for a in by_partner]
        self.offer_pick.value = by_partner[0] if by_partner else None
        self.offer_box.layout.display = "" if offers else "none"

    def _draw_discard(self, p: int | None) -> None:
        """A discard of n >= 2 cards: a toggle per card of the hand, the first n chosen, and a
        button enabled while exactly n are chosen."""
        s = self.state
        n = s.choice["n"] if p is not None and s.phase == "discard" else 0
        for old in self.discard_cards.children:
            old.close()
        toggles = []
        if n > 1:
            for i, c in enumerate(sorted(s.hands[p])):
                toggle = w.ToggleButton(
                    value=i < n,
                    description=words.card_ref(c),
                    tooltip=words.card_text(card_of(c)),
                    layout=w.Layout(width="auto", max_width="100%", margin="2px"),
                )
                toggle.add_class("logiquo-discard-card")
                toggle.card = c
                toggle.observe(lambda _c: self._count_discard(), "value")
                toggles.append(toggle)
        self.discard_cards.children = toggles
        self.discard_box.layout.display = "" if n > 1 else "none"
        self._count_discard()

    def _chosen(self) -> tuple[int, ...]:
        return tuple(sorted(b.card for b in self.discard_cards.children if b.value))

    def _count_discard(self) -> None:
        s = self.state
        n = s.choice["n"] if s.phase == "discard" else 0
        k = len(self._chosen())
        self.discard_button.description = t("logiquo.play.discard_go", n=n, k=k)
        self.discard_button.disabled = k != n

    def discard_chosen(self) -> bool:
        """Discard the cards chosen with the toggles (a discard of several cards)."""
        if self.state.phase != "discard" or not self.discard_cards.children:
            return False
        return self.act(game.ChooseDiscard(self._chosen()))

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
        else:  # the reaction: the prompt says it to a human, the status line names who decides
            self.situation.value = ""
            return
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
        # a narrow screen scrolls the table sideways instead of cutting its columns
        self.seats_view.value = f"<div style='overflow-x:auto'>{html_table(head, rows)}</div>"

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
