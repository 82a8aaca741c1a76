"""The checks of AirWar lesson 4 (play a game): the first mission a full mobilisation allows
and the bots' game to its end."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import ipywidgets as w

import gamelib.airwar as game
from gamelib.airwar import actions as A
from gamelib.airwar import cards, rules, scenario
from gamelib.airwar.bots import PlannerBot
from gamelib.core import play_out
from widgets.airwar.cardtexts import card_name
from widgets.airwar.checks.common import (
    _names,
    _side_options,
    ladder,
)
from widgets.airwar.deck import side_label
from widgets.i18n import t
from widgets.kit.check import Choice, Number, Reflect, Variant, lesson_score, stack
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.table import counted

_t = CheckTexts("airwar", "lesson4")


def opening_airbases(seed: int) -> list[str]:
    """The airbases in the Axis opening hand at ``seed`` (the table's new game)."""
    s = game.new_game(2, seed=seed)
    return [c for c in s.hand[0] if cards.card(c).kind == "airbase"]


def opening_mission(seed: int) -> tuple[int, int]:
    """(mission size with Lae alone, with every airbase of the opening hand mobilised)."""
    s = game.new_game(2, seed=seed)
    before = rules.attack_capacity(s, 0, "airbase")
    for base in opening_airbases(seed):
        s = game.apply(s, A.Mobilise(base))
    return before, rules.attack_capacity(s, 0, "airbase")


def l4_opening(table: Any) -> Predict:
    """Predict, then see: the first mission's size once every airbase in hand is mobilised (the
    table's sides, with each base's Capacity, hidden until the prediction)."""
    seed = table.seed.value
    before, after = opening_mission(seed)
    start = cards.constants()["start_bases"]["axis"]
    return Predict(
        "aw4-opening",
        _t("opening", "question_predict", seed=seed, base=card_name(start), cap=before),
        after,
        reveals=find_tagged(table, "airwar-sides"),
        inside=table,
        explanation=_t(
            "opening",
            "explain",
            before=before,
            after=after,
            names=_names(opening_airbases(seed)),
        )
        + " "
        + _t("opening", "explain_gap", before=before, added=after - before, after=after),
    )


def l4_keep_home(table: Any) -> Reflect:
    return _t.reflect("aw4-keep-home", "keep_home")


def l4_table(table: Any) -> w.VBox:
    """The first turn: the mission a full mobilisation allows; keeping a fighter home."""
    return stack(l4_opening(table), l4_keep_home(table))


@cache
def bots_game(seed: int) -> Any:
    """The game "Let the bots play to the end" plays from a new game at ``seed``: the planner on
    both seats (a human seat's stand-in), seeded ``seed * 10 + seat`` like the table's bots."""
    return bots_play(seed)[0]


@cache
def bots_play(seed: int) -> tuple[Any, tuple[str, ...]]:
    """(final state, the side of every sunk Convoy in order) of the bots' game at ``seed``."""
    start = game.new_game(2, seed=seed)
    sunk: list[str] = []

    def watch(state: Any, _action: Any) -> None:
        sunk.extend(ev["side"] for ev in state.events if ev.get("type") == "convoy_sunk")

    final = play_out(game, start, {p: PlannerBot(seed * 10 + p) for p in (0, 1)}, on_action=watch)
    return final, tuple(sunk)


def _finish_new(table: Any) -> None:
    """A new game at the table's seed, played to the end by the bots (the table's buttons)."""
    table.new_game()
    table.finish()


def l4_winner(table: Any) -> Choice:
    seed = table.seed.value

    def winner() -> str:
        won = game.winners(bots_game(seed))
        return game.SIDES[won[0]] if won else ""

    return Choice(
        "aw4-winner",
        _t("winner", "question", seed=seed),
        winner,
        options=_side_options(),
        explanation=lambda side: _t(
            "winner",
            "explain",
            side=side_label(side) if side else "—",
            turn=bots_game(seed).turn,
            industry=" / ".join(str(x) for x in bots_game(seed).industry),
        ),
        on_explain=lambda: _finish_new(table),
        **ladder(_t, "winner"),
    )


WINNER_REASONS = ("turns", "convoy", "industry", "bases")  # the options, in the page's order
OTHER_SEED = 2  # a second bots' game, to show that wars do not last a set number of turns


def l4_winner_why(table: Any) -> Reason:
    """Why the bots' war ends where it does: pick the reason (§Carta Industria)."""
    seed = table.seed.value

    def facts() -> dict[str, Any]:
        final, sunk = bots_play(seed)
        other = bots_game(seed + OTHER_SEED)
        won = game.winners(final)
        loser = 1 - won[0] if won else 0
        k = cards.constants()
        return {
            "turn": final.turn,
            "other_seed": seed + OTHER_SEED,
            "other_turn": other.turn,
            "sunk": len(sunk),
            "loss": k["convoy_zero_industry_loss"],
            "convoy": k["convoy"],
            "bases": len(final.bases[loser]),
            "loser": side_label(game.SIDES[loser]),
            "industry": final.industry[loser],
        }

    counts = {"why_convoy": "sunk", "why_bases": "bases"}  # the count a text's noun agrees with

    def said(key: str) -> Any:
        def text(_answer: Any) -> str:
            f = facts()
            name = key
            if key == "why_bases" and not f["bases"]:
                name = "why_bases_none"
            elif key in counts:
                name = counted(key, f[counts[key]])
            return _t("winner_why", name, **f)

        return text

    return Reason(
        "aw4-winner-why",
        _t("winner_why", "question", seed=seed),
        "industry",
        options=[(_t("winner_why", r), r) for r in WINNER_REASONS],
        explanations={
            "industry": said("model"),
            "turns": said("why_turns"),
            "convoy": said("why_convoy"),
            "bases": said("why_bases"),
        },
        on_explain=lambda: _finish_new(table),
        **ladder(_t, "winner_why"),
    )


def l4_convoys(table: Any) -> Number:
    seed = table.seed.value
    k = cards.constants()
    return Number(
        "aw4-convoys",
        _t("convoys", "question", seed=seed),
        lambda: len(bots_play(seed)[1]),
        explanation=lambda n: _t(
            "convoys",
            "explain",
            n=n,
            sides=", ".join(side_label(x) for x in bots_play(seed)[1]) or "—",
            loss=k["convoy_zero_industry_loss"],
            cards=k["convoy_zero_discards"],
            convoy=k["convoy"],
        ),
        on_explain=lambda: _finish_new(table),
        **ladder(_t, "convoys"),
    )


def l4_end(table: Any) -> w.VBox:
    """The bots' game to the end: who brings the other's Industry to 0 (§Carta Industria) and
    why the war ends there, and what sunk Convoys cost (§Carta Convoglio)."""
    return stack(l4_winner(table), l4_winner_why(table), l4_convoys(table))


# ---------------------------------------------------------------------- when a base falls
ALLIED_BASES = ("al-midway", "al-henderson", "al-moresby", "al-espiritu", "al-milne")
GROUNDED = ("al-wildcat-1", "al-p40-1", "al-sbd-1", "al-b17-1", "al-p38-1", "al-pby-1")
HEAVY = ("ax-betty-1", "ax-betty-2", "ax-betty-3", "ax-nell", "ax-val-1", "ax-val-2", "ax-kate-1")
LIGHT = ("ax-mavis-1", "ax-mavis-2")  # Bombing 1: what makes any total reachable


def fall_setting(seed: int, level: int = 0) -> tuple[str, list[str], list[str]]:
    """(the Allied base raided, its grounded aircraft, the Axis mission) of variant ``seed``.
    Level -1: 2 aircraft on the base and Bombing well over its Defense; 0: 1 to its Capacity
    aircraft, the raid falling or not; +1: as many aircraft as the base holds and Bombing at
    its Defense or one short (the edge of "maggiore o uguale")."""
    rng = random.Random(f"aw4-fall:{seed}:{level}")
    base = rng.choice(ALLIED_BASES)
    room, defense = cards.card(base).capacity, cards.card(base).defense
    n = {-1: 2, 0: rng.randint(1, room), 1: room}[max(-1, min(1, level))]
    planes = rng.sample(GROUNDED, n)
    goal = {-1: defense + 3, 0: defense + rng.choice((-2, 0, 1, 3)), 1: defense - seed % 2}
    return base, planes, mission_of(goal[max(-1, min(1, level))], rng)


def mission_of(bombing: int, rng: random.Random) -> list[str]:
    """An Axis mission whose Bombing adds up to exactly ``bombing`` (heavy bombers first, then
    Bombing-1 aircraft for the rest)."""
    heavy = [c for c in HEAVY if cards.card(c).bombing == 3]
    rng.shuffle(heavy)
    threes, ones = divmod(bombing, 3)
    if threes > len(heavy):
        threes, ones = len(heavy), bombing - 3 * len(heavy)
    mission = heavy[:threes] + list(LIGHT[:ones])
    assert sum(cards.card(c).bombing for c in mission) == bombing, bombing
    return mission


def base_falls(base: str, planes: list[str], mission: list[str]) -> tuple[Any, Any]:
    """The engine's play of the raid: (the state before it, the state once it has landed). The
    Axis send ``mission`` against ``base`` from Lae, Rabaul and Truk; no interceptor rises (the
    Allies' aircraft are all grounded on the base); the Allies lose the first aircraft the
    engine offers when the base falls. The Axis hold a carrier, so the play stops at their
    Carrier stage, before any Mobilisation takes aircraft back to a hand."""
    others = [b for b in ALLIED_BASES if b != base][:1]
    s = scenario.build(
        hands={"axis": mission, "allies": []},
        bases={"axis": ["ax-lae", "ax-rabaul", "ax-truk"], "allies": [base, *others]},
        carriers={"axis": ["ax-akagi"]},
        grounded={"allies": {base: planes}},
    )
    start = s
    s = game.apply(s, A.Attack(base))
    for c in mission:
        s = game.apply(s, A.AddToMission(c))
    s = game.apply(s, A.SendMission())
    while s.raid is not None:
        s = game.apply(s, rules.legal_actions(s)[0])
    return start, s


def fall_outcome(base: str, planes: list[str], mission: list[str]) -> dict[str, Any]:
    """What the engine did: the damage, whether the base fell, the aircraft back in hand and
    those lost."""
    start, end = base_falls(base, planes, mission)
    back = [c for c in planes if c in end.hand[1]]
    lost = [c for c in planes if c in end.discard[1]]
    return {"back": back, "lost": lost, "fell": base not in end.bases[1], "end": end}


def falls_variant(seed: int, level: int = 0) -> Variant:
    """One question about the aircraft on a raided airbase (§Basi Aeree), seeded, levelled."""
    base, planes, mission = fall_setting(seed, level)
    bombing = sum(cards.card(c).bombing for c in mission)
    defense = cards.card(base).defense
    values = {
        "base": card_name(cards.card(base)),
        "defense": defense,
        "bombers": ", ".join(
            t(
                "airwar.checks.lesson4.falls.bomber",
                name=card_name(cards.card(c)),
                bombing=cards.card(c).bombing,
            )
            for c in mission
        ),
        "n": len(planes),
        "planes": ", ".join(card_name(cards.card(c)) for c in planes),
        "bombing": bombing,
    }

    def explain(answer: float) -> str:
        out = fall_outcome(base, planes, mission)
        if not out["fell"]:
            return t(counted("airwar.checks.lesson4.falls.explain_held", len(planes)), **values)
        key = "explain_alone" if len(planes) == 1 else counted("explain_fell", int(answer))
        return t(
            f"airwar.checks.lesson4.falls.{key}",
            **values,
            back=int(answer),
            lost=", ".join(card_name(cards.card(c)) for c in out["lost"]),
        )

    return Variant(
        t(counted("airwar.checks.lesson4.falls.question", len(planes)), **values),
        lambda: len(fall_outcome(base, planes, mission)["back"]),
        explain,
    )


def l4_base_falls() -> Number:
    """§Basi Aeree: the aircraft on a destroyed base: one discarded, the rest back to hand."""
    return Number("aw4-falls", new_question=falls_variant, **ladder(_t, "falls"))


def l4_falls() -> w.VBox:
    """§Basi Aeree: what a destroyed airbase costs beyond itself."""
    return stack(l4_base_falls())


# The steps as the notebook calls them: ``checks.<step>(widget)``.
table = l4_table
end = l4_end
falls = l4_falls
score = lesson_score
