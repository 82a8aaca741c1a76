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


def _types(s: State) -> str | None:
    """Field types first, so the checks below can compare and index safely."""
    if type(s.players) is not list or not all(type(p) is str for p in s.players):
        return "the player names are not a list of text"
    for name in ("copies", "hand_size", "active", "turn", "step", "rounds_used"):
        if type(getattr(s, name)) is not int:
            return f"{name} is not a whole number"
    for name in ("ending", "phase", "resume"):
        if type(getattr(s, name)) is not str:
            return f"{name} is not text"
    if type(s.rng) is not tuple:
        return "the random-number state is missing"
    for name in (*_PILES, "eliminated_at"):
        if not _ints(getattr(s, name)):
            return f"{name} is not a list of whole numbers"
    for name in ("hands", "data"):
        value = getattr(s, name)
        if type(value) is not list or not all(_ints(v) for v in value):
            return f"{name} is not a list of lists of card ids"
    if type(s.alive) is not list or not all(type(a) is bool for a in s.alive):
        return "alive is not a list of true/false"
    if s.threat is not None and type(s.threat) is not int:
        return "the threat on the table is not a card id"
    if not _ints(s.window):
        return "the Pentaqo window is not a list of seats"
    for name in ("flags", "stats"):
        if type(getattr(s, name)) is not dict:
            return f"{name} is not a table"
    for name in ("collab", "offer", "choice"):
        if getattr(s, name) is not None and type(getattr(s, name)) is not dict:
            return f"{name} is not a table"
    if type(s.effects) is not list or any(type(e) is not dict for e in s.effects):
        return "the queued effects are not a list of tables"
    if type(s.events) is not list or any(type(e) is not dict for e in s.events):
        return "the events are not a list of tables"
    if s.winners is not None and not _ints(s.winners):
        return "the winners are not a list of seats"
    for name in ("decided_by", "end_reason"):
        if getattr(s, name) is not None and type(getattr(s, name)) is not str:
            return f"{name} is not text"
    return None


def _setup(s: State) -> str | None:
    """§Componenti, §Preparazione: players, decks, hand size and ending are possible."""
    n = s.n_players
    if s.copies not in (1, 2) or not _R["min_players"] <= n <= _R["max_players"]:
        return f"{n} players with {s.copies} deck(s) is not a game of Logiquo (§Componenti)"
    if n > _R["players_per_deck"] * s.copies:
        return f"{n} players need merged decks (§Componenti)"
    control_total = (_R["deck"]["countermeasure"] + 2 + 4) * s.copies
    if not s.hand_size >= 1 or s.hand_size * n > control_total:
        return f"a hand of {s.hand_size} cannot be dealt to {n} players (§Preparazione.2)"
    if s.ending not in _R["endings"]:
        return f"unknown ending {s.ending!r} (§Fine del Gioco)"
    for name in ("hands", "data", "alive", "eliminated_at"):
        if len(getattr(s, name)) != n:
            return f"{name} does not match the {n} players"
    if set(s.stats) != set(STAT_KEYS) or any(
        not _ints(v) or len(v) != n or min(v, default=0) < 0 for v in s.stats.values()
    ):
        return "the statistics do not match the players"
    return None


def _cards(s: State) -> str | None:
    """§Componenti: every card exactly once, each pile holding only its kinds of card."""
    if sorted(s.all_card_ids()) != list(range(DECK_SIZE * s.copies)):
        return "the cards do not add up to the whole deck, each once (§Componenti)"
    for name, kinds in _PILES.items():
        if any(_kind(c) not in kinds for c in getattr(s, name)):
            return f"{name} holds a card of the wrong kind"
    if any(_kind(c) not in _CONTROL for hand in s.hands for c in hand):
        return "a hand holds a card that is not a control card (§Carte Controllo)"
    if any(_kind(c) != "data" for data in s.data for c in data):
        return "a Data row holds a card that is not Data (§Carte Dati)"
    if s.threat is not None and _kind(s.threat) != "threat":
        return "the card on the table is not a threat (§Struttura.1)"
    return None


def _players(s: State) -> str | None:
    """§Fine del Gioco: who is still in, and who holds Data."""
    n = s.n_players
    over = s.phase == "over"
    if s.ending == "first_zero" and not all(s.alive):
        return "a player was eliminated in a game that ends at the first zero (§Fine del Gioco)"
    for p in range(n):
        if s.alive[p] and s.eliminated_at[p] != 0 or not s.alive[p] and s.eliminated_at[p] < 1:
            return f"player {p}'s elimination is not recorded consistently"
        if s.alive[p] and not s.data[p] and not over:
            return f"player {p} is in the game with no Data (§Fine del Gioco)"
        if not s.alive[p] and s.data[p]:
            return f"eliminated player {p} still holds Data"
    if not _seat(s.active, n) or not over and not s.alive[s.active]:
        return "the active player is not a player in the game"
    if s.turn < 1 or s.step < 0 or not 0 <= s.rounds_used <= _MAX_ROUNDS:
        return "the turn, step or collaboration counters are out of range"
    if over:
        if not s.winners or any(not _seat(p, n) for p in s.winners):
            return "the game is over without winners (§Obiettivo)"
        if s.decided_by is None or s.end_reason is None:
            return "the game is over without a reason"
    elif s.winners is not None or s.decided_by is not None or s.end_reason is not None:
        return "winners while the game goes on"
    return None


def _effect(s: State, item: dict[str, Any]) -> str | None:
    """A queued effect is one printed on the card that queued it, aimed at players."""
    source = item.get("source")
    targets = item.get("targets")
    if type(source) is not int or not 0 <= source < DECK_SIZE * s.copies:
        return "a queued effect comes from no card"
    if not _ints(targets) or any(not _seat(t, s.n_players) for t in targets):
        return "a queued effect targets no player"
    printed = {k: v for k, v in item.items() if k not in ("source", "targets")}
    if printed not in _EFFECTS[source % DECK_SIZE]:
        return f"a queued effect is not printed on card {source} (§Carte Minaccia, §Anomalie)"
    return None


def _phase(s: State) -> str | None:
    """The window, collaboration, offer and discard choice fit the phase (§Struttura)."""
    n, ph = s.n_players, s.phase
    if ph not in PHASES:
        return f"unknown phase {ph!r}"
    if s.resume not in ("draw", "end_turn"):
        return f"unknown resume {s.resume!r}"
    for key, value in s.flags.items():
        if key not in _FLAGS or type(value) is not _FLAGS[key]:
            return f"unknown flag {key!r}={value!r} (§Anomalie)"
        if value is False or key == "extra" and value < 0:
            return f"flag {key!r} set to {value!r} (§Anomalie)"
    if ph == "over":
        return None
    if ph in ("window", "reaction", "collab", "offer") and s.threat is None:
        return f"phase {ph!r} with no threat on the table (§Struttura.1)"
    if bool(s.window) != (ph == "window"):
        return "a Pentaqo window outside the window phase, or an empty one"
    if s.window:
        if any(not _seat(p, n) or not s.alive[p] or p == s.active for p in s.window):
            return "the Pentaqo window holds a seat that cannot play"
        if not any(_kind(c) == "pentaqo" for c in s.hands[s.window[0]]):
            return "the Pentaqo window asks a player who holds no Pentaqo"
    if (s.collab is not None) != (ph in ("collab", "offer")):
        return "a collaboration outside the collaboration phases (§Struttura.3)"
    if s.collab is not None:
        floor, left = s.collab.get("floor"), s.collab.get("offers_left")
        if set(s.collab) != {"floor", "offers_left"} or not _ints(floor) or not floor:
            return "the collaboration has no floor (§Struttura.3)"
        if any(not _seat(p, n) or not s.alive[p] for p in floor):
            return "the collaboration floor holds a seat out of the game"
        if type(left) is not int or not 0 <= left <= _MAX_OFFERS:
            return "the collaboration offers left are out of range"
    if (s.offer is not None) != (ph == "offer"):
        return "an offer outside the offer phase (§Struttura.3)"
    if s.offer is not None:
        o = s.offer
        if set(o) != {"from", "to", "give", "ask"} or o["ask"] not in _ASK:
            return "the offer is damaged"
        if o["from"] != s.collab["floor"][0] or not _seat(o["to"], n) or o["to"] == o["from"]:
            return "the offer is not between the floor holder and another player"
        if not s.alive[o["to"]]:
            return "the offer is made to a player out of the game"
        give = o["give"]
        if give is None and o["ask"] != "control" or give is not None and type(give) is not int:
            return "the offer gives nothing for something"
        if give is not None and give not in s.hands[o["from"]]:
            return "the offer gives a card the offerer does not hold"
    if (s.choice is not None) != (ph == "discard") or bool(s.effects) != (ph == "discard"):
        return "a discard choice or queued effects outside the discard phase (§Carte Minaccia)"
    if s.choice is not None:
        c, head = s.choice, s.effects[0]
        if set(c) != {"player", "n", "source"} or not _seat(c["player"], n):
            return "the discard choice is damaged"
        if head.get("op") != "discard_choice" or head.get("targets", [None])[:1] != [c["player"]]:
            return "the discard choice is not the effect at the head of the queue"
        if c["n"] != head.get("n") or c["source"] != head.get("source") or type(c["n"]) is not int:
            return "the discard choice does not match its effect"
        if not s.alive[c["player"]] or not 1 <= c["n"] < len(s.hands[c["player"]]):
            return "the discard choice leaves nothing to choose (§Carte Minaccia)"
    for item in s.effects:
        problem = _effect(s, item)
        if problem:
            return problem
    return None


def check_state(state: State) -> str | None:
    """The first way ``state`` could not come from a real game, in words; None when sound."""
    if type(state) is not State:
        return "not a Logiquo state"
    return _types(state) or _setup(state) or _cards(state) or _players(state) or _phase(state)
