"""The AirWar game table: a whole game against the planner bot, or hot-seat for two.

Every move goes through ``gamelib.airwar.apply``; the buttons are the ``legal_actions`` of the
seat that must decide now (the defender decides during the attacker's turn: interceptors,
duels, Battle cards, losses). What is drawn comes from ``observation(state, viewer)``, the
engine's own view for one player: the viewer's hand, its own face-down mission or intercept
hand, and only counts of the other side's hidden cards. A refused move shows the rule's reason
in a Notice and changes nothing. The history is a ``widgets.session.Session``.

Guided for a new player (issue #13): one sentence says what to do now (``prompt_html``); the
interceptors (and the mission's aircraft) are chosen as one group of ticks and one button, the
boxes the rules no longer allow greyed as you tick (each tick is tried on a copy with
``gamelib.airwar.apply``); blind intercepts are one button per interceptor (the face-down cards
are shuffled: which one is picked cannot be chosen knowingly); any card in play can be looked
at from a drop-down (keyboard and click, not hover); a decision with one possible answer is
played unasked (``auto_answer``); after the other side moved, a recap says what happened, why a
raid did or did not do damage, and what you lost and won.

Telling the truth (issue #26): the recap starts before the human's last decision, so what that
decision caused (a duel it settled, a raid it let through) is told and counted; its summary
(both sides' Industry and Convoy, every card each side lost, with why) and its story (oldest
first) come from the same moves; the cards lost are found by comparing each state with the one
before it (the engine records no event for a War card discarded with its base); a decision
played for the human says why, with the engine's own refusal of what could not be done; the
damage choices show their numbers. ``tests/widgets/test_airwar_recap.py`` holds it.
"""

from __future__ import annotations

from typing import Any, ClassVar

import ipywidgets as w

import gamelib.airwar as game
from gamelib.airwar import actions as A
from gamelib.airwar.bots import PlannerBot, RandomBot
from gamelib.airwar.cards import SIDES, by_id
from gamelib.airwar.rules import K, strike_value
from gamelib.core import IllegalAction
from widgets.airwar.deck import SIDE_COLOURS, card_html, face_down_html, side_label
from widgets.airwar.words import (
    action_text,
    action_words,
    event_text,
    name,
    plain_name,
    raid_why,
    stage_name,
)
from widgets.common import card, tagged
from widgets.i18n import t
from widgets.kit.table import Offer, TableBase, counted

SEATS = ("human", "planner", "random")
# steps whose picks are ticked as one group, then confirmed: (pick, confirm, catalog part)
GROUPS = {
    "scramble": (A.AddInterceptor, A.ScrambleDone, "scramble"),
    "launch": (A.AddToMission, A.SendMission, "launch"),
}
FINISH_ESTIMATE = 400
# what a move can cause beyond itself, told even when no bot moved after it
TELL = {"duel_result", "damage", "no_interception", "stage_skipped", "aircraft_lost"}
RECAP_LINES = 30  # the newest lines a recap tells; the rest is in the log
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
        "<span style='display:inline-block;width:120px;max-width:30vw;height:12px;"
        "background:#eaecee;border-radius:6px;vertical-align:middle'>"
        f"<span style='display:block;width:{width}%;"
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
        self.sides_view = tagged(w.HTML(), "airwar-sides")
        # one group of ticks and one button for the interceptors (or the mission)
        self.group_title = tagged(w.HTML(), "airwar-group-title")
        self.group_boxes = tagged(w.Box(layout=w.Layout(flex_flow="row wrap")), "airwar-picks")
        self.group_button = self._group_button()
        self.group = tagged(w.VBox([self.group_title, self.group_boxes]), "airwar-group")
        self.group.layout.display = "none"
        # any card in play, looked at by choosing it (keyboard and click, not only hover)
        self.lookup = tagged(
            w.Dropdown(
                description=t("airwar.play.look"),
                style={"description_width": "initial"},
                layout=w.Layout(width="100%", max_width="420px"),
            ),
            "airwar-lookup",
        )
        self.lookup_view = tagged(w.HTML(), "airwar-lookup-card")
        self.lookup.observe(lambda _: self._show_card(), "value")
        play = self._turn_panel(
            [
                self.tracks,
                self.raid_view,
                self.prompt,
                self.group,
                self.actions,
                self.hand,
                self.notice,
                w.VBox([self.lookup, self.lookup_view]),
            ],
            "decide",
        )
        return [play, card([self.sides_view], t("airwar.table.in_play"))]

    # ------------------------------------------------------------------ guided turns
    def _group_kind(self) -> tuple[type, type, str] | None:
        """The grouped pick of the step shown, if the human decides one now."""
        if not self.human_to_move():
            return None
        return GROUPS.get(self.state.step)

    def button_actions(self) -> list[Any]:
        """The legal actions as buttons, less those the group of ticks offers; blind intercepts
        once per interceptor (the face-down cards are shuffled, any one is as good)."""
        legal = game.legal_actions(self.state)
        grouped = self._group_kind()
        if grouped is not None:
            legal = [a for a in legal if not isinstance(a, grouped[:2])]
        out, seen = [], set()
        for a in legal:
            label = action_words(a)
            if isinstance(a, A.Intercept):
                label = ("intercept", plain_name(a.interceptor))
            if label in seen:
                continue
            seen.add(label)
            out.append(a)
        return out

    def action_label(self, action: Any) -> str:
        if isinstance(action, A.Intercept):
            return t("airwar.play.intercept", interceptor=plain_name(action.interceptor))
        if isinstance(action, A.Allot):  # the damage each choice does (the engine's value)
            stat = "bombing" if action.to == "industry" else "convoy_attack"
            n = strike_value(self.state, action.card, stat)
            return t(f"airwar.play.allot_{action.to}", card=plain_name(action.card), n=n)
        return action_words(action)

    def _group_button(self) -> w.Button:
        """The group's confirm button; it ends the row of action buttons, which the kit
        replaces (and closes) on every move, so a new one is made each time."""
        b = tagged(
            w.Button(button_style="success", icon="check", layout=w.Layout(width="auto")),
            "airwar-group-go",
            "airwar-action",
        )
        b.on_click(lambda _b: self.confirm_group())
        return b

    def _draw_actions(self, actions: list[Any]) -> None:
        """The kit's buttons, then the group's confirm button when a group is shown."""
        super()._draw_actions(actions)
        if self._group_kind() is not None:
            self.group_button = self._group_button()
            self.actions.children = [*self.actions.children, self.group_button]
            self._group_changed()

    def _draw_group(self) -> None:
        """Tick boxes for the aircraft the step may add, and the confirm button."""
        grouped = self._group_kind()
        for old in self.group_boxes.children:
            old.close()
        if grouped is None:
            self.group_boxes.children = []
            self.group.layout.display = "none"
            return
        pick, _done, part = grouped
        cards = by_id()
        label_key = f"airwar.play.pick_label_{part}"
        if part == "launch":  # the values this target counts (§Fase di Assegnazione dei Danni)
            target = self.state.raid.target
            kind = "resources" if target == "resources" else by_id()[target].kind
            label_key += f"_{kind}"
            if kind == "carrier" and self.state.stage == "carrier":  # §Portaerei
                label_key += "_doubled"
        picks = [a.card for a in game.legal_actions(self.state) if isinstance(a, pick)]
        boxes = []
        state = self.state
        for cid in picks:
            c = cards[cid]
            label = t(
                label_key,
                card=plain_name(cid),
                a2a=c.air_to_air,
                defense=c.defense,
                bombing=c.bombing,
                convoy=c.convoy_attack,
                carrier=c.carrier_attack,
                doubled=c.carrier_attack * K["carrier_stage_carrier_attack_multiplier"],
            )
            fits = part == "launch" and _fits(state, pick(cid))
            if fits:  # a mission starts with every aircraft that fits ticked, in hand order
                state = game.apply(state, pick(cid))
            box = w.Checkbox(value=fits, description=label, indent=False)
            box.layout.width = "auto"
            box.card = cid
            box.add_class("airwar-pick")
            box.observe(lambda _: self._group_changed(), "value")
            boxes.append(box)
        self.group_boxes.children = boxes
        self.group_title.value = t(f"airwar.play.{part}_title", n=len(picks))
        self.group.layout.display = ""
        self._group_changed()

    def _group_try(self, chosen: list[str]) -> Any:
        """The state after adding ``chosen`` one by one (raises IllegalAction if the rules
        refuse one): the rules, not this widget, say how many fit."""
        pick = GROUPS[self.state.step][0]
        state = self.state
        for cid in chosen:
            state = game.apply(state, pick(cid))
        return state

    def _ticked(self) -> list[str]:
        return [b.card for b in self.group_boxes.children if b.value]

    def _group_changed(self) -> None:
        """Grey the boxes that no longer fit after the ticks; the button says what it does."""
        grouped = self._group_kind()
        if grouped is None:
            return
        pick, _done, part = grouped
        chosen = self._ticked()
        try:
            after = self._group_try(chosen)
            room = {a.card for a in game.legal_actions(after) if isinstance(a, pick)}
        except IllegalAction:
            room = set()
        for b in self.group_boxes.children:
            b.disabled = not b.value and b.card not in room
        n = len(chosen)
        key = f"airwar.play.{part}_go" + ("_none" if n == 0 else "_one" if n == 1 else "")
        self.group_button.description = t(key, n=n)
        self.group_button.disabled = part == "launch" and n == 0

    def confirm_group(self) -> bool:
        """Play the ticked picks and the confirm move (checked on a copy first: a refusal
        changes nothing)."""
        grouped = self._group_kind()
        if grouped is None:
            self.notice.error(t(f"{self.texts}.not_human"))
            return False
        pick, done, _part = grouped
        chosen = self._ticked()
        try:
            game.apply(self._group_try(chosen), done())
        except IllegalAction as e:
            self.notice.error(t(f"{self.texts}.illegal", rule=e.rule, reason=self.refusal(e)))
            return False
        mark = self.session.index
        for cid in chosen:
            self.session.apply(pick(cid))
        ok = self.act(done())
        self.mark = mark
        return ok

    def prompt_html(self, p: int) -> str:
        """What the human to move does now, in one sentence (the step's own words)."""
        s = self.state
        values: dict[str, Any] = {"side": side_label(SIDES[p])}
        if s.raid is not None:
            values["target"] = name(s.raid.target)
        if s.step == "allot":  # which aircraft, and what it does to each card
            cid = next(a.card for a in game.legal_actions(s) if isinstance(a, A.Allot))
            values["card"] = name(cid)
            values["bombing"] = strike_value(s, cid, "bombing")
            values["convoy"] = strike_value(s, cid, "convoy_attack")
            text = t(f"airwar.play.prompt.{s.step}", **values)
            for war in s.war[1 - p]:  # the defender's War cards that shield a resource
                c = by_id()[war]
                if c.effect in ("industry_shield", "convoy_shield"):
                    n = c.param("amount")
                    text += t(f"airwar.play.shield.{c.effect}", card=name(war), n=n)
            return text
        return t(f"airwar.play.prompt.{s.step}", **values)

    def auto_answer(self, p: int) -> Any | None:
        """A decision with one possible answer (no interceptor able to fly, no Battle card to
        play, nothing to mobilise) is played without asking."""
        legal = game.legal_actions(self.state)
        return legal[0] if len(legal) == 1 else None

    def offers(self) -> list[Offer]:
        """The action buttons, the group's button as ticked, and each pick ticked alone."""
        out = super().offers()
        if self.group.layout.display != "none":
            for b in self.group_boxes.children:
                if not b.disabled:
                    out.append(Offer(b, lambda b=b: self._tick_and_go(b), b.description))
        return out

    def _tick_and_go(self, box: w.Checkbox) -> bool:
        box.value = True
        return self.confirm_group()

    def _show_card(self) -> None:
        cid = self.lookup.value
        self.lookup_view.value = card_html(by_id()[cid]) if cid else ""

    def _draw_lookup(self, obs: dict[str, Any]) -> None:
        """The cards the viewer may see, by name: hand, raid, hosts and their War cards."""
        seen: list[str] = list(obs.get("hand", []))
        r = obs["raid"]
        if r is not None:
            for key in ("mission", "intercept", "exposed_attackers", "exposed_interceptors"):
                seen += list(r.get(key) or [])
        for side in obs["sides"]:
            for h in side["airbases"] + side["carriers"]:
                seen += [h["id"], *h["war"]]
        options, names = [(t("airwar.play.look_none"), "")], set()
        for cid in seen:
            label = plain_name(cid)
            if cid in by_id() and label not in names:
                names.add(label)
                options.append((label, cid))
        options[1:] = sorted(options[1:])
        if list(self.lookup.options) != options:
            keep = self.lookup.value
            self.lookup.options = options
            self.lookup.value = keep if keep in [v for _, v in options] else ""
        self._show_card()

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

    def act(self, action: Any, auto: bool = True) -> bool:
        """The kit's move, remembering that the human just decided (see ``_own_recap``)."""
        self._acting = True
        try:
            return super().act(action, auto)
        finally:
            self._acting = False

    def _own_recap(self, human: bool) -> None:
        """The human decides again right after their own move (no bot answered): what that
        move caused beyond itself (a duel settled, a raid no interceptor could meet, damage)
        is told in the recap too, not only in the log."""
        if not (getattr(self, "_acting", False) and human) or self.recap.value:
            return
        end = self.session.index
        caused = {
            ev.get("type")
            for j in range(self.mark + 1, end + 1)
            for ev in self.session.history[j].events
        }
        if caused & TELL:
            recap = self.recap_html(end, end)
            self.recap.value = recap
            self.recap.layout.display = "" if recap else "none"
            self._own_said = recap  # said with the prompt that follows (see ``announce``)

    def announce(self, text: str) -> None:
        """The kit's live region; a recap of the human's own move goes first (the kit says
        the prompt after ``draw``, which would replace it)."""
        own, self._own_said = getattr(self, "_own_said", ""), ""
        super().announce(f"{own} {text}" if own else text)

    def draw(self, p: int | None, human: bool) -> None:
        s = self.state
        self._own_recap(human)
        self.clear_stale_notice(human)
        viewer = self.viewer()
        obs = game.observation(s, viewer if viewer is not None else 0)
        self._draw_tracks()
        self._draw_raid(obs, viewer)
        if viewer is not None and p is not None:
            tiles = "".join(card_html(by_id()[c]) for c in obs["hand"])
            self.hand.value = t("airwar.table.hand", side=self._side(viewer), cards=tiles or "—")
        else:
            self.hand.value = ""
        self._draw_sides(obs)
        self._draw_group()
        self._draw_lookup(obs)

    def _draw_tracks(self) -> None:
        """Industry and Convoy of both sides, one wrapping row each (a phone shows them stacked)."""
        s = self.state
        rows = []
        for p in (0, 1):
            cells = [
                f"<span style='min-width:7em'>{self._side(p)}</span>",
                f"<span style='white-space:nowrap'>{t('airwar.table.industry', n=s.industry[p])}"
                f" {_meter(s.industry[p], 60, '#7d3c98')}</span>",
                f"<span style='white-space:nowrap'>{t('airwar.table.convoy', n=s.convoy[p])}"
                f" {_meter(s.convoy[p], 15, '#2874a6')}</span>",
            ]
            rows.append(
                "<div style='display:flex;flex-wrap:wrap;gap:2px 16px;align-items:center;"
                f"margin:2px 0'>{''.join(cells)}</div>"
            )
        self.tracks.value = "".join(rows)

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

    def _since(self, start: int) -> int:
        """Where the recap begins: before the human's last decision (``self.mark``), so what
        that decision caused (a duel it settled, a raid it let through) is told too, when the
        moves from there to ``start`` are that decision; else at ``start``."""
        hist = self.session.history
        mark = self.mark
        if not 0 <= mark < start:
            return start
        for i in range(mark, start):
            who = game.current_player(hist[i])
            if who is None or self.kinds[who] != "human":
                return start
        return mark

    def recap_html(self, start: int, end: int) -> str:
        """What happened since your last decision, oldest first as a story (public events, a
        raid's damage with why, a decision played for you with why), under what you lost and
        won: Industry, Convoy and every card, from the same moves."""
        viewer = self.viewer()
        hist, log = self.session.history, self.session.log
        begin = self._since(start)
        self.note_new_turn(start)
        events = [(j, ev) for j in range(begin + 1, end + 1) for ev in hist[j].events]
        lines = []
        for j in range(begin + 1, end + 1):
            who = game.current_player(hist[j - 1])
            auto = j > start and who is not None and self.kinds[who] == "human"
            if auto:
                lines.append(self._auto_line(hist[j - 1], log[j - 1], who))
            mine = [(i, ev) for i, (k, ev) in enumerate(events) if k == j]
            for i, ev in mine:
                if auto and ev.get("type") in ("pass_stage", "scramble"):
                    continue  # the line played for you said it, with why
                if ev.get("type") == "arrived" and any(
                    e.get("type") == "damage" for _, e in events[i + 1 : i + 2]
                ):
                    continue  # the damage line right after says who arrived (raid_why)
                if ev.get("type") == "damage":
                    text = raid_why(hist, j, ev, since=begin)
                else:
                    text = event_text(ev)
                if text:
                    lines.append(text)
        if not lines:
            return ""
        shown = lines[-RECAP_LINES:]
        body = "".join(f"<li>{x}</li>" for x in shown)
        earlier = len(lines) - len(shown)
        if earlier:
            more = t(counted("airwar.play.earlier", earlier), n=earlier)
            body = f"<li><i>{more}</i></li>" + body
        parts = [f"<div>{self._balance(begin, end, viewer)}</div>"] if viewer is not None else []
        parts.append(f"<b>{t('airwar.table.happened')}</b><ul style='margin:2px 0'>{body}</ul>")
        return f"<div style='color:#222'>{''.join(parts)}</div>"

    def _auto_line(self, before: Any, action: Any, who: int) -> str:
        """A decision the table played for a human seat (its only legal answer), with why:
        the engine's own refusal of what could not be done (asked on a copy)."""
        reasons: list[str] = []
        by_code: dict[str, list[Any]] = {}  # the same reason for several cards is said once

        def refused(tried: Any) -> None:
            try:
                game.apply(before, tried)
            except IllegalAction as e:
                by_code.setdefault(e.code, []).append(e)

        if isinstance(action, A.PassStage):
            refused(A.Attack("resources"))
        elif isinstance(action, A.ScrambleDone):
            planes = [c for c in before.hand[who] if by_id()[c].kind == "aircraft"]
            for c in planes:
                refused(A.AddInterceptor(c))
            if not planes:
                reasons.append(t("airwar.play.why_auto.no_aircraft"))
        elif isinstance(action, A.PassBattle):
            reasons.append(t("airwar.play.why_auto.no_battle"))
        elif isinstance(action, A.EndMobilisation):
            reasons.append(t("airwar.play.why_auto.no_mobilise"))
        for errors in by_code.values():
            text = f"{self.refusal(errors[0])} ({errors[0].rule})"
            others = [plain_name(e.values["card"]) for e in errors[1:] if "card" in e.values]
            if others:
                text = t("airwar.play.why_auto.same", why=text, cards=", ".join(others))
            reasons.append(text)
        why = "; ".join(reasons) or t("airwar.play.why_auto.only")
        kinds = {
            A.PassStage: "auto_stage",
            A.ScrambleDone: "auto_scramble",
            A.PassBattle: "auto_battle",
        }
        key = f"airwar.play.{kinds.get(type(action), 'auto')}"
        return t(
            key,
            side=side_label(SIDES[who]),
            action=action_text(action),
            stage=stage_name(before.stage),
            why=why,
        )

    def _balance(self, start: int, end: int, p: int) -> str:
        """Your Industry and Convoy and the enemy's before and after, the cards each side lost
        (each with why) and the cards you drew: what the moves ``start..end`` changed."""
        q = 1 - p
        hist = self.session.history
        before, after = hist[start], hist[end]
        gone = _lost_cards(hist, start, end)
        lost = [text for side, text in gone if side == p]
        won = [text for side, text in gone if side == q]
        drawn = sum(
            ev["count"]
            for s in hist[start + 1 : end + 1]
            for ev in s.events
            if ev.get("type") == "draw" and ev["side"] == SIDES[p]
        )

        def cards(key: str, items: list[str]) -> str:
            if not items:
                return t(f"{key}_none")
            listed = ", ".join(f"<span class='airwar-lost-card'>{x}</span>" for x in items)
            return t(counted(key, len(items)), n=len(items), cards=listed)

        text = t(
            "airwar.play.balance" if start > 0 else "airwar.play.balance_start",
            industry=f"{before.industry[p]} → {after.industry[p]}",
            convoy=f"{before.convoy[p]} → {after.convoy[p]}",
            their_industry=f"{before.industry[q]} → {after.industry[q]}",
            their_convoy=f"{before.convoy[q]} → {after.convoy[q]}",
        )
        text += (
            f" <span class='airwar-lost-mine'>{cards('airwar.play.lost', lost)}</span>"
            f" <span class='airwar-lost-theirs'>{cards('airwar.play.won', won)}</span>"
        )
        if drawn:
            text += " " + t(counted("airwar.play.drawn", drawn), n=drawn)
        return text

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
                counted("airwar.table.counts", side["hand_count"]),
                hand=side["hand_count"],
                deck=side["deck_count"],
                discard=len(side["discard"]),
            )
            tiles = "".join(hosts)
            blocks.append(
                f"<div style='margin:4px 0'>{self._side(p)} · {counts}<div>{tiles}</div></div>"
            )
        self.sides_view.value = "".join(blocks)


def _why_lost(events: list[dict[str, Any]]) -> dict[str, str]:
    """Why each card of one move's events left play, in words (the events name most)."""
    why: dict[str, str] = {}
    for ev in events:
        kind = ev.get("type")
        if kind == "duel_result":
            for me, foe in (("attacker", "defender"), ("defender", "attacker")):
                if ev[f"{me}_destroyed"]:
                    why[ev[me]] = t("airwar.play.lost_why.shot_down", by=name(ev[foe]))
        elif kind == "aircraft_lost":
            why[ev["card"]] = t("airwar.play.lost_why.with_base")
        elif kind == "damage" and ev.get("destroyed"):
            why[ev["target"]] = t("airwar.play.lost_why.destroyed")
        elif kind == "convoy_discard":
            why[ev["card"]] = t("airwar.play.lost_why.convoy")
    return why


def _lost_cards(history: list[Any], start: int, end: int) -> list[tuple[int, str]]:
    """The cards each side lost in moves ``start..end`` (seat, name with why), oldest first:
    those that reached a discard pile, found by comparing each state with the one before it
    (a discard pile shuffled back into the deck is followed by its cards' places)."""
    out = []
    for j in range(start + 1, end + 1):
        before, after = history[j - 1], history[j]
        why = _why_lost(after.events)
        forced = any(ev.get("type") == "convoy_discard_forced" for ev in after.events)
        reshuffled = {ev["side"] for ev in after.events if ev.get("type") == "reshuffle"}
        was, now = before.locations(), after.locations()
        for c in sorted(now, key=lambda c: (now[c], c)):
            side, _, place = now[c].partition(".")
            old = was.get(c, "")
            if old.endswith((".discard",)) or (place == "deck" and old.endswith(".deck")):
                continue
            if place == "discard" or (place == "deck" and side in reshuffled):
                kind = by_id()[c].kind
                plain = {"battle": "used", "war": "discarded"}.get(kind, "other")
                reason = why.get(c) or t(f"airwar.play.lost_why.{'convoy' if forced else plain}")
                out.append((SIDES.index(side), f"{name(c)} ({reason})"))
    return out


def _fits(state: Any, action: Any) -> bool:
    """Whether the rules take this pick in this state (asked of gamelib, on a copy)."""
    try:
        game.apply(state, action)
    except IllegalAction:
        return False
    return True
