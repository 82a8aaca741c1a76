"""How long a slider step on a lesson chart costs in the kernel (run by hand or by
``make benchmark``; seconds).

The browser figure (``benchmarks/browser_latency.py``) adds the network and plotly's drawing, and
moves with the machine's load; this one is the Python side alone, steadier: CNW lesson 2's battle
lab (``BattleLab(attackers=3, defenders=3)``), the attackers slider stepped right and left as the
benchmark's key presses do. Each step is timed from the new value to the last message for the
browser serialised (the messages are JSON-encoded as the kernel would send them); the messages
and their bytes are counted.

``--replies`` adds what the kernel does next, before it can take the following step: after
drawing, the page sends each redrawn figure's computed defaults back (a trace and a layout
"delta"; ``battle_lab_deltas.json`` holds the ones Chromium sent for the curve, heat map and
losses charts after an attackers step, captured from the page's websocket), here replayed on the
three figures. ``--plotly-sync`` gives those replies to plotly's own handlers (merging the
defaults into Python's figure, as before issue #10's profile) instead of the lab's
(``battle_lab.without_defaults_sync``), to compare the two on the same machine at the same time.

    .venv/bin/python benchmarks/slider_kernel.py [--steps 60] [--profile] [--replies]
                                                 [--plotly-sync]
"""

from __future__ import annotations

import argparse
import copy
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
DELTAS = Path(__file__).with_name("battle_lab_deltas.json")


def publish(
    self: Any, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None, **_: Any
) -> None:
    """What a kernel does with a widget message: JSON-encode it (buffers go as they are)."""
    body = json.dumps(data, default=json_default)
    SENT.append(len(body) + sum(len(memoryview(b).cast("B")) for b in buffers or ()))


def reply_to(fig: Any, sent: dict) -> tuple[dict, dict]:
    """The page's two replies after redrawing ``fig``, as it sent them for the captured step,
    naming this figure's traces (their ids are new in every kernel)."""
    deltas = copy.deepcopy(sent["trace_deltas"])
    for delta, trace in zip(deltas, fig.data, strict=True):
        delta["uid"] = trace.uid
    trace_deltas = {"trace_deltas": deltas, "trace_edit_id": 0}
    layout_delta = {"layout_delta": copy.deepcopy(sent["layout_delta"]), "layout_edit_id": 0}
    return trace_deltas, layout_delta


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--profile", action="store_true", help="print the cProfile of the steps")
    parser.add_argument(
        "--replies", action="store_true", help="and the page's defaults sent back after drawing"
    )
    parser.add_argument(
        "--plotly-sync", action="store_true", help="plotly's own handlers take those replies"
    )
    args = parser.parse_args()
    DummyComm.publish_msg = publish  # type: ignore[method-assign]
    from widgets.cnw.battle_lab import BROWSER_DELTAS, BattleLab, _edit_answered

    lab = BattleLab(attackers=3, defenders=3)
    lab.panel("roll"), lab.panel("hub")  # the lesson shows its steps
    redrawn = {"curve": lab.curve_fig, "heat": lab.heat_fig, "loss": lab.loss_fig}
    if args.plotly_sync:
        for fig in redrawn.values():
            for name in BROWSER_DELTAS:
                fig.unobserve(_edit_answered, names=name)
                fig.observe(getattr(type(fig), "_handler" + name), names=name)
    replies = json.loads(DELTAS.read_text()) if args.replies else {}
    times, messages, sizes = [], [], []
    profiler = cProfile.Profile()
    for i in range(args.steps):
        SENT.clear()
        value = lab.attackers.value + (1 if i % 2 == 0 else -1)
        answers = [(redrawn[name], reply_to(redrawn[name], sent)) for name, sent in replies.items()]
        start = time.perf_counter()
        if args.profile:
            profiler.enable()
        lab.attackers.value = value
        for fig, (trace_deltas, layout_delta) in answers:  # as the kernel takes a page's message
            trace_deltas["trace_edit_id"] = fig._last_trace_edit_id
            layout_delta["layout_edit_id"] = fig._last_layout_edit_id
            fig.set_state(json.loads(json.dumps({"_js2py_traceDeltas": trace_deltas})))
            fig.set_state(json.loads(json.dumps({"_js2py_layoutDelta": layout_delta})))
        if args.profile:
            profiler.disable()
        times.append(time.perf_counter() - start)
        messages.append(len(SENT))
        sizes.append(sum(SENT))
    what = "step" + (" and the page's replies" if args.replies else "")
    what += " (plotly's handlers)" if args.plotly_sync else ""
    print(
        f"CNW battle lab, attackers slider {what} in the kernel ({args.steps} steps): "
        f"median {1000 * statistics.median(times):.1f} ms, min {1000 * min(times):.1f} ms, "
        f"max {1000 * max(times):.1f} ms; {statistics.median(messages):.0f} messages, "
        f"{statistics.median(sizes) / 1024:.1f} KiB per step"
    )
    if args.profile:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(35)


if __name__ == "__main__":
    main()
