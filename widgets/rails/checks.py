"""The checks of Rails lessons 1–4: every "Try this" question answered in the page.

Each function builds the checks under one widget of a lesson (``lesson1.routes(rails_map)``):
the right answer is computed from ``gamelib`` (the board, shortest routes, graph measures, the
hypergeometric odds of ``gamelib.rails.odds``, route points, longest trails, seeded bot games,
the rule an illegal move cites), never typed in, and ``on_explain`` moves the widget beside the
check to the state that shows it. The texts are ``rails.checks.<lesson>.<name>.*`` in the
catalog. Nothing here decides a rule: it asks gamelib and words the answer.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from types import SimpleNamespace
from typing import Any

import ipywidgets as w

from gamelib.core import IllegalAction
from gamelib.rails import odds
from gamelib.rails import rules as rails_rules
from gamelib.rails.board import GREY, load
from gamelib.rails.cards import CARD_NAMES, LOCO, LOCOMOTIVES, TOTAL_CARDS
from gamelib.rails.routes import (
    city_measures,
    corridors,
    longest_trail,
    longest_trail_steps,
    shortest_route,
)
from gamelib.rails.scoring import ROUTE_POINTS, final_scores, player_routes, winners
from gamelib.rails.state import SECOND_DRAW
from widgets.i18n import t
from widgets.kit.check import Choice, Number, Pick, Reflect, Variant, lesson_score, stack
from widgets.kit.strategy import number, percent
from widgets.rails.tickets import bot_game
from widgets.rails.turn import bots_game, moment_index

CONFIDENCE = 0.95  # the Monte Carlo panel's interval (odds.wilson_interval's z = 1.96)


def _t(lesson: str, name: str, part: str, /, **values: Any) -> str:
    return t(f"rails.checks.{lesson}.{name}.{part}", **values)


def _hint(lesson: str, name: str) -> dict[str, str]:
    """A check's hint; its question and explanation are formatted where they are used."""
    return {"hint": _t(lesson, name, "hint")}


def _yes_no() -> list[tuple[str, str]]:
    return [(t("rails.checks.yes"), "yes"), (t("rails.checks.no"), "no")]


def _city_options() -> list[tuple[str, str]]:
    return [(c, c) for c in sorted(load().cities)]


def _colour(name: str) -> str:
    return t(f"rails.color.{name}")


# ====================================================================== lesson 1: the map
L1 = "lesson1"
LONG = 6  # the longest routes of the board (§Punti's table ends at 6)


def l1_six_count(rails_map: Any) -> Number:
    routes = [r for r in load().routes if r.length == LONG]
    return Number(
        "rails1-six-count",
        _t(L1, "six_count", "question", n=LONG),
        len(routes),
        explanation=_t(
            L1,
            "six_count",
            "explain",
            n=len(routes),
            routes=", ".join(f"{r.a} – {r.b}" for r in routes),
        ),
        **_hint(L1, "six_count"),
    )


def l1_six_points(rails_map: Any) -> Number:
    return Number(
        "rails1-six-points",
        _t(L1, "six_points", "question", n=LONG),
        ROUTE_POINTS[LONG],
        explanation=_t(
            L1, "six_points", "explain", points=ROUTE_POINTS[LONG], per=number(15 / LONG, 1)
        ),
        **_hint(L1, "six_points"),
    )


def colour_counts() -> Counter[str]:
    """How many routes of each colour the board has (grey: the *neutre* routes)."""
    return Counter(r.color for r in load().routes)


def l1_most_colour(rails_map: Any) -> Choice:
    counts = colour_counts()
    best = max(counts, key=counts.get)
    return Choice(
        "rails1-most-colour",
        _t(L1, "most_colour", "question"),
        best,
        options=[(_colour(c), c) for c in sorted(counts)],
        explanation=_t(
            L1,
            "most_colour",
            "explain",
            colour=_colour(best),
            n=counts[best],
            rows=", ".join(f"{_colour(c)} {n}" for c, n in counts.most_common()),
        ),
        **_hint(L1, "most_colour"),
    )


def l1_doubles(rails_map: Any) -> Reflect:
    board = load()
    pairs = {frozenset(r.cities) for r in board.routes if r.twin is not None}
    top = [pair for pair, _ in corridors()[:10]]
    doubled = [f"{a} – {b}" for a, b in top if frozenset((a, b)) in pairs]
    return Reflect(
        "rails1-doubles",
        _t(L1, "doubles", "question"),
        _t(L1, "doubles", "model", pairs=len(pairs), n=len(doubled), doubled=", ".join(doubled)),
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
        _t(L1, "top_degree", "question"),
        best,
        options=_city_options(),
        explanation=_t(L1, "top_degree", "explain", cities=", ".join(sorted(best)), degree=degree),
        on_explain=show,
        **_hint(L1, "top_degree"),
    )


def l1_same_top(rails_map: Any) -> Choice:
    degree, between = top_cities("degree"), top_cities("betweenness")
    same = "yes" if degree & between else "no"

    def show() -> None:
        rails_map.measure.value = "betweenness"

    return Choice(
        "rails1-same-top",
        _t(L1, "same_top", "question"),
        same,
        options=_yes_no(),
        explanation=_t(
            L1,
            "same_top",
            "explain",
            degree=", ".join(sorted(degree)),
            between=", ".join(sorted(between)),
        ),
        on_explain=show,
        **_hint(L1, "same_top"),
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
        _t(L1, "few_routes", "question", few=FEW),
        city,
        options=_city_options(),
        explanation=_t(
            L1,
            "few_routes",
            "explain",
            city=city,
            degree=int(m["degree"][city]),
            between=number(m["betweenness"][city], 3),
            rank=rank,
            n=len(m["betweenness"]),
        ),
        on_explain=show,
        **_hint(L1, "few_routes"),
    )


def l1_step2(rails_map: Any) -> w.VBox:
    return stack(l1_top_degree(rails_map), l1_same_top(rails_map), l1_few_routes(rails_map))


TOP = 5  # the corridors the doubles question looks at


def doubled_in_top(n: int = TOP) -> list[tuple[str, str]]:
    board = load()
    return [(a, b) for (a, b), _ in corridors()[:n] if len(board.routes_between(a, b)) == 2]


def l1_top_doubles(rails_map: Any) -> Number:
    doubled = doubled_in_top()

    def show() -> None:
        rails_map.top.value = TOP

    return Number(
        "rails1-top-doubles",
        _t(L1, "top_doubles", "question", n=TOP),
        len(doubled),
        explanation=_t(
            L1,
            "top_doubles",
            "explain",
            k=len(doubled),
            n=TOP,
            doubled=", ".join(f"{a} – {b}" for a, b in doubled) or "—",
        ),
        on_explain=show,
        **_hint(L1, "top_doubles"),
    )


DETOUR = ("Los Angeles", "New York")


def detour() -> tuple[Any, Any, tuple[str, str], int]:
    """The cheapest chain of the Los Angeles – New York ticket; the busiest corridor on it (by
    edge betweenness) and its rank on the map's chart; the cheapest chain once every route of
    that corridor is taken (as with 2 or 3 players, when one route of a double closes both)."""
    a, b = DETOUR
    base = shortest_route(a, b)
    ranked = [frozenset(pair) for pair, _ in corridors()]
    steps = [frozenset(p) for p in zip(base.cities, base.cities[1:], strict=False)]
    rank = min(ranked.index(step) for step in steps)
    top = corridors()[rank][0]
    closed = {r.id for r in load().routes_between(*top)}
    other = shortest_route(a, b, available=[r.id for r in load().routes if r.id not in closed])
    return base, other, top, rank + 1


def l1_detour(rails_map: Any) -> Number:
    base, other, top, rank = detour()

    def show() -> None:
        rails_map.top.value = rank

    return Number(
        "rails1-detour",
        _t(L1, "detour", "question", a=DETOUR[0], b=DETOUR[1]),
        other.trains - base.trains,
        explanation=_t(
            L1,
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
        **_hint(L1, "detour"),
    )


def l1_step3(rails_map: Any) -> w.VBox:
    return stack(l1_top_doubles(rails_map), l1_detour(rails_map))


lesson1 = SimpleNamespace(routes=l1_step1, cities=l1_step2, corridors=l1_step3, score=lesson_score)


# ====================================================================== lesson 2: the cards
L2 = "lesson2"
HAND = rails_rules.HAND  # §Preparazione: 4 cards in the opening hand


def _set_hand(lab: Any, length: int, colour: int, locos: int, other: int, draws: int) -> None:
    """Move the card lab's hand controls (its public sliders) to one question."""
    lab.length.value = length
    lab.colour.value = colour
    lab.locos.value = locos
    lab.other.value = other
    lab.draws.value = draws


def draws_to_even(length: int, colour: int, locos: int, other: int) -> int:
    """The fewest blind draws after which the route is more likely ready than not."""
    pool = odds.unseen_pool(colour, locos, other)
    return next(
        k
        for k in range(pool.total + 1)
        if odds.route_ready(length, colour + locos, k, pool) > Fraction(1, 2)
    )


def even_question(seed: int) -> tuple[int, int]:
    """(route length, cards of its colour in an opening hand of 4): seed 0 is the lesson's."""
    if seed == 0:
        return 4, 2
    rng = random.Random(f"rails2-even:{seed}")
    length = rng.randint(3, 6)
    return length, rng.randint(0, min(HAND, length - 1))


def l2_even(lab: Any) -> Number:
    def variant(seed: int) -> Variant:
        length, colour = even_question(seed)
        k = draws_to_even(length, colour, 0, HAND - colour)
        return Variant(
            _t(L2, "even", "question", length=length, colour=colour, other=HAND - colour),
            k,
            _t(L2, "even", "explain", k=k, turns=math.ceil(k / 2), length=length),
            on_explain=lambda: _set_hand(lab, length, colour, 0, HAND - colour, k),
        )

    return Number("rails2-even", new_question=variant, **_hint(L2, "even"))


def l2_loco_saves(lab: Any) -> Number:
    length, colour = even_question(0)
    before = draws_to_even(length, colour, 0, HAND - colour)
    after = draws_to_even(length, colour, 1, HAND - colour)
    return Number(
        "rails2-loco-saves",
        _t(L2, "loco_saves", "question", length=length, colour=colour),
        before - after,
        explanation=_t(
            L2, "loco_saves", "explain", before=before, after=after, saved=before - after
        ),
        on_explain=lambda: _set_hand(lab, length, colour, 1, HAND - colour, after),
        **_hint(L2, "loco_saves"),
    )


def l2_dotted(lab: Any) -> Reflect:
    length, colour = even_question(0)
    pool = odds.unseen_pool(colour, 0, HAND - colour)
    k = draws_to_even(length, colour, 0, HAND - colour)
    plain = odds.route_ready(length, colour, k, odds.Pool(pool.total, pool.colour, 0))
    return Reflect(
        "rails2-dotted",
        _t(L2, "dotted", "question"),
        _t(
            L2,
            "dotted",
            "model",
            colour=pool.colour,
            locos=pool.locomotives,
            good=pool.good,
            total=pool.total,
            k=k,
            plain=percent(float(plain)),
        ),
    )


def l2_step1(lab: Any) -> w.VBox:
    return stack(l2_even(lab), l2_loco_saves(lab), l2_dotted(lab))


def l2_wipe_rows(lab: Any) -> Number:
    p = odds.face_up_wipe()

    def show() -> None:
        lab.deck_size.value = TOTAL_CARDS
        lab.deck_locos.value = LOCOMOTIVES

    return Number(
        "rails2-wipe-rows",
        _t(L2, "wipe_rows", "question"),
        1 / float(p),
        tolerance=1,
        explanation=_t(L2, "wipe_rows", "explain", p=percent(float(p)), n=f"{1 / float(p):.0f}"),
        on_explain=show,
        **_hint(L2, "wipe_rows"),
    )


FEWER_LOCOS = 6  # locomotives left in the pile, late in a game
SMALL_PILE = (20, 8)  # a small pile rich in locomotives: (cards, locomotives)


def l2_wipe_fewer(lab: Any) -> Choice:
    full, fewer = odds.face_up_wipe(), odds.face_up_wipe(FEWER_LOCOS)
    answer = "lower" if fewer < full else "higher"

    def show() -> None:
        lab.deck_size.value = TOTAL_CARDS
        lab.deck_locos.value = FEWER_LOCOS

    return Choice(
        "rails2-wipe-fewer",
        _t(L2, "wipe_fewer", "question", n=FEWER_LOCOS),
        answer,
        options=[(t(f"rails.checks.{k}"), k) for k in ("higher", "lower")],
        explanation=_t(
            L2,
            "wipe_fewer",
            "explain",
            full=percent(float(full)),
            fewer=percent(float(fewer)),
            n=FEWER_LOCOS,
        ),
        on_explain=show,
        **_hint(L2, "wipe_fewer"),
    )


def l2_wipe_small(lab: Any) -> Number:
    total, locos = SMALL_PILE
    p = odds.face_up_wipe(locos, total)

    def show() -> None:
        lab.deck_size.value = total
        lab.deck_locos.value = locos

    return Number(
        "rails2-wipe-small",
        _t(L2, "wipe_small", "question", total=total, locos=locos),
        100 * float(p),
        tolerance=0.5,
        unit="%",
        digits=1,
        explanation=_t(L2, "wipe_small", "explain", p=percent(float(p)), total=total, locos=locos),
        on_explain=show,
        **_hint(L2, "wipe_small"),
    )


def l2_step2(lab: Any) -> w.VBox:
    return stack(l2_wipe_rows(lab), l2_wipe_fewer(lab), l2_wipe_small(lab))


def l2_blind_useful(lab: Any) -> Number:
    blind = odds.blind_turn(odds.unseen_pool(0, 0, 0))
    return Number(
        "rails2-blind-useful",
        _t(L2, "blind_useful", "question"),
        float(blind.useful),
        tolerance=0.01,
        digits=2,
        explanation=_t(L2, "blind_useful", "explain", useful=number(float(blind.useful), 2)),
        on_explain=lambda: _set_hand(lab, lab.length.value, 0, 0, 0, lab.draws.value),
        **_hint(L2, "blind_useful"),
    )


TEN = 10  # cards of the wanted colour in hand for the second question


def l2_ten(lab: Any) -> Number:
    pool = odds.unseen_pool(TEN, 0, 0)
    blind = odds.blind_turn(pool)
    return Number(
        "rails2-ten",
        _t(L2, "ten", "question", n=TEN),
        float(blind.useful),
        tolerance=0.01,
        digits=2,
        explanation=_t(
            L2,
            "ten",
            "explain",
            useful=number(float(blind.useful), 2),
            good=pool.good,
            total=pool.total,
            colour=pool.colour,
        ),
        on_explain=lambda: _set_hand(lab, 6, TEN, 0, 0, lab.draws.value),
        **_hint(L2, "ten"),
    )


def l2_worth(lab: Any) -> Reflect:
    return Reflect(
        "rails2-worth", _t(L2, "worth", "question"), _t(L2, "worth", "model", six=ROUTE_POINTS[6])
    )


def l2_step3(lab: Any) -> w.VBox:
    return stack(l2_blind_useful(lab), l2_ten(lab), l2_worth(lab))


def interval_ratio(p: float, small: int = 1_000, large: int = 50_000) -> float:
    """How many times narrower the 95% interval of ``large`` shuffles is than of ``small``."""
    lo1, hi1 = odds.wilson_interval(round(p * small), small)
    lo2, hi2 = odds.wilson_interval(round(p * large), large)
    return (hi1 - lo1) / (hi2 - lo2)


MC_HAND = (4, 1, 0, 3, 6)  # the lab's opening hand: length, colour, locomotives, other, draws


def l2_mc_narrower(lab: Any) -> Number:
    length, colour, locos, other, draws = MC_HAND
    p = odds.route_ready(length, colour + locos, draws, odds.unseen_pool(colour, locos, other))
    return Number(
        "rails2-mc-narrower",
        _t(L2, "mc_narrower", "question", length=length, colour=colour, draws=draws),
        interval_ratio(float(p)),
        tolerance=1.0,
        digits=1,
        explanation=lambda ratio: _t(
            L2, "mc_narrower", "explain", ratio=number(ratio, 1), root=number(50**0.5, 1)
        ),
        on_explain=lambda: _set_hand(lab, *MC_HAND),
        **_hint(L2, "mc_narrower"),
    )


def l2_mc_outside(lab: Any) -> Number:
    outside = round(100 * (1 - CONFIDENCE))
    return Number(
        "rails2-mc-outside",
        _t(L2, "mc_outside", "question"),
        outside,
        tolerance=2,
        explanation=_t(L2, "mc_outside", "explain", n=outside),
        **_hint(L2, "mc_outside"),
    )


def l2_step4(lab: Any) -> w.VBox:
    return stack(l2_mc_narrower(lab), l2_mc_outside(lab))


lesson2 = SimpleNamespace(
    ready=l2_step1, wipe=l2_step2, choice=l2_step3, montecarlo=l2_step4, score=lesson_score
)


# ====================================================================== lesson 3: tickets
L3 = "lesson3"


def _ticket_id(a: str, b: str) -> int:
    return next(tk.id for tk in load().tickets if {tk.a, tk.b} == {a, b})


def l3_la_ny(explorer: Any) -> Number:
    a, b = DETOUR
    path = shortest_route(a, b)
    tid = _ticket_id(a, b)
    return Number(
        "rails3-la-ny",
        _t(L3, "la_ny", "question", a=a, b=b),
        path.trains,
        explanation=_t(
            L3,
            "la_ny",
            "explain",
            trains=path.trains,
            routes=path.routes,
            cities=" → ".join(path.cities),
        ),
        on_explain=lambda: setattr(explorer.ticket, "value", tid),
        **_hint(L3, "la_ny"),
    )


def l3_half(explorer: Any) -> Choice:
    a, b = DETOUR
    trains = shortest_route(a, b).trains
    return Choice(
        "rails3-half",
        _t(L3, "half", "question", trains=rails_rules.TRAINS),
        "yes" if trains < rails_rules.TRAINS / 2 else "no",
        options=_yes_no(),
        explanation=_t(
            L3,
            "half",
            "explain",
            trains=trains,
            total=rails_rules.TRAINS,
            left=rails_rules.TRAINS - trains,
        ),
        **_hint(L3, "half"),
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
        _t(L3, "differ", "question"),
        answer,
        options=[(f"{tk.a} – {tk.b} ({tk.points} pt)", tk.id) for tk in tickets],
        explanation=_t(
            L3,
            "differ",
            "explain",
            n=len(answer),
            total=len(tickets),
            tickets=", ".join(f"{tickets[i].a} – {tickets[i].b}" for i in sorted(answer)),
        ),
        **_hint(L3, "differ"),
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
        _t(L3, "only", "question", length=length, trains=rails_rules.TRAINS),
        points,
        explanation=_t(
            L3,
            "only",
            "explain",
            routes=routes,
            length=length,
            each=ROUTE_POINTS[length],
            points=points,
            left=rails_rules.TRAINS - routes * length,
        ),
        **_hint(L3, "only"),
    )


def l3_one_train(explorer: Any) -> Reflect:
    ones = sorted({r.cities for r in load().routes if r.length == 1})
    return Reflect(
        "rails3-one-train",
        _t(L3, "one_train", "question"),
        _t(
            L3,
            "one_train",
            "model",
            n=len(ones),
            routes=", ".join(f"{a} – {b}" for a, b in ones[:4]),
        ),
    )


def l3_step2(explorer: Any) -> w.VBox:
    return stack(l3_only(explorer, 3), l3_only(explorer, 6), l3_one_train(explorer))


@cache
def trail_of(seed: int) -> SimpleNamespace:
    """The bots' game the trail step draws at ``seed``: its end state, the player with the
    longest trail (the first on a tie, like the widget) and one longest trail as steps."""
    state = bot_game(seed)
    trails = {p: longest_trail_steps(player_routes(state, p)) for p in range(state.players)}
    length = {p: sum(r.length for r, _, _ in tr) for p, tr in trails.items()}
    best = next(p for p in trails if length[p] == max(length.values()))
    return SimpleNamespace(state=state, player=best, trail=trails[best], length=length)


def l3_twice(explorer: Any) -> Choice:
    seed = explorer.seed.value
    game = trail_of(seed)
    cities = [game.trail[0][1]] + [c for _, _, c in game.trail] if game.trail else []
    twice = sorted(c for c, n in Counter(cities).items() if n > 1)
    return Choice(
        "rails3-twice",
        _t(L3, "twice", "question", seed=seed, name=game.state.names[game.player]),
        "yes" if twice else "no",
        options=_yes_no(),
        explanation=_t(
            L3, "twice", "explain_yes" if twice else "explain_no", cities=", ".join(twice)
        ),
        on_explain=lambda: setattr(explorer.seed, "value", seed),
        **_hint(L3, "twice"),
    )


def l3_left_out(explorer: Any) -> Number:
    seed = explorer.seed.value
    game = trail_of(seed)
    owned = player_routes(game.state, game.player)
    left = len(owned) - len(game.trail)
    return Number(
        "rails3-left-out",
        _t(L3, "left_out", "question", seed=seed, name=game.state.names[game.player]),
        left,
        explanation=_t(
            L3, "left_out", "explain", owned=len(owned), used=len(game.trail), left=left
        ),
        on_explain=lambda: setattr(explorer.seed, "value", seed),
        **_hint(L3, "left_out"),
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
        _t(L3, "longer", "question", name=game.state.names[game.player]),
        longer,
        options=[(label(r), r) for r in near],
        explanation=_t(
            L3,
            "longer",
            "explain",
            n=len(longer),
            total=len(near),
            routes=", ".join(label(r) for r in sorted(longer)[:6]),
        ),
        **_hint(L3, "longer"),
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
        _t(L3, "winner_trail", "question", low=TRAIL_SEEDS[0], high=TRAIL_SEEDS[-1]),
        lambda: sum(winner_has_trail(s) for s in TRAIL_SEEDS),
        explanation=lambda n: _t(
            L3,
            "winner_trail",
            "explain",
            n=n,
            total=len(TRAIL_SEEDS),
            seeds=", ".join(str(s) for s in TRAIL_SEEDS if winner_has_trail(s)) or "—",
        ),
        **_hint(L3, "winner_trail"),
    )


def l3_step3(explorer: Any) -> w.VBox:
    return stack(
        l3_twice(explorer), l3_left_out(explorer), l3_longer(explorer), l3_winner_trail(explorer)
    )


lesson3 = SimpleNamespace(tickets=l3_step1, points=l3_step2, trail=l3_step3, score=lesson_score)


# ====================================================================== lesson 4: a game
L4 = "lesson4"


def _moment(view: Any, moment: str) -> Callable[[], None]:
    return lambda: view.jump(moment)


def deal_question(seed: int, view: Any) -> tuple[int, int]:
    """(seed, players) of a deal: the view's at seed 0, then seeded draws."""
    if seed == 0:
        return view.seed.value, view.players.value
    rng = random.Random(f"rails4-deal:{seed}")
    return rng.randint(1, 99), rng.randint(2, 5)


def l4_pile(view: Any) -> Number:
    def variant(seed: int) -> Variant:
        game_seed, players = deal_question(seed, view)
        state = rails_rules.new_game(players, seed=game_seed)

        def show() -> None:
            view.seed.value, view.players.value = game_seed, players
            view.jump("setup")

        return Variant(
            _t(L4, "pile", "question", seed=game_seed, players=players),
            len(state.deck),
            _t(
                L4,
                "pile",
                "explain",
                deck=len(state.deck),
                players=players,
                hand=rails_rules.HAND,
                dealt=players * rails_rules.HAND,
                face=rails_rules.SLOTS,
                discard=len(state.discard),
            ),
            on_explain=show,
        )

    return Number("rails4-pile", new_question=variant, **_hint(L4, "pile"))


def l4_keep(view: Any) -> Number:
    return Number(
        "rails4-keep",
        _t(L4, "keep", "question", n=rails_rules.SETUP_DEALT),
        rails_rules.SETUP_KEEP,
        explanation=_t(
            L4, "keep", "explain", keep=rails_rules.SETUP_KEEP, n=rails_rules.SETUP_DEALT
        ),
        on_explain=_moment(view, "setup"),
        **_hint(L4, "keep"),
    )


def l4_setup(view: Any) -> w.VBox:
    return stack(l4_pile(view), l4_keep(view))


@cache
def first_turn(seed: int, players: int) -> Any:
    states, _ = bots_game(seed, players)
    return states[moment_index(states, "turn")]


def l4_claimable(view: Any) -> Number:
    seed, players = view.seed.value, view.players.value
    state = first_turn(seed, players)
    routes = sorted({a.route for a in rails_rules.claim_actions(state)})
    return Number(
        "rails4-claimable",
        _t(
            L4, "claimable", "question", seed=seed, players=players, name=state.names[state.current]
        ),
        len(routes),
        explanation=_t(
            L4,
            "claimable",
            "explain",
            n=len(routes),
            routes=", ".join(f"{load().routes[r].a} – {load().routes[r].b}" for r in routes) or "—",
        ),
        on_explain=_moment(view, "turn"),
        **_hint(L4, "claimable"),
    )


def claim_after_one_card(seed: int, players: int) -> str:
    """Whether gamelib lets a player claim a route after taking one blind card ("yes"/"no")."""
    after = rails_rules.apply(first_turn(seed, players), rails_rules.DrawDeck())
    assert after.phase == SECOND_DRAW
    claims = [a for a in rails_rules.legal_actions(after) if isinstance(a, rails_rules.ClaimRoute)]
    return "yes" if claims else "no"


def l4_one_action(view: Any) -> Choice:
    seed, players = view.seed.value, view.players.value
    answer = claim_after_one_card(seed, players)
    return Choice(
        "rails4-one-action",
        _t(L4, "one_action", "question"),
        answer,
        options=_yes_no(),
        explanation=_t(L4, "one_action", "explain_" + answer),
        on_explain=_moment(view, "turn"),
        **_hint(L4, "one_action"),
    )


def l4_turn(view: Any) -> w.VBox:
    return stack(l4_claimable(view), l4_one_action(view))


@cache
def last_round(seed: int, players: int) -> tuple[Any, Any]:
    """(the first state of the announced last round, the end state) of the bots' game."""
    states, _ = bots_game(seed, players)
    return states[moment_index(states, "last_round")], states[-1]


def l4_trigger_trains(view: Any) -> Number:
    seed, players = view.seed.value, view.players.value
    start, _ = last_round(seed, players)
    return Number(
        "rails4-trigger-trains",
        _t(L4, "trigger_trains", "question", seed=seed, players=players),
        start.trains[start.trigger],
        explanation=_t(
            L4,
            "trigger_trains",
            "explain",
            name=start.names[start.trigger],
            trains=start.trains[start.trigger],
            limit=rails_rules.LAST_ROUND,
        ),
        on_explain=_moment(view, "last_round"),
        **_hint(L4, "trigger_trains"),
    )


def l4_last_turns(view: Any) -> Number:
    seed, players = view.seed.value, view.players.value
    start, end = last_round(seed, players)
    turns = end.turn - start.turn
    return Number(
        "rails4-last-turns",
        _t(L4, "last_turns", "question", seed=seed, players=players),
        turns,
        explanation=_t(L4, "last_turns", "explain", n=turns, players=players),
        on_explain=_moment(view, "last_round"),
        **_hint(L4, "last_turns"),
    )


def l4_end(view: Any) -> w.VBox:
    return stack(l4_trigger_trains(view), l4_last_turns(view))


RULES = ("§Iniziare il gioco", "§Prendere carte carro", "§Carte Locomotiva", "§Occupare le strade")


def refused(state: Any, action: Any) -> str:
    """The § gamelib cites when it refuses ``action`` in ``state``."""
    try:
        rails_rules.apply(state, action)
    except IllegalAction as no:
        return no.rule
    raise AssertionError(f"{action} was accepted")


@cache
def second_loco_rule(players: int = 2) -> str:
    """The rule cited for a face-up locomotive taken as the second card: the first seeded bots'
    game with a locomotive face up at a second draw is asked."""
    for seed in range(1, 50):
        for state in bots_game(seed, players)[0]:
            if state.phase == SECOND_DRAW and LOCO in state.face_up:
                return refused(state, rails_rules.DrawFaceUp(CARD_NAMES[LOCO]))
    raise AssertionError("no second draw with a face-up locomotive in 49 games")


def l4_second_loco(table: Any) -> Choice:
    return Choice(
        "rails4-second-loco",
        _t(L4, "second_loco", "question"),
        lambda: second_loco_rule(),
        options=[(r, r) for r in RULES],
        explanation=lambda rule: _t(L4, "second_loco", "explain", rule=rule),
        **_hint(L4, "second_loco"),
    )


def unpaid_rule(seed: int, players: int = 2) -> str:
    """The rule cited when the first player claims a route their opening hand cannot pay."""
    state = first_turn(seed, players)
    payable = {a.route for a in rails_rules.claim_actions(state)}
    board = load()
    route = next(r for r in board.routes if r.id not in payable and r.color != GREY)
    return refused(state, rails_rules.ClaimRoute(route.id, route.color, 0))


def l4_unpaid(table: Any) -> Choice:
    seed = table.seed.value
    return Choice(
        "rails4-unpaid",
        _t(L4, "unpaid", "question"),
        lambda: unpaid_rule(seed),
        options=[(r, r) for r in RULES],
        explanation=lambda rule: _t(L4, "unpaid", "explain", rule=rule),
        **_hint(L4, "unpaid"),
    )


@cache
def finished(seed: int, players: int) -> Any:
    """The end of the game "Let the bots play to the end" plays from a new table at ``seed``:
    every seat a planner bot with seed ``seed * 10 + seat`` (the table's stand-in for humans)."""
    return bots_game(seed, players)[0][-1]


def l4_longest(table: Any) -> Pick:
    seed, players = table.seed.value, table.state.players
    names = list(table.state.names)

    def answer() -> frozenset[int]:
        return frozenset(s.player for s in final_scores(finished(seed, players)) if s.longest_bonus)

    def explain(who: frozenset[int]) -> str:
        scores = final_scores(finished(seed, players))
        trails = ", ".join(f"{names[s.player]} {s.longest_trail}" for s in scores)
        return _t(
            L4, "longest", "explain", names=", ".join(names[p] for p in sorted(who)), trails=trails
        )

    def show() -> None:
        if not rails_rules.is_over(table.state):
            table.finish()

    return Pick(
        "rails4-longest",
        _t(L4, "longest", "question", seed=seed),
        answer,
        options=[(n, p) for p, n in enumerate(names)],
        explanation=explain,
        on_explain=show,
        **_hint(L4, "longest"),
    )


def l4_table(table: Any) -> w.VBox:
    return stack(l4_second_loco(table), l4_unpaid(table), l4_longest(table))


lesson4 = SimpleNamespace(
    setup=l4_setup, turn=l4_turn, end=l4_end, table=l4_table, score=lesson_score
)
