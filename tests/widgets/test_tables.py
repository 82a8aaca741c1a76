"""The four game tables through what the kit (``widgets/kit/table.py``) gives them all: back and
forward, bots to the end, save and load, the action buttons, the log; and the hardened upload:
a save that is too big, not UTF-8, not JSON, not a save, another game's, from a newer version or
failing the game's validation is refused with its reason in the notice, and nothing changes."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from gamelib.core import SAVE_VERSION
from widgets.common import html_table, tagged
from widgets.i18n import catalog, t
from widgets.kit.table import LOG_LINES, TableBase, refusal_text, size_text
from widgets.session import MAX_SAVE_BYTES, REFUSALS, SaveRefused, read_save


def cnw_table() -> TableBase:
    from widgets.cnw.table import CnwTable

    return CnwTable(seats=("human", "courier", "expansionist"), seed=3, turn_cap=4)


def rails_table() -> TableBase:
    from widgets.rails.table import RailsTable

    return RailsTable(seats=("human", "planner"), seed=5)


def airwar_table() -> TableBase:
    from widgets.airwar.table import AirWarTable

    return AirWarTable(seats=("human", "planner"), seed=1)


def logiquo_table() -> TableBase:
    from widgets.logiquo.table import LogiquoTable

    return LogiquoTable(seats=("human", "cooperative", "cooperative"), seed=1)


def _pop(key: str) -> Callable[[dict], None]:
    def damage(state: dict) -> None:
        pile = state[key]
        (pile[0] if pile and isinstance(pile[0], list) else pile).pop()

    return damage


def _negative_sla(state: dict) -> None:
    state["sla"][0] = -1


# table factory, and a change to a save's state that the game's validation refuses
TABLES = {
    "cnw": (cnw_table, _negative_sla),
    "rails": (rails_table, _pop("deck")),
    "airwar": (airwar_table, _pop("deck")),
    "logiquo": (logiquo_table, _pop("control_deck")),
}


@pytest.fixture(params=list(TABLES))
def table(request: pytest.FixtureRequest) -> TableBase:
    return TABLES[request.param][0]()


def play(table: TableBase, moves: int) -> None:
    """The human to move plays the first legal action ``moves`` times (bots answer between)."""
    for _ in range(moves):
        if not table.human_to_move():
            break
        assert table.act(table.game.legal_actions(table.state)[0])


def snapshot(table: TableBase) -> tuple[Any, ...]:
    s = table.session
    return (table.state, list(s.log), list(s.history), s.index, table.save_text(), table.kinds)


# ---------------------------------------------------------------- what every table does


def test_back_forward_and_finish(table):
    play(table, 3)
    n = table.session.index
    assert n > 0
    table.back()
    assert table.session.index == n - 1 and not table.forward_button.disabled
    assert "style='color:#aaa'" in table.log_view.value  # the undone move is greyed
    table.forward()
    assert table.session.index == n and table.forward_button.disabled
    assert table.finish() > 0
    assert table.game.is_over(table.state)
    assert table.finish_button.disabled and table.bots_button.disabled
    assert table.bar.layout.visibility == "hidden"
    assert table.status.value == table.over_html() and table.actions.children == ()


def test_save_link_and_load_round_trip(table):
    play(table, 2)
    text = table.save_text()
    href = re.search(r"base64,([^']+)'", table.save_link.value).group(1)
    assert base64.b64decode(href).decode() == text
    assert f"{table.css}-save-link" in table.save_link.value
    state = table.state
    play(table, 2)
    assert table.load_text(text)
    assert table.state == state == table.game.from_json(text)
    assert table.session.log == [] and "loaded" in table.notice.value


def test_buttons_are_the_decisions_of_the_human_to_move(table):
    assert table.human_to_move()
    assert [b.action for b in table.actions.children] == table.button_actions()
    assert all(f"{table.css}-action" in b._dom_classes for b in table.actions.children)
    table.seat_pickers[0].value = table.default_seat
    table.new_game()  # bots only: no buttons, no hand of a human
    assert table.actions.children == ()


def test_a_second_click_on_a_replaced_button_plays_nothing(table):
    """A double click: the first click plays the decision and draws new buttons; the second,
    arriving from the old button, must not play the same decision again in the new state."""
    for _ in range(200):  # CNW places its pawns on the map: play until a decision is a button
        if table.actions.children:
            break
        play(table, 1)
    if not table.actions.children:
        assert table.button_actions() == []
        pytest.skip("every decision of this table has its own control, none is a button")
    button = table.actions.children[-1]
    start = table.session.index
    button.click()
    after = snapshot(table)
    assert table.session.index > start
    assert button not in table.actions.children
    button.click()
    assert snapshot(table) == after


def test_a_move_for_a_bot_is_refused(table):
    play(table, 1)
    table.kinds = [table.default_seat] * len(table.kinds)
    before = snapshot(table)
    assert not table.act(table.game.legal_actions(table.state)[0])
    assert "lesson-error" in table.notice.value
    assert snapshot(table) == before


def test_the_log_shows_the_newest_moves_first_and_at_most_its_cap(monkeypatch):
    import widgets.kit.table as kit

    assert kit.LOG_LINES == LOG_LINES >= 100
    monkeypatch.setattr(kit, "LOG_LINES", 50)
    table = cnw_table()
    table.finish()
    total = len(table.session.log)
    assert total > 50
    assert table.log_view.value.count("<li") == 50
    assert f"start='{total}'" in table.log_view.value
    newest = table.log_line(*table.session.history[-2:-1], table.session.log[-1], table.state)
    assert table.log_view.value.index("<li") == table.log_view.value.index(f"<li>{newest}")


# ---------------------------------------------------------------- refused uploads


def _save_with(table: TableBase, change: Callable[[dict], None]) -> str:
    data = json.loads(table.save_text())
    change(data)
    return json.dumps(data)


def _refused(table: TableBase, case: str) -> tuple[Any, str]:
    """The upload for ``case`` and the code it must be refused with."""
    text = table.save_text()
    damage = TABLES[table.css][1]
    uploads = {
        "too_big": (text + " " * MAX_SAVE_BYTES, "too_big"),  # valid JSON: only the size is off
        "utf16": (text.encode("utf-16"), "not_utf8"),
        "latin1": (b'{"name": "Citt\xe0"}', "not_utf8"),
        "corrupt": (text[: len(text) // 2].encode(), "not_json"),
        "deep": ("[" * 100_000, "not_json"),
        "not_a_save": ('{"hello": "world"}', "not_a_save"),
        "other_game": (_save_with(table, lambda d: d.update(game="chess")), "other_game"),
        "newer": (_save_with(table, lambda d: d.update(version=SAVE_VERSION + 1)), "newer"),
        "invalid": (_save_with(table, lambda d: damage(d["state"])), "invalid"),
        "incomplete": (_save_with(table, lambda d: d["state"].pop("rng")), "invalid"),
        # random.setstate raises OverflowError, not the SaveFormatError gamelib promises
        "bad_rng": (
            _save_with(table, lambda d: d["state"]["rng"][1].__setitem__(0, -1)),
            "invalid",
        ),
    }
    return uploads[case]


CASES = [
    "too_big",
    "utf16",
    "latin1",
    "corrupt",
    "deep",
    "not_a_save",
    "other_game",
    "newer",
    "invalid",
    "incomplete",
    "bad_rng",
]


@pytest.mark.parametrize("case", CASES)
def test_a_refused_upload_says_why_and_changes_nothing(table, case):
    play(table, 2)
    table.back()  # a redo step waiting: it must survive the refusal too
    data, code = _refused(table, case)
    before = snapshot(table)
    upload = data.encode() if isinstance(data, str) else data
    table._on_upload({"new": ({"name": "save.json", "content": memoryview(upload)},)})
    notice = table.notice.value
    assert "lesson-error" in notice
    expected = catalog("en")[f"common.save.{code}"].split("{")[0]
    assert expected in notice
    assert snapshot(table) == before
    assert not table.load_text(data)


def test_the_size_is_checked_before_parsing(monkeypatch):
    import widgets.session as session

    def parse(*_a: Any, **_k: Any) -> Any:
        raise AssertionError("parsed a file that is too big")

    monkeypatch.setattr(session.json, "loads", parse)
    from gamelib import rails

    with pytest.raises(SaveRefused) as refused:
        read_save(rails, b" " * (MAX_SAVE_BYTES + 1))
    assert refused.value.code == "too_big"
    assert "1.0 MB" in refusal_text(refused.value)


def test_the_largest_real_saves_are_far_below_the_limit():
    """A whole bot game for the most seats: the save at its end is a small fraction of 1 MiB."""
    from gamelib import cnw, logiquo

    for game, state in (
        (cnw, cnw.new_game(["a", "b", "c", "d", "e", "f"], seed=3)),
        (logiquo, logiquo.new_game(["a", "b", "c", "d", "e", "f"], seed=3)),
    ):
        bots = [game.bots.RandomBot(p) for p in range(6)]
        while not game.is_over(state):
            state = game.apply(state, bots[game.current_player(state)].choose(state))
        assert len(game.to_json(state).encode()) < MAX_SAVE_BYTES / 50


def test_a_save_with_a_byte_order_mark_loads():
    table = rails_table()
    text = table.save_text()
    assert table.load_text(b"\xef\xbb\xbf" + text.encode())
    assert table.save_text() == text


def test_the_upload_box_is_emptied_so_the_same_file_can_be_chosen_again():
    table = rails_table()
    content = b"{not json"
    table.upload.value = (
        {
            "name": "save.json",
            "type": "application/json",
            "size": len(content),
            "content": memoryview(content),
            "last_modified": datetime.now(UTC),
        },
    )
    assert "lesson-error" in table.notice.value
    assert table.upload.value == ()


# ---------------------------------------------------------------- the kit's small pieces


def test_every_refusal_has_words_in_the_catalog():
    for code in REFUSALS:
        assert f"common.save.{code}" in catalog("en")
    words = refusal_text(SaveRefused("other_game", game="<b>x</b>"))
    assert "&lt;b&gt;" in words  # a file's text never becomes markup


def test_sizes_read_as_people_say_them():
    assert size_text(MAX_SAVE_BYTES) == "1.0 MB"
    assert size_text(3 * 1024 * 1024 // 2) == "1.5 MB"
    assert size_text(12_000) == "12 KB"
    assert size_text(10) == "1 KB"


def test_tagged_and_html_table():
    import ipywidgets as w

    box = tagged(w.HTML(), "a", "b")
    assert box._dom_classes == ("a", "b")
    assert html_table(["h"], [["1"], ["2"]]).count("<tr>") == 3
    assert t("common.seed")
