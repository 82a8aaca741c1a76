"""The checks of Rails lesson 3, tickets and the longest trail: a ticket's cheapest chain,
points per train, and the longest trail of seeded bots' games (``gamelib.rails.routes``,
``gamelib.rails.scoring``)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from types import SimpleNamespace
from typing import Any

import ipywidgets as w

from gamelib.rails import rules as rails_rules
from gamelib.rails.board import load
from gamelib.rails.routes import (
    longest_trail,
    longest_trail_steps,
    shortest_route,
)
from gamelib.rails.scoring import ROUTE_POINTS, final_scores, player_routes, winners
from widgets.kit.check import Choice, Number, Pick, Reflect, lesson_score, stack
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number
from widgets.rails.checks.common import _colour, counted_t, ladder
from widgets.rails.checks.lesson1 import DETOUR
from widgets.rails.tickets import bot_game

_t = CheckTexts("rails", "lesson3")


def _ticket_id(a: str, b: str) -> int:
    return next(tk.id for tk in load().tickets if {tk.a, tk.b} == {a, b})


def l3_la_ny(explorer: Any) -> Number:
    a, b = DETOUR
    path = shortest_route(a, b)
    tid = _ticket_id(a, b)
    return Number(
        "rails3-la-ny",
        _t("la_ny", "question", a=a, b=b),
        path.trains,
        explanation=_t(
            "la_ny",
            "explain",
            trains=path.trains,
            routes=path.routes,
            cities=" → ".join(path.cities),
        ),
        on_explain=lambda: setattr(explorer.ticket, "value", tid),
        hint=ladder(_t, "la_ny", a=a, b=b),
    )


SHARES = ("third", "half", "more")  # less than a third, a third to a half, more than half


def share_of_trains(trains: int, total: int = rails_rules.TRAINS) -> str:
    """Which of :data:`SHARES` ``trains`` of the ``total`` a player has is."""
    if 3 * trains < total:
        return "third"
    return "half" if 2 * trains <= total else "more"


def l3_half(explorer: Any) -> Choice:
    a, b = DETOUR
    trains = shortest_route(a, b).trains
    return Choice(
        "rails3-half",
        _t("half", "question_share", trains=rails_rules.TRAINS),
        share_of_trains(trains),
        options=[(_t("half", k), k) for k in SHARES],
        explanation=_t(
            "half",
            "explain",
            trains=trains,
            total=rails_rules.TRAINS,
            left=rails_rules.TRAINS - trains,
        ),
        hint=ladder(_t, "half", total=rails_rules.TRAINS),
    )


def differing_tickets() -> frozenset[int]:
    """Tickets whose chain of fewest trains is not their chain of fewest routes."""
    out = set()
    for tk in load().tickets:
        by_trains = shortest_route(tk.a, tk.b, by="trains")
        by_routes = shortest_route(tk.a, tk.b, by="routes")
        if by_trains.route_ids != by_routes.route_ids:
            out.add(tk.id)
    return frozenset(out)


def l3_differ(explorer: Any) -> Pick:
    tickets = load().tickets
    answer = differing_tickets()
    check = Pick(
        "rails3-differ",
        _t("differ", "question"),
        answer,
        options=[(f"{tk.a} – {tk.b} ({tk.points} pt)", tk.id) for tk in tickets],
        explanation=_t(
            "differ",
            "explain",
            n=len(answer),
            total=len(tickets),
            tickets=", ".join(f"{tickets[i].a} – {tickets[i].b}" for i in sorted(answer)),
        ),
        hint=ladder(_t, "differ"),
    ).follow(explorer.ticket)

    def show() -> None:
        chosen = check.value()
        explorer.ticket.value = chosen if chosen in answer else min(answer)

    check.on_explain = check._base_explain = show
    return check


def l3_step1(explorer: Any) -> w.VBox:
    return stack(l3_la_ny(explorer), l3_half(explorer), l3_differ(explorer))


def only_length(length: int, trains: int = rails_rules.TRAINS) -> tuple[int, int]:
    """(routes, points) of ``trains`` spent only on routes of ``length`` (as far as the board's
    routes of that length go)."""
    count = sum(1 for r in load().routes if r.length == length)
    routes = min(trains // length, count)
    return routes, routes * ROUTE_POINTS[length]


def l3_only(explorer: Any, length: int) -> Number:
    routes, points = only_length(length)
    return Number(
        f"rails3-only{length}",
        _t("only", "question", length=length, trains=rails_rules.TRAINS),
        points,
        explanation=_t(
            "only",
            "explain",
            routes=routes,
            length=length,
            each=ROUTE_POINTS[length],
            points=points,
            left=rails_rules.TRAINS - routes * length,
        ),
        hint=ladder(_t, "only", length=length, trains=rails_rules.TRAINS),
    )


def l3_only_predict(explorer: Any, length: int = 3) -> Predict:
    """Predicted before the points chart shows it: 45 trains on routes of 3 (points grow faster
    than the length, so a guess of one point a train falls short)."""
    routes, points = only_length(length)
    panel = explorer.points_panel()
    trains = rails_rules.TRAINS
    return Predict(
        f"rails3-only{length}",
        _t("only", "predict_lead") + " " + _t("only", "question", length=length, trains=trains),
        points,
        reveals=find_tagged(panel, "rails-fig-points"),
        inside=panel,
        explanation=_t(
            "only",
            "explain_predict",
            routes=routes,
            length=length,
            each=ROUTE_POINTS[length],
            points=points,
            trains=trains,
            left=trains - routes * length,
            per=number(ROUTE_POINTS[length] / length, 2),
        ),
    )


def l3_one_train(explorer: Any) -> Reflect:
    ones = sorted({r.cities for r in load().routes if r.length == 1})
    return _t.reflect(
        "rails3-one-train",
        "one_train",
        n=len(ones),
        routes=", ".join(f"{a} – {b}" for a, b in ones[:4]),
    )


def l3_step2(explorer: Any) -> w.VBox:
    return stack(l3_only_predict(explorer, 3), l3_only(explorer, 6), l3_one_train(explorer))


@cache
def trail_of(seed: int) -> SimpleNamespace:
    """The bots' game the trail step draws at ``seed``: its end state, the player with the
    longest trail (the first on a tie, like the widget) and one longest trail as steps."""
    state = bot_game(seed)
    trails = {p: longest_trail_steps(player_routes(state, p)) for p in range(state.players)}
    length = {p: sum(r.length for r, _, _ in tr) for p, tr in trails.items()}
    best = next(p for p in trails if length[p] == max(length.values()))
    return SimpleNamespace(state=state, player=best, trail=trails[best], length=length)


TWICE = ("none", "one", "more")  # how many cities a trail passes twice or more


def twice_cities(seed: int) -> list[str]:
    """The cities the longest trail of the game at ``seed`` passes more than once."""
    game = trail_of(seed)
    cities = [game.trail[0][1]] + [c for _, _, c in game.trail] if game.trail else []
    return sorted(c for c, n in Counter(cities).items() if n > 1)


def l3_twice(explorer: Any) -> Choice:
    seed = explorer.seed.value
    game = trail_of(seed)
    twice = twice_cities(seed)
    return Choice(
        "rails3-twice",
        _t("twice", "question_count", seed=seed, name=game.state.names[game.player]),
        TWICE[min(len(twice), 2)],
        options=[(_t("twice", k), k) for k in TWICE],
        explanation=_t("twice", "explain_yes" if twice else "explain_no", cities=", ".join(twice)),
        on_explain=lambda: setattr(explorer.seed, "value", seed),
        hint=ladder(_t, "twice"),
    )


def l3_left_out(explorer: Any) -> Number:
    seed = explorer.seed.value
    game = trail_of(seed)
    owned = player_routes(game.state, game.player)
    left = len(owned) - len(game.trail)
    return Number(
        "rails3-left-out",
        _t("left_out", "question", seed=seed, name=game.state.names[game.player]),
        left,
        explanation=_t(
            "left_out",
            "explain",
            owned=len(owned),
            used=len(game.trail),
            left=counted_t("rails.checks.lesson3.left_out.left", left),
        ),
        on_explain=lambda: setattr(explorer.seed, "value", seed),
        hint=ladder(_t, "left_out"),
    )


LEFT_OUT_REASONS = ("city", "branch", "short", "colour")  # the options, in the page's order


def left_out_values(seed: int) -> dict[str, Any]:
    """What the reasons for routes left out of a trail cite: a game of :data:`TRAIL_SEEDS`
    whose trail passes a city twice, the short routes and the colours of this trail."""
    game = trail_of(seed)
    again = next((s for s in TRAIL_SEEDS if twice_cities(s)), None)
    short = [r for r, _, _ in game.trail if r.length <= 2]
    colours = {r.color for r, _, _ in game.trail}
    return dict(
        name=game.state.names[game.player],
        seed=seed,
        again=again,
        city=", ".join(twice_cities(again)) if again is not None else "—",
        short=counted_t("rails.checks.lesson3.left_out_why.short_routes", len(short)),
        colours=counted_t("rails.checks.lesson3.left_out_why.colours", len(colours)),
    )


def l3_left_out_why(explorer: Any) -> Reason:
    """Why the longest trail leaves routes of the network out: pick the reason."""
    seed = explorer.seed.value
    values = left_out_values(seed)
    return Reason(
        "rails3-left-out-why",
        _t("left_out_why", "question", **values),
        "branch",
        options=[(_t("left_out_why", k), k) for k in LEFT_OUT_REASONS],
        explanations={k: _t("left_out_why", f"why_{k}", **values) for k in LEFT_OUT_REASONS},
        hint=ladder(_t, "left_out_why"),
        on_explain=lambda: setattr(explorer.seed, "value", seed),
    )


def longer_with(seed: int) -> tuple[list[int], frozenset[int]]:
    """Routes touching the trail owner's network that the owner does not hold, and those of them
    that would make the longest trail longer had the owner claimed them too."""
    game = trail_of(seed)
    owned = player_routes(game.state, game.player)
    mine = {r.id for r in owned}
    cities = {c for r in owned for c in r.cities}
    near = [r.id for r in load().routes if r.id not in mine and (r.a in cities or r.b in cities)]
    now = longest_trail(owned)
    board = load()
    longer = frozenset(r for r in near if longest_trail([*owned, board.routes[r]]) > now)
    return near, longer


def l3_longer(explorer: Any) -> Pick:
    seed = explorer.seed.value
    game = trail_of(seed)
    near, longer = longer_with(seed)
    board = load()

    def label(rid: int) -> str:
        r = board.routes[rid]
        return f"{r.a} – {r.b} ({r.length}, {_colour(r.color)})"

    check = Pick(
        "rails3-longer",
        _t("longer", "question", name=game.state.names[game.player]),
        longer,
        options=[(label(r), r) for r in near],
        explanation=_t(
            "longer",
            "explain",
            n=len(longer),
            total=len(near),
            routes=", ".join(label(r) for r in sorted(longer)[:6]),
        ),
        hint=ladder(_t, "longer", name=game.state.names[game.player]),
    )

    def show() -> None:
        explorer.seed.value = seed
        chosen = check.value()
        rid = chosen if chosen in longer else min(longer)
        with explorer.trail_map.fig.batch_update():
            explorer.trail_map.draw("path", [rid], "#f39c12", 9)

    check.on_explain = check._base_explain = show
    return check


TRAIL_SEEDS = tuple(range(1, 9))  # the seeds "is the longest trail usually the winner's?" plays


def winner_has_trail(seed: int) -> bool:
    """Whether a winner of the bots' game at ``seed`` (ties broken as §Calcolo dei punti says)
    scored the longest-trail bonus."""
    scores = final_scores(trail_of(seed).state)
    return any(scores[p].longest_bonus for p in winners(scores))


def l3_winner_trail(explorer: Any) -> Number:
    return Number(
        "rails3-winner-trail",
        _t("winner_trail", "question", low=TRAIL_SEEDS[0], high=TRAIL_SEEDS[-1]),
        lambda: sum(winner_has_trail(s) for s in TRAIL_SEEDS),
        explanation=lambda n: _t(
            "winner_trail",
            "explain",
            n=n,
            total=len(TRAIL_SEEDS),
            seeds=", ".join(str(s) for s in TRAIL_SEEDS if winner_has_trail(s)) or "—",
        ),
        hint=ladder(_t, "winner_trail"),
    )


def l3_step3(explorer: Any) -> w.VBox:
    return stack(
        l3_twice(explorer),
        l3_left_out(explorer),
        l3_left_out_why(explorer),
        l3_longer(explorer),
        l3_winner_trail(explorer),
    )


# the steps, as the notebook calls them: ``checks.<step>(widget)``
tickets = l3_step1
points = l3_step2
trail = l3_step3
score = lesson_score
