"""The turn: §Struttura.1-6 (threat, reaction, collaboration, effects, draw, passing),
§Anomalie, §Carte Controllo, §Carte speciali di Controllo and §Regole Speciali."""

from __future__ import annotations

import pytest

import gamelib.logiquo as L
from gamelib.core import IllegalAction
from gamelib.logiquo.actions import (
    AcceptOffer,
    ChooseDiscard,
    DeclineOffer,
    EndCollaboration,
    Neutralise,
    OfferCard,
    OfferTrade,
    PassWindow,
    PlayPentaqo,
    RequestHelp,
    TakeImpact,
)
from gamelib.logiquo.cards import card
from tests.logiquo.helpers import c


def cs(*codes: str) -> tuple[int, ...]:
    return tuple(sorted(c(x) for x in codes))


def kinds(ids):
    return sorted(card(i).code for i in ids)


def illegal(s, action, rule, code, **values):
    """``action`` is refused under ``rule`` with ``code`` and exactly ``values``; ``s`` is
    unchanged."""
    before = L.to_json(s)
    with pytest.raises(IllegalAction) as err:
        L.apply(s, action)
    assert err.value.rule == rule, err.value
    assert (err.value.code, err.value.values) == (code, values), err.value
    assert L.to_json(s) == before
    return err.value


# --- §Struttura.2 reaction, §Carte Controllo ------------------------------------------------


def test_struttura_2_a_countermeasure_listing_the_threat_neutralises_it(position):
    s = position(
        3, threat="T03", hands={0: ["C02", "C20"]}, threat_top=["T17"], control_top=["C40"]
    )
    assert Neutralise(cs("C02")) in L.legal_actions(s)
    s2 = L.apply(s, Neutralise(cs("C02")))
    assert c("C02") in s2.control_discard
    assert kinds(s2.hands[0]) == ["C20", "C40"]  # §Struttura.5: restored at once
    assert c("T03") in s2.threat_discard  # §Scarto: the old threat leaves the table
    assert s2.active == 1 and s2.threat == c("T17")  # §Struttura.6: clockwise, new draw
    assert s2.stats["neutralised"][0] == 1


def test_carte_controllo_a_card_not_listing_the_threat_cannot_neutralise_it(position):
    s = position(3, threat="T03", hands={0: ["C02", "C20"]})
    assert Neutralise(cs("C20")) not in L.legal_actions(s)
    illegal(
        s,
        Neutralise(cs("C20")),
        "§Carte Controllo",
        "neutralise.does_not_mitigate",
        card=c("C20"),
        threat=s.threat,
    )


def test_struttura_2_cards_must_be_in_the_active_hand_and_played_once(position):
    s = position(3, threat="T03", hands={0: ["C02"], 1: ["C18"]})
    illegal(s, Neutralise(cs("C18")), "§Struttura.2", "cards.not_in_hand", player=0, card=c("C18"))
    illegal(s, Neutralise((c("C02"), c("C02"))), "§Struttura.2", "cards.twice")


def test_struttura_2_neutralising_happens_only_in_the_reaction_phase(position):
    s = position(3, threat="T03", hands={0: ["C02"]})
    s = L.apply(s, RequestHelp())
    illegal(s, Neutralise(cs("C02")), "§Struttura.2", "phase.neutralise", phase="collab")


def test_struttura_2_the_active_player_may_choose_to_suffer_instead(position):
    """Decision (§Consigli strategici): keeping a key card is allowed."""
    s = position(3, threat="T03", hands={0: ["C02"]})
    assert TakeImpact() in L.legal_actions(s)
    s2 = L.apply(s, TakeImpact())
    assert len(s2.data[0]) == 2 and c("C02") in s2.hands[0]


# --- §Regole Speciali and §Carte speciali di Controllo --------------------------------------


def test_regole_speciali_two_controls_are_required(position):
    s = position(3, threat="T09", hands={0: ["C14", "C15", "C01"]}, control_top=["C40", "C41"])
    illegal(s, Neutralise(cs("C14")), "§Regole Speciali", "neutralise.together", need=2)
    assert [a for a in L.legal_actions(s) if isinstance(a, Neutralise)] == [
        Neutralise(cs("C14", "C15"))
    ]
    s2 = L.apply(s, Neutralise(cs("C14", "C15")))
    assert kinds(s2.hands[0]) == ["C01", "C40", "C41"]  # both used cards restored


def test_regole_speciali_logiquo_counts_as_one_of_two_controls(position):
    s = position(3, threat="T09", hands={0: ["C14", "L1"]})
    s2 = L.apply(s, Neutralise(cs("C14", "L1")))
    assert s2.stats["logiquo"][0] == 1


def test_carte_speciali_logiquo_alone_neutralises_almost_every_threat(position):
    for threat in ("T01", "T11", "T25", "T52"):
        s = position(3, threat=threat, hands={0: ["L2", "C20"]})
        assert Neutralise(cs("L2")) in L.legal_actions(s)
        assert L.apply(s, Neutralise(cs("L2"))).stats["neutralised"][0] == 1


def test_regole_speciali_logiquo_forbidden_by_the_threat(position):
    s = position(3, threat="T10", hands={0: ["L1"]})
    assert not [a for a in L.legal_actions(s) if isinstance(a, Neutralise)]
    illegal(s, Neutralise(cs("L1")), "§Regole Speciali", "neutralise.no_logiquo", threat=s.threat)


def test_regole_speciali_collaboration_forbidden_by_the_threat(position):
    s = position(3, threat="T14", hands={0: ["C01"]})
    assert RequestHelp() not in L.legal_actions(s)
    illegal(s, RequestHelp(), "§Regole Speciali", "help.forbidden_by_threat", threat=s.threat)


def test_regole_speciali_pentaqo_forbidden_by_the_threat(position):
    s = position(3, threat="T06", hands={0: ["P1"]})
    assert PlayPentaqo(c("P1")) not in L.legal_actions(s)
    illegal(s, PlayPentaqo(c("P1")), "§Regole Speciali", "pentaqo.forbidden", threat=s.threat)


def test_regole_speciali_no_pentaqo_window_for_a_threat_that_forbids_it(position):
    s = position(3, threat="T03", hands={0: ["C02"], 2: ["P1"]}, threat_top=["T06"])
    s = L.apply(s, Neutralise(cs("C02")))
    assert s.threat == c("T06") and s.phase == "reaction"


def test_regole_speciali_used_controls_not_restored(position):
    s = position(3, threat="T24", hands={0: ["C12", "C01"]})
    s2 = L.apply(s, Neutralise(cs("C12")))
    assert kinds(s2.hands[0]) == ["C01"]
    assert not [e for e in s2.events if e["type"] == "restore"]


def test_carte_speciali_pentaqo_window_asks_holders_clockwise(position):
    """§Carte speciali di Controllo: Pentaqo "anche quando non si è giocatore attivo"."""
    s = position(
        3,
        threat="T03",
        hands={0: ["C02", "P2"], 2: ["P1"]},
        threat_top=["T11"],
        control_top=["C40", "C41", "C42"],
    )
    s = L.apply(s, Neutralise(cs("C02")))  # player 0 restores C40; player 1 reveals T11
    assert s.active == 1 and s.phase == "window"
    assert s.window == [2, 0] and L.current_player(s) == 2
    assert set(L.legal_actions(s)) == {PassWindow(), PlayPentaqo(c("P1"))}
    s = L.apply(s, PlayPentaqo(c("P1")))
    assert kinds(s.hands[2]) == ["C41", "C42"]  # 2 more control cards
    assert c("P1") in s.control_discard
    assert L.current_player(s) == 0
    s = L.apply(s, PassWindow())
    assert s.phase == "reaction" and L.current_player(s) == 1
    assert s.stats["pentaqo"] == [0, 0, 1]


def test_carte_speciali_pentaqo_without_holders_opens_no_window(position):
    s = position(3, threat="T03", hands={0: ["C02"]}, threat_top=["T11"])
    s = L.apply(s, Neutralise(cs("C02")))
    assert s.phase == "reaction" and L.current_player(s) == 1


def test_carte_speciali_pentaqo_while_answering_an_offer(position):
    s = position(3, threat="T03", hands={0: ["P3"], 1: ["C02"]}, control_top=["C40", "C41"])
    s = L.apply(s, RequestHelp())
    s = L.apply(s, EndCollaboration())
    s = L.apply(s, OfferCard(0, c("C02")))
    assert L.current_player(s) == 0
    assert PlayPentaqo(c("P3")) in L.legal_actions(s)
    s = L.apply(s, PlayPentaqo(c("P3")))
    assert s.phase == "offer" and kinds(s.hands[0]) == ["C40", "C41"]


def test_carte_speciali_pentaqo_must_be_held_and_be_a_pentaqo(position):
    s = position(3, threat="T03", hands={0: ["C02"], 1: ["P1"]})
    illegal(
        s,
        PlayPentaqo(c("P1")),
        "§Carte speciali di Controllo",
        "cards.not_in_hand",
        player=0,
        card=c("P1"),
    )
    illegal(
        s,
        PlayPentaqo(c("C02")),
        "§Carte speciali di Controllo",
        "pentaqo.not_pentaqo",
        card=c("C02"),
    )


# --- §Struttura.3 collaboration ---------------------------------------------------------------


def test_struttura_3_request_help_gives_the_floor_clockwise(position):
    s = position(4, threat="T03", active=1)
    s = L.apply(s, RequestHelp())
    assert s.phase == "collab" and s.collab["floor"] == [1, 2, 3, 0]
    order = []
    while s.phase == "collab":
        order.append(L.current_player(s))
        s = L.apply(s, EndCollaboration())
    assert order == [1, 2, 3, 0]
    assert s.phase == "reaction" and L.current_player(s) == 1


def test_struttura_3_gift_accepted_moves_the_card_and_is_never_restored(position):
    s = position(3, threat="T03", hands={1: ["C02", "C20"]}, control_top=["C40"])
    s = L.apply(s, RequestHelp())
    s = L.apply(s, EndCollaboration())  # the active player's own window
    s = L.apply(s, OfferCard(0, c("C02")))
    assert s.phase == "offer" and L.current_player(s) == 0  # the recipient answers
    s = L.apply(s, AcceptOffer())
    assert kinds(s.hands[0]) == ["C02"] and kinds(s.hands[1]) == ["C20"]
    assert L.current_player(s) == 1
    s = L.apply(s, EndCollaboration())
    s = L.apply(s, EndCollaboration())
    s = L.apply(s, Neutralise(cs("C02")))
    assert kinds(s.hands[0]) == ["C40"]  # the player who used it restores it
    assert kinds(s.hands[1]) == ["C20"]  # §Struttura.5: given away, never restored
    assert s.stats["gifts"][1] == 1


def test_struttura_3_declined_offer_changes_nothing(position):
    s = position(3, threat="T03", hands={1: ["C02"]})
    s = L.apply(L.apply(s, RequestHelp()), EndCollaboration())
    s = L.apply(s, OfferCard(0, c("C02")))
    s = L.apply(s, DeclineOffer())
    assert kinds(s.hands[1]) == ["C02"] and s.hands[0] == []
    assert s.phase == "collab" and L.current_player(s) == 1


def test_struttura_3_trade_control_for_a_control_of_the_recipients_choice(position):
    s = position(3, threat="T03", hands={0: ["C20", "C40"], 1: ["C02"]})
    s = L.apply(L.apply(s, RequestHelp()), EndCollaboration())
    s = L.apply(s, OfferTrade(0, c("C02"), "control"))
    assert set(L.legal_actions(s)) == {
        AcceptOffer(c("C20")),
        AcceptOffer(c("C40")),
        DeclineOffer(),
    }
    illegal(s, AcceptOffer(), "§Struttura.3", "accept.name_a_card")
    s = L.apply(s, AcceptOffer(c("C40")))
    assert kinds(s.hands[0]) == ["C02", "C20"] and kinds(s.hands[1]) == ["C40"]
    assert s.stats["trades"][1] == 1


def test_struttura_3_trade_a_control_card_for_a_data_card(position):
    s = position(3, threat="T03", hands={1: ["C02"]})
    s = L.apply(L.apply(s, RequestHelp()), EndCollaboration())
    s = L.apply(s, OfferTrade(0, c("C02"), "data"))
    s = L.apply(s, AcceptOffer())
    assert [len(d) for d in s.data] == [2, 4, 3]
    assert kinds(s.hands[0]) == ["C02"]


def test_struttura_3_buy_a_control_card_with_a_data_card(position):
    s = position(3, threat="T03", hands={0: [], 1: ["C02", "C20"]})
    s = L.apply(s, RequestHelp())
    s = L.apply(s, OfferTrade(1, None, "control"))
    assert L.current_player(s) == 1
    s = L.apply(s, AcceptOffer(c("C02")))
    assert kinds(s.hands[0]) == ["C02"] and [len(d) for d in s.data] == [2, 4, 3]


def test_struttura_3_nobody_pays_with_their_last_data_card(position):
    s = position(3, threat="T03", hands={0: ["C20"], 1: ["C02"]}, data={0: 1, 1: 1})
    s = L.apply(s, RequestHelp())
    illegal(s, OfferTrade(1, None, "control"), "§Struttura.3", "trade.last_data")
    illegal(s, OfferTrade(1, c("C20"), "data"), "§Struttura.3", "trade.partner_last_data", to=1)
    assert OfferTrade(1, None, "control") not in L.legal_actions(s)


def test_struttura_3_trades_must_move_a_control_card(position):
    s = position(3, threat="T03", hands={0: ["C20"]})
    s = L.apply(s, RequestHelp())
    illegal(s, OfferTrade(1, None, "data"), "§Struttura.3", "trade.data_for_data")
    illegal(s, OfferTrade(1, c("C20"), "money"), "§Struttura.3", "trade.bad_ask")
    illegal(
        s, OfferCard(0, c("C20")), "§Struttura.3", "offer.bad_partner", player=0, to=0
    )  # not to oneself
    illegal(s, OfferCard(5, c("C20")), "§Struttura.3", "offer.bad_partner", player=0, to=5)


def test_struttura_3_offers_per_window_and_rounds_are_limited(position):
    s = position(3, threat="T03", hands={0: ["C20", "C40", "C41"], 1: ["C01"], 2: ["C02"]})
    for _ in range(2):
        s = L.apply(s, RequestHelp())
        s = L.apply(s, OfferCard(1, c("C20") if _ == 0 else c("C40")))
        s = L.apply(s, DeclineOffer())
        s = L.apply(s, OfferCard(2, c("C41")))
        s = L.apply(s, DeclineOffer())
        assert [a for a in L.legal_actions(s) if isinstance(a, (OfferCard, OfferTrade))] == []
        illegal(s, OfferCard(1, c("C41")), "§Struttura.3", "offer.limit", limit=2)
        for _p in range(3):
            s = L.apply(s, EndCollaboration())
    assert s.phase == "reaction" and RequestHelp() not in L.legal_actions(s)
    illegal(s, RequestHelp(), "§Struttura.3", "help.round_limit", limit=2)


def test_anomalie_change_freeze_forbids_collaboration(position):
    s = position(3, threat="T03", hands={0: ["C02"]}, threat_top=["A06", "T11"])
    s = L.apply(s, Neutralise(cs("C02")))
    assert s.active == 1 and c("A06") in s.anomalies and s.threat == c("T11")
    assert RequestHelp() not in L.legal_actions(s)
    illegal(s, RequestHelp(), "§Anomalie", "help.forbidden_by_anomaly")


# --- §Struttura.4 effects ---------------------------------------------------------------------


def test_struttura_4_single_involvement_strikes_only_the_current_player(position):
    s = position(3, threat="T03")
    s = L.apply(s, TakeImpact())
    assert [len(d) for d in s.data] == [2, 3, 3]
    assert len(s.data_discard) == 1  # §Scarto delle carte Dati


def test_struttura_4_multiple_involvement_strikes_every_player(position):
    s = position(3, threat="T09", active=1)
    s = L.apply(s, TakeImpact())
    assert [len(d) for d in s.data] == [2, 2, 2]


def test_struttura_4_discard_of_choice_asks_each_player_in_turn(position):
    s = position(
        3,
        threat="T01",
        hands={0: ["C20", "C40"], 1: ["C41"], 2: ["C42", "C43"]},
        threat_top=["T11"],
    )
    s = L.apply(s, TakeImpact())
    assert s.phase == "discard" and L.current_player(s) == 0
    illegal(s, ChooseDiscard(cs("C20", "C40")), "§Carte Minaccia", "discard.count", n=1)
    s = L.apply(s, ChooseDiscard(cs("C40")))
    # player 1 holds a single card: it goes without asking
    assert L.current_player(s) == 2 and s.hands[1] == []
    s = L.apply(s, ChooseDiscard(cs("C42")))
    assert kinds(s.hands[0]) == ["C20"] and kinds(s.hands[2]) == ["C43"]
    assert s.active == 1 and s.threat == c("T11")


def test_struttura_4_give_a_random_card_to_the_next_player(position):
    s = position(3, threat="T04", hands={0: ["C20", "C40"], 1: ["C41"]})
    s = L.apply(s, TakeImpact())
    assert len(s.hands[0]) == 1 and len(s.hands[1]) == 2
    assert set(s.hands[0] + s.hands[1]) == set(cs("C20", "C40", "C41"))


def test_struttura_4_all_players_pass_a_card_to_the_left_at_once(position):
    s = position(3, threat="T22", hands={0: ["C20"], 1: ["C40"], 2: ["C41"]})
    s = L.apply(s, TakeImpact())
    assert kinds(s.hands[0]) == ["C41"]
    assert kinds(s.hands[1]) == ["C20"]
    assert kinds(s.hands[2]) == ["C40"]


def test_struttura_4_swap_a_random_card_with_the_next_player(position):
    s = position(3, threat="T26", hands={0: ["C20"], 1: ["C40"]})
    s = L.apply(s, TakeImpact())
    assert kinds(s.hands[0]) == ["C40"] and kinds(s.hands[1]) == ["C20"]
    assert len(s.data[0]) == 2


def test_struttura_4_discard_every_control_of_a_category(position):
    s = position(3, threat="T16", hands={0: ["C29", "C30", "C20"]})
    s = L.apply(s, TakeImpact())
    assert kinds(s.hands[0]) == ["C20"] and len(s.data[0]) == 2


# --- §Struttura.5 draw ------------------------------------------------------------------------


def test_struttura_5_lost_cards_are_never_restored(position):
    s = position(3, threat="T13", hands={0: ["C20", "C40", "C41"]})
    s = L.apply(s, TakeImpact())
    assert len(s.hands[0]) == 1
    assert not [e for e in s.events if e["type"] == "restore"]


def test_struttura_5_restore_draws_only_what_the_deck_still_has(position):
    s = position(3, threat="T03", hands={0: ["C02"]})
    s.control_discard = s.control_deck[:]
    s.control_deck = []
    s2 = L.apply(s, Neutralise(cs("C02")))
    assert s2.hands[0] == []  # §Scarto: the discard pile is never drawn again
    assert len(s2.control_discard) == len(s.control_discard) + 1


def test_anomalie_budget_cut_stops_restoring_this_turn(position):
    s = position(3, threat="T03", hands={0: ["C02"], 1: ["C01", "C20"]}, threat_top=["A04", "T01"])
    s = L.apply(s, Neutralise(cs("C02")))
    assert s.phase == "discard" and L.current_player(s) == 1
    s = L.apply(s, ChooseDiscard(cs("C20")))
    assert s.threat == c("T01") and s.phase == "reaction"
    s = L.apply(s, Neutralise(cs("C01")))
    assert s.hands[1] == []


# --- §Struttura.1 threat phase and §Anomalie ------------------------------------------------


def test_struttura_1_anomalies_are_suffered_and_drawing_goes_on_until_a_threat(position):
    s = position(
        3,
        threat="T03",
        hands={0: ["C02"], 1: ["C20", "C40", "C41"]},
        threat_top=["A01", "A11", "T05"],
    )
    s = L.apply(s, Neutralise(cs("C02")))
    assert s.active == 1
    assert kinds(s.anomalies) == ["A01", "A11"] and s.threat == c("T05")
    assert len(s.hands[1]) == 1  # two random discards, one per anomaly
    s = L.apply(s, TakeImpact())  # T05: discard 2 of choice -> the last card goes
    assert {c("A01"), c("A11"), c("T05")} <= set(s.threat_discard)


def test_anomalie_strike_only_the_player_who_draws_them(position):
    s = position(3, threat="T03", hands={0: ["C02"]}, threat_top=["A03", "T11"])
    s = L.apply(s, Neutralise(cs("C02")))
    assert [len(d) for d in s.data] == [3, 2, 3]


def test_anomalie_audit_spares_a_holder_of_a_governance_control(position):
    s = position(3, threat="T03", hands={0: ["C02"], 1: ["C40"]}, threat_top=["A03", "T11"])
    s = L.apply(s, Neutralise(cs("C02")))
    assert [len(d) for d in s.data] == [3, 3, 3]


def test_anomalie_evacuation_drill_needs_one_more_control(position):
    s = position(3, threat="T03", hands={0: ["C02"], 1: ["C14", "C48"]}, threat_top=["A08", "T11"])
    s = L.apply(s, Neutralise(cs("C02")))
    assert L.in_force(s)["controls_required"] == 2
    illegal(s, Neutralise(cs("C14")), "§Regole Speciali", "neutralise.together", need=2)
    s = L.apply(s, Neutralise(cs("C14", "C48")))
    assert s.active == 2


def test_anomalie_vendor_bankruptcy_burns_two_control_cards(position):
    s = position(
        3,
        threat="T03",
        hands={0: ["C02"]},
        threat_top=["A09", "T11"],
        control_top=["C40", "C41", "C42"],
    )
    s = L.apply(s, Neutralise(cs("C02")))  # restores C40, then A09 burns C41 and C42
    assert s.control_discard[-2:] == [c("C41"), c("C42")]


# --- §Struttura.6 and §Fine del Gioco -------------------------------------------------------


def test_fine_del_gioco_first_player_at_zero_data_ends_the_game(position):
    s = position(3, threat="T03", data={0: 1, 1: 2, 2: 3})
    s = L.apply(s, TakeImpact())
    assert L.is_over(s) and s.end_reason == "zero_data"
    assert L.winners(s) == [2] and s.decided_by == "data"
    assert L.current_player(s) is None and L.legal_actions(s) == []
    illegal(s, TakeImpact(), "§Fine del Gioco", "game_over")


def test_fine_del_gioco_ends_when_every_threat_card_is_drawn_and_resolved(position):
    s = position(3, threat="T03", hands={0: ["C02"]}, threat_deck=["A01", "A02"])
    s = L.apply(s, Neutralise(cs("C02")))
    assert L.is_over(s) and s.end_reason == "deck"
    assert len(s.threat_deck) == 2  # anomalies left over are never drawn


def test_fine_del_gioco_deck_out_eliminates_and_play_goes_on(position):
    s = position(3, threat="T03", data={0: 1}, ending="deck_out", threat_top=["T11"])
    s = L.apply(s, TakeImpact())
    assert not L.is_over(s)
    assert s.alive == [False, True, True] and s.active == 1
    s = L.apply(s, TakeImpact())  # player 1 suffers T11
    assert s.active == 2  # §Struttura.6 clockwise
    s = L.apply(s, TakeImpact())
    assert s.active == 1  # player 0 is skipped


def test_fine_del_gioco_deck_out_last_player_standing_wins(position):
    s = position(3, threat="T09", data={0: 1, 1: 1, 2: 2}, ending="deck_out")
    s = L.apply(s, TakeImpact())
    assert L.is_over(s) and s.end_reason == "last_standing"
    assert L.winners(s) == [2] and s.decided_by == "last_standing"


def test_fine_del_gioco_deck_out_everyone_falls_at_once(position):
    s = position(
        2, threat="T09", data={0: 1, 1: 1}, ending="deck_out", hands={0: ["C01"], 1: ["C02", "C03"]}
    )
    s = L.apply(s, TakeImpact())
    assert s.end_reason == "all_eliminated"
    assert L.winners(s) == [1] and s.decided_by == "countermeasures"


def test_fine_del_gioco_deck_out_winner_among_survivors_at_deck_end(position):
    s = position(
        3,
        threat="T03",
        data={0: 1, 1: 2, 2: 2},
        ending="deck_out",
        hands={0: ["C01", "C02", "C03"], 1: ["C04"]},
        threat_deck=["T11"],
    )
    s = L.apply(s, TakeImpact())  # player 0 eliminated
    s = L.apply(s, TakeImpact())  # player 1 loses a Data: 1 left
    assert s.end_reason == "deck" and L.winners(s) == [2]
