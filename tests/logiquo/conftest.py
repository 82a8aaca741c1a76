"""Fixtures for the Logiquo tests: a builder of hand-made positions that still hold every card
exactly once, so rule tests can set up the precise situation a rule speaks about."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import gamelib.logiquo as L
from gamelib.logiquo.cards import by_code, by_kind
from gamelib.logiquo.state import State


def ids(*codes: str) -> list[int]:
    return [by_code(c).id for c in codes]


def build(
    players: int = 3,
    *,
    threat: str | None = "T01",
    hands: dict[int, list[str]] | None = None,
    data: dict[int, int] | None = None,
    threat_top: list[str] | None = None,
    control_top: list[str] | None = None,
    active: int = 0,
    ending: str = "first_zero",
    threat_deck: list[str] | None = None,
) -> State:
    """A position of a one-deck game: ``threat`` on the table in the reaction phase, the given
    hands (codes), Data counts (default 3), cards to be drawn next from the top of each deck
    (first listed = drawn first) and everything else tidily in the decks."""
    s = L.new_game(players, seed=1, ending=ending)
    hands = hands or {}
    data = data or {}
    used: set[int] = set()
    s.hands = [ids(*hands.get(p, [])) for p in range(players)]
    for h in s.hands:
        used.update(h)
    s.threat = by_code(threat).id if threat else None
    if s.threat is not None:
        used.add(s.threat)
    ttop = ids(*(threat_top or []))
    ctop = ids(*(control_top or []))
    used.update(ttop)
    used.update(ctop)
    if threat_deck is not None:
        s.threat_deck = list(reversed(ids(*threat_deck)))
        used.update(s.threat_deck)
    else:
        # anomalies at the bottom, threats on top: later draws stay free of surprises
        rest = [c.id for k in ("anomaly", "threat") for c in by_kind(k) if c.id not in used]
        s.threat_deck = rest + list(reversed(ttop))
    # specials at the bottom: restores draw plain countermeasures (C50, C49, ...)
    rest_c = [
        c.id
        for k in ("pentaqo", "logiquo", "countermeasure")
        for c in by_kind(k)
        if c.id not in used
    ]
    s.control_deck = rest_c + list(reversed(ctop))
    if threat_deck is not None:  # unused threat cards go to the discard pile
        s.threat_discard = [
            c.id
            for k in ("threat", "anomaly")
            for c in by_kind(k)
            if c.id not in used and c.id not in s.threat_deck
        ]
    else:
        s.threat_discard = []
    s.control_discard = []
    pool = [c.id for c in by_kind("data")]
    s.data = []
    for p in range(players):
        k = data.get(p, 3)
        s.data.append(pool[:k])
        pool = pool[k:]
    s.data_supply = pool
    s.data_discard = []
    s.anomalies = []
    s.active = active
    s.phase = "reaction"
    s.window = []
    s.collab = None
    s.offer = None
    s.effects = []
    s.choice = None
    s.flags = {}
    s.rounds_used = 0
    s.events = []
    assert sorted(s.all_card_ids()) == list(range(140)), "rigged position lost a card"
    return s


@pytest.fixture
def position() -> Callable[..., State]:
    return build


@pytest.fixture
def card_ids() -> Callable[..., list[int]]:
    return ids


def hand_codes(s: State, p: int) -> list[str]:
    from gamelib.logiquo.cards import label

    return sorted(label(c) for c in s.hands[p])


@pytest.fixture
def codes_of() -> Callable[[State, int], list[str]]:
    return hand_codes


def play(s: State, *acts: Any) -> State:
    for a in acts:
        s = L.apply(s, a)
    return s


@pytest.fixture
def run() -> Callable[..., State]:
    return play
