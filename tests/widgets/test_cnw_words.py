"""CNW in words, in the learner's language (issue #12): actions from their fields through
``cnw.action.<kind>`` (gateways as code and the map's name, pawns and dice with agreement, tris
cards with their symbols, shipments by route, pact partners by name), the table's notice, log
and hand, the turn walkthrough, and numbers with the language's decimal separator. An Italian
page gets no English and no bare gateway code."""

from __future__ import annotations

import re
from functools import cache

import pytest

from gamelib import cnw
from gamelib.cnw import board as cnw_board
from gamelib.cnw.actions import ACTION_CLASSES
from gamelib.cnw.bots import BOTS
from gamelib.cnw.network import CODES
from tests.widgets.checkkit import english_only_words, word_list
from widgets import i18n
from widgets.cnw import words

PARTS = ("cnw.action.", "cnw.table.", "cnw.turn.", "cnw.cards.symbol.")
# (seed, bots, options): seeded bot games that offer every kind of action between them
GAMES = (
    (1, ("random", "random", "random"), {}),
    (2, ("courier", "expansionist", "random", "random", "random"), {"diplomazia": True}),
    (3, ("expansionist", "random", "courier"), {"diplomazia": True}),
)


@cache
def english_only() -> frozenset[str]:
    """Words of the English action, table and turn texts that no Italian catalog text has."""
    return english_only_words(PARTS)


@cache
def place_names() -> list[str]:
    board = cnw_board.load()
    names = {g.name_it for g in board.gateways.values()}
    return sorted(names, key=len, reverse=True)


def problems(text: str) -> list[str]:
    """English words, bare gateway codes (not followed by the map's name) and raw keys left in
    an Italian text."""
    text = re.sub(r"<[^>]+>", " ", text).replace("&#x27;", "'")
    codes = set(cnw_board.load().gateways)
    bare = [c for c in re.findall(r"\b[A-Z]{3}\b(?! · )", text) if c in codes]
    for name in place_names():
        text = text.replace(name, " ")
    english = english_only()
    left = [w for w in word_list(text) if w.lower() in english]
    return left + bare + re.findall(r"[{}]|cnw\.", text)


def bot_games():
    """(state, offered actions, chosen action) over a few seeded bot games (capped rounds)."""
    for seed, kinds, options in GAMES:
        names = [f"P{i}" for i in range(len(kinds))]
        state = cnw.new_game(names, seed=seed, turn_cap=8, **options)
        bots = [BOTS[k](seed * 10 + i) for i, k in enumerate(kinds)]
        moves = 0
        while not cnw.is_over(state) and moves < 4000:
            action = bots[cnw.current_player(state)].choose(state)
            yield state, cnw.legal_actions(state), action
            state = cnw.apply(state, action)
            moves += 1


def test_english_only_words_exist():
    """The check below has teeth: English action words are not Italian ones, a bare code is
    caught."""
    assert {"deploy", "pawns", "keep", "occupy", "remove"} <= english_only()
    assert problems("deploy 3 pawns on JFK · New York")
    assert problems("schiera 3 pedine su JFK")
    assert not problems("schiera 3 pedine su JFK · New York")


def test_every_offered_action_is_italian_on_an_italian_page(italian):
    kinds, seen = set(), 0
    for state, offered, chosen in bot_games():
        for action in {*offered[:80], chosen}:
            text = words.action_words(action, state)
            assert not problems(text), (action, text, problems(text))
            assert words.describe(action, state)
            kinds.add(type(action).__name__)
            seen += 1
    assert kinds == {cls.__name__ for cls in ACTION_CLASSES}, "the games offer every kind"
    assert seen > 1000


def test_actions_agree_in_number_and_name_places(italian):
    state = cnw.new_game(["Anna", "Bruno", "Carla"], seed=5, diplomazia=True)
    assert words.action_words(cnw.Deploy("MEX", 1)) == "schiera 1 pedina su MEX · Città del Messico"
    assert words.action_words(cnw.Deploy("LHR", 3)) == "schiera 3 pedine su LHR · Londra"
    assert words.action_words(cnw.Attack("LHR", "CDG", 1)) == (
        "attacca CDG · Parigi da LHR · Londra con 1 dado"
    )
    assert words.action_words(cnw.Occupy("LHR", "CDG", 2)).startswith("occupa CDG · Parigi con 2")
    assert words.action_words(cnw.ProposePact(1), state) == (
        "proponi un patto di non aggressione a Bruno"
    )
    tris = words.action_words(cnw.PlayTris(("JFK", "LHR", "CDG")))
    assert tris.startswith("gioca il tris JFK · New York (") and "Londra" in tris
    i18n.set_language("en")
    assert words.action_words(cnw.MoveIn(1)) == "move 1 pawn"
    assert words.action_words(cnw.Deploy("LHR", 3)) == "deploy 3 pawns on LHR · London"


def test_the_table_buttons_notice_and_log_are_italian(italian):
    from widgets.cnw.table import CnwTable

    table = CnwTable(seats=("human", "courier", "expansionist"), seed=4, turn_cap=3)
    code = next(c for c, o in zip(CODES, table.state.owner, strict=True) if o == 0)
    assert table.click(code)
    assert "Fatto: schiera una pedina su" in table.notice.value
    assert not problems(table.notice.value), problems(table.notice.value)
    table.finish()
    log = table.log_view.value
    assert "schiera" in log and "attacca" in log
    assert " contro " in log  # the dice of a battle in the log
    assert not problems(log), problems(log)[:10]


def test_the_table_hand_and_buttons_on_a_human_turn_are_italian(italian):
    from widgets.cnw.table import CnwTable

    table = CnwTable(seats=("human", "human", "human"), seed=6, turn_cap=2)
    for _ in range(400):
        if table.state.phase not in ("placement",):
            break
        table.act(cnw.legal_actions(table.state)[0])
    assert "Le tue carte Gateway" in table.hand.value
    for _ in range(60):
        labels = [b.description for b in table.actions.children]
        for label in labels:
            assert not problems(label), (label, problems(label))
        if cnw.is_over(table.state):
            break
        table.act(cnw.legal_actions(table.state)[-1])
        assert not problems(table.notice.value), problems(table.notice.value)


def test_the_turn_walkthrough_says_each_step_in_italian(italian):
    from widgets.cnw.turn import TurnWalkthrough

    walk = TurnWalkthrough(seed=7)
    while walk.step():
        last = walk.explain.value.split("</p>")[0]
        assert "Ultimo passo:" in last and not problems(last), (last, problems(last))
    log = walk.log_view.value
    assert log.count("<li>") > 3 and not problems(log), problems(log)


DECIMAL = {"it": re.compile(r"\d,\d"), "en": re.compile(r"\d\.\d")}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_numbers_follow_the_language(lang):
    from widgets.cnw.battle_lab import BattleLab
    from widgets.cnw.board_map import BoardMap

    i18n.set_language(lang)
    try:
        other = DECIMAL["en" if lang == "it" else "it"]
        board_map = BoardMap()
        board_map.gateway.value = "JFK"
        texts = [board_map.info.value]
        lab = BattleLab()
        texts.append(lab.summary.value)
        for text in texts:
            plain = re.sub(r"<[^>]+>|§[\d.]+", "", text)  # rule numbers keep their dots
            assert DECIMAL[lang].search(plain), plain
            if lang == "it":
                assert not other.search(plain), plain
    finally:
        i18n.set_language("en")
