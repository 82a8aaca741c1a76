"""The checks of Logiquo lesson 1 (threats and countermeasures): the deck, its matrix, its
network, the greedy cover and the thin spots, computed from ``cards`` and ``coverage``. The deck
is this project's design, not the rulebook's: the explanations say so."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from gamelib.logiquo import cards, coverage
from widgets.kit.check import Choice, Number, Pick, Reflect, lesson_score, stack
from widgets.kit.check_kinds import Predict, Reason
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number
from widgets.logiquo.checks.common import (
    _best,
    _category_options,
    _names,
    _threat_name,
    _threat_named,
    ladder,
    panel_of,
    step_element,
)
from widgets.logiquo.words import card_name, category_label, impacts, specials

L1 = "lesson1"
_t = CheckTexts("logiquo", L1)
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
        _t("tactic", "question"),
        frozenset(ransom.tactics),
        options=[(x, x) for x in tactics],
        explanation=lambda _a: _t(
            "tactic",
            "explain",
            tactic=", ".join(ransom.tactics),
            attack=ransom.attack_id,
            impacts="; ".join(impacts(ransom)),
            special="; ".join(specials(ransom)) or "—",
        ),
        on_explain=lambda: _show_card(browser, ransom.id),
        hint=ladder(_t, "tactic"),
    )


def _card_pick(
    browser: Any, check_id: str, kind: str, right: list[cards.Card], **texts: Any
) -> Pick:
    """A pick among the deck's cards of ``kind`` where any card of ``right`` is right: a click
    in the browser picks the card, and "show me" opens the learner's own right card (else the
    first). ``texts``: the question, explanation and hint."""
    check = Pick(
        check_id,
        answer=frozenset(c.id for c in right),
        options=[(f"{c.code} · {card_name(c)}", c.id) for c in cards.by_kind(kind)],
        **texts,
    )
    check.prove_with(
        lambda: _show_card(
            browser, check.value() if check.value() in check.answer() else right[0].id
        )
    )
    return check.follow(browser.card_pick)


def l1_stops_ransomware(browser: Any) -> Pick:
    ransom = _threat_named(RANSOMWARE)
    stoppers = coverage.mitigators(ransom.number)
    return _card_pick(
        browser,
        "logiquo1-stops-ransomware",
        "countermeasure",
        stoppers,
        question=_t("stops_ransomware", "question"),
        explanation=lambda _a: _t(
            "stops_ransomware",
            "explain",
            n=len(stoppers),
            special="; ".join(specials(ransom)) or "—",
            cards=", ".join(
                f"{c.code} {html.escape(card_name(c))} (CIS {c.cis_safeguard})" for c in stoppers
            ),
        ),
        hint=ladder(_t, "stops_ransomware"),
    )


def no_logiquo() -> list[cards.Card]:
    """The threats whose special rules forbid a Logiquo (§Regole Speciali)."""
    return [c for c in cards.by_kind("threat") if c.special.get("logiquo") is False]


def l1_no_logiquo(browser: Any) -> Pick:
    forbid = no_logiquo()
    return _card_pick(
        browser,
        "logiquo1-no-logiquo",
        "threat",
        forbid,
        question=_t("no_logiquo", "question"),
        explanation=lambda _a: _t(
            "no_logiquo",
            "explain",
            n=len(forbid),
            threats=", ".join(_threat_name(c.number) for c in forbid),
        ),
        hint=ladder(_t, "no_logiquo"),
    )


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
        _t("families", "question"),
        _best(reach),
        options=_category_options(),
        explanation=lambda a: _t(
            "families",
            "explain",
            best=_names(a),
            n=max(reach.values()),
            rows=", ".join(f"{category_label(k)} {v}" for k, v in reach.items()),
        ),
        on_explain=lambda: setattr(coverage_lab.order, "value", "category"),
        hint=ladder(_t, "families"),
    )


def l1_broad(coverage_lab: Any) -> Number:
    broad = broad_controls()
    return Number(
        "logiquo1-broad",
        _t("broad", "question"),
        len(broad),
        explanation=lambda n: _t(
            "broad",
            "explain",
            n=n,
            cards=", ".join(f"{c.code} {html.escape(card_name(c))}" for c in broad[:5]),
        ),
        on_explain=lambda: setattr(coverage_lab.order, "value", "breadth"),
        hint=ladder(_t, "broad"),
    )


def l1_step2(coverage_lab: Any) -> w.VBox:
    return stack(l1_families(coverage_lab), l1_broad(coverage_lab))


def l1_kerberoasting(coverage_lab: Any) -> Number:
    kerb = _threat_named(KERBEROASTING)
    return Number(
        "logiquo1-kerberoasting",
        _t("kerberoasting", "question"),
        len(coverage.mitigators(kerb.number)),
        explanation=lambda n: _t(
            "kerberoasting",
            "explain",
            n=n,
            cards=", ".join(c.code for c in coverage.mitigators(kerb.number)),
        ),
        on_explain=lambda: setattr(coverage_lab.threat_pick, "value", kerb.code),
        hint=ladder(_t, "kerberoasting"),
    )


def l1_easier(coverage_lab: Any) -> Choice:
    pair = [_threat_named(KERBEROASTING), _threat_named(PHISHING)]
    counts = {c.code: len(coverage.mitigators(c.number)) for c in pair}
    easier = _best(counts)
    return Choice(
        "logiquo1-easier",
        _t("easier", "question"),
        easier,
        options=[(f"{c.code} · {card_name(c)}", c.code) for c in pair],
        explanation=lambda _a: _t(
            "easier",
            "explain",
            rows=", ".join(f"{c.code} {html.escape(card_name(c))}: {counts[c.code]}" for c in pair),
        ),
        on_explain=lambda: setattr(coverage_lab.threat_pick, "value", min(easier)),
        hint=ladder(_t, "easier"),
    )


EASIER_REASONS = ("logiquo", "two", "cards", "multiplo")  # the options, in the page's order


def easier_facts() -> dict[str, Any]:
    """What the reasons of ``logiquo1-easier-why`` claim, from the deck: each threat's
    countermeasures, its special rules and its involvement."""
    kerb, phish = _threat_named(KERBEROASTING), _threat_named(PHISHING)
    return {
        "kerb": kerb,
        "phish": phish,
        "n_kerb": len(coverage.mitigators(kerb.number)),
        "n_phish": len(coverage.mitigators(phish.number)),
        "kerb_logiquo": kerb.special.get("logiquo", True),
        "kerb_need": kerb.special.get("controls_required", 1),
        "phish_multiplo": phish.involvement == "all",
    }


def l1_easier_why(coverage_lab: Any) -> Reason:
    """The reason after the two-option question: why one of the two is easier to stop."""
    f = easier_facts()
    kerb, phish = (f"{c.code} {html.escape(card_name(c))}" for c in (f["kerb"], f["phish"]))
    values = {"kerb": kerb, "phish": phish, "n_kerb": f["n_kerb"], "n_phish": f["n_phish"]}
    explanations = {
        "cards": _t("easier_why", "why_cards", **values),
        "logiquo": _t("easier_why", "why_logiquo", **values),
        "two": _t("easier_why", "why_two", **values),
        "multiplo": _t(
            "easier_why", "why_multiplo_yes" if f["phish_multiplo"] else "why_multiplo", **values
        ),
    }
    return Reason(
        "logiquo1-easier-why",
        _t("easier_why", "question", **values),
        "cards",
        options=[(_t("easier_why", r, **values), r) for r in EASIER_REASONS],
        explanations=explanations,
        on_explain=lambda: setattr(coverage_lab.threat_pick, "value", f["phish"].code),
        hint=ladder(_t, "easier_why"),
    )


def l1_step3(coverage_lab: Any) -> w.VBox:
    return stack(
        l1_kerberoasting(coverage_lab), l1_easier(coverage_lab), l1_easier_why(coverage_lab)
    )


def picks_for_half() -> int:
    """Greedy picks until at least half of the threats are covered."""
    steps = coverage.greedy_cover()
    half = len(cards.by_kind("threat")) / 2
    return next(i + 1 for i, s in enumerate(steps) if s.covered >= half)


def most_listed() -> int:
    """The most threats one countermeasure lists (§Carte Controllo: up to four)."""
    return max(len(c.mitigates) for c in cards.by_kind("countermeasure"))


def l1_half(coverage_lab: Any) -> Predict:
    """Predict, then see: how many greedy picks cover half the threats, before the chart and
    its text show it (a guess near half the threats counts one card a threat)."""
    steps = coverage.greedy_cover()
    k = picks_for_half()
    total = len(cards.by_kind("threat"))
    half = (total + 1) // 2
    most = most_listed()
    least = -(-half // most)  # no fewer cards can list half the threats
    adds = " + ".join(str(len(s.newly_covered)) for s in steps[:k])
    panel = panel_of(coverage_lab, "cover")
    return Predict(
        "logiquo1-half",
        _t("half", "predict", total=total, half=half, most=most),
        k,
        reveals=[step_element(coverage_lab, "cover", "logiquo-fig-cover"), coverage_lab.cover_info],
        inside=panel,
        tolerance=1,
        explanation=_t(
            "half",
            "predict_explain",
            k=k,
            covered=steps[k - 1].covered,
            total=total,
            half=half,
            most=most,
            least=least,
            adds=adds,
            needed=len(steps),
        ),
        on_explain=lambda: setattr(coverage_lab.budget, "value", k),
    )


TAIL = 5  # the last picks the question is about
TAIL_REASONS = ("short_cards", "few_left", "greedy_bad", "deck_out")  # in the page's order


def tail_facts() -> dict[str, Any]:
    """What the reasons of ``logiquo1-tail`` claim, from the greedy cover: the last picks'
    new threats and listed threats, the best any unpicked card could add at each of them,
    the cards never picked."""
    steps = coverage.greedy_cover()
    start = len(steps) - TAIL
    covered: set[int] = set()
    for s in steps[:start]:
        covered |= set(s.newly_covered)
    best_other, listed = [], []
    for s in steps[start:]:
        listed.append(len(coverage.control(s.code).mitigates))
        best_other.append(
            max(len(set(c.mitigates) - covered) for c in cards.by_kind("countermeasure"))
        )
        covered |= set(s.newly_covered)
    return {
        "added": [len(s.newly_covered) for s in steps[start:]],
        "listed": listed,
        "best_other": best_other,
        "codes": [s.code for s in steps[start:]],
        "picked": len(steps),
        "unpicked": len(cards.by_kind("countermeasure")) - len(steps),
    }


def l1_tail() -> Reason:
    """Why the last picks add so little: pick the reason (it was an open question)."""
    f = tail_facts()
    values = {
        "added": ", ".join(map(str, f["added"])),
        "listed": ", ".join(map(str, f["listed"])),
        "codes": ", ".join(f["codes"]),
        "best": ", ".join(map(str, f["best_other"])),
        "picked": f["picked"],
        "unpicked": f["unpicked"],
        "n": TAIL,
    }
    return Reason(
        "logiquo1-tail",
        _t("tail", "question"),
        "few_left",
        options=[(_t("tail", r), r) for r in TAIL_REASONS],
        explanations={r: _t("tail", f"why_{r}", **values) for r in TAIL_REASONS},
        hint=ladder(_t, "tail"),
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
        _t("thinnest", "question"),
        thin,
        options=_category_options(),
        explanation=lambda a: _t(
            "thinnest",
            "explain",
            cats=_names(a),
            mean=number(min(depth.values()), 1),
            rows=", ".join(f"{category_label(k)} {number(v, 1)}" for k, v in depth.items()),
        ),
        hint=ladder(_t, "thinnest"),
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
    return _t.reflect("logiquo1-ask", "ask")


def l1_step5(coverage_lab: Any) -> w.VBox:
    return stack(l1_thinnest(coverage_lab), l1_ask())


# the steps of the lesson, as the notebook calls them
browse = l1_step1
matrix = l1_step2
network = l1_step3
cover = l1_step4
depth = l1_step5
score = lesson_score
