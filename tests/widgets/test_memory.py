"""#24: a lesson page remembers. Checks, notes and scores go to the learner's record as they
happen and come back as they were on the next page (a reload, another device, a restarted
server); scoring is honest (first try counts; "show me" first, or a new question after it,
never makes a check right). A real SQLite store in a temporary folder; the browser's part is a
real BrowserStore whose state is set as the page would set it."""

from __future__ import annotations

import weakref

import pytest

from record.store import open_store
from widgets.kit import check as kit
from widgets.kit import memory as mem
from widgets.kit.browser_store import BrowserStore
from widgets.kit.check import Choice, Number, Order, Reflect, Score, Variant

LESSON = "test/01_memory"


@pytest.fixture
def store_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(kit, "_CHECKS", {})
    monkeypatch.setattr(kit, "_SCORES", weakref.WeakSet())  # this test's page only
    monkeypatch.delenv("LESSONS_RECORD", raising=False)
    yield tmp_path
    mem.begin("", opener=None)


def page(store_dir, key: str = "") -> tuple[mem.Memory, BrowserStore]:
    """A new page of the lesson: a fresh memory, whose browser then sends ``key``."""
    memory = mem.begin(LESSON, opener=lambda: open_store(data_dir=store_dir))
    bridge = BrowserStore()
    memory.attach(bridge)
    return memory, bridge


def arrive(bridge: BrowserStore, key: str = "") -> None:
    bridge.set_state({"key": key, "code": "", "nickname": "", "records": "", "loaded": True})


def build():
    """The page's checks, built as a notebook builds them (before the browser has spoken)."""
    number = Number("m-number", "How many?", 7, hint="count", tolerance=0.5)
    choice = Choice("m-choice", "Which?", "b", hint="think", options=[("A", "a"), ("B", "b")])
    order = Order("m-order", "Order them", ("x", "y"), hint="h", options=[("X", "x"), ("Y", "y")])
    note = Reflect("m-note", "Why?", "because")
    return number, choice, order, note


def test_a_reload_gives_back_every_check_as_it_was_left(store_dir):
    memory, bridge = page(store_dir)
    number, choice, order, note = build()
    arrive(bridge)  # a first visit: no key yet
    assert memory.state == mem.READY and memory.learner is None and bridge.key == ""
    number.box.value = "3"
    number.check()  # wrong
    number.box.value = "7.2"
    number.check()  # right in the end, not at the first try
    choice.radio.value = "b"
    choice.check()  # right at the first try
    order.show_me()  # shown before any try
    note.notes.value = "because the hub doubles"
    memory.flush()
    key = bridge.key
    assert key and bridge.code  # the learner exists now, and the browser keeps them
    score = Score([number, choice, order])
    assert score.counts() == (3, 1, 3)

    # the reload: a new kernel builds the page again, then the browser sends its key
    memory, bridge = page(store_dir)
    number, choice, order, note = build()
    score = Score([number, choice, order])
    assert score.counts() == (0, 0, 3)
    arrive(bridge, key)
    assert memory.learner is not None
    assert (number.status, number.attempts, number.first_try) == ("right", 2, False)
    assert number.box.value == "7.2"  # what was typed, as typed
    assert (choice.status, choice.first_try, choice.radio.value) == ("right", True, "b")
    assert (order.status, order.first_try) == ("shown", False)
    assert [p.value for p in order.places] == ["x", "y"]
    assert note.notes.value == "because the hub doubles"
    assert score.counts() == (3, 1, 3)
    assert "✓" in choice.feedback.value


def test_show_me_first_or_a_new_question_after_it_never_counts_right(store_dir):
    memory, bridge = page(store_dir)
    arrive(bridge)

    def variant(seed: int) -> Variant:
        return Variant(f"{seed} + 1?", seed + 1, "add one")

    c = Number("m-new", hint="h", new_question=variant, seed=1)
    c.show_me()
    c.next_question()
    c.box.value = str(c.answer())
    assert c.check() is True and c.status == "right"
    assert c.first_try is False  # shown before the first try: the check cannot count right
    assert Score([c]).counts() == (1, 0, 1)
    memory.flush()
    key = bridge.key

    memory, bridge = page(store_dir)
    again = Number("m-new", hint="h", new_question=variant, seed=1)
    arrive(bridge, key)
    assert again.seed == 2 and again.question.startswith("2 + 1")  # the variant they were on
    assert again.first_try is False and again.status == "right"


def test_a_first_visit_gets_its_key_off_the_click_and_reading_records_nothing(store_dir):
    """The learner is made in the writer's thread as the browser speaks (its code's hash takes
    tens of milliseconds), so the first answer blocks no click; reading the page keeps no
    event. The landing page (read only) makes no learner."""
    memory, bridge = page(store_dir)
    build()
    arrive(bridge)
    memory.flush()
    assert memory.learner is not None and bridge.key and bridge.code
    store = open_store(data_dir=store_dir)
    assert store.learner_by_key(bridge.key).id == memory.learner.id
    assert store.events(memory.learner.id) == []
    landing = mem.begin("index", opener=lambda: open_store(data_dir=store_dir), read_only=True)
    landing_bridge = BrowserStore()
    landing.attach(landing_bridge)
    arrive(landing_bridge)
    landing.flush()
    assert landing.learner is None and landing_bridge.key == ""


def test_an_unknown_key_starts_afresh_and_never_shows_another_learners_record(store_dir):
    memory, bridge = page(store_dir)
    number, *_ = build()
    arrive(bridge)
    number.box.value = "7"
    number.check()
    memory.flush()

    memory, bridge = page(store_dir)
    number, *_ = build()
    arrive(bridge, "forged-" + "x" * 40)
    assert memory.learner is None and memory.problem == "record.not_found"
    assert number.status == "open" and number.box.value == ""


def test_answers_given_before_the_browser_spoke_are_kept(store_dir):
    memory, bridge = page(store_dir)
    number, *_ = build()
    number.box.value = "7"
    number.check()  # the page is drawn, the storage item not read yet
    assert memory.state == mem.WAITING
    arrive(bridge)
    # the page keeps showing it: the history given back already holds the early try
    assert number.first_try is True and number.status == "right" and number.attempts == 1
    memory.flush()
    key = bridge.key
    assert key
    memory, bridge = page(store_dir)
    number, *_ = build()
    arrive(bridge, key)
    assert number.first_try is True


def test_forget_me_erases_the_record_and_the_browsers_key(store_dir):
    memory, bridge = page(store_dir)
    number, *_ = build()
    arrive(bridge)
    number.box.value = "7"
    number.check()
    memory.flush()
    key = bridge.key
    memory.forget()
    assert bridge.key == "" and memory.learner is None
    assert open_store(data_dir=store_dir).learner_by_key(key) is None


def test_no_store_means_the_page_works_and_keeps_nothing(store_dir, monkeypatch):
    monkeypatch.setenv("LESSONS_RECORD", "off")
    memory, bridge = page(store_dir)
    number, *_ = build()
    arrive(bridge)
    number.box.value = "7"
    assert number.check() is True
    assert memory.state == mem.OFF and bridge.key == ""
    assert not (store_dir / "record.sqlite3").exists()


def test_a_lesson_starts_without_the_database_library():
    """The static site's Python (Pyodide) has no SQLAlchemy: the first cell of every lesson,
    its memory and the record bar import without it; only opening a store needs it."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from widgets.kit.record_bar import start_lesson\n"
        "start_lesson('cnw/01_board_and_dice', 'it')\n"
        "print(sorted(m for m in ('sqlalchemy', 'alembic', 'psycopg') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_landing_page_shows_each_lessons_score_and_creates_no_record(store_dir):
    from widgets.kit.progress import ProgressBoard

    memory, bridge = page(store_dir)
    number, choice, *_ = build()
    kit.lesson_score()  # the lesson's own score line keeps its summary
    arrive(bridge)
    number.box.value = "7"
    number.check()
    choice.radio.value = "a"
    choice.check()
    memory.flush()
    key = bridge.key

    landing = mem.begin("index", opener=lambda: open_store(data_dir=store_dir))
    board = ProgressBoard(landing, "en")
    landing_bridge = BrowserStore()
    landing.attach(landing_bridge)
    arrive(landing_bridge, key)
    assert "1 of 3 checks right at the first try (2 answered)" in board.view.value
    assert f"href='{LESSON}.ipynb'" in board.view.value

    stranger = mem.begin("index", opener=lambda: open_store(data_dir=store_dir))
    board = ProgressBoard(stranger, "en")
    stranger_bridge = BrowserStore()
    stranger.attach(stranger_bridge)
    arrive(stranger_bridge)
    assert "will show here" in board.view.value
    assert stranger.learner is None and stranger_bridge.key == ""


def test_a_wrong_code_a_bad_file_and_guessing_are_refused_in_the_pages_language(store_dir):
    from widgets import i18n
    from widgets.kit.record_bar import RecordBar

    i18n.set_language("it")
    try:
        memory, bridge = page(store_dir)
        bar = RecordBar(memory)
        number, *_ = build()
        arrive(bridge)
        number.box.value = "7"
        number.check()
        memory.flush()
        bar.code_box.value = "ZZZZ-ZZZZ"
        assert bar.resume() is False
        assert "Nessun registro ha questo codice" in bar.notice.value
        assert memory.learner is not None and number.first_try is True  # nothing changed
        for text in (b"{not json", b'{"format": "other"}', b"x" * (2 << 20)):
            assert bar.import_bytes(text) is False
            assert (
                "⚠" in bar.notice.value
                and "niente" in bar.notice.value.lower()
                or ("troppo grande" in bar.notice.value)
            )
        assert number.first_try is True
        for _ in range(12):  # a guesser is slowed down, and told so
            bar.code_box.value = "ABCD-EFGH"
            bar.resume()
        assert "Troppi codici sbagliati" in bar.notice.value
        # another fresh browser is not locked out by this one's guesses
        other, other_bridge = page(store_dir)
        arrive(other_bridge)
        other_bar = RecordBar(other)
        other_bar.code_box.value = "ABCD-EFGH"
        other_bar.resume()
        assert "Nessun registro ha questo codice" in other_bar.notice.value
    finally:
        i18n.set_language("en")


def test_a_hidden_row_of_the_record_bar_hides_no_other_row(store_dir):
    """Each row has its own layout (a shared one hid the whole panel with the resume row)."""
    from widgets.kit.record_bar import RecordBar

    memory, bridge = page(store_dir)
    bar = RecordBar(memory)
    rows = list(bar.panel.children[1:])
    assert len({id(r.layout) for r in rows}) == len(rows)
    bar.code_row.layout.display = "none"
    assert all(r.layout.display != "none" for r in rows if r is not bar.code_row)


def test_the_first_cell_builds_the_bar_and_the_steps(store_dir):
    from widgets.kit.record_bar import start_lesson

    box = start_lesson(LESSON, "en")
    assert [type(c).__name__ for c in box.children] == ["BrowserStore", "RecordBar", "Steps"]


def test_a_score_left_from_an_earlier_page_writes_into_no_other_page(store_dir):
    """A kernel re-running a lesson (or a test run) may hold an old page's score line: it keeps
    its own page's summary, never the current page's."""
    kit._SCORES.add(kit.Score())  # an earlier page's score, under the inert memory
    memory, bridge = page(store_dir)
    number, *_ = build()
    arrive(bridge)
    number.box.value = "7"
    number.check()
    memory.flush()
    assert memory.store.saves_of(memory.learner.id, mem.SUMMARY) == {}
