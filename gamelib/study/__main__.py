"""``python -m gamelib.study GAME --games N [--players P] [--bots a,b,...] [--workers W |
--scheduler tcp://host:8786] [--out study.csv]``: a balance study with a progress bar, one row
per game written to CSV (and Parquet when pyarrow is installed), and the summary with 95%
intervals printed (win rate by seat and by bot, the opener, game length, how games ended).

``--workers 1`` (the default) plays in this process; ``--workers W`` starts a local Dask cluster
of W single-threaded worker processes on 127.0.0.1 for the run; ``--scheduler`` uses a running
Dask cluster (its workers need this project installed, the same version). The games and so
the rows are the same in every case: seeded chunks, gathered in order.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from gamelib import chunks
from gamelib.study.games import GAMES, Row, run_study
from gamelib.study.stats import Interval, plain, summarise


@contextlib.contextmanager
def executor_for(workers: int, scheduler: str | None) -> Iterator[Executor | None]:
    """The executor a run uses: a running Dask cluster (``scheduler``), a local one of
    ``workers`` processes, or None (this process). Dask is imported only here."""
    if scheduler is None and workers <= 1:
        yield None
        return
    from distributed import Client

    if scheduler is not None:
        with Client(scheduler) as client:
            yield client.get_executor()
        return
    with chunks.local_cluster(workers) as cluster, Client(cluster) as client:
        yield client.get_executor()


def cell(value: Any) -> Any:
    """A row value as a CSV or Parquet cell: tuples of seats as ``0;2``."""
    if isinstance(value, tuple | list):
        return ";".join(str(v) for v in value)
    return value


def write_rows(rows: Sequence[Row], path: Path) -> list[Path]:
    """The rows as CSV at ``path`` and, when pyarrow is installed, as Parquet beside it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    names = list(dict.fromkeys(k for r in rows for k in r))
    with open(path, "w", newline="", encoding="utf-8") as f:
        out = csv.DictWriter(f, fieldnames=names)
        out.writeheader()
        out.writerows({k: cell(v) for k, v in r.items()} for r in rows)
    written = [path]
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        return written
    table = pa.table({k: [cell(r.get(k)) for r in rows] for k in names})
    pq.write_table(table, path.with_suffix(".parquet"))
    written.append(path.with_suffix(".parquet"))
    return written


def pct(i: Interval) -> str:
    return f"{100 * i.estimate:5.1f}%  [{100 * i.low:5.1f}, {100 * i.high:5.1f}]"


def report(summary: Mapping[str, Any], kinds: Sequence[str]) -> str:
    """The summary as text, one figure a line, each with its 95% interval."""
    lines = [f"games: {summary['games']:,}   (95% intervals in brackets)"]
    lines.append("win rate by seat:")
    for seat, i in summary["by_seat"].items():
        lines.append(f"  seat {seat} ({kinds[seat]:>12}): {pct(i)}")
    lines.append("win rate by bot (per seat it held):")
    for kind, i in summary["by_bot"].items():
        lines.append(f"  {kind:>20}: {pct(i)}")
    lines.append(f"opener wins (of decided games): {pct(summary['opener'])}")
    lines.append(f"games with a winner:            {pct(summary['decided'])}")
    length = summary["length"]
    lines.append(f"game length: {length.estimate:.2f}  [{length.low:.2f}, {length.high:.2f}]")
    lines.append("how games ended:")
    for victory, i in summary["victory"].items():
        lines.append(f"  {victory:>20}: {pct(i)}")
    for flag, i in summary["flags"].items():
        lines.append(f"{flag}: {pct(i)}")
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m gamelib.study", description=__doc__.split("\n")[0])
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    p.add_argument("--players", type=int, help="seats (default: as many as --bots names)")
    p.add_argument("--bots", help="bot kind per seat, comma-separated (default: the lab's)")
    p.add_argument("--seed", type=int, default=0, help="run seed: same seed, same games")
    p.add_argument("--option", action="append", default=[], help="a variant (repeatable)")
    p.add_argument("--workers", type=int, default=1, help="local Dask workers (1: no Dask)")
    p.add_argument("--scheduler", help="a running Dask scheduler, e.g. tcp://host:8786")
    p.add_argument("--out", type=Path, help="CSV of one row per game (+ .parquet)")
    p.add_argument("--summary", type=Path, help="the summary as JSON")
    p.add_argument(
        "--checkpoints",
        default="1000,10000,100000",
        help="in --summary, also the summary of the first N games for each N (comma-separated)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    spec = GAMES[args.game]
    kinds = tuple(args.bots.split(",")) if args.bots else None
    if kinds is None:
        kinds = spec.default_bots(args.players or spec.players[0])
    from tqdm import tqdm

    with (
        executor_for(args.workers, args.scheduler) as executor,
        tqdm(total=args.games, unit="game", disable=args.quiet, file=sys.stderr) as bar,
    ):
        start, cpu = time.perf_counter(), time.process_time()  # the games, not the set-up
        rows = run_study(
            args.game,
            args.games,
            kinds,
            args.players,
            args.seed,
            options=args.option,
            executor=executor,
            progress=lambda done, _n: bar.update(done - bar.n),
        )
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    summary = summarise(rows, spec.flags)
    print(report(summary, kinds))
    where = args.scheduler or (f"{args.workers} local workers" if args.workers > 1 else "1 process")
    print(f"{len(rows) / wall:.1f} games/s on {where} ({wall:.1f} s wall, {cpu:.1f} s CPU here)")
    if args.out:
        for path in write_rows(rows, args.out):
            print(f"wrote {path}")
    if args.summary:
        marks = [int(x) for x in args.checkpoints.split(",") if x.strip()]
        data = {
            "command": "python -m gamelib.study " + " ".join(argv or sys.argv[1:]),
            "game": args.game,
            "bots": list(kinds),
            "seed": args.seed,
            "options": args.option,
            "summary": plain(summary),
            "checkpoints": {
                str(k): plain(summarise(rows[:k], spec.flags)) for k in marks if k < len(rows)
            },
            "wall_seconds": round(wall, 1),
            "load": os.getloadavg()[0],
        }
        args.summary.parent.mkdir(parents=True, exist_ok=True)
        args.summary.write_text(json.dumps(data, indent=1) + "\n")
        print(f"wrote {args.summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
