"""What every Rails state must satisfy, whether it comes from ``apply`` or from a loaded save.

:func:`check_state` is the one judge: the invariant tests call it after every action of a
thousand random games, ``from_json`` refuses a save it rejects, and ``benchmarks/soak.py`` runs
it over ten thousand games. It returns the first problem in words (``None`` when sound), so a
failing test or a refused save says what broke.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gamelib.core import Problem
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


def _types(s: RailsState) -> Problem | None:
    """Field types first, so the checks below can compare numbers safely."""
    if type(s.names) is not list or not all(type(x) is str for x in s.names):
        return Problem("types.player_names_not_list")
    for name in ("deck", "face_up", "discard", "ticket_deck", "trains", "owner", "route_points"):
        if not _ints(getattr(s, name)):
            return Problem("types.not_list_whole_numbers", name=name)
    for name in ("hands", "tickets", "offers"):
        value = getattr(s, name)
        if type(value) is not list or not all(_ints(v) for v in value):
            return Problem("types.not_list_lists_whole", name=name)
    for name in ("current", "turn", "actions", "final_turns", "trigger", "passes"):
        if not _is_int(getattr(s, name)):
            return Problem("types.not_whole_number", name=name)
    if type(s.phase) is not str or type(s.ended_by) is not str:
        return Problem("types.phase_ending_not_text")
    if type(s.rng) is not tuple:
        return Problem("types.random_number_state_missing")
    return None


def _cards(s: RailsState) -> Problem | None:
    """§Contenuto: the 110 train cards, kind by kind, and the 30 tickets, each exactly once."""
    if len(s.face_up) != _SLOTS or any(not -1 <= c < KINDS for c in s.face_up):
        return Problem("cards.face_up_display_not", slots=_SLOTS)
    if any(not 0 <= c < KINDS for c in s.deck + s.discard):
        return Problem("cards.deck_discard_pile_holds")
    if any(len(h) != KINDS or min(h) < 0 for h in s.hands):
        return Problem("cards.hand_not_non_negative", kinds=KINDS)
    seen = Counter(s.deck) + Counter(s.discard) + Counter(c for c in s.face_up if c >= 0)
    for hand in s.hands:
        seen.update({k: hand[k] for k in range(KINDS) if hand[k]})
    if seen != _FULL:
        return Problem("cards.train_cards_not_game")
    ids = list(s.ticket_deck)
    for lst in (*s.tickets, *s.offers):
        ids += lst
    if sorted(ids) != _TICKETS:
        return Problem("cards.destination_tickets_not_game")
    return None


def _board(s: RailsState) -> Problem | None:
    """Routes, trains and the running score agree (§Occupare le strade, §Punti)."""
    n = s.players
    if len(s.owner) != len(_LENGTHS) or any(not -1 <= o < n for o in s.owner):
        return Problem("board.route_owners_do_not")
    placed = [0] * n
    for rid, p in enumerate(s.owner):
        if p >= 0:
            placed[p] += _LENGTHS[rid]
    if s.trains != [_TRAINS - x for x in placed]:
        return Problem("board.trains_left_not_minus", trains=_TRAINS)
    if s.route_points != scoring.route_points(s.owner, n):
        return Problem("board.running_route_points_do")
    for a, b in _DOUBLES:
        oa, ob = s.owner[a], s.owner[b]
        if oa >= 0 and ob >= 0 and (oa == ob or n < _DOUBLE_MIN):
            return Problem("board.both_routes_double_taken", a=a, b=b)
    return None


def _display(s: RailsState) -> Problem | None:
    """§Prendere carte carro, §Carte Locomotiva: the five face-up cards."""
    if -1 in s.face_up and (s.deck or s.discard):
        return Problem("display.face_up_slot_empty")
    if s.face_up.count(LOCO) >= _WIPE:
        pool = [c for c in s.face_up if c >= 0] + s.deck + s.discard
        if sum(c != LOCO for c in pool) >= min(_SLOTS, len(pool)) - (_WIPE - 1):
            return Problem("display.face_up_locomotives_were", wipe=_WIPE)
    return None


def _turn(s: RailsState) -> Problem | None:
    """Phase, offers and the end of the game fit together (§Preparazione, §Fine del gioco)."""
    n = s.players
    if not 0 <= s.current < n:
        return Problem("turn.player_move_not_seat", current=s.current)
    if s.turn < 0 or s.actions < s.turn or not 0 <= s.passes <= n:
        return Problem("turn.turn_action_pass_counters")
    offers = [len(o) for o in s.offers]
    if s.phase == SETUP:
        want = [0 if p < s.current else _SETUP_DEALT for p in range(n)]
        if offers != want or s.turn:
            return Problem("turn.setup_offers_do_not")
        if any(len(s.tickets[p]) < _SETUP_KEEP for p in range(s.current)):
            return Problem("turn.player_kept_fewer_than", setup_keep=_SETUP_KEEP)
        return None
    if any(len(t) < _SETUP_KEEP for t in s.tickets):
        return Problem("turn.player_holds_fewer_than", setup_keep=_SETUP_KEEP)
    if s.phase == TICKETS:
        if not 1 <= offers[s.current] <= _DRAW_DEALT or sum(offers) != offers[s.current]:
            return Problem("turn.ticket_choice_has_no")
    elif any(offers):
        return Problem("turn.tickets_offered_outside_ticket")
    if s.phase == SECOND_DRAW and not (
        s.deck or s.discard or any(c >= 0 and c != LOCO for c in s.face_up)
    ):
        return Problem("turn.second_draw_no_card")
    if not -1 <= s.final_turns <= n or not -1 <= s.trigger < n:
        return Problem("turn.last_round_counters_out")
    if (s.final_turns >= 0) != (s.trigger >= 0):
        return Problem("turn.last_round_has_no")
    if s.trigger >= 0 and s.trains[s.trigger] > _LAST_ROUND:
        return Problem("turn.last_round_triggered_more", last_round=_LAST_ROUND)
    over = s.phase == OVER
    if _ENDINGS.get(s.ended_by) is not over:
        return Problem("turn.game_ending_does_not", ended_by=s.ended_by, phase=s.phase)
    if over and s.ended_by == "trains" and s.final_turns != 0:
        return Problem("turn.game_ended_trains_before")
    if not over and s.final_turns == 0:
        return Problem("turn.last_round_finished_but")
    return None


def check_state(state: RailsState) -> Problem | None:
    """The first way ``state`` could not come from a real game, in words; None when sound."""
    problem = _types(state)
    if problem:
        return problem
    n = state.players
    if not _MIN <= n <= _MAX:
        return Problem("state.rails_played_not", min=_MIN, max=_MAX, n=n)
    if state.phase not in PHASES:
        return Problem("state.unknown_phase", phase=state.phase)
    for name in ("hands", "tickets", "offers", "trains", "route_points"):
        if len(getattr(state, name)) != n:
            return Problem("state.does_not_match_players", name=name, n=n)
    return _cards(state) or _board(state) or _display(state) or _turn(state)
