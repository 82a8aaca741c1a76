"""Logiquo lesson 5 (the deck as a real threat model): the widgets redraw from gamelib when a
control moves, and every check's answer is what its widget shows after "show me"."""

from __future__ import annotations

from gamelib.logiquo import threat_model as tm
from tests.widgets.checkkit import (
    answer_wrong_then_right,
    bold_numbers,
    by_name,
    plain,
    show_every,
)
from widgets.kit.check_kinds import Predicts
from widgets.logiquo.checks import lesson5 as checks
from widgets.logiquo.threat_model import Coverage, KillChain, Profile


def test_kill_chain_follows_the_category() -> None:
    chain = KillChain()
    total = list(chain.fig.data[1].x)
    assert sum(total) == sum(len(n) for _i, _n, n in tm.threats_by_tactic())
    chain.category.value = "social"
    assert list(chain.fig.data[1].x) != total and sum(chain.fig.data[1].x) < sum(total)
    assert list(chain.fig.data[1].x) == list(chain.counts().values())


def test_coverage_redraws_per_group() -> None:
    panel = Coverage()
    one = list(panel.fig.data[0].x)
    panel.group.value = 3
    assert list(panel.fig.data[0].x) != one
    assert sum(panel.fig.data[1].x) == 0  # IG3 holds every control: nothing open
    assert "GV" in plain(panel.functions.value)


def test_profile_counts_what_is_ticked() -> None:
    panel = Profile()
    assert bold_numbers(panel.summary.value)[:2] == [0, 0]
    panel.use_group(1)
    report = tm.profile(tm.ig_profile(1))
    assert panel.held() == tm.ig_profile(1)
    assert bold_numbers(panel.summary.value)[:2] == [len(report.controls), len(report.stopped)]
    assert sum(panel.fig.data[0].x) == sum(
        1 for _i, _n, nums in tm.threats_by_tactic() for n in nums if n in report.stopped
    )
    panel.boxes[sorted(set(tm.first_ig()) - tm.ig_profile(1))[0]].value = True
    assert len(panel.held()) == len(report.controls) + 1


def test_checks_answers_are_what_the_widgets_show() -> None:
    chain, cov, prof = KillChain(), Coverage(), Profile()
    boxes = [checks.kill_chain(chain), checks.groups(cov), checks.profile(prof)]
    boxes.append(checks.functions(cov))
    first = by_name(boxes[0])["lq5-busiest-tactic"]
    chain.category.value = "social"
    first.show_me()
    assert chain.category.value == ""
    shown = dict(zip(chain.counts(), chain.fig.data[1].x, strict=True))
    assert all(shown[a] == max(shown.values()) for a in first.answer())

    ig1 = by_name(boxes[1])["lq5-ig1-stops"]
    cov.group.value = 2
    ig1.show_me()
    assert cov.group.value == 1 and bold_numbers(cov.summary.value)[0] == ig1.answer()

    nxt = by_name(boxes[2])["lq5-next-control"]
    nxt.show_me()
    gain = len(tm.profile(prof.held()).stopped) - len(tm.profile(tm.ig_profile(1)).stopped)
    assert gain == tm.best_additions(tm.ig_profile(1))[1] > 0
    assert show_every(boxes)


def test_a_wrong_answer_hints_and_a_right_one_explains() -> None:
    cov = Coverage()
    for check in [*checks.groups(cov).children, *checks.functions(cov).children]:
        if isinstance(check, Predicts):  # one try, no hint: test_logiquo_checks25.py
            continue
        answer_wrong_then_right(check)
