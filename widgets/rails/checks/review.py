"""The spaced review of the Rails lessons (issue #25): every lesson after the first opens with
three short checks on the earlier ones, so last week's rules are used again before something new
is built on them.

``before(lesson, seed)`` builds the three checks (``rails-review<lesson>-<k>``): standalone, no
widget needed, their answers computed from ``gamelib`` when the page runs (route points, the
double routes' rule, a grey route's payment, the useful cards of the deck, a face-up
locomotive, a wipe, points per train, the longest trail's bonus and shape, the deal, the last
round, the tie-break, a final score, the 95% interval). The questions are spread over the
earlier lessons, one from each of the latest ones first, and drawn with ``seed`` (a class
shares the same questions). Texts: ``rails.checks.review.<name>.*``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

from gamelib.rails import odds
from gamelib.rails import rules as rails_rules
from gamelib.rails.actions import DrawFaceUp
from gamelib.rails.board import GREY, load
from gamelib.rails.cards import CARD_NAMES, COLORS, LOCO, LOCOMOTIVES, PER_COLOR, TOTAL_CARDS
from gamelib.rails.routes import longest_trail
from gamelib.rails.scoring import LONGEST_BONUS, ROUTE_POINTS
from gamelib.rails.state import SECOND_DRAW, SETUP, TURN
from widgets.kit.check import Check, Choice, Number
from widgets.kit.check_texts import CheckTexts
from widgets.kit.review import Review
from widgets.kit.strategy import number, percent
from widgets.rails.checks import lesson1, lesson3, lesson4
from widgets.rails.checks.common import _colour

_t = CheckTexts("rails", "review")
_t1 = CheckTexts("rails", "lesson1")
Rng = random.Random
Question = Callable[[str, Rng], Check]


def _hint(name: str, **values: Any) -> list[str]:
    """A review check's ladder: the idea, then the method (no control to name: no widget)."""
    return [_t(name, "hint_idea", **values), _t(name, "hint_method", **values)]


# ---------------------------------------------------------------------- lesson 1
def route_points(name: str, rng: Rng) -> Check:
    """§Punti: what a route of some length scores."""
    n = rng.choice((2, 3, 4, 5))
    points = ROUTE_POINTS[n]
    return Number(
        name,
        _t("points", "question", n=n),
        points,
        explanation=_t("points", "explain", n=n, points=points, per=number(points / n, 1)),
        hint=_hint("points", n=n),
    )


def double_rule(name: str, rng: Rng) -> Check:
    """§Occupare le strade: the second route of a double, with the table's players."""
    case = lesson1.double_case(rng.randint(1, 999))
    players, route, owner, asker = case
    r = load().routes[route]
    values = dict(
        players=players,
        owner=owner + 1,
        asker=asker + 1,
        a=r.a,
        b=r.b,
        colour=_colour(r.color),
        other=_colour(load().routes[r.twin].color),
        limit=rails_rules.DOUBLE_MIN,
    )
    answer = lesson1.double_answer(*case)
    question = "question_own" if asker == owner else "question"
    return Choice(
        name,
        _t1("double_rule", question, **values),
        answer,
        options=[(_t1("double_rule", k, **values), k) for k in lesson1.DOUBLE_ANSWERS],
        explanation=_t1("double_rule", f"explain_{answer}", **values),
        hint=[
            _t1("double_rule", "hint_idea", **values),
            _t1("double_rule", "hint_method", **values),
        ],
    )


GREY_PAYMENTS = ("mixed", "one", "locos")  # the options, in the page's order


def grey_payment(length: int) -> str:
    """How gamelib lets a grey route of ``length`` be paid: with cards of one colour ("one"),
    of mixed colours too ("mixed"), or only with locomotives ("locos")."""
    board = load()
    route = next(r for r in board.routes if r.color == GREY and r.length == length)
    state = rails_rules.new_game(2, seed=1)

    def payable(hand: list[int]) -> bool:
        hands = [list(h) for h in state.hands]
        hands[0] = hand
        s = replace(state, hands=hands, current=0, phase=TURN)
        return any(a.route == route.id for a in rails_rules.claim_actions(s))

    mixed = [0] * (LOCO + 1)
    mixed[0], mixed[1] = length - 1, 1
    one = [0] * (LOCO + 1)
    one[2] = length
    if payable(mixed):
        return "mixed"
    return "one" if payable(one) else "locos"


def grey_route(name: str, rng: Rng) -> Check:
    """§Occupare le strade: a grey (neutra) route takes any one colour."""
    n = rng.choice((2, 3, 4))
    return Choice(
        name,
        _t("grey", "question", n=n),
        lambda: grey_payment(n),
        options=[(_t("grey", k, n=n), k) for k in GREY_PAYMENTS],
        explanation=_t("grey", "explain", n=n),
        hint=_hint("grey", n=n),
    )


# ---------------------------------------------------------------------- lesson 2
def useful_cards(name: str, rng: Rng) -> Check:
    """§Contenuto, §Carte Locomotiva: the cards that can pay a space of a coloured route."""
    colour = rng.choice(COLORS)
    good = odds.unseen_pool(0, 0, 0).good
    return Number(
        name,
        _t("useful", "question", colour=_colour(colour), total=TOTAL_CARDS),
        good,
        explanation=_t(
            "useful", "explain", per=PER_COLOR, locos=LOCOMOTIVES, good=good, total=TOTAL_CARDS
        ),
        hint=_hint("useful", colour=_colour(colour)),
    )


FACE_UP = ("ends", "one_more", "blind")  # the options, in the page's order


@cache
def after_face_up_locomotive() -> str:
    """What gamelib does after a face-up locomotive taken as the first card: the turn ends
    ("ends"), a second card of any kind ("one_more") or only a blind one ("blind")."""
    state = rails_rules.new_game(2, seed=1)
    while state.phase == SETUP:
        state = rails_rules.apply(state, rails_rules.legal_actions(state)[0])
    state = replace(state, face_up=[LOCO, *state.face_up[1:]])
    player = state.current
    after = rails_rules.apply(state, DrawFaceUp(CARD_NAMES[LOCO]))
    if after.phase != SECOND_DRAW or after.current != player:
        return "ends"
    faces = [a for a in rails_rules.legal_actions(after) if isinstance(a, DrawFaceUp)]
    return "one_more" if faces else "blind"


def face_up_locomotive(name: str, rng: Rng) -> Check:
    """§Carte Locomotiva: a face-up locomotive is the whole draw."""
    return Choice(
        name,
        _t("face_up", "question"),
        after_face_up_locomotive,
        options=[(_t("face_up", k), k) for k in FACE_UP],
        explanation=_t("face_up", "explain"),
        hint=_hint("face_up"),
    )


PILES = ((110, 14), (60, 14), (40, 10), (30, 8), (110, 6), (50, 4))  # (cards, locomotives)


def wipe_piles(name: str, rng: Rng) -> Check:
    """§Carte Locomotiva: which of two piles is wiped more often (the locomotives' share)."""
    (ta, la), (tb, lb) = rng.sample(PILES, 2)
    pa, pb = odds.face_up_wipe(la, ta), odds.face_up_wipe(lb, tb)
    answer = "a" if pa > pb else "b" if pb > pa else "same"
    values = dict(ta=ta, la=la, tb=tb, lb=lb, pa=percent(float(pa)), pb=percent(float(pb)))
    return Choice(
        name,
        _t("wipe", "question", **values),
        answer,
        options=[(_t("wipe", k, **values), k) for k in ("a", "b", "same")],
        explanation=_t("wipe", "explain", **values),
        hint=_hint("wipe", **values),
    )


# ---------------------------------------------------------------------- lesson 3
def points_per_length(name: str, rng: Rng) -> Check:
    """§Punti: 45 trains spent on routes of one length, as far as the board's go."""
    length = rng.choice((2, 4, 5))
    routes, points = lesson3.only_length(length)
    return Number(
        name,
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
        hint=_hint("only", length=length, trains=rails_rules.TRAINS),
    )


def longest_bonus(name: str, rng: Rng) -> Check:
    """§Calcolo dei punti: what the longest trail earns."""
    return Number(
        name,
        _t("bonus", "question"),
        LONGEST_BONUS,
        explanation=_t("bonus", "explain", bonus=LONGEST_BONUS),
        hint=_hint("bonus"),
    )


TRAIL_RULES = ("route", "city", "both", "neither")  # what a trail may repeat, page order


@cache
def loop_and_tail() -> tuple[Any, ...]:
    """Three routes joining three cities in a loop, and a fourth leaving one of them: a network
    whose every route fits one trail only if the trail may pass a city twice."""
    board = load()
    pairs = {frozenset(r.cities): r for r in board.routes if r.twin is None or r.id < r.twin}
    for r in board.routes:
        a, b = r.cities
        for c in board.cities:
            ac, bc = pairs.get(frozenset((a, c))), pairs.get(frozenset((b, c)))
            if ac is None or bc is None or c in (a, b):
                continue
            tail = next(
                (t for t in board.routes if c in t.cities and not set(t.cities) & {a, b}), None
            )
            if tail is not None:
                return (r, ac, bc, tail)
    raise AssertionError("no loop of three cities on the board")


def trail_repeats() -> str:
    """What gamelib's longest trail may repeat: a city (a loop with a tail is one trail) and
    not a route (a single route counts once)."""
    network = loop_and_tail()
    city = longest_trail(network) == sum(r.length for r in network)
    route = longest_trail(network[:1]) > network[0].length
    return {(True, False): "city", (False, True): "route", (True, True): "both"}.get(
        (city, route), "neither"
    )


def trail_shape(name: str, rng: Rng) -> Check:
    """§Calcolo dei punti: a trail may pass a city again, never a route."""
    return Choice(
        name,
        _t("trail", "question"),
        trail_repeats,
        options=[(_t("trail", k), k) for k in TRAIL_RULES],
        explanation=_t("trail", "explain"),
        hint=_hint("trail"),
    )


# ---------------------------------------------------------------------- lesson 4
def pile_after_deal(name: str, rng: Rng) -> Check:
    """§Preparazione: the draw pile after the deal, at a table of some players."""
    players = rng.randint(2, 5)
    dealt = players * rails_rules.HAND
    pile = TOTAL_CARDS - dealt - rails_rules.SLOTS
    return Number(
        name,
        _t("pile", "question", players=players, total=TOTAL_CARDS),
        pile,
        explanation=_t(
            "pile",
            "explain",
            pile=pile,
            total=TOTAL_CARDS,
            dealt=dealt,
            players=players,
            hand=rails_rules.HAND,
            face=rails_rules.SLOTS,
        ),
        hint=_hint("pile", players=players, hand=rails_rules.HAND),
    )


def last_round(name: str, rng: Rng) -> Check:
    """§Fine del gioco (our reading, §silent:last-round): the trains that start the last round."""
    return Number(
        name,
        _t("last", "question"),
        rails_rules.LAST_ROUND,
        explanation=_t("last", "explain", limit=rails_rules.LAST_ROUND),
        hint=_hint("last"),
    )


def tie_break(name: str, rng: Rng) -> Check:
    """§Calcolo dei punti, then §silent:tie-break: who wins a tie on points."""
    v = lesson4.tie_variant(rng.randint(1, 999), rng.choice((-1, 0)))
    return Choice(
        name, v.question, v.answer, options=v.options, explanation=v.explanation, hint=v.hint
    )


# ---------------------------------------------------------------------- lesson 5
def final_score(name: str, rng: Rng) -> Check:
    """§Calcolo dei punti: routes, plus a completed ticket, minus a failed one, plus the bonus."""
    board = load()
    done, failed = rng.sample(board.tickets, 2)
    routes = rng.randint(25, 60)
    total = routes + done.points - failed.points + LONGEST_BONUS
    values = dict(
        routes=routes,
        done=f"{done.a} – {done.b}",
        done_points=done.points,
        failed=f"{failed.a} – {failed.b}",
        failed_points=failed.points,
        bonus=LONGEST_BONUS,
        total=total,
    )
    return Number(
        name,
        _t("score", "question", **values),
        total,
        explanation=_t("score", "explain", **values),
        hint=_hint("score"),
    )


def interval_width(name: str, rng: Rng) -> Check:
    """The 95% interval shrinks like 1/√n: its half width at a hundred times the games."""
    small = rng.choice((400, 1_000, 2_500))
    large = 100 * small
    share = 0.5

    def half(n: int) -> float:
        low, high = odds.wilson_interval(round(share * n), n)
        return 100 * (high - low) / 2

    return Number(
        name,
        _t(
            "interval",
            "question",
            small=number(small, 0, grouping=True),
            large=number(large, 0, grouping=True),
            half=number(half(small), 1),
        ),
        half(large),
        tolerance=0.05,
        digits=2,
        explanation=_t(
            "interval",
            "explain",
            half=number(half(small), 1),
            narrow=number(half(large), 2),
            times=number(math.sqrt(large / small), 0),
        ),
        hint=_hint("interval", half=number(half(small), 1)),
    )


POOLS: dict[int, tuple[Question, ...]] = {
    1: (route_points, double_rule, grey_route),
    2: (useful_cards, face_up_locomotive, wipe_piles),
    3: (points_per_length, longest_bonus, trail_shape),
    4: (pile_after_deal, last_round, tie_break),
    5: (final_score, interval_width),
}
SIZE = 3


def _turned(pool: tuple[Question, ...], by: int) -> list[Question]:
    k = by % len(pool)
    return list(pool[k:] + pool[:k])


def spread(lesson: int, rng: Rng, seed: int = 0) -> list[tuple[int, Question]]:
    """Three questions on the lessons before ``lesson``: one from each of the latest earlier
    lessons first (at most three of them, most recent first), then more from the earlier ones
    until there are three; each lesson's questions drawn without repeats."""
    earlier = [n for n in range(lesson - 1, 0, -1) if n in POOLS]
    if not earlier:
        raise ValueError(f"lesson {lesson} has no earlier lesson to review")
    # each pool turned by the lesson's number, so consecutive reviews ask another question of
    # the same earlier lesson (drawn at random, one question came up in four of five reviews)
    left = {n: _turned(POOLS[n], lesson + seed) for n in earlier}
    chosen: list[tuple[int, Question]] = []
    lessons = earlier if len(earlier) <= SIZE else earlier[:2] + [rng.choice(earlier[2:])]
    while len(chosen) < SIZE:
        for n in lessons:
            if left[n] and len(chosen) < SIZE:
                chosen.append((n, left[n].pop(0)))
        if not any(left[n] for n in lessons):
            lessons = [n for n in earlier if left[n]]
    return chosen


def questions(lesson: int, seed: int = 0) -> list[Check]:
    """The review's three checks, in the order the page shows them."""
    rng = random.Random(f"rails-review:{lesson}:{seed}")
    return [
        ask(f"rails-review{lesson}-{k}", rng)
        for k, (_n, ask) in enumerate(spread(lesson, rng, seed), 1)
    ]


def before(lesson: int, seed: int = 0) -> Review:
    """The review that opens ``lesson``: three questions on the lessons before it, seeded so
    that a class shares them."""
    return Review(questions(lesson, seed), lesson=lesson)
