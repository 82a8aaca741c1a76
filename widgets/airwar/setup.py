"""The set-up of a new game (§Il Gioco), drawn from ``gamelib.airwar.new_game``: what each side
has on the table, in hand and in the deck before the first move, for a chosen seed."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

import gamelib.airwar as game
from gamelib.airwar.cards import by_id
from widgets.airwar.deck import card_html, side_label
from widgets.common import card, tagged
from widgets.i18n import t


class SetupView(w.VBox):
    """Both sides after the set-up: Industry, Convoy, the airbase in play, the 7 cards drawn
    and the cards left in the deck. A new seed deals again (the same seed, the same deal)."""

    def __init__(self, seed: int = 1, **kwargs: Any) -> None:
        self.seed = tagged(
            w.IntText(value=seed, description=t("common.seed"), layout=w.Layout(width="170px")),
            "airwar-setup-seed",
        )
        self.view = tagged(w.HTML(), "airwar-setup-view")
        self.seed.observe(lambda _: self.refresh(), "value")
        self.refresh()
        super().__init__([card([self.seed, self.view])], **kwargs)
        self.add_class("airwar-setup")

    @property
    def state(self) -> Any:
        """The new game at the chosen seed (cheap: a shuffle and a deal)."""
        return game.new_game(2, seed=self.seed.value)

    def refresh(self) -> None:
        s = self.state
        cards = by_id()
        rows = [t("airwar.setup.first", side=side_label(game.SIDES[s.active]), turn=s.turn)]
        for p, side in enumerate(game.SIDES):
            rows.append(
                t(
                    "airwar.setup.side",
                    side=side_label(side),
                    industry=s.industry[p],
                    convoy=s.convoy[p],
                    hand=len(s.hand[p]),
                    deck=len(s.deck[p]),
                )
                + "<div>"
                + "".join(card_html(cards[c]) for c in s.bases[p] + s.hand[p])
                + "</div>"
            )
        self.view.value = "".join(rows)
