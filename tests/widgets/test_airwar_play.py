"""The AirWar table a new player can play alone (issue #13): no card id anywhere; interceptors
and the mission picked as one group of ticks and one button, the rules greying out what no longer
fits; blind intercepts one button per interceptor; a card looked at from a list; a raid's damage
with why; a recap of what you lost and won; decisions with one answer played unasked."""

from __future__ import annotations

import random
import re

import pytest

import gamelib.airwar as game
from gamelib.airwar import actions as A
from gamelib.airwar import scenario
from widgets.airwar.table import AirWarTable
from widgets.airwar.words import raid_why
from widgets.session import Session

RAW_ID = re.compile(r"\b(?:ax|al)-[a-z0-9]+(?:-\d+)?\b")
ZEROS = ["ax-zero-1", "ax-zero-2", "ax-zero-3", "ax-zero-4", "ax-zero-5", "ax-oscar-1"]


def raid_on_lae() -> object:
    """The Allies raid the Axis resources; the Axis (one airbase, Lae: capacity 4) hold six
    fighters: the defender must choose which four at most fly."""
    state = scenario.build(
        active="allies",
        stage="airbase",
        bases={"axis": ["ax-lae"], "allies": ["al-midway"]},
        hands={"axis": ZEROS, "allies": ["al-sbd-1", "al-sbd-2", "al-wildcat-1"]},
        seed=3,
    )
    return scenario.play(
        state,
        [
            A.Attack("resources"),
            A.AddToMission("al-sbd-1"),
            A.AddToMission("al-sbd-2"),
            A.SendMission(),
        ],
    )


@pytest.fixture
def defender() -> AirWarTable:
    table = AirWarTable(seats=("human", "planner"), seed=1)
    table._start(Session.start(game, raid_on_lae()), ["human", "planner"])
    assert table.state.step == "scramble" and table.human_to_move()
    return table


def test_interceptors_are_one_group_of_ticks_and_the_rules_grey_what_no_longer_fits(defender):
    boxes = list(defender.group_boxes.children)
    legal = [a.card for a in game.legal_actions(defender.state) if isinstance(a, A.AddInterceptor)]
    assert [b.card for b in boxes] == legal and len(boxes) == 6
    assert not any(isinstance(b.action, A.AddInterceptor) for b in defender.actions.children[:-1])
    go = defender.actions.children[-1]
    assert go.description == "No interceptors: let the raid through"
    for b in boxes[:4]:
        b.value = True
    assert go.description == "Scramble these 4 interceptors"
    assert [b.disabled for b in boxes] == [False] * 4 + [True, True]  # Lae holds 4
    boxes[0].value = False
    assert not any(b.disabled for b in boxes)
    boxes[4].value = True
    chosen = [b.card for b in boxes if b.value]
    go.click()
    log = defender.session.log
    assert [a.card for a in log if isinstance(a, A.AddInterceptor)] == chosen
    assert A.ScrambleDone() in log


def test_a_refused_group_changes_nothing(defender):
    """A fifth tick forced past the greyed boxes (as a stale page could send): the rules refuse
    it on a copy, the notice says why, and nothing was played."""
    before = defender.save_text()
    boxes = defender.group_boxes.children
    for b in boxes[:4]:
        b.value = True
    boxes[4].value = True  # greyed out: Lae holds 4
    assert not defender.confirm_group()
    assert "lesson-error" in defender.notice.value and "§Fase Intercetto" in defender.notice.value
    assert defender.save_text() == before and defender.state.step == "scramble"


def test_the_mission_starts_with_what_fits_ticked_and_one_button_sends_it():
    table = AirWarTable(seats=("human", "planner"), seed=1)
    for _ in range(10):  # mobilise what is offered, then attack: the launch step
        if table.state.step == "launch":
            break
        table.actions.children[-1].click()
    assert table.state.step == "launch"
    boxes = table.group_boxes.children
    ticked = [b.card for b in boxes if b.value]
    assert ticked and all(b.disabled for b in boxes if not b.value)  # the rest does not fit
    go = table.actions.children[-1]
    assert go.description == f"Send the mission with these {len(ticked)} aircraft"
    go.click()
    sent = [a.card for a in table.session.log if isinstance(a, A.AddToMission)]
    assert sent == ticked and A.SendMission() in table.session.log


def test_blind_intercepts_are_one_button_per_interceptor(defender):
    for b in defender.group_boxes.children[:2]:
        b.value = True
    defender.actions.children[-1].click()
    assert defender.state.step == "combat"
    intercepts = [b for b in defender.actions.children if isinstance(b.action, A.Intercept)]
    legal = [a for a in game.legal_actions(defender.state) if isinstance(a, A.Intercept)]
    assert len(legal) > len(intercepts) >= 1  # one per interceptor, not per face-down card
    assert {b.description for b in intercepts} == {
        "A6M2 Zero intercepts a face-down card (picked blindly)"
    }


def test_no_card_id_on_any_button_log_notice_or_recap():
    for seats in (("human", "planner"), ("planner", "human")):
        table = AirWarTable(seats=seats, seed=2)
        rng = random.Random(2)
        for _ in range(80):
            if game.is_over(table.state):
                break
            shown = [b.description for b in table.actions.children]
            shown += [b.description for b in table.group_boxes.children]
            shown += [
                table.prompt.value,
                table.recap.value,
                table.notice.value,
                table.log_view.value,
            ]
            shown += [label for label, _ in table.lookup.options]
            assert not any(RAW_ID.search(x) for x in shown), [x for x in shown if RAW_ID.search(x)]
            rng.choice(table.offers()).press()


def test_a_raids_damage_says_why():
    table = AirWarTable(seats=("planner", "planner"), seed=3)  # bots to the end
    history = table.session.history
    whys = [
        raid_why(history, j, ev)
        for j, s in enumerate(history)
        for ev in s.events
        if ev.get("type") == "damage"
    ]
    assert whys and all("Reached the target:" in w for w in whys)
    assert any("Shot down on the way:" in w and " by " in w for w in whys)
    assert any("Reached the target: nobody" not in w for w in whys)


def test_the_recap_says_what_you_lost_and_won_and_the_lookup_shows_a_card():
    table = AirWarTable(seats=("human", "planner"), seed=1)
    while game.current_player(table.state) == 0 and table.state.active == 0:
        table.actions.children[-1].click()  # the Axis turn, then the bot's raids
    recap = re.sub(r"<[^>]+>", " ", table.recap.value)
    assert "For you , since your last decision:" in recap
    assert "What happened, first to last:" in recap
    assert re.search(r"your Industry \d+ → \d+, your Convoy \d+ → \d+", recap)
    assert re.search(r"the enemy Industry \d+ → \d+, the enemy Convoy \d+ → \d+", recap)
    name, cid = table.lookup.options[1]
    table.lookup.value = cid
    assert "airwar-card" in table.lookup_view.value and name in table.lookup_view.value


def test_a_decision_with_one_answer_is_played_unasked(defender, monkeypatch):
    assert defender.auto_answer(0) is None  # six fighters to choose from: ask
    monkeypatch.setattr(game, "legal_actions", lambda s: [A.ScrambleDone()])
    assert defender.auto_answer(0) == A.ScrambleDone()


def test_the_raid_lesson_says_why_too():
    from widgets.airwar.raid import RaidStepper

    raid = RaidStepper(seed=4, target="resources")
    raid.run_to_end()
    while "Damage:" not in raid.explain.value and raid.session.can_back():
        raid.back()
    assert "Damage:" in raid.explain.value and "Reached the target:" in raid.explain.value
