"""The CNW board (§3): the rulebook's gateways, regions and hubs, and the designed link map,
region bonuses and schematic layout (docs/rules/cnw.md, "Where the rulebook is silent")."""

import copy
import itertools
import json
import math
from importlib import resources

import networkx as nx
import pytest

from gamelib.cnw import board as cnw_board

# §3.2, copied from the rulebook: region (as printed) -> gateways in printed order.
RULEBOOK_REGIONS = {
    "North America": ["ANC", "YVR", "YYZ", "ORD", "JFK", "LAX", "DFW", "MEX", "MIA"],
    "South America": ["BOG", "LIM", "GRU", "EZE"],
    "Europe": ["LHR", "AMS", "CDG", "FRA", "MXP", "MAD", "WAW"],
    "Africa & Middle East": ["IST", "CAI", "DXB", "LOS", "NBO", "JNB"],
    "Asia": [
        *("SVO", "TAS", "KHI", "BOM", "DEL", "PEK"),
        *("PVG", "ICN", "NRT", "HKG", "BKK", "SIN"),
    ],
    "Asia-Pacific": ["CGK", "MNL", "SYD", "AKL"],
}
RULEBOOK_HUBS = {"ANC", "ORD", "MIA", "GRU", "LHR", "FRA", "MXP"}
RULEBOOK_HUBS |= {"IST", "DXB", "PVG", "NRT", "HKG", "SIN", "SYD"}
# The rulebook's names where they differ from English (§3.2).
RULEBOOK_ITALIAN = {
    "MEX": "Città del Messico",
    "LHR": "Londra",
    "CDG": "Parigi",
    "FRA": "Francoforte",
    "MXP": "Milano",
    "WAW": "Varsavia",
    "CAI": "Il Cairo",
    "SVO": "Mosca",
    "PEK": "Pechino",
    "CGK": "Giacarta",
}

# Design limits (docs/rules/cnw.md): a solid line is a short/medium-haul link, at most 4,000 km
# of great circle (EUROCONTROL's upper bound of medium haul); the single exception is
# Jakarta-Sydney, the only way to keep Asia-Pacific one territory (no Darwin or Perth on the board).
SOLID_MAX_KM = 4000.0
SOLID_EXCEPTIONS_KM = {frozenset(("CGK", "SYD")): 5600.0}


@pytest.fixture(scope="module")
def board():
    return cnw_board.load()


def raw(name):
    text = (resources.files("gamelib.cnw") / "data" / name).read_text("utf-8")
    return json.loads(text)


def solid_region_pairs(board):
    return {
        frozenset((board.gateways[ln.a].region, board.gateways[ln.b].region))
        for ln in board.links
        if ln.kind == "solid"
    }


def bonus_from_doc(size, borders):
    """docs/rules/cnw.md: bonus = (size + 2 * borders) / 4, to the nearest integer, halves up."""
    return (size + 2 * borders + 2) // 4


# -- §3.2: gateways, regions, hubs -----------------------------------------------------------


def test_s3_2_board_has_42_gateways_in_rulebook_order(board):
    assert list(board.gateways) == [c for codes in RULEBOOK_REGIONS.values() for c in codes]
    assert len(board.gateways) == 42
    assert all(code == g.code for code, g in board.gateways.items())


def test_s3_2_six_regions_with_the_printed_membership(board):
    by_name = {r.name: r for r in board.regions.values()}
    assert set(by_name) == set(RULEBOOK_REGIONS)
    for name, codes in RULEBOOK_REGIONS.items():
        region = by_name[name]
        assert region.gateways == tuple(codes), name
        assert all(board.gateways[c].region == region.id for c in codes)
    assert [len(r.gateways) for r in board.regions.values()] == [9, 4, 7, 6, 12, 4]
    assert list(board.regions) == [
        "north_america",
        "south_america",
        "europe",
        "africa_middle_east",
        "asia",
        "asia_pacific",
    ]


def test_s3_2_the_14_hubs_are_exactly_the_diamond_gateways(board):
    assert set(board.hubs) == RULEBOOK_HUBS
    assert len(board.hubs) == 14
    assert {c for c, g in board.gateways.items() if g.hub} == RULEBOOK_HUBS


def test_s3_2_italian_names_are_the_rulebooks(board):
    for code, name_it in RULEBOOK_ITALIAN.items():
        assert board.gateways[code].name_it == name_it
        assert board.gateways[code].name != name_it  # the English name is given too
    same = set(board.gateways) - set(RULEBOOK_ITALIAN)
    assert all(board.gateways[c].name_it == board.gateways[c].name for c in same)


def test_gateway_positions_are_the_real_airports():
    """Geographic view: each gateway sits on its airport (airportsdata, within 0.5 degrees)."""
    import airportsdata

    airports = airportsdata.load("IATA")
    for g in cnw_board.load().gateways.values():
        ref = airports[g.code]
        assert abs(g.lat - ref["lat"]) <= 0.5, g.code
        assert abs(g.lon - ref["lon"]) <= 0.5, g.code


# -- §3.3: links -------------------------------------------------------------------------------


def test_s10_3_waw_svo_is_a_solid_link(board):
    """§10.3: 'Europa e Asia confinano sul tabellone (WAW-SVO)'."""
    line = board.link("WAW", "SVO")
    assert line is not None and line.kind == "solid"
    assert board.link("SVO", "WAW") is line


def test_s3_3_exactly_seven_dashed_routes(board):
    assert len(board.dashed) == 7
    assert [ln for ln in board.links if ln.kind == "dashed"] == list(board.dashed)
    assert {ln.kind for ln in board.links} == {"solid", "dashed"}


def test_s3_3_dashed_routes_join_regions_with_no_solid_link_between_them(board):
    """§3.3: the dashed routes are 'le sole 7 porte tra continenti distanti'."""
    solid_pairs = solid_region_pairs(board)
    for ln in board.dashed:
        ra, rb = board.gateways[ln.a].region, board.gateways[ln.b].region
        assert ra != rb, (ln.a, ln.b)
        assert frozenset((ra, rb)) not in solid_pairs, (ln.a, ln.b)


def test_design_each_dashed_route_opens_a_different_pair_of_regions(board):
    pairs = [
        frozenset((board.gateways[ln.a].region, board.gateways[ln.b].region)) for ln in board.dashed
    ]
    assert len(set(pairs)) == 7


def test_s3_3_links_are_unique_and_never_loops():
    """Checked on the raw file, since the loader would also refuse them."""
    items = raw("links.json")["links"]
    pairs = [frozenset((i["a"], i["b"])) for i in items]
    assert all(len(p) == 2 for p in pairs)
    assert len(set(pairs)) == len(pairs)


def test_board_is_connected_and_every_gateway_has_two_links(board):
    assert nx.is_connected(board.graph)
    assert min(d for _, d in board.graph.degree()) >= 2
    assert 70 <= len(board.links) <= 90  # Risk-like density (Risk: 42 territories, 83 borders)


def test_design_each_region_hangs_together_by_solid_links(board):
    """A region is one territory, as on a Risk board: its solid links alone connect it."""
    for region in board.regions.values():
        solid = nx.Graph()
        solid.add_nodes_from(region.gateways)
        solid.add_edges_from(
            (ln.a, ln.b)
            for ln in board.links
            if ln.kind == "solid" and ln.ends <= set(region.gateways)
        )
        assert nx.is_connected(solid), region.id


def test_design_solid_links_are_short_haul_and_dashed_routes_long_haul(board):
    for ln in board.links:
        km = board.distance_km(ln.a, ln.b)
        if ln.kind == "solid":
            assert km <= SOLID_EXCEPTIONS_KM.get(ln.ends, SOLID_MAX_KM), (ln.a, ln.b, km)
        else:
            assert km > SOLID_MAX_KM, (ln.a, ln.b, km)


def test_design_each_region_has_at_least_three_border_gateways(board):
    for region in board.regions.values():
        assert len(region.borders) >= 3, region.id


def test_s12_3_map_stays_connected_without_the_dashed_routes_lacking_a_hub(board):
    """REALISMO ALTO (§12.3) needs a hub at one end of a dashed route: the two hub-less routes
    (EZE-JNB, EZE-AKL) close, and the board must still be one network."""
    hubless = [
        ln for ln in board.dashed if not (board.gateways[ln.a].hub or board.gateways[ln.b].hub)
    ]
    assert {ln.ends for ln in hubless} == {frozenset(("EZE", "JNB")), frozenset(("EZE", "AKL"))}
    open_graph = nx.Graph(board.graph)
    open_graph.remove_edges_from((ln.a, ln.b) for ln in hubless)
    assert nx.is_connected(open_graph)


# -- §3.1 / §6: region bonuses -------------------------------------------------------------


def test_s3_1_region_borders_and_bonus_follow_the_documented_formula(board):
    for region in board.regions.values():
        members = set(region.gateways)
        borders = {
            c
            for ln in board.links
            for c, other in ((ln.a, ln.b), (ln.b, ln.a))
            if c in members and other not in members
        }
        assert set(region.borders) == borders, region.id
        assert region.bonus == bonus_from_doc(len(members), len(borders)), region.id
    assert {r.id: r.bonus for r in board.regions.values()} == {
        "north_america": 5,
        "south_america": 3,
        "europe": 4,
        "africa_middle_east": 4,
        "asia": 6,
        "asia_pacific": 3,
    }


def test_region_bonus_rounds_halves_up():
    formula = raw("regions.json")["bonus_formula"]
    assert cnw_board.region_bonus(4, 3, formula) == 3  # 10 / 4 = 2.5 -> 3
    assert cnw_board.region_bonus(9, 5, formula) == 5  # 19 / 4 = 4.75 -> 5
    assert cnw_board.region_bonus(7, 4, formula) == 4  # 15 / 4 = 3.75 -> 4
    assert cnw_board.region_bonus(4, 1, formula) == 2  # 6 / 4 = 1.5 -> 2
    assert cnw_board.region_bonus(5, 1, formula) == 2  # 7 / 4 = 1.75 -> 2


# -- §10.3: distances in hops --------------------------------------------------------------


def test_s10_3_card_example_hkg_to_mxp_is_six_hops_without_dashed_routes(board):
    """The §10.3 card (HKG -> MXP): 6 links by land, no dashed route; the shipment deck's
    classes are printed from these hop counts, so a map change must show up here."""
    path = board.shortest_path("HKG", "MXP")
    assert board.hops("HKG", "MXP") == len(path) - 1 == 6
    assert not board.crosses_dashed(path)


def test_s10_3_singapore_to_london_is_a_long_trip_though_europe_borders_asia(board):
    """§10.3: Europe and Asia border (WAW-SVO) yet SIN -> LHR must not be a short delivery."""
    assert frozenset(("europe", "asia")) in solid_region_pairs(board)
    assert board.hops("SIN", "LHR") >= 6
    assert board.hops("SIN", "LHR") == 7


def test_hops_agree_with_shortest_path_and_are_symmetric(board):
    for a, b in itertools.combinations(list(board.gateways)[::5], 2):
        path = board.shortest_path(a, b)
        assert path[0] == a and path[-1] == b
        assert board.hops(a, b) == board.hops(b, a) == len(path) - 1
        assert all(board.link(x, y) for x, y in itertools.pairwise(path))


def test_s10_3_crosses_dashed(board):
    assert board.crosses_dashed(["NRT", "ANC", "YVR"])
    assert not board.crosses_dashed(["NRT", "ICN", "PEK"])
    assert not board.crosses_dashed(["NRT"])
    with pytest.raises(ValueError, match="not linked"):
        board.crosses_dashed(["NRT", "LHR"])


# -- helpers -------------------------------------------------------------------------------


def test_neighbours_and_link_lookup(board):
    assert board.neighbours("WAW") == ("AMS", "FRA", "IST", "SVO")
    assert board.neighbours("ANC") == ("NRT", "YVR")
    assert board.link("JFK", "LHR").kind == "dashed"
    assert board.link("MXP", "SIN") is None  # an air bridge (§7.3), not a board line
    with pytest.raises(KeyError, match="XXX"):
        board.neighbours("XXX")


def test_betweenness_is_networkx_and_a_private_copy(board):
    values = board.betweenness()
    assert values == pytest.approx(nx.betweenness_centrality(board.graph))
    values["SYD"] = -1.0
    assert board.betweenness()["SYD"] > 0


def test_board_is_read_only(board):
    with pytest.raises(nx.NetworkXError):
        board.graph.add_edge("MXP", "SIN")
    with pytest.raises(TypeError):
        board.gateways["XXX"] = board.gateways["MXP"]
    assert board.graph.edges["JFK", "LHR"]["kind"] == "dashed"


def test_s12_1_fiera_keeps_north_america_europe_asia_28_gateways_connected(board):
    codes = board.fiera_gateways()
    assert len(codes) == len(set(codes)) == 28
    assert {board.gateways[c].region for c in codes} == {"north_america", "europe", "asia"}
    sub = board.subgraph(codes)
    assert set(sub) == set(codes)
    assert nx.is_connected(sub)
    assert sub.edges["WAW", "SVO"]["kind"] == "solid"


# -- schematic layout ----------------------------------------------------------------------


def _segments_cross(p1, p2, p3, p4):
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return (
        orient(p1, p2, p3) * orient(p1, p2, p4) < 0 and orient(p3, p4, p1) * orient(p3, p4, p2) < 0
    )


def _point_segment_distance(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _hull(points):
    pts = sorted(set(points))

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _separated(poly_a, poly_b):
    """Separating-axis test for two convex polygons."""
    for poly in (poly_a, poly_b):
        for p, q in zip(poly, poly[1:] + poly[:1], strict=True):
            nx_, ny_ = q[1] - p[1], p[0] - q[0]
            pa = [nx_ * x + ny_ * y for x, y in poly_a]
            pb = [nx_ * x + ny_ * y for x, y in poly_b]
            if max(pa) < min(pb) or max(pb) < min(pa):
                return True
    return False


def _pos(board, code):
    g = board.gateways[code]
    return (g.x, g.y)


def test_layout_in_the_box_and_gateways_apart(board):
    for g in board.gateways.values():
        assert 0 <= g.x <= 100 and 0 <= g.y <= 100, g.code
    for a, b in itertools.combinations(board.gateways, 2):
        assert math.dist(_pos(board, a), _pos(board, b)) >= 5, (a, b)


def test_layout_groups_each_region_apart(board):
    """Regions are visually grouped: their convex hulls do not overlap."""
    hulls = {rid: _hull([_pos(board, c) for c in r.gateways]) for rid, r in board.regions.items()}
    for a, b in itertools.combinations(hulls, 2):
        assert _separated(hulls[a], hulls[b]), (a, b)


def test_layout_lines_never_cross_nor_graze_a_gateway(board):
    drawn = [ln for ln in board.links if ln not in board.wrapped]
    for l1, l2 in itertools.combinations(drawn, 2):
        if len(l1.ends | l2.ends) == 4:
            assert not _segments_cross(
                _pos(board, l1.a), _pos(board, l1.b), _pos(board, l2.a), _pos(board, l2.b)
            ), (l1, l2)
    for ln in drawn:
        for code in set(board.gateways) - ln.ends:
            d = _point_segment_distance(_pos(board, code), _pos(board, ln.a), _pos(board, ln.b))
            assert d >= 3, (code, ln)


def test_layout_wraps_exactly_the_routes_across_the_pacific(board):
    """Dashed routes whose short great circle crosses the 180th meridian leave the board at
    the left and right edges; everything else is drawn as a straight line."""
    across = {
        ln.ends
        for ln in board.links
        if abs(board.gateways[ln.a].lon - board.gateways[ln.b].lon) > 180
    }
    assert {ln.ends for ln in board.wrapped} == across
    assert all(ln.kind == "dashed" for ln in board.wrapped)
    for ln in board.wrapped:
        xs = sorted((board.gateways[ln.a].x, board.gateways[ln.b].x))
        assert xs[0] < 25 and xs[1] > 75


def test_layout_region_labels_stay_clear_of_gateways(board):
    for region in board.regions.values():
        label = (region.label_x, region.label_y)
        assert 0 <= label[0] <= 100 and 0 <= label[1] <= 100
        for code in board.gateways:
            assert math.dist(label, _pos(board, code)) >= 6, (region.id, code)


# -- the loader refuses inconsistent data ------------------------------------------------


def _files():
    return [raw(n) for n in ("gateways.json", "links.json", "regions.json", "layout.json")]


def test_build_from_the_files_equals_load():
    built = cnw_board.build(*_files())
    assert built.links == cnw_board.load().links
    assert dict(built.regions) == dict(cnw_board.load().regions)


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (lambda gw, ln, rg, ly: rg["regions"][1].update(bonus=2), "bonus"),
        (lambda gw, ln, rg, ly: rg["regions"][2]["borders"].pop(), "borders"),
        (
            lambda gw, ln, rg, ly: ln["links"].append({"a": "LHR", "b": "XXX", "kind": "solid"}),
            "exist",
        ),
        (
            lambda gw, ln, rg, ly: ln["links"].append({"a": "SVO", "b": "WAW", "kind": "solid"}),
            "twice",
        ),
        (
            lambda gw, ln, rg, ly: ln["links"].append({"a": "SVO", "b": "SVO", "kind": "solid"}),
            "itself",
        ),
        (lambda gw, ln, rg, ly: ln["links"][0].update(kind="rail"), "kind"),
        (lambda gw, ln, rg, ly: gw["gateways"][0].update(region="europe"), "region"),
        (lambda gw, ln, rg, ly: ly["gateways"].pop("SYD"), "layout"),
        (lambda gw, ln, rg, ly: ly["wrap"].append(["WAW", "SVO"]), "wraps"),
    ],
)
def test_build_rejects_inconsistent_data(tamper, message):
    files = copy.deepcopy(_files())
    tamper(*files)
    with pytest.raises(ValueError, match=message):
        cnw_board.build(*files)
