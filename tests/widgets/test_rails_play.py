"""The Rails table a new player can play alone (issue #13): bordered face-up cards named by their
colour, offered only when taking them is legal; a route list of the routes payable now with the
payments that fit; turns counted per round; the log newest first; one control to keep tickets;
claimed routes drawn apart from free ones with the owner's shape as a second cue; colour-blind-safe
player colours and a legend; a prompt at every decision, a recap of the bots' moves."""

from __future__ import annotations

import copy
import re

import pytest

import gamelib.rails as rails
from gamelib.rails.cards import CARD_NAMES, LOCOMOTIVE
from gamelib.rails.state import SECOND_DRAW, SETUP, TURN
from widgets import i18n
from widgets.kit import palette
from widgets.rails.map import PLAYER_COLORS, PLAYER_SYMBOLS
from widgets.rails.table import RailsTable
from widgets.session import Session

LOCO = CARD_NAMES.index(LOCOMOTIVE)


@pytest.fixture
def table() -> RailsTable:
    return RailsTable(seats=("human", "planner"), seed=5)


def at_turn(table: RailsTable) -> RailsTable:
    assert table.keep()
    assert table.state.phase == TURN and table.human_to_move()
    return table


def test_face_up_cards_have_a_border_a_name_and_follow_the_rules(table):
    assert table.state.phase == SETUP
    assert all(b.disabled for b in table.face_up)  # tickets first (§Preparazione)
    at_turn(table)
    for b, kind in zip(table.face_up, table.state.face_up, strict=True):
        name = CARD_NAMES[kind]
        assert b.layout.border.startswith("2px solid")
        if name == LOCOMOTIVE:  # it says, before it is taken, that it is the whole turn
            assert b.description == "Locomotive · counts as 2 cards, ends your turn"
            assert "your turn ends" in b.tooltip and "§Carte Locomotiva" in b.tooltip
        else:
            assert b.description == f"{name} card"
            assert b.description in b.tooltip
        assert not b.disabled
    # at the second draw a face-up locomotive is greyed out, the rest stays offered
    for seed in range(1, 80):
        t = RailsTable(seats=("human", "planner"), seed=seed)
        t.keep()
        t.act(rails.DrawDeck())
        if t.state.phase == SECOND_DRAW and LOCO in t.state.face_up:
            legal = {a.color for a in rails.legal_actions(t.state) if hasattr(a, "color")}
            for b, kind in zip(t.face_up, t.state.face_up, strict=True):
                assert b.disabled == (CARD_NAMES[kind] not in legal)
            assert t.face_up[t.state.face_up.index(LOCO)].disabled
            assert "§Carte Locomotiva" in t.prompt.value
            return
    raise AssertionError("no second draw with a face-up locomotive in 79 seeds")


def test_face_up_cards_are_named_in_italian():
    i18n.set_language("it")
    try:
        t = RailsTable(seats=("human", "planner"), seed=5)
        t.keep()
        words = ("rossa", "arancione", "gialla", "verde", "blu", "rosa", "bianca", "nera")
        names = {b.description for b in t.face_up}
        loco = "Locomotiva · vale 2 carte, chiude il turno"
        assert names <= {f"carta {c}" for c in words} | {loco}
    finally:
        i18n.set_language("en")


def test_the_route_list_holds_only_payable_routes_with_the_payments_that_fit(table):
    at_turn(table)
    ways = rails.claim_actions(table.state)
    # nothing chosen for the player: the list starts on "— choose —", the button is not blue
    assert table.route.options[0] == ("— choose —", -1) and table.route.index == 0
    assert table.payment.options == () and table.claim_button.button_style == ""
    assert {rid for _, rid in table.route.options[1:]} == {a.route for a in ways}
    for _, rid in list(table.route.options)[1:13]:
        table.route.value = rid
        fit = [a for a in ways if a.route == rid]
        assert {v for _, v in table.payment.options} == {(a.color, a.locomotives) for a in fit}
        assert table.payment.value[1] == min(a.locomotives for a in fit)  # cheapest first
        assert not table.payment.disabled and not table.claim_button.disabled
        assert table.claim_button.button_style == "primary"
    # the chosen payment is what is played
    rid = table.route.options[-1][1]
    table.route.value = rid
    table.payment.value = table.payment.options[-1][1]
    colour, locos = table.payment.value
    assert table.claim()
    claimed = table.session.log[table.mark]
    assert claimed == rails.ClaimRoute(rid, colour, locos)
    assert table.state.owner[rid] == 0 or table.session.history[table.mark + 1].owner[rid] == 0


def test_nothing_to_claim_empties_the_list_and_the_prompt_says_so(table):
    """A hand that pays for no route: the list is empty and disabled, the prompt says why and
    the draws stay offered."""
    at_turn(table)
    state = copy.deepcopy(table.state)
    state.hands[0] = [0] * len(state.hands[0])  # an empty hand (the cards left the game)
    assert not rails.claim_actions(state)
    table._start(Session.start(rails, state), ["human", "planner"])
    assert table.route.options == () and table.route.disabled and table.claim_button.disabled
    assert "no route can be paid" in table.prompt.value
    assert not table.deck_button.disabled and not table.tickets_button.disabled


def test_turns_count_rounds_and_the_log_is_newest_first(table):
    at_turn(table)
    assert re.search(r"Round 1\b", table.status.value)
    table.act(rails.DrawDeck())
    table.act(rails.DrawDeck())  # the bot plays its turn in between
    assert table.human_to_move() and re.search(r"Round 2\b", table.status.value)
    items = re.findall(r"<li[^>]*>(.*?)</li>", table.log_view.value)
    assert "Human 1 draws" not in items[0] and "Planner 2" in items[0]  # the bot's move is newest
    assert "newest first" in table.log_view.value


def test_one_control_keeps_the_ticked_tickets(table):
    boxes = table.offer.children
    assert table.keep_button.description == "Keep these 3 tickets"
    boxes[0].value = False
    assert table.keep_button.description == "Keep these 2 tickets"
    assert not table.keep_button.disabled
    boxes[1].value = False
    assert table.keep_button.disabled  # at least 2 at the deal (§Preparazione)
    boxes[1].value = True
    kept = tuple(sorted(b.ticket for b in boxes if b.value))
    assert table.keep()
    assert table.session.log[0] == rails.KeepTickets(kept)


def test_claimed_routes_look_apart_from_free_ones_and_carry_the_owners_shape():
    t = RailsTable(seats=("planner", "random", "planner"), seed=2)  # bots play to the end
    drawing = t.drawing
    free = [tr for tr in t.fig.data if tr.line is not None and tr.line.dash == "dot"]
    assert len(free) > 5  # the route traces themselves are dotted on the table
    for q in range(3):
        owned = [r for r, o in enumerate(t.state.owner) if o == q]
        line = drawing.trace(f"owner{q}")
        marks = drawing.trace(f"marks{q}")
        assert sum(1 for v in line.lon if v is None) == len(owned) > 0
        assert line.line.width > max(tr.line.width for tr in free)  # thicker than any free one
        assert len(marks.lon) == len(owned) and marks.marker.symbol == PLAYER_SYMBOLS[q]
    casing = drawing.trace("casing")
    assert sum(1 for v in casing.lon if v is None) == sum(1 for o in t.state.owner if o >= 0)
    assert len(set(PLAYER_SYMBOLS)) == len(PLAYER_SYMBOLS)


def test_player_colours_stay_apart_for_colour_blind_players_and_a_legend_names_them(table):
    assert palette.players(5) == PLAYER_COLORS
    assert palette.min_distance(PLAYER_COLORS) >= 13  # CAM02-UCS ΔE, the three deficiencies
    old = ["#c0392b", "#2471a3", "#229954", "#d4ac0d", "#7d3c98"]
    assert palette.min_distance(old) < 6  # the colours before #13 (red/green under deuteranopia)
    legend = table.legend.value
    for q, name in enumerate(table.state.names):
        assert name in legend and palette.MARKS[q] in legend


def test_prompts_and_the_bots_recap(table):
    assert "Tick the destination tickets" in table.prompt.value
    assert "at least 2" in table.prompt.value
    at_turn(table)
    assert "Your turn" in table.prompt.value
    assert "keeps 3 destination tickets (secret)" in table.recap.value  # the bot's, not named
    # play on until a bot claims a route: the recap names it and the map lights it up
    for _ in range(60):
        if table.state.phase == TURN and table.route.options:
            table.route.value = table.route.options[1][1]
            table.claim()
        else:
            table.act(rails.DrawDeck())
        if "claims the route" in table.recap.value:
            highlight = table.drawing.trace("highlight")
            assert sum(1 for v in highlight.lon if v is None) >= 1
            assert "lit up" in table.recap.value
            return
    raise AssertionError("no bot claim recapped in 60 moves")


def test_a_human_with_only_a_pass_passes_unasked(table, monkeypatch):
    at_turn(table)
    assert table.auto_answer(0) is None  # a real choice: ask
    monkeypatch.setattr(rails, "legal_actions", lambda s: [rails.Pass()])
    assert table.auto_answer(0) == rails.Pass()
    monkeypatch.setattr(rails, "legal_actions", lambda s: [rails.DrawDeck()])
    assert table.auto_answer(0) is None  # one card to draw is still the player's to see


def test_a_click_on_a_route_the_hand_cannot_pay_says_why(table):
    """The exact reason, right under the map, and nothing changes (issue #26; more cases in
    test_rails_table_choices.py)."""
    at_turn(table)
    mids = table.drawing.trace("midpoints")
    payable = {rid for _, rid in table.route.options[1:]}
    out = next(r for r in table.board.routes if r.id not in payable)
    inside = next(iter(payable))

    class Points:
        def __init__(self, rid: int) -> None:
            self.point_inds = [list(mids.customdata).index(rid)]

    table._on_route_click(mids, Points(inside), None)
    assert table.route.value == inside
    index = table.session.index
    table._on_route_click(mids, Points(out.id), None)
    assert table.route.value == inside and table.session.index == index
    assert "lesson-error" in table.map_notice.value
    assert f"Not allowed (§Occupare le strade): {out.a} – {out.b} " in table.map_notice.value
