"""The Logiquo game state: plain lists, dicts and ints, cheap to copy and to save as JSON.

Where every card is (the conservation the tests check): ``threat_deck``, ``threat_discard``,
``threat`` + ``anomalies`` (on the table), ``control_deck``, ``control_discard``, ``hands``,
``data`` (Data cards in front of each player), ``data_supply`` (Data cards left in the box
with fewer than 6 players), ``data_discard`` and ``aside`` (the rulebook card).
Decks are lists whose *last* element is the top card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamelib.core import RngState

NAME = "logiquo"

PHASES = ("window", "reaction", "collab", "offer", "discard", "over")
STAT_KEYS = (
    "neutralised",
    "suffered",
    "logiquo",
    "pentaqo",
    "gifts",
    "trades",
    "data_lost",
    "controls_lost",
)


@dataclass
class State:
    """A whole game. ``apply`` copies it (:meth:`copy`) and changes only the copy."""

    players: list[str]
    copies: int
    hand_size: int
    ending: str
    rng: RngState
    threat_deck: list[int]
    threat_discard: list[int]
    control_deck: list[int]
    control_discard: list[int]
    hands: list[list[int]]
    data: list[list[int]]
    data_supply: list[int]
    data_discard: list[int]
    aside: list[int]
    alive: list[bool]
    eliminated_at: list[int]
    active: int
    turn: int
    step: int
    phase: str
    threat: int | None = None
    anomalies: list[int] = field(default_factory=list)
    flags: dict[str, Any] = field(default_factory=dict)
    window: list[int] = field(default_factory=list)
    collab: dict[str, Any] | None = None
    rounds_used: int = 0
    offer: dict[str, Any] | None = None
    effects: list[dict[str, Any]] = field(default_factory=list)
    choice: dict[str, Any] | None = None
    resume: str = "draw"
    stats: dict[str, list[int]] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    winners: list[int] | None = None
    decided_by: str | None = None
    end_reason: str | None = None

    @property
    def n_players(self) -> int:
        return len(self.players)

    def copy(self) -> State:
        """A copy deep enough that changing it never touches ``self`` (faster than deepcopy).
        Built without the dataclass ``__init__``, whose keyword call cost as much as the copying
        (every field is listed here, so none is missed)."""
        new = object.__new__(State)
        new.__dict__ = dict(
            players=self.players,  # never changed after set-up
            copies=self.copies,
            hand_size=self.hand_size,
            ending=self.ending,
            rng=self.rng,
            threat_deck=self.threat_deck[:],
            threat_discard=self.threat_discard[:],
            control_deck=self.control_deck[:],
            control_discard=self.control_discard[:],
            hands=[h[:] for h in self.hands],
            data=[d[:] for d in self.data],
            data_supply=self.data_supply[:],
            data_discard=self.data_discard[:],
            aside=self.aside[:],
            alive=self.alive[:],
            eliminated_at=self.eliminated_at[:],
            active=self.active,
            turn=self.turn,
            step=self.step,
            phase=self.phase,
            threat=self.threat,
            anomalies=self.anomalies[:],
            flags=dict(self.flags),
            window=self.window[:],
            collab=None
            if self.collab is None
            else {**self.collab, "floor": self.collab["floor"][:]},
            rounds_used=self.rounds_used,
            offer=None if self.offer is None else dict(self.offer),
            effects=[{**e, "targets": e["targets"][:]} for e in self.effects],
            choice=None if self.choice is None else dict(self.choice),
            resume=self.resume,
            stats={k: v[:] for k, v in self.stats.items()},
            events=self.events[:],  # event dicts are never changed once logged
            winners=None if self.winners is None else self.winners[:],
            decided_by=self.decided_by,
            end_reason=self.end_reason,
        )
        return new

    def all_card_ids(self) -> list[int]:
        """Every card id wherever it lies; a sorted copy equals ``range(140 * copies)``."""
        out = [
            *self.threat_deck,
            *self.threat_discard,
            *self.anomalies,
            *self.control_deck,
            *self.control_discard,
            *self.data_supply,
            *self.data_discard,
            *self.aside,
        ]
        if self.threat is not None:
            out.append(self.threat)
        for hand in self.hands:
            out.extend(hand)
        for data in self.data:
            out.extend(data)
        return out
