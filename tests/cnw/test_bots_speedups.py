"""The heuristic bots' Repositioning (§5.4) scores each gateway once per decision; the move it
picks must be the one the uncached loop picked, on every Repositioning of seeded bot games."""

from __future__ import annotations

from typing import Any

from gamelib import cnw
from gamelib.cnw.actions import EndPhase, Reposition
from gamelib.cnw.bots import CourierBot, ExpansionistBot
from gamelib.cnw.network import INDEX
from gamelib.cnw.state import REPOSITION


def uncached_reposition(bot: Any, state: Any, me: int, actions: list, targets: dict) -> Any:
    """The loop as it was: both ends scored afresh for every move."""
    best, best_gain = None, 0.5
    for a in actions:
        if not isinstance(a, Reposition):
            continue
        gain = bot._front_score(state, me, INDEX[a.target], targets) - bot._front_score(
            state, me, INDEX[a.source], targets
        )
        if gain > best_gain:
            best, best_gain = a, gain
    return best if best is not None else next(a for a in actions if isinstance(a, EndPhase))


def test_reposition_with_scores_memoised_picks_the_same_move() -> None:
    checked = 0
    for seed in range(4):
        state = cnw.new_game(3, seed=seed, turn_cap=25)
        bots = [CourierBot(10 * seed), ExpansionistBot(10 * seed + 1), CourierBot(10 * seed + 2)]
        while not cnw.is_over(state):
            me = cnw.current_player(state)
            bot = bots[me]
            if state.phase == REPOSITION:
                actions = cnw.legal_actions(state)
                targets = bot._plan(state, me)
                got = bot._reposition(state, me, actions, targets)
                assert got == uncached_reposition(bot, state, me, actions, targets)
                checked += 1
            state = cnw.apply(state, bot.choose(state))
    assert checked > 20
