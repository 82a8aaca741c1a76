"""Lesson 5 widget: one seeded turn of CNW, one decision at a time, on the map (§5).

The setup (§4) is played by bots; then the opener's turn is shown step by step: each press of
"next step" lets the seat that decides apply its bot's choice, the phase strip shows where the
turn is among the six phases of §5, and a paragraph explains the rule of the phase just reached.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from gamelib import cnw
from gamelib.cnw import state as st
from widgets.cnw import words
from widgets.cnw.board_map import BoardMap
from widgets.cnw.table import OVERLAYS, PLAYER_COLORS, make_bot, paint_state, roll_html
from widgets.common import Notice, boxed, button, card, seed_box, tagged
from widgets.i18n import t

STEPS = ("briefing", "reinforce", "operations", "reposition", "delivery", "closure")
PHASE_STEP = {
    st.BRIEFING: "briefing",
    st.REINFORCE: "reinforce",
    st.OPERATIONS: "operations",
    st.REROLL_ATTACKER: "operations",
    st.REROLL_DEFENDER: "operations",
    st.MOVE_IN: "operations",
    st.ELIM_TRIS: "operations",
    st.ELIM_DEPLOY: "operations",
    st.PACT_ANSWER: "operations",
    st.REPOSITION: "reposition",
    "reposition_count": "reposition",
    st.DELIVERY: "delivery",
}
BOTS = ("courier", "expansionist", "courier", "expansionist")


class TurnWalkthrough(w.VBox):
    """A "next step" button, the phase strip, the map and the explanation of each step."""

    def __init__(self, seed: int = 7, players: int = 3, **kwargs: Any) -> None:
        self.players = players
        self.map = BoardMap(height=460, overlays=OVERLAYS)
        self.map.fig.update_layout(showlegend=False)
        self.seed = seed_box(seed)
        self.restart_button = button(t("cnw.turn.restart"), "cnw-turn-restart", "refresh")
        self.next_button = button(
            t("cnw.turn.next"), "cnw-turn-next", "step-forward", button_style="primary"
        )
        self.strip = tagged(w.HTML(), "cnw-phase-strip")
        self.explain = tagged(w.HTML(), "cnw-turn-explain")
        self.dice = w.HTML()
        self.log_view = tagged(
            w.HTML(layout=w.Layout(max_height="200px", overflow="auto")), "cnw-turn-log"
        )
        self.notice = Notice()
        self.restart_button.on_click(lambda _: self.restart())
        self.next_button.on_click(lambda _: self.step())
        self.restart()
        super().__init__(
            [
                w.HBox([self.seed, self.restart_button, self.next_button]),
                self.strip,
                card([self.explain, self.dice, self.notice]),
                self.map.view,
                boxed(self.map.fig, "cnw-fig-turn"),
                card([self.log_view], t("cnw.turn.log")),
            ],
            **kwargs,
        )
        self.add_class("cnw-turn")

    def restart(self) -> None:
        """Bots play the setup (§4); the walk-through starts at the opener's first turn."""
        names = [t(f"cnw.table.name_{BOTS[i % 4]}", n=i + 1) for i in range(self.players)]
        state = cnw.new_game(names, seed=self.seed.value)
        self.bots = [make_bot(BOTS[i % 4], self.seed.value * 10 + i) for i in range(self.players)]
        while state.phase == st.PLACEMENT:
            state = cnw.apply(state, self.bots[cnw.current_player(state)].choose(state))
        self.state = state
        self.mover = state.current
        self.steps: list[str] = []
        self.done = False
        self.next_button.disabled = False
        self.notice.clear()
        self.refresh(start=True)

    def step(self) -> bool:
        """One decision of the turn (by whoever decides: the defender for its OBC token)."""
        if self.done:
            return False
        p = cnw.current_player(self.state)
        action = self.bots[p].choose(self.state)
        before = self.state
        self.state = cnw.apply(before, action)
        self.steps.append(f"{before.names[p]}: {words.action_words(action, before)}")
        if self.state.current != self.mover or cnw.is_over(self.state):
            self.done = True
            self.next_button.disabled = True
        self.refresh(action=action, before=before)
        return True

    def current_step(self) -> str:
        if self.done:
            return "closure"
        return PHASE_STEP.get(self.state.phase, "closure")

    def refresh(self, start: bool = False, action: Any = None, before: Any = None) -> None:
        s = self.state
        paint_state(self.map, s)
        now = self.current_step()
        chips = []
        for i, key in enumerate(STEPS):
            here = key == now
            passed = STEPS.index(now) > i
            style = (
                "background:#1f5fbf;color:#fff"
                if here
                else ("background:#d6e4f5;color:#333" if passed else "background:#eee;color:#888")
            )
            chips.append(
                f"<span style='display:inline-block;padding:4px 10px;margin:2px;border-radius:12px;"
                f"{style}'>{i + 1} {t(f'cnw.turn.step_{key}')}</span>"
            )
        self.strip.value = "".join(chips)
        mover = s.names[self.mover] if not self.done else before.names[self.mover]
        r = cnw.reinforcements(s, self.mover)
        text = t(
            f"cnw.turn.explain_{now}",
            name=f"<b style='color:{PLAYER_COLORS[self.mover]}'>{html.escape(mover)}</b>",
            pool=s.pool,
            base=r["base"],
            regions=sum(r["regions"].values()),
            hubs=r["hubs"],
            bonus=r["delivery_bonus"],
            tris=r["tris"],
        )
        if action is not None:
            text = f"<p>{t('cnw.turn.last', action=words.describe(action, before))}</p>" + text
        elif start:
            text = f"<p>{t('cnw.turn.start', name=html.escape(mover), round=s.round)}</p>" + text
        self.explain.value = text
        shown = s.roll or (
            s.last_roll if before is not None and s.last_roll is not before.last_roll else None
        )
        self.dice.value = roll_html(shown, s.names)
        where = getattr(action, "target", None) or getattr(action, "gateway", None)
        self.map.select(where)
        items = "".join(f"<li>{html.escape(x)}</li>" for x in self.steps)
        self.log_view.value = f"<ol style='margin:0'>{items}</ol>" if items else t("cnw.turn.empty")
