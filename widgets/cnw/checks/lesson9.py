"""The checks of CNW lesson 9, the strategy lab: every question answered in the page.

Lesson 6 until the CNW lessons were renumbered (issue #25): the check names (``cnw6-*``, the ids
in learners' records) and the texts (``cnw.checks.lesson6.*``) keep that number.

The answers are read from the lab's own seeded results, never typed in: the games its buttons
played (``lab.shown``, what each button last drew) or, for the seed question, the two batches
fetched through the lab's ``run_games`` and its result cache. A lab check follows the learner's
latest press, so its answer is always what the charts beside it show; before the button was
pressed "check" names the button, and "show me" presses it. The last step's answers come from
the shipped study that ``widgets.kit.intervals.MoreGames`` draws. The bots and the studies are
this project's, not the rulebook's.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from statistics import mean
from typing import Any

import ipywidgets as w

from gamelib import cnw
from gamelib.cnw import board as cnw_board
from gamelib.cnw import simulate, tables
from gamelib.cnw.network import geo
from gamelib.study.stats import Interval, wilson
from widgets.cnw.strategy import VARIANTS, VICTORIES
from widgets.common import run_with_progress
from widgets.i18n import t
from widgets.kit import intervals
from widgets.kit.check import Choice, Number, Reflect, lesson_score, stack
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number

L6 = "lesson6"
_t = CheckTexts("cnw", L6)


def ladder(name: str, /, **values: Any) -> dict[str, list[str]]:
    """A check's ``hint=`` as a ladder (issue #25): the idea, the method (both in
    ``cnw_checks25b.json``), then where to look (the one-sentence hint it was before)."""
    return {
        "hint": [
            _t(name, "hint_idea", **values),
            _t(name, "hint_method", **values),
            _t(name, "hint", **values),
        ]
    }


BUTTONS = {  # the lab's buttons, by the catalog key of their label
    "run": "cnw.lab.run",
    "compare_variants": "cnw.lab.compare_variants",
    "compare_players": "cnw.lab.compare_players",
}
SWEEP_PLAYERS = (3, 4, 5, 6)  # the rows of "Compare 3–6 players", in order (plan_players)
STUDY = "cnw"  # the shipped study MoreGames("cnw") draws
SERIES = "opener"


# ---------------------------------------------------------------------- reading the lab
class _Live:
    """A check whose answer is read from the lab's latest press each time it is judged, so it
    always equals what the charts show, even after the learner changed a setting and ran again.
    Before ``button`` was pressed there is nothing to judge: "check" says which button to press
    and "show me" presses it (the press goes through the lab's result cache)."""

    lab: Any
    button: str

    def ready(self) -> bool:
        return self.button in self.lab.shown

    def answer(self) -> Any:
        return self._answer()  # type: ignore[attr-defined]  # never frozen: the latest press

    def value(self) -> Any:
        return super().value() if self.ready() else None  # type: ignore[misc]

    def unreadable(self) -> str:
        if not self.ready():
            return t(f"cnw.checks.{L6}.press_first", button=t(BUTTONS[self.button]))
        return super().unreadable()  # type: ignore[misc]

    def show_me(self) -> None:
        if not self.ready():
            self.lab.press(self.button)
        if not self.ready():  # a refused setting: the lab's notice says why
            self._say(self.unreadable())  # type: ignore[attr-defined]
            return
        super().show_me()  # type: ignore[misc]


class LiveChoice(_Live, Choice):
    """A :class:`Choice` over the lab's latest results (see :class:`_Live`)."""

    def __init__(self, lab: Any, button: str, name: str, question: str, **kw: Any) -> None:
        self.lab, self.button = lab, button
        super().__init__(name, question, **kw)


class LiveNumber(_Live, Number):
    """A :class:`Number` over the lab's latest results (see :class:`_Live`)."""

    def __init__(self, lab: Any, button: str, name: str, question: str, **kw: Any) -> None:
        self.lab, self.button = lab, button
        super().__init__(name, question, **kw)


def games_run(lab: Any) -> list[simulate.GameSummary]:
    """The games "Run the games" last played (what the three main charts show)."""
    return lab.shown["run"]


def victory_shares(games: list[simulate.GameSummary]) -> dict[str, float]:
    """Percent of the games ending with each victory type (§11), as the first chart draws it."""
    kinds = Counter(g.victory for g in games)
    return {v: 100 * kinds.get(v, 0) / len(games) for v in VICTORIES}


def opener_interval(games: list[simulate.GameSummary]) -> Interval:
    """The opener's share of the decided games with its 95% Wilson interval (§4 step 4)."""
    decided = [g for g in games if g.winners]
    return wilson(sum(g.first_player in g.winners for g in decided), len(decided))


def sweep(lab: Any, button: str) -> dict[Any, list[simulate.GameSummary]]:
    """The played rows of a sweep by key: a variant of :data:`VARIANTS` or a player count."""
    keys = VARIANTS if button == "compare_variants" else SWEEP_PLAYERS
    rows = lab.shown[button]
    return {k: r[1] for k, r in zip(keys, rows, strict=True) if r[1]}


def _showing(lab: Any, button: str) -> Callable[[], None]:
    """Put the sweep ``button`` drew back on the chart when another press replaced it (the same
    settings come from the result cache at once)."""

    def show() -> None:
        labels = [r[0] for r in lab.shown.get(button, []) if r[1]]
        if list(lab.sweep_fig.data[0].x or ()) != labels:
            lab.press(button)

    return show


def _pct(x: float) -> str:
    return number(x, 1) + "%"


def _largest(values: dict[Any, float]) -> Any:
    """The key of the largest value (the first of equals, in the chart's order)."""
    return max(values, key=values.__getitem__)


def _variant(k: str) -> str:
    return t(f"cnw.lab.variant_{k}")


def _commonest_ending(
    lab: Any,
    button: str,
    check_id: str,
    name: str,
    shares: Callable[[], dict[str, float]],
    **more: Any,
) -> LiveChoice:
    """Which victory (§11) ends most of the games ``button`` played (``shares``: percent by
    victory); the explanation lists every victory that happened. ``more``: e.g. ``on_explain``."""

    def explain(v: str) -> str:
        parts = ", ".join(f"{t(f'cnw.victory.{k}')} {_pct(x)}" for k, x in shares().items() if x)
        return _t(name, "explain", victory=t(f"cnw.victory.{v}"), shares=parts)

    return LiveChoice(
        lab,
        button,
        check_id,
        _t(name, "question"),
        answer=lambda: _largest(shares()),
        options=[(t(f"cnw.victory.{v}"), v) for v in VICTORIES],
        explanation=explain,
        **ladder(name),
        **more,
    )


# ---------------------------------------------------------------------- step 1: how games end
def l6_ending(lab: Any) -> LiveChoice:
    return _commonest_ending(
        lab, "run", "cnw6-ending", "ending", lambda: victory_shares(games_run(lab))
    )


class LivePredict(Predict):
    """A :class:`~widgets.kit.check_kinds.Predict` over the lab's results: the prediction is made
    before the lab shows them, so committing it presses ``button`` when the learner has not
    (the lab's default press comes from its result cache at once)."""

    def __init__(self, lab: Any, button: str, name: str, question: str, **kw: Any) -> None:
        self.lab, self.button = lab, button
        super().__init__(name, question, **kw)

    def ready(self) -> bool:
        if self.button not in self.lab.shown:
            self.lab.press(self.button)
        return self.button in self.lab.shown

    def answer(self) -> Any:
        return self._answer()  # never frozen: what the charts show now

    def value(self) -> Any:
        said = super().value()
        return said if said is None or self.ready() else None

    def unreadable(self) -> str:
        if not self.ready():  # a refused setting: the lab's notice says why
            return t(f"cnw.checks.{L6}.press_first", button=t(BUTTONS[self.button]))
        return super().unreadable()

    def show_me(self) -> None:
        self.ready()
        super().show_me()


def l6_opener_share(lab: Any) -> LivePredict:
    """The opener's share of the wins, predicted before the seat chart and the summary line
    show it (§4 step 4): not far above a fair share, and not exactly on it either."""

    def explain(share: float) -> str:
        games = games_run(lab)
        players = games[0].players
        ci = opener_interval(games)
        return _t(
            "predict_opener",
            "explain",
            share=_pct(share),
            decided=ci.n,
            fair=_pct(100 / players),
            low=_pct(100 * ci.low),
            high=_pct(100 * ci.high),
        )

    players = lab.values()["players"] if lab.values() else 3
    return LivePredict(
        lab,
        "run",
        "cnw6-opener-share",
        _t("predict_opener", "question", fair=_pct(100 / players), players=players),
        answer=lambda: 100 * simulate.first_player_advantage(games_run(lab)),
        reveals=[find_tagged(lab, "cnw-fig-seat"), lab.summary],
        inside=lab,
        tolerance=5,
        unit="%",
        digits=1,
        explanation=explain,
    )


def l6_margin(lab: Any) -> LiveNumber:
    def explain(half: float) -> str:
        ci = opener_interval(games_run(lab))
        return _t(
            "margin",
            "explain",
            half=number(half, 1),
            n=ci.n,
            low=_pct(100 * ci.low),
            high=_pct(100 * ci.high),
        )

    return LiveNumber(
        lab,
        "run",
        "cnw6-margin",
        _t("margin", "question"),
        answer=lambda: 100 * opener_interval(games_run(lab)).half_width,
        tolerance=0.5,
        digits=1,
        explanation=explain,
        **ladder("margin"),
    )


def opener_verdict(games: list[simulate.GameSummary]) -> str:
    """``more``, ``less`` or ``unsure``: where the fair share 1/players lies against the
    opener's 95% interval (above it, below it, inside it)."""
    ci, fair = opener_interval(games), 1 / games[0].players
    return "more" if ci.low > fair else "less" if ci.high < fair else "unsure"


def l6_advantage(lab: Any) -> LiveChoice:
    def explain(verdict: str) -> str:
        games = games_run(lab)
        ci = opener_interval(games)
        return _t(
            "advantage",
            f"explain_{verdict}",
            low=_pct(100 * ci.low),
            high=_pct(100 * ci.high),
            fair=_pct(100 / games[0].players),
        )

    return LiveChoice(
        lab,
        "run",
        "cnw6-advantage",
        _t("advantage", "question"),
        answer=lambda: opener_verdict(games_run(lab)),
        options=[(_t("advantage", k), k) for k in ("more", "unsure", "less")],
        explanation=explain,
        **ladder("advantage"),
    )


def seed_overlap(lab: Any, a: int = 0, b: int = 1) -> tuple[int, int]:
    """(games of the run at seed ``b`` that the run at seed ``a`` already played, games per
    run), with the lab's other settings: both batches come through the lab's ``run_games``
    (the result cache first), and the game seeds are read from the summaries."""
    values = lab.values()
    if values is None:
        raise ValueError("the lab's settings are out of range")
    first = lab.plan(values)[0]
    batches = [dataclasses.replace(first, seed=s) for s in (a, b)]
    runs = run_with_progress(
        lab.bar, sum(x.n for x in batches), lambda p: lab.run_games(batches, p)
    )
    seeds = [{g.seed for g in run} for run in runs]
    return len(seeds[0] & seeds[1]), len(seeds[1])


def _run_seed(lab: Any, seed: int) -> None:
    lab.seed.value = seed
    lab.run()


def l6_same_games(lab: Any) -> Number:
    def explain(shared: int) -> str:
        _, n = seed_overlap(lab)
        return _t("same_games", "explain", shared=shared, n=n, last=n - 1, fresh=n)

    return Number(
        "cnw6-same-games",
        _t("same_games", "question"),
        lambda: seed_overlap(lab)[0],
        explanation=explain,
        on_explain=lambda: _run_seed(lab, 1),
        **ladder("same_games"),
    )


def l6_fresh(lab: Any) -> Reflect:
    def model(ci: Interval) -> str:
        # two independent estimates differ by about sqrt(2) times one estimate's half width
        return _t(
            "fresh",
            "model",
            n=ci.n,
            half=number(100 * ci.half_width, 1),
            apart=number(100 * ci.half_width * 2**0.5, 1),
        )

    def measured() -> Interval:
        return opener_interval(games_run(lab)) if "run" in lab.shown else _default_interval(lab)

    return Reflect("cnw6-fresh", _t("fresh", "question"), model, answer=measured)


def _default_interval(lab: Any) -> Interval:
    """The opener's interval for the lab's settings, from its result cache (a press's games)."""
    values = lab.values()
    batch = lab.plan(values)[0]
    games = run_with_progress(lab.bar, batch.n, lambda p: lab.run_games([batch], p))[0]
    return opener_interval(games)


def l6_step1(lab: Any) -> w.VBox:
    """Step 1 · how games end and the opener's share, its interval, and what a seed repeats."""
    return stack(
        l6_opener_share(lab),
        l6_ending(lab),
        l6_margin(lab),
        l6_advantage(lab),
        l6_same_games(lab),
        l6_fresh(lab),
    )


# ---------------------------------------------------------------------- step 2: variants (§12)
def l6_sla_variant(lab: Any) -> LiveChoice:
    def shares() -> dict[str, float]:
        return {k: victory_shares(g)["sla"] for k, g in sweep(lab, "compare_variants").items()}

    def explain(best: str) -> str:
        s = shares()
        parts = ", ".join(f"{_variant(k)} {_pct(x)}" for k, x in s.items())
        return _t("sla_variant", "explain", variant=_variant(best), shares=parts)

    return LiveChoice(
        lab,
        "compare_variants",
        "cnw6-sla-variant",
        _t("sla_variant", "question"),
        answer=lambda: _largest(shares()),
        options=[(_variant(k), k) for k in VARIANTS],
        explanation=explain,
        on_explain=_showing(lab, "compare_variants"),
        **ladder("sla_variant"),
    )


SLA_REASONS = ("domination", "target", "deadlines", "objective_sla")  # in the page's order


def fiera_shipments() -> tuple[int, int, bool]:
    """(cards in FIERA's shipment deck, cards in the base game's, every FIERA card one of the
    base deck's): what gamelib deals in each (``geo(...).shipments``)."""
    base, fiera = geo().shipments, geo(fiera=True).shipments
    return len(fiera), len(base), set(fiera) <= set(base)


def l6_sla_why(lab: Any) -> Reason:
    """Why FIERA ends by SLA far more often: a target of 6, not 12, and no Network Objective to
    win first (§12.1). Each wrong reason is asked of gamelib."""

    def shares() -> dict[str, float] | None:
        if "compare_variants" not in lab.shown:
            return None
        rows = sweep(lab, "compare_variants")
        return {k: victory_shares(g)["sla"] for k, g in rows.items()}

    def model(_a: Any) -> str:
        s = shares()
        if s is None:
            return _t("sla_why", "model_unmeasured")
        return _t(
            "sla_why",
            "model",
            base=_pct(s["base"]),
            fiera=_pct(s["fiera"]),
            realismo=_pct(s["realismo_alto"]),
        )

    fiera_deck, base_deck, subset = fiera_shipments()
    game = cnw.new_game(3, seed=0, fiera=True)
    in_play = sum(geo(fiera=True).in_play)
    explanations = {
        "target": model,
        "domination": _t("sla_why", "why_domination", n=in_play),
        "deadlines": _t(
            "sla_why",
            "why_deadlines" if subset else "why_deadlines_other",
            n=fiera_deck,
            total=base_deck,
        ),
        "objective_sla": _t(
            "sla_why",
            "why_objective_sla",
            none=sum(o < 0 for o in game.objectives),
            players=game.players,
        ),
    }
    target = tables.variants()["fiera"]["sla_to_win"]
    return Reason(
        "cnw6-sla-why",
        _t("sla_why", "question_reason"),
        "target",
        options=[
            (_t("sla_why", r, target=target, base=tables.setup()["sla_to_win"]), r)
            for r in SLA_REASONS
        ],
        explanations=explanations,
        hint=[_t("sla_why", "hint_idea"), _t("sla_why", "hint_method")],
    )


def l6_team_ending(lab: Any) -> LiveChoice:
    return _commonest_ending(
        lab,
        "compare_variants",
        "cnw6-team-ending",
        "team_ending",
        lambda: victory_shares(sweep(lab, "compare_variants")["team_building"]),
        on_explain=_showing(lab, "compare_variants"),
    )


def distance(a: dict[str, float], b: dict[str, float]) -> float:
    """How far two endings' shares are: half the sum of the differences, in points (0 = the
    same mix of victories, 100 = no victory type in common)."""
    return sum(abs(a[v] - b[v]) for v in VICTORIES) / 2


def distances_from_base(lab: Any) -> dict[str, float]:
    """Each variant's distance from the base game's endings, as the stacked bars show them."""
    rows = {k: victory_shares(g) for k, g in sweep(lab, "compare_variants").items()}
    return {k: distance(rows[k], rows["base"]) for k in VARIANTS[1:] if k in rows}


def l6_closest(lab: Any) -> LiveChoice:
    def explain(k: str) -> str:
        d = distances_from_base(lab)
        parts = ", ".join(f"{_variant(v)} {number(x, 1)}" for v, x in d.items())
        return _t("closest", "explain", variant=_variant(k), distances=parts)

    def answer() -> str:
        d = distances_from_base(lab)
        return min(d, key=d.get)

    return LiveChoice(
        lab,
        "compare_variants",
        "cnw6-closest",
        _t("closest", "question"),
        answer=answer,
        options=[(_variant(k), k) for k in VARIANTS[1:]],
        explanation=explain,
        on_explain=_showing(lab, "compare_variants"),
        **ladder("closest"),
    )


def l6_step2(lab: Any) -> w.VBox:
    """Step 2 · the variants of §12 against the base game."""
    return stack(l6_sla_variant(lab), l6_sla_why(lab), l6_team_ending(lab), l6_closest(lab))


# ---------------------------------------------------------------------- step 3: player count
def rounds_by_players(lab: Any) -> dict[int, float]:
    """Average rounds per player count, rounded as the list under the chart writes them."""
    rows = sweep(lab, "compare_players")
    return {n: round(mean(g.turns for g in games), 1) for n, games in rows.items()}


def trend(series: dict[int, float]) -> str:
    """How a series goes along its keys in order: "grows" when each value is above the one
    before, "falls" when each is below, "same" when all are equal, else "mixed". An
    explanation says only the trend its figures show (issue #25)."""
    values = [series[k] for k in sorted(series)]
    steps = list(zip(values, values[1:], strict=False))
    if all(b > a for a, b in steps):
        return "grows"
    if all(b < a for a, b in steps):
        return "falls"
    return "same" if len(set(values)) == 1 else "mixed"


def _trend_text(name: str, series: dict[int, float], **values: Any) -> str:
    """The sentence of check ``name`` for the trend of ``series`` as the explanation writes
    it, to one decimal (``<name>.trend_<trend>``), naming the counts where it is highest and
    lowest."""
    shown = {k: float(f"{v:.1f}") for k, v in series.items()}
    high, low = max(shown, key=shown.get), min(shown, key=shown.get)
    return _t(name, f"trend_{trend(shown)}", high=high, low=low, **values)


def _by_players(series: dict[int, float]) -> str:
    return ", ".join(
        f"{t('cnw.lab.n_players', n=n)} {number(x, 1)}" for n, x in sorted(series.items())
    )


def l6_longer(lab: Any) -> LiveChoice:
    def answer() -> str:
        r = rounds_by_players(lab)
        low, high = r[min(r)], r[max(r)]
        return "longer" if high > low else "shorter" if high < low else "same"

    def explain(word: str) -> str:
        r = rounds_by_players(lab)
        gateways = len(cnw_board.load().gateways)
        return _t(
            "longer",
            "explain",
            rounds=_by_players(r),
            word=_t("longer", word),
            trend=_trend_text("longer", r, gateways=gateways),
        )

    return LiveChoice(
        lab,
        "compare_players",
        "cnw6-longer",
        _t("longer", "question"),
        answer=answer,
        options=[(_t("longer", k), k) for k in ("longer", "same", "shorter")],
        explanation=explain,
        on_explain=_showing(lab, "compare_players"),
        **ladder("longer"),
    )


def opener_edges(lab: Any) -> dict[int, float]:
    """Points the opener wins above a fair share (100 / players), by player count."""
    rows = sweep(lab, "compare_players")
    return {n: 100 * simulate.first_player_advantage(g) - 100 / n for n, g in rows.items()}


def l6_edge(lab: Any) -> LiveChoice:
    def answer() -> int:
        e = opener_edges(lab)
        return max(e, key=e.get)

    def explain(n: int) -> str:
        e = opener_edges(lab)
        half = max(opener_interval(g).half_width for g in sweep(lab, "compare_players").values())
        return _t(
            "edge",
            "explain",
            n=n,
            edges=_by_players(e),
            trend=_trend_text("edge", e),
            half=number(100 * half, 1),
        )

    return LiveChoice(
        lab,
        "compare_players",
        "cnw6-edge",
        _t("edge", "question"),
        answer=answer,
        options=[(t("cnw.lab.n_players", n=n), n) for n in SWEEP_PLAYERS],
        explanation=explain,
        on_explain=_showing(lab, "compare_players"),
        **ladder("edge"),
    )


def l6_step3(lab: Any) -> w.VBox:
    """Step 3 · three to six players: length and the opener's edge."""
    return stack(l6_longer(lab), l6_edge(lab))


# ---------------------------------------------------------------------- step 4: more games
def study_points() -> list[tuple[int, Interval, bool]]:
    """(games, interval, measured?) of the shipped opener study, as MoreGames draws them."""
    series = intervals.load(STUDY)["series"][SERIES]
    return [
        (n, p, measured)
        for n, (p, measured) in zip(intervals.MARKS, intervals.points(series, True), strict=True)
    ]


def fair_share() -> float:
    return float(intervals.load(STUDY)["fair"])


def leaves_fair() -> int:
    """The first size whose interval no longer holds the fair third; 0 when none does."""
    fair = fair_share()
    return next((n for n, p, _ in study_points() if not p.low <= fair <= p.high), 0)


def l6_leaves(more: Any) -> Choice:
    def explain(n: int) -> str:
        rows = "; ".join(
            f"{number(k, 0, grouping=True)}: [{_pct(100 * p.low)}, {_pct(100 * p.high)}]"
            for k, p, _ in study_points()
        )
        return _t("leaves", "explain", fair=_pct(100 * fair_share()), rows=rows)

    sizes = [
        (t("common.intervals.games", n=number(n, 0, grouping=True)), n) for n in intervals.MARKS
    ]
    return Choice(
        "cnw6-leaves",
        _t("leaves", "question"),
        leaves_fair,
        options=[*sizes, (_t("leaves", "never"), 0)],
        explanation=explain,
        **ladder("leaves"),
    )


def least_edge() -> float:
    """Points between the fair third and the low end of the whole study's interval: the
    smallest advantage the opener can have, with 95% confidence."""
    series = intervals.load(STUDY)["series"][SERIES]
    return 100 * (intervals.largest(series).low - fair_share())


def l6_least_edge(more: Any) -> Number:
    series = intervals.load(STUDY)["series"][SERIES]
    whole = intervals.largest(series)
    return Number(
        "cnw6-least-edge",
        _t("least_edge", "question", games=number(whole.n, 0, grouping=True)),
        least_edge,
        tolerance=0.5,
        digits=1,
        explanation=lambda x: _t(
            "least_edge",
            "explain",
            low=_pct(100 * whole.low),
            fair=_pct(100 * fair_share()),
            edge=number(x, 1),
        ),
        **ladder("least_edge"),
    )


def l6_ten_classes() -> Reflect:
    def model(halves: tuple[float, float]) -> str:
        return _t(
            "ten_classes",
            "model",
            small=number(halves[0], 1),
            large=number(halves[1], 1),
        )

    def halves() -> tuple[float, float]:
        pts = {n: p for n, p, _ in study_points()}
        return 100 * pts[1000].half_width, 100 * pts[10_000].half_width

    return Reflect("cnw6-ten-classes", _t("ten_classes", "question"), model, answer=halves)


def l6_step4(more: Any) -> w.VBox:
    """Step 4 · what more games buy: when the interval leaves the fair third, what it rules
    out, and why one big study beats many small ones."""
    return stack(l6_leaves(more), l6_least_edge(more), l6_ten_classes())


# The steps as the notebook calls them: ``checks.<step>(widget)``.
endings = l6_step1
variants = l6_step2
players = l6_step3
more_games = l6_step4
score = lesson_score
