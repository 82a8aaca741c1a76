"""The checks of Rails lesson 5, what makes a good strategy: a tournament of our bots (the random
bot's tickets and scores, §Calcolo dei punti), luck between identical planners, game length by
number of players (§Fine del gioco), and what more games buy (the shipped study of the first
seat's wins, ``widgets.kit.intervals``).

A check about the bots' games reads the very batch the lab plays for the settings its question
names (the lab's ``plan``, through the lab's ``run_games``: its result cache, so the shipped
presses of :data:`RUNS` are instant; otherwise under the lab's progress bar), only when first
answered, never while the page loads. "Show me" moves the lab's controls to those settings and
presses *Run the games*. The study checks read the study's shipped numbers.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from statistics import fmean, pstdev, quantiles
from typing import Any

import ipywidgets as w

from gamelib.rails import rules as rails_rules
from gamelib.rails.simulate import GameSummary
from gamelib.study.stats import Interval
from widgets.common import run_with_progress
from widgets.kit import intervals
from widgets.kit.check import Choice, Number, Reflect, lesson_score, stack
from widgets.kit.check_kinds import PredictChoice, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number, percent
from widgets.rails.checks.common import ladder
from widgets.rails.strategy import LINEUPS, by_kind

_t = CheckTexts("rails", "lesson5")
GAMES, SEED = 1000, 0  # every run the checks read: the lab's default games and seed
Run = tuple[int, str]  # (players, line-up)
TOURNAMENT: Run = (3, "planner_vs_random")  # the lab's default press
LUCK: Run = (3, "all_planner")
SMALL_TABLE: Run = (2, "all_planner")
LARGE_TABLE: Run = (5, "all_planner")
RUNS = (TOURNAMENT, LUCK, SMALL_TABLE, LARGE_TABLE)  # shipped precomputed (widgets.precomputed)
SPREADS = (20, 40, 80, 160)  # the choices of "how many points do the middle 90% span?"
SEASON = 40  # games in a season of a school club (ours: one a week over a school year)
EDGE = 0.02  # the first-seat advantage the season question imagines: 2 points of share


def settings(run: Run) -> dict[str, Any]:
    """The lab's settings for ``run``: the values its controls take on "show me"."""
    players, lineup = run
    return {"games": GAMES, "seed": SEED, "players": players, "lineup": lineup}


def games(lab: Any, run: Run) -> list[GameSummary]:
    """The games the lab plays for ``run``: the same batch (its ``plan``) through its
    ``run_games``, so from its result cache when shipped or already pressed."""
    batch = lab.plan(settings(run))[0]
    return run_with_progress(lab.bar, batch.n, lambda p: lab.run_games([batch], p))[0]


def stats(lab: Any, run: Run) -> dict[str, dict[str, Any]]:
    """Scores, tickets and wins by bot kind, counted as the lab counts them (``by_kind``)."""
    players, lineup = run
    return by_kind(games(lab, run), LINEUPS[lineup](players))


def ticket_rate(kind: dict[str, Any]) -> float:
    """The share of the kept tickets completed (the lab's "tickets completed" bar)."""
    kept = kind["done"] + kind["failed"]
    return kind["done"] / kept if kept else 0.0


def mean_turns(lab: Any, run: Run) -> float:
    """Turns per game on average (the lab's summary line)."""
    return fmean(g.turns for g in games(lab, run))


def press(lab: Any, run: Run) -> Callable[[], None]:
    """Set the lab's controls to ``run`` and press *Run the games* (instant when cached)."""

    def show() -> None:
        for name, value in settings(run).items():
            lab.controls[name].value = value
        lab.run()

    return show


def _count(n: int) -> str:
    """A whole number with the catalog's thousands separator (1,000)."""
    return number(n, 0, grouping=True)


# ---------------------------------------------------------------------- step 1: a tournament
QUARTERS = ("q1", "q2", "q3", "q4")


def quarter(share: float) -> str:
    """Which quarter of 0–100% ``share`` falls in (three quarters and more: the last)."""
    return QUARTERS[min(int(share * 4), 3)]


def negative_share(kind: dict[str, Any]) -> float:
    return sum(s < 0 for s in kind["scores"]) / len(kind["scores"])


def l5_random_tickets(lab: Any) -> Number:
    def explain(rate: float) -> str:
        s = stats(lab, TOURNAMENT)
        random, planner = s["random"], s["planner"]
        return _t(
            "random_tickets",
            "explain",
            rate=number(rate, 1) + "%",
            done=_count(random["done"]),
            kept=_count(random["done"] + random["failed"]),
            seats=_count(random["seats"]),
            planner=percent(ticket_rate(planner)),
        )

    return Number(
        "rails5-random-tickets",
        _t("random_tickets", "question", games=_count(GAMES), seed=SEED, players=TOURNAMENT[0]),
        lambda: 100 * ticket_rate(stats(lab, TOURNAMENT)["random"]),
        tolerance=1,
        unit="%",
        digits=1,
        explanation=explain,
        on_explain=press(lab, TOURNAMENT),
        hint=ladder(_t, "random_tickets"),
    )


def l5_random_negative(lab: Any) -> Choice:
    def explain(_answer: str) -> str:
        random = stats(lab, TOURNAMENT)["random"]
        return _t(
            "random_negative",
            "explain",
            share=percent(negative_share(random)),
            seats=_count(random["seats"]),
            mean=number(fmean(random["scores"])),
        )

    return Choice(
        "rails5-random-negative",
        _t("random_negative", "question"),
        lambda: quarter(negative_share(stats(lab, TOURNAMENT)["random"])),
        options=[(_t("quarter", q), q) for q in QUARTERS],
        explanation=explain,
        on_explain=press(lab, TOURNAMENT),
        hint=ladder(_t, "random_negative"),
    )


def random_seats(lab: Any, run: Run = TOURNAMENT) -> list[tuple[int, int, int, int]]:
    """(score, tickets completed, tickets failed, longest trail) of every random bot's seat in
    the games the lab plays for ``run``."""
    players, lineup = run
    kinds = LINEUPS[lineup](players)
    return [
        (g.scores[s], g.tickets_completed[s], g.tickets_failed[s], g.longest_trail[s])
        for g in games(lab, run)
        for s, kind in enumerate(kinds)
        if kind == "random"
    ]


def negative_values(lab: Any) -> dict[str, str]:
    """What the reasons for the random bot's negative scores cite, from the lab's games."""
    seats = random_seats(lab)
    below = [seat for seat in seats if seat[0] < 0]
    random, planner = stats(lab, TOURNAMENT)["random"], stats(lab, TOURNAMENT)["planner"]
    return dict(
        rate=percent(ticket_rate(random)),
        failed=number(random["failed"] / random["seats"]),
        done=number(random["done"] / random["seats"]),
        kept=number((random["done"] + random["failed"]) / random["seats"]),
        planner=percent(ticket_rate(planner)),
        mean=number(fmean(random["scores"])),
        below=_count(len(below)),
        with_failed=percent(sum(f > 0 for _, _, f, _ in below) / len(below) if below else 1.0),
        trail=number(fmean(trail for *_, trail in seats)),
    )


WHY_NEGATIVE = ("no_tickets", "bonus", "failed", "no_routes")  # the options, in the page's order


def l5_why_negative(lab: Any) -> Reason:
    """Why the random bot's scores are mostly negative: pick the reason (its numbers from the
    lab's games, read when first answered)."""

    def why(key: str) -> Callable[[Any], str]:
        return lambda _answer: _t("why_negative", f"why_{key}", **negative_values(lab))

    return Reason(
        "rails5-why-negative",
        _t("why_negative", "question_reason"),
        "failed",
        options=[(_t("why_negative", k), k) for k in WHY_NEGATIVE],
        explanations={k: why(k) for k in WHY_NEGATIVE},
        hint=ladder(_t, "why_negative"),
        on_explain=press(lab, TOURNAMENT),
    )


def l5_tournament(lab: Any) -> w.VBox:
    """Step 1 · the default press: the random bot's tickets and scores, and why."""
    return stack(l5_random_tickets(lab), l5_random_negative(lab), l5_why_negative(lab))


# ---------------------------------------------------------------------- step 2: luck
def middle90(scores: list[int]) -> tuple[float, float]:
    """The 5th and 95th percentiles: the middle 90% of the scores lies between them."""
    cuts = quantiles(scores, n=20)
    return cuts[0], cuts[-1]


def nearest_spread(width: float) -> int:
    """The choice of :data:`SPREADS` nearest to ``width`` (by ratio: they double)."""
    return min(SPREADS, key=lambda s: abs(math.log(width / s)))


def l5_luck_spread(lab: Any) -> Choice:
    def answer() -> int:
        low, high = middle90(stats(lab, LUCK)["planner"]["scores"])
        return nearest_spread(high - low)

    def explain(_answer: int) -> str:
        planner = stats(lab, LUCK)["planner"]
        low, high = middle90(planner["scores"])
        return _t(
            "luck_spread",
            "explain",
            seats=_count(planner["seats"]),
            low=number(low, 0),
            high=number(high, 0),
            width=number(high - low, 0),
            mean=number(fmean(planner["scores"])),
        )

    return Choice(
        "rails5-luck-spread",
        _t("luck_spread", "question", players=LUCK[0], games=_count(GAMES), seed=SEED),
        answer,
        options=[(_t("luck_spread", "option", points=s), s) for s in SPREADS],
        explanation=explain,
        on_explain=press(lab, LUCK),
        hint=ladder(_t, "luck_spread"),
    )


def l5_luck(lab: Any) -> Reflect:
    def model(_: None) -> str:
        planner = stats(lab, LUCK)["planner"]
        tournament = stats(lab, TOURNAMENT)
        lead = fmean(tournament["planner"]["scores"]) - fmean(tournament["random"]["scores"])
        return _t(
            "luck",
            "model",
            sd=number(pstdev(planner["scores"])),
            mean=number(fmean(planner["scores"])),
            lead=number(lead),
        )

    return Reflect("rails5-luck", _t("luck", "question"), model)


def l5_luck_step(lab: Any) -> w.VBox:
    """Step 2 · identical planners: how far apart luck alone puts their scores."""
    return stack(l5_luck_spread(lab), l5_luck(lab))


# ---------------------------------------------------------------------- step 3: game length
def length_change(small: float, large: float, few: int, many: int) -> str:
    """How a game's length changes from ``few`` to ``many`` players, given the mean turns."""
    if large < small:
        return "fewer"
    return "more_fewer" if large / many < small / few else "more_more"


def l5_length(lab: Any) -> PredictChoice:
    """Predicted before the lab shows it: from 2 to 5 players, more turns in all, and more or
    fewer for each player? (The length chart and the summary stay veiled until then.)"""
    few, many = SMALL_TABLE[0], LARGE_TABLE[0]

    def turns() -> tuple[float, float]:
        return mean_turns(lab, SMALL_TABLE), mean_turns(lab, LARGE_TABLE)

    def explain(_answer: str) -> str:
        small, large = turns()
        each = "fewer" if large / many < small / few else "more"
        return _t(
            "length",
            f"explain_predict_{each}",
            few=few,
            many=many,
            small=number(small),
            large=number(large),
            small_each=number(small / few),
            large_each=number(large / many),
            trains=rails_rules.TRAINS,
        )

    return PredictChoice(
        "rails5-length",
        _t("length", "predict_lead")
        + " "
        + _t("length", "question", few=few, many=many, games=_count(GAMES), seed=SEED),
        lambda: length_change(*turns(), few, many),
        options=[(_t("length", k), k) for k in ("more_more", "more_fewer", "fewer")],
        reveals=[find_tagged(lab, "rails-fig-length"), lab.summary],
        inside=lab,
        explanation=explain,
        on_explain=press(lab, LARGE_TABLE),
    )


def l5_length_why(lab: Any) -> Reflect:
    def model(_: None) -> str:
        small, large = mean_turns(lab, SMALL_TABLE), mean_turns(lab, LARGE_TABLE)
        few, many = SMALL_TABLE[0], LARGE_TABLE[0]
        each = "fewer" if large / many < small / few else "more"
        return _t(
            "length_why",
            f"model_{each}",
            few=few,
            many=many,
            small_each=number(small / few),
            large_each=number(large / many),
        )

    return Reflect("rails5-length-why", _t("length_why", "question"), model)


def l5_length_step(lab: Any) -> w.VBox:
    """Step 3 · more players: more turns in all, and how many each (§Fine del gioco)."""
    return stack(l5_length(lab), l5_length_why(lab))


# ---------------------------------------------------------------------- step 4: more games
LAB = "rails"  # the study MoreGames("rails") draws


def study() -> tuple[float | None, list[tuple[Interval, bool]]]:
    """The shipped study: the fair share and, for each of ``intervals.MARKS``, the interval and
    whether it was measured (else expected from the formula), as the chart draws them."""
    data = intervals.load(LAB)
    (series,) = data["series"].values()
    return data.get("fair"), intervals.points(series, data["kind"] == "share")


def fair_inside() -> str:
    """Whether the fair share lies inside the interval at the first two sizes."""
    fair, pts = study()
    inside = [p.low <= fair <= p.high for p, _ in pts[:2]]
    return {(True, True): "both", (True, False): "first", (False, True): "second"}.get(
        tuple(inside), "neither"
    )


def _interval_text(p: Interval) -> dict[str, str]:
    return {"estimate": percent(p.estimate), "low": percent(p.low), "high": percent(p.high)}


def l5_fair(more: Any) -> Choice:
    small, large = intervals.MARKS[0], intervals.MARKS[1]

    def explain(_answer: str) -> str:
        fair, pts = study()
        first, second = (_interval_text(p) for p, _ in pts[:2])
        return _t(
            "fair",
            "explain",
            fair=percent(fair),
            small=number(small, 0, grouping=True),
            large=number(large, 0, grouping=True),
            e1=first["estimate"],
            lo1=first["low"],
            hi1=first["high"],
            e2=second["estimate"],
            lo2=second["low"],
            hi2=second["high"],
        )

    sizes = {"small": number(small, 0, grouping=True), "large": number(large, 0, grouping=True)}
    return Choice(
        "rails5-fair",
        _t("fair", "question", **sizes),
        fair_inside(),
        options=[(_t("fair", k, **sizes), k) for k in ("both", "first", "second", "neither")],
        explanation=explain,
        hint=ladder(_t, "fair", **sizes),
    )


def shrink() -> tuple[float, bool]:
    """How many times narrower the interval is at the largest size than at the first, and
    whether the largest was measured (else expected from the formula)."""
    _, pts = study()
    (first, _), (last, measured) = pts[0], pts[-1]
    return first.half_width / last.half_width, measured


def l5_shrink(more: Any) -> Number:
    small, large = intervals.MARKS[0], intervals.MARKS[-1]
    ratio, measured = shrink()
    sizes = {"small": number(small, 0, grouping=True), "large": number(large, 0, grouping=True)}
    return Number(
        "rails5-shrink",
        _t("shrink", "question", **sizes),
        ratio,
        tolerance=0.5,
        digits=1,
        explanation=_t(
            "shrink",
            "explain",
            ratio=number(ratio, 1),
            times=number(large / small, 0, grouping=True),
            root=number(math.sqrt(large / small), 0),
            how=_t("shrink", "measured" if measured else "expected", **sizes),
        ),
        hint=ladder(_t, "shrink", **sizes),
    )


def games_to_see(edge: float, share: float, z: float = 1.96) -> int:
    """Games after which a 95% interval's half width (``z·√(p(1−p)/n)``) is below ``edge``."""
    return math.ceil((z / edge) ** 2 * share * (1 - share))


def l5_season(more: Any) -> Reflect:
    fair, pts = study()
    share = fair if fair is not None else 0.5
    measured = [p for p, m in pts if m][-1]
    luck = 1.96 * math.sqrt(share * (1 - share) / SEASON)
    return Reflect(
        "rails5-season",
        _t("season", "question", edge=number(100 * EDGE, 0)),
        _t(
            "season",
            "model",
            season=SEASON,
            edge=number(100 * EDGE, 0),
            extra=number(EDGE * SEASON),
            luck=number(luck * SEASON),
            need=number(games_to_see(EDGE, share), 0, grouping=True),
            estimate=percent(measured.estimate),
            half=number(100 * measured.half_width),
            n=number(measured.n, 0, grouping=True),
            fair=percent(share),
        ),
    )


def l5_more_games(more: Any) -> w.VBox:
    """Step 4 · the shipped study: the fair third and the intervals, how they shrink, a season."""
    return stack(l5_fair(more), l5_shrink(more), l5_season(more))


# the steps, as the notebook calls them: ``checks.<step>(widget)``
tournament = l5_tournament
luck = l5_luck_step
length = l5_length_step
more_games = l5_more_games
score = lesson_score
