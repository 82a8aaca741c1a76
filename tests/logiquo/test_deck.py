"""The deck (§Componenti, §Carte Minaccia, §Carte Controllo, §Anomalie) and its sources:
counts, numbering, coverage, ATT&CK / CIS v8 / CSF 2.0 references and both languages."""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest

from gamelib.logiquo import cards, deckstats
from gamelib.logiquo.cards import by_kind, load

EFFECT_OPS = {
    "lose_data",
    "discard_random",
    "discard_choice",
    "discard_category",
    "give_left",
    "swap_left",
    "burn_controls",
    "no_redraw",
    "no_collaboration",
    "extra_control",
}
THREAT_OPS = EFFECT_OPS - {"no_redraw", "no_collaboration", "extra_control", "burn_controls"}
SPECIAL_KEYS = {"controls_required", "logiquo", "collaboration", "pentaqo", "redraw"}


def test_componenti_140_cards_by_kind():
    """§Componenti: 1 + 18 + 52 + 13 + 50 + 2 + 4 = 140."""
    deck = load()
    assert len(deck) == 140
    assert Counter(c.kind for c in deck) == {
        "rules": 1,
        "data": 18,
        "threat": 52,
        "anomaly": 13,
        "countermeasure": 50,
        "logiquo": 2,
        "pentaqo": 4,
    }
    assert [c.id for c in deck] == list(range(140))
    assert len({c.code for c in deck}) == 140
    assert sum(cards.rules()["deck"][k] for k in cards.KINDS) == cards.rules()["deck"]["total"]


def test_carte_minaccia_numbered_1_to_52():
    assert sorted(t.number for t in by_kind("threat")) == list(range(1, 53))
    assert cards.threat(9).name["en"] == "Ransomware"


def test_carte_minaccia_categories_between_6_and_8_each_with_a_colour():
    cats = cards.threat_categories()
    assert 6 <= len(cats) <= 8
    colours = [c["colour"] for c in cats]
    assert len(set(colours)) == len(colours)
    assert all(re.fullmatch(r"#[0-9A-F]{6}", col) for col in colours)
    used = {t.category for t in by_kind("threat")}
    assert used == {c["id"] for c in cats}
    for t in by_kind("threat"):
        assert t.colour == next(c["colour"] for c in cats if c["id"] == t.category)


def test_category_ids_do_not_collide_between_threats_and_controls():
    t = {c["id"] for c in cards.threat_categories()}
    k = {c["id"] for c in cards.control_categories()}
    assert not t & k
    assert {c.category for c in by_kind("countermeasure")} == k


def test_carte_minaccia_involvement_impacts_and_special_rules_are_engine_data():
    """§Carte Minaccia: Coinvolgimento singolo/multiplo, Impatti; §Regole Speciali."""
    for t in by_kind("threat"):
        assert t.involvement in ("single", "all")
        assert t.impacts, t.code
        for e in t.impacts:
            assert e["op"] in THREAT_OPS, (t.code, e)
            if "category" in e:
                assert e["category"] in {c["id"] for c in cards.control_categories()}
        assert set(t.special) <= SPECIAL_KEYS
        for key, value in t.special.items():
            if key == "controls_required":
                assert value in (2, 3)
            else:
                assert value is False
    assert Counter(t.involvement for t in by_kind("threat"))["all"] >= 10


def test_anomalie_effects_are_engine_data():
    for a in by_kind("anomaly"):
        assert a.effects
        for e in a.effects:
            assert e["op"] in EFFECT_OPS, (a.code, e)
            for key in ("unless_holding", "category"):
                if key in e:
                    assert e[key] in {c["id"] for c in cards.control_categories()}


def test_attack_ids_match_the_pattern_and_tactics_are_attack_tactics():
    tactics = {t["name"] for t in cards.attack_tactics()}
    assert len(tactics) == 14
    for t in by_kind("threat"):
        assert re.fullmatch(r"T\d{4}(\.\d{3})?", t.attack_id), t.code
        assert t.attack_name
        assert t.tactics and set(t.tactics) <= tactics, t.code


def test_a_few_attack_ids_name_the_right_technique():
    named = {t.attack_id: t.attack_name for t in by_kind("threat")}
    assert named["T1566"] == "Phishing"
    assert named["T1486"] == "Data Encrypted for Impact"
    assert named["T1110"] == "Brute Force"
    assert named["T1190"] == "Exploit Public-Facing Application"
    assert named["T1078"] == "Valid Accounts"


def test_carte_controllo_mitigate_one_to_four_threats():
    """§Carte Controllo: "ci possono essere fino a 4 minacce mitigate"."""
    numbers = {t.number for t in by_kind("threat")}
    for c in by_kind("countermeasure"):
        assert 1 <= len(c.mitigates) <= 4, c.code
        assert len(set(c.mitigates)) == len(c.mitigates)
        assert set(c.mitigates) <= numbers


def test_every_threat_is_mitigated_by_at_least_two_countermeasures():
    per = Counter(n for c in by_kind("countermeasure") for n in c.mitigates)
    assert min(per[t.number] for t in by_kind("threat")) >= 2
    for t in by_kind("threat"):  # a threat needing k controls has more than k answers
        need = t.special.get("controls_required", 1)
        assert per[t.number] > need, t.code


def test_cis_safeguards_exist_in_the_stored_cis_v8_list():
    safeguards = cards.cis_safeguards()
    assert len(safeguards) == 153
    assert safeguards["6.5"] == "Require MFA for Administrative Access"
    assert safeguards["11.2"] == "Perform Automated Backups"
    for c in by_kind("countermeasure"):
        assert c.cis_safeguard in safeguards, c.code
    controls = Counter(sid.split(".")[0] for sid in safeguards)
    assert len(controls) == 18


def test_csf_ids_are_valid_csf_2_subcategories():
    subs = cards.csf_subcategories()
    functions = cards.csf_functions()
    assert len(subs) == 106 and set(functions) == {"GV", "ID", "PR", "DE", "RS", "RC"}
    for c in by_kind("countermeasure"):
        m = re.fullmatch(r"(GV|ID|PR|DE|RS|RC)\.[A-Z]{2}-\d{2}", c.csf)
        assert m and m.group(1) in functions, c.code
        assert c.csf in subs, c.code
        assert cards.csf_outcome(c.csf), c.code


@pytest.mark.parametrize("card", load(), ids=lambda c: c.code)
def test_both_languages_present_and_non_empty(card):
    for field in ("name", "description"):
        text = getattr(card, field)
        assert set(text) == {"en", "it"}
        assert all(v.strip() for v in text.values())
    view = card.to_dict("it")
    for key in ("impacts_text", "special_text", "effects_text"):
        for line in view.get(key, []):
            assert line.strip() and "{" not in line


def test_rendered_effects_read_well():
    t = cards.threat(9)
    assert cards.impacts_text(t, "en") == ["Every player: Lose 1 Data card"]
    assert cards.special_text(t, "it") == ["Servono 2 carte controllo insieme per neutralizzarla"]
    audit = cards.by_code("A03")
    assert "Governance" in cards.effect_text(audit.effects[0], "en")


def test_card_lookup_helpers():
    assert cards.card(140 + 5) is cards.card(5)
    assert cards.label(140 + 19) == "T01#2"
    with pytest.raises(ValueError):
        cards.by_kind("joker")
    with pytest.raises(KeyError):
        cards.threat(99)


def test_deckstats_numbers_and_printout():
    s = deckstats.stats()
    assert s["total"] == 140 and s["kinds"]["threat"] == 52
    assert s["min_coverage"] >= 2
    assert sum(s["threats_per_category"].values()) == 52
    assert sum(v["threats"] for v in s["coverage_by_category"].values()) == 52
    assert s["links"] == sum(s["coverage_by_threat"].values())
    covered = {n for _, gain in s["greedy_cover"] for n in gain}
    assert covered == set(range(1, 53))
    out = io.StringIO()
    assert deckstats.main(out) == 0
    text = out.getvalue()
    assert "Cards: 140" in text and "Greedy set cover" in text
