"""The CNW game state: plain lists, dicts and ints, copied field by field by ``apply``; the
phase names (§5); and :class:`Tx`, the copy-on-write transaction every rule works on.

Gateways are indices in board order (``board.load().gateways``); gateway cards share those
indices and the six Contingency cards follow (42..47); shipments are card ids of
``data/shipments.json``. Piles are lists whose *end* is the top.

``dice`` holds die faces already drawn from the game's generator, consumed from ``dice_pos``:
rolling a batch at once keeps attacks cheap (restoring ``random.Random`` costs more than the
whole rest of an attack) while the same seed and actions still give the same game, and a save
resumes with the same future rolls. Future dice are hidden: ``observation`` never shows them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from gamelib.cnw import battle, tables
from gamelib.cnw.network import Geo, geo
from gamelib.core import IllegalAction, rng_from

NAME = "cnw"

# Phases (who decides what; see turn.current_player).
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
# Where the phase flow goes on by itself once an action is done (``turn.advance``): a rule hands
# back one of these (or None to wait for the next decision), and a phase with nothing to decide
# passes on (§5). OPERATIONS, REPOSITION and DELIVERY enter that phase; BRIEFING settles the
# pawns still owed for expired shipments (§10.2).
OPENING = "opening"  # §4: the placement round is over, the opener's BRIEFING of turn 1 begins
CLOSURE = "closure"  # §5 phase 6: never waited in
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
    new.__dict__ = state.__dict__.copy()  # a third of update()'s time: once per apply
    return new


FACES = "".join(str(f) for f in range(1, battle.RULES.die_faces + 1))  # "123456"
DICE_BUFFER = int(tables.setup()["dice_buffer"])


class Tx:
    """The new state being built by one ``apply``; ``mut(name)`` copies a list field once, so
    the caller's state is never touched and a step costs microseconds."""

    __slots__ = ("s", "copied")

    def __init__(self, state: CnwState) -> None:
        self.s = copy_state(state)
        self.copied: set[str] = set()

    def mut(self, name: str) -> Any:
        value = getattr(self.s, name)
        if name not in self.copied:
            value = value.copy()
            setattr(self.s, name, value)
            self.copied.add(name)
        return value

    def pile(self, deck: str, discard: str) -> list[int] | None:
        """The pile ``deck`` ready to draw from (its end is the top); when it is empty, the
        ``discard`` pile is shuffled into it with the game's generator; None when both are."""
        s = self.s
        cards = self.mut(deck)
        if not cards:
            used = getattr(s, discard)
            if not used:
                return None
            rng = rng_from(s.rng)
            cards.extend(used)
            rng.shuffle(cards)
            s.rng = rng.getstate()
            setattr(s, discard, [])
            self.copied.add(discard)
        return cards

    def dice(self, k: int) -> list[int]:
        """``k`` die faces from the pre-drawn buffer, refilled from the game's generator."""
        s = self.s
        pos = s.dice_pos
        if pos + k > len(s.dice):
            rng = rng_from(s.rng)
            s.dice = s.dice[pos:] + "".join(rng.choices(FACES, k=DICE_BUFFER))
            s.rng = rng.getstate()
            pos = 0
        s.dice_pos = pos + k
        return [int(ch) for ch in s.dice[pos : pos + k]]


def geo_of(state: CnwState) -> Geo:
    """The playable map under the state's variants (§12.1, §12.3)."""
    return geo(state.options["fiera"], state.options["realismo_alto"])


# A decision outside its phases: refused under its own §, one literal refusal per decision
# (``what``, a code), with the phase the game is in.
_NOT_NOW: dict[tuple[str, str], Callable[[str], IllegalAction]] = {
    ("§4", "place"): lambda phase: IllegalAction("§4", "not_now.place", phase=phase),
    ("§5.4", "reposition"): lambda phase: IllegalAction("§5.4", "not_now.reposition", phase=phase),
    ("§6", "deploy"): lambda phase: IllegalAction("§6", "not_now.deploy", phase=phase),
    ("§7", "attack"): lambda phase: IllegalAction("§7", "not_now.attack", phase=phase),
    ("§7.2", "move_in"): lambda phase: IllegalAction("§7.2", "not_now.move_in", phase=phase),
    ("§7.4", "occupy"): lambda phase: IllegalAction("§7.4", "not_now.occupy", phase=phase),
    ("§8.1", "reroll"): lambda phase: IllegalAction("§8.1", "not_now.reroll", phase=phase),
    ("§8.1", "keep_dice"): lambda phase: IllegalAction("§8.1", "not_now.keep_dice", phase=phase),
    ("§9.1", "tris"): lambda phase: IllegalAction("§9.1", "not_now.tris", phase=phase),
    ("§10.1", "deliver"): lambda phase: IllegalAction("§10.1", "not_now.deliver", phase=phase),
    ("§10.2", "remove_pawn"): lambda phase: IllegalAction(
        "§10.2", "not_now.remove_pawn", phase=phase
    ),
    ("§12.4", "propose_pact"): lambda phase: IllegalAction(
        "§12.4", "not_now.propose_pact", phase=phase
    ),
    ("§12.4", "answer_pact"): lambda phase: IllegalAction(
        "§12.4", "not_now.answer_pact", phase=phase
    ),
}


def need_phase(state: CnwState, phases: tuple[str, ...], rule: str, what: str) -> None:
    """Refuse the decision ``what`` (a code) outside the phases it belongs to, under ``rule``."""
    if state.phase not in phases:
        raise _NOT_NOW[rule, what](state.phase)


# An action's rule: it validates the action, changes the transaction and returns the step the
# turn takes next by itself (``turn.advance``), or None when a decision comes next. Each rule
# module lists its rules as ``HANDLERS`` (action class -> rule); ``rules.apply`` dispatches.
Rule = Callable[[Tx, Any], str | None]
