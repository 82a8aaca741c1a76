"""Which help can help (gamelib/logiquo/helping.py): §Struttura.3 offers and payments that serve
the threat, asking for help only while it can change the outcome, and Pentaqo windows
(§Carte speciali di Controllo) only when a Pentaqo played now changes what the threat does."""

from __future__ import annotations

import gamelib.logiquo as L
from gamelib.logiquo.actions import (
    AcceptOffer,
    DeclineOffer,
    EndCollaboration,
    OfferCard,
    OfferTrade,
    RequestHelp,
    TakeImpact,
)
from gamelib.logiquo.bots import CarefulBot
from gamelib.logiquo.cards import by_code, by_kind
from gamelib.logiquo.helping import (
    help_can_help,
    useful_offers,
    useful_payments,
    window_matters,
)
from tests.logiquo.helpers import c


def stoppers(threat: str) -> list[str]:
    """The countermeasures that list ``threat`` (read from the data, which may change)."""
    n = by_code(threat).number
    return [k.code for k in by_kind("countermeasure") if n in k.mitigates]


def spares(threat: str) -> list[str]:
    """Countermeasures that do not list ``threat``."""
    n = by_code(threat).number
    return [k.code for k in by_kind("countermeasure") if n not in k.mitigates]


def test_struttura_3_a_helper_offers_only_cards_that_stop_the_threat(position):
    """The helper holds one card that stops T17 and one that does not: its offers name the
    first only, to the active player only, and every one of them is legal."""
    stop, spare = stoppers("T17")[0], spares("T17")[0]
    s = position(3, threat="T17", hands={0: [spares("T17")[1]], 1: [stop, spare]})
    s = L.apply(s, RequestHelp())
    s = L.apply(s, EndCollaboration())  # the asker gives up the floor: player 1 holds it
    offers = useful_offers(s)
    assert offers and all(a in L.legal_actions(s) for a in offers)
    assert {a.to for a in offers} == {0}
    assert {a.card if isinstance(a, OfferCard) else a.give for a in offers} == {c(stop)}
    assert len(L.legal_actions(s)) > len(offers) + 1


def test_struttura_3_the_asker_trades_spare_cards_for_a_control_card(position):
    """The asker keeps what stops the threat (T09 needs two): its offers give a card that does
    not, or a Data card, for a control card of the partner's choice, to each partner holding
    controls."""
    stop, spare = stoppers("T09")[0], spares("T09")[0]
    s = position(3, threat="T09", hands={0: [stop, spare], 1: [spares("T09")[1]], 2: []})
    s = L.apply(s, RequestHelp())
    offers = useful_offers(s)
    assert all(a in L.legal_actions(s) for a in offers)
    assert all(isinstance(a, OfferTrade) and a.ask == "control" and a.to == 1 for a in offers)
    assert {a.give for a in offers} == {None, c(spare)}


def test_struttura_3_a_bot_pays_the_asker_with_a_card_that_stops_the_threat(position):
    """The asker (0) pays a Data card for a control card of 1's choice: 1 pays the card that
    stops T17, never its other one, and with nothing that stops it declines."""
    stop, (mine, other, other2) = stoppers("T17")[0], spares("T17")[:3]
    s = position(3, threat="T17", hands={0: [mine], 1: [stop, other]})
    s = L.apply(s, RequestHelp())
    s = L.apply(s, OfferTrade(1, None, "control"))
    assert useful_payments(s) == [AcceptOffer(c(stop))]
    assert CarefulBot(1).choose(s) == AcceptOffer(c(stop))
    assert CarefulBot(1, cooperative=False).choose(s) == AcceptOffer(c(stop))
    none = position(3, threat="T17", hands={0: [mine], 1: [other, other2]})
    none = L.apply(none, RequestHelp())
    none = L.apply(none, OfferTrade(1, None, "control"))
    assert useful_payments(none) == []
    assert CarefulBot(1).choose(none) == DeclineOffer()


def test_struttura_3_the_asker_pays_with_a_card_it_does_not_need(position):
    (stop, given), spare = stoppers("T17")[:2], spares("T17")[0]
    s = position(3, threat="T17", hands={0: [stop, spare], 1: [given]})
    s = L.apply(s, RequestHelp())
    s = L.apply(s, EndCollaboration())
    s = L.apply(s, OfferTrade(0, c(given), "control"))
    assert useful_payments(s) == [AcceptOffer(c(spare))]
    assert CarefulBot(1).choose(s) == AcceptOffer(c(spare))


def test_struttura_3_help_is_offered_only_while_it_can_help(position):
    a, b, d = spares("T17")[:3]
    # the asker lacks a countermeasure and someone else holds cards: help can help
    s = position(3, threat="T17", hands={0: [a], 1: [b], 2: [d]})
    assert help_can_help(s) and RequestHelp() in L.legal_actions(s)
    # a countermeasure in hand already stops it: no need
    assert not help_can_help(position(3, threat="T17", hands={0: [stoppers("T17")[0]], 1: [b]}))
    # nobody else holds a control card
    assert not help_can_help(position(3, threat="T17", hands={0: [a]}))
    # a round that brought the asker nothing: asking again changes nothing
    s = L.apply(s, RequestHelp())
    for _ in range(3):
        s = L.apply(s, EndCollaboration())
    assert s.phase == "reaction" and RequestHelp() in L.legal_actions(s)
    assert not help_can_help(s)


def test_struttura_3_a_round_that_brought_a_card_may_be_followed_by_another(position):
    """T09 needs two controls: one received in the first round, a second round may bring the
    other."""
    stop, (a, d) = stoppers("T09")[0], spares("T09")[:2]
    s = position(3, threat="T09", hands={0: [a], 1: [stop], 2: [d]})
    s = L.apply(s, RequestHelp())
    s = L.apply(s, EndCollaboration())
    s = L.apply(s, OfferCard(0, c(stop)))
    s = L.apply(s, AcceptOffer())
    for _ in range(2):
        s = L.apply(s, EndCollaboration())
    assert s.phase == "reaction" and s.rounds_used == 1
    assert help_can_help(s)


def test_struttura_3_no_help_once_every_card_that_counts_is_seen(position):
    """Every card that counts against T17 (its countermeasures and the two Logiquo) is in the
    asker's hand or the public discard pile: nobody else can hold one."""
    a, b = spares("T17")[:2]
    s = position(3, threat="T17", hands={0: [a, "L1"], 1: [b]})
    s.control_discard = [c(k) for k in [*stoppers("T17"), "L2"]]
    for k in s.control_discard:
        s.control_deck.remove(k)
    assert not help_can_help(s)
    assert TakeImpact() in L.legal_actions(s)


def test_carte_speciali_a_window_matters_only_if_the_impacts_reach_your_hand(position):
    def window(threat: str):
        s = position(3, threat=threat, hands={0: [spares(threat)[0]], 1: ["P1"]})
        s.phase, s.window = "window", [1]
        assert L.current_player(s) == 1
        return s

    assert window_matters(window("T07"))  # Multiplo, a card at random
    assert not window_matters(window("T28"))  # Singolo: only the active player is struck
    assert not window_matters(window("T01"))  # Multiplo, but you choose what to discard
    assert not window_matters(window("T09"))  # Multiplo, a Data card whatever your hand
