"""The checks of Rails lesson 4, the rules of a game: the deal (§Preparazione), the three
choices of a turn (§Iniziare il gioco), the last round (§Fine del gioco) and the rules a refused
move cites, asked of a seeded bots' game and of the table."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

import ipywidgets as w

from gamelib.core import IllegalAction
from gamelib.rails import rules as rails_rules
from gamelib.rails.actions import ClaimRoute, DrawDeck, DrawFaceUp
from gamelib.rails.board import GREY, load
from gamelib.rails.cards import CARD_NAMES, LOCO
from gamelib.rails.scoring import final_scores
from gamelib.rails.state import SECOND_DRAW
from widgets.kit.check import Choice, Number, Pick, Variant, lesson_score, stack
from widgets.kit.check_rules import cited_rule
from widgets.kit.check_texts import CheckTexts
from widgets.rails.checks.common import _yes_no
from widgets.rails.turn import bots_game, moment_index

_t = CheckTexts("rails", "lesson4")


def _moment(view: Any, moment: str) -> Callable[[], None]:
    return lambda: view.jump(moment)


def deal_question(seed: int, view: Any) -> tuple[int, int]:
    """(seed, players) of a deal: the view's at seed 0, then seeded draws."""
    if seed == 0:
        return view.seed.value, view.players.value
    rng = random.Random(f"rails4-deal:{seed}")
    return rng.randint(1, 99), rng.randint(2, 5)


def l4_pile(view: Any) -> Number:
    def variant(seed: int) -> Variant:
        game_seed, players = deal_question(seed, view)
        state = rails_rules.new_game(players, seed=game_seed)

        def show() -> None:
            view.seed.value, view.players.value = game_seed, players
            view.jump("setup")

        return Variant(
            _t("pile", "question", seed=game_seed, players=players),
            len(state.deck),
            _t(
                "pile",
                "explain",
                deck=len(state.deck),
                players=players,
                hand=rails_rules.HAND,
                dealt=players * rails_rules.HAND,
                face=rails_rules.SLOTS,
                discard=len(state.discard),
            ),
            on_explain=show,
        )

    return Number("rails4-pile", new_question=variant, **_t.hint("pile"))


def l4_keep(view: Any) -> Number:
    return Number(
        "rails4-keep",
        _t("keep", "question", n=rails_rules.SETUP_DEALT),
        rails_rules.SETUP_KEEP,
        explanation=_t("keep", "explain", keep=rails_rules.SETUP_KEEP, n=rails_rules.SETUP_DEALT),
        on_explain=_moment(view, "setup"),
        **_t.hint("keep"),
    )


def l4_setup(view: Any) -> w.VBox:
    return stack(l4_pile(view), l4_keep(view))


@cache
def first_turn(seed: int, players: int) -> Any:
    states, _ = bots_game(seed, players)
    return states[moment_index(states, "turn")]


def l4_claimable(view: Any) -> Number:
    seed, players = view.seed.value, view.players.value
    state = first_turn(seed, players)
    routes = sorted({a.route for a in rails_rules.claim_actions(state)})
    return Number(
        "rails4-claimable",
        _t("claimable", "question", seed=seed, players=players, name=state.names[state.current]),
        len(routes),
        explanation=_t(
            "claimable",
            "explain",
            n=len(routes),
            routes=", ".join(f"{load().routes[r].a} – {load().routes[r].b}" for r in routes) or "—",
        ),
        on_explain=_moment(view, "turn"),
        **_t.hint("claimable"),
    )


def claim_after_one_card(seed: int, players: int) -> str:
    """Whether gamelib lets a player claim a route after taking one blind card ("yes"/"no")."""
    after = rails_rules.apply(first_turn(seed, players), DrawDeck())
    assert after.phase == SECOND_DRAW
    claims = [a for a in rails_rules.legal_actions(after) if isinstance(a, ClaimRoute)]
    return "yes" if claims else "no"


def l4_one_action(view: Any) -> Choice:
    seed, players = view.seed.value, view.players.value
    answer = claim_after_one_card(seed, players)
    return Choice(
        "rails4-one-action",
        _t("one_action", "question"),
        answer,
        options=_yes_no(),
        explanation=_t("one_action", "explain_" + answer),
        on_explain=_moment(view, "turn"),
        **_t.hint("one_action"),
    )


def l4_turn(view: Any) -> w.VBox:
    return stack(l4_claimable(view), l4_one_action(view))


@cache
def last_round(seed: int, players: int) -> tuple[Any, Any]:
    """(the first state of the announced last round, the end state) of the bots' game."""
    states, _ = bots_game(seed, players)
    return states[moment_index(states, "last_round")], states[-1]


def l4_trigger_trains(view: Any) -> Number:
    seed, players = view.seed.value, view.players.value
    start, _ = last_round(seed, players)
    return Number(
        "rails4-trigger-trains",
        _t("trigger_trains", "question", seed=seed, players=players),
        start.trains[start.trigger],
        explanation=_t(
            "trigger_trains",
            "explain",
            name=start.names[start.trigger],
            trains=start.trains[start.trigger],
            limit=rails_rules.LAST_ROUND,
        ),
        on_explain=_moment(view, "last_round"),
        **_t.hint("trigger_trains"),
    )


def l4_last_turns(view: Any) -> Number:
    seed, players = view.seed.value, view.players.value
    start, end = last_round(seed, players)
    turns = end.turn - start.turn
    return Number(
        "rails4-last-turns",
        _t("last_turns", "question", seed=seed, players=players),
        turns,
        explanation=_t("last_turns", "explain", n=turns, players=players),
        on_explain=_moment(view, "last_round"),
        **_t.hint("last_turns"),
    )


def l4_end(view: Any) -> w.VBox:
    return stack(l4_trigger_trains(view), l4_last_turns(view))


RULES = ("§Iniziare il gioco", "§Prendere carte carro", "§Carte Locomotiva", "§Occupare le strade")


def refused(state: Any, action: Any) -> str:
    """The § gamelib cites when it refuses ``action`` in ``state``."""
    try:
        rails_rules.apply(state, action)
    except IllegalAction as no:
        return no.rule
    raise AssertionError(f"{action} was accepted")


@cache
def second_loco_rule(players: int = 2) -> str:
    """The rule cited for a face-up locomotive taken as the second card: the first seeded bots'
    game with a locomotive face up at a second draw is asked."""
    for seed in range(1, 50):
        for state in bots_game(seed, players)[0]:
            if state.phase == SECOND_DRAW and LOCO in state.face_up:
                return refused(state, DrawFaceUp(CARD_NAMES[LOCO]))
    raise AssertionError("no second draw with a face-up locomotive in 49 games")


def l4_second_loco(table: Any) -> Choice:
    return cited_rule(_t, "rails4-second-loco", "second_loco", RULES, second_loco_rule)


def unpaid_rule(seed: int, players: int = 2) -> str:
    """The rule cited when the first player claims a route their opening hand cannot pay."""
    state = first_turn(seed, players)
    payable = {a.route for a in rails_rules.claim_actions(state)}
    board = load()
    route = next(r for r in board.routes if r.id not in payable and r.color != GREY)
    return refused(state, ClaimRoute(route.id, route.color, 0))


def l4_unpaid(table: Any) -> Choice:
    seed = table.seed.value
    return cited_rule(_t, "rails4-unpaid", "unpaid", RULES, lambda: unpaid_rule(seed))


@cache
def finished(seed: int, players: int) -> Any:
    """The end of the game "Let the bots play to the end" plays from a new table at ``seed``:
    every seat a planner bot with seed ``seed * 10 + seat`` (the table's stand-in for humans)."""
    return bots_game(seed, players)[0][-1]


def l4_longest(table: Any) -> Pick:
    seed, players = table.seed.value, table.state.players
    names = list(table.state.names)

    def answer() -> frozenset[int]:
        return frozenset(s.player for s in final_scores(finished(seed, players)) if s.longest_bonus)

    def explain(who: frozenset[int]) -> str:
        scores = final_scores(finished(seed, players))
        trails = ", ".join(f"{names[s.player]} {s.longest_trail}" for s in scores)
        return _t(
            "longest", "explain", names=", ".join(names[p] for p in sorted(who)), trails=trails
        )

    def show() -> None:
        if not rails_rules.is_over(table.state):
            table.finish()

    return Pick(
        "rails4-longest",
        _t("longest", "question", seed=seed),
        answer,
        options=[(n, p) for p, n in enumerate(names)],
        explanation=explain,
        on_explain=show,
        **_t.hint("longest"),
    )


def l4_table(table: Any) -> w.VBox:
    return stack(l4_second_loco(table), l4_unpaid(table), l4_longest(table))


# the steps, as the notebook calls them: ``checks.<step>(widget)``
setup = l4_setup
turn = l4_turn
end = l4_end
table = l4_table
score = lesson_score
