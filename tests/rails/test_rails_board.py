"""The USA board data (§Contenuto: the map is the original game's, not printed in the rulebook).

The expected figures are those of the published board, derived route by route from two public
transcriptions (see docs/rules/rails.md): 100 routes over 78 city pairs, 22 pairs doubled,
309 train spaces.
"""

from collections import Counter

from gamelib.rails.board import GREY, load, route_geometry, rules
from gamelib.rails.cards import COLORS, LOCOMOTIVES, PER_COLOR, TOTAL_CARDS, full_deck

BOARD = load()

CITIES = {
    "Vancouver", "Seattle", "Portland", "San Francisco", "Los Angeles", "Las Vegas", "Phoenix",
    "Salt Lake City", "Helena", "Calgary", "Winnipeg", "Denver", "Santa Fe", "El Paso", "Duluth",
    "Omaha", "Kansas City", "Oklahoma City", "Dallas", "Houston", "Sault St. Marie", "Chicago",
    "Saint Louis", "Little Rock", "New Orleans", "Nashville", "Atlanta", "Toronto", "Pittsburgh",
    "Montreal", "Boston", "New York", "Washington", "Raleigh", "Charleston", "Miami",
}  # fmt: skip

TICKETS = {
    ("Los Angeles", "New York"): 21, ("Duluth", "Houston"): 8,
    ("Sault St. Marie", "Nashville"): 8, ("New York", "Atlanta"): 6,
    ("Portland", "Nashville"): 17, ("Vancouver", "Montreal"): 20, ("Duluth", "El Paso"): 10,
    ("Toronto", "Miami"): 10, ("Portland", "Phoenix"): 11, ("Dallas", "New York"): 11,
    ("Calgary", "Salt Lake City"): 7, ("Calgary", "Phoenix"): 13, ("Los Angeles", "Miami"): 20,
    ("Winnipeg", "Little Rock"): 11, ("San Francisco", "Atlanta"): 17,
    ("Kansas City", "Houston"): 5, ("Los Angeles", "Chicago"): 16,
    ("Denver", "Pittsburgh"): 11, ("Chicago", "Santa Fe"): 9, ("Vancouver", "Santa Fe"): 13,
    ("Boston", "Miami"): 12, ("Chicago", "New Orleans"): 7, ("Montreal", "Atlanta"): 9,
    ("Seattle", "New York"): 22, ("Denver", "El Paso"): 4, ("Helena", "Los Angeles"): 8,
    ("Winnipeg", "Houston"): 12, ("Montreal", "New Orleans"): 13,
    ("Sault St. Marie", "Oklahoma City"): 9, ("Seattle", "Los Angeles"): 9,
}  # fmt: skip


def test_contenuto_36_cities_with_real_coordinates():
    assert set(BOARD.cities) == CITIES
    for name, (lat, lon) in BOARD.cities.items():
        assert 25 < lat < 52 and -124 < lon < -70, name
    # a few real positions, to the tenth of a degree
    assert round(BOARD.cities["Denver"].lat, 1) == 39.7
    assert round(BOARD.cities["Miami"].lon, 1) == -80.2
    assert BOARD.cities["Seattle"].lon < BOARD.cities["Portland"].lon + 1


def test_contenuto_every_city_is_on_some_route():
    used = {r.a for r in BOARD.routes} | {r.b for r in BOARD.routes}
    assert used == CITIES


def test_contenuto_100_routes_78_connections_22_doubles():
    routes = BOARD.routes
    assert [r.id for r in routes] == list(range(100))
    pairs = Counter(frozenset(r.cities) for r in routes)
    assert len(pairs) == 78
    assert Counter(pairs.values()) == {1: 56, 2: 22}
    for r in routes:
        if pairs[frozenset(r.cities)] == 2:
            twin = routes[r.twin]
            assert twin.twin == r.id and {r.double_index, twin.double_index} == {0, 1}
            assert twin.length == r.length
        else:
            assert r.twin is None and r.double_index is None


def test_contenuto_route_counts_by_length_and_colour():
    routes = BOARD.routes
    assert Counter(r.length for r in routes) == {1: 9, 2: 36, 3: 20, 4: 16, 5: 10, 6: 9}
    by_colour = Counter(r.color for r in routes)
    assert by_colour == {GREY: 44, **{c: 7 for c in COLORS}}
    spaces = Counter()
    for r in routes:
        spaces[r.color] += r.length
    assert spaces == {GREY: 93, **{c: 27 for c in COLORS}}
    assert sum(r.length for r in routes) == 309


def test_contenuto_known_routes():
    def find(a, b):
        return sorted((r.length, r.color) for r in BOARD.routes_between(a, b))

    assert find("Seattle", "Helena") == [(6, "yellow")]
    assert find("Portland", "San Francisco") == [(5, "green"), (5, "pink")]
    assert find("Vancouver", "Seattle") == [(1, GREY), (1, GREY)]
    assert find("Los Angeles", "El Paso") == [(6, "black")]
    assert find("New Orleans", "Miami") == [(6, "red")]
    assert find("Raleigh", "Charleston") == [(2, GREY)]
    assert find("Nashville", "Atlanta") == [(1, GREY)]
    assert find("Denver", "Kansas City") == [(4, "black"), (4, "orange")]


def test_contenuto_30_destination_tickets_with_points():
    got = {(t.a, t.b): t.points for t in BOARD.tickets}
    assert got == TICKETS
    assert [t.id for t in BOARD.tickets] == list(range(30))
    assert sum(t.points for t in BOARD.tickets) == 349


def test_contenuto_train_cards_110_with_14_locomotives():
    deck = full_deck()
    assert len(deck) == TOTAL_CARDS == 110
    counts = Counter(deck)
    assert len(COLORS) == 8 and all(counts[k] == PER_COLOR == 12 for k in range(8))
    assert counts[8] == LOCOMOTIVES == 14


def test_punti_route_points_table():
    """§Punti: 1, 2, 4, 7, 10, 15 points for routes of 1..6 trains."""
    table = {int(k): v for k, v in rules()["route_points"].items() if k.isdigit()}
    assert table == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}


def test_route_geometry_puts_double_routes_side_by_side():
    single = BOARD.routes[BOARD.routes_between("Seattle", "Helena")[0].id]
    assert route_geometry(single) == (tuple(BOARD.cities["Seattle"]), tuple(BOARD.cities["Helena"]))
    r0, r1 = BOARD.routes_between("Portland", "San Francisco")
    g0, g1 = route_geometry(r0), route_geometry(r1)
    assert g0 != g1
    mid = [((g0[0][i] + g1[0][i]) / 2) for i in range(2)]
    assert (
        abs(mid[0] - BOARD.cities[r0.a].lat) < 1e-9 and abs(mid[1] - BOARD.cities[r0.a].lon) < 1e-9
    )
