"""Small faults found by looking at the four tables after the rework (issues #12/#13)."""

from __future__ import annotations

from typing import Any

import pytest

from gamelib import cnw
from tests.widgets.test_cnw_play import briefing_table
from widgets.i18n import t


def after_move(table: Any) -> Any:
    """The state right after the human's last move (before the bots answered it)."""
    history = table.session.history
    return history[table.mark + 1] if len(history) > table.mark + 1 else table.state


def test_the_briefing_gateway_is_ready_where_a_pawn_must_go_section_10_2() -> None:
    """At the Briefing a pawn must be removed: the "Gateway" drop-down is never left empty, the
    first gateway that can lose the pawn is chosen and "Remove a pawn from here" does it."""
    table = briefing_table()
    legal = [a.gateway for a in cnw.legal_actions(table.state)]
    assert table.source.value == legal[0]
    assert not table.go_button.disabled
    table.go_button.click()
    assert table.session.log[table.mark] == cnw.RemovePawn(legal[0])


def test_rails_city_names_near_the_edges_are_written_inwards() -> None:
    """On a 390 px phone the Rails map is small and its names are not: "Vancouver", "Seattle",
    "San Francisco" (at the west edge) were cut; they are written towards the map's middle."""
    from gamelib.rails import board as rails_board
    from widgets.rails.map import RailsMap

    rails_map = RailsMap()
    cities = next(d for d in rails_map.fig.data if d.name == t("rails.map.cities"))
    side = dict(zip(cities.text, cities.textposition, strict=True))
    lon = {c: rails_board.load().cities[c].lon for c in side}
    west = min(lon.values())
    assert side["Vancouver"] == side["San Francisco"] == "top right"
    assert all(side[c] == "top right" for c in side if lon[c] < west + 3)
    assert side["Chicago"] == "top center"


def test_logiquo_drops_its_done_line_once_a_turn_went_by() -> None:
    """After the human's move the bots play on into a new turn: the recap tells what happened,
    so "Done: <the human's move>" is no longer shown under it (it was, stale, at 1440 px); a move
    answered within the same turn keeps its "Done:" line."""
    from widgets.logiquo.table import LogiquoTable

    table = LogiquoTable(seats=("human", "cooperative", "cooperative"), seed=1)
    seen = {"cleared": False, "kept": False}
    for _ in range(30):
        if table.to_move() is None or all(seen.values()):
            break
        table.actions.children[-1].click()
        turn = after_move(table).turn
        if table.state.turn != turn and table.recap.value:
            assert "Done:" not in table.notice.value, table.notice.value
            seen["cleared"] = True
        elif table.state.turn == turn:
            assert "Done:" in table.notice.value, table.notice.value
            seen["kept"] = True
    assert all(seen.values()), seen


def test_airwar_drops_its_done_line_once_a_turn_went_by() -> None:
    """As in Logiquo: "Done: interceptors ready." stood under the recap of the planner's whole
    raid and the next turn's start; once a turn went by, the recap alone says what happened."""
    from widgets.airwar.table import AirWarTable

    table = AirWarTable(seats=("human", "planner"), seed=1)
    seen = {"cleared": False, "kept": False}
    for _ in range(40):
        if table.to_move() is None or all(seen.values()):
            break
        buttons = [b for b in table.actions.children if hasattr(b, "action")]
        (buttons[0].click() if buttons else table.offers()[0].press())
        turn = after_move(table).turn
        if table.state.turn != turn and table.recap.value:
            assert "Done:" not in table.notice.value, table.notice.value
            seen["cleared"] = True
        elif table.state.turn == turn and "Done:" in table.notice.value:
            seen["kept"] = True
    assert all(seen.values()), seen


def test_airwar_says_1_card_in_hand_not_1_cards() -> None:
    """The face-up piles counted "1 cards in hand" (seen at seed 1 after the planner's raid)."""
    from widgets.airwar.table import AirWarTable

    table = AirWarTable(seats=("human", "planner"), seed=1)
    for _ in range(40):
        if ">1 card" in table.sides_view.value or " 1 card in hand" in table.sides_view.value:
            break
        if table.to_move() is None:
            break
        buttons = [b for b in table.actions.children if hasattr(b, "action")]
        (buttons[0].click() if buttons else table.offers()[0].press())
    assert " 1 card in hand" in table.sides_view.value
    assert " 1 cards" not in table.sides_view.value


@pytest.mark.parametrize("game", ["cnw", "rails", "airwar", "logiquo"])
def test_the_load_button_is_as_wide_as_its_label(game: str) -> None:
    """ipywidgets gives a FileUpload a fixed short width: the Italian "Carica una partita
    salvata (0)" was cut to "Carica una partit…" at 1440 px; it now takes its label's width
    (checked in Chromium: scrollWidth equals clientWidth)."""
    import importlib

    module = importlib.import_module(f"widgets.{game}.table")
    table = next(v for k, v in vars(module).items() if k.endswith("Table") and k != "TableBase")()
    assert table.upload.layout.width == "auto"
