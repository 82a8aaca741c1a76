"""Invariants after every action over 1,000 seeded random games (conventions: tests/<game>/).

Checked after every action, by ``gamelib.airwar.check_state`` (also the judge of loaded saves):
the 82 deck cards are all present exactly once, on their side, of the right kind for their
place; Industry and Convoy stay within bounds; no airbase or carrier holds more aircraft than
its capacity; War cards sit on a standing airbase; the raid fits its step; and someone is to
act until the end. In one game out of ten after every
action, and on a sample of states in the others: nothing hidden reaches either player's
observation (the opponent's hand cards never seen face up, the decks, a face-down mission's
cards for the defender, the intercept hand for the attacker, any mission order). On a sample
of states: JSON round trip equal and the input state not mutated by ``apply``. Every action
the bots play comes from ``legal_actions`` and must apply without error. Games stop after
40 turns (random games are long; 40 turns include deck reshuffles and every phase).
"""

from __future__ import annotations

import json
import random

import pytest

import gamelib.airwar as aw
from gamelib.airwar.bots import RandomBot
from gamelib.airwar.cards import load

ALL = sorted(c.id for deck in load().values() for c in deck)
ALL_SET = set(ALL)
GAMES = 1000
TURN_CAP = 40  # random games are long; 40 turns (20 a side) cover every phase many times
SAMPLE_EVERY = 97


def public_cards(s: aw.AirWarState) -> set[str]:
    """Cards face up on the table now (seen by both players)."""
    out: set[str] = set()
    for p in (0, 1):
        out.update(s.discard[p], s.bases[p], s.carriers[p], s.war[p], s.attached[p])
        for planes in s.grounded[p].values():
            out.update(planes)
    r = s.raid
    if r is not None:
        out.update(r.exposed_att, r.exposed_def, r.duel_cards, r.sacrifice_pool)
        out.update(c for c in (r.duel_att, r.duel_def) if c)
    return out


def event_cards(s: aw.AirWarState) -> set[str]:
    """Cards named by the last action's public announcements (a card revealed and moved on
    within one action, e.g. discarded for the convoy and then reshuffled into the deck)."""
    out: set[str] = set()
    for e in s.events:
        for key, value in e.items():
            if key in ("card", "attacker", "defender", "on", "base") and value in ALL_SET:
                out.add(value)
            elif key == "cards":
                out.update(value)
    return out


def check(s: aw.AirWarState, secret: set[str], leaks: bool) -> None:
    """``gamelib.airwar.check_state`` (cards, bounds, capacities, War cards, the raid), then
    the secrets. ``secret``: cards never seen face up so far (updated here). A card that went
    back from the table to the hand, or was reshuffled into a deck, is public knowledge; the
    order of a deck never appears (only its size)."""
    problem = aw.check_state(s)
    assert problem is None, problem
    secret -= public_cards(s)
    secret -= event_cards(s)
    if s.step == "over":
        return
    assert aw.current_player(s) in (0, 1)  # the bot's choose() fails if nothing is legal
    if leaks:
        check_observations(s, secret)


def check_observations(s: aw.AirWarState, secret: set[str]) -> None:
    r = s.raid
    for player in (0, 1):
        obs = aw.observation(s, player)
        text = json.dumps(obs)
        hidden = (set(s.hand[1 - player]) | set(s.deck[0]) | set(s.deck[1])) & secret
        assert all(set(side) >= {"deck_count"} and "deck" not in side for side in obs["sides"])
        if r is not None and player != s.active:
            hidden |= set(r.mission)
        if r is not None and player == s.active:
            hidden |= set(r.intercept)
        for c in hidden:
            assert f'"{c}"' not in text, (c, player, s.step)
        assert obs["hand"] == sorted(s.hand[player])
        if obs["raid"] is not None and obs["raid"]["mission"] is not None:
            assert obs["raid"]["mission"] == sorted(r.mission)


# the bots' seeds of every game, drawn as one sequence (game g: the 2g-th and 2g+1-th), so that a
# part of the thousand games plays exactly what it plays in the whole run
_SEEDS = random.Random(2024)
BOT_SEEDS = [_SEEDS.randrange(2**32) for _ in range(2 * GAMES)]
PARTS = 4  # the thousand games in four parts: pytest-xdist runs them side by side


@pytest.mark.parametrize("part", range(PARTS))
def test_invariants_over_1000_random_games(part: int) -> None:
    """A quarter of the thousand games (``part`` 0: games 0-249, ...), invariants after every
    action; the four parts together play all 1,000."""
    finished = 0
    size = GAMES // PARTS
    for game in range(part * size, (part + 1) * size):
        s = aw.new_game(2, seed=game)
        bots = [RandomBot(BOT_SEEDS[2 * game]), RandomBot(BOT_SEEDS[2 * game + 1])]
        secret = set(ALL) - {"ax-lae", "al-midway"}
        check(s, secret, leaks=True)
        n = 0
        while not aw.is_over(s) and s.turn <= TURN_CAP:
            action = bots[aw.current_player(s)].choose(s)
            sample = n % SAMPLE_EVERY == 0
            before = s.copy() if sample else None
            nxt = aw.apply(s, action)
            if sample:
                assert s == before  # apply never mutates its input
                assert aw.from_json(aw.to_json(nxt)) == nxt
            s = nxt
            check(s, secret, leaks=game % 10 == 0 or sample)
            n += 1
        finished += aw.is_over(s)
        assert aw.from_json(aw.to_json(s)) == s
    print(f"part {part}: {finished} of {GAMES // PARTS} games finished within {TURN_CAP} turns")
    assert finished > 0


def _mid_raid() -> aw.AirWarState:
    """A seeded game stopped inside a combat, for the raid checks."""
    s = aw.new_game(2, seed=3)
    bot = RandomBot(3)
    while s.step != "combat":
        s = aw.apply(s, bot.choose(s))
    return s.copy()


def _overfill(s: aw.AirWarState) -> None:
    base = s.bases[0][0]
    s.grounded[0][base] += [c for c in s.deck[0] if c.startswith("ax-") and "zero" in c]
    for c in s.grounded[0][base]:
        if c in s.deck[0]:
            s.deck[0].remove(c)


BREAKS = {
    "places.cards_not_each_exactly": lambda s: s.deck[0].pop(),
    "places.card_other_side_among": lambda s: s.deck[0].append(s.deck[1].pop()),
    "resources.industry_convoy_out_bounds": lambda s: s.industry.__setitem__(0, 61),
    "places.holds_more_aircraft_than": _overfill,
    "turn.unknown_step": lambda s: setattr(s, "step", "nap"),
    "raid.defender_picks_duel_without": lambda s: (
        s.deck[1].extend(s.raid.intercept) or s.raid.intercept.clear()
    ),
    "raid.unknown_combat_mode": lambda s: setattr(s.raid, "mode", "sulk"),
    "types.not_whole_number": lambda s: setattr(s, "turn", 2.5),
    "resources.winner_industry_while_game": lambda s: setattr(s, "winner", 1),
}


@pytest.mark.parametrize("what", sorted(BREAKS))
def test_check_state_names_what_broke(what):
    """Every family of invariants fails on a state broken that way, and names it by its code
    (``saves.<game>.<code>`` words it)."""
    s = _mid_raid()
    assert aw.check_state(s) is None
    BREAKS[what](s)
    problem = aw.check_state(s)
    assert problem is not None and problem.code == what, problem
