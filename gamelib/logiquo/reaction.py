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
from .cards import card, label
from .collaboration import can_request
from .controls import helps, in_force, neutralise_options
from .impacts import targets_for
from .state import State
from .table import discard_controls, distinct_in_hand, draw_controls, kind, log, need_phase
from .turn import end_turn, run_effects


def _do_neutralise(s: State, a: A.Neutralise) -> None:
    need_phase(s, "reaction", "§Struttura.2", "neutralising")
    p = s.active
    distinct_in_hand(s, p, a.cards, "§Struttura.2")
    t = card(s.threat)
    for c in a.cards:
        if kind(c) == "logiquo" and t.special.get("logiquo", True) is False:
            raise IllegalAction("§Regole Speciali", f"threat {t.number} forbids Logiquo")
        if not helps(c, s.threat):
            raise IllegalAction(
                "§Carte Controllo", f"{label(c)} does not mitigate threat {t.number} ({t.code})"
            )
    need = in_force(s)["controls_required"]
    if len(a.cards) != need:
        rule = "§Regole Speciali" if need > 1 else "§Struttura.2"
        raise IllegalAction(rule, f"this threat needs exactly {need} control card(s) at once")
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
    need_phase(s, "reaction", "§Struttura.4", "taking the impacts")
    t = card(s.threat)
    targets = targets_for(s, s.threat)
    s.stats["suffered"][s.active] += 1
    log(s, type="impact", player=s.active, card=s.threat, targets=list(targets))
    s.effects = [{**e, "targets": targets[:], "source": s.threat} for e in t.impacts]
    s.resume = "end_turn"
    run_effects(s)


def _do_choose_discard(s: State, a: A.ChooseDiscard) -> None:
    need_phase(s, "discard", "§Carte Minaccia", "choosing cards to discard")
    p = s.choice["player"]
    n = s.choice["n"]
    distinct_in_hand(s, p, a.cards, "§Carte Minaccia")
    if len(a.cards) != n:
        raise IllegalAction("§Carte Minaccia", f"discard exactly {n} control card(s)")
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
