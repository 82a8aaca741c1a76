"""CPU time of the default press of every strategy lab (run by hand; nothing here is a test).

    python benchmarks/strategy_labs.py                   # the four labs, 1,000 games each
    python benchmarks/strategy_labs.py rails airwar      # some labs
    python benchmarks/strategy_labs.py --profile cnw     # and where the time goes (cProfile)

Each lab is built as a lesson builds it (default settings), its main button's ``plan`` lists the
batches that press would play, and each batch's module-level ``play`` function is called
directly: no widgets drawn, no result cache (``CNW_LESSONS_CACHE=off``, and the cache layer is
bypassed anyway), so this is what a student waits for on a cold press. Time is CPU time of this
process (``time.process_time``) on one core, because the machine may be shared: wall time would
measure the neighbours. The digest is a hash of every game summary the press returned: equal
digests before and after a speed-up mean the same seeds still give the same games.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import hashlib
import importlib
import io
import json
import os
import pstats
import sys
import time
from pathlib import Path
from typing import Any

os.environ["CNW_LESSONS_CACHE"] = "off"  # before widgets.kit.cache reads it
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

GAMES = ("cnw", "rails", "logiquo", "airwar")
GOAL = 10.0  # seconds of CPU per default press (issue #10, point 3)


def default_batches(game: str) -> list[Any]:
    """The batches the default press of ``widgets.<game>.strategy.StrategyLab`` plays."""
    lab_module = importlib.import_module(f"widgets.{game}.strategy")
    lab = lab_module.StrategyLab()
    values = lab.values()
    if values is None:
        raise SystemExit(f"{game}: the lab refuses its own default settings")
    return lab.actions["run"].plan(values)


def digest(results: list[Any]) -> str:
    """A short hash of the summaries (dataclasses as dicts), the same for the same games."""
    plain = [[dataclasses.asdict(g) for g in games] for games in results]
    text = json.dumps(plain, sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def time_lab(game: str, profile: bool, top: int) -> dict[str, Any]:
    """Play the default press of ``game``'s lab; CPU seconds, games and digest."""
    batches = default_batches(game)
    profiler = cProfile.Profile(time.process_time) if profile else None
    results = []
    start = time.process_time()
    if profiler:
        profiler.enable()
    for b in batches:
        results.append(b.play(b.n, b.seed, lambda _i, _n: None, **b.params))
    if profiler:
        profiler.disable()
    cpu = time.process_time() - start
    if profiler:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(top)
        print(out.getvalue())
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
        print(out.getvalue())
    return {
        "game": game,
        "batches": len(batches),
        "games": sum(b.n for b in batches),
        "cpu": cpu,
        "digest": digest(results),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*", choices=[*GAMES, []], help="labs to time (default: all)")
    ap.add_argument("--profile", action="store_true", help="print cProfile's top functions")
    ap.add_argument("--top", type=int, default=30, help="functions listed by --profile")
    args = ap.parse_args()
    rows = [time_lab(g, args.profile, args.top) for g in (args.games or GAMES)]
    print(f"{'lab':<9} {'batches':>7} {'games':>6} {'CPU s':>7} {'ms/game':>8}  goal   digest")
    for r in rows:
        ok = "ok" if r["cpu"] < GOAL else "SLOW"
        print(
            f"{r['game']:<9} {r['batches']:>7} {r['games']:>6} {r['cpu']:>7.1f} "
            f"{1000 * r['cpu'] / r['games']:>8.1f}  {ok:<5}  {r['digest']}"
        )
    print("CPU time of this process on one core (time.process_time); cache off.")


if __name__ == "__main__":
    main()
