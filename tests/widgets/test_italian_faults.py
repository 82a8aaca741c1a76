"""Six Italian faults an editor found in the table texts (issue #12), each kept fixed: save
problems say sides and players, not codes; "1 aereo torna", never "1 aerei"; the AirWar recap
says who reached the target once; Rails hand chips agree with "carta"; the AirWar step headers
use the buttons' own words; CNW says "ad Anchorage" (the euphonic d)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from gamelib import cnw
from gamelib.cnw import state as cnw_state
from gamelib.cnw.network import CODES
from gamelib.core import Problem
from gamelib.rails.cards import CARD_NAMES
from widgets import i18n
from widgets.airwar.words import event_text
from widgets.cnw import words as cnw_words
from widgets.kit.refusals import save_problem
from widgets.kit.table import plain_text


@pytest.fixture(params=["en", "it"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


# 1. save problems ---------------------------------------------------------------------------
SIDE = {"en": "Axis", "it": "Asse"}
PLAYER = {"en": "player 2", "it": "giocatore 2"}


def test_a_save_problem_names_the_side_not_its_code(lang: str) -> None:
    text = save_problem("airwar", Problem("resources.convoy_not_restored", side="axis"))
    assert SIDE[lang] in text and "axis" not in text
    nested = Problem("resources.industry_convoy_out_bounds", side="allies")
    text = save_problem("airwar", Problem("inconsistent", problem=nested))
    assert i18n.t("airwar.side.allies") in text and "allies" not in text


def test_a_save_problem_counts_players_from_one(lang: str) -> None:
    """gamelib's seat 1 is the second player; a negative code (no seat) stays as it is."""
    assert PLAYER[lang] in save_problem("cnw", Problem("players.player_hand_not_sorted", p=1))
    text = save_problem("cnw", Problem("players.eliminated_player_eliminated", p=0, by=2))
    assert i18n.t("cnw.table.seat", n=3).split()[0] not in text  # a player, not a seat
    assert re.search(r"\b1\b", text) and re.search(r"\b3\b", text) and "0" not in text
    held = save_problem("cnw", Problem("map_problem.has_owner", gateway="ANC", o=4))
    assert "5" in held and "4" not in held
    odd = save_problem("cnw", Problem("map_problem.out_play_but_used", gateway="ANC", o=-7))
    assert "-7" in odd
    assert PLAYER[lang] in save_problem("logiquo", Problem("players.player_game_no_data", p=1))


# 2. "1 aereo torna in mano" -----------------------------------------------------------------
def test_the_turn_line_agrees_with_its_count(lang: str) -> None:
    one = event_text({"type": "turn", "turn": 2, "side": "axis", "returned": 1})
    three = event_text({"type": "turn", "turn": 2, "side": "axis", "returned": 3})
    if lang == "it":
        assert "(1 aereo torna in mano)" in one and "(3 aerei tornano in mano)" in three
    else:
        assert "(1 aircraft back to the hand)" in one and "(3 aircraft back" in three


# 3. the AirWar recap ------------------------------------------------------------------------
def test_the_recap_says_who_reached_the_target_once(lang: str) -> None:
    """Seats human + planner, seed 1, seeded random human moves: the recaps after the first
    raids said "Arrivati sull'obiettivo: …" twice in a row (the arrival, then the damage with
    why); each arrival is said once, with the damage it did."""
    from tests.widgets.test_next_step import press_a_move, shown
    from widgets.airwar.table import AirWarTable

    table = AirWarTable(seats=("human", "planner"), seed=1)
    rng = random.Random(1)
    raids = 0
    try:
        for _ in range(12):
            if table.to_move() is None:
                break
            press_a_move(table, [o for o in table.offers() if shown(o.control)], rng)
            lines = [plain_text(li) for li in re.findall(r"<li>(.*?)</li>", table.recap.value)]
            arrived = i18n.t("airwar.play.why_arrived", cards="").split(":")[0]
            for a, b in zip(lines, lines[1:], strict=False):
                said = re.findall(rf"{arrived}: [^.]*\.", a)
                assert not said or said[-1] not in b, f"said twice: {a} | {b}"
            raids += sum(arrived in x for x in lines)
    finally:
        table.close()
    assert raids, "no raid reached its target in the recaps: the test saw nothing"


# 4. Rails hand chips ------------------------------------------------------------------------
def test_rails_hand_chips_agree_with_carta(lang: str) -> None:
    from widgets.rails import table as rails_table
    from widgets.rails.turn import chip

    for kind in CARD_NAMES:
        for html in (rails_table._chip(kind, 1), chip(kind, 2)):
            label = plain_text(html)
            assert label.startswith(i18n.t(f"rails.chip.{kind}"))
    if lang == "it":  # "carta bianca" on the face-up buttons, "bianca ×1" in the hand
        assert plain_text(rails_table._chip("white", 1)) == "bianca ×1"
        face_up = i18n.t("rails.play.card.white")
        assert face_up.endswith(i18n.t("rails.chip.white"))
        for kind in CARD_NAMES:
            word = i18n.t(f"rails.chip.{kind}")
            assert not word.endswith(("o", "i")), f"{kind}: {word} does not agree with carta"
    else:
        assert plain_text(rails_table._chip("white", 1)) == "white ×1"


# 5. AirWar step headers in the buttons' words -------------------------------------------------
HEADER_BUTTONS = {
    "mobilise": ("airwar.action.mobilise", "airwar.action.end_mobilisation"),
    "target": ("airwar.action.attack",),
    "launch": ("airwar.play.launch_go",),
    "scramble": ("airwar.play.scramble_go",),
    "battle": ("airwar.action.play_battle", "airwar.action.pass_battle"),
    "allot": ("airwar.action.allot_industry",),
    "sacrifice": ("airwar.action.sacrifice",),
    "convoy": ("airwar.action.convoy_discard",),
}


def button_words(key: str) -> str:
    """A button's label without its values: the words a header must repeat."""
    raw = i18n.catalog(i18n.language())[key]
    text = re.sub(r"^\{\w+\}\s*", "", raw)  # "{card} colpisce" -> "colpisce"
    return re.split(r"\s*[{(]| con | with | questi | these ", text)[0].strip().lower()


@pytest.mark.parametrize("step", sorted(HEADER_BUTTONS))
def test_a_step_header_says_what_its_buttons_say(lang: str, step: str) -> None:
    header = i18n.t(f"airwar.table.step_{step}").lower()
    for key in HEADER_BUTTONS[step]:
        assert button_words(key) in header, f"{step}: {button_words(key)!r} not in {header!r}"


# 6. CNW "ad Anchorage" ------------------------------------------------------------------------
def test_cnw_says_ad_before_a_vowel(lang: str) -> None:
    to_anc = cnw_words.action_words(cnw.Reposition("ORD", "ANC"))
    to_mxp = cnw_words.action_words(cnw.Reposition("FRA", "MXP"))
    to_cai = cnw_words.action_words(cnw.Reposition("FRA", "CAI"))
    along = SimpleNamespace(
        move_in=[CODES.index("JFK"), CODES.index("IST"), 1, 3, -1],
        phase=cnw_state.REPOSITION_COUNT,
    )
    moved = cnw_words.action_words(cnw.MoveIn(2), along)
    if lang == "it":
        assert to_anc.endswith(" ad ANC · Anchorage")
        assert to_mxp.endswith(" a MXP · Milano")
        assert to_cai.endswith(" al CAI · Cairo")
        assert moved.endswith(" ad IST · Istanbul") and "2 pedine" in moved
    else:
        assert to_anc.endswith(" to ANC · Anchorage") and to_mxp.endswith(" to MXP · Milan")
        assert moved.endswith(" to IST · Istanbul")
