"""§11 How to win: at once, by Network Objective, 12 SLA or domination; §11.1 fallback; and the
simulation-only turn cap ("unfinished")."""

import pytest

from gamelib import cnw
from gamelib.cnw.board import load as load_board
from gamelib.cnw.network import CODES, INDEX
from gamelib.cnw.rules import OBJECTIVES, objective_met
from gamelib.cnw.state import DELIVERY, OVER
from tests.cnw.cnw_helpers import arrange, operations, with_dice

OBJ = {c.key: c.id for c in OBJECTIVES.cards}
BOARD = load_board()
ASIA = list(BOARD.regions["asia"].gateways)
SOUTH_AMERICA = list(BOARD.regions["south_america"].gateways)


def attacker(owners, objective, pawns=None, **fields):
    """Player 0 with MXP (6 pawns) next to MAD (player 1, 1 pawn), the given map and objective."""
    state = operations({"MXP": 0, "MAD": 1, **owners}, {"MXP": 6, "MAD": 1, **(pawns or {})})
    objs = [OBJ[objective], OBJ["gateways_24"], OBJ["hubs_9"], OBJ["routes_4"]]
    return arrange(state, objectives=objs, obc=[0, 0, 0, 0], **fields)


def conquer_mad(state):
    return cnw.apply(with_dice(state, "666" + "1"), cnw.Attack("MXP", "MAD", 3))


def test_s11_sla_victory_at_twelve_ends_the_game_at_once():
    """§11: 12 SLA points win immediately (in the Delivery phase, before Closure)."""
    state = operations({"BOM": 0, "DXB": 0, "LHR": 0})
    state = arrange(state, phase=DELIVERY, sla=[10, 0, 0, 0])
    state = arrange(state, shipments=[[[18, 3], [5, 3]], *state.shipments[1:]])
    over = cnw.apply(state, cnw.Deliver(18))
    assert over.phase == OVER and over.victory == "sla" and cnw.winners(over) == [0]
    assert cnw.is_over(over) and cnw.current_player(over) is None
    assert cnw.legal_actions(over) == []
    with pytest.raises(cnw.IllegalAction):
        cnw.apply(over, cnw.EndPhase())


def test_s11_network_objective_regions_checked_at_once():
    """§11: completing the secret objective (here Asia and South America) wins at once, in the
    middle of Operations."""
    owners = dict.fromkeys(ASIA + SOUTH_AMERICA, 0)
    owners["EZE"] = 1
    state = attacker(owners, "asia_sa", pawns={"GRU": 5, "EZE": 1})
    assert not objective_met(state, 0)
    won = cnw.apply(with_dice(state, "666" + "1"), cnw.Attack("GRU", "EZE", 3))
    assert won.phase == OVER and won.victory == "objective" and won.winners == [0]


def test_s11_objective_regions_with_one_more_of_your_choice():
    """§11 (designed deck): 'Europe, South America and one more region'."""
    base = attacker({}, "eu_sa_plus")
    europe = list(BOARD.regions["europe"].gateways)
    two = arrange(base, dict.fromkeys(europe + SOUTH_AMERICA, 0))
    assert not objective_met(two, 0)
    three = arrange(two, dict.fromkeys(BOARD.regions["asia_pacific"].gateways, 0))
    assert objective_met(three, 0)


def test_s11_objective_24_gateways_and_18_with_two_pawns():
    """§11 (designed deck): control 24 gateways; 18 gateways with 2+ pawns (met by deploying)."""
    many = [c for c in CODES if c != "MAD"][:23]
    state = attacker(dict.fromkeys(many, 0), "gateways_24")
    assert state.owner.count(0) == 23 and not objective_met(state, 0)
    assert conquer_mad(state).victory == "objective"
    eighteen = [c for c in CODES if c != "MAD"][:18]
    two = attacker(dict.fromkeys(eighteen, 0), "gateways_18x2", pawns=dict.fromkeys(eighteen, 2))
    two = arrange(two, pawns={"YVR": 1}, phase="reinforce", pool=1)
    assert not objective_met(two, 0)
    assert cnw.apply(two, cnw.Deploy("YVR", 1)).victory == "objective"


def test_s11_objective_hubs_and_routes():
    """§11 (designed deck): 9 hubs; both ends of 4 dashed routes."""
    hubs = attacker(dict.fromkeys(BOARD.hubs[:9], 0), "hubs_9")
    assert objective_met(hubs, 0)
    routes = [line for line in BOARD.dashed][:4]
    ends = {c for line in routes for c in (line.a, line.b)}
    state = attacker(dict.fromkeys(ends, 0), "routes_4")
    assert objective_met(state, 0)
    state = arrange(state, {next(iter(ends)): 1})
    assert not objective_met(state, 0)


def eliminated(state, *seats):
    """A copy where ``seats`` are out (no gateways, cards or shipments)."""
    alive = [p not in seats for p in range(state.players)]
    discard = state.ship_discard + [c for p in seats for c, _ in state.shipments[p]]
    rows = [[] if p in seats else row for p, row in enumerate(state.shipments)]
    deck = state.deck + [c for p in seats for c in state.hands[p]]
    hands = [[] if p in seats else h for p, h in enumerate(state.hands)]
    return arrange(state, alive=alive, ship_discard=discard, shipments=rows, deck=deck, hands=hands)


def test_s11_eliminate_a_colour_and_the_11_1_fallbacks():
    """§11/§11.1: 'eliminate Cyan' (seat 1) is met by eliminating it yourself; if someone else
    eliminated it, if it is you, or if it is not playing, it becomes 'control 24 gateways'."""
    state = attacker({}, "eliminate_cyan", rest=(2, 1))
    state = arrange(state, {"MXP": 0, "MAD": 1, "SYD": 3}, {"MXP": 6})
    won = conquer_mad(state)
    assert won.alive[1] is False and won.victory == "objective" and won.winners == [0]
    gone = eliminated(arrange(state, {"MAD": 2}), 1)
    gone = arrange(gone, eliminated_by=[-1, 2, -1, -1])
    assert not objective_met(gone, 0)
    assert objective_met(arrange(gone, dict.fromkeys(CODES[:24], 0)), 0)
    me = arrange(state, objectives=[OBJ["eliminate_blue"], 0, 0, 0])
    assert not objective_met(me, 0)
    assert objective_met(arrange(me, dict.fromkeys(CODES[:24], 0)), 0)
    absent = arrange(state, objectives=[OBJ["eliminate_grey"], 0, 0, 0])  # seat 5: 4 players
    assert not objective_met(absent, 0)
    assert objective_met(arrange(absent, dict.fromkeys(CODES[:24], 0)), 0)


def test_s11_domination_by_eliminating_every_opponent():
    """§11: the last player standing wins by domination."""
    state = attacker({}, "asia_sa", rest=(0, 1))
    state = arrange(state, {"MAD": 1}, {"MXP": 6})
    state = eliminated(state, 2, 3)
    won = conquer_mad(state)
    assert won.victory == "domination" and won.winners == [0]


def test_turn_cap_ends_the_game_unfinished():
    """Simulation option (off by default): at the cap the game stops, 'unfinished', no winner."""
    state = cnw.new_game(3, seed=1, turn_cap=1)
    bots = [cnw.bots.RandomBot(k) for k in range(3)]
    from gamelib.core import play_out

    end = play_out(cnw, state, bots)
    assert end.phase == OVER and end.round == 1
    assert end.victory in ("unfinished", "objective", "sla", "domination")
    if end.victory == "unfinished":
        assert end.winners == []
    assert cnw.new_game(3, seed=1).options["turn_cap"] is None
    assert INDEX["MXP"] >= 0
