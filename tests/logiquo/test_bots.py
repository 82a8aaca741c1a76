"""Bots (§Consigli strategici) and batch simulation."""

from __future__ import annotations

import gamelib.bots
import gamelib.logiquo as L
from gamelib.logiquo import simulate
from gamelib.logiquo.actions import EndCollaboration, Neutralise, OfferCard, RequestHelp
from gamelib.logiquo.bots import CarefulBot, RandomBot
from tests.logiquo.helpers import c


def test_random_bot_is_the_shared_random_bot_and_is_seeded():
    assert issubclass(RandomBot, gamelib.bots.RandomBot)
    s = L.new_game(4, seed=3)
    a = [RandomBot(5).choose(s) for _ in range(3)]
    assert a[0] == a[1] == a[2] and a[0] in L.legal_actions(s)


def test_consigli_careful_bot_keeps_the_broader_control(position):
    """§Consigli strategici: "Verifica anche quante minacce una carta controllo è in grado di
    mitigare" - C20 lists 2 threats, C43 lists 4."""
    s = position(3, threat="T49", hands={0: ["C20", "C43"]})
    assert CarefulBot(1).choose(s) == Neutralise((c("C20"),))


def test_consigli_careful_bot_saves_logiquo_for_critical_moments(position):
    """§Consigli strategici: "Utilizza le carte speciali ... in momenti critici"."""
    mild = position(3, threat="T28", hands={0: ["L1"]})
    assert CarefulBot(1).choose(mild) == RequestHelp()
    severe = position(3, threat="T32", hands={0: ["L1"]})
    assert CarefulBot(1).choose(severe) == Neutralise((c("L1"),))
    plain = position(3, threat="T17", hands={0: ["L1", "C04"]})
    assert CarefulBot(1).choose(plain) == Neutralise((c("C04"),))


def test_cooperative_bot_gives_the_card_that_stops_the_threat(position):
    s = position(3, threat="T03", hands={1: ["C02", "C20"]})
    s = L.apply(L.apply(s, RequestHelp()), EndCollaboration())
    assert CarefulBot(2, cooperative=True).choose(s) == OfferCard(0, c("C02"))
    assert CarefulBot(2, cooperative=False).choose(s) == EndCollaboration()


def test_careful_bot_only_plays_legal_actions_to_the_end():
    for seed in range(10):
        state, actions = simulate.play_one(
            3, [CarefulBot(seed + p, cooperative=p != 1) for p in range(3)], seed
        )
        assert L.is_over(state) and actions > 0


def test_run_games_is_reproducible_and_reports_each_game():
    calls = []
    games = simulate.run_games(
        12,
        3,
        lambda n, seed: [RandomBot(seed + p) for p in range(n)],
        seed=4,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert len(games) == 12 and calls[-1] == (12, 12)
    again = simulate.run_games(12, 3, lambda n, seed: [RandomBot(seed + p) for p in range(n)], 4)
    assert games == again
    for g in games:
        assert set(g.winners) <= set(range(3)) and g.winners
        assert g.survival == tuple(d > 0 for d in g.data_left)
        assert g.turns >= 1 and g.actions >= 1
        assert g.specials_used == sum(g.logiquo_used) + sum(g.pentaqo_used)


def test_run_games_merges_decks_above_six_players():
    games = simulate.run_games(2, 8, lambda n, seed: [RandomBot(seed + p) for p in range(n)], 1)
    assert all(g.players == 8 for g in games)


def test_cooperation_keeps_the_table_alive_longer():
    """§Consigli strategici, Cooperazione: same seeds, cooperative vs selfish careful bots."""
    rows = simulate.cooperation_study(60, (4,), seed=9)
    coop = next(r for r in rows if r["cooperative"])
    selfish = next(r for r in rows if not r["cooperative"])
    assert coop["mean_gifts"] > 0 and selfish["mean_gifts"] == 0
    assert coop["mean_turns"] > selfish["mean_turns"]
