"""The actions of CNW: The Game, one frozen dataclass per decision a player takes.

Gateways are named by their airport codes (``Attack("JFK", "LHR", 3)``), shipments by their
card id, players by seat. ``CODEC`` turns actions into JSON and back. ``legal_actions`` hands
out shared instances (see :func:`counted`) so that listing hundreds of deploys stays cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamelib.core import ActionCodec


@dataclass(frozen=True)
class PlacePawn:
    """§4 step 5: add 1 starting pawn to a gateway you already hold, then pass."""

    gateway: str

    def __str__(self) -> str:
        return f"place a pawn on {self.gateway}"


@dataclass(frozen=True)
class RemovePawn:
    """§10.2: an expired shipment costs a pawn from a gateway of your choice."""

    gateway: str

    def __str__(self) -> str:
        return f"remove a pawn from {self.gateway} (expired shipment)"


@dataclass(frozen=True)
class PlayTris:
    """§9.1: trade three Gateway cards (named by their gateways) for pawns."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "play the tris " + " + ".join(self.cards)


@dataclass(frozen=True)
class Deploy:
    """§6: put ``count`` reinforcement pawns on a gateway you control."""

    gateway: str
    count: int = 1

    def __str__(self) -> str:
        return f"deploy {self.count} on {self.gateway}"


@dataclass(frozen=True)
class Attack:
    """§7.1–§7.3: attack ``target`` from ``source`` rolling ``dice`` red dice (1–3)."""

    source: str
    target: str
    dice: int = 3

    def __str__(self) -> str:
        return f"attack {self.target} from {self.source} with {self.dice} dice"


@dataclass(frozen=True)
class ObcReroll:
    """§8.1: spend an OBC token to re-roll one of your dice showing ``die``."""

    die: int

    def __str__(self) -> str:
        return f"OBC token: re-roll a {self.die}"


@dataclass(frozen=True)
class KeepDice:
    """§8.1: keep the dice as rolled (no OBC token spent)."""

    def __str__(self) -> str:
        return "keep the dice"


@dataclass(frozen=True)
class MoveIn:
    """How many pawns move: after a conquest, from the attacking gateway (§7.2); or the pawns
    a repositioning move carries (§5.4, after :class:`Reposition`)."""

    count: int

    def __str__(self) -> str:
        return f"move {self.count} pawns"


@dataclass(frozen=True)
class Occupy:
    """§7.4: occupy a neutral gateway by moving ``count`` pawns from a linked gateway."""

    source: str
    target: str
    count: int = 1

    def __str__(self) -> str:
        return f"occupy {self.target} with {self.count} from {self.source}"


@dataclass(frozen=True)
class Reposition:
    """§5.4 / §13 phase 4: the one move along your network, from ``source`` to ``target``; the
    number of pawns is the next decision (:class:`MoveIn`), unless only one can go."""

    source: str
    target: str

    def __str__(self) -> str:
        return f"reposition from {self.source} to {self.target}"


@dataclass(frozen=True)
class Deliver:
    """§10.1: declare the shipment with this card id delivered."""

    shipment: int

    def __str__(self) -> str:
        return f"deliver shipment {self.shipment}"


@dataclass(frozen=True)
class EndPhase:
    """§5: end the current optional phase (Operations, Repositioning or Delivery)."""

    def __str__(self) -> str:
        return "end the phase"


@dataclass(frozen=True)
class ProposePact:
    """§12.4 DIPLOMAZIA: offer a non-aggression pact to another player."""

    partner: int

    def __str__(self) -> str:
        return f"propose a pact to player {self.partner}"


@dataclass(frozen=True)
class AcceptPact:
    """§12.4: accept the pact just offered to you."""

    def __str__(self) -> str:
        return "accept the pact"


@dataclass(frozen=True)
class RejectPact:
    """§12.4: refuse the pact just offered to you."""

    def __str__(self) -> str:
        return "refuse the pact"


ACTION_CLASSES: tuple[type, ...] = (
    PlacePawn,
    RemovePawn,
    PlayTris,
    Deploy,
    Attack,
    ObcReroll,
    KeepDice,
    MoveIn,
    Occupy,
    Reposition,
    Deliver,
    EndPhase,
    ProposePact,
    AcceptPact,
    RejectPact,
)
Action = Any  # one of ACTION_CLASSES
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
