"""A public demo flooded by a script that drops Voilà's cookie (run by hand; issue #23).

    .venv/bin/python benchmarks/flood.py [--requests 60] [--lesson airwar/01_cards_and_capacity]
                                         [--before]

Starts the server as ``make run`` does, on 127.0.0.1, with its defaults (``--before``: as it was
before issue #23, no per-address door and no end for unclaimed kernels). Then ``--requests``
cookie-less page requests from 127.0.0.2 (another loopback address, so another client to the
server) arrive within a second; one second later a student (127.0.0.1, speaking Voilà's page
protocol: tests/server/serverkit.py) opens the lesson, and once the flood's requests are all
answered, a second student. It reports the flood's statuses, each student's time to every widget
state, and the kernels alive 90 s after the flood began (the students' pages stay open until
then). Bounded: every request has 240 s, the whole run ends by itself, and the server is stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.server.serverkit import run_async, running_server, visit  # noqa: E402
from tests.server.test_public_door import cookieless_get  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=60)
    parser.add_argument("--lesson", default="airwar/01_cards_and_capacity")
    parser.add_argument("--before", action="store_true", help="the server as before issue #23")
    parser.add_argument("--watch", type=float, default=90, help="seconds after the flood began")
    args = parser.parse_args()
    lesson = args.lesson.removesuffix(".ipynb") + ".ipynb"
    extra = ["--per-address=0", "--claim-timeout=0"] if args.before else []
    figures: dict = {"requests": args.requests, "before": args.before}
    with running_server(*extra) as server:
        start = time.monotonic()

        async def students() -> None:
            close = asyncio.Event()
            opened = [asyncio.Event(), asyncio.Event()]
            loop = asyncio.get_running_loop()
            pool = ThreadPoolExecutor(args.requests)
            flood = [
                loop.run_in_executor(
                    pool, cookieless_get, server.base, f"/voila/render/{lesson}", "127.0.0.2"
                )
                for _ in range(args.requests)
            ]
            await asyncio.sleep(1.0)
            during = asyncio.ensure_future(visit(server.base, lesson, 240, close, opened[0]))
            statuses = await asyncio.gather(*flood)
            figures["flood answered after s"] = round(time.monotonic() - start, 1)
            after = asyncio.ensure_future(visit(server.base, lesson, 240, close, opened[1]))
            await asyncio.gather(*(o.wait() for o in opened))
            figures["flood statuses"] = {str(c): statuses.count(c) for c in sorted(set(statuses))}
            await asyncio.sleep(max(0.0, start + args.watch - time.monotonic()))
            figures[f"kernels alive {args.watch:.0f} s after the flood began"] = len(
                server.kernels()
            )
            close.set()
            for name, task in (("during", during), ("after", after)):
                s = await task
                figures[f"student {name} the flood: s to every widget"] = (
                    round(s.first_widget, 2) if s.first_widget else s.error
                )
            pool.shutdown()

        run_async(students())
        figures["of which the students'"] = 2
        figures["log: unclaimed kernels ended"] = server.log_text().count(
            "no page connected within"
        )
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
