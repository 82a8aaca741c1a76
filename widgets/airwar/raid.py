"""One seeded raid, step by step: the Axis attacks the Allies from Lae and Rabaul, or, in the
Carrier stage (§Stadio Portaerei), from the carriers Akagi and Kaga against the Enterprise.

The position comes from ``gamelib.airwar.scenario``; the attacker's first decisions (target and
mission) are scripted so the lesson always shows a full raid, and every later decision is taken
by the seeded planner bots. The raid runs on past the landing to the end of the turn (§Fine del
Turno), so the page shows whose turn begins. Each press of "next step" applies one engine
action; the history is a ``widgets.session.Session``, so "back" shows the earlier step again.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

import gamelib.airwar as game
from gamelib.airwar import actions as A
from gamelib.airwar import rules, scenario
from gamelib.airwar.bots import PlannerBot
from gamelib.airwar.cards import by_id
from widgets.airwar.deck import card_html, face_down_html, side_label
from widgets.airwar.words import action_text, event_text, raid_why
from widgets.common import Notice, boxed, card, dropdown, figure, tagged
from widgets.i18n import t
from widgets.session import Session

HANDS = {
    "axis": ["ax-betty-1", "ax-betty-2", "ax-kate-1", "ax-val-1", "ax-zero-1", "ax-sakai"],
    "allies": ["al-wildcat-1", "al-wildcat-2", "al-p40-1", "al-thach-1"],
}
MISSION = ["ax-betty-1", "ax-betty-2", "ax-kate-1", "ax-val-1", "ax-zero-1"]
# carrier-based only (§Stadio Portaerei); 4 + 3 + 1 Carrier attack, doubled, against Defense 12
CARRIER_MISSION = ["ax-kate-1", "ax-val-1", "ax-zero-1"]
CARRIER_TARGET = "al-enterprise"
TARGETS = ("resources", "al-midway", CARRIER_TARGET)
PHASES = ("attack", "intercept", "combat", "damage")
PHASE_OF = {
    "target": "attack",
    "launch": "attack",
    "scramble": "intercept",
    "combat": "combat",
    "battle": "combat",
    "allot": "damage",
    "sacrifice": "damage",
    "convoy": "damage",
}
BARS = ("industry", "convoy", "base", "axis_lost", "allies_lost")


def stage_of(target: str) -> str:
    """The Enterprise is attacked in the Carrier stage, the other targets in the Airbase stage."""
    return "carrier" if target == CARRIER_TARGET else "airbase"


def start_position(seed: int, target: str = "resources") -> Any:
    """Axis to attack in turn 3, in the Airbase stage (or the Carrier stage when the target is
    the Enterprise); the seed shuffles decks and the mission."""
    carriers = (
        {"axis": ["ax-akagi", "ax-kaga"], "allies": [CARRIER_TARGET]}
        if stage_of(target) == "carrier"
        else None
    )
    return scenario.build(
        active="axis",
        stage=stage_of(target),
        bases={"axis": ["ax-lae", "ax-rabaul"], "allies": ["al-midway"]},
        carriers=carriers,
        hands=HANDS,
        seed=seed,
    )


def script(target: str) -> list[Any]:
    """The attacker's opening: announce the target, fill the mission, send it (§Fase Attacco)."""
    mission = CARRIER_MISSION if stage_of(target) == "carrier" else MISSION
    return [A.Attack(target), *(A.AddToMission(c) for c in mission), A.SendMission()]


def replay(seed: int, target: str = "resources") -> list[Any]:
    """Every state of the raid the stepper shows at ``seed``, from the start to the turn after
    the landing: the same script and seeded bots, without a page (for checks and tests)."""
    states = [start_position(seed, target)]
    plan = script(target)
    bots = [PlannerBot(seed * 2), PlannerBot(seed * 2 + 1)]
    while len(states) == 1 or states[-1].raid is not None:
        s = states[-1]
        i = len(states) - 1
        action = plan[i] if i < len(plan) else bots[rules.current_player(s)].choose(s)
        states.append(game.apply(s, action))
    return states


def raid_damage(states: list[Any]) -> dict[str, Any]:
    """The last damage announcement of a replayed raid (its event), or an empty dict."""
    found: dict[str, Any] = {}
    for s in states[1:]:
        for ev in s.events:
            if ev.get("type") == "damage":
                found = ev
    return found


class RaidStepper(w.VBox):
    """A raid from the announcement to the landing, one engine action per press."""

    def __init__(self, seed: int = 4, target: str = "resources", **kwargs: Any) -> None:
        self.seed = w.IntText(
            value=seed, description=t("common.seed"), layout=w.Layout(width="170px")
        )
        self.target = dropdown(
            t("airwar.raid.target"),
            "airwar-raid-target",
            "440px",
            options=[(t(f"airwar.raid.target_{x}"), x) for x in TARGETS],
            value=target,
        )
        self.restart_button = tagged(
            w.Button(description=t("airwar.raid.restart"), icon="refresh"), "airwar-raid-restart"
        )
        self.next_button = tagged(
            w.Button(
                description=t("airwar.raid.next"), icon="step-forward", button_style="primary"
            ),
            "airwar-raid-next",
        )
        self.back_button = tagged(
            w.Button(description=t("airwar.raid.back"), icon="step-backward"), "airwar-raid-back"
        )
        self.restart_button.on_click(lambda _: self.restart())
        self.next_button.on_click(lambda _: self.next_step())
        self.back_button.on_click(lambda _: self.back())
        self.target.observe(lambda _: self.restart(), "value")
        self.strip = tagged(w.HTML(), "airwar-raid-strip")
        self.explain = tagged(w.HTML(), "airwar-raid-explain")
        self.board = tagged(w.HTML(), "airwar-raid-board")
        self.notice = Notice()
        self.fig = figure(
            height=300,
            title=t("airwar.raid.damage_title"),
            yaxis=dict(title=t("airwar.raid.points"), rangemode="tozero"),
            margin=dict(l=50, r=20, t=50, b=80),
        )
        self.fig.add_bar(
            x=[t(f"airwar.raid.bar_{b}") for b in BARS],
            y=[0] * len(BARS),
            marker_color=["#7d3c98", "#2874a6", "#ca6f1e", "#b03a2e", "#1f618d"],
            text=[0] * len(BARS),
            textposition="outside",
            cliponaxis=False,
        )
        self.restart()
        super().__init__(
            [
                card(
                    [
                        w.HBox([self.target, self.seed, self.restart_button]),
                        w.HBox([self.back_button, self.next_button]),
                        self.strip,
                        self.explain,
                        self.notice,
                    ]
                ),
                card([self.board]),
                boxed(self.fig, "airwar-fig-raid"),
            ],
            **kwargs,
        )
        self.add_class("airwar-raid")

    # ------------------------------------------------------------------ stepping
    def restart(self) -> None:
        self.session = Session.start(game, start_position(self.seed.value, self.target.value))
        self.plan = script(self.target.value)
        self.bots = [PlannerBot(self.seed.value * 2), PlannerBot(self.seed.value * 2 + 1)]
        self.notice.clear()
        self.refresh()

    @property
    def state(self) -> Any:
        return self.session.state

    def done(self) -> bool:
        """The raid is over once the engine has landed everyone (no raid in the air)."""
        return self.session.index > 0 and self.state.raid is None

    def next_step(self) -> bool:
        """Apply the next decision (scripted opening, then the bots); False once the raid ended."""
        if self.done():
            self.notice.info(t("airwar.raid.over"))
            return False
        if self.session.can_forward():
            self.session.forward()
        else:
            i = self.session.index
            if i < len(self.plan):
                action = self.plan[i]
            else:
                action = self.bots[rules.current_player(self.state)].choose(self.state)
            self.session.apply(action)
        self.refresh()
        return True

    def back(self) -> None:
        self.session.back()
        self.refresh()

    def run_to_end(self) -> int:
        steps = 0
        while self.next_step():
            steps += 1
        return steps

    # ------------------------------------------------------------------ drawing
    def phase(self) -> str:
        if self.done():
            return "damage"
        return PHASE_OF.get(self.state.step, "attack")

    def damage(self) -> dict[str, int]:
        """What the raid has cost so far, from the first state to the one shown."""
        first, now = self.session.history[0], self.state
        base = 0
        for s in self.session.history[1 : self.session.index + 1]:
            for ev in s.events:
                if ev.get("type") == "damage" and ev["target"] != "resources":
                    base = ev["damage"]
        cards = by_id()

        def lost(p: int) -> int:
            return sum(
                1
                for c in now.discard[p]
                if c not in first.discard[p] and cards[c].kind == "aircraft"
            )

        return {
            "industry": first.industry[1] - now.industry[1],
            "convoy": first.convoy[1] - now.convoy[1],
            "base": base,
            "axis_lost": lost(0),
            "allies_lost": lost(1),
        }

    def refresh(self) -> None:
        s = self.state
        current = self.phase()
        chips = []
        for ph in PHASES:
            on = ph == current
            style = "background:#1f618d;color:#fff" if on else "background:#eaecee;color:#333"
            chips.append(
                f"<span style='{style};padding:4px 10px;border-radius:12px;margin-right:6px'>"
                f"{t(f'airwar.raid.phase_{ph}')}</span>"
            )
        self.strip.value = "<div style='margin:6px 0'>" + "".join(chips) + "</div>"
        i = self.session.index
        if i == 0:
            happened = t(f"airwar.raid.start_{stage_of(self.target.value)}")
        else:
            action = self.session.log[i - 1]
            who = side_label(game.SIDES[rules.current_player(self.session.history[i - 1])])
            lines = [f"<b>{who}</b>: {action_text(action)}"]
            history = self.session.history
            lines += [
                x
                for x in (
                    raid_why(history, i, ev) if ev.get("type") == "damage" else event_text(ev)
                    for ev in s.events
                )
                if x
            ]
            happened = "<br>".join(lines)
        if self.done():  # the landing closed the stage; the turn may have passed (§Fine del Turno)
            nxt = t(
                "airwar.raid.finished",
                turn=s.turn,
                side=side_label(game.SIDES[s.active]),
                stage=t(f"airwar.table.stage_{s.stage}"),
            )
        else:
            nxt = t(f"airwar.raid.step_{s.step}")
        self.explain.value = (
            f"<div style='margin:4px 0'><b>{t('airwar.raid.step_n', n=i)}</b> {happened}</div>"
            f"<div style='margin:4px 0;color:#1b4f72'>{nxt}</div>"
        )
        self.board.value = self._board()
        d = self.damage()
        with self.fig.batch_update():
            self.fig.data[0].y = [d[b] for b in BARS]
            self.fig.data[0].text = [d[b] for b in BARS]
        self.back_button.disabled = not self.session.can_back()
        self.next_button.disabled = self.done()

    def _row(self, title: str, tiles: list[str]) -> str:
        body = "".join(tiles) or f"<i style='color:#888'>{t('airwar.raid.none')}</i>"
        return f"<div style='margin:4px 0'><b>{title}</b><div>{body}</div></div>"

    def _board(self) -> str:
        s = self.state
        cards = by_id()
        r = s.raid
        rows = [
            t(
                "airwar.raid.tracks",
                industry=s.industry[1],
                convoy=s.convoy[1],
                target=html.escape(self._target_name()),
            )
        ]
        if r is None:
            if self.session.index == 0:
                for p, side in enumerate(game.SIDES):
                    tiles = [card_html(cards[c]) for c in s.hand[p]]
                    rows.append(self._row(t("airwar.raid.hand", side=side_label(side)), tiles))
            else:
                for p, side in enumerate(game.SIDES):
                    planes = [c for g in s.grounded[p].values() for c in g]
                    tiles = [card_html(cards[c]) for c in planes]
                    rows.append(self._row(t("airwar.raid.landed", side=side_label(side)), tiles))
            return "".join(rows)
        rows.append(
            self._row(
                t("airwar.raid.mission", n=len(r.mission)),
                [face_down_html() for _ in r.mission],
            )
        )
        rows.append(
            self._row(t("airwar.raid.exposed_att"), [card_html(cards[c]) for c in r.exposed_att])
        )
        if r.duel_att:
            v = rules.duel_values(s)
            note_a = t("airwar.raid.duel_note", a2a=v["att"]["air_to_air"], dfn=v["att"]["defense"])
            note_d = t("airwar.raid.duel_note", a2a=v["def"]["air_to_air"], dfn=v["def"]["defense"])
            rows.append(
                self._row(
                    t("airwar.raid.duel"),
                    [
                        card_html(cards[r.duel_att], note=note_a),
                        card_html(cards[r.duel_def], note=note_d),
                    ]
                    + [card_html(cards[b]) for b in r.duel_cards],
                )
            )
        rows.append(
            self._row(t("airwar.raid.intercept"), [card_html(cards[c]) for c in r.intercept])
        )
        rows.append(
            self._row(t("airwar.raid.exposed_def"), [card_html(cards[c]) for c in r.exposed_def])
        )
        return "".join(rows)

    def _target_name(self) -> str:
        target = self.target.value
        return t(f"airwar.raid.target_{target}")
