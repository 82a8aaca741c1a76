"""The rules of Logiquo CyberGame: set-up, the six-phase turn, specials, endings and winners.

Sections (§) name the headings of ``shared/rulebooks/logiquo-cybergame.it.txt``; numbered
steps are written ``§Preparazione.2`` (set-up step 2) or ``§Struttura.3`` (turn phase 3,
Collaborazione). The table of all labels is in ``docs/rules/logiquo.md``.

Flow of a turn (``phase``): the active player draws from the threat deck, suffering anomalies
until a threat appears (§Struttura.1); a Pentaqo ``window`` asks other holders whether to play
one; in ``reaction`` the active player neutralises, asks for help (``collab`` rounds with
``offer`` answers) or takes the impacts, which may ask players to ``discard`` by choice; then
the turn passes (§Struttura.6). Everything random (shuffles, random discards) uses the
generator carried in the state.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from gamelib.core import IllegalAction, new_rng_state, rng_from
from gamelib.logiquo import actions as A
from gamelib.logiquo.cards import DECK_SIZE, card, label, load, rules
from gamelib.logiquo.state import NAME, STAT_KEYS, State, from_json, to_json

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
    "in_force",
    "neutralise_options",
    "can_neutralise",
    "ranking_key",
]

_RULES = rules()
_CARDS = load()
_KIND = tuple(c.kind for c in _CARDS)
_NUMBER = tuple(c.number for c in _CARDS)
_MITIGATES = tuple(frozenset(c.mitigates) for c in _CARDS)
_CATEGORY = tuple(c.category for c in _CARDS)
_CONTROL_KINDS = frozenset({"countermeasure", "logiquo", "pentaqo"})
_MAX_EVENTS = 60


def _kind(cid: int) -> str:
    return _KIND[cid % DECK_SIZE]


# --------------------------------------------------------------------------------------------
# Set-up (§Preparazione, §Componenti).


def _player_names(players: Any) -> list[str]:
    if isinstance(players, bool):
        raise IllegalAction("§Componenti", "players must be a number of players or a list of names")
    if isinstance(players, int):
        return [f"Player {i + 1}" for i in range(players)]
    try:
        names = [str(p) for p in players]
    except TypeError as exc:
        raise IllegalAction(
            "§Componenti", "players must be a number of players or a list of names"
        ) from exc
    return names


def new_game(
    players: Any,
    seed: int | str | None = None,
    *,
    hand_size: int | None = None,
    first_player: int | str = 0,
    merged_decks: bool = False,
    ending: str = "first_zero",
) -> State:
    """A shuffled, dealt game whose first turn has already revealed its threat.

    ``players``: a count (2..12) or a list of names, seated clockwise. ``hand_size``: control
    cards dealt to each (default by player count, §Preparazione.2). ``first_player``: seat index
    of the youngest player, or ``"random"`` (§Preparazione.5). ``merged_decks``: shuffle two
    whole decks together, required above 6 players (§Componenti). ``ending``: ``"first_zero"``
    (the game stops when someone reaches 0 Data) or ``"deck_out"`` (players at 0 are eliminated
    and play goes on to the end of the threat deck, §Fine del Gioco).
    """
    names = _player_names(players)
    n = len(names)
    if n < _RULES["min_players"]:
        raise IllegalAction(
            "§Componenti", f"Logiquo needs at least {_RULES['min_players']} players"
        )
    if n > _RULES["max_players"]:
        raise IllegalAction(
            "§Componenti", f"this edition supports at most {_RULES['max_players']} players"
        )
    copies = 2 if merged_decks else 1
    if n > _RULES["players_per_deck"] * copies:
        raise IllegalAction(
            "§Componenti",
            f"{n} players need merged decks: one deck serves at most "
            f"{_RULES['players_per_deck']} players (pass merged_decks=True)",
        )
    if ending not in _RULES["endings"]:
        raise IllegalAction(
            "§Fine del Gioco", f"ending must be one of {_RULES['endings']}, not {ending!r}"
        )
    control_total = (_RULES["deck"]["countermeasure"] + 2 + 4) * copies
    if hand_size is None:
        hand_size = _RULES["hand_size"].get(str(n), _RULES["hand_size_merged_default"])
    if type(hand_size) is not int or hand_size < 1 or hand_size * n > control_total:
        raise IllegalAction(
            "§Preparazione.2",
            f"each of {n} players needs at least 1 control card and the {control_total} "
            f"control cards must suffice: hand_size={hand_size!r} is not possible",
        )
    rng = rng_from(new_rng_state(seed))
    if first_player == "random":
        first = rng.randrange(n)
    elif type(first_player) is int and 0 <= first_player < n:
        first = first_player
    else:
        raise IllegalAction(
            "§Preparazione.5", f"first_player must be a seat 0..{n - 1} or 'random'"
        )

    # §Preparazione.1: two separate decks, each shuffled on its own.
    threat_deck, control_deck, data_pool, aside = [], [], [], []
    for k in range(copies):
        for c in _CARDS:
            cid = k * DECK_SIZE + c.id
            if c.kind in ("threat", "anomaly"):
                threat_deck.append(cid)
            elif c.kind in _CONTROL_KINDS:
                control_deck.append(cid)
            elif c.kind == "data":
                data_pool.append(cid)
            else:
                aside.append(cid)
    rng.shuffle(threat_deck)
    rng.shuffle(control_deck)
    # §Preparazione.2: deal the control cards face down; §Preparazione.4: 3 Data cards each.
    hands = [[control_deck.pop() for _ in range(hand_size)] for _ in range(n)]
    per = _RULES["data_per_player"]
    data = [data_pool[i * per : (i + 1) * per] for i in range(n)]
    data_supply = data_pool[n * per :]

    s = State(
        players=names,
        copies=copies,
        hand_size=hand_size,
        ending=ending,
        rng=rng.getstate(),
        threat_deck=threat_deck,
        threat_discard=[],
        control_deck=control_deck,
        control_discard=[],
        hands=hands,
        data=data,
        data_supply=data_supply,
        data_discard=[],
        aside=aside,
        alive=[True] * n,
        eliminated_at=[0] * n,
        active=first,
        turn=1,
        step=0,
        phase="reaction",
        stats={k: [0] * n for k in STAT_KEYS},
    )
    _log(s, type="turn", player=first)
    _draw_threat(s)
    _commit_rng(s)
    return s


# --------------------------------------------------------------------------------------------
# Small helpers.


def _rand(s: State) -> random.Random:
    """The game's generator, restored lazily once per ``apply`` (see ``_commit_rng``)."""
    r = s.__dict__.get("_rng")
    if r is None:
        r = rng_from(s.rng)
        s.__dict__["_rng"] = r
    return r


def _commit_rng(s: State) -> None:
    r = s.__dict__.pop("_rng", None)
    if r is not None:
        s.rng = r.getstate()


def _log(s: State, **event: Any) -> None:
    s.events.append({"turn": s.turn, **event})
    if len(s.events) > _MAX_EVENTS:
        del s.events[: len(s.events) - _MAX_EVENTS]


def _next_alive(s: State, p: int) -> int:
    n = len(s.players)
    for i in range(1, n + 1):
        q = (p + i) % n
        if s.alive[q]:
            return q
    return p


def _clockwise_from(s: State, start: int) -> list[int]:
    """Alive players clockwise starting with ``start`` (§Preparazione.5: "in senso orario")."""
    n = len(s.players)
    return [(start + i) % n for i in range(n) if s.alive[(start + i) % n]]


def _threat_card(s: State):
    return card(s.threat) if s.threat is not None else None


def in_force(state: State) -> dict[str, Any]:
    """The rules binding the threat on the table, after its Regole Speciali (§Regole Speciali)
    and this turn's anomalies: what a game table should show beside the threat."""
    t = _threat_card(state)
    special = t.special if t is not None else {}
    base = int(special.get("controls_required", 1))
    required = min(base + int(state.flags.get("extra", 0)), _RULES["max_controls_required"])
    return {
        "controls_required": required,
        "logiquo": special.get("logiquo", True),
        "collaboration": special.get("collaboration", True)
        and not state.flags.get("no_collab", False),
        "pentaqo": special.get("pentaqo", True),
        "redraw": special.get("redraw", True) and not state.flags.get("no_redraw", False),
    }


def _helps(cid: int, threat_id: int) -> bool:
    """Whether control card ``cid`` counts against threat ``threat_id``: a countermeasure that
    lists its number (§Carte Controllo) or a Logiquo unless forbidden (§Carte speciali)."""
    k = _kind(cid)
    t = card(threat_id)
    if k == "countermeasure":
        return t.number in _MITIGATES[cid % DECK_SIZE]
    if k == "logiquo":
        return t.special.get("logiquo", True) is not False
    return False


def can_neutralise(hand: list[int] | tuple[int, ...], threat_id: int, extra: int = 0) -> bool:
    """Whether ``hand`` alone holds enough cards against threat ``threat_id`` (used by odds)."""
    t = card(threat_id)
    need = min(int(t.special.get("controls_required", 1)) + extra, _RULES["max_controls_required"])
    return sum(1 for c in hand if _helps(c, threat_id)) >= need


def neutralise_options(state: State) -> list[tuple[int, ...]]:
    """Every set of cards the active player may play now (§Struttura.2, §Regole Speciali)."""
    if state.phase != "reaction" or state.threat is None:
        return []
    need = in_force(state)["controls_required"]
    useful = sorted(c for c in state.hands[state.active] if _helps(c, state.threat))
    return list(itertools.combinations(useful, need))


def _holds_pentaqo(s: State, p: int) -> bool:
    return any(_kind(c) == "pentaqo" for c in s.hands[p])


def _draw_controls(s: State, p: int, k: int) -> int:
    """Draw up to ``k`` control cards; the discard pile is never reshuffled (§Scarto)."""
    k = min(k, len(s.control_deck))
    for _ in range(k):
        s.hands[p].append(s.control_deck.pop())
    return k


def _discard_controls(s: State, p: int, cids: list[int], why: str) -> None:
    for c in cids:
        s.hands[p].remove(c)
    s.control_discard.extend(cids)
    s.stats["controls_lost"][p] += len(cids)
    if cids:
        _log(s, type="discard", player=p, cards=list(cids), why=why)


# --------------------------------------------------------------------------------------------
# The turn.


def _draw_threat(s: State) -> None:
    """§Struttura.1: reveal the top card; an anomaly strikes the drawer and the draw repeats
    until a threat appears (§Anomalie)."""
    if not s.threat_deck:
        _finish(s, "deck")
        return
    cid = s.threat_deck.pop()
    if _kind(cid) == "anomaly":
        s.anomalies.append(cid)
        _log(s, type="anomaly", player=s.active, card=cid)
        s.effects = [{**e, "targets": [s.active], "source": cid} for e in card(cid).effects]
        s.resume = "draw"
        _run_effects(s)
        return
    s.threat = cid
    _log(s, type="threat", player=s.active, card=cid)
    _open_window(s)


def _open_window(s: State) -> None:
    """Our reading of "in ogni istante": after each threat is revealed, every other player
    holding a Pentaqo is asked in clockwise order whether to play it now."""
    s.window = []
    if in_force(s)["pentaqo"]:
        s.window = [
            p for p in _clockwise_from(s, s.active) if p != s.active and _holds_pentaqo(s, p)
        ]
    s.phase = "window" if s.window else "reaction"


def _advance_window(s: State) -> None:
    while s.window and not _holds_pentaqo(s, s.window[0]):
        s.window.pop(0)
    if not s.window:
        s.phase = "reaction"


def _end_turn(s: State) -> None:
    """§Struttura.6 and §Scarto: the threat and anomalies go to the threat discard pile, the
    game ends if no threat is left to draw (§Fine del Gioco), else the next player draws."""
    if s.threat is not None:
        s.threat_discard.append(s.threat)
        s.threat = None
    s.threat_discard.extend(s.anomalies)
    s.anomalies = []
    s.flags = {}
    s.window = []
    s.collab = None
    s.rounds_used = 0
    s.offer = None
    s.effects = []
    s.choice = None
    if not any(_kind(c) == "threat" for c in s.threat_deck):
        _finish(s, "deck")
        return
    s.active = _next_alive(s, s.active)
    s.turn += 1
    _log(s, type="turn", player=s.active)
    _draw_threat(s)


def _continue(s: State) -> None:
    if s.phase == "over":
        return
    if s.resume == "draw" and s.alive[s.active]:
        _draw_threat(s)
    else:
        _end_turn(s)


# --------------------------------------------------------------------------------------------
# Effects of threats (Impatti, §Struttura.4) and anomalies (§Anomalie).


def _targets_for(s: State, threat_id: int) -> list[int]:
    """Single: the current player; Multiplo: every player still in (§Carte Minaccia)."""
    if card(threat_id).involvement == "all":
        return _clockwise_from(s, s.active)
    return [s.active]


def _holds_category(s: State, p: int, category: str) -> bool:
    return any(
        _kind(c) == "countermeasure" and _CATEGORY[c % DECK_SIZE] == category for c in s.hands[p]
    )


def _run_effects(s: State) -> None:
    """Resolve queued effects in order; stop for a player's discard choice, resume after."""
    while s.effects:
        item = s.effects[0]
        if item["op"] == "discard_choice":
            targets = item["targets"]
            while targets:
                p = targets[0]
                hand = s.hands[p]
                if not s.alive[p] or not hand:
                    targets.pop(0)
                    continue
                if len(hand) <= item["n"]:
                    _discard_controls(s, p, hand[:], "impact")
                    targets.pop(0)
                    continue
                s.choice = {"player": p, "n": item["n"], "source": item["source"]}
                s.phase = "discard"
                return
            s.effects.pop(0)
            continue
        s.effects.pop(0)
        _apply_op(s, item)
        if _check_data(s):
            return
    s.choice = None
    _continue(s)


def _apply_op(s: State, item: dict[str, Any]) -> None:
    op = item["op"]
    n = int(item.get("n", 1))
    targets = [p for p in item["targets"] if s.alive[p]]
    if op == "lose_data":
        for p in targets:
            unless = item.get("unless_holding")
            if unless and _holds_category(s, p, unless):
                _log(s, type="protected", player=p, category=unless)
                continue
            k = min(n, len(s.data[p]))
            for _ in range(k):
                s.data_discard.append(s.data[p].pop())  # §Scarto delle carte Dati
            s.stats["data_lost"][p] += k
            _log(s, type="lose_data", player=p, n=k)
    elif op == "discard_random":
        rng = _rand(s)
        category = item.get("category")
        for p in targets:
            pool = s.hands[p]
            if category:
                pool = [
                    c
                    for c in pool
                    if _kind(c) == "countermeasure" and _CATEGORY[c % DECK_SIZE] == category
                ]
            _discard_controls(s, p, rng.sample(pool, min(n, len(pool))), "impact")
    elif op == "discard_category":
        for p in targets:
            pool = [
                c
                for c in s.hands[p]
                if _kind(c) == "countermeasure" and _CATEGORY[c % DECK_SIZE] == item["category"]
            ]
            _discard_controls(s, p, pool, "impact")
    elif op == "swap_left" and len(targets) == 1:
        rng = _rand(s)
        p = targets[0]
        q = _next_alive(s, p)
        if q != p:
            mine = rng.sample(s.hands[p], min(n, len(s.hands[p])))
            theirs = rng.sample(s.hands[q], min(n, len(s.hands[q])))
            for c in mine:
                s.hands[p].remove(c)
                s.hands[q].append(c)
            for c in theirs:
                s.hands[q].remove(c)
                s.hands[p].append(c)
            _log(s, type="swap", player=p, other=q, gave=len(mine), got=len(theirs))
    elif op in ("give_left", "swap_left"):
        # Every target passes its random cards to the next player at the same moment.
        rng = _rand(s)
        picks = {p: rng.sample(s.hands[p], min(n, len(s.hands[p]))) for p in targets}
        for p in targets:
            q = _next_alive(s, p)
            if q == p:
                continue
            for c in picks[p]:
                s.hands[p].remove(c)
                s.hands[q].append(c)
            _log(s, type="give", player=p, other=q, n=len(picks[p]))
    elif op == "burn_controls":
        k = min(n, len(s.control_deck))
        burnt = [s.control_deck.pop() for _ in range(k)]
        s.control_discard.extend(burnt)
        _log(s, type="burn", cards=burnt)
    elif op == "no_redraw":
        s.flags["no_redraw"] = True
    elif op == "no_collaboration":
        s.flags["no_collab"] = True
    elif op == "extra_control":
        s.flags["extra"] = int(s.flags.get("extra", 0)) + n
    else:  # the data files are checked by the tests; this guards hand-edited decks
        raise ValueError(f"unknown effect op {op!r}")


def _check_data(s: State) -> bool:
    """§Fine del Gioco: at 0 Data the game ends (``first_zero``) or the player is eliminated
    (``deck_out``) until one player is left. Returns True when the game is over."""
    zero = [p for p in range(len(s.players)) if s.alive[p] and not s.data[p]]
    if not zero:
        return False
    if s.ending == "first_zero":
        _finish(s, "zero_data")
        return True
    batch = max(s.eliminated_at) + 1
    for p in zero:
        s.alive[p] = False
        s.eliminated_at[p] = batch
        _log(s, type="eliminated", player=p)
    alive = sum(s.alive)
    if alive <= 1:
        _finish(s, "last_standing" if alive == 1 else "all_eliminated")
        return True
    return False


# --------------------------------------------------------------------------------------------
# Winner and tie-breaks (§Obiettivo).

TIEBREAKS = ("data", "countermeasures", "specials", "mitigated")


def ranking_key(state: State, p: int) -> tuple[int, int, int, int]:
    """§Obiettivo, in order: Data cards; Countermeasure cards in hand; Logiquo/Pentaqo cards in
    hand; the sum of the threats listed on the Countermeasure cards in hand."""
    hand = state.hands[p]
    cms = [c for c in hand if _kind(c) == "countermeasure"]
    specials = sum(1 for c in hand if _kind(c) in ("logiquo", "pentaqo"))
    mitigated = sum(len(_MITIGATES[c % DECK_SIZE]) for c in cms)
    return (len(state.data[p]), len(cms), specials, mitigated)


def _finish(s: State, reason: str) -> None:
    s.phase = "over"
    s.end_reason = reason
    n = len(s.players)
    if s.ending == "deck_out":
        candidates = [p for p in range(n) if s.alive[p]]
        if not candidates:  # everybody fell in the same blow: rank those last eliminated
            last = max(s.eliminated_at)
            candidates = [p for p in range(n) if s.eliminated_at[p] == last]
    else:
        candidates = list(range(n))
    keys = {p: ranking_key(s, p) for p in candidates}
    decided = "tie"
    if len(candidates) == 1:
        decided = "last_standing"
    else:
        for level, name in enumerate(TIEBREAKS):
            best = max(keys[p][level] for p in candidates)
            candidates = [p for p in candidates if keys[p][level] == best]
            if len(candidates) == 1:
                decided = name
                break
    s.winners = candidates
    s.decided_by = decided
    s.window = []
    s.collab = None
    s.offer = None
    s.effects = []
    s.choice = None
    _log(s, type="game_over", reason=reason, winners=list(candidates), decided_by=decided)


# --------------------------------------------------------------------------------------------
# Protocol.


def current_player(state: State) -> int | None:
    """Who must decide now: window holder, active player, collaboration floor holder, offer
    recipient or discarding player; ``None`` once the game is over."""
    ph = state.phase
    if ph == "over":
        return None
    if ph == "window":
        return state.window[0]
    if ph == "collab":
        return state.collab["floor"][0]
    if ph == "offer":
        return state.offer["to"]
    if ph == "discard":
        return state.choice["player"]
    return state.active


def is_over(state: State) -> bool:
    return state.phase == "over"


def winners(state: State) -> list[int]:
    """The winner, or every player still tied after the whole §Obiettivo chain; [] mid-game."""
    return list(state.winners) if state.winners is not None else []


def _can_request(s: State) -> bool:
    rules_now = in_force(s)
    return (
        rules_now["collaboration"]
        and s.rounds_used < _RULES["collaboration"]["max_rounds_per_threat"]
        and sum(s.alive) > 1
    )


def legal_actions(state: State) -> list[Any]:
    """Every action the current player may take; each one applies without error."""
    s = state
    ph = s.phase
    if ph == "over":
        return []
    p = current_player(s)
    hand = s.hands[p]
    pentaqo = (
        [A.PlayPentaqo(c) for c in sorted(hand) if _kind(c) == "pentaqo"]
        if in_force(s)["pentaqo"]
        else []
    )
    out: list[Any] = []
    if ph == "window":
        out.append(A.PassWindow())
    elif ph == "reaction":
        out.extend(A.Neutralise(combo) for combo in neutralise_options(s))
        if _can_request(s):
            out.append(A.RequestHelp())
        out.append(A.TakeImpact())
    elif ph == "collab":
        if s.collab["offers_left"] > 0:
            mine = sorted(hand)
            for q in _clockwise_from(s, p):
                if q == p:
                    continue
                for c in mine:
                    out.append(A.OfferCard(q, c))
                    if s.hands[q]:
                        out.append(A.OfferTrade(q, c, "control"))
                    if len(s.data[q]) >= 2:
                        out.append(A.OfferTrade(q, c, "data"))
                if len(s.data[p]) >= 2 and s.hands[q]:
                    out.append(A.OfferTrade(q, None, "control"))
        out.append(A.EndCollaboration())
    elif ph == "offer":
        o = s.offer
        if o["ask"] == "control":
            out.extend(A.AcceptOffer(c) for c in sorted(hand))
        elif o["ask"] != "data" or len(s.data[p]) >= 2:
            out.append(A.AcceptOffer())
        out.append(A.DeclineOffer())
    elif ph == "discard":
        n = s.choice["n"]
        out.extend(A.ChooseDiscard(combo) for combo in itertools.combinations(sorted(hand), n))
    out.extend(pentaqo)
    return out


# --------------------------------------------------------------------------------------------
# apply: check the input, copy, validate, change the copy.


def _is_int(x: Any) -> bool:
    return type(x) is int


def _check_fields(action: Any) -> None:
    """Malformed values (wrong types) are illegal input, rejected before any rule is looked at."""
    bad = None
    if isinstance(action, (A.PlayPentaqo, A.OfferCard)) and not _is_int(action.card):
        bad = "card must be a card id (int)"
    if isinstance(action, (A.OfferCard, A.OfferTrade)) and not _is_int(action.to):
        bad = "to must be a seat number (int)"
    if isinstance(action, A.OfferTrade):
        if action.give is not None and not _is_int(action.give):
            bad = "give must be a card id or None"
        if not isinstance(action.ask, str):
            bad = "ask must be 'control' or 'data'"
    if isinstance(action, A.AcceptOffer) and action.card is not None and not _is_int(action.card):
        bad = "card must be a card id or None"
    if isinstance(action, (A.Neutralise, A.ChooseDiscard)) and (
        not isinstance(action.cards, tuple) or not all(_is_int(c) for c in action.cards)
    ):
        bad = "cards must be a tuple of card ids"
    if bad:
        raise IllegalAction("§actions", f"malformed {type(action).__name__}: {bad}")


def _need_phase(s: State, phase: str, rule: str, what: str) -> None:
    if s.phase != phase:
        raise IllegalAction(rule, f"{what} is not possible now (phase: {s.phase})")


def _distinct_in_hand(s: State, p: int, cids: tuple[int, ...], rule: str) -> None:
    if len(set(cids)) != len(cids):
        raise IllegalAction(rule, "the same card cannot be played twice")
    for c in cids:
        if c not in s.hands[p]:
            raise IllegalAction(rule, f"card {c} is not in player {p}'s hand")


def _do_pentaqo(s: State, a: A.PlayPentaqo) -> None:
    p = current_player(s)
    if a.card not in s.hands[p]:
        raise IllegalAction(
            "§Carte speciali di Controllo", f"player {p} does not hold card {a.card}"
        )
    if _kind(a.card) != "pentaqo":
        raise IllegalAction(
            "§Carte speciali di Controllo", f"{label(a.card)} is not a Pentaqo card"
        )
    if not in_force(s)["pentaqo"]:
        raise IllegalAction(
            "§Regole Speciali", "the threat on the table forbids playing Pentaqo cards"
        )
    s.hands[p].remove(a.card)
    s.control_discard.append(a.card)
    drawn = _draw_controls(s, p, _RULES["pentaqo_draw"])
    s.stats["pentaqo"][p] += 1
    _log(s, type="pentaqo", player=p, card=a.card, drawn=drawn)
    if s.phase == "window":
        _advance_window(s)


def _do_pass_window(s: State, a: A.PassWindow) -> None:
    _need_phase(s, "window", "§Carte speciali di Controllo", "passing a Pentaqo window")
    s.window.pop(0)
    _advance_window(s)


def _do_neutralise(s: State, a: A.Neutralise) -> None:
    _need_phase(s, "reaction", "§Struttura.2", "neutralising")
    p = s.active
    _distinct_in_hand(s, p, a.cards, "§Struttura.2")
    t = card(s.threat)
    for c in a.cards:
        if _kind(c) == "logiquo" and t.special.get("logiquo", True) is False:
            raise IllegalAction("§Regole Speciali", f"threat {t.number} forbids Logiquo")
        if not _helps(c, s.threat):
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
    s.stats["logiquo"][p] += sum(1 for c in a.cards if _kind(c) == "logiquo")
    _log(s, type="neutralised", player=p, cards=list(a.cards), threat=s.threat)
    # §Struttura.5: restore exactly the cards used, at once (never those lost or traded).
    if in_force(s)["redraw"]:
        drawn = _draw_controls(s, p, len(a.cards))
        _log(s, type="restore", player=p, n=drawn)
    _end_turn(s)


def _do_request_help(s: State, a: A.RequestHelp) -> None:
    _need_phase(s, "reaction", "§Struttura.3", "asking for collaboration")
    t = card(s.threat)
    if t.special.get("collaboration", True) is False:
        raise IllegalAction("§Regole Speciali", f"threat {t.number} forbids collaboration")
    if s.flags.get("no_collab"):
        raise IllegalAction("§Anomalie", "an anomaly forbids collaboration this turn")
    limit = _RULES["collaboration"]["max_rounds_per_threat"]
    if s.rounds_used >= limit:
        raise IllegalAction(
            "§Struttura.3", f"at most {limit} collaboration rounds per threat (house limit)"
        )
    if sum(s.alive) < 2:
        raise IllegalAction("§Struttura.3", "nobody is left to collaborate with")
    s.collab = {
        "floor": _clockwise_from(s, s.active),
        "offers_left": _RULES["collaboration"]["max_offers_per_window"],
    }
    s.rounds_used += 1
    s.phase = "collab"
    _log(s, type="help", player=s.active, round=s.rounds_used)


def _do_take_impact(s: State, a: A.TakeImpact) -> None:
    _need_phase(s, "reaction", "§Struttura.4", "taking the impacts")
    t = card(s.threat)
    targets = _targets_for(s, s.threat)
    s.stats["suffered"][s.active] += 1
    _log(s, type="impact", player=s.active, card=s.threat, targets=list(targets))
    s.effects = [{**e, "targets": targets[:], "source": s.threat} for e in t.impacts]
    s.resume = "end_turn"
    _run_effects(s)


def _check_offer_target(s: State, p: int, to: int) -> None:
    if not 0 <= to < len(s.players) or to == p or not s.alive[to]:
        raise IllegalAction("§Struttura.3", f"player {to} cannot receive an offer from player {p}")
    if s.collab["offers_left"] <= 0:
        raise IllegalAction(
            "§Struttura.3",
            f"at most {_RULES['collaboration']['max_offers_per_window']} offers each time "
            "you hold the floor (house limit)",
        )


def _do_offer_card(s: State, a: A.OfferCard) -> None:
    _need_phase(s, "collab", "§Struttura.3", "making an offer")
    p = current_player(s)
    _check_offer_target(s, p, a.to)
    if a.card not in s.hands[p]:
        raise IllegalAction("§Struttura.3", f"card {a.card} is not in player {p}'s hand")
    s.offer = {"from": p, "to": a.to, "give": a.card, "ask": None}
    s.collab["offers_left"] -= 1
    s.phase = "offer"
    _log(s, type="offer", player=p, other=a.to, kind="gift")


def _do_offer_trade(s: State, a: A.OfferTrade) -> None:
    _need_phase(s, "collab", "§Struttura.3", "making an offer")
    p = current_player(s)
    _check_offer_target(s, p, a.to)
    if a.ask not in ("control", "data"):
        raise IllegalAction("§Struttura.3", "a trade asks for 'control' or 'data'")
    if a.give is None:
        if a.ask != "control":
            raise IllegalAction(
                "§Struttura.3", "a trade must move a control card: Data for Data is no trade"
            )
        if len(s.data[p]) < 2:
            raise IllegalAction("§Struttura.3", "you cannot pay with your last Data card")
    elif a.give not in s.hands[p]:
        raise IllegalAction("§Struttura.3", f"card {a.give} is not in player {p}'s hand")
    if a.ask == "data" and len(s.data[a.to]) < 2:
        raise IllegalAction("§Struttura.3", f"player {a.to} cannot pay with their last Data card")
    if a.ask == "control" and not s.hands[a.to]:
        raise IllegalAction("§Struttura.3", f"player {a.to} has no control card to give")
    s.offer = {"from": p, "to": a.to, "give": a.give, "ask": a.ask}
    s.collab["offers_left"] -= 1
    s.phase = "offer"
    _log(s, type="offer", player=p, other=a.to, kind="trade", ask=a.ask, pays_data=a.give is None)


def _move_data(s: State, src: int, dst: int) -> None:
    s.data[dst].append(s.data[src].pop())


def _do_accept(s: State, a: A.AcceptOffer) -> None:
    _need_phase(s, "offer", "§Struttura.3", "accepting an offer")
    o = s.offer
    p, q = o["from"], o["to"]
    if o["ask"] == "control":
        if a.card is None or a.card not in s.hands[q]:
            raise IllegalAction("§Struttura.3", "name one control card from your hand to pay with")
    elif a.card is not None:
        raise IllegalAction("§Struttura.3", "this offer asks for no control card")
    if o["ask"] == "data" and len(s.data[q]) < 2:
        raise IllegalAction("§Struttura.3", "you cannot pay with your last Data card")
    if o["give"] is None and len(s.data[p]) < 2:
        raise IllegalAction("§Struttura.3", "the offerer can no longer pay with a Data card")
    if o["give"] is not None:
        s.hands[p].remove(o["give"])
        s.hands[q].append(o["give"])
    else:
        _move_data(s, p, q)
    if o["ask"] == "control":
        s.hands[q].remove(a.card)
        s.hands[p].append(a.card)
    elif o["ask"] == "data":
        _move_data(s, q, p)
    s.stats["gifts" if o["ask"] is None else "trades"][p] += 1
    _log(s, type="accept", player=q, other=p)
    s.offer = None
    s.phase = "collab"


def _do_decline(s: State, a: A.DeclineOffer) -> None:
    _need_phase(s, "offer", "§Struttura.3", "declining an offer")
    _log(s, type="decline", player=s.offer["to"], other=s.offer["from"])
    s.offer = None
    s.phase = "collab"


def _do_end_collab(s: State, a: A.EndCollaboration) -> None:
    _need_phase(s, "collab", "§Struttura.3", "ending your part of the collaboration")
    s.collab["floor"].pop(0)
    s.collab["offers_left"] = _RULES["collaboration"]["max_offers_per_window"]
    if not s.collab["floor"]:
        s.collab = None
        s.phase = "reaction"
        _log(s, type="help_over", player=s.active)


def _do_choose_discard(s: State, a: A.ChooseDiscard) -> None:
    _need_phase(s, "discard", "§Carte Minaccia", "choosing cards to discard")
    p = s.choice["player"]
    n = s.choice["n"]
    _distinct_in_hand(s, p, a.cards, "§Carte Minaccia")
    if len(a.cards) != n:
        raise IllegalAction("§Carte Minaccia", f"discard exactly {n} control card(s)")
    _discard_controls(s, p, list(a.cards), "impact")
    s.choice = None
    s.effects[0]["targets"].pop(0)
    _run_effects(s)


_HANDLERS = {
    A.PlayPentaqo: _do_pentaqo,
    A.PassWindow: _do_pass_window,
    A.Neutralise: _do_neutralise,
    A.RequestHelp: _do_request_help,
    A.TakeImpact: _do_take_impact,
    A.OfferCard: _do_offer_card,
    A.OfferTrade: _do_offer_trade,
    A.AcceptOffer: _do_accept,
    A.DeclineOffer: _do_decline,
    A.EndCollaboration: _do_end_collab,
    A.ChooseDiscard: _do_choose_discard,
}


def apply(state: State, action: Any) -> State:
    """The state after ``action`` by the current player; ``state`` itself is never changed.

    Raises :class:`IllegalAction` (with the § it breaks) for malformed or forbidden actions.
    """
    A.codec.check(action)
    _check_fields(action)
    if state.phase == "over":
        raise IllegalAction("§Fine del Gioco", "the game is over")
    s = state.copy()
    _HANDLERS[type(action)](s, action)
    s.step += 1
    _commit_rng(s)
    return s


# --------------------------------------------------------------------------------------------
# What one player may see.


def observation(state: State, player: int) -> dict[str, Any]:
    """JSON-ready view for ``player``: own hand only, others' hand sizes, public piles; the
    decks' order, others' hands and the contents of offers between others stay hidden."""
    s = state
    if not 0 <= player < len(s.players):
        raise ValueError(f"no player {player}")
    offer = None
    if s.offer is not None:
        o = s.offer
        party = player in (o["from"], o["to"])
        offer = {
            "from": o["from"],
            "to": o["to"],
            "kind": "gift" if o["ask"] is None else "trade",
            "ask": o["ask"],
            "pays_data": o["give"] is None,
            "give": o["give"] if party else None,
        }
    threats_left = sum(1 for c in s.threat_deck if _kind(c) == "threat")
    return {
        "game": NAME,
        "player": player,
        "players": list(s.players),
        "turn": s.turn,
        "active": s.active,
        "phase": s.phase,
        "current_player": current_player(s),
        "hand": sorted(s.hands[player]),
        "hand_counts": [len(h) for h in s.hands],
        "data_counts": [len(d) for d in s.data],
        "alive": list(s.alive),
        "threat": s.threat,
        "anomalies": list(s.anomalies),
        "in_force": in_force(s) if s.threat is not None else None,
        "threat_deck_size": len(s.threat_deck),
        "threats_left": threats_left,
        "control_deck_size": len(s.control_deck),
        "threat_discard": list(s.threat_discard),
        "control_discard": list(s.control_discard),
        "data_discard_size": len(s.data_discard),
        "window": list(s.window),
        "collaboration": None
        if s.collab is None
        else {"floor": list(s.collab["floor"]), "offers_left": s.collab["offers_left"]},
        "rounds_used": s.rounds_used,
        "offer": offer,
        "discard": None if s.choice is None else {"player": s.choice["player"], "n": s.choice["n"]},
        # Logged events never name cards that change hands privately, so all are public.
        "events": [dict(e) for e in s.events],
        "stats": {k: list(v) for k, v in s.stats.items()},
        "winners": None if s.winners is None else list(s.winners),
        "decided_by": s.decided_by,
        "end_reason": s.end_reason,
        "ending": s.ending,
        "copies": s.copies,
    }
