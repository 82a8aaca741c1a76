"""Spaced review for Logiquo (issue #25): each lesson after the first opens with three short
checks on its earlier lessons, so what was learned last week is used again before something new
is built on it.

``before(lesson, seed)`` builds them: standalone checks (no widget needed), each answer computed
from ``gamelib`` when the page runs (the deck's links in ``coverage``, the exact odds in
``odds``, the tie-break chain in ``ending``, a turn played by gamelib's own ``apply`` in lesson
3's helpers), seeded so a class shares the same questions. They are named
``logiquo-review<lesson>-<k>`` and spread over the earlier lessons, the rules most used later:
who stops what (lesson 1), a hand's odds and the deal (lesson 2), the winner's chain and the
effects of a threat (lesson 3), what more games buy (lesson 4).
"""

from __future__ import annotations

import html
import math
import random
from collections.abc import Callable

from gamelib.logiquo import cards, coverage, odds
from gamelib.logiquo.ending import TIEBREAKS
from widgets.i18n import t
from widgets.kit.check import Check, Choice, Number, Order
from widgets.kit.check_texts import CheckTexts
from widgets.kit.review import Review
from widgets.kit.strategy import number, percent
from widgets.logiquo.checks import lesson3
from widgets.logiquo.checks.common import counted_t
from widgets.logiquo.checks.lesson1 import no_logiquo
from widgets.logiquo.words import card_name

_t = CheckTexts("logiquo", "review")


def _rng(seed: int, what: str, name: str) -> random.Random:
    """The generator of one question: its seed, what it asks and its name (so two lessons
    asking the same kind of question ask about different cases)."""
    return random.Random(f"logiquo-review:{what}:{name}:{seed}")


def _label(c: cards.Card) -> str:
    return f"{c.code} {html.escape(card_name(c))}"


def _ladder(name: str, **values: object) -> list[str]:
    """Two rungs, the idea and the method: a review has no widget to point to."""
    return [_t(name, "hint_idea", **values), _t(name, "hint_method", **values)]


def _needs(c: cards.Card) -> int:
    return int(c.special.get("controls_required", 1))


# ---------------------------------------------------------------------- from lesson 1
def mitigators(name: str, seed: int) -> Number:
    """How many countermeasures list a seeded threat (§Carte Controllo)."""
    threat = _rng(seed, "mitigators", name).choice(cards.by_kind("threat"))
    stoppers = coverage.mitigators(threat.number)
    return Number(
        name,
        _t("mitigators", "question", threat=_label(threat)),
        len(stoppers),
        explanation=counted_t(
            _t,
            "mitigators",
            "explain",
            len(stoppers),
            threat=_label(threat),
            cards=", ".join(c.code for c in stoppers),
        ),
        hint=_ladder("mitigators"),
    )


def forbids_logiquo(name: str, seed: int) -> Choice:
    """Which of four threats forbids a Logiquo (§Regole Speciali)."""
    rng = _rng(seed, "no-logiquo", name)
    forbid = rng.choice(no_logiquo())
    allowed = [c for c in cards.by_kind("threat") if c.special.get("logiquo", True)]
    shown = [forbid, *rng.sample(allowed, 3)]
    rng.shuffle(shown)
    return Choice(
        name,
        _t("no_logiquo", "question"),
        forbid.code,
        options=[(f"{c.code} · {card_name(c)}", c.code) for c in shown],
        explanation=_t("no_logiquo", "explain", threat=_label(forbid)),
        hint=_ladder("no_logiquo"),
    )


def pairs(name: str, seed: int) -> Number:
    """A threat that needs two countermeasures together: how many pairs stop it (§Regole
    Speciali, §Carte Controllo)."""
    two = [c for c in cards.by_kind("threat") if _needs(c) == 2]
    threat = _rng(seed, "pairs", name).choice(two)
    g = len(coverage.mitigators(threat.number))
    return Number(
        name,
        _t("pairs", "question", threat=_label(threat), g=g),
        math.comb(g, 2),
        explanation=_t("pairs", "explain", threat=_label(threat), g=g, n=math.comb(g, 2)),
        hint=_ladder("pairs", g=g),
    )


# ---------------------------------------------------------------------- from lesson 2
def hand_odds(name: str, seed: int) -> Number:
    """A hand's chance of holding a card for one threat (the hypergeometric, §Preparazione.2)."""
    rng = _rng(seed, "hand", name)
    threat = rng.choice([c for c in cards.by_kind("threat") if _needs(c) == 1])
    players = rng.choice((2, 3, 4, 5, 6))
    k, g = odds.hand_size_for(players), odds.good_cards(threat.number)
    deck = len(odds.control_deck())
    p = float(odds.p_hand_stops(k, threat.number))
    return Number(
        name,
        _t("hand", "question", threat=_label(threat), g=g, deck=deck, players=players),
        round(100 * p, 1),
        tolerance=1,
        unit="%",
        digits=1,
        explanation=_t(
            "hand", "explain", k=k, g=g, deck=deck, rest=deck - g, p=percent(p), players=players
        ),
        hint=_ladder("hand", k=k, g=g, deck=deck, rest=deck - g),
    )


def first_anomaly(name: str, seed: int) -> Number:
    """The chance that the first card revealed is an anomaly (§Anomalie)."""
    rng = _rng(seed, "anomaly", name)
    threats, anomalies = rng.randint(8, 52), rng.randint(3, 13)
    p = float(odds.p_anomaly_chain(1, threats, anomalies, at_least=True))
    return Number(
        name,
        _t("anomaly", "question", threats=threats, anomalies=anomalies),
        round(100 * p, 1),
        tolerance=1,
        unit="%",
        digits=1,
        explanation=_t(
            "anomaly",
            "explain",
            threats=threats,
            anomalies=anomalies,
            total=threats + anomalies,
            p=percent(p),
        ),
        hint=_ladder("anomaly", anomalies=anomalies, total=threats + anomalies),
    )


def deal(name: str, seed: int) -> Number:
    """The suggested deal for a player count (§Preparazione.2)."""
    players = _rng(seed, "deal", name).choice((2, 3, 4, 5, 6))
    k = odds.hand_size_for(players)
    return Number(
        name,
        _t("deal", "question", players=players),
        k,
        explanation=_t(
            "deal",
            "explain",
            players=players,
            k=k,
            rows=", ".join(
                _t("deal", "row", players=n, k=odds.hand_size_for(n)) for n in range(2, 7)
            ),
        ),
        hint=_ladder("deal"),
    )


# ---------------------------------------------------------------------- from lesson 3
def chain(name: str, seed: int) -> Order:
    """The rulebook's tie-break chain in order (§Obiettivo), as the engine applies it."""
    labels = {k: t(f"logiquo.ending.col_{k}").split(" · ")[1] for k in TIEBREAKS}
    items = [(labels[k], k) for k in TIEBREAKS]
    _rng(seed, "chain", name).shuffle(items)
    if tuple(v for _, v in items) == tuple(TIEBREAKS):  # never listed in the answer's order
        items.reverse()
    return Order(
        name,
        _t("chain", "question"),
        tuple(TIEBREAKS),
        options=items,
        explanation=t("logiquo.checks.lesson3.chain.explain"),
        hint=_ladder("chain"),
    )


def struck(name: str, seed: int) -> Number:
    """What an unstopped threat takes from the table (§Struttura.4), played by gamelib: lesson
    3's question at another seed."""
    variant = lesson3._struck_variant(None, _rng(seed, "struck", name).randrange(10_000))
    return Number(
        name,
        _t("struck", "question", question=variant.question),
        variant.answer,
        explanation=variant.explanation,
        hint=_ladder("struck"),
    )


# ---------------------------------------------------------------------- from lesson 4
def precision(name: str, seed: int) -> Number:
    """How much narrower an interval gets with m times the games (gamelib's Wilson interval):
    about √m."""
    rng = _rng(seed, "precision", name)
    n, m = rng.choice((500, 1000, 2000)), rng.choice((4, 16, 25, 100))
    p = 0.5
    wide, narrow = (odds.wilson(round(p * x), x) for x in (n, n * m))
    ratio = (wide.high - wide.low) / (narrow.high - narrow.low)
    return Number(
        name,
        _t("precision", "question", n=number(n, 0, grouping=True), m=m),
        round(ratio, 1),
        tolerance=0.5,
        digits=1,
        explanation=_t(
            "precision",
            "explain",
            m=m,
            root=number(math.sqrt(m), 1),
            ratio=number(ratio, 1),
            n=number(n, 0, grouping=True),
            big=number(n * m, 0, grouping=True),
        ),
        hint=_ladder("precision", m=m),
    )


Asker = Callable[[str, int], Check]
# the three questions opening each lesson, spread over the lessons before it
QUESTIONS: dict[int, tuple[Asker, Asker, Asker]] = {
    2: (mitigators, forbids_logiquo, pairs),
    3: (forbids_logiquo, hand_odds, first_anomaly),
    4: (pairs, deal, chain),
    5: (hand_odds, struck, precision),
}


def before(lesson: int, seed: int = 0) -> Review:
    """The review that opens ``lesson`` (2 to 5): three checks on the lessons before it, the
    same for every learner with the same ``seed``."""
    if lesson not in QUESTIONS:
        raise ValueError(f"Logiquo's lessons 2 to 5 open with a review, not lesson {lesson}")
    asked = [ask(f"logiquo-review{lesson}-{k}", seed) for k, ask in enumerate(QUESTIONS[lesson], 1)]
    return Review(asked, lesson=lesson)
