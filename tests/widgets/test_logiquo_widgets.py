"""Logiquo lesson widgets in the kernel: controls change figure data in place; the table plays
through its handlers, refuses illegal moves with a notice, saves and loads."""

import pytest

from gamelib.logiquo import cards, coverage


@pytest.fixture(scope="module")
def lab():
    from widgets.logiquo.deck import CoverageLab

    return CoverageLab()


def test_browser_filters_by_kind_and_category_and_shows_the_references():
    from widgets.logiquo.deck import CardBrowser

    b = CardBrowser()
    bars = b.count_fig.data[0]
    threat_counts = bars.y
    assert sum(threat_counts) == 52
    b.kind.value = "countermeasure"
    assert b.count_fig.data[0] is bars and sum(bars.y) == 50 and bars.y != threat_counts
    b.category.value = "awareness"
    assert all(cards.load()[cid].category == "awareness" for _, cid in b.card_pick.options)
    face = b.face.value
    assert "CIS Controls v8" in face and "NIST CSF 2.0" in face and "<i>(" in face
    b.kind.value = "threat"
    b.card_pick.value = cards.threat(9).id
    assert "ATT&amp;CK" in b.face.value and cards.threat(9).attack_id in b.face.value


def test_heatmap_order_changes_the_matrix_in_place(lab):
    hm = lab.heat_fig.data[0]
    by_cat_rows = hm.y
    assert len(hm.y) == 50 and len(hm.x) == 52
    assert sum(map(sum, hm.z)) == sum(coverage.coverage_by_threat().values())
    lab.order.value = "number"
    assert lab.heat_fig.data[0] is hm and hm.y != by_cat_rows and hm.y[0] == "C01"
    assert "C01" in hm.customdata[0][0]
    lab.order.value = "breadth"
    busiest = max(coverage.coverage_by_threat().items(), key=lambda kv: (kv[1], -kv[0]))[0]
    assert hm.x[0] == f"T{busiest:02d}" and sum(hm.z[0]) == max(coverage.matrix().row_sums())


def test_network_highlights_the_controls_of_the_chosen_threat(lab):
    lab.threat_pick.value = "T09"
    marked = lab.net_fig.data[4].text
    expected = {c.code for c in coverage.mitigators(9)}
    assert set(marked) == expected | {"T09"}
    assert sum(1 for v in lab.net_fig.data[1].x if v is None) == len(expected)
    lab.threat_pick.value = ""
    assert len(lab.net_fig.data[1].x) == 0


def test_cover_slider_colours_the_picks_and_reports_coverage(lab):
    lab.budget.value = 3
    colours = lab.cover_fig.data[0].marker.color
    assert list(colours).count("#e74c3c") == 3
    covered = coverage.greedy_cover()[2].covered
    assert f"<b>{covered}</b> of 52" in lab.cover_info.value
    lab.budget.value = 6
    assert lab.cover_fig.data[0].marker.color != colours


def test_depth_counts_follow_the_category(lab):
    all_bars = lab.depth_fig.data[0].y
    assert sum(all_bars) == 52
    lab.depth_cat.value = "malware"
    n = sum(1 for c in cards.by_kind("threat") if c.category == "malware")
    assert sum(lab.depth_fig.data[0].y) == n and lab.depth_fig.data[0].y != all_bars


def test_panels_are_named():
    from widgets.logiquo.deck import CoverageLab

    lab = CoverageLab()
    assert "logiquo-panel-cover" in lab.panel("cover")._dom_classes
    with pytest.raises(ValueError, match="choose one of heatmap, network, cover, depth"):
        lab.panel("nope")


@pytest.fixture
def odds_lab():
    from widgets.logiquo.odds_lab import OddsLab

    return OddsLab()


def test_players_set_the_suggested_hand_and_move_the_marker(odds_lab):
    from gamelib.logiquo import odds

    marker = odds_lab.hand_fig.data[2]
    odds_lab.players.value = 6
    assert odds_lab.hand.value == 3
    assert marker.y[0] == pytest.approx(float(odds.by_player_count()[6]))
    assert "<b>3</b>" in odds_lab.summary.value


def test_category_changes_the_curve_in_place(odds_lab):
    from gamelib.logiquo import odds

    curve = odds_lab.hand_fig.data[0]
    before = curve.y
    bars = odds_lab.cat_fig.data[0].y
    odds_lab.category.value = "malware"
    assert odds_lab.hand_fig.data[0] is curve and curve.y != before
    assert curve.y[5] == pytest.approx(float(odds.p_random_threat(6, "malware")))
    odds_lab.hand.value = 10
    assert odds_lab.cat_fig.data[0].y != bars


def test_chain_sliders_redraw_the_chain_chart(odds_lab):
    from gamelib.logiquo import odds

    before = odds_lab.chain_fig.data[0].y
    odds_lab.threats_left.value = 10
    odds_lab.anomalies_left.value = 8
    assert odds_lab.chain_fig.data[0].y != before
    assert odds_lab.chain_fig.data[1].y[2] == pytest.approx(
        float(odds.p_anomaly_chain(2, 10, 8, at_least=True))
    )


def test_monte_carlo_agrees_with_the_exact_odds(odds_lab):
    odds_lab.mc.trials.value = 1_000
    results = odds_lab.monte_carlo()
    assert len(results) == 8
    assert all(r["estimate"].contains(r["exact"]) for r in results)
    assert len(odds_lab.hand_fig.data[3].x) == 5
    assert "✔" in odds_lab.mc.out.value


@pytest.fixture
def table():
    from widgets.logiquo.table import LogiquoTable

    return LogiquoTable(seats=("human", "cooperative", "cooperative"), seed=1)


def _human_moves(table, n):
    """Click the first action button n times (bots answer in between)."""
    from gamelib import logiquo as game

    for _ in range(n):
        if game.is_over(table.state) or not table.actions.children:
            break
        table.actions.children[0].click()


def test_buttons_are_the_legal_actions_of_the_seat_to_move(table):
    """The buttons are legal actions (those that can change the outcome: table.button_actions,
    tests/widgets/test_logiquo_play.py); only the hand of the seat to move is shown."""
    from gamelib import logiquo as game

    assert table.human_to_move()
    legal = game.legal_actions(table.state)
    assert [b.action for b in table.actions.children] == table.button_actions()
    assert set(table.button_actions()) <= set(legal) and table.actions.children

    p = game.current_player(table.state)
    shown = [b.card for b in table.hand_cards.children]
    assert shown == sorted(table.state.hands[p])


def test_clicking_actions_plays_and_the_log_grows(table):
    start = len(table.session.log)
    _human_moves(table, 6)
    assert len(table.session.log) > start
    assert table.log_view.value.count("<li") == len(table.session.log)


def test_collaboration_offer_is_answered_by_the_recipient(table):
    """§Struttura.3: the human asks for help and the floor, then offers, pass between seats."""
    from gamelib import logiquo as game

    assert table.act(game.RequestHelp())
    s = table.state
    assert s.phase == "collab" and game.current_player(s) == 0  # the floor starts with me
    assert "has the floor" in table.situation.value
    gift = next(a for a in game.legal_actions(s) if isinstance(a, game.OfferCard))
    given = len(s.hands[gift.to])
    assert table.act(gift, auto=False)
    assert table.run_bots() >= 1  # the recipient (a bot) answers
    after = table.state
    assert len(after.hands[gift.to]) == given + 1 and gift.card in after.hands[gift.to]
    assert [b.action for b in table.actions.children] == table.button_actions()


def test_illegal_move_is_explained_and_changes_nothing(table):
    from gamelib import logiquo as game

    before = table.save_text()
    n = len(table.session.log)
    assert not table.act(game.Neutralise((9_999,)))
    assert "lesson-error" in table.notice.value and "§" in table.notice.value
    assert table.save_text() == before and len(table.session.log) == n


@pytest.fixture
def italian():
    from widgets.i18n import set_language

    set_language("it")
    yield
    set_language("en")


def test_an_italian_table_refuses_in_italian_with_card_and_player_names(italian):
    """Issue #12: a refusal is gamelib's code and values, said in the page's language, with
    the card's code and Italian name and the player's name in place of their ids."""
    from gamelib import logiquo as game
    from gamelib.logiquo import cards
    from widgets.logiquo.table import LogiquoTable

    table = LogiquoTable(seats=("human", "cooperative", "cooperative"), seed=1)
    s = table.state
    assert s.phase == "reaction" and game.current_player(s) == 0
    other = next(
        c
        for c in s.hands[1]
        if cards.card(c).text("name", "it") != cards.card(c).text("name", "en")
    )
    before = table.save_text()
    assert not table.act(game.Neutralise((other,)))
    notice = table.notice.value
    it_name, en_name = cards.card(other).text("name", "it"), cards.card(other).text("name", "en")
    assert "Non consentito (§Struttura.2)" in notice and "non è nella mano di" in notice
    assert f"{cards.label(other)} {it_name}" in notice and s.players[0] in notice
    assert en_name not in notice and "not in" not in notice and f" {other} " not in notice
    assert table.save_text() == before


def test_all_bot_table_plays_to_the_end_on_new_game():
    from gamelib import logiquo as game
    from widgets.logiquo.table import LogiquoTable

    t = LogiquoTable(seats=("cooperative", "selfish", "random"), seed=3)
    assert game.is_over(t.state) and len(t.session.log) > 5
    assert "Winner" in t.status.value


def test_strategy_lab_runs_five_games_and_fills_every_chart():
    from widgets.logiquo.strategy import SWEEP_OFFSETS, SWEEP_PLAYERS, StrategyLab

    lab = StrategyLab(games=5, seed=3)
    assert len(lab.turns_fig.data[0].x) == 0  # nothing runs at construction
    traces = [id(tr) for fig in (lab.turns_fig, lab.rate_fig) for tr in fig.data]
    results = lab.run()
    assert {k: len(v) for k, v in results.items()} == {"cooperative": 5, "selfish": 5}
    assert list(lab.turns_fig.data[0].x) == [g.turns for g in results["cooperative"]]
    assert all(0 <= v <= 1 for v in lab.rate_fig.data[0].y)
    assert sum(lab.rate_fig.data[0].y) > 0
    z = lab.sweep_fig.data[0].z
    assert len(z) == len(SWEEP_OFFSETS) and all(len(r) == len(SWEEP_PLAYERS) for r in z)
    assert "5 games per policy" in lab.summary.value
    assert [id(tr) for fig in (lab.turns_fig, lab.rate_fig) for tr in fig.data] == traces


def test_selfish_bots_give_nothing():
    from gamelib.logiquo.simulate import careful_factory, run_games
    from widgets.logiquo.strategy import stopped_share

    games = run_games(3, 3, careful_factory(False), seed=1)
    assert all(sum(g.gifts) == 0 for g in games)
    assert 0 <= stopped_share(games) <= 1


def test_the_shipped_network_layout_is_the_decks_spring_layout():
    """The coverage network draws from network_layout.json (no NumPy under the static site's
    Pyodide, no layout work when the page opens): it must hold every card of the deck at the
    place the seeded spring layout puts it. After a change of links: python -m
    widgets.logiquo.deck."""
    from widgets.logiquo.deck import network_positions, spring_positions

    shipped, computed = network_positions(), spring_positions()
    assert set(shipped) == set(computed)
    assert all(
        abs(shipped[n][0] - x) < 1e-4 and abs(shipped[n][1] - y) < 1e-4
        for n, (x, y) in computed.items()
    )
