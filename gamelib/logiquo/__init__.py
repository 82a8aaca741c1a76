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
from gamelib.logiquo.invariants import check_state
from gamelib.logiquo.rules import (
    NAME,
    apply,
    can_neutralise,
    current_player,
    from_json,
    in_force,
    is_over,
    legal_actions,
    neutralise_options,
    new_game,
    observation,
    ranking_key,
    to_json,
    winners,
)
from gamelib.logiquo.state import State

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
