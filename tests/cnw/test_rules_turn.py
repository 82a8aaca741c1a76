"""§5 turn structure and §6 reinforcements (with the §13 summary)."""

from gamelib import cnw
from gamelib.cnw.network import INDEX
from gamelib.cnw.state import DELIVERY, OPERATIONS, REINFORCE, REPOSITION
from tests.cnw.cnw_helpers import (
    arrange,
    next_turn_of,
    refused,
    started,
    unchanged_after_illegal,
)

EUROPE = ["LHR", "AMS", "CDG", "FRA", "MXP", "MAD", "WAW"]
SOUTH_AMERICA = ["BOG", "LIM", "GRU", "EZE"]


def europe_player(**fields):
    """Player 0 holds Europe with 3 pawns each; player 1 everything else; long deadlines."""
    base = started(4, seed=1)
    owners = dict.fromkeys(EUROPE, 0)
    owners["SYD"] = 2
    owners["AKL"] = 3
    return arrange(base, owners, dict.fromkeys(EUROPE, 3), rest=(1, 1), obc=[0, 0, 0, 0], **fields)


def test_s6_reinforcements_add_base_regions_hubs_and_delivery_bonus():
    """§6/§13: max(3, gateways ÷ 3) + complete regions + 1 per hub + delivery bonus."""
    base = started(4, seed=1)
    owners = dict.fromkeys(EUROPE + SOUTH_AMERICA, 0)
    owners.update(SYD=2, AKL=3)
    state = arrange(base, owners, rest=(1, 1), bonus=[2, 0, 0, 0])
    state = arrange(state, shipments=[[[5, 9], [6, 9]], *state.shipments[1:]])
    state = next_turn_of(state, 0)
    # 11 gateways -> 3; Europe 4 + South America 3; hubs LHR FRA MXP GRU -> 4; bonus 2
    assert state.phase == REINFORCE and state.current == 0
    assert state.pool == 3 + 4 + 3 + 4 + 2 == 16
    info = cnw.reinforcements(state, 0)
    assert info["base"] == 3 and info["hubs"] == 4 and info["delivery_bonus"] == 2
    assert info["regions"] == {"europe": 4, "south_america": 3}
    assert info["total"] == 16 == info["to_deploy"]
    assert state.bonus[0] == 0  # collected, not kept


def test_s6_base_is_gateways_divided_by_three_rounded_down_minimum_three():
    """§6/§13: gateways ÷ 3 (rounded down), at least 3."""
    base = started(4, seed=1)
    small = arrange(base, {"YVR": 0, "LIM": 0}, rest=(1, 1))
    assert cnw.reinforcements(small, 0)["base"] == 3
    codes = ["ANC", "YVR", "YYZ", "ORD", "JFK", "LAX", "DFW", "MEX", "MIA", "BOG", "LIM", "GRU"]
    codes += ["EZE", "CAI"]
    big = arrange(base, dict.fromkeys(codes, 0), rest=(1, 1))
    assert cnw.reinforcements(big, 0)["base"] == 14 // 3 == 4


def test_s6_deploy_everything_on_your_gateways_nothing_kept():
    """§6: every pawn deployed on your own gateways before Operations; none kept."""
    state = next_turn_of(europe_player(), 0)
    pool = state.pool
    assert state.phase == REINFORCE
    assert refused(state, cnw.Deploy("JFK", 1)) == ("§6", "deploy.not_yours", {"gateway": "JFK"})
    assert refused(state, cnw.Deploy("MXP", pool + 1)) == (
        "§6",
        "deploy.count",
        {"pool": pool, "count": pool + 1},
    )
    assert refused(state, cnw.Deploy("MXP", 0)) == (
        "§6",
        "deploy.count",
        {"pool": pool, "count": 0},
    )
    assert refused(state, cnw.EndPhase()) == ("§5", "phase.not_optional", {"phase": REINFORCE})
    assert {type(a) for a in cnw.legal_actions(state)} == {cnw.Deploy}
    half = cnw.apply(state, cnw.Deploy("MXP", 1))
    assert half.phase == REINFORCE and half.pool == pool - 1
    done = cnw.apply(half, cnw.Deploy("CDG", pool - 1))
    assert done.pool == 0 and done.phase != REINFORCE
    assert done.pawns[INDEX["MXP"]] == 4 and done.pawns[INDEX["CDG"]] == 3 + pool - 1


def test_s5_six_phases_in_order_optional_ones_skipped_with_end_phase():
    """§5: BRIEFING, RINFORZI, OPERAZIONI, RIPOSIZIONAMENTO, CONSEGNA, CHIUSURA in order;
    3, 4 and 5 may be skipped (EndPhase); Closure passes the turn on."""
    state = europe_player()
    state = arrange(state, shipments=[[[5, 9], [6, 9]], *state.shipments[1:]])  # FRA->AMS
    state = next_turn_of(state, 0)
    assert state.phase == REINFORCE
    state = cnw.apply(state, cnw.Deploy("MXP", state.pool))
    assert state.phase == OPERATIONS
    state = cnw.apply(state, cnw.EndPhase())
    assert state.phase == REPOSITION
    state = cnw.apply(state, cnw.EndPhase())
    assert state.phase == DELIVERY
    assert cnw.Deliver(5) in cnw.legal_actions(state)
    state = cnw.apply(state, cnw.EndPhase())
    assert state.current == 1 and state.phase in (REINFORCE, "briefing")
    assert state.sla[0] == 0  # delivery skipped


def test_s5_phase_with_nothing_to_do_passes_by_itself():
    """§5: an optional phase in which nothing is possible passes by itself: here no attack
    (MXP is surrounded by its owner's gateways, air bridges closed by an Imprevisto held by
    player 2), so Reinforcements lead straight to Repositioning; and with nothing to move or
    deliver either, the turn passes to the next player."""
    base = started(4, seed=1)
    mine = ["MXP", "CDG", "FRA", "MAD", "IST"]
    state = arrange(base, dict.fromkeys(mine, 0), rest=(1, 1), bridges_closed=2)
    state = arrange(state, shipments=[[[0, 9], [1, 9]], *state.shipments[1:]])
    state = arrange(state, phase=REINFORCE, current=0, pool=2)
    moved = cnw.apply(state, cnw.Deploy("MXP", 2))
    assert moved.phase == REPOSITION
    assert not any(isinstance(a, cnw.Attack) for a in cnw.legal_actions(moved))
    # a lone gateway with one pawn to spare and no friendly neighbour: nothing at all to do
    lone = arrange(base, {"AKL": 0}, {"AKL": 1}, rest=(1, 1), obc=[0, 0, 0, 0])
    lone = arrange(lone, {"EZE": 1, "SYD": 1}, {"EZE": 9, "SYD": 9}, phase=OPERATIONS, current=0)
    lone = arrange(lone, shipments=[[[0, 9], [1, 9]], *lone.shipments[1:]], pool=0)
    assert cnw.legal_actions(lone)[-1] == cnw.EndPhase()
    after = cnw.apply(lone, cnw.EndPhase())
    assert after.current == 1  # Repositioning and Delivery had nothing: the turn passed


def test_s5_reposition_is_one_move_then_delivery():
    """§5 phase 4: a single repositioning move (source and target, then how many), then
    Delivery; one pawn always stays behind."""
    state = europe_player()
    state = arrange(state, shipments=[[[5, 9], [6, 9]], *state.shipments[1:]])
    state = arrange(state, phase=REPOSITION, current=0, pool=0)
    state = cnw.apply(state, cnw.Reposition("WAW", "MXP"))
    assert state.phase == "reposition_count"
    assert [a.count for a in cnw.legal_actions(state)] == [1, 2]
    assert unchanged_after_illegal(state, cnw.MoveIn(3)) == "§5.4"
    state = cnw.apply(state, cnw.MoveIn(2))
    assert state.phase == DELIVERY
    assert state.pawns[INDEX["WAW"]] == 1 and state.pawns[INDEX["MXP"]] == 5
    assert unchanged_after_illegal(state, cnw.Reposition("AMS", "MXP")) == "§5.4"
