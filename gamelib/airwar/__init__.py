"""AirWar: Pacific!, the two-player WWII air-combat card game: rules, decks, bots and odds.

The package exposes the protocol of :class:`gamelib.core.GameModule` (``new_game``,
``legal_actions``, ``apply`` ...). Player 0 is the Axis, player 1 the Allies. Rule sections are
cited by the rulebook's headings (``§Fase Combattimento``); see ``docs/rules/airwar.md``.
"""

from __future__ import annotations

from . import actions, cards
from .actions import ACTION_CLASSES, CODEC
from .cards import SIDES
from .invariants import check_state
from .rules import (
    NAME,
    apply,
    current_player,
    duel_values,
    is_over,
    legal_actions,
    new_game,
    observation,
    winners,
)
from .saves import from_json, to_json  # saves judged by check_state
from .state import AirWarState, Raid

__all__ = [
    "ACTION_CLASSES",
    "CODEC",
    "NAME",
    "SIDES",
    "AirWarState",
    "Raid",
    "actions",
    "apply",
    "bots",
    "cards",
    "check_state",
    "current_player",
    "duel_values",
    "from_json",
    "is_over",
    "legal_actions",
    "new_game",
    "observation",
    "odds",
    "scenario",
    "simulate",
    "to_json",
    "winners",
]


def __getattr__(name: str):  # lazy: these modules import this package or scipy
    if name in ("bots", "odds", "simulate", "scenario"):
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(name)
