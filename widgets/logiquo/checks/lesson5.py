"""The checks of Logiquo lesson 5 (the deck as a real threat model): the kill chain, the CIS
Implementation Groups, the CSF functions and an organisation's own profile.

Every answer is computed from :mod:`gamelib.logiquo.threat_model` when the page runs, so a
change to the card links (a threat re-linked to another control) changes the answers with it.
Which safeguard sits in which IG is CIS's; the game's links are the project's reading, and the
explanations say so.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from gamelib.logiquo import cards
from gamelib.logiquo import threat_model as tm
from widgets.kit.check import Choice, Reflect, lesson_score, stack
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.logiquo.checks.common import _best, ladder
from widgets.logiquo.threat_model import (
    Coverage,
    KillChain,
    Profile,
    _control,
    function_label,
    tactic_label,
)

_t = CheckTexts("logiquo", "lesson5")


def _most(
    check_id: str,
    name: str,
    counts: dict[str, int],
    label: Callable[[str], str],
    named: str,
    on_explain: Callable[[], None],
    **explain: Any,
) -> Choice:
    """Which key of ``counts`` counts most: every tied key is right; the explanation names them
    (as ``named``) and the count (``n``), with ``explain``'s other values."""
    best = _best(counts)
    return Choice(
        check_id,
        _t(name, "question"),
        best,
        options=[(label(k), k) for k in counts],
        explanation=_t(
            name,
            "explain",
            **{named: " / ".join(label(b) for b in sorted(best))},
            n=max(counts.values()),
            **explain,
        ),
        on_explain=on_explain,
        hint=ladder(_t, name),
    )


def l5_busiest_tactic(chain: KillChain) -> Choice:
    counts = {tid: len(nums) for tid, _name, nums in tm.threats_by_tactic()}

    def show() -> None:
        chain.category.value = ""

    empty = ", ".join(tactic_label(tid) for tid, n in counts.items() if n == 0) or "—"
    return _most("lq5-busiest-tactic", "tactic", counts, tactic_label, "tactic", show, empty=empty)


def l5_ig1_stops(coverage: Coverage) -> Predict:
    """Predict, then see: what IG1's controls stop, before the chart and its summary show it
    (a share of the cards is not the same share of the threats)."""
    cov = tm.ig_coverage()
    one, two = cov[1], cov[2]
    threats = len(one.stopped) + len(one.remaining)
    deck = len(cards.by_kind("countermeasure"))
    pro_rata = round(threats * len(one.controls) / deck)

    def show() -> None:
        coverage.group.value = 1

    return Predict(
        "lq5-ig1-stops",
        _t("ig1", "predict", threats=threats, controls=len(one.controls), deck=deck),
        len(one.stopped),
        reveals=[coverage.summary, find_tagged(coverage, "logiquo-real-igchart")],
        inside=coverage,
        tolerance=3,
        explanation=_t(
            "ig1",
            "predict_explain",
            controls=len(one.controls),
            stopped=len(one.stopped),
            threats=threats,
            ig2=len(two.stopped),
            ig2_controls=len(two.controls),
            deck=deck,
            pro_rata=pro_rata,
        ),
        on_explain=show,
    )


def l5_csf_function(coverage: Coverage) -> Choice:
    counts = {fid: len(codes) for fid, codes, _threats in tm.by_csf_function()}

    def show() -> None:
        coverage.group.value = 3

    few = ", ".join(f"{function_label(f)} ({n})" for f, n in counts.items() if n <= 2)
    return _most(
        "lq5-csf-function",
        "csf",
        counts,
        function_label,
        "function",
        show,
        total=sum(counts.values()),
        few=few,
    )


def l5_next_control(profile: Profile) -> Choice:
    ig1 = tm.ig_profile(1)
    best, gain = tm.best_additions(ig1)
    before = tm.profile(ig1)
    candidates = sorted(set(tm.first_ig()) - ig1)

    def show() -> None:
        profile.set_controls(ig1 | {min(best)})

    return Choice(
        "lq5-next-control",
        _t("next", "question", stopped=len(before.stopped)),
        best,
        options=[(_control(code), code) for code in candidates],
        explanation=_t(
            "next",
            "explain",
            controls=", ".join(html.escape(_control(b)) for b in sorted(best)),
            gain=gain,
            stopped=len(before.stopped) + gain,
        ),
        on_explain=show,
        hint=ladder(_t, "next"),
    )


NEXT_REASONS = ("cap", "already", "logiquo", "short")  # the options, in the page's order


def next_facts() -> dict[str, Any]:
    """What the reasons of ``lq5-next-why`` claim about the first best addition to IG1, from
    the threat model: the threats its card lists, those IG1 stopped already, those still open
    with it (a Regola Speciale asking two), those it newly stops."""
    ig1 = tm.ig_profile(1)
    best, gain = tm.best_additions(ig1)
    code = min(best)
    listed = tuple(cards.by_code(code).mitigates)
    before, after = tm.profile(ig1), tm.profile(ig1 | {code})
    return {
        "code": code,
        "gain": gain,
        "listed": listed,
        "already": tuple(n for n in listed if n in before.stopped),
        "open": tuple(n for n in listed if n in after.remaining),
        "new": tuple(n for n in listed if n in after.stopped and n not in before.stopped),
        "most": max(len(c.mitigates) for c in cards.by_kind("countermeasure")),
    }


def l5_next_why() -> Reason:
    """Why the best control adds fewer threats than its card lists: pick the reason (the
    right ones are computed: already stopped, or still short of a second control)."""
    f = next_facts()

    def names(numbers: tuple[int, ...]) -> str:
        return ", ".join(f"T{n:02d}" for n in numbers) or "—"

    values = {
        "control": html.escape(_control(f["code"])),
        "listed": len(f["listed"]),
        "gain": f["gain"],
        "already": names(f["already"]),
        "open": names(f["open"]),
        "new": names(f["new"]),
        "most": f["most"],
    }
    right = frozenset(r for r, holds in (("already", f["already"]), ("short", f["open"])) if holds)
    explanations = {
        "cap": _t("next_why", "why_cap", **values),
        "logiquo": _t("next_why", "why_logiquo", **values),
        "already": _t("next_why", "why_already" if f["already"] else "why_already_no", **values),
        "short": _t("next_why", "why_short" if f["open"] else "why_short_no", **values),
    }
    return Reason(
        "lq5-next-why",
        _t("next_why", "question", **values),
        right,
        options=[(_t("next_why", r), r) for r in NEXT_REASONS],
        explanations=explanations,
        hint=ladder(_t, "next_why", **values),
    )


def l5_why_not_all() -> Reflect:
    return _t.reflect("lq5-why-not-all", "why")


def kill_chain(chain: KillChain) -> w.VBox:
    return stack(l5_busiest_tactic(chain))


def groups(panel: Coverage) -> w.VBox:
    return stack(l5_ig1_stops(panel))


def functions(panel: Coverage) -> w.VBox:
    return stack(l5_csf_function(panel))


def profile(panel: Profile) -> w.VBox:
    return stack(l5_next_control(panel), l5_next_why(), l5_why_not_all())


def score() -> w.HTML:
    return lesson_score()
