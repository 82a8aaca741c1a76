"""AirWar lesson widgets in the kernel: controls change figure data in place; the raid steps;
the table plays through its handlers, hides what the player to move may not see, refuses
illegal moves with a notice, saves and loads."""

import pytest

from gamelib.airwar import cards


def test_browser_filters_by_side_and_kind_and_the_scatter_follows():
    from widgets.airwar.deck import CardBrowser

    b = CardBrowser()
    axis_trace, allies_trace = b.fig.data

    def types(trace):  # types with equal values share one marker
        return sum(len(text.split(", ")) for text in trace.text)

    assert types(axis_trace) == 7 and types(allies_trace) == 8
    assert "Air-to-Air" in b.tiles.value and "⚓" in b.tiles.value
    b.side.value = "axis"
    assert b.fig.data[0] is axis_trace and len(allies_trace.x) == 0
    assert "Zero" in b.tiles.value and "Wildcat" not in b.tiles.value
    before = list(axis_trace.y)
    b.y_stat.value = "bombing"
    assert list(axis_trace.y) != before
    planes = [c for c in cards.load()["axis"] if c.copy == 1 and c.kind == "aircraft"]
    assert set(axis_trace.y) == {c.bombing for c in planes}
    b.kind.value = "war"
    assert "Place on one of your airbases" in b.tiles.value  # War cards in words
    b.kind.value = "battle"
    assert "duel" in b.tiles.value and "<b>4</b> card types" not in b.summary.value


def test_capacity_calculator_uses_the_engine_capacities():
    """§Fase Attacco / §Fase Intercetto: bases for missions and interceptions; a carrier target
    adds the carriers' room; a builder War card adds one place (§Basi Aeree)."""
    from widgets.airwar.deck import CapacityCalculator

    c = CapacityCalculator(side="allies")
    bars = c.fig.data[0]
    assert c.numbers() == {"fly_bases": 3, "fly_carriers": 3, "vs_resources": 3, "vs_carrier": 6}
    c.bases.value = ("al-midway", "al-moresby")
    assert c.numbers()["fly_bases"] == 6 and list(bars.y) == [3, 3, 3]
    c.builder.value = "al-moresby"
    assert c.numbers()["vs_resources"] == 7 and list(c.fig.data[1].y) == [0, 1, 0]
    assert c.fig.data[0] is bars and "<b>7</b>" in c.result.value
    c.side.value = "axis"
    assert c.numbers()["fly_bases"] == cards.card("ax-lae").capacity


def test_raid_steps_through_the_four_phases_and_the_bars_grow():
    """§Fase Attacco → §Fase Intercetto → §Fase Combattimento → §Fase di Assegnazione dei
    Danni: the phase strip follows the engine; the damage bars change in place."""
    from widgets.airwar.raid import RaidStepper

    r = RaidStepper(seed=4)
    bars = r.fig.data[0]
    assert list(bars.y) == [0, 0, 0, 0, 0] and r.phase() == "attack"
    phases = []
    while r.next_step():
        phases.append(r.phase())
    assert [p for i, p in enumerate(phases) if i == 0 or p != phases[i - 1]] == [
        "attack",
        "intercept",
        "combat",
        "damage",
    ]
    assert r.fig.data[0] is bars and list(bars.y) == [6, 0, 0, 3, 1]
    assert r.state.industry[1] == 54 and "Industry −6" in r.explain.value
    n = r.session.index
    r.back()
    assert r.session.index == n - 1 and r.next_button.disabled is False
    r.target.value = "al-midway"  # restarts
    assert r.session.index == 0 and list(bars.y) == [0, 0, 0, 0, 0]
    r.run_to_end()
    assert bars.y[2] > 0 and bars.y[0] == 0


def test_raid_reaches_the_carrier_stage_and_the_next_turn():
    """§Stadio Portaerei: the Enterprise as target starts the Carrier stage, where only
    carrier-based aircraft fly and their Carrier attack is doubled (§Portaerei); after the
    landing the opponent's turn begins (§Fine del Turno)."""
    from gamelib.airwar import cards
    from widgets.airwar.raid import CARRIER_MISSION, CARRIER_TARGET, RaidStepper

    r = RaidStepper(seed=4)
    bars = r.fig.data[0]
    r.target.value = CARRIER_TARGET  # restarts in the Carrier stage
    assert r.state.stage == "carrier" and "Carrier stage (Stadio Portaerei)" in r.explain.value
    assert all(cards.card(c).carrier_based for c in CARRIER_MISSION)
    r.run_to_end()
    landed = next(ev for s in r.session.history for ev in s.events if ev["type"] == "arrived")
    doubled = 2 * sum(cards.card(c).carrier_attack for c in landed["cards"])
    assert r.fig.data[0] is bars and bars.y[2] == doubled > 0
    assert r.state.active == 1 and r.state.stage == "mobilisation"
    assert "Now: turn 4, <b>Allies (Alleati)</b>" in r.explain.value


def test_setup_view_deals_again_with_a_new_seed():
    """§Il Gioco: Industry 60, Convoy 15, 7 cards, the Axis first; the seed changes the hands."""
    from widgets.airwar.setup import SetupView

    v = SetupView(seed=1)
    first = v.view.value
    assert first.count("Industry <b>60</b>, Convoy <b>15</b>") == 2
    assert first.count("in hand <b>7</b>") == 2 and "<b>Axis (Asse)</b> play first" in first
    v.seed.value = 2
    assert v.view.value != first and v.view.value.count("in hand <b>7</b>") == 2


def test_raid_keeps_the_mission_face_down():
    from widgets.airwar.raid import RaidStepper

    r = RaidStepper(seed=4)
    for _ in range(7):  # announce, five cards, send
        r.next_step()
    assert r.state.step == "scramble"
    assert r.board.value.count("airwar-facedown") == 5
    assert "G4M Betty" not in r.board.value


def test_odds_lab_curves_change_in_place_and_monte_carlo_agrees():
    """§Fase Intercetto: blind picks follow the hypergeometric law; the damage chart follows
    the interceptor count; the Monte Carlo markers land next to the exact values."""
    from gamelib.airwar import odds
    from widgets.airwar.odds_lab import OddsLab

    lab = OddsLab()
    curve = lab.pick_fig.data[0]
    before = list(curve.y)
    lab.bombers.value = 1
    assert lab.pick_fig.data[0] is curve and list(curve.y) != before
    assert curve.y[2] == pytest.approx(float(odds.p_hit_at_least_one(5, 1, 2)))
    assert "1/5" in lab.pick_summary.value
    bars = lab.damage_fig.data[0]
    none = list(bars.x)
    lab.k.value = 0
    assert list(bars.x) != none and len(bars.x) == 1  # no interceptor: everything arrives
    battle = list(lab.battle_fig.data[0].x)
    lab.k.value = 3
    assert list(lab.battle_fig.data[0].x) != battle
    lab.mc.trials.value = 5
    assert lab.monte_carlo() == {} and "lesson-error" in lab.mc.notice.value
    assert len(lab.pick_fig.data[1].x) == 0  # refused: nothing ran, no markers
    lab.mc.trials.value = 3000
    out = lab.monte_carlo()
    assert len(lab.pick_fig.data[1].x) == 6
    assert all(abs(a - b) < 0.05 for a, b in zip(out["picks"], curve.y, strict=True))
    assert len(lab.battle_fig.data[1].x) == len(lab.battle_fig.data[0].x)


@pytest.fixture
def table():
    from widgets.airwar.table import AirWarTable

    return AirWarTable(seats=("human", "planner"), seed=1)


def _human_moves(table, n):
    """Click the last action button n times (the bot answers in between)."""
    import gamelib.airwar as game

    for _ in range(n):
        if game.is_over(table.state) or not table.actions.children:
            break
        table.actions.children[-1].click()


def test_buttons_are_the_legal_actions_and_only_my_hand_is_shown(table):
    import gamelib.airwar as game

    assert table.human_to_move() and game.current_player(table.state) == 0
    assert [b.action for b in table.actions.children] == game.legal_actions(table.state)
    shown = table.hand.value
    assert all(cards.card(c).name in shown for c in table.state.hand[0])
    allied_only = {cards.card(c).name for c in table.state.hand[1]}
    assert not any(n in shown for n in allied_only)


def test_clicking_actions_plays_and_the_log_grows(table):
    start = len(table.session.log)
    _human_moves(table, 8)
    assert len(table.session.log) > start + 8
    assert table.log_view.value.count("<li") == len(table.session.log)


def test_the_mission_stays_face_down_for_the_defender():
    """§Fase Attacco / §Fase Intercetto: the defender sees only how many cards fly."""
    import gamelib.airwar as game
    from widgets.airwar.table import AirWarTable

    tb = AirWarTable(seats=("planner", "human"), seed=1)
    s = tb.state
    assert game.current_player(s) == 1 and s.step == "scramble"
    mission = {cards.card(c).name for c in s.raid.mission}
    assert mission and tb.raid_view.value.count("airwar-facedown") == len(s.raid.mission)
    for name in mission:
        assert name not in tb.raid_view.value and name not in tb.hand.value
    assert "face-down card" in tb.log_view.value  # the Axis mission choices are masked
    assert not any(name in tb.log_view.value for name in mission)


def test_illegal_move_is_explained_and_changes_nothing(table):
    import gamelib.airwar as game
    from gamelib.airwar import actions as A

    before = table.save_text()
    n = len(table.session.log)
    assert not table.act(A.Attack("resources"))  # in the Mobilisation stage
    assert "lesson-error" in table.notice.value and "§" in table.notice.value
    assert table.save_text() == before and len(table.session.log) == n
    assert game.current_player(table.state) == 0


def test_strategy_lab_runs_five_games_and_fills_every_chart():
    from widgets.airwar.strategy import StrategyLab

    lab = StrategyLab(games=5, seed=3)
    assert len(lab.turns_fig.data[0].x) == 0  # nothing runs at construction
    traces = [id(tr) for fig in (lab.rate_fig, lab.turns_fig, lab.industry_fig) for tr in fig.data]
    games = lab.run()
    assert len(games) == 5
    assert list(lab.turns_fig.data[0].x) == [g.turns for g in games]
    assert sum(lab.rate_fig.data[0].y) == pytest.approx(1.0)
    assert lab.industry_fig.data[0].y[0] == 60 and len(lab.industry_fig.data[1].y) > 2
    assert "<b>5</b> seeded games" in lab.summary.value
    assert [
        id(tr) for fig in (lab.rate_fig, lab.turns_fig, lab.industry_fig) for tr in fig.data
    ] == traces
    lab.games.value = 0
    assert lab.run() == [] and "lesson-error" in lab.notice.value
