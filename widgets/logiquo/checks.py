"""The checks of Logiquo lessons 1–3: every "Try this" question answered in the page.

Each function builds the checks under one widget of a lesson (``lesson1.browse(browser)``): the
right answer is computed from ``gamelib`` (the deck and its links in ``cards`` and ``coverage``,
the exact odds in ``odds``, seeded bots' games and ``ending``'s tie-break chain), never typed in,
and ``on_explain`` moves the widget beside the check to the state that shows it. The texts are
``logiquo.checks.<lesson>.<name>.*`` in the catalog. The deck (threats, countermeasures and
their links) is this project's design, not the rulebook's: the explanations say so.
"""

from __future__ import annotations

import html
from collections import Counter
from functools import cache
from types import SimpleNamespace
from typing import Any

import ipywidgets as w

from gamelib import logiquo as game
from gamelib.core import play_out
from gamelib.logiquo import actions, cards, coverage, odds
from gamelib.logiquo.ending import TIEBREAKS, ranking_key
from widgets.i18n import t
from widgets.kit.check import Choice, Number, Order, Pick, Reflect, Variant, lesson_score, stack
from widgets.kit.strategy import number, percent
from widgets.logiquo.deck import category_label
from widgets.logiquo.ending import DECIDERS, bots_game
from widgets.logiquo.table import make_bot


def _t(lesson: str, name: str, part: str, /, **values: Any) -> str:
    return t(f"logiquo.checks.{lesson}.{name}.{part}", **values)


def _hint(lesson: str, name: str) -> dict[str, str]:
    return {"hint": _t(lesson, name, "hint")}


def _threat_named(name: str) -> cards.Card:
    return next(c for c in cards.by_kind("threat") if c.name["en"] == name)


def _threat_name(number: int) -> str:
    c = cards.threat(number)
    return f"T{number:02d} {html.escape(c.text('name'))}"


def _category_options() -> list[tuple[str, str]]:
    return [(category_label(c["id"]), c["id"]) for c in cards.threat_categories()]


def _best(values: dict[str, Any], low: bool = False) -> frozenset[str]:
    """The keys holding the highest (or lowest) value: every one of them is a right answer."""
    target = min(values.values()) if low else max(values.values())
    return frozenset(k for k, v in values.items() if v == target)


def _names(keys: frozenset[str]) -> str:
    return ", ".join(category_label(k) for k in sorted(keys))


# ====================================================================== lesson 1
L1 = "lesson1"
RANSOMWARE, KERBEROASTING, PHISHING = "Ransomware", "Kerberoasting", "Phishing campaign"


def _show_card(browser: Any, card_id: int) -> None:
    """Move the card browser (its public drop-downs) to one card."""
    c = cards.load()[card_id]
    browser.kind.value = c.kind
    browser.category.value = c.category or ""
    browser.card_pick.value = card_id


def l1_tactic(browser: Any) -> Choice:
    ransom = _threat_named(RANSOMWARE)
    tactics = [x["name"] for x in cards.attack_tactics()]
    return Choice(
        "logiquo1-tactic",
        _t(L1, "tactic", "question"),
        frozenset(ransom.tactics),
        options=[(x, x) for x in tactics],
        explanation=lambda _a: _t(
            L1,
            "tactic",
            "explain",
            tactic=", ".join(ransom.tactics),
            attack=ransom.attack_id,
            impacts="; ".join(cards.impacts_text(ransom)),
            special="; ".join(cards.special_text(ransom)) or "—",
        ),
        on_explain=lambda: _show_card(browser, ransom.id),
        **_hint(L1, "tactic"),
    )


def l1_stops_ransomware(browser: Any) -> Pick:
    ransom = _threat_named(RANSOMWARE)
    stoppers = coverage.mitigators(ransom.number)
    check = Pick(
        "logiquo1-stops-ransomware",
        _t(L1, "stops_ransomware", "question"),
        frozenset(c.id for c in stoppers),
        options=[(f"{c.code} · {c.text('name')}", c.id) for c in cards.by_kind("countermeasure")],
        explanation=lambda _a: _t(
            L1,
            "stops_ransomware",
            "explain",
            n=len(stoppers),
            special="; ".join(cards.special_text(ransom)) or "—",
            cards=", ".join(
                f"{c.code} {html.escape(c.text('name'))} (CIS {c.cis_safeguard})" for c in stoppers
            ),
        ),
        **_hint(L1, "stops_ransomware"),
    )
    check.prove_with(
        lambda: _show_card(
            browser, check.value() if check.value() in check.answer() else stoppers[0].id
        )
    )
    return check.follow(browser.card_pick)


def no_logiquo() -> list[cards.Card]:
    """The threats whose special rules forbid a Logiquo (§Regole Speciali)."""
    return [c for c in cards.by_kind("threat") if c.special.get("logiquo") is False]


def l1_no_logiquo(browser: Any) -> Pick:
    forbid = no_logiquo()
    check = Pick(
        "logiquo1-no-logiquo",
        _t(L1, "no_logiquo", "question"),
        frozenset(c.id for c in forbid),
        options=[(f"{c.code} · {c.text('name')}", c.id) for c in cards.by_kind("threat")],
        explanation=lambda _a: _t(
            L1,
            "no_logiquo",
            "explain",
            n=len(forbid),
            threats=", ".join(_threat_name(c.number) for c in forbid),
        ),
        **_hint(L1, "no_logiquo"),
    )
    check.prove_with(
        lambda: _show_card(
            browser, check.value() if check.value() in check.answer() else forbid[0].id
        )
    )
    return check.follow(browser.card_pick)


def l1_step1(browser: Any) -> w.VBox:
    """Step 1 · the deck: Ransomware's tactic, a countermeasure listing it, no-Logiquo threats."""
    return stack(l1_tactic(browser), l1_stops_ransomware(browser), l1_no_logiquo(browser))


def families_reaching() -> dict[str, int]:
    """Threat category -> how many countermeasure families have a card listing one of its
    threats (the non-empty cells of its column in ``coverage.category_matrix``)."""
    m = coverage.category_matrix()
    return {col: sum(1 for row in m["cells"] if row[j]) for j, col in enumerate(m["columns"])}


def broad_controls() -> list[cards.Card]:
    """Countermeasures listing threats of three or more categories."""
    return [
        c
        for c in cards.by_kind("countermeasure")
        if len({cards.threat(n).category for n in c.mitigates}) >= 3
    ]


def l1_families(coverage_lab: Any) -> Choice:
    reach = families_reaching()
    return Choice(
        "logiquo1-families",
        _t(L1, "families", "question"),
        _best(reach),
        options=_category_options(),
        explanation=lambda a: _t(
            L1,
            "families",
            "explain",
            best=_names(a),
            n=max(reach.values()),
            rows=", ".join(f"{category_label(k)} {v}" for k, v in reach.items()),
        ),
        on_explain=lambda: setattr(coverage_lab.order, "value", "category"),
        **_hint(L1, "families"),
    )


def l1_broad(coverage_lab: Any) -> Number:
    broad = broad_controls()
    return Number(
        "logiquo1-broad",
        _t(L1, "broad", "question"),
        len(broad),
        explanation=lambda n: _t(
            L1,
            "broad",
            "explain",
            n=n,
            cards=", ".join(f"{c.code} {html.escape(c.text('name'))}" for c in broad[:5]),
        ),
        on_explain=lambda: setattr(coverage_lab.order, "value", "breadth"),
        **_hint(L1, "broad"),
    )


def l1_step2(coverage_lab: Any) -> w.VBox:
    return stack(l1_families(coverage_lab), l1_broad(coverage_lab))


def l1_kerberoasting(coverage_lab: Any) -> Number:
    kerb = _threat_named(KERBEROASTING)
    return Number(
        "logiquo1-kerberoasting",
        _t(L1, "kerberoasting", "question"),
        len(coverage.mitigators(kerb.number)),
        explanation=lambda n: _t(
            L1,
            "kerberoasting",
            "explain",
            n=n,
            cards=", ".join(c.code for c in coverage.mitigators(kerb.number)),
        ),
        on_explain=lambda: setattr(coverage_lab.threat_pick, "value", kerb.code),
        **_hint(L1, "kerberoasting"),
    )


def l1_easier(coverage_lab: Any) -> Choice:
    pair = [_threat_named(KERBEROASTING), _threat_named(PHISHING)]
    counts = {c.code: len(coverage.mitigators(c.number)) for c in pair}
    easier = _best(counts)
    return Choice(
        "logiquo1-easier",
        _t(L1, "easier", "question"),
        easier,
        options=[(f"{c.code} · {c.text('name')}", c.code) for c in pair],
        explanation=lambda _a: _t(
            L1,
            "easier",
            "explain",
            rows=", ".join(
                f"{c.code} {html.escape(c.text('name'))}: {counts[c.code]}" for c in pair
            ),
        ),
        on_explain=lambda: setattr(coverage_lab.threat_pick, "value", min(easier)),
        **_hint(L1, "easier"),
    )


def l1_step3(coverage_lab: Any) -> w.VBox:
    return stack(l1_kerberoasting(coverage_lab), l1_easier(coverage_lab))


def picks_for_half() -> int:
    """Greedy picks until at least half of the threats are covered."""
    steps = coverage.greedy_cover()
    half = len(cards.by_kind("threat")) / 2
    return next(i + 1 for i, s in enumerate(steps) if s.covered >= half)


def l1_half(coverage_lab: Any) -> Number:
    steps = coverage.greedy_cover()
    k = picks_for_half()
    return Number(
        "logiquo1-half",
        _t(L1, "half", "question"),
        k,
        explanation=lambda n: _t(
            L1,
            "half",
            "explain",
            k=n,
            covered=steps[n - 1].covered,
            total=len(cards.by_kind("threat")),
            needed=len(steps),
        ),
        on_explain=lambda: setattr(coverage_lab.budget, "value", k),
        **_hint(L1, "half"),
    )


def l1_tail() -> Reflect:
    steps = coverage.greedy_cover()
    tail = [len(s.newly_covered) for s in steps[-5:]]
    return Reflect(
        "logiquo1-tail",
        _t(L1, "tail", "question"),
        _t(L1, "tail", "model", tail=", ".join(map(str, tail)), needed=len(steps)),
    )


def l1_step4(coverage_lab: Any) -> w.VBox:
    return stack(l1_half(coverage_lab), l1_tail())


def mean_depth() -> dict[str, float]:
    """Threat category -> mean number of countermeasures per threat."""
    return {k: v["mean"] for k, v in coverage.coverage_by_category().items()}


def l1_thinnest(coverage_lab: Any) -> Choice:
    depth = mean_depth()
    thin = _best(depth, low=True)
    check = Choice(
        "logiquo1-thinnest",
        _t(L1, "thinnest", "question"),
        thin,
        options=_category_options(),
        explanation=lambda a: _t(
            L1,
            "thinnest",
            "explain",
            cats=_names(a),
            mean=number(min(depth.values()), 1),
            rows=", ".join(f"{category_label(k)} {number(v, 1)}" for k, v in depth.items()),
        ),
        **_hint(L1, "thinnest"),
    )
    check.prove_with(
        lambda: setattr(
            coverage_lab.depth_cat,
            "value",
            check.value() if check.value() in thin else min(thin),
        )
    )
    return check


def l1_ask() -> Reflect:
    return Reflect("logiquo1-ask", _t(L1, "ask", "question"), _t(L1, "ask", "model"))


def l1_step5(coverage_lab: Any) -> w.VBox:
    return stack(l1_thinnest(coverage_lab), l1_ask())


lesson1 = SimpleNamespace(
    browse=l1_step1,
    matrix=l1_step2,
    network=l1_step3,
    cover=l1_step4,
    depth=l1_step5,
    score=lesson_score,
)


# ====================================================================== lesson 2
L2 = "lesson2"
EVEN = 0.5


def cards_for_even(category: str | None = None) -> int:
    """The smallest hand with at least an even chance of stopping a random threat."""
    return next(k for k in range(1, 57) if odds.p_random_threat(k, category) >= EVEN)


def l2_even(lab: Any) -> Number:
    k = cards_for_even()

    def show() -> None:
        lab.category.value = ""
        lab.hand.value = k

    return Number(
        "logiquo2-even",
        _t(L2, "even", "question"),
        k,
        explanation=lambda n: _t(
            L2,
            "even",
            "explain",
            k=n,
            p=percent(float(odds.p_random_threat(n))),
            below=percent(float(odds.p_random_threat(n - 1))),
            six=odds.hand_size_for(6),
            p6=percent(float(odds.p_random_threat(odds.hand_size_for(6)))),
        ),
        on_explain=show,
        **_hint(L2, "even"),
    )


def l2_few() -> Reflect:
    return Reflect("logiquo2-few", _t(L2, "few", "question"), _t(L2, "few", "model"))


def l2_step1(lab: Any) -> w.VBox:
    return stack(l2_even(lab), l2_few())


def hardest(hand: int) -> frozenset[str]:
    """The categories a hand of ``hand`` cards stops least often (exact odds)."""
    return _best({k: float(v) for k, v in odds.by_category(hand).items()}, low=True)


def _hardest_check(lab: Any, name: str, hand: int) -> Choice:
    def show() -> None:
        lab.hand.value = hand

    def explain(a: frozenset[str]) -> str:
        per = odds.by_category(hand)
        return _t(
            L2,
            name,
            "explain",
            k=hand,
            cats=_names(a),
            p=percent(float(min(per.values()))),
            rows=", ".join(f"{category_label(c)} {percent(float(v))}" for c, v in per.items()),
        )

    return Choice(
        f"logiquo2-{name.replace('_', '-')}",
        _t(L2, name, "question", k=hand),
        hardest(hand),
        options=_category_options(),
        explanation=explain,
        on_explain=show,
        **_hint(L2, name),
    )


def l2_step2(lab: Any) -> w.VBox:
    return stack(_hardest_check(lab, "hardest_3", 3), _hardest_check(lab, "hardest_10", 10))


CHAIN = (10, 8)  # threats and anomalies left, as the lesson's question says


def l2_chain(lab: Any) -> Number:
    threats, anomalies = CHAIN
    p = float(odds.p_anomaly_chain(2, threats, anomalies, at_least=True))

    def show() -> None:
        lab.threats_left.value = threats
        lab.anomalies_left.value = anomalies

    return Number(
        "logiquo2-chain",
        _t(L2, "chain", "question", threats=threats, anomalies=anomalies),
        round(100 * p, 1),
        tolerance=0.5,
        unit="%",
        digits=1,
        explanation=lambda _a: _t(
            L2,
            "chain",
            "explain",
            threats=threats,
            anomalies=anomalies,
            total=threats + anomalies,
            p=percent(p),
        ),
        on_explain=show,
        hint=_t(L2, "chain", "hint", threats=threats, anomalies=anomalies),
    )


def width(n: int, p: float) -> float:
    """The width of gamelib's 99.9% Wilson interval after ``n`` trials at share ``p``."""
    e = odds.wilson(round(p * n), n)
    return e.high - e.low


def l2_shrink(lab: Any) -> Number:
    p = float(odds.p_random_threat(lab.hand.value))
    ratio = width(1_000, p) / width(50_000, p)
    return Number(
        "logiquo2-shrink",
        _t(L2, "shrink", "question"),
        round(ratio, 1),
        tolerance=0.5,
        digits=1,
        explanation=lambda _a: _t(
            L2,
            "shrink",
            "explain",
            w1=percent(width(1_000, p), 1),
            w2=percent(width(50_000, p), 1),
            ratio=number(ratio, 1),
            root=number(50**0.5, 1),
        ),
        on_explain=lambda: setattr(lab.mc.trials, "value", 50_000),
        **_hint(L2, "shrink"),
    )


SEED_PAIR = (1, 2)
SMALL_RUN = 500


@cache
def seeds_compared() -> tuple[float, float, float]:
    """(estimate with seed 1, estimate with seed 2, exact) for a 4-player hand, 500 deals."""
    k = odds.hand_size_for(4)
    a, b = (odds.mc_random_threat(k, SMALL_RUN, s).p for s in SEED_PAIR)
    return a, b, float(odds.p_random_threat(k))


MOVES = ("estimates", "both", "neither")


def _what_moves() -> str:
    a, b, _exact = seeds_compared()
    return "estimates" if a != b else "neither"


def l2_seed(lab: Any) -> Choice:
    return Choice(
        "logiquo2-seed",
        _t(L2, "seed", "question"),
        _what_moves,
        options=[(_t(L2, "seed", f"option_{m}"), m) for m in MOVES],
        explanation=lambda _a: _t(
            L2,
            "seed",
            "explain",
            n=SMALL_RUN,
            a=percent(seeds_compared()[0]),
            b=percent(seeds_compared()[1]),
            exact=percent(seeds_compared()[2]),
        ),
        on_explain=lambda: setattr(lab.seed, "value", SEED_PAIR[1]),
        **_hint(L2, "seed"),
    )


def l2_step4(lab: Any) -> w.VBox:
    return stack(l2_shrink(lab), l2_seed(lab))


lesson2 = SimpleNamespace(
    hand=l2_step1,
    category=l2_step2,
    chain=l2_chain,
    montecarlo=l2_step4,
    score=lesson_score,
)


# ====================================================================== lesson 3
L3 = "lesson3"
COOP = ("cooperative", "cooperative", "cooperative")
SELFISH = ("cooperative", "selfish", "selfish")
MIXED = ("cooperative", "selfish", "cooperative")


@cache
def played(seed: int, seats: tuple[str, ...]) -> tuple[Any, list[tuple[Any, Any]]]:
    """(final state, [(state before, action)]) of a bots' game at ``seed``: the table's bots,
    kind and seed ``seed * 10 + seat``, the usual ending."""
    names = [t(f"logiquo.table.name_{k}", n=i + 1) for i, k in enumerate(seats)]
    state = game.new_game(names, seed=seed)
    bots = [make_bot(kind, seed * 10 + p) for p, kind in enumerate(seats)]
    history: list[tuple[Any, Any]] = []
    before = [state]  # play_out reports the state after each action

    def record(after: Any, action: Any) -> None:
        history.append((before[0], action))
        before[0] = after

    final = play_out(game, state, bots, on_action=record)
    return final, history


OFFERS = (actions.OfferCard, actions.OfferTrade)
GIVERS = ("cooperative", "selfish", "both", "neither")


def offers_by_kind(seed: int) -> Counter[str]:
    """How many offers each kind of bot made to the active player (help asked for, not its
    own trades) in the mixed game at ``seed``."""
    _final, history = played(seed, MIXED)
    made: Counter[str] = Counter()
    for before, action in history:
        who = game.current_player(before)
        if isinstance(action, OFFERS) and who != before.active:  # help for the active player
            made[MIXED[who]] += 1
    return made


def givers(seed: int) -> str:
    made = offers_by_kind(seed)
    coop, selfish = made["cooperative"] > 0, made["selfish"] > 0
    return {(True, False): "cooperative", (False, True): "selfish", (True, True): "both"}.get(
        (coop, selfish), "neither"
    )


def _givers_variant(seed: int) -> Variant:
    def explain(_a: str) -> str:
        made = offers_by_kind(seed)
        return _t(
            L3, "givers", "explain", seed=seed, coop=made["cooperative"], selfish=made["selfish"]
        )

    return Variant(
        _t(L3, "givers", "question", seed=seed),
        lambda: givers(seed),
        explain,
        options=[(_t(L3, "givers", f"option_{g}"), g) for g in GIVERS],
    )


def l3_givers(table: Any) -> Choice:
    return Choice(
        "logiquo3-givers",
        new_question=_givers_variant,
        seed=table.seed.value,
        **_hint(L3, "givers"),
    )


LASTS = ("cooperative", "selfish", "same")


def longer(seed: int) -> str:
    coop, selfish = played(seed, COOP)[0].turn, played(seed, SELFISH)[0].turn
    return "cooperative" if coop > selfish else "selfish" if selfish > coop else "same"


def _longer_variant(seed: int) -> Variant:
    def explain(_a: str) -> str:
        return _t(
            L3,
            "longer",
            "explain",
            seed=seed,
            coop=played(seed, COOP)[0].turn,
            selfish=played(seed, SELFISH)[0].turn,
        )

    return Variant(
        _t(L3, "longer", "question", seed=seed),
        lambda: longer(seed),
        explain,
        options=[(_t(L3, "longer", f"option_{x}"), x) for x in LASTS],
    )


def l3_longer(table: Any) -> Choice:
    return Choice(
        "logiquo3-longer",
        new_question=_longer_variant,
        seed=table.seed.value,
        **_hint(L3, "longer"),
    )


def l3_step1(table: Any) -> w.VBox:
    """The table: which bots give, and does a cooperative table last longer?"""
    return stack(l3_givers(table), l3_longer(table))


def _player_options(state: Any) -> list[tuple[str, int]]:
    return [(name, p) for p, name in enumerate(state.players)]


def _winner_variant(view: Any, seed: int) -> Variant:
    final = bots_game(seed, "first_zero")

    def explain(_a: Any) -> str:
        keys = ", ".join(
            f"{html.escape(n)} {ranking_key(final, p)}" for p, n in enumerate(final.players)
        )
        return _t(
            L3,
            "winner",
            "explain",
            seed=seed,
            keys=keys,
            decided=t(f"logiquo.ending.by_{final.decided_by}"),
        )

    def show() -> None:
        view.ending.value = "first_zero"
        view.seed.value = seed

    return Variant(
        _t(L3, "winner", "question", seed=seed),
        frozenset(game.winners(final)),
        explain,
        options=_player_options(final),
        hint=_t(L3, "winner", "hint", seed=seed),
        on_explain=show,
    )


def l3_winner(view: Any) -> Pick:
    return Pick(
        "logiquo3-winner",
        new_question=lambda seed: _winner_variant(view, seed),
        seed=view.seed.value,
        **_hint(L3, "winner"),
    )


def _decider_variant(view: Any, seed: int) -> Variant:
    final = bots_game(seed, "first_zero")

    def show() -> None:
        view.ending.value = "first_zero"
        view.seed.value = seed

    return Variant(
        _t(L3, "decider", "question", seed=seed),
        final.decided_by,
        lambda d: _t(L3, "decider", "explain", seed=seed, decided=t(f"logiquo.ending.by_{d}")),
        options=[(t(f"logiquo.ending.by_{d}"), d) for d in DECIDERS],
        on_explain=show,
    )


def l3_decider(view: Any) -> Choice:
    return Choice(
        "logiquo3-decider",
        new_question=lambda seed: _decider_variant(view, seed),
        seed=view.seed.value,
        **_hint(L3, "decider"),
    )


def l3_chain(view: Any) -> Order:
    """The order of §Obiettivo's chain, as the engine applies it (``ending.TIEBREAKS``)."""
    labels = {k: t(f"logiquo.ending.col_{k}") for k in TIEBREAKS}
    return Order(
        "logiquo3-chain",
        _t(L3, "chain", "question"),
        tuple(TIEBREAKS),
        options=sorted(((labels[k].split(" · ")[1], k) for k in TIEBREAKS), reverse=True),
        explanation=_t(L3, "chain", "explain"),
        on_explain=lambda: setattr(view.ending, "value", "first_zero"),
        **_hint(L3, "chain"),
    )


def l3_tension() -> Reflect:
    return Reflect("logiquo3-tension", _t(L3, "tension", "question"), _t(L3, "tension", "model"))


def l3_step2(view: Any) -> w.VBox:
    """The goal and the winner (§Obiettivo): who wins, and which link of the chain decided."""
    return stack(l3_chain(view), l3_winner(view), l3_decider(view), l3_tension())


REASONS = ("zero_data", "deck", "last_standing", "all_eliminated")


def _reason_variant(view: Any, seed: int) -> Variant:
    final = bots_game(seed, "deck_out")

    def show() -> None:
        view.ending.value = "deck_out"
        view.seed.value = seed

    def explain(reason: str) -> str:
        out = [n for p, n in enumerate(final.players) if not final.alive[p]]
        return _t(
            L3,
            "reason",
            "explain",
            seed=seed,
            reason=t(f"logiquo.table.end_{reason}"),
            out=", ".join(html.escape(n) for n in out) or "—",
            turn=final.turn,
        )

    return Variant(
        _t(L3, "reason", "question", seed=seed),
        final.end_reason,
        explain,
        options=[(t(f"logiquo.table.end_{r}"), r) for r in REASONS],
        hint=_t(L3, "reason", "hint", seed=seed),
        on_explain=show,
    )


def l3_reason(view: Any) -> Choice:
    return Choice(
        "logiquo3-reason",
        new_question=lambda seed: _reason_variant(view, seed),
        seed=view.seed.value,
        **_hint(L3, "reason"),
    )


def l3_longer_game(view: Any) -> Number:
    seed = view.seed.value

    def show() -> None:
        view.seed.value = seed
        view.ending.value = "deck_out"

    def extra() -> int:
        return bots_game(seed, "deck_out").turn - bots_game(seed, "first_zero").turn

    return Number(
        "logiquo3-extra-turns",
        _t(L3, "extra_turns", "question", seed=seed),
        extra,
        explanation=lambda n: _t(
            L3,
            "extra_turns",
            "explain",
            seed=seed,
            first=bots_game(seed, "first_zero").turn,
            deck=bots_game(seed, "deck_out").turn,
            n=n,
        ),
        on_explain=show,
        hint=_t(L3, "extra_turns", "hint", seed=seed),
    )


def l3_step3(view: Any) -> w.VBox:
    """The end (§Fine del Gioco): why the deck-out game ended, how much longer it ran."""
    return stack(l3_reason(view), l3_longer_game(view))


lesson3 = SimpleNamespace(
    table=l3_step1,
    winner=l3_step2,
    ending=l3_step3,
    score=lesson_score,
)
