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
offers are two drop-downs (the card given, then to whom and for what) and an "Offer" button;
"neutralise" is offered as soon as the active player holds what stops the threat, even during
the collaboration; a Pentaqo window, a floor with nothing useful to offer or a threat already
covered is answered for the human (``auto_answer``, with a standing choice for the Pentaqo,
each answer with its reason); the recap (``widgets.logiquo.story``) tells what happened since
the human's last decision, oldest first, and what each human seat lost and got; a bot that
declines an offer says why; each card in the hand is a button that shows its face.
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
from gamelib.logiquo.helping import (
    help_can_help,
    stops_threat,
    useful_offers,
    useful_payments,
    window_matters,
)
from gamelib.validate import is_int
from widgets import i18n
from widgets.common import button, card, html_table, tagged
from widgets.i18n import t
from widgets.kit.standing import StandingChoice
from widgets.kit.table import Offer, TableBase, counted
from widgets.logiquo import words
from widgets.logiquo.deck import card_html
from widgets.logiquo.story import Story, covered, decline_reason

SEATS = ("human", "cooperative", "selfish", "random")
MAX_PLAYERS = 6
# seat names are written in these colours: each passes 4.5:1 on white (issue #26, axe)
PLAYER_COLORS = ("#1f77b4", "#d62728", "#1e7b1e", "#8e44ad", "#a84c00", "#0b7285")
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


def _pile(n: int) -> str:
    """A pile's size with its noun: "1 carta", "12 carte"."""
    return t(counted("logiquo.table.pile_cards", n), n=n)


def _pays(action: Any) -> bool:
    """An answer to an offer that names the card paid."""
    return isinstance(action, game.AcceptOffer) and action.card is not None


DATA = -1  # the first offer drop-down's value for "one Data card"


class _Given:
    """What an offer gives: its card (``OfferCard.card``, ``OfferTrade.give``) or a Data card."""

    def __init__(self, action: Any) -> None:
        given = action.card if isinstance(action, game.OfferCard) else action.give
        self.key = DATA if given is None else given


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
        # the collaboration's offers, grouped (issue #26): first the card you give, then to whom
        # and for what; one button
        self._why: dict[int, tuple[Any, Any, str, dict[str, Any]]] = {}
        self._pending: tuple[Any, Any, int, int] | None = None
        self.offer_card = tagged(
            w.Dropdown(
                description=t("logiquo.play.offer_card"),
                style={"description_width": "auto"},
                layout=w.Layout(width="auto", max_width="100%"),
            ),
            "logiquo-offer-card",
        )
        self.offer_pick = tagged(
            w.Dropdown(
                description=t("logiquo.play.offer_pick"),
                style={"description_width": "auto"},
                layout=w.Layout(width="auto", max_width="100%"),
            ),
            "logiquo-offer-pick",
        )
        self._offers: list[Any] = []
        self.offer_card.observe(lambda _c: self._draw_terms(), "value")
        self.offer_button = button(t("logiquo.play.offer_go"), "logiquo-offer-go", "handshake-o")
        self.offer_button.button_style = "info"
        self.offer_button.on_click(lambda _b: self.make_offer())
        self.offer_box = tagged(
            w.HBox(
                [self.offer_card, self.offer_pick, self.offer_button],
                layout=w.Layout(flex_flow="row wrap"),
            ),
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
        early = self.early_neutralise()
        if s.phase == "collab":
            kinds = (game.OfferCard, game.OfferTrade)
            return [*early, *(a for a in legal if not isinstance(a, kinds))]
        if s.phase == "discard" and s.choice["n"] > 1:
            return [a for a in legal if not isinstance(a, game.ChooseDiscard)]
        if s.phase == "offer" and (fit := useful_payments(s)):
            return [*early, *(a for a in legal if not _pays(a) or a in fit)]
        return [*early, *legal]

    def early_neutralise(self) -> list[Any]:
        """The active player, asked during the collaboration (their floor, or an offer to
        answer), who already holds what stops the threat: the sets of cards it could play once
        the round is over (gamelib's ``neutralise_options`` on the same hands in the reaction),
        offered at once (issue #26: "neutralise" came only after "end my part")."""
        s = self.state
        if s.phase not in ("collab", "offer") or self.to_move() != s.active or s.threat is None:
            return []
        probe = s.copy()
        probe.phase, probe.collab, probe.offer = "reaction", None, None
        return [game.Neutralise(combo) for combo in game.neutralise_options(probe)]

    def act(self, action: Any, auto: bool = True) -> bool:
        """The kit's, plus "neutralise" pressed during the collaboration: the table ends the
        human's part of the round (or declines the offer), answers for them until the round is
        over (declining further offers: the threat is covered) and then neutralises."""
        s = self.state
        if auto and isinstance(action, game.Neutralise) and action in self.early_neutralise():
            step = game.EndCollaboration() if s.phase == "collab" else game.DeclineOffer()
            self._pending = (action, self.session, s.turn, self.session.index + 1)
            if not super().act(step, auto):
                self._pending = None
                return False
            return True
        if auto and self.human_to_move():
            self._pending = None  # another decision replaces the one pending
        return super().act(action, auto)

    def _pending_now(self) -> Any | None:
        """The neutralise chosen during the collaboration, while it still belongs to the game
        shown (same session and turn, not stepped back before it)."""
        if self._pending is None:
            return None
        action, session, turn, index = self._pending
        if session is self.session and self.state.turn == turn and session.index >= index:
            return action
        self._pending = None
        return None

    def make_offer(self) -> bool:
        """Play the offer chosen in the two drop-downs; none chosen (or one this state no longer
        has) is said in the notice and changes nothing."""
        action = self.offer_pick.value
        if action is None or action not in useful_offers(self.state):
            self.notice.error(t("logiquo.play.offer_none"))
            return False
        return self.act(action)

    def _choose_and_offer(self, give: int) -> bool:
        self.offer_card.value = give
        return self.make_offer()

    def offers(self) -> list[Offer]:
        extra = []
        if self.offer_box.layout.display != "none" and self.offer_pick.options:
            for label_, give in self.offer_card.options:
                extra.append(
                    Offer(self.offer_button, lambda g=give: self._choose_and_offer(g), label_)
                )
        if self.discard_box.layout.display != "none":
            extra.append(
                Offer(self.discard_button, self.discard_chosen, self.discard_button.description)
            )
        return [*super().offers(), *extra]

    def auto_answer(self, p: int) -> Any | None:
        """A Pentaqo window follows the standing choice, and asks only when a Pentaqo played
        now can change what the threat does to you; a floor with nothing useful to offer, or
        while the active player already holds what stops the threat, is passed on; after an
        early "neutralise" the round is closed for the active player and the threat stopped.
        Each answer keeps its reason for the recap (:meth:`answered_for`)."""
        s = self.state
        answer, why = self._auto(p)
        if answer is not None and why is not None:
            self._why[self.session.index] = (s, answer, why[0], why[1])
        return answer

    def _auto(self, p: int) -> tuple[Any | None, tuple[str, dict[str, Any]] | None]:
        s = self.state
        pending = self._pending_now()
        if pending is not None and p == s.active:
            if s.phase == "reaction":
                self._pending = None
                return (pending, None) if pending in game.legal_actions(s) else (None, None)
            if s.phase == "offer":
                return game.DeclineOffer(), ("why_neutralising", {})
            if s.phase == "collab":
                return game.EndCollaboration(), ("why_neutralising", {})
        if s.phase == "window":
            choice = self.pentaqo_standing.answer()
            plays = [a for a in game.legal_actions(s) if isinstance(a, game.PlayPentaqo)]
            if choice is True and plays:
                return plays[0], ("why_standing", {})
            if choice is False:
                return game.PassWindow(), ("why_standing", {})
            if not window_matters(s):
                return game.PassWindow(), ("why_window", {})
            return None, None
        if s.phase == "collab":
            if p != s.active and covered(s):
                return game.EndCollaboration(), ("why_covered", {"active": self._name(s.active)})
            if not useful_offers(s):
                key = "why_no_trade" if p == s.active else "why_nothing_stops"
                return game.EndCollaboration(), (key, {})
        return None, None

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
        if s.phase in ("collab", "offer") and self.early_neutralise():
            return t("logiquo.play.prompt_stop_now")
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
        """What happened since the human's last decision, that decision included (issue #26:
        the threat a human stopped and the card it cost were left out), oldest first, one item
        a turn (:class:`widgets.logiquo.story.Story`), then what each human seat lost and won.
        It tells every bot's move in words, so the kit's list of the bots' moves is not added."""
        self.note_new_turn(start)
        first = start
        if 0 < start == self.mark + 1 and self._human(self.session.history[self.mark]):
            first = self.mark
        return Story(self, first, end, self._viewer()).html()

    def _viewer(self) -> int | None:
        """Whose private cards the recap may name: the human to move, else the only human seat
        (a finished game, or bots to move), else nobody."""
        p = self.to_move()
        if p is not None and self.kinds[p] == "human":
            return p
        humans = [q for q, kind in enumerate(self.kinds) if kind == "human"]
        return humans[0] if len(humans) == 1 else None

    def _human(self, state: Any) -> bool:
        p = game.current_player(state)
        return p is not None and self.kinds[p] == "human"

    def run_bots(self, refresh: bool = True) -> int:
        """The kit's, plus: a human's move that cost or brought a card or a Data card is
        recapped even when no bot moved after it (a threat suffered, then a discard to choose)."""
        moves = super().run_bots(refresh=False)
        s, i = self.session, self.session.index
        if self._recap_span is None and 0 < i == self.mark + 1 and self._human(s.history[i - 1]):
            before, after = s.history[i - 1], s.history[i]
            if any(
                sorted(before.hands[q]) != sorted(after.hands[q]) or before.data[q] != after.data[q]
                for q in range(len(before.players))
            ):
                self._recap_span = (i, i)
        if refresh:
            self.refresh()
        return moves

    def answered_for(self, i: int, before: Any, action: Any) -> str:
        """Why the table answered log entry ``i`` for a human seat (``auto_answer``), or ""."""
        said = self._why.get(i)
        if said is None or said[0] is not before or said[1] != action:
            return ""
        key, values = said[2], said[3]
        return t(f"logiquo.play.{key}", **values)

    def log_line(self, before: Any, action: Any, after: Any) -> str:
        """The kit's line; a bot's refusal of an offer says why, as the recap does."""
        line = super().log_line(before, action, after)
        who = game.current_player(before)
        bot = who is not None and who < len(self.kinds) and self.kinds[who] != "human"
        if isinstance(action, game.DeclineOffer) and bot:
            line += f" ({decline_reason(before, self.kinds[who])})"
        return line

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
        """The floor holder's useful offers, grouped: the card given (or a Data card) in the
        first drop-down, to whom and for what in the second."""
        s = self.state
        offers = useful_offers(s) if p is not None and s.phase == "collab" else []
        self._offers = offers
        gives = sorted({_Given(a).key for a in offers}, key=lambda g: (g == DATA, g))
        options = [(self._give_label(g), g) for g in gives]
        if list(self.offer_card.options) != options:
            self.offer_card.options = options
        if gives and self.offer_card.value not in gives:
            self.offer_card.value = gives[0]
        self._draw_terms()
        self.offer_box.layout.display = "" if offers else "none"

    def _give_label(self, give: int) -> str:
        return t("logiquo.action.one_data") if give == DATA else words.card_ref(give)

    def _draw_terms(self) -> None:
        """The second drop-down: the offers of the card chosen, partner by partner."""
        give = self.offer_card.value
        names = self.state.players
        mine = [a for a in self._offers if _Given(a).key == give]
        mine.sort(key=lambda a: (a.to, 0 if isinstance(a, game.OfferCard) else 1, str(a)))
        options = []
        for a in mine:
            if isinstance(a, game.OfferCard):
                terms = t("logiquo.play.terms_gift", to=names[a.to])
            else:
                want = t(f"logiquo.action.want_{a.ask}")
                terms = t("logiquo.play.terms_trade", to=names[a.to], want=want)
            options.append((terms, a))
        self.offer_pick.options = options
        self.offer_pick.value = mine[0] if mine else None

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
            left = s.collab["offers_left"]
            text = t(
                counted("logiquo.table.collab", left),
                who=self._name(p),
                active=self._name(s.active),
                left=left,
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
            n = s.choice["n"]
            text = t(counted("logiquo.table.discard", n), who=self._name(p), n=n)
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
            threats=_pile(len(s.threat_deck)),
            controls=_pile(len(s.control_deck)),
            threat_discard=len(s.threat_discard),
            recent=recent or "—",
            control_discard=len(s.control_discard),
            data_discard=len(s.data_discard),
        )
