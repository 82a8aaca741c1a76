"""The real 1942 Pacific campaign behind the deck: four campaigns with their dates and the
cards tied to them (``data/history.json``), the cards' historical notes by campaign, and which
campaigns a table's cards in play recall.

The dates are public facts (the data file names its sources); which card belongs to which
campaign is this project's reading of the cards' notes, and a card may belong to none (the Nell
and Pearl Harbor cards, the arsenal of democracy) or, like the carriers that fought in several,
to more than one. No words here: campaign ids, dates, card ids and the codes of the ways the
game simplifies history (``simplifications``), which the widgets word.
"""

from __future__ import annotations

import datetime as dt
import json
import random
from dataclasses import dataclass
from functools import cache
from importlib import resources as _res
from typing import Any

from gamelib.airwar import cards, rules
from gamelib.airwar.bots import RandomBot
from gamelib.airwar.state import AirWarState


@dataclass(frozen=True)
class Campaign:
    """A campaign or battle: its id, first and last day, and the card type ids tied to it."""

    id: str
    start: dt.date
    end: dt.date
    cards: tuple[str, ...]

    @property
    def days(self) -> int:
        """How many days it lasted, both ends counted."""
        return (self.end - self.start).days + 1


@cache
def _data() -> dict[str, Any]:
    text = _res.files("gamelib.airwar").joinpath("data", "history.json").read_text("utf-8")
    return json.loads(text)


@cache
def campaigns() -> tuple[Campaign, ...]:
    """The campaigns in the order they began."""
    out = [
        Campaign(
            c["id"],
            dt.date.fromisoformat(c["start"]),
            dt.date.fromisoformat(c["end"]),
            tuple(c["cards"]),
        )
        for c in _data()["campaigns"]
    ]
    return tuple(sorted(out, key=lambda c: c.start))


def campaign(cid: str) -> Campaign:
    """The campaign with this id (KeyError if none)."""
    found = {c.id: c for c in campaigns()}
    return found[cid]


def simplifications() -> tuple[str, ...]:
    """Codes of the ways the game simplifies history, in the order a page tells them."""
    return tuple(_data()["simplifications"])


def noted_cards() -> tuple[cards.Card, ...]:
    """One card of each type that carries a historical note, in deck order (Axis first)."""
    return tuple(c for side in cards.SIDES for c in cards.load()[side] if c.copy == 1 and c.note)


def campaigns_of(type_id: str) -> tuple[str, ...]:
    """The ids of the campaigns a card type is tied to (none, one or several)."""
    return tuple(c.id for c in campaigns() if type_id in c.cards)


def untied() -> tuple[str, ...]:
    """Type ids of noted cards tied to no campaign (their notes tell of other events)."""
    return tuple(c.type_id for c in noted_cards() if not campaigns_of(c.type_id))


def in_play(state: AirWarState) -> tuple[str, ...]:
    """The type ids of the cards on the table, both sides (airbases, carriers, War cards,
    grounded aircraft, attached Battle cards): not hands, decks or discards, which are hidden
    or gone. In table order, no repeats."""
    ids: list[str] = []
    for p in (0, 1):
        ids += state.bases[p] + state.carriers[p] + list(state.war[p])
        for planes in state.grounded[p].values():
            ids += planes
        ids += list(state.attached[p])
    seen: dict[str, None] = {}
    for cid in ids:
        seen.setdefault(cards.card(cid).type_id, None)
    return tuple(seen)


def recalled(state: AirWarState) -> dict[str, tuple[str, ...]]:
    """Campaign id -> the type ids in play tied to it, for every campaign (empty when none)."""
    on_table = in_play(state)
    return {c.id: tuple(t for t in on_table if t in c.cards) for c in campaigns()}


def most_recalled(state: AirWarState) -> frozenset[str]:
    """The campaigns with the most cards in play (ties: each is right)."""
    counts = {k: len(v) for k, v in recalled(state).items()}
    top = max(counts.values())
    return frozenset(k for k, v in counts.items() if v == top)


def table_after(seed: int, turns: int) -> AirWarState:
    """A seeded game between two random bots, stopped at the start of turn ``turns + 1`` (or
    at its end): a table with cards in play to read history from."""
    if turns < 0:
        raise ValueError("turns must be >= 0")
    state = rules.new_game(2, seed=seed)
    bots = (RandomBot(seed), RandomBot(random.Random(seed).randrange(2**31)))
    while not rules.is_over(state) and state.turn <= turns:
        state = rules.apply(state, bots[rules.current_player(state)].choose(state))
    return state
