"""Invariants after every action of 1,000 seeded random games (§Componenti: every card is
somewhere exactly once; §Scarto: discard piles only grow and are never drawn; Data >= 0;
§Fine del Gioco: the game always ends), plus JSON round trips and input purity on samples."""

from __future__ import annotations

import random

import gamelib.logiquo as L
from gamelib.logiquo.bots import RandomBot
from gamelib.logiquo.cards import load

KIND = [c.kind for c in load()]
CONTROL = {"countermeasure", "logiquo", "pentaqo"}
GAMES = 1000


def _setup(i: int):
    """Mostly 2-6 players with one deck; some deck-out games; a few merged 7-8 player games."""
    if i % 50 == 49:
        return 7 + (i // 50) % 2, {"merged_decks": True}
    players = 2 + i % 5
    opts = {"ending": "deck_out"} if i % 4 == 3 else {}
    if i % 7 == 6:
        opts["hand_size"] = 56 // (players + 1)  # a bigger deal (§Preparazione.2)
    return players, opts


def _check(prev, s, full):
    assert sorted(s.all_card_ids()) == full
    # §Scarto: discard piles only ever grow at their end; decks only lose their top cards
    for name in ("control_discard", "threat_discard", "data_discard"):
        before, after = getattr(prev, name), getattr(s, name)
        assert after[: len(before)] == before, name
    for name in ("control_deck", "threat_deck"):
        before, after = getattr(prev, name), getattr(s, name)
        assert before[: len(after)] == after, name
    for hand in s.hands:
        assert all(KIND[c % 140] in CONTROL for c in hand)
    for data in s.data:
        assert all(KIND[c % 140] == "data" for c in data)
    if L.is_over(s):
        assert s.winners and L.current_player(s) is None
        return
    for p, alive in enumerate(s.alive):
        if alive:
            assert len(s.data[p]) > 0
    p = L.current_player(s)
    assert s.alive[p]
    assert L.legal_actions(s)


def test_invariants_over_a_thousand_random_games():
    finished = 0
    for i in range(GAMES):
        players, opts = _setup(i)
        s = L.new_game(players, seed=i, **opts)
        full = list(range(140 * s.copies))
        assert sorted(s.all_card_ids()) == full
        bots = [RandomBot(i * 16 + p) for p in range(players)]
        sample = random.Random(i)
        step = 0
        while not L.is_over(s):
            action = bots[L.current_player(s)].choose(s)
            if step % 10 == 0:
                snapshot = s.copy()
                nxt = L.apply(s, action)
                assert s == snapshot  # apply never mutates its input
            else:
                nxt = L.apply(s, action)
            _check(s, nxt, full)
            if sample.random() < 0.03:
                assert L.from_json(L.to_json(nxt)) == nxt
            s = nxt
            step += 1
            assert step < 20_000
        assert L.from_json(L.to_json(s)) == s
        finished += 1
    assert finished == GAMES
