"""Rails in words, in the learner's language (issue #12): actions from their fields through
``rails.action.<kind>`` (cities by name, cards by their colour names, tickets by their cities),
the route list with the catalog's colour names, numbers with the language's decimal separator.
An Italian page gets no English and no raw colour code."""

from __future__ import annotations

import re
from functools import cache

import pytest

from gamelib import rails
from gamelib.rails.board import load as load_board
from gamelib.rails.bots import PlannerBot, RandomBot
from gamelib.rails.cards import CARD_NAMES
from tests.widgets.checkkit import english_only_words, word_list
from widgets import i18n
from widgets.rails import words

CODES = {*CARD_NAMES, "grey"}  # colour codes of gamelib (lower case, as gamelib spells them)
GAMES = ((1, 2, RandomBot), (2, 3, PlannerBot), (3, 4, RandomBot))
RED_ROUTE = ("Salt Lake City", "Denver", "red")  # a 3-train red route (one of a double)
PARTS = ("rails.action.", "rails.card.", "rails.cards.", "rails.route.", "rails.table.route_")


@cache
def english_only() -> frozenset[str]:
    """Words of the English action, card and route texts that their Italian texts do not have
    (what an Italian action says comes from those texts and city names only)."""
    return english_only_words(PARTS, italian_parts=PARTS)


@cache
def cities() -> list[str]:
    return sorted(load_board().cities, key=len, reverse=True)


def without_cities(text: str) -> str:
    for city in cities():
        text = text.replace(city, " ")
    return text


def problems(text: str) -> list[str]:
    """English words and raw codes left in an Italian text."""
    left = word_list(without_cities(text))
    english = english_only()
    raw = re.findall(r"[{}]|rails\.", text)
    return [w for w in left if w.lower() in english or w in CODES] + raw


def bot_games():
    """(state, offered actions, chosen action) over a few seeded bot games."""
    for seed, players, bot in GAMES:
        state = rails.new_game([f"P{i}" for i in range(players)], seed=seed)
        bots = [bot(seed * 10 + p) for p in range(players)]
        while not rails.is_over(state):
            action = bots[rails.current_player(state)].choose(state)
            yield state, rails.legal_actions(state), action
            state = rails.apply(state, action)


def test_english_only_words_exist():
    """The check below has teeth: English action words are not Italian ones."""
    assert {"draws", "claims", "cards", "keeps"} <= english_only()
    state = rails.new_game(["Anna", "Bruno"], seed=1)
    assert problems(words.describe(rails.DrawFaceUp("red"), state))  # English text, raw code
    assert problems(f"Anna prende una carta {CARD_NAMES[0]}")


def test_every_offered_action_is_italian_on_an_italian_page(italian):
    kinds, seen = set(), 0
    for state, offered, _chosen in bot_games():
        for action in offered:
            for secret in (False, True) if isinstance(action, rails.KeepTickets) else (False,):
                text = words.describe(action, state, secret=secret)
                assert not problems(text), (action, text, problems(text))
            kinds.add(type(action).__name__)
            seen += 1
    assert kinds >= {"KeepTickets", "DrawDeck", "DrawFaceUp", "ClaimRoute", "DrawTickets"}
    assert seen > 1000


def test_actions_name_cities_colours_and_tickets(italian):
    board = load_board()
    state = rails.new_game(["Anna", "Bruno"], seed=5)
    route = next(r for r in board.routes if r.length == 3 and r.color == "grey")
    claim = words.describe(rails.ClaimRoute(route.id, "pink", 1), state)
    assert claim == f"Anna occupa la strada {route.a} – {route.b} con 2 carte rosa e una Locomotiva"
    locos = words.describe(rails.ClaimRoute(route.id, "locomotive", 3), state)
    assert locos.endswith("con 3 Locomotive")
    assert words.describe(rails.DrawFaceUp("red"), state) == (
        "Anna prende una carta rossa tra le carte visibili"
    )
    keep = rails.KeepTickets(tuple(sorted(state.offers[0])[:2]))
    tk = [board.tickets[x] for x in keep.tickets]
    named = words.describe(keep, state)
    assert all(f"{x.a} – {x.b}" in named for x in tk)
    secret = words.describe(keep, state, secret=True)
    assert "2 carte Destinazione" in secret and tk[0].a not in secret
    i18n.set_language("en")
    assert words.describe(rails.ClaimRoute(route.id, "pink", 1), state) == (
        f"Anna claims the route {route.a} – {route.b} with 2 pink cards and a locomotive"
    )


def test_the_table_notice_and_log_are_italian(italian):
    from widgets.rails.table import RailsTable

    table = RailsTable(seats=("human", "planner"), seed=4)
    assert table.act(rails.legal_actions(table.state)[0])
    assert table.notice.value and not problems(re.sub(r"<[^>]+>", " ", table.notice.value))
    table.finish()
    log = re.sub(r"<[^>]+>", " ", table.log_view.value)
    assert "occupa la strada" in log and not problems(log)
    # the kept tickets of a seat stay secret in the log every seat reads
    assert "carte Destinazione (segrete)" in log or "carta Destinazione (segreta)" in log


def test_the_turn_view_says_the_next_move_in_italian(italian):
    from widgets.rails.turn import TurnView

    view = TurnView(seed=9, players=3)
    for moment in ("setup", "turn", "last_round"):
        view.jump(moment)
        for step in range(4):
            view.move.value = min(view.move.max, view.move.value + step)
            text = re.sub(r"<[^>]+>", " ", view.info.value)
            assert "Prossima mossa:" in text or view.move.value == view.move.max
            nxt = text.split("Prossima mossa:")[-1]
            assert not problems(nxt), (nxt, problems(nxt))


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_route_list_names_colours(lang):
    from widgets.rails.table import RailsTable

    i18n.set_language(lang)
    try:
        table = RailsTable(seats=("human", "planner"), seed=2)
        assert table.keep()  # the route list holds the routes payable on the human's turn
        assert table.route.options
        labels = [words.route_option(r) for r in load_board().routes]
        grey = next(r for r in load_board().routes if r.color == "grey")
        label = words.route_option(grey)
        assert (
            label == f"{grey.id}: {grey.a} – {grey.b} ({grey.length}, {words.route_colour('grey')})"
        )
        names = {words.route_colour(c) for c in CODES - {"locomotive"}}
        assert all(re.search(r", ([^,()]+)\)$", x).group(1) in names for x in labels)
        if lang == "it":
            assert label.endswith(", neutra)")
            assert not any(w in CODES for x in labels for w in word_list(without_cities(x)))
        else:
            assert label.endswith(", grey)")
    finally:
        i18n.set_language("en")


DECIMAL = {"it": (re.compile(r"\d,\d"), re.compile(r"\d\.\d")), "en": (re.compile(r"\d\.\d"), None)}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_numbers_follow_the_language(lang):
    from widgets.rails.map import RailsMap
    from widgets.rails.odds_lab import OddsLab

    i18n.set_language(lang)
    try:
        has, never = DECIMAL[lang]
        rails_map = RailsMap()
        rails_map.measure.value = "betweenness"
        hovers = rails_map.drawing.trace("cities").hovertext
        assert all(has.search(h) for h in hovers)
        top = rails_map.info.value.split("<p>")[2]
        assert len(has.findall(top)) == 5
        lab = OddsLab()
        assert has.search(lab.summary.value)  # the useful cards of two blind draws: 0.xx
        if never is not None:
            texts = [*hovers, rails_map.info.value, lab.summary.value, lab.wipe_summary.value]
            assert not any(never.search(re.sub(r"<[^>]+>", "", x)) for x in texts)
    finally:
        i18n.set_language("en")


def test_an_italian_table_says_a_refusal_in_italian_with_city_names(italian):
    """A refused move on an Italian table: the catalog's rails.illegal.* text in Italian, the
    route by its cities (not its id), the colours and the seat by their Italian names."""
    from widgets.rails.table import RailsTable

    table = RailsTable(seats=("human", "human"), seed=5)
    assert not table.act(rails.DrawDeck())  # tickets first (§Preparazione)
    assert "Non consentito (§Preparazione): prima Persona 1 deve scegliere quali carte" in (
        table.notice.value
    )
    assert table.keep() and table.keep()
    route = next(r for r in table.board.routes if (r.a, r.b, r.color) == RED_ROUTE)
    state = table.state
    assert not table.act(rails.ClaimRoute(route.id, "blue", 0)) and table.state is state
    text = re.sub(r"<[^>]+>", "", table.notice.value)
    assert text == (
        f"⚠ Non consentito (§Occupare le strade): la strada {route.a} – {route.b} è rossa: si "
        "paga con carte di quel colore e Locomotive, non con carte di colore blu. "
        "Non è cambiato nulla."
    )
    assert not re.search(r"\d", text), "a route id (or any number) in the refusal"
    assert not problems(text), problems(text)
