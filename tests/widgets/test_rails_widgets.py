"""Rails lesson widgets in the kernel: controls change figure data in place; the table plays,
refuses illegal moves with a notice, saves and loads."""

import pytest

from gamelib.rails import board
from gamelib.rails import routes as rails_routes
from widgets.rails.map import RailsMap


@pytest.fixture(scope="module")
def rails_map():
    return RailsMap()


def test_map_draws_every_route_and_city(rails_map):
    b = board.load()
    assert len(rails_map.drawing.trace("midpoints").customdata) == len(b.routes)
    assert list(rails_map.drawing.trace("cities").customdata) == list(b.cities)
    underlay = rails_map.fig.data[0]
    assert sum(1 for v in underlay.lon if v is None) == len(b.routes)


def test_double_routes_are_drawn_side_by_side(rails_map):
    b = board.load()
    double = next(r for r in b.routes if r.double_index == 0)
    twin = b.routes[double.twin]
    assert board.route_geometry(double) != board.route_geometry(twin)


def test_colour_by_measure_changes_the_city_markers_in_place(rails_map):
    ids = [id(tr) for tr in rails_map.fig.data]
    cities = rails_map.drawing.trace("cities")
    rails_map.measure.value = "degree"
    degree = cities.marker.color
    assert isinstance(degree, tuple) and max(degree) >= 6
    rails_map.measure.value = "betweenness"
    assert cities.marker.color != degree
    assert "Saint Louis" in rails_map.info.value or "Betweenness" in rails_map.info.value
    rails_map.measure.value = "plain"
    assert cities.marker.color == "#34495e"
    assert [id(tr) for tr in rails_map.fig.data] == ids


def test_corridor_slider_highlights_the_top_routes(rails_map):
    highlight = rails_map.drawing.trace("highlight")
    rails_map.top.value = 3
    top3 = rails_routes.corridors()[:3]
    n_routes = sum(len(board.load().routes_between(a, b)) for (a, b), _ in top3)
    assert sum(1 for v in highlight.lon if v is None) == n_routes
    assert list(rails_map.bar_fig.data[0].marker.color[:3]) == ["#00c8ff"] * 3
    rails_map.top.value = 0
    assert len(highlight.lon) == 0


@pytest.fixture
def lab():
    from widgets.rails.odds_lab import OddsLab

    return OddsLab()


def test_hand_controls_move_the_ready_curve_and_distribution(lab):
    from gamelib.rails import odds

    curve = lab.ready_fig.data[0].y
    dist = lab.dist_fig.data[0].y
    lab.locos.value = 2
    assert lab.ready_fig.data[0].y != curve
    lab.draws.value = 10
    assert lab.dist_fig.data[0].y != dist
    pool = odds.unseen_pool(lab.colour.value, 2, lab.other.value)
    exact = float(odds.route_ready(lab.length.value, lab.colour.value + 2, 10, pool))
    assert lab.ready_fig.data[2].y[0] == pytest.approx(exact)
    assert "10" in lab.summary.value


def test_wipe_chart_follows_the_pile(lab):
    bars = lab.wipe_fig.data[0].y
    lab.deck_locos.value = 6
    assert lab.wipe_fig.data[0].y != bars
    assert lab.wipe_fig.data[0].marker.color[3] == "#c0392b"


def test_choice_chart_compares_one_card_with_two(lab):
    blind, loco = lab.choice_fig.data
    assert blind.y[0] == 2 and loco.y[0] == 1
    before = blind.y[1]
    lab.colour.value = 10
    assert blind.y[1] < before


def test_monte_carlo_runs_on_the_button(lab):
    lab.mc.trials.value = 1_000
    checks = lab._monte_carlo()
    assert "95%" in lab.mc.out.value and lab.mc.out.value.count("<tr>") == 3
    assert [c.trials for c in checks] == [1_000, 1_000] and all(c.inside for c in checks)
    assert lab.mc.bar.layout.visibility == "hidden"
    with pytest.raises(ValueError):
        lab.panel("nope")


@pytest.fixture(scope="module")
def explorer():
    from widgets.rails.tickets import TicketExplorer

    return TicketExplorer(seed=3)


def test_ticket_choice_draws_its_shortest_chains(explorer):
    from gamelib.rails.routes import shortest_route

    b = board.load()
    la_ny = next(tk for tk in b.tickets if {tk.a, tk.b} == {"Los Angeles", "New York"})
    explorer.ticket.value = la_ny.id
    path = shortest_route(la_ny.a, la_ny.b, by="trains")
    drawn = explorer.ticket_map.trace("highlight")
    assert sum(1 for v in drawn.lon if v is None) == len(path.route_ids)
    assert f"{path.trains} trains" in explorer.ticket_info.value
    other = next(tk for tk in b.tickets if tk.id != la_ny.id)
    explorer.ticket.value = other.id
    assert sum(1 for v in drawn.lon if v is None) == len(
        shortest_route(other.a, other.b, by="trains").route_ids
    )


def test_trail_slider_walks_the_longest_trail(explorer):
    from gamelib.rails.routes import longest_trail
    from gamelib.rails.scoring import player_routes

    p = explorer.player.value
    trail = explorer.trails[p]
    assert sum(r.length for r, _, _ in trail) == longest_trail(player_routes(explorer.state, p))
    assert len({r.id for r, _, _ in trail}) == len(trail)  # no route twice
    for (_, _, to), (_, frm, _) in zip(trail, trail[1:], strict=False):
        assert to == frm  # continuous
    walked = explorer.trail_map.trace("highlight")
    explorer.step.value = 1
    assert sum(1 for v in walked.lon if v is None) == 1
    explorer.step.value = len(trail)
    assert sum(1 for v in walked.lon if v is None) == len(trail)


def test_new_seed_plays_a_new_game(explorer):
    before = explorer.state.owner
    explorer.seed.value = 4
    assert explorer.state.owner != before
    assert explorer.step.value == len(explorer.trails[explorer.player.value])


def test_points_chart_shows_points_per_train(explorer):
    bars, per_train = explorer.points_fig.data
    assert list(bars.y) == [1, 2, 4, 7, 10, 15]
    assert per_train.y[-1] == pytest.approx(2.5)


@pytest.fixture
def table():
    from widgets.rails.table import RailsTable

    return RailsTable(seats=("human", "planner"), seed=5)


def test_table_plays_a_human_turn_then_the_bot_moves(table):
    import gamelib.rails as rails

    assert table.human_to_move() and len(table.offer.children) == 3
    assert table.keep()  # setup: keep all three (§Preparazione)
    assert table.session.state.phase == "turn"  # the planner kept its tickets on its own
    before = len(table.session.log)
    hand = sum(table.state.hands[0])
    assert table.act(rails.DrawDeck())
    assert table.act(rails.DrawDeck())
    assert sum(table.session.history[before + 2].hands[0]) == hand + 2
    assert len(table.session.log) > before + 2  # the bot played its turn
    assert table.human_to_move()
    assert table.log_view.value.count("<li") == len(table.session.log)


def test_illegal_move_is_explained_and_changes_nothing(table):
    import gamelib.rails as rails

    table.keep()
    state = table.state
    six = next(r for r in table.board.routes if r.length == 6)
    assert six.id not in [rid for _, rid in table.route.options]  # only payable routes listed
    assert not table.act(rails.ClaimRoute(six.id, "red", 0))
    assert "lesson-error" in table.notice.value and "§" in table.notice.value
    assert table.state is state
    assert table.act(rails.DrawDeck())
    assert not table.act(rails.DrawTickets())  # mid-draw: wrong phase
    assert "§" in table.notice.value


def test_bots_play_to_the_end(table):
    table.finish()
    assert table.state.phase == "over"
    assert "Final score" in table.scores.value and "Winner" in table.scores.value
    assert table.bar.layout.visibility == "hidden"


def test_all_bot_seats_and_map_shows_claims():
    from widgets.rails.table import RailsTable

    tb = RailsTable(seats=("planner", "random", "planner"), seed=2)
    assert tb.state.phase == "over"  # no human: the bots play on their own
    owned = [r for r, o in enumerate(tb.state.owner) if o == 0]
    glow = tb.drawing.trace("owner0")
    assert sum(1 for v in glow.lon if v is None) == len(owned) > 0


def test_strategy_lab_runs_a_small_tournament():
    from widgets.rails.strategy import StrategyLab

    lab = StrategyLab(games=5, seed=1)
    assert len(lab.score_fig.data[0].x) == 0  # nothing runs at construction
    games = lab.run()
    assert len(games) == 5
    assert len(lab.score_fig.data[0].x) == 5  # one planner seat per game
    assert len(lab.score_fig.data[1].x) == 10  # two random seats per game
    assert len(lab.length_fig.data[0].x) == 5
    assert 0 <= lab.rate_fig.data[0].y[0] <= 1
    assert "5 games" in lab.summary.value
    assert lab.bar.layout.visibility == "hidden"
