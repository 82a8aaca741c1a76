"""#24 on the static site: the same records live in the browser. Python runs there (Pyodide) with
no server, so a lesson's memory keeps a store in the page's memory, fills it from the export the
browser keeps (``BrowserStore.records``, localStorage) and mirrors it back after each change; a
reload gets it all back. Here the static site's mode is forced on this Python (the platform
check is replaced), the store is the same SQLite in memory, and the browser's part is a real
BrowserStore whose state is set as the page sets it."""

from __future__ import annotations

import json
import weakref

import pytest

from record.store import open_store
from widgets import i18n
from widgets.kit import browser_store
from widgets.kit import check as kit
from widgets.kit import memory as mem
from widgets.kit.browser_store import BrowserStore
from widgets.kit.check import Choice, Number, Reflect, Score
from widgets.kit.progress import ProgressBoard
from widgets.kit.record_bar import RecordBar

LESSON = "test/01_memory"


@pytest.fixture
def browser(monkeypatch):
    """The static site's mode; the memory's timers collected, to be run by the test."""
    monkeypatch.setattr(kit, "_CHECKS", {})
    monkeypatch.setattr(kit, "_SCORES", weakref.WeakSet())  # this test's page only
    monkeypatch.delenv("LESSONS_RECORD", raising=False)
    monkeypatch.setattr(mem, "in_browser", lambda: True)
    timers: list = []
    monkeypatch.setattr(mem, "later", lambda delay, fn: timers.append((delay, fn)))
    yield timers
    mem.begin("", opener=None)


def page() -> tuple[mem.BrowserMemory, BrowserStore]:
    """A new page of the lesson, before its browser has sent what it keeps."""
    memory = mem.begin(LESSON)
    assert isinstance(memory, mem.BrowserMemory)
    bridge = BrowserStore()
    memory.attach(bridge)
    return memory, bridge


def arrive(bridge: BrowserStore, records: str = "", problem: str = "") -> None:
    state = {"key": "", "code": "", "nickname": "", "records": records, "loaded": True}
    bridge.set_state({**state, "problem": problem})


def kinds(records: str) -> list[str]:
    """The kinds of the events in a kept copy, leaving out hints (what a wrong try may add)."""
    return [e["kind"] for e in json.loads(records)["events"] if e["kind"] != "hint"]


def build():
    number = Number("m-number", "How many?", 7, hint="count", tolerance=0.5)
    choice = Choice("m-choice", "Which?", "b", hint="think", options=[("A", "a"), ("B", "b")])
    note = Reflect("m-note", "Why?", "because")
    return number, choice, note


def test_answers_kept_in_the_browser_come_back_on_the_next_page(browser):
    memory, bridge = page()
    number, choice, note = build()
    arrive(bridge)  # a first visit: nothing kept, and nothing made yet
    assert memory.state == mem.READY and memory.learner is None and bridge.records == ""
    number.box.value = "3"
    number.check()  # wrong
    number.box.value = "7"
    number.check()
    choice.radio.value = "b"
    choice.check()
    note.notes.value = "because the hub doubles"
    memory.flush()
    kept = json.loads(bridge.records)
    assert kept["format"] == "game-lessons-record"
    assert kinds(bridge.records) == ["attempt", "attempt", "attempt", "note"]
    assert bridge.key == "" and bridge.code == ""  # no key and no resume code in a browser

    memory, bridge = page()  # the reload: a new Python, the same browser
    number, choice, note = build()
    assert Score([number, choice]).counts() == (0, 0, 2)
    arrive(bridge, json.dumps(kept))
    assert memory.learner is not None and memory.problem == ""
    assert (number.status, number.attempts, number.first_try) == ("right", 2, False)
    assert (choice.status, choice.first_try, choice.radio.value) == ("right", True, "b")
    assert note.notes.value == "because the hub doubles"
    number.box.value = "7"
    number.check()  # one more try, kept beside the others
    memory.flush()
    assert kinds(bridge.records).count("attempt") == 4


def test_the_browsers_copy_is_written_at_most_once_a_second(browser):
    memory, bridge = page()
    number, choice, _ = build()
    arrive(bridge)
    number.box.value = "7"
    number.check()
    choice.radio.value = "a"
    choice.check()
    mirrors = [t for t in browser if t[1] == memory._mirror_later]
    assert [delay for delay, _ in mirrors] == [mem.MIRROR_DELAY]  # two answers, one write due
    assert bridge.records == ""  # not yet: after the delay
    mirrors[0][1]()
    assert kinds(bridge.records).count("attempt") == 2
    number.check()  # the next change asks for the next write
    assert len([t for t in browser if t[1] == memory._mirror_later]) == 2


def test_a_visitor_who_only_reads_keeps_nothing_in_the_browser(browser):
    memory, bridge = page()
    build()
    arrive(bridge)
    memory.flush()
    assert memory.learner is None and bridge.records == "" and not browser


@pytest.mark.parametrize(
    "records", ["{not json", '{"format": "other"}', '{"format": "game-lessons-record"}']
)
def test_damaged_or_foreign_records_start_afresh_and_the_learner_is_told(browser, italian, records):
    memory, bridge = page()
    bar = RecordBar(memory)
    number, *_ = build()
    arrive(bridge, records)
    assert memory.state == mem.READY and memory.learner is None
    assert memory.problem == mem.UNREADABLE
    assert "Non è stato possibile leggere le risposte conservate" in bar.notice.value
    assert number.status == "open"
    number.box.value = "7"
    number.check()
    memory.flush()
    assert json.loads(bridge.records)["events"][0]["item"] == "m-number"  # a sound copy now


def test_records_the_page_could_not_read_are_said_too(browser):
    memory, bridge = page()
    bar = RecordBar(memory)
    arrive(bridge, "", problem="corrupt")  # the page's JS found the item unreadable
    assert memory.problem == mem.UNREADABLE and "could not be read" in bar.notice.value


def test_a_browser_that_stores_nothing_is_said(browser):
    memory, bridge = page()
    bar = RecordBar(memory)
    arrive(bridge, "", problem="unavailable")
    assert memory.problem == mem.REFUSED and "private browsing" in bar.notice.value


def test_forget_me_clears_the_browsers_records(browser):
    memory, bridge = page()
    bar = RecordBar(memory)
    number, *_ = build()
    arrive(bridge)
    number.box.value = "7"
    number.check()
    memory.flush()
    assert bridge.records
    bar.forget()
    assert bridge.records == "" and memory.learner is None
    assert "nothing of yours is left in this browser" in bar.notice.value
    assert number.status == "open"
    memory.flush()
    assert bridge.records == ""  # nothing is written back after forgetting
    number.box.value = "7"
    number.check()  # a fresh start keeps only what comes after
    memory.flush()
    assert kinds(bridge.records) == ["attempt"]


def test_records_too_large_for_the_browser_keep_the_last_copy_and_say_so(browser, monkeypatch):
    memory, bridge = page()
    bar = RecordBar(memory)
    number, _, note = build()
    arrive(bridge)
    number.box.value = "7"
    number.check()
    memory.flush()
    fitting = bridge.records
    monkeypatch.setattr(browser_store, "RECORDS_LIMIT", len(fitting) + 100)
    note.notes.value = "a long thought " * 20
    memory.flush()
    assert bridge.records == fitting  # not replaced by one the browser could not hold
    assert bridge.problem == browser_store.TOO_LARGE and memory.problem == mem.FULL
    assert "no longer fits in this browser" in bar.notice.value


def test_the_bar_says_the_answers_stay_in_this_browser_and_offers_no_code(browser, italian):
    memory, bridge = page()
    bar = RecordBar(memory)
    number, *_ = build()
    arrive(bridge)
    assert "soltanto in questo browser" in bar.line.value
    assert bar.code_row.layout.display == "none"  # no resume code, no other device by code
    number.box.value = "7"
    number.check()
    assert "Le tue risposte restano soltanto in questo browser" in bar.line.value
    assert "record-code" not in bar.line.value
    panel = bar.panel.children[0].value
    assert "nella memoria di questo browser" in panel and "server della scuola" not in panel
    assert memory.resume("ABCD-EFGH") is False


def test_a_nickname_travels_in_the_records(browser):
    memory, bridge = page()
    bar = RecordBar(memory)
    arrive(bridge)
    bar.nickname_box.value = "Ada"
    assert bar.set_nickname()
    kept = bridge.records
    assert json.loads(kept)["nickname"] == "Ada" and bridge.nickname == ""
    memory, bridge = page()
    arrive(bridge, kept)
    assert memory.nickname() == "Ada"


def test_the_same_file_goes_from_the_browser_to_a_server_and_back(browser, tmp_path):
    memory, bridge = page()
    bar = RecordBar(memory)
    number, choice, _ = build()
    arrive(bridge)
    number.box.value = "7"
    number.check()
    memory.save_game("cnw-table", '{"format": "x"}')
    bar.export()
    assert "record-export-file" in bar.export_link.value
    exported = memory.export()

    server = open_store(data_dir=tmp_path)  # a lessons' server takes the browser's file
    there = server.new_learner()
    assert server.import_(there.id, exported) == {"events": 1, "saves": 1}
    server.record(there.id, LESSON, "m-choice", "attempt", {"answer": "b", "right": True})
    from_server = json.dumps(server.export(there.id)).encode()
    server.close()

    memory, bridge = page()  # another browser: nothing kept, then the file imported
    number, choice, _ = build()
    bar = RecordBar(memory)
    arrive(bridge)
    assert bar.import_bytes(from_server)
    assert number.first_try is True and choice.first_try is True
    assert memory.saved_game("cnw-table") == '{"format": "x"}'
    assert kinds(bridge.records).count("attempt") == 2  # and this browser keeps it now


def test_the_landing_board_reads_this_browsers_records_and_writes_nothing(browser):
    memory, bridge = page()
    number, choice, _ = build()
    kit.lesson_score()
    arrive(bridge)
    number.box.value = "7"
    number.check()
    choice.radio.value = "a"
    choice.check()
    memory.flush()
    kept = bridge.records
    assert json.loads(kept)["saves"]  # the lesson's score line is in the records

    landing = mem.begin("index", read_only=True)
    board = ProgressBoard(landing, "en")
    landing_bridge = BrowserStore()
    landing.attach(landing_bridge)
    arrive(landing_bridge, kept)
    assert "1 of 2 checks right at the first try (2 answered)" in board.view.value
    assert f"href='{LESSON}.html'" in board.view.value  # the static site's pages
    assert landing.store is None and landing.learner is None  # no store opened, no learner
    landing.flush()
    assert landing_bridge.records == kept and landing_bridge.key == ""  # nothing written

    stranger = mem.begin("index", read_only=True)
    board = ProgressBoard(stranger, "it")
    stranger_bridge = BrowserStore()
    stranger.attach(stranger_bridge)
    i18n.set_language("it")
    try:
        arrive(stranger_bridge)
        assert "soltanto in questo browser" in board.view.value
        damaged = mem.begin("index", read_only=True)
        board = ProgressBoard(damaged, "it")
        damaged_bridge = BrowserStore()
        damaged.attach(damaged_bridge)
        arrive(damaged_bridge, "{not json")
        assert "Non è stato possibile leggere" in board.view.value
        assert damaged_bridge.records == "{not json"  # left as it was
    finally:
        i18n.set_language("en")


def test_a_table_game_comes_back_from_the_browser(browser):
    memory, bridge = page()
    arrive(bridge)
    memory.save_game("cnw-table", '{"moves": 1}')
    memory.save_game("cnw-table", '{"moves": 2}')  # the latest replaces the one before
    memory.flush()
    kept = bridge.records
    memory, bridge = page()
    arrive(bridge, kept)
    assert memory.saved_game("cnw-table") == '{"moves": 2}'


def test_answers_given_while_the_record_opens_are_kept(browser):
    """In the browser the record opens seconds after the page (SQLAlchemy and sql.js load
    then): what the learner did meanwhile is kept once it is open."""
    memory, bridge = page()
    number, *_ = build()
    number.box.value = "7"
    number.check()
    assert memory.state == mem.WAITING
    arrive(bridge)
    memory.flush()
    kept = bridge.records
    memory, bridge = page()
    number, *_ = build()
    arrive(bridge, kept)
    assert number.first_try is True and number.status == "right"


def test_two_tabs_keep_both_their_answers(browser):
    """Two lessons open at once in one browser: each tab writes its whole copy, and the browser
    tells the other tab (a ``storage`` event, here ``incoming``), which merges it; the copy left
    in storage holds both tabs' answers, and the tabs then stop writing."""
    a, bridge_a = page()
    arrive(bridge_a)
    b, bridge_b = page()
    arrive(bridge_b)
    a.record("m-number", "attempt", {"answer": "7", "right": True})
    a.flush()
    b.record("m-choice", "attempt", {"answer": 1, "right": False})
    b.flush()
    stored = bridge_b.records  # the later tab's copy replaced the first one's
    assert kinds(stored) == ["attempt"]
    bridge_b.set_state({"incoming": bridge_a.records})  # the browser tells b about a's write
    assert sorted(e["item"] for e in json.loads(bridge_b.records)["events"]) == [
        "m-choice",
        "m-number",
    ]
    stored = bridge_b.records
    before = bridge_a.records
    bridge_a.set_state({"incoming": stored})  # and a about b's: a has nothing more to add
    assert bridge_a.records == before  # equal copies: no more writing back and forth
    assert sorted(e.item for e in a.store.events(a.learner.id)) == ["m-choice", "m-number"]
    again, bridge = page()
    arrive(bridge, stored)
    items = sorted(e.item for e in again.store.events(again.learner.id))
    assert items == ["m-choice", "m-number"]


def test_an_unreadable_copy_from_another_tab_changes_nothing(browser):
    a, bridge_a = page()
    arrive(bridge_a)
    a.record("m-number", "attempt", {"answer": "7", "right": True})
    a.flush()
    mine = bridge_a.records
    bridge_a.set_state({"incoming": '{"format": "something else"}'})
    bridge_a.set_state({"incoming": "x" * 3_000_000})
    assert bridge_a.records == mine
    assert [e.item for e in a.store.events(a.learner.id)] == ["m-number"]
