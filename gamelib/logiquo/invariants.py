"""What every Logiquo state must satisfy, whether it comes from ``apply`` or from a loaded save.

:func:`check_state` is the one judge: the invariant tests call it after every action of a
thousand random games, ``from_json`` refuses a save it rejects, and ``benchmarks/soak.py`` runs
it over ten thousand games. It reads the cards and the state, not the engine, and returns the
first problem in words (``None`` when sound): every card somewhere exactly once and of the
right kind for its pile (§Componenti), players in the game holding Data (§Fine del Gioco), and
the window, collaboration, offer, discard choice and queued effects fitting the phase, so a
loaded game can always go on.
"""

from __future__ import annotations

from typing import Any

from gamelib.core import Problem
from gamelib.logiquo.cards import DECK_SIZE, load, rules
from gamelib.logiquo.state import PHASES, STAT_KEYS, State

_R = rules()
_CARDS = load()
_KIND = tuple(c.kind for c in _CARDS)
_CONTROL = frozenset({"countermeasure", "logiquo", "pentaqo"})
_THREATS = frozenset({"threat", "anomaly"})
_EFFECTS = tuple(
    tuple(c.impacts) if c.kind == "threat" else tuple(c.effects) for c in _CARDS
)  # what a queued effect may be, by the card that queued it
_MAX_ROUNDS = int(_R["collaboration"]["max_rounds_per_threat"])
_MAX_OFFERS = int(_R["collaboration"]["max_offers_per_window"])
_FLAGS = {"no_redraw": bool, "no_collab": bool, "extra": int}
_ASK = (None, "control", "data")
_PILES = {  # pile -> the card kinds it may hold
    "threat_deck": _THREATS,
    "threat_discard": _THREATS,
    "anomalies": frozenset({"anomaly"}),
    "control_deck": _CONTROL,
    "control_discard": _CONTROL,
    "data_supply": frozenset({"data"}),
    "data_discard": frozenset({"data"}),
    "aside": frozenset({"rules"}),
}


def _kind(cid: int) -> str:
    return _KIND[cid % DECK_SIZE]


def _ints(value: Any) -> bool:
    return type(value) is list and all(type(x) is int for x in value)


def _seat(value: Any, n: int) -> bool:
    return type(value) is int and 0 <= value < n


def _types(s: State) -> Problem | None:
    """Field types first, so the checks below can compare and index safely."""
    if type(s.players) is not list or not all(type(p) is str for p in s.players):
        return Problem("types.player_names_not_list")
    for name in ("copies", "hand_size", "active", "turn", "step", "rounds_used"):
        if type(getattr(s, name)) is not int:
            return Problem("types.not_whole_number", name=name)
    for name in ("ending", "phase", "resume"):
        if type(getattr(s, name)) is not str:
            return Problem("types.not_text", name=name)
    if type(s.rng) is not tuple:
        return Problem("types.random_number_state_missing")
    for name in (*_PILES, "eliminated_at"):
        if not _ints(getattr(s, name)):
            return Problem("types.not_list_whole_numbers", name=name)
    for name in ("hands", "data"):
        value = getattr(s, name)
        if type(value) is not list or not all(_ints(v) for v in value):
            return Problem("types.not_list_lists_card", name=name)
    if type(s.alive) is not list or not all(type(a) is bool for a in s.alive):
        return Problem("types.alive_not_list_true")
    if s.threat is not None and type(s.threat) is not int:
        return Problem("types.threat_table_not_card")
    if not _ints(s.window):
        return Problem("types.pentaqo_window_not_list")
    for name in ("flags", "stats"):
        if type(getattr(s, name)) is not dict:
            return Problem("types.not_table", name=name)
    for name in ("collab", "offer", "choice"):
        if getattr(s, name) is not None and type(getattr(s, name)) is not dict:
            return Problem("types.not_table", name=name)
    if type(s.effects) is not list or any(type(e) is not dict for e in s.effects):
        return Problem("types.queued_effects_not_list")
    if type(s.events) is not list or any(type(e) is not dict for e in s.events):
        return Problem("types.events_not_list_tables")
    if s.winners is not None and not _ints(s.winners):
        return Problem("types.winners_not_list_seats")
    for name in ("decided_by", "end_reason"):
        if getattr(s, name) is not None and type(getattr(s, name)) is not str:
            return Problem("types.not_text", name=name)
    return None


def _setup(s: State) -> Problem | None:
    """§Componenti, §Preparazione: players, decks, hand size and ending are possible."""
    n = s.n_players
    if s.copies not in (1, 2) or not _R["min_players"] <= n <= _R["max_players"]:
        return Problem("setup.players_deck_not_game", n=n, copies=s.copies)
    if n > _R["players_per_deck"] * s.copies:
        return Problem("setup.players_need_merged_decks", n=n)
    control_total = (_R["deck"]["countermeasure"] + 2 + 4) * s.copies
    if not s.hand_size >= 1 or s.hand_size * n > control_total:
        return Problem("setup.hand_cannot_dealt_players", hand_size=s.hand_size, n=n)
    if s.ending not in _R["endings"]:
        return Problem("setup.unknown_ending", ending=s.ending)
    for name in ("hands", "data", "alive", "eliminated_at"):
        if len(getattr(s, name)) != n:
            return Problem("setup.does_not_match_players", name=name, n=n)
    if set(s.stats) != set(STAT_KEYS) or any(
        not _ints(v) or len(v) != n or min(v, default=0) < 0 for v in s.stats.values()
    ):
        return Problem("setup.statistics_do_not_match")
    return None


def _cards(s: State) -> Problem | None:
    """§Componenti: every card exactly once, each pile holding only its kinds of card."""
    if sorted(s.all_card_ids()) != list(range(DECK_SIZE * s.copies)):
        return Problem("cards.cards_do_not_add")
    for name, kinds in _PILES.items():
        if any(_kind(c) not in kinds for c in getattr(s, name)):
            return Problem("cards.holds_card_wrong_kind", name=name)
    if any(_kind(c) not in _CONTROL for hand in s.hands for c in hand):
        return Problem("cards.hand_holds_card_not")
    if any(_kind(c) != "data" for data in s.data for c in data):
        return Problem("cards.data_row_holds_card")
    if s.threat is not None and _kind(s.threat) != "threat":
        return Problem("cards.card_table_not_threat")
    return None


def _players(s: State) -> Problem | None:
    """§Fine del Gioco: who is still in, and who holds Data."""
    n = s.n_players
    over = s.phase == "over"
    if s.ending == "first_zero" and not all(s.alive):
        return Problem("players.player_eliminated_game_ends")
    for p in range(n):
        if s.alive[p] and s.eliminated_at[p] != 0 or not s.alive[p] and s.eliminated_at[p] < 1:
            return Problem("players.player_elimination_not_recorded", p=p)
        if s.alive[p] and not s.data[p] and not over:
            return Problem("players.player_game_no_data", p=p)
        if not s.alive[p] and s.data[p]:
            return Problem("players.eliminated_player_still_holds", p=p)
    if not _seat(s.active, n) or not over and not s.alive[s.active]:
        return Problem("players.active_player_not_player")
    if s.turn < 1 or s.step < 0 or not 0 <= s.rounds_used <= _MAX_ROUNDS:
        return Problem("players.turn_step_collaboration_counters")
    if over:
        if not s.winners or any(not _seat(p, n) for p in s.winners):
            return Problem("players.game_over_without_winners")
        if s.decided_by is None or s.end_reason is None:
            return Problem("players.game_over_without_reason")
    elif s.winners is not None or s.decided_by is not None or s.end_reason is not None:
        return Problem("players.winners_while_game_goes")
    return None


def _effect(s: State, item: dict[str, Any]) -> Problem | None:
    """A queued effect is one printed on the card that queued it, aimed at players."""
    source = item.get("source")
    targets = item.get("targets")
    if type(source) is not int or not 0 <= source < DECK_SIZE * s.copies:
        return Problem("effect.queued_effect_comes_from")
    if not _ints(targets) or any(not _seat(t, s.n_players) for t in targets):
        return Problem("effect.queued_effect_targets_no")
    printed = {k: v for k, v in item.items() if k not in ("source", "targets")}
    if printed not in _EFFECTS[source % DECK_SIZE]:
        return Problem("effect.queued_effect_not_printed", source=source)
    return None


def _phase(s: State) -> Problem | None:
    """The window, collaboration, offer and discard choice fit the phase (§Struttura)."""
    n, ph = s.n_players, s.phase
    if ph not in PHASES:
        return Problem("phase.unknown_phase", ph=ph)
    if s.resume not in ("draw", "end_turn"):
        return Problem("phase.unknown_resume", resume=s.resume)
    for key, value in s.flags.items():
        if key not in _FLAGS or type(value) is not _FLAGS[key]:
            return Problem("phase.unknown_flag", key=key, value=value)
        if value is False or key == "extra" and value < 0:
            return Problem("phase.flag_set", key=key, value=value)
    if ph == "over":
        return None
    if ph in ("window", "reaction", "collab", "offer") and s.threat is None:
        return Problem("phase.phase_no_threat_table", ph=ph)
    if bool(s.window) != (ph == "window"):
        return Problem("phase.pentaqo_window_outside_window")
    if s.window:
        if any(not _seat(p, n) or not s.alive[p] or p == s.active for p in s.window):
            return Problem("phase.pentaqo_window_holds_seat")
        if not any(_kind(c) == "pentaqo" for c in s.hands[s.window[0]]):
            return Problem("phase.pentaqo_window_asks_player")
    if (s.collab is not None) != (ph in ("collab", "offer")):
        return Problem("phase.collaboration_outside_collaboration_phases")
    if s.collab is not None:
        floor, left = s.collab.get("floor"), s.collab.get("offers_left")
        if set(s.collab) != {"floor", "offers_left"} or not _ints(floor) or not floor:
            return Problem("phase.collaboration_has_no_floor")
        if any(not _seat(p, n) or not s.alive[p] for p in floor):
            return Problem("phase.collaboration_floor_holds_seat")
        if type(left) is not int or not 0 <= left <= _MAX_OFFERS:
            return Problem("phase.collaboration_offers_left_out")
    if (s.offer is not None) != (ph == "offer"):
        return Problem("phase.offer_outside_offer_phase")
    if s.offer is not None:
        o = s.offer
        if set(o) != {"from", "to", "give", "ask"} or o["ask"] not in _ASK:
            return Problem("phase.offer_damaged")
        if o["from"] != s.collab["floor"][0] or not _seat(o["to"], n) or o["to"] == o["from"]:
            return Problem("phase.offer_not_between_floor")
        if not s.alive[o["to"]]:
            return Problem("phase.offer_made_player_out")
        give = o["give"]
        if give is None and o["ask"] != "control" or give is not None and type(give) is not int:
            return Problem("phase.offer_gives_nothing_something")
        if give is not None and give not in s.hands[o["from"]]:
            return Problem("phase.offer_gives_card_offerer")
    if (s.choice is not None) != (ph == "discard") or bool(s.effects) != (ph == "discard"):
        return Problem("phase.discard_choice_queued_effects")
    if s.choice is not None:
        c, head = s.choice, s.effects[0]
        if set(c) != {"player", "n", "source"} or not _seat(c["player"], n):
            return Problem("phase.discard_choice_damaged")
        if head.get("op") != "discard_choice" or head.get("targets", [None])[:1] != [c["player"]]:
            return Problem("phase.discard_choice_not_effect")
        if c["n"] != head.get("n") or c["source"] != head.get("source") or type(c["n"]) is not int:
            return Problem("phase.discard_choice_does_not")
        if not s.alive[c["player"]] or not 1 <= c["n"] < len(s.hands[c["player"]]):
            return Problem("phase.discard_choice_leaves_nothing")
    for item in s.effects:
        problem = _effect(s, item)
        if problem:
            return problem
    return None


def check_state(state: State) -> Problem | None:
    """The first way ``state`` could not come from a real game, in words; None when sound."""
    if type(state) is not State:
        return Problem("state.not_logiquo_state")
    return _types(state) or _setup(state) or _cards(state) or _players(state) or _phase(state)
