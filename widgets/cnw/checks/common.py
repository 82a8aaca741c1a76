"""What the CNW lesson checks share: the board, options and the battle lab setter (the catalog
texts are each lesson's ``widgets.kit.check_texts.CheckTexts``)."""

from __future__ import annotations

from typing import Any

from gamelib.cnw import board as cnw_board
from widgets.cnw.words import gateway, region_name

CONFIDENCE = 0.95  # the Monte Carlo panel's interval (battle.wilson_interval's default)


def _board() -> cnw_board.Board:
    return cnw_board.load()


def _gateway_options() -> list[tuple[str, str]]:
    return [(gateway(c), c) for c in _board().gateways]


def _region_options() -> list[tuple[str, str]]:
    return [(region_name(r), rid) for rid, r in _board().regions.items()]


def _rank() -> list[str]:
    """Gateways by betweenness, strongest chokepoint first (the map's ranking)."""
    between = _board().betweenness()
    return sorted(between, key=between.get, reverse=True)


def _set_lab(lab: Any, attackers: int, defenders: int, rule: int = 3, hub: bool = False) -> None:
    """Move the battle lab's controls (its public widgets) to one battle."""
    lab.rule.value = rule
    lab.hub.value = hub
    lab.attackers.value = attackers
    lab.defenders.value = defenders
