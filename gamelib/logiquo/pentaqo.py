"""§Carte speciali di Controllo, the Pentaqo: played "in ogni istante", even out of turn, for
two more control cards. Our reading (docs/rules/logiquo.md): after each threat is revealed,
every other holder is asked in clockwise order (a *window*); the player who must decide may
also play one at any decision. A threat's Regole Speciali may forbid it.
"""

from __future__ import annotations

from typing import Any

from gamelib.core import IllegalAction

from . import actions as A
from .controls import in_force
from .queries import current_player
from .state import State
from .table import RULES, clockwise_from, draw_controls, kind, log


def holds_pentaqo(s: State, p: int) -> bool:
    return any(kind(c) == "pentaqo" for c in s.hands[p])


def open_window(s: State) -> None:
    """Our reading of "in ogni istante": after each threat is revealed, every other player
    holding a Pentaqo is asked in clockwise order whether to play it now."""
    s.window = []
    if in_force(s)["pentaqo"]:
        s.window = [p for p in clockwise_from(s, s.active) if p != s.active and holds_pentaqo(s, p)]
    s.phase = "window" if s.window else "reaction"


def advance_window(s: State) -> None:
    while s.window and not holds_pentaqo(s, s.window[0]):
        s.window.pop(0)
    if not s.window:
        s.phase = "reaction"


def _do_pentaqo(s: State, a: A.PlayPentaqo) -> None:
    p = current_player(s)
    if a.card not in s.hands[p]:
        raise IllegalAction(
            "§Carte speciali di Controllo", "cards.not_in_hand", player=p, card=a.card
        )
    if kind(a.card) != "pentaqo":
        raise IllegalAction("§Carte speciali di Controllo", "pentaqo.not_pentaqo", card=a.card)
    if not in_force(s)["pentaqo"]:
        raise IllegalAction("§Regole Speciali", "pentaqo.forbidden", threat=s.threat)
    s.hands[p].remove(a.card)
    s.control_discard.append(a.card)
    drawn = draw_controls(s, p, RULES["pentaqo_draw"])
    s.stats["pentaqo"][p] += 1
    log(s, type="pentaqo", player=p, card=a.card, drawn=drawn)
    if s.phase == "window":
        advance_window(s)


def _do_pass_window(s: State, a: A.PassWindow) -> None:
    if s.phase != "window":
        raise IllegalAction("§Carte speciali di Controllo", "phase.pass_window", phase=s.phase)
    s.window.pop(0)
    advance_window(s)


def options(s: State, p: int) -> list[Any]:
    """The Pentaqo cards ``p`` may play now, at any decision (§Carte speciali di Controllo)."""
    if not in_force(s)["pentaqo"]:
        return []
    return [A.PlayPentaqo(c) for c in sorted(s.hands[p]) if kind(c) == "pentaqo"]


def _legal(s: State, p: int) -> list[Any]:
    return [A.PassWindow()]


LEGAL = {"window": _legal}
HANDLERS: dict[type, Any] = {A.PlayPentaqo: _do_pentaqo, A.PassWindow: _do_pass_window}
