"""How long a lesson's cells take in the kernel, the part of opening a page that is ours: every
code cell of each lesson run in order, as Voilà runs them (no browser, no widget drawn), with the
number of checks the page builds. Issue #25 added checks, predictions and reviews to every
lesson: this says whether a page still opens fast.

    python benchmarks/lesson_cells.py [--lang en] [--repeat 3] [--only cnw]

Prints one row a lesson (the best of ``--repeat`` runs, in a fresh process each, so imports
count as they do for a page's first kernel) and the median and the slowest.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ONE = r"""
import ast, json, os, sys, time
from pathlib import Path
os.environ.setdefault("LESSONS_RECORD", "off")
path = Path(sys.argv[1])
os.chdir(path.parent)
cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
namespace = {"__name__": "__lesson__"}
start = time.perf_counter()
for cell in cells:
    if cell["cell_type"] == "code":
        exec(compile("".join(cell["source"]), str(path), "exec"), namespace)
took = time.perf_counter() - start
from widgets.kit import check
print(json.dumps({"seconds": took, "checks": len(check._CHECKS)}))
"""


def lesson_paths(lang: str, only: str | None) -> list[Path]:
    base = ROOT / "notebooks" / ("it" if lang == "it" else "")
    games = [only] if only else ["cnw", "rails", "logiquo", "airwar"]
    return [p for g in games for p in sorted((base / g).glob("[0-9]*.ipynb"))]


def run(path: Path) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", ONE, str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
        check=False,
        env={**__import__("os").environ, "PYTHONPATH": str(ROOT)},
    )
    if done.returncode != 0:
        raise SystemExit(f"{path}: {done.stderr.strip().splitlines()[-1]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en", choices=["en", "it"])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only")
    args = parser.parse_args()
    times = []
    for path in lesson_paths(args.lang, args.only):
        runs = [run(path) for _ in range(max(1, args.repeat))]
        best = min(r["seconds"] for r in runs)
        times.append(best)
        name = f"{path.parent.name}/{path.stem}"
        print(f"{name:45} {best:6.2f} s  {runs[0]['checks']:3d} checks", flush=True)
    print(f"median {statistics.median(times):.2f} s, slowest {max(times):.2f} s")


if __name__ == "__main__":
    main()
