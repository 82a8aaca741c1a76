"""The deck as a threat model (gamelib/logiquo/threat_model.py): kill-chain order, CIS IG and
CSF coverage, and an organisation's profile against the threats (§Carte Controllo, §Regole
Speciali: a threat needs ``controls_required`` listed countermeasures)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.logiquo import threat_model as tm
from gamelib.logiquo.cards import by_kind

CODES = sorted(c.code for c in by_kind("countermeasure"))


def test_kill_chain_is_attack_matrix_order() -> None:
    chain = tm.kill_chain()
    assert chain[0] == "Reconnaissance" and chain[-1] == "Impact"
    assert chain.index("Initial Access") < chain.index("Execution") < chain.index("Exfiltration")


def test_every_threat_sits_under_each_of_its_tactics() -> None:
    rows = {name: set(nums) for _id, name, nums in tm.threats_by_tactic()}
    for t in by_kind("threat"):
        assert t.tactics
        for tactic in t.tactics:
            assert t.number in rows[tactic]
    assert sum(len(v) for v in rows.values()) == sum(len(t.tactics) for t in by_kind("threat"))


def test_every_cited_safeguard_has_an_ig_and_groups_nest() -> None:
    assert set(tm.first_ig()) == set(CODES)
    ig1, ig2, ig3 = (tm.ig_profile(g) for g in tm.IGS)
    assert ig1 < ig2 <= ig3 and ig3 == set(CODES)
    assert "C01" in ig1  # 14.1, security awareness programme: IG1 in CIS v8
    assert "C22" not in ig2  # 13.8, network intrusion prevention: IG3 only
    with pytest.raises(ValueError):
        tm.ig_profile(4)


def test_ig_coverage_grows_with_the_group() -> None:
    cov = tm.ig_coverage()
    assert set(cov[1].stopped) <= set(cov[2].stopped) <= set(cov[3].stopped)
    assert cov[3].share == tm.profile(CODES).share


def test_csf_functions_partition_the_countermeasures() -> None:
    rows = tm.by_csf_function()
    assert [r[0] for r in rows] == ["GV", "ID", "PR", "DE", "RS", "RC"]
    assert sorted(code for _f, codes, _t in rows for code in codes) == CODES


def test_profile_follows_controls_required() -> None:
    """§Regole Speciali: a threat needing two controls is not stopped by one listed control."""
    two = next(t for t in by_kind("threat") if t.special.get("controls_required") == 2)
    listing = [c.code for c in by_kind("countermeasure") if two.number in c.mitigates]
    one = tm.profile(listing[:1])
    assert two.number in one.remaining and one.short[two.number] == 1
    assert two.number in tm.profile(listing[:2]).stopped
    empty = tm.profile([])
    assert empty.stopped == () and empty.share == 0
    with pytest.raises(ValueError):
        tm.profile(["L01"])


@settings(max_examples=60, deadline=None)
@given(st.sets(st.sampled_from(CODES)))
def test_profile_is_monotone_and_best_addition_is_best(held: set[str]) -> None:
    report = tm.profile(held)
    assert set(report.stopped) | set(report.remaining) == {t.number for t in by_kind("threat")}
    if len(held) < len(CODES):
        best, gain = tm.best_additions(held)
        for code in set(CODES) - held:
            more = tm.profile(held | {code})
            assert set(report.stopped) <= set(more.stopped)
            assert len(more.stopped) - len(report.stopped) <= gain
        assert all(len(tm.profile(held | {b}).stopped) == len(report.stopped) + gain for b in best)


def test_dealt_hand_share_is_a_probability() -> None:
    assert 0 < tm.dealt_hand_share(4) < 1
