"""The actions of CNW: The Game, one frozen dataclass per decision a player takes.

Gateways are named by their airport codes (``Attack("JFK", "LHR", 3)``), shipments by their
card id, players by seat. ``CODEC`` turns actions into JSON and back (``{"type": "Attack",
"source": "JFK", ...}``: the class name and the fields). ``legal_actions`` hands out shared
instances (see :func:`counted`) so that listing hundreds of deploys stays cheap.

Every class derives from :class:`Action` (:class:`gamelib.actions.Action`, the shape the four
games share), which makes it a frozen dataclass and reads it aloud from its ``TEXT`` template,
so a class states only its rule, its words and its fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamelib import actions
from gamelib.cnw.network import INDEX
from gamelib.core import ActionCodec, IllegalAction


class Action(actions.Action):
    """A CNW decision; a tuple field (a tris's cards) reads as its items joined by " + "."""


class PlacePawn(Action):
    """§4 step 5: add 1 starting pawn to a gateway you already hold, then pass."""

    TEXT = "place a pawn on {gateway}"
    gateway: str


class RemovePawn(Action):
    """§10.2: an expired shipment costs a pawn from a gateway of your choice."""

    TEXT = "remove a pawn from {gateway} (expired shipment)"
    gateway: str


class PlayTris(Action):
    """§9.1: trade three Gateway cards (named by their gateways) for pawns."""

    TEXT = "play the tris {cards}"
    cards: tuple[str, ...]


class Deploy(Action):
    """§6: put ``count`` reinforcement pawns on a gateway you control."""

    TEXT = "deploy {count} on {gateway}"
    gateway: str
    count: int = 1


class Attack(Action):
    """§7.1–§7.3: attack ``target`` from ``source`` rolling ``dice`` red dice (1–3)."""

    TEXT = "attack {target} from {source} with {dice} dice"
    source: str
    target: str
    dice: int = 3


class ObcReroll(Action):
    """§8.1: spend an OBC token to re-roll one of your dice showing ``die``."""

    TEXT = "OBC token: re-roll a {die}"
    die: int


class KeepDice(Action):
    """§8.1: keep the dice as rolled (no OBC token spent)."""

    TEXT = "keep the dice"


class MoveIn(Action):
    """How many pawns move: after a conquest, from the attacking gateway (§7.2); or the pawns
    a repositioning move carries (§5.4, after :class:`Reposition`)."""

    TEXT = "move {count} pawns"
    count: int


class Occupy(Action):
    """§7.4: occupy a neutral gateway by moving ``count`` pawns from a linked gateway."""

    TEXT = "occupy {target} with {count} from {source}"
    source: str
    target: str
    count: int = 1


class Reposition(Action):
    """§5.4 / §13 phase 4: the one move along your network, from ``source`` to ``target``; the
    number of pawns is the next decision (:class:`MoveIn`), unless only one can go."""

    TEXT = "reposition from {source} to {target}"
    source: str
    target: str


class Deliver(Action):
    """§10.1: declare the shipment with this card id delivered."""

    TEXT = "deliver shipment {shipment}"
    shipment: int


class EndPhase(Action):
    """§5: end the current optional phase (Operations, Repositioning or Delivery)."""

    TEXT = "end the phase"


class ProposePact(Action):
    """§12.4 DIPLOMAZIA: offer a non-aggression pact to another player."""

    TEXT = "propose a pact to player {partner}"
    partner: int


class AcceptPact(Action):
    """§12.4: accept the pact just offered to you."""

    TEXT = "accept the pact"


class RejectPact(Action):
    """§12.4: refuse the pact just offered to you."""

    TEXT = "refuse the pact"


ACTION_CLASSES: tuple[type[Action], ...] = tuple(Action.__subclasses__())
CODEC = ActionCodec(ACTION_CLASSES)

KEEP_DICE = KeepDice()
END_PHASE = EndPhase()
ACCEPT_PACT = AcceptPact()
REJECT_PACT = RejectPact()

_COUNTED: dict[tuple[Any, ...], list[Any]] = {}
_SINGLE: dict[tuple[Any, ...], Any] = {}


def counted(cls: type, prefix: tuple[Any, ...], upto: int) -> list[Any]:
    """``[cls(*prefix, 1), ..., cls(*prefix, upto)]`` from a shared cache (a list slice, so
    ``legal_actions`` builds hundreds of deploys in microseconds)."""
    key = (cls, *prefix)
    row = _COUNTED.get(key)
    if row is None:
        row = _COUNTED[key] = []
    while len(row) < upto:
        row.append(cls(*prefix, len(row) + 1))
    return row[:upto]


def single(cls: type, *args: Any) -> Any:
    """A shared instance of ``cls(*args)``."""
    key = (cls, *args)
    action = _SINGLE.get(key)
    if action is None:
        action = _SINGLE[key] = cls(*args)
    return action


# A field that is not a gateway code, or not a whole number: refused under the § of the decision
# that reads it, one literal refusal per § (and per field), so the widgets can word it.
_NOT_A_GATEWAY: dict[str, Callable[[str], IllegalAction]] = {
    "§3.2": lambda given: IllegalAction("§3.2", "gateway.unknown", given=given),
    "§4": lambda given: IllegalAction("§4", "gateway.unknown", given=given),
    "§5.4": lambda given: IllegalAction("§5.4", "gateway.unknown", given=given),
    "§6": lambda given: IllegalAction("§6", "gateway.unknown", given=given),
    "§7.1": lambda given: IllegalAction("§7.1", "gateway.unknown", given=given),
    "§7.4": lambda given: IllegalAction("§7.4", "gateway.unknown", given=given),
    "§9.1": lambda given: IllegalAction("§9.1", "gateway.unknown", given=given),
    "§10.2": lambda given: IllegalAction("§10.2", "gateway.unknown", given=given),
}
_NOT_WHOLE: dict[tuple[str, str], Callable[[str], IllegalAction]] = {
    ("§5.4", "count"): lambda given: IllegalAction("§5.4", "field.count", given=given),
    ("§6", "count"): lambda given: IllegalAction("§6", "field.count", given=given),
    ("§7.2", "count"): lambda given: IllegalAction("§7.2", "field.count", given=given),
    ("§7.4", "count"): lambda given: IllegalAction("§7.4", "field.count", given=given),
    ("§7.2", "dice"): lambda given: IllegalAction("§7.2", "field.dice", given=given),
    ("§8.1", "die"): lambda given: IllegalAction("§8.1", "field.die", given=given),
    ("§10.1", "shipment"): lambda given: IllegalAction("§10.1", "field.shipment", given=given),
    ("§12.4", "partner"): lambda given: IllegalAction("§12.4", "field.partner", given=given),
}


def gateway_field(value: Any, rule: str = "§3.2") -> int:
    """The board index of an action's gateway code; anything else is refused under ``rule``."""
    i = INDEX.get(value) if isinstance(value, str) else None
    if i is None:
        raise _NOT_A_GATEWAY[rule](repr(value))
    return i


def count_field(value: Any, rule: str, what: str = "count") -> int:
    """An action's whole-number field ``what`` (a bool is not a count), refused under ``rule``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _NOT_WHOLE[rule, what](repr(value))
    return value
