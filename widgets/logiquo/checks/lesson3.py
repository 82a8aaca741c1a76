"""The checks of Logiquo lesson 3 (play together, win alone): seeded bots' games, the winner by
``ending``'s tie-break chain (§Obiettivo) and the two endings (§Fine del Gioco)."""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable
from functools import cache, partial
from typing import Any

import ipywidgets as w

from gamelib import logiquo as game
from gamelib.core import play_out
from gamelib.logiquo import actions
from gamelib.logiquo.ending import TIEBREAKS, ranking_key
from widgets.i18n import language, t
from widgets.kit.check import Choice, Number, Order, Pick, Reflect, Variant, lesson_score, stack
from widgets.kit.check_texts import CheckTexts
from widgets.logiquo.ending import DECIDERS, bots_game
from widgets.logiquo.table import make_bot

L3 = "lesson3"
_t = CheckTexts("logiquo", L3)
COOP = ("cooperative", "cooperative", "cooperative")
SELFISH = ("cooperative", "selfish", "selfish")
MIXED = ("cooperative", "selfish", "cooperative")


def played(seed: int, seats: tuple[str, ...]) -> tuple[Any, list[tuple[Any, Any]]]:
    """(final state, [(state before, action)]) of a bots' game at ``seed``: the table's bots,
    kind and seed ``seed * 10 + seat``, the usual ending (cached a language: the players' names
    are the page's)."""
    return _played(seed, seats, language())


@cache
def _played(seed: int, seats: tuple[str, ...], _language: str) -> tuple[Any, list[tuple[Any, Any]]]:
    names = [t(f"logiquo.table.name_{k}", n=i + 1) for i, k in enumerate(seats)]
    state = game.new_game(names, seed=seed)
    bots = [make_bot(kind, seed * 10 + p) for p, kind in enumerate(seats)]
    history: list[tuple[Any, Any]] = []
    before = [state]  # play_out reports the state after each action

    def record(after: Any, action: Any) -> None:
        history.append((before[0], action))
        before[0] = after

    final = play_out(game, state, bots, on_action=record)
    return final, history


OFFERS = (actions.OfferCard, actions.OfferTrade)
GIVERS = ("cooperative", "selfish", "both", "neither")


def offers_by_kind(seed: int) -> Counter[str]:
    """How many offers each kind of bot made to the active player (help asked for, not its
    own trades) in the mixed game at ``seed``."""
    _final, history = played(seed, MIXED)
    made: Counter[str] = Counter()
    for before, action in history:
        who = game.current_player(before)
        if isinstance(action, OFFERS) and who != before.active:  # help for the active player
            made[MIXED[who]] += 1
    return made


def _bots_variant(
    name: str,
    seed: int,
    answer: Callable[[int], str],
    words: tuple[str, ...],
    explain: Callable[[str], str],
) -> Variant:
    """A question about the bots' games at ``seed``: ``answer(seed)`` among ``words`` (the
    catalog's ``<name>.option_<word>``), computed when first needed."""
    return Variant(
        _t(name, "question", seed=seed),
        lambda: answer(seed),
        explain,
        options=[(_t(name, f"option_{x}"), x) for x in words],
    )


def givers(seed: int) -> str:
    made = offers_by_kind(seed)
    coop, selfish = made["cooperative"] > 0, made["selfish"] > 0
    return {(True, False): "cooperative", (False, True): "selfish", (True, True): "both"}.get(
        (coop, selfish), "neither"
    )


def _givers_variant(seed: int) -> Variant:
    def explain(_a: str) -> str:
        made = offers_by_kind(seed)
        return _t("givers", "explain", seed=seed, coop=made["cooperative"], selfish=made["selfish"])

    return _bots_variant("givers", seed, givers, GIVERS, explain)


def l3_givers(table: Any) -> Choice:
    return _t.seeded(Choice, "logiquo3-givers", "givers", _givers_variant, table)


LASTS = ("cooperative", "selfish", "same")


def longer(seed: int) -> str:
    coop, selfish = played(seed, COOP)[0].turn, played(seed, SELFISH)[0].turn
    return "cooperative" if coop > selfish else "selfish" if selfish > coop else "same"


def _longer_variant(seed: int) -> Variant:
    def explain(_a: str) -> str:
        return _t(
            "longer",
            "explain",
            seed=seed,
            coop=played(seed, COOP)[0].turn,
            selfish=played(seed, SELFISH)[0].turn,
        )

    return _bots_variant("longer", seed, longer, LASTS, explain)


def l3_longer(table: Any) -> Choice:
    return _t.seeded(Choice, "logiquo3-longer", "longer", _longer_variant, table)


def l3_step1(table: Any) -> w.VBox:
    """The table: which bots give, and does a cooperative table last longer?"""
    return stack(l3_givers(table), l3_longer(table))


def _player_options(state: Any) -> list[tuple[str, int]]:
    return [(name, p) for p, name in enumerate(state.players)]


def _winner_variant(view: Any, seed: int) -> Variant:
    final = bots_game(seed, "first_zero")

    def explain(_a: Any) -> str:
        keys = ", ".join(
            f"{html.escape(n)} {ranking_key(final, p)}" for p, n in enumerate(final.players)
        )
        return _t(
            "winner",
            "explain",
            seed=seed,
            keys=keys,
            decided=t(f"logiquo.ending.by_{final.decided_by}"),
        )

    def show() -> None:
        view.ending.value = "first_zero"
        view.seed.value = seed

    return Variant(
        _t("winner", "question", seed=seed),
        frozenset(game.winners(final)),
        explain,
        options=_player_options(final),
        hint=_t("winner", "hint", seed=seed),
        on_explain=show,
    )


def l3_winner(view: Any) -> Pick:
    return _t.seeded(Pick, "logiquo3-winner", "winner", partial(_winner_variant, view), view)


def _decider_variant(view: Any, seed: int) -> Variant:
    final = bots_game(seed, "first_zero")

    def show() -> None:
        view.ending.value = "first_zero"
        view.seed.value = seed

    return Variant(
        _t("decider", "question", seed=seed),
        final.decided_by,
        lambda d: _t("decider", "explain", seed=seed, decided=t(f"logiquo.ending.by_{d}")),
        options=[(t(f"logiquo.ending.by_{d}"), d) for d in DECIDERS],
        on_explain=show,
    )


def l3_decider(view: Any) -> Choice:
    return _t.seeded(Choice, "logiquo3-decider", "decider", partial(_decider_variant, view), view)


def l3_chain(view: Any) -> Order:
    """The order of §Obiettivo's chain, as the engine applies it (``ending.TIEBREAKS``)."""
    labels = {k: t(f"logiquo.ending.col_{k}") for k in TIEBREAKS}
    return Order(
        "logiquo3-chain",
        _t("chain", "question"),
        tuple(TIEBREAKS),
        options=sorted(((labels[k].split(" · ")[1], k) for k in TIEBREAKS), reverse=True),
        explanation=_t("chain", "explain"),
        on_explain=lambda: setattr(view.ending, "value", "first_zero"),
        **_t.hint("chain"),
    )


def l3_tension() -> Reflect:
    return _t.reflect("logiquo3-tension", "tension")


def l3_step2(view: Any) -> w.VBox:
    """The goal and the winner (§Obiettivo): who wins, and which link of the chain decided."""
    return stack(l3_chain(view), l3_winner(view), l3_decider(view), l3_tension())


REASONS = ("zero_data", "deck", "last_standing", "all_eliminated")


def _reason_variant(view: Any, seed: int) -> Variant:
    final = bots_game(seed, "deck_out")

    def show() -> None:
        view.ending.value = "deck_out"
        view.seed.value = seed

    def explain(reason: str) -> str:
        out = [n for p, n in enumerate(final.players) if not final.alive[p]]
        return _t(
            "reason",
            "explain",
            seed=seed,
            reason=t(f"logiquo.table.end_{reason}"),
            out=", ".join(html.escape(n) for n in out) or "—",
            turn=final.turn,
        )

    return Variant(
        _t("reason", "question", seed=seed),
        final.end_reason,
        explain,
        options=[(t(f"logiquo.table.end_{r}"), r) for r in REASONS],
        hint=_t("reason", "hint", seed=seed),
        on_explain=show,
    )


def l3_reason(view: Any) -> Choice:
    return _t.seeded(Choice, "logiquo3-reason", "reason", partial(_reason_variant, view), view)


def l3_longer_game(view: Any) -> Number:
    seed = view.seed.value

    def show() -> None:
        view.seed.value = seed
        view.ending.value = "deck_out"

    def extra() -> int:
        return bots_game(seed, "deck_out").turn - bots_game(seed, "first_zero").turn

    return Number(
        "logiquo3-extra-turns",
        _t("extra_turns", "question", seed=seed),
        extra,
        explanation=lambda n: _t(
            "extra_turns",
            "explain",
            seed=seed,
            first=bots_game(seed, "first_zero").turn,
            deck=bots_game(seed, "deck_out").turn,
            n=n,
        ),
        on_explain=show,
        hint=_t("extra_turns", "hint", seed=seed),
    )


def l3_step3(view: Any) -> w.VBox:
    """The end (§Fine del Gioco): why the deck-out game ended, how much longer it ran."""
    return stack(l3_reason(view), l3_longer_game(view))


# the steps of the lesson, as the notebook calls them
table = l3_step1
winner = l3_step2
ending = l3_step3
score = lesson_score
