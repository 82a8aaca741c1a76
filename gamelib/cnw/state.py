"""The CNW game state: plain lists, dicts and ints, copied field by field by ``apply``.

Gateways are indices in board order (``board.load().gateways``); gateway cards share those
indices and the six Contingency cards follow (42..47); shipments are card ids of
``data/shipments.json``. Piles are lists whose *end* is the top.

``dice`` holds die faces already drawn from the game's generator, consumed from ``dice_pos``:
rolling a batch at once keeps attacks cheap (restoring ``random.Random`` costs more than the
whole rest of an attack) while the same seed and actions still give the same game, and a save
resumes with the same future rolls. Future dice are hidden: ``observation`` never shows them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from gamelib.core import SaveFormatError, dump_save, guarded_load, rng_from_json, rng_to_json

NAME = "cnw"

# Phases (who decides what; see rules.current_player).
PLACEMENT = "placement"  # §4 step 5: one starting pawn at a time
BRIEFING = "briefing"  # §10.2: choose the gateway that loses a pawn for an expired shipment
REINFORCE = "reinforce"  # §6: play a tris, deploy every pawn
OPERATIONS = "operations"  # §7: attacks, occupations, pacts
REROLL_ATTACKER = "reroll_attacker"  # §8.1: the attacker may spend an OBC token
REROLL_DEFENDER = "reroll_defender"  # §8.1: then the defender may
MOVE_IN = "move_in"  # §7.2: pawns moving into a conquered gateway
ELIM_TRIS = "elimination_tris"  # §7.5: forced tris after taking an eliminated player's cards
ELIM_DEPLOY = "elimination_deploy"  # §7.5: deploying that tris at once
PACT_ANSWER = "pact_answer"  # §12.4: the other player accepts or refuses a pact
REPOSITION = "reposition"  # §5 phase 4: choose the move (source, target)
REPOSITION_COUNT = "reposition_count"  # §5 phase 4: how many pawns it carries (MoveIn)
DELIVERY = "delivery"  # §5 phase 5, §10.1
OVER = "over"
PHASES = (
    PLACEMENT,
    BRIEFING,
    REINFORCE,
    OPERATIONS,
    REROLL_ATTACKER,
    REROLL_DEFENDER,
    MOVE_IN,
    ELIM_TRIS,
    ELIM_DEPLOY,
    PACT_ANSWER,
    REPOSITION,
    REPOSITION_COUNT,
    DELIVERY,
    OVER,
)

NEUTRAL = -1  # §7.4: a gateway nobody holds (5 players)
OUT_OF_PLAY = -2  # §12.1 FIERA: a gateway of a region left out

# Victory types (§11, §12.2) and the simulation's turn cap.
OBJECTIVE = "objective"
SLA = "sla"
DOMINATION = "domination"
TEAM = "team"
UNFINISHED = "unfinished"


@dataclass
class CnwState:
    """Everything about one game. ``apply`` copies only what it changes."""

    names: list[str]
    options: dict[str, Any]  # fiera, team_building, teams, realismo_alto, diplomazia, turn_cap
    rng: tuple
    dice: str  # pre-drawn die faces (hidden)
    dice_pos: int
    owner: list[int]  # per gateway: seat, NEUTRAL or OUT_OF_PLAY
    pawns: list[int]
    reserve: list[int]  # starting pawns still to place (§4 step 5)
    hands: list[list[int]]  # gateway card ids, sorted (secret)
    deck: list[int]  # Gateway deck with the Imprevisti (§4 step 6), top = end
    discard: list[int]
    ship_deck: list[int]
    ship_discard: list[int]
    shipments: list[list[list[int]]]  # per player: [[card id, deadline], ...] (public)
    objectives: list[int]  # per player: objective card id, -1 without objectives (secret)
    sla: list[int]
    obc: list[int]  # OBC-in-flight tokens left (§8.1)
    obc_turn: list[int]  # the turn in which each player last spent one (once per turn)
    bonus: list[int]  # reinforcements owed at the next Reinforcements (§10.1, Imprevisti)
    alive: list[bool]
    eliminated_by: list[int]  # -1 while playing (or out without an eliminator)
    phase: str
    current: int  # whose turn it is
    first: int  # the opener (§4 step 4)
    turn: int  # turns started so far, all players together
    round: int  # the rulebook's "turno": 1 while everyone plays their first turn
    pool: int  # pawns still to deploy
    turn_bonus: int  # delivery bonus collected in this turn's Reinforcements
    turn_tris: int  # pawns from this turn's tris, 0 if none
    conquered: bool  # a conquest this turn (§9.1)
    expiring: int  # pawns still to remove for expired shipments (§10.2)
    roll: dict[str, Any] | None  # the pending roll, dice visible (§7.2, §8.1)
    move_in: list[int] | None  # [source, target, least, most, victim or -1] (§7.2, §5.4)
    last_roll: dict[str, Any] | None  # the last resolved roll, for display
    pacts: list[list[int]]  # [a, b, proposer] (§12.4)
    offer: list[int] | None  # [proposer, partner] awaiting an answer
    offered: list[int]  # partners already asked this turn
    bridges_closed: int  # seat whose Imprevisto closed every air bridge, -1 if open (§7.3)
    winners: list[int]
    victory: str  # "" while playing
    actions: int  # actions applied

    @property
    def players(self) -> int:
        return len(self.names)


FIELDS = tuple(f.name for f in fields(CnwState))


def copy_state(state: CnwState) -> CnwState:
    """A new state sharing every value with ``state``; the caller replaces what it changes."""
    new = object.__new__(CnwState)
    new.__dict__.update(state.__dict__)
    return new


def to_json(state: CnwState) -> str:
    """The versioned save (``from_json(to_json(s)) == s``)."""
    payload = {name: getattr(state, name) for name in FIELDS}
    payload["rng"] = rng_to_json(state.rng)
    return dump_save(NAME, payload)


def _ints(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in value
    ):
        raise SaveFormatError(f"the saved {what} is not a list of whole numbers")
    return list(value)


def _int(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise SaveFormatError(f"the saved {what} is not a whole number")
    return value


def _build(payload: dict[str, Any]) -> CnwState:
    from gamelib.cnw import rules  # the engine knows the decks and the board

    missing = [name for name in FIELDS if name not in payload]
    if missing:
        raise SaveFormatError(f"the saved game lacks {missing}")
    kw: dict[str, Any] = {}
    names = payload["names"]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SaveFormatError("the saved player names are not a list of strings")
    n = len(names)
    if not 3 <= n <= 6:
        raise SaveFormatError(f"a game of CNW has 3 to 6 players, the save has {n} (§4)")
    kw["names"] = list(names)
    if not isinstance(payload["options"], dict):
        raise SaveFormatError("the saved options are not a dictionary")
    kw["options"] = rules.normalise_options(n, payload["options"], saved=True)
    kw["rng"] = rng_from_json(payload["rng"])
    if not isinstance(payload["dice"], str) or not set(payload["dice"]) <= set("123456"):
        raise SaveFormatError("the saved dice are damaged")
    kw["dice"] = payload["dice"]
    for name in ("owner", "pawns", "reserve", "deck", "discard", "ship_deck", "ship_discard"):
        kw[name] = _ints(payload[name], name)
    for name in ("objectives", "sla", "obc", "obc_turn", "bonus", "eliminated_by", "winners"):
        kw[name] = _ints(payload[name], name)
    for name in ("offered",):
        kw[name] = _ints(payload[name], name)
    hands = payload["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise SaveFormatError("the saved hands do not match the players")
    kw["hands"] = [_ints(h, "hand") for h in hands]
    ships = payload["shipments"]
    if not isinstance(ships, list) or len(ships) != n:
        raise SaveFormatError("the saved shipments do not match the players")
    kw["shipments"] = [[_ints(x, "shipment") for x in row] for row in ships]
    if not all(len(x) == 2 for row in kw["shipments"] for x in row):
        raise SaveFormatError("a saved shipment is not [card, deadline]")
    pacts = payload["pacts"]
    if not isinstance(pacts, list):
        raise SaveFormatError("the saved pacts are damaged")
    kw["pacts"] = [_ints(x, "pact") for x in pacts]
    alive = payload["alive"]
    if not isinstance(alive, list) or not all(isinstance(a, bool) for a in alive):
        raise SaveFormatError("the saved list of players in the game is damaged")
    kw["alive"] = list(alive)
    for name in ("dice_pos", "current", "first", "turn", "round", "pool", "turn_bonus"):
        kw[name] = _int(payload[name], name)
    for name in ("turn_tris", "expiring", "bridges_closed", "actions"):
        kw[name] = _int(payload[name], name)
    if not isinstance(payload["conquered"], bool):
        raise SaveFormatError("the saved conquest flag is damaged")
    kw["conquered"] = payload["conquered"]
    for name in ("phase", "victory"):
        if not isinstance(payload[name], str):
            raise SaveFormatError(f"the saved {name} is not text")
        kw[name] = payload[name]
    for name in ("roll", "last_roll"):
        value = payload[name]
        if value is not None and not isinstance(value, dict):
            raise SaveFormatError(f"the saved {name} is damaged")
        kw[name] = value
    for name in ("move_in", "offer"):
        value = payload[name]
        kw[name] = None if value is None else _ints(value, name)
    state = CnwState(**kw)
    problem = rules.check_state(state)
    if problem:
        raise SaveFormatError(f"the saved game is inconsistent: {problem}")
    return state


def from_json(text: str | bytes) -> CnwState:
    """Load a save made by :func:`to_json`; a damaged or foreign file raises SaveFormatError."""
    return guarded_load(NAME, text, _build)
