"""Helpers shared by the AirWar rule tests (fixtures only; no test lives here)."""

from __future__ import annotations

import pytest

import gamelib.airwar as aw
from gamelib.airwar.actions import (
    AddInterceptor,
    AddToMission,
    Attack,
    Intercept,
    PassBattle,
    ScrambleDone,
    SendMission,
)
from gamelib.airwar.scenario import build, play

BIG_BASES = {"axis": ["ax-lae", "ax-rabaul"], "allies": ["al-midway", "al-henderson", "al-moresby"]}


class Combat:
    """Drive a raid to its Combat phase with known cards, then duel by card name."""

    @staticmethod
    def start(
        mission,
        interceptors,
        attacker="axis",
        target="resources",
        stage="airbase",
        attacker_extra=(),
        defender_extra=(),
        **kw,
    ):
        defender = "allies" if attacker == "axis" else "axis"
        kw.setdefault("bases", BIG_BASES)
        s = build(
            active=attacker,
            stage=stage,
            turn=3 if attacker == "axis" else 4,
            hands={
                attacker: list(mission) + list(attacker_extra),
                defender: list(interceptors) + list(defender_extra),
            },
            **kw,
        )
        actions = [Attack(target)] + [AddToMission(c) for c in mission] + [SendMission()]
        actions += [AddInterceptor(c) for c in interceptors] + [ScrambleDone()]
        return play(s, actions)

    @staticmethod
    def intercept(s, interceptor, mission_card):
        return aw.apply(s, Intercept(interceptor, s.raid.mission.index(mission_card)))

    @staticmethod
    def resolve(s):
        """Both players pass the Battle window."""
        while s.step == "battle":
            s = aw.apply(s, PassBattle())
        return s


@pytest.fixture
def combat():
    return Combat
