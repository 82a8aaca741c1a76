"""§Occupare le strade and §Punti: claiming a route, paid at once with cards of one colour and
locomotives; double routes; the route's points scored at once.

:func:`claim_actions` is the hot loop of ``legal_actions`` (and of the bots): it walks a table
of the routes a player's trains and cards could pay, with shared action objects.
"""

from __future__ import annotations

from gamelib.core import IllegalAction
from gamelib.rails import scoring
from gamelib.rails.actions import ClaimRoute
from gamelib.rails.board import GREY
from gamelib.rails.cards import CARD_NAMES, COLORS, INDEX, LOCO, LOCOMOTIVE
from gamelib.rails.draws import Rng, own_hand, refill
from gamelib.rails.limits import DOUBLE_MIN, ROUTES, WIPE
from gamelib.rails.state import TURN, RailsState, copy_state
from gamelib.rails.turn import end_turn, wrong_phase
from gamelib.validate import is_int

POINTS = scoring.ROUTE_POINTS


def claim_blocker(state: RailsState, player: int, route_id: int) -> IllegalAction | None:
    """Why ``player`` may not claim this route now whatever the cards: the refusal (a code and
    its values, for the widgets to word), or None."""
    route = ROUTES[route_id]
    owner = state.owner[route_id]
    if owner == player:
        return IllegalAction("§Occupare le strade", "route.yours", route=route_id)
    if owner != -1:
        return IllegalAction("§Occupare le strade", "route.taken", route=route_id, owner=owner)
    if route.twin is not None:
        twin_owner = state.owner[route.twin]
        if twin_owner == player:
            return IllegalAction("§Occupare le strade", "route.twin_yours", route=route_id)
        if twin_owner != -1 and state.players < DOUBLE_MIN:
            return IllegalAction(
                "§Occupare le strade", "route.twin_closed", route=route_id, players=state.players
            )
    if state.trains[player] < route.length:
        return IllegalAction(
            "§Occupare le strade",
            "route.short_of_trains",
            route=route_id,
            length=route.length,
            trains=state.trains[player],
        )
    return None


# (id, length, twin or -1, card kinds that may pay it): the hot loop of legal_actions
_ROUTE_INFO = tuple(
    (
        r.id,
        r.length,
        -1 if r.twin is None else r.twin,
        tuple(range(LOCO)) if r.color == GREY else (INDEX[r.color],),
    )
    for r in ROUTES
)
_LONGEST = max(info[1] for info in _ROUTE_INFO)  # _UPTO[n]: the routes of n trains at most
_UPTO = tuple(tuple(info for info in _ROUTE_INFO if info[1] <= n) for n in range(_LONGEST + 1))
_CLAIMS: dict[tuple[int, int, int], ClaimRoute] = {}


def _claim_action(route_id: int, kind: int, locos: int) -> ClaimRoute:
    """Shared ClaimRoute objects (they are frozen): building thousands per second is costly."""
    key = (route_id, kind, locos)
    action = _CLAIMS.get(key)
    if action is None:
        action = _CLAIMS[key] = ClaimRoute(route_id, CARD_NAMES[kind], locos)
    return action


def claim_actions(state: RailsState, player: int | None = None) -> list[ClaimRoute]:
    """Every distinct way ``player`` can pay for every route open to them (§Occupare le strade):
    the colour (any one colour on grey) and how many locomotives replace coloured cards."""
    p = state.current if player is None else player
    hand = state.hands[p]
    trains = state.trains[p]
    owner = state.owner
    locos = hand[LOCO]
    most = max(hand[:LOCO]) + locos
    few = state.players < DOUBLE_MIN
    out: list[ClaimRoute] = []
    for rid, length, twin, kinds in _UPTO[min(trains, most, _LONGEST)]:
        if owner[rid] != -1:
            continue
        if twin >= 0:
            twin_owner = owner[twin]
            if twin_owner != -1 and (twin_owner == p or few):
                continue
        for kind in kinds:
            have = hand[kind]
            if not have:
                continue
            for k in range(max(0, length - have), min(locos, length - 1) + 1):
                out.append(_claim_action(rid, kind, k))
        if locos >= length:
            out.append(_claim_action(rid, LOCO, length))
    return out


def claim(state: RailsState, action: ClaimRoute) -> RailsState:
    if state.phase != TURN:
        raise wrong_phase(state)
    route_id, color, locos = action.route, action.color, action.locomotives
    if not (is_int(route_id) and isinstance(color, str) and is_int(locos)):
        raise IllegalAction("§actions", "malformed.claim_route")
    if not 0 <= route_id < len(ROUTES):
        raise IllegalAction("§Occupare le strade", "route.unknown", route=route_id)
    p = state.current
    blocked = claim_blocker(state, p, route_id)
    if blocked:
        raise blocked
    route = ROUTES[route_id]
    length = route.length
    if not 0 <= locos <= length:
        raise IllegalAction(
            "§Occupare le strade", "claim.locomotives", length=length, locomotives=locos
        )
    hand = state.hands[p]
    if locos == length:
        if color != LOCOMOTIVE:
            raise IllegalAction(
                "§Occupare le strade", "claim.all_locomotives", length=length, colour=color
            )
        kind = -1
    else:
        kind = INDEX.get(color, -1)
        if not 0 <= kind < LOCO:
            raise IllegalAction(
                "§Occupare le strade", "claim.not_a_colour", colour=color, colours=COLORS
            )
        if route.color != GREY and color != route.color:
            raise IllegalAction(
                "§Occupare le strade",
                "claim.wrong_colour",
                route=route_id,
                route_colour=route.color,
                colour=color,
            )
        if hand[kind] < length - locos:
            raise IllegalAction(
                "§Occupare le strade",
                "claim.short_of_cards",
                colour=color,
                need=length - locos,
                have=hand[kind],
            )
    if hand[LOCO] < locos:
        raise IllegalAction(
            "§Occupare le strade", "claim.short_of_locomotives", need=locos, have=hand[LOCO]
        )
    new = copy_state(state)
    new.actions += 1
    hand = own_hand(new, p)
    new.discard = list(state.discard)
    if kind >= 0:
        hand[kind] -= length - locos
        new.discard.extend([kind] * (length - locos))
    hand[LOCO] -= locos
    new.discard.extend([LOCO] * locos)
    new.owner = list(state.owner)
    new.owner[route_id] = p
    new.trains = list(state.trains)
    new.trains[p] -= length
    new.route_points = list(state.route_points)
    new.route_points[p] += POINTS[length]  # §Punti
    if -1 in new.face_up or new.face_up.count(LOCO) >= WIPE:
        # the piles had run dry, or held too few coloured cards to wipe 3 locomotives
        # (§silent:loco-wipe): the new discards refill the display / make the wipe possible
        new.deck = list(state.deck)
        new.face_up = list(state.face_up)
        rng = Rng(new)
        refill(new, rng)
        rng.save()
    end_turn(new)
    return new


# The rule of this module's action, merged by ``rules.apply``.
HANDLERS = {ClaimRoute: claim}
