"""Invariants after every action of 1,000 seeded random games (§Componenti: every card is
somewhere exactly once; §Scarto: discard piles only grow and are never drawn; Data >= 0;
§Fine del Gioco: the game always ends), plus JSON round trips and input purity on samples.
The single-state invariants are ``gamelib.logiquo.check_state`` (also the judge of loaded
saves); the tests at the end prove each family fails on a state broken that way."""

from __future__ import annotations

import random

import pytest

import gamelib.logiquo as L
from gamelib.logiquo.bots import RandomBot

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


def _check(prev, s):
    """``gamelib.logiquo.check_state`` (every card once and in a pile of its kind, Data while
    in the game, phase and its tables consistent), plus what only a pair of states shows."""
    problem = L.check_state(s)
    assert problem is None, problem
    # §Scarto: discard piles only ever grow at their end; decks only lose their top cards
    for name in ("control_discard", "threat_discard", "data_discard"):
        before, after = getattr(prev, name), getattr(s, name)
        assert after[: len(before)] == before, name
    for name in ("control_deck", "threat_deck"):
        before, after = getattr(prev, name), getattr(s, name)
        assert before[: len(after)] == after, name
    if L.is_over(s):
        assert s.winners and L.current_player(s) is None
        return
    assert s.alive[L.current_player(s)]
    assert L.legal_actions(s)


def test_invariants_over_a_thousand_random_games():
    finished = 0
    for i in range(GAMES):
        players, opts = _setup(i)
        s = L.new_game(players, seed=i, **opts)
        assert L.check_state(s) is None
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
            _check(s, nxt)
            if sample.random() < 0.03:
                assert L.from_json(L.to_json(nxt)) == nxt
            s = nxt
            step += 1
            assert step < 20_000
        assert L.from_json(L.to_json(s)) == s
        finished += 1
    assert finished == GAMES


def _in_reaction():
    s = L.new_game(3, seed=4)
    while s.phase != "reaction":
        s = L.apply(s, L.legal_actions(s)[0])
    return s.copy()


def _swap_data_for_control(s):
    s.data[0][0], s.hands[0][0] = s.hands[0][0], s.data[0][0]


BREAKS = {
    "cards.cards_do_not_add": lambda s: s.control_deck.pop(),
    "cards.hand_holds_card_not": _swap_data_for_control,
    "players.player_game_no_data": lambda s: s.data_discard.extend(s.data[1]) or s.data[1].clear(),
    "phase.unknown_phase": lambda s: setattr(s, "phase", "tea"),
    "players.player_eliminated_game_ends": lambda s: s.alive.__setitem__(2, False),
    "phase.pentaqo_window_outside_window": lambda s: s.window.append(1),
    "phase.collaboration_outside_collaboration_phases": lambda s: setattr(
        s, "collab", {"floor": [0], "offers_left": 2}
    ),
    "phase.unknown_flag": lambda s: s.flags.__setitem__("sleep", True),
    "players.winners_while_game_goes": lambda s: setattr(s, "winners", [0]),
    "types.not_text": lambda s: setattr(s, "phase", 3),
}


@pytest.mark.parametrize("what", sorted(BREAKS))
def test_check_state_names_what_broke(what):
    """Every family of invariants fails on a state broken that way, and names it by its code
    (``saves.<game>.<code>`` words it)."""
    s = _in_reaction()
    assert L.check_state(s) is None
    BREAKS[what](s)
    problem = L.check_state(s)
    assert problem is not None and problem.code == what, problem
