"""What every part of a Logiquo turn uses: the rule constants, the card kinds, the seats in
clockwise order (§Preparazione.5), drawing and discarding control cards (§Scarto: the discard
pile is never reshuffled), the game's generator, the public log, and which named card is not
in a hand (the decisions raise their refusals themselves, each with its literal § and code).
"""

from __future__ import annotations

import random
from typing import Any

from gamelib.core import rng_from

from .cards import DECK_SIZE, load, rules
from .state import State

RULES = rules()
_KIND = tuple(c.kind for c in load())
MITIGATES = tuple(frozenset(c.mitigates) for c in load())
CATEGORY = tuple(c.category for c in load())
_MAX_EVENTS = 60


def kind(cid: int) -> str:
    return _KIND[cid % DECK_SIZE]


def rand(s: State) -> random.Random:
    """The game's generator, restored lazily once per ``apply`` (see ``commit_rng``)."""
    r = s.__dict__.get("_rng")
    if r is None:
        r = rng_from(s.rng)
        s.__dict__["_rng"] = r
    return r


def commit_rng(s: State) -> None:
    r = s.__dict__.pop("_rng", None)
    if r is not None:
        s.rng = r.getstate()


def log(s: State, **event: Any) -> None:
    s.events.append({"turn": s.turn, **event})
    if len(s.events) > _MAX_EVENTS:
        del s.events[: len(s.events) - _MAX_EVENTS]


def next_alive(s: State, p: int) -> int:
    n = len(s.players)
    for i in range(1, n + 1):
        q = (p + i) % n
        if s.alive[q]:
            return q
    return p


def clockwise_from(s: State, start: int) -> list[int]:
    """Alive players clockwise starting with ``start`` (§Preparazione.5: "in senso orario")."""
    n = len(s.players)
    return [(start + i) % n for i in range(n) if s.alive[(start + i) % n]]


def draw_controls(s: State, p: int, k: int) -> int:
    """Draw up to ``k`` control cards; the discard pile is never reshuffled (§Scarto)."""
    k = min(k, len(s.control_deck))
    for _ in range(k):
        s.hands[p].append(s.control_deck.pop())
    return k


def discard_controls(s: State, p: int, cids: list[int], why: str) -> None:
    for c in cids:
        s.hands[p].remove(c)
    s.control_discard.extend(cids)
    s.stats["controls_lost"][p] += len(cids)
    if cids:
        log(s, type="discard", player=p, cards=list(cids), why=why)


def not_in_hand(s: State, p: int, cids: tuple[int, ...]) -> int | None:
    """The first of ``cids`` that is not in ``p``'s hand, or ``None`` when all are."""
    return next((c for c in cids if c not in s.hands[p]), None)
