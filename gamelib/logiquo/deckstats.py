"""Deck statistics: card counts, threat coverage per threat and per category, the greedy cover
and the exact odds of a dealt hand. Run ``python -m gamelib.logiquo.deckstats``."""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any, TextIO

from gamelib.logiquo import coverage, odds
from gamelib.logiquo.cards import KINDS, by_kind, category_name, load, threat_categories


def stats() -> dict[str, Any]:
    """Everything the printer shows, as data (the tests check these numbers)."""
    deck = load()
    per_threat = coverage.coverage_by_threat()
    cms = by_kind("countermeasure")
    threats = by_kind("threat")
    return {
        "total": len(deck),
        "kinds": {k: sum(1 for c in deck if c.kind == k) for k in KINDS},
        "threats_per_category": dict(Counter(t.category for t in threats)),
        "controls_per_category": dict(Counter(c.category for c in cms)),
        "coverage_by_threat": per_threat,
        "coverage_by_category": coverage.coverage_by_category(),
        "links": sum(len(c.mitigates) for c in cms),
        "mitigates_histogram": dict(sorted(Counter(len(c.mitigates) for c in cms).items())),
        "min_coverage": min(per_threat.values()),
        "least_covered": sorted(n for n, k in per_threat.items() if k == min(per_threat.values())),
        "involvement": dict(Counter(t.involvement for t in threats)),
        "special_rules": dict(Counter(k for t in threats for k in t.special)),
        "greedy_cover": [(s.code, list(s.newly_covered)) for s in coverage.greedy_cover()],
        "odds_by_players": {p: float(v) for p, v in odds.by_player_count().items()},
    }


def main(out: TextIO | None = None) -> int:
    out = out or sys.stdout
    s = stats()

    def w(line: str = "") -> None:
        print(line, file=out)

    w("Logiquo CyberGame deck statistics")
    w("=" * 33)
    w(f"Cards: {s['total']}  " + ", ".join(f"{k} {v}" for k, v in s["kinds"].items()))
    w()
    w("Threats per category (mitigators per threat: min / mean / max; distinct controls)")
    for cat in threat_categories():
        c = s["coverage_by_category"][cat["id"]]
        w(
            f"  {category_name(cat['id']):<28} {c['threats']:>2} threats  "
            f"{c['min']} / {c['mean']:.2f} / {c['max']}  links {c['links']:>3}  "
            f"controls {c['controls']}"
        )
    w()
    w(
        "Countermeasures per family: "
        + ", ".join(f"{category_name(k)} {v}" for k, v in s["controls_per_category"].items())
    )
    w(f"Matrix links: {s['links']}  threats mitigated per card: {s['mitigates_histogram']}")
    w(f"Least covered threats ({s['min_coverage']} countermeasures): {s['least_covered']}")
    w()
    w("Coverage per threat (number: countermeasures)")
    items = sorted(s["coverage_by_threat"].items())
    for i in range(0, len(items), 13):
        w("  " + "  ".join(f"{n:>2}:{k}" for n, k in items[i : i + 13]))
    w()
    w(f"Involvement: {s['involvement']}  special rules: {s['special_rules']}")
    w()
    cover = s["greedy_cover"]
    w(f"Greedy set cover: {len(cover)} countermeasures cover all 52 threats")
    for code, gain in cover:
        w(f"  {code} +{len(gain):>2}  {gain}")
    w()
    w("P(a dealt hand alone stops a random threat)")
    for p, v in s["odds_by_players"].items():
        w(f"  {p} players ({odds.hand_size_for(p)} cards): {v:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
