"""The checks of Rails lesson 6, network design: a ticket set's cheapest network against
networkx's Steiner tree and the planner bot, and the shortest route on the ground against the
cheapest in cards (``gamelib.rails.steiner``)."""

from __future__ import annotations

import random

import ipywidgets as w

from gamelib.rails import steiner
from gamelib.rails.board import load
from gamelib.rails.scoring import ROUTE_POINTS
from widgets.i18n import t
from widgets.kit.check import Choice, Number, Reflect, Variant, lesson_score, stack
from widgets.kit.check_texts import CheckTexts
from widgets.rails.network_design import START, NetworkDesignLab, route_ids

_t = CheckTexts("rails", "lesson6")


def _set(lab: NetworkDesignLab, tickets: tuple[int, ...], answer: str) -> None:
    lab.tickets.value = tickets
    lab.answer.value = answer


def _names(tickets: tuple[int, ...]) -> str:
    board = load()
    return "; ".join(f"{board.tickets[i].a} – {board.tickets[i].b}" for i in tickets)


def ticket_set(seed: int) -> tuple[int, ...]:
    """The lesson's first set, then seeded sets of three tickets."""
    if seed == 0:
        return START
    return tuple(sorted(random.Random(f"rails6:{seed}").sample(range(len(load().tickets)), 3)))


def l6_exact(lab: NetworkDesignLab) -> Number:
    d = steiner.design(START)
    return Number(
        "rails6-exact",
        _t("exact", "question", tickets=_names(START)),
        d.trains["exact"],
        explanation=_t("exact", "explain", trains=d.trains["exact"], routes=len(d.exact)),
        on_explain=lambda: _set(lab, START, "exact"),
        **_t.hint("exact"),
    )


def l6_bot_extra(lab: NetworkDesignLab) -> Number:
    def variant(seed: int) -> Variant:
        tickets = ticket_set(seed)
        trains = steiner.design(tickets).trains
        return Variant(
            _t("bot_extra", "question", tickets=_names(tickets)),
            trains["bot"] - trains["exact"],
            _t("bot_extra", "explain", bot=trains["bot"], exact=trains["exact"]),
            on_explain=lambda: _set(lab, tickets, "bot"),
        )

    return Number("rails6-bot-extra", new_question=variant, **_t.hint("bot_extra"))


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
        **_t.hint("why_tree"),
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
        **_t.hint("km_extra"),
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
        **_t.hint("more_points"),
    )


def cards_checks(lab: NetworkDesignLab) -> w.VBox:
    return stack(l6_km_extra(lab), l6_more_points(lab))


score = lesson_score
