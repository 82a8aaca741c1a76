"""Lesson 4 widget: what is in the box (§2) and what of it a game of N players uses (§4).

Every count is read from ``gamelib`` (the setup table, the Gateway deck, the objective and
shipment decks, the dice rules), so the page cannot drift from the data: the widget only chooses
the player count and lays the numbers out.
"""

from __future__ import annotations

import html
from collections import Counter
from typing import Any

import ipywidgets as w

from gamelib.cnw import battle, cards, objectives, shipments, tables
from widgets.cnw import words
from widgets.cnw.cards import symbol_label
from widgets.cnw.table import PLAYER_COLORS
from widgets.common import card, tagged
from widgets.i18n import t


def box_contents(players: int) -> dict[str, Any]:
    """The components and how many of each a game of ``players`` uses (§2, §4 steps 1–7)."""
    setup = tables.setup()
    deck = cards.load()
    symbols = Counter(c.symbol for c in deck.gateway_cards)
    return {
        "colours": list(zip(setup["colours"], setup["colours_it"], strict=True))[:players],
        "pawns_each": int(setup["starting_pawns"][players]),
        "gateway_cards": len(deck.gateway_cards),
        "symbols": {s: symbols[s] for s in deck.symbols},
        "imprevisti": len(deck.imprevisti),
        "deck": len(deck.gateway_cards) + len(deck.imprevisti),  # §4 step 6
        "objectives": len(objectives.load().cards),
        "shipments": len(shipments.load().cards),
        "shipments_each": int(setup["active_shipments"]),
        "tokens_each": battle.RULES.obc_tokens_per_game,
        "red_dice": battle.RULES.max_attack_dice,
        "blue_dice": battle.RULES.max_defend_dice,
    }


class ComponentsView(w.VBox):
    """A player-count selector and the table of components for that many players."""

    def __init__(self, players: int = 3, **kwargs: Any) -> None:
        self.players = tagged(
            w.Dropdown(
                options=[(str(n), n) for n in range(3, 7)],
                value=players,
                description=t("cnw.setup.players"),
            ),
            "cnw-box-players",
        )
        self.table = tagged(w.HTML(), "cnw-box-table")
        self.players.observe(lambda _: self.draw(), "value")
        self.draw()
        super().__init__([self.players, card([self.table])], **kwargs)
        self.add_class("cnw-components")

    def draw(self) -> None:
        n = self.players.value
        box = box_contents(n)
        chips = " ".join(
            f"<span style='color:{PLAYER_COLORS[i]}'>■</span> {html.escape(words.named(en, it))}"
            for i, (en, it) in enumerate(box["colours"])
        )
        symbols = ", ".join(f"{count} {symbol_label(s)}" for s, count in box["symbols"].items())
        rows = [
            ("colours", chips),
            ("pawns", t("cnw.setup.pawns_value", each=box["pawns_each"], n=n)),
            (
                "gateway_cards",
                t("cnw.setup.cards_value", count=box["gateway_cards"], symbols=symbols),
            ),
            (
                "imprevisti",
                t("cnw.setup.imprevisti_value", count=box["imprevisti"], deck=box["deck"]),
            ),
            ("objectives", t("cnw.setup.objectives_value", count=box["objectives"], n=n)),
            (
                "shipments",
                t(
                    "cnw.setup.shipments_value",
                    count=box["shipments"],
                    each=box["shipments_each"],
                    dealt=box["shipments_each"] * n,
                ),
            ),
            (
                "tokens",
                t("cnw.setup.tokens_value", each=box["tokens_each"], all=box["tokens_each"] * n),
            ),
            ("dice", t("cnw.setup.dice_value", red=box["red_dice"], blue=box["blue_dice"])),
            ("boards", t("cnw.setup.boards_value", n=n)),
        ]
        body = "".join(
            f"<tr><th style='text-align:left;padding:3px 10px 3px 0'>"
            f"{t(f'cnw.setup.part_{key}')}</th><td style='padding:3px 0'>{value}</td></tr>"
            for key, value in rows
        )
        self.table.value = f"<table>{body}</table>"
