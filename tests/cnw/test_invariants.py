"""Invariants checked after every action of 1,000 seeded random games (3 players, capped at 15
rounds to stay fast), plus 8 games of each variant and player count: every gateway owned by one
player or neutral, pawns accounted for, cards and shipments conserved, SLA never negative,
deadlines consistent, saves round-tripping, inputs never changed, random and malformed actions
refused without effect, delivery chains agreeing with networkx, ``legal_actions`` complete and its
memoised Operations list equal to a fresh one."""

from __future__ import annotations

import random
from typing import Any

import networkx as nx
import pytest

from gamelib import cnw
from gamelib.cnw import operations, rules
from gamelib.cnw.network import CODES
from gamelib.cnw.rules import SHIPS, check_state
from gamelib.cnw.state import OPERATIONS, PLACEMENT

GAMES = 1000
CAP = 15


def random_action(rng: random.Random, state: Any) -> Any:
    """An action drawn from the whole action space, mostly illegal, sometimes malformed."""
    code = rng.choice([*CODES, "XXX", 7])
    other = rng.choice(CODES)
    n = rng.choice([0, 1, 2, 3, 4, 7, -1, True, "2"])
    return rng.choice(
        [
            cnw.PlacePawn(code),
            cnw.RemovePawn(code),
            cnw.Deploy(code, n),
            cnw.Attack(code, other, n),
            cnw.Occupy(code, other, n),
            cnw.Reposition(code, other),
            cnw.MoveIn(n),
            cnw.ObcReroll(n),
            cnw.KeepDice(),
            cnw.Deliver(rng.randrange(-2, 40)),
            cnw.EndPhase(),
            cnw.PlayTris((code, other, rng.choice(CODES))),
            cnw.ProposePact(rng.randrange(-1, 7)),
            cnw.AcceptPact(),
            cnw.RejectPact(),
            "EndPhase",
            object(),
        ]
    )


def expected_pawn_change(old: Any, new: Any, action: Any) -> int | None:
    """Pawns on the board + starting pawns in reserve must change by exactly this within a
    turn (None: the turn changed hands, Briefing and Imprevisti make their own changes)."""
    if new.turn != old.turn:
        return None
    if len(new.discard) > len(old.discard) and not isinstance(action, cnw.PlayTris):
        return None  # an Imprevisto was drawn at Closure (§9.2 IT outage removes pawns)
    if isinstance(action, cnw.Deploy):
        return action.count
    if new.last_roll is not old.last_roll and new.last_roll is not None:
        return -(new.last_roll["attacker_losses"] + new.last_roll["defender_losses"])
    return 0


def check_step(old: Any, new: Any, action: Any) -> None:
    problem = check_state(new)
    assert problem is None, f"after {action}: {problem}"
    total_old = sum(old.pawns) + sum(old.reserve)
    total_new = sum(new.pawns) + sum(new.reserve)
    change = expected_pawn_change(old, new, action)
    if isinstance(action, cnw.RemovePawn) and change is not None:
        # §10.2: this pawn, and maybe the next ones owed if only one gateway can give them
        assert -old.expiring <= total_new - total_old <= -1
    elif change is not None:
        assert total_new - total_old == change, f"pawns not accounted for after {action}"
        if isinstance(action, cnw.Deploy):
            assert old.pool - new.pool == action.count
    for row in new.shipments:
        for card, deadline in row:
            assert 1 <= deadline <= SHIPS.cards[card].deadline + 3
    if new.phase == "over":
        assert new.victory in ("objective", "sla", "domination", "team", "unfinished")
        assert (new.victory == "unfinished") == (new.winners == [])


def check_chains(state: Any) -> None:
    """§10.1: the engine's delivery test agrees with networkx has_path on the player's own
    gateways plus its air-bridge edges."""
    for p in range(state.players):
        graph = cnw.network_graph(state, p)
        ready = set(cnw.deliverable(state, p))
        for card, _ in state.shipments[p]:
            ship = SHIPS.cards[card]
            expected = (
                ship.origin in graph
                and ship.destination in graph
                and nx.has_path(graph, ship.origin, ship.destination)
            )
            assert (card in ready) == expected


def fresh_legal(state: Any) -> list:
    operations._MEMO[0] = None
    return rules.legal_actions(state)


def play(seed: int, players: int, options: dict, deep: bool) -> dict[str, int]:
    """One random game with the invariants after every action; ``deep`` adds the slower checks
    (round trip, no mutation, random actions, memo equality) at every step, else on a sample."""
    rng = random.Random(seed)
    state = cnw.new_game(players, seed=seed, turn_cap=CAP, **options)
    assert check_state(state) is None
    stats = {"actions": 0, "illegal": 0, "round_trips": 0}
    while not cnw.is_over(state):
        actions = cnw.legal_actions(state)
        assert actions, f"no legal action in phase {state.phase}"
        sample = deep or rng.random() < 0.01
        if sample and state.phase == OPERATIONS:
            assert fresh_legal(state) == actions
        action = rng.choice(actions)
        if sample:
            before = cnw.to_json(state)
            legal = set(actions)
            for _ in range(3):
                probe = random_action(rng, state)
                try:
                    ok = probe in legal and not any(
                        isinstance(v, bool) for v in getattr(probe, "__dict__", {}).values()
                    )
                except TypeError:
                    ok = False
                if ok:
                    cnw.apply(state, probe)
                    continue
                with pytest.raises(cnw.IllegalAction) as err:
                    cnw.apply(state, probe)
                assert err.value.rule.startswith("§")
                stats["illegal"] += 1
        if sample and not state.options["realismo_alto"]:
            check_chains(state)
        new = cnw.apply(state, action)
        if sample:
            assert cnw.to_json(state) == before, f"{action} changed its input"
            assert cnw.from_json(cnw.to_json(new)) == new
            stats["round_trips"] += 1
        check_step(state, new, action)
        state = new
        stats["actions"] += 1
    assert cnw.from_json(cnw.to_json(state)) == state
    assert state.phase != PLACEMENT
    return stats


PARTS = 4  # the thousand games in four parts: pytest-xdist runs them side by side


@pytest.mark.parametrize("part", range(PARTS))
def test_invariants_over_1000_random_games(part: int) -> None:
    """A quarter of the 1,000 seeded random 3-player games (15-round cap; ``part`` 0: seeds
    0-249, ...): invariants after every action. The four parts together play all 1,000."""
    size = GAMES // PARTS
    totals = {"actions": 0, "illegal": 0, "round_trips": 0}
    for seed in range(part * size, (part + 1) * size):
        stats = play(seed, 3, {}, deep=seed < 10)
        for key, value in stats.items():
            totals[key] += value
    print(f"part {part}: {totals}")
    assert totals["actions"] > 100 * size
    assert totals["illegal"] > 1000 // PARTS and totals["round_trips"] > 5000 // PARTS


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (5, {}),
        (6, {}),
        (4, {"fiera": True}),
        (4, {"team_building": True}),
        (6, {"team_building": True, "diplomazia": True}),
        (4, {"realismo_alto": True}),
        (4, {"diplomazia": True}),
        (3, {"fiera": True, "realismo_alto": True}),
    ],
)
def test_invariants_in_every_variant_and_player_count(players, options):
    """§4/§12: the same invariants with 5-6 players (neutrals) and each variant."""
    for seed in range(8):
        play(10_000 + seed, players, options, deep=seed < 2)


def test_legal_actions_are_complete_on_sampled_states():
    """Every action apply accepts is in legal_actions (and vice versa) on sampled states."""
    rng = random.Random(4)
    for seed in range(8):
        state = cnw.new_game(4, seed=seed, turn_cap=6)
        while not cnw.is_over(state):
            actions = cnw.legal_actions(state)
            if rng.random() < 0.05:
                legal = set(actions)
                candidates = _candidates(state)
                for probe in candidates:
                    try:
                        cnw.apply(state, probe)
                        accepted = True
                    except cnw.IllegalAction:
                        accepted = False
                    assert accepted == (probe in legal), f"{probe} in phase {state.phase}"
            state = cnw.apply(state, rng.choice(actions))


def _candidates(state: Any) -> list:
    """Every plausible action for the current phase (all gateways, small counts)."""
    mine = [c for i, c in enumerate(CODES) if state.owner[i] == state.current]
    out: list = [cnw.EndPhase(), cnw.KeepDice(), cnw.AcceptPact(), cnw.RejectPact()]
    out += [cnw.MoveIn(k) for k in range(5)] + [cnw.ObcReroll(f) for f in range(1, 7)]
    out += [cnw.PlacePawn(c) for c in CODES] + [cnw.RemovePawn(c) for c in CODES]
    out += [cnw.Deploy(c, k) for c in CODES for k in (1, 2, state.pool)]
    for a in mine:
        for b in CODES:
            out += [cnw.Attack(a, b, d) for d in (1, 2, 3)]
            out += [cnw.Reposition(a, b), cnw.Occupy(a, b, 1)]
    out += [cnw.Deliver(c) for c in range(36)]
    return out
