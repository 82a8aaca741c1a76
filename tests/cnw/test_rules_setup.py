"""§4 Setup (Preparazione): starting pawns, the deal, objectives, shipments, the opener, the
placement round, the Imprevisti, SLA and OBC tokens."""

import pytest

from gamelib import cnw
from gamelib.cnw.network import CODES
from gamelib.cnw.rules import DECK, OBJECTIVES, SHIPS
from gamelib.cnw.state import NEUTRAL, PLACEMENT, REINFORCE
from tests.cnw.cnw_helpers import refused, started


@pytest.mark.parametrize(("players", "pawns"), [(3, 40), (4, 35), (5, 30), (6, 25)])
def test_s4_step1_starting_pawns_by_player_count(players, pawns):
    """§4 step 1: 40/35/30/25 pawns; board + reserve = that total during and after placement."""
    state = cnw.new_game(players, seed=7)
    for p in range(players):
        on_board = sum(k for o, k in zip(state.owner, state.pawns, strict=True) if o == p)
        assert on_board + state.reserve[p] == pawns
    state = started(players, seed=7)
    assert state.reserve == [0] * players
    for p in range(players):
        assert sum(k for o, k in zip(state.owner, state.pawns, strict=True) if o == p) == pawns


@pytest.mark.parametrize(
    ("players", "counts"),
    [(3, [14, 14, 14]), (4, [11, 11, 10, 10]), (5, [8] * 5), (6, [7] * 6)],
)
def test_s4_step2_gateways_dealt_one_at_a_time(players, counts):
    """§4 step 2: all 42 cards dealt one at a time round the table (seat 0 first), one pawn on
    each gateway received."""
    state = cnw.new_game(players, seed=3)
    assert [state.owner.count(p) for p in range(players)] == counts
    assert all(k == 1 for o, k in zip(state.owner, state.pawns, strict=True) if o >= 0)


def test_s4_step2_five_players_leave_two_neutral_empty_gateways():
    """§4 step 2: with 5 players the 2 cards left over stay aside: neutral and empty (§7.4)."""
    for seed in range(5):
        state = cnw.new_game(5, seed=seed)
        neutral = [i for i, o in enumerate(state.owner) if o == NEUTRAL]
        assert len(neutral) == 2
        assert all(state.pawns[i] == 0 for i in neutral)
    assert NEUTRAL not in cnw.new_game(4, seed=0).owner


def test_s4_step2_deal_depends_on_the_seed():
    """§4 step 2: the deal is shuffled (seeded, reproducible)."""
    a, b, c = (cnw.new_game(4, seed=s) for s in (1, 1, 2))
    assert a.owner == b.owner
    assert a.owner != c.owner


def test_s4_step3_one_secret_objective_each():
    """§4 step 3: one Network Objective each, different cards, seen only by its holder."""
    state = cnw.new_game(6, seed=11)
    assert len(set(state.objectives)) == 6
    assert all(0 <= k < len(OBJECTIVES.cards) for k in state.objectives)
    for p in range(6):
        obs = cnw.observation(state, p)
        assert obs["objective"]["id"] == OBJECTIVES.cards[state.objectives[p]].key
        text = repr(obs)
        for q in range(6):
            if OBJECTIVES.cards[state.objectives[q]].key != obs["objective"]["id"]:
                assert OBJECTIVES.cards[state.objectives[q]].key not in text


def test_s4_step4_two_public_shipments_each():
    """§4 step 4: two Urgent Shipments each, face up: every player sees everyone's."""
    state = cnw.new_game(4, seed=5)
    assert all(len(row) == 2 for row in state.shipments)
    ids = [c for row in state.shipments for c, _ in row]
    assert len(set(ids)) == 8
    for c, d in (x for row in state.shipments for x in row):
        assert d == SHIPS.cards[c].deadline
    obs = cnw.observation(state, 2)
    assert [[s["id"] for s in row] for row in obs["shipments"]] == [
        [c for c, _ in row] for row in state.shipments
    ]


def test_s4_step4_opener_has_the_shortest_deadline_ties_by_second_card_then_seat():
    """§4 step 4: the opener holds the shortest deadline; ties go to the shorter second
    deadline, then to the lower seat (docs/rules/cnw.md)."""
    seen_tie = False
    for seed in range(60):
        state = cnw.new_game(4, seed=seed)
        keys = [sorted(d for _, d in row) for row in state.shipments]
        best = min(keys)
        assert keys[state.first] == best
        assert state.first == keys.index(best)
        seen_tie |= keys.count(best) > 1 or sum(k[0] == best[0] for k in keys) > 1
        assert state.current == state.first and state.phase == PLACEMENT
    assert seen_tie


def test_s4_step5_placement_round_one_pawn_at_a_time_clockwise():
    """§4 step 5: from the opener, clockwise, one pawn each on a gateway already yours; players
    with no pawn left are skipped; the pawn is a decision (PlacePawn), not random."""
    state = cnw.new_game(4, seed=2)
    order = []
    while state.phase == PLACEMENT:
        p = state.current
        order.append(p)
        actions = cnw.legal_actions(state)
        assert {a.gateway for a in actions} == {
            CODES[i] for i, o in enumerate(state.owner) if o == p
        }
        before = state.reserve[p]
        state = cnw.apply(state, actions[-1])
        assert state.reserve[p] == before - 1
    first = order[0]
    reserves = cnw.new_game(4, seed=2).reserve
    expected = []
    left = list(reserves)
    p = first
    while any(left):
        if left[p]:
            expected.append(p)
            left[p] -= 1
        p = (p + 1) % 4
    assert order == expected


def test_s4_step5_pawn_only_on_your_own_gateway():
    """§4 step 5: a starting pawn goes on a gateway you already hold."""
    state = cnw.new_game(4, seed=2)
    other = next(CODES[i] for i, o in enumerate(state.owner) if o not in (state.current, NEUTRAL))
    assert refused(state, cnw.PlacePawn(other)) == ("§4", "place.not_yours", {"gateway": other})
    assert refused(state, cnw.PlacePawn("XXX")) == ("§4", "gateway.unknown", {"given": "'XXX'"})


def test_s4_step6_imprevisti_shuffled_into_the_gateway_deck():
    """§4 step 6: the deck holds the 42 gateway cards and the 6 Imprevisti, shuffled."""
    state = cnw.new_game(4, seed=8)
    assert sorted(state.deck) == list(range(48))
    imp = [k for k, c in enumerate(state.deck) if DECK.is_imprevisto(c)]
    assert imp != list(range(42, 48)) and imp != list(range(6))
    assert all(h == [] for h in state.hands)


def test_s4_step7_sla_zero_three_obc_tokens():
    """§4 step 7: SLA track at 0, 3 OBC-in-flight tokens each."""
    state = cnw.new_game(5, seed=1)
    assert state.sla == [0] * 5
    assert state.obc == [3] * 5


def test_s4_play_starts_with_the_openers_briefing_of_turn_1():
    """§4 end: the opener's BRIEFING of turn 1 follows the placement round (deadlines −1, then
    Reinforcements)."""
    fresh = cnw.new_game(4, seed=4)
    state = started(4, seed=4)
    assert state.current == fresh.first and state.round == 1 and state.turn == 1
    assert state.phase == REINFORCE
    before = {c: d for c, d in fresh.shipments[fresh.first]}
    after = {c: d for c, d in state.shipments[fresh.first]}
    for c, d in after.items():
        if c in before:
            assert d == before[c] - 1


@pytest.mark.parametrize("players", [2, 7, 0])
def test_s4_three_to_six_players(players):
    """§1/§4: 3 to 6 players."""
    with pytest.raises(cnw.IllegalAction) as err:
        cnw.new_game(players, seed=1)
    assert err.value.rule == "§4"
    assert (err.value.code, err.value.values) == (
        "players.count",
        {"least": 3, "most": 6, "players": players},
    )


def test_s4_named_players():
    """Players may be given by name (3–6 names)."""
    state = cnw.new_game(["Ada", "Bo", "Cy"], seed=1)
    assert state.names == ["Ada", "Bo", "Cy"] and state.players == 3
