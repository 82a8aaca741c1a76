"""The checks of Rails lesson 4, the rules of a game: the deal (§Preparazione), the three
choices of a turn (§Iniziare il gioco), the last round (§Fine del gioco) and the rules a refused
move cites, asked of a seeded bots' game and of the table."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

import ipywidgets as w

from gamelib.core import IllegalAction
from gamelib.rails import rules as rails_rules
from gamelib.rails.actions import ClaimRoute, DrawDeck, DrawFaceUp
from gamelib.rails.board import GREY, load
from gamelib.rails.cards import CARD_NAMES, LOCO
from gamelib.rails.scoring import LONGEST_BONUS, PlayerScore, final_scores, winners
from gamelib.rails.state import SECOND_DRAW
from widgets.kit.check import Choice, Number, Pick, Variant, lesson_score, stack
from widgets.kit.check_kinds import Predict, Reason
from widgets.kit.check_rules import cited_rule
from widgets.kit.check_texts import CheckTexts
from widgets.rails.checks.common import _yes_no, counted_t, ladder, with_ladder
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


DEAL_KINDS = ("pile", "tickets", "after")  # the draw pile, the ticket deck, after a first draw


def deal_case(seed: int, view: Any, level: int = 0) -> tuple[str, int, int]:
    """(what is asked, game seed, players) of a deal question. Seed 0 at level 0 is the view's
    deal and its draw pile; then the draw pile, the ticket deck after the deal, or the draw
    pile after the first player's two blind cards, in turn. Level -1 asks the draw pile of a
    small table (2 or 3 players); level +1 the ticket deck or a first draw at 4 or 5 players."""
    if seed == 0 and level == 0:
        return ("pile", *deal_question(0, view))
    game_seed, players = deal_question(seed, view)
    rng = random.Random(f"rails4-deal:{seed}:{level}")
    if level < 0:
        return "pile", game_seed, rng.randint(2, 3)
    if level > 0:
        return rng.choice(DEAL_KINDS[1:]), game_seed, rng.randint(4, 5)
    return DEAL_KINDS[seed % 3], game_seed, players


def after_first_draw(state: Any) -> Any:
    """The state after every player kept tickets and the first player took two blind cards."""
    while state.phase == "setup":
        state = rails_rules.apply(state, rails_rules.legal_actions(state)[0])
    return rails_rules.apply(rails_rules.apply(state, DrawDeck()), DrawDeck())


def l4_pile(view: Any) -> Number:
    def variant(seed: int, level: int = 0) -> Variant:
        kind, game_seed, players = deal_case(seed, view, level)
        state = rails_rules.new_game(players, seed=game_seed)

        def show() -> None:
            view.seed.value, view.players.value = game_seed, players
            view.jump("setup")

        values = dict(
            seed=game_seed,
            deck=len(state.deck),
            players=players,
            hand=rails_rules.HAND,
            dealt=players * rails_rules.HAND,
            face=rails_rules.SLOTS,
            discard=len(state.discard),
            tickets=len(load().tickets),
            offered=players * rails_rules.SETUP_DEALT,
            per=rails_rules.SETUP_DEALT,
        )
        if kind == "tickets":
            answer = len(state.ticket_deck)
        elif kind == "after":
            answer = len(after_first_draw(state).deck)
        else:
            answer = len(state.deck)
        question = "question" if kind == "pile" else f"question_{kind}"
        explain = "explain" if kind == "pile" else f"explain_{kind}"
        return Variant(
            _t("pile", question, **values),
            answer,
            _t("pile", explain, left=answer, **values),
            on_explain=show,
            hint=ladder(_t, "pile", **values)
            if kind == "pile"
            else [_t("pile", f"hint_idea_{kind}", **values), _t("pile", f"hint_method_{kind}")],
        )

    return Number("rails4-pile", new_question=variant, hint="")


def l4_keep(view: Any) -> Number:
    return Number(
        "rails4-keep",
        _t("keep", "question", n=rails_rules.SETUP_DEALT),
        rails_rules.SETUP_KEEP,
        explanation=_t("keep", "explain", keep=rails_rules.SETUP_KEEP, n=rails_rules.SETUP_DEALT),
        on_explain=_moment(view, "setup"),
        hint=ladder(_t, "keep", n=rails_rules.SETUP_DEALT),
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
        hint=ladder(_t, "claimable"),
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
        hint=ladder(_t, "one_action"),
    )


ONE_ACTION_REASONS = ("short", "whole_turn", "face_up", "locomotive")  # in the page's order


def mid_draw_claims(seed: int, players: int) -> dict[str, int]:
    """What the reasons for "no claim after one card" cite, asked of gamelib at the view's
    first turn: the routes the hand could pay after one blind card (were it a new turn), and
    the claims offered after one blind card, after one face-up card and after one blind card
    with a locomotive more in hand."""
    state = first_turn(seed, players)
    blind = rails_rules.apply(state, DrawDeck())
    colour = next(c for c in state.face_up if c not in (LOCO, -1))
    face = rails_rules.apply(state, DrawFaceUp(CARD_NAMES[colour]))
    hands = [list(h) for h in blind.hands]
    hands[blind.current][LOCO] += 1
    loco = replace(blind, hands=hands)

    def offered(s: Any) -> int:
        return sum(isinstance(a, ClaimRoute) for a in rails_rules.legal_actions(s))

    return {
        "payable": len({a.route for a in rails_rules.claim_actions(blind)}),
        "blind": offered(blind),
        "face_up": offered(face),
        "locomotive": offered(loco),
    }


def l4_one_action_why(view: Any) -> Reason:
    """Why no route may be claimed between the two cards of a draw: pick the reason."""
    seed, players = view.seed.value, view.players.value
    claims = mid_draw_claims(seed, players)
    values = dict(payable=claims["payable"], face_up=claims["face_up"], loco=claims["locomotive"])
    return Reason(
        "rails4-one-action-why",
        _t("one_action_why", "question"),
        "whole_turn",
        options=[(_t("one_action_why", k), k) for k in ONE_ACTION_REASONS],
        explanations={k: _t("one_action_why", f"why_{k}", **values) for k in ONE_ACTION_REASONS},
        hint=ladder(_t, "one_action_why"),
        on_explain=_moment(view, "turn"),
    )


def l4_turn(view: Any) -> w.VBox:
    return stack(l4_claimable(view), l4_one_action(view), l4_one_action_why(view))


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
            trains=counted_t(
                "rails.checks.lesson4.trigger_trains.trains", start.trains[start.trigger]
            ),
            limit=rails_rules.LAST_ROUND,
        ),
        on_explain=_moment(view, "last_round"),
        hint=ladder(_t, "trigger_trains", limit=rails_rules.LAST_ROUND),
    )


def l4_last_turns(view: Any) -> Predict:
    """Predicted before the view shows the last round: how many turns are played from the
    announcement to the end (everybody once more, the announcer too: our reading)."""
    seed, players = view.seed.value, view.players.value
    start, end = last_round(seed, players)
    turns = end.turn - start.turn
    return Predict(
        "rails4-last-turns",
        _t("last_turns", "predict", seed=seed, players=players, limit=rails_rules.LAST_ROUND),
        turns,
        reveals=view.info,
        inside=view,
        explanation=_t(
            "last_turns",
            "explain_predict",
            turns=counted_t("rails.checks.lesson4.last_turns.turns", turns),
            players=players,
            others=counted_t("rails.checks.lesson4.last_turns.turns", players - 1),
        ),
        on_explain=_moment(view, "last_round"),
    )


# ---------------------------------------------------------------------- the tie-break
def tie_case(seed: int, level: int = 0) -> list[tuple[int, int, int]]:
    """(points, completed tickets, longest-trail bonus) of every player at the end of a game
    whose top is a tie on points. Seed 0 is the lesson's: three players, two level on points,
    the one with fewer tickets holding the bonus. Level -1: two players level on points, one
    with more tickets; level 0: three or four players, the same kind of tie; level +1: level
    on points and tickets too, so the bonus decides (our reading) or nobody does."""
    if seed == 0 and level == 0:
        return [(96, 3, LONGEST_BONUS), (96, 4, 0), (81, 5, 0)]
    rng = random.Random(f"rails4-tie:{seed}:{level}")
    top = rng.randint(70, 130)
    players = 2 if level < 0 else rng.randint(3, 4)
    tickets = rng.randint(2, 5)
    more = tickets + rng.randint(1, 2)
    if level > 0:
        a = (top, tickets, LONGEST_BONUS if rng.random() < 0.7 else 0)
        b = (top, tickets, 0)
    else:
        a, b = (top, tickets, LONGEST_BONUS if rng.random() < 0.6 else 0), (top, more, 0)
    rows = [a, b]
    while len(rows) < players:
        rows.append((top - rng.randint(3, 25), rng.randint(1, 7), 0))
    rng.shuffle(rows)
    return rows


def tie_scores(rows: list[tuple[int, int, int]]) -> list[PlayerScore]:
    """The rows as gamelib's final scores (only what the winner depends on is filled in)."""
    return [
        PlayerScore(
            player=p,
            route_points=points - bonus,
            completed=tuple(range(done)),
            failed=(),
            ticket_points=0,
            longest_trail=0,
            longest_bonus=bonus,
            total=points,
        )
        for p, (points, done, bonus) in enumerate(rows)
    ]


def tie_variant(seed: int, level: int = 0) -> Variant:
    """A "who wins?" question: the answer is gamelib's ``winners`` (one seat, or "shared")."""
    rows = tie_case(seed, level)
    won = winners(tie_scores(rows))
    top = max(points for points, _, _ in rows)
    level_on = [p for p, (points, _, _) in enumerate(rows) if points == top]
    tickets = {rows[p][1] for p in level_on}
    if len(won) > 1:
        why = "shared"
    elif len(tickets) > 1:
        why = "tickets"
    else:
        why = "bonus"
    lines = [
        _t(
            "tie",
            "row_bonus" if bonus else "row",
            p=p + 1,
            points=points,
            tickets=counted_t("rails.checks.lesson4.tie.tickets", done),
        )
        for p, (points, done, bonus) in enumerate(rows)
    ]
    names = _t("tie", "and").join(str(p + 1) for p in level_on)
    values = dict(
        names=names,
        points=top,
        winner=won[0] + 1,
        k=counted_t("rails.checks.lesson4.tie.tickets", rows[won[0]][1]),
        bonus=LONGEST_BONUS,
    )
    options = [(_t("tie", "player", p=p + 1), p) for p in range(len(rows))]
    return Variant(
        _t("tie", "question", players=len(rows), rows="; ".join(lines)),
        won[0] if len(won) == 1 else "shared",
        _t("tie", f"explain_{why}", **values),
        options=[*options, (_t("tie", "shared"), "shared")],
        hint=ladder(_t, "tie"),
    )


def l4_tie_break(view: Any) -> Choice:
    """§Calcolo dei punti's tie-break (completed tickets), then ours (§silent:tie-break)."""
    return Choice("rails4-tie-break", new_question=tie_variant, hint="")


def l4_end(view: Any) -> w.VBox:
    return stack(l4_last_turns(view), l4_trigger_trains(view), l4_tie_break(view))


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
    check = cited_rule(_t, "rails4-second-loco", "second_loco", RULES, second_loco_rule)
    return with_ladder(check, ladder(_t, "second_loco"))


def unpaid_rule(seed: int, players: int = 2) -> str:
    """The rule cited when the first player claims a route their opening hand cannot pay."""
    state = first_turn(seed, players)
    payable = {a.route for a in rails_rules.claim_actions(state)}
    board = load()
    route = next(r for r in board.routes if r.id not in payable and r.color != GREY)
    return refused(state, ClaimRoute(route.id, route.color, 0))


def l4_unpaid(table: Any) -> Choice:
    seed = table.seed.value
    check = cited_rule(_t, "rails4-unpaid", "unpaid", RULES, lambda: unpaid_rule(seed))
    return with_ladder(check, ladder(_t, "unpaid"))


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
        hint=ladder(_t, "longest"),
    )


def l4_table(table: Any) -> w.VBox:
    return stack(l4_second_loco(table), l4_unpaid(table), l4_longest(table))


# the steps, as the notebook calls them: ``checks.<step>(widget)``
setup = l4_setup
turn = l4_turn
end = l4_end
table = l4_table
score = lesson_score
