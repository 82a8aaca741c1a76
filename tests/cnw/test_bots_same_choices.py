"""The heuristic bots' speed-ups (a per-decision view of the map, inline odds, re-roll choices
memoised by sorted dice, deploys read by the listing's runs) must pick what the plain loops
picked: the shipped studies and the precomputed lab results depend on the same seeds giving the
same games. Each decision of seeded bot games is checked against the loops as they were."""

from __future__ import annotations

import itertools
from typing import Any

from gamelib import cnw
from gamelib.cnw import battle
from gamelib.cnw.actions import Attack, Deploy, EndPhase, KeepDice, ObcReroll, Occupy, PlayTris
from gamelib.cnw.bots import CourierBot, ExpansionistBot, odds
from gamelib.cnw.network import HUB, INDEX
from gamelib.cnw.operations import may_reroll
from gamelib.cnw.state import (
    OPERATIONS,
    PLACEMENT,
    REINFORCE,
    REROLL_ATTACKER,
    REROLL_DEFENDER,
    geo_of,
)
from gamelib.cnw.variants import enemy


def plain_threat(state: Any, me: int, i: int) -> int:
    g = geo_of(state)
    return sum(
        state.pawns[j] for j in g.adj[i] if state.owner[j] >= 0 and enemy(state, me, state.owner[j])
    )


def plain_front(state: Any, me: int, i: int, targets: dict[int, float]) -> float:
    score = 0.0
    for j in geo_of(state).adj[i]:
        if state.owner[j] != me:
            score += targets.get(j, 0.0) * 3 + 0.2
    score += 0.05 * plain_threat(state, me, i)
    if HUB[i]:
        score += 0.3
    return score


def plain_place(state: Any, me: int, actions: list, targets: dict[int, float]) -> Any:
    def score(a: Any) -> float:
        i = INDEX[a.gateway]
        need = plain_threat(state, me, i) + 1 - state.pawns[i] * 0.7
        return plain_front(state, me, i, targets) + 0.3 * need + targets.get(i, 0.0)

    return max(actions, key=score)


def plain_deploy(state: Any, me: int, actions: list, targets: dict[int, float]) -> Any:
    deploys = [a for a in actions if isinstance(a, Deploy)]
    best = max(
        dict.fromkeys(a.gateway for a in deploys),
        key=lambda c: plain_front(state, me, INDEX[c], targets),
    )
    return next(a for a in deploys if a.gateway == best and a.count == state.pool)


def plain_operate(bot: Any, state: Any, me: int, actions: list, targets: dict) -> Any:
    best, best_score = None, 0.0
    for a in actions:
        if isinstance(a, Occupy):
            score = 1.0 + targets.get(INDEX[a.target], 0.0)
            if a.count == min(3, state.pawns[INDEX[a.source]] - 1) and score > best_score:
                best, best_score = a, score
            continue
        if not isinstance(a, Attack):
            continue
        i, j = INDEX[a.source], INDEX[a.target]
        if a.dice != min(3, state.pawns[i] - 1):
            continue
        if any(me in x[:2] and state.owner[j] in x[:2] for x in state.pacts):
            continue
        p = odds(state.pawns[i] - 1, state.pawns[j], HUB[j])
        want = targets.get(j, 0.0)
        need = bot.attack_threshold if want > 0 else bot.opportunistic_threshold
        if not state.conquered and p >= need - 0.15:
            need -= 0.15
        if p < need:
            continue
        score = p * (1.0 + want) + (0.3 if HUB[j] else 0.0)
        if score > best_score:
            best, best_score = a, score
    return best if best is not None else next(a for a in actions if isinstance(a, EndPhase))


def plain_reroll(state: Any, actions: list) -> Any:
    roll = state.roll
    side = "attacker" if state.phase == REROLL_ATTACKER else "defender"
    other = roll["defender"] if side == "attacker" else roll["attacker"]
    face = battle.choose_reroll(
        side,
        roll["attack"],
        roll["defend"],
        hub=roll["hub"],
        opponent_may_reroll=may_reroll(state, other),
    )
    for a in actions:
        if isinstance(a, ObcReroll) and a.die == face:
            return a
    return next(a for a in actions if isinstance(a, KeepDice))


def test_heuristic_bots_choose_as_the_plain_loops_did() -> None:
    checked = {"place": 0, "deploy": 0, "operate": 0, "reroll": 0}
    for seed in range(3):
        options = {"diplomazia": True} if seed == 2 else {}
        state = cnw.new_game(3, seed=seed, turn_cap=20, **options)
        bots = [CourierBot(10 * seed), ExpansionistBot(10 * seed + 1), CourierBot(10 * seed + 2)]
        while not cnw.is_over(state):
            me = cnw.current_player(state)
            bot = bots[me]
            actions = cnw.legal_actions(state)
            no_tris = not any(isinstance(a, PlayTris) for a in actions)
            if len(actions) > 1 and state.phase in (PLACEMENT, OPERATIONS, REINFORCE) and no_tris:
                targets = bot._plan(state, me)
                if state.phase == REINFORCE:
                    got = bot._deploy(state, me, actions, targets)
                    assert got == plain_deploy(state, me, actions, targets)
                    checked["deploy"] += 1
                elif state.phase == PLACEMENT:
                    got = bot._best_place(state, me, actions, targets)
                    assert got == plain_place(state, me, actions, targets)
                    checked["place"] += 1
                else:
                    got = bot._operate(state, me, actions, targets)
                    assert got == plain_operate(bot, state, me, actions, targets)
                    checked["operate"] += 1
            if len(actions) > 1 and state.phase in (REROLL_ATTACKER, REROLL_DEFENDER):
                assert bot._reroll(state, actions) == plain_reroll(state, actions)
                checked["reroll"] += 1
            state = cnw.apply(state, bot.choose(state))
    assert min(checked.values()) > 10, checked


def test_s8_1_reroll_choice_with_the_shared_answer_memo_equals_a_fresh_one() -> None:
    """§8.1: ``choose_reroll`` keeps the defender's answers between calls; for every attacker
    roll (dice of 1 to 3, hub or not, defender holding a token or not) the face it picks is the
    one a fresh memo gives."""
    faces = range(1, 7)
    rolls = [c for k in (1, 2, 3) for c in itertools.combinations_with_replacement(faces, k)]
    for attack in rolls:
        for defend in rolls:
            for hub in (False, True):
                for token in (False, True):
                    got = battle.choose_reroll(
                        "attacker", attack, defend, hub=hub, opponent_may_reroll=token
                    )
                    a = tuple(sorted(attack, reverse=True))
                    d = tuple(sorted(defend, reverse=True))
                    sig = battle._model(len(a), len(d), hub).asig(a, d)
                    i, _ = battle._attacker_choice(sig, 1, int(token), battle._roll_score, {})
                    assert got == (None if i < 0 else sorted(set(a))[i])
