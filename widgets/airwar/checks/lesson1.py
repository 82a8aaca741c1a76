"""The checks of AirWar lesson 1 (the cards, the set-up, capacity): the decks' duels and
bombers, what the deal leaves, and the room the bases and carriers give."""

from __future__ import annotations

from functools import partial
from typing import Any

import ipywidgets as w

import gamelib.airwar as game
from gamelib.airwar import actions as A
from gamelib.airwar import cards, rules, scenario
from widgets.airwar.cardtexts import card_name
from widgets.airwar.checks.common import (
    _side_options,
    best_fighter,
    ladder,
)
from widgets.airwar.deck import card_types, side_label
from widgets.airwar.raid import CARRIER_TARGET
from widgets.i18n import t
from widgets.kit.check import Choice, Number, Pick, lesson_score, stack
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.table import counted

_t = CheckTexts("airwar", "lesson1")


def _zero() -> cards.Card:
    return next(c for c, _ in card_types("axis", "aircraft") if c.name.endswith("Zero"))


def zero_killers() -> list[cards.Card]:
    """Allied aircraft types that destroy a Zero in a duel: Air-to-Air at least its Defense."""
    zero = _zero()
    return [c for c, _ in card_types("allies", "aircraft") if c.air_to_air >= zero.defense]


def _plot_aircraft(browser: Any, side: str, x_stat: str) -> None:
    """Set the card browser to the aircraft of ``side`` ("" for both decks), ``x_stat`` across
    and Defense up: the plot that shows a duel's answer."""
    browser.side.value = side
    browser.kind.value = "aircraft"
    browser.x_stat.value = x_stat
    browser.y_stat.value = "defense"


def l1_zero_killers(browser: Any) -> Number:
    zero, killers = _zero(), zero_killers()
    everyone = len(card_types("allies", "aircraft"))

    return Number(
        "aw1-zero-killers",
        _t("zero_killers", "question", defense=zero.defense, total=everyone),
        len(killers),
        explanation=_t(
            "zero_killers",
            "explain",
            defense=zero.defense,
            a2a=zero.air_to_air,
            kills=sum(
                1 for c, _ in card_types("allies", "aircraft") if zero.air_to_air >= c.defense
            ),
            total=everyone,
            names=", ".join(f"{card_name(c)} ({c.air_to_air})" for c in killers) or "—",
        ),
        on_explain=partial(_plot_aircraft, browser, "allies", "air_to_air"),
        **ladder(_t, "zero_killers", defense=zero.defense),
    )


def best_bombers() -> set[str]:
    """Aircraft types (first card's id) with the highest Bombing of both decks."""
    planes = [c for c, _ in card_types("", "aircraft")]
    top = max(c.bombing for c in planes)
    return {c.id for c in planes if c.bombing == top}


def _bomber(c: cards.Card) -> str:
    return t("airwar.checks.bomber", name=card_name(c), bombing=c.bombing, defense=c.defense)


def l1_best_bomber(browser: Any) -> Pick:
    planes = [c for c, _ in card_types("", "aircraft")]
    by = {c.id: c for c in planes}
    best = best_bombers()
    heavy = [c for c in planes if c.bombing >= 3]
    wildcat = best_fighter("axis")  # the best Allied interceptor

    return Pick(
        "aw1-best-bomber",
        _t("best_bomber", "question"),
        best,
        options=[(f"{card_name(c)} ({side_label(c.side)})", c.id) for c in planes],
        explanation=_t(
            "best_bomber",
            "explain",
            best=", ".join(_bomber(by[i]) for i in sorted(best)),
            heavy=", ".join(f"{card_name(c)} {c.defense}" for c in heavy),
            die=sum(1 for c in heavy if c.defense <= wildcat.air_to_air),
            fighter=card_name(wildcat),
            a2a=wildcat.air_to_air,
        ),
        on_explain=partial(_plot_aircraft, browser, "", "bombing"),
        **ladder(_t, "best_bomber"),
    )


def l1_browser(browser: Any) -> w.VBox:
    """The decks: what shoots a Zero down, the heaviest bomber and its Defense."""
    return stack(l1_zero_killers(browser), l1_best_bomber(browser))


def l1_deck_left(view: Any) -> Number:
    k = cards.constants()
    left = len(view.state.deck[0])
    return Number(
        "aw1-deck-left",
        _t("deck_left", "question"),
        left,
        explanation=_t(
            "deck_left", "explain", cards=k["deck_size"], hand=k["hand_size"], left=left
        ),
        **ladder(_t, "deck_left", cards=k["deck_size"], hand=k["hand_size"]),
    )


def l1_first(view: Any) -> Choice:
    first = game.SIDES[view.state.active]
    return Choice(
        "aw1-first",
        _t("first", "question"),
        first,
        options=_side_options(),
        explanation=_t("first", "explain", side=side_label(first)),
        **ladder(_t, "first"),
    )


FIRST_REASONS = ("seed", "hand", "rule", "industry")  # the options, in the page's order
SEEDS = range(20)  # the deals the reasons are refuted on


def first_sides(seeds: range = SEEDS) -> set[str]:
    """The side that plays first in the new games dealt at ``seeds`` (the engine's own)."""
    return {game.SIDES[game.new_game(2, seed=s).active] for s in seeds}


def more_bases_seed(seeds: range = SEEDS) -> tuple[int, int, int] | None:
    """(seed, Axis airbases in hand, Allied airbases in hand) of the first deal in ``seeds``
    where the Allies hold more airbases than the Axis, or None."""
    for s in seeds:
        state = game.new_game(2, seed=s)
        counts = [sum(1 for c in state.hand[p] if cards.card(c).kind == "airbase") for p in (0, 1)]
        if counts[1] > counts[0]:
            return s, counts[0], counts[1]
    return None


def l1_first_why(view: Any) -> Reason:
    """Why the same side plays first after every deal: pick the reason (§Il Gioco)."""
    start = game.new_game(2, seed=view.seed.value)
    first = side_label(game.SIDES[start.active])
    found = more_bases_seed()
    seed, axis, allies = found if found is not None else (view.seed.value, 0, 0)
    explanations = {
        "rule": _t("first_why", "model", side=first),
        "seed": _t(
            "first_why",
            "why_seed",
            n=len(SEEDS),
            sides=", ".join(side_label(x) for x in sorted(first_sides())),
        ),
        "hand": _t(
            "first_why",
            counted("why_hand", axis),
            seed=seed,
            axis=axis,
            allies=allies,
            side=first,
        ),
        "industry": _t(
            "first_why",
            "why_industry",
            axis=start.industry[0],
            allies=start.industry[1],
        ),
    }
    return Reason(
        "aw1-first-why",
        _t("first_why", "question", side=first),
        "rule",
        options=[(_t("first_why", r), r) for r in FIRST_REASONS],
        explanations=explanations,
        **ladder(_t, "first_why"),
    )


def l1_setup(view: Any) -> w.VBox:
    """§Il Gioco: what is left in the deck after the deal, who plays first, and why."""
    return stack(l1_deck_left(view), l1_first(view), l1_first_why(view))


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
        _t("first_raid", "question"),
        n,
        explanation=_t("first_raid", "explain", base=card_name(START), n=n),
        on_explain=lambda: _set_calc(calc, (START,)),
        **ladder(_t, "first_raid"),
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
            "more_interceptors",
            "question",
            base=card_name(SECOND),
            war=card_name(_builder("allies")),
        ),
        after - before,
        explanation=_t(
            "more_interceptors",
            "explain",
            before=before,
            after=after,
            extra=cards.card(SECOND).capacity,
            war=card_name(_builder("allies")),
        ),
        on_explain=lambda: _set_calc(calc, (START, SECOND), builder=SECOND),
        **ladder(_t, "more_interceptors"),
    )


def l1_carrier_room(calc: Any) -> Number:
    state = _allies_position([START], carriers=[CARRIER_TARGET])
    n = rules.attack_capacity(state, 1, "carrier")
    return Number(
        "aw1-carrier-room",
        _t("carrier_room", "question", carrier=card_name(CARRIER_TARGET)),
        n,
        explanation=_t("carrier_room", "explain", carrier=card_name(CARRIER_TARGET), n=n),
        on_explain=lambda: _set_calc(calc, (START,), carriers=(CARRIER_TARGET,)),
        **ladder(_t, "carrier_room"),
    )


def interceptor_room() -> tuple[int, int]:
    """(interceptors against a raid on the resources, against a raid on the carrier) with
    Midway and the Enterprise in play (§Fase Intercetto)."""
    state = _allies_position([START], carriers=[CARRIER_TARGET])
    resources = sum(rules.scramble_room(state, "resources"))
    return resources, sum(rules.scramble_room(state, CARRIER_TARGET))


def l1_predict(calc: Any) -> Predict:
    """Predict, then see: a carrier in play adds no interceptor against a raid on the
    resources (the calculator's lines and chart stay hidden until the prediction)."""
    base, carrier = cards.card(START).capacity, cards.card(CARRIER_TARGET).capacity
    n, on_carrier = interceptor_room()
    return Predict(
        "aw1-predict",
        _t(
            "predict",
            "question",
            base=card_name(START),
            b=base,
            carrier=card_name(CARRIER_TARGET),
            c=carrier,
        ),
        n,
        reveals=[find_tagged(calc, "airwar-fig-capacity"), find_tagged(calc, "airwar-cap-result")],
        inside=calc,
        explanation=_t(
            "predict",
            "explain",
            n=n,
            b=base,
            c=carrier,
            both=base + carrier,
            carrier=card_name(CARRIER_TARGET),
            on_carrier=on_carrier,
        ),
        on_explain=lambda: _set_calc(calc, (START,), carriers=(CARRIER_TARGET,)),
    )


BASE_REASONS = ("industry", "room", "safe", "draw")  # the options, in the page's order


def second_base_facts() -> dict[str, Any]:
    """What the reasons about a second airbase are refuted with, from the engine: the Allies
    mobilise Port Moresby in their Mobilisation and nothing else changes."""
    before = scenario.build(
        active="allies", stage="mobilisation", hands={"allies": [SECOND, "al-wildcat-1"]}
    )
    after = game.apply(before, A.Mobilise(SECOND))
    k = cards.constants()
    return {
        "extra": cards.card(SECOND).capacity,
        "base": card_name(SECOND),
        "industry": before.industry[1],
        "industry_after": after.industry[1],
        "defense": cards.card(SECOND).defense,
        "draw": k["draw_per_turn"],
        "hand": len(before.hand[1]),
        "hand_after": len(after.hand[1]),
        "room": rules.attack_capacity(after, 1, "airbase")
        - rules.attack_capacity(before, 1, "airbase"),
    }


def l1_second_base(calc: Any) -> Reason:
    """Why a second airbase is often worth more than one more fighter: pick the reason."""
    f = second_base_facts()
    return Reason(
        "aw1-second-base",
        _t("second_base", "question"),
        "room",
        options=[(_t("second_base", f"reason_{r}"), r) for r in BASE_REASONS],
        explanations={
            "room": _t("second_base", "model", **f),
            "industry": _t("second_base", "why_industry", **f),
            "safe": _t("second_base", "why_safe", **f),
            "draw": _t("second_base", "why_draw", **f),
        },
        on_explain=lambda: _set_calc(calc, (START, SECOND)),
        **ladder(_t, "second_base"),
    )


def l1_capacity(calc: Any) -> w.VBox:
    """Capacity: a carrier's room predicted first (the calculator's numbers hidden until then),
    the first raid, the interceptors a second base adds, the Carrier stage's room."""
    return stack(
        l1_predict(calc),
        l1_first_raid(calc),
        l1_more_interceptors(calc),
        l1_carrier_room(calc),
        l1_second_base(calc),
    )


# The steps as the notebook calls them: ``checks.<step>(widget)``.
browser = l1_browser
setup = l1_setup
capacity = l1_capacity
score = lesson_score
