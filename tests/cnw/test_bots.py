"""Bots: the random baseline is the shared RandomBot on the cnw package; CourierBot and
ExpansionistBot beat three random opponents clearly (baseline 25 %)."""

import pytest

from gamelib import bots as shared
from gamelib import cnw
from gamelib.cnw import bots, simulate

GAMES = 20


def one_smart(cls):
    def factory(seed):
        seat = seed % 4
        return [cls(seed) if k == seat else bots.RandomBot(seed * 7 + k) for k in range(4)]

    return factory


def test_random_bot_is_the_shared_baseline_on_the_cnw_package():
    bot = bots.RandomBot(3)
    assert isinstance(bot, shared.RandomBot)
    assert bot.game is cnw
    state = cnw.new_game(3, seed=1)
    assert bot.choose(state) in cnw.legal_actions(state)


@pytest.mark.parametrize("cls", [bots.CourierBot, bots.ExpansionistBot])
def test_smart_bot_beats_three_random_bots(cls):
    """4 players, 1 smart bot (seat rotating) + 3 random, 20 seeded games, 60-round cap: the
    smart bot wins at least half (the fair share is a quarter)."""
    games = simulate.run_games(GAMES, 4, one_smart(cls), seed=500, turn_cap=60)
    wins = sum((g.seed % 4) in g.winners for g in games)
    assert wins >= GAMES // 2, f"{cls.__name__} won {wins}/{GAMES}"


def test_courier_bot_delivers():
    """§10: the courier earns SLA by delivering: far more than its random opponents."""
    games = simulate.run_games(10, 4, one_smart(bots.CourierBot), seed=900, turn_cap=60)
    mine = sum(g.sla[g.seed % 4] for g in games)
    others = sum(sum(g.sla) - g.sla[g.seed % 4] for g in games) / 3
    assert mine > 3 * others


@pytest.mark.parametrize(
    "options",
    [{"fiera": True}, {"team_building": True}, {"realismo_alto": True}, {"diplomazia": True}],
)
def test_bots_play_every_variant(options):
    """§12: the bots know every variant's decisions (pacts, teams, restricted map)."""
    games = simulate.run_games(
        3,
        4,
        lambda s: [
            bots.CourierBot(s),
            bots.ExpansionistBot(s + 1),
            bots.RandomBot(s),
            bots.RandomBot(s + 2),
        ],
        seed=30,
        options=options,
        turn_cap=30,
    )
    assert all(g.victory for g in games)


def test_run_games_summaries_and_progress():
    """simulate.run_games: winners, victory type, turns, first player, final SLA; progress."""
    seen = []
    games = simulate.run_games(
        4,
        3,
        lambda s: [bots.RandomBot(s + k) for k in range(3)],
        seed=1,
        turn_cap=2,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
    for g in games:
        assert g.turns <= 2 and len(g.sla) == 3 and 0 <= g.first_player < 3
        assert g.victory in ("objective", "sla", "domination", "unfinished")
        assert (g.victory == "unfinished") == (g.winners == ())
    rates = simulate.win_rates(games)
    assert 0.0 <= rates["total"] <= 1.0
    assert 0.0 <= simulate.first_player_advantage(games) <= 1.0
