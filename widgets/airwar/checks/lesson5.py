"""The checks of AirWar lesson 5 (what wins the war?): read the strategy lab's seeded wars and
the shipped study of the first move.

The lab's answers are the games of its default presses (the game count the lesson builds the
lab with, its fixed seed, one matchup), fetched through the lab's own ``run_games`` and so from
the result cache: instant when ``make precompute`` shipped them, otherwise played once under the
lab's progress bar, on the first answer and never at construction. "Show me" sets the lab's
controls to that press and presses it, so the charts show the answer. The study's answers are
the shipped figures :class:`widgets.kit.intervals.MoreGames` draws. The bots and the study are
this project's, and the texts say so.
"""

from __future__ import annotations

from statistics import NormalDist, fmean
from typing import Any

import ipywidgets as w

from gamelib.airwar import simulate
from gamelib.airwar.cards import SIDES
from gamelib.study.stats import CONFIDENCE, Interval
from widgets.airwar.checks.common import ladder
from widgets.airwar.deck import side_label
from widgets.common import run_with_progress
from widgets.i18n import t
from widgets.kit import intervals
from widgets.kit.check import Choice, Number, Reflect, lesson_score, stack
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number, percent

_t = CheckTexts("airwar", "lesson5")
DEFAULT = "planner_planner"  # the lab's default matchup
STRONG = 0.9  # "almost always" in the planner-against-random question's options
GAP = 0.005  # half a point: the half width that tells 49% from 50%


# ---------------------------------------------------------------------- the lab's games
def default_games(lab: Any) -> int:
    """The game count the lesson built the lab with (its default press), whatever the box
    says now: the whole class reads the same wars."""
    return next(s.value for s in lab.settings if s.name == "games")


def games(lab: Any, matchup: str) -> list[simulate.GameSummary]:
    """The games of the lab's default press for ``matchup``: the lab's own batch and its one
    ``run_games`` call, so the result cache answers (and the bar shows any games still to play)."""
    n = default_games(lab)
    batches = lab.plan({"games": n, "matchup": matchup})
    return run_with_progress(lab.bar, n, lambda p: lab.run_games(batches, p))[0]


def press(lab: Any, matchup: str) -> None:
    """Set the lab to the default press of ``matchup`` and press it: the charts then show it."""
    lab.games.value = default_games(lab)
    lab.matchup.value = matchup
    lab.run()


def winner_left(summaries: list[simulate.GameSummary]) -> float:
    """The winner's Industry at the end, on average over the finished wars."""
    left = [
        g.industry[-1][SIDES.index(g.winner)]
        for g in summaries
        if g.finished and g.winner is not None
    ]
    return fmean(left) if left else 0.0


def decided(summaries: list[simulate.GameSummary]) -> str:
    """ "late" when the winner too has lost more than half its starting Industry, else
    "early": a close race or a rout."""
    start = summaries[0].industry[0][0]
    return "late" if winner_left(summaries) < start / 2 else "early"


def planner_shares(lab: Any) -> tuple[float, float]:
    """(the planner's share of wins as the Axis against random Allies, as the Allies against a
    random Axis), each over the finished wars of its default press."""
    as_axis = simulate.win_rates(games(lab, "planner_random"))["axis"]
    as_allies = simulate.win_rates(games(lab, "random_planner"))["allies"]
    return as_axis, as_allies


def against_random(lab: Any) -> str:
    """Which side the planner almost always wins from against random play."""
    a, b = (x >= STRONG for x in planner_shares(lab))
    return {(True, True): "both", (True, False): "axis", (False, True): "allies"}.get(
        (a, b), "neither"
    )


# ---------------------------------------------------------------------- step 1: who wins
def l5_axis_share(lab: Any) -> Number:
    n = default_games(lab)

    def explain(share: float) -> str:
        rates = simulate.win_rates(games(lab, DEFAULT))
        return _t(
            "axis_share",
            "explain",
            axis=percent(rates["axis"]),
            allies=percent(rates["allies"]),
            n=number(n, 0, grouping=True),
            verdict=t(f"airwar.checks.lesson5.half.{'more' if share > 50 else 'less'}"),
        )

    return Number(
        "aw5-axis-share",
        _t("axis_share", "question", n=number(n, 0, grouping=True)),
        lambda: 100 * simulate.win_rates(games(lab, DEFAULT))["axis"],
        tolerance=1,
        unit="%",
        digits=1,
        explanation=explain,
        on_explain=lambda: press(lab, DEFAULT),
        **ladder(_t, "axis_share"),
    )


def l5_wars(lab: Any) -> w.VBox:
    """§Il Gioco: the Axis move first; who wins the planner's wars."""
    return stack(l5_axis_share(lab))


# ---------------------------------------------------------------------- step 2: how long
def l5_turns(lab: Any) -> Number:
    def mean_turns() -> float:
        return fmean(g.turns for g in games(lab, DEFAULT))

    def explain(turns: float) -> str:
        lengths = [g.turns for g in games(lab, DEFAULT)]
        return _t(
            "turns",
            "explain",
            turns=number(turns),
            short=min(lengths),
            long=max(lengths),
            each=number(turns / 2),
        )

    return Number(
        "aw5-turns",
        _t("turns", "question"),
        mean_turns,
        tolerance=0.5,
        digits=1,
        explanation=explain,
        on_explain=lambda: press(lab, DEFAULT),
        **ladder(_t, "turns"),
    )


def l5_decided(lab: Any) -> Choice:
    def explain(_answer: str) -> str:
        played = games(lab, DEFAULT)
        start = played[0].industry[0][0]
        left = winner_left(played)
        return _t(
            "decided",
            "explain",
            left=number(left),
            start=start,
            lost=number(start - left),
            verdict=t(f"airwar.checks.lesson5.decided.{decided(played)}"),
        )

    return Choice(
        "aw5-decided",
        _t("decided", "question"),
        lambda: decided(games(lab, DEFAULT)),
        options=[(_t("decided", f"option_{o}"), o) for o in ("early", "late")],
        explanation=explain,
        on_explain=lambda: press(lab, DEFAULT),
        **ladder(_t, "decided"),
    )


DECIDED_REASONS = ("loser", "winner", "gap")  # the options, in the page's order


def decided_facts(lab: Any) -> dict[str, Any]:
    """What the reasons about the curves are refuted with, from the default press's wars."""
    played = games(lab, DEFAULT)
    done = [g for g in played if g.finished and g.winner is not None]
    at_zero = sum(1 for g in done if g.industry[-1][1 - SIDES.index(g.winner)] == 0)
    start = played[0].industry[0]
    left = winner_left(played)
    return {
        "wars": number(len(done), 0, grouping=True),
        "zero": number(at_zero, 0, grouping=True),
        "axis": start[0],
        "allies": start[1],
        "left": number(left),
        "start": start[0],
        "verdict": t(f"airwar.checks.lesson5.decided.{decided(played)}"),
    }


def l5_decided_why(lab: Any) -> Reason:
    """Which reading of the Industry curves tells early from late: pick the reason."""

    def said(key: str) -> Any:
        return lambda _a: _t("decided_why", key, **decided_facts(lab))

    return Reason(
        "aw5-decided-why",
        _t("decided_why", "question"),
        "winner",
        options=[(_t("decided_why", r), r) for r in DECIDED_REASONS],
        explanations={"winner": said("model"), "loser": said("why_loser"), "gap": said("why_gap")},
        on_explain=lambda: press(lab, DEFAULT),
        **ladder(_t, "decided_why"),
    )


def l5_length(lab: Any) -> w.VBox:
    """How long a war lasts, whether the curves say it is decided early or late, and which
    reading of them says so."""
    return stack(l5_turns(lab), l5_decided(lab), l5_decided_why(lab))


# ---------------------------------------------------------------------- step 3: against random
def l5_against_random(lab: Any) -> Choice:
    def explain(_answer: str) -> str:
        a, b = planner_shares(lab)
        itself = simulate.win_rates(games(lab, DEFAULT))["axis"]
        return _t(
            "against_random",
            "explain",
            as_axis=percent(a),
            as_allies=percent(b),
            itself=percent(itself),
        )

    strong = percent(STRONG, 0)
    return Choice(
        "aw5-against-random",
        _t("against_random", "question", n=number(default_games(lab), 0, grouping=True)),
        lambda: against_random(lab),
        options=[
            (_t("against_random", f"option_{o}", strong=strong), o)
            for o in ("both", "axis", "allies", "neither")
        ],
        explanation=explain,
        on_explain=lambda: press(lab, "random_planner"),
        **ladder(_t, "against_random", strong=strong),
    )


def l5_change_planner(lab: Any) -> Reflect:
    return _t.reflect("aw5-change-planner", "change_planner")


def l5_planner(lab: Any) -> w.VBox:
    """Our planner against random play, from each side; what a better planner would change."""
    return stack(l5_against_random(lab), l5_change_planner(lab))


# ---------------------------------------------------------------------- step 4: more games
def study_points() -> list[tuple[Interval, bool]]:
    """The Axis' share at 1,000, 10,000 and 100,000 games as :class:`MoreGames` draws it:
    (interval, measured) from the shipped study."""
    data = intervals.load("airwar")
    return intervals.points(data["series"]["axis"], data["kind"] == "share")


def fair_inside() -> str:
    """Where the fair share falls at 1,000 and 10,000 games: "both", "first", "second", "none"."""
    fair = intervals.load("airwar")["fair"]
    first, second = (p.low <= fair <= p.high for p, _ in study_points()[:2])
    return {(True, True): "both", (True, False): "first", (False, True): "second"}.get(
        (first, second), "none"
    )


def games_needed(gap: float = GAP, p: float = 0.5) -> float:
    """Games for a 95% half width of ``gap`` on a share near ``p``: solve z·√(p(1−p)/n) = gap."""
    z = NormalDist().inv_cdf((1 + CONFIDENCE) / 2)
    return p * (1 - p) * (z / gap) ** 2


def _interval(p: Interval) -> str:
    return f"{percent(p.low)}–{percent(p.high)}"


def l5_fair_inside(more: Any) -> Choice:
    first, second = intervals.MARKS[:2]

    def explain(_answer: str) -> str:
        (p1, m1), (p2, m2) = study_points()[:2]
        how = {True: t("common.intervals.measured"), False: t("common.intervals.expected")}
        return _t(
            "fair_inside",
            "explain",
            first=number(first, 0, grouping=True),
            second=number(second, 0, grouping=True),
            one=_interval(p1),
            two=_interval(p2),
            how_one=how[m1],
            how_two=how[m2],
            fair=percent(intervals.load("airwar")["fair"], 0),
        )

    values = {
        "first": number(first, 0, grouping=True),
        "second": number(second, 0, grouping=True),
    }
    return Choice(
        "aw5-fair-inside",
        _t("fair_inside", "question", **values),
        fair_inside,
        options=[
            (_t("fair_inside", f"option_{o}", **values), o)
            for o in ("both", "first", "second", "none")
        ],
        explanation=explain,
        **ladder(_t, "fair_inside"),
    )


def half_width(p: Interval) -> float:
    """An interval's half width, in percentage points."""
    return 100 * (p.high - p.low) / 2


def l5_predict(more: Any) -> Predict:
    """Predict, then see: the interval at 100,000 games from the one at 1,000 (the chart and
    its lines hidden until the prediction): ten times narrower, not a hundred."""
    points = study_points()
    first, last = points[0][0], points[-1][0]
    ratio = last.n / first.n
    return Predict(
        "aw5-predict",
        _t(
            "predict",
            "question",
            first=number(first.n, 0, grouping=True),
            last=number(last.n, 0, grouping=True),
            share=percent(first.estimate),
            half=number(half_width(first)),
        ),
        half_width(last),
        reveals=[find_tagged(more, "kit-fig-intervals"), find_tagged(more, "kit-intervals-text")],
        inside=more,
        tolerance=0.1,
        digits=1,
        explanation=_t(
            "predict",
            "explain",
            half=number(half_width(first)),
            exact=number(half_width(last), 2),
            times=number(ratio, 0, grouping=True),
            root=number(ratio**0.5, 0),
            wrong=number(half_width(first) / ratio, 2),
        ),
    )


def l5_games_needed(more: Any) -> Number:
    n = games_needed()
    return Number(
        "aw5-games-needed",
        _t("games_needed", "question"),
        n,
        tolerance=1000,
        explanation=_t(
            "games_needed",
            "explain",
            n=number(n, 0, grouping=True),
            gap=number(100 * GAP),
            ratio=number(n / intervals.MARKS[0], 0),
        ),
        **ladder(_t, "games_needed"),
    )


def l5_change_rules(more: Any) -> Reflect:
    data = intervals.load("airwar")["series"]["axis"]
    whole = intervals.largest(data)
    return _t.reflect(
        "aw5-change-rules",
        "change_rules",
        share=percent(whole.estimate),
        half=number(100 * whole.half_width),
        games=number(data["games"], 0, grouping=True),
        side=side_label("axis"),
    )


def l5_study(more: Any) -> w.VBox:
    """The 95% interval of the study: where the fair share falls, what telling 49% from 50%
    costs, and whether a gap that small is a reason to change the rules."""
    return stack(
        l5_predict(more), l5_fair_inside(more), l5_games_needed(more), l5_change_rules(more)
    )


# The steps as the notebook calls them: ``checks.<step>(widget)``.
wars = l5_wars
length = l5_length
planner = l5_planner
study = l5_study
score = lesson_score
