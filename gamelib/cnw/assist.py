"""Read-only answers a game table needs to ask a human only when it matters (§4 step 5, §8.1).

Nothing here changes a game: :func:`reroll_can_help` says whether an OBC re-roll (§8.1) of the side
deciding now could change the pending roll's losses in its favour (if not, keeping the dice is the
only sensible answer: nothing to decide), :func:`reroll_face` names the die to re-roll for a player
whose standing choice is "always", and :func:`auto_placement` is a seeded, legal starting-pawn
choice (§4 step 5): the courier bot's own, so a quick game can place a human's remaining pawns.
"""

from __future__ import annotations

from gamelib.cnw import battle
from gamelib.cnw.actions import PlacePawn
from gamelib.cnw.bots import CourierBot
from gamelib.cnw.state import PLACEMENT, REROLL_ATTACKER, REROLL_DEFENDER, CnwState


def _sides(state: CnwState) -> tuple[list[int], list[int], bool, bool] | None:
    """(attack dice, defend dice, hub, attacker decides) of the roll waiting for an OBC answer."""
    if state.phase not in (REROLL_ATTACKER, REROLL_DEFENDER) or state.roll is None:
        return None
    roll = state.roll
    return (
        list(roll["attack"]),
        list(roll["defend"]),
        bool(roll["hub"]),
        (state.phase == REROLL_ATTACKER),
    )


def _helping_faces(state: CnwState) -> list[int]:
    """The faces of the deciding side whose re-roll could make it lose fewer pawns in this roll
    (§7.2, §8.3: the comparisons are fixed, so the other side would lose more)."""
    sides = _sides(state)
    if sides is None:
        return []
    attack, defend, hub, attacker = sides
    now = battle.resolve_roll(attack, defend, hub)[0 if attacker else 1]
    mine = attack if attacker else defend
    out = []
    for face in sorted(set(mine)):
        for new in range(1, battle.RULES.die_faces + 1):
            changed = list(mine)
            changed.remove(face)
            changed.append(new)
            pair = (changed, defend) if attacker else (attack, changed)
            if battle.resolve_roll(*pair, hub)[0 if attacker else 1] < now:
                out.append(face)
                break
    return out


def reroll_can_help(state: CnwState) -> bool:
    """§8.1: could re-rolling one die of the side deciding now make it lose fewer pawns?"""
    return bool(_helping_faces(state))


def reroll_face(state: CnwState) -> int | None:
    """The die to re-roll for a player who always spends the token when it can matter: the
    single-roll best of :func:`battle.choose_reroll`, else the lowest die whose re-roll can
    help; ``None`` when none can."""
    faces = _helping_faces(state)
    if not faces:
        return None
    attack, defend, hub, attacker = _sides(state)  # type: ignore[misc]
    side = "attacker" if attacker else "defender"
    best = battle.choose_reroll(side, attack, defend, hub)
    return best if best in faces else faces[0]


def auto_placement(state: CnwState, seed: int) -> PlacePawn:
    """§4 step 5: a legal starting pawn for the player placing now, seeded (the courier bot's
    choice), for a table's "auto-place the rest"."""
    if state.phase != PLACEMENT:
        raise ValueError(f"auto_placement needs the placement phase, not {state.phase!r} (§4)")
    action = CourierBot(seed).choose(state)
    assert isinstance(action, PlacePawn)
    return action
