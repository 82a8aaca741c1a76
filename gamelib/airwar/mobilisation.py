"""§Stadio Mobilitazione: the start of a turn (draw 2, aircraft and lasting Battle cards back
to the hand) and putting airbases, carriers and War cards into play.

Where the rulebook is silent: an empty deck is rebuilt from the shuffled discard pile.
"""

from __future__ import annotations

from typing import Any

from gamelib.core import IllegalAction, rng_from

from .actions import EndMobilisation, Mobilise
from .cards import SIDES
from .state import AirWarState
from .values import CARDS, S_MOB, K, Step, ev


def start_turn(s: AirWarState) -> None:
    """§Stadio Mobilitazione: draw 2 (not on the first turn of the game), grounded aircraft
    and attached Battle cards come back to the hand."""
    p = s.active
    s.stage = "mobilisation"
    s.step = "mobilise"
    if s.turn > 1:
        n = K["draw_per_turn"]
        if len(s.deck[p]) < n and s.discard[p]:
            # Silent rulebook: an empty deck is rebuilt from the shuffled discard pile.
            rng = rng_from(s.rng)
            pile = s.discard[p][:]
            rng.shuffle(pile)
            s.rng = rng.getstate()
            s.deck[p].extend(pile)
            s.discard[p].clear()
            ev(s, "reshuffle", side=SIDES[p], count=len(pile))
        n = min(n, len(s.deck[p]))
        s.hand[p].extend(s.deck[p][:n])
        del s.deck[p][:n]
        ev(s, "draw", side=SIDES[p], count=n)
    back = 0
    # Lists, not dict order, fix the order of the hand (a save sorts dict keys).
    for host in s.bases[p] + s.carriers[p]:
        planes = s.grounded[p][host]
        back += len(planes)
        s.hand[p].extend(planes)
        planes.clear()
    back += len(s.attached[p])
    s.hand[p].extend(sorted(s.attached[p]))
    s.attached[p].clear()
    ev(s, "turn", turn=s.turn, side=SIDES[p], returned=back)


def _mobilise(s: AirWarState, a: Mobilise) -> None:
    """§Stadio Mobilitazione: the card stays face up in play until destroyed."""
    p = s.active
    s.hand[p].remove(a.card)
    kind = CARDS[a.card].kind
    if kind == "airbase":
        s.bases[p].append(a.card)
        s.grounded[p][a.card] = []
    elif kind == "carrier":
        s.carriers[p].append(a.card)
        s.grounded[p][a.card] = []
    else:
        s.war[p][a.card] = a.base
    ev(s, "mobilise", side=SIDES[p], card=a.card, base=a.base)


def _legal(s: AirWarState) -> list[Any]:
    p = s.active
    out: list[Any] = []
    for c in s.hand[p]:
        kind = CARDS[c].kind
        if kind in ("airbase", "carrier"):
            out.append(Mobilise(c))
        elif kind == "war":
            out.extend(Mobilise(c, b) for b in s.bases[p])
    out.append(EndMobilisation())
    return out


def _why_mobilise(s: AirWarState, a: Mobilise) -> IllegalAction:
    card = CARDS.get(a.card)
    if a.card not in s.hand[s.active]:
        return IllegalAction("§Stadio Mobilitazione", "mobilise.not_in_hand", card=a.card)
    if card is None or card.kind not in ("airbase", "carrier", "war"):
        return IllegalAction("§Stadio Mobilitazione", "mobilise.wrong_kind", card=a.card)
    if card.kind == "war":
        return IllegalAction("§Stadio Mobilitazione", "mobilise.war_needs_base", card=a.card)
    return IllegalAction("§Stadio Mobilitazione", "mobilise.host_alone", card=a.card)


STEPS = {"mobilise": Step(S_MOB, "the Mobilisation stage", (Mobilise, EndMobilisation), _legal)}
HANDLERS: dict[type, Any] = {Mobilise: _mobilise}
WHY: dict[type, Any] = {Mobilise: _why_mobilise}
