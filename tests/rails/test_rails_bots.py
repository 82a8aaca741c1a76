"""Bots and simulation: the random baseline, the planner that must clearly beat it, and
run_games summaries."""

from gamelib import bots as base_bots
from gamelib import rails
from gamelib.rails.bots import PlannerBot, RandomBot, make_plan
from gamelib.rails.simulate import GameSummary, run_games


def test_random_bot_is_the_shared_random_bot_playing_legal_actions():
    assert issubclass(RandomBot, base_bots.RandomBot)
    s = rails.new_game(3, seed=4)
    bot = RandomBot(1)
    for _ in range(60):
        action = bot.choose(s)
        assert action in rails.legal_actions(s)
        s = rails.apply(s, action)


def test_planner_wins_at_least_80_percent_of_20_two_player_games_against_random():
    games = run_games(20, 2, lambda seed: [PlannerBot(seed), RandomBot(seed + 1)], seed=100)
    wins = sum(g.winners == (0,) for g in games)
    assert wins >= 16, [g.scores for g in games]
    assert not any(g.capped for g in games)


def test_planner_beats_three_random_bots():
    games = run_games(
        6, 4, lambda seed: [PlannerBot(seed), *(RandomBot(seed + i) for i in (1, 2, 3))], seed=7
    )
    assert sum(g.winners == (0,) for g in games) >= 5


def test_planner_keeps_tickets_it_can_finish_and_plans_their_routes():
    s = rails.new_game(2, seed=11)
    bot = PlannerBot(0)
    keep = bot.choose(s)
    assert isinstance(keep, rails.KeepTickets) and len(keep.tickets) >= 2
    s = rails.apply(s, keep)
    plan = make_plan(s, 0)
    assert set(plan.served) == set(keep.tickets) and plan.trains <= 45
    assert all(s.owner[r] == -1 for r in plan.routes)


def test_run_games_summaries_and_progress():
    calls = []
    games = run_games(
        3,
        3,
        lambda seed: [RandomBot(seed), RandomBot(seed + 1), PlannerBot(seed)],
        seed=5,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(1, 3), (2, 3), (3, 3)]
    assert [g.seed for g in games] == [5, 6, 7]
    for g in games:
        assert isinstance(g, GameSummary) and g.players == 3
        assert len(g.scores) == len(g.tickets_completed) == len(g.tickets_failed) == 3
        assert g.winners and g.actions >= g.turns > 0 and g.ended_by in ("trains", "stalemate")
        assert g.to_dict()["scores"] == g.scores


def test_run_games_action_cap_stops_a_game_and_marks_it():
    (game,) = run_games(1, 2, lambda seed: [RandomBot(seed), RandomBot(seed + 1)], max_actions=20)
    assert game.capped and game.ended_by == "cap" and game.actions == 20
