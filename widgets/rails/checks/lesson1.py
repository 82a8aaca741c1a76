"""The checks of Rails lesson 1, the map as a graph: routes, colours and points of the board,
crossroads by degree and betweenness, the busiest corridors and the detour when one is blocked.
Answers from ``gamelib.rails.board`` and ``gamelib.rails.routes``."""

from __future__ import annotations

from collections import Counter
from typing import Any

import ipywidgets as w

from gamelib.rails.board import load
from gamelib.rails.routes import city_measures, shortest_route
from gamelib.rails.routes import corridors as busiest_corridors
from gamelib.rails.scoring import ROUTE_POINTS
from widgets.kit.check import Choice, Number, Pick, Reflect, lesson_score, stack
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number
from widgets.rails.checks.common import (
    _city_options,
    _colour,
    _yes_no,
)

_t = CheckTexts("rails", "lesson1")
LONG = 6  # the longest routes of the board (§Punti's table ends at 6)


def l1_six_count(rails_map: Any) -> Number:
    routes = [r for r in load().routes if r.length == LONG]
    return Number(
        "rails1-six-count",
        _t("six_count", "question", n=LONG),
        len(routes),
        explanation=_t(
            "six_count",
            "explain",
            n=len(routes),
            routes=", ".join(f"{r.a} – {r.b}" for r in routes),
        ),
        **_t.hint("six_count"),
    )


def l1_six_points(rails_map: Any) -> Number:
    return Number(
        "rails1-six-points",
        _t("six_points", "question", n=LONG),
        ROUTE_POINTS[LONG],
        explanation=_t(
            "six_points", "explain", points=ROUTE_POINTS[LONG], per=number(15 / LONG, 1)
        ),
        **_t.hint("six_points"),
    )


def colour_counts() -> Counter[str]:
    """How many routes of each colour the board has (grey: the *neutre* routes)."""
    return Counter(r.color for r in load().routes)


def l1_most_colour(rails_map: Any) -> Choice:
    counts = colour_counts()
    best = max(counts, key=counts.get)
    return Choice(
        "rails1-most-colour",
        _t("most_colour", "question"),
        best,
        options=[(_colour(c), c) for c in sorted(counts)],
        explanation=_t(
            "most_colour",
            "explain",
            colour=_colour(best),
            n=counts[best],
            rows=", ".join(f"{_colour(c)} {n}" for c, n in counts.most_common()),
        ),
        **_t.hint("most_colour"),
    )


def l1_doubles(rails_map: Any) -> Reflect:
    board = load()
    pairs = {frozenset(r.cities) for r in board.routes if r.twin is not None}
    top = [pair for pair, _ in busiest_corridors()[:10]]
    doubled = [f"{a} – {b}" for a, b in top if frozenset((a, b)) in pairs]
    return _t.reflect(
        "rails1-doubles", "doubles", pairs=len(pairs), n=len(doubled), doubled=", ".join(doubled)
    )


def l1_step1(rails_map: Any) -> w.VBox:
    """Step 1 · routes: the 6-train routes, their points, the commonest colour, why doubles."""
    return stack(
        l1_six_count(rails_map),
        l1_six_points(rails_map),
        l1_most_colour(rails_map),
        l1_doubles(rails_map),
    )


def top_cities(measure: str) -> frozenset[str]:
    """The city (or cities, on a tie) with the highest value of ``measure``."""
    values = city_measures()[measure]
    best = max(values.values())
    return frozenset(c for c, v in values.items() if v == best)


def l1_top_degree(rails_map: Any) -> Pick:
    def show() -> None:
        rails_map.measure.value = "degree"

    best = top_cities("degree")
    degree = int(city_measures()["degree"][min(best)])
    return Pick(
        "rails1-top-degree",
        _t("top_degree", "question"),
        best,
        options=_city_options(),
        explanation=_t("top_degree", "explain", cities=", ".join(sorted(best)), degree=degree),
        on_explain=show,
        **_t.hint("top_degree"),
    )


def l1_same_top(rails_map: Any) -> Choice:
    degree, between = top_cities("degree"), top_cities("betweenness")
    same = "yes" if degree & between else "no"

    def show() -> None:
        rails_map.measure.value = "betweenness"

    return Choice(
        "rails1-same-top",
        _t("same_top", "question"),
        same,
        options=_yes_no(),
        explanation=_t(
            "same_top",
            "explain",
            degree=", ".join(sorted(degree)),
            between=", ".join(sorted(between)),
        ),
        on_explain=show,
        **_t.hint("same_top"),
    )


FEW = 5  # "few routes": a degree of at most this (the median city has 6)


def few_routes_top() -> str:
    """The city with at most ``FEW`` routes and the highest betweenness."""
    m = city_measures()
    few = [c for c, d in m["degree"].items() if d <= FEW]
    return max(few, key=lambda c: m["betweenness"][c])


def l1_few_routes(rails_map: Any) -> Pick:
    m = city_measures()
    city = few_routes_top()
    rank = sorted(m["betweenness"], key=m["betweenness"].get, reverse=True).index(city) + 1

    def show() -> None:
        rails_map.measure.value = "betweenness"

    return Pick(
        "rails1-few-routes",
        _t("few_routes", "question", few=FEW),
        city,
        options=_city_options(),
        explanation=_t(
            "few_routes",
            "explain",
            city=city,
            degree=int(m["degree"][city]),
            between=number(m["betweenness"][city], 3),
            rank=rank,
            n=len(m["betweenness"]),
        ),
        on_explain=show,
        **_t.hint("few_routes"),
    )


def l1_step2(rails_map: Any) -> w.VBox:
    return stack(l1_top_degree(rails_map), l1_same_top(rails_map), l1_few_routes(rails_map))


TOP = 5  # the corridors the doubles question looks at


def doubled_in_top(n: int = TOP) -> list[tuple[str, str]]:
    board = load()
    return [(a, b) for (a, b), _ in busiest_corridors()[:n] if len(board.routes_between(a, b)) == 2]


def l1_top_doubles(rails_map: Any) -> Number:
    doubled = doubled_in_top()

    def show() -> None:
        rails_map.top.value = TOP

    return Number(
        "rails1-top-doubles",
        _t("top_doubles", "question", n=TOP),
        len(doubled),
        explanation=_t(
            "top_doubles",
            "explain",
            k=len(doubled),
            n=TOP,
            doubled=", ".join(f"{a} – {b}" for a, b in doubled) or "—",
        ),
        on_explain=show,
        **_t.hint("top_doubles"),
    )


DETOUR = ("Los Angeles", "New York")


def detour() -> tuple[Any, Any, tuple[str, str], int]:
    """The cheapest chain of the Los Angeles – New York ticket; the busiest corridor on it (by
    edge betweenness) and its rank on the map's chart; the cheapest chain once every route of
    that corridor is taken (as with 2 or 3 players, when one route of a double closes both)."""
    a, b = DETOUR
    base = shortest_route(a, b)
    ranked = [frozenset(pair) for pair, _ in busiest_corridors()]
    steps = [frozenset(p) for p in zip(base.cities, base.cities[1:], strict=False)]
    rank = min(ranked.index(step) for step in steps)
    top = busiest_corridors()[rank][0]
    closed = {r.id for r in load().routes_between(*top)}
    other = shortest_route(a, b, available=[r.id for r in load().routes if r.id not in closed])
    return base, other, top, rank + 1


def l1_detour(rails_map: Any) -> Number:
    base, other, top, rank = detour()

    def show() -> None:
        rails_map.top.value = rank

    return Number(
        "rails1-detour",
        _t("detour", "question", a=DETOUR[0], b=DETOUR[1]),
        other.trains - base.trains,
        explanation=_t(
            "detour",
            "explain",
            top=" – ".join(top),
            rank=rank,
            base=base.trains,
            other=other.trains,
            extra=other.trains - base.trains,
            cities=" → ".join(other.cities),
        ),
        on_explain=show,
        **_t.hint("detour"),
    )


def l1_step3(rails_map: Any) -> w.VBox:
    return stack(l1_top_doubles(rails_map), l1_detour(rails_map))


# the steps, as the notebook calls them: ``checks.<step>(widget)``
routes = l1_step1
cities = l1_step2
corridors = l1_step3
score = lesson_score
