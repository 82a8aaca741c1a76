"""Set-up rules: §Componenti and §Preparazione.1-5, read against the rulebook text."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

import gamelib.logiquo as L
from gamelib.core import GameModule, IllegalAction
from gamelib.logiquo.cards import card, rules

RULEBOOK = Path(__file__).resolve().parents[3] / "shared" / "rulebooks" / "logiquo-cybergame.it.txt"


def _rulebook() -> str:
    if not RULEBOOK.exists():
        pytest.skip("the shared rulebook is not next to the repository")
    return RULEBOOK.read_text(encoding="utf-8")


def test_package_follows_the_game_protocol():
    assert isinstance(L, GameModule)
    assert L.NAME == "logiquo"


def test_preparazione_2_hand_size_table_matches_the_rulebook_text():
    """§Preparazione.2: "2 giocatori: 8 Carte Contromisura" ... "6 giocatori: 3"."""
    text = _rulebook()
    found = {
        m.group(1): int(m.group(2))
        for m in re.finditer(r"(\d) giocatori: (\d) Carte Contromisura", text)
    }
    assert found == {str(k): v for k, v in rules()["hand_size"].items()}


@pytest.mark.parametrize("players,expected", [(2, 8), (3, 7), (4, 6), (5, 4), (6, 3)])
def test_preparazione_2_each_player_is_dealt_the_suggested_hand(players, expected):
    """§Preparazione.2: control cards dealt face down by player count."""
    checked = 0
    for seed in range(20):
        s = L.new_game(players, seed=seed)
        if s.anomalies:  # an anomaly on the first draw may already have moved cards
            continue
        assert [len(h) for h in s.hands] == [expected] * players
        checked += 1
    assert checked > 5


def test_preparazione_2_players_may_choose_another_hand_size():
    """§Preparazione.2: "I giocatori possono decidere un numero diverso di carte controllo"."""
    s = L.new_game(2, seed=5, hand_size=12)
    assert len(s.hands[1]) == 12
    with pytest.raises(IllegalAction) as err:
        L.new_game(2, seed=5, hand_size=0)
    assert err.value.rule == "§Preparazione.2" and err.value.code == "setup.hand_size"
    assert err.value.values == {"hand_size": "0", "n": 2, "controls": 56}
    with pytest.raises(IllegalAction):
        L.new_game(6, seed=5, hand_size=10)  # 60 cards > 56 control cards in one deck


def test_preparazione_1_two_separate_shuffled_decks():
    """§Preparazione.1/3: threats with anomalies in one deck, controls with specials apart."""
    s = L.new_game(4, seed=11)
    assert {card(c).kind for c in s.threat_deck} <= {"threat", "anomaly"}
    assert {card(c).kind for c in s.control_deck} <= {"countermeasure", "logiquo", "pentaqo"}
    t = L.new_game(4, seed=12)
    assert s.threat_deck != t.threat_deck  # shuffled by the seed


def test_preparazione_3_the_threat_deck_holds_52_threats_and_13_anomalies():
    s = L.new_game(3, seed=2)
    seen = s.threat_deck + s.anomalies + ([s.threat] if s.threat is not None else [])
    assert Counter(card(c).kind for c in seen) == {"threat": 52, "anomaly": 13}
    controls = s.control_deck + [c for h in s.hands for c in h] + s.control_discard
    assert Counter(card(c).kind for c in controls) == {
        "countermeasure": 50,
        "logiquo": 2,
        "pentaqo": 4,
    }


def test_preparazione_4_every_player_starts_with_3_data_cards():
    for seed in range(10):
        s = L.new_game(5, seed=seed)
        assert all(card(d).kind == "data" for ds in s.data for d in ds)
        assert len(s.data_supply) == 18 - 15
        if not s.anomalies:
            assert [len(d) for d in s.data] == [3] * 5


def test_preparazione_5_first_player_is_a_setup_choice():
    """§Preparazione.5: the youngest starts; the table tells the engine who that is."""
    s = L.new_game(4, seed=8, first_player=2)
    assert s.events[0] == {"turn": 1, "type": "turn", "player": 2}
    with pytest.raises(IllegalAction) as err:
        L.new_game(4, seed=8, first_player=4)
    assert err.value.rule == "§Preparazione.5"
    assert (err.value.code, err.value.values) == ("setup.first_player", {"last": 3})
    a = L.new_game(4, seed=9, first_player="random")
    b = L.new_game(4, seed=9, first_player="random")
    assert a.events[0] == b.events[0]


def test_componenti_one_deck_serves_at_most_six_players():
    """§Componenti: "fino a 6 giocatori ... con un singolo mazzo. In caso di più giocatori occorre
    unire più mazzi"."""
    with pytest.raises(IllegalAction) as err:
        L.new_game(7, seed=1)
    assert err.value.rule == "§Componenti"
    assert (err.value.code, err.value.values) == ("setup.merge_decks", {"n": 7, "per_deck": 6})
    s = L.new_game(7, seed=1, merged_decks=True)
    assert s.copies == 2
    assert sorted(s.all_card_ids()) == list(range(280))
    for seed in range(10):
        s = L.new_game(8, seed=seed, merged_decks=True)
        if not s.anomalies:
            assert [len(h) for h in s.hands] == [rules()["hand_size_merged_default"]] * 8
            assert len(s.control_deck) == 2 * 56 - 8 * 3
            break
    else:
        pytest.fail("no seed without a first-turn anomaly")


def test_componenti_player_count_bounds():
    for bad in (1, 13, 0):
        with pytest.raises(IllegalAction):
            L.new_game(bad, seed=1, merged_decks=True)
    with pytest.raises(IllegalAction):
        L.new_game(True, seed=1)
    s = L.new_game(["Ada", "Bruno", "Chiara"], seed=1)
    assert s.players == ["Ada", "Bruno", "Chiara"]


def test_fine_del_gioco_ending_option_is_validated():
    with pytest.raises(IllegalAction) as err:
        L.new_game(3, seed=1, ending="sudden_death")
    assert err.value.rule == "§Fine del Gioco" and err.value.code == "setup.ending"
    assert err.value.values["ending"] == "'sudden_death'"


def test_same_seed_same_game():
    assert L.new_game(4, seed=77) == L.new_game(4, seed=77)
