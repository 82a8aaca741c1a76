"""Logiquo's checks that make students think (issue #25): every lesson predicts before its chart
shows the answer, picks a reason (each wrong reason's claim checked here against gamelib or the
widget, so a rules change that makes one true fails), climbs hint ladders that start from the
idea, draws seeded variants that change the case and follow the learner's level, says 1 as one,
opens with a review from lesson 2 on, and checks the rules it used to leave unchecked
(§Struttura.4–6, §Scarto, the Pentaqo)."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from gamelib import logiquo as game
from gamelib.logiquo import actions, cards, coverage, odds
from gamelib.logiquo import threat_model as tm
from tests.widgets.checkkit import by_name, widget_fixture
from widgets.i18n import set_language, t
from widgets.kit.check import RIGHT, SHOWN, TRIED, Check
from widgets.kit.check_kinds import Predicts, Reason, boxes_under
from widgets.kit.check_ladder import hint_names_a_control, ladder_faults
from widgets.kit.review import Review
from widgets.logiquo.checks import lesson1, lesson2, lesson3, lesson4, lesson5, review
from widgets.logiquo.deck import CardBrowser, CoverageLab
from widgets.logiquo.ending import EndingView, bots_game
from widgets.logiquo.free_rider import FreeRiderLab
from widgets.logiquo.odds_lab import OddsLab
from widgets.logiquo.strategy import StrategyLab
from widgets.logiquo.table import LogiquoTable
from widgets.logiquo.threat_model import Coverage, KillChain, Profile

ROOT = Path(__file__).resolve().parents[2]
GAMES = 100  # lesson 4's labs in tests: small seeded runs, the same check code
browser = widget_fixture(CardBrowser)


def shows(root, css: str) -> bool:
    """Whether an element with ``css`` is in view inside ``root`` (not behind a veil)."""
    return any(css in x._dom_classes for x in boxes_under(root))


def veiled(root) -> bool:
    return any("check-veil" in x._dom_classes for x in boxes_under(root))


# ---------------------------------------------------------------------- every lesson's checks
def lesson_checks(lang: str = "en") -> dict[int, list]:
    """Every check of the five lessons, built as the pages build them (lesson 4 on small labs)."""
    set_language(lang)
    try:
        cover, lab, view = CoverageLab(), OddsLab(), EndingView(seed=1)
        cover.panel("cover"), lab.panel("hand")
        strategy, rider = StrategyLab(games=GAMES), FreeRiderLab(games=GAMES)
        cov = Coverage()
        boxes = {
            1: [
                lesson1.browse(CardBrowser()),
                lesson1.matrix(cover),
                lesson1.network(cover),
                lesson1.cover(cover),
                lesson1.depth(cover),
            ],
            2: [lesson2.hand(lab), lesson2.category(lab), lesson2.montecarlo(lab)],
            3: [
                lesson3.table(LogiquoTable()),
                lesson3.effects(CardBrowser()),
                lesson3.winner(view),
                lesson3.ending(EndingView(seed=1, ending="deck_out")),
            ],
            4: [
                lesson4.policies(strategy),
                lesson4.sweep(strategy),
                lesson4.specials(strategy),
                lesson4.free_riders(rider, strategy),
                lesson4.more_games(None),
            ],
            5: [
                lesson5.kill_chain(KillChain()),
                lesson5.groups(cov),
                lesson5.functions(cov),
                lesson5.profile(Profile(players=4)),
            ],
        }
        found = {n: [c for b in bs for c in b.children] for n, bs in boxes.items()}
        found[2].append(lesson2.chain(lab))
        return found
    finally:
        set_language("en")


@pytest.fixture(scope="module")
def every() -> dict[int, list]:
    return lesson_checks()


def kind_of(check) -> str:
    return type(check).__name__


def test_every_lesson_predicts_and_gives_a_scored_reason(every):
    for n, found in every.items():
        kinds = {kind_of(c) for c in found}
        assert kinds & {"Predict", "PredictChoice"}, f"lesson {n} predicts nothing"
        assert "Reason" in kinds, f"lesson {n} has no reason"
        assert len(found) <= 15, f"lesson {n}: {len(found)} checks"


def test_a_two_option_question_is_followed_by_its_reason(every):
    for found in every.values():
        for i, c in enumerate(found):
            if kind_of(c) == "Choice" and len(c.choices()) == 2:
                assert i + 1 < len(found) and isinstance(found[i + 1], Reason), c.name


@pytest.mark.parametrize("lang", ["en", "it"])
def test_no_hint_starts_with_a_control_and_every_ladder_is_sound(lang):
    found = lesson_checks(lang)
    found[6] = list(review.before(2).checks)  # the reviews' checks are scored too
    for k in (3, 4, 5):
        found[6] += review.before(k).checks
    for checks in found.values():
        for c in checks:
            if not getattr(c, "scored", False) or isinstance(c, Predicts):
                continue
            assert ladder_faults(c, lang) == [], c.name
            assert not hint_names_a_control(c.hints[0], lang), (c.name, c.hints[0])


def test_a_ladder_keeps_the_old_hint_as_its_last_rung(every):
    tactic = next(c for c in every[1] if c.name == "logiquo1-tactic")
    assert len(tactic.hints) == 3 and tactic.hints[-1] == t("logiquo.checks.lesson1.tactic.hint")
    for n in (1, 2, 3):
        tactic.radio.value = next(v for _, v in tactic.radio.options if v not in tactic.answer())
        tactic.check()
        assert tactic.hints[n - 1] in tactic.feedback.value and tactic.rungs_seen == n


# ---------------------------------------------------------------------- predict, then see
def test_lesson1_predicts_the_half_cover_behind_its_veil():
    cover = CoverageLab()
    panel = cover.panel("cover")
    c = by_name(lesson1.cover(cover))["logiquo1-half"]
    assert veiled(panel) and not shows(panel, "logiquo-fig-cover")
    assert cover.cover_info not in list(boxes_under(panel))
    total = len(cards.by_kind("threat"))
    assert str(total // 2) in c.question and str(lesson1.most_listed()) in c.question
    c.box.value = str(total // 2)  # one card a threat: the guess the step is after
    assert c.check() is False and c.status == TRIED
    assert shows(panel, "logiquo-fig-cover") and c.box.disabled
    steps = coverage.greedy_cover()
    k = c.answer()
    assert cover.budget.value == k and steps[k - 1].covered >= total / 2 > steps[k - 2].covered
    assert math.ceil((total / 2) / lesson1.most_listed()) <= k  # the bound the text gives
    assert "the exact value is" in c.feedback.value


def test_lesson2_predicts_the_even_hand_behind_its_veil():
    lab = OddsLab()
    panel = lab.panel("hand")
    c = by_name(lesson2.hand(lab))["logiquo2-even"]
    assert veiled(panel) and not shows(panel, "logiquo-fig-hand")
    naive = lesson2.naive_even()
    c.box.value = str(naive)
    assert c.check() is False  # adding one card's chance is the misconception
    assert shows(panel, "logiquo-fig-hand") and lab.hand.value == c.answer()
    assert float(odds.p_random_threat(naive)) < 0.5 <= naive * float(odds.p_random_threat(1))
    assert lab.hand_fig.data[2].y[0] >= 0.5


def test_lesson3_predicts_the_deck_out_length_behind_its_veil():
    deck_view = EndingView(seed=1, ending="deck_out")
    c = by_name(lesson3.ending(deck_view))["logiquo3-predict-end"]
    assert deck_view.result not in list(boxes_under(deck_view))
    c.radio.value = "shorter"  # losing players ends it sooner: the misconception
    assert c.check() is False and deck_view.result in list(boxes_under(deck_view))
    assert c.answer() == lesson3.deck_out_length(1) == "longer"
    # the explanation's claim: on the same deal the deck-out game is never shorter
    for seed in range(1, 41):
        assert bots_game(seed, "deck_out").turn >= bots_game(seed, "first_zero").turn


def test_lesson4_predicts_where_gifts_add_turns_behind_its_veil():
    lab = StrategyLab(games=GAMES)
    c = by_name(lesson4.policies(lab))["logiquo4-gain"]
    assert not shows(lab, "logiquo-fig-turns") and lab.summary not in list(boxes_under(lab))
    c.show_me()  # before a prediction: shown, revealed, not right
    assert c.status == SHOWN and c.first_try is False and shows(lab, "logiquo-fig-turns")


def test_lesson5_predicts_what_ig1_stops_behind_its_veil():
    cov = Coverage()
    c = by_name(lesson5.groups(cov))["lq5-ig1-stops"]
    assert not shows(cov, "logiquo-real-igchart") and cov.summary not in list(boxes_under(cov))
    one = tm.ig_coverage()[1]
    c.box.value = str(round(52 * len(one.controls) / len(cards.by_kind("countermeasure"))))
    assert c.check() is False  # the share of the cards is not the share of the threats
    assert shows(cov, "logiquo-real-igchart") and c.answer() == len(one.stopped)
    assert str(len(one.stopped)) in cov.summary.value


# ---------------------------------------------------------------------- pick the reason
def test_lesson1_easier_why_each_wrong_reason_is_false():
    f = lesson1.easier_facts()
    assert f["kerb_logiquo"] is not False  # "forbids a Logiquo" is false
    assert f["kerb_need"] == 1  # "needs two countermeasures" is false
    assert f["n_phish"] > f["n_kerb"]  # the right reason: more cards list it
    # involvement does not change which cards count: the good cards are the mitigators (+Logiquo)
    for c in (f["phish"], f["kerb"]):
        logiquo = len(cards.by_kind("logiquo")) if c.special.get("logiquo", True) else 0
        assert odds.good_cards(c.number) == len(coverage.mitigators(c.number)) + logiquo


def test_lesson1_tail_each_wrong_reason_is_false():
    f = lesson1.tail_facts()
    assert any(n > a for n, a in zip(f["listed"], f["added"], strict=True))  # not short cards
    assert f["best_other"] == f["added"]  # greedy took the best each time
    assert f["unpicked"] > 0  # the deck did not run out
    assert max(f["added"]) <= 2


def test_lesson2_few_each_wrong_reason_is_false():
    f = lesson2.few_facts()
    assert f["p_hand"] < 0.4  # "about half" is false
    assert f["p_logiquo"] < 0.2  # "a good chance of a Logiquo" is false
    assert f["p_table"] > 0.8 > f["p_hand"]  # pooled hands: the right reason
    assert f["p_table"] == pytest.approx(1 - _miss(f["table"]))  # the table's cards, pooled


def _miss(k: int) -> float:
    """The mean chance that k cards miss a random threat (gamelib's per-threat odds)."""
    ts = cards.by_kind("threat")
    return sum(1 - float(odds.p_hand_stops(k, c.number)) for c in ts) / len(ts)


def test_lesson3_restore_why_each_wrong_reason_is_false():
    f = lesson3.restore_facts()
    assert f["after"] == f["hand"] + 1  # a player not active draws (a Pentaqo)
    assert f["deck"] > 0  # the deck has not run out
    final, history = lesson3.played(2, lesson3.COOP)
    gifts = 0
    for i, (before, action) in enumerate(history[:-1]):
        if isinstance(action, actions.AcceptOffer) and before.offer["ask"] is None:
            giver, after = before.offer["from"], history[i + 1][0]
            assert len(after.data[giver]) == len(before.data[giver])  # a gift is not paid
            gifts += 1
    assert gifts, "a cooperative game gives"
    # the right reason (§Struttura.5): a restore comes right after a neutralisation, to the
    # player who neutralised (a threat whose special rules forbid the redraw has none)
    for seed in range(1, 6):
        final, _history = lesson3.played(seed, lesson3.COOP)
        for i, e in enumerate(final.events):
            if e["type"] == "restore":
                before = final.events[i - 1]
                assert before["type"] == "neutralised" and before["player"] == e["player"]
                assert e["n"] <= len(before["cards"])


def test_lesson4_two_players_each_wrong_reason_is_false():
    a, b = lesson4.COMPARED
    assert odds.hand_size_for(a) > odds.hand_size_for(b)  # not fewer cards with two
    # gifts are legal with two players: a two-player game's collaboration offers one
    _final, history = lesson3.played(1, ("cooperative", "cooperative"))
    assert any(isinstance(x, actions.OfferCard) for _s, x in history)
    lab = StrategyLab(games=GAMES)
    reason = by_name(lesson4.policies(lab))["logiquo4-two-players"]
    coop, selfish = lesson4.gains(lab, lesson4.settings(lab))[a]
    assert selfish > 5 and coop > selfish  # not "too short": gifts still add turns
    assert reason.answer() == "one_giver"
    assert lesson4.number(selfish) in reason.said("short")


def test_lesson5_next_why_the_right_reasons_are_computed():
    f = lesson5.next_facts()
    ig1 = tm.ig_profile(1)
    assert f["code"] in tm.best_additions(ig1)[0]
    assert all(code.startswith("C") for code in ig1)  # no Logiquo in a profile
    assert f["most"] >= 4 > f["gain"] or f["gain"] == f["most"]  # "at most three" is false
    assert len(f["already"]) + len(f["open"]) + len(f["new"]) == len(f["listed"])
    assert len(f["new"]) == f["gain"]
    c = lesson5.l5_next_why()
    right = {r for r, holds in (("already", f["already"]), ("short", f["open"])) if holds}
    assert c.answer() == right and right


# ---------------------------------------------------------------------- variants that vary
VARIED = ("logiquo3-givers", "logiquo3-longer", "logiquo3-winner", "logiquo3-decider")


def variant_fns(every) -> dict[str, object]:
    found = {c.name: c for cs in every.values() for c in cs if getattr(c, "new_question", None)}
    return {name: c.new_question for name, c in found.items()}


def test_every_new_question_draws_different_cases(every):
    fns = variant_fns(every)
    assert {*VARIED, "logiquo3-reason", "logiquo3-struck"} <= set(fns)
    for name, fn in fns.items():
        texts = {fn(seed).question for seed in range(1, 11)}
        assert len(texts) >= 5, (name, len(texts))


def test_levels_change_the_case_as_they_claim():
    for seed in range(1, 8):
        easy, hard = (lesson3._givers_variant(seed, level=v).question for v in (-1, 1))
        assert "2 seats" in easy and "4 seats" in hard
        easy, hard = (lesson3._longer_variant(seed, level=v).question for v in (-1, 1))
        assert "At seed" in easy and "2 bots" in easy and "4 bots" in hard
        low, high = lesson3.seed_at_level(seed, -1), lesson3.seed_at_level(seed, 1)
        assert bots_game(low, "first_zero").decided_by == "data"
        assert bots_game(high, "first_zero").decided_by not in ("data", "last_standing")
        out = bots_game(lesson3.reason_seed(seed, -1), "deck_out").end_reason
        assert out == "last_standing"
        players, threat = lesson3.struck_case(seed, -1)
        assert threat.involvement == "single" and players <= 3
        players, threat = lesson3.struck_case(seed, 1)
        assert threat.involvement == "all" and players >= 5


# ---------------------------------------------------------------------- the rules of a turn
@pytest.mark.parametrize("level", [-1, 0, 1])
def test_an_unstopped_threat_strikes_as_its_involvement_says(browser, level):
    """§Struttura.4, §Carte Minaccia: Singolo strikes the active player, Multiplo everyone."""
    c = lesson3.l3_struck(browser)
    for seed in range(6):
        v = c.new_question(seed, level=level)
        players, threat = lesson3.struck_case(seed, level)
        struck = players if threat.involvement == "all" else 1
        assert v.answer == 3 * players - struck * threat.impacts[0]["n"]
        assert f"{3 * players} in all" in v.question


def test_a_count_of_one_is_said_as_one():
    one = next(s for s in range(50) if lesson3.struck_case(s, -1)[1].impacts[0]["n"] == 1)
    for lang, words in (("en", "lose 1 Data card,"), ("it", "perdere 1 Carta Dati")):
        set_language(lang)
        try:
            v = lesson3._struck_variant(None, one, level=-1)
            assert words in v.question and "1 Data cards" not in v.question
            said = v.explanation if isinstance(v.explanation, str) else v.explanation(v.answer)
            assert ("1 Data card goes" if lang == "en" else "1 Carta Dati va") in said
        finally:
            set_language("en")


def test_a_pentaqo_is_spent_for_two_cards(browser):
    """§Carte speciali di Controllo: 'da diritto a ricevere 2 Carte Controlli aggiuntive'."""
    c = lesson3.l3_pentaqo(browser)
    before, after = lesson3.after_pentaqo()
    assert c.answer() == after == before - 1 + 2
    state, pentaqo = lesson3.pentaqo_case()
    later = game.apply(state, actions.PlayPentaqo(pentaqo))
    assert pentaqo in later.control_discard and pentaqo not in later.hands[state.active]


def test_the_old_threat_goes_to_the_discard_pile_for_good(browser):
    """§Struttura.6 and §Scarto: cleared at the passing of the turn, never recovered."""
    c = lesson3.l3_old_threat(browser)
    assert c.answer() == "discard"
    for seed in range(1, 6):
        final, _history = lesson3.played(seed, lesson3.COOP)
        revealed = [e["card"] for e in final.events if e["type"] == "threat"]
        assert len(revealed) == len(set(revealed))  # no threat is faced twice


# ---------------------------------------------------------------------- the reviews
@pytest.mark.parametrize("lesson", [2, 3, 4, 5])
def test_each_review_asks_three_seeded_computed_questions(lesson):
    r = review.before(lesson)
    assert isinstance(r, Review) and len(r.checks) == 3
    assert [c.name for c in r.checks] == [f"logiquo-review{lesson}-{k}" for k in (1, 2, 3)]
    again = review.before(lesson)
    assert [c.question for c in again.checks] == [c.question for c in r.checks]
    other = [review.before(lesson, seed=s) for s in range(1, 6)]
    assert len({tuple(c.question for c in x.checks) for x in other}) > 1
    for c in r.checks:
        assert isinstance(c, Check) and c.answer() is not None and "{" not in c.question
        c.show_me()
        assert c.status == SHOWN


def test_review_answers_follow_gamelib():
    r2 = review.before(2)
    threat = re.search(r"list (T\d\d)", r2.checks[0].question).group(1)
    assert r2.checks[0].answer() == len(coverage.mitigators(int(threat[1:])))
    forbid = r2.checks[1].answer()
    assert cards.by_code(forbid).special.get("logiquo") is False
    g = int(re.search(r"and (\d+) countermeasures list it", r2.checks[2].question).group(1))
    assert r2.checks[2].answer() == math.comb(g, 2)
    r4 = review.before(4)
    players = int(re.search(r"when (\d) play", r4.checks[1].question).group(1))
    assert r4.checks[1].answer() == odds.hand_size_for(players)
    with pytest.raises(ValueError):
        review.before(1)


@pytest.mark.parametrize("lang", ["", "it/"])
def test_lessons_two_to_five_open_with_the_review(lang):
    heading = (
        "## Ripasso · tre domande dalle lezioni precedenti"
        if lang
        else "## Review · three questions from earlier lessons"
    )
    for n, name in enumerate(
        ("02_odds_of_defense", "03_play_together", "04_strategy_lab", "05_the_real_threat_model"), 2
    ):
        cells = json.loads((ROOT / f"notebooks/{lang}logiquo/{name}.ipynb").read_text())["cells"]
        at = next(i for i, c in enumerate(cells) if "start_lesson(" in "".join(c["source"]))
        md, code = ("".join(c["source"]) for c in cells[at + 1 : at + 3])
        assert md.startswith(heading + "\n\n") and len(md.split("\n\n")) == 2
        assert code == f"from widgets.logiquo.checks import review\n\nreview.before({n})"


def test_predictions_and_right_answers_are_scored_once(every):
    """A prediction is one try: right or not, the check is settled."""
    c = lesson2.l2_even(OddsLab())
    c.box.value = str(c.answer())
    assert c.check() is True and c.status == RIGHT and c.check() is None
