"""CNW: The Game, time-critical logistics conquest on 42 airport gateways (rulebook
``cnw-the-game.it.txt``), as the game protocol of :mod:`gamelib.core`: ``new_game``,
``legal_actions``, ``apply``, ``current_player``, ``is_over``, ``winners``, ``to_json``,
``from_json``, ``observation`` and ``bots.RandomBot``.

Data and mathematics: ``board`` (map, §3), ``battle`` (dice mathematics, §7.2/§8), ``cards``
(Gateway deck, tris, Imprevisti, §9), ``shipments`` (§10), ``objectives`` (§11), ``tables``
(setup and variant constants), ``network`` (the playable map per variant), ``corridors``.
The engine: ``state``, ``actions``, ``rules`` (the front: ``legal_actions``, ``apply``) over one
module per part of the rulebook: ``setup`` (§4), ``turn`` (§5), ``reinforcements`` (§6),
``operations`` (§7, §8), ``bridges`` (§7.3), ``reposition`` (§5 phase 4), ``delivery`` (§10),
``closure`` (§9), ``victory`` (§11), ``variants`` (§12); ``queries`` (read-only helpers,
``observation``), ``invariants`` (``check_state``), ``saves``. Then ``bots``, ``simulate``.
"""

from gamelib.cnw import bots
from gamelib.cnw.actions import (
    CODEC,
    AcceptPact,
    Attack,
    Deliver,
    Deploy,
    EndPhase,
    KeepDice,
    MoveIn,
    ObcReroll,
    Occupy,
    PlacePawn,
    PlayTris,
    ProposePact,
    RejectPact,
    RemovePawn,
    Reposition,
)
from gamelib.cnw.rules import (
    NAME,
    air_bridges,
    apply,
    attack_targets,
    check_state,
    current_player,
    deliverable,
    delivery_chain,
    from_json,
    is_over,
    legal_actions,
    move_targets,
    network_graph,
    new_game,
    objective_met,
    observation,
    occupy_targets,
    reinforcements,
    shipment_info,
    to_json,
    winners,
)
from gamelib.cnw.state import CnwState
from gamelib.core import IllegalAction, SaveFormatError

__all__ = [
    "NAME",
    "CODEC",
    "AcceptPact",
    "Attack",
    "CnwState",
    "Deliver",
    "Deploy",
    "EndPhase",
    "IllegalAction",
    "KeepDice",
    "MoveIn",
    "ObcReroll",
    "Occupy",
    "PlacePawn",
    "PlayTris",
    "ProposePact",
    "RejectPact",
    "RemovePawn",
    "Reposition",
    "SaveFormatError",
    "air_bridges",
    "apply",
    "attack_targets",
    "bots",
    "check_state",
    "current_player",
    "deliverable",
    "delivery_chain",
    "from_json",
    "is_over",
    "legal_actions",
    "move_targets",
    "network_graph",
    "new_game",
    "objective_met",
    "observation",
    "occupy_targets",
    "reinforcements",
    "shipment_info",
    "to_json",
    "winners",
]
