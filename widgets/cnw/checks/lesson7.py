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
        **_t.hint("fallback"),
    )


def l4_deck_kinds(lab: Any) -> Number:
    deck = objectives.load()
    regions = [c for c in deck.cards if c.kind == "regions"]
    return Number(
        "cnw4-deck-kinds",
        _t("deck_kinds", "question"),
        len(regions),
        explanation=_t("deck_kinds", "explain", n=len(regions), total=len(deck.cards)),
        **_t.hint("deck_kinds"),
    )


def l4_step5(lab: Any) -> w.VBox:
    return stack(l4_deck_kinds(lab), l4_fallback(lab))


# ---------------------------------------------------------------------- step 6 · how close
def scene(seed: int) -> tuple[int, int, int, int]:
    """The position and player of question ``seed``: (game seed, players, round, player)."""
    rng = random.Random(f"cnw4-scene:{seed}")
    players = rng.randint(3, 5)
    return rng.randint(1, 60), players, rng.randint(2, 4), rng.randrange(players)


def _set(lab: Any, game: int, players: int, rounds: int, player: int, card: int) -> None:
    lab.set_position(game, players, rounds)
    lab.player.value, lab.card.value = player, card


def l4_closest(lab: Any) -> Pick:
    def variant(seed: int) -> Variant:
        game, players, rounds, player = scene(seed)
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
            _t("closest", "explain", cards=names, n=to_go),
            hint=_t("closest", "hint", player=colour_name(player)),
            on_explain=lambda: _set(lab, game, players, rounds, player, best[0]),
        )

    options = [(objective_text(c.id), c.id) for c in objectives.load().cards]
    return Pick("cnw4-closest", new_question=variant, options=options, **_t.hint("closest"))


def l4_own(lab: Any) -> Number:
    def variant(seed: int) -> Variant:
        game, players, rounds, player = scene(seed + 100)
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
                n=got.to_go,
                have=got.have,
                need=got.need,
                targets=", ".join(got.targets) or "—",
            ),
            hint=_t("own", "hint", player=colour_name(player)),
            on_explain=lambda: _set(lab, game, players, rounds, player, own),
        )

    return Number("cnw4-own", new_question=variant, **_t.hint("own"))


def l4_secret(lab: Any) -> Reflect:
    return _t.reflect("cnw4-secret", "secret")


def l4_step6(lab: Any) -> w.VBox:
    return stack(l4_closest(lab), l4_own(lab), l4_secret(lab))


# The steps as the notebook calls them: ``checks.<step>(widget)``.
deck = l4_step5
closeness = l4_step6
score = lesson_score
