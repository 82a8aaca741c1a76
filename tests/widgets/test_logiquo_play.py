"""The Logiquo table a 14-year-old can play without help (issue #13): offers in one drop-down
filtered to those that serve the threat, "ask for help" only while help can help, Pentaqo
windows asked only when they matter (or answered by a standing choice), a prompt for every
decision, a recap of the threats met, card faces by click and keyboard."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from gamelib import logiquo as game
from gamelib.logiquo.cards import by_code, card
from gamelib.logiquo.helping import help_can_help, useful_offers
from tests.logiquo.conftest import build
from tests.logiquo.test_helping import spares, stoppers
from widgets.logiquo.table import LogiquoTable

SEATS = ("human", "cooperative", "cooperative")


def cid(code: str) -> int:
    return by_code(code).id


def table_at(state: Any, seats: tuple[str, ...] = SEATS) -> LogiquoTable:
    """A table showing a hand-made position (loaded as a save, as a teacher would)."""
    table = LogiquoTable(seats=seats, seed=1)
    assert table.load_text(game.to_json(state)), table.notice.value
    return table


def all_offers(table: LogiquoTable) -> list[Any]:
    """Every offer of the two drop-downs: each card given, then each of its terms."""
    out = []
    for _label, give in table.offer_card.options:
        table.offer_card.value = give
        out.extend(v for _l, v in table.offer_pick.options)
    return out


def test_offers_are_grouped_first_the_card_then_to_whom_and_for_what():
    """The asker's floor: no offer buttons; the trades that can bring a card that stops the
    threat, grouped (issue #26: 16 nearly identical lines in one list): first the card given,
    then to whom and for what, partner by partner; "Offer" plays the one chosen."""
    table = LogiquoTable(seats=SEATS, seed=1)
    assert table.act(game.RequestHelp())
    s = table.state
    assert s.phase == "collab" and game.current_player(s) == 0
    kinds = (game.OfferTrade, game.OfferCard)
    legal_offers = [a for a in game.legal_actions(s) if isinstance(a, kinds)]
    assert not any(isinstance(b.action, kinds) for b in table.actions.children)
    options = all_offers(table)
    assert sorted(options, key=str) == sorted(useful_offers(s), key=str)
    assert 0 < len(options) < len(legal_offers)
    gives = [g for _l, g in table.offer_card.options]
    assert len(gives) == len({a.give for a in options}) < len(options)
    for give in gives:
        table.offer_card.value = give
        terms = [v for _l, v in table.offer_pick.options]
        assert [a.to for a in terms] == sorted(a.to for a in terms)
        assert {a.give for a in terms} == {None if give == -1 else give}
    assert table.offer_box.layout.display != "none"
    assert "Card you give" in table.prompt.value and "Offer" in table.prompt.value
    table.offer_card.value = gives[0]
    chosen = table.offer_pick.options[-1][1]
    table.offer_pick.value = chosen
    n = table.session.index
    table.offer_button.click()
    assert table.session.log[n] == chosen


def test_an_offer_not_chosen_is_said_and_changes_nothing():
    table = LogiquoTable(seats=SEATS, seed=1)
    assert table.act(game.RequestHelp())
    table.offer_pick.options = []
    n = table.session.index
    assert not table.make_offer()
    assert table.session.index == n and "nothing was offered" in table.notice.value


def test_a_helper_is_asked_only_with_a_card_that_stops_the_threat():
    """A bot asks for help: the human holding the floor with nothing that stops the threat is
    passed over (and told so in the recap); with such a card, the drop-down offers it."""
    spare = spares("T17")
    s = build(3, threat="T17", active=1, hands={0: spare[:2], 1: [spare[2]], 2: [spare[3]]})
    s = game.apply(s, game.RequestHelp())
    s = game.apply(s, game.EndCollaboration())  # the floor passes to player 2 (a bot), then 0
    table = table_at(s)
    table.run_bots()
    assert game.EndCollaboration() in table.session.log[: table.session.index]
    assert "The table answered for" in table.recap.value
    stop = stoppers("T17")[0]
    s = build(3, threat="T17", active=1, hands={0: [stop, spare[0]], 1: [spare[2]], 2: []})
    s = game.apply(s, game.RequestHelp())
    s = game.apply(s, game.EndCollaboration())
    s = game.apply(s, game.EndCollaboration())
    table = table_at(s)
    assert table.human_to_move() and table.state.phase == "collab"
    assert {a.card for a in all_offers(table) if isinstance(a, game.OfferCard)} == {cid(stop)}
    assert "needs help" in table.prompt.value


def test_ask_for_help_is_offered_only_while_it_can_help():
    spare = spares("T17")
    s = build(3, threat="T17", hands={0: [spare[0]], 1: [spare[1]], 2: [spare[2]]})
    table = table_at(s)
    assert game.RequestHelp() in [b.action for b in table.actions.children]
    assert "ask the others for help" in table.prompt.value
    # a round in which nobody could give anything: asking again would change nothing
    assert table.act(game.RequestHelp())
    assert table.state.phase == "collab"  # the asker may trade a card it does not need
    assert table.act(game.EndCollaboration())  # it does not; the bots have nothing that counts
    assert table.state.phase == "reaction" and table.state.rounds_used == 1
    assert game.RequestHelp() in game.legal_actions(table.state)
    assert not help_can_help(table.state)
    assert game.RequestHelp() not in [b.action for b in table.actions.children]
    assert "suffer the impacts" in table.prompt.value and "cannot change" in table.prompt.value


def test_the_asker_is_paid_with_a_card_that_stops_the_threat():
    """The human asker pays a Data card for a control card of a bot's choice: the bot pays
    with the card that stops the threat, never another one."""
    stop, spare = stoppers("T17")[0], spares("T17")
    s = build(3, threat="T17", hands={0: [spare[0]], 1: [spare[1], stop], 2: []})
    table = table_at(s)
    assert table.act(game.RequestHelp())
    buy = game.OfferTrade(1, None, "control")
    assert buy in all_offers(table)
    table.offer_card.value = -1  # "one Data card"
    table.offer_pick.value = buy
    table.offer_button.click()
    answer = table.session.log[table.session.log.index(buy) + 1]
    assert answer == game.AcceptOffer(cid(stop))
    assert cid(stop) in table.state.hands[0]


def window_state(threat: str) -> Any:
    """Player 1 (a bot) is active; the human (0) holds a Pentaqo and is asked in the window."""
    s = build(3, threat=threat, active=1, hands={0: ["P1", spares(threat)[0]], 1: [], 2: []})
    s.phase, s.window = "window", [0]
    return s


def test_a_pentaqo_window_that_cannot_matter_is_not_asked():
    table = table_at(window_state("T28"))  # Singolo: the threat strikes the active player only
    table.run_bots()
    assert table.session.log[0] == game.PassWindow()
    assert "The table answered for" in table.recap.value and "Pentaqo" in table.recap.value


def test_a_pentaqo_window_that_matters_is_asked_with_a_prompt():
    table = table_at(window_state("T07"))  # Multiplo: a card at random from every hand
    table.run_bots()
    assert table.human_to_move() and table.state.phase == "window"
    assert "Pentaqo" in table.prompt.value
    assert table.pentaqo_standing.layout.display != "none"
    actions = {type(b.action) for b in table.actions.children}
    assert actions == {game.PassWindow, game.PlayPentaqo}


@pytest.mark.parametrize(("choice", "played"), [("never", game.PassWindow), ("always", None)])
def test_a_standing_choice_answers_the_window(choice: str, played: Any):
    table = table_at(window_state("T07"))
    table.pentaqo_standing.value = choice  # set while asked: it answers at once
    first = table.session.log[0]
    assert first == (game.PlayPentaqo(cid("P1")) if played is None else played())
    # set beforehand: the bots' turns answer the window without stopping
    table2 = LogiquoTable(seats=SEATS, seed=1)
    table2.pentaqo_standing.value = choice
    assert table2.load_text(game.to_json(window_state("T07")))
    table2.run_bots()
    assert table2.session.log[0] == first
    assert "The table answered for" in table2.recap.value


PHASES = {
    "window": lambda: window_state("T07"),
    "reaction": lambda: build(3, threat="T17", hands={0: [stoppers("T17")[0]], 1: ["C01"]}),
    "collab": lambda: game.apply(
        build(3, threat="T17", hands={0: [spares("T17")[0]], 1: [spares("T17")[1]]}),
        game.RequestHelp(),
    ),
    "offer": lambda: game.apply(
        game.apply(
            build(3, threat="T17", active=1, hands={0: [spares("T17")[0]], 1: ["C04"]}),
            game.RequestHelp(),
        ),
        game.OfferTrade(0, cid("C04"), "control"),
    ),
}


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("phase", sorted(PHASES))
def test_every_decision_kind_has_a_prompt(phase: str, language: str):
    from widgets.i18n import set_language

    set_language(language)
    try:
        table = table_at(PHASES[phase]())
        assert table.human_to_move() and table.state.phase == phase
        assert table.prompt.value and "{" not in table.prompt.value
        assert table.actions.children or table.offer_pick.options
    finally:
        set_language("en")


def test_a_discard_by_choice_has_a_prompt():
    s = build(3, threat="T01", hands={0: ["C20", "C21"], 1: ["C22"], 2: []})
    table = table_at(s)
    assert table.act(game.TakeImpact())
    assert table.state.phase == "discard" and table.human_to_move()
    assert "discard 1 control card" in table.prompt.value
    assert all(isinstance(b.action, game.ChooseDiscard) for b in table.actions.children)


def test_the_recap_says_which_threats_hit_whom_and_what_stopped_them():
    table = LogiquoTable(seats=SEATS, seed=1)
    for _ in range(8):
        if table.to_move() is None:
            break
        table.actions.children[-1].click()  # suffer the impacts / keep / decline / end
        if "neutralised" in table.recap.value:
            break
    recap = table.recap.value
    assert "What happened" in recap and "neutralised" in recap
    assert "T" in recap and table.live.value  # announced in the live region


def test_card_details_by_click_and_keyboard():
    """Each card of the hand is a button (reachable by Tab, pressed by Enter): pressing it
    shows its face, pressing it again hides it."""
    table = LogiquoTable(seats=SEATS, seed=1)
    first = table.hand_cards.children[0]
    assert table.card_detail.value == ""
    first.click()
    assert f"<b>{card(first.card).code}</b>" in table.card_detail.value
    assert first.icon == "eye"
    first.click()
    assert table.card_detail.value == "" and first.icon == ""
    green = [b for b in table.hand_cards.children if b.button_style == "success"]
    useful = {c for combo in game.neutralise_options(table.state) for c in combo}
    assert {b.card for b in green} == useful


def test_a_discard_of_two_is_chosen_with_toggles_not_every_pair():
    """T05 makes the active player discard 2 of their cards: one toggle per card (not the 10
    pairs of 5 cards as buttons), the button enabled only while exactly 2 are chosen."""
    hand = spares("T05")[:5]
    table = table_at(build(3, threat="T05", hands={0: hand, 1: ["C22"], 2: []}))
    assert table.act(game.TakeImpact())
    assert table.state.phase == "discard" and table.human_to_move()
    assert not any(isinstance(b.action, game.ChooseDiscard) for b in table.actions.children)
    toggles = table.discard_cards.children
    assert [b.card for b in toggles] == sorted(cid(k) for k in hand)
    assert "choose them below" in table.prompt.value
    assert not table.discard_button.disabled  # the first two are chosen to start with
    toggles[0].value = False
    assert table.discard_button.disabled and "(1 of 2)" in table.discard_button.description
    toggles[4].value = True
    chosen = (toggles[1].card, toggles[4].card)
    assert table.discard_button in [o.control for o in table.offers()]
    n = table.session.index
    table.discard_button.click()
    assert table.session.log[n] == game.ChooseDiscard(tuple(sorted(chosen)))
    assert not set(chosen) & set(table.session.history[n + 1].hands[0])


def test_the_card_offered_shows_its_face_to_the_human_who_answers():
    table = table_at(PHASES["offer"]())
    assert table.human_to_move() and table.state.phase == "offer"
    assert "The card offered to you" in table.card_detail.value
    assert f"<b>{card(cid('C04')).code}</b>" in table.card_detail.value


# ---------------------------------------------------------------------- issue #26
def test_neutralise_is_offered_as_soon_as_the_card_that_stops_the_threat_arrives():
    """The human asks for help and trades a spare card; the bot pays with a card that stops
    the threat: "neutralise" is offered at once, on the human's own floor (it came only after
    "end my part"); pressed, the table closes the round for them, declines the gift a bot
    still offers, and neutralises; the recap tells it, the card it cost included."""
    stop, spare = stoppers("T17"), spares("T17")
    s = build(3, threat="T17", hands={0: [spare[0], spare[1]], 1: [stop[0]], 2: [stop[1]]})
    table = table_at(s)
    assert table.act(game.RequestHelp())
    trade = game.OfferTrade(1, cid(spare[0]), "control")
    table.offer_card.value = cid(spare[0])
    table.offer_pick.value = trade
    table.offer_button.click()
    s = table.state
    assert s.phase == "collab" and game.current_player(s) == 0 and cid(stop[0]) in s.hands[0]
    early = [b.action for b in table.actions.children if isinstance(b.action, game.Neutralise)]
    assert early == [game.Neutralise((cid(stop[0]),))]
    assert "now hold what stops the threat" in table.prompt.value
    n = table.session.index
    table.actions.children[0].click()
    log = table.session.log[n:]
    assert log[0] == game.EndCollaboration() and game.Neutralise((cid(stop[0]),)) in log
    assert game.AcceptOffer() not in log  # bot 3's gift, declined: the threat was covered
    assert table.session.history[n + len(log)].stats["neutralised"][0] == 1
    recap = table.recap.value
    assert "Player 1</b> neutralised T17" in recap and stop[0] in recap
    assert "they chose to neutralise at once" in recap


def test_nobody_is_asked_to_help_with_a_threat_already_covered():
    """A bot asks for help, another bot gives it the card that stops the threat: the human
    holding the floor after them is not asked (the table passes and says why)."""
    stop, spare = stoppers("T17"), spares("T17")
    s = build(3, threat="T17", active=1, hands={0: [stop[0]], 1: [spare[0]], 2: [stop[1]]})
    s = game.apply(s, game.RequestHelp())
    table = table_at(s)
    table.run_bots()
    log = table.session.log[: table.session.index]
    human_floor = log.index(game.AcceptOffer()) + 2  # bot 3 ends its floor, then the human's
    assert log[human_floor] == game.EndCollaboration()
    assert table.session.history[human_floor].collab["floor"][0] == 0
    assert "already holds the cards that neutralise this threat" in table.recap.value
    assert cid(stop[0]) in table.state.hands[0]  # the human kept their card


@pytest.mark.parametrize(
    ("seats", "why"),
    [
        (("human", "cooperative", "cooperative"), "it holds no control card that neutralises T17"),
        (("human", "selfish", "selfish"), "a selfish bot gives a card only for one worth more"),
    ],
)
def test_a_bot_that_declines_a_trade_says_why(seats: tuple[str, ...], why: str):
    stop, spare = stoppers("T17"), spares("T17")
    bot_hand = [spare[2]] if seats[1] == "cooperative" else [stop[0], spare[2]]
    s = build(3, threat="T17", hands={0: [spare[0], spare[1]], 1: bot_hand, 2: []})
    table = table_at(s, seats)
    assert table.act(game.RequestHelp())
    trade = game.OfferTrade(1, cid(spare[0]), "control")
    table.offer_card.value = cid(spare[0])
    table.offer_pick.value = trade
    n = table.session.index
    table.offer_button.click()
    assert table.session.log[n + 1] == game.DeclineOffer()
    assert why in table.recap.value  # the recap says it
    assert why in table.log_view.value  # and the log, from the same state


def test_counts_agree_with_their_nouns_in_both_languages():
    from widgets.i18n import set_language
    from widgets.kit.table import plain_text

    s = game.apply(
        build(3, threat="T17", active=1, hands={0: [stoppers("T17")[0]], 1: ["C01"]}),
        game.RequestHelp(),
    )
    s = game.apply(s, game.EndCollaboration())
    s = game.apply(s, game.EndCollaboration())
    s.collab["offers_left"] = 1
    for language, said in (("en", "1 more offer:"), ("it", "ancora 1 offerta:")):
        set_language(language)
        try:
            table = table_at(s)
            assert said in plain_text(table.situation.value), table.situation.value
            table.state.threat_deck[:] = table.state.threat_deck[:1]
            table.refresh()
            one = {"en": "<b>1</b> card ·", "it": "<b>1</b> carta ·"}[language]
            assert one in table.piles.value, table.piles.value
        finally:
            set_language("en")


def test_every_refusal_of_a_bot_says_a_reason_that_holds():
    """Whole bot games: every offer a bot declined is logged with a reason, and the reason
    "holds no card that neutralises" is true of that bot's hand at that moment."""
    from gamelib.logiquo.helping import stops_threat

    seen = Counter()
    for seed in range(1, 7):
        table = LogiquoTable(seats=("cooperative", "selfish", "random", "cooperative"), seed=seed)
        hist, log = table.session.history, table.session.log
        for i, action in enumerate(log):
            if not isinstance(action, game.DeclineOffer):
                continue
            before = hist[i]
            line = table.log_line(before, action, hist[i + 1])
            why = line.rsplit(" (", 1)[-1]
            assert line.endswith(")") and len(why) > 10, line
            seen[why.split(" ")[0]] += 1
            if "holds no control card" in why:
                q = before.offer["to"]
                assert not any(stops_threat(before, c) for c in before.hands[q]), line
    assert sum(seen.values()) >= 5, seen


def test_a_neutralise_the_rules_refuse_changes_nothing_and_says_why():
    """During the collaboration, a neutralise with a card not in the hand (a stale button, a
    hand-made call) is refused with the rule's words and § and nothing changes."""
    table = LogiquoTable(seats=SEATS, seed=1)
    assert table.act(game.RequestHelp())
    n, state = table.session.index, table.state
    assert not table.act(game.Neutralise((cid("C01"),)))
    assert table.session.index == n and table.state is state
    assert "Not allowed (§Struttura.2)" in table.notice.value
    assert table._pending is None
