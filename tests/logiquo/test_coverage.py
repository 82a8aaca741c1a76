"""coverage.py: the threat-countermeasure matrix, greedy set cover and bipartite graph."""

from __future__ import annotations

import networkx as nx

from gamelib.logiquo import coverage
from gamelib.logiquo.cards import by_kind


def test_matrix_cells_match_the_cards():
    m = coverage.matrix()
    assert len(m.controls) == 50 and m.threats == tuple(range(1, 53))
    for c in by_kind("countermeasure"):
        row = m.row(c.code)
        assert {m.threats[j] for j, v in enumerate(row) if v} == set(c.mitigates)
    assert (
        sum(m.row_sums())
        == sum(m.column_sums())
        == sum(len(c.mitigates) for c in by_kind("countermeasure"))
    )
    assert min(m.column_sums()) >= 2


def test_category_order_groups_columns():
    m = coverage.matrix("category")
    cats = [next(t.category for t in by_kind("threat") if t.number == n) for n in m.threats]
    seen = []
    for cat in cats:
        if not seen or seen[-1] != cat:
            seen.append(cat)
    assert len(seen) == len(set(seen))  # each category is one contiguous block
    assert sorted(m.threats) == list(range(1, 53))


def test_coverage_helpers_agree():
    per = coverage.coverage_by_threat()
    assert per[9] == len(coverage.mitigators(9))
    cats = coverage.coverage_by_category()
    assert sum(v["links"] for v in cats.values()) == sum(per.values())
    cm = coverage.category_matrix()
    assert sum(map(sum, cm["cells"])) == sum(per.values())


def test_greedy_cover_covers_everything_and_takes_the_broadest_first():
    steps = coverage.greedy_cover()
    covered = set()
    for step in steps:
        assert not covered & set(step.newly_covered)
        covered |= set(step.newly_covered)
        assert step.covered == len(covered)
    assert covered == set(range(1, 53))
    gains = [len(s.newly_covered) for s in steps]
    assert gains == sorted(gains, reverse=True)
    assert gains[0] == max(len(c.mitigates) for c in by_kind("countermeasure"))
    assert len(coverage.greedy_cover(budget=3)) == 3
    assert coverage.greedy_cover(threats=[9])[0].newly_covered == (9,)


def test_bipartite_graph():
    g = coverage.bipartite_graph("it")
    controls = {n for n, d in g.nodes(data=True) if d["bipartite"] == 0}
    threats = set(g) - controls
    assert len(controls) == 50 and len(threats) == 52
    assert nx.is_bipartite(g)
    assert g.number_of_edges() == sum(len(c.mitigates) for c in by_kind("countermeasure"))
    assert min(dict(g.degree(threats)).values()) >= 2
    assert g.nodes["T09"]["label"] == "Ransomware" and g.nodes["T09"]["attack_id"] == "T1486"
