"""The kit's recap reads as a story (issue #26): the bots' moves in the order they were made,
the earlier ones counted first when there are more than the recap shows. The log keeps the
newest first (tests/widgets/test_tables.py)."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from widgets.i18n import set_language
from widgets.kit.table import RECAP_LINES, TableBase, plain_text


def fake_table(moves: int) -> SimpleNamespace:
    """A table whose log holds ``moves`` moves of the bot at seat 1 after the human's (seat 0)."""
    history = [SimpleNamespace(who=0)] + [SimpleNamespace(who=1) for _ in range(moves)]
    log = ["human's"] + [f"move {i}" for i in range(1, moves + 1)]
    return SimpleNamespace(
        session=SimpleNamespace(history=history + [SimpleNamespace(who=None)], log=log),
        game=SimpleNamespace(current_player=lambda s: s.who),
        kinds=["human", "planner"],
        describe=lambda action, state: action,
        seat_name=lambda state, p: f"Bot {p}",
    )


def items(markup: str) -> list[str]:
    return [plain_text(li) for li in re.findall(r"<li>(?!Bot)(.*?)</li>", markup)]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_recap_tells_the_moves_oldest_first(lang: str) -> None:
    set_language(lang)
    try:
        table = fake_table(3)
        said = items(TableBase.recap_html(table, 0, 4))
        assert said == ["move 1", "move 2", "move 3"]
        assert "newest" not in plain_text(TableBase.recap_html(table, 0, 4))
        assert "più recente" not in plain_text(TableBase.recap_html(table, 0, 4))

        many = RECAP_LINES + 2
        said = items(TableBase.recap_html(fake_table(many), 0, many + 1))
        assert said[1:] == [f"move {i}" for i in range(3, many + 1)]  # the latest, in order
        assert "2" in said[0] and said[0].endswith(":")  # the two earlier ones, counted first
        one = items(TableBase.recap_html(fake_table(RECAP_LINES + 1), 0, RECAP_LINES + 2))
        assert {"en": "one earlier move", "it": "un'altra mossa"}[lang] in one[0]  # never "1 mosse"
    finally:
        set_language("en")


def test_inside_the_humans_own_turn_the_recap_says_meanwhile() -> None:
    """A bot answering in the middle of the human's turn (a defender's choice) did not keep the
    human waiting: "meanwhile", not "while you waited"; once the turn went round, it did."""
    table = fake_table(2)
    for state in table.session.history:
        state.turn = 1
    table.session.history[-1].who = 0  # the human decides again, in the same turn
    said = plain_text(TableBase.recap_html(table, 1, 3))
    assert said.startswith("Meanwhile") and "waited" not in said
    table.session.history[-1].turn = 2  # the turn went round to the human
    assert plain_text(TableBase.recap_html(table, 1, 3)).startswith("While you waited")


@pytest.mark.parametrize("game", ["cnw", "rails", "logiquo", "airwar"])
def test_the_bots_finishing_one_move_say_one_move(game: str) -> None:
    from widgets.i18n import t

    for lang in ("en", "it"):
        set_language(lang)
        try:
            said = t(f"{game}.table.finished_one", moves=1)
            assert "1 mosse" not in said and "1 moves" not in said and "1" in said
        finally:
            set_language("en")
