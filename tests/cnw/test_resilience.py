"""Lesson 7's network measures (gamelib.cnw.resilience): hub-and-spoke against the board, and
what losing gateways does, checked against networkx and the board's own facts."""

from __future__ import annotations

import networkx as nx
import pytest

from gamelib.cnw import board as cnw_board
from gamelib.cnw import resilience
from gamelib.cnw import shipments as cnw_shipments


def test_the_board_has_no_single_point_of_failure_but_two_gateways_split_it() -> None:
    """§3.3: the printed board is 2-connected: no articulation point, edge connectivity 2."""
    m = resilience.measures("point_to_point")
    assert m.articulation_points == ()
    assert m.links == cnw_board.load().graph.number_of_edges()
    cut = resilience.minimum_cut()
    assert len(cut) == 2
    assert not nx.is_connected(resilience.without(resilience.network("point_to_point"), cut))
    assert resilience.impact(cut).cut_off_pairs > 0


def test_hub_and_spoke_is_short_but_every_hub_with_spokes_is_a_single_point_of_failure() -> None:
    graph = resilience.hub_and_spoke()
    hubs = set(cnw_board.load().hubs)
    for code in graph.nodes:
        if code not in hubs:
            assert graph.degree(code) == 1
    m = resilience.measures("hub_and_spoke")
    assert m.max_hops <= 3  # spoke, hub, hub, spoke
    assert m.hub_share == 1.0
    assert set(m.articulation_points) == {h for h in hubs if resilience.spokes(graph, h)}
    assert m.mean_hops < resilience.measures("point_to_point").mean_hops


def test_air_bridges_shorten_the_network() -> None:
    """§7.3: bridges between all hubs cut the average and the longest distance."""
    p2p, bridged = resilience.measures("point_to_point"), resilience.measures("bridged")
    assert bridged.mean_hops < p2p.mean_hops and bridged.max_hops < p2p.max_hops


def test_impact_of_a_loss_matches_networkx_and_leaves_the_board_alone() -> None:
    worst, count = resilience.worst_loss()
    hit = resilience.impact((worst,))
    assert len(hit.longer) == count == max(resilience.losses().values())
    graph = resilience.network("point_to_point")
    assert worst in graph  # the cached network is untouched
    rest = graph.copy()
    rest.remove_node(worst)
    deck = {c.id: c for c in cnw_shipments.load().cards}
    for card, before, after in hit.shipments:
        c = deck[card]
        assert before == nx.shortest_path_length(graph, c.origin, c.destination)
        assert after == nx.shortest_path_length(rest, c.origin, c.destination)
    assert sorted(hit.longer) == sorted(resilience.longer_shipments((worst,)))
    assert hit.extra_hops >= len(hit.longer) > 0


def test_losing_a_hub_of_hub_and_spoke_cuts_off_its_spokes() -> None:
    graph = resilience.hub_and_spoke()
    hub = max(cnw_board.load().hubs, key=lambda h: resilience.spokes(graph, h))
    hit = resilience.impact((hub,), "hub_and_spoke")
    n = resilience.spokes(graph, hub)
    # each spoke is left alone: cut from the rest and from the other spokes
    assert hit.cut_off_pairs == n * (graph.number_of_nodes() - 1 - n) + n * (n - 1) // 2
    assert any(after is None for _, _, after in hit.shipments) or not hit.longer


def test_unknown_names_are_refused() -> None:
    with pytest.raises(ValueError):
        resilience.network("mesh")
    with pytest.raises(ValueError):
        resilience.impact(("XXX",))
