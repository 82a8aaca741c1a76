"""One or more tests per rule, each naming its rulebook section (see docs/rules/rails.md)."""

import json
from collections import Counter

import pytest

from gamelib import rails
from gamelib.core import IllegalAction
from gamelib.rails.actions import (
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
)
from gamelib.rails.board import load
from gamelib.rails.cards import COLORS, INDEX, LOCO
from tests.rails.rails_helpers import (
    arrange,
    clone,
    route_id,
    set_face_up,
    set_hand,
    stack_deck,
    started,
    total_cards,
)

BOARD = load()

RED_3 = ("Salt Lake City", "Denver", "red")  # a 3-train red route (one of a double)


def rejected(state, action, rule, code=None, **values):
    """Apply must raise IllegalAction citing ``rule`` and leave the state as it was; given a
    ``code``, the refusal is that code with exactly ``values``."""
    before = rails.to_json(state)
    with pytest.raises(IllegalAction) as err:
        rails.apply(state, action)
    assert err.value.rule == rule, err.value
    if code is not None:
        assert (err.value.code, err.value.values) == (code, values)
    assert rails.to_json(state) == before
    assert action not in rails.legal_actions(state)
    return err.value


# --------------------------------------------------------------------------------------------
# §Contenuto, §Preparazione


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_preparazione_deal(players):
    """§Preparazione: 45 trains, 4 train cards each, 5 face up, 3 tickets offered each."""
    s = rails.new_game(players, seed=players)
    assert s.trains == [45] * players
    assert [sum(h) for h in s.hands] == [4] * players
    assert all(c >= 0 for c in s.face_up) and len(s.face_up) == 5
    assert [len(o) for o in s.offers] == [3] * players
    assert s.tickets == [[] for _ in range(players)]
    assert len(s.ticket_deck) == 30 - 3 * players
    assert total_cards(s) == 110
    assert s.phase == "setup" and rails.current_player(s) == 0


@pytest.mark.parametrize("players", [1, 6, ["Ada"], True, None, 3.5])
def test_contenuto_two_to_five_players(players):
    """§Contenuto: trains in 5 colours, so 2 to 5 players, given as a count or as names."""
    with pytest.raises(IllegalAction) as err:
        rails.new_game(players, seed=1)
    assert err.value.rule == "§Contenuto"
    assert rails.new_game(("Ada", "Bo"), seed=1).names == ["Ada", "Bo"]


def test_preparazione_each_player_chooses_tickets_in_turn_before_the_first_turn():
    """§Preparazione: each player secretly keeps 2 or 3 of their 3 tickets, one after the other;
    then the first player starts (§Iniziare il gioco)."""
    s = rails.new_game(3, seed=5)
    for p in range(3):
        assert s.phase == "setup" and rails.current_player(s) == p
        offer = sorted(s.offers[p])
        assert rails.legal_actions(s) == [
            KeepTickets(tuple(offer)),
            KeepTickets((offer[0], offer[1])),
            KeepTickets((offer[0], offer[2])),
            KeepTickets((offer[1], offer[2])),
        ]
        s = rails.apply(s, KeepTickets((offer[0], offer[2])))
        assert s.tickets[p] == [offer[0], offer[2]]
        assert s.ticket_deck[0] == offer[1]  # given back: under the deck
    assert s.phase == "turn" and rails.current_player(s) == 0 and s.turn == 0


def test_preparazione_at_most_one_ticket_given_back():
    """§Preparazione: a player may give back one ticket, not two."""
    s = rails.new_game(2, seed=3)
    offer = sorted(s.offers[0])
    rejected(s, KeepTickets((offer[0],)), "§Preparazione", "tickets.too_few", least=2, dealt=3)
    rejected(s, KeepTickets(()), "§Preparazione", "tickets.too_few", least=2, dealt=3)


def test_preparazione_only_offered_tickets_can_be_kept():
    s = rails.new_game(2, seed=3)
    offer = sorted(s.offers[0])
    other = next(t for t in range(30) if t not in offer)
    rejected(s, KeepTickets((offer[0], other) if offer[0] < other else (other, offer[0])),
             "§Preparazione", "tickets.not_offered", tickets=(other,),
             offer=tuple(offer))  # fmt: skip
    rejected(s, KeepTickets((offer[1], offer[0])), "§Preparazione", "tickets.order")
    rejected(s, KeepTickets((offer[0], offer[0])), "§Preparazione", "tickets.order")


def test_preparazione_no_other_action_before_tickets_are_chosen():
    s = rails.new_game(2, seed=3)
    for action in (DrawDeck(), DrawTickets(), ClaimRoute(0, "red", 0), DrawFaceUp("red")):
        rejected(s, action, "§Preparazione", "phase.setup_tickets", player=0)


def test_preparazione_no_three_face_up_locomotives_after_dealing():
    """§Carte Locomotiva applies to the first five face-up cards too."""
    for seed in range(300):
        assert rails.new_game(2, seed=seed).face_up.count(LOCO) < 3


# --------------------------------------------------------------------------------------------
# §Iniziare il gioco, §Prendere carte carro, §Carte Locomotiva


def test_iniziare_one_action_then_the_next_player_clockwise():
    """§Iniziare il gioco: one action per turn, clockwise."""
    s = started(3)
    s = set_hand(s, 0, {"red": 3})
    s = rails.apply(s, ClaimRoute(route_id(*RED_3), "red", 0))
    assert rails.current_player(s) == 1 and s.turn == 1
    s = rails.apply(s, DrawTickets())
    assert rails.current_player(s) == 1 and s.phase == "tickets"
    s = rails.apply(s, KeepTickets((sorted(s.offers[1])[0],)))
    assert rails.current_player(s) == 2
    s = rails.apply(s, DrawDeck())
    s = rails.apply(s, DrawDeck())
    assert rails.current_player(s) == 0 and s.turn == 3


def test_iniziare_only_one_action_a_card_draw_cannot_become_a_claim():
    """§Iniziare il gioco: once a player has drawn a first card, the turn is a card draw."""
    s = set_hand(started(2), 0, {"red": 3})
    s1 = rails.apply(s, DrawDeck())
    rejected(s1, ClaimRoute(route_id(*RED_3), "red", 0), "§Iniziare il gioco", "phase.second_card")
    rejected(s1, DrawTickets(), "§Iniziare il gioco", "phase.second_card")
    rejected(s1, Pass(), "§Iniziare il gioco", "phase.second_card")


def test_prendere_carte_two_from_the_deck_is_two_actions_by_the_same_player():
    """§Prendere carte carro: two cards from the deck; the engine asks twice."""
    s = started(2)
    s = stack_deck(s, ["blue", "locomotive"])
    s1 = rails.apply(s, DrawDeck())
    assert rails.current_player(s1) == 0 and s1.phase == "second_draw"
    assert s1.hands[0][INDEX["blue"]] == s.hands[0][INDEX["blue"]] + 1
    s2 = rails.apply(s1, DrawDeck())  # a blind locomotive is fine as the second card
    assert s2.hands[0][LOCO] == s.hands[0][LOCO] + 1
    assert rails.current_player(s2) == 1 and s2.phase == "turn"


def test_prendere_carte_face_up_card_is_replaced_from_the_deck():
    """§Prendere carte carro: every face-up card taken is replaced from the deck."""
    s = started(2)
    s = set_face_up(s, ["red", "blue", "green", "white", "black"])
    s = stack_deck(s, ["yellow", "pink"])
    s1 = rails.apply(s, DrawFaceUp("blue"))
    assert s1.face_up[1] == INDEX["yellow"]
    assert s1.hands[0][INDEX["blue"]] == s.hands[0][INDEX["blue"]] + 1
    s2 = rails.apply(s1, DrawFaceUp("yellow"))  # two face-up cards
    assert s2.face_up[1] == INDEX["pink"] and rails.current_player(s2) == 1


def test_prendere_carte_one_face_up_and_one_from_the_deck():
    s = started(2)
    s = set_face_up(s, ["red", "blue", "green", "white", "black"])
    s1 = rails.apply(s, DrawDeck())
    s2 = rails.apply(s1, DrawFaceUp("red"))
    assert sum(s2.hands[0]) == sum(s.hands[0]) + 2 and rails.current_player(s2) == 1
    s1 = rails.apply(s, DrawFaceUp("red"))
    s2 = rails.apply(s1, DrawDeck())
    assert sum(s2.hands[0]) == sum(s.hands[0]) + 2 and rails.current_player(s2) == 1


def test_prendere_carte_only_shown_colours_can_be_taken():
    s = set_face_up(started(2), ["red", "red", "blue", "blue", "green"])
    shown = ("red", "red", "blue", "blue", "green")
    rejected(
        s,
        DrawFaceUp("black"),
        "§Prendere carte carro",
        "face_up.missing",
        card="black",
        shown=shown,
    )
    rejected(
        s,
        DrawFaceUp("purple"),
        "§Prendere carte carro",
        "face_up.missing",
        card="purple",
        shown=shown,
    )


def test_prendere_carte_empty_deck_is_rebuilt_from_the_shuffled_discards():
    """§Prendere carte carro: an empty deck is replaced by the shuffled discard pile."""
    s = clone(started(2))
    s.discard, s.deck = s.deck, []
    s1 = rails.apply(s, DrawDeck())
    assert s1.discard == [] and len(s1.deck) == len(s.discard) - 1
    assert Counter(s1.deck + [c for c in range(9) for _ in range(s1.hands[0][c])]) == Counter(
        s.discard + [c for c in range(9) for _ in range(s.hands[0][c])]
    )
    assert s1.deck != s.discard[:-1]  # shuffled, not just turned over
    assert total_cards(s1) == 110


def test_prendere_carte_no_hand_limit():
    """§Prendere carte carro: no limit to the number of cards in hand."""
    s = arrange(
        started(2),
        deck=["pink", "black", "black"],
        face_up=["white", "white", "white", "yellow", "yellow"],
        hands={0: {"red": 12, "blue": 12, "green": 12, "locomotive": 10}},
    )
    s = rails.apply(rails.apply(s, DrawDeck()), DrawDeck())
    assert sum(s.hands[0]) == 48


def test_locomotiva_face_up_locomotive_is_both_draws():
    """§Carte Locomotiva: taking a face-up locomotive ends the turn at once."""
    s = set_face_up(started(2), ["locomotive", "red", "blue", "green", "white"])
    s1 = rails.apply(s, DrawFaceUp("locomotive"))
    assert s1.hands[0][LOCO] == s.hands[0][LOCO] + 1
    assert rails.current_player(s1) == 1 and s1.phase == "turn"


def test_locomotiva_face_up_locomotive_cannot_be_the_second_card():
    s = set_face_up(started(2), ["locomotive", "red", "blue", "green", "white"])
    s1 = rails.apply(s, DrawDeck())
    err = rejected(s1, DrawFaceUp("locomotive"), "§Carte Locomotiva")
    assert (err.code, err.values) == ("face_up.locomotive_second", {})
    assert DrawFaceUp("red") in rails.legal_actions(s1)
    assert all(a != DrawFaceUp("locomotive") for a in rails.legal_actions(s1))


def test_locomotiva_replacement_locomotive_cannot_be_taken_as_second_card():
    """§Carte Locomotiva: a locomotive turned up as a replacement is not a second card."""
    s = set_face_up(started(2), ["red", "blue", "green", "white", "black"])
    s = stack_deck(s, ["locomotive"])
    s1 = rails.apply(s, DrawFaceUp("red"))
    assert s1.face_up[0] == LOCO and s1.phase == "second_draw"
    rejected(s1, DrawFaceUp("locomotive"), "§Carte Locomotiva")
    assert set(rails.legal_actions(s1)) == {
        DrawDeck(),
        DrawFaceUp("blue"),
        DrawFaceUp("green"),
        DrawFaceUp("white"),
        DrawFaceUp("black"),
    }


def test_locomotiva_three_face_up_locomotives_are_all_replaced():
    """§Carte Locomotiva: 3 of the 5 face-up cards locomotives: all five are discarded."""
    s = set_face_up(started(2), ["locomotive", "locomotive", "red", "blue", "green"])
    s = stack_deck(s, ["locomotive", "white", "white", "black", "black", "pink"])
    s1 = rails.apply(s, DrawFaceUp("red"))
    assert Counter(s1.discard) == Counter([LOCO, LOCO, LOCO, INDEX["blue"], INDEX["green"]])
    assert [c for c in s1.face_up] == [
        INDEX[c] for c in ["white", "white", "black", "black", "pink"]
    ]
    assert total_cards(s1) == 110


def test_locomotiva_wipe_repeats_while_three_locomotives_show():
    """§Carte Locomotiva: the new five are checked again."""
    s = set_face_up(started(2), ["locomotive", "locomotive", "red", "blue", "green"])
    top = ["locomotive", "locomotive", "locomotive", "locomotive", "white", "black"]
    s = stack_deck(s, [*top, "pink", "pink", "pink"])
    s1 = rails.apply(s, DrawFaceUp("red"))
    # red is replaced by a locomotive: wiped; the next five show 3 locomotives: wiped again
    assert s1.face_up[:3] == [INDEX["pink"]] * 3 and s1.face_up.count(LOCO) < 3
    assert s1.discard.count(LOCO) == 6 and len(s1.discard) == 10


def test_locomotiva_wipe_stops_when_it_cannot_help():
    """§silent:loco-wipe: with too few coloured cards left to show fewer than 3 locomotives,
    the locomotives stay instead of being wiped forever."""
    s = arrange(
        started(2),
        deck=["locomotive", "locomotive", "locomotive"],
        face_up=["locomotive", "locomotive", "red", "blue", "green"],
    )
    assert total_cards(s) == 110
    s1 = rails.apply(s, DrawFaceUp("red"))
    assert s1.face_up == [LOCO, LOCO, LOCO, INDEX["blue"], INDEX["green"]]
    assert s1.deck == [LOCO, LOCO] and s1.discard == []


def test_silent_empty_deck_and_discards_nothing_to_draw():
    """§silent:empty-deck: with no deck and no discards only face-up cards can be taken, and a
    turn whose second card does not exist ends after the first."""
    s = arrange(started(2), deck=[], face_up=["red", None, None, None, None])
    rejected(s, DrawDeck(), "§silent:empty-deck", "deck.empty")
    assert rails.legal_actions(s)[0] == DrawFaceUp("red")
    s1 = rails.apply(s, DrawFaceUp("red"))
    assert rails.current_player(s1) == 1 and s1.face_up == [-1] * 5


def test_silent_empty_face_up_slots_refill_from_the_discards_of_a_claim():
    """§silent:empty-deck: once a claim puts cards on the discard pile, the empty face-up slots
    are filled again (from the reshuffled discards)."""
    rid = route_id(*RED_3)
    s = arrange(started(2), deck=[], face_up=[None] * 5, hands={0: {"red": 3}})
    s1 = rails.apply(s, ClaimRoute(rid, "red", 0))
    assert s1.face_up[:3] == [INDEX["red"]] * 3 and s1.face_up[3:] == [-1, -1]
    assert s1.discard == [] and s1.deck == []


# --------------------------------------------------------------------------------------------
# §Occupare le strade, §Punti


def test_occupare_pays_exactly_the_length_in_the_route_colour():
    """§Occupare le strade: as many cards as spaces, of the route's colour, all at once; the
    cards are discarded, the trains placed, the points scored (§Punti)."""
    rid = route_id(*RED_3)
    s = set_hand(started(2), 0, {"red": 4, "blue": 2})
    s1 = rails.apply(s, ClaimRoute(rid, "red", 0))
    assert s1.owner[rid] == 0 and s1.trains[0] == 42 and s1.route_points[0] == 4
    assert s1.hands[0][INDEX["red"]] == 1 and s1.hands[0][INDEX["blue"]] == 2
    assert s1.discard[-3:] == [INDEX["red"]] * 3
    assert total_cards(s1) == 110


def test_occupare_wrong_colour_or_too_few_cards():
    rid = route_id(*RED_3)
    s = set_hand(started(2), 0, {"red": 2, "blue": 3})
    occupare = "§Occupare le strade"
    rejected(
        s,
        ClaimRoute(rid, "blue", 0),
        occupare,
        "claim.wrong_colour",
        route=rid,
        route_colour="red",
        colour="blue",
    )
    rejected(
        s, ClaimRoute(rid, "red", 0), occupare, "claim.short_of_cards", colour="red", need=3, have=2
    )
    rejected(
        s, ClaimRoute(rid, "red", 1), occupare, "claim.short_of_locomotives", need=1, have=0
    )  # no locomotive held
    rejected(
        s,
        ClaimRoute(rid, "purple", 0),
        occupare,
        "claim.not_a_colour",
        colour="purple",
        colours=COLORS,
    )


def test_occupare_grey_route_any_single_colour():
    """§Occupare le strade: a neutral route takes any colour, as long as all are the same."""
    rid = route_id("Seattle", "Calgary")  # grey, 4
    s = set_hand(started(2), 0, {"blue": 4, "green": 4, "red": 2, "white": 2})
    claims = {a for a in rails.legal_actions(s) if isinstance(a, ClaimRoute) and a.route == rid}
    assert claims == {ClaimRoute(rid, "blue", 0), ClaimRoute(rid, "green", 0)}
    s1 = rails.apply(s, ClaimRoute(rid, "green", 0))
    assert s1.hands[0][INDEX["green"]] == 0 and s1.route_points[0] == 7


def test_occupare_locomotives_are_wild_and_payments_are_enumerated():
    """§Carte Carro / §Occupare le strade: a locomotive replaces any card; legal_actions lists
    each distinct payment (colour and number of locomotives)."""
    rid = route_id(*RED_3)
    s = set_hand(started(2), 0, {"red": 2, "locomotive": 3})
    claims = {a for a in rails.legal_actions(s) if isinstance(a, ClaimRoute) and a.route == rid}
    assert claims == {
        ClaimRoute(rid, "red", 1),
        ClaimRoute(rid, "red", 2),
        ClaimRoute(rid, "locomotive", 3),
    }
    s1 = rails.apply(s, ClaimRoute(rid, "red", 1))
    assert s1.hands[0][INDEX["red"]] == 0 and s1.hands[0][LOCO] == 2
    s2 = rails.apply(s, ClaimRoute(rid, "locomotive", 3))
    assert s2.hands[0][LOCO] == 0 and s2.hands[0][INDEX["red"]] == 2
    occupare = "§Occupare le strade"
    rejected(
        s, ClaimRoute(rid, "red", 3), occupare, "claim.all_locomotives", length=3, colour="red"
    )
    rejected(s, ClaimRoute(rid, "red", 4), occupare, "claim.locomotives", length=3, locomotives=4)
    rejected(s, ClaimRoute(rid, "red", -1), occupare, "claim.locomotives", length=3, locomotives=-1)


def test_occupare_claimed_route_belongs_to_its_owner():
    rid = route_id("Seattle", "Helena")
    s = set_hand(started(2), 0, {"yellow": 6})
    s = set_hand(s, 1, {"yellow": 6})
    s = rails.apply(s, ClaimRoute(rid, "yellow", 0))
    err = rejected(s, ClaimRoute(rid, "yellow", 0), "§Occupare le strade")
    assert (err.code, err.values) == ("route.taken", {"route": rid, "owner": 0})


def test_occupare_one_player_never_takes_both_routes_of_a_double():
    """§Occupare le strade: if two routes join two cities, a player may take only one."""
    r0 = route_id("Portland", "San Francisco", "green")
    r1 = route_id("Portland", "San Francisco", "pink")
    s = started(4)
    s = set_hand(s, 0, {"green": 5, "pink": 5})
    s = rails.apply(s, ClaimRoute(r0, "green", 0))
    for p in (1, 2, 3):  # the others draw
        assert rails.current_player(s) == p
        s = rails.apply(rails.apply(s, DrawDeck()), DrawDeck())
    rejected(s, ClaimRoute(r1, "pink", 0), "§Occupare le strade", "route.twin_yours", route=r1)


def test_occupare_with_four_players_another_player_may_take_the_twin():
    r0 = route_id("Portland", "San Francisco", "green")
    r1 = route_id("Portland", "San Francisco", "pink")
    s = set_hand(started(4), 0, {"green": 5})
    s = set_hand(s, 1, {"pink": 5})
    s = rails.apply(s, ClaimRoute(r0, "green", 0))
    s = rails.apply(s, ClaimRoute(r1, "pink", 0))
    assert s.owner[r0] == 0 and s.owner[r1] == 1


@pytest.mark.parametrize("players", [2, 3])
def test_occupare_two_or_three_players_only_one_route_of_a_double(players):
    """§Occupare le strade: with 2 or 3 players the second route of a double is closed."""
    r0 = route_id("Portland", "San Francisco", "green")
    r1 = route_id("Portland", "San Francisco", "pink")
    s = set_hand(started(players), 0, {"green": 5})
    s = set_hand(s, 1, {"pink": 5})
    s = rails.apply(s, ClaimRoute(r0, "green", 0))
    err = rejected(s, ClaimRoute(r1, "pink", 0), "§Occupare le strade")
    assert (err.code, err.values) == ("route.twin_closed", {"route": r1, "players": players})


def test_occupare_needs_enough_trains():
    rid = route_id("Seattle", "Helena")
    s = clone(set_hand(started(2), 0, {"yellow": 6}))
    s.trains[0] = 5
    rejected(
        s,
        ClaimRoute(rid, "yellow", 0),
        "§Occupare le strade",
        "route.short_of_trains",
        route=rid,
        length=6,
        trains=5,
    )


def test_occupare_no_route_outside_the_board():
    s = set_hand(started(2), 0, {"yellow": 6})
    rejected(s, ClaimRoute(100, "yellow", 0), "§Occupare le strade", "route.unknown", route=100)
    rejected(s, ClaimRoute(-1, "yellow", 0), "§Occupare le strade", "route.unknown", route=-1)


@pytest.mark.parametrize(
    "a,b,color,length,points",
    [
        ("Nashville", "Atlanta", "grey", 1, 1),
        ("Raleigh", "Charleston", "grey", 2, 2),
        ("Helena", "Salt Lake City", "pink", 3, 4),
        ("Helena", "Winnipeg", "blue", 4, 7),
        ("Helena", "Omaha", "red", 5, 10),
        ("Seattle", "Helena", "yellow", 6, 15),
    ],
)
def test_punti_points_for_each_route_length(a, b, color, length, points):
    """§Punti: 1/2/4/7/10/15 points for a route of 1..6 trains, scored when it is claimed."""
    rid = route_id(a, b, color)
    pay = "red" if color == "grey" else color
    s = set_hand(started(2), 0, {pay: length})
    s1 = rails.apply(s, ClaimRoute(rid, pay, 0))
    assert s1.route_points[0] - s.route_points[0] == points
    assert s1.trains[0] == 45 - length


# --------------------------------------------------------------------------------------------
# §Prendere le carte Destinazione


def test_destinazione_draw_three_keep_at_least_one_rest_under_the_deck():
    s = started(2)
    top = s.ticket_deck[-3:][::-1]
    s1 = rails.apply(s, DrawTickets())
    assert sorted(s1.offers[0]) == sorted(top) and s1.phase == "tickets"
    assert rails.current_player(s1) == 0
    assert len(rails.legal_actions(s1)) == 7  # every non-empty subset of 3
    rejected(
        s1, KeepTickets(()), "§Prendere le carte Destinazione", "tickets.too_few", least=1, dealt=3
    )
    rejected(s1, DrawDeck(), "§Prendere le carte Destinazione", "phase.drawn_tickets")
    keep = sorted(top)[1]
    s2 = rails.apply(s1, KeepTickets((keep,)))
    assert s2.tickets[0] == s.tickets[0] + [keep]
    assert s2.ticket_deck[:2] == sorted(t for t in top if t != keep)  # at the bottom
    assert len(s2.ticket_deck) == len(s.ticket_deck) - 1
    assert rails.current_player(s2) == 1


def test_destinazione_fewer_than_three_left_take_the_rest():
    """§Prendere le carte Destinazione: with fewer than 3 tickets left, take those left."""
    s = clone(started(2))
    s.tickets[1] += s.ticket_deck[:-2]
    s.ticket_deck = s.ticket_deck[-2:]
    s1 = rails.apply(s, DrawTickets())
    assert sorted(s1.offers[0]) == sorted(s.ticket_deck) and s1.ticket_deck == []
    assert len(rails.legal_actions(s1)) == 3
    s2 = rails.apply(s1, KeepTickets((min(s1.offers[0]),)))
    assert s2.ticket_deck == [max(s1.offers[0])]


def test_destinazione_empty_ticket_deck_cannot_be_drawn():
    s = clone(started(2))
    s.tickets[1] += s.ticket_deck
    s.ticket_deck = []
    rejected(s, DrawTickets(), "§Prendere le carte Destinazione", "tickets.deck_empty")


def test_destinazione_tickets_are_secret():
    """§Prendere le carte Destinazione: kept tickets are secret; so are offers and hands."""
    s = rails.apply(started(2), DrawTickets())
    obs = rails.observation(s, 1)
    json.dumps(obs)
    assert [t["id"] for t in obs["tickets"]] == s.tickets[1]
    assert obs["offer"] == [] and obs["offer_counts"] == [3, 0]
    assert obs["ticket_counts"] == [len(s.tickets[0]), len(s.tickets[1])]
    assert obs["hand"] == {name: s.hands[1][k] for name, k in INDEX.items()} and obs[
        "hand_sizes"
    ] == [sum(h) for h in s.hands]
    text = json.dumps(obs)
    for tid in s.tickets[0]:
        assert f'"id": {tid},' not in text
    assert "deck" not in obs and obs["deck_size"] == len(s.deck)
    own = rails.observation(s, 0)
    assert sorted(t["id"] for t in own["offer"]) == sorted(s.offers[0])


# --------------------------------------------------------------------------------------------
# §Fine del gioco


def _claim_two(s, player):
    s = set_hand(s, player, {"red": 2})
    return rails.apply(s, ClaimRoute(route_id("Raleigh", "Charleston"), "red", 0))


@pytest.mark.parametrize("players", [2, 3])
def test_fine_last_round_everyone_including_the_trigger_plays_once_more(players):
    """§Fine del gioco: a player ending a turn with 0-2 trains starts the last round: every
    player, that one included, plays one more turn, then the game ends."""
    s = clone(started(players))
    s.trains[0] = 4
    s = _claim_two(s, 0)
    assert s.trains[0] == 2 and s.final_turns == players and s.trigger == 0
    for p in [*range(1, players), 0]:
        assert not rails.is_over(s) and rails.current_player(s) == p
        s = rails.apply(rails.apply(s, DrawDeck()), DrawDeck())
    assert rails.is_over(s) and s.ended_by == "trains"
    assert rails.current_player(s) is None and rails.legal_actions(s) == []
    rejected(s, DrawDeck(), "§Fine del gioco", "game.over")
    assert rails.winners(s)


def test_fine_three_trains_left_is_not_the_end():
    s = clone(started(2))
    s.trains[0] = 5
    s = _claim_two(s, 0)
    assert s.trains[0] == 3 and s.final_turns == -1


def test_fine_last_round_is_triggered_only_once():
    s = clone(started(2))
    s.trains[0] = 4
    s.trains[1] = 4
    s = _claim_two(s, 0)
    s = set_hand(s, 1, {"blue": 2})
    s = rails.apply(s, ClaimRoute(route_id("Atlanta", "Charleston"), "blue", 0))
    assert s.final_turns == 1 and s.trigger == 0
    s = rails.apply(rails.apply(s, DrawDeck()), DrawDeck())
    assert rails.is_over(s)


# --------------------------------------------------------------------------------------------
# §silent:no-move


def test_silent_pass_only_without_any_move_and_all_passing_ends_the_game():
    """§silent:no-move: with nothing to draw, no ticket left and no affordable route, a player
    passes; when every player passes in a row the game ends."""
    s = started(2)
    rejected(s, Pass(), "§silent:no-move", "pass.can_move")
    s = arrange(s, deck=[], face_up=[None] * 5, hands={0: {"red": 2}})
    s.tickets[1] += s.ticket_deck
    s.ticket_deck = []
    s.trains = [1, 0]  # player 0 holds cards but has too few trains for any route of 2
    s.owner = [0 if BOARD.routes[r].length == 1 else -1 for r in range(100)]
    assert rails.legal_actions(s) == [Pass()]
    s1 = rails.apply(s, Pass())
    assert not rails.is_over(s1) and rails.current_player(s1) == 1
    assert rails.legal_actions(s1) == [Pass()]
    s2 = rails.apply(s1, Pass())
    assert rails.is_over(s2) and s2.ended_by == "stalemate"


def test_silent_a_move_resets_the_pass_count():
    """§silent:no-move: only passes in a row end the game; a claim in between resets them."""
    s = arrange(started(2), deck=[], face_up=[None] * 5)  # player 1 holds every card
    s.tickets[1] += s.ticket_deck
    s.ticket_deck = []
    s = rails.apply(s, Pass())
    assert s.passes == 1 and rails.current_player(s) == 1
    pay = next(a for a in rails.legal_actions(s) if isinstance(a, ClaimRoute))
    s = rails.apply(s, pay)
    assert s.passes == 0 and not rails.is_over(s)
    assert any(c >= 0 for c in s.face_up)  # the discarded cards came back face up
    assert Pass() not in rails.legal_actions(s)


# --------------------------------------------------------------------------------------------
# Malformed input


@pytest.mark.parametrize(
    "action",
    [
        "DrawDeck",
        None,
        {"type": "DrawDeck"},
        ClaimRoute("3", "red", 0),
        ClaimRoute(3, 5, 0),
        ClaimRoute(3, "red", "1"),
        ClaimRoute(True, "red", 0),
        DrawFaceUp(3),
    ],
)
def test_actions_malformed_input_is_rejected(action):
    s = started(2)
    before = rails.to_json(s)
    with pytest.raises(IllegalAction):
        rails.apply(s, action)
    assert rails.to_json(s) == before


def test_actions_malformed_keep_tickets():
    s = rails.new_game(2, seed=1)
    with pytest.raises(IllegalAction) as err:
        rails.apply(s, KeepTickets([1, 2]))
    assert err.value.rule == "§actions"
    with pytest.raises(IllegalAction):
        rails.apply(s, KeepTickets(("a", "b")))


def test_actions_codec_round_trip_and_str():
    s = set_hand(started(2), 0, {"red": 3, "locomotive": 1})
    for action in rails.legal_actions(s):
        assert rails.CODEC.from_json(json.loads(json.dumps(rails.CODEC.to_json(action)))) == action
        assert str(action)


def test_locomotiva_wipe_once_a_claim_makes_it_possible():
    """§Carte Locomotiva / §silent:loco-wipe: 3 locomotives left showing because no better
    five existed are wiped as soon as a claim puts enough coloured cards on the discards."""
    s = arrange(
        started(2),
        deck=["locomotive", "locomotive"],
        face_up=["locomotive", "locomotive", "locomotive", "blue", "green"],
        hands={0: {"red": 3}},
    )
    assert rails.legal_actions(s)  # a legal (if unusual) position
    s1 = rails.apply(s, ClaimRoute(route_id(*RED_3), "red", 0))
    assert s1.face_up.count(LOCO) < 3
    assert total_cards(s1) == 110
