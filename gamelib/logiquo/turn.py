"""The frame of a turn: §Struttura.1 (the active player reveals threat cards, suffering each
anomaly and drawing again until a threat appears, §Anomalie), the queue of effects that
pauses for a player's discard choice and resumes the turn, and §Struttura.6 with §Scarto
(the threat and anomalies to the discard pile, the next player still in draws).
"""

from __future__ import annotations

from .cards import card
from .ending import check_data, finish
from .impacts import apply_op
from .pentaqo import open_window
from .state import State
from .table import discard_controls, kind, log, next_alive


def draw_threat(s: State) -> None:
    """§Struttura.1: reveal the top card; an anomaly strikes the drawer and the draw repeats
    until a threat appears (§Anomalie)."""
    if not s.threat_deck:
        finish(s, "deck")
        return
    cid = s.threat_deck.pop()
    if kind(cid) == "anomaly":
        s.anomalies.append(cid)
        log(s, type="anomaly", player=s.active, card=cid)
        s.effects = [{**e, "targets": [s.active], "source": cid} for e in card(cid).effects]
        s.resume = "draw"
        run_effects(s)
        return
    s.threat = cid
    log(s, type="threat", player=s.active, card=cid)
    open_window(s)


def end_turn(s: State) -> None:
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
    if not any(kind(c) == "threat" for c in s.threat_deck):
        finish(s, "deck")
        return
    s.active = next_alive(s, s.active)
    s.turn += 1
    log(s, type="turn", player=s.active)
    draw_threat(s)


def _continue(s: State) -> None:
    if s.phase == "over":
        return
    if s.resume == "draw" and s.alive[s.active]:
        draw_threat(s)
    else:
        end_turn(s)


def run_effects(s: State) -> None:
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
                    discard_controls(s, p, hand[:], "impact")
                    targets.pop(0)
                    continue
                s.choice = {"player": p, "n": item["n"], "source": item["source"]}
                s.phase = "discard"
                return
            s.effects.pop(0)
            continue
        s.effects.pop(0)
        apply_op(s, item)
        if check_data(s):
            return
    s.choice = None
    _continue(s)
