"""Rails lesson 6 (network design): the lab's figures change in place with its controls, a
refused ticket set changes nothing, and each check's answer is what the lab shows after
"show me" (``widgets.rails.network_design``, ``widgets.rails.checks.lesson6``)."""

from __future__ import annotations

import re

from gamelib.rails import steiner
from gamelib.rails.board import load
from tests.widgets.checkkit import (
    answer_wrong_then_right,
    by_name,
    plain,
    show_every,
    widget_fixture,
)
from widgets.rails.checks import lesson6
from widgets.rails.network_design import ANSWERS, MAX_TICKETS, START, NetworkDesignLab

lab = widget_fixture(NetworkDesignLab)


def table(html: str) -> list[list[str]]:
    """The rows of the lab's HTML table, as plain cell texts (header row first)."""
    rows = re.split(r"</tr><tr>", html.split("<p>")[0])
    return [[plain(c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", r)] for r in rows]


def test_ticking_tickets_redraws_the_bars_and_the_map_in_place(lab):
    bars = lab.bars.data[0]
    lab.tickets.value = START
    first = list(bars.y)
    drawn = list(lab.map.trace("highlight").lon)
    lab.tickets.value = (0, 5)
    assert lab.bars.data[0] is bars and list(bars.y) != first
    assert list(lab.map.trace("highlight").lon) != drawn
    assert list(bars.y) == [steiner.design((0, 5)).trains[a] for a in ANSWERS]
    lab.tickets.value = START


def test_too_many_tickets_are_refused_and_nothing_changes(lab):
    lab.tickets.value = START
    before = list(lab.bars.data[0].y)
    lab.tickets.value = tuple(range(MAX_TICKETS + 1))
    assert "lesson-error" in lab.notice.value
    assert list(lab.bars.data[0].y) == before and lab.design.tickets == START
    lab.tickets.value = START
    assert lab.notice.value == ""


def test_each_answer_draws_its_own_routes(lab):
    lab.tickets.value = START
    seen = set()
    for a in ANSWERS:
        lab.answer.value = a
        trace = lab.map.trace("highlight")
        assert sum(1 for x in trace.lon if x is None) == len(getattr(lab.design, a))
        seen.add(tuple(trace.lon))
    assert len(seen) > 1


def test_the_steiner_checks_match_the_table(lab):
    checks = by_name(lesson6.steiner_checks(lab))
    exact = checks["rails6-exact"]
    exact.show_me()
    rows = table(lab.info.value)
    assert int(rows[1][1]) == exact.answer()
    extra = checks["rails6-bot-extra"]
    for _ in range(2):
        extra.show_me()
        rows = table(lab.info.value)
        assert int(rows[3][3]) == extra.answer()
        extra.next_question()
    why = checks["rails6-why-tree"]
    why.show_me()
    rows = table(lab.info.value)
    assert int(rows[2][1]) > int(rows[1][1]) and "approximation" in why.answer()


def test_the_card_checks_match_the_table(lab):
    checks = by_name(lesson6.cards_checks(lab))
    km = checks["rails6-km-extra"]
    km.show_me()
    rows = table(lab.cards_info.value)
    assert int(rows[1][1]) - int(rows[2][1]) == km.answer() > 0
    tk = load().tickets[lab.ticket.value]
    assert rows[1][5].startswith(tk.a) and rows[1][5].endswith(tk.b)
    points = checks["rails6-more-points"]
    points.show_me()
    by_points = {"by_km": int(rows[1][4]), "by_trains": int(rows[2][4])}
    best = max(by_points.values())
    assert {k for k, v in by_points.items() if v == best} == set(points.answer())


def test_every_check_says_something_and_takes_a_wrong_then_a_right_answer(lab):
    kinds = show_every([lesson6.steiner_checks(lab), lesson6.cards_checks(lab)])
    assert kinds["Reflect"] == 1 and kinds["Predict"] == 1 and sum(kinds.values()) == 7
    for box in (lesson6.steiner_checks(lab), lesson6.cards_checks(lab)):
        for check in box.children:
            if check.scored and not hasattr(check, "veils"):  # a prediction has one try
                answer_wrong_then_right(check)
