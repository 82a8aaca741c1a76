"""The placement measures (§4 step 5) and the seeded last stand (§7.5) that lesson 3 teaches:
plans place exactly the reserve on the player's own gateways, the round ends legally, the
measures agree with the battle odds, and the last stand eliminates through the engine."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamelib import cnw
from gamelib.cnw import battle, cards, scenarios
from gamelib.cnw import placement as pl
from gamelib.cnw import state as st
from gamelib.cnw.bots import BOTS
from gamelib.cnw.network import CODES, HUB, INDEX, geo

SEEDS = range(6)


def bots_for(seed: int, players: int):
    kinds = ("courier", "expansionist")
    bots = [BOTS[kinds[q % 2]](seed * 10 + q) for q in range(players)]
    return lambda s: bots[s.current].choose(s)


@pytest.mark.parametrize("plan", pl.PLANS)
@pytest.mark.parametrize("seed", SEEDS)
def test_s4_step5_a_plan_places_the_whole_reserve_on_the_players_own_gateways(seed, plan):
    s = cnw.new_game(3 + seed % 4, seed=seed)
    me = s.first
    todo = pl.plan_pawns(s, me, plan)
    assert len(todo) == s.reserve[me]
    assert {s.owner[INDEX[c]] for c in todo} == {me}
    if plan == "stack":
        assert len(set(todo)) == 1


def test_s4_step5_an_unknown_plan_is_refused():
    with pytest.raises(ValueError):
        pl.plan_pawns(cnw.new_game(3, seed=1), 0, "everything")


@pytest.mark.parametrize("seed", SEEDS)
def test_s4_step5_the_rulebook_plan_guards_route_ends_hubs_and_corridors(seed):
    s = cnw.new_game(3, seed=seed)
    me = s.first
    keep = set(pl.guarded(s, me))
    route_ends = {CODES[i] for a, b in geo().routes for i in (a, b) if s.owner[i] == me}
    hubs = {CODES[i] for i, o in enumerate(s.owner) if o == me and HUB[i]}
    assert route_ends | hubs <= keep
    assert set(pl.plan_pawns(s, me, "rulebook")) <= keep


@pytest.mark.parametrize("plan", pl.PLANS)
def test_s4_step5_the_round_ends_with_every_pawn_placed_and_a_legal_state(plan):
    s = cnw.new_game(4, seed=3)
    after = pl.place_round(s, s.first, plan, bots_for(3, 4))
    assert after.phase != st.PLACEMENT and not any(after.reserve)
    assert cnw.check_state(after) is None
    me = s.first
    placed = {c: after.pawns[INDEX[c]] - 1 for c in CODES if s.owner[INDEX[c]] == me}
    expected: dict[str, int] = {}
    for c in pl.plan_pawns(s, me, plan):
        expected[c] = expected.get(c, 0) + 1
    assert {c: k for c, k in placed.items() if k} == expected


def test_openness_agrees_with_the_battle_odds_s7_2_s8_3():
    s = pl.place_round(cnw.new_game(3, seed=5), 0, "spread", bots_for(5, 3))
    for p in range(3):
        seen = pl.openness(s, p)
        for code, (source, chance) in seen["open"].items():
            assert s.owner[INDEX[code]] == p and s.owner[INDEX[source]] != p
            exact = battle.conquest_probability(
                s.pawns[INDEX[source]] - 1, s.pawns[INDEX[code]], hub=HUB[INDEX[code]]
            )
            assert chance == pytest.approx(exact) and chance >= pl.FAVOURED
        for code, (source, chance) in seen["targets"].items():
            assert s.owner[INDEX[source]] == p and s.owner[INDEX[code]] not in (p,)
            assert chance >= pl.FAVOURED
        assert seen["at_risk"] == pytest.approx(sum(c for _, c in seen["open"].values()))


def test_s3_1_a_region_held_whole_is_within_reach_and_one_missing_gateway_is_not_alone():
    s = pl.place_round(cnw.new_game(3, seed=2), 0, "spread", bots_for(2, 3))
    south = ("BOG", "LIM", "GRU", "EZE")
    owner = list(s.owner)
    for c in south:
        owner[INDEX[c]] = 0
    whole = replace(s, owner=owner)
    assert "south_america" in pl.openness(whole, 0)["in_reach"]
    assert pl.openness(whole, 0)["regions"]["south_america"] == []
    owner[INDEX["EZE"]] = 1
    pawns = list(s.pawns)
    pawns[INDEX["EZE"]] = 30  # nobody takes 30 pawns: EZE is not a favoured target
    missing = replace(s, owner=owner, pawns=pawns)
    assert "south_america" not in pl.openness(missing, 0)["in_reach"]


@pytest.mark.parametrize("seed", range(12))
def test_s7_5_the_last_stand_is_legal_and_the_conquest_eliminates(seed):
    s = scenarios.last_stand(seed)
    assert cnw.check_state(s) is None
    source, target = scenarios.front(s)
    assert [c for c in CODES if s.owner[INDEX[c]] == scenarios.VICTIM] == [target]
    mine, theirs = (len(s.hands[p]) for p in (scenarios.ATTACKER, scenarios.VICTIM))
    while s.alive[scenarios.VICTIM]:
        legal = cnw.legal_actions(s)
        if s.phase == st.OPERATIONS:
            s = cnw.apply(s, cnw.Attack(source, target, min(3, s.pawns[INDEX[source]] - 1)))
        elif s.phase == st.MOVE_IN:
            s = cnw.apply(s, max(legal, key=lambda a: a.count))
        else:
            s = cnw.apply(s, next(a for a in legal if isinstance(a, cnw.KeepDice)))
    assert s.phase != st.OVER  # no objective ends the game at the elimination
    assert len(s.hands[scenarios.ATTACKER]) == mine + theirs and not s.hands[scenarios.VICTIM]
    forced = mine + theirs >= cards.load().hand_limit
    assert (s.phase == st.ELIM_TRIS) == forced
