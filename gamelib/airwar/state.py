"""The game state: plain data (ints, strings, lists, dicts), cheap to copy and to save as JSON.

Player 0 is the Axis, player 1 the Allies. Per-side fields are two-element lists indexed by
player. Every one of the 82 deck cards is, at any moment, in exactly one place: a deck, a hand,
a discard pile, in play (airbases, carriers, War cards, grounded aircraft, attached Battle
cards) or inside the current raid (mission, intercept hand, exposed, duelling, played Battle
cards, aircraft waiting to be sacrificed); ``locations`` lists them for tests and widgets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamelib.core import RngState

NAME = "airwar"

# Steps (who decides is in rules.current_player).
STEPS = (
    "mobilise",  # active player mobilises cards (§Stadio Mobilitazione)
    "target",  # attacker announces a target or passes (§Fase Attacco)
    "launch",  # attacker builds the face-down mission (§Fase Attacco)
    "scramble",  # defender builds the intercept hand (§Fase Intercetto)
    "combat",  # someone picks the next duel or passes (§Fase Combattimento)
    "battle",  # Battle-card window before a duel resolves (§Fase Combattimento)
    "allot",  # attacker splits damage Industry/Convoy (§Fase di Assegnazione dei Danni)
    "sacrifice",  # defender picks the aircraft lost with a destroyed base (§Basi Aeree)
    "convoy",  # defender discards for a sunk convoy (§Carta Convoglio)
    "over",
)


@dataclass
class Raid:
    """One attack of the Airbase or Carrier stage, from launch to landing."""

    target: str  # "resources" or the id of an enemy airbase/carrier
    mission: list[str] = field(default_factory=list)  # face down, order set by the game RNG
    exposed_att: list[str] = field(default_factory=list)  # attacker survivors, face up
    intercept: list[str] = field(default_factory=list)  # defender's unused intercept hand
    exposed_def: list[str] = field(default_factory=list)  # interceptor survivors, face up
    mode: str = "choice"  # combat: "choice" | "def_response" | "att_response"
    just: str = ""  # the card just exposed by winning a duel (target of a response)
    duel_att: str = ""  # attacker aircraft in the current duel
    duel_def: str = ""  # defender aircraft in the current duel
    duel_att_exposed: bool = False  # was face up before this duel: -1 Defense
    duel_def_exposed: bool = False
    duel_by: int = -1  # player who declared the duel
    window_to_act: int = -1  # Battle window: who may play now
    window_passes: int = 0
    duel_cards: list[str] = field(default_factory=list)  # one-use Battle cards in this duel
    allot: dict[str, str] = field(default_factory=dict)  # arrived aircraft -> industry/convoy
    sacrifice_pool: list[str] = field(default_factory=list)  # grounded on a destroyed host
    convoy_discards: int = 0  # cards still to discard for a sunk convoy

    def copy(self) -> Raid:
        return Raid(
            self.target,
            self.mission[:],
            self.exposed_att[:],
            self.intercept[:],
            self.exposed_def[:],
            self.mode,
            self.just,
            self.duel_att,
            self.duel_def,
            self.duel_att_exposed,
            self.duel_def_exposed,
            self.duel_by,
            self.window_to_act,
            self.window_passes,
            self.duel_cards[:],
            dict(self.allot),
            self.sacrifice_pool[:],
            self.convoy_discards,
        )

    def cards(self) -> list[str]:
        """Every card held by the raid (for conservation checks)."""
        out = self.mission + self.exposed_att + self.intercept + self.exposed_def
        out += self.duel_cards + self.sacrifice_pool
        out += [c for c in (self.duel_att, self.duel_def) if c]
        return out


@dataclass
class AirWarState:
    """A whole game. ``stage`` is "mobilisation", "airbase", "carrier" or "over"."""

    rng: RngState
    turn: int = 1
    active: int = 0
    stage: str = "mobilisation"
    step: str = "mobilise"
    industry: list[int] = field(default_factory=lambda: [0, 0])
    convoy: list[int] = field(default_factory=lambda: [0, 0])
    deck: list[list[str]] = field(default_factory=lambda: [[], []])
    hand: list[list[str]] = field(default_factory=lambda: [[], []])
    discard: list[list[str]] = field(default_factory=lambda: [[], []])
    bases: list[list[str]] = field(default_factory=lambda: [[], []])  # in mobilisation order
    carriers: list[list[str]] = field(default_factory=lambda: [[], []])
    war: list[dict[str, str]] = field(default_factory=lambda: [{}, {}])  # war card -> base
    grounded: list[dict[str, list[str]]] = field(default_factory=lambda: [{}, {}])
    attached: list[dict[str, str]] = field(default_factory=lambda: [{}, {}])  # battle -> plane
    raid: Raid | None = None
    winner: int | None = None
    events: list[dict[str, Any]] = field(default_factory=list)  # public, from the last action

    def copy(self) -> AirWarState:
        """A copy sharing nothing mutable with ``self`` (fast: no deepcopy)."""
        return AirWarState(
            self.rng,
            self.turn,
            self.active,
            self.stage,
            self.step,
            self.industry[:],
            self.convoy[:],
            [d[:] for d in self.deck],
            [h[:] for h in self.hand],
            [d[:] for d in self.discard],
            [b[:] for b in self.bases],
            [c[:] for c in self.carriers],
            [dict(w) for w in self.war],
            [{k: v[:] for k, v in g.items()} for g in self.grounded],
            [dict(a) for a in self.attached],
            self.raid.copy() if self.raid is not None else None,
            self.winner,
            self.events[:],  # event dicts are never mutated once made
        )

    def locations(self) -> dict[str, str]:
        """Where every deck card is: ``{card_id: "axis.hand"}`` etc. (tests, widgets)."""
        out: dict[str, str] = {}
        for p, side in enumerate(("axis", "allies")):
            for place in ("deck", "hand", "discard", "bases", "carriers"):
                for c in getattr(self, place)[p]:
                    out[c] = f"{side}.{place}"
            for c in self.war[p]:
                out[c] = f"{side}.war"
            for plane_list in self.grounded[p].values():
                for c in plane_list:
                    out[c] = f"{side}.grounded"
            for c in self.attached[p]:
                out[c] = f"{side}.attached"
        if self.raid is not None:
            for c in self.raid.cards():
                out[c] = "raid"
        return out

    def all_cards(self) -> list[str]:
        """Every card of every place, with repetitions if the state were corrupt."""
        out: list[str] = []
        for p in (0, 1):
            out += self.deck[p] + self.hand[p] + self.discard[p] + self.bases[p]
            out += self.carriers[p] + list(self.war[p]) + list(self.attached[p])
            for plane_list in self.grounded[p].values():
                out += plane_list
        if self.raid is not None:
            out += self.raid.cards()
        return out
