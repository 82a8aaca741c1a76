"""AirWar in words, in the learner's language (issue #12): actions from their fields through
``airwar.action.<kind>``, card names and texts from the catalog (``airwar.cards.<type_id>.*``),
stage codes as the catalog names them. An Italian page gets no English and no raw card id."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import gamelib.airwar as game
from gamelib.airwar import cards
from gamelib.airwar.actions import ACTION_CLASSES
from gamelib.airwar.bots import PlannerBot, RandomBot
from tests.widgets.checkkit import english_only_words
from widgets import i18n

LOCALES = Path(i18n.__file__).with_name("locales")
RAW_ID = re.compile(r"\[(?:ax|al)-|\b(?:ax|al)-[a-z0-9]")
STAGE_CODES = ("airbase", "carrier", "mobilisation")
GAMES = ((1, RandomBot, RandomBot), (2, PlannerBot, RandomBot), (3, PlannerBot, PlannerBot))


def words(text: str) -> list[str]:
    return re.findall(r"[A-Za-zÀ-ÿ']+", text.lower())


def english_only() -> frozenset[str]:
    """Words of the English action, event and stage texts that no Italian catalog text has."""
    return english_only_words(
        ("airwar.action.", "airwar.ev.", "airwar.words.", "airwar.table.stage_")
    )


def without_names(text: str) -> str:
    """The text with every card name (in the current language) taken out."""
    from widgets.airwar.cardtexts import card_name

    names = sorted({card_name(c) for c in cards.by_id().values()}, key=len, reverse=True)
    text = text.replace("&#x27;", "'")
    for n in names:
        text = text.replace(n, " ")
    return text


def played(seed: int, first: type, second: type) -> list:
    """Every state of a seeded bot game, the first included."""
    state = game.new_game(2, seed=seed)
    bots = [first(seed * 10), second(seed * 10 + 1)]
    states = [state]
    while not game.is_over(state) and len(states) < 3000:
        state = game.apply(state, bots[game.current_player(state)].choose(state))
        states.append(state)
    return states


# ---------------------------------------------------------------------- the card catalog
def test_the_english_card_catalog_is_the_data():
    """Every card type has its name (and its text, War and Battle cards) in the English catalog,
    exactly as ``gamelib/airwar/data`` spells it; no stale keys (regenerate with
    ``python -m widgets.airwar.cardtexts``)."""
    from widgets.airwar.cardtexts import ENGLISH, english_from_data

    on_file = json.loads(ENGLISH.read_text(encoding="utf-8"))
    data = english_from_data()
    assert sorted(set(data) - set(on_file)) == [], "cards with no catalog name or text"
    assert sorted(set(on_file) - set(data)) == [], "catalog keys of no card"
    assert {k: v for k, v in on_file.items() if data[k] != v} == {}, "catalog differs from data"
    for c in cards.by_id().values():
        assert f"airwar.cards.{c.type_id}.name" in data
        assert (f"airwar.cards.{c.type_id}.text" in data) == bool(c.text)


def test_the_italian_card_catalog_keeps_proper_names_and_translates_words():
    it = json.loads((LOCALES / "it" / "airwar_cards.json").read_text(encoding="utf-8"))
    types = {c.type_id: c for c in cards.by_id().values()}
    for proper in ("ax-zero", "al-wildcat", "ax-akagi", "al-enterprise", "ax-tainan", "ax-lae"):
        assert it[f"airwar.cards.{proper}.name"] == types[proper].name
    assert it["airwar.cards.al-midway.name"] == "Midway"
    for ordinary in ("ax-weather", "al-tanks", "al-radar", "ax-escort", "ax-veterans"):
        assert it[f"airwar.cards.{ordinary}.name"] != types[ordinary].name
    english = english_only() | {"place", "airbases", "duel", "discard", "attach", "your"}
    for key, text in it.items():
        if key.endswith(".text"):
            assert not set(words(text)) & english, key


def test_card_tiles_show_catalog_names_and_texts(italian):
    from widgets.airwar.cardtexts import card_name, card_text
    from widgets.airwar.deck import card_html

    it = i18n.catalog("it")
    for c in cards.by_id().values():
        assert card_name(c) == it[f"airwar.cards.{c.type_id}.name"]
        assert card_name(c.id) == card_name(c)
        tile = card_html(c).replace("&#x27;", "'")
        assert card_name(c) in tile
        if c.text:
            assert card_text(c) == it[f"airwar.cards.{c.type_id}.text"]
            assert card_text(c) in tile and c.text not in tile


def test_browser_odds_and_capacity_name_cards_in_italian(italian):
    from widgets.airwar.deck import CapacityCalculator, CardBrowser
    from widgets.airwar.odds_lab import OddsLab

    browser = CardBrowser()
    browser.kind.value = "battle"
    assert "Fronte nuvoloso" in browser.tiles.value and "Weather front" not in browser.tiles.value
    cap = CapacityCalculator(side="allies")
    assert any("Seabees su Midway" in label for label, _ in cap.builder.options)
    lab = OddsLab()
    shown = " ".join(lab.battle_fig.data[0].y)
    assert "Serbatoi autosigillanti" in shown and "Self-sealing" not in shown


# ---------------------------------------------------------------------- actions and events
def test_every_action_kind_has_a_template_in_both_languages():
    from widgets.airwar.words import action_kind

    en, it = i18n.catalog("en"), i18n.catalog("it")
    kinds, classes = set(), set()
    for states in (played(seed, a, b) for seed, a, b in GAMES):
        for s in states:
            kinds |= {action_kind(a) for a in game.legal_actions(s)}
            classes |= {type(a) for a in game.legal_actions(s)}
    assert classes == set(ACTION_CLASSES), "the games offer every kind of action"
    assert {"mobilise_on", "allot_industry", "allot_convoy"} <= kinds
    for kind in kinds:
        assert f"airwar.action.{kind}" in en and f"airwar.action.{kind}" in it


@pytest.mark.parametrize(("seed", "first", "second"), GAMES)
def test_italian_actions_and_events_have_no_english_and_no_ids(italian, seed, first, second):
    """Every action offered over a seeded bot game, and every event, in Italian words: no word of
    the English templates, no raw card id, no raw stage code."""
    from widgets.airwar.words import action_text, action_words, event_text

    english = english_only()
    assert {"mobilise", "scramble", "intercepts", "begins"} <= english
    seen = 0
    for s in played(seed, first, second):
        texts = [action_words(a) for a in game.legal_actions(s)]
        texts += [action_text(a) for a in game.legal_actions(s)]
        texts += [event_text(ev) for ev in s.events]
        for text in texts:
            assert not RAW_ID.search(text), text
            left = set(words(without_names(text)))
            assert not left & english, (text, left & english)
            assert not left & set(STAGE_CODES), text
            seen += 1
    assert seen > 100


def test_english_actions_use_card_names_not_ids():
    from widgets.airwar.words import action_words

    for s in played(2, PlannerBot, RandomBot)[:200]:
        for a in game.legal_actions(s):
            text = action_words(a)
            assert not RAW_ID.search(text), text
            for field in ("card", "target", "base", "interceptor"):
                cid = getattr(a, field, "")
                if cid and cid != "resources":
                    assert cards.card(cid).name in text


def test_the_table_buttons_log_and_notice_are_italian(italian):
    from widgets.airwar.table import AirWarTable

    table = AirWarTable(seats=("human", "planner"), seed=4)
    english = english_only()
    for _ in range(6):
        buttons = list(table.actions.children)
        assert buttons
        for b in buttons:
            if hasattr(b, "action"):  # the grouped picks' button has no single action
                assert b.description == table.action_label(b.action) == b.tooltip
            assert not RAW_ID.search(b.description)
            assert not set(words(without_names(b.description))) & english, b.description
        buttons[-1].click()
        # "Fatto:" unless a turn went by (then the recap says what happened)
        assert "Fatto:" in table.notice.value or (not table.notice.value and table.recap.value)
    log = table.log_view.value
    assert not RAW_ID.search(log)
    assert not set(words(without_names(re.sub(r"<[^>]+>", " ", log)))) & english
