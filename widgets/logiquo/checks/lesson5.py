"""The checks of Logiquo lesson 5 (the deck as a real threat model): the kill chain, the CIS
Implementation Groups, the CSF functions and an organisation's own profile.

Every answer is computed from :mod:`gamelib.logiquo.threat_model` when the page runs, so a
change to the card links (a threat re-linked to another control) changes the answers with it.
Which safeguard sits in which IG is CIS's; the game's links are the project's reading, and the
explanations say so.
"""

from __future__ import annotations

import html

import ipywidgets as w

from gamelib.logiquo import threat_model as tm
from widgets.kit.check import Choice, Number, Reflect, lesson_score, stack
from widgets.logiquo.checks.common import _best, _hint, _t
from widgets.logiquo.threat_model import (
    Coverage,
    KillChain,
    Profile,
    _control,
    function_label,
    tactic_label,
)

L5 = "lesson5"


def l5_busiest_tactic(chain: KillChain) -> Choice:
    counts = {tid: len(nums) for tid, _name, nums in tm.threats_by_tactic()}
    best = _best(counts)
    top = max(counts.values())

    def show() -> None:
        chain.category.value = ""

    return Choice(
        "lq5-busiest-tactic",
        _t(L5, "tactic", "question"),
        best,
        options=[(tactic_label(tid), tid) for tid in counts],
        explanation=_t(
            L5,
            "tactic",
            "explain",
            tactic=" / ".join(tactic_label(b) for b in sorted(best)),
            n=top,
            empty=", ".join(tactic_label(tid) for tid, n in counts.items() if n == 0) or "—",
        ),
        on_explain=show,
        **_hint(L5, "tactic"),
    )


def l5_ig1_stops(coverage: Coverage) -> Number:
    cov = tm.ig_coverage()
    one, two = cov[1], cov[2]
    threats = len(one.stopped) + len(one.remaining)

    def show() -> None:
        coverage.group.value = 1

    return Number(
        "lq5-ig1-stops",
        _t(L5, "ig1", "question", threats=threats),
        len(one.stopped),
        tolerance=0,
        explanation=_t(
            L5,
            "ig1",
            "explain",
            controls=len(one.controls),
            stopped=len(one.stopped),
            threats=threats,
            ig2=len(two.stopped),
            ig2_controls=len(two.controls),
        ),
        on_explain=show,
        **_hint(L5, "ig1"),
    )


def l5_csf_function(coverage: Coverage) -> Choice:
    counts = {fid: len(codes) for fid, codes, _threats in tm.by_csf_function()}
    best = _best(counts)

    def show() -> None:
        coverage.group.value = 3

    return Choice(
        "lq5-csf-function",
        _t(L5, "csf", "question"),
        best,
        options=[(function_label(fid), fid) for fid in counts],
        explanation=_t(
            L5,
            "csf",
            "explain",
            function=" / ".join(function_label(b) for b in sorted(best)),
            n=max(counts.values()),
            total=sum(counts.values()),
            few=", ".join(f"{function_label(f)} ({n})" for f, n in counts.items() if n <= 2),
        ),
        on_explain=show,
        **_hint(L5, "csf"),
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
        _t(L5, "next", "question", stopped=len(before.stopped)),
        best,
        options=[(_control(code), code) for code in candidates],
        explanation=_t(
            L5,
            "next",
            "explain",
            controls=", ".join(html.escape(_control(b)) for b in sorted(best)),
            gain=gain,
            stopped=len(before.stopped) + gain,
        ),
        on_explain=show,
        **_hint(L5, "next"),
    )


def l5_why_not_all() -> Reflect:
    return Reflect("lq5-why-not-all", _t(L5, "why", "question"), _t(L5, "why", "model"))


def kill_chain(chain: KillChain) -> w.VBox:
    return stack(l5_busiest_tactic(chain))


def groups(panel: Coverage) -> w.VBox:
    return stack(l5_ig1_stops(panel))


def functions(panel: Coverage) -> w.VBox:
    return stack(l5_csf_function(panel))


def profile(panel: Profile) -> w.VBox:
    return stack(l5_next_control(panel), l5_why_not_all())


def score() -> w.HTML:
    return lesson_score()
