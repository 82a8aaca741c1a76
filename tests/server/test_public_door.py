"""#23: a public demo holds its door. A script that drops Voilà's cookie is a new visitor at every
request: its pages are capped per client address, the kernels nobody connects to end within a
minute instead of ten, a student arriving during the flood still gets a lesson, a refusal speaks
the lesson's language, and a reload replaces its page's kernel instead of counting it twice.

All traffic goes to 127.0.0.1; the flood comes from 127.0.0.2 (another loopback address, so
that it is another client address to the server). Every loop is bounded in count and time.
Times are printed, never asserted."""

from __future__ import annotations

import asyncio
import http.client
import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from classroom import serve
from classroom.serve import Limits, client_address, is_reload, page_language, refusal_page

from .serverkit import Server, Session, _cookie_header, run_async, running_server, visit

LESSON = "airwar/01_cards_and_capacity.ipynb"
LESSON_IT = "it/airwar/01_cards_and_capacity.ipynb"
OTHER_IT = "it/rails/01_the_map_as_a_graph.ipynb"
FLOOD = 60
PER_ADDRESS = 8  # the test's door: small, so that the flood costs this shared machine little
KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json")


def kernel_ids(server: Server) -> set[str]:
    """The ids of the kernels running in the server's own process tree."""
    ids = set()
    for k in server.kernels():
        try:
            found = KERNEL_FILE.search(" ".join(k.cmdline()))
        except Exception:  # ended meanwhile
            continue
        if found:
            ids.add(found.group(1))
    return ids


# --- the pieces, without a server ------------------------------------------------------------


class FakeKernels(dict):
    """A kernel manager as Limits reads it: membership and websocket connections."""

    def __init__(self, connections: dict[str, int]) -> None:
        super().__init__(connections)
        self._kernel_connections = connections


def test_the_address_is_the_peer_unless_a_trusted_proxy_forwards_it():
    trusted = frozenset({"10.0.0.1"})
    assert client_address("192.0.2.5", "198.51.100.9", trusted) == "192.0.2.5"  # not trusted
    assert client_address("10.0.0.1", "198.51.100.9", trusted) == "198.51.100.9"
    # the leftmost entries are the client's own word: the proxy's view is the rightmost
    assert client_address("10.0.0.1", "6.6.6.6, 198.51.100.9", trusted) == "198.51.100.9"
    assert client_address("10.0.0.1", "198.51.100.9, 10.0.0.1", trusted) == "198.51.100.9"
    assert client_address("10.0.0.1", None, trusted) == "10.0.0.1"


def test_a_reload_is_told_from_a_link_by_its_cache_control():
    assert is_reload("max-age=0") and is_reload("no-cache") and is_reload("Max-Age = 0")
    assert not is_reload(None) and not is_reload("") and not is_reload("max-age=600")


def test_the_caps_refuse_in_order_and_count_per_address():
    limits = Limits(per_visitor=2, total=5, per_address=3)
    km = FakeKernels({})
    for i, (visitor, address) in enumerate([("a", "x"), ("b", "x"), ("c", "x")]):
        km[f"k{i}"] = 1
        limits.tickets.append(serve.Ticket(visitor, address, LESSON, f"k{i}"))
    assert limits.refusal("d", km, "x") == ("per_address", 3)
    assert limits.refusal("d", km, "y") is None
    assert limits.refusal("a", km, "y") is None
    limits.tickets.append(serve.Ticket("a", "y", LESSON, "k3"))
    km["k3"] = 1
    assert limits.refusal("a", km, "z") == ("per_visitor", 2)
    limits.tickets.append(serve.Ticket("e", "z", LESSON, "k4"))
    km["k4"] = 1
    assert limits.refusal("f", km, "w") == ("full", 5)
    assert Limits(per_visitor=9, total=9, per_address=0).refusal("d", km, "x") is None


def test_only_a_reload_or_a_page_that_is_gone_replaces_a_kernel():
    limits = Limits(per_visitor=1, total=10)
    km = FakeKernels({"open": 1})
    limits.tickets.append(serve.Ticket("a", "x", LESSON, "open"))
    assert limits.replaced("a", LESSON, km, reload=False) is None  # a second tab: refused
    assert limits.replaced("a", LESSON, km, reload=True) == "open"
    assert limits.replaced("a", LESSON_IT, km, reload=True) is None  # another lesson
    assert limits.replaced("b", LESSON, km, reload=True) is None  # another visitor
    km._kernel_connections["open"] = 0  # its page is gone
    assert limits.replaced("a", LESSON, km, reload=False) == "open"


@pytest.mark.parametrize("code", ["per_visitor", "per_address", "full"])
def test_the_refusal_speaks_the_lessons_language_and_agrees_with_its_number(code):
    it_one = refusal_page(code, 1, LESSON_IT, "/")
    it_many = refusal_page(code, 4, LESSON_IT, "/")
    en_one = refusal_page(code, 1, LESSON, "/")
    en_many = refusal_page(code, 4, LESSON, "/")
    assert page_language(LESSON_IT) == "it" and page_language(LESSON) == "en"
    assert '<html lang="it">' in it_one and "Troppe lezioni aperte" in it_one
    assert "/voila/render/it/index.ipynb" in it_one and "Torna all&#x27;elenco" in it_one
    assert '<html lang="en">' in en_one and "Too many lessons open" in en_one
    for one in (it_one, en_one):
        assert " 1 " not in one and "1 lesson" not in one and "1 lezion" not in one
    assert "4 lezioni" in it_many and "4 lessons" in en_many


def test_the_default_cap_fits_the_machines_memory():
    fits, gib = serve.memory_cap()
    assert gib > 0
    assert fits == int(0.7 * gib * 1024 / serve.KERNEL_MB)
    assert serve.memory_cap(kernel_mb=gib * 1024, share=0.5)[0] == 1  # never 0


# --- the server, flooded -----------------------------------------------------------------------


def cookieless_get(base: str, path: str, source: str) -> int:
    """One page request with no cookie from ``source``; its status (the body read through)."""
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=180, source_address=(source, 0))
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        resp.read()
        return resp.status
    except OSError:
        return -1
    finally:
        conn.close()


@pytest.mark.xdist_group("test_public_door_flood")
def test_a_flood_without_cookies_neither_closes_the_door_nor_outlives_a_minute_and_a_half():
    with running_server(f"--per-address={PER_ADDRESS}") as server:
        assert "lessons open at once (70 % of" in server.log_text()
        start = time.monotonic()
        with ThreadPoolExecutor(FLOOD) as pool:
            flood = [
                pool.submit(cookieless_get, server.base, f"/voila/render/{LESSON}", "127.0.0.2")
                for _ in range(FLOOD)
            ]
            time.sleep(1.0)  # the flood is in
            during = run_async(visit(server.base, LESSON, timeout=240))
            statuses = [f.result() for f in flood]
        print(f"\n  flood: {statuses.count(200)} pages, {statuses.count(429)} refused (429)")
        print(f"  a student during the flood: first widget after {during.first_widget} s")
        assert during.error is None, during.error
        assert statuses.count(200) == PER_ADDRESS
        assert statuses.count(429) == FLOOD - PER_ADDRESS
        # the student comes in again and stays, while the flood's kernels are left unclaimed
        close = asyncio.Event()
        opened = asyncio.Event()
        alive: dict[str, object] = {}

        async def stay() -> None:
            task = asyncio.ensure_future(visit(server.base, LESSON, 240, close, opened))
            await opened.wait()
            alive["after"] = time.monotonic() - start
            deadline = start + 90
            while time.monotonic() < deadline and len(server.kernels()) > 1:
                await asyncio.sleep(1.0)
            alive["left"] = kernel_ids(server)
            alive["at"] = time.monotonic() - start
            close.set()
            alive["session"] = await task

        run_async(stay())
        student = alive["session"]
        print(f"  kernels alive {alive['at']:.0f} s after the flood began: {len(alive['left'])}")
        print(f"  the student again: first widget after {student.first_widget} s")
        assert student.error is None, student.error
        assert alive["left"] == {student.kernel_id}  # the flood's kernels are gone, theirs lives
        assert server.log_text().count("no page connected within") == PER_ADDRESS


@pytest.mark.xdist_group("test_public_door_language")
def test_an_italian_refusal_and_a_reload_that_replaces_its_kernel():
    with running_server("--per-visitor=1") as server:

        async def scenario() -> dict:
            from tornado.httpclient import AsyncHTTPClient, HTTPClientError

            close, opened = asyncio.Event(), asyncio.Event()
            page = Session(LESSON_IT)  # the open page: its cookies are the visitor's
            task = asyncio.ensure_future(
                visit(server.base, LESSON_IT, 240, close, opened, session=page)
            )
            await opened.wait()
            assert page.error is None and page.stage == "open", page.error
            client = AsyncHTTPClient(force_instance=True)
            seen: dict = {"session": page}

            async def get(path: str, **headers: str) -> tuple[int, str]:
                session = seen["session"]
                headers["Cookie"] = _cookie_header(session.cookies)
                try:
                    resp = await client.fetch(
                        f"{server.base}/voila/render/{path}", headers=headers, request_timeout=240
                    )
                    return resp.code, resp.body.decode()
                except HTTPClientError as err:
                    return err.code, err.response.body.decode() if err.response else ""

            seen["first_kernel"] = seen["session"].kernel_id
            seen["other"] = await get(OTHER_IT)
            seen["second_tab"] = await get(LESSON_IT)
            seen["kernels_before_reload"] = kernel_ids(server)
            seen["reload"] = await get(LESSON_IT, **{"Cache-Control": "max-age=0"})
            seen["kernels_after_reload"] = kernel_ids(server)
            client.close()
            close.set()
            await task
            return seen

        seen = run_async(scenario())
    status, body = seen["other"]
    assert status == 429
    assert '<html lang="it">' in body and "Hai già una lezione aperta" in body
    assert seen["second_tab"][0] == 429  # a second tab of the open lesson ends nothing
    assert seen["kernels_before_reload"] == {seen["first_kernel"]}
    assert seen["reload"][0] == 200
    after = seen["kernels_after_reload"]
    assert len(after) == 1 and seen["first_kernel"] not in after  # replaced, not doubled
