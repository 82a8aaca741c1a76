"""Logiquo in the learner's language (issue #12): on an Italian page every card name, card text,
impact, category and action is Italian (the data's own Italian fields, actions from their fields
through ``logiquo.action.<kind>``), numbers have a decimal comma and a spaced %, and no run of
the English catalog is left; on an English page the same widgets stay English."""

from __future__ import annotations

import html
import re
from functools import cache

from gamelib import logiquo as game
from gamelib.logiquo import bots, cards
from tests.widgets.checkkit import english_only_words, word_list
from widgets import i18n
from widgets.logiquo import checks, words
from widgets.logiquo.deck import CardBrowser, CoverageLab, card_html
from widgets.logiquo.odds_lab import OddsLab
from widgets.logiquo.strategy import StrategyLab
from widgets.logiquo.table import LogiquoTable

GAMES = ((1, 4), (3, 4), (7, 2))  # (seed, players): seeded bot games offering every action
ACTION_KINDS = {cls.__name__ for cls in game.actions.ACTION_CLASSES}
PARTS = ("logiquo.action.", "logiquo.deck.", "logiquo.table.")


@cache
def english_only() -> frozenset[str]:
    """Words of the English action, deck and table texts that no Italian text has (the deck's
    Italian keeps international terms: log, backup ...)."""
    deck = " ".join(c.name["it"] + " " + c.description["it"] for c in cards.load())
    return english_only_words(PARTS, also=deck)


@cache
def english_card_names() -> frozenset[str]:
    """English card and category names that are not part of any Italian one."""
    italian = [c.name["it"] for c in cards.load()]
    italian += [c["name"]["it"] for c in cards.threat_categories() + cards.control_categories()]
    names = {c.name["en"] for c in cards.load()}
    names |= {c["name"]["en"] for c in cards.threat_categories() + cards.control_categories()}
    return frozenset(n for n in names if not any(n in i for i in italian))


@cache
def framework_names() -> tuple[str, ...]:
    """English proper names of the frameworks the cards cite, longest first: MITRE ATT&CK
    techniques and tactics, and the CIS Controls v8 and NIST CSF 2.0 titles and outcomes (the
    data holds them in English only)."""
    names = {c.attack_name for c in cards.by_kind("threat") if c.attack_name}
    names |= {x["name"] for x in cards.attack_tactics()}
    for c in cards.by_kind("countermeasure"):
        names.add(cards.cis_safeguards().get(c.cis_safeguard or "", ""))
        names.add(cards.csf_subcategories().get(c.csf or "", ""))
        names.add(cards.csf_outcome(c.csf or "") or "")
    return tuple(sorted(names - {""}, key=len, reverse=True))


def problems(text: str) -> list[str]:
    """English words, English card names, raw keys or placeholders in an Italian text."""
    text = html.unescape(text)
    for name in framework_names():
        text = text.replace(name, " ")
    text = re.sub(r"\b[A-Z]{2}\.[A-Z]{2}-\d{2}\b", " ", text)  # NIST CSF ids: PR.AT-01
    english = english_only()
    found = [w for w in word_list(re.sub(r"<.*?>", " ", text)) if w.lower() in english]
    found += [n for n in english_card_names() if re.search(rf"\b{re.escape(n)}\b", text)]
    return found + re.findall(r"[{}]|logiquo\.[a-z]|\bplayer \d", text)


def test_the_checks_have_teeth():
    assert {"offer", "neutralise", "suffer", "decline"} <= english_only()
    assert {"Phishing campaign", "Power outage", "Network"} <= english_card_names()


# ------------------------------------------------------------------------- the card browser
def test_the_card_browser_is_italian(italian):
    browser = CardBrowser()
    for kind in ("threat", "countermeasure", "anomaly", "logiquo", "pentaqo", "data", "rules"):
        browser.kind.value = kind
        shown = cards.by_kind(kind)
        assert [label for label, _ in browser.card_pick.options] == [
            f"{c.code} · {c.name['it']}" for c in shown
        ]
        cats = browser._categories()
        if cats:
            assert list(browser.count_fig.data[0].x) == [c["name"]["it"] for c in cats]
            assert [label for label, _ in browser.category.options[1:]] == [
                c["name"]["it"] for c in cats
            ]
        for c in shown[:12]:
            browser.card_pick.value = c.id
            face = html.unescape(browser.face.value)
            assert c.name["it"] in face and c.description["it"] in face
            if c.category:
                assert cards.category_name(c.category, "it") in face
            for sentence in cards.impacts_text(c, "it") if c.kind == "threat" else ():
                assert sentence in face
            for sentence in cards.special_text(c, "it") if c.kind == "threat" else ():
                assert sentence in face
            for e in c.effects:
                assert cards.effect_text(e, "it") in face
            assert c.description["en"] not in face
            assert problems(browser.face.value) == [], c.code


def test_an_english_face_keeps_the_italian_name_beside_the_english_one():
    c = cards.by_kind("threat")[0]
    face = html.unescape(card_html(c))
    assert c.name["en"] in face and f"({c.name['it']})" in face
    assert c.description["en"] in face and c.description["it"] not in face
    assert words.category_label("social") == "Social engineering (Ingegneria sociale)"


# ------------------------------------------------------------------------- the table
def play_table(seed: int, players: int):
    """A table of human seats driven by careful bots' choices: (table, pressed actions)."""
    table = LogiquoTable(seats=["human"] * players, seed=seed)
    deciders = [bots.CarefulBot(seed * 10 + p, cooperative=p % 2 == 0) for p in range(players)]
    for _ in range(120):
        if game.is_over(table.state):
            break
        yield table
        p = game.current_player(table.state)
        pick = deciders[p].choose(table.state)
        button = next((b for b in table.actions.children if b.action == pick), None)
        if button is not None:
            button.click()
        elif pick in table._offers:  # an offer: its card, then its terms, then "Offer"
            give = pick.card if isinstance(pick, game.OfferCard) else pick.give
            table.offer_card.value = -1 if give is None else give
            table.offer_pick.value = pick
            table.offer_button.click()
        else:  # a legal move the table does not offer: it cannot change the outcome
            assert table.act(pick)


def test_table_buttons_log_and_notice_are_italian(italian):
    kinds: set[str] = set()
    for seed, players in GAMES:
        for table in play_table(seed, players):
            for b in table.actions.children:
                kinds.add(type(b.action).__name__)
                assert b.description == words.action_text(b.action, table.state.players)
                assert problems(b.description) == [], b.description
                for cid in _card_ids(b.action):
                    if cards.card(cid).kind not in ("pentaqo",):
                        assert cards.card(cid).name["it"] in b.description
            for label, offer in table.offer_pick.options:  # to whom and for what
                kinds.add(type(offer).__name__)
                assert table.state.players[offer.to] in label
                assert problems(label) == [], label
            for label, give in table.offer_card.options:  # the card given first
                assert label == ("una Carta Dati" if give == -1 else words.card_ref(give))
            assert problems(table.hand.value + table.threat_view.value) == []
            assert problems(table.piles.value + table.situation.value) == []
        assert problems(table.log_view.value) == [], table.log_view.value
        assert table.notice.value == "" or "Fatto:" in table.notice.value
    assert {"Neutralise", "RequestHelp", "TakeImpact", "EndCollaboration"} <= kinds
    assert kinds & {"OfferCard", "OfferTrade"} and kinds & {"AcceptOffer", "DeclineOffer"}


def _card_ids(action) -> list[int]:
    ids = list(getattr(action, "cards", ()))
    for field in ("card", "give"):
        if getattr(action, field, None) is not None:
            ids.append(getattr(action, field))
    return ids


def test_every_action_of_bot_games_is_said_in_italian(italian):
    """All legal actions of a few random bot games, every kind, straight from ``words``."""
    seen: set[str] = set()
    for seed, players in GAMES:
        state = game.new_game([f"Giocatore {i + 1}" for i in range(players)], seed=seed)
        deciders = [bots.RandomBot(seed * 10 + p) for p in range(players)]
        while not game.is_over(state):
            for action in game.legal_actions(state):
                seen.add(type(action).__name__)
                text = words.action_text(action, state.players)
                assert problems(text) == [], text
            state = game.apply(state, deciders[game.current_player(state)].choose(state))
    assert seen == ACTION_KINDS


def test_actions_name_cards_and_players_in_english_too():
    state = game.new_game(["Ann", "Bob", "Cy"], seed=3)
    some = cards.by_kind("countermeasure")[0]
    text = words.action_text(game.OfferCard(to=2, card=some.id), state.players)
    assert text == f"offer {some.code} {some.name['en']} to Cy for free"
    trade = words.action_text(game.OfferTrade(to=1, give=None, ask="control"), state.players)
    assert trade == "offer Bob one Data card for a control card of their choice"
    i18n.set_language("it")
    try:
        text = words.action_text(game.OfferCard(to=2, card=some.id), state.players)
        assert text == f"regala {some.code} {some.name['it']} a Cy"
    finally:
        i18n.set_language("en")


# ------------------------------------------------------------------------- labs and numbers
def test_odds_lab_axis_and_options_are_italian(italian):
    lab = OddsLab()
    cats = cards.threat_categories()
    assert list(lab.cat_fig.data[0].x) == [c["name"]["it"] for c in cats]
    assert [label for label, _ in lab.category.options[1:]] == [c["name"]["it"] for c in cats]
    assert problems(lab.summary.value) == []
    assert [label for label, _ in lab.mc.trials.options] == ["1.000", "10.000", "50.000"]


def test_coverage_texts_write_numbers_as_italians_do(italian):
    lab = CoverageLab()
    assert re.search(r"\(\d+\u00a0%\)", lab.cover_info.value), lab.cover_info.value
    assert re.search(r"in media \d+,\d ", lab.depth_info.value), lab.depth_info.value
    for text in (lab.cover_info.value, lab.depth_info.value, lab.net_info.value):
        assert problems(text) == [], text
    labels = [label for label, _ in lab.threat_pick.options[1:]]
    assert labels == [f"{c.code} · {c.name['it']}" for c in cards.by_kind("threat")]
    assert "contro" in lab.heat_fig.data[0].customdata[0][0]


def test_coverage_numbers_in_english():
    lab = CoverageLab()
    assert re.search(r"\(\d+%\)", lab.cover_info.value)
    assert re.search(r"\d+\.\d countermeasures each", lab.depth_info.value)


def test_strategy_hover_is_italian(italian):
    lab = StrategyLab()
    hover = lab.sweep_fig.data[0].hovertemplate
    assert "giocatori" in hover and "turni" in hover and "players" not in hover


def test_deck_checks_name_cards_as_the_browser_does(italian):
    browser = CardBrowser()
    browser.kind.value = "countermeasure"
    stops = checks.lesson1.l1_stops_ransomware(browser)
    assert list(stops.radio.options)[1:] == list(browser.card_pick.options)
    stops.show_me()
    assert problems(stops.explain()) == []
    browser.kind.value = "threat"
    forbid = checks.lesson1.l1_no_logiquo(browser)
    assert list(forbid.radio.options)[1:] == list(browser.card_pick.options)
