"""§9 The cards: the Gateway deck and its symbols, tris (§9.1), Imprevisti (§9.2)."""

from collections import Counter

import pytest

from gamelib import cnw
from gamelib.cnw.board import load as load_board
from gamelib.cnw.network import INDEX
from gamelib.cnw.rules import DECK
from gamelib.cnw.state import DELIVERY, REINFORCE
from tests.cnw.cnw_helpers import (
    arrange,
    give_cards,
    next_turn_of,
    operations,
    refused,
)

TRUCKING = ["YVR", "YYZ", "DFW", "MEX"]
NFO = ["JFK", "LAX", "BOG"]
CHARTER = ["ANC", "ORD", "MIA"]
IMP = {imp.key: imp.id for imp in DECK.imprevisti}


def test_s9_1_one_card_per_gateway_with_a_service_symbol():
    """§9.1: 42 Gateway cards, each a gateway and a symbol (Trucking, Next Flight Out, Air
    Charter); hubs fly Air Charter; 14 of each symbol."""
    board = load_board()
    assert [c.gateway for c in DECK.gateway_cards] == list(board.gateways)
    assert Counter(c.symbol for c in DECK.gateway_cards) == {
        "trucking": 14,
        "next_flight_out": 14,
        "air_charter": 14,
    }
    assert all(
        (c.symbol == "air_charter") == board.gateways[c.gateway].hub for c in DECK.gateway_cards
    )


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        (TRUCKING[:3], 4),
        (NFO, 6),
        (CHARTER, 8),
        (["YVR", "JFK", "ANC"], 10),
        (["YVR", "YYZ", "JFK"], None),
    ],
)
def test_s9_1_tris_table(cards, value):
    """§9.1: three of a symbol (4 / 6 / 8 pawns) or one of each (10); nothing else."""
    assert DECK.tris_value([INDEX[c] for c in cards]) == value


def reinforcing(hand, **fields):
    state = operations({"MXP": 0, "CDG": 0}, rest=(1, 1))
    state = give_cards(state, 0, hand)
    return arrange(state, phase=REINFORCE, pool=3, turn_tris=0, **fields)


def test_s9_1_play_a_tris_in_reinforcements_once_a_turn():
    """§9.1: a tris in Reinforcements adds its pawns; at most one a turn."""
    state = reinforcing(TRUCKING[:3] + NFO)
    after = cnw.apply(state, cnw.PlayTris(("JFK", "LAX", "BOG")))
    assert after.pool == 9 and after.turn_tris == 6 and len(after.hands[0]) == 3
    assert sorted(after.discard[-3:]) == sorted(INDEX[c] for c in NFO)
    assert refused(after, cnw.PlayTris(("YVR", "YYZ", "DFW"))) == ("§9.1", "tris.one_a_turn", {})
    assert not any(isinstance(a, cnw.PlayTris) for a in cnw.legal_actions(after))


def test_s9_1_invalid_tris_refused():
    """§9.1: not a tris, or cards not in your hand."""
    state = reinforcing(["YVR", "YYZ", "JFK", "ANC"])
    assert refused(state, cnw.PlayTris(("YVR", "YYZ", "JFK"))) == ("§9.1", "tris.symbols", {})
    assert refused(state, cnw.PlayTris(("ORD", "JFK", "YVR"))) == (
        "§9.1",
        "tris.not_yours",
        {"cards": ("ORD", "JFK", "YVR")},
    )
    assert refused(state, cnw.PlayTris(("YVR", "YVR", "JFK"))) == (
        "§9.1",
        "tris.not_yours",
        {"cards": ("YVR", "YVR", "JFK")},
    )


def test_s9_1_five_cards_force_a_tris_before_deploying():
    """§9.1: with 5 or more cards you must play a tris (one always exists with 5 cards)."""
    state = reinforcing(["YVR", "YYZ", "JFK", "LAX", "ANC"])
    assert refused(state, cnw.Deploy("MXP", 1)) == ("§9.1", "deploy.tris_first", {"cards": 5})
    assert {type(a) for a in cnw.legal_actions(state)} == {cnw.PlayTris}
    four = reinforcing(["YVR", "YYZ", "JFK", "ANC"])
    assert {type(a) for a in cnw.legal_actions(four)} == {cnw.PlayTris, cnw.Deploy}


def closing(conquered, deck_top, **fields):
    """Player 0 ends its Delivery phase; the Gateway deck's top cards are ``deck_top``."""
    state = operations({"MXP": 0, "CDG": 0, "FRA": 0}, {"MXP": 3, "FRA": 3}, rest=(1, 1))
    ids = [IMP.get(c, INDEX.get(c)) for c in deck_top]
    deck = [c for c in state.deck if c not in ids] + list(reversed(ids))
    return arrange(state, phase=DELIVERY, conquered=conquered, deck=deck, **fields)


def test_s9_1_card_drawn_at_closure_only_after_a_conquest():
    """§9.1: one Gateway card in Closure only if you conquered this turn."""
    took = cnw.apply(closing(True, ["JFK"]), cnw.EndPhase())
    assert took.hands[0] == [INDEX["JFK"]] and took.current == 1
    idle = cnw.apply(closing(False, ["JFK"]), cnw.EndPhase())
    assert idle.hands[0] == []


def test_s9_2_imprevisto_applied_at_once_discarded_and_not_kept():
    """§9.2: an Imprevisto drawn is applied and discarded; the drawer then draws again."""
    after = cnw.apply(closing(True, ["capacity_surge", "JFK"], bonus=[0, 0, 0, 0]), cnw.EndPhase())
    assert after.hands[0] == [INDEX["JFK"]]
    assert after.discard[-1] == IMP["capacity_surge"]
    assert after.bonus[0] == 3  # §9.2 capacity surge: 3 more pawns next Reinforcements


def test_s9_2_atc_strike_closes_air_bridges_until_the_drawers_next_turn():
    """§9.2 / §7.3: the ATC strike closes every air bridge for one round."""
    after = cnw.apply(closing(True, ["atc_strike", "JFK"]), cnw.EndPhase())
    assert after.bridges_closed == 0
    assert cnw.air_bridges(after, 1) == [] and cnw.air_bridges(after, 0) == []
    still = next_turn_of(after, 3)
    assert still.bridges_closed == 0
    reopened = next_turn_of(still, 0)
    assert reopened.bridges_closed == -1 and cnw.air_bridges(reopened, 0) != []


@pytest.mark.parametrize(("key", "delta"), [("customs_hold", -1), ("express_clearance", 1)])
def test_s9_2_deadline_imprevisti(key, delta):
    """§9.2: customs hold −1 turn (never below 1), express clearance +1 turn to the drawer's
    shipments."""
    state = closing(True, [key, "JFK"])
    state = arrange(state, shipments=[[[0, 3], [5, 1]], *state.shipments[1:]])
    after = cnw.apply(state, cnw.EndPhase())
    assert after.shipments[0] == [[0, 3 + delta], [5, max(1, 1 + delta)]]


def test_s9_2_customer_award_and_it_outage():
    """§9.2: customer award +1 SLA; IT outage: each hub of the drawer with 2+ pawns loses 1."""
    award = cnw.apply(closing(True, ["customer_award", "JFK"], sla=[4, 0, 0, 0]), cnw.EndPhase())
    assert award.sla[0] == 5
    outage = cnw.apply(closing(True, ["it_outage", "JFK"]), cnw.EndPhase())
    assert outage.pawns[INDEX["MXP"]] == 2 and outage.pawns[INDEX["FRA"]] == 2
    assert outage.pawns[INDEX["CDG"]] == 1


def test_s9_2_six_imprevisti_with_distinct_effects():
    """§9.2: six Imprevisto cards; one of them closes the air bridges (§7.3)."""
    assert len(DECK.imprevisti) == 6
    kinds = [imp.effect["type"] for imp in DECK.imprevisti]
    assert "close_air_bridges" in kinds
    assert len({(imp.effect["type"], imp.effect.get("delta")) for imp in DECK.imprevisti}) == 6


def test_s9_deck_reshuffles_the_discards_when_empty():
    """§9 (decision): an empty Gateway deck is rebuilt from the discard pile, shuffled."""
    state = closing(True, [])
    state = arrange(state, deck=[], discard=list(state.deck))
    after = cnw.apply(state, cnw.EndPhase())
    assert len(after.hands[0]) == 1
    assert len(after.deck) + len(after.discard) == 47
