"""The checks of CNW lesson 6, Gateway cards and Imprevisti: every question answered in the
page. Answers come from ``gamelib.cnw.cards`` (§9.1 tris, §9.2 Imprevisti) and
``gamelib.cnw.card_odds`` (exact odds).

Until issue #25 these were steps 1 to 4 of lesson 4 (cards, contingencies and objectives):
they keep their names (``cnw4-*``, the ids in learners' records and the browser tests) and
their texts (``cnw.checks.lesson4.*``, hence ``CheckTexts("cnw", "lesson4")`` below); the
objectives are ``lesson7``."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

import ipywidgets as w

from gamelib.cnw import battle, card_odds
from gamelib.cnw import cards as cnw_cards
from widgets.cnw.cards import imprevisto_name, symbol_label, tris_label
from widgets.i18n import t
from widgets.kit.check import (
    Choice,
    Number,
    Pick,
    Reflect,
    Variant,
    lesson_score,
    stack,
)
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import percent
from widgets.kit.table import counted

_t = CheckTexts("cnw", "lesson4")


def ladder(name: str, /, **values: Any) -> dict[str, list[str]]:
    """A check's ``hint=`` as a ladder (issue #25): the idea (``<name>.hint_idea``, which rule and
    which quantity, never a control), the method (``<name>.hint_method``) and where to look
    (``<name>.hint``, the one-sentence hint it was before). The first two are in
    ``cnw_checks25b.json``."""
    return {
        "hint": [
            _t(name, "hint_idea", **values),
            _t(name, "hint_method", **values),
            _t(name, "hint", **values),
        ]
    }


def said(key: str, n: int) -> str:
    """A count with its noun, agreeing when it is 1 (``cnw.checks.lesson4.count.<key>``)."""
    return t(counted(f"cnw.checks.lesson4.count.{key}", n), n=n)


def _deck() -> cnw_cards.Deck:
    return cnw_cards.load()


# ---------------------------------------------------------------------- step 1 · §9.1 the tris
def l4_best_tris(lab: Any) -> Choice:
    deck = _deck()
    best = max(deck.tris, key=lambda tr: tr.pawns)

    def show() -> None:
        firsts = [next(c for c in deck.gateway_cards if c.symbol == s) for s in best.symbols]
        lab.pick([c.gateway for c in firsts])

    return Choice(
        "cnw4-best-tris",
        _t("best_tris", "question"),
        best.key,
        options=[(tris_label(tr), tr.key) for tr in deck.tris],
        explanation=_t(
            "best_tris",
            "explain",
            name=tris_label(best),
            pawns=best.pawns,
            others=", ".join(f"{tris_label(tr)} +{tr.pawns}" for tr in deck.tris if tr != best),
        ),
        on_explain=show,
        **ladder("best_tris"),
    )


THREE_KINDS = ("tris", "none")  # what three cards of a question make: a tris, or none


def three_cards(seed: int, level: int = 0) -> list[cnw_cards.GatewayCard]:
    """Three gateway cards drawn for the question of ``seed`` (a tris one time in two, each
    tris in turn). Level -1: three cards of one symbol (three of a kind, the plainest tris);
    +1: never a tris, but two of one symbol beside a third, the near miss that looks like one."""
    deck = _deck()
    rng = random.Random(f"cnw4-three:{seed}:{level}")
    pool = list(deck.gateway_cards)
    rng.shuffle(pool)
    if level < 0 or (level == 0 and seed % 2 == 0):
        kinds = [tr for tr in deck.tris if len(set(tr.symbols)) == 1] if level < 0 else deck.tris
        tris = kinds[(seed // 2) % len(kinds)] if level == 0 else rng.choice(kinds)
        chosen: list[cnw_cards.GatewayCard] = []
        for symbol in tris.symbols:
            chosen.append(next(c for c in pool if c.symbol == symbol and c not in chosen))
        return chosen
    while True:
        chosen = rng.sample(pool, 3)
        if deck.tris_value([c.id for c in chosen]) is None:
            return chosen


def l4_three_worth(lab: Any) -> Number:
    deck = _deck()

    def variant(seed: int, level: int = 0) -> Variant:
        chosen = three_cards(seed, level)
        value = deck.tris_value([c.id for c in chosen]) or 0
        names = ", ".join(c.gateway for c in chosen)
        symbols = ", ".join(f"{c.gateway} {symbol_label(c.symbol)}" for c in chosen)
        return Variant(
            _t("three_worth", "question", cards=names),
            value,
            _t(
                "three_worth",
                "explain_tris" if value else "explain_none",
                cards=symbols,
                n=value,
            ),
            on_explain=lambda: lab.pick([c.gateway for c in chosen]),
        )

    return Number("cnw4-three-worth", new_question=variant, **ladder("three_worth"))


def l4_step1(lab: Any) -> w.VBox:
    return stack(l4_best_tris(lab), l4_three_worth(lab))


# ---------------------------------------------------------------------- step 2 · tris odds
PREDICT_HAND = 3  # the hand whose tris chance is predicted before the chart shows it


def tris_hands(k: int = PREDICT_HAND) -> dict[str, int]:
    """The hands of ``k`` = 3 cards that hold each kind of tris, counted from the deck: one of
    each symbol, three of one symbol (all three symbols together), and all hands."""
    deck = _deck()
    per = {s: sum(c.symbol == s for c in deck.gateway_cards) for s in deck.symbols}
    mixed = 1
    for n in per.values():
        mixed *= n
    same = sum(math.comb(n, k) for n in per.values())
    return {"mixed": mixed, "same": same, "all": math.comb(len(deck.gateway_cards), k)}


def tris_panel(lab: Any) -> w.Widget:
    """The lab's odds panel, the one the page shows (built once)."""
    return lab.panel("odds")


def l4_predict_tris(lab: Any) -> Predict:
    """A hand of three cards: the chance of a tris, predicted before the chart and its sentence
    show it. A guess that counts one kind of tris only (three of a kind, or one of each) falls
    short."""
    k = PREDICT_HAND
    chances = card_odds.tris_chances(k)
    p = chances[card_odds.ANY]
    hands = tris_hands(k)
    panel = tris_panel(lab)
    per = min(symbol_counts().values())
    return Predict(
        "cnw4-predict-tris",
        _t("predict_tris", "question", k=k, per=per, n=len(_deck().gateway_cards)),
        100 * float(p),
        reveals=[find_tagged(panel, "cnw-fig-tris"), find_tagged(panel, "cnw-tris-odds")],
        inside=panel,
        tolerance=5,
        unit="%",
        digits=1,
        explanation=_t(
            "predict_tris",
            "explain",
            k=k,
            mixed=hands["mixed"],
            same=hands["same"],
            all=hands["all"],
            p=percent(p),
            one=percent(chances["one_of_each"]),
            kind=percent(hands["same"] / hands["all"]),
        ),
        on_explain=lambda: setattr(lab.k, "value", k),
    )


TRIS_KINDS = ("any", "one_of_each", "same", "none")  # what a tris-odds question asks


def tris_setting(seed: int, level: int = 0) -> tuple[int, str, str]:
    """(hand size, what is asked, the symbol of a three-of-a-kind question) of variant ``seed``:
    the chance of any tris, of one of each, of three of one given symbol, or of no tris, in
    turn. Level -1 asks about 3 or 4 cards and any tris or none; +1 about 4 to 6 cards and one
    kind of tris (the lines under the green one)."""
    deck = _deck()
    rng = random.Random(f"cnw4-tris:{seed}:{level}")
    if level < 0:
        kind = ("any", "none")[seed % 2]
        return 3 + rng.randrange(2), kind, ""
    if level > 0:
        kind = ("one_of_each", "same")[seed % 2]
        return rng.randint(4, 6), kind, rng.choice(deck.symbols)
    kind = TRIS_KINDS[seed % len(TRIS_KINDS)]
    return rng.randint(3, 4), kind, rng.choice(deck.symbols)


def tris_chance(k: int, kind: str, symbol: str = "") -> Fraction:
    """The exact chance a question of ``kind`` asks, from ``card_odds.tris_chances``."""
    chances = card_odds.tris_chances(k)
    if kind == "same":
        return chances[next(tr.key for tr in _deck().tris if tr.symbols == (symbol,) * 3)]
    if kind == "none":
        return 1 - chances[card_odds.ANY]
    return chances[card_odds.ANY if kind == "any" else "one_of_each"]


def l4_tris_chance(lab: Any) -> Number:
    def variant(seed: int, level: int = 0) -> Variant:
        k, kind, symbol = tris_setting(seed, level)
        chances = card_odds.tris_chances(k)
        p = tris_chance(k, kind, symbol)
        return Variant(
            _t("tris_chance", f"question_{kind}", k=k, symbol=symbol_label(symbol or "trucking")),
            100 * float(p),
            _t(
                "tris_chance",
                "explain" if kind == "any" else f"explain_{kind}",
                k=k,
                p=percent(p),
                fraction=f"{p.numerator}/{p.denominator}",
                one=percent(chances["one_of_each"]),
                any=percent(chances[card_odds.ANY]),
                symbol=symbol_label(symbol or "trucking"),
            ),
            on_explain=lambda: setattr(lab.k, "value", k),
        )

    return Number(
        "cnw4-tris-chance",
        new_question=variant,
        seed=1,
        tolerance=0.5,
        unit="%",
        digits=1,
        **ladder("tris_chance"),
    )


def l4_certain(lab: Any) -> Number:
    k = card_odds.tris_certain_from()
    before = card_odds.tris_chances(k - 1)[card_odds.ANY]
    return Number(
        "cnw4-certain",
        _t("certain", "question"),
        k,
        explanation=_t("certain", "explain", k=k, before=percent(before), limit=_deck().hand_limit),
        on_explain=lambda: setattr(lab.k, "value", k),
        **ladder("certain"),
    )


def likelier_shares() -> tuple[Fraction, Fraction]:
    """(one of each, three of a kind of any symbol) with exactly three cards."""
    chances = card_odds.tris_chances(3)
    same = sum(chances[tr.key] for tr in _deck().tris if len(set(tr.symbols)) == 1)
    return chances["one_of_each"], same


def l4_likelier(lab: Any) -> Choice:
    mixed, same = likelier_shares()
    answer = "mixed" if mixed > same else "same"
    return Choice(
        "cnw4-likelier",
        _t("likelier", "question"),
        answer,
        options=[
            (t("cnw.checks.lesson4.likelier.mixed"), "mixed"),
            (t("cnw.checks.lesson4.likelier.same"), "same"),
        ],
        explanation=_t("likelier", "explain", mixed=percent(mixed), same=percent(same)),
        on_explain=lambda: setattr(lab.k, "value", 3),
        **ladder("likelier"),
    )


LIKELIER_REASONS = ("symbols", "pays", "ways", "order")  # the options, in the page's order


def symbol_counts() -> dict[str, int]:
    deck = _deck()
    return {s: sum(c.symbol == s for c in deck.gateway_cards) for s in deck.symbols}


def l4_likelier_why(lab: Any) -> Reason:
    """Why one of each is likelier than three of a kind: there are more hands of it."""
    hands = tris_hands(3)
    deck = _deck()
    counts = symbol_counts()
    mixed_tris = next(tr for tr in deck.tris if len(set(tr.symbols)) == 3)
    top = max(deck.tris, key=lambda tr: tr.pawns)
    n = next(iter(counts.values()))
    explanations = {
        "ways": _t(
            "likelier_why",
            "model",
            n=n,
            mixed=hands["mixed"],
            one=math.comb(n, 3),
            same=hands["same"],
            all=hands["all"],
        ),
        "symbols": _t(
            "likelier_why",
            "why_symbols",
            counts=", ".join(f"{symbol_label(s)} {c}" for s, c in counts.items()),
        ),
        "pays": _t(
            "likelier_why",
            "why_pays",
            pawns=mixed_tris.pawns,
            top=tris_label(top),
        ),
        "order": _t("likelier_why", "why_order", k=3, all=hands["all"]),
    }
    return Reason(
        "cnw4-likelier-why",
        _t("likelier_why", "question"),
        "ways",
        options=[(_t("likelier_why", r), r) for r in LIKELIER_REASONS],
        explanations=explanations,
        hint=[_t("likelier_why", "hint_idea"), _t("likelier_why", "hint_method", n=n)],
    )


def l4_step2(lab: Any) -> w.VBox:
    return stack(
        l4_predict_tris(lab),
        l4_tris_chance(lab),
        l4_certain(lab),
        l4_likelier(lab),
        l4_likelier_why(lab),
    )


# ---------------------------------------------------------------------- step 3 · §9.2 the six
def _imprevisto(kind: str) -> cnw_cards.Imprevisto:
    return next(c for c in _deck().imprevisti if c.effect["type"] == kind)


def _imprevisto_options() -> list[tuple[str, str]]:
    return [(imprevisto_name(c), c.key) for c in _deck().imprevisti]


def _imprevisto_pick(lab: Any, check_id: str, name: str, kind: str) -> Pick:
    """Which Imprevisto has the effect ``kind`` (§9.2): "show me" opens it in the lab."""
    card = _imprevisto(kind)
    return Pick(
        check_id,
        _t(name, "question"),
        card.key,
        options=_imprevisto_options(),
        explanation=_t(name, "explain", name=imprevisto_name(card)),
        on_explain=lambda: setattr(lab.imprevisto, "value", card.key),
        **ladder(name),
    )


def l4_strike(lab: Any) -> Pick:
    check = _imprevisto_pick(lab, "cnw4-strike", "strike", "close_air_bridges")
    return check.follow(lab.imprevisto)


def l4_can_win(lab: Any) -> Pick:
    return _imprevisto_pick(lab, "cnw4-can-win", "can_win", "sla")


def l4_why_at_once(lab: Any) -> Reflect:
    return _t.reflect("cnw4-why-at-once", "why_at_once")


def l4_step3(lab: Any) -> w.VBox:
    return stack(l4_strike(lab), l4_can_win(lab), l4_why_at_once(lab))


# ---------------------------------------------------------------------- step 4 · how often
def l4_one_draw(lab: Any) -> Number:
    p = card_odds.imprevisto_next_draw()
    deck = _deck()
    return Number(
        "cnw4-one-draw",
        _t("one_draw", "question"),
        100 * float(p),
        tolerance=0.1,
        unit="%",
        digits=1,
        explanation=_t(
            "one_draw", "explain", n=len(deck.imprevisti), total=deck.size, p=percent(p)
        ),
        on_explain=lambda: setattr(lab.draws, "value", 1),
        **ladder("one_draw"),
    )


WITHIN_KINDS = ("at_least", "none", "card")  # what a question about d draws asks


def within_setting(seed: int, level: int = 0) -> tuple[int, str, str]:
    """(draws, what is asked, the Imprevisto a "card" question follows) of variant ``seed``:
    at least one Imprevisto, none at all, or one named card, in turn. Level -1: 1 to 4 draws
    and "at least one" (one draw is one card out of 48); +1: 20 to 40 draws, "none" or a named
    card."""
    deck = _deck()
    rng = random.Random(f"cnw4-within:{seed}:{level}")
    card = rng.choice(deck.imprevisti).key
    if level < 0:
        return rng.randint(1, 4), "at_least", card
    if level > 0:
        return rng.randint(20, 40), ("none", "card")[seed % 2], card
    return rng.randint(3, 24), WITHIN_KINDS[seed % len(WITHIN_KINDS)], card


def within_chance(d: int, kind: str) -> Fraction:
    none = card_odds.imprevisti_within(d)[0]
    if kind == "none":
        return none
    if kind == "card":
        return card_odds.imprevisto_seen(d)
    return 1 - none


def _set_draws(lab: Any, d: int, card: str) -> None:
    lab.imprevisto.value = card
    lab.draws.value = d


def l4_within(lab: Any) -> Number:
    deck = _deck()

    def variant(seed: int, level: int = 0) -> Variant:
        d, kind, card = within_setting(seed, level)
        none = card_odds.imprevisti_within(d)[0]
        name = t(f"cnw.cards.imprevisto.{card}.name")
        draws = said("draws", d)
        return Variant(
            _t(
                "within",
                "question" if kind == "at_least" else f"question_{kind}",
                d=draws,
                name=name,
            ),
            100 * float(within_chance(d, kind)),
            _t(
                "within",
                "explain" if kind == "at_least" else f"explain_{kind}",
                d=d,
                draws=draws,
                name=name,
                none=percent(none),
                p=percent(1 - none),
                gaps=len(deck.gateway_cards) + 1,
                one=percent(card_odds.imprevisto_seen(d)),
            ),
            on_explain=lambda: _set_draws(lab, d, card),
        )

    return Number(
        "cnw4-within",
        new_question=variant,
        tolerance=0.5,
        unit="%",
        digits=1,
        **ladder("within"),
    )


BOT_VERDICTS = ("yes", "above", "below")  # the exact chance inside, above or below the interval


def l4_bot_games(lab: Any) -> Choice:
    """The exact per-draw chance against the bots' draws (the games are played on the button,
    or by the check itself when the learner answers first): inside their interval, above it or
    below it (three options, not yes or no)."""

    def rates() -> tuple[float, float, float, float]:
        if not lab.games:
            lab.play_games()
        hits, draws = lab.game_rates()["draws"]
        turns = lab.game_rates()["turns"]
        low, high = battle.wilson_interval(hits, draws)
        return hits / draws, low, high, turns[0] / turns[1]

    def answer() -> str:
        _, low, high, _ = rates()
        exact = float(card_odds.imprevisto_next_draw())
        return "above" if exact > high else "below" if exact < low else "yes"

    def explain(right: str) -> str:
        observed, low, high, turns = rates()
        return _t(
            "bot_games",
            "explain",
            observed=percent(observed),
            low=percent(low),
            high=percent(high),
            exact=percent(card_odds.imprevisto_next_draw()),
            verdict=_t("bot_games", "inside" if right == "yes" else "outside"),
            turns=percent(turns),
        )

    return Choice(
        "cnw4-bot-games",
        _t("bot_games", "question"),
        answer,
        options=[(_t("bot_games", k), k) for k in BOT_VERDICTS],
        explanation=explain,
        **ladder("bot_games"),
    )


def l4_step4(lab: Any) -> w.VBox:
    return stack(l4_one_draw(lab), l4_within(lab), l4_bot_games(lab))


# The steps as the notebook calls them: ``checks.<step>(widget)``.
tris = l4_step1
odds = l4_step2
imprevisti = l4_step3
often = l4_step4
score = lesson_score
