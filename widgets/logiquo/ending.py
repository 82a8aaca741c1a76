"""The end of a seeded bots' game (§Fine del Gioco, §Obiettivo): who is left, how the game
ended and which link of the rulebook's tie-break chain named the winner.

The game is played by ``gamelib`` bots (three cooperative CarefulBots, the table's seeds); the
standings are ``gamelib.logiquo.ending.ranking_key`` per player, the winners and the deciding
link are the engine's own ``winners`` and ``decided_by``. Nothing here ranks anybody.
"""

from __future__ import annotations

import html
from functools import cache
from typing import Any

import ipywidgets as w

from gamelib import logiquo as game
from gamelib.core import play_out
from gamelib.logiquo.ending import TIEBREAKS, ranking_key
from widgets.common import card, html_table, seed_box, tagged
from widgets.i18n import language, t
from widgets.logiquo.table import make_bot

ENDINGS = ("first_zero", "deck_out")
SEATS = ("cooperative", "cooperative", "cooperative")
DECIDERS = ("last_standing", *TIEBREAKS, "tie")


def bots_game(seed: int, ending: str = "first_zero", seats: tuple[str, ...] = SEATS) -> Any:
    """The final state of a bots' game at ``seed`` with ``ending`` (the table's bots: kind and
    seed ``seed * 10 + seat``); cached, so a check and the view share one game (one a language:
    the players' names are the page's)."""
    return _bots_game(seed, ending, seats, language())


@cache
def _bots_game(seed: int, ending: str, seats: tuple[str, ...], _language: str) -> Any:
    names = [t(f"logiquo.table.name_{k}", n=i + 1) for i, k in enumerate(seats)]
    state = game.new_game(names, seed=seed, ending=ending)
    bots = [make_bot(kind, seed * 10 + p) for p, kind in enumerate(seats)]
    return play_out(game, state, bots)


class EndingView(w.VBox):
    """A seed and an ending (§Fine del Gioco: the usual one, or play on to the end of the
    deck); the final standings with the four tie-break columns of §Obiettivo."""

    def __init__(self, seed: int = 1, ending: str = "first_zero", **kwargs: Any) -> None:
        label = t("logiquo.ending.seed")
        self.seed = seed_box(seed, "logiquo-ending-seed", "200px", label, bounds=(1, 9999))
        self.ending = tagged(
            w.ToggleButtons(
                options=[(t(f"logiquo.ending.mode_{e}"), e) for e in ENDINGS],
                value=ending,
                description=t("logiquo.ending.mode"),
                style={"button_width": "auto"},
            ),
            "logiquo-ending-mode",
        )
        self.result = tagged(w.HTML(), "logiquo-ending-result")
        self.seed.observe(self._update, "value")
        self.ending.observe(self._update, "value")
        self._update()
        super().__init__(
            [card([self.ending, self.seed], t("logiquo.ending.title")), self.result], **kwargs
        )
        self.add_class("logiquo-ending")

    def final(self) -> Any:
        """The final state shown now."""
        return bots_game(self.seed.value, self.ending.value)

    def _update(self, _change: Any = None) -> None:
        s = self.final()
        winners = set(game.winners(s))
        rows = []
        for p, name in enumerate(s.players):
            data, cms, specials, listed = ranking_key(s, p)
            mark = f" <b>{t('logiquo.ending.winner')}</b>" if p in winners else ""
            state = t("logiquo.ending.in") if s.alive[p] else t("logiquo.ending.out")
            rows.append([f"<b>{html.escape(name)}</b>{mark}", state, data, cms, specials, listed])
        head = [t(f"logiquo.ending.col_{c}") for c in ("player", "seat", *TIEBREAKS)]
        self.result.value = t(
            "logiquo.ending.summary",
            reason=t(f"logiquo.table.end_{s.end_reason}"),
            turn=s.turn,
            left=sum(1 for c in s.threat_deck if game.cards.card(c).kind == "threat"),
            winners=", ".join(html.escape(s.players[p]) for p in sorted(winners)),
            decided=t(f"logiquo.ending.by_{s.decided_by}"),
        ) + html_table(head, rows)
