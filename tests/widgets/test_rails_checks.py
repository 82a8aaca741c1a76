"""Each check of Rails lessons 1–4 agrees with the widget beside it: "show me" moves the widget to
the answer's state, and what the widget then shows (a hover label, a chart's value, a text, a
table's state) is the check's answer. The answers come from gamelib; the widgets draw gamelib
too, through their own code (the detour through networkx directly), so a drift in either shows
here."""

from __future__ import annotations

import re
from collections import Counter

import networkx as nx
import pytest

from gamelib import rails
from gamelib.rails import board as rails_board
from gamelib.rails import odds
from gamelib.rails.cards import LOCO
from gamelib.rails.routes import simple_board_graph
from gamelib.rails.scoring import ROUTE_POINTS, final_scores, longest_trail, player_routes
from gamelib.rails.state import SECOND_DRAW
from tests.widgets.checkkit import by_name, plain, says_something, widget_fixture
from widgets.i18n import set_language, t
from widgets.kit.check import Check, accepted
from widgets.rails import checks
from widgets.rails.map import RailsMap
from widgets.rails.odds_lab import OddsLab
from widgets.rails.table import RailsTable
from widgets.rails.tickets import TicketExplorer
from widgets.rails.turn import TurnView

rails_map = widget_fixture(RailsMap)
lab = widget_fixture(OddsLab)
explorer = widget_fixture(TicketExplorer)


# ---------------------------------------------------------------------- lesson 1
def hover_routes(rails_map: RailsMap) -> list[tuple[int, str, int]]:
    """(length, colour label, points) of every route, read from the map's hover labels."""
    out = []
    for text in rails_map.drawing.trace("midpoints").hovertext:
        length, colour, points = re.search(
            r"(\d+) trains, ([^<]+)<br>worth (\d+) points", text
        ).groups()
        out.append((int(length), colour, int(points)))
    return out


def test_route_checks_match_the_map_hover(rails_map):
    c = by_name(checks.lesson1.routes(rails_map))
    routes = hover_routes(rails_map)
    six = [r for r in routes if r[0] == checks.LONG]
    assert c["rails1-six-count"].answer() == len(six) > 0
    assert {points for _, _, points in six} == {c["rails1-six-points"].answer()}
    colours = Counter(colour for _, colour, _ in routes)
    most = c["rails1-most-colour"]
    label = dict((v, k) for k, v in most.radio.options)[most.answer()]
    assert colours[label] == max(colours.values())
    c["rails1-doubles"].show_me()
    assert "2 or 3 players" in c["rails1-doubles"].feedback.value


def top_listed(rails_map: RailsMap) -> list[tuple[str, float]]:
    """The top five cities the text under the map lists for the current measure."""
    line = re.search(r"Top cities by [^:]+: ([^<]+)", rails_map.info.value).group(1)
    return [(c, float(v)) for c, v in re.findall(r"([^,(]+?) \(([\d.]+)\)", line)]


def city_values(rails_map: RailsMap, kind: str) -> dict[str, float]:
    """Every city's value of a measure, read from the map's city hover labels."""
    rails_map.measure.value = kind
    cities = rails_map.drawing.trace("cities")
    return {
        name: float(re.search(r": ([\d.]+)", text).group(1))
        for name, text in zip(rails_map.drawing.cities, cities.hovertext, strict=True)
    }


def test_city_checks_match_the_map(rails_map):
    c = by_name(checks.lesson1.cities(rails_map))
    top = c["rails1-top-degree"]
    top.show_me()
    assert rails_map.measure.value == "degree"
    listed = top_listed(rails_map)
    best = max(v for _, v in listed)
    assert top.answer() == {city.strip() for city, v in listed if v == best}
    same = c["rails1-same-top"]
    same.show_me()
    assert rails_map.measure.value == "betweenness"
    first = top_listed(rails_map)[0][0].strip()
    assert same.answer() == ("yes" if first in top.answer() else "no")
    degree = city_values(rails_map, "degree")
    between = city_values(rails_map, "betweenness")
    few = [city for city, d in degree.items() if d <= checks.FEW]
    assert c["rails1-few-routes"].answer() == max(few, key=between.get)


def test_corridor_checks_match_the_map(rails_map):
    c = by_name(checks.lesson1.corridors(rails_map))
    doubles = c["rails1-top-doubles"]
    doubles.show_me()
    assert rails_map.top.value == checks.TOP
    drawn = rails_map.drawing.trace("highlight").lon.count(None)  # one None after each route
    assert doubles.answer() == drawn - checks.TOP
    detour = c["rails1-detour"]
    detour.show_me()
    listed = re.search(r"Busiest corridors: ([^<]+)", rails_map.info.value).group(1)
    a, b = listed.split(", ")[-1].split("–")  # the corridor the slider stops at
    graph = simple_board_graph()
    start, end = checks.DETOUR
    path = nx.dijkstra_path(graph, start, end, weight="length")
    assert {a, b} in [{u, v} for u, v in zip(path, path[1:], strict=False)]
    base = nx.dijkstra_path_length(graph, start, end, weight="length")
    graph.remove_edge(a, b)
    assert detour.answer() == nx.dijkstra_path_length(graph, start, end, weight="length") - base


# ---------------------------------------------------------------------- lesson 2
def ready_at(lab: OddsLab, draws: int) -> float:
    return lab.ready_fig.data[0].y[draws]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_even_draws_match_the_ready_curve(lab, seed):
    even = by_name(checks.lesson2.ready(lab))["rails2-even"]
    for _ in range(seed):
        even.next_question()
    even.show_me()
    k = even.answer()
    assert lab.draws.value == k == lab.ready_fig.data[2].x[0]
    assert lab.ready_fig.data[2].y[0] > 0.5 >= ready_at(lab, k - 1)
    _situation, length, colour, locos, other = checks.lesson2.even_case(even.seed, even.level)
    assert (lab.length.value, lab.colour.value, lab.locos.value) == (length, colour, locos)
    assert lab.other.value == other
    even.box.value = str(k)
    assert even.check() is True


def test_locomotive_saves_match_the_ready_curve(lab):
    c = by_name(checks.lesson2.ready(lab))
    even = c["rails2-even"]
    even.show_me()
    before = lab.draws.value
    saves = c["rails2-loco-saves"]
    saves.show_me()
    assert lab.locos.value == 1
    after = lab.draws.value
    assert ready_at(lab, after) > 0.5 >= ready_at(lab, after - 1)
    assert saves.answer() == before - after
    c["rails2-dotted"].show_me()
    assert "%" in c["rails2-dotted"].feedback.value


def wipe_share(lab: OddsLab) -> float:
    bars = lab.wipe_fig.data[0]
    return sum(y for x, y in zip(bars.x, bars.y, strict=True) if x >= odds.WIPE)


def test_wipe_checks_match_the_wipe_chart(lab):
    c = by_name(checks.lesson2.wipe(lab))
    rows = c["rails2-wipe-rows"]
    rows.show_me()
    once = int(re.search(r"once every (\d+) fresh rows", lab.wipe_summary.value).group(1))
    assert rows.answer() == pytest.approx(once, abs=1)
    full = wipe_share(lab)
    fewer = c["rails2-wipe-fewer"]
    fewer.show_me()
    assert lab.deck_locos.value == checks.FEWER_LOCOS
    assert fewer.answer() == ("lower" if wipe_share(lab) < full else "higher")
    small = c["rails2-wipe-small"]
    small.show_me()
    assert (lab.deck_size.value, lab.deck_locos.value) == checks.SMALL_PILE
    assert small.answer() == pytest.approx(100 * wipe_share(lab))


def test_choice_checks_match_the_choice_chart(lab):
    c = by_name(checks.lesson2.choice(lab))
    for name in ("rails2-blind-useful", "rails2-ten"):
        check = c[name]
        check.show_me()
        useful = lab.choice_fig.data[0].y[1]  # blind draws, "useful" bar
        assert check.answer() == pytest.approx(useful)
        assert lab.choice_fig.data[1].y[1] == 1  # a face-up locomotive: one useful card
    assert lab.colour.value == checks.TEN


def test_monte_carlo_checks(lab):
    c = by_name(checks.lesson2.montecarlo(lab))
    narrower = c["rails2-mc-narrower"]
    narrower.show_me()
    assert (lab.length.value, lab.colour.value, lab.draws.value) == (4, 1, 6)
    assert narrower.answer() == pytest.approx(50**0.5, abs=1.0)
    assert lab.mc.interval is odds.wilson_interval  # the panel's interval is the check's
    assert c["rails2-mc-outside"].answer() == 5


# ---------------------------------------------------------------------- lesson 3
def chain(explorer: TicketExplorer, role: str) -> list:
    trace = explorer.ticket_map.trace(role)
    return list(zip(trace.lon, trace.lat, strict=True))


def test_ticket_checks_match_the_ticket_map(explorer):
    c = by_name(checks.lesson3.tickets(explorer))
    la_ny = c["rails3-la-ny"]
    la_ny.show_me()
    tk = explorer.board.tickets[explorer.ticket.value]
    assert {tk.a, tk.b} == set(checks.DETOUR)
    trains = int(re.search(r"Fewest trains: <b>(\d+) trains", explorer.ticket_info.value).group(1))
    assert la_ny.answer() == trains
    share = "third" if 3 * trains < 45 else "half" if 2 * trains <= 45 else "more"
    assert c["rails3-half"].answer() == share
    differ = set()
    for ticket in explorer.board.tickets:
        explorer.ticket.value = ticket.id
        if chain(explorer, "highlight") != chain(explorer, "path"):
            differ.add(ticket.id)
    pick = c["rails3-differ"]
    assert pick.answer() == differ
    assert pick.value() == explorer.ticket.value  # the check follows the ticket chosen above


def test_points_checks_match_the_points_chart(explorer):
    c = by_name(checks.lesson3.points(explorer))
    bars = dict(zip(explorer.points_fig.data[0].x, explorer.points_fig.data[0].y, strict=True))
    assert c["rails3-only3"].answer() == (45 // 3) * bars[3]
    sixes = sum(1 for r in explorer.board.routes if r.length == 6)
    assert c["rails3-only6"].answer() == min(45 // 6, sixes) * bars[6]
    c["rails3-one-train"].show_me()
    assert "ticket" in c["rails3-one-train"].feedback.value


def trail_read(explorer: TicketExplorer) -> tuple[int, int, list[str]]:
    """(routes owned, steps of the trail, cities walked) from the text under the trail map."""
    explorer.step.value = explorer.step.max
    text = plain(explorer.trail_info.value)
    owned, steps = re.search(r"owns (\d+) routes\. Step \d+ of (\d+)", text).groups()
    cities = re.search(r"used twice: (.+?)Longest", text).group(1).split(" → ")
    return int(owned), int(steps), [x.strip() for x in cities]


def test_trail_checks_match_the_trail_map(explorer):
    explorer.seed.value = 3
    c = by_name(checks.lesson3.trail(explorer))
    owned, steps, cities = trail_read(explorer)
    again = [city for city in set(cities) if cities.count(city) > 1]
    assert c["rails3-twice"].answer() == ("none", "one", "more")[min(len(again), 2)]
    assert c["rails3-left-out"].answer() == owned - steps
    longer = c["rails3-longer"]
    longer.show_me()
    drawn = explorer.trail_map.trace("path")
    assert drawn.lon.count(None) == 1  # the one route shown
    mine = player_routes(explorer.state, explorer.player.value)
    route = explorer.board.routes[min(longer.answer())]
    assert longest_trail([*mine, route]) > longest_trail(mine)
    held = 0
    for seed in checks.TRAIL_SEEDS:
        explorer.seed.value = seed  # every player's longest trail is listed under the map
        listed = re.search(r"every player \(trains\): (.+)$", plain(explorer.trail_info.value))
        trails = {name: int(n) for name, n in re.findall(r"([^,:]+): (\d+)", listed.group(1))}
        best = {name.strip() for name, n in trails.items() if n == max(trails.values())}
        held += any(explorer.state.names[p] in best for p in rails.winners(explorer.state))
    assert c["rails3-winner-trail"].answer() == held


# ---------------------------------------------------------------------- lesson 4
def test_deal_checks_match_the_view():
    view = TurnView(seed=1, players=3)
    c = by_name(checks.lesson4.setup(view))
    pile = c["rails4-pile"]
    for _ in range(3):
        pile.show_me()
        assert view.move.value == 0
        shown = int(re.search(r"draw pile: <b>(\d+)</b>", view.info.value).group(1))
        assert pile.answer() == shown
        assert f"Seed {view.seed.value}, {view.players.value} players" in pile.question
        pile.next_question()
    view.jump("setup")
    least = int(re.search(r"Keep at least <b>(\d+)</b>", view.info.value).group(1))
    assert c["rails4-keep"].answer() == least


def test_turn_checks_match_the_view():
    view = TurnView(seed=1, players=3, moment="turn")
    c = by_name(checks.lesson4.turn(view))
    claimable = c["rails4-claimable"]
    claimable.show_me()
    shown = int(re.search(r"<b>(\d+)</b> routes payable now", view.info.value).group(1))
    assert claimable.answer() == shown
    second = next(i for i, s in enumerate(view.states) if s.phase == SECOND_DRAW)
    view.move.value = second
    assert "Second card of the same turn" in view.info.value
    assert "routes payable" not in view.info.value
    assert c["rails4-one-action"].answer() == "no"


def test_end_checks_match_the_view():
    view = TurnView(seed=1, players=3, moment="setup")
    c = by_name(checks.lesson4.end(view))
    trains = c["rails4-trigger-trains"]
    trains.show_me()
    text = view.info.value
    who = plain(re.search(r"announced by (.+?);", text).group(1))
    row = re.search(rf"{re.escape(who)}</span></td><td[^>]*>(\d+)</td>", text)
    assert trains.answer() == int(row.group(1)) <= 2
    last = c["rails4-last-turns"]
    last.show_me()
    start = view.move.value
    left = int(re.search(r"(\d+) turns left", view.info.value).group(1))
    view.move.value = view.move.max
    over = int(re.search(r"Game over</b> after (\d+) turns", view.info.value).group(1))
    assert last.answer() == left == over - view.states[start].turn


@pytest.mark.parametrize("lang", ["en", "it"])
def test_end_explanations_say_which_part_is_our_reading(lang):
    """The rulebook says to announce that this is your last turn and that everybody makes one
    last move (§Fine del gioco); counting the trains when a turn ends, and the announcer
    playing once more too, are our reading (§silent:last-round): both explanations say so."""
    ours = {"en": "is our reading", "it": "è una lettura nostra"}[lang]
    set_language(lang)
    try:
        view = TurnView(seed=1, players=3, moment="setup")
        c = by_name(checks.lesson4.end(view))
        for name in ("rails4-trigger-trains", "rails4-last-turns"):
            text = plain(c[name].explain())
            assert "(§Fine del gioco)" in text and "(§silent:last-round)" in text, name
            assert ours in text.split("(§Fine del gioco)")[1], name
    finally:
        set_language("en")


def keep_all(table: RailsTable) -> None:
    while table.state.phase == "setup":
        table.act(rails.KeepTickets(tuple(sorted(table.state.offers[table.state.current]))))


def test_table_checks_match_the_table():
    table = RailsTable(seats=("human", "human"), seed=1)
    c = by_name(checks.lesson4.table(table))
    keep_all(table)
    payable = {a.route for a in rails.claim_actions(table.state)}
    route = next(r for r in rails_board.load().routes if r.id not in payable and r.color != "grey")
    # the table lists only payable routes, and its note under the list cites the section
    assert route.id not in [rid for _, rid in table.route.options]
    assert c["rails4-unpaid"].answer() in table.claim_row.children[1].value
    assert not table.act(rails.ClaimRoute(route.id, route.color, 0))
    assert f"({c['rails4-unpaid'].answer()})" in table.notice.value
    for seed in range(1, 60):  # a deal with a locomotive face up after one blind card
        table.seed.value = seed
        table.new_game()
        keep_all(table)
        table.act(rails.DrawDeck())
        if table.state.phase == SECOND_DRAW and LOCO in table.state.face_up:
            break
    # the face-up locomotive greys out for the second card, and the prompt says why
    assert table.face_up[table.state.face_up.index(LOCO)].disabled
    assert c["rails4-second-loco"].answer() in table.prompt.value
    table._take_face_up(table.state.face_up.index(LOCO))
    assert f"({c['rails4-second-loco'].answer()})" in table.notice.value


def test_longest_check_matches_the_finished_table():
    table = RailsTable(seats=("human", "planner"), seed=1)
    longest = by_name(checks.lesson4.table(table))["rails4-longest"]
    longest.show_me()  # lets the bots play to the end
    assert rails.is_over(table.state)
    scores = final_scores(table.state)
    assert longest.answer() == {s.player for s in scores if s.longest_bonus}
    for p in longest.answer():
        assert "bonus 10" in table.scores.value.split("</tr>")[p + 1]


def test_every_rails_check_has_its_texts():
    """Every check of the four lessons builds (all its catalog keys exist): a wrong answer gets
    the hint, the right one the explanation, and "show me" says something."""
    rails_map, lab, explorer = RailsMap(), OddsLab(), TicketExplorer()
    view, table = TurnView(), RailsTable(seats=("human", "planner"), seed=1)
    boxes = [
        *(f(rails_map) for f in (checks.lesson1.routes, checks.lesson1.cities)),
        checks.lesson1.corridors(rails_map),
        *(f(lab) for f in (checks.lesson2.ready, checks.lesson2.wipe, checks.lesson2.choice)),
        checks.lesson2.montecarlo(lab),
        *(f(explorer) for f in (checks.lesson3.tickets, checks.lesson3.points)),
        checks.lesson3.trail(explorer),
        *(f(view) for f in (checks.lesson4.setup, checks.lesson4.turn, checks.lesson4.end)),
        checks.lesson4.table(table),
    ]
    kinds = Counter()
    for box in boxes:
        for check in box.children:
            if isinstance(check, Check):
                if hasattr(check, "veils"):  # a prediction: one try, then the truth
                    check.put(check.answer() + 20 if hasattr(check, "box") else None)
                    if not hasattr(check, "box"):
                        right = accepted(check.answer())
                        check.radio.value = next(
                            v for _, v in check.radio.options if v is not None and v not in right
                        )
                    assert check.check() is False and check.revealed, check.name
                    assert t("common.check.predict.missed") in check.feedback.value
                    kinds[type(check).__name__] += 1
                    continue
                if hasattr(check, "box"):  # a number
                    check.box.value = "-1"
                else:  # a choice or a pick: the first option that is not right
                    right = accepted(check.answer())
                    check.radio.value = next(
                        v for _, v in check.radio.options if v is not None and v not in right
                    )
                assert check.check() is False
                assert t("common.check.not_yet") in check.feedback.value
                assert re.search(r"Hint( \d of \d)?: \S", plain(check.feedback.value)), check.name
                check.put(check.answer())  # the right answer, typed or chosen
                assert check.check() is True, check.name
                assert t("common.check.right") in check.feedback.value
            check.show_me()
            says_something(check)
            kinds[type(check).__name__] += 1
    assert sum(kinds.values()) >= 35 and kinds["Reflect"] >= 4
    assert {"Choice", "Number", "Pick"} <= set(kinds)
    assert ROUTE_POINTS[6] == 15  # the points question reads the same table
