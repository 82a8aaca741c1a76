"""What the learner's record costs (record/, docs/record.md), on SQLite in a temporary folder.
Run by hand, not a test:

    python benchmarks/record_writes.py [writes]

1. A click's cost: the time ``Writer.submit`` keeps the caller (p50/p95), the write itself
   running in the writer's thread.
2. The store's own write time, called directly: ``record`` an event and ``put_save`` a real
   game's save (p50/p95).
3. A class of 30 over a year: each learner 24 lessons x 20 checks x 3 attempts, 5 notes and
   5 hints a lesson, and 30 saves of real seeded games; the database's size per learner per
   lesson, and one learner's export (the file ``import_`` must accept).
"""

from __future__ import annotations

import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import record  # noqa: E402
from gamelib import cnw  # noqa: E402
from gamelib.core import play_out  # noqa: E402
from record.writer import Writer  # noqa: E402

LEARNERS, LESSONS, CHECKS, ATTEMPTS, NOTES, HINTS, SAVES = 30, 24, 20, 3, 5, 5, 30


def quantiles(samples: list[float]) -> str:
    cuts = statistics.quantiles(samples, n=100)
    return f"p50 {cuts[49] * 1e3:.3f} ms, p95 {cuts[94] * 1e3:.3f} ms (n={len(samples)})"


def real_saves(count: int) -> list[str]:
    """Saves of seeded CNW games stopped part-way, as a table would keep them."""
    saves = []
    for seed in range(count):
        state = cnw.new_game(4, seed=seed, turn_cap=60)
        bots = [cnw.bots.RandomBot(seed * 10 + k) for k in range(4)]
        state = play_out(cnw, state, bots, max_actions=50 + 40 * seed)
        saves.append(cnw.to_json(state))
    return saves


def attempt(rng: random.Random, check: int, n: int) -> dict:
    return {
        "check": f"q{check}",
        "answer": rng.choice([rng.randint(0, 40), f"{rng.random():.3f}", "MAD", ["LIS", "MAD"]]),
        "correct": n == ATTEMPTS - 1 or rng.random() < 0.4,
        "seed": rng.randint(0, 10**6),
        "tolerance": 0.05,
    }


def note(rng: random.Random) -> dict:
    words = ("perché", "il", "difensore", "ritira", "il", "dado", "più", "alto", "e", "cambia")
    return {"text": " ".join(rng.choice(words) for _ in range(rng.randint(10, 40)))}


def main(writes: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="record-bench-"))
    saves = real_saves(SAVES)
    print(
        f"real saves: {len(saves)}, {min(map(len, saves))}-{max(map(len, saves))} bytes, "
        f"mean {statistics.mean(map(len, saves)):.0f}"
    )
    rng = random.Random(1)

    with record.open_store(data_dir=folder / "timing") as store:
        learner = store.new_learner()
        writer = Writer(limit=writes + 1)
        submit = []
        for i in range(writes):
            payload = attempt(rng, i % CHECKS, i % ATTEMPTS)
            start = time.perf_counter()
            writer.submit(store.record, learner.id, "cnw/01", f"q{i}", "attempt", payload)
            submit.append(time.perf_counter() - start)
        assert writer.close(timeout=600)
        print("Writer.submit, the caller's wait:", quantiles(submit))

        direct = []
        for i in range(writes):
            payload = attempt(rng, i % CHECKS, i % ATTEMPTS)
            start = time.perf_counter()
            store.record(learner.id, "cnw/02", f"q{i}", "attempt", payload)
            direct.append(time.perf_counter() - start)
        print("Store.record, the write itself:  ", quantiles(direct))

        put = []
        for i in range(max(100, writes // 10)):
            start = time.perf_counter()
            store.put_save(learner.id, "cnw/05", "table", saves[i % len(saves)])
            put.append(time.perf_counter() - start)
        print("Store.put_save, a real save:      ", quantiles(put))

    start = time.perf_counter()
    year = datetime(2025, 9, 15, 8, 0, tzinfo=UTC)
    with record.open_store(data_dir=folder / "class", expire_days=10_000) as store:
        ids = []
        for n in range(LEARNERS):
            learner = store.new_learner(f"studente {n}")
            ids.append(learner.id)
            for lesson in range(LESSONS):
                at = year + timedelta(days=8 * lesson, minutes=n)
                name = f"cnw/{lesson:02d}_lesson"
                for check in range(CHECKS):
                    for k in range(ATTEMPTS):
                        store.record(
                            learner.id, name, f"q{check}", "attempt", attempt(rng, check, k), at
                        )
                    at += timedelta(seconds=40)
                for k in range(HINTS):
                    store.record(learner.id, name, f"q{k}", "hint", {"level": 1}, at)
                for k in range(NOTES):
                    store.record(learner.id, name, f"why{k}", "note", note(rng), at)
            for k in range(SAVES):
                store.put_save(learner.id, f"cnw/{k % LESSONS:02d}_lesson", f"t{k}", saves[k])
        exported = json.dumps(store.export(ids[0]), ensure_ascii=False).encode("utf-8")
        with store._engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    elapsed = time.perf_counter() - start
    db = folder / "class" / "record.sqlite3"
    size = db.stat().st_size
    per = LEARNERS * LESSONS
    events = LESSONS * (CHECKS * ATTEMPTS + HINTS + NOTES)
    print(
        f"a class of {LEARNERS} for a year ({events} events and {SAVES} saves each, "
        f"written in {elapsed:.0f} s): database {size / 1e6:.1f} MB, "
        f"{size / per / 1e3:.1f} KB a learner a lesson, {size / LEARNERS / 1e6:.2f} MB a learner"
    )
    print(f"one learner's export: {len(exported) / 1e6:.2f} MB of JSON")
    shutil.rmtree(folder)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
