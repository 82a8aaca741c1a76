"""The checks of Rails lesson 6, network design: a ticket set's cheapest network against
networkx's Steiner tree and the planner bot, and the shortest route on the ground against the
cheapest in cards (``gamelib.rails.steiner``)."""

from __future__ import annotations

import random

import ipywidgets as w

from gamelib.rails import steiner
from gamelib.rails.board import load
from gamelib.rails.routes import shortest_route
from gamelib.rails.scoring import ROUTE_POINTS
from widgets.i18n import t
from widgets.kit.check import Choice, Number, Reflect, Variant, lesson_score, stack
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number
from widgets.rails.checks.common import counted_t, ladder
from widgets.rails.network_design import START, NetworkDesignLab, route_ids

_t = CheckTexts("rails", "lesson6")


def _set(lab: NetworkDesignLab, tickets: tuple[int, ...], answer: str) -> None:
    lab.tickets.value = tickets
    lab.answer.value = answer


def _names(tickets: tuple[int, ...]) -> str:
    board = load()
    return "; ".join(f"{board.tickets[i].a} – {board.tickets[i].b}" for i in tickets)


def ticket_set(seed: int, level: int = 0) -> tuple[int, ...]:
    """The lesson's first set, then seeded sets of tickets: three, two at level -1 (fewer
    cities to join), four at level +1 (more chances to share, and to miss sharing)."""
    if seed == 0 and level == 0:
        return START
    size = 3 + level
    key = f"rails6:{seed}" if level == 0 else f"rails6:{seed}:{level}"
    return tuple(sorted(random.Random(key).sample(range(len(load().tickets)), size)))


def apart_trains(tickets: tuple[int, ...]) -> list[int]:
    """Each ticket's cheapest chain in trains, as if it were served alone."""
    board = load()
    return [shortest_route(board.tickets[i].a, board.tickets[i].b).trains for i in tickets]


EXACT_TOLERANCE = 2  # trains either side of the exact network


def l6_exact(lab: NetworkDesignLab) -> Predict:
    """Predicted before the table and the bars show it: the cheapest network for three tickets
    (less than their chains apart, where they can share routes)."""
    d = steiner.design(START)
    apart = apart_trains(START)
    panel = lab.panel("steiner")
    return Predict(
        "rails6-exact",
        _t("exact", "predict_lead", apart=sum(apart), each=" + ".join(map(str, apart)))
        + " "
        + _t("exact", "question", tickets=_names(START)),
        d.trains["exact"],
        reveals=[lab.info, find_tagged(panel, "rails-fig-design-bars")],
        inside=panel,
        tolerance=EXACT_TOLERANCE,
        explanation=_t(
            "exact",
            "explain_predict",
            trains=d.trains["exact"],
            routes=len(d.exact),
            apart=sum(apart),
            saved=counted_t("rails.checks.lesson6.exact.saved", sum(apart) - d.trains["exact"]),
        ),
        on_explain=lambda: _set(lab, START, "exact"),
    )


def l6_bot_extra(lab: NetworkDesignLab) -> Number:
    def variant(seed: int, level: int = 0) -> Variant:
        tickets = ticket_set(seed, level)
        trains = steiner.design(tickets).trains
        extra = trains["bot"] - trains["exact"]
        return Variant(
            _t("bot_extra", "question", tickets=_names(tickets)),
            extra,
            _t(
                "bot_extra",
                "explain_counted",
                bot=trains["bot"],
                exact=trains["exact"],
                extra=counted_t("rails.checks.lesson6.bot_extra.more", extra),
            ),
            hint=ladder(_t, "bot_extra"),
            on_explain=lambda: _set(lab, tickets, "bot"),
        )

    return Number("rails6-bot-extra", new_question=variant, hint="")


def l6_why_tree(lab: NetworkDesignLab) -> Choice:
    d = steiner.design(START)
    tree = steiner.trains(steiner.exact_tree(steiner.cities(START)))
    approx, forest = d.trains["approximate"], d.trains["exact"]
    right = set()
    if tree > forest:
        right.add("forest")
    if approx > tree:
        right.add("approximation")
    if len(right) == 2:
        right = {"both"}
    return Choice(
        "rails6-why-tree",
        _t("why_tree", "question"),
        right or {"none"},
        options=[(_t("why_tree", k), k) for k in ("forest", "approximation", "both", "none")],
        explanation=_t("why_tree", "explain", approx=approx, tree=tree, forest=forest),
        on_explain=lambda: _set(lab, START, "approximate"),
        hint=ladder(_t, "why_tree"),
    )


def l6_greedy(lab: NetworkDesignLab) -> Reflect:
    return _t.reflect("rails6-greedy", "greedy")


def steiner_checks(lab: NetworkDesignLab) -> w.VBox:
    return stack(l6_exact(lab), l6_bot_extra(lab), l6_why_tree(lab), l6_greedy(lab))


def _dearest() -> tuple[int, int]:
    return steiner.dearer_by_km()[0]


def l6_km_extra(lab: NetworkDesignLab) -> Number:
    tid, extra = _dearest()
    tk = load().tickets[tid]
    ways = steiner.ways(tk.a, tk.b)
    km_cost, card_cost = steiner.Ways.cost(ways.by_km), steiner.Ways.cost(ways.by_trains)
    return Number(
        "rails6-km-extra",
        _t("km_extra", "question", a=tk.a, b=tk.b),
        extra,
        explanation=_t(
            "km_extra",
            "explain",
            km_cards=km_cost[0],
            cards=card_cost[0],
            km_routes=km_cost[2],
            routes=card_cost[2],
            n=len(steiner.dearer_by_km()),
        ),
        on_explain=lambda: setattr(lab.ticket, "value", tid),
        hint=ladder(_t, "km_extra", a=tk.a, b=tk.b),
    )


def _points(path: tuple[str, ...]) -> int:
    board = load()
    return sum(
        ROUTE_POINTS[board.routes[r].length] for r in route_ids(zip(path, path[1:], strict=False))
    )


def l6_more_points(lab: NetworkDesignLab) -> Choice:
    tid, _ = _dearest()
    tk = load().tickets[tid]
    ways = steiner.ways(tk.a, tk.b)
    points = {k: _points(getattr(ways, k)) for k in ("by_km", "by_trains")}
    best = max(points.values())
    right = {k for k, v in points.items() if v == best}
    return Choice(
        "rails6-more-points",
        _t("more_points", "question", a=tk.a, b=tk.b),
        right,
        options=[(t(f"rails.design.way.{k}"), k) for k in ("by_km", "by_trains")],
        explanation=_t("more_points", "explain", km=points["by_km"], cards=points["by_trains"]),
        on_explain=lambda: setattr(lab.ticket, "value", tid),
        hint=ladder(_t, "more_points", a=tk.a, b=tk.b),
    )


def way_facts(way: tuple[str, ...]) -> dict[str, float]:
    """A path's route points, cards (trains), routes and km, as the lab's table counts them."""
    board = load()
    routes = route_ids(zip(way, way[1:], strict=False))
    return {
        "points": _points(way),
        "cards": sum(board.routes[r].length for r in routes),
        "routes": len(routes),
        "km": steiner.Ways.cost(way)[1],
    }


MORE_POINTS_REASONS = ("km", "longer", "cards", "routes")  # the options, in the page's order


def l6_more_points_why(lab: NetworkDesignLab) -> Reason:
    """Why the path that scores more does: fewer, longer routes (§Punti), not km or cards."""
    tid, _ = _dearest()
    tk = load().tickets[tid]
    ways = steiner.ways(tk.a, tk.b)
    facts = {k: way_facts(getattr(ways, k)) for k in ("by_km", "by_trains")}
    best = max(facts, key=lambda k: facts[k]["points"])
    other = "by_trains" if best == "by_km" else "by_km"
    b, o = facts[best], facts[other]
    values = dict(
        a=tk.a,
        b=tk.b,
        best=t(f"rails.design.way.{best}"),
        other=t(f"rails.design.way.{other}"),
        points=b["points"],
        other_points=o["points"],
        cards=b["cards"],
        other_cards=o["cards"],
        routes=b["routes"],
        other_routes=o["routes"],
        km=number(b["km"], 0, grouping=True),
        other_km=number(o["km"], 0, grouping=True),
        per=number(b["points"] / b["cards"], 2),
        other_per=number(o["points"] / o["cards"], 2),
    )
    return Reason(
        "rails6-more-points-why",
        _t("more_points_why", "question", **values),
        "longer",
        options=[(_t("more_points_why", k), k) for k in MORE_POINTS_REASONS],
        explanations={k: _t("more_points_why", f"why_{k}", **values) for k in MORE_POINTS_REASONS},
        hint=ladder(_t, "more_points_why", **values),
        on_explain=lambda: setattr(lab.ticket, "value", tid),
    )


def cards_checks(lab: NetworkDesignLab) -> w.VBox:
    return stack(l6_km_extra(lab), l6_more_points(lab), l6_more_points_why(lab))


score = lesson_score
