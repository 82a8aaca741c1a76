"""What each process of the concurrency tests does (a module of its own: ``spawn`` imports it
in every child, and it imports nothing but ``record``)."""

from __future__ import annotations

import traceback

SAVE_EVERY = 5  # one write in five is a put_save, the rest record events


def hammer(url: str, index: int, writes: int, barrier, results) -> None:
    """Open the store with the others at once (the first migrates a fresh database), then make
    ``writes`` writes, each with an item or table no other write uses; report the learner."""
    try:
        import record

        barrier.wait(timeout=240)
        store = record.open_store(url)
        learner = store.new_learner()
        for i in range(writes):
            if i % SAVE_EVERY == SAVE_EVERY - 1:
                store.put_save(learner.id, "concurrency", f"t{index}-{i}", f"save {index} {i}")
            else:
                store.record(learner.id, "concurrency", f"p{index}-{i}", "attempt", {"i": i})
        store.close()
        results.put((index, learner.id, None))
    except BaseException:
        results.put((index, None, traceback.format_exc()))
