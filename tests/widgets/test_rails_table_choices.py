"""Rails table, "let the player choose, and say why not" (issue #26): the route list starts on
"— choose —" and the claim button says so rather than claim; a tap on a route the hand cannot
pay says why right under the map, with the exact reason (the cards short, counted; or the
engine's own refusal: taken, too few trains, the wrong phase), and changes nothing; the human's
destination cities are starred on the map (never a bot's); a face-up Locomotive says it ends
the turn before it is taken; counts agree with their nouns in both languages."""

from __future__ import annotations

import copy

import pytest

import gamelib.rails as rails
from gamelib.rails.cards import CARD_NAMES, LOCOMOTIVE
from gamelib.rails.state import TURN
from widgets import i18n
from widgets.kit.table import plain_text
from widgets.rails.table import RailsTable
from widgets.session import Session

LOCO = CARD_NAMES.index(LOCOMOTIVE)


@pytest.fixture(params=["en", "it"])
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def table_with_hand(hand: dict[str, int], seed: int = 5) -> RailsTable:
    table = RailsTable(seats=("human", "planner"), seed=seed)
    assert table.keep() and table.state.phase == TURN and table.human_to_move()
    state = copy.deepcopy(table.state)
    state.hands[0] = [hand.get(name, 0) for name in CARD_NAMES]
    table._start(Session.start(rails, state), ["human", "planner"])
    return table


def tap(table: RailsTable, rid: int) -> None:
    mids = table.drawing.trace("midpoints")

    class Points:
        point_inds = [list(mids.customdata).index(rid)]

    table._on_route_click(mids, Points(), None)


def said(table: RailsTable) -> str:
    return plain_text(table.map_notice.value)


def test_the_route_list_starts_on_choose_and_the_button_asks_first(lang):
    table = table_with_hand({"red": 3, "blue": 2})
    assert table.route.options[0] == (i18n.t("rails.play.choose"), -1)
    assert table.route.index == 0 and table.payment.options == ()  # shown as selected
    assert table.claim_button.button_style == ""  # not a blue "go" beside nothing chosen
    index, hand = table.session.index, list(table.state.hands[0])
    assert not table.claim()  # a press changes nothing and says what to do
    assert table.session.index == index and table.state.hands[0] == hand
    assert plain_text(i18n.t("rails.table.pick_route")) in plain_text(table.notice.value)
    assert "lesson-error" in table.notice.value
    # choosing a route turns the button blue and offers the payments; then it claims
    rid = table.route.options[1][1]
    table.route.value = rid
    assert table.claim_button.button_style == "primary" and table.payment.options
    assert table.claim() and table.session.history[table.mark + 1].owner[rid] == 0


def test_a_tap_on_a_route_the_cards_cannot_pay_says_how_many_are_missing(lang):
    table = table_with_hand({"red": 1, "locomotive": 2})
    board = table.board
    orange = next(r for r in board.routes if r.color == "orange" and r.length == 5)
    index, chosen = table.session.index, table.route.value
    tap(table, orange.id)
    assert table.session.index == index and table.route.value == chosen  # nothing changed
    text = said(table)
    route = f"{orange.a} – {orange.b}"
    if lang == "it":
        assert (
            f"Non consentito (§Occupare le strade): per {route} servono 5 carte arancioni" in text
        )
        assert "ne hai 0 e 2 Locomotive" in text
    else:
        assert f"Not allowed (§Occupare le strade): {route} needs 5 orange cards" in text
        assert "you have 0 and 2 locomotives" in text
    # one locomotive: the noun agrees ("una Locomotiva", "a locomotive"); none: said so
    for locos, words in (
        (1, {"it": "e una Locomotiva", "en": "and a locomotive"}),
        (0, {"it": "e nessuna Locomotiva", "en": "and no locomotive"}),
    ):
        table = table_with_hand({"red": 1, "locomotive": locos})
        tap(table, orange.id)
        assert words[lang] in said(table)
    # a grey route: the colour the hand has most of, counted
    grey = next(r for r in board.routes if r.color == "grey" and r.length >= 4)
    table = table_with_hand({"black": 2, "red": 1, "locomotive": 1})
    tap(table, grey.id)
    text = said(table)
    assert plain_text(i18n.t("rails.cards.black", n=2)) in text and str(grey.length) in text
    assert ("e una Locomotiva" if lang == "it" else "with a locomotive") in text
    for hand, key in (({"locomotive": 1}, "short_grey_none"), ({}, "short_grey_empty")):
        table = table_with_hand(hand)
        tap(table, grey.id)
        expected = i18n.t(f"rails.play.{key}", route="", length=grey.length, locos="")
        assert expected.split(":")[1].split(";")[0].strip() in said(table)
        assert "nessuna Locomotiva" not in said(table)  # never "e hai nessuna Locomotiva"
    # the notice sits right under the map, in the same box
    board_box = next(c for c in table.children if table.map_notice in getattr(c, "children", ()))
    assert board_box.children.index(table.map_notice) == 1


def test_a_tap_on_a_taken_route_or_too_long_a_route_gives_the_engines_reason(lang):
    table = table_with_hand({"red": 6, "locomotive": 6})
    state = copy.deepcopy(table.state)
    rid = next(r.id for r in table.board.routes if r.color == "red")
    state.owner[rid] = 1
    state.trains[0] = 2
    table._start(Session.start(rails, state), ["human", "planner"])
    tap(table, rid)
    text = said(table)
    owner = table.state.names[1]
    assert owner in text and "§Occupare le strade" in text
    long = next(r for r in table.board.routes if r.length > 2 and state.owner[r.id] == -1)
    tap(table, long.id)
    assert str(long.length) in said(table) and "2" in said(table)
    assert ("carri" if lang == "it" else "trains") in said(table)


def test_a_tap_before_the_tickets_are_kept_says_the_phase(lang):
    table = RailsTable(seats=("human", "planner"), seed=5)
    index = table.session.index
    tap(table, 0)
    assert table.session.index == index and "§Preparazione" in said(table)


def test_the_human_destination_cities_are_starred_on_the_map_and_never_a_bots():
    table = RailsTable(seats=("human", "planner"), seed=5)
    table.keep()
    stars = table.fig.data[table._destinations]
    tickets = [table.board.tickets[x] for x in table.state.tickets[0]]
    cities = {c for tk in tickets for c in (tk.a, tk.b)}
    lonlat = {(table.board.cities[c].lon, table.board.cities[c].lat) for c in cities}
    assert set(zip(stars.lon, stars.lat, strict=True)) == lonlat
    assert all(any(f"{tk.a} – {tk.b}" in h for h in stars.hovertext) for tk in tickets)
    assert "★" in table.legend.value
    # a bot to move: the stars go (tickets are secret)
    table.draw(1, False)
    assert list(table.fig.data[table._destinations].lon) == []


def test_a_face_up_locomotive_says_it_ends_the_turn_before_it_is_taken(lang):
    for seed in range(1, 60):
        table = RailsTable(seats=("human", "planner"), seed=seed)
        table.keep()
        if LOCO in table.state.face_up:
            button = table.face_up[table.state.face_up.index(LOCO)]
            assert button.description == i18n.t("rails.play.card.locomotive_ends")
            assert "§Carte Locomotiva" in button.tooltip
            assert plain_text(i18n.t("rails.play.prompt_locomotive")) in plain_text(
                table.prompt.value
            )
            return
    raise AssertionError("no face-up locomotive at the first turn in 59 seeds")


def test_counts_agree_with_their_nouns(lang):
    """One ticket to keep, one turn left: the _one forms."""
    table = RailsTable(seats=("human", "planner"), seed=5)
    for box in table.offer.children[1:]:
        box.value = False
    assert table.keep_button.description == i18n.t("rails.play.keep_one")
    state = copy.deepcopy(table.state)
    state.final_turns = 1
    table._start(Session.start(rails, state), ["human", "planner"])
    assert i18n.t("rails.table.last_round_one") in table.status.value


def test_a_draw_from_the_deck_names_the_card_drawn_and_a_stale_refusal_goes(lang):
    table = RailsTable(seats=("human", "planner"), seed=7)
    table.keep()
    for _ in range(2):  # the first card and the second: each named in the notice
        before = list(table.state.hands[0])
        index = table.session.index
        assert table.act(rails.DrawDeck())
        after = table.session.history[index + 1].hands[0]
        kind = next(k for k in range(len(before)) if after[k] > before[k])
        card = plain_text(i18n.t(f"rails.card.{CARD_NAMES[kind]}"))
        assert plain_text(table.notice.value).endswith(f" {card}."), table.notice.value
    # a refusal under the map belongs to its state: the next state shows the hint again
    table.map_notice.error("stale")
    table.refresh()
    assert "stale" not in table.map_notice.value
    assert plain_text(i18n.t("rails.play.map_hint")) in plain_text(table.map_notice.value)
