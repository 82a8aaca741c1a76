"""gamelib.cnw.assist: the read-only answers a table uses to ask a human only when it matters
(§4 step 5, §8.1), checked against a brute force over every re-roll."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamelib import cnw
from gamelib.cnw import assist, battle
from gamelib.cnw import state as st


def rerolling_states(seed: int, n: int) -> list[cnw.CnwState]:
    """The first ``n`` OBC questions (§8.1) of a courier bots' game."""
    state = cnw.new_game(["a", "b", "c"], seed=seed)
    bots = [cnw.bots.CourierBot(i) for i in range(3)]
    out = []
    while len(out) < n and not cnw.is_over(state):
        if state.phase in (st.REROLL_ATTACKER, st.REROLL_DEFENDER):
            out.append(state)
        state = cnw.apply(state, bots[cnw.current_player(state)].choose(state))
    return out


def brute_force(state: cnw.CnwState) -> set[int]:
    """Faces whose re-roll to some value lowers the decider's losses in this roll."""
    roll = state.roll
    attacker = state.phase == st.REROLL_ATTACKER
    side = 0 if attacker else 1
    now = battle.resolve_roll(roll["attack"], roll["defend"], roll["hub"])[side]
    mine = roll["attack" if attacker else "defend"]
    out = set()
    for face in set(mine):
        for new in range(1, 7):
            dice = list(mine)
            dice[dice.index(face)] = new
            pair = (dice, roll["defend"]) if attacker else (roll["attack"], dice)
            if battle.resolve_roll(*pair, roll["hub"])[side] < now:
                out.add(face)
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_reroll_can_help_matches_a_brute_force_section_8_1(seed: int) -> None:
    states = rerolling_states(seed, 30)
    assert states
    for state in states:
        faces = brute_force(state)
        assert assist.reroll_can_help(state) == bool(faces)
        face = assist.reroll_face(state)
        assert (face is None) == (not faces) and (face is None or face in faces)


def test_a_defender_holding_every_comparison_has_nothing_to_decide_section_8_1() -> None:
    state = rerolling_states(1, 1)[0]
    roll = dict(state.roll, attack=[2], defend=[5], hub=False)
    assert not assist.reroll_can_help(replace(state, roll=roll, phase=st.REROLL_DEFENDER))
    assert assist.reroll_can_help(replace(state, roll=roll, phase=st.REROLL_ATTACKER))


def test_auto_placement_is_seeded_and_legal_section_4() -> None:
    state = cnw.new_game(["a", "b", "c"], seed=7)
    while state.phase == st.PLACEMENT:
        action = assist.auto_placement(state, 11)
        assert action == assist.auto_placement(state, 11)
        assert action in cnw.legal_actions(state)
        state = cnw.apply(state, action)
    with pytest.raises(ValueError):
        assist.auto_placement(state, 11)
