"""The checks of Logiquo lesson 4 (does cooperation pay?): questions on seeded bot games.

The answers are the labs' own games: a check snapshots its lab's settings when it is built (the
question states them), and on its first answer plays the lab's batches through the lab's one call
(``run_games``: the shipped default presses and the shared result cache first) under the lab's
progress bar, so nothing is played while the page loads and a press the learner already made is
not played again. "Show me" moves the lab to those settings and presses its button. The study
checks read the shipped study (``widgets.kit.intervals``). The bots, the free-rider experiment
and the study are this project's, and the explanations say so.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from statistics import mean
from typing import Any

import ipywidgets as w

from gamelib.logiquo import odds
from gamelib.logiquo.simulate import GameSummary
from gamelib.study.stats import Interval
from widgets.common import run_with_progress
from widgets.kit import intervals
from widgets.kit.check import Choice, Number, Reflect, lesson_score, stack
from widgets.kit.check_kinds import PredictChoice, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import Result, StrategyLab, number, percent
from widgets.logiquo import free_rider
from widgets.logiquo.checks.common import ladder
from widgets.logiquo.strategy import POLICIES, SWEEP_OFFSETS, SWEEP_PLAYERS, specials_split

_t = CheckTexts("logiquo", "lesson4")
COMPARED = (2, 5)  # the player counts the lesson's first question compares
SWEEP_PAIR = (3, 6)  # the sweep question: a six-player table against a three-player one
PRECISION = 0.1  # turns: the half width the study question asks for

_PLAYED: dict[str, list[Result]] = {}  # batch keys -> results, for this kernel


def lab_games(lab: StrategyLab, values: dict[str, Any]) -> list[Result]:
    """The results of the lab's button at ``values`` (one per batch of its plan), played the
    way a press plays them: through ``lab.run_games`` under the lab's progress bar."""
    batches = lab.plan(values)
    key = json.dumps([b.key() for b in batches])
    if key not in _PLAYED:
        _PLAYED[key] = run_with_progress(
            lab.bar, sum(b.n for b in batches), lambda p: lab.run_games(batches, p)
        )
    return _PLAYED[key]


def settings(lab: StrategyLab, **changes: Any) -> dict[str, Any]:
    """The lab's settings now, with ``changes``: what a check's question is about."""
    return {**{s.name: s.read(lab.controls[s.name]) for s in lab.settings}, **changes}


def press_at(lab: StrategyLab, values: dict[str, Any]) -> None:
    """Move the lab's controls to ``values`` and press its button (the proving state)."""
    for name, value in values.items():
        lab.controls[name].value = value
    lab.run()


def by_policy(lab: StrategyLab, values: dict[str, Any]) -> dict[str, list[GameSummary]]:
    results = lab_games(lab, values)
    return {p: list(results[i]) for i, p in enumerate(POLICIES)}  # type: ignore[arg-type]


def mean_turns(games: list[GameSummary]) -> float:
    return mean(g.turns for g in games)


def _lazy(compute: Callable[[], Any]) -> Callable[[], Any]:
    """``compute`` once, on first use (an answer and its explanation share one result)."""
    box: list[Any] = []

    def get() -> Any:
        if not box:
            box.append(compute())
        return box[0]

    return get


# ---------------------------------------------------------------------- step 1: the policies
def gains(lab: StrategyLab, values: dict[str, Any]) -> dict[int, tuple[float, float]]:
    """Player count -> (cooperative, selfish) mean turns, at each of :data:`COMPARED`."""
    out = {}
    for players in COMPARED:
        games = by_policy(lab, {**values, "players": players})
        out[players] = (mean_turns(games["cooperative"]), mean_turns(games["selfish"]))
    return out


def l4_gain(lab: StrategyLab) -> PredictChoice:
    """Predict, then see: where gifts add more turns, 2 or 5 players, before the lab's turns
    chart and summary show it (the chart stays veiled until the prediction)."""
    values = settings(lab)
    turns = _lazy(lambda: gains(lab, values))

    def answer() -> str:
        gain = {p: c - s for p, (c, s) in turns().items()}
        a, b = COMPARED
        return str(a) if gain[a] > gain[b] else str(b) if gain[b] > gain[a] else "same"

    def explain(best: str) -> str:
        rows = "; ".join(
            _t("gain", "row", players=p, coop=number(c), selfish=number(s), gain=number(c - s))
            for p, (c, s) in turns().items()
        )
        said = _t("gain", "explain", rows=rows, n=values["games"], seed=values["seed"])
        if best == str(COMPARED[-1]):  # more hands can give: why, in words
            said += " " + _t("gain", "predict_why", a=COMPARED[0], b=COMPARED[1])
        return said

    def show() -> None:
        best = answer()
        press_at(lab, {**values, "players": int(best) if best.isdigit() else COMPARED[-1]})

    a, b = COMPARED
    return PredictChoice(
        "logiquo4-gain",
        _t("gain", "predict", a=a, b=b, n=values["games"], seed=values["seed"]),
        answer,
        options=[
            (_t("gain", "option_players", players=a), str(a)),
            (_t("gain", "option_players", players=b), str(b)),
            (_t("gain", "option_same"), "same"),
        ],
        reveals=[find_tagged(lab, "logiquo-fig-turns"), lab.summary],
        inside=lab,
        explanation=explain,
        on_explain=show,
    )


TWO_REASONS = ("fewer_cards", "one_giver", "forbidden", "short")  # in the page's order


def l4_two_players(lab: StrategyLab) -> Reason:
    """Why two players gain less from gifts: pick the reason (it was an open question). The
    turns come from the same games as the prediction's, played on first use."""
    values = settings(lab)
    turns = _lazy(lambda: gains(lab, values))
    a, b = COMPARED
    fixed = {"a": a, "b": b, "hand_a": odds.hand_size_for(a), "hand_b": odds.hand_size_for(b)}

    def short(_answer: str) -> str:
        coop, selfish = turns()[a]
        return _t("two_players", "why_short", coop=number(coop), selfish=number(selfish), **fixed)

    return Reason(
        "logiquo4-two-players",
        _t("two_players", "question"),
        "one_giver",
        options=[(_t("two_players", r, **fixed), r) for r in TWO_REASONS],
        explanations={
            "fewer_cards": _t("two_players", "why_fewer_cards", **fixed),
            "one_giver": _t("two_players", "why_one_giver", **fixed),
            "forbidden": _t("two_players", "why_forbidden", **fixed),
            "short": short,
        },
        hint=ladder(_t, "two_players", **fixed),
    )


def l4_step1(lab: StrategyLab) -> w.VBox:
    """Cooperative against selfish bots: where gifts add the most turns, and why."""
    return stack(l4_gain(lab), l4_two_players(lab))


# ---------------------------------------------------------------------- step 2: the sweep
def sweep_grid(lab: StrategyLab, values: dict[str, Any]) -> dict[tuple[int, int], float]:
    """(players, cards dealt beyond the suggestion) -> mean turns, the lab's heatmap."""
    results = lab_games(lab, values)[len(POLICIES) :]
    cells = [(o, p) for o in SWEEP_OFFSETS for p in SWEEP_PLAYERS]  # the plan's order
    return {(p, o): mean_turns(list(r)) for (o, p), r in zip(cells, results, strict=True)}  # type: ignore[arg-type]


NONE = "none"


def extra_cards(grid: dict[tuple[int, int], float]) -> str:
    """The fewest extra cards (of the sweep's) that make the larger table of :data:`SWEEP_PAIR`
    last at least as long as the smaller one dealt the suggested hand, or :data:`NONE`."""
    small, large = SWEEP_PAIR
    target = grid[(small, 0)]
    return next((f"{o:+d}" for o in SWEEP_OFFSETS if grid[(large, o)] >= target), NONE)


def l4_sweep(lab: StrategyLab) -> Choice:
    values = settings(lab)
    grid = _lazy(lambda: sweep_grid(lab, values))
    small, large = SWEEP_PAIR

    def explain(offset: str) -> str:
        g = grid()
        rows = ", ".join(f"{o:+d}: {number(g[(large, o)])}" for o in SWEEP_OFFSETS)
        return _t(
            "sweep",
            "explain",
            small=small,
            large=large,
            target=number(g[(small, 0)]),
            rows=rows,
            dealt_small=odds.hand_size_for(small),
            dealt_large=odds.hand_size_for(large),
            cell=lab.sweep_games(values["games"]),  # type: ignore[attr-defined]
        )

    return Choice(
        "logiquo4-sweep",
        _t("sweep", "question", small=small, large=large, n=values["games"]),
        lambda: extra_cards(grid()),
        options=[(f"{o:+d}", f"{o:+d}") for o in SWEEP_OFFSETS]
        + [(_t("sweep", "option_none"), NONE)],
        explanation=explain,
        on_explain=lambda: press_at(lab, values),
        hint=ladder(_t, "sweep", small=small, large=large),
    )


def l4_step2(lab: StrategyLab) -> w.VBox:
    return stack(l4_sweep(lab))


# ---------------------------------------------------------------------- step 3: special cards
def _compare(
    lab: StrategyLab,
    values: dict[str, Any],
    check_id: str,
    name: str,
    figures: Callable[[], tuple[float, float]],
    words: tuple[str, str, str],
    explain: Callable[[str], str],
) -> Choice:
    """Is the first of two figures of the lab's games (at its settings ``values``) more than,
    less than or the same as the second (``words``, as the catalog's ``option_<word>``)?
    "Show me" presses the lab at those settings."""

    def answer() -> str:
        x, y = figures()
        return words[0] if x > y else words[1] if x < y else words[2]

    return Choice(
        check_id,
        _t(name, "question", n=values["games"], players=values["players"]),
        answer,
        options=[(_t(name, f"option_{k}"), k) for k in words],
        explanation=explain,
        on_explain=lambda: press_at(lab, values),
        hint=ladder(_t, name),
    )


def logiquo_split(lab: StrategyLab, values: dict[str, Any]) -> tuple[float, float, int, int]:
    """Data left by the seats that used a Logiquo and by the others (cooperative games)."""
    return specials_split(by_policy(lab, values)["cooperative"], "logiquo_used")


def l4_specials(lab: StrategyLab) -> Choice:
    values = settings(lab)
    split = _lazy(lambda: logiquo_split(lab, values))

    def explain(_a: str) -> str:
        used, unused, n_used, n_unused = split()
        return _t(
            "specials",
            "explain",
            used=number(used, 2),
            unused=number(unused, 2),
            n_used=n_used,
            n_unused=n_unused,
            players=values["players"],
            n=values["games"],
        )

    return _compare(
        lab,
        values,
        "logiquo4-specials",
        "specials",
        lambda: split()[:2],
        ("more", "fewer", "same"),
        explain,
    )


def l4_selection() -> Reflect:
    return _t.reflect("logiquo4-selection", "selection")


def l4_step3(lab: StrategyLab) -> w.VBox:
    return stack(l4_specials(lab), l4_selection())


# ---------------------------------------------------------------------- step 4: the free rider
def rider_figures(rider: StrategyLab, values: dict[str, Any]) -> dict[str, float]:
    """The first seat's win share and the table's mean turns, cooperating and free riding."""
    coop, alone = (list(r) for r in lab_games(rider, values))  # type: ignore[arg-type]
    seat = free_rider.FREE_RIDER
    return {
        "coop_wins": free_rider.win_share(coop, seat),
        "rider_wins": free_rider.win_share(alone, seat),
        "coop_turns": free_rider.mean_turns(coop),
        "rider_turns": free_rider.mean_turns(alone),
        "coop_gifts": free_rider.gifts_by(coop, seat),
        "fair": 1 / values["players"],
    }


def l4_rider_wins(rider: StrategyLab) -> Choice:
    values = settings(rider)
    fig = _lazy(lambda: rider_figures(rider, values))

    def explain(_a: str) -> str:
        f = fig()
        return _t(
            "rider_wins",
            "explain",
            coop=percent(f["coop_wins"]),
            rider=percent(f["rider_wins"]),
            fair=percent(f["fair"]),
            gifts=number(f["coop_gifts"]),
            n=values["games"],
        )

    return _compare(
        rider,
        values,
        "logiquo4-rider-wins",
        "rider_wins",
        lambda: (fig()["rider_wins"], fig()["coop_wins"]),
        ("more", "less", "same"),
        explain,
    )


def l4_rider_turns(rider: StrategyLab) -> Number:
    values = settings(rider)
    fig = _lazy(lambda: rider_figures(rider, values))
    return Number(
        "logiquo4-rider-turns",
        _t("rider_turns", "question", n=values["games"], players=values["players"]),
        lambda: round(fig()["coop_turns"] - fig()["rider_turns"], 1),
        tolerance=0.5,
        digits=1,
        explanation=lambda d: _t(
            "rider_turns",
            "explain",
            coop=number(fig()["coop_turns"]),
            rider=number(fig()["rider_turns"]),
            d=number(d),
        ),
        on_explain=lambda: press_at(rider, values),
        hint=ladder(_t, "rider_turns"),
    )


def l4_dilemma(lab: StrategyLab) -> Reflect:
    values = settings(lab)

    def everyone_selfish() -> tuple[float, float]:
        games = by_policy(lab, values)
        return mean_turns(games["cooperative"]), mean_turns(games["selfish"])

    return Reflect(
        "logiquo4-dilemma",
        _t("dilemma", "question"),
        lambda turns: _t(
            "dilemma",
            "model",
            coop=number(turns[0]),
            selfish=number(turns[1]),
            players=values["players"],
        ),
        answer=everyone_selfish,
    )


def l4_step4(rider: StrategyLab, lab: StrategyLab) -> w.VBox:
    """What cooperation costs the giver (§Obiettivo): the free rider's wins and the table's
    turns; then the dilemma, with the all-selfish table of the first lab."""
    return stack(l4_rider_wins(rider), l4_rider_turns(rider), l4_dilemma(lab))


# ---------------------------------------------------------------------- step 5: more games
STUDY = "logiquo"


def study_points() -> dict[str, list[Interval]]:
    """Series -> its interval at each of ``intervals.MARKS`` (measured or expected), as the
    chart draws them."""
    data = intervals.load(STUDY)
    return {
        name: [p for p, _measured in intervals.points(series, data["kind"] == "share")]
        for name, series in data["series"].items()
    }


def overlaps(a: Interval, b: Interval) -> bool:
    return a.low <= b.high and b.low <= a.high


OVERLAPS = ("both", "first", "neither")


def overlap_answer() -> str:
    coop, selfish = study_points()["cooperative"], study_points()["selfish"]
    at = [overlaps(coop[i], selfish[i]) for i in range(2)]  # 1,000 and 10,000 games
    return "both" if all(at) else "first" if at[0] else "neither"


def l4_overlap() -> Choice:
    small, large = intervals.MARKS[:2]

    def explain(_a: str) -> str:
        pts = study_points()
        coop, selfish = pts["cooperative"][-1], pts["selfish"][-1]
        return _t(
            "overlap",
            "explain",
            gain=number(coop.estimate - selfish.estimate),
            rows="; ".join(
                _t(
                    "overlap",
                    "row",
                    games=number(n, 0, grouping=True),
                    coop=f"{number(pts['cooperative'][i].low)}–{number(pts['cooperative'][i].high)}",
                    selfish=f"{number(pts['selfish'][i].low)}–{number(pts['selfish'][i].high)}",
                )
                for i, n in enumerate((small, large))
            ),
        )

    return Choice(
        "logiquo4-overlap",
        _t(
            "overlap",
            "question",
            small=number(small, 0, grouping=True),
            large=number(large, 0, grouping=True),
        ),
        overlap_answer,
        options=[
            (_t("overlap", f"option_{k}", small=number(small, 0, grouping=True)), k)
            for k in OVERLAPS
        ],
        explanation=explain,
        hint=ladder(_t, "overlap"),
    )


def games_for(half_width: float, series: str = "cooperative") -> tuple[int, Interval]:
    """The games (rounded up to a thousand) that bring ``series``'s interval to ``half_width``,
    by the 1/sqrt(n) law from the whole study; and the study's interval it starts from."""
    biggest = intervals.largest(intervals.load(STUDY)["series"][series])
    n = biggest.n * (biggest.half_width / half_width) ** 2
    return int(math.ceil(n / 1000) * 1000), biggest


def l4_tenth() -> Number:
    n, biggest = games_for(PRECISION)
    return Number(
        "logiquo4-tenth",
        _t("tenth", "question", precision=number(PRECISION)),
        n,
        tolerance=max(1000, round(n / 10, -3)),  # a tenth of the answer: the question is "about"
        explanation=lambda answer: _t(
            "tenth",
            "explain",
            half=number(biggest.half_width, 2),
            games=number(biggest.n, 0, grouping=True),
            ratio=number(biggest.half_width / PRECISION, 2),
            n=number(answer, 0, grouping=True),
            precision=number(PRECISION),
        ),
        hint=ladder(_t, "tenth"),
    )


def l4_same_seeds() -> Reflect:
    return _t.reflect("logiquo4-same-seeds", "same_seeds")


def l4_step5(_study: Any = None) -> w.VBox:
    """The shipped study's intervals: where they overlap, what a tenth of a turn costs."""
    return stack(l4_overlap(), l4_tenth(), l4_same_seeds())


# the steps of the lesson, as the notebook calls them
policies = l4_step1
sweep = l4_step2
specials = l4_step3
free_riders = l4_step4
more_games = l4_step5
score = lesson_score
