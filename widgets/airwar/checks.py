"""The checks of AirWar lessons 1–4: every "Try this" question answered in the page.

Each function builds the checks under one widget of a lesson (``lesson2.carrier(stepper)``): the
right answer is computed from ``gamelib.airwar`` (the decks, capacity, the set-up, a replayed
seeded raid, the exact odds, a seeded bots' game), never typed in, and ``on_explain`` moves the
widget beside the check to the state that shows it. The texts are ``airwar.checks.<lesson>.
<name>.*`` in the catalog. The card values are this project's design (the rulebook prints
none), and the explanations say so where a value is asked. Nothing here decides a rule.
"""

from __future__ import annotations

import math
import random
from functools import cache
from types import SimpleNamespace
from typing import Any

import ipywidgets as w

import gamelib.airwar as game
from gamelib.airwar import actions as A
from gamelib.airwar import cards, odds, rules, scenario
from gamelib.airwar.bots import PlannerBot
from gamelib.core import play_out
from widgets.airwar.deck import card_types, side_label
from widgets.airwar.odds_lab import MAX_MISSION, fighters
from widgets.airwar.raid import CARRIER_TARGET, raid_damage, replay, start_position
from widgets.i18n import t
from widgets.kit.check import Choice, Number, Pick, Reflect, Variant, lesson_score, stack
from widgets.kit.strategy import percent


def _t(lesson: str, name: str, part: str, /, **values: Any) -> str:
    return t(f"airwar.checks.{lesson}.{name}.{part}", **values)


def _hint(lesson: str, name: str) -> dict[str, str]:
    return {"hint": _t(lesson, name, "hint")}


def _side_options() -> list[tuple[str, str]]:
    return [(side_label(s), s) for s in game.SIDES]


# ====================================================================== lesson 1
L1 = "lesson1"


def _zero() -> cards.Card:
    return next(c for c, _ in card_types("axis", "aircraft") if c.name.endswith("Zero"))


def zero_killers() -> list[cards.Card]:
    """Allied aircraft types that destroy a Zero in a duel: Air-to-Air at least its Defense."""
    zero = _zero()
    return [c for c, _ in card_types("allies", "aircraft") if c.air_to_air >= zero.defense]


def l1_zero_killers(browser: Any) -> Number:
    zero, killers = _zero(), zero_killers()
    everyone = len(card_types("allies", "aircraft"))

    def show() -> None:
        browser.side.value = "allies"
        browser.kind.value = "aircraft"
        browser.x_stat.value = "air_to_air"
        browser.y_stat.value = "defense"

    return Number(
        "aw1-zero-killers",
        _t(L1, "zero_killers", "question", defense=zero.defense, total=everyone),
        len(killers),
        explanation=_t(
            L1,
            "zero_killers",
            "explain",
            defense=zero.defense,
            a2a=zero.air_to_air,
            kills=sum(
                1 for c, _ in card_types("allies", "aircraft") if zero.air_to_air >= c.defense
            ),
            total=everyone,
            names=", ".join(f"{c.name} ({c.air_to_air})" for c in killers) or "—",
        ),
        on_explain=show,
        **_hint(L1, "zero_killers"),
    )


def best_bombers() -> set[str]:
    """Aircraft types (first card's id) with the highest Bombing of both decks."""
    planes = [c for c, _ in card_types("", "aircraft")]
    top = max(c.bombing for c in planes)
    return {c.id for c in planes if c.bombing == top}


def _bomber(c: cards.Card) -> str:
    return t("airwar.checks.bomber", name=c.name, bombing=c.bombing, defense=c.defense)


def l1_best_bomber(browser: Any) -> Pick:
    planes = [c for c, _ in card_types("", "aircraft")]
    by = {c.id: c for c in planes}
    best = best_bombers()
    heavy = [c for c in planes if c.bombing >= 3]
    wildcat = best_fighter("axis")  # the best Allied interceptor

    def show() -> None:
        browser.side.value = ""
        browser.kind.value = "aircraft"
        browser.x_stat.value = "bombing"
        browser.y_stat.value = "defense"

    return Pick(
        "aw1-best-bomber",
        _t(L1, "best_bomber", "question"),
        best,
        options=[(f"{c.name} ({side_label(c.side)})", c.id) for c in planes],
        explanation=_t(
            L1,
            "best_bomber",
            "explain",
            best=", ".join(_bomber(by[i]) for i in sorted(best)),
            heavy=", ".join(f"{c.name} {c.defense}" for c in heavy),
            die=sum(1 for c in heavy if c.defense <= wildcat.air_to_air),
            fighter=wildcat.name,
            a2a=wildcat.air_to_air,
        ),
        on_explain=show,
        **_hint(L1, "best_bomber"),
    )


def l1_browser(browser: Any) -> w.VBox:
    """The decks: what shoots a Zero down, the heaviest bomber and its Defense."""
    return stack(l1_zero_killers(browser), l1_best_bomber(browser))


def l1_deck_left(view: Any) -> Number:
    k = cards.constants()
    left = len(view.state.deck[0])
    return Number(
        "aw1-deck-left",
        _t(L1, "deck_left", "question"),
        left,
        explanation=_t(
            L1, "deck_left", "explain", cards=k["deck_size"], hand=k["hand_size"], left=left
        ),
        **_hint(L1, "deck_left"),
    )


def l1_first(view: Any) -> Choice:
    first = game.SIDES[view.state.active]
    return Choice(
        "aw1-first",
        _t(L1, "first", "question"),
        first,
        options=_side_options(),
        explanation=_t(L1, "first", "explain", side=side_label(first)),
        **_hint(L1, "first"),
    )


def l1_setup(view: Any) -> w.VBox:
    """§Il Gioco: what is left in the deck after the deal, and who plays first."""
    return stack(l1_deck_left(view), l1_first(view))


START = cards.constants()["start_bases"]["allies"]
SECOND = "al-moresby"


def _builder(side: str) -> cards.Card:
    return next(c for c in cards.load()[side] if c.effect == "base_capacity")


def _set_calc(calc: Any, bases: tuple[str, ...], builder: str = "", carriers=()) -> None:
    calc.side.value = "allies"
    calc.carriers.value = tuple(carriers)
    calc.bases.value = bases
    calc.builder.value = builder


def _allies_position(bases: list[str], builder: str = "", carriers=()) -> Any:
    war = {"allies": {_builder("allies").id: builder}} if builder else {}
    return scenario.build(
        active="axis",
        bases={"allies": bases, "axis": [cards.constants()["start_bases"]["axis"]]},
        carriers={"allies": list(carriers)},
        war=war,
    )


def l1_first_raid(calc: Any) -> Number:
    state = _allies_position([START])
    n = rules.attack_capacity(state, 1, "airbase")
    return Number(
        "aw1-first-raid",
        _t(L1, "first_raid", "question"),
        n,
        explanation=_t(L1, "first_raid", "explain", base=cards.card(START).name, n=n),
        on_explain=lambda: _set_calc(calc, (START,)),
        **_hint(L1, "first_raid"),
    )


def more_interceptors() -> tuple[int, int]:
    """Interceptors against a raid on the resources: Midway alone, then with Port Moresby and
    the builder War card on it."""
    before = sum(rules.scramble_room(_allies_position([START]), "resources"))
    after = sum(rules.scramble_room(_allies_position([START, SECOND], builder=SECOND), "resources"))
    return before, after


def l1_more_interceptors(calc: Any) -> Number:
    before, after = more_interceptors()
    return Number(
        "aw1-more-interceptors",
        _t(
            L1,
            "more_interceptors",
            "question",
            base=cards.card(SECOND).name,
            war=_builder("allies").name,
        ),
        after - before,
        explanation=_t(
            L1,
            "more_interceptors",
            "explain",
            before=before,
            after=after,
            extra=cards.card(SECOND).capacity,
            war=_builder("allies").name,
        ),
        on_explain=lambda: _set_calc(calc, (START, SECOND), builder=SECOND),
        **_hint(L1, "more_interceptors"),
    )


def l1_carrier_room(calc: Any) -> Number:
    state = _allies_position([START], carriers=[CARRIER_TARGET])
    n = rules.attack_capacity(state, 1, "carrier")
    return Number(
        "aw1-carrier-room",
        _t(L1, "carrier_room", "question", carrier=cards.card(CARRIER_TARGET).name),
        n,
        explanation=_t(L1, "carrier_room", "explain", carrier=cards.card(CARRIER_TARGET).name, n=n),
        on_explain=lambda: _set_calc(calc, (START,), carriers=(CARRIER_TARGET,)),
        **_hint(L1, "carrier_room"),
    )


def l1_second_base(calc: Any) -> Reflect:
    return Reflect(
        "aw1-second-base",
        _t(L1, "second_base", "question"),
        _t(L1, "second_base", "model", extra=cards.card(SECOND).capacity),
    )


def l1_capacity(calc: Any) -> w.VBox:
    """Capacity: the first raid, the interceptors a second base adds, the Carrier stage's room."""
    return stack(
        l1_first_raid(calc),
        l1_more_interceptors(calc),
        l1_carrier_room(calc),
        l1_second_base(calc),
    )


lesson1 = SimpleNamespace(
    browser=l1_browser, setup=l1_setup, capacity=l1_capacity, score=lesson_score
)


# ====================================================================== lesson 2
L2 = "lesson2"


@cache
def raid(seed: int, target: str) -> tuple[Any, ...]:
    """The states of the seeded raid the stepper shows (replayed once per seed and target)."""
    return tuple(replay(seed, target))


def shot_down(seed: int, target: str = "resources") -> list[str]:
    """The Axis aircraft destroyed in the raid at ``seed``."""
    states = raid(seed, target)
    first, last = states[0], states[-1]
    table = cards.by_id()
    return [c for c in last.discard[0] if c not in first.discard[0] and table[c].kind == "aircraft"]


def arrived(seed: int, target: str) -> list[str]:
    """The attacking aircraft that reached the target (the engine's announcement)."""
    found: list[str] = []
    for s in raid(seed, target)[1:]:
        for ev in s.events:
            if ev.get("type") == "arrived":
                found = list(ev["cards"])
    return found


def _run(stepper: Any, seed: int, target: str) -> None:
    """Move the stepper to ``target`` and ``seed`` and play its raid to the end."""
    stepper.target.value = target
    stepper.seed.value = seed
    stepper.restart()
    stepper.run_to_end()


def _names(ids: list[str]) -> str:
    table = cards.by_id()
    return ", ".join(table[c].name for c in ids) or "—"


def _seed_of(seed: int, start: int) -> int:
    return start if seed == 0 else random.Random(f"aw2:{seed}").randint(0, 99)


def l2_shot_down(stepper: Any) -> Number:
    start = stepper.seed.value

    def variant(seed: int) -> Variant:
        s = _seed_of(seed, start)
        return Variant(
            _t(L2, "shot_down", "question", seed=s),
            lambda: len(shot_down(s)),
            lambda n: _t(L2, "shot_down", "explain", seed=s, n=n, names=_names(shot_down(s))),
            on_explain=lambda: _run(stepper, s, "resources"),
        )

    return Number("aw2-shot-down", new_question=variant, **_hint(L2, "shot_down"))


def l2_industry(stepper: Any) -> Number:
    s = stepper.seed.value

    def lost() -> int:
        return raid_damage(list(raid(s, "resources"))).get("industry", 0)

    return Number(
        "aw2-industry",
        _t(L2, "industry", "question", seed=s),
        lost,
        explanation=lambda n: _t(
            L2, "industry", "explain", n=n, names=_names(arrived(s, "resources"))
        ),
        on_explain=lambda: _run(stepper, s, "resources"),
        **_hint(L2, "industry"),
    )


def l2_midway(stepper: Any) -> Choice:
    s = stepper.seed.value
    target = cards.constants()["start_bases"]["allies"]

    def damage() -> dict[str, Any]:
        return raid_damage(list(raid(s, target)))

    return Choice(
        "aw2-midway",
        _t(L2, "midway", "question", seed=s),
        lambda: "yes" if damage().get("destroyed") else "no",
        options=[(t("airwar.checks.yes"), "yes"), (t("airwar.checks.no"), "no")],
        explanation=lambda _a: _t(
            L2,
            "midway",
            "explain",
            damage=damage().get("damage", 0),
            defense=damage().get("defense", 0),
            names=_names(arrived(s, target)),
        ),
        on_explain=lambda: _run(stepper, s, target),
        **_hint(L2, "midway"),
    )


def l2_raid(stepper: Any) -> w.VBox:
    """The Airbase stage's raid: what the interceptors shot down, the Industry lost, Midway."""
    return stack(l2_shot_down(stepper), l2_industry(stepper), l2_midway(stepper))


def carrier_damage(seed: int) -> tuple[int, int]:
    """(damage that reached the Enterprise, the same aircraft's Carrier attack undoubled)."""
    dmg = raid_damage(list(raid(seed, CARRIER_TARGET))).get("damage", 0)
    table = cards.by_id()
    plain = sum(table[c].carrier_attack for c in arrived(seed, CARRIER_TARGET))
    return dmg, plain


def l2_carrier_damage(stepper: Any) -> Number:
    s = stepper.seed.value
    defense = cards.card(CARRIER_TARGET).defense
    return Number(
        "aw2-carrier-damage",
        _t(L2, "carrier_damage", "question", seed=s),
        lambda: carrier_damage(s)[0],
        explanation=lambda n: _t(
            L2,
            "carrier_damage",
            "explain",
            n=n,
            names=_names(arrived(s, CARRIER_TARGET)),
            x=cards.constants()["carrier_stage_carrier_attack_multiplier"],
            defense=defense,
        ),
        on_explain=lambda: _run(stepper, s, CARRIER_TARGET),
        **_hint(L2, "carrier_damage"),
    )


def l2_undoubled(stepper: Any) -> Number:
    s = stepper.seed.value
    return Number(
        "aw2-undoubled",
        _t(L2, "undoubled", "question"),
        lambda: carrier_damage(s)[1],
        explanation=lambda n: _t(
            L2,
            "undoubled",
            "explain",
            n=n,
            doubled=carrier_damage(s)[0],
            defense=cards.card(CARRIER_TARGET).defense,
        ),
        on_explain=lambda: _run(stepper, s, CARRIER_TARGET),
        **_hint(L2, "undoubled"),
    )


def l2_carrier_fighters(stepper: Any) -> Choice:
    """Which Allied fighter in hand may not defend the Enterprise in the Carrier stage."""
    hand = start_position(stepper.seed.value, CARRIER_TARGET).hand[1]  # no replay yet
    table = cards.by_id()
    planes = [c for c in hand if table[c].kind == "aircraft"]
    grounded = {c for c in planes if not table[c].carrier_based}
    return Choice(
        "aw2-carrier-fighters",
        _t(L2, "carrier_fighters", "question"),
        grounded,
        options=[(table[c].name, c) for c in planes],
        explanation=_t(L2, "carrier_fighters", "explain", names=_names(sorted(grounded))),
        on_explain=lambda: _run(stepper, stepper.seed.value, CARRIER_TARGET),
        **_hint(L2, "carrier_fighters"),
    )


def l2_carrier(stepper: Any) -> w.VBox:
    """§Stadio Portaerei, §Portaerei: who may defend, the doubled Carrier attack."""
    return stack(l2_carrier_fighters(stepper), l2_carrier_damage(stepper), l2_undoubled(stepper))


def after_raid(seed: int, target: str) -> str:
    """Who plays and in which stage once the raid has landed (§Fine del Turno)."""
    last = raid(seed, target)[-1]
    return f"{game.SIDES[last.active]}-{last.stage}"


NEXT = ("axis-carrier", "axis-airbase", "allies-mobilisation", "axis-mobilisation")


def l2_next_turn(stepper: Any) -> Choice:
    s = stepper.seed.value
    return Choice(
        "aw2-next-turn",
        _t(L2, "next_turn", "question"),
        lambda: after_raid(s, CARRIER_TARGET),
        options=[(t(f"airwar.checks.next.{n}"), n) for n in NEXT],
        explanation=lambda _a: _t(
            L2, "next_turn", "explain", turn=raid(s, CARRIER_TARGET)[-1].turn
        ),
        on_explain=lambda: _run(stepper, s, CARRIER_TARGET),
        **_hint(L2, "next_turn"),
    )


def l2_end_turn(stepper: Any) -> w.VBox:
    """§Fine del Turno: the turn passes to the opponent."""
    return stack(l2_next_turn(stepper))


lesson2 = SimpleNamespace(
    raid=l2_raid, carrier=l2_carrier, end_turn=l2_end_turn, score=lesson_score
)


# ====================================================================== lesson 3
L3 = "lesson3"


def fewest_for_half(n: int, bombers: int) -> int:
    """The fewest blind picks that find a bomber more likely than not."""
    return next(k for k in range(n + 1) if odds.p_hit_at_least_one(n, bombers, k) > 0.5)


def _pick_setting(seed: int) -> tuple[int, int, int]:
    if seed == 0:
        return 5, 2, 2
    rng = random.Random(f"aw3-pick:{seed}")
    n = rng.randint(3, MAX_MISSION)
    b = rng.randint(1, n - 1)
    return n, b, rng.randint(1, n - 1)


def _set_picks(lab: Any, n: int, b: int) -> None:
    lab.n.value = n
    lab.bombers.value = b


def l3_half(lab: Any) -> Number:
    k = fewest_for_half(5, 2)
    p = odds.p_hit_at_least_one(5, 2, k)
    below = odds.p_hit_at_least_one(5, 2, k - 1)
    return Number(
        "aw3-half",
        _t(L3, "half", "question"),
        k,
        explanation=_t(L3, "half", "explain", k=k, p=percent(p), below=percent(below)),
        on_explain=lambda: _set_picks(lab, 5, 2),
        **_hint(L3, "half"),
    )


def l3_one_pick(lab: Any) -> Number:
    def variant(seed: int) -> Variant:
        n, b, k = _pick_setting(seed)
        p = odds.p_hit_at_least_one(n, b, k)
        miss = math.comb(n - b, k)
        return Variant(
            _t(L3, "one_pick", "question", n=n, b=b, k=k),
            100 * float(p),
            _t(
                L3,
                "one_pick",
                "explain",
                n=n,
                b=b,
                k=k,
                miss=miss,
                all=math.comb(n, k),
                p=percent(p),
            ),
            on_explain=lambda: _set_picks(lab, n, b),
        )

    return Number(
        "aw3-one-pick",
        tolerance=0.5,
        unit="%",
        digits=1,
        new_question=variant,
        **_hint(L3, "one_pick"),
    )


def l3_picks(lab: Any) -> w.VBox:
    """Blind picks: how many interceptors for even odds, one hypergeometric chance."""
    return stack(l3_half(lab), l3_one_pick(lab))


def best_fighter(raid_side: str = "axis") -> cards.Card:
    foe = game.SIDES[1 - game.SIDES.index(raid_side)]
    return max(fighters(foe), key=lambda c: (c.air_to_air, c.defense))


def idle_battle_cards(lab: Any) -> list[str]:
    """Battle cards that change nothing with the best enemy fighter (the lab's raid, size)."""
    mission = lab.setting()[0]
    foes = [best_fighter(lab.raid.value)] * lab.k.value
    idle = []
    for bc in (c for c, _ in card_types("", "battle")):
        if odds.battle_card_value(mission, foes, bc, lab.target.value)["gain"] == 0:
            idle.append(bc.name)
    return idle


def l3_idle(lab: Any) -> Number:
    best = best_fighter(lab.raid.value)

    def show() -> None:
        lab.fighter.value = best.id

    return Number(
        "aw3-idle",
        _t(L3, "idle", "question", fighter=best.name, k=lab.k.value),
        lambda: len(idle_battle_cards(lab)),
        explanation=lambda n: _t(
            L3, "idle", "explain", n=n, names=", ".join(idle_battle_cards(lab)) or "—"
        ),
        on_explain=show,
        **_hint(L3, "idle"),
    )


def l3_idle_why(lab: Any) -> Reflect:
    best = best_fighter(lab.raid.value)
    top = max(cards.card(c).defense for c in lab.setting()[0])
    return Reflect(
        "aw3-idle-why",
        _t(L3, "idle_why", "question"),
        _t(L3, "idle_why", "model", fighter=best.name, a2a=best.air_to_air, top=top),
    )


def l3_battle(lab: Any) -> w.VBox:
    """Battle cards against the best fighter: how many stop mattering, and why."""
    return stack(l3_idle(lab), l3_idle_why(lab))


SMALL, LARGE = 200, 20_000


def l3_narrower(lab: Any) -> Number:
    ratio = math.sqrt(LARGE / SMALL)
    return Number(
        "aw3-narrower",
        _t(L3, "narrower", "question", small=SMALL, large=LARGE),
        ratio,
        tolerance=0.5,
        digits=1,
        explanation=_t(L3, "narrower", "explain", small=SMALL, large=LARGE, r=f"{ratio:g}"),
        **_hint(L3, "narrower"),
    )


def l3_montecarlo(lab: Any) -> w.VBox:
    """Monte Carlo: the interval shrinks with the square root of the trials."""
    return stack(l3_narrower(lab))


lesson3 = SimpleNamespace(
    picks=l3_picks, battle=l3_battle, montecarlo=l3_montecarlo, score=lesson_score
)


# ====================================================================== lesson 4
L4 = "lesson4"


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


def l4_opening(table: Any) -> Number:
    seed = table.seed.value
    before, after = opening_mission(seed)
    return Number(
        "aw4-opening",
        _t(L4, "opening", "question", seed=seed),
        after,
        explanation=_t(
            L4,
            "opening",
            "explain",
            before=before,
            after=after,
            names=_names(opening_airbases(seed)),
        ),
        **_hint(L4, "opening"),
    )


def l4_keep_home(table: Any) -> Reflect:
    return Reflect("aw4-keep-home", _t(L4, "keep_home", "question"), _t(L4, "keep_home", "model"))


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
        _t(L4, "winner", "question", seed=seed),
        winner,
        options=_side_options(),
        explanation=lambda side: _t(
            L4,
            "winner",
            "explain",
            side=side_label(side) if side else "—",
            turn=bots_game(seed).turn,
            industry=" / ".join(str(x) for x in bots_game(seed).industry),
        ),
        on_explain=lambda: _finish_new(table),
        **_hint(L4, "winner"),
    )


def l4_convoys(table: Any) -> Number:
    seed = table.seed.value
    k = cards.constants()
    return Number(
        "aw4-convoys",
        _t(L4, "convoys", "question", seed=seed),
        lambda: len(bots_play(seed)[1]),
        explanation=lambda n: _t(
            L4,
            "convoys",
            "explain",
            n=n,
            sides=", ".join(side_label(x) for x in bots_play(seed)[1]) or "—",
            loss=k["convoy_zero_industry_loss"],
            cards=k["convoy_zero_discards"],
            convoy=k["convoy"],
        ),
        on_explain=lambda: _finish_new(table),
        **_hint(L4, "convoys"),
    )


def l4_end(table: Any) -> w.VBox:
    """The bots' game to the end: who brings the other's Industry to 0 (§Carta Industria), and
    what sunk Convoys cost (§Carta Convoglio)."""
    return stack(l4_winner(table), l4_convoys(table))


lesson4 = SimpleNamespace(table=l4_table, end=l4_end, score=lesson_score)
