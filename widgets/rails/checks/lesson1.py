"""The checks of Rails lesson 1, the map as a graph: routes, colours and points of the board,
crossroads by degree and betweenness, the busiest corridors and the detour when one is blocked.
Answers from ``gamelib.rails.board`` and ``gamelib.rails.routes``."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import ipywidgets as w

from gamelib.rails import rules as rails_rules
from gamelib.rails.board import load
from gamelib.rails.claims import claim_blocker
from gamelib.rails.routes import city_measures, shortest_route
from gamelib.rails.routes import corridors as busiest_corridors
from gamelib.rails.scoring import ROUTE_POINTS
from widgets.kit.check import Choice, Number, Pick, Reflect, Variant, lesson_score, stack
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number
from widgets.rails.checks.common import (
    _city_options,
    _colour,
    _yes_no,
    counted_t,
    ladder,
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
        hint=ladder(_t, "six_count", n=LONG),
    )


def l1_six_points(rails_map: Any) -> Number:
    return Number(
        "rails1-six-points",
        _t("six_points", "question", n=LONG),
        ROUTE_POINTS[LONG],
        explanation=_t(
            "six_points", "explain", points=ROUTE_POINTS[LONG], per=number(15 / LONG, 1)
        ),
        hint=ladder(_t, "six_points", n=LONG),
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
        hint=ladder(_t, "most_colour"),
    )


# ---------------------------------------------------------------------- double routes
DOUBLE_ANSWERS = ("open", "own", "closed")  # the options, in the page's order
REFUSALS = {None: "open", "route.twin_yours": "own", "route.twin_closed": "closed"}


def doubles() -> list[Any]:
    """The first route of every double of the board (the other is its ``twin``)."""
    return [r for r in load().routes if r.twin is not None and r.id < r.twin]


def double_case(seed: int, level: int = 0) -> tuple[int, int, int, int]:
    """(players, the route claimed, its owner, the player who asks for its twin) of a double
    route question. Seed 0 is the lesson's: 3 players, another player asks. Level -1 asks
    another player at a table of 2 or 5 (one rule at a time, far from the limit); level 0 any
    table of 2 to 5; level +1 also asks the owner for the second route of a double at a table
    of 4 or 5, where both routes stay open to the others."""
    pairs = doubles()
    if seed == 0 and level == 0:
        return 3, pairs[4].id, 0, 1
    rng = random.Random(f"rails1-double:{seed}:{level}")
    route = rng.choice(pairs).id
    if level < 0:
        players = rng.choice((2, 5))
    elif level > 0:
        players = rng.choice((3, 4, 5))
    else:
        players = rng.randint(2, 5)
    owner = rng.randrange(players)
    own = level > 0 and (players >= rails_rules.DOUBLE_MIN or rng.random() < 0.5)
    asker = owner if own else rng.choice([p for p in range(players) if p != owner])
    return players, route, owner, asker


def double_answer(players: int, route: int, owner: int, asker: int) -> str:
    """What gamelib says of ``asker`` claiming the twin of ``route`` once ``owner`` holds it:
    "open" (allowed), "own" (one player, one route of a double) or "closed" (a small table)."""
    board = load()
    state = rails_rules.new_game(players, seed=1)
    claimed = list(state.owner)
    claimed[route] = owner
    refusal = claim_blocker(replace(state, owner=claimed), asker, board.routes[route].twin)
    return REFUSALS[None if refusal is None else refusal.code]


def l1_double_rule(rails_map: Any) -> Choice:
    """§Occupare le strade: the two routes of a double with 2 or 3 players, and for one player."""

    def variant(seed: int, level: int = 0) -> Variant:
        players, route, owner, asker = double_case(seed, level)
        board = load()
        r = board.routes[route]
        twin = board.routes[r.twin]
        answer = double_answer(players, route, owner, asker)
        values = dict(
            players=players,
            owner=owner + 1,
            asker=asker + 1,
            a=r.a,
            b=r.b,
            colour=_colour(r.color),
            other=_colour(twin.color),
            limit=rails_rules.DOUBLE_MIN,
        )
        question = "question_own" if asker == owner else "question"
        return Variant(
            _t("double_rule", question, **values),
            answer,
            _t("double_rule", f"explain_{answer}", **values),
            hint=ladder(_t, "double_rule", **values),
        )

    return Choice(
        "rails1-double-rule",
        new_question=variant,
        options=[(_t("double_rule", k, limit=rails_rules.DOUBLE_MIN), k) for k in DOUBLE_ANSWERS],
        hint="",
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
        l1_double_rule(rails_map),
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
        hint=ladder(_t, "top_degree"),
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
        hint=ladder(_t, "same_top"),
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
        hint=ladder(_t, "few_routes", few=FEW),
    )


SAME_TOP_REASONS = ("scaled", "cheapest", "edge", "doubles")  # the options, in the page's order


def betweenness_rank(city: str) -> int:
    """A city's place (from 1) when the cities are ranked by betweenness."""
    between = city_measures()["betweenness"]
    return sorted(between, key=between.get, reverse=True).index(city) + 1


def l1_same_top_why(rails_map: Any) -> Reason:
    """Why the city with the most routes is not the one most cheapest connections pass through."""
    m = city_measures()
    degree, between = sorted(top_cities("degree")), sorted(top_cities("betweenness"))
    hub, bridge = degree[0], between[0]
    values = dict(
        hub=hub,
        bridge=", ".join(between),
        hub_degree=int(m["degree"][hub]),
        bridge_degree=int(m["degree"][bridge]),
        hub_between=number(m["betweenness"][hub], 3),
        bridge_between=number(m["betweenness"][bridge], 3),
        rank=betweenness_rank(hub),
        n=len(m["betweenness"]),
    )
    return Reason(
        "rails1-same-top-why",
        _t("same_top_why", "question", **values),
        "cheapest",
        options=[(_t("same_top_why", k, **values), k) for k in SAME_TOP_REASONS],
        explanations={k: _t("same_top_why", f"why_{k}", **values) for k in SAME_TOP_REASONS},
        hint=ladder(_t, "same_top_why", **values),
        on_explain=lambda: setattr(rails_map.measure, "value", "betweenness"),
    )


def l1_step2(rails_map: Any) -> w.VBox:
    return stack(
        l1_top_degree(rails_map),
        l1_same_top(rails_map),
        l1_same_top_why(rails_map),
        l1_few_routes(rails_map),
    )


TOP = 5  # the corridors the doubles question looks at


def doubled_in_top(n: int = TOP) -> list[tuple[str, str]]:
    board = load()
    return [(a, b) for (a, b), _ in busiest_corridors()[:n] if len(board.routes_between(a, b)) == 2]


def single_in_top(n: int = TOP) -> list[tuple[str, str]]:
    """The busiest ``n`` corridors that are a single route."""
    doubled = set(doubled_in_top(n))
    return [pair for pair, _ in busiest_corridors()[:n] if pair not in doubled]


def l1_top_doubles(rails_map: Any) -> Predict:
    """Predicted before the corridor chart and its slider show it: how many of the busiest
    corridors are doubled (a guess of "all of them" meets the single ones)."""
    doubled, single = doubled_in_top(), single_in_top()
    panel = rails_map.corridor_panel()

    def show() -> None:
        rails_map.top.value = TOP

    return Predict(
        "rails1-top-doubles",
        _t("top_doubles", "predict", n=TOP, pairs=len(doubles())),
        len(doubled),
        reveals=[rails_map.top, find_tagged(panel, "rails-fig-corridors")],
        inside=panel,
        explanation=_t(
            "top_doubles",
            "explain_predict",
            k=len(doubled),
            n=TOP,
            doubled=", ".join(f"{a} – {b}" for a, b in doubled) or "—",
            single=counted_t(
                "rails.checks.lesson1.top_doubles.single",
                len(single),
                single=", ".join(f"{a} – {b}" for a, b in single) or "—",
            ),
        ),
        on_explain=show,
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
        hint=ladder(_t, "detour", a=DETOUR[0], b=DETOUR[1]),
    )


def l1_step3(rails_map: Any) -> w.VBox:
    return stack(l1_top_doubles(rails_map), l1_detour(rails_map))


# the steps, as the notebook calls them: ``checks.<step>(widget)``
routes = l1_step1
cities = l1_step2
corridors = l1_step3
score = lesson_score
