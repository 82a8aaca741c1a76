"""A class arriving at once: N students open the same lesson on one server (run by hand).

    .venv/bin/python benchmarks/load.py [--students 30] [--browsers 3] [--mode plain classroom]
                                        [--lesson cnw/01_board_and_dice] [--after 60]

Starts the server as the README does (``make run``: classroom/serve.py; ``make classroom``: the
same with ``--classroom LESSON --students N``, waiting for its warm kernels), on 127.0.0.1 only,
with a short cull time. Then, at the same moment, ``--browsers`` headless Chromium pages (requests
leaving 127.0.0.1 aborted) and N minus that many clients speaking Voilà's own protocol
(tests/server/serverkit.py: GET the page, open the kernel's websocket, ask for every widget's
state at once on the control comm, as the page does before drawing; ``--per-widget``: widget by
widget, the page's fallback and this benchmark's way before issue #10 was understood) open the
lesson. It reports the time to the widgets being live (p50, p90, max; in Chromium, the first
widget on screen), errors, the pages that fell back to one request per widget (Chromium's
websocket frames show it), the widget outputs in the pages (a page missing one lost a cell's
output), how long each step of a protocol visit took, the memory (RSS) of each kernel and of all,
then closes every page and counts the students' kernels still alive ``--after`` seconds later;
finally one student alone, over the protocol and in Chromium (the server idle; in classroom mode a
warm kernel waiting). Everything is bounded: each page has ``--timeout`` seconds, and the server
is stopped at the end. Chromium runs on the server's own machine here, so its times include its
own CPU (scripts, plotly) on cores the kernels share; a student's browser has its own.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.chromium import CHROMIUM_ARGS, chromium_path, record_outside  # noqa: E402
from tests.server.serverkit import (  # noqa: E402
    FIRST_WIDGET,
    WIDGET_VIEW,
    Server,
    Session,
    running_server,
    visit,
)

GOAL = {"p90": 3.0, "rss": 120.0, "warm": 1.0}
FILL_DELAY = 10  # classroom/serve.py's default --fill-delay


async def browser_visit(browser, base: str, notebook: str, timeout: float, close, opened):
    """One student in Chromium: time from navigation to the first widget on screen."""

    s = Session(notebook)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    outside: list[str] = []
    record_outside(context, outside)  # CHROMIUM_ARGS make such requests fail
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    asked_one_by_one: list[str] = []  # the widget manager's fallback: one request per widget

    def mark(step: str) -> None:
        s.trace.setdefault(step, round(time.perf_counter() - start, 3))

    def frames(ws) -> None:
        mark("websocket")

        def received(payload: str | bytes) -> None:
            if b'"update_states"' in (payload.encode() if isinstance(payload, str) else payload):
                mark("all states")

        ws.on("framereceived", received)

        def sent(payload: str | bytes) -> None:
            # the page speaks the v1 websocket protocol: binary frames, JSON parts inside
            text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
            if '"request_state"' in text:
                asked_one_by_one.append(text)

        ws.on("framesent", sent)

    page.on("websocket", frames)
    start = time.perf_counter()
    try:
        await page.goto(
            f"{base}/voila/render/{notebook}",
            wait_until="domcontentloaded",
            timeout=timeout * 1000,
        )
        await page.wait_for_selector(FIRST_WIDGET, state="visible", timeout=timeout * 1000)
        s.first_widget = time.perf_counter() - start
        mark("widget on screen")
        s.kernel_id = await page.evaluate(
            "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
        )
        s.views = await page.evaluate(
            f"() => document.querySelectorAll('script[type=\"{WIDGET_VIEW}\"]').length"
        )
        body = await page.inner_text("body")
        if "There was an error when executing cell" in body or "Error displaying widget" in body:
            s.error = "a cell or a widget failed"
    except Exception as exc:  # a timeout or a crash is a result to report, not a stop
        s.error = f"{type(exc).__name__}: {str(exc)[:200]}"
    s.fell_back = bool(asked_one_by_one)
    s.asked_again = len(asked_one_by_one)
    opened.set()
    await close.wait()
    await page.close(run_before_unload=True)  # the page's shutdown beacon
    await asyncio.sleep(1)
    await context.close()
    if outside or errors:
        s.error = s.error or f"outside requests {outside[:2]}, page errors {errors[:2]}"
    return s


async def rush(
    server: Server, notebook: str, n: int, browsers: int, timeout: float, control: bool = True
) -> dict:
    """``n`` students at once; kernel memory while every page is open; then all pages closed."""
    from playwright.async_api import async_playwright

    close = asyncio.Event()
    opened = [asyncio.Event() for _ in range(n)]
    weights: dict = {}
    cpu_before = cpu_seconds(server)
    async with async_playwright() as pw:
        chrome = None
        if browsers:
            chrome = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        tasks = []
        for i in range(n):
            if i < browsers:
                job = browser_visit(chrome, server.base, notebook, timeout, close, opened[i])
            else:
                job = visit(server.base, notebook, timeout, close, opened[i], control=control)
            tasks.append(asyncio.ensure_future(job))
        await asyncio.gather(*(o.wait() for o in opened))
        cpu_after = cpu_seconds(server)
        sizes = server.kernel_rss_mb()
        weights = {"kernels": len(sizes), "rss_each": sizes, "rss_total": sum(sizes)}
        weights["cpu_s"] = {k: round(cpu_after[k] - cpu_before.get(k, 0), 1) for k in cpu_after}
        close.set()
        sessions = await asyncio.gather(*tasks)
        if chrome:
            await chrome.close()
    return {"sessions": sessions, **weights}


def cpu_seconds(server: Server) -> dict[str, float]:
    """CPU seconds used so far by the server's own process and by all its kernels: where a rush's
    time goes (one Python process relaying messages, or the kernels' work)."""
    import psutil

    used = {"server": sum(psutil.Process(server.proc.pid).cpu_times()[:2]), "kernels": 0.0}
    for k in server.kernels():
        with contextlib.suppress(psutil.Error):
            used["kernels"] += sum(k.cpu_times()[:2])
    return used


async def alone_in_chromium(server: Server, notebook: str, timeout: float) -> Session:
    """One student in Chromium with the server to themselves."""
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        chrome = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        close, opened = asyncio.Event(), asyncio.Event()
        close.set()
        session = await browser_visit(chrome, server.base, notebook, timeout, close, opened)
        await chrome.close()
    return session


def alive(server: Server, sessions: list[Session]) -> int:
    """Students' kernels the server still runs."""
    import urllib.error
    import urllib.request

    count = 0
    for s in sessions:
        if not s.kernel_id:
            continue
        try:
            urllib.request.urlopen(f"{server.base}/api/kernels/{s.kernel_id}", timeout=30)
            count += 1
        except urllib.error.HTTPError:
            pass
    return count


def steps(sessions: list[Session]) -> dict[str, list[float]]:
    """Each step of the protocol visits (page, websocket, asked, all states ...): median and max
    seconds from the GET, so a slow run shows which step waited."""
    seen: dict[str, list[float]] = {}
    for s in sessions:
        for step, at in s.trace.items():
            seen.setdefault(step, []).append(at)
    return {k: [round(statistics.median(v), 2), round(max(v), 2), len(v)] for k, v in seen.items()}


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.1f} {five:.1f} {fifteen:.1f}"


def run_mode(mode: str, args: argparse.Namespace) -> dict:
    lesson = args.lesson.removesuffix(".ipynb")
    notebook = lesson + ".ipynb"
    extra = ["--cull-idle", str(args.cull_idle), "--cull-interval", "5"]
    extra += ["--max-kernels", str(3 * args.students + 10)]
    ready = None
    if mode == "classroom":
        extra += ["--classroom", lesson, "--students", str(args.students)]
        ready = "Warm kernels ready"
    print(f"\n== {mode}: {args.students} students on {notebook} ({load()})", flush=True)
    started = time.perf_counter()
    with running_server(*extra, ready=ready, timeout=900) as server:
        print(f"   server ready in {time.perf_counter() - started:.0f} s ({load()})", flush=True)
        busy = load()
        control = not args.per_widget
        result = asyncio.run(
            rush(server, notebook, args.students, args.browsers, args.timeout, control)
        )
        sessions = result["sessions"]
        times = [s.first_widget for s in sessions if s.first_widget is not None]
        errors = [s.error for s in sessions if s.error]
        time.sleep(args.after)
        left = alive(server, sessions)
        kernels_after = len(server.kernels())
        # one student alone on a warm kernel: the pool refills its reserve --fill-delay seconds
        # after the rush, and the kernel taken here as long after
        refill = FILL_DELAY + 30 if mode == "classroom" else 0
        time.sleep(max(0, refill - args.after))
        warm = asyncio.run(visit(server.base, notebook, args.timeout, control=control))
        time.sleep(refill)
        warm_browser = asyncio.run(alone_in_chromium(server, notebook, args.timeout))
    report = {
        "mode": mode,
        "protocol": "per widget" if args.per_widget else "all at once",
        "students": args.students,
        "browsers": args.browsers,
        "load_during": busy,
        "p50": statistics.median(times) if times else None,
        "p90": pct(times, 0.9) if times else None,
        "max": max(times) if times else None,
        "browser_times": [s.first_widget for s in sessions[: args.browsers]],
        "errors": errors,
        "fell_back": sum(s.fell_back for s in sessions),
        "views": sorted({s.views for s in sessions}),
        "steps": steps(sessions[args.browsers :]),
        "chromium_steps": steps(sessions[: args.browsers]),
        "kernels_open": result["kernels"],
        "cpu_s_during_rush": result["cpu_s"],
        "rss_mean": statistics.mean(result["rss_each"]) if result["rss_each"] else None,
        "rss_max": max(result["rss_each"]) if result["rss_each"] else None,
        "rss_total": result["rss_total"],
        "after_s": args.after,
        "students_kernels_left": left,
        "kernels_left_all": kernels_after,
        "warm_single": warm.first_widget,
        "warm_error": warm.error,
        "warm_single_chromium": warm_browser.first_widget,
        "warm_chromium_error": warm_browser.error,
    }
    print(json.dumps(report, indent=1, default=str), flush=True)
    return report


def table(reports: list[dict]) -> str:
    def f(x, fmt="%.2f"):
        return "-" if x is None else fmt % x

    rows = [
        "| mode, states asked | students | p50 s | p90 s | max s | errors | pages fell back "
        "| MB/kernel (mean, max) | MB total "
        "| students' kernels left | one student alone s (protocol, Chromium) | machine load |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in reports:
        rows.append(
            f"| {r['mode']}, {r['protocol']} | {r['students']} ({r['browsers']} Chromium) "
            f"| {f(r['p50'])} | {f(r['p90'])} | {f(r['max'])} | {len(r['errors'])} "
            f"| {r['fell_back']} "
            f"| {f(r['rss_mean'], '%.0f')}, {f(r['rss_max'], '%.0f')} "
            f"| {f(r['rss_total'], '%.0f')} ({r['kernels_open']} kernels) "
            f"| {r['students_kernels_left']} after {r['after_s']} s "
            f"(all kernels: {r['kernels_left_all']}) "
            f"| {f(r['warm_single'])}, {f(r['warm_single_chromium'])} | {r['load_during']} |"
        )
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--browsers", type=int, default=3, help="of the students, real Chromium")
    parser.add_argument("--mode", nargs="+", default=["plain", "classroom"],
                        choices=["plain", "classroom"])  # fmt: skip
    parser.add_argument("--lesson", default="cnw/01_board_and_dice")
    parser.add_argument("--after", type=float, default=60, help="seconds after the pages close")
    parser.add_argument("--cull-idle", type=float, default=30)
    parser.add_argument("--timeout", type=float, default=180, help="per page")
    parser.add_argument(
        "--per-widget",
        action="store_true",
        help="protocol clients ask each widget's state (the page's fallback, and this benchmark's "
        "way before #10 was understood) instead of all at once on the control comm",
    )
    args = parser.parse_args()
    args.students = max(1, min(args.students, 100))  # bounded
    args.browsers = max(0, min(args.browsers, args.students, 10))
    reports = [run_mode(mode, args) for mode in args.mode]
    text = table(reports)
    print("\n" + text)
    out = ROOT / "test-artifacts"
    out.mkdir(exist_ok=True)
    (out / "load.json").write_text(json.dumps(reports, indent=1, default=str))
    failed = any(r["errors"] or r["students_kernels_left"] for r in reports)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
