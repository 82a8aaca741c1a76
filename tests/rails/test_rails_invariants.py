"""Invariants after every action of 1,000 seeded random games (2 to 5 players), and random
actions thrown at sampled positions: each one either is legal and applies, or raises
IllegalAction and leaves the state unchanged. The invariants themselves are
``gamelib.rails.check_state`` (also the judge of loaded saves); a test below proves it fails
on broken states."""

import random
from collections import Counter

import pytest

from gamelib import rails
from gamelib.core import IllegalAction
from gamelib.rails import check_state, scoring
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
from gamelib.rails.cards import CARD_NAMES, LOCO
from tests.rails.rails_helpers import clone, set_face_up, started

BOARD = load()
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


def check(s):
    """§Contenuto, §Occupare le strade, §Punti, §Carte Locomotiva, §Fine del gioco: the
    invariants of gamelib/rails/invariants.py (cards and tickets conserved, trains and score
    matching the routes, doubles, the display, offers and the last round)."""
    problem = check_state(s)
    assert problem is None, problem


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


PARTS = 4  # the thousand games in four parts: pytest-xdist runs them side by side


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_invariants_over_1000_random_games(part: int) -> None:
    """A quarter of the 1,000 games (``part`` 0: games 0-249, ...); the four parts play all."""
    size = GAMES // PARTS
    rng = random.Random(12345 + part)
    endings = Counter()
    for game in range(part * size, (part + 1) * size):
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
    assert endings["trains"] > size // 2  # random games do reach the end of §Fine del gioco


def _twin_pair():
    return next((r.id, r.twin) for r in BOARD.routes if r.double_index == 0)


def _both_doubles(s):
    a, b = _twin_pair()
    s.owner[a] = s.owner[b] = 0
    s.trains[0] -= BOARD.routes[a].length + BOARD.routes[b].length
    s.route_points = scoring.route_points(s.owner, s.players)


BREAKS = {
    "cards.train_cards_not_game": lambda s: s.deck.pop(),
    "cards.destination_tickets_not_game": lambda s: s.ticket_deck.append(s.ticket_deck[0]),
    "board.trains_left_not_minus": lambda s: s.trains.__setitem__(0, 44),
    "board.running_route_points_do": lambda s: s.route_points.__setitem__(1, 3),
    "board.both_routes_double_taken": _both_doubles,
    "display.face_up_slot_empty": lambda s: (
        s.deck.insert(0, s.face_up[0]) or s.face_up.__setitem__(0, -1)
    ),
    "turn.player_move_not_seat": lambda s: setattr(s, "current", 2),
    "state.unknown_phase": lambda s: setattr(s, "phase", "lunch"),
    "turn.tickets_offered_outside_ticket": lambda s: s.offers[0].append(s.ticket_deck.pop()),
    "turn.game_ending_does_not": lambda s: setattr(s, "ended_by", "trains"),
    "turn.last_round_has_no": lambda s: setattr(s, "final_turns", 2),
    "types.not_whole_number": lambda s: setattr(s, "turn", "3"),
}


@pytest.mark.parametrize("what", sorted(BREAKS))
def test_check_state_names_what_broke(what):
    """Every family of invariants fails on a state broken that way, and names it by its code
    (``saves.<game>.<code>`` words it)."""
    s = clone(started(2, seed=5))
    assert check_state(s) is None
    BREAKS[what](s)
    problem = check_state(s)
    assert problem is not None and problem.code == what, problem


def test_check_state_refuses_three_unwiped_locomotives():
    """§Carte Locomotiva: three face-up locomotives stay only when wiping cannot help."""
    s = set_face_up(started(2, seed=5), ["locomotive"] * 3 + ["red", "blue"])
    assert s.face_up.count(LOCO) == 3
    assert check_state(s).code == "display.face_up_locomotives_were"
