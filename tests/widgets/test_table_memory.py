"""#24: a game at any of the four tables survives a reload. After every move the table keeps its
whole history (the first state, every action, the move shown) in the learner's record; the next
page of the lesson offers "continue your game" and puts it back at the same move, with back and
forward, its seats, and the same state to the last RNG draw. A kept game that is damaged, of
another game or from a newer version is refused with its reason, and nothing changes."""

from __future__ import annotations

import json

import pytest

from record.store import open_store
from widgets.kit import memory as mem
from widgets.kit.browser_store import BrowserStore
from widgets.session import SaveRefused, Session

from .test_tables import airwar_table, cnw_table, logiquo_table, rails_table

TABLES = {"cnw": cnw_table, "rails": rails_table, "airwar": airwar_table, "logiquo": logiquo_table}


@pytest.fixture
def store_dir(tmp_path, monkeypatch):
    monkeypatch.delenv("LESSONS_RECORD", raising=False)
    yield tmp_path
    mem.begin("", opener=None)


def new_page(store_dir, key: str, factory):
    memory = mem.begin("test/play", opener=lambda: open_store(data_dir=store_dir))
    bridge = BrowserStore()
    memory.attach(bridge)
    table = factory()
    bridge.set_state({"key": key, "code": "", "nickname": "", "records": "", "loaded": True})
    return memory, bridge, table


def play_a_little(table, moves: int = 3) -> None:
    """A few moves (the first legal action each time, whoever is to move), then a step back."""
    for _ in range(moves):
        table.act(table.game.legal_actions(table.state)[0], auto=False)
    table.back()


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_reload_offers_the_game_at_the_same_move_with_its_history(store_dir, game):
    memory, bridge, table = new_page(store_dir, "", TABLES[game])
    assert table.resume_button.layout.display == "none"  # nothing kept yet
    play_a_little(table)
    assert table.session.log, "the table made no move"
    memory.flush()
    key = bridge.key
    index, moves = table.session.index, len(table.session.log)
    shown = table.save_text()
    last = table.session.history[-1]

    memory, bridge, again = new_page(store_dir, key, TABLES[game])
    assert again.resume_button.layout.display == ""
    assert str(index) in again.resume_button.description
    assert again.resume() is True
    assert again.resume_button.layout.display == "none"
    assert (again.session.index, len(again.session.log)) == (index, moves)
    assert again.save_text() == shown  # the state shown, to the last draw of its generator
    assert again.game.to_json(again.session.history[-1]) == again.game.to_json(last)
    again.forward()
    assert again.session.index == index + 1  # forward works as before the reload
    assert again.kinds == table.kinds


def test_a_fresh_table_replaces_nothing_and_a_new_move_replaces_the_kept_game(store_dir):
    memory, bridge, table = new_page(store_dir, "", cnw_table)
    play_a_little(table)
    memory.flush()
    key = bridge.key
    first = memory.saved_game("cnw")

    memory, bridge, again = new_page(store_dir, key, cnw_table)
    memory.flush()
    assert memory.saved_game("cnw") == first  # looking at a new table keeps the old game
    again.new_game()
    play_a_little(again, 1)
    memory.flush()
    assert memory.saved_game("cnw") != first
    assert again.resume_button.layout.display == "none"


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: d.update(format="other"), "not_a_save"),
        (lambda d: d.update(game="rails"), "other_game"),
        (lambda d: d.update(version=99), "newer"),
        (lambda d: d.update(index=10_000), "invalid"),
        (lambda d: d["actions"].insert(0, {"type": "NoSuchAction"}), "invalid"),
        (lambda d: d.update(start="{}"), "not_a_save"),
    ],
)
def test_a_damaged_kept_game_is_refused_and_changes_nothing(store_dir, change, code):
    memory, bridge, table = new_page(store_dir, "", cnw_table)
    play_a_little(table)
    text = table.session.history_save(table.kinds)
    data = json.loads(text)
    change(data)
    with pytest.raises(SaveRefused) as refused:
        Session.from_history(table.game, json.dumps(data))
    assert refused.value.code == code
    before = (table.session.index, len(table.session.log), table.save_text())
    table._kept = json.dumps(data)
    assert table.resume() is False
    assert "⚠" in table.notice.value
    assert (table.session.index, len(table.session.log), table.save_text()) == before


def test_a_huge_kept_game_is_refused_before_it_is_read():
    from gamelib import cnw

    with pytest.raises(SaveRefused) as refused:
        Session.from_history(cnw, "x" * (3 << 20))
    assert refused.value.code == "too_big"
