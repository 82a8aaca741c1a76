"""The planner's speed-up gives the same numbers: a mission's value with each aircraft's duel
odds memoised (``duel_odds``, shared by every mission of one plan) equals the value computed
afresh, on missions drawn from the real decks against foes drawn from them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import gamelib.airwar as aw
from gamelib.airwar.bots import PlannerBot, RandomBot, _kill, duel_odds, plane_value
from gamelib.airwar.cards import load

AIRCRAFT = [c for cards in load().values() for c in cards if c.kind == "aircraft"]


def test_duel_odds_are_the_shares_of_foes_each_side_shoots_down() -> None:
    foes = [(c.air_to_air, c.defense) for c in AIRCRAFT[:7]]
    for c in AIRCRAFT:
        pk, pw, value = duel_odds(c, foes)
        assert pk == sum(_kill(a, c.defense) for a, _ in foes) / len(foes)
        assert pw == sum(_kill(c.air_to_air, d) for _, d in foes) / len(foes)
        assert value == plane_value(c)


def states(seed: int, n: int) -> list:
    state = aw.new_game(2, seed=seed)
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    out = []
    while not aw.is_over(state) and len(out) < n:
        out.append(state)
        state = aw.apply(state, bots[aw.current_player(state)].choose(state))
    return out


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 500),
    step=st.integers(0, 150),
    mission=st.lists(st.sampled_from(AIRCRAFT), min_size=1, max_size=6),
    foes=st.lists(st.sampled_from(AIRCRAFT), min_size=1, max_size=8),
    k=st.integers(0, 4),
)
def test_mission_value_with_memoised_duels_equals_a_fresh_one(
    seed: int, step: int, mission: list, foes: list, k: int
) -> None:
    played = states(seed, step + 1)
    state = played[min(step, len(played) - 1)]
    bot = PlannerBot(seed)
    stats = [(c.air_to_air, c.defense) for c in foes]
    duels: dict = {}
    for target in ("resources", *state.bases[1 - state.active]):
        fresh = bot._mission_value(state, target, mission, k, stats)
        shared = bot._mission_value(state, target, mission, k, stats, duels)
        again = bot._mission_value(state, target, mission, k, stats, duels)
        assert fresh == shared == again
