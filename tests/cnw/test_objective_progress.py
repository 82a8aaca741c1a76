"""§11 / §11.1: how close a position is to each Network Objective card
(``gamelib/cnw/objective_progress.py``) agrees with the victory rule and names what is missing."""

import dataclasses

import pytest

from gamelib import cnw
from gamelib.cnw import bots, objective_progress
from gamelib.cnw.board import load as load_board
from gamelib.cnw.rules import OBJECTIVES, objective_met
from gamelib.cnw.state import PLACEMENT
from tests.cnw.cnw_helpers import arrange, operations

OBJ = {c.key: c.id for c in OBJECTIVES.cards}
BOARD = load_board()


def holding(objective, owners, pawns=None, rest=(1, 1)):
    state = operations({"MXP": 0, **owners}, pawns, rest=rest)
    return arrange(state, objectives=[OBJ[objective], 0, 0, 0])


@pytest.mark.parametrize("seed", range(6))
def test_s11_met_exactly_when_the_victory_rule_says_so(seed):
    """§11: for every card, progress().met equals objective_met() along seeded bot games."""
    state = cnw.new_game(3 + seed % 2, seed=seed)
    seats = [bots.BOTS[k](seed * 10 + i) for i, k in enumerate(("courier", "expansionist") * 2)]
    checked = 0
    while not cnw.is_over(state) and checked < 40:
        state = cnw.apply(state, seats[cnw.current_player(state)].choose(state))
        if state.phase == PLACEMENT:
            continue
        checked += 1
        for p in range(state.players):
            for k in range(len(OBJECTIVES.cards)):
                objs = [*state.objectives]
                objs[p] = k
                s = dataclasses.replace(state, objectives=objs)
                assert objective_progress.progress(s, p, k).met == objective_met(s, p)


def test_s11_regions_name_the_missing_gateways():
    """'North America and Asia-Pacific': every gateway of both not yet held is a target."""
    na = BOARD.regions["north_america"].gateways
    ap = BOARD.regions["asia_pacific"].gateways
    state = holding("na_ap", dict.fromkeys([*na, *ap[:2]], 0))
    got = objective_progress.progress(state, 0, OBJ["na_ap"])
    assert set(got.targets) == set(ap[2:]) and got.to_go == len(ap) - 2
    assert (got.have, got.need) == (1, 2)


def test_s11_one_more_region_takes_the_cheapest():
    """'Europe, South America and one more': the extra region is the one with fewest missing."""
    eu = BOARD.regions["europe"].gateways
    sa = BOARD.regions["south_america"].gateways
    ap = BOARD.regions["asia_pacific"].gateways
    state = holding("eu_sa_plus", dict.fromkeys([*eu, *sa, *ap[1:]], 0))
    got = objective_progress.progress(state, 0, OBJ["eu_sa_plus"])
    assert got.targets == (ap[0],) and got.to_go == 1


def test_s11_routes_share_ends():
    """'Both ends of 4 routes': Sydney ends two routes, so holding it saves a conquest."""
    state = holding("routes_4", {"SYD": 0, "LAX": 0, "JNB": 0, "JFK": 0, "LHR": 0})
    got = objective_progress.progress(state, 0, OBJ["routes_4"])
    assert got.have == 3  # LAX-SYD, JNB-SYD, JFK-LHR; the fourth needs one more end at best
    assert got.to_go == 1 and got.targets in (("EZE",), ("AKL",), ("GRU",), ("MAD",))


def test_s11_1_eliminate_falls_back_to_24_gateways():
    """§11.1: 'eliminate Anthracite Grey' (seat 5) in a 4-player game means control 24."""
    state = holding("eliminate_grey", {}, rest=(1, 1))
    got = objective_progress.progress(state, 0, OBJ["eliminate_grey"])
    assert got.fallback and got.need == 24 and got.to_go == 24 - got.have
    cyan = objective_progress.progress(state, 0, OBJ["eliminate_cyan"])
    assert not cyan.fallback and cyan.to_go == state.owner.count(1)


def test_closest_lists_every_tie():
    state = holding("hubs_9", dict.fromkeys(BOARD.hubs[:9], 0))
    assert OBJ["hubs_9"] in objective_progress.closest(state, 0)
    row = objective_progress.table(state)[0]
    assert min(p.to_go for p in row) == 0
