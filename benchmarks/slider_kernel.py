"""How long a slider step on a lesson chart costs in the kernel (run by hand or by
``make benchmark``; seconds).

The browser figure (``benchmarks/browser_latency.py``) adds the network and plotly's drawing, and
moves with the machine's load; this one is the Python side alone, steadier: CNW lesson 1's battle
lab (``BattleLab(attackers=3, defenders=3)``), the attackers slider stepped right and left as the
benchmark's key presses do. Each step is timed from the new value to the last message for the
browser serialised (the messages are JSON-encoded as the kernel would send them); the messages
and their bytes are counted. Not included: after drawing, the browser reports each updated
figure's computed layout and traces back (``_js2py_*``, two messages a figure, about 5-10 ms of
plotly's Python each on a busy 2-core machine), which the kernel handles before the next step;
hence a step updates as few figures as it can.

    .venv/bin/python benchmarks/slider_kernel.py [--steps 60] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from comm import DummyComm  # noqa: E402
from jupyter_client.jsonutil import json_default  # noqa: E402

SENT: list[int] = []


def publish(
    self: Any, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None, **_: Any
) -> None:
    """What a kernel does with a widget message: JSON-encode it (buffers go as they are)."""
    body = json.dumps(data, default=json_default)
    SENT.append(len(body) + sum(len(memoryview(b).cast("B")) for b in buffers or ()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--profile", action="store_true", help="print the cProfile of the steps")
    args = parser.parse_args()
    DummyComm.publish_msg = publish  # type: ignore[method-assign]
    from widgets.cnw.battle_lab import BattleLab

    lab = BattleLab(attackers=3, defenders=3)
    lab.panel("roll"), lab.panel("hub")  # the lesson shows its steps
    times, messages, sizes = [], [], []
    profiler = cProfile.Profile()
    for i in range(args.steps):
        SENT.clear()
        value = lab.attackers.value + (1 if i % 2 == 0 else -1)
        start = time.perf_counter()
        if args.profile:
            profiler.enable()
        lab.attackers.value = value
        if args.profile:
            profiler.disable()
        times.append(time.perf_counter() - start)
        messages.append(len(SENT))
        sizes.append(sum(SENT))
    print(
        f"CNW battle lab, attackers slider step in the kernel ({args.steps} steps): "
        f"median {1000 * statistics.median(times):.1f} ms, min {1000 * min(times):.1f} ms, "
        f"max {1000 * max(times):.1f} ms; {statistics.median(messages):.0f} messages, "
        f"{statistics.median(sizes) / 1024:.1f} KiB per step"
    )
    if args.profile:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(35)


if __name__ == "__main__":
    main()
