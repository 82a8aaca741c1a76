"""The checks of CNW lesson 7, the Network Objectives: every question answered in the page.
Answers come from ``gamelib.cnw.objectives`` and ``gamelib.cnw.objective_progress`` (§11,
§11.1).

Until issue #25 these were steps 5 and 6 of lesson 4 (cards, contingencies and objectives):
they keep their names (``cnw4-*``, the ids in learners' records and the browser tests) and
their texts (``cnw.checks.lesson4.*``, hence ``CheckTexts("cnw", "lesson4")`` below)."""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as w

from gamelib.cnw import objective_progress, objectives
from widgets.cnw.checks.lesson6 import ladder, said
from widgets.cnw.objectives import colour_name, objective_text, position
from widgets.kit.check import (
    Choice,
    Number,
    Pick,
    Reflect,
    Variant,
    lesson_score,
    stack,
)
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts

_t = CheckTexts("cnw", "lesson4")


# ---------------------------------------------------------------------- step 5 · §11 the deck
FALLBACK_SEED = 1


def l4_fallback(lab: Any) -> Choice:
    """§11.1 in a 3-player game: 'eliminate Green' (seat 3) falls back to 24 gateways."""
    deck = objectives.load()
    players = 3
    absent = next(c for c in deck.cards if c.kind == "eliminate" and c.colour >= players)
    state = position(FALLBACK_SEED, players, 1)
    falls = objective_progress.falls_back(state, 0, absent)
    n = deck.fallback_gateways
    options = [
        (_t("fallback", "eliminate", colour=colour_name(absent.colour)), "eliminate"),
        (_t("fallback", "gateways", n=n), "gateways"),
        (_t("fallback", "redraw"), "redraw"),
        (_t("fallback", "sla"), "sla"),
    ]

    def show() -> None:
        lab.set_position(FALLBACK_SEED, players, 1)
        lab.player.value, lab.card.value = 0, absent.id

    return Choice(
        "cnw4-fallback",
        _t("fallback", "question", card=objective_text(absent.id), players=players),
        "gateways" if falls else "eliminate",
        options=options,
        explanation=_t(
            "fallback", "explain", colour=colour_name(absent.colour), players=players, n=n
        ),
        on_explain=show,
        **ladder("fallback"),
    )


FALLBACK_REASONS = ("eliminated", "absent", "self", "hard")  # the options, in the page's order


def l4_fallback_why(lab: Any) -> Reason:
    """Why "Eliminate Green" falls back in a 3-player game: nobody plays Green (§2, §11.1)."""
    deck = objectives.load()
    players = 3
    absent = next(c for c in deck.cards if c.kind == "eliminate" and c.colour >= players)
    playing = next(c for c in deck.cards if c.kind == "eliminate" and 0 < c.colour < players)
    state = position(FALLBACK_SEED, players, 1)
    held = ", ".join(f"{colour_name(p)} {state.owner.count(p)}" for p in range(players))
    colour = colour_name(absent.colour)
    explanations = {
        "absent": _t(
            "fallback_why",
            "model",
            colour=colour,
            players=players,
            seats=", ".join(colour_name(p) for p in range(players)),
            n=deck.fallback_gateways,
        ),
        "eliminated": _t("fallback_why", "why_eliminated", held=held, round=state.round),
        "self": _t("fallback_why", "why_self", me=colour_name(0), colour=colour),
        "hard": _t(
            "fallback_why",
            "why_hard",
            card=objective_text(playing.id),
            players=players,
            n=state.owner.count(playing.colour),
        ),
    }
    return Reason(
        "cnw4-fallback-why",
        _t("fallback_why", "question", card=objective_text(absent.id), players=players),
        "absent",
        options=[(_t("fallback_why", r, colour=colour), r) for r in FALLBACK_REASONS],
        explanations=explanations,
        hint=[_t("fallback_why", "hint_idea"), _t("fallback_why", "hint_method")],
    )


def l4_deck_kinds(lab: Any) -> Number:
    deck = objectives.load()
    regions = [c for c in deck.cards if c.kind == "regions"]
    return Number(
        "cnw4-deck-kinds",
        _t("deck_kinds", "question"),
        len(regions),
        explanation=_t("deck_kinds", "explain", n=len(regions), total=len(deck.cards)),
        **ladder("deck_kinds"),
    )


def l4_step5(lab: Any) -> w.VBox:
    return stack(l4_deck_kinds(lab), l4_fallback(lab), l4_fallback_why(lab))


# ---------------------------------------------------------------------- step 6 · how close
def scene(seed: int, level: int = 0) -> tuple[int, int, int, int]:
    """The position and player of question ``seed``: (game seed, players, round, player).
    Level -1: 3 players early in the game (round 2, three columns to compare); +1: 5 or 6
    players later on (round 4 to 6), where more rivals have changed the map."""
    rng = random.Random(f"cnw4-scene:{seed}" if level == 0 else f"cnw4-scene:{seed}:{level}")
    if level < 0:
        players, rounds = 3, 2
    elif level > 0:
        players, rounds = rng.randint(5, 6), rng.randint(4, 6)
    else:
        players, rounds = rng.randint(3, 5), rng.randint(2, 4)
    return rng.randint(1, 60), players, rounds, rng.randrange(players)


def _set(lab: Any, game: int, players: int, rounds: int, player: int, card: int) -> None:
    lab.set_position(game, players, rounds)
    lab.player.value, lab.card.value = player, card


def l4_closest(lab: Any) -> Pick:
    def variant(seed: int, level: int = 0) -> Variant:
        game, players, rounds, player = scene(seed, level)
        state = position(game, players, rounds)
        best = objective_progress.closest(state, player)
        to_go = objective_progress.progress(state, player, best[0]).to_go
        names = "; ".join(objective_text(k) for k in best)
        return Variant(
            _t(
                "closest",
                "question",
                seed=game,
                players=players,
                round=rounds,
                player=colour_name(player),
            ),
            set(best),
            _t("closest", "explain", cards=names, togo=said("to_go", to_go)),
            **ladder("closest", player=colour_name(player)),
            on_explain=lambda: _set(lab, game, players, rounds, player, best[0]),
        )

    options = [(objective_text(c.id), c.id) for c in objectives.load().cards]
    return Pick(
        "cnw4-closest",
        new_question=variant,
        options=options,
        **ladder("closest", player=colour_name(0)),
    )


def l4_own(lab: Any) -> Number:
    def variant(seed: int, level: int = 0) -> Variant:
        game, players, rounds, player = scene(seed + 100, level)
        state = position(game, players, rounds)
        own = state.objectives[player]
        got = objective_progress.progress(state, player, own)
        return Variant(
            _t(
                "own",
                "question",
                seed=game,
                players=players,
                round=rounds,
                player=colour_name(player),
            ),
            got.to_go,
            _t(
                "own",
                "explain",
                player=colour_name(player),
                card=objective_text(own),
                togo=said("to_go", got.to_go),
                have=got.have,
                need=got.need,
                targets=", ".join(got.targets) or "—",
            ),
            **ladder("own", player=colour_name(player)),
            on_explain=lambda: _set(lab, game, players, rounds, player, own),
        )

    return Number("cnw4-own", new_question=variant, **ladder("own", player=colour_name(0)))


def l4_secret(lab: Any) -> Reflect:
    return _t.reflect("cnw4-secret", "secret")


def l4_predict_self(lab: Any) -> Predict:
    """§11.1 applied before the heatmap shows it: a player who drew their own colour to
    eliminate needs 24 gateways, so the number is 24 minus what they hold (the summary line
    counts it), not 0."""
    game, players, rounds = lab.seed.value, lab.players.value, lab.rounds.value
    player = 0
    card = next(c for c in objectives.load().cards if c.kind == "eliminate" and c.colour == player)
    state = position(game, players, rounds)
    got = objective_progress.progress(state, player, card.id)
    return Predict(
        "cnw4-predict-self",
        _t(
            "predict_self",
            "question",
            seed=game,
            players=players,
            round=rounds,
            player=colour_name(player),
            card=objective_text(card.id),
        ),
        got.to_go,
        reveals=[find_tagged(lab, "cnw-fig-objectives"), lab.info],
        inside=lab,
        explanation=_t(
            "predict_self",
            "explain",
            player=colour_name(player),
            card=objective_text(card.id),
            need=got.need,
            have=got.have,
            n=got.to_go,
            left=state.owner.count(player),
        ),
        on_explain=lambda: _set(lab, game, players, rounds, player, card.id),
    )


def l4_step6(lab: Any) -> w.VBox:
    return stack(l4_predict_self(lab), l4_closest(lab), l4_own(lab), l4_secret(lab))


# The steps as the notebook calls them: ``checks.<step>(widget)``.
deck = l4_step5
closeness = l4_step6
score = lesson_score
