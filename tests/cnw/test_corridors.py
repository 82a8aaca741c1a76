"""Corridor helpers for the lessons: air bridges between held hubs (§7.3) shrink the network."""

import pytest

from gamelib.cnw import board, corridors


def test_no_bridges_is_the_board_section_3_3():
    b = board.load()
    g = corridors.bridged_graph()
    assert g.number_of_edges() == b.graph.number_of_edges()
    assert sum(corridors.hop_counts(g).values()) == 42 * 41 // 2


def test_air_bridges_join_every_two_chosen_hubs_section_7_3():
    b = board.load()
    hubs = list(b.hubs[:4])
    g = corridors.bridged_graph(hubs)
    for i, x in enumerate(hubs):
        for y in hubs[i + 1 :]:
            assert g.has_edge(x, y)
    assert corridors.mean_hops(g) < corridors.mean_hops(corridors.bridged_graph())


def test_bridges_only_between_hubs_section_7_3():
    b = board.load()
    plain = next(c for c in b.gateways if c not in b.hubs)
    with pytest.raises(ValueError, match="§7.3"):
        corridors.bridged_graph([b.hubs[0], plain])


def test_corridor_uses_a_bridge_when_shorter_section_7_3():
    b = board.load()
    far = max(((x, y) for x in b.hubs for y in b.hubs if x < y), key=lambda p: b.hops(*p))
    assert b.hops(*far) > 1
    assert len(corridors.corridor(*far)) - 1 == b.hops(*far)
    assert corridors.corridor(*far, hubs=far) == list(far)


def test_chokepoints_are_ranked():
    ranked = corridors.chokepoints(top=5)
    assert len(ranked) == 5
    assert [v for _, v in ranked] == sorted((v for _, v in ranked), reverse=True)
