"""CNW lessons 6 to 10 hold to issue #25 ("checks that make students think"): every lesson has a
prediction and a scored reason, a two-option question is followed by its reason, every scored
hint is a ladder whose first rung names no control (English and Italian); each prediction veils
its element until it is made and then agrees with the widget; each wrong reason's claim is asked
of gamelib, so a rules change that makes it true fails here; "new question" gives other cases
(ten seeds, five questions or more) and its levels change the case as claimed; a count of 1
agrees with its noun; the rules §12.3 (REALISMO ALTO) and §12.4 (the betrayal of a pact) are
checked on the engine; each lesson opens with the spaced review."""

from __future__ import annotations

import dataclasses
import json
import math
import re
from pathlib import Path

import pytest

from gamelib import cnw
from gamelib.cnw import actions as cnw_actions
from gamelib.cnw import board as cnw_board
from gamelib.cnw import card_odds, objective_progress, objectives, resilience, tables
from gamelib.cnw import state as st
from gamelib.cnw.network import CODES, geo
from gamelib.cnw.victory import sla_target, victory
from tests.widgets.checkkit import plain
from widgets import i18n
from widgets.cnw.cards import CardLab
from widgets.cnw.checks import lesson6, lesson7, lesson8, lesson9, lesson10, review
from widgets.cnw.objectives import ObjectiveLab, position
from widgets.cnw.real_network import RealNetworkLab
from widgets.cnw.strategy import StrategyLab
from widgets.cnw.table import CnwTable, make_bot
from widgets.kit.check import Check, Choice
from widgets.kit.check_kinds import Predict, PredictChoice, Reason, boxes_under
from widgets.kit.check_ladder import ladder_faults

ROOT = Path(__file__).resolve().parents[2]
LESSONS = {
    6: "06_gateway_cards_and_imprevisti",
    7: "07_network_objectives",
    8: "08_play",
    9: "09_strategy_lab",
    10: "10_the_real_network",
}


@pytest.fixture(params=["en", "it"])
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def checks_of(lesson: int) -> list[Check]:
    """Every check of a lesson's steps, built over fresh widgets (in the page's language)."""
    if lesson == 6:
        lab = CardLab()
        boxes = [lesson6.tris(lab), lesson6.odds(lab), lesson6.imprevisti(lab), lesson6.often(lab)]
    elif lesson == 7:
        lab = ObjectiveLab()
        boxes = [lesson7.deck(lab), lesson7.closeness(lab)]
    elif lesson == 8:
        table = CnwTable(seats=("human", "courier", "expansionist"), seed=1)
        boxes = [lesson8.table(table), lesson8.variants(table), lesson8.end(table)]
    elif lesson == 9:
        lab = StrategyLab(games=12)
        boxes = [lesson9.endings(lab), lesson9.variants(lab), lesson9.players(lab)]
        boxes.append(lesson9.more_games(None))
    else:
        lab = RealNetworkLab()
        boxes = [lesson10.terms(lab), lesson10.designs(lab), lesson10.resilience_checks(lab)]
    return [c for box in boxes for c in box.children if isinstance(c, Check)]


# ---------------------------------------------------------------------- every lesson
@pytest.mark.parametrize("lesson", sorted(LESSONS))
def test_each_lesson_predicts_gives_a_reason_and_hints_at_the_idea(lesson, lang):
    found = checks_of(lesson)
    assert any(isinstance(c, Predict | PredictChoice) for c in found), lesson
    assert any(isinstance(c, Reason) for c in found), lesson
    for check in found:
        if check.scored and not isinstance(check, Predict | PredictChoice):
            assert ladder_faults(check, lang) == [], check.name
            assert len(check.hints) >= 2, check.name  # a ladder: the idea first
    for before, after in zip(found, found[1:], strict=False):
        if type(before) is Choice and len(before.radio.options) == 2:
            assert isinstance(after, Reason), f"{before.name}: two options and no reason after"


@pytest.mark.parametrize("lesson", sorted(LESSONS))
def test_each_lesson_opens_with_the_review(lesson):
    for lang, heading in (
        ("en", "## Review · three questions from earlier lessons"),
        ("it", "## Ripasso · tre domande dalle lezioni precedenti"),
    ):
        folder = ROOT / "notebooks" / ("it/cnw" if lang == "it" else "cnw")
        cells = json.loads((folder / f"{LESSONS[lesson]}.ipynb").read_text())["cells"]
        sources = ["".join(c["source"]) for c in cells]
        start = next(i for i, s in enumerate(sources) if "start_lesson(" in s)
        assert sources[start + 1].startswith(heading), (lang, lesson)
        assert f"review.before({lesson})" in sources[start + 2], (lang, lesson)
    questions = review.before(lesson).checks
    assert len(questions) == 3
    assert [c.name for c in questions] == [f"cnw-review{lesson}-{k}" for k in (1, 2, 3)]


def test_lesson_8s_checks_stand_under_numbered_steps():
    for folder, word in (("cnw", "Step"), ("it/cnw", "Passo")):
        cells = json.loads((ROOT / "notebooks" / folder / "08_play.ipynb").read_text())["cells"]
        heading = ""
        for cell in cells:
            text = "".join(cell["source"])
            if cell["cell_type"] == "markdown" and text.startswith("## "):
                heading = text.splitlines()[0]
            if cell["cell_type"] == "code" and "checks." in text and "score()" not in text:
                assert re.match(rf"## {word} \d+ · ", heading), (folder, text)


# ---------------------------------------------------------------------- lesson 6
def test_the_tris_prediction_veils_the_chart_then_matches_it():
    lab = CardLab()
    odds = lesson6.odds(lab)
    predict = odds.children[0]
    panel = lab.panel("odds")
    assert isinstance(predict, Predict) and predict.name == "cnw4-predict-tris"
    assert all(v.hidden for v in predict.veils)
    assert "check-veil" in "".join(str(c._dom_classes) for c in panel.children)
    predict.box.value = "20"  # counts one of each only
    assert predict.check() is False and predict.revealed
    assert predict.answer() == pytest.approx(100 * lab.odds_fig.data[0].y[3])
    hands = lesson6.tris_hands()
    assert hands["all"] == math.comb(42, 3)
    assert (hands["mixed"] + hands["same"]) / hands["all"] == pytest.approx(
        float(card_odds.tris_chances(3)[card_odds.ANY])
    )


def test_each_wrong_reason_for_the_likelier_tris_is_false():
    deck = lesson6._deck()
    counts = lesson6.symbol_counts()
    assert len(set(counts.values())) == 1  # "symbols": the deck is even
    chances = card_odds.tris_chances(3)
    alike = [tr for tr in deck.tris if len(set(tr.symbols)) == 1]
    assert len({tr.pawns for tr in alike}) > 1  # "pays": worth differs, chance does not
    assert len({chances[tr.key] for tr in alike}) == 1
    hands = lesson6.tris_hands()  # "order": a hand is a set, C(42, 3) hands in all
    assert hands["all"] == math.comb(len(deck.gateway_cards), 3)
    assert hands["mixed"] > 2 * hands["same"]  # "ways", the right reason: more than twice
    mixed, same = lesson6.likelier_shares()
    assert (mixed > same) == (hands["mixed"] > hands["same"])


def test_tris_odds_vary_and_adapt():
    check = lesson6.l4_tris_chance(CardLab())
    asked = {check.new_question(seed).question for seed in range(10)}
    assert len(asked) >= 5
    for seed in range(10):
        k, kind, _ = lesson6.tris_setting(seed, -1)
        assert k <= 4 and kind in ("any", "none")
        k, kind, _ = lesson6.tris_setting(seed, 1)
        assert k >= 4 and kind in ("one_of_each", "same")
        for level in (-1, 0, 1):
            k, kind, symbol = lesson6.tris_setting(seed, level)
            v = check.new_question(seed, level=level)
            assert v.answer == pytest.approx(100 * float(lesson6.tris_chance(k, kind, symbol)))


def test_three_cards_and_draws_vary_and_adapt():
    lab = CardLab()
    deck = lesson6._deck()
    worth = lesson6.l4_three_worth(lab)
    assert len({worth.new_question(s).question for s in range(10)}) >= 5
    for seed in range(10):
        easy = lesson6.three_cards(seed, -1)
        assert len({c.symbol for c in easy}) == 1  # three of a kind
        hard = lesson6.three_cards(seed, 1)
        assert deck.tris_value([c.id for c in hard]) is None
    within = lesson6.l4_within(lab)
    assert len({within.new_question(s).question for s in range(10)}) >= 5
    for seed in range(10):
        assert lesson6.within_setting(seed, -1)[0] <= 4
        assert lesson6.within_setting(seed, 1)[0] >= 20


def test_one_closure_draw_is_said_as_one(lang):
    one = "1 Closure draw at" if lang == "en" else "1 pescata in Chiusura al"
    seed = next(s for s in range(50) if lesson6.within_setting(s, -1)[0] == 1)
    question = lesson6.l4_within(CardLab()).new_question(seed, level=-1).question
    assert one in question


def test_the_bot_games_question_has_three_answers():
    lab = CardLab()
    check = lesson6.l4_bot_games(lab)
    assert [v for _, v in check.radio.options] == list(lesson6.BOT_VERDICTS)


# ---------------------------------------------------------------------- lesson 7
def test_the_objective_prediction_veils_the_heatmap_then_matches_it():
    lab = ObjectiveLab()
    predict = lesson7.closeness(lab).children[0]
    assert isinstance(predict, Predict) and all(v.hidden for v in predict.veils)
    predict.box.value = "0"  # takes "eliminate yourself" as done
    assert predict.check() is False and predict.revealed
    lab.player.value, lab.card.value = 0, 0  # Eliminate CNW Blue, the first seat's colour
    assert lab.heat.data[0].z[0][0] == predict.answer()
    state = position(lab.seed.value, lab.players.value, lab.rounds.value)
    assert predict.answer() == objectives.load().fallback_gateways - state.owner.count(0)


def test_each_wrong_reason_for_the_fallback_is_false():
    deck = objectives.load()
    state = position(lesson7.FALLBACK_SEED, 3, 1)
    green = next(c for c in deck.cards if c.kind == "eliminate" and c.colour == 3)
    cyan = next(c for c in deck.cards if c.kind == "eliminate" and c.colour == 1)
    assert all(state.alive) and all(state.owner.count(p) > 0 for p in range(3))  # "eliminated"
    assert green.colour != 0  # "self": the first seat is Blue
    assert not objective_progress.falls_back(state, 0, cyan)  # "hard": Cyan's card stays
    assert objective_progress.falls_back(state, 0, green)  # "absent", the right one
    assert green.colour >= state.players


def test_positions_vary_and_adapt():
    lab = ObjectiveLab()
    for check in (lesson7.l4_closest(lab), lesson7.l4_own(lab)):
        assert len({check.new_question(s).question for s in range(10)}) >= 5
    for seed in range(10):
        assert lesson7.scene(seed, -1)[1:3] == (3, 2)
        _, players, rounds, _ = lesson7.scene(seed, 1)
        assert players >= 5 and rounds >= 4


# ---------------------------------------------------------------------- lesson 8 (§12.3, §12.4)
def test_the_closed_routes_prediction_veils_the_panel_then_matches_gamelib():
    table = CnwTable(seats=("human", "courier", "expansionist"), seed=1)
    box = lesson8.variants(table)
    predict, panel = box.children[0], box.children[1]
    assert isinstance(predict, Predict) and all(v.hidden for v in predict.veils)
    assert not any(w is panel.routes for w in boxes_under(panel))
    predict.box.value = "7"  # every dashed route closed
    assert predict.check() is False and any(w is panel.routes for w in boxes_under(panel))
    playable = geo(realismo=True)
    closed = [(a, b) for a, b in playable.routes if b not in playable.adj[a]]
    assert predict.answer() == len(closed) == 2  # §12.3: EZE-JNB, EZE-AKL
    for a, b in closed:
        assert CODES[a] in panel.routes.value and CODES[b] in panel.routes.value


def test_each_wrong_reason_for_the_closed_routes_is_false():
    board = cnw_board.load()
    closed = lesson8.closed_routes(lesson8.realismo_game())
    a, b = closed[0]
    assert not board.gateways[a].hub and not board.gateways[b].hub  # "no_hub", the right one
    kept = [(x, y) for x, y, hub in lesson8.dashed_routes() if hub]
    assert kept and all(board.gateways[x].hub or board.gateways[y].hub for x, y in kept)
    assert all(geo(realismo=True).in_play)  # "region": every gateway in play
    south = board.regions["south_america"].gateways
    assert not any(geo(fiera=True).in_play[list(board.gateways).index(g)] for g in south)
    assert len(kept) >= 1  # "ocean": dashed routes stay open
    far = max(board.distance_km(*r) for r in kept)  # "longest": a longer one stays open
    assert far > board.distance_km(a, b)


def test_a_betrayal_costs_two_sla_never_below_zero_on_the_engine():
    cost = tables.variants()["diplomazia"]["betrayal_sla"]
    assert cost == 2  # §12.4
    for sla in (0, 1, 2, 5):
        left, *_ = lesson8.after_pact_attack("betray", sla)
        assert left == max(0, sla - cost)
        other, *_ = lesson8.after_pact_attack("other", sla)
        assert other == sla
    state, me, attacks = lesson8.pact_scene(1)
    partner = sorted(attacks)[0]
    state = cnw.apply(state, cnw_actions.ProposePact(partner))
    state = cnw.apply(state, cnw_actions.AcceptPact())
    assert state.pacts and cnw.apply(state, attacks[partner]).pacts == []  # the pact ends


def test_a_pact_binds_until_the_proposers_next_turn():
    """The explanation of the "other" case says the pact stays until the proposer's next turn."""
    state, me, attacks = lesson8.pact_scene(1)
    partner = sorted(attacks)[0]
    state = cnw.apply(state, cnw_actions.ProposePact(partner))
    state = cnw.apply(state, cnw_actions.AcceptPact())
    bots = [make_bot("courier", 10 + i) for i in range(state.players)]
    seen_other = False
    while state.pacts:
        seen_other |= state.current != me
        state = cnw.apply(state, bots[cnw.current_player(state)].choose(state))
    assert seen_other and state.current == me


def test_betrayal_questions_vary_adapt_and_say_one_point(lang):
    check = lesson8.l5_betrayal(None)
    assert len({check.new_question(s).question for s in range(10)}) >= 5
    for seed in range(10):
        assert lesson8.pact_setting(seed, -1)[0] == "betray"
        assert lesson8.pact_setting(seed, 1)[0] in ("floor", "other")
    one = "1 SLA point" if lang == "en" else "1 punto SLA"
    seed = next(
        s for s in range(60) if lesson8.pact_setting(s, 1)[:2] == ("floor", 1)
    )  # a betrayal with 1 SLA point
    assert f"has {one}" in check.new_question(seed, level=1).question or (
        f"ha {one}" in check.new_question(seed, level=1).question
    )


# ---------------------------------------------------------------------- lesson 9
def test_the_opener_prediction_veils_the_seat_chart_then_matches_it():
    lab = StrategyLab(games=12)
    predict = lesson9.endings(lab).children[0]
    assert isinstance(predict, Predict) and predict.name == "cnw6-opener-share"
    assert all(v.hidden for v in predict.veils)
    predict.box.value = "33"
    predict.check()  # committing presses Run the games
    assert "run" in lab.shown and predict.revealed
    assert predict.answer() == pytest.approx(lab.seat_fig.data[0].y[0])


def test_each_wrong_reason_for_fiera_is_false():
    fiera_deck, base_deck, subset = lesson9.fiera_shipments()
    assert subset and fiera_deck < base_deck  # "deadlines": the same cards, fewer of them
    game = cnw.new_game(3, seed=0, fiera=True)
    assert all(o < 0 for o in game.objectives)  # "objective_sla": no objective dealt
    assert sla_target(game) == 6 < tables.setup()["sla_to_win"]  # "target", the right one
    bots = [make_bot("courier", i) for i in range(3)]
    while game.phase != st.OPERATIONS:
        game = cnw.apply(game, bots[cnw.current_player(game)].choose(game))
    tx = st.Tx(dataclasses.replace(game, alive=[True, False, False]))
    victory(tx, [0])
    assert tx.s.victory == "domination"  # "domination": still a victory in FIERA


# ---------------------------------------------------------------------- lesson 10
def test_the_hops_prediction_veils_the_table_then_matches_it():
    lab = RealNetworkLab()
    predict = lesson10.designs(lab).children[0]
    assert isinstance(predict, Predict) and all(v.hidden for v in predict.veils)
    predict.box.value = "3"  # spoke, hub, hub, spoke for every pair
    assert predict.check() is False and predict.revealed
    assert predict.answer() == pytest.approx(resilience.measures("hub_and_spoke").mean_hops)
    counts = lesson10.hop_counts()
    pairs = sum(counts.values())
    assert pairs == math.comb(42, 2)
    assert sum(d * n for d, n in counts.items()) / pairs == pytest.approx(predict.answer())
    predict.show_me()
    assert lab.network.value == "hub_and_spoke"
    assert "2.27" in plain(lab.designs_table.value)


def test_each_wrong_reason_for_the_single_points_of_failure_is_false():
    board = cnw_board.load()
    hs, p2p = resilience.network("hub_and_spoke"), resilience.network("point_to_point")
    assert set(hs.nodes) == set(p2p.nodes) == set(board.gateways)  # "gateways"
    assert resilience.measures("point_to_point").articulation_points == ()  # "bridges"
    assert p2p.number_of_edges() == len(board.links)  # the printed board: no air bridges
    assert set(board.hubs) <= set(hs.nodes)  # "hubs": the same 14
    spokes = [g for g in hs.nodes if g not in set(board.hubs)]
    assert all(hs.degree(g) == 1 for g in spokes)  # "one_link", the right one
    assert min(len(board.neighbours(g)) for g in board.gateways) >= 2  # a second way round
    assert resilience.measures("hub_and_spoke").articulation_points


def test_one_gateway_to_go_is_said_as_one(lang):
    one = {"en": "1 gateway to go", "it": "manca 1 gateway"}[lang]
    assert lesson6.said("to_go", 1) == one
    assert lesson6.said("to_go", 2) == {"en": "2 gateways to go", "it": "mancano 2 gateway"}[lang]
    lab = ObjectiveLab()
    own = lesson7.l4_own(lab)
    for seed in range(10):
        v = own.new_question(seed)
        text = v.explanation if isinstance(v.explanation, str) else v.explanation(v.answer)
        if v.answer == 1:
            assert one in text
        else:
            assert f" {v.answer} " in text
