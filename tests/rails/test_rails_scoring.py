"""Scoring (§Punti, §Calcolo dei punti), ticket completion and the graph algorithms."""

import random

import pytest

from gamelib import rails
from gamelib.rails import scoring
from gamelib.rails.board import load
from gamelib.rails.routes import shortest_route, ticket_path
from gamelib.rails.scoring import final_scores, longest_trail, winners
from tests.rails.rails_helpers import clone, route_id, started

BOARD = load()


def R(a, b, color=None, index=None):
    return BOARD.routes[route_id(a, b, color, index)]


def brute_longest(routes):
    """Every trail from every city, no pruning: the reference for longest_trail."""
    best = 0

    def walk(city, used, length):
        nonlocal best
        best = max(best, length)
        for i, r in enumerate(routes):
            if i not in used and city in (r.a, r.b):
                walk(r.b if city == r.a else r.a, used | {i}, length + r.length)

    for city in {c for r in routes for c in (r.a, r.b)}:
        walk(city, frozenset(), 0)
    return best


# --------------------------------------------------------------------------------------------
# Longest trail (§Calcolo dei punti)


def test_calcolo_longest_trail_simple_shapes():
    assert longest_trail([]) == 0
    assert longest_trail([R("Seattle", "Helena")]) == 6
    chain = [R("Denver", "Santa Fe"), R("Santa Fe", "El Paso"), R("El Paso", "Houston")]
    assert longest_trail(chain) == 10
    star = [R("Denver", "Helena"), R("Denver", "Phoenix"), R("Denver", "Omaha")]
    assert longest_trail(star) == 9  # two arms of a Y, never the third


def test_calcolo_longest_trail_may_revisit_cities():
    """A trail uses no route twice, but may pass through a city again (a loop + tail)."""
    loop = [R("Dallas", "Houston", index=0), R("Houston", "New Orleans"),
            R("New Orleans", "Little Rock"), R("Little Rock", "Dallas")]  # fmt: skip
    tail = [R("Dallas", "El Paso"), R("Houston", "El Paso")]  # El Paso closes a 2nd loop
    assert longest_trail(loop) == 1 + 2 + 3 + 2
    assert longest_trail(loop + tail) == 1 + 2 + 3 + 2 + 4 + 6
    lollipop = loop + [R("Little Rock", "Nashville")]
    assert longest_trail(lollipop) == 8 + 3


def test_calcolo_longest_trail_parallel_routes_are_two_routes():
    """On a multigraph the two routes of a double are two edges (only possible for the input
    of longest_trail, since one player never owns both)."""
    pair = [R("Portland", "San Francisco", index=0), R("Portland", "San Francisco", index=1)]
    assert longest_trail(pair) == 10
    assert longest_trail(pair + [R("Portland", "Seattle", index=0)]) == 11


def test_calcolo_longest_trail_separate_networks_do_not_add_up():
    a = [R("Seattle", "Helena")]
    b = [R("Miami", "New Orleans"), R("New Orleans", "Houston")]
    assert longest_trail(a + b) == 8


def test_calcolo_longest_trail_matches_brute_force_on_random_networks():
    rng = random.Random(7)
    # dense regions, so that the networks have many loops
    cities = {"Dallas", "Houston", "Little Rock", "Oklahoma City", "Kansas City", "Saint Louis",
              "Nashville", "Atlanta", "Raleigh", "Charleston", "Washington", "Pittsburgh",
              "New York", "Chicago", "Omaha", "Duluth", "New Orleans", "Miami"}  # fmt: skip
    pool = [r for r in BOARD.routes if r.a in cities and r.b in cities]
    for _ in range(120):
        sample = rng.sample(pool, rng.randint(1, 11))
        assert longest_trail(sample) == brute_longest(sample)


# --------------------------------------------------------------------------------------------
# Tickets and graph algorithms


def test_destinazione_ticket_completed_by_own_connected_routes():
    """§Prendere le carte Destinazione: a ticket is completed by a chain of the player's routes
    joining its two cities."""
    ticket = next(t for t in BOARD.tickets if {t.a, t.b} == {"Denver", "El Paso"})
    assert not scoring.ticket_completed([R("Denver", "Santa Fe")], ticket)
    assert scoring.ticket_completed([R("Denver", "Santa Fe"), R("Santa Fe", "El Paso")], ticket)
    assert not scoring.ticket_completed([R("Denver", "Santa Fe"), R("Phoenix", "El Paso")], ticket)
    assert scoring.ticket_completed(
        [R("Denver", "Phoenix"), R("Phoenix", "Santa Fe"), R("Santa Fe", "El Paso")], ticket
    )


def test_shortest_route_by_trains_and_by_number_of_routes():
    by_trains = shortest_route("Duluth", "Toronto")
    assert by_trains.trains == 5 and by_trains.routes == 2
    assert by_trains.cities == ("Duluth", "Sault St. Marie", "Toronto")
    by_routes = shortest_route("Duluth", "Toronto", by="routes")
    assert by_routes.routes == 1 and by_routes.trains == 6
    assert shortest_route("Denver", "El Paso").trains == 4


def test_shortest_route_avoids_closed_routes_and_owned_routes_are_free():
    closed = route_id("Denver", "Santa Fe")
    others = [r.id for r in BOARD.routes if r.id != closed]
    around = shortest_route("Denver", "El Paso", available=others)
    assert around.trains == 8 and closed not in around.route_ids
    owned = shortest_route("Denver", "El Paso", available=others, owned=[closed])
    assert owned.trains == 2 and closed in owned.route_ids
    assert shortest_route("Denver", "El Paso", available=[]) is None


def test_ticket_path_uses_the_state():
    s = clone(started(2))
    ticket = next(t for t in BOARD.tickets if {t.a, t.b} == {"Denver", "El Paso"})
    s.owner[route_id("Denver", "Santa Fe")] = 1  # the opponent blocks the direct way
    path = ticket_path(s, 0, ticket)
    assert path.trains == 8
    s.owner[route_id("Denver", "Phoenix")] = 0
    assert ticket_path(s, 0, ticket).trains == 3
    with pytest.raises(ValueError):
        shortest_route("Denver", "El Paso", by="cost")


# --------------------------------------------------------------------------------------------
# Final scores and winners (§Calcolo dei punti)


def _owned(s, player, *routes):
    for r in routes:
        s.owner[r.id] = player


def _scored(players=2):
    s = clone(started(players))
    s.tickets = [[] for _ in range(players)]
    s.ticket_deck = list(range(30))
    return s


def _ticket(a, b):
    return next(t.id for t in BOARD.tickets if {t.a, t.b} == {a, b})


def test_calcolo_tickets_add_or_subtract_and_longest_trail_bonus():
    """§Calcolo dei punti: completed tickets add, failed ones subtract, the longest trail earns
    10 more."""
    s = _scored()
    _owned(s, 0, R("Denver", "Santa Fe"), R("Santa Fe", "El Paso"))  # 2 + 2 points
    _owned(s, 1, R("Seattle", "Helena"))  # 15 points
    for t in (_ticket("Denver", "El Paso"), _ticket("Seattle", "New York")):
        s.ticket_deck.remove(t)
    s.tickets = [[_ticket("Denver", "El Paso")], [_ticket("Seattle", "New York")]]
    p0, p1 = final_scores(s)
    assert (p0.route_points, p0.ticket_points, p0.longest_trail, p0.longest_bonus) == (4, 4, 4, 0)
    assert p0.completed == (_ticket("Denver", "El Paso"),) and p0.total == 8
    assert (p1.route_points, p1.ticket_points, p1.longest_bonus) == (15, -22, 10)
    assert p1.failed == (_ticket("Seattle", "New York"),) and p1.total == 3
    assert winners([p0, p1]) == [0]


def test_calcolo_tied_longest_trail_every_tied_player_gets_the_bonus():
    s = _scored(3)
    _owned(s, 0, R("Seattle", "Helena"))
    _owned(s, 1, R("Los Angeles", "El Paso"))
    _owned(s, 2, R("Nashville", "Atlanta"))
    bonus = [p.longest_bonus for p in final_scores(s)]
    assert bonus == [10, 10, 0]


def test_calcolo_no_routes_no_bonus():
    """§silent:longest-zero: with no route at all nobody has a trail to reward."""
    assert [p.longest_bonus for p in final_scores(_scored())] == [0, 0]


def test_calcolo_tie_broken_by_completed_tickets():
    """§Calcolo dei punti: on equal points, more completed destination tickets wins."""
    s = _scored()
    _owned(s, 0, R("Denver", "Santa Fe"), R("Santa Fe", "El Paso"))  # 4 points, trail 4
    _owned(s, 1, R("Helena", "Winnipeg"), R("Nashville", "Atlanta"))  # 8 points, trail 4
    t = _ticket("Denver", "El Paso")  # 4 points
    s.ticket_deck.remove(t)
    s.tickets[0] = [t]
    p0, p1 = final_scores(s)
    assert p0.total == p1.total == 18  # both tied on the longest trail: +10 each
    assert winners([p0, p1]) == [0]
    assert winners([p1, p0]) == [0]


def test_silent_tie_then_longest_trail_then_shared():
    """§silent:tie-break: level on points and tickets, the longest-trail bonus decides; if that
    is level too, the win is shared."""
    make = scoring.PlayerScore
    a = make(0, 10, (), (), 0, 5, 10, 20)
    b = make(1, 20, (), (), 0, 4, 0, 20)
    assert winners([a, b]) == [0]
    c = make(1, 10, (), (), 0, 5, 10, 20)
    assert winners([a, c]) == [0, 1]


def test_calcolo_winners_of_a_finished_game_and_running_score():
    s = started(2)
    assert rails.winners(s) == []
    assert scoring.route_points(s.owner, 2) == s.route_points == [0, 0]


def test_longest_trail_steps_walk_a_trail_as_long_as_longest_trail():
    """§Calcolo dei punti (longest path): the trail drawn step by step is a real trail (each
    route once, consecutive steps share a city) and as long as the scored length."""
    import random

    from gamelib.rails import board as rails_board
    from gamelib.rails.routes import longest_trail, longest_trail_steps

    routes = list(rails_board.load().routes)
    rng = random.Random(5)
    for _ in range(40):
        picked = rng.sample(routes, rng.randint(1, 14))
        steps = longest_trail_steps(picked)
        assert sum(r.length for r, _, _ in steps) == longest_trail(picked)
        assert len({r.id for r, _, _ in steps}) == len(steps)
        for (_, _, end), (_, start, _) in zip(steps, steps[1:], strict=False):
            assert end == start


def test_city_measures_and_corridors_come_from_the_board_graph():
    from gamelib.rails.routes import city_measures, corridors

    m = city_measures()
    assert len(m["degree"]) == 36 and len(m["betweenness"]) == 36
    assert max(m["betweenness"], key=m["betweenness"].get) in {
        "Denver",
        "Kansas City",
        "Oklahoma City",
        "Saint Louis",
        "Chicago",
        "Omaha",
        "Helena",
    }
    ranked = corridors()
    assert ranked == sorted(ranked, key=lambda kv: kv[1], reverse=True)
