"""The threat-countermeasure matrix: who mitigates what, coverage counts, a greedy set cover
and a networkx bipartite graph, ready for heatmaps and network widgets.

Rows are the 50 countermeasures (by code), columns the 52 threats (by number); a cell is 1
when the countermeasure card lists that threat among its "Minacce neutralizzate"
(§Carte Controllo).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import networkx as nx

from gamelib.logiquo.cards import (
    Card,
    by_code,
    by_kind,
    control_categories,
    threat,
    threat_categories,
)


@dataclass(frozen=True)
class Matrix:
    """0/1 incidence matrix: ``cells[i][j]`` is 1 when ``controls[i]`` mitigates ``threats[j]``."""

    controls: tuple[str, ...]
    threats: tuple[int, ...]
    cells: tuple[tuple[int, ...], ...]

    def row(self, code: str) -> tuple[int, ...]:
        return self.cells[self.controls.index(code)]

    def column(self, number: int) -> tuple[int, ...]:
        j = self.threats.index(number)
        return tuple(r[j] for r in self.cells)

    def column_sums(self) -> tuple[int, ...]:
        return tuple(sum(r[j] for r in self.cells) for j in range(len(self.threats)))

    def row_sums(self) -> tuple[int, ...]:
        return tuple(sum(r) for r in self.cells)


def _ordered(kind: str, categories: list[dict[str, Any]], order: str) -> list[Card]:
    """The cards of ``kind`` in card order, or grouped by category (in ``categories`` order)
    and, inside one, by threat number or countermeasure code."""
    cards = list(by_kind(kind))
    if order == "category":
        rank = {c["id"]: i for i, c in enumerate(categories)}
        cards.sort(key=lambda c: (rank[c.category], c.number or 0, c.code))
    elif order != "number":
        raise ValueError("order must be 'number' or 'category'")
    return cards


def _threat_order(order: str) -> list[Card]:
    return _ordered("threat", threat_categories(), order)


def _control_order(order: str) -> list[Card]:
    return _ordered("countermeasure", control_categories(), order)


def matrix(order: str = "number") -> Matrix:
    """The incidence matrix; ``order="category"`` groups rows and columns by category (the
    layout a heatmap wants), ``"number"`` keeps card order."""
    threats = _threat_order(order)
    controls = _control_order(order)
    cells = tuple(tuple(int(t.number in c.mitigates) for t in threats) for c in controls)
    return Matrix(
        controls=tuple(c.code for c in controls),
        threats=tuple(t.number for t in threats),
        cells=cells,
    )


def mitigators(number: int) -> list[Card]:
    """The countermeasure cards that list threat ``number``."""
    return [c for c in by_kind("countermeasure") if number in c.mitigates]


def coverage_by_threat() -> dict[int, int]:
    """Threat number -> how many countermeasure cards mitigate it."""
    return {t.number: len(mitigators(t.number)) for t in by_kind("threat")}


def coverage_by_category() -> dict[str, dict[str, Any]]:
    """Per threat category: threats, links (matrix ones), min/mean/max mitigators per threat,
    and how many distinct countermeasures reach the category."""
    per = coverage_by_threat()
    out: dict[str, dict[str, Any]] = {}
    for cat in threat_categories():
        nums = [t.number for t in by_kind("threat") if t.category == cat["id"]]
        counts = [per[n] for n in nums]
        reach = {c.code for c in by_kind("countermeasure") if set(c.mitigates) & set(nums)}
        out[cat["id"]] = {
            "threats": len(nums),
            "links": sum(counts),
            "min": min(counts),
            "mean": sum(counts) / len(counts),
            "max": max(counts),
            "controls": len(reach),
        }
    return out


def category_matrix() -> dict[str, Any]:
    """Links between countermeasure families (rows) and threat categories (columns): the
    compact heatmap of how the deck's defences line up with its attacks."""
    rows = [c["id"] for c in control_categories()]
    cols = [c["id"] for c in threat_categories()]
    cells = [[0] * len(cols) for _ in rows]
    for c in by_kind("countermeasure"):
        for n in c.mitigates:
            cells[rows.index(c.category)][cols.index(threat(n).category)] += 1
    return {"rows": rows, "columns": cols, "cells": cells}


@dataclass(frozen=True)
class CoverStep:
    """One pick of the greedy cover: the control, the threats it newly covers, running total."""

    code: str
    newly_covered: tuple[int, ...]
    covered: int


def greedy_cover(threats: list[int] | None = None, budget: int | None = None) -> list[CoverStep]:
    """Greedy set cover: repeatedly take the countermeasure that covers most still-uncovered
    threats (ties: lowest code). Stops when all are covered or after ``budget`` picks; the
    classic ln(n)-approximation, enough to show which controls are the broadest."""
    todo = set(threats if threats is not None else (t.number for t in by_kind("threat")))
    controls = list(by_kind("countermeasure"))
    steps: list[CoverStep] = []
    covered = 0
    while todo and (budget is None or len(steps) < budget):
        best = max(controls, key=lambda c: (len(todo & set(c.mitigates)), -c.id))
        gain = todo & set(best.mitigates)
        if not gain:
            break  # the rest cannot be covered by any countermeasure
        todo -= gain
        covered += len(gain)
        steps.append(CoverStep(best.code, tuple(sorted(gain)), covered))
        controls.remove(best)
    return steps


def bipartite_graph(lang: str = "en") -> nx.Graph:
    """Countermeasures (``bipartite=0``, nodes ``"C01"``...) linked to threats (``bipartite=1``,
    nodes ``"T01"``...). Node attributes: kind, label, category, colour, number (threats),
    cis_safeguard and csf (controls), attack_id (threats)."""
    g = nx.Graph()
    for t in by_kind("threat"):
        g.add_node(
            t.code,
            bipartite=1,
            kind="threat",
            number=t.number,
            label=t.name[lang],
            category=t.category,
            colour=t.colour,
            attack_id=t.attack_id,
        )
    for c in by_kind("countermeasure"):
        g.add_node(
            c.code,
            bipartite=0,
            kind="countermeasure",
            label=c.name[lang],
            category=c.category,
            colour=c.colour,
            cis_safeguard=c.cis_safeguard,
            csf=c.csf,
        )
        for n in c.mitigates:
            g.add_edge(c.code, threat(n).code)
    return g


def control(code: str) -> Card:
    """A countermeasure by code (``"C07"``)."""
    c = by_code(code)
    if c.kind != "countermeasure":
        raise KeyError(f"{code} is not a countermeasure")
    return c
