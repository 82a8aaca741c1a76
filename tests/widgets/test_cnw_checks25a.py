"""CNW lessons 1-5 and the review, as issue #25 wants them: a prediction that hides what it asks
about until the learner commits, reasons whose wrong options gamelib refutes (so a rules change
that makes one true fails here), hint ladders that start with the idea, variants that vary and
take a level, counts that agree with their nouns, the rules that were never checked (§7.2's
move-in, §7.4, §8.2, Repositioning, the six phases) asked of gamelib, and the spaced review."""

from __future__ import annotations

import inspect
import re

import pytest

from gamelib import cnw
from gamelib.cnw import battle
from gamelib.cnw import shipments as cnw_shipments
from gamelib.cnw import state as st
from gamelib.cnw.bots import RandomBot
from tests.widgets.checkkit import by_name, plain
from widgets.cnw import placement as placement_lab
from widgets.cnw.battle_lab import BattleLab
from widgets.cnw.board_map import BoardMap
from widgets.cnw.checks import lesson1, lesson2, lesson3, lesson4, lesson5, review
from widgets.cnw.checks.common import _board
from widgets.cnw.components import ComponentsView
from widgets.cnw.elimination import EliminationLab
from widgets.cnw.placement import PlacementLab
from widgets.cnw.shipments import ShipmentLab
from widgets.cnw.turn import TurnWalkthrough
from widgets.i18n import set_language, t
from widgets.kit.check import RIGHT, SHOWN, TRIED, Number
from widgets.kit.check_kinds import Predicts, Reason, boxes_under
from widgets.kit.check_ladder import hint_names_a_control, ladder_faults


@pytest.fixture(autouse=True)
def english():
    """Each test reads the English texts unless it sets its language (the module's lessons are
    built in both)."""
    set_language("en")
    yield
    set_language("en")


def shown(root, css: str) -> bool:
    """Whether the element tagged ``css`` is on the page: in its box and not hidden."""
    found = [x for x in boxes_under(root) if css in getattr(x, "_dom_classes", ())]
    return bool(found) and all(x.layout.display != "none" for x in found)


def steps(lang: str) -> dict[int, list]:
    """Every step's checks of lessons 1-5, built in ``lang``."""
    set_language(lang)
    board_map, lab, ships = BoardMap(), BattleLab(attackers=3, defenders=3), ShipmentLab()
    for name in ("classes", "corridor", "bridges", "deck"):
        ships.panel(name)
    lab.panel("roll")
    box, place, walk = ComponentsView(players=3), PlacementLab(seed=7), TurnWalkthrough(seed=7)
    last = EliminationLab(seed=1)
    return {
        1: [
            lesson1.regions(board_map),
            lesson1.chokepoints(board_map),
            lesson1.attack(),
            lesson1.roll(lab),
        ],
        2: [f(lab) for f in (lesson2.chain, lesson2.battle, lesson2.hub, lesson2.obc)]
        + [lesson2.montecarlo(lab)],
        3: [f(ships) for f in (lesson3.classes, lesson3.corridor, lesson3.bridges, lesson3.deck)],
        4: [lesson4.box(box), lesson4.deal(place), lesson4.placement(place)],
        5: [
            lesson5.turn(walk),
            lesson5.after(walk),
            lesson5.compare(walk),
            lesson5.elimination(last),
        ],
    }


@pytest.fixture(scope="module", params=["en", "it"])
def built(request):
    try:
        yield request.param, steps(request.param)
    finally:
        set_language("en")


# ---------------------------------------------------------------------- the shape (#25)
def test_every_lesson_predicts_asks_why_and_its_hints_start_with_the_idea(built):
    lang, lessons = built
    set_language(lang)
    for n, boxes in lessons.items():
        checks = [c for b in boxes for c in b.children]
        scored = [c for c in checks if c.scored]
        assert any(isinstance(c, Predicts) for c in checks), n
        assert any(isinstance(c, Reason) for c in checks), n
        assert len(checks) <= 15, (n, len(checks))
        for c in scored:
            if isinstance(c, Predicts):
                assert not c.hints, c.name  # a prediction has no hint: the truth follows it
                continue
            assert ladder_faults(c, lang) == [], c.name
            assert not hint_names_a_control(c.hints[0], lang), (c.name, c.hints[0])
        for c in checks:  # a two-option question is followed by a reason, or has a third
            if getattr(c, "radio", None) is not None and not isinstance(c, Reason):
                options = [v for _, v in c.radio.options if v is not None]
                if len(options) == 2:
                    after = checks[checks.index(c) + 1]
                    assert isinstance(after, Reason), c.name


def test_a_ladder_ends_with_the_old_hint():
    lab = BattleLab()
    c = by_name(lesson2.hub(lab))["cnw1-hub-fort"]
    assert len(c.hints) == 3 and c.hints[-1] == t("cnw.checks.lesson1.hub_fort.hint")
    for n in (1, 2, 3):
        c.box.value = "99"
        c.check()
        assert c.hints[n - 1] in c.feedback.value and c.rungs_seen == n


# ---------------------------------------------------------------------- predictions
def test_lesson1_the_roll_chart_stays_hidden_until_predicted_and_matches_it():
    lab = BattleLab(attackers=3, defenders=3)
    lab.panel("roll")
    c = by_name(lesson1.roll(lab))["cnw1-roll-predict"]
    assert lab.roll_box.layout.display == "none"
    one = battle.roll_distribution(1, 1)[(0, 1)]
    c.box.value = f"{100 * float(one) ** 3:.1f}"  # three one-against-one wins: the guess
    assert c.check() is False and c.status == TRIED
    assert lab.roll_box.layout.display != "none"
    assert (lab.attackers.value, lab.defenders.value) == lesson1.PREDICTED_ROLL
    label = t("cnw.battle.outcome", a=0, d=3)
    data = lab.roll_fig.data[0]
    assert 100 * data.y[list(data.x).index(label)] == pytest.approx(c.answer())
    assert c.answer() > 100 * float(one) ** 3 + 5  # the dice are not three separate rolls
    assert "the exact value is 13.8%" in c.feedback.value


def test_lesson2_one_against_one_is_predicted_before_the_chart_and_summary():
    lab = BattleLab(attackers=3, defenders=3)
    lab.panel("roll")
    c = by_name(lesson2.chain(lab))["cnw1-one-on-one"]
    assert lab.roll_box.layout.display == "none" and lab.summary.layout.display == "none"
    c.box.value = "50"  # ties forgotten
    assert c.check() is False
    assert lab.summary.layout.display != "none" and (lab.attackers.value, lab.defenders.value) == (
        1,
        1,
    )
    assert (
        c.answer()
        == pytest.approx(100 * lab.curve_fig.data[3].y[0])
        == pytest.approx(100 * 15 / 36)
    )
    assert "6 ties" in c.feedback.value


def test_lesson3_the_chokepoint_bars_are_veiled_and_the_hubs_take_the_top():
    ships = ShipmentLab()
    panel = ships.panel("bridges")
    c = by_name(lesson3.bridges(ships))["cnw2-top-predict"]
    assert not shown(panel, "cnw-fig-choke")
    c.box.value = str(len(lesson3.hubs_on_top(())))  # the top stays what it was
    assert c.check() is False and shown(panel, "cnw-fig-choke")
    assert len(ships.hubs.value) == len(_board().hubs)
    top = [y.split(" ")[0] for y in ships.choke_fig.data[0].y[: lesson3.TOP]]
    assert c.answer() == sum(code in _board().hubs for code in top)
    assert c.answer() > len(lesson3.hubs_on_top(()))


def test_lesson4_the_plans_table_is_veiled_until_the_prediction():
    lab = PlacementLab(seed=7)
    c = by_name(lesson4.placement(lab))["cnw3-best-plan"]
    assert not shown(lab, "cnw-place-plans-table") and shown(lab, "cnw-place-players-table")
    wrong = next(p for p in lesson4.cnw_placement.PLANS if p not in c.answer())
    c.radio.value = wrong
    assert c.check() is False and shown(lab, "cnw-place-plans-table")
    assert c.check() is None  # one try: the truth is out
    assert lab.plan.value in c.answer()
    assert "Spread" in c.feedback.value


def test_lesson5_the_reinforcements_base_is_predicted_before_the_turn_shows_it():
    walk = TurnWalkthrough(seed=7)
    c = by_name(lesson5.turn(walk))["cnw3-base-predict"]
    assert not shown(walk, "cnw-turn-explain") and not shown(walk, "cnw-turn-log")
    r = lesson5.opener_turn(7).breakdown
    assert c.answer() == r["base"] == max(3, r["gateways"] // 3)
    c.box.value = str(r["gateways"])  # the division forgotten
    assert c.check() is False
    assert shown(walk, "cnw-turn-explain") and shown(walk, "cnw-turn-log")
    while walk.state.phase != st.REINFORCE and walk.step():
        pass
    assert f"<b>{r['total']}</b>" in walk.explain.value  # base + regions + hubs, deployed


def test_show_me_on_a_prediction_reveals_it_and_counts_as_shown():
    lab = BattleLab()
    lab.panel("roll")
    c = by_name(lesson1.roll(lab))["cnw1-roll-predict"]
    c.show_me()
    assert lab.roll_box.layout.display != "none" and c.status == SHOWN and c.first_try is False


# ---------------------------------------------------------------------- reasons
def try_every_wrong_reason(c: Reason, right: str) -> None:
    for _label, value in c.radio.options:
        if value in (None, right):
            continue
        c.radio.value = value
        assert c.check() is False and c.said(value) in c.feedback.value
        assert not re.search(r"\{\w+\}", c.said(value))
    c.radio.value = right
    assert c.check() is True and c.status == RIGHT


def test_ties_why_each_wrong_reason_is_false_in_gamelib():
    lab = BattleLab()
    c = by_name(lesson1.roll(lab))["cnw1-ties-why"]
    assert c.answer() == "third"
    assert battle.resolve_roll([5], [5]) == (1, 0)  # "classic": a tie costs the attacker
    assert "max_defender_dice" not in inspect.signature(battle.attack_dice_for).parameters
    assert battle.attack_dice_for(3) == 3  # "fewer": the attacker's dice are its own
    assert battle.RULES.die_faces == 6  # "bigger": one kind of die for both sides
    assert float(battle.roll_distribution(3, 3)[(3, 0)]) > 0
    three = sum(p for (la, _), p in battle.roll_distribution(3, 3).items() if la >= 2)
    two = sum(p for (la, _), p in battle.roll_distribution(3, 2).items() if la >= 2)
    assert three > two  # the right reason: the third die costs the attacker more
    try_every_wrong_reason(c, "third")


def test_even_why_each_wrong_reason_is_false_in_gamelib():
    lab = BattleLab()
    c = by_name(lesson2.battle(lab))["cnw1-even-why"]
    claims = lesson2.even_claims()
    assert claims["classic"] <= claims["d"] < claims["cnw"]  # "behind": classic keeps one too
    assert claims["dice"] == battle.RULES.max_defend_dice  # "ties": as many dice compared
    assert lesson2._even(claims["d"]) == claims["cnw"]  # no hub in these battles ("hub")
    try_every_wrong_reason(c, "ties")


def test_short_far_why_each_wrong_reason_is_false_in_gamelib():
    ships = ShipmentLab()
    c = by_name(lesson3.deck(ships))["cnw2-short-far-why"]
    v = lesson3.short_claims()
    deck = cnw_shipments.load()
    assert v["dashed"] >= 1 and v["hops"] <= 2  # the right reason
    assert v["without"] != cnw_shipments.INTERCONTINENTAL  # "km": hops decide, not kilometres
    params = list(inspect.signature(cnw_shipments.classify).parameters)
    assert params == ["classes", "hops", "dashed"]  # "sector": the class takes no sector
    assert v["far"] - v["mid"] <= 1 and v["modifier"] <= 0  # "deadline": hardly more time
    assert deck.classes[cnw_shipments.INTERCONTINENTAL].deadline == v["far"]
    try_every_wrong_reason(c, "dashed")


def test_neutral_why_each_wrong_reason_is_false_in_gamelib():
    lab = PlacementLab(seed=7)
    c = by_name(lesson4.deal(lab))["cnw3-neutral-why"]
    v = lesson4.neutral_claims()
    assert v["total"] % 4 and v["four"] == 0  # "divide": 42 / 4 is no whole number either
    assert v["pawns"] > v["total"]  # "pawns": plenty
    assert v["non_hubs"] >= 1  # "hubs": a neutral gateway that is no hub
    assert v["five"] == 2 and v["players"] == "5"  # the right reason
    for n in (3, 4, 6):
        assert placement_lab.dealt(2, n).owner.count(st.NEUTRAL) == 0
    try_every_wrong_reason(c, "aside")


def test_defence_why_each_wrong_reason_is_false_in_gamelib():
    walk = TurnWalkthrough(seed=7)
    c = by_name(lesson5.turn(walk))["cnw3-defence-why"]
    claims = lesson5.defence_claims()
    assert claims == {"present": True, "behind": False, "attacker": False, "hub": False}
    assert "hub" not in inspect.signature(battle.defend_dice_for).parameters
    try_every_wrong_reason(c, "present")


# ---------------------------------------------------------------------- rules never checked
def test_chain_attack_is_never_compulsory_8_2():
    """§8.2: after a roll that leaves both sides standing the engine offers the same attack and
    the end of Operations."""
    attack, after = lesson2.stop_case()
    assert after.phase == st.OPERATIONS
    assert lesson2.stop_answer() == "may_stop"
    c = by_name(lesson2.chain(BattleLab()))["cnw1-stop"]
    assert c.answer() == "may_stop" and attack.source in c.question


def test_a_neutral_gateway_is_occupied_without_dice_7_4():
    """§7.4: no attack on a neutral gateway, an occupation from a linked one, a conquest."""
    assert lesson4.take_neutral() == {"attack": False, "occupy": True, "conquest": True}
    state, source, target = lesson4.neutral_case()
    assert state.owner[list(_board().gateways).index(target)] == st.NEUTRAL
    assert target in _board().neighbours(source) or _board().gateways[source].hub
    c = by_name(lesson4.deal(PlacementLab(seed=7)))["cnw3-take-neutral"]
    assert c.answer() == "occupy" and "{" not in "".join(c.choices())


def test_the_move_in_after_a_conquest_7_2():
    """§7.2: at least the last roll's dice, at most 3, one pawn stays; gamelib's own bounds."""
    cases = lesson5.move_in_cases()
    assert len(cases) >= 20
    for case in cases:
        assert case.least == min(case.dice, case.source_pawns - 1)
        assert case.most == min(3, case.source_pawns - 1)
        assert case.least < case.most  # a choice: the move-in waits for it
    c = Number("t-move-in", new_question=lesson5.l5_move_in(None).new_question, hint="h")
    kinds = set()
    for seed in range(12):
        v = c.new_question(seed)
        case, kind = lesson5._move_in_case(seed)
        kinds.add(kind)
        want = {"least": case.least, "most": case.most}.get(kind, case.most - case.least + 1)
        assert v.answer == want and case.source in v.question
    assert kinds == set(lesson5.MOVE_IN_KINDS)


def test_repositioning_is_one_move_along_your_network_5_4():
    """§5 phase 4: one move a turn, any chain of your own gateways, the source keeps a pawn."""
    cases = lesson5.reposition_cases()
    assert any(not c.linked for c in cases) and any(c.linked for c in cases)
    for case in cases:
        assert case.most == case.pawns - 1 and not case.again


def test_the_six_phases_in_the_order_gamelib_plays_them_5():
    """§5: in seeded games the phases a turn waits in never go backwards."""
    order = review.phase_order()
    main = (st.BRIEFING, st.REINFORCE, st.OPERATIONS, st.REPOSITION, st.DELIVERY)
    assert order == (*main, st.CLOSURE)
    rank = {p: i for i, p in enumerate(order)}
    for seed in range(1, 4):
        state = cnw.new_game(["A", "B", "C"], seed=seed)
        bots = [RandomBot(seed * 10 + i) for i in range(3)]
        last = None
        for _ in range(1500):
            if cnw.is_over(state):
                break
            key = (state.round, state.current)
            if state.phase in rank:
                if last is not None and last[0] == key:
                    assert rank[state.phase] >= last[1], (seed, state.phase)
                last = (key, rank[state.phase])
            state = cnw.apply(state, bots[cnw.current_player(state)].choose(state))
    c = by_name(lesson5.after(TurnWalkthrough(seed=7)))["cnw3-phases"]
    assert c.answer() == order
    c.put(tuple(reversed(order)))
    assert c.check() is False
    c.put(order)
    assert c.check() is True


# ---------------------------------------------------------------------- variants and levels
def distinct(check, level: int = 0) -> int:
    return len({plain(check.new_question(s, level=level).question) for s in range(10)})


def test_variants_vary_and_follow_their_level():
    lab = BattleLab()
    ships = ShipmentLab()
    walk = TurnWalkthrough(seed=7)
    checks = {
        **by_name(lesson1.roll(lab)),
        **by_name(lesson2.obc(lab)),
        **by_name(lesson3.corridor(ships)),
        **by_name(lesson3.bridges(ships)),
        **by_name(lesson5.after(walk)),
    }
    for name in (
        "cnw1-all-fall",
        "cnw1-obc-side",
        "cnw2-corridor-gateways",
        "cnw2-three-hubs",
        "cnw3-move-in",
        "cnw3-reposition",
    ):
        for level in (-1, 0, 1):
            assert distinct(checks[name], level) >= 5, (name, level)
    for seed in range(1, 20):
        a, d, _ = lesson1._all_fall(seed, -1)
        assert min(a, d) == 1  # one comparison
        assert lesson1._all_fall(seed, 1)[0] == 3
        a, d, hub = lesson2._obc_battle(seed, -1)
        assert min(a, d) == 1 and not hub and (a, d) != (1, 1)
        a, d, _ = lesson2._obc_battle(seed, 1)
        assert max(a, d) == 3 and a + d >= 4
        assert lesson3._corridor_card(seed, -1).klass == cnw_shipments.REGIONAL
        assert lesson3._corridor_card(seed, 1).klass == cnw_shipments.INTERCONTINENTAL
        assert len(lesson3.three_hubs(seed, -1)) == 2 and len(lesson3.three_hubs(seed, 1)) == 4
        case, kind = lesson5._move_in_case(seed, -1)
        assert kind == "least" and case.source_pawns - 1 > 3
        assert lesson5._move_in_case(seed, 1)[0].source_pawns - 1 <= 3
    easy = checks["cnw3-reposition"].new_question(3, level=-1)
    assert "linked to it" in easy.question


def test_the_deal_questions_take_a_level():
    """Level -1 deals the 42 gateways evenly (3 or 6 players), +1 unevenly (4 or 5)."""
    lab = PlacementLab(seed=7)
    deal = by_name(lesson4.deal(lab))
    for seed in range(12):
        assert 42 % lesson4.players_of(seed, -1) == 0
        assert 42 % lesson4.players_of(seed, 1) != 0
    for name in ("cnw3-to-place", "cnw3-neutral"):
        for level in (-1, 0, 1):
            assert distinct(deal[name], level) >= 5, (name, level)
    neutral = deal["cnw3-neutral"]
    assert all(neutral.new_question(s, level=-1).answer == 0 for s in range(6))
    assert any(neutral.new_question(s, level=1).answer == 2 for s in range(6))


def test_no_obc_question_at_any_level_has_two_right_answers():
    for level in (-1, 1):
        for seed in range(60):
            a, d, hub = lesson2._obc_battle(seed, level)
            gain_a, gain_d = lesson2.obc_gains(a, d, hub)
            assert abs(gain_a - gain_d) > 1e-9, (a, d, hub)


# ---------------------------------------------------------------------- counts and nouns
def test_a_count_of_one_agrees_with_its_noun():
    lab = BattleLab()
    c = by_name(lesson1.roll(lab))["cnw1-all-fall"]
    for lang, one, many in (("en", "1 pair", "pawn(s)"), ("it", "1 sola coppia", "pedina(e)")):
        set_language(lang)
        try:
            v = c.new_question(1, level=-1)
            assert one in v.question and many not in v.question
            solo = next(x for x in lesson5.move_in_cases() if x.dice == 1)
            said = t("cnw.checks.lesson5n.move_in.question_least_one", **vars_of(solo))
            assert ("1 die" if lang == "en" else "1 dado") in said
            reinforce = t("cnw.checks.review.reinforce.question_one", g=7, h=1, r=0)
            assert ("1 of them a hub" if lang == "en" else "1 dei quali hub") in reinforce
            dice = t("cnw.checks.review.attack_dice.explain_one", pawns=2, rolling=1, dice=1)
            assert ("so 1 die" if lang == "en" else "quindi 1 dado") in dice
        finally:
            set_language("en")


def vars_of(case) -> dict:
    return {
        "src": case.source_pawns,
        "dice": case.dice,
        "source": case.source,
        "target": case.target,
    }


# ---------------------------------------------------------------------- the review
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_review_asks_three_questions_on_earlier_lessons(lang):
    set_language(lang)
    try:
        for lesson in range(2, 11):
            r = review.before(lesson)
            names = [c.name for c in r.checks]
            assert names == [f"cnw-review{lesson}-{k}" for k in (1, 2, 3)]
            asked = review.spread(lesson, review.random.Random(f"cnw-review:{lesson}:0"))
            assert all(n < lesson for n, _ in asked)
            assert [c.question for c in review.before(lesson).checks] == [
                c.question for c in r.checks
            ]  # the same seed, the same questions: a class shares them
            for c in r.checks:
                assert c.in_review and not re.search(r"\{\w+\}", c.question)
                assert ladder_faults(c, lang) == []
                c.show_me()
                assert not re.search(r"\{\w+\}", c.feedback.value)
        assert {f.__name__ for _, f in review.spread(2, review.random.Random(1))} <= {
            f.__name__ for f in review.POOLS[1]
        }
    finally:
        set_language("en")


def test_the_review_answers_are_gamelibs():
    rng = review.random.Random(3)
    c = review.phases("x-phases", rng)
    assert c.answer() == review.phase_order()
    c = review.tie("x-tie", rng)
    assert c.answer() == "attacker"  # a tie costs the attacker (§7.2)
    c = review.hub_pair("x-hub", rng)
    assert c.answer() == "attacker"  # the hub's +1 turns a lost pair into a tie (§8.3)
    c = review.move_in("x-move", rng)
    case = next(x for x in lesson5.move_in_cases() if f"holds {x.source_pawns} pawns" in c.question)
    assert c.answer() == min(case.dice, case.source_pawns - 1)
    c = review.neutral_count("x-neutral", review.random.Random(7))
    n = int(re.search(r"A game of (\d) players", c.question).group(1))
    assert c.answer() == (2 if n == 5 else 0)
