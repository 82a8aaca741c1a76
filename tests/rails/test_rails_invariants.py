"""Invariants after every action of 1,000 seeded random games (2 to 5 players), and random
actions thrown at sampled positions: each one either is legal and applies, or raises
IllegalAction and leaves the state unchanged."""

import random
from collections import Counter

import pytest

from gamelib import rails
from gamelib.core import IllegalAction
from gamelib.rails import scoring
from gamelib.rails.actions import (
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
)
from gamelib.rails.board import load
from gamelib.rails.bots import RandomBot
from gamelib.rails.cards import CARD_NAMES, LOCO, TOTAL_CARDS, full_deck

BOARD = load()
DOUBLES = [(r.id, r.twin) for r in BOARD.routes if r.double_index == 0]
FULL = Counter(full_deck())
GAMES = 1000
MAX_ACTIONS = 3000


def snapshot(s):
    """Everything a careless apply could mutate in place."""
    return (
        tuple(s.deck), tuple(s.face_up), tuple(s.discard), tuple(map(tuple, s.hands)),
        tuple(s.ticket_deck), tuple(map(tuple, s.tickets)), tuple(map(tuple, s.offers)),
        tuple(s.trains), tuple(s.owner), tuple(s.route_points), s.rng, s.phase, s.current,
        s.turn, s.actions, s.final_turns, s.passes,
    )  # fmt: skip


LENGTHS = [r.length for r in BOARD.routes]


def check(s):
    n = s.players
    # §Contenuto: the 110 train cards, by kind, and the 30 tickets are all somewhere
    assert all(min(h) >= 0 for h in s.hands)
    for kind, full in FULL.items():
        count = s.deck.count(kind) + s.discard.count(kind) + s.face_up.count(kind)
        assert count + sum(h[kind] for h in s.hands) == full, kind
    assert len(s.deck) + len(s.discard) + 5 - s.face_up.count(-1) + sum(map(sum, s.hands)) == (
        TOTAL_CARDS
    )
    tickets = list(s.ticket_deck)
    for lst in (*s.tickets, *s.offers):
        tickets += lst
    assert sorted(tickets) == list(range(30))
    # §Preparazione / §Occupare le strade: trains never below 0, and they match the routes
    assert all(t >= 0 for t in s.trains)
    placed = [0] * n
    for rid, p in enumerate(s.owner):
        if p >= 0:
            placed[p] += LENGTHS[rid]
    assert s.trains == [45 - x for x in placed]
    # each route has at most one owner (a list entry), doubles follow §Occupare le strade
    for a, b in DOUBLES:
        oa, ob = s.owner[a], s.owner[b]
        if oa >= 0 and ob >= 0:
            assert oa != ob and n >= 4
    # §Punti: the running score equals the score recomputed from the owners
    assert scoring.route_points(s.owner, n) == s.route_points
    # §Prendere carte carro: an empty face-up slot only when no card is left to show
    if -1 in s.face_up:
        assert not s.deck and not s.discard
    # §Carte Locomotiva: 3 face-up locomotives only when wiping cannot help (§silent:loco-wipe)
    if s.face_up.count(LOCO) >= 3:
        pool = [c for c in s.face_up if c >= 0] + s.deck + s.discard
        assert sum(c != LOCO for c in pool) < min(5, len(pool)) - 2
    # offers only in the phases that ask for a ticket choice
    if s.phase == "tickets":
        assert s.offers[s.current] and sum(map(len, s.offers)) == len(s.offers[s.current])
    elif s.phase != "setup":
        assert not any(s.offers)


def random_action(rng, s):
    kind = rng.randrange(8)
    colours = [*CARD_NAMES, "purple", "", 3]
    if kind == 0:
        return ClaimRoute(rng.randrange(-2, 102), rng.choice(colours), rng.randrange(-1, 8))
    if kind == 1:
        return DrawFaceUp(rng.choice(colours))
    if kind == 2:
        offer = sorted(s.offers[s.current]) or [rng.randrange(30)]
        return KeepTickets(tuple(sorted(rng.sample(offer, rng.randrange(0, len(offer) + 1)))))
    if kind == 3:
        return KeepTickets(tuple(rng.sample(range(-1, 31), rng.randrange(0, 4))))
    return [DrawDeck(), DrawTickets(), Pass(), "nonsense"][kind - 4]


def poke(rng, s):
    """Random actions: legal ones apply, the others raise and change nothing."""
    legal = rails.legal_actions(s)
    before = snapshot(s)
    for _ in range(6):
        action = random_action(rng, s)
        if action in legal:
            rails.apply(s, action)
        else:
            with pytest.raises(IllegalAction):
                rails.apply(s, action)
        assert snapshot(s) == before
    for action in rng.sample(legal, min(5, len(legal))):  # every legal action applies
        rails.apply(s, action)
    assert snapshot(s) == before


@pytest.mark.slow
def test_invariants_over_1000_random_games():
    rng = random.Random(12345)
    endings = Counter()
    for game in range(GAMES):
        players = 2 + game % 4
        s = rails.new_game(players, seed=game)
        bots = [RandomBot(game * 7 + p) for p in range(players)]
        check(s)
        sample = {rng.randrange(300) for _ in range(3)}
        for step in range(MAX_ACTIONS):
            if rails.is_over(s):
                break
            player = rails.current_player(s)
            action = bots[player].choose(s)
            before = snapshot(s)
            new = rails.apply(s, action)
            assert snapshot(s) == before, f"apply mutated its input at game {game} step {step}"
            if new.phase == "second_draw":  # the second draw is the same player's
                assert rails.current_player(new) == player and s.phase == "turn"
            if s.phase == "second_draw":  # ... and it ends the turn
                assert new.phase in ("turn", "over") and new.turn == s.turn + 1
            s = new
            check(s)
            if step in sample:
                assert rails.from_json(rails.to_json(s)) == s
                poke(rng, s)
        assert rails.is_over(s), f"game {game} did not end within {MAX_ACTIONS} actions"
        assert rails.from_json(rails.to_json(s)) == s
        final = scoring.final_scores(s)
        for p in final:
            assert p.total == p.route_points + p.ticket_points + p.longest_bonus
            assert len(p.completed) + len(p.failed) == len(s.tickets[p.player])
        assert rails.winners(s)
        endings[s.ended_by] += 1
    assert endings["trains"] > GAMES // 2  # random games do reach the end of §Fine del gioco
