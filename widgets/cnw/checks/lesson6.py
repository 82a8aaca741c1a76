"""The checks of CNW lesson 6, Gateway cards and Imprevisti: every question answered in the
page. Answers come from ``gamelib.cnw.cards`` (§9.1 tris, §9.2 Imprevisti) and
``gamelib.cnw.card_odds`` (exact odds).

Until issue #25 these were steps 1 to 4 of lesson 4 (cards, contingencies and objectives):
they keep their names (``cnw4-*``, the ids in learners' records and the browser tests) and
their texts (``cnw.checks.lesson4.*``, hence ``CheckTexts("cnw", "lesson4")`` below); the
objectives are ``lesson7``."""

from __future__ import annotations

import random
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
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import percent

_t = CheckTexts("cnw", "lesson4")


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
        **_t.hint("best_tris"),
    )


def three_cards(seed: int) -> list[cnw_cards.GatewayCard]:
    """Three gateway cards drawn for the question of ``seed`` (a tris one time in two)."""
    deck = _deck()
    rng = random.Random(f"cnw4-three:{seed}")
    if seed % 2 == 0:
        tris = rng.choice(deck.tris)
        pool = list(deck.gateway_cards)
        rng.shuffle(pool)
        chosen: list[cnw_cards.GatewayCard] = []
        for symbol in tris.symbols:
            chosen.append(next(c for c in pool if c.symbol == symbol and c not in chosen))
        return chosen
    while True:
        chosen = rng.sample(list(deck.gateway_cards), 3)
        if deck.tris_value([c.id for c in chosen]) is None:
            return chosen


def l4_three_worth(lab: Any) -> Number:
    deck = _deck()

    def variant(seed: int) -> Variant:
        chosen = three_cards(seed)
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

    return Number("cnw4-three-worth", new_question=variant, **_t.hint("three_worth"))


def l4_step1(lab: Any) -> w.VBox:
    return stack(l4_best_tris(lab), l4_three_worth(lab))


# ---------------------------------------------------------------------- step 2 · tris odds
def l4_tris_chance(lab: Any) -> Number:
    def variant(seed: int) -> Variant:
        k = 3 + seed % 2
        chances = card_odds.tris_chances(k)
        p = chances[card_odds.ANY]
        return Variant(
            _t("tris_chance", "question", k=k),
            100 * float(p),
            _t(
                "tris_chance",
                "explain",
                k=k,
                p=percent(p),
                fraction=f"{p.numerator}/{p.denominator}",
                one=percent(chances["one_of_each"]),
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
        **_t.hint("tris_chance"),
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
        **_t.hint("certain"),
    )


def l4_likelier(lab: Any) -> Choice:
    chances = card_odds.tris_chances(3)
    same = sum(chances[tr.key] for tr in _deck().tris if len(set(tr.symbols)) == 1)
    mixed = chances["one_of_each"]
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
        **_t.hint("likelier"),
    )


def l4_step2(lab: Any) -> w.VBox:
    return stack(l4_tris_chance(lab), l4_certain(lab), l4_likelier(lab))


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
        **_t.hint(name),
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
        **_t.hint("one_draw"),
    )


def l4_within(lab: Any) -> Number:
    deck = _deck()

    def variant(seed: int) -> Variant:
        d = random.Random(f"cnw4-within:{seed}").randint(3, 24)
        none = card_odds.imprevisti_within(d)[0]
        return Variant(
            _t("within", "question", d=d),
            100 * float(1 - none),
            _t(
                "within",
                "explain",
                d=d,
                none=percent(none),
                p=percent(1 - none),
                gaps=len(deck.gateway_cards) + 1,
                one=percent(card_odds.imprevisto_seen(d)),
            ),
            on_explain=lambda: setattr(lab.draws, "value", d),
        )

    return Number(
        "cnw4-within",
        new_question=variant,
        tolerance=0.5,
        unit="%",
        digits=1,
        **_t.hint("within"),
    )


def l4_bot_games(lab: Any) -> Choice:
    """The exact per-draw chance against the bots' draws (the games are played on the button,
    or by the check itself when the learner answers first)."""

    def rates() -> tuple[float, float, float, float]:
        if not lab.games:
            lab.play_games()
        hits, draws = lab.game_rates()["draws"]
        turns = lab.game_rates()["turns"]
        low, high = battle.wilson_interval(hits, draws)
        return hits / draws, low, high, turns[0] / turns[1]

    def answer() -> str:
        _, low, high, _ = rates()
        return "yes" if low <= float(card_odds.imprevisto_next_draw()) <= high else "no"

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
        options=[(_t("bot_games", "yes"), "yes"), (_t("bot_games", "no"), "no")],
        explanation=explain,
        **_t.hint("bot_games"),
    )


def l4_step4(lab: Any) -> w.VBox:
    return stack(l4_one_draw(lab), l4_within(lab), l4_bot_games(lab))


# The steps as the notebook calls them: ``checks.<step>(widget)``.
tris = l4_step1
odds = l4_step2
imprevisti = l4_step3
often = l4_step4
score = lesson_score
