"""Lesson 4's setup and lesson 5's elimination checks (§2, §4, §7.5) agree with the widgets beside
them: after "show me" the widget shows the check's answer; a wrong answer gets the hint, a right
one the explanation; "new question" draws another seeded variant that agrees too."""

from __future__ import annotations

import re

import pytest

from gamelib import cnw
from gamelib.cnw import scenarios
from gamelib.cnw import state as st
from widgets.cnw import placement as placement_lab
from widgets.cnw.checks import lesson4, lesson5
from widgets.cnw.components import ComponentsView
from widgets.cnw.elimination import EliminationLab
from widgets.cnw.placement import PlacementLab
from widgets.cnw.turn import TurnWalkthrough
from widgets.kit.check import Check, Reflect
from widgets.kit.strategy import number


def by_name(box) -> dict[str, Check | Reflect]:
    return {c.name: c for c in box.children}


@pytest.fixture(scope="module")
def box() -> ComponentsView:
    return ComponentsView()


@pytest.fixture(scope="module")
def lab() -> PlacementLab:
    return PlacementLab(seed=7)


@pytest.fixture(scope="module")
def last() -> EliminationLab:
    return EliminationLab(seed=1)


def shown_after(step, name: str, presses: int) -> Check:
    """The check ``name`` of a step's checks after ``presses`` "new question" and a "show me"."""
    c = by_name(step)[name]
    for _ in range(presses):
        c.next_question()
    c.show_me()
    return c


def answer_wrong_then_right(check: Check, wrong: str, right: str) -> None:
    """A wrong try shows the hint; the right one shows the explanation."""
    check.box.value = wrong
    assert check.check() is False
    assert "Not yet" in check.feedback.value and check.hint in check.feedback.value
    check.box.value = right
    assert check.check() is True
    assert "Right" in check.feedback.value and check.explain() in check.feedback.value


# ---------------------------------------------------------------------- §2 the box
def test_the_deck_check_is_the_number_the_box_shows(box):
    c = by_name(lesson4.box(box))["cnw3-deck"]
    assert f"{c.answer()} cards in all" in box.table.value
    answer_wrong_then_right(c, "42", str(c.answer()))


@pytest.mark.parametrize("presses", range(4))
def test_the_pawns_check_sets_the_players_and_the_box_shows_its_answer(box, presses):
    c = shown_after(lesson4.box(box), "cnw3-all-pawns", presses)
    each = int(re.search(r"(\d+) each with (\d+) players", box.table.value).group(1))
    assert box.players.value * each == c.answer()
    answer_wrong_then_right(c, str(c.answer() + 1), str(c.answer()))


# ---------------------------------------------------------------------- §4 the placement round
@pytest.mark.parametrize("presses", range(4))
def test_the_pawns_to_place_check_matches_the_deal_the_lab_shows(lab, presses):
    c = shown_after(lesson4.deal(lab), "cnw3-to-place", presses)
    assert lab.players.value == lesson4.players_of(c.seed, c.level) and lab.seed.value == c.seed
    assert f"<b>{c.answer()}</b> pawns left to place" in lab.deal.value
    answer_wrong_then_right(c, str(c.answer() - 1), str(c.answer()))


@pytest.mark.parametrize("presses", range(3))
def test_the_best_plan_check_is_the_lowest_row_of_the_plans_table(lab, presses):
    c = shown_after(lesson4.placement(lab), "cnw3-best-plan", presses)
    assert lab.plan.value in c.answer()
    shown = {
        plan: placement_lab.expected_lost(*lab.key[:2], plan)
        for plan in lesson4.cnw_placement.PLANS
    }
    for lost in shown.values():
        assert number(lost, 1) in lab.per_plan.value
    assert c.answer() == {p for p, x in shown.items() if x == min(shown.values())}
    # a prediction since issue #25: "show me" revealed the plans' table and counts as shown
    assert c.status == "shown" and c.first_try is False and c.revealed


@pytest.mark.parametrize("presses", range(3))
def test_the_most_open_check_is_a_red_line_on_the_map(lab, presses):
    c = shown_after(lesson4.placement(lab), "cnw3-most-open", presses)
    code = lab.map.gateway.value
    assert code in c.answer() and c.value() == code  # the map's choice is the check's
    threats = lab.map._overlay_paths["threats"]
    assert any(path[-1] == code for path in threats)
    assert code in lab.per_player.value
    other = next(x for _, x in c.radio.options if x and x not in c.answer())
    c.radio.value = other
    assert c.check() is False and c.hint in c.feedback.value


def test_changing_the_plan_repaints_the_map(lab):
    lab.set(seed=7, players=3, plan="spread")
    before = [list(tr.text) for tr in lab.map.region_traces]
    lab.set(plan="stack")
    assert [list(tr.text) for tr in lab.map.region_traces] != before


def test_the_placement_reflection_has_a_model_answer(lab):
    r = by_name(lesson4.placement(lab))["cnw3-why-placement"]
    r.show_me()
    assert r.model() in r.feedback.value and "§4" in r.model()


# ---------------------------------------------------------------------- §7.5 elimination
@pytest.mark.parametrize("presses", range(4))
def test_the_elimination_checks_match_the_hands_after_the_attack(last, presses):
    checks = by_name(lesson5.elimination(last))
    cards, tris = checks["cnw3-elim-cards"], checks["cnw3-elim-tris"]
    for _ in range(presses):
        cards.next_question()
        tris.next_question()
    cards.show_me()
    assert last.seed.value == cards.seed
    assert not last.state.alive[scenarios.VICTIM]
    assert len(last.state.hands[scenarios.ATTACKER]) == cards.answer()
    assert not last.state.hands[scenarios.VICTIM]
    tris.show_me()
    forced = last.state.phase == st.ELIM_TRIS
    assert tris.answer() == ("yes" if forced else "no")
    assert last.tris_button.disabled is not forced
    answer_wrong_then_right(cards, str(cards.answer() + 2), str(cards.answer()))
    if forced:
        last.play_tris()
        assert last.state.phase == st.OPERATIONS and last.tris_played
        assert len(last.state.hands[scenarios.ATTACKER]) < 5


@pytest.mark.parametrize("presses", range(4))
def test_the_neutral_check_is_the_count_the_deal_shows(lab, presses):
    c = shown_after(lesson4.deal(lab), "cnw3-neutral", presses)
    assert lab.players.value == lesson4.players_of(c.seed, c.level)
    assert f"; {c.answer()} neutral" in lab.deal.value
    assert (c.answer() > 0) == (lab.players.value == 5)
    answer_wrong_then_right(c, str(c.answer() + 1), str(c.answer()))


# ---------------------------------------------------------------------- §10.2 expiry
def passive(state):
    """Ends every phase it may, delivers and attacks nothing: shipments can only expire."""
    legal = cnw.legal_actions(state)
    end = [a for a in legal if isinstance(a, cnw.EndPhase)]
    return end[0] if end else legal[0]


@pytest.mark.parametrize("presses", range(3))
def test_the_expiry_check_is_the_turn_the_engine_discards_the_shipment(presses):
    walk = TurnWalkthrough(seed=7)
    c = shown_after(lesson5.turn(walk), "cnw3-expiry", presses)
    state = walk.state  # the walk-through replayed at the question's seed, after the round
    assert walk.seed.value == c.seed and walk.mover == state.first
    card = min(state.shipments[state.first], key=lambda x: x[1])[0]
    while any(x[0] == card for x in state.shipments[state.first]):
        state = cnw.apply(state, passive(state))
    assert state.current == state.first and state.round == c.answer()
    answer_wrong_then_right(c, str(c.answer() - 1), str(c.answer()))


def test_the_box_follows_the_player_count():
    view = ComponentsView(players=3)
    three = view.table.value
    view.players.value = 6
    assert view.table.value != three
    assert "25 each with 6 players" in view.table.value and "Anthracite Grey" in view.table.value
    assert "Anthracite Grey" not in three
