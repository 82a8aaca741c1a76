"""§10 Urgent Shipments: delivery chains (§10.1), expiry (§10.2), the deck and its classes
(§10.3)."""

import networkx as nx
import pytest

from gamelib import cnw
from gamelib.cnw import shipments
from gamelib.cnw.board import load as load_board
from gamelib.cnw.network import INDEX
from gamelib.cnw.rules import SHIPS
from gamelib.cnw.state import BRIEFING, DELIVERY, REINFORCE
from tests.cnw.cnw_helpers import arrange, next_turn_of, operations, unchanged_after_illegal

BOM_LHR = 18  # Life Science BOM -> LHR, intercontinental: +3 pawns +2 SLA
FRA_AMS = 5  # Semiconductor FRA -> AMS, regional


def delivery(owners, shipments_of_0=((BOM_LHR, 3), (FRA_AMS, 3)), **fields):
    """Player 0 in its Delivery phase holding ``owners`` (1 pawn each); player 1 the rest."""
    state = operations(dict.fromkeys(owners, 0), rest=(1, 1))
    rows = [[list(x) for x in shipments_of_0], *state.shipments[1:]]
    return arrange(state, phase=DELIVERY, shipments=rows, **fields)


def test_s10_1_both_ends_are_not_enough_a_chain_is_needed():
    """§10.1: origin and destination yours AND a chain of your gateways between them."""
    state = delivery(["BOM", "LHR"])
    assert cnw.deliverable(state, 0) == []
    assert unchanged_after_illegal(state, cnw.Deliver(BOM_LHR)) == "§10.1"
    chain = delivery(["BOM", "KHI", "TAS", "SVO", "WAW", "AMS", "LHR"])
    assert cnw.deliverable(chain, 0) == [BOM_LHR]
    assert cnw.delivery_chain(chain, 0, BOM_LHR) == [
        "BOM",
        "KHI",
        "TAS",
        "SVO",
        "WAW",
        "AMS",
        "LHR",
    ]


def test_s10_1_an_air_bridge_between_your_hubs_is_a_valid_link():
    """§10.1 with §7.3: BOM-DXB, then the bridge DXB=LHR."""
    state = delivery(["BOM", "DXB", "LHR"])
    assert cnw.deliverable(state, 0) == [BOM_LHR]
    assert cnw.delivery_chain(state, 0, BOM_LHR) == ["BOM", "DXB", "LHR"]
    closed = arrange(state, bridges_closed=2)
    assert cnw.deliverable(closed, 0) == []


def test_s10_1_chain_agrees_with_networkx_has_path():
    """§10.1: the engine's chain test matches networkx has_path on the player's own network."""
    state = delivery(["BOM", "DXB", "KHI", "LHR", "MXP", "FRA", "AMS"])
    graph = cnw.network_graph(state, 0)
    assert nx.has_path(graph, "BOM", "LHR")
    assert ("DXB", "LHR") in graph.edges or ("LHR", "DXB") in graph.edges
    assert (BOM_LHR in cnw.deliverable(state, 0)) == nx.has_path(graph, "BOM", "LHR")


def test_s10_1_delivery_pays_sla_at_once_and_pawns_next_turn():
    """§10.1: SLA at once; the pawns are reinforcements of the next turn; the card is
    discarded and replaced at the next Briefing."""
    state = delivery(["BOM", "DXB", "LHR", "FRA"])
    after = cnw.apply(state, cnw.Deliver(BOM_LHR))
    assert after.sla[0] == 2 and after.bonus[0] == 3
    assert BOM_LHR in after.ship_discard
    assert [c for c, _ in after.shipments[0]] == [FRA_AMS]
    nxt = next_turn_of(arrange(after, current=3), 0)
    assert nxt.phase == REINFORCE and nxt.current == 0
    assert len(nxt.shipments[0]) == 2 and nxt.turn_bonus == 3
    assert cnw.reinforcements(nxt, 0)["delivery_bonus"] == 3


def test_s10_deadline_counts_down_at_each_of_your_briefings():
    """§10: the deadline is in your own turns: −1 at each of your Briefings only."""
    state = delivery(["BOM", "FRA"], shipments_of_0=((BOM_LHR, 3), (FRA_AMS, 2)))
    other = next_turn_of(state, 1)
    assert other.shipments[0] == [[BOM_LHR, 3], [FRA_AMS, 2]]
    mine = next_turn_of(state, 0)
    assert mine.shipments[0] == [[BOM_LHR, 2], [FRA_AMS, 1]]


def test_s10_2_expired_shipment_costs_sla_a_pawn_of_your_choice_and_is_replaced():
    """§10.2: at 0 in Briefing the shipment fails: discarded, −1 SLA, remove 1 pawn from a
    gateway of your choice (a decision), draw a new one."""
    state = delivery(["BOM", "FRA", "AMS"], shipments_of_0=((BOM_LHR, 3), (FRA_AMS, 1)))
    state = arrange(state, {}, {"FRA": 3, "AMS": 2}, sla=[2, 0, 0, 0])
    brief = next_turn_of(state, 0)
    assert brief.phase == BRIEFING and brief.current == 0
    assert brief.sla[0] == 1 and FRA_AMS in brief.ship_discard
    assert len(brief.shipments[0]) == 2 and brief.shipments[0][0] == [BOM_LHR, 2]
    assert set(cnw.legal_actions(brief)) == {cnw.RemovePawn("FRA"), cnw.RemovePawn("AMS")}
    assert unchanged_after_illegal(brief, cnw.RemovePawn("BOM")) == "§10.2"  # last pawn
    after = cnw.apply(brief, cnw.RemovePawn("AMS"))
    assert after.pawns[INDEX["AMS"]] == 1 and after.phase == REINFORCE


def test_s10_2_sla_never_below_zero_and_single_choice_is_automatic():
    """§10.2: SLA stays at 0; with one gateway able to lose a pawn it is taken at once."""
    state = delivery(["BOM", "FRA"], shipments_of_0=((BOM_LHR, 3), (FRA_AMS, 1)))
    state = arrange(state, {}, {"FRA": 4})
    after = next_turn_of(state, 0)
    assert after.sla[0] == 0 and after.pawns[INDEX["FRA"]] == 3 and after.phase == REINFORCE


def test_s10_3_classes_follow_hops_and_dashed_routes():
    """§10.3: the class comes from the hops between origin and destination; a dashed route
    always makes it long haul (intercontinental), however few the hops."""
    board = load_board()
    deck = shipments.load()
    for card in deck.cards:
        hops, dashed = shipments.route_measure(board, card.origin, card.destination)
        assert card.hops == hops == board.hops(card.origin, card.destination)
        if dashed:
            assert card.klass == shipments.INTERCONTINENTAL
        elif hops <= 2:
            assert card.klass == shipments.REGIONAL
        elif hops <= 4:
            assert card.klass == shipments.CONTINENTAL
        else:
            assert card.klass == shipments.INTERCONTINENTAL
        c = deck.classes[card.klass]
        assert (card.pawns, card.sla) == (c.pawns, c.sla)
        assert card.deadline == c.deadline + deck.modifiers[card.sector] >= 2
    lhr_jfk = next(c for c in deck.cards if (c.origin, c.destination) == ("LHR", "JFK"))
    assert lhr_jfk.hops == 1 and lhr_jfk.klass == shipments.INTERCONTINENTAL


def test_s10_3_rulebook_example_card_hkg_mxp():
    """§10: the printed example: SEMICONDUCTOR ⏱3, HKG -> MXP, +3 pawns +2 SLA."""
    card = SHIPS.cards[0]
    assert (card.sector, card.origin, card.destination) == ("semiconductor", "HKG", "MXP")
    assert (card.deadline, card.pawns, card.sla) == (3, 3, 2)
    assert card.klass == shipments.INTERCONTINENTAL and card.hops == 6


def test_s10_deck_has_the_six_sectors_and_balanced_classes():
    """§10: sectors Semiconductor, Aerospace/AOG, Automotive, Life Science, Marine & Cruise,
    Energy; every class present."""
    deck = shipments.load()
    assert set(deck.sectors.values()) == {
        "Semiconductor",
        "Aerospace/AOG",
        "Automotive",
        "Life Science",
        "Marine & Cruise",
        "Energy",
    }
    for klass in (shipments.REGIONAL, shipments.CONTINENTAL, shipments.INTERCONTINENTAL):
        assert sum(c.klass == klass for c in deck.cards) == 12


def test_s10_3_loader_refuses_a_misprinted_card(monkeypatch):
    """§10.3: a card whose printed class disagrees with the map is rejected."""
    from gamelib.cnw import tables

    real = tables.read

    def fake(name):
        data = real(name)
        if name == "shipments.json":
            data["cards"][0]["class"] = "regional"
        return data

    monkeypatch.setattr(shipments, "read", fake)
    shipments.load.cache_clear()
    try:
        with pytest.raises(ValueError, match="class"):
            shipments.load()
    finally:
        shipments.load.cache_clear()
