"""The rules of Logiquo CyberGame, the front: ``legal_actions``, ``apply`` and
``observation``, which hand each phase of a turn to the module named for its rulebook section.
The rest of the protocol is imported by the package from the modules below.

Sections (§) name the headings of ``shared/rulebooks/logiquo-cybergame.it.txt``; numbered
steps are written ``§Preparazione.2`` (set-up step 2) or ``§Struttura.3`` (turn phase 3,
Collaborazione). The table of all labels is in ``docs/rules/logiquo.md``. Where each is:

- :mod:`.setup` §Preparazione, §Componenti;
- :mod:`.turn` §Struttura.1 (threats and anomalies drawn), §Struttura.6, §Scarto;
- :mod:`.pentaqo` §Carte speciali di Controllo: Pentaqo windows;
- :mod:`.reaction` §Struttura.2, .4, .5: neutralise and restore, or take the impacts;
- :mod:`.collaboration` §Struttura.3: help, gifts and trades;
- :mod:`.controls` §Carte Controllo, §Regole Speciali: which controls answer a threat;
- :mod:`.impacts` the Impatti of threats and the effects of anomalies;
- :mod:`.ending` §Fine del Gioco, §Obiettivo (winner and tie-breaks);
- :mod:`.queries` ``current_player``, ``is_over``, ``winners``; saves are in :mod:`.state`.

Flow of a turn (``phase``): the active player draws from the threat deck, suffering anomalies
until a threat appears (§Struttura.1); a Pentaqo ``window`` asks other holders whether to play
one; in ``reaction`` the active player neutralises, asks for help (``collab`` rounds with
``offer`` answers) or takes the impacts, which may ask players to ``discard`` by choice; then
the turn passes (§Struttura.6). Everything random (shuffles, random discards) uses the
generator carried in the state.
"""

from __future__ import annotations

from typing import Any

from gamelib.core import IllegalAction
from gamelib.validate import is_int

from . import actions as A
from . import collaboration, pentaqo, reaction
from .controls import in_force
from .queries import collaboration_view, current_player, offer_view
from .state import NAME, State
from .table import commit_rng, kind

_LEGAL: dict[str, Any] = {**pentaqo.LEGAL, **reaction.LEGAL, **collaboration.LEGAL}
_HANDLERS: dict[type, Any] = {**pentaqo.HANDLERS, **reaction.HANDLERS, **collaboration.HANDLERS}


def legal_actions(state: State) -> list[Any]:
    """Every action the current player may take; each one applies without error."""
    if state.phase == "over":
        return []
    p = current_player(state)
    legal = _LEGAL.get(state.phase)
    out: list[Any] = legal(state, p) if legal is not None else []
    out.extend(pentaqo.options(state, p))
    return out


def _check_fields(action: Any) -> None:
    """Malformed values (wrong types) are illegal input, rejected before any rule is looked at."""
    name = type(action).__name__
    if isinstance(action, (A.PlayPentaqo, A.OfferCard)) and not is_int(action.card):
        raise IllegalAction("§actions", "malformed.card", action=name)
    if isinstance(action, (A.OfferCard, A.OfferTrade)) and not is_int(action.to):
        raise IllegalAction("§actions", "malformed.to", action=name)
    if isinstance(action, A.OfferTrade):
        if action.give is not None and not is_int(action.give):
            raise IllegalAction("§actions", "malformed.give", action=name)
        if not isinstance(action.ask, str):
            raise IllegalAction("§actions", "malformed.ask", action=name)
    if isinstance(action, A.AcceptOffer) and action.card is not None and not is_int(action.card):
        raise IllegalAction("§actions", "malformed.card_or_none", action=name)
    if isinstance(action, (A.Neutralise, A.ChooseDiscard)) and (
        not isinstance(action.cards, tuple) or not all(is_int(c) for c in action.cards)
    ):
        raise IllegalAction("§actions", "malformed.cards", action=name)


def apply(state: State, action: Any) -> State:
    """The state after ``action`` by the current player; ``state`` itself is never changed.

    Raises :class:`IllegalAction` (with the § it breaks) for malformed or forbidden actions.
    """
    A.codec.check(action)
    _check_fields(action)
    if state.phase == "over":
        raise IllegalAction("§Fine del Gioco", "game_over")
    s = state.copy()
    _HANDLERS[type(action)](s, action)
    s.step += 1
    commit_rng(s)
    return s


def observation(state: State, player: int) -> dict[str, Any]:
    """JSON-ready view for ``player``: own hand only, others' hand sizes, public piles; the
    decks' order, others' hands and the contents of offers between others stay hidden."""
    s = state
    if not 0 <= player < len(s.players):
        raise ValueError(f"no player {player}")
    threats_left = sum(1 for c in s.threat_deck if kind(c) == "threat")
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
        "collaboration": collaboration_view(s),
        "rounds_used": s.rounds_used,
        "offer": offer_view(s, player),
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
