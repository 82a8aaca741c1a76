"""§Struttura.2, .4, .5: the active player's reaction to the threat on the table:
neutralise it with the control cards its rules ask for, then restore exactly those cards at
once; or take its Impatti, which may make players choose cards to discard (§Carte Minaccia).
Asking for help first is §Struttura.3, in :mod:`.collaboration`.
"""

from __future__ import annotations

import itertools
from typing import Any

from gamelib.core import IllegalAction

from . import actions as A
from .cards import card
from .collaboration import can_request
from .controls import helps, in_force, neutralise_options
from .impacts import targets_for
from .state import State
from .table import discard_controls, draw_controls, kind, log, not_in_hand
from .turn import end_turn, run_effects


def _do_neutralise(s: State, a: A.Neutralise) -> None:
    if s.phase != "reaction":
        raise IllegalAction("§Struttura.2", "phase.neutralise", phase=s.phase)
    p = s.active
    if len(set(a.cards)) != len(a.cards):
        raise IllegalAction("§Struttura.2", "cards.twice")
    if (missing := not_in_hand(s, p, a.cards)) is not None:
        raise IllegalAction("§Struttura.2", "cards.not_in_hand", player=p, card=missing)
    t = card(s.threat)
    for c in a.cards:
        if kind(c) == "logiquo" and t.special.get("logiquo", True) is False:
            raise IllegalAction("§Regole Speciali", "neutralise.no_logiquo", threat=s.threat)
        if not helps(c, s.threat):
            raise IllegalAction(
                "§Carte Controllo", "neutralise.does_not_mitigate", card=c, threat=s.threat
            )
    need = in_force(s)["controls_required"]
    if len(a.cards) != need:
        if need > 1:
            raise IllegalAction("§Regole Speciali", "neutralise.together", need=need)
        raise IllegalAction("§Struttura.2", "neutralise.one")
    for c in a.cards:
        s.hands[p].remove(c)
    s.control_discard.extend(a.cards)
    s.stats["neutralised"][p] += 1
    s.stats["logiquo"][p] += sum(1 for c in a.cards if kind(c) == "logiquo")
    log(s, type="neutralised", player=p, cards=list(a.cards), threat=s.threat)
    # §Struttura.5: restore exactly the cards used, at once (never those lost or traded).
    if in_force(s)["redraw"]:
        drawn = draw_controls(s, p, len(a.cards))
        log(s, type="restore", player=p, n=drawn)
    end_turn(s)


def _do_take_impact(s: State, a: A.TakeImpact) -> None:
    if s.phase != "reaction":
        raise IllegalAction("§Struttura.4", "phase.take_impact", phase=s.phase)
    t = card(s.threat)
    targets = targets_for(s, s.threat)
    s.stats["suffered"][s.active] += 1
    log(s, type="impact", player=s.active, card=s.threat, targets=list(targets))
    s.effects = [{**e, "targets": targets[:], "source": s.threat} for e in t.impacts]
    s.resume = "end_turn"
    run_effects(s)


def _do_choose_discard(s: State, a: A.ChooseDiscard) -> None:
    if s.phase != "discard":
        raise IllegalAction("§Carte Minaccia", "phase.discard", phase=s.phase)
    p = s.choice["player"]
    n = s.choice["n"]
    if len(set(a.cards)) != len(a.cards):
        raise IllegalAction("§Carte Minaccia", "cards.twice")
    if (missing := not_in_hand(s, p, a.cards)) is not None:
        raise IllegalAction("§Carte Minaccia", "cards.not_in_hand", player=p, card=missing)
    if len(a.cards) != n:
        raise IllegalAction("§Carte Minaccia", "discard.count", n=n)
    discard_controls(s, p, list(a.cards), "impact")
    s.choice = None
    s.effects[0]["targets"].pop(0)
    run_effects(s)


def _legal_reaction(s: State, p: int) -> list[Any]:
    out: list[Any] = [A.Neutralise(combo) for combo in neutralise_options(s)]
    if can_request(s):
        out.append(A.RequestHelp())
    out.append(A.TakeImpact())
    return out


def _legal_discard(s: State, p: int) -> list[Any]:
    n = s.choice["n"]
    return [A.ChooseDiscard(combo) for combo in itertools.combinations(sorted(s.hands[p]), n)]


LEGAL = {"reaction": _legal_reaction, "discard": _legal_discard}
HANDLERS: dict[type, Any] = {
    A.Neutralise: _do_neutralise,
    A.TakeImpact: _do_take_impact,
    A.ChooseDiscard: _do_choose_discard,
}
