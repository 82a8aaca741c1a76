"""The careful bot's speed-up reads the same values: ``bots.view`` is ``observation`` cut down
to the keys the bot uses (the full observation copies the event log at every decision)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import gamelib.logiquo as game
from gamelib.logiquo.bots import VIEW_KEYS, CarefulBot, RandomBot, view


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    careful=st.booleans(),
    cooperative=st.booleans(),
)
def test_view_equals_the_observation_for_every_seat_at_every_step(
    seed: int, players: int, careful: bool, cooperative: bool
) -> None:
    state = game.new_game(players, seed=seed)
    bots = [
        CarefulBot(seed + p, cooperative=cooperative) if careful else RandomBot(seed + p)
        for p in range(players)
    ]
    steps = 0
    while not game.is_over(state) and steps < 3000:
        for me in range(players):
            full = game.observation(state, me)
            assert view(state, me) == {k: full[k] for k in VIEW_KEYS}
        state = game.apply(state, bots[game.current_player(state)].choose(state))
        steps += 1
    assert steps > 0


def test_view_lists_only_keys_of_the_observation() -> None:
    state = game.new_game(4, seed=3)
    assert set(VIEW_KEYS) <= set(game.observation(state, 0))
