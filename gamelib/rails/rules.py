"""The rules engine: new game, legal actions, apply, turn order, the end of the game.

Citations name the rulebook's section headings (see docs/rules/rails.md): §Preparazione,
§Iniziare il gioco, §Prendere carte carro, §Carte Locomotiva, §Occupare le strade, §Punti,
§Prendere le carte Destinazione, §Fine del gioco, §Calcolo dei punti, §Contenuto; decisions the
rulebook leaves open are cited as §silent:<topic>.

``apply`` never mutates its input: it makes a shallow copy of the state and replaces each list
it changes with a fresh copy (only those), which keeps a step cheap.

One file although near 700 lines: a turn is one of four short actions (§Prendere carte carro,
§Occupare le strade, §Prendere le carte Destinazione, the tickets of §Preparazione), each a
self-contained function below its section banner, and they share the pile helpers and
``_end_turn``; scoring, the graph and saves already live in their own modules.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from gamelib.core import IllegalAction, new_rng_state, rng_from
from gamelib.rails import scoring
from gamelib.rails.actions import (
    CODEC,
    Action,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
)
from gamelib.rails.board import GREY, load, rules
from gamelib.rails.cards import (
    CARD_NAMES,
    COLORS,
    INDEX,
    LOCO,
    LOCOMOTIVE,
    empty_hand,
    full_deck,
    hand_to_dict,
)
from gamelib.rails.state import (
    NAME,
    OVER,
    SECOND_DRAW,
    SETUP,
    TICKETS,
    TURN,
    RailsState,
    copy_state,
    from_json,
    to_json,
)
from gamelib.validate import is_int, player_names

__all__ = [
    "NAME",
    "new_game",
    "legal_actions",
    "apply",
    "current_player",
    "is_over",
    "winners",
    "to_json",
    "from_json",
    "observation",
    "claim_actions",
]

BOARD = load()
ROUTES = BOARD.routes
_R = rules()
MIN_PLAYERS = int(_R["players"]["min"])
MAX_PLAYERS = int(_R["players"]["max"])
TRAINS = int(_R["trains_per_player"]["value"])
HAND = int(_R["starting_hand"]["value"])
SLOTS = int(_R["face_up_slots"]["value"])
SETUP_DEALT = int(_R["setup_tickets"]["dealt"])
SETUP_KEEP = int(_R["setup_tickets"]["keep_at_least"])
DRAW_DEALT = int(_R["drawn_tickets"]["dealt"])
DRAW_KEEP = int(_R["drawn_tickets"]["keep_at_least"])
WIPE = int(_R["face_up_locomotive_wipe"]["value"])
DOUBLE_MIN = int(_R["double_routes_both_open_from_players"]["value"])
LAST_ROUND = int(_R["last_round_trains"]["value"])
POINTS = scoring.ROUTE_POINTS


# --------------------------------------------------------------------------------------------
# Setup


def new_game(players: int | list[str], seed: int | None = None, **options: Any) -> RailsState:
    """A new game for 2-5 players (a count or a list of names), dealt as §Preparazione says:
    45 trains, 4 train cards each, 5 face up, 3 destination tickets each awaiting the choice."""
    if options:
        raise TypeError(f"rails.new_game takes no options, got {sorted(options)}")
    names = player_names(players, "§Contenuto")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise IllegalAction(
            "§Contenuto", "players.count", least=MIN_PLAYERS, most=MAX_PLAYERS, players=len(names)
        )
    rng = rng_from(new_rng_state(seed))
    deck = full_deck()
    rng.shuffle(deck)
    hands = []
    for _ in names:
        hand = empty_hand()
        for _ in range(HAND):
            hand[deck.pop()] += 1
        hands.append(hand)
    ticket_deck = list(range(len(BOARD.tickets)))
    rng.shuffle(ticket_deck)
    offers = [[ticket_deck.pop() for _ in range(SETUP_DEALT)] for _ in names]
    state = RailsState(
        names=names,
        rng=rng.getstate(),
        deck=deck,
        face_up=[-1] * SLOTS,
        discard=[],
        hands=hands,
        ticket_deck=ticket_deck,
        tickets=[[] for _ in names],
        offers=offers,
        trains=[TRAINS] * len(names),
        owner=[-1] * len(ROUTES),
        route_points=[0] * len(names),
        phase=SETUP,
        current=0,
        turn=0,
        actions=0,
        final_turns=-1,
        trigger=-1,
        passes=0,
        ended_by="",
    )
    holder = _Rng(state)
    _refill(state, holder)
    holder.save()
    return state


class _Rng:
    """The game's generator, restored from the state only if a shuffle is really needed."""

    __slots__ = ("state", "rng")

    def __init__(self, state: RailsState) -> None:
        self.state = state
        self.rng: Any = None

    def get(self) -> Any:
        if self.rng is None:
            self.rng = rng_from(self.state.rng)
        return self.rng

    def save(self) -> None:
        if self.rng is not None:
            self.state.rng = self.rng.getstate()


# --------------------------------------------------------------------------------------------
# Card piles (callers have already replaced deck, face_up and discard with their own copies).


def _draw_card(state: RailsState, rng: _Rng) -> int:
    """The top card of the deck; an empty deck is first rebuilt from the shuffled discards
    (§Prendere carte carro). -1 when both are empty (§silent:empty-deck)."""
    if not state.deck:
        if not state.discard:
            return -1
        state.deck, state.discard = state.discard, []
        rng.get().shuffle(state.deck)
    return state.deck.pop()


def _wipe_can_help(state: RailsState) -> bool:
    """Whether discarding the five face-up cards could show fewer than 3 locomotives: with too
    few coloured cards left anywhere, wiping again would loop forever (§silent:loco-wipe)."""
    pool = [c for c in state.face_up if c >= 0] + state.deck + state.discard
    colored = sum(1 for c in pool if c != LOCO)
    return colored >= min(SLOTS, len(pool)) - (WIPE - 1)


def _refill(state: RailsState, rng: _Rng) -> None:
    """Fill empty face-up slots from the deck; 3 face-up locomotives are discarded with the
    other two cards and five new cards are shown (§Carte Locomotiva), as often as needed."""
    for slot in range(SLOTS):
        if state.face_up[slot] < 0:
            card = _draw_card(state, rng)
            if card < 0:
                break
            state.face_up[slot] = card
    while state.face_up.count(LOCO) >= WIPE and _wipe_can_help(state):
        state.discard.extend(c for c in state.face_up if c >= 0)
        state.face_up = [-1] * SLOTS
        for slot in range(SLOTS):
            card = _draw_card(state, rng)
            if card < 0:
                break
            state.face_up[slot] = card


def _own_piles(new: RailsState) -> None:
    new.deck = list(new.deck)
    new.face_up = list(new.face_up)
    new.discard = list(new.discard)


def _own_hand(new: RailsState, player: int) -> list[int]:
    new.hands = list(new.hands)
    hand = new.hands[player] = list(new.hands[player])
    return hand


def _can_draw_second(state: RailsState) -> bool:
    """A second train card exists: the deck, the discards, or a face-up non-locomotive
    (§Carte Locomotiva: a face-up locomotive cannot be the second card)."""
    if state.deck or state.discard:
        return True
    return any(c >= 0 and c != LOCO for c in state.face_up)


# --------------------------------------------------------------------------------------------
# Protocol


def current_player(state: RailsState) -> int | None:
    """Who decides now (the same player for both draws of a turn); None once the game is over."""
    return None if state.phase == OVER else state.current


def is_over(state: RailsState) -> bool:
    return state.phase == OVER


def winners(state: RailsState) -> list[int]:
    """The winner(s) of a finished game (§Calcolo dei punti), [] while it is still going."""
    if state.phase != OVER:
        return []
    return scoring.winners(scoring.final_scores(state))


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


def _draw_actions(state: RailsState, second: bool) -> list[Action]:
    out: list[Action] = []
    if state.deck or state.discard:
        out.append(DrawDeck())
    seen: set[int] = set()
    for card in state.face_up:
        if card < 0 or card in seen or (second and card == LOCO):
            continue
        seen.add(card)
        out.append(DrawFaceUp(CARD_NAMES[card]))
    return out


def _keep_actions(state: RailsState) -> list[Action]:
    offer = sorted(state.offers[state.current])
    least = SETUP_KEEP if state.phase == SETUP else DRAW_KEEP
    least = min(least, len(offer))
    return [
        KeepTickets(combo)
        for size in range(len(offer), least - 1, -1)
        for combo in combinations(offer, size)
    ]


def legal_actions(state: RailsState) -> list[Action]:
    """Every action the player to move may take; [] once the game is over."""
    phase = state.phase
    if phase == OVER:
        return []
    if phase in (SETUP, TICKETS):
        return _keep_actions(state)
    if phase == SECOND_DRAW:
        return _draw_actions(state, second=True)
    return turn_actions(state, claim_actions(state))


def turn_actions(state: RailsState, claims: list[ClaimRoute]) -> list[Action]:
    """``legal_actions`` of a turn's start from its ``claims`` (a bot lists them only once)."""
    out = _draw_actions(state, second=False)
    out.extend(claims)
    if state.ticket_deck:
        out.append(DrawTickets())
    return out or [Pass()]


def _has_move(state: RailsState) -> bool:
    """Whether the player to move has any action but Pass (§silent:no-move)."""
    if state.deck or state.discard or any(c >= 0 for c in state.face_up) or state.ticket_deck:
        return True
    return bool(claim_actions(state))


# --------------------------------------------------------------------------------------------
# apply


def apply(state: RailsState, action: Action) -> RailsState:
    """The state after ``action``; raises IllegalAction (citing the rule) and changes nothing
    if the rules forbid it."""
    CODEC.check(action)
    if state.phase == OVER:
        raise IllegalAction("§Fine del gioco", "game.over")
    if isinstance(action, KeepTickets):
        return _keep(state, action)
    if isinstance(action, DrawDeck):
        return _draw_deck(state)
    if isinstance(action, DrawFaceUp):
        return _draw_face_up(state, action)
    if isinstance(action, ClaimRoute):
        return _claim(state, action)
    if isinstance(action, DrawTickets):
        return _draw_tickets(state)
    return _pass(state)


def _wrong_phase(state: RailsState) -> IllegalAction:
    """Why the player to move cannot start a new action now (setup, ticket choice, 2nd draw)."""
    if state.phase == SETUP:
        return IllegalAction("§Preparazione", "phase.setup_tickets", player=state.current)
    if state.phase == TICKETS:
        return IllegalAction("§Prendere le carte Destinazione", "phase.drawn_tickets")
    return IllegalAction("§Iniziare il gioco", "phase.second_card")


def _end_turn(new: RailsState, passed: bool = False) -> None:
    """Close the current player's turn: the last round (§Fine del gioco), the stalemate end
    (§silent:no-move), then the next player clockwise (§Iniziare il gioco)."""
    p = new.current
    n = new.players
    new.passes = new.passes + 1 if passed else 0
    new.turn += 1
    if new.final_turns >= 0:
        new.final_turns -= 1
        if new.final_turns == 0:
            new.phase = OVER
            new.ended_by = "trains"
            return
    elif new.trains[p] <= LAST_ROUND:
        # §Fine del gioco, §silent:last-round: every player, this one included, plays once more.
        new.final_turns = n
        new.trigger = p
    if new.passes >= n:
        new.phase = OVER
        new.ended_by = "stalemate"
        return
    new.current = (p + 1) % n
    new.phase = TURN


def _keep(state: RailsState, action: KeepTickets) -> RailsState:
    if state.phase not in (SETUP, TICKETS):
        raise IllegalAction("§Prendere le carte Destinazione", "tickets.none_offered")
    keep = action.tickets
    if not isinstance(keep, tuple) or not all(is_int(t) for t in keep):
        raise IllegalAction("§actions", "malformed.keep_tickets")
    p = state.current
    offer = state.offers[p]
    setup = state.phase == SETUP  # the § of a refusal: §Preparazione, else the ticket draw's
    if list(keep) != sorted(set(keep)):
        if setup:
            raise IllegalAction("§Preparazione", "tickets.order")
        raise IllegalAction("§Prendere le carte Destinazione", "tickets.order")
    missing = tuple(t for t in keep if t not in offer)
    if missing:
        offered = tuple(sorted(offer))
        if setup:
            raise IllegalAction(
                "§Preparazione", "tickets.not_offered", tickets=missing, offer=offered
            )
        raise IllegalAction(
            "§Prendere le carte Destinazione", "tickets.not_offered", tickets=missing, offer=offered
        )
    least = min(SETUP_KEEP if state.phase == SETUP else DRAW_KEEP, len(offer))
    if len(keep) < least:
        if setup:
            raise IllegalAction("§Preparazione", "tickets.too_few", least=least, dealt=len(offer))
        raise IllegalAction(
            "§Prendere le carte Destinazione", "tickets.too_few", least=least, dealt=len(offer)
        )
    new = copy_state(state)
    new.actions += 1
    new.tickets = list(state.tickets)
    new.tickets[p] = state.tickets[p] + list(keep)
    new.offers = list(state.offers)
    new.offers[p] = []
    returned = sorted(t for t in offer if t not in keep)
    if returned:  # under the deck: index 0 is the bottom
        new.ticket_deck = returned + state.ticket_deck
    if state.phase == SETUP:
        if p + 1 < state.players:
            new.current = p + 1
        else:  # §Iniziare il gioco: the first player starts (§silent:first-player)
            new.current = 0
            new.phase = TURN
    else:
        _end_turn(new)
    return new


def _check_draw_phase(state: RailsState) -> None:
    if state.phase not in (TURN, SECOND_DRAW):
        raise _wrong_phase(state)


def _after_draw(new: RailsState, ends_turn: bool) -> None:
    if ends_turn or new.phase == SECOND_DRAW:
        _end_turn(new)
        return
    new.phase = SECOND_DRAW
    if not _can_draw_second(new):  # §silent:empty-deck: nothing left to take
        _end_turn(new)


def _draw_deck(state: RailsState) -> RailsState:
    _check_draw_phase(state)
    if not state.deck and not state.discard:
        raise IllegalAction("§silent:empty-deck", "deck.empty")
    new = copy_state(state)
    new.actions += 1
    _own_piles(new)
    rng = _Rng(new)
    card = _draw_card(new, rng)
    _own_hand(new, state.current)[card] += 1
    rng.save()
    _after_draw(new, ends_turn=False)
    return new


def _draw_face_up(state: RailsState, action: DrawFaceUp) -> RailsState:
    _check_draw_phase(state)
    if not isinstance(action.color, str):
        raise IllegalAction("§actions", "malformed.draw_face_up")
    kind = INDEX.get(action.color, -1)
    if kind < 0 or kind not in state.face_up:
        shown = tuple(CARD_NAMES[c] for c in state.face_up if c >= 0)
        raise IllegalAction(
            "§Prendere carte carro", "face_up.missing", card=action.color, shown=shown
        )
    if kind == LOCO and state.phase == SECOND_DRAW:
        raise IllegalAction("§Carte Locomotiva", "face_up.locomotive_second")
    new = copy_state(state)
    new.actions += 1
    _own_piles(new)
    new.face_up[new.face_up.index(kind)] = -1
    _own_hand(new, state.current)[kind] += 1
    rng = _Rng(new)
    _refill(new, rng)
    rng.save()
    # §Carte Locomotiva: a face-up locomotive is both draws; the turn ends at once.
    _after_draw(new, ends_turn=kind == LOCO)
    return new


def _claim(state: RailsState, action: ClaimRoute) -> RailsState:
    if state.phase != TURN:
        raise _wrong_phase(state)
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
    hand = _own_hand(new, p)
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
        rng = _Rng(new)
        _refill(new, rng)
        rng.save()
    _end_turn(new)
    return new


def _draw_tickets(state: RailsState) -> RailsState:
    if state.phase != TURN:
        raise _wrong_phase(state)
    if not state.ticket_deck:
        raise IllegalAction("§Prendere le carte Destinazione", "tickets.deck_empty")
    new = copy_state(state)
    new.actions += 1
    take = min(DRAW_DEALT, len(state.ticket_deck))  # "prendere le carte rimanenti"
    new.ticket_deck = state.ticket_deck[: len(state.ticket_deck) - take]
    drawn = state.ticket_deck[len(state.ticket_deck) - take :][::-1]
    new.offers = list(state.offers)
    new.offers[state.current] = drawn
    new.phase = TICKETS
    return new


def _pass(state: RailsState) -> RailsState:
    if state.phase != TURN:
        raise _wrong_phase(state)
    if _has_move(state):
        raise IllegalAction("§silent:no-move", "pass.can_move")
    new = copy_state(state)
    new.actions += 1
    _end_turn(new, passed=True)
    return new


# --------------------------------------------------------------------------------------------
# What a player may see


def observation(state: RailsState, player: int) -> dict[str, Any]:
    """What ``player`` sees: their own hand, tickets and offer; of the others only counts; the
    deck only by its size. Once the game is over every ticket is revealed, as at the table."""
    if not 0 <= player < state.players:
        raise ValueError(f"no player {player} in a game of {state.players}")
    tickets = BOARD.tickets
    mine = scoring.player_routes(state, player)

    def ticket_view(tid: int) -> dict[str, Any]:
        t = tickets[tid]
        return {
            "id": t.id,
            "a": t.a,
            "b": t.b,
            "points": t.points,
            "completed": scoring.ticket_completed(mine, t),
        }

    obs: dict[str, Any] = {
        "game": NAME,
        "player": player,
        "names": list(state.names),
        "current_player": current_player(state),
        "phase": state.phase,
        "turn": state.turn,
        "face_up": [CARD_NAMES[c] if c >= 0 else None for c in state.face_up],
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "ticket_deck_size": len(state.ticket_deck),
        "owners": [o if o >= 0 else None for o in state.owner],
        "trains": list(state.trains),
        "route_points": list(state.route_points),
        "hand_sizes": [sum(h) for h in state.hands],
        "ticket_counts": [len(t) for t in state.tickets],
        "offer_counts": [len(o) for o in state.offers],
        "hand": hand_to_dict(state.hands[player]),
        "tickets": [ticket_view(t) for t in state.tickets[player]],
        "offer": [ticket_view(t) for t in sorted(state.offers[player])],
        "last_round": state.final_turns >= 0,
        "turns_left": state.final_turns if state.final_turns >= 0 else None,
        "ended_by": state.ended_by or None,
    }
    if state.phase == OVER:
        obs["final"] = [s.to_dict() for s in scoring.final_scores(state)]
        obs["winners"] = winners(state)
    return obs
