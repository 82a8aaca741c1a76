"""The checks of Logiquo lesson 3 (play together, win alone): seeded bots' games, the winner by
``ending``'s tie-break chain (§Obiettivo) and the two endings (§Fine del Gioco)."""

from __future__ import annotations

import html
import random
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

import ipywidgets as w

from gamelib import logiquo as game
from gamelib.core import play_out
from gamelib.logiquo import actions, cards
from gamelib.logiquo.ending import TIEBREAKS, ranking_key
from widgets.i18n import language, t
from widgets.kit.check import Choice, Number, Order, Pick, Reflect, Variant, lesson_score, stack
from widgets.kit.check_kinds import PredictChoice, Reason
from widgets.kit.check_texts import CheckTexts
from widgets.logiquo.checks.common import counted_t, ladder
from widgets.logiquo.ending import DECIDERS, bots_game
from widgets.logiquo.table import make_bot
from widgets.logiquo.words import card_name

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


# the seats of the givers' question by level: one helper beside you (-1), the lesson's mixed
# table (0), four seats, two of each kind (+1)
GIVER_SEATS = {
    -1: ("cooperative", "selfish"),
    0: MIXED,
    1: ("cooperative", "selfish", "cooperative", "selfish"),
}


def offers_by_kind(seed: int, seats: tuple[str, ...] = MIXED) -> Counter[str]:
    """How many offers each kind of bot made to the active player (help asked for, not its
    own trades) in the game of ``seats`` at ``seed`` (the lesson's mixed table by default)."""
    _final, history = played(seed, seats)
    made: Counter[str] = Counter()
    for before, action in history:
        who = game.current_player(before)
        if isinstance(action, OFFERS) and who != before.active:  # help for the active player
            made[seats[who]] += 1
    return made


def _bots_variant(
    name: str,
    seed: int,
    answer: Callable[[int], str],
    words: tuple[str, ...],
    explain: Callable[[str], str],
    **values: Any,
) -> Variant:
    """A question about the bots' games at ``seed``: ``answer(seed)`` among ``words`` (the
    catalog's ``<name>.option_<word>``), computed when first needed; ``values``: the
    question's other numbers."""
    return Variant(
        _t(name, "question", seed=seed, **values),
        lambda: answer(seed),
        explain,
        options=[(_t(name, f"option_{x}"), x) for x in words],
    )


def _seat_names(seats: tuple[str, ...]) -> str:
    return ", ".join(_t("givers", f"kind_{k}") for k in seats)


def givers(seed: int, seats: tuple[str, ...] = MIXED) -> str:
    made = offers_by_kind(seed, seats)
    coop, selfish = made["cooperative"] > 0, made["selfish"] > 0
    return {(True, False): "cooperative", (False, True): "selfish", (True, True): "both"}.get(
        (coop, selfish), "neither"
    )


def _givers_variant(seed: int, level: int = 0) -> Variant:
    seats = GIVER_SEATS[max(-1, min(1, level))]

    def explain(_a: str) -> str:
        made = offers_by_kind(seed, seats)
        return _t("givers", "explain", seed=seed, coop=made["cooperative"], selfish=made["selfish"])

    return _bots_variant(
        "givers",
        seed,
        lambda s: givers(s, seats),
        GIVERS,
        explain,
        seats=_seat_names(seats),
        players=len(seats),
    )


def l3_givers(table: Any) -> Choice:
    return Choice(
        "logiquo3-givers",
        new_question=_givers_variant,
        seed=table.seed.value,
        hint=ladder(_t, "givers"),
    )


LASTS = ("cooperative", "selfish", "same")


# the two tables of the longer question by level: two seats (-1), three (0), four (+1)
LONGER_SEATS = {
    -1: (("cooperative",) * 2, ("cooperative", "selfish")),
    0: (COOP, SELFISH),
    1: (("cooperative",) * 4, ("cooperative", "selfish", "selfish", "selfish")),
}


def longer(seed: int, tables: tuple[tuple[str, ...], ...] = (COOP, SELFISH)) -> str:
    coop, selfish = (played(seed, seats)[0].turn for seats in tables)
    return "cooperative" if coop > selfish else "selfish" if selfish > coop else "same"


def _longer_variant(seed: int, level: int = 0) -> Variant:
    tables = LONGER_SEATS[max(-1, min(1, level))]

    def explain(_a: str) -> str:
        return _t(
            "longer",
            "explain",
            seed=seed,
            coop=played(seed, tables[0])[0].turn,
            selfish=played(seed, tables[1])[0].turn,
        )

    return _bots_variant(
        "longer",
        seed,
        lambda s: longer(s, tables),
        LASTS,
        explain,
        players=len(tables[0]),
        selfish=len(tables[0]) - 1,
    )


def l3_longer(table: Any) -> Choice:
    return Choice(
        "logiquo3-longer",
        new_question=_longer_variant,
        seed=table.seed.value,
        hint=ladder(_t, "longer"),
    )


def l3_step1(table: Any) -> w.VBox:
    """The table: which bots give, does a cooperative table last longer, what a Pentaqo gives
    (the window the step teaches)?"""
    return stack(l3_givers(table), l3_longer(table), l3_pentaqo(None))


def _player_options(state: Any) -> list[tuple[str, int]]:
    return [(name, p) for p, name in enumerate(state.players)]


SEARCH = 200  # how far a level's seed is looked for past the seed drawn


def seed_at_level(seed: int, level: int) -> int:
    """The seed of a winner question at ``level``: at -1 the first game from ``seed`` on whose
    winner the Data cards alone name (the chain's first link), at +1 the first where a later
    link decides (a tie on Data), at 0 ``seed`` itself; so a class at one level shares it."""
    if level == 0:
        return seed
    for s in range(seed, seed + SEARCH):
        by_data = bots_game(s, "first_zero").decided_by in ("data", "last_standing")
        if by_data == (level < 0):
            return s
    return seed


def _winner_variant(view: Any, seed: int, level: int = 0) -> Variant:
    seed = seed_at_level(seed, level)
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
        hint=ladder(_t, "winner", seed=seed),
        on_explain=show,
    )


def _with_view(variant: Callable[..., Variant], view: Any) -> Callable[..., Variant]:
    """``variant`` bound to ``view``, still taking the kit's ``level`` (a ``partial`` hides it
    from the kit's look at the signature)."""

    def new_question(seed: int, level: int = 0) -> Variant:
        return variant(view, seed, level)

    return new_question


def l3_winner(view: Any) -> Pick:
    return Pick(
        "logiquo3-winner",
        new_question=_with_view(_winner_variant, view),
        seed=view.seed.value,
        hint=ladder(_t, "winner", seed=view.seed.value),
    )


def _decider_variant(view: Any, seed: int, level: int = 0) -> Variant:
    seed = seed_at_level(seed, level)
    final = bots_game(seed, "first_zero")

    def show() -> None:
        view.ending.value = "first_zero"
        view.seed.value = seed

    return Variant(
        _t("decider", "question", seed=seed),
        final.decided_by,
        lambda d: _t("decider", "explain", seed=seed, decided=t(f"logiquo.ending.by_{d}")),
        options=[(t(f"logiquo.ending.by_{d}"), d) for d in DECIDERS],
        hint=ladder(_t, "decider"),
        on_explain=show,
    )


def l3_decider(view: Any) -> Choice:
    return Choice(
        "logiquo3-decider",
        new_question=_with_view(_decider_variant, view),
        seed=view.seed.value,
        hint=ladder(_t, "decider"),
    )


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
        hint=ladder(_t, "chain"),
    )


def l3_tension() -> Reflect:
    return _t.reflect("logiquo3-tension", "tension")


def l3_step2(view: Any) -> w.VBox:
    """The goal and the winner (§Obiettivo): who wins, and which link of the chain decided."""
    return stack(l3_chain(view), l3_winner(view), l3_decider(view), l3_tension())


REASONS = ("zero_data", "deck", "last_standing", "all_eliminated")


def reason_seed(seed: int, level: int) -> int:
    """The seed of an ending question at ``level``: at -1 the first game from ``seed`` on that
    ended with one player left (the usual way), at +1 the first that ended otherwise (the deck
    ran out, or the last players fell together), at 0 ``seed`` itself."""
    if level == 0:
        return seed
    for s in range(seed, seed + SEARCH):
        if (bots_game(s, "deck_out").end_reason == "last_standing") == (level < 0):
            return s
    return seed


def _reason_variant(view: Any, seed: int, level: int = 0) -> Variant:
    seed = reason_seed(seed, level)
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
        hint=ladder(_t, "reason", seed=seed),
        on_explain=show,
    )


def l3_reason(view: Any) -> Choice:
    return Choice(
        "logiquo3-reason",
        new_question=_with_view(_reason_variant, view),
        seed=view.seed.value,
        hint=ladder(_t, "reason", seed=view.seed.value),
    )


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
        hint=ladder(_t, "extra_turns", seed=seed),
    )


def l3_step3(view: Any) -> w.VBox:
    """The end (§Fine del Gioco): the deck-out game's length predicted before the table shows
    it, why it ended, how much longer it ran."""
    return stack(l3_predict_end(view), l3_reason(view), l3_longer_game(view))


# ---------------------------------------------------------------------- the rules of a turn
# §Struttura.4 (effects), .5 (draw), .6 (passing) with §Scarto and the Pentaqo, played through
# gamelib's own apply on seeded deals: a rules change changes these answers.
def _ready(state: Any) -> Any:
    """``state`` past the Pentaqo window (every holder keeps it): the active player's
    reaction."""
    while state.phase == "window":
        state = game.apply(state, actions.PassWindow())
    return state


def _with_threat(players: int, seed: str, number: int) -> Any:
    """A seeded new game whose first threat on the table is threat ``number``: the set-up
    puts the card there, swapping it with the one revealed (the deck keeps every card)."""
    for k in range(1000):  # a deal whose set-up drew no anomaly: everyone still holds 3 Data
        state = game.new_game(players, seed=f"{seed}:{k}")
        if not state.anomalies and all(len(d) == len(state.data[0]) for d in state.data):
            break
    cid = cards.threat(number).id
    if state.threat != cid:
        state.threat_deck[state.threat_deck.index(cid)] = state.threat
        state.threat = cid
    return _ready(state)


def data_lost_to(state: Any) -> int:
    """The Data cards the threat on the table takes when nobody stops it (§Struttura.4):
    the active player takes the impact and gamelib's effects run; only the ``lose_data`` of
    that impact counts (not what the next threat may do)."""
    after = game.apply(state, actions.TakeImpact())
    events = after.events[len(state.events) :]
    lost = 0
    for e in events:
        if e.get("type") == "turn":
            break
        if e.get("type") == "lose_data":
            lost += e["n"]
    return lost


def _plain_loss(c: cards.Card) -> bool:
    """A threat whose only impact is losing Data (no card lost, no exception)."""
    return bool(c.impacts) and all(
        set(e) == {"op", "n"} and e["op"] == "lose_data" for e in c.impacts
    )


def struck_case(seed: int, level: int = 0) -> tuple[int, cards.Card]:
    """(players, threat) of the effects question: at -1 a Singolo threat at a small table, at
    +1 a Multiplo one at a large table, at 0 a Singolo or a Multiplo one at three or four
    players, among the deck's threats whose impact is a plain loss of Data (seeded, so a class
    shares it)."""
    rng = random.Random(f"lq3-struck:{seed}:{level}")
    plain = [c for c in cards.by_kind("threat") if _plain_loss(c)]
    if level < 0:
        pool, players = [c for c in plain if c.involvement == "single"], rng.choice((2, 3))
    elif level > 0:
        pool, players = [c for c in plain if c.involvement == "all"], rng.choice((5, 6))
    else:  # either involvement, as often
        kind = rng.choice(("single", "all"))
        pool, players = [c for c in plain if c.involvement == kind], rng.choice((3, 4))
    return players, rng.choice(pool)


def _struck_variant(browser: Any, seed: int, level: int = 0) -> Variant:
    players, threat = struck_case(seed, level)
    state = _with_threat(players, f"lq3-struck:{seed}", threat.number)
    held = sum(len(d) for d in state.data)
    lost = data_lost_to(state)
    n = threat.impacts[0]["n"]
    values = {
        "threat": f"{threat.code} {html.escape(card_name(threat))}",
        "players": players,
        "held": held,
        "who": _t("struck", f"who_{threat.involvement}"),
    }
    return Variant(
        counted_t(_t, "struck", "question", n, **values),
        held - lost,
        counted_t(_t, "struck", "explain", lost, left=held - lost, each=n, **values),
        on_explain=(lambda: _show_card(browser, threat.id)) if browser is not None else None,
    )


def _show_card(browser: Any, card_id: int) -> None:
    c = cards.load()[card_id]
    browser.kind.value = c.kind
    browser.category.value = c.category or ""
    browser.card_pick.value = card_id


def l3_struck(browser: Any) -> Number:
    """§Struttura.4: a threat nobody stops strikes one player (Singolo) or all (Multiplo)."""

    def new_question(seed: int, level: int = 0) -> Variant:
        return _struck_variant(browser, seed, level)

    return Number("logiquo3-struck", new_question=new_question, hint=ladder(_t, "struck"))


PENTAQO_PLAYERS = 3


def pentaqo_case() -> tuple[Any, int]:
    """The first seeded deal (3 players) whose active player holds a Pentaqo in the reaction:
    (that state, the Pentaqo's id)."""
    for seed in range(1000):
        state = _ready(game.new_game(PENTAQO_PLAYERS, seed=f"lq3-pentaqo:{seed}"))
        held = [c for c in state.hands[state.active] if cards.card(c).kind == "pentaqo"]
        if state.phase == "reaction" and held:
            return state, held[0]
    raise LookupError("no deal with a Pentaqo in the active hand")


def after_pentaqo() -> tuple[int, int]:
    """(control cards in hand before, after) the active player plays the Pentaqo, by
    gamelib's apply (§Carte speciali di Controllo)."""
    state, pentaqo = pentaqo_case()
    after = game.apply(state, actions.PlayPentaqo(pentaqo))
    return len(state.hands[state.active]), len(after.hands[state.active])


def l3_pentaqo(browser: Any) -> Number:
    before, after = after_pentaqo()
    pentaqo = next(iter(cards.by_kind("pentaqo")))
    return Number(
        "logiquo3-pentaqo",
        _t("pentaqo", "question", k=before),
        after,
        explanation=_t("pentaqo", "explain", k=before, after=after, naive=before + 2),
        on_explain=(lambda: _show_card(browser, pentaqo.id)) if browser is not None else None,
        hint=ladder(_t, "pentaqo", k=before),
    )


RESTORE_REASONS = ("active_only", "gift", "paid", "empty")  # the options, in the page's order


def restore_facts() -> dict[str, int]:
    """What the wrong reasons of ``logiquo3-restore-why`` claim, from gamelib: the control
    deck left at the start of a three-player game, a non-active player's hand after playing a
    Pentaqo in the window (found on a seeded deal)."""
    state = game.new_game(3, seed="lq3-restore")
    for seed in range(1000):
        deal = game.new_game(3, seed=f"lq3-window:{seed}")
        if deal.phase == "window":
            p = game.current_player(deal)
            pentaqo = next(c for c in deal.hands[p] if cards.card(c).kind == "pentaqo")
            after = game.apply(deal, actions.PlayPentaqo(pentaqo))
            return {
                "deck": len(state.control_deck),
                "hand": len(deal.hands[p]),
                "after": len(after.hands[p]),
            }
    raise LookupError("no deal with a Pentaqo window")


def l3_restore_why(browser: Any) -> Reason:
    """§Struttura.5: who draws back after a neutralisation with a gift. Pick the reason."""
    f = restore_facts()
    return Reason(
        "logiquo3-restore-why",
        _t("restore_why", "question"),
        "gift",
        options=[(_t("restore_why", r), r) for r in RESTORE_REASONS],
        explanations={r: _t("restore_why", f"why_{r}", **f) for r in RESTORE_REASONS},
        hint=ladder(_t, "restore_why"),
    )


WHERE = ("next", "bottom", "discard", "shuffled")  # the options, in the page's order


def old_threat() -> tuple[int, str, Any]:
    """Where the threat of a finished turn goes (§Struttura.6, §Scarto): a seeded deal's first
    threat, its turn played by gamelib (the impact taken, any discard chosen), then looked for."""
    state = _ready(game.new_game(3, seed="lq3-old-threat"))
    cid = state.threat
    while state.turn == 1 and not game.is_over(state):
        legal = game.legal_actions(state)
        take = [a for a in legal if isinstance(a, actions.TakeImpact)]
        state = game.apply(state, take[0] if take else legal[0])
    if cid in state.threat_discard:
        where = "discard"
    elif state.threat == cid:
        where = "next"
    elif state.threat_deck and state.threat_deck[0] == cid:
        where = "bottom"
    else:
        where = "shuffled"
    return cid, where, state


def _card_label(cid: int) -> str:
    return f"{cards.card(cid).code} {html.escape(card_name(cards.card(cid)))}"


def l3_old_threat(browser: Any) -> Choice:
    cid, where, state = old_threat()
    return Choice(
        "logiquo3-old-threat",
        _t("old_threat", "question"),
        where,
        options=[(_t("old_threat", w_), w_) for w_ in WHERE],
        explanation=_t(
            "old_threat",
            "explain",
            threat=_card_label(cid),
            new=_card_label(state.threat) if state.threat is not None else "—",
        ),
        on_explain=lambda: _show_card(browser, cid),
        hint=ladder(_t, "old_threat"),
    )


def l3_after(browser: Any) -> w.VBox:
    """Step 2, after the reaction (§Struttura.4–6, §Scarto): what an unstopped threat takes
    from the table, who draws back after a gift, where the old threat goes."""
    return stack(l3_struck(browser), l3_restore_why(browser), l3_old_threat(browser))


# ---------------------------------------------------------------------- predict the ending
LENGTHS = ("shorter", "same", "longer")


def deck_out_length(seed: int) -> str:
    """The deck-out game against the usual one at ``seed``: fewer, as many or more turns."""
    deck, usual = bots_game(seed, "deck_out").turn, bots_game(seed, "first_zero").turn
    return "longer" if deck > usual else "shorter" if deck < usual else "same"


def l3_predict_end(view: Any) -> PredictChoice:
    """Predict, then see: does playing on to the end of the deck make the same deal longer?
    The deck-out table stays hidden until the prediction."""
    seed = view.seed.value

    def show() -> None:
        view.seed.value = seed
        view.ending.value = "deck_out"

    return PredictChoice(
        "logiquo3-predict-end",
        _t("predict_end", "question", seed=seed, usual=bots_game(seed, "first_zero").turn),
        lambda: deck_out_length(seed),
        options=[(_t("predict_end", x), x) for x in LENGTHS],
        reveals=view.result,
        inside=view,
        explanation=lambda _a: _t(
            "predict_end",
            "explain",
            seed=seed,
            usual=bots_game(seed, "first_zero").turn,
            deck=bots_game(seed, "deck_out").turn,
        ),
        on_explain=show,
    )


# the steps of the lesson, as the notebook calls them
table = l3_step1
effects = l3_after
winner = l3_step2
ending = l3_step3
score = lesson_score
