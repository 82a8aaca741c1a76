"""What every Rails state must satisfy, whether it comes from ``apply`` or from a loaded save.

:func:`check_state` is the one judge: the invariant tests call it after every action of a
thousand random games, ``from_json`` refuses a save it rejects, and ``benchmarks/soak.py`` runs
it over ten thousand games. It returns the first problem in words (``None`` when sound), so a
failing test or a refused save says what broke.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gamelib.rails import scoring
from gamelib.rails.board import load, rules
from gamelib.rails.cards import KINDS, LOCO, full_deck
from gamelib.rails.state import OVER, PHASES, SECOND_DRAW, SETUP, TICKETS, RailsState

_R = rules()
_BOARD = load()
_LENGTHS = tuple(r.length for r in _BOARD.routes)
_DOUBLES = tuple((r.id, r.twin) for r in _BOARD.routes if r.double_index == 0)
_FULL = Counter(full_deck())
_TICKETS = list(range(len(_BOARD.tickets)))
_MIN, _MAX = int(_R["players"]["min"]), int(_R["players"]["max"])
_TRAINS = int(_R["trains_per_player"]["value"])
_SLOTS = int(_R["face_up_slots"]["value"])
_SETUP_DEALT = int(_R["setup_tickets"]["dealt"])
_SETUP_KEEP = int(_R["setup_tickets"]["keep_at_least"])
_DRAW_DEALT = int(_R["drawn_tickets"]["dealt"])
_WIPE = int(_R["face_up_locomotive_wipe"]["value"])
_DOUBLE_MIN = int(_R["double_routes_both_open_from_players"]["value"])
_LAST_ROUND = int(_R["last_round_trains"]["value"])
_ENDINGS = {"": False, "trains": True, "stalemate": True}


def _is_int(x: Any) -> bool:
    return type(x) is int


def _ints(value: Any) -> bool:
    return type(value) is list and all(type(x) is int for x in value)


def _types(s: RailsState) -> str | None:
    """Field types first, so the checks below can compare numbers safely."""
    if type(s.names) is not list or not all(type(x) is str for x in s.names):
        return "the player names are not a list of text"
    for name in ("deck", "face_up", "discard", "ticket_deck", "trains", "owner", "route_points"):
        if not _ints(getattr(s, name)):
            return f"{name} is not a list of whole numbers"
    for name in ("hands", "tickets", "offers"):
        value = getattr(s, name)
        if type(value) is not list or not all(_ints(v) for v in value):
            return f"{name} is not a list of lists of whole numbers"
    for name in ("current", "turn", "actions", "final_turns", "trigger", "passes"):
        if not _is_int(getattr(s, name)):
            return f"{name} is not a whole number"
    if type(s.phase) is not str or type(s.ended_by) is not str:
        return "the phase or the ending is not text"
    if type(s.rng) is not tuple:
        return "the random-number state is missing"
    return None


def _cards(s: RailsState) -> str | None:
    """§Contenuto: the 110 train cards, kind by kind, and the 30 tickets, each exactly once."""
    if len(s.face_up) != _SLOTS or any(not -1 <= c < KINDS for c in s.face_up):
        return f"the face-up display is not {_SLOTS} slots of card kinds"
    if any(not 0 <= c < KINDS for c in s.deck + s.discard):
        return "the deck or the discard pile holds an unknown card kind"
    if any(len(h) != KINDS or min(h) < 0 for h in s.hands):
        return f"a hand is not {KINDS} non-negative counts"
    seen = Counter(s.deck) + Counter(s.discard) + Counter(c for c in s.face_up if c >= 0)
    for hand in s.hands:
        seen.update({k: hand[k] for k in range(KINDS) if hand[k]})
    if seen != _FULL:
        return "the train cards are not the 110 of the game, kind by kind (§Contenuto)"
    ids = list(s.ticket_deck)
    for lst in (*s.tickets, *s.offers):
        ids += lst
    if sorted(ids) != _TICKETS:
        return "the destination tickets are not the 30 of the game, each once (§Contenuto)"
    return None


def _board(s: RailsState) -> str | None:
    """Routes, trains and the running score agree (§Occupare le strade, §Punti)."""
    n = s.players
    if len(s.owner) != len(_LENGTHS) or any(not -1 <= o < n for o in s.owner):
        return "the route owners do not fit the board and the players"
    placed = [0] * n
    for rid, p in enumerate(s.owner):
        if p >= 0:
            placed[p] += _LENGTHS[rid]
    if s.trains != [_TRAINS - x for x in placed]:
        return f"trains left are not {_TRAINS} minus the routes claimed (§Occupare le strade)"
    if s.route_points != scoring.route_points(s.owner, n):
        return "the running route points do not match the routes owned (§Punti)"
    for a, b in _DOUBLES:
        oa, ob = s.owner[a], s.owner[b]
        if oa >= 0 and ob >= 0 and (oa == ob or n < _DOUBLE_MIN):
            return f"both routes {a} and {b} of a double are taken (§Occupare le strade)"
    return None


def _display(s: RailsState) -> str | None:
    """§Prendere carte carro, §Carte Locomotiva: the five face-up cards."""
    if -1 in s.face_up and (s.deck or s.discard):
        return "a face-up slot is empty while cards are left to show (§Prendere carte carro)"
    if s.face_up.count(LOCO) >= _WIPE:
        pool = [c for c in s.face_up if c >= 0] + s.deck + s.discard
        if sum(c != LOCO for c in pool) >= min(_SLOTS, len(pool)) - (_WIPE - 1):
            return f"{_WIPE} face-up locomotives were not wiped (§Carte Locomotiva)"
    return None


def _turn(s: RailsState) -> str | None:
    """Phase, offers and the end of the game fit together (§Preparazione, §Fine del gioco)."""
    n = s.players
    if not 0 <= s.current < n:
        return f"the player to move {s.current} is not a seat"
    if s.turn < 0 or s.actions < s.turn or not 0 <= s.passes <= n:
        return "the turn, action or pass counters are out of range"
    offers = [len(o) for o in s.offers]
    if s.phase == SETUP:
        want = [0 if p < s.current else _SETUP_DEALT for p in range(n)]
        if offers != want or s.turn:
            return "setup offers do not follow the seats still to choose (§Preparazione)"
        if any(len(s.tickets[p]) < _SETUP_KEEP for p in range(s.current)):
            return f"a player kept fewer than {_SETUP_KEEP} tickets at setup (§Preparazione)"
        return None
    if any(len(t) < _SETUP_KEEP for t in s.tickets):
        return f"a player holds fewer than {_SETUP_KEEP} tickets (§Preparazione)"
    if s.phase == TICKETS:
        if not 1 <= offers[s.current] <= _DRAW_DEALT or sum(offers) != offers[s.current]:
            return "the ticket choice has no offer (§Prendere le carte Destinazione)"
    elif any(offers):
        return "tickets are offered outside a ticket choice"
    if s.phase == SECOND_DRAW and not (
        s.deck or s.discard or any(c >= 0 and c != LOCO for c in s.face_up)
    ):
        return "a second draw with no card to take (§silent:empty-deck)"
    if not -1 <= s.final_turns <= n or not -1 <= s.trigger < n:
        return "the last-round counters are out of range (§Fine del gioco)"
    if (s.final_turns >= 0) != (s.trigger >= 0):
        return "the last round has no trigger, or a trigger without a last round"
    if s.trigger >= 0 and s.trains[s.trigger] > _LAST_ROUND:
        return f"the last round was triggered with more than {_LAST_ROUND} trains (§Fine del gioco)"
    over = s.phase == OVER
    if _ENDINGS.get(s.ended_by) is not over:
        return f"the game ending {s.ended_by!r} does not match the phase {s.phase!r}"
    if over and s.ended_by == "trains" and s.final_turns != 0:
        return "the game ended by trains before the last round was played (§Fine del gioco)"
    if not over and s.final_turns == 0:
        return "the last round is finished but the game goes on (§Fine del gioco)"
    return None


def check_state(state: RailsState) -> str | None:
    """The first way ``state`` could not come from a real game, in words; None when sound."""
    problem = _types(state)
    if problem:
        return problem
    n = state.players
    if not _MIN <= n <= _MAX:
        return f"Rails is played by {_MIN} to {_MAX}, not {n} (§Contenuto)"
    if state.phase not in PHASES:
        return f"unknown phase {state.phase!r}"
    for name in ("hands", "tickets", "offers", "trains", "route_points"):
        if len(getattr(state, name)) != n:
            return f"{name} does not match the {n} players"
    return _cards(state) or _board(state) or _display(state) or _turn(state)
