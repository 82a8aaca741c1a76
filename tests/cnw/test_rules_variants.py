"""§12 Variants: FIERA, TEAM BUILDING, REALISMO ALTO, DIPLOMAZIA (options of new_game)."""

import pytest

from gamelib import cnw
from gamelib.cnw.board import load as load_board
from gamelib.cnw.network import CODES, INDEX
from gamelib.cnw.rules import SHIPS
from gamelib.cnw.state import DELIVERY, OUT_OF_PLAY, OVER, PACT_ANSWER
from tests.cnw.cnw_helpers import (
    arrange,
    next_turn_of,
    operations,
    started,
    unchanged_after_illegal,
)

BOARD = load_board()


# -- §12.1 FIERA --------------------------------------------------------------------------------


def test_s12_1_fiera_only_three_regions_28_gateways_no_objectives():
    """§12.1: only North America, Europe and Asia (28 gateways) are dealt; no objectives; the
    Gateway deck holds their 28 cards and the Imprevisti; shipments stay inside them."""
    state = cnw.new_game(4, seed=3, fiera=True)
    kept = set(BOARD.fiera_gateways())
    assert len(kept) == 28
    for i, code in enumerate(CODES):
        assert (state.owner[i] == OUT_OF_PLAY) == (code not in kept)
    assert [state.owner.count(p) for p in range(4)] == [7, 7, 7, 7]
    assert state.objectives == [-1] * 4
    assert sorted(state.deck) == sorted([INDEX[c] for c in kept] + list(range(42, 48)))
    for c in state.ship_deck + [x for row in state.shipments for x, _ in row]:
        assert {SHIPS.cards[c].origin, SHIPS.cards[c].destination} <= kept
    assert "SYD" not in cnw.observation(state, 0)["gateways"]


def test_s12_1_fiera_sla_victory_at_six():
    """§12.1: the SLA victory comes at 6 points."""
    state = started(3, seed=2, fiera=True)
    state = arrange(state, dict.fromkeys(["FRA", "AMS"], 0), phase=DELIVERY, current=0)
    state = arrange(state, sla=[5, 0, 0], shipments=[[[5, 3]], *state.shipments[1:]])
    assert cnw.apply(state, cnw.Deliver(5)).victory == "sla"
    assert cnw.apply(arrange(state, sla=[4, 0, 0]), cnw.Deliver(5)).phase != OVER


# -- §12.2 TEAM BUILDING --------------------------------------------------------------------------


def test_s12_2_teams_of_two_or_three():
    """§12.2: 2 teams of 2-3 players (default: alternate seats)."""
    assert cnw.new_game(4, seed=1, team_building=True).options["teams"] == [0, 1, 0, 1]
    assert cnw.new_game(5, seed=1, team_building=True).options["teams"] == [0, 1, 0, 1, 0]
    with pytest.raises(cnw.IllegalAction):
        cnw.new_game(3, seed=1, team_building=True)
    with pytest.raises(cnw.IllegalAction):
        cnw.new_game(6, seed=1, team_building=True, teams=[0, 0, 0, 0, 1, 1])
    assert cnw.new_game(4, seed=1, team_building=True).objectives == [-1] * 4


def team_state():
    """Team 0 = seats 0 and 2. Seat 0 holds MXP (5 pawns); seat 2 holds SIN; seat 1 the rest."""
    state = operations({"MXP": 0, "SIN": 2, "CDG": 2}, {"MXP": 5}, rest=(1, 2), team_building=True)
    return arrange(state, obc=[0, 0, 0, 0])


def test_s12_2_teammates_share_air_bridges_not_pawns():
    """§12.2: your hub and a teammate's hub are linked: from MXP attack BKK (linked to the
    teammate's SIN); but you never attack, enter or move onto a teammate's gateway."""
    state = team_state()
    targets = cnw.attack_targets(state, "MXP")
    assert "BKK" in targets and "SIN" not in targets and "CDG" not in targets
    assert ("MXP", "SIN") in cnw.air_bridges(state, 0)
    assert unchanged_after_illegal(state, cnw.Attack("MXP", "CDG", 1)) == "§7.1"
    assert "SIN" not in cnw.move_targets(arrange(state, phase="reposition"), "MXP")


def test_s12_2_team_wins_at_18_sla_together():
    """§12.2: the team wins when its SLA add up to 18; 12 alone is not a win."""
    state = team_state()
    state = arrange(state, {"FRA": 0, "AMS": 0}, phase=DELIVERY, sla=[12, 9, 4, 0])
    state = arrange(state, shipments=[[[5, 3]], *state.shipments[1:]])
    assert cnw.apply(arrange(state, sla=[11, 9, 4, 0]), cnw.Deliver(5)).phase != OVER
    won = cnw.apply(arrange(state, sla=[12, 9, 5, 0]), cnw.Deliver(5))
    assert won.victory == "team" and won.winners == [0, 2]


# -- §12.3 REALISMO ALTO --------------------------------------------------------------------------


def test_s12_3_dashed_routes_need_a_hub_at_one_end():
    """§12.3: EZE-JNB and EZE-AKL (no hub at either end) cannot be used; GRU-MAD can."""
    for realismo, usable in ((False, True), (True, False)):
        state = operations({"EZE": 0, "GRU": 0}, {"EZE": 4, "GRU": 4}, realismo_alto=realismo)
        state = arrange(state, obc=[0, 0, 0, 0])
        assert ("JNB" in cnw.attack_targets(state, "EZE")) is usable
        assert ("AKL" in cnw.attack_targets(state, "EZE")) is usable
        assert "MAD" in cnw.attack_targets(state, "GRU")
    assert unchanged_after_illegal(state, cnw.Attack("EZE", "JNB", 1)) == "§7.1"


def test_s12_3_long_transit_over_two_dashed_routes_is_worth_4_sla():
    """§12.3: an intercontinental shipment over 2+ dashed routes is worth +4 SLA (LHR->SYD)."""
    card = SHIPS.cards[25]
    assert (card.origin, card.destination, card.dashed, card.sla) == ("LHR", "SYD", 2, 2)
    chain = ["LHR", "JFK", "ORD", "DFW", "LAX", "SYD"]
    for realismo, sla in ((False, 2), (True, 4)):
        state = operations(dict.fromkeys(chain, 0), realismo_alto=realismo)
        state = arrange(state, phase=DELIVERY, shipments=[[[25, 3]], *state.shipments[1:]])
        assert cnw.apply(state, cnw.Deliver(25)).sla[0] == sla


def test_s12_3_marine_cruise_delivered_on_board_next_to_the_destination():
    """§12.3: Marine & Cruise may end on a gateway of yours linked to the destination."""
    card = SHIPS.cards[28]
    assert (card.sector, card.origin, card.destination) == ("marine_cruise", "MIA", "BOG")
    for realismo in (False, True):
        state = operations({"MIA": 0, "MEX": 0}, realismo_alto=realismo)
        state = arrange(state, phase=DELIVERY, shipments=[[[28, 3], [5, 3]], *state.shipments[1:]])
        assert (28 in cnw.deliverable(state, 0)) is realismo
    other = operations({"FRA": 0, "CDG": 0}, realismo_alto=True)  # AMS semiconductor: not on board
    other = arrange(other, phase=DELIVERY, shipments=[[[5, 3]], *other.shipments[1:]])
    assert cnw.deliverable(other, 0) == []


# -- §12.4 DIPLOMAZIA -----------------------------------------------------------------------------


def pact_state():
    state = operations({"MXP": 0}, {"MXP": 5}, rest=(1, 2), diplomazia=True)
    state = arrange(state, {"MAD": 2, "SYD": 3}, obc=[0, 0, 0, 0], sla=[3, 0, 0, 0])
    return state


def test_s12_4_pact_proposed_and_answered_by_the_partner():
    """§12.4: a non-aggression pact is offered; the partner decides (during your turn)."""
    state = pact_state()
    assert cnw.ProposePact(2) in cnw.legal_actions(state)
    offered = cnw.apply(state, cnw.ProposePact(2))
    assert offered.phase == PACT_ANSWER and cnw.current_player(offered) == 2
    assert set(cnw.legal_actions(offered)) == {cnw.AcceptPact(), cnw.RejectPact()}
    refused = cnw.apply(offered, cnw.RejectPact())
    assert refused.pacts == [] and cnw.current_player(refused) == 0
    assert cnw.ProposePact(2) not in cnw.legal_actions(refused)  # once a turn each
    agreed = cnw.apply(offered, cnw.AcceptPact())
    assert agreed.pacts == [[0, 2, 0]]
    without = operations({"MXP": 0}, {"MXP": 5})
    assert unchanged_after_illegal(without, cnw.ProposePact(2)) == "§12.4"


def test_s12_4_betrayal_costs_two_sla_and_ends_the_pact():
    """§12.4: attacking a pact partner is a betrayal: −2 SLA (not below 0), the pact ends."""
    agreed = cnw.apply(cnw.apply(pact_state(), cnw.ProposePact(2)), cnw.AcceptPact())
    betrayed = cnw.apply(agreed, cnw.Attack("MXP", "MAD", 1))
    assert betrayed.sla[0] == 1 and betrayed.pacts == []
    poor = cnw.apply(arrange(agreed, sla=[1, 0, 0, 0]), cnw.Attack("MXP", "MAD", 1))
    assert poor.sla[0] == 0


def test_s12_4_pact_binds_for_one_round():
    """§12.4: the pact lasts until its proposer's next turn begins."""
    agreed = cnw.apply(cnw.apply(pact_state(), cnw.ProposePact(2)), cnw.AcceptPact())
    later = next_turn_of(agreed, 2)
    assert later.pacts == [[0, 2, 0]]
    back = next_turn_of(later, 0)
    assert back.pacts == []
