"""The data behind the lessons' "what more games buy" step: each strategy lab's question, its
95% interval in the first 1,000, 10,000 and 100,000 games of a study (a study's first ``k``
rows are the study of ``k`` games), stored in ``widgets/kit/studies.json``.

``python -m gamelib.study.ladder OUT.json LAB SERIES ROWS.csv "COMMAND"`` adds (or replaces) one
series, measured on the rows a ``python -m gamelib.study ... --out ROWS.csv`` run wrote;
``COMMAND`` is that run, kept beside the figures so a reader can reproduce them.
Sizes the study did not reach are left out: the widget draws them from the formula
(:func:`gamelib.study.stats.projected`) and says so.
"""

from __future__ import annotations

import csv
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from gamelib.study.stats import Interval, summarise, wilson, winners_of

MARKS = (1000, 10_000, 100_000)
Rows = Sequence[Mapping[str, Any]]


def _finished_axis(rows: Rows) -> Interval:
    """AirWar: the Axis' share of the wars that ended (the lab's win rate)."""
    ended = [r for r in rows if str(r["victory"]) != "unfinished"]
    return wilson(sum(winners_of(r) == {0} for r in ended), len(ended))


# lab -> (what is measured, how, the fair value or None, "share" or "mean")
QUESTIONS: dict[str, tuple[Callable[[Rows], Interval], float | None, str]] = {
    "airwar": (_finished_axis, 0.5, "share"),
    "cnw": (lambda rows: summarise(rows)["opener"], 1 / 3, "share"),
    "rails": (lambda rows: summarise(rows)["by_seat"][0], 1 / 3, "share"),
    "logiquo": (lambda rows: summarise(rows)["length"], None, "mean"),
}


def ladder(lab: str, rows: Rows, marks: Sequence[int] = MARKS) -> dict[str, Any]:
    """The lab question measured on the first ``k`` rows for each mark the rows reach, and on
    all the rows (the largest measurement, from which the widget projects the other marks)."""
    measure, _fair, _kind = QUESTIONS[lab]
    sizes = sorted({k for k in marks if k <= len(rows)} | {len(rows)})
    return {str(k): measure(rows[:k]).to_dict() for k in sizes}


def read_rows(path: Path) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return list(csv.DictReader(f))


def main(argv: Sequence[str] | None = None) -> int:
    out, lab, series, rows_path, command = argv if argv is not None else sys.argv[1:]
    rows = read_rows(Path(rows_path))
    path = Path(out)
    data = json.loads(path.read_text()) if path.exists() else {}
    _measure, fair, kind = QUESTIONS[lab]
    entry = data.setdefault(lab, {"fair": fair, "kind": kind, "series": {}})
    entry["series"][series] = {"games": len(rows), "command": command, "points": ladder(lab, rows)}
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
