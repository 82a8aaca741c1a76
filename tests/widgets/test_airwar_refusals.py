"""An AirWar refusal reaches the table in the page's language, with card names, not ids (issue
#12): gamelib raises a code and values, the table's ``refusal_value`` turns ids into words."""

from __future__ import annotations

import pytest

import gamelib.airwar as game
from gamelib.airwar import actions as A
from gamelib.airwar import cards
from gamelib.core import IllegalAction
from widgets import i18n
from widgets.airwar.cardtexts import card_name


@pytest.fixture
def italian_table():
    from widgets.airwar.table import AirWarTable

    i18n.set_language("it")
    yield AirWarTable(seats=("human", "planner"), seed=1)
    i18n.set_language("en")


def test_an_italian_table_refuses_in_italian_with_card_names(italian_table) -> None:
    """§Stadio Mobilitazione: an aircraft is not mobilised; the notice names it in Italian."""
    table = italian_table
    s = table.state
    assert s.step == "mobilise" and game.current_player(s) == 0
    aircraft = next(c for c in s.hand[0] if cards.card(c).kind == "aircraft")
    with pytest.raises(IllegalAction) as err:
        game.apply(s, A.Mobilise(aircraft))
    assert (err.value.rule, err.value.code) == ("§Stadio Mobilitazione", "mobilise.wrong_kind")
    before = table.save_text()
    assert not table.act(A.Mobilise(aircraft))
    notice = table.notice.value
    assert "Non consentito" in notice and "§Stadio Mobilitazione" in notice
    assert "non si può mobilitare" in notice
    assert card_name(aircraft) in notice and aircraft not in notice
    assert table.save_text() == before


def test_a_move_of_another_step_names_the_step_in_italian(italian_table) -> None:
    table = italian_table
    assert not table.act(A.Attack("resources"))  # an attack in the Mobilisation stage
    notice = table.notice.value
    assert "in questo momento del turno: lo Stadio Mobilitazione" in notice
    assert "mobilise" not in notice and "step" not in notice
