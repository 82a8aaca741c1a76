"""Which moves of the Collaborazione (§Struttura.3) and of a Pentaqo window (§Carte speciali di
Controllo) can change this threat's outcome: the rules' own test (a card counts against the
threat, :func:`.controls.helps`) applied to a player's choices, for the bots and the table.

Every query reads only what the player deciding may know (their hand, the threat, the public
piles and hand counts) and returns a subset of ``legal_actions``, so a table that offers just
these never hides a move that matters nor leaks another player's cards.
"""

from __future__ import annotations

from typing import Any

from . import actions as A
from .cards import DECK_SIZE, card
from .collaboration import can_request
from .controls import helps, in_force
from .impacts import targets_for
from .state import State
from .table import clockwise_from, kind

# Impatti whose damage depends on the cards in hand when they strike: a Pentaqo played first
# changes them (two more cards to lose at random, or one that protects a Data card).
_HAND_SENSITIVE = frozenset({"discard_random", "discard_category", "give_left", "swap_left"})


def stops_threat(s: State, cid: int) -> bool:
    """Whether control card ``cid`` counts against the threat on the table (§Carte Controllo)."""
    return s.threat is not None and helps(cid, s.threat)


def useful_offers(s: State) -> list[Any]:
    """The floor holder's offers that can stop the threat (§Struttura.3), a subset of the legal
    ones. A helper offers the active player a card that counts against it (free, or traded for
    a control card or a Data card); the active player (the asker) trades a card that does not
    count, or a Data card, for a control card of the partner's choice. Offers between two
    players who do not face the threat stop nothing and are left out."""
    if s.phase != "collab" or s.collab["offers_left"] <= 0:
        return []
    p, a = s.collab["floor"][0], s.active
    out: list[Any] = []
    if p != a:
        for c in sorted(s.hands[p]):
            if stops_threat(s, c):
                out.append(A.OfferCard(a, c))
                if s.hands[a]:
                    out.append(A.OfferTrade(a, c, "control"))
                if len(s.data[a]) >= 2:
                    out.append(A.OfferTrade(a, c, "data"))
        return out
    spare = [c for c in sorted(s.hands[a]) if not stops_threat(s, c)]
    for q in clockwise_from(s, a):
        if q == a or not s.hands[q]:
            continue
        out.extend(A.OfferTrade(q, c, "control") for c in spare)
        if len(s.data[a]) >= 2:
            out.append(A.OfferTrade(q, None, "control"))
    return out


def useful_payments(s: State) -> list[Any]:
    """How the recipient of a pending trade that asks for a control card may pay so the trade
    serves the threat (§Struttura.3): to the active player, a card that counts against it; as
    the active player, a card that does not (the ones that count are kept for the threat; if
    every card counts, any). Empty when the offer asks no control card, or when nothing the
    recipient holds serves (a trade between two players who do not face the threat)."""
    if s.phase != "offer" or s.offer["ask"] != "control":
        return []
    o, q = s.offer, s.offer["to"]
    hand = sorted(s.hands[q])
    if o["from"] == s.active:
        return [A.AcceptOffer(c) for c in hand if stops_threat(s, c)]
    if q == s.active:
        spare = [c for c in hand if not stops_threat(s, c)]
        return [A.AcceptOffer(c) for c in spare or hand]
    return []


def _may_be_elsewhere(s: State) -> int:
    """How many cards that count against the threat the active player cannot see: neither in
    their hand nor in the control discard pile (§Scarto: it is public)."""
    seen = set(s.hands[s.active]) | set(s.control_discard)
    total = DECK_SIZE * s.copies
    return sum(1 for c in range(total) if c not in seen and helps(c, s.threat))


def _round_brought_nothing(s: State) -> bool:
    """Whether the last help round on this threat ended without a card reaching the asker: the
    others saw the same threat and hands then, so asking again would change nothing."""
    got = False
    for e in reversed(s.events):
        if e.get("turn") != s.turn:
            return False
        if e["type"] == "accept" and s.active in (e["player"], e.get("other")):
            got = True
        if e["type"] == "help":
            return not got
    return False


def help_can_help(s: State) -> bool:
    """Whether asking for help (§Struttura.3) can still change this threat's outcome: the rules
    allow another round, the asker still lacks the countermeasures it needs (a Logiquo aside:
    spending one is a loss worth avoiding), someone else holds a control card, a card that
    counts may be in another hand, and the last round on this threat was not fruitless."""
    if s.phase != "reaction" or s.threat is None or not can_request(s):
        return False
    a = s.active
    need = in_force(s)["controls_required"]
    own = sum(1 for c in s.hands[a] if stops_threat(s, c) and kind(c) != "logiquo")
    if own >= need:
        return False
    if not any(s.hands[q] for q in range(len(s.players)) if q != a and s.alive[q]):
        return False
    return _may_be_elsewhere(s) > 0 and not _round_brought_nothing(s)


def window_matters(s: State) -> bool:
    """Whether a Pentaqo played now, in the window (§Carte speciali di Controllo), can change
    what this threat does to the player asked: its Impatti reach them (Multiplo) and take cards
    from the hand, or spare a Data card to whoever holds a category. Otherwise a Pentaqo played
    later, at any of their own decisions, does the same."""
    if s.phase != "window" or s.threat is None:
        return False
    p = s.window[0]
    if p not in targets_for(s, s.threat):
        return False
    return any(
        e["op"] in _HAND_SENSITIVE or e.get("unless_holding") for e in card(s.threat).impacts
    )
