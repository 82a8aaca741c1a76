"""Lesson 5 widget: the last stand of a player (§7.5), on a seeded position.

``gamelib.cnw.scenarios.last_stand(seed)`` arranges a four-player game where seat 2 holds one
gateway next to a big stack of seat 0. "Attack" presses the attack to the end through the engine
(the same ``apply`` as any game); the hands show the victim's Gateway cards moving to the
eliminator, and with 5 or more cards "Play the forced tris" plays them (§7.5, §9.1) and deploys
the pawns at once. The widget only picks among the legal actions gamelib lists.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from gamelib import cnw
from gamelib.cnw import cards, scenarios
from gamelib.cnw import state as st
from widgets.cnw.board_map import BoardMap
from widgets.cnw.cards import SYMBOL_COLORS, symbol_label
from widgets.cnw.table import PLAYER_COLORS, owner_colours, pawn_labels, roll_html
from widgets.cnw.turn import BOTS
from widgets.common import Notice, boxed, button, card, seed_box, tagged
from widgets.i18n import t

DECK = cards.load()


def names() -> list[str]:
    """The four seats' names, as the lesson's bots are named."""
    return [t(f"cnw.table.name_{BOTS[i % 4]}", n=i + 1) for i in range(scenarios.PLAYERS)]


def position(seed: int) -> Any:
    """The seeded last stand (§7.5) with the lesson's names."""
    return scenarios.last_stand(seed, names())


class EliminationLab(w.VBox):
    """Seed, "attack", "play the forced tris"; the map around the front and every hand."""

    def __init__(self, seed: int = 1, **kwargs: Any) -> None:
        self.map = BoardMap(height=380)
        self.map.fig.update_layout(showlegend=False)
        self.seed = seed_box(seed, "cnw-elim-seed")
        self.attack_button = button(
            t("cnw.elim.attack"), "cnw-elim-attack", "bolt", button_style="danger"
        )
        self.tris_button = button(t("cnw.elim.tris"), "cnw-elim-tris", "clone")
        self.restart_button = button(t("cnw.turn.restart"), "cnw-elim-restart", "refresh")
        self.story = tagged(w.HTML(), "cnw-elim-story")
        self.dice = w.HTML()
        self.hands = tagged(w.HTML(), "cnw-elim-hands")
        self.notice = Notice()
        self.seed.observe(lambda _: self.restart(), "value")
        self.restart_button.on_click(lambda _: self.restart())
        self.attack_button.on_click(lambda _: self.attack())
        self.tris_button.on_click(lambda _: self.play_tris())
        self.restart()
        super().__init__(
            [
                w.HBox([self.seed, self.restart_button, self.attack_button, self.tris_button]),
                card([self.story, self.dice, self.notice]),
                card([self.hands], t("cnw.elim.hands")),
                boxed(self.map.fig, "cnw-fig-elim"),
            ],
            **kwargs,
        )
        self.add_class("cnw-elimination")

    def restart(self) -> None:
        """The position of the current seed, before the attack."""
        self.state = position(self.seed.value)
        self.start = self.state
        self.source, self.target = scenarios.front(self.state)
        self.tris_played: list[int] = []
        self.notice.clear()
        self.refresh()

    def _act(self, action: Any) -> None:
        self.state = cnw.apply(self.state, action)

    def attack(self) -> None:
        """Press the attack from the stack to the last gateway until it falls or cannot go on
        (the defender's and attacker's OBC tokens kept, the most pawns moved in)."""
        codes = list(self.map.board.gateways)
        victim = scenarios.VICTIM
        while self.state.alive[victim] and self.state.phase != st.OVER:
            phase = self.state.phase
            legal = cnw.legal_actions(self.state)
            if phase == st.OPERATIONS:
                spare = self.state.pawns[codes.index(self.source)] - 1
                if spare < 1:
                    break
                self._act(cnw.Attack(self.source, self.target, min(3, spare)))
            elif phase in (st.REROLL_ATTACKER, st.REROLL_DEFENDER):
                self._act(next(a for a in legal if isinstance(a, cnw.KeepDice)))
            elif phase == st.MOVE_IN:
                self._act(max(legal, key=lambda a: a.count))
            else:
                break
        self.refresh()

    def play_tris(self) -> None:
        """The forced tris (§7.5): the most valuable one listed, again while 5 or more cards
        remain, then every pawn deployed on the conquered gateway."""
        while self.state.phase == st.ELIM_TRIS:
            tris = [a for a in cnw.legal_actions(self.state) if isinstance(a, cnw.PlayTris)]
            best = max(tris, key=lambda a: DECK.tris_value([DECK_INDEX[c] for c in a.cards]))
            self.tris_played.append(DECK.tris_value([DECK_INDEX[c] for c in best.cards]))
            self._act(best)
        if self.state.phase == st.ELIM_DEPLOY:
            self._act(cnw.Deploy(self.target, self.state.pool))
        self.refresh()

    # ------------------------------------------------------------------ drawing
    def _who(self, p: int) -> str:
        return f"<b style='color:{PLAYER_COLORS[p]}'>■ {html.escape(self.state.names[p])}</b>"

    def _hand(self, hand: list[int]) -> str:
        chips = " ".join(
            f"<span style='border:1px solid #bbb;border-radius:4px;padding:1px 5px;margin:1px;"
            f"display:inline-block;background:{SYMBOL_COLORS[DECK.symbol(c)]}'>"
            f"<b>{DECK.gateway_cards[c].gateway}</b> {symbol_label(DECK.symbol(c))}</span>"
            for c in hand
        )
        return chips or "—"

    def refresh(self) -> None:
        s = self.state
        a, v = scenarios.ATTACKER, scenarios.VICTIM
        rows = "".join(
            f"<tr><td style='padding:2px 8px'>{self._who(p)}</td>"
            f"<td style='padding:2px 8px'>{len(s.hands[p])}</td>"
            f"<td style='padding:2px 8px'>{self._hand(s.hands[p])}</td></tr>"
            for p in range(s.players)
        )
        head = "".join(
            f"<th style='padding:2px 8px;text-align:left'>{t(f'cnw.elim.col_{k}')}</th>"
            for k in ("player", "count", "cards")
        )
        self.hands.value = f"<table><tr>{head}</tr>{rows}</table>"
        if s.alive[v]:
            key = "before" if s is self.start else "held"
        elif s.phase == st.ELIM_TRIS:
            key = "forced"
        elif self.tris_played:
            key = "deployed"
        else:
            key = "out"
        self.story.value = t(
            f"cnw.elim.story_{key}",
            attacker=self._who(a),
            victim=self._who(v),
            source=self.source,
            target=self.target,
            cards=len(s.hands[a]),
            limit=DECK.hand_limit,
            pawns=sum(self.tris_played),
        )
        self.dice.value = roll_html(s.last_roll, s.names) if s is not self.start else ""
        self.attack_button.disabled = not s.alive[v] or s is not self.start
        self.tris_button.disabled = s.phase != st.ELIM_TRIS
        with self.map.fig.batch_update():
            self.map.paint(owner_colours(s), pawn_labels(s))
        self.map.select(self.target)


DECK_INDEX = {card.gateway: card.id for card in DECK.gateway_cards}
