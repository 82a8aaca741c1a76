"""The checks of CNW lesson 5, a turn step by step: the opener's first turn (§5, §6, §7.2,
§10.2), turns compared across seeds (§8.3, §10.1) and elimination (§7.5). Every question
answered in the page.

Until issue #25 these were steps 3 to 5 of lesson 3: they keep their names (``cnw3-*``, the ids
in learners' records and the browser tests) and their texts (``cnw.checks.lesson3.*``, hence
``CheckTexts("cnw", "lesson3")`` below)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from types import SimpleNamespace
from typing import Any

import ipywidgets as w

from gamelib import cnw
from gamelib.cnw import actions as cnw_actions
from gamelib.cnw import battle
from gamelib.cnw import cards as cnw_cards
from gamelib.cnw import state as st
from gamelib.cnw.bots import RandomBot
from gamelib.cnw.queries import delivery_chain
from gamelib.cnw.scenarios import ATTACKER, VICTIM
from gamelib.cnw.scenarios import front as cnw_front
from widgets.cnw import placement as placement_lab
from widgets.cnw.checks.common import (
    _board,
)
from widgets.cnw.elimination import position
from widgets.cnw.table import make_bot
from widgets.cnw.turn import BOTS as TURN_BOTS
from widgets.i18n import t
from widgets.kit.check import (
    Choice,
    Number,
    Order,
    Pick,
    Variant,
    lesson_score,
    stack,
)
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number
from widgets.kit.table import counted

_t = CheckTexts("cnw", "lesson3")
_n = CheckTexts("cnw", "lesson5n")  # issue #25's new texts (cnw_checks25a.json)


def _ladder(name: str) -> list[str]:
    """A hint ladder (issue #25): the idea, the method, then the old hint (where to look)."""
    return [_t(name, "hint_idea"), _t(name, "hint_method"), _t(name, "hint")]


# the checks whose hint is a ladder (issue #25)
LADDERS = frozenset(("reinforcements", "elim_cards"))


def _seeded(kind: Any, check_id: str, name: str, new_question: Any, widget: Any, /, **more: Any):
    """``_t.seeded`` with the hint ladder of the checks in :data:`LADDERS`."""
    hint = _ladder(name) if name in LADDERS else _t(name, "hint")
    return kind(check_id, new_question=new_question, seed=widget.seed.value, hint=hint, **more)


SEEDS = tuple(range(1, 13))  # the seeds lesson 5's "find a seed" questions look through


@cache
def opener_turn(seed: int, players: int = 3) -> SimpleNamespace:
    """The opener's first turn as ``TurnWalkthrough(seed)`` plays it (same bots, same seeds):
    the reinforcement breakdown, every (state before, action, state after) and who moved."""
    names = [t(f"cnw.table.name_{TURN_BOTS[i % 4]}", n=i + 1) for i in range(players)]
    state = cnw.new_game(names, seed=seed)
    bots = [make_bot(TURN_BOTS[i % 4], seed * 10 + i) for i in range(players)]
    while state.phase == st.PLACEMENT:
        state = cnw.apply(state, bots[cnw.current_player(state)].choose(state))
    mover, steps, breakdown = state.current, [], None
    while True:
        if state.phase == st.REINFORCE and breakdown is None:
            breakdown = cnw.reinforcements(state, mover)
        action = bots[cnw.current_player(state)].choose(state)
        after = cnw.apply(state, action)
        steps.append((state, action, after))
        state = after
        if state.current != mover or cnw.is_over(state):
            break
    return SimpleNamespace(mover=mover, breakdown=breakdown, steps=steps)


def first_roll(seed: int) -> tuple[Any, Any, dict[str, Any]] | None:
    """(state before, attack, roll) of the opener's first attack, or None without one."""
    for before, action, after in opener_turn(seed).steps:
        if isinstance(action, cnw_actions.Attack):
            return before, action, after.roll or after.last_roll
    return None


def _replay_to(walk: Any, seed: int, stop: Callable[[Any], bool] | None = None) -> None:
    """Restart the walk-through at ``seed`` and press "next step" until ``stop(walk)``."""
    walk.seed.value = seed
    walk.restart()
    while stop is not None and not stop(walk) and walk.step():
        pass


def l3_reinforcements(walk: Any) -> Number:
    def variant(seed: int) -> Variant:
        r = opener_turn(seed).breakdown
        return Variant(
            _t("reinforcements", "question", seed=seed),
            r["total"],
            _t(
                "reinforcements",
                "explain",
                base=r["base"],
                gateways=r["gateways"],
                regions=sum(r["regions"].values()),
                hubs=r["hubs"],
                total=r["total"],
            ),
            on_explain=lambda: _replay_to(walk, seed),
        )

    return _seeded(Number, "cnw3-reinforcements", "reinforcements", variant, walk)


def l3_from_hubs(walk: Any) -> Number:
    seed = walk.seed.value
    return Number(
        "cnw3-from-hubs",
        _t("from_hubs", "question", seed=seed),
        lambda: opener_turn(seed).breakdown["hubs"],
        explanation=lambda hubs: _t("from_hubs", "explain", hubs=hubs),
        on_explain=lambda: _replay_to(walk, seed),
        **_t.hint("from_hubs"),
    )


def l3_defence_dice(walk: Any) -> Number:
    seed = walk.seed.value

    def answer() -> int:
        roll = first_roll(seed)
        return len(roll[2]["defend_rolled"]) if roll else 0

    def explain(dice: int) -> str:
        roll = first_roll(seed)
        if roll is None:
            return _t("defence_dice", "explain_none")
        before, attack, _ = roll
        board = list(_board().gateways)
        return _t(
            "defence_dice",
            "explain",
            source=attack.source,
            target=attack.target,
            src=before.pawns[board.index(attack.source)],
            tgt=before.pawns[board.index(attack.target)],
            a=attack.dice,
            d=dice,
        )

    def rolled(walk_: Any) -> bool:
        return (walk_.state.roll or walk_.state.last_roll) is not None

    return Number(
        "cnw3-defence-dice",
        _t("defence_dice", "question", seed=seed),
        answer,
        explanation=explain,
        on_explain=lambda: _replay_to(walk, seed, rolled),
        **_t.hint("defence_dice"),
    )


def expiry_explanation(dealt: int) -> str:
    """Why a shipment dealt with ⏱ ``dealt`` expires at the Briefing of turn ``dealt``, and in
    which turns it can still be delivered, said as a person says it: "only in turn 1" for one
    turn, "turns 1 and 2" for two, "turns 1 to 3" from three on (never "turns 1 to 1")."""
    last = dealt - 1
    countdown = "countdown_next" if dealt == 2 else "countdown"
    when = {1: "when_one", 2: "when_two"}.get(last, "when_range")
    return _t(
        "expiry",
        "explain",
        countdown=_t("expiry", countdown, d=dealt, last=last),
        when=_t("expiry", when, last=last),
    )


def l3_expiry(walk: Any) -> Number:
    """§5 phase 1, §10.2: at which of its owner's Briefings an undelivered shipment expires."""

    def variant(seed: int) -> Variant:
        state = placement_lab.dealt(seed, walk.players)
        dealt = min(d for _, d in state.shipments[state.first])
        return Variant(
            _t("expiry", "question", seed=seed, name=state.names[state.first], d=dealt),
            dealt,
            expiry_explanation(dealt),
            on_explain=lambda: _replay_to(walk, seed),
        )

    return _seeded(Number, "cnw3-expiry", "expiry", variant, walk)


def l5_base_predict(walk: Any) -> Predict:
    """§6: the base of the opener's reinforcements, predicted before the walk-through shows it
    (its step text and log are veiled): max(3, gateways ÷ 3), rounded down."""
    seed = walk.seed.value
    r = opener_turn(seed).breakdown
    g, base = r["gateways"], r["base"]
    return Predict(
        "cnw3-base-predict",
        _n("base_predict", "question", seed=seed, g=g),
        base,
        reveals=[find_tagged(walk, "cnw-turn-explain"), find_tagged(walk, "cnw-turn-log")],
        inside=walk,
        explanation=_n(
            "base_predict",
            "explain",
            g=g,
            third=number(g / 3, 2),
            base=base,
            least=3,
        ),
    )


DEFENCE_REASONS = ("behind", "attacker", "present", "hub")  # the options, in the page's order


def defence_claims() -> dict[str, bool]:
    """Each reason's claim asked of gamelib: the defender rolls one die per pawn present up to
    3 ("present"); one fewer, as if a pawn stayed behind ("behind"); as many as the attacker
    ("attacker"); a die fewer in a hub ("hub")."""
    dice = battle.defend_dice_for
    return {
        "present": all(dice(n) == min(n, 3) for n in range(1, 8)),
        "behind": all(dice(n) == min(n - 1, 3) for n in range(2, 8)),
        "attacker": dice(1) == battle.attack_dice_for(3),  # a lone defender against 3 dice
        "hub": False,  # defend_dice_for takes no hub: the hub adds +1 to a die (§8.3)
    }


def l5_defence_why(walk: Any) -> Reason:
    """§7.2: why the defender rolled that many dice: pick the reason."""
    seed = walk.seed.value
    roll = first_roll(seed)
    tgt = 0
    if roll is not None:
        before, attack, _ = roll
        tgt = before.pawns[list(_board().gateways).index(attack.target)]
    d = battle.defend_dice_for(max(tgt, 1))
    values = {"n": tgt, "d": d, "one": battle.defend_dice_for(1), "three": 3}
    return Reason(
        "cnw3-defence-why",
        _n("defence_why", "question"),
        "present",
        options=[(_n("defence_why", k), k) for k in DEFENCE_REASONS],
        explanations={k: _n("defence_why", f"why_{k}", **values) for k in DEFENCE_REASONS},
        hint=[_n("defence_why", "hint_idea"), _n("defence_why", "hint_method")],
    )


def l3_step1(walk: Any) -> w.VBox:
    return stack(
        l5_base_predict(walk),
        l3_reinforcements(walk),
        l3_from_hubs(walk),
        l3_defence_dice(walk),
        l5_defence_why(walk),
        l3_expiry(walk),
    )


# ---------------------------------------------------------------- §7.2 move-in, §5 phase 4, §5
@dataclass(frozen=True)
class MoveInCase:
    """A conquest in a seeded random game, as gamelib waits for its move-in (§7.2)."""

    seed: int
    source: str
    target: str
    source_pawns: int  # on the source after the last roll
    dice: int  # rolled in the last roll
    least: int
    most: int


@cache
def move_in_cases(games: int = 6) -> tuple[MoveInCase, ...]:
    """Every move-in with a choice (least < most) in ``games`` seeded games of random bots:
    gamelib's own bounds, read from the state it waits in (``state.move_in``)."""
    codes = list(_board().gateways)
    out = []
    for seed in range(1, games + 1):
        state = cnw.new_game(["A", "B", "C"], seed=seed)
        bots = [RandomBot(seed * 10 + i) for i in range(3)]
        for _ in range(4000):
            if cnw.is_over(state):
                break
            if state.phase == st.MOVE_IN:
                i, j, least, most, _v = state.move_in
                roll = state.roll or state.last_roll
                out.append(
                    MoveInCase(
                        seed, codes[i], codes[j], state.pawns[i], len(roll["attack"]), least, most
                    )
                )
            state = cnw.apply(state, bots[cnw.current_player(state)].choose(state))
    return tuple(out)


MOVE_IN_KINDS = ("least", "most", "choices")


def _move_in_case(seed: int, level: int = 0) -> tuple[MoveInCase, str]:
    """The case and what is asked: the least, the most or how many counts may move in, in turn.
    Level -1 asks only the least with a large source (the dice decide); +1 a source so small
    that the pawn left behind cuts the count."""
    kind = "least" if level < 0 else MOVE_IN_KINDS[seed % len(MOVE_IN_KINDS)]
    cases = move_in_cases()
    if level < 0:
        cases = tuple(c for c in cases if c.source_pawns - 1 > 3) or cases
    elif level > 0:
        cases = tuple(c for c in cases if c.source_pawns - 1 <= 3) or cases
    return random.Random(f"cnw3-move-in:{seed}:{level}").choice(cases), kind


def l5_move_in(walk: Any) -> Number:
    """§7.2: the pawns that move into a conquered gateway, and the choice between the bounds."""

    def variant(seed: int, level: int = 0) -> Variant:
        case, kind = _move_in_case(seed, level)
        answer = {"least": case.least, "most": case.most}.get(kind, case.most - case.least + 1)
        values = {
            "src": case.source_pawns,
            "dice": case.dice,
            "source": case.source,
            "target": case.target,
            "least": case.least,
            "most": case.most,
            "n": case.most - case.least + 1,
        }
        return Variant(
            _n("move_in", counted(f"question_{kind}", case.dice), **values),
            answer,
            _n("move_in", counted("explain", case.dice), **values),
            hint=[_n("move_in", "hint_idea"), _n("move_in", "hint_method", **values)],
        )

    return Number(
        "cnw3-move-in",
        new_question=variant,
        hint=[_n("move_in", "hint_idea"), _n("move_in", "hint_method")],
    )


@dataclass(frozen=True)
class RepositionCase:
    """A repositioning move in a seeded random game: gamelib's count bounds (§5 phase 4)."""

    seed: int
    source: str
    target: str
    pawns: int  # on the source
    most: int
    linked: bool  # the target is a neighbour of the source (else a chain or a bridge)
    again: bool  # whether gamelib offers another repositioning after this one


@cache
def reposition_cases(games: int = 6) -> tuple[RepositionCase, ...]:
    codes = list(_board().gateways)
    board = _board()
    out = []
    for seed in range(1, games + 1):
        state = cnw.new_game(["A", "B", "C"], seed=seed)
        bots = [RandomBot(seed * 10 + i) for i in range(3)]
        for _ in range(4000):
            if cnw.is_over(state):
                break
            action = bots[cnw.current_player(state)].choose(state)
            after = cnw.apply(state, action)
            if isinstance(action, cnw_actions.Reposition) and after.phase == st.REPOSITION_COUNT:
                i = codes.index(action.source)
                most = after.move_in[3]
                done = cnw.apply(after, cnw_actions.MoveIn(most))
                out.append(
                    RepositionCase(
                        seed,
                        action.source,
                        action.target,
                        state.pawns[i],
                        most,
                        action.target in board.neighbours(action.source),
                        done.phase == st.REPOSITION and done.current == state.current,
                    )
                )
            state = after
    return tuple(out)


def l5_reposition(walk: Any) -> Number:
    """§5 phase 4: the most pawns one repositioning move carries."""

    def variant(seed: int, level: int = 0) -> Variant:
        cases = reposition_cases()
        if level < 0:
            cases = tuple(c for c in cases if c.linked) or cases
        elif level > 0:
            cases = tuple(c for c in cases if not c.linked) or cases
        case = random.Random(f"cnw3-reposition:{seed}:{level}").choice(cases)
        values = {"source": case.source, "target": case.target, "n": case.pawns, "most": case.most}
        way = "linked" if case.linked else "chain"
        return Variant(
            _n("reposition", f"question_{way}", **values),
            case.most,
            _n("reposition", "explain", **values),
        )

    return Number(
        "cnw3-reposition",
        new_question=variant,
        hint=[_n("reposition", "hint_idea"), _n("reposition", "hint_method")],
    )


def l5_phases(walk: Any) -> Order:
    """§5: the six phases of a turn, in the order gamelib plays them."""
    from widgets.cnw.checks.review import STRIP, phase_order

    order = phase_order()
    items = [(t(f"cnw.turn.step_{STRIP[p]}"), p) for p in order]
    random.Random("cnw3-phases").shuffle(items)
    return Order(
        "cnw3-phases",
        _n("phases", "question"),
        order,
        options=items,
        explanation=_n("phases", "explain"),
        hint=[_n("phases", "hint_idea"), _n("phases", "hint_method"), _n("phases", "hint")],
    )


def l5_after(walk: Any) -> w.VBox:
    """Step 2 · after a conquest and one move: the move-in (§7.2), the repositioning (§5 phase
    4), the six phases in order (§5)."""
    return stack(l5_move_in(walk), l5_reposition(walk), l5_phases(walk))


def deliveries(seed: int) -> list[tuple[int, list[str]]]:
    """The shipments the opener delivers in its first turn at ``seed``, with their chains."""
    turn = opener_turn(seed)
    return [
        (action.shipment, delivery_chain(before, turn.mover, action.shipment) or [])
        for before, action, _ in turn.steps
        if isinstance(action, cnw_actions.Deliver)
    ]


def hub_stops(seed: int) -> list[dict[str, Any]]:
    """The rolls of the opener's turn at ``seed`` in which the hub's +1 saved a defending pawn
    (the same dice without the hub would have cost the defender more, §8.3)."""
    out = []
    for _, action, after in opener_turn(seed).steps:
        roll = after.roll or after.last_roll
        if not isinstance(action, cnw_actions.Attack) or not roll or not roll["hub"]:
            continue
        with_hub = battle.resolve_roll(roll["attack"], roll["defend"], True)
        without = battle.resolve_roll(roll["attack"], roll["defend"], False)
        if without[1] > with_hub[1]:
            out.append(roll)
    return out


def _seed_options() -> list[tuple[str, int]]:
    return [(str(s), s) for s in SEEDS]


def _delivered(seed: int) -> str:
    """ "seed: origin → … → destination" for each delivery of the opener's turn at ``seed``."""
    return "; ".join(f"{seed}: {' → '.join(chain)}" for _, chain in deliveries(seed))


def _saved(seed: int) -> str:
    """ "seed: attack dice against defence dice +1" for each roll the hub decided at ``seed``."""
    return "; ".join(
        _t(
            "hub_stop",
            "roll",
            seed=seed,
            source=roll["source"],
            target=roll["target"],
            attack=" ".join(map(str, roll["attack"])),
            defend=" ".join(map(str, roll["defend"])),
        )
        for roll in hub_stops(seed)
    )


def _seed_pick(
    walk: Any, name: str, found: Callable[[int], list[Any]], detail: Callable[[int], str]
) -> Pick:
    def answer() -> frozenset[int]:
        return frozenset(s for s in SEEDS if found(s))

    check = Pick(
        f"cnw3-{name.replace('_', '-')}",
        _t(name, "question", low=SEEDS[0], high=SEEDS[-1]),
        answer,
        options=_seed_options(),
        explanation=lambda seeds: _t(
            name, "explain", seeds="; ".join(detail(s) for s in sorted(seeds))
        ),
        **_t.hint(name),
    )

    def show() -> None:
        seeds = check.answer()
        chosen = check.value()
        _replay_to(walk, chosen if chosen in seeds else min(seeds), lambda wk: wk.done)

    check.prove_with(show)
    return check


def l3_step2(walk: Any) -> w.VBox:
    return stack(
        _seed_pick(walk, "delivering_seed", deliveries, _delivered),
        _seed_pick(walk, "hub_stop", hub_stops, _saved),
    )


# ---------------------------------------------------------------- §7.5 elimination
def _last_stand(seed: int) -> tuple[Any, int, int]:
    """The seeded last stand and the hand sizes of the eliminator and the victim."""
    state = position(seed)
    return state, len(state.hands[ATTACKER]), len(state.hands[VICTIM])


def _show_attack(lab: Any, seed: int) -> None:
    lab.seed.value = seed
    lab.restart()
    lab.attack()


def l3_elim_cards(lab: Any) -> Number:
    """§7.5: the eliminator's hand after taking the victim's Gateway cards."""

    def variant(seed: int) -> Variant:
        state, mine, theirs = _last_stand(seed)
        source, target = cnw_front(state)
        names = state.names
        return Variant(
            _t(
                "elim_cards",
                "question",
                seed=seed,
                attacker=names[ATTACKER],
                victim=names[VICTIM],
                source=source,
                target=target,
            ),
            mine + theirs,
            _t("elim_cards", "explain", mine=mine, theirs=theirs, total=mine + theirs),
            on_explain=lambda: _show_attack(lab, seed),
        )

    return _seeded(Number, "cnw3-elim-cards", "elim_cards", variant, lab)


def _tris_options() -> list[tuple[str, str]]:
    """Yes, no, or "yes, after every elimination" (the hand limit forgotten, §9.1)."""
    return [
        (t("cnw.checks.yes"), "yes"),
        (t("cnw.checks.no"), "no"),
        (_n("elim_tris", "always"), "always"),
    ]


def l3_elim_tris(lab: Any) -> Choice:
    """§7.5: a forced tris at once with 5 or more cards after the elimination."""
    limit = cnw_cards.load().hand_limit

    def variant(seed: int) -> Variant:
        state, mine, theirs = _last_stand(seed)
        forced = mine + theirs >= limit
        return Variant(
            _t("elim_tris", "question", seed=seed, attacker=state.names[ATTACKER]),
            "yes" if forced else "no",
            _t(
                "elim_tris",
                "explain_yes" if forced else "explain_no",
                total=mine + theirs,
                limit=limit,
            ),
            options=_tris_options(),
            on_explain=lambda: _show_attack(lab, seed),
        )

    return _seeded(
        Choice,
        "cnw3-elim-tris",
        "elim_tris",
        variant,
        lab,
        options=_tris_options(),
    )


def l3_elimination(lab: Any) -> w.VBox:
    """Step 5 · elimination (§7.5): the cards taken, the forced tris."""
    return stack(l3_elim_cards(lab), l3_elim_tris(lab))


# The steps as the notebook calls them: ``checks.<step>(widget)``.
turn = l3_step1
after = l5_after
compare = l3_step2
elimination = l3_elimination
score = lesson_score
