"""Logiquo CyberGame: cybersecurity threats against countermeasures, played together.

The package exposes the :class:`gamelib.core.GameModule` protocol (``new_game``,
``legal_actions``, ``apply``, ``current_player``, ``is_over``, ``winners``, ``to_json``,
``from_json``, ``observation``) plus ``bots.RandomBot``. The deck is in :mod:`.cards`, the
threat-countermeasure matrix in :mod:`.coverage`, exact odds in :mod:`.odds`, batch play in
:mod:`.simulate`.
"""

from gamelib.logiquo import actions, bots, cards
from gamelib.logiquo.actions import (
    AcceptOffer,
    ChooseDiscard,
    DeclineOffer,
    EndCollaboration,
    Neutralise,
    OfferCard,
    OfferTrade,
    PassWindow,
    PlayPentaqo,
    RequestHelp,
    TakeImpact,
)
from gamelib.logiquo.controls import can_neutralise, in_force, neutralise_options
from gamelib.logiquo.ending import ranking_key
from gamelib.logiquo.invariants import check_state
from gamelib.logiquo.queries import current_player, is_over, winners
from gamelib.logiquo.rules import apply, legal_actions, observation
from gamelib.logiquo.saves import from_json, to_json
from gamelib.logiquo.setup import new_game
from gamelib.logiquo.state import NAME, State

__all__ = [
    "NAME",
    "State",
    "actions",
    "bots",
    "cards",
    "check_state",
    "new_game",
    "legal_actions",
    "apply",
    "current_player",
    "is_over",
    "winners",
    "to_json",
    "from_json",
    "observation",
    "in_force",
    "neutralise_options",
    "can_neutralise",
    "ranking_key",
    "AcceptOffer",
    "ChooseDiscard",
    "DeclineOffer",
    "EndCollaboration",
    "Neutralise",
    "OfferCard",
    "OfferTrade",
    "PassWindow",
    "PlayPentaqo",
    "RequestHelp",
    "TakeImpact",
]
