"""What remembering costs a lesson page (issue #24), run by hand:

    .venv/bin/python benchmarks/record_restore.py [--lesson cnw/01_board_and_dice] [--repeat 5]

Builds the lesson's widgets in this process as its notebook does (every code cell, English),
answers every check twice (a wrong try, then the right answer, through the check's own buttons)
and writes a note in every Reflect, all into a fresh SQLite record; then builds the page again and
times the browser's key arriving: opening the store, reading the lesson's history and giving every
check and note back (``Memory.arrived``). Also the cost of one try to the click (``Check.check``
queues its write: what that costs the click, and the first one, a second after the page
connected, by when the writer has made the learner). The
record's size for a class and a year: ``benchmarks/record_writes.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from record.store import open_store  # noqa: E402
from widgets.kit import check as kit  # noqa: E402
from widgets.kit import memory as mem  # noqa: E402
from widgets.kit.browser_store import BrowserStore  # noqa: E402


def build(lesson: str) -> None:
    """Every code cell of the English lesson but the first (start_lesson), run here."""
    nb = json.loads((ROOT / "notebooks" / f"{lesson}.ipynb").read_text(encoding="utf-8"))
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    namespace: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        for source in cells[1:]:
            exec(compile(source, lesson, "exec"), namespace)  # noqa: S102


def page(folder: Path, key: str, lesson: str) -> tuple[mem.Memory, BrowserStore]:
    kit._CHECKS.clear()
    memory = mem.begin(lesson, opener=lambda: open_store(data_dir=folder))
    bridge = BrowserStore()
    memory.attach(bridge)
    build(lesson)
    return memory, bridge


def arrive(bridge: BrowserStore, key: str) -> None:
    bridge.set_state({"key": key, "code": "", "nickname": "", "records": "", "loaded": True})


def answer_everything() -> tuple[int, list[float]]:
    """A wrong try then "show me" or the answer on every check; a note in every Reflect."""
    times = []
    checks = list(kit._CHECKS.values())
    for c in checks:
        if isinstance(c, kit.Reflect):
            c.notes.value = "because the hub doubles the defence"
            continue
        if isinstance(c, kit.Number):
            c.box.value = "-12345"
        elif isinstance(c, kit.Choice) and c.radio.options:
            c.radio.value = [v for _, v in c.radio.options if v is not None][0]
        start = time.perf_counter()
        c.check()
        times.append(time.perf_counter() - start)
        c.show_me()
    return len(checks), times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lesson", default="cnw/01_board_and_dice")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="record-restore-"))
    memory, bridge = page(folder, "", args.lesson)
    arrive(bridge, "")
    time.sleep(1.0)  # a learner reads before the first answer: their learner is made meanwhile
    writes: list[float] = []
    keep = mem.Memory.record

    def timed(self, *a, **kw):  # what a try's record costs the click, the learner's creation
        start = time.perf_counter()  # (at the first) included
        keep(self, *a, **kw)
        writes.append(time.perf_counter() - start)

    mem.Memory.record = timed
    n, _ = answer_everything()
    mem.Memory.record = keep
    memory.flush()
    key = bridge.key
    restores, opens = [], []
    for _ in range(args.repeat):
        memory, bridge = page(folder, key, args.lesson)
        start = time.perf_counter()
        arrive(bridge, key)
        restores.append(time.perf_counter() - start)
        assert memory.learner is not None
        shown = sum(1 for c in kit._CHECKS.values() if c.status != kit.OPEN)
        start = time.perf_counter()
        open_store(data_dir=folder).close()
        opens.append(time.perf_counter() - start)
    figures = {
        "lesson": args.lesson,
        "checks and notes on the page": n,
        "given back on arrival": shown,
        "restore on arrival, ms (p50, max)": [
            round(statistics.median(restores) * 1000, 1),
            round(max(restores) * 1000, 1),
        ],
        "of which opening the store, ms (p50)": round(statistics.median(opens) * 1000, 1),
        "what a try's record costs the click, ms (p50, p95)": _p(writes[1:]),
        "the first try, a second after the page connected, ms": round(writes[0] * 1000, 2),
    }
    print(json.dumps(figures, indent=2))
    return 0


def _p(times: list[float]) -> list[float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return [round(statistics.median(ordered) * 1000, 2), round(p95 * 1000, 2)]


if __name__ == "__main__":
    sys.exit(main())
